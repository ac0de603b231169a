//! The switches that state where a game departs from chess's setup and
//! ending: its start position, its royal piece, how it is won, its
//! castling rooks, its pawns' direction, its turns, and what pieces may
//! do that chess's may not. Each reads its value into the game's terms,
//! or a problem at the value (or the item of it) that is wrong.

use std::collections::BTreeMap;

use toml::Spanned;

use super::config::{Problem, written};
use crate::diagram::{Board, Color, Piece, Role, Square};
use crate::source::Span;

/// A side's unit step forward: White's pawns go up the board (to rank 8),
/// Black's down, unless the game turns them.
pub type Step = (i8, i8);

pub const UP: Step = (0, 1);
pub const DOWN: Step = (0, -1);

/// `start = "FEN"`: the position the game starts from (the FEN's first
/// field, the placement; the other fields, if any, are not read).
/// `area`: the files and ranks in play, when the table's board reads; a
/// FEN of that size (as Fairy-Stockfish writes a 6×6 game's) is placed on
/// it, an 8×8 one where it stands.
pub fn parse_start(
    value: &Spanned<String>,
    area: Option<((u8, u8), (u8, u8))>,
) -> Result<Board, Problem> {
    let text = value.get_ref().trim();
    let placement = text.split_whitespace().next().unwrap_or("");
    let shown = format!("`start = {}`", crate::config::toml_string(value.get_ref()));
    let help = "write the start position as a FEN's placement, rank 8 first, ranks joined by `/`: \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\"";
    let rows: Vec<&str> = placement.split('/').collect();
    // The board the FEN describes: the whole 8×8, or the board in play.
    let ((f0, f1), (r0, r1)) = match area {
        Some(((f0, f1), (r0, r1))) if rows.len() == usize::from(r1 - r0 + 1) && rows.len() != 8 => {
            ((f0, f1), (r0, r1))
        }
        _ => ((0, 7), (1, 8)),
    };
    let width = u32::from(f1 - f0 + 1);
    let height = usize::from(r1 - r0 + 1);
    if rows.len() != height {
        return Err(Problem::at(
            value,
            format!(
                "{shown} has {} rank{}; a FEN gives 8, joined by `/` (or as many as the board in play has)",
                rows.len(),
                if rows.len() == 1 { "" } else { "s" }
            ),
        )
        .help(help));
    }
    let mut board = Board::default();
    for (i, row) in rows.iter().enumerate() {
        let rank = r1 - i as u8;
        let mut file: u32 = 0;
        for c in row.chars() {
            if let Some(d) = c.to_digit(10) {
                file += d;
                continue;
            }
            let Some(piece) = Piece::from_char(c) else {
                return Err(Problem::at(
                    value,
                    format!("`{c}` in rank {rank} of {shown} is not a piece letter or a count of empty squares"),
                )
                .help(help));
            };
            if file < width {
                board.set(Square::new(f0 + file as u8, rank), Some(piece));
            }
            file += 1;
        }
        if file != width {
            return Err(Problem::at(
                value,
                format!(
                    "rank {rank} of {shown}, `{row}`, holds {file} squares; a rank holds {width}"
                ),
            )
            .help(help));
        }
    }
    for color in [Color::White, Color::Black] {
        let kings = board
            .pieces()
            .filter(|(_, p)| *p == Piece::new(color, Role::King))
            .count();
        if kings > 1 {
            return Err(Problem::at(
                value,
                format!(
                    "{shown} gives {} {kings} kings; a side has one at most",
                    color.name()
                ),
            ));
        }
    }
    Ok(board)
}

/// `royal = "K"` (the default) or `royal = ""`: whether the kings are
/// royal (not to be left attacked, their capture or mate ends the game).
pub fn parse_royal(value: &Spanned<String>) -> Result<bool, Problem> {
    match value.get_ref().trim() {
        "K" | "k" => Ok(true),
        "" => Ok(false),
        other => Err(Problem::at(
            value,
            format!(
                "`royal = {}`: only the king can be royal in this language",
                crate::config::toml_string(other)
            ),
        )
        .help("write `royal = \"K\"` (the default) or `royal = \"\"` for a game whose king is an ordinary piece")),
    }
}

/// How a game is won, as `win` lists it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Win {
    pub checkmate: bool,
    pub king_capture: bool,
    pub reach_rank: bool,
}

const WINS: [&str; 3] = ["checkmate", "king-capture", "reach-rank"];

