//! One book, every way in: `check` on a file, a folder, the parent of a
//! project and standard input (from the project and from a subfolder),
//! `build`, `render`, the language server and `serve`'s pages give the
//! same findings (file, line, column, severity, rule), because they all
//! resolve the book root, the settings, the style and the games in one
//! place (`src/settings/`).

use std::collections::BTreeSet;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

#[path = "support/lsp.rs"]
mod lsp_client;
use lsp_client::Client;

const TOOL: &str = env!("CARGO_BIN_EXE_chess-kit-docs");

/// The opening position and White's pawn from e2 three squares to e5: no
/// game built on chess allows it.
const ILLEGAL: &str = "    r n b q k b n r
    p p p p p p p p
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    P P P P P P P P
    R N B Q K B N R
    arrow: e2, e5, white
";

/// The same position with the pawn's double step: legal.
const LEGAL: &str = "    r n b q k b n r
    p p p p p p p p
    . . . . . . . .
    . . . . . . . .
    . . . . P . . .
    . . . . . . . .
    P P P P . P P P
    R N B Q K B N R
    arrow: e2, e4, white
";

/// A finding as every entry point can state it.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Finding {
    /// The file's name (`<stdin>` counts as the book's).
    file: String,
    line: u64,
    col: u64,
    severity: String,
    rule: Option<String>,
}

impl std::fmt::Display for Finding {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}:{}:{} {} {}",
            self.file,
            self.line,
            self.col,
            self.severity,
            self.rule.as_deref().unwrap_or("-")
        )
    }
}

fn file_name(path: &str) -> String {
    if path == "<stdin>" {
        return "book.md".to_string();
    }
    Path::new(path)
        .file_name()
        .map_or(path.to_string(), |n| n.to_string_lossy().into_owned())
}

/// The book: a coded game, a configured game, a game whose `[[variant]]`
/// has errors, and headings that look like a game's but are not `##`
/// headings of one, each over a diagram the game before would refuse.
fn book_text() -> String {
    format!(
        "---\ntitle: One Way In\n---\n\nA book.\n\n## Zombie Chess\n\nZombies.\n\n{LEGAL}\n{ILLEGAL}\n\
         ### Donut Chess\n\nA typo: a level-3 heading names a game.\n\n{ILLEGAL}\n\
         ## Donut Chess\n\nA configured game.\n\n{ILLEGAL}\n\
         ##Zombie Chess\n\nNo space after the hashes.\n\n{ILLEGAL}\n\
         ## Broken Chess\n\nIts variant has errors.\n\n{ILLEGAL}"
    )
}

const SETTINGS_OK: &str = "[build]\nout = \"../output\"\nstyle = \"style.toml\"\n\n\
[[variant]]\ngame = \"Donut Chess\"\n\n[[variant]]\ngame = \"Broken Chess\"\n";

/// Two errors in one `[[variant]]` table.
const SETTINGS_BAD: &str = "[build]\nout = \"../output\"\nstyle = \"style.toml\"\n\n\
[[variant]]\ngame = \"Donut Chess\"\n\n[[variant]]\ngame = \"Broken Chess\"\ndoubel_step = true\ncheck = \"no\"\n";

/// A project as `init` lays it out: `rules/` holds the book, its settings
/// and a style; a subfolder; `.git` so the search for settings stops here.
fn project(settings: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let rules = dir.path().join("proj").join("rules");
    std::fs::create_dir_all(rules.join("notes")).unwrap();
    std::fs::create_dir_all(dir.path().join("proj").join(".git")).unwrap();
    std::fs::write(rules.join("book.md"), book_text()).unwrap();
    std::fs::write(rules.join("chess-kit-docs.toml"), settings).unwrap();
    std::fs::write(rules.join("style.toml"), "[board]\nlight = \"#ffeecc\"\n").unwrap();
    dir
}

fn run(dir: &Path, args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(TOOL)
        .args(args)
        .current_dir(dir)
        .env_remove("SOURCE_DATE_EPOCH")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    input.write_all(stdin.unwrap_or("").as_bytes()).unwrap();
    drop(input);
    child.wait_with_output().unwrap()
}

/// The findings of `--format json`.
fn json_findings(out: &Output) -> BTreeSet<Finding> {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|v| v.get("severity").is_some())
        .map(|v| Finding {
            file: file_name(v["file"].as_str().unwrap()),
            line: v["line"].as_u64().unwrap_or(0),
            col: v["col"].as_u64().unwrap_or(0),
            severity: v["severity"].as_str().unwrap().to_string(),
            rule: v["rule"].as_str().map(str::to_string),
        })
        .collect()
}

