//! The command line: `build`, `check`, `render` and `deck`. Exit codes:
//! 0 success, 1 problems in the input, 2 a usage error.

use std::collections::BTreeSet;
use std::io::{IsTerminal, Read as _, Write as _};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, Subcommand, ValueEnum};

use crate::book::{Book, io_reason};
use crate::config::{Config, load_book_style, load_style, source_date};
use crate::contents::{TocEntry, table_of_contents};
use crate::diagnostic::{self, Diagnostic, Format};
use crate::engine::{self, Counts, Options, RuleDiagnostic};
use crate::output::OutputDir;
use crate::pdf::{PageFormat, PdfOptions};
use crate::render::{diagram_svg, svg_to_png};
use crate::source::SourceFile;

pub const EXIT_OK: u8 = 0;
pub const EXIT_INPUT: u8 = 1;
pub const EXIT_USAGE: u8 = 2;

const DEFAULT_RULES: &str = "rules";
const DEFAULT_OUT: &str = "output";

#[derive(Parser, Debug)]
#[command(
    name = "chess-kit-docs",
    version,
    about = "Checks chess-variant rulebooks and publishes them as website pages and images"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Check the rulebooks, then write the website pages and images into the output folder
    Build {
        /// Rulebooks (`.md` files) or folders of them [default: rules/]
        paths: Vec<PathBuf>,
        /// The output folder [default: output/, or `build.out` in chess-kit-docs.toml]
        #[arg(long, value_name = "DIR")]
        out: Option<PathBuf>,
        /// A style file overriding the compiled-in templates/style.toml
        #[arg(long, value_name = "FILE")]
        style: Option<PathBuf>,
        /// Publish without the rules check (syntax is still checked)
        #[arg(long)]
        no_check: bool,
        /// The PDF page format: letter, a4, booklet (4.25 x 6.875 in) or zine (quarter-letter, imposed)
        #[arg(long, value_name = "FORMAT")]
        page: Option<PageArg>,
    },
    /// Parse every diagram and check it against the rules of its game
    Check {
        /// Rulebooks (`.md` files) or folders of them [default: rules/]
        paths: Vec<PathBuf>,
        /// How to print problems
        #[arg(long, value_enum, default_value_t = FormatArg::Human)]
        format: FormatArg,
        /// Also search for solutions shorter than the published ones (Chess Golf)
        #[arg(long)]
        shortest: bool,
        /// Treat warnings as errors: `--deny warnings`
        #[arg(long, value_enum, value_name = "WHAT")]
        deny: Option<Deny>,
    },
    /// Draw one diagram as SVG (the default) or PNG
    Render {
        /// The rulebook, or `-` for standard input
        file: PathBuf,
        /// Which diagram of the file, counting from 1
        #[arg(long, value_name = "N")]
        diagram: usize,
        /// Where to write: a `.svg` or `.png` file [default: SVG on standard output]
        #[arg(short = 'o', long = "output", value_name = "OUT")]
        output: Option<PathBuf>,
        /// A style file overriding the compiled-in templates/style.toml
        #[arg(long, value_name = "FILE")]
        style: Option<PathBuf>,
    },
    /// Write the print-and-cut card deck (chess-deck.pdf) and an image per card (deck/)
    Deck {
        /// The rulebook whose card table and games the deck follows [default: rules/rules.md]
        book: Option<PathBuf>,
        /// The output folder [default: output/, or `build.out` in chess-kit-docs.toml]
        #[arg(long, value_name = "DIR")]
        out: Option<PathBuf>,
        /// The paper: letter or a4
        #[arg(long, value_enum, default_value_t = DeckPageArg::Letter)]
        page: DeckPageArg,
        /// Add a page of card backs after each page of faces, for double-sided printing
        #[arg(long)]
        backs: bool,
        /// Extend each card's background past its cut line: 0.125in, 3mm or 9pt
        #[arg(long, value_name = "LEN", value_parser = crate::deck::layout::parse_length)]
        bleed: Option<f32>,
        /// The player-aid cards [default: player_aids.md beside the rulebook]
        #[arg(long, value_name = "FILE")]
        aids: Option<PathBuf>,
        /// A style file overriding the compiled-in templates/style.toml
        #[arg(long, value_name = "FILE")]
        style: Option<PathBuf>,
    },
}

#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
enum DeckPageArg {
    Letter,
    A4,
}

