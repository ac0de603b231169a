//! Drawing diagrams. Each diagram becomes one self-contained SVG document
//! (the only drawing: the PNG, the PDF book and the card deck all use it),
//! parsed once into a tree ([`DrawingStore`]) that `tree_to_png` rasterises
//! with resvg and the embedded fonts and the PDF writer draws.
//!
//! Units: one board square is [`UNIT`] user units, so the piece artwork
//! (45 x 45) needs no scaling on the board. The board's top-left corner is
//! (0, 0) and a1 is the bottom-left square.

mod cards;
pub(crate) mod doc;
mod drawing;
pub(crate) mod glyphs;
mod grid;
mod lru;
mod paeth;
pub(crate) mod piece_images;
mod png;
pub(crate) mod raster;
mod replay;
mod svg;

pub use cards::card_svg;
pub use drawing::{Drawing, DrawingStore};
pub use png::{
    encode_pixmap as encode_png, parse as parse_svg, rasterise, svg_to_png, tree_to_png,
};
pub use svg::diagram_svg;

/// The same drawing with its text turned into outlines (through usvg), for
/// viewers that don't have the embedded fonts, such as web browsers.
pub fn svg_with_outlined_text(svg: &str) -> Result<String, String> {
    let tree = png::parse(svg)?;
    let out = tree.to_string(&resvg::usvg::WriteOptions::default());
    // usvg writes a fixed size only; a viewBox lets a page scale the drawing.
    let size = tree.size();
    let view_box = format!(
        "<svg viewBox=\"0 0 {} {}\" ",
        num(size.width() as f64),
        num(size.height() as f64)
    );
    Ok(out.replacen("<svg ", &view_box, 1))
}

/// The drawing with its ids (all ours, `ckd-…`) under `prefix`, so that
/// several drawings inlined in one HTML page never share an id. Text is
/// escaped, so only our own attributes match.
pub fn with_id_prefix(svg: &str, prefix: &str) -> String {
    svg.replace("id=\"ckd-", &format!("id=\"{prefix}"))
        .replace("href=\"#ckd-", &format!("href=\"#{prefix}"))
}

/// SVG user units per board square.
pub const UNIT: f64 = 45.0;

/// A number for SVG text: at most 3 decimals, trailing zeros trimmed, so
/// the same diagram always gives the same bytes.
pub(crate) fn num(v: f64) -> String {
    if !v.is_finite() {
        return "0".to_string();
    }
    // Formatting with a precision is exact and slow (it was a third of a
    // build). Scaled to thousandths, a value not within a hair of a half is
    // rounded the same way by `round`; the rest, and huge values, take the
    // exact path.
    let milli = v * 1000.0;
    let frac = milli - milli.floor();
    if milli.abs() < 1e12 && (frac - 0.5).abs() > 1e-3 {
        return milli_text(milli.round() as i64);
    }
    let mut s = format!("{v:.3}");
    if s.contains('.') {
        while s.ends_with('0') {
            s.pop();
        }
        if s.ends_with('.') {
            s.pop();
        }
    }
    if s == "-0" {
        s = "0".to_string();
    }
    s
}

/// Thousandths as a decimal, trailing zeros trimmed.
fn milli_text(n: i64) -> String {
    let sign = if n < 0 { "-" } else { "" };
    let (whole, mut frac) = (n.unsigned_abs() / 1000, n.unsigned_abs() % 1000);
    if frac == 0 {
        return format!("{sign}{whole}");
    }
    let mut digits = 3;
    while frac % 10 == 0 {
        frac /= 10;
        digits -= 1;
    }
    format!("{sign}{whole}.{frac:0digits$}")
}

/// Squares to user units, formatted.
pub(crate) fn u(squares: f64) -> String {
    num(squares * UNIT)
}

/// Escapes text for XML content and attribute values.
pub(crate) fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            // Control characters are not allowed in XML 1.0.
            c if (c as u32) < 0x20 && !matches!(c, '\t' | '\n' | '\r') => {}
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The fast path gives the bytes of the exact one, on values of every
    /// kind a drawing has: whole, halves, thirds, glyph coordinates.
    #[test]
    fn the_fast_numbers_equal_the_exact_ones() {
        fn exact(v: f64) -> String {
            let mut s = format!("{v:.3}");
            if s.contains('.') {
                s = s.trim_end_matches('0').trim_end_matches('.').to_string();
            }
            if s == "-0" { "0".to_string() } else { s }
        }
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut values = vec![
            0.0, -0.0, 0.0005, -0.0005, 0.0625, 2.5, 1e15, -1e15, 0.0004999,
        ];
        for _ in 0..200_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let unit = (x >> 11) as f64 / (1u64 << 53) as f64;
            let scale = [1.0, 45.0, 1000.0, 1e6][(x % 4) as usize];
            values.push((unit - 0.5) * scale);
            values.push(((unit - 0.5) * scale * 8.0).round() / 8.0);
            values.push(((unit - 0.5) * scale * 3.0).round() / 3.0);
            values.push(f64::from(((unit - 0.5) * scale) as f32));
        }
        for v in values {
            assert_eq!(num(v), exact(v), "{v:e}");
        }
    }

    #[test]
    fn numbers_are_short_and_stable() {
        assert_eq!(num(0.0), "0");
        assert_eq!(num(-0.0), "0");
        assert_eq!(num(-0.0001), "0");
        assert_eq!(num(1.5), "1.5");
        assert_eq!(num(2.0 / 3.0), "0.667");
        assert_eq!(num(-12.25), "-12.25");
        assert_eq!(num(100.0), "100");
        assert_eq!(num(f64::NAN), "0");
        assert_eq!(u(0.5), "22.5");
    }

    #[test]
    fn outlined_text_has_no_text_elements() {
        let style = crate::style::Style::default();
        // Diagrams draw their text as glyph outlines already.
        assert!(!card_svg("K", &style).contains("<text"));
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"90\" height=\"45\"><text x=\"4\" y=\"30\" font-family=\"Raleway\" font-size=\"20\">K 960</text></svg>";
        let outlined = svg_with_outlined_text(svg).unwrap();
        assert!(!outlined.contains("<text"));
        assert_eq!(outlined, svg_with_outlined_text(svg).unwrap());
        // It still draws the same size.
        let a = svg_to_png(svg, &style).unwrap();
        let b = svg_to_png(&outlined, &style).unwrap();
        assert_eq!(a[16..24], b[16..24]);
    }

    #[test]
    fn prefixed_ids_are_still_resolved() {
        let style = crate::style::Style::default();
        let diagram = svg::tests::parse(
            "    . . . . k . . .\n    . . . . . . . .\n    . . . . . . . .\n    . . . . . . . .\n    . . . . . . . .\n    . . . . . . . .\n    . . . . . . . .\n    . . . . K . . .\n",
        );
        let svg = diagram_svg(&diagram, &style);
        let prefixed = with_id_prefix(&svg, "ckd7-");
        assert!(svg.contains("id=\"ckd-wK\""), "{svg}");
        assert!(!prefixed.contains("\"ckd-") && !prefixed.contains("#ckd-"));
        assert!(prefixed.contains("id=\"ckd7-wK\"") && prefixed.contains("href=\"#ckd7-wK\""));
        // Drawn the same: every reference still finds its definition.
        assert_eq!(svg_to_png(&svg, &style), svg_to_png(&prefixed, &style));
    }

    #[test]
    fn escaping() {
        assert_eq!(esc("a<b & \"c\"'"), "a&lt;b &amp; &quot;c&quot;&apos;");
        assert_eq!(esc("x\u{1}y"), "xy");
    }
}
