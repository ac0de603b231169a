//! The whole deck of tests/seeds/rules.md in memory: 40 cards, 11 two-sided player
//! aids and the back as a PDF (with backs) and 37 PNGs at 300 dpi with their SVGs;
//! then the PDF alone and the PNGs alone, to see where the time goes.

use std::path::Path;

use criterion::{Criterion, criterion_group, criterion_main};
use rayon::prelude::*;

use chess_kit_docs::book::Book;
use chess_kit_docs::deck::{Aids, DeckOptions, deck, deck_pdf, face_images, faces};
use chess_kit_docs::style::Style;

fn bench(c: &mut Criterion) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut diags = Vec::new();
    let book = Book::load(&root.join("tests/seeds/rules.md"), &mut diags)
        .expect("tests/seeds/rules.md loads");
    let aids = Aids::load(&root.join("tests/seeds/player_aids.md"), true).expect("the aids load");
    let style = Style::default();
    let options = DeckOptions {
        backs: true,
        ..DeckOptions::default()
    };
    let drawn = faces(&book, &aids, &style).expect("the faces draw");
    let mut group = c.benchmark_group("deck");
    group.sample_size(10);
    group.bench_function("rules.md, letter, backs: PDF and images", |b| {
        b.iter(|| deck(&book, &aids, &style, &options).expect("the deck builds"))
    });
    group.bench_function("PDF only", |b| {
        b.iter(|| deck_pdf(&book, &drawn, &style, &options).expect("the PDF builds"))
    });
    group.bench_function("images only", |b| {
        b.iter(|| {
            drawn
                .par_iter()
                .map(|f| face_images(f, &style))
                .collect::<Result<Vec<_>, String>>()
                .expect("the images draw")
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
