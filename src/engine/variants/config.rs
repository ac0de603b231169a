//! The `[[variant]]` table as written, and its checking: every problem
//! of a table at the switch it is about.

use std::collections::BTreeMap;

use serde::Deserialize;
use toml::Spanned;

use super::pieces::parse_pieces;
use super::setup::Setup;
use super::switches::{
    DOWN, TurnMove, UP, parse_castling_rooks, parse_deadly, parse_moves_per_turn,
    parse_pawn_direction, parse_royal, parse_start, parse_transparent, parse_win,
};
use super::{ARMY, Variant};
use crate::book::slug;
use crate::diagram::{Color, Piece, Role, Square};
use crate::engine::chess::SquareSet;
use crate::engine::material;
use crate::source::Span;

#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct VariantConfig {
    /// The game's name, as its `##` heading gives it.
    pub game: Spanned<String>,
    /// Whether a move may not leave the mover's king attacked (the
    /// default). Without check, a king may stay in or move into check,
    /// and is captured.
    #[serde(default)]
    pub check: Option<Spanned<bool>>,
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
    /// The start position, as a FEN's placement: the armies, where the
    /// kings, castling rooks and pawns start.
    #[serde(default)]
    pub start: Option<Spanned<String>>,
    /// `"K"` (the default) or `""`: whether the king is royal.
    #[serde(default)]
    pub royal: Option<Spanned<String>>,
    /// How the game is won: `"checkmate"`, `"king-capture"`, `"reach-rank"`.
    #[serde(default)]
    pub win: Option<Spanned<toml::Value>>,
    /// With `"reach-rank"`: the pieces whose arrival wins (all by default).
    #[serde(default)]
    pub reach_pieces: Option<Spanned<String>>,
    /// The files of the rooks castling takes (`"ah"` by default).
    #[serde(default)]
    pub castling_rooks: Option<Spanned<String>>,
    /// The way each side's pawns move: `{ black = "right" }`.
    #[serde(default)]
    pub pawn_direction: Option<Spanned<BTreeMap<Spanned<String>, Spanned<String>>>>,
    /// How many moves a turn holds, or whose pieces each one moves.
    #[serde(default)]
    pub moves_per_turn: Option<Spanned<toml::Value>>,
    /// Whether a player may pass.
    #[serde(default)]
    pub pass: Option<Spanned<bool>>,
    /// Pieces that move otherwise than chess's, in Betza notation:
    /// `{ N = "nN" }`.
    #[serde(default)]
    pub pieces: Option<Spanned<BTreeMap<Spanned<String>, Spanned<String>>>>,
    /// Whether a piece off the board may come back on an empty square:
    /// `true`, or `"demoted"` (as a piece of lesser value: Hades Chess).
    #[serde(default)]
    pub reinsert: Option<Spanned<toml::Value>>,
    /// Pawns eliminate the enemy pieces `"diagonal"`ly in front of them or
    /// `"adjacent"` to them.
    #[serde(default)]
    pub deadly_pawns: Option<Spanned<String>>,
    /// A moving piece drags the friendly piece `"south"` of it along.
    #[serde(default)]
    pub drag: Option<Spanned<String>>,
    /// Pieces that may also jump like a checker: diagonally over a
    /// neighbour to the empty square beyond, taking it if it is an enemy.
    #[serde(default)]
    pub checkers_jump: Option<Spanned<String>>,
    /// A piece moves one way and captures as if it had moved the opposite
    /// way (Cross-eyed Chess).
    #[serde(default)]
    pub cross_eyed: Option<Spanned<bool>>,
    /// Whether a piece may capture one of its own side (not the king).
    #[serde(default)]
    pub capture_own: Option<Spanned<bool>>,
    /// The pieces that promote on reaching the last rank (`"P"`).
    #[serde(default)]
    pub promoting: Option<Spanned<String>>,
    /// The pieces a rook, bishop or queen may move through.
    #[serde(default)]
    pub transparent: Option<Spanned<String>>,
    /// Whether a piece may move only with a friendly piece orthogonally
    /// beside it (unless no such piece can move).
    #[serde(default)]
    pub companion: Option<Spanned<bool>>,
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
    pub(super) fn at<T>(value: &Spanned<T>, message: impl Into<String>) -> Problem {
        Problem {
            span: Span::from(value.span()),
            message: message.into(),
            help: None,
            fix: None,
        }
    }

    pub(super) fn help(mut self, help: impl Into<String>) -> Problem {
        self.help = Some(help.into());
        self
    }

    pub(super) fn fix(mut self, fix: Option<String>) -> Problem {
        self.fix = fix;
        self
    }
}

