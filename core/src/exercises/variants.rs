//! Hidden positions of one's own: a set per student, drawn from a key of theirs, equally hard
//! for everyone.
//!
//! "Equally hard" is measured, not hoped for: every open position of the sheet's board is put
//! in a stratum, how the game ends with best play (X wins, a draw, O wins) and in how many
//! plies. A plan, drawn once for the class, says how many positions of each stratum a set
//! holds; each student's positions are then drawn inside those strata from the student's own
//! key. Two students' sets differ, and their counts per stratum are the same.
//!
//! The draw depends on the two keys alone: not on the order of the class, the number of
//! threads or the machine (ChaCha is specified to the bit; the pool is listed in a fixed
//! order).

use super::exercise::Exercise;
use crate::game::Game;
use crate::games::mnk::{Mark, Position, Rules, Shape, TicTacToe};
use crate::grading::{hidden_text, open_positions, Gato};
use crate::judge::Gradable;
use crate::search::distance::Outcome;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};

/// How a position ends with best play, as every student's set counts it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Ending {
    /// X wins.
    XWins,
    /// Nobody wins.
    Draw,
    /// O wins.
    OWins,
}

impl std::fmt::Display for Ending {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Ending::XWins => "X wins",
            Ending::Draw => "draw",
            Ending::OWins => "O wins",
        })
    }
}

/// The measure of a position's difficulty: the ending and the plies to it with best play (a
/// draw ends when the board is full, so its plies are the empty cells).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Stratum {
    /// How the game ends.
    pub ending: Ending,
    /// Plies to the end.
    pub plies: u32,
}

impl std::fmt::Display for Stratum {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let plies = if self.plies == 1 { "ply" } else { "plies" };
        write!(f, "{} in {} {plies}", self.ending, self.plies)
    }
}

/// Why no set can be drawn.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum VariantError {
    /// Only the sheet's board has its every position listed and solved.
    #[error("positions per student are drawn on the 3x3 board only (its every position is solved and put in a stratum); draw a shared sample with --sample N on {0}")]
    Board(String),
    /// More positions asked than the strata can give each student apart.
    #[error("{asked} positions per student is more than the {most} a set can hold with every stratum shared by at least {MIN_STRATUM} positions")]
    TooMany {
        /// Positions asked.
        asked: usize,
        /// The most a set can hold.
        most: usize,
    },
}

/// A stratum enters the plan only with at least this many positions: a rarer one would give
/// many students the same position.
pub const MIN_STRATUM: usize = 50;

/// Every open 3x3 position with its stratum, in the fixed order of [`open_positions`];
/// solved once per process (about 4,500 small searches).
fn pool() -> &'static [(Position, Stratum)] {
    static POOL: OnceLock<Vec<(Position, Stratum)>> = OnceLock::new();
    POOL.get_or_init(|| {
        let solver = Gato {
            node_limit: None,
            rules: Rules::of(Shape::CLASSIC),
        };
        open_positions()
            .into_iter()
            .filter_map(|position| {
                let decision = solver.solve(&position).ok().flatten()?;
                Some((position, stratum_of(&position, decision.best().outcome)))
            })
            .collect()
    })
}

/// The stratum of a position whose best move leads to `outcome` for the side to move.
fn stratum_of(position: &Position, outcome: Outcome) -> Stratum {
    let mover = position.to_move;
    let winner_is_x = |winner: Mark| winner == Mark::X;
    match outcome {
        Outcome::Win { plies } => Stratum {
            ending: if winner_is_x(mover) {
                Ending::XWins
            } else {
                Ending::OWins
            },
            plies,
        },
        Outcome::Loss { plies } => Stratum {
            ending: if winner_is_x(mover) {
                Ending::OWins
            } else {
                Ending::XWins
            },
            plies,
        },
        Outcome::Draw | Outcome::Estimate { .. } => Stratum {
            ending: Ending::Draw,
            plies: position.board.empty_cells().count_ones(),
        },
    }
}

/// The positions of each stratum big enough to be planned, in the pool's order.
fn strata() -> BTreeMap<Stratum, Vec<Position>> {
    let mut strata: BTreeMap<Stratum, Vec<Position>> = BTreeMap::new();
    for (position, stratum) in pool() {
        strata.entry(*stratum).or_default().push(*position);
    }
    strata.retain(|_, members| members.len() >= MIN_STRATUM);
    strata
}

