//! `serve`: the HTML site of `build`, kept up to date while the author
//! writes. It builds into a new private temporary folder, serves it on
//! 127.0.0.1 (`http`), watches the rulebooks, the settings and `templates/`
//! (notify, debounced), rebuilds what changed (only changed books are read
//! and checked again, only changed diagrams drawn again), and tells open
//! pages to reload through server-sent events. The engine's findings are
//! shown under their diagrams; a broken rulebook keeps its last good
//! drawings, and the server keeps running.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Component, Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, mpsc};
use std::time::{Duration, Instant};

use crate::book::read_regular_file;
use crate::check::{self, BookCheck, CheckRun};
use crate::commands::Failure;
use crate::config::CONFIG_FILE;
use crate::diagnostic::Diagnostic;
use crate::html::{self, Drawings, HtmlOptions, SiteBook};
use crate::output::{OutputDir, hash};
use crate::settings::{Flags, Settings};

mod http;

/// What `serve` is asked to do.
#[derive(Clone, Debug)]
pub struct ServeOptions {
    /// Rulebooks or folders of them; empty for `rules/`.
    pub paths: Vec<PathBuf>,
    pub port: u16,
    /// Open the site in the default browser.
    pub open: bool,
}

/// The default port.
pub const DEFAULT_PORT: u16 = 3000;

/// How long a file must be quiet before it is read again: long enough to
/// take one save as one change, short enough not to be felt. A save that
/// still comes as two changes (truncate, then write) rebuilds twice, and
/// the rebuild goes by the file's content.
const DEBOUNCE_MS: u64 = 20;

/// The path of the live-reload event stream.
const EVENTS: &str = "/__livereload";

/// Rebuilds, counted, for the event stream: pages reload when it moves.
#[derive(Default)]
struct Generation {
    number: Mutex<u64>,
    changed: Condvar,
}

impl Generation {
    fn bump(&self) {
        let mut n = self.number.lock().unwrap_or_else(|p| p.into_inner());
        *n += 1;
        self.changed.notify_all();
    }

    fn current(&self) -> u64 {
        *self.number.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Waits until the number passes `seen`, or the time is up.
    fn wait_past(&self, seen: u64, timeout: Duration) -> u64 {
        let n = self.number.lock().unwrap_or_else(|p| p.into_inner());
        let (n, _) = self
            .changed
            .wait_timeout_while(n, timeout, |n| *n <= seen)
            .unwrap_or_else(|p| p.into_inner());
        *n
    }
}

/// What one rebuild did, for its terminal line.
#[derive(Debug, Default)]
pub struct Rebuild {
    /// What changed: file names, or "first build".
    pub what: String,
    pub elapsed: Duration,
    pub drawn: usize,
    pub books: usize,
    pub errors: usize,
    pub warnings: usize,
    /// The first few findings, `file:line:col: message`.
    pub first: Vec<String>,
    /// Problems of the tool itself (templates, writing), shown in full.
    pub problems: Vec<Diagnostic>,
}

impl Rebuild {
    /// The one terminal line of this rebuild.
    pub fn line(&self) -> String {
        let plural = |n: usize, one: &str| {
            if n == 1 {
                format!("1 {one}")
            } else {
                format!("{n} {one}s")
            }
        };
        let ms = self.elapsed.as_secs_f64() * 1000.0;
        let mut line = format!(
            "{}: {} in {ms:.0} ms, {} drawn; {}, {}",
            self.what,
            plural(self.books, "book"),
            plural(self.drawn, "diagram"),
            plural(self.errors, "error"),
            plural(self.warnings, "warning"),
        );
        if !self.first.is_empty() {
            line.push_str(&format!(" ({}", self.first.join("; ")));
            let more =
                self.errors + self.warnings - self.first.len().min(self.errors + self.warnings);
            if more > 0 {
                line.push_str(&format!("; {more} more in the pages"));
            }
            line.push(')');
        }
        line
    }
}

/// The site kept in memory between rebuilds.
struct Site {
    paths: Vec<PathBuf>,
    out: PathBuf,
    drawings: Drawings,
    /// Each book's last check, with the hash of the text it was made from.
    books: BTreeMap<PathBuf, (u64, BookCheck)>,
}

impl Site {
    /// Rebuilds after the files named `changed` changed. A book's check
    /// depends on more than its text (its contents CSV, its images, the
    /// variants in the settings): when anything but a rulebook changed,
    /// every book is checked again.
    fn on_change(&mut self, changed: &BTreeSet<String>) -> Rebuild {
        if !changed.iter().all(|n| n.ends_with(".md")) {
            self.books.clear();
        }
        let what = changed.iter().cloned().collect::<Vec<_>>().join(", ");
        self.rebuild(format!("{what} changed"))
    }

