//! How precisely the engine blames a broken move arrow. For every white or
//! black arrow of the bundled rulebooks, each other square of the board in
//! turn replaces its tail, then its head; the book is checked again, and
//! the errors inside that diagram are sorted by where they point:
//!
//! - exact: every error is at the changed arrow;
//! - also elsewhere: one is at the changed arrow, others at other lines;
//! - elsewhere only: none is at the changed arrow;
//! - none: the changed arrow is still a legal move.
//!
//! `cargo run --release --example blame [-- [--show KIND] BOOK.md ...]`,
//! where `--show` lists the changes of one kind (`exact`, `also`,
//! `elsewhere` or `legal`) with the lines their errors point at.

use std::path::{Path, PathBuf};

use chess_kit_docs::book::Book;
use chess_kit_docs::engine::{Options, check_book};
use chess_kit_docs::source::SourceFile;

#[derive(Default)]
struct Tally {
    exact: usize,
    also_elsewhere: usize,
    elsewhere_only: usize,
    none: usize,
}

/// The error lines of `text` checked as the book `path`.
fn error_lines(path: &Path, text: String) -> Vec<usize> {
    let mut diags = Vec::new();
    let book = Book::parse(SourceFile::new(path, text), &mut diags);
    let (found, _, _) = check_book(&book, &Options::default());
    diags
        .iter()
        .filter(|d| d.is_error())
        .chain(found.iter().map(|f| &f.diagnostic).filter(|d| d.is_error()))
        .filter(|d| d.allowed.is_none())
        .filter_map(|d| d.line_col().map(|at| at.line))
        .collect()
}

/// The lines (1-based, inclusive) of the paragraph or block holding `line`.
fn block_around(lines: &[&str], line: usize) -> (usize, usize) {
    let blank = |i: usize| lines[i - 1].trim().is_empty();
    let (mut start, mut end) = (line, line);
    while start > 1 && !blank(start - 1) {
        start -= 1;
    }
    while end < lines.len() && !blank(end + 1) {
        end += 1;
    }
    (start, end)
}

fn squares() -> Vec<String> {
    let mut v = Vec::new();
    for f in 'a'..='h' {
        for r in '1'..='8' {
            v.push(format!("{f}{r}"));
        }
    }
    v
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let show = match args.iter().position(|a| a == "--show") {
        Some(k) if k + 1 < args.len() => {
            let kind = args.remove(k + 1);
            args.remove(k);
            kind
        }
        Some(_) => {
            eprintln!("error: --show needs a kind: exact, also, elsewhere or legal");
            std::process::exit(2);
        }
        None => String::new(),
    };
    let mut books: Vec<PathBuf> = args.into_iter().map(PathBuf::from).collect();
    if books.is_empty() {
        books = ["tests/seeds/rules.md", "tests/seeds/new_rules.md"]
            .map(PathBuf::from)
            .to_vec();
    }
    let mut tally = Tally::default();
    let mut by_game: std::collections::BTreeMap<String, [usize; 3]> = Default::default();
    for path in &books {
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| {
            eprintln!("error: {}: {e}", path.display());
            std::process::exit(2);
        });
        let lines: Vec<&str> = text.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            let trimmed = line.trim();
            let Some(rest) = trimmed.strip_prefix("arrow:") else {
                continue;
            };
            let parts: Vec<&str> = rest.split(',').map(str::trim).collect();
            let [from, to, colour] = parts.as_slice() else {
                continue;
            };
            // Same-square arrows are markers, not moves.
            if !matches!(*colour, "white" | "black") || from == to {
                continue;
            }
            let (start, end) = block_around(&lines, i + 1);
            let game = lines[..i]
                .iter()
                .rev()
                .find(|l| l.starts_with("## "))
                .map_or("", |l| l.trim_start_matches("## "))
                .to_string();
            for which in 0..2 {
                for sq in squares() {
                    let (f, t): (&str, &str) = if which == 0 { (&sq, to) } else { (from, &sq) };
                    if (f == *from && t == *to) || f == t {
                        continue;
                    }
                    let new = line.replace(trimmed, &format!("arrow: {f}, {t}, {colour}"));
                    let mutated: String = lines
                        .iter()
                        .enumerate()
                        .map(|(k, l)| if k == i { new.as_str() } else { l })
                        .collect::<Vec<_>>()
                        .join("\n");
                    let inside: Vec<usize> = error_lines(path, mutated + "\n")
                        .into_iter()
                        .filter(|l| (start..=end).contains(l))
                        .collect();
                    let at = inside.iter().filter(|&&l| l == i + 1).count();
                    let kind = match (at, inside.len()) {
                        (_, 0) => "legal",
                        (0, _) => "elsewhere",
                        (a, n) if a == n => "exact",
                        _ => "also",
                    };
                    if kind == show {
                        println!(
                            "{kind}: {}:{}: {} -> errors at {inside:?}",
                            path.display(),
                            i + 1,
                            new.trim()
                        );
                    }
                    let counts = by_game.entry(game.clone()).or_default();
                    match (at, inside.len()) {
                        (_, 0) => {
                            tally.none += 1;
                        }
                        (0, _) => {
                            counts[2] += 1;
                            tally.elsewhere_only += 1;
                        }
                        (a, n) if a == n => {
                            counts[0] += 1;
                            tally.exact += 1
                        }
                        _ => {
                            counts[1] += 1;
                            tally.also_elsewhere += 1
                        }
                    }
                }
            }
        }
    }
    let caught = tally.exact + tally.also_elsewhere + tally.elsewhere_only;
    let pct = |n: usize| 100.0 * n as f64 / caught.max(1) as f64;
    println!("changed arrows: {}", caught + tally.none);
    println!("still legal: {}", tally.none);
    println!("caught: {caught}");
    println!("  exact: {} ({:.1}%)", tally.exact, pct(tally.exact));
    println!(
        "  also elsewhere: {} ({:.1}%)",
        tally.also_elsewhere,
        pct(tally.also_elsewhere)
    );
    println!(
        "  elsewhere only: {} ({:.1}%)",
        tally.elsewhere_only,
        pct(tally.elsewhere_only)
    );
    println!("by game (exact, also elsewhere, elsewhere only):");
    for (game, [a, b, c]) in &by_game {
        println!("  {game}: {a}, {b}, {c}");
    }
}
