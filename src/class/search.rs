//! The search's trace of one run, judged: the lines of the protocol picked out of the run's
//! stderr (`MINIMAX_TRACE=2`), replayed on the position by core's replay, and said in one
//! line of the verdict ("alpha-beta (≥ cut-offs, fail-soft) correct, 1,204 nodes").

use minimax_core::exercises::Exercise;
use minimax_core::games::mnk::{read_any, Coords, Move, Rules as BoardRules, TicTacToe};
use minimax_core::replay::{self, trace, Expected, Rules, Verdict};
use serde::Serialize;

/// The environment variable that asks a program for its trace, and where it goes: `2`, the
/// run's stderr (a descriptor: the box lets no file out of a run).
pub(crate) const TRACE_VAR: &str = "MINIMAX_TRACE";
/// Where the grader asks for it.
pub(crate) const TRACE_TO: &str = "2";
/// What a run may write when its trace is asked for: the trace of plain minimax from the
/// empty board fits (about 16 MB).
pub(crate) const TRACE_OUTPUT: usize = 24 << 20;

/// How a stdio run is asked for its trace, said when it wrote none.
pub(crate) const STDIO_HINT: &str = "MINIMAX_TRACE=2 asks for it on stderr";
/// How a session's program writes its trace, said when it wrote none.
pub(crate) const SESSION_HINT: &str =
    "the harness records it when the program calls its helper, MinimaxTrace.java or minimax_trace.py";

/// The search of one run, judged (in the JSON only when the course asks for it).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct SearchCheck {
    /// What was asked and what was found, said in a line.
    pub(crate) verdict: String,
    /// The search earns its part: a correct procedure that reaches the printed move.
    pub(crate) correct: bool,
    /// `minimax`, `alpha-beta …`, the bug's name, `departs`, `refused` or `no trace`:
    /// what the class page groups by.
    pub(crate) group: String,
    /// Nodes the program entered (null without a trace).
    pub(crate) nodes: Option<usize>,
    /// What alpha-beta enters in the program's own order, when the trace tells.
    pub(crate) minimum: Option<usize>,
    /// The first node where the trace parts from what was asked: its path of moves, α, β,
    /// and what the right search does there.
    pub(crate) departure: Option<String>,
    /// The student's tree around the first departing node as an SVG figure (the path to it,
    /// the siblings along the path, its children), that node ringed with its α, β and value;
    /// absent for a correct search.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) figure: Option<String>,
}

/// Splits a run's stderr into the trace's lines and the rest (what the report shows).
pub(crate) fn split_stderr(stderr: &[u8]) -> (Vec<u8>, Vec<u8>) {
    let (mut traced, mut rest) = (Vec::new(), Vec::new());
    for line in stderr.split_inclusive(|&b| b == b'\n') {
        let text = line.trim_ascii_start();
        let ours = [&b"minimax-trace "[..], b"enter", b"leave "]
            .iter()
            .any(|word| text.starts_with(word));
        if ours {
            traced.extend_from_slice(line);
        } else {
            rest.extend_from_slice(line);
        }
    }
    (traced, rest)
}

/// The search of a run that printed `answer` on `exercise`, graded by the course's `rules`.
/// `asked` says how the program is asked for its trace, for a run that wrote none.
pub(crate) fn grade(
    exercise: &Exercise,
    traced: &[u8],
    asked: &str,
    answer: Option<&str>,
    rules: Rules,
    coords: Coords,
) -> SearchCheck {
    if traced.is_empty() {
        return lost("no trace", format!("no trace: the program wrote none ({asked})"));
    }
    let Ok(position) = read_any(&exercise.text, BoardRules::default(), None) else {
        return lost(
            "not checked",
            "search not checked: the position is not a board the replay plays".to_string(),
        );
    };
    let game = TicTacToe::new(position.board.shape());
    let read = trace::read(traced, trace::Limits::default());
    let replayed = match read.map_err(|e| e.to_string()).and_then(|t| {
        replay::replay(&game, &position, &t, rules)
            .map(|r| (r, t))
            .map_err(|e| e.to_string())
    }) {
        Ok(replayed) => replayed,
        Err(why) => return lost("refused", format!("trace refused: {why}")),
    };
    let (replayed, trace) = replayed;
    if trace.nodes.len() == 1 && !trace.explicit_root {
        return lost("no trace", "no search: the trace enters no node".to_string());
    }
    let printed = answer.and_then(|a| a.parse::<Move>().ok());
    let mut check = describe(&replayed, &trace, coords);
    if let (Some(printed), Some(chosen)) = (printed, replayed.chosen) {
        if printed != chosen && check.correct {
            check.correct = false;
            check.verdict.push_str(&format!(
                "; but the trace's best move is {}, not the move printed",
                chosen.display(coords)
            ));
        }
    }
    check
}

