//! The paper trees: a tree solved as `minimax tree` solves it (the trace a step at a time),
//! its figure as the search stands after any step, and one answer diagnosed as the grader
//! diagnoses it.

use crate::error::{failure, PageError, SOURCE};
use minimax_core::exercises::tree_answers::{TreeExercise, FIELDS};
use minimax_core::figures;
use minimax_core::notation::diagnostic::Report;
use minimax_core::search::alphabeta::Cutoff;
use minimax_core::search::Algorithm;
use minimax_core::tree::solve::{number, solve, Solution, StepEvent, TreeSearch};
use minimax_core::tree::{self, render, Kind, Tree, MAX, MIN};
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::{HashMap, HashSet};
use wasm_bindgen::prelude::*;

/// A tree and how to search it, as `minimax tree`'s options say it.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct TreeRequest {
    /// The tree as the CLI's JSON.
    tree: String,
    /// `alphabeta` (the default) or `minimax`; chance trees take expectiminimax and trees
    /// of several players max^n whatever is asked, as the CLI does when nothing is.
    #[serde(default)]
    algorithm: Option<String>,
    /// `inclusive` (the slides', the default) or `strict`.
    #[serde(default)]
    cutoff: Option<String>,
    /// `max` (the default) or `min`.
    #[serde(default)]
    root: Option<String>,
    /// For [`tree_figure`]: the figure after this many steps of the trace.
    #[serde(default)]
    step: Option<usize>,
    /// For [`diagnose_tree_answer`]: `value`, `move`, `pruned` or `visited`, and the answer.
    #[serde(default)]
    field: Option<String>,
    #[serde(default)]
    answer: Option<String>,
}

/// A tree read and solved, or the message that says why not.
struct Solved {
    tree: Tree,
    solution: Solution,
    cutoff: Cutoff,
}

impl TreeRequest {
    fn cutoff(&self) -> Result<Cutoff, PageError> {
        match self.cutoff.as_deref() {
            None | Some("inclusive") => Ok(Cutoff::Inclusive),
            Some("strict") => Ok(Cutoff::Strict),
            Some(other) => Err(PageError::Cutoff(other.to_string())),
        }
    }

    fn solve(&self) -> Result<Solved, PageError> {
        let root = match self.root.as_deref() {
            None | Some("max") => MAX,
            Some("min") => MIN,
            Some(other) => return Err(PageError::Root(other.to_string())),
        };
        let requested = match self.algorithm.as_deref() {
            None | Some("alphabeta") => None,
            Some("minimax") => Some(Algorithm::Minimax),
            Some(other) => return Err(PageError::Algorithm(other.to_string())),
        };
        let cutoff = self.cutoff()?;
        let tree = tree::parse(&self.tree, root).map_err(|diagnostics| {
            PageError::Unreadable(Report {
                source: SOURCE.to_string(),
                what: "tree",
                diagnostics,
            })
        })?;
        let algorithm = TreeSearch::for_tree(&tree, requested, cutoff)?;
        let solution = solve(&tree, algorithm);
        Ok(Solved {
            tree,
            solution,
            cutoff,
        })
    }
}

fn tree_request(request: &str) -> Result<TreeRequest, PageError> {
    serde_json::from_str(request).map_err(PageError::Request)
}

/// A tree solved: `{"ok", "algorithm", "text" (what `minimax tree` prints), "key" (what
/// `--format json` prints), "nodes" ([{name, role, children}]), "steps" (the trace, one
/// entry a line: {event, node, depth, alpha, beta, value, test, pruned, line})}`.
#[wasm_bindgen]
pub fn solve_tree(request: &str) -> String {
    let solved = match tree_request(request).and_then(|request| request.solve()) {
        Ok(solved) => solved,
        Err(error) => return failure(&error),
    };
    let Solved { tree, solution, .. } = &solved;
    let name = |id: usize| tree.node(id).name.clone();
    let nodes: Vec<Value> = tree
        .nodes
        .iter()
        .enumerate()
        .map(|(id, node)| {
            json!({
                "name": node.name,
                "role": tree.role(id),
                "children": node.children,
                "leaf": matches!(node.kind, Kind::Leaf(_)),
            })
        })
        .collect();
    let steps: Vec<Value> = solution
        .steps
        .iter()
        .zip(&solution.trace)
        .map(|(step, line)| {
            json!({
                "event": match step.event {
                    StepEvent::Enter => "enter",
                    StepEvent::Update => "update",
                    StepEvent::Cut => "cut",
                    StepEvent::Leave => "leave",
                },
                "node": step.node,
                "depth": step.depth,
                "alpha": step.window.map(|(alpha, _)| number(alpha)),
                "beta": step.window.map(|(_, beta)| number(beta)),
                "test": step.test,
                "pruned": step.pruned.iter().map(|&id| name(id)).collect::<Vec<_>>(),
                "line": line,
            })
        })
        .collect();
    json!({
        "ok": true,
        "algorithm": solution.algorithm.name(),
        "text": render::text(tree, solution),
        "key": render::json_document(tree, solution),
        "nodes": nodes,
        "steps": steps,
    })
    .to_string()
}