    /// Reads what changed, checks it, and writes the pages.
    fn rebuild(&mut self, what: String) -> Rebuild {
        let started = Instant::now();
        let mut report = Rebuild {
            what,
            ..Rebuild::default()
        };
        let mut diags = Vec::new();
        // Settings, style and templates are small: read them every time.
        let settings = Settings::resolve(&self.paths, &Flags::default());
        diags.extend(settings.problems.iter().cloned());
        let (config, style, templates) = (&settings.config, &settings.style, settings.templates());
        let run = CheckRun::with_rules(&settings, false);
        let found = settings.books(&mut diags);
        let mut checks = Vec::new();
        for path in &found {
            let text = read_regular_file(path).ok();
            let key = text.as_deref().map(hash);
            match (key, self.books.get(path)) {
                (Some(k), Some((old, check))) if *old == k => checks.push(check.clone()),
                _ => {
                    if let Some(check) = check::check_book_file(path, &run, &mut diags) {
                        self.books
                            .insert(path.clone(), (key.unwrap_or(0), check.clone()));
                        checks.push(check);
                    }
                }
            }
        }
        self.books.retain(|p, _| found.contains(p));
        let checked = check::combine_checks(checks, config);
        diags.extend(checked.diags);
        report.books = checked.books.len();
        report.errors = diags.iter().filter(|d| d.is_error()).count();
        report.warnings = diags.iter().filter(|d| d.is_warning()).count();
        crate::diagnostic::sort(&mut diags);
        report.first = diags
            .iter()
            .filter(|d| d.is_error() || d.is_warning())
            .take(3)
            .map(|d| match d.line_col() {
                Some(at) => format!("{}:{at}: {}", crate::paths::shown(&d.path), d.message),
                None => format!("{}: {}", crate::paths::shown(&d.path), d.message),
            })
            .collect();
        let site_books: Vec<SiteBook> = checked
            .books
            .iter()
            .map(|(book, toc)| SiteBook {
                book,
                toc,
                // A book's own findings, and those of the files every book
                // is read with (settings, styles, templates), at its top.
                findings: diags
                    .iter()
                    .filter(|d| {
                        d.path == book.source.path
                            || !checked.books.iter().any(|(b, _)| b.source.path == d.path)
                    })
                    .collect(),
                fens: checked.fens.get(&book.name).map_or(&[][..], Vec::as_slice),
            })
            .collect();
        let options = HtmlOptions {
            live_reload: true,
            site: config.site.clone(),
        };
        match html::site(&site_books, templates, &self.drawings, style, &options) {
            Ok(files) => match OutputDir::open(&self.out) {
                Ok(output) => {
                    let names = checked.books.iter().map(|(b, _)| b.name.as_str());
                    if let Err(mut e) =
                        crate::publish::html::write_site_files(&files, names, &output)
                    {
                        report.problems.append(&mut e);
                    }
                    let mut owners: BTreeSet<String> = checked
                        .books
                        .iter()
                        .map(|(b, _)| crate::publish::html::html_owner(&b.name))
                        .collect();
                    owners.insert(html::OWNER.to_string());
                    let (_, mut d) = output.finish(&owners);
                    report.problems.append(&mut d);
                }
                Err(d) => report.problems.push(d),
            },
            Err(mut e) => report.problems.append(&mut e),
        }
        report.drawn = self.drawings.take_made();
        report.elapsed = started.elapsed();
        report
    }

