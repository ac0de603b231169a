//! The PDF book is tagged PDF/UA-1: krilla's validator checks it as it is
//! written (a book that breaks a rule is not written at all), and these
//! tests check what the validator cannot: that the tags carry the site's
//! alt text, read in the book's order, and cover everything drawn.

#[allow(dead_code)]
mod support;

use chess_kit_docs::book::Book;
use chess_kit_docs::contents::table_of_contents;
use chess_kit_docs::html::alt;
use chess_kit_docs::pdf::layout::{Draw, Kind, Role, layout, same_title};
use chess_kit_docs::pdf::quotes::curly_quotes;
use chess_kit_docs::pdf::text::Fonts;
use chess_kit_docs::pdf::{BookStyle, PageFormat};
use chess_kit_docs::source::SourceFile;
use chess_kit_docs::style::Style;

#[path = "support/books.rs"]
mod books;
use books::{BOOKS, BOOKS_AND_SEEDS, load, pdf, struct_text};

fn count(pdf: &[u8], what: &str) -> usize {
    pdf.windows(what.len())
        .filter(|w| *w == what.as_bytes())
        .count()
}

/// The PDF string object at the start of `bytes`: a literal `(…)` (its
/// escapes undone) or a hex `<…>`, UTF-16BE after a byte-order mark.
fn pdf_string(bytes: &[u8]) -> String {
    match bytes.first() {
        Some(b'(') => {
            let mut out = Vec::new();
            let mut depth = 0;
            let mut i = 1;
            while let Some(&b) = bytes.get(i) {
                match b {
                    b'\\' => {
                        i += 1;
                        match bytes[i] {
                            b'n' => out.push(b'\n'),
                            b'r' => out.push(b'\r'),
                            b't' => out.push(b'\t'),
                            b'b' => out.push(8),
                            b'f' => out.push(12),
                            d @ b'0'..=b'7' => {
                                let mut v = u32::from(d - b'0');
                                for _ in 0..2 {
                                    match bytes.get(i + 1) {
                                        Some(&d @ b'0'..=b'7') => {
                                            v = v * 8 + u32::from(d - b'0');
                                            i += 1;
                                        }
                                        _ => break,
                                    }
                                }
                                out.push(v as u8);
                            }
                            other => out.push(other),
                        }
                    }
                    b'(' => {
                        depth += 1;
                        out.push(b);
                    }
                    b')' if depth == 0 => break,
                    b')' => {
                        depth -= 1;
                        out.push(b);
                    }
                    _ => out.push(b),
                }
                i += 1;
            }
            String::from_utf8(out).expect("ASCII")
        }
        Some(b'<') => {
            let end = bytes.iter().position(|&b| b == b'>').expect("a hex string");
            let hex: Vec<u8> = bytes[1..end]
                .chunks(2)
                .map(|h| u8::from_str_radix(std::str::from_utf8(h).unwrap(), 16).unwrap())
                .collect();
            assert_eq!(&hex[..2], [0xfe, 0xff], "UTF-16BE");
            let units: Vec<u16> = hex[2..]
                .chunks(2)
                .map(|u| u16::from_be_bytes([u[0], u[1]]))
                .collect();
            String::from_utf16(&units).unwrap()
        }
        _ => panic!("not a string: {:?}", String::from_utf8_lossy(&bytes[..20])),
    }
}

/// Each `/S/Figure` structure element's `/Alt`, in the order written (the
/// tag tree's, for figures, which hold no other element).
fn figure_alts(pdf: &[u8]) -> Vec<String> {
    let marker = b"/S/Figure";
    let mut alts = Vec::new();
    let mut at = 0;
    while let Some(i) = pdf[at..].windows(marker.len()).position(|w| w == marker) {
        let start = at + i;
        let end = start
            + pdf[start..]
                .windows(6)
                .position(|w| w == b"endobj")
                .unwrap();
        let object = &pdf[start..end];
        let alt = object
            .windows(4)
            .position(|w| w == b"/Alt")
            .unwrap_or_else(|| panic!("a figure without /Alt"));
        alts.push(pdf_string(&object[alt + 4..]));
        at = end;
    }
    alts
}

