//! Every reachable tic-tac-toe position: the legality checker, both algorithms, and the choice.

use minimax_core::game::Game;
use minimax_core::games::mnk::{
    legality, parse, reachable_positions, Board, Mark, Position, Shape, TicTacToe,
};
use minimax_core::search::decision::decide;
use minimax_core::search::distance::Outcome;
use minimax_core::search::{alphabeta, minimax as plain, Algorithm};
use std::collections::HashSet;

fn reachable() -> Vec<Position> {
    reachable_positions(Shape::CLASSIC, Mark::X)
}

#[test]
fn there_are_5478_reachable_positions_of_which_958_are_finished() {
    let game = TicTacToe::new(Shape::CLASSIC);
    let all = reachable();
    let finished = all.iter().filter(|p| game.is_terminal(p)).count();
    assert_eq!((all.len(), finished, all.len() - finished), (5478, 958, 4520));
}

#[test]
fn the_legality_checker_accepts_exactly_the_reachable_positions() {
    let reachable: HashSet<Board> = reachable().into_iter().map(|p| p.board).collect();
    let mut accepted = 0;
    // Every one of the 3^9 ways to fill the board.
    for board in crate::boards::fillings(Shape::CLASSIC) {
        let text = board.rows().join("/");
        let checked = legality::check(parse::parse(&text).unwrap(), Shape::CLASSIC, None);
        assert_eq!(checked.is_ok(), reachable.contains(&board), "{text}: {checked:?}");
        accepted += usize::from(checked.is_ok());
    }
    assert_eq!(accepted, 5478);
}

#[test]
fn minimax_and_alphabeta_agree_on_every_position_and_choose_an_optimal_move() {
    let game = TicTacToe::new(Shape::CLASSIC);
    for position in reachable().iter().filter(|p| !game.is_terminal(p)) {
        let me = position.to_move;
        let by_minimax = decide(&game, position, Algorithm::Minimax).unwrap();
        let by_alphabeta = decide(&game, position, Algorithm::AlphaBeta).unwrap();
        assert_eq!(by_minimax.moves, by_alphabeta.moves, "{position}");
        assert_eq!(by_minimax.chosen, by_alphabeta.chosen, "{position}");
        assert!(by_alphabeta.nodes <= by_minimax.nodes, "{position}");

        // The position's value, by either algorithm from the root, is the chosen move's value.
        let (mut n1, mut n2) = (0, 0);
        let value = plain::value(&game, position, me, &mut n1);
        assert_eq!(
            alphabeta::value(&game, position, me, &mut n2),
            value,
            "{position}"
        );
        let best = by_minimax.best();
        assert_eq!(best.value, value, "{position}");

        // Each outcome agrees with its value.
        for rated in &by_minimax.moves {
            let sign = match rated.outcome {
                Outcome::Win { .. } => 1,
                Outcome::Draw => 0,
                Outcome::Loss { .. } => -1,
                Outcome::Estimate { .. } => panic!("an exact search gave an estimate"),
            };
            assert_eq!(sign, rated.value, "{position}: {rated:?}");
        }

        // Among optimal moves, none wins sooner or loses later than the chosen one,
        // and no earlier move is as good on both counts.
        let rank = |o: Outcome| match o {
            Outcome::Win { plies } => 100 - plies as i32,
            Outcome::Draw => 0,
            Outcome::Loss { plies } => -100 + plies as i32,
            Outcome::Estimate { value } => value,
        };
        for (index, rated) in by_minimax.optimal().enumerate() {
            assert!(
                rank(rated.outcome) <= rank(best.outcome),
                "{position}: {rated:?} beats {best:?}"
            );
            let original = by_minimax.moves.iter().position(|r| r == rated).unwrap();
            if original < by_minimax.chosen {
                assert!(
                    rank(rated.outcome) < rank(best.outcome),
                    "{position}: earlier tie {index}"
                );
            }
        }
    }
}

#[test]
fn plain_minimax_visits_the_whole_game_tree_of_549946_nodes() {
    let game = TicTacToe::new(Shape::CLASSIC);
    let start = Position::start(Shape::CLASSIC, Mark::X);
    let mut nodes = 0;
    assert_eq!(plain::value(&game, &start, Mark::X, &mut nodes), 0);
    assert_eq!(nodes, 549_946);
    assert_eq!(decide(&game, &start, Algorithm::Minimax).unwrap().nodes, 549_946);
}

#[test]
fn alphabeta_visits_a_pinned_number_of_nodes_from_the_empty_board() {
    let game = TicTacToe::new(Shape::CLASSIC);
    let start = Position::start(Shape::CLASSIC, Mark::X);
    // The slides' ALPHA-BETA-SEARCH: one search of the root with the window narrowing.
    let mut nodes = 0;
    assert_eq!(alphabeta::value(&game, &start, Mark::X, &mut nodes), 0);
    assert_eq!(nodes, 18_297);
    // Valuing every root move exactly (a full window each), as the decision does.
    assert_eq!(decide(&game, &start, Algorithm::AlphaBeta).unwrap().nodes, 30_710);
}