/// The findings of the human format (`error: …`, ` --> file:line:col`,
/// `= note: rule `…``), as `build` prints them and `serve`'s pages show them.
fn human_findings(text: &str) -> BTreeSet<Finding> {
    let mut found = BTreeSet::new();
    let mut current: Option<Finding> = None;
    for line in text.lines() {
        let severity = ["error", "warning"]
            .into_iter()
            .find(|s| line.starts_with(&format!("{s}:")));
        if let Some(severity) = severity {
            found.extend(current.take());
            current = Some(Finding {
                file: String::new(),
                line: 0,
                col: 0,
                severity: severity.to_string(),
                rule: None,
            });
        } else if let Some(at) = line.trim_start().strip_prefix("--> ")
            && let Some(f) = &mut current
        {
            let mut parts = at.rsplitn(3, ':');
            let (col, line, file) = (parts.next(), parts.next(), parts.next());
            match (
                file,
                line.and_then(|l| l.parse().ok()),
                col.and_then(|c| c.parse().ok()),
            ) {
                (Some(file), Some(line), Some(col)) => {
                    f.file = file_name(file);
                    f.line = line;
                    f.col = col;
                }
                _ => f.file = file_name(at),
            }
        } else if let Some(rule) = line.trim_start().strip_prefix("= note: rule `")
            && let Some(f) = &mut current
        {
            f.rule = Some(rule.trim_end_matches('`').to_string());
        }
    }
    found.extend(current);
    // Summary lines (`error: nothing published …`) name no file and line.
    found.retain(|f| f.line > 0);
    found
}

fn show(set: &BTreeSet<Finding>) -> String {
    set.iter().map(|f| format!("  {f}\n")).collect()
}

fn assert_same(what: &str, want: &BTreeSet<Finding>, got: &BTreeSet<Finding>) {
    assert_eq!(
        want,
        got,
        "{what} differs from `check rules/book.md`:\nwanted\n{}got\n{}",
        show(want),
        show(got)
    );
}

fn line_of(text: &str, wanted: &str, nth: usize) -> u64 {
    text.lines()
        .enumerate()
        .filter(|(_, l)| *l == wanted)
        .nth(nth)
        .map(|(i, _)| i as u64 + 1)
        .unwrap_or_else(|| panic!("no {nth}th line `{wanted}`"))
}

