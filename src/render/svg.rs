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

/// A rectangle in squares: left, top, right, bottom.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Bounds {
    pub left: f64,
    pub top: f64,
    pub right: f64,
    pub bottom: f64,
}

impl Bounds {
    pub(crate) fn new(left: f64, top: f64, right: f64, bottom: f64) -> Bounds {
        Bounds {
            left,
            top,
            right,
            bottom,
        }
    }

    /// Grows to hold `other` (one with NaN or infinities is ignored).
    pub(crate) fn grow(&mut self, other: Bounds) {
        if [other.left, other.top, other.right, other.bottom]
            .into_iter()
            .all(f64::is_finite)
        {
            self.left = self.left.min(other.left);
            self.top = self.top.min(other.top);
            self.right = self.right.max(other.right);
            self.bottom = self.bottom.max(other.bottom);
        }
    }

    fn contains(&self, (x, y): (f64, f64)) -> bool {
        x > self.left && x < self.right && y > self.top && y < self.bottom
    }
}

/// The picture the margins ask for, in squares: they count from the
/// frame's outer edge, so `-1.333` removes one rank or file plus the frame.
pub(crate) fn margin_box(board: &BoardDiagram, style: &Style) -> Bounds {
    let m = board.margins;
    let f = frame_width(style);
    let left = -f - thirds(m.left);
    let top = -f - thirds(m.top);
    // The parser rejects margins that leave nothing; keep a sliver anyway
    // so the document stays valid for any input.
    let right = (8.0 + f + thirds(m.right)).max(left + 0.01);
    let bottom = (8.0 + f + thirds(m.bottom)).max(top + 0.01);
    Bounds::new(left, top, right, bottom)
}

/// Authors write thirds of a square (the frame's width) as `1.333` or
/// `0.667`; those mean exact thirds, so a cut runs along a square's edge
/// and leaves no hairline of frame.
fn thirds(margin: f64) -> f64 {
    let third = (margin * 3.0).round() / 3.0;
    if (margin - third).abs() < 0.002 {
        third
    } else {
        margin
    }
}

fn frame_width(style: &Style) -> f64 {
    let f = style.board.frame_width;
    if f.is_finite() {
        f.clamp(0.0, 2.0)
    } else {
        0.0
    }
}

/// The view box of a board diagram in squares, (x, y, width, height): the
/// margins, grown to hold every label, card and ring that the lines place
/// outside them. A label is never cropped.
#[cfg(test)]
pub(crate) fn board_view_box(board: &BoardDiagram, style: &Style) -> (f64, f64, f64, f64) {
    let mut doc = Doc::new();
    let b = draw_board(&mut doc, board, style);
    (b.left, b.top, b.right - b.left, b.bottom - b.top)
}

fn board_svg(board: &BoardDiagram, style: &Style) -> String {
    let mut doc = Doc::new();
    let b = draw_board(&mut doc, board, style);
    doc.finish(b.left, b.top, b.right - b.left, b.bottom - b.top)
}