#[test]
fn every_book_is_tagged_pdf_ua_1_in_every_format() {
    for name in BOOKS {
        let book = load(name);
        for format in PageFormat::ALL {
            // Written with krilla's PDF/UA-1 validator on: it succeeded.
            let pdf = pdf(&book, format);
            let what = format!("{name} {format}");
            assert_eq!(count(&pdf, "pdfuaid:part>1<"), 1, "{what}: PDF/UA-1");
            assert!(pdf.starts_with(b"%PDF-1.7"), "{what}: PDF 1.7");
            assert_eq!(count(&pdf, "/Marked true"), 1, "{what}: tagged");
            assert!(count(&pdf, "/StructTreeRoot") >= 1, "{what}: a tag tree");
            assert_eq!(count(&pdf, "/DisplayDocTitle true"), 1, "{what}");
            // The catalog's language and the Document element's.
            assert_eq!(count(&pdf, "/Lang(en)"), 2, "{what}: the language");
            let title = book.front_matter.title().unwrap();
            assert!(
                count(&pdf, &format!("/Title({title})")) >= 1,
                "{what}: the title"
            );
            // Every link is in the tag tree (a /StructParent) and says
            // what it is (/Contents).
            let links = count(&pdf, "/Subtype/Link");
            assert!(links > 0, "{what}");
            assert_eq!(count(&pdf, "/StructParent "), links, "{what}");
            assert!(count(&pdf, "/S/Link") >= 1, "{what}");
            let annots: Vec<&[u8]> = pdf
                .windows(19)
                .enumerate()
                .filter(|(_, w)| *w == b"/Type/Annot/Subtype")
                .map(|(i, _)| {
                    &pdf[i..i + pdf[i..].windows(6).position(|w| w == b"endobj").unwrap()]
                })
                .collect();
            assert_eq!(annots.len(), links, "{what}");
            for a in annots {
                assert!(
                    count(a, "/Contents(") + count(a, "/Contents<") == 1,
                    "{what}: a link without alt text: {}",
                    String::from_utf8_lossy(a)
                );
            }
        }
    }
}

#[test]
fn every_diagram_figure_carries_the_sites_alt_text() {
    for name in BOOKS {
        let book = load(name);
        // What the HTML site writes as each diagram's alt text.
        let site: Vec<String> = (0..book.diagrams.len())
            .map(|i| alt::of_diagram(&book, i).expect("the bundled diagrams are fine"))
            .collect();
        assert!(site.iter().all(|a| a.len() > 10), "{name}");
        // The reading formats, and one imposed: the zine's tags are read
        // in the book's order too.
        for format in [PageFormat::Letter, PageFormat::Zine] {
            let alts = figure_alts(&pdf(&book, format));
            assert_eq!(alts, site, "{name} {format}");
        }
    }
    // The same function as the site's pages, which write it as their <img>
    // or <svg> alternative: a board in Zombie Chess.
    let book = load("rules/rules.md");
    let first = alt::of_diagram(&book, 0).unwrap();
    assert!(first.starts_with("Zombie Chess: "), "{first}");
    assert!(
        first.contains("White: ") && first.contains("Black: "),
        "{first}"
    );
}

/// A grid's figure reads out every cell (issue 41): which cards are each
/// piece in Appendix A, each circle of Alice's masquerade grid, each of
/// the cloak grid's.
#[test]
fn grid_figures_read_out_every_cell() {
    let alts = figure_alts(&pdf(&load("rules/rules.md"), PageFormat::Letter));
    let cards: Vec<&String> = alts
        .iter()
        .filter(|a| a.starts_with("Appendix A: the card table: "))
        .collect();
    assert_eq!(cards.len(), 2, "{alts:?}");
    assert!(
        cards[0].contains("black knight (n): 8 of spades and 8 of clubs; gap 1"),
        "{}",
        cards[0]
    );
    assert!(
        cards[1].contains("white queen (Q): queen of hearts; gap 5"),
        "{}",
        cards[1]
    );
    let alice = alts
        .iter()
        .find(|a| a.contains("King: circle: the king captures as a rook"))
        .expect("Alice's grid");
    assert_eq!(alice.matches("circle: ").count(), 5, "{alice}");
    assert!(
        alice.contains("Knight: circle: the knight captures as a queen"),
        "{alice}"
    );
    let alts = figure_alts(&pdf(&load("rules/new_rules.md"), PageFormat::Letter));
    let cloak = alts
        .iter()
        .find(|a| a.contains("King: circle: checker 3 is the king; 7 cells empty"))
        .expect("the filled-in cloak grid");
    assert_eq!(cloak.matches("circle: ").count(), 8, "{cloak}");
}

