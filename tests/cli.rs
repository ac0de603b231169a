//! The command line as a user runs it: the built binary on the seed
//! rulebooks and on bad input.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

#[allow(dead_code)]
mod support;
use support::*;

/// Whether `err` holds a diagnostic whose title starts with `title` and
/// whose location line (` --> file:line:col`) ends with `location`.
fn reported(err: &str, title: &str, location: &str) -> bool {
    let lines: Vec<&str> = err.lines().collect();
    lines.windows(2).any(|w| {
        w[0].starts_with(title) && w[1].trim_start().starts_with("--> ") && w[1].ends_with(location)
    })
}

const SEEDS: [&str; 3] = [
    "tests/seeds/rules.md",
    "tests/seeds/new_rules.md",
    "tests/seeds/crowded_rules.md",
];

fn build_seeds(out: &Path) -> Output {
    let mut args = vec!["build"];
    args.extend(SEEDS);
    let out = out.display().to_string();
    args.extend(["--out", &out]);
    let o = run(&args);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    o
}

/// Every file under `dir`, relative, sorted.
fn files(dir: &Path) -> Vec<PathBuf> {
    fn walk(root: &Path, dir: &Path, out: &mut Vec<PathBuf>) {
        for e in fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                walk(root, &p, out);
            } else {
                out.push(p.strip_prefix(root).unwrap().to_path_buf());
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, dir, &mut out);
    out.sort();
    out
}

fn png_size(path: &Path) -> (u32, u32) {
    let bytes = fs::read(path).unwrap();
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "{}", path.display());
    let w = u32::from_be_bytes(bytes[16..20].try_into().unwrap());
    let h = u32::from_be_bytes(bytes[20..24].try_into().unwrap());
    (w, h)
}

#[test]
fn build_writes_the_website_of_every_seed_book() {
    let dir = tempfile::tempdir().unwrap();
    build_seeds(dir.path());
    let site = dir.path().join("site");
    let page = fs::read_to_string(site.join("rules.md")).unwrap();
    assert!(page.starts_with("---\ntitle: The Rules of Chess Kit\n---\n"));
    assert!(
        page.contains(
            "## Table of Contents\n* [Zombie Chess][zombie-chess] brings captured pieces"
        )
    );
    assert!(page.contains("\n[zombie-chess]: #zombie-chess\n"));
    assert!(page.contains("\n[solutions]: #solutions\n"));
    assert!(page.contains("![Diagram](images/rules/zombie-chess1.png)\n"));
    assert!(page.contains("![Diagram](images/rules/cooperative-chess1.png)\n"));
    assert!(
        !page.contains("    r n b q k b n r"),
        "a diagram was left as text"
    );

    for (book, count) in [("rules", 37), ("new_rules", 8), ("crowded_rules", 4)] {
        let images = site.join("images").join(book);
        let pngs = fs::read_dir(&images)
            .unwrap()
            .filter(|e| e.as_ref().unwrap().path().extension().unwrap() == "png")
            .count();
        assert_eq!(pngs, count, "{book}");
        let page = fs::read_to_string(site.join(format!("{book}.md"))).unwrap();
        assert_eq!(page.matches("![Diagram](images/").count(), count, "{book}");
        // every link points at an image that exists
        for line in page.lines().filter(|l| l.starts_with("![Diagram](")) {
            let rel = &line["![Diagram](".len()..line.len() - 1];
            assert!(site.join(rel).is_file(), "{rel}");
            assert!(site.join(rel).with_extension("svg").is_file(), "{rel}");
        }
    }
    // A plain board is sharp on a high-density screen.
    let (w, h) = png_size(&site.join("images/rules/zombie-chess1.png"));
    assert!(w >= 800 && h >= 800, "{w}x{h}");
    let svg = fs::read_to_string(
        site.join("images/rules/chess960.svg")
            .with_file_name("chess960-2.svg"),
    )
    .unwrap();
    assert!(svg.starts_with("<svg"));
}

#[test]
fn two_builds_are_byte_identical_and_a_rebuild_writes_nothing() {
    let a = tempfile::tempdir().unwrap();
    let b = tempfile::tempdir().unwrap();
    build_seeds(a.path());
    build_seeds(b.path());
    let fa = files(a.path());
    assert_eq!(fa, files(b.path()));
    for f in &fa {
        assert!(
            fs::read(a.path().join(f)).unwrap() == fs::read(b.path().join(f)).unwrap(),
            "{} differs",
            f.display()
        );
    }

    let png = a.path().join("site/images/rules/zombie-chess1.png");
    let before = fs::metadata(&png).unwrap().modified().unwrap();
    std::thread::sleep(std::time::Duration::from_millis(30));
    let o = build_seeds(a.path());
    assert!(
        stderr(&o).contains("0 PNGs drawn; 0 files written"),
        "{}",
        stderr(&o)
    );
    assert_eq!(before, fs::metadata(&png).unwrap().modified().unwrap());
}

