//! Input that once crashed the tool or cost far more than its size: text
//! that is not UTF-8, deep nesting, very long lines and labels, numbers far
//! outside the board. Each is a clear error at its line, found quickly.

use std::path::Path;

use chess_kit_docs::book::{Book, MAX_LINE_CHARS, MAX_NESTING};
use chess_kit_docs::diagnostic::Diagnostic;
use chess_kit_docs::source::SourceFile;

fn parse(text: &str) -> (Book, Vec<Diagnostic>) {
    let mut diags = Vec::new();
    let book = Book::parse(SourceFile::new("dir/test.md", text), &mut diags);
    (book, diags)
}

/// The errors as `file:line:col: error: message`; each is also drawn in
/// full (quote and caret), which once panicked.
fn errors(diags: &[Diagnostic]) -> Vec<String> {
    diags
        .iter()
        .filter(|d| d.is_error())
        .map(|d| {
            let _ = d.render();
            d.render_short()
        })
        .collect()
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

fn load_bytes(bytes: &[u8]) -> (Option<Book>, Vec<Diagnostic>) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("book.md");
    std::fs::write(&path, bytes).unwrap();
    let mut diags = Vec::new();
    let book = Book::load(&path, &mut diags);
    (book, diags)
}

#[test]
fn latin1_text_is_an_error_at_the_bad_byte() {
    let (book, diags) = load_bytes(b"## Zombie Chess\nCaf\xe9 rules\n");
    assert!(book.is_none());
    let text = errors(&diags).join("");
    assert!(
        text.contains("book.md:2:4: error: the file is not UTF-8 text"),
        "{text}"
    );
    let drawn = diags[0].render();
    assert!(drawn.contains("2 | Caf\u{fffd} rules"), "{drawn}");
}

#[test]
fn a_bad_byte_after_multibyte_text_points_at_its_character() {
    // Two-byte characters before the bad byte, and more after it: the
    // span is measured in the decoded text, not the file's bytes.
    let (_, diags) = load_bytes(
        "é é\n"
            .as_bytes()
            .iter()
            .chain(b"\xff\xfe tail \xc3")
            .copied()
            .collect::<Vec<u8>>()
            .as_slice(),
    );
    let d = diags.iter().find(|d| d.is_error()).unwrap();
    assert_eq!(d.line_col().unwrap().to_string(), "2:1");
    let _ = d.render();
    let _ = d.render_json();
}

#[test]
fn utf16_and_binary_files_are_errors() {
    let utf16: Vec<u8> = "\u{feff}## A\n"
        .encode_utf16()
        .flat_map(u16::to_le_bytes)
        .collect();
    let (book, diags) = load_bytes(&utf16);
    assert!(book.is_none());
    assert!(errors(&diags).join("").contains("UTF-16"), "{diags:?}");
    let png = std::fs::read("docs/diagram-tar-pit.png").unwrap();
    let (book, diags) = load_bytes(&png);
    assert!(book.is_none());
    assert!(errors(&diags).join("").contains("not UTF-8"));
}

#[test]
fn a_byte_order_mark_does_not_hide_the_front_matter() {
    let (book, diags) = load_bytes(b"\xef\xbb\xbf---\ntitle: The Rules\n---\n\n## A\n");
    let book = book.unwrap();
    assert!(errors(&diags).is_empty(), "{diags:?}");
    assert_eq!(book.front_matter.title(), Some("The Rules"));
    assert_eq!(book.chapters().next().unwrap().title, "A");
}

#[test]
fn only_regular_files_are_read() {
    let mut diags = Vec::new();
    assert!(Book::load(Path::new("/dev/zero"), &mut diags).is_none());
    assert!(
        diags[0].render_short().contains("it is not a regular file"),
        "{diags:?}"
    );
    let dir = tempfile::tempdir().unwrap();
    let mut diags = Vec::new();
    assert!(Book::load(dir.path(), &mut diags).is_none());
    assert_eq!(diags.len(), 1);
}

