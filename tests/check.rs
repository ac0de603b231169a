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
        "tests/seeds/rules.md",
        "tests/seeds/new_rules.md",
        "tests/seeds/crowded_rules.md",
    ]);
    let (out, err) = text(&o);
    assert!(
        err.contains("checked 49 diagrams: 49 rule-checked, 0 syntax-only, 0 errors"),
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
        err.contains("checked 1 diagram: 1 rule-checked, 0 syntax-only, 1 error"),
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
    assert!(err.contains("0 errors"), "{err}");
    assert!(err.contains("0 warnings, 1 allowed"), "{err}");
    assert_eq!(out, "", "a person's output goes to standard error");

    // A clean build counts it on its book's line instead of printing it
    // again every time.
    let out_dir = dir.path().join("out");
    let o = run(&[
        "build",
        dir.path().to_str().unwrap(),
        "--out",
        out_dir.to_str().unwrap(),
    ]);
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{out}\n{err}");
    assert!(
        err.lines()
            .any(|l| l.starts_with("built demo: 1 diagram (1 finding allowed: see `check`) -> ")),
        "{err}"
    );
    assert!(!err.contains("White has 2 kings"), "{err}");
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
fn a_section_of_an_unknown_game_is_a_warning_that_says_how_to_configure_it() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(
        dir.path().join("demo.md"),
        TWO_KINGS.replace("## Zombie Chess", "## My Own Variant"),
    )
    .unwrap();
    let o = check_dir(dir.path(), &[]);
    let (out, err) = text(&o);
    // Not an error (its rules, even how many kings a side has, are
    // unknown), but a warning like any other, counted as syntax-only.
    assert_eq!(o.status.code(), Some(0), "{out}\n{err}");
    assert!(
        err.contains("checked 1 diagram: 0 rule-checked, 1 syntax-only, 0 errors"),
        "{out}\n{err}"
    );
    assert!(err.contains("1 warning, 0 allowed"), "{err}");
    assert!(
        reported(
            &err,
            "warning: no rules known for `My Own Variant`: its board diagram is checked for syntax only",
            "demo.md:1:1"
        ),
        "{err}"
    );
    assert!(
        err.contains("state its rules in chess-kit-docs.toml"),
        "{err}"
    );
    assert!(!err.contains("did you mean"), "{err}");
    // `--deny warnings` and `--deny unchecked` fail on it.
    for deny in ["warnings", "unchecked"] {
        let o = check_dir(dir.path(), &["--deny", deny]);
        assert_eq!(o.status.code(), Some(1), "--deny {deny}: {:?}", text(&o));
    }
    // An allowance records the author's decision that it is no game.
    fs::write(
        dir.path().join("chess-kit-docs.toml"),
        "[[check.allow]]\nbook = \"demo\"\nsection = \"My Own Variant\"\nrule = \"unknown-game\"\nreason = \"a puzzle page, not a game\"\n",
    )
    .unwrap();
    let o = check_dir(dir.path(), &["--deny", "unchecked", "--deny", "warnings"]);
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{out}\n{err}");
    assert!(err.contains("0 warnings, 1 allowed"), "{err}");
}

#[test]
fn a_misspelt_game_heading_gets_a_did_you_mean_in_every_format() {
    let dir = tempfile::tempdir().unwrap();
    for heading in ["## Zombi Chess", "## Zombie  Chess", "## Zombie Chss"] {
        fs::write(
            dir.path().join("demo.md"),
            TWO_KINGS.replace("## Zombie Chess", heading),
        )
        .unwrap();
        let o = check_dir(dir.path(), &["--deny", "warnings"]);
        let (out, err) = text(&o);
        assert_eq!(o.status.code(), Some(1), "{heading}: {out}\n{err}");
        assert!(
            reported(&err, "warning: no rules known for", "demo.md:1:1"),
            "{err}"
        );
        assert!(
            err.contains("help: did you mean `Zombie Chess`?"),
            "{heading}: {err}"
        );

        let o = check_dir(dir.path(), &["--format", "json", "--deny", "unchecked"]);
        assert_eq!(o.status.code(), Some(1));
        let (out, _) = text(&o);
        let v: serde_json::Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
        assert_eq!(v["severity"], "warning");
        assert_eq!(v["rule"], "unknown-game");
        assert_eq!(v["line"], 1);
        assert_eq!(v["help"], "did you mean `Zombie Chess`?");

        let o = check_dir(dir.path(), &["--format", "github"]);
        assert_eq!(o.status.code(), Some(0));
        let (out, _) = text(&o);
        assert!(
            out.starts_with("::warning file=") && out.contains("did you mean `Zombie Chess`?"),
            "{out}"
        );
    }
    // A configured game is suggested as well.
    fs::write(
        dir.path().join("demo.md"),
        TWO_KINGS.replace("## Zombie Chess", "## Pocket Chesss"),
    )
    .unwrap();
    fs::write(
        dir.path().join("chess-kit-docs.toml"),
        "[[variant]]\ngame = \"Pocket Chess\"\n",
    )
    .unwrap();
    let o = check_dir(dir.path(), &[]);
    let (_, err) = text(&o);
    assert!(err.contains("did you mean `Pocket Chess`?"), "{err}");
}

#[test]
fn a_board_under_no_game_heading_is_a_warning_at_the_diagram() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(
        dir.path().join("demo.md"),
        TWO_KINGS.replace("## Zombie Chess", "# A Book"),
    )
    .unwrap();
    let o = check_dir(dir.path(), &["--deny", "unchecked"]);
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(1), "{out}\n{err}");
    assert!(
        reported(
            &err,
            "warning: this diagram stands under no `##` game heading",
            "demo.md:3:1"
        ),
        "{err}"
    );
    assert!(err.contains("0 rule-checked, 1 syntax-only"), "{err}");
}

#[test]
fn a_variant_no_heading_uses_is_a_warning_at_its_line() {
    let dir = book_dir(Some(
        "# games\n[[variant]]\ngame = \"Zombie Chez\"\n\n[[variant]]\ngame = \"Tiny Chess\"\n",
    ));
    fs::write(
        dir.path().join("tiny.md"),
        TWO_KINGS
            .replace("## Zombie Chess", "## Tiny Chess")
            .replace("K K", ". K"),
    )
    .unwrap();
    let o = check_dir(dir.path(), &[]);
    let (_, err) = text(&o);
    assert!(
        reported(
            &err,
            "warning: no `##` heading of the books is `Zombie Chez`, so this variant checks nothing",
            "chess-kit-docs.toml:3:8"
        ),
        "{err}"
    );
    assert!(
        err.contains("did you mean `Zombie Chess`, the heading in the book?"),
        "{err}"
    );
    assert!(!err.contains("`Tiny Chess`, so"), "{err}");
    // Checking one book of the folder says nothing of the others' games.
    let o = run(&["check", dir.path().join("tiny.md").to_str().unwrap()]);
    let (_, err) = text(&o);
    assert!(!err.contains("this variant checks nothing"), "{err}");
}

