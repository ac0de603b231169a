//! The search index: elasticlunr-rs writes it (as mdBook does), and the
//! site's copy of elasticlunr.js reads it. It goes in a script file rather
//! than JSON so that pages opened from `file://` can load it.

use crate::book::{Block, plain_text};

/// The pages to index, gathered as the site is made; the index is built
/// from them at the end, and only when they changed since it was last
/// built ([`LastIndex`]).
#[derive(Default)]
pub struct SearchIndex {
    /// Each page's path inside `html/`, title, text and book.
    pages: Vec<[String; 4]>,
}

/// The last index built, by a key over its pages: a rebuild whose text did
/// not change (a diagram moved, a style edited) reuses it.
pub type LastIndex = std::sync::Mutex<Option<(u64, std::sync::Arc<String>)>>;

impl SearchIndex {
    pub fn new() -> SearchIndex {
        SearchIndex::default()
    }

    /// One page: its path inside `html/`, title, text and book.
    pub fn add(&mut self, href: &str, title: &str, body: &str, book: &str) {
        self.pages
            .push([href.into(), title.into(), body.into(), book.into()]);
    }

    /// The index as a script, from `last` when its pages are the same;
    /// kept in `last` for the next rebuild when `keep`.
    pub fn into_js(self, last: &LastIndex, keep: bool) -> std::sync::Arc<String> {
        // Hashed field by field: a large book's text is not copied whole.
        let mut key = xxhash_rust::xxh3::Xxh3Default::new();
        for page in &self.pages {
            for field in page {
                key.update(field.as_bytes());
                key.update(b"\0");
            }
        }
        let key = key.digest();
        let mut last = last.lock().unwrap_or_else(|p| p.into_inner());
        if let Some((k, js)) = last.as_ref()
            && *k == key
        {
            return js.clone();
        }
        let mut index = elasticlunr::Index::new(&["title", "body", "book"]);
        for [href, title, body, book] in self.pages {
            index.add_doc(&href, [title, body, book]);
        }
        let mut js = index.to_json();
        // The index and its script are the largest things a large book's
        // site holds: one at a time, and the script made in place.
        drop(index);
        const START: &str = "window.chessKitSearch = ";
        js.reserve_exact(START.len() + 2);
        js.insert_str(0, START);
        js.push_str(";\n");
        let js = std::sync::Arc::new(js);
        *last = keep.then(|| (key, js.clone()));
        js
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

#[cfg(test)]
mod tests {
    use super::*;

    fn index(body: &str) -> SearchIndex {
        let mut s = SearchIndex::new();
        s.add("demo/zombie-chess.html", "Zombie Chess", body, "Demo");
        s.add("demo/index.html", "Demo", "The front page.", "Demo");
        s
    }

    #[test]
    fn the_index_is_built_again_only_when_the_text_changed() {
        let last = LastIndex::default();
        let first = index("A pawn takes e5.").into_js(&last, true);
        assert!(first.starts_with("window.chessKitSearch = {"));
        assert!(first.contains("zombie-chess.html") && first.contains("pawn"));
        let same = index("A pawn takes e5.").into_js(&last, true);
        assert!(std::sync::Arc::ptr_eq(&first, &same), "built again");
        let edited = index("A knight takes e5.").into_js(&last, true);
        assert!(!std::sync::Arc::ptr_eq(&first, &edited));
        assert!(edited.contains("knight") && !edited.contains("\"pawn\""));
        // A single build keeps nothing: the script is its file's only copy.
        let none = LastIndex::default();
        let once = index("A knight takes e5.").into_js(&none, false);
        assert_eq!(once, edited);
        assert!(none.lock().unwrap().is_none());
        assert_eq!(std::sync::Arc::strong_count(&once), 1);
    }
}
