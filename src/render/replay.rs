//! Runs of large paths drawn in place (a board's frame, its light squares
//! and its dark ones) drawn once for each place, scale and the pixels
//! under them, and replayed: every diagram of a book draws the same board
//! onto the same background, and those three paths were a sixth of a
//! build's instructions. Drawing a path reads and writes only the pixels
//! under it, so the same paths, transform and pixels before give the
//! same pixels after: the pixels under the run before it is drawn are
//! kept with the ones after it, both run-length encoded (a board's region
//! is a few colours), and the ones after are written back where the run
//! meets the same pixels before.

use std::sync::{Arc, Mutex, OnceLock};

use resvg::tiny_skia::{PixmapMut, Transform};
use resvg::usvg;
use xxhash_rust::xxh3::Xxh3;

use super::lru::{Lru, lock};

/// A path smaller than this many pixels a side is not worth replaying.
const MIN_SIDE: f32 = 256.0;

/// Bytes of runs kept for the whole build (a board's region takes about
/// 0.1 MB).
const BUDGET: usize = 4 << 20;

/// Pixels to spare around a path's bounding box for anti-aliasing.
const SPARE: i32 = 2;

/// How many of the leading `nodes` form a run to replay: paths in plain
/// colours at least `MIN_SIDE` pixels a side under `transform`.
pub(super) fn run_length(nodes: &[usvg::Node], transform: Transform) -> usize {
    nodes
        .iter()
        .take_while(|node| {
            let usvg::Node::Path(path) = node else {
                return false;
            };
            let plain = |paint: Option<&usvg::Paint>| {
                paint.is_none_or(|p| matches!(p, usvg::Paint::Color(_)))
            };
            plain(path.fill().map(|f| f.paint()))
                && plain(path.stroke().map(|s| s.paint()))
                && path
                    .stroke_bounding_box()
                    .transform(transform)
                    .is_some_and(|b| b.width() >= MIN_SIDE && b.height() >= MIN_SIDE)
        })
        .count()
}

/// Draws `paths` (a run [`run_length`] found) with `draw`, or writes the
/// pixels they left the last time they met the same pixels.
pub(super) fn draw(
    paths: &[usvg::Node],
    transform: Transform,
    pixmap: &mut PixmapMut,
    draw: impl FnOnce(&mut PixmapMut),
) {
    let Some((key, region)) = key(paths, transform, pixmap) else {
        draw(pixmap);
        return;
    };
    let found = lock(kept()).get(&key);
    if let Some(entry) = found
        && entry.before.matches(pixmap, region)
    {
        entry.after.write(pixmap, region);
        return;
    }
    let before = Runs::of(pixmap, region);
    draw(pixmap);
    if let Some(before) = before
        && let Some(after) = Runs::of(pixmap, region)
    {
        lock(kept()).keep(key, Arc::new(Entry { before, after }));
    }
}

/// What the run's pixels depend on besides the pixels under it: what its
/// paths draw, the transform and the region; None when a path cannot be
/// told apart by what it draws, or the pixmap is one tiny-skia draws in
/// tiles (a region's pixels then depend on the tiling).
fn key(paths: &[usvg::Node], transform: Transform, pixmap: &PixmapMut) -> Option<(Key, Region)> {
    const TILED: u32 = 8191;
    if pixmap.width() > TILED || pixmap.height() > TILED {
        return None;
    }
    let mut hasher = Xxh3::new();
    let mut scratch = Vec::new();
    let mut bounds: Option<usvg::Rect> = None;
    for node in paths {
        let usvg::Node::Path(path) = node else {
            return None;
        };
        super::raster::fingerprint_path(path, &mut hasher, &mut scratch)?;
        let b = path.stroke_bounding_box().transform(transform)?;
        bounds = Some(match bounds {
            Some(a) => a.join(&b)?,
            None => b,
        });
    }
    let b = bounds?;
    let clamp = |v: f32, max: u32| (v as i64).clamp(0, i64::from(max)) as u32;
    let region = Region {
        left: clamp(b.left().floor() - SPARE as f32, pixmap.width()),
        top: clamp(b.top().floor() - SPARE as f32, pixmap.height()),
        right: clamp(b.right().ceil() + SPARE as f32, pixmap.width()),
        bottom: clamp(b.bottom().ceil() + SPARE as f32, pixmap.height()),
    };
    if region.left >= region.right || region.top >= region.bottom {
        return None;
    }
    let t = [
        transform.sx,
        transform.kx,
        transform.ky,
        transform.sy,
        transform.tx,
        transform.ty,
    ];
    Some((
        Key {
            content: hasher.digest128(),
            transform: t.map(f32::to_bits),
            region,
        },
        region,
    ))
}

