//! Rasterising a parsed drawing as resvg does, except that each small
//! placed group (a piece, a card, a label: what a `<use>` or a text
//! places) is rasterised once for each content, scale and sub-pixel
//! offset, and its pixels are composited wherever it stands. A board's 32
//! pieces are then six pictures, and the next diagram at the same size
//! reuses them. usvg copies a `<use>`'s content without its id, so a
//! picture is found by a fingerprint of what it draws. A picture drawn on
//! its own and composited differs from one drawn straight onto the board
//! only in rounding: by at most 2 of 255, and on a few edge pixels by a
//! sub-pixel sample (`pictures_draw_what_resvg_draws_within_rounding`).

use std::io::Write as _;
use std::sync::{Arc, Mutex, OnceLock};

use resvg::tiny_skia::{self, Pixmap, PixmapMut, Transform};
use resvg::usvg;
use xxhash_rust::xxh3::Xxh3;

use super::lru::{Lru, lock};
use super::{UNIT, replay};

/// Bytes of pictures kept for the whole run (it adds up to this much to
/// the peak memory). Past it, the least recently used are dropped to make
/// room: a label at a sub-pixel offset no other diagram has would
/// otherwise hold its place while the pieces and cards of the next
/// diagrams are drawn again.
const BUDGET: usize = 8 << 20;

/// The sub-pixel offsets a picture is drawn at, a pixel.
const SUBPIXELS: f32 = 4096.0;

/// A group larger than this (user units, a side) is drawn in place: a
/// picture is for what fits in a few squares.
const MAX_SIDE: f32 = 3.0 * UNIT as f32;

/// What a picture depends on: what the group draws, and the transform's
/// linear part and sub-pixel offset.
#[derive(Clone, PartialEq, Eq, Hash)]
struct Key {
    content: u128,
    transform: [u32; 6],
}

/// A group's pixels; (left, top) is where its pixmap's corner lies from
/// the whole pixel its transform starts at.
struct Picture {
    pixmap: Pixmap,
    left: i32,
    top: i32,
    /// Each row's pixels from its first to its last not transparent one:
    /// a piece leaves most of its square bare, and nothing is composited
    /// there.
    inked: Vec<(u32, u32)>,
}

type Pictures = Lru<Key, Picture>;

fn pictures() -> &'static Mutex<Pictures> {
    static PICTURES: OnceLock<Mutex<Pictures>> = OnceLock::new();
    PICTURES.get_or_init(|| {
        Mutex::new(Lru::new(BUDGET, |p| {
            p.pixmap.data().len() + p.inked.len() * 8
        }))
    })
}

/// Draws `tree` onto `pixmap` under `transform`.
pub(crate) fn render(tree: &usvg::Tree, transform: Transform, pixmap: &mut PixmapMut) {
    draw_children(tree.root(), transform, pixmap);
}

fn draw_children(group: &usvg::Group, transform: Transform, pixmap: &mut PixmapMut) {
    let mut nodes = group.children();
    while let Some(node) = nodes.first() {
        let run = replay::run_length(nodes, transform);
        if run == 0 {
            draw_node(node, transform, pixmap);
            nodes = &nodes[1..];
            continue;
        }
        let (paths, rest) = nodes.split_at(run);
        replay::draw(paths, transform, pixmap, |pixmap| {
            for path in paths {
                draw_node(path, transform, pixmap);
            }
        });
        nodes = rest;
    }
}

