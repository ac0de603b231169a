//! Games an author adds in `chess-kit-docs.toml`: standard chess with
//! switches, in the spirit of Fairy-Stockfish's `variants.ini`, so their
//! diagrams are rule-checked without new code.
//!
//! ```toml
//! [[variant]]
//! game = "Los Alamos Chess"  # the `##` section's title
//! check = true               # false: a king may be left in check, and captured
//! en_passant = false
//! castling = false
//! set_aside = "BBPP"         # what each side puts away before the game
//! board = 6                  # files a–f and ranks 1–6
//! ```

use std::sync::Arc;

use serde::Deserialize;
use toml::Spanned;

use crate::book::slug;
use crate::diagnostic::Diagnostic;
use crate::diagram::{BoardDiagram, Color, Piece, Role, Square};
use crate::engine::Finding;
use crate::engine::chess::{CastlingInference, Move, Rules};
use crate::engine::games::{self, common};
use crate::engine::material::{self, Kings, MaterialRules};
use crate::engine::replay::{self, State, StepRules};
use crate::source::{SourceFile, Span};

/// The rule a piece or an arrow off a cut-down board breaks.
pub const BOARD: &str = "board";

/// One `[[variant]]` table as written.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct VariantConfig {
    /// The game's name, as its `##` heading gives it.
    pub game: Spanned<String>,
    /// Whether a king may not be left in check (the default). Without
    /// check, a king may stay in or move into check, and may be captured.
    #[serde(default = "on")]
    pub check: bool,
    #[serde(default = "on")]
    pub en_passant: bool,
    #[serde(default = "on")]
    pub castling: bool,
    /// Piece letters each side puts away before the game (`"NN"`, `"Q"`).
    #[serde(default)]
    pub set_aside: Option<Spanned<String>>,
    /// The board cut down to its first N files and ranks (4 to 8).
    #[serde(default)]
    pub board: Option<Spanned<i64>>,
}

fn on() -> bool {
    true
}

/// A configured game, checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variant {
    pub name: String,
    pub check: bool,
    pub en_passant: bool,
    pub castling: bool,
    /// How many of each role (indexed by `Role as usize`) a side puts away.
    pub set_aside: [u8; 6],
    /// The board's files and ranks: a1 to the N-th file and rank.
    pub size: u8,
}

/// The configured games, found by their section's title.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Variants {
    list: Vec<Variant>,
}

impl Variants {
    /// Checks the `[[variant]]` tables; each problem is an error at its
    /// place in the settings file.
    pub fn from_config(
        tables: &[Spanned<VariantConfig>],
        source: Option<&Arc<SourceFile>>,
        diags: &mut Vec<Diagnostic>,
    ) -> Variants {
        let mut list: Vec<Variant> = Vec::new();
        for table in tables {
            match Variant::from_config(table.get_ref(), &list) {
                Ok(v) => list.push(v),
                Err((span, message)) => {
                    let span = span.unwrap_or_else(|| Span::from(table.span()));
                    if let Some(src) = source {
                        diags.push(Diagnostic::error(src, span, message));
                    }
                }
            }
        }
        Variants { list }
    }

    /// The variant a section title names.
    pub fn find(&self, title: &str) -> Option<&Variant> {
        let key = slug(title);
        self.list.iter().find(|v| slug(&v.name) == key)
    }

    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }
}

/// What each side starts with, by role (`Role as usize`).
pub const ARMY: [u8; 6] = [8, 2, 2, 2, 1, 1];

