//! The course file applied to a graded class: each student's hand-in rules checked into the
//! report, the rubric's parts checked against the exercises and scored into the grade, and
//! the late policy chosen between the rubric and `--late-penalty`.

use super::words::Say;
use super::{CourseRules, Release};
use crate::class::{Class, ClassReport};
use minimax_core::exercises::exercise::Exercise;
use minimax_core::figures::exercise_sheet::Lang;
use std::collections::HashSet;

/// A rubric that cannot grade what was asked, or a late penalty given twice: the grader's
/// set-up, said before anyone is run.
#[derive(Debug, thiserror::Error)]
pub enum RubricError {
    #[error(
        "the late penalty is given twice: by --late-penalty and by the course file's rubric.late; keep one"
    )]
    LateTwice,
    #[error("the course file's rubric gives the hidden sample points, but there is none: add --sample N or --all-positions")]
    NoHiddenSample,
    #[error("the course file's rubric gives the sheet's positions points, but none was given: add the position files")]
    NoPositions,
    #[error("the course file's rubric gives points to a hand-in or readme with no rules: add its [handin] or [readme]")]
    NoHandinRules,
    #[error("the course file's rubric gives the search points, but does not say which search: add search = \"minimax\", \"alphabeta\" or \"alphabeta-ordered\"")]
    NoSearch,
}

/// Each student's hand-in rules checked into the report (the checks and the readme's
/// observations), and a note per broken rule (so that every format and the feedback say it),
/// in the course's language.
pub(crate) fn check_handins(rules: &CourseRules, class: &Class, report: &mut ClassReport, lang: Lang) {
    let say = Say(lang);
    for (student, entry) in class.students.iter().zip(report.students.iter_mut()) {
        let checked = rules.check_handin_rules(student, say);
        for check in checked.checks.iter().filter(|c| !c.passed) {
            entry
                .notes
                .push(say.broken(check.part, &check.rule, check.found.as_deref().unwrap_or("?")));
        }
        // The intake's note on several uploads is the grader's English; the course's own
        // note says the same in the course's language.
        if lang != Lang::En && !student.passed_over.is_empty() {
            let intake = format!("{} uploads: graded ", student.passed_over.len() + 1);
            entry.notes.retain(|note| !note.starts_with(&intake));
        }
        entry.notes.extend(checked.notes);
        entry.handin = checked.checks;
        entry.observations = Some(checked.observations);
    }
}

/// Whether students' feedback withholds the hidden positions: counted there, and drawn only
/// when the course releases them.
pub(crate) fn withheld(rules: Option<&CourseRules>) -> bool {
    rules.is_none_or(|rules| rules.course.sample.release != Release::AfterDeadline)
}

/// The late penalty's policy: the rubric's or `--late-penalty` (its shortcut), not both.
pub(crate) fn late_policy<'a>(
    rules: Option<&'a CourseRules>,
    flag: Option<&'a str>,
) -> Result<Option<&'a str>, RubricError> {
    let rubric = rules
        .and_then(|rules| rules.course.rubric.as_ref())
        .and_then(|rubric| rubric.late.as_deref());
    match (rubric, flag) {
        (Some(_), Some(_)) => Err(RubricError::LateTwice),
        (rubric, flag) => Ok(flag.or(rubric)),
    }
}

/// A rubric's parts must have something to grade: points for the hidden sample need one.
pub(crate) fn check_parts(rules: &CourseRules, exercises: &[Exercise]) -> Result<(), RubricError> {
    let Some(rubric) = &rules.course.rubric else {
        return Ok(());
    };
    let hidden = exercises.iter().filter(|e| e.hidden).count();
    if rubric.hidden > 0.0 && hidden == 0 {
        return Err(RubricError::NoHiddenSample);
    }
    if rubric.positions > 0.0 && hidden == exercises.len() {
        return Err(RubricError::NoPositions);
    }
    if (rubric.handin > 0.0 && rules.course.handin.is_none())
        || (rubric.readme > 0.0 && rules.course.readme.is_none())
    {
        return Err(RubricError::NoHandinRules);
    }
    if rubric.search > 0.0 && rules.course.search.is_none() {
        return Err(RubricError::NoSearch);
    }
    Ok(())
}

/// Each student's grade by the rubric: the parts and the total into the report, and a note
/// listing them (so the table, the feedback and the worksheet's comments say it).
pub(crate) fn grade_by_rubric(rules: &CourseRules, report: &mut ClassReport, lang: Lang) {
    let say = Say(lang);
    let Some(rubric) = &rules.course.rubric else {
        return;
    };
    let hidden: HashSet<String> = report
        .positions
        .iter()
        .filter(|p| p.hidden)
        .map(|p| p.name.clone())
        .collect();
    for student in &mut report.students {
        let score = rubric.score(student, &|name| hidden.contains(name));
        student.notes.push(format!(
            "{}: {}",
            say.grade(),
            score.describe_with(&|part| say.part(part))
        ));
        student.rubric = Some(score);
    }
}
