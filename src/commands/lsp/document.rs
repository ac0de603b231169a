//! A document as the editor holds it, and the protocol's positions: a line
//! and a character offset counted in UTF-16 code units (the protocol's
//! default) or in bytes (UTF-8, when the editor offers it).

use std::sync::{Arc, OnceLock};

use ls_types::{Position, Range, TextDocumentContentChangeEvent};

use crate::source::Span;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    Utf8,
    Utf16,
}

const BOM: char = '\u{feff}';

/// `text` without the byte order mark it may start with: the check reads
/// it so ([`crate::source::SourceFile`]), so its offsets count from there.
pub fn without_bom(text: &str) -> &str {
    text.strip_prefix(BOM).unwrap_or(text)
}

/// Where each line of a text starts, to turn byte offsets into positions
/// and back. Offsets count in the text without its byte order mark, as the
/// check's spans do; positions count it, as the editor does (on line 0).
///
/// The starts are found at the first use, in the text passed then (always
/// the one the index was made for): for a 50 MB paste that is on the
/// checking thread, as it turns the findings into diagnostics, not on the
/// thread that answers the requests queued behind the paste.
#[derive(Clone)]
pub struct LineIndex {
    starts: OnceLock<Vec<usize>>,
    encoding: Encoding,
    /// The width of a leading byte order mark, in the encoding's units.
    bom: usize,
}

impl LineIndex {
    pub fn new(text: &str, encoding: Encoding) -> LineIndex {
        let bom = match (text.starts_with(BOM), encoding) {
            (false, _) => 0,
            (true, Encoding::Utf8) => BOM.len_utf8(),
            (true, Encoding::Utf16) => BOM.len_utf16(),
        };
        LineIndex {
            starts: OnceLock::new(),
            encoding,
            bom,
        }
    }

    fn starts(&self, text: &str) -> &[usize] {
        // A bare CR ends a line too, as the check reads the text.
        self.starts
            .get_or_init(|| crate::source::line_starts(without_bom(text)))
    }

    /// The position of byte `offset` (clamped to the text, and back to a
    /// character boundary).
    pub fn position(&self, text: &str, offset: usize) -> Position {
        let starts = self.starts(text);
        let text = without_bom(text);
        let mut offset = offset.min(text.len());
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = starts.partition_point(|&s| s <= offset) - 1;
        let before = &text[starts[line]..offset];
        let mut character = match self.encoding {
            Encoding::Utf8 => before.len(),
            Encoding::Utf16 => before.encode_utf16().count(),
        };
        if line == 0 {
            character += self.bom;
        }
        Position::new(line as u32, character as u32)
    }

    pub fn range(&self, text: &str, span: Span) -> Range {
        Range::new(
            self.position(text, span.start),
            self.position(text, span.end.max(span.start)),
        )
    }

    /// The byte offset of `position`. A line past the end is the end of the
    /// text; a character past the line's end is the line's end (before its
    /// line break), as the protocol asks; one inside a character (half a
    /// surrogate pair, a byte inside UTF-8) is that character's start.
    pub fn offset(&self, text: &str, position: Position) -> usize {
        let starts = self.starts(text);
        let text = without_bom(text);
        let Some(&start) = starts.get(position.line as usize) else {
            return text.len();
        };
        let end = starts
            .get(position.line as usize + 1)
            .map_or(text.len(), |&next| next - 1);
        let line = &text[start..end];
        let line = line.strip_suffix('\r').unwrap_or(line);
        let wanted = match position.line {
            0 => (position.character as usize).saturating_sub(self.bom),
            _ => position.character as usize,
        };
        let mut units = 0;
        for (i, c) in line.char_indices() {
            let width = match self.encoding {
                Encoding::Utf8 => c.len_utf8(),
                Encoding::Utf16 => c.len_utf16(),
            };
            if units + width > wanted {
                return start + i;
            }
            units += width;
        }
        start + line.len()
    }
}

/// An open document: its text and the version the editor gave it. The
/// text and its index are shared with the check of them, not copied (a
/// paste may be 50 MB): an edit while that check runs writes a new text.
pub struct Document {
    pub text: Arc<String>,
    pub version: i32,
    pub index: Arc<LineIndex>,
}

