//! A tree drawn as a self-contained SVG figure, as the lectures draw them: MAX as upward and
//! MIN as downward triangles, chance nodes as circles, each node's value, the edges into
//! pruned subtrees dashed, the chosen path bold, node names under the leaves.
//!
//! ```
//! use minimax_core::figures::tree;
//! use minimax_core::search::Algorithm;
//! use minimax_core::tree::solve::{solve, TreeSearch};
//! use minimax_core::tree::{parse, MAX};
//!
//! let parsed = parse("[[3, 12, 8], [2, 4, 6], [14, 5, 2]]", MAX).unwrap();
//! let solution = solve(&parsed, TreeSearch::new(Algorithm::Minimax));
//! let figure = tree::svg(&parsed, &solution);
//! assert!(figure.starts_with("<svg"));
//! // Every leaf's value is drawn.
//! let texts: Vec<&str> = figure.split("<text").skip(1).collect();
//! assert!(["12", "14"].iter().all(|v| texts.iter().any(|t| t.contains(&format!(">{v}<")) || t.contains(&format!("\n{v}\n")))));
//! ```

use crate::tree::solve::{number, vector_text, Solution};
use crate::tree::{Kind, NodeId, Tree, MAX};
use std::collections::{HashMap, HashSet};
use svg::node::element::{Circle, Group, Line, Polygon, Rectangle, Text};
use svg::node::Value;
use svg::Document;

/// Space between leaves, and between levels.
const STEP_X: f64 = 56.0;
const STEP_Y: f64 = 84.0;
/// Half the width of a node's shape.
const SIZE: f64 = 16.0;
const MARGIN: f64 = 30.0;

/// The figure of `tree` as `solution` searched it.
pub fn svg(tree: &Tree, solution: &Solution) -> String {
    draw(tree, solution, true, None, None)
}

/// The figure for a question: the tree and its leaves' values, nothing of the answer.
pub fn question(tree: &Tree, solution: &Solution) -> String {
    draw(tree, solution, false, None, None)
}

fn draw(
    tree: &Tree,
    solution: &Solution,
    answered: bool,
    mark: Option<(NodeId, &str)>,
    heading: Option<&str>,
) -> String {
    let mut place: HashMap<NodeId, (f64, f64)> = HashMap::new();
    let mut next_leaf = 0.0;
    let depth = lay_out(tree, 0, 0, &mut next_leaf, &mut place);
    // A note is written on a line of its own under the figure, as wide as it needs.
    let note_width = mark.map_or(0.0, |(_, note)| note.chars().count() as f64 * 6.6 + MARGIN);
    let width = ((next_leaf - 1.0).max(0.0) * STEP_X + 2.0 * MARGIN).max(note_width);
    let note_room = if mark.is_some() { 20.0 } else { 0.0 };
    let height = depth as f64 * STEP_Y + 2.0 * MARGIN + 24.0 + note_room;
    let pruned: HashSet<NodeId> = solution
        .pruned
        .iter()
        .filter(|_| answered)
        .flat_map(|&id| std::iter::once(id).chain(tree.descendants(id)))
        .collect();
    let path = if answered {
        solution.principal_path(tree)
    } else {
        Vec::new()
    };
    let on_path: HashSet<(NodeId, NodeId)> = path.windows(2).map(|w| (w[0], w[1])).collect();

    let mut edges = Group::new().set("class", "edges").set("stroke", "#333");
    let mut nodes = Group::new().set("class", "nodes");
    for id in 0..tree.nodes.len() {
        edges = add_edges(edges, tree, id, &place, &on_path, &pruned);
        let value = solution
            .values
            .get(&id)
            .filter(|_| answered)
            .map(|v| vector_text(v));
        nodes = add_node(nodes, tree, id, place[&id], pruned.contains(&id), value);
    }
    let heading = heading.map_or_else(
        || format!("{}: {}", solution.algorithm.name(), number(solution.value[0])),
        str::to_string,
    );
    let title = Text::new(heading)
        .set("x", MARGIN / 2.0)
        .set("y", 16)
        .set("font-size", 12)
        .set("font-family", "sans-serif");
    let mut document = Document::new()
        .set("viewBox", (0, 0, width.ceil() as i64, height.ceil() as i64))
        .set("width", width.ceil() as i64)
        .set("height", height.ceil() as i64)
        .add(title)
        .add(edges)
        .add(nodes);
    if let Some((node, note)) = mark {
        document = document.add(departure_mark(place.get(&node).copied(), note, height));
    }
    document.to_string() + "\n"
}

