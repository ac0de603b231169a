//! What the commands do, as library calls: find and check the rulebooks,
//! publish them (`build`), make the card deck (`deck`), draw one diagram
//! (`render`). Each returns a report with its diagnostics; the command line
//! (`cli`) only parses arguments and prints, and `serve` calls the same
//! entry points.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::book::{Book, io_reason};
use crate::config::{Config, source_date, source_date_problem};
use crate::contents::{TocEntry, table_of_contents};
use crate::diagnostic::Diagnostic;
use crate::engine::fen::FenResult;
use crate::engine::{self, Counts, Options, RuleDiagnostic};
use crate::html::{self, Templates};
use crate::output::{OutputDir, Stats};
use crate::pdf::{PageFormat, PdfOptions};
use crate::render::{diagram_svg, svg_to_png};
use crate::site::SiteStats;
use crate::source::SourceFile;

pub use crate::settings::{DEFAULT_OUT, DEFAULT_RULES, STDIN_NAME, find_books};
use crate::settings::{Flags, Settings};

/// A stage of a command and the time it took, for `-v`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stage {
    pub what: String,
    pub took: Duration,
}

impl Stage {
    fn since(what: impl Into<String>, started: Instant) -> Stage {
        Stage {
            what: what.into(),
            took: started.elapsed(),
        }
    }
}

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
                    path.display(),
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
    book.check_images(&mut diags);
    book.check_links(&mut diags);
    let toc = table_of_contents(&book, &mut diags);
    let mut counts = Counts::default();
    let mut findings = Vec::new();
    let mut notes = Vec::new();
    if run.rules {
        let (found, c, n) = engine::check_book(&book, &run.options);
        findings = found;
        counts = c;
        notes = n
            .into_iter()
            .map(|n| {
                let at = book.source.line_col(n.span.start);
                let label = match n.kind {
                    engine::NoteKind::Measured => "note: ",
                };
                format!("{}:{at}: {label}{}", book.source.path.display(), n.text)
            })
            .collect();
    } else {
        counts.syntax_only += book.diagrams.len();
    }
    // The positions are read whether or not the rules are checked: the
    // site shows them either way.
    let fens = engine::fen::book_fens(&book, &run.options);
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
fn apply_allowances(
    config: &Config,
    books: &BTreeSet<&str>,
    findings: &mut [RuleDiagnostic],
    diags: &mut Vec<Diagnostic>,
) {
    for allowance in &config.check.allow {
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
    /// Every diagram's FEN (or why it has none), book by book.
    pub fens: Vec<FenRecord>,
    pub elapsed: Duration,
    /// Each book's reading and checking, for `-v`.
    pub stages: Vec<Stage>,
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
    pub fn of_book(book: &Book, fens: &[FenResult]) -> Vec<FenRecord> {
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
                    section: book.section_of(entry).map(|s| s.title.clone()),
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
            "file": self.file.display().to_string(),
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
    check_report(diags, checked, started)
}

/// `check -`: one rulebook's text, read from standard input, checked as
/// [`STDIN_NAME`] with the settings `check` with no path would use
/// ([`Settings::for_stdin`]); its images and contents file are looked
/// for in the folder it stands in.
pub fn check_text(text: &str, options: &CheckOptions) -> CheckReport {
    let started = Instant::now();
    let settings = Settings::for_stdin(&Flags::default());
    let diags = settings.problems.clone();
    let run = CheckRun::with_rules(&settings, options.shortest);
    let mut book_diags = Vec::new();
    let mut book = Book::parse(SourceFile::new(STDIN_NAME, text), &mut book_diags);
    book.folder = settings.stdin_folder.clone();
    let diagrams = book.diagrams.len();
    let one = check_loaded_book(book, book_diags, &run);
    // No unused-variant warnings: the settings' own books were not read.
    let mut checked = combine_checks(vec![one], &settings.config);
    checked.timings.push(Stage::since(
        format!(
            "read and checked {STDIN_NAME} ({diagrams} diagram{})",
            if diagrams == 1 { "" } else { "s" }
        ),
        started,
    ));
    check_report(diags, checked, started)
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

fn check_report(mut diags: Vec<Diagnostic>, checked: Checked, started: Instant) -> CheckReport {
    diags.extend(checked.diags);
    let fens = checked
        .books
        .iter()
        .flat_map(|(book, _)| {
            let fens = checked.fens.get(&book.name).map_or(&[][..], Vec::as_slice);
            FenRecord::of_book(book, fens)
        })
        .collect();
    CheckReport {
        diags,
        diagrams: checked.books.iter().map(|(b, _)| b.diagrams.len()).sum(),
        counts: checked.counts,
        notes: checked.notes,
        fens,
        elapsed: started.elapsed(),
        stages: checked.timings,
    }
}

/// What `build` is asked to do.
#[derive(Clone, Debug, Default)]
pub struct BuildOptions {
    /// Rulebooks or folders of them; empty for `rules/`.
    pub paths: Vec<PathBuf>,
    /// The output folder; `None` for the settings' or `output/`.
    pub out: Option<PathBuf>,
    /// A style file; `None` for the settings' or the compiled-in one.
    pub style: Option<PathBuf>,
    /// Publish without the rules check (syntax is still checked).
    pub no_check: bool,
    /// The PDF page format; `None` for the settings' or letter.
    pub page: Option<PageFormat>,
}

/// A book `build` published.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BuiltBook {
    pub name: String,
    /// The rulebook it was built from.
    pub source: PathBuf,
    pub diagrams: usize,
    /// Its website page, its PDF and its HTML site's front page.
    pub page: PathBuf,
    pub pdf: PathBuf,
    pub html: PathBuf,
}

/// What a successful publication wrote.
#[derive(Clone, Debug)]
pub struct Published {
    pub books: Vec<BuiltBook>,
    pub site: SiteStats,
    pub files: Stats,
    /// The files written and removed, relative to the output folder.
    pub changes: crate::output::Changes,
    pub elapsed: Duration,
}

/// What `build` did.
#[derive(Debug, Default)]
pub struct BuildReport {
    /// Every problem, unsorted.
    pub diags: Vec<Diagnostic>,
    /// The books not published and why: a summary of the problems above,
    /// printed after them.
    pub refused: Vec<Diagnostic>,
    /// What was written, when something was published without error.
    pub published: Option<Published>,
    /// Each stage and its time, for `-v`.
    pub stages: Vec<Stage>,
}

impl BuildReport {
    pub fn failed(&self) -> bool {
        self.diags
            .iter()
            .chain(&self.refused)
            .any(Diagnostic::is_error)
    }
}

/// `build`: checks the books, then writes the website pages, images and PDF
/// books of those without errors. `progress(done, total)` follows the
/// drawing of the diagrams.
pub fn build(options: &BuildOptions, progress: &(dyn Fn(usize, usize) + Sync)) -> BuildReport {
    let started = Instant::now();
    let mut stages = Vec::new();
    let settings = Settings::resolve(
        &options.paths,
        &Flags {
            out: options.out.clone(),
            style: options.style.clone(),
            page: options.page,
        },
    );
    // A problem in the settings, styles or templates is reported with the
    // books' own, and like them stops the publication.
    let mut diags = settings.problems.clone();
    let (config, style, book_style, templates) = (
        &settings.config,
        &settings.style,
        &settings.book_style,
        &settings.templates,
    );
    let pdf_options = PdfOptions {
        format: settings.page,
        date: source_date(),
    };
    diags.extend(source_date_problem());
    let out_dir = settings.out.clone();
    stages.push(Stage::since(
        "read the settings, styles and templates",
        started,
    ));

    let run = CheckRun {
        rules: !options.no_check,
        options: settings.engine_options(false),
    };
    let checking = Instant::now();
    let mut checked = load_and_check(&settings, &run, &mut diags);
    stages.append(&mut checked.timings);
    stages.push(Stage::since(
        if options.no_check {
            "read the books (syntax only)"
        } else {
            "read and checked the books"
        },
        checking,
    ));
    diags.extend(checked.diags);
    let publishable: Vec<(&Book, Vec<TocEntry>)> = checked
        .books
        .iter()
        .filter(|(b, _)| !checked.failed.contains(&b.name))
        .map(|(b, toc)| (b, toc.clone()))
        .collect();
    let mut refused = Vec::new();
    for (book, _) in checked
        .books
        .iter()
        .filter(|(b, _)| checked.failed.contains(&b.name))
    {
        let path = &book.source.path;
        let errors: Vec<&Diagnostic> = diags
            .iter()
            .filter(|d| d.is_error() && &d.path == path)
            .collect();
        let count = errors.len();
        let d = Diagnostic::file_error(
            path,
            format!(
                "not published: {} has {count} error{} (above)",
                path.display(),
                if count == 1 { "" } else { "s" }
            ),
        );
        // Only a rules finding can be kept; a syntax error must be fixed.
        refused.push(if errors.iter().any(|d| d.rule.is_some()) {
            d.with_help(
                "fix them, or keep a rules finding with an allowance in chess-kit-docs.toml",
            )
        } else {
            d.with_help("fix them")
        });
    }
    let mut published = None;
    // All or nothing: an error anywhere in the run (a book, its contents
    // file, the settings) publishes no book at all.
    let errors = diags.iter().filter(|d| d.is_error()).count();
    if errors > 0 {
        refused.push(
            Diagnostic::file_error(
                &out_dir,
                format!(
                    "nothing published: the run has {errors} error{} (above), and a build publishes all its books or none",
                    if errors == 1 { "" } else { "s" }
                ),
            )
            .with_help("the last published files in the output folder stay as they were"),
        );
        return BuildReport {
            diags,
            refused,
            published,
            stages,
        };
    }
    let sources: Vec<&Path> = checked.books.iter().map(|(b, _)| b.source.path()).collect();
    let inside = crate::output::sources_inside(&out_dir, &sources);
    if !inside.is_empty() {
        diags.extend(inside);
        return BuildReport {
            diags,
            refused,
            published,
            stages,
        };
    }
    if !publishable.is_empty() {
        // The check's working memory is freed: the outputs start without it.
        crate::memory::release_freed();
        match OutputDir::open(&out_dir) {
            Ok(output) => {
                // Each diagram is drawn once, for all three outputs.
                let drawings = std::sync::Arc::new(crate::render::DrawingStore::new(style));
                // The three outputs are made side by side; each is timed
                // from the same start.
                let publishing = Instant::now();
                let timed = |what: &str| Stage::since(format!("{what} (side by side)"), publishing);
                let ((result, site_took), ((pdf_result, pdf_took), (html_result, html_took))) =
                    rayon::join(
                        || {
                            let r =
                                crate::site::publish(&publishable, &output, &drawings, progress);
                            (r, timed("website pages and images"))
                        },
                        || {
                            rayon::join(
                                || {
                                    let r = crate::publish::pdfs(
                                        &publishable,
                                        &output,
                                        &drawings,
                                        book_style,
                                        &pdf_options,
                                    );
                                    (r, timed("PDF books"))
                                },
                                || {
                                    let web = html::Drawings::for_one_build(drawings.clone());
                                    let options = html::HtmlOptions {
                                        site: config.site.clone(),
                                        ..html::HtmlOptions::default()
                                    };
                                    let r = write_html(
                                        &publishable,
                                        &output,
                                        templates,
                                        &web,
                                        style,
                                        &checked.fens,
                                        &options,
                                    );
                                    (r, timed("HTML site"))
                                },
                            )
                        },
                    );
                stages.extend([site_took, pdf_took, html_took]);
                let mut errors = Vec::new();
                for r in [pdf_result, html_result] {
                    if let Err(mut e) = r {
                        errors.append(&mut e);
                    }
                }
                let result = match result {
                    Ok(stats) if errors.is_empty() => Ok(SiteStats {
                        drawn: drawings.made(),
                        ..stats
                    }),
                    Ok(_) => Err(errors),
                    Err(mut a) => {
                        a.append(&mut errors);
                        Err(a)
                    }
                };
                let mut owners: BTreeSet<String> = publishable
                    .iter()
                    .flat_map(|(b, _)| {
                        [
                            crate::site::owner(b),
                            crate::publish::pdf_owner(b),
                            html_owner(&b.name),
                        ]
                    })
                    .collect();
                owners.insert(html::OWNER.to_string());
                match result {
                    Ok(site) => {
                        let committing = Instant::now();
                        let (files, changes, mut finish_diags) = output.finish_listed(&owners);
                        stages.push(Stage::since("moved the new files into place", committing));
                        diags.append(&mut finish_diags);
                        let books = publishable
                            .iter()
                            .map(|(book, _)| BuiltBook {
                                name: book.name.clone(),
                                source: book.source.path.clone(),
                                diagrams: book.diagrams.len(),
                                page: out_dir.join("site").join(format!("{}.md", book.name)),
                                pdf: out_dir.join(format!("{}.pdf", book.name)),
                                html: out_dir.join(html::DIR).join(&book.name).join("index.html"),
                            })
                            .collect();
                        published = Some(Published {
                            books,
                            site,
                            files,
                            changes,
                            elapsed: started.elapsed(),
                        });
                    }
                    Err(mut errs) => {
                        diags.append(&mut errs);
                        // All or nothing: the last published files stay as they were.
                        diags.append(&mut output.abandon());
                    }
                }
            }
            Err(d) => diags.push(d),
        }
    }
    BuildReport {
        diags,
        refused,
        published,
        stages,
    }
}

/// The output owner of a book's HTML pages; the shared files (index,
/// search, assets) belong to [`html::OWNER`].
pub fn html_owner(book: &str) -> String {
    format!("{}:{book}", html::OWNER)
}

/// Writes `DIR/html/` for the books: every file through the output folder,
/// so unchanged pages are left alone.
pub fn write_html(
    books: &[(&Book, Vec<TocEntry>)],
    output: &OutputDir,
    templates: &Templates,
    drawings: &html::Drawings,
    style: &crate::style::Style,
    fens: &BTreeMap<String, Vec<FenResult>>,
    options: &html::HtmlOptions,
) -> Result<(), Vec<Diagnostic>> {
    let site_books: Vec<html::SiteBook> = books
        .iter()
        .map(|(book, toc)| html::SiteBook {
            book,
            toc,
            findings: Vec::new(),
            fens: fens.get(&book.name).map_or(&[][..], Vec::as_slice),
        })
        .collect();
    // The site is made whole (its index and search index read every
    // book), so it is kept whole when nothing it is made from changed.
    let key = site_key(&site_books, templates, style, &options.site);
    let ours = |owner: &str| {
        owner == html::OWNER
            || owner
                .strip_prefix(html::OWNER)
                .is_some_and(|r| r.starts_with(':'))
    };
    if output.reuse_owned(ours, key) {
        return Ok(());
    }
    let mut sink = OutputSink {
        output,
        books: books.iter().map(|(b, _)| b.name.as_str()).collect(),
        open: None,
        key,
    };
    html::write_site(&site_books, templates, drawings, style, options, &mut sink)
}

/// What the HTML site is made from: the tool's version, every book's text
/// and contents, the diagrams' positions (which the settings' games may
/// change), the files it links to, the style and the templates.
fn site_key(
    books: &[html::SiteBook],
    templates: &Templates,
    style: &crate::style::Style,
    site: &crate::config::SiteConfig,
) -> u64 {
    let mut text = format!(
        "{}\n{style:?}\n{:016x}\n",
        env!("CARGO_PKG_VERSION"),
        templates.fingerprint()
    );
    // The settings' order and descriptions, when there are any, so that a
    // site made without them keeps its key.
    if *site != crate::config::SiteConfig::default() {
        text.push_str(&format!("{site:?}\n"));
    }
    for sb in books {
        let (book, toc) = (sb.book, sb.toc);
        text.push_str(&format!("{}\n{toc:?}\n{:?}\n", book.name, sb.fens));
        text.push_str(&book.source.text);
        for (path, rel, _) in book.linked_files() {
            let bytes = crate::book::read_regular(&path).unwrap_or_default();
            text.push_str(&format!("\n{rel}\t{:016x}", crate::output::hash(&bytes)));
        }
        text.push('\0');
    }
    crate::output::hash(text.as_bytes())
}

/// The owner of the site file `rel` (inside `html/`): a book's own pages
/// belong to the book.
fn site_file_owner(rel: &str, books: &[&str]) -> String {
    match rel.split_once('/') {
        Some((first, _)) if books.contains(&first) => html_owner(first),
        _ => html::OWNER.to_string(),
    }
}

/// The site's files written into the output folder as they are made.
struct OutputSink<'a> {
    output: &'a OutputDir,
    books: Vec<&'a str>,
    open: Option<crate::output::Streamed>,
    /// The site's cache key, recorded with every file.
    key: u64,
}

impl html::SiteSink for OutputSink<'_> {
    fn file(&mut self, rel: String, bytes: Vec<u8>) -> Result<(), Diagnostic> {
        let owner = site_file_owner(&rel, &self.books);
        self.output.write(
            &owner,
            &format!("{}/{rel}", html::DIR),
            &bytes,
            Some(self.key),
        )
    }

    fn start(&mut self, rel: &str) -> Result<(), Diagnostic> {
        let owner = site_file_owner(rel, &self.books);
        self.open = Some(self.output.start(&owner, &format!("{}/{rel}", html::DIR))?);
        Ok(())
    }

    fn piece(&mut self, bytes: &[u8]) {
        use std::io::Write as _;
        if let Some(file) = &mut self.open {
            // A failed write is kept inside and reported by the commit.
            let _ = file.write_all(bytes);
        }
    }

    fn end(&mut self) -> Result<(), Diagnostic> {
        match self.open.take() {
            Some(file) => self.output.commit(file, Some(self.key)),
            None => Ok(()),
        }
    }
}