impl Variant {
    fn from_config(
        c: &VariantConfig,
        known: &[Variant],
    ) -> Result<Variant, (Option<Span>, String)> {
        let name = c.game.get_ref().trim().to_string();
        let at = Some(Span::from(c.game.span()));
        if name.is_empty() {
            return Err((at, "a variant needs the name of its game".to_string()));
        }
        if games::find(&name).is_some() {
            return Err((
                at,
                format!("`{name}` is a game the engine knows; a variant cannot replace its rules"),
            ));
        }
        if known.iter().any(|v| slug(&v.name) == slug(&name)) {
            return Err((at, format!("`{name}` is configured twice")));
        }
        let mut set_aside = [0u8; 6];
        if let Some(s) = &c.set_aside {
            let at = Some(Span::from(s.span()));
            for ch in s.get_ref().chars().filter(|c| !c.is_whitespace()) {
                let Some(role) = Role::from_letter(ch) else {
                    return Err((
                        at,
                        format!("`{ch}` in set_aside is not a piece: use the letters P N B R Q"),
                    ));
                };
                if role == Role::King {
                    return Err((at, "set_aside cannot put a king away".to_string()));
                }
                set_aside[role as usize] += 1;
                if set_aside[role as usize] > ARMY[role as usize] {
                    return Err((
                        at,
                        format!(
                            "set_aside puts away {} {}s, but a side has {}",
                            set_aside[role as usize],
                            role.name(),
                            ARMY[role as usize]
                        ),
                    ));
                }
            }
        }
        let size = match &c.board {
            None => 8,
            Some(b) => match u8::try_from(*b.get_ref()) {
                Ok(n @ 4..=8) => n,
                _ => {
                    return Err((
                        Some(Span::from(b.span())),
                        format!(
                            "board = {} is not a size from 4 to 8 (the board is cut down to its first N files and ranks)",
                            b.get_ref()
                        ),
                    ));
                }
            },
        };
        Ok(Variant {
            name,
            check: c.check,
            en_passant: c.en_passant,
            castling: c.castling,
            set_aside,
            size,
        })
    }

    fn inside(&self, sq: Square) -> bool {
        sq.is_on_board() && sq.file < self.size && sq.rank <= self.size
    }

    /// What a side may hold: its army less what it set aside, promoted
    /// pieces within its missing pawns.
    pub fn material(&self) -> MaterialRules {
        MaterialRules {
            kings: if self.check {
                Kings::ExactlyOne
            } else {
                Kings::AtMostOne
            },
            max_pawns: ARMY[Role::Pawn as usize] - self.set_aside[Role::Pawn as usize],
            pawns_on_back_ranks: false,
            promotion: true,
            set_aside: self.set_aside,
            ranks: self.size,
        }
    }

    fn rules(&self) -> Rules {
        Rules {
            king_safety: false,
            en_passant: self.en_passant,
            castling: self.castling,
            castle_through_attack: !self.check,
            ..Rules::STANDARD
        }
    }

    fn squares(&self) -> String {
        let last = (b'a' + self.size - 1) as char;
        format!("{n}×{n} board (files a–{last}, ranks 1–{n})", n = self.size)
    }

    /// Checks one diagram of the game.
    pub fn check_board(&self, board: &BoardDiagram, out: &mut Vec<Finding>) {
        let before = out.len();
        for (sq, p) in board.board.pieces() {
            if !self.inside(sq) {
                out.push(
                    Finding::error(
                        BOARD,
                        board.square_span(sq),
                        format!(
                            "a {} on {sq}, outside this game's {}",
                            p.name(),
                            self.squares()
                        ),
                    )
                    .with_help(format!("`{}` is played on a cut-down board", self.name)),
                );
            }
        }
        let arrows = common::move_arrows(board);
        for a in &arrows {
            if let Some(sq) = [a.from, a.to].into_iter().find(|&s| !self.inside(s)) {
                out.push(Finding::error(
                    BOARD,
                    a.span,
                    format!(
                        "this arrow reaches {sq}, outside this game's {}",
                        self.squares()
                    ),
                ));
            }
        }
        if out.len() > before {
            return;
        }
        material::check(board, &self.material(), out);
        let state = State::new(board.board.clone());
        let steps = VariantSteps { variant: self };
        let Some(plan) = common::check_moves(board, &state, &arrows, &steps, out) else {
            return;
        };
        if self.check {
            let to_move = common::side_to_move(&arrows, &plan);
            common::check_turn(board, &state, to_move, &common::orthodox_in_check, out);
        }
    }
}

