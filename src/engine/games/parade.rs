//! Parade Chess Solitaire: no pawns; a setup dealt from one pile of eight
//! cards must be the board the card table's gaps produce; and a move is a
//! piece moving a piece of the other colour from a square it attacks to
//! another square it attacks, drawn as two arrows from the mover: to the
//! moved piece's old square, then to its new one.
//!
//! "A square that it could attack in regular chess" is read with the pieces
//! on the board: a slider's line stops at the first piece. The moved piece is
//! picked up first, so it does not block its own new square; the new square
//! must be empty ("place it in another square": the game has no captures).

use crate::diagram::{Arrow, BoardDiagram, Square};
use crate::engine::chess::{SquareSet, attacks};
use crate::engine::games::golf::check_deal;
use crate::engine::material::{self, MaterialRules};
use crate::engine::replay::arrow_color;
use crate::engine::{DiagramContext, Finding, Game};

pub struct Parade;

/// The setup deals one pile of eight cards.
const SETUP_CARDS: usize = 8;

impl Game for Parade {
    fn name(&self) -> &'static str {
        "Parade Chess Solitaire"
    }

    fn check_board(&self, cx: &DiagramContext, board: &BoardDiagram, out: &mut Vec<Finding>) {
        material::check(board, &MaterialRules::NO_PAWNS, out);
        if !board.cards.is_empty() {
            check_deal(cx.cards, board, SETUP_CARDS, "Parade Chess Solitaire", out);
        }
        check_moves(board, out);
    }
}

/// Groups the move arrows by mover (tail square and colour) and checks
/// each pair.
fn check_moves(board: &BoardDiagram, out: &mut Vec<Finding>) {
    let mut groups: Vec<Vec<&Arrow>> = Vec::new();
    for a in crate::engine::games::common::move_arrows(board) {
        match groups
            .iter_mut()
            .find(|g| g[0].from == a.from && g[0].colour == a.colour)
        {
            Some(g) => g.push(a),
            None => groups.push(vec![a]),
        }
    }
    for group in groups {
        for pair in group.chunks(2) {
            match pair {
                [old, new] => check_pair(board, old, new, out),
                [single] => out.push(
                    Finding::error(
                        "arrow",
                        single.span,
                        format!(
                            "a Parade move is drawn as two arrows from the moving piece on {}, to the moved piece's old square and to its new one; this one has no partner",
                            single.from
                        ),
                    )
                    .with_help("add the arrow to the other square"),
                ),
                _ => {}
            }
        }
    }
}

/// `old` points at the moved piece's old square and `new` at its new one.
/// The move may be made (the piece now stands on `new`) or proposed (it
/// still stands on `old`).
fn check_pair(board: &BoardDiagram, old: &Arrow, new: &Arrow, out: &mut Vec<Finding>) {
    let Some(color) = arrow_color(old) else {
        return;
    };
    let b = &board.board;
    let from = old.from;
    let Some(mover) = b.get(from) else {
        out.push(Finding::error(
            "arrow",
            old.span,
            format!(
                "there is no piece on {from} to move another piece: the mover stays where it stands"
            ),
        ));
        return;
    };
    if mover.color != color {
        out.push(Finding::error(
            "arrow",
            old.span,
            format!(
                "the arrows are {} but the piece on {from} is a {}",
                color.name(),
                mover.name()
            ),
        ));
        return;
    }
    let who = format!("the {} on {from}", mover.name());
    if old.to == new.to {
        out.push(Finding::error(
            "arrow",
            new.span,
            format!(
                "{who} would put the piece back on {}: it must go to another square",
                new.to
            ),
        ));
        return;
    }
    // Made: the moved piece stands on the new square and the old one is
    // empty; proposed: the other way round.
    let (moved_sq, span) = match (b.get(new.to), b.get(old.to)) {
        (Some(_), None) => (new.to, new.span),
        (None, Some(_)) => (old.to, old.span),
        (Some(_), Some(p)) => {
            out.push(Finding::error(
                "arrow",
                new.span,
                format!(
                    "{} and {} are both occupied (a {} stands on {}): the moved piece leaves one and lands on an empty other",
                    old.to,
                    new.to,
                    p.name(),
                    old.to
                ),
            ));
            return;
        }
        (None, None) => {
            out.push(Finding::error(
                "arrow",
                new.span,
                format!(
                    "no piece stands on {} or {} for {who} to move",
                    old.to, new.to
                ),
            ));
            return;
        }
    };
    let Some(moved) = b.get(moved_sq) else {
        return;
    };
    if moved.color == color {
        out.push(Finding::error(
            "arrow",
            span,
            format!(
                "{who} cannot move the {} on {moved_sq}: a piece moves only pieces of the opposite colour",
                moved.name()
            ),
        ));
        return;
    }
    // The moved piece is in the hand: neither square holds it.
    let occ = SquareSet::occupied(b).without(moved_sq);
    let reach = attacks(&occ, from, mover.role, mover.color);
    for (sq, arrow, what) in [(old.to, old, "take it from"), (new.to, new, "put it on")] {
        if !reach.contains(sq) {
            out.push(Finding::error(
                "arrow",
                arrow.span,
                format!(
                    "{who} cannot {what} {sq}: it does not attack {sq}{}",
                    blocked(&occ, from, sq)
                ),
            ));
            return;
        }
    }
}

