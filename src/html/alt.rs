//! Alt text: what a diagram shows, in words, for screen readers and for
//! search. It describes the drawing (pieces, arrows, cards), not whether the
//! position is legal: that is the engine's business.

use super::grid_table;
use crate::book::Book;
use crate::diagram::{
    Arrow, ArrowColour, BoardDiagram, CardFace, Color, Diagram, DiagramKind, Piece, Role, Square,
};

/// "Zombie Chess: Black's pawn e5 takes d4; a grey arrow d4 to c6. White:
/// king e1, … Black: …".
pub fn alt_text(game: Option<&str>, diagram: &Diagram) -> String {
    let what = match &diagram.kind {
        DiagramKind::Board(board) => board_text(board),
        DiagramKind::Grid(grid) => grid_table::grid_text(grid),
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

/// The alt text the site's drawing of diagram `index` carries: a board's
/// [`of_diagram`]; a grid's name only, since the site writes its every
/// cell in a table after the drawing ([`grid_table::table_html`]).
pub fn on_site(book: &Book, index: usize) -> Option<String> {
    let entry = book.diagrams.get(index)?;
    match entry.diagram.as_ref()?.as_grid() {
        Some(grid) => {
            let what = format!(
                "{}, every cell in the table that follows",
                grid_table::grid_name(grid)
            );
            Some(match book.section_of(entry) {
                Some(s) => format!("{}: {what}", s.title),
                None => what,
            })
        }
        None => of_diagram(book, index),
    }
}

fn side(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

fn square(s: Square) -> String {
    s.to_string()
}

/// Where an arrow's end is: its square, or for ranks 0 and 9 (the margins
/// outside the board) the file and the side, never a square that is not
/// on the board.
fn place(s: Square) -> String {
    match margin(s) {
        Some(side) => format!("the {}-file {side}", s.file_char()),
        None => square(s),
    }
}

/// "below the board" for rank 0, "above the board" for rank 9.
fn margin(s: Square) -> Option<&'static str> {
    match s.rank {
        0 => Some("below the board"),
        9 => Some("above the board"),
        _ => None,
    }
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
    let (from, to) = (place(a.from), place(a.to));
    let colour = match a.colour {
        ArrowColour::White => Some(Color::White),
        ArrowColour::Black => Some(Color::Black),
        ArrowColour::Grey => None,
    };
    let plain = || match (margin(a.from), margin(a.to)) {
        // Both ends in one margin: a move told beside the board.
        (Some(side), Some(other)) if side == other => format!(
            "a {} arrow {side}, from the {}-file to the {}-file",
            a.colour.name(),
            a.from.file_char(),
            a.to.file_char()
        ),
        _ => format!("a {} arrow {from} to {to}", a.colour.name()),
    };
    match (colour, a.is_ring()) {
        (_, true) => match margin(a.from) {
            Some(side) => format!(
                "a {} ring {side} on the {}-file",
                a.colour.name(),
                a.from.file_char()
            ),
            None => format!("a {} ring on {from}", a.colour.name()),
        },
        (None, false) => plain(),
        (Some(c), false) => match mover(b, a, c) {
            Some((p, proposed)) => {
                let diagonal_pawn = p.role == Role::Pawn && a.from.file != a.to.file;
                let onto_enemy = proposed && b.board.get(a.to).is_some_and(|q| q.color != c);
                let verb = if diagonal_pawn || onto_enemy {
                    "takes"
                } else {
                    "to"
                };
                format!("{}'s {} {from} {verb} {to}", side(c), p.role.name())
            }
            None => plain(),
        },
    }
}

/// The piece of colour `c` that arrow `a` moves, and whether the move is
/// proposed (the piece still on the arrow's tail) rather than made (the
/// piece on its head). A piece on the tail is proposing the move, unless
/// another arrow of its colour ends there: then the tail's piece arrived
/// after this move was made, and the mover is the one on the head.
fn mover(b: &BoardDiagram, a: &Arrow, c: Color) -> Option<(Piece, bool)> {
    let own = |s: Square| b.board.get(s).filter(|p| p.color == c);
    let tail_refilled = b
        .arrows
        .iter()
        .any(|o| o.colour == a.colour && !o.is_ring() && o.to == a.from && o.from != a.to);
    match (own(a.from), own(a.to)) {
        (Some(p), _) if !tail_refilled => Some((p, true)),
        (_, Some(p)) => Some((p, false)),
        (Some(p), None) => Some((p, true)),
        (None, None) => None,
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

    /// The squares an alt text names, label texts aside: each word of a
    /// file letter and a number.
    fn squares_named(text: &str) -> Vec<String> {
        let mut outside_labels = String::new();
        for (i, part) in text.split(['\u{201c}', '\u{201d}']).enumerate() {
            if i % 2 == 0 {
                outside_labels.push_str(part);
                outside_labels.push(' ');
            }
        }
        outside_labels
            .split(|c: char| !c.is_ascii_alphanumeric())
            .filter(|w| {
                let mut chars = w.chars();
                chars.next().is_some_and(|c| c.is_ascii_lowercase())
                    && w.len() > 1
                    && chars.all(|c| c.is_ascii_digit())
            })
            .map(str::to_string)
            .collect()
    }

    #[test]
    fn no_description_of_a_bundled_or_seed_diagram_names_a_square_off_the_board() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut books = 0;
        let mut arrows_in_margins = 0;
        for dir in ["rules", "tests/seeds"] {
            let mut paths: Vec<_> = std::fs::read_dir(root.join(dir))
                .unwrap()
                .map(|e| e.unwrap().path())
                .filter(|p| p.extension().is_some_and(|x| x == "md"))
                .collect();
            paths.sort();
            for path in paths {
                let book = Book::load(&path, &mut Vec::new()).unwrap();
                books += 1;
                for (i, entry) in book.diagrams.iter().enumerate() {
                    let Some(text) = of_diagram(&book, i) else {
                        continue;
                    };
                    for word in squares_named(&text) {
                        let file = word.as_bytes()[0];
                        let rank: u32 = word[1..].parse().unwrap();
                        assert!(
                            (b'a'..=b'h').contains(&file) && (1..=8).contains(&rank),
                            "{} diagram {}: names {word}: {text}",
                            path.display(),
                            entry.image_name
                        );
                    }
                    if let Some(b) = entry.diagram.as_ref().and_then(Diagram::as_board) {
                        arrows_in_margins += b
                            .arrows
                            .iter()
                            .filter(|a| !a.from.is_on_board() || !a.to.is_on_board())
                            .count();
                    }
                }
            }
        }
        // The books hold margin arrows (Chess960's castling), so the check
        // above has met some.
        assert!(books >= 8, "{books}");
        assert!(arrows_in_margins >= 2, "{arrows_in_margins}");
    }

    fn bundled(name: &str, image: &str) -> String {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(name);
        let book = Book::load(&path, &mut Vec::new()).unwrap();
        let i = book
            .diagrams
            .iter()
            .position(|d| d.image_name == image)
            .unwrap_or_else(|| panic!("{name} has no diagram {image}"));
        of_diagram(&book, i).unwrap()
    }

    #[test]
    fn chess960_castling_arrow_is_told_beside_the_board() {
        let text = bundled("rules/rules.md", "chess960-1");
        assert!(
            text.starts_with(
                "Chess960: a grey arrow below the board, from the e-file to the c-file; a grey arrow c1 to d1. "
            ),
            "{text}"
        );
    }

    #[test]
    fn gravity_chess_names_the_rook_that_proposes_a_move_onto_the_king() {
        let text = bundled("rules/new_rules.md", "gravity-chess4");
        // The rook on g6 shows its move down to g3, where the king stands;
        // the king's own arrows start from g3.
        assert!(
            text.starts_with(
                "Gravity Chess: Black's king e3 to d2; White's king g3 to g2; White's king g3 to h2; White's rook g6 to g3. "
            ),
            "{text}"
        );
    }

    #[test]
    fn a_chain_of_made_moves_names_each_mover_on_its_head() {
        // Gravity Chess: the bishop moved e7 to f6, then the pawn fell
        // from e8 into e7; e7's pawn is not the bishop's mover.
        let text = bundled("rules/new_rules.md", "gravity-chess2");
        assert!(
            text.starts_with("Gravity Chess: White's pawn e8 to e7; White's bishop e7 to f6. "),
            "{text}"
        );
    }

    #[test]
    fn a_ring_and_an_arrow_in_the_margin_name_their_file_and_side() {
        let d = first_diagram(
            "## X\n\n    . . . . k . . .\n    . . . . . . . .\n    . . . . . . . .\n    . . . . . . . .\n    . . . . . . . .\n    . . . . . . . .\n    . . . . . . . .\n    . . . . K . . .\n    margins: 0, 1\n    arrow: a9, a9, grey\n    arrow: e1, e0, white\n",
        );
        let text = alt_text(None, &d);
        assert!(
            text.starts_with(
                "a grey ring above the board on the a-file; White's king e1 to the e-file below the board. "
            ),
            "{text}"
        );
    }
}
