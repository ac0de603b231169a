//! The shortest Golf solution, by breadth-first search over positions with
//! a transposition table, so the first solution found is a shortest one.
//!
//! A state is the board plus, for each piece, which of the cards it still
//! needs it has already captured (its "record"). A solution is a sequence
//! of moves after which one piece has captured one piece for each other
//! card. The layer at the last depth is never stored: each state of the
//! layer before is only asked whether one capture finishes the goal.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::borrow::Chosen;
use crate::diagram::{Board, Color, Piece, Role, Square};
use crate::engine::chess::{SquareSet, king_attacks, reach};

/// The most pieces a state holds (one set without pawns).
const MAX_PIECES: usize = 16;
/// The most cards whose records fit in 4 bits (a capturer needs at most 4).
pub const MAX_CARDS: usize = 5;

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// A shortest solution of at most `max_depth` moves, if any.
    pub moves: Option<Vec<(Square, Square)>>,
    /// Positions explored: stored, or checked for a finishing capture.
    pub states: usize,
    /// False when the state limit stopped the search before `max_depth`.
    pub complete: bool,
    /// Every solution shorter than this many moves was ruled out.
    pub proven_depth: usize,
}

/// Why no search was run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unsearchable {
    TooManyPieces(usize),
    TooManyCards(usize),
    TooFewCards,
}

#[derive(Default)]
struct Fx(u64);

impl Hasher for Fx {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_u128(&mut self, n: u128) {
        self.write_u64(n as u64);
        self.write_u64((n >> 64) as u64);
    }
}

/// Occupied squares, and one byte per piece in square order: the piece's
/// code in the low nibble and its record in the high one.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
struct Key {
    occ: u64,
    pieces: u128,
}

fn code(p: Piece) -> u8 {
    let role = match p.role {
        Role::Pawn => 0,
        Role::Knight => 1,
        Role::Bishop => 2,
        Role::Rook => 3,
        Role::Queen => 4,
        Role::King => 5,
    };
    1 + role + if p.color == Color::Black { 6 } else { 0 }
}

fn piece_of(code: u8) -> Piece {
    let c = code.saturating_sub(1) % 12;
    let color = if c >= 6 { Color::Black } else { Color::White };
    Piece::new(color, Role::ALL[(c % 6) as usize])
}

/// The rules of one problem, as tables over piece codes.
struct Tables {
    /// For a capturer code: the codes it may take (bit per code).
    may_take: [u16; 13],
    /// For a capturer code: the codes of the other cards, in order.
    need: [Vec<u8>; 13],
    /// For a capturer code and record: what it still needs.
    missing: [[Missing; 16]; 13],
}

/// The captures a piece still needs, given its record.
#[derive(Clone, Copy, Default)]
struct Missing {
    count: u32,
    /// Their codes, bit per code.
    codes: u16,
    /// Each code needed and how many of it, `kinds` of them.
    reqs: [(u8, u8); MAX_CARDS],
    kinds: u8,
}

impl Tables {
    fn new(chosen: &Chosen) -> Tables {
        let mut may_take = [0u16; 13];
        let mut need: [Vec<u8>; 13] = Default::default();
        for c in 1..13u8 {
            let p = piece_of(c);
            if let Some(rest) = chosen.need(p) {
                need[c as usize] = rest.iter().map(|&q| code(q)).collect();
                for q in rest {
                    may_take[c as usize] |= 1 << code(q);
                }
            }
        }
        let mut missing = [[Missing::default(); 16]; 13];
        for c in 1..13 {
            for (rec, m) in missing[c].iter_mut().enumerate() {
                for (i, &n) in need[c].iter().enumerate() {
                    if rec >> i & 1 == 1 {
                        continue;
                    }
                    m.count += 1;
                    m.codes |= 1 << n;
                    match m.reqs[..m.kinds as usize].iter_mut().find(|r| r.0 == n) {
                        Some(r) => r.1 += 1,
                        None => {
                            m.reqs[m.kinds as usize] = (n, 1);
                            m.kinds += 1;
                        }
                    }
                }
            }
        }
        Tables {
            may_take,
            need,
            missing,
        }
    }

