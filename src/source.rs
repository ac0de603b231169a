//! Source files and byte spans, so every later stage can point back at the
//! exact line and column a problem comes from.

use std::fmt;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// A byte range in one source file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

impl Span {
    pub fn new(start: usize, end: usize) -> Self {
        Span { start, end }
    }

    pub fn range(self) -> Range<usize> {
        self.start..self.end
    }

    pub fn len(self) -> usize {
        self.end - self.start
    }

    pub fn is_empty(self) -> bool {
        self.start == self.end
    }

    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        Span::new(self.start.min(other.start), self.end.max(other.end))
    }
}

impl From<Range<usize>> for Span {
    fn from(r: Range<usize>) -> Self {
        Span::new(r.start, r.end)
    }
}

/// A 1-based line and column; the column counts characters, not bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct LineCol {
    pub line: usize,
    pub col: usize,
}

impl fmt::Display for LineCol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.col)
    }
}

/// One input file, read once and kept whole so diagnostics can quote it.
#[derive(Debug)]
pub struct SourceFile {
    /// The path as the user gave it (or `<stdin>`), used in messages.
    pub path: PathBuf,
    pub text: String,
    line_starts: Vec<usize>,
}

/// The byte-order mark some editors put at the start of a UTF-8 file.
const BOM: char = '\u{feff}';

impl SourceFile {
    /// A source from text; a leading byte-order mark is dropped, so it
    /// cannot hide the front matter or the first heading.
    ///
    /// `\n`, `\r\n` and a bare `\r` (old Mac files, or a mix of editors)
    /// all end a line: each bare `\r` is read as `\n`. That keeps every
    /// byte where it was, so spans still point into the text as written,
    /// and every later stage (the Markdown reader, the diagram parser,
    /// lines and columns) sees only the two endings it knows.
    pub fn new(path: impl Into<PathBuf>, text: impl Into<String>) -> Arc<SourceFile> {
        let mut text = text.into();
        if text.starts_with(BOM) {
            text.drain(..BOM.len_utf8());
        }
        let text = bare_cr_as_lf(text);
        let line_starts = line_starts(&text);
        Arc::new(SourceFile {
            path: path.into(),
            text,
            line_starts,
        })
    }