fn draw_node(node: &usvg::Node, transform: Transform, pixmap: &mut PixmapMut) {
    if let usvg::Node::Group(group) = node
        && !group.should_isolate()
    {
        let placed = transform.pre_concat(group.transform());
        let small = || {
            let b = group.abs_layer_bounding_box();
            b.width() <= MAX_SIDE && b.height() <= MAX_SIDE
        };
        if group.transform().is_identity() || !small() || !draw_picture(group, placed, pixmap) {
            draw_children(group, placed, pixmap);
        }
        return;
    }
    if let usvg::Node::Path(path) = node
        && draw_path(path, transform, pixmap)
    {
        return;
    }
    // A piece read once for all its places (`piece_images`): its group,
    // drawn where the image stands, as a `<use>` of it is drawn.
    if let Some(group) = super::piece_images::held_group(node) {
        draw_children(group, transform.pre_concat(group.transform()), pixmap);
        return;
    }
    // resvg draws a node at its bounding box's corner: start that much
    // back, so that it lands where the tree puts it.
    if let Some(b) = node.abs_layer_bounding_box() {
        let at = transform.pre_translate(b.x(), b.y());
        if let usvg::Node::Group(group) = node
            && draw_translucent(group, at.pre_translate(-b.x(), -b.y()), pixmap)
        {
            return;
        }
        resvg::render_node(node, at, pixmap);
    }
}

/// A group whose only effect is its opacity (an arrow), drawn as resvg
/// draws it, onto a layer its size that is then blended with its opacity,
/// but with this module's drawing and blending: resvg blends through a
/// pattern shader, over the whole layer. False for any other group, or a
/// layer resvg would trim, left to resvg.
fn draw_translucent(group: &usvg::Group, transform: Transform, pixmap: &mut PixmapMut) -> bool {
    if group.opacity() == usvg::Opacity::ONE
        || group.clip_path().is_some()
        || group.mask().is_some()
        || !group.filters().is_empty()
        || group.blend_mode() != usvg::BlendMode::Normal
    {
        return false;
    }
    // resvg's `render_group`, step by step, for the same layer.
    let transform = transform.pre_concat(group.transform());
    let Some(bbox) = group.layer_bounding_box().transform(transform) else {
        return false;
    };
    let Some(layer) = tiny_skia::IntRect::from_xywh(
        bbox.x().floor() as i32 - 2,
        bbox.y().floor() as i32 - 2,
        bbox.width().ceil() as u32 + 4,
        bbox.height().ceil() as u32 + 4,
    ) else {
        return false;
    };
    let (w, h) = (pixmap.width() as i32, pixmap.height() as i32);
    let within = layer.x() >= -2 * w
        && layer.y() >= -2 * h
        && layer.right() <= 3 * w
        && layer.bottom() <= 3 * h;
    let Some(mut sub) = within
        .then(|| Pixmap::new(layer.width(), layer.height()))
        .flatten()
    else {
        return false;
    };
    let dx = bbox.x() - (bbox.x() - layer.x() as f32);
    let dy = bbox.y() - (bbox.y() - layer.y() as f32);
    let shifted = Transform::from_translate(-dx, -dy).pre_concat(transform);
    draw_children(group, shifted, &mut sub.as_mut());
    blend(pixmap, &sub, layer.x(), layer.y(), group.opacity().get());
    true
}

/// Source-over of `layer` at (x, y) scaled by `opacity`, computed as
/// tiny-skia's high-precision pipeline computes `draw_pixmap` (in f32,
/// rounded to nearest even): the same bytes. A bare pixel leaves the one
/// under it as it is, as that computation does.
fn blend(pixmap: &mut PixmapMut, layer: &Pixmap, x: i32, y: i32, opacity: f32) {
    let (dw, dh) = (pixmap.width() as i32, pixmap.height() as i32);
    let (lw, lh) = (layer.width() as i32, layer.height() as i32);
    let (x0, x1) = (x.max(0), (x + lw).min(dw));
    let (y0, y1) = (y.max(0), (y + lh).min(dh));
    if x0 >= x1 || y0 >= y1 {
        return;
    }
    const UNIT: f32 = 1.0 / 255.0;
    let to = pixmap.data_mut();
    let from = layer.data();
    for row in y0..y1 {
        let t = ((row * dw + x0) * 4) as usize;
        let f = (((row - y) * lw + (x0 - x)) * 4) as usize;
        let n = ((x1 - x0) * 4) as usize;
        for (d, s) in to[t..t + n]
            .chunks_exact_mut(4)
            .zip(from[f..f + n].chunks_exact(4))
        {
            if s[3] == 0 {
                continue;
            }
            let keep = 1.0 - f32::from(s[3]) * UNIT * opacity;
            for c in 0..4 {
                let v = f32::from(d[c]) * UNIT * keep + f32::from(s[c]) * UNIT * opacity;
                d[c] = (v.clamp(0.0, 1.0) * 255.0).round_ties_even() as u8;
            }
        }
    }
}

