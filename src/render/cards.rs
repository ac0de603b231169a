//! Playing cards, checkers and the checkers panel. A card is drawn once per
//! document as a definition and placed with `<use>`, so a fan of 16 cards
//! stays small; `card_svg` draws the same definition alone for the deck.

use std::fmt::Write as _;

use super::doc::{Anchor, Doc, Font, ID_PREFIX};
use super::{esc, glyphs, u};
use crate::assets;
use crate::diagram::{CardFace, Checkers, Color, Piece, card_face};
use crate::style::Style;

/// One card alone, `card.width` squares wide, its top-left corner at (0, 0).
pub fn card_svg(symbol: &str, style: &Style) -> String {
    let mut doc = Doc::new();
    place_card(&mut doc, symbol, 0.0, 0.0, None, style);
    doc.finish(0.0, 0.0, style.card.width, style.card_height())
}

/// A card with its top-left corner at (x, y) squares. A covered card (one
/// whose middle a later card hides) is drawn as its index alone, in the
/// corners `covered` names, so no sliver of its picture peeks out between
/// the cards of a pile.
pub(crate) fn place_card(
    doc: &mut Doc,
    symbol: &str,
    x: f64,
    y: f64,
    covered: Option<&[Corner]>,
    style: &Style,
) {
    let mut id = card_id(symbol);
    // A back looks the same however it is covered.
    let covered = covered.filter(|_| card_face(symbol) != CardFace::Back);
    if let Some(corners) = covered {
        id.push_str("-covered");
        for corner in corners {
            id.push('-');
            id.push_str(corner.name());
        }
    }
    doc.define_group(&id, |doc| draw_card(doc, symbol, covered, style));
    doc.use_def(&id, x, y, 1.0, "");
}

/// A corner of a card. A printed card has its index top left and, turned
/// round, bottom right; a four-index deck prints it top right and, turned,
/// bottom left as well.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Corner {
    TopLeft,
    BottomRight,
    TopRight,
    BottomLeft,
}

impl Corner {
    fn name(self) -> &'static str {
        match self {
            Corner::TopLeft => "tl",
            Corner::BottomRight => "br",
            Corner::TopRight => "tr",
            Corner::BottomLeft => "bl",
        }
    }
}

/// Where a covered card at (x, y) shows its index, given the top-left
/// corners of the cards placed later: in each of its two printed corners
/// that they leave in view, else in the first other corner they leave in
/// view (as a four-index deck does), so a pile shows every card it holds.
/// No corner when none has room: a sliver of index would only mislead.
pub(crate) fn index_corners(
    later: &[(f64, f64)],
    x: f64,
    y: f64,
    symbol: &str,
    style: &Style,
) -> Vec<Corner> {
    let Some(index) = face_index(card_face(symbol), style) else {
        return Vec::new();
    };
    let (w, h) = (style.card.width, style.card_height());
    let (across, down) = index.reach(style);
    let in_view = |corner: &Corner| {
        let left = match corner {
            Corner::TopLeft | Corner::BottomLeft => x,
            Corner::TopRight | Corner::BottomRight => x + w - across,
        };
        let top = match corner {
            Corner::TopLeft | Corner::TopRight => y,
            Corner::BottomLeft | Corner::BottomRight => y + h - down,
        };
        !later
            .iter()
            .any(|&(lx, ly)| lx < left + across && lx + w > left && ly < top + down && ly + h > top)
    };
    let printed: Vec<Corner> = [Corner::TopLeft, Corner::BottomRight]
        .into_iter()
        .filter(in_view)
        .collect();
    if !printed.is_empty() {
        return printed;
    }
    [Corner::TopRight, Corner::BottomLeft]
        .into_iter()
        .find(in_view)
        .into_iter()
        .collect()
}