/// The edges from node `id` to its children: bold on the chosen path, dashed into pruned
/// subtrees, a chance node's probabilities written beside its edges.
fn add_edges(
    mut edges: Group,
    tree: &Tree,
    id: NodeId,
    place: &HashMap<NodeId, (f64, f64)>,
    on_path: &HashSet<(NodeId, NodeId)>,
    pruned: &HashSet<NodeId>,
) -> Group {
    let node = tree.node(id);
    let (x, y) = place[&id];
    for (index, &child) in node.children.iter().enumerate() {
        let (cx, cy) = place[&child];
        if let Kind::Chance(probabilities) = &node.kind {
            let probability = number(probabilities.get(index).copied().unwrap_or(0.0));
            let style: &[(&str, Value)] = &[
                ("font-size", 11.into()),
                ("stroke", "none".into()),
                ("fill", "#555".into()),
            ];
            edges = edges.add(text(probability, (x + cx) / 2.0 + 6.0, (y + cy) / 2.0, style));
        }
        let mut line = Line::new()
            .set("x1", x)
            .set("y1", y + SIZE)
            .set("x2", cx)
            .set("y2", cy - SIZE)
            .set(
                "stroke-width",
                if on_path.contains(&(id, child)) { 3.5 } else { 1.2 },
            );
        if pruned.contains(&child) {
            line = line.set("stroke-dasharray", "5 4").set("class", "pruned");
        }
        edges = edges.add(line);
    }
    edges
}

/// Node `id` at `(x, y)`: its shape, its value (`value`, or a leaf's own), the label an exercise
/// gave it beside it, and a leaf's name under it.
fn add_node(
    nodes: Group,
    tree: &Tree,
    id: NodeId,
    (x, y): (f64, f64),
    pruned: bool,
    value: Option<String>,
) -> Group {
    let node = tree.node(id);
    let mut nodes = nodes.add(shape(tree, id, x, y, pruned));
    let label = match (&node.kind, value) {
        (Kind::Leaf(values), _) => Some(vector_text(values)),
        (_, Some(value)) => Some(value),
        _ => None,
    };
    if let Some(label) = label {
        let style: &[(&str, Value)] = &[("text-anchor", "middle".into()), ("font-size", 13.into())];
        nodes = nodes.add(text(label, x, y + 5.0, style));
    }
    // A label the exercise gave a node (A, B, …) is written beside it; paths (2.3) only
    // under the leaves, where a reader looks for them.
    let labelled = node.name != "root" && !node.name.chars().all(|c| c.is_ascii_digit() || c == '.');
    if !node.children.is_empty() && labelled {
        let style: &[(&str, Value)] = &[("font-size", 12.into()), ("font-style", "italic".into())];
        nodes = nodes.add(text(node.name.clone(), x + SIZE * 1.4, y - SIZE * 0.5, style));
    }
    if node.children.is_empty() {
        let style: &[(&str, Value)] = &[
            ("text-anchor", "middle".into()),
            ("font-size", 11.into()),
            ("fill", "#555".into()),
        ];
        nodes = nodes.add(text(node.name.clone(), x, y + SIZE + 16.0, style));
    }
    nodes
}

/// Sans-serif text at `(x, y)` with `style`'s attributes, in that order (the figures' bytes
/// depend on it).
fn text(content: impl Into<String>, x: f64, y: f64, style: &[(&str, Value)]) -> Text {
    let text = Text::new(content).set("x", x).set("y", y);
    style
        .iter()
        .fold(text, |text, (name, value)| text.set(*name, value.clone()))
        .set("font-family", "sans-serif")
}

