//! What the course asks of a search: the algorithm, the depth, whether stopping at the first
//! win is accepted.

/// What the course asks the program to search with (the course file's `search = …`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Asked {
    /// `"minimax"`: the sheet's DECISION-MINIMAX / ASIGNAR-VALOR.
    #[default]
    #[serde(rename = "minimax")]
    Minimax,
    /// `"alphabeta"`: alpha-beta in any order the student chooses.
    #[serde(rename = "alphabeta")]
    AlphaBeta,
    /// `"alphabeta-ordered"`: alpha-beta; the report also compares the student's nodes with
    /// the minimum for that order.
    #[serde(rename = "alphabeta-ordered")]
    AlphaBetaOrdered,
}

/// What the course says of the search beyond the algorithm.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Rules {
    /// The algorithm asked for.
    pub asked: Asked,
    /// The depth limit asked for (plies below the root), if any.
    pub depth: Option<u32>,
    /// Whether stopping at the first winning move counts as correct.
    pub first_win_accepted: bool,
}