/// Whether any of the cards placed later (top-left corners) overlaps the
/// card at (x, y) anywhere but a strip along its top-left index: then that
/// card is drawn as covered.
pub(crate) fn picture_covered(later: &[(f64, f64)], x: f64, y: f64, style: &Style) -> bool {
    let c = &style.card;
    let (w, h) = (c.width, style.card_height());
    // The index column and row stay clear of the picture and the turned
    // index, which begin past them.
    let index = c.letter_inset + (c.letter_size * 0.72).max(c.index_piece_size) + 0.05;
    later.iter().any(|&(lx, ly)| {
        let overlaps = lx < x + w && lx + w > x && ly < y + h && ly + h > y;
        overlaps && (lx > x + index || ly > y + index || lx < x || ly < y)
    })
}

/// A stable id for a card symbol; other symbols are hex-encoded so any
/// text makes a valid id.
fn card_id(symbol: &str) -> String {
    match card_face(symbol) {
        CardFace::Piece(p) => format!("{ID_PREFIX}card-{}", assets::piece_name(p)),
        CardFace::Back => format!("{ID_PREFIX}card-back"),
        CardFace::Checker(Color::White) => format!("{ID_PREFIX}card-wC"),
        CardFace::Checker(Color::Black) => format!("{ID_PREFIX}card-bC"),
        CardFace::Empty(Color::White) => format!("{ID_PREFIX}card-wE"),
        CardFace::Empty(Color::Black) => format!("{ID_PREFIX}card-bE"),
        CardFace::Other(s) => {
            let mut id = format!("{ID_PREFIX}card-x");
            for b in s.bytes() {
                let _ = write!(id, "{b:02x}");
            }
            id
        }
    }
}

/// What sits under the index letter.
enum Pip {
    Piece(Piece),
    Checker(Color),
    EmptySquare(Color),
    None,
}

/// A face's index: its letter, in the card's colour, over a small symbol.
struct Index<'a> {
    letter: String,
    colour: &'a str,
    pip: Pip,
}

/// Clear paper an index keeps from the edge of a card lying over it.
const INDEX_CLEARANCE: f64 = 0.05;

impl Index<'_> {
    /// How far the index reaches from its corner, across and down, in
    /// squares, clearance included.
    fn reach(&self, style: &Style) -> (f64, f64) {
        let c = &style.card;
        let letter = glyphs::width(&c.letter_font, 400, c.letter_size, &self.letter);
        let pip = match self.pip {
            Pip::None => 0.0,
            _ => c.index_piece_size,
        };
        let across = index_centre(style) + letter.max(pip) / 2.0;
        let (baseline, pip_top) = index_baseline(style);
        let down = match self.pip {
            // Room for a descender.
            Pip::None => baseline + c.letter_size * 0.25,
            _ => pip_top + c.index_piece_size,
        };
        (across + INDEX_CLEARANCE, down + INDEX_CLEARANCE)
    }
}

/// The index of a face; a back has none.
fn face_index<'a>(face: CardFace<'a>, style: &'a Style) -> Option<Index<'a>> {
    let c = &style.card;
    let colour = |color: Color| match color {
        Color::White => c.red.as_str(),
        Color::Black => c.black.as_str(),
    };
    Some(match face {
        CardFace::Back => return None,
        CardFace::Piece(p) => Index {
            letter: p.role.letter().to_string(),
            colour: colour(p.color),
            pip: Pip::Piece(p),
        },
        CardFace::Checker(color) => Index {
            letter: "C".to_string(),
            colour: colour(color),
            pip: Pip::Checker(color),
        },
        CardFace::Empty(color) => Index {
            letter: "E".to_string(),
            colour: colour(color),
            pip: Pip::EmptySquare(color),
        },
        CardFace::Other(text) => Index {
            letter: text.to_string(),
            colour: &c.black,
            pip: Pip::None,
        },
    })
}

