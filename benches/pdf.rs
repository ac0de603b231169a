//! The PDF stage alone: tests/seeds/rules.md (about 45 diagrams) from its parsed
//! book to PDF bytes, in letter and zine formats.

use std::path::Path;

use criterion::{Criterion, criterion_group, criterion_main};

use chess_kit_docs::book::Book;
use chess_kit_docs::contents::table_of_contents;
use chess_kit_docs::pdf::{PageFormat, PdfOptions, book_pdf};
use chess_kit_docs::style::Style;

fn bench(c: &mut Criterion) {
    let mut diags = Vec::new();
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/seeds/rules.md");
    let book = Book::load(&path, &mut diags).expect("tests/seeds/rules.md loads");
    let toc = table_of_contents(&book, &mut diags);
    let style = Style::default();
    let mut group = c.benchmark_group("pdf");
    group.sample_size(10);
    for format in [PageFormat::Letter, PageFormat::Zine] {
        let options = PdfOptions { format, date: None };
        group.bench_function(format!("rules.md, {format}"), |b| {
            b.iter(|| book_pdf(&book, &toc, &style, &options).expect("the PDF builds"))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
