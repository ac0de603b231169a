//! Board diagrams: squares, labels, pieces, rings, arrows, rectangles,
//! text, cards and the checkers panel, in that order (later on top).

use std::fmt::Write as _;

use super::doc::{Anchor, Doc, Font};
use super::{cards, esc, grid, num, u};
use crate::diagram::{Arrow, ArrowColour, BoardDiagram, Diagram, DiagramKind, Square};
use crate::style::Style;

/// The one drawing of a diagram: a self-contained SVG document.
pub fn diagram_svg(diagram: &Diagram, style: &Style) -> String {
    match &diagram.kind {
        DiagramKind::Board(board) => board_svg(board, style),
        DiagramKind::Grid(g) => grid::grid_svg(g, style),
    }
}

/// The view box of a board diagram in squares: exactly the margins.
/// Returns (x, y, width, height).
pub(crate) fn board_view_box(board: &BoardDiagram) -> (f64, f64, f64, f64) {
    let m = board.margins;
    // The parser rejects margins that leave nothing; keep a sliver anyway
    // so the document stays valid for any input.
    let width = (8.0 + m.left + m.right).max(0.01);
    let height = (8.0 + m.top + m.bottom).max(0.01);
    (-m.left, -m.top, width, height)
}

fn board_svg(board: &BoardDiagram, style: &Style) -> String {
    let mut doc = Doc::new();
    squares(&mut doc, style);
    labels(&mut doc, style);
    for (sq, piece) in board.board.pieces() {
        let (x, y) = square_corner(sq);
        doc.piece(piece, x, y, 1.0);
    }
    // Rings first, so arrows that start in a ringed square stay on top.
    for arrow in board.arrows.iter().filter(|a| a.is_ring()) {
        ring(&mut doc, arrow, style);
    }
    for arrow in board.arrows.iter().filter(|a| !a.is_ring()) {
        arrow_shape(&mut doc, arrow, style);
    }
    for rect in &board.rects {
        let r = &style.rect;
        let x = f64::from(rect.files.0) - 1.0 + r.inset;
        let y = 8.0 - f64::from(rect.ranks.1) + r.inset;
        let w = f64::from(rect.files.1) - f64::from(rect.files.0) + 1.0 - 2.0 * r.inset;
        let h = f64::from(rect.ranks.1) - f64::from(rect.ranks.0) + 1.0 - 2.0 * r.inset;
        doc.raw(&format!(
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{}\" stroke-dasharray=\"{} {}\"/>",
            u(x),
            u(y),
            u(w.max(0.0)),
            u(h.max(0.0)),
            esc(&r.colour),
            u(r.width),
            u(r.dash),
            u(r.gap),
        ));
    }
    for label in &board.corner_texts {
        let c = &style.corner_text;
        let font = Font {
            family: &c.font,
            weight: c.weight,
            size: c.size,
            fill: &c.colour,
        };
        let x = label.x - 1.0 + c.inset;
        // Cap height is about 0.72 em in Raleway.
        let y = 8.0 - label.y + c.inset + c.size * 0.72;
        let halo = format!(
            " stroke=\"{}\" stroke-width=\"{}\" stroke-linejoin=\"round\"",
            esc(&c.halo),
            u(2.0 * c.halo_width)
        );
        doc.text_with(x, y, Anchor::Start, &font, &label.text, &halo);
        doc.text(x, y, Anchor::Start, &font, &label.text);
    }
    for label in &board.texts {
        let t = &style.text;
        let font = Font {
            family: &t.font,
            weight: t.weight,
            size: t.size,
            fill: &t.colour,
        };
        // (1, 1) is the centre of a1; the baseline sits so the text is centred.
        doc.text(
            label.x - 0.5,
            8.5 - label.y + t.size * 0.35,
            Anchor::Middle,
            &font,
            &label.text,
        );
    }
    if let Some(checkers) = &board.checkers {
        cards::checkers_panel(&mut doc, checkers, style);
    }
    for card in &board.cards {
        cards::place_card(&mut doc, &card.symbol, card.x, card.y, style);
    }
    let (x, y, w, h) = board_view_box(board);
    doc.finish(x, y, w, h)
}

/// The top-left corner of a square in squares (ranks 0 and 9 lie just
/// below and above the board).
fn square_corner(sq: Square) -> (f64, f64) {
    (f64::from(sq.file), 8.0 - f64::from(sq.rank))
}

