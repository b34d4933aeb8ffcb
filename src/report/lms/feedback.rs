//! One feedback page per student, in Moodle's feedback-file layout
//! (`Full Name_1234567_assignsubmission_file/feedback.html`): zip the folder and upload it
//! with "Upload multiple feedback files in a zip".

use super::phrases::Phrases;
use crate::class::Class;
use crate::class::{ClassReport, PositionInfo, PositionResult, StudentReport, Verdict};
use crate::escape::escape_html as html;
use std::fmt::Write as _;
use std::io;
use std::path::Path;

/// Writes every student's page under `dir`; returns how many were written.
pub(crate) fn write_dir(report: &ClassReport, class: &Class, dir: &Path) -> io::Result<usize> {
    std::fs::create_dir_all(dir)?;
    let mut written = 0;
    for student in &report.students {
        let lms_folder = class
            .students
            .iter()
            .find(|s| s.name == student.student && s.id == student.id)
            .and_then(|s| s.lms_folder.clone());
        // Without Moodle's own folder name, the id keeps two students of one name apart.
        let name = lms_folder.unwrap_or_else(|| match &student.id {
            Some(id) => format!("{}_{id}", student.student),
            None => student.student.clone(),
        });
        let folder = dir.join(folder_name(&name));
        std::fs::create_dir_all(&folder)?;
        std::fs::write(folder.join("feedback.html"), page(report, student))?;
        written += 1;
    }
    Ok(written)
}

/// A name safe as one folder: no separators, no leading dot, not too long.
pub(crate) fn folder_name(name: &str) -> String {
    let cleaned: String = name
        .chars()
        .map(|c| {
            if c == '/' || c == '\\' || c.is_control() {
                '_'
            } else {
                c
            }
        })
        .collect();
    let cleaned = cleaned.trim_start_matches('.');
    let cut = cleaned.char_indices().nth(120).map_or(cleaned.len(), |(i, _)| i);
    match &cleaned[..cut] {
        "" => "student".to_string(),
        name => name.to_string(),
    }
}

/// The position's board as a small grid.
fn board(position: &PositionInfo) -> String {
    let mut text = String::from("<table class=\"board\">");
    for row in &position.board {
        text.push_str("<tr>");
        for cell in row.split_whitespace() {
            let shown = if cell == "-" { "&nbsp;" } else { cell };
            let _ = write!(text, "<td>{shown}</td>");
        }
        text.push_str("</tr>");
    }
    text.push_str("</table>");
    text
}

fn result_block(report: &ClassReport, result: &PositionResult, say: &Phrases) -> String {
    let mut text = String::new();
    let class = if result.verdict.scores() { "ok" } else { "lost" };
    let _ = write!(
        text,
        "<section class=\"{class}\"><h2>{}: {}</h2>",
        html(&result.position),
        say.verdict(result.verdict)
    );
    if let Some(position) = report.position(&result.position) {
        let _ = write!(
            text,
            "{}<p>{}</p>",
            board(position),
            html(&say.to_move(&position.to_move))
        );
    }
    if let Some(answer) = &result.answer {
        let _ = write!(
            text,
            "<p>{}: <code>{}</code></p>",
            say.your_answer(),
            html(answer)
        );
    }
    if !result.verdict.scores() && !result.optimal.is_empty() {
        let _ = write!(
            text,
            "<p>{}: <code>{}</code></p>",
            say.optimal(),
            html(&result.optimal.join(say.or()))
        );
    }
    let translated = say.detail(report, result);
    let detail = translated.clone().unwrap_or_else(|| result.detail.clone());
    if !detail.is_empty() {
        let _ = write!(text, "<p>{}</p>", html(&detail));
    }
    text.push_str(&search_block(result, translated.is_some(), say));
    if let Some(stderr) = &result.stderr {
        if !result.verdict.scores() {
            let _ = write!(text, "<pre>{}</pre>", html(stderr));
        }
    }
    text.push_str("</section>\n");
    text
}