/// A game the author configured: standard chess on a 6×6 board, without
/// check, en passant or castling, each side without its bishops.
const VARIANT_TOML: &str = "# my games
[[variant]]
game = \"Tiny Chess\"
check = false
en_passant = false
castling = false
set_aside = \"BBPP\"
board = 6
";

fn variant_book(rows: &str, arrows: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let mut text = String::from("## Tiny Chess\n\n");
    for l in rows.lines().chain(arrows.lines()) {
        text.push_str("    ");
        text.push_str(l.trim());
        text.push('\n');
    }
    fs::write(dir.path().join("tiny.md"), text).unwrap();
    fs::write(dir.path().join("chess-kit-docs.toml"), VARIANT_TOML).unwrap();
    dir
}

const TINY: &str = ". . . . . . . .
    . . . . . . . .
    r n q k n r . .
    p p p p p p . .
    . . . . . . . .
    . . . . . . . .
    P P P P P P . .
    R N Q K N R . .";

#[test]
fn a_configured_variant_is_rule_checked_by_its_switches() {
    // A legal move keeps the diagram clean; the king may even stay in check.
    let dir = variant_book(TINY, "arrow: b1, c3, white");
    let o = check_dir(dir.path(), &[]);
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{out}\n{err}");
    assert!(
        err.contains("checked 1 diagram: 1 rule-checked, 0 syntax-only, 0 errors"),
        "{out}\n{err}"
    );
    // Pawns start on the 2nd and the 5th rank and may step two squares.
    let dir = variant_book(TINY, "arrow: c5, c3, black");
    let o = check_dir(dir.path(), &[]);
    assert_eq!(o.status.code(), Some(0), "{:?}", text(&o));
    // Each switch broken: a piece off the 6×6 board, a move off it, and a
    // bishop that the side put away (with no pawn missing to promote).
    for (rows, arrows, expect) in [
        (
            TINY.replace("R N Q K N R . .", "R N Q K N R . B"),
            "",
            "outside this game's 6×6 board (files a–f, ranks 1–6)",
        ),
        (
            TINY.to_string(),
            "arrow: f1, h1, white",
            "outside this game's 6×6 board",
        ),
        (
            TINY.replace("R N Q K N R . .", "R B Q K N R . ."),
            "",
            "White has too many pieces",
        ),
    ] {
        let dir = variant_book(&rows, arrows);
        let o = check_dir(dir.path(), &[]);
        let (out, err) = text(&o);
        assert_eq!(o.status.code(), Some(1), "{out}\n{err}");
        assert!(err.contains(expect), "{expect}: {err}");
    }
}

#[test]
fn a_configured_variant_without_check_or_castling() {
    // With check = false a king may be left in check; castling is off.
    let free = ". . . . . . . .
        . . . . . . . .
        . . . k . . . .
        . . . . . . . .
        . . . . . . . .
        . . . r . . . .
        . . . . . . . .
        . . . K . . . .";
    let dir = variant_book(free, "arrow: d1, d2, white");
    let o = check_dir(dir.path(), &[]);
    assert_eq!(o.status.code(), Some(0), "{:?}", text(&o));
    // With check on, the same move is refused.
    let dir = variant_book(free, "arrow: d1, d2, white");
    fs::write(
        dir.path().join("chess-kit-docs.toml"),
        VARIANT_TOML.replace("check = false", "check = true"),
    )
    .unwrap();
    let o = check_dir(dir.path(), &[]);
    let (_, err) = text(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(err.contains("leave the white king in check"), "{err}");
}

#[test]
fn a_bad_variant_table_is_an_error_at_its_line() {
    let dir = variant_book(TINY, "");
    fs::write(
        dir.path().join("chess-kit-docs.toml"),
        VARIANT_TOML
            .replace("board = 6", "board = 12")
            .replace("BBPP", "BBX"),
    )
    .unwrap();
    let o = check_dir(dir.path(), &[]);
    let (_, err) = text(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(err.contains("chess-kit-docs.toml:7:13"), "{err}");
    assert!(
        err.contains("`X` in `set_aside = \"BBX\"` is not a piece letter"),
        "{err}"
    );
    let dir = variant_book(TINY, "");
    fs::write(
        dir.path().join("chess-kit-docs.toml"),
        VARIANT_TOML.replace("board = 6", "board = 12"),
    )
    .unwrap();
    let o = check_dir(dir.path(), &[]);
    let (_, err) = text(&o);
    assert!(err.contains("chess-kit-docs.toml:8:9"), "{err}");
    assert!(
        err.contains("`board = 12` is not a size from 4 to 8"),
        "{err}"
    );
    // A known game's rules cannot be replaced.
    let dir = variant_book(TINY, "");
    fs::write(
        dir.path().join("chess-kit-docs.toml"),
        VARIANT_TOML.replace("Tiny Chess", "Zombie Chess"),
    )
    .unwrap();
    let o = check_dir(dir.path(), &[]);
    let (_, err) = text(&o);
    assert!(err.contains("chess-kit-docs.toml:3:8"), "{err}");
    assert!(err.contains("a game the engine knows"), "{err}");
}

#[test]
fn every_problem_of_a_variant_table_is_an_error_at_its_own_line() {
    // Issue 36: three independent problems, three errors, each at the
    // switch it is about; the table configures nothing.
    let dir = variant_book(TINY, "");
    fs::write(
        dir.path().join("chess-kit-docs.toml"),
        VARIANT_TOML
            .replace("BBPP", "BBS")
            .replace("board = 6", "board = 12\nholes_swallow = true"),
    )
    .unwrap();
    let o = check_dir(dir.path(), &[]);
    let (_, err) = text(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    for (message, at) in [
        (
            "error: `S` in `set_aside = \"BBS\"` is not a piece letter",
            "chess-kit-docs.toml:7:13",
        ),
        (
            "error: `board = 12` is not a size from 4 to 8",
            "chess-kit-docs.toml:8:9",
        ),
        (
            "error: `holes_swallow = true` needs `holes`",
            "chess-kit-docs.toml:9:17",
        ),
    ] {
        assert!(reported(&err, message, at), "{message} at {at}: {err}");
    }
    assert!(
        err.contains("did you mean `N` for `S` (a knight)?"),
        "{err}"
    );
    assert!(
        err.contains("add `holes = [\"d4\"]`, or remove `holes_swallow`"),
        "{err}"
    );
    assert_eq!(err.matches("error: ").count(), 3, "{err}");
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
    let book = fs::read_to_string("tests/seeds/rules.md")
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

/// Every `.rs` file under `dir`, concatenated.
fn sources(dir: &Path, out: &mut String) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push_str(&fs::read_to_string(&path).unwrap());
        }
    }
}

/// Whether `code` defines a test function `name` (`#[test]` just above it).
fn is_test(code: &str, name: &str) -> bool {
    code.match_indices(&format!("fn {name}("))
        .any(|(at, _)| code[..at].trim_end().ends_with("#[test]"))
}

/// The names in backticks in a ledger cell.
fn test_names(cell: &str) -> Vec<&str> {
    cell.split('`').skip(1).step_by(2).collect()
}

const LEDGER_HEADER: &str = "| # | rule (the text) | checked by | breaks | keeps |";

/// One rules ledger (`docs/rules/<game>.md`): its game and its totals.
struct Ledger {
    game: String,
    checked: usize,
    not_showable: usize,
    not_checked: usize,
}

/// Reads a ledger and asserts its shape: each checkable row (one whose
/// "checked by" is not "not showable: …" or "not checked: …") names a
/// test that breaks the rule and one that keeps it, each an existing
/// `#[test]`; the other rows name none; the Totals line counts the rows.
fn read_ledger(path: &Path, code: &str) -> Ledger {
    let where_ = path.display();
    let text = fs::read_to_string(path).unwrap();
    let game = text
        .lines()
        .next()
        .and_then(|l| l.strip_prefix("# "))
        .and_then(|l| l.strip_suffix(": rules ledger"))
        .unwrap_or_else(|| panic!("{where_}: the title is not `# <game>: rules ledger`"))
        .to_string();
    assert!(
        text.lines().any(|l| l == LEDGER_HEADER),
        "{where_}: no table with the header {LEDGER_HEADER}"
    );
    let (mut checked, mut not_showable, mut not_checked) = (0, 0, 0);
    for line in text.lines() {
        let Some(row) = line.strip_prefix("| ").and_then(|l| l.strip_suffix(" |")) else {
            continue;
        };
        let cells: Vec<&str> = row.split(" | ").collect();
        if !cells[0].starts_with(|c: char| c.is_ascii_digit()) {
            continue;
        }
        assert_eq!(cells.len(), 5, "{where_}: row {}: five cells", cells[0]);
        let (by, breaks, keeps) = (cells[2], cells[3], cells[4]);
        let unchecked = if by.starts_with("not showable") {
            Some(&mut not_showable)
        } else if by.starts_with("not checked") {
            Some(&mut not_checked)
        } else {
            None
        };
        if let Some(count) = unchecked {
            *count += 1;
            assert!(
                test_names(breaks).is_empty() && test_names(keeps).is_empty(),
                "{where_}: row {} is not checked but names tests",
                cells[0]
            );
            continue;
        }
        checked += 1;
        for (what, cell) in [("breaks", breaks), ("keeps", keeps)] {
            let names = test_names(cell);
            assert!(
                !names.is_empty(),
                "{where_}: row {} names no test that {what} the rule",
                cells[0]
            );
            for name in names {
                assert!(is_test(code, name), "{where_}: no test `{name}`");
            }
        }
    }
    let totals = format!(
        "Totals: {checked} rules checked, {not_showable} that no diagram can show, {not_checked} not checked."
    );
    assert!(
        text.lines().any(|l| l == totals),
        "{where_}: the Totals line should read `{totals}`"
    );
    Ledger {
        game,
        checked,
        not_showable,
        not_checked,
    }
}

fn ledgers() -> Vec<Ledger> {
    let mut code = String::new();
    sources(Path::new("src"), &mut code);
    sources(Path::new("tests"), &mut code);
    let mut paths: Vec<_> = fs::read_dir("docs/rules")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.file_name().is_none_or(|n| n != "README.md"))
        .collect();
    paths.sort();
    paths.iter().map(|p| read_ledger(p, &code)).collect()
}

