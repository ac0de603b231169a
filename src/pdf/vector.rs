//! SVG drawings as PDF vectors, with every shape drawn once. A diagram
//! draws each piece and each coordinate letter from one definition
//! (`<use>`), which usvg copies out; drawn as they come, a 10,000-diagram
//! book repeats the same outlines a million times. Here a group of plain
//! paths becomes a form XObject, written once per document and placed by
//! reference wherever the same shape recurs.
//!
//! Only what the tool's own drawings use is drawn here: groups with a
//! transform and an opacity, paths with solid colours, and the images of
//! pieces a drawing's tree holds (`render::piece_images`), drawn as the
//! groups they hold. Any other drawing (a clip, a mask, a gradient, text,
//! another image) goes to krilla-svg whole, which draws it as it stands.

use std::collections::HashMap;

use krilla::color::{luma, rgb};
use krilla::geom::{Path, PathBuilder, Rect, Size, Transform};
use krilla::graphic::Graphic;
use krilla::num::NormalizedF32;
use krilla::paint::{Fill, FillRule, LineCap, LineJoin, Paint, Stroke, StrokeDash};
use krilla::surface::Surface;
use krilla_svg::{SurfaceExt, SvgSettings};
use resvg::usvg::{self, Node, tiny_skia_path::PathSegment};

/// The shapes of one document, by their exact content.
#[derive(Default)]
pub struct Shapes {
    drawn: HashMap<Vec<u32>, Graphic>,
}

impl Shapes {
    /// How many distinct shapes the document holds.
    pub fn len(&self) -> usize {
        self.drawn.len()
    }

    pub fn is_empty(&self) -> bool {
        self.drawn.is_empty()
    }
}

/// Draws `tree` scaled to `size` at the surface's origin, clipped to its
/// view, as krilla-svg's `draw_svg` does.
pub fn draw_svg(surface: &mut Surface, tree: &usvg::Tree, size: Size, shapes: &mut Shapes) {
    if !plain(tree.root()) {
        surface.draw_svg(tree, size, SvgSettings::default());
        return;
    }
    let view = tree.size();
    let clip = {
        let mut pb = PathBuilder::new();
        if let Some(r) = Rect::from_xywh(0.0, 0.0, view.width(), view.height()) {
            pb.push_rect(r);
        }
        match pb.finish() {
            Some(p) => p,
            None => return,
        }
    };
    let old_fill = surface.get_fill().cloned();
    let old_stroke = surface.get_stroke().cloned();
    surface.push_transform(&Transform::from_scale(
        size.width() / view.width(),
        size.height() / view.height(),
    ));
    surface.push_clip_path(&clip, &FillRule::NonZero);
    group(surface, tree.root(), shapes);
    surface.pop();
    surface.pop();
    surface.set_fill(old_fill);
    surface.set_stroke(old_stroke);
}

/// Whether every node below `g` is one this module draws.
fn plain(g: &usvg::Group) -> bool {
    g.clip_path().is_none()
        && g.mask().is_none()
        && g.filters().is_empty()
        && g.blend_mode() == usvg::BlendMode::Normal
        && g.children().iter().all(|n| match n {
            Node::Group(g) => plain(g),
            Node::Path(p) => {
                p.fill().is_none_or(|f| is_colour(f.paint()))
                    && p.stroke().is_none_or(|s| is_colour(s.paint()))
            }
            node @ Node::Image(_) => {
                crate::render::piece_images::held_group(node).is_some_and(plain)
            }
            Node::Text(_) => false,
        })
}

fn is_colour(paint: &usvg::Paint) -> bool {
    matches!(paint, usvg::Paint::Color(_))
}

fn group(surface: &mut Surface, g: &usvg::Group, shapes: &mut Shapes) {
    let t = g.transform();
    surface.push_transform(&Transform::from_row(t.sx, t.ky, t.kx, t.sy, t.tx, t.ty));
    let faded = g.opacity() != usvg::Opacity::ONE;
    let mut pops = 1;
    if faded {
        surface.push_opacity(NormalizedF32::new(g.opacity().get()).unwrap_or(NormalizedF32::ONE));
        pops += 1;
    }
    if g.isolate() || faded {
        surface.push_isolated();
        pops += 1;
    }
    let paths: Option<Vec<&usvg::Path>> = g
        .children()
        .iter()
        .map(|n| match n {
            Node::Path(p) => Some(p.as_ref()),
            _ => None,
        })
        .collect();
    match paths {
        Some(paths) if !paths.is_empty() => shape(surface, &paths, shapes),
        _ => {
            for child in g.children() {
                match child {
                    Node::Group(g) => group(surface, g, shapes),
                    Node::Path(p) => path(surface, p),
                    node @ Node::Image(_) => {
                        if let Some(g) = crate::render::piece_images::held_group(node) {
                            group(surface, g, shapes);
                        }
                    }
                    Node::Text(_) => {}
                }
            }
        }
    }
    for _ in 0..pops {
        surface.pop();
    }
}