/// The search's verdict where the detail does not say it (a translated detail is the move's
/// alone), in the student's language, and, where the search departs, the student's tree
/// around the first wrong node (α, β and the value there ringed): the figure is the grader's
/// own SVG, drawn from the trace's moves and numbers, nothing the student wrote as text.
fn search_block(result: &PositionResult, translated: bool, say: &Phrases) -> String {
    let Some(search) = &result.search else {
        return String::new();
    };
    let (verdict, departure) = search.said(say.lang);
    let mut text = String::new();
    if translated {
        let _ = write!(
            text,
            "<p class=\"search\">{}: {}</p>",
            say.search(),
            html(verdict)
        );
    }
    if let Some(figure) = search.figure_in(say.lang) {
        let _ = write!(
            text,
            "<figure class=\"search\">{figure}<figcaption>{}</figcaption></figure>",
            html(departure.unwrap_or(verdict))
        );
    }
    text
}

/// The whole page for one student.
pub(crate) fn page(report: &ClassReport, student: &StudentReport) -> String {
    let mut text = String::new();
    let _ = write!(
        text,
        "<!DOCTYPE html>\n<html lang=\"{code}\"><head><meta charset=\"utf-8\"><title>minimax: {name}</title>\n<style>body{{font-family:sans-serif;max-width:48em}} {STYLE}</style></head><body>\n<h1>{name}: {grade}</h1>\n",
        code = Phrases::of(report).code(),
        name = html(&student.student),
        grade = heading_grade(student)
    );
    text.push_str(&body(report, student, Reader::Student));
    let _ = writeln!(
        text,
        "<p><small>{}</small></p></body></html>",
        html(&report.version)
    );
    text
}

/// The grade a heading shows: the rubric's total when the course has one ("6.5 / 8"), else
/// the positions answered optimally ("3 / 4").
pub(crate) fn heading_grade(student: &StudentReport) -> String {
    match &student.rubric {
        Some(rubric) => rubric.fraction().replacen('/', " / ", 1),
        None => format!("{} / {}", student.score, student.max_score),
    }
}

/// The styles of a student's results (the class page uses them too).
pub(crate) const STYLE: &str = ".board td{border:1px solid #888;width:1.6em;height:1.6em;text-align:center;font-family:monospace} .board{border-collapse:collapse} .lost h2{color:#a00} .ok h2{color:#070} pre{background:#f4f4f4;padding:.5em;overflow:auto}";

/// Who reads a student's results: the student sees hidden positions only once the course
/// releases them; the instructor (the class page) always sees every board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Reader {
    Student,
    Instructor,
}

/// A student's results as the page shows them, below its title.
pub(crate) fn body(report: &ClassReport, student: &StudentReport, reader: Reader) -> String {
    let say = Phrases::of(report);
    let withholds = |result: &PositionResult| reader == Reader::Student && report.withholds(result);
    let mut text = String::new();
    let late = super::late_words(student, report.lang);
    if !late.is_empty() {
        let _ = writeln!(text, "<p class=\"late\">{}</p>", html(late.trim()));
    }
    for note in &student.notes {
        let _ = writeln!(text, "<p class=\"note\">{}</p>", html(note));
    }
    // A failed build is the same on every position: its log is shown once.
    let build = student.results.iter().find(|r| r.verdict == Verdict::BuildFailed);
    if let Some(build) = build {
        let _ = writeln!(
            text,
            "<h2>{}</h2><p>{}</p>",
            say.build_failed(),
            html(&build.detail)
        );
        if let Some(log) = &build.stderr {
            let _ = writeln!(text, "<pre>{}</pre>", html(log));
        }
    } else {
        // A hidden position shown to one student is known to the class: counted, not drawn.
        for result in student.results.iter().filter(|r| !withholds(r)) {
            text.push_str(&result_block(report, result, &say));
        }
    }
    if student.results.iter().any(withholds) {
        let _ = writeln!(
            text,
            "<p class=\"withheld\">{}</p>",
            html(&say.tally(report, student))
        );
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folder_names_cannot_leave_the_feedback_folder() {
        assert_eq!(folder_name("../../etc"), "_.._etc");
        assert_eq!(
            folder_name("Ana_12_assignsubmission_file"),
            "Ana_12_assignsubmission_file"
        );
        assert_eq!(folder_name(""), "student");
    }
}
