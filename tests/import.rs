//! `import` of the plain-text variant list (Karl's Chess Variants), the
//! bundled rules/karl.md it makes, and the check of stated setups against
//! their diagrams.

use std::path::Path;
use std::process::Output;

use chess_kit_docs::book::Book;
use chess_kit_docs::diagram::{DiagramKind, Piece, Square};

#[allow(dead_code)]
mod support;
use support::*;

const SEED: &str = "tests/seeds/karls_variants.md";
const BUNDLED: &str = "rules/karl.md";

/// The 40 variants of the list, in its order, read from the text by hand.
const VARIANTS: [&str; 40] = [
    "Angle Chess",
    "Bank Chess",
    "Bank Chess - Half-Standard",
    "Bank Chess - Swap variant",
    "Bank Chess - Half-Standard Swap",
    "Better Pawns",
    "Black Hole Chess",
    "Black Hole Chess - Swap variant",
    "Burnt Chess - Swap variant",
    "Cannibal Chess",
    "Checkers Chess",
    "Cloak Chess",
    "Companion Chess",
    "Crazy Pawns Variants",
    "Cross-eyed Chess",
    "Deadly Pawns Chess",
    "Deflector Chess",
    "Double Chess",
    "Double Move Chess",
    "Fastpawn Chess",
    "Fortress Chess",
    "Freeze Chess",
    "Deepfreeze Chess",
    "Hades Chess",
    "Hungry Pawns",
    "Limpy Chess",
    "Onwards Chess",
    "One-two Chess",
    "Pass Chess",
    "Penalty Chess",
    "Promotion Chess",
    "River Chess",
    "Statue Chess",
    "Sticky Chess",
    "Two-one Chess",
    "Transfer Chess (for two players)",
    "Transfer Chess - Swap Variant",
    "Transfer Chess - Parallel Variant",
    "Transparent Chess",
    "Twin Chess",
];

/// The problems printed on standard error, each as
/// `file:line:col: severity: message` (the title line and the ` --> `
/// location line under it).
fn problems(err: &str) -> Vec<String> {
    let lines: Vec<&str> = err.lines().collect();
    lines
        .windows(2)
        .filter_map(|w| {
            let (severity, message) = w[0].split_once(": ")?;
            if severity != "error" && severity != "warning" {
                return None;
            }
            let at = w[1].trim_start().strip_prefix("--> ")?;
            Some(format!("{at}: {severity}: {message}"))
        })
        .collect()
}

fn import_seed() -> (String, String) {
    let o = run(&["import", SEED]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    (stdout(&o), stderr(&o))
}

#[test]
fn the_list_becomes_one_section_per_variant_in_order() {
    let (md, _) = import_seed();
    let headings: Vec<&str> = md
        .lines()
        .filter_map(|l| l.strip_prefix("## "))
        .filter(|h| *h != "Table of Contents")
        .collect();
    assert_eq!(headings, VARIANTS);
    let titles: Vec<&str> = md.lines().filter_map(|l| l.strip_prefix("# ")).collect();
    assert_eq!(titles, ["Rules for Karl's Chess Variants"]);
}

#[test]
fn every_line_of_the_first_copy_is_kept_in_order() {
    let (md, _) = import_seed();
    let seed = std::fs::read_to_string(SEED).unwrap();
    // The first copy: after the title and its underline, up to the
    // separator before the repeat (line 197).
    let first_copy: Vec<&str> = seed.lines().skip(2).take(194).collect();
    assert_eq!(first_copy[0], "Angle Chess");
    assert_eq!(
        first_copy[193],
        "As a variation, the twin move may be optional."
    );
    // The book's lines of text, without the Markdown around them.
    let written: Vec<&str> = md
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with("    ") && *l != "---")
        .filter(|l| !l.starts_with("title: ") && !l.starts_with("# "))
        .filter(|l| *l != "## Table of Contents")
        .map(|l| {
            l.strip_prefix("## ")
                .or_else(|| l.strip_prefix("- Variant").map(|_| &l[2..]))
                .or_else(|| l.strip_prefix("  "))
                .unwrap_or(l)
        })
        .collect();
    assert_eq!(written, first_copy);
}

#[test]
fn the_repeat_and_the_unsure_lines_are_warnings_with_their_lines() {
    let (_, err) = import_seed();
    let warnings = problems(&err);
    assert_eq!(warnings.len(), 3, "{err}");
    assert!(warnings[0].starts_with(&format!(
        "{SEED}:97:1: warning: unsure line: read as a title"
    )));
    assert!(warnings[1].starts_with(&format!(
        "{SEED}:156:1: warning: unsure line: looks like a title but ends with a colon"
    )));
    assert!(warnings[2].starts_with(&format!(
        "{SEED}:198:1: warning: the body repeats from here: lines 198-391 are a copy of lines 3-196"
    )));
}

#[test]
fn the_bundled_book_is_the_import_of_the_seed() {
    let (md, _) = import_seed();
    let bundled = std::fs::read_to_string(BUNDLED).unwrap();
    assert!(
        md == bundled,
        "rules/karl.md differs from `import {SEED}`: run it again with -o {BUNDLED} --force"
    );
}

