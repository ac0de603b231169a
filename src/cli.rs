//! The command line: `init`, `build`, `check`, `render`, `serve`, `deck`,
//! `clean`, `import`, `completions` and `man`. It parses the arguments, calls the library's `commands`, and
//! prints. Exit codes:
//! 0 success, 1 problems in the input, 2 a usage error.

use std::ffi::OsString;
use std::io::{IsTerminal, Write as _};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand, ValueEnum};

use crate::commands::build::{self, BuildOptions};
use crate::commands::check::{self, CheckOptions};
use crate::commands::clean::{self, CleanOptions};
use crate::commands::deck::{self, DeckRequest};
use crate::commands::render::{self, RenderFormat, RenderInput, RenderOptions, Rendered};
use crate::commands::{self, Failure, init};
use crate::diagnostic::{self, Diagnostic, Format};
use crate::pdf::PageFormat;

/// The program's name, as it is installed.
const NAME: &str = "chess-kit-docs";
/// `--version`: the crate's version and, where build.rs could tell, the
/// commit it was built from: `0.1.0 (5055dec 2026-11-29)`. The version
/// alone if a copy of the crate left build.rs out.
const VERSION: &str = match option_env!("CHESS_KIT_DOCS_VERSION") {
    Some(version) => version,
    None => env!("CARGO_PKG_VERSION"),
};

pub const EXIT_OK: u8 = 0;
pub const EXIT_INPUT: u8 = 1;
pub const EXIT_USAGE: u8 = 2;

/// The exit codes, at the end of every command's `--help`.
const EXIT_HELP: &str =
    "Exit status: 0 success, 1 problems in the input (every one is reported), 2 usage.";
const COMPLETIONS_HELP: &str = "Load it for the shell you are in (bash: `source <(chess-kit-docs completions bash)`), or save it where the shell looks: ~/.local/share/bash-completion/completions/chess-kit-docs, a file `_chess-kit-docs` in a folder of zsh's $fpath, ~/.config/fish/completions/chess-kit-docs.fish.

Exit status: 0 success, 1 problems in the input (every one is reported), 2 usage.";
const LSP_HELP: &str = "An editor starts it: VS Code (1.82 or later) through editors/vscode/, Neovim (0.7 or later) with editors/neovim/chess-kit-docs.lua, Helix in languages.toml (the guide's \"Editors\", docs/editors.md, gives each). It reads the rulebooks' settings from their book root, and checks each open rulebook from the editor's text.

Exit status: 0 success, 1 problems in the input (here: the editor exited without a shutdown request, as the protocol counts it), 2 usage.";
const MAN_HELP: &str = "Read it with `chess-kit-docs man | man -l -`, or install the pages: `chess-kit-docs man -o ~/.local/share/man/man1`.

Exit status: 0 success, 1 problems in the input (every one is reported), 2 usage.";

#[derive(Parser, Debug)]
#[command(
    name = NAME,
    version = VERSION,
    about = "Checks chess-variant rulebooks and publishes them: website pages and images, PDF books, and the card deck",
    after_help = EXIT_HELP
)]
struct Cli {
    #[command(flatten)]
    global: Global,
    #[command(subcommand)]
    command: Command,
}

/// The options every command takes.
#[derive(clap::Args, Debug, Clone, Copy)]
struct Global {
    /// Print only errors: no warnings, summaries or progress
    #[arg(short, long, global = true)]
    quiet: bool,
    /// Print more: each stage and its time, and each file written or removed
    #[arg(short, long, global = true)]
    verbose: bool,
    /// When to colour messages: auto (on a terminal, unless NO_COLOR is set), always or never
    #[arg(long, value_enum, value_name = "WHEN", global = true, default_value_t = ColorArg::Auto)]
    color: ColorArg,
}

#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
enum ColorArg {
    Auto,
    Always,
    Never,
}

impl From<ColorArg> for anstream::ColorChoice {
    fn from(c: ColorArg) -> anstream::ColorChoice {
        match c {
            ColorArg::Auto => anstream::ColorChoice::Auto,
            ColorArg::Always => anstream::ColorChoice::Always,
            ColorArg::Never => anstream::ColorChoice::Never,
        }
    }
}

