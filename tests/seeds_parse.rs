//! Every seed rulebook parses, with the diagram counts the issue gives.

use std::path::Path;

use chess_kit_docs::book::Book;
use chess_kit_docs::diagram::{DiagramKind, Grid};

fn load(path: &str) -> (Book, Vec<chess_kit_docs::diagnostic::Diagnostic>) {
    let mut diags = Vec::new();
    let book = Book::load(Path::new(path), &mut diags).expect("readable");
    (book, diags)
}

#[test]
fn all_49_seed_diagrams_parse() {
    let mut total = 0;
    for (path, expected) in [
        ("tests/seeds/rules.md", 37),
        ("tests/seeds/new_rules.md", 8),
        ("tests/seeds/crowded_rules.md", 4),
    ] {
        let (book, diags) = load(path);
        let rendered: Vec<String> = diags.iter().map(|d| d.render()).collect();
        assert!(diags.is_empty(), "{path}:\n{}", rendered.join("\n"));
        assert_eq!(book.diagrams.len(), expected, "{path}");
        assert!(book.diagrams.iter().all(|d| d.diagram.is_some()));
        total += book.diagrams.len();
    }
    assert_eq!(total, 49);
}

#[test]
fn the_main_rulebook_has_its_sections_and_card_table() {
    let (book, _) = load("tests/seeds/rules.md");
    assert_eq!(book.front_matter.title(), Some("The Rules of Chess Kit"));
    let chapters: Vec<&str> = book.chapters().map(|s| s.title.as_str()).collect();
    assert_eq!(
        chapters,
        [
            "Zombie Chess",
            "Masquerade Chess",
            "Two Move Chess",
            "Adrenaline Chess",
            "Tar Pit Chess",
            "Chess Golf",
            "Crowded House",
            "Cooperative Chess",
            "Half Alice Chess",
            "Chess960",
            "Synchronous Chess",
            "Appendix A",
            "Solutions",
        ]
    );
    assert_eq!(book.card_rows().count(), 14);
    let symbols = book.card_symbols();
    assert!(symbols.contains("c") && symbols.contains("C") && symbols.contains("back"));
    let grids = book
        .diagrams
        .iter()
        .filter(|d| {
            matches!(
                d.diagram.as_ref().unwrap().kind,
                DiagramKind::Grid(Grid::Masquerade(_))
            )
        })
        .count();
    assert_eq!(grids, 3);
    // The Cooperative Chess setup follows a list and is still a diagram.
    let coop: Vec<&str> = book
        .diagrams
        .iter()
        .map(|d| d.image_name.as_str())
        .filter(|n| n.starts_with("cooperative-chess"))
        .collect();
    assert_eq!(coop.len(), 6);
    assert_eq!(coop[0], "cooperative-chess1");
}

#[test]
fn the_published_book_has_image_links_to_missing_files() {
    let (book, diags) = load("tests/seeds/published_rules.md");
    assert!(diags.is_empty());
    assert!(book.diagrams.is_empty());
    let mut diags = Vec::new();
    book.check_images(&mut diags);
    assert!(!diags.is_empty());
    for d in &diags {
        let text = d.render_short();
        assert!(
            text.starts_with("tests/seeds/published_rules.md:"),
            "{text}"
        );
        assert!(text.contains("does not exist"), "{text}");
    }
}

#[test]
fn a_plain_text_book_has_no_diagrams() {
    let (book, diags) = load("tests/seeds/karls_variants.md");
    assert!(diags.is_empty());
    assert!(book.diagrams.is_empty());
}
