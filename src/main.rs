//! The `minimax` command: parse the arguments, run the library, turn the result into an exit status.

#![forbid(unsafe_code)]

use clap::Parser;
use minimax::cli::{run, Cli, Error};
use std::io::{self, ErrorKind, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let mut stdout = io::stdout().lock();
    match run(&cli, &mut io::stdin().lock(), &mut stdout, &mut io::stderr()) {
        Ok(exit) => ExitCode::from(exit.code()),
        // A reader that stopped listening (`| head`) is not an error worth reporting.
        Err(Error::Output(error)) if error.kind() == ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(error) => {
            let _ = stdout.flush();
            eprintln!("minimax: {error}");
            ExitCode::from(2)
        }
    }
}
