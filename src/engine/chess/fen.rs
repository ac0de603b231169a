//! FEN reading and writing. Castling rights may be `KQkq` (X-FEN: the
//! outermost rook on that side) or rook files `HAha` (Shredder-FEN), so
//! Chess960 positions read and write too.

use std::fmt;
use std::str::FromStr;

use super::position::Position;
use super::squareset::SquareSet;
use crate::diagram::{Color, Piece, Role, Square};

/// Why a FEN string was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// Not 1 to 6 space-separated fields (the number found).
    Fields(usize),
    Board(String),
    Turn(String),
    Castling(String),
    EnPassant(String),
    Halfmove(String),
    Fullmove(String),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Fields(n) => write!(f, "FEN has {n} fields, expected 1 to 6"),
            FenError::Board(m) => write!(f, "FEN board: {m}"),
            FenError::Turn(m) => write!(f, "FEN side to move: {m}"),
            FenError::Castling(m) => write!(f, "FEN castling: {m}"),
            FenError::EnPassant(m) => write!(f, "FEN en passant square: {m}"),
            FenError::Halfmove(m) => write!(f, "FEN halfmove clock: {m}"),
            FenError::Fullmove(m) => write!(f, "FEN fullmove number: {m}"),
        }
    }
}

impl std::error::Error for FenError {}

fn back_rank(c: Color) -> u8 {
    match c {
        Color::White => 1,
        Color::Black => 8,
    }
}