/// The headings of the tag tree, as poppler reads it (`pdfinfo
/// -struct-text`), in order: `H2 Zombie Chess`.
fn tagged_headings(pdf: &[u8], name: &str) -> Vec<String> {
    let text = struct_text(pdf, name);
    let lines: Vec<&str> = text.lines().map(str::trim).collect();
    lines
        .iter()
        .enumerate()
        .filter(|(_, l)| l.len() > 3 && l.starts_with('H') && l.as_bytes()[1].is_ascii_digit())
        .filter_map(|(i, l)| {
            // `H2 "Zombie Chess" (block)`, then its text, `"Zombie Chess"`.
            // The text is read from the line after: poppler prints a title
            // that is not plain ASCII (an en dash) as its byte-order mark only.
            let (level, rest) = l.split_once(' ')?;
            let title = lines
                .get(i + 1)
                .and_then(|t| t.strip_prefix('"')?.strip_suffix('"'))
                .or_else(|| rest.strip_prefix('"')?.rsplit_once('"').map(|(t, _)| t))?;
            Some(format!("{level} {title}"))
        })
        .collect()
}

#[test]
fn the_tag_tree_reads_in_the_books_order() {
    if !support::have("pdfinfo", "reading the PDF's tag tree") {
        return;
    }
    let bs = BookStyle::default();
    for name in BOOKS {
        let book = load(name);
        let toc = table_of_contents(&book, &mut Vec::new());
        let fonts = Fonts::new(&bs.text.body_family, &bs.text.heading_family).unwrap();
        let laid = layout(&book, &toc, &Style::default(), &bs, &bs.letter, &fonts).unwrap();
        // The title page's title, then every heading drawn (the outline's,
        // the licence notice's last).
        let mut expected = vec![curly_quotes(book.front_matter.title().unwrap())];
        expected.extend(laid.outline.iter().map(|e| e.title.clone()));
        assert_eq!(laid.outline.last().unwrap().title, bs.notice.heading);
        for format in [PageFormat::Letter, PageFormat::Zine] {
            let read = tagged_headings(&pdf(&book, format), &book.name);
            let titles: Vec<&str> = read.iter().map(|h| h.split_once(' ').unwrap().1).collect();
            assert_eq!(titles, expected, "{name} {format}");
            // Levels never skip: the title is an H1, and a heading is at
            // most one below the one before it ("Introduction", a `###`
            // under the `#` title, is an H2).
            let levels: Vec<u32> = read
                .iter()
                .map(|h| h[1..].split(' ').next().unwrap().parse().unwrap())
                .collect();
            assert_eq!(levels[0], 1, "{name} {format}: {read:?}");
            for (w, h) in levels.windows(2).zip(&read[1..]) {
                assert!(
                    w[1] <= w[0] + 1,
                    "{name} {format}: {h} skips a level after H{}",
                    w[0]
                );
            }
        }
    }
}

/// The bookmarks as the outline nests them: the back matter and the
/// licence are parts of their own, not sections of the last part.
#[test]
fn appendixes_and_the_licence_are_top_level_bookmarks() {
    let bs = BookStyle::default();
    let book = load("rules/rules.md");
    let toc = table_of_contents(&book, &mut Vec::new());
    let fonts = Fonts::new(&bs.text.body_family, &bs.text.heading_family).unwrap();
    let laid = layout(&book, &toc, &Style::default(), &bs, &bs.letter, &fonts).unwrap();
    let level = |title: &str| {
        laid.outline
            .iter()
            .find(|e| e.title == title)
            .unwrap_or_else(|| panic!("no bookmark {title}: {:?}", laid.outline))
            .level
    };
    assert_eq!(level("By Other Designers"), 1);
    assert_eq!(level("Chess960"), 2, "a game stays under its part");
    for top in [
        "Appendix A",
        "Appendix B",
        "Solutions",
        bs.notice.heading.as_str(),
    ] {
        assert_eq!(level(top), 1, "{top}");
    }
    // The licence bookmark leads to the notice's page.
    let slug = chess_kit_docs::book::slug(&bs.notice.heading);
    let (page, _) = laid.anchors[&slug];
    assert_eq!(page + 1, laid.pages.len(), "the notice is on the last page");
}

