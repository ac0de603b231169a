//! The floors of a fresh build of one rulebook, in CPU time, each beside an
//! outside reference for the same stage on the same input:
//!
//! - **rasterising**: the tool's rasteriser on every diagram's parsed
//!   drawing; librsvg's `rsvg-convert` on the same SVGs at the same size
//!   (its own PNG encoding included, its process start subtracted).
//! - **PNG encoding**: the tool's encoder on those pixels; the `png` crate
//!   at its fastest setting (no filter, the fastest deflate), and at the
//!   next (its fast deflate with the cheapest filter), on the same pixels.
//! - **the PDF**: laying the book out and writing it (no outside
//!   reference: no other tool sets this book).
//!
//! A floor is what a stage costs the tool when every diagram is drawn and
//! parsed already, on one thread; it is not a lower bound, which is what
//! the references are for. The whole build is measured the same way (CPU,
//! one thread, in a child process), so the two compare CPU with CPU.
//!
//! `cargo run --release --example floors -- rules/rules.md`
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

use chess_kit_docs::book::Book;
use chess_kit_docs::contents::table_of_contents;
use chess_kit_docs::pdf::{BookStyle, PdfOptions, book_pdf_drawn};
use chess_kit_docs::render::{DrawingStore, encode_png, rasterise};
use chess_kit_docs::style::Style;

#[path = "../benches/support/cpu.rs"]
mod cpu;
use cpu::children_cpu;

/// This process's CPU time, to the nanosecond.
fn process_cpu() -> Duration {
    // SAFETY: clock_gettime fills the struct it is given and nothing else.
    let t = unsafe {
        let mut t: libc::timespec = std::mem::zeroed();
        libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut t);
        t
    };
    Duration::new(t.tv_sec as u64, t.tv_nsec as u32)
}

/// The CPU time `f` takes on this process.
fn timed<T>(f: impl FnOnce() -> T) -> (T, Duration) {
    let start = process_cpu();
    let out = f();
    (out, process_cpu() - start)
}

