//! Which rules check a section: the one place where a `##` heading is
//! matched to a game, coded ([`games`]) or configured ([`Variants`]).
//!
//! Everything that asks "which game is this diagram, this section" —
//! `check`, the FEN of a diagram (the site's alt text and analysis links,
//! `render --format fen`), the language server — goes through [`Games`]
//! (a title or a section) or [`BookGames`] (a diagram of one book).
//!
//! # Heading lines that start no game
//!
//! A diagram belongs to the game of the nearest `##` heading before it,
//! unless a `## Table of Contents` heading stands between them: a diagram
//! under the contents heading belongs to no game, as one before the first
//! `##` heading (the book does not count it in the section before). A
//! heading typo must not leave a diagram under the game before it, checked
//! by the wrong rules, so the rule here is:
//!
//! - A heading of another level than 2 (ATX `#`, `###` … `######`, with or
//!   without closing `#`s, or a setext `===` heading) whose title is a
//!   known game's name, or near one (as [`super::nearest_game`] reads
//!   "near", for names of eight characters or more), is a *stray game
//!   heading*, unless its game is the game
//!   that checks the diagrams before it (a subsection that repeats its
//!   game's name changes nothing). A level-1 heading is one only when
//!   diagrams stand under it (a one-game book may be titled by its game).
//!   `### Setup`, `#### Moving Pieces` and a book's `# Title` are not game
//!   names and stay as they are.
//! - A line of text that starts with up to three spaces and one to six
//!   `#`s followed at once by a letter (`##Donut Chess`, `#Zombie`) is a
//!   heading that lost its space: CommonMark reads it as text. It is a
//!   stray heading when it has one or two `#`s (it meant to end the game
//!   before it), or when its title is near a game's name. So is a line of
//!   seven or more `#`s whose title is near a game's name
//!   (`####### Zombie Chess`: CommonMark reads it as text too).
//! - A heading in a list item or a block quote (`- ## Zombie Chess`,
//!   `> ## Zombie Chess`, or such a line without its space) starts no
//!   section. It is a stray heading when its title is near a game's name
//!   (a subsection repeating its game's name aside); other nested
//!   headings stay as they are.
//!
//! A stray heading is a warning at its line (rule [`GAME_HEADING`]) with
//! what to write instead, and the diagrams after it (up to the next `#` or
//! `##` heading) belong to no game: they are checked for syntax only and
//! counted so, and that warning says so (no separate unknown-game
//! warning). A `###Setup` (three or more `#`s, no game name) is a warning
//! too, but keeps its diagrams in their game: it meant to be a subsection.
//! A setext `---` heading is a level-2 heading, so it starts a game like
//! `##`.

use std::collections::HashMap;

use crate::book::{Block, Book, DiagramEntry, Section, slug};
use crate::diagnostic::Fix;
use crate::engine::variants::Variants;
use crate::engine::{Finding, Game, GameNames, games};
use crate::source::Span;

/// The rule of a heading line that looks like a game heading but starts
/// no game.
pub const GAME_HEADING: &str = "game-heading";

/// The games a run knows: the coded ones and those configured in
/// `chess-kit-docs.toml`.
#[derive(Clone, Copy)]
pub struct Games<'a> {
    variants: &'a Variants,
}

static NO_VARIANTS: Variants = Variants::EMPTY;

impl<'a> Games<'a> {
    /// The coded games and the configured `variants`.
    pub fn new(variants: &'a Variants) -> Games<'a> {
        Games { variants }
    }

    /// The coded games only.
    pub fn coded() -> Games<'static> {
        Games {
            variants: &NO_VARIANTS,
        }
    }

    /// The game a `##` title names (compared by anchor: `chess golf` is
    /// `Chess Golf`): a coded game, else a configured one.
    pub fn find(&self, title: &str) -> Option<&'a dyn Game> {
        games::find(title).or_else(|| self.variants.find(title).map(|v| v as &dyn Game))
    }

    /// The game whose rules check `section`: only a `##` section names one.
    pub fn for_section(&self, section: &Section) -> Option<&'a dyn Game> {
        if section.level != 2 {
            return None;
        }
        self.find(&section.title)
    }

    /// Every game's name: the coded games, then the configured ones.
    pub fn names(&self) -> impl Iterator<Item = &'a str> + 'a {
        let variants = self.variants;
        games::all()
            .map(|g| g.name())
            .chain(variants.iter().map(|v| v.name.as_str()))
    }

    /// The game whose name `title` misspells, if one is close.
    pub fn nearest(&self, title: &str) -> Option<String> {
        super::nearest_game(title, self.names())
    }

    /// The games of one book's diagrams.
    pub fn for_book(&self, book: &'a Book) -> BookGames<'a> {
        let names = GameNames::new(self.names());
        BookGames {
            games: *self,
            book,
            section_games: book.sections.iter().map(|s| self.for_section(s)).collect(),
            strays: stray_headings(book, self, &names),
            names,
            tocs: book
                .blocks
                .iter()
                .filter_map(|b| match b {
                    Block::TableOfContents { span } => Some(span.start),
                    _ => None,
                })
                .collect(),
        }
    }
}

