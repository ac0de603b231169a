//! The floors of a fresh build of one rulebook: what its outputs cost when
//! every diagram is drawn and parsed already. Each stage runs on one thread;
//! compare the sum of the floors with the whole build's CPU time.
//!
//! `RAYON_NUM_THREADS=1 cargo run --release --example floors -- rules/rules.md`
use std::path::Path;
use std::time::Instant;

use chess_kit_docs::book::Book;
use chess_kit_docs::contents::table_of_contents;
use chess_kit_docs::pdf::{BookStyle, PdfOptions, book_pdf_drawn};
use chess_kit_docs::render::{DrawingStore, tree_to_png};
use chess_kit_docs::style::Style;

fn ms(t: Instant) -> f64 {
    t.elapsed().as_secs_f64() * 1e3
}

fn main() {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "rules/rules.md".into());
    let book = Book::load(Path::new(&path), &mut Vec::new()).expect("the book loads");
    let toc = table_of_contents(&book, &mut Vec::new());
    let style = Style::default();
    let store = DrawingStore::new(&style);
    let t = Instant::now();
    let drawings: Vec<_> = book
        .diagrams
        .iter()
        .filter_map(|e| {
            let d = e.diagram.as_ref()?;
            Some(
                store
                    .drawing(store.key(book.source.slice(e.span)), d)
                    .unwrap(),
            )
        })
        .collect();
    let drawn = ms(t);
    let t = Instant::now();
    let bytes: usize = drawings
        .iter()
        .map(|d| tree_to_png(&d.tree, &style).unwrap().len())
        .sum();
    let png = ms(t);
    let t = Instant::now();
    let pdf = book_pdf_drawn(
        &book,
        &toc,
        &store,
        &BookStyle::default(),
        &PdfOptions::default(),
    )
    .expect("the PDF is made");
    let pdf_ms = ms(t);
    println!("{path}: {} diagrams", drawings.len());
    println!("draw and parse each once        {drawn:>7.1} ms");
    println!(
        "PNGs: rasterise and encode      {png:>7.1} ms ({} KB)",
        bytes / 1024
    );
    println!(
        "PDF: lay out and write          {pdf_ms:>7.1} ms ({} KB)",
        pdf.len() / 1024
    );
    println!("floors (PNGs + PDF)             {:>7.1} ms", png + pdf_ms);
}