/// A group of paths, drawn by reference to the one form XObject of its
/// content.
fn shape(surface: &mut Surface, paths: &[&usvg::Path], shapes: &mut Shapes) {
    let key = content_key(paths);
    let graphic = match shapes.drawn.get(&key) {
        Some(g) => g.clone(),
        None => {
            let mut builder = surface.stream_builder();
            let mut inner = builder.surface();
            for p in paths {
                path(&mut inner, p);
            }
            inner.finish();
            let graphic = Graphic::new(builder.finish(), false);
            shapes.drawn.insert(key, graphic.clone());
            graphic
        }
    };
    surface.draw_graphic(graphic);
}

fn path(surface: &mut Surface, p: &usvg::Path) {
    if !p.is_visible() {
        return;
    }
    match p.paint_order() {
        usvg::PaintOrder::FillAndStroke => paint(surface, p, p.fill(), p.stroke()),
        usvg::PaintOrder::StrokeAndFill => {
            paint(surface, p, None, p.stroke());
            paint(surface, p, p.fill(), None);
        }
    }
}

fn paint(
    surface: &mut Surface,
    p: &usvg::Path,
    fill: Option<&usvg::Fill>,
    stroke: Option<&usvg::Stroke>,
) {
    // With neither, krilla would fill with black.
    if fill.is_none() && stroke.is_none() {
        return;
    }
    let Some(outline) = outline(p) else {
        return;
    };
    surface.set_fill(fill.map(|f| Fill {
        paint: colour(f.paint()),
        opacity: normalized(f.opacity().get()),
        rule: match f.rule() {
            usvg::FillRule::NonZero => FillRule::NonZero,
            usvg::FillRule::EvenOdd => FillRule::EvenOdd,
        },
    }));
    surface.set_stroke(stroke.map(|s| Stroke {
        paint: colour(s.paint()),
        width: s.width().get(),
        miter_limit: s.miterlimit().get(),
        line_cap: match s.linecap() {
            usvg::LineCap::Butt => LineCap::Butt,
            usvg::LineCap::Round => LineCap::Round,
            usvg::LineCap::Square => LineCap::Square,
        },
        line_join: match s.linejoin() {
            usvg::LineJoin::Miter | usvg::LineJoin::MiterClip => LineJoin::Miter,
            usvg::LineJoin::Round => LineJoin::Round,
            usvg::LineJoin::Bevel => LineJoin::Bevel,
        },
        opacity: normalized(s.opacity().get()),
        dash: s.dasharray().map(|array| StrokeDash {
            array: array.to_vec(),
            offset: s.dashoffset(),
        }),
    }));
    surface.draw_path(&outline);
}

fn normalized(v: f32) -> NormalizedF32 {
    NormalizedF32::new(v.clamp(0.0, 1.0)).unwrap_or(NormalizedF32::ONE)
}

/// A colour as krilla-svg gives it: a grey as a luma colour.
fn colour(paint: &usvg::Paint) -> Paint {
    match paint {
        usvg::Paint::Color(c) if c.red == c.green && c.green == c.blue => {
            luma::Color::new(c.red).into()
        }
        usvg::Paint::Color(c) => rgb::Color::new(c.red, c.green, c.blue).into(),
        // `plain` sent every other paint to krilla-svg.
        _ => luma::Color::black().into(),
    }
}

fn outline(p: &usvg::Path) -> Option<Path> {
    let mut pb = PathBuilder::new();
    for seg in p.data().segments() {
        match seg {
            PathSegment::MoveTo(a) => pb.move_to(a.x, a.y),
            PathSegment::LineTo(a) => pb.line_to(a.x, a.y),
            PathSegment::QuadTo(a, b) => pb.quad_to(a.x, a.y, b.x, b.y),
            PathSegment::CubicTo(a, b, c) => pb.cubic_to(a.x, a.y, b.x, b.y, c.x, c.y),
            PathSegment::Close => pb.close(),
        }
    }
    pb.finish()
}

