//! `minimax book generate`: an opening book made by this program's own solver.

use super::rules::RulesArgs;
use super::{Error, Exit, Size};
use clap::{Args, Subcommand};
use minimax_core::games::connect4::generation::{self, Progress};
use minimax_core::games::connect4::{ColumnSolver, Geometry};
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

#[derive(Debug, Args)]
pub(crate) struct BookArgs {
    #[command(subcommand)]
    pub(crate) what: BookCommand,
}

#[derive(Debug, Subcommand)]
pub(crate) enum BookCommand {
    /// Solve every position up to D plies (up to mirror image) and write the book; a stopped
    /// run resumes from OUTPUT.partial, the same book on every run.
    Generate(GenerateBookArgs),
}

#[derive(Debug, Args)]
pub(crate) struct GenerateBookArgs {
    #[command(flatten)]
    pub(crate) rules: RulesArgs,
    /// The board, columns x rows (default: the game's).
    #[arg(long, value_name = "COLSxROWS")]
    pub(crate) size: Option<Size>,
    /// Plies of the book: every position with at most D pieces.
    #[arg(long, value_name = "D", value_parser = clap::value_parser!(u32).range(0..=20))]
    pub(crate) depth: u32,
    /// The book file to write.
    #[arg(long, short, value_name = "PATH", default_value = "connect4-book.bin")]
    pub(crate) output: PathBuf,
    /// The solver's transposition table, in MiB.
    #[arg(long, value_name = "MIB", default_value_t = 1024, value_parser = clap::value_parser!(u64).range(1..=65536))]
    pub(crate) hash: u64,
    /// Threads that share each position's search (default: the number of cores).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub(crate) threads: Option<u64>,
}

pub(crate) fn book(args: &BookArgs, stdout: &mut dyn Write, stderr: &mut dyn Write) -> Result<Exit, Error> {
    match &args.what {
        BookCommand::Generate(args) => generate(args, stdout, stderr),
    }
}

fn generate(args: &GenerateBookArgs, stdout: &mut dyn Write, stderr: &mut dyn Write) -> Result<Exit, Error> {
    let shape = args.rules.shape(args.size)?;
    let geometry = Geometry::of(shape)
        .filter(|g| g.cols * (g.rows + 1) <= 56)
        .ok_or_else(|| Error::BookBoard {
            board: shape.describe(),
        })?;
    let threads = args.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, usize::from),
        |n| n as usize,
    );
    let mut solver = ColumnSolver::new(geometry, args.hash as usize)
        .with_threads(threads)
        .with_book(None);
    let partial = partial_path(&args.output);
    let mut known = read_partial(&partial)?;
    let mut log = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&partial)
        .map_err(|source| Error::WriteFile {
            path: partial.clone(),
            source,
        })?;
    if !known.is_empty() {
        writeln!(
            stderr,
            "book: resuming with {} positions solved in {}",
            known.len(),
            partial.display()
        )?;
    }
    let started = Instant::now();
    let mut last = Instant::now();
    let mut report = |progress: &Progress, stderr: &mut dyn Write, force: bool| -> std::io::Result<()> {
        if force || last.elapsed().as_secs_f64() >= 2.0 {
            last = Instant::now();
            let elapsed = started.elapsed().as_secs_f64();
            writeln!(
                stderr,
                "book: depth {}: {}/{} positions solved, {} nodes, {:.0} s",
                args.depth, progress.solved, progress.total, progress.nodes, elapsed
            )?;
        }
        Ok(())
    };
    let book = generation::generate(&mut solver, args.depth, &mut known, |key, score, progress| {
        writeln!(log, "{key:x} {score}")?;
        log.flush()?;
        report(progress, stderr, progress.solved == progress.total)
    })?;
    let bytes = book.to_bytes();
    let temporary = args.output.with_extension("tmp");
    std::fs::write(&temporary, &bytes)
        .and_then(|()| std::fs::rename(&temporary, &args.output))
        .map_err(|source| Error::WriteFile {
            path: args.output.clone(),
            source,
        })?;
    let _ = std::fs::remove_file(&partial);
    writeln!(
        stdout,
        "{}: {} positions up to {} plies, {} bytes, {:.1} s",
        args.output.display(),
        book.len(),
        args.depth,
        bytes.len(),
        started.elapsed().as_secs_f64()
    )?;
    Ok(Exit::Success)
}

fn partial_path(output: &Path) -> PathBuf {
    let mut name = output.as_os_str().to_owned();
    name.push(".partial");
    PathBuf::from(name)
}

/// The scores a stopped run saved: lines `KEY SCORE` (the key in hexadecimal). A run
/// stopped while writing leaves a cut last line: it is dropped (that position is solved
/// again).
fn read_partial(path: &Path) -> Result<BTreeMap<u64, i32>, Error> {
    let cannot = |source: std::io::Error| Error::ReadFile {
        path: path.to_path_buf(),
        source,
    };
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(BTreeMap::new()),
        Err(error) => return Err(cannot(error)),
    };
    let whole = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |at| at + 1);
    if whole < bytes.len() {
        std::fs::write(path, &bytes[..whole]).map_err(cannot)?;
    }
    let mut known = BTreeMap::new();
    for (index, line) in bytes[..whole].split(|&b| b == b'\n').enumerate() {
        if line.is_empty() {
            continue;
        }
        let text = String::from_utf8_lossy(line);
        let parsed = text
            .split_once(' ')
            .and_then(|(key, score)| Some((u64::from_str_radix(key, 16).ok()?, score.parse::<i32>().ok()?)));
        let Some((key, score)) = parsed else {
            return Err(Error::BookProgress {
                path: path.to_path_buf(),
                line: index + 1,
                text: text.to_string(),
            });
        };
        known.insert(key, score);
    }
    Ok(known)
}
