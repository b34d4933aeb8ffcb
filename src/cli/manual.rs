//! `minimax completions SHELL` and `minimax man DIR`: the command line describing itself, for
//! shells and for man, from the same clap definition as `--help`.

use super::error::{Error, Exit};
use clap::Args;
use clap_complete::Shell;
use std::io::Write;
use std::path::{Path, PathBuf};

#[derive(Debug, Args)]
pub(crate) struct CompletionsArgs {
    /// The shell: bash, zsh, fish, powershell or elvish.
    #[arg(value_enum)]
    pub(crate) shell: Shell,
}

#[derive(Debug, Args)]
pub(crate) struct ManArgs {
    /// The folder to write them into (made when missing), such as target/man or
    /// ~/.local/share/man/man1.
    pub(crate) dir: PathBuf,
}

/// Prints the shell's completion script for `minimax`, its commands and their flags.
/// `cli` is the whole command line's definition, as clap builds it.
pub(crate) fn completions(
    args: &CompletionsArgs,
    cli: clap::Command,
    stdout: &mut dyn Write,
) -> Result<Exit, Error> {
    let mut command = cli;
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "minimax", &mut script);
    stdout.write_all(&script)?;
    Ok(Exit::Success)
}

/// Writes one page per command (`minimax.1`, `minimax-grade.1`, `minimax-generate-tree.1`, ...)
/// and says how many on stderr.
pub(crate) fn man(args: &ManArgs, cli: clap::Command, stderr: &mut dyn Write) -> Result<Exit, Error> {
    let cannot = |source| Error::WriteFile {
        path: args.dir.clone(),
        source,
    };
    std::fs::create_dir_all(&args.dir).map_err(cannot)?;
    let mut command = cli.disable_help_subcommand(true);
    // Built, every subcommand knows its display name: `minimax-grade`.
    command.build();
    let mut written = Vec::new();
    write_pages(command, &args.dir, &mut written).map_err(cannot)?;
    writeln!(
        stderr,
        "minimax: {} man pages written to {}",
        written.len(),
        args.dir.display()
    )?;
    Ok(Exit::Success)
}

fn write_pages(command: clap::Command, dir: &Path, written: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for sub in command.get_subcommands().filter(|sub| !sub.is_hide_set()) {
        write_pages(sub.clone(), dir, written)?;
    }
    // Every page says the version, as the main page does (clap_mangen leaves an empty date
    // out of the title line, so the version shows where the date would).
    let page = clap_mangen::Man::new(command).source(concat!("minimax ", env!("CARGO_PKG_VERSION")));
    written.push(page.generate_to(dir)?);
    Ok(())
}
