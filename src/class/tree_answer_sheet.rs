//! `minimax check` on a tree sheet: a class's answers to the pruning exercises.
//!
//! Columns `student`, `tree` (a tree file relative to the sheet, or inline JSON) and any of
//! `value`, `move`, `pruned`, `visited`. Each answer is one point; a wrong one is traced,
//! where possible, to the known mistake that produces it exactly ([`minimax_core::exercises::mistakes`]).

use super::error::{LineProblem, SheetProblem, TreeFieldError};
use super::solved::Solved;
use super::{ClassReport, GradeError, Legend, PositionInfo, PositionResult, TreeAnswer};
use minimax_core::exercises::tree_answers::{TreeExercise, TreeRules, FIELDS};
use minimax_core::tree::parse;
use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;

/// Judges every row of a tree sheet (already opened, its header read).
pub(crate) fn check(
    path: &Path,
    reader: &mut csv::Reader<std::fs::File>,
    headers: &csv::StringRecord,
    rules: TreeRules,
) -> Result<ClassReport, GradeError> {
    let name = path.display().to_string();
    let column = |wanted: &str| headers.iter().position(|h| h.eq_ignore_ascii_case(wanted));
    // The sheet's own short name for each tree, when it has an `exercise` column.
    let label_at = column("exercise");
    let (Some(student_at), Some(tree_at)) = (column("student"), column("tree")) else {
        return Err(GradeError::Sheet {
            path: name,
            problem: SheetProblem::TreeColumns,
        });
    };
    let fields: Vec<(&str, usize)> = FIELDS
        .iter()
        .filter_map(|f| column(f).map(|at| (*f, at)))
        .collect();
    if fields.is_empty() {
        return Err(GradeError::Sheet {
            path: name,
            problem: SheetProblem::TreeFields,
        });
    }
    let base = path.parent().unwrap_or(Path::new("."));
    let columns = Columns {
        student_at,
        tree_at,
        label_at,
        fields: &fields,
    };
    let (exercises, students, legend) = read_rows(reader, &name, &columns, base, rules)?;
    let positions = exercises
        .iter()
        .flat_map(|exercise| {
            fields.iter().map(move |&(field, _)| PositionInfo {
                name: format!("{} {field}", exercise.name),
                board: Vec::new(),
                to_move: String::new(),
                optimal: vec![exercise.key(field)],
                hidden: false,
                solved: Some(Solved::Tree(Arc::clone(exercise))),
            })
        })
        .collect();
    Ok(ClassReport::of_sheet(positions, students, legend))
}

/// Where a tree sheet's columns are: the student, the tree, its label, the answers asked.
struct Columns<'a> {
    student_at: usize,
    tree_at: usize,
    label_at: Option<usize>,
    fields: &'a [(&'a str, usize)],
}

/// What a tree sheet's rows hold: the trees (each loaded once), every student's judged
/// answers, and the labels standing for inline trees.
type Rows = (
    Vec<Arc<TreeExercise>>,
    Vec<(String, Vec<PositionResult>)>,
    Vec<Legend>,
);

fn read_rows(
    reader: &mut csv::Reader<std::fs::File>,
    name: &str,
    columns: &Columns<'_>,
    base: &Path,
    rules: TreeRules,
) -> Result<Rows, GradeError> {
    let Columns {
        student_at,
        tree_at,
        label_at,
        fields,
    } = *columns;
    let mut exercises: Vec<Arc<TreeExercise>> = Vec::new();
    let mut by_field: HashMap<String, usize> = HashMap::new();
    let mut students = super::answer_sheet::ByStudent::new();
    let mut errors = Vec::new();
    let mut legend: Vec<Legend> = Vec::new();
    for (line, record) in super::answer_sheet::readable(reader, name, &mut errors) {
        let student = record.get(student_at).unwrap_or("").to_string();
        let field_text = record.get(tree_at).unwrap_or("").to_string();
        let given_label = label_at
            .and_then(|at| record.get(at))
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .map(str::to_string);
        let count = exercises.len();
        let loaded: Result<usize, TreeFieldError> =
            super::answer_sheet::once(&mut exercises, &mut by_field, &field_text, || {
                let mut exercise = load(&field_text, base, rules)?;
                // A tree written inline is named by a label, not by its JSON in every column.
                let label = match given_label {
                    Some(label) => Some(label),
                    None if is_inline(&field_text) => Some(format!("T{}", count + 1)),
                    None => None,
                };
                if let Some(label) = label {
                    legend.push(Legend {
                        label: label.clone(),
                        stands_for: exercise.name.clone(),
                    });
                    exercise.name = label;
                }
                Ok(Arc::new(exercise))
            });
        let index = match loaded {
            Ok(index) => index,
            Err(error) => {
                errors.push(GradeError::SheetLine {
                    path: name.to_string(),
                    line,
                    problem: LineProblem::Tree(error),
                });
                continue;
            }
        };
        let results: Vec<PositionResult> = fields
            .iter()
            .map(|&(field, at)| grade_answer(&exercises[index], field, record.get(at).unwrap_or("")))
            .collect();
        students.add(student, results);
    }
    super::answer_sheet::none_or_all(errors)?;
    Ok((exercises, students.students, legend))
}

/// Whether a sheet's tree field is the tree itself (JSON) rather than a file's name.
fn is_inline(field: &str) -> bool {
    let trimmed = field.trim();
    trimmed.starts_with('[') || trimmed.starts_with('{')
}

/// A tree field: a file next to the sheet, or the tree itself as JSON.
fn load(field: &str, base: &Path, rules: TreeRules) -> Result<TreeExercise, TreeFieldError> {
    let trimmed = field.trim();
    let (name, text) = if is_inline(trimmed) {
        (trimmed.to_string(), trimmed.to_string())
    } else {
        let path = base.join(trimmed);
        let text = std::fs::read_to_string(&path).map_err(|error| TreeFieldError::Unreadable {
            field: trimmed.to_string(),
            error,
        })?;
        let short = Path::new(trimmed)
            .file_name()
            .map_or(trimmed.into(), |n| n.to_string_lossy().into_owned());
        (short, text)
    };
    let tree = parse(&text, rules.root).map_err(|problems| {
        let first = problems.first().map_or(String::new(), |d| d.message.clone());
        TreeFieldError::NotATree {
            name: name.clone(),
            first,
        }
    })?;
    Ok(TreeExercise::new(name, tree, rules.cutoff))
}

fn grade_answer(exercise: &TreeExercise, field: &str, answer: &str) -> PositionResult {
    let judged = exercise.judge(field, answer);
    PositionResult {
        position: format!("{} {field}", exercise.name),
        verdict: judged.verdict,
        answer: judged.answer,
        optimal: vec![judged.key],
        detail: judged.detail,
        seconds: 0.0,
        output: super::shorten(answer),
        stderr: None,
        tree: Some(TreeAnswer {
            field: field.to_string(),
            diagnosis: judged.diagnosis.map(|m| m.code().to_string()),
        }),
        search: None,
    }
}