#[test]
fn six_thousand_nested_quotes_are_one_error_not_a_stack_overflow() {
    let text = format!("## A\n{} deep\n", ">".repeat(6000));
    let (_, diags) = parse(&text);
    let errs = errors(&diags);
    assert_eq!(errs.len(), 1, "{errs:?}");
    assert!(
        errs[0].starts_with(&format!("dir/test.md:2:{}: error: quotes, lists, emphasis and links nest more than {MAX_NESTING} deep", MAX_NESTING + 1)),
        "{}",
        errs[0]
    );
}

#[test]
fn nesting_up_to_the_limit_is_kept() {
    let text = format!("{} deep\n", ">".repeat(MAX_NESTING));
    let (book, diags) = parse(&text);
    assert!(errors(&diags).is_empty(), "{diags:?}");
    let mut depth = 0;
    let mut blocks = &book.blocks;
    while let Some(chess_kit_docs::book::Block::BlockQuote { blocks: inner, .. }) = blocks.first() {
        depth += 1;
        blocks = inner;
    }
    assert_eq!(depth, MAX_NESTING);
}

#[test]
fn deeply_nested_lists_emphasis_and_images_are_errors() {
    let lists: String = (0..200)
        .map(|i| format!("{}* item\n", "  ".repeat(i)))
        .collect();
    let marks = |n: usize| (0..n).map(|i| if i % 2 == 0 { '*' } else { '_' });
    let emphasis = format!(
        "{}x{}\n",
        marks(2000).map(|m| format!("{m}a ")).collect::<String>(),
        marks(2000)
            .rev()
            .map(|m| format!(" a{m}"))
            .collect::<String>()
    );
    let bullets = format!("{}x\n", "* ".repeat(100_000));
    let images = format!("{}x{}\n", "![".repeat(50_000), "](u)".repeat(50_000));
    let links = format!("{}x{}\n", "[".repeat(50_000), "](u)".repeat(50_000));
    for (text, nests) in [
        (lists, true),
        (emphasis, true),
        (bullets, true),
        (images, true),
        // pulldown-cmark itself does not nest links in links.
        (links, false),
    ] {
        let (_, diags) = parse(&text);
        let firsts: Vec<&str> = diags
            .iter()
            .filter(|d| d.is_error())
            .map(|d| d.message.as_str())
            .collect();
        // The long one-line inputs are also over-long lines.
        assert!(
            firsts.iter().any(|m| m.contains("nest more than")) == nests
                && firsts
                    .iter()
                    .all(|m| m.contains("nest more than") || m.contains("characters; a line")),
            "{firsts:?}"
        );
        let _ = errors(&diags);
    }
}

#[test]
fn an_over_long_line_is_an_error_at_the_first_character_past_the_limit() {
    let text = format!("## A\n\n{}\n", "word ".repeat(20_000));
    let (_, diags) = parse(&text);
    let errs = errors(&diags);
    assert_eq!(errs.len(), 1, "{errs:?}");
    assert!(
        errs[0].starts_with(&format!(
            "dir/test.md:3:{}: error: this line has 100000 characters; a line may have at most {MAX_LINE_CHARS}",
            MAX_LINE_CHARS + 1
        )),
        "{}",
        errs[0].lines().next().unwrap()
    );
    let ok = format!("## A\n\n{}\n", "x".repeat(MAX_LINE_CHARS));
    assert!(errors(&parse(&ok).1).is_empty());
}

#[test]
fn a_long_label_is_an_error_and_a_short_one_is_not() {
    let label = "x".repeat(100_000);
    let (book, diags) = parse(&format!("## A\n\n{BOARD}    text: {label}, 1, 1\n"));
    let errs = errors(&diags);
    assert_eq!(errs.len(), 2, "the line and the label: {errs:?}");
    assert!(errs.iter().any(|e| {
        e.contains("error: this label has 100000 characters; a label may have at most 80")
    }));
    assert!(book.diagrams[0].diagram.is_none());
    let (book, diags) = parse(&format!(
        "## A\n\n{BOARD}    text: {}, 1, 1\n",
        "x".repeat(80)
    ));
    assert!(errors(&diags).is_empty(), "{diags:?}");
    assert!(book.diagrams[0].diagram.is_some());
}

