//! Player-aid cards: `player_aids.md` read with the book model. Each source
//! line is one printed line; a numbered line keeps its number, an indented
//! line continues the line above with a hanging indent, and a blank line is
//! a small gap; a paragraph whose lines are ranks of a small board
//! (`4 q k 2` / `3 Q K 1`) is drawn as that board. The first `##` section with a game's title is the front of
//! its card, a second one with the same title its back (how a turn goes);
//! `## Blank` is a slot the author left empty, and makes no card. Lines are
//! measured with the PDF's shaper and the embedded fonts, so a line that
//! would not fit is reported at its place instead of being cut.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;
use std::sync::Arc;

use crate::book::{Block, Book, Inline};
use crate::diagnostic::Diagnostic;
use crate::diagram::Piece;
use crate::pdf::text::{FaceId, Shaper};
use crate::render::doc::num_fine;
use crate::render::{UNIT, esc, num};
use crate::source::{SourceFile, Span};
use crate::style::Style;

/// The file name of the aids, beside the rulebook.
pub const AIDS_FILE: &str = "player_aids.md";

/// The title of a section that makes no card.
const BLANK: &str = "Blank";

/// Text in one face.
#[derive(Clone, Debug, PartialEq)]
pub struct Run {
    pub text: String,
    pub face: FaceId,
}

/// Where a printed line starts.
#[derive(Clone, Debug, PartialEq)]
pub enum Hang {
    /// At the left margin.
    Flush,
    /// Continuing a numbered or bulleted line: under its text, after the
    /// marker (`1. `, `• `).
    Under(String),
    /// Continuing a plain line: one em in.
    Indent,
}

/// One printed line and the source line it comes from.
#[derive(Clone, Debug, PartialEq)]
pub struct AidLine {
    pub runs: Vec<Run>,
    /// The source line, without its indentation.
    pub span: Span,
    /// A blank source line stands before it: a little space above.
    pub gap_before: bool,
    pub hang: Hang,
    /// The line is a rank of a small board (`4 q k 2`): drawn as squares
    /// with the diagrams' pieces, not as its letters.
    pub board: Option<BoardRow>,
}

/// A line written as a rank of a small board: its squares (a piece letter
/// or `.` each), and a label on either side, such as a player's seat.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardRow {
    pub left: Option<String>,
    pub squares: Vec<Option<Piece>>,
    pub right: Option<String>,
}

impl BoardRow {
    /// `4 q k 2`: squares are one piece letter or `.` each, with at least
    /// two of them, and a label (a word of at most six characters that is
    /// not a square) may stand first and last.
    pub fn parse(text: &str) -> Option<BoardRow> {
        let square = |t: &str| -> Option<Option<Piece>> {
            let mut chars = t.chars();
            let c = chars.next()?;
            if chars.next().is_some() {
                return None;
            }
            if c == '.' {
                Some(None)
            } else {
                Piece::from_char(c).map(Some)
            }
        };
        let label = |t: &str| {
            square(t).is_none() && t.chars().count() <= 6 && t.chars().all(char::is_alphanumeric)
        };
        let mut tokens: Vec<&str> = text.split_whitespace().collect();
        let left = match tokens.first() {
            Some(t) if label(t) => Some(tokens.remove(0).to_string()),
            _ => None,
        };
        let right = match tokens.last() {
            Some(t) if label(t) => tokens.pop().map(str::to_string),
            _ => None,
        };
        let squares = tokens
            .iter()
            .map(|t| square(t))
            .collect::<Option<Vec<_>>>()?;
        (squares.len() >= 2).then_some(BoardRow {
            left,
            squares,
            right,
        })
    }
}

/// One side of a card: its heading and lines.
#[derive(Clone, Debug, PartialEq)]
pub struct Side {
    pub title_span: Span,
    pub lines: Vec<AidLine>,
}

/// One game's card.
#[derive(Clone, Debug, PartialEq)]
pub struct Aid {
    pub title: String,
    pub title_span: Span,
    /// The front: players, equipment, setup.
    pub lines: Vec<AidLine>,
    /// The back, from the game's second section: how a turn goes. Without
    /// one the card has the deck's ordinary back.
    pub back: Option<Side>,
}

/// The aids file, parsed.
#[derive(Clone, Debug)]
pub struct Aids {
    pub source: Arc<SourceFile>,
    pub cards: Vec<Aid>,
}

/// Where the lines of the section being read go.
#[derive(Clone, Copy, PartialEq)]
enum Target {
    /// Before the first section: a title and an introduction.
    Intro,
    Front(usize),
    Back(usize),
    /// A `Blank` slot, or a section already reported.
    Nowhere,
}

