//! Games an author adds in `chess-kit-docs.toml`: standard chess with
//! switches, in the spirit of Fairy-Stockfish's `variants.ini`, so their
//! diagrams are rule-checked without new code.
//!
//! ```toml
//! [[variant]]
//! game = "Secret Chesswords"  # the `##` section's title
//! board = "b2-g7"             # the squares in play, as the diagrams draw them
//! check = false               # no check: kings may be left attacked, and are captured
//! castling = false
//! double_step = false
//! promotion = "QRN"           # what a pawn may become
//! set_aside = "BBPP"          # what each side puts away before the game
//! ```
//!
//! The moves are generated here, on the board in play: a slider stops at
//! its edge and at a hole, pawns start on the board's second rank and
//! promote on its last, so nothing of the 8×8 geometry leaks in.

use std::sync::Arc;

use serde::Deserialize;
use toml::Spanned;

use crate::book::slug;
use crate::diagnostic::Diagnostic;
use crate::diagram::{BoardDiagram, Color, Piece, Role, Square};
use crate::engine::chess::KNIGHT_STEPS;
use crate::engine::chess::SquareSet;
use crate::engine::games::common;
use crate::engine::material::{self, Kings, MaterialRules};
use crate::engine::replay::{self, State, StepRules};
use crate::engine::{DiagramContext, Finding, Game};
use crate::source::{SourceFile, Span};

/// The rule a piece or an arrow off the board in play breaks.
pub const BOARD: &str = "board";
/// The rule a move after a king's capture breaks.
pub const GAME_OVER: &str = "game-over";

/// One `[[variant]]` table as written.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct VariantConfig {
    /// The game's name, as its `##` heading gives it.
    pub game: Spanned<String>,
    /// Whether a move may not leave the mover's king attacked (the
    /// default). Without check, a king may stay in or move into check,
    /// and is captured.
    #[serde(default = "on")]
    pub check: bool,
    /// Kings are captured, not mated: the game ends at a king's capture.
    /// With check on, a king can only be attacked on its opponent's turn
    /// by something other than a move (a piece removed, say).
    #[serde(default)]
    pub king_capture: Option<Spanned<bool>>,
    #[serde(default = "on")]
    pub en_passant: bool,
    /// On by default on the full board, off on a cut-down one.
    #[serde(default)]
    pub castling: Option<Spanned<bool>>,
    /// Whether a pawn may step two squares from its starting rank.
    #[serde(default = "on")]
    pub double_step: bool,
    /// The pieces a pawn may promote to (`"QRBN"` by default; `""`: none).
    #[serde(default)]
    pub promotion: Option<Spanned<String>>,
    /// Piece letters each side puts away before the game (`"NN"`, `"Q"`).
    #[serde(default)]
    pub set_aside: Option<Spanned<String>>,
    /// The squares in play: `6` for a1–f6, or two corners (`"b2-g7"`).
    #[serde(default)]
    pub board: Option<Spanned<toml::Value>>,
    /// Squares taken off the board (`["d4", "e5"]` or `"d4 e5"`).
    #[serde(default)]
    pub holes: Option<Spanned<toml::Value>>,
    /// Whether a piece (not a king) may move onto a hole, leaving the
    /// board; its owner keeps it and may put it back on an empty square.
    #[serde(default)]
    pub holes_swallow: bool,
}

fn on() -> bool {
    true
}

/// A configured game, checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variant {
    pub name: String,
    /// Where the settings name it, for a warning when no heading uses it.
    pub span: Span,
    pub check: bool,
    pub king_capture: bool,
    pub en_passant: bool,
    pub castling: bool,
    pub double_step: bool,
    /// What a pawn may promote to, by role (`Role as usize`).
    pub promotion: [bool; 6],
    /// How many of each role (indexed by `Role as usize`) a side puts away.
    pub set_aside: [u8; 6],
    /// The files in play, 0 (a) to 7 (h), both ends included.
    pub files: (u8, u8),
    /// The ranks in play, 1 to 8, both ends included.
    pub ranks: (u8, u8),
    /// Squares of that rectangle taken off the board.
    pub holes: SquareSet,
    pub holes_swallow: bool,
}

/// The configured games, found by their section's title.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Variants {
    list: Vec<Variant>,
}

impl Variants {
    /// No configured games.
    pub const EMPTY: Variants = Variants { list: Vec::new() };

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