/// Every checkable row of every rules ledger names a test that breaks the
/// rule and one that keeps it, and the Totals lines count the rows.
#[test]
fn every_test_a_rules_ledger_names_exists() {
    let ledgers = ledgers();
    assert_eq!(ledgers.len(), 20, "one ledger a game");
    let rows: usize = ledgers.iter().map(|l| l.checked).sum();
    assert!(rows > 100, "the ledgers have {rows} checkable rows");
}

/// The guide's engine chapter has a row a game, with its ledger's totals.
#[test]
fn the_guide_states_each_ledgers_totals() {
    let readme = fs::read_to_string("docs/engine.md").unwrap();
    for l in ledgers() {
        let row = format!(
            "| {} | {} | {} | {} |",
            l.game, l.checked, l.not_showable, l.not_checked
        );
        assert!(
            readme.lines().any(|line| line.starts_with(&row)),
            "docs/engine.md: no row starting `{row}`"
        );
    }
}

/// Checks one diagram of `game` (rows of the board, then its lines) with
/// `toml` as the settings; returns the exit code and standard error.
fn configured(toml: &str, game: &str, rows: &str, lines: &[&str]) -> (Option<i32>, String) {
    let dir = tempfile::tempdir().unwrap();
    let mut text = format!("## {game}\n\n");
    for l in rows.lines().map(str::trim).chain(lines.iter().copied()) {
        text.push_str("    ");
        text.push_str(l);
        text.push('\n');
    }
    fs::write(dir.path().join("book.md"), text).unwrap();
    fs::write(dir.path().join("chess-kit-docs.toml"), toml).unwrap();
    let o = check_dir(dir.path(), &[]);
    let (out, err) = text_of(&o);
    assert!(
        err.contains("1 rule-checked, 0 syntax-only"),
        "{game}: {out}\n{err}"
    );
    (o.status.code(), err)
}

fn text_of(o: &Output) -> (String, String) {
    text(o)
}

/// Los Alamos chess as Split-Brain Chess plays it: the middle 6×6 of the
/// board, no bishops, no double step, no castling, no bishop promotion.
const LOS_ALAMOS: &str = "[[variant]]
game = \"Split-Brain Chess\"
board = \"b2-g7\"
set_aside = \"BBPP\"
double_step = false
castling = false
promotion = \"QRN\"
";

/// The book's start position, drawn in the middle of the 8×8 grid.
const MIDDLE_START: &str = ". . . . . . . .
    . r n q k n r .
    . p p p p p p .
    . . . . . . . .
    . . . . . . . .
    . P P P P P P .
    . R N Q K N R .
    . . . . . . . .";

fn los_alamos(rows: &str, lines: &[&str]) -> (Option<i32>, String) {
    configured(LOS_ALAMOS, "Split-Brain Chess", rows, lines)
}