    /// The files and folders whose changes matter.
    fn watched(&self) -> Vec<(PathBuf, bool)> {
        let mut dirs: BTreeSet<PathBuf> = BTreeSet::new();
        let paths = crate::settings::locate(&self.paths);
        for p in paths {
            if p.is_dir() {
                dirs.insert(p.clone());
            } else if let Some(parent) = p.parent() {
                let parent = if parent.as_os_str().is_empty() {
                    PathBuf::from(".")
                } else {
                    parent.to_path_buf()
                };
                dirs.insert(parent);
            }
        }
        let root = Settings::root_of(&self.paths);
        dirs.insert(root.clone());
        let mut out: Vec<(PathBuf, bool)> = dirs.into_iter().map(|d| (d, false)).collect();
        let templates = root.join("templates");
        if templates.is_dir() {
            out.push((templates, true));
        }
        out
    }
}

/// Whether a changed file is one the site is made from.
fn matters(path: &Path) -> bool {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    if name.starts_with('.') || name.ends_with('~') || name.ends_with(".swp") {
        return false;
    }
    let in_templates = path
        .components()
        .any(|c| c == Component::Normal("templates".as_ref()));
    in_templates
        || name == CONFIG_FILE
        || matches!(
            path.extension().and_then(|e| e.to_str()),
            Some("md" | "csv" | "toml" | "png" | "jpg" | "jpeg" | "svg")
        )
}

/// What a terminal line of `serve` is, so `-q` can keep only the errors.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Said {
    /// An error, or a rebuild that found errors.
    Error,
    Warning,
    /// What the server is doing.
    Info,
}

impl Said {
    fn of(d: &Diagnostic) -> Said {
        if d.is_error() {
            Said::Error
        } else {
            Said::Warning
        }
    }
}

impl Rebuild {
    fn said(&self) -> Said {
        if self.errors > 0 || self.problems.iter().any(Diagnostic::is_error) {
            Said::Error
        } else {
            Said::Info
        }
    }
}