impl Aids {
    /// No player-aid cards: the deck is the cards alone. `path` is where
    /// the aids would have been, for messages.
    pub fn none(path: &Path) -> Aids {
        Aids {
            source: SourceFile::new(path, String::new()),
            cards: Vec::new(),
        }
    }

    /// Reads an aids file; a missing one is an error that names it.
    /// `default` says the path is the one beside the rulebook rather than a
    /// file the user named, so the help can say where the file is looked for.
    pub fn load(path: &Path, default: bool) -> Result<Aids, Vec<Diagnostic>> {
        let mut diags = Vec::new();
        let Some(book) = Book::load(path, &mut diags) else {
            // Book::load says "cannot read the rulebook"; this is not one.
            for d in &mut diags {
                if d.span.is_none() {
                    d.message = d.message.replace("the rulebook", "the player aids");
                    d.help = Some(if default {
                        format!(
                            "the deck reads the player-aid cards from `{AIDS_FILE}` beside the rulebook (one `##` section a card side), or from the file given with --aids"
                        )
                    } else {
                        "check the path given with --aids: it names the player-aid file, one `##` section a card side".to_string()
                    });
                }
            }
            return Err(diags);
        };
        Aids::from_book(&book, diags)
    }

    /// Parses aids text (for tests and benches).
    pub fn parse(source: Arc<SourceFile>) -> Result<Aids, Vec<Diagnostic>> {
        let mut diags = Vec::new();
        let book = Book::parse(source, &mut diags);
        Aids::from_book(&book, diags)
    }

    fn from_book(book: &Book, mut diags: Vec<Diagnostic>) -> Result<Aids, Vec<Diagnostic>> {
        let source = book.source.clone();
        // An indented block reads as a diagram to the book; here it is a
        // misplaced continuation, reported once below, not square by square.
        let diagrams: Vec<Span> = book
            .blocks
            .iter()
            .filter_map(|b| match b {
                Block::Diagram { span, .. } => Some(*span),
                _ => None,
            })
            .collect();
        diags.retain(|d| {
            !d.span.is_some_and(|s| {
                diagrams
                    .iter()
                    .any(|b| b.start <= s.start && s.start < b.end.max(b.start + 1))
            })
        });
        let mut cards: Vec<Aid> = Vec::new();
        let mut target = Target::Intro;
        // A `Blank` section's heading, until its first line is reported.
        let mut blank: Option<Span> = None;
        for block in &book.blocks {
            let lines = match block {
                Block::Heading {
                    level: 2,
                    title,
                    span,
                    ..
                } => {
                    let title = title.trim().to_string();
                    blank = None;
                    target = if title.eq_ignore_ascii_case(BLANK) {
                        blank = Some(*span);
                        Target::Nowhere
                    } else if let Some(i) = cards
                        .iter()
                        .position(|a| a.title.eq_ignore_ascii_case(&title))
                    {
                        if cards[i].back.is_none() {
                            cards[i].back = Some(Side {
                                title_span: *span,
                                lines: Vec::new(),
                            });
                            Target::Back(i)
                        } else {
                            diags.push(
                                Diagnostic::error(
                                    &source,
                                    *span,
                                    format!("`{title}` has a third section"),
                                )
                                .with_help(
                                    "a game's first section is the front of its aid card and the second its back; there is no third side",
                                ),
                            );
                            Target::Nowhere
                        }
                    } else {
                        cards.push(Aid {
                            title,
                            title_span: *span,
                            lines: Vec::new(),
                            back: None,
                        });
                        Target::Front(cards.len() - 1)
                    };
                    continue;
                }
                Block::Rule { .. } => continue,
                Block::Heading { level: 1, .. } | Block::Paragraph { .. }
                    if target == Target::Intro =>
                {
                    continue;
                }
                Block::Paragraph { content, span } => {
                    let mut out = Vec::new();
                    paragraph_lines(&source, content, *span, None, &mut out);
                    mark_board(content, &mut out);
                    out
                }
                Block::List { items, .. } if target != Target::Intro => {
                    let mut out = Vec::new();
                    for item in items {
                        let mut marker = None;
                        for (n, b) in item.iter().enumerate() {
                            match b {
                                Block::Paragraph { content, span } => {
                                    if n == 0 {
                                        marker = Some(list_marker(&source, span.start));
                                    }
                                    let as_item = marker.clone().map(|m| (m, n == 0));
                                    paragraph_lines(&source, content, *span, as_item, &mut out);
                                }
                                _ => diags.push(not_a_line(&source, b.span())),
                            }
                        }
                    }
                    out
                }
                Block::Code { span, .. } | Block::Diagram { span, .. }
                    if is_indented(&source, span.start) =>
                {
                    diags.push(
                        Diagnostic::error(
                            &source,
                            first_line(&source, *span),
                            "an indented line continues the line above it, but a blank line stands between them",
                        )
                        .with_help("remove the blank line, or the indentation to start a new line"),
                    );
                    continue;
                }
                other => {
                    diags.push(not_a_line(&source, other.span()));
                    continue;
                }
            };
            let side = match target {
                Target::Front(i) => &mut cards[i].lines,
                Target::Back(i) => match cards[i].back.as_mut() {
                    Some(back) => &mut back.lines,
                    None => continue,
                },
                Target::Intro => continue,
                Target::Nowhere => {
                    if let (Some(heading), Some(line)) = (blank.take(), lines.first()) {
                        diags.push(
                            Diagnostic::error(
                                &source,
                                line.span,
                                "a `Blank` section makes no card, so its lines would not be printed",
                            )
                            .with_help(format!(
                                "give the section a game's title (line {}), or remove its lines",
                                source.line_of(heading.start)
                            )),
                        );
                    }
                    continue;
                }
            };
            side.extend(lines);
        }
        for aid in &mut cards {
            for side in
                std::iter::once(&mut aid.lines).chain(aid.back.as_mut().map(|b| &mut b.lines))
            {
                // The first line of a side needs no space above it.
                if let Some(first) = side.first_mut() {
                    first.gap_before = false;
                }
            }
        }
        for aid in &cards {
            if aid.lines.is_empty() {
                diags.push(
                    Diagnostic::error(
                        &source,
                        aid.title_span,
                        format!("the aid card `{}` is empty", aid.title),
                    )
                    .with_help("write the players, the equipment and the setup under the heading"),
                );
            }
            if let Some(back) = aid.back.as_ref().filter(|b| b.lines.is_empty()) {
                diags.push(
                    Diagnostic::error(
                        &source,
                        back.title_span,
                        format!("the back of the aid card `{}` is empty", aid.title),
                    )
                    .with_help(
                        "write how a turn goes under the game's second heading, or remove the heading",
                    ),
                );
            }
        }
        if cards.is_empty() && !diags.iter().any(Diagnostic::is_error) {
            diags.push(
                Diagnostic::file_error(
                    &source.path,
                    "no player aids here: the file has no `##` sections with a game's title",
                )
                .with_help("write a `## Game Name` section for each card side, its lines under it"),
            );
        }
        if diags.iter().any(Diagnostic::is_error) {
            return Err(diags);
        }
        Ok(Aids { source, cards })
    }
}