fn square_centre(sq: Square) -> (f64, f64) {
    let (x, y) = square_corner(sq);
    (x + 0.5, y + 0.5)
}

/// a1 is dark: file + rank (a = 0, rank 1-based) is odd on dark squares.
fn is_dark(file: u8, rank: u8) -> bool {
    (file + rank) % 2 == 1
}

fn squares(doc: &mut Doc, style: &Style) {
    let b = &style.board;
    doc.raw(&format!(
        "<rect x=\"0\" y=\"0\" width=\"{s}\" height=\"{s}\" fill=\"{}\"/>",
        esc(&b.light),
        s = u(8.0)
    ));
    // All dark squares as one path: one element to draw instead of 32.
    let mut d = String::new();
    for rank in 1..=8u8 {
        for file in 0..8u8 {
            if is_dark(file, rank) {
                let (x, y) = square_corner(Square::new(file, rank));
                let _ = write!(d, "M{} {}h{s}v{s}h-{s}z", u(x), u(y), s = u(1.0));
            }
        }
    }
    doc.raw(&format!("<path d=\"{d}\" fill=\"{}\"/>", esc(&b.dark)));
    if b.border_width > 0.0 {
        let half = b.border_width / 2.0;
        doc.raw(&format!(
            "<rect x=\"{o}\" y=\"{o}\" width=\"{s}\" height=\"{s}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{}\"/>",
            esc(&b.border),
            u(b.border_width),
            o = u(half),
            s = u(8.0 - b.border_width),
        ));
    }
}

/// Rank digits in the top-left of the a-file squares, file letters in the
/// bottom-right of the rank-1 squares, inside the board so the margins stay
/// exactly as given.
fn labels(doc: &mut Doc, style: &Style) {
    let b = &style.board;
    let colour = |dark: bool| {
        if dark {
            b.label_on_dark.as_str()
        } else {
            b.label_on_light.as_str()
        }
    };
    for rank in 1..=8u8 {
        let font = Font {
            family: &b.label_font,
            weight: b.label_weight,
            size: b.label_size,
            fill: colour(is_dark(0, rank)),
        };
        let y = 8.0 - f64::from(rank) + b.label_inset + b.label_size * 0.72;
        doc.text(b.label_inset, y, Anchor::Start, &font, &rank.to_string());
    }
    for file in 0..8u8 {
        let font = Font {
            family: &b.label_font,
            weight: b.label_weight,
            size: b.label_size,
            fill: colour(is_dark(file, 1)),
        };
        // Leave room for the descender of g.
        let y = 8.0 - b.label_inset - b.label_size * 0.22;
        let letter = ((b'a' + file) as char).to_string();
        doc.text(
            f64::from(file) + 1.0 - b.label_inset,
            y,
            Anchor::End,
            &font,
            &letter,
        );
    }
}

fn arrow_colours(colour: ArrowColour, style: &Style) -> (&str, &str) {
    let a = &style.arrow;
    match colour {
        ArrowColour::White => (&a.white, &a.white_outline),
        ArrowColour::Black => (&a.black, &a.black_outline),
        ArrowColour::Grey => (&a.grey, &a.grey_outline),
    }
}

/// A ring around the piece on the square: an outlined circle, not a disc,
/// so the piece stays readable.
fn ring(doc: &mut Doc, arrow: &Arrow, style: &Style) {
    let a = &style.arrow;
    let (fill, outline) = arrow_colours(arrow.colour, style);
    let (cx, cy) = square_centre(arrow.from);
    for (colour, width) in [
        (outline, a.ring_width + 2.0 * a.outline_width),
        (fill, a.ring_width),
    ] {
        doc.raw(&format!(
            "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{}\"/>",
            u(cx),
            u(cy),
            u(a.ring_radius),
            esc(colour),
            u(width)
        ));
    }
}

