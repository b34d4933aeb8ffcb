//! Students written from the lectures' pseudo-code (ASIGNAR-VALOR, MAX-VALUE / MIN-VALUE),
//! each writing its trace, each named by the replay.

use super::trace::{read, Limits};
use super::*;
use crate::game::Game;
use crate::games::mnk::{Mark, Shape, Status};

/// How a student's search is written: the correct ones and the classic mistakes.
#[derive(Clone, Copy, Default)]
struct Student {
    prune: bool,
    strict: bool,
    fail_hard: bool,
    swapped: bool,
    wrong_side: bool,
    wrong_view: bool,
    first_win: bool,
    /// DECISION's own loop stops at a winning successor too.
    root_first_win: bool,
    /// Each call passes the window the wrong way round: `MIN-VALUE(s, β, α)`.
    swapped_call: bool,
    depth: Option<usize>,
    explicit_root: bool,
    /// A transposition table: a position searched once is not searched again.
    table: bool,
    /// The children best first by their exact value (move ordering).
    ordered: bool,
    /// With a depth limit, the last ply searched under the first parent only.
    partial_ply: bool,
}

/// A student's program: searches and writes its trace, as the helper would.
struct Run {
    student: Student,
    max: Mark,
    out: String,
    table: std::collections::HashMap<Position, f64>,
    /// Whether the last ply was searched once already (`partial_ply`).
    deepened: bool,
}

impl Run {
    fn utility(&self, position: &Position) -> Option<f64> {
        let view = if self.student.wrong_view {
            position.to_move
        } else {
            self.max
        };
        match position.status() {
            Status::Won { mark, .. } => Some(if mark == view { 1.0 } else { -1.0 }),
            Status::Draw => Some(0.0),
            Status::Ongoing => None,
        }
    }

    /// MAX-VALUE and MIN-VALUE in one, as the slides write them.
    fn value(&mut self, position: &Position, depth: usize, (mut alpha, mut beta): (f64, f64)) -> f64 {
        let (alpha0, beta0) = (alpha, beta);
        if let Some(u) = self.utility(position) {
            return u;
        }
        let s = self.student;
        // A partial ply: the first node at the depth limit is searched one ply deeper, no other.
        let deeper = s.partial_ply && !self.deepened && s.depth == Some(depth);
        self.deepened |= deeper;
        let limit = s.depth.map(|d| if deeper { d + 1 } else { d });
        if limit.is_some_and(|d| depth >= d) {
            return 0.0; // the evaluation: every open position a draw
        }
        if let Some(&v) = self.table.get(position).filter(|_| s.table) {
            return v;
        }
        let maximising = position.to_move == self.max;
        let mut v = if maximising {
            f64::NEG_INFINITY
        } else {
            f64::INFINITY
        };
        for mv in ordered(position, self.max, s.ordered) {
            let child = position.play(mv.square);
            self.out.push_str(&format!("enter {mv} {alpha} {beta}\n"));
            let passed = if s.swapped_call {
                (beta, alpha)
            } else {
                (alpha, beta)
            };
            let value = self.value(&child, depth + 1, passed);
            self.out.push_str(&format!("leave {value}\n"));
            v = if maximising { v.max(value) } else { v.min(value) };
            if self.stops(maximising, v, (&mut alpha, &mut beta)) {
                break;
            }
        }
        if s.fail_hard {
            v = v.clamp(alpha0, beta0);
        }
        if s.table {
            self.table.insert(*position, v);
        }
        v
    }

    /// Whether the loop over the children stops at `v` (a first win, a cut-off), the window
    /// narrowed as the student narrows it otherwise.
    fn stops(&self, maximising: bool, v: f64, (alpha, beta): (&mut f64, &mut f64)) -> bool {
        let s = self.student;
        if s.first_win && (if maximising { v > 0.0 } else { v < 0.0 }) {
            return true;
        }
        if !s.prune {
            return false;
        }
        // MIN's tests are MAX's mirrored: the bounds and the inequalities trade places.
        let (own, other, sign) = if maximising {
            (alpha, beta, 1.0)
        } else {
            (beta, alpha, -1.0)
        };
        let cut = if s.wrong_side {
            sign * v <= sign * *own
        } else if s.swapped {
            sign * v >= sign * *own
        } else if s.strict {
            sign * v > sign * *other
        } else {
            sign * v >= sign * *other
        };
        if cut {
            return true;
        }
        let narrowed = if s.swapped { other } else { own };
        *narrowed = if maximising {
            narrowed.max(v)
        } else {
            narrowed.min(v)
        };
        false
    }

