//! The PDF book of the bundled rulebooks, in every format.

#[allow(dead_code)]
mod support;
use std::path::Path;

use chess_kit_docs::book::Book;
use chess_kit_docs::contents::table_of_contents;
use chess_kit_docs::pdf::impose::impose;
use chess_kit_docs::pdf::layout::{
    Draw, FULL_ENOUGH, Figure, Laid, WELL_FILLED, layout, parse_svg, plan, text_sizes,
};
use chess_kit_docs::pdf::style::PageStyle;
use chess_kit_docs::pdf::text::Fonts;
use chess_kit_docs::pdf::{BookStyle, PageFormat, PdfOptions, book_pdf};
use chess_kit_docs::style::Style;

#[path = "support/books.rs"]
mod books;
use books::{BOOKS, BOOKS_AND_SEEDS as EVEN_BOOKS};

fn build(name: &str, format: PageFormat) -> Vec<u8> {
    let pdf = books::pdf(&books::load(name), format);
    // `PDF_OUT=dir cargo test --test pdf` keeps the files to look at.
    if let Some(dir) = std::env::var_os("PDF_OUT") {
        let stem = name.trim_end_matches(".md");
        std::fs::write(Path::new(&dir).join(format!("{stem}-{format}.pdf")), &pdf).unwrap();
    }
    pdf
}

/// The number of page objects.
fn page_count(pdf: &[u8]) -> usize {
    let text = String::from_utf8_lossy(pdf);
    text.matches("/Type /Page\n").count()
        + text.matches("/Type /Page/").count()
        + text.matches("/Type /Page ").count()
        + text.matches("/Type/Page/").count()
        + text.matches("/Type/Page\n").count()
}

#[test]
fn every_book_in_every_format() {
    for name in BOOKS {
        for format in PageFormat::ALL {
            let a = build(name, format);
            assert!(a.starts_with(b"%PDF-"), "{name} {format}");
            let b = build(name, format);
            assert!(a == b, "{name} {format}: two builds differ");
            let text = String::from_utf8_lossy(&a);
            assert!(text.contains("/Outlines"), "{name} {format}: no outline");
            assert!(
                text.contains("/PageLabels"),
                "{name} {format}: no page labels"
            );
            assert!(
                text.contains("/Dests") || text.contains("/Names"),
                "{name} {format}: no named destinations"
            );
            let pages = page_count(&a);
            let (lo, hi) = match (name, format) {
                ("rules/rules.md", PageFormat::Letter | PageFormat::A4) => (30, 80),
                ("rules/rules.md", PageFormat::Booklet) => (60, 200),
                ("rules/rules.md", PageFormat::Zine) => (16, 80),
                (_, PageFormat::Zine) => (4, 40),
                _ => (8, 120),
            };
            assert!((lo..=hi).contains(&pages), "{name} {format}: {pages} pages");
        }
    }
}

/// A page of the book as printed: where it lies on its PDF page (zine pages
/// sit four to a sheet side) and its text block.
struct PrintedPage {
    side: usize,
    x: f32,
    y: f32,
}

/// Runs a poppler tool; the page-fill measure needs poppler-utils
/// (`.ci/run` installs it).
fn poppler(tool: &str, args: &[&str]) {
    let status = std::process::Command::new(tool)
        .args(args)
        .status()
        .unwrap_or_else(|e| panic!("cannot run `{tool}` ({e}): install poppler-utils"));
    assert!(status.success(), "{tool} {args:?} failed");
}

/// A grey-scale PGM (P5, 8 bit) as (width, height, pixels).
fn read_pgm(path: &Path) -> (usize, usize, Vec<u8>) {
    let data = std::fs::read(path).unwrap();
    let mut fields = Vec::new();
    let mut at = 0;
    while fields.len() < 4 {
        while data[at].is_ascii_whitespace() {
            at += 1;
        }
        let start = at;
        while !data[at].is_ascii_whitespace() {
            at += 1;
        }
        fields.push(String::from_utf8_lossy(&data[start..at]).to_string());
    }
    assert_eq!(fields[0], "P5", "{}", path.display());
    let (w, h): (usize, usize) = (fields[1].parse().unwrap(), fields[2].parse().unwrap());
    let pixels = data[at + 1..].to_vec();
    assert_eq!(pixels.len(), w * h);
    (w, h, pixels)
}

