//! Piece attacks and geometry, independent of whose turn it is or which
//! captures a variant allows: the primitives the variant modules build on.

use super::squareset::{SquareSet, index_of};
use crate::diagram::{Board, Color, Role, Square};

// Directions as (file, rank) steps; the first four raise the square index,
// the last four lower it, which picks the nearest blocker's bit scan.
const DIRS: [(i8, i8); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (-1, 1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (1, -1),
];
/// A knight's eight jumps, as (file, rank) steps.
pub const KNIGHT_STEPS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

const fn offset(sq: usize, df: i8, dr: i8) -> Option<usize> {
    let f = (sq % 8) as i8 + df;
    let r = (sq / 8) as i8 + dr;
    if f >= 0 && f < 8 && r >= 0 && r < 8 {
        Some((r * 8 + f) as usize)
    } else {
        None
    }
}

const fn step_table(steps: &[(i8, i8)]) -> [u64; 64] {
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut i = 0;
        while i < steps.len() {
            if let Some(to) = offset(sq, steps[i].0, steps[i].1) {
                t[sq] |= 1 << to;
            }
            i += 1;
        }
        sq += 1;
    }
    t
}

const fn pawn_table() -> [[u64; 64]; 2] {
    [
        step_table(&[(-1, 1), (1, 1)]),
        step_table(&[(-1, -1), (1, -1)]),
    ]
}

const fn ray_table() -> [[u64; 64]; 8] {
    let mut t = [[0u64; 64]; 8];
    let mut d = 0;
    while d < 8 {
        let mut sq = 0;
        while sq < 64 {
            let mut cur = sq;
            while let Some(next) = offset(cur, DIRS[d].0, DIRS[d].1) {
                t[d][sq] |= 1 << next;
                cur = next;
            }
            sq += 1;
        }
        d += 1;
    }
    t
}

