//! What the PDF tests share: the books they set, and each as a PDF.
#![allow(dead_code)]

use std::path::Path;

use chess_kit_docs::book::Book;
use chess_kit_docs::contents::table_of_contents;
use chess_kit_docs::pdf::{PageFormat, PdfOptions, book_pdf};
use chess_kit_docs::style::Style;

/// The bundled books.
pub const BOOKS: [&str; 3] = ["rules/rules.md", "rules/new_rules.md", "rules/karl.md"];

/// The bundled books and the seed editions: what the typesetting goals
/// hold for (not `published_rules.md`, the Markdown the original pipeline
/// published, whose diagrams are its own images).
pub const BOOKS_AND_SEEDS: [&str; 7] = [
    "rules/rules.md",
    "rules/new_rules.md",
    "rules/karl.md",
    "tests/seeds/rules.md",
    "tests/seeds/new_rules.md",
    "tests/seeds/crowded_rules.md",
    "tests/seeds/karls_variants.md",
];

/// The book at `name`, from the project folder.
pub fn load(name: &str) -> Book {
    let mut diags = Vec::new();
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(name);
    Book::load(&path, &mut diags).expect("the rulebook loads")
}

/// The book's PDF, dated so that it is the same at every run; an error (a
/// PDF/UA-1 rule broken, among others) fails the test with krilla's list
/// of what is wrong.
pub fn pdf(book: &Book, format: PageFormat) -> Vec<u8> {
    let toc = table_of_contents(book, &mut Vec::new());
    let options = PdfOptions {
        format,
        date: Some((2024, 5, 1)),
    };
    book_pdf(book, &toc, &Style::default(), &options).unwrap_or_else(|d| {
        panic!(
            "{} {format}: {}",
            book.name,
            d.iter().map(|d| d.render()).collect::<String>()
        )
    })
}

/// The tag tree as poppler reads it (`pdfinfo -struct-text`).
pub fn struct_text(pdf: &[u8], name: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(format!("{name}.pdf"));
    std::fs::write(&path, pdf).unwrap();
    let out = std::process::Command::new("pdfinfo")
        .arg("-struct-text")
        .arg(&path)
        .output()
        .expect("pdfinfo runs: install poppler-utils");
    assert!(out.status.success());
    String::from_utf8_lossy(&out.stdout).into_owned()
}
