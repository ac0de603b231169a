//! Chess960: orthodox chess from a shuffled back rank, castling to the
//! usual squares. A diagram with cards is a starting position dealt from
//! them: it must obey Fischer's restrictions and be exactly what the
//! book's procedure makes of its cards (each book's own text: the seed's
//! three piles, or the current edition's two decks). A diagram without cards whose
//! armies stand on their own two ranks is a starting position too, held
//! to the restrictions. Grey arrows (castling drawn in the margin) are
//! annotations.

use crate::diagram::{BoardDiagram, Card, CardFace, Color, Piece, Role, Square};
use crate::engine::cards::CardTable;
use crate::engine::chess::Move;
use crate::engine::chess::{CastlingInference, Rules};
use crate::engine::games::common;
use crate::engine::material::{self, MaterialRules};
use crate::engine::replay::{self, OrthodoxSteps, State, StepRules};
use crate::engine::{DiagramContext, Finding, Game};

pub struct Chess960;

pub const SETUP: &str = "chess960-setup";

/// The back-rank pieces, left to right, or the finding for the card
/// that breaks the procedure.
fn deal(cards: &[Card], table: &CardTable) -> Result<[Role; 8], Finding> {
    // The cards in the order listed: two bishop cards, then the third pile.
    if cards.len() != 8 {
        let span = cards.last().map_or(Default::default(), |c| c.span);
        return Err(Finding::error(
            SETUP,
            span,
            format!(
                "a Chess960 setup is dealt from 8 cards (2 for the bishops, 6 for the other pieces), but the diagram shows {}",
                cards.len()
            ),
        ));
    }
    let mut rank: [Option<Role>; 8] = [None; 8];
    let mut parity = Vec::new();
    for card in &cards[..2] {
        let black = match card.face() {
            CardFace::Piece(p) => p.color == Color::Black,
            CardFace::Checker(c) => c == Color::Black,
            _ => false,
        };
        if !black {
            return Err(Finding::error(
                SETUP,
                card.span,
                format!(
                    "the bishop cards come from the two piles of black cards, but {} is not a black card",
                    card.symbol
                ),
            ));
        }
        let Some(pips @ 1..=8) = table.gap(&card.symbol) else {
            return Err(Finding::error(
                SETUP,
                card.span,
                format!(
                    "the {} card has no pips from 1 to 8 in the card table's gap column",
                    card.symbol
                ),
            ));
        };
        let file = pips as usize - 1;
        if parity.contains(&(pips % 2)) {
            return Err(Finding::error(
                SETUP,
                card.span,
                format!(
                    "the two bishop cards both have {} pips, but one comes from the odd pile and one from the even pile",
                    if pips % 2 == 1 { "odd" } else { "even" }
                ),
            )
            .with_help("so the bishops stand on squares of different colours"));
        }
        parity.push(pips % 2);
        rank[file] = Some(Role::Bishop);
    }
    let mut pile: Vec<&str> = cards[2..].iter().map(|c| c.symbol.as_str()).collect();
    pile.sort_unstable();
    if pile != ["N", "N", "Q", "R", "R", "r"] {
        return Err(Finding::error(
            SETUP,
            cards[2].span,
            format!(
                "the third pile is N, N, Q, R, R and a black r, but these cards are {}",
                cards[2..]
                    .iter()
                    .map(|c| c.symbol.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        ));
    }
    let mut rooks = [Role::Rook, Role::King, Role::Rook].into_iter();
    let mut empty = (0..8)
        .filter(|&f| rank[f].is_none())
        .collect::<Vec<_>>()
        .into_iter();
    for card in &cards[2..] {
        let role = match card.symbol.as_str() {
            "N" => Role::Knight,
            "Q" => Role::Queen,
            _ => rooks.next().unwrap_or(Role::Rook),
        };
        if let Some(f) = empty.next() {
            rank[f] = Some(role);
        }
    }
    Ok(rank.map(|r| r.unwrap_or(Role::Pawn)))
}

/// How the section's text deals a setup from cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Procedure {
    /// The seed's: a bishop card from each of two black piles (odd and
    /// even pips), then a third pile "N, N, Q, R, R, plus black R" filling
    /// the empty squares from the left.
    Piles,
    /// The current edition's: the eight white pieces in two decks of four
    /// (one bishop each), dealt alternately, 1, 2, 1, 2, left to right
    /// along the first rank; the king swapped with the nearest rook when
    /// both rooks are on one side of it.
    Decks,
}

impl Procedure {
    /// The procedure of the section's text; where the text names neither,
    /// the cards tell: the seed's deal starts with two black bishop cards.
    fn of(text: &str, cards: &[Card]) -> Procedure {
        let words: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
        if words.contains("deck 1 and deck 2") {
            return Procedure::Decks;
        }
        if words.contains("three piles") {
            return Procedure::Piles;
        }
        let black = |c: &Card| match c.face() {
            CardFace::Piece(p) => p.color == Color::Black,
            CardFace::Checker(c) => c == Color::Black,
            _ => false,
        };
        if cards.len() >= 2 && cards[..2].iter().all(black) {
            Procedure::Piles
        } else {
            Procedure::Decks
        }
    }
}

/// The current edition's deal: the back rank, left to right, or the
/// finding for the card that breaks the procedure.
fn deal_decks(cards: &[Card]) -> Result<[Role; 8], Finding> {
    const DECK: [Role; 8] = [
        Role::Knight,
        Role::Knight,
        Role::Bishop,
        Role::Bishop,
        Role::Rook,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];
    // "Deal eight cards face up along the bottom of the board": left to right.
    let mut dealt: Vec<&Card> = cards.iter().collect();
    dealt.sort_by(|a, b| a.x.total_cmp(&b.x));
    let span = dealt.last().map_or(Default::default(), |c| c.span);
    let roles: Vec<Option<Role>> = dealt
        .iter()
        .map(|c| match c.face() {
            CardFace::Piece(p) if p.color == Color::White => Some(p.role),
            _ => None,
        })
        .collect();
    let mut sorted = roles.clone();
    sorted.sort();
    let mut deck = DECK.map(Some).to_vec();
    deck.sort();
    if sorted != deck {
        let names: Vec<&str> = dealt.iter().map(|c| c.symbol.as_str()).collect();
        return Err(Finding::error(
            SETUP,
            span,
            format!(
                "the deck is the white pieces N, N, B, B, R, R, Q and K, but these cards are {}",
                names.join(", ")
            ),
        ));
    }
    let mut rank = [Role::Pawn; 8];
    for (f, role) in roles.into_iter().enumerate() {
        rank[f] = role.unwrap_or(Role::Pawn);
    }
    let bishops: Vec<usize> = (0..8).filter(|&i| rank[i] == Role::Bishop).collect();
    if let [b1, b2] = bishops[..]
        && b1 % 2 == b2 % 2
    {
        let ordinal = |i: usize| match i + 1 {
            1 => "1st".to_string(),
            2 => "2nd".to_string(),
            3 => "3rd".to_string(),
            n => format!("{n}th"),
        };
        return Err(Finding::error(
            SETUP,
            dealt[b2].span,
            format!(
                "the bishop cards are the {} and {} dealt, both from deck {}, but one bishop card goes into each deck",
                ordinal(b1),
                ordinal(b2),
                b1 % 2 + 1
            ),
        )
        .with_help("so the bishops stand on squares of different colours"));
    }
    // "If both rooks are on the same side of the king, swap the king with
    // the nearest rook."
    let king = (0..8).find(|&i| rank[i] == Role::King).unwrap_or(0);
    let rooks: Vec<usize> = (0..8).filter(|&i| rank[i] == Role::Rook).collect();
    let nearest = if rooks.iter().all(|&r| r < king) {
        rooks.last()
    } else if rooks.iter().all(|&r| r > king) {
        rooks.first()
    } else {
        None
    };
    if let Some(&r) = nearest {
        rank.swap(king, r);
    }
    Ok(rank)
}

/// The starting position with `back` on the first and last ranks.
fn setup(back: [Role; 8]) -> impl Fn(Square) -> Option<Piece> {
    move |sq: Square| match sq.rank {
        1 => Some(Piece::new(Color::White, back[sq.file as usize])),
        2 => Some(Piece::new(Color::White, Role::Pawn)),
        7 => Some(Piece::new(Color::Black, Role::Pawn)),
        8 => Some(Piece::new(Color::Black, back[sq.file as usize])),
        _ => None,
    }
}

fn describe(p: Option<Piece>) -> String {
    p.map_or("an empty square".to_string(), |p| format!("a {}", p.name()))
}

/// Whether the diagram is a starting position without cards: each side's
/// sixteen pieces all on its own two ranks (1 and 2, 7 and 8). No game
/// reaches that but by knights (and pieces sliding on the back rank
/// behind them) going out and back, so it is read as a start.
fn is_start_position(board: &BoardDiagram) -> bool {
    let home = |sq: Square, c: Color| match c {
        Color::White => sq.rank <= 2,
        Color::Black => sq.rank >= 7,
    };
    [Color::White, Color::Black].into_iter().all(|c| {
        let army: Vec<Square> = board
            .board
            .pieces()
            .filter(|(_, p)| p.color == c)
            .map(|(sq, _)| sq)
            .collect();
        army.len() == 16 && army.iter().all(|&sq| home(sq, c))
    })
}

/// Fischer's restrictions on the diagram's starting position.
fn check_restrictions(board: &BoardDiagram, out: &mut Vec<Finding>) {
    let at = |f: u8, r: u8| board.board.get(Square::new(f, r));
    let span = |f: u8, r: u8| board.square_span(Square::new(f, r));
    for (rank, color) in [(2, Color::White), (7, Color::Black)] {
        for f in 0..8 {
            if at(f, rank) != Some(Piece::new(color, Role::Pawn)) {
                out.push(Finding::error(
                    SETUP,
                    span(f, rank),
                    format!(
                        "{} on {}: the {} pawns start in their regular places",
                        describe(at(f, rank)),
                        Square::new(f, rank),
                        color.name()
                    ),
                ));
                return;
            }
        }
    }
    for r in 3..=6 {
        for f in 0..8 {
            if at(f, r).is_some() {
                out.push(Finding::error(
                    SETUP,
                    span(f, r),
                    format!(
                        "{} on {}: a starting position has nothing between the pawns",
                        describe(at(f, r)),
                        Square::new(f, r)
                    ),
                ));
                return;
            }
        }
    }
    for f in 0..8 {
        let white = at(f, 1);
        let mirror = white.map(|p| Piece::new(Color::Black, p.role));
        if white.is_none_or(|p| p.color != Color::White) || at(f, 8) != mirror {
            let (sq, what) = if white.is_none_or(|p| p.color != Color::White) {
                (Square::new(f, 1), "a white piece")
            } else {
                (Square::new(f, 8), "the mirror of White's piece")
            };
            out.push(
                Finding::error(
                    SETUP,
                    board.square_span(sq),
                    format!(
                        "{} on {sq}, where {what} belongs",
                        describe(board.board.get(sq))
                    ),
                )
                .with_help("black's pieces are a mirror reflection of white's"),
            );
            return;
        }
    }
    let roles: Vec<(u8, Role)> = (0..8)
        .filter_map(|f| at(f, 1).map(|p| (f, p.role)))
        .collect();
    let files = |role: Role| -> Vec<u8> {
        roles
            .iter()
            .filter(|(_, r)| *r == role)
            .map(|(f, _)| *f)
            .collect()
    };
    for (role, n) in [
        (Role::King, 1),
        (Role::Queen, 1),
        (Role::Rook, 2),
        (Role::Bishop, 2),
        (Role::Knight, 2),
    ] {
        let on = files(role);
        if on.len() != n {
            let f = on.get(n).copied().unwrap_or(0);
            out.push(Finding::error(
                SETUP,
                span(f, 1),
                format!(
                    "White's back rank has {} {}s; a starting position has {n}",
                    on.len(),
                    role.name()
                ),
            ));
            return;
        }
    }
    let bishops = files(Role::Bishop);
    if bishops[0] % 2 == bishops[1] % 2 {
        out.push(Finding::error(
            SETUP,
            span(bishops[1], 1),
            format!(
                "the bishops on {} and {} stand on squares of the same colour; they must be on different colours",
                Square::new(bishops[0], 1),
                Square::new(bishops[1], 1)
            ),
        ));
    }
    let king = files(Role::King)[0];
    let rooks = files(Role::Rook);
    if !(rooks[0] < king && king < rooks[1]) {
        out.push(Finding::error(
            SETUP,
            span(king, 1),
            format!(
                "the king on {} is not between the rooks on {} and {}",
                Square::new(king, 1),
                Square::new(rooks[0], 1),
                Square::new(rooks[1], 1)
            ),
        ));
    }
}

/// The back rank of `color`, when it holds its eight pieces in an order
/// Fischer's restrictions allow: untouched, it is the starting position.
/// (Castling cannot leave such a rank: a king that castled with a rook
/// beside it ends beyond both rooks.)
fn untouched_rank(board: &BoardDiagram, color: Color) -> Option<[Role; 8]> {
    let back = if color == Color::White { 1 } else { 8 };
    let mut rank = [Role::Pawn; 8];
    for (f, r) in rank.iter_mut().enumerate() {
        let p = board.board.get(Square::new(f as u8, back))?;
        if p.color != color || p.role == Role::Pawn {
            return None;
        }
        *r = p.role;
    }
    let files = |role: Role| -> Vec<usize> { (0..8).filter(|&f| rank[f] == role).collect() };
    let (k, q, r, b, n) = (
        files(Role::King),
        files(Role::Queen),
        files(Role::Rook),
        files(Role::Bishop),
        files(Role::Knight),
    );
    let fits = k.len() == 1
        && q.len() == 1
        && n.len() == 2
        && matches!(r[..], [r1, r2] if r1 < k[0] && k[0] < r2)
        && matches!(b[..], [b1, b2] if b1 % 2 != b2 % 2);
    fits.then_some(rank)
}

/// The starting back rank a game position shows: a side's untouched back
/// rank, which the other side's mirrors ("black's pieces are a mirror
/// reflection of white's"). A finding when both ranks are untouched and
/// differ.
fn shown_start(board: &BoardDiagram) -> Result<Option<[Role; 8]>, Finding> {
    match (
        untouched_rank(board, Color::White),
        untouched_rank(board, Color::Black),
    ) {
        (Some(w), Some(b)) if w != b => {
            let f = (0..8).find(|&f| w[f] != b[f]).unwrap_or(0) as u8;
            let sq = Square::new(f, 8);
            Err(Finding::error(
                SETUP,
                board.square_span(sq),
                format!(
                    "{} on {sq}, where the mirror of White's {} belongs: neither back rank has moved, and black's pieces are a mirror reflection of white's",
                    describe(board.board.get(sq)),
                    w[f as usize].name()
                ),
            ))
        }
        (w, b) => Ok(w.or(b)),
    }
}

/// Chess960's moves: orthodox, castling to the usual squares, and where
/// the diagram shows the starting position, only by a king and a rook
/// still on their starting squares ("The king and the rook must not have
/// moved").
struct Chess960Steps {
    inner: OrthodoxSteps,
    start: Option<[Role; 8]>,
}

impl Chess960Steps {
    /// Why the castling `m` of `color` breaks the starting position, if
    /// it does.
    fn moved(&self, m: Move, color: Color) -> Option<String> {
        let (Move::Castle { king, rook }, Some(start)) = (m, self.start) else {
            return None;
        };
        let shown = format!(
            "{}'s untouched back rank shows the starting position",
            common::side_name(color.other())
        );
        let back = king.rank;
        if start[king.file as usize] != Role::King {
            let home = (0..8u8).find(|&f| start[f as usize] == Role::King)?;
            return Some(format!(
                "the king and the rook must not have moved, and the king on {king} started on {} ({shown})",
                Square::new(home, back)
            ));
        }
        if start[rook.file as usize] != Role::Rook {
            let homes: Vec<String> = (0..8u8)
                .filter(|&f| start[f as usize] == Role::Rook)
                .map(|f| Square::new(f, back).to_string())
                .collect();
            return Some(format!(
                "the king and the rook must not have moved, and the rook on {rook} did not start there: the rooks started on {} ({shown})",
                homes.join(" and ")
            ));
        }
        None
    }
}

impl StepRules for Chess960Steps {
    fn step(
        &self,
        state: &State,
        from: Square,
        to: Square,
        color: Color,
    ) -> Result<Vec<State>, String> {
        let afters = self.inner.step(state, from, to, color)?;
        if self.start.is_none() {
            return Ok(afters);
        }
        let rules = self.inner.rules;
        let pos = replay::position(state, color, &rules, self.inner.castling);
        let found: Vec<Move> = pos
            .moves_from(from, &rules)
            .into_iter()
            .filter(|m| m.to() == to)
            .collect();
        let mut why = None;
        let kept: Vec<State> = found
            .into_iter()
            .filter(|&m| match self.moved(m, color) {
                Some(reason) => {
                    why.get_or_insert(reason);
                    false
                }
                None => true,
            })
            .map(|m| replay::played(state, &pos, m, &rules))
            .collect();
        match (kept.is_empty(), why) {
            (true, Some(reason)) => Err(format!(
                "the {} king on {from} cannot castle to {to}: {reason}",
                color.name()
            )),
            (true, None) => Ok(afters),
            (false, _) => Ok(kept),
        }
    }

    fn befores(&self, after: &State, from: Square, to: Square, color: Color) -> Vec<State> {
        self.inner.befores(after, from, to, color)
    }

    fn en_passant(&self) -> bool {
        self.inner.en_passant()
    }

    fn material(&self) -> MaterialRules {
        self.inner.material()
    }
}

impl Game for Chess960 {
    fn name(&self) -> &'static str {
        "Chess960"
    }

    fn fen_rules(&self) -> crate::engine::fen::FenRules<'static> {
        crate::engine::fen::FenRules::Chess {
            steps: Box::new(OrthodoxSteps {
                rules: Rules::STANDARD,
                castling: CastlingInference::Chess960,
                material: MaterialRules::ORTHODOX,
            }),
            castling: crate::engine::chess::CastlingInference::Chess960,
        }
    }

    fn check_board(&self, cx: &DiagramContext, board: &BoardDiagram, out: &mut Vec<Finding>) {
        material::check(board, &MaterialRules::ORTHODOX, out);
        let before = out.len();
        // A diagram with cards is a starting position dealt from them.
        if !board.cards.is_empty() {
            check_restrictions(board, out);
            let text = common::section_text(cx.book, cx.entry);
            let procedure = Procedure::of(text, &board.cards);
            let dealt = match procedure {
                Procedure::Piles => deal(&board.cards, cx.cards),
                Procedure::Decks => deal_decks(&board.cards),
            };
            match dealt {
                Err(f) => out.push(f),
                Ok(back) => {
                    let expected = setup(back);
                    let differ: Vec<Square> = (0..64)
                        .map(Square::from_index)
                        .filter(|&sq| board.board.get(sq) != expected(sq))
                        .collect();
                    if let Some(&sq) = differ.first() {
                        out.push(
                            Finding::error(
                                SETUP,
                                board.square_span(sq),
                                format!(
                                    "the cards give {} on {sq}, but the diagram has {}",
                                    describe(expected(sq)),
                                    describe(board.board.get(sq))
                                ),
                            )
                            .with_help(format!(
                                "{}{}",
                                match procedure {
                                    Procedure::Piles => "the two first cards' pips place the bishops; the others fill the empty squares from the left, the three rook cards making rook, king, rook",
                                    Procedure::Decks => "the cards, left to right, are the pieces along the first rank, the king swapped with the nearest rook when both rooks are on one side of it",
                                },
                                if differ.len() > 1 {
                                    format!(" ({} squares differ)", differ.len())
                                } else {
                                    String::new()
                                }
                            )),
                        );
                    }
                }
            }
        } else if is_start_position(board) {
            check_restrictions(board, out);
        }
        if out.len() > before {
            return;
        }
        let start = match shown_start(board) {
            Ok(start) => start,
            Err(f) => {
                out.push(f);
                return;
            }
        };
        let state = State::new(board.board.clone());
        let arrows = common::move_arrows(board);
        let steps = Chess960Steps {
            inner: OrthodoxSteps {
                rules: Rules::STANDARD,
                castling: CastlingInference::Chess960,
                material: MaterialRules::ORTHODOX,
            },
            start,
        };
        common::check_moves_and_turn(
            board,
            &state,
            &arrows,
            &steps,
            &common::orthodox_in_check,
            out,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::games::common::testing::*;

    const BOOK: &str = "tests/seeds/rules.md";
    const SECTION: &str = "Chess960";

    #[test]
    fn the_seed_diagrams_pass() {
        assert_eq!(board_count(BOOK, SECTION), 2);
        let found = seed_findings(BOOK, SECTION);
        assert!(found.is_empty(), "{found:?}");
    }

    #[test]
    fn a_bishop_card_of_the_wrong_pile() {
        // b has 2 pips, even like k's 6: both bishops on light squares.
        let f = mutate(BOOK, SECTION, 1, "card: n, 8.5, 0", "card: b, 8.5, 0");
        assert_eq!(f.len(), 1, "{:?}", summary(&f));
        assert_eq!(f[0].rule, SETUP);
    }

    #[test]
    fn a_card_not_in_the_third_pile() {
        let f = mutate(BOOK, SECTION, 1, "card: R, 9, 5", "card: Q, 9, 5");
        assert!(f.iter().any(|f| f.rule == SETUP), "{:?}", summary(&f));
        let f = mutate(BOOK, SECTION, 1, "card: Q, 9.5, 5", "card: R, 9.5, 5");
        assert_eq!(f.len(), 1, "{:?}", summary(&f));
    }

    #[test]
    fn a_square_that_differs_from_the_cards() {
        // Knight and bishop swapped on rank 8 (white stays): not mirrored.
        let f = mutate(BOOK, SECTION, 1, "b n r q k b n r", "n b r q k b n r");
        assert!(f.iter().any(|f| f.rule == SETUP), "{:?}", summary(&f));
        // White's rank changed: no longer the mirror of Black's.
        let f = mutate(BOOK, SECTION, 1, "B N R Q K B N R", "B N R Q K B R N");
        assert!(f.iter().any(|f| f.rule == SETUP), "{:?}", summary(&f));
    }

    #[test]
    fn the_restrictions() {
        let cards = "card: n, 8.5, 0
            card: k, 11, 0
            card: N, 8.5, 5
            card: R, 9, 5
            card: Q, 9.5, 5
            card: r, 10, 5
            card: N, 10.5, 5
            card: R, 11, 5";
        let board = |back: &str| {
            format!(
                "{}\np p p p p p p p\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\nP P P P P P P P\n{back}\n{cards}",
                back.to_lowercase()
            )
        };
        let f = check_text(SECTION, &board("B N R Q K B N R"));
        assert!(f.is_empty(), "{:?}", summary(&f));
        let f = check_text(SECTION, &board("B N K Q R B N R"));
        assert!(
            f.iter()
                .any(|f| f.message.contains("not between the rooks")),
            "{:?}",
            summary(&f)
        );
        // Within the restrictions, but not what the cards give.
        let f = check_text(SECTION, &board("B N R K Q B N R"));
        assert_eq!(
            summary(&f),
            [
                "chess960-setup: the cards give a white queen on d1, but the diagram has a white king"
            ]
        );
        let f = check_text(SECTION, &board("B N B R K Q N R"));
        assert!(
            f.iter().any(|f| f.message.contains("same colour")),
            "{:?}",
            summary(&f)
        );
    }

    /// A start position drawn without cards, White's back rank `back`
    /// and Black's `black`.
    fn start(back: &str, black: &str) -> Vec<Finding> {
        check_text(
            SECTION,
            &format!(
                "{black}\np p p p p p p p\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\nP P P P P P P P\n{back}"
            ),
        )
    }

    #[test]
    fn a_start_position_without_cards_obeys_the_restrictions() {
        let f = start("B N R Q K B N R", "b n r q k b n r");
        assert!(f.is_empty(), "{:?}", summary(&f));
        let f = start("B N K Q R B N R", "b n k q r b n r");
        assert_eq!(
            summary(&f),
            ["chess960-setup: the king on c1 is not between the rooks on e1 and h1"]
        );
        // The material check says it too: no pawn is missing to promote.
        let f = start("B N B R K Q N R", "b n b r k q n r");
        assert!(
            summary(&f).contains(
                &"chess960-setup: the bishops on a1 and c1 stand on squares of the same colour; they must be on different colours".to_string()
            ),
            "{:?}",
            summary(&f)
        );
        let f = start("B N R Q K B N R", "b n r k q b n r");
        assert_eq!(
            summary(&f),
            ["chess960-setup: a black king on d8, where the mirror of White's piece belongs"]
        );
        // A pawn not on its square (and a knight in its place) is no start
        // position's.
        let f = check_text(
            SECTION,
            "b n r q k b n r
             p p p p p p p p
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .
             P P P P N P P P
             B P R Q K B N R",
        );
        assert!(
            f.iter().any(|f| f
                .message
                .contains("the white pawns start in their regular places")),
            "{:?}",
            summary(&f)
        );
    }

    #[test]
    fn a_game_position_is_no_start_position() {
        // After e2–e4 the king on c1 may have walked outside its rooks:
        // nothing says this is a start.
        let f = check_text(
            SECTION,
            "b n r q k b n r
             p p p p p p p p
             . . . . . . . .
             . . . . . . . .
             . . . . P . . .
             . . . . . . . .
             P P P P . P P P
             B N K Q R B N R",
        );
        assert!(f.is_empty(), "{:?}", summary(&f));
    }

    /// The current edition's deal: eight white cards dealt left to right
    /// along the bottom, alternately from deck 1 and deck 2.
    fn decks(back: &str, cards: &[&str]) -> Vec<Finding> {
        let cards: String = cards
            .iter()
            .enumerate()
            .map(|(i, c)| format!("card: {c}, {i}, 8.5\n"))
            .collect();
        check_text(
            SECTION,
            &format!(
                "{}\np p p p p p p p\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\nP P P P P P P P\n{back}\n{cards}",
                back.to_lowercase()
            ),
        )
    }

    #[test]
    fn the_current_deal_places_the_cards_left_to_right() {
        let standard = ["R", "N", "B", "Q", "K", "B", "N", "R"];
        let f = decks("R N B Q K B N R", &standard);
        assert!(f.is_empty(), "{:?}", summary(&f));
        // Both rooks left of the king: the king swaps with the nearer one.
        let swap = ["R", "R", "B", "K", "N", "B", "Q", "N"];
        let f = decks("R K B R N B Q N", &swap);
        assert!(f.is_empty(), "{:?}", summary(&f));
        let f = decks("R N B K Q B N R", &standard);
        assert_eq!(
            summary(&f),
            [
                "chess960-setup: the cards give a white queen on d1, but the diagram has a white king"
            ]
        );
    }

    #[test]
    fn both_bishop_cards_in_one_deck_is_found() {
        // The 2nd and 4th cards both come from deck 2.
        let f = decks("R B N B K Q N R", &["R", "B", "N", "B", "K", "Q", "N", "R"]);
        assert!(
            summary(&f).contains(
                &"chess960-setup: the bishop cards are the 2nd and 4th dealt, both from deck 2, but one bishop card goes into each deck".to_string()
            ),
            "{:?}",
            summary(&f)
        );
    }

    #[test]
    fn the_current_deck_is_the_eight_white_pieces() {
        let f = decks("R N B Q K B N R", &["R", "N", "B", "Q", "K", "B", "N", "r"]);
        assert_eq!(
            summary(&f),
            [
                "chess960-setup: the deck is the white pieces N, N, B, B, R, R, Q and K, but these cards are R, N, B, Q, K, B, N, r"
            ]
        );
    }

    #[test]
    fn the_section_text_tells_which_deal() {
        let board = "b n r q k b n r\np p p p p p p p\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\nP P P P P P P P\nB N R Q K B N R";
        let seed_cards = "card: n, 8.5, 0\ncard: k, 11, 0\ncard: N, 8.5, 5\ncard: R, 9, 5\ncard: Q, 9.5, 5\ncard: r, 10, 5\ncard: N, 10.5, 5\ncard: R, 11, 5";
        let book = |text: &str| {
            let diagram: String = format!("{board}\n{seed_cards}")
                .lines()
                .map(|l| format!("    {l}\n"))
                .collect();
            format!("## Chess960\n\n{text}\n\n{diagram}")
        };
        let seed = "create three piles of cards";
        let f = text_findings(&book(seed), SECTION);
        assert!(f.is_empty(), "{f:?}");
        let current = "call them deck 1 and deck 2.";
        let f = text_findings(&book(current), SECTION);
        assert!(
            f.iter().any(|d| d
                .diagnostic
                .message
                .starts_with("the deck is the white pieces")),
            "{f:?}"
        );
    }

    #[test]
    fn chess960_castling_and_the_castled_position() {
        // The king on e1 and the rook on c1 castle to c1 and d1.
        let f = check_text(
            SECTION,
            "b n r q k b n r
             p p p p . . p p
             . . . . . p . .
             . . . . p . . .
             . . . . P . . .
             . . . . . . . .
             P P P P Q P P P
             B N R . K B N R
             arrow: e1, c1, white",
        );
        assert!(f.is_empty(), "{:?}", summary(&f));
        // With the queen still on d1 the king's path is blocked.
        let f = check_text(
            SECTION,
            "b n r q k b n r
             p p p p . . p p
             . . . . . p . .
             . . . . p . . .
             . . . . P . . .
             . . . . . . . .
             P P P P . P P P
             B N R Q K B N R
             arrow: e1, c1, white",
        );
        assert!(
            f.iter().any(|f| f.rule == common::ARROW),
            "{:?}",
            summary(&f)
        );
    }

    #[test]
    fn a_made_castling_may_swap_the_king_and_the_rook() {
        // The king on f1 castles with the rook on g1: they end on g1 and f1,
        // each on the other's start square.
        let f = check_text(
            SECTION,
            "r b b n q k r n
             p p p p p p p p
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .
             P P P P P P P P
             R . . . . R K .
             arrow: f1, g1, white",
        );
        assert!(f.is_empty(), "{:?}", summary(&f));
        // The king on d1 castles with the rook on b1: the rook ends on d1.
        let castled_from_d1 = "n r b k r b q n
             p p p p p p p p
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .
             P P P P P P P P
             . . K R . . . .
             arrow: d1, c1, white";
        let f = check_text(SECTION, castled_from_d1);
        assert!(f.is_empty(), "{:?}", summary(&f));
        // Out of the black knight's check on d1, the castling is refused for
        // that reason, not as a rook move onto its own king.
        let f = check_text(
            SECTION,
            &castled_from_d1.replace("n r b k", ". r b k").replace(
                ". . . . . . . .\n             P P P P",
                ". . . . n . . .\n             P P P P",
            ),
        );
        assert!(
            f.iter().any(|f| f.rule == common::ARROW
                && f.message
                    == "the white king on d1 cannot castle to c1: a king may not castle out of check, and a black knight on e3 attacks d1"),
            "{:?}",
            summary(&f)
        );
    }

    /// The castled position of the text's second diagram.
    const CASTLED: &str = "b n r q k b n r
        p p p p . . p p
        . . . . . p . .
        . . . . p . . .
        . . . . P . . .
        . . . . . . . .
        P P P P Q P P P
        B N K R . B N R";

    #[test]
    fn the_standard_rules_apply_unchanged() {
        let f = check_text(SECTION, &format!("{CASTLED}\narrow: e2, c4, white"));
        assert!(f.is_empty(), "{:?}", summary(&f));
        // The queen cannot pass its own pawn on e4.
        let f = check_text(SECTION, &format!("{CASTLED}\narrow: e2, e5, white"));
        assert!(
            f.iter()
                .any(|f| f.rule == common::ARROW && f.message.contains("e4 is in the way")),
            "{:?}",
            summary(&f)
        );
    }

    /// Black's untouched back rank (rooks b8 and g8, king d8) shows the
    /// starting position, which White's mirrors; White's bishops and
    /// queen have come out.
    fn walked(rank1: &str, arrow: &str) -> Vec<Finding> {
        check_text(
            SECTION,
            &format!(
                "n r b k q b r n
                 p p p p p p p p
                 . . . . . . . .
                 . . . . . . . .
                 . . . . . . . .
                 . . B . Q B . .
                 P P P P P P P P
                 {rank1}
                 {arrow}"
            ),
        )
    }

    /// "The king and the rook must not have moved": where a back rank
    /// shows the starting position, a king or a rook off its starting
    /// square may not castle.
    #[test]
    fn castling_needs_the_king_and_rook_on_the_squares_they_started_on() {
        // The king on its starting square d1 castles with the g1 rook.
        let f = walked("N R . K . . R N", "arrow: d1, g1, white");
        assert!(f.is_empty(), "{:?}", summary(&f));
        let f = walked("N R . . . R K N", "arrow: d1, g1, white");
        assert!(f.is_empty(), "{:?}", summary(&f));
        // A king that walked from d1 to f1 may not, proposed or made.
        let reason = "the white king on f1 cannot castle to g1: the king and the rook must not have moved, and the king on f1 started on d1 (Black's untouched back rank shows the starting position)";
        let f = walked("N R . . . K R N", "arrow: f1, g1, white");
        assert_eq!(summary(&f), [format!("arrow: {reason}")]);
        let f = walked("N R . . . R K N", "arrow: f1, g1, white");
        assert_eq!(summary(&f), [format!("arrow: {reason}")]);
        // Nor a rook off its starting square (b1 in the standard
        // position Black's rank shows, the rook on a1 gone to b1).
        let standard = |rank1: &str| {
            check_text(
                SECTION,
                &format!(
                    "r n b q k b n r
                     p p p p p p p p
                     . . . . . . . .
                     . . . . . . . .
                     . . . . . . . .
                     N . B Q . . . .
                     P P P P P P P P
                     {rank1}
                     arrow: e1, c1, white"
                ),
            )
        };
        let f = standard(". R . . K B N R");
        assert!(
            f.iter().any(|f| f.rule == common::ARROW
                && f.message == "the white king on e1 cannot castle to c1: the king and the rook must not have moved, and the rook on b1 did not start there: the rooks started on a1 and h1 (Black's untouched back rank shows the starting position)"),
            "{:?}",
            summary(&f)
        );
        let f = standard("R . . . K B N R");
        assert!(f.is_empty(), "{:?}", summary(&f));
    }

    /// "Black's pieces are a mirror reflection of white's": two untouched
    /// back ranks that differ are found, in a game position too.
    #[test]
    fn two_untouched_back_ranks_mirror_each_other() {
        let game = |rank1: &str| {
            check_text(
                SECTION,
                &format!(
                    "n r b k q b r n
                     p p p p p p p p
                     . . . . . . . .
                     . . . . . . . .
                     . . . . P . . .
                     . . . . . . . .
                     P P P P . P P P
                     {rank1}
                     arrow: e2, e4, white"
                ),
            )
        };
        let f = game("N R B Q K B R N");
        assert_eq!(
            summary(&f),
            [
                "chess960-setup: a black king on d8, where the mirror of White's queen belongs: neither back rank has moved, and black's pieces are a mirror reflection of white's"
            ]
        );
        let f = game("N R B K Q B R N");
        assert!(f.is_empty(), "{:?}", summary(&f));
    }
}
