//! Diagram text as glyph outlines, shaped with rustybuzz. usvg's own text
//! layout cannot turn on OpenType features, and Raleway's default figures
//! are old-style ("Chess960" reads as "Chessg6o"); shaping here turns on
//! the lining figures (`lnum`) and gives each label its true extent, so a
//! picture can grow to hold it. Each glyph is defined once per document.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::{Arc, Mutex, OnceLock};

use rustybuzz::ttf_parser::{GlyphId, OutlineBuilder};
use rustybuzz::{Face, Feature, UnicodeBuffer, ttf_parser::Tag};

use crate::assets;

/// The embedded faces, in `assets::FONTS` order.
fn faces() -> &'static [Option<Face<'static>>] {
    static FACES: OnceLock<Vec<Option<Face<'static>>>> = OnceLock::new();
    FACES.get_or_init(|| {
        assets::FONTS
            .iter()
            .map(|f| Face::from_slice(f.data, 0))
            .collect()
    })
}

/// The embedded face closest to a family and weight (the body family when
/// the family is not embedded), as an index into `assets::FONTS`.
pub(crate) fn face_index(family: &str, weight: u16) -> Option<usize> {
    use resvg::usvg::fontdb;
    let db = assets::font_database();
    let find = |family: &str| {
        let families = [fontdb::Family::Name(family)];
        let query = fontdb::Query {
            families: &families,
            weight: fontdb::Weight(weight),
            ..Default::default()
        };
        db.query(&query)
            .and_then(|id| db.faces().position(|f| f.id == id))
    };
    find(family).or_else(|| find(assets::BODY_FAMILY))
}

/// One shaped glyph, in font units.
struct Placed {
    id: u16,
    x: i32,
    y: i32,
}

/// Text shaped with lining figures: its glyphs and advance in font units.
struct Shaped {
    face: usize,
    units_per_em: f64,
    glyphs: Vec<Placed>,
    advance: i32,
}

/// `shape`, kept for short texts: a diagram's coordinates and card
/// indexes are the same few letters, shaped again and again.
fn shape(family: &str, weight: u16, text: &str) -> Option<Arc<Shaped>> {
    type Key = (String, u16, String);
    type Cache = Mutex<HashMap<Key, Option<Arc<Shaped>>>>;
    /// Enough for every label of a book; a text beyond these is shaped anew.
    const KEPT: usize = 4096;
    const SHORT: usize = 32;
    static SHAPED: OnceLock<Cache> = OnceLock::new();
    if text.len() > SHORT {
        return shape_now(family, weight, text).map(Arc::new);
    }
    let cache = SHAPED.get_or_init(Cache::default);
    let lock = || cache.lock().unwrap_or_else(|p| p.into_inner());
    let key = (family.to_string(), weight, text.to_string());
    if let Some(found) = lock().get(&key) {
        return found.clone();
    }
    let made = shape_now(family, weight, text).map(Arc::new);
    let mut kept = lock();
    if kept.len() < KEPT {
        kept.insert(key, made.clone());
    }
    made
}

fn shape_now(family: &str, weight: u16, text: &str) -> Option<Shaped> {
    let index = face_index(family, weight)?;
    let face = faces().get(index)?.as_ref()?;
    let mut buffer = UnicodeBuffer::new();
    buffer.push_str(text);
    buffer.set_direction(rustybuzz::Direction::LeftToRight);
    let features = [Feature::new(Tag::from_bytes(b"lnum"), 1, ..)];
    let out = rustybuzz::shape(face, &features, buffer);
    let mut pen = 0;
    let mut glyphs = Vec::new();
    for (info, pos) in out.glyph_infos().iter().zip(out.glyph_positions()) {
        glyphs.push(Placed {
            id: info.glyph_id as u16,
            x: pen + pos.x_offset,
            y: pos.y_offset,
        });
        pen += pos.x_advance;
    }
    Some(Shaped {
        face: index,
        units_per_em: f64::from(face.units_per_em()).max(1.0),
        glyphs,
        advance: pen,
    })
}

/// The advance width of a text at `size` (any unit: the result is in the
/// same unit), with lining figures.
pub(crate) fn width(family: &str, weight: u16, size: f64, text: &str) -> f64 {
    shape(family, weight, text)
        .map(|s| f64::from(s.advance) / s.units_per_em * size)
        .unwrap_or(0.0)
}

/// Path data in font units (y up), numbers as integers or short decimals.
struct PathData(String);