#[test]
fn a_board_in_the_middle_of_the_grid_is_played_as_drawn() {
    // The start position and the checker ring in the corner outside it.
    let (code, err) = los_alamos(MIDDLE_START, &["arrow: h8, h8, black"]);
    assert_eq!(code, Some(0), "{err}");
    let (code, err) = los_alamos(
        MIDDLE_START,
        &["arrow: c3, c4, white", "arrow: c2, d4, white"],
    );
    assert_eq!(code, Some(0), "{err}");
    // A piece on the unused ring, and a move onto it.
    let (code, err) = los_alamos(
        &MIDDLE_START.replace(". P P P P P P .", "P . P P P P P ."),
        &[],
    );
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains("a white pawn on a3, outside this game's 6×6 board (files b–g, ranks 2–7)"),
        "{err}"
    );
    let (code, err) = los_alamos(MIDDLE_START, &["arrow: c2, a3, white"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains("this arrow reaches a3, outside this game's 6×6 board"),
        "{err}"
    );
    // The board's own edges: a rook on the board's first rank slides only
    // within it; a pawn on it, White's first rank, is impossible.
    let (code, err) = los_alamos(
        &MIDDLE_START.replace(". R N Q K N R .", ". P N Q K N R ."),
        &[],
    );
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains("a white pawn on b2, White's first rank"),
        "{err}"
    );
}

#[test]
fn without_the_double_step_a_pawn_moves_one_square() {
    let (code, err) = los_alamos(MIDDLE_START, &["arrow: d3, d5, white"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains("the white pawn on d3 cannot move two squares: pawns in this game never make a double step"),
        "{err}"
    );
    let (code, err) = los_alamos(MIDDLE_START, &["arrow: d6, d5, black"]);
    assert_eq!(code, Some(0), "{err}");
    // With the double step (the default), pawns step two from the board's
    // second rank: d3 here.
    let two = LOS_ALAMOS.replace("double_step = false\n", "");
    let (code, err) = configured(
        &two,
        "Split-Brain Chess",
        MIDDLE_START,
        &["arrow: d3, d5, white"],
    );
    assert_eq!(code, Some(0), "{err}");
}

#[test]
fn a_pawn_promotes_on_the_boards_last_rank_to_the_pieces_the_game_allows() {
    // White's pawn reached g7, the last rank of this board, as a knight.
    let promoted = ". . . . . . . .
        . r n q k . N .
        . p p p p p . .
        . . . . . . . .
        . . . . . . . .
        . P P P P P . .
        . R N Q K N R .
        . . . . . . . .";
    let (code, err) = los_alamos(promoted, &["arrow: g6, g7, white"]);
    assert_eq!(code, Some(0), "{err}");
    // A bishop cannot be a promoted pawn here.
    let bishop = promoted.replace(". r n q k . N .", ". r n q k . B .");
    let (code, err) = los_alamos(&bishop, &[]);
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains("a pawn cannot promote to a bishop in this game"),
        "{err}"
    );
    // A proposed promotion to a bishop is refused, to a queen passes.
    let before = ". . . . . . . .
        . r n q k . . .
        . p p p p p P .
        . . . . . . . .
        . . . . . . . .
        . P P P P P . .
        . R N Q K N R .
        . . . . . . . .";
    let (code, err) = los_alamos(before, &["arrow: g6, g7, white"]);
    assert_eq!(code, Some(0), "{err}");
}

/// Karl's Black Hole Chess: the four centre squares are a hole that
/// swallows any piece but a king.
const BLACK_HOLE: &str = "[[variant]]
game = \"Black Hole Chess\"
holes = [\"d4\", \"d5\", \"e4\", \"e5\"]
holes_swallow = true
";

const OPEN_CENTRE: &str = "r n b q k b n r
    p p p . . p p p
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    P P P . . P P P
    R N B Q K B N R";

#[test]
fn holes_take_squares_off_the_board() {
    let black_hole =
        |rows: &str, lines: &[&str]| configured(BLACK_HOLE, "Black Hole Chess", rows, lines);
    let (code, err) = black_hole(OPEN_CENTRE, &["rect: 4, 4, 5, 5"]);
    assert_eq!(code, Some(0), "{err}");
    // No piece stands on a hole.
    let on_hole = "r n b q k b n r
        p p p . . p p p
        . . . . . . . .
        . . . . . . . .
        . . . . P . . .
        . . . . . . . .
        P P P . . P P P
        R N B Q K B N R";
    let (code, err) = black_hole(on_hole, &[]);
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains("a white pawn on e4, a square this game takes off the board"),
        "{err}"
    );
    // A queen cannot cross the hole, but may fall into it (it leaves the
    // board, still its owner's); a king may not.
    let (code, err) = black_hole(OPEN_CENTRE, &["arrow: d1, d6, white"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("the hole on d4 is in the way"), "{err}");
    let (code, err) = black_hole(OPEN_CENTRE, &["arrow: d1, d4, white"]);
    assert_eq!(code, Some(0), "{err}");
    let (code, err) = black_hole(OPEN_CENTRE, &["arrow: d1, d3, white"]);
    assert_eq!(code, Some(0), "{err}");
    let king_near = OPEN_CENTRE
        .replace("R N B Q K B N R", "R N B Q . B N R")
        .replace(
            ". . . . . . . .\n    . . . . . . . .\n    P",
            ". . . . . . . .\n    . . . . K . . .\n    P",
        );
    let (code, err) = black_hole(&king_near, &["arrow: e3, e4, white"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("a king may not enter a hole"), "{err}");
    // Without swallowing, a hole is simply no square.
    let plain = BLACK_HOLE.replace("holes_swallow = true\n", "");
    let (code, err) = configured(
        &plain,
        "Black Hole Chess",
        OPEN_CENTRE,
        &["arrow: d1, d4, white"],
    );
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains("d4, a square this game takes off the board"),
        "{err}"
    );
    // Pieces that come back through the hole may stand on either colour:
    // two white bishops on dark squares are no promotion here.
    let bishops = "r n b q k b n r
        p p p . . p p p
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        P P P P P P P P
        R N B Q K . B R";
    let (code, err) = black_hole(bishops, &[]);
    assert_eq!(code, Some(0), "{err}");
    let (code, err) = configured(&plain, "Black Hole Chess", bishops, &[]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("2 bishops on one colour of square"), "{err}");
}

/// Telepathic Chess: legal chess moves, but kings are captured, and a
/// piece removed after a move can leave a king attacked on the other
/// side's turn.
const TELEPATHIC: &str = "[[variant]]
game = \"Telepathic Chess\"
king_capture = true
";

#[test]
fn kings_are_captured_not_mated() {
    let telepathic =
        |rows: &str, lines: &[&str]| configured(TELEPATHIC, "Telepathic Chess", rows, lines);
    // Black's king stands attacked after Black's own move (a piece was
    // removed): White may take it, and the game ends.
    let exposed = ". . . . k . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . p
        . . . . . . . .
        . . . . R . K .";
    let (code, err) = telepathic(exposed, &["arrow: h4, h3, black"]);
    assert_eq!(code, Some(0), "{err}");
    let (code, err) = telepathic(exposed, &["arrow: e1, e8, white"]);
    assert_eq!(code, Some(0), "{err}");
    // Orthodox rules refuse the same diagram.
    let orthodox = "[[variant]]\ngame = \"Telepathic Chess\"\n";
    let (code, err) = configured(
        orthodox,
        "Telepathic Chess",
        exposed,
        &["arrow: h4, h3, black"],
    );
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains("cannot move to h3: it would leave the black king in check"),
        "{err}"
    );
    // A move is still a legal chess move: it may not leave its own king
    // attacked.
    let pinned = ". . . . k . . .
        . . . . r . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . N . . .
        . . . . K . . .";
    let (code, err) = telepathic(pinned, &["arrow: e2, c3, white"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains("it would leave the white king in check"),
        "{err}"
    );
    // The game ends at a king's capture: no move after it, and not both
    // kings gone.
    let taken = ". . . . R . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . p
        . . . . . . . .
        . . . . . . K .";
    let (code, err) = telepathic(taken, &["arrow: e1, e8, white"]);
    assert_eq!(code, Some(0), "{err}");
    let (code, err) = telepathic(taken, &["arrow: e1, e8, white", "arrow: h3, h2, black"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains("the game is over: it ends when a king is captured"),
        "{err}"
    );
    let (code, err) = telepathic(&taken.replace(". . . . . . K .", ". . . . . . . ."), &[]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("neither side has a king"), "{err}");
}

#[test]
fn switches_that_contradict_each_other_are_errors_at_their_line() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("book.md"), "## Tiny Chess\n").unwrap();
    for (toml, expect) in [
        (
            "[[variant]]\ngame = \"Tiny Chess\"\nboard = 6\ncastling = true\n",
            (
                "chess-kit-docs.toml:4:12",
                "`castling = true` needs the full 8×8 board",
            ),
        ),
        (
            "[[variant]]\ngame = \"Tiny Chess\"\ncheck = false\nking_capture = false\n",
            (
                "chess-kit-docs.toml:4:16",
                "`king_capture = false` cannot go with `check = false`",
            ),
        ),
        (
            "[[variant]]\ngame = \"Tiny Chess\"\nboard = \"b2-z9\"\n",
            ("chess-kit-docs.toml:3:9", "is not two corner squares"),
        ),
        (
            "[[variant]]\ngame = \"Tiny Chess\"\nboard = \"b2-d4\"\n",
            ("chess-kit-docs.toml:3:9", "at least 4 files and 4 ranks"),
        ),
        (
            "[[variant]]\ngame = \"Tiny Chess\"\npromotion = \"QK\"\n",
            (
                "chess-kit-docs.toml:3:13",
                "`K` in `promotion = \"QK\"` is not a piece a pawn can become",
            ),
        ),
        (
            "[[variant]]\ngame = \"Tiny Chess\"\nboard = 6\nholes = [\"g7\"]\n",
            (
                "chess-kit-docs.toml:4:10",
                "the hole g7 is not on the board in play",
            ),
        ),
    ] {
        fs::write(dir.path().join("chess-kit-docs.toml"), toml).unwrap();
        let o = check_dir(dir.path(), &[]);
        let (_, err) = text(&o);
        assert_eq!(o.status.code(), Some(1), "{toml}: {err}");
        assert!(
            err.contains(expect.0) && err.contains(expect.1),
            "{toml}: {err}"
        );
    }
}

