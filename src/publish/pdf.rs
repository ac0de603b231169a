//! The PDF books of `build`: one `<book>.pdf` per rulebook in the output
//! folder, made again only when what it is made from changed.

use rayon::prelude::*;

use crate::book::Book;
use crate::contents::TocEntry;
use crate::diagnostic::Diagnostic;
use crate::output::{OutputDir, hash};
use std::io::Write;

use crate::pdf::{BookStyle, PdfOptions, book_pdf_to};
use crate::render::DrawingStore;

/// The output owner name of a book's PDF.
pub fn pdf_owner(book: &Book) -> String {
    format!("pdf:{}", book.name)
}

/// Writes `DIR/<book>.pdf` for every book, in parallel.
pub fn pdfs(
    books: &[(&Book, Vec<TocEntry>)],
    out: &OutputDir,
    drawings: &DrawingStore,
    book_style: &BookStyle,
    options: &PdfOptions,
) -> Result<(), Vec<Diagnostic>> {
    let errors: Vec<Diagnostic> = books
        .par_iter()
        .flat_map_iter(|(book, toc)| {
            let rel = format!("{}.pdf", book.name);
            let owner = pdf_owner(book);
            // Everything the PDF is made from, hashed, then dropped (it
            // holds a copy of the book). Linked images are read by name, so
            // their bytes go in too.
            let style = drawings.style();
            let key = {
                let mut key_text = format!(
                    "{}\n{toc:?}\n{style:?}\n{book_style:?}\n{options:?}\n{}",
                    book.source.text,
                    env!("CARGO_PKG_VERSION")
                );
                for image in &book.images {
                    if let Some(Ok(path)) = book.local_image_path(&image.url) {
                        let bytes = crate::book::read_regular(&path).unwrap_or_default();
                        key_text.push_str(&format!("\n{:016x}", hash(&bytes)));
                    }
                }
                hash(key_text.as_bytes())
            };
            if out.reuse(&owner, &rel, key) {
                return Vec::new();
            }
            // Written into the output folder as it is made: a large book's
            // PDF is never held whole. Dropped unstaged on an error.
            let mut file = match out.start(&owner, &rel) {
                Ok(file) => file,
                Err(d) => return vec![d],
            };
            let written = book_pdf_to(book, toc, drawings, book_style, options, &mut |bytes| {
                // A failed write is kept in `file` and reported by `commit`.
                let _ = file.write_all(bytes);
            });
            match written {
                Ok(()) => match out.commit(file, Some(key)) {
                    Ok(()) => Vec::new(),
                    Err(d) => vec![d],
                },
                Err(diags) => diags,
            }
        })
        .collect();
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}
