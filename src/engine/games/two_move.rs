//! Two Move Chess: no check (kings may be left in check and are captured
//! to win), no en passant, castling even through attacked squares.
//!
//! The cards in play, read from the diagram's face-up cards (`back` cards
//! are face down and say nothing yet):
//! - the deck is one card per piece type and colour, no pawn cards, so a
//!   colour shows each type at most once; last turn's face-up cards
//!   "cannot be chosen" follows from that;
//! - one player starts a turn with two cards face up (last turn's), the
//!   other with none; once the chosen cards are revealed one player has
//!   four face up and the other two;
//! - matching cards are eliminated (both pairs matching: no piece moves),
//!   and the other card then makes two moves;
//! - cards move pieces from least to most valuable (knight, bishop, rook,
//!   queen, king), both players' cards in one order;
//! - a card moves a piece of its type, or (the rules book's wording) the
//!   player's least valuable movable piece type: pawns that are captured,
//!   blocked or already moved this turn do not count (other pieces may
//!   move twice); or (the first experiments book's wording, "Any of the
//!   cards may be used to move a pawn") a pawn. Each section's own text says which wording it uses.
//!
//! A colour whose cards this turn are not on the table (back in the hand)
//! may make up to two moves with any pieces, in any place of the order.

use crate::diagram::{Arrow, BoardDiagram, Card, CardFace, Color, Piece, Role, Square};
use crate::engine::chess::{CastlingInference, Position, Rules};
use crate::engine::games::common;
use crate::engine::games::king_capture::{self, EndsAtKingCapture};
use crate::engine::material;
use crate::engine::replay::{OrthodoxSteps, State, StepRules, arrow_color};
use crate::engine::{DiagramContext, Finding, Game};

pub struct TwoMove;

pub const TURN: &str = "turn";
pub const CARD: &str = "card";
/// The cards on the table: which and how many.
pub const DECK: &str = "two-move-cards";
/// The order the cards move in.
pub const ORDER: &str = "card-order";

const RULES: Rules = Rules {
    king_safety: false,
    en_passant: false,
    castle_through_attack: true,
    ..Rules::STANDARD
};

/// How a section's text says a card may move a piece not of its type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wording {
    /// The rules book: "one of the player's least valuable pieces (usually
    /// a pawn). If all of a player's pawns are captured or blocked, they
    /// could use any card to move a knight or whatever their least
    /// valuable, movable piece is."
    LeastValuableMovable,
    /// The first experiments book: "Any of the cards may be used to move a
    /// pawn … If you have no legal move with that piece type or a pawn,
    /// you don't make a move for that card."
    Pawn,
}

impl Wording {
    /// The wording of the section's own text; the later one when the text
    /// says neither.
    pub fn of_text(text: &str) -> Wording {
        let words: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
        if words.contains("least valuable, movable") {
            Wording::LeastValuableMovable
        } else if words.contains("may be used to move a pawn") {
            Wording::Pawn
        } else {
            Wording::LeastValuableMovable
        }
    }
}

fn role_list(roles: &[Role]) -> String {
    roles
        .iter()
        .map(|r| r.name())
        .collect::<Vec<_>>()
        .join(" and ")
}

