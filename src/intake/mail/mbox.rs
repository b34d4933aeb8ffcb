//! An mbox read one mail at a time (mboxo and mboxrd, as Thunderbird, Gmail Takeout and
//! fetchmail write them): a mail starts at a `From ` line that follows a blank line (or opens
//! the file); `>From ` lines (any number of `>`) lose one `>`. Memory stays bounded: a mail
//! past `cap` bytes is skipped to the next `From ` line and reported as too big.

use std::io::{BufRead, ErrorKind};

/// One mail of the box, or why it was not kept.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Piece {
    Mail(Vec<u8>),
    /// A mail longer than the cap: its first bytes' headers are kept to name it.
    TooBig {
        head: Vec<u8>,
        size: u64,
    },
}

/// The mails of an mbox, in order.
pub(crate) struct Mails<R> {
    reader: R,
    cap: usize,
    /// The `From ` line that opened the next mail, already read.
    started: bool,
    done: bool,
    line: Vec<u8>,
}

/// Bytes of a too-big mail's start kept to name it (its headers).
const HEAD: usize = 16 << 10;
/// The longest line kept whole: a longer one (a base64 body without line breaks) is read in
/// pieces, which is still bounded.
const LINE: usize = 1 << 20;

impl<R: BufRead> Mails<R> {
    pub(crate) fn new(reader: R, cap: usize) -> Mails<R> {
        Mails {
            reader,
            cap,
            started: false,
            done: false,
            line: Vec::new(),
        }
    }

    /// The next line, at most `LINE` bytes (a longer one comes in pieces); `false` at the end.
    fn next_line(&mut self) -> std::io::Result<bool> {
        self.line.clear();
        let mut limited = std::io::Read::take(&mut self.reader, LINE as u64);
        loop {
            match limited.read_until(b'\n', &mut self.line) {
                Ok(n) => return Ok(n > 0),
                Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            }
        }
    }
}

/// A `From ` line that separates mails.
fn is_separator(line: &[u8]) -> bool {
    line.starts_with(b"From ")
}

/// `>From ` (any number of `>`) loses one `>`: mboxrd's escaping, undone.
fn unescape(line: &[u8]) -> &[u8] {
    let quotes = line.iter().take_while(|b| **b == b'>').count();
    if quotes > 0 && line[quotes..].starts_with(b"From ") {
        &line[1..]
    } else {
        line
    }
}

impl<R: BufRead> Iterator for Mails<R> {
    type Item = std::io::Result<Piece>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        // Up to the first separator: a file that does not open with one starts a mail anyway.
        if !self.started {
            self.started = true;
            match self.next_line() {
                Ok(false) => {
                    self.done = true;
                    return None;
                }
                Ok(true) if is_separator(&self.line) => {}
                Ok(true) => {}
                Err(e) => return Some(Err(e)),
            }
            if !is_separator(&self.line) {
                // Not an mbox separator: the line is the mail's first header.
                let first = std::mem::take(&mut self.line);
                return Some(self.read_mail(Some(first)));
            }
        }
        Some(self.read_mail(None))
    }
}

impl<R: BufRead> Mails<R> {
    /// Reads one mail after its `From ` line, up to the next separator or the end.
    fn read_mail(&mut self, first: Option<Vec<u8>>) -> std::io::Result<Piece> {
        let mut mail = first.unwrap_or_default();
        let mut size = mail.len() as u64;
        let mut too_big = false;
        let mut blank_before = false;
        let mut at_line_start = true;
        loop {
            if !self.next_line()? {
                self.done = true;
                break;
            }
            if at_line_start && blank_before && is_separator(&self.line) {
                break;
            }
            let whole = self.line.ends_with(b"\n");
            let line = if at_line_start {
                unescape(&self.line)
            } else {
                &self.line[..]
            };
            blank_before = at_line_start && whole && (line == b"\n" || line == b"\r\n");
            at_line_start = whole;
            size += line.len() as u64;
            if too_big {
                continue;
            }
            if mail.len() + line.len() > self.cap {
                too_big = true;
                mail.truncate(HEAD);
                continue;
            }
            mail.extend_from_slice(line);
        }
        // The blank line before a separator belongs to the box, not to the mail.
        if mail.ends_with(b"\n\n") || mail.ends_with(b"\r\n\r\n") {
            mail.pop();
            if mail.ends_with(b"\r") {
                mail.pop();
            }
        }
        Ok(if too_big {
            Piece::TooBig { head: mail, size }
        } else {
            Piece::Mail(mail)
        })
    }
}

/// Whether a file's start reads as an mbox: its first line is a `From ` separator.
pub(crate) fn looks_like_mbox(start: &[u8]) -> bool {
    start.starts_with(b"From ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mails(text: &str, cap: usize) -> Vec<Piece> {
        Mails::new(text.as_bytes(), cap).map(Result::unwrap).collect()
    }

    #[test]
    fn mails_split_on_from_lines_after_a_blank_line_and_from_is_unescaped() {
        let mbox = "From a@x Thu Mar 24 03:17:00 2016\nSubject: uno\n\nhola\n>From here on\n>>From two\nFrom inside a paragraph\n\nFrom b@x Thu Mar 24 03:18:00 2016\nSubject: dos\n\nadios\n";
        let got = mails(mbox, 1 << 20);
        assert_eq!(
            got,
            [
                Piece::Mail(
                    b"Subject: uno\n\nhola\nFrom here on\n>From two\nFrom inside a paragraph\n".to_vec()
                ),
                Piece::Mail(b"Subject: dos\n\nadios\n".to_vec()),
            ]
        );
    }

    #[test]
    fn a_mail_past_the_cap_is_skipped_to_the_next_one() {
        let big = "x".repeat(100);
        let mbox = format!("From a\nSubject: big\n\n{big}\n{big}\n\nFrom b\nSubject: small\n\nok\n");
        let got = mails(&mbox, 150);
        assert!(
            matches!(&got[0], Piece::TooBig { size, .. } if *size > 200),
            "{got:?}"
        );
        assert_eq!(got[1], Piece::Mail(b"Subject: small\n\nok\n".to_vec()));
        assert!(mails("", 10).is_empty());
    }
}
