//! The current edition's rules, each broken and kept.

use crate::engine::Finding;
use crate::engine::games::common::testing::*;
use crate::engine::games::cooperative::Edition;
use crate::engine::games::cooperative::tests::{SEED_WORDS, check_in};

const BOOK: &str = "rules/new_rules.md";
const SECTION: &str = "Cooperative Chess";

/// Words of the current edition, which make a section of it.
const WORDS: &str = "You must play a card from your hand to a face-up line beside the draw pile.";

fn current(diagram: &str) -> Vec<Finding> {
    check_in(WORDS, diagram)
}

/// The one finding of `found`, an arrow's, with `reason`.
fn refused(found: &[Finding], reason: &str) {
    assert_eq!(summary(found), [reason.to_string()], "{:?}", summary(found));
}

fn kept(found: &[Finding]) {
    assert!(found.is_empty(), "{:?}", summary(found));
}

const CAPTURE: &str = "you can only make a capturing move if a card like the capturing piece is beside a card like the captured piece in the face-up line";

#[test]
fn the_current_diagrams_pass() {
    assert_eq!(board_count(BOOK, SECTION), 4);
    let found = seed_findings(BOOK, SECTION);
    assert!(found.is_empty(), "{found:?}");
}

#[test]
fn the_section_text_tells_the_edition() {
    let board_of = |path: &str, number: usize| {
        let book = load(path);
        let entry = book
            .diagrams
            .iter()
            .find(|e| e.number == number && book.section_of(e).is_some_and(|s| s.title == SECTION))
            .expect("the diagram")
            .clone();
        let text = crate::engine::games::common::section_text(&book, &entry).to_string();
        let board = entry
            .diagram
            .as_ref()
            .and_then(|d| d.as_board())
            .cloned()
            .unwrap();
        (text, board)
    };
    let (current_text, line) = board_of(BOOK, 2);
    let (seed_text, stacks) = board_of("tests/seeds/rules.md", 3);
    assert_eq!(Edition::of(&current_text, &line), Edition::Line);
    assert_eq!(Edition::of(&seed_text, &stacks), Edition::Seed);
    // The words decide over the layout.
    assert_eq!(Edition::of(&current_text, &stacks), Edition::Line);
    assert_eq!(Edition::of(&seed_text, &line), Edition::Seed);
    // Words that say neither: the seed's stacks lie above and below the
    // board, the current edition's line beside it.
    assert_eq!(Edition::of("", &stacks), Edition::Seed);
    assert_eq!(Edition::of("", &line), Edition::Line);
}

/// The book's example before Black's turn, with the pawn card played to
/// the far end of the line: the bishop moves to e6 and takes both pawns.
const EXAMPLE: &str = "r n b q k b n r
    p p p . p p p p
    . . . . . . . .
    . . . P . . . .
    . . . . P . . .
    . . . . . . . .
    P P . P . P P P
    R N B Q K B N R
    card: back, 8.5, 2.5
    card: p, 11, 2.5
    card: P, 11.5, 2.5
    card: b, 12, 2.5
    card: P, 12.5, 2.5
    arrow: c8, e6, black
    arrow: e6, d5, black
    arrow: d5, e4, black";

/// The same turn made: the bishop on e4, both pawns gone, the line as the
/// book draws it with the arrows (before the captures).
const EXAMPLE_MADE: &str = "r n . q k b n r
    p p p . p p p p
    . . . . . . . .
    . . . . . . . .
    . . . . b . . .
    . . . . . . . .
    P P . P . P P P
    R N B Q K B N R
    card: back, 8.5, 2.5
    card: p, 11, 2.5
    card: P, 11.5, 2.5
    card: b, 12, 2.5
    card: P, 12.5, 2.5
    arrow: c8, e6, black
    arrow: e6, d5, black
    arrow: d5, e4, black";