/// A face whole, or (`covered`) only its index in the given corners.
fn draw_card(doc: &mut Doc, symbol: &str, covered: Option<&[Corner]>, style: &Style) {
    let c = &style.card;
    let (w, h) = (c.width, style.card_height());
    rounded_rect(
        doc,
        0.0,
        0.0,
        w,
        h,
        c.corner_radius,
        &c.fill,
        &c.border,
        c.border_width,
    );
    let face = card_face(symbol);
    let Some(index) = face_index(face, style) else {
        back(doc, style);
        return;
    };
    let corners = covered.unwrap_or(&[Corner::TopLeft, Corner::BottomRight]);
    for &corner in corners {
        index_in(doc, &index, corner, style);
    }
    if covered.is_some() {
        return;
    }
    match face {
        CardFace::Back => {}
        CardFace::Piece(p) => {
            let size = c.piece_size;
            doc.piece(p, (w - size) / 2.0, (h - size) / 2.0, size);
        }
        CardFace::Checker(color) => {
            checker(
                doc,
                w / 2.0,
                h / 2.0,
                style.checker.card_radius,
                color,
                style,
            );
        }
        CardFace::Empty(color) => {
            empty_square(doc, w / 2.0, h / 2.0, c.piece_size * 0.65, color, style);
        }
        CardFace::Other(text) => {
            let font = Font {
                family: &c.other_font,
                weight: 400,
                size: c.other_size,
                fill: &c.black,
            };
            doc.text(
                w / 2.0,
                h / 2.0 + c.other_size * 0.35,
                Anchor::Middle,
                &font,
                text,
            );
        }
    }
}

/// A rectangle whose stroke lies inside (x, y, w, h).
#[allow(clippy::too_many_arguments)]
pub(crate) fn rounded_rect(
    doc: &mut Doc,
    x: f64,
    y: f64,
    w: f64,
    h: f64,
    radius: f64,
    fill: &str,
    stroke: &str,
    stroke_width: f64,
) {
    let half = stroke_width / 2.0;
    doc.raw(&format!(
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"{}\" fill=\"{}\" stroke=\"{}\" stroke-width=\"{}\"/>",
        u(x + half),
        u(y + half),
        u((w - stroke_width).max(0.0)),
        u((h - stroke_width).max(0.0)),
        u((radius - half).max(0.0)),
        esc(fill),
        esc(stroke),
        u(stroke_width),
    ));
}

/// The index in one corner: the top-right one is the top-left one moved
/// across, and a bottom one is a top one turned round the card's centre.
fn index_in(doc: &mut Doc, index: &Index, corner: Corner, style: &Style) {
    let (w, h) = (style.card.width, style.card_height());
    let across = w - 2.0 * index_centre(style);
    let transform = match corner {
        Corner::TopLeft => None,
        Corner::TopRight => Some(format!("translate({} 0)", u(across))),
        Corner::BottomRight => Some(format!("rotate(180 {} {})", u(w / 2.0), u(h / 2.0))),
        Corner::BottomLeft => Some(format!(
            "rotate(180 {} {}) translate({} 0)",
            u(w / 2.0),
            u(h / 2.0),
            u(across)
        )),
    };
    if let Some(t) = &transform {
        doc.raw(&format!("<g transform=\"{t}\">"));
    }
    index_top_left(doc, index, style);
    if transform.is_some() {
        doc.raw("</g>");
    }
}

/// The centre line of the top-left index, in squares from the card's left.
fn index_centre(style: &Style) -> f64 {
    let c = &style.card;
    c.letter_inset + (c.letter_size * 0.36).max(c.index_piece_size / 2.0)
}

/// The index letter's baseline and the top of the symbol under it, in
/// squares from the card's top.
fn index_baseline(style: &Style) -> (f64, f64) {
    let c = &style.card;
    // Fredoka One's capitals are about 0.7 em tall.
    let baseline = c.letter_inset + c.letter_size * 0.72;
    (baseline, baseline + c.letter_size * 0.15)
}

