//! The HTML site's files written into the output folder (`html/`), each
//! with its owner, kept whole when nothing it is made from changed.

use std::collections::BTreeMap;

use crate::book::Book;
use crate::contents::TocEntry;
use crate::diagnostic::Diagnostic;
use crate::engine::fen::FenResult;
use crate::html::{self, Templates};
use crate::output::OutputDir;

/// The output owner of a book's HTML pages; the shared files (index,
/// search, assets) belong to [`html::OWNER`].
pub fn html_owner(book: &str) -> String {
    format!("{}:{book}", html::OWNER)
}

/// Writes `DIR/html/` for the books: every file through the output folder,
/// so unchanged pages are left alone.
pub fn write_html(
    books: &[(&Book, Vec<TocEntry>)],
    output: &OutputDir,
    templates: &Templates,
    drawings: &html::Drawings,
    style: &crate::style::Style,
    fens: &BTreeMap<String, Vec<FenResult>>,
    options: &html::HtmlOptions,
) -> Result<(), Vec<Diagnostic>> {
    let site_books: Vec<html::SiteBook> = books
        .iter()
        .map(|(book, toc)| html::SiteBook {
            book,
            toc,
            findings: Vec::new(),
            fens: fens.get(&book.name).map_or(&[][..], Vec::as_slice),
        })
        .collect();
    // The site is made whole (its index and search index read every
    // book), so it is kept whole when nothing it is made from changed.
    let key = site_key(&site_books, templates, style, &options.site);
    let ours = |owner: &str| {
        owner == html::OWNER
            || owner
                .strip_prefix(html::OWNER)
                .is_some_and(|r| r.starts_with(':'))
    };
    if output.reuse_owned(ours, key) {
        return Ok(());
    }
    let mut sink = OutputSink {
        output,
        books: books.iter().map(|(b, _)| b.name.as_str()).collect(),
        open: None,
        key,
    };
    html::write_site(&site_books, templates, drawings, style, options, &mut sink)
}

/// What the HTML site is made from: the tool's version, every book's text
/// and contents, the diagrams' positions (which the settings' games may
/// change), the files it links to, the style and the templates.
fn site_key(
    books: &[html::SiteBook],
    templates: &Templates,
    style: &crate::style::Style,
    site: &crate::config::SiteConfig,
) -> u64 {
    let mut text = format!(
        "{}\n{style:?}\n{:016x}\n",
        env!("CARGO_PKG_VERSION"),
        templates.fingerprint()
    );
    // The settings' order and descriptions, when there are any, so that a
    // site made without them keeps its key.
    if *site != crate::config::SiteConfig::default() {
        text.push_str(&format!("{site:?}\n"));
    }
    for sb in books {
        let (book, toc) = (sb.book, sb.toc);
        text.push_str(&format!("{}\n{toc:?}\n{:?}\n", book.name, sb.fens));
        text.push_str(&book.source.text);
        for (path, rel, _) in book.linked_files() {
            let bytes = crate::book::read_regular(&path).unwrap_or_default();
            text.push_str(&format!("\n{rel}\t{:016x}", crate::output::hash(&bytes)));
        }
        text.push('\0');
    }
    crate::output::hash(text.as_bytes())
}

/// The owner of the site file `rel` (inside `html/`): a book's own pages
/// belong to the book.
fn site_file_owner(rel: &str, books: &[&str]) -> String {
    match rel.split_once('/') {
        Some((first, _)) if books.contains(&first) => html_owner(first),
        _ => html::OWNER.to_string(),
    }
}

/// The site's files written into the output folder as they are made.
struct OutputSink<'a> {
    output: &'a OutputDir,
    books: Vec<&'a str>,
    open: Option<crate::output::Streamed>,
    /// The site's cache key, recorded with every file.
    key: u64,
}

impl html::SiteSink for OutputSink<'_> {
    fn file(&mut self, rel: String, bytes: Vec<u8>) -> Result<(), Diagnostic> {
        let owner = site_file_owner(&rel, &self.books);
        self.output.write(
            &owner,
            &format!("{}/{rel}", html::DIR),
            &bytes,
            Some(self.key),
        )
    }

    fn start(&mut self, rel: &str) -> Result<(), Diagnostic> {
        let owner = site_file_owner(rel, &self.books);
        self.open = Some(self.output.start(&owner, &format!("{}/{rel}", html::DIR))?);
        Ok(())
    }

    fn piece(&mut self, bytes: &[u8]) {
        use std::io::Write as _;
        if let Some(file) = &mut self.open {
            // A failed write is kept inside and reported by the commit.
            let _ = file.write_all(bytes);
        }
    }

    fn end(&mut self) -> Result<(), Diagnostic> {
        match self.open.take() {
            Some(file) => self.output.commit(file, Some(self.key)),
            None => Ok(()),
        }
    }
}

/// Writes the site's files under `html/`, each with its owner.
pub fn write_site_files<'a>(
    files: &[html::SiteFile],
    books: impl Iterator<Item = &'a str>,
    output: &OutputDir,
) -> Result<(), Vec<Diagnostic>> {
    let books: Vec<&str> = books.collect();
    let errors: Vec<Diagnostic> = files
        .iter()
        .filter_map(|(rel, bytes)| {
            let owner = site_file_owner(rel, &books);
            output
                .write(&owner, &format!("{}/{rel}", html::DIR), bytes, None)
                .err()
        })
        .collect();
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}
