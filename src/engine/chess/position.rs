//! The bitboard position: pieces, side to move, castling rooks, en passant
//! square and counters; move generation under [`Rules`], `play` and perft.

use super::attacks::{
    BETWEEN, KING, KNIGHT, Occupancy, PAWN, attack_bits, bishop_bits, pawn_pushes, rook_bits,
};
use super::squareset::{SquareSet, index_of};
use super::{Move, Rules, castle_files};
use crate::diagram::{Board, Color, Piece, Role, Square};

const fn bit(i: usize) -> u64 {
    1 << i
}

fn square(i: usize) -> Square {
    Square::from_index(i)
}

/// The set bits of a mask, as indices.
fn bits(mut b: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if b == 0 {
            return None;
        }
        let i = b.trailing_zeros() as usize;
        b &= b - 1;
        Some(i)
    })
}

pub(super) fn back_rank(c: Color) -> u64 {
    match c {
        Color::White => 0xff,
        Color::Black => 0xff << 56,
    }
}

/// How [`Position::from_board`] grants castling rights.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CastlingInference {
    /// No castling rights.
    None,
    /// A king on e1 (e8) may castle with its rooks on a1 and h1 (a8, h8).
    Standard,
    /// A king on its back rank may castle with the outermost rook of its
    /// colour on that rank on either side of it.
    Chess960,
}

/// A chess position. Pieces are bitboards (bit `Square::index`); castling
/// rights are the squares of the rooks still allowed to castle.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    by_role: [u64; 6],
    by_color: [u64; 2],
    turn: Color,
    castling: [u64; 2],
    ep: Option<u8>,
    halfmove: u32,
    fullmove: u32,
}

impl Default for Position {
    /// The standard starting position.
    fn default() -> Position {
        Position::start()
    }
}

impl Occupancy for Position {
    fn occupied(&self) -> SquareSet {
        SquareSet(self.occ())
    }
}

impl Position {
    /// No pieces, White to move, move 1.
    pub fn empty() -> Position {
        Position {
            by_role: [0; 6],
            by_color: [0; 2],
            turn: Color::White,
            castling: [0; 2],
            ep: None,
            halfmove: 0,
            fullmove: 1,
        }
    }

    /// The standard starting position.
    pub fn start() -> Position {
        use Role::*;
        let back = [Rook, Knight, Bishop, Queen, King, Bishop, Knight, Rook];
        let mut p = Position::empty();
        for (f, role) in back.into_iter().enumerate() {
            p.put(f, Piece::new(Color::White, role));
            p.put(8 + f, Piece::new(Color::White, Pawn));
            p.put(48 + f, Piece::new(Color::Black, Pawn));
            p.put(56 + f, Piece::new(Color::Black, role));
        }
        p.castling = [bit(0) | bit(7), bit(56) | bit(63)];
        p
    }

    /// A position with the pieces of a diagram board, `turn` to move, no
    /// en passant square, counters 0 and 1, and castling rights as asked.
    pub fn from_board(board: &Board, turn: Color, castling: CastlingInference) -> Position {
        let mut p = Position::empty();
        // A board holds one piece a square, so nothing needs taking away.
        for (i, piece) in board.pieces_by_index() {
            p.put(i, piece);
        }
        p.turn = turn;
        for c in [Color::White, Color::Black] {
            p.castling[c as usize] = match castling {
                CastlingInference::None => 0,
                CastlingInference::Standard => p.standard_castling(c),
                CastlingInference::Chess960 => p.outer_rooks(c),
            };
        }
        p
    }

    fn standard_castling(&self, c: Color) -> u64 {
        let (king, rooks) = match c {
            Color::White => (4, bit(0) | bit(7)),
            Color::Black => (60, bit(56) | bit(63)),
        };
        let ours = self.by_color[c as usize];
        if ours & self.by_role[Role::King as usize] & bit(king) == 0 {
            return 0;
        }
        rooks & ours & self.by_role[Role::Rook as usize]
    }

    /// The one king of `c` on its back rank, if exactly one stands there.
    pub(super) fn castling_king(&self, c: Color) -> Option<usize> {
        let k = self.by_color[c as usize] & self.by_role[Role::King as usize] & back_rank(c);
        k.is_power_of_two().then(|| k.trailing_zeros() as usize)
    }

    /// The rooks of `c` on its back rank, outermost on each side of its king.
    pub(super) fn outer_rooks(&self, c: Color) -> u64 {
        self.outer_rook(c, true).map_or(0, bit) | self.outer_rook(c, false).map_or(0, bit)
    }

    /// The outermost rook of `c` on its back rank on the king's h-side
    /// (`king_side`) or a-side.
    pub(super) fn outer_rook(&self, c: Color, king_side: bool) -> Option<usize> {
        let k = self.castling_king(c)?;
        let rooks = self.by_color[c as usize] & self.by_role[Role::Rook as usize] & back_rank(c);
        let side = if king_side {
            rooks & !(bit(k + 1) - 1)
        } else {
            rooks & (bit(k) - 1)
        };
        match side {
            0 => None,
            s if king_side => Some(63 - s.leading_zeros() as usize),
            s => Some(s.trailing_zeros() as usize),
        }
    }

