//! One fuzz input through every stage the tool has: parse, check (with the
//! replay and the shortest-solution search), the language server's check
//! in parts (against a check of the whole text), SVG and PNG drawing, the
//! site page, the PDF book and the card deck. Used by the fuzz driver
//! (`examples/fuzz.rs`) and by the regression test over the inputs it
//! found (`tests/fuzz_regressions.rs`, inputs in `tests/fuzz_regressions/`).

#![allow(dead_code)]

use std::path::Path;

use chess_kit_docs::book::Book;
use chess_kit_docs::contents::table_of_contents;
use chess_kit_docs::deck::{Aids, DeckOptions, DeckPage, deck_pdf, face_png, faces};
use chess_kit_docs::engine::{Options, check_book};
use chess_kit_docs::pdf::{PdfOptions, book_pdf};
use chess_kit_docs::publish::markdown::page_markdown;
use chess_kit_docs::render::{diagram_svg, svg_to_png, svg_with_outlined_text};
use chess_kit_docs::source::SourceFile;
use chess_kit_docs::style::Style;

/// The games `rules/chess-kit-docs.toml` configures, so their sections
/// (and the variant switches) are fuzzed too.
pub fn bundled_variants() -> chess_kit_docs::engine::variants::Variants {
    static VARIANTS: std::sync::OnceLock<chess_kit_docs::engine::variants::Variants> =
        std::sync::OnceLock::new();
    VARIANTS
        .get_or_init(|| {
            let config: chess_kit_docs::config::Config =
                toml::from_str(include_str!("../../rules/chess-kit-docs.toml"))
                    .expect("the bundled settings parse");
            let mut diags = Vec::new();
            let variants = chess_kit_docs::engine::variants::Variants::from_config(
                &config.variants,
                None,
                &mut diags,
            );
            assert!(!variants.is_empty() && diags.is_empty(), "{diags:?}");
            variants
        })
        .clone()
}

/// Which of the costly stages to run for one input.
#[derive(Clone, Copy, Debug)]
pub struct Depth {
    /// Search for shorter Chess Golf solutions.
    pub shortest: bool,
    /// How many diagnostics to draw in full (quote and caret), the costly
    /// form; every one is drawn in the short, JSON and GitHub forms.
    pub drawn_in_full: usize,
    /// How many diagrams to draw as PNG (and outlined web SVG).
    pub pngs: usize,
    /// Lay out and write the PDF book.
    pub pdf: bool,
    /// Make the card deck (faces, one PNG and the PDF).
    pub deck: bool,
}

impl Depth {
    pub const FULL: Depth = Depth {
        shortest: true,
        drawn_in_full: usize::MAX,
        pngs: usize::MAX,
        pdf: true,
        deck: true,
    };
}

/// Runs `bytes`, read as the rulebook `name`, through the stages. A panic
/// propagates to the caller, which catches it.
pub fn run(name: &str, bytes: &[u8], depth: Depth, style: &Style) {
    let (source, bad) = SourceFile::from_bytes(Path::new(name), bytes.to_vec());
    let mut diags = Vec::new();
    if let Some((span, reason)) = bad {
        diags.push(chess_kit_docs::diagnostic::Diagnostic::error(
            &source, span, reason,
        ));
    }
    if bad.is_none() {
        parts_match_whole(name, &source.text);
    }
    let book = Book::parse(source, &mut diags);
    book.check_images(&mut diags);
    let toc = table_of_contents(&book, &mut diags);
    let options = Options {
        shortest: depth.shortest,
        variants: bundled_variants(),
        broken: Vec::new(),
    };
    let (findings, _, _) = check_book(&book, &options);
    diags.extend(findings.into_iter().map(|f| f.diagnostic));
    fens_round_trip(&book, &options);
    for (i, d) in diags.iter().enumerate() {
        if i < depth.drawn_in_full {
            let _ = d.render();
        }
        let _ = d.render_short();
        let _ = d.render_json();
        let _ = d.render_github();
    }
    let _ = page_markdown(&book, &toc);
    let mut drawn = 0;
    for entry in &book.diagrams {
        let Some(diagram) = &entry.diagram else {
            continue;
        };
        let svg = diagram_svg(diagram, style);
        if drawn < depth.pngs {
            drawn += 1;
            let _ = svg_to_png(&svg, style);
            let _ = svg_with_outlined_text(&svg);
        }
    }
    let errors = diags.iter().any(|d| d.is_error());
    if depth.pdf {
        let _ = book_pdf(&book, &toc, style, &PdfOptions::default());
    }
    if depth.deck && !errors {
        let aids = Aids::parse(SourceFile::new("player_aids.md", AIDS));
        if let Ok(aids) = aids
            && let Ok(faces) = faces(&book, &aids, style)
        {
            if let Some(face) = faces.first() {
                let _ = face_png(face, style);
            }
            let options = DeckOptions {
                page: DeckPage::Letter,
                backs: true,
                bleed_pt: 9.0,
                date: None,
            };
            let _ = deck_pdf(&book, &faces, style, &options);
        }
    }
}