#[test]
fn a_card_like_the_captured_piece_is_of_its_colour() {
    kept(&current(EXAMPLE));
    kept(&current(EXAMPLE_MADE));
    // "It could not continue to capture the pawn at g2, because the
    // remaining pawn card is black."
    refused(
        &current(&format!("{EXAMPLE}\narrow: e4, g2, black")),
        &format!(
            "arrow: the black bishop on e4 captures the white pawn on g2, but the face-up line (p, b) has no white pawn card, only a black one: {CAPTURE}"
        ),
    );
    let made = EXAMPLE_MADE
        .replace(". . . . b . . .", ". . . . . . . .")
        .replace("P P . P . P P P", "P P . P . P b P");
    refused(
        &current(&format!("{made}\narrow: e4, g2, black")),
        &format!(
            "arrow: the black bishop that moved e4–g2 captured there, but no black bishop card is beside a white card in the face-up line (p, b): {CAPTURE}"
        ),
    );
    // Played with a white bishop card, the black bishop has no card.
    refused(
        &current(&EXAMPLE.replace("card: b, 12, 2.5", "card: B, 12, 2.5")),
        &format!(
            "arrow: the black bishop on e6 captures the white pawn on d5, but the face-up line (p, P, B, P) has no black bishop card: {CAPTURE}"
        ),
    );
}

/// White's bishops on a1 and h1, a knight on d1; Black's pawn on c3 and
/// knight on f3.
const SPARSE: &str = ". . . . . . k .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . p . . n . .
    . . . . . . . .
    B . . N . . K B";

fn sparse(cards: &[&str], arrows: &[&str]) -> String {
    let mut text = SPARSE.to_string();
    for (i, c) in cards.iter().enumerate() {
        text.push_str(&format!("\ncard: {c}, {}, 2.5", 11.0 + 0.5 * i as f64));
    }
    for a in arrows {
        text.push_str(&format!("\narrow: {a}"));
    }
    text
}

#[test]
fn a_capture_needs_its_cards_beside_each_other() {
    let takes = ["a1, c3, white"];
    kept(&current(&sparse(&["B", "p"], &takes)));
    kept(&current(&sparse(&["p", "B"], &takes)));
    // A king card in the way.
    refused(
        &current(&sparse(&["B", "k", "p"], &takes)),
        &format!(
            "arrow: the white bishop on a1 captures the black pawn on c3, but no white bishop card is beside a black pawn card in the face-up line (B, k, p): {CAPTURE}"
        ),
    );
    kept(&current(&sparse(&["B", "p", "k"], &takes)));
    // A card of the wrong colour.
    refused(
        &current(&sparse(&["B", "P"], &takes)),
        &format!(
            "arrow: the white bishop on a1 captures the black pawn on c3, but the face-up line (B, P) has no black pawn card, only a white one: {CAPTURE}"
        ),
    );
    refused(
        &current(&sparse(&["b", "p"], &takes)),
        &format!(
            "arrow: the white bishop on a1 captures the black pawn on c3, but the face-up line (b, p) has no white bishop card: {CAPTURE}"
        ),
    );
}

#[test]
fn a_chain_may_go_on_with_a_different_piece() {
    // The knight takes the pawn, then the h1 bishop the knight.
    let both = ["d1, c3, white", "h1, f3, white"];
    kept(&current(&sparse(&["N", "p", "B", "n"], &both)));
    // The seed's edition: all moves with one piece.
    let seed = check_in(SEED_WORDS, &sparse(&["N", "p", "B", "n"], &both));
    assert!(
        seed.iter().any(|f| f.rule == super::TURN),
        "{:?}",
        summary(&seed)
    );
    // Which piece takes which: the knight card is not beside the knight's.
    refused(
        &current(&sparse(&["N", "n", "B", "p"], &["d1, c3, white"])),
        &format!(
            "arrow: the white knight on d1 captures the black pawn on c3, but no white knight card is beside a black pawn card in the face-up line (N, n, B, p): {CAPTURE}"
        ),
    );
}

/// The bishop on a1 takes the pawn on c3, then the knight on e5.
const PATH: &str = ". . . . . . k .
    . . . . . . . .
    . . . . . . . .
    . . . . n . . .
    . . . . . . . .
    . . p . . . . .
    . . . . . . . .
    B . . . . . K .
    arrow: a1, c3, white
    arrow: c3, e5, white";

fn path(cards: &[&str]) -> String {
    let mut text = PATH.to_string();
    for (i, c) in cards.iter().enumerate() {
        text.push_str(&format!("\ncard: {c}, {}, 2.5", 11.0 + 0.5 * i as f64));
    }
    text
}

