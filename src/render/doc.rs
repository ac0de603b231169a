//! A small SVG writer: a body plus definitions keyed by id, written in id
//! order so the output never depends on drawing order or hashing.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::{UNIT, esc, num, u};
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

impl Anchor {
    fn name(self) -> &'static str {
        match self {
            Anchor::Start => "start",
            Anchor::Middle => "middle",
            Anchor::End => "end",
        }
    }
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

    /// One line of text; (x, y) is the anchor point on the baseline, in squares.
    pub fn text(&mut self, x: f64, y: f64, anchor: Anchor, font: &Font, content: &str) {
        self.text_with(x, y, anchor, font, content, "");
    }

    /// Like `text`, with extra attributes (for a halo stroke).
    pub fn text_with(
        &mut self,
        x: f64,
        y: f64,
        anchor: Anchor,
        font: &Font,
        content: &str,
        extra: &str,
    ) {
        let mut s = String::new();
        let _ = write!(
            s,
            "<text x=\"{}\" y=\"{}\" font-family=\"{}\" font-size=\"{}\"",
            u(x),
            u(y),
            esc(&quote_family(font.family)),
            u(font.size),
        );
        if font.weight != 400 {
            let _ = write!(s, " font-weight=\"{}\"", font.weight);
        }
        if !matches!(anchor, Anchor::Start) {
            let _ = write!(s, " text-anchor=\"{}\"", anchor.name());
        }
        let _ = write!(
            s,
            " fill=\"{}\"{extra}>{}</text>",
            esc(font.fill),
            esc(content)
        );
        self.raw(&s);
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

/// Quotes a family name that has spaces, as CSS font-family wants.
fn quote_family(family: &str) -> String {
    if family.contains(' ') && !family.contains('\'') && !family.contains(',') {
        format!("'{family}'")
    } else {
        family.to_string()
    }
}