/// The class's plan: how many positions of each stratum every set holds, drawn once from the
/// course's key (the strata of `count` positions drawn from the big strata).
pub fn plan(
    shape: Shape,
    count: usize,
    class_key: [u8; 32],
) -> Result<BTreeMap<Stratum, usize>, VariantError> {
    if shape != Shape::CLASSIC {
        return Err(VariantError::Board(format!("{}x{}", shape.cols, shape.rows)));
    }
    let strata = strata();
    let eligible: Vec<Stratum> = strata
        .iter()
        .flat_map(|(stratum, members)| std::iter::repeat_n(*stratum, members.len()))
        .collect();
    // A stratum gives a set at most a tenth of its positions, so that sets still differ.
    let most: usize = strata.values().map(|members| members.len() / 10).sum();
    if count > most {
        return Err(VariantError::TooMany { asked: count, most });
    }
    let mut rng = ChaCha8Rng::from_seed(class_key);
    let mut plan: BTreeMap<Stratum, usize> = BTreeMap::new();
    let mut drawn = 0;
    while drawn < count {
        let stratum = eligible[rand::RngExt::random_range(&mut rng, 0..eligible.len())];
        let taken = plan.entry(stratum).or_default();
        if *taken < strata[&stratum].len() / 10 {
            *taken += 1;
            drawn += 1;
        }
    }
    Ok(plan)
}

/// One student's positions under `plan`, drawn from their key: per stratum, distinct
/// positions of that stratum; listed stratum by stratum, in the pool's order within each.
pub fn student_positions(plan: &BTreeMap<Stratum, usize>, student_key: [u8; 32]) -> Vec<(Position, Stratum)> {
    let strata = strata();
    let mut rng = ChaCha8Rng::from_seed(student_key);
    let mut chosen = Vec::new();
    for (stratum, &count) in plan {
        let Some(members) = strata.get(stratum) else {
            continue;
        };
        let mut indices =
            rand::seq::index::sample(&mut rng, members.len(), count.min(members.len())).into_vec();
        indices.sort_unstable();
        chosen.extend(indices.into_iter().map(|i| (members[i], *stratum)));
    }
    chosen
}

/// One student's hidden exercises under `plan`, solved, named by their one-line form.
pub fn student_exercises(plan: &BTreeMap<Stratum, usize>, student_key: [u8; 32]) -> Vec<Exercise> {
    let game = Arc::new(Gato {
        node_limit: None,
        rules: Rules::of(Shape::CLASSIC),
    });
    let shown = TicTacToe::new(Shape::CLASSIC);
    student_positions(plan, student_key)
        .into_iter()
        .filter(|(position, _)| !shown.is_terminal(position))
        .filter_map(|(position, _)| {
            let name = position.board.rows().join("/");
            Exercise::solved(&game, name, hidden_text(&position), position, true).ok()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(byte: u8) -> [u8; 32] {
        [byte; 32]
    }

    #[test]
    fn every_set_has_the_plans_count_per_stratum_and_sets_differ() {
        let plan = plan(Shape::CLASSIC, 6, key(1)).unwrap();
        assert_eq!(plan.values().sum::<usize>(), 6);
        let count = |set: &[(Position, Stratum)]| {
            let mut counted: BTreeMap<Stratum, usize> = BTreeMap::new();
            for (_, stratum) in set {
                *counted.entry(*stratum).or_default() += 1;
            }
            counted
        };
        let ana = student_positions(&plan, key(2));
        let beto = student_positions(&plan, key(3));
        assert_eq!(count(&ana), plan);
        assert_eq!(count(&beto), plan);
        assert_ne!(ana, beto);
        assert_eq!(
            ana,
            student_positions(&plan, key(2)),
            "the same key, the same set"
        );
    }

    #[test]
    fn a_stratum_is_what_best_play_gives() {
        let solver = Gato::default();
        for (position, stratum) in pool().iter().step_by(97) {
            let decision = solver.solve(position).unwrap().unwrap();
            let value_for_x = if position.to_move == Mark::X {
                decision.value()
            } else {
                -decision.value()
            };
            let ending = match value_for_x {
                1 => Ending::XWins,
                0 => Ending::Draw,
                _ => Ending::OWins,
            };
            assert_eq!(stratum.ending, ending, "{position}");
        }
    }

    #[test]
    fn bigger_boards_and_too_many_positions_are_refused() {
        let shape = Shape::new(4, 4, Some(3)).unwrap();
        assert!(matches!(plan(shape, 2, key(1)), Err(VariantError::Board(_))));
        assert!(matches!(
            plan(Shape::CLASSIC, 10_000, key(1)),
            Err(VariantError::TooMany { .. })
        ));
    }
}
