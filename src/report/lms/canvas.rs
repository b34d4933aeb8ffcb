//! Canvas's gradebook export (Grades → Export), filled for re-import.
//!
//! Rows are matched by the `ID` column, Canvas's user id (the number after the login in the
//! names of downloaded submissions). The assignment's column is the one named with
//! `--column`, or the only `Name (12345)` column; its maximum is on the `Points Possible` row.

use super::error::WorksheetError;
use super::grades::{number, scaled, Filled};
use super::spans::{self, Field};
use crate::class::{ClassReport, StudentReport};
use std::collections::HashMap;

/// Whether a header names an assignment: Canvas writes `Name (assignment id)`.
fn is_assignment(header: &str) -> bool {
    let header = header.trim();
    header
        .strip_suffix(')')
        .and_then(|h| h.rsplit_once(" ("))
        .is_some_and(|(_, id)| !id.is_empty() && id.bytes().all(|b| b.is_ascii_digit()))
}

pub(crate) fn fill(
    bytes: &[u8],
    report: &ClassReport,
    column: Option<&str>,
) -> Result<Filled, WorksheetError> {
    let records = spans::read(bytes)?;
    let Some((header, rows)) = records.split_first() else {
        return Err(WorksheetError::Empty { what: "gradebook" });
    };
    let id_at = spans::column(header, &["ID"]).ok_or(WorksheetError::NotCanvas)?;
    let name_at = spans::column(header, &["Student"]);
    let assignments: Vec<usize> = (0..header.len())
        .filter(|&i| is_assignment(&header[i].value))
        .collect();
    let at = match column {
        Some(wanted) => header
            .iter()
            .position(|h| {
                let h = h.value.trim();
                h == wanted || h.rsplit_once(" (").is_some_and(|(name, _)| name == wanted)
            })
            .ok_or_else(|| WorksheetError::NoSuchColumn {
                wanted: wanted.to_string(),
            })?,
        None => match assignments.as_slice() {
            [only] => *only,
            [] => return Err(WorksheetError::NoAssignment),
            several => {
                return Err(WorksheetError::SeveralAssignments {
                    columns: several
                        .iter()
                        .map(|&i| header[i].value.trim().to_string())
                        .collect(),
                })
            }
        },
    };
    let by_id: HashMap<&str, &StudentReport> = report
        .students
        .iter()
        .filter_map(|s| s.id.as_deref().map(|id| (id, s)))
        .collect();
    let mut maximum = None;
    let mut edits: Vec<(&Field, String)> = Vec::new();
    let mut warnings = Vec::new();
    let mut matched: Vec<&str> = Vec::new();
    for row in rows {
        let cell = |i: usize| row.get(i).map_or("", |f| f.value.as_str());
        let first = cell(0).trim();
        if first == "Points Possible" {
            maximum = number(cell(at));
            continue;
        }
        let id = cell(id_at).trim();
        if id.is_empty() || report.kept.contains(id) {
            // Canvas's own rows (`Manual Posting`, the test student's blank ID); rows kept.
            continue;
        }
        let Some(student) = by_id.get(id).copied() else {
            warnings.push(format!(
                "{} (ID {id}): no submission graded; the row is left as it was",
                name_at.map_or("", cell).trim()
            ));
            continue;
        };
        let Some(field) = row.get(at) else { continue };
        let (points, comma) = maximum.unwrap_or((student.max_score as f64, false));
        edits.push((field, scaled(student, points, comma)));
        matched.push(student.student.as_str());
    }
    for student in &report.students {
        if !matched.contains(&student.student.as_str()) {
            warnings.push(format!(
                "{}: graded, but no row of the gradebook is theirs",
                student.student
            ));
        }
    }
    Ok(Filled {
        bytes: spans::replace(bytes, edits),
        matched: matched.len(),
        warnings,
    })
}