/// A diagram of `game` checked with the bundled settings
/// (`rules/chess-kit-docs.toml`), where the author's configured games are.
fn bundled(game: &str, rows: &str, lines: &[&str]) -> (Option<i32>, String) {
    let toml = fs::read_to_string("rules/chess-kit-docs.toml").unwrap();
    configured(&toml, game, rows, lines)
}

/// Asserts that the diagram passes.
fn keeps(game: &str, rows: &str, lines: &[&str]) {
    let (code, err) = bundled(game, rows, lines);
    assert_eq!(code, Some(0), "{game}: {err}");
    assert!(!err.contains("error:"), "{game}: {err}");
}

/// Asserts that the diagram fails for `reason`.
fn breaks(game: &str, rows: &str, lines: &[&str], reason: &str) {
    let (code, err) = bundled(game, rows, lines);
    assert_eq!(code, Some(1), "{game}: {err}");
    assert!(err.contains(reason), "{game}: expected `{reason}` in {err}");
}

/// A position part way through a Los Alamos game in the middle 6×6:
/// White's king on e2 beside its rook on b2 with the squares between empty.
const LOS_ALAMOS_MIDGAME: &str = ". . . . . . . .
    . r . q k . r .
    . p p . p p p .
    . . . p . n . .
    . . . P . N . .
    . P P . P P P .
    . R . . K . R .
    . . . . . . . .";

#[test]
fn los_alamos_games_play_on_the_middle_six_by_six_without_bishops() {
    for game in ["Secret Chesswords", "Split-Brain Chess"] {
        keeps(game, MIDDLE_START, &[]);
        breaks(
            game,
            &MIDDLE_START.replace(". . . . . . . .\n    . r", ". . . . . . . n\n    . r"),
            &[],
            "a black knight on h8, outside this game's 6×6 board (files b–g, ranks 2–7)",
        );
        breaks(
            game,
            MIDDLE_START,
            &["arrow: c2, a3, white"],
            "this arrow reaches a3, outside this game's 6×6 board",
        );
        // Bishops and two pawns a side are put aside.
        breaks(
            game,
            &MIDDLE_START.replace(". . . . . . . .\n    . P", ". . . . . . P .\n    . P"),
            &[],
            "White has 7 pawns; a side has 6 at most",
        );
        breaks(
            game,
            &LOS_ALAMOS_MIDGAME.replace(". R . . K . R .", ". R B . K . R ."),
            &[],
            "a pawn cannot promote to a bishop in this game",
        );
        keeps(game, LOS_ALAMOS_MIDGAME, &["arrow: f4, g6, white"]);
    }
    // Split-Brain's checker in the black king's corner, off the board.
    keeps("Split-Brain Chess", MIDDLE_START, &["arrow: h8, h8, black"]);
}

#[test]
fn los_alamos_pawns_step_one_square_and_never_promote_to_a_bishop() {
    for game in ["Secret Chesswords", "Split-Brain Chess"] {
        keeps(game, MIDDLE_START, &["arrow: d3, d4, white"]);
        breaks(
            game,
            MIDDLE_START,
            &["arrow: d3, d5, white"],
            "pawns in this game never make a double step",
        );
        breaks(
            game,
            MIDDLE_START,
            &["arrow: e6, e4, black"],
            "pawns in this game never make a double step",
        );
        // A pawn on the board's last rank (7) promotes to a queen, rook or
        // knight, made or proposed.
        let before = ". . . . . . . .
            . r n q k . . .
            . p p p p p P .
            . . . . . . . .
            . . . . . . . .
            . P P P P P . .
            . R N Q K N . .
            . . . . . . . .";
        keeps(game, before, &["arrow: g6, g7, white"]);
        let after = before
            .replace(". r n q k . . .", ". r n q k . N .")
            .replace(". p p p p p P .", ". p p p p p . .");
        keeps(game, &after, &["arrow: g6, g7, white"]);
        breaks(
            game,
            &after.replace(". r n q k . N .", ". r n q k . B ."),
            &["arrow: g6, g7, white"],
            "cannot promote to a bishop",
        );
    }
}

