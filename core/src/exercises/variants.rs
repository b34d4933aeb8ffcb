//! Hidden positions of one's own: a set per student, drawn from a key of theirs, equally hard
//! for everyone.
//!
//! "Equally hard" is measured, not hoped for: every open position of the sheet's board is put
//! in a stratum, how the game ends with best play (X wins, a draw, O wins) and in how many
//! plies. A plan, drawn once for the class, says how many positions of each stratum a set
//! holds; each student's positions are then drawn inside those strata from the student's own
//! key. Two students' sets differ, and their counts per stratum are the same.
//!
//! The draw depends on the keys alone: not on the order of the class, the number of
//! threads or the machine (ChaCha is specified to the bit; the pool is listed in a fixed
//! order).
//!
//! The pool: on the sheet's 3x3 board every open position (4,520, solved once per process).
//! On other boards, whose positions cannot all be listed, a pool drawn once for the class
//! from the class's key by random play from the empty board, each candidate solved exactly
//! within [`POOL_NODES`] nodes (a candidate that needs more is passed over, the same way on
//! every machine). The trade-off: the class shares one pool, solved once (a few hundred
//! searches) rather than once per student, and each student's set is drawn from it by their
//! own key, so two sets differ yet come from the same few hundred positions.

use super::exercise::Exercise;
use crate::game::Game;
use crate::games::mnk::{Mark, Move, Position, Rules, Shape, TicTacToe};
use crate::gradable::Gradable;
use crate::grading::{hidden_text, open_positions, Gato};
use crate::search::decision::Decision;
use crate::search::distance::Outcome;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::{BTreeMap, HashSet};
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
    /// More positions asked than the strata can give each student apart.
    #[error("{asked} positions per student is more than the {most} a set can hold on the {board} board with every stratum shared by at least {smallest} positions of the pool ({pooled} positions solved)")]
    TooMany {
        /// Positions asked.
        asked: usize,
        /// The most a set can hold.
        most: usize,
        /// The board, as `4x4 k=3`.
        board: String,
        /// The fewest positions a stratum of this pool needs to be planned.
        smallest: usize,
        /// Positions in the pool.
        pooled: usize,
    },
}

/// On the 3x3 board a stratum enters the plan only with at least this many positions: a
/// rarer one would give many students the same position.
pub const MIN_STRATUM: usize = 50;

/// On a drawn pool (other boards), the fewest positions a stratum needs: the pool is smaller
/// than 3x3's every position, and a set takes at most a tenth of a stratum, so two students
/// share a position of such a stratum at most one time in ten.
pub const MIN_DRAWN_STRATUM: usize = 20;

/// Candidates drawn by random play for a pool on boards other than 3x3.
pub const POOL_CANDIDATES: usize = 400;

/// Nodes the solver may spend on one candidate of a drawn pool: the grader's limit for hidden
/// positions of bigger boards, so every pooled position can be graded exactly.
pub const POOL_NODES: u64 = super::positions::SAMPLE_NODES;

/// A pool's member: a position, its stratum, and every move rated.
#[derive(Clone, Debug)]
pub struct Member {
    /// The position.
    pub position: Position,
    /// How it ends with best play, and in how many plies.
    pub stratum: Stratum,
    decision: Decision<Move>,
}

/// The positions every student's set is drawn from, each solved and put in a stratum, in a
/// fixed order.
#[derive(Clone, Debug)]
pub struct Pool {
    shape: Shape,
    members: Vec<Member>,
    smallest_stratum: usize,
}

impl Pool {
    /// Every open 3x3 position with its stratum, in the fixed order of [`open_positions`];
    /// solved once per process (about 4,500 small searches).
    pub fn classic() -> &'static Pool {
        static POOL: OnceLock<Pool> = OnceLock::new();
        POOL.get_or_init(|| {
            let solver = Gato {
                node_limit: None,
                rules: Rules::of(Shape::CLASSIC),
            };
            let members = open_positions()
                .into_iter()
                .filter_map(|position| classify_with(&solver, position))
                .collect();
            Pool {
                shape: Shape::CLASSIC,
                members,
                smallest_stratum: MIN_STRATUM,
            }
        })
    }

    /// A drawn pool of `shape` from its solved candidates (see [`candidates`] and
    /// [`classify`]), kept in the order given; unsolved candidates are `None` and left out.
    pub fn drawn(shape: Shape, solved: impl IntoIterator<Item = Option<Member>>) -> Pool {
        Pool {
            shape,
            members: solved.into_iter().flatten().collect(),
            smallest_stratum: MIN_DRAWN_STRATUM,
        }
    }

    /// The board of the pool.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Positions in the pool.
    pub fn len(&self) -> usize {
        self.members.len()
    }

    /// Whether no position could be solved.
    pub fn is_empty(&self) -> bool {
        self.members.is_empty()
    }

    /// The members of each stratum big enough to be planned, in the pool's order.
    fn strata(&self) -> BTreeMap<Stratum, Vec<&Member>> {
        let mut strata: BTreeMap<Stratum, Vec<&Member>> = BTreeMap::new();
        for member in &self.members {
            strata.entry(member.stratum).or_default().push(member);
        }
        strata.retain(|_, members| members.len() >= self.smallest_stratum);
        strata
    }
}

