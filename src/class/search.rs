//! The search's trace of one run, judged: the lines of the protocol picked out of the run's
//! stderr (`MINIMAX_TRACE=2`), replayed on the position by core's replay, and said in one
//! line of the verdict ("alpha-beta (≥ cut-offs, fail-soft) correct, 1,204 nodes").

use super::search_words::{self, fill, SearchWords};
use minimax_core::exercises::Exercise;
use minimax_core::figures::exercise_sheet::Lang;
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

pub(crate) use super::search_words::{SESSION_HINT, STDIO_HINT};

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
    /// The verdict and the departure in the other languages, for the pages students read
    /// (the JSON keeps the English above).
    #[serde(skip)]
    pub(crate) translated: Vec<Lines>,
}

/// The verdict and the departure said in one language.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Lines {
    pub(crate) lang: Lang,
    pub(crate) verdict: String,
    pub(crate) departure: Option<String>,
}

impl SearchCheck {
    /// The verdict and the departure in `lang` (English where none is given).
    pub(crate) fn said(&self, lang: Option<Lang>) -> (&str, Option<&str>) {
        let lines = self.translated.iter().find(|l| Some(l.lang) == lang);
        match lines {
            Some(lines) => (&lines.verdict, lines.departure.as_deref()),
            None => (&self.verdict, self.departure.as_deref()),
        }
    }

    /// The departure figure with its heading and note in `lang`.
    pub(crate) fn figure_in(&self, lang: Option<Lang>) -> Option<String> {
        let words = SearchWords::of(lang.unwrap_or(Lang::En));
        self.figure.as_deref().map(|svg| words.figure(svg))
    }

    /// `more` said after the verdict in every language.
    fn push(&mut self, more: impl Fn(&SearchWords) -> String) {
        self.verdict.push_str(&more(SearchWords::of(Lang::En)));
        for lines in &mut self.translated {
            lines.verdict.push_str(&more(SearchWords::of(lines.lang)));
        }
    }
}

/// The note a search that costs its part leaves in the student's notes, in `lang`
/// ("search, ejemplo.txt: no pruning: …"; "búsqueda, ejemplo.txt: sin poda: …").
pub(crate) fn note(position: &str, check: &SearchCheck, lang: Lang) -> String {
    let words = SearchWords::of(lang);
    format!("{}, {position}: {}", words.note, check.said(Some(lang)).0)
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
        return lost("no trace", |w| fill(w.no_trace, &[("{how}", w.hint(asked))]));
    }
    let Ok(position) = read_any(&exercise.text, BoardRules::default(), None) else {
        return lost("not checked", |w| w.not_checked.to_string());
    };
    let game = TicTacToe::new(position.board.shape());
    let read = trace::read(traced, trace::Limits::default());
    let replayed = match read.map_err(|e| e.to_string()).and_then(|t| {
        replay::replay(&game, &position, &t, rules)
            .map(|r| (r, t))
            .map_err(|e| e.to_string())
    }) {
        Ok(replayed) => replayed,
        Err(why) => return lost("refused", |w| fill(w.refused, &[("{why}", &why)])),
    };
    let (replayed, trace) = replayed;
    if trace.nodes.len() == 1 && !trace.explicit_root {
        return lost("no trace", |w| w.no_search.to_string());
    }
    let printed = answer.and_then(|a| a.parse::<Move>().ok());
    let mut check = describe(&replayed, &trace, coords);
    if let (Some(printed), Some(chosen)) = (printed, replayed.chosen) {
        if printed != chosen && check.correct {
            check.correct = false;
            let chosen = chosen.display(coords).to_string();
            check.push(|w| fill(w.not_printed, &[("{m}", &chosen)]));
        }
    }
    check
}

/// A search that earns nothing, in its group, with the reason said in every language.
fn lost(group: &str, why: impl Fn(&SearchWords) -> String) -> SearchCheck {
    let [english, others @ ..] = search_words::ALL;
    SearchCheck {
        verdict: why(english),
        correct: false,
        group: group.to_string(),
        nodes: None,
        minimum: None,
        departure: None,
        figure: None,
        translated: others
            .iter()
            .map(|w| Lines {
                lang: w.lang,
                verdict: why(w),
                departure: None,
            })
            .collect(),
    }
}

/// A trace refused unread because the program wrote more than `limit` bytes of it.
pub(crate) fn too_big(limit: usize) -> SearchCheck {
    lost("refused", |w| fill(w.too_big, &[("{n}", &w.count(limit))]))
}

