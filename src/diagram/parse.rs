//! Diagram text to typed diagram. Every problem is collected; a diagram with
//! any problem is not returned.

use std::sync::Arc;

use super::*;
use crate::diagnostic::Diagnostic;
use crate::source::{SourceFile, Span};

/// The header line of a `type: cards` table.
pub const CARD_TABLE_HEADER: [&str; 3] = ["Piece", "Cards", "Gap"];

/// The largest margin or position, in squares either way (the seeds use
/// up to 12): it bounds a picture at 48 squares a side.
pub const MAX_OFFSET: f64 = 20.0;

/// The longest `text:` or `corner text:` label, in characters. Labels are
/// shaped and laid out on one line; the seeds' longest has 9.
pub const MAX_LABEL_CHARS: usize = 80;

const MASQUERADE_COLUMNS: usize = 5;
const CARD_CELLS: usize = 8;

/// One line of the block, without its indentation.
#[derive(Clone, Copy)]
struct Line<'a> {
    text: &'a str,
    start: usize,
}

impl<'a> Line<'a> {
    fn span(&self) -> Span {
        Span::new(self.start, self.start + self.text.len())
    }

    fn sub(&self, part: &str) -> Span {
        let offset = part.as_ptr() as usize - self.text.as_ptr() as usize;
        Span::new(self.start + offset, self.start + offset + part.len())
    }

    /// Whitespace-separated tokens with their spans.
    fn tokens(&self) -> Vec<(&'a str, Span)> {
        self.text
            .split_whitespace()
            .map(|t| (t, self.sub(t)))
            .collect()
    }
}

struct Parser<'s> {
    src: &'s Arc<SourceFile>,
    diags: Vec<Diagnostic>,
    /// Every card symbol used, kept even when the diagram has other errors,
    /// so the book can check them all against its card table.
    card_symbols: Vec<(String, Span)>,
}

impl Parser<'_> {
    fn error(&mut self, span: Span, message: impl Into<String>) {
        self.diags
            .push(Diagnostic::error(self.src, span, message.into()));
    }

    fn error_help(&mut self, span: Span, message: impl Into<String>, help: impl Into<String>) {
        self.diags
            .push(Diagnostic::error(self.src, span, message.into()).with_help(help));
    }

    /// An error whose help suggests a known name close to the word at
    /// `span`: that name is also the error's fix.
    fn error_suggest<'a>(
        &mut self,
        span: Span,
        message: impl Into<String>,
        (word, known, general): (&str, impl IntoIterator<Item = &'a str>, &str),
    ) {
        let (help, fix) = crate::suggest::help_and_fix(word, known, general);
        let mut d = Diagnostic::error(self.src, span, message.into()).with_help(help);
        if let Some(name) = fix {
            d = d.with_fix(name);
        }
        self.diags.push(d);
    }
}

/// Parses the diagram block at `span` (whole lines, indentation included).
/// Problems go to `diags`; `None` when there were any.
pub fn parse_diagram(
    src: &Arc<SourceFile>,
    span: Span,
    diags: &mut Vec<Diagnostic>,
) -> Option<Diagram> {
    parse_diagram_block(src, span, diags).0
}

/// As [`parse_diagram`], and also every card symbol the block uses, with
/// its span, whether or not the block had other problems.
pub fn parse_diagram_block(
    src: &Arc<SourceFile>,
    span: Span,
    diags: &mut Vec<Diagnostic>,
) -> (Option<Diagram>, Vec<(String, Span)>) {
    let mut lines = Vec::new();
    let mut offset = span.start;
    for raw in crate::source::lines_inclusive(&src.text[span.range()]) {
        let body = raw.trim_end_matches(['\n', '\r']);
        let trimmed = body.trim_start();
        let indent = body.len() - trimmed.len();
        let text = trimmed.trim_end();
        if !text.is_empty() {
            lines.push(Line {
                text,
                start: offset + indent,
            });
        }
        offset += raw.len();
    }
    let mut p = Parser {
        src,
        diags: Vec::new(),
        card_symbols: Vec::new(),
    };
    let kind = match lines.first() {
        None => None,
        Some(first) if split_attribute(first).is_some_and(|(name, _)| name == "type") => {
            parse_grid(&mut p, &lines).map(DiagramKind::Grid)
        }
        Some(_) => parse_board(&mut p, &lines).map(DiagramKind::Board),
    };
    let ok = p.diags.is_empty();
    diags.append(&mut p.diags);
    let diagram = match kind {
        Some(kind) if ok => Some(Diagram { kind, span }),
        _ => None,
    };
    (diagram, p.card_symbols)
}

/// `name: rest`, split at the first colon.
fn split_attribute<'a>(line: &Line<'a>) -> Option<(&'a str, &'a str)> {
    let (name, rest) = line.text.split_once(':')?;
    Some((name.trim(), rest))
}