    /// The variant a section title names. Which game checks a section is
    /// [`crate::engine::Games::for_section`]'s answer; this is its half for
    /// configured games.
    pub fn find(&self, title: &str) -> Option<&Variant> {
        let key = slug(title);
        self.list.iter().find(|v| slug(&v.name) == key)
    }

    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// Every configured game, in the settings' order.
    pub fn iter(&self) -> impl Iterator<Item = &Variant> {
        self.list.iter()
    }
}

/// What each side starts with, by role (`Role as usize`).
pub const ARMY: [u8; 6] = [8, 2, 2, 2, 1, 1];

type ConfigError = (Option<Span>, String);

/// The files (0 for a) and ranks (1 to 8) in play, each both ends included.
type Area = ((u8, u8), (u8, u8));

fn at<T>(value: &Spanned<T>) -> Option<Span> {
    Some(Span::from(value.span()))
}

/// A square as the author writes it (`e4`), on the 8×8 board.
fn parse_square(text: &str) -> Option<Square> {
    let mut chars = text.trim().chars();
    let (f, r) = (chars.next()?, chars.next()?);
    if chars.next().is_some() {
        return None;
    }
    let file = (f.to_ascii_lowercase() as u32).checked_sub('a' as u32)?;
    let rank = r.to_digit(10)?;
    let sq = Square::new(u8::try_from(file).ok()?, u8::try_from(rank).ok()?);
    sq.is_on_board().then_some(sq)
}

/// `board = 6` or `board = "b2-g7"`: the files and ranks in play.
fn parse_board(value: &Spanned<toml::Value>) -> Result<Area, ConfigError> {
    let bad = |why: String| (at(value), why);
    let (files, ranks) = match value.get_ref() {
        toml::Value::Integer(n) => match u8::try_from(*n) {
            Ok(n @ 4..=8) => ((0, n - 1), (1, n)),
            _ => {
                return Err(bad(format!(
                    "board = {n} is not a size from 4 to 8 (the board cut down to a1 and its first N files and ranks)"
                )));
            }
        },
        toml::Value::String(s) => {
            let corners: Vec<&str> = s.split(['-', ':', '–']).map(str::trim).collect();
            let squares: Vec<Option<Square>> = corners.iter().map(|c| parse_square(c)).collect();
            let [Some(a), Some(b)] = squares[..] else {
                return Err(bad(format!(
                    "board = \"{s}\" is not two corner squares: write the lower-left and upper-right squares in play, as \"b2-g7\""
                )));
            };
            (
                (a.file.min(b.file), a.file.max(b.file)),
                (a.rank.min(b.rank), a.rank.max(b.rank)),
            )
        }
        _ => {
            return Err(bad(
                "board is a size (6) or two corner squares (\"b2-g7\")".to_string()
            ));
        }
    };
    if files.1 - files.0 < 3 || ranks.1 - ranks.0 < 3 {
        return Err(bad(
            "the board in play needs at least 4 files and 4 ranks".to_string()
        ));
    }
    Ok((files, ranks))
}

/// `holes = ["d4", "e5"]` or `holes = "d4 e5"`.
fn parse_holes(value: &Spanned<toml::Value>) -> Result<SquareSet, ConfigError> {
    let bad = |why: String| (at(value), why);
    let names: Vec<String> = match value.get_ref() {
        toml::Value::String(s) => s
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|w| !w.is_empty())
            .map(str::to_string)
            .collect(),
        toml::Value::Array(items) => {
            let mut names = Vec::new();
            for item in items {
                let Some(s) = item.as_str() else {
                    return Err(bad(
                        "holes lists squares as strings: [\"d4\", \"e5\"]".into()
                    ));
                };
                names.push(s.to_string());
            }
            names
        }
        _ => {
            return Err(bad(
                "holes lists squares: [\"d4\", \"e5\"] or \"d4 e5\"".to_string()
            ));
        }
    };
    let mut holes = SquareSet::EMPTY;
    for name in names {
        let Some(sq) = parse_square(&name) else {
            return Err(bad(format!(
                "`{name}` in holes is not a square from a1 to h8"
            )));
        };
        holes.insert(sq);
    }
    Ok(holes)
}

/// `"QRN"`: the pieces a pawn may become.
fn parse_promotion(value: &Spanned<String>) -> Result<[bool; 6], ConfigError> {
    let mut roles = [false; 6];
    for ch in value.get_ref().chars().filter(|c| !c.is_whitespace()) {
        match Role::from_letter(ch) {
            Some(Role::Pawn | Role::King) | None => {
                return Err((
                    at(value),
                    format!("`{ch}` in promotion is not a piece a pawn can become: use Q R B N"),
                ));
            }
            Some(role) => roles[role as usize] = true,
        }
    }
    Ok(roles)
}