    /// The capturer's record after taking a piece of code `taken`.
    fn record_after(&self, capturer: u8, record: u8, taken: u8) -> u8 {
        let need = &self.need[capturer as usize];
        for (i, &n) in need.iter().enumerate() {
            if n == taken && record >> i & 1 == 0 {
                return record | 1 << i;
            }
        }
        record
    }

    fn is_full(&self, capturer: u8, record: u8) -> bool {
        let n = self.need[capturer as usize].len();
        n > 0 && record == ((1u16 << n) - 1) as u8
    }
}

/// A decoded state to generate moves from.
struct Pos {
    /// code | record << 4; 0 = empty.
    mailbox: [u8; 64],
    occ: u64,
    by_color: [u64; 2],
    by_code: [u64; 13],
}

impl Pos {
    fn decode(key: Key) -> Pos {
        let mut pos = Pos {
            mailbox: [0; 64],
            occ: key.occ,
            by_color: [0; 2],
            by_code: [0; 13],
        };
        let mut occ = key.occ;
        let mut i = 0;
        while occ != 0 {
            let sq = occ.trailing_zeros() as usize;
            occ &= occ - 1;
            let byte = (key.pieces >> (8 * i)) as u8;
            i += 1;
            pos.mailbox[sq] = byte;
            let c = byte & 15;
            pos.by_code[c as usize] |= 1 << sq;
            pos.by_color[(c > 6) as usize] |= 1 << sq;
        }
        pos
    }

    /// The position after the piece on `sq` moves to `to`, capturing what
    /// stands there.
    fn play(&self, sq: usize, to: usize, t: &Tables) -> Pos {
        let mut next = Pos {
            mailbox: self.mailbox,
            occ: self.occ,
            by_color: self.by_color,
            by_code: self.by_code,
        };
        let byte = self.mailbox[sq];
        let c = (byte & 15) as usize;
        let color = (c > 6) as usize;
        let (from_bit, to_bit) = (1u64 << sq, 1u64 << to);
        let moved = match self.mailbox[to] {
            0 => byte,
            taken => {
                let q = (taken & 15) as usize;
                next.by_code[q] &= !to_bit;
                next.by_color[(q > 6) as usize] &= !to_bit;
                (byte & 15) | t.record_after(byte & 15, byte >> 4, taken & 15) << 4
            }
        };
        next.mailbox[to] = moved;
        next.mailbox[sq] = 0;
        next.occ = (self.occ & !from_bit) | to_bit;
        next.by_code[c] = (next.by_code[c] & !from_bit) | to_bit;
        next.by_color[color] = (next.by_color[color] & !from_bit) | to_bit;
        next
    }

    fn encode(mailbox: &[u8; 64], occ: u64) -> Key {
        let mut pieces = 0u128;
        let mut rest = occ;
        let mut i = 0;
        while rest != 0 {
            let sq = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            pieces |= (mailbox[sq] as u128) << (8 * i);
            i += 1;
        }
        Key { occ, pieces }
    }

    /// The pieces that could still meet the goal, each with its square, the
    /// captures it still needs and the codes of the pieces it still needs
    /// (bit per code): those whose missing pieces are all on the board.
    fn contenders<'a>(&'a self, t: &'a Tables) -> impl Iterator<Item = (usize, u32, u16)> + 'a {
        let mut capturers = 0u64;
        for c in 1..13 {
            if !t.need[c].is_empty() {
                capturers |= self.by_code[c];
            }
        }
        std::iter::from_fn(move || {
            while capturers != 0 {
                let sq = capturers.trailing_zeros() as usize;
                capturers &= capturers - 1;
                let byte = self.mailbox[sq];
                let m = &t.missing[(byte & 15) as usize][(byte >> 4) as usize];
                let feasible = m.reqs[..m.kinds as usize].iter().all(|&(q, k)| {
                    (self.by_code[q as usize] & !(1 << sq)).count_ones() >= k as u32
                });
                if feasible {
                    return Some((sq, m.count, m.codes));
                }
            }
            None
        })
    }