/// The figure of `tree --format svg` as the search stands after `step` lines of its trace:
/// the values backed up so far, the edges pruned so far dashed; after the last step, the
/// figure itself (the chosen path bold). `{"ok", "svg"}`.
#[wasm_bindgen]
pub fn tree_figure(request: &str) -> String {
    let request = match tree_request(request) {
        Ok(request) => request,
        Err(error) => return failure(&error),
    };
    let solved = match request.solve() {
        Ok(solved) => solved,
        Err(error) => return failure(&error),
    };
    let Solved { tree, solution, .. } = &solved;
    let step = request.step.unwrap_or(usize::MAX);
    let svg = if step >= solution.steps.len() {
        figures::tree::svg(tree, solution)
    } else {
        figures::tree::svg(tree, &partial(solution, step))
    };
    json!({ "ok": true, "svg": svg }).to_string()
}

/// What the search knows after `steps` lines of its trace: the values of the nodes it has
/// left, the subtrees it has pruned; no move chosen yet.
fn partial(solution: &Solution, steps: usize) -> Solution {
    let done = &solution.steps[..steps];
    let left: HashSet<usize> = done
        .iter()
        .filter(|step| step.event == StepEvent::Leave)
        .map(|step| step.node)
        .collect();
    let values: HashMap<usize, Vec<f64>> = solution
        .values
        .iter()
        .filter(|(id, _)| left.contains(id))
        .map(|(id, value)| (*id, value.clone()))
        .collect();
    Solution {
        algorithm: solution.algorithm,
        value: solution.value.clone(),
        best: None,
        visited: Vec::new(),
        pruned: done.iter().flat_map(|step| step.pruned.iter().copied()).collect(),
        values,
        trace: Vec::new(),
        steps: Vec::new(),
    }
}

/// The grader's verdict on one answer to a tree (`field`: value, move, pruned or visited):
/// `{"ok", "verdict" (right|wrong), "answer" (as read, or null when unreadable), "key",
/// "detail" (`minimax check`'s sentence), "diagnosis" (a mistake's code, or null)}`.
#[wasm_bindgen]
pub fn diagnose_tree_answer(request: &str) -> String {
    let request = match tree_request(request) {
        Ok(request) => request,
        Err(error) => return failure(&error),
    };
    let field = request.field.clone().unwrap_or_default();
    if !FIELDS.contains(&field.as_str()) {
        return failure(&PageError::Field(field));
    }
    let solved = match request.solve() {
        Ok(solved) => solved,
        Err(error) => return failure(&error),
    };
    let exercise = TreeExercise::new(String::new(), solved.tree, solved.cutoff);
    let judged = exercise.judge(&field, request.answer.as_deref().unwrap_or(""));
    json!({
        "ok": true,
        "verdict": judged.verdict.name(),
        "answer": judged.answer,
        "key": judged.key,
        "detail": judged.detail,
        "diagnosis": judged.diagnosis.map(|mistake| mistake.code()),
    })
    .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(text: &str) -> Value {
        serde_json::from_str(text).unwrap()
    }

    #[test]
    fn the_lecture_tree_has_a_step_per_trace_line_and_the_cli_result() {
        let solved = parsed(&solve_tree(r#"{"tree": "[[3,12,8],[2,4,6],[14,5,2]]"}"#));
        assert_eq!(solved["text"], "value: 3\nmove: 1\npruned: 2.2, 2.3\n");
        let steps = solved["steps"].as_array().unwrap();
        let cut = steps.iter().find(|step| step["event"] == "cut").unwrap();
        assert_eq!(cut["test"], "v = 2 ≤ α = 3");
        assert_eq!(cut["pruned"], json!(["2.2", "2.3"]));
        let before = parsed(&tree_figure(
            r#"{"tree": "[[3,12,8],[2,4,6],[14,5,2]]", "step": 0}"#,
        ));
        assert!(!before["svg"].as_str().unwrap().contains("stroke-dasharray"));
        let after = parsed(&tree_figure(r#"{"tree": "[[3,12,8],[2,4,6],[14,5,2]]"}"#));
        assert_eq!(
            after["svg"].as_str().unwrap().matches("stroke-dasharray").count(),
            2
        );
    }

    #[test]
    fn a_pruning_answer_gets_the_graders_diagnosis() {
        let judged = parsed(&diagnose_tree_answer(
            r#"{"tree": "[[3,12,8],[2,4,6],[14,5,2]]", "field": "pruned", "answer": "ninguno"}"#,
        ));
        assert_eq!(judged["verdict"], "wrong");
        assert_eq!(judged["diagnosis"], "no-pruning");
    }
}