#[test]
fn the_captures_come_in_an_order_the_line_allows() {
    // B p n: the knight's card is beside the bishop's once the pawn's is
    // gone.
    kept(&current(&path(&["B", "p", "n"])));
    // B n p: the bishop's first capture, the pawn, has no card beside it.
    refused(
        &current(&path(&["B", "n", "p"])),
        &format!(
            "arrow: the white bishop on a1 captures the black pawn on c3, but no white bishop card is beside a black pawn card in the face-up line (B, n, p): {CAPTURE}"
        ),
    );
    // Made, the same.
    let made = PATH
        .replace(". . . . n . . .", ". . . . B . . .")
        .replace(". . p . . . . .", ". . . . . . . .")
        .replace("B . . . . . K .", ". . . . . . K .");
    let made_path = |cards: &[&str]| {
        let mut text = made.clone();
        for (i, c) in cards.iter().enumerate() {
            text.push_str(&format!("\ncard: {c}, {}, 2.5", 11.0 + 0.5 * i as f64));
        }
        text
    };
    kept(&current(&made_path(&["B", "p", "n"])));
    assert!(
        !current(&made_path(&["B", "k", "n"])).is_empty(),
        "the king card keeps the bishop's card from any other"
    );
}

#[test]
fn four_cards_of_one_colour_in_a_row_are_recycled() {
    let f = current(&sparse(&["P", "N", "B", "R"], &[]));
    assert_eq!(
        summary(&f),
        [
            "cooperative-cards: 4 white cards in a row in the face-up line (P, N, B, R), but if there are ever 4 cards in a row of the same colour in the face-up line, they get recycled at once"
        ]
    );
    kept(&current(&sparse(&["P", "N", "B", "r"], &[])));
    kept(&current(&sparse(&["P", "N", "p", "B", "R"], &[])));
    // A capture in the middle makes the group: P N and B R join once the
    // pawn's card is gone, and all four are recycled, the bishop's too, so
    // the bishop cannot go on to take the knight.
    refused(
        &current(&path(&["P", "N", "p", "B", "R", "n"])),
        &format!(
            "arrow: the white bishop on c3 captures the black knight on e5, but the face-up line (n) has no white bishop card: {CAPTURE}"
        ),
    );
    kept(&current(&path(&["P", "N", "p", "B", "n"])));
}

/// Both sides have their queen and eight pawns; White's e-pawn stands on
/// e7 (Black's took on f6), and the other pieces are gone.
const PROMOTION: &str = ". . . q . . . k
    p p p p P p p p
    . . . . . p . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    P P P P . P P P
    . . . Q . . K .";

#[test]
fn a_pawn_moves_to_the_last_rank_only_with_its_card() {
    let proposed =
        format!("{PROMOTION}\ncard: q, 11, 2.5\ncard: P, 11.5, 2.5\narrow: e7, e8, white");
    kept(&current(&proposed));
    refused(
        &current(&proposed.replace("card: P, 11.5", "card: p, 11.5")),
        "arrow: the white pawn on e7 moves to the last rank, but the face-up line (q, p) has no white pawn card: you may only move a pawn to the last rank if it has a matching card in the face-up line",
    );
}

#[test]
fn a_pawn_promotes_only_to_a_type_already_captured() {
    let made = |piece: &str| {
        format!(
            "{}\ncard: q, 11, 2.5\ncard: P, 11.5, 2.5\narrow: e7, e8, white",
            PROMOTION
                .replace(". . . q . . . k", &format!(". . . q {piece} . . k"))
                .replace("p p p p P p p p", "p p p p . p p p")
        )
    };
    // The rooks are gone: a rook may come back.
    kept(&current(&made("R")));
    // Both queens stand, and every pawn: no queen was ever captured.
    refused(
        &current(&made("Q")),
        "arrow: the white pawn on e7 promotes to a queen on e8, but no queen has been captured: promote the pawn to any other piece type that has already been captured",
    );
    // Once Black's queen is taken, a queen may come back.
    kept(&current(
        &made("Q").replace(". . . q Q . . k", ". . . . Q . . k"),
    ));
    // Every queen stands, but a black pawn is gone that no extra black
    // piece accounts for: Black's queen may have been captured and that
    // pawn promoted to a queen since, so a queen may come back.
    kept(&current(
        &made("Q").replace("p p p p . p p p", "p p p . . p p p"),
    ));
    // Three white knights and every knight of Black's: one of White's was
    // captured and two pawns promoted to knights since.
    kept(&current(
        &made("N")
            .replace("P P P P . P P P", "P P . P . P P P")
            .replace(". . . Q . . K .", ". N . Q . N K ."),
    ));
    // Drawn at rest, the second queen says the same.
    let f = current(
        &PROMOTION
            .replace(". . . q . . . k", ". . . q Q . . k")
            .replace("p p p p P p p p", "p p p p . p p p"),
    );
    assert_eq!(
        summary(&f),
        [
            "material: 2 white queens stand, so one was promoted, but no queen can have been captured before: promote the pawn to any other piece type that has already been captured"
        ]
    );
}