/// `count` distinct open positions of `shape` for a drawn pool, from `pool_key`: each reached
/// by random play from the empty board to a depth drawn between a quarter of the cells and
/// one less than all of them (an earlier position is rarely solvable within [`POOL_NODES`]).
pub fn candidates(shape: Shape, count: usize, pool_key: [u8; 32]) -> Vec<Position> {
    let game = TicTacToe::new(shape);
    let mut rng = ChaCha8Rng::from_seed(pool_key);
    let cells = shape.cells() as usize;
    let shallowest = (cells / 4).max(1);
    let mut seen = HashSet::new();
    let mut chosen = Vec::new();
    // Short games end in many repeats: the attempts are bounded, so the draw always ends.
    for _ in 0..count.saturating_mul(20) {
        if chosen.len() >= count {
            break;
        }
        let depth = rng.random_range(shallowest..cells.max(shallowest + 1));
        let mut position = Position::start(shape, Mark::X);
        for _ in 0..depth {
            if game.is_terminal(&position) {
                break;
            }
            let moves: Vec<_> = game.moves(&position).collect();
            position = game.play(&position, moves[rng.random_range(0..moves.len())]);
        }
        if !game.is_terminal(&position) && seen.insert(position) {
            chosen.push(position);
        }
    }
    chosen
}

/// A candidate solved exactly within [`POOL_NODES`] nodes and put in its stratum; `None` when
/// the solver cannot prove it within them (the same on every machine: nodes, not seconds).
pub fn classify(rules: Rules, position: Position) -> Option<Member> {
    let solver = Gato {
        node_limit: Some(POOL_NODES),
        rules,
    };
    classify_with(&solver, position)
}

