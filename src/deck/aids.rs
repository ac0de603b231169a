//! Player-aid cards: `player_aids.md` read with the book model, one `##`
//! section a game, each source line one line on the card. Lines are
//! measured with the PDF's shaper and the embedded fonts, so a line that
//! would not fit is reported at its place instead of being cut.

use std::fmt::Write as _;
use std::path::Path;
use std::sync::Arc;

use crate::book::{Block, Book, Inline};
use crate::diagnostic::Diagnostic;
use crate::pdf::text::{FaceId, Shaper};
use crate::render::{UNIT, esc, num};
use crate::source::{SourceFile, Span};
use crate::style::Style;

/// The file name of the aids, beside the rulebook.
pub const AIDS_FILE: &str = "player_aids.md";

/// Text in one face.
#[derive(Clone, Debug, PartialEq)]
pub struct Run {
    pub text: String,
    pub face: FaceId,
}

/// One printed line and the source line it comes from.
#[derive(Clone, Debug, PartialEq)]
pub struct AidLine {
    pub runs: Vec<Run>,
    /// The source line, without its indentation.
    pub span: Span,
    /// The first line of a paragraph after another: a little space above.
    pub gap_before: bool,
    /// A list item's continuation line: indented under the item's text.
    pub indent: bool,
}

/// One game's card.
#[derive(Clone, Debug, PartialEq)]
pub struct Aid {
    pub title: String,
    pub title_span: Span,
    pub lines: Vec<AidLine>,
}

/// The aids file, parsed.
#[derive(Clone, Debug)]
pub struct Aids {
    pub source: Arc<SourceFile>,
    pub cards: Vec<Aid>,
}

