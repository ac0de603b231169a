use super::*;
use crate::source::SourceFile;

const BOARD: &str = "    . . . . k . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . p . . .
    . . . . . . . .
    . . . . . . . .
    . . . . K . . .
";

fn book(text: &str) -> Book {
    let mut diags = Vec::new();
    Book::parse(SourceFile::new("rules/demo.md", text), &mut diags)
}

fn site_of(b: &Book, findings: Vec<&Diagnostic>) -> BTreeMap<String, String> {
    let toc = crate::contents::table_of_contents(b, &mut Vec::new());
    let templates = Templates::load(None).unwrap();
    // The positions as the pipeline gives them: read by the engine.
    let fens = crate::engine::fen::book_fens(b, &Default::default());
    let files = site(
        &[SiteBook {
            book: b,
            toc: &toc,
            findings,
            fens: &fens,
        }],
        &templates,
        &Drawings::default(),
        &Style::default(),
        &HtmlOptions::default(),
    )
    .unwrap();
    files
        .into_iter()
        .filter(|(p, _)| p.ends_with(".html") || p.ends_with(".js"))
        .map(|(p, b)| (p, String::from_utf8(b).unwrap()))
        .collect()
}

fn demo() -> String {
    format!(
        "---\ntitle: Demo Games\n---\n\nIntro text.\n\n## Table of Contents\n\n# Old Games\n\nSome old games.\n\n## Zombie Chess\n\nSee [Golf](#chess-golf).\n\n{BOARD}    arrow: e5, e4, black\n\n### Setup\n\nSet up.\n\n## Chess Golf\n\nBack to [setup](#setup).\n"
    )
}

#[test]
fn each_section_is_a_page_with_sidebar_and_neighbours() {
    let files = site_of(&book(&demo()), Vec::new());
    for page in [
        "index.html",
        "demo/index.html",
        "demo/zombie-chess.html",
        "demo/chess-golf.html",
        "demo/print.html",
        "searchindex.js",
    ] {
        assert!(files.contains_key(page), "{page} in {:?}", files.keys());
    }
    let zombie = &files["demo/zombie-chess.html"];
    // The part heading and its text open the section after it.
    assert!(
        zombie.contains("<h1 id=\"old-games\">Old Games"),
        "{zombie}"
    );
    assert!(zombie.contains("rel=\"prev\" href=\"index.html\""));
    assert!(zombie.contains("rel=\"next\" href=\"chess-golf.html\""));
    assert!(zombie.contains("<a href=\"chess-golf.html\">Golf</a>"));
    // The sidebar is the book's toc.js, written once; without scripts the
    // page links the contents.
    assert!(
        zombie.contains("<script src=\"toc.js\"></script>"),
        "{zombie}"
    );
    assert!(zombie.contains("<noscript><p><a href=\"index.html\">Contents</a></p></noscript>"));
    assert!(
        !zombie.contains("href=\"chess-golf.html\">Chess Golf</a>"),
        "no inline sidebar"
    );
    let toc = &files["demo/toc.js"];
    assert_eq!(
        toc,
        "window.chessKitToc = [{\"href\":\"index.html\",\"title\":\"Contents\"},{\"href\":\"zombie-chess.html\",\"title\":\"Zombie Chess\"},{\"href\":\"chess-golf.html\",\"title\":\"Chess Golf\"}];\n"
    );
    let golf = &files["demo/chess-golf.html"];
    assert!(golf.contains("<a href=\"zombie-chess.html#setup\">setup</a>"));
    assert!(!golf.contains("rel=\"next\""), "the last page has no next");
    // On the print page every link stays on the page.
    let print = &files["demo/print.html"];
    assert!(print.contains("<a href=\"#setup\">setup</a>"));
    assert!(print.contains("<a href=\"#chess-golf\">Golf</a>"));
    let index = &files["index.html"];
    // A slash in a link stays a slash.
    assert!(index.contains("href=\"demo/zombie-chess.html\""), "{index}");
    assert!(!index.contains("&#x2f;"), "{index}");
}

#[test]
fn diagrams_are_inline_svg_with_alt_text() {
    let files = site_of(&book(&demo()), Vec::new());
    let zombie = &files["demo/zombie-chess.html"];
    assert!(zombie.contains(
        "<svg role=\"img\" aria-label=\"Zombie Chess: Black&#39;s pawn e5 to e4. White: king e1. Black: pawn e4, king e8\""
    ), "{zombie}");
    assert!(zombie.contains("viewBox="));
    assert!(files["searchindex.js"].contains("Black's pawn e5 to e4"));
}