    /// A lower bound on the moves left: each move captures at most once,
    /// so the piece closest to its goal still needs its missing captures,
    /// and the pieces it needs must still be on the board. `u32::MAX` when
    /// no piece can reach the goal any more.
    fn bound(&self, t: &Tables) -> u32 {
        self.contenders(t)
            .map(|(_, n, _)| n)
            .min()
            .unwrap_or(u32::MAX)
    }

    /// A tighter lower bound: `bound`, plus one when no piece that needs
    /// only that many captures can make one of them now (its first move,
    /// or another piece's, is then not a capture it needs). Every
    /// contender's own bound is its missing captures, plus one when it
    /// cannot take a piece it needs on this move.
    fn tight_bound(&self, t: &Tables) -> u32 {
        let special = [self.special(0), self.special(1)];
        self.contenders(t)
            .map(|(sq, n, codes)| n + !self.can_take(sq, codes, special) as u32)
            .min()
            .unwrap_or(u32::MAX)
    }

    /// Whether the piece on `sq` can capture, this move, a piece whose code
    /// is in `codes` (bit per code).
    fn can_take(&self, sq: usize, codes: u16, special: [bool; 2]) -> bool {
        let mut takeable = 0u64;
        let mut rest = codes;
        while rest != 0 {
            let q = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            takeable |= self.by_code[q];
        }
        self.reach(sq, special) & takeable & !(1 << sq) != 0
    }

    /// Whether `color` may make the special king's move: no two of its
    /// pieces are neighbours.
    fn special(&self, color: usize) -> bool {
        let own = self.by_color[color];
        let mut rest = own;
        while rest != 0 {
            let sq = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if king_bits(sq) & own != 0 {
                return false;
            }
        }
        true
    }

    /// Every square the piece on `sq` may move to (empty or a capture it
    /// is allowed), given whether its side has the special move.
    fn targets(&self, sq: usize, special: [bool; 2], t: &Tables) -> u64 {
        let c = self.mailbox[sq] & 15;
        let all = self.reach(sq, special);
        let mut takeable = 0u64;
        let mut may = t.may_take[c as usize];
        while may != 0 {
            let q = may.trailing_zeros() as usize;
            may &= may - 1;
            takeable |= self.by_code[q];
        }
        (all & !self.occ) | (all & takeable)
    }

    /// Every square the piece on `sq` attacks with the moves it borrows.
    fn reach(&self, sq: usize, special: [bool; 2]) -> u64 {
        let c = self.mailbox[sq] & 15;
        let piece = piece_of(c);
        let color = piece.color as usize;
        let mut roles = 0u8;
        let mut lenders = king_bits(sq) & self.by_color[color];
        while lenders != 0 {
            let n = lenders.trailing_zeros() as usize;
            lenders &= lenders - 1;
            roles |= 1 << (((self.mailbox[n] & 15) - 1) % 6);
        }
        if special[color] {
            roles |= 1 << 5;
        }
        let from = Square::from_index(sq);
        let occ = SquareSet(self.occ);
        let mut all = 0u64;
        for (r, role) in Role::ALL.iter().enumerate() {
            if roles >> r & 1 == 1 {
                all |= reach(&occ, from, *role, piece.color).all().0;
            }
        }
        all
    }
}

fn king_bits(sq: usize) -> u64 {
    king_attacks(Square::from_index(sq)).0
}

/// Searches for a shortest solution of at most `max_depth` moves, storing
/// at most `max_states` positions. Breadth-first under a depth bound that
/// grows one move at a time: a tight bound prunes every state that cannot
/// make its missing captures in the moves left, so each round is exact and
/// the first solution found is a shortest one.
pub fn shortest(
    board: &Board,
    chosen: &Chosen,
    max_depth: usize,
    max_states: usize,
) -> Result<Outcome, Unsearchable> {
    search(board, chosen, max_depth, max_states, true)
}

/// `shortest` without the tighter bound (`Pos::tight_bound`), to test it
/// against.
#[cfg(test)]
pub(crate) fn shortest_plain(
    board: &Board,
    chosen: &Chosen,
    max_depth: usize,
    max_states: usize,
) -> Result<Outcome, Unsearchable> {
    search(board, chosen, max_depth, max_states, false)
}

