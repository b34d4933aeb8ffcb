//! `minimax check answers.csv`: judging answers already collected in a sheet.
//!
//! Columns `student,position,answer` (a header row; other columns are ignored). `position`
//! is a position file, relative to the sheet, or an inline board such as `XX-/-00/---`. A
//! sheet with a `tree` column holds answers to pruning exercises ([`super::tree_answer_sheet`]).

use super::error::{LineProblem, SheetProblem};
use super::{answer_sheet, tree_answer_sheet};
use super::{shorten, ClassReport, GradeError, PositionResult};
use minimax_core::exercises::tree_answers::TreeRules;
use minimax_core::exercises::{Exercise, ExerciseError};
use minimax_core::games::mnk::Coords;
use minimax_core::gradable::Gradable;
use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;

/// Judges every answer of the sheet at `path`; any problem with the sheet itself stops it,
/// after every such problem has been found.
pub fn check<G: Gradable>(
    game: &Arc<G>,
    path: &Path,
    coords: Coords,
    tree_rules: TreeRules,
) -> Result<ClassReport, GradeError> {
    let name = path.display().to_string();
    let sheet_error = |problem: SheetProblem| GradeError::Sheet {
        path: name.clone(),
        problem,
    };
    let mut reader = csv::ReaderBuilder::new()
        .flexible(true)
        .trim(csv::Trim::All)
        .from_path(path)
        .map_err(|error| sheet_error(SheetProblem::Unreadable(error)))?;
    let headers = reader
        .headers()
        .map_err(|error| sheet_error(SheetProblem::Header(error)))?
        .clone();
    let column = |wanted: &str| headers.iter().position(|h| h.eq_ignore_ascii_case(wanted));
    // A sheet naming a tree column holds answers to pruning exercises.
    if column("tree").is_some() {
        return tree_answer_sheet::check(path, &mut reader, &headers, tree_rules);
    }
    let (Some(student_at), Some(position_at), Some(answer_at)) =
        (column("student"), column("position"), column("answer"))
    else {
        return Err(sheet_error(SheetProblem::Columns {
            header: headers.iter().collect::<Vec<_>>().join(","),
        }));
    };
    let base = path.parent().unwrap_or(Path::new("."));
    let columns = (student_at, position_at, answer_at);
    let (exercises, rows) = read_rows(game, &mut reader, &name, columns, base)?;
    let mut students = answer_sheet::ByStudent::new();
    for (student, index, answer) in rows {
        students.add(student, [grade_output(&exercises[index], &answer, coords)]);
    }
    let students = students.students;
    Ok(ClassReport::of_sheet(
        exercises
            .iter()
            .map(|e| super::exercises::info(e, coords))
            .collect(),
        students,
        Vec::new(),
    ))
}

/// A student's answer: who, the index of the exercise, the answer as written.
type Row = (String, usize, String);

/// The sheet's answers, each position loaded once; every bad line is reported at once.
fn read_rows<G: Gradable>(
    game: &Arc<G>,
    reader: &mut csv::Reader<std::fs::File>,
    name: &str,
    (student_at, position_at, answer_at): (usize, usize, usize),
    base: &Path,
) -> Result<(Vec<Exercise>, Vec<Row>), GradeError> {
    let mut exercises: Vec<Exercise> = Vec::new();
    let mut by_name: HashMap<String, usize> = HashMap::new();
    let mut rows: Vec<Row> = Vec::new();
    // (student, position) → the line of its first answer: a second answer is an error.
    let mut answered: HashMap<(String, usize), u64> = HashMap::new();
    let mut errors = Vec::new();
    for (line, record) in answer_sheet::readable(reader, name, &mut errors) {
        let field = |at: usize| record.get(at).unwrap_or("").to_string();
        let (student, position, answer) = (field(student_at), field(position_at), field(answer_at));
        if student.is_empty() || position.is_empty() {
            errors.push(GradeError::SheetLine {
                path: name.to_string(),
                line,
                problem: LineProblem::EmptyField,
            });
            continue;
        }
        let loaded = answer_sheet::once(&mut exercises, &mut by_name, &position, || {
            load(game, &position, base)
        });
        let index = match loaded {
            Ok(index) => index,
            Err(error) => {
                errors.push(GradeError::SheetLine {
                    path: name.to_string(),
                    line,
                    problem: LineProblem::Position(Box::new(error)),
                });
                continue;
            }
        };
        if let Some(first) = answered.get(&(student.clone(), index)) {
            errors.push(GradeError::SheetLine {
                path: name.to_string(),
                line,
                problem: LineProblem::SecondAnswer {
                    student: student.clone(),
                    position: position.clone(),
                    first: *first,
                },
            });
            continue;
        }
        answered.insert((student.clone(), index), line);
        rows.push((student, index, answer));
    }
    answer_sheet::none_or_all(errors)?;
    Ok((exercises, rows))
}

