//! The search's trace, version 1: what a student's program writes while it searches, read
//! as hostile input.
//!
//! ```text
//! minimax-trace 1
//! enter X 3 1 -inf inf
//! enter O 1 3
//! leave -1
//! leave -1
//! ```
//!
//! The first line names the version. `enter MOVE [ALPHA BETA]` is written on entering the
//! node that MOVE (`X 3 1`: mark, column, row, 1-based) leads to, `leave VALUE` on
//! returning from it; values are from the view of the player to move at the root (MAX).
//! The root itself may be entered with a bare `enter` (ALPHA-BETA-SEARCH calling
//! MAX-VALUE), or left implicit (the sheet's DECISION-MINIMAX calling ASIGNAR-VALOR on each
//! successor). Blank lines and lines starting with `#` are skipped. Numbers may be integers,
//! decimals, or `inf`, `-inf`, `+inf`, `Infinity`, `-Infinity`.
//!
//! ```
//! use minimax_core::replay::trace::{read, Limits};
//!
//! let text = "minimax-trace 1\nenter X 3 1\nleave 1\nenter X 1 3\nleave 0\n";
//! let trace = read(text.as_bytes(), Limits::default()).unwrap();
//! assert_eq!(trace.nodes.len(), 3); // the implicit root and its two children
//! assert_eq!(trace.nodes[0].children, [1, 2]);
//!
//! let error = read(b"minimax-trace 1\nenter X 3 1\n", Limits::default()).unwrap_err();
//! assert_eq!(error.to_string(), "line 2: `enter X 3 1` is never left: the trace ends inside it");
//! ```

use crate::games::mnk::Move;

/// The first line of a version-1 trace.
pub const HEADER: &str = "minimax-trace 1";

/// The longest line read, in bytes: a move and two bounds fit in far less.
const LONGEST_LINE: usize = 200;

/// How much of a trace is read before it is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Nodes entered (the whole tic-tac-toe tree from the empty board is 549,946).
    pub nodes: usize,
    /// Bytes of the whole trace.
    pub bytes: usize,
    /// Nodes on one path below the root.
    pub depth: usize,
}

impl Default for Limits {
    /// A million nodes, 48 MiB, 64 plies: plain minimax from the empty 3 x 3 board fits.
    fn default() -> Limits {
        Limits {
            nodes: 1_000_000,
            bytes: 48 << 20,
            depth: 64,
        }
    }
}

/// One node the program entered, in the order entered (a node's index is its place in
/// preorder; the root is 0).
#[derive(Clone, Debug, PartialEq)]
pub struct TraceNode {
    /// The move that led here; `None` for the root.
    pub mv: Option<Move>,
    /// The α and β written on entering, if any.
    pub window: Option<(f64, f64)>,
    /// The value written on leaving (MAX's view); `None` for an implicit root.
    pub value: Option<f64>,
    /// The nodes entered from this one, in the program's order.
    pub children: Vec<usize>,
    /// The line that entered it (0 for an implicit root).
    pub line: usize,
    /// Plies below the root.
    pub depth: usize,
    /// One past the last node of its subtree, in preorder.
    pub end: usize,
}

/// A trace read whole: the tree the program searched, in its own child order.
#[derive(Clone, Debug, PartialEq)]
pub struct Trace {
    /// Every node, the root first, in preorder.
    pub nodes: Vec<TraceNode>,
    /// Whether the program entered the root itself (a bare `enter`).
    pub explicit_root: bool,
}

/// Why a trace was refused, with the line where it went wrong.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum TraceError {
    /// Nothing at all was written.
    #[error("the trace is empty: the program wrote no line to it")]
    Empty,
    /// The first line is not the header.
    #[error("line 1: the trace must start with `{HEADER}`, not `{0}`")]
    Header(String),
    /// A limit was passed.
    #[error("line {line}: the trace passes its limit of {limit} {what}; the rest is not read")]
    TooBig {
        /// The line where it was passed.
        line: usize,
        /// The limit.
        limit: usize,
        /// Nodes, bytes, plies or bytes in one line.
        what: &'static str,
    },
    /// A line that is not UTF-8.
    #[error("line {0}: not text (bytes that are not UTF-8)")]
    NotText(usize),
    /// A line that is not one of the protocol's.
    #[error("line {line}: `{text}` is not `enter MOVE [ALPHA BETA]` nor `leave VALUE`{why}")]
    Malformed {
        /// The line.
        line: usize,
        /// Its text, cut to 60 characters.
        text: String,
        /// What is wrong with it, starting with ": ", or nothing.
        why: String,
    },
    /// A `leave` with no node to leave.
    #[error("line {0}: `leave` with no node entered")]
    Unbalanced(usize),
    /// The trace ends inside a node.
    #[error("line {line}: `{text}` is never left: the trace ends inside it")]
    Unfinished {
        /// The line that entered it.
        line: usize,
        /// That line's text.
        text: String,
    },
    /// A bare `enter` (the root) anywhere but first, or a second search after the first.
    #[error("line {0}: the root is entered once, first, and nothing follows its `leave`")]
    Root(usize),
}

