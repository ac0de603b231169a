//! A small SVG writer: a body plus definitions keyed by id, written in id
//! order so the output never depends on drawing order or hashing.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::{UNIT, esc, glyphs, num, u};
use crate::assets;
use crate::diagram::Piece;

/// Ids are prefixed so that several diagrams can sit in one HTML page.
pub(crate) const ID_PREFIX: &str = "ckd-";

pub(crate) struct Doc {
    body: String,
    defs: BTreeMap<String, String>,
}

/// Text placement and look.
pub(crate) struct Font<'a> {
    pub family: &'a str,
    pub weight: u16,
    /// In squares.
    pub size: f64,
    pub fill: &'a str,
}

#[derive(Clone, Copy)]
pub(crate) enum Anchor {
    Start,
    Middle,
    End,
}

impl Doc {
    pub fn new() -> Doc {
        Doc {
            body: String::new(),
            defs: BTreeMap::new(),
        }
    }

    /// Appends raw markup (one element per line keeps golden diffs readable).
    pub fn raw(&mut self, markup: &str) {
        self.body.push_str(markup);
        self.body.push('\n');
    }

    /// Defines `<g id=ID>` from what `draw` writes, once per document.
    pub fn define_group(&mut self, id: &str, draw: impl FnOnce(&mut Doc)) {
        if self.defs.contains_key(id) {
            return;
        }
        let saved = std::mem::take(&mut self.body);
        draw(self);
        let inner = std::mem::replace(&mut self.body, saved);
        self.defs
            .insert(id.to_string(), format!("<g id=\"{id}\">\n{inner}</g>"));
    }

    /// Defines any element (it must carry `id="ID"` itself).
    pub fn define_raw(&mut self, id: &str, markup: impl FnOnce() -> String) {
        if !self.defs.contains_key(id) {
            self.defs.insert(id.to_string(), markup());
        }
    }

    /// A `<use>` of a definition, placed at (x, y) squares and scaled.
    pub fn use_def(&mut self, id: &str, x: f64, y: f64, scale: f64, extra: &str) {
        let transform = if (scale - 1.0).abs() < 1e-9 {
            format!("translate({} {})", u(x), u(y))
        } else {
            format!("translate({} {}) scale({})", u(x), u(y), num(scale))
        };
        self.raw(&format!(
            "<use href=\"#{id}\" transform=\"{transform}\"{extra}/>"
        ));
    }

    /// The Cburnett artwork of `piece` in a `size`-square box at (x, y).
    pub fn piece(&mut self, piece: Piece, x: f64, y: f64, size: f64) {
        let id = format!("{ID_PREFIX}{}", assets::piece_name(piece));
        self.define_raw(&id, || {
            format!("<g id=\"{id}\">{}</g>", assets::piece_svg_body(piece))
        });
        self.use_def(&id, x, y, size * UNIT / assets::PIECE_SIZE, "");
    }

    /// One line of text; (x, y) is the anchor point on the baseline, in
    /// squares. Returns the text's left and right edges in squares.
    pub fn text(
        &mut self,
        x: f64,
        y: f64,
        anchor: Anchor,
        font: &Font,
        content: &str,
    ) -> (f64, f64) {
        self.text_with(x, y, anchor, font, content, None)
    }

    /// Like `text`, with a halo: a stroke of `(colour, width in squares)`
    /// drawn under the glyphs.
    pub fn text_with(
        &mut self,
        x: f64,
        y: f64,
        anchor: Anchor,
        font: &Font,
        content: &str,
        halo: Option<(&str, f64)>,
    ) -> (f64, f64) {
        let Some(laid) = glyphs::lay_out(font.family, font.weight, content, ID_PREFIX) else {
            return (x, x);
        };
        let scale = font.size * UNIT / laid.units_per_em;
        let width = f64::from(laid.advance) * scale / UNIT;
        let left = match anchor {
            Anchor::Start => x,
            Anchor::Middle => x - width / 2.0,
            Anchor::End => x - width,
        };
        let mut uses = String::new();
        for g in laid.glyphs {
            let Some((id, path)) = g.def else { continue };
            self.define_raw(&id, || path);
            let _ = write!(uses, "<use href=\"#{id}\"");
            if g.x != 0 {
                let _ = write!(uses, " x=\"{}\"", g.x);
            }
            if g.y != 0 {
                let _ = write!(uses, " y=\"{}\"", g.y);
            }
            uses.push_str("/>");
        }
        if uses.is_empty() || scale.is_nan() || scale <= 0.0 {
            return (left, left + width);
        }
        // Font units are y-up: the group flips them onto the baseline.
        let transform = format!(
            "translate({} {}) scale({} -{})",
            u(left),
            u(y),
            num_fine(scale),
            num_fine(scale)
        );
        if let Some((colour, halo_width)) = halo {
            let _ = writeln!(
                self.body,
                "<g transform=\"{transform}\" fill=\"{c}\" stroke=\"{c}\" stroke-width=\"{}\" stroke-linejoin=\"round\">{uses}</g>",
                num(halo_width * UNIT / scale),
                c = esc(colour),
            );
        }
        let _ = writeln!(
            self.body,
            "<g transform=\"{transform}\" fill=\"{}\" aria-label=\"{}\">{uses}</g>",
            esc(font.fill),
            esc(content)
        );
        (left, left + width)
    }

    /// The finished document; the view box is in squares.
    pub fn finish(self, x: f64, y: f64, width: f64, height: f64) -> String {
        let mut out = String::with_capacity(self.body.len() + 4096);
        let _ = writeln!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"{} {} {w} {h}\">",
            u(x),
            u(y),
            w = u(width),
            h = u(height),
        );
        if !self.defs.is_empty() {
            out.push_str("<defs>\n");
            for def in self.defs.values() {
                out.push_str(def);
                out.push('\n');
            }
            out.push_str("</defs>\n");
        }
        out.push_str(&self.body);
        out.push_str("</svg>\n");
        out
    }
}

/// A scale factor: small numbers need more digits than coordinates.
pub(crate) fn num_fine(v: f64) -> String {
    let s = format!("{v:.6}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s.is_empty() || s == "-0" {
        "0".to_string()
    } else {
        s.to_string()
    }
}
