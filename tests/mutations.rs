//! Each test changes one line of a seed diagram (or of a published
//! solution) and expects the rules engine to catch it at a line inside
//! that diagram. The unchanged seeds are checked in `tests/check.rs`.

use std::path::Path;

use chess_kit_docs::book::Book;
use chess_kit_docs::engine::{Options, check_book};
use chess_kit_docs::source::SourceFile;

/// Replaces the `nth` (0-based) occurrence of the line `old` (trimmed) in
/// `book`, and returns the errors' line numbers and the changed line.
fn mutate(book: &str, old: &str, nth: usize, new: &str) -> (Vec<(usize, String)>, usize) {
    let text = std::fs::read_to_string(book).unwrap();
    let mut seen = 0;
    let mut changed_line = 0;
    let lines: Vec<String> = text
        .lines()
        .enumerate()
        .map(|(i, l)| {
            if l.trim() == old {
                seen += 1;
                if seen == nth + 1 {
                    changed_line = i + 1;
                    return l.replace(old, new);
                }
            }
            l.to_string()
        })
        .collect();
    assert!(changed_line > 0, "`{old}` (#{nth}) not found in {book}");
    let mutated = lines.join("\n") + "\n";
    let mut diags = Vec::new();
    let parsed = Book::parse(SourceFile::new(Path::new(book), mutated), &mut diags);
    let (found, _, _) = check_book(&parsed, &Options::default());
    let mut errors: Vec<(usize, String)> = diags
        .iter()
        .filter(|d| d.is_error())
        .map(|d| (d.line_col().unwrap().line, d.message.clone()))
        .collect();
    errors.extend(found.iter().filter(|f| f.diagnostic.is_error()).map(|f| {
        (
            f.diagnostic.line_col().unwrap().line,
            f.diagnostic.message.clone(),
        )
    }));
    (errors, changed_line)
}

/// The line range of the diagram (or list) holding `line`.
fn block_around(book: &str, line: usize) -> (usize, usize) {
    let text = std::fs::read_to_string(book).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let blank = |i: usize| lines[i - 1].trim().is_empty();
    let mut start = line;
    while start > 1 && !blank(start - 1) {
        start -= 1;
    }
    let mut end = line;
    while end < lines.len() && !blank(end + 1) {
        end += 1;
    }
    (start, end)
}

#[track_caller]
fn caught(book: &str, old: &str, nth: usize, new: &str) {
    let (errors, line) = mutate(book, old, nth, new);
    let (start, end) = block_around(book, line);
    assert!(
        errors.iter().any(|(l, _)| (start..=end).contains(l)),
        "changing line {line} of {book} to `{new}` was not caught inside lines {start}..={end}; errors: {errors:?}"
    );
}

const RULES: &str = "tests/seeds/rules.md";
const NEW_RULES: &str = "tests/seeds/new_rules.md";
const CROWDED: &str = "tests/seeds/crowded_rules.md";

#[test]
fn zombie_pawn_capture_moved_off_its_diagonal() {
    caught(RULES, "arrow: e5, d4, black", 0, "arrow: e5, d3, black");
}

#[test]
fn a_pawn_on_the_last_rank() {
    caught(RULES, "r . b q k b n r", 0, "r . b q k b n P");
}

#[test]
fn two_move_queen_arrow_off_its_line() {
    caught(RULES, "arrow: d1, b3, white", 0, "arrow: d1, b4, white");
}

#[test]
fn adrenaline_bishop_arrow_off_its_diagonal() {
    caught(RULES, "arrow: f1, a6, white", 0, "arrow: f1, a5, white");
}

#[test]
fn crowded_house_bishop_arrow_off_its_diagonal() {
    caught(RULES, "arrow: f1, c4, white", 0, "arrow: f1, b4, white");
    caught(CROWDED, "arrow: f1, c4, white", 0, "arrow: f1, b4, white");
}

#[test]
fn cooperative_capture_chain_broken() {
    caught(RULES, "arrow: e6, d5, black", 0, "arrow: e6, d4, black");
}

#[test]
fn half_alice_king_moves_into_the_rook() {
    caught(RULES, "arrow: b8,a7,black", 0, "arrow: b8,b7,black");
}

#[test]
fn golf_setup_disagrees_with_its_cards() {
    caught(RULES, "card: B, 8.5, 0", 0, "card: N, 8.5, 0");
}

#[test]
fn golf_solution_arrow_not_a_borrowed_move() {
    caught(RULES, "arrow: g6, h5, black", 0, "arrow: g6, h4, black");
}

#[test]
fn chess960_setup_disagrees_with_its_cards() {
    caught(RULES, "card: n, 8.5, 0", 0, "card: b, 8.5, 0");
}

#[test]
fn masquerade_combo_disagrees_with_its_circles() {
    caught(RULES, "K . . O . . KR", 0, "K . . O . . KQ");
}

#[test]
fn a_red_card_for_a_black_piece() {
    caught(
        RULES,
        "q  _  _  _ QS  _  _  _  _ 5",
        0,
        "q  _  _  _ QH  _  _  _  _ 5",
    );
}

#[test]
fn gravity_piece_moving_up() {
    caught(NEW_RULES, "arrow: e7, f6, white", 0, "arrow: e7, f8, white");
}

#[test]
fn parade_moves_a_piece_to_a_square_the_mover_does_not_attack() {
    caught(NEW_RULES, "arrow: e4, g2, black", 0, "arrow: e4, g3, black");
}

#[test]
fn parade_setup_disagrees_with_its_cards() {
    caught(NEW_RULES, "card: k, 9.5, 0", 0, "card: q, 9.5, 0");
}

#[test]
fn cloak_king_outside_its_rooks() {
    caught(NEW_RULES, "K . . O", 0, "K O");
}

#[test]
fn tar_pit_ring_on_an_empty_square() {
    caught(RULES, "arrow: f5, f5, white", 0, "arrow: f4, f4, white");
}
