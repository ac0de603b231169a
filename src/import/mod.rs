//! `import`: a plain-text list of variants (a title line, then each
//! variant's title and its lines) read into a rulebook in the tool's
//! Markdown.
//!
//! - The title line becomes the book's `#` heading (and its front-matter
//!   title, which the PDF's title page uses); each variant a `##` section.
//! - The author's lines are kept as written, one Markdown line each:
//!   a line that ends a sentence ends its paragraph; `Variant N:` lines
//!   become a list.
//! - A body written out twice is found and the copy dropped ([`repeat`]).
//! - Titles are found from the text's shape ([`titles`]); unsure lines are
//!   warnings.
//! - A setup stated as piece lists becomes a board diagram after its
//!   paragraph, and squares a variant takes off the board a start position
//!   with those squares marked.

pub mod repeat;
pub mod titles;

use std::path::Path;
use std::sync::Arc;

use crate::book::io_reason;
use crate::diagnostic::Diagnostic;
use crate::diagram::{Board, Color, Piece, Role, Square};
use crate::engine::setup_text::{find_setups, parse_square};
use crate::source::{SourceFile, Span};

/// A rulebook made from a plain-text list, and what the reading found.
#[derive(Debug)]
pub struct Imported {
    /// `None` when the text has errors.
    pub markdown: Option<String>,
    pub diagnostics: Vec<Diagnostic>,
}

/// Reads `file` and writes its rulebook to `output` (refusing to replace an
/// existing file unless `force`), or returns it for standard output.
pub fn import_file(file: &Path, output: Option<&Path>, force: bool) -> Imported {
    let text = match crate::book::read_regular(file) {
        Ok(bytes) => match String::from_utf8(bytes) {
            Ok(text) => text,
            Err(_) => return failed(Diagnostic::file_error(file, "the file is not UTF-8 text")),
        },
        Err(e) => {
            return failed(Diagnostic::file_error(
                file,
                format!("cannot read the variant list: {}", io_reason(&e)),
            ));
        }
    };
    // Refused before the work, and checked again as it is written.
    if let Some(out) = output
        && let Err(d) = crate::output::refuse_to_replace(out, force, &[file])
    {
        return failed(d);
    }
    let mut imported = import(&SourceFile::new(file, text));
    if let Some(out) = output
        && let Some(markdown) = imported.markdown.take()
        && let Err(d) = crate::output::write_named(out, markdown.as_bytes(), force, &[file])
    {
        imported.diagnostics.push(d);
    }
    imported
}

fn failed(d: Diagnostic) -> Imported {
    Imported {
        markdown: None,
        diagnostics: vec![d],
    }
}

/// One line of the input, numbered from 1.
#[derive(Clone, Copy, Debug)]
struct Line<'a> {
    number: usize,
    text: &'a str,
    span: Span,
}

/// A block of a variant's section.
#[derive(Debug)]
enum Part<'a> {
    Paragraph(Vec<Line<'a>>),
    /// `Variant N:` items (or the author's own `- ` items), each its first
    /// line and the lines that continue it.
    List(Vec<Vec<Line<'a>>>),
}

#[derive(Debug)]
struct Section<'a> {
    title: Line<'a>,
    parts: Vec<Part<'a>>,
}