/// A heading line that looks like a game heading but starts no game.
#[derive(Clone, Debug, PartialEq)]
pub struct StrayHeading {
    /// The heading's text, its first line without indentation.
    pub span: Span,
    pub title: String,
    pub kind: StrayKind,
    /// The game it names or nearly names.
    pub game: Option<String>,
    /// Whether the diagrams after it leave the game before it.
    pub detaches: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StrayKind {
    /// An ATX heading of this level (not 2).
    Level(u8),
    /// A setext heading underlined with `=`: level 1.
    Setext,
    /// `##Title`: this many `#`s with no space, so a line of text.
    NoSpace(usize),
    /// `####### Title`: this many `#`s (seven or more), so a line of text.
    TooMany(usize),
    /// A heading (or a `##Title` line) in a list item or a block quote.
    Nested(Container),
}

/// What holds a nested heading.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Container {
    List,
    Quote,
}

impl Container {
    fn name(self) -> &'static str {
        match self {
            Container::List => "a list item",
            Container::Quote => "a block quote",
        }
    }

    fn outside(self) -> &'static str {
        match self {
            Container::List => "outside the list",
            Container::Quote => "outside the quote",
        }
    }
}

/// Where a diagram stands, as far as rules go.
#[derive(Clone, Copy)]
pub enum Place<'a> {
    /// In a `##` section whose game is known.
    Game(&'a dyn Game, &'a Section),
    /// In a `##` section whose game is not known.
    Unknown(&'a Section),
    /// After a stray heading (an index into [`BookGames::strays`]).
    Stray(usize),
    /// Under no `##` heading.
    Nowhere,
}

/// The games of one book: which game checks each diagram.
pub struct BookGames<'a> {
    pub games: Games<'a>,
    book: &'a Book,
    /// The game of each of the book's sections (by index), found once:
    /// every diagram asks.
    section_games: Vec<Option<&'a dyn Game>>,
    strays: Vec<StrayHeading>,
    /// Every game's name, measured once for the near matches.
    names: GameNames,
    /// Where each top-level `## Table of Contents` starts, in book order:
    /// found once, as every diagram asks (a scan each was quadratic).
    tocs: Vec<usize>,
}

impl<'a> BookGames<'a> {
    /// The game whose name `title` misspells, if one is close.
    pub fn nearest(&self, title: &str) -> Option<String> {
        self.names.nearest(title)
    }

    /// The book's stray game headings, in book order.
    pub fn strays(&self) -> &[StrayHeading] {
        &self.strays
    }

