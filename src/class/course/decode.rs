//! Text as people save it: UTF-8, UTF-16 with a byte-order mark, Windows-1252 or Latin-1
//! (Windows' Notepad saves "Muñoz" in Windows-1252), told apart by the detector Firefox uses.

/// Text from bytes in whatever encoding they were saved: a byte-order mark's, else UTF-8
/// (a character cut at the end by a size limit allowed), else the detector's guess among
/// the legacy encodings (Windows-1252 for Spanish text).
pub(crate) fn decode(bytes: &[u8]) -> String {
    if let Some((encoding, bom)) = encoding_rs::Encoding::for_bom(bytes) {
        return encoding.decode_without_bom_handling(&bytes[bom..]).0.into_owned();
    }
    match std::str::from_utf8(bytes) {
        Ok(text) => return text.to_string(),
        Err(error) if error.error_len().is_none() => {
            return String::from_utf8_lossy(&bytes[..error.valid_up_to()]).into_owned()
        }
        Err(_) => {}
    }
    let mut detector = chardetng::EncodingDetector::new();
    detector.feed(bytes, true);
    let encoding = detector.guess(None, true);
    encoding.decode_without_bom_handling(bytes).0.into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Whatever bytes a student saves, they read as text: UTF-8 as itself, anything else
        /// as some text, never a panic.
        #[test]
        fn any_bytes_read_as_text_and_utf8_as_itself(bytes in proptest::collection::vec(any::<u8>(), 0..512), text in ".{0,64}") {
            let _ = decode(&bytes);
            let written = text.trim_start_matches('\u{feff}');
            prop_assert_eq!(decode(written.as_bytes()), written);
        }
    }
}