/// Orthodox moves within the variant's board and switches. Pawns start on
/// the second rank and the N−1-th, and promote on the far one.
struct VariantSteps<'a> {
    variant: &'a Variant,
}

impl VariantSteps<'_> {
    fn pawn_moves(&self, state: &State, from: Square, color: Color) -> Vec<Move> {
        let v = self.variant;
        let n = v.size;
        let (dir, start, last): (i8, u8, u8) = match color {
            Color::White => (1, 2, n),
            Color::Black => (-1, n - 1, 1),
        };
        let at = |file: i8, rank: i8| -> Option<Square> {
            let sq = Square::new(u8::try_from(file).ok()?, u8::try_from(rank).ok()?);
            v.inside(sq).then_some(sq)
        };
        let (f, r) = (from.file as i8, from.rank as i8);
        let mut out = Vec::new();
        let mut en_passant = None;
        let mut push = |to: Square, capture: Option<Role>| {
            if to.rank == last {
                for &p in &[Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
                    out.push(Move::Normal {
                        role: Role::Pawn,
                        from,
                        to,
                        capture,
                        promotion: Some(p),
                    });
                }
            } else {
                out.push(Move::Normal {
                    role: Role::Pawn,
                    from,
                    to,
                    capture,
                    promotion: None,
                });
            }
        };
        if let Some(one) = at(f, r + dir).filter(|&s| state.piece(s).is_none()) {
            push(one, None);
            if from.rank == start
                && let Some(two) = at(f, r + 2 * dir).filter(|&s| state.piece(s).is_none())
            {
                push(two, None);
            }
        }
        for df in [-1, 1] {
            let Some(to) = at(f + df, r + dir) else {
                continue;
            };
            match state.piece(to) {
                Some(p) if p.color != color => push(to, Some(p.role)),
                None if v.en_passant
                    && state.en_passant == Some(to)
                    && state.piece(replay::en_passant_victim(from, to))
                        == Some(Piece::new(color.other(), Role::Pawn)) =>
                {
                    en_passant = Some(Move::EnPassant { from, to });
                }
                _ => {}
            }
        }
        out.extend(en_passant);
        out
    }
}

impl StepRules for VariantSteps<'_> {
    fn step(
        &self,
        state: &State,
        from: Square,
        to: Square,
        color: Color,
    ) -> Result<Vec<State>, String> {
        let v = self.variant;
        if !v.inside(from) || !v.inside(to) {
            return Err(format!("{from}–{to} leaves this game's {}", v.squares()));
        }
        let rules = v.rules();
        let pos = replay::position(state, color, &rules, CastlingInference::Standard);
        let pawn = state.piece(from) == Some(Piece::new(color, Role::Pawn));
        let moves: Vec<Move> = if pawn {
            self.pawn_moves(state, from, color)
        } else {
            pos.legal_moves(&rules)
        }
        .into_iter()
        .filter(|m| m.from() == from && m.to() == to && v.inside(m.to()))
        .collect();
        if moves.is_empty() {
            return Err(replay::explain(&pos, from, to, color, &rules));
        }
        let afters: Vec<State> = moves
            .into_iter()
            .map(|m| replay::played(state, &pos, m, &rules))
            .filter(|s| !v.check || !common::orthodox_in_check(s, color))
            .collect();
        if afters.is_empty() {
            let who = state
                .piece(from)
                .map_or("the piece".to_string(), |p| format!("the {}", p.name()));
            return Err(format!(
                "{who} on {from} cannot move to {to}: it would leave the {} king in check",
                color.name()
            ));
        }
        Ok(afters)
    }

    fn en_passant(&self) -> bool {
        self.variant.en_passant
    }

    fn material(&self) -> MaterialRules {
        self.variant.material()
    }
}
