//! `build` and `check` as a user runs them, on the reliability faults of
//! issue 10: `check` refuses what `build` would, a failed build leaves the
//! last published files as they were, nothing outside the output folder is
//! written or copied, a closed pipe ends the output quietly, and an
//! unreadable SOURCE_DATE_EPOCH is a warning.

use std::fs;
use std::os::unix::fs::symlink;
use std::path::Path;
use std::process::Stdio;

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