/// The tighter lower bound of the moves `board` needs (`Pos::tight_bound`).
#[cfg(test)]
pub(crate) fn lower_bound(board: &Board, chosen: &Chosen) -> u32 {
    let t = Tables::new(chosen);
    let mut mailbox = [0u8; 64];
    for (sq, p) in board.pieces() {
        mailbox[sq.index()] = code(p);
    }
    let occ = mailbox
        .iter()
        .enumerate()
        .filter(|(_, b)| **b != 0)
        .fold(0u64, |o, (sq, _)| o | 1 << sq);
    Pos::decode(Pos::encode(&mailbox, occ)).tight_bound(&t)
}

fn search(
    board: &Board,
    chosen: &Chosen,
    max_depth: usize,
    max_states: usize,
    refine: bool,
) -> Result<Outcome, Unsearchable> {
    let count = board.pieces().count();
    if count > MAX_PIECES {
        return Err(Unsearchable::TooManyPieces(count));
    }
    if chosen.cards.len() > MAX_CARDS {
        return Err(Unsearchable::TooManyCards(chosen.cards.len()));
    }
    if chosen.cards.len() < 2 {
        return Err(Unsearchable::TooFewCards);
    }
    let t = Tables::new(chosen);
    let mut mailbox = [0u8; 64];
    for (sq, p) in board.pieces() {
        mailbox[sq.index()] = code(p);
    }
    let occ = mailbox
        .iter()
        .enumerate()
        .filter(|(_, b)| **b != 0)
        .fold(0u64, |o, (sq, _)| o | 1 << sq);
    let start = Pos::encode(&mailbox, occ);
    let mut states = 0;
    for bound in 1..=max_depth {
        let round = bounded(start, &t, bound, max_states.saturating_sub(states), refine);
        states += round.states;
        if round.moves.is_some() || !round.complete || round.exhausted {
            return Ok(Outcome {
                moves: round.moves,
                states,
                complete: round.complete,
                proven_depth: if round.exhausted {
                    max_depth
                } else {
                    round.proven_depth
                },
            });
        }
    }
    Ok(Outcome {
        moves: None,
        states,
        complete: true,
        proven_depth: max_depth,
    })
}

struct Round {
    moves: Option<Vec<(Square, Square)>>,
    states: usize,
    complete: bool,
    proven_depth: usize,
    /// No position at all is left to explore: no solution of any length.
    exhausted: bool,
}

/// The squares of the pieces of a chosen type.
fn capturers(pos: &Pos, t: &Tables) -> u64 {
    let mut out = 0u64;
    for c in 1..13 {
        if !t.need[c].is_empty() {
            out |= pos.by_code[c];
        }
    }
    out
}

/// A capture that completes the goal from `pos`, if one exists.
fn goal_in_one(pos: &Pos, t: &Tables) -> Option<u16> {
    if pos.bound(t) != 1 {
        return None;
    }
    let special = [pos.special(0), pos.special(1)];
    let mut capturers = 0u64;
    for c in 1..13 {
        if !t.need[c].is_empty() {
            capturers |= pos.by_code[c];
        }
    }
    while capturers != 0 {
        let sq = capturers.trailing_zeros() as usize;
        capturers &= capturers - 1;
        let mut caps = pos.targets(sq, special, t) & pos.occ;
        let byte = pos.mailbox[sq];
        while caps != 0 {
            let to = caps.trailing_zeros() as usize;
            caps &= caps - 1;
            let rec = t.record_after(byte & 15, byte >> 4, pos.mailbox[to] & 15);
            if t.is_full(byte & 15, rec) {
                return Some((sq << 6 | to) as u16);
            }
        }
    }
    None
}

