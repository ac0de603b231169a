//! A mutational fuzzer in cargo-fuzz's spirit, on stable Rust, with two
//! targets:
//!
//! - `--target book` (the default): whole seed rulebooks, mutated (invalid
//!   UTF-8, deep nesting, extreme numbers, long lines and labels, many
//!   arrows, random byte edits, splices), through parse, check (with the
//!   replay and the searches), SVG and PNG drawing, the site page, the PDF
//!   book and the deck.
//! - `--target diagram`: single diagram blocks taken from the seeds, each
//!   alone in a tiny rulebook under its game's heading (a Golf problem with
//!   its published solution), mutated where the diagram language lives
//!   (extreme numbers, long labels, many arrows, board squares, other
//!   games' headings, invalid UTF-8, byte edits, splices between diagrams),
//!   through parse, check (the replay always, the searches on a share), SVG,
//!   and PNG on a small share. Many times faster, so far more inputs.
//!
//! - `--target files`: a small folder as the commands read it: a rulebook
//!   with generated HTML blocks and links, `chess-kit-docs.toml`, the
//!   contents CSV and the player aids, each mutated (settings fragments,
//!   CSV rows, odd book names), through `check`, `build` and `deck`. Besides
//!   panics it fails when `build` does not fail exactly when `check` finds
//!   errors, or a failed build publishes anything.
//!
//! Panics are caught and slow inputs timed out. Every failing input is
//! saved as the regression folder keeps it: `crash-<hash>.md`, its bytes,
//! and `crash-<hash>.txt`, what went wrong (for `files`, a folder
//! `crash-<hash>/` with its files and a `NOTE.txt`). Copy both into
//! `tests/fuzz_regressions/` to keep it as a regression test. A stack
//! overflow aborts the process instead: then `last-input-<worker>.md` in
//! the crashes folder holds what each worker was running.
//!
//! ```sh
//! cargo run --release --example fuzz -- --seconds 90 [--target book|diagram]
//!     [--seed N] [--runs N] [--crashes DIR] [--timeout-ms N] [--workers N]
//! cargo run --release --example fuzz -- --seconds 90 --target files
//! ```
//!
//! Inputs run on one worker thread a core (`--workers`). The same seed and
//! target give the same inputs in the same order. Exit code 0: no failure;
//! 1: a panic or a time-out (inputs saved); 2: a usage error.

#[path = "../tests/fuzz/stages.rs"]
mod stages;

use std::fs::File;
use std::io::{Seek, SeekFrom, Write};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::sync::{Arc, mpsc};
use std::time::{Duration, Instant};

use chess_kit_docs::book::Book;
use chess_kit_docs::source::SourceFile;
use chess_kit_docs::style::Style;
use stages::Depth;