/// A path painted in plain colours, drawn as resvg's `path::render` draws
/// it (whose own entry point skips a stroked straight line: its bounding
/// box has no area); false for other paints, left to resvg.
fn draw_path(path: &usvg::Path, transform: Transform, pixmap: &mut PixmapMut) -> bool {
    let colour = |paint: &usvg::Paint, opacity: usvg::Opacity| match paint {
        usvg::Paint::Color(c) => {
            let mut p = tiny_skia::Paint::default();
            p.set_color_rgba8(c.red, c.green, c.blue, opacity.to_u8());
            p.anti_alias = path.rendering_mode().use_shape_antialiasing();
            Some(p)
        }
        _ => None,
    };
    let fill = match path.fill() {
        Some(f) => match colour(f.paint(), f.opacity()) {
            Some(p) => Some((p, f.rule())),
            None => return false,
        },
        None => None,
    };
    let stroke = match path.stroke() {
        Some(s) => match colour(s.paint(), s.opacity()) {
            Some(p) => Some((p, s.to_tiny_skia())),
            None => return false,
        },
        None => None,
    };
    if !path.is_visible() {
        return true;
    }
    let data = path.data();
    let do_fill = |pixmap: &mut PixmapMut| {
        let bounds = data.bounds();
        // As resvg: a straight line has nothing to fill.
        if let Some((paint, rule)) = &fill
            && bounds.width() != 0.0
            && bounds.height() != 0.0
        {
            let rule = match rule {
                usvg::FillRule::NonZero => tiny_skia::FillRule::Winding,
                usvg::FillRule::EvenOdd => tiny_skia::FillRule::EvenOdd,
            };
            pixmap.fill_path(data, paint, rule, transform, None);
        }
    };
    let do_stroke = |pixmap: &mut PixmapMut| {
        if let Some((paint, stroke)) = &stroke {
            pixmap.stroke_path(data, paint, stroke, transform, None);
        }
    };
    if path.paint_order() == usvg::PaintOrder::FillAndStroke {
        do_fill(pixmap);
        do_stroke(pixmap);
    } else {
        do_stroke(pixmap);
        do_fill(pixmap);
    }
    true
}

/// Composites the picture of a group, drawing it first if it is not kept;
/// false when it cannot have one (drawn in place then).
fn draw_picture(group: &usvg::Group, transform: Transform, pixmap: &mut PixmapMut) -> bool {
    let (x, y) = (transform.tx.floor(), transform.ty.floor());
    if !(x.is_finite() && y.is_finite() && x.abs() < 1e6 && y.abs() < 1e6) {
        return false;
    }
    let mut hasher = Xxh3::new();
    if fingerprint(group, &mut hasher, &mut Vec::new()).is_none() {
        return false;
    }
    // The offset to a 4096th of a pixel: the same place comes out of f32
    // arithmetic a few 100,000ths of a pixel apart from one diagram to the
    // next (the current edition drew 650 pictures rather than 400).
    // tiny-skia places edges to a 256th of a pixel, so this moves few.
    let snap = |v: f32| (v * SUBPIXELS).round() / SUBPIXELS;
    let local = Transform {
        tx: snap(transform.tx - x),
        ty: snap(transform.ty - y),
        ..transform
    };
    let key = Key {
        content: hasher.digest128(),
        transform: [local.sx, local.kx, local.ky, local.sy, local.tx, local.ty].map(f32::to_bits),
    };
    let kept = lock(pictures()).get(&key);
    let picture = match kept {
        Some(p) => p,
        None => {
            let Some(picture) = draw_alone(group, local) else {
                return false;
            };
            let picture = Arc::new(picture);
            lock(pictures()).keep(key, picture.clone());
            picture
        }
    };
    composite(
        pixmap,
        &picture,
        x as i32 + picture.left,
        y as i32 + picture.top,
    );
    true
}

