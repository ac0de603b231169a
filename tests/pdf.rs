//! The PDF book of the bundled rulebooks, in every format.

use std::path::Path;

use chess_kit_docs::book::Book;
use chess_kit_docs::contents::table_of_contents;
use chess_kit_docs::pdf::{PageFormat, PdfOptions, book_pdf};
use chess_kit_docs::style::Style;

fn build(name: &str, format: PageFormat) -> Vec<u8> {
    let mut diags = Vec::new();
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("rules")
        .join(name);
    let book = Book::load(&path, &mut diags).expect("the rulebook loads");
    let toc = table_of_contents(&book, &mut diags);
    let options = PdfOptions {
        format,
        date: Some((2024, 5, 1)),
    };
    let pdf = book_pdf(&book, &toc, &Style::default(), &options)
        .unwrap_or_else(|d| panic!("{}", d.iter().map(|d| d.render()).collect::<String>()));
    // `PDF_OUT=dir cargo test --test pdf` keeps the files to look at.
    if let Some(dir) = std::env::var_os("PDF_OUT") {
        let stem = name.trim_end_matches(".md");
        std::fs::write(Path::new(&dir).join(format!("{stem}-{format}.pdf")), &pdf).unwrap();
    }
    pdf
}

/// The number of page objects.
fn page_count(pdf: &[u8]) -> usize {
    let text = String::from_utf8_lossy(pdf);
    text.matches("/Type /Page\n").count()
        + text.matches("/Type /Page/").count()
        + text.matches("/Type /Page ").count()
        + text.matches("/Type/Page/").count()
        + text.matches("/Type/Page\n").count()
}

#[test]
fn every_book_in_every_format() {
    for name in ["rules.md", "new_rules.md"] {
        for format in PageFormat::ALL {
            let a = build(name, format);
            assert!(a.starts_with(b"%PDF-"), "{name} {format}");
            let b = build(name, format);
            assert!(a == b, "{name} {format}: two builds differ");
            let text = String::from_utf8_lossy(&a);
            assert!(text.contains("/Outlines"), "{name} {format}: no outline");
            assert!(
                text.contains("/PageLabels"),
                "{name} {format}: no page labels"
            );
            assert!(
                text.contains("/Dests") || text.contains("/Names"),
                "{name} {format}: no named destinations"
            );
            let pages = page_count(&a);
            let (lo, hi) = match (name, format) {
                ("rules.md", PageFormat::Letter | PageFormat::A4) => (30, 80),
                ("rules.md", PageFormat::Booklet) => (60, 200),
                ("rules.md", PageFormat::Zine) => (16, 80),
                (_, PageFormat::Zine) => (4, 40),
                _ => (8, 120),
            };
            assert!((lo..=hi).contains(&pages), "{name} {format}: {pages} pages");
        }
    }
}