impl From<ColorArg> for clap::ColorChoice {
    fn from(c: ColorArg) -> clap::ColorChoice {
        match c {
            ColorArg::Auto => clap::ColorChoice::Auto,
            ColorArg::Always => clap::ColorChoice::Always,
            ColorArg::Never => clap::ColorChoice::Never,
        }
    }
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Start a rulebook project: a rulebook with one game and a worked diagram, its settings, contents file and .gitignore
    #[command(after_help = EXIT_HELP)]
    Init {
        /// The folder to make it in (made if needed); no file in it is ever overwritten
        #[arg(default_value = ".")]
        dir: PathBuf,
    },
    /// Check the rulebooks, then write the website pages, images and PDF books into the output folder
    #[command(after_help = EXIT_HELP)]
    Build {
        /// Rulebooks (`.md` files) or folders of them [default: rules/]
        #[arg(value_name = "PATH")]
        paths: Vec<PathBuf>,
        /// The output folder [default: output/, or `build.out` in chess-kit-docs.toml]
        #[arg(short = 'o', long, value_name = "DIR")]
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
    #[command(after_help = EXIT_HELP)]
    Check {
        /// Rulebooks (`.md` files) or folders of them, or `-` for one rulebook on standard input [default: rules/]
        #[arg(value_name = "PATH")]
        paths: Vec<PathBuf>,
        /// How to print problems
        #[arg(long, value_enum, default_value_t = FormatArg::Human)]
        format: FormatArg,
        /// Also search for solutions shorter than the published ones (Chess Golf)
        #[arg(long)]
        shortest: bool,
        /// Fail on warnings too (`--deny warnings`), or only on diagrams
        /// that no game's rules check (`--deny unchecked`); may be repeated
        #[arg(long, value_enum, value_name = "WHAT")]
        deny: Vec<Deny>,
        /// The rulebook that standard input holds (an editor's unsaved copy): its name in messages, its book's settings and allowances [implies `-`]
        #[arg(long, value_name = "PATH")]
        stdin_filename: Option<PathBuf>,
    },
    /// Draw one diagram as SVG (the default) or PNG, or give its position as FEN; or write a FEN's position as diagram lines
    #[command(after_help = EXIT_HELP)]
    Render {
        /// The rulebook, or `-` for standard input
        #[arg(required_unless_present = "from_fen")]
        file: Option<PathBuf>,
        /// Which diagram of the file, counting from 1
        #[arg(long, value_name = "N", required_unless_present = "from_fen")]
        diagram: Option<usize>,
        /// Where to write: a `.svg` or `.png` file, or a file for the FEN (for the diagram lines, with --from-fen) [default: standard output]
        #[arg(short = 'o', long = "out", alias = "output", value_name = "FILE")]
        out: Option<PathBuf>,
        /// What to make: svg, png, or fen (the position as FEN, when the diagram is a chess position) [default: by FILE's extension, else svg]
        #[arg(long, value_enum, value_name = "FORMAT")]
        format: Option<RenderFormatArg>,
        /// A style file overriding the compiled-in templates/style.toml
        #[arg(long, value_name = "FILE")]
        style: Option<PathBuf>,
        /// Replace the output file if it exists (never the rulebook, settings or style read)
        #[arg(long)]
        force: bool,
        /// Print the diagram lines of a FEN's position, or draw it with `-o FILE.svg`, `-o FILE.png` or `--format svg|png`. The FEN quoted, or its fields as separate words (`_` may stand for a space); options may come after it: `--from-fen 8/8/8/8/8/8/8/K6k w - - 0 1 -o x.svg`
        #[arg(
            long,
            value_name = "FEN",
            num_args = 1..=6,
            conflicts_with_all = ["file", "diagram"]
        )]
        from_fen: Option<Vec<String>>,
    },
    /// Build the HTML site into a temporary folder, serve it on 127.0.0.1, and rebuild and reload it on every save
    #[command(after_help = EXIT_HELP)]
    Serve {
        /// Rulebooks (`.md` files) or folders of them [default: rules/]
        #[arg(value_name = "PATH")]
        paths: Vec<PathBuf>,
        /// The port to serve on
        #[arg(long, value_name = "N", default_value_t = crate::commands::serve::DEFAULT_PORT)]
        port: u16,
        /// Open the site in the default browser
        #[arg(long)]
        open: bool,
    },
    /// Write the print-and-cut card deck (chess-deck.pdf) and an image per card (deck/)
    #[command(after_help = EXIT_HELP)]
    Deck {
        /// A rulebook, or a folder of them, whose card table and games the deck follows [default: rules/]
        #[arg(value_name = "PATH")]
        book: Option<PathBuf>,
        /// The output folder [default: output/, or `build.out` in chess-kit-docs.toml]
        #[arg(short = 'o', long, value_name = "DIR")]
        out: Option<PathBuf>,
        /// The paper: letter or a4 [default: `build.page` in chess-kit-docs.toml (letter for booklet and zine), or letter]
        #[arg(long, value_enum, value_name = "FORMAT")]
        page: Option<DeckPageArg>,
        /// Add a page of card backs after each page of faces, for double-sided printing
        #[arg(long)]
        backs: bool,
        /// Extend each card's background past its cut line: 0.125in, 3mm or 9pt
        #[arg(long, value_name = "LEN", allow_hyphen_values = true, value_parser = crate::deck::layout::parse_length)]
        bleed: Option<f32>,
        /// The player-aid cards [default: player_aids.md beside the rulebooks, if there is one; without it, cards only]
        #[arg(long, value_name = "FILE")]
        aids: Option<PathBuf>,
        /// A style file overriding the compiled-in templates/style.toml
        #[arg(long, value_name = "FILE")]
        style: Option<PathBuf>,
    },
    /// Delete what build and deck wrote into the output folder (as its manifest lists it), and the folders that leaves empty
    #[command(after_help = EXIT_HELP)]
    Clean {
        /// Rulebooks or folders of them, whose chess-kit-docs.toml may name the output folder [default: rules/]
        #[arg(value_name = "PATH")]
        paths: Vec<PathBuf>,
        /// The output folder [default: output/, or `build.out` in chess-kit-docs.toml]
        #[arg(short = 'o', long, value_name = "DIR")]
        out: Option<PathBuf>,
    },
    /// Print the shell completion script for bash, zsh, fish, powershell or elvish
    #[command(after_help = COMPLETIONS_HELP)]
    Completions {
        /// The shell
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff) on standard output, or write one page per command into a folder
    #[command(after_help = MAN_HELP)]
    Man {
        /// The folder to write `chess-kit-docs.1` and a `chess-kit-docs-<command>.1` for each command into
        #[arg(short = 'o', long, value_name = "DIR")]
        out: Option<PathBuf>,
        /// Replace manual pages that exist in the folder already
        #[arg(long, requires = "out")]
        force: bool,
    },
    /// Run the language server on standard input and output, so an editor shows every finding as the author types (see the guide's "Editors", docs/editors.md)
    #[command(after_help = LSP_HELP)]
    Lsp {
        /// Talk over standard input and output (the only way; editors' clients pass it)
        #[arg(long)]
        stdio: bool,
    },
    /// Turn a plain-text list of variants into a rulebook (Markdown with diagrams)
    #[command(after_help = EXIT_HELP)]
    Import {
        /// The plain-text list
        file: PathBuf,
        /// Where to write the rulebook [default: standard output]
        #[arg(short = 'o', long = "out", alias = "output", value_name = "FILE")]
        out: Option<PathBuf>,
        /// Replace the output file if it exists
        #[arg(long)]
        force: bool,
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
    /// Every warning fails the check.
    Warnings,
    /// A diagram that no game's rules check (its game unknown) fails it.
    Unchecked,
}