/// Reads a variant list into a rulebook. Warnings say what the reading was
/// unsure of; errors (a bad piece list, a copy that differs) leave no book.
pub fn import(source: &Arc<SourceFile>) -> Imported {
    let mut diags = Vec::new();
    let lines = lines_of(source);
    let texts: Vec<&str> = lines.iter().map(|l| l.text).collect();
    let Some(title_at) = lines.iter().position(|l| !repeat::is_filler(l.text)) else {
        return failed(Diagnostic::file_error(
            &source.path,
            "the file has no text to import",
        ));
    };
    let title = lines[title_at];
    let mut body_start = title_at + 1;
    // The title's underline.
    while body_start < lines.len() && repeat::is_filler(lines[body_start].text) {
        body_start += 1;
    }
    let mut body_end = lines.len();
    if let Some(r) = repeat::find(&texts, body_start) {
        body_end = r.copy.0;
        let copy_line = lines[r.copy.0].number;
        // The copies' first and last lines of text.
        let text_lines = |from: usize, to: usize| {
            let mut numbers = (from..to)
                .filter(|&i| !repeat::is_filler(lines[i].text))
                .map(|i| lines[i].number);
            let first = numbers.next().unwrap_or(lines[from].number);
            (first, numbers.next_back().unwrap_or(first))
        };
        let (first_start, first_end) = text_lines(r.first.0, r.first.1);
        let (_, copy_end) = text_lines(r.copy.0, r.copy.1);
        if r.differences.is_empty() {
            diags.push(Diagnostic::warning(
                source,
                lines[r.copy.0].span,
                format!(
                    "the body repeats from here: lines {copy_line}-{copy_end} are a copy of lines {first_start}-{first_end}; the copy is left out"
                ),
            ));
        }
        for d in &r.differences {
            diags.push(difference(source, &lines, d, copy_line));
        }
    }
    // The first copy ends before the separator that starts the second.
    while body_end > body_start && repeat::is_filler(lines[body_end - 1].text) {
        body_end -= 1;
    }

    let sections = sections(source, &lines[body_start..body_end], &mut diags);
    let mut intro: Vec<Line> = Vec::new();
    let mut variants = Vec::new();
    for s in sections {
        match s {
            Ok(section) => variants.push(section),
            Err(line) => intro.push(line),
        }
    }
    // Every line is kept as written, so one over the limit a rulebook line
    // has would make a book that `check` refuses.
    for line in &lines {
        let chars = line.text.chars().count();
        if chars > crate::book::MAX_LINE_CHARS {
            let cut = line
                .text
                .char_indices()
                .nth(crate::book::MAX_LINE_CHARS)
                .map_or(0, |(i, _)| i);
            let at = line.span.start + cut;
            diags.push(
                Diagnostic::error(
                    source,
                    Span::new(at, at + 1),
                    format!(
                        "this line has {chars} characters; a rulebook line may have at most {}, so its book would not pass `check`",
                        crate::book::MAX_LINE_CHARS
                    ),
                )
                .with_help("split the line where a sentence ends"),
            );
        }
    }
    let markdown = write_markdown(source, title, &intro, &variants, &mut diags);
    if !diags.iter().any(Diagnostic::is_error) {
        diags.extend(unreadable_as_a_book(source, &markdown));
    }
    let ok = !diags.iter().any(Diagnostic::is_error);
    Imported {
        markdown: ok.then_some(markdown),
        diagnostics: diags,
    }
}

/// What `check` would refuse in the book made from `source`, each an
/// error of the import: the book is written only when `check` reads it
/// without an error.
fn unreadable_as_a_book(source: &Arc<SourceFile>, markdown: &str) -> Vec<Diagnostic> {
    let mut book_diags = Vec::new();
    let name = source.path.with_extension("md");
    let _ = crate::book::Book::parse(
        SourceFile::new(&name, markdown.to_string()),
        &mut book_diags,
    );
    book_diags
        .into_iter()
        .filter(Diagnostic::is_error)
        .map(|d| {
            let line = d.line_col().map_or(String::new(), |at| {
                format!(" (line {} of the book)", at.line)
            });
            Diagnostic::file_error(
                &source.path,
                format!(
                    "the book made from this list would not pass `check`: {}{line}",
                    d.message
                ),
            )
        })
        .collect()
}

fn lines_of(source: &SourceFile) -> Vec<Line<'_>> {
    let mut lines = Vec::new();
    let mut start = 0;
    for (i, raw) in source.text.split_inclusive('\n').enumerate() {
        let text = raw.trim_end_matches(['\n', '\r']);
        lines.push(Line {
            number: i + 1,
            text,
            span: Span::new(start, start + text.len()),
        });
        start += raw.len();
    }
    lines
}

/// A difference between the copies, at the copy's line.
fn difference(
    source: &Arc<SourceFile>,
    lines: &[Line],
    d: &repeat::Difference,
    copy_line: usize,
) -> Diagnostic {
    let at = |i: usize| {
        lines
            .get(i)
            .map_or(Span::new(source.text.len(), source.text.len()), |l| l.span)
    };
    let help = format!(
        "the body repeats from line {copy_line}; the copies differ, so neither is chosen: make them agree, or delete one"
    );
    let d = match *d {
        repeat::Difference::Changed { first, copy } => Diagnostic::error(
            source,
            at(copy),
            format!(
                "the copy of the body differs here from line {}: `{}`",
                lines[first].number,
                lines[first].text.trim()
            ),
        ),
        repeat::Difference::Missing { first, copy } => Diagnostic::error(
            source,
            at(copy),
            format!(
                "the copy of the body lacks line {} here: `{}`",
                lines[first].number,
                lines[first].text.trim()
            ),
        ),
        repeat::Difference::Added { copy } => Diagnostic::error(
            source,
            at(copy),
            "the copy of the body has this line, the first copy does not",
        ),
    };
    d.with_help(help)
}