/// `BETWEEN[a][b]`: squares strictly between two aligned squares;
/// `LINE[a][b]`: the whole edge-to-edge line through both.
const fn line_table(between: bool) -> [[u64; 64]; 64] {
    let rays = ray_table();
    let mut t = [[0u64; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut d = 0;
        while d < 8 {
            let full = rays[d][a] | rays[(d + 4) % 8][a] | 1 << a;
            let mut acc = 0u64;
            let mut cur = a;
            while let Some(b) = offset(cur, DIRS[d].0, DIRS[d].1) {
                t[a][b] = if between { acc } else { full };
                acc |= 1 << b;
                cur = b;
            }
            d += 1;
        }
        a += 1;
    }
    t
}

// Statics, not consts: one copy of each table in the binary.
pub(crate) static KNIGHT: [u64; 64] = step_table(&KNIGHT_STEPS);
pub(crate) static KING: [u64; 64] = step_table(&[
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
]);
/// By `Color as usize`: the squares a pawn of that colour attacks.
pub(crate) static PAWN: [[u64; 64]; 2] = pawn_table();
static RAYS: [[u64; 64]; 8] = ray_table();
pub(crate) static BETWEEN: [[u64; 64]; 64] = line_table(true);
pub(crate) static LINE: [[u64; 64]; 64] = line_table(false);

#[inline]
fn ray(d: usize, sq: usize, occ: u64) -> u64 {
    let ray = RAYS[d][sq];
    let blockers = ray & occ;
    if blockers == 0 {
        return ray;
    }
    let nearest = if d < 4 {
        blockers.trailing_zeros() as usize
    } else {
        63 - blockers.leading_zeros() as usize
    };
    ray ^ RAYS[d][nearest]
}

#[inline]
pub(crate) fn rook_bits(sq: usize, occ: u64) -> u64 {
    ray(0, sq, occ) | ray(2, sq, occ) | ray(4, sq, occ) | ray(6, sq, occ)
}

#[inline]
pub(crate) fn bishop_bits(sq: usize, occ: u64) -> u64 {
    ray(1, sq, occ) | ray(3, sq, occ) | ray(5, sq, occ) | ray(7, sq, occ)
}

/// Attacks by index; pawns attack their two forward diagonals.
#[inline]
pub(crate) fn attack_bits(sq: usize, role: Role, color: Color, occ: u64) -> u64 {
    match role {
        Role::Pawn => PAWN[color as usize][sq],
        Role::Knight => KNIGHT[sq],
        Role::Bishop => bishop_bits(sq, occ),
        Role::Rook => rook_bits(sq, occ),
        Role::Queen => bishop_bits(sq, occ) | rook_bits(sq, occ),
        Role::King => KING[sq],
    }
}

/// Anything that can say which squares are occupied: a `SquareSet`, a
/// diagram `Board` or a `Position`.
pub trait Occupancy {
    fn occupied(&self) -> SquareSet;
}

impl Occupancy for SquareSet {
    fn occupied(&self) -> SquareSet {
        *self
    }
}

impl Occupancy for Board {
    fn occupied(&self) -> SquareSet {
        SquareSet::occupied(self)
    }
}

fn with_index(sq: Square, f: impl FnOnce(usize) -> u64) -> SquareSet {
    SquareSet(index_of(sq).map_or(0, f))
}

pub fn knight_attacks(from: Square) -> SquareSet {
    with_index(from, |i| KNIGHT[i])
}

pub fn king_attacks(from: Square) -> SquareSet {
    with_index(from, |i| KING[i])
}

/// The two forward diagonals of a pawn of `color`.
pub fn pawn_attacks(color: Color, from: Square) -> SquareSet {
    with_index(from, |i| PAWN[color as usize][i])
}

/// Diagonal slides up to and including the first occupied square.
pub fn bishop_attacks(from: Square, occupied: SquareSet) -> SquareSet {
    with_index(from, |i| bishop_bits(i, occupied.0))
}

pub fn rook_attacks(from: Square, occupied: SquareSet) -> SquareSet {
    with_index(from, |i| rook_bits(i, occupied.0))
}

pub fn queen_attacks(from: Square, occupied: SquareSet) -> SquareSet {
    with_index(from, |i| {
        bishop_bits(i, occupied.0) | rook_bits(i, occupied.0)
    })
}

/// The squares a `role` of `color` on `from` attacks, empty or not: sliders
/// stop at (and include) the first occupied square; pawns attack their
/// forward diagonals only. Empty for a square off the board.
pub fn attacks<O: Occupancy + ?Sized>(
    board: &O,
    from: Square,
    role: Role,
    color: Color,
) -> SquareSet {
    let occ = board.occupied().0;
    with_index(from, |i| attack_bits(i, role, color, occ))
}

/// Where a piece can go as that piece, before any variant rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Reach {
    /// Empty squares it may move to.
    pub quiet: SquareSet,
    /// Occupied squares it attacks, whichever colour stands there.
    pub captures: SquareSet,
}

impl Reach {
    pub fn all(self) -> SquareSet {
        self.quiet | self.captures
    }
}

/// The quiet moves and capture targets of a `role` of `color` on `from`.
/// Captures include pieces of both colours: the variant decides which it
/// allows. Pawns: one step forward to an empty square, two from their
/// start rank (2 for White, 7 for Black) through two empty squares, and
/// captures on occupied forward diagonals (en passant is the position's
/// business). The piece on `from` itself, if any, is ignored.
pub fn reach<O: Occupancy + ?Sized>(board: &O, from: Square, role: Role, color: Color) -> Reach {
    let Some(i) = index_of(from) else {
        return Reach::default();
    };
    let occ = board.occupied().0 & !(1 << i);
    if role != Role::Pawn {
        let att = attack_bits(i, role, color, occ);
        return Reach {
            quiet: SquareSet(att & !occ),
            captures: SquareSet(att & occ),
        };
    }
    Reach {
        quiet: SquareSet(pawn_pushes(i, color, occ)),
        captures: SquareSet(PAWN[color as usize][i] & occ),
    }
}

/// A pawn's forward steps onto empty squares.
#[inline]
pub(crate) fn pawn_pushes(i: usize, color: Color, occ: u64) -> u64 {
    let (step, start_rank): (i8, usize) = match color {
        Color::White => (1, 1),
        Color::Black => (-1, 6),
    };
    let Some(one) = offset(i, 0, step) else {
        return 0;
    };
    if occ >> one & 1 != 0 {
        return 0;
    }
    let mut quiet = 1 << one;
    if i / 8 == start_rank
        && let Some(two) = offset(one, 0, step)
        && occ >> two & 1 == 0
    {
        quiet |= 1 << two;
    }
    quiet
}