/// A search that earns nothing, with the reason, in its group.
fn lost(group: &str, why: String) -> SearchCheck {
    SearchCheck {
        verdict: why,
        correct: false,
        group: group.to_string(),
        nodes: None,
        minimum: None,
        departure: None,
        figure: None,
    }
}

/// A trace refused unread because the program wrote more than `limit` bytes of it.
pub(crate) fn too_big(limit: usize) -> SearchCheck {
    lost(
        "refused",
        format!(
            "trace refused: the trace passes its limit of {} bytes; the rest is not read",
            thousands(limit)
        ),
    )
}

/// The replay said in words, with the counts and the first departing node.
fn describe(replayed: &replay::Replay, trace: &trace::Trace, coords: Coords) -> SearchCheck {
    let nodes = replayed.nodes;
    let ordering = replayed.ordering;
    let (correct, group) = match replayed.verdict {
        Verdict::Correct(procedure) if ordering.is_some_and(|o| !o.ordered) => {
            (false, format!("{procedure}, not ordered"))
        }
        Verdict::Correct(procedure) if ordering.is_some_and(|o| o.can_help()) => {
            (true, format!("{procedure}, ordered"))
        }
        Verdict::Correct(procedure) => (true, procedure.to_string()),
        Verdict::Bug(bug) => (false, bug.to_string()),
        // The search the trace comes closest to backs up another value from the same
        // children: the trace's numbers are not a search's.
        Verdict::Departs if adds_up_wrong(replayed) => (false, "values do not add up".to_string()),
        Verdict::Departs => (false, "departs".to_string()),
    };
    let mut verdict = verdict_line(replayed, &group);
    // An unordered search is correct node for node: it has no departing node.
    let departure = replayed
        .departure
        .filter(|_| !correct)
        .map(|d| departure_line(&d, trace, coords));
    if replayed.reused > 0 {
        verdict.push_str(&format!(
            "; transposition table: {} repeated positions not searched again",
            thousands(replayed.reused)
        ));
    }
    if let Some(departure) = &departure {
        verdict.push_str(&format!("; first departure at {departure}"));
    }
    let figure = replayed
        .departure
        .filter(|_| !correct)
        .and_then(|d| departure_drawn(&d, trace));
    SearchCheck {
        verdict,
        correct,
        group,
        nodes: Some(nodes),
        minimum: replayed.minimum,
        departure,
        figure,
    }
}

/// The verdict in a line: the search's name and its counts.
fn verdict_line(replayed: &replay::Replay, group: &str) -> String {
    let nodes = replayed.nodes;
    let ordering = replayed.ordering;
    match (replayed.verdict, replayed.minimum) {
        (Verdict::Correct(procedure), _) => match ordering {
            Some(o) if !o.ordered => format!(
                "{procedure} correct but not ordered: {} nodes where alpha-beta in board order visits {} and best first {}",
                thousands(nodes),
                thousands(o.board_order),
                thousands(o.best_first)
            ),
            Some(o) if o.can_help() => format!(
                "{procedure} correct, ordered: {} nodes where alpha-beta in board order visits {}",
                thousands(nodes),
                thousands(o.board_order)
            ),
            _ => format!("{} correct, {} nodes", procedure, thousands(nodes)),
        },
        (Verdict::Bug(replay::Bug::NoPruning), Some(minimum)) => format!(
            "no pruning: {} nodes where alpha-beta in your order visits {}",
            thousands(nodes),
            thousands(minimum)
        ),
        (Verdict::Bug(_), _) => format!("{group}, {} nodes", thousands(nodes)),
        (Verdict::Departs, _) if adds_up_wrong(replayed) => {
            "trace refused: its values do not add up".to_string()
        }
        (Verdict::Departs, _) => format!("not a search the grader knows, {} nodes", thousands(nodes)),
    }
}

