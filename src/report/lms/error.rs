//! Why a platform's sheet could not be read or filled (a leaf: the readers and both platforms
//! share it).

/// Why a Moodle worksheet or a Canvas gradebook could not be read or filled.
#[derive(Debug, thiserror::Error)]
pub(crate) enum WorksheetError {
    #[error("line {line}: a quoted field is never closed")]
    Unclosed { line: usize },
    #[error("line {line}: text after a quoted field's closing quote")]
    AfterQuote { line: usize },
    /// No header row: `what` is the platform's word for its sheet.
    #[error("the {what} is empty")]
    Empty { what: &'static str },
    #[error(
        "no `{column}` column: is this Moodle's grading worksheet (Grades → Download grading worksheet)?"
    )]
    NotMoodle { column: &'static str },
    #[error("no `ID` column: is this Canvas's gradebook export (Grades → Export)?")]
    NotCanvas,
    #[error("no column `{wanted}` in the gradebook")]
    NoSuchColumn { wanted: String },
    #[error("no assignment column (`Name (12345)`) in the gradebook")]
    NoAssignment,
    #[error("several assignment columns; choose one with --column: {}", .columns.join(", "))]
    SeveralAssignments { columns: Vec<String> },
}
