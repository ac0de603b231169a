//! `check --shortest` of the seed rulebook: the Chess Golf search that
//! proves each of the three problems' shortest solutions (5, 6 and 6
//! moves). The rest of `check` takes about 10 ms of it.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};

use chess_kit_docs::book::Book;
use chess_kit_docs::engine::{Options, check_book};
use chess_kit_docs::source::SourceFile;

fn bench(c: &mut Criterion) {
    let text = std::fs::read_to_string("tests/seeds/rules.md").unwrap();
    let book = Book::parse(SourceFile::new("rules.md", text), &mut Vec::new());
    let options = Options {
        shortest: true,
        ..Options::default()
    };
    let mut group = c.benchmark_group("golf");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(20));
    group.bench_function("check --shortest, seed book (3 problems)", |b| {
        b.iter(|| {
            let (_, _, notes) = check_book(black_box(&book), &options);
            assert_eq!(notes.len(), 3);
            notes
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
