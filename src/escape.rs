//! Showing what students control (names, output) so that it cannot pose as the report.
//!
//! A terminal obeys escape sequences and a newline starts a new row, so a table shows control
//! characters escaped (`\x1b`, `\n`, `\r`) and one row stays one row. A spreadsheet runs a cell
//! that starts with `=`, `+`, `-` or `@` as a formula, so CSV cells get a leading `'` there
//! (OWASP's advice on CSV injection). A browser runs markup, so HTML gets `&<>"'` as entities.
//! In every format, the characters of [`is_hidden`] (bidi overrides, zero-width characters)
//! are shown as `\u{202e}`: unseen, they would reorder or join the names that follow them.

use std::fmt::Write as _;

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
        c => push_visible(out, c),
    }
}

/// Invisible format characters that change how the text around them is shown: the bidi
/// controls (an override turns every name after it right-to-left), the zero-width ones (two
/// names that look the same), the byte-order mark, the soft hyphen, the tags. The zero-width
/// joiner and non-joiner stay: Persian and Indic names (and emoji) need them and they reorder
/// nothing.
pub(crate) fn is_hidden(c: char) -> bool {
    matches!(
        c,
        '\u{00ad}'
            | '\u{061c}'
            | '\u{180e}'
            | '\u{200b}'
            | '\u{200e}'
            | '\u{200f}'
            | '\u{202a}'..='\u{202e}'
            | '\u{2060}'..='\u{2064}'
            | '\u{2066}'..='\u{206f}'
            | '\u{feff}'
            | '\u{fff9}'..='\u{fffb}'
            | '\u{e0001}'
            | '\u{e0020}'..='\u{e007f}'
    )
}

fn push_visible(out: &mut String, c: char) {
    if is_hidden(c) {
        let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
    } else {
        out.push(c);
    }
}

/// `text` with its [`is_hidden`] characters shown as `\u{202e}`, the rest as it was: for
/// writers that escape markup themselves (the charts' SVG).
pub(crate) fn visible(text: &str) -> String {
    let mut shown = String::with_capacity(text.len());
    for c in text.chars() {
        push_visible(&mut shown, c);
    }
    shown
}

/// `text` safe inside HTML, as an element's text or a quoted attribute: markup escaped,
/// control characters but the line break and the tab replaced, [`is_hidden`] ones shown.
/// Every HTML page uses it (the class page, the feedback pages, `similar`'s page).
pub(crate) fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            '\n' | '\t' => out.push(c),
            c if c.is_control() => out.push('\u{fffd}'),
            c => push_visible(&mut out, c),
        }
    }
    out
}

/// A CSV cell a spreadsheet will show as text, never run as a formula.
pub(crate) fn csv_cell(text: &str) -> String {
    let text = visible(text);
    match text.chars().next() {
        Some('=' | '+' | '-' | '@' | '\t' | '\r') => format!("'{text}"),
        _ => text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every invisible format character, as a hostile name would use it.
    const HIDDEN: &str =
        "\u{202e}\u{202a}\u{2066}\u{2069}\u{200e}\u{200f}\u{061c}\u{200b}\u{feff}\u{2060}\u{e0041}";

    #[test]
    fn no_format_shows_a_bidi_control_or_an_invisible_character_raw() {
        let name = format!("ana{HIDDEN}beto");
        for (format, shown) in [
            ("text", escape_text(&name)),
            ("lines", escape_lines(&name)),
            ("html", escape_html(&name)),
            ("csv", csv_cell(&name)),
            ("svg", visible(&name)),
        ] {
            assert!(!shown.chars().any(is_hidden), "{format}: {shown:?}");
            assert!(shown.contains("ana\\u{202e}\\u{202a}"), "{format}: {shown:?}");
        }
        // Names that need the joiners keep them.
        assert_eq!(escape_html("Mehr\u{200c}dad"), "Mehr\u{200c}dad");
    }

    #[test]
    fn markup_becomes_text_in_html() {
        assert_eq!(
            escape_html("<script>alert('x')</script>&\"\x1b"),
            "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;&quot;\u{fffd}"
        );
    }

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
