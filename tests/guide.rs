//! The README and the guide (`docs/`, an mdBook) cannot go stale: every
//! shell example in them is run, as `trycmd` runs cargo's, and every link
//! and anchor resolves.
//!
//! A page's examples run in order in one scratch folder that holds a copy
//! of the bundled `rules/`, with the tool on the `PATH` and `HOME` in the
//! scratch folder. A fenced block is an example when its language is
//! `console`, `sh`, `bash` or `shell`; words after it change how:
//!
//! - `console`: each `$ ` line is a command; the lines after it are its
//!   output (standard output and error, in order), where a line `...`
//!   stands for any lines and `[..]` for any text within a line.
//! - `sh` (and the others): the block is a script that must succeed.
//! - `exit=N`: the block's last command exits with N (the others with 0).
//! - `server`: one command that keeps running (`serve`): it must say where
//!   it serves within 30 s; it is then stopped.
//! - `no-run`: install commands (`pip`, `cargo`, `npm` …), which CI runs
//!   for real (`.ci/wheel`, `.ci/package`, `.ci/static`, `.ci/vscode`).

use std::collections::{BTreeSet, HashMap};
use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use pulldown_cmark::{CodeBlockKind, Event, Options, Parser, Tag, TagEnd};

#[allow(dead_code)]
mod support;

/// Whether the guide is here: the crate as packaged for crates.io carries
/// its pages' text but not the guide's book or pictures.
fn guide_here() -> bool {
    let here = Path::new("docs/book.toml").exists();
    if !here {
        support::say_skipped(
            "the guide's tests need docs/ as the repository has it (not the packaged crate)",
        );
    }
    here
}

const SHELLS: &[&str] = &["console", "sh", "bash", "shell"];
/// What a `no-run` block may hold: commands that install or build, which
/// need the network or take minutes, and which CI runs for real.
const INSTALLERS: &[&str] = &[
    "pip ",
    "pipx ",
    "uv ",
    "cargo ",
    "npm ",
    "npx ",
    "code ",
    "git ",
    "cd ",
    "curl ",
    "sha256sum ",
    "tar ",
    "v=",
];

/// The README and the guide's pages, in the order `SUMMARY.md` lists them.
fn pages() -> Vec<PathBuf> {
    let summary = fs::read_to_string("docs/SUMMARY.md").expect("docs/SUMMARY.md");
    let mut pages = vec![PathBuf::from("README.md")];
    for (dest, _) in links(&summary) {
        pages.push(Path::new("docs").join(dest));
    }
    pages
}

/// Every link and image of a Markdown text: its destination and its line.
fn links(text: &str) -> Vec<(String, usize)> {
    let mut out = Vec::new();
    for (event, range) in Parser::new_ext(text, Options::ENABLE_TABLES).into_offset_iter() {
        if let Event::Start(Tag::Link { dest_url, .. } | Tag::Image { dest_url, .. }) = event {
            out.push((dest_url.to_string(), line_of(text, range.start)));
        }
    }
    out
}

fn line_of(text: &str, offset: usize) -> usize {
    text[..offset].matches('\n').count() + 1
}

/// The anchors of a page's headings, as mdBook makes them (GitHub's are the
/// same for these pages): lower case, spaces as hyphens, other punctuation
/// dropped, `-1`, `-2` after a repeated one.
fn anchors(text: &str) -> BTreeSet<String> {
    let mut seen: HashMap<String, usize> = HashMap::new();
    let mut out = BTreeSet::new();
    let mut heading: Option<String> = None;
    for event in Parser::new_ext(text, Options::ENABLE_TABLES) {
        match event {
            Event::Start(Tag::Heading { .. }) => heading = Some(String::new()),
            Event::Text(t) | Event::Code(t) => {
                if let Some(h) = heading.as_mut() {
                    h.push_str(&t);
                }
            }
            Event::End(TagEnd::Heading(_)) => {
                let id: String = heading
                    .take()
                    .unwrap_or_default()
                    .chars()
                    .filter_map(|c| {
                        if c.is_alphanumeric() || c == '_' || c == '-' {
                            Some(c.to_lowercase().next().unwrap_or(c))
                        } else if c.is_whitespace() {
                            Some('-')
                        } else {
                            None
                        }
                    })
                    .collect();
                let n = seen.entry(id.clone()).or_insert(0);
                out.insert(if *n == 0 { id } else { format!("{id}-{n}") });
                *n += 1;
            }
            _ => {}
        }
    }
    out
}

