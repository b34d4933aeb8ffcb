//! Why an archive could not be unpacked.

/// Why an archive could not be unpacked.
#[derive(Debug, thiserror::Error)]
pub(crate) enum UnpackError {
    #[error("{archive}: unpacks to more than the {mib} MiB allowed (a zip bomb?); it was not unpacked")]
    TooBig { archive: String, mib: u64 },
    #[error("{archive}: holds more than the {entries} files and folders allowed; it was not unpacked")]
    TooMany { archive: String, entries: u64 },
    #[error("{archive}: cannot be read: {reason}")]
    Unreadable { archive: String, reason: String },
}