#[test]
fn one_book_gives_the_same_findings_through_every_entry_point() {
    let dir = project(SETTINGS_BAD);
    let proj = dir.path().join("proj");
    let text = book_text();

    let by_file = run(&proj, &["check", "rules/book.md", "--format", "json"], None);
    assert_eq!(by_file.status.code(), Some(1));
    let want = json_findings(&by_file);

    // What the book must give, whichever way it is read.
    let arrow = "    arrow: e2, e5, white";
    let arrow_at = |n| (line_of(&text, arrow, n), 5);
    let has = |f: &Finding, file: &str, (line, col): (u64, u64), severity: &str, rule: &str| {
        f.file == file
            && f.line == line
            && f.col == col
            && f.severity == severity
            && f.rule.as_deref() == Some(rule)
    };
    // The coded game's and the configured game's illegal moves.
    for n in [0, 2] {
        assert!(
            want.iter()
                .any(|f| has(f, "book.md", arrow_at(n), "error", "arrow")),
            "no arrow error at {:?}:\n{}",
            arrow_at(n),
            show(&want)
        );
    }
    // Both errors of the settings file, at their lines.
    for (line, col) in [(10, 1), (11, 9)] {
        assert!(
            want.iter().any(|f| f.file == "chess-kit-docs.toml"
                && (f.line, f.col) == (line, col)
                && f.severity == "error"),
            "no settings error at {line}:{col}:\n{}",
            show(&want)
        );
    }
    // Under the headings that are not a `##` game heading, and under the
    // game whose variant is broken, no game's rules check the move.
    for n in [1, 3, 4] {
        assert!(
            !want
                .iter()
                .any(|f| f.file == "book.md" && f.line == arrow_at(n).0 && f.rule.is_some()),
            "the diagram at line {} was checked by some game's rules:\n{}",
            arrow_at(n).0,
            show(&want)
        );
    }
    // Each look-alike heading is a warning at its own line.
    for heading in ["### Donut Chess", "##Zombie Chess"] {
        let line = line_of(&text, heading, 0);
        assert!(
            want.iter()
                .any(|f| f.file == "book.md" && f.line == line && f.severity == "warning"),
            "no warning at `{heading}` (line {line}):\n{}",
            show(&want)
        );
    }
    // The diagrams' records name the section whose game reads them: none
    // after a look-alike heading.
    let sections: Vec<Value> = String::from_utf8_lossy(&by_file.stdout)
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|v| v.get("diagram").is_some())
        .map(|v| v["section"].clone())
        .collect();
    assert_eq!(
        sections,
        [
            json!("Zombie Chess"),
            json!("Zombie Chess"),
            Value::Null,
            json!("Donut Chess"),
            Value::Null,
            json!("Broken Chess"),
        ],
        "{sections:?}"
    );
    // No warning asks for the variant the author wrote (and broke).
    let broken = line_of(&text, "## Broken Chess", 0);
    assert!(!want.iter().any(|f| f.line == broken), "{}", show(&want));

    // `check` on the folder, from the project, from the folder's parent
    // (a folder made by `init` stands for its `rules/`), with no path, and
    // from inside `rules/`.
    let parent = dir.path();
    for (cwd, args) in [
        (&proj, vec!["check", "rules", "--format", "json"]),
        (&proj, vec!["check", "--format", "json"]),
        (
            &parent.to_path_buf(),
            vec!["check", "proj", "--format", "json"],
        ),
        (&proj.join("rules"), vec!["check", "--format", "json"]),
        (
            &proj.join("rules").join("notes"),
            vec!["check", "--format", "json"],
        ),
    ] {
        let out = run(cwd, &args, None);
        assert_eq!(out.status.code(), Some(1), "{args:?} in {}", cwd.display());
        assert_same(
            &format!("{args:?} in {}", cwd.display()),
            &want,
            &json_findings(&out),
        );
    }
    // Standard input, from the project and from a subfolder of the book root.
    for cwd in [proj.clone(), proj.join("rules").join("notes")] {
        let out = run(&cwd, &["check", "-", "--format", "json"], Some(&text));
        assert_eq!(out.status.code(), Some(1));
        assert_same(
            &format!("check - in {}", cwd.display()),
            &want,
            &json_findings(&out),
        );
    }
    // The human and GitHub formats say the same.
    let human = run(&proj, &["check", "rules/book.md"], None);
    assert_same(
        "check (human)",
        &want,
        &human_findings(&String::from_utf8_lossy(&human.stderr)),
    );
    let github = run(&proj, &["check", "--format", "github"], None);
    let annotations = String::from_utf8_lossy(&github.stdout)
        .lines()
        .filter(|l| l.starts_with("::error") || l.starts_with("::warning"))
        .count();
    assert_eq!(
        annotations,
        want.len(),
        "{}",
        String::from_utf8_lossy(&github.stdout)
    );

    // `build`, from the project and from its parent: the same findings, and
    // nothing published.
    for (cwd, args) in [
        (&proj, vec!["build"]),
        (&parent.to_path_buf(), vec!["build", "proj"]),
    ] {
        let out = run(cwd, &args, None);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert_same(
            &format!("{args:?}"),
            &want,
            &human_findings(&String::from_utf8_lossy(&out.stderr)),
        );
    }
    assert!(!proj.join("output").join("book.pdf").exists());

    // `render` reads the same settings: their errors stop it, and it names
    // them all.
    let settings_only: BTreeSet<Finding> = want
        .iter()
        .filter(|f| f.file == "chess-kit-docs.toml")
        .cloned()
        .collect();
    for (args, stdin) in [
        (vec!["render", "rules/book.md", "--diagram", "1"], None),
        (vec!["render", "-", "--diagram", "1"], Some(text.as_str())),
    ] {
        let out = run(&proj, &args, stdin);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert_same(
            &format!("{args:?} (the settings' part)"),
            &settings_only,
            &human_findings(&String::from_utf8_lossy(&out.stderr)),
        );
    }

    // The language server, on the document and the settings file.
    assert_same("the language server", &want, &lsp_findings(&proj));

    // `serve`'s pages.
    assert_same("serve's pages", &want, &serve_findings(&proj));
}

