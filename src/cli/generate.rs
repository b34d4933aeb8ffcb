//! `minimax generate positions|tree`: new exercises with their answer keys.

use super::rules::RulesArgs;
use super::{Error, Exit, Size};
use clap::{Args, Subcommand, ValueEnum};
use minimax_core::exercises::positions::{self as generate, Fate, Spec};
use minimax_core::exercises::trees::TreeSpec;
use minimax_core::figures::exercise_sheet::{self, Lang, Question};
use minimax_core::games::mnk::render;
use minimax_core::games::mnk::Coords;
use minimax_core::search::alphabeta::Cutoff;
use minimax_core::tree::solve::{solve, TreeSearch};
use std::io::Write;

#[derive(Debug, Args)]
pub(crate) struct GenerateArgs {
    #[command(subcommand)]
    pub(crate) what: Generate,
}

#[derive(Debug, Subcommand)]
pub(crate) enum Generate {
    /// Reachable positions that still have a move, each with its key (every optimal move and
    /// the outcome), the same for the same options and seed.
    Positions(PositionsArgs),
    /// A random MAX/MIN tree and its key (what `minimax tree --format json` says of it), the
    /// same for the same options and seed.
    Tree(TreeArgs),
}

#[derive(Debug, Args)]
pub(crate) struct TreeArgs {
    /// Levels of choices above the leaves (1 to 6).
    #[arg(long, value_name = "D", default_value_t = 2)]
    pub(crate) depth: u32,
    /// Children of every choice node (2 to 5).
    #[arg(long, value_name = "B", default_value_t = 3)]
    pub(crate) branching: u32,
    /// The seed (the same seed, the same tree).
    #[arg(long, value_name = "S", default_value_t = 0)]
    pub(crate) seed: u64,
    /// Leaf values, LO..HI (may be negative).
    #[arg(
        long,
        value_name = "LO..HI",
        default_value = "0..20",
        allow_hyphen_values = true
    )]
    pub(crate) values: Span,
    /// No two leaves of the same value.
    #[arg(long)]
    pub(crate) distinct: bool,
    /// Subtrees the slides' alpha-beta prunes, MIN..MAX.
    #[arg(long, value_name = "MIN..MAX")]
    pub(crate) pruned: Option<Range>,
    /// Levels where chance moves, for expectiminimax (1: the root's children), such as 1 or
    /// 1,3; probabilities are drawn in tenths.
    #[arg(long, value_name = "LEVELS", value_delimiter = ',')]
    pub(crate) chance: Vec<u32>,
    /// Players of a max^n tree (3 or 4; 2 is a MAX/MIN tree).
    #[arg(long, value_name = "N", default_value_t = 2)]
    pub(crate) players: u32,
    /// The tree and its key as JSON, the tree's figure as SVG (with the answer), or a
    /// printable HTML sheet (the question, then the key on a page of its own).
    #[arg(long, value_enum, default_value_t = TreeOutput::Json)]
    pub(crate) format: TreeOutput,
    /// The language of an HTML sheet.
    #[arg(long, value_enum, default_value_t = LangArg::Es)]
    pub(crate) lang: LangArg,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum TreeOutput {
    Json,
    Svg,
    Html,
}

/// `--values -5..5`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Span(pub(crate) i64, pub(crate) i64);

/// A `--values` or `--empty` range that does not read.
#[derive(Debug, thiserror::Error)]
pub(crate) enum RangeError {
    #[error("{given:?} is not a range: write LO..HI, such as 0..20 or -5..5")]
    NotASpan { given: String },
    #[error("{given:?} is not a range: write A..B, such as 3..6")]
    NotARange { given: String },
    #[error("{given}: the range is empty ({low} is above {high})")]
    Empty { given: String, low: u32, high: u32 },
}

impl std::str::FromStr for Span {
    type Err = RangeError;
    fn from_str(text: &str) -> Result<Span, RangeError> {
        let bad = || RangeError::NotASpan {
            given: text.to_string(),
        };
        let (low, high) = text.split_once("..").ok_or_else(bad)?;
        Ok(Span(
            low.trim().parse().map_err(|_| bad())?,
            high.trim().parse().map_err(|_| bad())?,
        ))
    }
}

