//! No input makes the tool panic: the seeds, cut and garbled in many
//! deterministic ways, go through parsing, the rules engine and drawing.

use std::path::Path;

use chess_kit_docs::book::Book;
use chess_kit_docs::engine::{Options, check_book};
use chess_kit_docs::render::diagram_svg;
use chess_kit_docs::source::SourceFile;
use chess_kit_docs::style::Style;

/// A small deterministic generator (xorshift), so failures reproduce.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

const PIECES: &[&str] = &[
    "K",
    "q",
    ".",
    "x",
    "P",
    "p",
    "arrow: e2, e4, white",
    "card: back, 8.5, -1",
    "arrow: h8, a1, black",
    "margins: -9, 0",
    "rect: 8, 8, 1, 1",
    "text: :, :, :",
    "checkers: 99, 0",
    ",",
    ":",
    "    ",
    "\n",
    "type: cards",
    "type: masquerade",
    "type: cloak",
    "O",
    "X",
    "_",
    "10H",
    "#",
    "## Chess Golf\n",
    "## Gravity Chess\n",
    "## Tar Pit Chess\n",
    "1. a1a2, b1b9\n",
    "é",
    "\t",
];

fn garble(text: &str, rng: &mut Rng) -> String {
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    for _ in 0..1 + rng.below(6) {
        let i = rng.below(lines.len());
        match rng.below(4) {
            0 => {
                lines.remove(i);
            }
            1 => lines.insert(i, format!("    {}", PIECES[rng.below(PIECES.len())])),
            2 => {
                let line = &mut lines[i];
                let at = line
                    .char_indices()
                    .map(|(k, _)| k)
                    .nth(rng.below(line.chars().count() + 1))
                    .unwrap_or(line.len());
                line.insert_str(at, PIECES[rng.below(PIECES.len())]);
            }
            _ => {
                let j = rng.below(lines.len());
                lines.swap(i, j);
            }
        }
        if lines.is_empty() {
            lines.push(String::new());
        }
    }
    lines.join("\n")
}

#[test]
fn garbled_rulebooks_never_panic() {
    let style = Style::default();
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for path in [
        "tests/seeds/rules.md",
        "tests/seeds/new_rules.md",
        "tests/seeds/crowded_rules.md",
        "tests/seeds/published_rules.md",
    ] {
        let text = std::fs::read_to_string(path).unwrap();
        for _ in 0..60 {
            let garbled = garble(&text, &mut rng);
            let mut diags = Vec::new();
            let book = Book::parse(SourceFile::new(Path::new(path), garbled), &mut diags);
            let _ = check_book(&book, &Options::default());
            for entry in &book.diagrams {
                if let Some(d) = &entry.diagram {
                    let _ = diagram_svg(d, &style);
                }
            }
            for d in &diags {
                let _ = d.render();
            }
        }
    }
}