    /// A source from a file's bytes. Text that is not UTF-8 is decoded with
    /// a replacement character for each bad sequence, and the span of the
    /// first one (in the decoded text, so it can be quoted) is returned
    /// with a reason.
    pub fn from_bytes(
        path: impl Into<PathBuf>,
        bytes: Vec<u8>,
    ) -> (Arc<SourceFile>, Option<(Span, &'static str)>) {
        let utf16 = bytes.starts_with(&[0xff, 0xfe]) || bytes.starts_with(&[0xfe, 0xff]);
        match String::from_utf8(bytes) {
            Ok(text) => (SourceFile::new(path, text), None),
            Err(e) => {
                let at = e.utf8_error().valid_up_to();
                let text = String::from_utf8_lossy(e.as_bytes()).into_owned();
                let source = SourceFile::new(path, text);
                // Everything before `at` decoded as it was; a leading BOM
                // (which invalid UTF-8 cannot have) is not in the way.
                let span = Span::new(at, at + char::REPLACEMENT_CHARACTER.len_utf8());
                let reason = if utf16 {
                    "the file is UTF-16 text; save it as UTF-8"
                } else {
                    "the file is not UTF-8 text"
                };
                (source, Some((span, reason)))
            }
        }
    }

    /// `span` clamped to the text and widened to whole characters, so
    /// slicing the text with it cannot fail.
    pub fn char_span(&self, span: Span) -> Span {
        let len = self.text.len();
        let start = floor_char_boundary(&self.text, span.start.min(len));
        let mut end = span.end.clamp(start, len);
        while !self.text.is_char_boundary(end) {
            end += 1;
        }
        Span::new(start, end)
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The 1-based line number holding byte `offset`.
    pub fn line_of(&self, offset: usize) -> usize {
        match self.line_starts.binary_search(&offset) {
            Ok(i) => i + 1,
            Err(i) => i,
        }
    }

    pub fn line_col(&self, offset: usize) -> LineCol {
        let offset = offset.min(self.text.len());
        let line = self.line_of(offset);
        let start = self.line_starts[line - 1];
        let col = self.text[start..floor_char_boundary(&self.text, offset)]
            .chars()
            .count()
            + 1;
        LineCol { line, col }
    }

    /// The text of a 1-based line, without its line ending.
    pub fn line_text(&self, line: usize) -> &str {
        let Some(&start) = self.line_starts.get(line.wrapping_sub(1)) else {
            return "";
        };
        let end = self
            .line_starts
            .get(line)
            .map(|&e| e - 1)
            .unwrap_or(self.text.len());
        self.text[start..end].trim_end_matches('\r')
    }

    /// Byte offset where a 1-based line starts.
    pub fn line_start(&self, line: usize) -> usize {
        self.line_starts
            .get(line.wrapping_sub(1))
            .copied()
            .unwrap_or(self.text.len())
    }

    pub fn line_count(&self) -> usize {
        self.line_starts.len()
    }

    pub fn slice(&self, span: Span) -> &str {
        &self.text[self.char_span(span).range()]
    }
}

/// The byte offset where each line of `text` starts, the first at 0: a
/// line ends at `\n`, `\r\n` or a bare `\r`, as the language server
/// protocol counts lines too. Offsets are the same whether or not the bare
/// `\r`s have been read as `\n` ([`SourceFile::new`] does).
pub fn line_starts(text: &str) -> Vec<usize> {
    // Without a `\r`, the standard library's search finds the breaks many
    // bytes at a time (the language server indexes a 50 MB paste with it).
    if !text.contains('\r') {
        let mut starts = vec![0];
        starts.extend(memchr::memchr_iter(b'\n', text.as_bytes()).map(|i| i + 1));
        return starts;
    }
    let bytes = text.as_bytes();
    let mut starts = vec![0];
    for (i, &b) in bytes.iter().enumerate() {
        if b == b'\n' || (b == b'\r' && bytes.get(i + 1) != Some(&b'\n')) {
            starts.push(i + 1);
        }
    }
    starts
}

/// `text`'s lines with their `\n`, as `text.split_inclusive('\n')` gives
/// them, found many bytes at a time: every stage that reads a book line by
/// line goes through here.
pub fn lines_inclusive(text: &str) -> impl Iterator<Item = &str> {
    let mut start = 0;
    let mut breaks = memchr::memchr_iter(b'\n', text.as_bytes());
    std::iter::from_fn(move || {
        let line = match breaks.next() {
            Some(i) => &text[start..=i],
            None if start < text.len() => &text[start..],
            None => return None,
        };
        start += line.len();
        Some(line)
    })
}

/// `text` with each `\r` that no `\n` follows replaced by `\n`, in place:
/// the length and every other byte stay as they were.
fn bare_cr_as_lf(text: String) -> String {
    if !text.contains('\r') {
        return text;
    }
    let mut bytes = text.into_bytes();
    for i in 0..bytes.len() {
        if bytes[i] == b'\r' && bytes.get(i + 1) != Some(&b'\n') {
            bytes[i] = b'\n';
        }
    }
    // One ASCII byte for another keeps the text UTF-8.
    String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_inclusive_are_split_inclusive_at_each_line_feed() {
        for text in [
            "",
            "\n",
            "a",
            "a\n",
            "a\nb",
            "a\r\nb\n\n",
            "\n\nx\ny\n",
            "é\nü",
        ] {
            let ours: Vec<&str> = lines_inclusive(text).collect();
            let std: Vec<&str> = text.split_inclusive('\n').collect();
            assert_eq!(ours, std, "{text:?}");
        }
    }

    #[test]
    fn line_and_column_are_one_based_and_count_characters() {
        let f = SourceFile::new("x.md", "ab\nc\u{e9}d\n\nlast");
        assert_eq!(f.line_col(0), LineCol { line: 1, col: 1 });
        assert_eq!(f.line_col(1), LineCol { line: 1, col: 2 });
        assert_eq!(f.line_col(3), LineCol { line: 2, col: 1 });
        // 'd' comes after the two-byte 'é'
        assert_eq!(f.line_col(6), LineCol { line: 2, col: 3 });
        assert_eq!(f.line_col(8), LineCol { line: 3, col: 1 });
        assert_eq!(f.line_text(2), "c\u{e9}d");
        assert_eq!(f.line_text(3), "");
        assert_eq!(f.line_text(4), "last");
        assert_eq!(f.line_text(5), "");
        assert_eq!(f.line_count(), 4);
    }

    #[test]
    fn invalid_utf8_is_pointed_at_on_a_character_of_the_decoded_text() {
        // A Latin-1 `é` (0xe9) in the middle of the second line.
        let (f, bad) = SourceFile::from_bytes("x.md", b"ab\nc\xe9d\n".to_vec());
        let (span, reason) = bad.unwrap();
        assert_eq!(reason, "the file is not UTF-8 text");
        assert_eq!(f.slice(span), "\u{fffd}");
        assert_eq!(f.line_col(span.start), LineCol { line: 2, col: 2 });
        assert_eq!(f.line_text(2), "c\u{fffd}d");
    }

    #[test]
    fn utf16_is_named() {
        let bytes: Vec<u8> = [0xff, 0xfe, b'#', 0, b' ', 0, b'A', 0].to_vec();
        let (f, bad) = SourceFile::from_bytes("x.md", bytes);
        let (span, reason) = bad.unwrap();
        assert!(reason.contains("UTF-16"), "{reason}");
        assert_eq!(span.start, 0);
        assert_eq!(f.slice(span), "\u{fffd}");
    }

    #[test]
    fn a_byte_order_mark_is_dropped() {
        let (f, bad) = SourceFile::from_bytes("x.md", b"\xef\xbb\xbf---\ntitle: T\n".to_vec());
        assert!(bad.is_none());
        assert_eq!(f.line_text(1), "---");
        assert_eq!(f.line_col(0), LineCol { line: 1, col: 1 });
    }

    #[test]
    fn spans_off_character_boundaries_are_widened() {
        let f = SourceFile::new("x.md", "a\u{e9}b");
        // Byte 2 is inside the two-byte `é`.
        assert_eq!(f.char_span(Span::new(2, 2)), Span::new(1, 3));
        assert_eq!(f.char_span(Span::new(2, 99)), Span::new(1, 4));
        assert_eq!(f.slice(Span::new(1, 2)), "\u{e9}");
    }

    #[test]
    fn a_bare_carriage_return_ends_a_line_in_place() {
        // CR only, then a mix of all three endings.
        let f = SourceFile::new("x.md", "one\rtwo\r\rfour");
        assert_eq!(f.text.len(), "one\rtwo\r\rfour".len());
        assert_eq!(f.line_count(), 4);
        assert_eq!(f.line_text(2), "two");
        assert_eq!(f.line_text(3), "");
        assert_eq!(f.line_col(9), LineCol { line: 4, col: 1 });
        let f = SourceFile::new("x.md", "a\r\nb\rc\nd\r");
        assert_eq!(
            (1..=4).map(|l| f.line_text(l)).collect::<Vec<_>>(),
            ["a", "b", "c", "d"]
        );
        assert_eq!(f.line_col(5), LineCol { line: 3, col: 1 });
        assert_eq!(f.line_col(7), LineCol { line: 4, col: 1 });
        // The `\r\n` keeps both bytes.
        assert_eq!(&f.text[..3], "a\r\n");
        // Lines start at the same offsets in the text as written.
        assert_eq!(line_starts("a\r\nb\rc\nd\r"), [0, 3, 5, 7, 9]);
        assert_eq!(line_starts(&f.text), [0, 3, 5, 7, 9]);
    }

    #[test]
    fn carriage_returns_are_not_quoted() {
        let f = SourceFile::new("x.md", "one\r\ntwo\r\n");
        assert_eq!(f.line_text(1), "one");
        assert_eq!(f.line_col(5), LineCol { line: 2, col: 1 });
    }
}