/// An editor's unsaved copy piped to `check --stdin-filename PATH` is
/// checked as the file at PATH: named so, with its book's allowances, from
/// the project and from a subfolder, as `check PATH` checks the file.
#[test]
fn stdin_named_by_stdin_filename_is_checked_as_its_file() {
    let settings = format!(
        "{SETTINGS_OK}\n[[check.allow]]\nbook = \"book\"\nsection = \"Zombie Chess\"\n\
         diagram = 2\nrule = \"arrow\"\nreason = \"kept for the example\"\n"
    );
    let dir = project(&settings);
    let proj = dir.path().join("proj");
    let text = book_text();
    for (cwd, path) in [
        (proj.clone(), "rules/book.md"),
        (proj.join("rules").join("notes"), "../book.md"),
    ] {
        let by_file = run(&cwd, &["check", path, "--format", "json"], None);
        let piped = run(
            &cwd,
            &["check", "--stdin-filename", path, "--format", "json"],
            Some(&text),
        );
        let dash = run(
            &cwd,
            &["check", "-", "--stdin-filename", path, "--format", "json"],
            Some(&text),
        );
        let stdout = String::from_utf8_lossy(&by_file.stdout);
        assert!(
            stdout.contains(r#""allowed":"kept for the example""#)
                && stdout.contains(&format!(r#""file":"{path}""#)),
            "{stdout}"
        );
        for out in [&piped, &dash] {
            assert_eq!(out.status.code(), by_file.status.code(), "{out:?}");
            assert_eq!(
                String::from_utf8_lossy(&out.stdout),
                stdout,
                "in {}",
                cwd.display()
            );
        }
    }
    // A second path beside it is a usage error, found before standard
    // input is read (so none is given: the pipe would be closed on it).
    let out = run(
        &proj,
        &["check", "--stdin-filename", "rules/book.md", "rules"],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("give it with `-` or no path"),
        "{out:?}"
    );
}

/// With sound settings the style they name draws every diagram: `render`
/// of a file and of standard input, and `build`.
#[test]
fn render_draws_in_the_style_the_settings_name() {
    let dir = project(SETTINGS_OK);
    let proj = dir.path().join("proj");
    let text = book_text();
    let from_file = run(&proj, &["render", "rules/book.md", "--diagram", "1"], None);
    assert_eq!(from_file.status.code(), Some(0), "{from_file:?}");
    let from_stdin = run(&proj, &["render", "-", "--diagram", "1"], Some(&text));
    assert_eq!(from_stdin.status.code(), Some(0), "{from_stdin:?}");
    for out in [&from_file, &from_stdin] {
        let svg = String::from_utf8_lossy(&out.stdout).to_ascii_lowercase();
        assert!(
            svg.contains("#ffeecc"),
            "the style's light squares: {svg:.300}"
        );
    }
    assert_eq!(from_file.stdout, from_stdin.stdout);
}

/// `check` meets every problem `build` would: a broken style file named by
/// the settings is an error at its line, and so is a broken template.
#[test]
fn check_refuses_a_broken_style_and_template_as_build_does() {
    let dir = project(SETTINGS_OK);
    let proj = dir.path().join("proj");
    let rules = proj.join("rules");
    std::fs::write(rules.join("book.md"), format!("## Zombie Chess\n\n{LEGAL}")).unwrap();
    std::fs::write(
        rules.join("style.toml"),
        "[board]\nlight = \"#ffeecc\"\nlihgt = \"#000000\"\n[arow]\nwidth = 1\n",
    )
    .unwrap();
    std::fs::create_dir_all(rules.join("templates").join("html")).unwrap();
    std::fs::write(
        rules.join("templates").join("html").join("page.html"),
        "<html>\n{% if %}\n</html>\n",
    )
    .unwrap();
    let check = run(&proj, &["check", "--format", "json"], None);
    assert_eq!(check.status.code(), Some(1));
    let found = json_findings(&check);
    let at = |file: &str, line: u64| {
        found
            .iter()
            .any(|f| f.file == file && f.line == line && f.severity == "error")
    };
    assert!(
        at("style.toml", 3) && at("style.toml", 4),
        "{}",
        show(&found)
    );
    assert!(at("page.html", 2), "{}", show(&found));
    let stdout = String::from_utf8_lossy(&check.stdout);
    assert!(stdout.contains("did you mean `arrow`?"), "{stdout}");
    let build = run(&proj, &["build"], None);
    assert_eq!(build.status.code(), Some(1));
    assert_same(
        "build",
        &found,
        &human_findings(&String::from_utf8_lossy(&build.stderr)),
    );
}

/// `-q` hides the warnings that do not fail the run, never one that does.
#[test]
fn quiet_keeps_the_warning_that_fails_the_run() {
    let dir = project(SETTINGS_OK);
    let proj = dir.path().join("proj");
    std::fs::write(
        proj.join("rules").join("book.md"),
        format!("## Donut Chess\n\n{LEGAL}\n## Plain Chess\n\n{LEGAL}"),
    )
    .unwrap();
    let denied = run(&proj, &["check", "--deny", "warnings", "-q"], None);
    assert_eq!(denied.status.code(), Some(1));
    let said = String::from_utf8_lossy(&denied.stderr);
    assert!(said.contains("no rules known for `Plain Chess`"), "{said}");
    let unchecked = run(&proj, &["check", "--deny", "unchecked", "-q"], None);
    assert_eq!(unchecked.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&unchecked.stderr).contains("Plain Chess"));
    let quiet = run(&proj, &["check", "-q"], None);
    assert_eq!(quiet.status.code(), Some(0));
    assert!(
        !String::from_utf8_lossy(&quiet.stderr).contains("warning"),
        "{quiet:?}"
    );
}

/// The language server checks a rulebook of a book root, and nothing else:
/// a README beside it, or notes elsewhere, get no findings.
#[test]
fn the_language_server_checks_only_rulebooks() {
    let dir = project(SETTINGS_OK);
    let proj = dir.path().join("proj");
    let readme = proj.join("README.md");
    let notes = proj.join("notes.md");
    let text = format!("## Zombie Chess\n\n{ILLEGAL}");
    let mut lsp = Client::start_in(&proj);
    lsp.request(
        "initialize",
        json!({ "processId": null, "rootUri": null, "capabilities": {} }),
    );
    lsp.notify("initialized", json!({}));
    for path in [&readme, &notes, &proj.join("rules").join("README.md")] {
        std::fs::write(path, &text).unwrap();
        did_open(&mut lsp, &uri(path), &text);
    }
    let book = proj.join("rules").join("book.md");
    let book_uri = uri(&book);
    let published = lsp.open(&book_uri, &text);
    assert!(
        published.iter().any(|d| d["code"] == "arrow"),
        "{published:?}"
    );
    // Only the rulebook (and the settings file) got diagnostics.
    let others: Vec<&Value> = lsp
        .held
        .iter()
        .filter(|m| m["method"] == "textDocument/publishDiagnostics")
        .filter(|m| {
            let u = m["params"]["uri"].as_str().unwrap_or("");
            u != book_uri && !u.ends_with("chess-kit-docs.toml")
        })
        .collect();
    assert!(others.is_empty(), "{others:?}");
    assert_eq!(lsp.shutdown(), 0);
}

/// Opens a document without waiting for its diagnostics (a file that is
/// not a rulebook gets none).
fn did_open(lsp: &mut Client, uri: &str, text: &str) {
    lsp.notify(
        "textDocument/didOpen",
        json!({ "textDocument": {
            "uri": uri, "languageId": "markdown", "version": 1, "text": text,
        }}),
    );
}

fn uri(path: &Path) -> String {
    format!("file://{}", path.display())
}

/// What the language server publishes for `rules/book.md` opened as it
/// is on disk, and for the settings file beside it.
fn lsp_findings(proj: &Path) -> BTreeSet<Finding> {
    let book = proj.join("rules").join("book.md");
    let settings = proj.join("rules").join("chess-kit-docs.toml");
    let mut lsp = Client::start_in(proj);
    lsp.request(
        "initialize",
        json!({ "processId": null, "rootUri": null, "capabilities": {} }),
    );
    lsp.notify("initialized", json!({}));
    let book_uri = uri(&book);
    let mut found = BTreeSet::new();
    let on_book = lsp.open(&book_uri, &std::fs::read_to_string(&book).unwrap());
    let on_settings = lsp.diagnostics(&uri(&settings));
    for (list, name) in [(on_book, "book.md"), (on_settings, "chess-kit-docs.toml")] {
        for d in list {
            found.insert(Finding {
                file: name.to_string(),
                line: d["range"]["start"]["line"].as_u64().unwrap() + 1,
                col: d["range"]["start"]["character"].as_u64().unwrap() + 1,
                severity: match d["severity"].as_u64() {
                    Some(1) => "error",
                    Some(2) => "warning",
                    _ => "other",
                }
                .to_string(),
                rule: d["code"].as_str().map(str::to_string),
            });
        }
    }
    assert_eq!(lsp.shutdown(), 0);
    found
}

/// The findings `serve` shows on the book's pages, read from the site it
/// serves.
fn serve_findings(proj: &Path) -> BTreeSet<Finding> {
    let tmp = proj.join("tmp");
    std::fs::create_dir_all(&tmp).unwrap();
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let mut child = Command::new(TOOL)
        .args(["serve", "--port", &port.to_string()])
        .current_dir(proj)
        .env("TMPDIR", &tmp)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stderr = child.stderr.take().unwrap();
    let (tx, said) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            let _ = tx.send(line);
        }
    });
    let deadline = Instant::now() + Duration::from_secs(60);
    let mut heard = Vec::new();
    while !heard
        .iter()
        .any(|l: &String| l.contains("serving http://127.0.0.1:"))
    {
        match said.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
            Ok(l) => heard.push(l),
            Err(_) => {
                let _ = child.kill();
                let _ = child.wait();
                panic!("serve did not start: {}", heard.join("\n"));
            }
        }
    }
    // The page is served as it is written.
    let mut page = String::new();
    let mut stream = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
    write!(
        stream,
        "GET /book/index.html HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    stream.read_to_string(&mut page).unwrap();
    assert!(page.starts_with("HTTP/1.1 200"), "{page:.300}");
    let site: Vec<PathBuf> = std::fs::read_dir(&tmp)
        .unwrap()
        .flatten()
        .map(|e| e.path().join("html").join("book"))
        .filter(|p| p.is_dir())
        .collect();
    let mut text = String::new();
    for dir in &site {
        for e in std::fs::read_dir(dir).unwrap().flatten() {
            if e.path().extension().is_some_and(|x| x == "html") {
                text.push_str(&std::fs::read_to_string(e.path()).unwrap());
            }
        }
    }
    let _ = child.kill();
    let _ = child.wait();
    // Each finding is the human form in a `<pre class="finding …">`.
    let mut findings = String::new();
    for piece in text.split("<pre class=\"finding ").skip(1) {
        let body = piece.split_once('>').map_or("", |(_, b)| b);
        let body = body.split("</pre>").next().unwrap_or("");
        findings.push_str(
            &body
                .replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&quot;", "\"")
                .replace("&#39;", "'")
                .replace("&#x27;", "'")
                .replace("&amp;", "&"),
        );
        findings.push('\n');
    }
    human_findings(&findings)
}

