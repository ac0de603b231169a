//! Cooperative Chess: on a turn one piece moves: an optional non-capturing
//! move, then a chain of captures. Kings may move into or stay in check;
//! castling and en passant as usual. The game ends when a king is
//! captured: a turn starts with both kings, and a king's capture ends it.
//!
//! The cards, read from where the examples lay them out: face-up cards
//! above the board (top left of the margin) are Black's discard stack,
//! below it (bottom) White's, and between them the captured cards; each
//! stack is spread left to right, its top card last. Face-down cards
//! (hands, draw pile) say nothing. Read this way:
//! - the capturing piece is of the type of the card its player just played
//!   (the top of the mover's discard stack), or any piece when the mover
//!   has no piece of that type left (a wild card);
//! - each capture takes the next card: from the top of the other player's
//!   discard stack for a proposed capture, and onto the top of the
//!   captured stack for a made one; the captured piece is of its type, or
//!   any piece when its owner has none of that type, or when the capture
//!   before it was a double colour match (the capturing piece and the
//!   captured piece each the colour of its card; white pieces match red
//!   cards, written in upper case);
//! - the 32-card deck holds 8 pawn cards, 2 knight, bishop and rook cards
//!   and one queen and king card a colour, and no checker cards.
//!
//! An en passant capture is a capture like any other: it takes the pawn
//! beside the square it moves to, through the same card checks.
//!
//! That is the seed's edition (`tests/seeds/rules.md`). The current
//! edition (`rules/new_rules.md`) lays the cards out as one face-up line
//! and lets several pieces capture in a turn: [`line`] checks it. Which
//! edition a section is decides [`Edition::of`].

use crate::diagram::{Arrow, BoardDiagram, CardFace, Color, Piece, Role, Square};
use crate::engine::chess::{CastlingInference, Rules, SquareSet, attacks};
use crate::engine::games::{common, king_capture};
use crate::engine::material;
use crate::engine::replay::{State, StepRules, arrow_color, en_passant_victim, orthodox_step};
use crate::engine::{DiagramContext, Finding, Game};

mod line;

pub struct Cooperative;

/// The edition of the rules a section is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edition {
    /// The seed's: a discard stack a player and a captured stack, one
    /// piece a turn.
    Seed,
    /// The current edition's: one face-up line of cards beside the draw
    /// pile.
    Line,
}

impl Edition {
    /// The section's own words decide: the current edition speaks of the
    /// "face-up line", the seed of the "discard stack". A section that says
    /// neither is read from its cards: face-up cards well above or below
    /// the board are the seed's discard stacks (the current edition has
    /// face-up cards only in the line, right of the board); otherwise it is
    /// the current edition.
    pub fn of(text: &str, board: &BoardDiagram) -> Edition {
        let words = text
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .to_lowercase();
        if words.contains("face-up line") {
            return Edition::Line;
        }
        if words.contains("discard stack") {
            return Edition::Seed;
        }
        let seed_layout = board.cards.iter().any(|c| {
            matches!(c.face(), CardFace::Piece(_)) && (c.y < SEED_ABOVE || c.y > SEED_BELOW)
        });
        if seed_layout {
            Edition::Seed
        } else {
            Edition::Line
        }
    }
}

/// Face-up cards above this row (Black's discard stack at -1) or below
/// that one (White's at 6) are laid out as the seed lays its stacks; the
/// current edition's hands lie between (rows 0 to 5), face down.
const SEED_ABOVE: f64 = -0.25;
const SEED_BELOW: f64 = 5.5;

pub const TURN: &str = "turn";
/// The cards on the table.
pub const CARDS: &str = "cooperative-cards";

/// Kings may move into or stay in check, so no attacked square restricts
/// castling either.
const RULES: Rules = Rules {
    king_safety: false,
    castle_through_attack: true,
    ..Rules::STANDARD
};

/// A card's piece type and colour.
type CardPiece = Piece;

