//! The session protocol: one run answers many positions.
//!
//! The driver reads, on stdin, a header line `minimax-session 1 NONCE TIMEOUT_MS`, then one
//! line per position, `INDEX ROWS MOVER` (`3 XX-/-OO/--- X`: rows top to bottom, `-` empty).
//! For each position it writes records to stdout, one line each:
//! `NONCE begin INDEX 0` before calling the student's code, then one of
//! `NONCE answer INDEX MS TEXT`, `NONCE null INDEX MS WHY`, `NONCE crashed INDEX MS TRACE`,
//! `NONCE timeout INDEX MS` (after which it exits), and `NONCE fatal 0 0 WHY` when nothing
//! can be answered at all. In TEXT, `\n` stands for a newline and `\\` for a backslash.
//! Lines without the nonce are the student's own printing, and are ignored.
//!
//! When the course asks for the search, the header ends with ` trace`, and before a
//! position's answer (or null) the driver writes `NONCE trace INDEX BYTES TEXT`: the
//! position's trace (escaped as above; empty when nothing was written) and, in the time's
//! place, the bytes the program wrote to it, kept or not (more than the limit: cut).

use std::collections::BTreeMap;
use std::fmt::Write;
use std::time::Duration;

/// What the driver said about one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Record {
    Answer(String),
    Null(String),
    Crashed(String),
    Timeout,
}

/// Everything read back from one run of a session.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Transcript {
    /// Each answered position's record and milliseconds.
    pub(crate) records: BTreeMap<usize, (Record, u64)>,
    /// Positions whose call began, in order.
    pub(crate) begun: Vec<usize>,
    pub(crate) fatal: Option<String>,
    /// Each position's trace, and the bytes the program wrote to it (kept or not).
    pub(crate) traces: BTreeMap<usize, (String, u64)>,
}

/// A fresh nonce for a session: students' output cannot guess it.
pub(crate) fn nonce() -> String {
    format!("{:016x}", rand::random::<u64>())
}

/// The session's stdin for the positions (index, one-line board, player to move).
/// `traced`: each position's trace is asked for.
pub(crate) fn input(
    nonce: &str,
    timeout: Duration,
    traced: bool,
    positions: &[(usize, &str, &str)],
) -> String {
    let trace = if traced { " trace" } else { "" };
    let mut text = format!("minimax-session 1 {nonce} {}{trace}\n", timeout.as_millis());
    for (index, board, mover) in positions {
        let _ = writeln!(text, "{index} {board} {mover}");
    }
    text
}

/// Reads the records carrying `nonce` out of a run's stdout.
pub(crate) fn read(stdout: &str, nonce: &str) -> Transcript {
    let mut transcript = Transcript::default();
    for line in stdout.lines() {
        let Some(rest) = line.strip_prefix(nonce).and_then(|r| r.strip_prefix(' ')) else {
            continue;
        };
        let mut parts = rest.splitn(4, ' ');
        let (Some(kind), Some(index), Some(ms)) = (parts.next(), parts.next(), parts.next()) else {
            continue;
        };
        let (Ok(index), Ok(ms)) = (index.parse::<usize>(), ms.parse::<u64>()) else {
            continue;
        };
        let text = unescape(parts.next().unwrap_or(""));
        let record = match kind {
            "begin" => {
                transcript.begun.push(index);
                continue;
            }
            "fatal" => {
                transcript.fatal = Some(text);
                continue;
            }
            "trace" => {
                transcript.traces.entry(index).or_insert((text, ms));
                continue;
            }
            "answer" => Record::Answer(text),
            "null" => Record::Null(text),
            "crashed" => Record::Crashed(text),
            "timeout" => Record::Timeout,
            _ => continue,
        };
        transcript.records.entry(index).or_insert((record, ms));
    }
    transcript
}

fn unescape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match (c, c == '\\') {
            (_, true) => match chars.next() {
                Some('n') => out.push('\n'),
                Some(other) => out.push(other),
                None => out.push('\\'),
            },
            (c, false) => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_without_the_nonce_are_the_students_own_printing() {
        let out = "abc begin 0 0\nX 1 1\nabc answer 0 12 X 3 1\nabd answer 1 0 O 2 2\nabc begin 1 0\nabc crashed 1 3 java.lang.NullPointerException\\n\tat Minimax.decision(Minimax.java:40)\n";
        let transcript = read(out, "abc");
        assert_eq!(transcript.begun, [0, 1]);
        assert_eq!(transcript.records[&0], (Record::Answer("X 3 1".into()), 12));
        assert_eq!(
            transcript.records[&1].0,
            Record::Crashed("java.lang.NullPointerException\n\tat Minimax.decision(Minimax.java:40)".into())
        );
        assert_eq!(transcript.records.len(), 2);
    }

    #[test]
    fn a_positions_trace_comes_back_whole_with_the_bytes_written() {
        let out = "abc begin 0 0\nabc trace 0 40 minimax-trace 1\\nenter X 1 1\\nleave 0\\n\nabc answer 0 3 X 1 1\n";
        let transcript = read(out, "abc");
        assert_eq!(
            transcript.traces[&0],
            ("minimax-trace 1\nenter X 1 1\nleave 0\n".to_string(), 40)
        );
        assert!(
            input("abc", Duration::from_secs(1), true, &[]).starts_with("minimax-session 1 abc 1000 trace\n")
        );
    }
}
