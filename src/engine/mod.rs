//! The rules engine: whether each diagram is a legal example of its game.
//! It knows nothing of drawing.
//!
//! - [`chess`]: the orthodox move generator the variants build on.
//! - [`material`]: what pieces a position may hold.
//! - [`replay`]: arrows as moves, made or proposed, in whatever order works.
//! - [`cards`]: the book's card table and setups dealt from cards.
//! - [`grids`]: masquerade, cloak and card-table grids.
//! - [`games`]: one module per game, found by the `##` section's title.
//! - [`registry`]: which game checks a section or a diagram, coded or
//!   configured; the one place a heading is matched to a game.
//! - [`variants`]: games an author configures as standard chess with switches.
//! - [`setup_text`]: setups the prose states, against their diagrams.
//! - [`fen`]: a diagram's position as FEN, where its game's positions are
//!   chess positions.

pub mod betza;
pub mod cards;
pub mod chess;
pub mod fen;
pub mod games;
pub mod grids;
pub mod material;
pub mod registry;
pub mod replay;
pub mod setup_text;
pub mod variants;

use crate::book::{Book, DiagramEntry, Section};
use crate::diagnostic::{Diagnostic, Severity};
use crate::diagram::{BoardDiagram, Diagram, DiagramKind};
use crate::source::Span;

pub use cards::CardTable;
pub use registry::{BookGames, GAME_HEADING, Games, Place};

/// A problem the engine found, before it becomes a diagnostic.
#[derive(Clone, Debug, PartialEq)]
pub struct Finding {
    /// A short stable name for the rule broken, used by allowances
    /// (`material`, `arrow`, `setup`, `golf-solution`, …).
    pub rule: &'static str,
    pub severity: Severity,
    pub span: Span,
    pub message: String,
    pub help: Option<String>,
    /// The one obvious edit, where there is one.
    pub fix: Option<crate::diagnostic::Fix>,
}

impl Finding {
    pub fn error(rule: &'static str, span: Span, message: impl Into<String>) -> Finding {
        Finding {
            rule,
            severity: Severity::Error,
            span,
            message: message.into(),
            help: None,
            fix: None,
        }
    }

    pub fn warning(rule: &'static str, span: Span, message: impl Into<String>) -> Finding {
        Finding {
            severity: Severity::Warning,
            ..Finding::error(rule, span, message)
        }
    }

    pub fn with_help(mut self, help: impl Into<String>) -> Finding {
        self.help = Some(help.into());
        self
    }
}

/// How the check runs.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Search for solutions shorter than the published ones (Chess Golf).
    pub shortest: bool,
    /// The games configured in `chess-kit-docs.toml`.
    pub variants: variants::Variants,
    /// Games whose `[[variant]]` table has an error: their sections are
    /// not checked, and no warning asks for the table the author wrote.
    pub broken: Vec<String>,
}

impl Options {
    /// The games this run knows: the coded ones and the configured ones.
    pub fn games(&self) -> Games<'_> {
        Games::new(&self.variants)
    }
}

/// The game whose rules check `entry` of `book`: the game of its `##`
/// section, coded or configured, unless a stray game heading stands
/// between (see [`registry`]). For many diagrams of one book, build
/// [`Games::for_book`] once.
pub fn game_of<'a>(
    book: &'a Book,
    entry: &DiagramEntry,
    options: &'a Options,
) -> Option<&'a dyn Game> {
    options.games().for_book(book).game(entry)
}

/// What a game module sees of one diagram.
pub struct DiagramContext<'a> {
    pub book: &'a Book,
    pub entry: &'a DiagramEntry,
    pub cards: &'a CardTable,
    pub options: &'a Options,
}

/// What a game module sees of its whole section.
pub struct SectionContext<'a> {
    pub book: &'a Book,
    pub section: &'a Section,
    /// The section's diagrams, in order.
    pub diagrams: Vec<&'a DiagramEntry>,
    pub cards: &'a CardTable,
    pub options: &'a Options,
    /// What a game works out once for the whole book, shared by its sections.
    pub memo: &'a BookMemo,
}

