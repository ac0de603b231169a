//! `check`: every rulebook parsed and checked, from files, folders or
//! standard input, and the editor's copy of one rulebook.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use super::Stage;
use crate::book::Book;
use crate::check::{
    CheckRun, Checked, apply_allowances, check_loaded_book, combine_checks, load_and_check,
};
use crate::diagnostic::Diagnostic;
use crate::engine::fen::FenResult;
use crate::engine::{self, Counts};
use crate::settings::{Flags, STDIN_NAME, Settings};
use crate::source::SourceFile;

/// What `check` is asked to do.
#[derive(Clone, Debug, Default)]
pub struct CheckOptions {
    pub paths: Vec<PathBuf>,
    /// Also search for shorter published solutions.
    pub shortest: bool,
}

/// What `check` found.
#[derive(Debug)]
pub struct CheckReport {
    /// Every problem, unsorted.
    pub diags: Vec<Diagnostic>,
    pub diagrams: usize,
    pub counts: Counts,
    /// What the engine measured, one line each.
    pub notes: Vec<String>,
    /// Each book's FENs (or why a diagram has none), by book name; read
    /// as records by [`CheckReport::fen_records`].
    fens: BTreeMap<String, Vec<FenResult>>,
    /// The configured games the books were checked with.
    variants: crate::engine::variants::Variants,
    pub elapsed: Duration,
    /// Each book's reading and checking, for `-v`.
    pub stages: Vec<Stage>,
    /// The books read, held so that the caller chooses when they are
    /// freed (the command line leaves them to the end of the process).
    pub books: Vec<(Book, Vec<crate::contents::TocEntry>)>,
}

/// One diagram's FEN, or why it has none, with where the diagram is.
#[derive(Clone, Debug, PartialEq)]
pub struct FenRecord {
    pub file: PathBuf,
    /// The line and column of the diagram's first line.
    pub line: usize,
    pub col: usize,
    /// The diagram's number in its file, counting from 1, as `render
    /// --diagram` counts.
    pub diagram: usize,
    /// The `##` section it stands in.
    pub section: Option<String>,
    pub fen: FenResult,
}

impl FenRecord {
    /// The records of a book's diagrams.
    pub fn of_book(book: &Book, fens: &[FenResult], games: &engine::Games) -> Vec<FenRecord> {
        let games = games.for_book(book);
        book.diagrams
            .iter()
            .zip(fens)
            .enumerate()
            .map(|(i, (entry, fen))| {
                let text = &book.source.text;
                let start = entry.span.start.min(text.len());
                let indent = text[start..]
                    .find(|c: char| !c.is_whitespace())
                    .unwrap_or(0);
                let at = book.source.line_col(start + indent);
                FenRecord {
                    file: book.source.path.clone(),
                    line: at.line,
                    col: at.col,
                    diagram: i + 1,
                    // The section whose game the diagram is read under:
                    // none after a stray game heading.
                    section: match games.place(entry) {
                        engine::Place::Game(_, s) | engine::Place::Unknown(s) => {
                            Some(s.title.clone())
                        }
                        engine::Place::Stray(_) | engine::Place::Nowhere => None,
                    },
                    fen: fen.clone(),
                }
            })
            .collect()
    }

    /// One JSON object, for tools: `fen` and `variant` (the analysis
    /// board's, `standard` or `chess960`) when the diagram has a FEN,
    /// else `null` with the `reason`.
    pub fn render_json(&self) -> String {
        let (fen, variant, reason) = match &self.fen {
            Ok(f) => (Some(f.fen.as_str()), Some(f.variant()), None),
            Err(r) => (None, None, Some(r.as_str())),
        };
        serde_json::json!({
            "file": crate::paths::shown(&self.file),
            "line": self.line,
            "col": self.col,
            "diagram": self.diagram,
            "section": self.section,
            "fen": fen,
            "variant": variant,
            "reason": reason,
        })
        .to_string()
    }
}

impl CheckReport {
    /// Every diagram's FEN (or why it has none), book by book: made only
    /// when asked (`--format json`), since it reads every diagram's place
    /// again.
    pub fn fen_records(&self) -> Vec<FenRecord> {
        let games = engine::Games::new(&self.variants);
        self.books
            .iter()
            .flat_map(|(book, _)| {
                let fens = self.fens.get(&book.name).map_or(&[][..], Vec::as_slice);
                FenRecord::of_book(book, fens, &games)
            })
            .collect()
    }

    pub fn errors(&self) -> usize {
        self.diags.iter().filter(|d| d.is_error()).count()
    }

    pub fn warnings(&self) -> usize {
        self.diags.iter().filter(|d| d.is_warning()).count()
    }

    pub fn allowed(&self) -> usize {
        self.diags.iter().filter(|d| d.allowed.is_some()).count()
    }

    /// Warnings of sections whose game no rules check (not allowed).
    pub fn unchecked(&self) -> usize {
        self.diags
            .iter()
            .filter(|d| d.is_warning() && engine::leaves_unchecked(d))
            .count()
    }
}

