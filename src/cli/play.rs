//! `minimax play`: a person plays the machine in the terminal (lecture 004's game loop).
//! It reads moves line by line, so it works through a pipe as well.

use super::engine::EngineArgs;
use super::nim::check_heap;
use super::rules::{GameArg, RulesArgs};
use super::Size;
use super::{Error, Exit};
use clap::{Args, ValueEnum};
use minimax_core::game::Game;
use minimax_core::games::board_engine::BoardEngine;
use minimax_core::games::mnk::eval::BoardEvaluation;
use minimax_core::games::mnk::{Coords, Mark, Move, Position, Shape, Status, TicTacToe};
use minimax_core::games::nim::{Heap, Nim, NimEval, Seat, Takes};
use minimax_core::search::depth::Evaluation;
use minimax_core::search::distance::Decisive;
use minimax_core::search::engine::{Answer, Engine, Strategy};
use std::cell::RefCell;
use std::io::{BufRead, BufReader, IsTerminal, Read, Write};

#[derive(Debug, Args)]
pub(crate) struct PlayArgs {
    /// The game to play.
    #[arg(value_enum, default_value_t = PlayGame::Tictactoe)]
    pub(crate) game: PlayGame,
    /// Tokens on the heap, for nim.
    pub(crate) tokens: Option<u32>,
    /// The machine moves first (by default you do).
    #[arg(long)]
    pub(crate) machine_first: bool,
    #[command(flatten)]
    pub(crate) engine: EngineArgs,
    /// Nim: the amounts a player may take.
    #[arg(long, value_name = "1,2,3", default_value = "1,2,3")]
    pub(crate) take: Takes,
    /// Nim: whoever takes the last token wins.
    #[arg(long)]
    pub(crate) last_wins: bool,
    /// Tic-tac-toe: the board, COLSxROWS (3x3 to 8x8; Connect Four: 7x6).
    #[arg(long, value_name = "COLSxROWS")]
    pub(crate) size: Option<Size>,
    /// How many in a row win (default: the shorter side; 4 where pieces fall).
    #[arg(long, value_name = "K")]
    pub(crate) k: Option<usize>,
    /// Pieces fall to the lowest free cell: you name a column.
    #[arg(long)]
    pub(crate) gravity: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum PlayGame {
    #[value(alias = "gato")]
    Tictactoe,
    /// 7 columns, 6 rows, four in a row, pieces fall.
    #[value(alias = "connect-four")]
    Connect4,
    Nim,
}

/// What differs between games at the table: drawing the state, reading a person's move,
/// naming a move, and saying how the game ended.
/// Why the player's line is not a move, said before asking again.
#[derive(Debug, thiserror::Error)]
enum Retry {
    #[error("{line:?} is not a column: type its number, 1 to {cols} (or q to quit).")]
    NotAColumn { line: String, cols: u8 },
    #[error("There is no column {col}: columns go from 1 to {cols}.")]
    NoSuchColumn { col: u32, cols: u8 },
    #[error("Column {col} is full: choose another.")]
    ColumnFull { col: u32 },
    #[error("{line:?} is not a move: type the column and the row, such as 2 3 (or q to quit).")]
    NotAMove { line: String },
    /// `range` says where the board's columns and rows go.
    #[error("{col} {row} is off the board: {range}.")]
    OffTheBoard { col: u32, row: u32, range: String },
    #[error("{col} {row} is taken by {mark}: choose an empty cell.")]
    Taken { col: u32, row: u32, mark: Mark },
    #[error("{line:?} is not a number of tokens.")]
    NotATake { line: String },
    #[error("You may take {allowed}, not {take}.")]
    TakeNotAllowed { allowed: String, take: u32 },
    #[error("Only {left} left: you cannot take {take}.")]
    TooFewLeft { left: u32, take: u32 },
}

trait Table {
    type Game: Decisive;
    type Eval: Evaluation<Self::Game>;
    fn game(&self) -> &Self::Game;
    fn eval(&self) -> &Self::Eval;
    fn show(&self, state: &<Self::Game as Game>::State) -> String;
    fn prompt(&self, state: &<Self::Game as Game>::State) -> String;
    fn read(
        &self,
        state: &<Self::Game as Game>::State,
        line: &str,
    ) -> Result<<Self::Game as Game>::Move, Retry>;
    /// What the machine does, as a phrase: "plays O 2 2", "takes 3".
    fn describe(&self, mv: <Self::Game as Game>::Move) -> String;
    /// The machine's move at `state`, and what qualifies it (" (the best found in 2 s, not
    /// proven)", or nothing); `None` when the game is over.
    fn choose(
        &self,
        engine: &Engine,
        state: &<Self::Game as Game>::State,
    ) -> Option<(<Self::Game as Game>::Move, String)> {
        engine
            .think(self.game(), self.eval(), state)
            .map(|answer| (answer.chosen(), String::new()))
    }
    fn result(&self, state: &<Self::Game as Game>::State, human: <Self::Game as Game>::Player) -> String;
}

pub(crate) fn play(args: &PlayArgs, stdin: &mut dyn Read, stdout: &mut dyn Write) -> Result<Exit, Error> {
    let echo = !std::io::stdin().is_terminal();
    match args.game {
        PlayGame::Tictactoe | PlayGame::Connect4 => play_board(args, echo, stdin, stdout),
        PlayGame::Nim => play_nim(args, echo, stdin, stdout),
    }
}

/// Tic-tac-toe, Connect Four or any m,n,k board against the machine.
fn play_board(
    args: &PlayArgs,
    echo: bool,
    stdin: &mut dyn Read,
    stdout: &mut dyn Write,
) -> Result<Exit, Error> {
    let rules = RulesArgs {
        game: if args.game == PlayGame::Connect4 {
            GameArg::Connect4
        } else {
            GameArg::Tictactoe
        },
        gravity: args.gravity,
        k: args.k,
    };
    let shape = rules.shape(args.size)?;
    let engine = args.engine.engine();
    let game = TicTacToe::new(shape);
    let table = Board::new(&game, &engine, args.engine.book()?);
    let human = if args.machine_first { Mark::O } else { Mark::X };
    let title = if shape == Shape::CLASSIC {
        "Tic-tac-toe".to_string()
    } else if shape == Shape::CONNECT_FOUR {
        "Connect Four".to_string()
    } else {
        let gravity = if shape.gravity { ", pieces falling" } else { "" };
        format!(
            "Tic-tac-toe on {}x{}, {} in a row{gravity}",
            shape.cols, shape.rows, shape.k
        )
    };
    writeln!(
        stdout,
        "{title}: you are {human}, the machine is {}. X moves first.",
        human.opponent()
    )?;
    run_loop(
        echo,
        &table,
        &engine,
        Position::start(shape, Mark::X),
        human,
        stdin,
        stdout,
    )
}

/// Nim against the machine.
fn play_nim(
    args: &PlayArgs,
    echo: bool,
    stdin: &mut dyn Read,
    stdout: &mut dyn Write,
) -> Result<Exit, Error> {
    let engine = args.engine.engine();
    let tokens = args.tokens.ok_or(Error::NoTokens)?;
    check_heap(&engine, tokens, "add --depth 12")?;
    let game = Nim::new(args.take.0.clone(), args.last_wins).ok_or(Error::NoTake)?;
    let rule = if args.last_wins { "wins" } else { "loses" };
    writeln!(
        stdout,
        "Nim: {tokens} tokens; take {} each turn; whoever takes the last token {rule}.",
        list(game.takes())
    )?;
    let human = if args.machine_first {
        Seat::Second
    } else {
        Seat::First
    };
    let table = Heaps { game };
    run_loop(
        echo,
        &table,
        &engine,
        Heap {
            tokens,
            to_move: Seat::First,
        },
        human,
        stdin,
        stdout,
    )
}

fn run_loop<T: Table>(
    echo: bool,
    table: &T,
    engine: &Engine,
    start: <T::Game as Game>::State,
    human: <T::Game as Game>::Player,
    stdin: &mut dyn Read,
    stdout: &mut dyn Write,
) -> Result<Exit, Error> {
    let game = table.game();
    let mut input = BufReader::new(stdin);
    let mut state = start;
    write!(stdout, "{}", table.show(&state))?;
    while !game.is_terminal(&state) {
        let mv = if game.player(&state) == human {
            match ask(echo, table, &state, &mut input, stdout)? {
                Some(mv) => mv,
                None => return Ok(Exit::Success),
            }
        } else {
            let Some((mv, aside)) = table.choose(engine, &state) else {
                break;
            };
            writeln!(stdout, "The machine {}{aside}.", table.describe(mv))?;
            mv
        };
        state = game.play(&state, mv);
        write!(stdout, "{}", table.show(&state))?;
    }
    writeln!(stdout, "{}", table.result(&state, human))?;
    Ok(Exit::Success)
}

/// Asks until the person gives a legal move; `None` when they quit or the input ends.
fn ask<T: Table>(
    echo: bool,
    table: &T,
    state: &<T::Game as Game>::State,
    input: &mut impl BufRead,
    stdout: &mut dyn Write,
) -> Result<Option<<T::Game as Game>::Move>, Error> {
    loop {
        write!(stdout, "{}", table.prompt(state))?;
        stdout.flush()?;
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            writeln!(stdout, "\nThe input ended; the game is left unfinished.")?;
            return Ok(None);
        }
        let line = line.trim();
        if echo {
            // Piped input is not shown by a terminal: show it, so the transcript reads right.
            writeln!(stdout, "{line}")?;
        }
        if line.eq_ignore_ascii_case("q") || line.eq_ignore_ascii_case("quit") {
            writeln!(stdout, "You quit the game.")?;
            return Ok(None);
        }
        match table.read(state, line) {
            Ok(mv) => return Ok(Some(mv)),
            Err(why) => writeln!(stdout, "{why}")?,
        }
    }
}

