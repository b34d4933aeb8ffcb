//! Judging one answer against the exact minimax values of every move of a position.
//!
//! ```
//! use minimax_core::grading::Gato;
//! use minimax_core::gradable::{Gradable, Verdict};
//! use minimax_core::notation::Coords;
//!
//! // `X 1 3` neither wins nor blocks O's row: O wins next, and the student is told so (and
//! // that, read row first, it would be the winning corner).
//! let gato = Gato::default();
//! let position = gato.read("X X -\n- O O\n- - -\n").unwrap();
//! let decision = gato.solve(&position).unwrap().unwrap();
//! let judgement = gato.judge(&position, &decision, "X 1 3", Coords::ColRow);
//! assert_eq!(judgement.verdict, Verdict::Suboptimal);
//! assert!(judgement.detail.starts_with("X 1 3 turns a win in 1 into a loss: O wins in 1"));
//! assert!(judgement.detail.contains("are row and column swapped?"));
//! ```

use super::answer::{answered_move, describe, legal_action, Answer, Found};
use crate::games::mnk::render;
use crate::games::mnk::{Coords, Mark, Move, Position};
use crate::gradable::{Judgement, Verdict};
use crate::search::decision::{Decision, RatedMove};
use crate::search::distance::Outcome;

/// Judges a found answer: legal, then optimal (any move of best value) or what it gives away.
pub(crate) fn judge(
    found: &Found,
    position: &Position,
    decision: &Decision<Move>,
    coords: Coords,
) -> Judgement {
    let mover = position.to_move;
    let answer_text = describe(&found.answer);
    let mv = match answered_move(&found.answer, position, coords) {
        Ok(mv) => mv,
        Err(why) => {
            let hint = match &found.answer {
                Answer::Action { mark, first, second } => {
                    swapped_hint(*mark, *first, *second, position, decision, coords)
                }
                _ => String::new(),
            };
            return illegal(Some(answer_text), format!("{why}{hint}"));
        }
    };
    debug_assert_eq!(mv.mark, mover);
    let Some(rated) = decision.moves.iter().find(|rated| rated.mv == mv) else {
        return illegal(Some(answer_text), "not a legal move".to_string());
    };
    let best = decision.best();
    let shown = mv.display(coords).to_string();
    let mut notes = Vec::new();
    if found.extra_lines > 0 {
        notes.push(format!("{} other line(s) of output ignored", found.extra_lines));
    }
    let (verdict, mut detail) = if rated.value == best.value {
        let mut detail = format!("{shown} is optimal ({})", render::outcome(rated.outcome, mover));
        if let Some(sooner) = sooner(rated, best) {
            detail.push_str(&format!("; {} wins sooner ({sooner})", best.mv.display(coords)));
        }
        (Verdict::Optimal, detail)
    } else {
        let optimal: Vec<String> = decision
            .optimal()
            .map(|r| r.mv.display(coords).to_string())
            .collect();
        let lost = loses(best, rated, mover);
        let hint = match &found.answer {
            Answer::Action { mark, first, second } => {
                swapped_hint(*mark, *first, *second, position, decision, coords)
            }
            Answer::Board(_) | Answer::Column { .. } => String::new(),
        };
        (
            Verdict::Suboptimal,
            format!("{shown} {lost} (optimal: {}){hint}", optimal.join(", ")),
        )
    };
    for note in notes {
        detail.push_str(&format!("; {note}"));
    }
    Judgement {
        verdict,
        answer: Some(shown),
        detail,
    }
}

fn illegal(answer: Option<String>, why: String) -> Judgement {
    Judgement {
        verdict: Verdict::Illegal,
        answer,
        detail: why,
    }
}

/// When the two numbers read the other way round make an optimal move, say so.
fn swapped_hint(
    mark: Mark,
    first: u32,
    second: u32,
    position: &Position,
    decision: &Decision<Move>,
    coords: Coords,
) -> String {
    let other = match coords {
        Coords::ColRow => Coords::RowCol,
        Coords::RowCol => Coords::ColRow,
        Coords::Column => return String::new(),
    };
    let swapped = legal_action(mark, first, second, position, other).ok();
    let optimal = swapped.is_some_and(|mv| decision.optimal().any(|rated| rated.mv == mv));
    if optimal && first != second {
        format!(
            "; read as {}, it would be optimal: are row and column swapped? (this course writes {})",
            order_name(other),
            order_name(coords)
        )
    } else {
        String::new()
    }
}

fn order_name(coords: Coords) -> &'static str {
    match coords {
        Coords::ColRow => "column then row",
        Coords::RowCol => "row then column",
        Coords::Column => "the column alone",
    }
}