#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
enum RenderFormatArg {
    Svg,
    Png,
    Fen,
}

impl From<RenderFormatArg> for RenderFormat {
    fn from(f: RenderFormatArg) -> RenderFormat {
        match f {
            RenderFormatArg::Svg => RenderFormat::Svg,
            RenderFormatArg::Png => RenderFormat::Png,
            RenderFormatArg::Fen => RenderFormat::Fen,
        }
    }
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

/// The `--color` value the arguments give, read before clap parses them so
/// that its own help and usage errors follow it too. The last one wins, as
/// clap reads it; nothing after `--` counts.
fn color_in_args(args: &[OsString]) -> Option<ColorArg> {
    let mut found = None;
    let mut words = args.iter().skip(1).map(|a| a.to_string_lossy());
    while let Some(word) = words.next() {
        let value = match word.as_ref() {
            "--" => break,
            "--color" => words.next().map(|v| v.into_owned()),
            w => w.strip_prefix("--color=").map(str::to_string),
        };
        if let Some(v) = value.and_then(|v| ColorArg::from_str(&v, true).ok()) {
            found = Some(v);
        }
    }
    found
}

/// Runs the tool; returns the exit code.
pub fn run<I, T>(args: I) -> u8
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let args: Vec<OsString> = args.into_iter().map(Into::into).collect();
    let color = color_in_args(&args).unwrap_or(ColorArg::Auto);
    let mut command = Cli::command().color(color.into());
    let parsed = command
        .try_get_matches_from_mut(&args)
        .and_then(|matches| Cli::from_arg_matches(&matches))
        .and_then(|cli| {
            // clap checks the conflict only where both are given at one level.
            if cli.global.quiet && cli.global.verbose {
                Err(command.error(
                    clap::error::ErrorKind::ArgumentConflict,
                    "the argument '--quiet' cannot be used with '--verbose'",
                ))
            } else {
                Ok(cli)
            }
        });
    let cli = match parsed {
        Ok(cli) => cli,
        Err(e) => {
            let printed = e.print().and_then(|()| std::io::stdout().flush());
            return match printed {
                _ if e.use_stderr() => EXIT_USAGE,
                // `--help` or `--version` that did not reach a full disk.
                Err(io) if io.kind() != std::io::ErrorKind::BrokenPipe => EXIT_INPUT,
                _ => EXIT_OK,
            };
        }
    };
    let ui = Ui::new(&cli.global);
    let code = match cli.command {
        Command::Build {
            paths,
            out,
            style,
            no_check,
            page,
        } => build(
            &ui,
            &BuildOptions {
                paths,
                out,
                style,
                no_check,
                page: page.map(PageFormat::from),
            },
        ),
        Command::Check {
            paths,
            format,
            shortest,
            deny,
            stdin_filename,
        } => check(
            &ui,
            &CheckOptions { paths, shortest },
            stdin_filename.as_deref(),
            format.into(),
            &deny,
        ),
        Command::Render {
            file,
            diagram,
            out,
            format,
            style,
            force,
            from_fen: Some(fen),
        } => {
            // clap refuses a rulebook and a diagram beside --from-fen.
            let _ = (file, diagram);
            let options = render::FromFenOptions {
                output: out,
                style,
                format: format.map(RenderFormat::from),
                force,
            };
            render_from_fen(&ui, &fen.join(" "), &options)
        }
        Command::Render {
            file,
            diagram,
            out,
            format,
            style,
            force,
            from_fen: None,
        } => match (file, diagram) {
            (Some(file), Some(diagram)) => render(
                &ui,
                file,
                diagram,
                out,
                style,
                format.map_or(RenderFormat::Drawing, RenderFormat::from),
                force,
            ),
            // clap requires both without --from-fen.
            _ => EXIT_USAGE,
        },
        Command::Serve { paths, port, open } => serve(
            &ui,
            &crate::commands::serve::ServeOptions { paths, port, open },
        ),
        Command::Deck {
            book,
            out,
            page,
            backs,
            bleed,
            aids,
            style,
        } => deck(
            &ui,
            &DeckRequest {
                book,
                out,
                page: page.map(|p| match p {
                    DeckPageArg::Letter => crate::deck::DeckPage::Letter,
                    DeckPageArg::A4 => crate::deck::DeckPage::A4,
                }),
                backs,
                bleed: bleed.unwrap_or(0.0),
                aids,
                style,
            },
        ),
        Command::Init { dir } => init(&ui, &dir),
        Command::Clean { paths, out } => clean(&ui, &CleanOptions { paths, out }),
        Command::Completions { shell } => {
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), NAME, &mut script);
            ui.out(&script);
            EXIT_OK
        }
        Command::Man { out, force } => man(&ui, out.as_deref(), force),
        Command::Lsp { stdio } => {
            let _ = stdio;
            crate::commands::lsp::run_stdio()
        }
        Command::Import { file, out, force } => {
            let imported = crate::import::import_file(&file, out.as_deref(), force);
            let mut diags = imported.diagnostics;
            let failed = diags.iter().any(Diagnostic::is_error);
            ui.report(&mut diags, Format::Human);
            if let Some(markdown) = imported.markdown {
                ui.out(markdown.as_bytes());
            }
            if failed { EXIT_INPUT } else { EXIT_OK }
        }
    };
    ui.exit(code)
}