/// Reads a trace, refusing it whole on the first problem, with its line.
pub fn read(bytes: &[u8], limits: Limits) -> Result<Trace, TraceError> {
    if bytes.len() > limits.bytes {
        let line = bytes[..limits.bytes].iter().filter(|&&b| b == b'\n').count() + 1;
        return Err(TraceError::TooBig {
            line,
            limit: limits.bytes,
            what: "bytes",
        });
    }
    let mut lines = bytes.split(|&b| b == b'\n').enumerate().map(|(i, l)| (i + 1, l));
    match lines.next() {
        None => return Err(TraceError::Empty),
        Some((_, first)) if first.iter().all(u8::is_ascii_whitespace) && bytes.len() <= 1 => {
            return Err(TraceError::Empty)
        }
        Some((_, first)) => {
            let first = String::from_utf8_lossy(first.get(..LONGEST_LINE).unwrap_or(first));
            if first.trim() != HEADER {
                return Err(TraceError::Header(first.trim().chars().take(60).collect()));
            }
        }
    }
    let mut builder = Builder::new(limits);
    for (number, raw) in lines {
        if raw.len() > LONGEST_LINE {
            return Err(TraceError::TooBig {
                line: number,
                limit: LONGEST_LINE,
                what: "bytes in one line",
            });
        }
        let text = std::str::from_utf8(raw)
            .map_err(|_| TraceError::NotText(number))?
            .trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        builder.line(number, text)?;
    }
    builder.finish()
}

/// The tree as it is being read: the open path and what was entered so far.
struct Builder {
    limits: Limits,
    nodes: Vec<TraceNode>,
    open: Vec<usize>,
    explicit_root: bool,
    root_done: bool,
}

impl Builder {
    fn new(limits: Limits) -> Builder {
        let root = TraceNode {
            mv: None,
            window: None,
            value: None,
            children: Vec::new(),
            line: 0,
            depth: 0,
            end: 1,
        };
        Builder {
            limits,
            nodes: vec![root],
            open: vec![0],
            explicit_root: false,
            root_done: false,
        }
    }

    fn line(&mut self, number: usize, text: &str) -> Result<(), TraceError> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let malformed = |why: &str| TraceError::Malformed {
            line: number,
            text: text.chars().take(60).collect(),
            why: if why.is_empty() {
                String::new()
            } else {
                format!(": {why}")
            },
        };
        if self.root_done {
            return Err(TraceError::Root(number));
        }
        match words[..] {
            ["enter"] if self.nodes.len() == 1 && !self.explicit_root => {
                self.explicit_root = true;
                self.nodes[0].line = number;
                Ok(())
            }
            ["enter"] => Err(TraceError::Root(number)),
            ["enter", mark, col, row, ref bounds @ ..] => {
                let mv: Move = format!("{mark} {col} {row}")
                    .parse()
                    .map_err(|_| malformed("a move is written as `X 3 1`"))?;
                let window = match *bounds {
                    [] => None,
                    [alpha, beta] => Some((
                        number_of(alpha).ok_or_else(|| malformed("α is not a number"))?,
                        number_of(beta).ok_or_else(|| malformed("β is not a number"))?,
                    )),
                    _ => return Err(malformed("α and β come together, or not at all")),
                };
                self.enter(number, mv, window)
            }
            ["leave", value] => {
                let value = number_of(value).ok_or_else(|| malformed("the value is not a number"))?;
                self.leave(number, value)
            }
            _ => Err(malformed("")),
        }
    }

    fn enter(&mut self, number: usize, mv: Move, window: Option<(f64, f64)>) -> Result<(), TraceError> {
        if self.nodes.len() > self.limits.nodes {
            return Err(TraceError::TooBig {
                line: number,
                limit: self.limits.nodes,
                what: "nodes",
            });
        }
        let Some(&parent) = self.open.last() else {
            return Err(TraceError::Root(number));
        };
        let depth = self.nodes[parent].depth + 1;
        if depth > self.limits.depth {
            return Err(TraceError::TooBig {
                line: number,
                limit: self.limits.depth,
                what: "plies deep",
            });
        }
        let id = self.nodes.len();
        self.nodes.push(TraceNode {
            mv: Some(mv),
            window,
            value: None,
            children: Vec::new(),
            line: number,
            depth,
            end: id + 1,
        });
        self.nodes[parent].children.push(id);
        self.open.push(id);
        Ok(())
    }

    fn leave(&mut self, number: usize, value: f64) -> Result<(), TraceError> {
        let id = match self.open.pop() {
            Some(0) if !self.explicit_root => {
                self.open.push(0);
                return Err(TraceError::Unbalanced(number));
            }
            Some(id) => id,
            None => return Err(TraceError::Unbalanced(number)),
        };
        self.nodes[id].value = Some(value);
        self.nodes[id].end = self.nodes.len();
        if id == 0 {
            self.root_done = true;
        }
        Ok(())
    }

    fn finish(mut self) -> Result<Trace, TraceError> {
        if let Some(&open) = self.open.last().filter(|&&id| id != 0 || self.explicit_root) {
            let node = &self.nodes[open];
            let text = match node.mv {
                Some(mv) => format!("enter {mv}"),
                None => "enter".to_string(),
            };
            return Err(TraceError::Unfinished {
                line: node.line,
                text,
            });
        }
        self.nodes[0].end = self.nodes.len();
        Ok(Trace {
            nodes: self.nodes,
            explicit_root: self.explicit_root,
        })
    }
}