#[test]
fn every_draw_is_read_or_an_artifact() {
    let bs = BookStyle::default();
    let fonts = Fonts::new(&bs.text.body_family, &bs.text.heading_family).unwrap();
    for name in BOOKS {
        let book = load(name);
        let toc = table_of_contents(&book, &mut Vec::new());
        let laid = layout(&book, &toc, &Style::default(), &bs, &bs.booklet, &fonts).unwrap();
        let mut made = 0u32;
        let mut figures = 0;
        let mut kinds = Vec::new();
        for (pi, page) in laid.pages.iter().enumerate() {
            for e in &page.elements {
                assert_eq!(e.id, made, "{name}: elements come in order");
                assert!(e.parent.is_none_or(|p| p < e.id), "{name}: parent first");
                made += 1;
                kinds.push(e.kind.clone());
            }
            assert_eq!(page.roles.len(), page.draws.len(), "{name} page {pi}");
            for (d, r) in page.draws.iter().zip(&page.roles) {
                match r {
                    // Its element was handed over by its page at the latest.
                    Role::Content(e) => {
                        assert!(*e < made, "{name} page {pi}");
                        if let Draw::Svg { .. } = d {
                            figures += 1;
                            assert!(matches!(kinds[*e as usize], Kind::Figure(_)));
                        }
                    }
                    // Rules, leaders, added hyphens; an image only when it
                    // has no alt text.
                    Role::Layout => assert!(
                        !matches!(d, Draw::Svg { .. } | Draw::PageRef { .. }),
                        "{name}: a diagram marked as decoration"
                    ),
                    Role::Footer | Role::Header => assert!(matches!(d, Draw::Text { .. })),
                }
            }
            for l in &page.links {
                let e = l.elem.expect("every link has its element");
                assert_eq!(kinds[e as usize], Kind::Link, "{name}");
                assert!(!l.alt.trim().is_empty(), "{name}: a link says nothing");
            }
        }
        assert_eq!(figures, book.diagrams.len(), "{name}");
        for kind in [Kind::Paragraph, Kind::Link, Kind::Contents] {
            assert!(kinds.contains(&kind), "{name}: no {kind:?}");
        }
    }
}

/// The operators of a content stream, in order (names, numbers, strings,
/// arrays and dictionaries left out).
fn operators(content: &[u8]) -> Vec<&[u8]> {
    let regular = |b: u8| !b.is_ascii_whitespace() && !b"()<>[]{}/%".contains(&b);
    let mut ops = Vec::new();
    let mut i = 0;
    while let Some(&b) = content.get(i) {
        match b {
            b'%' => {
                while content.get(i).is_some_and(|&c| c != b'\n') {
                    i += 1;
                }
            }
            b'(' => {
                let mut depth = 0;
                i += 1;
                while let Some(&c) = content.get(i) {
                    match c {
                        b'\\' => i += 1,
                        b'(' => depth += 1,
                        b')' if depth == 0 => break,
                        b')' => depth -= 1,
                        _ => {}
                    }
                    i += 1;
                }
                i += 1;
            }
            b'<' if content.get(i + 1) != Some(&b'<') => {
                while content.get(i).is_some_and(|&c| c != b'>') {
                    i += 1;
                }
                i += 1;
            }
            b'/' => {
                i += 1;
                while content.get(i).is_some_and(|&c| regular(c)) {
                    i += 1;
                }
            }
            _ if regular(b) => {
                let start = i;
                while content.get(i).is_some_and(|&c| regular(c)) {
                    i += 1;
                }
                let token = &content[start..i];
                let number = token[0].is_ascii_digit() || b"+-.".contains(&token[0]);
                if !number && !matches!(token, b"true" | b"false" | b"null") {
                    ops.push(token);
                }
            }
            _ => i += 1,
        }
    }
    ops
}

/// The page content streams of a PDF, inflated.
fn page_contents(pdf: &[u8]) -> Vec<Vec<u8>> {
    let find = |hay: &[u8], needle: &[u8], from: usize| {
        hay[from..]
            .windows(needle.len())
            .position(|w| w == needle)
            .map(|p| p + from)
    };
    let number = |at: usize| -> usize {
        let digits: Vec<u8> = pdf[at..]
            .iter()
            .copied()
            .take_while(u8::is_ascii_digit)
            .collect();
        String::from_utf8(digits).unwrap().parse().unwrap()
    };
    let mut out = Vec::new();
    let mut at = 0;
    while let Some(page) = find(pdf, b"<</Type/Page/", at) {
        let end = find(pdf, b"endobj", page).unwrap();
        let contents = find(&pdf[..end], b"/Contents ", page).expect("a page's contents");
        let obj = number(contents + 10);
        let start = find(pdf, format!("\n{obj} 0 obj\n").as_bytes(), 0).unwrap();
        let length = find(pdf, b"/Length ", start).unwrap();
        let len = number(length + 8);
        let data = find(pdf, b"stream\n", start).unwrap() + 7;
        let dict = &pdf[start..data];
        let bytes = &pdf[data..data + len];
        out.push(if count(dict, "/FlateDecode") > 0 {
            miniz_oxide::inflate::decompress_to_vec_zlib(bytes).expect("inflates")
        } else {
            bytes.to_vec()
        });
        at = end;
    }
    out
}

