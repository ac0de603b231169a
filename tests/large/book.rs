//! A large rulebook made from the bundled one, for the large-book test,
//! its bench and `examples/large_book.rs` (which writes one to measure
//! `build`'s time and memory).

#![allow(dead_code)]

/// A rulebook of at least `diagrams` diagrams: the games of `rules` (the
/// bundled `tests/seeds/rules.md`, up to its appendix) again and again. Each copy
/// after the first numbers its headings (`## Zombie Chess 2`) and marks its
/// boards with the copy's number in a corner, so that no two drawings are
/// the same. `per_copy` is how many diagrams one copy of the games holds.
pub fn large_book(rules: &str, per_copy: usize, diagrams: usize) -> String {
    let lines: Vec<&str> = rules.lines().collect();
    // The front matter, introduction and table of contents, once.
    let toc = lines
        .iter()
        .position(|l| l.trim() == "## Table of Contents")
        .map_or(0, |i| i + 1);
    let end = lines
        .iter()
        .position(|l| l.starts_with("## Appendix"))
        .unwrap_or(lines.len());
    let games = &lines[toc.min(end)..end];
    let mut out = String::new();
    for l in &lines[..toc.min(end)] {
        out.push_str(l);
        out.push('\n');
    }
    let copies = diagrams.div_ceil(per_copy.max(1)).max(1);
    for copy in 1..=copies {
        push_copy(&mut out, games, copy);
    }
    out
}

/// The same made from the current edition (`rules/rules.md`), with its
/// appendixes once after the games: the card table that the games' card
/// symbols are read from, and the Chess Golf solutions.
pub fn edition_book(rules: &str, per_copy: usize, diagrams: usize) -> String {
    let mut out = large_book(rules, per_copy, diagrams);
    let appendix = rules
        .lines()
        .position(|l| l.starts_with("## Appendix"))
        .map_or(rules.len(), |i| line_start(rules, i));
    out.push_str(&rules[appendix..]);
    out
}

/// The byte offset where line `n` of `text` starts.
fn line_start(text: &str, n: usize) -> usize {
    text.split_inclusive('\n').take(n).map(str::len).sum()
}

/// One copy of the games; the first as it is.
fn push_copy(out: &mut String, games: &[&str], copy: usize) {
    let mut in_block = false;
    let mut board = false;
    for l in games {
        let indented = l.starts_with("    ") && !l[4..].starts_with(' ') && l.len() > 4;
        if copy > 1 && in_block && board && !indented {
            out.push_str(&format!("    corner text: {copy}, 1, 1\n"));
        }
        if indented {
            if !in_block {
                board = is_board_row(&l[4..]);
            }
            in_block = true;
        } else {
            in_block = false;
        }
        out.push_str(l);
        if copy > 1 && l.starts_with('#') && l.contains("# ") {
            out.push_str(&format!(" {copy}"));
        }
        out.push('\n');
    }
    if copy > 1 && in_block && board {
        out.push_str(&format!("    corner text: {copy}, 1, 1\n"));
    }
    out.push('\n');
}

/// Eight squares of one character each: a board's first row.
fn is_board_row(row: &str) -> bool {
    let cells: Vec<&str> = row.split(' ').collect();
    cells.len() == 8 && cells.iter().all(|c| c.chars().count() == 1)
}

/// A rulebook of at least `diagrams` diagrams made of Chess Golf sections:
/// the front matter of `rules` (the bundled `rules/rules.md`), then its
/// `## Chess Golf` section again and again, each copy followed by the
/// book's published solutions. Every copy keeps the game's heading, so the
/// rules check every copy, numbers its lower headings (`### Setup 2`) so no
/// two anchors are the same, and numbers its problems on from the copy
/// before (problems 4 to 6 in the second) with their solutions to match.
/// `per_copy` is how many diagrams one copy holds.
pub fn golf_book(rules: &str, per_copy: usize, diagrams: usize) -> String {
    let lines: Vec<&str> = rules.lines().collect();
    let toc = lines
        .iter()
        .position(|l| l.trim() == "## Table of Contents")
        .map_or(0, |i| i + 1);
    let start = lines
        .iter()
        .position(|l| l.trim() == "## Chess Golf")
        .unwrap_or(lines.len());
    let end = lines[start.min(lines.len())..]
        .iter()
        .skip(1)
        .position(|l| l.starts_with("## ") || l.starts_with("# "))
        .map_or(lines.len(), |i| start + 1 + i);
    // `N. move, move, ...` under the book's Golf solutions heading.
    let solutions: Vec<(usize, &str)> = lines
        .iter()
        .skip_while(|l| l.trim() != "### Chess Golf Solutions")
        .skip(1)
        .take_while(|l| !l.starts_with('#'))
        .filter_map(|l| {
            let (n, moves) = l.split_once(". ")?;
            Some((n.parse().ok()?, moves))
        })
        .collect();
    let problems = solutions.len();
    let mut out = String::new();
    for l in &lines[..toc.min(start)] {
        out.push_str(l);
        out.push('\n');
    }
    let copies = diagrams.div_ceil(per_copy.max(1)).max(1);
    for copy in 1..=copies {
        let first = (copy - 1) * problems;
        for l in &lines[start.min(end)..end] {
            match l.strip_prefix("#### Problem ").map(str::parse::<usize>) {
                Some(Ok(n)) => out.push_str(&format!("#### Problem {}", first + n)),
                _ => {
                    out.push_str(l);
                    if copy > 1 && l.starts_with("###") && l.contains("# ") {
                        out.push_str(&format!(" {copy}"));
                    }
                }
            }
            out.push('\n');
        }
        out.push_str(&format!("\n### Solutions {copy}\n\n"));
        for (n, moves) in &solutions {
            out.push_str(&format!("{}. {moves}\n", first + n));
        }
        out.push('\n');
    }
    out
}