/// Runs the server until Ctrl-C. `say` prints a terminal line.
pub fn serve(options: &ServeOptions, say: &(dyn Fn(Said, &str) + Sync)) -> Result<(), Failure> {
    let addr = format!("127.0.0.1:{}", options.port);
    let server = http::Server::bind(&addr).map_err(|e| {
        Failure::Message(if e.kind() == std::io::ErrorKind::AddrInUse {
            format!(
                "port {} is taken (another server is using it); choose another with --port N",
                options.port
            )
        } else {
            format!("cannot serve on {addr}: {e}; choose another port with --port N")
        })
    })?;
    let bound = server
        .addr()
        .map_err(|e| Failure::Message(format!("cannot serve on {addr}: {e}")))?;
    let folder = site_folder().map_err(|e| {
        Failure::Message(format!(
            "cannot make a temporary folder for the site in {}: {e}",
            crate::paths::shown(&std::env::temp_dir())
        ))
    })?;
    let out = folder.path().to_path_buf();
    let mut site = Site {
        paths: options.paths.clone(),
        out: out.clone(),
        drawings: Drawings::default(),
        books: BTreeMap::new(),
    };
    let first = site.rebuild("first build".to_string());
    for d in &first.problems {
        say(Said::of(d), &d.render());
    }
    say(first.said(), &first.line());
    // Ctrl-C is caught before the address is said: one pressed (or sent by
    // a script) as soon as it shows stops the server cleanly, and is never
    // lost where the shell started it ignoring Ctrl-C (a background job).
    let stop = Arc::new(AtomicBool::new(false));
    {
        let stop = stop.clone();
        // A second Ctrl-C while stopping is left to the default handler.
        let _ = ctrlc::set_handler(move || {
            stop.store(true, Ordering::SeqCst);
            http::wake(bound);
        });
    }
    let url = format!("http://{addr}/");
    say(Said::Info, &format!("serving {url} (Ctrl-C stops)"));

    let generation = Arc::new(Generation::default());
    let http = {
        let root = out.join(html::DIR);
        let generation = generation.clone();
        let stop = stop.clone();
        std::thread::spawn(move || {
            let stopped = {
                let stop = stop.clone();
                move || stop.load(Ordering::SeqCst)
            };
            server.run(stopped, move |stream| {
                respond(stream, &root, &generation, &stop)
            })
        })
    };
    if options.open {
        open_browser(&url);
    }

    let (tx, rx) = mpsc::channel();
    let mut debouncer =
        match notify_debouncer_mini::new_debouncer(Duration::from_millis(DEBOUNCE_MS), move |r| {
            let _ = tx.send(r);
        }) {
            Ok(d) => Some(d),
            Err(e) => {
                say(
                    Said::Warning,
                    &format!("warning: cannot watch for changes ({e}); the site will not rebuild"),
                );
                None
            }
        };
    if let Some(d) = debouncer.as_mut() {
        for (path, recursive) in site.watched() {
            let mode = if recursive {
                notify::RecursiveMode::Recursive
            } else {
                notify::RecursiveMode::NonRecursive
            };
            if let Err(e) = d.watcher().watch(&path, mode) {
                say(
                    Said::Warning,
                    &format!("warning: cannot watch {}: {e}", crate::paths::shown(&path)),
                );
            }
        }
    }
    let mut fingerprints: std::collections::HashMap<PathBuf, Option<u64>> =
        std::collections::HashMap::new();
    for (dir, recursive) in site.watched() {
        fingerprint(&dir, recursive, &mut fingerprints);
    }
    while !stop.load(Ordering::SeqCst) {
        let events = match rx.recv_timeout(Duration::from_millis(200)) {
            Ok(Ok(events)) => events,
            Ok(Err(e)) => {
                say(Said::Warning, &format!("warning: watching: {e}"));
                continue;
            }
            Err(mpsc::RecvTimeoutError::Timeout) => continue,
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                std::thread::sleep(Duration::from_millis(200));
                continue;
            }
        };
        // Reading the files is an event too: go by their content.
        let changed: BTreeSet<String> = events
            .iter()
            .filter(|e| matters(&e.path))
            .filter(|e| {
                let now = read_regular_file(&e.path).ok().map(|b| hash(&b));
                let key = std::fs::canonicalize(&e.path).unwrap_or_else(|_| e.path.clone());
                fingerprints.insert(key, now) != Some(now)
            })
            .map(|e| {
                e.path
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default()
            })
            .collect();
        if changed.is_empty() {
            continue;
        }
        let rebuilt = site.on_change(&changed);
        for d in &rebuilt.problems {
            say(Said::of(d), &d.render());
        }
        say(rebuilt.said(), &rebuilt.line());
        generation.bump();
    }
    drop(debouncer);
    http::wake(bound);
    let _ = http.join();
    // Open event streams notice the stop within their wait.
    generation.bump();
    if let Err(e) = folder.close() {
        say(
            Said::Warning,
            &format!("warning: cannot remove {}: {e}", crate::paths::shown(&out)),
        );
    }
    say(Said::Info, "stopped");
    Ok(())
}

/// A new folder for the site, made as `mkdtemp` makes one: a random name,
/// only its owner may enter it, and never one that already exists (on a
/// shared `/tmp` another user could have made it, or a link in it).
fn site_folder() -> std::io::Result<tempfile::TempDir> {
    let mut builder = tempfile::Builder::new();
    builder.prefix("chess-kit-docs-serve-");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        // Not the default: without it the mode is 0777 less the umask.
        builder.permissions(std::fs::Permissions::from_mode(0o700));
    }
    builder.tempdir()
}

