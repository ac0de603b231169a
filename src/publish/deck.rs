//! The card deck's files: `chess-deck.pdf` to print and cut, and an SVG
//! and a PNG of each distinct face in `deck/`, each made again only when
//! what it is drawn from changed.

use rayon::prelude::*;

use super::{Context, Made, Output};
use crate::book::Book;
use crate::deck::{self as d, DeckOptions};
use crate::diagnostic::Diagnostic;
use crate::output::hash;

/// The owner of the deck's files in the output folder.
pub const OWNER: &str = "deck";
/// The deck's PDF, in the output folder.
pub const PDF: &str = "chess-deck.pdf";

/// The deck of a book whose faces are laid out.
pub struct DeckFiles<'a> {
    /// The book whose card table the deck follows.
    pub book: &'a Book,
    pub faces: &'a [d::Face],
    pub options: &'a DeckOptions,
}

/// `N card images`, for the stage line of `-v`.
pub fn drawn_summary(n: usize) -> String {
    format!("{n} card image{}", if n == 1 { "" } else { "s" })
}

impl Output for DeckFiles<'_> {
    fn name(&self) -> &'static str {
        "card deck"
    }

    fn owners(&self, _books: &[&Book]) -> Vec<String> {
        vec![OWNER.to_string()]
    }

    /// Everything is drawn in memory first, so a drawing that fails
    /// leaves nothing staged; unchanged files are left alone. `Made::pngs`
    /// counts the faces drawn afresh.
    fn write(&self, cx: &Context) -> Result<Made, Vec<Diagnostic>> {
        let (book, faces, options) = (self.book, self.faces, self.options);
        let style = &cx.settings.style;
        let output = cx.output;
        let version = env!("CARGO_PKG_VERSION");
        let pdf_key = {
            let svgs: String = faces
                .iter()
                .map(|f| format!("{}\n{}\n{}\n", f.name, f.copies, f.svg))
                .collect();
            hash(
                format!(
                    "{svgs}{style:?}\n{options:?}\n{:?}\n{version}",
                    book.front_matter.title()
                )
                .as_bytes(),
            )
        };
        let reuse_pdf = output.reuse(OWNER, PDF, pdf_key);
        // Images whose drawing is unchanged are kept without drawing them again.
        let image_keys: Vec<u64> = faces
            .iter()
            .map(|f| hash(format!("{}\n{style:?}\n{version}", f.svg).as_bytes()))
            .collect();
        let todo: Vec<(&d::Face, u64)> = faces
            .iter()
            .zip(&image_keys)
            .filter(|&(f, &key)| {
                // Both or neither: a lost image is drawn again with its pair.
                let png = format!("deck/{}.png", f.name);
                let svg = format!("deck/{}.svg", f.name);
                !output.reuse_all(OWNER, &[&png, &svg], key)
            })
            .map(|(f, &k)| (f, k))
            .collect();
        let (pdf, images) = rayon::join(
            || (!reuse_pdf).then(|| d::deck_pdf(book, faces, style, options)),
            || {
                todo.par_iter()
                    .map(|&(f, key)| d::face_images(f, style).map(|files| (files, key)))
                    .collect::<Result<Vec<_>, String>>()
            },
        );
        let mut errors = Vec::new();
        let pdf = match pdf {
            Some(Ok(bytes)) => Some(bytes),
            Some(Err(mut e)) => {
                errors.append(&mut e);
                None
            }
            None => None,
        };
        let images = match images {
            Ok(i) => i,
            Err(e) => {
                errors.push(Diagnostic::file_error(
                    &book.source.path,
                    format!("cannot draw a card: {e}"),
                ));
                Vec::new()
            }
        };
        if !errors.is_empty() {
            return Err(errors);
        }
        if let Some(bytes) = &pdf
            && let Err(e) = output.write(OWNER, PDF, bytes, Some(pdf_key))
        {
            errors.push(e);
        }
        let drawn = images.len();
        for (files, key) in images {
            for (name, bytes) in files {
                if let Err(e) = output.write(OWNER, &format!("deck/{name}"), &bytes, Some(key)) {
                    errors.push(e);
                }
            }
        }
        if errors.iter().any(Diagnostic::is_error) {
            return Err(errors);
        }
        Ok(Made {
            diagrams: 0,
            pngs: drawn,
        })
    }
}