/// Where an optimal move is slower than the best: how much sooner the best one wins.
fn sooner(rated: &RatedMove<Move>, best: &RatedMove<Move>) -> Option<String> {
    match (rated.outcome, best.outcome) {
        (Outcome::Win { plies: this }, Outcome::Win { plies: fastest }) if fastest < this => Some(format!(
            "in {}, this in {}",
            best.outcome.winner_moves().unwrap_or_default(),
            rated.outcome.winner_moves().unwrap_or_default()
        )),
        _ => None,
    }
}

/// What a worse move gives away, in words.
fn loses(best: &RatedMove<Move>, rated: &RatedMove<Move>, mover: Mark) -> String {
    let name = |value: i32| match value.signum() {
        1 => "a win",
        0 => "a draw",
        _ => "a loss",
    };
    let after = render::outcome(rated.outcome, mover);
    let into = match rated.value.signum() {
        0 => "a draw".to_string(),
        _ => format!("{}: {after}", name(rated.value)),
    };
    // What was thrown away, with its distance: "a win in 4" (the winner's own moves).
    let given_up = match best.outcome.winner_moves() {
        Some(moves) if best.value > 0 => format!("a win in {moves}"),
        _ => name(best.value).to_string(),
    };
    format!("turns {given_up} into {into}")
}

#[cfg(test)]
mod tests {
    use super::super::answer::find;
    use super::*;
    use crate::games::mnk::{Shape, TicTacToe};
    use crate::search::decision::decide;
    use crate::search::Algorithm;

    fn judged(position: &str, output: &str, coords: Coords) -> Judgement {
        let position: Position = position.parse().unwrap();
        let decision = decide(&TicTacToe::new(Shape::CLASSIC), &position, Algorithm::AlphaBeta).unwrap();
        let found = find(output, &position, coords).unwrap();
        judge(&found, &position, &decision, coords)
    }

    #[test]
    fn any_optimal_move_is_accepted_with_a_note_when_a_sooner_win_exists() {
        let judgement = judged("XX-/-00/---", "X 1 2", Coords::ColRow);
        assert_eq!(judgement.verdict, Verdict::Optimal);
        assert_eq!(
            judgement.detail,
            "X 1 2 is optimal (X wins in 2); X 3 1 wins sooner (in 1, this in 2)"
        );
    }

    #[test]
    fn a_worse_move_says_what_it_throws_away() {
        // estado3: X must win at 3 3; blocking at 1 1 loses.
        let judgement = judged("--X/OXX/OO-", "X 1 1", Coords::ColRow);
        assert_eq!(judgement.verdict, Verdict::Suboptimal);
        assert_eq!(
            judgement.detail,
            "X 1 1 turns a win in 1 into a loss: O wins in 1 (optimal: X 3 3)"
        );
        let judgement = judged("-OX/XOO/--X", "X 1 1", Coords::ColRow);
        assert_eq!(
            judgement.detail,
            "X 1 1 turns a draw into a loss: O wins in 1 (optimal: X 2 3)"
        );
    }

    #[test]
    fn illegal_answers_say_why() {
        let cases = [
            ("O 3 1", "O is not to move: X is"),
            ("X 4 1", "4 1 is off the board (3 columns, 3 rows)"),
            ("X 0 1", "0 1 is off the board (3 columns, 3 rows)"),
            ("X 1 1", "1 1 is already taken by X"),
            (
                "OX-/-00/---",
                "the board is not one move on from the position: marks were removed or overwritten at 1 1",
            ),
            (
                "XXX/-OO/O--",
                "the board is not one move on from the position: 2 marks were added",
            ),
            ("XXO/-OO/---", "the board adds an O, but X is to move"),
        ];
        for (output, why) in cases {
            let judgement = judged("XX-/-00/---", output, Coords::ColRow);
            assert_eq!(
                (judgement.verdict, judgement.detail.as_str()),
                (Verdict::Illegal, why),
                "{output}"
            );
        }
    }

    #[test]
    fn swapped_coordinates_are_pointed_out() {
        // estado1's answer is X 2 3; written row first it reads X 3 2, which is taken.
        let judgement = judged("-OX/XOO/--X", "X 3 2", Coords::ColRow);
        assert_eq!(judgement.verdict, Verdict::Illegal);
        assert!(
            judgement.detail.contains("are row and column swapped?"),
            "{}",
            judgement.detail
        );
        // With --coords row-col the same text is right.
        assert_eq!(
            judged("-OX/XOO/--X", "X 3 2", Coords::RowCol).verdict,
            Verdict::Optimal
        );
    }

    #[test]
    fn a_next_board_is_judged_as_the_move_it_makes() {
        let judgement = judged("XX-/-00/---", "XXX\n-00\n---", Coords::ColRow);
        assert_eq!(
            (judgement.verdict, judgement.answer.as_deref()),
            (Verdict::Optimal, Some("X 3 1"))
        );
    }
}