fn index_top_left(doc: &mut Doc, index: &Index, style: &Style) {
    let c = &style.card;
    let cx = index_centre(style);
    let (baseline, top) = index_baseline(style);
    let font = Font {
        family: &c.letter_font,
        weight: 400,
        size: c.letter_size,
        fill: index.colour,
    };
    doc.text(cx, baseline, Anchor::Middle, &font, &index.letter);
    let size = c.index_piece_size;
    match index.pip {
        Pip::Piece(p) => doc.piece(p, cx - size / 2.0, top, size),
        Pip::Checker(color) => checker(doc, cx, top + size / 2.0, size * 0.42, color, style),
        Pip::EmptySquare(color) => {
            empty_square(doc, cx, top + size / 2.0, size * 0.8, color, style)
        }
        Pip::None => {}
    }
}

/// A lattice in the card colour, inside a white border. The diagonal
/// lines are cut to the panel here rather than by a pattern or a clip
/// path, which cost resvg several times more to draw.
fn back(doc: &mut Doc, style: &Style) {
    let c = &style.card;
    let (w, h) = (c.width, style.card_height());
    let inset = c.back_inset;
    let (iw, ih) = ((w - 2.0 * inset).max(0.0), (h - 2.0 * inset).max(0.0));
    let radius = (c.corner_radius - inset).max(0.0);
    doc.raw(&format!(
        "<rect x=\"{i}\" y=\"{i}\" width=\"{}\" height=\"{}\" rx=\"{}\" fill=\"{}\"/>",
        u(iw),
        u(ih),
        u(radius),
        esc(&c.back),
        i = u(inset),
    ));
    let d = lattice(inset, inset, iw, ih, c.back_lattice_step);
    if !d.is_empty() {
        doc.raw(&format!(
            "<path d=\"{d}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{}\"/>",
            esc(&c.back_lattice),
            u(c.back_lattice_width),
        ));
    }
    // A frame line inside the panel, as on printed card backs.
    let frame = c.back_lattice_step * 0.4;
    rounded_rect(
        doc,
        inset + frame,
        inset + frame,
        iw - 2.0 * frame,
        ih - 2.0 * frame,
        (radius - frame).max(0.0),
        "none",
        &c.back_lattice,
        c.back_lattice_width * 2.0,
    );
}

/// Diagonal lines both ways, `step` apart (measured across the lines),
/// cut to the rectangle, as path data in user units.
fn lattice(x: f64, y: f64, w: f64, h: f64, step: f64) -> String {
    let mut d = String::new();
    if !(step > 0.005 && w > 0.0 && h > 0.0) {
        return d;
    }
    // Lines x' - y' = k and x' + y' = k in the rectangle's own coordinates,
    // k a multiple of step * sqrt(2), centred so the pattern is symmetric.
    let spacing = step * std::f64::consts::SQRT_2;
    let count = ((w + h) / spacing).ceil() as i64 + 1;
    // A style with absurd sizes must not make millions of lines.
    if count > 5000 {
        return d;
    }
    let centre = (w - h) / 2.0;
    for i in -count..=count {
        let k = centre + i as f64 * spacing;
        // x' - y' = k: from (max(0,k), max(0,k)-k) to (min(w,h+k), min(w,h+k)-k).
        let (x0, x1) = (k.max(0.0), w.min(h + k));
        if x1 > x0 {
            let _ = write!(
                d,
                "M{} {}L{} {}",
                u(x + x0),
                u(y + x0 - k),
                u(x + x1),
                u(y + x1 - k)
            );
        }
    }
    let centre = (w + h) / 2.0;
    for i in -count..=count {
        let k = centre + i as f64 * spacing;
        // x' + y' = k: x' from max(0, k-h) to min(w, k).
        let (x0, x1) = ((k - h).max(0.0), w.min(k));
        if x1 > x0 {
            let _ = write!(
                d,
                "M{} {}L{} {}",
                u(x + x0),
                u(y + k - x0),
                u(x + x1),
                u(y + k - x1)
            );
        }
    }
    d
}

