//! Playing cards, checkers and the checkers panel. A card is drawn once per
//! document as a definition and placed with `<use>`, so a fan of 16 cards
//! stays small; `card_svg` draws the same definition alone for the deck.

use std::fmt::Write as _;

use super::doc::{Anchor, Doc, Font, ID_PREFIX};
use super::{esc, u};
use crate::assets;
use crate::diagram::{CardFace, Checkers, Color, Piece, card_face};
use crate::style::Style;

/// One card alone, `card.width` squares wide, its top-left corner at (0, 0).
pub fn card_svg(symbol: &str, style: &Style) -> String {
    let mut doc = Doc::new();
    place_card(&mut doc, symbol, 0.0, 0.0, false, style);
    doc.finish(0.0, 0.0, style.card.width, style.card_height())
}

/// A card with its top-left corner at (x, y) squares. A `covered` card (one
/// whose middle a later card hides) shows only its top-left index, so no
/// sliver of its picture peeks out between the cards of a fan.
pub(crate) fn place_card(
    doc: &mut Doc,
    symbol: &str,
    x: f64,
    y: f64,
    covered: bool,
    style: &Style,
) {
    let mut id = card_id(symbol);
    if covered {
        id.push_str("-covered");
    }
    doc.define_group(&id, |doc| draw_card(doc, symbol, covered, style));
    doc.use_def(&id, x, y, 1.0, "");
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
    None,
}

fn draw_card(doc: &mut Doc, symbol: &str, covered: bool, style: &Style) {
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
    let letter_colour = |color: Color| match color {
        Color::White => c.red.as_str(),
        Color::Black => c.black.as_str(),
    };
    match card_face(symbol) {
        CardFace::Back => back(doc, style),
        CardFace::Piece(p) if covered => {
            let letter = p.role.letter().to_string();
            index(doc, &letter, letter_colour(p.color), &Pip::Piece(p), style);
        }
        CardFace::Checker(color) if covered => {
            index(doc, "C", letter_colour(color), &Pip::Checker(color), style);
        }
        CardFace::Other(text) if covered => index(doc, text, &c.black, &Pip::None, style),
        CardFace::Piece(p) => {
            let letter = p.role.letter().to_string();
            indices(doc, &letter, letter_colour(p.color), &Pip::Piece(p), style);
            let size = c.piece_size;
            doc.piece(p, (w - size) / 2.0, (h - size) / 2.0, size);
        }
        CardFace::Checker(color) => {
            indices(doc, "C", letter_colour(color), &Pip::Checker(color), style);
            checker(
                doc,
                w / 2.0,
                h / 2.0,
                style.checker.card_radius,
                color,
                style,
            );
        }
        CardFace::Other(text) => {
            indices(doc, text, &c.black, &Pip::None, style);
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

/// The index in the top-left corner and, turned round, in the bottom-right.
fn indices(doc: &mut Doc, letter: &str, colour: &str, pip: &Pip, style: &Style) {
    let c = &style.card;
    let (w, h) = (c.width, style.card_height());
    index(doc, letter, colour, pip, style);
    doc.raw(&format!(
        "<g transform=\"rotate(180 {} {})\">",
        u(w / 2.0),
        u(h / 2.0)
    ));
    index(doc, letter, colour, pip, style);
    doc.raw("</g>");
}

fn index(doc: &mut Doc, letter: &str, colour: &str, pip: &Pip, style: &Style) {
    let c = &style.card;
    let cx = c.letter_inset + (c.letter_size * 0.36).max(c.index_piece_size / 2.0);
    // Fredoka One's capitals are about 0.7 em tall.
    let baseline = c.letter_inset + c.letter_size * 0.72;
    let font = Font {
        family: &c.letter_font,
        weight: 400,
        size: c.letter_size,
        fill: colour,
    };
    doc.text(cx, baseline, Anchor::Middle, &font, letter);
    let size = c.index_piece_size;
    let top = baseline + c.letter_size * 0.15;
    match pip {
        Pip::Piece(p) => doc.piece(*p, cx - size / 2.0, top, size),
        Pip::Checker(color) => checker(doc, cx, top + size / 2.0, size * 0.42, *color, style),
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