/// The outline of an arrow from the centre of the tail square to just short
/// of the centre of the head square, as a path in squares.
pub(crate) fn arrow_path(from: (f64, f64), to: (f64, f64), style: &Style) -> Option<String> {
    let a = &style.arrow;
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    let dist = (dx * dx + dy * dy).sqrt();
    let length = dist - a.tip_inset;
    // NaN fails both comparisons, so it draws nothing.
    if !(length > 0.0 && dist > 0.0) {
        return None;
    }
    let (ux, uy) = (dx / dist, dy / dist);
    let (nx, ny) = (-uy, ux);
    // A short arrow keeps a shaft: its head shrinks to 60% of its length.
    let shrink = (length * 0.6 / a.head_length).min(1.0);
    let head_length = a.head_length * shrink;
    let head_half = a.head_width / 2.0 * shrink.max(0.5);
    let half = a.width / 2.0;
    let tip = (from.0 + ux * length, from.1 + uy * length);
    let base = (tip.0 - ux * head_length, tip.1 - uy * head_length);
    let points = [
        (from.0 + nx * half, from.1 + ny * half),
        (base.0 + nx * half, base.1 + ny * half),
        (base.0 + nx * head_half, base.1 + ny * head_half),
        tip,
        (base.0 - nx * head_half, base.1 - ny * head_half),
        (base.0 - nx * half, base.1 - ny * half),
        (from.0 - nx * half, from.1 - ny * half),
    ];
    let mut d = String::new();
    for (i, (x, y)) in points.iter().enumerate() {
        let _ = write!(d, "{}{} {}", if i == 0 { "M" } else { "L" }, u(*x), u(*y));
    }
    d.push('Z');
    Some(d)
}