/// The text of the first source line of a span, for a caret under one line.
fn first_line(source: &Arc<SourceFile>, span: Span) -> Span {
    let line = source.line_of(span.start);
    let text = source.line_text(line);
    let start = span
        .start
        .max(source.line_start(line) + (text.len() - text.trim_start().len()));
    let end = source.line_start(line) + text.trim_end().len();
    Span::new(start, end.max(start))
}

fn not_a_line(source: &Arc<SourceFile>, span: Span) -> Diagnostic {
    Diagnostic::error(
        source,
        first_line(source, span),
        "an aid card holds only short lines of text and lists",
    )
    .with_help(
        "write plain lines under the `##` heading (no subheadings, indented blocks or tables)",
    )
}

/// Leading white space of a source line, a tab counting as four.
fn indentation(line: &str) -> usize {
    line.chars()
        .take_while(|c| c.is_whitespace())
        .map(|c| if c == '\t' { 4 } else { 1 })
        .sum()
}

fn is_indented(source: &Arc<SourceFile>, offset: usize) -> bool {
    indentation(source.line_text(source.line_of(offset))) > 0
}

/// The marker of the list item whose text starts at `offset`, as printed:
/// a number as written (`3. `), a bullet for `-`, `*` or `+`.
fn list_marker(source: &Arc<SourceFile>, offset: usize) -> String {
    let line = source.line_text(source.line_of(offset));
    let word = line.split_whitespace().next().unwrap_or("");
    numbered(word).map_or_else(|| "• ".to_string(), |n| format!("{n} "))
}

/// `12.` or `12)` at the start of `text`.
fn numbered(text: &str) -> Option<&str> {
    let digits = text.bytes().take_while(u8::is_ascii_digit).count();
    let after = text.as_bytes().get(digits)?;
    (digits > 0 && digits <= 9 && matches!(after, b'.' | b')')).then(|| &text[..=digits])
}

