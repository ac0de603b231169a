//! The one place where a run's settings are resolved: which rulebooks,
//! which book root, and from it the settings file, the configured games,
//! the diagram and book styles, the HTML templates and the output folder,
//! each as flag, else settings file, else default. Every command, the
//! server and the language server start here, so the same book gets the
//! same settings whichever way it is reached (as ripgrep turns its flags
//! into one `HiArgs`).
//!
//! Nothing here stops a run: every problem in the settings, styles or
//! templates is a diagnostic at its line, and what could not be read
//! falls back to its default, so the books are still checked.

mod books;
pub mod toml_all;

use std::path::{Path, PathBuf};

pub use books::{find_books, find_root, is_rulebook, locate};

use crate::book::io_reason;
use crate::config::{CONFIG_FILE, Config};
use crate::diagnostic::Diagnostic;
use crate::engine::variants::Variants;
use crate::html::Templates;
use crate::pdf::{BookStyle, PageFormat};
use crate::source::SourceFile;
use crate::style::Style;

/// The rulebooks folder used when no path is given.
pub const DEFAULT_RULES: &str = "rules";
/// The output folder used when neither a flag nor the settings name one.
pub const DEFAULT_OUT: &str = "output";
/// The name standard input goes by in messages (`<stdin>:5:13`).
pub const STDIN_NAME: &str = "<stdin>";

/// What the command line says over the settings file.
#[derive(Clone, Debug, Default)]
pub struct Flags {
    pub out: Option<PathBuf>,
    pub style: Option<PathBuf>,
    pub page: Option<PageFormat>,
}

/// Everything a run reads besides the rulebooks, resolved once.
#[derive(Debug)]
pub struct Settings {
    /// The book root: the folder whose `chess-kit-docs.toml` applies, and
    /// where `templates/` is looked for.
    pub root: PathBuf,
    /// The rulebooks and folders of them to read (a folder made by `init`
    /// stands for its `rules/`); empty for standard input.
    pub paths: Vec<PathBuf>,
    /// The folder a rulebook read from standard input stands in: its
    /// images and contents file are looked for there.
    pub stdin_folder: PathBuf,
    /// The settings file, what of it could be read.
    pub config: Config,
    /// The games `[[variant]]` tables state.
    pub variants: Variants,
    /// The games whose `[[variant]]` table has an error: their sections
    /// are not checked, and the error already says why.
    pub broken_games: Vec<String>,
    pub style: Style,
    pub book_style: BookStyle,
    /// The HTML templates: the author's, else the compiled-in ones.
    templates: std::sync::OnceLock<Templates>,
    /// Where `build` and `deck` write and `clean` deletes.
    pub out: PathBuf,
    pub page: PageFormat,
    /// Every problem of the settings file, styles and templates.
    pub problems: Vec<Diagnostic>,
    /// Whether the settings file itself has an error (its paths may be wrong).
    pub config_failed: bool,
}

impl Settings {
    /// The settings for the rulebooks `paths` (none: the project's `rules/`).
    pub fn resolve(paths: &[PathBuf], flags: &Flags) -> Settings {
        let located = locate(paths);
        let root = find_root(&books::start_dir(&located));
        Settings::at(root, located, PathBuf::new(), flags)
    }

    /// The book root of the rulebooks `paths`, as [`Settings::resolve`]
    /// finds it, without reading anything.
    pub fn root_of(paths: &[PathBuf]) -> PathBuf {
        find_root(&books::start_dir(&locate(paths)))
    }

    /// The settings for a rulebook read from standard input: it stands in
    /// the folder `check` with no path reads (the project's `rules/`, or the
    /// book root above the current folder), else in the current folder.
    pub fn for_stdin(flags: &Flags) -> Settings {
        let folder = books::default_folder().unwrap_or_else(|| PathBuf::from("."));
        let root = find_root(&folder);
        Settings::at(root, Vec::new(), folder, flags)
    }

    /// The settings of the rulebook at `path` (an editor's document).
    pub fn for_file(path: &Path) -> Settings {
        Settings::resolve(&[path.to_path_buf()], &Flags::default())
    }