/// A number as the protocol writes it: finite, or one of the infinities; never NaN.
fn number_of(word: &str) -> Option<f64> {
    match word.to_ascii_lowercase().as_str() {
        "inf" | "+inf" | "infinity" | "+infinity" => Some(f64::INFINITY),
        "-inf" | "-infinity" => Some(f64::NEG_INFINITY),
        other => other.parse::<f64>().ok().filter(|v| v.is_finite()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused(text: &str) -> String {
        read(text.as_bytes(), Limits::default()).unwrap_err().to_string()
    }

    #[test]
    fn an_explicit_root_holds_the_search() {
        let text = "minimax-trace 1\nenter\nenter X 3 1 -inf inf\nleave 1\nleave 1\n";
        let trace = read(text.as_bytes(), Limits::default()).unwrap();
        assert!(trace.explicit_root);
        assert_eq!(trace.nodes[0].value, Some(1.0));
        assert_eq!(trace.nodes[1].window, Some((f64::NEG_INFINITY, f64::INFINITY)));
        assert_eq!((trace.nodes[0].end, trace.nodes[1].end), (2, 2));
    }

    #[test]
    fn hostile_traces_are_refused_with_their_line() {
        assert_eq!(refused(""), "the trace is empty: the program wrote no line to it");
        assert_eq!(
            refused("hello\n"),
            "line 1: the trace must start with `minimax-trace 1`, not `hello`"
        );
        assert_eq!(
            refused("minimax-trace 1\nleave 3\n"),
            "line 2: `leave` with no node entered"
        );
        assert_eq!(
            refused("minimax-trace 1\nenter X 0 1\nleave 1\n"),
            "line 2: `enter X 0 1` is not `enter MOVE [ALPHA BETA]` nor `leave VALUE`: a move is written as `X 3 1`"
        );
        assert_eq!(
            refused("minimax-trace 1\nenter X 1 1\nleave NaN\n"),
            "line 3: `leave NaN` is not `enter MOVE [ALPHA BETA]` nor `leave VALUE`: the value is not a number"
        );
        assert_eq!(
            refused("minimax-trace 1\nenter X 1 1\nleave 1\nenter\n"),
            "line 4: the root is entered once, first, and nothing follows its `leave`"
        );
        let binary = read(b"minimax-trace 1\n\xff\n", Limits::default()).unwrap_err();
        assert_eq!(binary.to_string(), "line 2: not text (bytes that are not UTF-8)");
        let long = format!("minimax-trace 1\n{}\n", "x".repeat(1000));
        assert_eq!(
            refused(&long),
            "line 2: the trace passes its limit of 200 bytes in one line; the rest is not read"
        );
    }

    #[test]
    fn limits_stop_the_reading() {
        let limits = Limits {
            nodes: 2,
            bytes: 1 << 20,
            depth: 2,
        };
        let deep = "minimax-trace 1\nenter X 1 1\nenter O 2 2\nenter X 3 3\n";
        assert_eq!(
            read(deep.as_bytes(), Limits { nodes: 10, ..limits })
                .unwrap_err()
                .to_string(),
            "line 4: the trace passes its limit of 2 plies deep; the rest is not read"
        );
        let wide = "minimax-trace 1\nenter X 1 1\nleave 0\nenter X 2 2\nleave 0\nenter X 3 3\nleave 0\n";
        assert_eq!(
            read(wide.as_bytes(), limits).unwrap_err().to_string(),
            "line 6: the trace passes its limit of 2 nodes; the rest is not read"
        );
        let small = Limits {
            nodes: 10,
            bytes: 20,
            depth: 9,
        };
        assert!(matches!(
            read(wide.as_bytes(), small),
            Err(TraceError::TooBig {
                what: "bytes",
                line: 2,
                ..
            })
        ));
    }
}