/// Draws the board and everything on it; returns the picture's bounds.
fn draw_board(doc: &mut Doc, board: &BoardDiagram, style: &Style) -> Bounds {
    let margins = margin_box(board, style);
    let mut bounds = margins;
    frame(doc, style);
    squares(doc, style);
    for (sq, piece) in board.board.pieces() {
        let (x, y) = square_corner(sq);
        doc.piece(piece, x, y, 1.0);
    }
    // Rings first, so arrows that start in a ringed square stay on top. A
    // ring or arrow in view (or in the margin rows, ranks 0 and 9) is drawn
    // whole; one on a part of the board that the margins cut away does not
    // bring that part back.
    let in_view = |sq: Square| margins.contains(square_centre(sq)) || !(1..=8).contains(&sq.rank);
    for arrow in board.arrows.iter().filter(|a| a.is_ring()) {
        let extent = ring(doc, arrow, style);
        if in_view(arrow.from) {
            bounds.grow(extent);
        }
    }
    let arrows: Vec<&Arrow> = board.arrows.iter().filter(|a| !a.is_ring()).collect();
    for (extent, arrow) in arrow_layers(doc, &arrows, style) {
        if in_view(arrow.from) || in_view(arrow.to) {
            bounds.grow(extent);
        }
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
        // Cap height is about 0.72 em in both fonts.
        let y = 8.0 - label.y + c.inset + c.size * 0.72;
        let halo = Some((c.halo.as_str(), 2.0 * c.halo_width));
        let (left, right) = doc.text_with(x, y, Anchor::Start, &font, &label.text, halo);
        let pad = c.halo_width;
        bounds.grow(Bounds::new(
            left - pad,
            y - c.size * 0.75 - pad,
            right + pad,
            y + c.size * 0.22 + pad,
        ));
    }
    for label in &board.texts {
        let t = &style.text;
        let font = Font {
            family: &t.font,
            weight: t.weight,
            size: t.size,
            fill: &t.colour,
        };
        // (1, 1) is the centre of a1; the baseline sits so that capitals
        // and figures are centred on (X, Y).
        let y = 8.5 - label.y + t.size * 0.35;
        let (left, right) = doc.text(label.x - 0.5, y, Anchor::Middle, &font, &label.text);
        // Room for accents above and descenders below.
        bounds.grow(Bounds::new(
            left - 0.05,
            y - t.size * 0.9,
            right + 0.05,
            y + t.size * 0.25,
        ));
    }
    if let Some(checkers) = &board.checkers {
        cards::checkers_panel(doc, checkers, style);
        let p = &style.checkers_panel;
        bounds.grow(Bounds::new(
            p.x,
            p.y,
            p.x + style.card.width,
            p.y + style.card_height(),
        ));
    }
    let placed: Vec<(f64, f64)> = board.cards.iter().map(|c| (c.x, c.y)).collect();
    for (i, card) in board.cards.iter().enumerate() {
        let later = &placed[i + 1..];
        let covered = cards::picture_covered(later, card.x, card.y, style)
            .then(|| cards::index_corners(later, card.x, card.y, &card.symbol, style));
        cards::place_card(doc, &card.symbol, card.x, card.y, covered.as_deref(), style);
        bounds.grow(Bounds::new(
            card.x,
            card.y,
            card.x + style.card.width,
            card.y + style.card_height(),
        ));
    }
    bounds
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
}

