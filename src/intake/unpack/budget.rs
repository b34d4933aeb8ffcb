//! How much one student, and one class's download, may unpack.

/// Most bytes unpacked for one student, nested archives included.
pub(crate) const STUDENT_BYTES: u64 = 256 << 20;
/// Most files and folders unpacked for one student.
pub(crate) const STUDENT_ENTRIES: u64 = 20_000;
// A student's files are unpacked, then copied for each run, against one budget.
const _: () = assert!(
    STUDENT_BYTES == minimax_sandbox::scratch::MAX_BYTES
        && STUDENT_ENTRIES == minimax_sandbox::scratch::MAX_ENTRIES
);
/// How deep archives inside archives are opened.
pub(crate) const MAX_NESTING: usize = 3;

/// Most bytes and entries unpacked from a whole class's download (students' own archives
/// inside it are then unpacked against each student's own budget).
pub(crate) const CLASS_BYTES: u64 = 8 << 30;
pub(crate) const CLASS_ENTRIES: u64 = 400_000;

/// What is left to unpack, and what was allowed at first (for messages).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Budget {
    pub(crate) bytes: u64,
    pub(crate) entries: u64,
    pub(super) allowed: (u64, u64),
}

impl Budget {
    pub(crate) fn new(bytes: u64, entries: u64) -> Budget {
        Budget {
            bytes,
            entries,
            allowed: (bytes, entries),
        }
    }

    pub(crate) fn student() -> Budget {
        Budget::new(STUDENT_BYTES, STUDENT_ENTRIES)
    }

    pub(crate) fn class() -> Budget {
        Budget::new(CLASS_BYTES, CLASS_ENTRIES)
    }
}