/// What a game reads once from the whole book and reuses in each of its
/// sections (Golf's problems and solutions): made at the first section
/// that asks, so a book of many sections is read once, not once a section.
#[derive(Default)]
pub struct BookMemo {
    made: std::cell::RefCell<Vec<std::rc::Rc<dyn std::any::Any>>>,
}

impl BookMemo {
    /// The `T` made for this book, made now by `make` if none is.
    pub fn get<T: std::any::Any>(&self, make: impl FnOnce() -> T) -> std::rc::Rc<T> {
        let found = self
            .made
            .borrow()
            .iter()
            .find_map(|m| m.clone().downcast::<T>().ok());
        if let Some(found) = found {
            return found;
        }
        let made = std::rc::Rc::new(make());
        self.made.borrow_mut().push(made.clone());
        made
    }
}

/// Something the engine reports beside the findings: what it measured
/// (the shortest-solution search's time and states), or what it could not
/// check.
#[derive(Clone, Debug, PartialEq)]
pub struct Note {
    pub span: Span,
    pub text: String,
    pub kind: NoteKind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoteKind {
    /// A measurement: `note:`.
    Measured,
}

/// A game's rules, for the diagrams of its `##` section.
pub trait Game: Sync {
    /// The game's name as the book's heading gives it.
    fn name(&self) -> &str;

    /// Whether the game's positions are chess positions a FEN states
    /// (pieces on the whole 8×8 board, two sides taking turns, nothing
    /// else on the board), with the moves its arrows replay under; or why
    /// not.
    fn fen_rules(&self) -> fen::FenRules<'_>;

    /// Checks one board diagram.
    fn check_board(&self, cx: &DiagramContext, board: &BoardDiagram, out: &mut Vec<Finding>);

