//! `render`: one diagram as SVG, PNG or FEN, and a FEN as diagram lines.

use std::path::{Path, PathBuf};

use super::Failure;
use crate::book::Book;
use crate::diagnostic::Diagnostic;
use crate::engine;
use crate::render::{diagram_svg, svg_to_png};
use crate::settings::{Flags, Settings};
use crate::source::SourceFile;

/// Where `render` reads the rulebook from.
#[derive(Clone, Debug)]
pub enum RenderInput {
    File(PathBuf),
    /// Text already read (standard input), with the name messages use.
    Text {
        name: String,
        text: String,
    },
}

/// What `render` is asked to do.
#[derive(Clone, Debug)]
pub struct RenderOptions {
    pub input: RenderInput,
    /// Which diagram of the file, counting from 1.
    pub diagram: usize,
    /// A `.svg` or `.png` file (or, for a FEN, any file); `None` for the
    /// SVG or FEN as text.
    pub output: Option<PathBuf>,
    pub style: Option<PathBuf>,
    pub format: RenderFormat,
    /// Replace an existing output file (never an input of the run).
    pub force: bool,
}

/// What `render` makes of the diagram.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RenderFormat {
    /// A drawing: SVG, or PNG for an output ending in `.png`.
    #[default]
    Drawing,
    /// SVG, whatever the output's name.
    Svg,
    /// PNG: needs an output file.
    Png,
    /// The position as FEN, one line.
    Fen,
}

/// What `render` made.
#[derive(Debug, PartialEq, Eq)]
pub enum Rendered {
    /// The SVG, for standard output.
    Svg(String),
    /// The FEN line, for standard output.
    Fen(String),
    /// The file was written.
    Written(PathBuf),
}

/// `render`: one diagram as SVG or PNG.
pub fn render(options: &RenderOptions) -> Result<Rendered, Failure> {
    let mut diags = Vec::new();
    let flags = Flags {
        style: options.style.clone(),
        ..Flags::default()
    };
    let settings = match &options.input {
        RenderInput::File(file) => Settings::resolve(std::slice::from_ref(file), &flags),
        RenderInput::Text { .. } => Settings::for_stdin(&flags),
    };
    let (book, shown) = match &options.input {
        RenderInput::Text { name, text } => (
            settings.stdin_book(name, text, &mut diags),
            PathBuf::from("-"),
        ),
        RenderInput::File(file) => match Book::load(file, &mut diags) {
            Some(b) => (b, file.clone()),
            None => return Err(Failure::Input(diags)),
        },
    };
    let count = book.diagrams.len();
    let number = options.diagram;
    if number == 0 || number > count {
        return Err(Failure::Usage(format!(
            "{} has {count} diagram{}; --diagram must be from 1 to {count}",
            crate::paths::shown(&shown),
            if count == 1 { "" } else { "s" }
        )));
    }
    let entry = &book.diagrams[number - 1];
    // Only this diagram's problems matter here.
    diags.retain(|d| {
        d.span
            .is_some_and(|s| entry.span.start <= s.start && s.start < entry.span.end)
    });
    let Some(diagram) = &entry.diagram else {
        return Err(Failure::Input(diags));
    };
    // The diagram is drawn and read under the book's settings: a problem
    // in them would give a wrong drawing.
    if settings.failed() {
        return Err(Failure::Input(settings.problems));
    }
    let config = settings.root.join(crate::config::CONFIG_FILE);
    let mut inputs: Vec<&Path> = vec![&config];
    if let RenderInput::File(file) = &options.input {
        inputs.push(file);
    }
    inputs.extend(options.style.as_deref());
    let write = |path: &Path, bytes: &[u8]| {
        crate::output::write_named(path, bytes, options.force, &inputs)
            .map_err(|d| Failure::Input(vec![d]))
    };
    if options.format == RenderFormat::Fen {
        let fen = render_fen(&book, entry, &settings)?;
        let Some(path) = &options.output else {
            return Ok(Rendered::Fen(fen));
        };
        write(path, format!("{fen}\n").as_bytes())?;
        return Ok(Rendered::Written(path.clone()));
    }
    let ext = options
        .output
        .as_ref()
        .and_then(|p| p.extension())
        .map(|e| e.to_string_lossy().to_ascii_lowercase());
    let png = match (options.format, ext.as_deref(), &options.output) {
        (RenderFormat::Png, _, None) => {
            return Err(Failure::Usage(
                "a PNG is written to a file: give `-o OUT.png`".to_string(),
            ));
        }
        (RenderFormat::Png, Some("png"), _) | (RenderFormat::Drawing, Some("png"), _) => true,
        (RenderFormat::Svg, Some("svg"), _)
        | (RenderFormat::Drawing, Some("svg"), _)
        | (RenderFormat::Svg | RenderFormat::Drawing, _, None) => false,
        _ => {
            return Err(Failure::Usage(match options.format {
                RenderFormat::Png => "--format png writes a file ending in .png".to_string(),
                RenderFormat::Svg => "--format svg writes a file ending in .svg".to_string(),
                _ => "the output must end in .svg or .png".to_string(),
            }));
        }
    };
    let style = &settings.style;
    let svg = diagram_svg(diagram, style);
    let Some(path) = &options.output else {
        return Ok(Rendered::Svg(svg));
    };
    let bytes = if png {
        svg_to_png(&svg, style)
            .map_err(|e| Failure::Message(format!("cannot draw the PNG: {e}")))?
    } else {
        svg.into_bytes()
    };
    write(path, &bytes)?;
    Ok(Rendered::Written(path.clone()))
}