#[test]
fn nothing_is_drawn_outside_marked_content() {
    // PDF/UA-1 wants every mark on a page to be tagged content or an
    // artifact; krilla's validator does not check it. Text, paths,
    // images and placed drawings (Do) must all sit inside a BDC/BMC.
    const PAINT: [&[u8]; 16] = [
        b"Tj", b"TJ", b"'", b"\"", b"f", b"F", b"f*", b"S", b"s", b"B", b"B*", b"b", b"b*", b"Do",
        b"sh", b"BI",
    ];
    for name in BOOKS {
        let book = load(name);
        for format in PageFormat::ALL {
            let pdf = pdf(&book, format);
            let pages = page_contents(&pdf);
            assert!(pages.len() > 3, "{name} {format}");
            let mut painted = 0;
            for (pi, content) in pages.iter().enumerate() {
                let mut depth = 0i32;
                for op in operators(content) {
                    match op {
                        b"BDC" | b"BMC" => depth += 1,
                        b"EMC" => depth -= 1,
                        op if PAINT.contains(&op) => {
                            painted += 1;
                            assert!(
                                depth > 0,
                                "{name} {format} page {}: {} drawn untagged",
                                pi + 1,
                                String::from_utf8_lossy(op)
                            );
                        }
                        _ => {}
                    }
                    assert!(depth >= 0, "{name} {format} page {}", pi + 1);
                }
                assert_eq!(depth, 0, "{name} {format} page {}", pi + 1);
            }
            assert!(painted > 500, "{name} {format}: {painted}");
        }
    }
}

#[test]
fn characters_the_fonts_lack_do_not_stop_the_book() {
    // PDF/UA-1 forbids drawing a missing glyph, and text that stands for
    // U+FEFF or U+FFFE: the book is still written (as `check` passes it),
    // with a question mark for a character its face has no glyph for.
    let text = "---\ntitle: Odd \u{2654} King\n---\n\n## A Game \u{2654}\n\n\
        A zero\u{feff}width space, a \u{fffe} non-character, a king \u{2654}, \
        *\u{6f22}\u{5b57}* and \u{1f600}.\n\n### \u{6f22} heading\n";
    let mut diags = Vec::new();
    let book = Book::parse(SourceFile::new("odd.md", text), &mut diags);
    assert!(diags.iter().all(|d| !d.is_error()), "{diags:?}");
    for format in [PageFormat::Letter, PageFormat::Zine] {
        let pdf = pdf(&book, format);
        assert_eq!(count(&pdf, "pdfuaid:part>1<"), 1);
    }
}

#[test]
fn blank_titles_headings_and_links_do_not_stop_the_book() {
    // PDF/UA-1 wants a document title, and alt text on every link: a blank
    // `title:` gives the book's name, a contents entry of an empty heading
    // and a link with no text say where they go.
    let text = "---\ntitle:\n---\n\n## Table of Contents\n\n## \n\n\
        Text [![pic](https://e.com/i.png)](https://e.com), [](https://e.com/empty).\n\n\
        ##    \n\nMore.\n";
    let mut diags = Vec::new();
    let book = Book::parse(SourceFile::new("blank.md", text), &mut diags);
    assert!(diags.iter().all(|d| !d.is_error()), "{diags:?}");
    let pdf = pdf(&book, PageFormat::Letter);
    assert!(count(&pdf, "/Title(blank)") >= 1);
    assert!(count(&pdf, "/Contents(section ") >= 1);
}

