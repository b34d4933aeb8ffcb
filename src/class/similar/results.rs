//! What comparing a class finds: the pairs alike, where, and the groups they form. A leaf:
//! [`super::pairs`] fills these types and reports read them.

use serde::Serialize;

/// Every pair at or above the threshold, most similar first, and the groups they form.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Similarity {
    pub pairs: Vec<Pair>,
    pub(crate) clusters: Vec<Vec<String>>,
}

/// Two students, how alike their code is, and where.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Pair {
    pub(crate) students: [String; 2],
    /// How alike the two are, 0 to 1 (the starter's code left out): see [`super::pairs`].
    pub(crate) similarity: f64,
    pub(crate) fragments: Vec<Fragment>,
}

/// A stretch of one student's code and the matching stretch of the other's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct Fragment {
    pub(crate) a: Place,
    pub(crate) b: Place,
}

/// Lines of a file, relative to the student's folder.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct Place {
    pub(crate) file: String,
    pub(crate) lines: [u32; 2],
}