fn markdown_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = fs::read_dir(dir).unwrap().flatten().collect();
    entries.sort_by_key(|e| e.path());
    for e in entries {
        let path = e.path();
        if path.is_dir() {
            markdown_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "md") {
            out.push(path);
        }
    }
}

fn decode(s: &str) -> String {
    percent_encoding::percent_decode_str(s)
        .decode_utf8_lossy()
        .into_owned()
}

#[test]
fn every_link_of_the_readme_and_the_guide_resolves() {
    if !guide_here() {
        return;
    }
    let mut files = vec![PathBuf::from("README.md"), PathBuf::from("CHANGELOG.md")];
    markdown_files(Path::new("docs"), &mut files);
    let docs = Path::new("docs");
    let mut broken = Vec::new();
    let mut count = 0;
    for file in files.iter().filter(|f| f.exists()) {
        let text = fs::read_to_string(file).unwrap();
        for (dest, line) in links(&text) {
            if dest.contains("://") || dest.starts_with("mailto:") {
                continue;
            }
            count += 1;
            let (path, anchor) = match dest.split_once('#') {
                Some((p, a)) => (p, Some(a)),
                None => (dest.as_str(), None),
            };
            let target = if path.is_empty() {
                file.clone()
            } else {
                file.parent().unwrap().join(decode(path))
            };
            if !target.exists() {
                broken.push(format!("{}:{line}: `{dest}`: no such file", file.display()));
                continue;
            }
            // The built guide holds only docs/: a link out of it is dead there.
            let inside = |p: &Path| {
                p.canonicalize()
                    .unwrap()
                    .starts_with(docs.canonicalize().unwrap())
            };
            if inside(file) && !inside(&target) {
                broken.push(format!(
                    "{}:{line}: `{dest}` leads out of docs/, so it is dead in the built guide",
                    file.display()
                ));
                continue;
            }
            if let Some(anchor) = anchor {
                let is_md = target.extension().is_some_and(|x| x == "md");
                if !is_md || !anchors(&fs::read_to_string(&target).unwrap()).contains(anchor) {
                    broken.push(format!(
                        "{}:{line}: `{dest}`: no heading with the anchor `#{anchor}`",
                        file.display()
                    ));
                }
            }
        }
    }
    assert!(count > 100, "only {count} links found");
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

/// mdBook publishes only the pages its summary lists: a page left out would
/// be a dead link in the built guide.
#[test]
fn the_guides_summary_lists_every_page() {
    if !guide_here() {
        return;
    }
    let listed: BTreeSet<PathBuf> = pages().into_iter().skip(1).collect();
    let mut files = Vec::new();
    markdown_files(Path::new("docs"), &mut files);
    let missing: Vec<_> = files
        .iter()
        .filter(|f| !f.ends_with("SUMMARY.md") && !listed.contains(*f))
        .collect();
    assert!(missing.is_empty(), "not in docs/SUMMARY.md: {missing:?}");
    for page in &listed {
        assert!(
            page.exists(),
            "docs/SUMMARY.md lists {}, which is missing",
            page.display()
        );
    }
}

#[test]
fn the_readme_is_a_front_door() {
    if !guide_here() {
        return;
    }
    let readme = fs::read_to_string("README.md").unwrap();
    let lines = readme.lines().count();
    assert!(
        lines <= 250,
        "README.md is {lines} lines; the rest belongs in the guide"
    );
    // The two commands come first.
    let first_block = readme.split("```").nth(1).unwrap();
    assert!(
        first_block.contains("cargo run --release -- build"),
        "{first_block}"
    );
    assert!(
        first_block.contains("cargo test --release"),
        "{first_block}"
    );
}

struct Example {
    page: PathBuf,
    line: usize,
    lang: String,
    attrs: Vec<String>,
    text: String,
}

fn examples(page: &Path) -> Vec<Example> {
    let text = fs::read_to_string(page).unwrap();
    let mut out = Vec::new();
    let mut current: Option<Example> = None;
    for (event, range) in Parser::new_ext(&text, Options::ENABLE_TABLES).into_offset_iter() {
        match event {
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info))) => {
                let mut words = info.split(|c: char| c == ',' || c.is_whitespace());
                let lang = words.next().unwrap_or("").to_string();
                if SHELLS.contains(&lang.as_str()) {
                    current = Some(Example {
                        page: page.to_path_buf(),
                        line: line_of(&text, range.start),
                        lang,
                        attrs: words.filter(|w| !w.is_empty()).map(String::from).collect(),
                        text: String::new(),
                    });
                }
            }
            Event::Text(t) => {
                if let Some(e) = current.as_mut() {
                    e.text.push_str(&t);
                }
            }
            Event::End(TagEnd::CodeBlock) => out.extend(current.take()),
            _ => {}
        }
    }
    out
}

