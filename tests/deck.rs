//! The card deck of the bundled rulebook: its cards, the PDF and the
//! images, and the command on good and bad input.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use chess_kit_docs::book::Book;
use chess_kit_docs::deck::{Aids, DeckOptions, DeckPage, deck, faces, page_count};
use chess_kit_docs::source::SourceFile;
use chess_kit_docs::style::Style;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn seeds() -> (Book, Aids) {
    let mut diags = Vec::new();
    let book = Book::load(&root().join("rules/rules.md"), &mut diags).expect("the rulebook loads");
    assert!(diags.is_empty(), "{diags:?}");
    let aids = Aids::load(&root().join("rules/player_aids.md"))
        .unwrap_or_else(|d| panic!("{}", d.iter().map(|d| d.render()).collect::<String>()));
    (book, aids)
}

fn options(page: DeckPage, backs: bool) -> DeckOptions {
    DeckOptions {
        page,
        backs,
        bleed_pt: 0.0,
        date: Some((2024, 5, 1)),
    }
}

/// The number of page objects.
fn pdf_pages(pdf: &[u8]) -> usize {
    let text = String::from_utf8_lossy(pdf);
    [
        "/Type /Page\n",
        "/Type /Page/",
        "/Type /Page ",
        "/Type/Page/",
        "/Type/Page\n",
    ]
    .iter()
    .map(|p| text.matches(p).count())
    .sum()
}

fn png_size(bytes: &[u8]) -> (u32, u32) {
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    let n = |i: usize| u32::from_be_bytes([bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]]);
    (n(16), n(20))
}

const GAMES: [&str; 11] = [
    "zombie-chess",
    "masquerade-chess",
    "two-move-chess",
    "adrenaline-chess",
    "tar-pit-chess",
    "chess-golf",
    "crowded-house",
    "cooperative-chess",
    "half-alice-chess",
    "chess960",
    "synchronous-chess",
];

#[test]
fn the_seeds_make_40_cards_11_aids_and_a_back() {
    let (book, aids) = seeds();
    let faces = faces(&book, &aids, &Style::default()).unwrap();
    let copies = |name: &str| {
        faces
            .iter()
            .find(|f| f.name == name)
            .unwrap_or_else(|| panic!("no {name}"))
            .copies
    };
    for side in [
        ["p", "n", "b", "r", "q", "k", "c"],
        ["P", "N", "B", "R", "Q", "K", "C"],
    ] {
        let counts: Vec<usize> = side.iter().map(|s| copies(&format!("card-{s}"))).collect();
        assert_eq!(counts, [8, 2, 2, 2, 1, 1, 4]);
    }
    let cards: usize = faces
        .iter()
        .filter(|f| f.name.starts_with("card-"))
        .map(|f| f.copies)
        .sum();
    assert_eq!(cards, 40);
    let aids: Vec<&str> = faces
        .iter()
        .filter_map(|f| f.name.strip_prefix("aid-"))
        .collect();
    assert_eq!(aids, GAMES);
    assert!(
        faces
            .iter()
            .all(|f| !f.name.starts_with("aid-") || f.copies == 1)
    );
    assert_eq!(copies("back"), 0);
    assert_eq!(faces.len(), 14 + 11 + 1);
    // A card of the deck is the card of the diagrams.
    let k = faces.iter().find(|f| f.name == "card-K").unwrap();
    assert_eq!(
        k.svg,
        chess_kit_docs::render::card_svg("K", &Style::default())
    );
}