/// xorshift64*: small, fast and the same everywhere, so a seed reproduces.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1)
    }

    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    fn chance(&mut self, one_in: usize) -> bool {
        self.below(one_in) == 0
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

const SEEDS: &[&str] = &[
    "rules/rules.md",
    "rules/new_rules.md",
    "tests/seeds/rules.md",
    "tests/seeds/new_rules.md",
    "tests/seeds/crowded_rules.md",
    "tests/seeds/karls_variants.md",
    "tests/seeds/published_rules.md",
];

const NUMBERS: &[&str] = &[
    "0",
    "-0",
    "1e308",
    "-1e308",
    "1e-308",
    "NaN",
    "inf",
    "-inf",
    "20",
    "-20",
    "20.0001",
    "1000",
    "-1000",
    "4294967295",
    "4294967296",
    "18446744073709551616",
    "99999999999999999999",
    "0.3333333333333333",
    "-1.333",
    "8.5",
    "9",
    "0x10",
    "1_0",
    "",
    " ",
    "١",
];

const INVALID_UTF8: &[&[u8]] = &[
    b"\xff",
    b"\xfe\xff",
    b"\xe9",
    b"\xc3",
    b"\xe2\x82",
    b"\xf0\x9f\x98",
    b"\xed\xa0\x80",
    b"\xc0\xaf",
    b"\xef\xbb\xbf",
    b"\x00",
    b"\r",
    b"\t",
    "\u{200b}".as_bytes(),
    "\u{fffd}".as_bytes(),
    "é".as_bytes(),
];

const LINES: &[&str] = &[
    "    arrow: e2, e4, white",
    "    arrow: a1, h8, black",
    "    arrow: e4, e4, grey",
    "    arrow: e0, e9, white",
    "    margins: -9, 0",
    "    margins: 20, 20, 20, 20",
    "    card: C, 8.5, 0",
    "    card: back, -20, -20",
    "    checkers: 4294967295, 4294967295",
    "    text: :, 1, 1",
    "    corner text: 1: Walter, 10.5, 1",
    "    rect: 1, 1, 8, 8",
    "    type: cards",
    "    type: masquerade",
    "    type: cloak",
    "    . K Q R B N combo",
    "    Piece Cards Gap",
    "    K AS 2S 3S 4S 5S 6S 7S 8S 9",
    "## Chess Golf",
    "## Gravity Chess",
    "## Tar Pit Chess",
    "## Chess960",
    "## Two Move Chess",
    "## Table of Contents",
    "1. a1a2, b1b9",
    "---",
    "title: x",
    "![Diagram](images/x.png)",
    "![Diagram](../../etc/passwd)",
    "[a]: #a",
    "```",
    "",
];

/// Random byte edits: flip a bit, set a byte, or drop one.
fn edit_bytes(bytes: &mut Vec<u8>, rng: &mut Rng) {
    for _ in 0..1 + rng.below(8) {
        if bytes.is_empty() {
            break;
        }
        let i = rng.below(bytes.len());
        match rng.below(3) {
            0 => bytes[i] ^= 1 << rng.below(8),
            1 => bytes[i] = rng.next() as u8,
            _ => {
                bytes.remove(i);
            }
        }
    }
}

/// An extreme number in place of a number.
fn extreme_number(bytes: &mut Vec<u8>, rng: &mut Rng) {
    let text = String::from_utf8_lossy(bytes).into_owned();
    let starts: Vec<usize> = text
        .char_indices()
        .filter(|&(i, c)| {
            (c.is_ascii_digit() || c == '-')
                && !text[..i].ends_with(|p: char| p.is_ascii_alphanumeric() || p == '.')
        })
        .map(|(i, _)| i)
        .collect();
    if starts.is_empty() || text.len() != bytes.len() {
        return;
    }
    let s = *rng.pick(&starts);
    let e = s + text[s..]
        .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-'))
        .unwrap_or(text.len() - s);
    let n = rng.pick(NUMBERS);
    bytes.splice(s..e, n.bytes());
}

/// A square as arrows name it, mostly on the board, sometimes in the
/// margin (ranks 0 and 9) or off it.
fn square(rng: &mut Rng) -> String {
    let file = if rng.chance(16) {
        *rng.pick(&['i', 'z', 'A', '`'])
    } else {
        (b'a' + rng.below(8) as u8) as char
    };
    format!("{file}{}", rng.below(10))
}

/// `count` arrow lines, some of them rings (an arrow to its own square).
fn arrows(count: usize, rng: &mut Rng) -> Vec<u8> {
    let mut block = Vec::new();
    for _ in 0..count {
        let from = square(rng);
        let to = if rng.chance(4) {
            from.clone()
        } else {
            square(rng)
        };
        let colour = *rng.pick(&["white", "black", "grey", "gray", "red"]);
        block.extend(format!("    arrow: {from}, {to}, {colour}\n").bytes());
    }
    block
}

/// One mutation of a whole rulebook, in place.
fn mutate(bytes: &mut Vec<u8>, rng: &mut Rng, seeds: &[Vec<u8>]) {
    let len = bytes.len();
    let at = rng.below(len + 1);
    let line_start = bytes[..at]
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    match rng.below(12) {
        // Random byte edits.
        0 => edit_bytes(bytes, rng),
        // Invalid (or odd) UTF-8.
        1 => {
            let bad = rng.pick(INVALID_UTF8);
            bytes.splice(at..at, bad.iter().copied());
        }
        // Deep nesting at a line start.
        2 => {
            let units: [&[u8]; 8] = [b">", b"* ", b"*", b"_", b"![", b"[", b"1. ", b"  "];
            let unit: &[u8] = units[rng.below(units.len())];
            let depth = *rng.pick(&[3usize, 17, 100, 1_000, 20_000]);
            let mut nest = unit.repeat(depth);
            nest.extend_from_slice(b"x");
            if unit == b"*" || unit == b"_" {
                nest.extend(unit.repeat(depth));
            }
            if unit == b"![" || unit == b"[" {
                nest.extend(b"](u)".repeat(depth));
            }
            nest.push(b'\n');
            bytes.splice(line_start..line_start, nest);
        }
        3 => extreme_number(bytes, rng),
        // A long line or a long label.
        4 => {
            let n = *rng.pick(&[81usize, 1_000, 9_999, 10_001, 100_000]);
            let filler = rng
                .pick(&["x", "word ", "é", "-", "*", ", ", "\t"])
                .repeat(n);
            let line = if rng.chance(2) {
                format!("    text: {filler}, 1, 1\n")
            } else {
                format!("{filler}\n")
            };
            bytes.splice(line_start..line_start, line.bytes());
        }
        // Many arrows (or other diagram lines).
        5 => {
            let count = *rng.pick(&[2usize, 8, 64, 1_000]);
            let mut block = Vec::new();
            for _ in 0..count {
                let line = if rng.chance(2) {
                    let sq = |r: &mut Rng| {
                        format!("{}{}", (b'a' + r.below(8) as u8) as char, r.below(10))
                    };
                    let colour = *rng.pick(&["white", "black", "grey"]);
                    format!("    arrow: {}, {}, {colour}\n", sq(rng), sq(rng))
                } else {
                    format!("{}\n", rng.pick(LINES))
                };
                block.extend(line.bytes());
            }
            bytes.splice(line_start..line_start, block);
        }
        // A splice from another seed.
        6 => {
            let other = rng.pick(seeds);
            if other.is_empty() {
                return;
            }
            let s = rng.below(other.len());
            let e = (s + rng.below(4_000)).min(other.len());
            bytes.splice(at..at, other[s..e].iter().copied());
        }
        // Cut a stretch out.
        7 => {
            let e = (at + rng.below(2_000)).min(len);
            bytes.drain(at..e);
        }
        // Duplicate a stretch.
        8 => {
            let e = (at + rng.below(2_000)).min(len);
            let copy = bytes[at..e].to_vec();
            bytes.splice(e..e, copy);
        }
        // A known line from the language, at a line start.
        9 => {
            let line = format!("{}\n", rng.pick(LINES));
            bytes.splice(line_start..line_start, line.bytes());
        }
        // Swap two lines.
        10 => {
            let mut lines: Vec<Vec<u8>> =
                bytes.split(|&b| b == b'\n').map(<[u8]>::to_vec).collect();
            let (i, j) = (rng.below(lines.len()), rng.below(lines.len()));
            lines.swap(i, j);
            *bytes = lines.join(&b'\n');
        }
        // Truncate.
        _ => bytes.truncate(at),
    }
}

/// Where a diagram line may go in a one-diagram rulebook: the start of
/// each indented line, and the end of the last one.
fn diagram_line_starts(bytes: &[u8]) -> Vec<usize> {
    let mut starts = Vec::new();
    let mut end = None;
    let mut at = 0;
    for line in bytes.split_inclusive(|&b| b == b'\n') {
        if line.starts_with(b"    ") {
            starts.push(at);
            end = Some(at + line.len());
        }
        at += line.len();
    }
    starts.extend(end);
    starts
}

/// The byte ranges of the lines of `bytes`, without their line ends.
fn line_ranges(bytes: &[u8]) -> Vec<std::ops::Range<usize>> {
    let mut ranges = Vec::new();
    let mut at = 0;
    for line in bytes.split_inclusive(|&b| b == b'\n') {
        let text = line.strip_suffix(b"\n").unwrap_or(line);
        ranges.push(at..at + text.len());
        at += line.len();
    }
    ranges
}

/// What a board square may hold, and what it may not.
const TOKENS: &[&str] = &[
    "K", "Q", "R", "B", "N", "P", "k", "q", "r", "b", "n", "p", ".", "", "O", "X", "_", "KK", "é",
    "\u{fffd}", "2S", "1",
];

/// Labels' fill, some wide, some of several bytes a character.
const FILLERS: &[&str] = &[
    "x",
    "W",
    "word ",
    "é",
    "\u{fdfd}",
    "\u{1242b}",
    ", ",
    ":",
    "\t",
];

/// The diagram target's inputs and the game headings to move them under.
struct Diagrams {
    inputs: Vec<Vec<u8>>,
    headings: Vec<Vec<u8>>,
}

/// The space-separated tokens of the line starting at `line_start`.
fn tokens(bytes: &[u8], line_start: usize) -> Vec<std::ops::Range<usize>> {
    let end = bytes[line_start..]
        .iter()
        .position(|&b| b == b'\n')
        .map_or(bytes.len(), |i| line_start + i);
    let mut out = Vec::new();
    let mut i = line_start;
    while i < end {
        if bytes[i] == b' ' {
            i += 1;
            continue;
        }
        let s = i;
        while i < end && bytes[i] != b' ' {
            i += 1;
        }
        out.push(s..i);
    }
    out
}

/// Numbers a diagram line takes.
const FAIR_NUMBERS: &[&str] = &[
    "0", "1", "-1", "0.5", "3", "8", "8.5", "9", "10.5", "-1.333", "-1.5", "-9", "20", "-20",
];

/// One mutation of a one-diagram rulebook, in place, that keeps to the
/// diagram language, so that the input gets past the parser into the
/// rules engine and the drawing: a board square changed or two swapped,
/// arrows and rings, a label, a number in range, lines from another
/// diagram, a line dropped, another game's heading.
fn mutate_diagram_in_language(bytes: &mut Vec<u8>, rng: &mut Rng, diagrams: &Diagrams) {
    let starts = diagram_line_starts(bytes);
    let at = starts
        .get(rng.below(starts.len()))
        .copied()
        .unwrap_or(bytes.len());
    // The board's and grids' rows, and the `name: value` lines.
    let (rows, named): (Vec<usize>, Vec<usize>) = starts[..starts.len().saturating_sub(1)]
        .iter()
        .partition(|&&s| {
            !tokens(bytes, s)
                .iter()
                .any(|t| bytes[t.clone()].contains(&b':'))
        });
    match rng.below(8) {
        // A square set to a piece or emptied, on a board row.
        0 | 1 => {
            let pieces = b"KQRBNPkqrbnp.";
            let board_rows: Vec<usize> = rows
                .iter()
                .copied()
                .filter(|&s| {
                    let t = tokens(bytes, s);
                    t.len() == 8
                        && t.iter()
                            .all(|t| t.len() == 1 && pieces.contains(&bytes[t.start]))
                })
                .collect();
            let Some(&row) = board_rows.get(rng.below(board_rows.len())) else {
                return;
            };
            let t = tokens(bytes, row);
            let i = t[rng.below(t.len())].start;
            bytes[i] = pieces[rng.below(pieces.len())];
        }
        // Two cells swapped, on any rows of a board or grid.
        2 => {
            if rows.is_empty() {
                return;
            }
            let a = tokens(bytes, rows[rng.below(rows.len())]);
            let b = tokens(bytes, rows[rng.below(rows.len())]);
            let (Some(a), Some(b)) = (a.get(rng.below(a.len())), b.get(rng.below(b.len()))) else {
                return;
            };
            let (first, second) = if a.start <= b.start { (a, b) } else { (b, a) };
            if first.end > second.start {
                return;
            }
            let (x, y) = (
                bytes[first.clone()].to_vec(),
                bytes[second.clone()].to_vec(),
            );
            bytes.splice(second.clone(), x);
            bytes.splice(first.clone(), y);
        }
        // Arrows and rings, in the margin too.
        3 => {
            let count = *rng.pick(&[1usize, 1, 2, 3, 8, 64]);
            let mut block = Vec::new();
            for _ in 0..count {
                let from = format!("{}{}", (b'a' + rng.below(8) as u8) as char, rng.below(10));
                let to = if rng.chance(4) {
                    from.clone()
                } else {
                    format!("{}{}", (b'a' + rng.below(8) as u8) as char, rng.below(10))
                };
                let colour = *rng.pick(&["white", "black", "grey"]);
                block.extend(format!("    arrow: {from}, {to}, {colour}\n").bytes());
            }
            bytes.splice(at..at, block);
        }
        // A label that fits.
        4 => {
            let n = rng.below(81);
            let filler = rng.pick(FILLERS).repeat(n);
            let label: String = filler.chars().take(n).collect();
            let kind = *rng.pick(&["text", "corner text"]);
            let (x, y) = (rng.pick(FAIR_NUMBERS), rng.pick(FAIR_NUMBERS));
            let line = format!("    {kind}: {}, {x}, {y}\n", label.trim());
            bytes.splice(at..at, line.bytes());
        }
        // A number in range in place of another.
        5 => {
            let Some(&line) = named.get(rng.below(named.len())) else {
                return;
            };
            let numbers: Vec<std::ops::Range<usize>> = tokens(bytes, line)
                .into_iter()
                .map(|t| {
                    let end = if bytes[t.start..t.end].ends_with(b",") {
                        t.end - 1
                    } else {
                        t.end
                    };
                    t.start..end
                })
                .filter(|t| {
                    std::str::from_utf8(&bytes[t.clone()]).is_ok_and(|n| n.parse::<f64>().is_ok())
                })
                .collect();
            let Some(number) = numbers.get(rng.below(numbers.len())) else {
                return;
            };
            bytes.splice(number.clone(), rng.pick(FAIR_NUMBERS).bytes());
        }
        // `name: value` lines from another diagram.
        6 => {
            splice_lines(bytes, at, diagrams, 4, rng, |l| {
                l.starts_with(b"    ") && l.contains(&b':') && !l.starts_with(b"    type:")
            });
        }
        // A `name: value` line dropped, or another game's heading.
        _ => {
            let line = named.get(rng.below(named.len())).copied();
            match line {
                Some(s) if rng.chance(2) && !bytes[s..].starts_with(b"    type:") => {
                    let end = bytes[s..]
                        .iter()
                        .position(|&b| b == b'\n')
                        .map_or(bytes.len(), |i| s + i + 1);
                    bytes.drain(s..end);
                }
                _ => swap_heading(bytes, rng, diagrams),
            }
        }
    }
}

/// The diagram under another game's heading.
fn swap_heading(bytes: &mut Vec<u8>, rng: &mut Rng, diagrams: &Diagrams) {
    let heading = rng.pick(&diagrams.headings);
    let lines = line_ranges(bytes);
    match lines
        .iter()
        .find(|r| bytes[(*r).clone()].starts_with(b"## "))
    {
        Some(r) => {
            bytes.splice(r.clone(), heading.iter().copied());
        }
        None => {
            let mut line = heading.clone();
            line.extend_from_slice(b"\n\n");
            bytes.splice(0..0, line);
        }
    }
}

/// One mutation of a one-diagram rulebook, in place, aimed at the diagram
/// language and at what breaks it.
fn mutate_diagram(bytes: &mut Vec<u8>, rng: &mut Rng, diagrams: &Diagrams) {
    let starts = diagram_line_starts(bytes);
    let at = starts
        .get(rng.below(starts.len()))
        .copied()
        .unwrap_or(bytes.len());
    match rng.below(13) {
        0 => edit_bytes(bytes, rng),
        // Invalid (or odd) UTF-8, most often inside the diagram.
        1 => {
            let bad = rng.pick(INVALID_UTF8);
            let end = bytes[at..]
                .iter()
                .position(|&b| b == b'\n')
                .map_or(bytes.len(), |i| at + i);
            let i = at + rng.below(end - at + 1);
            bytes.splice(i..i, bad.iter().copied());
        }
        2 | 3 => extreme_number(bytes, rng),
        // A long label.
        4 => {
            let n = *rng.pick(&[0usize, 1, 79, 80, 81, 1_000, 100_000]);
            let filler = rng.pick(FILLERS).repeat(n);
            let kind = *rng.pick(&["text", "corner text"]);
            let (x, y) = (
                rng.pick(NUMBERS),
                rng.pick(&["1", "8", "-1.5", "10.5", "0.5"]),
            );
            let line = format!("    {kind}: {filler}, {x}, {y}\n");
            bytes.splice(at..at, line.bytes());
        }
        // Many arrows and rings.
        5 => {
            let count = *rng.pick(&[1usize, 2, 3, 8, 64, 1_000]);
            let block = arrows(count, rng);
            bytes.splice(at..at, block);
        }
        // Lines from another diagram (a splice between diagrams).
        6 => {
            splice_lines(bytes, at, diagrams, 9, rng, |l| l.starts_with(b"    "));
        }
        // A board square, or any token of a diagram line, changed.
        7 | 8 => {
            let Some(&line_start) = starts.get(rng.below(starts.len().saturating_sub(1))) else {
                return;
            };
            let tokens = tokens(bytes, line_start);
            if tokens.is_empty() {
                return;
            }
            let token = tokens[rng.below(tokens.len())].clone();
            bytes.splice(token, rng.pick(TOKENS).bytes());
        }
        // A known line of the language.
        9 => {
            let line = format!("{}\n", rng.pick(LINES));
            bytes.splice(at..at, line.bytes());
        }
        // Drop, repeat or swap lines.
        10 => {
            let lines = line_ranges(bytes);
            if lines.is_empty() {
                return;
            }
            let a = lines[rng.below(lines.len())].clone();
            let b = lines[rng.below(lines.len())].clone();
            match rng.below(3) {
                0 => {
                    let end = (a.end + 1).min(bytes.len());
                    bytes.drain(a.start..end);
                }
                1 => {
                    let mut copy = bytes[a.clone()].to_vec();
                    copy.push(b'\n');
                    let at = (a.end + 1).min(bytes.len());
                    bytes.splice(at..at, copy);
                }
                _ => {
                    let (first, second) = if a.start <= b.start { (a, b) } else { (b, a) };
                    if first.end > second.start {
                        return;
                    }
                    let (x, y) = (
                        bytes[first.clone()].to_vec(),
                        bytes[second.clone()].to_vec(),
                    );
                    bytes.splice(second, x);
                    bytes.splice(first, y);
                }
            }
        }
        // The diagram under another game's heading.
        11 => swap_heading(bytes, rng, diagrams),
        // Truncate.
        _ => bytes.truncate(rng.below(bytes.len() + 1)),
    }
}

/// The first line of `text` from `at`, without its line end.
fn line_at(text: &str, at: usize) -> &str {
    text[at..].lines().next().unwrap_or("")
}

/// Every diagram of `bytes` alone in a tiny rulebook: its `##` heading (the
/// game), the heading just above it when deeper (a Golf "Problem N"), the
/// diagram, and for a Golf problem its published solution.
fn single_diagrams(bytes: &[u8], out: &mut Vec<Vec<u8>>, headings: &mut Vec<Vec<u8>>) {
    let (source, _) = SourceFile::from_bytes(Path::new("seed.md"), bytes.to_vec());
    let book = Book::parse(source, &mut Vec::new());
    let text = &book.source.text;
    for section in book.sections.iter().filter(|s| s.level == 2) {
        let line = line_at(text, section.span.start).as_bytes().to_vec();
        if line.starts_with(b"## ") && !headings.contains(&line) {
            headings.push(line);
        }
    }
    for entry in &book.diagrams {
        let mut input = String::new();
        if let Some(section) = book.section_of(entry) {
            input.push_str(line_at(text, section.span.start));
            input.push_str("\n\n");
        }
        let before = text.get(..entry.span.start).unwrap_or("");
        let heading = before.lines().rev().find(|l| l.starts_with('#'));
        let problem = heading
            .filter(|h| h.starts_with("###"))
            .inspect(|h| {
                input.push_str(h);
                input.push_str("\n\n");
            })
            .and_then(|h| h.split_whitespace().last()?.parse::<usize>().ok());
        input.push_str(text.get(entry.span.range()).unwrap_or(""));
        if !input.ends_with('\n') {
            input.push('\n');
        }
        let solution = problem.and_then(|n| {
            let from = text.find("Golf Solutions")?;
            text[from..]
                .lines()
                .find(|l| l.starts_with(&format!("{n}. ")))
        });
        if let Some(solution) = solution {
            input.push_str("\n### Chess Golf Solutions\n\n");
            input.push_str(solution);
            input.push('\n');
        }
        out.push(input.into_bytes());
    }
}

/// What the fuzzer feeds the tool.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Target {
    /// Whole rulebooks through every stage.
    Book,
    /// One diagram at a time through parse, check and drawing.
    Diagram,
    /// A folder (book, settings, contents, aids) through the commands.
    Files,
    /// The language server's framing: headers and bodies, good and bad.
    Frames,
}