fn copy_dir(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for e in fs::read_dir(from).unwrap().flatten() {
        let (src, dst) = (e.path(), to.join(e.file_name()));
        if src.is_dir() {
            copy_dir(&src, &dst);
        } else {
            fs::copy(&src, &dst).unwrap();
        }
    }
}

/// One page's scratch folder: the bundled books, a home, the tool first on
/// the `PATH`, and the folder the last command ended in.
struct Scratch {
    _dir: tempfile::TempDir,
    root: PathBuf,
    cwd: PathBuf,
    path: String,
}

impl Scratch {
    fn new() -> Scratch {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().canonicalize().unwrap();
        copy_dir(Path::new("rules"), &root.join("rules"));
        fs::create_dir_all(root.join("home")).unwrap();
        let bin = Path::new(env!("CARGO_BIN_EXE_chess-kit-docs"));
        let path = format!(
            "{}:{}",
            bin.parent().unwrap().display(),
            std::env::var("PATH").unwrap_or_default()
        );
        Scratch {
            cwd: root.clone(),
            _dir: dir,
            root,
            path,
        }
    }

    /// Runs `script` in bash from the current folder; returns its exit
    /// code and its output (standard output and error, in order).
    fn run(&mut self, script: &str) -> (i32, String) {
        let state = self.root.join(".cwd");
        let wrapped = format!("trap 'pwd > \"{}\"' EXIT\n{script}\n", state.display());
        let mut child = self.command(&wrapped).spawn().unwrap();
        let mut out = String::new();
        child
            .stdout
            .take()
            .unwrap()
            .read_to_string(&mut out)
            .unwrap();
        let status = child.wait().unwrap();
        if let Ok(cwd) = fs::read_to_string(&state) {
            self.cwd = PathBuf::from(cwd.trim_end());
        }
        (status.code().unwrap_or(-1), out)
    }

    fn command(&self, script: &str) -> Command {
        let mut c = Command::new("bash");
        // Output of both streams through one pipe, in the order written.
        c.arg("-c")
            .arg(format!("exec 2>&1\n{script}"))
            .current_dir(&self.cwd)
            .env("PATH", &self.path)
            .env("HOME", self.root.join("home"))
            .env("NO_COLOR", "1")
            .env_remove("CLICOLOR_FORCE")
            .env_remove("SOURCE_DATE_EPOCH")
            .env_remove("RAYON_NUM_THREADS")
            .stdin(Stdio::null())
            .stdout(Stdio::piped());
        c
    }

    /// Starts a server, waits for the line that says where it serves,
    /// then stops it as Ctrl-C would.
    fn serve(&mut self, command: &str) -> Result<String, String> {
        let mut child = self.command(&format!("exec {command}")).spawn().unwrap();
        let mut stdout = child.stdout.take().unwrap();
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = stdout.read(&mut buf) {
                if n == 0 || tx.send(buf[..n].to_vec()).is_err() {
                    break;
                }
            }
        });
        let start = Instant::now();
        let mut out = Vec::new();
        let result = loop {
            if let Ok(bytes) = rx.recv_timeout(Duration::from_millis(100)) {
                out.extend(bytes);
            }
            let text = String::from_utf8_lossy(&out).into_owned();
            if text.contains("http://127.0.0.1:") {
                break Ok(text);
            }
            if let Ok(Some(status)) = child.try_wait() {
                break Err(format!("it stopped ({status}):\n{text}"));
            }
            if start.elapsed() > Duration::from_secs(30) {
                break Err(format!("no address after 30 s:\n{text}"));
            }
        };
        unsafe { libc::kill(child.id() as i32, libc::SIGINT) };
        let _ = child.wait();
        result
    }
}

/// Whether `actual` is `expected`, where a line `...` stands for any lines
/// and `[..]` for any text within a line.
fn matches(expected: &[&str], actual: &[&str]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((&"...", rest)) => (0..=actual.len()).any(|i| matches(rest, &actual[i..])),
        Some((first, rest)) => {
            !actual.is_empty() && line_matches(first, actual[0]) && matches(rest, &actual[1..])
        }
    }
}