/// Comma-separated values, trimmed, with spans.
fn values<'a>(line: &Line<'a>, rest: &'a str) -> Vec<(&'a str, Span)> {
    rest.split(',')
        .map(|v| {
            let t = v.trim();
            // An empty value points at where it would be.
            let at = if t.is_empty() { v } else { t };
            (t, line.sub(at))
        })
        .collect()
}

fn parse_board(p: &mut Parser, lines: &[Line]) -> Option<BoardDiagram> {
    let mut diagram = BoardDiagram {
        board: Board::default(),
        square_spans: vec![Span::default(); 64],
        arrows: Vec::new(),
        margins: Margins::default(),
        margins_span: None,
        cards: Vec::new(),
        checkers: None,
        texts: Vec::new(),
        corner_texts: Vec::new(),
        rects: Vec::new(),
    };
    let row_count = lines
        .iter()
        .take_while(|l| split_attribute(l).is_none())
        .count();
    for (row, line) in lines[..row_count].iter().enumerate() {
        if row >= 8 {
            p.error_help(
                line.span(),
                format!("a board has 8 rows; this is row {}", row + 1),
                "after the eight rows come `name: value` lines such as `arrow: e2, e4, white`",
            );
            continue;
        }
        parse_row(p, &mut diagram, line, 8 - row as u8);
    }
    if row_count < 8 {
        let at = lines
            .get(row_count)
            .or(lines.last())
            .map(|l| l.span())
            .unwrap_or_default();
        p.error_help(
            at,
            format!(
                "the board has {row_count} row{} before this line; it needs 8",
                plural(row_count)
            ),
            "a board diagram starts with 8 rows of 8 squares, rank 8 first",
        );
    }
    for line in &lines[row_count..] {
        parse_board_attribute(p, &mut diagram, line);
    }
    Some(diagram)
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

fn parse_row(p: &mut Parser, diagram: &mut BoardDiagram, line: &Line, rank: u8) {
    let tokens = line.tokens();
    if tokens.len() != 8 {
        p.error_help(
            line.span(),
            format!(
                "this row of the board has {} square{}; a row needs 8",
                tokens.len(),
                plural(tokens.len())
            ),
            "write one token per square, separated by spaces: a piece letter or `.`",
        );
    }
    for (file, (token, span)) in tokens.into_iter().enumerate().take(8) {
        let sq = Square::new(file as u8, rank);
        diagram.square_spans[sq.index()] = span;
        let mut chars = token.chars();
        let piece = match (chars.next(), chars.next()) {
            (Some('.'), None) => None,
            (Some(c), None) => match Piece::from_char(c) {
                Some(piece) => Some(piece),
                None => {
                    unknown_piece(p, token, span);
                    None
                }
            },
            _ => {
                unknown_piece(p, token, span);
                None
            }
        };
        diagram.board.set(sq, piece);
    }
}

fn unknown_piece(p: &mut Parser, token: &str, span: Span) {
    const PIECES: &str =
        "pieces are K Q R B N P for White, k q r b n p for Black, and `.` for an empty square";
    let squares: Vec<String> = token.chars().map(String::from).collect();
    let suggestion = match token {
        // A knight by another language's letter or by its shape.
        "S" | "H" => Some(("N".to_string(), "did you mean `N`, the knight?".to_string())),
        "s" | "h" => Some(("n".to_string(), "did you mean `n`, the knight?".to_string())),
        "-" | "_" | "0" | "*" | "," | "·" => Some((
            ".".to_string(),
            "did you mean `.`, an empty square?".to_string(),
        )),
        // Squares written without the space between them.
        _ if squares.len() > 1
            && squares
                .iter()
                .all(|c| c == "." || c.chars().all(|c| Piece::from_char(c).is_some())) =>
        {
            let spaced = squares.join(" ");
            let text = format!(
                "did you mean `{spaced}`? each square is its own token, separated by spaces;"
            );
            Some((spaced, text))
        }
        _ => None,
    };
    let message = format!("unknown piece `{token}` on the board");
    match suggestion {
        Some((fix, s)) => p.diags.push(
            Diagnostic::error(p.src, span, message)
                .with_help(format!("{s} {PIECES}"))
                .with_fix(fix),
        ),
        None => p.error_help(span, message, PIECES),
    }
}

const LINE_NAMES: &str = "arrow, margins, card, checkers, text, corner text and rect";

/// The names a board diagram's lines may start with, as `LINE_NAMES` lists
/// them (for an editor's completion).
pub fn line_names() -> impl Iterator<Item = &'static str> {
    LINE_NAMES.split(", ").flat_map(|n| n.split(" and "))
}

/// A grid diagram's kinds, for `type:`.
pub const GRID_TYPES: [&str; 3] = ["masquerade", "cloak", "cards"];

/// The arrow colours, as written.
pub const ARROW_COLOURS: [&str; 3] = ["white", "black", "grey"];

