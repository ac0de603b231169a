//! Writes a large rulebook, made from `tests/seeds/rules.md`, to measure `build`
//! on it:
//!
//! ```sh
//! cargo run --release --example large_book -- 10000 /tmp/large
//! /usr/bin/time -v target/release/chess-kit-docs build /tmp/large/large.md --out /tmp/large-out
//! ```

use std::path::PathBuf;

use chess_kit_docs::book::Book;
use chess_kit_docs::source::SourceFile;

#[path = "../tests/large/book.rs"]
mod large;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(count), Some(dir)) = (
        args.first().and_then(|n| n.parse::<usize>().ok()),
        args.get(1),
    ) else {
        eprintln!("usage: large_book DIAGRAMS FOLDER");
        std::process::exit(2);
    };
    let rules = match std::fs::read_to_string("tests/seeds/rules.md") {
        Ok(text) => text,
        Err(e) => {
            eprintln!("cannot read tests/seeds/rules.md (run from the repository): {e}");
            std::process::exit(1);
        }
    };
    let one = large::large_book(&rules, 1, 1);
    let per_copy = Book::parse(SourceFile::new("one.md", one), &mut Vec::new())
        .diagrams
        .len();
    let text = large::large_book(&rules, per_copy, count);
    let diagrams = Book::parse(SourceFile::new("large.md", text.as_str()), &mut Vec::new())
        .diagrams
        .len();
    let path = PathBuf::from(dir).join("large.md");
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