/// Splits the body into variants at their titles. Lines before the first
/// title come back as `Err(line)`.
fn sections<'a>(
    source: &Arc<SourceFile>,
    body: &[Line<'a>],
    diags: &mut Vec<Diagnostic>,
) -> Vec<Result<Section<'a>, Line<'a>>> {
    let mut out: Vec<Result<Section, Line>> = Vec::new();
    let mut lines_of_current: Vec<Line> = Vec::new();
    let mut previous: Option<(&str, bool)> = None;
    let flush = |out: &mut Vec<Result<Section<'a>, Line<'a>>>, lines: &mut Vec<Line<'a>>| {
        if let Some(Ok(section)) = out.last_mut() {
            section.parts = parts(std::mem::take(lines));
        } else {
            out.extend(lines.drain(..).map(Err));
        }
    };
    for &line in body {
        if repeat::is_separator(line.text) {
            diags.push(Diagnostic::warning(
                source,
                line.span,
                "a separator line inside the body is left out",
            ));
            continue;
        }
        if line.text.trim().is_empty() {
            continue;
        }
        let reading = titles::read_line(line.text, previous);
        if let Some(why) = &reading.unsure {
            diags.push(Diagnostic::warning(
                source,
                line.span,
                format!("unsure line: {why}"),
            ));
        }
        previous = Some((line.text, reading.is_title));
        if reading.is_title {
            flush(&mut out, &mut lines_of_current);
            out.push(Ok(Section {
                title: line,
                parts: Vec::new(),
            }));
        } else {
            lines_of_current.push(line);
        }
    }
    flush(&mut out, &mut lines_of_current);
    for s in out.iter().filter_map(|s| s.as_ref().ok()) {
        if s.parts.is_empty() {
            diags.push(Diagnostic::warning(
                source,
                s.title.span,
                format!(
                    "the variant `{}` has no text: is this line a title?",
                    s.title.text.trim()
                ),
            ));
        }
    }
    out
}

fn is_item(line: &str) -> bool {
    titles::is_variant_item(line) || line.trim_start().starts_with("- ")
}

/// A variant's lines as paragraphs and lists.
fn parts(lines: Vec<Line>) -> Vec<Part> {
    let mut parts: Vec<Part> = Vec::new();
    for (i, &line) in lines.iter().enumerate() {
        let previous = i.checked_sub(1).map(|p| lines[p].text);
        if is_item(line.text) {
            match parts.last_mut() {
                Some(Part::List(items)) if same_kind(items, line.text) => items.push(vec![line]),
                _ => parts.push(Part::List(vec![vec![line]])),
            }
            continue;
        }
        let continues_sentence = previous.is_some_and(|p| !titles::ends_sentence(p));
        match parts.last_mut() {
            // A line between two items belongs to the first; after the
            // last item, only a line that carries on its sentence does.
            Some(Part::List(items))
                if continues_sentence
                    || lines[i + 1..]
                        .iter()
                        .any(|l| is_item(l.text) && same_kind(items, l.text)) =>
            {
                if let Some(item) = items.last_mut() {
                    item.push(line);
                }
            }
            Some(Part::Paragraph(paragraph)) if !ends_paragraph(previous, line.text) => {
                paragraph.push(line)
            }
            _ => parts.push(Part::Paragraph(vec![line])),
        }
    }
    parts
}

/// Whether an item line continues the list `items` (a `Variant N:` list or
/// a `- ` list, not one after the other).
fn same_kind(items: &[Vec<Line>], line: &str) -> bool {
    let dash = |t: &str| t.trim_start().starts_with("- ");
    items
        .first()
        .and_then(|i| i.first())
        .is_some_and(|first| dash(first.text) == dash(line))
}

/// A line that ends a sentence ends its paragraph; so does a colon before a
/// line that starts a new sentence.
fn ends_paragraph(previous: Option<&str>, line: &str) -> bool {
    let Some(previous) = previous else {
        return true;
    };
    titles::ends_sentence(previous)
        || (previous.trim_end().ends_with(':') && line.trim_start().starts_with(char::is_uppercase))
}