impl Document {
    /// The text is kept without a leading byte order mark, as the check
    /// reads it; the index still counts it in line 0's positions.
    pub fn new(mut text: String, version: i32, encoding: Encoding) -> Document {
        let index = LineIndex::new(&text, encoding);
        if text.starts_with(BOM) {
            text.drain(..BOM.len_utf8());
        }
        Document {
            text: Arc::new(text),
            version,
            index: Arc::new(index),
        }
    }

    /// Applies the editor's changes in order: a change with a range
    /// replaces that range, one without replaces the whole text.
    pub fn apply(&mut self, changes: Vec<TextDocumentContentChangeEvent>, version: i32) {
        for change in changes {
            // The lines' starts, mended about the change when they were
            // found for the text before it: finding them anew in a large
            // book would cost more than checking the edit.
            let mut mended = None;
            match change.range {
                Some(range) => {
                    let start = self.index.offset(&self.text, range.start);
                    let end = self.index.offset(&self.text, range.end).max(start);
                    Arc::make_mut(&mut self.text).replace_range(start..end, &change.text);
                    if let Some(old) = self.index.starts.get() {
                        let new_end = start + change.text.len();
                        mended = Some(mend_starts(old, &self.text, start, end, new_end));
                    }
                }
                None => self.text = Arc::new(change.text),
            }
            // The editor's text starts with the mark when it did, or when
            // this change put one there.
            let bom = self.index.bom > 0 || self.text.starts_with(BOM);
            if self.text.starts_with(BOM) {
                Arc::make_mut(&mut self.text).drain(..BOM.len_utf8());
            }
            let mut index = LineIndex::new(&self.text, self.index.encoding);
            if let Some(starts) = mended.filter(|_| !self.text.starts_with(BOM)) {
                let _ = index.starts.set(starts);
            }
            if bom {
                index.bom = match index.encoding {
                    Encoding::Utf8 => BOM.len_utf8(),
                    Encoding::Utf16 => BOM.len_utf16(),
                };
            }
            self.index = Arc::new(index);
        }
        self.version = version;
    }

    pub fn offset(&self, position: Position) -> usize {
        self.index.offset(&self.text, position)
    }

    pub fn range(&self, span: Span) -> Range {
        self.index.range(&self.text, span)
    }
}

