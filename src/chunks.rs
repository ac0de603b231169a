//! A rulebook's text cut into chunks at its `##` headings, where nothing
//! before the heading reaches past it: the heading follows a blank line,
//! outside front matter, fenced code and the HTML blocks that run on over
//! blank lines (`<!--`, `<pre>`, `<script>`, ...). CommonMark closes
//! every other block there, and the diagram scan starts afresh, so each
//! chunk reads the same alone as in the book. The language server checks
//! the chunks an edit touches, and reuses the others' checks.
//!
//! The scan is conservative: where it cannot tell, it does not cut (an
//! opener of an HTML block anywhere in a line counts as one).

/// Where a chunk starts, and what it shares with the rest of the book.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Links {
    /// It may hold a card table, which every card symbol is checked against.
    pub card_table: bool,
    /// It may use card symbols, checked against the book's card table.
    pub card_symbols: bool,
    /// It may hold a Chess Golf section or solutions, which are read
    /// across the book.
    pub golf: bool,
    /// It may hold diagrams under no `##` heading (before the first, after
    /// the table of contents, under a `#` part), numbered and warned about
    /// across the book.
    pub front: bool,
    /// It may define a reference link (`[label]: url`).
    pub link_definitions: bool,
    /// It may link to a heading of the book, or have a heading so long
    /// that the number an anchor gets (`-2`) decides whether it is too
    /// long: anchors are numbered across the book.
    pub anchors: bool,
    /// It holds a lone `\r`: a line break to the parser (which reads it as
    /// `\n`), not to this scan, which then cannot tell where blocks end.
    pub bare_cr: bool,
}

/// The chunks of `text`: their start offsets (the first is 0) and what
/// each shares with the others. The text between two starts is one chunk.
pub fn split(text: &str) -> Vec<(usize, Links)> {
    split_from(text, 0, |_| false).0
}

/// How a scan of the chunks ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// At a chunk's start that `stop` chose (not among the chunks found).
    Stopped(usize),
    /// At the end of the text; `clean` when no block was left open there.
    End { clean: bool },
}

/// The chunks of `text` from `from`, a chunk's start (or 0), until `stop`
/// says a chunk's start is where to stop.
pub fn split_from(
    text: &str,
    from: usize,
    mut stop: impl FnMut(usize) -> bool,
) -> (Vec<(usize, Links)>, Ending) {
    let front_matter = if from == 0 {
        crate::book::front_matter_end(text).unwrap_or(0)
    } else {
        0
    };
    let mut scan = Scan::default();
    let mut out = vec![(from, Links::default())];
    if from == 0 {
        // The first chunk holds the front matter and whatever stands
        // before the first `##` heading.
        out[0].1.front = true;
    }
    let mut offset = from;
    let mut previous_blank = true;
    // The length of the lines since the last blank one.
    let mut paragraph = 0;
    // Each line in lower case, in one buffer.
    let mut lower = String::new();
    for line in crate::source::lines_inclusive(&text[from..]) {
        let start = offset;
        offset += line.len();
        if start < front_matter {
            continue;
        }
        let body = line.trim_end_matches(['\n', '\r']);
        let bare_cr = memchr::memchr(b'\r', body.as_bytes()).is_some()
            || (line.ends_with('\r') && !line.ends_with("\r\n"));
        lower.clear();
        lower.push_str(body);
        lower.make_ascii_lowercase();
        // The table of contents starts no section: Golf's problems after
        // it still belong to the section before.
        let contents = finders().contents.find(lower.as_bytes()).is_some();
        if previous_blank && scan.is_clean() && is_h2(body) && !contents && start > from {
            if stop(start) {
                return (out, Ending::Stopped(start));
            }
            out.push((start, Links::default()));
        }
        if let Some(last) = out.last_mut() {
            note(body, &lower, &mut last.1);
            // A setext heading's title is the paragraph above its line.
            let underline =
                !body.trim().is_empty() && body.trim().bytes().all(|b| b == b'=' || b == b'-');
            last.1.anchors |= underline && paragraph > 100;
            last.1.bare_cr |= bare_cr;
        }
        scan.line(body, &lower);
        previous_blank = body.trim().is_empty();
        paragraph = if previous_blank {
            0
        } else {
            paragraph + body.len()
        };
    }
    (
        out,
        Ending::End {
            clean: scan.is_clean(),
        },
    )
}