/// Each word's page (1-based PDF page) and box, from `pdftotext -bbox`.
fn words(html: &str) -> Vec<(usize, [f32; 4])> {
    let mut out = Vec::new();
    let mut page = 0;
    for line in html.lines() {
        let line = line.trim();
        if line.starts_with("<page ") {
            page += 1;
        } else if line.starts_with("<word ") {
            let attr = |name: &str| -> f32 {
                let key = format!("{name}=\"");
                let start = line.find(&key).unwrap() + key.len();
                let end = start + line[start..].find('"').unwrap();
                line[start..end].parse().unwrap()
            };
            out.push((
                page,
                [attr("xMin"), attr("yMin"), attr("xMax"), attr("yMax")],
            ));
        }
    }
    out
}

/// A pixel darker than this (of 255) is a visible mark: text, and also the
/// light parts of a picture (a card's thin outline, light squares), which
/// end a page to the eye as much as text does.
const VISIBLE: u8 = 230;

/// A page measured by `page_fill`.
struct Fill {
    /// The page's index in the book.
    page: usize,
    /// How far down its text block the ink reaches, 0 to 1.
    fill: f32,
    /// The next page opens a section (its first line is set at a `#` or
    /// `##` heading's size).
    opens: bool,
    /// The next page opens with a figure, and the lines it is kept with,
    /// that could not fit in what this page leaves even shrunk as far as
    /// it may (the card table's parts, kept together, for one): as the
    /// layout's plan says ([`Plan::figure_next`]), not as the pixels look.
    figures_after: bool,
    /// How far the page's most stretched gap grew, in lines of body text.
    stretch: f32,
    /// A line of body text, as a share of the text block.
    line: f32,
}

/// For every printed page but the title and the last: how far down its
/// text block the ink reaches, and what the next page holds.
fn page_fill(name: &str, format: PageFormat) -> Vec<Fill> {
    // Removed when the test ends, passed or failed.
    let scratch = tempfile::Builder::new()
        .prefix("ckd-page-fill-")
        .tempdir()
        .unwrap();
    let dir = scratch.path().to_path_buf();
    let pdf = dir.join("book.pdf");
    std::fs::write(&pdf, build(name, format)).unwrap();
    let bs = BookStyle::default();
    let ps = bs.page(format);
    // The logical pages and where each is printed.
    let mut diags = Vec::new();
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(name);
    let book = Book::load(&path, &mut diags).unwrap();
    let toc = table_of_contents(&book, &mut diags);
    let fonts = Fonts::new(&bs.text.body_family, &bs.text.heading_family).unwrap();
    let drawings = chess_kit_docs::render::DrawingStore::new(&Style::default());
    let (plan, second) = plan(&book, &toc, &drawings, &bs, ps, &fonts).unwrap();
    let mut laid_pages = Vec::new();
    second.pages(&plan, &mut |p| laid_pages.push(p));
    let count = laid_pages.len();
    let printed: Vec<PrintedPage> = if format == PageFormat::Zine {
        let (_, slots) = impose(count, ps.width, ps.height);
        let mut by_page: Vec<Option<PrintedPage>> = (0..count).map(|_| None).collect();
        for s in slots {
            by_page[s.page] = Some(PrintedPage {
                side: s.side,
                x: s.x,
                y: s.y,
            });
        }
        by_page.into_iter().map(Option::unwrap).collect()
    } else {
        (0..count)
            .map(|p| PrintedPage {
                side: p,
                x: 0.0,
                y: 0.0,
            })
            .collect()
    };
    // 36 dpi: half a point a pixel.
    let dpi = 36.0;
    let px = dpi / 72.0;
    let prefix = dir.join("p");
    poppler(
        "pdftoppm",
        &[
            "-gray",
            "-r",
            "36",
            pdf.to_str().unwrap(),
            prefix.to_str().unwrap(),
        ],
    );
    let mut images: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "pgm"))
        .collect();
    images.sort();
    let sides: Vec<_> = images.iter().map(|p| read_pgm(p)).collect();
    let html = dir.join("words.html");
    poppler(
        "pdftotext",
        &["-bbox", pdf.to_str().unwrap(), html.to_str().unwrap()],
    );
    let words = words(&std::fs::read_to_string(&html).unwrap());
    let body = ps.height - ps.margin_top - ps.margin_bottom;
    let (left, right) = (
        ps.margin_inner.min(ps.margin_outer),
        ps.width - ps.margin_inner.min(ps.margin_outer),
    );
    let ink_bottom = |page: &PrintedPage| -> f32 {
        let (w, h, pixels) = &sides[page.side];
        let x0 = ((page.x + left) * px) as usize;
        let x1 = (((page.x + right) * px) as usize).min(*w);
        let y0 = ((page.y + ps.margin_top) * px) as usize;
        let y1 = (((page.y + ps.height - ps.margin_bottom + 2.0) * px) as usize).min(*h);
        (y0..y1)
            .rev()
            .find(|&y| (x0..x1).any(|x| pixels[y * w + x] < VISIBLE))
            .map_or(0.0, |y| {
                ((y + 1) as f32 / px - page.y - ps.margin_top) / body
            })
    };
    let opens_section = |page: &PrintedPage| -> bool {
        let inside = |b: &[f32; 4]| {
            b[0] >= page.x
                && b[2] <= page.x + ps.width
                && b[1] >= page.y
                && b[3] <= page.y + ps.height
        };
        words
            .iter()
            .filter(|(p, b)| *p == page.side + 1 && inside(b))
            .min_by(|a, b| a.1[1].total_cmp(&b.1[1]))
            .is_some_and(|(_, b)| b[3] - b[1] >= 1.6 * ps.body_size)
    };
    let lead = ps.body_size * bs.text.leading;
    // The last page is the licence, which opens the back matter.
    let out = (1..count.saturating_sub(1))
        .map(|p| {
            let opens = p + 2 == count || opens_section(&printed[p + 1]);
            let fill = ink_bottom(&printed[p]);
            let figures_after = plan.figure_next[p];
            Fill {
                page: p,
                fill,
                opens,
                figures_after,
                stretch: plan.gap_growth[p] / lead,
                line: lead / body,
            }
        })
        .collect();
    let _ = std::fs::remove_dir_all(&dir);
    out
}