    /// Checks what spans the section (or the book): published solutions
    /// and the like. Most games have nothing here.
    fn check_section(&self, _cx: &SectionContext, _out: &mut Vec<Finding>, _notes: &mut Vec<Note>) {
    }
}

/// A diagnostic with the rule that produced it, so allowances can match it.
#[derive(Clone, Debug)]
pub struct RuleDiagnostic {
    pub diagnostic: Diagnostic,
    pub rule: &'static str,
    /// The book, section title and 1-based diagram number within the
    /// section, when the finding is about a diagram.
    pub book: String,
    pub section: Option<String>,
    pub diagram: Option<usize>,
}

/// The `##` section a finding in the text at `at` belongs to.
fn text_section(book: &Book, at: usize) -> Option<String> {
    // The sections stand in book order: the last one starting by `at`.
    let before = book.sections.partition_point(|s| s.span.start <= at);
    before
        .checked_sub(1)
        .map(|i| &book.sections[i])
        .filter(|s| s.level == 2)
        .map(|s| s.title.clone())
}

/// The diagram whose block holds byte `at`, if any; `wide` counts an empty
/// block's start as inside it. The diagrams stand in book order, each
/// block after the one before, so only the last starting by `at` can.
fn diagram_at(book: &Book, at: usize, wide: bool) -> Option<&DiagramEntry> {
    let before = book.diagrams.partition_point(|d| d.span.start <= at);
    let e = &book.diagrams[before.checked_sub(1)?];
    let end = if wide {
        e.span.end.max(e.span.start + 1)
    } else {
        e.span.end
    };
    (at < end).then_some(e)
}

/// What an allowance names a finding at `span` by: its section's title and,
/// for a finding in a diagram, the diagram's number in the section.
pub fn finding_place(book: &Book, span: Span) -> (Option<String>, Option<usize>) {
    match diagram_at(book, span.start, true) {
        Some(e) => (book.section_of(e).map(|s| s.title.clone()), Some(e.number)),
        None => (text_section(book, span.start), None),
    }
}

/// Checks every diagram of `book`. Diagrams that did not parse are counted
/// as syntax-only (their syntax errors are reported by the parser).
pub fn check_book(book: &Book, options: &Options) -> (Vec<RuleDiagnostic>, Counts, Vec<Note>) {
    check_book_with(book, &options.games().for_book(book), options)
}

/// [`check_book`] with the book's games already found (they are found
/// once for the check and the FENs).
pub fn check_book_with(
    book: &Book,
    games: &BookGames,
    options: &Options,
) -> (Vec<RuleDiagnostic>, Counts, Vec<Note>) {
    let cards = CardTable::for_book(book);
    let mut out = Vec::new();
    let mut counts = Counts::default();
    let mut notes = Vec::new();
    let to_diag = |f: Finding, entry: Option<&DiagramEntry>| {
        // A finding in the text (a published solution) belongs to the
        // `##` section it stands in.
        let section = match entry {
            Some(e) => book.section_of(e).map(|s| s.title.clone()),
            None => text_section(book, f.span.start),
        };
        let mut d = Diagnostic::error(&book.source, f.span, f.message);
        d.severity = f.severity;
        d.help = f.help;
        d.rule = Some(f.rule);
        d.fix = f.fix;
        RuleDiagnostic {
            diagnostic: d,
            rule: f.rule,
            book: book.name.clone(),
            section,
            diagram: entry.map(|e| e.number),
        }
    };
    // Setups the text states, against the diagrams meant to show them.
    let mut findings = Vec::new();
    let against_setup = setup_text::check_book(book, &mut findings);
    out.extend(findings.into_iter().map(|f| {
        let entry = diagram_at(book, f.span.start, false);
        to_diag(f, entry)
    }));
    for (index, entry) in book.diagrams.iter().enumerate() {
        let Some(diagram) = &entry.diagram else {
            counts.syntax_only += 1;
            continue;
        };
        let mut findings = Vec::new();
        let game = games.game(entry);
        let rule_checked =
            check_diagram(book, entry, diagram, game, &cards, options, &mut findings);
        if rule_checked || against_setup.contains(&index) {
            counts.rule_checked += 1;
        } else {
            counts.syntax_only += 1;
        }
        out.extend(findings.into_iter().map(|f| to_diag(f, Some(entry))));
    }
    // The book's card tables together: each card and symbol once.
    let tables: Vec<&crate::diagram::CardsGrid> = book
        .diagrams
        .iter()
        .filter_map(|d| match d.diagram.as_ref().map(|d| &d.kind) {
            Some(DiagramKind::Grid(crate::diagram::Grid::Cards(t))) => Some(t),
            _ => None,
        })
        .collect();
    let mut findings = Vec::new();
    grids::check_card_tables(&tables, &mut findings);
    out.extend(findings.into_iter().map(|f| {
        let entry = diagram_at(book, f.span.start, false);
        to_diag(f, entry)
    }));
    // Board diagrams no game's rules check: a warning at their heading.
    let unchecked = unchecked_sections(book, games, &against_setup, &options.broken);
    // A stray game heading, with the boards it leaves unchecked.
    for index in 0..games.strays().len() {
        let boards = unchecked
            .iter()
            .find(|(place, _)| *place == Unchecked::Stray(index))
            .map_or(0, |(_, boards)| boards.len());
        out.push(to_diag(games.warning(index, boards), None));
    }
    for (place, boards) in unchecked {
        let f = match place {
            Unchecked::Stray(_) => continue,
            Unchecked::Section(section) => unknown_game(book, section, boards, games),
            Unchecked::Nowhere => {
                let entry = boards[0];
                let finding = Finding::warning(
                    UNKNOWN_GAME,
                    entry.span,
                    "this diagram stands under no `##` game heading, so no game's rules check it",
                )
                .with_help(
                    "put it under the `##` heading of its game; it is checked for syntax only",
                );
                out.push(to_diag(finding, Some(entry)));
                continue;
            }
        };
        out.push(to_diag(f, None));
    }
    let memo = BookMemo::default();
    // Each section's diagrams, gathered in one pass (not a pass a section).
    let mut by_section: Vec<Vec<&DiagramEntry>> = vec![Vec::new(); book.sections.len()];
    for d in &book.diagrams {
        if let Some(list) = d.section.and_then(|i| by_section.get_mut(i)) {
            list.push(d);
        }
    }
    for (idx, section) in book.sections.iter().enumerate() {
        if section.level != 2 {
            continue;
        }
        let Some(game) = games.games.for_section(section) else {
            continue;
        };
        let cx = SectionContext {
            book,
            section,
            // Not those a stray game heading took out of the section.
            diagrams: std::mem::take(&mut by_section[idx])
                .into_iter()
                .filter(|d| matches!(games.place(d), Place::Game(..)))
                .collect(),
            cards: &cards,
            options,
            memo: &memo,
        };
        let mut findings = Vec::new();
        game.check_section(&cx, &mut findings, &mut notes);
        out.extend(findings.into_iter().map(|f| {
            // A finding in a section's text belongs to the diagram it
            // points into, if any.
            let entry = diagram_at(book, f.span.start, false);
            to_diag(f, entry)
        }));
    }
    (out, counts, notes)
}

/// The rule of a section whose game the engine does not know.
pub const UNKNOWN_GAME: &str = "unknown-game";

/// Whether a finding says diagrams go unchecked by any game's rules (what
/// `--deny unchecked` fails on): a section of an unknown game, or a
/// heading that looks like a game's and is not one.
pub fn leaves_unchecked(d: &crate::diagnostic::Diagnostic) -> bool {
    d.rule == Some(UNKNOWN_GAME) || d.rule == Some(GAME_HEADING)
}

/// Where board diagrams that no rules check stand.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Unchecked<'a> {
    /// A `##` section whose game is not known.
    Section(&'a Section),
    /// After stray game heading `n` of [`BookGames::strays`].
    Stray(usize),
    /// Under no `##` heading.
    Nowhere,
}

/// The board diagrams no rules check, by the place they sit in, each
/// group in book order (all those under no `##` heading in one group).
/// Boards that a setup in the text checks are not among them.
fn unchecked_sections<'a>(
    book: &'a Book,
    games: &BookGames<'a>,
    against_setup: &std::collections::BTreeSet<usize>,
    broken: &[String],
) -> Vec<(Unchecked<'a>, Vec<&'a DiagramEntry>)> {
    let mut out: Vec<(Unchecked, Vec<&DiagramEntry>)> = Vec::new();
    let mut groups: std::collections::BTreeMap<(u8, usize), usize> = Default::default();
    for (i, entry) in book.diagrams.iter().enumerate() {
        let board = entry
            .diagram
            .as_ref()
            .is_some_and(|d| d.as_board().is_some());
        if !board || against_setup.contains(&i) {
            continue;
        }
        let place = match games.place(entry) {
            Place::Game(..) => continue,
            // The author's `[[variant]]` for it has an error, which says so.
            Place::Unknown(section)
                if broken
                    .iter()
                    .any(|b| crate::book::slug(b) == crate::book::slug(&section.title)) =>
            {
                continue;
            }
            Place::Unknown(section) => Unchecked::Section(section),
            Place::Stray(n) => Unchecked::Stray(n),
            Place::Nowhere => Unchecked::Nowhere,
        };
        // Each place's group found by key, not by a scan of the groups.
        let key = match place {
            Unchecked::Section(s) => (0, s.span.start),
            Unchecked::Stray(n) => (1, n),
            Unchecked::Nowhere => (2, 0),
        };
        match groups.entry(key) {
            std::collections::btree_map::Entry::Occupied(g) => out[*g.get()].1.push(entry),
            std::collections::btree_map::Entry::Vacant(g) => {
                g.insert(out.len());
                out.push((place, vec![entry]));
            }
        }
    }
    out
}

