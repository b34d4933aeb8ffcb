//! Reading a game tree from JSON, reporting every problem with the node it is in.
//!
//! A number is a leaf (its utility for MAX); an array is a node whose children are its
//! elements; an object is a node with `label`, `player`, `children` or `value`; a chance node
//! is `{"chance": [[0.9, subtree], [0.1, subtree]]}`; `{"players": [...], "tree": ...}` makes
//! a tree of several players whose leaves are arrays of numbers, one per player.

use super::{Kind, Node, Tree, MAX, MIN};
use crate::notation::diagnostic::{
    json_error_location, json_error_message, json_kind as kind, Diagnostic, Location,
};
use serde_json::{Map, Value};

/// One thing wrong with a tree.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub(crate) enum TreeProblem {
    #[error("not valid JSON: {0}")]
    Json(String),
    #[error("a leaf must be {expected}, found {found}")]
    BadLeaf { expected: &'static str, found: String },
    #[error("an inner node needs at least one child")]
    Empty,
    #[error("unknown key `{0}`")]
    UnknownKey(String),
    #[error("a node has either `value` (a leaf) or `children`/`chance`, not both")]
    Both,
    #[error("a node object needs `children`, `value` or `chance`")]
    Nothing,
    #[error("`player` must be {expected}, found {found}")]
    BadPlayer { expected: String, found: String },
    #[error("`label` must be a string, found {0}")]
    BadLabel(String),
    #[error("the label `{0}` names two nodes")]
    DuplicateLabel(String),
    #[error("a chance outcome must be [probability, subtree], found {0}")]
    BadOutcome(String),
    #[error("probability {0} is not between 0 and 1")]
    BadProbability(f64),
    #[error("the probabilities sum to {0}, not 1")]
    ProbabilitySum(f64),
    #[error("the leaf has {found} values, but there are {players} players")]
    VectorLength { found: usize, players: usize },
    #[error("`players` must list at least two names, found {0}")]
    BadPlayers(String),
    #[error("a tree of several players has no chance nodes here")]
    ChanceWithPlayers,
}

impl TreeProblem {
    fn help(&self) -> Option<&'static str> {
        Some(match self {
            TreeProblem::Json(_) => "a tree is JSON such as [[3,12,8],[2,4,6],[14,5,2]]",
            TreeProblem::BadLeaf { .. } | TreeProblem::VectorLength { .. } => {
                "a leaf is a number (its utility for MAX); with players, an array of one number per player"
            }
            TreeProblem::UnknownKey(_) | TreeProblem::Both | TreeProblem::Nothing => {
                "a node object has `label`, `player`, and `children` (or `value`, or `chance`)"
            }
            TreeProblem::BadOutcome(_) | TreeProblem::BadProbability(_) | TreeProblem::ProbabilitySum(_) => {
                r#"a chance node is {"chance": [[0.9, subtree], [0.1, subtree]]}, probabilities summing to 1"#
            }
            _ => return None,
        })
    }
}

/// Probabilities may sum to 1 within this much.
const SUM_TOLERANCE: f64 = 1e-9;

/// Reads a tree; `root_player` is who moves at the root of a MAX/MIN tree.
///
/// ```
/// use minimax_core::tree::{parse, MAX};
///
/// // The lecture's tree: a root, three MIN nodes, nine leaves.
/// let tree = parse("[[3, 12, 8], [2, 4, 6], [14, 5, 2]]", MAX).unwrap();
/// assert_eq!(tree.nodes.len(), 13);
/// // A leaf that is not a number is refused, saying what was found instead.
/// let problems = parse("[[3, 12, 8], [2, \"x\", 6]]", MAX).unwrap_err();
/// assert_eq!(problems[0].message, "a leaf must be a number, found a string");
/// ```
pub fn parse(text: &str, root_player: usize) -> Result<Tree, Vec<Diagnostic>> {
    let json: Value = serde_json::from_str(text).map_err(|error| vec![syntax(text, &error)])?;
    let mut reader = Reader {
        tree: Tree {
            nodes: Vec::new(),
            players: None,
        },
        problems: Vec::new(),
    };
    let (root, first) = match json.as_object().and_then(|o| o.get("players").map(|p| (o, p))) {
        Some((wrapper, players)) => {
            reader.read_players(wrapper, players);
            (wrapper.get("tree").cloned().unwrap_or(Value::Null), 0)
        }
        None => (json, root_player),
    };
    if reader.problems.is_empty() {
        reader.read(&root, "root".to_string(), "", first);
    }
    reader.check_labels();
    if reader.problems.is_empty() {
        Ok(reader.tree)
    } else {
        Err(reader.problems)
    }
}