impl Variant {
    fn from_config(c: &VariantConfig, known: &[Variant]) -> Result<Variant, ConfigError> {
        let name = c.game.get_ref().trim().to_string();
        let game_at = at(&c.game);
        if name.is_empty() {
            return Err((game_at, "a variant needs the name of its game".to_string()));
        }
        if crate::engine::Games::coded().find(&name).is_some() {
            return Err((
                game_at,
                format!("`{name}` is a game the engine knows; a variant cannot replace its rules"),
            ));
        }
        if known.iter().any(|v| slug(&v.name) == slug(&name)) {
            return Err((game_at, format!("`{name}` is configured twice")));
        }
        let mut set_aside = [0u8; 6];
        if let Some(s) = &c.set_aside {
            for ch in s.get_ref().chars().filter(|c| !c.is_whitespace()) {
                let Some(role) = Role::from_letter(ch) else {
                    return Err((
                        at(s),
                        format!("`{ch}` in set_aside is not a piece: use the letters P N B R Q"),
                    ));
                };
                if role == Role::King {
                    return Err((at(s), "set_aside cannot put a king away".to_string()));
                }
                set_aside[role as usize] += 1;
                if set_aside[role as usize] > ARMY[role as usize] {
                    return Err((
                        at(s),
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
        let (files, ranks) = match &c.board {
            None => ((0, 7), (1, 8)),
            Some(b) => parse_board(b)?,
        };
        let full = files == (0, 7) && ranks == (1, 8);
        let castling = match &c.castling {
            None => full,
            Some(v) if *v.get_ref() && !full => {
                return Err((
                    at(v),
                    "castling needs the full 8×8 board: the king and rooks start on e1, a1 and h1 (set castling = false)".to_string(),
                ));
            }
            Some(v) => *v.get_ref(),
        };
        let king_capture = match &c.king_capture {
            None => !c.check,
            Some(v) if !*v.get_ref() && !c.check => {
                return Err((
                    at(v),
                    "without check a king can be left attacked, so it is captured: king_capture cannot be false with check = false".to_string(),
                ));
            }
            Some(v) => *v.get_ref(),
        };
        let promotion = match &c.promotion {
            None => material::ORTHODOX_PROMOTION,
            Some(p) => parse_promotion(p)?,
        };
        let holes = match &c.holes {
            None => SquareSet::EMPTY,
            Some(h) => {
                let holes = parse_holes(h)?;
                let inside = |sq: Square| {
                    (files.0..=files.1).contains(&sq.file) && (ranks.0..=ranks.1).contains(&sq.rank)
                };
                if let Some(sq) = holes.into_iter().find(|&sq| !inside(sq)) {
                    return Err((at(h), format!("the hole {sq} is not on the board in play")));
                }
                holes
            }
        };
        if c.holes_swallow && holes.is_empty() {
            return Err((
                game_at,
                "holes_swallow = true needs holes for pieces to move into".to_string(),
            ));
        }
        Ok(Variant {
            name,
            span: game_at.unwrap_or_default(),
            check: c.check,
            king_capture,
            en_passant: c.en_passant && c.double_step,
            castling,
            double_step: c.double_step,
            promotion,
            set_aside,
            files,
            ranks,
            holes,
            holes_swallow: c.holes_swallow,
        })
    }

    /// Whether `sq` is in the rectangle in play (holes included).
    fn in_area(&self, sq: Square) -> bool {
        sq.is_on_board()
            && (self.files.0..=self.files.1).contains(&sq.file)
            && (self.ranks.0..=self.ranks.1).contains(&sq.rank)
    }

    /// Whether a piece may stand on `sq`.
    fn inside(&self, sq: Square) -> bool {
        self.in_area(sq) && !self.holes.contains(sq)
    }

    /// The ranks White's and Black's pawns start on.
    fn pawn_starts(&self) -> (u8, u8) {
        (self.ranks.0 + 1, self.ranks.1 - 1)
    }

    /// What a side may hold: its army less what it set aside, promoted
    /// pieces within its missing pawns.
    pub fn material(&self) -> MaterialRules {
        MaterialRules {
            kings: if self.king_capture {
                Kings::AtMostOne
            } else {
                Kings::ExactlyOne
            },
            max_pawns: ARMY[Role::Pawn as usize] - self.set_aside[Role::Pawn as usize],
            pawns_on_back_ranks: false,
            promotion: self.promotion.iter().any(|&p| p),
            set_aside: self.set_aside,
            ranks: self.ranks,
            promotes_to: self.promotion,
            // A piece that left through a hole may come back on any square.
            bishops_keep_colour: !self.holes_swallow,
        }
    }

    /// The board in play as a reader names it.
    fn squares(&self) -> String {
        let (f0, f1) = ((b'a' + self.files.0) as char, (b'a' + self.files.1) as char);
        let (w, h) = (
            self.files.1 - self.files.0 + 1,
            self.ranks.1 - self.ranks.0 + 1,
        );
        format!(
            "{w}×{h} board (files {f0}–{f1}, ranks {}–{})",
            self.ranks.0, self.ranks.1
        )
    }

    fn off_board(&self, sq: Square) -> String {
        if self.in_area(sq) {
            format!("{sq}, a square this game takes off the board")
        } else {
            format!("{sq}, outside this game's {}", self.squares())
        }
    }

    /// Whether the game's positions are chess positions a FEN states: on
    /// the whole board without holes.
    fn variant_fen_rules(&self) -> crate::engine::fen::FenRules<'_> {
        use crate::engine::fen::FenRules;
        if self.files != (0, 7) || self.ranks != (1, 8) {
            return FenRules::not(format!(
                "`{}` is played on the {}, not the whole 8×8 board",
                self.name,
                self.squares()
            ));
        }
        if !self.holes.is_empty() {
            return FenRules::not(format!(
                "`{}` takes {} off the board, which a FEN cannot show",
                self.name,
                self.hole_names()
            ));
        }
        FenRules::Chess {
            steps: Box::new(VariantSteps { variant: self }),
            castling: if self.castling {
                crate::engine::chess::CastlingInference::Standard
            } else {
                crate::engine::chess::CastlingInference::None
            },
        }
    }

    /// Checks one diagram of the game.
    fn check_variant_board(&self, board: &BoardDiagram, out: &mut Vec<Finding>) {
        let before = out.len();
        for (sq, p) in board.board.pieces() {
            if !self.inside(sq) {
                out.push(
                    Finding::error(
                        BOARD,
                        board.square_span(sq),
                        format!("a {} on {}", p.name(), self.off_board(sq)),
                    )
                    .with_help(format!(
                        "`{}` is played on the {}{}",
                        self.name,
                        self.squares(),
                        if self.holes.is_empty() {
                            String::new()
                        } else {
                            format!(" less {}", self.hole_names())
                        }
                    )),
                );
            }
        }
        let arrows = common::move_arrows(board);
        for a in &arrows {
            let swallowed = |s: Square| self.holes_swallow && self.holes.contains(s) && s == a.to;
            if let Some(sq) = [a.from, a.to]
                .into_iter()
                .find(|&s| !self.inside(s) && !swallowed(s))
            {
                out.push(Finding::error(
                    BOARD,
                    a.span,
                    format!("this arrow reaches {}", self.off_board(sq)),
                ));
            }
        }
        if out.len() > before {
            return;
        }
        material::check(board, &self.material(), out);
        if self.king_capture
            && king(&board.board, Color::White).is_none()
            && king(&board.board, Color::Black).is_none()
        {
            out.push(
                Finding::error(
                    material::RULE,
                    material::board_span(board),
                    "neither side has a king, but the game ends when the first king is captured",
                )
                .with_help(
                    "a board of this game holds both kings, or one after the game's last move",
                ),
            );
            return;
        }
        let state = State::new(board.board.clone());
        let steps = VariantSteps { variant: self };
        let Some(plan) = common::check_moves(board, &state, &arrows, &steps, out) else {
            return;
        };
        if self.check && !self.king_capture {
            let to_move = common::side_to_move(&arrows, &plan);
            common::check_turn(board, &state, to_move, &|s, c| self.in_check(s, c), out);
        }
        if self.check && self.king_capture {
            self.check_proposed(&state, &arrows, &plan.proposed, &steps, out);
        }
    }

    /// Where kings are captured but moves are legal chess moves: each
    /// proposed move, played on from the diagram, may not leave the
    /// mover's king attacked, unless it takes the other king.
    fn check_proposed(
        &self,
        state: &State,
        arrows: &[&crate::diagram::Arrow],
        proposed: &[usize],
        steps: &VariantSteps,
        out: &mut Vec<Finding>,
    ) {
        let mut state = state.clone();
        for &i in proposed {
            let a = arrows[i];
            let Some(color) = replay::arrow_color(a) else {
                continue;
            };
            let Ok(afters) = steps.step(&state, a.from, a.to, color) else {
                return;
            };
            let safe = afters
                .iter()
                .find(|s| king(&s.board, color.other()).is_none() || !self.in_check(s, color));
            let Some(next) = safe.or(afters.first()).cloned() else {
                return;
            };
            if safe.is_none() {
                let who = state
                    .piece(a.from)
                    .map_or("the piece".to_string(), |p| format!("the {}", p.name()));
                out.push(Finding::error(
                    common::ARROW,
                    a.span,
                    format!(
                        "{who} on {} cannot move to {}: it would leave the {} king in check",
                        a.from,
                        a.to,
                        color.name()
                    ),
                ));
            }
            state = next;
        }
    }

    fn hole_names(&self) -> String {
        let names: Vec<String> = self.holes.into_iter().map(|s| s.to_string()).collect();
        names.join(", ")
    }

    /// Whether one piece, removed after the move that made `after`, can
    /// have shielded `color`'s king from every attack on it: each attacker
    /// a rook, bishop or queen with an empty square between, one square
    /// common to all of them, and not a square the move left.
    fn removal_explains(&self, after: &State, color: Color, vacated: &[Square]) -> bool {
        let Some(k) = king(&after.board, color) else {
            return true;
        };
        let mut shields: Option<Vec<Square>> = None;
        for (from, p) in after.board.pieces().filter(|(_, p)| p.color != color) {
            if !self
                .reach(after, from, p, true)
                .iter()
                .any(|&(to, _)| to == k)
            {
                continue;
            }
            if !matches!(p.role, Role::Bishop | Role::Rook | Role::Queen) {
                return false;
            }
            let (df, dr) = (
                (k.file as i8 - from.file as i8).signum(),
                (k.rank as i8 - from.rank as i8).signum(),
            );
            let mut between = Vec::new();
            let mut at = from;
            while let Some(next) = Variant::offset(at, df, dr) {
                if next == k {
                    break;
                }
                if !vacated.contains(&next) {
                    between.push(next);
                }
                at = next;
            }
            shields = Some(match shields {
                None => between,
                Some(common) => common.into_iter().filter(|s| between.contains(s)).collect(),
            });
        }
        shields.is_none_or(|common| !common.is_empty())
    }

    /// Whether `color`'s king stands attacked on the board in play.
    fn in_check(&self, state: &State, color: Color) -> bool {
        king(&state.board, color).is_some_and(|k| self.attacked(state, k, color.other()))
    }

    /// Whether a piece of `by` attacks `target`.
    fn attacked(&self, state: &State, target: Square, by: Color) -> bool {
        state.board.pieces().any(|(from, p)| {
            p.color == by
                && self
                    .reach(state, from, p, true)
                    .iter()
                    .any(|&(to, _)| to == target)
        })
    }

    /// The square `d` steps from `from`, if it is on the 8×8 board.
    fn offset(from: Square, df: i8, dr: i8) -> Option<Square> {
        let f = u8::try_from(from.file as i8 + df).ok()?;
        let r = u8::try_from(from.rank as i8 + dr).ok()?;
        let sq = Square::new(f, r);
        sq.is_on_board().then_some(sq)
    }

    /// Where the piece `p` on `from` may go (or, with `attacks`, what it
    /// attacks), each with whether it ends in a hole. Pawns' quiet moves
    /// and castling are in [`VariantSteps::moves`].
    fn reach(&self, state: &State, from: Square, p: Piece, attacks: bool) -> Vec<(Square, bool)> {
        let mut out = Vec::new();
        // A step onto `to`: a hole swallows a piece that is not a king,
        // where the game says so; otherwise only squares in play count.
        let land = |to: Square, out: &mut Vec<(Square, bool)>| -> bool {
            if self.holes.contains(to) {
                if self.holes_swallow && p.role != Role::King && self.in_area(to) && !attacks {
                    out.push((to, true));
                }
                return false;
            }
            if !self.inside(to) {
                return false;
            }
            match state.piece(to) {
                Some(q) if q.color == p.color => false,
                Some(_) => {
                    out.push((to, false));
                    false
                }
                None => {
                    out.push((to, false));
                    true
                }
            }
        };
        const QUEEN: [(i8, i8); 8] = [
            (1, 0),
            (-1, 0),
            (0, 1),
            (0, -1),
            (1, 1),
            (1, -1),
            (-1, 1),
            (-1, -1),
        ];
        let (dirs, slides): (&[(i8, i8)], bool) = match p.role {
            Role::King => (&QUEEN, false),
            Role::Knight => (&KNIGHT_STEPS, false),
            Role::Bishop => (&QUEEN[4..], true),
            Role::Rook => (&QUEEN[..4], true),
            Role::Queen => (&QUEEN, true),
            Role::Pawn => (&[], false),
        };
        for &(df, dr) in dirs {
            let mut at = from;
            while let Some(next) = Variant::offset(at, df, dr) {
                if !land(next, &mut out) || !slides {
                    break;
                }
                at = next;
            }
        }
        if p.role == Role::Pawn {
            let dr = if p.color == Color::White { 1 } else { -1 };
            for df in [-1, 1] {
                let Some(to) = Variant::offset(from, df, dr).filter(|&s| self.inside(s)) else {
                    continue;
                };
                match state.piece(to) {
                    Some(q) if q.color != p.color => out.push((to, false)),
                    None if attacks => out.push((to, false)),
                    _ => {}
                }
            }
        }
        out
    }
}

/// The square of `color`'s king, if it has one.
fn king(board: &crate::diagram::Board, color: Color) -> Option<Square> {
    board
        .pieces()
        .find(|(_, p)| *p == Piece::new(color, Role::King))
        .map(|(s, _)| s)
}

/// A move of the variant, played onto a state.
#[derive(Clone, Copy, Debug)]
struct VariantMove {
    from: Square,
    to: Square,
    /// The piece that ends on `to` (a promoted pawn's new piece).
    becomes: Piece,
    /// Whether the piece falls into a hole and leaves the board.
    swallowed: bool,
    /// The pawn taken en passant.
    en_passant: Option<Square>,
    /// The square a double step skipped.
    skipped: Option<Square>,
    /// The rook's move when castling.
    rook: Option<(Square, Square)>,
}

impl VariantMove {
    /// The squares the move leaves empty, where no piece can have stood
    /// just after it.
    fn vacated(&self) -> Vec<Square> {
        [
            Some(self.from),
            self.en_passant,
            self.rook.map(|(from, _)| from),
        ]
        .into_iter()
        .flatten()
        .collect()
    }
}

/// Moves within the variant's board and switches.
struct VariantSteps<'a> {
    variant: &'a Variant,
}

impl VariantSteps<'_> {
    /// Every move of the piece on `from` (of `color`) to `to`.
    fn moves(&self, state: &State, from: Square, to: Square, color: Color) -> Vec<VariantMove> {
        let v = self.variant;
        let Some(p) = state.piece(from).filter(|p| p.color == color) else {
            return Vec::new();
        };
        let plain = |to: Square, swallowed: bool| VariantMove {
            from,
            to,
            becomes: p,
            swallowed,
            en_passant: None,
            skipped: None,
            rook: None,
        };
        let mut out: Vec<VariantMove> = Vec::new();
        if p.role != Role::Pawn {
            out.extend(
                v.reach(state, from, p, false)
                    .into_iter()
                    .filter(|&(t, _)| t == to)
                    .map(|(t, swallowed)| plain(t, swallowed)),
            );
            if p.role == Role::King && v.castling {
                out.extend(self.castling(state, from, to, color));
            }
            return out;
        }
        let dr: i8 = if color == Color::White { 1 } else { -1 };
        let (white_start, black_start) = v.pawn_starts();
        let start = if color == Color::White {
            white_start
        } else {
            black_start
        };
        let last = if color == Color::White {
            v.ranks.1
        } else {
            v.ranks.0
        };
        let mut found: Vec<VariantMove> = Vec::new();
        let open = |s: Square| v.inside(s) && state.piece(s).is_none();
        let hole = |s: Square| v.holes_swallow && v.holes.contains(s);
        if let Some(one) = Variant::offset(from, 0, dr) {
            if open(one) {
                found.push(plain(one, false));
                if v.double_step
                    && from.rank == start
                    && let Some(two) = Variant::offset(from, 0, 2 * dr)
                {
                    if open(two) {
                        found.push(VariantMove {
                            skipped: Some(one),
                            ..plain(two, false)
                        });
                    } else if hole(two) {
                        found.push(plain(two, true));
                    }
                }
            } else if hole(one) {
                found.push(plain(one, true));
            }
        }
        for (t, swallowed) in v.reach(state, from, p, false) {
            found.push(plain(t, swallowed));
        }
        if v.en_passant
            && let Some(ep) = state.en_passant
            && ep.rank as i8 == from.rank as i8 + dr
            && ep.file.abs_diff(from.file) == 1
            && state.piece(ep).is_none()
        {
            let victim = replay::en_passant_victim(from, ep);
            if state.piece(victim) == Some(Piece::new(color.other(), Role::Pawn)) {
                found.push(VariantMove {
                    en_passant: Some(victim),
                    ..plain(ep, false)
                });
            }
        }
        for m in found.into_iter().filter(|m| m.to == to) {
            if m.to.rank == last && !m.swallowed {
                for role in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
                    if v.promotion[role as usize] {
                        out.push(VariantMove {
                            becomes: Piece::new(color, role),
                            ..m
                        });
                    }
                }
            } else {
                out.push(m);
            }
        }
        out
    }

    /// Castling on the full board, its rights read from the squares: the
    /// king on e1 (e8) and the rook in its corner.
    fn castling(&self, state: &State, from: Square, to: Square, color: Color) -> Vec<VariantMove> {
        let v = self.variant;
        let back = if color == Color::White { 1 } else { 8 };
        if from != Square::new(4, back) || to.rank != back {
            return Vec::new();
        }
        let (corner, rook_to, passes): (u8, u8, &[u8]) = match to.file {
            6 => (7, 5, &[5, 6]),
            2 => (0, 3, &[1, 2, 3]),
            _ => return Vec::new(),
        };
        let corner = Square::new(corner, back);
        if state.piece(corner) != Some(Piece::new(color, Role::Rook)) {
            return Vec::new();
        }
        let between = passes.iter().map(|&f| Square::new(f, back));
        if between
            .clone()
            .any(|s| state.piece(s).is_some() || !v.inside(s))
        {
            return Vec::new();
        }
        if v.check {
            // The king may not castle out of, through or into check.
            let crossed = [from, Square::new(rook_to, back), to];
            if crossed.iter().any(|&s| v.attacked(state, s, color.other())) {
                return Vec::new();
            }
        }
        vec![VariantMove {
            from,
            to,
            becomes: Piece::new(color, Role::King),
            swallowed: false,
            en_passant: None,
            skipped: None,
            rook: Some((corner, Square::new(rook_to, back))),
        }]
    }

    fn play(&self, state: &State, m: &VariantMove) -> State {
        let mut s = state.clone();
        let ring = s.ring(m.from);
        s.board.set(m.from, None);
        s.set_ring(m.from, None);
        if let Some(victim) = m.en_passant {
            s.board.set(victim, None);
            s.set_ring(victim, None);
        }
        if m.swallowed {
            s.set_ring(m.to, None);
        } else {
            s.board.set(m.to, Some(m.becomes));
            s.set_ring(m.to, ring);
        }
        if let Some((rook_from, rook_to)) = m.rook {
            let rook = s.piece(rook_from);
            let rook_ring = s.ring(rook_from);
            s.board.set(rook_from, None);
            s.set_ring(rook_from, None);
            s.board.set(rook_to, rook);
            s.set_ring(rook_to, rook_ring);
        }
        s.en_passant = if self.variant.en_passant {
            m.skipped
        } else {
            None
        };
        s
    }

    /// Why no move of the variant goes from `from` to `to`.
    fn explain(&self, state: &State, from: Square, to: Square, color: Color) -> String {
        let v = self.variant;
        let Some(p) = state.piece(from) else {
            return format!("there is no piece on {from} to move to {to}");
        };
        let who = format!("the {} on {from}", p.name());
        if p.role == Role::Pawn
            && from.file == to.file
            && to.rank.abs_diff(from.rank) == 2
            && !v.double_step
        {
            return format!(
                "{who} cannot move two squares: pawns in this game never make a double step"
            );
        }
        if p.role == Role::King
            && from.file.abs_diff(to.file) == 2
            && from.rank == to.rank
            && !v.castling
        {
            return format!("{who} cannot castle: this game has no castling");
        }
        if v.holes.contains(to) {
            return if p.role == Role::King && v.holes_swallow {
                format!("{who} cannot move to {to}: a king may not enter a hole")
            } else {
                format!("{who} cannot move to {to}: {to} is not part of this game's board")
            };
        }
        // A hole on the way blocks a slider or a double step.
        let (df, dr) = (
            to.file as i8 - from.file as i8,
            to.rank as i8 - from.rank as i8,
        );
        if (df == 0 || dr == 0 || df.abs() == dr.abs()) && df.abs().max(dr.abs()) > 1 {
            let (sf, sr) = (df.signum(), dr.signum());
            let mut at = from;
            while let Some(next) = Variant::offset(at, sf, sr) {
                if next == to {
                    break;
                }
                if v.holes.contains(next) {
                    return format!("{who} cannot reach {to}: the hole on {next} is in the way");
                }
                at = next;
            }
        }
        if p.role == Role::Pawn
            && to.rank
                == if color == Color::White {
                    v.ranks.1
                } else {
                    v.ranks.0
                }
            && !v.promotion.iter().any(|&x| x)
        {
            return format!("{who} cannot reach {to}: a pawn cannot promote in this game");
        }
        let rules = crate::engine::chess::Rules {
            king_safety: false,
            en_passant: v.en_passant,
            castling: v.castling,
            castle_through_attack: !v.check,
            ..crate::engine::chess::Rules::STANDARD
        };
        let pos = replay::position(
            state,
            color,
            &rules,
            crate::engine::chess::CastlingInference::Standard,
        );
        replay::explain(&pos, from, to, color, &rules)
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
        if !v.inside(from) || !(v.inside(to) || v.holes_swallow && v.holes.contains(to)) {
            return Err(format!("{from}–{to} leaves this game's {}", v.squares()));
        }
        if v.king_capture {
            for c in [Color::White, Color::Black] {
                if king(&state.board, c).is_none() {
                    return Err(format!(
                        "the game is over: it ends when a king is captured, and the {} king is gone",
                        c.name()
                    ));
                }
            }
        }
        let moves = self.moves(state, from, to, color);
        if moves.is_empty() {
            return Err(self.explain(state, from, to, color));
        }
        let afters: Vec<State> = moves
            .iter()
            .map(|m| self.play(state, m))
            .zip(&moves)
            .filter(|(s, m)| {
                // A move may not leave its own king attacked. Where kings
                // are captured, taking the other king ends the game
                // whatever it leaves attacked, and a piece removed after a
                // made move may have exposed it (proposed moves are held
                // to the rule in `check_proposed`).
                !v.check
                    || !v.in_check(s, color)
                    || (v.king_capture
                        && (king(&s.board, color.other()).is_none()
                            || v.removal_explains(s, color, &m.vacated())))
            })
            .map(|(s, _)| s)
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

    fn befores(&self, after: &State, from: Square, to: Square, color: Color) -> Vec<State> {
        let v = self.variant;
        if v.holes_swallow && v.holes.contains(to) {
            // The piece fell into the hole: any of the mover's but a king.
            if after.piece(from).is_some() {
                return Vec::new();
            }
            return [
                Role::Pawn,
                Role::Knight,
                Role::Bishop,
                Role::Rook,
                Role::Queen,
            ]
            .into_iter()
            .map(|role| {
                let mut s = after.clone();
                s.en_passant = None;
                s.board.set(from, Some(Piece::new(color, role)));
                s
            })
            .collect();
        }
        let mut out = replay::default_befores(after, from, to, color);
        // On a cut-down board a pawn promotes on the board's last rank,
        // which the orthodox reading does not know.
        let last = if color == Color::White {
            v.ranks.1
        } else {
            v.ranks.0
        };
        if to.rank == last
            && !(last == 8 && color == Color::White || last == 1 && color == Color::Black)
            && after
                .piece(to)
                .is_some_and(|p| p.color == color && v.promotion[p.role as usize])
        {
            let mut pawn_after = after.clone();
            pawn_after
                .board
                .set(to, Some(Piece::new(color, Role::Pawn)));
            out.extend(replay::default_befores(&pawn_after, from, to, color));
        }
        out
    }

    fn en_passant(&self) -> bool {
        self.variant.en_passant
    }

    fn pawn_starts(&self) -> (u8, u8) {
        self.variant.pawn_starts()
    }

    fn material(&self) -> MaterialRules {
        self.variant.material()
    }
}

/// A configured game checks its section like a coded one.
impl Game for Variant {
    fn name(&self) -> &str {
        &self.name
    }

    fn fen_rules(&self) -> crate::engine::fen::FenRules<'_> {
        self.variant_fen_rules()
    }

    fn check_board(&self, _cx: &DiagramContext, board: &BoardDiagram, out: &mut Vec<Finding>) {
        self.check_variant_board(board, out);
    }
}