impl Position {
    /// Reads a FEN. Missing trailing fields default to `w - - 0 1`.
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.is_empty() || fields.len() > 6 {
            return Err(FenError::Fields(fields.len()));
        }
        let field = |i: usize, default| fields.get(i).copied().unwrap_or(default);
        let mut pos = Position::empty();
        parse_board(&mut pos, fields[0])?;
        pos.set_turn(match field(1, "w") {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(FenError::Turn(format!("{other:?} is not w or b"))),
        });
        parse_castling(&mut pos, field(2, "-"))?;
        parse_ep(&mut pos, field(3, "-"))?;
        let halfmove = field(4, "0")
            .parse::<u32>()
            .map_err(|_| FenError::Halfmove(format!("{:?} is not a number", field(4, ""))))?;
        let fullmove_text = field(5, "1");
        let fullmove = match fullmove_text.parse::<u32>() {
            Ok(n) if n >= 1 => n,
            _ => {
                return Err(FenError::Fullmove(format!(
                    "{fullmove_text:?} is not a number from 1"
                )));
            }
        };
        pos.set_counters(halfmove, fullmove);
        Ok(pos)
    }

    /// Writes the FEN; castling in X-FEN (`KQkq` for the outermost rooks,
    /// the rook's file letter otherwise).
    pub fn fen(&self) -> String {
        let mut s = String::with_capacity(90);
        for rank in (1..=8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match self.piece_at(Square::new(file, rank)) {
                    Some(p) => {
                        if empty > 0 {
                            s.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        s.push(p.char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                s.push(char::from(b'0' + empty));
            }
            if rank > 1 {
                s.push('/');
            }
        }
        s.push(' ');
        s.push(match self.turn() {
            Color::White => 'w',
            Color::Black => 'b',
        });
        s.push(' ');
        let before = s.len();
        for color in [Color::White, Color::Black] {
            let king = self.castling_king(color).map(Square::from_index);
            // King side first, as in KQ and HA.
            let mut rooks: Vec<Square> = self.castling_rooks(color).iter().collect();
            rooks.reverse();
            for r in rooks {
                let letter = match king {
                    Some(k) if self.outer_rook(color, r.file > k.file) == Some(r.index()) => {
                        if r.file > k.file { 'K' } else { 'Q' }
                    }
                    _ => r.file_char().to_ascii_uppercase(),
                };
                s.push(match color {
                    Color::White => letter,
                    Color::Black => letter.to_ascii_lowercase(),
                });
            }
        }
        if s.len() == before {
            s.push('-');
        }
        s.push(' ');
        match self.ep_square() {
            Some(sq) => s.push_str(&sq.to_string()),
            None => s.push('-'),
        }
        s.push_str(&format!(
            " {} {}",
            self.halfmove_clock(),
            self.fullmove_number()
        ));
        s
    }
}

fn parse_board(pos: &mut Position, text: &str) -> Result<(), FenError> {
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != 8 {
        return Err(FenError::Board(format!("{} ranks, expected 8", rows.len())));
    }
    for (row, rank) in rows.iter().zip((1..=8u8).rev()) {
        let mut file = 0u8;
        for c in row.chars() {
            if let Some(d) = c.to_digit(10) {
                if !(1..=8).contains(&d) {
                    return Err(FenError::Board(format!(
                        "empty-square count {c} on rank {rank}"
                    )));
                }
                file += d as u8;
            } else if let Some(p) = Piece::from_char(c) {
                if file < 8 {
                    pos.set_piece(Square::new(file, rank), Some(p));
                }
                file += 1;
            } else {
                return Err(FenError::Board(format!("{c:?} on rank {rank} is no piece")));
            }
            if file > 8 {
                return Err(FenError::Board(format!(
                    "rank {rank} has more than 8 squares"
                )));
            }
        }
        if file != 8 {
            return Err(FenError::Board(format!(
                "rank {rank} has {file} squares, not 8"
            )));
        }
    }
    Ok(())
}

fn parse_castling(pos: &mut Position, text: &str) -> Result<(), FenError> {
    if text == "-" {
        return Ok(());
    }
    let err = |m: String| Err(FenError::Castling(m));
    let mut rights = [SquareSet::EMPTY; 2];
    for c in text.chars() {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let Some(king) = pos.castling_king(color) else {
            return err(format!(
                "{c:?} but no single {} king on its back rank",
                color.name()
            ));
        };
        let rook = match c.to_ascii_lowercase() {
            'k' | 'q' => match pos.outer_rook(color, c.eq_ignore_ascii_case(&'k')) {
                Some(r) => r,
                None => return err(format!("{c:?} but no {} rook on that side", color.name())),
            },
            f @ 'a'..='h' => {
                let sq = Square::new(f as u8 - b'a', back_rank(color));
                if pos.piece_at(sq) != Some(Piece::new(color, Role::Rook)) {
                    return err(format!("{c:?} but no {} rook on {sq}", color.name()));
                }
                sq.index()
            }
            _ => return err(format!("{c:?} is not one of KQkq or a file letter")),
        };
        rights[color as usize].insert(Square::from_index(rook));
        let king_side = Square::from_index(rook).file > Square::from_index(king).file;
        let side_rooks = rights[color as usize]
            .iter()
            .filter(|r| (r.file > Square::from_index(king).file) == king_side)
            .count();
        if side_rooks > 1 {
            return err(format!(
                "two {} rooks on one side of the king",
                color.name()
            ));
        }
    }
    pos.set_castling_rooks(Color::White, rights[0]);
    pos.set_castling_rooks(Color::Black, rights[1]);
    Ok(())
}

fn parse_ep(pos: &mut Position, text: &str) -> Result<(), FenError> {
    if text == "-" {
        return Ok(());
    }
    let err = |m: String| Err(FenError::EnPassant(m));
    let b = text.as_bytes();
    if b.len() != 2 || !(b'a'..=b'h').contains(&b[0]) || !(b'1'..=b'8').contains(&b[1]) {
        return err(format!("{text:?} is not a square"));
    }
    let sq = Square::new(b[0] - b'a', b[1] - b'0');
    let us = pos.turn();
    // The pawn that just moved went from `origin` past `sq` to `pawn`.
    let (rank, origin, pawn) = match us {
        Color::White => (6, 7, 5),
        Color::Black => (3, 2, 4),
    };
    if sq.rank != rank {
        return err(format!(
            "{sq} is not on rank {rank} with {} to move",
            us.name()
        ));
    }
    let at = |r| pos.piece_at(Square::new(sq.file, r));
    if at(rank).is_some() || at(origin).is_some() {
        return err(format!("{sq} and the square beyond must be empty"));
    }
    if at(pawn) != Some(Piece::new(us.other(), Role::Pawn)) {
        return err(format!("no {} pawn in front of {sq}", us.other().name()));
    }
    pos.set_ep_square(Some(sq));
    Ok(())
}

impl FromStr for Position {
    type Err = FenError;

    fn from_str(s: &str) -> Result<Position, FenError> {
        Position::from_fen(s)
    }
}

/// The FEN.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.fen())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips() {
        for fen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
            "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 41",
            // Chess960: a rook that is not the outermost is named by file.
            "4k3/8/8/8/8/8/8/RR2K3 w B - 0 1",
            "1r2k1rr/8/8/8/8/8/8/4K3 b gq - 7 30",
        ] {
            let p: Position = fen.parse().unwrap();
            assert_eq!(p.fen(), fen);
            assert_eq!(p.to_string(), fen);
        }
    }

    #[test]
    fn shredder_and_x_fen_castling() {
        let shredder = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
        let p = Position::from_fen(shredder).unwrap();
        let rooks = p.castling_rooks(Color::White);
        assert_eq!(rooks.len(), 2);
        assert!(rooks.contains(Square::new(5, 1)) && rooks.contains(Square::new(7, 1)));
        // Written as X-FEN: both are the outermost rooks of their side.
        let x = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9";
        assert_eq!(p.fen(), x);
        assert_eq!(Position::from_fen(x).unwrap(), p);
        // Mixed letters, any order.
        let a = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w qAkH - 0 1").unwrap();
        assert_eq!(a.fen(), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    }

    #[test]
    fn missing_fields_default() {
        let p = Position::from_fen("8/8/8/8/8/8/8/K6k").unwrap();
        assert_eq!(p.fen(), "8/8/8/8/8/8/8/K6k w - - 0 1");
        let p = Position::from_fen("  8/8/8/8/8/8/8/K6k   b ").unwrap();
        assert_eq!(p.fen(), "8/8/8/8/8/8/8/K6k b - - 0 1");
    }

    #[test]
    fn errors_never_panics() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
        let cases: &[(String, &str)] = &[
            (String::new(), "Fields"),
            (format!("{start} w KQkq - 0 1 extra"), "Fields"),
            ("8/8/8/8/8/8/8 w".into(), "Board"),
            ("8/8/8/8/8/8/8/8/8".into(), "Board"),
            ("9/8/8/8/8/8/8/8".into(), "Board"),
            ("08/8/8/8/8/8/8/8".into(), "Board"),
            ("ppppppppp/8/8/8/8/8/8/8".into(), "Board"),
            ("7/8/8/8/8/8/8/8".into(), "Board"),
            ("44p/8/8/8/8/8/8/8".into(), "Board"),
            ("7x/8/8/8/8/8/8/8".into(), "Board"),
            ("7é/8/8/8/8/8/8/8".into(), "Board"),
            ("8//8/8/8/8/8/8".into(), "Board"),
            (format!("{start} x"), "Turn"),
            (format!("{start} W"), "Turn"),
            (format!("{start} w KQkqZ"), "Castling"),
            (format!("{start} w Kx"), "Castling"),
            ("4k3/8/8/8/8/8/8/4K3 w K".into(), "Castling"),
            ("4k3/8/8/8/8/8/8/R3K3 w B".into(), "Castling"),
            ("4k3/8/8/8/8/8/4K3/R7 w Q".into(), "Castling"),
            ("4k3/8/8/8/8/8/8/RR2K3 w AB".into(), "Castling"),
            ("4k3/8/8/8/8/8/8/2K1K2R w K".into(), "Castling"),
            (format!("{start} w KQkq e9"), "EnPassant"),
            (format!("{start} w KQkq e"), "EnPassant"),
            (format!("{start} w KQkq e6"), "EnPassant"),
            (format!("{start} b KQkq e3"), "EnPassant"),
            ("4k3/8/8/8/4P3/8/8/4K3 w - e3".into(), "EnPassant"),
            ("4k3/8/8/8/4P3/4N3/8/4K3 b - e3".into(), "EnPassant"),
            (format!("{start} w KQkq - -1"), "Halfmove"),
            (format!("{start} w KQkq - x"), "Halfmove"),
            (format!("{start} w KQkq - 0 0"), "Fullmove"),
            (format!("{start} w KQkq - 0 99999999999"), "Fullmove"),
        ];
        for (fen, kind) in cases {
            let err = Position::from_fen(fen).expect_err(fen);
            let debug = format!("{err:?}");
            assert!(debug.starts_with(kind), "{fen:?} gave {err:?}");
            assert!(!err.to_string().is_empty());
        }
    }
}
