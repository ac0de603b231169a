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
    pub holes: Option<Spanned<SquareList>>,
    /// Whether a piece (not a king) may move onto a hole, leaving the
    /// board; its owner keeps it and may put it back on an empty square.
    #[serde(default)]
    pub holes_swallow: Option<Spanned<bool>>,
}

/// Squares as a switch lists them: one string (`"d4 e5"`), or a list
/// whose items keep their places (`["d4", "e5"]`), so a problem with one
/// of them is reported at it.
#[derive(Clone, Debug, PartialEq)]
pub enum SquareList {
    Text(String),
    Items(Vec<Spanned<toml::Value>>),
}

impl<'de> Deserialize<'de> for SquareList {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<SquareList, D::Error> {
        struct Visit;
        impl<'de> serde::de::Visitor<'de> for Visit {
            type Value = SquareList;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("squares, as [\"d4\", \"e5\"] or \"d4 e5\"")
            }
            fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<SquareList, E> {
                Ok(SquareList::Text(s.to_string()))
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<SquareList, A::Error> {
                let mut items = Vec::new();
                while let Some(item) = seq.next_element::<Spanned<toml::Value>>()? {
                    items.push(item);
                }
                Ok(SquareList::Items(items))
            }
        }
        d.deserialize_any(Visit)
    }
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

/// One problem of a `[[variant]]` table, at the switch (or the item of
/// it) that it is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub span: Span,
    pub message: String,
    pub help: Option<String>,
    /// The text to write in place of `span`, where one edit clearly
    /// mends it (an editor's quick fix).
    pub fix: Option<String>,
}

impl Problem {
    fn at<T>(value: &Spanned<T>, message: impl Into<String>) -> Problem {
        Problem {
            span: Span::from(value.span()),
            message: message.into(),
            help: None,
            fix: None,
        }
    }

    fn help(mut self, help: impl Into<String>) -> Problem {
        self.help = Some(help.into());
        self
    }

    fn fix(mut self, fix: Option<String>) -> Problem {
        self.fix = fix;
        self
    }
}

/// The files (0 for a) and ranks (1 to 8) in play, each both ends included.
type Area = ((u8, u8), (u8, u8));

/// A value as the settings write it: `"b2-g7"`, `6`, `["d4"]`.
fn written(value: &toml::Value) -> String {
    match value {
        toml::Value::String(s) => crate::config::toml_string(s),
        toml::Value::Integer(n) => n.to_string(),
        toml::Value::Float(x) => x.to_string(),
        toml::Value::Boolean(b) => b.to_string(),
        toml::Value::Datetime(d) => d.to_string(),
        toml::Value::Array(items) => {
            let items: Vec<String> = items.iter().map(written).collect();
            format!("[{}]", items.join(", "))
        }
        toml::Value::Table(_) => "{ … }".to_string(),
    }
}

