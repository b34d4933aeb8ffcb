//! A solved tree as text, JSON (`value`, `move`, `visited`, `pruned`, `values`) and Graphviz DOT.
//!
//! ```
//! use minimax_core::search::Algorithm;
//! use minimax_core::tree::solve::{solve, TreeSearch};
//! use minimax_core::tree::{parse, render, MAX};
//!
//! let tree = parse("[[3, 12, 8], [2, 4, 6], [14, 5, 2]]", MAX).unwrap();
//! let solution = solve(&tree, TreeSearch::new(Algorithm::Minimax));
//! let json: serde_json::Value = serde_json::from_str(&render::json(&tree, &solution)).unwrap();
//! assert_eq!(json["value"], 3);
//! assert!(render::dot(&tree, &solution).starts_with("digraph"));
//! ```

use super::solve::{number, vector_text, Solution};
use super::{Kind, NodeId, Tree};
use serde_json::{json, Map, Value};
use std::collections::HashSet;
use std::fmt::Write;

/// The root's value, the move, and what was pruned.
pub fn text(tree: &Tree, solution: &Solution) -> String {
    let mut text = String::new();
    if let Some(players) = &tree.players {
        let _ = writeln!(text, "players: {}", players.join(", "));
    }
    let _ = writeln!(text, "value: {}", vector_text(&solution.value));
    let chosen = match solution.best {
        Some(id) => tree.node(id).name.clone(),
        None => "none (chance moves at the root)".into(),
    };
    let _ = writeln!(text, "move: {chosen}");
    if !solution.pruned.is_empty() {
        let pruned: Vec<&str> = solution
            .pruned
            .iter()
            .map(|&id| tree.node(id).name.as_str())
            .collect();
        let _ = writeln!(text, "pruned: {}", pruned.join(", "));
    }
    text
}

/// The search step by step, then the result.
pub fn trace(tree: &Tree, solution: &Solution) -> String {
    let mut text = format!("{}\n", solution.algorithm.name());
    for line in &solution.trace {
        let _ = writeln!(text, "{line}");
    }
    text.push('\n');
    text.push_str(&self::text(tree, solution));
    text
}

fn json_number(v: f64) -> Value {
    if v.fract() == 0.0 && v.abs() < 1e15 {
        json!(v as i64)
    } else {
        json!(v)
    }
}

fn json_value(values: &[f64]) -> Value {
    match values {
        [one] => json_number(*one),
        all => Value::Array(all.iter().map(|v| json_number(*v)).collect()),
    }
}

/// `{"value", "move", "visited", "pruned", "values"}`, plus the algorithm used.
pub fn json(tree: &Tree, solution: &Solution) -> String {
    let mut text =
        serde_json::to_string_pretty(&json_document(tree, solution)).expect("JSON values always serialise");
    text.push('\n');
    text
}

/// The document [`json()`] prints.
pub fn json_document(tree: &Tree, solution: &Solution) -> Value {
    let name = |id: &NodeId| Value::String(tree.node(*id).name.clone());
    let values: Map<String, Value> = solution
        .visited
        .iter()
        .map(|id| (tree.node(*id).name.clone(), json_value(&solution.values[id])))
        .collect();
    let document = json!({
        "value": json_value(&solution.value),
        "move": solution.best.as_ref().map(name),
        "visited": solution.visited.iter().map(name).collect::<Vec<_>>(),
        "pruned": solution.pruned.iter().map(name).collect::<Vec<_>>(),
        "values": values,
        "algorithm": solution.algorithm.name(),
    });
    document
}

/// Graphviz DOT: each node with its value, pruned edges dashed, the chosen path bold.
pub fn dot(tree: &Tree, solution: &Solution) -> String {
    let pruned: HashSet<NodeId> = solution
        .pruned
        .iter()
        .flat_map(|&id| std::iter::once(id).chain(tree.descendants(id)))
        .collect();
    let path: Vec<NodeId> = solution.principal_path(tree);
    let on_path = |parent: NodeId, child: NodeId| path.windows(2).any(|w| w == [parent, child]);
    let quote = |text: &str| format!("\"{}\"", text.replace('\\', "\\\\").replace('"', "\\\""));
    let mut text = String::from("digraph tree {\n  node [fontname=\"Helvetica\"];\n");
    for (id, node) in tree.nodes.iter().enumerate() {
        let shape = match node.kind {
            Kind::Leaf(_) => "box",
            Kind::Chance(_) => "circle",
            Kind::Choice(super::MIN) if tree.players.is_none() => "invtriangle",
            Kind::Choice(_) => "triangle",
        };
        let value = solution
            .values
            .get(&id)
            .map_or(String::new(), |v| format!("\\n{}", vector_text(v)));
        let style = if pruned.contains(&id) {
            ", style=dashed, color=gray50, fontcolor=gray50"
        } else {
            ""
        };
        let label = format!("{}{value}", node.name.replace('"', "\\\""));
        let _ = writeln!(
            text,
            "  {} [label=\"{label}\", shape={shape}{style}];",
            quote(&node.name)
        );
    }
    for (parent, node) in tree.nodes.iter().enumerate() {
        for (i, &child) in node.children.iter().enumerate() {
            let mut attributes = Vec::new();
            if let Kind::Chance(probabilities) = &node.kind {
                attributes.push(format!("label=\"{}\"", number(probabilities[i])));
            }
            if pruned.contains(&child) {
                attributes.push("style=dashed".into());
            } else if on_path(parent, child) {
                attributes.push("style=bold".into());
            }
            let attributes = if attributes.is_empty() {
                String::new()
            } else {
                format!(" [{}]", attributes.join(", "))
            };
            let _ = writeln!(
                text,
                "  {} -> {}{attributes};",
                quote(&node.name),
                quote(&tree.node(child).name)
            );
        }
    }
    text.push_str("}\n");
    text
}