fn syntax(text: &str, error: &serde_json::Error) -> Diagnostic {
    let at = json_error_location(text, error);
    let problem = TreeProblem::Json(json_error_message(error));
    Diagnostic {
        message: problem.to_string(),
        help: problem.help().map(str::to_string),
        at,
    }
}

struct Reader {
    tree: Tree,
    problems: Vec<Diagnostic>,
}

impl Reader {
    fn problem(&mut self, name: &str, problem: TreeProblem) {
        self.problems.push(Diagnostic {
            message: problem.to_string(),
            help: problem.help().map(str::to_string),
            at: Some(Location::Json(format!("node {name}"))),
        });
    }

    fn read_players(&mut self, wrapper: &Map<String, Value>, players: &Value) {
        for key in wrapper
            .keys()
            .filter(|k| !matches!(k.as_str(), "players" | "tree"))
        {
            self.problem("root", TreeProblem::UnknownKey(key.clone()));
        }
        let names: Option<Vec<String>> = players
            .as_array()
            .and_then(|all| all.iter().map(|p| p.as_str().map(str::to_string)).collect());
        match names {
            Some(names) if names.len() >= 2 => self.tree.players = Some(names),
            _ => self.problem("root", TreeProblem::BadPlayers(players.to_string())),
        }
        if !wrapper.contains_key("tree") {
            self.problem("root", TreeProblem::Nothing);
        }
    }

    fn player_count(&self) -> Option<usize> {
        self.tree.players.as_ref().map(Vec::len)
    }

    /// The player after `player` at the next level of choices.
    fn next(&self, player: usize) -> usize {
        match self.player_count() {
            Some(count) => (player + 1) % count,
            None if player == MAX => MIN,
            None => MAX,
        }
    }

    /// Reads the node `value` at `path` (its positional name) whose chooser is `player`;
    /// returns its id, or `None` when it could not be read.
    fn read(&mut self, value: &Value, path: String, label: &str, player: usize) -> Option<usize> {
        let name = if label.is_empty() {
            path.clone()
        } else {
            label.to_string()
        };
        match value {
            Value::Number(_) | Value::Array(_) if self.is_leaf(value) => {
                let values = self.leaf_values(value, &name)?;
                Some(self.add(name, Kind::Leaf(values), Vec::new()))
            }
            Value::Array(children) => self.read_choice(children, &path, name, player),
            Value::Object(object) => self.read_object(object, path, player),
            other => {
                let expected = self.leaf_kind();
                self.problem(
                    &name,
                    TreeProblem::BadLeaf {
                        expected,
                        found: kind(other).to_string(),
                    },
                );
                None
            }
        }
    }

    /// A number, or with players an array of numbers only.
    fn is_leaf(&self, value: &Value) -> bool {
        match (value, self.player_count()) {
            (Value::Number(_), _) => true,
            (Value::Array(items), Some(_)) => !items.is_empty() && items.iter().all(Value::is_number),
            _ => false,
        }
    }

