//! `build` and `check` as a user runs them, on the reliability faults of
//! issue 10: `check` refuses what `build` would, a failed build leaves the
//! last published files as they were, nothing outside the output folder is
//! written or copied, a closed pipe ends the output quietly, and an
//! unreadable SOURCE_DATE_EPOCH is a warning.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::os::unix::fs::symlink;
use std::os::unix::process::ExitStatusExt as _;
use std::path::Path;
use std::process::Stdio;

use chess_kit_docs::output::{JOURNAL, LOCK_FILE, OutputDir, SEEN, STOP_VAR, hash};

#[allow(dead_code)]
mod support;
use support::*;

fn s(p: &Path) -> String {
    p.display().to_string()
}

const BOARD: &str = "    . . . . k . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . K . . .
";

/// A rulebook `book.md` with one diagram under `## A`, in a new folder.
fn book(extra: &str) -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("book.md");
    fs::write(
        &path,
        format!("---\ntitle: T\n---\n\n## A\n\n{BOARD}{extra}"),
    )
    .unwrap();
    (dir, path)
}

#[test]
fn check_refuses_what_build_once_failed_on() {
    let not_an_image = (
        "\n![Diagram](notes.png)\n",
        16,
        "is neither a PNG nor a JPEG image",
    );
    let margins = ("    margins: 1000, 0\n", 15, "is too far from the board");
    for (extra, line, message) in [not_an_image, margins] {
        let (dir, path) = book(extra);
        fs::write(dir.path().join("notes.png"), "plain text").unwrap();
        let o = run(&["check", &s(&path)]);
        assert_eq!(o.status.code(), Some(1), "{extra}: {}", stderr(&o));
        let err = stderr(&o);
        assert!(err.contains(message), "{err}");
        assert!(err.contains(&format!("book.md:{line}:")), "{err}");
        let out = dir.path().join("out");
        let o = run(&["build", &s(&path), "--out", &s(&out)]);
        assert_eq!(o.status.code(), Some(1));
        assert!(!out.join("site").exists(), "nothing published");
    }
    // A heading whose anchor is too long to name its images.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("book.md");
    fs::write(&path, format!("## {}\n\n{BOARD}", "Long ".repeat(56))).unwrap();
    let o = run(&["check", &s(&path)]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("book.md:1:1"), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("anchor has 279 bytes"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn a_failed_build_leaves_the_last_published_files_as_they_were() {
    let (dir, path) = book("");
    let out = dir.path().join("out");
    let o = run(&["build", &s(&path), "--out", &s(&out)]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let page = out.join("site/book.md");
    let before = fs::read(&page).unwrap();
    let pdf_before = fs::read(out.join("book.pdf")).unwrap();

    // The next build cannot write its images (their folder became a link
    // out of the output folder), after its page and PDF were ready.
    let elsewhere = dir.path().join("elsewhere");
    fs::create_dir(&elsewhere).unwrap();
    fs::remove_dir_all(out.join("site/images/book")).unwrap();
    symlink(&elsewhere, out.join("site/images/book")).unwrap();
    fs::write(
        &path,
        format!("---\ntitle: Changed\n---\n\n## A\n\nNew text.\n\n{BOARD}"),
    )
    .unwrap();
    let o = run(&["build", &s(&path), "--out", &s(&out)]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("is a symbolic link"), "{}", stderr(&o));
    assert_eq!(fs::read(&page).unwrap(), before, "the old page stays");
    assert_eq!(fs::read(out.join("book.pdf")).unwrap(), pdf_before);
    assert_eq!(fs::read_dir(&elsewhere).unwrap().count(), 0);
    let leftovers: Vec<_> = fs::read_dir(out.join("site"))
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

#[test]
fn an_output_folder_holding_a_source_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("x/site");
    fs::create_dir_all(&site).unwrap();
    let source = site.join("book.md");
    let text = format!("## A\n\n{BOARD}");
    fs::write(&source, &text).unwrap();
    let o = run(&["build", &s(&site), "--out", &s(&dir.path().join("x"))]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(err.contains("x/site/book.md"), "{err}");
    assert!(err.contains("inside the output folder"), "{err}");
    assert_eq!(fs::read_to_string(&source).unwrap(), text);
}

#[test]
fn a_linked_image_outside_the_book_folder_is_neither_accepted_nor_copied() {
    let (dir, path) = book("\n![Secret](secret.png)\n");
    let outside = tempfile::tempdir().unwrap();
    let png = fs::read("docs/diagram-tar-pit.png").unwrap();
    fs::write(outside.path().join("secret.png"), &png).unwrap();
    symlink(
        outside.path().join("secret.png"),
        dir.path().join("secret.png"),
    )
    .unwrap();
    let o = run(&["check", &s(&path)]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("outside the book's folder"),
        "{}",
        stderr(&o)
    );
    let out = dir.path().join("out");
    let o = run(&["build", &s(&path), "--out", &s(&out)]);
    assert_eq!(o.status.code(), Some(1));
    assert!(!out.join("site/secret.png").exists());
    // The same image really inside the folder is fine.
    fs::remove_file(dir.path().join("secret.png")).unwrap();
    fs::write(dir.path().join("secret.png"), &png).unwrap();
    let o = run(&["build", &s(&path), "--out", &s(&out)]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(fs::read(out.join("site/secret.png")).unwrap(), png);
}

#[test]
fn a_closed_pipe_ends_the_output_quietly() {
    for args in [
        &["check", "rules/"][..],
        &["check", "rules/", "--format", "json"],
        &["render", "tests/seeds/rules.md", "--diagram", "1"],
    ] {
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        let o = tool()
            .args(args)
            .stdout(writer)
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        let err = stderr(&o);
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(
            matches!(o.status.code(), Some(0 | 1)),
            "{args:?}: {:?}",
            o.status
        );
    }
}

#[test]
fn an_unreadable_source_date_epoch_is_a_warning() {
    let (dir, path) = book("");
    let out = dir.path().join("out");
    // Not a number, before 1970, or past what a PDF date holds.
    for value in ["yesterday", "-86400", "253402300800"] {
        let o = tool()
            .args(["build", &s(&path), "--out", &s(&out)])
            .env("SOURCE_DATE_EPOCH", value)
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let err = stderr(&o);
        assert!(err.contains("warning"), "{value}: {err}");
        assert!(err.contains("SOURCE_DATE_EPOCH"), "{err}");
        assert!(
            err.contains(&format!(
                "`{value}` is not a whole number of seconds from 1970-01-01 to the year 9999"
            )),
            "{err}"
        );
    }
    let o = tool()
        .args(["build", &s(&path), "--out", &s(&out)])
        .env("SOURCE_DATE_EPOCH", "1700000000")
        .output()
        .unwrap();
    assert!(!stderr(&o).contains("SOURCE_DATE_EPOCH"), "{}", stderr(&o));
    let _ = stdout(&o);
}

/// The links of a page that lead to local files (not `http:`, `#…` or
/// `mailto:`), percent-decoded, in `href="…"`, `src="…"` and `](…)`.
fn local_links(text: &str) -> Vec<String> {
    let mut links = Vec::new();
    for open in ["href=\"", "src=\"", "]("] {
        let close = if open == "](" { ')' } else { '"' };
        for (at, _) in text.match_indices(open) {
            let rest = &text[at + open.len()..];
            let Some(end) = rest.find(close) else {
                continue;
            };
            let link = rest[..end].split('#').next().unwrap_or("");
            if link.is_empty() || link.contains(':') {
                continue;
            }
            let decoded = percent_encoding::percent_decode_str(link)
                .decode_utf8()
                .unwrap()
                .into_owned();
            links.push(decoded);
        }
    }
    links
}

/// Books whose names hold `#`, `?`, `%` or a space are published with
/// links that lead to their files; a name that cannot name files is an
/// error at its first line, in `check` and `build`.
#[test]
fn every_link_made_from_a_books_name_leads_to_its_file() {
    for name in ["a#b", "a?b", "a%2e", "a b"] {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(format!("{name}.md"));
        fs::write(&path, format!("# T\n\n## A\n\n{BOARD}")).unwrap();
        let out = dir.path().join("out");
        let o = run(&["build", &s(&path), "--out", &s(&out)]);
        assert_eq!(o.status.code(), Some(0), "{name}: {}", stderr(&o));
        let pages = [
            out.join(format!("site/{name}.md")),
            out.join("html/index.html"),
            out.join(format!("html/{name}/index.html")),
            out.join(format!("html/{name}/a.html")),
        ];
        for page in pages {
            let text = fs::read_to_string(&page).unwrap();
            let links = local_links(&text);
            assert!(!links.is_empty(), "{name}: {}", page.display());
            for link in links {
                let target = page.parent().unwrap().join(&link);
                assert!(
                    target.exists(),
                    "{name}: {} links `{link}`, which is not there",
                    page.display()
                );
            }
        }
    }
    for (file, reason) in [
        ("..md", "starts with a dot"),
        ("assets.md", "keeps for its own files"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(file);
        fs::write(&path, format!("# T\n\n## A\n\n{BOARD}")).unwrap();
        let o = run(&["check", &s(&path)]);
        assert_eq!(o.status.code(), Some(1), "{file}");
        assert!(
            stderr(&o).contains(&format!("{file}:1:1")),
            "{}",
            stderr(&o)
        );
        assert!(stderr(&o).contains(reason), "{}", stderr(&o));
        let out = dir.path().join("out");
        let o = run(&["build", &s(&path), "--out", &s(&out)]);
        assert_eq!(o.status.code(), Some(1), "{file}");
        assert!(!out.join("html").exists(), "{file}: nothing published");
    }
}

/// Runs the tool with `args`, killing it after `secs` seconds: a hung run
/// is a failure, not a test that never ends.
fn run_within(args: &[&str], secs: u64) -> Option<std::process::Output> {
    let mut child = tool()
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = std::time::Instant::now();
    while start.elapsed() < std::time::Duration::from_secs(secs) {
        if child.try_wait().unwrap().is_some() {
            return Some(child.wait_with_output().unwrap());
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let _ = child.kill();
    let _ = child.wait();
    None
}

/// The settings, a contents file, a `--style` file and `import`'s input
/// that are a FIFO or a link to `/dev/zero` are refused at once, naming
/// the file, and nothing is published.
#[test]
fn only_regular_files_are_read_for_every_input() {
    for kind in ["fifo", "zero"] {
        let make = |path: &Path| match kind {
            "fifo" => {
                let made = std::process::Command::new("mkfifo")
                    .arg(path)
                    .status()
                    .unwrap();
                assert!(made.success());
            }
            _ => symlink("/dev/zero", path).unwrap(),
        };
        for input in [
            "chess-kit-docs.toml",
            "book_contents.csv",
            "style.toml",
            "import",
        ] {
            let (dir, path) = book("");
            let special = dir.path().join(input);
            make(&special);
            let out = dir.path().join("out");
            let args: Vec<String> = match input {
                "style.toml" => vec![
                    "build".into(),
                    s(&path),
                    "--out".into(),
                    s(&out),
                    "--style".into(),
                    s(&special),
                ],
                "import" => vec!["import".into(), s(&special)],
                _ => vec!["build".into(), s(&path), "--out".into(), s(&out)],
            };
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let o = run_within(&args, 20).unwrap_or_else(|| panic!("{kind} {input}: the run hung"));
            let err = stderr(&o);
            assert_ne!(o.status.code(), Some(0), "{kind} {input}: {err}");
            assert!(err.contains(input), "{kind} {input}: {err}");
            assert!(
                err.contains("not a regular file") || err.contains("not UTF-8"),
                "{kind} {input}: {err}"
            );
            assert!(!out.join("book.pdf").exists(), "{kind} {input}: published");
        }
    }
}

/// A local file the book links to is published beside its pages, an image
/// path with `%20` is read as a space, and a link to no file is an error
/// at the link in `check` and `build`.
#[test]
fn local_links_lead_to_published_files_or_are_errors() {
    let (dir, path) = book(
        "\nThe [card table](notes/cards.txt), [mail](mailto:a@b.c), [web](https://example.com/x) and ![a board](my%20board.png).\n",
    );
    fs::create_dir(dir.path().join("notes")).unwrap();
    fs::write(dir.path().join("notes/cards.txt"), "cards").unwrap();
    fs::copy(
        "docs/diagram-split-brain.png",
        dir.path().join("my board.png"),
    )
    .unwrap();
    let out = dir.path().join("out");
    let o = run(&["build", &s(&path), "--out", &s(&out)]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    for page in [out.join("site/book.md"), out.join("html/book/a.html")] {
        let text = fs::read_to_string(&page).unwrap();
        let links = local_links(&text);
        assert!(links.iter().any(|l| l.ends_with("cards.txt")), "{links:?}");
        for link in links {
            let target = page.parent().unwrap().join(&link);
            assert!(target.exists(), "{}: `{link}` is not there", page.display());
        }
    }
    // The linked file gone: an error at the link's line, nothing published.
    fs::remove_file(dir.path().join("notes/cards.txt")).unwrap();
    let o = run(&["check", &s(&path)]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(err.contains("book.md:16:"), "{err}");
    assert!(
        err.contains(
            "the link `notes/cards.txt` leads to no file, so it would be published broken"
        ),
        "{err}"
    );
    let fresh = dir.path().join("fresh");
    let o = run(&["build", &s(&path), "--out", &s(&fresh)]);
    assert_eq!(o.status.code(), Some(1));
    assert!(!fresh.join("site").exists());
}

/// Links between the run's rulebooks lead to the other book's published
/// page and heading in the site and in the PDF (its PDF beside this one,
/// at the heading's named destination), and to the book's own heading by
/// its file name; a heading that is not there is an error at the link, from
/// `check` and `build`, with nothing published.
#[test]
fn links_between_rulebooks_lead_to_their_published_pages_and_headings() {
    let dir = tempfile::tempdir().unwrap();
    let one = dir.path().join("one.md");
    let two = dir.path().join("two b.md");
    fs::write(
        &one,
        "## Zombie Chess\n\nSee [two](two%20b.md), [golf](two%20b.md#chess-golf), [deep](./two%20b.md#deep-rules) and [here](one.md#zombie-chess).\n",
    )
    .unwrap();
    fs::write(
        &two,
        "## Chess Golf\n\nText.\n\n### Deep Rules\n\nBack to [one](one.md#zombie-chess) or [up](#chess-golf).\n",
    )
    .unwrap();
    let out = dir.path().join("out");
    let o = run(&["build", &s(&one), &s(&two), "--out", &s(&out)]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));

    let page = fs::read_to_string(out.join("html/one/zombie-chess.html")).unwrap();
    for href in [
        "../two%20b/index.html",
        "../two%20b/chess-golf.html",
        "../two%20b/chess-golf.html#deep-rules",
        "zombie-chess.html",
    ] {
        assert!(
            page.contains(&format!("<a href=\"{href}\">")),
            "{href}: {page}"
        );
    }
    assert!(
        !page.contains(".md"),
        "a link to a .md file is left: {page}"
    );
    let print = fs::read_to_string(out.join("html/two b/print.html")).unwrap();
    assert!(
        print.contains("<a href=\"../one/zombie-chess.html\">"),
        "{print}"
    );
    assert!(print.contains("<a href=\"#chess-golf\">"), "{print}");
    // Each link of the site leads to a page that is there, with its anchor.
    for link in local_links(&page) {
        let (file, anchor) = link.split_once('#').unwrap_or((&link, ""));
        let file = file.replace("%20", " ");
        let target = out.join("html/one").join(&file);
        let text = fs::read_to_string(&target).unwrap_or_else(|_| panic!("`{link}` is not there"));
        if !anchor.is_empty() {
            assert!(
                text.contains(&format!("id=\"{anchor}\"")),
                "`{link}`: no anchor"
            );
        }
    }

    let pdf = fs::read(out.join("one.pdf")).unwrap();
    let text = String::from_utf8_lossy(&pdf);
    assert!(
        text.contains("/URI (two%20b.pdf#chess-golf)")
            || text.contains("/URI(two%20b.pdf#chess-golf)"),
        "no link to the other PDF's heading"
    );
    assert!(
        !text.contains(".md)"),
        "a link to a .md file is left in the PDF"
    );
    assert!(out.join("two b.pdf").exists());

    // A heading that is not there: an error at the link, nothing published.
    fs::write(
        &one,
        "## Zombie Chess\n\nSee [golf](two%20b.md#chess-glof).\n",
    )
    .unwrap();
    for command in ["check", "build"] {
        let fresh = dir.path().join(format!("fresh-{command}"));
        let o = run(&[command, &s(&one), &s(&two), "--out", &s(&fresh)]
            [..if command == "check" { 3 } else { 5 }]);
        assert_eq!(o.status.code(), Some(1), "{command}: {}", stderr(&o));
        let err = stderr(&o);
        assert!(err.contains("one.md:3:5"), "{err}");
        assert!(
            err.contains("the link `two%20b.md#chess-glof` leads to no heading `#chess-glof` in two b.md, so it would be published broken"),
            "{err}"
        );
        assert!(
            err.contains("chess-golf"),
            "a near heading is suggested: {err}"
        );
        assert!(!fresh.join("html").exists());
    }
}

/// A folder's files and folders (links not followed, the lock file left
/// out), with each file's bytes; temporary files too when `temporaries`.
type Snapshot = BTreeMap<String, Option<Vec<u8>>>;

fn snapshot(root: &Path, temporaries: bool) -> Snapshot {
    let mut all = Snapshot::new();
    let mut folders = vec![root.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in fs::read_dir(&folder).unwrap().flatten() {
            let path = entry.path();
            let rel = s(path.strip_prefix(root).unwrap());
            let kind = entry.file_type().unwrap();
            // The lock and the cache of seen files are not output: the
            // cache holds inodes and times, which differ between folders.
            if rel == LOCK_FILE
                || rel == SEEN
                || (!temporaries && rel.ends_with(".chess-kit-docs.tmp"))
            {
                continue;
            }
            if kind.is_dir() {
                folders.push(path);
                all.insert(rel, None);
            } else {
                all.insert(rel, Some(fs::read(&path).unwrap()));
            }
        }
    }
    all
}

/// The manifest lists every file of a folder the tool alone wrote into,
/// with the hash of what the file holds.
fn assert_manifest_true(folder: &Snapshot, what: &str) {
    let manifest = folder[".chess-kit-docs-manifest"].as_ref().unwrap();
    let listed: BTreeMap<String, u64> = String::from_utf8_lossy(manifest)
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|line| {
            let f: Vec<&str> = line.split('\t').collect();
            (f[1].to_string(), u64::from_str_radix(f[2], 16).unwrap())
        })
        .collect();
    let held: BTreeMap<String, u64> = folder
        .iter()
        .filter(|(rel, _)| !rel.starts_with(".chess-kit-docs"))
        .filter_map(|(rel, bytes)| Some((rel.clone(), hash(bytes.as_ref()?))))
        .collect();
    assert_eq!(listed, held, "{what}: the manifest against the files");
}

/// Which build a folder holds: `Some(false)` the old, `Some(true)` the new.
fn which(folder: &Snapshot, old: &Snapshot, new: &Snapshot) -> Option<bool> {
    if folder == old {
        Some(false)
    } else if folder == new {
        Some(true)
    } else {
        None
    }
}

fn differences(a: &Snapshot, b: &Snapshot) -> Vec<String> {
    let keys: BTreeSet<&String> = a.keys().chain(b.keys()).collect();
    keys.into_iter()
        .filter(|k| a.get(*k) != b.get(*k))
        .map(|k| k.to_string())
        .collect()
}

/// A book built into `template`, and what a second build of it leaves
/// there: that build changes `A`, renames `B` to `Bee` and drops `C`.
struct Switch {
    dir: tempfile::TempDir,
    book: std::path::PathBuf,
    template: std::path::PathBuf,
    old: Snapshot,
    new: Snapshot,
    mtimes: BTreeMap<String, std::time::SystemTime>,
    /// How long the second build takes.
    took: std::time::Duration,
}

impl Switch {
    fn new() -> Switch {
        let dir = tempfile::tempdir().unwrap();
        let book = dir.path().join("book.md");
        let old = format!(
            "---\ntitle: T\n---\n\n## A\n\n{BOARD}\n## B\n\n{BOARD}\n## C\n\nC.\n\n{BOARD}"
        );
        fs::write(&book, old).unwrap();
        let template = dir.path().join("template");
        let o = run(&["build", &s(&book), "--out", &s(&template)]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let mut mtimes = BTreeMap::new();
        for rel in snapshot(&template, false).keys() {
            let meta = fs::metadata(template.join(rel)).unwrap();
            mtimes.insert(rel.clone(), meta.modified().unwrap());
        }
        let new = format!("---\ntitle: T\n---\n\n## A\n\nNew text.\n\n{BOARD}\n## Bee\n\n{BOARD}");
        fs::write(&book, new).unwrap();
        let mut switch = Switch {
            old: snapshot(&template, true),
            new: Snapshot::new(),
            mtimes,
            took: std::time::Duration::ZERO,
            dir,
            book,
            template,
        };
        let full = switch.copy("full");
        let started = std::time::Instant::now();
        let o = switch.build(&full).output().unwrap();
        switch.took = started.elapsed();
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        switch.new = snapshot(&full, true);
        assert_manifest_true(&switch.old, "the old build");
        assert_manifest_true(&switch.new, "the new build");
        assert!(switch.new.contains_key("html/book/bee.html"));
        assert!(!switch.new.contains_key("html/book/c.html"));
        switch
    }

    /// A copy of the old build, its times kept.
    fn copy(&self, name: &str) -> std::path::PathBuf {
        let to = self.dir.path().join(name);
        let done = std::process::Command::new("cp")
            .arg("-a")
            .arg(&self.template)
            .arg(&to)
            .status()
            .unwrap();
        assert!(done.success());
        to
    }

    fn build(&self, out: &Path) -> std::process::Command {
        let mut c = tool();
        c.args(["build", &s(&self.book), "--out", &s(out)]);
        c.stdout(Stdio::piped()).stderr(Stdio::piped());
        c
    }

    /// What a killed build left in `out`, once the next opening of the
    /// folder has dealt with it: the old build or the new, with a true
    /// manifest and every file it did not change untouched. `true` for the
    /// new build.
    fn recover(&self, out: &Path, what: &str) -> bool {
        let killed = snapshot(out, false);
        OutputDir::open(out).unwrap().abandon();
        let after = snapshot(out, true);
        let new = which(&after, &self.old, &self.new).unwrap_or_else(|| {
            panic!(
                "{what}: neither build; differs from the old in {:?}, from the new in {:?}",
                differences(&after, &self.old),
                differences(&after, &self.new)
            )
        });
        if !new {
            assert_eq!(killed, self.old, "{what}: only temporary files were added");
        }
        assert_manifest_true(&after, what);
        for (rel, bytes) in &after {
            if bytes.is_some() && self.old.get(rel) == Some(bytes) {
                let mtime = fs::metadata(out.join(rel)).unwrap().modified().unwrap();
                assert_eq!(mtime, self.mtimes[rel], "{what}: {rel} was rewritten");
            }
        }
        new
    }

    /// The next build over a recovered folder leaves the new build,
    /// writing nothing if it was there already.
    fn build_again(&self, out: &Path, was_new: bool, what: &str) {
        let o = self.build(out).output().unwrap();
        assert_eq!(o.status.code(), Some(0), "{what}: {}", stderr(&o));
        assert_eq!(snapshot(out, true), self.new, "{what}: built again");
        if was_new {
            assert!(
                stderr(&o).contains(" 0 files written"),
                "{what}: {}",
                stderr(&o)
            );
        }
    }
}

/// Killed (by `abort`, through the test hook) at every stop point of the
/// switch from one build to the next, and of the recovery of that switch,
/// a build leaves the old build or the new one, never a mix.
#[test]
fn a_build_killed_at_any_step_of_its_switch_leaves_the_old_build_or_the_new() {
    let switch = Switch::new();
    let (mut olds, mut news) = (0, 0);
    let mut first_new = None;
    for n in 0.. {
        let what = format!("killed at stop point {n}");
        let out = switch.copy(&format!("trial-{n}"));
        let o = switch
            .build(&out)
            .env(STOP_VAR, n.to_string())
            .output()
            .unwrap();
        if o.status.success() {
            assert_eq!(snapshot(&out, true), switch.new, "{what}: ran to the end");
            break;
        }
        assert_eq!(o.status.signal(), Some(6), "{what}: {}", stderr(&o));
        let killed = switch.dir.path().join(format!("killed-{n}"));
        let copied = std::process::Command::new("cp")
            .arg("-a")
            .arg(&out)
            .arg(&killed)
            .status()
            .unwrap();
        assert!(copied.success());
        let new = switch.recover(&out, &what);
        if new {
            news += 1;
            first_new.get_or_insert(n);
        } else {
            olds += 1;
            assert!(first_new.is_none(), "{what}: the old build after the new");
        }
        switch.build_again(&out, new, &what);
    }
    println!(
        "killed at {} stop points of the switch: {olds} left the old build, {news} the new",
        olds + news
    );
    assert!(olds >= 1 && news >= 10, "{olds} old, {news} new");

    // Killed again while a switch killed half way is rolled forward.
    let middle = first_new.unwrap() + news / 2;
    let mut recoveries = 0;
    for m in 0.. {
        let what = format!("killed at {middle}, then its recovery at {m}");
        let out = switch.dir.path().join(format!("again-{m}"));
        let copied = std::process::Command::new("cp")
            .arg("-a")
            .arg(switch.dir.path().join(format!("killed-{middle}")))
            .arg(&out)
            .status()
            .unwrap();
        assert!(copied.success());
        let o = switch
            .build(&out)
            .env(STOP_VAR, m.to_string())
            .output()
            .unwrap();
        if o.status.success() {
            assert_eq!(snapshot(&out, true), switch.new, "{what}: ran to the end");
            break;
        }
        assert_eq!(o.status.signal(), Some(6), "{what}: {}", stderr(&o));
        assert!(switch.recover(&out, &what), "{what}: the new build");
        recoveries += 1;
    }
    println!("killed at {recoveries} stop points of a recovery: each left the new build");
    assert!(recoveries >= 3, "{recoveries}");
}

/// A build killed once its switch is committed (its journal written), then
/// a build that fails (the author mid-edit) over the same folder: the
/// failing run finishes the switch, so the folder holds the new build
/// whole, not old and new files mixed until the next good build.
#[test]
fn a_failing_build_finishes_the_switch_a_killed_one_committed_to() {
    let switch = Switch::new();
    let mut tried = 0;
    for n in 0.. {
        let out = switch.copy(&format!("failing-{n}"));
        let o = switch
            .build(&out)
            .env(STOP_VAR, n.to_string())
            .output()
            .unwrap();
        if o.status.success() {
            break;
        }
        if !out.join(JOURNAL).exists() {
            continue;
        }
        let broken = switch.dir.path().join("broken.md");
        fs::write(
            &broken,
            "## Zombie Chess\n\n    . . . . k . . .\n    . . .\n",
        )
        .unwrap();
        let o = tool()
            .args(["build", &s(&broken), "--out", &s(&out)])
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
        assert!(stderr(&o).contains("nothing published"), "{}", stderr(&o));
        assert!(
            !out.join(JOURNAL).exists(),
            "stop point {n}: the journal stays"
        );
        assert_eq!(
            snapshot(&out, true),
            switch.new,
            "stop point {n}: the failing build left the switch unfinished"
        );
        tried += 1;
    }
    assert!(tried >= 3, "only {tried} stop points left a journal");
}

/// `kill -9` at random moments of a build, and at random moments once its
/// switch has begun (its journal is there): the old build or the new.
#[test]
fn a_build_killed_at_random_moments_leaves_the_old_build_or_the_new() {
    use std::hash::{BuildHasher as _, Hasher as _};
    let switch = Switch::new();
    let (mut olds, mut news, mut finished) = (0, 0, 0);
    const TRIALS: u32 = 8;
    for trial in 0..TRIALS {
        let random = std::collections::hash_map::RandomState::new()
            .build_hasher()
            .finish()
            % 1000;
        let out = switch.copy(&format!("random-{trial}"));
        let mut child = switch.build(&out).spawn().unwrap();
        let what = if trial % 2 == 0 {
            let delay = switch.took.mul_f64(0.2 + 0.8 * random as f64 / 1000.0);
            std::thread::sleep(delay);
            format!("trial {trial}, killed after {delay:?}")
        } else {
            // The journal, or (without one) the first new file renamed in.
            let begun = || out.join(JOURNAL).exists() || out.join("html/book/bee.html").exists();
            while !begun() && child.try_wait().unwrap().is_none() {
                std::thread::yield_now();
            }
            let delay = std::time::Duration::from_micros(random);
            std::thread::sleep(delay);
            format!("trial {trial}, killed {delay:?} into the switch")
        };
        let _ = child.kill();
        let status = child.wait().unwrap();
        if status.success() {
            finished += 1;
            assert_eq!(snapshot(&out, true), switch.new, "{what}: ran to the end");
            continue;
        }
        assert_eq!(status.signal(), Some(9), "{what}");
        let new = switch.recover(&out, &what);
        if new {
            news += 1;
        } else {
            olds += 1;
        }
        switch.build_again(&out, new, &what);
    }
    println!(
        "{TRIALS} builds killed with SIGKILL at random moments: {olds} left the old build, {news} the new, {finished} had finished"
    );
}

/// The HTML site is kept whole when nothing it is made from changed (same
/// bytes, same modification time), and a change to the book or to the
/// style, which the cache key must see, makes it again.
#[test]
fn an_unchanged_site_is_kept_and_a_changed_one_made_again() {
    let (dir, path) = book("");
    let out = dir.path().join("out");
    let build = |extra: &[&str]| {
        let mut args = vec!["build".to_string(), s(&path), "--out".into(), s(&out)];
        args.extend(extra.iter().map(|a| a.to_string()));
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let o = run(&args);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    };
    build(&[]);
    let page = out.join("html/book/a.html");
    let stamp = |p: &Path| fs::metadata(p).unwrap().modified().unwrap();
    let (before, when) = (fs::read(&page).unwrap(), stamp(&page));
    std::thread::sleep(std::time::Duration::from_millis(20));
    build(&[]);
    assert_eq!(fs::read(&page).unwrap(), before);
    assert_eq!(stamp(&page), when, "the page was written again");
    // The book's text changes: its page follows.
    fs::write(
        &path,
        format!("---\ntitle: T\n---\n\n## A\n\nNew words.\n\n{BOARD}"),
    )
    .unwrap();
    build(&[]);
    let text = fs::read_to_string(&page).unwrap();
    assert!(text.contains("New words."), "{text}");
    // So does the style: the diagrams are drawn anew in it.
    let style = dir.path().join("style.toml");
    fs::write(&style, "[board]\nlight = \"#ffffff\"\n").unwrap();
    let drawn = fs::read(&page).unwrap();
    let png = out.join("site/images/book/a1.png");
    let png_before = fs::read(&png).unwrap();
    build(&["--style", &s(&style)]);
    assert_ne!(fs::read(&page).unwrap(), drawn, "the style changed nothing");
    assert_ne!(
        fs::read(&png).unwrap(),
        png_before,
        "the PNG kept the old style"
    );
}