#[derive(Debug, Args)]
pub(crate) struct PositionsArgs {
    /// How many positions.
    #[arg(long, value_name = "N", default_value_t = 5, value_parser = clap::value_parser!(u64).range(1..=1000))]
    pub(crate) count: u64,
    /// The seed of the random play (the same seed, the same positions).
    #[arg(long, value_name = "S", default_value_t = 0)]
    pub(crate) seed: u64,
    /// The board, COLSxROWS (3x3 to 8x8; default 3x3, or 7x6 for Connect Four).
    #[arg(long, value_name = "COLSxROWS")]
    pub(crate) size: Option<Size>,
    #[command(flatten)]
    pub(crate) rules: RulesArgs,
    /// Empty cells, A..B (default: any).
    #[arg(long, value_name = "A..B")]
    pub(crate) empty: Option<Range>,
    /// Only positions with exactly one optimal move, as an exam question needs.
    #[arg(long)]
    pub(crate) unique: bool,
    /// Only positions the side to move wins, draws or loses with best play.
    #[arg(long, value_enum)]
    pub(crate) outcome: Option<FateArg>,
    /// The grid with its key below (text), JSON, the boards as one SVG figure, or a printable
    /// HTML sheet (the key on a page of its own).
    #[arg(long, value_enum, default_value_t = PositionsFormat::Text)]
    pub(crate) format: PositionsFormat,
    /// The language of an HTML sheet.
    #[arg(long, value_enum, default_value_t = LangArg::Es)]
    pub(crate) lang: LangArg,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum LangArg {
    Es,
    En,
    Pt,
}

impl From<LangArg> for Lang {
    fn from(lang: LangArg) -> Lang {
        match lang {
            LangArg::Es => Lang::Es,
            LangArg::En => Lang::En,
            LangArg::Pt => Lang::Pt,
        }
    }
}

/// `--empty 3..6`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Range(pub(crate) u32, pub(crate) u32);

impl std::str::FromStr for Range {
    type Err = RangeError;
    fn from_str(text: &str) -> Result<Range, RangeError> {
        let bad = || RangeError::NotARange {
            given: text.to_string(),
        };
        let (low, high) = text.split_once("..").ok_or_else(bad)?;
        let (low, high) = (
            low.trim().parse().map_err(|_| bad())?,
            high.trim().parse().map_err(|_| bad())?,
        );
        if low > high {
            return Err(RangeError::Empty {
                given: text.to_string(),
                low,
                high,
            });
        }
        Ok(Range(low, high))
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum FateArg {
    Win,
    Draw,
    Loss,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum PositionsFormat {
    Text,
    Json,
    Svg,
    Html,
}

#[derive(serde::Serialize)]
struct JsonPosition {
    board: String,
    to_move: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    k: Option<u8>,
    /// Pieces fall (Connect Four): the answers are columns.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    gravity: bool,
    optimal: Vec<String>,
    outcome: String,
}

pub(crate) fn generate(
    args: &GenerateArgs,
    stdout: &mut dyn Write,
    stderr: &mut dyn Write,
) -> Result<Exit, Error> {
    match &args.what {
        Generate::Positions(args) => positions(args, stdout, stderr),
        Generate::Tree(args) => tree(args, stdout),
    }
}

fn tree(args: &TreeArgs, stdout: &mut dyn Write) -> Result<Exit, Error> {
    let spec = TreeSpec {
        depth: args.depth,
        branching: args.branching,
        values: (args.values.0, args.values.1),
        distinct: args.distinct,
        pruned: args
            .pruned
            .map(|Range(least, most)| (least as usize, most as usize)),
        chance: args.chance.iter().fold(0, |bits, &level| {
            bits | 1u32.checked_shl(level).unwrap_or(u32::MAX)
        }),
        players: args.players,
    };
    let made =
        minimax_core::exercises::trees::tree(spec, args.seed).map_err(|source| Error::TreeSpec { source })?;
    let text = match args.format {
        TreeOutput::Json => {
            let mut text = serde_json::to_string_pretty(&made).expect("trees always serialise");
            text.push('\n');
            text
        }
        TreeOutput::Svg | TreeOutput::Html => {
            let tree = minimax_core::tree::parse(&made["tree"].to_string(), minimax_core::tree::MAX)
                .map_err(|_| Error::TreeReadBack)?;
            let algorithm = TreeSearch::for_tree(&tree, None, Cutoff::Inclusive).map_err(|source| {
                Error::TreeAlgorithm {
                    name: "the generated tree".to_string(),
                    source,
                }
            })?;
            let solution = solve(&tree, algorithm);
            if args.format == TreeOutput::Svg {
                minimax_core::figures::tree::svg(&tree, &solution)
            } else {
                let lang = Lang::from(args.lang);
                let words = lang.words();
                let key = &made["key"];
                let list = |value: &serde_json::Value| {
                    let names: Vec<&str> = value
                        .as_array()
                        .into_iter()
                        .flatten()
                        .filter_map(|v| v.as_str())
                        .collect();
                    if names.is_empty() {
                        words.none.to_string()
                    } else {
                        names.join(", ")
                    }
                };
                let question = Question {
                    figure: minimax_core::figures::tree::question(&tree, &solution),
                    prompt: if tree.players.is_some() {
                        words.tree_players
                    } else if tree.has_chance() {
                        words.tree_chance
                    } else {
                        words.tree
                    }
                    .to_string(),
                    key: format!(
                        "{}: {}; {}: {}; {}: {}",
                        words.value,
                        key["value"],
                        words.chosen,
                        key["move"].as_str().unwrap_or(words.none),
                        words.pruned,
                        list(&key["pruned"])
                    ),
                };
                exercise_sheet::html(&[question], lang)
            }
        }
    };
    stdout.write_all(text.as_bytes())?;
    Ok(Exit::Success)
}

fn positions(args: &PositionsArgs, stdout: &mut dyn Write, stderr: &mut dyn Write) -> Result<Exit, Error> {
    let shape = args.rules.shape(args.size)?;
    let cells = shape.cells();
    let Range(fewest, most) = args.empty.unwrap_or(Range(1, cells));
    if fewest == 0 || fewest >= cells {
        return Err(Error::EmptyRange {
            fewest,
            most,
            most_empty: cells - 1,
        });
    }
    let spec = Spec {
        shape,
        count: args.count as usize,
        empty: (fewest, most),
        unique: args.unique,
        fate: args.outcome.map(|fate| match fate {
            FateArg::Win => Fate::Win,
            FateArg::Draw => Fate::Draw,
            FateArg::Loss => Fate::Loss,
        }),
    };
    let found = generate::positions(spec, args.seed);
    let k = (!shape.default_k()).then_some(shape.k);
    match args.format {
        PositionsFormat::Json => {
            let list: Vec<JsonPosition> = found
                .iter()
                .map(|generated| {
                    let (optimal, outcome) = answer_key(generated, shape);
                    JsonPosition {
                        board: generated.position.board.rows().join("/"),
                        to_move: generated.position.to_move.to_string(),
                        k,
                        gravity: shape.gravity,
                        optimal,
                        outcome,
                    }
                })
                .collect();
            let mut text = serde_json::to_string_pretty(&list).expect("positions always serialise");
            text.push('\n');
            stdout.write_all(text.as_bytes())?;
        }
        PositionsFormat::Svg => stdout.write_all(boards_figure(shape, &found).as_bytes())?,
        PositionsFormat::Html => {
            stdout.write_all(positions_sheet(shape, &found, Lang::from(args.lang)).as_bytes())?;
        }
        PositionsFormat::Text => {
            for (index, generated) in found.iter().enumerate() {
                let (optimal, outcome) = answer_key(generated, shape);
                if index > 0 {
                    writeln!(stdout)?;
                }
                writeln!(stdout, "{}.", index + 1)?;
                write!(stdout, "{}", generated.position)?;
                writeln!(stdout)?;
                if let Some(k) = k {
                    writeln!(stdout, "k: {k}")?;
                }
                writeln!(stdout, "key: {} ({outcome})", optimal.join(", "))?;
            }
        }
    }
    if found.len() < spec.count {
        writeln!(
            stderr,
            "minimax: only {} of {} positions meet the constraints; loosen them (--empty, --unique, --outcome) or try another --seed",
            found.len(),
            spec.count
        )?;
    }
    Ok(Exit::Success)
}

/// A generated position's key: its optimal moves, and the outcome with best play.
fn answer_key(
    generated: &generate::Generated,
    shape: minimax_core::games::mnk::Shape,
) -> (Vec<String>, String) {
    let optimal: Vec<String> = generated
        .decision
        .optimal()
        .map(|rated| rated.mv.display(Coords::ColRow.on(shape.gravity)).to_string())
        .collect();
    let outcome = render::outcome(generated.decision.best().outcome, generated.position.to_move);
    (optimal, outcome)
}

/// The boards one under another, in one SVG figure.
fn boards_figure(shape: minimax_core::games::mnk::Shape, found: &[generate::Generated]) -> String {
    let (width, height) = minimax_core::figures::board::size(shape);
    let mut figure = format!(
        "<svg height=\"{}\" width=\"{width}\" xmlns=\"http://www.w3.org/2000/svg\">\n",
        height * found.len()
    );
    for (index, generated) in found.iter().enumerate() {
        let board = minimax_core::figures::board::svg(&generated.position);
        figure.push_str(&board.replacen("<svg ", &format!("<svg x=\"0\" y=\"{}\" ", height * index), 1));
    }
    figure.push_str("</svg>\n");
    figure
}

/// A printable page of the positions, a question each, the key at the end.
fn positions_sheet(
    shape: minimax_core::games::mnk::Shape,
    found: &[generate::Generated],
    lang: Lang,
) -> String {
    let words = lang.words();
    let questions: Vec<Question> = found
        .iter()
        .map(|generated| {
            let (optimal, outcome) = answer_key(generated, shape);
            let outcome = outcome
                .replace("wins in", words.wins_in)
                .replace("draw", words.draw);
            Question {
                figure: minimax_core::figures::board::svg(&generated.position),
                prompt: words
                    .best_move
                    .replace("{P}", &generated.position.to_move.to_string()),
                key: format!("{} ({outcome})", optimal.join(", ")),
            }
        })
        .collect();
    exercise_sheet::html(&questions, lang)
}
