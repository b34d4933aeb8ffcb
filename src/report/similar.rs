//! `minimax similar`'s report: text for people, JSON and CSV for programs, and an HTML page
//! that shows each reported pair's two sources side by side with the matching fragments marked.

use crate::class::similar::{Pair, Similarity};
use crate::escape::{csv_cell, escape_html, escape_text};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::PathBuf;

/// The formats of `minimax similar`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum SimilarFormat {
    #[default]
    Text,
    Json,
    Csv,
    Html,
}

/// The most pairs the text and the HTML page show (JSON and CSV list every one).
const SHOWN_PAIRS: usize = 50;
/// The most bytes of a file the HTML page shows.
const SHOWN_BYTES: usize = 256 << 10;

/// The report in `format`; `folder` finds a student's folder by name (for the HTML sources).
pub(crate) fn render(
    similarity: &Similarity,
    format: SimilarFormat,
    threshold: f64,
    folder: &dyn Fn(&str) -> Option<PathBuf>,
) -> String {
    match format {
        SimilarFormat::Text => text(similarity, threshold),
        SimilarFormat::Json => {
            let mut text = serde_json::to_string_pretty(similarity).expect("reports always serialise");
            text.push('\n');
            text
        }
        SimilarFormat::Csv => csv(similarity),
        SimilarFormat::Html => html(similarity, threshold, folder),
    }
}

fn places(pair: &Pair) -> String {
    pair.fragments
        .iter()
        .map(|f| {
            format!(
                "{}:{}-{} ~ {}:{}-{}",
                f.a.file, f.a.lines[0], f.a.lines[1], f.b.file, f.b.lines[0], f.b.lines[1]
            )
        })
        .collect::<Vec<_>>()
        .join("; ")
}

fn text(similarity: &Similarity, threshold: f64) -> String {
    let mut out = String::new();
    if similarity.pairs.is_empty() {
        let _ = writeln!(out, "No pair of students at or above similarity {threshold:.2}.");
        return out;
    }
    let _ = writeln!(
        out,
        "{} pair(s) at or above similarity {threshold:.2} (the starter left out), most similar first:",
        similarity.pairs.len()
    );
    for pair in similarity.pairs.iter().take(SHOWN_PAIRS) {
        let _ = writeln!(
            out,
            "  {:>4.0}%  {} ~ {}",
            pair.similarity * 100.0,
            escape_text(&pair.students[0]),
            escape_text(&pair.students[1])
        );
        // The longest stretches first: they are the ones worth opening.
        let mut longest: Vec<_> = pair.fragments.iter().collect();
        longest.sort_by_key(|f| std::cmp::Reverse(f.a.lines[1] - f.a.lines[0]));
        for fragment in longest.into_iter().take(3) {
            let _ = writeln!(
                out,
                "         {} lines {}-{} ~ {} lines {}-{}",
                escape_text(&fragment.a.file),
                fragment.a.lines[0],
                fragment.a.lines[1],
                escape_text(&fragment.b.file),
                fragment.b.lines[0],
                fragment.b.lines[1]
            );
        }
        if pair.fragments.len() > 3 {
            let _ = writeln!(
                out,
                "         and {} shorter fragment(s)",
                pair.fragments.len() - 3
            );
        }
    }
    if similarity.pairs.len() > SHOWN_PAIRS {
        let _ = writeln!(
            out,
            "  … and {} more (--format json lists all)",
            similarity.pairs.len() - SHOWN_PAIRS
        );
    }
    let _ = writeln!(out, "Clusters:");
    for cluster in &similarity.clusters {
        let names: Vec<String> = cluster.iter().map(|n| escape_text(n)).collect();
        let _ = writeln!(out, "  {}", names.join(", "));
    }
    out
}

fn csv(similarity: &Similarity) -> String {
    let mut writer = csv::Writer::from_writer(Vec::new());
    let _ = writer.write_record(["student_a", "student_b", "similarity", "fragments"]);
    for pair in &similarity.pairs {
        // Names and paths are the students': a cell a spreadsheet would run is written as text.
        let _ = writer.write_record(
            [
                pair.students[0].as_str(),
                pair.students[1].as_str(),
                &format!("{:.3}", pair.similarity),
                &places(pair),
            ]
            .map(csv_cell),
        );
    }
    String::from_utf8(writer.into_inner().unwrap_or_default()).unwrap_or_default()
}

const STYLE: &str = "body{font-family:sans-serif;margin:1em}section{margin-bottom:2em}\
.sides{display:grid;grid-template-columns:1fr 1fr;gap:1em}pre{background:#f6f6f6;padding:.5em;overflow:auto;font-size:12px}\
.n{color:#999;user-select:none}.m0{background:#ffe08a}.m1{background:#b5e8b0}.m2{background:#b9d7ff}.m3{background:#f7c1d9}";

fn html(similarity: &Similarity, threshold: f64, folder: &dyn Fn(&str) -> Option<PathBuf>) -> String {
    let mut out = String::new();
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Similar submissions</title><style>{STYLE}</style></head><body>\n<h1>Similar submissions</h1>\n<p>{} pair(s) at or above similarity {threshold:.2}; code also in the starter is not counted.</p>\n",
        similarity.pairs.len()
    );
    if !similarity.clusters.is_empty() {
        out.push_str("<h2>Clusters</h2><ul>\n");
        for cluster in &similarity.clusters {
            let names: Vec<String> = cluster.iter().map(|n| escape_html(n)).collect();
            let _ = writeln!(out, "<li>{}</li>", names.join(", "));
        }
        out.push_str("</ul>\n");
    }
    for pair in similarity.pairs.iter().take(SHOWN_PAIRS) {
        let _ = writeln!(
            out,
            "<section><h2>{:.0}% {} ~ {}</h2><div class=\"sides\">",
            pair.similarity * 100.0,
            escape_html(&pair.students[0]),
            escape_html(&pair.students[1])
        );
        for side in 0..2 {
            let mut marks: BTreeMap<&str, Vec<([u32; 2], usize)>> = BTreeMap::new();
            for (index, fragment) in pair.fragments.iter().enumerate() {
                let place = if side == 0 { &fragment.a } else { &fragment.b };
                marks.entry(&place.file).or_default().push((place.lines, index));
            }
            out.push_str("<div>");
            for (file, ranges) in marks {
                let source = folder(&pair.students[side])
                    .and_then(|dir| std::fs::read(dir.join(file)).ok())
                    .map(|bytes| String::from_utf8_lossy(&bytes[..bytes.len().min(SHOWN_BYTES)]).into_owned())
                    .unwrap_or_default();
                let _ = write!(out, "<h3>{}</h3><pre>", escape_html(file));
                for (number, line) in source.lines().enumerate() {
                    let number = number as u32 + 1;
                    let mark = ranges
                        .iter()
                        .find(|(lines, _)| lines[0] <= number && number <= lines[1]);
                    let _ = match mark {
                        Some((_, index)) => writeln!(
                            out,
                            "<span class=\"n\">{number:>4} </span><span class=\"m{}\">{}</span>",
                            index % 4,
                            escape_html(line)
                        ),
                        None => writeln!(out, "<span class=\"n\">{number:>4} </span>{}", escape_html(line)),
                    };
                }
                out.push_str("</pre>");
            }
            out.push_str("</div>");
        }
        out.push_str("</div></section>\n");
    }
    out.push_str("</body></html>\n");
    out
}