impl Target {
    fn name(self) -> &'static str {
        match self {
            Target::Book => "book",
            Target::Diagram => "diagram",
            Target::Files => "files",
            Target::Frames => "frames",
        }
    }
}

struct Args {
    target: Target,
    seconds: f64,
    seed: u64,
    runs: Option<u64>,
    crashes: PathBuf,
    timeout: Duration,
    /// Inputs run at once; `None` for one a core.
    workers: Option<usize>,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        target: Target::Book,
        seconds: 60.0,
        seed: 1,
        runs: None,
        crashes: PathBuf::from("target/fuzz-crashes"),
        timeout: Duration::from_secs(20),
        workers: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = || it.next().ok_or(format!("{flag} needs a value"));
        let bad = |v: &str| format!("{flag}: `{v}` is not a number");
        match flag.as_str() {
            "--seconds" => {
                let v = value()?;
                args.seconds = v.parse().map_err(|_| bad(&v))?;
            }
            "--seed" => {
                let v = value()?;
                args.seed = v.parse().map_err(|_| bad(&v))?;
            }
            "--runs" => {
                let v = value()?;
                args.runs = Some(v.parse().map_err(|_| bad(&v))?);
            }
            "--timeout-ms" => {
                let v = value()?;
                args.timeout = Duration::from_millis(v.parse().map_err(|_| bad(&v))?);
            }
            "--workers" => {
                let v = value()?;
                let n: usize = v.parse().map_err(|_| bad(&v))?;
                args.workers = Some(n.max(1));
            }
            "--target" => {
                args.target = match value()?.as_str() {
                    "book" => Target::Book,
                    "diagram" => Target::Diagram,
                    "files" => Target::Files,
                    "frames" => Target::Frames,
                    v => {
                        return Err(format!(
                            "--target: `{v}` is not `book`, `diagram`, `files` or `frames`"
                        ));
                    }
                };
            }
            "--crashes" => args.crashes = PathBuf::from(value()?),
            _ => return Err(format!("unknown argument `{flag}`")),
        }
    }
    Ok(args)
}

