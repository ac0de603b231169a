//! The outputs, each behind one interface (as mdBook's `Renderer`): the
//! Markdown pages with their images ([`markdown`]), the PDF books
//! ([`pdf`]), the HTML site ([`html`]) and the card deck ([`deck`]). Each writes its files through the output
//! folder with one call and one context; `build` runs its three side by
//! side over one drawing of each diagram, and commits them together.

pub mod deck;
pub mod html;
pub mod markdown;
pub mod pdf;

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::book::Book;
use crate::contents::TocEntry;
use crate::diagnostic::Diagnostic;
use crate::engine::fen::FenResult;
use crate::output::OutputDir;
use crate::pdf::PdfOptions;
use crate::render::DrawingStore;
use crate::settings::Settings;

/// What every output is given.
pub struct Context<'a> {
    /// The books to publish, each with its table of contents.
    pub books: &'a [(&'a Book, Vec<TocEntry>)],
    pub settings: &'a Settings,
    /// Where the files go: each is staged, and kept only when the whole
    /// run succeeds.
    pub output: &'a OutputDir,
    /// Called as diagrams are drawn: (done, total).
    pub progress: &'a (dyn Fn(usize, usize) + Sync),
}

/// What an output made, for the summary.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Made {
    /// Diagrams it drew pictures of.
    pub diagrams: usize,
    /// PNG images drawn (not kept from the last run).
    pub pngs: usize,
}

/// One kind of output.
pub trait Output: Sync {
    /// What it makes, as `-v` names its stage.
    fn name(&self) -> &'static str;

    /// The owners of the files it writes for `books`: the output folder
    /// keeps, and removes when gone, the files of these owners only.
    fn owners(&self, books: &[&Book]) -> Vec<String>;

    /// Writes its files into `cx.output`.
    fn write(&self, cx: &Context) -> Result<Made, Vec<Diagnostic>>;
}

/// The website pages: `site/<book>.md` with a PNG and an SVG per diagram.
pub struct MarkdownPages {
    pub drawings: Arc<DrawingStore>,
}

impl Output for MarkdownPages {
    fn name(&self) -> &'static str {
        "website pages and images"
    }

    fn owners(&self, books: &[&Book]) -> Vec<String> {
        books.iter().map(|b| markdown::owner(b)).collect()
    }

    fn write(&self, cx: &Context) -> Result<Made, Vec<Diagnostic>> {
        markdown::publish(cx.books, cx.output, &self.drawings, cx.progress).map(|stats| Made {
            diagrams: stats.diagrams,
            pngs: stats.pngs_rendered,
        })
    }
}

/// The typeset PDF books: `<book>.pdf`.
pub struct PdfBooks {
    pub drawings: Arc<DrawingStore>,
    pub options: PdfOptions,
}

impl Output for PdfBooks {
    fn name(&self) -> &'static str {
        "PDF books"
    }

    fn owners(&self, books: &[&Book]) -> Vec<String> {
        books.iter().map(|b| pdf::pdf_owner(b)).collect()
    }

    fn write(&self, cx: &Context) -> Result<Made, Vec<Diagnostic>> {
        pdf::pdfs(
            cx.books,
            cx.output,
            &self.drawings,
            &cx.settings.book_style,
            &self.options,
        )
        .map(|()| Made::default())
    }
}

/// The HTML site: `html/`, a folder of pages per book, an index and a
/// search.
pub struct HtmlSite<'a> {
    pub drawings: Arc<DrawingStore>,
    /// Each book's diagrams as FEN, by book name.
    pub fens: &'a BTreeMap<String, Vec<FenResult>>,
}

impl Output for HtmlSite<'_> {
    fn name(&self) -> &'static str {
        "HTML site"
    }

    fn owners(&self, books: &[&Book]) -> Vec<String> {
        let mut owners: Vec<String> = books.iter().map(|b| html::html_owner(&b.name)).collect();
        owners.push(crate::html::OWNER.to_string());
        owners
    }

    fn write(&self, cx: &Context) -> Result<Made, Vec<Diagnostic>> {
        let web = crate::html::Drawings::for_one_build(self.drawings.clone());
        let options = crate::html::HtmlOptions {
            site: cx.settings.config.site.clone(),
            ..crate::html::HtmlOptions::default()
        };
        html::write_html(
            cx.books,
            cx.output,
            cx.settings.templates(),
            &web,
            &cx.settings.style,
            self.fens,
            &options,
        )
        .map(|()| Made::default())
    }
}
