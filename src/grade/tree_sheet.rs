//! `minimax check` on a tree sheet: a class's answers to the pruning exercises.
//!
//! Columns `student`, `tree` (a tree file relative to the sheet, or inline JSON) and any of
//! `value`, `move`, `pruned`, `visited`. Each answer is one point; a wrong one is traced,
//! where possible, to the known mistake that produces it exactly ([`crate::tree::mistakes`]).

use super::{
    version, ClassReport, GradeError, Legend, PositionInfo, PositionResult, StudentReport, TreeAnswer,
    Verdict,
};
use crate::search::alphabeta::Cutoff;
use crate::tree::mistakes::{self, Answers, Mistake};
use crate::tree::solve::number;
use crate::tree::{parse, NodeId, Tree};
use std::collections::{BTreeSet, HashMap};
use std::path::Path;

/// The fields a tree sheet may ask for, in the order they are reported.
pub const FIELDS: [&str; 4] = ["value", "move", "pruned", "visited"];

/// How the trees are to be searched (as `minimax tree`'s options).
#[derive(Clone, Copy, Debug)]
pub struct TreeRules {
    pub cutoff: Cutoff,
    /// The player at the root: [`crate::tree::MAX`] or [`crate::tree::MIN`].
    pub root: usize,
}

/// One tree of the sheet, solved.
struct Exercise {
    name: String,
    tree: Tree,
    right: Answers,
    /// What each mistake that applies to the tree gives, searched once for the whole class.
    wrong: Vec<(Mistake, Answers)>,
}

impl Exercise {
    fn new(name: String, tree: Tree, cutoff: Cutoff) -> Exercise {
        let right = mistakes::correct(&tree, cutoff);
        let wrong = Mistake::ALL
            .into_iter()
            .filter_map(|mistake| mistakes::wrong(&tree, cutoff, mistake).map(|answers| (mistake, answers)))
            .collect();
        Exercise {
            name,
            tree,
            right,
            wrong,
        }
    }
}

/// Judges every row of a tree sheet (already opened, its header read).
pub fn check(
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
            message: "a tree sheet names the columns student and tree".to_string(),
        });
    };
    let fields: Vec<(&str, usize)> = FIELDS
        .iter()
        .filter_map(|f| column(f).map(|at| (*f, at)))
        .collect();
    if fields.is_empty() {
        return Err(GradeError::Sheet {
            path: name,
            message: "a tree sheet asks for at least one of value, move, pruned and visited".to_string(),
        });
    }
    let base = path.parent().unwrap_or(Path::new("."));
    let mut exercises: Vec<Exercise> = Vec::new();
    let mut by_field: HashMap<String, usize> = HashMap::new();
    let mut students: Vec<(String, Vec<PositionResult>)> = Vec::new();
    let mut errors = Vec::new();
    let mut legend: Vec<Legend> = Vec::new();
    for (line, record) in super::check::readable(reader, &name, &mut errors) {
        let student = record.get(student_at).unwrap_or("").to_string();
        let field_text = record.get(tree_at).unwrap_or("").to_string();
        let given_label = label_at
            .and_then(|at| record.get(at))
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .map(str::to_string);
        let count = exercises.len();
        let loaded = super::check::once(&mut exercises, &mut by_field, &field_text, || {
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
            Ok(exercise)
        });
        let index = match loaded {
            Ok(index) => index,
            Err(message) => {
                errors.push(GradeError::SheetLine {
                    path: name.clone(),
                    line,
                    message,
                });
                continue;
            }
        };
        let results: Vec<PositionResult> = fields
            .iter()
            .map(|&(field, at)| judge(&exercises[index], field, record.get(at).unwrap_or("")))
            .collect();
        match students.iter_mut().find(|(n, _)| *n == student) {
            Some((_, all)) => all.extend(results),
            None => students.push((student, results)),
        }
    }
    match errors.len() {
        0 => {}
        1 => return Err(errors.remove(0)),
        _ => return Err(GradeError::Several(errors)),
    }
    let positions = exercises
        .iter()
        .flat_map(|exercise| {
            fields.iter().map(move |&(field, _)| PositionInfo {
                name: format!("{} {field}", exercise.name),
                board: Vec::new(),
                to_move: String::new(),
                optimal: vec![shown(&exercise.tree, &exercise.right, field)],
                hidden: false,
            })
        })
        .collect();
    Ok(ClassReport {
        version: version(),
        positions,
        students: super::intake::people_order(students)
            .into_iter()
            .map(|(name, results)| StudentReport::new(name, results))
            .collect(),
        interrupted: false,
        sandbox: None,
        not_graded: Vec::new(),
        layout: None,
        harness: None,
        accept: Vec::new(),
        late_penalty: None,
        legend,
    })
}

