//! The first departing node drawn on the student's tree, bounded: the path from the root to
//! it, the siblings along that path, and its own children, never the whole search (a
//! student's tree can hold 5,000 nodes and more).

use super::trace::Trace;
use crate::search::Algorithm;
use crate::tree::solve::{solve, TreeSearch};
use crate::tree::{Kind, Node, Tree, MAX, MIN};

/// The most children drawn under one node: those nearest the path are kept.
pub const FIGURE_SIBLINGS: usize = 9;

/// The student's search around `node`: the path to it with each level's siblings and its
/// children, the student's values at every node drawn, `node` ringed with `note` (its α, β
/// and value), the figure headed `title` (it is the student's search, not the tree's
/// minimax). A node drawn whose subtree is left out is drawn as a leaf, with its value.
/// `None` when `node` is not in the trace.
///
/// ```
/// use minimax_core::replay::{departure_figure, trace};
///
/// let text = "minimax-trace 1\nenter X 3 1\nenter O 1 3\nleave -1\nleave -1\nenter X 1 3\nleave 0\n";
/// let trace = trace::read(text.as_bytes(), trace::Limits::default()).unwrap();
/// let svg = departure_figure(&trace, 2, "α = -∞, β = +∞, value written -1", "your search: 0").unwrap();
/// assert!(svg.contains("your search: 0") && !svg.contains("minimax:"));
/// assert!(svg.contains("class=\"departure\""));
/// ```
pub fn departure_figure(trace: &Trace, node: usize, note: &str, title: &str) -> Option<String> {
    if node >= trace.nodes.len() {
        return None;
    }
    let path = path_to(trace, node);
    // The trace's nodes kept, each with the kept children; the figure's ids follow `kept`.
    let mut kept: Vec<usize> = vec![0];
    let mut children_of: Vec<Vec<usize>> = vec![Vec::new()];
    let below: Vec<usize> = nearest(&trace.nodes[node].children, None);
    for (level, &at) in path.iter().enumerate() {
        let next = path.get(level + 1).copied();
        let shown = match next {
            Some(next) => nearest(&trace.nodes[at].children, Some(next)),
            None => below.clone(),
        };
        let parent = kept.iter().position(|&k| k == at).unwrap_or(0);
        for child in shown {
            kept.push(child);
            children_of.push(Vec::new());
            let id = kept.len() - 1;
            children_of[parent].push(id);
        }
    }
    let max_at_root = true;
    let nodes = kept.iter().zip(&children_of).map(|(&id, children)| {
        let traced = &trace.nodes[id];
        let max = (traced.depth % 2 == 0) == max_at_root;
        let kind = if children.is_empty() {
            Kind::Leaf(vec![traced.value.unwrap_or(0.0)])
        } else {
            Kind::Choice(if max { MAX } else { MIN })
        };
        Node {
            name: traced.mv.map_or("root".to_string(), |mv| mv.to_string()),
            kind,
            children: children.clone(),
        }
    });
    let drawn = Tree {
        nodes: nodes.collect(),
        players: None,
    };
    let mut solution = solve(&drawn, TreeSearch::new(Algorithm::Minimax));
    // The student's own values, not minimax's over the part drawn.
    for (drawn_id, &id) in kept.iter().enumerate() {
        if let Some(value) = trace.nodes[id].value {
            solution.values.insert(drawn_id, vec![value]);
        }
    }
    let ringed = kept.iter().position(|&k| k == node).unwrap_or(0);
    Some(crate::figures::tree::marked_titled(
        &drawn, &solution, ringed, note, title,
    ))
}

/// The nodes from the root down to `node`, both included.
fn path_to(trace: &Trace, node: usize) -> Vec<usize> {
    let mut path = vec![node];
    let mut at = node;
    while at != 0 {
        // A node's parent is the last node before it that holds it among its children.
        let parent = (0..at)
            .rev()
            .find(|&p| trace.nodes[p].children.contains(&at))
            .unwrap_or(0);
        path.push(parent);
        at = parent;
    }
    path.reverse();
    path
}

/// At most [`FIGURE_SIBLINGS`] of `children`, those nearest `on_path` (the first ones when
/// there is none), in the trace's order.
fn nearest(children: &[usize], on_path: Option<usize>) -> Vec<usize> {
    if children.len() <= FIGURE_SIBLINGS {
        return children.to_vec();
    }
    let at = on_path
        .and_then(|p| children.iter().position(|&c| c == p))
        .unwrap_or(0);
    let start = at
        .saturating_sub(FIGURE_SIBLINGS / 2)
        .min(children.len() - FIGURE_SIBLINGS);
    children[start..start + FIGURE_SIBLINGS].to_vec()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::replay::trace::{read, Limits};

    /// Plain minimax from a board with six empty squares: hundreds of nodes.
    fn wide_trace() -> Trace {
        let mut text = String::from("minimax-trace 1\n");
        fn walk(text: &mut String, empty: &[u8], mark: char, depth: usize) {
            for (i, &square) in empty.iter().enumerate() {
                text.push_str(&format!("enter {mark} {} {}\n", square % 3 + 1, square / 3 + 1));
                if depth < 3 {
                    let rest: Vec<u8> = empty.iter().copied().filter(|&s| s != empty[i]).collect();
                    walk(text, &rest, if mark == 'X' { 'O' } else { 'X' }, depth + 1);
                }
                text.push_str("leave 0\n");
            }
        }
        walk(&mut text, &[0, 1, 2, 3, 4, 5, 6, 7, 8], 'X', 0);
        read(text.as_bytes(), Limits::default()).unwrap()
    }

    #[test]
    fn a_big_search_is_drawn_only_around_its_first_departure() {
        let trace = wide_trace();
        assert!(trace.nodes.len() > 3000);
        let deep = trace.nodes.len() / 2;
        let svg = departure_figure(&trace, deep, "α = 0, β = 1, value written 0", "your search").unwrap();
        // The path (4 levels of 9, 8, 7, 6 children at most) and nothing more.
        let drawn = svg.matches("<text").count();
        assert!(drawn < 120, "{drawn} texts drawn");
        assert!(svg.contains("your search") && !svg.contains("minimax:"));
        assert!(svg.contains("α = 0, β = 1, value written 0"));
    }

    #[test]
    fn a_node_outside_the_trace_has_no_figure() {
        let trace = wide_trace();
        assert_eq!(departure_figure(&trace, trace.nodes.len(), "", ""), None);
    }

    #[test]
    fn siblings_kept_are_those_around_the_path() {
        let children: Vec<usize> = (10..30).collect();
        assert_eq!(nearest(&children, Some(29)), (21..30).collect::<Vec<_>>());
        assert_eq!(nearest(&children, Some(15)), (11..20).collect::<Vec<_>>());
        assert_eq!(nearest(&children, None), (10..19).collect::<Vec<_>>());
    }
}