/// How much to print.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Verbosity {
    /// Errors only (`-q`).
    Quiet,
    Normal,
    /// Each stage's time, each file written (`-v`).
    Verbose,
}

/// Where and how the messages go: the global options, applied. The
/// results a command is asked for (`render`'s SVG, `import`'s book, the
/// machine formats of `check`) go to standard output whatever the level.
struct Ui {
    verbosity: Verbosity,
    color: anstream::ColorChoice,
    /// Whether a result could not be written to standard output.
    stdout_failed: std::sync::atomic::AtomicBool,
}

impl Ui {
    fn new(global: &Global) -> Ui {
        Ui {
            verbosity: if global.quiet {
                Verbosity::Quiet
            } else if global.verbose {
                Verbosity::Verbose
            } else {
                Verbosity::Normal
            },
            color: global.color.into(),
            stdout_failed: std::sync::atomic::AtomicBool::new(false),
        }
    }

    /// Writes a result to standard output and flushes it. A write that
    /// fails (a full disk) is reported once and fails the run; a closed
    /// pipe (`| head`) stays quiet, as in other tools.
    fn out(&self, bytes: &[u8]) {
        let mut out = std::io::stdout().lock();
        if let Err(e) = out.write_all(bytes).and_then(|()| out.flush())
            && e.kind() != std::io::ErrorKind::BrokenPipe
            && !self
                .stdout_failed
                .swap(true, std::sync::atomic::Ordering::Relaxed)
        {
            drop(out);
            self.error(&format!(
                "cannot write to standard output: {}",
                crate::book::io_reason(&e)
            ));
        }
    }