/// Splits a paragraph into printed lines, one a source line: a line
/// indented deeper than the paragraph's first continues the line above.
/// `item` is a list item's marker, and whether this paragraph opens it.
fn paragraph_lines(
    source: &Arc<SourceFile>,
    content: &[Inline],
    span: Span,
    item: Option<(String, bool)>,
    out: &mut Vec<AidLine>,
) {
    let mut lines: Vec<Vec<Run>> = vec![Vec::new()];
    fn walk(inlines: &[Inline], face: FaceId, lines: &mut Vec<Vec<Run>>) {
        for i in inlines {
            match i {
                Inline::Text(t) | Inline::Code(t) => push_run(lines, t, face),
                Inline::Strong(c) => walk(c, face.bold(), lines),
                Inline::Emphasis(c) => walk(c, face.italic(), lines),
                Inline::Link(link) => walk(&link.content, face, lines),
                Inline::Image(image) => push_run(lines, &image.alt, face),
                Inline::SoftBreak | Inline::HardBreak => lines.push(Vec::new()),
            }
        }
    }
    walk(content, FaceId::Regular, &mut lines);
    let first_line = source.line_of(span.start);
    // Lines are measured from the first (a list item's marker line).
    let base = indentation(source.line_text(first_line));
    // What a continuation hangs under: the marker of the line it continues.
    let mut hang_under = out
        .iter()
        .rev()
        .find(|l| l.hang == Hang::Flush)
        .map(|l| marker_of(&l.runs));
    for (i, mut runs) in lines.into_iter().enumerate() {
        let line = first_line + i;
        let text = source.line_text(line);
        let continues = match &item {
            Some((_, true)) => i > 0 && indentation(text) > base,
            Some((_, false)) => true,
            None => i > 0 && indentation(text) > base,
        };
        let hang = if continues {
            match hang_under.clone().flatten() {
                Some(m) => Hang::Under(m),
                None => Hang::Indent,
            }
        } else {
            bold_label(&mut runs);
            if let (Some((marker, true)), 0) = (&item, i) {
                runs.insert(
                    0,
                    Run {
                        text: marker.clone(),
                        face: FaceId::Regular,
                    },
                );
            }
            hang_under = Some(marker_of(&runs));
            Hang::Flush
        };
        let start = source.line_start(line) + (text.len() - text.trim_start().len());
        let start = if i == 0 { start.max(span.start) } else { start };
        let end = (source.line_start(line) + text.trim_end().len()).max(start);
        let gap_before = line > 1 && source.line_text(line - 1).trim().is_empty();
        out.push(AidLine {
            runs,
            span: Span::new(start, end),
            gap_before,
            hang,
            board: None,
        });
    }
}

/// A paragraph of plain text whose every line is a rank of one small board
/// (the same number of squares, a piece on at least one) is that board.
fn mark_board(content: &[Inline], lines: &mut [AidLine]) {
    let plain = content
        .iter()
        .all(|i| matches!(i, Inline::Text(_) | Inline::SoftBreak));
    if !plain || lines.iter().any(|l| l.hang != Hang::Flush) {
        return;
    }
    let rows: Option<Vec<BoardRow>> = lines
        .iter()
        .map(|l| {
            let text: String = l.runs.iter().map(|r| r.text.as_str()).collect();
            BoardRow::parse(&text)
        })
        .collect();
    let Some(rows) = rows.filter(|r| !r.is_empty()) else {
        return;
    };
    let width = rows[0].squares.len();
    let one_board = rows.iter().all(|r| r.squares.len() == width)
        && rows.iter().any(|r| r.squares.iter().any(Option::is_some));
    if one_board {
        for (line, row) in lines.iter_mut().zip(rows) {
            line.board = Some(row);
        }
    }
}

/// The number or bullet a printed line starts with, with its space.
fn marker_of(runs: &[Run]) -> Option<String> {
    let first = runs.first()?;
    if first.text.starts_with("• ") {
        return Some("• ".to_string());
    }
    let n = numbered(&first.text)?;
    Some(format!("{n} "))
}

fn push_run(lines: &mut [Vec<Run>], text: &str, face: FaceId) {
    let Some(line) = lines.last_mut() else { return };
    match line.last_mut() {
        Some(r) if r.face == face => r.text.push_str(text),
        _ => line.push(Run {
            text: text.to_string(),
            face,
        }),
    }
}