/// The cards of one turn, as far as the diagram shows them.
#[derive(Clone, Debug, Default)]
struct TurnCards {
    /// The card the mover just played.
    played: Option<CardPiece>,
    /// The card each capture takes, in the order of the captures.
    takes: Vec<Option<CardPiece>>,
}

/// Orthodox moves, where every move of the turn but the first captures,
/// and captures follow the cards.
struct CoopSteps {
    /// Where the turn's piece started.
    start: Square,
    /// The turn's player (a move of the other side is an earlier turn: a
    /// double step taken en passant).
    color: Color,
    /// The arrows' squares in the order of the piece's path.
    path: Vec<(Square, Square)>,
    /// Whether the first move captures (then capture `j` is move `j`).
    first_captures: bool,
    cards: TurnCards,
}

fn has_type(state: &State, color: Color, role: Role) -> bool {
    state
        .board
        .pieces()
        .any(|(_, p)| p == Piece::new(color, role))
}

/// The square and piece that `from`–`to` captures: the enemy piece on
/// `to`, or the pawn an en passant capture takes beside it, right after
/// its double step (or where the diagram leaves unknown what came just
/// before, and may imply that double step).
fn taken(state: &State, from: Square, to: Square) -> Option<(Square, Piece)> {
    let mover = state.piece(from)?;
    if let Some(victim) = state.piece(to) {
        return (victim.color != mover.color).then_some((to, victim));
    }
    let forward: i8 = if mover.color == Color::White { 1 } else { -1 };
    let victim_sq = en_passant_victim(from, to);
    let victim = Piece::new(mover.color.other(), Role::Pawn);
    (mover.role == Role::Pawn
        && from.file.abs_diff(to.file) == 1
        && to.rank as i8 - from.rank as i8 == forward
        && state.en_passant.is_none_or(|sq| sq == to)
        && state.piece(victim_sq) == Some(victim))
    .then_some((victim_sq, victim))
}

impl CoopSteps {
    /// Why the cards do not allow the piece on `from` to take the one on `to`
    /// (or, en passant, the pawn beside it).
    fn card_refusal(&self, state: &State, from: Square, to: Square) -> Option<String> {
        let mover = state.piece(from)?;
        let (victim_sq, victim) = taken(state, from, to)?;
        if let Some(card) = self.cards.played
            && mover.role != card.role
            && has_type(state, mover.color, card.role)
        {
            return Some(format!(
                "the {} on {from} captures on {to}, but the card its player just played is a {} card: the capturing piece must be of that type",
                mover.name(),
                card.role.name()
            ));
        }
        let step = self.path.iter().position(|&m| m == (from, to))?;
        let Some(j) = (step + usize::from(self.first_captures)).checked_sub(1) else {
            return Some(format!(
                "{from}–{to} captures, but is read as the turn's non-capturing move"
            ));
        };
        let card = (*self.cards.takes.get(j)?)?;
        let wild_owner = !has_type(state, victim.color, card.role);
        let double = j > 0
            && self.cards.played.is_some_and(|p| p.color == mover.color)
            && self.cards.takes[j - 1].is_some_and(|c| c.color == victim.color);
        if victim.role == card.role || wild_owner || double {
            return None;
        }
        Some(format!(
            "the {} on {from} captures the {} on {victim_sq}, but the card this capture takes is a {} card: the captured piece must be of that type",
            mover.name(),
            victim.name(),
            card.role.name()
        ))
    }
}