    /// The sheet's DECISION-MINIMAX (an implicit root) or ALPHA-BETA-SEARCH (explicit).
    fn search(student: Student, position: &Position) -> String {
        let mut run = Run {
            student,
            max: position.to_move,
            out: String::from("minimax-trace 1\n"),
            table: std::collections::HashMap::new(),
            deepened: false,
        };
        let window = (f64::NEG_INFINITY, f64::INFINITY);
        if student.explicit_root {
            run.out.push_str("enter\n");
            let v = run.value(position, 0, window);
            run.out.push_str(&format!("leave {v}\n"));
        } else {
            let mut alpha = f64::NEG_INFINITY;
            for mv in ordered(position, run.max, student.ordered) {
                run.out.push_str(&format!("enter {mv}\n"));
                let window = match student.swapped_call {
                    true => (f64::INFINITY, alpha),
                    false => (alpha, f64::INFINITY),
                };
                let v = run.value(&position.play(mv.square), 1, window);
                run.out.push_str(&format!("leave {v}\n"));
                alpha = alpha.max(v);
                if student.root_first_win && v > 0.0 {
                    break;
                }
            }
        }
        run.out
    }
}

/// The moves in board order, or best first for the player to move by their exact value.
fn ordered(position: &Position, max: Mark, best_first: bool) -> Vec<Move> {
    let game = TicTacToe::new(Shape::CLASSIC);
    let mut moves: Vec<Move> = game.moves(position).collect();
    if best_first {
        let value = |mv: &Move| exact(&position.play(mv.square), max);
        if position.to_move == max {
            moves.sort_by_key(|mv| std::cmp::Reverse(value(mv)));
        } else {
            moves.sort_by_key(value);
        }
    }
    moves
}

/// Plain minimax's value for `max`.
fn exact(position: &Position, max: Mark) -> i32 {
    let game = TicTacToe::new(Shape::CLASSIC);
    if let Some(u) = game.terminal_utility(position, max) {
        return u;
    }
    let values = game
        .moves(position)
        .map(|mv| exact(&position.play(mv.square), max));
    if position.to_move == max {
        values.max().unwrap_or(0)
    } else {
        values.min().unwrap_or(0)
    }
}

fn judged(student: Student, board: &str, rules: Rules) -> Replay {
    let position: Position = board.parse().unwrap();
    let text = Run::search(student, &position);
    let trace = read(text.as_bytes(), Limits::default()).unwrap();
    replay(&TicTacToe::new(Shape::CLASSIC), &position, &trace, rules).unwrap()
}

const ALPHABETA: Rules = Rules {
    asked: Asked::AlphaBeta,
    depth: None,
    first_win_accepted: false,
};
const MINIMAX: Rules = Rules {
    asked: Asked::Minimax,
    depth: None,
    first_win_accepted: false,
};
/// Positions of the sheet and around it, with room to prune.
const BOARDS: [&str; 4] = ["X--/-O-/---", "XO-/---/---", "X-O/-X-/O--", "---/-X-/---"];

fn named(student: Student, rules: Rules) -> Vec<String> {
    BOARDS
        .iter()
        .map(|b| judged(student, b, rules).verdict.to_string())
        .collect()
}

#[test]
#[ignore = "prints a trace for the docs"]
fn print_a_trace() {
    let board = std::env::var("BOARD").unwrap_or("XX-/OO-/XO-".into());
    println!("{}", Run::search(Student::default(), &board.parse().unwrap()));
}

#[test]
fn minimax_is_named_minimax() {
    let student = Student::default();
    assert_eq!(named(student, MINIMAX), ["minimax correct"; 4]);
    let replayed = judged(student, BOARDS[0], ALPHABETA);
    assert_eq!(replayed.verdict, Verdict::Bug(Bug::NoPruning));
    assert!(replayed.minimum.unwrap() < replayed.nodes);
    assert!(replayed.departure.is_some());
}

