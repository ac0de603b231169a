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
//!
//! A table's problems are all reported in one run, each at the switch (or
//! the item of a `holes` list) it is about, with its value quoted and a
//! help line; a misspelt piece letter, square or board gets a "did you
//! mean" and a quick fix. A switch that depends on a broken one (castling
//! or a hole on a board that does not read) is not judged. A table with a
//! problem configures nothing.

mod config;
mod moves;
mod pieces;
mod setup;
mod switches;

use std::sync::Arc;

pub use config::{Problem, SquareList, VariantConfig};
use moves::{VariantSteps, king};
use pieces::PieceMoves;
use setup::Setup;
use switches::{Deadly, Transparent, TurnMove};
use toml::Spanned;

use crate::book::slug;
use crate::diagnostic::Diagnostic;
use crate::diagram::{BoardDiagram, Color, Piece, Role, Square};
use crate::engine::chess::SquareSet;
use crate::engine::games::common;
use crate::engine::material::{self, Kings, MaterialRules};
use crate::engine::replay::{self, State, StepRules};
use crate::engine::{DiagramContext, Finding, Game};
use crate::source::{SourceFile, Span};

/// The rule a piece or an arrow off the board in play breaks.
pub const BOARD: &str = "board";
/// The words every refusal of a move after a piece's arrival starts with.
const REACHED: &str = "the game is over: it is won when";

/// The rule a move after a king's capture breaks.
pub const GAME_OVER: &str = "game-over";

/// One `[[variant]]` table as written.
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
    /// Whether the king is royal (`royal = "K"`); `false`: an ordinary
    /// piece, taken like any other, whose loss does not end the game.
    pub royal: bool,
    /// `win = ["reach-rank"]`: the game is won when a piece of these roles
    /// reaches its far rank, and no move follows.
    pub reach_rank: Option<[bool; 6]>,
    /// The start: armies, kings', rooks' and pawns' start squares, the
    /// pawns' direction.
    pub setup: Setup,
    /// Whose pieces each move of a turn moves: one own move in chess.
    pub turn: Vec<TurnMove>,
    pub pass: bool,
    /// Pieces that move otherwise than chess's, in Betza notation.
    pub pieces: PieceMoves,
    /// A piece off the board may come back on an empty square.
    pub reinsert: bool,
    /// It comes back as a piece of lesser value (Hades Chess).
    pub demoted: bool,
    /// Pawns eliminate enemy pieces near them at once.
    pub deadly: Option<Deadly>,
    /// A moving piece drags the friendly piece this step from it along.
    pub drag: Option<switches::Step>,
    /// The roles that may also jump like a checker.
    pub jumpers: [bool; 6],
    /// A piece never takes where it lands, but on the square as far the
    /// other way (Cross-eyed Chess).
    pub cross_eyed: bool,
    /// A piece may capture one of its own side (not its king).
    pub capture_own: bool,
    /// The roles that promote on reaching their last rank.
    pub promoting: [bool; 6],
    /// The pieces a rook, bishop or queen may move through.
    pub transparent: Option<Transparent>,
    /// A piece moves only with a friendly piece orthogonally beside it,
    /// unless no such piece can move.
    pub companion: bool,
}

/// The configured games, found by their section's title.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Variants {
    list: Vec<Variant>,
    /// Each variant's anchor, made once: every heading of a book is
    /// looked up.
    keys: Vec<String>,
}

impl Variants {
    /// No configured games.
    pub const EMPTY: Variants = Variants {
        list: Vec::new(),
        keys: Vec::new(),
    };

    /// Checks the `[[variant]]` tables; each problem of each table is an
    /// error at the switch it is about. A table with a problem configures
    /// nothing.
    pub fn from_config(
        tables: &[Spanned<VariantConfig>],
        source: Option<&Arc<SourceFile>>,
        diags: &mut Vec<Diagnostic>,
    ) -> Variants {
        let mut list: Vec<Variant> = Vec::new();
        for (i, table) in tables.iter().enumerate() {
            let earlier: Vec<&str> = tables[..i]
                .iter()
                .map(|t| t.get_ref().game.get_ref().as_str())
                .collect();
            match Variant::from_config(table.get_ref(), &earlier) {
                Ok(v) => list.push(v),
                Err(mut problems) => {
                    let Some(src) = source else { continue };
                    problems.sort_by_key(|p| p.span.start);
                    for p in problems {
                        let mut d = Diagnostic::error(src, p.span, p.message);
                        if let Some(help) = p.help {
                            d = d.with_help(help);
                        }
                        if let Some(fix) = p.fix {
                            d = d.with_fix(fix);
                        }
                        diags.push(d);
                    }
                }
            }
        }
        let keys = list.iter().map(|v| slug(&v.name)).collect();
        Variants { list, keys }
    }