/// Source-over of premultiplied pixels at a whole-pixel offset, with
/// tiny-skia's rounding (`div255` of its low-precision pipeline):
/// `draw_pixmap` goes through a pattern shader, six times the work.
fn composite(pixmap: &mut PixmapMut, picture: &Picture, x: i32, y: i32) {
    let (dw, dh) = (pixmap.width() as i32, pixmap.height() as i32);
    let (sw, sh) = (
        picture.pixmap.width() as i32,
        picture.pixmap.height() as i32,
    );
    let (y0, y1) = (y.max(0), (y + sh).min(dh));
    let to = pixmap.data_mut();
    let from = picture.pixmap.data();
    for row in y0..y1 {
        let (first, last) = picture.inked[(row - y) as usize];
        let x0 = (x + first as i32).max(0);
        let x1 = (x + last as i32).min(dw);
        if x0 >= x1 {
            continue;
        }
        let n = ((x1 - x0) * 4) as usize;
        let t = ((row * dw + x0) * 4) as usize;
        let f = (((row - y) * sw + (x0 - x)) * 4) as usize;
        for (d, s) in to[t..t + n]
            .chunks_exact_mut(4)
            .zip(from[f..f + n].chunks_exact(4))
        {
            match s[3] {
                0 => {}
                // Covers: what the formula gives, without it.
                255 => d.copy_from_slice(s),
                alpha => {
                    let keep = 255 - u32::from(alpha);
                    for c in 0..4 {
                        let v = u32::from(s[c]) + ((u32::from(d[c]) * keep + 255) >> 8);
                        d[c] = v.min(255) as u8;
                    }
                }
            }
        }
    }
}

/// The span of each row from its first to past its last pixel that is not
/// transparent; (0, 0) for a bare row.
fn inked_spans(pixmap: &Pixmap) -> Vec<(u32, u32)> {
    let width = pixmap.width() as usize;
    pixmap
        .pixels()
        .chunks_exact(width.max(1))
        .map(|row| {
            let bare = |p: &tiny_skia::PremultipliedColorU8| p.alpha() == 0;
            match row.iter().position(|p| !bare(p)) {
                Some(first) => {
                    let last = row.len() - row.iter().rev().position(|p| !bare(p)).unwrap_or(0);
                    (first as u32, last as u32)
                }
                None => (0, 0),
            }
        })
        .collect()
}

/// Feeds what the group's children draw, relative to the group, to
/// `hasher`; None for what a picture does not hold (images, text,
/// gradients, isolated groups).
fn fingerprint(group: &usvg::Group, hasher: &mut Xxh3, scratch: &mut Vec<u8>) -> Option<()> {
    for node in group.children() {
        match node {
            usvg::Node::Group(g) if !g.should_isolate() => {
                fingerprint_group(b"g", g, hasher, scratch)?;
            }
            usvg::Node::Path(p) => fingerprint_path(p, hasher, scratch)?,
            node => {
                let g = super::piece_images::held_group(node)?;
                fingerprint_group(b"i", g, hasher, scratch)?;
            }
        }
    }
    Some(())
}

/// A group's transform and content, marked by `tag` (a group, or the one
/// an image holds).
fn fingerprint_group(
    tag: &[u8],
    g: &usvg::Group,
    hasher: &mut Xxh3,
    scratch: &mut Vec<u8>,
) -> Option<()> {
    let t = g.transform();
    hasher.update(tag);
    for v in [t.sx, t.kx, t.ky, t.sy, t.tx, t.ty] {
        hasher.update(&v.to_bits().to_le_bytes());
    }
    fingerprint(g, hasher, scratch)?;
    hasher.update(b"/");
    hasher.update(tag);
    Some(())
}