/// The corpus: the seeds and every saved regression input.
fn corpus() -> Vec<(String, Vec<u8>)> {
    let mut inputs: Vec<(String, Vec<u8>)> = SEEDS
        .iter()
        .map(|p| (p.to_string(), std::fs::read(p).expect("a seed rulebook")))
        .collect();
    let dir = Path::new("tests/fuzz_regressions");
    let mut saved: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|d| d.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    saved.sort();
    for p in saved {
        if p.extension().is_some_and(|e| e == "md")
            && let Ok(bytes) = std::fs::read(&p)
        {
            inputs.push((p.display().to_string(), bytes));
        }
    }
    inputs
}

/// Up to `most` consecutive lines of another diagram that `keep` picks,
/// put in at `at`.
fn splice_lines(
    bytes: &mut Vec<u8>,
    at: usize,
    diagrams: &Diagrams,
    most: usize,
    rng: &mut Rng,
    keep: impl Fn(&[u8]) -> bool,
) {
    let other = rng.pick(&diagrams.inputs);
    let lines: Vec<&[u8]> = other
        .split_inclusive(|&b| b == b'\n')
        .filter(|l| keep(l))
        .collect();
    if lines.is_empty() {
        return;
    }
    let s = rng.below(lines.len());
    let e = (s + 1 + rng.below(most)).min(lines.len());
    let mut block = lines[s..e].concat();
    if !block.ends_with(b"\n") {
        block.push(b'\n');
    }
    bytes.splice(at..at, block);
}