/// ", e3 is in the way" when a piece stands between.
fn blocked(occ: &SquareSet, from: Square, to: Square) -> String {
    let kind = crate::engine::chess::line_kind(from, to);
    if !kind.is_line() {
        return String::new();
    }
    match (crate::engine::chess::squares_between(from, to) & *occ).first() {
        Some(b) => format!(" ({b} is in the way)"),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use crate::book::Book;
    use crate::engine::{Options, RuleDiagnostic, check_book};
    use crate::source::SourceFile;

    const BOOK: &str = "tests/seeds/new_rules.md";
    const SECTION: &str = "Parade Chess Solitaire";

    fn findings(text: &str) -> Vec<RuleDiagnostic> {
        let mut diags = Vec::new();
        let book = Book::parse(SourceFile::new(BOOK, text.to_string()), &mut diags);
        let (out, _, _) = check_book(&book, &Options::default());
        out.into_iter()
            .filter(|d| d.section.as_deref() == Some(SECTION))
            .collect()
    }

    fn seed() -> String {
        std::fs::read_to_string(BOOK).unwrap()
    }

    fn mutate(after: &str, old: &str, new: &str) -> String {
        let text = seed();
        let base = text.find(after).unwrap();
        let at = base + text[base..].find(old).unwrap();
        format!("{}{}{}", &text[..at], new, &text[at + old.len()..])
    }

    fn line_of(text: &str, needle: &str, after: &str) -> usize {
        let base = text.find(after).unwrap();
        let at = base + text[base..].find(needle).unwrap();
        text[..at].matches('\n').count() + 1
    }

    fn assert_finding(text: &str, rule: &str, line: usize) -> String {
        let found = findings(text);
        let at = |d: &RuleDiagnostic| {
            d.diagnostic
                .source
                .as_ref()
                .unwrap()
                .line_of(d.diagnostic.span.unwrap().start)
        };
        let hit = found.iter().find(|d| d.rule == rule && at(d) == line);
        match hit {
            Some(d) => d.diagnostic.message.clone(),
            None => panic!(
                "no {rule} finding on line {line}: {:?}",
                found
                    .iter()
                    .map(|d| (d.rule, at(d), &d.diagnostic.message))
                    .collect::<Vec<_>>()
            ),
        }
    }

    #[test]
    fn the_seed_diagrams_pass() {
        let mut diags = Vec::new();
        let book = Book::load(Path::new(BOOK), &mut diags).unwrap();
        let (out, _, _) = check_book(&book, &Options::default());
        let mine: Vec<_> = out
            .iter()
            .filter(|d| d.section.as_deref() == Some(SECTION))
            .map(|d| &d.diagnostic.message)
            .collect();
        assert!(mine.is_empty(), "{mine:?}");
    }

    #[test]
    fn a_setup_square_that_the_deal_does_not_give_is_found() {
        let after = "to the 9 of spades";
        let text = mutate(after, ". r . n . N . .", ". r . n . . N .");
        let l = line_of(&text, ". r . n . . N .", after);
        let m = assert_finding(&text, "setup", l);
        assert!(m.contains("white knight on f3"), "{m}");
    }

    #[test]
    fn a_wrong_card_in_the_setup_is_found() {
        let after = "to the 9 of spades";
        let text = mutate(after, "card: n, 8.5, 1", "card: b, 8.5, 1");
        // The bishop's gap of 2 shifts the pieces after it.
        let found = findings(&text);
        assert!(found.iter().any(|d| d.rule == "setup"), "{found:?}");
    }

    #[test]
    fn a_move_to_a_square_the_mover_does_not_attack_is_found() {
        let after = "using the black bishop at e4";
        let text = mutate(after, "arrow: e4, g2, black", "arrow: e4, h2, black");
        let text = text.replacen(". . . . . k N .\n", ". . . . . k . N\n", 1);
        let l = line_of(&text, "arrow: e4, h2, black", after);
        let m = assert_finding(&text, "arrow", l);
        assert!(m.contains("does not attack h2"), "{m}");
    }

    #[test]
    fn a_piece_moving_its_own_colour_is_found() {
        let after = "using the black bishop at e4";
        let text = mutate(after, ". . . . . k N .", ". . . . . k n .");
        let l = line_of(&text, "arrow: e4, g2, black", after);
        let m = assert_finding(&text, "arrow", l);
        assert!(m.contains("opposite colour"), "{m}");
    }

    #[test]
    fn arrows_of_the_wrong_colour_are_found() {
        let after = "using the black bishop at e4";
        let text = mutate(after, "arrow: e4, f3, black", "arrow: e4, f3, white");
        let found = findings(&text);
        assert!(found.iter().any(|d| d.rule == "arrow"), "{found:?}");
    }

    #[test]
    fn the_knight_example_of_the_text() {
        // "black knight at d3 could move the white bishop from c1 to b2, e1,
        // f4, e5, or c5": each made move passes, c3 does not.
        let setup = ". . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. r . . b . . .\n. r . n . N . .\n. . . . . k . .\n. . . . . . R .\n";
        for (to, ok) in [
            ("b2", true),
            ("e1", true),
            ("f4", true),
            ("e5", true),
            ("c5", true),
            ("c3", false),
        ] {
            let sq = crate::diagram::Square::new(to.as_bytes()[0] - b'a', to.as_bytes()[1] - b'0');
            let mut rows: Vec<Vec<&str>> = setup.lines().map(|l| l.split(' ').collect()).collect();
            rows[8 - sq.rank as usize][sq.file as usize] = "B";
            let board: String = rows
                .iter()
                .map(|r| format!("    {}\n", r.join(" ")))
                .collect();
            let text = format!(
                "## Parade Chess Solitaire\n\n{board}    arrow: d3, c1, black\n    arrow: d3, {to}, black\n"
            );
            let found = findings(&text);
            assert_eq!(found.is_empty(), ok, "{to}: {found:?}");
        }
    }
}