    fn leaf_kind(&self) -> &'static str {
        if self.player_count().is_some() {
            "an array of numbers, one per player"
        } else {
            "a number"
        }
    }

    fn leaf_values(&mut self, value: &Value, name: &str) -> Option<Vec<f64>> {
        let values: Vec<f64> = match value {
            Value::Number(n) => vec![n.as_f64()?],
            Value::Array(items) => items.iter().filter_map(Value::as_f64).collect(),
            _ => return None,
        };
        match self.player_count() {
            Some(players) if values.len() != players => {
                self.problem(
                    name,
                    TreeProblem::VectorLength {
                        found: values.len(),
                        players,
                    },
                );
                None
            }
            None if values.len() != 1 => {
                let found = value.to_string();
                self.problem(
                    name,
                    TreeProblem::BadLeaf {
                        expected: "a number",
                        found,
                    },
                );
                None
            }
            _ => Some(values),
        }
    }

    fn read_choice(&mut self, children: &[Value], path: &str, name: String, player: usize) -> Option<usize> {
        if children.is_empty() {
            self.problem(&name, TreeProblem::Empty);
            return None;
        }
        let id = self.add(name, Kind::Choice(player), Vec::new());
        let next = self.next(player);
        let ids = self.read_children(children.iter(), path, next);
        self.tree.nodes[id].children = ids;
        Some(id)
    }

    fn read_children<'v>(
        &mut self,
        children: impl Iterator<Item = &'v Value>,
        path: &str,
        player: usize,
    ) -> Vec<usize> {
        children
            .enumerate()
            .filter_map(|(i, child)| self.read(child, child_path(path, i), "", player))
            .collect()
    }

    fn read_object(&mut self, object: &Map<String, Value>, path: String, player: usize) -> Option<usize> {
        let label = match object.get("label") {
            None => String::new(),
            Some(Value::String(label)) => label.clone(),
            Some(other) => {
                self.problem(&path, TreeProblem::BadLabel(other.to_string()));
                String::new()
            }
        };
        let name = if label.is_empty() {
            path.clone()
        } else {
            label.clone()
        };
        for key in object.keys() {
            if !matches!(key.as_str(), "label" | "player" | "children" | "value" | "chance") {
                self.problem(&name, TreeProblem::UnknownKey(key.clone()));
            }
        }
        let player = match object.get("player") {
            None => player,
            Some(given) => self.read_player(given, &name).unwrap_or(player),
        };
        let (value, children, chance) = (object.get("value"), object.get("children"), object.get("chance"));
        match (value, children, chance) {
            (Some(_), Some(_), _) | (Some(_), _, Some(_)) | (None, Some(_), Some(_)) => {
                self.problem(&name, TreeProblem::Both);
                None
            }
            (Some(value), None, None) => self.read(value, path, &label, player),
            (None, Some(Value::Array(children)), None) => self.read_choice(children, &path, name, player),
            (None, Some(other), None) => {
                self.problem(
                    &name,
                    TreeProblem::BadLeaf {
                        expected: "an array of children",
                        found: kind(other).into(),
                    },
                );
                None
            }
            (None, None, Some(outcomes)) => self.read_chance(outcomes, &path, name, player),
            (None, None, None) => {
                self.problem(&name, TreeProblem::Nothing);
                None
            }
        }
    }

    fn read_player(&mut self, given: &Value, name: &str) -> Option<usize> {
        let text = given.as_str().unwrap_or_default();
        let found = match &self.tree.players {
            Some(names) => names.iter().position(|n| n == text),
            None => match text.to_ascii_lowercase().as_str() {
                "max" => Some(MAX),
                "min" => Some(MIN),
                _ => None,
            },
        };
        if found.is_none() {
            let expected = match &self.tree.players {
                Some(names) => format!("one of {}", names.join(", ")),
                None => "\"max\" or \"min\"".to_string(),
            };
            self.problem(
                name,
                TreeProblem::BadPlayer {
                    expected,
                    found: given.to_string(),
                },
            );
        }
        found
    }

    fn read_chance(&mut self, outcomes: &Value, path: &str, name: String, player: usize) -> Option<usize> {
        if self.player_count().is_some() {
            self.problem(&name, TreeProblem::ChanceWithPlayers);
            return None;
        }
        let Some(outcomes) = outcomes.as_array().filter(|o| !o.is_empty()) else {
            self.problem(&name, TreeProblem::BadOutcome(outcomes.to_string()));
            return None;
        };
        let mut probabilities = Vec::new();
        let mut subtrees = Vec::new();
        for outcome in outcomes {
            match outcome.as_array().map(Vec::as_slice) {
                Some([Value::Number(p), subtree]) => {
                    let p = p.as_f64().unwrap_or(f64::NAN);
                    if !(0.0..=1.0).contains(&p) {
                        self.problem(&name, TreeProblem::BadProbability(p));
                    }
                    probabilities.push(p);
                    subtrees.push(subtree);
                }
                _ => self.problem(&name, TreeProblem::BadOutcome(outcome.to_string())),
            }
        }
        let sum: f64 = probabilities.iter().sum();
        if probabilities.len() == outcomes.len() && (sum - 1.0).abs() > SUM_TOLERANCE {
            self.problem(&name, TreeProblem::ProbabilitySum(sum));
        }
        let id = self.add(name, Kind::Chance(probabilities), Vec::new());
        // Chance does not take a turn: the next choice is still `player`'s.
        let ids = self.read_children(subtrees.into_iter(), path, player);
        self.tree.nodes[id].children = ids;
        Some(id)
    }

    fn add(&mut self, name: String, kind: Kind, children: Vec<usize>) -> usize {
        self.tree.nodes.push(Node { name, kind, children });
        self.tree.nodes.len() - 1
    }

    fn check_labels(&mut self) {
        let mut seen = std::collections::HashSet::new();
        let duplicates: Vec<String> = self
            .tree
            .nodes
            .iter()
            .filter(|n| !seen.insert(n.name.clone()))
            .map(|n| n.name.clone())
            .collect();
        for name in duplicates {
            self.problem(&name, TreeProblem::DuplicateLabel(name.clone()));
        }
    }
}

