//! `init`: the skeleton of a rulebook project, as `mdbook init` makes one.
//! Its files are the tool's defaults in small: a `rules/` folder holding a
//! rulebook with one game and a worked diagram, the game's settings and the
//! contents descriptions, the PDF's licence notice (the author's to write),
//! and a `.gitignore` for the `output/` folder, so
//! that `check` and `build` run in the new folder with no arguments and
//! pass at once.

use std::path::PathBuf;

use crate::config::CONFIG_FILE;
use crate::settings::{DEFAULT_OUT, DEFAULT_RULES};

/// The rulebook's name: `rules/rules.md`.
pub const BOOK: &str = "rules";

/// The game of the skeleton's one section, configured in its settings.
pub const GAME: &str = "Example Chess";

/// The rulebook: front matter, an introduction, the table of contents the
/// tool fills in, and one game with a diagram that the rules check (a
/// legal position, and an arrow that is a legal move).
const RULEBOOK: &str = "---
title: My Chess Variants
subtitle: Chess games with a twist
---

These are the rules of my chess variants. Each `##` section is one game:
`chess-kit-docs check` checks its diagrams against the game's rules, and
`chess-kit-docs build` makes a website and a PDF book of it in `output/`.

## Table of Contents

## Example Chess
Example Chess is standard chess under a new name: the place to start your
own game. Its rules come from `chess-kit-docs.toml`, where a `[[variant]]`
table names the game and switches rules off and on. Rename the section and
the variant together, then write your rules here.

A diagram is a block indented four spaces after a blank line: eight rows,
rank 8 first, with upper case for White, lower case for Black and `.` for
an empty square, then lines such as `arrow:`. Here White has opened by
moving the king's pawn two squares.

    r n b q k b n r
    p p p p p p p p
    . . . . . . . .
    . . . . . . . .
    . . . . P . . .
    . . . . . . . .
    P P P P . P P P
    R N B Q K B N R
    arrow: e2, e4, white
";

/// The contents descriptions: one line per section, read after its title.
const CONTENTS: &str = "heading,description
Example Chess,\"is standard chess under a new name, the place to start your own game. (2 players, chess set)\"
";

/// The settings, with the game's `[[variant]]` and every switch it may
/// take, commented out at its default.
const SETTINGS: &str = r#"# Settings for chess-kit-docs, kept beside the rulebooks. A relative path
# here is relative to this file's folder.

[build]
out = "../output"          # where build and deck write, and clean deletes
book_style = "book.toml"   # the PDF book's style: here only its licence page
# page = "a4"              # the PDF's pages: letter (the default), a4, booklet or zine
# style = "style.toml"     # the drawings' colours and sizes, over the compiled-in ones

# A game built on standard chess: `game` is its `##` heading, and its
# diagrams are checked by these rules. Every switch below is commented out
# at its default (standard chess); uncomment one and change it.
[[variant]]
game = "Example Chess"
# board = 8                # the squares in play: a size N (a1 to the Nth file and rank), or two corners ("b2-g7")
# holes = []               # squares taken off the board: ["d4", "e5"]
# holes_swallow = false    # a piece (not a king) may move onto a hole and leave the board
# check = true             # a move may not leave the mover's king attacked
# king_capture = false     # kings are captured, not mated
# double_step = true       # a pawn may step two squares from its start
# en_passant = true        # en passant after a double step
# castling = true          # orthodox castling (never on a cut-down board)
# promotion = "QRBN"       # what a pawn may become; "" for nothing
# set_aside = ""           # pieces each side puts away before the game, such as "BBPP"

# A finding of the checks that you decide to keep: it is still printed,
# marked `allowed`.
# [[check.allow]]
# book = "rules"           # the rulebook's file name without .md
# section = "Example Chess"
# diagram = 1              # counting from 1 in the section
# rule = "arrow"           # the rule the finding names (its "note: rule" line)
# reason = "why the diagram stays as it is"
"#;

/// The PDF book's style over the compiled-in one: only the notice on its
/// last page, which must be the author's, not the bundled book's.
const BOOK_STYLE: &str = r#"# The PDF book's style, over the compiled-in templates/book.toml of
# chess-kit-docs: name only what you change. The notice is the PDF's last page.
[notice]
heading = "Licence"
text = """
Say here who wrote these rules, and how others may share them.

This PDF is set in Raleway and Fredoka One (SIL Open Font License); the \
chess pieces are Colin M.L. Burnett's, shared under CC BY-SA 3.0.
"""
"#;

/// The files of the skeleton, relative to its folder, with their text.
pub fn files() -> Vec<(PathBuf, String)> {
    let rules = PathBuf::from(DEFAULT_RULES);
    vec![
        (
            PathBuf::from(".gitignore"),
            format!(
                "# What chess-kit-docs build and deck write (chess-kit-docs clean deletes it).\n/{DEFAULT_OUT}/\n"
            ),
        ),
        (rules.join(CONFIG_FILE), SETTINGS.to_string()),
        (rules.join("book.toml"), BOOK_STYLE.to_string()),
        (rules.join(format!("{BOOK}.md")), RULEBOOK.to_string()),
        (
            rules.join(format!("{BOOK}_contents.csv")),
            CONTENTS.to_string(),
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_settings_name_the_game_of_the_books_section() {
        assert!(RULEBOOK.contains(&format!("\n## {GAME}\n")));
        assert!(SETTINGS.contains(&format!("\ngame = \"{GAME}\"\n")));
        assert!(CONTENTS.contains(&format!("\n{GAME},")));
    }

    #[test]
    fn the_output_folder_of_the_settings_is_the_one_git_ignores() {
        let files = files();
        let ignore = &files[0].1;
        assert!(ignore.contains("\n/output/\n"), "{ignore}");
        // `rules/../output` is the folder `build` writes to by default.
        assert!(SETTINGS.contains("\nout = \"../output\""));
    }
}