fn load(path: &str) -> Book {
    let mut diags = Vec::new();
    let book = Book::load(Path::new(path), &mut diags).expect("readable");
    assert!(diags.is_empty(), "{diags:?}");
    book
}

fn square(name: &str) -> Square {
    let b = name.as_bytes();
    Square::new(b[0] - b'a', b[1] - b'0')
}

#[test]
fn angle_chess_and_black_hole_chess_are_drawn() {
    let book = load(BUNDLED);
    let names: Vec<&str> = book
        .diagrams
        .iter()
        .map(|d| d.image_name.as_str())
        .collect();
    assert_eq!(names, ["angle-chess1", "black-hole-chess1"]);
    let board = |i: usize| match &book.diagrams[i].diagram.as_ref().unwrap().kind {
        DiagramKind::Board(b) => b.clone(),
        _ => panic!("not a board"),
    };
    // Angle Chess, as its text states it.
    let angle = board(0);
    let stated = [
        ("K", "d1"),
        ("Q", "e1"),
        ("B", "c1"),
        ("B", "f1"),
        ("N", "b1"),
        ("N", "g1"),
        ("R", "h1"),
        ("P", "c2"),
        ("P", "d2"),
        ("P", "e2"),
        ("P", "f2"),
        ("P", "g2"),
        ("P", "h2"),
        ("k", "a4"),
        ("q", "a5"),
        ("b", "a3"),
        ("b", "a6"),
        ("n", "a2"),
        ("n", "a7"),
        ("r", "a8"),
        ("p", "b3"),
        ("p", "b4"),
        ("p", "b5"),
        ("p", "b6"),
        ("p", "b7"),
        ("p", "b8"),
    ];
    for (piece, at) in stated {
        let piece = Piece::from_char(piece.chars().next().unwrap());
        assert_eq!(angle.board.get(square(at)), piece, "{at}");
    }
    assert_eq!(angle.board.pieces().count(), stated.len());
    // Black Hole Chess: the start position, the hole's four squares marked.
    let hole = board(1);
    assert_eq!(hole.board.pieces().count(), 32);
    assert_eq!(hole.board.get(square("e1")), Piece::from_char('K'));
    assert_eq!(hole.board.get(square("d8")), Piece::from_char('q'));
    assert_eq!(hole.rects.len(), 1);
    assert_eq!((hole.rects[0].files, hole.rects[0].ranks), ((4, 5), (4, 5)));
}