#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Region {
    left: u32,
    top: u32,
    right: u32,
    bottom: u32,
}

#[derive(Clone, PartialEq, Eq, Hash)]
struct Key {
    content: u128,
    transform: [u32; 6],
    region: Region,
}

/// The pixels under a run before it was drawn, and the ones it left.
struct Entry {
    before: Runs,
    after: Runs,
}

/// A region's pixels, run-length encoded row by row.
struct Runs {
    /// Each run's pixel (its bytes as a native `u32`) and length; a run
    /// never spans two rows.
    runs: Vec<(u32, u32)>,
}

impl Runs {
    /// The region's pixels; None when they are too varied to gain from
    /// the encoding (more than a run in eight pixels).
    fn of(pixmap: &PixmapMut, r: Region) -> Option<Runs> {
        let most = ((r.right - r.left) * (r.bottom - r.top) / 8) as usize;
        let data = pixmap.as_ref().data();
        let mut runs = Vec::new();
        for row in rows(pixmap.width(), r) {
            let bytes = &data[row];
            let mut x = 0;
            while x < bytes.len() {
                let value = pixel(bytes, x);
                let end = run_end(bytes, x, value);
                runs.push((value, ((end - x) / 4) as u32));
                x = end;
            }
            if runs.len() > most {
                return None;
            }
        }
        Some(Runs { runs })
    }

    /// Whether the region holds these pixels.
    fn matches(&self, pixmap: &PixmapMut, r: Region) -> bool {
        let data = pixmap.as_ref().data();
        let mut runs = self.runs.iter();
        for row in rows(pixmap.width(), r) {
            let bytes = &data[row];
            let mut x = 0;
            while x < bytes.len() {
                let Some(&(value, len)) = runs.next() else {
                    return false;
                };
                let end = x + 4 * len as usize;
                if end > bytes.len() || !all(&bytes[x..end], value) {
                    return false;
                }
                x = end;
            }
        }
        runs.next().is_none()
    }

    /// Writes these pixels into the region they were taken from.
    fn write(&self, pixmap: &mut PixmapMut, r: Region) {
        let width = pixmap.width();
        let data = pixmap.data_mut();
        let mut runs = self.runs.iter();
        for row in rows(width, r) {
            let mut pixels = &mut data[row];
            while !pixels.is_empty() {
                let Some((value, len)) = runs.next() else {
                    return;
                };
                let n = (*len as usize * 4).min(pixels.len());
                let (these, rest) = std::mem::take(&mut pixels).split_at_mut(n);
                let value = value.to_ne_bytes();
                for p in these.chunks_exact_mut(4) {
                    p.copy_from_slice(&value);
                }
                pixels = rest;
            }
        }
    }

    fn bytes(&self) -> usize {
        self.runs.len() * std::mem::size_of::<(u32, u32)>()
    }
}

/// The pixel at byte `x` of `bytes`, as a native `u32`.
fn pixel(bytes: &[u8], x: usize) -> u32 {
    u32::from_ne_bytes([bytes[x], bytes[x + 1], bytes[x + 2], bytes[x + 3]])
}

/// Whether every pixel of `bytes` is `value` (the whole slice compared,
/// which the compiler vectorises, rather than stopping at the first).
fn all(bytes: &[u8], value: u32) -> bool {
    let value = value.to_ne_bytes();
    bytes
        .chunks_exact(4)
        .fold(bytes.len().is_multiple_of(4), |same, p| same & (p == value))
}

/// Where the pixels from byte `x` of `bytes` stop being `value`: sixteen
/// pixels a step, then one.
fn run_end(bytes: &[u8], mut x: usize, value: u32) -> usize {
    const BLOCK: usize = 64;
    while let Some(block) = bytes.get(x..x + BLOCK)
        && all(block, value)
    {
        x += BLOCK;
    }
    while x + 4 <= bytes.len() && pixel(bytes, x) == value {
        x += 4;
    }
    x
}

