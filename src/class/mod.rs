//! Grading: judging students' answers to positions against the exact minimax values.
//!
//! `check` judges answers collected in a CSV sheet; `grade` runs each student's program on
//! each position. Both produce a [`ClassReport`], which [`report`] writes in every format.

pub mod check;
pub mod convention;
pub mod course;
pub mod error;
pub mod exercises;
pub mod files;
pub mod programs;
pub mod results;
pub mod sheet;
pub mod similar;
pub mod solved;
pub mod summary;
pub mod tree_sheet;

pub use crate::intake::{Class, NotGraded, Student};
pub use error::GradeError;
pub use minimax_core::judge::{Gradable, Judgement, Verdict};
pub use results::{
    shorten, version, ClassReport, Lateness, Legend, PositionInfo, PositionResult, RubricPart, RubricScore,
    RuleCheck, SimilarTo, StudentReport, TreeAnswer, SHOWN_OUTPUT,
};
