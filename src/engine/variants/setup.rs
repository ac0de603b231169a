//! What a configured game's start gives the rules: each side's army,
//! where its king and castling rooks start, which way its pawns go and
//! the line they double-step from. Read once from `start` (or chess's
//! start, less what `set_aside` puts away) when the table is checked.

use super::switches::Step;
use crate::diagram::{Board, Color, Piece, Role, Square};

/// Chess's army, by role (`Role as usize`).
use crate::engine::material::CHESS_ARMY;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The position `start` gives, if the settings give one.
    pub start: Option<Board>,
    /// Each side's army at the start, by role (White first).
    pub army: [[u8; 6]; 2],
    /// Each side's pawns' step forward.
    pub forward: [Step; 2],
    /// Where each side's king starts, if it has one.
    pub king: [Option<Square>; 2],
    /// The squares each side's castling rooks start on, on its king's line.
    pub rooks: [Vec<Square>; 2],
    /// The lines (ranks, or files for pawns going sideways) each side's
    /// pawns start on and double-step from.
    pub pawn_lines: [Vec<u8>; 2],
    /// Whether each side starts with one bishop on each colour of square
    /// (so two on one colour mean a promotion).
    pub bishops_paired: bool,
}

pub fn side(color: Color) -> usize {
    match color {
        Color::White => 0,
        Color::Black => 1,
    }
}

/// The coordinate of `sq` along `forward`'s axis: its rank for pawns going
/// up or down, its file (0 for a) for pawns going sideways.
pub fn along(sq: Square, forward: Step) -> u8 {
    if forward.0 == 0 { sq.rank } else { sq.file }
}

/// Whether `sq` is a light square.
fn light(sq: Square) -> bool {
    (sq.file + sq.rank).is_multiple_of(2)
}

impl Setup {
    /// `area`: the files and ranks in play. `castling_files`: the files the
    /// settings give for the castling rooks.
    pub fn new(
        start: Option<Board>,
        set_aside: [u8; 6],
        forward: [Step; 2],
        area: ((u8, u8), (u8, u8)),
        castling_files: Option<&[u8]>,
    ) -> Setup {
        let ((f0, f1), (r0, r1)) = area;
        let full = area == ((0, 7), (1, 8));
        let mut army = [[0u8; 6]; 2];
        let mut king = [None, None];
        let mut rooks: [Vec<Square>; 2] = [Vec::new(), Vec::new()];
        let mut pawn_lines: [Vec<u8>; 2] = [Vec::new(), Vec::new()];
        let mut bishops_paired = true;
        for color in [Color::White, Color::Black] {
            let i = side(color);
            let fwd = forward[i];
            // The line behind the pawns' start, where the king stands.
            let back_edge = match fwd {
                (0, 1) => r0,
                (0, _) => r1,
                (1, _) => f0,
                _ => f1,
            };
            match &start {
                Some(board) => {
                    let own: Vec<(Square, Piece)> =
                        board.pieces().filter(|(_, p)| p.color == color).collect();
                    for (_, p) in &own {
                        army[i][p.role as usize] += 1;
                    }
                    king[i] = own
                        .iter()
                        .find(|(_, p)| p.role == Role::King)
                        .map(|(s, _)| *s);
                    // As Fairy-Stockfish: a pawn double-steps from the
                    // second line from its side's edge, and from the first
                    // where the start puts pawns (Horde).
                    pawn_lines[i].push(second_line(back_edge, fwd));
                    if own
                        .iter()
                        .any(|(s, p)| p.role == Role::Pawn && along(*s, fwd) == back_edge)
                    {
                        pawn_lines[i].push(back_edge);
                    }
                    let bishops: Vec<Square> = own
                        .iter()
                        .filter(|(_, p)| p.role == Role::Bishop)
                        .map(|(s, _)| *s)
                        .collect();
                    if !(bishops.len() == 2 && light(bishops[0]) != light(bishops[1])) {
                        bishops_paired = false;
                    }
                }
                None => {
                    for r in 0..6 {
                        army[i][r] = CHESS_ARMY[r] - set_aside[r].min(CHESS_ARMY[r]);
                    }
                    if full {
                        king[i] = Some(Square::new(4, if i == 0 { 1 } else { 8 }));
                    }
                    pawn_lines[i].push(second_line(back_edge, fwd));
                    if set_aside[Role::Bishop as usize] > 0 {
                        bishops_paired = false;
                    }
                }
            }
            // The castling rooks: on the king's line, the files given (for
            // a side whose line is a rank), else the outermost rook on each
            // side of the king in the start position, else the corners.
            let Some(k) = king[i] else {
                continue;
            };
            let on_rank = fwd.0 == 0;
            let candidates: Vec<Square> = match (castling_files, &start, on_rank) {
                (Some(files), _, true) => files.iter().map(|&f| Square::new(f, k.rank)).collect(),
                (_, Some(board), _) => {
                    let line: Vec<Square> = (1..=8u8)
                        .map(|n| {
                            if on_rank {
                                Square::new(n - 1, k.rank)
                            } else {
                                Square::new(k.file, n)
                            }
                        })
                        .filter(|&s| board.get(s) == Some(Piece::new(color, Role::Rook)))
                        .collect();
                    let before = line
                        .iter()
                        .copied()
                        .find(|&s| along_line(s, on_rank) < along_line(k, on_rank));
                    let after = line
                        .iter()
                        .copied()
                        .rev()
                        .find(|&s| along_line(s, on_rank) > along_line(k, on_rank));
                    before.into_iter().chain(after).collect()
                }
                (None, None, _) if full => vec![Square::new(0, k.rank), Square::new(7, k.rank)],
                _ => Vec::new(),
            };
            rooks[i] = candidates.into_iter().filter(|&s| s != k).collect();
        }
        Setup {
            start,
            army,
            forward,
            king,
            rooks,
            pawn_lines,
            bishops_paired,
        }
    }

    /// Whether the start puts pawns of `side` on the line behind the
    /// others (Horde's first rank), where they may then stand.
    pub fn pawns_on_first_line(&self, side: usize) -> bool {
        self.pawn_lines[side].len() > 1
    }

    /// The most of each role either side starts with.
    pub fn largest_army(&self) -> [u8; 6] {
        let mut out = [0u8; 6];
        for (r, n) in out.iter_mut().enumerate() {
            *n = self.army[0][r].max(self.army[1][r]);
        }
        out
    }
}

/// The position of `sq` along its side's line: its file on a rank, its
/// rank on a file.
pub fn along_line(sq: Square, on_rank: bool) -> u8 {
    if on_rank { sq.file } else { sq.rank }
}

/// The line next to `edge`, the way `forward` goes.
fn second_line(edge: u8, forward: Step) -> u8 {
    if forward.0 + forward.1 > 0 {
        edge + 1
    } else {
        edge.saturating_sub(1)
    }
}
