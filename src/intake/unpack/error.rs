//! Why an archive could not be unpacked.

/// Why an archive could not be unpacked.
#[derive(Debug, thiserror::Error)]
pub(crate) enum UnpackError {
    #[error("{archive}: unpacks to more than the {mib} MiB allowed (a zip bomb?); it was not unpacked")]
    TooBig { archive: String, mib: u64 },
    #[error("{archive}: holds more than the {entries} files and folders allowed; it was not unpacked")]
    TooMany { archive: String, entries: u64 },
    /// `reason` is the reader's own words (zip's, tar's, bsdtar's stderr), free text from
    /// elsewhere, cut so that an entry's name quoted in it cannot make it megabytes long.
    #[error("{archive}: cannot be read: {reason}")]
    Unreadable { archive: String, reason: String },
    /// A tar header (a long name, a pax header) claiming more bytes than are ever read.
    #[error(
        "{archive}: cannot be read: a {kind} of {size} bytes (at most {limit} are read): a crafted archive?"
    )]
    HugeHeader {
        archive: String,
        kind: &'static str,
        size: u64,
        limit: u64,
    },
    #[error("{archive}: cannot be read: reading .rar and .7z needs bsdtar (Debian package libarchive-tools; `make deps` installs it)")]
    NoBsdtar { archive: String },
    #[error("{archive}: cannot be read: cannot start bsdtar: {source}")]
    BsdtarStart { archive: String, source: std::io::Error },
}
