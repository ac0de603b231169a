//! The build of the seed rulebooks (49 diagrams): the whole `build` (check,
//! website and PDF books) into an empty folder and again with nothing
//! changed, and the website part alone; then the same two for the bundled
//! current edition's `rules/rules.md`.

use std::collections::BTreeSet;
use std::path::Path;

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};

use chess_kit_docs::book::Book;
use chess_kit_docs::cli::run;
use chess_kit_docs::contents::table_of_contents;
use chess_kit_docs::output::OutputDir;
use chess_kit_docs::publish::markdown as site;
use chess_kit_docs::render::DrawingStore;
use chess_kit_docs::style::Style;

const INPUTS: [&str; 3] = [
    "tests/seeds/rules.md",
    "tests/seeds/new_rules.md",
    "tests/seeds/crowded_rules.md",
];

fn build_into(out: &Path) {
    let mut args = vec!["chess-kit-docs".to_string(), "build".to_string()];
    args.extend(INPUTS.iter().map(|s| s.to_string()));
    args.push("--out".to_string());
    args.push(out.display().to_string());
    assert_eq!(run(args), 0);
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("build");
    group.sample_size(10);
    group.bench_function("all of build, 49 diagrams, empty output", |b| {
        b.iter_batched(
            || tempfile::tempdir().unwrap(),
            |dir| build_into(dir.path()),
            BatchSize::PerIteration,
        )
    });
    let dir = tempfile::tempdir().unwrap();
    build_into(dir.path());
    group.bench_function("all of build, no-change rebuild", |b| {
        b.iter(|| build_into(dir.path()))
    });

    // The website alone: pages, SVGs and PNGs of the parsed books.
    let books: Vec<Book> = INPUTS
        .iter()
        .map(|p| Book::load(Path::new(p), &mut Vec::new()).unwrap())
        .collect();
    let with_toc: Vec<(&Book, _)> = books
        .iter()
        .map(|b| (b, table_of_contents(b, &mut Vec::new())))
        .collect();
    let style = Style::default();
    group.bench_function("website, 49 diagrams, empty output", |b| {
        b.iter_batched(
            || tempfile::tempdir().unwrap(),
            |dir| {
                let out = OutputDir::open(dir.path()).unwrap();
                let drawings = DrawingStore::new(&style);
                site::publish(&with_toc, &out, &drawings, &|_, _| {}).unwrap();
                out.finish(&BTreeSet::new());
            },
            BatchSize::PerIteration,
        )
    });
    group.finish();

    // The bundled current edition's main book, as issue 23 measures it.
    let mut current = c.benchmark_group("build rules/rules.md");
    current.sample_size(10);
    let build_current = |out: &Path| {
        let args = ["chess-kit-docs", "build", "rules/rules.md", "--out"];
        let mut args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        args.push(out.display().to_string());
        assert_eq!(run(args), 0);
    };
    current.bench_function("empty output", |b| {
        b.iter_batched(
            || tempfile::tempdir().unwrap(),
            |dir| build_current(dir.path()),
            BatchSize::PerIteration,
        )
    });
    let dir = tempfile::tempdir().unwrap();
    build_current(dir.path());
    current.bench_function("no-change rebuild", |b| {
        b.iter(|| build_current(dir.path()))
    });
    current.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
