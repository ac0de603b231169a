//! Orthodox chess move generation (Chess960 castling included), with rule
//! switches and piece-movement primitives for the variant modules.
//!
//! - [`attacks`]/[`reach`]: where a piece can go, whatever the position.
//! - [`Position`]: bitboard position, FEN, legal or pseudo-legal moves
//!   under [`Rules`], `play`, attack tests and perft.

mod attacks;
mod fen;
mod position;
mod squareset;

use std::fmt;

pub use attacks::{
    KNIGHT_STEPS, LineKind, Occupancy, Reach, attacks, bishop_attacks, distance, is_between,
    is_king_step, king_attacks, knight_attacks, line_kind, line_through, pawn_attacks,
    queen_attacks, reach, rook_attacks, squares_between,
};
pub use fen::FenError;
pub use position::{CastlingInference, Position, moves_generated};
pub use squareset::{SquareSet, SquareSetIter};

use crate::diagram::{Role, Square};

/// Which of the orthodox rules apply; variants switch some off.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Legal moves only: a move may not leave any own king attacked. Off,
    /// kings may move into or stay in check (pseudo-legal moves).
    pub king_safety: bool,
    pub en_passant: bool,
    pub castling: bool,
    /// Castling is allowed even if the king starts on, passes over or lands
    /// on an attacked square (Two Move Chess). When `king_safety` is on, the
    /// king still may not end the move in check.
    pub castle_through_attack: bool,
    /// What a pawn reaching the last rank may become, in generation order.
    /// Empty: it stays a pawn.
    pub promotion_roles: &'static [Role],
}

impl Rules {
    pub const STANDARD: Rules = Rules {
        king_safety: true,
        en_passant: true,
        castling: true,
        castle_through_attack: false,
        promotion_roles: &[Role::Queen, Role::Rook, Role::Bishop, Role::Knight],
    };
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::STANDARD
    }
}

/// A move. Castling is stored as king and rook squares, which covers
/// Chess960; the king ends on the c- or g-file and the rook on the d- or
/// f-file of its rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    Normal {
        role: Role,
        from: Square,
        to: Square,
        /// The piece on `to`, if any.
        capture: Option<Role>,
        promotion: Option<Role>,
    },
    /// A pawn capturing the pawn beside it that just made a double step.
    EnPassant {
        from: Square,
        to: Square,
    },
    Castle {
        king: Square,
        rook: Square,
    },
}

impl Move {
    /// The moving piece's square (the king's for castling).
    pub fn from(&self) -> Square {
        match *self {
            Move::Normal { from, .. } | Move::EnPassant { from, .. } => from,
            Move::Castle { king, .. } => king,
        }
    }

    /// Where the moving piece ends (the king's end square for castling).
    pub fn to(&self) -> Square {
        match *self {
            Move::Normal { to, .. } | Move::EnPassant { to, .. } => to,
            Move::Castle { king, rook } => Square::new(castle_files(king, rook).0, king.rank),
        }
    }

    pub fn role(&self) -> Role {
        match *self {
            Move::Normal { role, .. } => role,
            Move::EnPassant { .. } => Role::Pawn,
            Move::Castle { .. } => Role::King,
        }
    }

    pub fn capture(&self) -> Option<Role> {
        match *self {
            Move::Normal { capture, .. } => capture,
            Move::EnPassant { .. } => Some(Role::Pawn),
            Move::Castle { .. } => None,
        }
    }

    pub fn promotion(&self) -> Option<Role> {
        match *self {
            Move::Normal { promotion, .. } => promotion,
            _ => None,
        }
    }

    pub fn is_capture(&self) -> bool {
        self.capture().is_some()
    }

    pub fn is_castle(&self) -> bool {
        matches!(self, Move::Castle { .. })
    }

    /// UCI notation: `e2e4`, `e7e8q`; castling as the king's move (`e1g1`),
    /// or as king-takes-rook (`e1h1`) when `chess960`.
    pub fn uci(&self, chess960: bool) -> String {
        let to = match *self {
            Move::Castle { rook, .. } if chess960 => rook,
            _ => self.to(),
        };
        let mut s = format!("{}{}", self.from(), to);
        if let Some(p) = self.promotion() {
            s.push(p.letter().to_ascii_lowercase());
        }
        s
    }
}

/// UCI with castling as king-takes-rook, unambiguous for Chess960 too.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.uci(true))
    }
}

/// End files (king, rook) of castling: the g- and f-files with a rook on
/// the king's right, else the c- and d-files.
pub(crate) fn castle_files(king: Square, rook: Square) -> (u8, u8) {
    if rook.file > king.file {
        (6, 5)
    } else {
        (2, 3)
    }
}