/// The files (0 for a) and ranks (1 to 8) in play, each both ends included.
type Area = ((u8, u8), (u8, u8));

/// A value as the settings write it: `"b2-g7"`, `6`, `["d4"]`.
pub(super) fn written(value: &toml::Value) -> String {
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
pub(super) fn meant_role(ch: char) -> Option<Role> {
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
pub(super) fn piece_letters(
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
    pub(super) fn from_config(
        c: &VariantConfig,
        earlier: &[&str],
    ) -> Result<Variant, Vec<Problem>> {
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
        let royal = match &c.royal {
            None => true,
            Some(r) => parse_royal(r).map_err(|p| problems.push(p)).unwrap_or(true),
        };
        let win = c
            .win
            .as_ref()
            .and_then(|w| parse_win(w).map_err(|mut p| problems.append(&mut p)).ok());
        let check_set = c.check.as_ref().map(|v| *v.get_ref());
        // Without a royal king nothing is check: a king is taken as any piece.
        let check = if royal {
            check_set.unwrap_or(!win.is_some_and(|w| w.king_capture && !w.checkmate))
        } else {
            if let Some(v) = c.check.as_ref().filter(|v| *v.get_ref()) {
                problems.push(
                    Problem::at(v, "`check = true` cannot go with `royal = \"\"`: a king that is not royal is never in check")
                        .help("remove `check = true`, or make the king royal with `royal = \"K\"`")
                        .fix(Some("false".to_string())),
                );
            }
            false
        };
        if let (Some(w), Some(wv)) = (win, &c.win) {
            if !royal && (w.checkmate || w.king_capture) {
                problems.push(
                    Problem::at(wv, "a game with `royal = \"\"` is not won by mating or capturing the king: its king is an ordinary piece")
                        .help("win such a game by `\"reach-rank\"`, or make the king royal with `royal = \"K\"`"),
                );
            }
            if w.checkmate && !check && royal {
                problems.push(
                    Problem::at(wv, "`\"checkmate\"` needs check: with `check = false` a king may be left attacked, so it is captured, not mated")
                        .help("write win = [\"king-capture\"], or remove `check = false`"),
                );
            }
        }
        let king_capture = match &c.king_capture {
            _ if !royal => {
                if let Some(v) = c.king_capture.as_ref().filter(|v| *v.get_ref()) {
                    problems.push(
                        Problem::at(v, "`king_capture = true` cannot go with `royal = \"\"`: taking a king that is not royal does not end the game")
                            .help("remove `king_capture`, or make the king royal with `royal = \"K\"`"),
                    );
                }
                false
            }
            None => win.map_or(!check, |w| w.king_capture || !check),
            Some(v) if !*v.get_ref() && win.is_some_and(|w| w.king_capture) => {
                problems.push(
                    Problem::at(
                        v,
                        "`king_capture = false` contradicts `win`, which lists \"king-capture\"",
                    )
                    .help("remove `king_capture = false`, or take \"king-capture\" out of win"),
                );
                true
            }
            Some(v) if !*v.get_ref() && !check => {
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
        let reach_rank = match (win.is_some_and(|w| w.reach_rank), &c.reach_pieces) {
            (false, None) => None,
            (true, None) => Some([true; 6]),
            (false, Some(r)) => {
                problems.push(
                    Problem::at(r, "`reach_pieces` says which pieces win by reaching the far rank, but `win` does not list \"reach-rank\"")
                        .help("add win = [\"reach-rank\"], or remove `reach_pieces`"),
                );
                None
            }
            (true, Some(r)) => role_set(
                r,
                "reach_pieces",
                "write the letters of the pieces whose arrival on the far rank wins: K Q R B N P",
                &mut problems,
            ),
        };
        let start = c
            .start
            .as_ref()
            .and_then(|s| parse_start(s, area).map_err(|p| problems.push(p)).ok());
        if let (Some(_), Some(sa)) = (&c.start, &c.set_aside) {
            problems.push(
                Problem::at(sa, "`set_aside` cannot go with `start`: the start position already gives each side's pieces")
                    .help("leave out of `start` what each side puts away, and remove `set_aside`"),
            );
        }
        let castling_files = c
            .castling_rooks
            .as_ref()
            .and_then(|r| parse_castling_rooks(r).map_err(|p| problems.push(p)).ok());
        if let (Some(r), Some(files), Some(v)) = (&c.castling_rooks, &castling_files, &c.castling)
            && !*v.get_ref()
        {
            let _ = files;
            problems.push(
                Problem::at(r, "`castling_rooks` gives the rooks castling takes, but `castling = false` says there is no castling")
                    .help("remove `castling_rooks`, or `castling = false`"),
            );
        }
        let forward = match &c.pawn_direction {
            None => Some([UP, DOWN]),
            Some(d) => parse_pawn_direction(d)
                .map_err(|mut p| problems.append(&mut p))
                .ok(),
        };
        let turn = match &c.moves_per_turn {
            None => Some(vec![TurnMove::Own]),
            Some(m) => parse_moves_per_turn(m).map_err(|p| problems.push(p)).ok(),
        };
        let promoting = match &c.promoting {
            None => Some([true, false, false, false, false, false]),
            Some(v) => {
                let help = "write the letters of the pieces that promote on reaching the last rank: P N B R Q";
                match role_set(v, "promoting", help, &mut problems) {
                    Some(can) if can[Role::King as usize] => {
                        problems.push(
                            Problem::at(v, "a king never promotes: take `K` out of `promoting`")
                                .help(help),
                        );
                        None
                    }
                    can => can,
                }
            }
        };
        let reinsert = match c.reinsert.as_ref().map(|r| (r, r.get_ref())) {
            None | Some((_, toml::Value::Boolean(false))) => Some((false, false)),
            Some((_, toml::Value::Boolean(true))) => Some((true, false)),
            Some((_, toml::Value::String(s))) if s.trim() == "demoted" => Some((true, true)),
            Some((r, other)) => {
                problems.push(
                    Problem::at(r, format!("`reinsert = {}` is neither true, false nor \"demoted\"", written(other)))
                        .help("write `reinsert = true` (a piece off the board may come back), or `reinsert = \"demoted\"` (as a piece of lesser value)"),
                );
                None
            }
        };
        let deadly = c
            .deadly_pawns
            .as_ref()
            .and_then(|d| parse_deadly(d).map_err(|p| problems.push(p)).ok());
        let drag = match &c.drag {
            None => Some(None),
            Some(d) if d.get_ref().trim().eq_ignore_ascii_case("south") => Some(Some(DOWN)),
            Some(d) => {
                problems.push(
                    Problem::at(d, format!("`drag = {}` is not a direction this language knows", crate::config::toml_string(d.get_ref())))
                        .help("write `drag = \"south\"`: a moving piece drags the friendly piece south of it (towards rank 1)"),
                );
                None
            }
        };
        let jumpers = match &c.checkers_jump {
            None => Some([false; 6]),
            Some(j) => role_set(
                j,
                "checkers_jump",
                "write the letters of the pieces that may also jump like a checker: K Q R B (N P)",
                &mut problems,
            ),
        };
        let transparent = c
            .transparent
            .as_ref()
            .and_then(|t| parse_transparent(t).map_err(|p| problems.push(p)).ok());
        let pieces = match &c.pieces {
            None => Some(Default::default()),
            Some(p) => parse_pieces(p)
                .map_err(|mut p| problems.append(&mut p))
                .ok(),
        };
        let (
            Some(set_aside),
            Some((files, ranks)),
            Some(promotion),
            Some(forward),
            Some(turn),
            Some(promoting),
            Some(pieces),
        ) = (set_aside, area, promotion, forward, turn, promoting, pieces)
        else {
            return Err(problems);
        };
        if c.start.is_some() && start.is_none() {
            return Err(problems);
        }
        if let (Some(board), Some(sv)) = (&start, &c.start) {
            let ((f0, f1), (r0, r1)) = (files, ranks);
            let outside: Vec<String> = board
                .pieces()
                .filter(|(sq, _)| {
                    !(f0..=f1).contains(&sq.file)
                        || !(r0..=r1).contains(&sq.rank)
                        || holes.contains(*sq)
                })
                .map(|(sq, _)| sq.to_string())
                .collect();
            if !outside.is_empty() {
                problems.push(
                    Problem::at(
                        sv,
                        format!(
                            "`start` puts pieces on {}, which are not on this game's board",
                            outside.join(", ")
                        ),
                    )
                    .help("place the start position inside `board`, off the holes, as the diagrams draw it"),
                );
                return Err(problems);
            }
        }
        let (Some((reinsert, demoted)), Some(drag), Some(jumpers)) = (reinsert, drag, jumpers)
        else {
            return Err(problems);
        };
        // The castling rooks named must stand in the start named.
        if let (Some(board), Some(files), Some(r)) = (&start, &castling_files, &c.castling_rooks) {
            for (i, color) in [Color::White, Color::Black].into_iter().enumerate() {
                let Some((k, _)) = board
                    .pieces()
                    .find(|(_, p)| *p == Piece::new(color, Role::King))
                else {
                    continue;
                };
                if forward[i].0 != 0 {
                    continue;
                }
                if let Some(sq) = files
                    .iter()
                    .map(|&f| Square::new(f, k.rank))
                    .find(|&sq| board.get(sq) != Some(Piece::new(color, Role::Rook)))
                {
                    problems.push(
                        Problem::at(
                            r,
                            format!(
                                "`castling_rooks` names {sq}, where `start` puts no {} rook",
                                color.name()
                            ),
                        )
                        .help("name the files of the rooks the start puts on the king's rank, or leave `castling_rooks` out: `start` gives them"),
                    );
                    return Err(problems);
                }
            }
        }
        if !problems.is_empty() {
            return Err(problems);
        }
        let flag = |v: &Option<Spanned<bool>>| v.as_ref().is_some_and(|v| *v.get_ref());
        let setup = Setup::new(
            start,
            set_aside,
            forward,
            (files, ranks),
            castling_files.as_deref(),
        );
        Ok(Variant {
            name,
            span: Span::from(c.game.span()),
            check,
            royal,
            reach_rank,
            setup,
            turn,
            pass: flag(&c.pass),
            pieces,
            reinsert,
            demoted,
            deadly,
            drag,
            jumpers,
            capture_own: flag(&c.capture_own),
            promoting,
            transparent,
            companion: flag(&c.companion),
            cross_eyed: flag(&c.cross_eyed),
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
}

/// A switch of piece letters (`"KQRB"`) as the set of roles it names, or
/// `None` with its problem pushed.
fn role_set(
    value: &Spanned<String>,
    key: &str,
    help: &str,
    problems: &mut Vec<Problem>,
) -> Option<[bool; 6]> {
    let (roles, bad) = piece_letters(value, key, |_| true, help);
    if let Some(p) = bad {
        problems.push(p);
        return None;
    }
    let mut can = [false; 6];
    for role in roles {
        can[role as usize] = true;
    }
    Some(can)
}