/// A picture's bounds: the group's, or for a group that only places an
/// image of an SVG (through groups that move nothing), those of what the
/// image holds, as for a `<use>` of it (usvg bounds an image by its box).
/// The picture's pixmap starts at these bounds, and the pixels drawn
/// depend on where: the same bounds draw the same pixels as the `<use>`.
fn picture_bounds(group: &usvg::Group) -> usvg::NonZeroRect {
    let mut inner = group;
    loop {
        match inner.children() {
            [usvg::Node::Group(g)] if g.transform().is_identity() => inner = g,
            [node] => match super::piece_images::held_group(node) {
                Some(held) if held.transform().is_identity() => return held.layer_bounding_box(),
                _ => break,
            },
            _ => break,
        }
    }
    group.layer_bounding_box()
}

/// Feeds what `p` draws to `hasher`; None for a paint other than a plain
/// colour.
pub(super) fn fingerprint_path(
    p: &usvg::Path,
    hasher: &mut Xxh3,
    scratch: &mut Vec<u8>,
) -> Option<()> {
    scratch.clear();
    let colour = |paint: &usvg::Paint| match paint {
        usvg::Paint::Color(c) => Some((c.red, c.green, c.blue)),
        _ => None,
    };
    let _ = write!(
        scratch,
        "p{:?}{:?}{:?}",
        p.is_visible(),
        p.paint_order(),
        p.rendering_mode()
    );
    if let Some(f) = p.fill() {
        let _ = write!(
            scratch,
            "f{:?}{:?}{:?}",
            colour(f.paint())?,
            f.opacity().get().to_bits(),
            f.rule()
        );
    }
    if let Some(s) = p.stroke() {
        let _ = write!(
            scratch,
            "s{:?}{:?}{:?}{:?}{:?}{:?}{:?}{:?}",
            colour(s.paint())?,
            s.opacity().get().to_bits(),
            s.width().get().to_bits(),
            s.linecap(),
            s.linejoin(),
            s.miterlimit().get().to_bits(),
            s.dasharray(),
            s.dashoffset().to_bits()
        );
    }
    // One update for the whole path: a few bytes an update cost more in
    // the hasher's bookkeeping than in hashing.
    let data = p.data();
    scratch.push(data.verbs().len() as u8);
    scratch.extend(data.verbs().iter().map(|v| *v as u8));
    for point in data.points() {
        scratch.extend_from_slice(&point.x.to_bits().to_le_bytes());
        scratch.extend_from_slice(&point.y.to_bits().to_le_bytes());
    }
    hasher.update(scratch);
    Some(())
}