/// `Players: 2` prints its label in bold, so the file stays plain text.
fn bold_label(runs: &mut Vec<Run>) {
    let Some(first) = runs.first() else { return };
    if first.face != FaceId::Regular {
        return;
    }
    let Some(colon) = first.text.find(": ") else {
        return;
    };
    let label = &first.text[..colon];
    let is_label = !label.is_empty()
        && label.len() <= 24
        && label.chars().next().is_some_and(char::is_uppercase)
        && label.chars().all(|c| c.is_alphanumeric() || c == ' ');
    if !is_label {
        return;
    }
    let rest = first.text[colon + 1..].to_string();
    let label = first.text[..=colon].to_string();
    runs[0] = Run {
        text: label,
        face: FaceId::Bold,
    };
    runs.insert(
        1,
        Run {
            text: rest,
            face: FaceId::Regular,
        },
    );
}

/// Sizes of an aid card, in SVG user units, scaled with the card width.
#[derive(Clone, Copy)]
struct Metrics {
    w: f64,
    h: f64,
    pad: f64,
    title_size: f64,
    title_baseline: f64,
    rule_y: f64,
    body_size: f64,
    leading: f64,
    gap: f64,
    first_baseline: f64,
    last_baseline: f64,
    /// A square of a small board drawn from board lines.
    square: f64,
    /// From where a text line's baseline would be to a small board's top.
    board_lead: f64,
    /// The thin rule under the title, and round a small board.
    rule: f64,
}

impl Metrics {
    fn new(style: &Style) -> Metrics {
        let w = style.card.width * UNIT;
        let h = style.card_height() * UNIT;
        // Designed on the 76.5-unit poker card.
        let k = w / 76.5;
        Metrics {
            w,
            h,
            pad: 5.5 * k,
            title_size: 5.2 * k,
            title_baseline: 12.5 * k,
            rule_y: 16.0 * k,
            body_size: 3.3 * k,
            leading: 4.55 * k,
            gap: 1.9 * k,
            first_baseline: 22.0 * k,
            last_baseline: h - 6.0 * k,
            square: 7.0 * k,
            board_lead: 2.5 * k,
            rule: 0.3 * k,
        }
    }

    /// The same card with its text at `size` user units, its leading and
    /// gaps in proportion.
    fn with_body(&self, size: f64) -> Metrics {
        let k = size / self.body_size;
        Metrics {
            body_size: size,
            leading: self.leading * k,
            gap: self.gap * k,
            ..*self
        }
    }

    /// User units of `points` of print (the card is 2.5 in, 180 pt, wide).
    fn points(&self, points: f64) -> f64 {
        points * self.w / 180.0
    }

    /// Millimetres of print per user unit (the card is 2.5 in wide).
    fn mm(&self, units: f64) -> f64 {
        units * 63.5 / self.w
    }
}

/// How a piece of text is drawn.
struct Look<'a> {
    size: f64,
    face: FaceId,
    fill: &'a str,
    /// Centred on x rather than starting there.
    middle: bool,
}

/// Glyph outlines the card's text uses, each defined once: id → `<path>`.
type Defs = BTreeMap<String, String>;

/// Draws `text` at (x, y) as glyph outlines shaped with the book's shaper,
/// whose lining figures (`lnum`) usvg's own text layout cannot turn on:
/// Raleway's default figures are old-style ("Coins (about 5)" with a 5
/// that drops below the line). The group's `aria-label` keeps the text.
fn text_element(
    out: &mut String,
    defs: &mut Defs,
    shaper: &mut Shaper,
    (x, y): (f64, f64),
    look: &Look,
    text: &str,
) {
    let glyphs = shaper.shape(look.face, text);
    let face = shaper.fonts.face(look.face);
    let upem = f64::from(face.units_per_em());
    let width = f64::from(crate::pdf::text::advance(&glyphs)) * look.size;
    let left = if look.middle { x - width / 2.0 } else { x };
    let mut uses = String::new();
    let mut pen = 0.0f64;
    for g in glyphs.iter() {
        let id = format!("aid-g{}-{}", look.face.index(), g.id);
        let defined = defs.contains_key(&id)
            || crate::render::glyphs::path_data(&face.rb, g.id).is_some_and(|d| {
                defs.insert(id.clone(), format!("<path id=\"{id}\" d=\"{d}\"/>"));
                true
            });
        if defined {
            let gx = ((pen + f64::from(g.dx)) * upem).round();
            let gy = (f64::from(g.dy) * upem).round();
            let _ = write!(uses, "<use href=\"#{id}\"");
            if gx != 0.0 {
                let _ = write!(uses, " x=\"{gx}\"");
            }
            if gy != 0.0 {
                let _ = write!(uses, " y=\"{gy}\"");
            }
            uses.push_str("/>");
        }
        pen += f64::from(g.advance);
    }
    if uses.is_empty() {
        return;
    }
    let scale = look.size / upem;
    // Font units are y-up: the group flips them onto the baseline.
    let _ = writeln!(
        out,
        "<g transform=\"translate({} {}) scale({} -{})\" fill=\"{}\" aria-label=\"{}\">{uses}</g>",
        num(left),
        num(y),
        num_fine(scale),
        num_fine(scale),
        esc(look.fill),
        esc(text)
    );
}