    /// The run's exit code: a failed write to standard output fails it.
    fn exit(&self, code: u8) -> u8 {
        if self
            .stdout_failed
            .load(std::sync::atomic::Ordering::Relaxed)
        {
            code.max(EXIT_INPUT)
        } else {
            code
        }
    }

    fn stderr(&self) -> anstream::AutoStream<std::io::Stderr> {
        anstream::AutoStream::new(std::io::stderr(), self.color)
    }

    /// A line on standard error, unless `-q`.
    fn info(&self, line: &str) {
        if self.verbosity >= Verbosity::Normal {
            let _ = writeln!(std::io::stderr().lock(), "{line}");
        }
    }

    /// A line of detail on standard error, with `-v` only.
    fn detail(&self, line: &str) {
        if self.verbosity >= Verbosity::Verbose {
            let _ = writeln!(std::io::stderr().lock(), "  {line}");
        }
    }

    /// Each stage and its time, with `-v`.
    fn stages(&self, stages: &[commands::Stage]) {
        for stage in stages {
            self.detail(&format!("{}: {}", stage.what, duration(stage.took)));
        }
    }

    /// The files a run wrote and removed, with `-v`.
    fn changes(&self, root: &Path, changes: &crate::output::Changes) {
        for rel in &changes.written {
            self.detail(&format!("wrote {}", crate::paths::shown(&root.join(rel))));
        }
        for rel in &changes.removed {
            self.detail(&format!("removed {}", crate::paths::shown(&root.join(rel))));
        }
    }

    /// `error: message`, always.
    fn error(&self, message: &str) {
        let red = anstyle::AnsiColor::BrightRed.on_default().bold();
        let bold = anstyle::Style::new().bold();
        let _ = writeln!(
            self.stderr().lock(),
            "{red}error{red:#}{bold}:{bold:#} {message}"
        );
    }

    /// Prints diagnostics: the human form on standard error (only the
    /// errors with `-q`), the machine formats whole on standard output.
    fn report(&self, diags: &mut [Diagnostic], format: Format) {
        self.report_where(diags, format, Diagnostic::is_error);
    }

    /// As [`Ui::report`], where `-q` keeps the diagnostics `fails` picks
    /// (those that fail the run).
    fn report_where(
        &self,
        diags: &mut [Diagnostic],
        format: Format,
        fails: impl Fn(&Diagnostic) -> bool,
    ) {
        diagnostic::sort(diags);
        if format == Format::Human {
            let mut err = self.stderr().lock();
            for d in diags.iter() {
                if self.verbosity > Verbosity::Quiet || fails(d) {
                    let _ = writeln!(err, "{}\n", d.render_styled());
                }
            }
        } else {
            let text: String = diags.iter().map(|d| format.render(d)).collect();
            self.out(text.as_bytes());
        }
    }

    /// Prints why a command stopped; returns its exit code.
    fn fail(&self, failure: Failure) -> u8 {
        match failure {
            Failure::Usage(message) => {
                self.error(&message);
                EXIT_USAGE
            }
            Failure::Input(mut diags) => {
                self.report(&mut diags, Format::Human);
                EXIT_INPUT
            }
            Failure::Message(message) => {
                self.error(&message);
                EXIT_INPUT
            }
        }
    }