#[test]
fn a_book_sets_its_language_and_the_kinds_of_block_are_tagged() {
    // A book in British English, with every kind of block the layout
    // tags.
    let text = "---\ntitle: Every Block\nlang: en-GB\n---\n\n## Table of Contents\n\n\
        ## Blocks\n\nA paragraph with [a link](https://example.com) and *colour*.\n\n\
        1. one\n2. two\n   - nested\n\n> A quote.\n\n```\ncode here\n```\n\n---\n\n\
        ### Sub\n\nText.\n";
    let mut diags = Vec::new();
    let book = Book::parse(SourceFile::new("every.md", text), &mut diags);
    assert!(diags.iter().all(|d| !d.is_error()), "{diags:?}");
    let pdf = pdf(&book, PageFormat::Letter);
    assert_eq!(count(&pdf, "/Lang(en-GB)"), 2);
    assert_eq!(count(&pdf, "/Lang(en)"), 0);
    for tag in [
        "/S/H1",
        "/S/H2",
        "/S/H3",
        "/S/P",
        "/S/L",
        "/S/LI",
        "/S/Lbl",
        "/S/LBody",
        "/S/Link",
        "/S/TOC",
        "/S/TOCI",
        "/S/BlockQuote",
        "/S/Code",
    ] {
        assert!(count(&pdf, &format!("{tag}/")) >= 1, "no {tag}");
    }
    // The numbered list and the bulleted one inside it.
    assert_eq!(count(&pdf, "/ListNumbering/Decimal"), 1);
    assert_eq!(count(&pdf, "/ListNumbering/Disc"), 1);
    // A heading's /T is its text.
    assert_eq!(count(&pdf, "/S/H3/P"), 1);
    assert!(count(&pdf, "/T(Sub)") >= 1);
}

/// The book's headings and figures in the order of its Markdown: `H` for a
/// heading (the contents' too), `F` for a diagram.
fn source_order(book: &Book) -> String {
    use chess_kit_docs::book::Block;
    fn walk(blocks: &[Block], out: &mut String) {
        for b in blocks {
            match b {
                Block::Heading { .. } | Block::TableOfContents { .. } => out.push('H'),
                Block::Diagram { .. } => out.push('F'),
                Block::List { items, .. } => items.iter().for_each(|i| walk(i, out)),
                Block::BlockQuote { blocks, .. } => walk(blocks, out),
                _ => {}
            }
        }
    }
    let mut out = String::new();
    // A first `#` heading that repeats the title is the title page's.
    let blocks = match (book.blocks.first(), book.front_matter.title()) {
        (
            Some(Block::Heading {
                level: 1, content, ..
            }),
            Some(title),
        ) if same_title(&chess_kit_docs::book::plain_text(content), title) => &book.blocks[1..],
        _ => &book.blocks[..],
    };
    walk(blocks, &mut out);
    out
}

/// The tag tree's headings and figures as poppler reads them, in the same
/// letters, without the title page's title (the front matter's, or the
/// file's name) and the licence's heading.
fn tagged_order(pdf: &[u8], name: &str) -> String {
    let order: String = struct_text(pdf, name)
        .lines()
        .map(str::trim_start)
        .filter_map(|l| {
            let tag = l.split([' ', ':']).next()?;
            match tag.as_bytes() {
                [b'H', d] if d.is_ascii_digit() => Some('H'),
                b"Figure" => Some('F'),
                _ => None,
            }
        })
        .collect();
    order[1..order.len() - 1].to_string()
}

/// Issue 41: a figure is read where the author put it. A figure floated
/// past a heading put its description in the wrong section for a screen
/// reader, as it put the board in the wrong section for the eye. In every
/// format of the bundled books and the seeds, the tag tree's headings and
/// figures come in the Markdown's order.
#[test]
fn figures_are_read_between_the_headings_they_stand_between() {
    if !support::have("pdfinfo", "reading the PDF's tag tree") {
        return;
    }
    for name in BOOKS_AND_SEEDS {
        let book = load(name);
        let source = source_order(&book);
        assert!(source.contains('H'), "{name}");
        for format in PageFormat::ALL {
            let tagged = tagged_order(&pdf(&book, format), &book.name);
            if tagged != source {
                // Where they part: the headings before it in the source.
                let at = source
                    .chars()
                    .zip(tagged.chars())
                    .position(|(a, b)| a != b)
                    .unwrap_or(source.len().min(tagged.len()));
                let heading = source[..at].matches('H').count();
                let section = book
                    .blocks
                    .iter()
                    .filter_map(|b| match b {
                        chess_kit_docs::book::Block::Heading { slug, .. } => Some(slug.as_str()),
                        _ => None,
                    })
                    .nth(heading.saturating_sub(1))
                    .unwrap_or("the start");
                panic!(
                    "{name} {format}: the tag tree's order parts from the source's after heading {heading} ({section})\nsource: {source}\ntagged: {tagged}"
                );
            }
        }
    }
}