/// `win = ["king-capture", "reach-rank"]` (or one string): how the game
/// ends; each unknown item is a problem at it.
pub fn parse_win(value: &Spanned<toml::Value>) -> Result<Win, Vec<Problem>> {
    let mut win = Win::default();
    let mut problems = Vec::new();
    let mut take = |text: &str, at: Span, problems: &mut Vec<Problem>| match text.trim() {
        "checkmate" | "mate" => win.checkmate = true,
        "king-capture" | "king_capture" | "capture-king" => win.king_capture = true,
        "reach-rank" | "reach_rank" | "far-rank" => win.reach_rank = true,
        other => {
            let mut p = Problem {
                span: at,
                message: format!("`{other}` in win is not a way to win this language knows"),
                help: Some(format!(
                    "a game is won by {}",
                    WINS.map(|w| format!("`{w}`")).join(", ")
                )),
                fix: None,
            };
            if let Some(m) = crate::suggest::nearest(other, WINS) {
                p.help = Some(format!(
                    "did you mean `{m}`? a game is won by {}",
                    WINS.map(|w| format!("`{w}`")).join(", ")
                ));
                p.fix = Some(crate::config::toml_string(m));
            }
            problems.push(p);
        }
    };
    match value.get_ref() {
        toml::Value::String(s) => take(s, Span::from(value.span()), &mut problems),
        toml::Value::Array(items) if !items.is_empty() => {
            // The items' own spans are not kept by `toml::Value`; each is
            // reported at the list.
            for item in items {
                match item {
                    toml::Value::String(s) => take(s, Span::from(value.span()), &mut problems),
                    other => problems.push(
                        Problem::at(
                            value,
                            format!("`{}` in win is not a way to win", written(other)),
                        )
                        .help("write each way as a string: win = [\"reach-rank\"]"),
                    ),
                }
            }
        }
        other => problems.push(
            Problem::at(
                value,
                format!("`win = {}` lists no way to win", written(other)),
            )
            .help(
                "write win = [\"checkmate\"], [\"king-capture\"] or [\"reach-rank\"], or several",
            ),
        ),
    }
    if problems.is_empty() {
        Ok(win)
    } else {
        Err(problems)
    }
}

/// `castling_rooks = "bg"`: the files the castling rooks start on.
pub fn parse_castling_rooks(value: &Spanned<String>) -> Result<Vec<u8>, Problem> {
    let shown = format!(
        "`castling_rooks = {}`",
        crate::config::toml_string(value.get_ref())
    );
    let mut files = Vec::new();
    for c in value
        .get_ref()
        .chars()
        .filter(|c| !c.is_whitespace() && *c != ',')
    {
        let f = c.to_ascii_lowercase();
        if !('a'..='h').contains(&f) {
            return Err(Problem::at(
                value,
                format!("`{c}` in {shown} is not a file from a to h"),
            )
            .help("write the files of the rooks castling takes, as \"ah\" (the corners) or \"bg\""));
        }
        let f = f as u8 - b'a';
        if !files.contains(&f) {
            files.push(f);
        }
    }
    if files.is_empty() || files.len() > 2 {
        return Err(Problem::at(
            value,
            format!("{shown} names {} files; castling takes one rook on each side of the king, so one or two", files.len()),
        )
        .help("write the files of the rooks castling takes, as \"ah\" or \"bg\""));
    }
    files.sort_unstable();
    Ok(files)
}

const DIRECTIONS: [(&str, Step); 4] = [
    ("up", (0, 1)),
    ("down", (0, -1)),
    ("left", (-1, 0)),
    ("right", (1, 0)),
];

/// `pawn_direction = { black = "right" }`: the way each side's pawns move,
/// as the diagrams draw the board.
pub fn parse_pawn_direction(
    value: &Spanned<BTreeMap<Spanned<String>, Spanned<String>>>,
) -> Result<[Step; 2], Vec<Problem>> {
    let mut dirs = [UP, DOWN];
    let mut problems = Vec::new();
    let names: Vec<&str> = DIRECTIONS.iter().map(|(n, _)| *n).collect();
    for (side, dir) in value.get_ref() {
        let i = match side.get_ref().trim().to_ascii_lowercase().as_str() {
            "white" => 0,
            "black" => 1,
            other => {
                let mut p = Problem::at(side, format!("`{other}` in pawn_direction is not a side"))
                    .help("write pawn_direction = { white = \"up\", black = \"right\" }");
                if let Some(m) = crate::suggest::nearest(other, ["white", "black"]) {
                    p = p
                        .help(format!(
                            "did you mean `{m}`? the sides are `white` and `black`"
                        ))
                        .fix(Some(m.to_string()));
                }
                problems.push(p);
                continue;
            }
        };
        let word = dir.get_ref().trim().to_ascii_lowercase();
        match DIRECTIONS.iter().find(|(n, _)| *n == word) {
            Some(&(_, step)) => dirs[i] = step,
            None => {
                let mut p = Problem::at(
                    dir,
                    format!("`{}` is not a direction a pawn can move", dir.get_ref()),
                )
                .help("a side's pawns move \"up\" (to rank 8), \"down\", \"left\" (to the a-file) or \"right\", as the diagrams draw the board");
                if let Some(m) = crate::suggest::nearest(&word, names.iter().copied()) {
                    p = p.fix(Some(crate::config::toml_string(m)));
                }
                problems.push(p);
            }
        }
    }
    if problems.is_empty() {
        Ok(dirs)
    } else {
        Err(problems)
    }
}