/// `` `a` ``, `` `a` and `b` ``, `` `a`, `b` and `c` ``.
fn listed(items: &[String]) -> String {
    let q: Vec<String> = items.iter().map(|i| format!("`{i}`")).collect();
    match q.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
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

/// The square a misspelt one likely means: `4d` for `d4`.
fn meant_square(text: &str) -> Option<Square> {
    let t: String = text.trim().chars().rev().collect();
    parse_square(&t)
}

/// Why `text` is not a square, and the square it may mean.
fn not_a_square(text: &str, what: &str) -> (String, String) {
    let message = format!("`{}` in {what} is not a square from a1 to h8", text.trim());
    let help = match meant_square(text) {
        Some(sq) => {
            format!("did you mean `{sq}`? a square is its file, a to h, then its rank, 1 to 8")
        }
        None => "a square is its file, a to h, then its rank, 1 to 8, as `d4`".to_string(),
    };
    (message, help)
}

/// `board = 6` or `board = "b2-g7"`: the files and ranks in play.
fn parse_board(value: &Spanned<toml::Value>) -> Result<Area, Problem> {
    let shown = format!("`board = {}`", written(value.get_ref()));
    let (files, ranks) = match value.get_ref() {
        toml::Value::Integer(n) => match u8::try_from(*n) {
            Ok(n @ 4..=8) => ((0, n - 1), (1, n)),
            _ => {
                return Err(
                    Problem::at(value, format!("{shown} is not a size from 4 to 8")).help(
                        "a size N keeps a1 and the first N files and ranks: `board = 6` is a1–f6",
                    ),
                );
            }
        },
        toml::Value::String(s) => {
            let corners: Vec<&str> = s.split(['-', ':', '–']).map(str::trim).collect();
            if corners.len() != 2 {
                // `"b2 g7"` or `"b2g7"`: two squares without a dash between.
                let compact: String = s.chars().filter(|c| !c.is_whitespace()).collect();
                let pair = (compact.len() == 4 && compact.is_ascii())
                    .then(|| (parse_square(&compact[..2]), parse_square(&compact[2..])));
                let help = "write the lower-left and upper-right squares in play, as \"b2-g7\"";
                return Err(match pair {
                    Some((Some(a), Some(b))) => {
                        let meant = format!("{a}-{b}");
                        Problem::at(
                            value,
                            format!("{shown} is not two corner squares joined by a dash"),
                        )
                        .help(format!("did you mean `board = \"{meant}\"`? {help}"))
                        .fix(Some(crate::config::toml_string(&meant)))
                    }
                    _ => {
                        Problem::at(value, format!("{shown} is not two corner squares")).help(help)
                    }
                });
            }
            let squares: Vec<Option<Square>> = corners.iter().map(|c| parse_square(c)).collect();
            let [Some(a), Some(b)] = squares[..] else {
                let bad: Vec<String> = corners
                    .iter()
                    .zip(&squares)
                    .filter(|(_, sq)| sq.is_none())
                    .map(|(c, _)| c.to_string())
                    .collect();
                let meant: Vec<Option<Square>> = corners
                    .iter()
                    .zip(&squares)
                    .map(|(c, sq)| sq.or_else(|| meant_square(c)))
                    .collect();
                let verb = if bad.len() == 1 { "is" } else { "are" };
                let problem = Problem::at(
                    value,
                    format!(
                        "{shown} is not two corner squares: {} {verb} not a square from a1 to h8",
                        listed(&bad)
                    ),
                );
                return Err(match meant[..] {
                    [Some(a), Some(b)] => {
                        let meant = format!("{a}-{b}");
                        problem
                            .help(format!(
                                "did you mean `board = \"{meant}\"`? a square is its file, a to h, then its rank, 1 to 8"
                            ))
                            .fix(Some(crate::config::toml_string(&meant)))
                    }
                    _ => problem
                        .help("write the lower-left and upper-right squares in play, as \"b2-g7\""),
                });
            };
            (
                (a.file.min(b.file), a.file.max(b.file)),
                (a.rank.min(b.rank), a.rank.max(b.rank)),
            )
        }
        _ => {
            return Err(Problem::at(
                value,
                format!("{shown} is neither a size (6) nor two corner squares (\"b2-g7\")"),
            ));
        }
    };
    if files.1 - files.0 < 3 || ranks.1 - ranks.0 < 3 {
        return Err(Problem::at(
            value,
            format!(
                "{shown} is {}×{}: the board in play needs at least 4 files and 4 ranks",
                files.1 - files.0 + 1,
                ranks.1 - ranks.0 + 1
            ),
        ));
    }
    Ok((files, ranks))
}

/// `holes = ["d4", "e5"]` or `holes = "d4 e5"`: each hole, with the span
/// to report it at (the item's, in a list), and each problem.
fn parse_holes(value: &Spanned<SquareList>) -> (Vec<(Square, Span)>, Vec<Problem>) {
    let mut holes = Vec::new();
    let mut problems = Vec::new();
    match value.get_ref() {
        SquareList::Text(s) => {
            for name in s
                .split(|c: char| c == ',' || c.is_whitespace())
                .filter(|w| !w.is_empty())
            {
                match parse_square(name) {
                    Some(sq) => holes.push((sq, Span::from(value.span()))),
                    None => {
                        let (message, help) = not_a_square(name, "holes");
                        problems.push(Problem::at(value, message).help(help));
                    }
                }
            }
        }
        SquareList::Items(items) => {
            for item in items {
                match item.get_ref() {
                    toml::Value::String(name) => match parse_square(name) {
                        Some(sq) => holes.push((sq, Span::from(item.span()))),
                        None => {
                            let (message, help) = not_a_square(name, "holes");
                            let fix = meant_square(name)
                                .map(|sq| crate::config::toml_string(&sq.to_string()));
                            problems.push(Problem::at(item, message).help(help).fix(fix));
                        }
                    },
                    other => problems.push(
                        Problem::at(
                            item,
                            format!("`{}` in holes is not a square", written(other)),
                        )
                        .help("write each square as a string: holes = [\"d4\", \"e5\"]"),
                    ),
                }
            }
        }
    }
    (holes, problems)
}

/// The piece an author may have meant by a letter that is none: another
/// language's (S for Springer, L for Läufer, T for Turm, D for Dame) or a
/// nickname's (H for horse, C for castle).
fn meant_role(ch: char) -> Option<Role> {
    match ch.to_ascii_uppercase() {
        'S' | 'H' => Some(Role::Knight),
        'L' => Some(Role::Bishop),
        'T' | 'C' => Some(Role::Rook),
        'D' => Some(Role::Queen),
        _ => None,
    }
}

/// The letters of a piece switch (`promotion`, `set_aside`), each with
/// its role, and a problem for those that name no piece; `fits` says
/// which roles the switch takes (a letter of another role is dropped from
/// the suggested fix).
fn piece_letters(
    value: &Spanned<String>,
    key: &str,
    fits: impl Fn(Role) -> bool,
    letters_help: &str,
) -> (Vec<Role>, Option<Problem>) {
    let shown = format!("`{key} = {}`", crate::config::toml_string(value.get_ref()));
    let mut roles = Vec::new();
    let mut bad: Vec<String> = Vec::new();
    let mut guesses: Vec<String> = Vec::new();
    let mut mended = String::new();
    let mut mendable = true;
    for ch in value.get_ref().chars().filter(|c| !c.is_whitespace()) {
        match Role::from_letter(ch) {
            Some(role) => {
                roles.push(role);
                if fits(role) {
                    mended.push(role.letter());
                }
            }
            None => {
                if !bad.contains(&ch.to_string()) {
                    bad.push(ch.to_string());
                }
                match meant_role(ch).filter(|&r| fits(r)) {
                    Some(role) => {
                        let guess = format!("`{}` for `{ch}` (a {})", role.letter(), role.name());
                        if !guesses.contains(&guess) {
                            guesses.push(guess);
                        }
                        mended.push(role.letter());
                    }
                    None => mendable = false,
                }
            }
        }
    }
    if bad.is_empty() {
        return (roles, None);
    }
    let (noun, verb) = if bad.len() == 1 {
        ("a piece letter", "is")
    } else {
        ("piece letters", "are")
    };
    let mut problem = Problem::at(
        value,
        format!("{} in {shown} {verb} not {noun}", listed(&bad)),
    );
    problem = if guesses.is_empty() {
        problem.help(letters_help.to_string())
    } else {
        problem.help(format!(
            "did you mean {}? {letters_help}",
            guesses.join(", ")
        ))
    };
    if mendable && !guesses.is_empty() {
        problem = problem.fix(Some(crate::config::toml_string(&mended)));
    }
    (roles, Some(problem))
}

/// `"QRN"`: the pieces a pawn may become.
fn parse_promotion(value: &Spanned<String>) -> Result<[bool; 6], Vec<Problem>> {
    let can_become = |r: Role| !matches!(r, Role::Pawn | Role::King);
    let help = "a pawn may become Q R B N, or nothing with promotion = \"\"";
    let (roles, bad) = piece_letters(value, "promotion", can_become, help);
    let mut wrong: Vec<String> = Vec::new();
    for r in roles.iter().filter(|&&r| !can_become(r)) {
        if !wrong.contains(&r.letter().to_string()) {
            wrong.push(r.letter().to_string());
        }
    }
    if !wrong.is_empty() {
        let verb = if wrong.len() == 1 { "is" } else { "are" };
        let problem = Problem::at(
            value,
            format!(
                "{} in `promotion = {}` {verb} not a piece a pawn can become",
                listed(&wrong),
                crate::config::toml_string(value.get_ref())
            ),
        );
        // Without other bad letters, taking these out mends it.
        let problem = if bad.is_none() {
            let kept: String = roles
                .iter()
                .filter(|&&r| can_become(r))
                .map(|r| r.letter())
                .collect();
            problem
                .help(format!(
                    "{help}; write `promotion = {}`",
                    crate::config::toml_string(&kept)
                ))
                .fix(Some(crate::config::toml_string(&kept)))
        } else {
            problem.help(help)
        };
        return Err(bad.into_iter().chain([problem]).collect());
    }
    if let Some(bad) = bad {
        return Err(vec![bad]);
    }
    let mut can = [false; 6];
    for r in roles {
        can[r as usize] = true;
    }
    Ok(can)
}

/// `"BBPP"`: what each side puts away, by role.
fn parse_set_aside(value: &Spanned<String>) -> Result<[u8; 6], Vec<Problem>> {
    let shown = format!(
        "`set_aside = {}`",
        crate::config::toml_string(value.get_ref())
    );
    let not_king = |r: Role| r != Role::King;
    let help = "write a letter for each piece a side puts away: P N B R Q";
    let (roles, bad) = piece_letters(value, "set_aside", not_king, help);
    let mut problems: Vec<Problem> = bad.into_iter().collect();
    let mut count = [0u8; 6];
    for &r in &roles {
        count[r as usize] = count[r as usize].saturating_add(1);
    }
    if count[Role::King as usize] > 0 {
        problems.push(
            Problem::at(
                value,
                format!("{shown} puts away a king: a side cannot play without it"),
            )
            .help("take the `K` out of set_aside"),
        );
    }
    for role in [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
    ] {
        let (n, has) = (count[role as usize], ARMY[role as usize]);
        if n > has {
            problems.push(
                Problem::at(
                    value,
                    format!(
                        "{shown} puts away {n} {}s, but a side has {has}",
                        role.name()
                    ),
                )
                .help("a side starts with 8 pawns, 2 knights, 2 bishops, 2 rooks and a queen"),
            );
        }
    }
    if problems.is_empty() {
        Ok(count)
    } else {
        Err(problems)
    }
}

impl Variant {
    /// Checks one table: the game, or every problem of the table, each at
    /// the switch it is about. `earlier` are the games of the tables
    /// before it. A switch is judged whenever the switches it depends on
    /// are sound, so independent problems are all reported.
    fn from_config(c: &VariantConfig, earlier: &[&str]) -> Result<Variant, Vec<Problem>> {
        let mut problems: Vec<Problem> = Vec::new();
        let name = c.game.get_ref().trim().to_string();
        let game_shown = format!("`game = {}`", crate::config::toml_string(c.game.get_ref()));
        if name.is_empty() {
            problems.push(
                Problem::at(&c.game, format!("{game_shown} names no game"))
                    .help("write the title of the game's `##` section, as game = \"Tiny Chess\""),
            );
        } else if crate::engine::Games::coded().find(&name).is_some() {
            problems.push(
                Problem::at(
                    &c.game,
                    format!("{game_shown} is a game the engine knows; a variant cannot replace its rules"),
                )
                .help("remove this [[variant]], or give the variant a name of its own"),
            );
        } else if earlier.iter().any(|e| slug(e) == slug(&name)) {
            problems.push(
                Problem::at(&c.game, format!("{game_shown} is configured twice"))
                    .help("an earlier [[variant]] names the same game: keep one of the two tables"),
            );
        }
        let set_aside = match &c.set_aside {
            None => Some([0u8; 6]),
            Some(s) => parse_set_aside(s)
                .map_err(|mut p| problems.append(&mut p))
                .ok(),
        };
        let area = match &c.board {
            None => Some(((0, 7), (1, 8))),
            Some(b) => parse_board(b).map_err(|p| problems.push(p)).ok(),
        };
        let full = area.map(|a| a == ((0, 7), (1, 8)));
        let castling = match (&c.castling, full) {
            (None, full) => full.unwrap_or(false),
            (Some(v), Some(false)) if *v.get_ref() => {
                let board = c
                    .board
                    .as_ref()
                    .map_or(String::new(), |b| written(b.get_ref()));
                problems.push(
                    Problem::at(
                        v,
                        format!(
                            "`castling = true` needs the full 8×8 board, and `board = {board}` cuts it down: the king and rooks start on e1, a1 and h1"
                        ),
                    )
                    .help("remove `castling = true` (a cut-down board has no castling), or remove `board`")
                    .fix(Some("false".to_string())),
                );
                false
            }
            (Some(v), _) => *v.get_ref(),
        };
        let king_capture = match &c.king_capture {
            None => !c.check,
            Some(v) if !*v.get_ref() && !c.check => {
                problems.push(
                    Problem::at(
                        v,
                        "`king_capture = false` cannot go with `check = false`: without check a king can be left attacked, so it is captured",
                    )
                    .help("remove `king_capture = false`, or set `check = true`"),
                );
                true
            }
            Some(v) => *v.get_ref(),
        };
        let promotion = match &c.promotion {
            None => Some(material::ORTHODOX_PROMOTION),
            Some(p) => parse_promotion(p)
                .map_err(|mut p| problems.append(&mut p))
                .ok(),
        };
        let mut holes = SquareSet::EMPTY;
        let mut holes_sound = true;
        if let Some(h) = &c.holes {
            let (found, mut bad) = parse_holes(h);
            holes_sound = bad.is_empty();
            problems.append(&mut bad);
            for (sq, span) in found {
                let inside = |((f0, f1), (r0, r1)): Area| {
                    (f0..=f1).contains(&sq.file) && (r0..=r1).contains(&sq.rank)
                };
                if let Some(a) = area.filter(|&a| !inside(a)) {
                    let board = c
                        .board
                        .as_ref()
                        .map_or(String::new(), |b| written(b.get_ref()));
                    let ((f0, f1), (r0, r1)) = a;
                    problems.push(Problem {
                        span,
                        message: format!(
                            "the hole {sq} is not on the board in play: `board = {board}` keeps {}{r0}–{}{r1}",
                            (b'a' + f0) as char,
                            (b'a' + f1) as char,
                        ),
                        help: Some(format!("take `{sq}` out of holes, or widen the board")),
                        fix: None,
                    });
                }
                holes.insert(sq);
            }
        }
        let swallow = c.holes_swallow.as_ref().is_some_and(|s| *s.get_ref());
        if let Some(s) = c.holes_swallow.as_ref().filter(|s| *s.get_ref())
            && holes_sound
            && holes.is_empty()
        {
            let message = match &c.holes {
                None => "`holes_swallow = true` needs `holes`: no square is taken off the board for a piece to fall into".to_string(),
                Some(h) => format!(
                    "`holes_swallow = true` needs holes, and `holes = {}` takes no square off the board for a piece to fall into",
                    match h.get_ref() {
                        SquareList::Text(t) => crate::config::toml_string(t),
                        SquareList::Items(_) => "[]".to_string(),
                    }
                ),
            };
            problems.push(
                Problem::at(s, message).help("add `holes = [\"d4\"]`, or remove `holes_swallow`"),
            );
        }
        let (Some(set_aside), Some((files, ranks)), Some(promotion)) = (set_aside, area, promotion)
        else {
            return Err(problems);
        };
        if !problems.is_empty() {
            return Err(problems);
        }
        Ok(Variant {
            name,
            span: Span::from(c.game.span()),
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
            holes_swallow: swallow,
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
        let replayed = out.len();
        let plan = common::check_moves(board, &state, &arrows, &steps, out);
        crate::engine::games::king_capture::explain(&mut out[replayed..]);
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

    /// Why a castling of the king on `from` to `to` crosses a hole, if
    /// it does: the king would pass it (and a king may not enter a hole),
    /// or it lies between the king and its rook.
    fn castling_hole(&self, from: Square, to: Square) -> Option<String> {
        let v = self.variant;
        let corner = Square::new(if to.file > from.file { 7 } else { 0 }, from.rank);
        let passed = crate::engine::chess::squares_between(from, to);
        if v.holes.contains(to) || passed.into_iter().any(|s| v.holes.contains(s)) {
            let hole = std::iter::once(to)
                .chain(passed)
                .filter(|&s| v.holes.contains(s))
                .min_by_key(|s| s.file.abs_diff(from.file))?;
            return Some(if v.holes_swallow {
                format!("the king would cross the hole on {hole}, and a king may not enter a hole")
            } else {
                format!("the king would cross {hole}, which is not part of this game's board")
            });
        }
        let hole = crate::engine::chess::squares_between(from, corner)
            .into_iter()
            .find(|&s| v.holes.contains(s))?;
        Some(format!(
            "the hole on {hole} lies between the king and the rook, and every square between them must be on the board and empty"
        ))
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
        if p.role == Role::King
            && v.castling
            && from.file == 4
            && from.rank == if color == Color::White { 1 } else { 8 }
            && from.rank == to.rank
            && from.file.abs_diff(to.file) == 2
            && let Some(reason) = self.castling_hole(from, to)
        {
            return format!("{who} cannot castle to {to}: {reason}");
        }
        if p.role == Role::Pawn
            && v.holes_swallow
            && v.holes.contains(to)
            && from.file.abs_diff(to.file) == 1
        {
            return format!(
                "{who} cannot move to {to}: a pawn moves diagonally only to capture, and the hole on {to} never holds a piece"
            );
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

impl VariantSteps<'_> {
    /// A move of the game, as if the game were not over.
    fn step_in_play(
        &self,
        state: &State,
        from: Square,
        to: Square,
        color: Color,
    ) -> Result<Vec<State>, String> {
        let v = self.variant;
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
        let step = self.step_in_play(state, from, to, color);
        if v.king_capture {
            return crate::engine::games::king_capture::ended(state, step);
        }
        step
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
        // A piece a pawn may not become, on the last rank a pawn's step
        // away: read as a pawn's step too, so that `why_not_reached` names
        // the promotion the game forbids.
        let forward = if color == Color::White { 1 } else { -1 };
        if to.rank == last
            && !(last == 8 && color == Color::White || last == 1 && color == Color::Black)
            && i16::from(to.rank) - i16::from(from.rank) == forward
            && from.file.abs_diff(to.file) <= 1
            && after.piece(to).is_some_and(|p| {
                p.color == color
                    && !matches!(p.role, Role::Pawn | Role::King)
                    && !v.promotion[p.role as usize]
            })
        {
            let mut pawn_after = after.clone();
            pawn_after
                .board
                .set(to, Some(Piece::new(color, Role::Pawn)));
            out.extend(replay::default_befores(&pawn_after, from, to, color));
        }
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

    /// A pawn's step onto the last rank that shows a piece the game does
    /// not promote to: the promotion is what the game forbids.
    fn why_not_reached(
        &self,
        before: &State,
        after: &State,
        from: Square,
        to: Square,
        color: Color,
    ) -> Option<String> {
        let v = self.variant;
        let shown = after.piece(to)?;
        if before.piece(from) != Some(Piece::new(color, Role::Pawn))
            || shown.color != color
            || matches!(shown.role, Role::Pawn | Role::King)
            || v.promotion[shown.role as usize]
        {
            return None;
        }
        Some(format!(
            "the pawn on {from} cannot promote to a {} on {to}: in this game a pawn promotes only to {}",
            shown.role.name(),
            self.variant.promotion_names()
        ))
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The settings `text` read as the settings reader reads a book
    /// root's (`toml_all::read`, a table with a bad key left out), then the
    /// `[[variant]]` tables checked: the configured games, and each problem
    /// as `line:col: message | help | fix`.
    fn configure(text: &str) -> (Variants, Vec<String>) {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("chess-kit-docs.toml"), text).unwrap();
        // As every command reads them: a table with a bad key is judged,
        // reported and left out.
        let settings = crate::settings::Settings::resolve(
            &[dir.path().to_path_buf()],
            &crate::settings::Flags::default(),
        );
        let (variants, diags) = (settings.variants, settings.problems);
        let found = diags
            .iter()
            .map(|d| {
                format!(
                    "{}: {} | {} | {}",
                    d.line_col().unwrap(),
                    d.message,
                    d.help.as_deref().unwrap_or(""),
                    d.fix.as_ref().map_or("", |f| f.text.as_str())
                )
            })
            .collect();
        (variants, found)
    }

    #[test]
    fn every_independent_problem_of_a_table_is_an_error_at_its_line() {
        let (variants, found) = configure(
            "[[variant]]\n\
             game = \"Tiny Chess\"\n\
             set_aside = \"BBX\"\n\
             check = false\n\
             holes = [\"d4\", \"z9\"]\n\
             king_capture = false\n",
        );
        assert_eq!(found.len(), 3, "{found:#?}");
        assert!(
            found[0].starts_with("3:13: `X` in `set_aside = \"BBX\"` is not a piece letter"),
            "{found:#?}"
        );
        assert!(
            found[1].starts_with("5:16: `z9` in holes is not a square from a1 to h8"),
            "{found:#?}"
        );
        assert!(
            found[2].starts_with(
                "6:16: `king_capture = false` cannot go with `check = false`: without check a king can be left attacked"
            ),
            "{found:#?}"
        );
        assert!(variants.find("Tiny Chess").is_none());
    }

    #[test]
    fn bad_holes_and_a_bad_set_aside_are_two_errors() {
        let (_, found) = configure(
            "[[variant]]\ngame = \"Tiny Chess\"\nholes = \"d4 e9\"\nset_aside = \"K\"\nholes_swallow = true\n",
        );
        assert_eq!(found.len(), 2, "{found:#?}");
        assert!(
            found[0].starts_with("3:9: `e9` in holes is not a square"),
            "{found:#?}"
        );
        assert!(
            found[1].starts_with("4:13: `set_aside = \"K\"` puts away a king"),
            "{found:#?}"
        );
    }

    #[test]
    fn holes_swallow_without_holes_is_an_error_at_its_own_line() {
        let (variants, found) =
            configure("[[variant]]\ngame = \"Hole Chess\"\nholes_swallow = true\n");
        assert_eq!(
            found,
            [
                "3:17: `holes_swallow = true` needs `holes`: no square is taken off the board for a piece to fall into | add `holes = [\"d4\"]`, or remove `holes_swallow` | "
            ]
        );
        assert!(variants.is_empty());
        let (_, found) =
            configure("[[variant]]\ngame = \"Hole Chess\"\nholes = []\nholes_swallow = true\n");
        assert_eq!(found.len(), 1, "{found:#?}");
        assert!(found[0].starts_with("4:17: `holes_swallow = true` needs holes, and `holes = []`"));
        // Off, it needs nothing.
        let (variants, found) =
            configure("[[variant]]\ngame = \"Hole Chess\"\nholes_swallow = false\n");
        assert!(found.is_empty(), "{found:#?}");
        assert!(variants.find("Hole Chess").is_some());
    }

    #[test]
    fn a_sound_table_configures_its_game() {
        let (variants, found) = configure(
            "[[variant]]\ngame = \"Split-Brain Chess\"\nboard = \"b2-g7\"\nset_aside = \"BBPP\"\n\
             double_step = false\ncastling = false\npromotion = \"QRN\"\nholes = [\"d4\"]\n\
             holes_swallow = true\n",
        );
        assert!(found.is_empty(), "{found:#?}");
        let v = variants.find("split-brain chess").unwrap();
        assert_eq!((v.files, v.ranks), ((1, 6), (2, 7)));
        assert_eq!(v.set_aside[Role::Bishop as usize], 2);
        assert_eq!(v.set_aside[Role::Pawn as usize], 2);
        assert!(!v.promotion[Role::Bishop as usize] && v.promotion[Role::Knight as usize]);
        assert!(v.holes.contains(Square::new(3, 4)) && v.holes_swallow);
        assert!(!v.castling && !v.double_step && !v.en_passant && v.check);
    }

    #[test]
    fn the_bundled_settings_configure_every_game_without_a_problem() {
        let text = std::fs::read_to_string("rules/chess-kit-docs.toml").unwrap();
        let (variants, found) = configure(&text);
        assert!(found.is_empty(), "{found:#?}");
        for game in [
            "Telepathic Chess",
            "Secret Chesswords",
            "Split-Brain Chess",
            "Black Hole Chess",
        ] {
            assert!(variants.find(game).is_some(), "{game}");
        }
    }

    #[test]
    fn a_likely_meaning_is_suggested_and_offered_as_a_fix() {
        let (_, found) = configure(
            "[[variant]]\ngame = \"Tiny Chess\"\nset_aside = \"BS\"\nboard = \"b2 g7\"\nholes = [\"4d\"]\n",
        );
        assert_eq!(found.len(), 3, "{found:#?}");
        assert!(
            found[0].starts_with("3:13: `S` in `set_aside = \"BS\"` is not a piece letter | did you mean `N` for `S` (a knight)?")
                && found[0].ends_with("| \"BN\""),
            "{found:#?}"
        );
        assert!(
            found[1].starts_with("4:9: `board = \"b2 g7\"` is not two corner squares")
                && found[1].contains("did you mean `board = \"b2-g7\"`?")
                && found[1].ends_with("| \"b2-g7\""),
            "{found:#?}"
        );
        assert!(
            found[2].starts_with("5:10: `4d` in holes is not a square")
                && found[2].contains("did you mean `d4`?")
                && found[2].ends_with("| \"d4\""),
            "{found:#?}"
        );
    }

    #[test]
    fn a_switch_that_depends_on_a_broken_one_is_not_judged() {
        // The board is broken, so whether castling fits it, or the hole is
        // on it, is not known: one error, at the board.
        let (_, found) = configure(
            "[[variant]]\ngame = \"Tiny Chess\"\nboard = 12\ncastling = true\nholes = [\"h8\"]\n",
        );
        assert_eq!(found.len(), 1, "{found:#?}");
        assert!(found[0].starts_with("3:9: `board = 12` is not a size from 4 to 8"));
        // With the board sound, both are.
        let (_, found) = configure(
            "[[variant]]\ngame = \"Tiny Chess\"\nboard = 6\ncastling = true\nholes = [\"h8\"]\n",
        );
        assert_eq!(found.len(), 2, "{found:#?}");
        assert!(found[0].starts_with(
            "4:12: `castling = true` needs the full 8×8 board, and `board = 6` cuts it down"
        ));
        assert!(
            found[1].starts_with(
                "5:10: the hole h8 is not on the board in play: `board = 6` keeps a1–f6"
            )
        );
    }

    #[test]
    fn the_game_is_judged_with_the_switches() {
        let (variants, found) = configure(
            "[[variant]]\ngame = \"Tiny Chess\"\n[[variant]]\ngame = \"tiny chess\"\npromotion = \"QQP\"\n\
             [[variant]]\ngame = \"Zombie Chess\"\n[[variant]]\ngame = \" \"\n",
        );
        assert_eq!(found.len(), 4, "{found:#?}");
        assert!(found[0].starts_with("4:8: `game = \"tiny chess\"` is configured twice"));
        assert!(
            found[1]
                .starts_with("5:13: `P` in `promotion = \"QQP\"` is not a piece a pawn can become")
        );
        assert!(found[1].ends_with("| \"QQ\""), "{found:#?}");
        assert!(found[2].starts_with("7:8: `game = \"Zombie Chess\"` is a game the engine knows"));
        assert!(found[3].starts_with("9:8: `game = \" \"` names no game"));
        assert_eq!(variants.iter().count(), 1);
    }

    #[test]
    fn holes_of_the_wrong_type_are_a_settings_error_at_their_value() {
        let (variants, found) = configure("[[variant]]\ngame = \"Tiny Chess\"\nholes = 5\n");
        assert_eq!(found.len(), 1, "{found:#?}");
        assert!(found[0].starts_with("3:9: "), "{found:#?}");
        assert!(found[0].contains("expected squares"), "{found:#?}");
        assert!(variants.is_empty());
    }
}
