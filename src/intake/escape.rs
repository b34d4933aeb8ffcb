//! Showing what students control (names, output) so that it cannot pose as the report.
//!
//! A terminal obeys escape sequences and a newline starts a new row, so a table shows control
//! characters escaped (`\x1b`, `\n`, `\r`) and one row stays one row. A spreadsheet runs a cell
//! that starts with `=`, `+`, `-` or `@` as a formula, so CSV cells get a leading `'` there
//! (OWASP's advice on CSV injection).

/// `text` on one line with every control character escaped.
pub(crate) fn escape_text(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        push_char(&mut escaped, c);
    }
    escaped
}

/// `text` with control characters escaped but its line breaks kept, for blocks of output.
pub(crate) fn escape_lines(text: &str) -> String {
    text.split('\n').map(escape_text).collect::<Vec<_>>().join("\n")
}

fn push_char(out: &mut String, c: char) {
    match c {
        '\n' => out.push_str("\\n"),
        '\r' => out.push_str("\\r"),
        '\t' => out.push_str("\\t"),
        c if c.is_control() => out.push_str(&format!("\\x{:02x}", u32::from(c))),
        // Bidirectional overrides reorder what follows on screen.
        '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' => {
            out.push_str(&format!("\\u{{{:x}}}", u32::from(c)))
        }
        c => out.push(c),
    }
}

/// A CSV cell a spreadsheet will show as text, never run as a formula.
pub(crate) fn csv_cell(text: &str) -> String {
    match text.chars().next() {
        Some('=' | '+' | '-' | '@' | '\t' | '\r') => format!("'{text}"),
        _ => text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_cannot_move_the_cursor_or_add_rows() {
        assert_eq!(escape_text("0/2\x1b[1A\r2/2\nfake"), "0/2\\x1b[1A\\r2/2\\nfake");
        assert_eq!(escape_lines("a\x1b[2J\nb"), "a\\x1b[2J\nb");
    }

    #[test]
    fn formulas_become_text_in_csv() {
        assert_eq!(csv_cell("=HYPERLINK(\"x\")"), "'=HYPERLINK(\"x\")");
        assert_eq!(csv_cell("-1+2"), "'-1+2");
        assert_eq!(csv_cell("X 3 1"), "X 3 1");
    }
}