#[test]
fn los_alamos_games_have_no_castling() {
    for game in ["Secret Chesswords", "Split-Brain Chess"] {
        keeps(game, LOS_ALAMOS_MIDGAME, &["arrow: e2, d2, white"]);
        breaks(
            game,
            LOS_ALAMOS_MIDGAME,
            &["arrow: e2, c2, white"],
            "the white king on e2 cannot castle: this game has no castling",
        );
    }
}

/// The white king walks next to Black's rook.
const INTO_ATTACK: &str = ". . . . . . . .
    . . . . k . . .
    . . . . . . . .
    . . . . . . . .
    . . . r . . . .
    . . . . . . . .
    . . . . K . . .
    . . . . . . . .";

#[test]
fn secret_chesswords_has_no_check_and_ends_at_a_kings_capture() {
    let game = "Secret Chesswords";
    // "there's no such thing as check": a king may step into attack, and
    // be captured.
    keeps(game, INTO_ATTACK, &["arrow: e2, d2, white"]);
    keeps(
        game,
        INTO_ATTACK,
        &["arrow: e2, d2, white", "arrow: d4, d2, black"],
    );
    // The game ends there: no move after the capture.
    let taken = ". . . . . . . .
        . . . . k . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . N . . . . .
        . . . r . . . .
        . . . . . . . .";
    keeps(game, taken, &["arrow: d4, d2, black"]);
    breaks(
        game,
        taken,
        &["arrow: d4, d2, black", "arrow: c3, e4, white"],
        "the game is over",
    );
    // Split-Brain is played to checkmate: the same step is refused.
    breaks(
        "Split-Brain Chess",
        INTO_ATTACK,
        &["arrow: e2, d2, white"],
        "it would leave the white king in check",
    );
    keeps("Split-Brain Chess", INTO_ATTACK, &["arrow: e2, f2, white"]);
}

#[test]
fn split_brain_chess_keeps_check() {
    let game = "Split-Brain Chess";
    // The side that just moved cannot stand in check.
    let checked = INTO_ATTACK.replace(". . . r . . . .", ". . . . r . . .");
    breaks(
        game,
        &checked,
        &["arrow: f2, e2, white"],
        "it would leave the white king in check",
    );
    keeps(game, &checked, &["arrow: d4, e4, black"]);
}

/// Telepathic Chess's start: a standard set in the standard position.
const STANDARD_START: &str = "r n b q k b n r
    p p p p p p p p
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    P P P P P P P P
    R N B Q K B N R";

#[test]
fn telepathic_chess_is_played_with_a_standard_set_and_legal_chess_moves() {
    let game = "Telepathic Chess";
    keeps(
        game,
        STANDARD_START,
        &["arrow: e2, e4, white", "arrow: g8, f6, black"],
    );
    breaks(
        game,
        &STANDARD_START.replace("R N B Q K B N R", "R N B Q K Q N R"),
        &[],
        "White has too many pieces to have come from promotion",
    );
    breaks(
        game,
        STANDARD_START,
        &["arrow: b1, b3, white"],
        "not a knight's jump",
    );
    // "the mover makes any legal chess move": not one that leaves its own
    // king attacked.
    let pinned = ". . . . k . . .
        . . . . r . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . N . . .
        . . . . K . . .";
    breaks(
        game,
        pinned,
        &["arrow: e2, c3, white"],
        "it would leave the white king in check",
    );
    keeps(game, pinned, &["arrow: e1, d1, white"]);
}

#[test]
fn telepathic_kings_are_captured_even_when_not_in_check() {
    let game = "Telepathic Chess";
    // Black's king stands attacked on White's turn (a piece was removed
    // after Black's move), and White takes it: the game is won.
    let exposed = ". . . . k . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . p
        . . . . . . . .
        . . . . R . K .";
    keeps(game, exposed, &["arrow: h4, h3, black"]);
    keeps(game, exposed, &["arrow: e1, e8, white"]);
    let taken = exposed
        .replace(". . . . k . . .", ". . . . R . . .")
        .replace(". . . . R . K .", ". . . . . . K .");
    keeps(game, &taken, &["arrow: e1, e8, white"]);
    // A removal can only have uncovered a line: a king left beside a
    // knight's jump by its own side's move is no removal's doing.
    let knight = ". . . . k . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . n . .
        . . . . . . . .
        . . . . K . . .";
    breaks(
        game,
        &knight.replace(". . . . K . . .", ". . . . . K . ."),
        &["arrow: f1, e1, white"],
        "it would leave the white king in check",
    );
    keeps(
        game,
        &knight.replace(". . . . . n . .", ". . . . . . . ."),
        &["arrow: f1, e1, white"],
    );
    breaks(
        game,
        &taken,
        &["arrow: e1, e8, white", "arrow: h3, h2, black"],
        "the game is over: it ends when a king is captured",
    );
}

/// "Capture the opponent's king to win the game": the capture ends the
/// game, so it is legal even when it leaves the mover's own king attacked.
#[test]
fn telepathic_a_pinned_piece_may_take_the_king() {
    let game = "Telepathic Chess";
    // The knight on e2 is pinned to its king by the rook on e3, and takes
    // the black king on d4.
    let before = ". . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . k . . . .
        . . . . r . . .
        . . . . N . . .
        . . . . K . . .";
    keeps(game, before, &["arrow: e2, d4, white"]);
    let after = before
        .replace(". . . k . . . .", ". . . N . . . .")
        .replace(". . . . N . . .", ". . . . . . . .");
    keeps(game, &after, &["arrow: e2, d4, white"]);
    // Taking anything else, the pinned knight leaves its king in check.
    let knight = "k . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . n . . . .
        . . . . r . . .
        . . . . N . . .
        . . . . K . . .";
    breaks(
        game,
        knight,
        &["arrow: e2, d4, white"],
        "it would leave the white king in check",
    );
}

/// Black's double step is the last of the made moves however the arrows
/// are listed, so White may take it en passant.
#[test]
fn telepathic_en_passant_follows_the_last_made_double_step() {
    let game = "Telepathic Chess";
    let board = "r n b q k b . r
        p p p . p p p p
        . . . . . n . .
        . . . p P . . .
        . . . . . . . .
        . . . . . . . .
        P P P P . P P P
        R N B Q K B N R";
    // In the order of play: the knight, then the double step.
    keeps(
        game,
        board,
        &[
            "arrow: g8, f6, black",
            "arrow: d7, d5, black",
            "arrow: e5, d6, white",
        ],
    );
    // A pawn that came one square cannot be taken en passant.
    breaks(
        game,
        board,
        &[
            "arrow: g8, f6, black",
            "arrow: d6, d5, black",
            "arrow: e5, d6, white",
        ],
        "has not just moved two squares",
    );
}