/// A diagram's FEN, under the games of the book's settings; why it has
/// none is an error at the diagram.
fn render_fen(
    book: &Book,
    entry: &crate::book::DiagramEntry,
    settings: &Settings,
) -> Result<String, Failure> {
    engine::fen::diagram_fen(book, entry, &settings.engine_options(false))
        .map(|f| f.fen)
        .map_err(|reason| {
            let start = entry.span.start;
            let text = &book.source.text;
            let end = text[start..]
                .find('\n')
                .map_or(text.len(), |n| start + n);
            let first = text[start..end].len() - text[start..end].trim_start().len();
            Failure::Input(vec![
                Diagnostic::error(
                    &book.source,
                    crate::source::Span::new(start + first, end),
                    format!("this diagram has no FEN: {reason}"),
                )
                .with_help(
                    "a FEN states a chess position: pieces on the whole 8×8 board, two sides taking turns, nothing else on the board",
                ),
            ])
        })
}

/// What `render --from-fen` made: the diagram's lines, and what of the
/// FEN they cannot say.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FromFen {
    pub lines: String,
    pub notes: Vec<String>,
}

/// `render --from-fen`: a FEN's position as diagram lines. A FEN that does
/// not read is an error at the field that is wrong. Underscores count as
/// spaces, as in an analysis board's address.
pub fn from_fen(fen: &str) -> Result<FromFen, Failure> {
    let text = fen.replace('_', " ");
    let pos = crate::engine::chess::Position::from_fen(&text).map_err(|e| {
        let src = SourceFile::new("<FEN>", text.trim().to_string());
        let span = fen_field_span(&src.text, &e);
        Failure::Input(vec![
            Diagnostic::error(&src, span, e.to_string()).with_help(fen_help(&e)),
        ])
    })?;
    let (lines, notes) = engine::fen::diagram_lines(&pos);
    Ok(FromFen { lines, notes })
}

/// What `render --from-fen` is asked for beside the FEN.
#[derive(Clone, Debug, Default)]
pub struct FromFenOptions {
    /// A `.svg` or `.png` file for a drawing, any other for the lines;
    /// `None` for standard output.
    pub output: Option<PathBuf>,
    pub style: Option<PathBuf>,
    /// `Svg` or `Png` to draw the position; `None` to go by the output's
    /// extension, the lines when it is neither.
    pub format: Option<RenderFormat>,
    /// Replace an existing output file (never an input of the run).
    pub force: bool,
}