/// The content hash of every file in `dir` that matters, as notify names it.
fn fingerprint(
    dir: &Path,
    recursive: bool,
    into: &mut std::collections::HashMap<PathBuf, Option<u64>>,
) {
    let Ok(absolute) = std::fs::canonicalize(dir) else {
        return;
    };
    let Ok(entries) = std::fs::read_dir(&absolute) else {
        return;
    };
    for entry in entries.filter_map(Result::ok) {
        let path = entry.path();
        if path.is_dir() {
            if recursive {
                fingerprint(&path, true, into);
            }
        } else if matters(&path) {
            let now = read_regular_file(&path).ok().map(|b| hash(&b));
            into.insert(path, now);
        }
    }
}

/// Serves one connection's request: a file of the site, or the event stream.
fn respond(
    mut stream: std::net::TcpStream,
    root: &Path,
    generation: &Generation,
    stop: &AtomicBool,
) {
    let request = match http::read_request(&mut stream) {
        Ok(r) => r,
        Err(Some(answer)) => return http::respond(stream, answer, false),
        Err(None) => return,
    };
    let url = request.target.split(['?', '#']).next().unwrap_or("/");
    if url == EVENTS && !request.head_only {
        let since = request
            .target
            .split_once("?since=")
            .and_then(|(_, n)| n.parse().ok());
        return events(stream, since, generation, stop);
    }
    let found = site_relative(url).and_then(|rel| Some((open_site_file(root, &rel)?, rel)));
    let answer = match found {
        // Typed by the file named, so `/` and `rules/` are pages.
        Some(((file, len), rel)) => {
            let content_type = content_type(&rel);
            let body = if content_type.starts_with("text/html") {
                http::Body::Bytes(stamped(file, len, generation.current()))
            } else {
                http::Body::File(file, len)
            };
            http::Response {
                status: 200,
                content_type,
                body,
            }
        }
        None => {
            let rel = percent_decode(url.trim_start_matches('/'));
            http::Response {
                status: 404,
                content_type: "text/html; charset=utf-8",
                body: http::Body::Bytes(not_found(&rel, generation.current()).into_bytes()),
            }
        }
    };
    http::respond(stream, answer, request.head_only);
}

/// A page as sent: its rebuild mark replaced by the rebuild current now.
/// The file on disk is that rebuild's (or the next one's, which then
/// reloads the page at once), so an unchanged page need not be written
/// again to carry a new number.
fn stamped(file: std::fs::File, len: u64, generation: u64) -> Vec<u8> {
    use std::io::Read as _;
    let mut text = Vec::new();
    // The length read when it was opened, and no more.
    let _ = file.take(len).read_to_end(&mut text);
    let mark = html::LIVE_RELOAD_MARK.as_bytes();
    match text.windows(mark.len()).position(|w| w == mark) {
        Some(at) => {
            let number = format!("data-live-reload=\"{generation}\"");
            text.splice(at..at + mark.len(), number.into_bytes());
            text
        }
        None => text,
    }
}

/// The path in the site that a request's URL path names, or `None` if it
/// could lead anywhere else. Split before decoding, so an encoded `/`
/// (`..%2f`, which browsers send as written) stays inside one name, and
/// such a name is refused: no `..`, `.`, empty, absolute, `/`, `\` or NUL.
fn site_relative(url_path: &str) -> Option<PathBuf> {
    let rel = url_path.strip_prefix('/')?;
    let mut path = PathBuf::new();
    let mut segments = rel.split('/').peekable();
    while let Some(segment) = segments.next() {
        // `/` and `dir/` name the folder's index.
        let name = if segment.is_empty() && segments.peek().is_none() {
            "index.html".to_string()
        } else {
            percent_decode(segment)
        };
        let plain = !matches!(name.as_str(), "" | "." | "..")
            && !name.contains(['/', '\\', '\0'])
            && Path::new(&name)
                .components()
                .all(|c| matches!(c, Component::Normal(_)));
        if !plain {
            return None;
        }
        path.push(name);
    }
    Some(path)
}

