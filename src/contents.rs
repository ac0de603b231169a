//! The table of contents: the book's `#` parts and `##` sections, with
//! one-line descriptions from an optional `<book>_contents.csv`.

use std::path::PathBuf;

use crate::book::Book;
use crate::diagnostic::Diagnostic;
use crate::source::{SourceFile, Span};

#[derive(Clone, Debug, PartialEq)]
pub struct TocEntry {
    /// 1 for a `#` part, 2 for a `##` section.
    pub level: u8,
    pub title: String,
    pub slug: String,
    pub description: Option<String>,
}

/// The CSV that may describe a book's sections: `<book>_contents.csv` beside it.
pub fn contents_csv_path(book: &Book) -> PathBuf {
    book.folder.join(format!("{}_contents.csv", book.name))
}

/// The entries of the table of contents, in book order. Problems in the CSV
/// are reported with its line; a description for no section is a warning.
pub fn table_of_contents(book: &Book, diags: &mut Vec<Diagnostic>) -> Vec<TocEntry> {
    let descriptions = read_descriptions(book, diags);
    let mut used = vec![false; descriptions.len()];
    let entries = book
        .sections
        .iter()
        .map(|s| {
            let found = descriptions
                .iter()
                .position(|(heading, _, _)| heading.eq_ignore_ascii_case(&s.title));
            if let Some(i) = found {
                used[i] = true;
            }
            TocEntry {
                level: s.level,
                title: s.title.clone(),
                slug: s.slug.clone(),
                description: found.map(|i| descriptions[i].1.clone()),
            }
        })
        .collect();
    unused_descriptions(book, &descriptions, &used, diags);
    entries
}

/// The contents file's problems for a book whose `#` and `##` headings
/// are `titles`: what [`table_of_contents`] reports, for a book checked
/// in parts ([`crate::incremental`]). `book` is any part: it gives the
/// book's name and folder.
pub fn check_descriptions<'t>(
    book: &Book,
    titles: impl Iterator<Item = &'t str> + Clone,
    diags: &mut Vec<Diagnostic>,
) {
    let descriptions = read_descriptions(book, diags);
    let used: Vec<bool> = descriptions
        .iter()
        .map(|(heading, _, _)| titles.clone().any(|t| heading.eq_ignore_ascii_case(t)))
        .collect();
    unused_descriptions(book, &descriptions, &used, diags);
}

/// A warning for each description no section used.
fn unused_descriptions(
    book: &Book,
    descriptions: &[Description],
    used: &[bool],
    diags: &mut Vec<Diagnostic>,
) {
    if let Some(src) = descriptions.first().map(|d| d.2.0.clone()) {
        for (i, (heading, _, (_, span))) in descriptions.iter().enumerate() {
            if !used[i] {
                diags.push(
                    Diagnostic::warning(
                        &src,
                        *span,
                        format!("no section of {} is called `{heading}`", book.name),
                    )
                    .with_help("the heading column must match a `#` or `##` heading of the book"),
                );
            }
        }
    }
}

type Description = (String, String, (std::sync::Arc<SourceFile>, Span));