/// The warning for a `##` section whose game has no rules here: a "did
/// you mean" when its title is close to a game's, or how to state one.
fn unknown_game(
    book: &Book,
    section: &Section,
    boards: Vec<&DiagramEntry>,
    games: &BookGames,
) -> Finding {
    let text = &book.source.text;
    let start = section.span.start;
    let end = text[start..].find('\n').map_or(text.len(), |n| start + n);
    let span = Span::new(start, end);
    let n = boards.len();
    let message = format!(
        "no rules known for `{}`: its {} checked for syntax only",
        section.title,
        if n == 1 {
            "board diagram is".to_string()
        } else {
            format!("{n} board diagrams are")
        }
    );
    let nearest = games.nearest(&section.title);
    let help = match &nearest {
        Some(name) => format!("did you mean `{name}`?"),
        None => format!(
            "if `{}` is a game built on chess, state its rules in chess-kit-docs.toml (`[[variant]]` with game = \"{}\" and its switches); if it is not a game, allow this finding there (rule = \"{UNKNOWN_GAME}\")",
            section.title, section.title
        ),
    };
    let mut finding = Finding::warning(UNKNOWN_GAME, span, message).with_help(help);
    // The fix renames the title where the heading line spells it plainly.
    if let Some(name) = nearest
        && let Some(at) = text[span.range()].find(section.title.as_str())
    {
        let start = span.start + at;
        finding.fix = Some(crate::diagnostic::Fix {
            span: Span::new(start, start + section.title.len()),
            text: name,
        });
    }
    finding
}

