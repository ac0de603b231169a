//! The card deck of the bundled rulebook: its cards, the PDF and the
//! images, and the command on good and bad input.

use std::fs;
use std::path::{Path, PathBuf};

use chess_kit_docs::book::Book;
use chess_kit_docs::deck::aids::{AidLine, Hang};
use chess_kit_docs::deck::{
    Aids, DeckOptions, DeckPage, Face, Sheet, deck, faces, page_count, sheets,
};
use chess_kit_docs::pdf::layout::parse_svg;
use chess_kit_docs::source::SourceFile;
use chess_kit_docs::style::Style;
use resvg::tiny_skia;

#[allow(dead_code)]
mod support;
use support::*;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn seeds() -> (Book, Aids) {
    let mut diags = Vec::new();
    let book =
        Book::load(&root().join("tests/seeds/rules.md"), &mut diags).expect("the rulebook loads");
    assert!(diags.is_empty(), "{diags:?}");
    let aids = Aids::load(&root().join("tests/seeds/player_aids.md"), true)
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
        let counts: Vec<usize> = side
            .iter()
            .map(|s| copies(&chess_kit_docs::deck::card_file_stem(s)))
            .collect();
        assert_eq!(counts, [8, 2, 2, 2, 1, 1, 4]);
    }
    let cards: usize = faces
        .iter()
        .filter(|f| f.name.starts_with("card-"))
        .map(|f| f.copies)
        .sum();
    assert_eq!(cards, 40);
    // Every game's aid has a front and, right after it, its own back.
    let fronts: Vec<&str> = faces
        .iter()
        .filter(|f| f.copies == 1)
        .filter_map(|f| f.name.strip_prefix("aid-"))
        .collect();
    assert_eq!(fronts, GAMES);
    for game in GAMES {
        let front = faces
            .iter()
            .position(|f| f.name == format!("aid-{game}"))
            .unwrap();
        let back = faces[front].back.expect("the aid has a back");
        assert_eq!(faces[back].name, format!("aid-{game}-back"));
        assert_eq!(faces[back].copies, 0, "printed behind its front");
    }
    assert_eq!(copies("back"), 0);
    assert_eq!(faces.len(), 14 + 2 * 11 + 1);
    // A card of the deck is the card of the diagrams.
    let k = faces.iter().find(|f| f.name == "card-white-king").unwrap();
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
    let drawn = faces(&book, &aids, &style).unwrap();
    assert!(a.pdf.starts_with(b"%PDF-"));
    let b = deck(&book, &aids, &style, &options(DeckPage::Letter, false)).unwrap();
    assert!(a.pdf == b.pdf, "two builds differ");
    // 40 cards and 11 aids, each aid's back beside it without --backs:
    // 62 cards, 8 a letter sheet.
    let one_sided = options(DeckPage::Letter, false);
    assert_eq!(pdf_pages(&a.pdf), 8);
    assert_eq!(page_count(&drawn, &style, &one_sided), (62, 8));
    let pngs: Vec<&(String, Vec<u8>)> = a
        .images
        .iter()
        .filter(|(n, _)| n.ends_with(".png"))
        .collect();
    let svgs = a.images.iter().filter(|(n, _)| n.ends_with(".svg")).count();
    assert_eq!((pngs.len(), svgs), (37, 37));
    for (name, bytes) in &pngs {
        assert_eq!(png_size(bytes), (750, 1050), "{name}");
    }
    let names: Vec<&str> = a.images.iter().map(|(n, _)| n.as_str()).collect();
    for n in [
        "card-white-king.png",
        "card-black-pawn.png",
        "card-black-checker.png",
        "card-white-checker.png",
        "back.png",
        "aid-zombie-chess.png",
        "aid-zombie-chess-back.png",
        "card-white-king.svg",
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

    // With backs, 51 cards: 7 letter sheets of 8, 6 A4 sheets of 9.
    let backs = deck(&book, &aids, &style, &options(DeckPage::Letter, true)).unwrap();
    assert_eq!(pdf_pages(&backs.pdf), 2 * 7);
    let a4 = deck(&book, &aids, &style, &options(DeckPage::A4, true)).unwrap();
    assert_eq!(pdf_pages(&a4.pdf), 2 * 6);
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
    // Six to an A4 sheet with a 1/8 in bleed and its gutters.
    assert_eq!(pdf_pages(&bled.pdf), 62usize.div_ceil(6));
    assert_eq!(page_count(&drawn, &style, &bleed), (62, 11));
}

#[test]
fn every_aid_is_a_game_of_the_rulebook_with_setup_in_front_and_the_turn_behind() {
    let (book, aids) = seeds();
    let chapters: Vec<&str> = book.chapters().map(|s| s.title.as_str()).collect();
    assert_eq!(aids.cards.len(), 11);
    let text = |lines: &[AidLine]| -> Vec<String> {
        lines
            .iter()
            .map(|l| l.runs.iter().map(|r| r.text.as_str()).collect())
            .collect()
    };
    for aid in &aids.cards {
        assert!(chapters.contains(&aid.title.as_str()), "{}", aid.title);
        let front = text(&aid.lines);
        assert!(front[0].contains("players"), "{}: {front:?}", aid.title);
        assert!(
            front.iter().any(|l| l == "Setup"),
            "{}: {front:?}",
            aid.title
        );
        let back = text(&aid.back.as_ref().expect("a back").lines);
        assert!(back[0].starts_with("Each turn"), "{}: {back:?}", aid.title);
        assert!(
            back.iter().any(|l| l.starts_with("Win")),
            "{}: {back:?}",
            aid.title
        );
    }
}

