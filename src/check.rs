//! The books read and checked: syntax, images, contents and the rules
//! engine, with the author's allowances applied. `check`, `build`,
//! `serve` and the language server all check through here.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::time::Instant;

use crate::book::Book;
use crate::commands::Stage;
use crate::config::Config;
use crate::contents::{TocEntry, table_of_contents};
use crate::diagnostic::Diagnostic;
use crate::engine::fen::FenResult;
use crate::engine::{self, Counts, Options, RuleDiagnostic};
use crate::settings::{Settings, find_books};

/// Every book read and checked, with its table of contents.
#[derive(Debug, Default)]
pub struct Checked {
    pub books: Vec<(Book, Vec<TocEntry>)>,
    pub diags: Vec<Diagnostic>,
    /// Books with an error, by name.
    pub failed: BTreeSet<String>,
    pub counts: Counts,
    /// What the engine measured (search times), printed after the findings.
    pub notes: Vec<String>,
    /// Each book's diagrams as FEN (or why not), by book name.
    pub fens: BTreeMap<String, Vec<FenResult>>,
    /// Each book's reading and checking, in the order read.
    pub timings: Vec<Stage>,
}

/// What a run of the checks is asked to do.
#[derive(Clone, Debug, Default)]
pub struct CheckRun {
    /// Run the rules engine (off for `build --no-check`: syntax only).
    pub rules: bool,
    pub options: Options,
}

/// Reads every book, then checks it: syntax, images, contents and, unless
/// switched off, the rules engine with the author's allowances. Problems
/// finding or reading the books go to `diags`; the books' own go to
/// `Checked::diags`.
pub fn load_and_check(settings: &Settings, run: &CheckRun, diags: &mut Vec<Diagnostic>) -> Checked {
    let config = &settings.config;
    let mut timings = Vec::new();
    let books: Vec<BookCheck> = settings
        .books(diags)
        .iter()
        .filter_map(|path| {
            let started = Instant::now();
            let checked = check_book_file(path, run, diags)?;
            timings.push(Stage::since(
                format!(
                    "read and checked {} ({} diagram{})",
                    crate::paths::shown(path),
                    checked.book.diagrams.len(),
                    if checked.book.diagrams.len() == 1 {
                        ""
                    } else {
                        "s"
                    }
                ),
                started,
            ));
            Some(checked)
        })
        .collect();
    if run.rules {
        unused_variants(&run.options.variants, config, &books, diags);
    }
    let mut checked = combine_checks(books, config);
    checked.timings = timings;
    checked
}

/// A `[[variant]]` that no `##` heading of the settings' books names is a
/// warning at its line, when every book of the settings' folder was read
/// (checking one book of several says nothing of the others).
pub fn unused_variants(
    variants: &engine::variants::Variants,
    config: &Config,
    books: &[BookCheck],
    diags: &mut Vec<Diagnostic>,
) {
    let Some(src) = &config.source else {
        return;
    };
    let canonical = |p: &Path| std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
    let read: BTreeSet<PathBuf> = books
        .iter()
        .map(|b| canonical(&b.book.source.path))
        .collect();
    let all_read = find_books(std::slice::from_ref(&config.dir), &mut Vec::new())
        .iter()
        .all(|p| read.contains(&canonical(p)));
    if !all_read {
        return;
    }
    let games = engine::Games::new(variants);
    for v in variants.iter() {
        let used = books.iter().any(|b| {
            b.book
                .chapters()
                .any(|s| games.for_section(s).is_some_and(|g| g.name() == v.name))
        });
        if !used {
            let titles = books
                .iter()
                .flat_map(|b| b.book.chapters().map(|s| s.title.clone()));
            let help = match engine::nearest_game(&v.name, titles) {
                Some(title) => format!("did you mean `{title}`, the heading in the book?"),
                None => "a variant applies to the `##` sections whose title is its game: rename one, or remove the variant".to_string(),
            };
            diags.push(
                Diagnostic::warning(
                    src,
                    v.span,
                    format!(
                        "no `##` heading of the books is `{}`, so this variant checks nothing",
                        v.name
                    ),
                )
                .with_help(help),
            );
        }
    }
}

impl CheckRun {
    /// The rules engine with the settings' games; `shortest` also runs
    /// the search for shorter solutions.
    pub fn with_rules(settings: &Settings, shortest: bool) -> CheckRun {
        CheckRun {
            rules: true,
            options: settings.engine_options(shortest),
        }
    }
}

/// One book read and checked, before the author's allowances apply.
#[derive(Clone, Debug)]
pub struct BookCheck {
    pub book: Book,
    pub toc: Vec<TocEntry>,
    /// Problems of syntax, images and contents.
    pub diags: Vec<Diagnostic>,
    /// The rules engine's findings.
    pub findings: Vec<RuleDiagnostic>,
    pub counts: Counts,
    pub notes: Vec<String>,
    /// Each diagram's FEN, or why it has none, in the book's order.
    pub fens: Vec<FenResult>,
}

/// Reads and checks one rulebook; `None` (with the reason in `diags`) when
/// it cannot be read.
pub fn check_book_file(
    path: &Path,
    run: &CheckRun,
    diags: &mut Vec<Diagnostic>,
) -> Option<BookCheck> {
    let mut book_diags = Vec::new();
    let Some(book) = Book::load(path, &mut book_diags) else {
        diags.append(&mut book_diags);
        return None;
    };
    Some(check_loaded_book(book, book_diags, run))
}