#[test]
fn findings_show_under_their_diagram_with_a_count_on_the_page() {
    let b = book(&demo());
    let entry = &b.diagrams[0];
    let finding = Diagnostic::error(&b.source, entry.span, "a made-up finding");
    let files = site_of(&b, vec![&finding]);
    let zombie = &files["demo/zombie-chess.html"];
    assert!(zombie.contains("This page has 1 error."), "{zombie}");
    let figure_end = zombie.find("</figure>").unwrap();
    let at = zombie.find("a made-up finding").unwrap();
    assert!(at < figure_end, "the box is inside the diagram's figure");
    assert!(
        zombie.contains("rules/demo.md:"),
        "the terminal's file and line"
    );
    assert!(!files["demo/chess-golf.html"].contains("This page has"));
}

#[test]
fn a_broken_diagram_keeps_its_last_good_drawing() {
    let drawings = Drawings::default();
    let templates = Templates::load(None).unwrap();
    let style = Style::default();
    let render = |text: &str| {
        let b = book(text);
        let files = site(
            &[SiteBook {
                book: &b,
                toc: &[],
                findings: Vec::new(),
                fens: &[],
            }],
            &templates,
            &drawings,
            &style,
            &HtmlOptions::default(),
        )
        .unwrap();
        let page = files
            .into_iter()
            .find(|(p, _)| p == "demo/zombie-chess.html")
            .unwrap();
        String::from_utf8(page.1).unwrap()
    };
    let good = render(&format!("## Zombie Chess\n\n{BOARD}"));
    assert!(good.contains("<div class=\"board\"><svg"));
    assert_eq!(drawings.take_made(), 1);
    let broken = render("## Zombie Chess\n\n    . . . . k . . .\n    . . x\n");
    assert!(
        broken.contains("<div class=\"board stale\"><svg"),
        "{broken}"
    );
    let again = render(&format!("## Zombie Chess\n\n{BOARD}"));
    assert_eq!(
        drawings.take_made(),
        0,
        "the same diagram is not drawn again"
    );
    assert_eq!(good, again);
}

#[test]
fn the_same_books_give_the_same_site() {
    let b = book(&demo());
    assert_eq!(site_of(&b, Vec::new()), site_of(&b, Vec::new()));
}

#[test]
fn served_pages_carry_the_mark_serve_stamps() {
    let b = book(&demo());
    let toc = crate::contents::table_of_contents(&b, &mut Vec::new());
    let templates = Templates::load(None).unwrap();
    let page = |live_reload: bool| {
        let files = site(
            &[SiteBook {
                book: &b,
                toc: &toc,
                findings: Vec::new(),
                fens: &[],
            }],
            &templates,
            &Drawings::default(),
            &Style::default(),
            &HtmlOptions {
                live_reload,
                ..HtmlOptions::default()
            },
        )
        .unwrap();
        let (_, bytes) = files
            .into_iter()
            .find(|(p, _)| p == "demo/zombie-chess.html")
            .unwrap();
        String::from_utf8(bytes).unwrap()
    };
    assert!(page(true).contains(LIVE_RELOAD_MARK));
    assert!(!page(false).contains("data-live-reload"));
    let script = &site_of(&b, Vec::new())["assets/site.js"];
    assert!(script.contains("/__livereload?since="), "{script}");
}

/// A diagram whose game is played on the orthodox 8×8 board gets a "Copy
/// FEN" button and a plain link to an analysis board, with the FEN the
/// engine read; a diagram on a cut-down board, of a game on a 6×6 board,
/// or of a game whose positions hold checkers gets neither.
#[test]
fn a_chess_diagram_has_a_copy_fen_button_and_an_analysis_link() {
    let config: crate::config::Config =
        toml::from_str("[[variant]]\ngame = \"Small Chess\"\nboard = \"b2-g7\"\n").unwrap();
    let options = crate::engine::Options {
        variants: crate::engine::variants::Variants::from_config(
            &config.variants,
            None,
            &mut Vec::new(),
        ),
        ..crate::engine::Options::default()
    };
    let small = "    . . . . . . . .
    . . . . k . . .
    . . . . . . . .
    . . . . . . . .
    . . . . p . . .
    . . . . . . . .
    . . . . K . . .
    . . . . . . . .
";
    let text = format!(
        "## Zombie Chess\n\n{BOARD}    arrow: e5, e4, black\n\nCut down:\n\n{BOARD}    margins: -1.333, -1.333\n\n## Small Chess\n\n{small}\n## Tar Pit Chess\n\n{BOARD}"
    );
    let b = book(&text);
    let fens = crate::engine::fen::book_fens(&b, &options);
    let files = site(
        &[SiteBook {
            book: &b,
            toc: &[],
            findings: Vec::new(),
            fens: &fens,
        }],
        &Templates::load(None).unwrap(),
        &Drawings::default(),
        &Style::default(),
        &HtmlOptions::default(),
    )
    .unwrap();
    let page = |name: &str| {
        let (_, bytes) = files.iter().find(|(p, _)| p == name).unwrap();
        String::from_utf8(bytes.clone()).unwrap()
    };
    let zombie = page("demo/zombie-chess.html");
    let fen = "4k3/8/8/8/4p3/8/8/4K3 w - - 0 1";
    assert_eq!(fens[0].as_ref().unwrap().fen, fen);
    assert_eq!(
        zombie.matches("class=\"copy-fen\"").count(),
        1,
        "only the whole board: {zombie}"
    );
    assert!(
        zombie.contains(&format!(
            "<button type=\"button\" class=\"copy-fen\" data-fen=\"{fen}\""
        )),
        "{zombie}"
    );
    assert!(
        zombie.contains(
            "<a class=\"analysis\" href=\"https://lichess.org/analysis/standard/4k3/8/8/8/4p3/8/8/4K3_w_-_-_0_1\""
        ),
        "{zombie}"
    );
    // The cut-down diagram, the 6×6 game and the game with checkers.
    assert!(fens[1].is_err() && fens[2].is_err() && fens[3].is_err());
    for name in ["demo/small-chess.html", "demo/tar-pit-chess.html"] {
        let other = page(name);
        assert!(other.contains("<figure class=\"diagram\""), "{name}");
        assert!(!other.contains("copy-fen"), "{name}: {other}");
        assert!(!other.contains("lichess.org"), "{name}: {other}");
    }
    // The print page shows them too; the site's script copies.
    assert!(page("demo/print.html").contains("class=\"copy-fen\""));
    let script = String::from_utf8(
        files
            .iter()
            .find(|(p, _)| p == "assets/site.js")
            .unwrap()
            .1
            .clone(),
    )
    .unwrap();
    assert!(script.contains("navigator.clipboard"), "{script}");
    assert!(script.contains("execCommand(\"copy\")"), "{script}");
}

