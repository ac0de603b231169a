//! The book's blocks as HTML: its own headings, paragraphs, lists, links and
//! emphasis. Diagrams and the table of contents are filled in by the caller.

use std::collections::BTreeMap;

use crate::book::url_segment;

use crate::book::{Block, Inline};

/// Escapes text for HTML content and attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// How the blocks of one page are written.
pub struct Writer<'a> {
    /// Where each anchor of the book lives: `zombie-chess` to
    /// `zombie-chess.html`, `setup` to `zombie-chess.html#setup`.
    pub anchors: &'a BTreeMap<String, String>,
    /// The book's name, for links to it by its file (`rules.md#setup`).
    pub book: &'a str,
    /// The anchors of each book of the run, as `anchors`, for links to
    /// another rulebook (`new_rules.md#gravity-chess`).
    pub books: &'a BTreeMap<String, BTreeMap<String, String>>,
    /// The HTML of diagram `index`.
    pub diagram: &'a dyn Fn(usize) -> String,
    /// The HTML of the table of contents.
    pub contents: &'a dyn Fn() -> String,
    /// How many levels each heading is raised, so that a page's first
    /// heading is its `h1` (a game's `##` heads its own page).
    pub levels_up: u8,
}

impl Writer<'_> {
    pub fn blocks(&self, out: &mut String, blocks: &[Block]) {
        // A part's `#` heading, until the next heading: the `##` that
        // follows it is marked, so that print keeps the two together.
        let mut after_part = false;
        for b in blocks {
            let opens_part = after_part && matches!(b, Block::Heading { level: 2, .. });
            if let Block::Heading { level, .. } = b {
                after_part = *level == 1;
            }
            self.block(out, b, opens_part);
        }
    }

    fn block(&self, out: &mut String, block: &Block, opens_part: bool) {
        match block {
            Block::Heading {
                level,
                content,
                slug,
                ..
            } => {
                let level = level.saturating_sub(self.levels_up).clamp(1, 6);
                let class = if opens_part {
                    " class=\"opens-part\""
                } else {
                    ""
                };
                out.push_str(&format!("<h{level} id=\"{}\"{class}>", escape(slug)));
                self.inlines(out, content);
                out.push_str(&format!(
                    "<a class=\"anchor\" href=\"#{}\" aria-label=\"Link to this heading\">#</a></h{level}>\n",
                    escape(slug)
                ));
            }
            Block::TableOfContents { .. } => out.push_str(&(self.contents)()),
            Block::Paragraph { content, .. } => {
                // "…like this:": it leads in to what follows, and print
                // keeps it with that.
                let lead_in = crate::book::plain_text(content).trim_end().ends_with(':');
                out.push_str(if lead_in {
                    "<p class=\"lead-in\">"
                } else {
                    "<p>"
                });
                self.inlines(out, content);
                out.push_str("</p>\n");
            }
            Block::List { start, items, .. } => {
                let tag = match start {
                    Some(1) => {
                        out.push_str("<ol>\n");
                        "ol"
                    }
                    Some(n) => {
                        out.push_str(&format!("<ol start=\"{n}\">\n"));
                        "ol"
                    }
                    None => {
                        out.push_str("<ul>\n");
                        "ul"
                    }
                };
                for item in items {
                    out.push_str("<li>");
                    // A tight item is one paragraph: keep it inline.
                    match item.as_slice() {
                        [Block::Paragraph { content, .. }] => self.inlines(out, content),
                        blocks => self.blocks(out, blocks),
                    }
                    out.push_str("</li>\n");
                }
                out.push_str(&format!("</{tag}>\n"));
            }
            Block::Diagram { index, .. } => out.push_str(&(self.diagram)(*index)),
            Block::BlockQuote { blocks, .. } => {
                out.push_str("<blockquote>\n");
                self.blocks(out, blocks);
                out.push_str("</blockquote>\n");
            }
            Block::Code { text, .. } => {
                out.push_str(&format!("<pre><code>{}</code></pre>\n", escape(text)));
            }
            // The author's own HTML is shown as text: a rulebook is not a web page.
            Block::Html { text, .. } => {
                out.push_str(&format!("<pre class=\"html\">{}</pre>\n", escape(text)));
            }
            Block::Rule { .. } => out.push_str("<hr>\n"),
        }
    }

    pub fn inlines(&self, out: &mut String, inlines: &[Inline]) {
        for i in inlines {
            match i {
                Inline::Text(t) => out.push_str(&escape(t)),
                Inline::Code(t) => out.push_str(&format!("<code>{}</code>", escape(t))),
                Inline::Strong(c) => {
                    out.push_str("<strong>");
                    self.inlines(out, c);
                    out.push_str("</strong>");
                }
                Inline::Emphasis(c) => {
                    out.push_str("<em>");
                    self.inlines(out, c);
                    out.push_str("</em>");
                }
                Inline::Link(link) => {
                    out.push_str(&format!("<a href=\"{}\">", escape(&self.href(&link.url))));
                    self.inlines(out, &link.content);
                    out.push_str("</a>");
                }
                Inline::Image(image) => {
                    out.push_str(&format!(
                        "<img src=\"{}\" alt=\"{}\">",
                        escape(&image.url),
                        escape(&image.alt)
                    ));
                }
                Inline::SoftBreak => out.push('\n'),
                Inline::HardBreak => out.push_str("<br>\n"),
            }
        }
    }

    /// A link to one of the book's anchors goes to the page that holds it;
    /// a link to a rulebook, to its published page or heading: that of the
    /// run's books, else its print page, which holds every heading.
    fn href(&self, url: &str) -> String {
        if let Some(anchor) = url.strip_prefix('#') {
            return self
                .anchors
                .get(anchor)
                .cloned()
                .unwrap_or_else(|| url.to_string());
        }
        let Some(link) = crate::book::rulebook_link(url) else {
            return url.to_string();
        };
        if link.book == self.book {
            return match &link.anchor {
                Some(a) => self
                    .anchors
                    .get(a)
                    .cloned()
                    .unwrap_or_else(|| format!("#{}", url_segment(a))),
                None => "index.html".to_string(),
            };
        }
        let dir = format!("../{}/", url_segment(&link.book));
        match &link.anchor {
            None => format!("{dir}index.html"),
            Some(a) => match self.books.get(&link.book).and_then(|pages| pages.get(a)) {
                Some(page) => format!("{dir}{page}"),
                None => format!("{dir}print.html#{}", url_segment(a)),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::book::Book;
    use crate::source::SourceFile;

    fn html(text: &str, anchors: &BTreeMap<String, String>) -> String {
        let mut diags = Vec::new();
        let b = Book::parse(SourceFile::new("t.md", text), &mut diags);
        let w = Writer {
            anchors,
            book: "t",
            books: &BTreeMap::new(),
            diagram: &|i| format!("[diagram {i}]"),
            contents: &|| "[contents]".into(),
            levels_up: 0,
        };
        let mut out = String::new();
        w.blocks(&mut out, &b.blocks);
        out
    }

    #[test]
    fn headings_lists_links_and_emphasis_keep_their_markup() {
        let anchors = BTreeMap::from([("golf".to_string(), "golf.html".to_string())]);
        let out = html(
            "### Setup\n\nMove **one** *piece*, see [Golf][g].\n\n1. first\n2. second\n\n[g]: #golf\n",
            &anchors,
        );
        assert!(out.contains("<h3 id=\"setup\">Setup"), "{out}");
        assert!(
            out.contains("Move <strong>one</strong> <em>piece</em>"),
            "{out}"
        );
        assert!(out.contains("<a href=\"golf.html\">Golf</a>"), "{out}");
        assert!(
            out.contains("<ol>\n<li>first</li>\n<li>second</li>\n</ol>"),
            "{out}"
        );
    }

    #[test]
    fn an_unknown_anchor_stays_as_written() {
        let out = html(
            "See [x](#nowhere) and [y](https://example.org/?a=1&b=2).\n",
            &BTreeMap::new(),
        );
        assert!(out.contains("href=\"#nowhere\""), "{out}");
        assert!(
            out.contains("href=\"https://example.org/?a=1&amp;b=2\""),
            "{out}"
        );
    }

    #[test]
    fn a_lead_in_and_a_part_opening_game_are_marked_for_print() {
        let out = html(
            "# By Other Designers\n## Half Alice Chess\nDraw two tables like this:\n\n    type: cloak\n    . 1 2\n    K\n\nNot a lead-in: it ends here.\n\n## Chess960\n",
            &BTreeMap::new(),
        );
        assert!(
            out.contains("<h2 id=\"half-alice-chess\" class=\"opens-part\">"),
            "{out}"
        );
        assert!(
            out.contains("<p class=\"lead-in\">Draw two tables like this:</p>"),
            "{out}"
        );
        assert!(out.contains("<p>Not a lead-in: it ends here.</p>"), "{out}");
        // Only the `##` right under a part.
        assert!(out.contains("<h2 id=\"chess960\">"), "{out}");
    }
}