/// Which side of an aid card to draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CardSide {
    Front,
    Back,
}

/// Draws one side of an aid card as SVG, the same size and frame as the
/// playing cards; `None` for a back the card does not have. Lines that do
/// not fit across or down are errors at their place.
pub fn aid_side_svg(
    aid: &Aid,
    side: CardSide,
    source: &Arc<SourceFile>,
    style: &Style,
    shaper: &mut Shaper,
) -> Option<Result<String, Vec<Diagnostic>>> {
    let (lines, title_span) = match side {
        CardSide::Front => (&aid.lines, aid.title_span),
        CardSide::Back => {
            let back = aid.back.as_ref()?;
            (&back.lines, back.title_span)
        }
    };
    let card = Card {
        title: &aid.title,
        title_span,
        lines,
        source,
    };
    // The largest text that fits, down to the size the cards were written
    // for: a short card reads at about the original's 10 pt, and its text
    // reaches further down the face.
    let base = Metrics::new(style);
    let (floor, top) = (base.body_size, base.points(MAX_BODY_POINTS));
    let mut size = top.max(floor);
    loop {
        let m = base.with_body(size);
        match aid_svg(&card, &m, style, shaper) {
            Ok((svg, last)) => {
                // What room is left below spreads the groups the author
                // set apart with blank lines, a line's height each at most.
                let gaps = lines.iter().filter(|l| l.gap_before).count();
                let spare = m.last_baseline - last;
                if gaps == 0 || spare <= 0.0 {
                    return Some(Ok(svg));
                }
                let spread = Metrics {
                    // (a hair short of it, for rounding)
                    gap: m.gap + (spare * 0.99 / gaps as f64).min(m.leading),
                    ..m
                };
                return Some(aid_svg(&card, &spread, style, shaper).map(|(svg, _)| svg));
            }
            Err(d) if size <= floor => return Some(Err(d)),
            Err(_) => size = (size - base.points(0.25)).max(floor),
        }
    }
}

/// The largest size of an aid card's text, in points.
pub const MAX_BODY_POINTS: f64 = 10.5;

/// The text of one side of an aid card and where it comes from.
struct Card<'a> {
    title: &'a str,
    title_span: Span,
    lines: &'a [AidLine],
    source: &'a Arc<SourceFile>,
}