    /// A progress line on a terminal, unless `-q`; nothing otherwise.
    fn progress(&self) -> impl Fn(usize, usize) + Sync + use<> {
        let on_terminal = std::io::stderr().is_terminal() && self.verbosity > Verbosity::Quiet;
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
}

/// `1 diagram`, `2 diagrams`.
fn count(n: usize, noun: &str) -> String {
    format!("{n} {noun}{}", if n == 1 { "" } else { "s" })
}

/// A time as a person reads it: whole milliseconds below a second, then
/// seconds with one decimal.
fn duration(d: std::time::Duration) -> String {
    if d.as_secs_f64() < 1.0 {
        format!("{} ms", d.as_millis())
    } else {
        format!("{:.1} s", d.as_secs_f64())
    }
}

fn check(
    ui: &Ui,
    options: &CheckOptions,
    stdin_filename: Option<&Path>,
    format: Format,
    deny: &[Deny],
) -> u8 {
    let dash = options.paths.iter().any(|p| p == Path::new("-"));
    if dash && options.paths.len() > 1 {
        return ui.fail(Failure::Usage(
            "`-` (a rulebook on standard input) is checked alone: give it without other paths"
                .to_string(),
        ));
    }
    if stdin_filename.is_some() && !dash && !options.paths.is_empty() {
        return ui.fail(Failure::Usage(
            "`--stdin-filename` names the rulebook read from standard input: give it with `-` or no path"
                .to_string(),
        ));
    }
    let stdin = dash || stdin_filename.is_some();
    let mut found = if stdin {
        match crate::book::read_stdin_text() {
            Ok(text) => check::check_text(&text, stdin_filename, options),
            Err(e) => {
                let d = Diagnostic::file_error(
                    stdin_filename.unwrap_or(Path::new(commands::STDIN_NAME)),
                    format!("cannot read standard input: {e}"),
                );
                ui.report(&mut [d], format);
                return EXIT_INPUT;
            }
        }
    } else {
        check::check(options)
    };
    let (errors, warnings, allowed) = (found.errors(), found.warnings(), found.allowed());
    let unchecked = found.unchecked();
    ui.stages(&found.stages);
    // `-q` hides the warnings that do not fail the run, never one that does.
    let fails = |d: &Diagnostic| {
        d.is_error()
            || (d.is_warning()
                && (deny.contains(&Deny::Warnings)
                    || (deny.contains(&Deny::Unchecked) && crate::engine::leaves_unchecked(d))))
    };
    ui.report_where(&mut found.diags, format, fails);
    if format == Format::Json {
        // Each diagram's FEN, a record of its own, after the findings.
        let text: String = found
            .fen_records()
            .iter()
            .map(|r| r.render_json() + "\n")
            .collect();
        ui.out(text.as_bytes());
    }
    let summary = format!(
        "checked {}: {} rule-checked, {} syntax-only, {}",
        count(found.diagrams, "diagram"),
        found.counts.rule_checked,
        found.counts.syntax_only,
        count(errors, "error")
    );
    let mut lines: Vec<String> = found.notes.clone();
    lines.push(summary);
    if warnings + allowed > 0 {
        lines.push(format!("{}, {allowed} allowed", count(warnings, "warning")));
    }
    lines.push(format!("took {}", duration(found.elapsed)));
    // The summary goes with the diagnostics in the human format, and
    // apart from the records on standard output in the machine ones.
    for line in lines {
        ui.info(&line);
    }
    let denied = (deny.contains(&Deny::Warnings) && warnings > 0)
        || (deny.contains(&Deny::Unchecked) && unchecked > 0);
    // Freeing a large book's model block by block took a tenth of its
    // check; the process ends after this report and hands it back whole.
    std::mem::forget(std::mem::take(&mut found.books));
    if errors > 0 || denied {
        EXIT_INPUT
    } else {
        EXIT_OK
    }
}

fn build(ui: &Ui, options: &BuildOptions) -> u8 {
    let mut built = build::build(options, &ui.progress());
    ui.stages(&built.stages);
    if let Some(p) = &built.published {
        if let Some(book) = p.books.first() {
            // The output folder is where the PDFs are.
            let root = book.pdf.parent().unwrap_or(Path::new(""));
            ui.changes(root, &p.changes);
        }
        // A finding the author allowed is counted on its book's line, not
        // printed whole on every build: `check` lists them.
        let allowed = |source: &Path| {
            built
                .diags
                .iter()
                .filter(|d| d.allowed.is_some() && d.path == source)
                .count()
        };
        for book in &p.books {
            let kept = match allowed(&book.source) {
                0 => String::new(),
                n => format!(" ({} allowed: see `check`)", count(n, "finding")),
            };
            ui.info(&format!(
                "built {}: {}{kept} -> {}, {} and {}",
                book.name,
                count(book.diagrams, "diagram"),
                crate::paths::shown(&book.page),
                crate::paths::shown(&book.pdf),
                crate::paths::shown(&book.html)
            ));
        }
        built.diags.retain(|d| d.allowed.is_none());
        ui.info(&format!(
            "{}, {} drawn; {} written, {} unchanged, {} removed in {}",
            count(p.pages.diagrams, "diagram"),
            count(p.pages.pngs_rendered, "PNG"),
            count(p.files.written, "file"),
            p.files.unchanged,
            p.files.removed,
            duration(p.elapsed)
        ));
    }
    let failed = built.failed();
    ui.report(&mut built.diags, Format::Human);
    // The books not published, after the problems that stopped them.
    ui.report(&mut built.refused, Format::Human);
    if failed { EXIT_INPUT } else { EXIT_OK }
}

fn render(
    ui: &Ui,
    file: PathBuf,
    diagram: usize,
    output: Option<PathBuf>,
    style: Option<PathBuf>,
    format: RenderFormat,
    force: bool,
) -> u8 {
    let started = std::time::Instant::now();
    let input = if file == Path::new("-") {
        let text = match crate::book::read_stdin_text() {
            Ok(text) => text,
            Err(e) => {
                return ui.fail(Failure::Input(vec![Diagnostic::file_error(
                    Path::new("<stdin>"),
                    format!("cannot read standard input: {e}"),
                )]));
            }
        };
        RenderInput::Text {
            name: "<stdin>".to_string(),
            text,
        }
    } else {
        RenderInput::File(file.clone())
    };
    let options = RenderOptions {
        input,
        diagram,
        output,
        style,
        format,
        force,
    };
    let drew = || {
        format!(
            "drew diagram {diagram} of {} in {}",
            crate::paths::shown(&file),
            duration(started.elapsed())
        )
    };
    match render::render(&options) {
        Ok(Rendered::Svg(svg)) => {
            ui.detail(&drew());
            ui.out(svg.as_bytes());
            EXIT_OK
        }
        Ok(Rendered::Fen(fen)) => {
            ui.detail(&drew());
            ui.out(format!("{fen}\n").as_bytes());
            EXIT_OK
        }
        Ok(Rendered::Written(path)) => {
            ui.detail(&drew());
            ui.detail(&format!("wrote {}", crate::paths::shown(&path)));
            EXIT_OK
        }
        Err(failure) => ui.fail(failure),
    }
}

/// `render --from-fen`: the diagram lines or the drawing on standard
/// output or into `-o`'s file, and what of the FEN the lines cannot say as
/// notes on standard error.
fn render_from_fen(ui: &Ui, fen: &str, options: &render::FromFenOptions) -> u8 {
    let (made, notes) = match render::from_fen_with(fen, options) {
        Ok(made) => made,
        Err(failure) => return ui.fail(failure),
    };
    match made {
        render::FenMade::Lines(text) | render::FenMade::Drawn(Rendered::Svg(text)) => {
            ui.out(text.as_bytes());
        }
        render::FenMade::Drawn(Rendered::Fen(fen)) => {
            ui.out(format!("{fen}\n").as_bytes());
        }
        render::FenMade::Drawn(Rendered::Written(path)) => {
            ui.detail(&format!("wrote {}", crate::paths::shown(&path)));
        }
    }
    for note in &notes {
        ui.info(&format!("note: {note}"));
    }
    EXIT_OK
}

fn serve(ui: &Ui, options: &crate::commands::serve::ServeOptions) -> u8 {
    use crate::commands::serve::Said;
    let say = |said: Said, line: &str| match said {
        Said::Error => {
            let _ = writeln!(std::io::stderr().lock(), "{line}");
        }
        Said::Warning | Said::Info => ui.info(line),
    };
    match crate::commands::serve::serve(options, &say) {
        Ok(()) => EXIT_OK,
        Err(failure) => ui.fail(failure),
    }
}

fn init(ui: &Ui, dir: &Path) -> u8 {
    let made = match init::init(dir) {
        Ok(made) => made,
        Err(failure) => return ui.fail(failure),
    };
    for path in &made.created {
        ui.info(&format!("created {}", crate::paths::shown(path)));
    }
    if let Some((path, line)) = &made.kept_gitignore {
        ui.info(&format!(
            "kept {} as it is: add `{line}` to it, so git leaves the output alone",
            crate::paths::shown(path)
        ));
    }
    let cd = if dir == Path::new(".") {
        String::new()
    } else {
        format!("cd {} && ", crate::paths::shown(dir))
    };
    ui.info(&format!(
        "next: {cd}chess-kit-docs check && chess-kit-docs build (writes output/)"
    ));
    EXIT_OK
}

/// The manual pages: the tool's, then one per command (`chess-kit-docs-build`),
/// as file name and roff.
fn man_pages() -> Vec<(String, Vec<u8>)> {
    let mut cmd = Cli::command().disable_help_subcommand(true);
    cmd.build();
    std::iter::once(cmd.clone())
        .chain(cmd.get_subcommands().cloned())
        .map(|c| {
            let page = clap_mangen::Man::new(c);
            let mut roff = Vec::new();
            // Into memory: writing a Vec cannot fail.
            let _ = page.render(&mut roff);
            (page.get_filename(), roff)
        })
        .collect()
}

/// `man`: the tool's page on standard output, or every page into `out`.
fn man(ui: &Ui, out: Option<&Path>, force: bool) -> u8 {
    let pages = man_pages();
    let Some(dir) = out else {
        ui.out(&pages[0].1);
        return EXIT_OK;
    };
    if let Err(e) = std::fs::create_dir_all(dir) {
        return ui.fail(Failure::Input(vec![Diagnostic::file_error(
            dir,
            format!(
                "cannot create the folder for the manual pages: {}",
                crate::book::io_reason(&e)
            ),
        )]));
    }
    // Every page refused before any is written, so a refusal changes nothing.
    let mut errors: Vec<Diagnostic> = pages
        .iter()
        .filter_map(|(name, _)| crate::output::refuse_to_replace(&dir.join(name), force, &[]).err())
        .collect();
    if !errors.is_empty() {
        return ui.fail(Failure::Input(errors));
    }
    for (name, roff) in &pages {
        let path = dir.join(name);
        match crate::output::write_named(&path, roff, force, &[]) {
            Ok(()) => ui.detail(&format!("wrote {}", crate::paths::shown(&path))),
            Err(d) => errors.push(d),
        }
    }
    if !errors.is_empty() {
        return ui.fail(Failure::Input(errors));
    }
    ui.info(&format!(
        "wrote {} into {}",
        count(pages.len(), "manual page"),
        crate::paths::shown(dir)
    ));
    EXIT_OK
}

fn clean(ui: &Ui, options: &CleanOptions) -> u8 {
    let mut cleaned = match clean::clean(options) {
        Ok(cleaned) => cleaned,
        Err(failure) => return ui.fail(failure),
    };
    if !cleaned.existed {
        ui.info(&format!(
            "nothing to clean: {} does not exist",
            crate::paths::shown(&cleaned.root)
        ));
        return EXIT_OK;
    }
    if cleaned.removed.is_empty() && cleaned.diags.is_empty() {
        ui.info(&format!(
            "nothing to clean: {} holds none of the tool's files",
            crate::paths::shown(&cleaned.root)
        ));
        return EXIT_OK;
    }
    ui.changes(
        &cleaned.root,
        &crate::output::Changes {
            written: Vec::new(),
            removed: cleaned.removed.clone(),
        },
    );
    ui.info(&format!(
        "cleaned {}: {} removed in {}",
        crate::paths::shown(&cleaned.root),
        count(cleaned.removed.len(), "file"),
        duration(cleaned.elapsed)
    ));
    let failed = cleaned.diags.iter().any(Diagnostic::is_error);
    ui.report(&mut cleaned.diags, Format::Human);
    if failed { EXIT_INPUT } else { EXIT_OK }
}

fn deck(ui: &Ui, request: &DeckRequest) -> u8 {
    let mut made = match deck::deck(request) {
        Ok(made) => made,
        Err(failure) => return ui.fail(failure),
    };
    ui.stages(&made.stages);
    if let Some(root) = made.pdf.parent() {
        ui.changes(root, &made.changes);
    }
    ui.info(&format!(
        "deck: {} on {} ({}) -> {}; {} in {} ({} drawn); {} written, {} unchanged, {} removed in {}",
        count(made.printed, "card"),
        count(made.pages, "page"),
        made.page.name(),
        crate::paths::shown(&made.pdf),
        count(made.faces, "card image"),
        crate::paths::shown(&made.images),
        made.drawn,
        count(made.files.written, "file"),
        made.files.unchanged,
        made.files.removed,
        duration(made.elapsed)
    ));
    let failed = made.diags.iter().any(Diagnostic::is_error);
    ui.report(&mut made.diags, Format::Human);
    if failed { EXIT_INPUT } else { EXIT_OK }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_color_option_is_read_before_clap_parses() {
        let args = |words: &[&str]| -> Vec<OsString> {
            std::iter::once("chess-kit-docs")
                .chain(words.iter().copied())
                .map(OsString::from)
                .collect()
        };
        assert_eq!(color_in_args(&args(&["check"])), None);
        assert_eq!(
            color_in_args(&args(&["--color", "always", "check"])),
            Some(ColorArg::Always)
        );
        assert_eq!(
            color_in_args(&args(&["check", "--color=never", "--color", "ALWAYS"])),
            Some(ColorArg::Always),
            "the last one wins"
        );
        assert_eq!(
            color_in_args(&args(&["render", "--", "--color=never"])),
            None,
            "not after --"
        );
        assert_eq!(color_in_args(&args(&["check", "--color", "blue"])), None);
    }

    #[test]
    fn counts_agree_with_their_number() {
        assert_eq!(count(1, "diagram"), "1 diagram");
        assert_eq!(count(0, "diagram"), "0 diagrams");
        assert_eq!(count(2, "file"), "2 files");
    }

    #[test]
    fn times_are_milliseconds_below_a_second_then_tenths() {
        use std::time::Duration;
        assert_eq!(duration(Duration::from_micros(42_700)), "42 ms");
        assert_eq!(duration(Duration::from_millis(999)), "999 ms");
        assert_eq!(duration(Duration::from_millis(1_000)), "1.0 s");
        assert_eq!(duration(Duration::from_millis(83_460)), "83.5 s");
    }
}