#[test]
fn pdf_is_stable_and_paged_and_images_are_300_dpi() {
    let (book, aids) = seeds();
    let style = Style::default();
    let a = deck(&book, &aids, &style, &options(DeckPage::Letter, false)).unwrap();
    assert!(a.pdf.starts_with(b"%PDF-"));
    let b = deck(&book, &aids, &style, &options(DeckPage::Letter, false)).unwrap();
    assert!(a.pdf == b.pdf, "two builds differ");
    // 40 cards and 11 aids, 9 a sheet.
    assert_eq!(pdf_pages(&a.pdf), 52usize.div_ceil(9));
    assert_eq!(page_count(51, false), 6);
    let pngs: Vec<&(String, Vec<u8>)> = a
        .images
        .iter()
        .filter(|(n, _)| n.ends_with(".png"))
        .collect();
    let svgs = a.images.iter().filter(|(n, _)| n.ends_with(".svg")).count();
    assert_eq!((pngs.len(), svgs), (26, 26));
    for (name, bytes) in &pngs {
        assert_eq!(png_size(bytes), (750, 1050), "{name}");
    }
    let names: Vec<&str> = a.images.iter().map(|(n, _)| n.as_str()).collect();
    for n in [
        "card-K.png",
        "card-p.png",
        "card-c.png",
        "card-C.png",
        "back.png",
        "aid-zombie-chess.png",
        "card-K.svg",
    ] {
        assert!(names.contains(&n), "{n}");
    }
    for (name, bytes) in a.images.iter().filter(|(n, _)| n.ends_with(".svg")) {
        let text = String::from_utf8_lossy(bytes);
        assert!(
            text.starts_with("<svg") && !text.contains("<text"),
            "{name}: text as outlines"
        );
    }

    let backs = deck(&book, &aids, &style, &options(DeckPage::Letter, true)).unwrap();
    assert_eq!(pdf_pages(&backs.pdf), 2 * 6);
    let a4 = deck(&book, &aids, &style, &options(DeckPage::A4, true)).unwrap();
    assert_eq!(pdf_pages(&a4.pdf), 12);
    assert!(a4.pdf != backs.pdf);
    let text = String::from_utf8_lossy(&a4.pdf);
    assert!(
        text.contains("/MediaBox[0 0 595.2756 841.8898]"),
        "A4 pages"
    );
    let bleed = DeckOptions {
        bleed_pt: 9.0,
        ..options(DeckPage::A4, false)
    };
    let bled = deck(&book, &aids, &style, &bleed).unwrap();
    assert_eq!(pdf_pages(&bled.pdf), 6);
    assert!(bled.pdf != a4.pdf);
}

#[test]
fn every_aid_is_a_game_of_the_rulebook_and_says_the_essentials() {
    let (book, aids) = seeds();
    let chapters: Vec<&str> = book.chapters().map(|s| s.title.as_str()).collect();
    assert_eq!(aids.cards.len(), 11);
    for aid in &aids.cards {
        assert!(chapters.contains(&aid.title.as_str()), "{}", aid.title);
        let text: Vec<String> = aid
            .lines
            .iter()
            .map(|l| l.runs.iter().map(|r| r.text.as_str()).collect())
            .collect();
        for label in ["Players: ", "Equipment: ", "Setup: "] {
            assert!(
                text.iter().any(|l| l.starts_with(label)),
                "{}: no {label}",
                aid.title
            );
        }
    }
}

fn aids_of(text: &str) -> Result<Aids, String> {
    Aids::parse(SourceFile::new("aids.md", text))
        .map_err(|d| d.iter().map(|d| d.render_short()).collect())
}

fn book_of(text: &str) -> Book {
    let mut diags = Vec::new();
    let book = Book::parse(SourceFile::new("book.md", text), &mut diags);
    assert!(diags.is_empty(), "{diags:?}");
    book
}

#[test]
fn a_line_too_wide_is_an_error_at_its_place() {
    let book = book_of("## Zombie Chess\nRules.\n");
    let aids = aids_of(
        "## Zombie Chess\nPlayers: 2\n\nSetup: a line that goes on and on and on past the card's edge\n",
    )
    .unwrap();
    let e = faces(&book, &aids, &Style::default()).unwrap_err();
    assert_eq!(e.len(), 1);
    let text = e[0].render();
    assert!(text.contains(" --> aids.md:4:"), "{text}");
    assert!(text.contains("too wide for the card"), "{text}");
    assert!(text.contains("4 | Setup: a line that goes on"), "{text}");
    assert!(text.contains('^'), "{text}");
    // The caret starts at the first word that does not fit.
    let col = e[0].line_col().unwrap().col;
    assert!(col > 30, "{text}");
    // Too many lines.
    let long: String = (0..30).map(|i| format!("line {i}\n")).collect();
    let aids = aids_of(&format!("## Zombie Chess\n{long}")).unwrap();
    let e = faces(&book, &aids, &Style::default()).unwrap_err();
    assert!(e[0].render().contains("is full"), "{}", e[0].render());
}

