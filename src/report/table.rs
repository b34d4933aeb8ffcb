//! The report for people: a row per student, then what each lost point was about.

//!
//! Everything a student controls (names, answers, output) is shown with control characters
//! escaped, so that one row stays one row and nothing moves the cursor.

use crate::class::{ClassReport, PositionInfo, PositionResult, StudentReport, Verdict};
use crate::escape::{escape_lines, escape_text};
use std::fmt::Write;

/// Lines of program output shown under a lost point; the JSON report has more.
const SHOWN_LINES: usize = 6;
/// Up to this many positions get a named column each; more are shown one character each.
const NAMED_COLUMNS: usize = 8;

pub(crate) fn render(report: &ClassReport) -> String {
    let mut text = String::new();
    header(&mut text, report);
    grid(&mut text, report);
    remarks(&mut text, report);
    lost_points(&mut text, report);
    text
}

/// What the grading was: the sandbox, the layout, the harness, the conventions, the penalty.
fn header(text: &mut String, report: &ClassReport) {
    if let Some(sandbox) = &report.sandbox {
        let _ = writeln!(text, "{}", sandbox.summary());
    }
    if let Some(layout) = report.layout {
        let _ = writeln!(text, "submissions: {}", layout.describe());
    }
    if let Some(harness) = &report.harness {
        let _ = writeln!(text, "harness: {}", escape_text(harness));
    }
    if !report.accept.is_empty() {
        let _ = writeln!(text, "accepted conventions: {}", report.accept.join(", "));
    }
    if let Some(policy) = &report.late_penalty {
        let _ = writeln!(text, "late penalty: {policy}");
    }
    if report.sandbox.is_some() || report.harness.is_some() {
        text.push('\n');
    }
}

/// The positions every student answered, which get a column each (or a mark each, for
/// many): all of them, unless hidden positions are drawn per student (`--per-student`), whose
/// marks go in one column of each student's own instead of a column per distinct position.
fn shared_positions(report: &ClassReport) -> (Vec<&PositionInfo>, bool) {
    let everyones = |position: &PositionInfo| {
        report
            .students
            .iter()
            .all(|s| s.results.iter().any(|r| r.position == position.name))
    };
    let per_student = report.positions.iter().any(|p| p.hidden && !everyones(p));
    let shared = report
        .positions
        .iter()
        .filter(|p| !(per_student && p.hidden))
        .collect();
    (shared, per_student)
}

/// A student's marks on their own hidden positions, in their order (`++-`).
fn own_marks(report: &ClassReport, student: &StudentReport) -> String {
    student
        .results
        .iter()
        .filter(|r| report.position(&r.position).is_some_and(|p| p.hidden))
        .map(|r| r.verdict.mark())
        .collect()
}

/// The width of the `own` column: its title, or the longest student's marks.
fn own_width(report: &ClassReport) -> usize {
    report
        .students
        .iter()
        .map(|s| own_marks(report, s).chars().count())
        .max()
        .unwrap_or(0)
        .max("own".len())
}