/// A position field: a file relative to the sheet, else an inline board.
fn load<G: Gradable>(game: &Arc<G>, field: &str, base: &Path) -> Result<Exercise, GradeError> {
    let path = base.join(field);
    if path.is_file() {
        return super::exercises::from_file(game, &path, field.to_string());
    }
    Exercise::new(game, field.to_string(), field.to_string(), false).map_err(|error| match error {
        ExerciseError::Position(_) if !field.contains('/') => GradeError::NoSuchPosition {
            field: field.to_string(),
        },
        other => GradeError::from(other),
    })
}

/// Grades a program's output (or a sheet's answer text, as if a program had printed it)
/// against the exercise's key.
pub(crate) fn grade_output(exercise: &Exercise, output: &str, coords: Coords) -> PositionResult {
    let judgement = exercise.judge(output, coords);
    PositionResult {
        position: exercise.name.clone(),
        verdict: judgement.verdict,
        answer: judgement.answer,
        optimal: exercise.optimal(coords),
        detail: judgement.detail,
        seconds: 0.0,
        output: shorten(output),
        stderr: None,
        tree: None,
        search: None,
    }
}

/// Judges answers handed in by mail: each student's text (a text file they attached, else
/// the words of their mail), one answer per position. With one position the whole text is
/// the answer; with several, the line naming each position (`estado1.txt: X 2 3`, or
/// `estado1: X 2 3`) is. Lateness and the mails' notes come with each student.
pub(crate) fn check_mailed(
    class: &crate::intake::Class,
    exercises: &[Exercise],
    coords: Coords,
    say: crate::intake::mail::words::Say,
) -> ClassReport {
    let mut report = ClassReport::of_sheet(
        exercises
            .iter()
            .map(|e| super::exercises::info(e, coords))
            .collect(),
        Vec::new(),
        Vec::new(),
    );
    report.not_graded.clone_from(&class.not_graded);
    report.layout = Some(crate::intake::Layout::Mailbox);
    let students = class
        .students
        .iter()
        .map(|student| {
            (
                student.name.clone(),
                mailed_student(student, exercises, coords, say),
            )
        })
        .collect();
    report.students = crate::intake::people_order(students)
        .into_iter()
        .map(|(_, student)| student)
        .collect();
    report
}

/// One student's answers judged, with their mails' notes and lateness.
fn mailed_student(
    student: &crate::intake::Student,
    exercises: &[Exercise],
    coords: Coords,
    say: crate::intake::mail::words::Say,
) -> super::StudentReport {
    let text = answer_text(&student.folder);
    let mut unnamed = Vec::new();
    let results = exercises
        .iter()
        .map(|exercise| {
            let answer = match (&student.failure, &text) {
                (Some(_), _) | (None, None) => String::new(),
                (None, Some(text)) if exercises.len() == 1 => text.clone(),
                (None, Some(text)) => answer_named(text, &exercise.name).unwrap_or_else(|| {
                    unnamed.push(exercise.name.clone());
                    String::new()
                }),
            };
            grade_output(exercise, &answer, coords)
        })
        .collect();
    let mut report = super::StudentReport::new(student.name.clone(), results);
    report.id.clone_from(&student.id);
    report.notes.clone_from(&student.notes);
    if let Some(first) = unnamed.first() {
        report.notes.push(say.no_answer(&unnamed.join(", "), first));
    }
    report.notes.extend(student.failure.clone());
    if text.is_none() && student.failure.is_none() {
        report.notes.push(say.no_answers().to_string());
    }
    report.late = student
        .late_detail
        .as_ref()
        .map(|(status, seconds)| super::Lateness {
            status: status.clone(),
            seconds: Some(*seconds),
            penalty: 0.0,
        });
    report
}

/// A student's answers: the text file they attached, else their mail's words.
fn answer_text(folder: &Path) -> Option<String> {
    let mut files: Vec<std::path::PathBuf> = std::fs::read_dir(folder)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_file())
        .filter(|p| {
            let name = p.file_name().unwrap_or_default().to_string_lossy().to_lowercase();
            name.ends_with(".txt") || name.ends_with(".csv") || name.ends_with(".md")
        })
        .collect();
    // An attached file is the student's choice of what to hand in; the mail's words are not.
    files.sort_by_key(|p| (p.ends_with(crate::intake::mail::BODY_FILE), p.clone()));
    let bytes = std::fs::read(files.first()?).ok()?;
    Some(String::from_utf8_lossy(&bytes).into_owned())
}

/// The answer on the line naming `position` (by its file name, or without the extension;
/// case, spaces and a `-`, `=` or `:` after it aside).
fn answer_named(text: &str, position: &str) -> Option<String> {
    let stem = position.rsplit_once('.').map_or(position, |(stem, _)| stem);
    let fold = |s: &str| s.to_lowercase().replace(' ', "");
    let names = [fold(position), fold(stem)];
    text.lines().find_map(|line| {
        let (head, rest) = line.split_once([':', '=', '\t'])?;
        let head = fold(head.trim().trim_start_matches(['-', '*', ' ']));
        names.contains(&head).then(|| rest.trim().to_string())
    })
}
