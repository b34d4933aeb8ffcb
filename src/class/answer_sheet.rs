//! Reading an answer sheet (CSV), shared by position sheets ([`super::check`]) and tree sheets
//! ([`super::tree_answer_sheet`]): the records with their lines, each exercise loaded once.

use super::error::LineProblem;
use super::GradeError;
use std::collections::HashMap;

/// The sheet's records with their line numbers; a record that cannot be read is an error of
/// its line, and reading goes on, so that every bad line is reported at once.
pub(crate) fn readable(
    reader: &mut csv::Reader<std::fs::File>,
    path: &str,
    errors: &mut Vec<GradeError>,
) -> Vec<(u64, csv::StringRecord)> {
    reader
        .records()
        .filter_map(|record| match record {
            Ok(record) => Some((record.position().map_or(0, |p| p.line()), record)),
            Err(error) => {
                errors.push(GradeError::SheetLine {
                    path: path.to_string(),
                    line: error.position().map_or(0, |p| p.line()),
                    problem: LineProblem::Record(error),
                });
                None
            }
        })
        .collect()
}

/// The index of the exercise a sheet's field names, loaded the first time the field appears
/// (a class answers each position many times; it is read and solved once).
pub(crate) fn once<E, Why>(
    exercises: &mut Vec<E>,
    by_field: &mut HashMap<String, usize>,
    field: &str,
    load: impl FnOnce() -> Result<E, Why>,
) -> Result<usize, Why> {
    if let Some(&index) = by_field.get(field) {
        return Ok(index);
    }
    exercises.push(load()?);
    by_field.insert(field.to_string(), exercises.len() - 1);
    Ok(exercises.len() - 1)
}

/// Nothing wrong with the sheet, or its one error, or all of them.
pub(crate) fn none_or_all(mut errors: Vec<GradeError>) -> Result<(), GradeError> {
    match errors.len() {
        0 => Ok(()),
        1 => Err(errors.remove(0)),
        _ => Err(GradeError::Several(errors)),
    }
}

/// Each student's results, in the order students first appear in the sheet. `index` finds a
/// student's row by name: a search of the list for each line would make a sheet of thousands
/// of students quadratic (50,000 took over 30 s).
pub(crate) struct ByStudent<T> {
    pub(crate) students: Vec<(String, Vec<T>)>,
    index: HashMap<String, usize>,
}

impl<T> ByStudent<T> {
    pub(crate) fn new() -> ByStudent<T> {
        ByStudent {
            students: Vec::new(),
            index: HashMap::new(),
        }
    }

    /// Adds `results` to `student`'s.
    pub(crate) fn add(&mut self, student: String, results: impl IntoIterator<Item = T>) {
        let row = match self.index.get(&student) {
            Some(&row) => row,
            None => {
                self.index.insert(student.clone(), self.students.len());
                self.students.push((student, Vec::new()));
                self.students.len() - 1
            }
        };
        self.students[row].1.extend(results);
    }
}