    /// The line of stray heading `index` as written (`### Donut Chess`).
    pub fn stray_text(&self, index: usize) -> &'a str {
        self.book.source.slice(self.strays[index].span)
    }

    /// Where `entry` stands: the game of its `##` section, unless a stray
    /// heading stands between that heading and the diagram.
    pub fn place(&self, entry: &DiagramEntry) -> Place<'a> {
        let start = entry.span.start;
        // Strays count from the diagram's section, or from a `## Table of
        // Contents` heading after it (which ends it).
        let section = entry
            .section
            .map_or(0, |i| self.book.sections[i].span.start);
        let toc = match self.tocs.partition_point(|&t| t < start) {
            0 => 0,
            n => self.tocs[n - 1],
        };
        let since = section.max(toc);
        let before = self.strays.partition_point(|s| s.span.start < start);
        if let Some(i) = (0..before)
            .rev()
            .take_while(|&i| self.strays[i].span.start >= since)
            .find(|&i| self.strays[i].detaches)
        {
            return Place::Stray(i);
        }
        let Some(section) = self.book.section_of(entry) else {
            return Place::Nowhere;
        };
        let game = entry.section.and_then(|i| self.section_games[i]);
        match game {
            Some(game) => Place::Game(game, section),
            None => Place::Unknown(section),
        }
    }

    /// The game whose rules check `entry`, if any.
    pub fn game(&self, entry: &DiagramEntry) -> Option<&'a dyn Game> {
        match self.place(entry) {
            Place::Game(game, _) => Some(game),
            _ => None,
        }
    }

    /// The warning for stray heading `index`, `boards` being how many board
    /// diagrams it leaves unchecked.
    pub fn warning(&self, index: usize, boards: usize) -> Finding {
        let stray = &self.strays[index];
        let text = self.stray_text(index);
        let want = stray.game.as_deref().unwrap_or(&stray.title);
        let mut message = match stray.kind {
            StrayKind::Level(level) => format!(
                "`{text}` looks like a game heading but is level {level}; a game starts at a `##` heading"
            ),
            StrayKind::Setext => format!(
                "`{text}` looks like a game heading but is underlined with `=`, a level 1 heading; a game starts at a `##` heading"
            ),
            StrayKind::NoSpace(n) => format!(
                "`{text}` is not a heading: without a space after its {} it is a line of text",
                if n == 1 {
                    "`#`".to_string()
                } else {
                    format!("`{}`", "#".repeat(n))
                }
            ),
            StrayKind::TooMany(n) => format!(
                "`{text}` is not a heading: a heading has at most six `#`s, and with {n} it is a line of text"
            ),
            StrayKind::Nested(container) => format!(
                "`{text}` looks like a game heading but stands in {}; a game starts at a `##` heading at the start of a line",
                container.name()
            ),
        };
        if stray.detaches {
            message.push_str(&match boards {
                0 => String::new(),
                1 => ", so the board diagram below it is checked for syntax only".to_string(),
                n => format!(", so the {n} board diagrams below it are checked for syntax only"),
            });
        }
        let (heading, help) = match (stray.kind, &stray.game) {
            (StrayKind::NoSpace(n), None) => {
                let heading = format!("{} {}", "#".repeat(n), stray.title);
                let help = format!("write `{heading}`");
                (heading, help)
            }
            (StrayKind::Nested(container), _) => {
                let heading = format!("## {want}");
                let help = format!(
                    "write `{heading}` at the start of a line, {}",
                    container.outside()
                );
                (heading, help)
            }
            (_, game) => {
                let heading = format!("## {want}");
                let help = match game {
                    Some(g) if slug(g) != slug(&stray.title) => {
                        format!("did you mean `{heading}`? a game starts at a `##` heading")
                    }
                    _ => format!("write `{heading}`"),
                };
                (heading, help)
            }
        };
        let mut finding = Finding::warning(GAME_HEADING, stray.span, message).with_help(help);
        // A setext heading spans two lines, and a nested one leaves its
        // list or quote only with the lines around it: no one-line edit
        // mends them.
        if !matches!(stray.kind, StrayKind::Setext | StrayKind::Nested(_)) {
            finding.fix = Some(Fix {
                span: stray.span,
                text: heading,
            });
        }
        finding
    }
}

/// The stray game headings of `book` (see the module's doc), in book order.
fn stray_headings(book: &Book, games: &Games, names: &GameNames) -> Vec<StrayHeading> {
    let mut walk = Walk {
        book,
        near: NearGames {
            games,
            names,
            known: HashMap::new(),
        },
        current: None,
        out: Vec::new(),
    };
    walk.blocks(&book.blocks, None);
    walk.out
}

/// The walk of [`stray_headings`] through a book's blocks.
struct Walk<'b, 'g> {
    book: &'b Book,
    /// The games, with the near matches of titles found so far.
    near: NearGames<'b, 'g>,
    /// The `##` section the walk is in, and its game.
    current: Option<&'g dyn Game>,
    out: Vec<StrayHeading>,
}