impl Aids {
    /// Reads an aids file; a missing one is an error that names it.
    pub fn load(path: &Path) -> Result<Aids, Vec<Diagnostic>> {
        let mut diags = Vec::new();
        let Some(book) = Book::load(path, &mut diags) else {
            // Book::load says "cannot read the rulebook"; this is not one.
            for d in &mut diags {
                if d.span.is_none() {
                    d.message = d.message.replace("the rulebook", "the player aids");
                    d.help = Some(format!(
                        "the deck reads the player-aid cards from `{AIDS_FILE}` beside the rulebook, one `##` section a game"
                    ));
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
        let mut cards: Vec<Aid> = Vec::new();
        for block in &book.blocks {
            match block {
                Block::Heading {
                    level: 2,
                    content,
                    span,
                    ..
                } => {
                    let title = crate::book::plain_text(content).trim().to_string();
                    if cards.iter().any(|a| a.title.eq_ignore_ascii_case(&title)) {
                        diags.push(Diagnostic::error(
                            &source,
                            *span,
                            format!("`{title}` has a second aid card"),
                        ));
                    }
                    cards.push(Aid {
                        title,
                        title_span: *span,
                        lines: Vec::new(),
                    });
                }
                // A title and an introduction before the first game.
                Block::Heading { level: 1, .. } | Block::Paragraph { .. } if cards.is_empty() => {}
                Block::Paragraph { content, span } => {
                    if let Some(aid) = cards.last_mut() {
                        let gap = !aid.lines.is_empty();
                        paragraph_lines(&source, content, *span, gap, None, &mut aid.lines);
                    }
                }
                Block::List { items, span, .. } if !cards.is_empty() => {
                    let Some(aid) = cards.last_mut() else {
                        continue;
                    };
                    let mut first = true;
                    for item in items {
                        for b in item {
                            match b {
                                Block::Paragraph { content, span } => {
                                    let gap = first && !aid.lines.is_empty();
                                    first = false;
                                    paragraph_lines(
                                        &source,
                                        content,
                                        *span,
                                        gap,
                                        Some("• "),
                                        &mut aid.lines,
                                    );
                                }
                                _ => diags.push(not_a_line(&source, *span)),
                            }
                        }
                    }
                }
                Block::Rule { .. } => {}
                other => diags.push(not_a_line(&source, block_span(other))),
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
        }
        if cards.is_empty() && !diags.iter().any(Diagnostic::is_error) {
            diags.push(
                Diagnostic::file_error(
                    &source.path,
                    "no player aids here: the file has no `##` sections",
                )
                .with_help("write one `## Game Name` section a game, its lines under it"),
            );
        }
        if diags.iter().any(Diagnostic::is_error) {
            return Err(diags);
        }
        Ok(Aids { source, cards })
    }
}

fn block_span(block: &Block) -> Span {
    match block {
        Block::Heading { span, .. }
        | Block::TableOfContents { span }
        | Block::Paragraph { span, .. }
        | Block::List { span, .. }
        | Block::Diagram { span, .. }
        | Block::BlockQuote { span, .. }
        | Block::Code { span, .. }
        | Block::Html { span, .. }
        | Block::Rule { span } => *span,
    }
}

fn not_a_line(source: &Arc<SourceFile>, span: Span) -> Diagnostic {
    // Point at the first line only: a caret under one line reads best.
    let line = source.line_of(span.start);
    let end = source.line_start(line) + source.line_text(line).len();
    Diagnostic::error(
        source,
        Span::new(span.start, end.max(span.start)),
        "an aid card holds only short lines of text and lists",
    )
    .with_help(
        "write plain lines under the `##` heading (no subheadings, indented blocks or tables)",
    )
}

/// Splits a paragraph at its line breaks: one printed line per source line.
fn paragraph_lines(
    source: &Arc<SourceFile>,
    content: &[Inline],
    span: Span,
    gap: bool,
    bullet: Option<&str>,
    out: &mut Vec<AidLine>,
) {
    let mut lines: Vec<Vec<Run>> = vec![Vec::new()];
    fn walk(inlines: &[Inline], face: FaceId, lines: &mut Vec<Vec<Run>>) {
        for i in inlines {
            match i {
                Inline::Text(t) | Inline::Code(t) => push_run(lines, t, face),
                Inline::Strong(c) => walk(c, face.bold(), lines),
                Inline::Emphasis(c) => walk(c, face.italic(), lines),
                Inline::Link { content, .. } => walk(content, face, lines),
                Inline::Image { alt, .. } => push_run(lines, alt, face),
                Inline::SoftBreak | Inline::HardBreak => lines.push(Vec::new()),
            }
        }
    }
    walk(content, FaceId::Regular, &mut lines);
    let first_line = source.line_of(span.start);
    for (i, mut runs) in lines.into_iter().enumerate() {
        if i == 0 {
            bold_label(&mut runs);
            if let Some(b) = bullet {
                runs.insert(
                    0,
                    Run {
                        text: b.to_string(),
                        face: FaceId::Regular,
                    },
                );
            }
        }
        let line = first_line + i;
        let text = source.line_text(line);
        let start = source.line_start(line) + (text.len() - text.trim_start().len());
        let start = if i == 0 { start.max(span.start) } else { start };
        let end = (source.line_start(line) + text.trim_end().len()).max(start);
        out.push(AidLine {
            runs,
            span: Span::new(start, end),
            gap_before: i == 0 && gap,
            indent: i > 0 && bullet.is_some(),
        });
    }
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
        }
    }

    /// Millimetres of print per user unit (the card is 2.5 in wide).
    fn mm(&self, units: f64) -> f64 {
        units * 63.5 / self.w
    }
}

/// The family name a face draws with, and its SVG weight and style.
fn svg_font(face: FaceId, style: &Style) -> (String, u16, bool) {
    match face {
        FaceId::Heading => (style.card.letter_font.clone(), 400, false),
        FaceId::Regular => (crate::assets::BODY_FAMILY.to_string(), 400, false),
        FaceId::Italic => (crate::assets::BODY_FAMILY.to_string(), 400, true),
        FaceId::SemiBold => (crate::assets::BODY_FAMILY.to_string(), 600, false),
        FaceId::Bold => (crate::assets::BODY_FAMILY.to_string(), 700, false),
        FaceId::BoldItalic => (crate::assets::BODY_FAMILY.to_string(), 700, true),
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

fn text_element(out: &mut String, x: f64, y: f64, look: &Look, text: &str, style: &Style) {
    let Look {
        size,
        face,
        fill,
        middle,
    } = *look;
    let (family, weight, italic) = svg_font(face, style);
    let family = if family.contains(' ') {
        format!("'{family}'")
    } else {
        family
    };
    let _ = write!(
        out,
        "<text x=\"{}\" y=\"{}\" font-family=\"{}\" font-size=\"{}\"",
        num(x),
        num(y),
        esc(&family),
        num(size)
    );
    if weight != 400 {
        let _ = write!(out, " font-weight=\"{weight}\"");
    }
    if italic {
        out.push_str(" font-style=\"italic\"");
    }
    if middle {
        out.push_str(" text-anchor=\"middle\"");
    }
    // Spaces at a run's ends separate it from the next run.
    let _ = writeln!(
        out,
        " xml:space=\"preserve\" fill=\"{}\">{}</text>",
        esc(fill),
        esc(text)
    );
}

/// Draws one aid card as SVG, the same size and frame as the playing
/// cards. Lines that do not fit across or down are errors at their place.
pub fn aid_svg(
    aid: &Aid,
    source: &Arc<SourceFile>,
    style: &Style,
    shaper: &mut Shaper,
) -> Result<String, Vec<Diagnostic>> {
    let m = Metrics::new(style);
    let c = &style.card;
    let max_w = m.w - 2.0 * m.pad;
    let mut diags = Vec::new();
    let mut body = String::new();

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

    let title_w = f64::from(shaper.width(FaceId::Heading, &aid.title, m.title_size as f32));
    if title_w > max_w {
        diags.push(too_wide(
            source,
            aid.title_span,
            "title",
            title_w,
            max_w,
            &m,
        ));
    }
    let title = Look {
        size: m.title_size,
        face: FaceId::Heading,
        fill: &c.back,
        middle: true,
    };
    text_element(
        &mut body,
        m.w / 2.0,
        m.title_baseline,
        &title,
        &aid.title,
        style,
    );
    let _ = writeln!(
        body,
        "<path d=\"M{} {y}H{}\" stroke=\"{}\" stroke-width=\"{}\"/>",
        num(m.pad),
        num(m.w - m.pad),
        esc(&c.back),
        num(0.3 * m.w / 76.5),
        y = num(m.rule_y),
    );

    let bullet_w = f64::from(shaper.width(FaceId::Regular, "• ", m.body_size as f32));
    let mut y = m.first_baseline - m.leading;
    let mut full = false;
    for line in &aid.lines {
        y += m.leading + if line.gap_before { m.gap } else { 0.0 };
        if y > m.last_baseline && !full {
            full = true;
            diags.push(
                Diagnostic::error(
                    source,
                    line.span,
                    format!(
                        "the aid card `{}` is full: this line does not fit on it",
                        aid.title
                    ),
                )
                .with_help("say it in fewer lines; a card holds about 17"),
            );
        }
        let mut x = m.pad + if line.indent { bullet_w } else { 0.0 };
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
                text_element(&mut body, x, y, &look, &run.text, style);
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
                &m,
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
    out.push_str(&body);
    out.push_str("</svg>\n");
    Ok(out)
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
            "this {what} is too wide for the card: {:.1} mm of text in {:.1} mm",
            m.mm(w),
            m.mm(max)
        ),
    )
    .with_help(if what == "title" {
        "shorten the game's name on its card".to_string()
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