fn list(amounts: &[u32]) -> String {
    let names: Vec<String> = amounts.iter().map(u32::to_string).collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => names.join(""),
    }
}

struct Board<'g> {
    game: &'g TicTacToe,
    /// The evaluation at the depth limit.
    eval: BoardEvaluation,
    /// The engine at work on this board for the whole game: one search context, so that
    /// each move's search starts from the table the earlier moves filled (as Pons' solver
    /// plays), instead of a new table a move.
    search: RefCell<BoardEngine<'g>>,
}

/// Where pieces fall the opening cannot be solved while a person waits: without
/// `--time-limit` the machine answers within this long, exactly when it can, and otherwise
/// the evaluation chooses among the moves not refuted (the engine's table says how).
const PATIENCE: std::time::Duration = std::time::Duration::from_secs(2);

impl<'g> Board<'g> {
    /// `engine` on `game`'s board for a person waiting (see [`PATIENCE`]), with the opening
    /// book (--book).
    fn new(
        game: &'g TicTacToe,
        engine: &Engine,
        book: Option<&'static minimax_core::games::connect4::book::Book>,
    ) -> Board<'g> {
        let eval = BoardEvaluation::default_for(game.shape());
        let waiting = Engine {
            patience: Some(PATIENCE),
            ..*engine
        };
        Board {
            game,
            eval,
            search: RefCell::new(waiting.board(game, eval).with_book(book)),
        }
    }
}