impl Walk<'_, '_> {
    /// `blocks`, at the top level (`within` none) or in a container.
    fn blocks(&mut self, blocks: &[Block], within: Option<Container>) {
        let text = &self.book.source.text;
        for block in blocks {
            match block {
                Block::Heading {
                    level, title, span, ..
                } => {
                    if let Some(container) = within {
                        self.nested_heading(*level, title, *span, container);
                    } else {
                        self.heading(*level, title, *span);
                    }
                }
                Block::TableOfContents { .. } if within.is_none() => self.current = None,
                Block::Paragraph { span, .. } => {
                    let mut offset = span.start;
                    for line in crate::source::lines_inclusive(&text[span.range()]) {
                        let start = offset;
                        offset += line.len();
                        let stray = match within {
                            None => no_space_heading(&mut self.near, line, start),
                            Some(container) => {
                                nested_line(&mut self.near, text, line, start, container)
                            }
                        };
                        if let Some(stray) = stray {
                            if stray.detaches {
                                self.current = None;
                            }
                            self.out.push(stray);
                        }
                    }
                }
                Block::List { items, .. } => {
                    for item in items {
                        self.blocks(item, Some(Container::List));
                    }
                }
                Block::BlockQuote { blocks, .. } => self.blocks(blocks, Some(Container::Quote)),
                _ => {}
            }
        }
    }

    /// A heading at the top level.
    fn heading(&mut self, level: u8, title: &str, span: Span) {
        let book = self.book;
        if level == 2 {
            self.current = self.near.games.find(title);
            return;
        }
        if level == 1 {
            self.current = None;
        }
        let Some(game) = self.near.get(title) else {
            return;
        };
        if level > 2 && self.repeats(&game) {
            return;
        }
        // A `#` heading ends the game before it anyway: only one
        // with diagrams under it is a game heading gone wrong (a
        // one-game book may well be titled by its game).
        if level == 1 {
            let index = book.sections.iter().position(|s| s.span == span);
            if index.is_none() || !book.diagrams.iter().any(|d| d.section == index) {
                return;
            }
        }
        let text = &book.source.text;
        let line = first_line(text, span);
        let atx = text[line.range()].starts_with('#');
        if !atx && level != 1 {
            return;
        }
        // What follows belongs to no game.
        self.current = None;
        self.out.push(StrayHeading {
            span: line,
            title: title.to_string(),
            kind: if atx {
                StrayKind::Level(level)
            } else {
                StrayKind::Setext
            },
            game: Some(game),
            detaches: true,
        });
    }

    /// A heading in a list item or a block quote: it starts no section.
    /// One that names a game (a subsection repeating its game's name
    /// aside) is a stray heading.
    fn nested_heading(&mut self, level: u8, title: &str, span: Span, container: Container) {
        let Some(game) = self.near.get(title) else {
            return;
        };
        if level > 2 && self.repeats(&game) {
            return;
        }
        self.current = None;
        self.out.push(StrayHeading {
            span: whole_line(&self.book.source.text, span.start),
            title: title.to_string(),
            kind: StrayKind::Nested(container),
            game: Some(game),
            detaches: true,
        });
    }

    /// Whether `game` is the game the walk is in.
    fn repeats(&self, game: &str) -> bool {
        self.current.is_some_and(|g| slug(g.name()) == slug(game))
    }
}

/// The line around byte `at`, without indentation and line ending.
fn whole_line(text: &str, at: usize) -> Span {
    let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let end = text[at..].find(['\n', '\r']).map_or(text.len(), |i| at + i);
    first_line(text, Span::new(start, end))
}

/// A line of a paragraph in a list item or a block quote (`line` starting
/// at byte `start`): `##Title` or `####### Title` naming a game.
fn nested_line(
    near: &mut NearGames,
    text: &str,
    line: &str,
    start: usize,
    container: Container,
) -> Option<StrayHeading> {
    // A continuation line still has its quote markers and indentation.
    let body = line.trim_start_matches([' ', '\t', '>']);
    let skipped = line.len() - body.len();
    // Only a line naming a game: `- #hashtag` is text.
    let stray = no_space_heading(near, body, start + skipped).filter(|s| s.game.is_some())?;
    Some(StrayHeading {
        span: whole_line(text, start + skipped),
        kind: StrayKind::Nested(container),
        detaches: true,
        ..stray
    })
}

/// The game `title` names or nearly names. Only a name of eight
/// characters or more is matched nearly: `### Goal` is a subsection, not a
/// misspelt game `Go`.
fn near_game(games: &Games, names: &GameNames, title: &str) -> Option<String> {
    if let Some(game) = games.find(title) {
        return Some(game.name().to_string());
    }
    names
        .nearest(title)
        .filter(|name| name.chars().count() >= 8)
}

/// [`near_game`]'s answers by title, found once each: a book repeats its
/// subsection titles (`### Problem 1`) in section after section.
struct NearGames<'b, 'g> {
    games: &'b Games<'g>,
    names: &'b GameNames,
    known: HashMap<String, Option<String>>,
}