const INFERENCES: [&str; 6] = [
    "bishop colours",
    "pawn ranks",
    "piece counts",
    "castling rights",
    "en passant",
    "check",
];

/// Every rules ledger ends with its game's orthodox inferences: the six
/// rows in order, each used (`yes`), broken by the game (`no`) or without
/// the piece or move (`does not arise`), with the reason.
#[test]
fn every_ledger_lists_its_orthodox_inferences() {
    let mut paths: Vec<_> = fs::read_dir("docs/rules")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.file_name().is_none_or(|n| n != "README.md"))
        .collect();
    paths.sort();
    for path in paths {
        let text = fs::read_to_string(&path).unwrap();
        let where_ = path.display();
        let section = text
            .split_once("\n## Orthodox inferences\n")
            .unwrap_or_else(|| panic!("{where_}: no `## Orthodox inferences` section"))
            .1;
        let rows: Vec<Vec<&str>> = section
            .lines()
            .filter_map(|l| l.strip_prefix("| ").and_then(|l| l.strip_suffix(" |")))
            .map(|row| row.split(" | ").collect())
            .filter(|cells: &Vec<&str>| cells[0] != "inference" && cells[0] != "---")
            .collect();
        let names: Vec<&str> = rows.iter().map(|r| r[0]).collect();
        assert_eq!(names, INFERENCES, "{where_}: the six inferences, in order");
        for row in rows {
            assert_eq!(row.len(), 3, "{where_}: `{}`: three cells", row[0]);
            assert!(
                ["yes", "no", "does not arise"].contains(&row[1]),
                "{where_}: `{}` is used `{}`; say yes, no or does not arise",
                row[0],
                row[1]
            );
            assert!(
                row[2].split_whitespace().count() >= 2,
                "{where_}: `{}` needs its reason",
                row[0]
            );
        }
    }
}

/// What CI runs on the bundled edition: `check rules/ --deny warnings`
/// passes, so a change that makes a finding there (a heading the settings
/// no longer find, say) fails the tests and not only CI's last step.
#[test]
fn the_bundled_books_check_with_warnings_denied() {
    let o = run(&["check", "rules/", "--deny", "warnings"]);
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{out}\n{err}");
    assert!(
        err.contains("0 warnings") || out.contains("0 warnings"),
        "{out}\n{err}"
    );
}

/// A king on e1 that jumps to e4 (`arrow` error at the arrow's line) in a
/// book with a configured game, a heading typo of each kind and an
/// unknown game.
const JUMP: &str = "    . . . . k . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . K . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    arrow: e1, e4, white
";
const JUMP_REASON: &str =
    "the white king on e1 cannot reach e4: a king moves one square, and e1–e4 is farther";

fn typo_book() -> String {
    format!(
        "# Book\n\n## Zombie Chess\n\nText.\n\n{JUMP}\n### Setup\n\n{JUMP}\n### Donut Chess\n\n{JUMP}\n## Zombie Chess\n\n##Donut Chess\n\n{JUMP}\n## Donut Chess\n\n{JUMP}\n## Wibble\n\n{JUMP}"
    )
}

const DONUT: &str = "[[variant]]\ngame = \"Donut Chess\"\n";