    fn at(root: PathBuf, paths: Vec<PathBuf>, stdin_folder: PathBuf, flags: &Flags) -> Settings {
        let mut problems = Vec::new();
        let (config, config_failed, broken) = read_config(&root, &mut problems);
        // Every table is judged, one with a bad key too, so that every
        // problem shows in one run (a second table of a broken game is
        // "configured twice").
        Variants::from_config(&config.variants, config.source.as_ref(), &mut problems);
        // A table with a bad key is left out whole, and so is its game:
        // checking it without the switch the author meant would report
        // wrong findings.
        let mut broken_games = broken.games;
        let game_of = |t: &toml::Spanned<crate::engine::variants::VariantConfig>| {
            t.get_ref().game.get_ref().clone()
        };
        let usable: Vec<_> = config
            .variants
            .iter()
            .filter(|t| {
                let at = t.span().start;
                !broken.extents.iter().any(|e| e.start <= at && at < e.end)
                    && !broken_games.contains(&game_of(t))
            })
            .cloned()
            .collect();
        // Its problems were reported above.
        let variants = Variants::from_config(&usable, config.source.as_ref(), &mut Vec::new());
        for table in &config.variants {
            let name = game_of(table);
            if variants.find(&name).is_none() && !broken_games.contains(&name) {
                broken_games.push(name);
            }
        }
        let style_path = flags
            .style
            .clone()
            .or_else(|| config.build.style.as_ref().map(|p| config.resolve(p)));
        let mut style_problems = Vec::new();
        let style = read_style(style_path.as_deref(), &root, &mut style_problems);
        if flags.style.is_none() {
            at_setting(&config, &["build", "style"], &mut style_problems);
        }
        problems.append(&mut style_problems);
        let book_style_path = config.build.book_style.as_ref().map(|p| config.resolve(p));
        let mut book_style_problems = Vec::new();
        let book_style =
            read_book_style(book_style_path.as_deref(), &root, &mut book_style_problems);
        at_setting(&config, &["build", "book_style"], &mut book_style_problems);
        problems.append(&mut book_style_problems);
        // The author's templates are read (and their problems reported)
        // now; the compiled-in ones only when a site is made, since
        // compiling them is most of a small check's time.
        let templates = std::sync::OnceLock::new();
        if root.join("templates").join("html").is_dir() {
            match Templates::from_root(&root) {
                Ok(t) => {
                    let _ = templates.set(t);
                }
                Err(mut e) => problems.append(&mut e),
            }
        }
        let out = flags
            .out
            .clone()
            .or_else(|| config.build.out.as_ref().map(|p| config.resolve(p)))
            .unwrap_or_else(|| PathBuf::from(DEFAULT_OUT));
        let page = flags.page.or(config.build.page).unwrap_or_default();
        Settings {
            root,
            paths,
            stdin_folder,
            config,
            variants,
            broken_games,
            style,
            book_style,
            templates,
            out,
            page,
            problems,
            config_failed,
        }
    }

    /// The HTML templates: the author's `templates/html/` in the book
    /// root, or the compiled-in ones (also when the author's have errors).
    pub fn templates(&self) -> &Templates {
        self.templates.get_or_init(Templates::builtin)
    }

    /// A rulebook read from standard input, named `name` in messages and
    /// standing in [`Settings::stdin_folder`]; its problems go to `diags`.
    pub fn stdin_book(
        &self,
        name: &str,
        text: &str,
        diags: &mut Vec<Diagnostic>,
    ) -> crate::book::Book {
        let mut book = crate::book::Book::parse(SourceFile::new(name, text), diags);
        book.folder = self.stdin_folder.clone();
        book
    }

    /// The rulebooks to read; problems finding them go to `diags`.
    pub fn books(&self, diags: &mut Vec<Diagnostic>) -> Vec<PathBuf> {
        find_books(&self.paths, diags)
    }

    /// How the rules engine runs under these settings.
    pub fn engine_options(&self, shortest: bool) -> crate::engine::Options {
        crate::engine::Options {
            shortest,
            variants: self.variants.clone(),
            broken: self.broken_games.clone(),
        }
    }

    /// Whether a problem of the settings, styles or templates is an error.
    pub fn failed(&self) -> bool {
        self.problems.iter().any(Diagnostic::is_error)
    }
}

/// The settings file of the book root `dir`, and every problem in it.
pub fn config_at(dir: &Path) -> (Config, Vec<Diagnostic>) {
    let mut problems = Vec::new();
    let (config, _, _) = read_config(dir, &mut problems);
    (config, problems)
}

