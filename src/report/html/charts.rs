//! The class page's figures, drawn with the `svg` crate: each an `<svg role="img">` with a
//! `<title>` (its accessible name), axis labels, and every drawn number also carried as a
//! `data-` attribute, so that a script (and the browser test) reads what the figure shows.

use super::words::{fill, Words};
use crate::class::summary::{
    Distribution, MistakeCount, PositionSummary, Similar, Times, VerdictCount, NEAR_LIMIT,
};
use crate::class::Verdict;
use crate::escape::visible;
use svg::node::element::{Anchor, Circle, Group, Line, Rectangle, Text, Title};
use svg::Document;

const WIDTH: f64 = 640.0;
const LEFT: f64 = 48.0;
const RIGHT: f64 = 16.0;
const FONT: &str = "font-family:sans-serif;font-size:12px";

/// Each verdict's colour, as the stacked bars and their legends draw it.
pub(crate) fn colour(verdict: Verdict) -> &'static str {
    match verdict {
        Verdict::Optimal | Verdict::Right => "#2e7d32",
        Verdict::Suboptimal => "#f9a825",
        Verdict::Wrong => "#ef6c00",
        Verdict::Illegal => "#c62828",
        Verdict::Unparseable => "#6a1b9a",
        Verdict::Crashed => "#546e7a",
        Verdict::Timeout => "#1565c0",
        Verdict::BuildFailed => "#212121",
        Verdict::Skipped => "#bdbdbd",
    }
}

/// A figure: the document with its size, role and accessible title.
fn figure(kind: &str, title: &str, height: f64) -> Document {
    Document::new()
        .set("viewBox", (0, 0, WIDTH, height))
        .set("width", WIDTH)
        .set("height", height)
        .set("role", "img")
        .set("aria-label", title)
        .set("class", format!("chart {kind}"))
        .set("style", FONT)
        .add(Title::new(title))
}

fn label(text: impl Into<String>, x: f64, y: f64, anchor: &str) -> Text {
    Text::new(text.into())
        .set("x", x)
        .set("y", y)
        .set("text-anchor", anchor)
}

/// A number without a trailing `.0`, one decimal at most.
pub(crate) fn short(value: f64) -> String {
    let rounded = (value * 10.0).round() / 10.0;
    if rounded.fract() == 0.0 {
        format!("{rounded:.0}")
    } else {
        format!("{rounded:.1}")
    }
}

/// Tick values from 0 to `top` (at least 1): about five, whole numbers.
fn ticks(top: usize) -> Vec<usize> {
    let top = top.max(1);
    let step = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000]
        .into_iter()
        .find(|step| top / step <= 5)
        .unwrap_or(top.div_ceil(5));
    (0..=top.div_ceil(step)).map(|i| i * step).collect()
}

/// The histogram's scales: points across, students up.
struct Plot {
    top: f64,
    height: f64,
    width: f64,
    /// The number of students at the top of the axis.
    y_top: f64,
    /// Slots across: each possible number of points.
    slots: f64,
}

impl Plot {
    fn x(&self, points: f64) -> f64 {
        LEFT + points / self.slots * self.width
    }

    fn y(&self, students: f64) -> f64 {
        self.top + self.height - students / self.y_top * self.height
    }

    fn line(&self, (x1, y1): (f64, f64), (x2, y2): (f64, f64)) -> Line {
        Line::new()
            .set("x1", x1)
            .set("y1", y1)
            .set("x2", x2)
            .set("y2", y2)
    }
}

