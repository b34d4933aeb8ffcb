//! The command line's names for the library's choices: the library knows nothing of clap,
//! and each of its enums that a flag chooses has a mirror here, with the flag's spelling and
//! help, converted at the edge.

use crate::report::Format;
use minimax_core::games::mnk::Coords;
use minimax_core::games::nim::NimEval;
use minimax_core::search::alphabeta::Cutoff;
use minimax_core::search::Algorithm;
use minimax_sandbox::Mode;

/// A `ValueEnum` with the same variants as a library enum, and the conversion into it.
macro_rules! mirror {
    ($(#[$meta:meta])* $name:ident => $domain:ident { $($(#[$variant_meta:meta])* $variant:ident),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
        pub(crate) enum $name {
            $($(#[$variant_meta])* $variant),+
        }

        impl From<$name> for $domain {
            fn from(value: $name) -> $domain {
                match value {
                    $($name::$variant => $domain::$variant),+
                }
            }
        }
    };
}

mirror! {
    /// `--algorithm` for positions, Nim and play.
    MethodArg => Algorithm {
        /// Plain minimax (the sheet's ASIGNAR-VALOR): every node is visited.
        Minimax,
        /// Alpha-beta pruning as on the slides: the same values, fewer nodes.
        #[value(name = "alphabeta", alias = "alpha-beta")]
        AlphaBeta,
        /// Monte Carlo tree search with UCB1 and random playouts (not exact).
        Mcts,
        /// The exact solver for bigger boards: a transposition table, symmetries, threats and
        /// null-window search; the same values and the same move as minimax.
        Solver,
    }
}

mirror! {
    /// `--algorithm` for game trees.
    AlgorithmArg => Algorithm {
        /// Plain minimax, exactly the sheet's ASIGNAR-VALOR: every node is visited.
        Minimax,
        /// Alpha-beta pruning as on the lecture slides: same values, fewer nodes.
        #[value(name = "alphabeta", alias = "alpha-beta")]
        AlphaBeta,
    }
}

mirror! {
    /// `--cutoff` for game trees.
    CutoffArg => Cutoff {
        /// Cut when v ≥ β at MAX and v ≤ α at MIN, as on the lecture slides.
        Inclusive,
        /// Cut only when v > β at MAX and v < α at MIN, as some autograders require.
        Strict,
    }
}

mirror! {
    /// `--coords`.
    CoordsArg => Coords {
        /// Column then row, as on the practice sheet: `X 3 1` is the top-right corner.
        ColRow,
        /// Row then column, for courses that write (row, column).
        RowCol,
    }
}

mirror! {
    /// `--eval` for Nim.
    NimEvalArg => NimEval {
        /// "Muy poco informada": 0 for every unfinished heap.
        Uninformed,
        /// The winning strategy: the mover loses when tokens mod 4 = 1 (mod k+1 for amounts 1..=k).
        Mod4,
    }
}

mirror! {
    /// `--format` of `check` and `grade`.
    FormatArg => Format {
        /// One row per student, a mark per position, then the details of every lost point.
        Table,
        /// Everything, for other programs.
        Json,
        /// One row per student and position.
        Csv,
        /// JUnit XML: a test suite per student, a test case per position (GitLab, Jenkins).
        Junit,
        /// Gradescope's results.json, for one student's submission.
        Gradescope,
        /// Moodle's grading worksheet (--worksheet), filled with grades and feedback.
        Moodle,
        /// Canvas's gradebook export (--worksheet), filled in the assignment's column.
        Canvas,
        /// The class at a glance: one self-contained page of figures, answer groups, mistakes
        /// and a sortable table of students (--lang for its language).
        Html,
    }
}

mirror! {
    /// `--sandbox`.
    SandboxArg => Mode {
        /// Every layer the kernel offers, saying which.
        Auto,
        /// Refuse to grade without every layer.
        Strict,
        /// No walls: the programs run with the grader's rights.
        Off,
    }
}