impl StepRules for CoopSteps {
    fn step(
        &self,
        state: &State,
        from: Square,
        to: Square,
        color: Color,
    ) -> Result<Vec<State>, String> {
        if color != self.color {
            return orthodox_step(state, from, to, color, &RULES, CastlingInference::Standard);
        }
        let captures = taken(state, from, to).is_some();
        if from != self.start
            && !captures
            && let Some(piece) = state.piece(from)
        {
            return Err(format!(
                "the {} moves from {from} to {to} without capturing, but only the first move of a turn may be a non-capturing move",
                piece.name()
            ));
        }
        if from == self.start && !captures && self.first_captures {
            return Err(format!(
                "{from}–{to} does not capture, but is read as a capture"
            ));
        }
        if let Some(reason) = self.card_refusal(state, from, to) {
            return Err(reason);
        }
        // "The game ends immediately when you capture a king": the shared
        // rule of every game whose text says so.
        king_capture::ended(
            state,
            orthodox_step(state, from, to, color, &RULES, CastlingInference::Standard),
        )
    }

    /// "En passant capture is allowed."
    fn en_passant(&self) -> bool {
        true
    }
}

/// The arrows as one piece's path, in order, or the arrow that breaks it.
fn chain(arrows: &[&Arrow]) -> Result<Vec<usize>, usize> {
    let starts: Vec<usize> = (0..arrows.len())
        .filter(|&i| !arrows.iter().any(|b| b.to == arrows[i].from))
        .collect();
    let Some(&first) = starts.first() else {
        return Err(0);
    };
    if let Some(&second) = starts.get(1) {
        return Err(second);
    }
    let mut order = vec![first];
    while order.len() < arrows.len() {
        let last = arrows[order[order.len() - 1]].to;
        let next: Vec<usize> = (0..arrows.len())
            .filter(|&i| arrows[i].from == last && !order.contains(&i))
            .collect();
        match next.as_slice() {
            [one] => order.push(*one),
            [] => return Err((0..arrows.len()).find(|i| !order.contains(i)).unwrap_or(0)),
            [_, two, ..] => return Err(*two),
        }
    }
    Ok(order)
}

/// Where the path breaks at `second`, a second start: of the arrow that
/// ends just before the break and `second`, the one whose shape is no move
/// of the piece (when just one is), with that piece's role. The piece is
/// the one of the arrows' colour standing at an end of an arrow. Also
/// gives the arrow before the break.
fn misshapen_link(
    board: &BoardDiagram,
    arrows: &[&Arrow],
    second: usize,
) -> Option<(usize, usize, Role)> {
    let color = arrow_color(arrows[second])?;
    let mut roles: Vec<Role> = arrows
        .iter()
        .flat_map(|a| [a.from, a.to])
        .filter_map(|sq| board.board.get(sq))
        .filter(|p| p.color == color)
        .map(|p| p.role)
        .collect();
    roles.sort();
    roles.dedup();
    let [role] = roles[..] else {
        return None;
    };
    // The arrow before the break: the last of the path from the first start.
    let first = (0..arrows.len()).find(|&i| !arrows.iter().any(|b| b.to == arrows[i].from))?;
    let mut before = first;
    let mut seen = vec![first];
    while let Some(next) =
        (0..arrows.len()).find(|&i| arrows[i].from == arrows[before].to && !seen.contains(&i))
    {
        seen.push(next);
        before = next;
    }
    if before == second {
        return None;
    }
    let fits = |a: &Arrow| {
        let forward = if color == Color::White { 1 } else { -1 };
        let pawn_step = role == Role::Pawn
            && a.from.file == a.to.file
            && (i16::from(a.to.rank) - i16::from(a.from.rank) == forward
                || i16::from(a.to.rank) - i16::from(a.from.rank) == 2 * forward);
        pawn_step || attacks(&SquareSet::EMPTY, a.from, role, color).contains(a.to)
    };
    match (fits(arrows[before]), fits(arrows[second])) {
        (false, true) => Some((before, before, role)),
        (true, false) => Some((second, before, role)),
        _ => None,
    }
}