/// How two squares relate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LineKind {
    /// The same square.
    Same,
    /// Same rank, different files.
    Rank,
    /// Same file, different ranks.
    File,
    /// On one diagonal (either direction).
    Diagonal,
    /// A knight's jump apart.
    KnightJump,
    /// None of these (or a square off the board).
    None,
}

impl LineKind {
    /// A rook's line: rank or file.
    pub fn is_orthogonal(self) -> bool {
        matches!(self, LineKind::Rank | LineKind::File)
    }

    /// A queen's line: rank, file or diagonal.
    pub fn is_line(self) -> bool {
        matches!(self, LineKind::Rank | LineKind::File | LineKind::Diagonal)
    }
}

/// Whether `a` and `b` share a rank, a file or a diagonal, or are a
/// knight's jump apart. See also [`is_king_step`].
pub fn line_kind(a: Square, b: Square) -> LineKind {
    let (Some(i), Some(j)) = (index_of(a), index_of(b)) else {
        return LineKind::None;
    };
    if i == j {
        LineKind::Same
    } else if a.rank == b.rank {
        LineKind::Rank
    } else if a.file == b.file {
        LineKind::File
    } else if LINE[i][j] != 0 {
        LineKind::Diagonal
    } else if KNIGHT[i] >> j & 1 != 0 {
        LineKind::KnightJump
    } else {
        LineKind::None
    }
}

/// One king step apart (orthogonally or diagonally adjacent).
pub fn is_king_step(a: Square, b: Square) -> bool {
    match (index_of(a), index_of(b)) {
        (Some(i), Some(j)) => KING[i] >> j & 1 != 0,
        _ => false,
    }
}

/// King-move distance (Chebyshev); for squares on the board.
pub fn distance(a: Square, b: Square) -> u8 {
    a.file.abs_diff(b.file).max(a.rank.abs_diff(b.rank))
}

/// The squares strictly between `a` and `b` on a shared rank, file or
/// diagonal; empty if they share none (or are adjacent).
pub fn squares_between(a: Square, b: Square) -> SquareSet {
    match (index_of(a), index_of(b)) {
        (Some(i), Some(j)) => SquareSet(BETWEEN[i][j]),
        _ => SquareSet::EMPTY,
    }
}

/// Whether `sq` lies strictly between `a` and `b` on their shared line.
pub fn is_between(sq: Square, a: Square, b: Square) -> bool {
    squares_between(a, b).contains(sq)
}