#[test]
fn margins_and_positions_far_off_the_board_are_errors() {
    for line in [
        "margins: 1000, 0",
        "margins: 0, 0, 0, -21",
        "card: K, 8.5, 1e300",
        "text: far, -1000, 1",
        "corner text: far, 1, 21",
    ] {
        let (book, diags) = parse(&format!("## A\n\n{BOARD}    {line}\n"));
        let errs = errors(&diags);
        assert_eq!(errs.len(), 1, "{line}: {errs:?}");
        assert!(errs[0].contains("is too far from the board"), "{}", errs[0]);
        assert!(errs[0].starts_with("dir/test.md:11:"), "{}", errs[0]);
        assert!(book.diagrams[0].diagram.is_none());
    }
    let (_, diags) = parse(&format!(
        "## A\n\n{BOARD}    margins: 20, -2, 0, 12\n    text: ok, -20, 20\n"
    ));
    assert!(errors(&diags).is_empty(), "{diags:?}");
}

/// A file larger than the tool reads (a sparse 100 GB one costs no disk) is
/// refused before it is opened, with its size and the limit: a rulebook, a
/// settings file and a contents file, from `check`, `build` and `import`;
/// standard input past the limit likewise.
#[test]
fn files_over_the_size_limit_are_refused_before_they_are_read() {
    use std::process::{Command, Stdio};
    let tool = env!("CARGO_BIN_EXE_chess-kit-docs");
    let dir = tempfile::tempdir().unwrap();
    let huge = |name: &str| {
        let f = std::fs::File::create(dir.path().join(name)).unwrap();
        f.set_len(100 << 30).unwrap();
    };
    let small = "## Zombie Chess\n\nText.\n";
    let run = |args: &[&str]| {
        let o = Command::new(tool)
            .args(args)
            .current_dir(dir.path())
            .output()
            .unwrap();
        (
            o.status.code(),
            String::from_utf8_lossy(&o.stderr).into_owned(),
        )
    };
    let over = "it is 102400 MB, over the 64 MB the tool reads from one file";

    huge("huge.md");
    for args in [&["check", "huge.md"][..], &["import", "huge.md"][..]] {
        let (code, err) = run(args);
        assert_eq!(code, Some(1), "{args:?}: {err}");
        assert!(err.contains(over) && err.contains("huge.md"), "{err}");
    }

    std::fs::write(dir.path().join("book.md"), small).unwrap();
    huge("book_contents.csv");
    let (code, err) = run(&["build", "book.md", "-o", "out"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains(over) && err.contains("book_contents.csv"),
        "{err}"
    );
    assert!(!dir.path().join("out/book.pdf").exists());
    std::fs::remove_file(dir.path().join("book_contents.csv")).unwrap();

    huge("chess-kit-docs.toml");
    let (code, err) = run(&["check", "book.md"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains(over) && err.contains("chess-kit-docs.toml"),
        "{err}"
    );
    std::fs::remove_file(dir.path().join("chess-kit-docs.toml")).unwrap();

    // Standard input: 64 MB and one byte more.
    let mut child = Command::new(tool)
        .args(["check", "-"])
        .stdin(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        use std::io::Write as _;
        let chunk = vec![b'a'; 1 << 20];
        for _ in 0..64 {
            stdin.write_all(&chunk).unwrap();
        }
        // The tool stops reading here, so this write may find the pipe closed.
        let _ = stdin.write_all(b"a");
    });
    let o = child.wait_with_output().unwrap();
    writer.join().unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(
        err.contains("cannot read standard input: it is over the 64 MB the tool reads"),
        "{err}"
    );
}