fn parse_board_attribute(p: &mut Parser, diagram: &mut BoardDiagram, line: &Line) {
    let Some((name, rest)) = split_attribute(line) else {
        p.error_help(
            line.span(),
            "expected a `name: value` line after the board's 8 rows",
            format!("the line names are {LINE_NAMES}"),
        );
        return;
    };
    let name_span = line.sub(name);
    match name {
        "arrow" => {
            let v = values(line, rest);
            if !count_is(p, line, name, &v, &[3], "FROM, TO, COLOUR") {
                return;
            }
            let from = parse_square(p, v[0], true);
            let to = parse_square(p, v[1], true);
            let colour = match v[2].0.to_ascii_lowercase().as_str() {
                "white" => Some(ArrowColour::White),
                "black" => Some(ArrowColour::Black),
                "grey" | "gray" => Some(ArrowColour::Grey),
                _ => {
                    p.error_suggest(
                        v[2].1,
                        format!("unknown arrow colour `{}`", v[2].0),
                        (
                            v[2].0,
                            ARROW_COLOURS,
                            "arrow colours are white, black and grey",
                        ),
                    );
                    None
                }
            };
            if let (Some(from), Some(to), Some(colour)) = (from, to, colour) {
                diagram.arrows.push(Arrow {
                    from,
                    to,
                    colour,
                    span: line.span(),
                    from_span: v[0].1,
                    to_span: v[1].1,
                });
            }
        }
        "margins" => {
            let v = values(line, rest);
            if diagram.margins_span.is_some() {
                p.error(name_span, "margins are given twice in this diagram");
                return;
            }
            diagram.margins_span = Some(line.span());
            if v.len() != 2 && v.len() != 4 {
                p.error_help(
                    line.sub(rest.trim()),
                    format!("margins need 2 or 4 numbers, not {}", v.len()),
                    "`margins: SIDES, TOP_AND_BOTTOM` or `margins: LEFT, TOP, RIGHT, BOTTOM`, in squares",
                );
                return;
            }
            let n: Vec<Option<f64>> = v.iter().map(|&x| parse_offset(p, x)).collect();
            let Some(n) = n.into_iter().collect::<Option<Vec<f64>>>() else {
                return;
            };
            diagram.margins = if n.len() == 2 {
                Margins {
                    left: n[0],
                    top: n[1],
                    right: n[0],
                    bottom: n[1],
                }
            } else {
                Margins {
                    left: n[0],
                    top: n[1],
                    right: n[2],
                    bottom: n[3],
                }
            };
            if 8.0 + diagram.margins.left + diagram.margins.right <= 0.0
                || 8.0 + diagram.margins.top + diagram.margins.bottom <= 0.0
            {
                p.error(
                    line.sub(rest.trim()),
                    "these margins leave nothing to draw: the width or height is zero or less",
                );
            }
        }
        "card" => {
            let v = values(line, rest);
            if !count_is(p, line, name, &v, &[3], "SYMBOL, X, Y") {
                return;
            }
            let (x, y) = (parse_offset(p, v[1]), parse_offset(p, v[2]));
            if v[0].0.is_empty() {
                p.error(v[0].1, "the card has no symbol");
                return;
            }
            p.card_symbols.push((v[0].0.to_string(), v[0].1));
            // Whether the symbol is known depends on the book's card table;
            // the book checks it once every table is read.
            if let (Some(x), Some(y)) = (x, y) {
                diagram.cards.push(Card {
                    symbol: v[0].0.to_string(),
                    x,
                    y,
                    span: line.span(),
                    symbol_span: v[0].1,
                });
            }
        }
        "checkers" => {
            let v = values(line, rest);
            if !count_is(p, line, name, &v, &[2], "WHITE, BLACK") {
                return;
            }
            if diagram.checkers.is_some() {
                p.error(name_span, "checkers are given twice in this diagram");
                return;
            }
            let white = parse_count(p, v[0]);
            let black = parse_count(p, v[1]);
            if let (Some(white), Some(black)) = (white, black) {
                diagram.checkers = Some(Checkers {
                    white,
                    black,
                    span: line.span(),
                });
            }
        }
        "text" | "corner text" => {
            // The label may hold colons and commas: X and Y are the last two values.
            let mut parts = rest.rsplitn(3, ',');
            let (Some(y), Some(x), Some(label)) = (parts.next(), parts.next(), parts.next()) else {
                p.error_help(
                    line.span(),
                    format!("`{name}` needs a label and a position"),
                    format!("write `{name}: LABEL, X, Y`"),
                );
                return;
            };
            let x = parse_offset(p, (x.trim(), line.sub(x.trim())));
            let y = parse_offset(p, (y.trim(), line.sub(y.trim())));
            let label_text = label.trim();
            let chars = label_text.chars().count();
            if chars > MAX_LABEL_CHARS {
                p.error_help(
                    line.sub(label_text),
                    format!("this label has {chars} characters; a label may have at most {MAX_LABEL_CHARS}"),
                    "a label is drawn on one line beside the board; put longer text in the rulebook's prose",
                );
                return;
            }
            if let (Some(x), Some(y)) = (x, y) {
                let label = TextLabel {
                    text: label.trim().to_string(),
                    x,
                    y,
                    span: line.span(),
                };
                if name == "text" {
                    diagram.texts.push(label);
                } else {
                    diagram.corner_texts.push(label);
                }
            }
        }
        "rect" => {
            let v = values(line, rest);
            if !count_is(p, line, name, &v, &[4], "X1, Y1, X2, Y2") {
                return;
            }
            let n: Vec<Option<u8>> = v
                .iter()
                .map(|&(text, span)| {
                    let n = parse_number(p, (text, span))?;
                    if n.fract() != 0.0 || !(1.0..=8.0).contains(&n) {
                        p.error_help(
                            span,
                            format!("`{text}` is off the board"),
                            "rect corners are file and rank numbers from 1 to 8",
                        );
                        return None;
                    }
                    Some(n as u8)
                })
                .collect();
            if let [Some(x1), Some(y1), Some(x2), Some(y2)] = n[..] {
                diagram.rects.push(Rect {
                    files: (x1.min(x2), x1.max(x2)),
                    ranks: (y1.min(y2), y1.max(y2)),
                    span: line.span(),
                });
            }
        }
        "type" => p.error_help(
            name_span,
            "`type:` must be the first line of a diagram",
            "a grid diagram starts with `type: masquerade`, `type: cloak` or `type: cards`",
        ),
        _ => p.error_suggest(
            name_span,
            format!("unknown line name `{name}`"),
            (
                name,
                line_names(),
                &format!("the line names are {LINE_NAMES}"),
            ),
        ),
    }
}

