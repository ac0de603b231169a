//! Every diagram of the seed rulebooks, drawn and compared with the
//! committed SVG in `tests/golden/`. After an intended drawing change, run
//! `UPDATE_GOLDEN=1 cargo test --test svg_golden` and review the diff.

use std::path::{Path, PathBuf};

use chess_kit_docs::diagram::{Diagram, parse_diagram};
use chess_kit_docs::render::{diagram_svg, svg_to_png};
use chess_kit_docs::source::{SourceFile, Span};
use chess_kit_docs::style::Style;

/// The seed rulebooks (as copied into the repo), and diagrams that use the
/// language as the author does beyond the seeds (negative margins, labels
/// outside the board, cards and rings at the edges), with their golden-file
/// prefix and how many diagrams each holds.
const SEEDS: [(&str, &str, usize); 4] = [
    ("tests/seeds/rules.md", "003", 37),
    ("tests/seeds/new_rules.md", "000", 8),
    ("tests/seeds/crowded_rules.md", "001", 4),
    ("tests/golden/geometry.md", "004", 6),
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Diagram blocks: maximal runs of lines indented 4+ spaces that follow a
/// blank line or a heading. Spans cover whole lines, indentation included.
fn diagram_spans(text: &str) -> Vec<Span> {
    let mut spans = Vec::new();
    let mut offset = 0;
    let mut previous_opens = true;
    let mut current: Option<Span> = None;
    for line in text.split_inclusive('\n') {
        let body = line.trim_end_matches(['\n', '\r']);
        let indented = body.starts_with("    ") && !body.trim().is_empty();
        match (&mut current, indented) {
            (Some(span), true) => span.end = offset + line.len(),
            (None, true) if previous_opens => {
                current = Some(Span::new(offset, offset + line.len()))
            }
            (Some(_), false) => spans.extend(current.take()),
            _ => {}
        }
        let trimmed = body.trim();
        previous_opens = trimmed.is_empty() || trimmed.starts_with('#');
        offset += line.len();
    }
    spans.extend(current);
    spans
}

fn seed_diagrams() -> Vec<(String, Diagram)> {
    let mut out = Vec::new();
    for (path, prefix, expected) in SEEDS {
        let text = std::fs::read_to_string(root().join(path)).expect("seed rulebook readable");
        let src = SourceFile::new(path, text);
        let spans = diagram_spans(&src.text);
        assert_eq!(spans.len(), expected, "{path}: diagram count");
        for (i, span) in spans.into_iter().enumerate() {
            let mut diags = Vec::new();
            let diagram = parse_diagram(&src, span, &mut diags);
            let rendered: Vec<String> = diags.iter().map(|d| d.render()).collect();
            assert!(diags.is_empty(), "{path}:\n{}", rendered.join("\n"));
            let line = src.text[..span.start].matches('\n').count() + 1;
            let name = format!("{prefix}-{i:02} ({path}:{line})");
            out.push((name, diagram.expect("parses without diagnostics")));
        }
    }
    out
}

#[test]
fn seed_diagrams_match_golden_svgs() {
    let style = Style::default();
    let dir = root().join("tests/golden");
    let update = std::env::var_os("UPDATE_GOLDEN").is_some_and(|v| !v.is_empty() && v != "0");
    if update {
        std::fs::create_dir_all(&dir).expect("create tests/golden");
    }
    let diagrams = seed_diagrams();
    assert_eq!(diagrams.len(), 55);
    let mut failures = Vec::new();
    for (name, diagram) in &diagrams {
        let svg = diagram_svg(diagram, &style);
        // The file is named by seed and index only: "003-07 (tests/seeds/rules.md:378)".
        let stem = name.split(' ').next().unwrap_or(name);
        let file = dir.join(format!("{stem}.svg"));
        if update {
            std::fs::write(&file, &svg).expect("write golden file");
            continue;
        }
        match std::fs::read_to_string(&file) {
            Ok(golden) if golden == svg => {}
            Ok(golden) => failures.push(format!(
                "diagram {name} differs from {} (first difference at byte {})",
                rel(&file),
                first_difference(&golden, &svg)
            )),
            Err(e) => failures.push(format!("diagram {name}: cannot read {}: {e}", rel(&file))),
        }
    }
    assert!(
        failures.is_empty(),
        "{}\nIf the change is intended, run `UPDATE_GOLDEN=1 cargo test --test svg_golden` and review the diff.",
        failures.join("\n")
    );
}

#[test]
fn seed_diagrams_rasterise() {
    // A small scale keeps this quick in debug builds; the drawing is the same.
    let mut style = Style::default();
    style.png.pixels_per_square = 12.0;
    for (name, diagram) in seed_diagrams() {
        let svg = diagram_svg(&diagram, &style);
        let png = svg_to_png(&svg, &style).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(png.starts_with(b"\x89PNG"), "{name}");
    }
}

fn rel(path: &Path) -> String {
    path.strip_prefix(root())
        .unwrap_or(path)
        .display()
        .to_string()
}

fn first_difference(a: &str, b: &str) -> usize {
    a.bytes()
        .zip(b.bytes())
        .position(|(x, y)| x != y)
        .unwrap_or(a.len().min(b.len()))
}