/// The diagram target's corpus: every diagram of the seeds and of the
/// saved regression inputs, each alone, and the game headings.
fn diagram_corpus(books: &[(String, Vec<u8>)]) -> Diagrams {
    let mut diagrams = Diagrams {
        inputs: Vec::new(),
        // Every game the engine knows, so that a diagram may be checked
        // under any game's rules, not only those the seeds have sections for.
        headings: chess_kit_docs::engine::games::all()
            .map(|g| g.name().to_string())
            .chain(stages::bundled_variants().iter().map(|v| v.name.clone()))
            .map(|name| format!("## {name}").into_bytes())
            .collect(),
    };
    for (_, bytes) in books {
        single_diagrams(bytes, &mut diagrams.inputs, &mut diagrams.headings);
    }
    diagrams
}

/// The next input and the stages it goes through. Everything random comes
/// from `rng`, in the driver's thread, so a seed gives the same inputs in
/// the same order however the workers are scheduled.
fn next_input(
    target: Target,
    rng: &mut Rng,
    books: &[Vec<u8>],
    diagrams: &Diagrams,
) -> (Vec<u8>, Depth) {
    match target {
        Target::Book => {
            let mut input = books[rng.below(books.len())].clone();
            for _ in 0..1 + rng.below(4) {
                mutate(&mut input, rng, books);
            }
            // Every input is parsed, checked and drawn as SVG, and its
            // diagnostics drawn; the costly stages run on a share of them
            // (the Golf search, a third of the time at 1 in 16, on 1 in 64).
            let depth = Depth {
                shortest: rng.chance(64),
                drawn_in_full: if rng.chance(4) { usize::MAX } else { 4 },
                pngs: if rng.chance(4) { 2 } else { 0 },
                pdf: rng.chance(8),
                deck: rng.chance(16),
            };
            (input, depth)
        }
        Target::Frames => {
            let depth = Depth {
                shortest: false,
                drawn_in_full: 0,
                pngs: 0,
                pdf: false,
                deck: false,
            };
            (frames_input(rng, books), depth)
        }
        Target::Files => {
            let folder = folder_input(rng, books);
            let depth = Depth {
                shortest: false,
                drawn_in_full: 0,
                pngs: 0,
                pdf: false,
                deck: rng.chance(8),
            };
            (stages::pack(&folder), depth)
        }
        Target::Diagram => {
            let mut input = diagrams.inputs[rng.below(diagrams.inputs.len())].clone();
            // Half the inputs keep to the language, to reach the engine
            // and the drawing; the others go for the parser's errors.
            let in_language = rng.chance(2);
            for _ in 0..1 + rng.below(3) {
                if in_language {
                    mutate_diagram_in_language(&mut input, rng, diagrams);
                } else {
                    mutate_diagram(&mut input, rng, diagrams);
                }
            }
            // Parse, the checks with their replay, SVG and diagnostics on
            // every input; the Golf search (up to 2 s on a problem with
            // its solution) and a PNG (18 ms) on a share.
            let depth = Depth {
                shortest: rng.chance(128),
                drawn_in_full: usize::MAX,
                pngs: usize::from(rng.chance(32)),
                pdf: false,
                deck: false,
            };
            (input, depth)
        }
    }
}

/// Bodies the language server reads: requests, notifications with a
/// rulebook's text, and JSON that is not a message.
const FRAME_BODIES: &[&str] = &[
    r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#,
    r#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#,
    r#"{"jsonrpc":"2.0","id":2,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///b.md"},"position":{"line":3,"character":4}}}"#,
    r#"{"jsonrpc":"2.0","id":3,"method":"shutdown"}"#,
    r#"{"jsonrpc":"2.0","id":"x","method":5}"#,
    "{\n  \"jsonrpc\": \"2.0\",\n\n  \"id\": 4\n}",
    "{not json",
    "",
    "null",
];