fn write_markdown(
    source: &Arc<SourceFile>,
    title: Line,
    intro: &[Line],
    variants: &[Section],
    diags: &mut Vec<Diagnostic>,
) -> String {
    let mut md = String::new();
    let title_text = title.text.trim();
    md.push_str("---\n");
    md.push_str(&format!("title: {title_text}\n"));
    md.push_str("---\n");
    md.push_str(&format!("# {}\n\n", escape(title_text)));
    for line in intro {
        md.push_str(&escape_line(line.text));
        md.push('\n');
    }
    if !intro.is_empty() {
        md.push('\n');
    }
    md.push_str("## Table of Contents\n\n");
    for section in variants {
        md.push_str(&format!("## {}\n\n", escape(section.title.text.trim())));
        for part in &section.parts {
            match part {
                Part::Paragraph(lines) => {
                    for line in lines {
                        md.push_str(&escape_line(line.text));
                        md.push('\n');
                    }
                    md.push('\n');
                    for diagram in diagrams_for(source, lines, diags) {
                        md.push_str(&diagram);
                        md.push('\n');
                    }
                }
                Part::List(items) => {
                    for item in items {
                        for (k, line) in item.iter().enumerate() {
                            let text = line.text.trim();
                            if k == 0 {
                                match text.strip_prefix("- ") {
                                    Some(rest) => md.push_str(&format!("- {}", escape(rest))),
                                    None => md.push_str(&format!("- {}", escape(text))),
                                }
                            } else {
                                md.push_str(&format!("  {}", escape_line(text)));
                            }
                            md.push('\n');
                        }
                    }
                    md.push('\n');
                }
            }
        }
    }
    // One newline at the end of the file.
    while md.ends_with("\n\n") {
        md.pop();
    }
    md
}

/// The diagrams a paragraph's text asks for: each setup it states as piece
/// lists, and the squares it takes off the board.
fn diagrams_for(
    source: &Arc<SourceFile>,
    lines: &[Line],
    diags: &mut Vec<Diagnostic>,
) -> Vec<String> {
    let (Some(first), Some(last)) = (lines.first(), lines.last()) else {
        return Vec::new();
    };
    let span = Span::new(first.span.start, last.span.end);
    let text = source.slice(span);
    let mut out = Vec::new();
    let (setups, errors) = find_setups(text, span.start);
    for e in errors {
        diags.push(Diagnostic::error(source, e.span, e.message).with_help(e.help));
    }
    for setup in setups {
        out.push(diagram_text(&setup.board(), &[]));
    }
    if let Some(squares) = removed_squares(text) {
        let start = start_position();
        let occupied: Vec<String> = squares
            .iter()
            .filter(|&&sq| start.get(sq).is_some())
            .map(|sq| sq.to_string())
            .collect();
        if occupied.is_empty() {
            out.push(diagram_text(&start, &rects(&squares)));
        } else {
            diags.push(Diagnostic::warning(
                source,
                span,
                format!(
                    "the text takes squares off the board that hold pieces at the start ({}): not drawn, as the text does not say where those pieces go",
                    occupied.join(", ")
                ),
            ));
        }
    }
    out
}

/// Words that say a sentence's squares leave the board.
const REMOVAL_WORDS: &[&str] = &[
    "replaced by",
    "removed",
    "taken off",
    "cut out",
    "never carry",
    "unavailable",
    "not part of the board",
];

/// The squares a paragraph takes off the board: those named in a sentence
/// that speaks of squares and of their leaving the board.
fn removed_squares(text: &str) -> Option<Vec<Square>> {
    let mut squares: Vec<Square> = Vec::new();
    for sentence in sentences(text) {
        let lower = sentence.to_lowercase();
        if !lower.contains("square") || !REMOVAL_WORDS.iter().any(|w| lower.contains(w)) {
            continue;
        }
        for word in sentence.split(|c: char| !c.is_ascii_alphanumeric()) {
            if word.len() == 2
                && let Some(sq) = parse_square(word)
                && !squares.contains(&sq)
            {
                squares.push(sq);
            }
        }
    }
    squares.sort();
    (!squares.is_empty()).then_some(squares)
}

/// Sentences end at `.`, `!` or `?` followed by a space or the end.
fn sentences(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    for (k, &(i, c)) in chars.iter().enumerate() {
        let at_end = chars.get(k + 1).is_none_or(|&(_, n)| n.is_whitespace());
        if matches!(c, '.' | '!' | '?') && at_end {
            out.push(&text[start..i + c.len_utf8()]);
            start = i + c.len_utf8();
        }
    }
    if start < text.len() {
        out.push(&text[start..]);
    }
    out
}