/// `check`: every rulebook parsed and checked, with every problem of the
/// settings, styles and templates that `build` would meet.
pub fn check(options: &CheckOptions) -> CheckReport {
    let started = Instant::now();
    let settings = Settings::resolve(&options.paths, &Flags::default());
    let mut diags = settings.problems.clone();
    let run = CheckRun::with_rules(&settings, options.shortest);
    let checked = load_and_check(&settings, &run, &mut diags);
    check_report(diags, checked, &settings, started)
}

/// `check -`: one rulebook's text, read from standard input, checked as
/// [`STDIN_NAME`] with the settings `check` with no path would use
/// ([`Settings::for_stdin`]); its images and contents file are looked
/// for in the folder it stands in. With `--stdin-filename`, the text is
/// checked as the rulebook at `name` (an editor's unsaved copy): named so,
/// with that book's settings, contents file and allowances, as the
/// language server checks it.
pub fn check_text(text: &str, name: Option<&Path>, options: &CheckOptions) -> CheckReport {
    let started = Instant::now();
    let settings = match name {
        Some(path) => Settings::for_file(path),
        None => Settings::for_stdin(&Flags::default()),
    };
    let diags = settings.problems.clone();
    let run = CheckRun::with_rules(&settings, options.shortest);
    let mut book_diags = Vec::new();
    let book = match name {
        Some(path) => Book::parse(SourceFile::new(path, text), &mut book_diags),
        None => settings.stdin_book(STDIN_NAME, text, &mut book_diags),
    };
    let shown = name.map_or(STDIN_NAME.to_string(), crate::paths::shown);
    let diagrams = book.diagrams.len();
    let one = check_loaded_book(book, book_diags, &run);
    // No unused-variant warnings: the settings' own books were not read.
    let mut checked = combine_checks(vec![one], &settings.config);
    checked.timings.push(Stage::since(
        format!(
            "read and checked {shown} ({diagrams} diagram{})",
            if diagrams == 1 { "" } else { "s" }
        ),
        started,
    ));
    check_report(diags, checked, &settings, started)
}

/// A rulebook as an editor holds it, checked from its text (not the file
/// on disk) as `check` checks it, with the settings of its book root.
pub struct DocumentCheck {
    pub book: Book,
    /// The rulebook's problems, in the order of the text, allowed findings
    /// marked.
    pub diags: Vec<Diagnostic>,
    /// Problems found elsewhere: the settings file, the contents file.
    pub elsewhere: Vec<Diagnostic>,
    /// Each diagram's FEN, or why it has none, in the book's order.
    pub fens: Vec<FenResult>,
    /// The settings the book was checked with.
    pub settings: Settings,
}

/// Checks the rulebook `path` whose text is `text` (an editor's unsaved
/// copy). The settings, images and contents file are read from disk, as
/// `check` reads them; no search (`--shortest`) runs.
pub fn check_document(path: &Path, text: &str) -> DocumentCheck {
    let settings = Settings::for_file(path);
    let mut elsewhere = settings.problems.clone();
    let run = CheckRun::with_rules(&settings, false);
    let mut book_diags = Vec::new();
    let book = Book::parse(SourceFile::new(path, text), &mut book_diags);
    let mut one = check_loaded_book(book, book_diags, &run);
    let mut findings = std::mem::take(&mut one.findings);
    let names = BTreeSet::from([one.book.name.as_str()]);
    apply_allowances(&settings.config, &names, &mut findings, &mut elsewhere);
    let (mut diags, others): (Vec<_>, Vec<_>) = std::mem::take(&mut one.diags)
        .into_iter()
        .chain(findings.into_iter().map(|f| f.diagnostic))
        .partition(|d| d.path.as_path() == path);
    elsewhere.extend(others);
    crate::diagnostic::sort(&mut diags);
    DocumentCheck {
        book: one.book,
        diags,
        elsewhere,
        fens: one.fens,
        settings,
    }
}

fn check_report(
    mut diags: Vec<Diagnostic>,
    checked: Checked,
    settings: &Settings,
    started: Instant,
) -> CheckReport {
    diags.extend(checked.diags);
    CheckReport {
        diags,
        diagrams: checked.books.iter().map(|(b, _)| b.diagrams.len()).sum(),
        counts: checked.counts,
        notes: checked.notes,
        fens: checked.fens,
        variants: settings.variants.clone(),
        elapsed: started.elapsed(),
        stages: checked.timings,
        books: checked.books,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[allow(unused_imports)]
    use crate::commands::testing::{BOARD, folder};

    #[test]
    fn check_counts_the_diagrams_and_reports_the_errors() {
        let text = format!("# T\n\n## Zombie Chess\n\n{BOARD}\n## Zombie Chess 2\n\n    . . x\n");
        let dir = folder(&[("t.md", &text)]);
        let report = check(&CheckOptions {
            paths: vec![dir.path().join("t.md")],
            shortest: false,
        });
        assert_eq!(report.diagrams, 2);
        assert!(report.errors() > 0);
        let clean = folder(&[("t.md", &format!("# T\n\n## Zombie Chess\n\n{BOARD}"))]);
        let report = check(&CheckOptions {
            paths: vec![clean.path().join("t.md")],
            shortest: false,
        });
        assert_eq!((report.diagrams, report.errors()), (1, 0));
    }
}
