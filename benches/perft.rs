//! Move generation speed: perft of the start position and Kiwipete, and
//! one legal-move list.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};

use chess_kit_docs::engine::chess::{Position, Rules};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

fn bench(c: &mut Criterion) {
    let start = Position::start();
    let kiwipete = Position::from_fen(KIWIPETE).expect("valid FEN");
    let rules = Rules::STANDARD;
    let mut group = c.benchmark_group("perft");
    group.sample_size(20);
    group.bench_function("start position, depth 4 (197,281 nodes)", |b| {
        b.iter(|| black_box(&start).perft(4, &rules))
    });
    group.bench_function("Kiwipete, depth 3 (97,862 nodes)", |b| {
        b.iter(|| black_box(&kiwipete).perft(3, &rules))
    });
    group.bench_function("Kiwipete, legal moves (48)", |b| {
        b.iter(|| black_box(&kiwipete).legal_moves(&rules))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