/// The empty square's symbol, `size` squares wide, centred on (cx, cy):
/// two squares touching at a corner, as on a board, in the card's colour
/// (red for White); filled for Black, outlined for White, as the pieces
/// are. Drawn once per document and placed at each size.
pub(crate) fn empty_square(
    doc: &mut Doc,
    cx: f64,
    cy: f64,
    size: f64,
    color: Color,
    style: &Style,
) {
    let c = &style.card;
    // In a box one square wide; `use_def` scales it to `size`.
    let id = match color {
        Color::White => format!("{ID_PREFIX}empty-square-w"),
        Color::Black => format!("{ID_PREFIX}empty-square-b"),
    };
    doc.define_raw(&id, || {
        let half = 0.5;
        let squares = |inset: f64| {
            let side = u(half - 2.0 * inset);
            format!(
                "M{a} {a}h{side}v{side}h-{side}zM{b} {b}h{side}v{side}h-{side}z",
                a = u(inset),
                b = u(half + inset),
            )
        };
        match color {
            Color::Black => format!(
                "<path id=\"{id}\" d=\"{}\" fill=\"{}\"/>",
                squares(0.0),
                esc(&c.black)
            ),
            Color::White => {
                // The outline lies inside each square's edges.
                let width = 0.07;
                format!(
                    "<path id=\"{id}\" d=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{}\"/>",
                    squares(width / 2.0),
                    esc(&c.red),
                    u(width)
                )
            }
        }
    });
    doc.use_def(&id, cx - size / 2.0, cy - size / 2.0, size, "");
}

/// A checker: a disc with an inner ring, `r` squares in radius.
pub(crate) fn checker(doc: &mut Doc, cx: f64, cy: f64, r: f64, color: Color, style: &Style) {
    let k = &style.checker;
    let (fill, edge, ring) = match color {
        Color::White => (&k.white, &k.white_edge, &k.white_ring),
        Color::Black => (&k.black, &k.black_edge, &k.black_ring),
    };
    // Thin strokes scale with small checkers (pips, icons).
    let scale = (r / k.card_radius.max(0.01)).clamp(0.4, 1.0);
    let edge_width = k.edge_width * scale;
    doc.raw(&format!(
        "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{}\" stroke=\"{}\" stroke-width=\"{}\"/>",
        u(cx),
        u(cy),
        u((r - edge_width / 2.0).max(0.0)),
        esc(fill),
        esc(edge),
        u(edge_width),
    ));
    doc.raw(&format!(
        "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{}\"/>",
        u(cx),
        u(cy),
        u(r * k.ring_ratio),
        esc(ring),
        u(k.ring_width * scale),
    ));
}

