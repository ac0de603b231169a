//! A file the user names on the command line (`render -o`, `import -o`,
//! `man -o`) is never one of the run's inputs, and an existing file is
//! replaced only with `--force`; a result that cannot reach standard output
//! fails the run.

use std::fs;
use std::os::unix::fs::symlink;
use std::path::Path;
use std::process::Stdio;

#[allow(dead_code)]
mod support;
use support::*;

const BOOK: &str = "## Zombie Chess

    r n b q k b n r
    p p p p p p p p
    . . . . . . . .
    . . . . . . . .
    . . . . P . . .
    . . . . . . . .
    P P P P . P P P
    R N B Q K B N R
    arrow: e2, e4, white
";

fn render_to(book: &Path, out: &Path, extra: &[&str]) -> std::process::Output {
    let (book, out) = (book.display().to_string(), out.display().to_string());
    let mut args = vec!["render", &book, "--diagram", "1", "-o", &out];
    args.extend(extra);
    run(&args)
}

#[test]
fn render_never_writes_over_the_rulebook_it_reads_even_with_force() {
    let dir = tempfile::tempdir().unwrap();
    let book = dir.path().join("book.md");
    fs::write(&book, BOOK).unwrap();
    let link = dir.path().join("link.md");
    symlink(&book, &link).unwrap();
    for (out, extra) in [
        (&book, &["--format", "fen"][..]),
        (&book, &["--format", "fen", "--force"][..]),
        (&link, &["--format", "fen", "--force"][..]),
    ] {
        let o = render_to(&book, out, extra);
        assert_eq!(o.status.code(), Some(1), "{extra:?}: {}", stderr(&o));
        assert!(
            stderr(&o).contains("this file is an input of the run"),
            "{}",
            stderr(&o)
        );
        assert_eq!(fs::read_to_string(&book).unwrap(), BOOK);
    }
    // The settings file beside it is an input too.
    let settings = dir.path().join("chess-kit-docs.toml");
    fs::write(&settings, "# mine\n").unwrap();
    let o = render_to(&book, &settings, &["--format", "fen", "--force"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert_eq!(fs::read_to_string(&settings).unwrap(), "# mine\n");
}

#[test]
fn render_replaces_an_existing_file_only_with_force() {
    let dir = tempfile::tempdir().unwrap();
    let book = dir.path().join("book.md");
    fs::write(&book, BOOK).unwrap();
    let svg = dir.path().join("board.svg");
    fs::write(&svg, "not mine").unwrap();
    let o = render_to(&book, &svg, &[]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("the output file exists already"));
    assert!(stderr(&o).contains("pass --force to replace it"));
    assert_eq!(fs::read_to_string(&svg).unwrap(), "not mine");

    let o = render_to(&book, &svg, &["--force"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(fs::read_to_string(&svg).unwrap().starts_with("<svg"));

    // A new file needs no --force.
    let fen = dir.path().join("board.fen");
    let o = render_to(&book, &fen, &["--format", "fen"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(fs::read_to_string(&fen).unwrap().starts_with("rnbqkbnr/"));
}

#[test]
fn render_from_fen_replaces_an_existing_file_only_with_force() {
    let dir = tempfile::tempdir().unwrap();
    let lines = dir.path().join("lines.txt");
    fs::write(&lines, "mine").unwrap();
    let out = lines.display().to_string();
    let fen = "8/8/8/8/8/8/8/K6k w - - 0 1";
    let o = run(&["render", "--from-fen", fen, "-o", &out]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("the output file exists already"));
    assert_eq!(fs::read_to_string(&lines).unwrap(), "mine");
    let o = run(&["render", "--from-fen", fen, "-o", &out, "--force"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(fs::read_to_string(&lines).unwrap().contains('K'));
}

#[test]
fn man_refuses_every_existing_page_before_writing_any() {
    let dir = tempfile::tempdir().unwrap();
    let pages = dir.path().join("man");
    fs::create_dir(&pages).unwrap();
    fs::write(pages.join("chess-kit-docs-check.1"), "mine").unwrap();
    let out = pages.display().to_string();
    let o = run(&["man", "-o", &out]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("the output file exists already"),
        "{}",
        stderr(&o)
    );
    assert_eq!(
        fs::read_dir(&pages).unwrap().count(),
        1,
        "a refused run wrote no page"
    );
    assert_eq!(
        fs::read_to_string(pages.join("chess-kit-docs-check.1")).unwrap(),
        "mine"
    );
    let o = run(&["man", "-o", &out, "--force"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(fs::read_dir(&pages).unwrap().count() > 1);
}

#[test]
fn import_never_writes_over_its_own_list_even_with_force() {
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("list.md");
    fs::write(&list, "# Variants\n\n## Mine\n\nA game.\n").unwrap();
    let path = list.display().to_string();
    let o = run(&["import", &path, "-o", &path, "--force"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("this file is an input of the run"));
    assert_eq!(
        fs::read_to_string(&list).unwrap(),
        "# Variants\n\n## Mine\n\nA game.\n"
    );
}

/// Standard output on a full disk: `/dev/full` refuses every write.
#[test]
fn a_result_that_cannot_reach_standard_output_fails_the_run() {
    if !Path::new("/dev/full").exists() {
        say_skipped("no /dev/full on this machine: the full-disk output test needs it");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let book = dir.path().join("book.md");
    fs::write(&book, BOOK).unwrap();
    let book = book.display().to_string();
    for args in [
        &["render", &book, "--diagram", "1"][..],
        &["render", &book, "--diagram", "1", "--format", "fen"][..],
        &["import", "rules/karl.md"][..],
        &["check", &book, "--format", "json"][..],
        &["man"][..],
        &["completions", "bash"][..],
    ] {
        let full = fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let o = tool()
            .args(args)
            .stdout(Stdio::from(full))
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(1), "{args:?}: {}", stderr(&o));
        assert!(
            stderr(&o).contains("cannot write to standard output: No space left on device"),
            "{args:?}: {}",
            stderr(&o)
        );
    }
}

/// A reader that stops early (`| head`) is not an error.
#[test]
fn a_closed_pipe_stays_quiet() {
    let mut child = tool()
        .args(["import", "rules/karl.md"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The pipe's reading end closes before the book is written to it.
    drop(child.stdout.take());
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(!stderr(&o).contains("cannot write"), "{}", stderr(&o));
}