#[test]
fn alpha_beta_in_either_convention_is_correct() {
    for (strict, name) in [(false, "≥"), (true, ">")] {
        for explicit_root in [false, true] {
            let student = Student {
                prune: true,
                strict,
                explicit_root,
                ..Student::default()
            };
            for verdict in named(student, ALPHABETA) {
                assert!(
                    verdict.starts_with(&format!("alpha-beta ({name} cut-offs")),
                    "{verdict}"
                );
                assert!(verdict.ends_with("correct"), "{verdict}");
            }
        }
    }
    let soft = judged(
        Student {
            prune: true,
            ..Student::default()
        },
        BOARDS[0],
        ALPHABETA,
    );
    assert_eq!(soft.minimum, Some(soft.nodes));
    assert_eq!(soft.departure, None);
}

#[test]
fn fail_hard_is_named_fail_hard() {
    let student = Student {
        prune: true,
        fail_hard: true,
        explicit_root: true,
        ..Student::default()
    };
    let verdict = judged(student, BOARDS[0], ALPHABETA).verdict;
    assert!(matches!(verdict, Verdict::Correct(p) if p.fail_hard), "{verdict}");
    assert!(verdict.to_string().ends_with("correct"));
}

#[test]
fn the_classic_mistakes_are_named() {
    let swapped = Student {
        prune: true,
        swapped: true,
        ..Student::default()
    };
    assert_eq!(
        judged(swapped, BOARDS[0], ALPHABETA).verdict,
        Verdict::Bug(Bug::Swapped)
    );
    let wrong_side = Student {
        prune: true,
        wrong_side: true,
        ..Student::default()
    };
    assert_eq!(
        judged(wrong_side, BOARDS[0], ALPHABETA).verdict,
        Verdict::Bug(Bug::WrongSide)
    );
    let view = Student {
        wrong_view: true,
        ..Student::default()
    };
    assert_eq!(
        judged(view, BOARDS[0], MINIMAX).verdict,
        Verdict::Bug(Bug::WrongView)
    );
    let first_win = Student {
        first_win: true,
        ..Student::default()
    };
    assert_eq!(
        judged(first_win, BOARDS[2], MINIMAX).verdict,
        Verdict::Bug(Bug::FirstWin)
    );
    let accepted = Rules {
        first_win_accepted: true,
        ..MINIMAX
    };
    assert!(matches!(judged(first_win, BOARDS[2], accepted).verdict, Verdict::Correct(p) if p.first_win));
}

#[test]
fn a_window_passed_the_wrong_way_round_is_named_swapped() {
    // MIN-VALUE(s, β, α) in every call, the root's loop too (a blind student's C, #42).
    let swapped_call = Student {
        prune: true,
        swapped_call: true,
        ..Student::default()
    };
    let named = named(swapped_call, ALPHABETA);
    assert!(named.iter().all(|n| n == "α and β swapped"), "{named:?}");
}

#[test]
fn stopping_at_a_winning_move_of_the_root_itself_is_named_stopped_at_the_first_win() {
    // X 3 1, the first move of the sheet's example, wins: DECISION stops there.
    let student = Student {
        first_win: true,
        root_first_win: true,
        ..Student::default()
    };
    let replay = judged(student, "XX-/-OO/---", MINIMAX);
    assert_eq!(replay.verdict, Verdict::Bug(Bug::FirstWin));
    assert_eq!(replay.nodes, 2);
}

#[test]
fn depth_limits_are_judged_by_the_depth_asked() {
    let rules = Rules {
        depth: Some(3),
        ..ALPHABETA
    };
    let right = Student {
        prune: true,
        depth: Some(3),
        ..Student::default()
    };
    assert!(matches!(judged(right, BOARDS[3], rules).verdict, Verdict::Correct(p) if p.depth == Some(3)));
    let short = Student {
        prune: true,
        depth: Some(2),
        ..Student::default()
    };
    assert_eq!(
        judged(short, BOARDS[3], rules).verdict,
        Verdict::Bug(Bug::DepthOffByOne)
    );
    let long = Student {
        prune: true,
        depth: Some(4),
        ..Student::default()
    };
    assert_eq!(
        judged(long, BOARDS[3], rules).verdict,
        Verdict::Bug(Bug::DepthOffByOne)
    );
}