fn count_is(
    p: &mut Parser,
    line: &Line,
    name: &str,
    v: &[(&str, Span)],
    counts: &[usize],
    form: &str,
) -> bool {
    if counts.contains(&v.len()) {
        return true;
    }
    p.error_help(
        line.span(),
        format!(
            "`{name}` needs {} value{}, not {}",
            counts[0],
            plural(counts[0]),
            v.len()
        ),
        format!("write `{name}: {form}`"),
    );
    false
}

/// A margin or a position, in squares: a number within [`MAX_OFFSET`] of
/// the board, so no picture grows past what can be drawn.
fn parse_offset(p: &mut Parser, (text, span): (&str, Span)) -> Option<f64> {
    let n = parse_number(p, (text, span))?;
    if n.abs() > MAX_OFFSET {
        p.error_help(
            span,
            format!("`{text}` is too far from the board"),
            format!("margins and positions are at most {MAX_OFFSET} squares, either way"),
        );
        return None;
    }
    Some(n)
}

fn parse_number(p: &mut Parser, (text, span): (&str, Span)) -> Option<f64> {
    match text.parse::<f64>() {
        Ok(n) if n.is_finite() => Some(n),
        _ => {
            p.error(span, format!("`{text}` is not a number"));
            None
        }
    }
}

fn parse_count(p: &mut Parser, (text, span): (&str, Span)) -> Option<u32> {
    match text.parse::<u32>() {
        Ok(n) => Some(n),
        Err(_) => {
            p.error(
                span,
                format!("`{text}` is not a count: write a whole number of checkers"),
            );
            None
        }
    }
}

/// `e4`; ranks 0 and 9 (just off the board) only where `margin_ranks`.
fn parse_square(p: &mut Parser, (text, span): (&str, Span), margin_ranks: bool) -> Option<Square> {
    let bytes = text.as_bytes();
    let well_formed = bytes.len() >= 2
        && bytes[0].is_ascii_alphabetic()
        && bytes[1..].iter().all(u8::is_ascii_digit);
    if !well_formed {
        p.error_help(
            span,
            format!("`{text}` is not a square"),
            "a square is a file letter and a rank number, such as `e4`",
        );
        return None;
    }
    let file = bytes[0].to_ascii_lowercase();
    let rank: u32 = text[1..].parse().unwrap_or(u32::MAX);
    let lowest = if margin_ranks { 0 } else { 1 };
    let highest = if margin_ranks { 9 } else { 8 };
    if !(b'a'..=b'h').contains(&file) || rank < lowest || rank > highest {
        p.error_help(
            span,
            format!("the square `{text}` is off the board"),
            "files run from a to h and ranks from 1 to 8; ranks 0 and 9 draw in the margin",
        );
        return None;
    }
    Some(Square::new(file - b'a', rank as u8))
}

