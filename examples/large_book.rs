//! Writes a large rulebook, made from `tests/seeds/rules.md`, to measure `build`
//! on it; with `--golf`, one made of many Chess Golf sections of
//! `rules/rules.md` (the game whose checks look across sections):
//!
//! ```sh
//! cargo run --release --example large_book -- 10000 /tmp/large
//! /usr/bin/time -v target/release/chess-kit-docs build /tmp/large/large.md --out /tmp/large-out
//! cargo run --release --example large_book -- --golf 10000 /tmp/golf
//! ```
//!
//! With `--from BOOK`, the games are those of another book, such as the
//! current edition's `rules/rules.md`.

use std::path::PathBuf;

use chess_kit_docs::book::Book;
use chess_kit_docs::source::SourceFile;

#[path = "../tests/large/book.rs"]
mod large;

/// Makes a book of at least so many diagrams from a seed book.
type MakeBook = fn(&str, usize, usize) -> String;

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let golf = args.first().is_some_and(|a| a == "--golf");
    if golf {
        args.remove(0);
    }
    let mut from = None;
    if args.first().is_some_and(|a| a == "--from") && args.len() > 1 {
        from = Some(args.remove(1));
        args.remove(0);
    }
    let (Some(count), Some(dir)) = (
        args.first().and_then(|n| n.parse::<usize>().ok()),
        args.get(1),
    ) else {
        eprintln!("usage: large_book [--golf] [--from BOOK] DIAGRAMS FOLDER");
        std::process::exit(2);
    };
    let (default, make): (&str, MakeBook) = match (golf, &from) {
        (true, _) => ("rules/rules.md", large::golf_book),
        (false, Some(_)) => ("", large::edition_book),
        (false, None) => ("tests/seeds/rules.md", large::large_book),
    };
    let seed = from.as_deref().unwrap_or(default);
    let rules = match std::fs::read_to_string(seed) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("cannot read {seed} (run from the repository): {e}");
            std::process::exit(1);
        }
    };
    // One copy's diagrams: two copies' less one's, so that what the book
    // has once (an appendix) is not counted as a copy's.
    let diagrams_in = |text: String| {
        Book::parse(SourceFile::new("one.md", text), &mut Vec::new())
            .diagrams
            .len()
    };
    let per_copy = diagrams_in(make(&rules, 1, 2)) - diagrams_in(make(&rules, 1, 1));
    let text = make(&rules, per_copy, count);
    let diagrams = Book::parse(SourceFile::new("large.md", text.as_str()), &mut Vec::new())
        .diagrams
        .len();
    let path = PathBuf::from(dir).join(if golf { "golf.md" } else { "large.md" });
    if let Err(e) = std::fs::create_dir_all(dir).and_then(|()| std::fs::write(&path, &text)) {
        eprintln!("cannot write {}: {e}", path.display());
        std::process::exit(1);
    }
    println!(
        "{}: {diagrams} diagrams, {} bytes",
        path.display(),
        text.len()
    );
}