/// Everything that decides how `paths` look, exactly: two groups share a
/// form XObject only when they would draw the same marks.
fn content_key(paths: &[&usvg::Path]) -> Vec<u32> {
    let mut key = Vec::new();
    let colour = |key: &mut Vec<u32>, paint: &usvg::Paint| {
        if let usvg::Paint::Color(c) = paint {
            key.push(u32::from_be_bytes([0, c.red, c.green, c.blue]));
        }
    };
    for p in paths {
        key.push(u32::from(p.is_visible()));
        key.push(matches!(p.paint_order(), usvg::PaintOrder::StrokeAndFill).into());
        match p.fill() {
            Some(f) => {
                key.push(1 + u32::from(f.rule() == usvg::FillRule::EvenOdd));
                colour(&mut key, f.paint());
                key.push(f.opacity().get().to_bits());
            }
            None => key.push(0),
        }
        match p.stroke() {
            Some(s) => {
                key.push(1);
                colour(&mut key, s.paint());
                key.extend([
                    s.opacity().get().to_bits(),
                    s.width().get().to_bits(),
                    s.miterlimit().get().to_bits(),
                    s.linecap() as u32,
                    s.linejoin() as u32,
                    s.dashoffset().to_bits(),
                ]);
                let dashes = s.dasharray().unwrap_or(&[]);
                key.push(dashes.len() as u32);
                key.extend(dashes.iter().map(|d| d.to_bits()));
            }
            None => key.push(0),
        }
        let data = p.data();
        key.push(data.verbs().len() as u32);
        key.extend(data.verbs().iter().map(|v| *v as u32));
        key.extend(
            data.points()
                .iter()
                .flat_map(|pt| [pt.x.to_bits(), pt.y.to_bits()]),
        );
    }
    key
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tree(svg: &str) -> usvg::Tree {
        usvg::Tree::from_str(svg, &usvg::Options::default()).expect("a test SVG")
    }

    fn paths_of(g: &usvg::Group) -> Vec<&usvg::Path> {
        g.children()
            .iter()
            .filter_map(|n| match n {
                Node::Path(p) => Some(p.as_ref()),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn the_same_marks_share_a_key_and_any_difference_parts_them() {
        let t = tree(
            r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">
            <path d="M0 0L5 5Z" fill="#123456"/>
            <path d="M0 0L5 5Z" fill="#123456"/>
            <path d="M0 0L5 5Z" fill="#123457"/>
            <path d="M0 0L5 6Z" fill="#123456"/>
            <path d="M0 0L5 5Z" fill="#123456" stroke="#000" stroke-width="1"/>
            <path d="M0 0L5 5Z" fill="#123456" fill-opacity="0.5"/>
            <path d="M0 0L5 5Z" fill="#123456" fill-rule="evenodd"/>
            </svg>"##,
        );
        let keys: Vec<Vec<u32>> = paths_of(t.root())
            .into_iter()
            .map(|p| content_key(&[p]))
            .collect();
        assert_eq!(keys[0], keys[1]);
        for (i, k) in keys.iter().enumerate().skip(2) {
            assert_ne!(&keys[0], k, "path {i} differs from the first");
        }
    }

    #[test]
    fn only_groups_and_solid_paths_are_plain() {
        let plain_svg = r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">
            <defs><path id="a" d="M0 0L5 5Z"/></defs>
            <g opacity="0.5"><use href="#a" fill="red" transform="translate(2 2)"/></g>
            </svg>"##;
        assert!(plain(tree(plain_svg).root()));
        for other in [
            r##"<defs><linearGradient id="g"><stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue"/></linearGradient></defs><path d="M0 0L5 5L0 5Z" fill="url(#g)"/>"##,
            r##"<defs><clipPath id="c"><rect width="3" height="3"/></clipPath></defs><g clip-path="url(#c)"><path d="M0 0L5 5L0 5Z"/></g>"##,
            r##"<g style="mix-blend-mode:multiply"><path d="M0 0L5 5L0 5Z"/></g>"##,
        ] {
            let svg = format!(
                r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">{other}</svg>"##
            );
            assert!(!plain(tree(&svg).root()), "{other}");
        }
    }
}