fn parse_grid(p: &mut Parser, lines: &[Line]) -> Option<Grid> {
    let first = lines[0];
    let (_, rest) = split_attribute(&first)?;
    let kind = rest.trim();
    let body = &lines[1..];
    match kind {
        "masquerade" => parse_masquerade(p, &first, body).map(Grid::Masquerade),
        "cloak" => parse_cloak(p, &first, body).map(Grid::Cloak),
        "cards" => parse_cards(p, &first, body).map(Grid::Cards),
        _ => {
            p.error_suggest(
                first.sub(kind),
                format!("unknown diagram type `{kind}`"),
                (
                    kind,
                    GRID_TYPES,
                    "the grid types are masquerade, cloak and cards",
                ),
            );
            None
        }
    }
}

fn parse_mark(p: &mut Parser, (token, span): (&str, Span)) -> MarkCell {
    let mark = match token {
        "." => Mark::Empty,
        "O" | "o" => Mark::Circle,
        "X" | "x" => Mark::Cross,
        "_" => Mark::Blank,
        _ => {
            p.error_help(
                span,
                format!("unknown mark `{token}`"),
                "grid cells are `O` (a circle), `X` (a cross), `.` (empty) or `_` (a line to write on)",
            );
            Mark::Empty
        }
    };
    MarkCell { mark, span }
}

fn parse_role(p: &mut Parser, (token, span): (&str, Span), what: &str) -> Option<Role> {
    let role = if token.len() == 1 {
        token
            .chars()
            .next()
            .filter(char::is_ascii_uppercase)
            .and_then(Role::from_letter)
    } else {
        None
    };
    if role.is_none() {
        p.error_help(
            span,
            format!("unknown piece `{token}` {what}"),
            "use the upper-case piece letters K Q R B N",
        );
    }
    role
}

fn missing_header(p: &mut Parser, first: &Line, expected: &str) {
    p.error_help(
        first.span(),
        "the grid has no header line",
        format!("the line after `type:` is the header: `{expected}`"),
    );
}

fn parse_masquerade(p: &mut Parser, first: &Line, body: &[Line]) -> Option<MasqueradeGrid> {
    const HEADER: &str = ". K Q R B N combo";
    let Some(header) = body.first() else {
        missing_header(p, first, HEADER);
        return None;
    };
    let tokens = header.tokens();
    let shape_ok = tokens.len() == MASQUERADE_COLUMNS + 2
        && tokens[0].0 == "."
        && tokens[MASQUERADE_COLUMNS + 1].0 == "combo";
    if !shape_ok {
        p.error_help(
            header.span(),
            "this is not a masquerade header",
            format!("the header is `{HEADER}`"),
        );
        return None;
    }
    let columns: Vec<Role> = tokens[1..=MASQUERADE_COLUMNS]
        .iter()
        .filter_map(|&t| parse_role(p, t, "in the header"))
        .collect();
    let mut rows = Vec::new();
    for line in &body[1..] {
        let tokens = line.tokens();
        let role = parse_role(p, tokens[0], "at the start of the row");
        if tokens.len() < MASQUERADE_COLUMNS + 2 {
            p.error_help(
                line.span(),
                format!(
                    "this row is short: it has {} cell{} after the piece; it needs {}",
                    tokens.len() - 1,
                    plural(tokens.len() - 1),
                    MASQUERADE_COLUMNS + 1
                ),
                "write a mark for each of K Q R B N, then the combo (or `_`)",
            );
            continue;
        }
        if tokens.len() > MASQUERADE_COLUMNS + 2 {
            p.error(
                tokens[MASQUERADE_COLUMNS + 2].1,
                "this row has more cells than the header",
            );
            continue;
        }
        let marks = tokens[1..=MASQUERADE_COLUMNS]
            .iter()
            .map(|&t| parse_mark(p, t))
            .collect();
        let (combo, combo_span) = tokens[MASQUERADE_COLUMNS + 1];
        if let Some(role) = role {
            rows.push(MasqueradeRow {
                role,
                role_span: tokens[0].1,
                marks,
                combo: (combo != "_").then(|| combo.to_string()),
                combo_span,
                span: line.span(),
            });
        }
    }
    Some(MasqueradeGrid { columns, rows })
}

fn parse_cloak(p: &mut Parser, first: &Line, body: &[Line]) -> Option<CloakGrid> {
    const HEADER: &str = ". 1 2 3 4 5 6 7 8";
    let Some(header) = body.first() else {
        missing_header(p, first, HEADER);
        return None;
    };
    let tokens = header.tokens();
    if tokens.first().map(|t| t.0) != Some(".") || tokens.len() < 2 {
        p.error_help(
            header.span(),
            "this is not a cloak header",
            format!("the header is `{HEADER}`"),
        );
        return None;
    }
    let mut columns = Vec::new();
    for &(text, span) in &tokens[1..] {
        match text.parse::<u8>() {
            Ok(n) if (1..=8).contains(&n) => columns.push(n),
            _ => p.error_help(
                span,
                format!("`{text}` is not a checker number"),
                "the cloak header numbers the checkers 1 to 8",
            ),
        }
    }
    let mut rows = Vec::new();
    for line in &body[1..] {
        let tokens = line.tokens();
        let role = parse_role(p, tokens[0], "at the start of the row");
        if tokens.len() - 1 > columns.len() {
            p.error(
                tokens[columns.len() + 1].1,
                "this row has more cells than the header",
            );
            continue;
        }
        let marks = tokens[1..].iter().map(|&t| parse_mark(p, t)).collect();
        if let Some(role) = role {
            rows.push(CloakRow {
                role,
                role_span: tokens[0].1,
                marks,
                span: line.span(),
            });
        }
    }
    Some(CloakGrid { columns, rows })
}