#[test]
fn images_of_removed_diagrams_go_and_other_files_stay() {
    let dir = tempfile::tempdir().unwrap();
    let rules = dir.path().join("rules");
    fs::create_dir(&rules).unwrap();
    let text = fs::read_to_string("tests/seeds/rules.md").unwrap();
    fs::write(rules.join("rules.md"), &text).unwrap();
    let out = dir.path().join("out");
    let build = || {
        let o = run(&[
            "build",
            rules.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    };
    build();
    fs::write(out.join("notes.txt"), "mine").unwrap();
    fs::write(out.join("site/images/rules/extra.png"), "mine too").unwrap();
    assert!(out.join("site/images/rules/crowded-house2.png").exists());

    // Drop the second Crowded House diagram.
    let start = text.find("In this example, Winnie may move").unwrap();
    let end = text
        .find("If a player has no pieces on their side")
        .unwrap();
    fs::write(
        rules.join("rules.md"),
        format!("{}{}", &text[..start], &text[end..]),
    )
    .unwrap();
    build();
    assert!(!out.join("site/images/rules/crowded-house2.png").exists());
    assert!(!out.join("site/images/rules/crowded-house2.svg").exists());
    assert!(out.join("site/images/rules/crowded-house1.png").exists());
    assert_eq!(fs::read_to_string(out.join("notes.txt")).unwrap(), "mine");
    assert_eq!(
        fs::read_to_string(out.join("site/images/rules/extra.png")).unwrap(),
        "mine too"
    );
}

#[test]
fn linked_images_are_copied_beside_the_page() {
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir_all(dir.path().join("book/images")).unwrap();
    // A 1x1 red PNG.
    const LOGO: &[u8] = &[
        137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 1, 0, 0, 0, 1, 8, 2,
        0, 0, 0, 144, 119, 83, 222, 0, 0, 0, 12, 73, 68, 65, 84, 120, 156, 99, 248, 207, 192, 0, 0,
        3, 1, 1, 0, 201, 254, 146, 239, 0, 0, 0, 0, 73, 69, 78, 68, 174, 66, 96, 130,
    ];
    fs::write(dir.path().join("book/images/logo.png"), LOGO).unwrap();
    fs::write(
        dir.path().join("book/game.md"),
        "---\ntitle: Game\n---\n![Logo](images/logo.png)\n\n## Game\n",
    )
    .unwrap();
    let out = dir.path().join("out");
    let o = run(&[
        "build",
        dir.path().join("book").to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(fs::read(out.join("site/images/logo.png")).unwrap(), LOGO);
    assert!(out.join("game.pdf").exists());
}

#[test]
fn every_error_is_reported_with_file_line_column_quote_and_caret() {
    let dir = tempfile::tempdir().unwrap();
    let book = dir.path().join("bad.md");
    fs::write(
        &book,
        "## Zombie Chess\n\n    r n b q k b n r\n    p p p p p p p\n    . . . . x . . .\n    . . . . . . . .\n    . . . . . . . .\n    . . . . . . . .\n    P P P P P P P P\n    R N B Q K B N R\n    arrow: e2, e9x, white\n    margins: 1, 2, 3\n    card: Z, 8.5, 0\n    wibble: 3\n",
    )
    .unwrap();
    let out = dir.path().join("out");
    let o = run(&[
        "build",
        book.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    let path = book.display().to_string();
    for (at, what) in [
        ("4:5", "this row of the board has 7 squares"),
        ("5:13", "unknown piece `x`"),
        ("11:16", "`e9x` is not a square"),
        ("12:14", "margins need 2 or 4 numbers"),
        ("13:11", "unknown card symbol `Z`"),
        ("14:5", "unknown line name `wibble`"),
    ] {
        assert!(
            reported(&err, &format!("error: {what}"), &format!("{path}:{at}")),
            "{at} {what}\n{err}"
        );
    }
    assert!(
        err.contains("5 |     . . . . x . . .\n  |             ^\n"),
        "{err}"
    );
    // The summary is last, names the file, and offers no allowance: a
    // syntax error cannot be allowed.
    let summary = err
        .find(&format!(
            "error: not published: {path} has 6 errors (above)"
        ))
        .expect(&err);
    assert!(err[summary..].contains("= help: fix them\n"), "{err}");
    // Then the run's: nothing is published.
    let nothing = err
        .find("error: nothing published: the run has 6 errors (above)")
        .expect(&err);
    assert!(
        err.rfind("error: ").unwrap() == nothing && nothing > summary,
        "{err}"
    );
    assert!(!err.contains("allowance"), "{err}");
    assert!(
        !out.join("site/bad.md").exists(),
        "a bad book is not published"
    );

    let o = run(&["check", book.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("checked 1 diagram: 0 rule-checked, 1 syntax-only, 6 errors"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn the_published_book_has_missing_images() {
    let o = run(&["check", "tests/seeds/published_rules.md"]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(
        reported(
            &err,
            "error: the image `images/new_rules/diagram1.png` does not exist",
            "tests/seeds/published_rules.md:54:1"
        ),
        "{err}"
    );
    assert_eq!(err.matches("error: the image").count(), 7, "{err}");
}

#[test]
fn missing_inputs_and_unwritable_outputs_are_errors() {
    let o = run(&["check", "no/such/book.md"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(reported(
        &stderr(&o),
        "error: cannot read: no such file or folder",
        "no/such/book.md"
    ));

    let dir = tempfile::tempdir().unwrap();
    let blocker = dir.path().join("file");
    fs::write(&blocker, "x").unwrap();
    let out = blocker.join("out");
    let o = run(&[
        "build",
        "tests/seeds/new_rules.md",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("error: cannot create the output folder"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn usage_errors_exit_2() {
    assert_eq!(run(&["build", "--nope"]).status.code(), Some(2));
    assert_eq!(run(&[]).status.code(), Some(2));
    assert_eq!(
        run(&["render", "tests/seeds/rules.md", "--diagram", "99"])
            .status
            .code(),
        Some(2)
    );
    assert_eq!(
        run(&[
            "render",
            "tests/seeds/rules.md",
            "--diagram",
            "1",
            "-o",
            "x.gif"
        ])
        .status
        .code(),
        Some(2)
    );
}

#[test]
fn check_passes_the_bundled_rules() {
    let o = run(&["check"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("checked 53 diagrams: 53 rule-checked, 0 syntax-only, 0 errors"),
        "{}",
        stderr(&o)
    );
    // Everything a person reads goes to standard error.
    assert_eq!(stdout(&o), "");

    let o = run(&[
        "check",
        "--format",
        "json",
        "tests/seeds/published_rules.md",
    ]);
    let first = stdout(&o).lines().next().unwrap().to_string();
    let v: serde_json::Value = serde_json::from_str(&first).unwrap();
    assert_eq!(v["line"], 54);
    let o = run(&[
        "check",
        "--format",
        "github",
        "tests/seeds/published_rules.md",
    ]);
    assert!(
        stdout(&o).starts_with(
            "::error file=tests/seeds/published_rules.md,line=54,endLine=54,col=1,endColumn="
        ),
        "{}",
        stdout(&o)
    );
}

#[test]
fn render_draws_one_diagram_from_a_file_or_stdin() {
    let o = run(&["render", "tests/seeds/rules.md", "--diagram", "1"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).starts_with("<svg"));

    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("one.png");
    let o = run(&[
        "render",
        "tests/seeds/rules.md",
        "--diagram",
        "1",
        "-o",
        png.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(png_size(&png).0 >= 800);

    use std::io::Write;
    let mut child = tool()
        .args(["render", "-", "--diagram", "1"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"Text\n\n    type: cloak\n    . 1 2 3 4 5 6 7 8\n    K . . O\n")
        .unwrap();
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o).starts_with("<svg"));
}

#[test]
fn usage_errors_exit_2_and_help_exits_0() {
    for args in [
        &["frobnicate"][..],
        &["render"],
        &["check", "--format", "xml"],
    ] {
        let o = run(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).starts_with("error: "), "{}", stderr(&o));
    }
    let o = run(&["--help"]);
    assert_eq!(o.status.code(), Some(0));
    // The exit codes a CI job goes by are in the help, not only the README.
    assert!(
        stdout(&o).contains("0 success, 1 problems in the input") && stdout(&o).contains("2 usage"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn a_file_that_is_not_markdown_is_refused_by_check_and_build() {
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("data.csv");
    fs::write(&csv, "heading,description\n").unwrap();
    let out = dir.path().join("out");
    for args in [
        vec!["check", csv.to_str().unwrap()],
        vec![
            "build",
            csv.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ],
    ] {
        let o = run(&args);
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        assert!(
            reported(
                &stderr(&o),
                "error: not a rulebook: the file does not end in `.md`",
                "data.csv"
            ),
            "{}",
            stderr(&o)
        );
    }
    assert!(!out.join("site/data.md").exists());
}

#[test]
fn two_books_of_one_name_are_an_error_and_a_book_given_twice_is_built_once() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a"), dir.path().join("b"));
    fs::create_dir_all(&a).unwrap();
    fs::create_dir_all(&b).unwrap();
    fs::copy("tests/seeds/new_rules.md", a.join("book.md")).unwrap();
    fs::copy("tests/seeds/new_rules.md", b.join("book.md")).unwrap();
    let (first, second) = (a.join("book.md"), b.join("book.md"));
    let out = dir.path().join("out");
    let o = run(&[
        "build",
        first.to_str().unwrap(),
        first.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        // The copy has no settings file allowing the Gravity finding.
        "--no-check",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stderr(&o).matches("built book:").count(),
        1,
        "{}",
        stderr(&o)
    );

    let o = run(&["check", first.to_str().unwrap(), second.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let message = format!(
        "error: two rulebooks are called `book`: {} and {}",
        first.display(),
        second.display()
    );
    assert!(stderr(&o).contains(&message), "{}", stderr(&o));
}

#[test]
fn the_summary_says_one_diagram_and_times_in_ms_or_seconds() {
    let dir = tempfile::tempdir().unwrap();
    let book = dir.path().join("one.md");
    fs::write(
        &book,
        "## Zombie Chess\n\n    r n b q k b n r\n    p p p p p p p p\n    . . . . . . . .\n    . . . . . . . .\n    . . . . . . . .\n    . . . . . . . .\n    P P P P P P P P\n    R N B Q K B N R\n",
    )
    .unwrap();
    let o = run(&["check", book.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stderr(&o);
    assert!(
        out.contains("checked 1 diagram: 1 rule-checked, 0 syntax-only, 0 errors"),
        "{out}"
    );
    let took = out.lines().find(|l| l.starts_with("took ")).expect(&out);
    let ok = took
        .strip_suffix(" ms")
        .is_some_and(|n| n[5..].parse::<u64>().is_ok())
        || took
            .strip_suffix(" s")
            .is_some_and(|n| n[5..].split_once('.').is_some_and(|(_, d)| d.len() == 1));
    assert!(ok, "{took}");
}

/// `render --format fen`: a diagram's position as FEN on standard output
/// (or in `-o`'s file); a diagram that is no chess position is an error
/// at the diagram saying why, exit 1.
#[test]
fn render_format_fen_prints_a_diagrams_position() {
    let o = run(&[
        "render",
        "rules/rules.md",
        "--diagram",
        "1",
        "--format",
        "fen",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "r1bqkbnr/pppp1ppp/2n5/8/3pP3/5N2/PPP2PPP/RNBQKB1R w KQkq - 0 1\n"
    );

    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("one.fen");
    let o = run(&[
        "render",
        "rules/rules.md",
        "--diagram",
        "1",
        "--format",
        "fen",
        "-o",
        file.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        fs::read_to_string(&file).unwrap(),
        "r1bqkbnr/pppp1ppp/2n5/8/3pP3/5N2/PPP2PPP/RNBQKB1R w KQkq - 0 1\n"
    );

    // Chess Golf's first diagram: a puzzle for one player.
    let o = run(&[
        "render",
        "rules/rules.md",
        "--diagram",
        "20",
        "--format",
        "fen",
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    assert!(stdout(&o).is_empty());
    let err = stderr(&o);
    assert!(
        reported(
            &err,
            "error: this diagram has no FEN: Chess Golf is played by one player, who moves pieces of both colours, so its positions have no side to move",
            "rules/rules.md:932:5"
        ),
        "{err}"
    );
    // A configured game on the middle 6×6, read from the settings beside
    // the book.
    let o = run(&[
        "render",
        "rules/rules.md",
        "--diagram",
        "33",
        "--format",
        "fen",
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    assert!(
        stderr(&o).contains("`Secret Chesswords` is played on the 6×6 board"),
        "{}",
        stderr(&o)
    );
    // A PNG needs a file; a format against the file's name is a usage error.
    for args in [
        &[
            "render",
            "rules/rules.md",
            "--diagram",
            "1",
            "--format",
            "png",
        ][..],
        &[
            "render",
            "rules/rules.md",
            "--diagram",
            "1",
            "--format",
            "svg",
            "-o",
            "x.png",
        ],
    ] {
        let o = run(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
    }
}

/// `render --from-fen`: the diagram lines of a position, quoted or as
/// separate words; a malformed FEN is an error at its field, exit 1; with
/// a rulebook as well, a usage error, exit 2.
#[test]
fn render_from_fen_prints_the_diagram_lines() {
    let lines = "    r n b q k b n r
    p p p p p p p p
    . . . . . . . .
    . . . . . . . .
    . . . . P . . .
    . . . . . . . .
    P P P P . P P P
    R N B Q K B N R
    arrow: e2, e4, white
";
    let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
    let o = run(&["render", "--from-fen", fen]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), lines);
    assert_eq!(stderr(&o), "");
    let mut words = vec!["render", "--from-fen"];
    words.extend(fen.split(' '));
    let o = run(&words);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), lines);

    // What the lines cannot say is a note.
    let o = run(&["render", "--from-fen", "4k3/8/8/8/8/8/8/4K3 b - - 0 1"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o).lines().count(), 8);
    assert!(
        stderr(&o).contains("note: the FEN's side to move is `b`, but the engine reads `w`"),
        "{}",
        stderr(&o)
    );

    // The lines read back as a diagram with the same position.
    let book = format!("## Zombie Chess\n\n{lines}");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("back.md");
    fs::write(&path, book).unwrap();
    let o = run(&[
        "render",
        path.to_str().unwrap(),
        "--diagram",
        "1",
        "--format",
        "fen",
    ]);
    assert_eq!(stdout(&o), format!("{fen}\n"), "{}", stderr(&o));

    let o = run(&[
        "render",
        "--from-fen",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1",
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    let err = stderr(&o);
    assert!(
        reported(
            &err,
            "error: FEN castling: 'x' is not one of KQkq or a file letter",
            "<FEN>:1:47"
        ),
        "{err}"
    );
    assert!(err.contains("^^^^"), "{err}");

    let o = run(&["render", "rules/rules.md", "--from-fen", fen]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
}

/// Options after `--from-fen FEN` are options (issue 37: the FEN took
/// `-o x.svg` as two more fields), however the FEN is spelt: quoted, as
/// its six fields, as fewer, or with `_` for the spaces. `-o FILE.svg` or
/// `.png` and `--format` draw the position as `render -` draws its lines;
/// another file gets the lines.
#[test]
fn render_from_fen_reads_the_options_after_the_fen() {
    let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
    let fields: Vec<&str> = fen.split(' ').collect();
    let dir = tempfile::tempdir().unwrap();
    let at = |name: &str| dir.path().join(name).display().to_string();
    let lines = stdout(&run(&["render", "--from-fen", fen]));
    // The drawing `render -` makes of the same lines.
    let drawn = run_with_stdin(&["render", "-", "--diagram", "1"], lines.as_bytes());
    assert_eq!(drawn.status.code(), Some(0), "{}", stderr(&drawn));
    let svg = stdout(&drawn);
    assert!(svg.starts_with("<svg"), "{svg:.100}");

    let quoted_eq = format!("--from-fen={fen}");
    let underscores = fen.replace(' ', "_");
    let (a, b, c, d, e) = (
        at("a.svg"),
        at("b.svg"),
        at("c.svg"),
        at("d.svg"),
        at("e.svg"),
    );
    let mut six = vec!["render", "--from-fen"];
    six.extend(&fields);
    six.extend(["-o", &b]);
    let spellings: Vec<(Vec<&str>, &str)> = vec![
        (vec!["render", "--from-fen", fen, "-o", &a], &a),
        (six, &b),
        (vec!["render", &quoted_eq, "--out", &c], &c),
        (vec!["render", "--from-fen", &underscores, "-o", &d], &d),
        (vec!["render", "-o", &e, "--from-fen", fen], &e),
    ];
    for (args, file) in &spellings {
        let o = run(args);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
        assert_eq!(stdout(&o), "", "{args:?}");
        assert_eq!(fs::read_to_string(file).unwrap(), svg, "{args:?}");
    }

    // Fewer fields, then options: SVG on standard output, a PNG file.
    let o = run(&[
        "render",
        "--from-fen",
        fields[0],
        fields[1],
        "--format",
        "svg",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).starts_with("<svg"), "{}", stdout(&o));
    let png = at("x.png");
    let o = run(&[
        "render",
        "--from-fen",
        fields[0],
        fields[1],
        "-o",
        &png,
        "-q",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(fs::read(&png).unwrap().starts_with(b"\x89PNG"));
    // The same file again: replaced only when told.
    let o = run(&["render", "--from-fen", fen, "--format", "png", "-o", &png]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let o = run(&[
        "render",
        "--from-fen",
        fen,
        "--format",
        "png",
        "-o",
        &png,
        "--force",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));

    // Another file gets the lines; --format fen is a usage error.
    let md = at("x.md");
    let mut args = vec!["render", "--from-fen"];
    args.extend(&fields);
    args.extend(["-o", &md]);
    let o = run(&args);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(fs::read_to_string(&md).unwrap(), lines);
    let o = run(&["render", "--from-fen", fen, "--format", "fen"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("--format is svg or png"),
        "{}",
        stderr(&o)
    );

    // `render --help` says how.
    let help = stdout(&run(&["render", "--help"]));
    assert!(help.contains("options may come after it"), "{help}");
}

/// `check --format json`: after the findings, each diagram's FEN in a
/// record of its own (its place, its number in the file, its section),
/// or `null` with the reason.
#[test]
fn check_json_gives_each_diagrams_fen_in_a_record_of_its_own() {
    let o = run(&["check", "rules/rules.md", "--format", "json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let records: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let fens: Vec<&serde_json::Value> = records.iter().filter(|r| r.get("fen").is_some()).collect();
    let diagrams = stderr(&o)
        .lines()
        .find_map(|l| l.strip_prefix("checked "))
        .and_then(|l| l.split(' ').next())
        .and_then(|n| n.parse::<usize>().ok())
        .unwrap();
    assert_eq!(fens.len(), diagrams, "one record a diagram");
    let first = fens[0];
    assert_eq!(first["file"], "rules/rules.md");
    assert_eq!(
        (first["line"].as_u64(), first["col"].as_u64()),
        (Some(53), Some(5))
    );
    assert_eq!(first["diagram"], 1);
    assert_eq!(first["section"], "Zombie Chess");
    assert_eq!(
        first["fen"],
        "r1bqkbnr/pppp1ppp/2n5/8/3pP3/5N2/PPP2PPP/RNBQKB1R w KQkq - 0 1"
    );
    assert_eq!(first["variant"], "standard");
    assert!(first["reason"].is_null());
    let golf = fens.iter().find(|r| r["section"] == "Chess Golf").unwrap();
    assert!(golf["fen"].is_null() && golf["variant"].is_null());
    assert!(
        golf["reason"]
            .as_str()
            .unwrap()
            .starts_with("Chess Golf is played by one player")
    );
    let c960 = fens.iter().find(|r| r["section"] == "Chess960").unwrap();
    assert_eq!(c960["variant"], "chess960");
    // The keys are the guide's, in its machine-output table.
    let readme = fs::read_to_string("docs/commands.md").unwrap();
    assert_eq!(record_keys(first), documented_keys(&readme, "key"));
    // Findings keep their form: no FEN key.
    let o = run(&[
        "check",
        "tests/seeds/published_rules.md",
        "--format",
        "json",
    ]);
    let first: serde_json::Value =
        serde_json::from_str(stdout(&o).lines().next().unwrap()).unwrap();
    assert!(first.get("severity").is_some() && first.get("fen").is_none());
    // A finding's keys are the guide's, in its table of a finding's fields.
    assert_eq!(record_keys(&first), documented_keys(&readme, "field"));
}

/// The keys a guide's table names in its first column (`a`, `b` for two),
/// sorted; the table is the one whose header is `| HEADER | value |`.
fn documented_keys(readme: &str, header: &str) -> Vec<String> {
    let table = readme
        .split(&format!("| {header} | value |\n| --- | --- |\n"))
        .nth(1)
        .and_then(|t| t.split("\n\n").next())
        .unwrap();
    let mut keys: Vec<String> = table
        .lines()
        .flat_map(|row| {
            let first = row.split('|').nth(1).unwrap_or("");
            first
                .split(',')
                .map(|k| k.trim().trim_matches('`').to_string())
                .collect::<Vec<_>>()
        })
        .collect();
    keys.sort();
    keys
}

/// A JSON record's keys, sorted.
fn record_keys(record: &serde_json::Value) -> Vec<String> {
    let mut keys: Vec<String> = record.as_object().unwrap().keys().cloned().collect();
    keys.sort();
    keys
}

/// Settings and templates belong to the book, not to the folder the tool
/// is run from: a style beside the settings applies when building from the
/// parent folder, or from inside a chapter folder below.
#[test]
fn the_books_own_style_applies_from_any_current_folder() {
    let dir = tempfile::tempdir().unwrap();
    let book = dir.path().join("book");
    fs::create_dir_all(book.join("templates")).unwrap();
    fs::write(book.join("chess-kit-docs.toml"), "").unwrap();
    fs::write(
        book.join("templates/style.toml"),
        "[png]\npixels_per_square = 10\n",
    )
    .unwrap();
    fs::write(
        book.join("demo.md"),
        "# Demo\n\n## Zombie Chess\n\n    . . . . k . . .\n    . . . . . . . .\n    . . . . . . . .\n    . . . . . . . .\n    . . . . . . . .\n    . . . . . . . .\n    . . . . . . . .\n    . . . . K . . .\n",
    )
    .unwrap();
    let png_width = |png: &Path| {
        let bytes = fs::read(png).unwrap();
        u32::from_be_bytes(bytes[16..20].try_into().unwrap())
    };
    let o = Command::new(env!("CARGO_BIN_EXE_chess-kit-docs"))
        .args(["build", "book", "--out", "out"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let width = png_width(&dir.path().join("out/site/images/demo/zombie-chess1.png"));
    assert!(width < 120, "the book's style was dropped: {width} px wide");
    // From a folder below the book, `render` finds the same root.
    fs::create_dir(book.join("drafts")).unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_chess-kit-docs"))
        .args(["render", "../demo.md", "--diagram", "1", "-o", "d.png"])
        .current_dir(book.join("drafts"))
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(png_width(&book.join("drafts/d.png")) < 120);
}

/// `--version` names the crate's version, then the commit it was built
/// from with its date (build.rs): `chess-kit-docs 0.1.0 (5055dec
/// 2026-11-29)`. Built from a git checkout, that commit is HEAD's: the
/// build script runs again when HEAD moves, so the binary is never stale.
#[test]
fn version_names_the_version_and_the_commit() {
    let expected = format!("chess-kit-docs {}", env!("CARGO_PKG_VERSION"));
    for flag in ["--version", "-V"] {
        let o = run(&[flag]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let said = stdout(&o);
        assert!(said.starts_with(&expected), "{said}");
        let commit = said.trim_end()[expected.len()..].to_string();
        assert!(
            commit.is_empty() || (commit.starts_with(" (") && commit.ends_with(')')),
            "{said}"
        );
        // Told by the build's environment, or read from git where there is
        // a checkout (not in a packaged crate).
        let head = Command::new("git")
            .args(["log", "-1", "--format=%h %cs"])
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string());
        let told = option_env!("CHESS_KIT_DOCS_COMMIT").map(str::trim);
        let from = match (told, head) {
            (Some(""), _) => None,
            (Some(told), _) => Some(told.to_string()),
            (None, head) if Path::new(env!("CARGO_MANIFEST_DIR")).join(".git").exists() => head,
            (None, _) => None,
        };
        match from {
            Some(c) => assert_eq!(commit, format!(" ({c})"), "{said}"),
            None => assert!(commit.is_empty(), "{said}"),
        }
    }
}

/// The subcommands a user can call (`help` aside).
const COMMANDS: [&str; 11] = [
    "init",
    "build",
    "check",
    "render",
    "serve",
    "deck",
    "clean",
    "completions",
    "man",
    "lsp",
    "import",
];

#[test]
fn every_command_lists_the_exit_codes_in_its_help() {
    for command in COMMANDS {
        let o = run(&[command, "--help"]);
        assert_eq!(o.status.code(), Some(0), "{command}: {}", stderr(&o));
        assert!(
            stdout(&o).contains("Exit status: 0 success, 1 problems in the input")
                && stdout(&o).contains("2 usage"),
            "{command}: {}",
            stdout(&o)
        );
    }
}

#[test]
fn one_spelling_per_idea_across_commands() {
    let help = |command: &str| stdout(&run(&[command, "--help"]));
    // An output folder or file is `-o/--out` wherever one is given.
    for (command, value) in [
        ("build", "DIR"),
        ("deck", "DIR"),
        ("render", "FILE"),
        ("import", "FILE"),
    ] {
        let text = help(command);
        assert!(
            text.contains(&format!("-o, --out <{value}>")),
            "{command}: {text}"
        );
        // The old spelling still works, but is not offered.
        assert!(!text.contains("--output"), "{command}: {text}");
    }
    // Rulebooks or their folders are PATHs in every command.
    for command in ["build", "check", "serve", "clean"] {
        let text = help(command);
        assert!(
            text.contains(&format!(
                "Usage: chess-kit-docs {command} [OPTIONS] [PATH]..."
            )),
            "{command}: {text}"
        );
    }
    assert!(help("deck").contains("Usage: chess-kit-docs deck [OPTIONS] [PATH]"));
    // The page format has one name in both commands that take it.
    for command in ["build", "deck"] {
        let text = help(command);
        assert!(text.contains("--page <FORMAT>"), "{command}: {text}");
    }

    let dir = tempfile::tempdir().unwrap();
    for (i, flag) in ["-o", "--out", "--output"].into_iter().enumerate() {
        let svg = dir.path().join(format!("{i}.svg"));
        let o = run(&[
            "render",
            "tests/seeds/rules.md",
            "--diagram",
            "1",
            flag,
            svg.to_str().unwrap(),
        ]);
        assert_eq!(o.status.code(), Some(0), "{flag}: {}", stderr(&o));
        assert!(
            fs::read_to_string(&svg).unwrap().starts_with("<svg"),
            "{flag}"
        );
    }
    let text = dir.path().join("list.txt");
    fs::write(
        &text,
        "Variants\n\nZombie Chess\nBury the pieces you capture.\n",
    )
    .unwrap();
    for (i, flag) in ["-o", "--out", "--output"].into_iter().enumerate() {
        let md = dir.path().join(format!("{i}.md"));
        let o = run(&["import", text.to_str().unwrap(), flag, md.to_str().unwrap()]);
        assert!(md.is_file(), "{flag}: {}", stderr(&o));
    }
}

/// A book of one rule-checked board and one section whose game no rules
/// check (a warning), in `dir`.
fn book_with_a_warning(dir: &Path) -> PathBuf {
    let board = "    r n b q k b n r\n    p p p p p p p p\n    . . . . . . . .\n    . . . . . . . .\n    . . . . . . . .\n    . . . . . . . .\n    P P P P P P P P\n    R N B Q K B N R\n";
    let book = dir.join("warned.md");
    fs::write(
        &book,
        format!("## Zombie Chess\n\n{board}\n## Nobody's Chess\n\n{board}"),
    )
    .unwrap();
    book
}

#[test]
fn every_command_takes_quiet_verbose_and_color() {
    for command in COMMANDS {
        let text = stdout(&run(&[command, "--help"]));
        for option in ["-q, --quiet", "-v, --verbose", "--color <WHEN>"] {
            assert!(text.contains(option), "{command} {option}: {text}");
        }
    }
    let o = run(&["-q", "check", "-v"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("cannot be used with"), "{}", stderr(&o));
}

#[test]
fn quiet_prints_only_errors() {
    let dir = tempfile::tempdir().unwrap();
    let book = book_with_a_warning(dir.path());
    let book = book.to_str().unwrap();
    let o = run(&["check", book]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stderr(&o).contains("warning: "), "{}", stderr(&o));
    assert!(stderr(&o).contains("checked 2 diagrams"), "{}", stderr(&o));
    // A warning is not an error: -q prints nothing at all.
    for args in [["-q", "check", book], ["check", book, "--quiet"]] {
        let o = run(&args);
        assert_eq!(o.status.code(), Some(0), "{args:?}");
        assert_eq!(
            (stdout(&o).as_str(), stderr(&o).as_str()),
            ("", ""),
            "{args:?}"
        );
    }
    let out = dir.path().join("out");
    let o = run(&["build", "-q", book, "-o", out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!((stdout(&o).as_str(), stderr(&o).as_str()), ("", ""));
    assert!(out.join("warned.pdf").is_file());

    // Errors are still printed, in full, and only they.
    let o = run(&["-q", "check", "tests/seeds/published_rules.md"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stdout(&o), "");
    let err = stderr(&o);
    assert_eq!(err.matches("error: the image").count(), 7, "{err}");
    assert!(
        !err.contains("warning") && !err.contains("checked "),
        "{err}"
    );
}

#[test]
fn verbose_prints_each_stage_and_each_file_written() {
    let dir = tempfile::tempdir().unwrap();
    let book = book_with_a_warning(dir.path());
    let o = run(&["-v", "check", book.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let line = format!("  read and checked {} (2 diagrams): ", book.display());
    assert!(stderr(&o).contains(&line), "{}", stderr(&o));
    assert!(!stdout(&run(&["check", book.to_str().unwrap()])).contains(&line));

    let out = dir.path().join("out");
    let build = |flag: &str| {
        let o = run(&[
            flag,
            "build",
            book.to_str().unwrap(),
            "-o",
            out.to_str().unwrap(),
        ]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        stderr(&o)
    };
    let err = build("--verbose");
    for stage in [
        "  read the settings, styles and templates: ",
        "  read and checked the books: ",
        "  PDF books (side by side): ",
        "  moved the new files into place: ",
    ] {
        assert!(err.contains(stage), "{stage}\n{err}");
    }
    let pdf = format!("  wrote {}\n", out.join("warned.pdf").display());
    assert!(err.contains(&pdf), "{err}");
    // Written once: a second build writes nothing, and lists nothing.
    assert!(!build("-v").contains("  wrote "));
}

#[test]
fn color_follows_the_option_then_no_color_then_the_terminal() {
    let colored = |args: &[&str], env: &[(&str, &str)]| {
        let mut c = tool();
        c.args(args)
            .env_remove("NO_COLOR")
            .env_remove("CLICOLOR_FORCE");
        for (k, v) in env {
            c.env(k, v);
        }
        let o = c.output().unwrap();
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        stderr(&o).contains("\x1b[")
    };
    let bad = ["check", "tests/seeds/published_rules.md"];
    let with = |color: &'static str| {
        let mut args = bad.to_vec();
        args.extend(["--color", color]);
        args
    };
    // Piped: plain unless asked.
    assert!(!colored(&bad, &[]));
    assert!(!colored(&with("auto"), &[]));
    assert!(colored(&with("always"), &[]));
    assert!(colored(&["--color=always", bad[0], bad[1]], &[]));
    // auto follows the environment: CLICOLOR_FORCE stands in for a
    // terminal, and NO_COLOR wins over it.
    assert!(colored(&bad, &[("CLICOLOR_FORCE", "1")]));
    assert!(!colored(
        &bad,
        &[("CLICOLOR_FORCE", "1"), ("NO_COLOR", "1")]
    ));
    // The option wins over both.
    assert!(colored(&with("always"), &[("NO_COLOR", "1")]));
    assert!(!colored(&with("never"), &[("CLICOLOR_FORCE", "1")]));
    // clap's own messages follow it too.
    let o = run(&["--color", "always", "frobnicate"]);
    assert!(stderr(&o).contains("\x1b["), "{}", stderr(&o));
    let o = run(&["--color", "never", "frobnicate"]);
    assert!(!stderr(&o).contains("\x1b["), "{}", stderr(&o));
}

/// Runs the tool with `input` on its standard input.
fn run_with_stdin(args: &[&str], input: &[u8]) -> Output {
    use std::io::Write;
    let mut child = tool()
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait_with_output().unwrap()
}

/// An arrow error that one change cures has a `help:` naming it, in every
/// format: rustc's `= help:` line, JSON's `help`, GitHub's brackets.
#[test]
fn an_arrow_error_with_one_cure_carries_its_help_in_every_format() {
    let book = "## Zombie Chess\n\n    r n b q k b n r\n    p p p p p p p p\n    . . . . . . . .\n    . . . . . . . .\n    . . . . . . . .\n    . . . . . . . .\n    P P P P P P P P\n    R N B Q K B N R\n    arrow: g1, e3, white\n";
    let help = "did you mean `arrow: g1, f3, white`? of the squares next to e3, only f3 makes this arrow legal";
    let o = run_with_stdin(&["check", "-"], book.as_bytes());
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        reported(
            &stderr(&o),
            "error: the white knight on g1 cannot reach e3",
            "<stdin>:11:5"
        ),
        "{}",
        stderr(&o)
    );
    assert!(
        stderr(&o).contains(&format!("= help: {help}\n")),
        "{}",
        stderr(&o)
    );
    let o = run_with_stdin(&["check", "-", "--format", "json"], book.as_bytes());
    let finding: serde_json::Value =
        serde_json::from_str(stdout(&o).lines().next().unwrap()).unwrap();
    assert_eq!(finding["rule"], "arrow");
    assert_eq!(finding["help"], help);
    let o = run_with_stdin(&["check", "-", "--format", "github"], book.as_bytes());
    let line = stdout(&o).lines().next().unwrap().to_string();
    assert!(
        line.starts_with("::error file=<stdin>,line=11,") && line.contains("title=arrow::"),
        "{line}"
    );
    // The help follows the message in brackets, with GitHub's escapes.
    assert!(
        line.contains("did you mean `arrow: g1, f3, white`?"),
        "{line}"
    );
}

#[test]
fn check_dash_reads_one_rulebook_from_standard_input() {
    let bad = "## Zombie Chess\n\n    r n b q k b n r\n    p p p p p p p p\n    . . . . x . . .\n    . . . . . . . .\n    . . . . . . . .\n    . . . . . . . .\n    P P P P P P P P\n    R N B Q K B N R\n";
    let o = run_with_stdin(&["check", "-"], bad.as_bytes());
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        reported(&stderr(&o), "error: unknown piece `x`", "<stdin>:5:13"),
        "{}",
        stderr(&o)
    );
    assert!(
        stderr(&o).contains("checked 1 diagram: 0 rule-checked, 1 syntax-only, 1 error"),
        "{}",
        stderr(&o)
    );
    let o = run_with_stdin(&["check", "-", "--format", "github"], bad.as_bytes());
    assert!(
        stdout(&o).starts_with(
            "::error file=<stdin>,line=5,endLine=5,col=13,endColumn=13,title=chess-kit-docs::"
        ),
        "{}",
        stdout(&o)
    );

    let good = fs::read("tests/seeds/crowded_rules.md").unwrap();
    let o = run_with_stdin(&["check", "-"], &good);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("checked 4 diagrams: 4 rule-checked"),
        "{}",
        stderr(&o)
    );

    // Not UTF-8: an error that names standard input.
    let o = run_with_stdin(&["check", "-"], b"## Zombie Chess\n\xff\n");
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("cannot read standard input") && stderr(&o).contains("<stdin>"),
        "{}",
        stderr(&o)
    );
    // Alone, or it is a usage error.
    let o = run_with_stdin(&["check", "-", "tests/seeds/rules.md"], b"");
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("checked alone"), "{}", stderr(&o));
}

#[test]
fn clean_deletes_what_build_and_deck_wrote_and_nothing_else() {
    let dir = tempfile::tempdir().unwrap();
    let books = dir.path().join("books");
    fs::create_dir(&books).unwrap();
    book_with_a_warning(&books);
    fs::write(
        books.join("cards.md"),
        "## Zombie Chess\nRules.\n\n    type: cards\n    Piece Cards Gap\n    K  _  _  _ KH  _  _  _  _ 6\n",
    )
    .unwrap();
    // The settings name the output folder, relative to themselves.
    fs::write(
        books.join("chess-kit-docs.toml"),
        "[build]\nout = \"../public\"\n",
    )
    .unwrap();
    let out = dir.path().join("public");
    let b = books.to_str().unwrap();
    for args in [vec!["build", b], vec!["deck", b]] {
        let o = run(&args);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
    }
    assert!(out.join("warned.pdf").is_file() && out.join("chess-deck.pdf").is_file());
    // The author's own files in the folder, and a page edited by hand.
    fs::write(out.join("notes.txt"), "mine").unwrap();
    fs::write(out.join("site/images/mine.png"), "mine too").unwrap();
    fs::write(out.join("site/warned.md"), "edited").unwrap();

    let o = run(&["clean", b, "-v"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let err = stderr(&o);
    // Named as the settings name it, without the `..` step (`books/../public`).
    let shown = out.clone();
    assert!(
        err.contains(&format!("cleaned {}: ", shown.display())),
        "{err}"
    );
    assert!(
        err.contains(&format!(
            "  removed {}\n",
            shown.join("deck/back.png").display()
        )),
        "{err}"
    );
    assert!(
        err.contains("warning: left in place: the tool made this file, but it was changed since"),
        "{err}"
    );
    assert_eq!(
        files(&out),
        [
            PathBuf::from("notes.txt"),
            PathBuf::from("site/images/mine.png"),
            PathBuf::from("site/warned.md")
        ]
    );
    // The folders it emptied went with their files.
    assert!(!out.join("html").exists() && !out.join("deck").exists());
    assert!(!out.join("site/images/warned").exists());

    // Nothing of the tool's is left: the folder is refused now, and so is
    // any folder it did not write.
    let o = run(&["clean", "-o", out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("not cleaned: this folder has no `.chess-kit-docs-manifest`"),
        "{}",
        stderr(&o)
    );
    let o = run(&["clean", "--out", books.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert_eq!(fs::read_dir(&books).unwrap().count(), 3, "the books stay");
    assert_eq!(files(&out).len(), 3);

    // A folder that does not exist has nothing to clean.
    let o = run(&["clean", "-o", dir.path().join("none").to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stderr(&o).contains("nothing to clean"), "{}", stderr(&o));
    // Nor does the empty folder a clean leaves: cleaning twice is no error.
    let emptied = dir.path().join("emptied");
    fs::create_dir(&emptied).unwrap();
    let o = run(&["clean", "-o", emptied.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("nothing to clean: ")
            && stderr(&o).contains("holds none of the tool's files"),
        "{}",
        stderr(&o)
    );
    assert!(emptied.is_dir(), "the folder itself stays");
}

/// The completion script for `shell`, checked to be the tool's.
fn completions(shell: &str) -> String {
    let o = run(&["completions", shell]);
    assert_eq!(o.status.code(), Some(0), "{shell}: {}", stderr(&o));
    let script = stdout(&o);
    assert!(script.contains("chess-kit-docs"), "{shell}: {script}");
    script
}

#[test]
fn completions_are_made_for_every_shell_and_load_in_bash_and_zsh() {
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        completions(shell);
    }
    let o = run(&["completions", "tcsh"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));

    let dir = tempfile::tempdir().unwrap();
    if have("bash", "loading the bash completions") {
        let script = dir.path().join("chess-kit-docs.bash");
        fs::write(&script, completions("bash")).unwrap();
        let o = std::process::Command::new("bash")
            .arg("-n")
            .arg(&script)
            .output()
            .unwrap();
        assert!(o.status.success(), "bash -n: {}", stderr(&o));
        // Loaded, it completes the commands and the options.
        let complete = |line: &str| {
            let words: Vec<&str> = line.split(' ').collect();
            let program = format!(
                "source {}; COMP_WORDS=({}); COMP_CWORD={}; COMP_LINE='{line}'; COMP_POINT=${{#COMP_LINE}}; _chess-kit-docs chess-kit-docs {} {}; echo \"${{COMPREPLY[@]}}\"",
                script.display(),
                words.join(" "),
                words.len() - 1,
                words[words.len() - 1],
                words[words.len() - 2],
            );
            let o = std::process::Command::new("bash")
                .args(["-c", &program])
                .output()
                .unwrap();
            assert!(o.status.success(), "{line}: {}", stderr(&o));
            stdout(&o).trim().to_string()
        };
        assert_eq!(complete("chess-kit-docs cle"), "clean");
        assert_eq!(complete("chess-kit-docs completions z"), "zsh");
        assert!(complete("chess-kit-docs build --pa").contains("--page"));
    }
    if have("zsh", "loading the zsh completions") {
        let script = dir.path().join("_chess-kit-docs");
        fs::write(&script, completions("zsh")).unwrap();
        let o = std::process::Command::new("zsh")
            .arg("-n")
            .arg(&script)
            .output()
            .unwrap();
        assert!(o.status.success(), "zsh -n: {}", stderr(&o));
        // Found on the fpath, compinit binds it to the command.
        let program = format!(
            "fpath=({} $fpath); autoload -Uz compinit; compinit -u -d {}/dump; print -r -- ${{_comps[chess-kit-docs]}}",
            dir.path().display(),
            dir.path().display()
        );
        let o = std::process::Command::new("zsh")
            .args(["-f", "-c", &program])
            .output()
            .unwrap();
        assert_eq!(stdout(&o).trim(), "_chess-kit-docs", "{}", stderr(&o));
    }
}

#[test]
fn the_manual_pages_render_with_man() {
    let dir = tempfile::tempdir().unwrap();
    let o = run(&["man", "-o", dir.path().to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("wrote 12 manual pages"),
        "{}",
        stderr(&o)
    );
    let mut pages: Vec<String> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    pages.sort();
    let mut expected: Vec<String> = COMMANDS
        .iter()
        .map(|c| format!("chess-kit-docs-{c}.1"))
        .chain(["chess-kit-docs.1".to_string()])
        .collect();
    expected.sort();
    assert_eq!(pages, expected);
    // The page on standard output is the tool's own.
    let o = run(&["man"]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        o.stdout,
        fs::read(dir.path().join("chess-kit-docs.1")).unwrap()
    );

    if !have("man", "rendering the manual pages") {
        return;
    }
    for page in &pages {
        let o = std::process::Command::new("man")
            .args(["--warnings", "-l"])
            .arg(dir.path().join(page))
            .env("MANWIDTH", "80")
            .env("MANPAGER", "cat")
            .output()
            .unwrap();
        let text = stdout(&o);
        assert!(o.status.success(), "{page}: {}", stderr(&o));
        assert_eq!(stderr(&o), "", "{page}: troff warnings");
        for heading in ["NAME", "SYNOPSIS", "OPTIONS"] {
            assert!(text.contains(heading), "{page}: {heading}\n{text}");
        }
        // man justifies the lines: compare the words.
        let words = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(words.contains("Exit status: 0 success"), "{page}: {text}");
    }
    let deck = fs::read_to_string(dir.path().join("chess-kit-docs-deck.1")).unwrap();
    assert!(deck.contains("\\-\\-page"), "{deck}");
}