/// One move of a turn: by the side whose turn it is, or with the other
/// side's pieces (One-two Chess).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TurnMove {
    Own,
    Other,
}

/// `moves_per_turn = 2` or `moves_per_turn = ["other", "own", "own"]`.
pub fn parse_moves_per_turn(value: &Spanned<toml::Value>) -> Result<Vec<TurnMove>, Problem> {
    let help = "write how many moves a turn holds (`moves_per_turn = 2`), or whose pieces each move of a turn moves: moves_per_turn = [\"other\", \"own\", \"own\"]";
    let turn = match value.get_ref() {
        toml::Value::Integer(n @ 1..=4) => vec![TurnMove::Own; *n as usize],
        toml::Value::Integer(n) => {
            return Err(Problem::at(
                value,
                format!("`moves_per_turn = {n}` is not a number of moves from 1 to 4"),
            )
            .help(help));
        }
        toml::Value::Array(items) if (1..=4).contains(&items.len()) => {
            let mut turn = Vec::new();
            for item in items {
                match item.as_str().map(str::trim) {
                    Some("own") => turn.push(TurnMove::Own),
                    Some("other" | "opponent" | "opponent's") => turn.push(TurnMove::Other),
                    _ => {
                        return Err(Problem::at(
                            value,
                            format!(
                                "`{}` in moves_per_turn is neither \"own\" nor \"other\"",
                                written(item)
                            ),
                        )
                        .help(help));
                    }
                }
            }
            turn
        }
        other => {
            return Err(Problem::at(
                value,
                format!("`moves_per_turn = {}` is not a turn", written(other)),
            )
            .help(help));
        }
    };
    if !turn.contains(&TurnMove::Own) {
        return Err(Problem::at(
            value,
            "a turn in which a side moves none of its own pieces is never over for it",
        )
        .help(help));
    }
    Ok(turn)
}

/// `transparent = "all" | "own" | "enemy"`: which pieces a rook, bishop or
/// queen may move through.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Transparent {
    All,
    Own,
    Enemy,
}

pub fn parse_transparent(value: &Spanned<String>) -> Result<Transparent, Problem> {
    match value.get_ref().trim().to_ascii_lowercase().as_str() {
        "all" => Ok(Transparent::All),
        "own" | "friendly" => Ok(Transparent::Own),
        "enemy" | "opponent" => Ok(Transparent::Enemy),
        other => {
            let mut p = Problem::at(
                value,
                format!("`transparent = {}` names no pieces", crate::config::toml_string(other)),
            )
            .help("write `transparent = \"all\"`, `\"own\"` or `\"enemy\"`: the pieces a rook, bishop or queen may move through");
            if let Some(m) = crate::suggest::nearest(other, ["all", "own", "enemy"]) {
                p = p
                    .help(format!("did you mean `{m}`? write `transparent = \"all\"`, `\"own\"` or `\"enemy\"`: the pieces a rook, bishop or queen may move through"))
                    .fix(Some(crate::config::toml_string(m)));
            }
            Err(p)
        }
    }
}

/// `deadly_pawns`: where a pawn eliminates enemy pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Deadly {
    /// On the squares it would capture on.
    Diagonal,
    /// On the eight squares around it.
    Adjacent,
}

pub fn parse_deadly(value: &Spanned<String>) -> Result<Deadly, Problem> {
    match value.get_ref().trim().to_ascii_lowercase().as_str() {
        "diagonal" => Ok(Deadly::Diagonal),
        "adjacent" => Ok(Deadly::Adjacent),
        other => {
            let help = "write `deadly_pawns = \"diagonal\"` (the squares diagonally in front of a pawn) or `\"adjacent\"` (the eight around it)";
            let meant = crate::suggest::nearest(other, ["diagonal", "adjacent"]);
            Err(Problem::at(
                value,
                format!(
                    "`deadly_pawns = {}` is neither \"diagonal\" nor \"adjacent\"",
                    crate::config::toml_string(other)
                ),
            )
            .help(match meant {
                Some(m) => format!("did you mean `{m}`? {help}"),
                None => help.to_string(),
            })
            .fix(meant.map(crate::config::toml_string)))
        }
    }
}
