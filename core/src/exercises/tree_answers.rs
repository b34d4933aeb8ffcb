//! Answers to pruning exercises (a tree's value, move, pruned and visited nodes), read as
//! students write them and judged against the key; a wrong one is traced, where possible, to
//! the known mistake that gives it exactly ([`super::mistakes`]).

use super::mistakes::{self, Answers, Mistake};
use crate::gradable::Verdict;
use crate::search::alphabeta::Cutoff;
use crate::search::Algorithm;
use crate::tree::solve::number;
use crate::tree::solve::{solve, TreeSearch};
use crate::tree::{NodeId, Tree};
use std::collections::BTreeSet;

/// The fields a tree sheet may ask for, in the order they are reported.
pub const FIELDS: [&str; 4] = ["value", "move", "pruned", "visited"];

/// How the trees are to be searched (as `minimax tree`'s options).
#[derive(Clone, Copy, Debug)]
pub struct TreeRules {
    /// When a bound prunes: `v >= beta` or `v > beta`.
    pub cutoff: Cutoff,
    /// The player at the root: [`crate::tree::MAX`] or [`crate::tree::MIN`].
    pub root: usize,
}

/// One tree of an exercise, solved, with what each known mistake gives on it.
pub struct TreeExercise {
    /// What reports call the tree.
    pub name: String,
    tree: Tree,
    cutoff: Cutoff,
    right: Answers,
    /// What each mistake that applies to the tree gives, searched once for the whole class.
    wrong: Vec<(Mistake, Answers)>,
}

impl TreeExercise {
    /// Solves `tree` under `cutoff`, and every known wrong procedure on it.
    pub fn new(name: String, tree: Tree, cutoff: Cutoff) -> TreeExercise {
        let right = mistakes::correct(&tree, cutoff);
        let wrong = Mistake::ALL
            .into_iter()
            .filter_map(|mistake| mistakes::wrong(&tree, cutoff, mistake).map(|answers| (mistake, answers)))
            .collect();
        TreeExercise {
            name,
            tree,
            cutoff,
            right,
            wrong,
        }
    }
}

/// One answer to one field of a tree, judged.
#[derive(Clone, Debug, PartialEq)]
pub struct TreeJudgement {
    /// `right` or `wrong`.
    pub verdict: Verdict,
    /// The answer as understood, as reports show it; `None` when it could not be read.
    pub answer: Option<String>,
    /// The right answer, as reports show it.
    pub key: String,
    /// Why: `right`, or what is wrong and, where a known mistake explains it, which.
    pub detail: String,
    /// The known wrong procedure that gives exactly this answer.
    pub diagnosis: Option<Mistake>,
}

impl TreeExercise {
    /// The tree drawn with its key: each node's value, the pruned subtrees dashed, the
    /// chosen path bold.
    pub fn figure(&self) -> String {
        let search = TreeSearch::for_tree(&self.tree, None, self.cutoff)
            .unwrap_or(TreeSearch::new(Algorithm::Minimax));
        crate::figures::tree::svg(&self.tree, &solve(&self.tree, search))
    }

    /// The right answer to `field`, as reports show it.
    pub fn key(&self, field: &str) -> String {
        shown(&self.tree, &self.right, field)
    }