fn parse_cards(p: &mut Parser, first: &Line, body: &[Line]) -> Option<CardsGrid> {
    let header_text = CARD_TABLE_HEADER.join(" ");
    let Some(header) = body.first() else {
        missing_header(p, first, &header_text);
        return None;
    };
    let tokens: Vec<&str> = header.tokens().iter().map(|t| t.0).collect();
    if tokens != CARD_TABLE_HEADER {
        p.error_help(
            header.span(),
            "this is not a card table header",
            format!("the header is `{header_text}`"),
        );
        return None;
    }
    let mut rows = Vec::new();
    for line in &body[1..] {
        let tokens = line.tokens();
        let (symbol, symbol_span) = tokens[0];
        if tokens.len() != CARD_CELLS + 2 {
            let what = if tokens.len() < CARD_CELLS + 2 {
                "short"
            } else {
                "long"
            };
            p.error_help(
                line.span(),
                format!(
                    "this row is {what}: it has {} cell{} after the symbol; it needs {}",
                    tokens.len() - 1,
                    plural(tokens.len() - 1),
                    CARD_CELLS + 1
                ),
                "write 8 card cells (such as `10H`, or `_`) and then the gap (a number, or `_`)",
            );
            continue;
        }
        if symbol == "back" || symbol == "_" {
            p.error(
                symbol_span,
                format!("`{symbol}` cannot be a symbol in the card table"),
            );
            continue;
        }
        let cells = tokens[1..=CARD_CELLS]
            .iter()
            .map(|&(text, span)| CardCell {
                card: parse_playing_card(p, text, span),
                span,
            })
            .collect();
        let (gap_text, gap_span) = tokens[CARD_CELLS + 1];
        let gap = if gap_text == "_" {
            None
        } else {
            match gap_text.parse::<u8>() {
                Ok(n) if n <= 63 => Some(n),
                _ => {
                    p.error_help(
                        gap_span,
                        format!("`{gap_text}` is not a gap"),
                        "the gap is the number of empty squares to leave before the piece, or `_`",
                    );
                    None
                }
            }
        };
        rows.push(CardRow {
            symbol: symbol.to_string(),
            symbol_span,
            cells,
            gap,
            gap_span,
            span: line.span(),
        });
    }
    Some(CardsGrid { rows })
}