/// One side of an aid card as SVG, and the baseline its text ends at.
fn aid_svg(
    card: &Card,
    m: &Metrics,
    style: &Style,
    shaper: &mut Shaper,
) -> Result<(String, f64), Vec<Diagnostic>> {
    let &Card {
        title,
        title_span,
        lines,
        source,
    } = card;
    let c = &style.card;
    let max_w = m.w - 2.0 * m.pad;
    let mut diags = Vec::new();
    let mut body = String::new();
    let mut defs = Defs::new();

    // The frame: the playing cards' rounded rectangle, stroke inside.
    let bw = c.border_width * UNIT;
    let half = bw / 2.0;
    let _ = writeln!(
        body,
        "<rect x=\"{h}\" y=\"{h}\" width=\"{}\" height=\"{}\" rx=\"{}\" fill=\"{}\" stroke=\"{}\" stroke-width=\"{}\"/>",
        num((m.w - bw).max(0.0)),
        num((m.h - bw).max(0.0)),
        num((c.corner_radius * UNIT - half).max(0.0)),
        esc(&c.fill),
        esc(&c.border),
        num(bw),
        h = num(half),
    );

    let title_w = f64::from(shaper.width(FaceId::Heading, title, m.title_size as f32));
    if title_w > max_w {
        diags.push(too_wide(source, title_span, "title", title_w, max_w, m));
    }
    let title_look = Look {
        size: m.title_size,
        face: FaceId::Heading,
        fill: &c.back,
        middle: true,
    };
    text_element(
        &mut body,
        &mut defs,
        shaper,
        (m.w / 2.0, m.title_baseline),
        &title_look,
        title,
    );
    let _ = writeln!(
        body,
        "<path d=\"M{} {y}H{}\" stroke=\"{}\" stroke-width=\"{}\"/>",
        num(m.pad),
        num(m.w - m.pad),
        esc(&c.back),
        num(m.rule),
        y = num(m.rule_y),
    );

    let mut y = m.first_baseline - m.leading;
    let mut full = false;
    let mut i = 0;
    while i < lines.len() {
        let line = &lines[i];
        if line.board.is_some() {
            // The board's ranks: this line and the board lines right under it.
            let n = 1 + lines[i + 1..]
                .iter()
                .take_while(|l| l.board.is_some() && !l.gap_before)
                .count();
            let ranks = &lines[i..i + n];
            let top = y + m.leading + if line.gap_before { m.gap } else { 0.0 } - m.board_lead;
            let bottom = top + n as f64 * m.square;
            if bottom > m.last_baseline + m.body_size * 0.25 && !full {
                full = true;
                let first_out = ranks
                    .iter()
                    .enumerate()
                    .find(|(r, _)| top + (*r + 1) as f64 * m.square > m.last_baseline)
                    .map_or(line, |(_, l)| l);
                diags.push(card_full(source, first_out.span, title));
            }
            if !full {
                let width = small_board(&mut body, &mut defs, ranks, top, m, style, shaper);
                if width > max_w {
                    diags.push(too_wide(source, line.span, "board", width, max_w, m));
                }
            }
            y = bottom;
            i += n;
            continue;
        }
        i += 1;
        y += m.leading + if line.gap_before { m.gap } else { 0.0 };
        if y > m.last_baseline && !full {
            full = true;
            diags.push(card_full(source, line.span, title));
        }
        let mut x = m.pad
            + match &line.hang {
                Hang::Flush => 0.0,
                Hang::Under(marker) => {
                    f64::from(shaper.width(FaceId::Regular, marker, m.body_size as f32))
                }
                Hang::Indent => m.body_size,
            };
        let start_x = x;
        for run in &line.runs {
            let w = f64::from(shaper.width(run.face, &run.text, m.body_size as f32));
            if !full {
                let look = Look {
                    size: m.body_size,
                    face: run.face,
                    fill: &c.black,
                    middle: false,
                };
                text_element(&mut body, &mut defs, shaper, (x, y), &look, &run.text);
            }
            x += w;
        }
        if x - start_x > max_w - (start_x - m.pad) {
            let at = overflow_span(source, line, max_w - (start_x - m.pad), m.body_size, shaper);
            diags.push(too_wide(
                source,
                at,
                "line",
                x - start_x + (start_x - m.pad),
                max_w,
                m,
            ));
        }
    }
    if !diags.is_empty() {
        return Err(diags);
    }
    let mut out = String::with_capacity(body.len() + 200);
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\">",
        w = num(m.w),
        h = num(m.h)
    );
    if !defs.is_empty() {
        out.push_str("<defs>\n");
        for path in defs.values() {
            out.push_str(path);
            out.push('\n');
        }
        out.push_str("</defs>\n");
    }
    out.push_str(&body);
    out.push_str("</svg>\n");
    Ok((out, y))
}

fn card_full(source: &Arc<SourceFile>, span: Span, title: &str) -> Diagnostic {
    Diagnostic::error(
        source,
        span,
        format!("the aid card `{title}` is full: this line does not fit on it"),
    )
    .with_help("say it in fewer lines; a card holds about 17")
}