fn read_descriptions(book: &Book, diags: &mut Vec<Diagnostic>) -> Vec<Description> {
    let path = contents_csv_path(book);
    let bytes = match crate::book::read_regular(&path) {
        Ok(bytes) => bytes,
        // No CSV: the book simply has no descriptions.
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Vec::new(),
        Err(e) => {
            diags.push(Diagnostic::file_error(
                &path,
                format!(
                    "cannot read the contents descriptions: {}",
                    crate::book::io_reason(&e)
                ),
            ));
            return Vec::new();
        }
    };
    let text = match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => {
            // The text up to the bad byte is the same in the lossy copy, so
            // the span lands on the right line and on a character boundary.
            let at = e.utf8_error().valid_up_to();
            let src = SourceFile::new(&path, String::from_utf8_lossy(e.as_bytes()));
            diags.push(
                Diagnostic::error(
                    &src,
                    Span::new(at, at + 1),
                    "the contents descriptions are not UTF-8 text",
                )
                .with_help("save the CSV as UTF-8"),
            );
            return Vec::new();
        }
    };
    let src = SourceFile::new(&path, text);
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(true)
        .trim(csv::Trim::All)
        .from_reader(src.text.as_bytes());
    let header_ok = reader
        .headers()
        .map(|h| h.get(0) == Some("heading") && h.get(1) == Some("description") && h.len() == 2)
        .unwrap_or(false);
    if !header_ok {
        let first = src.line_text(1).len();
        diags.push(
            Diagnostic::error(&src, Span::new(0, first), "this is not a contents header")
                .with_help("the first line must be `heading,description`"),
        );
        return Vec::new();
    }
    let mut out = Vec::new();
    for record in reader.records() {
        match record {
            Ok(r) => {
                let at = r.position().map(|p| p.byte() as usize).unwrap_or(0);
                let line_end = at + src.line_text(src.line_of(at)).len();
                let span = Span::new(at, line_end.max(at + 1));
                if r.len() != 2 {
                    diags.push(
                        Diagnostic::error(
                            &src,
                            span,
                            format!("this row has {} columns; it needs 2", r.len()),
                        )
                        .with_help("quote a description that holds a comma: `Zombie Chess,\"dead, then not\"`"),
                    );
                    continue;
                }
                // A description is one line; a line break inside a field
                // means a quote that was never closed swallowed the rows after it.
                if r.iter().any(|field| field.contains('\n')) {
                    diags.push(
                        Diagnostic::error(&src, span, "this row's quote is not closed on its line")
                            .with_help("close the quote, or double a quote inside it: `\"a \"\"quoted\"\" word\"`"),
                    );
                    continue;
                }
                out.push((r[0].to_string(), r[1].to_string(), (src.clone(), span)));
            }
            Err(e) => {
                let at = e.position().map(|p| p.byte() as usize).unwrap_or(0);
                let line_end = at + src.line_text(src.line_of(at)).len();
                let reason = match e.kind() {
                    csv::ErrorKind::UnequalLengths { len, .. } => {
                        format!("this row has {len} columns; it needs 2")
                    }
                    csv::ErrorKind::Utf8 { .. } => "this row is not UTF-8 text".to_string(),
                    _ => format!("this row cannot be read: {e}"),
                };
                diags.push(Diagnostic::error(
                    &src,
                    Span::new(at, line_end.max(at + 1)),
                    reason,
                ));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn book_in(dir: &std::path::Path, text: &str) -> Book {
        let path = dir.join("demo.md");
        std::fs::write(&path, text).unwrap();
        let mut diags = Vec::new();
        Book::load(&path, &mut diags).unwrap()
    }

    #[test]
    fn descriptions_come_from_the_csv() {
        let dir = tempfile::tempdir().unwrap();
        let book = book_in(
            dir.path(),
            "## Table of Contents\n# Part\n## Zombie Chess\n## Golf\n",
        );
        std::fs::write(
            dir.path().join("demo_contents.csv"),
            "heading,description\nZombie Chess,\"brings pieces back, as zombies.\"\nNo Such Game,x\n",
        )
        .unwrap();
        let mut diags = Vec::new();
        let toc = table_of_contents(&book, &mut diags);
        assert_eq!(toc.len(), 3);
        assert_eq!((toc[0].level, toc[0].title.as_str()), (1, "Part"));
        assert_eq!(toc[1].slug, "zombie-chess");
        assert_eq!(
            toc[1].description.as_deref(),
            Some("brings pieces back, as zombies.")
        );
        assert_eq!(toc[2].description, None);
        assert_eq!(diags.len(), 1);
        let text = diags[0].render_short();
        assert!(
            text.contains(
                "demo_contents.csv:3:1: warning: no section of demo is called `No Such Game`"
            ),
            "{text}"
        );
    }

    /// The contents of a one-section book with `csv` beside it, and the
    /// one problem the CSV must give, as a short message.
    fn with_bad_csv(csv: &[u8]) -> (Vec<TocEntry>, String) {
        let dir = tempfile::tempdir().unwrap();
        let book = book_in(dir.path(), "## Golf\n");
        std::fs::write(dir.path().join("demo_contents.csv"), csv).unwrap();
        let mut diags = Vec::new();
        let toc = table_of_contents(&book, &mut diags);
        assert_eq!(diags.len(), 1, "{diags:?}");
        assert!(diags[0].is_error());
        (toc, diags[0].render_short())
    }

    #[test]
    fn a_bad_row_is_an_error_at_its_line() {
        let (_, text) = with_bad_csv(b"heading,description\nGolf,a,b\n");
        assert!(
            text.contains("demo_contents.csv:2:1: error: this row has 3 columns; it needs 2"),
            "{text}"
        );
    }

    #[test]
    fn a_csv_that_is_not_utf8_is_an_error_at_its_line() {
        let mut bytes = b"heading,description\nGolf,caf".to_vec();
        bytes.extend([0xE9, b'\n']); // Latin-1 `é`
        let (toc, text) = with_bad_csv(&bytes);
        assert!(
            text.contains("demo_contents.csv:2:9: error: the contents descriptions are not UTF-8"),
            "{text}"
        );
        assert_eq!(toc[0].description, None);
    }

    #[test]
    fn a_bad_header_or_an_unclosed_quote_is_an_error() {
        let (_, text) = with_bad_csv(b"title,text\nGolf,x\n");
        assert!(
            text.contains("demo_contents.csv:1:1: error: this is not a contents header"),
            "{text}"
        );
        let (toc, text) = with_bad_csv(b"heading,description\nGolf,\"open quote\nZombie,x\n");
        assert!(
            text.contains("demo_contents.csv:2:1: error: this row's quote is not closed"),
            "{text}"
        );
        assert_eq!(toc[0].description, None);
    }

    #[test]
    fn a_csv_that_cannot_be_read_is_an_error() {
        let dir = tempfile::tempdir().unwrap();
        let book = book_in(dir.path(), "## Golf\n");
        // A folder where the CSV should be cannot be read as a file.
        std::fs::create_dir(dir.path().join("demo_contents.csv")).unwrap();
        let mut diags = Vec::new();
        table_of_contents(&book, &mut diags);
        assert_eq!(diags.len(), 1);
        assert!(
            diags[0]
                .render_short()
                .contains("demo_contents.csv: error: cannot read the contents descriptions"),
            "{}",
            diags[0].render_short()
        );
    }

    #[test]
    fn no_csv_means_no_descriptions() {
        let dir = tempfile::tempdir().unwrap();
        let book = book_in(dir.path(), "## Golf\n");
        let mut diags = Vec::new();
        let toc = table_of_contents(&book, &mut diags);
        assert!(diags.is_empty());
        assert_eq!(toc[0].description, None);
    }
}