#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
enum PageArg {
    Letter,
    A4,
    Booklet,
    Zine,
}

impl From<PageArg> for PageFormat {
    fn from(p: PageArg) -> PageFormat {
        match p {
            PageArg::Letter => PageFormat::Letter,
            PageArg::A4 => PageFormat::A4,
            PageArg::Booklet => PageFormat::Booklet,
            PageArg::Zine => PageFormat::Zine,
        }
    }
}

#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
enum Deny {
    Warnings,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum FormatArg {
    Human,
    Json,
    Github,
}

impl From<FormatArg> for Format {
    fn from(f: FormatArg) -> Format {
        match f {
            FormatArg::Human => Format::Human,
            FormatArg::Json => Format::Json,
            FormatArg::Github => Format::Github,
        }
    }
}

/// Runs the tool with the process's arguments.
pub fn main() -> ExitCode {
    ExitCode::from(run(std::env::args_os()))
}

/// Runs the tool; returns the exit code.
pub fn run<I, T>(args: I) -> u8
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { EXIT_USAGE } else { EXIT_OK };
        }
    };
    match cli.command {
        Command::Build {
            paths,
            out,
            style,
            no_check,
            page,
        } => build(&paths, out, style, no_check, page.map(PageFormat::from)),
        Command::Check {
            paths,
            format,
            shortest,
            deny,
        } => check(
            &paths,
            format.into(),
            shortest,
            deny == Some(Deny::Warnings),
        ),
        Command::Render {
            file,
            diagram,
            output,
            style,
        } => render(&file, diagram, output.as_deref(), style.as_deref()),
        Command::Deck {
            book,
            out,
            page,
            backs,
            bleed,
            aids,
            style,
        } => deck(DeckArgs {
            book,
            out,
            page: match page {
                DeckPageArg::Letter => crate::deck::DeckPage::Letter,
                DeckPageArg::A4 => crate::deck::DeckPage::A4,
            },
            backs,
            bleed: bleed.unwrap_or(0.0),
            aids,
            style,
        }),
    }
}

/// Prints diagnostics to stderr (human) or stdout (machine formats).
fn report(diags: &mut [Diagnostic], format: Format) {
    diagnostic::sort(diags);
    if format == Format::Human {
        let mut err = std::io::stderr().lock();
        for d in diags.iter() {
            let _ = writeln!(err, "{}", d.render());
        }
    } else {
        let text: String = diags.iter().map(|d| format.render(d)).collect();
        let _ = std::io::stdout().lock().write_all(text.as_bytes());
    }
}

/// The rulebooks named by `paths`: files as given, folders' `.md` files
/// (not their README, nor the deck's player aids). Missing paths are errors.
fn find_books(paths: &[PathBuf], diags: &mut Vec<Diagnostic>) -> Vec<PathBuf> {
    let defaults = [PathBuf::from(DEFAULT_RULES)];
    let paths = if paths.is_empty() {
        &defaults[..]
    } else {
        paths
    };
    let mut books = Vec::new();
    for path in paths {
        if path.is_dir() {
            let entries = match std::fs::read_dir(path) {
                Ok(entries) => entries,
                Err(e) => {
                    diags.push(Diagnostic::file_error(
                        path,
                        format!("cannot read this folder: {}", io_reason(&e)),
                    ));
                    continue;
                }
            };
            let mut found: Vec<PathBuf> = entries
                .filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| {
                    p.is_file()
                        && p.extension().is_some_and(|x| x == "md")
                        && !p.file_name().is_some_and(|n| {
                            n.eq_ignore_ascii_case("README.md")
                                // The deck's player aids are not a rulebook.
                                || n.eq_ignore_ascii_case(crate::deck::AIDS_FILE)
                        })
                })
                .collect();
            found.sort();
            if found.is_empty() {
                diags.push(Diagnostic::file_error(
                    path,
                    "no rulebooks here: the folder has no `.md` files",
                ));
            }
            books.extend(found);
        } else if path.exists() {
            books.push(path.clone());
        } else {
            diags.push(Diagnostic::file_error(
                path,
                "cannot read: no such file or folder",
            ));
        }
    }
    books
}

/// The folder whose chess-kit-docs.toml applies: that of the first path.
fn config_dir(paths: &[PathBuf]) -> PathBuf {
    match paths.first() {
        None => PathBuf::from(DEFAULT_RULES),
        Some(p) if p.is_dir() => p.clone(),
        Some(p) => p
            .parent()
            .filter(|d| !d.as_os_str().is_empty())
            .map(Path::to_path_buf)
            .unwrap_or_else(|| PathBuf::from(".")),
    }
}

