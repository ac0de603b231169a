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

impl SourceFile {
    pub fn new(path: impl Into<PathBuf>, text: impl Into<String>) -> Arc<SourceFile> {
        let text = text.into();
        let mut line_starts = vec![0];
        line_starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        Arc::new(SourceFile {
            path: path.into(),
            text,
            line_starts,
        })
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
        &self.text[span.range()]
    }
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
    fn carriage_returns_are_not_quoted() {
        let f = SourceFile::new("x.md", "one\r\ntwo\r\n");
        assert_eq!(f.line_text(1), "one");
        assert_eq!(f.line_col(5), LineCol { line: 2, col: 1 });
    }
}