fn arrow_shape(doc: &mut Doc, arrow: &Arrow, style: &Style) {
    let a = &style.arrow;
    let (fill, outline) = arrow_colours(arrow.colour, style);
    let Some(d) = arrow_path(square_centre(arrow.from), square_centre(arrow.to), style) else {
        return;
    };
    // Translucent as a whole (one group), so the outline doesn't show
    // through the fill but the piece underneath does.
    let translucent = a.opacity < 1.0;
    if translucent {
        doc.raw(&format!("<g opacity=\"{}\">", num(a.opacity.max(0.0))));
    }
    // The outline is a wider stroke drawn under the fill, so it shows
    // only outside the arrow.
    doc.raw(&format!(
        "<path d=\"{d}\" fill=\"{o}\" stroke=\"{o}\" stroke-width=\"{}\" stroke-linejoin=\"round\"/>",
        u(2.0 * a.outline_width),
        o = esc(outline)
    ));
    doc.raw(&format!("<path d=\"{d}\" fill=\"{}\"/>", esc(fill)));
    if translucent {
        doc.raw("</g>");
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::diagnostic::Diagnostic;
    use crate::diagram::parse_diagram;
    use crate::source::{SourceFile, Span};

    const START: &str = "    r n b q k b n r\n    p p p p p p p p\n    . . . . . . . .\n    . . . . . . . .\n    . . . . . . . .\n    . . . . . . . .\n    P P P P P P P P\n    R N B Q K B N R\n";

    pub(crate) fn parse(text: &str) -> Diagram {
        let src = SourceFile::new("test.md", text);
        let mut diags: Vec<Diagnostic> = Vec::new();
        let d = parse_diagram(&src, Span::new(0, text.len()), &mut diags);
        assert!(diags.is_empty(), "{diags:?}");
        d.unwrap()
    }

    fn view_box(svg: &str) -> &str {
        let start = svg.find("viewBox=\"").unwrap() + 9;
        let end = start + svg[start..].find('"').unwrap();
        &svg[start..end]
    }

    #[test]
    fn view_box_is_exactly_the_margins() {
        let style = Style::default();
        let plain = diagram_svg(&parse(START), &style);
        assert_eq!(view_box(&plain), "0 0 360 360");
        assert!(
            plain.starts_with(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"360\" height=\"360\""
            )
        );
        let text = format!("{START}    margins: 0, 1, 4.5, 1\n");
        assert_eq!(
            view_box(&diagram_svg(&parse(&text), &style)),
            "0 -45 562.5 450"
        );
        let text = format!("{START}    margins: 3, 0\n");
        assert_eq!(
            view_box(&diagram_svg(&parse(&text), &style)),
            "-135 0 630 360"
        );
        // -9 on the left hides the board and leaves the cards beside it.
        let text = format!("{START}    margins: -9, 0.25, 4, 0\n");
        let (x, y, w, h) = board_view_box(parse(&text).as_board().unwrap());
        assert_eq!((x, y, w, h), (9.0, -0.25, 3.0, 8.25));
    }

    #[test]
    fn ring_is_a_circle_and_arrow_a_path() {
        let style = Style::default();
        let ring = diagram_svg(
            &parse(&format!("{START}    arrow: e2, e2, white\n")),
            &style,
        );
        let arrow = diagram_svg(
            &parse(&format!("{START}    arrow: e2, e4, white\n")),
            &style,
        );
        let plain = diagram_svg(&parse(START), &style);
        // Pieces hold circles of their own: count what is added.
        let circles = plain.matches("<circle").count();
        assert_eq!(ring.matches("<circle").count(), circles + 2);
        assert!(ring.contains("<circle cx=\"202.5\" cy=\"292.5\" r=\"19.35\" fill=\"none\""));
        assert_eq!(arrow.matches("<circle").count(), circles);
        assert_eq!(
            arrow.matches("<path").count(),
            plain.matches("<path").count() + 2
        );
        // The arrow starts at e2's centre.
        assert!(arrow.contains("<path d=\"M205.875 292.5L"));
    }

    #[test]
    fn arrow_in_the_margin_row() {
        let style = Style::default();
        let text = format!("{START}    margins: 0, 0, 0, 1\n    arrow: e0, c0, grey\n");
        let svg = diagram_svg(&parse(&text), &style);
        // Rank 0 is the row below the board: centre y = 8.5 squares.
        assert!(svg.contains("<path d=\"M202.5 379.125L"), "{svg}");
    }

    #[test]
    fn same_diagram_same_bytes() {
        let style = Style::default();
        let text = format!(
            "{START}    margins: 0, 1, 4.5, 1\n    checkers: 4, 5\n    arrow: e2, e4, white\n    arrow: d7, d7, black\n    card: r, 8.5, -1\n    card: back, 9, -1\n    card: P, 10.5, 2.5\n    text: a & b <c>, 10, 1\n    corner text: 3, 3, 1\n    rect: 1, 1, 4, 8\n"
        );
        let d = parse(&text);
        let a = diagram_svg(&d, &style);
        let b = diagram_svg(&d.clone(), &style);
        assert_eq!(a, b);
        assert!(a.contains("a &amp; b &lt;c&gt;"));
        assert!(!a.contains("NaN") && !a.contains("inf"));
    }

    #[test]
    fn absurd_styles_and_empty_grids_do_not_panic() {
        use crate::diagram::{CardsGrid, CloakGrid, Grid, MasqueradeGrid};
        let style = Style::from_toml(
            "[card]\nwidth = nan\nback_lattice_step = 1e-9\n[arrow]\nwidth = inf\nhead_length = -1\n[checker]\ncard_radius = 0\n[png]\npixels_per_square = 5\n",
        )
        .unwrap();
        let text = format!(
            "{START}    margins: 0, 1, 4.5, 1\n    checkers: 4, 5\n    arrow: e2, e4, white\n    arrow: d7, d7, black\n    card: back, 9, -1\n    card: c, 10.5, 2.5\n"
        );
        let svg = diagram_svg(&parse(&text), &style);
        assert!(!svg.contains("NaN") && !svg.contains("inf"));
        let _ = crate::render::svg_to_png(&svg, &style);
        for grid in [
            Grid::Cards(CardsGrid { rows: Vec::new() }),
            Grid::Cloak(CloakGrid {
                columns: Vec::new(),
                rows: Vec::new(),
            }),
            Grid::Masquerade(MasqueradeGrid {
                columns: Vec::new(),
                rows: Vec::new(),
            }),
        ] {
            let diagram = Diagram {
                kind: DiagramKind::Grid(grid),
                span: Span::default(),
            };
            let svg = diagram_svg(&diagram, &Style::default());
            assert!(crate::render::svg_to_png(&svg, &Style::default()).is_ok());
        }
    }

    #[test]
    fn no_arrow_for_a_zero_length() {
        assert!(arrow_path((1.0, 1.0), (1.0, 1.0), &Style::default()).is_none());
        assert!(arrow_path((1.0, 1.0), (1.05, 1.0), &Style::default()).is_none());
        assert!(arrow_path((0.5, 0.5), (1.5, 0.5), &Style::default()).is_some());
    }
}