/// The whole rank, file or diagonal through `a` and `b`, edge to edge;
/// empty if they share none (or are the same square).
pub fn line_through(a: Square, b: Square) -> SquareSet {
    match (index_of(a), index_of(b)) {
        (Some(i), Some(j)) => SquareSet(LINE[i][j]),
        _ => SquareSet::EMPTY,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagram::Piece;

    fn sq(name: &str) -> Square {
        let b = name.as_bytes();
        Square::new(b[0] - b'a', b[1] - b'0')
    }

    fn set(names: &str) -> SquareSet {
        names.split_whitespace().map(sq).collect()
    }

    fn board(pieces: &[(&str, char)]) -> Board {
        let mut b = Board::default();
        for &(s, c) in pieces {
            b.set(sq(s), Piece::from_char(c));
        }
        b
    }

    const W: Color = Color::White;
    const B: Color = Color::Black;

    #[test]
    fn attacks_on_an_empty_board() {
        let e = Board::default();
        assert_eq!(
            attacks(&e, sq("d4"), Role::Knight, W),
            set("c2 e2 b3 f3 b5 f5 c6 e6")
        );
        assert_eq!(attacks(&e, sq("a1"), Role::Knight, B), set("b3 c2"));
        assert_eq!(attacks(&e, sq("h8"), Role::King, W), set("g8 g7 h7"));
        assert_eq!(attacks(&e, sq("e4"), Role::King, W).len(), 8);
        assert_eq!(attacks(&e, sq("d4"), Role::Bishop, W).len(), 13);
        assert_eq!(attacks(&e, sq("a1"), Role::Bishop, W).len(), 7);
        assert_eq!(attacks(&e, sq("d4"), Role::Rook, W).len(), 14);
        assert_eq!(attacks(&e, sq("d4"), Role::Queen, W).len(), 27);
        assert_eq!(attacks(&e, sq("e4"), Role::Pawn, W), set("d5 f5"));
        assert_eq!(attacks(&e, sq("e4"), Role::Pawn, B), set("d3 f3"));
        assert_eq!(attacks(&e, sq("a2"), Role::Pawn, W), set("b3"));
        assert_eq!(attacks(&e, sq("h7"), Role::Pawn, B), set("g6"));
        assert_eq!(attacks(&e, sq("h8"), Role::Pawn, W), SquareSet::EMPTY);
        // Margin squares have no attacks.
        assert!(attacks(&e, Square::new(3, 0), Role::Queen, W).is_empty());
        assert!(attacks(&e, Square::new(3, 9), Role::Pawn, B).is_empty());
    }

    #[test]
    fn sliders_stop_at_the_first_piece_of_either_colour() {
        let b = board(&[("d6", 'p'), ("d2", 'P'), ("f4", 'n'), ("b6", 'B')]);
        assert_eq!(
            attacks(&b, sq("d4"), Role::Rook, W),
            set("d5 d6 d3 d2 e4 f4 c4 b4 a4")
        );
        assert_eq!(
            attacks(&b, sq("d4"), Role::Bishop, W),
            set("c5 b6 e5 f6 g7 h8 c3 b2 a1 e3 f2 g1")
        );
        assert_eq!(
            attacks(&b, sq("d4"), Role::Queen, B),
            attacks(&b, sq("d4"), Role::Rook, B) | attacks(&b, sq("d4"), Role::Bishop, B)
        );
        // Leapers ignore blockers.
        let crowded = board(&[("d5", 'P'), ("e5", 'P'), ("e4", 'P'), ("c4", 'p')]);
        assert_eq!(attacks(&crowded, sq("d4"), Role::Knight, W).len(), 8);
        assert_eq!(attacks(&crowded, sq("d4"), Role::King, W).len(), 8);
        // The occupancy can also be a bare SquareSet.
        assert_eq!(
            attacks(&set("a3"), sq("a1"), Role::Rook, W),
            set("a2 a3 b1 c1 d1 e1 f1 g1 h1")
        );
    }

    #[test]
    fn reach_of_pieces_splits_quiet_and_captures() {
        let b = board(&[("d6", 'p'), ("d2", 'P'), ("f4", 'n'), ("d4", 'R')]);
        let r = reach(&b, sq("d4"), Role::Rook, W);
        assert_eq!(r.quiet, set("d5 d3 e4 c4 b4 a4"));
        // Own pawn on d2 and enemy pieces alike.
        assert_eq!(r.captures, set("d6 d2 f4"));
        assert_eq!(r.all().len(), 9);
        let n = reach(&b, sq("e2"), Role::Knight, B);
        assert_eq!(n.quiet, set("c1 g1 c3 g3"));
        assert_eq!(n.captures, set("f4 d4"));
        let k = reach(&b, sq("e5"), Role::King, W);
        assert_eq!(k.captures, set("d6 d4 f4"));
        assert_eq!(k.quiet.len(), 5);
        let bi = reach(&b, sq("b4"), Role::Bishop, B);
        assert_eq!(bi.captures, set("d2 d6"));
        assert_eq!(bi.quiet, set("a3 a5 c3 c5"));
        let q = reach(&b, sq("d8"), Role::Queen, B);
        assert_eq!(q.captures, set("d6"));
        assert_eq!(q.quiet.len(), 7 + 3 + 4 + 1);
        assert_eq!(
            reach(&b, Square::new(9, 9), Role::Queen, W),
            Reach::default()
        );
    }

    #[test]
    fn reach_of_pawns_both_colours() {
        let b = board(&[
            ("e3", 'p'),
            ("d3", 'N'),
            ("g4", 'p'),
            ("g5", 'P'),
            ("a6", 'p'),
            ("b6", 'N'),
        ]);
        // White pawn on its start rank: two steps.
        let r = reach(&b, sq("c2"), Role::Pawn, W);
        assert_eq!(r.quiet, set("c3 c4"));
        assert_eq!(r.captures, set("d3"));
        // Either colour is a capture target.
        let r = reach(&b, sq("f2"), Role::Pawn, W);
        assert_eq!(r.quiet, set("f3 f4"));
        assert_eq!(r.captures, set("e3"));
        // Blocked straight ahead: no step, no double step.
        let r = reach(&b, sq("e2"), Role::Pawn, W);
        assert!(r.quiet.is_empty());
        assert_eq!(r.captures, set("d3"));
        // Double step blocked on the second square.
        let r = reach(&b, sq("g2"), Role::Pawn, W);
        assert_eq!(r.quiet, set("g3"));
        // Off the start rank: one step.
        let r = reach(&b, sq("h4"), Role::Pawn, W);
        assert_eq!(r.quiet, set("h5"));
        assert_eq!(r.captures, set("g5"));
        // Black goes down the board.
        let r = reach(&b, sq("g7"), Role::Pawn, B);
        assert_eq!(r.quiet, set("g6"));
        let r = reach(&b, sq("c7"), Role::Pawn, B);
        assert_eq!(r.quiet, set("c6 c5"));
        assert_eq!(r.captures, set("b6"));
        let r = reach(&b, sq("b7"), Role::Pawn, B);
        assert!(r.quiet.is_empty());
        assert_eq!(r.captures, set("a6"));
        let r = reach(&b, sq("f4"), Role::Pawn, B);
        assert_eq!(r.quiet, set("f3"));
        assert_eq!(r.captures, set("e3"));
        // On the last rank a pawn has nowhere to go.
        assert_eq!(reach(&b, sq("a8"), Role::Pawn, W), Reach::default());
        assert_eq!(reach(&b, sq("a1"), Role::Pawn, B), Reach::default());
    }

    #[test]
    fn geometry_helpers() {
        assert_eq!(line_kind(sq("a1"), sq("a1")), LineKind::Same);
        assert_eq!(line_kind(sq("a1"), sq("h1")), LineKind::Rank);
        assert_eq!(line_kind(sq("c2"), sq("c7")), LineKind::File);
        assert_eq!(line_kind(sq("a1"), sq("h8")), LineKind::Diagonal);
        assert_eq!(line_kind(sq("a8"), sq("h1")), LineKind::Diagonal);
        assert_eq!(line_kind(sq("g1"), sq("f3")), LineKind::KnightJump);
        assert_eq!(line_kind(sq("a1"), sq("b4")), LineKind::None);
        assert_eq!(line_kind(sq("a1"), Square::new(0, 0)), LineKind::None);
        assert!(LineKind::File.is_orthogonal() && !LineKind::Diagonal.is_orthogonal());
        assert!(LineKind::Diagonal.is_line() && !LineKind::KnightJump.is_line());
        assert!(is_king_step(sq("e1"), sq("f2")));
        assert!(is_king_step(sq("e1"), sq("e2")));
        assert!(!is_king_step(sq("e1"), sq("e3")));
        assert!(!is_king_step(sq("a1"), sq("h2")));
        assert_eq!(distance(sq("a1"), sq("h2")), 7);
        assert_eq!(squares_between(sq("a1"), sq("a4")), set("a2 a3"));
        assert_eq!(squares_between(sq("h8"), sq("e5")), set("g7 f6"));
        assert_eq!(squares_between(sq("b7"), sq("e4")), set("c6 d5"));
        assert!(squares_between(sq("a1"), sq("a2")).is_empty());
        assert!(squares_between(sq("a1"), sq("b3")).is_empty());
        assert!(is_between(sq("d1"), sq("a1"), sq("h1")));
        assert!(!is_between(sq("a1"), sq("a1"), sq("h1")));
        assert!(!is_between(sq("d2"), sq("a1"), sq("h1")));
        assert_eq!(line_through(sq("c3"), sq("e5")).len(), 8);
        assert_eq!(line_through(sq("b1"), sq("a2")), set("a2 b1"));
        assert!(line_through(sq("a1"), sq("b3")).is_empty());
    }
}