/// The language server's check of a text in parts finds what a check of
/// the whole text finds; a panic says where they part.
pub fn parts_match_whole(name: &str, text: &str) {
    let path = Path::new(name);
    let parts = chess_kit_docs::incremental::ChunkedCheck::check(path, text, None);
    if let Some(why) = parts.differs_from_whole(path, text) {
        panic!("checked in parts and whole: {why}");
    }
}

/// The bundled player aids, for the deck stage.
pub const AIDS: &str = include_str!("../../tests/seeds/player_aids.md");

/// One fuzz input of the `files` target: a folder's files, by name.
pub type Folder = Vec<(String, Vec<u8>)>;

/// What separates the files of a folder packed into one input.
const FILE_MARK: &[u8] = b"\n\x00\x00FILE ";

/// A folder as one byte string, so the driver keeps one kind of input.
pub fn pack(folder: &Folder) -> Vec<u8> {
    let mut out = Vec::new();
    for (name, bytes) in folder {
        out.extend_from_slice(FILE_MARK);
        out.extend_from_slice(name.as_bytes());
        out.push(b'\n');
        out.extend_from_slice(bytes);
    }
    out
}

/// The folder [`pack`] made.
pub fn unpack(bytes: &[u8]) -> Folder {
    let mut out = Vec::new();
    let mut rest = bytes;
    while let Some(at) = find(rest, FILE_MARK) {
        rest = &rest[at + FILE_MARK.len()..];
        let end = find(rest, FILE_MARK).unwrap_or(rest.len());
        let file = &rest[..end];
        let newline = file.iter().position(|&b| b == b'\n').unwrap_or(file.len());
        let name = String::from_utf8_lossy(&file[..newline]).into_owned();
        out.push((name, file[(newline + 1).min(file.len())..].to_vec()));
        rest = &rest[end..];
    }
    out
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

/// Runs a folder (rulebooks, `chess-kit-docs.toml`, contents files, player
/// aids) as the commands run it: `check`, then `build` and `deck` into a
/// folder inside it. Panics, as the fuzzer wants, when anything panics or
/// when a promise breaks: `build` fails exactly when `check` found errors,
/// and then publishes nothing. Returns whether the build published.
pub fn run_folder(folder: &Folder, deck: bool) -> bool {
    use chess_kit_docs::commands::build::{BuildOptions, build};
    use chess_kit_docs::commands::check::{CheckOptions, check};
    use chess_kit_docs::commands::deck::DeckRequest;
    let dir = tempfile::tempdir().expect("a temporary folder");
    for (name, bytes) in folder {
        // Only plain names: the fuzzer writes nowhere but its folder.
        let plain = Path::new(name)
            .components()
            .all(|c| matches!(c, std::path::Component::Normal(_)));
        if plain && !name.is_empty() {
            let _ = std::fs::write(dir.path().join(name), bytes);
        }
    }
    let checked = check(&CheckOptions {
        paths: vec![dir.path().to_path_buf()],
        shortest: false,
    });
    let check_errors = checked.errors();
    for d in &checked.diags {
        let _ = d.render();
    }
    let out = dir.path().join("out");
    let built = build(
        &BuildOptions {
            paths: vec![dir.path().to_path_buf()],
            out: Some(out.clone()),
            ..BuildOptions::default()
        },
        &|_, _| {},
    );
    assert_eq!(
        built.failed(),
        check_errors > 0,
        "check found {check_errors} errors, and build {}: {:?}",
        if built.failed() {
            "failed"
        } else {
            "published"
        },
        built
            .diags
            .iter()
            .filter(|d| d.is_error())
            .map(|d| d.render_short())
            .collect::<Vec<_>>()
    );
    if built.failed() {
        assert!(built.published.is_none(), "a failed build published");
        for made in ["site", "html"] {
            assert!(!out.join(made).exists(), "a failed build wrote {made}/");
        }
    }
    render_never_writes_over_an_input(dir.path(), folder);
    if deck {
        let book = folder
            .iter()
            .find(|(n, _)| n.ends_with(".md") && n != "player_aids.md")
            .map(|(n, _)| dir.path().join(n));
        let _ = chess_kit_docs::commands::deck::deck(&DeckRequest {
            book,
            out: Some(dir.path().join("deck-out")),
            ..DeckRequest::default()
        });
    }
    built.published.is_some()
}

/// Every diagram's FEN (where it has one) reads back, and its diagram
/// lines hold the diagram's board.
pub fn fens_round_trip(book: &Book, options: &Options) {
    use chess_kit_docs::engine::chess::Position;
    use chess_kit_docs::engine::fen::{book_fens, diagram_lines};
    for (entry, fen) in book.diagrams.iter().zip(book_fens(book, options)) {
        let Ok(fen) = fen else {
            continue;
        };
        let pos = Position::from_fen(&fen.fen)
            .unwrap_or_else(|e| panic!("the FEN {} does not read back: {e}", fen.fen));
        assert_eq!(pos.fen(), fen.fen, "the FEN reads back otherwise");
        let (lines, _) = diagram_lines(&pos);
        let src = SourceFile::new("<fen>", lines.clone());
        let mut diags = Vec::new();
        let span = chess_kit_docs::source::Span::new(0, lines.len());
        let parsed = chess_kit_docs::diagram::parse_diagram(&src, span, &mut diags)
            .unwrap_or_else(|| panic!("the lines of {} do not parse: {diags:?}", fen.fen));
        let board = entry.diagram.as_ref().and_then(|d| d.as_board());
        assert_eq!(
            parsed.as_board().map(|b| &b.board),
            board.map(|b| &b.board),
            "the lines of {} hold another board",
            fen.fen
        );
    }
}

/// `render -o` aimed at each file of the folder, with and without
/// `--force`: the rulebook and the settings it reads are never written,
/// and another existing file only with `--force`.
fn render_never_writes_over_an_input(dir: &Path, folder: &Folder) {
    use chess_kit_docs::commands::render::{RenderFormat, RenderInput, RenderOptions, render};
    let Some((book, _)) = folder
        .iter()
        .find(|(n, _)| n.ends_with(".md") && n != "player_aids.md" && n != "other.md")
    else {
        return;
    };
    let read = |name: &str| std::fs::read(dir.join(name)).ok();
    let inputs = [book.as_str(), "chess-kit-docs.toml"];
    let before: Vec<Option<Vec<u8>>> = inputs.iter().map(|n| read(n)).collect();
    let notes = read("notes.txt");
    for (target, force) in [
        (book.as_str(), true),
        ("chess-kit-docs.toml", true),
        ("notes.txt", false),
        ("drawn.svg", false),
    ] {
        let _ = render(&RenderOptions {
            input: RenderInput::File(dir.join(book)),
            diagram: 1,
            output: Some(dir.join(target)),
            style: None,
            format: if target.ends_with(".svg") {
                RenderFormat::Drawing
            } else {
                RenderFormat::Fen
            },
            force,
        });
    }
    // A file that was not there may be made; one that was is kept.
    for (name, was) in inputs.iter().zip(&before) {
        if was.is_some() {
            assert!(read(name) == *was, "render -o --force wrote over {name}");
        }
    }
    if notes.is_some() {
        assert!(
            read("notes.txt") == notes,
            "render -o replaced a file without --force"
        );
    }
}