/// Whether a sheet's tree field is the tree itself (JSON) rather than a file's name.
fn is_inline(field: &str) -> bool {
    let trimmed = field.trim();
    trimmed.starts_with('[') || trimmed.starts_with('{')
}

/// A tree field: a file next to the sheet, or the tree itself as JSON.
fn load(field: &str, base: &Path, rules: TreeRules) -> Result<Exercise, String> {
    let trimmed = field.trim();
    let (name, text) = if is_inline(trimmed) {
        (trimmed.to_string(), trimmed.to_string())
    } else {
        let path = base.join(trimmed);
        let text = std::fs::read_to_string(&path)
            .map_err(|error| format!("tree `{trimmed}`: cannot read it next to the sheet: {error}"))?;
        let short = Path::new(trimmed)
            .file_name()
            .map_or(trimmed.into(), |n| n.to_string_lossy().into_owned());
        (short, text)
    };
    let tree = parse(&text, rules.root).map_err(|problems| {
        let first = problems.first().map_or(String::new(), |d| d.message.clone());
        format!("tree `{name}`: not a tree minimax reads ({first})")
    })?;
    Ok(Exercise::new(name, tree, rules.cutoff))
}

/// The node a student names: by its name (`2.3`, a label), any case.
fn node(tree: &Tree, name: &str) -> Option<NodeId> {
    tree.nodes
        .iter()
        .position(|n| n.name == name)
        .or_else(|| tree.nodes.iter().position(|n| n.name.eq_ignore_ascii_case(name)))
}

/// The names in an answer: separated by spaces, commas or semicolons, brackets and quotes
/// ignored; `none`, `ninguno`, `nada`, `-` or nothing for none.
fn names(answer: &str) -> Vec<String> {
    let cleaned: String = answer
        .chars()
        .map(|c| if "[](){}\"'".contains(c) { ' ' } else { c })
        .collect();
    let names: Vec<String> = cleaned
        .split(|c: char| c.is_whitespace() || c == ',' || c == ';')
        .filter(|t| !t.is_empty())
        .map(str::to_string)
        .collect();
    let nothing = ["none", "ninguno", "ninguna", "nada", "nenhum", "-"];
    if names.len() == 1 && nothing.contains(&names[0].to_lowercase().as_str()) {
        return Vec::new();
    }
    names
}

/// A student's answer to one field, read into the form [`Answers`] holds; `Err` says what
/// could not be read.
fn read(tree: &Tree, field: &str, answer: &str, right: &Answers) -> Result<Answers, String> {
    let mut read = right.clone();
    let unknown = |names: &[String]| {
        let missing: Vec<&str> = names
            .iter()
            .filter(|n| node(tree, n).is_none())
            .map(String::as_str)
            .collect();
        (!missing.is_empty()).then(|| format!("no node named {} in the tree", missing.join(", ")))
    };
    match field {
        "value" => {
            let numbers: Result<Vec<f64>, _> = names(&answer.replace('−', "-"))
                .iter()
                .map(|n| n.parse::<f64>())
                .collect();
            read.value = numbers.ok().filter(|n| !n.is_empty()).ok_or("not a number")?;
        }
        "move" => {
            let given = names(answer);
            if let Some(why) = unknown(&given) {
                return Err(why);
            }
            read.chosen = given
                .first()
                .and_then(|n| node(tree, n))
                .map(|id| tree.node(id).name.clone());
        }
        "pruned" => {
            let given = names(answer);
            if let Some(why) = unknown(&given) {
                return Err(why);
            }
            // Roots of pruned subtrees or every pruned node: both read as every pruned node.
            let mut all = BTreeSet::new();
            for id in given.iter().filter_map(|n| node(tree, n)) {
                all.insert(tree.node(id).name.clone());
                all.extend(
                    tree.descendants(id)
                        .into_iter()
                        .map(|d| tree.node(d).name.clone()),
                );
            }
            read.pruned = all;
        }
        _ => {
            let given = names(answer);
            if let Some(why) = unknown(&given) {
                return Err(why);
            }
            let mut order: Vec<String> = given
                .iter()
                .filter_map(|n| node(tree, n))
                .map(|id| tree.node(id).name.clone())
                .collect();
            // Leaving out the root, where every search starts, is no mistake.
            if order.first() != Some(&tree.node(0).name) {
                order.insert(0, tree.node(0).name.clone());
            }
            read.visited = order;
        }
    }
    Ok(read)
}

