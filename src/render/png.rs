//! SVG to PNG with resvg and tiny-skia, using only the embedded fonts, and a
//! fast deterministic PNG encoding.

use resvg::tiny_skia;
use resvg::usvg;

use super::{UNIT, paeth};
use crate::assets;
use crate::style::Style;

/// The largest PNG we make, so a mistaken scale can't eat the memory.
const MAX_SIDE: f64 = 16384.0;
const MAX_PIXELS: f64 = 64.0 * 1024.0 * 1024.0;

/// Rasterises one of our SVG documents so that one board square is
/// `style.png.pixels_per_square` pixels.
pub fn svg_to_png(svg: &str, style: &Style) -> Result<Vec<u8>, String> {
    tree_to_png(&parse(svg)?, style)
}

/// Rasterises a parsed drawing, as [`svg_to_png`].
pub fn tree_to_png(tree: &usvg::Tree, style: &Style) -> Result<Vec<u8>, String> {
    let (pixmap, opaque) = rasterise(tree, style)?;
    encode_pixmap(pixmap, opaque)
}

/// The pixels of a parsed drawing, and whether its background is opaque:
/// [`tree_to_png`] without the encoding (the floors time the two apart).
pub fn rasterise(tree: &usvg::Tree, style: &Style) -> Result<(tiny_skia::Pixmap, bool), String> {
    let scale = style.png.pixels_per_square / UNIT;
    let size = tree.size();
    let (w, h) = (
        (f64::from(size.width()) * scale).round(),
        (f64::from(size.height()) * scale).round(),
    );
    if !(scale > 0.0
        && w >= 1.0
        && h >= 1.0
        && w <= MAX_SIDE
        && h <= MAX_SIDE
        && w * h <= MAX_PIXELS)
    {
        return Err(format!(
            "a {w} x {h} pixel image is out of range (pixels_per_square = {})",
            style.png.pixels_per_square
        ));
    }
    let (w, h) = (w as u32, h as u32);
    let background = parse_colour(&style.png.background)?;
    // Filled with the background as it is made: one pass over the pixels,
    // not a zeroing and then a fill.
    let fill = match background {
        Some(colour) => {
            let c = colour.premultiply().to_color_u8();
            [c.red(), c.green(), c.blue(), c.alpha()]
        }
        None => [0; 4],
    };
    // Doubling copies, as `[T]::repeat`, into the last image's buffer.
    let len = w as usize * h as usize * 4;
    let mut pixels = CANVAS.with(|c| c.take());
    pixels.clear();
    pixels.reserve_exact(len);
    pixels.extend_from_slice(&fill);
    while pixels.len() < len {
        pixels.extend_from_within(..pixels.len().min(len - pixels.len()));
    }
    let mut pixmap = tiny_skia::IntSize::from_wh(w, h)
        .and_then(|size| tiny_skia::Pixmap::from_vec(pixels, size))
        .ok_or_else(|| format!("cannot make a {w} x {h} image"))?;
    let scale = scale as f32;
    super::raster::render(
        tree,
        tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    Ok((pixmap, background.is_some_and(|c| c.is_opaque())))
}

/// A drawing's pixels as a PNG; the buffer is kept for the thread's next
/// drawing.
pub fn encode_pixmap(pixmap: tiny_skia::Pixmap, opaque: bool) -> Result<Vec<u8>, String> {
    let w = pixmap.width();
    // Opaque pixels are the same premultiplied or not.
    let pixels = if opaque {
        pixmap.take()
    } else {
        pixmap.take_demultiplied()
    };
    let png = encode(&pixels, w, opaque).map_err(|e| format!("PNG encoding failed: {e}"));
    if pixels.capacity() <= CANVAS_KEPT {
        CANVAS.with(|c| c.replace(pixels));
    }
    png
}

/// The largest image buffer a thread keeps for its next image: a fresh
/// buffer of a few MB an image costs more in page faults than in drawing.
const CANVAS_KEPT: usize = 16 << 20;

thread_local! {
    static CANVAS: std::cell::Cell<Vec<u8>> = const { std::cell::Cell::new(Vec::new()) };
}

/// Parses one of our SVGs with the embedded fonts only.
pub fn parse(svg: &str) -> Result<usvg::Tree, String> {
    parse_with(svg, |_| None)
}

/// [`parse`], with `image` answering an `<image>`'s href that is not a
/// data URL.
pub(super) fn parse_with(
    svg: &str,
    image: impl Fn(&str) -> Option<usvg::ImageKind> + Send + Sync,
) -> Result<usvg::Tree, String> {
    let options = usvg::Options {
        fontdb: assets::font_database(),
        font_family: assets::BODY_FAMILY.to_string(),
        // Self-contained drawings only: never read files an SVG names.
        image_href_resolver: usvg::ImageHrefResolver {
            resolve_data: usvg::ImageHrefResolver::default_data_resolver(),
            resolve_string: Box::new(move |href, _| image(href)),
        },
        ..usvg::Options::default()
    };
    usvg::Tree::from_str(svg, &options).map_err(|e| format!("bad SVG: {e}"))
}

/// `#rgb`, `#rrggbb`, `white`, `black`, or `none`/empty for transparent.
fn parse_colour(text: &str) -> Result<Option<tiny_skia::Color>, String> {
    let t = text.trim();
    let hex = |s: &str| u8::from_str_radix(s, 16).ok();
    let rgb = match t.to_ascii_lowercase().as_str() {
        "" | "none" | "transparent" => return Ok(None),
        "white" => Some((255, 255, 255)),
        "black" => Some((0, 0, 0)),
        _ => match t.strip_prefix('#') {
            Some(h) if h.len() == 6 && h.is_ascii() => {
                match (hex(&h[0..2]), hex(&h[2..4]), hex(&h[4..6])) {
                    (Some(r), Some(g), Some(b)) => Some((r, g, b)),
                    _ => None,
                }
            }
            Some(h) if h.len() == 3 && h.is_ascii() => {
                match (hex(&h[0..1]), hex(&h[1..2]), hex(&h[2..3])) {
                    (Some(r), Some(g), Some(b)) => Some((r * 17, g * 17, b * 17)),
                    _ => None,
                }
            }
            _ => None,
        },
    };
    match rgb {
        Some((r, g, b)) => Ok(Some(tiny_skia::Color::from_rgba8(r, g, b, 255))),
        None => Err(format!(
            "png background `{text}` is not a colour: write #rrggbb, #rgb or none"
        )),
    }
}

/// `pixels` (RGBA, `width` a row, not premultiplied) as a PNG: RGB when
/// the background is opaque (a quarter less to compress), RGBA otherwise.
/// These are the bytes png's encoder makes with fdeflate's fast mode and
/// the Paeth filter (measured on the seed diagrams: ten times faster than
/// the default settings for files about twice as large; Up, cheaper
/// still, made the current edition's 50% larger), made a row at a time
/// while it is in the cache: no whole-image copy to RGB, and a row the
/// same as the one above (a fifth of a board's) is all zeros, unfiltered.
fn encode(pixels: &[u8], width: u32, opaque: bool) -> Result<Vec<u8>, png::EncodingError> {
    let stride = width as usize * 4;
    let height = pixels.len() / stride.max(1);
    let bpp = if opaque { 3 } else { 4 };
    let len = width as usize * bpp;
    // The filtered row with its filter type in front; the row above the
    // first is all zeros.
    let mut filtered = vec![0; 1 + len];
    filtered[0] = PAETH;
    let zeros = vec![0; stride];
    let mut rows = paeth::Rows::new(len);
    let mut zlib = fdeflate::Compressor::new(Vec::new())?;
    let mut above = &zeros[..];
    for line in pixels.chunks_exact(stride) {
        // Paeth of a row under its equal predicts every byte exactly.
        if line == above {
            filtered[1..].fill(0);
        } else {
            paeth::filter(line, above, opaque, &mut filtered[1..], &mut rows);
        }
        zlib.write_data(&filtered)?;
        above = line;
    }
    let mut idat = zlib.finish()?;
    // As png: past the size of the rows stored uncompressed, they are.
    let raw = (len + 1) * height;
    if idat.len() > fdeflate::StoredOnlyCompressor::<()>::compressed_size(raw) {
        let mut stored = fdeflate::StoredOnlyCompressor::new(std::io::Cursor::new(Vec::new()))?;
        let mut row = vec![0; len];
        for line in pixels.chunks_exact(stride) {
            paeth::stored_row(line, opaque, &mut row);
            stored.write_data(&[0])?;
            stored.write_data(&row)?;
        }
        idat = stored.finish()?.into_inner();
    }
    let mut out = Vec::with_capacity(idat.len() + 64);
    {
        let mut encoder = png::Encoder::new(&mut out, width, height as u32);
        encoder.set_color(if opaque {
            png::ColorType::Rgb
        } else {
            png::ColorType::Rgba
        });
        encoder.set_depth(png::BitDepth::Eight);
        let mut writer = encoder.write_header()?;
        // png's largest IDAT chunk.
        for chunk in idat.chunks((u32::MAX >> 1) as usize) {
            writer.write_chunk(png::chunk::IDAT, chunk)?;
        }
        writer.finish()?;
    }
    Ok(out)
}

/// PNG's filter type 4, Paeth.
const PAETH: u8 = 4;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::diagram_svg;
    use crate::render::svg::tests::parse;

    const START: &str = "    r n b q k b n r\n    p p p p p p p p\n    . . . . . . . .\n    . . . . . . . .\n    . . . . . . . .\n    . . . . . . . .\n    P P P P P P P P\n    R N B Q K B N R\n";

    fn png_size(png: &[u8]) -> (u32, u32) {
        assert_eq!(&png[1..4], b"PNG");
        let w = u32::from_be_bytes([png[16], png[17], png[18], png[19]]);
        let h = u32::from_be_bytes([png[20], png[21], png[22], png[23]]);
        (w, h)
    }

    /// What png's own encoder makes of the same pixels, with the settings
    /// `encode` follows (fdeflate's fast mode, Paeth).
    fn png_crate(pixels: &[u8], width: u32, opaque: bool) -> Vec<u8> {
        let data: Vec<u8> = if opaque {
            pixels
                .chunks_exact(4)
                .flat_map(|p| &p[..3])
                .copied()
                .collect()
        } else {
            pixels.to_vec()
        };
        let mut out = Vec::new();
        let height = (pixels.len() / 4 / width as usize) as u32;
        let mut encoder = png::Encoder::new(&mut out, width, height);
        encoder.set_color(if opaque {
            png::ColorType::Rgb
        } else {
            png::ColorType::Rgba
        });
        encoder.set_depth(png::BitDepth::Eight);
        encoder.set_compression(png::Compression::Fast);
        encoder.set_filter(png::Filter::Paeth);
        let mut writer = encoder.write_header().unwrap();
        writer.write_image_data(&data).unwrap();
        writer.finish().unwrap();
        out
    }

    /// The rows made one at a time give png's bytes: on a diagram (with
    /// rows equal to the ones above), on noise (stored uncompressed, as
    /// png stores what fdeflate cannot shrink), opaque or not, and on odd
    /// widths (a pixel left over from the two-pixel steps).
    #[test]
    fn rows_encode_as_png_encodes_the_image() {
        let style = Style::default();
        let svg = diagram_svg(&parse(START), &style);
        let tree = super::parse(&svg).unwrap();
        let mut board = tiny_skia::Pixmap::new(203, 150).unwrap();
        board.fill(tiny_skia::Color::WHITE);
        crate::render::raster::render(
            &tree,
            tiny_skia::Transform::from_scale(0.5, 0.5),
            &mut board.as_mut(),
        );
        let mut x: u32 = 0x1234_5678;
        let noise: Vec<u8> = (0..61 * 7 * 4)
            .map(|i| {
                x ^= x << 13;
                x ^= x >> 17;
                x ^= x << 5;
                if i % 4 == 3 { 255 } else { x as u8 }
            })
            .collect();
        let stored = png_crate(&noise, 61, true);
        for (pixels, width) in [(board.data(), 203), (&noise[..], 61)] {
            for opaque in [true, false] {
                assert_eq!(
                    encode(pixels, width, opaque).unwrap(),
                    png_crate(pixels, width, opaque),
                    "{width} wide, opaque {opaque}"
                );
            }
        }
        // The noise took the stored path: its IDAT is larger than its rows.
        assert!(stored.len() > 61 * 7 * 3, "{}", stored.len());
    }

    #[test]
    fn plain_board_is_at_least_800_px_and_stable() {
        let style = Style::default();
        let svg = diagram_svg(&parse(START), &style);
        let a = svg_to_png(&svg, &style).unwrap();
        let (w, h) = png_size(&a);
        assert!(w >= 800, "{w}");
        assert_eq!(w, h);
        let b = svg_to_png(&svg, &style).unwrap();
        assert_eq!(a, b);
    }

    #[test]
    fn scale_follows_the_style() {
        let mut style = Style::default();
        style.png.pixels_per_square = 10.0;
        let text = format!("{START}    margins: 0, 1, 4.5, 1\n");
        let svg = diagram_svg(&parse(&text), &style);
        // 8 squares, a third of a square of frame each side, and the margins.
        assert_eq!(png_size(&svg_to_png(&svg, &style).unwrap()), (132, 107));
        style.png.background = "none".into();
        assert_eq!(png_size(&svg_to_png(&svg, &style).unwrap()), (132, 107));
        style.png.pixels_per_square = 0.0;
        assert!(svg_to_png(&svg, &style).is_err());
        style.png.pixels_per_square = 1e9;
        assert!(svg_to_png(&svg, &style).is_err());
    }

    /// The colour type and the first pixel of a PNG.
    fn first_pixel(png: &[u8]) -> (png::ColorType, Vec<u8>) {
        let mut reader = png::Decoder::new(std::io::Cursor::new(png))
            .read_info()
            .unwrap();
        let mut buf = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut buf).unwrap();
        let n = info.color_type.samples();
        (info.color_type, buf[..n].to_vec())
    }

    #[test]
    fn the_background_fills_what_is_not_drawn_on() {
        let mut style = Style::default();
        style.png.pixels_per_square = 10.0;
        // A margin leaves the top-left corner bare.
        let svg = diagram_svg(&parse(&format!("{START}    margins: 1, 1, 0, 0\n")), &style);
        style.png.background = "#123456".into();
        let (colour, pixel) = first_pixel(&svg_to_png(&svg, &style).unwrap());
        assert_eq!(
            (colour, pixel),
            (png::ColorType::Rgb, vec![0x12, 0x34, 0x56])
        );
        style.png.background = "none".into();
        let (colour, pixel) = first_pixel(&svg_to_png(&svg, &style).unwrap());
        assert_eq!((colour, pixel[3]), (png::ColorType::Rgba, 0));
    }

    #[test]
    fn bad_input_is_an_error_not_a_panic() {
        let style = Style::default();
        assert!(svg_to_png("not svg", &style).is_err());
        let mut bad = Style::default();
        bad.png.background = "#12345g".into();
        assert!(svg_to_png(&diagram_svg(&parse(START), &bad), &bad).is_err());
        assert_eq!(parse_colour("#fff").unwrap(), Some(tiny_skia::Color::WHITE));
        assert_eq!(parse_colour("none").unwrap(), None);
    }

    #[test]
    fn renders_in_parallel() {
        let style = Style::default();
        let svg = diagram_svg(&parse(START), &style);
        let first = svg_to_png(&svg, &style).unwrap();
        let handles: Vec<_> = (0..4)
            .map(|_| {
                let (svg, style) = (svg.clone(), style.clone());
                std::thread::spawn(move || svg_to_png(&svg, &style).unwrap())
            })
            .collect();
        for h in handles {
            assert_eq!(h.join().unwrap(), first);
        }
    }
}
