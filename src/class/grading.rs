//! What `grade` decides before and around the runs, from options the command line checked:
//! the class opened, the positions chosen (files, a hidden sample, every position) and each
//! student's set drawn, the course's demands on the harness, the toolchains missing, and the
//! rows a regrade changed. The command line reads the arguments, calls these, and prints.

use super::course::apply::{check_parts, RubricError};
use super::course::CourseRules;
use super::error::SetupError;
use super::variants::{self, Variants};
use super::{Class, ClassReport, GradeError, Student};
use crate::harness::detect::detect;
use crate::harness::{missing_programs, Harness};
use crate::intake::{self, escape_name, Intake};
use minimax_core::exercises::exercise::Exercise;
use minimax_core::exercises::positions::hidden_exercises;
use minimax_core::games::mnk::{Rules, Shape};
use minimax_core::grading::Gato;
use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Why grading cannot start with what was asked: the grader's set-up, never a student's grade.
#[derive(Debug, thiserror::Error)]
pub enum GradingError {
    #[error(transparent)]
    Grade(#[from] GradeError),
    #[error(transparent)]
    Rubric(#[from] RubricError),
    #[error("--all-positions lists every 3x3 position; on bigger boards draw a sample with --sample N")]
    AllPositionsOnBigBoard,
    #[error("no positions to grade on: give position files, --sample N or --all-positions")]
    NoPositions,
    #[error("the course file asks for hidden positions per student ([sample] per_student): give their number with --sample N")]
    PerStudentWithoutCount,
    #[error("the course asks for the search's trace, which the harness {harness} does not carry (its harness.toml does not say `traces = true`: its driver sends no position's trace): grade with the stdio harness (--run), whose programs write it on stderr, or a driver that sends it (doc/grading.md)")]
    NoTraces { harness: String },
}

/// Where the class comes from: a class's submissions, or one student's folder (Gradescope),
/// with the id their positions are drawn from.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Who<'a> {
    Class(&'a Path),
    One {
        folder: &'a Path,
        metadata: Option<&'a Path>,
    },
}

/// The class as handed in: a class's submissions read by the intake, or one student's folder.
pub(crate) fn open(who: Who<'_>, mail: &intake::mail::MailOptions) -> Result<Intake, GradeError> {
    match who {
        Who::Class(path) => Ok(intake::open(path, mail)?),
        Who::One { folder, metadata } => {
            let student = one_student(folder)?;
            let mut intake = intake::one(&student.folder, student.name);
            if let Some(metadata) = metadata {
                let id = variants::gradescope_id(metadata)?;
                intake
                    .class
                    .students
                    .iter_mut()
                    .for_each(|s| s.id = Some(id.clone()));
            }
            Ok(intake)
        }
    }
}

/// One student's folder; its name is the student's.
fn one_student(folder: &Path) -> Result<Student, GradeError> {
    if !folder.is_dir() {
        return Err(GradeError::NotAFolder {
            path: folder.to_path_buf(),
        });
    }
    let canonical = folder
        .canonicalize()
        .map_err(|source| GradeError::FolderUnreadable {
            path: folder.to_path_buf(),
            source,
        })?;
    let name = canonical
        .file_name()
        .map_or_else(|| "student".to_string(), escape_name);
    Ok(Student::new(name, folder.to_path_buf()))
}

/// The positions asked for: files, and a hidden set (every position, a sample for the class,
/// or a sample per student drawn once the class is known).
#[derive(Debug)]
pub(crate) struct Positions<'a> {
    pub(crate) files: &'a [PathBuf],
    /// The game's rules positions are read with.
    pub(crate) rules: Rules,
    /// The board hidden positions are drawn on.
    pub(crate) shape: Shape,
    pub(crate) all: bool,
    pub(crate) sample: Option<usize>,
    pub(crate) seed: u64,
    /// Each student's hidden sample of their own: asked by `--per-student` or the course.
    pub(crate) per_student: bool,
}

/// The position files given, then the hidden set asked for (unless each student gets their
/// own, drawn later); every bad file is reported.
pub(crate) fn exercises(asked: &Positions<'_>) -> Result<Vec<Exercise>, GradingError> {
    let game = Arc::new(Gato {
        node_limit: None,
        rules: asked.rules,
    });
    let mut exercises = Vec::new();
    let mut errors = Vec::new();
    for path in asked.files {
        let name = path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        let taken = exercises.iter().any(|e: &Exercise| e.name == name);
        let name = if taken { path.display().to_string() } else { name };
        match super::exercises::from_file(&game, path, name) {
            Ok(exercise) => exercises.push(exercise),
            Err(error) => errors.push(error),
        }
    }
    if asked.all && asked.shape != Shape::CLASSIC {
        return Err(GradingError::AllPositionsOnBigBoard);
    }
    if asked.all {
        exercises.extend(hidden_exercises(asked.shape, None, asked.seed));
    } else if asked.per_student {
        // Drawn per student once the class is known.
    } else if let Some(count) = asked.sample {
        exercises.extend(hidden_exercises(asked.shape, Some(count), asked.seed));
    }
    match errors.len() {
        0 if exercises.is_empty() && !asked.per_student => Err(GradingError::NoPositions),
        0 => Ok(exercises),
        1 => Err(errors.remove(0).into()),
        _ => Err(GradeError::Several(errors).into()),
    }
}

/// Each student's exercises, in the class's order; students who share a set share it.
pub(crate) type ExerciseSets = Vec<Arc<Vec<Exercise>>>;

/// Each student's positions: the class's set for everyone, or per student the visible
/// positions and a hidden sample of each student's own. A missing secret stops the grading
/// before anyone is run (never a column of zeros). The course's rubric is checked on the
/// positions graded: the class's set, or the first student's.
pub(crate) fn exercise_sets(
    asked: &Positions<'_>,
    course: Option<&CourseRules>,
    class: &Class,
    exercises: Vec<Exercise>,
) -> Result<ExerciseSets, GradingError> {
    if !asked.per_student {
        if let Some(rules) = course {
            check_parts(rules, &exercises)?;
        }
        let shared = Arc::new(exercises);
        return Ok(class.students.iter().map(|_| Arc::clone(&shared)).collect());
    }
    let Some(count) = asked.sample else {
        return Err(GradingError::PerStudentWithoutCount);
    };
    let secret = course.and_then(|rules| rules.course.sample.secret.as_deref());
    let variants = Variants::new(secret, asked.shape, count).map_err(GradeError::from)?;
    let sets = variants::sets(class, &exercises, &variants);
    if let Some(rules) = course {
        if let Some(first) = sets.first() {
            check_parts(rules, first)?;
        }
    }
    Ok(sets)
}

/// A course that asks for the search's trace needs a harness that carries it.
pub(crate) fn check_traces(course: Option<&CourseRules>, harness: &Harness) -> Result<(), GradingError> {
    if course.is_some_and(|rules| rules.course.search.is_some()) && !harness.traces {
        return Err(GradingError::NoTraces {
            harness: harness.name.clone(),
        });
    }
    Ok(())
}

/// A toolchain some students' programs need and this machine lacks.
#[derive(Debug)]
pub(crate) struct MissingToolchain {
    pub(crate) program: String,
    /// The Debian package that installs it.
    pub(crate) package: String,
    /// How many students need it.
    pub(crate) students: usize,
}

/// Students whose detected programs need a toolchain this machine lacks; when the whole class
/// needs one, nobody can be graded.
pub(crate) fn missing_toolchains(class: &Class) -> Result<Vec<MissingToolchain>, GradeError> {
    let mut missing: BTreeMap<(String, String), usize> = BTreeMap::new();
    for student in &class.students {
        if let Ok(recipe) = detect(&student.folder) {
            for needed in missing_programs(&recipe.requires) {
                *missing.entry(needed).or_default() += 1;
            }
        }
    }
    let whole_class = class.students.len();
    if let Some(((program, package), _)) = missing.iter().find(|(_, n)| **n == whole_class && **n > 0) {
        return Err(SetupError::ToolchainMissing {
            program: program.clone(),
            package: package.clone(),
        }
        .into());
    }
    Ok(missing
        .into_iter()
        .map(|((program, package), students)| MissingToolchain {
            program,
            package,
            students,
        })
        .collect())
}

/// The report cut to the students whose grade changed (a worksheet's rows filled for them
/// only); the others are kept by name and id, so that their rows are left as they are.
pub(crate) fn only_changed(report: &ClassReport, changed: &HashSet<String>) -> ClassReport {
    let mut only = report.clone();
    let (kept, moved): (Vec<_>, Vec<_>) = only
        .students
        .drain(..)
        .partition(|student| !changed.contains(&student.student));
    only.students = moved;
    only.kept = kept
        .into_iter()
        .flat_map(|student| [Some(student.student), student.id])
        .flatten()
        .collect();
    only
}