/// The white queen takes the pawn on d3, then the king on d5.
const QUEEN: &str = ". . . . . . . .
     . . . . . . . .
     . . . . p . . .
     . . . k . . . .
     . . . . . . . .
     . . . p . . . .
     . . . . . . . .
     K . . Q . . . .
     arrow: d1, d3, white
     arrow: d3, d5, white";

#[test]
fn the_game_ends_when_a_king_is_captured() {
    kept(&current(QUEEN));
    // The shared rule of every game that ends at a king's capture, with
    // its help line.
    let f = current(&format!("{QUEEN}\narrow: d5, e6, white"));
    refused(
        &f,
        "arrow: the game is over: it ends when a king is captured, and the black king is gone",
    );
    assert_eq!(
        f[0].help.as_deref(),
        Some(crate::engine::games::king_capture::HELP)
    );
    let gone = QUEEN
        .replace(". . . k . . . .", ". . . . . . . .")
        .replace("\n     arrow: d3, d5, white", "");
    refused(
        &current(&gone),
        "arrow: the game is over: it ends when a king is captured, and the black king is gone",
    );
}

#[test]
fn the_non_capturing_move_comes_first_and_alone() {
    refused(
        &current(&format!("{}\narrow: e5, f6, white", PATH)),
        "arrow: the white bishop moves from e5 to f6 without capturing after a capture, but each turn's steps come in this order: a non-capturing chess move (step 2), then capturing chess moves (step 3)",
    );
    // A non-capturing move before the captures, by another piece.
    kept(&current(&sparse(&[], &["g1, g2, white", "a1, c3, white"])));
    let two = current(&sparse(&[], &["g1, g2, white", "d1, e3, white"]));
    assert_eq!(two.len(), 1, "{:?}", summary(&two));
    assert!(
        two[0]
            .message
            .contains("but a turn has one non-capturing move (step 2)"),
        "{}",
        two[0].message
    );
}

#[test]
fn castling_and_a_king_in_check_are_allowed() {
    assert_check_is_not_a_rule(SECTION, "arrow: a2, a3, white");
    let castle = "r . . . k . . r
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        R . . . K . . R
        card: P, 11, 2.5
        arrow: e1, g1, white";
    kept(&current(castle));
}

/// Black's d-pawn steps two squares beside White's e5 pawn, which takes
/// it en passant.
const EN_PASSANT: &str = ". . . . k . . .
    . . . p . . . .
    . . . . . . . .
    . . . . P . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . K . . .
    arrow: d7, d5, black
    arrow: e5, d6, white";

#[test]
fn en_passant_is_a_capture_like_any_other() {
    kept(&current(&format!(
        "{EN_PASSANT}\ncard: P, 11, 2.5\ncard: p, 11.5, 2.5"
    )));
    refused(
        &current(&format!(
            "{EN_PASSANT}\ncard: P, 11, 2.5\ncard: n, 11.5, 2.5"
        )),
        &format!(
            "arrow: the white pawn on e5 captures the black pawn on d5, but the face-up line (P, n) has no black pawn card: {CAPTURE}"
        ),
    );
    // Arrows of both colours that are not that double step.
    let f = current(&EN_PASSANT.replace("arrow: d7, d5, black", "arrow: e8, d8, black"));
    assert!(
        f.iter().any(
            |f| f.message == "the arrows are of both colours, but a turn is one player's moves"
        ),
        "{:?}",
        summary(&f)
    );
}

#[test]
fn a_king_card_goes_to_the_line_at_once() {
    // A hand shown face up holds no king card.
    let f = current(&format!("{SPARSE}\ncard: k, 11.5, 0"));
    assert_eq!(
        summary(&f),
        [
            "cooperative-cards: a face-up black king card outside the face-up line, with both kings on the board, but if you ever draw or deal a king card, immediately add it to the face-up line"
        ]
    );
    kept(&current(&format!("{SPARSE}\ncard: k, 11.5, 2.5")));
    kept(&current(&format!("{SPARSE}\ncard: n, 11.5, 0")));
}