/// The game whose name `title` misspells, if one is close: the same words
/// but for spacing and case, or a letter or two apart (three in a long
/// name).
pub fn nearest_game<S: AsRef<str>>(title: &str, names: impl Iterator<Item = S>) -> Option<String> {
    GameNames::new(names).nearest(title)
}

/// Games' names, each measured once, to find the one a title misspells:
/// a large book asks for every heading.
pub struct GameNames {
    names: Vec<GameName>,
}

struct GameName {
    name: String,
    /// Its words joined by single spaces, lowercase.
    norm: String,
    chars: usize,
    letters: Option<LetterCounts>,
}

impl GameNames {
    pub fn new<S: AsRef<str>>(names: impl Iterator<Item = S>) -> GameNames {
        let names = names
            .map(|name| {
                let name = name.as_ref();
                let norm = normalised(name);
                GameName {
                    name: name.to_string(),
                    chars: name.chars().count(),
                    letters: LetterCounts::of(&norm),
                    norm,
                }
            })
            .collect();
        GameNames { names }
    }

    /// See [`nearest_game`].
    pub fn nearest(&self, title: &str) -> Option<String> {
        let wanted = normalised(title);
        let wanted_chars = wanted.chars().count();
        let wanted_letters = LetterCounts::of(&wanted);
        self.names
            .iter()
            .filter_map(|n| {
                let limit = if n.chars >= 16 { 3 } else { 2 };
                // No edit distance is within the limit when the lengths are
                // not (a name's own spaces are single): most headings are
                // far from every game's name.
                if n.chars.abs_diff(wanted_chars) > limit {
                    return None;
                }
                // Nor when their letters differ by more.
                let apart = wanted_letters
                    .as_ref()
                    .zip(n.letters.as_ref())
                    .map(|(w, l)| w.apart(l));
                if apart.is_some_and(|d| d > limit) {
                    return None;
                }
                let d = strsim::osa_distance(&wanted, &n.norm);
                (d <= limit).then_some((d, &n.name))
            })
            .min_by(|a, b| a.0.cmp(&b.0).then_with(|| a.1.cmp(b.1)))
            .map(|(_, name)| name.clone())
    }
}