/// `rect` lines marking `squares`: one around them all when they fill a
/// rectangle, else one a square.
fn rects(squares: &[Square]) -> Vec<String> {
    let files = squares.iter().map(|s| s.file);
    let ranks = squares.iter().map(|s| s.rank);
    let (f0, f1) = (files.clone().min().unwrap_or(0), files.max().unwrap_or(0));
    let (r0, r1) = (ranks.clone().min().unwrap_or(1), ranks.max().unwrap_or(1));
    let area = (f1 - f0 + 1) as usize * (r1 - r0 + 1) as usize;
    if area == squares.len() {
        vec![format!("rect: {}, {r0}, {}, {r1}", f0 + 1, f1 + 1)]
    } else {
        squares
            .iter()
            .map(|s| format!("rect: {0}, {1}, {0}, {1}", s.file + 1, s.rank))
            .collect()
    }
}

/// The orthodox start position.
fn start_position() -> Board {
    let mut board = Board::default();
    let back = [
        Role::Rook,
        Role::Knight,
        Role::Bishop,
        Role::Queen,
        Role::King,
        Role::Bishop,
        Role::Knight,
        Role::Rook,
    ];
    for (file, role) in back.into_iter().enumerate() {
        let file = file as u8;
        board.set(Square::new(file, 1), Some(Piece::new(Color::White, role)));
        board.set(
            Square::new(file, 2),
            Some(Piece::new(Color::White, Role::Pawn)),
        );
        board.set(
            Square::new(file, 7),
            Some(Piece::new(Color::Black, Role::Pawn)),
        );
        board.set(Square::new(file, 8), Some(Piece::new(Color::Black, role)));
    }
    board
}

/// A board diagram block: eight rows, rank 8 first, then its extra lines.
fn diagram_text(board: &Board, extra: &[String]) -> String {
    let mut out = String::new();
    for rank in (1..=8).rev() {
        let row: Vec<String> = (0..8)
            .map(|file| {
                board
                    .get(Square::new(file, rank))
                    .map_or('.', |p| p.char())
                    .to_string()
            })
            .collect();
        out.push_str(&format!("    {}\n", row.join(" ")));
    }
    for line in extra {
        out.push_str(&format!("    {line}\n"));
    }
    out
}

