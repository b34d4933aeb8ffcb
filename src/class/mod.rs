//! Grading: judging students' answers to positions against the exact minimax values.
//!
//! `check` judges answers collected in a CSV sheet; `grade` runs each student's program on
//! each position. Both produce a [`ClassReport`], which [`report`] writes in every format.

pub(crate) mod answer_sheet;
pub mod check;
pub mod convention;
pub mod course;
pub mod error;
pub(crate) mod exercises;
pub(crate) mod files;
pub mod grading;
pub(crate) mod manifest;
pub mod programs;
pub mod regrade;
pub mod results;
pub(crate) mod search;
pub(crate) mod search_words;
pub mod similar;
pub(crate) mod solved;
pub(crate) mod summary;
pub(crate) mod tree_answer_sheet;
pub mod variants;

pub use crate::intake::{Class, Student};
pub(crate) use error::GradeError;
pub(crate) use minimax_core::gradable::Verdict;
pub(crate) use results::{
    shorten, version, Cause, Change, ClassReport, Diff, Grade, Graded, GradingOption, Late, Lateness, Legend,
    PositionInfo, PositionResult, RubricPart, RubricScore, RuleCheck, RuleState, SimilarTo, StudentReport,
    TreeAnswer,
};