/// The histogram of points with the mean and the median marked.
pub(crate) fn histogram(distribution: &Distribution, words: &Words) -> String {
    let (height, top, bottom) = (260.0, 34.0, 44.0);
    let most = distribution.bins.iter().map(|b| b.students).max().unwrap_or(0);
    let y_ticks = ticks(most);
    let plot = Plot {
        top,
        height: height - top - bottom,
        width: WIDTH - LEFT - RIGHT,
        y_top: *y_ticks.last().unwrap_or(&1) as f64,
        slots: (distribution.out_of + 1) as f64,
    };
    let title = if distribution.by_rubric {
        words.histogram_rubric
    } else {
        words.histogram
    };
    let doc = figure("histogram", title, height);
    let mut axes = Group::new().set("class", "axes").set("stroke", "#444");
    axes = axes
        .add(plot.line((LEFT, plot.y(0.0)), (LEFT + plot.width, plot.y(0.0))))
        .add(plot.line((LEFT, top), (LEFT, plot.y(0.0))));
    let mut labels = Group::new().set("class", "labels").set("fill", "#333");
    for tick in &y_ticks {
        let at = plot.y(*tick as f64);
        axes = axes.add(plot.line((LEFT - 4.0, at), (LEFT, at)));
        labels = labels.add(label(tick.to_string(), LEFT - 7.0, at + 4.0, "end"));
    }
    let (bars, labels) = bars(&plot, distribution, words, labels);
    let labels = labels
        .add(label(
            words.points,
            LEFT + plot.width / 2.0,
            height - 8.0,
            "middle",
        ))
        .add(
            label(words.students, 12.0, top + plot.height / 2.0, "middle")
                .set("transform", format!("rotate(-90 12 {})", top + plot.height / 2.0)),
        );
    doc.add(axes)
        .add(bars)
        .add(marks(&plot, distribution, words))
        .add(labels)
        .to_string()
}

/// A bar per bin of points, with its name under it and its count over it.
fn bars(plot: &Plot, distribution: &Distribution, words: &Words, mut labels: Group) -> (Group, Group) {
    let mut bars = Group::new().set("class", "bars");
    for bin in &distribution.bins {
        let (left, right) = (plot.x(bin.from as f64), plot.x(bin.to as f64 + 1.0));
        let name = if bin.from == bin.to {
            bin.from.to_string()
        } else {
            format!("{}–{}", bin.from, bin.to)
        };
        let mut bar = Rectangle::new()
            .set("x", left + 1.0)
            .set("y", plot.y(bin.students as f64))
            .set("width", (right - left - 2.0).max(1.0))
            .set("height", plot.y(0.0) - plot.y(bin.students as f64))
            .set("fill", "#5c6bc0")
            .set("data-from", bin.from)
            .set("data-to", bin.to)
            .set("data-students", bin.students);
        bar = bar.add(Title::new(format!(
            "{name} {}: {} {}",
            words.points, bin.students, words.students
        )));
        bars = bars.add(bar);
        labels = labels.add(label(name, (left + right) / 2.0, plot.y(0.0) + 15.0, "middle"));
        if bin.students > 0 {
            labels = labels.add(label(
                bin.students.to_string(),
                (left + right) / 2.0,
                plot.y(bin.students as f64) - 3.0,
                "middle",
            ));
        }
    }
    (bars, labels)
}

/// The mean and the median, as dashed lines across the bars with their values.
fn marks(plot: &Plot, distribution: &Distribution, words: &Words) -> Group {
    let mut marks = Group::new().set("class", "marks");
    for (name, value, colour, dash, row) in [
        (words.mean, distribution.mean, "#c62828", "6 3", 0.0),
        (words.median, distribution.median, "#00838f", "2 2", 1.0),
    ] {
        // A bar of whole points is centred on its point; a rubric's bar holds the totals from
        // its point up to the next, so a total is drawn where it falls.
        let at = plot.x(if distribution.by_rubric {
            value
        } else {
            value + 0.5
        });
        marks = marks
            .add(
                plot.line((at, plot.top - 4.0), (at, plot.y(0.0)))
                    .set("stroke", colour)
                    .set("stroke-width", 2)
                    .set("stroke-dasharray", dash)
                    .set("class", name)
                    .set("data-value", short(value)),
            )
            .add(
                label(
                    format!("{name} {}", short(value)),
                    at + 4.0,
                    12.0 + row * 13.0,
                    "start",
                )
                .set("fill", colour),
            );
    }
    marks
}