/// The printed lines of one side: text, and how each starts.
fn printed_lines(lines: &[AidLine]) -> Vec<(String, Hang, bool)> {
    lines
        .iter()
        .map(|l| {
            (
                l.runs.iter().map(|r| r.text.as_str()).collect(),
                l.hang.clone(),
                l.gap_before,
            )
        })
        .collect()
}

#[test]
fn the_authors_two_sided_form_reads_as_written() {
    // The issue's example, with the author's hand layout: fronts, a blank
    // slot, then the backs in mirrored order.
    let aids = aids_of(
        "## Half Alice Chess\n2 players\nChess set\nCheckers set\n\n## Zombie Chess\n2 players\n\n## Blank\n\n\
         ## Zombie Chess\nMove.\n\n## Half Alice Chess\n1. Make a legal move,\n    ignoring pieces on the\n    other side of the mirror.\n2. Add or remove a checker.\n\n\
         Then the next player.\n",
    )
    .unwrap();
    let titles: Vec<&str> = aids.cards.iter().map(|a| a.title.as_str()).collect();
    assert_eq!(
        titles,
        ["Half Alice Chess", "Zombie Chess"],
        "Blank is no card"
    );
    let alice = &aids.cards[0];
    let n = |s: &str| s.to_string();
    assert_eq!(
        printed_lines(&alice.lines),
        [
            (n("2 players"), Hang::Flush, false),
            (n("Chess set"), Hang::Flush, false),
            (n("Checkers set"), Hang::Flush, false),
        ]
    );
    let back = alice.back.as_ref().unwrap();
    assert_eq!(
        printed_lines(&back.lines),
        [
            (n("1. Make a legal move,"), Hang::Flush, false),
            (n("ignoring pieces on the"), Hang::Under(n("1. ")), false),
            (n("other side of the mirror."), Hang::Under(n("1. ")), false),
            (n("2. Add or remove a checker."), Hang::Flush, false),
            (n("Then the next player."), Hang::Flush, true),
        ]
    );
    // The back's heading is the second `## Half Alice Chess`, line 14.
    assert_eq!(aids.source.line_of(back.title_span.start), 14);
    assert_eq!(
        printed_lines(&aids.cards[1].back.as_ref().unwrap().lines)[0].0,
        "Move."
    );

    // Both sides become faces, the back paired with its front.
    let book = book_of("## Zombie Chess\nRules.\n\n## Half Alice Chess\nRules.\n");
    let faces = faces(&book, &aids, &Style::default()).unwrap();
    let names: Vec<&str> = faces.iter().map(|f| f.name.as_str()).collect();
    let front = names
        .iter()
        .position(|&n| n == "aid-half-alice-chess")
        .unwrap();
    assert_eq!(
        names[faces[front].back.unwrap()],
        "aid-half-alice-chess-back"
    );
    // The drawn back shows the numbers and the hanging indent: the
    // continuation starts right of the number's start.
    let svg = &faces[faces[front].back.unwrap()].svg;
    // Text is drawn as glyph outlines, a group a run, labelled with it.
    let x_of = |text: &str| -> f64 {
        let at = svg
            .find(&format!("aria-label=\"{text}\""))
            .unwrap_or_else(|| panic!("{text} in {svg}"));
        let tag = &svg[svg[..at].rfind("<g ").unwrap()..at];
        let x = tag
            .split("translate(")
            .nth(1)
            .unwrap()
            .split(' ')
            .next()
            .unwrap();
        x.parse().unwrap()
    };
    assert!(
        svg.contains("aria-label=\"1. \"") && svg.contains("aria-label=\"2. \""),
        "{svg}"
    );
    assert!(x_of("ignoring pieces on the") > x_of("1. ") + 1.0);
    assert_eq!(x_of("ignoring pieces on the"), x_of("Make a legal move,"));
    assert_eq!(x_of("Then the next player."), x_of("1. "));
}

#[test]
fn numbers_stay_as_written_and_plain_lines_hang_too() {
    let aids = aids_of(
        "## Zombie Chess\nSetup: usual, with\n  four coins.\n3. Third step,\n   said twice.\n1. And back to one.\n- A bullet\n  and its tail.\n",
    )
    .unwrap();
    let n = |s: &str| s.to_string();
    let lines = printed_lines(&aids.cards[0].lines);
    assert_eq!(
        lines,
        [
            (n("Setup: usual, with"), Hang::Flush, false),
            (n("four coins."), Hang::Indent, false),
            (n("3. Third step,"), Hang::Flush, false),
            (n("said twice."), Hang::Under(n("3. ")), false),
            (n("1. And back to one."), Hang::Flush, false),
            (n("• A bullet"), Hang::Flush, false),
            (n("and its tail."), Hang::Under(n("• ")), false),
        ]
    );
    // `Setup:` is a label, printed bold.
    assert_eq!(aids.cards[0].lines[0].runs[0].text, "Setup:");
}