/// The face-up piece cards of each colour, in the diagram's order; a card
/// the deck does not hold is a finding.
fn table_cards<'a>(board: &'a BoardDiagram, out: &mut Vec<Finding>) -> [Vec<(Role, &'a Card)>; 2] {
    let mut faces: [Vec<(Role, &Card)>; 2] = [Vec::new(), Vec::new()];
    for card in &board.cards {
        match card.face() {
            CardFace::Back => {}
            CardFace::Piece(p) if p.role == Role::Pawn => out.push(
                Finding::error(
                    DECK,
                    card.symbol_span,
                    format!("a {} pawn card, but Two Move Chess uses no pawn cards", p.color.name()),
                )
                .with_help("the deck is one card per piece type and colour without the pawns: 10 cards, 5 of each colour"),
            ),
            CardFace::Piece(p) => {
                let mine = &mut faces[p.color as usize];
                if mine.iter().any(|(r, _)| *r == p.role) {
                    out.push(
                        Finding::error(
                            DECK,
                            card.symbol_span,
                            format!(
                                "a second {} card on the table, but the deck has one card per piece type and colour",
                                p.name()
                            ),
                        )
                        .with_help("last turn's face-up cards cannot be chosen again"),
                    );
                } else {
                    mine.push((p.role, card));
                }
            }
            CardFace::Checker(_) | CardFace::Empty(_) | CardFace::Other(_) => out.push(
                Finding::error(
                    DECK,
                    card.symbol_span,
                    format!("a `{}` card, but Two Move Chess uses only piece cards", card.symbol),
                )
                .with_help("the deck is one card per piece type and colour without the pawns"),
            ),
        }
    }
    faces
}

/// What a colour played this turn, as far as the table tells.
#[derive(Clone, Debug, PartialEq)]
enum Played {
    Known(Vec<Role>),
    /// Back in the hand, or not yet chosen: not on the table.
    Unknown,
}

/// The readings of the table (each colour's cards played this turn), most
/// likely first; None after a finding.
fn readings(faces: &[Vec<(Role, &Card)>; 2], out: &mut Vec<Finding>) -> Option<Vec<[Played; 2]>> {
    let [w, b] = [faces[0].len(), faces[1].len()];
    let roles = |c: usize| faces[c].iter().map(|(r, _)| *r).collect::<Vec<_>>();
    let name = |c: usize| common::side_name(if c == 0 { Color::White } else { Color::Black });
    for (c, face) in faces.iter().enumerate() {
        let n = face.len();
        if n == 1 || n == 3 || n > 4 {
            out.push(
                Finding::error(
                    DECK,
                    face[n - 1].1.span,
                    format!("{} has {n} cards face up, but a player has two face up (chosen this turn, or left from last turn) or four (both)", name(c)),
                )
                .with_help("each player chooses two cards a turn; only one player keeps last turn's two face up"),
            );
            return None;
        }
    }
    let known = |c: usize| Played::Known(roles(c));
    match (w, b) {
        (0, 0) => Some(vec![[Played::Unknown, Played::Unknown]]),
        (2, 0) => Some(vec![[known(0), Played::Unknown]]),
        (0, 2) => Some(vec![[Played::Unknown, known(1)]]),
        (4, 2) | (2, 4) => {
            let four = if w == 4 { 0 } else { 1 };
            let all = roles(four);
            // This turn's pair is most likely the one drawn last.
            let mut pairs = Vec::new();
            for i in (0..4).rev() {
                for j in (0..i).rev() {
                    pairs.push(vec![all[j], all[i]]);
                }
            }
            Some(
                pairs
                    .into_iter()
                    .map(|pair| {
                        let mut r = [known(0), known(1)];
                        r[four] = Played::Known(pair);
                        r
                    })
                    .collect(),
            )
        }
        _ => {
            let (c, n) = if w >= b { (0, w) } else { (1, b) };
            let other = 1 - c;
            let message = if w == b {
                format!(
                    "both players have {n} cards face up, but only one player keeps last turn's two cards face up"
                )
            } else {
                format!(
                    "{} has {n} cards face up and {} {}, but once the cards are revealed one player has four face up and the other two",
                    name(c),
                    name(other),
                    faces[other].len()
                )
            };
            out.push(
                Finding::error(DECK, faces[c][n - 1].1.span, message).with_help(
                    "a turn starts with one player's last two cards face up; both then reveal two more",
                ),
            );
            None
        }
    }
}

/// The moves a colour's cards make, in value order, one entry a move
/// (`None`: any piece), for each way the turn may have gone.
fn slots(mine: &Played, theirs: &Played) -> Vec<(Vec<Option<Role>>, String)> {
    match (mine, theirs) {
        (Played::Unknown, _) => vec![(vec![None, None], String::new())],
        (Played::Known(m), Played::Known(t)) => {
            let mut rest: Vec<Role> = m.iter().copied().filter(|r| !t.contains(r)).collect();
            rest.sort();
            let why = match rest.as_slice() {
                [] => format!(
                    "both players chose {}, so both pairs are eliminated and no piece moves",
                    role_list(m)
                ),
                [one] => {
                    let gone: Vec<Role> = m.iter().copied().filter(|r| r != one).collect();
                    format!(
                        "the {} cards match and are eliminated, so the {} card makes two moves",
                        role_list(&gone),
                        one.name()
                    )
                }
                _ => format!("the {} cards move once each", role_list(&rest)),
            };
            let entries = match rest.as_slice() {
                [one] => vec![Some(*one), Some(*one)],
                _ => rest.iter().map(|&r| Some(r)).collect(),
            };
            vec![(entries, why)]
        }
        // The other player's cards went back to the hand: any of the ways.
        (Played::Known(m), Played::Unknown) => {
            let mut sorted = m.clone();
            sorted.sort();
            let mut out = vec![(sorted.iter().map(|&r| Some(r)).collect(), String::new())];
            for &r in &sorted {
                out.push((vec![Some(r), Some(r)], String::new()));
            }
            out.push((
                Vec::new(),
                format!(
                    "had both players chosen {}, both pairs would be eliminated and no piece would move",
                    role_list(&sorted)
                ),
            ));
            out
        }
    }
}

/// The least valuable piece type `color` can move, not counting a pawn
/// on `moved` (the squares its pieces moved to this turn): only a pawn
/// may not move twice in a turn.
fn least_movable(state: &State, color: Color, moved: &[Square]) -> Option<Role> {
    let pos = Position::from_board(&state.board, color, CastlingInference::Standard);
    pos.legal_moves(&RULES)
        .into_iter()
        .filter(|m| !(m.role() == Role::Pawn && moved.contains(&m.from())))
        .map(|m| m.role())
        .min()
}

/// Why the piece on `from` may not move, if it is a pawn of `color` that
/// already moved this turn (onto one of `moved`): "you may not move the
/// same pawn twice in one turn". A pawn that promoted is its new piece.
fn pawn_again(state: &State, from: Square, color: Color, moved: &[Square]) -> Option<String> {
    let pawn = Piece::new(color, Role::Pawn);
    (state.piece(from) == Some(pawn) && moved.contains(&from)).then(|| {
        format!(
            "the {} on {from} moves again, but a player may not move the same pawn twice in one turn",
            pawn.name()
        )
    })
}

/// Why the card `card` may not move the piece on `from`, if it may not.
fn card_refusal(
    state: &State,
    from: Square,
    card: Option<Role>,
    wording: Wording,
    moved: &[Square],
) -> Option<String> {
    let card = card?;
    let piece = state.piece(from)?;
    if piece.role == card {
        return None;
    }
    let side = common::side_name(piece.color);
    match wording {
        Wording::Pawn if piece.role == Role::Pawn => None,
        Wording::Pawn => Some(format!(
            "the {} on {from} moves for {side}'s {} card, but a card moves a {} or a pawn",
            piece.name(),
            card.name(),
            card.name()
        )),
        Wording::LeastValuableMovable => {
            let least = least_movable(state, piece.color, moved);
            if least == Some(piece.role) {
                return None;
            }
            let least = least.map_or("none".to_string(), |r| format!("here a {}", r.name()));
            Some(format!(
                "the {} on {from} moves for {side}'s {} card, but a card moves a {} or {side}'s least valuable movable piece type ({least})",
                piece.name(),
                card.name(),
                card.name()
            ))
        }
    }
}

/// Why a reading of the turn failed, weakest first: the nearest failure
/// is reported.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Why {
    /// The moves cannot be played in this order at all: the replay found
    /// an order that can, so this says nothing about the cards.
    Board,
    /// More moves than the cards in play make (rule `turn`).
    Count,
    /// A card may not move the piece, after this many moves (rule `card`).
    Card(usize),
    /// Every card fits its move, but a pawn moves again, after this many
    /// moves (rule `turn`).
    Pawn(usize),
    /// Every move fits its card, but not in the cards' order.
    Order,
}

