//! Neighbour Chess Solitaire: no pawns, and a piece moves only by using the
//! move of a same-colour neighbour in the 8 squares around it (Chess Golf's
//! borrowing, without Golf's special king's move). Every white or black
//! arrow is such a move, made or proposed, in whatever order works.
//!
//! The text never mentions captures: the game gathers every piece into one
//! group, so a borrowed move must land on an empty square.
//! The setup (piece cards moved by position cards) is not a gap deal, so
//! cards in a diagram are not checked against a deal.

use crate::diagram::BoardDiagram;
use crate::engine::games::golf::{Captures, MATERIAL, check_moves};
use crate::engine::material;
use crate::engine::{DiagramContext, Finding, Game};

pub struct Neighbour;

impl Game for Neighbour {
    fn name(&self) -> &'static str {
        "Neighbour Chess Solitaire"
    }

    fn fen_rules(&self) -> crate::engine::fen::FenRules<'static> {
        crate::engine::fen::FenRules::not(
            "Neighbour Chess Solitaire is played by one player, who moves pieces of both colours, so its positions have no side to move",
        )
    }

    fn check_board(&self, _cx: &DiagramContext, board: &BoardDiagram, out: &mut Vec<Finding>) {
        material::check(board, &MATERIAL, out);
        check_moves(board, Captures::None, false, out);
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use crate::book::Book;
    use crate::engine::{Options, RuleDiagnostic, check_book};

    const SECTION: &str = "Neighbour Chess Solitaire";

    fn findings(text: &str) -> Vec<RuleDiagnostic> {
        crate::engine::games::common::testing::text_findings(text, SECTION)
    }

    fn book(board: &str, lines: &[&str]) -> String {
        let mut s = format!("## {SECTION}\n\n");
        for row in board.lines() {
            s.push_str(&format!("    {}\n", row.trim()));
        }
        for l in lines {
            s.push_str(&format!("    {l}\n"));
        }
        s
    }

    fn line_of(d: &RuleDiagnostic) -> String {
        let src = d.diagnostic.source.as_ref().unwrap();
        src.line_text(src.line_of(d.diagnostic.span.unwrap().start))
            .trim()
            .to_string()
    }

    // A white rook beside a white bishop; a lone black knight.
    const BOARD: &str = ". . . . . . . .
        . . . . . . . .
        . . . . . n . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . R B . . . . .
        . . . . . . . .";

    #[test]
    fn the_seed_book_has_no_neighbour_findings() {
        let mut diags = Vec::new();
        let book = Book::load(Path::new("tests/seeds/new_rules.md"), &mut diags).unwrap();
        let (out, _, _) = check_book(&book, &Options::default());
        assert!(
            !out.iter().any(|d| d.section.as_deref() == Some(SECTION)),
            "{out:?}"
        );
    }

    #[test]
    fn a_piece_borrows_its_neighbours_move() {
        // The bishop moves like a rook along the rank, the rook like a bishop.
        assert!(findings(&book(BOARD, &["arrow: c2, h2, white"])).is_empty());
        assert!(findings(&book(BOARD, &["arrow: b2, a1, white"])).is_empty());
        // A made move: the bishop now on h2 came from c2 as a rook.
        let made = BOARD.replace(". R B . . . . .", ". R . . . . . B");
        let found = findings(&book(&made, &["arrow: c2, h2, white"]));
        // Undone, the bishop stood on c2 beside the rook: a rook's move.
        assert!(found.is_empty(), "{found:?}");
    }

    #[test]
    fn its_own_move_is_not_borrowed() {
        let found = findings(&book(BOARD, &["arrow: c2, e4, white"]));
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].rule, "arrow");
        assert_eq!(line_of(&found[0]), "arrow: c2, e4, white");
        assert!(found[0].diagnostic.message.contains("white rook on b2"));
    }

    #[test]
    fn a_piece_without_neighbours_cannot_move_and_there_is_no_special_move() {
        let found = findings(&book(BOARD, &["arrow: f6, f5, black"]));
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(
            found[0].diagnostic.message.contains("no black neighbour"),
            "{}",
            found[0].diagnostic.message
        );
    }

    #[test]
    fn a_borrowed_move_does_not_capture() {
        let board = BOARD.replace(". R B . . . . .", ". R B . . . . n");
        let found = findings(&book(&board, &["arrow: c2, h2, white"]));
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(found[0].diagnostic.message.contains("never capture"));
    }

    /// A bishop borrows a rook's or a knight's move onto either colour of
    /// square, so two on one colour are no promotion; a third is more than
    /// the set.
    #[test]
    fn bishops_may_share_a_colour_of_square() {
        let board = BOARD.replace(
            ". . . . . . . .\n        . R B",
            ". . . . . . . B\n        . R B",
        );
        let found = findings(&book(&board, &["arrow: c2, c1, white"]));
        assert!(found.is_empty(), "{found:?}");
        let board = board.replace(". R B . . . . .", ". R B . . . B .");
        let found = findings(&book(&board, &[]));
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(
            found[0].diagnostic.message,
            "White has 3 bishops; a set has 2"
        );
    }

    #[test]
    fn pawns_are_not_part_of_the_game() {
        let board = BOARD.replace(". R B . . . . .", ". R B . . . . P");
        let found = findings(&book(&board, &[]));
        assert!(found.iter().any(|d| d.rule == "material"), "{found:?}");
    }
}