#[test]
fn aids_that_are_not_lines_or_games_are_errors() {
    let book = book_of("## Zombie Chess\nRules.\n");
    let e = aids_of("## Zombie Chess\n### Setup\nx\n").unwrap_err();
    assert!(
        e.contains("aids.md:2:1: error: an aid card holds only"),
        "{e}"
    );
    let e = aids_of("## Zombie Chess\n").unwrap_err();
    assert!(e.contains("is empty"), "{e}");
    let e = aids_of("# Aids\nNothing.\n").unwrap_err();
    assert!(e.contains("no `##` sections"), "{e}");
    let e = aids_of("## Zombie Chess\nPlayers: 2\n## zombie chess\nPlayers: 2\n").unwrap_err();
    assert!(e.contains("second aid card"), "{e}");
    let aids = aids_of("## Zombie Chez\nPlayers: 2\n").unwrap();
    let e = faces(&book, &aids, &Style::default()).unwrap_err();
    assert!(
        e[0].render().contains("not a game of book.md"),
        "{}",
        e[0].render()
    );
    // A list and bold text are lines too.
    let aids = aids_of("## Zombie Chess\n**Players:** 2\n\n* one\n* two\n").unwrap();
    assert_eq!(aids.cards[0].lines.len(), 3);
    assert!(faces(&book, &aids, &Style::default()).is_ok());
}

#[test]
fn a_book_without_a_card_table_uses_the_compiled_in_one() {
    let book = book_of("## Zombie Chess\nRules.\n");
    let aids = aids_of("## Zombie Chess\nPlayers: 2\n").unwrap();
    let faces = faces(&book, &aids, &Style::default()).unwrap();
    let cards: usize = faces
        .iter()
        .filter(|f| f.name.starts_with("card-"))
        .map(|f| f.copies)
        .sum();
    assert_eq!(cards, 40);
}

#[test]
fn a_card_table_row_twice_is_an_error() {
    let table = "    type: cards\n    Piece Cards Gap\n    p 2S 3S 4S 5S 2C 3C 4C 5C _\n    p  _  _  _ 8S 8C  _  _  _ 1\n";
    let book = book_of(&format!("## Zombie Chess\nRules.\n\n{table}"));
    let aids = aids_of("## Zombie Chess\nPlayers: 2\n").unwrap();
    let e = faces(&book, &aids, &Style::default()).unwrap_err();
    assert!(
        e[0].render_short()
            .contains("book.md:7:5: error: `p` has a second row"),
        "{}",
        e[0].render()
    );
}