/// (rule, line, col, severity, message) of each JSON finding of `check`.
fn json_findings(out: &str) -> Vec<(String, u64, u64, String, String)> {
    out.lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter(|v| v.get("rule").is_some())
        .map(|v| {
            (
                v["rule"].as_str().unwrap().to_string(),
                v["line"].as_u64().unwrap(),
                v["col"].as_u64().unwrap(),
                v["severity"].as_str().unwrap().to_string(),
                v["message"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

fn check_book_text(book: &str, config: Option<&str>, extra: &[&str]) -> (Output, String, String) {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("demo.md"), book).unwrap();
    if let Some(c) = config {
        fs::write(dir.path().join("chess-kit-docs.toml"), c).unwrap();
    }
    let o = check_dir(dir.path(), extra);
    let (out, err) = text(&o);
    (o, out, err)
}

#[test]
fn a_heading_typo_never_checks_diagrams_by_the_game_before_it() {
    let book = typo_book();
    let (o, out, err) = check_book_text(&book, Some(DONUT), &["--format", "json"]);
    let found = json_findings(&out);
    let jump = |line| {
        (
            "arrow".to_string(),
            line,
            5,
            "error".to_string(),
            JUMP_REASON.to_string(),
        )
    };
    let warning = |rule: &str, line, message: &str| {
        (
            rule.to_string(),
            line,
            1,
            "warning".to_string(),
            message.to_string(),
        )
    };
    assert_eq!(
        found,
        [
            jump(15),
            jump(27),
            warning(
                "game-heading",
                29,
                "`### Donut Chess` looks like a game heading but is level 3; a game starts at a `##` heading, so the board diagram below it is checked for syntax only"
            ),
            warning(
                "game-heading",
                43,
                "`##Donut Chess` is not a heading: without a space after its `##` it is a line of text, so the board diagram below it is checked for syntax only"
            ),
            jump(65),
            warning(
                "unknown-game",
                67,
                "no rules known for `Wibble`: its board diagram is checked for syntax only"
            ),
        ],
        "{err}"
    );
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(
        err.contains("checked 6 diagrams: 3 rule-checked, 3 syntax-only, 3 errors"),
        "{err}"
    );
    // The human format gives the did-you-mean.
    let (_, _, err) = check_book_text(&book, Some(DONUT), &["--color", "never"]);
    assert!(
        reported(
            &err,
            "warning: `### Donut Chess` looks like a game heading",
            "demo.md:29:1"
        ),
        "{err}"
    );
    assert!(err.contains("= help: write `## Donut Chess`"), "{err}");
    assert!(err.contains("= note: rule `game-heading`"), "{err}");

    // The rule can be allowed like any other.
    let allow = format!(
        "{DONUT}\n[[check.allow]]\nbook = \"demo\"\nsection = \"Zombie Chess\"\nrule = \"game-heading\"\nreason = \"kept\"\n"
    );
    let (_, out, _) = check_book_text(&book, Some(&allow), &["--format", "json"]);
    let allowed: Vec<_> = json_findings(&out)
        .into_iter()
        .filter(|f| f.0 == "game-heading")
        .map(|f| f.3)
        .collect();
    assert_eq!(allowed, ["allowed", "allowed"]);
}

#[test]
fn cr_only_and_mixed_line_endings_give_the_findings_of_lf() {
    let book = typo_book();
    let (o, lf, err) = check_book_text(&book, Some(DONUT), &["--format", "json"]);
    assert_eq!(o.status.code(), Some(1), "{err}");
    let expected = json_findings(&lf);
    assert_eq!(expected.len(), 6, "{lf}");
    assert!(
        expected
            .iter()
            .any(|f| f.0 == "arrow" && f.1 == 15 && f.4 == JUMP_REASON),
        "{lf}"
    );
    let endings = ["\r", "\r\n", "\n"];
    let mixed: String = book
        .split_inclusive('\n')
        .enumerate()
        .map(|(i, l)| format!("{}{}", l.trim_end_matches('\n'), endings[i % 3]))
        .collect();
    for (name, text) in [
        ("CR", book.replace('\n', "\r")),
        ("CRLF", book.replace('\n', "\r\n")),
        ("mixed", mixed),
    ] {
        let (o, out, err) = check_book_text(&text, Some(DONUT), &["--format", "json"]);
        assert_eq!(json_findings(&out), expected, "{name}: {err}");
        assert_eq!(o.status.code(), Some(1), "{name}: {err}");
        let (_, _, err) = check_book_text(&text, Some(DONUT), &["--color", "never"]);
        assert!(
            err.contains("checked 6 diagrams: 3 rule-checked, 3 syntax-only, 3 errors"),
            "{name}: {err}"
        );
        // The quoted line is the diagram's, without a stray line ending.
        assert!(
            err.contains("15 |     arrow: e1, e4, white\n"),
            "{name}: {err}"
        );
    }
}

/// Each JSON line of a `check --format json` output: findings and FEN records.
fn json_values(out: &str) -> Vec<serde_json::Value> {
    out.lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .collect()
}

/// [`json_findings`] of the book's findings only (not the settings').
fn book_findings(out: &str) -> Vec<(String, u64, u64, String, String)> {
    let lines: Vec<&str> = out
        .lines()
        .filter(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["rule"].is_string())
        .collect();
    json_findings(&lines.join("\n"))
}

#[test]
fn a_table_of_contents_heading_ends_the_game_before_it() {
    let book = format!("## Zombie Chess\n\nText.\n\n## Table of Contents\n\n{JUMP}");
    let (o, out, err) = check_book_text(&book, None, &["--format", "json"]);
    let found = book_findings(&out);
    assert_eq!(
        found,
        [(
            "unknown-game".to_string(),
            7,
            1,
            "warning".to_string(),
            "this diagram stands under no `##` game heading, so no game's rules check it"
                .to_string()
        )],
        "{err}"
    );
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(err.contains("0 rule-checked, 1 syntax-only"), "{err}");
    // Its FEN record names no section.
    let record = json_values(&out)
        .into_iter()
        .find(|v| v.get("diagram").is_some())
        .expect("a FEN record");
    assert!(record["section"].is_null(), "{out}");
    // A stray heading before the contents changes nothing, and the next
    // `##` heading starts its game again.
    let book = format!(
        "## Zombie Chess\n\n### Donut Chess\n\n## Table of Contents\n\n{JUMP}\n## Zombie Chess\n\n{JUMP}"
    );
    let (_, out, err) = check_book_text(&book, Some(DONUT), &["--format", "json"]);
    let rules: Vec<(String, u64)> = book_findings(&out)
        .into_iter()
        .map(|f| (f.0, f.1))
        .collect();
    assert_eq!(
        rules,
        [
            ("game-heading".to_string(), 3),
            ("unknown-game".to_string(), 7),
            ("arrow".to_string(), 27)
        ],
        "{err}"
    );
}

#[test]
fn a_game_heading_in_a_list_or_a_quote_or_with_seven_hashes_starts_no_game() {
    let in_list = "a list item";
    let in_quote = "a block quote";
    // (heading lines, line of the heading, text shown, where it stands)
    let cases: &[(&str, u64, &str, Option<&str>)] = &[
        ("- ## Zombie Chess", 5, "- ## Zombie Chess", Some(in_list)),
        (
            "1. Step\n\n   ## Zombie Chess",
            7,
            "## Zombie Chess",
            Some(in_list),
        ),
        ("> ## Zombie Chess", 5, "> ## Zombie Chess", Some(in_quote)),
        ("> ##Zombie Chess", 5, "> ##Zombie Chess", Some(in_quote)),
        ("- ##Zombie Chess", 5, "- ##Zombie Chess", Some(in_list)),
        (
            "> Said:\n> ##Zombie Chess",
            6,
            "> ##Zombie Chess",
            Some(in_quote),
        ),
        ("- ### Donat Chess", 5, "- ### Donat Chess", Some(in_list)),
        ("####### Zombie Chess", 5, "####### Zombie Chess", None),
    ];
    for &(heading, line, shown, within) in cases {
        let book = format!("## Zombie Chess\n\nText.\n\n{heading}\n\n{JUMP}");
        let (o, out, err) = check_book_text(&book, Some(DONUT), &["--format", "json"]);
        let found: Vec<_> = json_values(&out)
            .into_iter()
            .filter(|v| v["rule"].is_string())
            .collect();
        assert_eq!(found.len(), 1, "{heading}: {out}\n{err}");
        let f = &found[0];
        assert_eq!(f["rule"], "game-heading", "{heading}: {out}");
        assert_eq!(f["severity"], "warning", "{heading}");
        assert_eq!(f["line"].as_u64(), Some(line), "{heading}");
        let message = f["message"].as_str().unwrap();
        let help = f["help"].as_str().unwrap();
        let (start, want_help) = match within {
            Some(container) => (
                format!("`{shown}` looks like a game heading but stands in {container}"),
                "at the start of a line",
            ),
            None => (
                format!(
                    "`{shown}` is not a heading: a heading has at most six `#`s, and with 7 it is a line of text"
                ),
                "write `## Zombie Chess`",
            ),
        };
        assert!(message.starts_with(&start), "{heading}: {message}");
        assert!(
            message.ends_with("so the board diagram below it is checked for syntax only"),
            "{heading}: {message}"
        );
        assert!(help.contains(want_help), "{heading}: {help}");
        assert_eq!(o.status.code(), Some(0), "{heading}: {err}");
        assert!(
            err.contains("0 rule-checked, 1 syntax-only"),
            "{heading}: {err}"
        );
    }
}

#[test]
fn a_nested_heading_that_names_no_game_changes_nothing() {
    for heading in [
        "- ## Setup",
        "1. Step\n\n   ## Moves",
        "> ## Notes",
        "> ##Notes",
        "- ##Setup",
        "- ### Zombie Chess",
        "> #### Zombi Chess",
        "####### Notes",
        "A line\n####### and more",
    ] {
        let book = format!("## Zombie Chess\n\nText.\n\n{heading}\n\n{JUMP}");
        let (o, out, err) = check_book_text(&book, Some(DONUT), &["--format", "json"]);
        let found = book_findings(&out);
        assert_eq!(found.len(), 1, "{heading}: {out}\n{err}");
        assert_eq!(found[0].0, "arrow", "{heading}: {out}");
        assert_eq!(found[0].4, JUMP_REASON, "{heading}");
        assert_eq!(o.status.code(), Some(1), "{heading}: {err}");
    }
}