fn line_matches(expected: &str, actual: &str) -> bool {
    let mut parts = expected.split("[..]");
    let first = parts.next().unwrap_or("");
    let Some(mut rest) = actual.strip_prefix(first) else {
        return false;
    };
    let parts: Vec<&str> = parts.collect();
    for (i, part) in parts.iter().enumerate() {
        if i + 1 == parts.len() {
            return rest.ends_with(part);
        }
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    rest.is_empty()
}

/// A console block's commands, each with the output shown after it.
fn commands(text: &str) -> Vec<(String, Vec<&str>)> {
    let mut out: Vec<(String, Vec<&str>)> = Vec::new();
    let mut continued = false;
    for line in text.lines() {
        if continued {
            let (cmd, _) = out.last_mut().unwrap();
            cmd.push('\n');
            cmd.push_str(line);
            continued = line.ends_with('\\');
        } else if let Some(cmd) = line.strip_prefix("$ ") {
            out.push((cmd.to_string(), Vec::new()));
            continued = line.ends_with('\\');
        } else if let Some((_, expected)) = out.last_mut() {
            expected.push(line.trim_end());
        }
    }
    for (_, expected) in &mut out {
        while expected.last() == Some(&"") {
            expected.pop();
        }
    }
    out
}

fn run_example(scratch: &mut Scratch, e: &Example) -> Result<(), String> {
    let exit: i32 = e
        .attrs
        .iter()
        .find_map(|a| a.strip_prefix("exit="))
        .map_or(0, |n| n.parse().expect("exit=N"));
    if e.attrs.iter().any(|a| a == "server") {
        return scratch.serve(e.text.trim()).map(|_| ());
    }
    if e.lang != "console" {
        let (code, out) = scratch.run(&format!("set -eo pipefail\n{}", e.text));
        return if code == exit {
            Ok(())
        } else {
            Err(format!("exit code {code}, not {exit}:\n{out}"))
        };
    }
    let commands = commands(&e.text);
    if commands.is_empty() {
        return Err("a console block with no `$ ` command".into());
    }
    let last = commands.len() - 1;
    for (i, (command, expected)) in commands.into_iter().enumerate() {
        let exit = if i == last { exit } else { 0 };
        let (code, out) = scratch.run(&command);
        let actual: Vec<&str> = out.lines().map(str::trim_end).collect();
        let mut actual = actual.as_slice();
        while actual.last() == Some(&"") {
            actual = &actual[..actual.len() - 1];
        }
        if code != exit {
            return Err(format!("`{command}`: exit code {code}, not {exit}:\n{out}"));
        }
        if !matches(&expected, actual) {
            return Err(format!(
                "`{command}` printed:\n{}\n--- where the page shows:\n{}",
                actual.join("\n"),
                expected.join("\n")
            ));
        }
    }
    Ok(())
}

#[test]
fn every_shell_example_of_the_readme_and_the_guide_runs() {
    if !guide_here() {
        return;
    }
    let mut failures = Vec::new();
    let (mut ran, mut installers) = (0, 0);
    for page in pages() {
        let mut scratch = Scratch::new();
        for e in examples(&page) {
            let at = format!("{}:{}", e.page.display(), e.line);
            if e.attrs.iter().any(|a| a == "no-run") {
                for line in e.text.lines().map(str::trim) {
                    if !(line.is_empty()
                        || line.starts_with('#')
                        || INSTALLERS.iter().any(|p| line.starts_with(p)))
                    {
                        failures.push(format!(
                            "{at}: `no-run` is for install commands, not `{line}`"
                        ));
                    }
                }
                installers += 1;
                continue;
            }
            ran += 1;
            if let Err(why) = run_example(&mut scratch, &e) {
                failures.push(format!("{at}: {why}"));
            }
        }
    }
    eprintln!(
        "ran {ran} shell examples; {installers} install blocks not run here \
         (CI runs them: .ci/wheel, .ci/package, .ci/static)"
    );
    assert!(ran >= 20, "only {ran} examples ran");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn the_matcher_reads_wildcards() {
    assert!(matches(&["a", "...", "d"], &["a", "b", "c", "d"]));
    assert!(matches(&["a", "...", "d"], &["a", "d"]));
    assert!(!matches(&["a", "d"], &["a", "b", "d"]));
    assert!(line_matches("built [..] in [..] s", "built rules in 0.4 s"));
    assert!(!line_matches(
        "built [..] in [..] s",
        "built rules in 0.4 ms"
    ));
    assert!(line_matches("[..]", "anything"));
    assert!(!line_matches("exact", "exact plus"));
    let c = commands("$ a \\\n  b\nout\n\n$ c\n");
    assert_eq!(c[0].0, "a \\\n  b");
    assert_eq!(c[0].1, vec!["out"]);
    assert_eq!(c[1].0, "c");
}