impl OutlineBuilder for PathData {
    fn move_to(&mut self, x: f32, y: f32) {
        let _ = write!(self.0, "M{} {}", n(x), n(y));
    }
    fn line_to(&mut self, x: f32, y: f32) {
        let _ = write!(self.0, "L{} {}", n(x), n(y));
    }
    fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
        let _ = write!(self.0, "Q{} {} {} {}", n(x1), n(y1), n(x), n(y));
    }
    fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
        let _ = write!(
            self.0,
            "C{} {} {} {} {} {}",
            n(x1),
            n(y1),
            n(x2),
            n(y2),
            n(x),
            n(y)
        );
    }
    fn close(&mut self) {
        self.0.push('Z');
    }
}

fn n(v: f32) -> String {
    super::num(f64::from(v))
}

/// A glyph's outline as path data in font units (y up), uncached: for
/// text shaped elsewhere (the player-aid cards, with the book's shaper).
pub(crate) fn path_data(face: &Face, glyph: u16) -> Option<String> {
    let mut d = PathData(String::new());
    face.outline_glyph(GlyphId(glyph), &mut d)
        .filter(|_| !d.0.is_empty())
        .map(|_| d.0)
}

/// A glyph's outline as path data, `None` for one with none (a space).
/// Made once per glyph and kept: every diagram writes the same few
/// letters and figures, and turning outlines into text was a tenth of a
/// build.
fn outline(face: &Face, face_index: usize, glyph: u16) -> Option<Arc<str>> {
    type Outlines = Mutex<HashMap<(usize, u16), Option<Arc<str>>>>;
    static OUTLINES: OnceLock<Outlines> = OnceLock::new();
    let outlines = OUTLINES.get_or_init(Outlines::default);
    let lock = || outlines.lock().unwrap_or_else(|p| p.into_inner());
    if let Some(found) = lock().get(&(face_index, glyph)) {
        return found.clone();
    }
    let mut d = PathData(String::new());
    let made = face
        .outline_glyph(GlyphId(glyph), &mut d)
        .filter(|_| !d.0.is_empty())
        .map(|_| Arc::<str>::from(d.0));
    lock().insert((face_index, glyph), made.clone());
    made
}

/// A glyph of a text to draw: the id of its definition (`None` for a glyph
/// with no outline, such as a space) and its offset in font units.
pub(crate) struct GlyphUse {
    pub def: Option<(String, String)>,
    pub x: i32,
    pub y: i32,
}

/// A text laid out for drawing.
pub(crate) struct Laid {
    pub glyphs: Vec<GlyphUse>,
    /// Font units per em.
    pub units_per_em: f64,
    /// The advance in font units.
    pub advance: i32,
}

/// Shapes `text` and returns each glyph's definition (id and `<path>`).
pub(crate) fn lay_out(family: &str, weight: u16, text: &str, id_prefix: &str) -> Option<Laid> {
    let shaped = shape(family, weight, text)?;
    let face = faces().get(shaped.face)?.as_ref()?;
    let glyphs = shaped
        .glyphs
        .iter()
        .map(|g| {
            let def = outline(face, shaped.face, g.id).map(|d| {
                let id = format!("{id_prefix}g{}-{}", shaped.face, g.id);
                let path = format!("<path id=\"{id}\" d=\"{d}\"/>");
                (id, path)
            });
            GlyphUse {
                def,
                x: g.x,
                y: g.y,
            }
        })
        .collect();
    Some(Laid {
        glyphs,
        units_per_em: shaped.units_per_em,
        advance: shaped.advance,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lining_figures_are_turned_on() {
        assert!(width("Raleway", 700, 1.0, "1") > 0.0);
        let laid = lay_out("Raleway", 400, "960", "x-").unwrap();
        let plain = Face::from_slice(assets::FONTS[0].data, 0).unwrap();
        let old_style_nine = plain.glyph_index('9').unwrap().0;
        let first = laid.glyphs[0].def.as_ref().unwrap();
        assert_ne!(first.0, format!("x-g0-{old_style_nine}"));
    }

    #[test]
    fn unknown_families_fall_back_to_the_body_font() {
        assert_eq!(face_index("No Such Font", 400), face_index("Raleway", 400));
        assert!(width("Fredoka One", 400, 2.0, "ab") > width("Fredoka One", 400, 1.0, "ab"));
        assert_eq!(width("Raleway", 400, 1.0, ""), 0.0);
        assert!(
            lay_out("Raleway", 400, " ", "x-").unwrap().glyphs[0]
                .def
                .is_none()
        );
    }
}