/// A stream of frames: good ones, lengths that do not parse or do not fit,
/// headers missing or doubled, bytes between, a body cut short.
fn frames_input(rng: &mut Rng, books: &[Vec<u8>]) -> Vec<u8> {
    let mut out = Vec::new();
    for _ in 0..1 + rng.below(6) {
        let body: Vec<u8> = if rng.chance(4) {
            let book = String::from_utf8_lossy(&books[rng.below(books.len())]);
            let text: String = book.chars().take(rng.below(2000)).collect();
            serde_json::json!({
                "jsonrpc": "2.0",
                "method": "textDocument/didOpen",
                "params": {"textDocument": {"uri": "file:///b.md", "languageId": "markdown", "version": 1, "text": text}}
            })
            .to_string()
            .into_bytes()
        } else {
            rng.pick(FRAME_BODIES).as_bytes().to_vec()
        };
        let length = match rng.below(10) {
            0 => "4x".to_string(),
            1 => "-1".to_string(),
            2 => "99999999999999999999999".to_string(),
            3 => (1u64 << 40).to_string(),
            4 => (body.len() + rng.below(8)).to_string(),
            5 => body.len().saturating_sub(rng.below(8)).to_string(),
            _ => body.len().to_string(),
        };
        match rng.below(8) {
            0 => {}
            1 => out.extend_from_slice(format!("content-length:{length}\n\n").as_bytes()),
            2 => out.extend_from_slice(
                format!("Content-Type: x\r\nContent-Length: {length}\r\nContent-Length: 3\r\n\r\n")
                    .as_bytes(),
            ),
            _ => out.extend_from_slice(format!("Content-Length: {length}\r\n\r\n").as_bytes()),
        }
        out.extend_from_slice(&body);
        if rng.chance(6) {
            let bad = rng.pick(INVALID_UTF8);
            out.extend_from_slice(bad);
        }
    }
    if rng.chance(4) {
        edit_bytes(&mut out, rng);
    }
    if rng.chance(6) {
        out.truncate(rng.below(out.len() + 1));
    }
    out
}

/// Reads a stream of frames as the language server does, to its end: no
/// panic, and each frame answered or passed on.
fn read_frames(input: &[u8]) {
    use chess_kit_docs::commands::lsp::transport::read_all;
    let (messages, received) = crossbeam_channel::unbounded();
    let (errors, answered) = crossbeam_channel::unbounded();
    read_all(
        &mut std::io::Cursor::new(input.to_vec()),
        &messages,
        &errors,
    );
    drop((messages, errors));
    // Every frame became a message, an error response, or the end.
    let _ = (received.len(), answered.len());
}

/// HTML the author might write, closed or not.
const HTML_BLOCKS: &[&str] = &[
    "<!-- a note -->",
    "<!-- the games below are drafts",
    "<script>",
    "<script>let a = 1;</script>",
    "<pre>",
    "<pre>text</pre>",
    "<style>",
    "<?",
    "<![CDATA[",
    "]]>",
    "-->",
    "<div class=\"x\">",
    "</div>",
    "<img src=\"board.png\">",
    "<img src=\"https://example.com/b.png\">",
    "<details><summary>Hint</summary>",
    "<textarea>",
    "<br>",
];

/// Link targets, local and not, odd and plain.
const LINK_TARGETS: &[&str] = &[
    "notes.txt",
    "board.png",
    "my%20board.png",
    "a b.png",
    "../outside.png",
    "%2e%2e/%2e%2e/etc/passwd",
    "/etc/passwd",
    "mailto:a@b.c",
    "https://example.com/x",
    "//example.com/x",
    "#zombie-chess",
    "#no-such-anchor",
    "data:image/png;base64,AAAA",
    "rules.md",
    "notes.txt#part",
    "notes.txt?x=1",
    "",
    "<a b.png>",
    "\\windows\\path.png",
    // Links between rulebooks: the other book of the folder, its headings,
    // this book by its file name, and ones that lead nowhere.
    "other.md",
    "./other.md",
    "other.md#chess-golf",
    "other.md#deep-rules",
    "other.md#nowhere",
    "other%2emd",
    "missing.md#zombie-chess",
    "book.md#zombie-chess",
    "book.md#nope",
    "#table-of-contents",
];

/// A rulebook's name, usual or odd.
const BOOK_NAMES: &[&str] = &[
    "book",
    "rules",
    "a#b",
    "a?b",
    "a%2e",
    "a b",
    ".",
    "..",
    ".hidden",
    "assets",
    "deck",
    "index",
    "r\u{e8}gles",
];

/// Settings lines: switches, sizes, allowances, odd values.
const SETTINGS_LINES: &[&str] = &[
    "[[variant]]",
    "game = \"Tiny Chess\"",
    "game = \"Zombie Chess\"",
    "game = \"\"",
    "board = 3",
    "board = 6",
    "board = 9",
    "board = \"b2-g7\"",
    "board = \"a1-z9\"",
    "board = -1",
    "holes = [\"d4\", \"e5\"]",
    "holes = [\"z9\"]",
    "holes_swallow = true",
    "check = false",
    "king_capture = true",
    "double_step = false",
    "en_passant = false",
    "castling = true",
    "promotion = \"QRN\"",
    "promotion = \"K\"",
    "set_aside = \"BBPP\"",
    "set_aside = \"KKKKKKKKK\"",
    // The rules language: sound values, broken ones, and ones that meet.
    "start = \"rp6/np6/bp6/qp6/kp6/bp6/n1PPPPPP/1NBKQBNR\"",
    "start = \"rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP\"",
    "start = \"8/8/8/8/8/8/8/8\"",
    "start = \"99/8/x\"",
    "start = \"KKK5/8/8/8/8/8/8/8\"",
    "royal = \"\"",
    "royal = \"Q\"",
    "win = [\"reach-rank\"]",
    "win = [\"checkmate\", \"king-capture\", \"reach-rank\"]",
    "win = 7",
    "reach_pieces = \"K\"",
    "castling_rooks = \"bg\"",
    "castling_rooks = \"a\"",
    "castling_rooks = \"abcz\"",
    "pawn_direction = { white = \"right\", black = \"left\" }",
    "pawn_direction = { black = \"up\", white = \"down\" }",
    "pawn_direction = { grey = \"north\" }",
    "moves_per_turn = 2",
    "moves_per_turn = [\"other\", \"own\", \"own\"]",
    "moves_per_turn = [\"other\"]",
    "moves_per_turn = 99",
    "pass = true",
    "pieces = { N = \"nN\", P = \"mfsWcfF\" }",
    "pieces = { Q = \"QNNN\", K = \"KAD\", B = \"pQgB\", R = \"jD2W0\" }",
    "pieces = { P = \"mQcK\", X = \"Q\", N = \"\" }",
    "reinsert = true",
    "reinsert = \"demoted\"",
    "capture_own = true",
    "promoting = \"PNBRQ\"",
    "promoting = \"K\"",
    "transparent = \"all\"",
    "transparent = \"enemy\"",
    "companion = true",
    "checkers_jump = \"KQRBNP\"",
    "cross_eyed = true",
    "deadly_pawns = \"adjacent\"",
    "deadly_pawns = \"diagonal\"",
    "drag = \"south\"",
    "[[check.allow]]",
    "book = \"book\"",
    "section = \"Zombie Chess\"",
    "rule = \"material\"",
    "reason = \"kept\"",
    "[build]",
    "out = \"../elsewhere\"",
    "out = \"/tmp\"",
    "style = \"/dev/zero\"",
    "page = \"a4\"",
    "page = \"tabloid\"",
    "unknown = 1",
    "[",
    "= =",
];