#[test]
fn the_index_lists_books_in_the_settings_order_then_by_title_with_descriptions() {
    let named = |name: &str, front: &str| {
        let mut diags = Vec::new();
        Book::parse(
            SourceFile::new(
                format!("rules/{name}.md"),
                format!("---\n{front}\n---\n\n## Zombie Chess\n\nText.\n"),
            ),
            &mut diags,
        )
    };
    let books = [
        named("alpha", "title: Alpha Games"),
        named("new", "title: New Rules\nsubtitle: Experiments"),
        named(
            "main",
            "title: The Rules\ndescription: The book's own words.",
        ),
        named("karl", "title: Karl's Variants"),
        named("zeta", "title: The Best Games"),
    ];
    let tocs: Vec<Vec<TocEntry>> = books
        .iter()
        .map(|b| crate::contents::table_of_contents(b, &mut Vec::new()))
        .collect();
    let site_books: Vec<SiteBook> = books
        .iter()
        .zip(&tocs)
        .map(|(book, toc)| SiteBook {
            book,
            toc,
            findings: Vec::new(),
            fens: &[],
        })
        .collect();
    let listed = |name: &str, description: Option<&str>| crate::config::SiteBookConfig {
        name: name.to_string(),
        description: description.map(str::to_string),
    };
    let options = HtmlOptions {
        site: crate::config::SiteConfig {
            book: vec![
                listed("main", Some("The settings' words.")),
                listed("new", Some("Games being tried out.")),
                listed("gone", Some("A book not in this build.")),
            ],
        },
        ..HtmlOptions::default()
    };
    let templates = Templates::load(None).unwrap();
    let files = site(
        &site_books,
        &templates,
        &Drawings::default(),
        &Style::default(),
        &options,
    )
    .unwrap();
    let index = files
        .iter()
        .find(|(p, _)| p == "index.html")
        .map(|(_, b)| String::from_utf8(b.clone()).unwrap())
        .unwrap();
    let at = |text: &str| {
        index
            .find(text)
            .unwrap_or_else(|| panic!("{text} in {index}"))
    };
    // The settings' order first; then by title, "The" aside: Alpha, The
    // Best, Karl's.
    let order = [
        at(">The Rules<"),
        at(">New Rules<"),
        at(">Alpha Games<"),
        at(">The Best Games<"),
        at(">Karl&#39;s Variants<"),
    ];
    assert!(order.windows(2).all(|w| w[0] < w[1]), "{order:?}");
    // The book's own description wins over the settings'; the subtitle
    // stays, and the description follows it.
    assert!(index.contains("<p class=\"book-description\">The book&#39;s own words.</p>"));
    assert!(!index.contains("The settings"));
    assert!(at("Experiments") < at("Games being tried out."));
    assert_eq!(index.matches("class=\"book-description\"").count(), 2);
    // The pages and the search index do not depend on the order.
    let plain = site(
        &site_books,
        &templates,
        &Drawings::default(),
        &Style::default(),
        &HtmlOptions::default(),
    )
    .unwrap();
    for ((p, a), (q, b)) in files.iter().zip(&plain) {
        assert_eq!(p, q);
        if p != "index.html" {
            assert!(a == b, "{p} changed");
        }
    }
}
