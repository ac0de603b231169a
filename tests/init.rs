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

/// The paths a run prints have no `.` or `..` steps inside them (issue
/// 37: `rules/../output/rules.pdf`, from the settings' `out = "../output"`
/// joined onto `rules/`): a path is printed as the user would write it,
/// relative where it was given relative, `..` only at its start.
#[test]
fn paths_print_without_dot_steps() {
    /// The words of `text` that are paths with a `.` or `..` step after
    /// the leading `..`s.
    fn dotted(text: &str) -> Vec<String> {
        text.split_whitespace()
            .map(|w| w.trim_matches(|c: char| "\"',;:`()".contains(c)))
            .filter(|w| w.contains('/') && !w.contains("://"))
            .filter(|w| {
                let steps: Vec<&str> = w.split('/').skip_while(|s| *s == "..").collect();
                steps.iter().any(|s| *s == "." || *s == "..")
            })
            .map(str::to_string)
            .collect()
    }
    assert_eq!(
        dotted("rules/../output/x.pdf ./y ../z ../../a/b"),
        ["rules/../output/x.pdf", "./y"]
    );

    let tmp = tempfile::tempdir().unwrap();
    let book = tmp.path().join("my-book");
    let rules = book.join("rules");
    let mut printed = Vec::new();
    let mut runs = |dir: &Path, args: &[&str]| {
        let o = run_in(dir, args);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
        printed.push((args.join(" "), format!("{}{}", stderr(&o), stdout(&o))));
    };
    runs(tmp.path(), &["init", "./my-book"]);
    // From the project, whose settings say `out = "../output"`.
    runs(&book, &["build", "-v"]);
    runs(&book, &["build", "./rules/./rules.md"]);
    runs(&book, &["check", "-v", "./rules", "--format", "json"]);
    runs(&book, &["deck", "-v"]);
    runs(
        &book,
        &[
            "render",
            "rules/../rules/rules.md",
            "--diagram",
            "1",
            "-o",
            "./x.svg",
            "-v",
        ],
    );
    // From the rulebooks' folder, and with --out given with dots.
    runs(&rules, &["build", "-v"]);
    runs(&rules, &["build", "--out", "./../built"]);
    runs(&rules, &["deck", "-o", "../built/./cards"]);
    runs(&book, &["build", "--out", "output/../elsewhere"]);
    runs(&rules, &["clean", "-v"]);
    runs(&rules, &["clean"]);
    runs(&book, &["clean", "--out", "./built/"]);
    runs(&book, &["man", "-o", "./man/../pages"]);
    for (args, text) in &printed {
        assert_eq!(dotted(text), Vec::<String>::new(), "{args}: {text}");
    }
    // Relative where given relative, `..` at the start where it leads out.
    let said = |args: &str| &printed.iter().find(|(a, _)| a == args).unwrap().1;
    assert!(said("init ./my-book").contains("created my-book/rules/rules.md"));
    assert!(said("build -v").contains("-> output/site/rules.md, output/rules.pdf"));
    assert!(said("build -v").contains("wrote output/rules.pdf"));
    assert!(said("build --out ./../built").contains("-> ../built/site/rules.md"));
    assert!(said("clean -v").contains("cleaned ../output:"));
    assert!(said("clean --out ./built/").contains("cleaned built:"));
}