/// One position's verdicts as a stacked bar, with its legend.
pub(crate) fn verdict_bar(verdicts: &[VerdictCount], answered: usize, words: &Words, name: &str) -> String {
    let height = 58.0;
    let plot_w = WIDTH - 2.0 * RIGHT;
    let title = format!("{}: {}", words.answers, name);
    let mut doc = figure("verdicts", &title, height);
    let mut bar = Group::new().set("class", "segments");
    let mut legend = Group::new().set("class", "legend").set("fill", "#333");
    let mut at = RIGHT;
    let mut legend_at = RIGHT;
    for count in verdicts {
        let width = count.students as f64 / answered.max(1) as f64 * plot_w;
        let text = format!("{} {}", words.verdict(count.verdict), count.students);
        bar = bar.add(
            Rectangle::new()
                .set("x", at)
                .set("y", 4)
                .set("width", width)
                .set("height", 24)
                .set("fill", colour(count.verdict))
                .set("data-verdict", count.verdict.name())
                .set("data-students", count.students)
                .add(Title::new(text.clone())),
        );
        at += width;
        legend = legend
            .add(
                Rectangle::new()
                    .set("x", legend_at)
                    .set("y", 38)
                    .set("width", 10)
                    .set("height", 10)
                    .set("fill", colour(count.verdict)),
            )
            .add(label(text.clone(), legend_at + 14.0, 47.0, "start"));
        legend_at += 24.0 + 7.0 * text.chars().count() as f64;
    }
    doc = doc.add(bar).add(legend);
    doc.to_string()
}

/// The share of optimal answers per position, hardest first (at most `most` bars).
pub(crate) fn ranked(positions: &[&PositionSummary], words: &Words) -> String {
    let row = 20.0;
    let (top, bottom, left) = (8.0, 36.0, 150.0);
    let height = top + bottom + row * positions.len() as f64;
    let plot_w = WIDTH - left - RIGHT - 40.0;
    let mut doc = figure("ranked", words.share_optimal, height);
    let mut bars = Group::new().set("class", "bars");
    let mut labels = Group::new().set("class", "labels").set("fill", "#333");
    for (index, position) in positions.iter().enumerate() {
        let y = top + row * index as f64;
        let width = position.share * plot_w;
        let percent = format!("{}%", crate::report::percent::percent_text(position.share));
        bars = bars.add(
            Rectangle::new()
                .set("x", left)
                .set("y", y + 3.0)
                .set("width", width)
                .set("height", row - 6.0)
                .set("fill", "#2e7d32")
                .set("data-position", position.position.as_str())
                .set("data-share", format!("{:.4}", position.share))
                .add(Title::new(format!("{}: {percent}", position.position))),
        );
        labels = labels
            .add(label(
                cut(&position.position, 22),
                left - 6.0,
                y + row - 6.0,
                "end",
            ))
            .add(label(percent, left + width + 4.0, y + row - 6.0, "start"));
    }
    let base = top + row * positions.len() as f64;
    let mut axes = Group::new().set("class", "axes").set("stroke", "#444");
    axes = axes.add(
        Line::new()
            .set("x1", left)
            .set("y1", base)
            .set("x2", left + plot_w)
            .set("y2", base),
    );
    for percent in [0, 25, 50, 75, 100] {
        let x = left + f64::from(percent) / 100.0 * plot_w;
        axes = axes.add(
            Line::new()
                .set("x1", x)
                .set("y1", base)
                .set("x2", x)
                .set("y2", base + 4.0),
        );
        labels = labels.add(label(format!("{percent}%"), x, base + 16.0, "middle"));
    }
    labels = labels.add(label(
        fill(words.optimal_answers, "%"),
        left + plot_w / 2.0,
        height - 4.0,
        "middle",
    ));
    doc = doc.add(bars).add(axes).add(labels);
    doc.to_string()
}

