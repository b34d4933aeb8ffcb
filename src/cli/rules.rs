//! `--game`, `--gravity`, `--k` and `--size`: which game a position belongs to, before it is
//! read.

use clap::{Args, ValueEnum};
use minimax_core::games::mnk::{Rules, Shape, ShapeError};

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum GameArg {
    /// Tic-tac-toe ("gato") on any board from 3x3 to 8x8.
    #[value(alias = "gato")]
    Tictactoe,
    /// Connect Four: 7 columns, 6 rows, four in a row, pieces fall; a move is a column.
    #[value(alias = "connect-four")]
    Connect4,
}

#[derive(Clone, Debug, Args)]
pub(crate) struct RulesArgs {
    /// The game: tic-tac-toe (the sheet's), or Connect Four (7x6, four in a row, gravity).
    #[arg(long, value_enum, default_value_t = GameArg::Tictactoe)]
    pub(crate) game: GameArg,
    /// Pieces fall to the lowest free cell of their column, on any board: a move is a column
    /// (`X 4`), and k defaults to 4.
    #[arg(long)]
    pub(crate) gravity: bool,
    /// How many in a row win (default: the position's `k: K`, else the board's shorter side;
    /// 4 where pieces fall).
    #[arg(long, value_name = "K")]
    pub(crate) k: Option<usize>,
}

impl RulesArgs {
    /// The rules with `--k` and `--size` (when given) on top of the game's own.
    pub(crate) fn rules(&self, size: Option<Size>) -> Rules {
        let base = match self.game {
            GameArg::Connect4 => Rules::CONNECT_FOUR,
            GameArg::Tictactoe => Rules::default(),
        };
        Rules {
            k: self.k.or(base.k),
            gravity: base.gravity || self.gravity,
            size: size.map(|size| (size.cols, size.rows)).or(base.size),
        }
    }

    /// The board of generated positions (samples, `play`): `--size` else the game's, 3x3 for
    /// tic-tac-toe; k from `--k`, else the game's (4 with gravity), else the shorter side.
    pub(crate) fn shape(&self, size: Option<Size>) -> Result<Shape, ShapeError> {
        let rules = self.rules(size);
        let (cols, rows) = rules.size.unwrap_or((3, 3));
        Shape::with_rules(cols, rows, rules.k, rules.gravity)
    }
}

/// `--size 4x4`: the board's columns and rows, which the rules above are given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Size {
    pub(crate) cols: usize,
    pub(crate) rows: usize,
}

/// A `--size` that is not columns x rows.
#[derive(Debug, thiserror::Error)]
#[error("{given:?} is not a size: write columns x rows, such as 4x4")]
pub(crate) struct SizeError {
    given: String,
}

impl std::str::FromStr for Size {
    type Err = SizeError;
    fn from_str(text: &str) -> Result<Size, SizeError> {
        let not_a_size = || SizeError {
            given: text.to_string(),
        };
        let (cols, rows) = text.split_once(['x', 'X', '×']).ok_or_else(not_a_size)?;
        let number = |n: &str| n.trim().parse::<usize>().map_err(|_| not_a_size());
        Ok(Size {
            cols: number(cols)?,
            rows: number(rows)?,
        })
    }
}