fn classify_with(solver: &Gato, position: Position) -> Option<Member> {
    let decision = solver.solve(&position).ok().flatten()?;
    Some(Member {
        position,
        stratum: stratum_of(&position, decision.best().outcome),
        decision,
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

/// The class's plan: how many positions of each stratum every set holds, drawn once from the
/// course's key (the strata of `count` positions drawn from the big strata).
pub fn plan(
    pool: &Pool,
    count: usize,
    class_key: [u8; 32],
) -> Result<BTreeMap<Stratum, usize>, VariantError> {
    let strata = pool.strata();
    let eligible: Vec<Stratum> = strata
        .iter()
        .flat_map(|(stratum, members)| std::iter::repeat_n(*stratum, members.len()))
        .collect();
    // A stratum gives a set at most a tenth of its positions, so that sets still differ.
    let most: usize = strata.values().map(|members| members.len() / 10).sum();
    if count > most {
        return Err(VariantError::TooMany {
            asked: count,
            most,
            board: pool.shape.describe(),
            smallest: pool.smallest_stratum,
            pooled: pool.len(),
        });
    }
    let mut rng = ChaCha8Rng::from_seed(class_key);
    let mut plan: BTreeMap<Stratum, usize> = BTreeMap::new();
    let mut drawn = 0;
    while drawn < count {
        let stratum = eligible[rng.random_range(0..eligible.len())];
        let taken = plan.entry(stratum).or_default();
        if *taken < strata[&stratum].len() / 10 {
            *taken += 1;
            drawn += 1;
        }
    }
    Ok(plan)
}

/// One student's members under `plan`, drawn from their key: per stratum, distinct positions
/// of that stratum; listed stratum by stratum, in the pool's order within each.
fn student_members<'p>(
    pool: &'p Pool,
    plan: &BTreeMap<Stratum, usize>,
    student_key: [u8; 32],
) -> Vec<&'p Member> {
    let strata = pool.strata();
    let mut rng = ChaCha8Rng::from_seed(student_key);
    let mut chosen = Vec::new();
    for (stratum, &count) in plan {
        let Some(members) = strata.get(stratum) else {
            continue;
        };
        let mut indices =
            rand::seq::index::sample(&mut rng, members.len(), count.min(members.len())).into_vec();
        indices.sort_unstable();
        chosen.extend(indices.into_iter().map(|i| members[i]));
    }
    chosen
}

/// One student's positions under `plan`, drawn from their key, each with its stratum.
pub fn student_positions(
    pool: &Pool,
    plan: &BTreeMap<Stratum, usize>,
    student_key: [u8; 32],
) -> Vec<(Position, Stratum)> {
    student_members(pool, plan, student_key)
        .into_iter()
        .map(|member| (member.position, member.stratum))
        .collect()
}

/// One student's hidden exercises under `plan`, named by their one-line form, with the
/// pool's solutions (nothing is solved again).
pub fn student_exercises(
    pool: &Pool,
    plan: &BTreeMap<Stratum, usize>,
    student_key: [u8; 32],
) -> Vec<Exercise> {
    let game = Arc::new(Gato {
        node_limit: (pool.shape != Shape::CLASSIC).then_some(POOL_NODES),
        rules: Rules::of(pool.shape),
    });
    student_members(pool, plan, student_key)
        .into_iter()
        .map(|member| {
            let position = member.position;
            let name = position.board.rows().join("/");
            Exercise::with_solution(
                &game,
                name,
                hidden_text(&position),
                position,
                member.decision.clone(),
                true,
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(byte: u8) -> [u8; 32] {
        [byte; 32]
    }

    fn count(set: &[(Position, Stratum)]) -> BTreeMap<Stratum, usize> {
        let mut counted: BTreeMap<Stratum, usize> = BTreeMap::new();
        for (_, stratum) in set {
            *counted.entry(*stratum).or_default() += 1;
        }
        counted
    }

    fn drawn_pool(shape: Shape, byte: u8) -> Pool {
        let rules = Rules::of(shape);
        Pool::drawn(
            shape,
            candidates(shape, POOL_CANDIDATES, key(byte))
                .into_iter()
                .map(|position| classify(rules, position)),
        )
    }

    #[test]
    fn every_set_has_the_plans_count_per_stratum_and_sets_differ() {
        let pool = Pool::classic();
        let plan = plan(pool, 6, key(1)).unwrap();
        assert_eq!(plan.values().sum::<usize>(), 6);
        let ana = student_positions(pool, &plan, key(2));
        let beto = student_positions(pool, &plan, key(3));
        assert_eq!(count(&ana), plan);
        assert_eq!(count(&beto), plan);
        assert_ne!(ana, beto);
        assert_eq!(
            ana,
            student_positions(pool, &plan, key(2)),
            "the same key, the same set"
        );
    }

    #[test]
    fn a_stratum_is_what_best_play_gives() {
        let solver = Gato::default();
        for member in Pool::classic().members.iter().step_by(97) {
            let decision = solver.solve(&member.position).unwrap().unwrap();
            let value_for_x = if member.position.to_move == Mark::X {
                decision.value()
            } else {
                -decision.value()
            };
            let ending = match value_for_x {
                1 => Ending::XWins,
                0 => Ending::Draw,
                _ => Ending::OWins,
            };
            assert_eq!(member.stratum.ending, ending, "{}", member.position);
        }
    }

    #[test]
    fn a_4x4_pool_gives_every_student_the_same_strata_and_sets_that_differ() {
        let shape = Shape::new(4, 4, Some(3)).unwrap();
        let pool = drawn_pool(shape, 7);
        assert!(pool.len() > 100, "{} positions pooled", pool.len());
        let plan = plan(&pool, 5, key(1)).unwrap();
        let ana = student_positions(&pool, &plan, key(2));
        let beto = student_positions(&pool, &plan, key(3));
        assert_eq!(count(&ana), plan);
        assert_eq!(count(&beto), plan);
        assert_ne!(ana, beto);
        for (position, _) in &ana {
            assert_eq!(position.board.shape(), shape);
        }
        let again = drawn_pool(shape, 7);
        assert_eq!(
            student_positions(&again, &plan, key(2)),
            ana,
            "the same class key draws the same pool"
        );
    }

    #[test]
    fn a_pooled_solution_is_the_graders() {
        let shape = Shape::new(4, 4, Some(3)).unwrap();
        let pool = drawn_pool(shape, 9);
        let plan = plan(&pool, 3, key(4)).unwrap();
        let grader = Gato {
            node_limit: Some(POOL_NODES),
            rules: Rules::of(shape),
        };
        let positions = student_positions(&pool, &plan, key(5));
        let exercises = student_exercises(&pool, &plan, key(5));
        assert_eq!(exercises.len(), 3);
        for ((position, _), exercise) in positions.iter().zip(&exercises) {
            let decision = grader.solve(position).unwrap().unwrap();
            let optimal: Vec<String> = decision
                .optimal()
                .map(|rated| rated.mv.display(crate::notation::Coords::ColRow).to_string())
                .collect();
            assert_eq!(exercise.optimal(crate::notation::Coords::ColRow), optimal);
            assert_eq!(exercise.text, hidden_text(position));
        }
    }

    #[test]
    fn too_many_positions_are_refused_with_the_board() {
        let error = plan(Pool::classic(), 10_000, key(1)).unwrap_err();
        assert!(error.to_string().contains("on the 3x3 board"), "{error}");
        let tiny = Pool::drawn(Shape::new(4, 4, Some(3)).unwrap(), []);
        assert!(matches!(
            plan(&tiny, 1, key(1)),
            Err(VariantError::TooMany {
                most: 0,
                pooled: 0,
                ..
            })
        ));
    }
}
