//! A large generated rulebook (more diagrams than the batches in which the
//! site's pages and the PDF's pages draw theirs) builds whole: every
//! diagram's PNG and SVG, the page linking each, a PDF, and the HTML site,
//! whose streamed print page holds every diagram and is byte for byte what
//! the site makes in memory. `benches/large_book.rs` times a 2,000-diagram
//! one; `examples/large_book.rs` writes one of any size to measure.

use std::path::Path;

use chess_kit_docs::book::Book;
use chess_kit_docs::commands::build::{BuildOptions, build};
use chess_kit_docs::contents::table_of_contents;
use chess_kit_docs::html::{self, Drawings, HtmlOptions, SiteBook, Templates};
use chess_kit_docs::source::SourceFile;
use chess_kit_docs::style::Style;

#[path = "large/book.rs"]
mod large;

/// Enough for several batches of drawings, small enough for seconds.
const DIAGRAMS: usize = 150;

fn large_book_text(diagrams: usize) -> String {
    let rules =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/seeds/rules.md"))
            .expect("the bundled rulebook");
    let one = large::large_book(&rules, 1, 1);
    let per_copy = Book::parse(SourceFile::new("one.md", one), &mut Vec::new())
        .diagrams
        .len();
    assert!(per_copy > 20, "the bundled games hold {per_copy} diagrams");
    large::large_book(&rules, per_copy, diagrams)
}

#[test]
fn the_generated_book_has_the_diagrams_asked_for_each_drawn_differently() {
    let text = large_book_text(DIAGRAMS);
    let mut diags = Vec::new();
    let book = Book::parse(SourceFile::new("large.md", text.as_str()), &mut diags);
    assert!(
        diags.iter().all(|d| !d.is_error()),
        "{:?}",
        diags.iter().map(|d| d.render_short()).collect::<Vec<_>>()
    );
    assert!(book.diagrams.len() >= DIAGRAMS, "{}", book.diagrams.len());
    let style = Style::default();
    let mut drawings: Vec<String> = book
        .diagrams
        .iter()
        .filter_map(|d| d.diagram.as_ref())
        .filter(|d| d.as_board().is_some())
        .map(|d| chess_kit_docs::render::diagram_svg(d, &style))
        .collect();
    let boards = drawings.len();
    drawings.sort();
    drawings.dedup();
    assert_eq!(drawings.len(), boards, "two boards are drawn alike");
}

#[test]
fn a_large_book_builds_whole() {
    let dir = tempfile::tempdir().unwrap();
    let source = dir.path().join("large.md");
    std::fs::write(&source, large_book_text(DIAGRAMS)).unwrap();
    let out = dir.path().join("out");
    let report = build(
        &BuildOptions {
            paths: vec![source.clone()],
            out: Some(out.clone()),
            ..BuildOptions::default()
        },
        &|_, _| {},
    );
    assert!(
        !report.failed(),
        "{:?}",
        report
            .diags
            .iter()
            .chain(&report.refused)
            .map(|d| d.render_short())
            .collect::<Vec<_>>()
    );
    let published = report.published.expect("published");
    let book = Book::load(&source, &mut Vec::new()).unwrap();
    let n = book.diagrams.len();
    assert_eq!(published.pages.diagrams, n);

    // Every diagram's images, and the page linking each.
    let page = std::fs::read_to_string(out.join("site/large.md")).unwrap();
    assert_eq!(page.matches("![Diagram](images/large/").count(), n);
    for d in &book.diagrams {
        let png = std::fs::read(out.join(format!("site/images/large/{}.png", d.image_name)))
            .unwrap_or_else(|e| panic!("{}.png: {e}", d.image_name));
        assert!(png.starts_with(b"\x89PNG"), "{}", d.image_name);
        let svg =
            std::fs::read_to_string(out.join(format!("site/images/large/{}.svg", d.image_name)))
                .unwrap();
        assert!(svg.trim_end().ends_with("</svg>"), "{}", d.image_name);
    }

    // A whole PDF.
    let pdf = std::fs::read(out.join("large.pdf")).unwrap();
    assert!(pdf.starts_with(b"%PDF-"));
    assert!(pdf.trim_ascii_end().ends_with(b"%%EOF"));

    // The HTML site as written equals the site made in memory, file for file.
    let toc = table_of_contents(&book, &mut Vec::new());
    // The diagrams' positions, as the build reads them (no settings here).
    let fens = chess_kit_docs::engine::fen::book_fens(&book, &Default::default());
    let in_memory = html::site(
        &[SiteBook {
            book: &book,
            toc: &toc,
            findings: Vec::new(),
            fens: &fens,
        }],
        &Templates::from_root(Path::new(".")).unwrap(),
        &Drawings::default(),
        &Style::default(),
        &HtmlOptions::default(),
    )
    .unwrap();
    for (rel, bytes) in &in_memory {
        let written = std::fs::read(out.join("html").join(rel)).unwrap();
        assert!(
            written == *bytes,
            "html/{rel} differs from the site made in memory"
        );
    }
    let print =
        String::from_utf8(std::fs::read(out.join("html/large/print.html")).unwrap()).unwrap();
    assert_eq!(print.matches("<figure class=\"diagram\"").count(), n);
    assert!(print.trim_end().ends_with("</html>"));
}