/// A file the settings name that cannot be read is reported at the
/// setting that names it (the file has no line to point at).
fn at_setting(config: &Config, keys: &[&str], problems: &mut [Diagnostic]) {
    let Some(src) = &config.source else {
        return;
    };
    let Some(span) = toml_all::value_span(&src.text, keys) else {
        return;
    };
    for d in problems.iter_mut().filter(|d| d.span.is_none()) {
        let mut at = Diagnostic::error(src, span, d.message.clone());
        at.help = Some(match &d.help {
            Some(h) => h.clone(),
            None => format!(
                "looked for {}; the path is relative to the settings file's folder",
                crate::paths::shown(&d.path)
            ),
        });
        *d = at;
    }
}

/// The `[[variant]]` tables with a bad key: the text each spans, and the
/// games they name.
#[derive(Default)]
struct BrokenTables {
    extents: Vec<crate::source::Span>,
    games: Vec<String>,
}

/// The settings file of the book root `dir`, with every problem in it;
/// what could not be read is left at its default. Also whether the file
/// has an error, and the `[[variant]]` tables that had one.
fn read_config(dir: &Path, problems: &mut Vec<Diagnostic>) -> (Config, bool, BrokenTables) {
    let path = dir.join(CONFIG_FILE);
    let empty = || Config {
        dir: dir.to_path_buf(),
        ..Config::default()
    };
    let text = match crate::book::read_regular_text(&path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return (empty(), false, BrokenTables::default());
        }
        Err(e) => {
            problems.push(Diagnostic::file_error(
                &path,
                format!("cannot read the settings: {}", io_reason(&e)),
            ));
            return (empty(), true, BrokenTables::default());
        }
    };
    let src = SourceFile::new(&path, text);
    let read = toml_all::read::<Config>(&src);
    let failed = !read.problems.is_empty();
    // A file whose syntax is broken configures nothing: every table in it
    // is taken as broken, so its games get no second warning.
    let unreadable = read.value.is_none();
    let mut config = read.value.unwrap_or_default();
    let bad_spans: Vec<crate::source::Span> = read
        .problems
        .iter()
        .filter_map(|d| d.span)
        .chain(read.dropped.iter().copied())
        .collect();
    let mut broken = BrokenTables::default();
    for (extent, game) in toml_all::variant_tables(&src.text) {
        if unreadable
            || bad_spans
                .iter()
                .any(|s| extent.start <= s.start && s.start < extent.end)
        {
            broken.extents.push(extent);
            broken.games.extend(game);
        }
    }
    problems.extend(read.problems);
    config.dir = dir.to_path_buf();
    config.source = Some(src);
    (config, failed, broken)
}

/// The diagram style: from `explicit` (a flag or the settings file) if
/// given, else from `templates/style.toml` in the book root if it exists,
/// else the compiled-in default (also when the file has problems).
fn read_style(explicit: Option<&Path>, root: &Path, problems: &mut Vec<Diagnostic>) -> Style {
    let local = root.join("templates").join("style.toml");
    let path = match explicit {
        Some(p) => p.to_path_buf(),
        None if local.is_file() => local,
        None => return Style::default(),
    };
    read_toml_file::<Style>(&path, "style file", problems).unwrap_or_default()
}

/// The PDF book style, found as [`read_style`] finds the diagram style.
fn read_book_style(
    explicit: Option<&Path>,
    root: &Path,
    problems: &mut Vec<Diagnostic>,
) -> BookStyle {
    let local = root.join("templates").join("book.toml");
    let path = match explicit {
        Some(p) => p.to_path_buf(),
        None if local.is_file() => local,
        None => return BookStyle::default(),
    };
    read_toml_file::<crate::pdf::style::UserBook>(&path, "book style file", problems)
        .map(BookStyle::from_user)
        .unwrap_or_default()
}

/// A TOML file read as a `T`; `None` when it cannot be read at all.
fn read_toml_file<T: serde::de::DeserializeOwned>(
    path: &Path,
    what: &str,
    problems: &mut Vec<Diagnostic>,
) -> Option<T> {
    let text = match crate::book::read_regular_text(path) {
        Ok(text) => text,
        Err(e) => {
            problems.push(Diagnostic::file_error(
                path,
                format!("cannot read the {what}: {}", io_reason(&e)),
            ));
            return None;
        }
    };
    let src = SourceFile::new(path, text);
    let read = toml_all::read::<T>(&src);
    let failed = !read.problems.is_empty();
    problems.extend(read.problems);
    // A file with an error is not used at all: half a style is worse
    // than the default one, and the run fails anyway.
    if failed { None } else { read.value }
}