/// A row per student: a column per position (or a mark each, for many), each student's own
/// hidden positions when sets are per student, the score, lateness.
fn grid(text: &mut String, report: &ClassReport) {
    let (positions, per_student) = shared_positions(report);
    let named = positions.len() <= NAMED_COLUMNS;
    let student_width = report
        .students
        .iter()
        .map(|s| escape_text(&s.student).chars().count())
        .max()
        .unwrap_or(0)
        .max(7);
    // Each column is as wide as its name or its widest verdict (`build-failed`).
    let widths: Vec<usize> = positions
        .iter()
        .map(|position| {
            report
                .students
                .iter()
                .flat_map(|s| s.results.iter().filter(|r| r.position == position.name))
                .map(|r| r.verdict.name().len())
                .chain(std::iter::once(position.name.chars().count()))
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut header = format!("{:<student_width$}", "student");
    if named {
        for (position, &width) in positions.iter().zip(&widths) {
            let _ = write!(header, "  {:<width$}", position.name);
        }
    } else {
        let _ = write!(header, "  answers ({} positions)", positions.len());
    }
    let own_width = own_width(report);
    if per_student {
        let _ = write!(header, "  {:<own_width$}", "own");
    }
    // Lateness gets a column when anyone handed in late.
    let any_late = report.students.iter().any(|s| s.late.is_some());
    let late_column = if any_late { "  late" } else { "" };
    let _ = writeln!(text, "{header}  score{late_column}");
    for student in &report.students {
        let _ = write!(text, "{:<student_width$}", escape_text(&student.student));
        // A student may not have answered every position (answer sheets): those stay blank.
        let verdict_on = |name: &str| {
            student
                .results
                .iter()
                .find(|r| r.position == name)
                .map(|r| r.verdict)
        };
        if named {
            for (position, &width) in positions.iter().zip(&widths) {
                let shown = verdict_on(&position.name).map_or("", Verdict::name);
                let _ = write!(text, "  {shown:<width$}");
            }
        } else {
            let marks: String = positions
                .iter()
                .map(|p| verdict_on(&p.name).map_or(' ', Verdict::mark))
                .collect();
            let width = "answers ( positions)".len() + positions.len().to_string().len();
            let _ = write!(text, "  {marks:<width$}");
        }
        if per_student {
            let _ = write!(text, "  {:<own_width$}", own_marks(report, student));
        }
        // The course's rubric, when it has one, is the grade: its total (the parts are in the notes).
        let score = match &student.rubric {
            Some(rubric) => rubric.fraction(),
            None => format!("{}/{}", student.score, student.max_score),
        };
        match &student.late {
            Some(late) => {
                let _ = writeln!(text, "  {score:<5}  {}", late_cell(late));
            }
            None => {
                let _ = writeln!(text, "  {score}");
            }
        }
    }
}

/// Under the grid: the legend, the interruption, who was not graded, the students' notes.
fn remarks(text: &mut String, report: &ClassReport) {
    // Marks need their legend: many positions, or each student's own column.
    let (positions, per_student) = shared_positions(report);
    let named = positions.len() <= NAMED_COLUMNS && !per_student;
    if !report.legend.is_empty() {
        text.push('\n');
        for entry in &report.legend {
            let _ = writeln!(
                text,
                "{}: {}",
                escape_text(&entry.label),
                escape_text(&entry.stands_for)
            );
        }
    }
    if !named {
        let _ = writeln!(
            text,
            "\n+ optimal  - suboptimal  ! illegal  ? unparseable  C crashed  T timeout  B build-failed"
        );
    }
    if report.interrupted {
        let _ = writeln!(
            text,
            "\nGrading was interrupted: runs that did not finish are marked skipped."
        );
    }
    if !report.not_graded.is_empty() {
        let _ = writeln!(text, "\nNot graded\n----------");
        for skipped in &report.not_graded {
            let _ = writeln!(text, "{}: {}", skipped.entry, skipped.reason);
        }
    }

    let noted: Vec<_> = report.students.iter().filter(|s| !s.notes.is_empty()).collect();
    if !noted.is_empty() {
        let _ = writeln!(text, "\nNotes\n-----");
        for student in noted {
            for note in &student.notes {
                let _ = writeln!(text, "{}: {}", escape_text(&student.student), escape_text(note));
            }
        }
    }
}

/// What each lost point was about: the answer, the key, why, the position and the output.
fn lost_points(text: &mut String, report: &ClassReport) {
    // A student who could not be built lost every point for one reason: it is shown once.
    let lost: Vec<(&str, &PositionResult)> = report
        .students
        .iter()
        .flat_map(|s| {
            let mut built_failed_shown = false;
            s.results
                .iter()
                .filter(move |r| {
                    if r.verdict != Verdict::BuildFailed {
                        return true;
                    }
                    !std::mem::replace(&mut built_failed_shown, true)
                })
                .map(move |r| (s.student.as_str(), r))
        })
        .filter(|(_, r)| !r.verdict.scores())
        .collect();
    if !lost.is_empty() {
        let _ = writeln!(text, "\nLost points\n-----------");
    }
    for (student, result) in lost {
        if result.verdict == Verdict::BuildFailed {
            let _ = writeln!(
                text,
                "\n{}: build-failed, every position\n  why:      {}",
                escape_text(student),
                escape_text(&result.detail)
            );
            if let Some(log) = &result.stderr {
                block(text, "log:     ", &escape_lines(log));
            }
        } else {
            lost_point(text, report, student, result);
        }
    }
}

/// One position a student lost a point on.
fn lost_point(text: &mut String, report: &ClassReport, student: &str, result: &PositionResult) {
    let _ = writeln!(
        text,
        "\n{}, {}: {}",
        escape_text(student),
        escape_text(&result.position),
        result.verdict.name()
    );
    if let Some(answer) = &result.answer {
        let _ = writeln!(text, "  answer:   {}", escape_text(answer));
    }
    let label = if result.tree.is_some() {
        "key:    "
    } else {
        "optimal:"
    };
    let _ = writeln!(text, "  {label}  {}", result.optimal.join(", "));
    let _ = writeln!(text, "  why:      {}", escape_text(&result.detail));
    if let Some(position) = report.position(&result.position).filter(|p| !p.board.is_empty()) {
        let mut lines = position.board.iter();
        if let Some(first) = lines.next() {
            let _ = writeln!(text, "  position: {first}");
        }
        for line in lines {
            let _ = writeln!(text, "            {line}");
        }
        let _ = writeln!(text, "            ({} to move)", position.to_move);
    }
    block(text, "output:  ", &escape_lines(&result.output));
    if let Some(stderr) = &result.stderr {
        block(text, "stderr:  ", &escape_lines(stderr));
    }
}

/// A late student's cell: the platform's words, and the penalty taken off.
fn late_cell(late: &crate::class::Lateness) -> String {
    let mut cell = escape_text(&late.status);
    if late.penalty > 0.0 {
        let _ = write!(cell, " (-{}%)", super::percent::percent_text(late.penalty));
    }
    cell
}

/// A labelled block of program text, indented under its label.
fn block(text: &mut String, label: &str, content: &str) {
    let mut lines = content.lines();
    match lines.next() {
        None => {
            let _ = writeln!(text, "  {label} (nothing)");
        }
        Some(first) => {
            let _ = writeln!(text, "  {label} {first}");
            for line in lines.take(SHOWN_LINES - 1) {
                let _ = writeln!(text, "  {:width$} {line}", "", width = label.len());
            }
            let more = content.lines().count().saturating_sub(SHOWN_LINES);
            if more > 0 {
                let _ = writeln!(text, "  {:width$} … {more} more lines", "", width = label.len());
            }
        }
    }
}
