//! Alt text: what a diagram shows, in words, for screen readers and for
//! search. It describes the drawing (pieces, arrows, cards), not whether the
//! position is legal: that is the engine's business.

use crate::book::Book;
use crate::diagram::{
    Arrow, ArrowColour, BoardDiagram, CardFace, Color, Diagram, DiagramKind, Grid, Role, Square,
};

/// "Zombie Chess: Black's pawn e5 takes d4; a grey arrow d4 to c6. White:
/// king e1, … Black: …".
pub fn alt_text(game: Option<&str>, diagram: &Diagram) -> String {
    let what = match &diagram.kind {
        DiagramKind::Board(board) => board_text(board),
        DiagramKind::Grid(Grid::Masquerade(_)) => {
            "the masquerade grid of pieces and captures".into()
        }
        DiagramKind::Grid(Grid::Cloak(_)) => "the cloak grid of pieces and files".into(),
        DiagramKind::Grid(Grid::Cards(t)) => {
            let symbols: Vec<&str> = t.rows.iter().map(|r| r.symbol.as_str()).collect();
            format!("the card table, rows {}", symbols.join(", "))
        }
    };
    match game {
        Some(game) => format!("{game}: {what}"),
        None => what,
    }
}

/// The alt text of the book's diagram `index`, as the site gives it: the
/// title of its `##` section, then what it shows. `None` for a diagram
/// with errors.
pub fn of_diagram(book: &Book, index: usize) -> Option<String> {
    let entry = book.diagrams.get(index)?;
    let game = book.section_of(entry).map(|s| s.title.as_str());
    Some(alt_text(game, entry.diagram.as_ref()?))
}

fn side(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

fn square(s: Square) -> String {
    // Ranks 0 and 9 are the margins outside the board.
    format!("{}{}", s.file_char(), s.rank)
}

fn board_text(b: &BoardDiagram) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut moves: Vec<String> = Vec::new();
    for a in &b.arrows {
        moves.push(arrow_text(b, a));
    }
    if !moves.is_empty() {
        parts.push(moves.join("; "));
    }
    for c in [Color::White, Color::Black] {
        let pieces: Vec<String> = b
            .board
            .pieces()
            .filter(|(_, p)| p.color == c)
            .map(|(s, p)| format!("{} {}", p.role.name(), square(s)))
            .collect();
        if !pieces.is_empty() {
            parts.push(format!("{}: {}", side(c), pieces.join(", ")));
        }
    }
    if !b.cards.is_empty() {
        let cards: Vec<String> = b
            .cards
            .iter()
            .map(|card| match card.face() {
                CardFace::Piece(p) => format!("{} {}", side(p.color), p.role.name()),
                CardFace::Back => "a card face down".into(),
                CardFace::Checker(c) => format!("{} checker", side(c)),
                CardFace::Empty(c) => format!("{} empty square", side(c)),
                CardFace::Other(s) => s.to_string(),
            })
            .collect();
        parts.push(format!("cards: {}", cards.join(", ")));
    }
    if let Some(ch) = &b.checkers {
        parts.push(format!(
            "checkers left: White {}, Black {}",
            ch.white, ch.black
        ));
    }
    for t in &b.texts {
        parts.push(format!("label \u{201c}{}\u{201d}", t.text));
    }
    if parts.is_empty() {
        "an empty board".into()
    } else {
        parts.join(". ")
    }
}

/// What one arrow of `b` stands for: "Black's pawn e5 takes d4", "a grey
/// arrow d4 to c6", "a white ring on e4".
pub fn arrow_text(b: &BoardDiagram, a: &Arrow) -> String {
    let (from, to) = (square(a.from), square(a.to));
    let colour = match a.colour {
        ArrowColour::White => Some(Color::White),
        ArrowColour::Black => Some(Color::Black),
        ArrowColour::Grey => None,
    };
    match (colour, a.is_ring()) {
        (_, true) => format!("a {} ring on {from}", a.colour.name()),
        (None, false) => format!("a grey arrow {from} to {to}"),
        (Some(c), false) => {
            // The piece stands at the head once moved, at the tail before.
            let at_head = b.board.get(a.to).filter(|p| p.color == c);
            let at_tail = b.board.get(a.from).filter(|p| p.color == c);
            match at_head.or(at_tail) {
                Some(p) => {
                    let diagonal_pawn = p.role == Role::Pawn && a.from.file != a.to.file;
                    let onto_enemy =
                        at_head.is_none() && b.board.get(a.to).is_some_and(|q| q.color != c);
                    let verb = if diagonal_pawn || onto_enemy {
                        "takes"
                    } else {
                        "to"
                    };
                    format!("{}'s {} {from} {verb} {to}", side(c), p.role.name())
                }
                None => format!("a {} arrow {from} to {to}", a.colour.name()),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::book::Book;
    use crate::source::SourceFile;

    fn first_diagram(text: &str) -> Diagram {
        let mut diags = Vec::new();
        let b = Book::parse(SourceFile::new("t.md", text), &mut diags);
        assert!(diags.is_empty(), "{diags:?}");
        b.diagrams[0].diagram.clone().unwrap()
    }

    #[test]
    fn a_made_pawn_capture_and_a_grey_arrow_are_told_as_such() {
        let d = first_diagram(
            "## Zombie Chess\n\n    . . . . k . . .\n    . . . . . . . .\n    . . n . . . . .\n    . . . . . . . .\n    . . . p P . . .\n    . . . . . . . .\n    . . . . . . . .\n    . . . . K . . .\n    arrow: e5, d4, black\n    arrow: d4, c6, grey\n",
        );
        let text = alt_text(Some("Zombie Chess"), &d);
        assert!(
            text.starts_with("Zombie Chess: Black's pawn e5 takes d4; a grey arrow d4 to c6. "),
            "{text}"
        );
        assert!(text.contains("White: king e1, pawn e4"), "{text}");
        assert!(
            text.contains("Black: pawn d4, knight c6, king e8"),
            "{text}"
        );
    }

    #[test]
    fn an_empty_square_card_is_told_as_such() {
        let board = "    . . . . . . . .\n".repeat(8);
        let d = first_diagram(&format!(
            "## X\n\n{board}    card: E, 9, 0\n    card: e, 11, 0\n\n    type: cards\n    Piece Cards Gap\n    e _ _ 6S 7S 6C 7C _ _ _\n    E _ _ 6H 7H 6D 7D _ _ _\n"
        ));
        let text = alt_text(None, &d);
        assert!(
            text.contains("cards: White empty square, Black empty square"),
            "{text}"
        );
    }

    #[test]
    fn a_proposed_quiet_move_is_told_from_its_tail() {
        let d = first_diagram(
            "## X\n\n    . . . . k . . .\n    . . . . . . . .\n    . . . . . . . .\n    . . . . . . . .\n    . . . . . . . .\n    . . . . . . . .\n    . . . . . . . .\n    . . . . K . N .\n    arrow: g1, f3, white\n",
        );
        let text = alt_text(None, &d);
        assert!(text.starts_with("White's knight g1 to f3."), "{text}");
    }
}