/// The face-up cards: Black's discard stack, the captured cards and
/// White's discard stack, each bottom card first. A card the 32-card deck
/// does not hold (or holds fewer of) is a finding.
fn stacks(board: &BoardDiagram, out: &mut Vec<Finding>) -> [Vec<CardPiece>; 3] {
    let mut cards = deck(board, out);
    cards.sort_by(|a, b| a.1.total_cmp(&b.1));
    let band = |lo: f64, hi: f64| -> Vec<CardPiece> {
        cards
            .iter()
            .filter(|(y, _, _)| lo <= *y && *y < hi)
            .map(|(_, _, p)| *p)
            .collect()
    };
    [band(f64::MIN, 1.5), band(1.5, 4.5), band(4.5, f64::MAX)]
}

/// The face-up piece cards (row, column, piece); a card the 32-card deck
/// does not hold (or holds fewer of) is a finding.
fn deck(board: &BoardDiagram, out: &mut Vec<Finding>) -> Vec<(f64, f64, CardPiece)> {
    let mut cards: Vec<(f64, f64, CardPiece)> = Vec::new();
    let mut counts: Vec<(CardPiece, usize)> = Vec::new();
    for card in &board.cards {
        match card.face() {
            CardFace::Back => {}
            CardFace::Piece(p) => {
                let n = crate::engine::cards::tally(&mut counts, p);
                let limit = crate::engine::cards::set_count(p.role);
                if n > limit {
                    out.push(
                        Finding::error(
                            CARDS,
                            card.symbol_span,
                            format!("{n} {} cards, but the deck has {limit}", p.name()),
                        )
                        .with_help("the 32 cards are 8 pawns, 2 knights, 2 bishops, 2 rooks, a queen and a king of each colour"),
                    );
                }
                cards.push((card.y, card.x, p));
            }
            CardFace::Checker(_) | CardFace::Empty(_) | CardFace::Other(_) => out.push(
                Finding::error(
                    CARDS,
                    card.symbol_span,
                    format!("a `{}` card, but Cooperative Chess uses only piece cards", card.symbol),
                )
                .with_help("the 32 cards are 8 pawns, 2 knights, 2 bishops, 2 rooks, a queen and a king of each colour"),
            ),
        }
    }
    cards
}

/// Each capture's card for one reading of the turn: `captures` captures,
/// made (the top of the captured stack) or proposed (from the top of the
/// other player's discard stack).
fn takes(
    captured: &[CardPiece],
    theirs: &[CardPiece],
    captures: usize,
    made: bool,
) -> Vec<Option<CardPiece>> {
    if made {
        if captured.len() < captures {
            return vec![None; captures];
        }
        captured[captured.len() - captures..]
            .iter()
            .map(|&c| Some(c))
            .collect()
    } else {
        (0..captures)
            .map(|j| theirs.iter().rev().nth(j).copied())
            .collect()
    }
}

impl Game for Cooperative {
    fn name(&self) -> &'static str {
        "Cooperative Chess"
    }

    fn fen_rules(&self) -> crate::engine::fen::FenRules<'static> {
        crate::engine::fen::FenRules::Chess {
            steps: Box::new(crate::engine::replay::OrthodoxSteps::new(RULES)),
            castling: crate::engine::chess::CastlingInference::Standard,
        }
    }

    fn check_board(&self, cx: &DiagramContext, board: &BoardDiagram, out: &mut Vec<Finding>) {
        // The game ends when a king is captured.
        material::check(board, &common::KING_MAY_BE_CAPTURED, out);
        match Edition::of(common::section_text(cx.book, cx.entry), board) {
            Edition::Seed => check_seed(board, out),
            Edition::Line => line::check(board, out),
        }
    }
}

