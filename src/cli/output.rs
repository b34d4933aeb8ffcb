//! Where and how a report is written: the flags `check` and `grade` share.

use super::choices::{CoordsArg, FormatArg};
use super::generate::LangArg;
use crate::report::{deliver, Format};
use clap::Args;
use minimax_core::figures::exercise_sheet::Lang;
use minimax_core::games::mnk::Coords;
use std::path::PathBuf;

/// Where and how the report is written.
#[derive(Debug, Args)]
pub(crate) struct ReportArgs {
    /// The report format.
    #[arg(long, value_enum, default_value_t = FormatArg::Table)]
    pub(crate) format: FormatArg,
    /// Write the report to FILE instead of stdout.
    #[arg(long, value_name = "FILE")]
    pub(crate) out: Option<PathBuf>,
    /// Exit with status 1 when any student scores below SCORE (positions answered optimally, or
    /// the points of the course file's rubric when it has one).
    #[arg(long, value_name = "SCORE")]
    pub(crate) fail_under: Option<f64>,
    /// The order in which answers write a move's coordinates.
    #[arg(long, value_enum, default_value_t = CoordsArg::ColRow)]
    pub(crate) coords: CoordsArg,
    /// The language of --format html's page (Spanish unless said) and, with it or the course
    /// file's `lang`, of the feedback, the worksheet's comments and the hand-in's notes
    /// (English unless said).
    #[arg(long, value_enum)]
    pub(crate) lang: Option<LangArg>,
}

impl ReportArgs {
    pub(crate) fn format(&self) -> Format {
        self.format.into()
    }

    /// Where the report goes and what makes the exit status 1.
    pub(crate) fn output(&self) -> deliver::Output {
        deliver::Output {
            format: self.format(),
            out: self.out.clone(),
            fail_under: self.fail_under,
            lang: self.lang.map_or(Lang::Es, Into::into),
        }
    }

    pub(crate) fn coords(&self) -> Coords {
        self.coords.into()
    }
}
