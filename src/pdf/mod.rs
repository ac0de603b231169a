//! The typeset PDF book: a title page, the front matter, a table of
//! contents with page numbers and links, and each `##` section from a new
//! page, with every diagram drawn as vectors from its one SVG.
//!
//! `text` shapes and breaks lines, `layout` makes pages of positioned
//! boxes, `write` turns them into PDF bytes with krilla (`vector` draws
//! the SVG figures, each repeated shape once), and `impose` places
//! zine pages on letter sheets.

pub mod impose;
pub mod layout;
pub mod quotes;
pub mod style;
pub mod text;
pub mod vector;
pub mod write;

use std::str::FromStr;

use crate::book::Book;
use crate::contents::TocEntry;
use crate::diagnostic::Diagnostic;
use crate::render::DrawingStore;
use crate::style::Style;

pub use style::BookStyle;

/// The page formats of the book.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PageFormat {
    #[default]
    Letter,
    A4,
    /// 4.25 x 6.875 inch pages.
    Booklet,
    /// Quarter-letter pages imposed on letter sheets, to fold into a zine.
    Zine,
}

impl PageFormat {
    pub const ALL: [PageFormat; 4] = [
        PageFormat::Letter,
        PageFormat::A4,
        PageFormat::Booklet,
        PageFormat::Zine,
    ];

    pub fn name(self) -> &'static str {
        match self {
            PageFormat::Letter => "letter",
            PageFormat::A4 => "a4",
            PageFormat::Booklet => "booklet",
            PageFormat::Zine => "zine",
        }
    }
}

impl FromStr for PageFormat {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        PageFormat::ALL
            .into_iter()
            .find(|f| f.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| format!("unknown page format `{s}`: use letter, a4, booklet or zine"))
    }
}

impl std::fmt::Display for PageFormat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct PdfOptions {
    pub format: PageFormat,
    /// The document date (from SOURCE_DATE_EPOCH), or none: never the clock.
    pub date: Option<(i32, u8, u8)>,
}

/// The book as a PDF, in the compiled-in book style.
pub fn book_pdf(
    book: &Book,
    toc: &[TocEntry],
    style: &Style,
    options: &PdfOptions,
) -> Result<Vec<u8>, Vec<Diagnostic>> {
    book_pdf_with(book, toc, style, &BookStyle::default(), options)
}

/// The book as a PDF in a given book style (`templates/book.toml` and a
/// user's overrides).
pub fn book_pdf_with(
    book: &Book,
    toc: &[TocEntry],
    style: &Style,
    book_style: &BookStyle,
    options: &PdfOptions,
) -> Result<Vec<u8>, Vec<Diagnostic>> {
    book_pdf_drawn(book, toc, &DrawingStore::new(style), book_style, options)
}

/// The book as a PDF, its diagrams taken from `drawings`, which the build's
/// other outputs share.
pub fn book_pdf_drawn(
    book: &Book,
    toc: &[TocEntry],
    drawings: &DrawingStore,
    book_style: &BookStyle,
    options: &PdfOptions,
) -> Result<Vec<u8>, Vec<Diagnostic>> {
    let mut pdf = Vec::new();
    book_pdf_to(book, toc, drawings, book_style, options, &mut |bytes| {
        pdf.extend_from_slice(bytes)
    })?;
    Ok(pdf)
}

/// As [`book_pdf_drawn`], the file's bytes handed to `out` a piece at a
/// time as they are made, so a large book's PDF is never held whole. On an
/// error, what went to `out` is not a PDF.
pub fn book_pdf_to(
    book: &Book,
    toc: &[TocEntry],
    drawings: &DrawingStore,
    book_style: &BookStyle,
    options: &PdfOptions,
    out: &mut dyn FnMut(&[u8]),
) -> Result<(), Vec<Diagnostic>> {
    let fail = |m: String| vec![Diagnostic::file_error(&book.source.path, m)];
    let fonts = text::Fonts::new(
        &book_style.text.body_family,
        &book_style.text.heading_family,
    )
    .map_err(|e| fail(format!("book style: {e}")))?;
    let page_style = book_style.page(options.format);
    let (plan, second) = layout::plan(book, toc, drawings, book_style, page_style, &fonts)?;
    let fm = &book.front_matter;
    // PDF/UA wants a title: the book's name when the front matter's is blank.
    let title = fm
        .title()
        .filter(|t| !t.trim().is_empty())
        .unwrap_or(&book.name)
        .to_string();
    let mut keywords = vec![
        "chess".to_string(),
        "chess variants".to_string(),
        "rules".to_string(),
    ];
    keywords.extend(toc.iter().filter(|e| e.level == 2).map(|e| e.title.clone()));
    let meta = write::Meta {
        title,
        subject: fm.subtitle().map(str::to_string),
        author: fm.get("author").map(str::to_string),
        keywords,
        date: options.date,
        // The front matter's `lang`, as the author writes it (`en-GB`).
        lang: fm
            .get("lang")
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .unwrap_or("en")
            .to_string(),
        tagged: true,
    };
    let sheet = (options.format == PageFormat::Zine).then_some(write::Sheet {
        width: book_style.letter.width,
        height: book_style.letter.height,
    });
    // The layout kept only each diagram's measures; its page takes the
    // drawing again, from the store while it holds it.
    let diagram = |i: usize| {
        let entry = book.diagrams.get(i)?;
        let key = drawings.key(book.source.slice(entry.span));
        drawings.drawing(key, entry.diagram.as_ref()?).ok()
    };
    let parts = write::Parts {
        pages: plan.pages,
        trees: &plan.trees,
        images: &plan.images,
        outline: &plan.outline,
        anchors: &plan.anchors,
    };
    // The second pass hands each page over as it fills; the writer writes
    // it and drops its drawings.
    let mut second = Some(second);
    write::write_pages(
        &parts,
        &mut |emit| {
            if let Some(second) = second.take() {
                second.pages(&plan, emit);
            }
        },
        &fonts,
        &meta,
        sheet.as_ref(),
        &diagram,
        out,
    )
    .map_err(fail)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_parse() {
        assert_eq!("letter".parse::<PageFormat>(), Ok(PageFormat::Letter));
        assert_eq!("A4".parse::<PageFormat>(), Ok(PageFormat::A4));
        assert_eq!("booklet".parse::<PageFormat>(), Ok(PageFormat::Booklet));
        assert_eq!("zine".parse::<PageFormat>(), Ok(PageFormat::Zine));
        assert!("legal".parse::<PageFormat>().is_err());
        assert_eq!(PageFormat::default(), PageFormat::Letter);
    }
}
