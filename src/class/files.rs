//! The grader's own input files: positions, trees and sheets named on the command line.

use minimax_core::notation::input::{read_from, InputError, Source};
use std::io::Read;
use std::path::Path;

/// Reads `path`, or `stdin` when there is no path or it is `-`.
pub(crate) fn read(
    path: Option<&Path>,
    stdin: &mut dyn Read,
    what: &'static str,
) -> Result<Source, InputError> {
    match path.filter(|path| path.as_os_str() != "-") {
        Some(path) => {
            let name = path.display().to_string();
            let file = std::fs::File::open(path).map_err(|error| InputError::Unreadable {
                name: name.clone(),
                error,
            })?;
            read_from(file, name, what)
        }
        None => read_from(stdin, "<stdin>".to_string(), what),
    }
}