    /// The diagram board of this position.
    pub fn to_board(&self) -> Board {
        let mut b = Board::default();
        for (sq, piece) in self.pieces() {
            b.set(sq, Some(piece));
        }
        b
    }

    fn occ(&self) -> u64 {
        self.by_color[0] | self.by_color[1]
    }

    fn piece_at_index(&self, i: usize) -> Option<Piece> {
        let b = bit(i);
        let color = if self.by_color[0] & b != 0 {
            Color::White
        } else if self.by_color[1] & b != 0 {
            Color::Black
        } else {
            return None;
        };
        let role = Role::ALL
            .into_iter()
            .find(|&r| self.by_role[r as usize] & b != 0)?;
        Some(Piece::new(color, role))
    }

    fn put(&mut self, i: usize, piece: Piece) {
        self.by_color[piece.color as usize] |= bit(i);
        self.by_role[piece.role as usize] |= bit(i);
    }

    fn take(&mut self, i: usize) -> Option<Piece> {
        let piece = self.piece_at_index(i)?;
        self.by_color[piece.color as usize] &= !bit(i);
        self.by_role[piece.role as usize] &= !bit(i);
        Some(piece)
    }

    /// The piece on a square; `None` for an empty or margin square.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.piece_at_index(index_of(sq)?)
    }

    /// Puts or clears a piece; a margin square is ignored. Castling rights
    /// and the en passant square are left as they are.
    pub fn set_piece(&mut self, sq: Square, piece: Option<Piece>) {
        let Some(i) = index_of(sq) else { return };
        self.take(i);
        if let Some(p) = piece {
            self.put(i, p);
        }
    }

    /// Every piece, a1 first.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        bits(self.occ()).filter_map(|i| Some((square(i), self.piece_at_index(i)?)))
    }

    pub fn turn(&self) -> Color {
        self.turn
    }

    pub fn set_turn(&mut self, turn: Color) {
        self.turn = turn;
    }

    /// The squares of the rooks of `color` still allowed to castle.
    pub fn castling_rooks(&self, color: Color) -> SquareSet {
        SquareSet(self.castling[color as usize])
    }

    /// Sets castling rights as rook squares. Generation skips any right
    /// whose rook or king is not in place, so stale rights are harmless.
    pub fn set_castling_rooks(&mut self, color: Color, rooks: SquareSet) {
        self.castling[color as usize] = rooks.0;
    }

    /// The square a pawn skipped with a double step on the last move.
    pub fn ep_square(&self) -> Option<Square> {
        self.ep.map(|i| square(i as usize))
    }

    /// Sets the en passant square; a margin square clears it.
    pub fn set_ep_square(&mut self, sq: Option<Square>) {
        self.ep = sq.and_then(index_of).map(|i| i as u8);
    }

    /// Half-moves since the last capture or pawn move.
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// Starts at 1, counted up after each Black move.
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    pub fn set_counters(&mut self, halfmove_clock: u32, fullmove_number: u32) {
        self.halfmove = halfmove_clock;
        self.fullmove = fullmove_number;
    }

    pub fn occupied(&self) -> SquareSet {
        SquareSet(self.occ())
    }

    pub fn by_color(&self, color: Color) -> SquareSet {
        SquareSet(self.by_color[color as usize])
    }

    pub fn by_role(&self, role: Role) -> SquareSet {
        SquareSet(self.by_role[role as usize])
    }

    pub fn by_piece(&self, piece: Piece) -> SquareSet {
        SquareSet(self.by_color[piece.color as usize] & self.by_role[piece.role as usize])
    }

    pub fn kings(&self, color: Color) -> SquareSet {
        self.by_piece(Piece::new(color, Role::King))
    }

    fn attackers_bits(&self, i: usize, by: Color, occ: u64) -> u64 {
        let r = &self.by_role;
        let diag = r[Role::Bishop as usize] | r[Role::Queen as usize];
        let orth = r[Role::Rook as usize] | r[Role::Queen as usize];
        self.by_color[by as usize]
            & ((PAWN[by.other() as usize][i] & r[Role::Pawn as usize])
                | (KNIGHT[i] & r[Role::Knight as usize])
                | (KING[i] & r[Role::King as usize])
                | (bishop_bits(i, occ) & diag)
                | (rook_bits(i, occ) & orth))
    }

    /// The pieces of `by` attacking `sq`, sliding through `occupied` (so a
    /// caller can look through pieces it imagines gone).
    pub fn attackers_to(&self, sq: Square, by: Color, occupied: SquareSet) -> SquareSet {
        SquareSet(index_of(sq).map_or(0, |i| self.attackers_bits(i, by, occupied.0)))
    }

    /// Whether any piece of `by` attacks `sq`.
    pub fn is_attacked(&self, sq: Square, by: Color) -> bool {
        index_of(sq).is_some_and(|i| self.attackers_bits(i, by, self.occ()) != 0)
    }

    /// Whether any king of `color` is attacked (false with no king).
    pub fn in_check(&self, color: Color) -> bool {
        let kings = self.by_color[color as usize] & self.by_role[Role::King as usize];
        let occ = self.occ();
        bits(kings).any(|k| self.attackers_bits(k, color.other(), occ) != 0)
    }

    /// The moves of the side to move under `rules`.
    pub fn legal_moves(&self, rules: &Rules) -> Vec<Move> {
        let mut moves = Vec::with_capacity(64);
        self.generate_moves(rules, &mut moves);
        moves
    }

    /// Like [`Position::legal_moves`], into a cleared buffer.
    pub fn generate_moves(&self, rules: &Rules, out: &mut Vec<Move>) {
        self.generate_moves_of(!0, rules, out);
    }

    /// The legal moves of the piece on `from` (a castling king's too): the
    /// same moves [`Position::legal_moves`] gives from there, without
    /// generating the others.
    pub fn moves_from(&self, from: Square, rules: &Rules) -> Vec<Move> {
        let mut moves = Vec::new();
        if let Some(i) = index_of(from) {
            self.generate_moves_of(bit(i), rules, &mut moves);
        }
        moves
    }

    /// The moves of the mover's pieces on `movers`.
    fn generate_moves_of(&self, movers: u64, rules: &Rules, out: &mut Vec<Move>) {
        GENERATED.with(|n| n.set(n.get() + 1));
        out.clear();
        self.pseudo_moves(rules, movers, out);
        if rules.king_safety {
            self.retain_safe(out);
        }
    }

    /// Whether `mv` is among the moves under `rules`.
    pub fn is_legal(&self, mv: Move, rules: &Rules) -> bool {
        self.legal_moves(rules).contains(&mv)
    }

    /// The move with this UCI text (castling as `e1g1` or `e1h1`).
    pub fn find_move(&self, uci: &str, rules: &Rules) -> Option<Move> {
        self.legal_moves(rules)
            .into_iter()
            .find(|m| m.uci(false) == uci || m.uci(true) == uci)
    }

    fn role_at(&self, i: usize) -> Option<Role> {
        Role::ALL
            .into_iter()
            .find(|&r| self.by_role[r as usize] & bit(i) != 0)
    }

    fn pseudo_moves(&self, rules: &Rules, movers: u64, out: &mut Vec<Move>) {
        let us = self.turn;
        let ours = self.by_color[us as usize];
        let moving = ours & movers;
        let theirs = self.by_color[us.other() as usize];
        let occ = ours | theirs;
        let pawns = self.by_role[Role::Pawn as usize];
        let last_rank = back_rank(us.other());

        for from in bits(pawns & moving) {
            let to_set = pawn_pushes(from, us, occ) | (PAWN[us as usize][from] & theirs);
            for to in bits(to_set) {
                let capture = self.role_at(to);
                let normal = |promotion| Move::Normal {
                    role: Role::Pawn,
                    from: square(from),
                    to: square(to),
                    capture,
                    promotion,
                };
                if last_rank & bit(to) != 0 && !rules.promotion_roles.is_empty() {
                    out.extend(rules.promotion_roles.iter().map(|&r| normal(Some(r))));
                } else {
                    out.push(normal(None));
                }
            }
        }

        if rules.en_passant
            && let Some(ep) = self.ep.map(usize::from)
        {
            // The skipped square must be on the 6th rank (3rd for Black)
            // with the enemy pawn just beyond it.
            let victim = match us {
                Color::White if ep / 8 == 5 => Some(ep - 8),
                Color::Black if ep / 8 == 2 => Some(ep + 8),
                _ => None,
            };
            if let Some(v) = victim
                && occ & bit(ep) == 0
                && theirs & pawns & bit(v) != 0
            {
                for from in bits(PAWN[us.other() as usize][ep] & pawns & moving) {
                    out.push(Move::EnPassant {
                        from: square(from),
                        to: square(ep),
                    });
                }
            }
        }

        for role in [
            Role::Knight,
            Role::Bishop,
            Role::Rook,
            Role::Queen,
            Role::King,
        ] {
            for from in bits(self.by_role[role as usize] & moving) {
                for to in bits(attack_bits(from, role, us, occ) & !ours) {
                    out.push(Move::Normal {
                        role,
                        from: square(from),
                        to: square(to),
                        capture: self.role_at(to),
                        promotion: None,
                    });
                }
            }
        }

        if rules.castling && self.castling_king(us).is_some_and(|k| movers & bit(k) != 0) {
            self.castling_moves(rules, out);
        }
    }

    fn castling_moves(&self, rules: &Rules, out: &mut Vec<Move>) {
        let us = self.turn;
        let Some(k) = self.castling_king(us) else {
            return;
        };
        let rooks = self.by_color[us as usize] & self.by_role[Role::Rook as usize];
        let rank_base = k / 8 * 8;
        for r in bits(self.castling[us as usize] & rooks & back_rank(us)) {
            let (king_file, rook_file) = castle_files(square(k), square(r));
            let (kd, rd) = (
                rank_base + king_file as usize,
                rank_base + rook_file as usize,
            );
            // Everything on the two paths must be empty but king and rook.
            let occ = self.occ() & !bit(k) & !bit(r);
            let path = BETWEEN[k][kd] | bit(kd) | BETWEEN[r][rd] | bit(rd);
            if occ & path != 0 {
                continue;
            }
            if !rules.castle_through_attack {
                // Without king and rook, so no attack hides behind either.
                let king_path = BETWEEN[k][kd] | bit(kd) | bit(k);
                let them = us.other();
                if bits(king_path).any(|s| self.attackers_bits(s, them, occ) != 0) {
                    continue;
                }
            }
            out.push(Move::Castle {
                king: square(k),
                rook: square(r),
            });
        }
    }

    /// Drops the moves that leave a king of the mover attacked.
    fn retain_safe(&self, moves: &mut Vec<Move>) {
        let us = self.turn;
        let kings = self.by_color[us as usize] & self.by_role[Role::King as usize];
        if kings == 0 {
            return;
        }
        // With one king not in check, only a piece on a line from it (or
        // the king itself) can expose it; the rest need no trial move.
        let exposed = if kings.is_power_of_two() && !self.in_check(us) {
            let k = kings.trailing_zeros() as usize;
            bishop_bits(k, 0) | rook_bits(k, 0) | kings
        } else {
            !0
        };
        moves.retain(|&m| match m {
            Move::Normal { from, .. } if !SquareSet(exposed).contains(from) => true,
            _ => !self.played(m).in_check(us),
        });
    }

    /// The position after `mv`.
    #[must_use]
    pub fn played(&self, mv: Move) -> Position {
        let mut p = self.clone();
        p.play(mv);
        p
    }

    /// Plays a move without checking it: the caller has it from
    /// [`Position::legal_moves`] or from a variant's own rules. A normal
    /// move replaces whatever stands on `to`, of either colour. Squares
    /// off the board, or an empty `from`, leave the pieces as they are;
    /// the turn passes either way.
    pub fn play(&mut self, mv: Move) {
        let mover = self.turn;
        self.ep = None;
        self.halfmove = self.halfmove.saturating_add(1);
        match mv {
            Move::Normal {
                from,
                to,
                promotion,
                ..
            } => {
                if let (Some(f), Some(t)) = (index_of(from), index_of(to)) {
                    self.play_normal(f, t, promotion);
                }
            }
            Move::EnPassant { from, to } => {
                if let (Some(f), Some(t)) = (index_of(from), index_of(to)) {
                    let victim = f / 8 * 8 + t % 8;
                    self.take(victim);
                    self.play_normal(f, t, None);
                    self.halfmove = 0;
                }
            }
            Move::Castle { king, rook } => {
                if let (Some(k), Some(r)) = (index_of(king), index_of(rook)) {
                    let (kf, rf) = castle_files(king, rook);
                    let base = k / 8 * 8;
                    let king_piece = self.take(k);
                    let rook_piece = self.take(r);
                    self.take(base + kf as usize);
                    self.take(base + rf as usize);
                    if let Some(p) = king_piece {
                        self.put(base + kf as usize, p);
                    }
                    if let Some(p) = rook_piece {
                        self.put(base + rf as usize, p);
                    }
                    let color = king_piece.map_or(mover, |p| p.color);
                    self.castling[color as usize] = 0;
                }
            }
        }
        if mover == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.turn = mover.other();
    }

    fn play_normal(&mut self, f: usize, t: usize, promotion: Option<Role>) {
        let Some(piece) = self.take(f) else { return };
        let captured = self.take(t);
        self.castling[0] &= !(bit(f) | bit(t));
        self.castling[1] &= !(bit(f) | bit(t));
        if piece.role == Role::King {
            self.castling[piece.color as usize] = 0;
        }
        if piece.role == Role::Pawn || captured.is_some() {
            self.halfmove = 0;
        }
        if piece.role == Role::Pawn && f.abs_diff(t) == 16 {
            self.ep = Some(((f + t) / 2) as u8);
        }
        let role = promotion.unwrap_or(piece.role);
        self.put(t, Piece::new(piece.color, role));
    }

    /// The number of move sequences of `depth` plies under `rules`.
    pub fn perft(&self, depth: u32, rules: &Rules) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal_moves(rules);
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .into_iter()
            .map(|m| self.played(m).perft(depth - 1, rules))
            .sum()
    }

    /// Perft split by first move, for hunting a wrong count.
    pub fn divide(&self, depth: u32, rules: &Rules) -> Vec<(Move, u64)> {
        self.legal_moves(rules)
            .into_iter()
            .map(|m| (m, self.played(m).perft(depth.saturating_sub(1), rules)))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        let b = name.as_bytes();
        Square::new(b[0] - b'a', b[1] - b'0')
    }

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).unwrap()
    }

    /// The moves' UCI texts (castling as king-takes-rook), sorted.
    fn ucis(p: &Position, rules: &Rules) -> Vec<String> {
        let mut v: Vec<String> = p.legal_moves(rules).iter().map(|m| m.to_string()).collect();
        v.sort();
        v
    }

    fn has(p: &Position, rules: &Rules, uci: &str) -> bool {
        ucis(p, rules).iter().any(|m| m == uci)
    }

    const PSEUDO: Rules = Rules {
        king_safety: false,
        ..Rules::STANDARD
    };
    const THROUGH: Rules = Rules {
        castle_through_attack: true,
        ..Rules::STANDARD
    };

    #[test]
    fn start_position_and_board_round_trip() {
        let p = Position::start();
        assert_eq!(
            p.fen(),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        );
        assert_eq!(Position::default(), p);
        assert_eq!(p.legal_moves(&Rules::STANDARD).len(), 20);
        let board = p.to_board();
        let q = Position::from_board(&board, Color::White, CastlingInference::Standard);
        assert_eq!(q, p);
        let none = Position::from_board(&board, Color::Black, CastlingInference::None);
        assert!(none.castling_rooks(Color::White).is_empty());
        assert_eq!(none.turn(), Color::Black);
        assert_eq!(none.by_color(Color::Black).len(), 16);
        assert_eq!(none.by_role(Role::Pawn).len(), 16);
        assert_eq!(none.kings(Color::White).single(), Some(sq("e1")));
        assert_eq!(none.pieces().count(), 32);
    }

    #[test]
    fn castling_inference() {
        // Standard needs the king on e1 and the rook on a1/h1.
        let p = pos("r3k1r1/8/8/8/8/8/8/1R2K2R w - - 0 1");
        let std = Position::from_board(&p.to_board(), Color::White, CastlingInference::Standard);
        assert_eq!(std.castling_rooks(Color::White), SquareSet::from(sq("h1")));
        assert_eq!(std.castling_rooks(Color::Black), SquareSet::from(sq("a8")));
        let c960 = Position::from_board(&p.to_board(), Color::White, CastlingInference::Chess960);
        assert_eq!(c960.castling_rooks(Color::White).len(), 2);
        assert!(c960.castling_rooks(Color::White).contains(sq("b1")));
        assert!(c960.castling_rooks(Color::Black).contains(sq("g8")));
        // Outermost only: a king side with rooks on f8 and h8 grants h8.
        let q = pos("4kr1r/8/8/8/8/8/8/4K3 w - - 0 1");
        let c = Position::from_board(&q.to_board(), Color::White, CastlingInference::Chess960);
        assert_eq!(c.castling_rooks(Color::Black), SquareSet::from(sq("h8")));
        // A king off its back rank grants nothing.
        let r = pos("8/8/8/8/8/8/4K3/R6R w - - 0 1");
        let c = Position::from_board(&r.to_board(), Color::White, CastlingInference::Chess960);
        assert!(c.castling_rooks(Color::White).is_empty());
    }

    #[test]
    fn attacked_squares_and_check() {
        let p = pos("4k3/8/8/8/1b6/8/3P4/R3K2n w - - 0 1");
        assert!(p.is_attacked(sq("d2"), Color::Black));
        assert!(!p.is_attacked(sq("e1"), Color::Black)); // d2 blocks
        assert!(p.is_attacked(sq("g3"), Color::Black)); // knight h1
        assert!(p.is_attacked(sq("e3"), Color::White)); // pawn d2
        assert!(!p.is_attacked(sq("d3"), Color::White));
        assert!(p.is_attacked(sq("a8"), Color::White));
        assert!(!p.is_attacked(Square::new(0, 9), Color::White));
        assert!(!p.in_check(Color::White));
        assert!(!p.in_check(Color::Black));
        // Looking through d2, as if it were gone.
        let occ = p.occupied().without(sq("d2"));
        assert_eq!(
            p.attackers_to(sq("e1"), Color::Black, occ),
            SquareSet::from(sq("b4"))
        );
        let q = pos("4k3/8/8/8/1b6/8/8/R3K3 w - - 0 1");
        assert!(q.in_check(Color::White));
        // No king, no check.
        assert!(!pos("8/8/8/8/8/8/8/r7 w - - 0 1").in_check(Color::White));
    }

    #[test]
    fn king_may_move_into_check_only_without_king_safety() {
        // Black rook on d8 covers d1 and d2.
        let p = pos("3rk3/8/8/8/8/8/8/4K3 w - - 0 1");
        let legal = ucis(&p, &Rules::STANDARD);
        assert_eq!(legal, ["e1e2", "e1f1", "e1f2"]);
        let pseudo = ucis(&p, &PSEUDO);
        assert_eq!(pseudo, ["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]);
        // A pinned rook may leave the pin only pseudo-legally.
        let pin = pos("4r1k1/8/8/8/8/8/4R3/4K3 w - - 0 1");
        assert!(!has(&pin, &Rules::STANDARD, "e2d2"));
        assert!(has(&pin, &Rules::STANDARD, "e2e8"));
        assert!(has(&pin, &PSEUDO, "e2d2"));
        // In check: only evasions; pseudo-legally anything goes.
        let check = pos("4r1k1/8/8/8/8/8/3N4/4K3 w - - 0 1");
        assert_eq!(
            ucis(&check, &Rules::STANDARD),
            ["d2e4", "e1d1", "e1f1", "e1f2"]
        );
        assert!(has(&check, &PSEUDO, "d2b3"));
        assert!(has(&check, &PSEUDO, "e1e2"));
        // Pseudo-legal kings may be captured.
        let exposed = pos("4k3/8/8/8/8/8/8/4K2r b - - 0 1");
        assert!(has(&exposed, &PSEUDO, "h1e1"));
        assert!(is_sorted_dupe_free(&ucis(&exposed, &PSEUDO)));
    }

    fn is_sorted_dupe_free(v: &[String]) -> bool {
        v.windows(2).all(|w| w[0] < w[1])
    }

    #[test]
    fn standard_castling() {
        let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        let r = &Rules::STANDARD;
        let ks = p.find_move("e1g1", r).unwrap();
        assert_eq!(
            ks,
            Move::Castle {
                king: sq("e1"),
                rook: sq("h1")
            }
        );
        assert_eq!(ks.uci(false), "e1g1");
        assert_eq!(ks.uci(true), "e1h1");
        assert_eq!(ks.to(), sq("g1"));
        assert_eq!(p.find_move("e1h1", r), Some(ks));
        assert!(p.find_move("e1c1", r).is_some());
        let after = p.played(ks);
        assert_eq!(after.fen(), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
        let after = after.played(after.find_move("e8c8", r).unwrap());
        assert_eq!(after.fen(), "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2");
        // Without the rule switch: no castling.
        let off = Rules {
            castling: false,
            ..*r
        };
        assert!(!p.legal_moves(&off).iter().any(Move::is_castle));
        // A rook move or capture drops that right.
        let q = p.played(p.find_move("a1a8", r).unwrap());
        assert_eq!(q.fen(), "R3k2r/8/8/8/8/8/8/4K2R b Kk - 0 1");
    }

    #[test]
    fn castling_blocked_or_attacked() {
        let r = &Rules::STANDARD;
        // Black rook on f8 attacks f1: no O-O, but O-O-O; only the rook
        // passes b1, so an attack there does not matter.
        let p = pos("1r3rk1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
        assert!(!has(&p, r, "e1h1"));
        assert!(has(&p, r, "e1a1"));
        assert!(has(&p, &THROUGH, "e1h1"));
        // Attacked landing square: g1 by a rook on g8.
        let p = pos("4k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
        assert!(!has(&p, r, "e1h1"));
        // Even through attack, king safety keeps the king out of check.
        assert!(!has(&p, &THROUGH, "e1h1"));
        assert!(has(
            &p,
            &Rules {
                king_safety: false,
                ..THROUGH
            },
            "e1h1"
        ));
        // Out of check: only with castle_through_attack.
        let p = pos("4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
        assert!(!has(&p, r, "e1h1") && !has(&p, r, "e1a1"));
        assert!(has(&p, &THROUGH, "e1h1") && has(&p, &THROUGH, "e1a1"));
        // A piece in the way, even one the king does not cross.
        let p = pos("4k3/8/8/8/8/8/8/RN2K1NR w KQ - 0 1");
        assert!(!p.legal_moves(r).iter().any(Move::is_castle));
        // A right without its rook is ignored.
        let mut p = pos("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
        p.set_castling_rooks(Color::White, SquareSet::from(sq("h1")).with(sq("a1")));
        assert_eq!(p.legal_moves(r).iter().filter(|m| m.is_castle()).count(), 1);
    }

    #[test]
    fn chess960_castling() {
        let r = &Rules::STANDARD;
        // King b1 with rooks a1 and h1.
        let p = pos("4k3/8/8/8/8/8/8/RK5R w AH - 0 1");
        assert_eq!(p.castling_rooks(Color::White).len(), 2);
        let long = p.find_move("b1a1", r).unwrap();
        assert_eq!(long.to(), sq("c1"));
        assert_eq!(p.played(long).fen(), "4k3/8/8/8/8/8/8/2KR3R b - - 1 1");
        let short = p.find_move("b1h1", r).unwrap();
        assert_eq!(p.played(short).fen(), "4k3/8/8/8/8/8/8/R4RK1 b - - 1 1");
        // The king already on g1: only the rook moves.
        let p = pos("4k3/8/8/8/8/8/8/6KR w H - 0 1");
        let m = p.find_move("g1h1", r).unwrap();
        assert_eq!(p.played(m).fen(), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
        // King and rook swap squares.
        let p = pos("4k3/8/8/8/8/8/8/5KR1 w G - 0 1");
        let m = p.find_move("f1g1", r).unwrap();
        assert_eq!(
            m,
            Move::Castle {
                king: sq("f1"),
                rook: sq("g1")
            }
        );
        assert_eq!(p.played(m).fen(), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
        // The castling rook hid an attack on c1 from the a1 rook.
        let p = pos("4k3/8/8/8/8/8/8/rR3K2 w B - 0 1");
        assert!(!has(&p, r, "f1b1"));
        assert!(!has(&p, &THROUGH, "f1b1"));
        assert!(has(
            &p,
            &Rules {
                king_safety: false,
                ..THROUGH
            },
            "f1b1"
        ));
        // The rook's path must be empty too: d1 is taken.
        let p = pos("4k3/8/8/8/8/8/8/1R1N1K2 w B - 0 1");
        assert!(!has(&p, r, "f1b1"));
        // Black, on the 8th rank.
        let p = pos("rk5r/8/8/8/8/8/8/4K3 b ah - 0 1");
        let m = p.find_move("b8h8", r).unwrap();
        assert_eq!(p.played(m).fen(), "r4rk1/8/8/8/8/8/8/4K3 w - - 1 2");
    }

    #[test]
    fn en_passant() {
        let r = &Rules::STANDARD;
        let p = Position::start().played(Position::start().find_move("e2e4", r).unwrap());
        assert_eq!(
            p.fen(),
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
        );
        let p = pos("4k3/8/8/2pPp3/8/8/8/4K3 w - e6 0 1");
        let m = p.find_move("d5e6", r).unwrap();
        assert_eq!(
            m,
            Move::EnPassant {
                from: sq("d5"),
                to: sq("e6")
            }
        );
        assert_eq!(m.capture(), Some(Role::Pawn));
        assert_eq!(p.played(m).fen(), "4k3/8/4P3/2p5/8/8/8/4K3 b - - 0 1");
        // Only onto the en passant square, not the other pawn.
        assert!(!has(&p, r, "d5c6"));
        let off = Rules {
            en_passant: false,
            ..*r
        };
        assert!(p.find_move("d5e6", &off).is_none());
        // Both captured and capturing pawn leave the rank: a pin.
        let pin = pos("8/8/8/K2Pp2r/8/8/8/4k3 w - e6 0 1");
        assert!(!has(&pin, r, "d5e6"));
        assert!(has(&pin, &PSEUDO, "d5e6"));
        // Black takes on the 3rd rank.
        let b = pos("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
        let m = b.find_move("d4e3", r).unwrap();
        assert_eq!(b.played(m).fen(), "4k3/8/8/8/8/4p3/8/4K3 w - - 0 2");
    }

    #[test]
    fn promotion_to_four_roles() {
        let r = &Rules::STANDARD;
        let p = pos("r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
        let moves: Vec<Move> = p
            .legal_moves(r)
            .into_iter()
            .filter(|m| m.from() == sq("b7"))
            .collect();
        assert_eq!(moves.len(), 8);
        let roles: Vec<Role> = moves
            .iter()
            .filter(|m| m.to() == sq("b8"))
            .filter_map(|m| m.promotion())
            .collect();
        assert_eq!(roles, [Role::Queen, Role::Rook, Role::Bishop, Role::Knight]);
        let capture = p.find_move("b7a8n", r).unwrap();
        assert_eq!(capture.capture(), Some(Role::Rook));
        assert_eq!(capture.uci(false), "b7a8n");
        assert_eq!(p.played(capture).fen(), "N3k3/8/8/8/8/8/8/4K3 b - - 0 1");
        for (uci, c) in [
            ("b7b8q", 'Q'),
            ("b7b8r", 'R'),
            ("b7b8b", 'B'),
            ("b7b8n", 'N'),
        ] {
            let m = p.find_move(uci, r).unwrap();
            assert_eq!(p.played(m).piece_at(sq("b8")), Piece::from_char(c));
        }
        // Black promotes on the 1st rank.
        let b = pos("4k3/8/8/8/8/8/6p1/4K3 b - - 0 1");
        let m = b.find_move("g2g1q", r).unwrap();
        assert_eq!(b.played(m).piece_at(sq("g1")), Piece::from_char('q'));
        // A variant's own promotion set, or none.
        let king_too = Rules {
            promotion_roles: &[Role::King],
            ..*r
        };
        assert!(b.find_move("g2g1k", &king_too).is_some());
        assert!(b.find_move("g2g1q", &king_too).is_none());
        let none = Rules {
            promotion_roles: &[],
            ..*r
        };
        let m = b.find_move("g2g1", &none).unwrap();
        assert_eq!(b.played(m).piece_at(sq("g1")), Piece::from_char('p'));
    }

    #[test]
    fn play_counters_and_rights() {
        let r = &Rules::STANDARD;
        let mut p = Position::start();
        for uci in ["g1f3", "b8c6", "e2e3", "c6d4", "f1e2", "d4f3"] {
            let m = p.find_move(uci, r).unwrap();
            assert!(p.is_legal(m, r));
            p.play(m);
        }
        assert_eq!(
            p.fen(),
            "r1bqkbnr/pppppppp/8/8/8/4Pn2/PPPPBPPP/RNBQK2R w KQkq - 0 4"
        );
        // Check by the knight: only evasions are legal, and no castling.
        assert!(p.in_check(Color::White));
        assert!(!p.legal_moves(r).iter().any(Move::is_castle));
        // Through attack, but still not into check (g1 is the knight's).
        assert!(!p.legal_moves(&THROUGH).iter().any(Move::is_castle));
        assert!(
            p.legal_moves(r)
                .iter()
                .all(|m| !p.played(*m).in_check(Color::White))
        );
    }

    #[test]
    fn play_never_panics_on_odd_moves() {
        let mut p = pos("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
        let margin = Square::new(2, 9);
        p.play(Move::Normal {
            role: Role::Queen,
            from: sq("d4"),
            to: margin,
            capture: None,
            promotion: None,
        });
        p.play(Move::Normal {
            role: Role::Queen,
            from: sq("d4"),
            to: sq("d5"),
            capture: None,
            promotion: None,
        });
        p.play(Move::Castle {
            king: margin,
            rook: sq("a1"),
        });
        p.play(Move::EnPassant {
            from: sq("a1"),
            to: margin,
        });
        p.play(Move::Castle {
            king: sq("e1"),
            rook: sq("h1"),
        });
        assert_eq!(p.pieces().count(), 2);
        // A variant may capture its own piece.
        let mut q = pos("4k3/8/8/8/8/8/8/3NK3 w - - 0 1");
        q.play(Move::Normal {
            role: Role::King,
            from: sq("e1"),
            to: sq("d1"),
            capture: Some(Role::Knight),
            promotion: None,
        });
        assert_eq!(q.fen(), "4k3/8/8/8/8/8/8/3K4 b - - 0 1");
        let mut e = Position::empty();
        e.set_piece(margin, Piece::from_char('Q'));
        e.set_ep_square(Some(margin));
        assert_eq!(e.occupied(), SquareSet::EMPTY);
        assert_eq!(e.ep_square(), None);
        assert!(e.legal_moves(&Rules::STANDARD).is_empty());
        assert_eq!(e.perft(3, &Rules::STANDARD), 0);
    }

    /// `moves_from` gives exactly the legal moves from its square, in
    /// positions with castling (both sides, Chess960 rooks), en passant,
    /// promotions, pins and check, under every rule set.
    #[test]
    fn moves_from_a_square_are_the_legal_moves_from_it() {
        let fens = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1",
            "1r2k1r1/8/8/8/8/8/8/R1K3R1 w GAgb - 0 1",
            "4k3/8/8/8/8/8/4q3/4K3 w - - 0 1",
        ];
        for fen in fens {
            let p = pos(fen);
            for rules in [&Rules::STANDARD, &PSEUDO, &THROUGH] {
                let all = p.legal_moves(rules);
                let mut seen = 0;
                for file in 0..8 {
                    for rank in 1..=8 {
                        let from = Square::new(file, rank);
                        let mine = p.moves_from(from, rules);
                        let want: Vec<Move> =
                            all.iter().copied().filter(|m| m.from() == from).collect();
                        assert_eq!(mine, want, "{fen}, from {from}");
                        seen += mine.len();
                    }
                }
                assert_eq!(seen, all.len(), "{fen}");
            }
            assert!(p.moves_from(Square::new(0, 9), &Rules::STANDARD).is_empty());
        }
    }

    #[test]
    fn pseudo_legal_perft_counts_more() {
        let p = Position::start();
        assert_eq!(p.perft(3, &PSEUDO), 8_902);
        assert!(p.perft(4, &PSEUDO) > 197_281);
        let d = p.divide(2, &Rules::STANDARD);
        assert_eq!(d.len(), 20);
        assert!(d.iter().all(|&(_, n)| n == 20));
    }
}

thread_local! {
    static GENERATED: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// How many times this thread has generated a position's moves: a measure
/// of the engine's work that is the same on every run of the same input
/// (the engine runs a diagram's check on one thread), unlike time.
pub fn moves_generated() -> u64 {
    GENERATED.with(std::cell::Cell::get)
}