/// A reading of the turn that failed: why, and at which arrow.
#[derive(Clone)]
struct Miss {
    why: Why,
    arrow: usize,
    message: String,
}

/// Keeps the nearer of two failures, the first found on a tie.
fn keep(m: Miss, best: &mut Option<Miss>) {
    if best.as_ref().is_none_or(|b| b.why < m.why) {
        *best = Some(m);
    }
}

struct Turn<'a> {
    arrows: &'a [&'a Arrow],
    steps: OrthodoxSteps,
    wording: Wording,
}

impl Turn<'_> {
    /// The squares of the pieces `color` moved before play position `pos`.
    fn moved(&self, seq: &[usize], pos: usize, color: Color) -> Vec<Square> {
        seq[..pos]
            .iter()
            .map(|&j| self.arrows[j])
            .filter(|a| arrow_color(a) == Some(color))
            .map(|a| a.to)
            .collect()
    }

    /// Undoes the made moves `seq[..k]` backwards from `after`, each by
    /// its card; Err with the depth reached.
    fn undo(
        &self,
        after: &State,
        seq: &[usize],
        cards: &[Option<Role>],
        k: usize,
        made: usize,
    ) -> Result<(), Miss> {
        if k == 0 {
            return Ok(());
        }
        let i = seq[k - 1];
        let a = self.arrows[i];
        let Some(color) = arrow_color(a) else {
            return Ok(());
        };
        let moved = self.moved(seq, k - 1, color);
        let depth = 1 + made - k;
        let mut miss: Option<Miss> = None;
        for before in self.steps.befores(after, a.from, a.to, color) {
            // Only whether the step leads here matters, not why not.
            if !self
                .steps
                .afters(&before, a.from, a.to, color)
                .contains(after)
            {
                continue;
            }
            let refused = card_refusal(&before, a.from, cards[k - 1], self.wording, &moved)
                .map(|message| (Why::Card(depth), message))
                .or_else(|| {
                    pawn_again(&before, a.from, color, &moved)
                        .map(|message| (Why::Pawn(depth), message))
                });
            if let Some((why, message)) = refused {
                let m = Miss {
                    why,
                    arrow: i,
                    message,
                };
                keep(m, &mut miss);
                continue;
            }
            match self.undo(&before, seq, cards, k - 1, made) {
                Ok(()) => return Ok(()),
                Err(m) => keep(m, &mut miss),
            }
        }
        Err(miss.unwrap_or_else(|| Miss {
            why: Why::Board,
            arrow: i,
            message: format!(
                "the move {}–{} cannot be played in this order",
                a.from, a.to
            ),
        }))
    }

    /// Plays `seq` (arrow indices, the first `made` of them made moves),
    /// each arrow moving for the card at the same place of `cards`.
    fn play(
        &self,
        state: &State,
        seq: &[usize],
        cards: &[Option<Role>],
        made: usize,
    ) -> Result<(), Miss> {
        self.undo(state, seq, cards, made, made)?;
        let mut s = state.clone();
        for pos in made..seq.len() {
            let i = seq[pos];
            let a = self.arrows[i];
            let Some(color) = arrow_color(a) else {
                continue;
            };
            let moved = self.moved(seq, pos, color);
            if let Some(message) = card_refusal(&s, a.from, cards[pos], self.wording, &moved) {
                return Err(Miss {
                    why: Why::Card(1 + pos),
                    arrow: i,
                    message,
                });
            }
            if let Some(message) = pawn_again(&s, a.from, color, &moved) {
                return Err(Miss {
                    why: Why::Pawn(1 + pos),
                    arrow: i,
                    message,
                });
            }
            match self.steps.step(&s, a.from, a.to, color) {
                Ok(afters) if !afters.is_empty() => s = afters[0].clone(),
                Ok(_) => {
                    return Err(Miss {
                        why: Why::Board,
                        arrow: i,
                        message: format!("the move {}–{} cannot be played", a.from, a.to),
                    });
                }
                Err(message) => {
                    return Err(Miss {
                        why: Why::Board,
                        arrow: i,
                        message,
                    });
                }
            }
        }
        Ok(())
    }
}

/// Every order of `items`.
fn permutations(items: &[usize]) -> Vec<Vec<usize>> {
    if items.len() <= 1 {
        return vec![items.to_vec()];
    }
    let mut out = Vec::new();
    for k in 0..items.len() {
        let mut rest = items.to_vec();
        let first = rest.remove(k);
        for mut p in permutations(&rest) {
            p.insert(0, first);
            out.push(p);
        }
    }
    out
}

/// Ways to give `m` moves to `entries`, each entry to one move at most,
/// in any order: a colour's moves out of the cards' order are then found
/// as such.
fn choices(m: usize, entries: usize) -> Vec<Vec<usize>> {
    if m == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for first in 0..entries {
        for rest in choices(m - 1, entries) {
            if !rest.contains(&first) {
                let mut c = vec![first];
                c.extend(rest);
                out.push(c);
            }
        }
    }
    out
}