/// The CPU time of the children `f` runs.
fn children(f: impl FnOnce()) -> Duration {
    let start = children_cpu();
    f();
    children_cpu() - start
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn have(tool: &str) -> bool {
    Command::new(tool)
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

fn main() {
    // One thread for every stage, the build's included: CPU against CPU.
    rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build_global()
        .expect("one thread");
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "rules/rules.md".into());
    let book = Book::load(Path::new(&path), &mut Vec::new()).expect("the book loads");
    let toc = table_of_contents(&book, &mut Vec::new());
    let style = Style::default();
    let store = DrawingStore::new(&style);
    let (drawings, drawn) = timed(|| {
        book.diagrams
            .iter()
            .filter_map(|e| {
                let d = e.diagram.as_ref()?;
                Some(
                    store
                        .drawing(store.key(book.source.slice(e.span)), d)
                        .expect("the diagram draws"),
                )
            })
            .collect::<Vec<_>>()
    });
    // One diagram at a time, as the build does: its pixels, the references'
    // encodings of them, then the tool's.
    let mut rastered = Duration::ZERO;
    let mut encoded = Duration::ZERO;
    let mut ours = 0;
    let mut references = vec![(Duration::ZERO, 0); PNG_SETTINGS.len()];
    let mut sizes = Vec::new();
    for d in &drawings {
        let ((pixmap, opaque), t) = timed(|| rasterise(&d.tree, &style).expect("rasterises"));
        rastered += t;
        sizes.push((pixmap.width(), pixmap.height()));
        for (setting, (cpu, bytes)) in PNG_SETTINGS.iter().zip(&mut references) {
            let (png, t) = timed(|| png_crate(&pixmap, opaque, *setting));
            *cpu += t;
            *bytes += png.len();
        }
        let (png, t) = timed(|| encode_png(pixmap, opaque).expect("encodes"));
        encoded += t;
        ours += png.len();
    }
    let (pdf, pdf_cpu) = timed(|| {
        book_pdf_drawn(
            &book,
            &toc,
            &store,
            &BookStyle::default(),
            &PdfOptions::default(),
        )
        .expect("the PDF is made")
    });
    let n = drawings.len();
    println!("{path}: {n} diagrams, CPU time on one thread\n");
    println!("{:<44} {:>9} {:>9}", "stage", "total", "a diagram");
    let row = |what: &str, d: Duration| {
        println!(
            "{what:<44} {:>6.1} ms {:>6.2} ms",
            ms(d),
            ms(d) / n.max(1) as f64
        )
    };
    row("draw and parse each diagram once", drawn);
    row("rasterise (the tool)", rastered);
    row(
        &format!("encode the PNGs (the tool, {} KB)", ours / 1024),
        encoded,
    );
    for ((compression, filter), (cpu, bytes)) in PNG_SETTINGS.iter().zip(&references) {
        row(
            &format!(
                "  png crate {compression:?}, {filter:?} ({} KB)",
                bytes / 1024
            ),
            *cpu,
        );
    }
    match rsvg(&drawings, &sizes) {
        Ok(d) => row("  rsvg-convert: rasterise and encode", d),
        Err(why) => println!("  rsvg-convert: skipped, {why}"),
    }
    row(
        &format!("the PDF: lay out and write ({} KB)", pdf.len() / 1024),
        pdf_cpu,
    );
    let floors = rastered + encoded + pdf_cpu;
    row("floors (rasterise + encode + PDF)", floors);
    match whole_build(&path) {
        Ok(d) => {
            row("the whole build (one thread, a child)", d);
            println!(
                "\nthe build is {:.2} times its floors, {:.2} times with drawing",
                d.as_secs_f64() / floors.as_secs_f64(),
                d.as_secs_f64() / (floors + drawn).as_secs_f64()
            );
        }
        Err(why) => println!("the whole build: skipped, {why}"),
    }
}

/// The `png` crate's settings the encoding is compared with: its fastest
/// deflate, which is fastest with no filter but compresses little, and the
/// next with the cheapest filter.
const PNG_SETTINGS: [(png::Compression, png::Filter); 2] = [
    (png::Compression::Fastest, png::Filter::NoFilter),
    (png::Compression::Fast, png::Filter::Up),
];

/// The pixels encoded by the `png` crate with `setting`.
fn png_crate(
    pixmap: &resvg::tiny_skia::Pixmap,
    opaque: bool,
    (compression, filter): (png::Compression, png::Filter),
) -> Vec<u8> {
    let data: Vec<u8> = if opaque {
        pixmap
            .data()
            .chunks_exact(4)
            .flat_map(|p| [p[0], p[1], p[2]])
            .collect()
    } else {
        pixmap.clone().take_demultiplied()
    };
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
    encoder.set_color(if opaque {
        png::ColorType::Rgb
    } else {
        png::ColorType::Rgba
    });
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(compression);
    encoder.set_filter(filter);
    let mut writer = encoder.write_header().expect("a header");
    writer.write_image_data(&data).expect("the pixels");
    writer.finish().expect("the end");
    out
}

/// `rsvg-convert`'s CPU for the diagrams' SVGs at the tool's sizes, less
/// as many runs on an empty drawing (its process start).
fn rsvg(
    drawings: &[std::sync::Arc<chess_kit_docs::render::Drawing>],
    sizes: &[(u32, u32)],
) -> Result<Duration, String> {
    if !have("rsvg-convert") {
        return Err("not installed (apt-get install librsvg2-bin)".into());
    }
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    let empty = dir.path().join("empty.svg");
    std::fs::write(
        &empty,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>"#,
    )
    .map_err(|e| e.to_string())?;
    let mut files = Vec::new();
    for (i, (d, (w, h))) in drawings.iter().zip(sizes).enumerate() {
        let svg = dir.path().join(format!("{i}.svg"));
        std::fs::write(&svg, &d.svg).map_err(|e| e.to_string())?;
        files.push((svg, *w, *h));
    }
    let run = |svg: &Path, w: u32, h: u32| {
        let ok = Command::new("rsvg-convert")
            .args(["-w", &w.to_string(), "-h", &h.to_string(), "-b", "white"])
            .arg("-o")
            .arg(dir.path().join("out.png"))
            .arg(svg)
            .status()
            .is_ok_and(|s| s.success());
        assert!(ok, "rsvg-convert failed on {}", svg.display());
    };
    let drawing = children(|| files.iter().for_each(|(f, w, h)| run(f, *w, *h)));
    let start = children(|| files.iter().for_each(|_| run(&empty, 1, 1)));
    Ok(drawing.saturating_sub(start))
}

/// A fresh build of the book on one thread, in a child process.
fn whole_build(book: &str) -> Result<Duration, String> {
    let tool = Path::new("target/release/chess-kit-docs");
    if !tool.exists() {
        return Err("no target/release/chess-kit-docs (cargo build --release)".into());
    }
    let out = tempfile::tempdir().map_err(|e| e.to_string())?;
    let mut ok = false;
    let d = children(|| {
        ok = Command::new(tool)
            .args(["build", "-q", book, "--out"])
            .arg(out.path().join("o"))
            .env("RAYON_NUM_THREADS", "1")
            .status()
            .is_ok_and(|s| s.success());
    });
    if ok {
        Ok(d)
    } else {
        Err("the build failed".into())
    }
}