/// Whether a line is an ATX heading of level 2 at the margin.
fn is_h2(line: &str) -> bool {
    line.strip_prefix("##")
        .is_some_and(|rest| rest.is_empty() || rest.starts_with([' ', '\t']))
}

/// The words the scan looks for, each searched with a searcher made once.
struct Finders {
    contents: memchr::memmem::Finder<'static>,
    golf: memchr::memmem::Finder<'static>,
    solution: memchr::memmem::Finder<'static>,
}

fn finders() -> &'static Finders {
    static FINDERS: std::sync::OnceLock<Finders> = std::sync::OnceLock::new();
    FINDERS.get_or_init(|| Finders {
        contents: memchr::memmem::Finder::new("table of contents"),
        golf: memchr::memmem::Finder::new("golf"),
        solution: memchr::memmem::Finder::new("solution"),
    })
}

/// What a line shows of the book-wide links, by a loose reading; `lower`
/// is the line in lower case.
fn note(line: &str, lower: &str, links: &mut Links) {
    // A diagram's `card:` line, a card table's `type: cards` line.
    let name = lower
        .trim_start()
        .split(':')
        .next()
        .unwrap_or("")
        .trim_end();
    if name == "card" {
        links.card_symbols = true;
    }
    if name == "type" && lower.contains("card") {
        links.card_table = true;
    }
    let find = finders();
    if find.golf.find(lower.as_bytes()).is_some() || find.solution.find(lower.as_bytes()).is_some()
    {
        links.golf = true;
    }
    if find.contents.find(lower.as_bytes()).is_some() || is_part_heading(line) {
        links.front = true;
    }
    let definition = memchr::memchr(b']', lower.as_bytes()).is_some() && lower.contains("]:");
    links.link_definitions |= definition;
    if memchr::memchr(b'#', lower.as_bytes()).is_some()
        && (lower.contains("(#")
            || lower.contains(".md#")
            || lower.contains("(<#")
            || definition
            || (line.trim_start().starts_with('#') && line.len() > 100))
    {
        links.anchors = true;
    }
}

/// A `#` heading or a setext underline, in a list or quote or not.
fn is_part_heading(line: &str) -> bool {
    let t = line.trim_start_matches(|c: char| {
        c.is_ascii_whitespace()
            || matches!(c, '>' | '-' | '*' | '+' | '.' | ')')
            || c.is_ascii_digit()
    });
    let underline = !t.is_empty() && t.trim_end().bytes().all(|b| b == b'=');
    underline
        || t.strip_prefix('#')
            .is_some_and(|rest| rest.is_empty() || rest.starts_with([' ', '\t']))
}

/// The blocks open at a line, as CommonMark reads them and as the diagram
/// scan does: a fence, an HTML block that only its end marker closes.
#[derive(Default)]
struct Scan {
    /// CommonMark's fence: its character and length.
    fence: Option<(u8, usize)>,
    /// The diagram scan's fence (it closes at any line that starts as its
    /// opener did).
    diagram_fence: Option<&'static str>,
    /// What closes the open HTML block.
    html_end: Option<&'static str>,
}

/// The HTML blocks that go on over blank lines, by their opener.
const HTML_BLOCKS: [(&str, &str); 8] = [
    ("<!--", "-->"),
    ("<?", "?>"),
    ("<![cdata[", "]]>"),
    ("<script", "</script>"),
    ("<pre", "</pre>"),
    ("<style", "</style>"),
    ("<textarea", "</textarea>"),
    ("<!", ">"),
];