#[test]
fn the_first_departure_is_where_the_student_went_on_after_a_cut() {
    let replayed = judged(Student::default(), BOARDS[0], ALPHABETA);
    let departure = replayed.departure.unwrap();
    assert_eq!(departure.expected, Expected::Pruned);
    assert!(departure.procedure.pruning == Pruning::AlphaBeta);
}

#[test]
fn the_first_departure_is_ringed_on_the_students_tree() {
    let position: Position = BOARDS[0].parse().unwrap();
    let text = Run::search(Student::default(), &"XOX/OO-/X--".parse().unwrap());
    let trace = read(text.as_bytes(), Limits::default()).unwrap();
    let figure = figure(&trace, true, 3, "α = -1, β = +∞").unwrap();
    assert!(figure.starts_with("<svg"));
    assert!(figure.contains("class=\"departure\""));
    assert!(figure.contains("α = -1, β = +∞"));
    assert!(figure.trim_end().ends_with("</svg>"));
    let big = Run::search(Student::default(), &position);
    let big = read(big.as_bytes(), Limits::default()).unwrap();
    assert!(big.nodes.len() > FIGURE_NODES);
    assert_eq!(super::figure(&big, true, 3, ""), None);
}

#[test]
fn traces_that_lie_are_refused() {
    let game = TicTacToe::new(Shape::CLASSIC);
    let position: Position = "XX-/OO-/XO-".parse().unwrap();
    let refused = |text: &str| {
        let trace = read(text.as_bytes(), Limits::default()).unwrap();
        replay(&game, &position, &trace, MINIMAX).unwrap_err().to_string()
    };
    assert_eq!(
        refused("minimax-trace 1\nenter X 1 1\nleave 1\n"),
        "line 2: `X 1 1` cannot be played there: the square is taken"
    );
    assert_eq!(
        refused("minimax-trace 1\nenter X 9 9\nleave 1\n"),
        "line 2: `X 9 9` cannot be played there: the square is off the board"
    );
    assert_eq!(
        refused("minimax-trace 1\nenter O 3 1\nleave 1\n"),
        "line 2: `O 3 1` cannot be played there: it is the other player's turn"
    );
    assert_eq!(
        refused("minimax-trace 1\nenter X 3 1\nenter O 3 2\nleave 1\nleave 1\n"),
        "line 3: `O 3 2` cannot be played there: the game is already over"
    );
    assert_eq!(
        refused("minimax-trace 1\nenter X 3 1\nleave 1\nenter X 3 1\nleave 1\n"),
        "line 4: `X 3 1` is entered twice from the same node"
    );
}

#[test]
fn values_that_do_not_add_up_depart_from_everything() {
    let game = TicTacToe::new(Shape::CLASSIC);
    let position: Position = "XOX/OO-/X--".parse().unwrap();
    // X 3 2's value is its MIN children's smallest, -1, not 0.
    let text =
        Run::search(Student::default(), &position).replacen("leave 0\nleave -1\n", "leave 0\nleave 0\n", 1);
    let trace = read(text.as_bytes(), Limits::default()).unwrap();
    let replayed = replay(&game, &position, &trace, MINIMAX).unwrap();
    assert_eq!(replayed.verdict, Verdict::Departs);
    let departure = replayed.departure.unwrap();
    assert_eq!((departure.node, departure.expected), (1, Expected::Value(-1.0)));
}

#[test]
fn a_search_that_stops_short_departs_where_it_stopped() {
    let game = TicTacToe::new(Shape::CLASSIC);
    let position: Position = "XX-/OO-/XO-".parse().unwrap();
    let trace = read(b"minimax-trace 1\nenter X 3 1\nleave 1\n", Limits::default()).unwrap();
    // The sheet's DECISION-MINIMAX looks at every successor, even after a win.
    let replayed = replay(&game, &position, &trace, MINIMAX).unwrap();
    assert_eq!(replayed.chosen, Some("X 3 1".parse().unwrap()));
    assert_eq!(
        replayed.departure.unwrap().expected,
        Expected::Enter("X 3 2".parse().unwrap())
    );
}