/// The group's children drawn on a transparent pixmap just large enough,
/// with 2 pixels to spare for anti-aliasing as resvg leaves for a layer.
fn draw_alone(group: &usvg::Group, local: Transform) -> Option<Picture> {
    let bounds = picture_bounds(group).transform(local)?;
    let left = bounds.left().floor() as i32 - 2;
    let top = bounds.top().floor() as i32 - 2;
    let width = u32::try_from(bounds.right().ceil() as i32 + 2 - left).ok()?;
    let height = u32::try_from(bounds.bottom().ceil() as i32 + 2 - top).ok()?;
    let mut pixmap = Pixmap::new(width, height)?;
    let shifted = local.post_translate(-left as f32, -top as f32);
    draw_children(group, shifted, &mut pixmap.as_mut());
    let inked = inked_spans(&pixmap);
    Some(Picture {
        pixmap,
        left,
        top,
        inked,
    })
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A board with pieces, cards, rings, arrows and text in its margins.
    pub(crate) fn mixed_diagram_svg(style: &crate::style::Style) -> String {
        let start = "    r n b q k b n r\n    p p p p p p p p\n    . . . . . . . .\n    . . . . . . . .\n    . . . . . . . .\n    . . . . . . . .\n    P P P P P P P P\n    R N B Q K B N R\n";
        let text = format!(
            "{start}    margins: 0, 1, 4.5, 1\n    arrow: e2, e4, white\n    arrow: d7, d7, black\n    card: r, 8.5, -1\n    card: N, 9, 2.2\n    card: P, 10.5, 2.5\n    text: Chess960, 10, 1\n"
        );
        crate::render::diagram_svg(&crate::render::svg::tests::parse(&text), style)
    }

    /// The largest difference of any channel between the drawing with
    /// pictures and resvg's own, over diagrams with pieces, cards, rings,
    /// arrows and text.
    #[test]
    fn pictures_draw_what_resvg_draws_within_rounding() {
        let style = crate::style::Style::default();
        let svg = mixed_diagram_svg(&style);
        let tree = crate::render::parse_svg(&svg).unwrap();
        let (w, h) = (411, 411);
        let scale = Transform::from_scale(0.8, 0.8);
        let mut ours = Pixmap::new(w, h).unwrap();
        ours.fill(tiny_skia::Color::WHITE);
        let mut theirs = ours.clone();
        // Twice: drawn, then from the kept pictures.
        for _ in 0..2 {
            let mut again = theirs.clone();
            render(&tree, scale, &mut again.as_mut());
            ours = again;
        }
        resvg::render(&tree, scale, &mut theirs.as_mut());
        let diffs: Vec<u8> = ours
            .data()
            .iter()
            .zip(theirs.data())
            .map(|(a, b)| a.abs_diff(*b))
            .collect();
        // Rounding of the compositing: at most 2 of 255. A sub-pixel sample
        // on an edge may round the other way (tiny-skia samples 4 x 4 a
        // pixel, so 16, 32 or 64) on a few edge pixels.
        let worst = diffs.iter().max().copied().unwrap();
        let edges = diffs.iter().filter(|d| **d > 2).count();
        assert!(worst <= 64, "differs by {worst}");
        assert!(
            edges * 1000 < diffs.len(),
            "{edges} channels differ by more than 2"
        );
        assert_ne!(ours.data(), Pixmap::new(w, h).unwrap().data());
    }

    /// A translucent layer blends to the bytes tiny-skia's `draw_pixmap`
    /// makes, over every pair of a layer's and a canvas's values met.
    #[test]
    fn a_translucent_layer_blends_as_tiny_skia_blends_it() {
        let (w, h) = (64, 48);
        let mut layer = Pixmap::new(w, h).unwrap();
        let mut canvas = Pixmap::new(w + 10, h + 10).unwrap();
        // Premultiplied values of every alpha, and a canvas of every shade.
        for (i, p) in layer.pixels_mut().iter_mut().enumerate() {
            let a = (i * 7 % 256) as u8;
            let c = |k: usize| ((i * k % 256) as u8).min(a);
            *p = tiny_skia::PremultipliedColorU8::from_rgba(c(3), c(5), c(11), a).unwrap();
        }
        for (i, p) in canvas.pixels_mut().iter_mut().enumerate() {
            let a = 255 - (i * 13 % 97) as u8;
            let c = |k: usize| ((i * k % 256) as u8).min(a);
            *p = tiny_skia::PremultipliedColorU8::from_rgba(c(2), c(9), c(17), a).unwrap();
        }
        for (opacity, x, y) in [(0.8, 3, 4), (0.35, -5, 20), (0.999, 30, -7)] {
            let mut theirs = canvas.clone();
            let paint = tiny_skia::PixmapPaint {
                opacity,
                blend_mode: tiny_skia::BlendMode::SourceOver,
                quality: tiny_skia::FilterQuality::Nearest,
            };
            theirs.draw_pixmap(x, y, layer.as_ref(), &paint, Transform::identity(), None);
            let mut ours = canvas.clone();
            blend(&mut ours.as_mut(), &layer, x, y, opacity);
            assert_ne!(ours.data(), canvas.data(), "nothing blended at {opacity}");
            assert_eq!(ours.data(), theirs.data(), "opacity {opacity} at {x}, {y}");
        }
    }
}