/// Writes the site's files under `html/`, each with its owner.
pub fn write_site_files<'a>(
    files: &[html::SiteFile],
    books: impl Iterator<Item = &'a str>,
    output: &OutputDir,
) -> Result<(), Vec<Diagnostic>> {
    let books: Vec<&str> = books.collect();
    let errors: Vec<Diagnostic> = files
        .iter()
        .filter_map(|(rel, bytes)| {
            let owner = site_file_owner(rel, &books);
            output
                .write(&owner, &format!("{}/{rel}", html::DIR), bytes, None)
                .err()
        })
        .collect();
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

/// What `init` made.
#[derive(Debug)]
pub struct InitReport {
    /// The files created, in the order written.
    pub created: Vec<PathBuf>,
}

/// `init`: writes the skeleton of a rulebook project into `dir` (made if
/// needed). It never overwrites: when any of its files is there already,
/// each such file is an error and nothing is written. A file is created
/// only where none is (never through a link), and a failure half way
/// removes what this run created.
pub fn init(dir: &Path) -> Result<InitReport, Failure> {
    let files: Vec<(PathBuf, String)> = crate::init::files()
        .into_iter()
        // `init` in the current folder names its files as `rules/rules.md`.
        .map(|(rel, text)| match dir == Path::new(".") {
            true => (rel, text),
            false => (dir.join(rel), text),
        })
        .collect();
    let there: Vec<Diagnostic> = files
        .iter()
        .filter(|(path, _)| std::fs::symlink_metadata(path).is_ok())
        .map(|(path, _)| {
            Diagnostic::file_error(
                path,
                "not created: this file exists, and init never overwrites a file",
            )
            .with_help("nothing was written: move the file away, or init another folder")
        })
        .collect();
    if !there.is_empty() {
        return Err(Failure::Input(there));
    }
    let mut created: Vec<PathBuf> = Vec::new();
    let mut made_dirs: Vec<PathBuf> = Vec::new();
    let mut result = Ok(());
    for (path, text) in &files {
        let folder = path.parent().unwrap_or(Path::new(""));
        // The folders missing on the way, outermost first, to undo them.
        let missing: Vec<PathBuf> = folder
            .ancestors()
            .filter(|d| !d.as_os_str().is_empty() && std::fs::symlink_metadata(d).is_err())
            .map(Path::to_path_buf)
            .collect();
        let written = std::fs::create_dir_all(folder)
            .map_err(|e| (folder.to_path_buf(), e, "cannot create this folder"))
            .and_then(|()| {
                made_dirs.extend(missing.into_iter().rev());
                std::fs::OpenOptions::new()
                    .write(true)
                    .create_new(true)
                    .open(path)
                    .and_then(|mut f| {
                        use std::io::Write as _;
                        created.push(path.clone());
                        f.write_all(text.as_bytes())
                    })
                    .map_err(|e| (path.clone(), e, "cannot create this file"))
            });
        if let Err((at, e, what)) = written {
            result = Err(Diagnostic::file_error(
                &at,
                format!("{what}: {}", io_reason(&e)),
            ));
            break;
        }
    }
    match result {
        Ok(()) => Ok(InitReport { created }),
        Err(d) => {
            // All or nothing: what this run made goes again.
            for path in &created {
                let _ = std::fs::remove_file(path);
            }
            for folder in made_dirs.iter().rev() {
                let _ = std::fs::remove_dir(folder);
            }
            Err(Failure::Input(vec![d.with_help(
                "nothing was left: the files this run had created are removed",
            )]))
        }
    }
}

/// What `clean` is asked to do.
#[derive(Clone, Debug, Default)]
pub struct CleanOptions {
    /// Rulebooks or folders of them, whose settings may name the output
    /// folder (`build.out`); empty for `rules/`.
    pub paths: Vec<PathBuf>,
    /// The output folder; `None` for the settings' or `output/`.
    pub out: Option<PathBuf>,
}

/// What `clean` did.
#[derive(Debug)]
pub struct CleanReport {
    /// The output folder.
    pub root: PathBuf,
    /// `false` when there was no such folder (nothing to do).
    pub existed: bool,
    /// The files removed, relative to the folder.
    pub removed: Vec<String>,
    pub elapsed: Duration,
    /// Files left in place (warnings) or that could not be removed (errors).
    pub diags: Vec<Diagnostic>,
}

/// `clean`: deletes what `build` and `deck` wrote into the output folder
/// (the one `build` with the same paths writes to), as its manifest lists
/// it, and the folders that leaves empty; nothing else.
pub fn clean(options: &CleanOptions) -> Result<CleanReport, Failure> {
    let started = Instant::now();
    let settings = Settings::resolve(
        &options.paths,
        &Flags {
            out: options.out.clone(),
            ..Flags::default()
        },
    );
    // A settings file with an error may name the wrong output folder.
    if settings.config_failed && options.out.is_none() {
        let mut problems = settings.problems;
        problems.retain(|d| d.path == settings.root.join(crate::config::CONFIG_FILE));
        return Err(Failure::Input(problems));
    }
    let root = settings.out;
    if std::fs::symlink_metadata(&root).is_err_and(|e| e.kind() == std::io::ErrorKind::NotFound) {
        return Ok(CleanReport {
            root,
            existed: false,
            removed: Vec::new(),
            elapsed: started.elapsed(),
            diags: Vec::new(),
        });
    }
    if !root.is_dir() {
        return Err(Failure::Input(vec![Diagnostic::file_error(
            &root,
            "not cleaned: this is not a folder",
        )]));
    }
    let cleaned = crate::output::clean(&root).map_err(|d| Failure::Input(vec![d]))?;
    Ok(CleanReport {
        root,
        existed: true,
        removed: cleaned.removed,
        elapsed: started.elapsed(),
        diags: cleaned.diags,
    })
}

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

/// Why a command stopped.
#[derive(Debug)]
pub enum Failure {
    /// A usage problem, in words (exit code 2).
    Usage(String),
    /// Problems in the input (exit code 1).
    Input(Vec<Diagnostic>),
    /// A problem in the input that has no place in a file, in words (exit code 1).
    Message(String),
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
        RenderInput::Text { name, text } => {
            let mut book = Book::parse(SourceFile::new(name.as_str(), text.as_str()), &mut diags);
            book.folder = settings.stdin_folder.clone();
            (book, PathBuf::from("-"))
        }
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
            shown.display(),
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
    if options.format == RenderFormat::Fen {
        let fen = render_fen(&book, entry, &settings)?;
        let Some(path) = &options.output else {
            return Ok(Rendered::Fen(fen));
        };
        crate::output::write_atomic(path, format!("{fen}\n").as_bytes())
            .map_err(|d| Failure::Input(vec![d]))?;
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
    crate::output::write_atomic(path, &bytes).map_err(|d| Failure::Input(vec![d]))?;
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

/// What `deck` is asked to do.
#[derive(Clone, Debug, Default)]
pub struct DeckRequest {
    /// A rulebook, or a folder of them (as `build` takes them); `None`
    /// for `rules/`.
    pub book: Option<PathBuf>,
    pub out: Option<PathBuf>,
    /// The paper; `None` for the settings' `build.page` (letter for a
    /// booklet or a zine, which print on letter sheets), or letter.
    pub page: Option<crate::deck::DeckPage>,
    pub backs: bool,
    /// In points.
    pub bleed: f32,
    /// The player aids; `None` for `player_aids.md` in the rulebooks'
    /// folder, if there is one (without it the deck is cards only).
    pub aids: Option<PathBuf>,
    pub style: Option<PathBuf>,
}

/// What `deck` wrote.
#[derive(Debug)]
pub struct DeckReport {
    /// Cards printed, and the pages they fill.
    pub printed: usize,
    pub pages: usize,
    pub page: crate::deck::DeckPage,
    pub pdf: PathBuf,
    /// Distinct faces, their folder, and how many were drawn this time.
    pub faces: usize,
    pub images: PathBuf,
    pub drawn: usize,
    pub files: Stats,
    /// The files written and removed, relative to the output folder.
    pub changes: crate::output::Changes,
    pub elapsed: Duration,
    /// Each stage and its time, for `-v`.
    pub stages: Vec<Stage>,
    /// Problems met while writing (the summary still holds).
    pub diags: Vec<Diagnostic>,
}

/// The book whose card table the deck follows: the one book that has a
/// `type: cards` table, or the first when none has (the compiled-in
/// table). Two books with tables are an error naming both.
fn deck_book(books: &[Book]) -> Result<&Book, Failure> {
    let with_table: Vec<&Book> = books
        .iter()
        .filter(|b| b.card_rows().next().is_some())
        .collect();
    match with_table[..] {
        [] => Ok(&books[0]),
        [one] => Ok(one),
        [first, second, ..] => Err(Failure::Input(vec![
            Diagnostic::file_error(
                &second.source.path,
                format!(
                    "two rulebooks have a card table: {} and {}, and a deck follows one",
                    first.source.path.display(),
                    second.source.path.display()
                ),
            )
            .with_help("give the deck the rulebook whose cards it prints: `deck rules/<book>.md`"),
        ])),
    }
}

/// `deck`: everything is drawn in memory first, so bad input leaves the
/// output folder as it was; then unchanged files are left alone.
pub fn deck(args: &DeckRequest) -> Result<DeckReport, Failure> {
    use crate::deck::{self as d, DeckOptions};
    use crate::output::hash;
    use rayon::prelude::*;

    let input = |d: Diagnostic| Failure::Input(vec![d]);
    let started = Instant::now();
    let mut stages = Vec::new();
    let settings = Settings::resolve(
        args.book.as_slice(),
        &Flags {
            out: args.out.clone(),
            style: args.style.clone(),
            page: None,
        },
    );
    // The deck is drawn in the settings' style on their paper: a problem in
    // them would print a wrong deck.
    if settings.failed() {
        return Err(Failure::Input(settings.problems));
    }
    let given = settings.paths[0].clone();
    let style = &settings.style;
    let config = &settings.config;
    let page = args.page.unwrap_or(match config.build.page {
        Some(PageFormat::A4) => d::DeckPage::A4,
        // A booklet and a zine are printed on letter sheets.
        Some(PageFormat::Letter | PageFormat::Booklet | PageFormat::Zine) | None => {
            d::DeckPage::Letter
        }
    });
    let options = DeckOptions {
        page,
        backs: args.backs,
        bleed_pt: args.bleed,
        date: source_date(),
    };
    let date_warning = source_date_problem();
    // A bleed the sheet has no room for is a bad option value.
    if let Err(e) = d::grid(style, &options) {
        return Err(Failure::Usage(format!(
            "--bleed on {} paper: {e}",
            options.page.name()
        )));
    }
    let mut diags = Vec::new();
    let book_paths = find_books(std::slice::from_ref(&given), &mut diags);
    let books: Vec<Book> = book_paths
        .iter()
        .filter_map(|path| Book::load(path, &mut diags))
        .collect();
    // A broken card table (or any error) would print a wrong deck.
    if books.is_empty() || diags.iter().any(Diagnostic::is_error) {
        diags.push(Diagnostic::file_error(
            &given,
            if given.is_dir() {
                "no deck written: the rulebooks have errors (above)"
            } else {
                "no deck written: the rulebook has errors (above)"
            },
        ));
        return Err(Failure::Input(diags));
    }
    let book = deck_book(&books)?;
    let book_path = book.source.path.clone();
    let folder = if given.is_dir() {
        given.clone()
    } else {
        given.parent().unwrap_or(Path::new("")).to_path_buf()
    };
    let aids_path = args
        .aids
        .clone()
        .unwrap_or_else(|| folder.join(d::AIDS_FILE));
    let default_aids = args.aids.is_none();
    let aids = if default_aids
        && std::fs::symlink_metadata(&aids_path)
            .is_err_and(|e| e.kind() == std::io::ErrorKind::NotFound)
    {
        // No player aids: a deck of cards only.
        d::Aids::none(&aids_path)
    } else {
        d::Aids::load(&aids_path, default_aids).map_err(Failure::Input)?
    };
    stages.push(Stage::since(
        "read the settings, style, book and player aids",
        started,
    ));
    let laying = Instant::now();
    let games: Vec<&Book> = books.iter().collect();
    let faces = d::faces_with_games(book, &games, &aids, style).map_err(Failure::Input)?;
    stages.push(Stage::since(
        format!("laid out {} distinct faces", faces.len()),
        laying,
    ));
    let out_dir = settings.out.clone();
    let sources: Vec<&Path> = book_paths
        .iter()
        .map(PathBuf::as_path)
        .chain([aids_path.as_path()])
        .collect();
    let inside = crate::output::sources_inside(&out_dir, &sources);
    if !inside.is_empty() {
        return Err(Failure::Input(inside));
    }
    let output = OutputDir::open(&out_dir).map_err(input)?;
    const OWNER: &str = "deck";
    let version = env!("CARGO_PKG_VERSION");
    let pdf_key = {
        let svgs: String = faces
            .iter()
            .map(|f| format!("{}\n{}\n{}\n", f.name, f.copies, f.svg))
            .collect();
        hash(
            format!(
                "{svgs}{style:?}\n{options:?}\n{:?}\n{version}",
                book.front_matter.title()
            )
            .as_bytes(),
        )
    };
    let pdf_rel = "chess-deck.pdf";
    let reuse_pdf = output.reuse(OWNER, pdf_rel, pdf_key);
    // Images whose drawing is unchanged are kept without drawing them again.
    let image_keys: Vec<u64> = faces
        .iter()
        .map(|f| hash(format!("{}\n{style:?}\n{version}", f.svg).as_bytes()))
        .collect();
    let todo: Vec<(&d::Face, u64)> = faces
        .iter()
        .zip(&image_keys)
        .filter(|&(f, &key)| {
            // Both or neither: a lost image is drawn again with its pair.
            let png = format!("deck/{}.png", f.name);
            let svg = format!("deck/{}.svg", f.name);
            !output.reuse_all(OWNER, &[&png, &svg], key)
        })
        .map(|(f, &k)| (f, k))
        .collect();
    let drawing = Instant::now();
    let (pdf, images) = rayon::join(
        || (!reuse_pdf).then(|| d::deck_pdf(book, &faces, style, &options)),
        || {
            todo.par_iter()
                .map(|&(f, key)| d::face_images(f, style).map(|files| (files, key)))
                .collect::<Result<Vec<_>, String>>()
        },
    );
    let mut errors = Vec::new();
    let pdf = match pdf {
        Some(Ok(bytes)) => Some(bytes),
        Some(Err(mut e)) => {
            errors.append(&mut e);
            None
        }
        None => None,
    };
    let images = match images {
        Ok(i) => i,
        Err(e) => {
            errors.push(Diagnostic::file_error(
                &book_path,
                format!("cannot draw a card: {e}"),
            ));
            Vec::new()
        }
    };
    if !errors.is_empty() {
        // Nothing was written: keep the old files and their record.
        errors.append(&mut output.abandon());
        return Err(Failure::Input(errors));
    }
    if let Some(bytes) = &pdf
        && let Err(e) = output.write(OWNER, pdf_rel, bytes, Some(pdf_key))
    {
        errors.push(e);
    }
    stages.push(Stage::since(
        format!(
            "drew {} and {} card image{}",
            if reuse_pdf {
                "no PDF (unchanged)"
            } else {
                "the PDF"
            },
            images.len(),
            if images.len() == 1 { "" } else { "s" }
        ),
        drawing,
    ));
    let drawn = images.len();
    for (files, key) in images {
        for (name, bytes) in files {
            if let Err(e) = output.write(OWNER, &format!("deck/{name}"), &bytes, Some(key)) {
                errors.push(e);
            }
        }
    }
    if errors.iter().any(Diagnostic::is_error) {
        // All or nothing: the last deck stays as it was.
        errors.append(&mut output.abandon());
        return Err(Failure::Input(errors));
    }
    let committing = Instant::now();
    let (files, changes, mut finish_diags) = output.finish_listed(&[OWNER.to_string()].into());
    stages.push(Stage::since("moved the new files into place", committing));
    errors.append(&mut finish_diags);
    errors.extend(date_warning);
    let (printed, pages) = d::page_count(&faces, style, &options);
    Ok(DeckReport {
        printed,
        pages,
        page: options.page,
        pdf: out_dir.join(pdf_rel),
        faces: faces.len(),
        images: out_dir.join("deck"),
        drawn,
        files,
        changes,
        elapsed: started.elapsed(),
        stages,
        diags: errors,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const BOARD: &str = "    . . . . k . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . K . . .
";

    fn folder(files: &[(&str, &str)]) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        for (name, text) in files {
            std::fs::write(dir.path().join(name), text).unwrap();
        }
        dir
    }

    #[test]
    fn a_folder_gives_its_rulebooks_but_not_its_readme_or_player_aids() {
        let dir = folder(&[
            ("b.md", "# B\n"),
            ("a.md", "# A\n"),
            ("README.md", "# about\n"),
            (crate::deck::AIDS_FILE, "## Zombie Chess\n"),
            ("notes.txt", "x"),
        ]);
        let mut diags = Vec::new();
        let books = find_books(&[dir.path().to_path_buf()], &mut diags);
        assert!(diags.is_empty(), "{diags:?}");
        let names: Vec<_> = books.iter().map(|p| p.file_name().unwrap()).collect();
        assert_eq!(names, ["a.md", "b.md"]);
    }

    #[test]
    fn a_missing_path_and_an_empty_folder_are_errors() {
        let dir = folder(&[]);
        let mut diags = Vec::new();
        let books = find_books(
            &[dir.path().to_path_buf(), dir.path().join("gone.md")],
            &mut diags,
        );
        assert!(books.is_empty());
        assert_eq!(diags.len(), 2);
        assert!(diags.iter().all(Diagnostic::is_error));
    }

    #[test]
    fn a_file_that_is_not_markdown_is_an_error() {
        let dir = folder(&[("data.csv", "a,b\n"), ("a.md", "")]);
        let mut diags = Vec::new();
        let books = find_books(
            &[dir.path().join("data.csv"), dir.path().join("a.md")],
            &mut diags,
        );
        assert_eq!(books, [dir.path().join("a.md")]);
        assert_eq!(diags.len(), 1);
        assert!(
            diags[0]
                .render_short()
                .ends_with("data.csv: error: not a rulebook: the file does not end in `.md`"),
            "{}",
            diags[0].render_short()
        );
    }

    #[test]
    fn a_book_given_twice_is_read_once_and_two_books_of_one_name_are_an_error() {
        let dir = folder(&[("rules.md", ""), ("b.md", "")]);
        std::fs::create_dir(dir.path().join("other")).unwrap();
        std::fs::write(dir.path().join("other/rules.md"), "").unwrap();
        let a = dir.path().join("rules.md");
        let mut diags = Vec::new();
        // The same file twice, and again through its folder.
        let books = find_books(
            &[a.clone(), a.clone(), dir.path().to_path_buf()],
            &mut diags,
        );
        assert!(diags.is_empty(), "{diags:?}");
        assert_eq!(books, [a.clone(), dir.path().join("b.md")]);

        let other = dir.path().join("other/rules.md");
        let books = find_books(&[a.clone(), other.clone()], &mut diags);
        assert_eq!(books, std::slice::from_ref(&a));
        assert_eq!(diags.len(), 1);
        let text = diags[0].render_short();
        assert!(
            text.contains(&format!(
                "error: two rulebooks are called `rules`: {} and {}",
                a.display(),
                other.display()
            )),
            "{text}"
        );
    }

    #[test]
    fn the_settings_come_from_the_first_paths_folder() {
        let dir = folder(&[("a.md", "")]);
        let root_of = Settings::root_of;
        assert_eq!(root_of(&[dir.path().join("a.md")]), dir.path());
        assert_eq!(root_of(&[dir.path().to_path_buf()]), dir.path());
        assert_eq!(root_of(&[PathBuf::from("a.md")]), Path::new("."));
        assert_eq!(root_of(&[]), Path::new(DEFAULT_RULES));
    }

    /// The PNG, the SVG, the PDF and the HTML page share one drawing of
    /// each diagram; a rebuild with nothing changed draws none.
    #[test]
    fn a_build_draws_each_diagram_once_for_all_its_outputs() {
        let out = tempfile::tempdir().unwrap();
        let options = BuildOptions {
            paths: vec![Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/rules.md")],
            out: Some(out.path().to_path_buf()),
            ..BuildOptions::default()
        };
        let built = build(&options, &|_, _| {}).published.expect("published");
        assert!(built.site.diagrams > 30, "{:?}", built.site);
        // Two diagrams written alike are one drawing.
        let book = Book::load(&options.paths[0], &mut Vec::new()).unwrap();
        let distinct: BTreeSet<&str> = book
            .diagrams
            .iter()
            .map(|d| book.source.slice(d.span))
            .collect();
        assert!(distinct.len() < built.site.diagrams);
        assert_eq!(built.site.drawn, distinct.len(), "{:?}", built.site);
        let again = build(&options, &|_, _| {}).published.expect("published");
        assert_eq!(again.site.drawn, 0, "{:?}", again.site);
    }

    #[test]
    fn build_publishes_nothing_when_one_book_is_broken() {
        let good = format!("# Good\n\n## Zombie Chess\n\n{BOARD}");
        let bad = "# Bad\n\n## Zombie Chess\n\n    . . x\n";
        let dir = folder(&[("good.md", &good), ("bad.md", bad)]);
        let out = dir.path().join("out");
        let report = build(
            &BuildOptions {
                paths: vec![dir.path().to_path_buf()],
                out: Some(out.clone()),
                ..BuildOptions::default()
            },
            &|_, _| {},
        );
        assert!(report.failed());
        assert!(report.published.is_none());
        assert!(!out.join("good.pdf").exists());
        assert!(!out.join("site/good.md").exists());
        assert!(!out.join("site/bad.md").exists());
        let refused: Vec<&str> = report.refused.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(refused.len(), 2, "{refused:?}");
        assert!(report.refused[0].path.ends_with("bad.md"), "{refused:?}");
        assert!(refused[0].starts_with("not published: "), "{refused:?}");
        assert!(
            refused[1].starts_with("nothing published: the run has 3 errors (above)"),
            "{refused:?}"
        );
    }

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

    #[test]
    fn a_bleed_the_sheet_cannot_hold_is_a_usage_error() {
        let request = DeckRequest {
            bleed: 72.0,
            ..DeckRequest::default()
        };
        assert!(matches!(deck(&request), Err(Failure::Usage(_))));
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