#[test]
fn a_transposition_table_is_accepted_and_its_repeats_counted() {
    let table = Student {
        table: true,
        ..Student::default()
    };
    let replayed = judged(table, BOARDS[2], MINIMAX);
    assert_eq!(replayed.verdict.to_string(), "minimax correct");
    let plain = judged(Student::default(), BOARDS[2], MINIMAX);
    assert!(replayed.reused > 0 && replayed.nodes < plain.nodes);
    assert_eq!(plain.reused, 0);
    // Where alpha-beta was asked, the table does not hide the missing pruning.
    assert_eq!(
        judged(table, BOARDS[0], ALPHABETA).verdict,
        Verdict::Bug(Bug::NoPruning)
    );
}

#[test]
fn a_repeat_given_another_value_than_its_first_search_is_not_a_table() {
    let position: Position = BOARDS[2].parse().unwrap();
    let text = Run::search(
        Student {
            table: true,
            ..Student::default()
        },
        &position,
    );
    let trace = read(text.as_bytes(), Limits::default()).unwrap();
    let game = TicTacToe::new(Shape::CLASSIC);
    let good = replay(&game, &position, &trace, MINIMAX).unwrap();
    // The first repeated position's value changed: its earlier search said otherwise.
    let hit = (1..trace.nodes.len())
        .find(|&id| {
            let n = &trace.nodes[id];
            n.children.is_empty() && !game.is_terminal(&super::positions(&position, &trace)[id])
        })
        .unwrap();
    let line = trace.nodes[hit].line;
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let value = trace.nodes[hit].value.unwrap();
    lines[line] = format!("leave {}", if value > 0.0 { -1 } else { 1 });
    let lied = read(lines.join("\n").as_bytes(), Limits::default()).unwrap();
    let replayed = replay(&game, &position, &lied, MINIMAX).unwrap();
    assert_eq!(replayed.reused, good.reused - 1);
    assert!(!matches!(replayed.verdict, Verdict::Correct(_)));
}

#[test]
fn a_last_ply_searched_under_some_parents_only_is_a_partial_ply() {
    let rules = Rules {
        depth: Some(2),
        ..ALPHABETA
    };
    let partial = Student {
        prune: true,
        depth: Some(2),
        partial_ply: true,
        ..Student::default()
    };
    assert_eq!(
        judged(partial, BOARDS[3], rules).verdict,
        Verdict::Bug(Bug::PartialPly)
    );
    // A whole ply more is still one off.
    let deeper = Student {
        prune: true,
        depth: Some(3),
        ..Student::default()
    };
    assert_eq!(
        judged(deeper, BOARDS[3], rules).verdict,
        Verdict::Bug(Bug::DepthOffByOne)
    );
}

#[test]
fn ordered_alpha_beta_must_enter_fewer_nodes_than_the_board_order() {
    let rules = Rules {
        asked: Asked::AlphaBetaOrdered,
        ..ALPHABETA
    };
    let plain = Student {
        prune: true,
        ..Student::default()
    };
    let best_first = Student {
        ordered: true,
        ..plain
    };
    let board = BOARDS[1];
    let unordered = judged(plain, board, rules);
    let ordering = unordered.ordering.unwrap();
    assert!(ordering.can_help(), "{ordering:?}");
    assert_eq!(ordering.board_order, unordered.nodes);
    assert!(!ordering.ordered);
    let ordered = judged(best_first, board, rules);
    assert!(matches!(ordered.verdict, Verdict::Correct(_)));
    let counts = ordered.ordering.unwrap();
    assert_eq!(counts.board_order, ordering.board_order);
    assert!(
        ordered.nodes < counts.board_order && counts.ordered,
        "{counts:?} {}",
        ordered.nodes
    );
    // Without "ordered", nothing is counted.
    assert_eq!(judged(plain, board, ALPHABETA).ordering, None);
}
