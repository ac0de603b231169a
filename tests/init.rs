//! `init` as a new author runs it: the skeleton it makes passes `check` and
//! `build` at once, and it never overwrites a file.

use std::fs;
use std::path::Path;
use std::process::Output;

#[allow(dead_code)]
mod support;
use support::*;

/// Runs the tool in `dir`, as a user who has `cd`-ed there.
fn run_in(dir: &Path, args: &[&str]) -> Output {
    tool().args(args).current_dir(dir).output().unwrap()
}

const SKELETON: [&str; 5] = [
    ".gitignore",
    "rules/chess-kit-docs.toml",
    "rules/book.toml",
    "rules/rules.md",
    "rules/rules_contents.csv",
];

#[test]
fn init_makes_a_project_that_check_and_build_pass_at_once() {
    let tmp = tempfile::tempdir().unwrap();
    let book = tmp.path().join("my-book");
    let o = run(&["init", book.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    for file in SKELETON {
        assert!(book.join(file).is_file(), "{file}");
        let line = format!("created {}\n", book.join(file).display());
        assert!(stderr(&o).contains(&line), "{line}: {}", stderr(&o));
    }
    assert_eq!(
        fs::read_to_string(book.join(".gitignore"))
            .unwrap()
            .lines()
            .filter(|l| !l.starts_with('#'))
            .collect::<Vec<_>>(),
        ["/output/"]
    );

    // In the new folder, with no arguments, as the README's first commands.
    let o = run_in(&book, &["check", "--deny", "warnings"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "");
    assert!(
        stderr(&o).contains("checked 1 diagram: 1 rule-checked, 0 syntax-only, 0 errors\n"),
        "{}",
        stderr(&o)
    );
    assert!(
        !stderr(&o).contains("warning"),
        "no warning, no error: {}",
        stderr(&o)
    );
    let o = run_in(&book, &["build"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(!err.contains("warning") && !err.contains("error"), "{err}");
    assert!(err.contains("built rules: 1 diagram"), "{err}");
    let out = book.join("output");
    for file in [
        "rules.pdf",
        "site/rules.md",
        "site/images/rules/example-chess1.png",
        "html/rules/example-chess.html",
    ] {
        assert!(out.join(file).is_file(), "{file}");
    }
    // The table of contents is filled in, with the contents file's line.
    let page = fs::read_to_string(out.join("site/rules.md")).unwrap();
    assert!(
        page.contains(
            "## Table of Contents\n* [Example Chess][example-chess] is standard chess under a new name"
        ),
        "{page}"
    );
    // The licence page is the author's to write, not the bundled book's.
    let style = fs::read_to_string(book.join("rules/book.toml")).unwrap();
    assert!(!style.contains("Kirkby"), "{style}");

    // From anywhere else, by the rulebooks' folder: the same output folder.
    let rules = book.join("rules");
    let o = run(&["build", rules.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("0 PNGs drawn; 0 files written"),
        "{}",
        stderr(&o)
    );
    // And the deck of the compiled-in card table, without player aids.
    let o = run_in(&book, &["deck"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(out.join("chess-deck.pdf").is_file());
}

#[test]
fn every_switch_of_the_commented_variant_is_a_real_one_at_its_default() {
    let tmp = tempfile::tempdir().unwrap();
    let o = run(&["init", tmp.path().to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let settings = tmp.path().join("rules/chess-kit-docs.toml");
    let text = fs::read_to_string(&settings).unwrap();
    // Uncomment each `# key = value` of the `[[variant]]` table.
    let start = text.find("[[variant]]").unwrap();
    let end = start + text[start..].find("\n\n").unwrap();
    let mut switches = 0;
    let table: String = text[start..end]
        .lines()
        .map(|line| match line.strip_prefix("# ") {
            Some(rest) if rest.contains(" = ") => {
                switches += 1;
                format!("{rest}\n")
            }
            _ => format!("{line}\n"),
        })
        .collect();
    assert_eq!(switches, 10, "{table}");
    fs::write(
        &settings,
        format!("{}{table}{}", &text[..start], &text[end..]),
    )
    .unwrap();
    let o = run(&[
        "check",
        tmp.path().join("rules").to_str().unwrap(),
        "--deny",
        "warnings",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}{}", stderr(&o), table);
    assert!(
        stderr(&o).contains("1 rule-checked, 0 syntax-only, 0 errors"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn init_never_overwrites_a_file_and_then_writes_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    fs::create_dir(dir.join("rules")).unwrap();
    fs::write(dir.join("rules/rules.md"), "# Mine\n").unwrap();
    fs::write(dir.join(".gitignore"), "target/\n").unwrap();
    let o = run_in(dir, &["init"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let err = stderr(&o);
    let message = "error: not created: this file exists, and init never overwrites a file\n--> rules/rules.md\n";
    assert!(err.contains(message), "{message}\n{err}");
    // The repository's own `.gitignore` is no obstacle: it is kept.
    assert_eq!(err.matches("error: ").count(), 1, "{err}");
    assert!(err.contains("nothing was written"), "{err}");
    assert_eq!(
        fs::read_to_string(dir.join("rules/rules.md")).unwrap(),
        "# Mine\n"
    );
    assert_eq!(
        fs::read_to_string(dir.join(".gitignore")).unwrap(),
        "target/\n"
    );
    assert!(!dir.join("rules/chess-kit-docs.toml").exists());
    assert!(!dir.join("rules/rules_contents.csv").exists());
    assert!(!dir.join("rules/book.toml").exists());

    // A `.gitignore` that is a link, even one that leads nowhere, is kept
    // too: nothing is written through it.
    let other = tmp.path().join("other");
    fs::create_dir(&other).unwrap();
    std::os::unix::fs::symlink(dir.join("nowhere"), other.join(".gitignore")).unwrap();
    let o = run(&["init", other.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(!dir.join("nowhere").exists());
    assert!(other.join("rules").join("rules.md").is_file());
}

/// A repository made on GitHub comes with a `.gitignore`: init keeps it as
/// it is, makes the rest, and says which line to add.
#[test]
fn init_keeps_a_new_repositorys_gitignore_and_suggests_its_line() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    fs::write(dir.join(".gitignore"), "target/\n").unwrap();
    let o = run_in(dir, &["init"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        fs::read_to_string(dir.join(".gitignore")).unwrap(),
        "target/\n"
    );
    assert!(dir.join("rules/rules.md").is_file());
    let err = stderr(&o);
    assert!(
        err.contains("kept .gitignore as it is: add `/output/` to it"),
        "{err}"
    );
    let check = run_in(dir, &["check"]);
    assert_eq!(check.status.code(), Some(0), "{}", stderr(&check));
}