/// The dark frame around the squares, with the file letters below and
/// above and the rank numbers left and right, light on dark.
fn frame(doc: &mut Doc, style: &Style) {
    let b = &style.board;
    let f = frame_width(style);
    if f <= 0.0 {
        return;
    }
    doc.raw(&format!(
        "<rect x=\"{o}\" y=\"{o}\" width=\"{s}\" height=\"{s}\" fill=\"{}\"/>",
        esc(&b.frame),
        o = u(-f),
        s = u(8.0 + 2.0 * f),
    ));
    let font = Font {
        family: &b.label_font,
        weight: b.label_weight,
        size: b.label_size,
        fill: &b.label_colour,
    };
    // Baselines that centre lower-case letters (x-height about 0.52 em)
    // and figures (about 0.7 em) in the frame.
    let letter_drop = b.label_size * 0.26;
    let figure_drop = b.label_size * 0.35;
    for file in 0..8u8 {
        let letter = ((b'a' + file) as char).to_string();
        let x = f64::from(file) + 0.5;
        for centre in [-f / 2.0, 8.0 + f / 2.0] {
            doc.text(x, centre + letter_drop, Anchor::Middle, &font, &letter);
        }
    }
    for rank in 1..=8u8 {
        let y = 8.5 - f64::from(rank) + figure_drop;
        for centre in [-f / 2.0, 8.0 + f / 2.0] {
            doc.text(centre, y, Anchor::Middle, &font, &rank.to_string());
        }
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
/// so the piece stays readable. Returns its extent.
fn ring(doc: &mut Doc, arrow: &Arrow, style: &Style) -> Bounds {
    let a = &style.arrow;
    let (fill, outline) = arrow_colours(arrow.colour, style);
    let (cx, cy) = square_centre(arrow.from);
    let outer = a.ring_width + 2.0 * a.outline_width;
    for (colour, width) in [(outline, outer), (fill, a.ring_width)] {
        doc.raw(&format!(
            "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{}\"/>",
            u(cx),
            u(cy),
            u(a.ring_radius),
            esc(colour),
            u(width)
        ));
    }
    let r = a.ring_radius + outer / 2.0;
    Bounds::new(cx - r, cy - r, cx + r, cy + r)
}

/// The outline of an arrow from the centre of the tail square to just short
/// of the centre of the head square: path data and its corners, in squares.
pub(crate) fn arrow_outline(
    from: (f64, f64),
    to: (f64, f64),
    style: &Style,
) -> Option<(String, [(f64, f64); 7])> {
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
    Some((d, points))
}

/// The arrows, one translucent layer per colour: within a layer every
/// outline is drawn before every fill, so where two arrows of a colour
/// overlap they read as one shape, with no darker seam. Returns each
/// drawn arrow's extent.
fn arrow_layers<'a>(
    doc: &mut Doc,
    arrows: &[&'a Arrow],
    style: &Style,
) -> Vec<(Bounds, &'a Arrow)> {
    let a = &style.arrow;
    let mut extents = Vec::new();
    for colour in [ArrowColour::Grey, ArrowColour::Black, ArrowColour::White] {
        let shapes: Vec<(String, &Arrow)> = arrows
            .iter()
            .filter(|arrow| arrow.colour == colour)
            .filter_map(|arrow| {
                let (d, points) =
                    arrow_outline(square_centre(arrow.from), square_centre(arrow.to), style)?;
                let pad = a.outline_width;
                let mut extent = Bounds::new(f64::MAX, f64::MAX, f64::MIN, f64::MIN);
                for (x, y) in points {
                    extent.grow(Bounds::new(x - pad, y - pad, x + pad, y + pad));
                }
                extents.push((extent, *arrow));
                Some((d, *arrow))
            })
            .collect();
        if shapes.is_empty() {
            continue;
        }
        let (fill, outline) = arrow_colours(colour, style);
        let translucent = a.opacity < 1.0;
        if translucent {
            doc.raw(&format!("<g opacity=\"{}\">", num(a.opacity.max(0.0))));
        }
        // The outline is a wider stroke under the fill, so it shows only
        // outside the arrows.
        let all: String = shapes.iter().map(|(d, _)| d.as_str()).collect();
        doc.raw(&format!(
            "<path d=\"{all}\" fill=\"{o}\" stroke=\"{o}\" stroke-width=\"{}\" stroke-linejoin=\"round\"/>",
            u(2.0 * a.outline_width),
            o = esc(outline)
        ));
        doc.raw(&format!(
            "<path d=\"{all}\" fill=\"{}\" fill-rule=\"nonzero\"/>",
            esc(fill)
        ));
        if translucent {
            doc.raw("</g>");
        }
    }
    extents
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
    fn margins_count_from_the_frame() {
        let style = Style::default();
        let f = style.board.frame_width;
        let plain = diagram_svg(&parse(START), &style);
        assert_eq!(view_box(&plain), "-15 -15 390 390");
        assert!(
            plain.starts_with(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"390\" height=\"390\""
            )
        );
        let text = format!("{START}    margins: 0, 1, 4.5, 1\n");
        let (x, y, w, h) = board_view_box(parse(&text).as_board().unwrap(), &style);
        let near = |a: f64, b: f64| (a - b).abs() < 1e-9;
        assert!(near(x, -f) && near(y, -1.0 - f), "{x} {y}");
        assert!(
            near(w, 8.0 + 2.0 * f + 4.5) && near(h, 10.0 + 2.0 * f),
            "{w} {h}"
        );
        // -1.333 removes exactly one rank or file and the frame: a 6 x 6
        // board whose edges run along square edges, through no piece.
        let text = format!("{START}    margins: -1.333, -1.333\n");
        let (x, y, w, h) = board_view_box(parse(&text).as_board().unwrap(), &style);
        assert!((x - 1.0).abs() < 1e-9 && (y - 1.0).abs() < 1e-9, "{x} {y}");
        assert!((w - 6.0).abs() < 1e-9 && (h - 6.0).abs() < 1e-9, "{w} {h}");
        // -9 on the left hides the board and its frame and leaves the cards
        // beside it; the cards start left of the margin, so the picture grows.
        let text = format!("{START}    margins: -9, 0.25, 4, 0\n    card: r, 8.5, 0\n");
        let (x, y, w, h) = board_view_box(parse(&text).as_board().unwrap(), &style);
        assert_eq!((x, y), (8.5, -0.25 - f));
        assert!((x + w - (12.0 + f)).abs() < 1e-9 && (y + h - (8.0 + f)).abs() < 1e-9);
    }

    #[test]
    fn the_picture_grows_to_hold_labels() {
        let style = Style::default();
        let with = |lines: &str| {
            let text = format!("{START}    margins: 0, 0, 3, 0\n{lines}");
            board_view_box(parse(&text).as_board().unwrap(), &style)
        };
        let (x0, y0, w0, h0) = with("");
        // Centred half a square above the board's top edge: it pokes out
        // above the frame, so the picture grows upwards, and only upwards.
        let (x, y, w, h) = with("    text: new black, 10.25, 8.7\n");
        assert!(y < y0 && y < -0.2 - style.text.size * 0.5, "{y}");
        assert_eq!((x, x + w), (x0, x0 + w0));
        assert!((y + h - (y0 + h0)).abs() < 1e-9);
        // Near the bottom it fits in the frame's row: nothing changes.
        assert_eq!(with("    text: old white, 10.25, 0.5\n"), (x0, y0, w0, h0));
        // Left of the board.
        let (x, ..) = with("    text: Chess960, -1, 4.5\n");
        assert!(x < -1.5 - 0.3, "{x}");
        // A card past the bottom edge and a ring on rank 9.
        let (_, y, _, h) = with("    card: K, 7.5, 7\n    arrow: e9, e9, grey\n");
        assert!((y + h - (7.0 + style.card_height())).abs() < 1e-9);
        assert!(y < -1.0 + 0.5 - style.arrow.ring_radius);
        // A ring on a square the margins cut away does not grow the picture.
        let text = format!("{START}    margins: -1.333, -1.333\n    arrow: a1, a1, white\n");
        let (x, y, ..) = board_view_box(parse(&text).as_board().unwrap(), &style);
        assert!((x - 1.0).abs() < 1e-9 && (y - 1.0).abs() < 1e-9);
    }

    #[test]
    fn the_frame_holds_the_coordinates() {
        let style = Style::default();
        let svg = diagram_svg(&parse(START), &style);
        assert!(svg.contains(&format!("fill=\"{}\"/>", style.board.frame)));
        // 16 file letters and 16 rank numbers, each one glyph group.
        assert_eq!(
            svg.matches(&format!("fill=\"{}\" aria-label", style.board.label_colour))
                .count(),
            32
        );
        // At least 6 pt in the letter book, whose squares are 27 pt.
        assert!(style.board.label_size * 27.0 >= 6.0);
        assert!(style.grid.size * 27.0 >= 7.0 && style.grid.corner_size * 27.0 >= 7.0);
    }

    #[test]
    fn ring_is_a_circle_and_arrows_one_layer_per_colour() {
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
        // Two white arrows and a black one: two translucent layers, each an
        // outline path and a fill path holding all of its colour's arrows.
        let three = diagram_svg(
            &parse(&format!(
                "{START}    arrow: a2, a4, white\n    arrow: a4, a6, white\n    arrow: h7, h5, black\n"
            )),
            &style,
        );
        assert_eq!(three.matches("<g opacity=").count(), 2);
        assert_eq!(
            three.matches("<path").count(),
            plain.matches("<path").count() + 4
        );
        let white_fill = three
            .lines()
            .find(|l| {
                l.ends_with(&format!(
                    "fill=\"{}\" fill-rule=\"nonzero\"/>",
                    style.arrow.white
                ))
            })
            .unwrap();
        assert_eq!(white_fill.matches('M').count(), 2);
    }

    #[test]
    fn a_card_under_another_shows_only_its_index() {
        let style = Style::default();
        let fan = diagram_svg(
            &parse(&format!(
                "{START}    margins: 0, 0, 3, 0\n    card: N, 8.5, 5\n    card: R, 9, 5\n    card: B, 9.5, 0\n"
            )),
            &style,
        );
        // N is covered by R: only its index is drawn; R and B are whole.
        assert!(fan.contains("href=\"#ckd-card-wN-covered-tl\""));
        assert!(fan.contains("href=\"#ckd-card-wR\""));
        assert!(fan.contains("href=\"#ckd-card-wB\""));
        // The covered card holds one knight (the index's), the whole card three.
        let def = |id: &str| {
            let start = fan.find(&format!("<g id=\"{id}\">")).unwrap();
            let rest = &fan[start + 1..];
            let end = ["<g id=", "<path id=", "</defs>"]
                .iter()
                .filter_map(|m| rest.find(m))
                .min()
                .unwrap();
            let end = start + 1 + end;
            fan[start..end].to_string()
        };
        assert_eq!(def("ckd-card-wN-covered-tl").matches("#ckd-wN").count(), 1);
        assert_eq!(def("ckd-card-wR").matches("#ckd-wR").count(), 3);
    }

    #[test]
    fn labels_are_body_text_clear_of_the_cards_and_the_frame() {
        use resvg::usvg;
        let style = Style::default();
        // Regular weight, and no larger than the book's body text in any
        // page format at its full square size (a wide diagram only shrinks).
        assert_eq!(style.text.weight, 400);
        let book = crate::pdf::style::BookStyle::default();
        for page in [&book.letter, &book.a4, &book.booklet, &book.zine] {
            assert!(
                style.text.size * f64::from(page.square) <= f64::from(page.body_size),
                "{} squares of {} pt are larger than {} pt",
                style.text.size,
                page.square,
                page.body_size
            );
        }
        // Every label of the bundled books and the seeds, as drawn: its ink
        // keeps half a frame's width of paper from every card and from the
        // board's frame, and lies inside the picture.
        fn ink(group: &usvg::Group, b: &mut Bounds) {
            for node in group.children() {
                match node {
                    usvg::Node::Group(g) => ink(g, b),
                    _ => {
                        let r = node.abs_bounding_box();
                        let sq = |v: f32| f64::from(v) / crate::render::UNIT;
                        b.grow(Bounds::new(
                            sq(r.left()),
                            sq(r.top()),
                            sq(r.right()),
                            sq(r.bottom()),
                        ));
                    }
                }
            }
        }
        let f = style.board.frame_width;
        let clear = |a: Bounds, b: Bounds| {
            let gap = f / 2.0;
            a.right + gap <= b.left
                || b.right + gap <= a.left
                || a.bottom + gap <= b.top
                || b.bottom + gap <= a.top
        };
        let frame = Bounds::new(-f, -f, 8.0 + f, 8.0 + f);
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut labels = 0;
        for path in [
            "rules/rules.md",
            "rules/new_rules.md",
            "rules/karl.md",
            "tests/seeds/rules.md",
            "tests/seeds/new_rules.md",
            "tests/seeds/crowded_rules.md",
            "tests/seeds/published_rules.md",
        ] {
            let mut diags = Vec::new();
            let book = crate::book::Book::load(&root.join(path), &mut diags).unwrap();
            for diagram in book.diagrams.iter().filter_map(|d| d.diagram.as_ref()) {
                let Some(board) = diagram.as_board() else {
                    continue;
                };
                if board.texts.is_empty() {
                    continue;
                }
                let svg = diagram_svg(diagram, &style);
                let (x, y, w, h) = board_view_box(board, &style);
                let picture = Bounds::new(x, y, x + w, y + h);
                let head = svg.lines().next().unwrap();
                let defs = &svg[svg.find("<defs>").unwrap()..svg.find("</defs>").unwrap() + 7];
                for label in &board.texts {
                    let marker = format!("aria-label=\"{}\"", esc(&label.text));
                    let line = svg.lines().find(|l| l.contains(&marker)).unwrap();
                    // The label alone, in the diagram's own document.
                    let alone = format!("{head}\n{defs}\n{line}\n</svg>\n");
                    let tree = crate::render::png::parse(&alone).unwrap();
                    let mut b = Bounds::new(f64::MAX, f64::MAX, f64::MIN, f64::MIN);
                    ink(tree.root(), &mut b);
                    // The document's origin is the picture's top-left corner.
                    let b = Bounds::new(b.left + x, b.top + y, b.right + x, b.bottom + y);
                    let place = format!("{path}: `{}` at {b:?}", label.text);
                    assert!(clear(b, frame), "{place} touches the frame");
                    for card in &board.cards {
                        let c = Bounds::new(
                            card.x,
                            card.y,
                            card.x + style.card.width,
                            card.y + style.card_height(),
                        );
                        assert!(clear(b, c), "{place} touches the card at {c:?}");
                    }
                    assert!(
                        b.left >= picture.left
                            && b.top >= picture.top
                            && b.right <= picture.right
                            && b.bottom <= picture.bottom,
                        "{place} is cut by the picture's edge {picture:?}"
                    );
                    labels += 1;
                }
            }
        }
        assert!(labels > 40, "{labels}");
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
        assert!(arrow_outline((1.0, 1.0), (1.0, 1.0), &Style::default()).is_none());
        assert!(arrow_outline((1.0, 1.0), (1.05, 1.0), &Style::default()).is_none());
        assert!(arrow_outline((0.5, 0.5), (1.5, 0.5), &Style::default()).is_some());
    }
}
