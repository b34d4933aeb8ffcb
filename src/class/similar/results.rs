//! What comparing a class finds: the pairs alike, where, and the groups they form. A leaf:
//! [`super::pairs`] fills these types and reports read them.

use serde::Serialize;

/// Every pair at or above the threshold, most similar first, and the groups they form.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Similarity {
    pub pairs: Vec<Pair>,
    pub clusters: Vec<Vec<String>>,
}

/// Two students, how much of the smaller submission the other shares, and where.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Pair {
    pub students: [String; 2],
    /// Shared fingerprints over the smaller submission's (0 to 1; starter code left out).
    pub similarity: f64,
    pub fragments: Vec<Fragment>,
}

/// A stretch of one student's code and the matching stretch of the other's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Fragment {
    pub a: Place,
    pub b: Place,
}

/// Lines of a file, relative to the student's folder.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Place {
    pub file: String,
    pub lines: [u32; 2],
}