/// The moves fit the cards in play: how many each colour makes, the
/// pieces each card may move, and the cards' order.
fn check_cards_in_play(
    cx: &DiagramContext,
    board: &BoardDiagram,
    arrows: &[&Arrow],
    made: &[usize],
    proposed: &[usize],
    out: &mut Vec<Finding>,
) {
    let faces = table_cards(board, out);
    let Some(readings) = readings(&faces, out) else {
        return;
    };
    if arrows.is_empty() {
        return;
    }
    let turn = Turn {
        arrows,
        steps: OrthodoxSteps::new(RULES),
        wording: Wording::of_text(common::section_text(cx.book, cx.entry)),
    };
    let state = State::new(board.board.clone());
    let mut orders = Vec::new();
    for m in permutations(made) {
        for p in permutations(proposed) {
            let mut seq = m.clone();
            seq.extend(&p);
            orders.push(seq);
        }
    }
    let color_of = |i: usize| arrow_color(arrows[i]).unwrap_or(Color::White);
    // The most likely reading's failure is reported: another reading's may
    // lie nearer, but blames cards the diagram most likely does not play.
    let mut first: Option<Miss> = None;
    let mut nearest: Option<Miss> = None;
    for (r, reading) in readings.iter().enumerate() {
        let mut best: Option<Miss> = None;
        let white = slots(&reading[0], &reading[1]);
        let black = slots(&reading[1], &reading[0]);
        for (ws, wwhy) in &white {
            for (bs, bwhy) in &black {
                for seq in &orders {
                    let by_color = |c: Color| -> Vec<usize> {
                        (0..seq.len()).filter(|&p| color_of(seq[p]) == c).collect()
                    };
                    let (wp, bp) = (by_color(Color::White), by_color(Color::Black));
                    let mut short = false;
                    for (places, entries, why, c) in
                        [(&wp, ws, wwhy, Color::White), (&bp, bs, bwhy, Color::Black)]
                    {
                        if places.len() > entries.len() {
                            short = true;
                            keep(
                                Miss {
                                    why: Why::Count,
                                    arrow: seq[places[entries.len()]],
                                    message: format!(
                                        "{} makes {} moves here, but {}",
                                        common::side_name(c),
                                        places.len(),
                                        if why.is_empty() {
                                            "a player's cards make at most two moves a turn"
                                                .to_string()
                                        } else {
                                            why.clone()
                                        }
                                    ),
                                },
                                &mut best,
                            );
                        }
                    }
                    if short {
                        continue;
                    }
                    for wc in choices(wp.len(), ws.len()) {
                        for bc in choices(bp.len(), bs.len()) {
                            let mut cards = vec![None; seq.len()];
                            for (k, &p) in wp.iter().enumerate() {
                                cards[p] = ws[wc[k]];
                            }
                            for (k, &p) in bp.iter().enumerate() {
                                cards[p] = bs[bc[k]];
                            }
                            // Both players' cards move in one order of value:
                            // a move after one for a more valuable card is late.
                            let late = (0..seq.len()).find_map(|q| {
                                (0..q)
                                    .find(|&p| matches!((cards[p], cards[q]), (Some(x), Some(y)) if x > y))
                                    .map(|p| (p, q))
                            });
                            match (turn.play(&state, seq, &cards, made.len()), late) {
                                (Ok(()), None) => return,
                                (Ok(()), Some((p, q))) => {
                                    let card = |k: usize| cards[k].map_or("", |r| r.name());
                                    let side = |k: usize| common::side_name(color_of(seq[k]));
                                    let before = arrows[seq[p]];
                                    keep(
                                        Miss {
                                            why: Why::Order,
                                            arrow: seq[q],
                                            message: format!(
                                                "this move, for {}'s {} card, can only come after {}–{}, for {}'s {} card, but cards move pieces from least to most valuable: knight, bishop, rook, queen, king",
                                                side(q),
                                                card(q),
                                                before.from,
                                                before.to,
                                                side(p),
                                                card(p)
                                            ),
                                        },
                                        &mut best,
                                    );
                                }
                                (Err(m), None) => keep(m, &mut best),
                                (Err(_), Some(_)) => {}
                            }
                        }
                    }
                }
            }
        }
        if r == 0 {
            first.clone_from(&best);
        }
        if let Some(m) = best {
            keep(m, &mut nearest);
        }
    }
    let Some(m) = first.filter(|m| m.why != Why::Board).or(nearest) else {
        return;
    };
    let rule = match m.why {
        Why::Order => ORDER,
        Why::Count | Why::Pawn(_) => TURN,
        Why::Card(_) | Why::Board => CARD,
    };
    let mut help = String::from(if matches!(m.why, Why::Pawn(_)) {
        "a pawn moves once a turn, whichever cards move it; one that promotes may move on as its new piece"
    } else {
        "the cards move pieces from least to most valuable; matching cards are eliminated and the other card moves twice"
    });
    if readings.len() > 1
        && let Some((c, Played::Known(pair))) = readings[0]
            .iter()
            .enumerate()
            .find(|&(c, _)| faces[c].len() == 4)
    {
        let side = common::side_name(if c == 0 { Color::White } else { Color::Black });
        help = format!(
            "{help}; read with {side}'s {} cards, the last two drawn, as this turn's: no other two of {side}'s four face-up cards fit the moves either",
            role_list(pair)
        );
    }
    out.push(Finding::error(rule, arrows[m.arrow].span, m.message).with_help(help));
}