/// `render --from-fen` with its options: the diagram lines, on standard
/// output or into a file, or the position drawn as SVG or PNG (as
/// `render -` draws the same lines read from standard input); and what
/// of the FEN the lines cannot say.
pub fn from_fen_with(
    fen: &str,
    options: &FromFenOptions,
) -> Result<(FenMade, Vec<String>), Failure> {
    let made = from_fen(fen)?;
    let ext = options
        .output
        .as_ref()
        .and_then(|p| p.extension())
        .map(|e| e.to_string_lossy().to_ascii_lowercase());
    let draw = match (options.format, ext.as_deref()) {
        (Some(RenderFormat::Fen), _) => {
            return Err(Failure::Usage(
                "--from-fen makes diagram lines or a drawing: --format is svg or png".to_string(),
            ));
        }
        (Some(format), _) => Some(format),
        (None, Some("svg" | "png")) => Some(RenderFormat::Drawing),
        (None, _) => None,
    };
    let Some(format) = draw else {
        let Some(path) = &options.output else {
            return Ok((FenMade::Lines(made.lines), made.notes));
        };
        let inputs: Vec<&Path> = options.style.as_deref().into_iter().collect();
        crate::output::write_named(path, made.lines.as_bytes(), options.force, &inputs)
            .map_err(|d| Failure::Input(vec![d]))?;
        return Ok((FenMade::Drawn(Rendered::Written(path.clone())), made.notes));
    };
    let drawn = render(&RenderOptions {
        input: RenderInput::Text {
            name: "<FEN>".to_string(),
            text: made.lines,
        },
        diagram: 1,
        output: options.output.clone(),
        style: options.style.clone(),
        format,
        force: options.force,
    })?;
    Ok((FenMade::Drawn(drawn), made.notes))
}

/// What `render --from-fen` made.
#[derive(Debug, PartialEq, Eq)]
pub enum FenMade {
    /// The diagram lines, for standard output.
    Lines(String),
    /// A drawing (or the lines written into a file).
    Drawn(Rendered),
}

/// Where in a FEN the field an error names stands.
fn fen_field_span(text: &str, e: &crate::engine::chess::FenError) -> crate::source::Span {
    use crate::engine::chess::FenError;
    let fields: Vec<(usize, &str)> = text
        .split_whitespace()
        .map(|f| (f.as_ptr() as usize - text.as_ptr() as usize, f))
        .collect();
    let index = match e {
        FenError::Fields(n) => {
            // Past the sixth field, or the whole (empty) text.
            if *n > 6 {
                let (start, _) = fields[6];
                return crate::source::Span::new(start, text.len());
            }
            return crate::source::Span::new(0, text.len());
        }
        FenError::Board(_) => 0,
        FenError::Turn(_) => 1,
        FenError::Castling(_) => 2,
        FenError::EnPassant(_) => 3,
        FenError::Halfmove(_) => 4,
        FenError::Fullmove(_) => 5,
    };
    match fields.get(index) {
        Some(&(start, f)) => crate::source::Span::new(start, start + f.len()),
        None => crate::source::Span::new(text.len(), text.len()),
    }
}