/// Contents rows: fitting, odd or broken.
const CSV_LINES: &[&str] = &[
    "heading,description",
    "Zombie Chess,is a game",
    "Zombie Chess,\"is, with a comma\"",
    "Zombie Chess,\"unclosed",
    "Zombie Chess,a,b,c",
    "No Such Game,is missing",
    ",",
    "",
    "\"\"\"\",\"\"",
];

/// A small rulebook to carry the settings and contents: one diagram, maybe
/// a section of a configured game, and generated HTML and links.
fn folder_book(rng: &mut Rng, books: &[Vec<u8>]) -> Vec<u8> {
    let mut text = String::from(
        "---\ntitle: Fuzz\n---\n\n## Table of Contents\n\n## Zombie Chess\n\nText.\n\n",
    );
    text.push_str("    r n b q k b n r\n    p p p p p p p p\n    . . . . . . . .\n    . . . . . . . .\n    . . . . P . . .\n    . . . . . . . .\n    P P P P . P P P\n    R N B Q K B N R\n    arrow: e2, e4, white\n\n");
    if rng.chance(2) {
        text.push_str("## Tiny Chess\n\n    . . . . . . . .\n    . . . . . . . .\n    k . . . . . . .\n    . . . . . . . .\n    . . . . . . . .\n    . . . . . . . .\n    . . . . . . . .\n    . . . . . K . .\n\n");
    }
    let mut bytes = text.into_bytes();
    for _ in 0..rng.below(4) {
        let lines = line_ranges(&bytes);
        let at = lines
            .get(rng.below(lines.len().max(1)))
            .map_or(0, |r| r.start);
        let insert = match rng.below(4) {
            0 | 1 => format!("{}\n", rng.pick(HTML_BLOCKS)),
            2 => format!("See [the notes]({}) here.\n", rng.pick(LINK_TARGETS)),
            _ => format!("![a board]({})\n", rng.pick(LINK_TARGETS)),
        };
        bytes.splice(at..at, insert.bytes());
    }
    if rng.chance(4) {
        mutate(&mut bytes, rng, books);
    }
    bytes
}

/// A line-based mutation of a small text file: a fitting line put in,
/// one dropped or doubled, invalid UTF-8, or byte edits.
fn mutate_lines(bytes: &mut Vec<u8>, rng: &mut Rng, lines: &[&str]) {
    let ranges = line_ranges(bytes);
    let at = ranges
        .get(rng.below(ranges.len().max(1)))
        .map_or(0, |r| r.start);
    match rng.below(6) {
        0 | 1 => {
            let line = format!("{}\n", rng.pick(lines));
            bytes.splice(at..at, line.bytes());
        }
        2 => {
            if let Some(r) = ranges.get(rng.below(ranges.len().max(1))) {
                bytes.drain(r.start..(r.end + 1).min(bytes.len()));
            }
        }
        3 => {
            let bad = rng.pick(INVALID_UTF8);
            bytes.splice(at..at, bad.iter().copied());
        }
        4 => extreme_number(bytes, rng),
        _ => edit_bytes(bytes, rng),
    }
}

/// A folder of the `files` target.
fn folder_input(rng: &mut Rng, books: &[Vec<u8>]) -> stages::Folder {
    let name = *rng.pick(BOOK_NAMES);
    let mut settings: Vec<u8> = if rng.chance(2) {
        include_bytes!("../rules/chess-kit-docs.toml").to_vec()
    } else {
        b"[[variant]]\ngame = \"Tiny Chess\"\nboard = 6\n".to_vec()
    };
    for _ in 0..rng.below(4) {
        mutate_lines(&mut settings, rng, SETTINGS_LINES);
    }
    let mut contents = b"heading,description\nZombie Chess,is a game\n".to_vec();
    for _ in 0..rng.below(3) {
        mutate_lines(&mut contents, rng, CSV_LINES);
    }
    let mut aids = stages::AIDS.as_bytes().to_vec();
    if rng.chance(3) {
        mutate(&mut aids, rng, books);
    }
    let mut folder = vec![(format!("{name}.md"), folder_book(rng, books))];
    if !rng.chance(4) {
        folder.push(("chess-kit-docs.toml".into(), settings));
    }
    if !rng.chance(4) {
        folder.push((format!("{name}_contents.csv"), contents));
    }
    folder.push(("player_aids.md".into(), aids));
    if rng.chance(2) {
        let mut other =
            b"## Chess Golf\n\nBack to [the book](book.md#zombie-chess).\n\n### Deep Rules\n\nSee [up](#chess-golf).\n"
                .to_vec();
        if rng.chance(4) {
            mutate_lines(
                &mut other,
                rng,
                &[
                    "See [x](book.md).",
                    "## Zombie Chess",
                    "[y](other.md#deep-rules)",
                ],
            );
        }
        folder.push(("other.md".into(), other));
    }
    if rng.chance(2) {
        folder.push(("notes.txt".into(), b"notes".to_vec()));
    }
    folder
}

/// An input being run, and when it is late.
struct Running {
    input: Arc<Vec<u8>>,
    depth: Depth,
    run: u64,
    deadline: Instant,
}