/// The goals (issue 24, item 3 and issue 41, item 2), in every format of
/// the books of [`EVEN_BOOKS`]:
///
/// - no page ends short of [`WELL_FILLED`] (88 %) of its text block, or a
///   line short of it at the most (a page "a line short", as typesetters
///   allow), unless the next page opens a section, or opens with a figure
///   that would not have fitted on it even shrunk as far as it may, with
///   the lines it is kept with;
/// - no two pages in a row end under [`FULL_ENOUGH`] (80 %), whatever
///   follows them, unless the second ends its section;
/// - no gap between paragraphs, around headings or figures grows by more
///   than a quarter of a line to fill a page.
#[test]
fn pages_have_no_holes() {
    if !support::have("pdftoppm", "the page-fill measure")
        || !support::have("pdftotext", "the page-fill measure")
    {
        return;
    }
    let mut report = Vec::new();
    let mut holes = Vec::new();
    let percent = |f: &Fill| format!("{}: {:.0} %", f.page, f.fill * 100.0);
    for name in EVEN_BOOKS {
        for format in PageFormat::ALL {
            let fills = page_fill(name, format);
            let short = |f: &&Fill| f.fill < WELL_FILLED;
            let section_ends = fills.iter().filter(short).filter(|f| f.opens).count();
            let before_figures: Vec<String> = fills
                .iter()
                .filter(short)
                .filter(|f| !f.opens && f.figures_after)
                .map(percent)
                .collect();
            let under: Vec<&Fill> = fills
                .iter()
                .filter(|f| f.fill < WELL_FILLED - f.line)
                .filter(|f| !f.opens && !f.figures_after)
                .collect();
            let line_short: Vec<String> = fills
                .iter()
                .filter(short)
                .filter(|f| f.fill >= WELL_FILLED - f.line && !f.opens && !f.figures_after)
                .map(percent)
                .collect();
            let holes_in_a_row: Vec<(&Fill, &Fill)> = fills
                .windows(2)
                .filter(|w| w[0].fill < FULL_ENOUGH && w[1].fill < FULL_ENOUGH)
                .filter(|w| !w[0].opens && !w[1].opens)
                .map(|w| (&w[0], &w[1]))
                .collect();
            let stretched: Vec<&Fill> = fills.iter().filter(|f| f.stretch > 0.25 + 1e-3).collect();
            let most = fills.iter().map(|f| f.stretch).fold(0.0, f32::max);
            let under_80 = fills
                .iter()
                .filter(|f| f.fill < FULL_ENOUGH && !f.opens)
                .count();
            report.push(format!(
                "{name} {format}: {} pages measured, {} gaps stretched past a quarter line (most {:.2} lines), {} under 88 % by more than a line {:?}, {} a line short {:?}, {} before figures that could not fit {:?} ({} of all pages under 80 %), {} short before a new section",
                fills.len(),
                stretched.len(),
                most,
                under.len(),
                under.iter().map(|f| percent(f)).collect::<Vec<_>>(),
                line_short.len(),
                line_short,
                before_figures.len(),
                before_figures,
                under_80,
                section_ends,
            ));
            for f in stretched {
                holes.push(format!(
                    "{name} {format}: page index {} has a gap grown by {:.2} lines",
                    f.page, f.stretch
                ));
            }
            for f in under {
                holes.push(format!(
                    "{name} {format}: page index {} ends at {:.0} % of its text block",
                    f.page,
                    f.fill * 100.0
                ));
            }
            for (a, b) in holes_in_a_row {
                holes.push(format!(
                    "{name} {format}: pages {} and {} both end under 80 %",
                    percent(a),
                    percent(b)
                ));
            }
        }
    }
    eprintln!("{}", report.join("\n"));
    assert!(
        holes.is_empty(),
        "{}\n{}",
        report.join("\n"),
        holes.join("\n")
    );
}