/// Draws the ranks of a small board centred across the card, its top at
/// `top`: squares in the diagrams' colours (the bottom-right one light, as
/// on a board), the diagrams' piece artwork, and each rank's labels beside
/// it in the lining figures of the card's title face. Returns the width of
/// board and labels together.
fn small_board(
    out: &mut String,
    defs: &mut Defs,
    ranks: &[AidLine],
    top: f64,
    m: &Metrics,
    style: &Style,
    shaper: &mut Shaper,
) -> f64 {
    let rows: Vec<&BoardRow> = ranks.iter().filter_map(|l| l.board.as_ref()).collect();
    let files = rows.iter().map(|r| r.squares.len()).max().unwrap_or(0);
    let s = m.square;
    let label_size = m.body_size * 1.15;
    let label_w = |l: &Option<String>, shaper: &mut Shaper| {
        l.as_deref().map_or(0.0, |t| {
            f64::from(shaper.width(FaceId::Heading, t, label_size as f32))
        })
    };
    let left_w = rows
        .iter()
        .map(|r| label_w(&r.left, shaper))
        .fold(0.0, f64::max);
    let right_w = rows
        .iter()
        .map(|r| label_w(&r.right, shaper))
        .fold(0.0, f64::max);
    let gap = s * 0.45;
    let board_w = files as f64 * s;
    // The squares sit in the middle of the card; the labels hang outside.
    let x0 = (m.w - board_w) / 2.0;
    let width =
        board_w + 2.0 * (left_w.max(right_w) + if left_w.max(right_w) > 0.0 { gap } else { 0.0 });
    let b = &style.board;
    let n = rows.len();
    for (r, row) in rows.iter().enumerate() {
        let y = top + r as f64 * s;
        for (f, square) in row.squares.iter().enumerate() {
            let x = x0 + f as f64 * s;
            // Counted from the bottom-right square, which is light.
            let light = ((n - 1 - r) + (files - 1 - f)).is_multiple_of(2);
            let fill = if light { &b.light } else { &b.dark };
            let _ = writeln!(
                out,
                "<rect id=\"aid-square-{r}-{f}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"/>",
                num(x),
                num(y),
                num(s),
                num(s),
                esc(fill)
            );
            if let Some(piece) = square {
                let _ = writeln!(
                    out,
                    "<g id=\"aid-piece-{r}-{f}-{}\" transform=\"translate({} {}) scale({})\">{}</g>",
                    crate::assets::piece_name(*piece),
                    num(x),
                    num(y),
                    num(s / crate::assets::PIECE_SIZE),
                    crate::assets::piece_svg_body(*piece)
                );
            }
        }
        let baseline = y + s / 2.0 + label_size * 0.36;
        let look = Look {
            size: label_size,
            face: FaceId::Heading,
            fill: &style.card.black,
            middle: false,
        };
        if let Some(l) = &row.left {
            let w = label_w(&row.left, shaper);
            let _ = writeln!(out, "<g id=\"aid-label-{r}-left\">");
            text_element(out, defs, shaper, (x0 - gap - w, baseline), &look, l);
            out.push_str("</g>\n");
        }
        if let Some(l) = &row.right {
            let _ = writeln!(out, "<g id=\"aid-label-{r}-right\">");
            text_element(out, defs, shaper, (x0 + board_w + gap, baseline), &look, l);
            out.push_str("</g>\n");
        }
    }
    let _ = writeln!(
        out,
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{}\"/>",
        num(x0),
        num(top),
        num(board_w),
        num(n as f64 * s),
        esc(&b.frame),
        num(m.rule)
    );
    width
}

fn too_wide(
    source: &Arc<SourceFile>,
    span: Span,
    what: &str,
    w: f64,
    max: f64,
    m: &Metrics,
) -> Diagnostic {
    Diagnostic::error(
        source,
        span,
        format!(
            "this {what} is too wide for the card: {:.1} mm {} in {:.1} mm",
            m.mm(w),
            if what == "board" { "wide" } else { "of text" },
            m.mm(max)
        ),
    )
    .with_help(if what == "title" {
        "shorten the game's name on its card".to_string()
    } else if what == "board" {
        "give the board fewer files, or its labels fewer letters".to_string()
    } else {
        "break it into two lines, or say it shorter: each line of the file is one line on the card"
            .to_string()
    })
}

/// From the first word that does not fit to the end of the line.
fn overflow_span(
    source: &Arc<SourceFile>,
    line: &AidLine,
    max_w: f64,
    size: f64,
    shaper: &mut Shaper,
) -> Span {
    let mut plain = String::new();
    let width_to = |end: usize, shaper: &mut Shaper| -> f64 {
        let mut w = 0.0;
        let mut at = 0;
        for r in &line.runs {
            let take = end.saturating_sub(at).min(r.text.len());
            let mut cut = take;
            while !r.text.is_char_boundary(cut) {
                cut -= 1;
            }
            w += f64::from(shaper.width(r.face, &r.text[..cut], size as f32));
            at += r.text.len();
        }
        w
    };
    for r in &line.runs {
        plain.push_str(&r.text);
    }
    // Word starts (after spaces), checked by the width up to the word's end.
    let mut word_start = 0;
    let mut offset_of_word = None;
    for (i, ch) in plain
        .char_indices()
        .chain(std::iter::once((plain.len(), ' ')))
    {
        if ch == ' ' {
            if i > word_start && width_to(i, shaper) > max_w {
                offset_of_word = Some((word_start, i));
                break;
            }
            word_start = i + 1;
        }
    }
    let Some((ws, we)) = offset_of_word else {
        return line.span;
    };
    let word = &plain[ws..we];
    let src = source.slice(line.span);
    // Markup only adds characters, so the word sits at or after its offset.
    let from = ws.min(src.len());
    let from = (0..=from)
        .rev()
        .find(|&i| src.is_char_boundary(i))
        .unwrap_or(0);
    match src[from..]
        .find(word)
        .map(|p| from + p)
        .or_else(|| src.find(word))
    {
        Some(p) => Span::new(line.span.start + p, line.span.end),
        None => line.span,
    }
}
