//! `minimax sample`'s manifest: the hidden positions each student's id draws from the
//! course's secret, with their strata and keys, for the instructor.

use super::variants::Variants;
use minimax_core::games::mnk::Coords;

/// One row of the manifest: a student's position, its stratum and its key.
pub(crate) struct Row {
    pub(crate) id: String,
    pub(crate) student: String,
    pub(crate) position: String,
    pub(crate) stratum: String,
    pub(crate) optimal: Vec<String>,
}

/// Each student's hidden positions, in order: `who` is each student's id and name.
pub(crate) fn manifest(variants: &Variants, who: &[(String, String)]) -> Vec<Row> {
    let mut rows = Vec::new();
    for (id, student) in who {
        let exercises = variants.exercises(id);
        for ((_, stratum), exercise) in variants.positions(id).into_iter().zip(exercises) {
            rows.push(Row {
                id: id.clone(),
                student: student.clone(),
                position: exercise.name.clone(),
                stratum: stratum.to_string(),
                optimal: exercise.optimal(Coords::ColRow),
            });
        }
    }
    rows
}