/// The seed's edition: one piece's path, the discard stacks.
fn check_seed(board: &BoardDiagram, out: &mut Vec<Finding>) {
    let piles = stacks(board, out);
    let arrows = common::move_arrows(board);
    let Some(first) = arrows.first() else {
        return;
    };
    if let Some(other) = arrows.iter().find(|a| arrow_color(a) != arrow_color(first)) {
        out.push(
            Finding::error(
                TURN,
                other.span,
                "the arrows are of both colours, but a turn is one player's moves",
            )
            .with_help("on each turn, all moves are made with one piece"),
        );
        return;
    }
    let order = match chain(&arrows) {
        Ok(order) => order,
        Err(i) => {
            let (at, message) = match misshapen_link(board, &arrows, i) {
                Some((k, before, role)) => (
                    k,
                    format!(
                        "the path of one piece breaks between {} and {}, and {}–{} is not a {} move",
                        arrows[before].to,
                        arrows[i].from,
                        arrows[k].from,
                        arrows[k].to,
                        role.name()
                    ),
                ),
                None => (
                    i,
                    format!(
                        "the arrow from {} does not continue the path of one piece",
                        arrows[i].from
                    ),
                ),
            };
            out.push(
                    Finding::error(TURN, arrows[at].span, message)
                        .with_help("on each turn, all moves are made with one piece: an optional non-capturing move, then captures"),
                );
            return;
        }
    };
    let state = State::new(board.board.clone());
    let mover = arrow_color(first).unwrap_or(Color::White);
    let [black_stack, captured, white_stack] = &piles;
    let (mine, theirs) = match mover {
        Color::White => (white_stack, black_stack),
        Color::Black => (black_stack, white_stack),
    };
    let path: Vec<(Square, Square)> = order
        .iter()
        .map(|&i| (arrows[i].from, arrows[i].to))
        .collect();
    let start = path[0].0;
    // Made: the piece has left where the turn started.
    let made = state.piece(start).map(|p| p.color) != Some(mover);
    let readings = if made {
        vec![false, true]
    } else {
        vec![taken(&state, path[0].0, path[0].1).is_some()]
    };
    let mut failures = Vec::new();
    for first_captures in readings {
        let captures = path.len() - 1 + usize::from(first_captures);
        let steps = CoopSteps {
            start,
            color: mover,
            path: path.clone(),
            first_captures,
            cards: TurnCards {
                played: mine.last().copied(),
                takes: takes(captured, theirs, captures, made),
            },
        };
        let mut found = Vec::new();
        let sound = common::check_moves(board, &state, &arrows, &steps, &mut found).is_some();
        king_capture::explain(&mut found);
        if sound {
            return;
        }
        failures.push(found);
    }
    // The reading whose failure is not only the reading itself.
    let pick = failures
        .iter()
        .position(|f| !f.iter().any(|f| f.message.contains("is read as")))
        .unwrap_or(0);
    out.extend(failures.swap_remove(pick));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::games::common::testing::*;

    const BOOK: &str = "tests/seeds/rules.md";
    const SECTION: &str = "Cooperative Chess";

    /// Words of the seed's edition, which make a section of it.
    pub(super) const SEED_WORDS: &str =
        "You must play a card from your hand to your discard stack.";

    /// The findings for a diagram in a section written in `words`.
    pub(super) fn check_in(words: &str, diagram: &str) -> Vec<Finding> {
        crate::engine::games::common::testing::check_text_in(SECTION, words, diagram)
    }

    /// A diagram in a section of the seed's edition.
    fn seed(diagram: &str) -> Vec<Finding> {
        check_in(SEED_WORDS, diagram)
    }

    #[test]
    fn the_seed_diagrams_pass() {
        assert_eq!(board_count(BOOK, SECTION), 6);
        let found = seed_findings(BOOK, SECTION);
        assert!(found.is_empty(), "{found:?}");
    }

    #[test]
    fn a_broken_chain_is_found() {
        let f = mutate(
            BOOK,
            SECTION,
            3,
            "arrow: e6, d5, black",
            "arrow: e6, d4, black",
        );
        assert!(
            f.iter().any(|f| f.rule == common::ARROW || f.rule == TURN),
            "{:?}",
            summary(&f)
        );
    }

    /// The bishop's path c8–e6–d5–e4 broken by a head off its diagonal:
    /// that arrow is blamed, not the sound one after the break; with a
    /// tail off it, the arrow after the break is.
    #[test]
    fn a_broken_link_is_blamed_on_the_arrow_no_bishop_can_make() {
        let head = mutate(
            BOOK,
            SECTION,
            3,
            "arrow: c8, e6, black",
            "arrow: c8, b5, black",
        );
        assert_eq!(head.len(), 1, "{:?}", summary(&head));
        assert_eq!(
            head[0].message,
            "the path of one piece breaks between b5 and e6, and c8–b5 is not a bishop move"
        );
        let tail = mutate(
            BOOK,
            SECTION,
            3,
            "arrow: e6, d5, black",
            "arrow: f6, d5, black",
        );
        assert_eq!(tail.len(), 1, "{:?}", summary(&tail));
        assert_eq!(
            tail[0].message,
            "the path of one piece breaks between e6 and f6, and f6–d5 is not a bishop move"
        );
        // Both links are bishop moves: nothing tells which is wrong, and
        // the arrow after the break is named.
        let both = mutate(
            BOOK,
            SECTION,
            3,
            "arrow: c8, e6, black",
            "arrow: c8, a6, black",
        );
        assert_eq!(
            summary(&both),
            ["turn: the arrow from e6 does not continue the path of one piece"]
        );
    }

    #[test]
    fn the_knight_cannot_jump_like_that() {
        let f = mutate(
            BOOK,
            SECTION,
            4,
            "arrow: f6, e4, black",
            "arrow: f6, e3, black",
        );
        assert!(
            f.iter().any(|f| f.rule == common::ARROW || f.rule == TURN),
            "{:?}",
            summary(&f)
        );
    }

    #[test]
    fn a_second_piece_is_found() {
        let f = mutate(
            BOOK,
            SECTION,
            6,
            "arrow: c8, f5, black",
            "arrow: e7, e5, black",
        );
        assert!(!f.is_empty(), "{:?}", summary(&f));
    }

    #[test]
    fn a_white_arrow_in_a_black_turn_is_found() {
        let f = mutate(
            BOOK,
            SECTION,
            6,
            "arrow: e4, b1, black",
            "arrow: e4, b1, white",
        );
        assert!(f.iter().any(|f| f.rule == TURN), "{:?}", summary(&f));
    }

    #[test]
    fn a_quiet_move_after_a_capture_is_found() {
        // Proposed: the bishop may take e4, but then not go on to the empty d3.
        let f = seed(
            "r n b q k b n r
             p p p . p p p p
             . . . . . . . .
             . . . . . . . .
             . . . . P . . .
             . . . . . . . .
             P P P P . P P P
             R N B Q K B N R
             arrow: c8, f5, black
             arrow: f5, e4, black
             arrow: e4, d3, black",
        );
        assert_eq!(f.len(), 1, "{:?}", summary(&f));
        assert_eq!(f[0].rule, common::ARROW);
        assert!(f[0].message.contains("from e4 to d3"), "{}", f[0].message);
        // Made, the bishop on d3 may have taken a piece there: that is legal
        // (two white pawns are gone: the two it took).
        let f = seed(
            "r n . q k b n r
             p p p . p p p p
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . b . . . .
             P P P . . P P P
             R N B Q K B N R
             arrow: c8, f5, black
             arrow: f5, e4, black
             arrow: e4, d3, black",
        );
        assert!(f.is_empty(), "{:?}", summary(&f));
    }

    /// Black, with the bishop card just played, proposes a quiet move and
    /// two captures; White's discard stack is a rook card under a pawn card.
    const WILD: &str = "r n b q k b n r
        p p p . p p p p
        . . . . . . . .
        . . . P . . . .
        . . . . P . . .
        . . . . . . . .
        P P . P . P P P
        R N B Q K B N R
        card: back, 8.5, 2.5
        card: P, 11, 2.5
        card: r, 8.5, 6
        card: P, 9, 6
        card: b, 8.5, -1
        arrow: c8, f5, black
        arrow: f5, e4, black
        arrow: e4, b1, black";

    #[test]
    fn the_capturing_piece_is_of_the_card_just_played() {
        let f = mutate(BOOK, SECTION, 3, "card: b, 8.5, -1", "card: n, 8.5, -1");
        // The seed's bishop chain, with the knight card played instead.
        assert_eq!(f.len(), 1, "{:?}", summary(&f));
        assert_eq!(f[0].rule, common::ARROW);
        let f = check_text(
            SECTION,
            &WILD.replace("card: b, 8.5, -1", "card: n, 8.5, -1"),
        );
        assert_eq!(f.len(), 1, "{:?}", summary(&f));
        assert!(
            f[0].message.contains("just played is a knight card"),
            "{}",
            f[0].message
        );
        // A card of a type its player no longer has is wild.
        let no_queen = WILD
            .replace("r n b q k b n r", "r n b . k b n r")
            .replace("card: b, 8.5, -1", "card: q, 8.5, -1");
        let f = check_text(SECTION, &no_queen);
        assert!(f.is_empty(), "{:?}", summary(&f));
        let f = check_text(
            SECTION,
            &WILD.replace("card: b, 8.5, -1", "card: q, 8.5, -1"),
        );
        assert_eq!(f.len(), 1, "{:?}", summary(&f));
    }

    #[test]
    fn the_captured_piece_is_of_the_card_it_takes() {
        let f = check_text(SECTION, &WILD.replace("card: P, 9, 6", "card: N, 9, 6"));
        assert_eq!(f.len(), 1, "{:?}", summary(&f));
        assert_eq!(
            f[0].message,
            "the black bishop on f5 captures the white pawn on e4, but the card this capture takes is a knight card: the captured piece must be of that type"
        );
    }

    #[test]
    fn a_double_colour_match_makes_the_next_capture_wild() {
        // A black bishop on a black card takes a white pawn on a red card:
        // the rook card below is wild, so the knight may be taken.
        let f = check_text(SECTION, WILD);
        assert!(f.is_empty(), "{:?}", summary(&f));
        // Played with the red bishop card, the colours do not match.
        let f = check_text(
            SECTION,
            &WILD.replace("card: b, 8.5, -1", "card: B, 8.5, -1"),
        );
        assert_eq!(f.len(), 1, "{:?}", summary(&f));
        assert_eq!(
            f[0].message,
            "the black bishop on e4 captures the white knight on b1, but the card this capture takes is a rook card: the captured piece must be of that type"
        );
    }

    /// White's e5 pawn beside Black's d5, which has just stepped from d7;
    /// White just played a pawn card, and Black's discard stack shows a
    /// pawn card on top.
    const EN_PASSANT: &str = "r n b q k b n r
        p p p . p p p p
        . . . . . . . .
        . . . p P . . .
        . . . . . . . .
        . . . . . . . .
        P P P P . P P P
        R N B Q K B N R
        card: P, 8.5, 6
        card: p, 8.5, -1
        arrow: e5, d6, white";

    /// The same capture made: the white pawn on d6, and Black's pawn card
    /// on the captured stack.
    const EN_PASSANT_MADE: &str = "r n b q k b n r
        p p p . p p p p
        . . . P . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        P P P P . P P P
        R N B Q K B N R
        card: P, 8.5, 6
        card: p, 11, 2.5
        arrow: e5, d6, white";

    #[test]
    fn en_passant_needs_the_capturing_card_just_played() {
        for diagram in [EN_PASSANT, EN_PASSANT_MADE] {
            let f = check_text(SECTION, diagram);
            assert!(f.is_empty(), "{diagram}: {:?}", summary(&f));
            let f = check_text(
                SECTION,
                &diagram.replace("card: P, 8.5, 6", "card: N, 8.5, 6"),
            );
            assert_eq!(
                summary(&f),
                [
                    "arrow: the white pawn on e5 captures on d6, but the card its player just played is a knight card: the capturing piece must be of that type"
                ],
                "{diagram}"
            );
        }
    }

    #[test]
    fn en_passant_takes_the_card_of_the_pawn_it_captures() {
        let f = check_text(
            SECTION,
            &EN_PASSANT.replace("card: p, 8.5, -1", "card: n, 8.5, -1"),
        );
        assert_eq!(
            summary(&f),
            [
                "arrow: the white pawn on e5 captures the black pawn on d5, but the card this capture takes is a knight card: the captured piece must be of that type"
            ]
        );
        // Made, with a knight card on the captured stack, e5–d6 may have
        // taken a knight (a promoted pawn) standing on d6.
        let made = EN_PASSANT_MADE.replace("card: p, 11, 2.5", "card: n, 11, 2.5");
        let f = check_text(SECTION, &made);
        assert!(f.is_empty(), "{:?}", summary(&f));
    }

    #[test]
    fn the_deck_holds_each_card_its_number_of_times() {
        let f = mutate(BOOK, SECTION, 3, "card: b, 8.5, -1", "card: k, 8.5, -1");
        assert!(!f.iter().any(|f| f.rule == CARDS), "{:?}", summary(&f));
        let f = check_text(
            SECTION,
            &format!("{OPENING}\ncard: Q, 8.5, 6\ncard: Q, 9, 6"),
        );
        assert_eq!(f.len(), 1, "{:?}", summary(&f));
        assert_eq!(f[0].rule, CARDS);
        let f = check_text(SECTION, &format!("{OPENING}\ncard: c, 8.5, 6"));
        assert_eq!(
            summary(&f),
            ["cooperative-cards: a `c` card, but Cooperative Chess uses only piece cards"]
        );
    }

    #[test]
    fn a_king_may_stay_in_check() {
        assert_check_is_not_a_rule(SECTION, "arrow: a2, a3, white");
    }

    /// The white queen may take the d3 pawn, then the king on d5.
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
    fn no_move_follows_a_kings_capture() {
        let f = seed(QUEEN);
        assert!(f.is_empty(), "{:?}", summary(&f));
        // Taking the king on d5 ends the game: the e6 pawn is not taken.
        let on = format!("{QUEEN}\narrow: d5, e6, white");
        let f = seed(&on);
        assert!(
            f.iter().any(|f| f.rule == common::ARROW
                && f.message.contains(crate::engine::games::king_capture::OVER)),
            "{:?}",
            summary(&f)
        );
    }

    #[test]
    fn no_turn_follows_a_kings_capture() {
        // With the black king gone the game is over: no move is proposed.
        let gone = QUEEN.replace(". . . k . . . .", ". . . . . . . .");
        let f = seed(&gone.replace("arrow: d3, d5, white", ""));
        assert!(
            f.iter().any(|f| f.rule == common::ARROW
                && f.message
                    .contains("it ends when a king is captured, and the black king is gone")),
            "{:?}",
            summary(&f)
        );
        // Made: the queen took a pawn (the captured stack's top card), so
        // the black king was gone before the turn.
        let made = ". . . . . . . .
             . . . . . . . p
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . Q . . . .
             . . . . . . . .
             K . . . . . . .
             card: p, 11, 2.5
             arrow: d1, d3, white";
        let f = seed(made);
        assert!(
            f.iter().any(|f| f.rule == common::ARROW
                && f.message
                    .contains("it ends when a king is captured, and the black king is gone")),
            "{:?}",
            summary(&f)
        );
        // A king card: the capture may have been the king's, the last move.
        let f = seed(&made.replace("card: p,", "card: k,"));
        assert!(f.is_empty(), "{:?}", summary(&f));
    }
}