impl Scan {
    fn is_clean(&self) -> bool {
        self.fence.is_none() && self.diagram_fence.is_none() && self.html_end.is_none()
    }

    fn line(&mut self, line: &str, lower: &str) {
        self.diagram_scan(line);
        if let Some((c, n)) = self.fence {
            let t = line.trim_start();
            let run = t.bytes().take_while(|&b| b == c).count();
            if run >= n && t[run..].trim().is_empty() {
                self.fence = None;
            }
            return;
        }
        let mut rest = lower;
        loop {
            match self.html_end {
                Some(end) => match rest.find(end) {
                    Some(at) => {
                        self.html_end = None;
                        rest = &rest[at + end.len()..];
                    }
                    None => return,
                },
                // Most lines hold no `<` at all.
                None if memchr::memchr(b'<', rest.as_bytes()).is_none() => break,
                None => {
                    let opened = HTML_BLOCKS
                        .iter()
                        .filter_map(|(open, end)| rest.find(open).map(|at| (at, open.len(), *end)))
                        .min_by_key(|&(at, len, _)| (at, usize::MAX - len));
                    match opened {
                        Some((at, len, end)) => {
                            self.html_end = Some(end);
                            rest = &rest[at + len..];
                        }
                        None => break,
                    }
                }
            }
        }
        // A fence in a list or quote counts too: open until it closes.
        let t = line.trim_start_matches([' ', '\t', '>', '-', '*', '+']);
        for c in [b'`', b'~'] {
            let run = t.bytes().take_while(|&b| b == c).count();
            if run >= 3 {
                self.fence = Some((c, run));
                return;
            }
        }
    }

    /// The fences of [`crate::book`]'s diagram scan, read as it reads them.
    fn diagram_scan(&mut self, line: &str) {
        let marker = crate::book::fence_marker(line);
        match self.diagram_fence {
            Some(open) => {
                if marker.is_some() && line.trim_start().starts_with(open) {
                    self.diagram_fence = None;
                }
            }
            None => self.diagram_fence = marker,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn starts(text: &str) -> Vec<usize> {
        split(text).into_iter().map(|(s, _)| s).collect()
    }

    #[test]
    fn a_book_is_cut_at_its_h2_headings_after_a_blank_line() {
        let text =
            "# Book\n\nIntro\n\n## One\n\ntext\n## Not cut\n\n## Table of Contents\n\n## Two\n";
        let two = text.find("## Two").unwrap();
        assert_eq!(starts(text), vec![0, text.find("## One").unwrap(), two]);
    }

    #[test]
    fn nothing_open_is_cut() {
        for open in [
            "```\n",
            "~~~~\n",
            "<!-- note\n",
            "<pre>\n",
            "- ```\n",
            "> <script>\n",
        ] {
            let text = format!("intro\n\n{open}\n## Inside\n\n");
            assert_eq!(starts(&text), vec![0], "{open:?}");
        }
        let closed = "```\ncode\n```\n\n## After\n\n<!-- a -->\n\n## Last\n";
        assert_eq!(starts(closed).len(), 3);
        let front = "---\ntitle: x\n\n## not a heading\n---\n\n## One\n";
        assert_eq!(starts(front), vec![0, front.find("## One").unwrap()]);
    }

    #[test]
    fn what_a_chunk_shares_is_noted() {
        let text = "## Golf\n\n## Cards\n\n    card: x, a1\n\n## Table\n\n    type: cards\n\n## Links\n\n[a]: b\n\n## Part\n\n# By others\n";
        let links: Vec<Links> = split(text).into_iter().map(|(_, l)| l).collect();
        assert!(links[0].front && links[0].golf);
        assert!(links[1].card_symbols && !links[1].card_table && !links[1].front);
        assert!(links[2].card_table);
        assert!(links[3].link_definitions && !links[3].golf);
        assert!(links[4].front);
    }
}