/// Every book read and checked, with its table of contents.
struct Checked {
    books: Vec<(Book, Vec<TocEntry>)>,
    diags: Vec<Diagnostic>,
    /// Books with an error, by name.
    failed: BTreeSet<String>,
    counts: Counts,
    /// What the engine measured (search times), printed after the findings.
    notes: Vec<String>,
}

/// What a run of the checks is asked to do.
#[derive(Clone, Debug, Default)]
struct CheckRun {
    /// Run the rules engine (off for `build --no-check`: syntax only).
    rules: bool,
    options: Options,
}

/// Reads every book, then checks it: syntax, images, contents and, unless
/// switched off, the rules engine with the author's allowances.
fn load_and_check(
    paths: &[PathBuf],
    config: &Config,
    run: &CheckRun,
    diags: &mut Vec<Diagnostic>,
) -> Checked {
    let mut checked = Checked {
        books: Vec::new(),
        diags: Vec::new(),
        failed: BTreeSet::new(),
        counts: Counts::default(),
        notes: Vec::new(),
    };
    let mut findings: Vec<RuleDiagnostic> = Vec::new();
    for path in find_books(paths, diags) {
        let mut book_diags = Vec::new();
        let Some(book) = Book::load(&path, &mut book_diags) else {
            diags.append(&mut book_diags);
            continue;
        };
        book.check_images(&mut book_diags);
        let toc = table_of_contents(&book, &mut book_diags);
        if run.rules {
            let (found, counts, notes) = engine::check_book(&book, &run.options);
            findings.extend(found);
            checked.counts.rule_checked += counts.rule_checked;
            checked.counts.syntax_only += counts.syntax_only;
            checked.notes.extend(notes.into_iter().map(|n| {
                let at = book.source.line_col(n.span.start);
                format!("{}:{at}: note: {}", book.source.path.display(), n.text)
            }));
        } else {
            checked.counts.syntax_only += book.diagrams.len();
        }
        checked.diags.append(&mut book_diags);
        checked.books.push((book, toc));
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

fn load_config(paths: &[PathBuf]) -> Result<Config, u8> {
    Config::load(&config_dir(paths)).map_err(|d| {
        report(&mut [d], Format::Human);
        EXIT_INPUT
    })
}

fn check(paths: &[PathBuf], format: Format, shortest: bool, deny_warnings: bool) -> u8 {
    let started = Instant::now();
    let config = match load_config(paths) {
        Ok(c) => c,
        Err(code) => return code,
    };
    let run = CheckRun {
        rules: true,
        options: Options { shortest },
    };
    let mut diags = Vec::new();
    let checked = load_and_check(paths, &config, &run, &mut diags);
    diags.extend(checked.diags);
    let diagrams: usize = checked.books.iter().map(|(b, _)| b.diagrams.len()).sum();
    let errors = diags.iter().filter(|d| d.is_error()).count();
    let warnings = diags.iter().filter(|d| d.is_warning()).count();
    let allowed = diags.iter().filter(|d| d.allowed.is_some()).count();
    report(&mut diags, format);
    let summary = format!(
        "checked {diagrams} diagrams: {} rule-checked, {} syntax-only, {errors} errors",
        checked.counts.rule_checked, checked.counts.syntax_only
    );
    let mut lines: Vec<String> = checked.notes.clone();
    lines.push(summary);
    if warnings + allowed > 0 {
        lines.push(format!("{warnings} warnings, {allowed} allowed"));
    }
    lines.push(format!("took {:.1?}", started.elapsed()));
    for line in lines {
        if format == Format::Human {
            println!("{line}");
        } else {
            eprintln!("{line}");
        }
    }
    if errors > 0 || (deny_warnings && warnings > 0) {
        EXIT_INPUT
    } else {
        EXIT_OK
    }
}

/// A progress line on a terminal; nothing otherwise.
fn progress_printer() -> impl Fn(usize, usize) + Sync {
    let on_terminal = std::io::stderr().is_terminal();
    move |done, total| {
        if on_terminal {
            let mut err = std::io::stderr().lock();
            let _ = write!(err, "\r  drawing diagrams {done}/{total}");
            if done == total {
                let _ = write!(err, "\r\x1b[K");
            }
            let _ = err.flush();
        }
    }
}

fn build(
    paths: &[PathBuf],
    out: Option<PathBuf>,
    style: Option<PathBuf>,
    no_check: bool,
    page: Option<PageFormat>,
) -> u8 {
    let started = Instant::now();
    let mut diags = Vec::new();
    let config = match load_config(paths) {
        Ok(c) => c,
        Err(code) => return code,
    };
    let style_path = style.or_else(|| config.build.style.as_ref().map(|p| config.resolve(p)));
    let style = match load_style(style_path.as_deref()) {
        Ok(s) => s,
        Err(d) => {
            report(&mut [d], Format::Human);
            return EXIT_INPUT;
        }
    };
    let book_style = match load_book_style(
        config
            .build
            .book_style
            .as_ref()
            .map(|p| config.resolve(p))
            .as_deref(),
    ) {
        Ok(s) => s,
        Err(d) => {
            report(&mut [d], Format::Human);
            return EXIT_INPUT;
        }
    };
    let format = match (page, &config.build.page) {
        (Some(p), _) => p,
        (None, Some(name)) => match name.parse::<PageFormat>() {
            Ok(p) => p,
            Err(e) => {
                let d = match &config.source {
                    Some(src) => {
                        let at = src.text.find("page").unwrap_or(0);
                        Diagnostic::error(src, crate::source::Span::new(at, at + 4), e)
                    }
                    None => Diagnostic::file_error(&config.dir, e),
                };
                report(&mut [d], Format::Human);
                return EXIT_INPUT;
            }
        },
        (None, None) => PageFormat::default(),
    };
    let pdf_options = PdfOptions {
        format,
        date: source_date(),
    };
    let out_dir = out
        .or_else(|| config.build.out.as_ref().map(|p| config.resolve(p)))
        .unwrap_or_else(|| PathBuf::from(DEFAULT_OUT));

    let run = CheckRun {
        rules: !no_check,
        options: Options::default(),
    };
    let checked = load_and_check(paths, &config, &run, &mut diags);
    diags.extend(checked.diags);
    let publishable: Vec<(&Book, Vec<TocEntry>)> = checked
        .books
        .iter()
        .filter(|(b, _)| !checked.failed.contains(&b.name))
        .map(|(b, toc)| (b, toc.clone()))
        .collect();
    for name in &checked.failed {
        diags.push(Diagnostic::file_error(
            Path::new(name),
            format!("not published: the rulebook `{name}` has errors (above); fix them, or allow a kept finding in chess-kit-docs.toml"),
        ));
    }

    if !publishable.is_empty() {
        match OutputDir::open(&out_dir) {
            Ok(output) => {
                let progress = progress_printer();
                let (result, pdf_result) = rayon::join(
                    || crate::site::publish(&publishable, &output, &style, &progress),
                    || {
                        crate::publish::pdfs(
                            &publishable,
                            &output,
                            &style,
                            &book_style,
                            &pdf_options,
                        )
                    },
                );
                let result = match (result, pdf_result) {
                    (Ok(stats), Ok(())) => Ok(stats),
                    (Err(mut a), Err(b)) => {
                        a.extend(b);
                        Err(a)
                    }
                    (Err(a), _) | (_, Err(a)) => Err(a),
                };
                let owners = publishable
                    .iter()
                    .flat_map(|(b, _)| [crate::site::owner(b), crate::publish::pdf_owner(b)])
                    .collect();
                match result {
                    Ok(stats) => {
                        let (files, mut finish_diags) = output.finish(&owners);
                        diags.append(&mut finish_diags);
                        for (book, _) in &publishable {
                            eprintln!(
                                "built {}: {} diagrams -> {} and {}",
                                book.name,
                                book.diagrams.len(),
                                out_dir
                                    .join("site")
                                    .join(format!("{}.md", book.name))
                                    .display(),
                                out_dir.join(format!("{}.pdf", book.name)).display()
                            );
                        }
                        eprintln!(
                            "{} diagrams, {} PNGs drawn; {} files written, {} unchanged, {} removed in {:.0?}",
                            stats.diagrams,
                            stats.pngs_rendered,
                            files.written,
                            files.unchanged,
                            files.removed,
                            started.elapsed()
                        );
                    }
                    Err(mut errs) => {
                        diags.append(&mut errs);
                        // Keep the record of what was written, but remove nothing.
                        let (_, mut d) = output.finish(&BTreeSet::new());
                        diags.append(&mut d);
                    }
                }
            }
            Err(d) => diags.push(d),
        }
    }
    let errors = diags.iter().any(Diagnostic::is_error);
    report(&mut diags, Format::Human);
    if errors { EXIT_INPUT } else { EXIT_OK }
}

fn render(file: &Path, number: usize, output: Option<&Path>, style: Option<&Path>) -> u8 {
    let mut diags = Vec::new();
    let book = if file == Path::new("-") {
        let mut text = String::new();
        if let Err(e) = std::io::stdin().read_to_string(&mut text) {
            report(
                &mut [Diagnostic::file_error(
                    Path::new("<stdin>"),
                    format!("cannot read standard input: {e}"),
                )],
                Format::Human,
            );
            return EXIT_INPUT;
        }
        Book::parse(SourceFile::new("<stdin>", text), &mut diags)
    } else {
        match Book::load(file, &mut diags) {
            Some(b) => b,
            None => {
                report(&mut diags, Format::Human);
                return EXIT_INPUT;
            }
        }
    };
    let count = book.diagrams.len();
    if number == 0 || number > count {
        eprintln!(
            "error: {} has {count} diagram{}; --diagram must be from 1 to {count}",
            file.display(),
            if count == 1 { "" } else { "s" }
        );
        return EXIT_USAGE;
    }
    let entry = &book.diagrams[number - 1];
    // Only this diagram's problems matter here.
    diags.retain(|d| {
        d.span
            .is_some_and(|s| entry.span.start <= s.start && s.start < entry.span.end)
    });
    let Some(diagram) = &entry.diagram else {
        report(&mut diags, Format::Human);
        return EXIT_INPUT;
    };
    let style = match load_style(style) {
        Ok(s) => s,
        Err(d) => {
            report(&mut [d], Format::Human);
            return EXIT_INPUT;
        }
    };
    let svg = diagram_svg(diagram, &style);
    let ext = output
        .and_then(|o| o.extension())
        .map(|e| e.to_string_lossy().to_ascii_lowercase());
    let bytes = match ext.as_deref() {
        None if output.is_none() => {
            let _ = std::io::stdout().lock().write_all(svg.as_bytes());
            return EXIT_OK;
        }
        Some("svg") => svg.into_bytes(),
        Some("png") => match svg_to_png(&svg, &style) {
            Ok(png) => png,
            Err(e) => {
                eprintln!("error: cannot draw the PNG: {e}");
                return EXIT_INPUT;
            }
        },
        _ => {
            eprintln!("error: the output must end in .svg or .png");
            return EXIT_USAGE;
        }
    };
    let Some(path) = output else {
        return EXIT_USAGE;
    };
    match crate::output::write_atomic(path, &bytes) {
        Ok(()) => EXIT_OK,
        Err(d) => {
            report(&mut [d], Format::Human);
            EXIT_INPUT
        }
    }
}

struct DeckArgs {
    book: Option<PathBuf>,
    out: Option<PathBuf>,
    page: crate::deck::DeckPage,
    backs: bool,
    bleed: f32,
    aids: Option<PathBuf>,
    style: Option<PathBuf>,
}

/// `deck`: everything is drawn in memory first, so bad input leaves the
/// output folder as it was; then unchanged files are left alone.
fn deck(args: DeckArgs) -> u8 {
    use crate::deck::{self as d, DeckOptions};
    use crate::output::hash;
    use rayon::prelude::*;

    let started = Instant::now();
    let book_path = args
        .book
        .unwrap_or_else(|| Path::new(DEFAULT_RULES).join("rules.md"));
    let config = match load_config(std::slice::from_ref(&book_path)) {
        Ok(c) => c,
        Err(code) => return code,
    };
    let style_path = args
        .style
        .or_else(|| config.build.style.as_ref().map(|p| config.resolve(p)));
    let style = match load_style(style_path.as_deref()) {
        Ok(s) => s,
        Err(d) => {
            report(&mut [d], Format::Human);
            return EXIT_INPUT;
        }
    };
    let options = DeckOptions {
        page: args.page,
        backs: args.backs,
        bleed_pt: args.bleed,
        date: source_date(),
    };
    // A bleed the sheet has no room for is a bad option value.
    let (pw, ph) = options.page.size();
    let card_h = d::CARD_WIDTH_PT * style.card.height_ratio as f32;
    if let Err(e) = d::layout::Grid::new(pw, ph, d::CARD_WIDTH_PT, card_h, options.bleed_pt) {
        eprintln!(
            "error: --bleed on {} paper: {e}; use a smaller bleed or --page a4",
            options.page.name()
        );
        return EXIT_USAGE;
    }
    let mut diags = Vec::new();
    let Some(book) = Book::load(&book_path, &mut diags) else {
        report(&mut diags, Format::Human);
        return EXIT_INPUT;
    };
    // A broken card table (or any error) would print a wrong deck.
    if diags.iter().any(Diagnostic::is_error) {
        diags.push(Diagnostic::file_error(
            &book_path,
            "no deck written: the rulebook has errors (above)",
        ));
        report(&mut diags, Format::Human);
        return EXIT_INPUT;
    }
    let aids_path = args.aids.unwrap_or_else(|| {
        book_path
            .parent()
            .unwrap_or(Path::new(""))
            .join(d::AIDS_FILE)
    });
    let aids = match d::Aids::load(&aids_path) {
        Ok(a) => a,
        Err(mut e) => {
            report(&mut e, Format::Human);
            return EXIT_INPUT;
        }
    };
    let faces = match d::faces(&book, &aids, &style) {
        Ok(f) => f,
        Err(mut e) => {
            report(&mut e, Format::Human);
            return EXIT_INPUT;
        }
    };
    let out_dir = args
        .out
        .or_else(|| config.build.out.as_ref().map(|p| config.resolve(p)))
        .unwrap_or_else(|| PathBuf::from(DEFAULT_OUT));
    let output = match OutputDir::open(&out_dir) {
        Ok(o) => o,
        Err(e) => {
            report(&mut [e], Format::Human);
            return EXIT_INPUT;
        }
    };
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
            let png = output.reuse(OWNER, &format!("deck/{}.png", f.name), key);
            let svg = output.reuse(OWNER, &format!("deck/{}.svg", f.name), key);
            !(png && svg)
        })
        .map(|(f, &k)| (f, k))
        .collect();
    let (pdf, images) = rayon::join(
        || (!reuse_pdf).then(|| d::deck_pdf(&book, &faces, &style, &options)),
        || {
            todo.par_iter()
                .map(|&(f, key)| d::face_images(f, &style).map(|files| (files, key)))
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
        let (_, mut d) = output.finish(&BTreeSet::new());
        errors.append(&mut d);
        report(&mut errors, Format::Human);
        return EXIT_INPUT;
    }
    if let Some(bytes) = &pdf
        && let Err(e) = output.write(OWNER, pdf_rel, bytes, Some(pdf_key))
    {
        errors.push(e);
    }
    let drawn = images.len();
    for (files, key) in images {
        for (name, bytes) in files {
            if let Err(e) = output.write(OWNER, &format!("deck/{name}"), &bytes, Some(key)) {
                errors.push(e);
            }
        }
    }
    let owners: BTreeSet<String> = if errors.is_empty() {
        [OWNER.to_string()].into()
    } else {
        BTreeSet::new()
    };
    let (stats, mut finish_diags) = output.finish(&owners);
    errors.append(&mut finish_diags);
    let printed: usize = faces.iter().map(|f| f.copies).sum();
    eprintln!(
        "deck: {printed} cards on {} pages ({}) -> {}; {} card images in {} ({drawn} drawn); {} files written, {} unchanged, {} removed in {:.0?}",
        d::page_count(printed, options.backs),
        options.page.name(),
        out_dir.join(pdf_rel).display(),
        faces.len(),
        out_dir.join("deck").display(),
        stats.written,
        stats.unchanged,
        stats.removed,
        started.elapsed()
    );
    let failed = errors.iter().any(Diagnostic::is_error);
    report(&mut errors, Format::Human);
    if failed { EXIT_INPUT } else { EXIT_OK }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usage_errors_exit_2() {
        assert_eq!(run(["chess-kit-docs", "frobnicate"]), EXIT_USAGE);
        assert_eq!(run(["chess-kit-docs", "render"]), EXIT_USAGE);
        assert_eq!(
            run(["chess-kit-docs", "check", "--format", "xml"]),
            EXIT_USAGE
        );
    }

    #[test]
    fn help_exits_0() {
        assert_eq!(run(["chess-kit-docs", "--help"]), EXIT_OK);
    }
}