fn same(a: &Answers, b: &Answers, field: &str) -> bool {
    match field {
        "value" => {
            a.value.len() == b.value.len() && a.value.iter().zip(&b.value).all(|(x, y)| (x - y).abs() < 1e-9)
        }
        "move" => a.chosen == b.chosen,
        "pruned" => a.pruned == b.pruned,
        _ => a.visited == b.visited,
    }
}

/// A field's answer as reports show it: pruned subtrees by their roots.
pub fn shown(tree: &Tree, answers: &Answers, field: &str) -> String {
    match field {
        "value" => answers
            .value
            .iter()
            .map(|v| number(*v))
            .collect::<Vec<_>>()
            .join(", "),
        "move" => answers.chosen.clone().unwrap_or_else(|| "none".to_string()),
        "pruned" => {
            // Depth first from the root: a pruned node whose parent is not pruned is a root.
            let mut roots: Vec<&str> = Vec::new();
            let mut stack = vec![(0, false)];
            while let Some((id, under_pruned)) = stack.pop() {
                let node = tree.node(id);
                let pruned = answers.pruned.contains(&node.name);
                if pruned && !under_pruned {
                    roots.push(node.name.as_str());
                }
                stack.extend(
                    node.children
                        .iter()
                        .rev()
                        .map(|&child| (child, under_pruned || pruned)),
                );
            }
            if roots.is_empty() {
                "none".to_string()
            } else {
                roots.join(", ")
            }
        }
        _ => answers.visited.join(", "),
    }
}

/// Judges one answer to one field of `tree`: the verdict and the code of the diagnosed
/// mistake, if any (what the sheet does for each cell).
pub fn diagnose(tree: &Tree, rules: TreeRules, field: &str, answer: &str) -> (Verdict, Option<String>) {
    let exercise = Exercise::new(String::new(), tree.clone(), rules.cutoff);
    let result = judge(&exercise, field, answer);
    (result.verdict, result.tree.and_then(|t| t.diagnosis))
}

/// How a field is named in a diagnosis.
fn said(field: &str) -> &'static str {
    match field {
        "value" => "value",
        "move" => "move",
        "pruned" => "pruned set",
        _ => "visiting order",
    }
}

fn judge(exercise: &Exercise, field: &str, answer: &str) -> PositionResult {
    let tree = &exercise.tree;
    let right_text = shown(tree, &exercise.right, field);
    let result = |verdict: Verdict,
                  answer_text: Option<String>,
                  detail: String,
                  diagnosis: Option<Mistake>| PositionResult {
        position: format!("{} {field}", exercise.name),
        verdict,
        answer: answer_text,
        optimal: vec![right_text.clone()],
        detail,
        seconds: 0.0,
        output: super::shorten(answer),
        stderr: None,
        tree: Some(TreeAnswer {
            field: field.to_string(),
            diagnosis: diagnosis.map(|m| m.code().to_string()),
        }),
    };
    let read = match read(tree, field, answer, &exercise.right) {
        Ok(read) => read,
        Err(why) => {
            return result(
                Verdict::Wrong,
                None,
                format!("{why}; the answer is {right_text}"),
                None,
            )
        }
    };
    let given = shown(tree, &read, field);
    if same(&read, &exercise.right, field) {
        return result(Verdict::Right, Some(given), "right".to_string(), None);
    }
    let diagnosis = exercise
        .wrong
        .iter()
        .find(|(_, wrong)| same(wrong, &read, field) && !same(wrong, &exercise.right, field))
        .map(|(mistake, _)| *mistake);
    let detail = match diagnosis {
        Some(mistake) => format!(
            "your {} is {}; the answer is {right_text}",
            said(field),
            mistake.explain()
        ),
        None => format!("the answer is {right_text}"),
    };
    result(Verdict::Wrong, Some(given), detail, diagnosis)
}
