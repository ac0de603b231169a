//! The whole website build of the seed rulebooks (49 diagrams): once into an
//! empty folder, and once more with nothing changed.

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};

use chess_kit_docs::cli::run;

const INPUTS: [&str; 3] = [
    "rules/rules.md",
    "rules/new_rules.md",
    "tests/seeds/crowded_rules.md",
];

fn build_into(out: &std::path::Path) {
    let mut args = vec!["chess-kit-docs".to_string(), "build".to_string()];
    args.extend(INPUTS.iter().map(|s| s.to_string()));
    args.push("--out".to_string());
    args.push(out.display().to_string());
    assert_eq!(run(args), 0);
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("build");
    group.sample_size(10);
    group.bench_function("website, 49 diagrams, empty output", |b| {
        b.iter_batched(
            || tempfile::tempdir().unwrap(),
            |dir| build_into(dir.path()),
            BatchSize::PerIteration,
        )
    });
    let dir = tempfile::tempdir().unwrap();
    build_into(dir.path());
    group.bench_function("website, no-change rebuild", |b| {
        b.iter(|| build_into(dir.path()))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