impl NearGames<'_, '_> {
    fn get(&mut self, title: &str) -> Option<String> {
        if let Some(known) = self.known.get(title) {
            return known.clone();
        }
        let found = near_game(self.games, self.names, title);
        self.known.insert(title.to_string(), found.clone());
        found
    }
}

/// The first line of `span`, without indentation and line ending.
fn first_line(text: &str, span: Span) -> Span {
    let body = &text[span.range()];
    let end = body.find(['\n', '\r']).unwrap_or(body.len());
    let line = &body[..end];
    let start = span.start + (line.len() - line.trim_start().len());
    Span::new(start, span.start + line.trim_end().len())
}

/// `##Title` at the start of a paragraph line (`line` starting at byte
/// `start`): a heading without its space.
fn no_space_heading(near: &mut NearGames, line: &str, start: usize) -> Option<StrayHeading> {
    let body = line.trim_end_matches(['\n', '\r']);
    let indent = body.len() - body.trim_start_matches(' ').len();
    if indent > 3 {
        return None;
    }
    let rest = &body[indent..];
    let hashes = rest.bytes().take_while(|&b| b == b'#').count();
    let after = &rest[hashes..];
    if hashes == 0 {
        return None;
    }
    // `####### Title`: more `#`s than a heading may have.
    let too_many = hashes > 6;
    let title = if too_many {
        after.trim_start_matches([' ', '\t'])
    } else {
        after
    };
    if !title.starts_with(char::is_alphabetic) {
        return None;
    }
    // Closing `#`s, as an ATX heading may have.
    let title = title
        .trim_end()
        .trim_end_matches('#')
        .trim_end()
        .to_string();
    let game = near.get(&title);
    if too_many && game.is_none() {
        return None;
    }
    let detaches = hashes <= 2 || game.is_some();
    Some(StrayHeading {
        span: Span::new(start + indent, start + body.trim_end().len()),
        title,
        kind: if too_many {
            StrayKind::TooMany(hashes)
        } else {
            StrayKind::NoSpace(hashes)
        },
        game,
        detaches,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::variants::VariantConfig;
    use crate::engine::{Options, SectionContext, UNKNOWN_GAME, check_book};
    use crate::source::SourceFile;
    use serde::Deserialize;
    use toml::Spanned;

    /// `Donut Chess`, configured as standard chess.
    fn donut() -> Options {
        #[derive(Deserialize)]
        struct Settings {
            variant: Vec<Spanned<VariantConfig>>,
        }
        let s: Settings = toml::from_str("[[variant]]\ngame = \"Donut Chess\"\n").unwrap();
        let mut diags = Vec::new();
        let variants = Variants::from_config(&s.variant, None, &mut diags);
        assert!(diags.is_empty(), "{diags:?}");
        Options {
            variants,
            ..Options::default()
        }
    }

    fn book(text: &str) -> Book {
        let mut diags = Vec::new();
        Book::parse(SourceFile::new("demo.md", text), &mut diags)
    }

    /// A king on e1 that jumps to e4: illegal in every game built on chess.
    const JUMP: &str = "    . . . . k . . .\n    . . . . . . . .\n    . . . . . . . .\n    . . . . . . . .\n    . . . . K . . .\n    . . . . . . . .\n    . . . . . . . .\n    . . . . . . . .\n    arrow: e1, e4, white\n";
    const JUMP_REASON: &str =
        "the white king on e1 cannot reach e4: a king moves one square, and e1–e4 is farther";

    /// (rule, line, message) of each finding, in book order.
    fn findings(text: &str, options: &Options) -> Vec<(String, usize, String)> {
        let b = book(text);
        let (found, _, _) = check_book(&b, options);
        let mut out: Vec<_> = found
            .iter()
            .map(|f| {
                let d = &f.diagnostic;
                let line = b.source.line_col(d.span.unwrap().start).line;
                (f.rule.to_string(), line, d.message.clone())
            })
            .collect();
        out.sort_by_key(|f| f.1);
        out
    }

    #[test]
    fn a_configured_game_is_found_like_a_coded_one() {
        let options = donut();
        let games = options.games();
        let zombie = games.find("zombie chess").expect("a coded game");
        assert_eq!(zombie.name(), "Zombie Chess");
        let donut = games.find("donut chess").expect("a configured game");
        assert_eq!(donut.name(), "Donut Chess");
        assert!(Games::coded().find("Donut Chess").is_none());
        assert!(games.find("Appendix A").is_none());
        assert!(games.names().any(|n| n == "Donut Chess"));
        assert!(games.names().any(|n| n == "Zombie Chess"));
        assert_eq!(games.nearest("Donat Chess").as_deref(), Some("Donut Chess"));

        // A section: the one function gives the game of either kind, and
        // only a `##` section names one.
        let b = book(&format!(
            "# Donut Chess\n\n## Donut Chess\n\n{JUMP}\n## Zombie Chess\n\n{JUMP}"
        ));
        let names: Vec<Option<&str>> = b
            .sections
            .iter()
            .map(|s| games.for_section(s).map(|g| g.name()))
            .collect();
        assert_eq!(names, [None, Some("Donut Chess"), Some("Zombie Chess")]);
        let per_diagram: Vec<Option<&str>> = b
            .diagrams
            .iter()
            .map(|e| crate::engine::game_of(&b, e, &options).map(|g| g.name()))
            .collect();
        assert_eq!(per_diagram, [Some("Donut Chess"), Some("Zombie Chess")]);
    }

    #[test]
    fn a_configured_section_gets_its_section_check_through_the_registry() {
        let options = donut();
        let b = book(&format!("## Donut Chess\n\n{JUMP}"));
        let section = &b.sections[0];
        let game = options.games().for_section(section).expect("its game");
        let cards = crate::engine::CardTable::for_book(&b);
        let cx = SectionContext {
            book: &b,
            section,
            diagrams: b.diagrams.iter().collect(),
            cards: &cards,
            options: &options,
            memo: &Default::default(),
        };
        let (mut out, mut notes) = (Vec::new(), Vec::new());
        game.check_section(&cx, &mut out, &mut notes);
        assert!(out.is_empty() && notes.is_empty());
        // And its boards are checked by its rules through the same place.
        let found = findings(&format!("## Donut Chess\n\n{JUMP}"), &options);
        assert_eq!(found, [("arrow".to_string(), 11, JUMP_REASON.to_string())]);
    }

    #[test]
    fn a_game_heading_at_another_level_starts_no_game() {
        let options = donut();
        let text =
            format!("# Book\n\n## Zombie Chess\n\n### Setup\n\n{JUMP}\n### Donut Chess\n\n{JUMP}");
        let found = findings(&text, &options);
        assert_eq!(
            found,
            [
                ("arrow".to_string(), 15, JUMP_REASON.to_string()),
                (
                    GAME_HEADING.to_string(),
                    17,
                    "`### Donut Chess` looks like a game heading but is level 3; a game starts at a `##` heading, so the board diagram below it is checked for syntax only".to_string()
                ),
            ]
        );
        let b = book(&text);
        let (found, counts, _) = check_book(&b, &options);
        assert_eq!((counts.rule_checked, counts.syntax_only), (1, 1));
        let f = found.iter().find(|f| f.rule == GAME_HEADING).unwrap();
        assert_eq!(f.diagnostic.help.as_deref(), Some("write `## Donut Chess`"));
        let fix = f.diagnostic.fix.as_ref().expect("a fix");
        assert_eq!(&text[fix.span.range()], "### Donut Chess");
        assert_eq!(fix.text, "## Donut Chess");
        assert!(found.iter().all(|f| f.rule != UNKNOWN_GAME));
        // Without the configured game, `Donut Chess` is no game's name:
        // a subsection of Zombie Chess like `### Setup`.
        let found = findings(&text, &Options::default());
        assert_eq!(found.len(), 2, "{found:?}");
        assert!(found.iter().all(|f| f.2 == JUMP_REASON), "{found:?}");
    }

    #[test]
    fn each_kind_of_heading_typo_is_a_warning_and_leaves_the_game() {
        let options = donut();
        let cases: &[(&str, &str, &str)] = &[
            (
                "##Donut Chess",
                "`##Donut Chess` is not a heading: without a space after its `##` it is a line of text, so the board diagram below it is checked for syntax only",
                "write `## Donut Chess`",
            ),
            (
                "#Wibble",
                "`#Wibble` is not a heading: without a space after its `#` it is a line of text, so the board diagram below it is checked for syntax only",
                "write `# Wibble`",
            ),
            (
                "#### Donat Chess ###",
                "`#### Donat Chess ###` looks like a game heading but is level 4; a game starts at a `##` heading, so the board diagram below it is checked for syntax only",
                "did you mean `## Donut Chess`? a game starts at a `##` heading",
            ),
            (
                "# Donut Chess",
                "`# Donut Chess` looks like a game heading but is level 1; a game starts at a `##` heading, so the board diagram below it is checked for syntax only",
                "write `## Donut Chess`",
            ),
            (
                "Donut Chess\n===",
                "`Donut Chess` looks like a game heading but is underlined with `=`, a level 1 heading; a game starts at a `##` heading, so the board diagram below it is checked for syntax only",
                "write `## Donut Chess`",
            ),
        ];
        for &(heading, message, help) in cases {
            let text = format!("## Zombie Chess\n\nText.\n\n{heading}\n\n{JUMP}");
            let b = book(&text);
            let (found, counts, _) = check_book(&b, &options);
            assert_eq!(found.len(), 1, "{heading}: {found:?}");
            let d = &found[0].diagnostic;
            assert_eq!(found[0].rule, GAME_HEADING, "{heading}");
            assert_eq!(d.message, message, "{heading}");
            assert_eq!(d.help.as_deref(), Some(help), "{heading}");
            assert_eq!(
                b.source.line_col(d.span.unwrap().start).line,
                5,
                "{heading}"
            );
            assert_eq!(
                (counts.rule_checked, counts.syntax_only),
                (0, 1),
                "{heading}"
            );
        }
    }

    #[test]
    fn subsections_and_setext_game_headings_keep_their_rules() {
        let options = donut();
        // `###Play` lost its space: a warning, but a subsection still, so
        // Zombie Chess checks the board under it.
        let found = findings(&format!("## Zombie Chess\n\n###Play\n\n{JUMP}"), &options);
        assert_eq!(found.len(), 2, "{found:?}");
        assert_eq!(
            found[0],
            (
                GAME_HEADING.to_string(),
                3,
                "`###Play` is not a heading: without a space after its `###` it is a line of text"
                    .to_string()
            )
        );
        assert_eq!(found[1].2, JUMP_REASON);
        // A subsection repeating (or nearly) its game's name, a setext `---` heading
        // (level 2), closing `#`s, and a `#` title: no warning, and the
        // boards are checked.
        for text in [
            format!("## Zombie Chess\n\n### Zombie Chess\n\n{JUMP}"),
            format!("## Zombie Chess\n\n#### Zombi Chess ###\n\n{JUMP}"),
            format!("# Rules\n\nDonut Chess\n---\n\n{JUMP}"),
            format!("## Donut Chess ##\n\n{JUMP}"),
            format!("# Zombie Chess\n\n## Zombie Chess\n\n{JUMP}"),
            format!("# Rules of Donut Chess and others\n\n## Donut Chess\n\n{JUMP}"),
            format!("## Zombie Chess\n\nA #hashtag, and\n#1 in a line.\n\n{JUMP}"),
        ] {
            let found = findings(&text, &options);
            assert_eq!(found.len(), 1, "{text}: {found:?}");
            assert_eq!(found[0].2, JUMP_REASON, "{text}");
        }
    }

    #[test]
    fn a_short_game_name_is_matched_only_exactly() {
        #[derive(Deserialize)]
        struct Settings {
            variant: Vec<Spanned<VariantConfig>>,
        }
        let s: Settings = toml::from_str("[[variant]]\ngame = \"Go\"\n").unwrap();
        let options = Options {
            variants: Variants::from_config(&s.variant, None, &mut Vec::new()),
            ..Options::default()
        };
        // `### Goal` is two letters from `Go`: a subsection of Zombie Chess.
        let found = findings(&format!("## Zombie Chess\n\n### Goal\n\n{JUMP}"), &options);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].2, JUMP_REASON);
        // `### Go` is its name.
        let found = findings(&format!("## Zombie Chess\n\n### Go\n\n{JUMP}"), &options);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].0, GAME_HEADING);
    }

    #[test]
    fn the_fen_of_a_diagram_after_a_stray_heading_says_why_it_has_none() {
        let options = donut();
        let b = book(&format!("## Zombie Chess\n\n### Donut Chess\n\n{JUMP}"));
        let fen = crate::engine::fen::diagram_fen(&b, &b.diagrams[0], &options);
        assert_eq!(
            fen.unwrap_err(),
            "it stands under `### Donut Chess`, which starts no game, so no game says it is a chess position"
        );
    }
}