/// Where the trace first parts from what was asked, and what the right search does there.
fn departure_line(d: &replay::Departure, trace: &trace::Trace, coords: Coords) -> String {
    let path = path_of(trace, d.node, coords);
    let (alpha, beta) = d.window;
    let does = match d.expected {
        Expected::Enter(mv) => format!("enters {} next", mv.display(coords)),
        Expected::Pruned => "has cut this node off".to_string(),
        Expected::Leaf => "goes no deeper".to_string(),
        Expected::Value(v) => format!("backs up {}", number(v)),
        Expected::Terminal(v) => format!("scores this finished game {} for MAX", number(v)),
    };
    format!(
        "{path} (line {}), α = {}, β = {}: {} {does}",
        trace.nodes[d.node].line,
        number(alpha),
        number(beta),
        d.procedure
    )
}

/// The student's tree around the first departing node, that node ringed with α, β and the
/// value written there; headed as the student's search, not the tree's minimax.
fn departure_drawn(d: &replay::Departure, trace: &trace::Trace) -> Option<String> {
    let (alpha, beta) = d.window;
    let written = trace.nodes[d.node].value.map_or("none".to_string(), number);
    let note = format!(
        "first departure: α = {}, β = {}, value written {written}",
        number(alpha),
        number(beta)
    );
    let title = match trace.nodes[0].value {
        Some(value) => format!("your search: {}", number(value)),
        None => "your search".to_string(),
    };
    replay::departure_figure(trace, d.node, &note, &title)
}

/// Whether the latest departure is a value its children cannot give, at a node with children.
fn adds_up_wrong(replayed: &replay::Replay) -> bool {
    matches!(replayed.departure.map(|d| d.expected), Some(Expected::Value(_)))
}

/// The moves from the root to `node`, as the course writes them (`root` for the root).
fn path_of(trace: &trace::Trace, node: usize, coords: Coords) -> String {
    let mut moves = Vec::new();
    let mut at = node;
    // A node's parent is the last node before it that is one ply shallower.
    while at != 0 {
        let depth = trace.nodes[at].depth;
        if let Some(mv) = trace.nodes[at].mv {
            moves.push(mv.display(coords).to_string());
        }
        at = (0..at)
            .rev()
            .find(|&p| trace.nodes[p].depth + 1 == depth)
            .unwrap_or(0);
    }
    if moves.is_empty() {
        return "root".to_string();
    }
    moves.reverse();
    moves.join(", ")
}

fn number(v: f64) -> String {
    match v {
        f64::INFINITY => "+∞".to_string(),
        f64::NEG_INFINITY => "-∞".to_string(),
        v => format!("{v}"),
    }
}

/// 1204 as `1,204`.
fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trace_lines_are_taken_out_of_stderr() {
        let (traced, rest) = split_stderr(b"thinking\nminimax-trace 1\nenter X 1 1\nleave 0\ndone\n");
        assert_eq!(traced, b"minimax-trace 1\nenter X 1 1\nleave 0\n");
        assert_eq!(rest, b"thinking\ndone\n");
    }

    #[test]
    fn counts_have_thousands_separated() {
        assert_eq!(
            (thousands(7), thousands(1204), thousands(549946)),
            ("7".into(), "1,204".into(), "549,946".into())
        );
    }
}