/// `s`'s words joined by single spaces, lowercase.
fn normalised(s: &str) -> String {
    s.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// How many letters `a` and `b` have that the other lacks (the larger
/// side, spaces and case aside): no edit distance between them is less.
/// `None` unless both are ASCII (a lowercase letter may be two there).
#[cfg(test)]
fn ascii_letters_apart(a: &str, b: &str) -> Option<usize> {
    Some(LetterCounts::of(a)?.apart(&LetterCounts::of(b)?))
}

/// How often each ASCII character stands in a text, spaces aside and
/// case folded.
struct LetterCounts([i32; 128]);

impl LetterCounts {
    /// `None` unless `s` is ASCII.
    fn of(s: &str) -> Option<LetterCounts> {
        if !s.is_ascii() {
            return None;
        }
        let mut counts = [0i32; 128];
        for c in s.bytes().filter(|&c| !char::from(c).is_whitespace()) {
            counts[usize::from(c.to_ascii_lowercase())] += 1;
        }
        Some(LetterCounts(counts))
    }

    /// The letters one side has that the other lacks, the larger side.
    fn apart(&self, other: &LetterCounts) -> usize {
        let (mut more, mut fewer) = (0i32, 0i32);
        for (a, b) in self.0.iter().zip(&other.0) {
            let d = a - b;
            more += d.max(0);
            fewer += (-d).max(0);
        }
        more.max(fewer) as usize
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    pub rule_checked: usize,
    pub syntax_only: usize,
}

/// Checks one parsed diagram; returns whether it was rule-checked.
fn check_diagram(
    book: &Book,
    entry: &DiagramEntry,
    diagram: &Diagram,
    game: Option<&dyn Game>,
    cards: &CardTable,
    options: &Options,
    out: &mut Vec<Finding>,
) -> bool {
    match &diagram.kind {
        // Grids follow their own type's rules, wherever they stand.
        DiagramKind::Grid(grid) => {
            grids::check_grid(grid, entry.span, out);
            true
        }
        DiagramKind::Board(board) => {
            let cx = DiagramContext {
                book,
                entry,
                cards,
                options,
            };
            let check = |board: &BoardDiagram| {
                let mut found = Vec::new();
                if let Some(game) = game {
                    game.check_board(&cx, board, &mut found);
                }
                found
            };
            // Its rules are unknown: even the count of kings may differ.
            if game.is_none() {
                return false;
            }
            let mut found = check(board);
            games::common::add_arrow_helps(board, &mut found, &check);
            out.extend(found);
            true
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::SourceFile;

    fn book(text: &str) -> Book {
        let mut diags = Vec::new();
        Book::parse(SourceFile::new("demo.md", text), &mut diags)
    }

    const BOARD: &str = "    . . . . k . . .\n    . . . . . . . .\n    . . . . . . . .\n    . . . . . . . .\n    . . . . . . . .\n    . . . . . . . .\n    . . . . . . . .\n    . . . . K . . .\n";

    #[test]
    fn a_misspelt_game_heading_is_renamed_by_its_fix() {
        let text = format!("# Book\n\n## Zombi Chess\n\nText.\n\n{BOARD}");
        let b = book(&text);
        let (found, _, _) = check_book(&b, &Options::default());
        let f = found
            .iter()
            .find(|f| f.rule == UNKNOWN_GAME)
            .expect("an unknown game");
        let fix = f.diagnostic.fix.as_ref().expect("a fix");
        assert_eq!(&text[fix.span.range()], "Zombi Chess");
        assert_eq!(fix.text, "Zombie Chess");
        // Nothing near: a help, but no fix.
        let b = book(&format!("# Book\n\n## Wibble\n\n{BOARD}"));
        let (found, _, _) = check_book(&b, &Options::default());
        let f = found.iter().find(|f| f.rule == UNKNOWN_GAME).unwrap();
        assert!(f.diagnostic.fix.is_none() && f.diagnostic.help.is_some());
    }

    #[test]
    fn letters_apart_never_exceed_the_edit_distance() {
        let pairs = [
            ("zombie chess", "Zombie Chess"),
            ("zombi chess", "Zombie  Chess"),
            ("zombie chsse", "Zombie Chess"),
            ("setup 99", "Donut Chess"),
            ("ab", "ba"),
            ("chess golf", "Golf Chess"),
        ];
        for (a, b) in pairs {
            let norm = b.split_whitespace().collect::<Vec<_>>().join(" ");
            let edits = strsim::osa_distance(a, &norm.to_lowercase());
            let apart = ascii_letters_apart(a, b).unwrap();
            assert!(apart <= edits, "{a} / {b}: {apart} > {edits}");
        }
        assert_eq!(ascii_letters_apart("zombie chsse", "Zombie Chess"), Some(0));
        assert_eq!(ascii_letters_apart("setup 99", "Donut"), Some(5));
        assert_eq!(ascii_letters_apart("é", "e"), None);
        // A misspelling is still found through the filter.
        let names = ["Donut Chess", "Zombie Chess"].map(str::to_string);
        assert_eq!(
            nearest_game("Zombi Chess", names.into_iter()).as_deref(),
            Some("Zombie Chess")
        );
    }

    #[test]
    fn a_finding_is_placed_by_its_section_and_diagram() {
        let text = format!("# Book\n\n## Zombie Chess\n\nText.\n\n{BOARD}\nMore.\n\n{BOARD}");
        let b = book(&text);
        let second = b.diagrams[1].span;
        assert_eq!(
            finding_place(&b, Span::new(second.start + 4, second.start + 5)),
            (Some("Zombie Chess".to_string()), Some(2))
        );
        let prose = text.find("More").unwrap();
        assert_eq!(
            finding_place(&b, Span::new(prose, prose + 4)),
            (Some("Zombie Chess".to_string()), None)
        );
        assert_eq!(finding_place(&b, Span::new(0, 1)), (None, None));
    }
}