/// The regular file at `rel` in the folder `root`, opened, with its length;
/// `None` for anything else (a folder, FIFO or device, or a link that
/// leads out of the site), before a byte of it is read.
fn open_site_file(root: &Path, rel: &Path) -> Option<(std::fs::File, u64)> {
    let root = std::fs::canonicalize(root).ok()?;
    let path = std::fs::canonicalize(root.join(rel)).ok()?;
    if !path.starts_with(&root) {
        return None;
    }
    // Checked before opening, as opening a FIFO waits for a writer; then
    // on the handle, in case the path changed in between.
    if !std::fs::symlink_metadata(&path).ok()?.is_file() {
        return None;
    }
    let file = std::fs::File::open(&path).ok()?;
    let meta = file.metadata().ok()?;
    meta.is_file().then_some((file, meta.len()))
}

/// The page for a missing file. It listens for rebuilds too: a page whose
/// book was gone for a moment (an editor that truncates before it writes,
/// a `git checkout`) comes back by itself.
fn not_found(rel: &str, generation: u64) -> String {
    let name = html::markup::escape(rel);
    format!(
        "<!doctype html>\n<meta charset=\"utf-8\">\n<title>Not found</title>\n\
         <p>Not found: /{name}. This page reloads after the next rebuild.</p>\n\
         <script>new EventSource(\"{EVENTS}?since={generation}\")\
         .addEventListener(\"reload\", function () {{ location.reload(); }});</script>\n"
    )
}

/// The reload events of one page: `since` is the rebuild the page was
/// written by; a page older than the last rebuild reloads at once. A
/// comment every 10 s finds a page that has gone.
fn events(
    stream: std::net::TcpStream,
    since: Option<u64>,
    generation: &Generation,
    stop: &AtomicBool,
) {
    let mut seen = since.unwrap_or_else(|| generation.current());
    http::stream_events(stream, || {
        if stop.load(Ordering::SeqCst) {
            return None;
        }
        let now = generation.wait_past(seen, Duration::from_secs(10));
        Some(if now > seen {
            seen = now;
            format!("event: reload\ndata: {now}\n\n")
        } else {
            ": still here\n\n".to_string()
        })
    });
}

fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()) {
        Some("html") => "text/html; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("js") => "text/javascript; charset=utf-8",
        Some("svg") => "image/svg+xml",
        Some("png") => "image/png",
        Some("jpg" | "jpeg") => "image/jpeg",
        Some("ttf") => "font/ttf",
        _ => "application/octet-stream",
    }
}