// The command, as a user runs it.

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_chess-kit-docs"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("the binary runs")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn files(dir: &Path) -> Vec<String> {
    let mut out: Vec<String> = fs::read_dir(dir)
        .map(|r| {
            r.filter_map(Result::ok)
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    out.sort();
    out
}

#[test]
fn deck_command_writes_the_pdf_and_images_and_keeps_unchanged_ones() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    let o = run(&["deck", "--out", out.to_str().unwrap(), "--backs"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("51 cards on 12 pages"),
        "{}",
        stderr(&o)
    );
    let pdf = fs::read(out.join("chess-deck.pdf")).unwrap();
    assert!(pdf.starts_with(b"%PDF-"));
    let images = files(&out.join("deck"));
    assert_eq!(images.len(), 52, "{images:?}");
    assert!(
        images.contains(&"card-K.png".to_string()) && images.contains(&"card-k.png".to_string())
    );
    let stamp = |p: &Path| fs::metadata(p).unwrap().modified().unwrap();
    let k = out.join("deck/card-K.png");
    let before = stamp(&k);
    let o = run(&["deck", "--out", out.to_str().unwrap(), "--backs"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("(0 drawn); 0 files written, 53 unchanged"),
        "{}",
        stderr(&o)
    );
    assert_eq!(stamp(&k), before);
    assert_eq!(fs::read(out.join("chess-deck.pdf")).unwrap(), pdf);
    // Without backs only the PDF changes.
    let o = run(&["deck", "--out", out.to_str().unwrap()]);
    assert!(
        stderr(&o).contains("1 files written, 52 unchanged"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn bad_options_exit_2_and_write_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    let o_arg = out.to_str().unwrap();
    for args in [
        vec!["deck", "--out", o_arg, "--page", "legal"],
        vec!["deck", "--out", o_arg, "--bleed", "3cm"],
        vec!["deck", "--out", o_arg, "--bleed", "-1mm"],
        vec!["deck", "--out", o_arg, "--bleed", "1in"],
    ] {
        let o = run(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains("error"), "{}", stderr(&o));
        assert!(!out.exists(), "{args:?}");
    }
    let o = run(&["deck", "--out", o_arg, "--bleed", "1in"]);
    assert!(stderr(&o).contains("at most 0.166in"), "{}", stderr(&o));
}

/// A book folder with a card table and an aids file, in `dir`.
fn write_book(dir: &Path, table_row: &str, aid_line: &str) -> PathBuf {
    let book = dir.join("book.md");
    fs::write(
        &book,
        format!("## Zombie Chess\nRules.\n\n    type: cards\n    Piece Cards Gap\n{table_row}\n"),
    )
    .unwrap();
    fs::write(
        dir.join("player_aids.md"),
        format!("## Zombie Chess\nPlayers: 2\n{aid_line}\n"),
    )
    .unwrap();
    book
}

#[test]
fn bad_input_exits_1_with_its_place_and_writes_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    let o_arg = out.to_str().unwrap();
    let good_row = "    K  _  _  _ KH  _  _  _  _ 6";

    // A broken card table.
    let book = write_book(
        tmp.path(),
        "    K  _  _  _ KX  _  _  _  _ 6",
        "Setup: usual.",
    );
    let o = run(&["deck", book.to_str().unwrap(), "--out", o_arg]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("book.md:6:"), "{}", stderr(&o));
    assert!(!out.exists());

    // A line too wide for its card.
    let book = write_book(
        tmp.path(),
        good_row,
        "Setup: this line is much too long to be printed on one poker card",
    );
    let o = run(&["deck", book.to_str().unwrap(), "--out", o_arg]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let e = stderr(&o);
    assert!(e.contains("player_aids.md:3:"), "{e}");
    assert!(
        e.contains("too wide for the card") && e.contains(" | Setup: this line") && e.contains('^'),
        "{e}"
    );
    assert!(!out.exists());

    // A good deck, then a missing aids file: the old deck stays as it was.
    let book = write_book(tmp.path(), good_row, "Setup: usual.");
    let o = run(&["deck", book.to_str().unwrap(), "--out", o_arg]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        files(&out.join("deck")).len(),
        2 + 2 + 2,
        "K, the aid and the back"
    );
    let before = files(&out.join("deck"));
    let pdf = fs::read(out.join("chess-deck.pdf")).unwrap();
    fs::remove_file(tmp.path().join("player_aids.md")).unwrap();
    let o = run(&["deck", book.to_str().unwrap(), "--out", o_arg]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("error: cannot read the player aids")
            && stderr(&o).contains("--> ")
            && stderr(&o).contains("player_aids.md"),
        "{}",
        stderr(&o)
    );
    assert_eq!(files(&out.join("deck")), before);
    assert_eq!(fs::read(out.join("chess-deck.pdf")).unwrap(), pdf);
    // No temporary files left behind.
    assert!(files(&out).iter().all(|f| !f.ends_with(".tmp")));
}