/// Checks a book already read; `diags` are its parse problems.
pub fn check_loaded_book(book: Book, mut diags: Vec<Diagnostic>, run: &CheckRun) -> BookCheck {
    let toc = table_of_contents(&book, &mut diags);
    // On a thread of its own: glibc gives a new thread an arena of its
    // own, so the engine's short-lived blocks are reused from there, warm,
    // rather than from the holes the reading left across the book's heap
    // (100 MB for 10,000 diagrams, past the caches): 2-3 % of a large
    // Golf book's check. If no thread can be made, here.
    let work = std::sync::Mutex::new(Some((book, diags, toc)));
    let check = || {
        let (book, diags, toc) = work.lock().ok()?.take()?;
        Some(check_book_part(book, diags, run, toc))
    };
    let done = std::thread::scope(|s| {
        let thread = std::thread::Builder::new()
            .name("check".into())
            .stack_size(CHECK_STACK)
            .spawn_scoped(s, check);
        match thread {
            Ok(thread) => thread
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
            Err(_) => None,
        }
    });
    done.or_else(check)
        .expect("a book's check runs on its thread or here")
}

/// The check thread's stack: the main thread's (the engine's searches
/// recurse).
const CHECK_STACK: usize = 8 << 20;

/// [`check_loaded_book`] without the contents file: for a part of a book,
/// whose contents are checked against the whole ([`crate::incremental`]).
pub(crate) fn check_book_part(
    book: Book,
    mut diags: Vec<Diagnostic>,
    run: &CheckRun,
    toc: Vec<TocEntry>,
) -> BookCheck {
    book.check_images(&mut diags);
    book.check_links(&mut diags);
    let mut counts = Counts::default();
    let mut findings = Vec::new();
    let mut notes = Vec::new();
    // The game of each diagram, found once for the rules and the FENs.
    let games = run.options.games();
    let games = games.for_book(&book);
    if run.rules {
        let (found, c, n) = engine::check_book_with(&book, &games, &run.options);
        findings = found;
        counts = c;
        notes = n
            .into_iter()
            .map(|n| {
                let at = book.source.line_col(n.span.start);
                let label = match n.kind {
                    engine::NoteKind::Measured => "note: ",
                };
                format!(
                    "{}:{at}: {label}{}",
                    crate::paths::shown(&book.source.path),
                    n.text
                )
            })
            .collect();
    } else {
        counts.syntax_only += book.diagrams.len();
    }
    // The positions are read whether or not the rules are checked: the
    // site shows them either way.
    let fens = engine::fen::book_fens_with(&book, &games);
    drop(games);
    BookCheck {
        book,
        toc,
        diags,
        findings,
        counts,
        notes,
        fens,
    }
}

/// The books' checks together, with the author's allowances applied.
pub fn combine_checks(books: Vec<BookCheck>, config: &Config) -> Checked {
    let mut checked = Checked::default();
    let mut findings: Vec<RuleDiagnostic> = Vec::new();
    for mut b in books {
        findings.append(&mut b.findings);
        checked.counts.rule_checked += b.counts.rule_checked;
        checked.counts.syntax_only += b.counts.syntax_only;
        checked.notes.append(&mut b.notes);
        checked.diags.append(&mut b.diags);
        checked.fens.insert(b.book.name.clone(), b.fens);
        checked.books.push((b.book, b.toc));
    }
    let checked_books: BTreeSet<&str> =
        checked.books.iter().map(|(b, _)| b.name.as_str()).collect();
    apply_allowances(config, &checked_books, &mut findings, &mut checked.diags);
    checked
        .diags
        .extend(findings.into_iter().map(|f| f.diagnostic));
    for d in &checked.diags {
        if d.is_error()
            && let Some((book, _)) = checked.books.iter().find(|(b, _)| b.source.path == d.path)
        {
            checked.failed.insert(book.name.clone());
        }
    }
    checked
}

/// Marks the findings the author allowed in chess-kit-docs.toml; an
/// allowance that matches nothing is a warning, so none goes stale.
pub(crate) fn apply_allowances(
    config: &Config,
    books: &BTreeSet<&str>,
    findings: &mut [RuleDiagnostic],
    diags: &mut Vec<Diagnostic>,
) {
    let used = mark_allowed(config, findings);
    unused_allowances(config, books, &used, diags);
}

/// Marks the findings an allowance matches; whether each allowance
/// matched one.
pub(crate) fn mark_allowed(config: &Config, findings: &mut [RuleDiagnostic]) -> Vec<bool> {
    config
        .check
        .allow
        .iter()
        .map(|allowance| {
            let a = allowance.get_ref();
            let mut used = false;
            for f in findings.iter_mut() {
                let matches = f.book == a.book
                    && f.section
                        .as_deref()
                        .is_some_and(|s| s.eq_ignore_ascii_case(&a.section))
                    && f.diagram == a.diagram
                    && f.rule == a.rule;
                if matches {
                    f.diagnostic.allowed = Some(a.reason.clone());
                    used = true;
                }
            }
            used
        })
        .collect()
}

/// A warning for each allowance of a checked book that matched nothing
/// (`used`, one for each allowance).
pub(crate) fn unused_allowances(
    config: &Config,
    books: &BTreeSet<&str>,
    used: &[bool],
    diags: &mut Vec<Diagnostic>,
) {
    for (allowance, &used) in config.check.allow.iter().zip(used) {
        let a = allowance.get_ref();
        if !used && books.contains(a.book.as_str()) {
            let diagram = a.diagram.map_or("none".to_string(), |n| n.to_string());
            let message = format!(
                "this allowance matches no finding (book `{}`, section `{}`, diagram {diagram}, rule `{}`)",
                a.book, a.section, a.rule
            );
            let d = match &config.source {
                Some(src) => {
                    Diagnostic::warning(src, crate::source::Span::from(allowance.span()), message)
                }
                None => Diagnostic::file_error(&config.dir, message),
            };
            diags.push(d.with_help("the finding is gone: remove the allowance"));
        }
    }
}