/// `%20` and the like in a URL path.
fn percent_decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%'
            && let Some(hex) = s.get(i + 1..i + 3)
            && hex.bytes().all(|b| b.is_ascii_hexdigit())
            && let Ok(b) = u8::from_str_radix(hex, 16)
        {
            out.push(b);
            i += 3;
            continue;
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Opens `url` in the default browser, if the system has a way to.
fn open_browser(url: &str) {
    let command = if cfg!(target_os = "macos") {
        ("open", vec![url])
    } else if cfg!(windows) {
        ("cmd", vec!["/C", "start", url])
    } else {
        ("xdg-open", vec![url])
    };
    let _ = std::process::Command::new(command.0)
        .args(command.1)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_files_the_site_is_made_from_matter() {
        assert!(matters(Path::new("tests/seeds/rules.md")));
        assert!(matters(Path::new("rules/chess-kit-docs.toml")));
        assert!(matters(Path::new("templates/html/page.html")));
        assert!(!matters(Path::new("rules/.rules.md.swp")));
        assert!(!matters(Path::new("tests/seeds/rules.md~")));
        assert!(!matters(Path::new("rules/notes.txt")));
    }

    #[test]
    fn a_new_variant_in_the_settings_checks_an_unchanged_book_again() {
        let dir = tempfile::tempdir().unwrap();
        let book = dir.path().join("tiny.md");
        // A bishop on h1 lies outside a 6×6 board, but only the variant says so.
        let board = ". . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . k . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. K . . . . . B\n";
        let indented: String = board.lines().map(|l| format!("    {l}\n")).collect();
        std::fs::write(&book, format!("## Tiny Chess\n\n{indented}")).unwrap();
        let mut site = Site {
            paths: vec![book.clone()],
            out: dir.path().join("out"),
            drawings: Drawings::default(),
            books: BTreeMap::new(),
        };
        assert_eq!(site.rebuild("first build".into()).errors, 0);
        std::fs::write(
            dir.path().join("chess-kit-docs.toml"),
            "[[variant]]\ngame = \"Tiny Chess\"\nboard = 6\n",
        )
        .unwrap();
        let changed = BTreeSet::from(["chess-kit-docs.toml".to_string()]);
        let after = site.on_change(&changed);
        assert_eq!(after.errors, 1, "{:?}", after.first);
        assert!(after.first[0].contains("h1"), "{:?}", after.first);
    }

    #[test]
    fn a_missing_page_waits_for_the_next_rebuild() {
        let page = not_found("rules/<gone>.html", 7);
        assert!(page.contains("/__livereload?since=7"), "{page}");
        assert!(page.contains("location.reload()"), "{page}");
        assert!(page.contains("/rules/&lt;gone&gt;.html"), "{page}");
    }

    #[test]
    fn url_paths_are_decoded() {
        assert_eq!(percent_decode("a%20b.html"), "a b.html");
        assert_eq!(percent_decode("100%"), "100%");
        assert_eq!(percent_decode("%zz"), "%zz");
    }

    #[test]
    fn a_url_path_that_could_leave_the_site_names_nothing() {
        let rel = |u: &str| site_relative(u).map(|p| p.to_string_lossy().into_owned());
        assert_eq!(rel("/").as_deref(), Some("index.html"));
        assert_eq!(rel("/rules/").as_deref(), Some("rules/index.html"));
        assert_eq!(rel("/rules/a%20b.html").as_deref(), Some("rules/a b.html"));
        for bad in [
            "/..%2f..%2fdev%2fzero",
            "/../etc/passwd",
            "/%2e%2e/etc/passwd",
            "/./index.html",
            "/%2fetc%2fpasswd",
            "//etc/passwd",
            "/rules//a.html",
            "/..%5c..%5cetc%5cpasswd",
            "/index.html%00.png",
            "index.html",
            "http://127.0.0.1/index.html",
        ] {
            assert_eq!(rel(bad), None, "{bad}");
        }
    }

    #[cfg(unix)]
    #[test]
    fn only_a_regular_file_inside_the_site_is_opened() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("site");
        std::fs::create_dir_all(root.join("rules")).unwrap();
        std::fs::write(root.join("rules/a.html"), "page").unwrap();
        std::fs::write(dir.path().join("secret"), "secret").unwrap();
        std::os::unix::fs::symlink(dir.path().join("secret"), root.join("out.html")).unwrap();
        std::os::unix::fs::symlink("rules/a.html", root.join("in.html")).unwrap();
        std::os::unix::fs::symlink("/dev/zero", root.join("zero.html")).unwrap();
        let made = std::process::Command::new("mkfifo")
            .arg(root.join("pipe.html"))
            .status()
            .unwrap();
        assert!(made.success());
        let open = |rel: &str| open_site_file(&root, Path::new(rel)).map(|(_, len)| len);
        assert_eq!(open("rules/a.html"), Some(4));
        assert_eq!(open("in.html"), Some(4), "a link that stays inside");
        for bad in ["out.html", "zero.html", "pipe.html", "rules", "gone.html"] {
            assert_eq!(open(bad), None, "{bad}");
        }
    }

    /// The raw answer of `respond` to one request over a real socket.
    fn answer(root: &Path, request: &str) -> String {
        answer_at(root, request, &Generation::default())
    }

    fn answer_at(root: &Path, request: &str, generation: &Generation) -> String {
        use std::io::{Read as _, Write as _};
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let mut client = std::net::TcpStream::connect(listener.local_addr().unwrap()).unwrap();
        let (stream, _) = listener.accept().unwrap();
        client.write_all(request.as_bytes()).unwrap();
        respond(stream, root, generation, &AtomicBool::new(false));
        let mut text = String::new();
        client.read_to_string(&mut text).unwrap();
        text
    }

    #[test]
    fn a_page_is_sent_with_the_rebuild_current_then() {
        let dir = tempfile::tempdir().unwrap();
        let page = format!("<body {}>", html::LIVE_RELOAD_MARK);
        std::fs::write(dir.path().join("a.html"), &page).unwrap();
        std::fs::write(dir.path().join("a.js"), &page).unwrap();
        let generation = Generation::default();
        let get = |url: &str, generation: &Generation| {
            answer_at(
                dir.path(),
                &format!("GET {url} HTTP/1.1\r\n\r\n"),
                generation,
            )
        };
        assert!(get("/a.html", &generation).ends_with("<body data-live-reload=\"0\">"));
        generation.bump();
        generation.bump();
        let a = get("/a.html", &generation);
        assert!(a.ends_with("<body data-live-reload=\"2\">"), "{a}");
        assert!(a.contains("Content-Length: 27\r\n"), "{a}");
        // Only pages are stamped.
        assert!(get("/a.js", &generation).ends_with(&page));
    }

    #[test]
    fn a_folder_is_served_as_its_index_page() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("rules")).unwrap();
        std::fs::write(dir.path().join("index.html"), "top").unwrap();
        std::fs::write(dir.path().join("rules/index.html"), "book").unwrap();
        for (url, body) in [
            ("/", "top"),
            ("/rules/", "book"),
            ("/rules/index.html?x", "book"),
        ] {
            let a = answer(dir.path(), &format!("GET {url} HTTP/1.1\r\n\r\n"));
            assert!(a.starts_with("HTTP/1.1 200 OK\r\n"), "{url}: {a}");
            assert!(
                a.contains("Content-Type: text/html; charset=utf-8\r\n"),
                "{url}: {a}"
            );
            assert!(a.ends_with(body), "{url}: {a}");
        }
        let a = answer(dir.path(), "GET /..%2frules%2findex.html HTTP/1.1\r\n\r\n");
        assert!(a.starts_with("HTTP/1.1 404 "), "{a}");
        assert!(
            a.contains("This page reloads after the next rebuild"),
            "{a}"
        );
    }

    #[test]
    fn each_site_folder_is_new_and_private() {
        let (a, b) = (site_folder().unwrap(), site_folder().unwrap());
        assert_ne!(a.path(), b.path());
        let name = a.path().file_name().unwrap().to_string_lossy().into_owned();
        let random = name.strip_prefix("chess-kit-docs-serve-").unwrap();
        assert_ne!(random, std::process::id().to_string());
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt as _;
            let mode = std::fs::metadata(a.path()).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o700, "{mode:o}");
        }
        let path = a.path().to_path_buf();
        a.close().unwrap();
        assert!(!path.exists());
    }

    #[test]
    fn the_rebuild_line_names_the_change_time_and_findings() {
        let r = Rebuild {
            what: "rules.md changed".into(),
            elapsed: Duration::from_millis(84),
            drawn: 1,
            books: 2,
            errors: 4,
            warnings: 0,
            first: vec!["tests/seeds/rules.md:52:13: unknown piece `x`".into()],
            problems: Vec::new(),
        };
        assert_eq!(
            r.line(),
            "rules.md changed: 2 books in 84 ms, 1 diagram drawn; 4 errors, 0 warnings (tests/seeds/rules.md:52:13: unknown piece `x`; 3 more in the pages)"
        );
    }
}