/// Escapes what Markdown would read as markup inside a line.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(c, '\\' | '`' | '*' | '_' | '[' | ']' | '<' | '>' | '&') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// A whole line: also what would start a heading, a quote, a list or a
/// code block at its start.
fn escape_line(text: &str) -> String {
    let text = text.trim();
    let escaped = escape(text);
    let starts_block = text.starts_with('#')
        || text.starts_with("+ ")
        || text.starts_with("* ")
        || text.starts_with('=')
        || text.starts_with("- ")
        || {
            let digits = text.chars().take_while(char::is_ascii_digit).count();
            digits > 0 && text[digits..].starts_with(['.', ')'])
        };
    if starts_block {
        let digits = text.chars().take_while(char::is_ascii_digit).count();
        if digits > 0 {
            format!("{}\\{}", &escaped[..digits], &escaped[digits..])
        } else {
            format!("\\{escaped}")
        }
    } else {
        escaped
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(text: &str) -> Imported {
        import(&SourceFile::new("list.txt", text))
    }

    fn markdown(text: &str) -> String {
        let imported = run(text);
        let rendered: Vec<String> = imported.diagnostics.iter().map(|d| d.render()).collect();
        imported
            .markdown
            .unwrap_or_else(|| panic!("no book:\n{}", rendered.join("\n")))
    }

    #[test]
    fn titles_become_headings_and_lines_stay_as_written() {
        let md = markdown(
            "My Variants\n-----\nOne Chess\nA rule that goes on\nover two lines.\nA second rule.\nTwo Chess (for two)\nIts rule.\n",
        );
        assert!(md.starts_with("---\ntitle: My Variants\n---\n# My Variants\n"));
        assert!(md.contains(
            "## One Chess\n\nA rule that goes on\nover two lines.\n\nA second rule.\n\n## Two Chess (for two)\n\nIts rule.\n"
        ));
    }

    #[test]
    fn variant_lines_become_a_list_with_their_continuations() {
        let md = markdown(
            "List\nOne Chess\nThe pieces move twice\nwhen allowed:\nVariant 1: Always.\nVariant 2: Only\nafter a capture.\nA note on variant 2.\nVariant 3: Never.\nThere is no double move when castling.\n",
        );
        assert!(md.contains(
            "The pieces move twice\nwhen allowed:\n\n- Variant 1: Always.\n- Variant 2: Only\n  after a capture.\n  A note on variant 2.\n- Variant 3: Never.\n\nThere is no double move when castling.\n"
        ), "{md}");
    }

    #[test]
    fn a_piece_list_setup_is_drawn_after_its_paragraph() {
        let md =
            markdown("List\nSmall Chess\nWhite: K a1, P a2;\nBlack K h8.\nPawns move as usual.\n");
        let expected = "White: K a1, P a2;\nBlack K h8.\n\n    . . . . . . . k\n    . . . . . . . .\n    . . . . . . . .\n    . . . . . . . .\n    . . . . . . . .\n    . . . . . . . .\n    P . . . . . . .\n    K . . . . . . .\n\nPawns move as usual.\n";
        assert!(md.contains(expected), "{md}");
    }

    #[test]
    fn squares_taken_off_the_board_are_marked_on_a_start_position() {
        let md = markdown("List\nHole Chess\nThe squares c3 and c4 are removed from the board.\n");
        assert!(md.contains("    . . . . . . . .\n    P P P P P P P P\n    R N B Q K B N R\n    rect: 3, 3, 3, 4\n"), "{md}");
        let md = markdown("List\nHoles\nThe squares a3 and h6 are removed.\n");
        assert!(
            md.contains("    rect: 1, 3, 1, 3\n    rect: 8, 6, 8, 6\n"),
            "{md}"
        );
        // Squares named without their leaving the board draw nothing.
        let md = markdown("List\nHoles\nThe squares a3 and h6 are lucky.\n");
        assert!(!md.contains("rect"), "{md}");
        // A square that holds a piece at the start is not guessed at.
        let imported = run("List\nHoles\nThe squares e1 and e4 are removed.\n");
        assert!(!imported.markdown.unwrap().contains("rect"));
        assert!(
            imported.diagnostics[0]
                .render()
                .contains("hold pieces at the start (e1)")
        );
    }

    #[test]
    fn a_bad_piece_list_is_an_error_at_its_line_and_leaves_no_book() {
        let imported = run("List\nSmall Chess\nWhite: K a1, X b2;\nBlack K h8.\n");
        assert!(imported.markdown.is_none());
        let text = imported.diagnostics[0].render_short();
        assert!(
            text.starts_with("list.txt:3:14: error: unknown piece letter `X`"),
            "{text}"
        );
    }

    #[test]
    fn markup_in_the_text_is_escaped() {
        let md = markdown("List\nOne Chess\n# not a heading, *not* bold.\n1. not a list.\n");
        assert!(
            md.contains("\\# not a heading, \\*not\\* bold.\n\n1\\. not a list.\n"),
            "{md}"
        );
    }

    #[test]
    fn an_empty_file_is_an_error() {
        let imported = run("\n\n");
        assert!(imported.markdown.is_none());
        assert!(imported.diagnostics[0].render().contains("no text"));
    }

    /// A line kept as written that `check` would refuse for its length is
    /// an error at its first character past the limit, and no book.
    #[test]
    fn a_line_over_the_rulebooks_limit_is_an_error_and_no_book() {
        let long = "word ".repeat(2100);
        let imported = run(&format!("List\n\nLong Chess\n{long}\n"));
        assert!(imported.markdown.is_none());
        let errors: Vec<String> = imported
            .diagnostics
            .iter()
            .filter(|d| d.is_error())
            .map(Diagnostic::render_short)
            .collect();
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert!(
            errors[0].contains(":4:10001: error: this line has 10500 characters; a rulebook line may have at most 10000"),
            "{errors:?}"
        );
        // At the limit, the book is written and check reads it.
        let imported = run(&format!("List\n\nLong Chess\n{}\n", "a".repeat(10_000)));
        assert!(imported.markdown.is_some(), "{:?}", imported.diagnostics);
    }

    /// The last guard: what `check` would refuse in the book made is an
    /// error of the import, naming the book's line.
    #[test]
    fn a_book_that_check_would_refuse_is_not_written() {
        let source = SourceFile::new("list.txt", String::new());
        let bad = "## A\n\n    . . . . k . . .\n    . . .\n";
        let errors = unreadable_as_a_book(&source, bad);
        assert!(!errors.is_empty());
        assert!(
            errors[0]
                .message
                .starts_with("the book made from this list would not pass `check`: "),
            "{}",
            errors[0].message
        );
        assert!(
            errors[0].message.contains("(line 4 of the book)"),
            "{}",
            errors[0].message
        );
        assert!(unreadable_as_a_book(&source, "## A\n\nText.\n").is_empty());
    }
}