/// The lines' starts of `text` after `old_start..old_end` of the text
/// whose starts were `old` became `old_start..new_end`: those before the
/// change kept, those in it found again, those after it moved. A start
/// depends on the byte before it (`\n`, or a `\r` not followed by `\n`),
/// so only those the change's bytes decide are found again.
fn mend_starts(
    old: &[usize],
    text: &str,
    old_start: usize,
    old_end: usize,
    new_end: usize,
) -> Vec<usize> {
    let bytes = text.as_bytes();
    let before = old.partition_point(|&s| s < old_start.max(1));
    let after = old.partition_point(|&s| s <= old_end);
    let mut out = Vec::with_capacity(old.len() + new_end - old_start);
    out.extend_from_slice(&old[..before]);
    for b in old_start.saturating_sub(1)..new_end.min(bytes.len()) {
        let breaks = bytes[b] == b'\n' || (bytes[b] == b'\r' && bytes.get(b + 1) != Some(&b'\n'));
        if breaks && b + 1 >= old_start.max(1) {
            out.push(b + 1);
        }
    }
    out.extend(old[after..].iter().map(|&s| s + new_end - old_end));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Mended starts are those found anew, whatever the change does to
    /// `\r` and `\n` about its ends.
    #[test]
    fn mended_line_starts_are_the_starts_found_anew() {
        let texts = [
            "",
            "a",
            "ab\ncd\r\nef\rgh\n",
            "\r\n\r\n",
            "\n\n\r\r",
            "x\r\ny",
        ];
        let inserts = ["", "\n", "\r", "\r\n", "q", "a\nb\rc\r\n"];
        for text in texts {
            let old = crate::source::line_starts(text);
            for start in 0..=text.len() {
                for end in start..=text.len() {
                    for insert in inserts {
                        let mut new = text.to_string();
                        new.replace_range(start..end, insert);
                        let mended = mend_starts(&old, &new, start, end, start + insert.len());
                        assert_eq!(
                            mended,
                            crate::source::line_starts(&new),
                            "{text:?}, {start}..{end} as {insert:?}"
                        );
                    }
                }
            }
        }
    }

    /// An editor's text that starts with a byte order mark: the check's
    /// offsets count without it, the editor's positions with it (line 0).
    #[test]
    fn a_byte_order_mark_is_counted_on_line_0_only() {
        for (encoding, width) in [(Encoding::Utf16, 1), (Encoding::Utf8, 3)] {
            let mut doc = Document::new("\u{feff}ab\ncd\n".into(), 1, encoding);
            assert_eq!(doc.text.as_str(), "ab\ncd\n");
            assert_eq!(
                doc.index.position(&doc.text, 1),
                Position::new(0, 1 + width)
            );
            assert_eq!(doc.index.position(&doc.text, 4), Position::new(1, 1));
            assert_eq!(doc.offset(Position::new(0, 1 + width)), 1);
            assert_eq!(doc.offset(Position::new(1, 1)), 4);
            // An edit on line 0 lands where the editor means it.
            doc.apply(vec![change(Some(((0, 1 + width), (0, 2 + width))), "X")], 2);
            assert_eq!(doc.text.as_str(), "aX\ncd\n");
            assert_eq!(
                doc.range(Span::new(1, 2)).start,
                Position::new(0, 1 + width)
            );
        }
    }

    fn change(
        range: Option<((u32, u32), (u32, u32))>,
        text: &str,
    ) -> TextDocumentContentChangeEvent {
        TextDocumentContentChangeEvent {
            range: range
                .map(|((a, b), (c, d))| Range::new(Position::new(a, b), Position::new(c, d))),
            range_length: None,
            text: text.into(),
        }
    }

    #[test]
    fn positions_count_utf16_units_or_bytes() {
        // `é` is one UTF-16 unit and two bytes; `♞` one unit and three
        // bytes; `𝄞` two units and four bytes.
        let text = "ab\né♞𝄞x\r\nlast";
        let utf16 = LineIndex::new(text, Encoding::Utf16);
        let x = text.find('x').unwrap();
        assert_eq!(utf16.position(text, x), Position::new(1, 4));
        assert_eq!(utf16.offset(text, Position::new(1, 4)), x);
        let utf8 = LineIndex::new(text, Encoding::Utf8);
        assert_eq!(utf8.position(text, x), Position::new(1, 9));
        assert_eq!(utf8.offset(text, Position::new(1, 9)), x);
        // Past the end of a line: its end, before `\r\n`.
        assert_eq!(utf16.offset(text, Position::new(1, 99)), x + 1);
        // Inside the surrogate pair: the character's start.
        assert_eq!(
            utf16.offset(text, Position::new(1, 3)),
            text.find('𝄞').unwrap()
        );
        // Past the last line: the end.
        assert_eq!(utf16.offset(text, Position::new(9, 0)), text.len());
        assert_eq!(utf16.position(text, text.len()), Position::new(2, 4));
        // Inside a character's bytes: back to its start.
        assert_eq!(utf16.position(text, 4), Position::new(1, 0));
    }

    /// A text's lines are found at the first position asked of it, by
    /// whoever shares its index, not when the text changes: a 50 MB
    /// paste's are found on the checking thread.
    #[test]
    fn a_new_text_is_indexed_at_its_first_use() {
        let mut doc = Document::new("a\nb\n".into(), 1, Encoding::Utf16);
        doc.apply(vec![change(None, "x\ny\nz")], 2);
        assert!(doc.index.starts.get().is_none());
        let checker = Arc::clone(&doc.index);
        assert_eq!(checker.position(&doc.text, 4), Position::new(2, 0));
        assert_eq!(
            doc.index.starts.get().map(Vec::as_slice),
            Some(&[0, 2, 4][..])
        );
        assert_eq!(doc.offset(Position::new(1, 0)), 2);
    }

    #[test]
    fn changes_apply_in_order() {
        let mut doc = Document::new("one\ntwo\nthree\n".into(), 1, Encoding::Utf16);
        doc.apply(
            vec![
                change(Some(((1, 0), (1, 3))), "2"),
                change(Some(((0, 3), (0, 3))), " 1"),
                change(Some(((2, 5), (3, 0))), ""),
            ],
            2,
        );
        assert_eq!(doc.text.as_str(), "one 1\n2\nthree");
        assert_eq!(doc.version, 2);
        doc.apply(vec![change(None, "new")], 3);
        assert_eq!(doc.text.as_str(), "new");
        // A range backwards or past the end does not panic.
        doc.apply(vec![change(Some(((5, 0), (0, 1))), "!")], 4);
        assert_eq!(doc.text.as_str(), "new!");
    }
}