/// What a FEN's field holds, for the help line of its error.
fn fen_help(e: &crate::engine::chess::FenError) -> &'static str {
    use crate::engine::chess::FenError;
    match e {
        FenError::Fields(_) => {
            "a FEN has six fields separated by spaces: board, side to move, castling, en passant square, halfmove clock, fullmove number (the last five may be left out)"
        }
        FenError::Board(_) => {
            "the board field is eight ranks from 8 to 1, separated by `/`: piece letters (KQRBNP White, kqrbnp Black) and digits 1 to 8 counting empty squares, eight squares a rank"
        }
        FenError::Turn(_) => "the side to move is `w` or `b`",
        FenError::Castling(_) => {
            "castling is `-` or letters among KQkq (or the rooks' files, as in Chess960), each for a king and rook still on their first rank"
        }
        FenError::EnPassant(_) => {
            "the en passant square is `-` or the square a pawn just skipped with a double step (rank 6 with White to move, rank 3 with Black)"
        }
        FenError::Halfmove(_) => "the halfmove clock is a whole number from 0",
        FenError::Fullmove(_) => "the fullmove number is a whole number from 1",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[allow(unused_imports)]
    use crate::commands::testing::{BOARD, folder};

    #[test]
    fn render_refuses_a_diagram_number_out_of_range_as_a_usage_error() {
        let options = RenderOptions {
            input: RenderInput::Text {
                name: "<stdin>".into(),
                text: format!("## Zombie Chess\n\n{BOARD}"),
            },
            diagram: 2,
            output: None,
            style: None,
            format: RenderFormat::Drawing,
            force: false,
        };
        match render(&options) {
            Err(Failure::Usage(m)) => assert!(m.contains("has 1 diagram;"), "{m}"),
            other => panic!("{other:?}"),
        }
        let one = RenderOptions {
            diagram: 1,
            ..options
        };
        match render(&one) {
            Ok(Rendered::Svg(svg)) => assert!(svg.contains("<svg")),
            other => panic!("{other:?}"),
        }
    }

    /// A malformed FEN is an error at the field that is wrong, naming it,
    /// with what the field holds as its help.
    #[test]
    fn a_malformed_fen_is_an_error_at_its_field() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
        let cases: &[(String, &str, &str)] = &[
            (String::new(), "FEN has 0 fields", ""),
            (format!("{start} w KQkq - 0 1 x"), "FEN has 7 fields", "x"),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w".to_string(),
                "FEN board: 7 ranks, expected 8",
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP",
            ),
            (
                "rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR".to_string(),
                "FEN board: 'x' on rank 7 is no piece",
                "rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
            ),
            (
                format!("{start} x"),
                "FEN side to move: \"x\" is not w or b",
                "x",
            ),
            (
                format!("{start} w KQkqZ"),
                "FEN castling: 'Z' is not one of KQkq or a file letter",
                "KQkqZ",
            ),
            (
                format!("{start} w KQkq e9"),
                "FEN en passant square: \"e9\" is not a square",
                "e9",
            ),
            (
                format!("{start} w KQkq - x"),
                "FEN halfmove clock: \"x\" is not a number",
                "x",
            ),
            (
                format!("{start} w KQkq - 0 0"),
                "FEN fullmove number: \"0\" is not a number from 1",
                "0",
            ),
        ];
        for (fen, message, field) in cases {
            let Err(Failure::Input(diags)) = from_fen(fen) else {
                panic!("{fen:?} was read");
            };
            assert_eq!(diags.len(), 1, "{fen:?}");
            let d = &diags[0];
            assert!(d.message.starts_with(message), "{fen:?}: {}", d.message);
            assert!(d.help.is_some(), "{fen:?}");
            let span = d.span.unwrap();
            let src = d.source.as_ref().unwrap();
            assert_eq!(&src.text[span.range()], *field, "{fen:?}");
            assert!(d.render().contains("--> <FEN>:1:"), "{}", d.render());
        }
    }

    #[test]
    fn a_fen_becomes_diagram_lines() {
        let made = from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR_b_KQkq_e3_0_1").unwrap();
        assert_eq!(
            made.lines,
            "    r n b q k b n r
    p p p p p p p p
    . . . . . . . .
    . . . . . . . .
    . . . . P . . .
    . . . . . . . .
    P P P P . P P P
    R N B Q K B N R
    arrow: e2, e4, white
"
        );
        assert!(made.notes.is_empty(), "{:?}", made.notes);
    }

    #[test]
    fn render_gives_a_diagrams_fen_or_why_it_has_none() {
        let options = |text: String| RenderOptions {
            input: RenderInput::Text {
                name: "<stdin>".into(),
                text,
            },
            diagram: 1,
            output: None,
            style: None,
            format: RenderFormat::Fen,
            force: false,
        };
        match render(&options(format!("## Zombie Chess\n\n{BOARD}"))) {
            Ok(Rendered::Fen(fen)) => assert_eq!(fen, "4k3/8/8/8/8/8/8/4K3 w - - 0 1"),
            other => panic!("{other:?}"),
        }
        match render(&options(format!("## Tar Pit Chess\n\n{BOARD}"))) {
            Err(Failure::Input(diags)) => {
                assert_eq!(
                    diags[0].message,
                    "this diagram has no FEN: Tar Pit Chess puts checkers under pieces, which a FEN cannot hold"
                );
                assert_eq!(diags[0].line_col().unwrap().line, 3);
            }
            other => panic!("{other:?}"),
        }
    }
}