/// The byte range of each of the region's rows in a pixmap `width` wide.
fn rows(width: u32, r: Region) -> impl Iterator<Item = std::ops::Range<usize>> {
    let (w, left, right) = (width as usize, r.left as usize, r.right as usize);
    (r.top as usize..r.bottom as usize).map(move |y| (y * w + left) * 4..(y * w + right) * 4)
}

fn kept() -> &'static Mutex<Lru<Key, Entry>> {
    static KEPT: OnceLock<Mutex<Lru<Key, Entry>>> = OnceLock::new();
    KEPT.get_or_init(|| Mutex::new(Lru::new(BUDGET, |e| e.before.bytes() + e.after.bytes())))
}

#[cfg(test)]
mod tests {
    use super::*;
    use resvg::tiny_skia::{Color, Pixmap};

    /// A run of two large paths, drawn onto `background`, the second time
    /// from what the first left; on other pixels it is drawn again.
    #[test]
    fn a_run_is_replayed_only_onto_the_pixels_it_was_drawn_on() {
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"300\" height=\"300\">\
            <rect x=\"3.3\" y=\"4.7\" width=\"283\" height=\"271\" fill=\"#5a4332\"/>\
            <path d=\"M20.25 20.25h130v130h-130zM150.25 150.25h130v130h-130z\" fill=\"#b58863\" stroke=\"#123456\"/>\
            </svg>";
        let tree = crate::render::parse_svg(svg).unwrap();
        let nodes = tree.root().children();
        let scale = Transform::from_scale(1.7, 1.7);
        assert_eq!(run_length(nodes, scale), 2);
        let on = |colour: Color, replay: bool| {
            let mut pixmap = Pixmap::new(520, 520).unwrap();
            pixmap.fill(colour);
            let mut drawn = false;
            let mut draw_directly = |pixmap: &mut PixmapMut| {
                drawn = true;
                for node in nodes {
                    let usvg::Node::Path(path) = node else {
                        panic!("{node:?}")
                    };
                    let fill = path.fill().unwrap();
                    let usvg::Paint::Color(c) = fill.paint() else {
                        panic!()
                    };
                    let mut paint = resvg::tiny_skia::Paint::default();
                    paint.set_color_rgba8(c.red, c.green, c.blue, 255);
                    let rule = resvg::tiny_skia::FillRule::Winding;
                    pixmap.fill_path(path.data(), &paint, rule, scale, None);
                }
            };
            if replay {
                draw(nodes, scale, &mut pixmap.as_mut(), draw_directly);
            } else {
                draw_directly(&mut pixmap.as_mut());
            }
            (pixmap, drawn)
        };
        let white = Color::WHITE;
        let (want, _) = on(white, false);
        let (first, _) = on(white, true);
        let (again, drawn) = on(white, true);
        assert_eq!(first.data(), want.data());
        assert!(!drawn, "the same run on the same pixels is drawn again");
        assert_eq!(again.data(), want.data());
        // Other pixels under it: drawn, not replayed.
        let grey = Color::from_rgba8(200, 200, 200, 255);
        let (want, _) = on(grey, false);
        let (got, drawn) = on(grey, true);
        assert!(drawn, "replayed onto other pixels");
        assert_eq!(got.data(), want.data());
    }

    /// Runs encode a region and write it back, at any offset and width.
    #[test]
    fn runs_write_back_the_pixels_they_hold() {
        let mut pixmap = Pixmap::new(97, 61).unwrap();
        for (i, p) in pixmap.data_mut().chunks_exact_mut(4).enumerate() {
            let v = [(i / 37 % 3) as u8 * 80, 10, (i / 29 % 2) as u8, 255];
            p.copy_from_slice(&v);
        }
        let region = Region {
            left: 3,
            top: 2,
            right: 96,
            bottom: 60,
        };
        let runs = Runs::of(&pixmap.as_mut(), region).unwrap();
        let mut blank = Pixmap::new(97, 61).unwrap();
        assert!(!runs.matches(&blank.as_mut(), region));
        runs.write(&mut blank.as_mut(), region);
        assert!(runs.matches(&blank.as_mut(), region));
        let (want, got) = (pixmap.data(), blank.data());
        for (i, (a, b)) in want.chunks_exact(4).zip(got.chunks_exact(4)).enumerate() {
            let (x, y) = (i % 97, i / 97);
            let inside = (3..96).contains(&x) && (2..60).contains(&y);
            assert_eq!(b, if inside { a } else { &[0; 4][..] }, "{x}, {y}");
        }
    }
}
