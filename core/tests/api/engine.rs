//! The engine's exact rows, each asked through its one entry (`Engine::board`), rate every
//! move as plain minimax does and choose the same one.

use minimax_core::game::Game;
use minimax_core::games::mnk::eval::BoardEvaluation;
use minimax_core::games::mnk::{reachable_positions, Mark, Position, Rules, Shape, TicTacToe};
use minimax_core::search::decision::{decide, Decision};
use minimax_core::search::engine::{Answer, Engine, Strategy};
use minimax_core::search::Algorithm;
use std::time::Duration;

/// The engine's answer at `position`, which must be exact, and the row that gave it.
fn exact_answer(
    engine: Engine,
    game: &TicTacToe,
    position: &Position,
) -> (Decision<minimax_core::games::mnk::Move>, Strategy) {
    let mut search = engine.board(game, BoardEvaluation::default_for(game.shape()));
    match search.answer(position) {
        Ok(Some(Answer::Search {
            decision,
            exact: true,
            ..
        })) => (decision, search.strategy()),
        other => panic!("{position}: not an exact answer: {other:?}"),
    }
}

fn assert_agrees_with_plain_minimax(engines: &[Engine], game: &TicTacToe, position: &Position) {
    let plain = decide(game, position, Algorithm::Minimax).unwrap();
    for engine in engines {
        let (decision, strategy) = exact_answer(*engine, game, position);
        assert_eq!(decision.moves, plain.moves, "{position} {strategy:?}");
        assert_eq!(decision.chosen, plain.chosen, "{position} {strategy:?}");
    }
}

#[test]
fn every_exact_row_answers_as_plain_minimax_on_the_sheets_board() {
    let game = TicTacToe::new(Shape::CLASSIC);
    let asking = |algorithm| Engine {
        algorithm: Some(algorithm),
        hash_mib: 1,
        ..Engine::default()
    };
    let key = Engine {
        time_limit: Some(Duration::from_secs(60)),
        node_limit: Some(1_000_000),
        proven_only: true,
        ..asking(Algorithm::Solver)
    };
    let engines = [
        Engine::default(),
        asking(Algorithm::Solver),
        asking(Algorithm::Minimax),
        key,
    ];
    let open: Vec<Position> = reachable_positions(Shape::CLASSIC, Mark::X)
        .into_iter()
        .filter(|position| !game.is_terminal(position))
        .collect();
    // Every seventh of the 4,520 positions: each row searched on about 650.
    for position in open.iter().step_by(7) {
        assert_agrees_with_plain_minimax(&engines, &game, position);
    }
}

#[test]
fn where_pieces_fall_the_solver_and_the_column_solver_within_a_clock_answer_as_plain_minimax() {
    let rules = Rules {
        k: Some(3),
        gravity: true,
        size: Some((4, 4)),
    };
    let start = minimax_core::games::mnk::read_any("moves: ", rules, None).unwrap();
    let game = TicTacToe::new(start.board.shape());
    let solver = Engine {
        hash_mib: 1,
        ..Engine::default()
    };
    let within = Engine {
        time_limit: Some(Duration::from_secs(120)),
        ..solver
    };
    let mut checked = 0;
    for seed in 0..60u64 {
        let mut position = start;
        let mut state = seed;
        for _ in 0..(6 + seed % 4) {
            if game.is_terminal(&position) {
                break;
            }
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let moves: Vec<_> = game.moves(&position).collect();
            position = game.play(&position, moves[(state >> 33) as usize % moves.len()]);
        }
        if game.is_terminal(&position) {
            continue;
        }
        assert_agrees_with_plain_minimax(&[solver, within], &game, &position);
        checked += 1;
    }
    assert!(checked >= 20, "{checked}");
    assert_eq!(
        solver
            .board(&game, BoardEvaluation::default_for(game.shape()))
            .strategy(),
        Strategy::Solver
    );
    assert_eq!(
        within
            .board(&game, BoardEvaluation::default_for(game.shape()))
            .strategy(),
        Strategy::ColumnsWithin(Duration::from_secs(120))
    );
}