fn child_path(parent: &str, index: usize) -> String {
    if parent.is_empty() || parent == "root" {
        (index + 1).to_string()
    } else {
        format!("{parent}.{}", index + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tree::CHANCE;

    fn names(tree: &Tree) -> Vec<&str> {
        tree.nodes.iter().map(|n| n.name.as_str()).collect()
    }

    #[test]
    fn nested_arrays_alternate_max_and_min_and_are_named_by_path() {
        let tree = parse("[[3,12],[2]]", MAX).unwrap();
        assert_eq!(names(&tree), ["root", "1", "1.1", "1.2", "2", "2.1"]);
        assert_eq!(tree.nodes[0].kind, Kind::Choice(MAX));
        assert_eq!(tree.nodes[1].kind, Kind::Choice(MIN));
        assert_eq!(tree.nodes[2].kind, Kind::Leaf(vec![3.0]));
    }

    #[test]
    fn labels_and_players_in_objects_are_kept() {
        let tree = parse(
            r#"{"label": "A", "children": [{"label": "B", "player": "max", "children": [1]}, 2]}"#,
            MAX,
        )
        .unwrap();
        assert_eq!(names(&tree), ["A", "B", "1.1", "2"]);
        assert_eq!(tree.nodes[1].kind, Kind::Choice(MAX));
    }

    #[test]
    fn chance_nodes_keep_the_turn_of_the_level_above() {
        let tree = parse(r#"[{"chance": [[0.5, [1, 2]], [0.5, 3]]}]"#, MAX).unwrap();
        assert_eq!(tree.nodes[1].kind, Kind::Chance(vec![0.5, 0.5]));
        assert_eq!(tree.nodes[2].kind, Kind::Choice(MIN));
    }

    #[test]
    fn every_problem_is_reported_with_its_node() {
        let problems = parse(r#"[[1, "x"], [], {"chance": [[0.5, 1], [0.6, 2]]}]"#, MAX).unwrap_err();
        let messages: Vec<String> = problems
            .iter()
            .map(|d| format!("{:?}: {}", d.at, d.message))
            .collect();
        assert_eq!(
            messages,
            [
                r#"Some(Json("node 1.2")): a leaf must be a number, found a string"#,
                r#"Some(Json("node 2")): an inner node needs at least one child"#,
                r#"Some(Json("node 3")): the probabilities sum to 1.1, not 1"#,
            ]
        );
    }

    #[test]
    fn several_players_need_a_value_each() {
        let tree = parse(r#"{"players": ["A","B","C"], "tree": [[[1,2,3],[4,5,6]]]}"#, MAX).unwrap();
        assert_eq!(tree.nodes[0].kind, Kind::Choice(0));
        assert_eq!(tree.nodes[1].kind, Kind::Choice(1));
        let problems = parse(r#"{"players": ["A","B","C"], "tree": [[1,2], [1,2,3]]}"#, MAX).unwrap_err();
        assert_eq!(
            problems[0].message,
            "the leaf has 2 values, but there are 3 players"
        );
    }

    #[test]
    fn chance_is_not_a_player() {
        assert_ne!(CHANCE, MAX);
        assert_ne!(CHANCE, MIN);
    }
}
