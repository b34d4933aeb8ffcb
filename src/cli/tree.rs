//! `minimax tree`: the lectures' exercises on explicit game trees.

use super::choices::{AlgorithmArg, CutoffArg};
use super::{Error, Exit};
use clap::{Args, ValueEnum};
use minimax_core::notation::diagnostic::Report;
use minimax_core::search::alphabeta::Cutoff;
use minimax_core::search::Algorithm;
use minimax_core::tree::solve::{solve, TreeSearch};
use minimax_core::tree::{parse, render, MAX, MIN};
use std::io::{Read, Write};
use std::path::PathBuf;

#[derive(Debug, Args)]
pub(crate) struct TreeArgs {
    /// The tree as JSON, e.g. [[3,12,8],[2,4,6],[14,5,2]]. Stdin when absent or `-`.
    pub(crate) file: Option<PathBuf>,
    /// minimax or alphabeta for MAX/MIN trees (alphabeta by default); trees with chance
    /// nodes use expectiminimax and trees of several players max^n.
    #[arg(long, value_enum)]
    pub(crate) algorithm: Option<AlgorithmArg>,
    /// When alpha-beta cuts: inclusive (v ≥ β, v ≤ α, as on the slides) or strict (v > β, v < α).
    #[arg(long, value_enum, default_value_t = CutoffArg::Inclusive)]
    pub(crate) cutoff: CutoffArg,
    /// Who moves at the root of a MAX/MIN tree; levels alternate from there.
    #[arg(long, value_enum, default_value_t = Side::Max)]
    pub(crate) root: Side,
    /// Print the search step by step: each node with its α and β, each value backed up, each cut.
    #[arg(long, conflicts_with = "dot")]
    pub(crate) trace: bool,
    /// The form of the result.
    #[arg(long, value_enum, default_value_t = TreeFormat::Text)]
    pub(crate) format: TreeFormat,
    /// Print Graphviz DOT: values on the nodes, pruned edges dashed, the chosen path bold.
    #[arg(long, conflicts_with = "format")]
    pub(crate) dot: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum Side {
    Max,
    Min,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum TreeFormat {
    Text,
    Json,
    /// A self-contained SVG figure: MAX ▲, MIN ▼, chance ○, pruned edges dashed, the chosen
    /// path bold.
    Svg,
}

pub(crate) fn tree(args: &TreeArgs, stdin: &mut dyn Read, stdout: &mut dyn Write) -> Result<Exit, Error> {
    let source = crate::class::files::read(args.file.as_deref(), stdin, "tree")?;
    let root = if args.root == Side::Max { MAX } else { MIN };
    let tree = parse(&source.text, root).map_err(|diagnostics| Report {
        source: source.name.clone(),
        what: "tree",
        diagnostics,
    })?;
    let algorithm = TreeSearch::for_tree(
        &tree,
        args.algorithm.map(Algorithm::from),
        Cutoff::from(args.cutoff),
    )
    .map_err(|refused| Error::TreeAlgorithm {
        name: source.name.clone(),
        source: refused,
    })?;
    let solution = solve(&tree, algorithm);
    let output = if args.dot {
        render::dot(&tree, &solution)
    } else if args.format == TreeFormat::Json {
        render::json(&tree, &solution)
    } else if args.format == TreeFormat::Svg {
        minimax_core::figures::tree::svg(&tree, &solution)
    } else if args.trace {
        render::trace(&tree, &solution)
    } else {
        render::text(&tree, &solution)
    };
    stdout.write_all(output.as_bytes())?;
    Ok(Exit::Success)
}