/// The mistakes across the class: students per diagnosis, most common first.
pub(crate) fn mistakes(mistakes: &[MistakeCount], students: usize, words: &Words) -> String {
    let row = 22.0;
    let (top, bottom, left) = (8.0, 36.0, 260.0);
    let height = top + bottom + row * mistakes.len() as f64;
    let plot_w = WIDTH - left - RIGHT - 30.0;
    let most = mistakes
        .iter()
        .map(|m| m.students.len())
        .max()
        .unwrap_or(0)
        .max(1);
    let axis = ticks(most.min(students.max(1)));
    let x_top = *axis.last().unwrap_or(&1) as f64;
    let mut doc = figure("mistakes", words.mistakes_chart, height);
    let mut bars = Group::new().set("class", "bars");
    let mut labels = Group::new().set("class", "labels").set("fill", "#333");
    for (index, mistake) in mistakes.iter().enumerate() {
        let y = top + row * index as f64;
        let width = mistake.students.len() as f64 / x_top * plot_w;
        bars = bars.add(
            Rectangle::new()
                .set("x", left)
                .set("y", y + 3.0)
                .set("width", width)
                .set("height", row - 6.0)
                .set("fill", "#ef6c00")
                .set("data-mistake", mistake.mistake.as_str())
                .set("data-students", mistake.students.len())
                .add(Title::new(format!(
                    "{}: {}",
                    words.mistake(&mistake.mistake),
                    mistake.students.len()
                ))),
        );
        labels = labels
            .add(label(
                cut(words.mistake(&mistake.mistake), 42),
                left - 6.0,
                y + row - 7.0,
                "end",
            ))
            .add(label(
                mistake.students.len().to_string(),
                left + width + 4.0,
                y + row - 7.0,
                "start",
            ));
    }
    let base = top + row * mistakes.len() as f64;
    let mut axes = Group::new().set("class", "axes").set("stroke", "#444");
    axes = axes.add(
        Line::new()
            .set("x1", left)
            .set("y1", base)
            .set("x2", left + plot_w)
            .set("y2", base),
    );
    for tick in axis {
        let x = left + tick as f64 / x_top * plot_w;
        axes = axes.add(
            Line::new()
                .set("x1", x)
                .set("y1", base)
                .set("x2", x)
                .set("y2", base + 4.0),
        );
        labels = labels.add(label(tick.to_string(), x, base + 16.0, "middle"));
    }
    labels = labels.add(label(words.students, left + plot_w / 2.0, height - 4.0, "middle"));
    doc = doc.add(bars).add(axes).add(labels);
    doc.to_string()
}

/// One position's run times as dots on a line from 0 to the limit, the limit and the
/// [`NEAR_LIMIT`] mark drawn.
pub(crate) fn times(times: &Times, words: &Words, name: &str) -> String {
    let (height, top) = (70.0, 14.0);
    let plot_w = WIDTH - LEFT - RIGHT - 20.0;
    let end = times.limit.unwrap_or(times.max).max(times.max).max(0.001);
    let x = |seconds: f64| LEFT + seconds / end * plot_w;
    let title = format!("{}: {}", words.times, name);
    let mut doc = figure("times", &title, height);
    let base = top + 24.0;
    let mut axes = Group::new().set("class", "axes").set("stroke", "#444");
    let mut labels = Group::new().set("class", "labels").set("fill", "#333");
    axes = axes.add(
        Line::new()
            .set("x1", LEFT)
            .set("y1", base)
            .set("x2", LEFT + plot_w)
            .set("y2", base),
    );
    for step in 0..=4 {
        let seconds = end * f64::from(step) / 4.0;
        axes = axes.add(
            Line::new()
                .set("x1", x(seconds))
                .set("y1", base)
                .set("x2", x(seconds))
                .set("y2", base + 4.0),
        );
        labels = labels.add(label(short_time(seconds), x(seconds), base + 16.0, "middle"));
    }
    labels = labels.add(label(words.seconds, LEFT + plot_w + 4.0, base + 16.0, "start"));
    if let Some(limit) = times.limit {
        axes = axes
            .add(
                Line::new()
                    .set("x1", x(limit))
                    .set("y1", top - 6.0)
                    .set("x2", x(limit))
                    .set("y2", base)
                    .set("stroke", "#c62828")
                    .set("stroke-width", 2)
                    .set("class", "limit")
                    .set("data-seconds", limit),
            )
            .add(
                Line::new()
                    .set("x1", x(NEAR_LIMIT * limit))
                    .set("y1", top - 6.0)
                    .set("x2", x(NEAR_LIMIT * limit))
                    .set("y2", base)
                    .set("stroke", "#c62828")
                    .set("stroke-dasharray", "3 3"),
            );
        labels = labels.add(
            label(
                format!("{} {}", words.limit, short_time(limit)),
                x(limit) - 4.0,
                top - 6.0 + 10.0,
                "end",
            )
            .set("fill", "#c62828"),
        );
    }
    let mut dots = Group::new()
        .set("class", "dots")
        .set("fill", "#1565c0")
        .set("fill-opacity", 0.5);
    for (index, seconds) in times.seconds.iter().enumerate() {
        // Alternate rows keep equal times from hiding each other completely.
        let y = base - 6.0 - (index % 3) as f64 * 5.0;
        dots = dots.add(
            Circle::new()
                .set("cx", x(*seconds))
                .set("cy", y)
                .set("r", 3)
                .set("data-seconds", format!("{seconds:.3}")),
        );
    }
    doc = doc.add(axes).add(dots).add(labels);
    doc.to_string()
}