impl Table for Board<'_> {
    type Game = TicTacToe;
    type Eval = BoardEvaluation;
    fn game(&self) -> &TicTacToe {
        self.game
    }
    fn eval(&self) -> &BoardEvaluation {
        &self.eval
    }
    /// The board with column numbers above and row numbers beside it (only columns where
    /// pieces fall: a move names nothing else).
    fn show(&self, position: &Position) -> String {
        let shape = self.game.shape();
        let header: Vec<String> = (1..=shape.cols).map(|c| c.to_string()).collect();
        if shape.gravity {
            return format!("\n{}\n{}", header.join("   "), position.board);
        }
        let mut text = format!("\n    {}\n", header.join("   "));
        for (row, line) in position.board.to_string().lines().enumerate() {
            text.push_str(&format!("{}   {line}\n", row + 1));
        }
        text
    }
    fn prompt(&self, position: &Position) -> String {
        let shape = self.game.shape();
        if shape.gravity {
            return format!(
                "Your move ({}): a column, 1 to {}, or q to quit: ",
                position.to_move, shape.cols
            );
        }
        format!(
            "Your move ({}): column and row, such as 2 3, or q to quit: ",
            position.to_move
        )
    }
    fn read(&self, position: &Position, line: &str) -> Result<Move, Retry> {
        let shape = self.game.shape();
        if shape.gravity {
            let col: u32 = line.trim().parse().map_err(|_| Retry::NotAColumn {
                line: line.to_string(),
                cols: shape.cols,
            })?;
            if !(1..=u32::from(shape.cols)).contains(&col) {
                return Err(Retry::NoSuchColumn {
                    col,
                    cols: shape.cols,
                });
            }
            let square = position
                .board
                .landing((col - 1) as u8)
                .ok_or(Retry::ColumnFull { col })?;
            return Ok(Move {
                mark: position.to_move,
                square,
            });
        }
        let numbers: Vec<u32> = line
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|t| !t.is_empty())
            .filter_map(|t| t.parse().ok())
            .collect();
        let [col, row] = numbers[..] else {
            return Err(Retry::NotAMove {
                line: line.to_string(),
            });
        };
        let square = Coords::ColRow
            .square(col, row)
            .filter(|&s| self.game.shape().contains(s));
        let Some(square) = square else {
            let shape = self.game.shape();
            let range = if shape.cols == shape.rows {
                format!("columns and rows go from 1 to {}", shape.cols)
            } else {
                format!(
                    "columns go from 1 to {}, rows from 1 to {}",
                    shape.cols, shape.rows
                )
            };
            return Err(Retry::OffTheBoard { col, row, range });
        };
        if let Some(mark) = position.board.get(square) {
            return Err(Retry::Taken { col, row, mark });
        }
        Ok(Move {
            mark: position.to_move,
            square,
        })
    }
    fn describe(&self, mv: Move) -> String {
        format!(
            "plays {}",
            mv.display(Coords::ColRow.on(self.game.shape().gravity))
        )
    }
    /// The engine's answer, someone waiting: where pieces fall and no --time-limit is
    /// given, within [`PATIENCE`], saying when the move is not proven. The board's own
    /// engine answers (made with the game's), not `_engine`.
    fn choose(&self, _engine: &Engine, position: &Position) -> Option<(Move, String)> {
        let mut search = self.search.borrow_mut();
        // Only an engine that must prove its answer gives up; this one answers the best found.
        let answer = search.answer(position).unwrap_or(None)?;
        let aside = match (search.strategy(), &answer) {
            (Strategy::ColumnsWithin(limit), Answer::Search { exact, .. }) => {
                super::within::aside(*exact, limit)
            }
            _ => String::new(),
        };
        Some((answer.chosen(), aside))
    }
    fn result(&self, position: &Position, human: Mark) -> String {
        match position.status() {
            Status::Won { mark, .. } if mark == human => format!("{mark} wins: you win."),
            Status::Won { mark, .. } => format!("{mark} wins: the machine wins."),
            _ => "draw".to_string(),
        }
    }
}

