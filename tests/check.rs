//! `chess-kit-docs check` as CI runs it: the seeds, allowances, formats and
//! exit codes.

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_chess-kit-docs"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// Whether `err` holds a diagnostic whose title starts with `title` and
/// whose location line (` --> file:line:col`) ends with `location`.
fn reported(err: &str, title: &str, location: &str) -> bool {
    let lines: Vec<&str> = err.lines().collect();
    lines.windows(2).any(|w| {
        w[0].starts_with(title) && w[1].trim_start().starts_with("--> ") && w[1].ends_with(location)
    })
}

fn text(o: &Output) -> (String, String) {
    (
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

#[test]
fn every_seed_diagram_is_rule_checked_and_the_bundled_rules_pass() {
    let o = run(&[
        "check",
        "rules/rules.md",
        "rules/new_rules.md",
        "tests/seeds/crowded_rules.md",
    ]);
    let (out, err) = text(&o);
    assert!(
        out.contains("checked 49 diagrams: 49 rule-checked, 0 syntax-only, 0 errors"),
        "{out}\n{err}"
    );
    assert_eq!(o.status.code(), Some(0), "{out}\n{err}");

    let o = run(&["check"]);
    assert_eq!(o.status.code(), Some(0), "{:?}", text(&o));
}

/// A book with one material finding in a known game: two white kings.
const TWO_KINGS: &str = "## Zombie Chess

    . . . . k . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . K K . . .
";

fn book_dir(config: Option<&str>) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("demo.md"), TWO_KINGS).unwrap();
    if let Some(c) = config {
        fs::write(dir.path().join("chess-kit-docs.toml"), c).unwrap();
    }
    dir
}

fn check_dir(dir: &Path, extra: &[&str]) -> Output {
    let mut args = vec!["check", dir.to_str().unwrap()];
    args.extend(extra);
    run(&args)
}

#[test]
fn a_finding_is_an_error_with_its_rule() {
    let dir = book_dir(None);
    let o = check_dir(dir.path(), &[]);
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        reported(&err, "error: White has 2 kings", "demo.md:10:13"),
        "{err}"
    );
    assert!(err.contains("= note: rule `material`"), "{err}");
    assert!(
        out.contains("checked 1 diagram: 1 rule-checked, 0 syntax-only, 1 error"),
        "{out}"
    );

    let o = check_dir(dir.path(), &["--format", "json"]);
    let (out, _) = text(&o);
    let v: serde_json::Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    assert_eq!(v["rule"], "material");
    assert_eq!(v["line"], 10);
    assert_eq!(v["severity"], "error");
}

#[test]
fn an_allowed_finding_is_printed_counted_and_passes() {
    let dir = book_dir(Some(
        "[[check.allow]]\nbook = \"demo\"\nsection = \"Zombie Chess\"\ndiagram = 1\nrule = \"material\"\nreason = \"a drill position\"\n",
    ));
    let o = check_dir(dir.path(), &[]);
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{out}\n{err}");
    assert!(
        reported(&err, "allowed: White has 2 kings", "demo.md:10:13"),
        "{err}"
    );
    assert!(
        err.contains("allowed in chess-kit-docs.toml: a drill position"),
        "{err}"
    );
    assert!(out.contains("0 errors"), "{out}");
    assert!(out.contains("0 warnings, 1 allowed"), "{out}");
}

#[test]
fn a_stale_allowance_is_a_warning_and_deny_warnings_fails() {
    let dir = book_dir(Some(
        "[[check.allow]]\nbook = \"demo\"\nsection = \"Zombie Chess\"\ndiagram = 1\nrule = \"material\"\nreason = \"a drill position\"\n\n[[check.allow]]\nbook = \"demo\"\nsection = \"Zombie Chess\"\ndiagram = 2\nrule = \"arrow\"\nreason = \"gone\"\n",
    ));
    let o = check_dir(dir.path(), &[]);
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{out}\n{err}");
    assert!(
        reported(
            &err,
            "warning: this allowance matches no finding",
            "chess-kit-docs.toml:8:1"
        ),
        "{err}"
    );
    let o = check_dir(dir.path(), &["--deny", "warnings"]);
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn build_refuses_a_book_with_findings_unless_no_check() {
    let dir = book_dir(None);
    let out = dir.path().join("out");
    let o = run(&[
        "build",
        dir.path().to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    let (_, err) = text(&o);
    assert_eq!(o.status.code(), Some(1));
    // The summary comes after the finding, names the file, and offers an
    // allowance, since a rules finding can be kept.
    let book = dir.path().join("demo.md").display().to_string();
    let summary = err
        .find(&format!("error: not published: {book} has 1 error (above)"))
        .expect(&err);
    assert!(
        err.find("error: White has 2 kings").expect(&err) < summary,
        "{err}"
    );
    assert!(
        err[summary..].contains("allowance in chess-kit-docs.toml"),
        "{err}"
    );
    assert!(!out.join("site/demo.md").exists());

    let o = run(&[
        "build",
        dir.path().to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--no-check",
    ]);
    assert_eq!(o.status.code(), Some(0), "{:?}", text(&o));
    assert!(out.join("site/demo.md").exists());
}

#[test]
fn a_section_of_an_unknown_game_is_syntax_only() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(
        dir.path().join("demo.md"),
        TWO_KINGS.replace("## Zombie Chess", "## Karl's Fortress Chess"),
    )
    .unwrap();
    let o = check_dir(dir.path(), &[]);
    let (out, err) = text(&o);
    assert!(
        out.contains("checked 1 diagram: 0 rule-checked, 1 syntax-only, 1 error"),
        "{out}\n{err}"
    );
    // The common material check still runs.
    assert!(err.contains("White has 2 kings"), "{err}");
}

#[test]
fn bad_settings_are_an_error_at_their_line() {
    let dir = book_dir(Some("[check]\nallow = 3\n"));
    let o = check_dir(dir.path(), &[]);
    let (_, err) = text(&o);
    assert_eq!(o.status.code(), Some(1));
    assert!(reported(&err, "error:", "chess-kit-docs.toml:2:9"), "{err}");
}

#[test]
fn a_finding_in_the_text_is_allowed_by_its_section_without_a_diagram() {
    let dir = tempfile::tempdir().unwrap();
    let book = fs::read_to_string("rules/rules.md")
        .unwrap()
        .replace("1. d3b5, a5c6", "1. d3b6, a5c6");
    fs::write(dir.path().join("rules.md"), book).unwrap();
    let o = check_dir(dir.path(), &[]);
    let (_, err) = text(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(
        err.contains("move 1 of solution 1 (d3b6) is illegal"),
        "{err}"
    );

    fs::write(
        dir.path().join("chess-kit-docs.toml"),
        "[[check.allow]]\nbook = \"rules\"\nsection = \"Solutions\"\nrule = \"golf-solution\"\nreason = \"a test\"\n",
    )
    .unwrap();
    let o = check_dir(dir.path(), &[]);
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{out}\n{err}");
    assert!(
        err.contains("allowed: move 1 of solution 1 (d3b6) is illegal"),
        "{err}"
    );
}