    /// Judges a student's answer to `field` (one of [`FIELDS`]), naming the mistake that
    /// explains a wrong one where a known one does.
    ///
    /// ```
    /// use minimax_core::exercises::mistakes::Mistake;
    /// use minimax_core::exercises::tree_answers::TreeExercise;
    /// use minimax_core::search::alphabeta::Cutoff;
    /// use minimax_core::tree::{parse, MAX};
    ///
    /// // The lecture's tree: alpha-beta prunes 2.2 and 2.3.
    /// let tree = parse("[[3, 12, 8], [2, 4, 6], [14, 5, 2]]", MAX).unwrap();
    /// let exercise = TreeExercise::new("lecture".into(), tree, Cutoff::Inclusive);
    /// let judged = exercise.judge("pruned", "none");
    /// assert_eq!(judged.verdict.name(), "wrong");
    /// assert_eq!(judged.diagnosis, Some(Mistake::NoPruning));
    /// ```
    pub fn judge(&self, field: &str, answer: &str) -> TreeJudgement {
        let tree = &self.tree;
        let key = shown(tree, &self.right, field);
        let judged = |verdict, answer, detail, diagnosis| TreeJudgement {
            verdict,
            answer,
            key: key.clone(),
            detail,
            diagnosis,
        };
        let read = match read(tree, field, answer, &self.right) {
            Ok(read) => read,
            Err(why) => return judged(Verdict::Wrong, None, format!("{why}; the answer is {key}"), None),
        };
        let given = shown(tree, &read, field);
        if same(&read, &self.right, field) {
            return judged(Verdict::Right, Some(given), "right".to_string(), None);
        }
        let diagnosis = self
            .wrong
            .iter()
            .find(|(_, wrong)| same(wrong, &read, field) && !same(wrong, &self.right, field))
            .map(|(mistake, _)| *mistake);
        let detail = match diagnosis {
            Some(mistake) => format!(
                "your {} is {}; the answer is {key}",
                said(field),
                mistake.explain()
            ),
            None => format!("the answer is {key}"),
        };
        judged(Verdict::Wrong, Some(given), detail, diagnosis)
    }
}

/// Judges one answer to one field of `tree`: the verdict and the code of the diagnosed
/// mistake, if any (what the sheet does for each cell).
pub fn diagnose(tree: &Tree, rules: TreeRules, field: &str, answer: &str) -> (Verdict, Option<String>) {
    let judged = TreeExercise::new(String::new(), tree.clone(), rules.cutoff).judge(field, answer);
    (judged.verdict, judged.diagnosis.map(|m| m.code().to_string()))
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

/// A number written with a decimal comma (`4,25`, as Spanish and Portuguese write it) read
/// with a point; anything else as it is. Only where the answer is one number: a vector's
/// commas (`3, 0, 1`, a max^n value) separate its parts.
fn decimal_point(answer: &str) -> String {
    let trimmed = answer.trim();
    let digits = |part: &str| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
    match trimmed.split_once(',') {
        Some((whole, fraction)) if digits(whole.strip_prefix('-').unwrap_or(whole)) && digits(fraction) => {
            format!("{whole}.{fraction}")
        }
        _ => answer.to_string(),
    }
}

/// Why a student's answer to a field could not be read (said to the student as it is).
#[derive(Debug, thiserror::Error)]
enum Unreadable {
    #[error("not a number")]
    NotANumber,
    /// The names (joined with commas) that no node of the tree has.
    #[error("no node named {0} in the tree")]
    NoSuchNode(String),
}

/// A student's answer to one field, read into the form [`Answers`] holds; `Err` says what
/// could not be read.
fn read(tree: &Tree, field: &str, answer: &str, right: &Answers) -> Result<Answers, Unreadable> {
    let mut read = right.clone();
    let unknown = |names: &[String]| {
        let missing: Vec<&str> = names
            .iter()
            .filter(|n| node(tree, n).is_none())
            .map(String::as_str)
            .collect();
        (!missing.is_empty()).then(|| Unreadable::NoSuchNode(missing.join(", ")))
    };
    match field {
        "value" => {
            let answer = answer.replace('−', "-");
            let answer = if right.value.len() == 1 {
                decimal_point(&answer)
            } else {
                answer
            };
            let numbers: Result<Vec<f64>, _> = names(&answer).iter().map(|n| n.parse::<f64>()).collect();
            read.value = numbers
                .ok()
                .filter(|n| !n.is_empty())
                .ok_or(Unreadable::NotANumber)?;
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

/// How a field is named in a diagnosis.
fn said(field: &str) -> &'static str {
    match field {
        "value" => "value",
        "move" => "move",
        "pruned" => "pruned set",
        _ => "visiting order",
    }
}