struct Heaps {
    game: Nim,
}

impl Table for Heaps {
    type Game = Nim;
    type Eval = NimEval;
    fn game(&self) -> &Nim {
        &self.game
    }
    fn eval(&self) -> &NimEval {
        &NimEval::Mod4
    }
    fn show(&self, heap: &Heap) -> String {
        format!(
            "{} token{} left.\n",
            heap.tokens,
            if heap.tokens == 1 { "" } else { "s" }
        )
    }
    fn prompt(&self, _heap: &Heap) -> String {
        format!("Take how many ({})? q to quit: ", list(self.game.takes()))
    }
    fn read(&self, heap: &Heap, line: &str) -> Result<u32, Retry> {
        let take: u32 = line.parse().map_err(|_| Retry::NotATake {
            line: line.to_string(),
        })?;
        if !self.game.takes().contains(&take) {
            return Err(Retry::TakeNotAllowed {
                allowed: list(self.game.takes()),
                take,
            });
        }
        if take > heap.tokens {
            return Err(Retry::TooFewLeft {
                left: heap.tokens,
                take,
            });
        }
        Ok(take)
    }
    fn describe(&self, take: u32) -> String {
        format!("takes {take}")
    }
    fn result(&self, heap: &Heap, human: Seat) -> String {
        let winner = if self.game.utility(heap, heap.to_move) > 0 {
            heap.to_move
        } else {
            heap.to_move.other()
        };
        if winner == human {
            "You win.".to_string()
        } else {
            "The machine wins.".to_string()
        }
    }
}