    /// The variant a section title names. Which game checks a section is
    /// [`crate::engine::Games::for_section`]'s answer; this is its half for
    /// configured games.
    pub fn find(&self, title: &str) -> Option<&Variant> {
        let key = slug(title);
        let i = self.keys.iter().position(|k| *k == key)?;
        self.list.get(i)
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
pub const ARMY: [u8; 6] = crate::engine::material::CHESS_ARMY;

impl Variant {
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

    /// The ranks White's and Black's pawns start on (for pawns going up
    /// and down: the replay's en passant reading).
    fn pawn_starts(&self) -> (u8, u8) {
        let line =
            |i: usize, default: u8| self.setup.pawn_lines[i].first().copied().unwrap_or(default);
        (line(0, self.ranks.0 + 1), line(1, self.ranks.1 - 1))
    }

    /// The line a piece of `color` promotes on, or wins by reaching: the
    /// far edge of the board in play, the way its pawns go.
    fn last_line(&self, color: Color) -> u8 {
        match self.setup.forward[setup::side(color)] {
            (0, 1) => self.ranks.1,
            (0, _) => self.ranks.0,
            (1, _) => self.files.1,
            _ => self.files.0,
        }
    }

    /// The far rank (or file) of `color`, as a reader names it.
    fn line_name(&self, color: Color) -> String {
        let line = self.last_line(color);
        match self.setup.forward[setup::side(color)] {
            (0, _) => format!("rank {line}"),
            _ => format!("the {}-file", (b'a' + line) as char),
        }
    }

    /// `win = ["reach-rank"]`: why no move may follow in `state`, where a
    /// piece has reached its far rank and so ended the game.
    fn reached_far_rank(&self, state: &State) -> Option<String> {
        let roles = self.reach_rank?;
        let (sq, p) = state.board.pieces().find(|&(sq, p)| {
            roles[p.role as usize]
                && setup::along(sq, self.setup.forward[setup::side(p.color)])
                    == self.last_line(p.color)
        })?;
        let named: Vec<&str> = Role::ALL
            .into_iter()
            .filter(|&r| roles[r as usize])
            .map(Role::name)
            .collect();
        let which = if named.len() == Role::ALL.len() {
            "a piece".to_string()
        } else {
            format!("a {}", named.join(" or a "))
        };
        Some(format!(
            "{REACHED} {which} reaches its far rank, and the {} on {sq} has reached {}",
            p.name(),
            self.line_name(p.color)
        ))
    }

    /// Whether both sides' pawns go up and down the board, as in chess.
    fn pawns_upright(&self) -> bool {
        self.setup.forward == [switches::UP, switches::DOWN]
    }

    /// What a side may hold: its army (less what it set aside), promoted
    /// pieces within its missing pawns.
    pub fn material(&self) -> MaterialRules {
        let army = self.setup.largest_army();
        let pawn = Role::Pawn as usize;
        MaterialRules {
            kings: if self.king_capture
                || !self.royal
                || self.setup.army.iter().any(|a| a[Role::King as usize] == 0)
            {
                Kings::AtMostOne
            } else {
                Kings::ExactlyOne
            },
            // A piece that comes back demoted may come back as a pawn.
            max_pawns: if self.demoted {
                army[..5].iter().sum()
            } else {
                army[pawn]
            },
            // A pawn going sideways, or one that may step back, may stand
            // on the first and last ranks; its own lines are checked in
            // `check_pawn_lines`.
            pawns_on_back_ranks: !self.pawns_upright()
                || self.pieces[pawn].is_some()
                || (0..2).any(|i| self.setup.pawns_on_first_line(i))
                || self.reach_rank.is_some_and(|r| r[pawn]),
            promotion: self.promoting[pawn] && self.promotion.iter().any(|&p| p),
            set_aside: [0; 6],
            ranks: self.ranks,
            promotes_to: self.promotion,
            // A piece that left through a hole, or comes back, may stand on
            // any square; a bishop that moves otherwise may change colour.
            bishops_keep_colour: !self.holes_swallow
                && !self.reinsert
                && self.setup.bishops_paired
                && self.pieces[Role::Bishop as usize].is_none(),
            army,
            pieces_promote: self.promoting[1..5].iter().any(|&p| p) || self.demoted,
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
        if !self.pawns_upright() || self.pieces.iter().any(Option::is_some) {
            return FenRules::not(format!(
                "`{}` has pieces that move otherwise than chess's, which a FEN does not say",
                self.name
            ));
        }
        // A FEN's castling rights are read from the corners and the e-file.
        let corners = (0..2).all(|i| {
            let back = if i == 0 { 1 } else { 8 };
            self.setup.king[i] == Some(Square::new(4, back))
                && self.setup.rooks[i] == [Square::new(0, back), Square::new(7, back)]
        });
        FenRules::Chess {
            steps: Box::new(VariantSteps { variant: self }),
            castling: if self.castling && corners {
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
        self.check_pawn_lines(board, out);
        if self.demoted {
            self.check_demoted(board, out);
        }
        let doomed_before = out.len();
        for (sq, pawn) in self.doomed(&State::new(board.board.clone())) {
            let (Some(p), Some(q)) = (board.board.get(sq), board.board.get(pawn)) else {
                continue;
            };
            out.push(Finding::error(
                material::RULE,
                board.square_span(sq),
                format!(
                    "the {} on {sq} stands where the {} on {pawn} eliminates it at once",
                    p.name(),
                    q.name()
                ),
            ));
        }
        if out.len() > doomed_before {
            // No move can leave such a position: the arrows are not read.
            return;
        }
        if self.reach_rank.is_some() {
            let reached: Vec<Color> = [Color::White, Color::Black]
                .into_iter()
                .filter(|&c| {
                    let mut only = board.board.clone();
                    for (sq, p) in board.board.pieces() {
                        if p.color != c {
                            only.set(sq, None);
                        }
                    }
                    self.reached_far_rank(&State::new(only)).is_some()
                })
                .collect();
            if reached.len() == 2 {
                out.push(
                    Finding::error(
                        GAME_OVER,
                        material::board_span(board),
                        "both sides have a piece on its far rank, but the game ended when the first one arrived",
                    )
                    .with_help("a board of this game shows at most one side's piece on its far rank"),
                );
                return;
            }
        }
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
        let replayed = out.len();
        let plan = common::check_moves(board, &state, &arrows, &steps, out);
        crate::engine::games::king_capture::explain(&mut out[replayed..]);
        for f in &mut out[replayed..] {
            if f.message.starts_with(REACHED) && f.help.is_none() {
                f.help = Some(
                    "a diagram may show the arrival as its last move, but no move of either side follows it"
                        .to_string(),
                );
            }
        }
        for f in &mut out[replayed..] {
            if f.message.contains("in this game a pawn promotes only to") && f.help.is_none() {
                f.help = Some(format!(
                    "draw the promoted pawn as {}: `promotion` in the game's settings says what a pawn may become",
                    self.promotion_names()
                ));
            }
        }
        let Some(plan) = plan else {
            return;
        };
        if self.check && !self.king_capture && self.turn.len() == 1 {
            let to_move = common::side_to_move(&arrows, &plan);
            common::check_turn(board, &state, to_move, &|s, c| self.in_check(s, c), out);
        }
        if self.check && self.turn.len() > 1 {
            self.check_turn_end(board, &state, &arrows, &plan, &steps, out);
        }
        if self.check && self.king_capture {
            self.check_proposed(&state, &arrows, &plan.proposed, &steps, out);
        }
    }

    /// A pawn where its side's pawns can never stand: on the line behind
    /// their start (the board's edge they come from) or the line they
    /// promote on. For pawns that go up and down as in chess the material
    /// check says so; this is for pawns that go sideways.
    fn check_pawn_lines(&self, board: &BoardDiagram, out: &mut Vec<Finding>) {
        let first_lines = (0..2).any(|i| self.setup.pawns_on_first_line(i));
        if self.pawns_upright() && !first_lines || self.pieces[Role::Pawn as usize].is_some() {
            return;
        }
        for (sq, p) in board.board.pieces().filter(|(_, p)| p.role == Role::Pawn) {
            let i = setup::side(p.color);
            let forward = self.setup.forward[i];
            let here = setup::along(sq, forward);
            let last = self.last_line(p.color);
            let first = match forward {
                (0, 1) => self.ranks.0,
                (0, _) => self.ranks.1,
                (1, _) => self.files.0,
                _ => self.files.1,
            };
            let message = if here == first && !self.setup.pawns_on_first_line(i) {
                format!(
                    "a {} pawn on {sq}, behind where {}'s pawns start: a pawn never moves backwards",
                    p.color.name(),
                    common::side_name(p.color)
                )
            } else if here == last
                && self.promoting[Role::Pawn as usize]
                && self.promotion.iter().any(|&x| x)
                && !self.reach_rank.is_some_and(|r| r[Role::Pawn as usize])
            {
                format!(
                    "a {} pawn on {sq}, on {}, where it is promoted at once",
                    p.color.name(),
                    self.line_name(p.color)
                )
            } else {
                continue;
            };
            out.push(Finding::error(
                material::RULE,
                board.square_span(sq),
                message,
            ));
        }
    }

    /// Hades Chess: a piece beyond the army came back demoted, so it
    /// stands for a missing piece of higher value (a queen for a third
    /// rook, a knight for a ninth pawn), or for a promoted pawn.
    fn check_demoted(&self, board: &BoardDiagram, out: &mut Vec<Finding>) {
        let ladder = [
            Role::Queen,
            Role::Rook,
            Role::Bishop,
            Role::Knight,
            Role::Pawn,
        ];
        for color in [Color::White, Color::Black] {
            let army = self.setup.army[setup::side(color)];
            let on: Vec<(Square, Piece)> = board
                .board
                .pieces()
                .filter(|(_, p)| p.color == color)
                .collect();
            let count = |r: Role| on.iter().filter(|(_, p)| p.role == r).count();
            let pawn = Role::Pawn as usize;
            let mut promoted = usize::from(army[pawn]).saturating_sub(count(Role::Pawn));
            let mut demoted = 0usize;
            for role in ladder {
                let (have, had) = (count(role), usize::from(army[role as usize]));
                if have <= had {
                    demoted += had - have;
                    continue;
                }
                let mut extra = have - had;
                let from_above = extra.min(demoted);
                demoted -= from_above;
                extra -= from_above;
                if role != Role::Pawn {
                    let from_pawns = extra.min(promoted);
                    promoted -= from_pawns;
                    extra -= from_pawns;
                }
                if extra > 0 {
                    let sq = on
                        .iter()
                        .rev()
                        .find(|(_, p)| p.role == role)
                        .map(|(s, _)| *s);
                    let span = sq.map_or(material::board_span(board), |s| board.square_span(s));
                    out.push(Finding::error(
                        material::RULE,
                        span,
                        format!(
                            "{} has {have} {}s, {} more than its army: a piece comes back only as one of lesser value, and too few pieces above it are missing",
                            common::side_name(color),
                            role.name(),
                            have - had
                        ),
                    ));
                    break;
                }
            }
        }
    }

    /// A turn of several moves: the side whose turn the diagram's last
    /// moves complete may not end it with its king attacked (between the
    /// moves of a turn it may).
    fn check_turn_end(
        &self,
        board: &BoardDiagram,
        state: &State,
        arrows: &[&crate::diagram::Arrow],
        plan: &replay::Plan,
        steps: &VariantSteps,
        out: &mut Vec<Finding>,
    ) {
        // A diagram that mixes made and proposed arrows may be read so
        // that its moves end elsewhere than this reading's order: not
        // judged (no legal diagram is refused for one reading's order).
        if self.turn.contains(&TurnMove::Other)
            || !plan.made.is_empty() && !plan.proposed.is_empty()
        {
            return;
        }
        let mut end = state.clone();
        for &i in &plan.proposed {
            let a = arrows[i];
            let Some(color) = replay::arrow_color(a) else {
                return;
            };
            match steps.step(&end, a.from, a.to, color) {
                Ok(afters) => match afters.into_iter().next() {
                    Some(next) => end = next,
                    None => return,
                },
                Err(_) => return,
            }
        }
        let order: Vec<usize> = plan.made.iter().chain(&plan.proposed).copied().collect();
        let Some(&last) = order.last() else {
            return;
        };
        let Some(color) = replay::arrow_color(arrows[last]) else {
            return;
        };
        let run = order
            .iter()
            .rev()
            .take_while(|&&i| replay::arrow_color(arrows[i]) == Some(color))
            .count();
        if run < self.turn.len() || !self.in_check(&end, color) {
            return;
        }
        let span = king(&end.board, color)
            .filter(|&k| state.piece(k).is_some())
            .map_or(arrows[last].span, |k| board.square_span(k));
        out.push(
            Finding::error(
                common::CHECK,
                span,
                format!(
                    "the {} king is in check at the end of {}'s turn of {} moves",
                    color.name(),
                    common::side_name(color),
                    self.turn.len()
                ),
            )
            .with_help(
                "between the moves of a turn a king may stand in check, but not when the turn ends",
            ),
        );
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

    /// "a queen, a rook or a knight": what a pawn may become.
    fn promotion_names(&self) -> String {
        let names: Vec<String> = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight]
            .into_iter()
            .filter(|&r| self.promotion[r as usize])
            .map(|r| format!("a {}", r.name()))
            .collect();
        match names.as_slice() {
            [] => "nothing".to_string(),
            [one] => one.clone(),
            [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
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
        if self.cross_eyed {
            return state.board.pieces().any(|(from, p)| {
                p.color == by && self.cross_eyed_landing(state, from, p, target).is_some()
            });
        }
        state.board.pieces().any(|(from, p)| {
            p.color == by
                && self
                    .reach(state, from, p, true)
                    .iter()
                    .any(|&(to, _)| to == target)
        }) || self.jumped(state, target, by)
    }

    /// Cross-eyed Chess: where the piece `p` on `from` lands to take on
    /// `victim`: the square as far from `from` the other way, empty and
    /// one its captures reach, with nothing between `from` and `victim`.
    fn cross_eyed_landing(
        &self,
        state: &State,
        from: Square,
        p: Piece,
        victim: Square,
    ) -> Option<Square> {
        let land = Variant::offset(
            from,
            from.file as i8 - victim.file as i8,
            from.rank as i8 - victim.rank as i8,
        )?;
        if land == from || !self.inside(land) || state.piece(land).is_some() {
            return None;
        }
        let slides = (victim.file as i8 - from.file as i8)
            .abs()
            .max((victim.rank as i8 - from.rank as i8).abs())
            > 1
            && p.role != Role::Knight;
        if slides
            && crate::engine::chess::squares_between(from, victim)
                .into_iter()
                .any(|s| state.piece(s).is_some() || !self.inside(s))
        {
            return None;
        }
        self.reach(state, from, p, true)
            .iter()
            .any(|&(s, _)| s == land)
            .then_some(land)
    }

    /// Whether a piece of `by` may jump over `target` like a checker,
    /// taking what stands there.
    fn jumped(&self, state: &State, target: Square, by: Color) -> bool {
        if !self.jumpers.iter().any(|&j| j) {
            return false;
        }
        [(1, 1), (1, -1), (-1, 1), (-1, -1)]
            .into_iter()
            .any(|(df, dr)| {
                let (Some(from), Some(land)) = (
                    Variant::offset(target, -df, -dr),
                    Variant::offset(target, df, dr),
                ) else {
                    return false;
                };
                state
                    .piece(from)
                    .is_some_and(|p| p.color == by && self.jumpers[p.role as usize])
                    && self.inside(land)
                    && state.piece(land).is_none()
            })
    }

    /// The squares a pawn of `color` on `from` eliminates enemy pieces on.
    fn deadly_squares(&self, from: Square, color: Color, deadly: Deadly) -> Vec<Square> {
        match deadly {
            Deadly::Diagonal => self.pawn_capture_squares(from, color),
            Deadly::Adjacent => [
                (1, 0),
                (-1, 0),
                (0, 1),
                (0, -1),
                (1, 1),
                (1, -1),
                (-1, 1),
                (-1, -1),
            ]
            .into_iter()
            .filter_map(|(df, dr)| Variant::offset(from, df, dr))
            .filter(|&s| self.inside(s))
            .collect(),
        }
    }

    /// Deadly Pawns: the enemy pieces (not kings) that stand where a pawn
    /// eliminates them, each with the pawn's square.
    fn doomed(&self, state: &State) -> Vec<(Square, Square)> {
        let Some(deadly) = self.deadly else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for (from, p) in state.board.pieces().filter(|(_, p)| p.role == Role::Pawn) {
            for sq in self.deadly_squares(from, p.color, deadly) {
                if state
                    .piece(sq)
                    .is_some_and(|q| q.color != p.color && q.role != Role::King)
                    && !out.iter().any(|&(s, _)| s == sq)
                {
                    out.push((sq, from));
                }
            }
        }
        out
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

#[cfg(test)]
mod tests;

#[cfg(test)]
mod language_tests;
