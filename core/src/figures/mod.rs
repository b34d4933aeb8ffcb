//! Figures and printable sheets: boards and trees drawn as SVG, and HTML exercise sheets.

pub mod board;
pub mod sheet;
pub mod tree;
