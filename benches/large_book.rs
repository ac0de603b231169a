//! `build` of one generated 2,000-diagram book (the bundled games again and
//! again, every board drawn differently) into an empty folder. Its peak
//! memory is measured outside, with `/usr/bin/time -v` on the binary and a
//! book from `examples/large_book.rs`.

use std::path::Path;
use std::time::Duration;

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};

use chess_kit_docs::book::Book;
use chess_kit_docs::commands::build::{BuildOptions, build};
use chess_kit_docs::source::SourceFile;

#[path = "../tests/large/book.rs"]
mod large;

fn bench(c: &mut Criterion) {
    let rules = std::fs::read_to_string("tests/seeds/rules.md").unwrap();
    let one = large::large_book(&rules, 1, 1);
    let per_copy = Book::parse(SourceFile::new("one.md", one), &mut Vec::new())
        .diagrams
        .len();
    let dir = tempfile::tempdir().unwrap();
    let source = dir.path().join("large.md");
    std::fs::write(&source, large::large_book(&rules, per_copy, 2000)).unwrap();
    let mut group = c.benchmark_group("large book");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(60));
    group.bench_function("build, 2,000 diagrams, empty output", |b| {
        b.iter_batched(
            || tempfile::tempdir().unwrap(),
            |out| build_into(&source, out.path()),
            BatchSize::PerIteration,
        )
    });
    group.finish();
}

fn build_into(source: &Path, out: &Path) {
    let report = build(
        &BuildOptions {
            paths: vec![source.to_path_buf()],
            out: Some(out.to_path_buf()),
            ..BuildOptions::default()
        },
        &|_, _| {},
    );
    assert!(!report.failed());
}

criterion_group!(benches, bench);
criterion_main!(benches);