/// Clusters drawn, and students per cluster drawn; the lists under the graph name the rest.
const CLUSTERS: usize = 12;
const CLUSTER_SIZE: usize = 12;

/// The clusters of similar students as small graphs side by side: a node per student (a link
/// to their row), an edge per pair, thicker the more alike.
pub(crate) fn clusters(similar: &Similar, row_of: &dyn Fn(&str) -> Option<usize>, words: &Words) -> String {
    let (cell, per_row) = (WIDTH / 3.0, 3usize);
    let shown = &similar.clusters[..similar.clusters.len().min(CLUSTERS)];
    let height = cell * shown.len().div_ceil(per_row).max(1) as f64;
    let mut doc = figure("clusters", words.similar_chart, height);
    for (index, members) in shown.iter().enumerate() {
        let members = &members[..members.len().min(CLUSTER_SIZE)];
        let (cx, cy) = (
            cell * ((index % per_row) as f64 + 0.5),
            cell * ((index / per_row) as f64 + 0.5),
        );
        let radius = if members.len() == 2 {
            cell * 0.25
        } else {
            cell * 0.3
        };
        let place = |at: usize| {
            let angle = std::f64::consts::TAU * at as f64 / members.len() as f64
                - std::f64::consts::FRAC_PI_2 * f64::from(u8::from(members.len() > 2));
            (cx + radius * angle.cos(), cy + radius * angle.sin())
        };
        let mut edges = Group::new().set("class", "edges").set("stroke", "#8e24aa");
        for pair in &similar.pairs {
            let ends = (
                members.iter().position(|m| *m == pair.students[0]),
                members.iter().position(|m| *m == pair.students[1]),
            );
            let (Some(a), Some(b)) = ends else { continue };
            let ((x1, y1), (x2, y2)) = (place(a), place(b));
            let percent = crate::report::percent::percent_text(pair.similarity);
            edges = edges.add(
                Line::new()
                    .set("x1", x1)
                    .set("y1", y1)
                    .set("x2", x2)
                    .set("y2", y2)
                    .set("stroke-width", 1.0 + 6.0 * pair.similarity.clamp(0.0, 1.0))
                    .set(
                        "data-students",
                        format!("{}|{}", visible(&pair.students[0]), visible(&pair.students[1])),
                    )
                    .set("data-similarity", format!("{:.4}", pair.similarity))
                    .add(Title::new(format!(
                        "{} – {}: {percent}%",
                        visible(&pair.students[0]),
                        visible(&pair.students[1])
                    ))),
            );
        }
        let mut nodes = Group::new().set("class", "nodes");
        for (at, name) in members.iter().enumerate() {
            let (x, y) = place(at);
            let node = Group::new()
                .add(
                    Circle::new()
                        .set("cx", x)
                        .set("cy", y)
                        .set("r", 7)
                        .set("fill", "#8e24aa")
                        .set("data-student", visible(name)),
                )
                .add(label(cut(&visible(name), 16), x, y + 20.0, "middle").set("fill", "#333"));
            nodes = match row_of(name) {
                Some(row) => nodes.add(Anchor::new().set("href", format!("#student-{row}")).add(node)),
                None => nodes.add(node),
            };
        }
        doc = doc.add(edges).add(nodes);
    }
    doc.to_string()
}

fn short_time(seconds: f64) -> String {
    if seconds >= 10.0 {
        format!("{seconds:.0}")
    } else {
        format!("{seconds:.2}")
            .trim_end_matches('0')
            .trim_end_matches('.')
            .to_string()
    }
}

/// `text` cut to `most` characters.
fn cut(text: &str, most: usize) -> String {
    if text.chars().count() <= most {
        return text.to_string();
    }
    let kept: String = text.chars().take(most - 1).collect();
    format!("{kept}…")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_are_whole_steps_reaching_the_top() {
        assert_eq!(ticks(0), [0, 1]);
        assert_eq!(ticks(4), [0, 1, 2, 3, 4]);
        assert_eq!(ticks(7), [0, 2, 4, 6, 8]);
        assert_eq!(ticks(120), [0, 25, 50, 75, 100, 125]);
    }
}