fn main() {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(2);
        }
    };
    // The workers' panics are counted and reported here, not printed by
    // the hook; one of the driver's own is printed as usual.
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let worker = std::thread::current()
            .name()
            .is_some_and(|n| n.starts_with("fuzz-worker"));
        if !worker {
            default_hook(info);
        }
    }));
    let corpus = corpus();
    let books: Vec<Vec<u8>> = corpus.iter().map(|(_, b)| b.clone()).collect();
    let diagrams = match args.target {
        Target::Book | Target::Files | Target::Frames => Diagrams {
            inputs: Vec::new(),
            headings: Vec::new(),
        },
        Target::Diagram => diagram_corpus(&corpus),
    };
    let mut rng = Rng::new(args.seed);
    let started = Instant::now();
    let deadline = Duration::from_secs_f64(args.seconds);
    let mut runs = 0u64;
    let mut failures = 0u64;
    // Folders whose build published: the files target reaches publishing.
    let mut published_runs = 0u64;
    let _ = std::fs::create_dir_all(&args.crashes);
    let (to_main, results) = mpsc::channel::<(usize, Result<bool, String>)>();
    // A worker a core, so a slow input can be timed out without killing
    // it. Their stacks are those of the tool's own worker threads (rayon's
    // 2 MiB), so a recursion that would overflow there overflows here too.
    let workers = args.workers.unwrap_or_else(|| {
        std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
    });
    // A stack overflow aborts the process, so each worker keeps what it
    // runs in a file of its own, rewritten in place before each input:
    // tens of microseconds, where creating the file anew costs
    // milliseconds (ext4 flushes a file truncated and written again).
    let last_inputs: Vec<PathBuf> = (0..workers)
        .map(|id| args.crashes.join(format!("last-input-{id}.md")))
        .collect();
    let to_workers: Vec<mpsc::Sender<(Arc<Vec<u8>>, Depth)>> = (0..workers)
        .map(|id| {
            let (to_worker, inbox) = mpsc::channel::<(Arc<Vec<u8>>, Depth)>();
            let to_main = to_main.clone();
            let target = args.target;
            let mut last_input = File::create(&last_inputs[id])
                .map_err(|e| {
                    let path = last_inputs[id].display();
                    eprintln!("warning: cannot write {path} ({e}): an abort would lose its input");
                })
                .ok();
            std::thread::Builder::new()
                .name(format!("fuzz-worker-{id}"))
                .stack_size(2 << 20)
                .spawn(move || {
                    let style = Style::default();
                    for (input, depth) in inbox {
                        if let Some(file) = &mut last_input {
                            let _ = file
                                .seek(SeekFrom::Start(0))
                                .and_then(|_| file.write_all(&input))
                                .and_then(|()| file.set_len(input.len() as u64));
                        }
                        let result = catch_unwind(AssertUnwindSafe(|| {
                            if target == Target::Files {
                                stages::run_folder(&stages::unpack(&input), depth.deck)
                            } else if target == Target::Frames {
                                read_frames(&input);
                                false
                            } else {
                                stages::run("fuzz.md", &input, depth, &style);
                                false
                            }
                        }))
                        .map_err(|e| {
                            e.downcast_ref::<String>()
                                .cloned()
                                .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                                .unwrap_or_else(|| "a panic".to_string())
                        });
                        if to_main.send((id, result)).is_err() {
                            break;
                        }
                    }
                })
                .expect("a worker thread");
            to_worker
        })
        .collect();
    let mut running: Vec<Option<Running>> = (0..workers).map(|_| None).collect();
    loop {
        // Every idle worker gets the next input, while time and runs last.
        let more = |runs: u64| started.elapsed() < deadline && args.runs.is_none_or(|n| runs < n);
        for (id, slot) in running.iter_mut().enumerate() {
            if slot.is_some() || !more(runs) {
                continue;
            }
            let (input, depth) = next_input(args.target, &mut rng, &books, &diagrams);
            let input = Arc::new(input);
            runs += 1;
            to_workers[id]
                .send((input.clone(), depth))
                .expect("the worker is alive");
            *slot = Some(Running {
                input,
                depth,
                run: runs,
                deadline: Instant::now() + args.timeout,
            });
        }
        let Some(first_deadline) = running.iter().flatten().map(|r| r.deadline).min() else {
            break;
        };
        let wait = first_deadline.saturating_duration_since(Instant::now());
        let (failed, outcome) = match results.recv_timeout(wait) {
            Ok((id, Ok(published))) => {
                published_runs += u64::from(published);
                running[id] = None;
                continue;
            }
            Ok((id, Err(panic))) => (running[id].take(), format!("panic: {panic}")),
            Err(_) => {
                // The late worker is still busy with its input.
                let late = running
                    .iter_mut()
                    .filter(|r| r.as_ref().is_some_and(|r| r.deadline <= Instant::now()))
                    .min_by_key(|r| r.as_ref().map(|r| r.deadline));
                let Some(late) = late else {
                    continue;
                };
                (late.take(), format!("took longer than {:?}", args.timeout))
            }
        };
        let Some(Running {
            input, depth, run, ..
        }) = failed
        else {
            continue;
        };
        failures += 1;
        let stem = format!("crash-{:016x}", chess_kit_docs::output::hash(&input));
        let note = format!(
            "examples/fuzz.rs --target {}, seed {}, run {run}: {outcome}\nstages: {depth:?}\n",
            args.target.name(),
            args.seed
        );
        let path = if args.target == Target::Files {
            // Kept as tests/fuzz_regressions keeps a folder.
            let dir = args.crashes.join(&stem);
            let _ = std::fs::create_dir_all(&dir);
            for (name, bytes) in stages::unpack(&input) {
                let plain = Path::new(&name)
                    .components()
                    .all(|c| matches!(c, std::path::Component::Normal(_)));
                if plain && !name.is_empty() && name != "NOTE.txt" {
                    let _ = std::fs::write(dir.join(name), bytes);
                }
            }
            let _ = std::fs::write(dir.join("NOTE.txt"), note);
            dir
        } else {
            let path = args.crashes.join(format!("{stem}.md"));
            let _ = std::fs::write(&path, input.as_slice());
            let _ = std::fs::write(args.crashes.join(format!("{stem}.txt")), note);
            path
        };
        eprintln!("run {run}: {outcome}; input saved as {}", path.display());
        if outcome.starts_with("took") {
            // A worker hangs: report at once rather than wait for the rest.
            break;
        }
    }
    let elapsed = started.elapsed().as_secs_f64();
    let published = if args.target == Target::Files {
        format!(" ({published_runs} published)")
    } else {
        String::new()
    };
    println!(
        "fuzz: target {}, seed {}, {runs} runs{published} on {workers} worker{} in {elapsed:.1} s ({:.1} runs/s), {failures} failures",
        args.target.name(),
        args.seed,
        if workers == 1 { "" } else { "s" },
        runs as f64 / elapsed.max(1e-9)
    );
    // Only an abort needs them; the failures found are saved on their own.
    for path in &last_inputs {
        let _ = std::fs::remove_file(path);
    }
    std::process::exit(if failures == 0 { 0 } else { 1 });
}