#[test]
fn the_bundled_book_passes_check_with_its_setup_checked() {
    let o = run(&["check", BUNDLED]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    // Angle Chess is checked against its stated setup; Black Hole Chess
    // is configured in rules/chess-kit-docs.toml.
    assert!(
        stderr(&o).contains("checked 2 diagrams: 2 rule-checked, 0 syntax-only, 0 errors"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn an_edited_angle_chess_diagram_fails_check_at_its_line() {
    let text = std::fs::read_to_string(BUNDLED).unwrap();
    // The black queen drawn on a4 instead of a5, where the king stood.
    let edited = text.replacen(
        "    q p . . . . . .\n    k p",
        "    . p . . . . . .\n    q p",
        1,
    );
    assert_ne!(edited, text);
    let line = edited
        .lines()
        .position(|l| l == "    q p . . . . . .")
        .unwrap()
        + 1;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("karl.md");
    std::fs::write(&path, edited).unwrap();
    std::fs::write(
        dir.path().join("chess-kit-docs.toml"),
        "[[variant]]\ngame = \"Black Hole Chess\"\nholes = \"d4 d5 e4 e5\"\nholes_swallow = true\n",
    )
    .unwrap();
    let o = run(&["check", path.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    let at = format!("{}:{line}:5: error: ", path.display());
    assert_eq!(
        problems(&err),
        [
            format!("{at}the text puts the black queen on a5, the diagram on a4"),
            format!("{at}the text puts the black king on a4, the diagram has a black queen there"),
        ],
        "{err}"
    );
    assert!(
        err.contains("the setup is stated in the text 3 lines above the diagram"),
        "{err}"
    );
}

#[test]
fn output_goes_to_a_file_that_is_not_replaced_without_force() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("karl.md");
    let out_arg = out.to_str().unwrap();
    let o = run(&["import", SEED, "-o", out_arg]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).is_empty());
    let first = std::fs::read(&out).unwrap();
    assert_eq!(first, std::fs::read(BUNDLED).unwrap());

    std::fs::write(&out, "mine").unwrap();
    let o = run(&["import", SEED, "-o", out_arg]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("the output file exists already"),
        "{}",
        stderr(&o)
    );
    assert!(stderr(&o).contains("--force"));
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "mine");

    let o = run(&["import", SEED, "-o", out_arg, "--force"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(std::fs::read(&out).unwrap(), first);
    // Nothing else is left in the folder (no temporary file).
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
}

fn import_text(text: &str) -> Output {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("list.txt");
    std::fs::write(&path, text).unwrap();
    run(&["import", path.to_str().unwrap()])
}

#[test]
fn a_copy_that_differs_is_reported_line_by_line_and_not_merged() {
    let seed = std::fs::read_to_string(SEED).unwrap();
    let mut lines: Vec<&str> = seed.lines().collect();
    // In the copy: one rule reworded (line 241) and one dropped (line 266).
    lines[240] = "In the standard version of Cannibal Chess, you may reinsert the piece later";
    lines.remove(265);
    let o = import_text(&lines.join("\n"));
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).is_empty(), "no book is written");
    let err = stderr(&o);
    let errors: Vec<String> = problems(&err)
        .into_iter()
        .filter(|p| p.contains(": error: "))
        .collect();
    assert_eq!(errors.len(), 2, "{err}");
    assert!(
        errors[0].contains(":241:1: error: the copy of the body differs here from line 46"),
        "{err}"
    );
    assert!(
        errors[1].contains(":266:1: error: the copy of the body lacks line 71 here"),
        "{err}"
    );
}

#[test]
fn bad_piece_lists_are_errors_at_their_lines() {
    for (list, at, message) in [
        ("White: K e1, X d1;", "4:14", "unknown piece letter `X`"),
        ("White: K e1, R i1;", "4:16", "`i1` is off the board"),
        (
            "White: K e1, Q e8;",
            "5:10",
            "two pieces on e8: the white queen and the black king",
        ),
    ] {
        let o = import_text(&format!(
            "Variants\n-----\nSmall Chess\n{list}\nBlack: K e8.\nPlay on.\n"
        ));
        assert_eq!(o.status.code(), Some(1), "{list}");
        assert!(stdout(&o).is_empty());
        let err = stderr(&o);
        let found = problems(&err);
        assert_eq!(found.len(), 1, "{list}:\n{err}");
        assert!(
            found[0].ends_with(&format!("list.txt:{at}: error: {message}")),
            "{list}:\n{err}"
        );
    }
}

#[test]
fn build_publishes_karl_with_the_other_books() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().to_str().unwrap();
    let o = run(&["build", "--out", out]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    for book in ["rules", "new_rules", "karl"] {
        assert!(dir.path().join(format!("{book}.pdf")).is_file(), "{book}");
        assert!(
            dir.path().join(format!("site/{book}.md")).is_file(),
            "{book}"
        );
    }
    for image in ["angle-chess1", "black-hole-chess1"] {
        for ext in ["png", "svg"] {
            assert!(
                dir.path()
                    .join(format!("site/images/karl/{image}.{ext}"))
                    .is_file()
            );
        }
    }
    let page = std::fs::read_to_string(dir.path().join("site/karl.md")).unwrap();
    assert!(page.contains("* [Angle Chess][angle-chess]"), "{page}");
    assert!(page.contains("* [Twin Chess][twin-chess]"));
    assert!(page.contains("![Diagram](images/karl/black-hole-chess1.png)"));
}

/// A small deterministic generator (xorshift), so failures reproduce.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n.max(1) as u64) as usize
    }
}

const FRAGMENTS: &[&str] = &[
    "White: ",
    "Black K ",
    " K a1",
    " a9",
    " X ",
    ", ",
    ";",
    ".",
    "\n",
    "\r\n",
    "Variant 1: ",
    "- ",
    "The squares d4 and e1 are removed.",
    "é",
    "(",
    ":",
    "-----\n",
    "Angle Chess\n",
    "    ",
    "*",
    "#",
];

#[test]
fn garbled_lists_never_panic_and_any_book_made_parses_cleanly() {
    use chess_kit_docs::import::import;
    use chess_kit_docs::source::SourceFile;
    let seed = std::fs::read_to_string(SEED).unwrap();
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut books = 0;
    for round in 0..300 {
        let mut text = seed.clone();
        for _ in 0..1 + round % 8 {
            let mut at = rng.below(text.len());
            while !text.is_char_boundary(at) {
                at -= 1;
            }
            match rng.below(3) {
                0 => text.insert_str(at, FRAGMENTS[rng.below(FRAGMENTS.len())]),
                1 => {
                    let mut end = (at + rng.below(40)).min(text.len());
                    while !text.is_char_boundary(end) {
                        end -= 1;
                    }
                    text.replace_range(at..end, "");
                }
                _ => text.truncate(at),
            }
        }
        let imported = import(&SourceFile::new("garbled.txt", text));
        let Some(markdown) = imported.markdown else {
            assert!(imported.diagnostics.iter().any(|d| d.is_error()));
            continue;
        };
        books += 1;
        let mut diags = Vec::new();
        let book = Book::parse(SourceFile::new("garbled.md", markdown), &mut diags);
        let rendered: Vec<String> = diags.iter().map(|d| d.render()).collect();
        assert!(diags.is_empty(), "round {round}:\n{}", rendered.join("\n"));
        assert!(book.diagrams.iter().all(|d| d.diagram.is_some()));
    }
    // Most garbled lists still make a book (a changed copy does not).
    assert!(books > 0);
}