fn parse_playing_card(p: &mut Parser, text: &str, span: Span) -> Option<PlayingCard> {
    if text == "_" {
        return None;
    }
    let parsed = (|| {
        let suit = match text.chars().last()?.to_ascii_uppercase() {
            'S' => Suit::Spades,
            'H' => Suit::Hearts,
            'D' => Suit::Diamonds,
            'C' => Suit::Clubs,
            _ => return None,
        };
        let rank = match &text[..text.len() - 1] {
            "A" | "a" => 1,
            "J" | "j" => 11,
            "Q" | "q" => 12,
            "K" | "k" => 13,
            n => n.parse::<u8>().ok().filter(|n| (2..=10).contains(n))?,
        };
        Some(PlayingCard { rank, suit })
    })();
    if parsed.is_none() {
        p.error_help(
            span,
            format!("`{text}` is not a playing card"),
            "a card is a rank (A, 2 to 10, J, Q, K) and a suit (S, H, D, C), such as `10H`, or `_`",
        );
    }
    parsed
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> (Option<Diagram>, Vec<Diagnostic>) {
        let src = SourceFile::new("t.md", text);
        let mut diags = Vec::new();
        let d = parse_diagram(&src, Span::new(0, text.len()), &mut diags);
        (d, diags)
    }

    fn board(text: &str) -> BoardDiagram {
        let (d, diags) = parse(text);
        assert!(diags.is_empty(), "{:?}", diags);
        d.unwrap().as_board().unwrap().clone()
    }

    const START: &str = "    r n b q k b n r
    p p p p p p p p
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    P P P P P P P P
    R N B Q K B N R
";

    fn messages(diags: &[Diagnostic]) -> Vec<String> {
        diags
            .iter()
            .map(|d| format!("{}: {}", d.line_col().unwrap(), d.message))
            .collect()
    }

    #[test]
    fn parses_the_start_position() {
        let b = board(START);
        assert_eq!(
            b.board.get(Square::new(4, 1)),
            Some(Piece::new(Color::White, Role::King))
        );
        assert_eq!(
            b.board.get(Square::new(3, 8)),
            Some(Piece::new(Color::Black, Role::Queen))
        );
        assert_eq!(b.board.get(Square::new(4, 4)), None);
        assert_eq!(b.board.pieces().count(), 32);
        // a8 is the first token of the first line, at column 5
        let src = SourceFile::new("t.md", START);
        assert_eq!(src.line_col(b.square_span(Square::new(0, 8)).start).col, 5);
    }

    #[test]
    fn parses_every_line_kind() {
        let text = format!(
            "{START}    arrow: e0, c0, grey
    arrow: b6,b6,white
    margins: 0, 1, 4.5, -1
    card: back, 8.5, -0.75
    checkers: 4, 5
    text: 1: Walter, 10.5, 1
    corner text: 3, 3, 1
    rect: 1, 1, 4, 8
"
        );
        let b = board(&text);
        assert_eq!(b.arrows.len(), 2);
        assert_eq!(b.arrows[0].from, Square::new(4, 0));
        assert_eq!(b.arrows[0].colour, ArrowColour::Grey);
        assert!(b.arrows[1].is_ring());
        assert_eq!(
            b.margins,
            Margins {
                left: 0.0,
                top: 1.0,
                right: 4.5,
                bottom: -1.0
            }
        );
        assert_eq!(b.cards[0].symbol, "back");
        assert_eq!(b.cards[0].y, -0.75);
        assert_eq!(b.checkers.as_ref().unwrap().black, 5);
        assert_eq!(b.texts[0].text, "1: Walter");
        assert_eq!((b.texts[0].x, b.texts[0].y), (10.5, 1.0));
        assert_eq!(b.corner_texts[0].text, "3");
        assert_eq!(b.rects[0].files, (1, 4));
        assert_eq!(b.rects[0].ranks, (1, 8));
    }

    #[test]
    fn two_margins_mean_sides_and_top_bottom() {
        let b = board(&format!("{START}    margins: 3, 0\n"));
        assert_eq!((b.margins.left, b.margins.right), (3.0, 3.0));
        assert_eq!((b.margins.top, b.margins.bottom), (0.0, 0.0));
    }

    #[test]
    fn reports_every_problem_with_its_column() {
        let text = "    r n b q k b n r
    p p p p p p p
    . . . . x . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    P P P P P P P P
    R N B Q K B N R
    arrow: e9, i4, purple
    margins: 1, 2, 3
    card: K, 8.5, abc
    wibble: 1
    checkers: 4, -1
    rect: 0, 1, 4, 8
";
        let (d, diags) = parse(text);
        assert!(d.is_none());
        assert_eq!(
            messages(&diags),
            vec![
                "2:5: this row of the board has 7 squares; a row needs 8",
                "3:13: unknown piece `x` on the board",
                "9:16: the square `i4` is off the board",
                "9:20: unknown arrow colour `purple`",
                "10:14: margins need 2 or 4 numbers, not 3",
                "11:19: `abc` is not a number",
                "12:5: unknown line name `wibble`",
                "13:18: `-1` is not a count: write a whole number of checkers",
                "14:11: `0` is off the board",
            ]
        );
    }

    /// A misspelt name or a slip of the keyboard gets the name it misses.
    #[test]
    fn a_near_miss_gets_a_did_you_mean() {
        let text = "    r n b q k b n r
    p p p p p p p p
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . S - . .
    P P P P P P PP .
    R N B Q K B N R
    arow: e2, e4, white
    arrow: e2, e4, whtie
    corner txet: 3
";
        let (_, diags) = parse(text);
        let helps: Vec<(String, &str)> = diags
            .iter()
            .map(|d| (d.message.clone(), d.help.as_deref().unwrap_or("")))
            .collect();
        let help_of = |message: &str| {
            helps
                .iter()
                .find(|(m, _)| m == message)
                .map(|(_, h)| *h)
                .unwrap_or_else(|| panic!("no `{message}` in {helps:?}"))
        };
        assert!(
            help_of("unknown piece `S` on the board").starts_with("did you mean `N`, the knight?")
        );
        assert!(
            help_of("unknown piece `-` on the board")
                .starts_with("did you mean `.`, an empty square?")
        );
        assert!(help_of("unknown piece `PP` on the board").starts_with("did you mean `P P`?"));
        assert!(
            help_of("unknown line name `arow`")
                .starts_with("did you mean `arrow`? the line names are")
        );
        assert!(help_of("unknown arrow colour `whtie`").starts_with("did you mean `white`?"));
        assert!(
            help_of("unknown line name `corner txet`").starts_with("did you mean `corner text`?")
        );
        // Each guess is also the edit an editor offers, over the word.
        let fixes: Vec<(&str, &str)> = diags
            .iter()
            .filter_map(|d| {
                let fix = d.fix.as_ref()?;
                Some((&text[fix.span.range()], fix.text.as_str()))
            })
            .collect();
        assert_eq!(
            fixes,
            [
                ("S", "N"),
                ("-", "."),
                ("PP", "P P"),
                ("arow", "arrow"),
                ("whtie", "white"),
                ("corner txet", "corner text"),
            ]
        );
        // No guess where nothing is near.
        let (_, diags) = parse(
            "    . . . . x . . .\n    . . . . . . . .\n    . . . . . . . .\n    . . . . . . . .\n    . . . . . . . .\n    . . . . . . . .\n    . . . . . . . .\n    . . . . . . . .\n    wibble: 1\n",
        );
        assert!(
            diags
                .iter()
                .all(|d| !d.help.as_deref().unwrap_or("").contains("did you mean")),
            "{diags:?}"
        );
    }

    #[test]
    fn a_short_board_is_an_error() {
        let (d, diags) = parse("    . . . . . . . .\n    arrow: e2, e4, white\n");
        assert!(d.is_none());
        assert_eq!(
            messages(&diags),
            vec!["2:5: the board has 1 row before this line; it needs 8"]
        );
    }

    #[test]
    fn margins_that_leave_nothing_are_an_error() {
        let (_, diags) = parse(&format!("{START}    margins: -9, 0, 0, 0\n"));
        assert_eq!(diags.len(), 1, "{diags:?}");
        assert!(diags[0].message.contains("nothing to draw"));
        board(&format!("{START}    margins: -9, 0, 4, 0\n"));
    }

    #[test]
    fn parses_a_masquerade_grid() {
        let (d, diags) = parse(
            "    type: masquerade
    . K Q R B N combo
    K . . O . . KR
    Q O . . . . _
",
        );
        assert!(diags.is_empty(), "{diags:?}");
        let Some(Grid::Masquerade(g)) = d.unwrap().as_grid().cloned() else {
            panic!("not a masquerade grid");
        };
        assert_eq!(g.columns[2], Role::Rook);
        assert_eq!(g.rows[0].marks[2].mark, Mark::Circle);
        assert_eq!(g.rows[0].combo.as_deref(), Some("KR"));
        assert_eq!(g.rows[1].combo, None);
    }

    #[test]
    fn a_short_masquerade_row_is_an_error() {
        let (d, diags) = parse("    type: masquerade\n    . K Q R B N combo\n    K . . O\n");
        assert!(d.is_none());
        assert_eq!(
            messages(&diags),
            vec!["3:5: this row is short: it has 3 cells after the piece; it needs 6"]
        );
    }

    #[test]
    fn cloak_rows_may_be_short() {
        let (d, diags) = parse("    type: cloak\n    . 1 2 3 4 5 6 7 8\n    K\n    Q . O\n");
        assert!(diags.is_empty(), "{diags:?}");
        let Some(Grid::Cloak(g)) = d.unwrap().as_grid().cloned() else {
            panic!("not a cloak grid");
        };
        assert_eq!(g.columns.len(), 8);
        assert!(g.rows[0].marks.is_empty());
        assert_eq!(g.rows[1].marks[1].mark, Mark::Circle);
    }

    #[test]
    fn parses_a_card_table() {
        let (d, diags) = parse(
            "    type: cards
    Piece Cards Gap
    r  _  _ _ 10S 10C _  _  _ 3
    c  _  _ 6S 7S 6C 7C  _  _ _
",
        );
        assert!(diags.is_empty(), "{diags:?}");
        let Some(Grid::Cards(g)) = d.unwrap().as_grid().cloned() else {
            panic!("not a card table");
        };
        assert_eq!(g.rows[0].symbol, "r");
        assert_eq!(
            g.rows[0].cells[3].card,
            Some(PlayingCard {
                rank: 10,
                suit: Suit::Spades
            })
        );
        assert_eq!(g.rows[0].gap, Some(3));
        assert_eq!(g.rows[1].gap, None);
    }

    #[test]
    fn bad_card_table_cells_are_errors() {
        let (d, diags) = parse(
            "    type: cards
    Piece Cards Gap
    r  _  _ _ 11S 10C _  _  _ x
    n  _  _ _ 8S
",
        );
        assert!(d.is_none());
        assert_eq!(
            messages(&diags),
            vec![
                "3:15: `11S` is not a playing card",
                "3:31: `x` is not a gap",
                "4:5: this row is short: it has 4 cells after the symbol; it needs 9",
            ]
        );
    }

    #[test]
    fn unknown_grid_type() {
        let (d, diags) = parse("    type: chequerboard\n    . 1\n");
        assert!(d.is_none());
        assert_eq!(
            messages(&diags),
            vec!["1:11: unknown diagram type `chequerboard`"]
        );
    }
}
