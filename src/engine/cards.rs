//! The book's card table (its `type: cards` grids, or the compiled-in one)
//! and setups dealt from cards.

use crate::book::{Book, default_card_rows};
use crate::diagram::{Board, Card, CardFace, CardRow, Piece, PlayingCard, Square, card_face};

/// One symbol of the table: the playing cards that match it and its gap.
#[derive(Clone, Debug, PartialEq)]
pub struct CardEntry {
    pub symbol: String,
    pub cards: Vec<PlayingCard>,
    /// Squares left empty before the piece when a setup is dealt; also the
    /// chess card's pips.
    pub gap: Option<u8>,
}

#[derive(Clone, Debug, PartialEq, Default)]
pub struct CardTable {
    pub entries: Vec<CardEntry>,
    /// Whether the book has its own table (or uses the compiled-in one).
    pub from_book: bool,
}

impl CardTable {
    pub fn from_rows<'a>(rows: impl IntoIterator<Item = &'a CardRow>) -> CardTable {
        CardTable {
            entries: rows
                .into_iter()
                .map(|r| CardEntry {
                    symbol: r.symbol.clone(),
                    cards: r.cells.iter().filter_map(|c| c.card).collect(),
                    gap: r.gap,
                })
                .collect(),
            from_book: true,
        }
    }

    /// The book's own table, or the compiled-in one when it has none.
    pub fn for_book(book: &Book) -> CardTable {
        let own: Vec<&CardRow> = book.card_rows().collect();
        if own.is_empty() {
            let rows = default_card_rows();
            CardTable {
                from_book: false,
                ..CardTable::from_rows(rows.iter())
            }
        } else {
            CardTable::from_rows(own)
        }
    }

    pub fn entry(&self, symbol: &str) -> Option<&CardEntry> {
        self.entries.iter().find(|e| e.symbol == symbol)
    }

    /// The gap (and pips) of a symbol.
    pub fn gap(&self, symbol: &str) -> Option<u8> {
        self.entry(symbol).and_then(|e| e.gap)
    }

    /// The symbol a playing card stands for.
    pub fn symbol_of(&self, card: PlayingCard) -> Option<&str> {
        self.entries
            .iter()
            .find(|e| e.cards.contains(&card))
            .map(|e| e.symbol.as_str())
    }
}

/// Why a deal could not be made.
#[derive(Clone, Debug, PartialEq)]
pub enum DealError {
    /// The card (by index into the cards dealt) shows no piece.
    NotAPiece(usize),
    /// The symbol has no gap in the table.
    NoGap(usize),
    /// The pieces run past h8.
    OffTheBoard(usize),
}

/// Deals `cards` in order onto an empty board from a1 along each rank to
/// h8, leaving each card's gap of empty squares before its piece.
pub fn deal(cards: &[&Card], table: &CardTable) -> Result<Board, DealError> {
    deal_from(Board::default(), 0, cards, table).map(|(board, _)| board)
}

/// As [`deal`], onto `board` starting after square index `next` (0 = a1);
/// returns the board and the index after the last piece placed.
pub fn deal_from(
    mut board: Board,
    mut next: usize,
    cards: &[&Card],
    table: &CardTable,
) -> Result<(Board, usize), DealError> {
    for (i, card) in cards.iter().enumerate() {
        let CardFace::Piece(piece) = card_face(&card.symbol) else {
            return Err(DealError::NotAPiece(i));
        };
        let gap = table.gap(&card.symbol).ok_or(DealError::NoGap(i))? as usize;
        next += gap;
        if next >= 64 {
            return Err(DealError::OffTheBoard(i));
        }
        board.set(Square::from_index(next), Some(piece));
        next += 1;
    }
    Ok((board, next))
}

/// The piece a card symbol shows, if it shows one.
/// How many cards of a piece one chess set's deck holds: eight pawns, two
/// knights, bishops and rooks, one queen and one king a colour.
pub fn set_count(role: crate::diagram::Role) -> usize {
    use crate::diagram::Role;
    match role {
        Role::Pawn => 8,
        Role::Knight | Role::Bishop | Role::Rook => 2,
        Role::Queen | Role::King => 1,
    }
}

/// Counts one more card of `piece` in `counts`; returns how many so far.
pub fn tally(counts: &mut Vec<(Piece, usize)>, piece: Piece) -> usize {
    match counts.iter_mut().find(|(p, _)| *p == piece) {
        Some((_, n)) => {
            *n += 1;
            *n
        }
        None => {
            counts.push((piece, 1));
            1
        }
    }
}

pub fn card_piece(card: &Card) -> Option<Piece> {
    match card_face(&card.symbol) {
        CardFace::Piece(p) => Some(p),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagram::{Color, Role, Suit};
    use crate::source::Span;

    fn card(symbol: &str) -> Card {
        Card {
            symbol: symbol.to_string(),
            x: 0.0,
            y: 0.0,
            span: Span::default(),
            symbol_span: Span::default(),
        }
    }

    fn table() -> CardTable {
        let rows = default_card_rows();
        CardTable::from_rows(rows.iter())
    }

    #[test]
    fn the_compiled_in_table_has_the_appendix_gaps() {
        let t = table();
        assert_eq!(t.gap("n"), Some(1));
        assert_eq!(t.gap("B"), Some(2));
        assert_eq!(t.gap("r"), Some(3));
        assert_eq!(t.gap("Q"), Some(5));
        assert_eq!(t.gap("k"), Some(6));
        assert_eq!(t.gap("p"), None);
        assert_eq!(
            t.symbol_of(PlayingCard {
                rank: 10,
                suit: Suit::Hearts
            }),
            Some("R")
        );
    }

    #[test]
    fn deals_the_golf_setup_from_the_book() {
        let symbols = [
            "B", "R", "k", "r", "n", "N", "r", "b", "R", "q", "B", "n", "N", "b", "K", "Q",
        ];
        let cards: Vec<Card> = symbols.iter().map(|s| card(s)).collect();
        let refs: Vec<&Card> = cards.iter().collect();
        let board = deal(&refs, &table()).unwrap();
        let at = |f: u8, r: u8| board.get(Square::new(f, r));
        assert_eq!(at(2, 1), Some(Piece::new(Color::White, Role::Bishop)));
        assert_eq!(at(6, 1), Some(Piece::new(Color::White, Role::Rook)));
        assert_eq!(at(5, 2), Some(Piece::new(Color::Black, Role::King)));
        assert_eq!(at(5, 8), Some(Piece::new(Color::White, Role::Queen)));
        assert_eq!(board.pieces().count(), 16);
    }

    #[test]
    fn a_deal_past_h8_is_an_error() {
        let cards: Vec<Card> = (0..10).map(|_| card("K")).collect();
        let refs: Vec<&Card> = cards.iter().collect();
        assert_eq!(deal(&refs, &table()), Err(DealError::OffTheBoard(9)));
        let back = card("back");
        assert_eq!(deal(&[&back], &table()), Err(DealError::NotAPiece(0)));
    }
}