/// The replay said in words, with the counts and the first departing node.
fn describe(replayed: &replay::Replay, trace: &trace::Trace, coords: Coords) -> SearchCheck {
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
    // An unordered search is correct node for node: it has no departing node.
    let departure = replayed.departure.filter(|_| !correct);
    let say = |words: &SearchWords| {
        let departure = departure.map(|d| departure_line(&d, trace, coords, words));
        let mut verdict = verdict_line(replayed, &group, words);
        if replayed.reused > 0 {
            verdict.push_str(&fill(words.table, &[("{n}", &words.count(replayed.reused))]));
        }
        if let Some(departure) = &departure {
            verdict.push_str(&fill(words.first_departure, &[("{d}", departure)]));
        }
        Lines {
            lang: words.lang,
            verdict,
            departure,
        }
    };
    let [english, others @ ..] = search_words::ALL;
    let english = say(english);
    let translated = others.iter().map(|w| say(w)).collect();
    SearchCheck {
        verdict: english.verdict,
        correct,
        group,
        nodes: Some(replayed.nodes),
        minimum: replayed.minimum,
        departure: english.departure,
        figure: departure.and_then(|d| departure_drawn(&d, trace)),
        translated,
    }
}

/// The verdict in a line: the search's name and its counts.
fn verdict_line(replayed: &replay::Replay, group: &str, words: &SearchWords) -> String {
    let count = |n: usize| words.count(n);
    let nodes = count(replayed.nodes);
    let said = |text: &str, procedure: &dyn std::fmt::Display, more: &[(&str, &str)]| {
        let procedure = words.name(&procedure.to_string());
        let mut values = vec![("{p}", procedure.as_str()), ("{n}", nodes.as_str())];
        values.extend_from_slice(more);
        fill(text, &values)
    };
    match (replayed.verdict, replayed.minimum) {
        (Verdict::Correct(procedure), _) => {
            let line = match replayed.ordering {
                Some(o) if !o.ordered => {
                    let (b, f) = (count(o.board_order), count(o.best_first));
                    said(words.not_ordered, &procedure, &[("{b}", &b), ("{f}", &f)])
                }
                Some(o) if o.can_help() => said(words.ordered, &procedure, &[("{b}", &count(o.board_order))]),
                _ => said(words.correct, &procedure, &[]),
            };
            line + &scoring_said(replayed.ordering, words)
        }
        (Verdict::Bug(replay::Bug::NoPruning), Some(minimum)) => {
            said(words.no_pruning, &"", &[("{m}", &count(minimum))])
        }
        (Verdict::Bug(_), _) => said(words.bug, &"", &[("{bug}", &words.name(group))]),
        (Verdict::Departs, _) if adds_up_wrong(replayed) => words.adds_up_wrong.to_string(),
        (Verdict::Departs, _) => said(words.departs, &"", &[]),
    }
}

/// How the order's counts scored finished games, where it is not the slides' ±1: the
/// student's own scoring, or none known (the order then not judged).
fn scoring_said(ordering: Option<replay::Ordering>, words: &SearchWords) -> String {
    match ordering.map(|o| o.scoring) {
        Some(None) => {
            // The scorings tried, in their order, from the one table that tries them.
            let known: Vec<String> = replay::Scoring::KNOWN
                .iter()
                .map(|scoring| words.name(&scoring.to_string()))
                .collect();
            fill(words.unscored, &[("{known}", &known.join(", "))])
        }
        Some(Some(scoring)) if scoring != replay::Scoring::Constant(1.0) => {
            fill(words.scored, &[("{s}", &words.name(&scoring.to_string()))])
        }
        _ => String::new(),
    }
}

/// Where the trace first parts from what was asked, and what the right search does there.
fn departure_line(
    d: &replay::Departure,
    trace: &trace::Trace,
    coords: Coords,
    words: &SearchWords,
) -> String {
    let path = path_of(trace, d.node, coords).unwrap_or_else(|| words.root.to_string());
    let (alpha, beta) = d.window;
    let does = match d.expected {
        Expected::Enter(mv) => fill(words.enters, &[("{m}", &mv.display(coords).to_string())]),
        Expected::Pruned => words.pruned.to_string(),
        Expected::Leaf => words.leaf.to_string(),
        Expected::Value(v) => fill(words.backs_up, &[("{v}", &number(v))]),
        Expected::Terminal(v) => fill(words.terminal, &[("{v}", &number(v))]),
    };
    let values = [
        ("{path}", path.as_str()),
        ("{line}", &trace.nodes[d.node].line.to_string()),
        ("{a}", &number(alpha)),
        ("{b}", &number(beta)),
        ("{p}", &words.name(&d.procedure.to_string())),
        ("{does}", &does),
    ];
    fill(words.departure, &values)
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

/// The moves from the root to `node`, as the course writes them (`None` for the root).
fn path_of(trace: &trace::Trace, node: usize, coords: Coords) -> Option<String> {
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
        return None;
    }
    moves.reverse();
    Some(moves.join(", "))
}

fn number(v: f64) -> String {
    match v {
        f64::INFINITY => "+∞".to_string(),
        f64::NEG_INFINITY => "-∞".to_string(),
        v => format!("{v}"),
    }
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
}