/// Breadth-first search for a solution of at most `max_depth` moves
/// (exactly `max_depth` when every shorter bound has failed). The last
/// layer is never stored: its positions are only asked for a finishing
/// capture.
fn bounded(start: Key, t: &Tables, max_depth: usize, max_states: usize, refine: bool) -> Round {
    // Each node: its key, its parent's index and the move that made it.
    let mut nodes: Vec<(Key, u32, u16)> = vec![(start, u32::MAX, 0)];
    let mut seen: HashMap<Key, (), BuildHasherDefault<Fx>> = HashMap::default();
    seen.insert(start, ());
    let mut layer = 0..1usize;
    let path = |nodes: &[(Key, u32, u16)], mut i: usize, tail: &[u16]| {
        let mut moves: Vec<u16> = tail.iter().rev().copied().collect();
        while nodes[i].1 != u32::MAX {
            moves.push(nodes[i].2);
            i = nodes[i].1 as usize;
        }
        moves.reverse();
        moves
            .into_iter()
            .map(|m| {
                (
                    Square::from_index((m >> 6) as usize),
                    Square::from_index((m & 63) as usize),
                )
            })
            .collect::<Vec<_>>()
    };
    let mut checked = 0usize;
    let found = |nodes: &[(Key, u32, u16)], checked: usize, moves| Round {
        moves: Some(moves),
        states: nodes.len() + checked,
        complete: true,
        proven_depth: max_depth,
        exhausted: false,
    };
    for depth in 0..max_depth {
        if depth + 1 == max_depth {
            for i in layer.clone() {
                if let Some(m) = goal_in_one(&Pos::decode(nodes[i].0), t) {
                    return found(&nodes, checked, path(&nodes, i, &[m]));
                }
            }
            break;
        }
        let next_start = nodes.len();
        let left = (max_depth - depth - 1) as u32;
        // Whether the bound cut a move: an empty layer then proves nothing
        // beyond this round.
        let mut pruned = false;
        for i in layer.clone() {
            let pos = Pos::decode(nodes[i].0);
            let parent_bound = pos.bound(t);
            let special = [pos.special(0), pos.special(1)];
            // A parent with no move to spare: a quiet move keeps its bound,
            // one more than the moves left, so only captures are tried.
            let tight = parent_bound > left;
            pruned |= tight;
            let mut rest = if tight { capturers(&pos, t) } else { pos.occ };
            while rest != 0 {
                let sq = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let mut targets = pos.targets(sq, special, t);
                if tight {
                    targets &= pos.occ;
                }
                while targets != 0 {
                    let to = targets.trailing_zeros() as usize;
                    targets &= targets - 1;
                    let child = pos.play(sq, to, t);
                    // Prune what cannot finish within the moves left; a
                    // quiet move keeps its parent's bound.
                    let bound = if pos.mailbox[to] == 0 {
                        parent_bound
                    } else {
                        child.bound(t)
                    };
                    if bound > left
                        // No move to spare: a piece that needs them all must
                        // be able to capture at once (the last move's capture
                        // is asked below).
                        || refine && bound == left && left > 1 && child.tight_bound(t) > left
                    {
                        pruned = true;
                        continue;
                    }
                    let key = Pos::encode(&child.mailbox, child.occ);
                    if seen.contains_key(&key) {
                        continue;
                    }
                    let mv = (sq << 6 | to) as u16;
                    if left == 1 {
                        // The last layer: only asked for a finishing capture.
                        checked += 1;
                        if let Some(m) = goal_in_one(&child, t) {
                            return found(&nodes, checked, path(&nodes, i, &[mv, m]));
                        }
                        continue;
                    }
                    seen.insert(key, ());
                    nodes.push((key, i as u32, mv));
                    if nodes.len() >= max_states {
                        return Round {
                            moves: None,
                            states: nodes.len(),
                            complete: false,
                            proven_depth: depth + 1,
                            exhausted: false,
                        };
                    }
                }
            }
        }
        if left == 1 {
            break;
        }
        layer = next_start..nodes.len();
        if layer.is_empty() && !pruned {
            return Round {
                moves: None,
                states: nodes.len(),
                complete: true,
                proven_depth: max_depth,
                exhausted: true,
            };
        }
    }
    Round {
        moves: None,
        states: nodes.len() + checked,
        complete: true,
        proven_depth: max_depth,
        exhausted: false,
    }
}