impl Game for TwoMove {
    fn name(&self) -> &'static str {
        "Two Move Chess"
    }

    fn fen_rules(&self) -> crate::engine::fen::FenRules<'static> {
        crate::engine::fen::FenRules::Chess {
            steps: Box::new(OrthodoxSteps::new(RULES)),
            castling: crate::engine::chess::CastlingInference::Standard,
        }
    }

    fn check_board(&self, cx: &DiagramContext, board: &BoardDiagram, out: &mut Vec<Finding>) {
        // The king is captured to win, so a side may have lost it.
        material::check(board, &common::KING_MAY_BE_CAPTURED, out);
        let arrows = common::move_arrows(board);
        for color in [Color::White, Color::Black] {
            let mine: Vec<_> = arrows
                .iter()
                .filter(|a| arrow_color(a) == Some(color))
                .collect();
            // A diagram shows one turn: two cards, or one card making two moves.
            if mine.len() > 2 {
                out.push(
                    Finding::error(
                        TURN,
                        mine[2].span,
                        format!(
                            "{} makes {} moves here, but a turn has at most two moves a player",
                            common::side_name(color),
                            mine.len()
                        ),
                    )
                    .with_help("each of the two cards moves once, or one card moves twice"),
                );
                return;
            }
        }
        let state = State::new(board.board.clone());
        // "Capture your opponent's king": the game ends there, so no move
        // (a turn's second one included) follows the capture.
        let steps = EndsAtKingCapture(OrthodoxSteps::new(RULES));
        let replayed = out.len();
        let plan = common::check_moves(board, &state, &arrows, &steps, out);
        king_capture::explain(&mut out[replayed..]);
        let Some(plan) = plan else {
            table_cards(board, out);
            return;
        };
        let moved = common::moved_pieces(&state, &arrows, &plan, &steps);
        let mut pawn_ends: Vec<(Color, Square)> = Vec::new();
        for &(i, piece) in &moved {
            let a = arrows[i];
            if piece.role == Role::Pawn {
                if pawn_ends.contains(&(piece.color, a.from)) {
                    out.push(Finding::error(
                        TURN,
                        a.span,
                        format!(
                            "the {} on {} moves again, but a player may not move the same pawn twice in one turn",
                            piece.name(),
                            a.from
                        ),
                    ));
                    return;
                }
                pawn_ends.push((piece.color, a.to));
            }
        }
        check_cards_in_play(cx, board, &arrows, &plan.made, &plan.proposed, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::games::common::testing::*;

    const SECTION: &str = "Two Move Chess";

    /// The pawn on h6 steps to h7 for White's knight card and promotes on
    /// h8 for its rook card: the same pawn twice. The queen that stands on
    /// h8 cannot have made both moves either, since the pawn on b3 is
    /// White's least valuable movable piece. Each reading fails for its own
    /// reason, so the diagram fails, for the pawn's.
    #[test]
    fn a_pawn_that_promotes_on_its_second_move_moved_twice() {
        let board = ". . . . . k . Q
             . . . . . . . .
             . p . . . . . .
             . . p . b . . .
             . . . . . . . .
             . P . . . . . .
             . . . . . . . .
             . . . . . . . K
             card: N, 8.5, 4.75
             card: R, 9, 4.75
             card: k, 8.5, 0.2
             card: r, 9, 0.2
             card: q, 8.5, 0.95
             card: b, 9, 0.95";
        let f = check_text(
            SECTION,
            &format!("{board}\narrow: h6, h7, white\narrow: h7, h8, white"),
        );
        assert!(
            f.iter().any(|f| f.rule == TURN
                && f.message
                    == "the white pawn on h7 moves again, but a player may not move the same pawn twice in one turn"),
            "{:?}",
            summary(&f)
        );
        // One move each for the two pawns is legal: b3–b4 for the knight
        // card, h7–h8 for the rook card.
        let two_pawns = board.replace(
            ". . . . . . . .\n             . P . . . . . .",
            ". P . . . . . .\n             . . . . . . . .",
        );
        let f = check_text(
            SECTION,
            &format!("{two_pawns}\narrow: b3, b4, white\narrow: h7, h8, white"),
        );
        assert!(f.is_empty(), "{:?}", summary(&f));
    }

    #[test]
    fn the_seed_diagrams_pass() {
        for book in ["tests/seeds/rules.md", "tests/seeds/new_rules.md"] {
            let found = seed_findings(book, SECTION);
            assert!(found.is_empty(), "{book}: {found:?}");
        }
        assert_eq!(board_count("tests/seeds/rules.md", SECTION), 2);
    }

    #[test]
    fn the_queen_off_its_line_is_found() {
        let f = mutate(
            "tests/seeds/rules.md",
            SECTION,
            2,
            "arrow: d1, b3, white",
            "arrow: d1, b4, white",
        );
        assert_eq!(f.len(), 1, "{:?}", summary(&f));
        assert_eq!(f[0].rule, common::ARROW);
    }

    /// A pawn arrow from h6 to c3 is the one fault. Black's h-pawn double
    /// step before it, where the longest failed reading stopped, is sound
    /// and not blamed.
    #[test]
    fn a_broken_arrow_is_blamed_alone() {
        let f = mutate(
            "tests/seeds/rules.md",
            SECTION,
            2,
            "arrow: c2, c3, white",
            "arrow: h6, c3, white",
        );
        assert_eq!(f.len(), 1, "{:?}", summary(&f));
        assert!(
            f[0].message.contains("h6–c3 is not a pawn move"),
            "{:?}",
            summary(&f)
        );
    }

    #[test]
    fn the_rook_cannot_pass_its_pawn() {
        // h8-h4 would need the pawn out of the way, and it stops on h5.
        let f = mutate(
            "tests/seeds/rules.md",
            SECTION,
            2,
            "arrow: h8, h6, black",
            "arrow: h8, h4, black",
        );
        assert!(
            f.iter().any(|f| f.rule == common::ARROW),
            "{:?}",
            summary(&f)
        );
    }

    #[test]
    fn a_piece_without_its_card_is_found() {
        // Black's cards would be bishop and knight: the bishops match, and the
        // knight card may move a knight or a pawn, not the rook.
        let f = mutate(
            "tests/seeds/rules.md",
            SECTION,
            2,
            "card: r, 9, 0",
            "card: n, 9, 0",
        );
        assert_eq!(f.len(), 1, "{:?}", summary(&f));
        assert_eq!(f[0].rule, CARD);
        assert!(
            f[0].message
                .starts_with("the black rook on h8 moves for Black's knight card"),
            "{}",
            f[0].message
        );
    }

    #[test]
    fn both_pairs_matching_move_nothing() {
        // Black chose bishop and queen like White: every reading of White's
        // four cards leaves Black's rook without its card.
        let f = mutate(
            "tests/seeds/rules.md",
            SECTION,
            2,
            "card: r, 9, 0",
            "card: q, 9, 0",
        );
        assert_eq!(f.len(), 1, "{:?}", summary(&f));
        assert_eq!(f[0].rule, TURN, "{:?}", summary(&f));
        assert!(
            f[0].message.ends_with(
                "makes 2 moves here, but both players chose bishop and queen, so both pairs are eliminated and no piece moves"
            ),
            "{}",
            f[0].message
        );
        let bq = Played::Known(vec![Role::Bishop, Role::Queen]);
        let (entries, why) = &slots(&bq, &bq)[0];
        assert!(entries.is_empty());
        assert_eq!(
            why,
            "both players chose bishop and queen, so both pairs are eliminated and no piece moves"
        );
        let br = Played::Known(vec![Role::Bishop, Role::Rook]);
        assert_eq!(slots(&br, &bq)[0].0, [Some(Role::Rook), Some(Role::Rook)]);
        assert_eq!(
            slots(&bq, &Played::Known(vec![Role::Knight, Role::Rook]))[0].0,
            [Some(Role::Bishop), Some(Role::Queen)]
        );
    }

    /// White's knight and queen cards (Black's back in the hand): the
    /// knight took d1 after the queen left it.
    const QUEEN_THEN_KNIGHT: &str = "r n b q k b n r
        p p p p p p p p
        . . . . . . . .
        . . . . . . . .
        Q . . . . . . .
        . . P . . . . .
        P P . P P P P P
        R N B N K B . R
        card: N, 8.5, 5
        card: Q, 9, 5
        arrow: d1, a4, white
        arrow: e3, d1, white";

    /// A refusal names what decides it: the cards' order, not a card that
    /// may not move the piece.
    #[test]
    fn one_players_moves_keep_the_cards_order() {
        let f = check_text(SECTION, QUEEN_THEN_KNIGHT);
        assert_eq!(f.len(), 1, "{:?}", summary(&f));
        assert_eq!(f[0].rule, ORDER, "{:?}", summary(&f));
        assert_eq!(
            f[0].message,
            "this move, for White's knight card, can only come after d1–a4, for White's queen card, but cards move pieces from least to most valuable: knight, bishop, rook, queen, king"
        );
        // A knight move that needs no queen move first comes first.
        let keeps = QUEEN_THEN_KNIGHT
            .replace("R N B N K B . R", "R N B . K B . R")
            .replace("Q . . . . . . .", "Q . . . . . N .")
            .replace("arrow: e3, d1", "arrow: e3, g4");
        let f = check_text(SECTION, &keeps);
        assert!(f.is_empty(), "{:?}", summary(&f));
    }

    #[test]
    fn the_deck_has_one_card_per_type_and_colour_and_no_pawns() {
        for (old, new, says) in [
            (
                "card: B, 8.5, 4",
                "card: R, 8.5, 4",
                "a second white rook card",
            ),
            ("card: b, 8.5, 0", "card: p, 8.5, 0", "a black pawn card"),
            ("card: b, 8.5, 0", "card: C, 8.5, 0", "a `C` card"),
        ] {
            let f = mutate("tests/seeds/rules.md", SECTION, 2, old, new);
            assert!(
                f.iter()
                    .any(|f| f.rule == DECK && f.message.starts_with(says)),
                "{new}: {:?}",
                summary(&f)
            );
        }
    }

    #[test]
    fn cards_face_up_are_two_and_four_or_two_and_none() {
        // A third black card, or the leftover pair shown for both players.
        let f = mutate(
            "tests/seeds/rules.md",
            SECTION,
            2,
            "margins: 0, 0, 3, 0",
            "card: k, 9.5, 0",
        );
        assert!(f.iter().any(|f| f.rule == DECK), "{:?}", summary(&f));
        let f = mutate(
            "tests/seeds/rules.md",
            SECTION,
            1,
            "margins: 0, 0, 3, 0",
            "card: k, 9.5, 0",
        );
        assert!(f.iter().any(|f| f.rule == DECK), "{:?}", summary(&f));
        // Face-down cards say nothing yet.
        let f = mutate(
            "tests/seeds/rules.md",
            SECTION,
            1,
            "margins: 0, 0, 3, 0",
            "card: back, 9.5, 0",
        );
        assert!(f.is_empty(), "{:?}", summary(&f));
    }

    /// Queen card for White, rook card for Black: the rook must move first,
    /// and here it can only pass a4 once the queen has left.
    const ORDERED: &str = ". n b q k b n r
        . p p p p p p p
        . . . . . . . .
        . . . . . . . .
        . . . Q . . . .
        r . . . . . . .
        . P P P P P P P
        R N B . K B N R
        card: N, 8.5, 5
        card: B, 9, 5
        card: Q, 8.5, 4
        card: K, 9, 4
        card: r, 8.5, 0
        card: n, 9, 0
        arrow: a4, d4, white";

    #[test]
    fn cards_move_from_least_to_most_valuable() {
        let f = check_text(SECTION, &format!("{ORDERED}\narrow: a8, a3, black"));
        assert_eq!(f.len(), 1, "{:?}", summary(&f));
        assert_eq!(f[0].rule, ORDER);
        // The rook stopping short of a4 may move first.
        let keeps = ORDERED
            .replace("r . . . . . . .\n", ". . . . . . . .\n")
            .replace(
                ". . . . . . . .\n        . . . Q",
                "r . . . . . . .\n        . . . Q",
            );
        let f = check_text(SECTION, &format!("{keeps}\narrow: a8, a5, black"));
        assert!(f.is_empty(), "{:?}", summary(&f));
    }

    /// White's only pawn is blocked; White's cards last turn were queen and
    /// king (Black's went back to the hand).
    fn blocked(white_back_rank: &str, third_rank: &str, fourth_rank: &str) -> String {
        format!(
            "r n b q k . . .
             . . . . . . . .
             . . . . . . . .
             . . . . p . . .
             {fourth_rank}
             {third_rank}
             . . . . . . . .
             {white_back_rank}
             card: Q, 8.5, 5
             card: K, 9, 5"
        )
    }

    fn with_first_edition(diagram: &str) -> Vec<Finding> {
        let mut text = String::from(
            "## Two Move Chess\nAny of the cards may be used to move a pawn, but they are\nstill played in the order of the cards.\n\n",
        );
        for l in diagram.lines() {
            text.push_str("    ");
            text.push_str(l.trim());
            text.push('\n');
        }
        let mut diags = Vec::new();
        let book =
            crate::book::Book::parse(crate::source::SourceFile::new("t.md", text), &mut diags);
        game_findings(&book, SECTION, None)
    }

    #[test]
    fn blocked_pawns_leave_the_least_valuable_movable_piece() {
        let knight = blocked("R N B Q K B . R", ". . . . . N . .", ". . . . P . . .");
        let bishop = blocked("R N B Q K . N R", ". . . . . . . .", ". . B . P . . .");
        let queen = blocked("R N B . K B N R", ". . . . . . . .", ". . . Q P . . .");
        // The rules book: the knight is White's least valuable movable piece.
        let f = check_text(SECTION, &format!("{knight}\narrow: g1, f3, white"));
        assert!(f.is_empty(), "{:?}", summary(&f));
        // The bishop is not.
        let f = check_text(SECTION, &format!("{bishop}\narrow: f1, c4, white"));
        assert_eq!(f.len(), 1, "{:?}", summary(&f));
        assert_eq!(f[0].rule, CARD);
        assert!(f[0].message.contains("(here a knight)"), "{}", f[0].message);
        // The first experiments book: a card moves its type or a pawn.
        let f = with_first_edition(&format!("{knight}\narrow: g1, f3, white"));
        assert_eq!(f.len(), 1, "{:?}", summary(&f));
        assert_eq!(
            f[0].message,
            "the white knight on g1 moves for White's queen card, but a card moves a queen or a pawn"
        );
        let f = with_first_edition(&format!("{queen}\narrow: d1, d4, white"));
        assert!(f.is_empty(), "{:?}", summary(&f));
    }

    #[test]
    fn without_pawns_only_the_least_valuable_movable_type() {
        // No white pawns at all: any card may move a knight, not a rook.
        let knight = blocked("R . B Q K B N R", ". . N . . . . .", ". . . . . . . .");
        let f = check_text(SECTION, &format!("{knight}\narrow: b1, c3, white"));
        assert!(f.is_empty(), "{:?}", summary(&f));
        let rook = blocked(". N B Q K B N R", ". . . . . . . .", "R . . . . . . .");
        let f = check_text(SECTION, &format!("{rook}\narrow: a1, a4, white"));
        assert_eq!(f.len(), 1, "{:?}", summary(&f));
        assert_eq!(f[0].rule, CARD);
    }

    /// White's queen and king cards (Black's went back to the hand); the
    /// e-pawn is blocked, the queen's knight gone.
    fn no_pawn_moves(ranks_4_to_1: [&str; 4], arrows: &str) -> Vec<Finding> {
        let [rank_4, rank_3, rank_2, rank_1] = ranks_4_to_1;
        check_text(
            SECTION,
            &format!(
                "r n b q k . . .
                 . . . . . . . .
                 . . . . . . . .
                 . . . . p . . .
                 {rank_4}
                 {rank_3}
                 {rank_2}
                 {rank_1}
                 card: Q, 8.5, 5
                 card: K, 9, 5
                 {arrows}"
            ),
        )
    }

    /// Only a pawn may not move twice in a turn: a knight that moved for
    /// one card is still the least valuable movable piece for the other.
    #[test]
    fn a_piece_moved_this_turn_may_move_again_as_the_least_valuable() {
        // The knight jumps for both cards.
        let f = no_pawn_moves(
            [
                ". . . . P . . N",
                ". . . . . . . .",
                ". . . . . . . .",
                "R . B Q K B . R",
            ],
            "arrow: g1, f3, white\narrow: f3, h4, white",
        );
        assert!(f.is_empty(), "{:?}", summary(&f));
        // The bishop may not move while the knight on f3 can.
        let f = no_pawn_moves(
            [
                ". . B . P . . .",
                ". . . . . N . .",
                ". . . . . . . .",
                "R . B Q K . . R",
            ],
            "arrow: g1, f3, white\narrow: f1, c4, white",
        );
        assert_eq!(f.len(), 1, "{:?}", summary(&f));
        assert_eq!(f[0].rule, CARD);
        // Either card: whichever moved first, the knight could move.
        assert!(
            f[0].message
                .starts_with("the white bishop on f1 moves for White's")
                && f[0]
                    .message
                    .ends_with("least valuable movable piece type (here a knight)"),
            "{}",
            f[0].message
        );
    }

    /// A pawn that moved for one card may not move again, so the other
    /// card moves the next least valuable movable piece.
    #[test]
    fn a_pawn_moved_this_turn_is_not_movable() {
        let moved = [
            ". . . . P . . .",
            ". . . P . N . .",
            ". . . . . . . .",
            "R . B Q K B . R",
        ];
        let arrows = "arrow: d2, d3, white\narrow: g1, f3, white";
        let f = no_pawn_moves(moved, arrows);
        assert!(f.is_empty(), "{:?}", summary(&f));
        // With the a-pawn free to move, the knight may not.
        let a_pawn = [moved[0], moved[1], "P . . . . . . .", moved[3]];
        let f = no_pawn_moves(a_pawn, arrows);
        assert_eq!(f.len(), 1, "{:?}", summary(&f));
        assert!(
            f[0].message
                .ends_with("least valuable movable piece type (here a pawn)"),
            "{}",
            f[0].message
        );
    }

    /// A pawn promoted for one card is a queen for the next: "the same
    /// pawn" does not move twice.
    #[test]
    fn a_pawn_promoted_this_turn_moves_on_as_its_new_piece() {
        let diagram = "r n b . . . . k
             . . . . . . . .
             . . . . . . . .
             . . . . Q . . .
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .
             R N B . K B N R
             card: N, 8.5, 5
             card: Q, 9, 5
             arrow: e7, e8, white
             arrow: e8, e5, white";
        let f = check_text(SECTION, diagram);
        assert!(f.is_empty(), "{:?}", summary(&f));
        // Not a queen card: the knights are the least valuable movable pieces.
        let f = check_text(SECTION, &diagram.replace("card: Q", "card: R"));
        assert_eq!(f.len(), 1, "{:?}", summary(&f));
        assert!(
            f[0].message
                .starts_with("the white queen on e8 moves for White's rook card"),
            "{}",
            f[0].message
        );
    }

    #[test]
    fn the_section_text_tells_the_wording() {
        assert_eq!(
            Wording::of_text("their least\nvaluable, movable piece is."),
            Wording::LeastValuableMovable
        );
        assert_eq!(
            Wording::of_text("Any of the\ncards may be used to move a pawn"),
            Wording::Pawn
        );
        let book = load("tests/seeds/new_rules.md");
        let entry_text = book
            .sections
            .iter()
            .find(|s| s.title == SECTION)
            .map(|s| &book.source.text[s.span.start..])
            .unwrap();
        assert_eq!(Wording::of_text(&entry_text[..3000]), Wording::Pawn);
    }

    #[test]
    fn a_third_move_is_found() {
        let f = mutate(
            "tests/seeds/rules.md",
            SECTION,
            2,
            "margins: 0, 0, 3, 0",
            "arrow: a7, a6, black",
        );
        // The a-pawn still stands on a7, so it is a third (proposed) black move.
        assert!(f.iter().any(|f| f.rule == TURN), "{:?}", summary(&f));
    }

    #[test]
    fn no_check_no_en_passant_castling_through_attack() {
        // The white king castles through f1, attacked by the queen on a6,
        // and stays in the open: all fine in Two Move Chess.
        let castles = "r n b . k b n r
             p p p p . p p p
             q . . . . . . .
             . . . . p . . .
             . . . . P . . .
             . . . . . N . .
             P P P P . . P P
             R N B Q K . . R
             arrow: e1, g1, white";
        let f = check_text(SECTION, castles);
        assert!(f.is_empty(), "{:?}", summary(&f));
        // Where the text has check (Zombie Chess), it is refused.
        let f = check_text("Zombie Chess", castles);
        assert!(
            f.iter().any(|f| f.rule == common::ARROW
                && f.message.contains("castle through an attacked square")),
            "{:?}",
            summary(&f)
        );
        // No check: the king may stay attacked while a pawn moves.
        assert_check_is_not_a_rule(SECTION, "arrow: a2, a3, white");
        // No en passant: the pawn on e5 cannot take d6 with d6 empty.
        let f = check_text(
            SECTION,
            "r n b q k b n r
             p p p . p p p p
             . . . . . . . .
             . . . p P . . .
             . . . . . . . .
             . . . . . . . .
             P P P P . P P P
             R N B Q K B N R
             arrow: e5, d6, white",
        );
        assert!(
            f.iter().any(|f| f.rule == common::ARROW),
            "{:?}",
            summary(&f)
        );
    }

    #[test]
    fn the_same_pawn_twice_is_found() {
        let f = check_text(
            SECTION,
            "r n b q k b n r
             p p p p p p p p
             . . . . . . . .
             . . . . . . . .
             . . . . P . . .
             . . . . . . . .
             P P P P . P P P
             R N B Q K B N R
             arrow: e2, e3, white
             arrow: e3, e4, white",
        );
        assert!(f.iter().any(|f| f.rule == TURN), "{:?}", summary(&f));
    }

    #[test]
    fn no_move_follows_a_kings_capture() {
        // "Capture your opponent's king": the queen takes the king on e8
        // with White's first move, and the game is over.
        let taken = ". . . . Q . . .
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .
             P . . . . . . .
             . . . . K . . .";
        let f = check_text(SECTION, &format!("{taken}\narrow: e4, e8, white"));
        assert!(f.is_empty(), "{:?}", summary(&f));
        // A second move of the turn after it.
        let f = check_text(
            SECTION,
            &format!("{taken}\narrow: e4, e8, white\narrow: a2, a3, white"),
        );
        assert!(
            f.iter().any(|f| f.rule == common::ARROW
                && f.message
                    == "the game is over: it ends when a king is captured, and the black king is gone"
                && f.help.as_deref() == Some(king_capture::HELP)),
            "{:?}",
            summary(&f)
        );
    }
}