/// A red ring around the node at `at`, and the note on the figure's last line.
fn departure_mark(at: Option<(f64, f64)>, note: &str, height: f64) -> Group {
    let text = Text::new(note)
        .set("x", MARGIN / 2.0)
        .set("y", height - 10.0)
        .set("font-size", 12)
        .set("fill", "#c00")
        .set("font-family", "sans-serif");
    let mut group = Group::new().set("class", "departure").add(text);
    if let Some((x, y)) = at {
        let ring = Circle::new()
            .set("cx", x)
            .set("cy", y)
            .set("r", SIZE * 1.7)
            .set("fill", "none")
            .set("stroke", "#c00")
            .set("stroke-width", 2.5);
        group = group.add(ring);
    }
    group
}

/// The figure with one node ringed in red and a note under the title: where a student's search
/// departs from every correct one (see [`crate::replay::figure`]).
pub fn marked(tree: &Tree, solution: &Solution, node: NodeId, note: &str) -> String {
    draw(tree, solution, true, Some((node, note)), None)
}

/// [`marked`] with a title of the caller's: a student's search is not the tree's own search,
/// so its figure must not be headed "minimax: v".
pub fn marked_titled(tree: &Tree, solution: &Solution, node: NodeId, note: &str, title: &str) -> String {
    draw(tree, solution, true, Some((node, note)), Some(title))
}

/// Leaves left to right one step apart, parents centred over their children; returns the depth.
fn lay_out(
    tree: &Tree,
    id: NodeId,
    level: usize,
    next_leaf: &mut f64,
    place: &mut HashMap<NodeId, (f64, f64)>,
) -> usize {
    let y = MARGIN + 20.0 + level as f64 * STEP_Y;
    let node = tree.node(id);
    if node.children.is_empty() {
        place.insert(id, (MARGIN + *next_leaf * STEP_X, y));
        *next_leaf += 1.0;
        return level;
    }
    let mut deepest = level;
    for &child in &node.children {
        deepest = deepest.max(lay_out(tree, child, level + 1, next_leaf, place));
    }
    let xs: Vec<f64> = node.children.iter().map(|c| place[c].0).collect();
    let x = xs.iter().sum::<f64>() / xs.len() as f64;
    place.insert(id, (x, y));
    deepest
}

/// A node's outline: ▲ MAX, ▼ MIN (and other players), ○ chance, □ leaf; pruned ones grey.
fn shape(tree: &Tree, id: NodeId, x: f64, y: f64, pruned: bool) -> Group {
    let fill = if pruned { "#eee" } else { "#fff" };
    let stroke = if pruned { "#999" } else { "#000" };
    let group = Group::new().set("class", format!("node {}", tree.role(id).to_lowercase()));
    match tree.node(id).kind {
        Kind::Leaf(_) => group.add(
            Rectangle::new()
                .set("x", x - SIZE * 0.8)
                .set("y", y - SIZE * 0.8)
                .set("width", SIZE * 1.6)
                .set("height", SIZE * 1.6)
                .set("fill", fill)
                .set("stroke", stroke),
        ),
        Kind::Chance(_) => group.add(
            Circle::new()
                .set("cx", x)
                .set("cy", y)
                .set("r", SIZE)
                .set("fill", fill)
                .set("stroke", stroke),
        ),
        Kind::Choice(player) => {
            let up = tree.players.is_none() && player == MAX;
            let points = if up {
                format!(
                    "{},{} {},{} {},{}",
                    x,
                    y - SIZE,
                    x - SIZE * 1.2,
                    y + SIZE,
                    x + SIZE * 1.2,
                    y + SIZE
                )
            } else {
                format!(
                    "{},{} {},{} {},{}",
                    x,
                    y + SIZE,
                    x - SIZE * 1.2,
                    y - SIZE,
                    x + SIZE * 1.2,
                    y - SIZE
                )
            };
            group.add(
                Polygon::new()
                    .set("points", points)
                    .set("fill", fill)
                    .set("stroke", stroke),
            )
        }
    }
}
