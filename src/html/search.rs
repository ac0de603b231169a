//! The search index: elasticlunr-rs writes it (as mdBook does), and the
//! site's copy of elasticlunr.js reads it. It goes in a script file rather
//! than JSON so that pages opened from `file://` can load it.

use crate::book::{Block, plain_text};

pub struct SearchIndex {
    index: elasticlunr::Index,
}

impl SearchIndex {
    pub fn new() -> SearchIndex {
        SearchIndex {
            index: elasticlunr::Index::new(&["title", "body", "book"]),
        }
    }

    /// One page: its path inside `html/`, title, text and book.
    pub fn add(&mut self, href: &str, title: &str, body: &str, book: &str) {
        self.index.add_doc(href, [title, body, book]);
    }

    pub fn to_js(&self) -> String {
        format!("window.chessKitSearch = {};\n", self.index.to_json())
    }
}

/// A block's words, for the index; diagrams by their alt text.
pub fn plain(out: &mut String, block: &Block, diagram: &dyn Fn(usize) -> String) {
    match block {
        Block::Heading { content, .. } | Block::Paragraph { content, .. } => {
            out.push_str(&plain_text(content));
        }
        Block::List { items, .. } => {
            for item in items {
                for b in item {
                    plain(out, b, diagram);
                }
            }
        }
        Block::BlockQuote { blocks, .. } => {
            for b in blocks {
                plain(out, b, diagram);
            }
        }
        Block::Diagram { index, .. } => out.push_str(&diagram(*index)),
        Block::Code { text, .. } => out.push_str(text),
        Block::TableOfContents { .. } | Block::Html { .. } | Block::Rule { .. } => {}
    }
    out.push('\n');
}