/// A card-sized panel right of the board: Black's checkers above,
/// White's below.
pub(crate) fn checkers_panel(doc: &mut Doc, checkers: &Checkers, style: &Style) {
    let p = &style.checkers_panel;
    let c = &style.card;
    let (w, h) = (c.width, style.card_height());
    rounded_rect(
        doc,
        p.x,
        p.y,
        w,
        h,
        c.corner_radius,
        &p.fill,
        &c.border,
        c.border_width,
    );
    doc.raw(&format!(
        "<path d=\"M{} {y}H{}\" stroke=\"{}\" stroke-width=\"{}\"/>",
        u(p.x + 0.15),
        u(p.x + w - 0.15),
        esc(&p.divider),
        u(c.border_width),
        y = u(p.y + h / 2.0),
    ));
    let font = Font {
        family: &p.count_font,
        weight: 400,
        size: p.count_size,
        fill: &p.count_colour,
    };
    for (color, count, cy) in [
        (Color::Black, checkers.black, p.y + h * 0.25),
        (Color::White, checkers.white, p.y + h * 0.75),
    ] {
        checker(doc, p.x + w * 0.3, cy, p.checker_radius, color, style);
        doc.text(
            p.x + w * 0.72,
            cy + p.count_size * 0.35,
            Anchor::Middle,
            &font,
            &count.to_string(),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::svg::tests::parse;
    use crate::render::{UNIT, diagram_svg, png};
    use resvg::usvg;

    /// A box in squares: left, top, right, bottom.
    type Box = (f64, f64, f64, f64);

    fn overlap(a: Box, b: Box) -> bool {
        // A hair's overlap is rounding, not a card over ink.
        let eps = 1e-3;
        a.0 < b.2 - eps && b.0 < a.2 - eps && a.1 < b.3 - eps && b.1 < a.3 - eps
    }

    fn leaves(group: &usvg::Group, out: &mut Vec<Box>) {
        for node in group.children() {
            match node {
                usvg::Node::Group(g) => leaves(g, out),
                _ => {
                    let r = node.abs_stroke_bounding_box();
                    let sq = |v: f32| f64::from(v) / UNIT;
                    out.push((sq(r.left()), sq(r.top()), sq(r.right()), sq(r.bottom())));
                }
            }
        }
    }

    /// What the diagram draws of its card `i`: the `<use>` of it alone, in
    /// the diagram's own document, as it is drawn. Whether it is drawn as
    /// covered, and the boxes of everything on it (its index, when
    /// covered) from its top-left corner; the first leaf is its border.
    fn drawn_card(svg: &str, i: usize) -> (bool, Vec<Box>) {
        let uses: Vec<&str> = svg
            .lines()
            .filter(|l| l.starts_with("<use href=\"#ckd-card-"))
            .collect();
        let head = svg.lines().next().unwrap();
        let defs = &svg[svg.find("<defs>").unwrap()..svg.find("</defs>").unwrap() + 7];
        let alone = format!("{head}\n{defs}\n{}\n</svg>\n", uses[i]);
        let mut boxes = Vec::new();
        leaves(png::parse(&alone).unwrap().root(), &mut boxes);
        let (x, y, ..) = boxes[0];
        let marks = boxes[1..]
            .iter()
            .map(|b| (b.0 - x, b.1 - y, b.2 - x, b.3 - y))
            .collect();
        (uses[i].contains("-covered"), marks)
    }

    fn diagram(cards: &[(&str, f64, f64)]) -> String {
        let mut text = "    . . . . . . . .\n".repeat(8);
        text.push_str("    margins: 0, 0, 12, 8\n");
        for (symbol, x, y) in cards {
            text.push_str(&format!("    card: {symbol}, {x}, {y}\n"));
        }
        diagram_svg(&parse(&text), &Style::default())
    }

    /// The ink of a top-left index of `symbol`, from the card's corner:
    /// drawn on a card whose right half another card hides.
    fn index_ink(symbol: &str) -> Box {
        let (covered, marks) = drawn_card(&diagram(&[(symbol, 9.0, 3.0), ("K", 10.0, 3.0)]), 0);
        assert!(covered && marks.len() >= 2, "{symbol}: {marks:?}");
        marks.iter().fold(marks[0], |a, b| {
            (a.0.min(b.0), a.1.min(b.1), a.2.max(b.2), a.3.max(b.3))
        })
    }

    /// Checks every covered card of a drawing: all it shows lies in the
    /// part of it that no later card hides, and where a corner of that
    /// part has room for its index (with a tenth of a square to spare),
    /// it shows its index. Returns how many cards had room.
    fn check_pile(svg: &str, cards: &[(&str, f64, f64)], style: &Style) -> usize {
        let (w, h) = (style.card.width, style.card_height());
        let mut with_room = 0;
        for (i, &(symbol, x, y)) in cards.iter().enumerate() {
            let later: Vec<Box> = cards[i + 1..]
                .iter()
                .map(|&(_, lx, ly)| (lx - x, ly - y, lx - x + w, ly - y + h))
                .collect();
            let (covered, marks) = drawn_card(svg, i);
            if !covered {
                continue;
            }
            for &mark in &marks {
                let inside =
                    mark.0 > -1e-3 && mark.1 > -1e-3 && mark.2 < w + 1e-3 && mark.3 < h + 1e-3;
                assert!(
                    inside && !later.iter().any(|&l| overlap(mark, l)),
                    "{symbol} at ({x}, {y}) under {:?}: {mark:?} is not in view",
                    &cards[i + 1..]
                );
            }
            let (l, t, r, b) = index_ink(symbol);
            let spare = 0.1;
            let (l, t, r, b) = (
                (l - spare).max(0.0),
                (t - spare).max(0.0),
                r + spare,
                b + spare,
            );
            let corners = [
                (l, t, r, b),
                (w - r, t, w - l, b),
                (w - r, h - b, w - l, h - t),
                (l, h - b, r, h - t),
            ];
            if corners
                .iter()
                .any(|&c| !later.iter().any(|&l| overlap(c, l)))
            {
                with_room += 1;
                assert!(
                    marks.len() >= 2,
                    "{symbol} at ({x}, {y}) under {:?} shows no index",
                    &cards[i + 1..]
                );
            }
        }
        with_room
    }

    #[test]
    fn every_covered_card_shows_its_index_where_the_pile_leaves_it_in_view() {
        let style = Style::default();
        let mut with_room = 0;
        // One card over another, from every side, a tenth of a square apart.
        for dx in (-18..=18).map(|i| f64::from(i) / 10.0) {
            for dy in (-25..=25).map(|i| f64::from(i) / 10.0) {
                let cards = [("N", 9.0, 3.0), ("r", 9.0 + dx, 3.0 + dy)];
                with_room += check_pile(&diagram(&cards), &cards, &style);
            }
        }
        assert!(with_room > 1000, "{with_room}");
        // Fans of three in the eight directions, and two-by-two piles
        // stacked in either direction (Two Move's "old white" is later
        // cards above and to the right).
        for (dx, dy) in [(0.5, 0.0), (0.6, 0.6), (0.0, 0.75), (-0.5, 0.75)] {
            for sign in [1.0, -1.0] {
                let (dx, dy) = (dx * sign, dy * sign);
                let fan = [
                    ("Q", 12.0, 3.0),
                    ("b", 12.0 + dx, 3.0 + dy),
                    ("C", 12.0 + 2.0 * dx, 3.0 + 2.0 * dy),
                ];
                assert_eq!(check_pile(&diagram(&fan), &fan, &style), 2, "{fan:?}");
                let pile = [
                    ("N", 12.0, 3.0),
                    ("R", 12.0 + 0.5 * sign, 3.0),
                    ("B", 12.0, 3.0 - 0.75 * sign),
                    ("Q", 12.0 + 0.5 * sign, 3.0 - 0.75 * sign),
                ];
                assert_eq!(check_pile(&diagram(&pile), &pile, &style), 3, "{pile:?}");
            }
        }
        // The books' own piles.
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut piles = 0;
        for path in [
            "rules/rules.md",
            "rules/new_rules.md",
            "tests/seeds/rules.md",
        ] {
            let mut diags = Vec::new();
            let book = crate::book::Book::load(&root.join(path), &mut diags).unwrap();
            for entry in &book.diagrams {
                let Some(board) = entry.diagram.as_ref().and_then(|d| d.as_board()) else {
                    continue;
                };
                let cards: Vec<(&str, f64, f64)> = board
                    .cards
                    .iter()
                    .map(|c| (c.symbol.as_str(), c.x, c.y))
                    .collect();
                let svg = diagram_svg(entry.diagram.as_ref().unwrap(), &style);
                piles += check_pile(&svg, &cards, &style);
            }
        }
        assert!(piles > 20, "{piles}");
    }

    #[test]
    fn card_ids_are_valid_for_any_symbol() {
        assert_eq!(card_id("K"), "ckd-card-wK");
        assert_eq!(card_id("k"), "ckd-card-bK");
        assert_eq!(card_id("c"), "ckd-card-bC");
        assert_eq!(card_id("back"), "ckd-card-back");
        assert_eq!(card_id("J\"<"), "ckd-card-x4a223c");
    }

    #[test]
    fn lattice_stays_inside_its_rectangle() {
        let d = lattice(0.1, 0.1, 1.5, 2.2, 0.14);
        let numbers: Vec<f64> = d
            .split(['M', 'L', ' '])
            .filter(|t| !t.is_empty())
            .map(|t| t.parse().unwrap())
            .collect();
        assert!(numbers.len() > 40);
        for pair in numbers.chunks(2) {
            assert!((4.5 - 1e-6..=72.0 + 1e-6).contains(&pair[0]), "{pair:?}");
            assert!((4.5 - 1e-6..=103.5 + 1e-6).contains(&pair[1]), "{pair:?}");
        }
        assert!(lattice(0.0, 0.0, 1.0, 1.0, 0.0).is_empty());
        assert!(lattice(0.0, 0.0, -1.0, 1.0, 0.1).is_empty());
    }

    #[test]
    fn the_empty_square_is_two_squares_in_the_cards_colour() {
        let style = Style::default();
        let white = format!("fill=\"none\" stroke=\"{}\"", style.card.red);
        let black = format!("fill=\"{}\"", style.card.black);
        for (symbol, id, paint, colour) in [
            ("E", "ckd-empty-square-w", &white, &style.card.red),
            ("e", "ckd-empty-square-b", &black, &style.card.black),
        ] {
            let card = card_svg(symbol, &style);
            // Two squares, outlined in red for White, filled black for Black.
            let def = card
                .lines()
                .find(|l| l.starts_with(&format!("<path id=\"{id}\"")))
                .unwrap_or_else(|| panic!("{card}"));
            assert!(def.contains(paint.as_str()), "{def}");
            assert_eq!(def.matches('M').count(), 2, "{def}");
            // Under both index letters and in the middle, with no bare letter.
            assert_eq!(card.matches(&format!("href=\"#{id}\"")).count(), 3);
            assert_eq!(card.matches("aria-label=").count(), 2);
            assert_eq!(
                card.matches(&format!("fill=\"{colour}\" aria-label=\"E\""))
                    .count(),
                2
            );
        }
        // Chess Solitaire's second diagram of the bundled book: two black
        // cards and one white, whole: one drawing of each, with its symbol
        // thrice.
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut diags = Vec::new();
        let book = crate::book::Book::load(&root.join("rules/rules.md"), &mut diags).unwrap();
        let solitaire = book
            .diagrams
            .iter()
            .filter_map(|d| d.diagram.as_ref())
            .find(|d| {
                d.as_board()
                    .is_some_and(|b| b.cards.iter().any(|c| c.symbol == "E"))
            })
            .expect("a diagram with an empty-square card");
        let svg = diagram_svg(solitaire, &style);
        assert!(svg.contains("<path id=\"ckd-empty-square-w\" d=\"M"));
        assert!(svg.contains(&white) && svg.contains("<g id=\"ckd-card-wE\">"));
        assert_eq!(svg.matches("href=\"#ckd-card-bE\"").count(), 2);
        assert_eq!(svg.matches("href=\"#ckd-card-wE\"").count(), 1);
        for id in ["ckd-empty-square-w", "ckd-empty-square-b"] {
            assert_eq!(svg.matches(&format!("href=\"#{id}\"")).count(), 3);
        }
        // A covered one shows the symbol in its index.
        let covered = diagram(&[("E", 9.0, 3.0), ("K", 10.0, 3.0)]);
        assert!(covered.contains("<g id=\"ckd-card-wE-covered-tl\">"));
        assert_eq!(covered.matches("href=\"#ckd-empty-square-w\"").count(), 1);
    }

    #[test]
    fn card_alone_is_card_sized() {
        let style = Style::default();
        let svg = card_svg("Q", &style);
        assert!(svg.contains("viewBox=\"0 0 76.5 107.1\""), "{svg}");
        assert!(svg.contains(&style.card.red));
        // The same definition a diagram uses.
        assert!(svg.contains("<g id=\"ckd-card-wQ\">"));
        assert_eq!(svg, card_svg("Q", &style));
        let back = card_svg("back", &style);
        assert!(back.contains(&style.card.back));
        assert!(!back.contains("<pattern") && !back.contains("clip"));
        let other = card_svg("J<", &style);
        assert!(other.contains("aria-label=\"J&lt;\""));
        let checker = card_svg("c", &style);
        assert!(checker.contains(&style.checker.black));
    }
}
