//! A CSV sheet read with every field's byte span, so that a few cells can be replaced and
//! every other byte written back untouched (the csv crate gives values, not spans; a sheet
//! re-written through it would change quoting the platform may care about).

use super::error::WorksheetError;

/// One field: its bytes in the file (quotes included) and its value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Field {
    pub(crate) start: usize,
    pub(crate) end: usize,
    pub(crate) quoted: bool,
    pub(crate) value: String,
}

/// Splits `bytes` into records of fields (RFC 4180: `,`, `"` quoting with `""`, CRLF or LF).
/// A UTF-8 byte-order mark before the first field is skipped.
pub(crate) fn read(bytes: &[u8]) -> Result<Vec<Vec<Field>>, WorksheetError> {
    let mut records = Vec::new();
    let mut record = Vec::new();
    let mut at = if bytes.starts_with(b"\xEF\xBB\xBF") { 3 } else { 0 };
    let mut line = 1;
    while at < bytes.len() {
        let start = at;
        let mut value = Vec::new();
        let quoted = bytes[at] == b'"';
        if quoted {
            at += 1;
            let opened = line;
            loop {
                match bytes.get(at) {
                    None => return Err(WorksheetError::Unclosed { line: opened }),
                    Some(b'"') if bytes.get(at + 1) == Some(&b'"') => {
                        value.push(b'"');
                        at += 2;
                    }
                    Some(b'"') => {
                        at += 1;
                        break;
                    }
                    Some(&byte) => {
                        line += usize::from(byte == b'\n');
                        value.push(byte);
                        at += 1;
                    }
                }
            }
            if !matches!(bytes.get(at), None | Some(b',' | b'\r' | b'\n')) {
                return Err(WorksheetError::AfterQuote { line });
            }
        } else {
            while let Some(&byte) = bytes.get(at) {
                if matches!(byte, b',' | b'\r' | b'\n') {
                    break;
                }
                value.push(byte);
                at += 1;
            }
        }
        record.push(Field {
            start,
            end: at,
            quoted,
            value: String::from_utf8_lossy(&value).into_owned(),
        });
        match bytes.get(at) {
            Some(b',') => {
                at += 1;
                if at == bytes.len() {
                    record.push(Field {
                        start: at,
                        end: at,
                        quoted: false,
                        value: String::new(),
                    });
                }
            }
            Some(b'\r' | b'\n') => {
                if bytes[at] == b'\r' && bytes.get(at + 1) == Some(&b'\n') {
                    at += 1;
                }
                at += 1;
                line += 1;
                records.push(std::mem::take(&mut record));
            }
            _ => {}
        }
    }
    if !record.is_empty() {
        records.push(record);
    }
    Ok(records)
}

/// `bytes` with each field given replaced by its new value, quoted where the old one was or
/// where the value needs it.
pub(crate) fn replace(bytes: &[u8], mut edits: Vec<(&Field, String)>) -> Vec<u8> {
    edits.sort_by_key(|(field, _)| field.start);
    let mut out = Vec::with_capacity(bytes.len() + edits.len() * 16);
    let mut copied = 0;
    for (field, value) in edits {
        out.extend_from_slice(&bytes[copied..field.start]);
        let needs = value.contains([',', '"', '\n', '\r']) || value.starts_with(' ') || value.ends_with(' ');
        if field.quoted || needs {
            out.push(b'"');
            out.extend_from_slice(value.replace('"', "\"\"").as_bytes());
            out.push(b'"');
        } else {
            out.extend_from_slice(value.as_bytes());
        }
        copied = field.end;
    }
    out.extend_from_slice(&bytes[copied..]);
    out
}

/// The index of the first header among `names` (compared without case or surrounding space).
pub(crate) fn column(header: &[Field], names: &[&str]) -> Option<usize> {
    header
        .iter()
        .position(|h| names.iter().any(|n| h.value.trim().eq_ignore_ascii_case(n)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_keep_their_spans_and_untouched_bytes_stay() {
        let text = "\u{feff}Identifier,\"Full name\",Grade\r\n\"Participant 1\",\"Ana, P\",\r\nParticipant 2,\"Beto \"\"B\"\"\",\r\n";
        let records = read(text.as_bytes()).unwrap();
        assert_eq!(records.len(), 3);
        assert_eq!(records[1][1].value, "Ana, P");
        assert_eq!(records[2][1].value, "Beto \"B\"");
        assert_eq!(records[2][2].value, "");
        let out = replace(text.as_bytes(), vec![(&records[1][2], "7.50".into())]);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            text.replace("\"Ana, P\",\r\n", "\"Ana, P\",7.50\r\n")
        );
    }

    #[test]
    fn an_unclosed_quote_is_an_error_with_its_line() {
        assert!(read(b"a,b\n\"x,y\n").unwrap_err().to_string().contains("line 2"));
    }
}