/// Every problem of the settings in one run, each where it is: a bad key
/// and a switch's problem in one `[[variant]]` table, a second table for
/// the same game, and a style file the settings name that is not there
/// (at the `style` line). The game of the broken table checks nothing.
#[test]
fn every_settings_problem_is_reported_where_it_is() {
    let settings = "[build]\nstyle = \"nope.toml\"\n\n\
[[variant]]\ngame = \"Donut Chess\"\nchek = true\nholes_swallow = true\n\n\
[[variant]]\ngame = \"Donut Chess\"\ncheck = false\n";
    let dir = project(settings);
    let proj = dir.path().join("proj");
    std::fs::write(
        proj.join("rules").join("book.md"),
        format!("## Donut Chess\n\n{ILLEGAL}"),
    )
    .unwrap();
    let out = run(&proj, &["check", "--format", "json"], None);
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    let records: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|v| v.get("severity").is_some())
        .collect();
    let at = |line: u64, col: u64, reason: &str| {
        records.iter().any(|r| {
            r["file"].as_str().unwrap().ends_with("chess-kit-docs.toml")
                && r["line"] == line
                && r["col"] == col
                && r["message"].as_str().unwrap().contains(reason)
        })
    };
    assert!(at(2, 9, "cannot read the style file"), "{text}");
    assert!(at(6, 1, "unknown field `chek`"), "{text}");
    assert!(at(7, 17, "needs `holes`"), "{text}");
    assert!(at(10, 8, "configured twice"), "{text}");
    // The illegal move is checked by neither table.
    assert!(
        !records.iter().any(|r| r["rule"] == "arrow"),
        "the broken game's diagram was checked: {text}"
    );
    assert!(
        !records.iter().any(|r| r["rule"] == "unknown-game"),
        "a warning asks for the table the author wrote: {text}"
    );
}