#[test]
fn the_one_section_form_still_works() {
    // The deck's earlier bundled form: one section a game, labels, lists.
    let aids = aids_of(
        "# Player Aids\nIntro.\n\n## Zombie Chess\nPlayers: 2\n\nEquipment: chess set,\ncoins\n\n* one\n* two\n\n## Chess960\nPlayers: 2\n",
    )
    .unwrap();
    assert_eq!(aids.cards.len(), 2);
    assert!(aids.cards.iter().all(|a| a.back.is_none()));
    let book = book_of("## Zombie Chess\nRules.\n\n## Chess960\nRules.\n");
    let faces = faces(&book, &aids, &Style::default()).unwrap();
    let aid_faces: Vec<&str> = faces
        .iter()
        .filter(|f| f.name.starts_with("aid-"))
        .map(|f| f.name.as_str())
        .collect();
    assert_eq!(aid_faces, ["aid-zombie-chess", "aid-chess960"]);
    assert!(
        faces.iter().all(|f| f.back.is_none()),
        "the deck's back for both"
    );
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
fn aid_text_is_large_in_lining_figures_and_fills_the_face() {
    // The bundled Zombie Chess card: short, with a figure in it.
    let aids = aids_of(
        "## Zombie Chess\n2 players\nChess set\nCoins (about 5)\nPencil and paper\n\nStandard starting position\n\nDraw board to record\nwhere you bury pieces.\n",
    )
    .unwrap();
    let style = Style::default();
    let faces = faces(&book_of("## Zombie Chess\nRules.\n"), &aids, &style).unwrap();
    let svg = &faces
        .iter()
        .find(|f| f.name == "aid-zombie-chess")
        .unwrap()
        .svg;
    let size = |attr: &str| -> f64 {
        let at = svg.split(&format!("{attr}=\"")).nth(1).unwrap();
        at[..at.find('"').unwrap()].parse().unwrap()
    };
    let (card_w, card_h) = (size("width"), size("height"));
    // Each run: its baseline and its size in points (the card is 180 pt
    // wide; Raleway has 1000 units to the em).
    let runs: Vec<(String, f64, f64)> = svg
        .split("<g transform=\"translate(")
        .skip(1)
        .map(|g| {
            let mut at = g.split([' ', ')']);
            let _x = at.next();
            let y: f64 = at.next().unwrap().parse().unwrap();
            let scale: f64 = g
                .split("scale(")
                .nth(1)
                .unwrap()
                .split(' ')
                .next()
                .unwrap()
                .parse()
                .unwrap();
            let label = g
                .split("aria-label=\"")
                .nth(1)
                .unwrap()
                .split('"')
                .next()
                .unwrap();
            (label.to_string(), y, scale * 1000.0 * 180.0 / card_w)
        })
        .collect();
    let body: Vec<_> = runs.iter().filter(|(l, ..)| l != "Zombie Chess").collect();
    assert!(!body.is_empty(), "{svg}");
    for (label, _, points) in &body {
        assert!(
            *points >= 9.5,
            "{label}: {points:.2} pt, the original's is about 10"
        );
    }
    // The last line sits in the lowest third of the face, not halfway.
    let lowest = body.iter().map(|(_, y, _)| *y).fold(0.0, f64::max);
    assert!(
        lowest > 0.67 * card_h,
        "the text ends at {lowest:.1} of {card_h}"
    );
    // The figure is Raleway's lining 5, not its default old-style one.
    let fonts = chess_kit_docs::pdf::text::Fonts::new("Raleway", "Fredoka One").unwrap();
    let old_style = fonts
        .face(chess_kit_docs::pdf::text::FaceId::Regular)
        .rb
        .glyph_index('5')
        .unwrap()
        .0;
    let coins = svg.split("aria-label=\"Coins (about 5)\"").nth(1).unwrap();
    let coins = &coins[..coins.find("</g>").unwrap()];
    assert!(coins.contains("<use"), "{coins}");
    assert!(
        !coins.contains(&format!("#aid-g0-{old_style}\"")),
        "old-style 5: {coins}"
    );
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
    let e = aids_of("## Blank\n").unwrap_err();
    assert!(e.contains("no `##` sections with a game's title"), "{e}");
    let e =
        aids_of("## Zombie Chess\nPlayers: 2\n## zombie chess\nMove.\n## Zombie Chess\nMore.\n")
            .unwrap_err();
    assert!(
        e.contains("aids.md:5:1: error: `Zombie Chess` has a third section"),
        "{e}"
    );
    let e = aids_of("## Zombie Chess\nPlayers: 2\n## Zombie Chess\n").unwrap_err();
    assert!(
        e.contains("aids.md:3:1: error: the back of the aid card `Zombie Chess` is empty"),
        "{e}"
    );
    let e = aids_of("## Blank\nForgotten.\n## Zombie Chess\nPlayers: 2\n").unwrap_err();
    assert!(
        e.contains("aids.md:2:1: error: a `Blank` section makes no card"),
        "{e}"
    );
    let e = aids_of("## Zombie Chess\nMove.\n\n    then more.\n").unwrap_err();
    assert!(
        e.contains("aids.md:4:5: error: an indented line continues the line above it"),
        "{e}"
    );
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
fn the_empty_square_cards_show_two_squares_in_their_colour() {
    let mut diags = Vec::new();
    let book = Book::load(&root().join("rules/rules.md"), &mut diags).expect("the rulebook loads");
    let aids = Aids::load(&root().join("rules/player_aids.md"), true)
        .unwrap_or_else(|d| panic!("{}", d.iter().map(|d| d.render()).collect::<String>()));
    let style = Style::default();
    let faces = faces(&book, &aids, &style).unwrap();
    let rgb = |hex: &str| {
        let n = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).unwrap();
        (n(1), n(3), n(5))
    };
    let (red, black) = (rgb(&style.card.red), rgb(&style.card.black));
    for (name, id, copies, ink, not) in [
        (
            "card-white-empty-square",
            "ckd-empty-square-w",
            4,
            red,
            black,
        ),
        (
            "card-black-empty-square",
            "ckd-empty-square-b",
            4,
            black,
            red,
        ),
    ] {
        let face = faces.iter().find(|f| f.name == name).unwrap();
        assert_eq!(face.copies, copies, "the 6s and 7s of a colour");
        // The symbol under both index letters and in the middle.
        assert_eq!(face.svg.matches(&format!("href=\"#{id}\"")).count(), 3);
        // Drawn: the middle of the card is the symbol in the card's colour,
        // no bare letter in the other.
        let tree = parse_svg(&face.svg).unwrap();
        let scale = 4.0;
        let (w, h) = (
            (tree.size().width() * scale) as u32,
            (tree.size().height() * scale) as u32,
        );
        let mut pixmap = tiny_skia::Pixmap::new(w, h).unwrap();
        resvg::render(
            &tree,
            tiny_skia::Transform::from_scale(scale, scale),
            &mut pixmap.as_mut(),
        );
        let near = |p: &[u8], (r, g, b): (u8, u8, u8)| {
            p[3] == 255 && p[0].abs_diff(r) < 12 && p[1].abs_diff(g) < 12 && p[2].abs_diff(b) < 12
        };
        let (mut inked, mut wrong) = (0, 0);
        for y in h * 3 / 10..h * 7 / 10 {
            for x in w * 3 / 10..w * 7 / 10 {
                let i = ((y * w + x) * 4) as usize;
                let p = &pixmap.data()[i..i + 4];
                inked += usize::from(near(p, ink));
                wrong += usize::from(near(p, not));
            }
        }
        assert!(
            inked > 2000 && wrong == 0,
            "{name}: {inked} inked, {wrong} of the other colour"
        );
    }
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
        stderr(&o).contains("52 cards on 14 pages"),
        "{}",
        stderr(&o)
    );
    let pdf = fs::read(out.join("chess-deck.pdf")).unwrap();
    assert!(pdf.starts_with(b"%PDF-"));
    let images = files(&out.join("deck"));
    assert_eq!(images.len(), 2 * 39, "{images:?}");
    assert!(
        images.contains(&"card-white-king.png".to_string())
            && images.contains(&"card-black-king.png".to_string())
    );
    // No two names differ only by case, so the folder copies whole to a
    // case-insensitive file system (macOS, Windows).
    let mut folded: Vec<String> = images.iter().map(|n| n.to_lowercase()).collect();
    folded.sort();
    folded.dedup();
    assert_eq!(folded.len(), images.len(), "{images:?}");
    let stamp = |p: &Path| fs::metadata(p).unwrap().modified().unwrap();
    let k = out.join("deck/card-white-king.png");
    let before = stamp(&k);
    let o = run(&["deck", "--out", out.to_str().unwrap(), "--backs"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("(0 drawn); 0 files written, 79 unchanged"),
        "{}",
        stderr(&o)
    );
    assert_eq!(stamp(&k), before);
    assert_eq!(fs::read(out.join("chess-deck.pdf")).unwrap(), pdf);
    // Without backs only the PDF changes.
    let o = run(&["deck", "--out", out.to_str().unwrap()]);
    assert!(
        stderr(&o).contains("1 file written, 78 unchanged"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn a_deleted_or_edited_card_image_is_made_again() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    let deck = || run(&["deck", "--out", out.to_str().unwrap()]);
    let o = deck();
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let png = out.join("deck/card-white-king.png");
    let svg = out.join("deck/card-black-king.svg");
    let (png_bytes, svg_bytes) = (fs::read(&png).unwrap(), fs::read(&svg).unwrap());
    // One image of a pair deleted, then (separately) the other kind edited.
    let damage: [(&Path, &dyn Fn()); 2] = [
        (&png, &|| fs::remove_file(&png).unwrap()),
        (&svg, &|| fs::write(&svg, "<svg>edited</svg>").unwrap()),
    ];
    for (path, harm) in damage {
        harm();
        let o = deck();
        assert_eq!(
            o.status.code(),
            Some(0),
            "{}: {}",
            path.display(),
            stderr(&o)
        );
        assert!(
            stderr(&o).contains("(1 drawn); 1 file written, 78 unchanged"),
            "{}",
            stderr(&o)
        );
        let o = deck();
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        assert!(
            stderr(&o).contains("(0 drawn); 0 files written, 79 unchanged"),
            "{}",
            stderr(&o)
        );
    }
    assert_eq!(fs::read(&png).unwrap(), png_bytes);
    assert_eq!(fs::read(&svg).unwrap(), svg_bytes);
}

#[test]
fn bad_options_exit_2_and_write_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    let o_arg = out.to_str().unwrap();
    // Each bad value, and what the message must (and must not) say.
    for (args, says, not) in [
        (vec!["--page", "legal"], "legal", "--page a4"),
        (vec!["--bleed", "3cm"], "`3cm` is not a length", "--page"),
        // A negative length is read as the value it is, not as a flag.
        (
            vec!["--bleed", "-3mm"],
            "`-3mm`: the bleed cannot be negative",
            "unexpected argument",
        ),
        (vec!["--bleed", "1in"], "at most 0.25in", "--page"),
        (
            vec!["--bleed", "0.5in", "--page", "a4"],
            "at most 0.25in",
            "--page a4",
        ),
    ] {
        let mut full = vec!["deck", "--out", o_arg];
        full.extend(&args);
        let o = run(&full);
        let e = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {e}");
        assert!(e.contains("error") && e.contains(says), "{args:?}: {e}");
        assert!(!e.contains(not), "{args:?}: {e}");
        assert!(!out.exists(), "{args:?}");
    }
}

#[test]
fn a_missing_aids_file_is_named_with_the_right_help() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    let o = run(&["deck", "--out", out.to_str().unwrap(), "--aids", "nope.md"]);
    let e = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{e}");
    assert!(
        e.contains("error: cannot read the player aids") && e.contains("--> nope.md"),
        "{e}"
    );
    assert!(e.contains("the path given with --aids"), "{e}");
    assert!(!e.contains("beside the rulebook"), "{e}");
    assert!(!out.exists());
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

    // A good deck, then aids that cannot be read (a folder where the file
    // should be): the old deck stays as it was.
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
    fs::create_dir(tmp.path().join("player_aids.md")).unwrap();
    let o = run(&["deck", book.to_str().unwrap(), "--out", o_arg]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("error: cannot read the player aids")
            && stderr(&o).contains("--> ")
            && stderr(&o).contains("player_aids.md"),
        "{}",
        stderr(&o)
    );
    assert!(stderr(&o).contains("beside the rulebook"), "{}", stderr(&o));
    assert_eq!(files(&out.join("deck")), before);
    assert_eq!(fs::read(out.join("chess-deck.pdf")).unwrap(), pdf);
    // No temporary files left behind.
    assert!(files(&out).iter().all(|f| !f.ends_with(".tmp")));
}

// The printed sheets, drawn as the PDF draws them.

/// A sheet rasterised from its SVG page (the tree the PDF places), at
/// `scale` pixels a point, on a transparent background: RGBA rows.
fn raster(sheet: &Sheet, scale: f32) -> (usize, usize, Vec<u8>) {
    let tree = parse_svg(&sheet.svg).expect("the sheet parses");
    let (w, h) = (
        (sheet.width * scale).round() as u32,
        (sheet.height * scale).round() as u32,
    );
    let mut pixmap = tiny_skia::Pixmap::new(w, h).unwrap();
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    (w as usize, h as usize, pixmap.data().to_vec())
}

fn seed_sheets(page: DeckPage, backs: bool, bleed_pt: f32) -> (Vec<Sheet>, Vec<Face>, DeckOptions) {
    let (book, aids) = seeds();
    let style = Style::default();
    let faces = faces(&book, &aids, &style).unwrap();
    let options = DeckOptions {
        bleed_pt,
        ..options(page, backs)
    };
    (
        sheets(&book, &faces, &style, &options).unwrap(),
        faces,
        options,
    )
}

#[test]
fn each_back_prints_right_behind_its_front() {
    for (page, bleed) in [
        (DeckPage::Letter, 0.0),
        (DeckPage::A4, 0.0),
        (DeckPage::A4, 9.0),
    ] {
        let (sheets, faces, _) = seed_sheets(page, true, bleed);
        let deck_back = faces.iter().position(|f| f.name == "back").unwrap();
        let (page_w, _) = page.size();
        let mut aid_backs = 0;
        for (k, front) in sheets.iter().enumerate().step_by(2) {
            let back = &sheets[k + 1];
            assert_eq!(back.backs_of, Some(k));
            assert_eq!(front.cards.len(), back.cards.len());
            for card in &front.cards {
                // Flipped on the long edge, x becomes page_w - x - w.
                let (x, y, w, h) = card.trim;
                let behind = back
                    .cards
                    .iter()
                    .find(|b| {
                        (b.trim.0 - (page_w - x - w)).abs() < 1e-3
                            && (b.trim.1 - y).abs() < 1e-3
                            && b.trim.2 == w
                            && b.trim.3 == h
                    })
                    .unwrap_or_else(|| {
                        panic!("nothing behind {} on page {}", faces[card.face].name, k + 2)
                    });
                let want = faces[card.face].back.unwrap_or(deck_back);
                assert_eq!(
                    faces[behind.face].name,
                    faces[want].name,
                    "behind {} on page {}",
                    faces[card.face].name,
                    k + 2
                );
                // Turned cards turn the other way behind, so the back reads
                // the same way up once the card is turned over.
                assert_eq!(behind.turn, if card.turn == 0 { 0 } else { -card.turn });
                aid_backs += usize::from(faces[behind.face].name.ends_with("-back"));
            }
        }
        assert_eq!(aid_backs, 11, "every aid's own back is printed");
    }
}

#[test]
fn the_rendered_backs_cover_the_fronts_mirrored() {
    // Pixels, not plans: inside the block of cards, page k+1 mirrored has
    // ink exactly where page k has.
    for page in [DeckPage::Letter, DeckPage::A4] {
        let (sheets, _, options) = seed_sheets(page, true, 9.0);
        let grid = chess_kit_docs::deck::grid(&Style::default(), &options).unwrap();
        let (bx, by, bw, bh) = grid.block();
        for k in [0, sheets.len() - 2] {
            let (w, h, front) = raster(&sheets[k], 1.0);
            let (_, _, back) = raster(&sheets[k + 1], 1.0);
            let alpha = |img: &[u8], x: usize, y: usize| img[(y * w + x) * 4 + 3];
            let mut covered = 0;
            for y in (by.ceil() as usize)..((by + bh) as usize).min(h) {
                for x in (bx.ceil() as usize)..((bx + bw) as usize).min(w) {
                    let f = alpha(&front, x, y);
                    // The pixel whose mirror image this one is.
                    let mx = (page.size().0 - x as f32 - 0.5).floor() as usize;
                    let b = alpha(&back, mx.min(w - 1), y);
                    assert!(
                        !(f == 255 && b == 0 || f == 0 && b == 255),
                        "page {} at ({x}, {y}): front {f}, back {b}",
                        k + 1
                    );
                    covered += usize::from(f == 255);
                }
            }
            assert!(covered > 10_000, "the block holds cards");
        }
    }
}

#[test]
fn nothing_is_printed_within_a_quarter_inch_of_the_paper_edge() {
    // At a pixel a point: 0.25 in is 18 pixels.
    let band = 18;
    for page in [DeckPage::Letter, DeckPage::A4] {
        for bleed in [0.0, 9.0, 72.0 / 25.4 * 3.0] {
            let (sheets, _, _) = seed_sheets(page, true, bleed);
            let mut nearest = usize::MAX;
            for (k, sheet) in sheets.iter().enumerate() {
                let (w, h, img) = raster(sheet, 1.0);
                for y in 0..h {
                    for x in 0..w {
                        if img[(y * w + x) * 4 + 3] == 0 {
                            continue;
                        }
                        let edge = x.min(y).min(w - 1 - x).min(h - 1 - y);
                        assert!(
                            edge >= band,
                            "{page:?}, bleed {bleed}, page {}: ink at ({x}, {y}) px, {edge} px from the edge",
                            k + 1
                        );
                        nearest = nearest.min(edge);
                    }
                }
            }
            // The margins are used: marks or text come within 0.5 in.
            assert!(
                nearest < 2 * band,
                "{page:?}, bleed {bleed}: nearest ink {nearest} px"
            );
        }
    }
}

#[test]
fn a_bleed_changes_the_print() {
    // A coloured card so the background shows.
    let mut style = Style::default();
    style.card.fill = "#ff0000".to_string();
    let (book, aids) = seeds();
    let faces = faces(&book, &aids, &style).unwrap();
    let sheet = |bleed_pt: f32| {
        let o = DeckOptions {
            bleed_pt,
            ..options(DeckPage::A4, false)
        };
        let grid = chess_kit_docs::deck::grid(&style, &o).unwrap();
        (sheets(&book, &faces, &style, &o).unwrap().remove(0), grid)
    };
    let (plain, plain_grid) = sheet(0.0);
    let (bled, bled_grid) = sheet(9.0);
    assert_ne!(
        plain.cards.len(),
        bled.cards.len(),
        "fewer cards fit with gutters"
    );
    let red = |s: &Sheet, (x, y): (f32, f32)| {
        let (w, _, img) = raster(s, 1.0);
        let i = (y as usize * w + x as usize) * 4;
        img[i] > 200 && img[i + 1] < 50 && img[i + 3] == 255
    };
    // Half the bleed outside the first card's trim, on every side: red with
    // the bleed, bare paper (or the neighbour's card) without.
    for s in [&plain, &bled] {
        let (x, y, w, h) = s.cards[0].trim;
        let around = [(x - 4.5, y + h / 2.0), (x + w / 2.0, y - 4.5)];
        let grid = if std::ptr::eq(s, &bled) {
            bled_grid
        } else {
            plain_grid
        };
        for p in around {
            assert_eq!(red(s, p), grid.bleed > 0.0, "{p:?}, bleed {}", grid.bleed);
        }
    }
    // Between two cards: a gutter of twice the bleed, all background.
    let (x0, _, w0, _) = bled.cards[0].trim;
    let (x1, y1, _, h1) = bled.cards[1].trim;
    assert!((x1 - (x0 + w0) - 18.0).abs() < 1e-3);
    for x in [x0 + w0 + 4.5, x1 - 4.5] {
        assert!(red(&bled, (x, y1 + h1 / 2.0)), "{x}");
    }
}

#[test]
fn a_cut_a_millimetre_off_shows_only_card_background() {
    // A coloured card: everything from the bleed's edge to 8 points (almost
    // 3 mm) inside the trim must be that colour, on every card and back.
    let mut style = Style::default();
    style.card.fill = "#ff0000".to_string();
    let (book, aids) = seeds();
    let faces = faces(&book, &aids, &style).unwrap();
    for (page, bleed_pt) in [(DeckPage::Letter, 0.0), (DeckPage::A4, 9.0)] {
        let o = DeckOptions {
            bleed_pt,
            ..options(page, true)
        };
        let sheets = sheets(&book, &faces, &style, &o).unwrap();
        for (k, sheet) in sheets.iter().enumerate() {
            let (w, _, img) = raster(sheet, 1.0);
            for card in &sheet.cards {
                let (x, y, cw, ch) = card.trim;
                let (x0, y0) = (
                    (x - bleed_pt).ceil() as usize,
                    (y - bleed_pt).ceil() as usize,
                );
                let (x1, y1) = ((x + cw + bleed_pt) as usize, (y + ch + bleed_pt) as usize);
                let inner = |px: usize, py: usize| {
                    let (px, py) = (px as f32, py as f32);
                    px >= x + 8.0
                        && px + 1.0 <= x + cw - 8.0
                        && py >= y + 8.0
                        && py + 1.0 <= y + ch - 8.0
                };
                for py in y0..y1 {
                    for px in x0..x1 {
                        if inner(px, py) {
                            continue;
                        }
                        let i = (py * w + px) * 4;
                        assert_eq!(
                            &img[i..i + 4],
                            &[255, 0, 0, 255],
                            "{page:?} page {} at ({px}, {py}): not background",
                            k + 1
                        );
                    }
                }
            }
        }
    }
}

/// The rules' licence (CC BY-SA) asks for the credit wherever they go: every
/// sheet, fronts and backs, Letter and A4, carries the designer and the
/// licences (on A4, whose margin between two cut lines is narrow, in two
/// lines without the printing instructions).
#[test]
fn every_sheet_credits_the_designer_and_the_licences() {
    let (letter, _, _) = seed_sheets(DeckPage::Letter, true, 0.0);
    let (a4, _, _) = seed_sheets(DeckPage::A4, true, 0.0);
    assert!(letter.len() >= 2 && a4.len() >= 2);
    for (i, sheet) in letter.iter().chain(&a4).enumerate() {
        for needed in [
            "Don Kirkby",
            "CC BY-SA 4.0",
            "Colin M.L. Burnett",
            "CC BY-SA 3.0",
        ] {
            assert!(sheet.svg.contains(needed), "sheet {i} lacks {needed}");
        }
    }
}

#[test]
fn without_player_aids_the_deck_is_the_cards_alone() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    let o_arg = out.to_str().unwrap();
    let book = write_book(
        tmp.path(),
        "    K  _  _  _ KH  _  _  _  _ 6",
        "Setup: usual.",
    );
    let o = run(&["deck", book.to_str().unwrap(), "-o", o_arg]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(files(&out.join("deck")).contains(&"aid-zombie-chess.png".to_string()));
    fs::remove_file(tmp.path().join("player_aids.md")).unwrap();
    let o = run(&["deck", book.to_str().unwrap(), "-o", o_arg]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("deck: 1 card on 1 page"),
        "{}",
        stderr(&o)
    );
    assert_eq!(
        files(&out.join("deck")),
        [
            "back.png",
            "back.svg",
            "card-white-king.png",
            "card-white-king.svg"
        ],
        "the aid's images are gone with it"
    );
    // A file named with --aids must be there.
    let o = run(&[
        "deck",
        book.to_str().unwrap(),
        "-o",
        o_arg,
        "--aids",
        "nope.md",
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
}

#[test]
fn deck_takes_a_folder_as_build_does_and_its_page_from_the_settings() {
    let tmp = tempfile::tempdir().unwrap();
    let books = tmp.path().join("books");
    fs::create_dir(&books).unwrap();
    write_book(&books, "    K  _  _  _ KH  _  _  _  _ 6", "Setup: usual.");
    // A second book, whose game has an aid card too.
    fs::write(books.join("more.md"), "## Gravity Chess\nRules.\n").unwrap();
    let aids = fs::read_to_string(books.join("player_aids.md")).unwrap();
    fs::write(
        books.join("player_aids.md"),
        format!("{aids}\n## Gravity Chess\nPlayers: 2\n"),
    )
    .unwrap();
    fs::write(
        books.join("chess-kit-docs.toml"),
        "[build]\npage = \"a4\"\n",
    )
    .unwrap();
    let out = tmp.path().join("out");
    let o_arg = out.to_str().unwrap();
    let o = run(&["deck", books.to_str().unwrap(), "-o", o_arg]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("3 cards on 1 page (a4)"),
        "{}",
        stderr(&o)
    );
    let images = files(&out.join("deck"));
    for name in [
        "card-white-king.png",
        "aid-zombie-chess.png",
        "aid-gravity-chess.png",
    ] {
        assert!(images.contains(&name.to_string()), "{name}: {images:?}");
    }
    // The option wins over the settings.
    let o = run(&[
        "deck",
        books.to_str().unwrap(),
        "-o",
        o_arg,
        "--page",
        "letter",
    ]);
    assert!(stderr(&o).contains("(letter)"), "{}", stderr(&o));
    // A zine is printed on letter sheets.
    fs::write(
        books.join("chess-kit-docs.toml"),
        "[build]\npage = \"zine\"\n",
    )
    .unwrap();
    let o = run(&["deck", books.to_str().unwrap(), "-o", o_arg]);
    assert!(stderr(&o).contains("(letter)"), "{}", stderr(&o));

    // Two card tables: which deck is meant is not known.
    fs::write(
        books.join("more.md"),
        "## Gravity Chess\nRules.\n\n    type: cards\n    Piece Cards Gap\n    k  _  _  _ KS  _  _  _  _ 6\n",
    )
    .unwrap();
    let o = run(&["deck", books.to_str().unwrap(), "-o", o_arg]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("two rulebooks have a card table"),
        "{}",
        stderr(&o)
    );
}

/// The bounding box of the element with this id in a parsed drawing:
/// left, top, right, bottom.
fn bbox(tree: &resvg::usvg::Tree, id: &str) -> (f32, f32, f32, f32) {
    let node = tree
        .node_by_id(id)
        .unwrap_or_else(|| panic!("no `{id}` in the drawing"));
    let b = node.abs_bounding_box();
    (b.left(), b.top(), b.right(), b.bottom())
}

#[test]
fn a_small_board_line_is_drawn_as_a_board_with_the_diagrams_pieces() {
    let mut diags = Vec::new();
    let book = Book::load(&root().join("rules/rules.md"), &mut diags).expect("the rulebook loads");
    let aids = Aids::load(&root().join("rules/player_aids.md"), true)
        .unwrap_or_else(|d| panic!("{}", d.iter().map(|d| d.render()).collect::<String>()));
    // The author's seating: which player sits behind which pieces.
    let crowded = aids
        .cards
        .iter()
        .find(|a| a.title == "Crowded House")
        .unwrap();
    let back = &crowded.back.as_ref().unwrap().lines;
    let boards: Vec<&AidLine> = back.iter().filter(|l| l.board.is_some()).collect();
    assert_eq!(boards.len(), 2, "the two ranks of `4 q k 2 / 3 Q K 1`");
    // No other line of the bundled or the seeds' aids reads as a board.
    let seeds = Aids::load(&root().join("tests/seeds/player_aids.md"), true).unwrap();
    let lines_of = |a: &Aids| -> usize {
        a.cards
            .iter()
            .flat_map(|c| {
                c.lines
                    .iter()
                    .chain(c.back.iter().flat_map(|b| b.lines.iter()))
            })
            .filter(|l| l.board.is_some())
            .count()
    };
    assert_eq!((lines_of(&aids), lines_of(&seeds)), (2, 0));

    let style = Style::default();
    let faces = faces(&book, &aids, &style).unwrap();
    let face = faces
        .iter()
        .find(|f| f.name == "aid-crowded-house-back")
        .unwrap();
    // Drawn, not typed: no text of the letters is left.
    assert!(!face.svg.contains(">4 q k 2<") && !face.svg.contains(">q<"));
    let tree = parse_svg(&face.svg).unwrap();
    let square = bbox(&tree, "aid-square-0-0");
    let side = square.2 - square.0;
    assert!((side - (square.3 - square.1)).abs() < 0.01, "square");
    // Each piece in its own square: the artwork the diagrams use, drawn
    // inside the square and filling most of it.
    for (r, f, piece) in [(0, 0, "bQ"), (0, 1, "bK"), (1, 0, "wQ"), (1, 1, "wK")] {
        let sq = bbox(&tree, &format!("aid-square-{r}-{f}"));
        assert!((sq.0 - (square.0 + f as f32 * side)).abs() < 0.01);
        assert!((sq.1 - (square.1 + r as f32 * side)).abs() < 0.01);
        let p = bbox(&tree, &format!("aid-piece-{r}-{f}-{piece}"));
        assert!(
            p.0 >= sq.0 && p.1 >= sq.1 && p.2 <= sq.2 && p.3 <= sq.3,
            "{piece} at {p:?} outside its square {sq:?}"
        );
        assert!(p.2 - p.0 > 0.6 * side && p.3 - p.1 > 0.6 * side, "{piece}");
    }
    // The diagrams' square colours, the bottom-right square light.
    for (id, fill) in [
        ("aid-square-0-0", &style.board.light),
        ("aid-square-0-1", &style.board.dark),
        ("aid-square-1-0", &style.board.dark),
        ("aid-square-1-1", &style.board.light),
    ] {
        let tag = face.svg.split(&format!("id=\"{id}\"")).nth(1).unwrap();
        let tag = &tag[..tag.find('>').unwrap()];
        assert!(tag.contains(&format!("fill=\"{fill}\"")), "{id}: {tag}");
    }
    // The seats beside their ranks: 4 and 2 by the black pieces, 3 and 1
    // by the white, outside the board and level with their rank.
    let right_edge = bbox(&tree, "aid-square-0-1").2;
    for (r, left, right) in [(0, "4", "2"), (1, "3", "1")] {
        let sq = bbox(&tree, &format!("aid-square-{r}-0"));
        let mid = (sq.1 + sq.3) / 2.0;
        for (side_name, text) in [("left", left), ("right", right)] {
            let id = format!("aid-label-{r}-{side_name}");
            let l = bbox(&tree, &id);
            if side_name == "left" {
                assert!(l.2 < sq.0, "{id} left of the board");
            } else {
                assert!(l.0 > right_edge, "{id} right of the board");
            }
            assert!(((l.1 + l.3) / 2.0 - mid).abs() < 0.15 * side, "{id} level");
            let tag = face.svg.split(&format!("id=\"{id}\"")).nth(1).unwrap();
            assert!(tag.contains(&format!("aria-label=\"{text}\"")), "{id}");
        }
    }
    // The board sits between the lines above and below it, clear of both.
    let below = face.svg.find("Can only make").unwrap();
    assert!(face.svg.find("aid-square-1-1").unwrap() < below);
}

#[test]
fn board_lines_need_two_squares_and_a_piece_and_the_same_width() {
    let aids = aids_of(
        "## Zombie Chess\nN 1\nB 2\n\nQ K\n\n. .\n. .\n\nA q k B\nK\n\nk . q\nQ K\n\n1. q k\n",
    )
    .unwrap();
    let boards: Vec<(String, bool)> = aids.cards[0]
        .lines
        .iter()
        .map(|l| {
            (
                l.runs.iter().map(|r| r.text.as_str()).collect(),
                l.board.is_some(),
            )
        })
        .collect();
    assert_eq!(
        boards,
        [
            ("N 1".to_string(), false),
            ("B 2".to_string(), false),
            ("Q K".to_string(), true),
            (". .".to_string(), false),
            (". .".to_string(), false),
            ("A q k B".to_string(), false),
            ("K".to_string(), false),
            ("k . q".to_string(), false),
            ("Q K".to_string(), false),
            ("1. q k".to_string(), false),
        ]
    );
    use chess_kit_docs::deck::aids::BoardRow;
    let row = BoardRow::parse("4 q k 2").unwrap();
    assert_eq!(
        (row.left.as_deref(), row.squares.len(), row.right.as_deref()),
        (Some("4"), 2, Some("2"))
    );
    assert!(BoardRow::parse("N, B, R, Q, K.").is_none());
    // A board too wide for the card is an error at its line.
    let book = book_of("# Rules\n## Zombie Chess\nText.\n");
    let aids = aids_of("## Zombie Chess\nWest r n b q k b n r East\n").unwrap();
    assert!(aids.cards[0].lines[0].board.is_some());
    let Err(e) = faces(&book, &aids, &Style::default()) else {
        panic!("a board wider than the card was drawn");
    };
    let text: String = e.iter().map(|d| d.render_short()).collect();
    assert!(
        text.contains("aids.md:2:1: error: this board is too wide"),
        "{text}"
    );
}