/// The card table is one table in parts (the black cards, the red cards):
/// in every format of the books that have one, its parts share a page, as
/// they fit one (in the letter book the red part stood alone on Appendix
/// A's last page, two thirds of it blank), unless keeping them together
/// would leave the page before half empty (as the letter book's Appendix A
/// then did): the black part then ends a full page.
#[test]
fn the_card_table_is_kept_on_one_page() {
    use chess_kit_docs::diagram::{DiagramKind, Grid};
    let bs = chess_kit_docs::pdf::BookStyle::default();
    let fonts = Fonts::new(&bs.text.body_family, &bs.text.heading_family).unwrap();
    for name in ["rules/rules.md", "tests/seeds/rules.md"] {
        let mut diags = Vec::new();
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(name);
        let book = Book::load(&path, &mut diags).unwrap();
        let toc = table_of_contents(&book, &mut diags);
        let parts: Vec<usize> = book
            .diagrams
            .iter()
            .enumerate()
            .filter(|(_, d)| {
                matches!(
                    d.diagram.as_ref().map(|d| &d.kind),
                    Some(DiagramKind::Grid(Grid::Cards(_)))
                )
            })
            .map(|(i, _)| i)
            .collect();
        assert_eq!(parts.len(), 2, "{name}: black and red");
        for format in PageFormat::ALL {
            let ps = bs.page(format);
            let laid = layout(&book, &toc, &Style::default(), &bs, ps, &fonts).unwrap();
            let page_of = |diagram: usize| {
                laid.pages
                    .iter()
                    .position(|p| {
                        p.draws.iter().any(|d| {
                            matches!(d, Draw::Svg { tree, .. }
                                if matches!(laid.trees[*tree], Figure::Diagram(i) if i == diagram))
                        })
                    })
                    .unwrap()
            };
            let pages: Vec<usize> = parts.iter().map(|&d| page_of(d)).collect();
            let text = |page: usize| -> String {
                laid.pages[page]
                    .draws
                    .iter()
                    .filter_map(|d| match d {
                        Draw::Text { text, .. } => Some(text.as_str()),
                        _ => None,
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
            };
            // How far down its text block a page's last drawing reaches
            // (not the folio, below it).
            let foot = ps.height - ps.margin_bottom + 1.0;
            let fill = |page: usize| -> f32 {
                let bottom = laid.pages[page]
                    .draws
                    .iter()
                    .map(|d| match d {
                        Draw::Svg { y, h, .. } => y + h,
                        Draw::Text { y, .. } => *y,
                        _ => 0.0,
                    })
                    .filter(|&bottom| bottom <= foot)
                    .fold(0.0, f32::max);
                (bottom - ps.margin_top) / (ps.height - ps.margin_top - ps.margin_bottom)
            };
            if pages[0] == pages[1] {
                // With the line that introduces each.
                let text = text(pages[0]);
                assert!(
                    text.contains("Black cards match black pieces:")
                        && text.contains("Red cards match white pieces:"),
                    "{name} {format}: {text}"
                );
                // And the page before, in their section, is no hole the
                // black part (and its line) could have filled.
                let body = ps.height - ps.margin_top - ps.margin_bottom;
                let black = laid.pages[pages[0]]
                    .draws
                    .iter()
                    .find_map(|d| match d {
                        Draw::Svg { tree, h, .. }
                            if matches!(laid.trees[*tree], Figure::Diagram(i) if i == parts[0]) =>
                        {
                            Some(*h)
                        }
                        _ => None,
                    })
                    .unwrap();
                let room = (1.0 - fill(pages[0] - 1)) * body;
                if !text.starts_with("Appendix A") && black + ps.body_size < room {
                    assert!(
                        fill(pages[0] - 1) >= FULL_ENOUGH,
                        "{name} {format}: the page before the card table is {:.0} % full",
                        fill(pages[0] - 1) * 100.0
                    );
                }
            } else {
                // Only where keeping them together would leave a hole: the
                // first part fills its page, the second opens the next,
                // each with its line.
                assert_eq!(pages[1], pages[0] + 1, "{name} {format}");
                assert!(
                    fill(pages[0]) >= FULL_ENOUGH,
                    "{name} {format}: the black part's page is {:.0} % full",
                    fill(pages[0]) * 100.0
                );
                assert!(
                    text(pages[0]).contains("Black cards match black pieces:")
                        && text(pages[1]).starts_with("Red cards match white pieces:"),
                    "{name} {format}"
                );
            }
        }
    }
}

/// In the letter book, every diagram's text as printed is at least 7 pt
/// (the card tables' too), and the board coordinates at least 6 pt; in the
/// other formats, at least the format's `diagram_text` (a point less for
/// coordinates), whether a diagram is set at the format's square or shrunk.
#[test]
fn diagram_text_is_readable_in_every_format() {
    let bs = BookStyle::default();
    let style = Style::default();
    let fonts = Fonts::new(&bs.text.body_family, &bs.text.heading_family).unwrap();
    let ems: Vec<u16> = chess_kit_docs::assets::FONTS
        .iter()
        .map(|f| {
            rustybuzz::Face::from_slice(f.data, 0)
                .unwrap()
                .units_per_em() as u16
        })
        .collect();
    assert!(ems.iter().all(|&e| e == ems[0]), "{ems:?}");
    let units_per_em = f32::from(ems[0]);
    let unit = chess_kit_docs::render::UNIT as f32;
    // The coordinates' size, in a diagram's units.
    let label = style.board.label_size as f32 * unit;
    let mut measured = 0;
    let mut labels = 0;
    let mut small = Vec::new();
    for (name, format) in BOOKS.iter().flat_map(|&n| PageFormat::ALL.map(|f| (n, f))) {
        let ps = bs.page(format);
        let least_text = if format == PageFormat::Letter {
            7.0
        } else {
            ps.diagram_text
        };
        let mut diags = Vec::new();
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(name);
        let book = Book::load(&path, &mut diags).unwrap();
        let toc = table_of_contents(&book, &mut diags);
        let laid = layout(&book, &toc, &style, &bs, ps, &fonts).unwrap();
        for (pi, page) in laid.pages.iter().enumerate() {
            for d in &page.draws {
                let Draw::Svg { tree, w, .. } = d else {
                    continue;
                };
                // The layout keeps which diagram it is; its drawing is made again.
                let Figure::Diagram(index) = laid.trees[*tree] else {
                    continue;
                };
                let diagram = book.diagrams[index].diagram.as_ref().unwrap();
                let tree =
                    parse_svg(&chess_kit_docs::render::diagram_svg(diagram, &style)).unwrap();
                // Points per unit of the diagram as this page prints it.
                let scale = w / tree.size().width();
                let mut sizes = Vec::new();
                text_sizes(tree.root(), units_per_em, &mut sizes);
                for size in sizes {
                    measured += 1;
                    let is_label = (size - label).abs() < 0.01 * unit;
                    labels += usize::from(is_label);
                    let least = if is_label {
                        least_text - 1.0
                    } else {
                        least_text
                    };
                    if size * scale < least - 0.01 {
                        small.push(format!(
                            "{name} {format} page index {pi}: text of {:.2} squares printed at {:.2} pt",
                            size / unit,
                            size * scale
                        ));
                    }
                }
            }
        }
    }
    assert!(
        labels > 1000 && measured > labels + 100,
        "{labels} labels, {measured} texts"
    );
    small.sort();
    small.dedup();
    assert!(small.is_empty(), "{}", small.join("\n"));
}

/// The PDF of a book that shows one diagram `copies` times, a diagram a
/// page.
fn repeated_diagram_pdf(copies: usize) -> Vec<u8> {
    let diagram = [
        "r n b q k b n r",
        "p p p p p p p p",
        ". . . . . . . .",
        ". . . . . . . .",
        ". . . . . . . .",
        ". . . . . . . .",
        "P P P P P P P P",
        "R N B Q K B N R",
    ]
    .map(|row| format!("    {row}\n"))
    .concat();
    let mut text = String::from("# Repeats\n");
    for i in 0..copies {
        text.push_str(&format!("\n## Copy {i}\n\n{diagram}"));
    }
    let mut diags = Vec::new();
    let book = Book::parse(
        chess_kit_docs::source::SourceFile::new("repeats.md", text),
        &mut diags,
    );
    assert_eq!(book.diagrams.len(), copies);
    let toc = table_of_contents(&book, &mut diags);
    book_pdf(&book, &toc, &Style::default(), &PdfOptions::default())
        .unwrap_or_else(|d| panic!("{}", d.iter().map(|d| d.render()).collect::<String>()))
}

#[test]
fn a_shape_drawn_again_is_written_once() {
    // 32 pieces and 32 coordinate letters a diagram: drawn out each time,
    // every copy costs about what the first one does.
    let one = repeated_diagram_pdf(1).len();
    let eleven = repeated_diagram_pdf(11).len();
    let first = one - repeated_diagram_pdf(0).len();
    let each_more = (eleven - one) / 10;
    assert!(
        each_more * 4 < first,
        "the first diagram costs {first} bytes, each copy {each_more}"
    );
}

/// krilla is patched (vendor/krilla) to hand a PDF over a megabyte at a
/// time: the pieces must make the same file, document ID included, as the
/// PDF returned whole, with and without `pretty` (which adds a line per
/// object, so it changes the lengths the ID is hashed with). The crate as
/// packaged for crates.io has no vendor/ and builds with krilla as
/// published, which hands the PDF over whole (src/pdf/write.rs, `FinishTo`):
/// there the test says so and checks only that the bytes are the same.
#[test]
fn a_pdf_handed_over_in_pieces_is_the_pdf_returned_whole() {
    use krilla::geom::{PathBuilder, Rect};
    use krilla::metadata::Metadata;
    use krilla::page::PageSettings;
    use krilla::{Document, SerializeSettings};

    // As src/pdf/write.rs does: the patched krilla's own method is chosen
    // before the trait's.
    #[allow(unused_imports)]
    use chess_kit_docs::pdf::write::FinishTo;
    let patched = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("vendor/krilla")
        .exists();

    fn document(pretty: bool) -> Document {
        let mut doc = Document::new_with(SerializeSettings {
            pretty,
            compress_content_streams: false,
            ..SerializeSettings::default()
        });
        doc.set_metadata(Metadata::new().title("pieces".to_string()));
        for p in 0..60u16 {
            let mut page = doc.start_page_with(PageSettings::from_wh(200.0, 200.0).unwrap());
            let mut surface = page.surface();
            for i in 0..600u16 {
                let mut pb = PathBuilder::new();
                let (x, y) = (f32::from((i * 7 + p) % 190), f32::from((i * 13) % 190));
                pb.push_rect(Rect::from_xywh(x, y, 3.0, 3.0).unwrap());
                surface.draw_path(&pb.finish().unwrap());
            }
            surface.finish();
            page.finish();
        }
        doc
    }
    for pretty in [false, true] {
        let whole = document(pretty).finish().unwrap();
        let mut pieces: Vec<usize> = Vec::new();
        let mut joined = Vec::new();
        document(pretty)
            .finish_to(&mut |bytes| {
                pieces.push(bytes.len());
                joined.extend_from_slice(bytes);
            })
            .unwrap();
        assert!(whole.len() > 2 << 20, "{} bytes", whole.len());
        if patched {
            assert!(
                pieces.len() > 2,
                "the test PDF is too small to be handed over in pieces: {pieces:?}"
            );
        } else if !pretty {
            support::say_skipped(&format!(
                "the pieces: no vendor/krilla here (a packaged crate), so krilla \
                 as published hands the PDF over whole ({} piece)",
                pieces.len()
            ));
        }
        assert!(
            joined == whole,
            "pretty {pretty}: the pieces differ from the whole PDF"
        );
    }
}

/// Each book of [`EVEN_BOOKS`] laid out in each format, given to `each`
/// with its name, format and page style.
fn each_layout(mut each: impl FnMut(&str, PageFormat, &PageStyle, &Laid)) {
    let bs = BookStyle::default();
    let fonts = Fonts::new(&bs.text.body_family, &bs.text.heading_family).unwrap();
    for name in EVEN_BOOKS {
        let book = books::load(name);
        let toc = table_of_contents(&book, &mut Vec::new());
        for format in PageFormat::ALL {
            let ps = bs.page(format);
            let laid = layout(&book, &toc, &Style::default(), &bs, ps, &fonts).unwrap();
            each(name, format, ps, &laid);
        }
    }
}

/// Issue 41: no word is hyphenated across a page break ("re-" at the foot
/// of new_rules' sixth page, "minds" on the next, with a hole between). In
/// every format of the books of [`EVEN_BOOKS`], no page's last line of
/// text ends in a hyphen.
#[test]
fn no_word_is_hyphenated_across_a_page_break() {
    let mut hyphens = Vec::new();
    let mut lines_seen = 0;
    each_layout(|name, format, ps, laid| {
        let foot = ps.height - ps.margin_bottom;
        for (p, page) in laid.pages.iter().enumerate() {
            // The text drawn on the body's lowest baseline.
            let texts: Vec<(f32, f32, &str)> = page
                .draws
                .iter()
                .filter_map(|d| match d {
                    Draw::Text { x, y, text, .. } if *y <= foot => Some((*y, *x, text.as_str())),
                    _ => None,
                })
                .collect();
            let Some(last) = texts.iter().map(|t| t.0).reduce(f32::max) else {
                continue;
            };
            let mut line: Vec<&(f32, f32, &str)> =
                texts.iter().filter(|t| (t.0 - last).abs() < 0.01).collect();
            line.sort_by(|a, b| a.1.total_cmp(&b.1));
            let text: String = line.iter().map(|t| t.2).collect();
            lines_seen += 1;
            if text.trim_end().ends_with(['-', '\u{2010}']) {
                hyphens.push(format!("{name} {format} page index {p}: {text:?}"));
            }
        }
    });
    assert!(lines_seen > 500, "{lines_seen}");
    assert!(hyphens.is_empty(), "{}", hyphens.join("\n"));
}

/// Issue 41: a section that runs over a page does not end on a runt, a
/// last page of three lines or fewer and no figure (Adrenaline's "Winning"
/// heading and one line stood alone so on a letter page). In every format
/// of the books of [`EVEN_BOOKS`].
#[test]
fn no_section_ends_on_a_runt() {
    let mut runts = Vec::new();
    let mut section_ends = 0;
    each_layout(|name, format, ps, laid| {
        // The pages a part or a game opens on, and those a heading of
        // any level opens (no runt: a section's own start).
        let mut opens = vec![false; laid.pages.len() + 1];
        let mut headed = vec![false; laid.pages.len() + 1];
        opens[laid.pages.len()] = true;
        for e in &laid.outline {
            if let Some(&(page, y)) = laid.anchors.get(&e.slug) {
                opens[page] |= e.level <= 2;
                headed[page] |= y <= ps.margin_top + 3.0 * ps.body_size;
            }
        }
        let foot = ps.height - ps.margin_bottom;
        for (p, page) in laid.pages.iter().enumerate().skip(1) {
            if opens[p] || headed[p] || !opens[p + 1] {
                continue;
            }
            section_ends += 1;
            if page.draws.iter().any(|d| matches!(d, Draw::Svg { .. })) {
                continue;
            }
            let mut baselines: Vec<f32> = page
                .draws
                .iter()
                .filter_map(|d| match d {
                    Draw::Text { y, .. } if *y <= foot => Some(*y),
                    _ => None,
                })
                .collect();
            baselines.sort_by(f32::total_cmp);
            baselines.dedup_by(|a, b| (*a - *b).abs() < 0.5);
            if baselines.len() <= 3 {
                runts.push(format!(
                    "{name} {format} page index {p}: {} lines",
                    baselines.len()
                ));
            }
        }
    });
    assert!(section_ends > 100, "{section_ends}");
    assert!(runts.is_empty(), "{}", runts.join("\n"));
}
