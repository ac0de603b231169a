//! Sheets of cards as the book's laid-out pages, so the book's krilla
//! writer (embedded subset fonts, SVGs as vectors, fixed bytes) makes the PDF.

use std::collections::BTreeMap;

use super::Face;
use super::layout::{Grid, PER_PAGE, TextBand};
use crate::pdf::layout::{Draw, Label, Laid, Page, parse_svg};
use crate::pdf::text::{FaceId, Fonts, Rgb, Shaper, advance};
use crate::pdf::write::{Meta, write};
use crate::style::Style;

const MARK_WIDTH: f32 = 0.4;
const MARK_COLOUR: Rgb = (0, 0, 0);
const TEXT_COLOUR: Rgb = (90, 90, 90);

pub fn pdf(
    title: &str,
    faces: &[Face],
    style: &Style,
    grid: &Grid,
    options: &super::DeckOptions,
) -> Result<Vec<u8>, String> {
    let fonts = Fonts::new(crate::assets::BODY_FAMILY, &style.card.letter_font)?;
    let mut shaper = Shaper::new(&fonts);
    let mut trees = Vec::new();
    // One tree per distinct face, placed as often as it is printed.
    let mut printed: Vec<usize> = Vec::new();
    let mut back = None;
    for f in faces {
        let tree = parse_svg(&f.svg).map_err(|e| format!("{}: {e}", f.name))?;
        if f.name == "back" {
            back = Some(trees.len());
        }
        printed.extend(std::iter::repeat_n(trees.len(), f.copies));
        trees.push(tree);
    }
    let back = match back {
        Some(b) => b,
        None => {
            let svg = crate::render::card_svg("back", style);
            trees.push(parse_svg(&svg)?);
            trees.len() - 1
        }
    };
    let bleed_tree = if grid.bleed > 0.0 {
        let fill = crate::render::esc(&style.card.fill);
        trees.push(parse_svg(&format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\" viewBox=\"0 0 10 10\"><rect width=\"10\" height=\"10\" fill=\"{fill}\"/></svg>"
        ))?);
        Some(trees.len() - 1)
    } else {
        None
    };

    let sheets = printed.len().div_ceil(PER_PAGE);
    let mut pages = Vec::new();
    for (s, chunk) in printed.chunks(PER_PAGE).enumerate() {
        let mut draws = Vec::new();
        let slots: Vec<(f32, f32)> = (0..chunk.len()).map(|i| grid.slot(i)).collect();
        bleed(&mut draws, grid, &slots, bleed_tree);
        for (&tree, &at) in chunk.iter().zip(&slots) {
            card(&mut draws, grid, at, tree);
        }
        marks(&mut draws, grid);
        let heading = format!("{title}: card deck, sheet {} of {sheets}", s + 1);
        let note = if options.backs {
            "Print at 100%, two-sided, flip on long edge. Cut on the marks."
        } else {
            "Print at 100% on card stock. Cut on the marks."
        };
        margin_text(&mut draws, &mut trees, &mut shaper, grid, &heading, note)?;
        pages.push(draws);
        if options.backs {
            let mut draws = Vec::new();
            let slots: Vec<(f32, f32)> = (0..chunk.len()).map(|i| grid.back_slot(i)).collect();
            bleed(&mut draws, grid, &slots, bleed_tree);
            for &at in &slots {
                card(&mut draws, grid, at, back);
            }
            marks(&mut draws, grid);
            let heading = format!("{title}: card backs for sheet {} of {sheets}", s + 1);
            margin_text(
                &mut draws,
                &mut trees,
                &mut shaper,
                grid,
                &heading,
                "Backs of the sheet before, mirrored to line up.",
            )?;
            pages.push(draws);
        }
    }
    let laid = Laid {
        pages: pages
            .into_iter()
            .enumerate()
            .map(|(i, draws)| Page {
                width: grid.page_w,
                height: grid.page_h,
                label: Label::Arabic(i as u32 + 1),
                draws,
                links: Vec::new(),
            })
            .collect(),
        trees,
        images: Vec::new(),
        outline: Vec::new(),
        anchors: BTreeMap::new(),
    };
    let meta = Meta {
        title: format!("{title}: card deck"),
        subject: Some(
            "Chess cards and player aids to print on card stock and cut out (poker size, 2.5 x 3.5 in)"
                .to_string(),
        ),
        author: None,
        keywords: vec!["chess".into(), "cards".into(), "print and play".into()],
        date: options.date,
    };
    write(&laid, &fonts, &meta, None)
}

/// The card background under a sheet's cards, past the outer cut lines.
fn bleed(draws: &mut Vec<Draw>, grid: &Grid, slots: &[(f32, f32)], tree: Option<usize>) {
    if let (Some(tree), Some((x, y, w, h))) = (tree, grid.bleed_rect(slots)) {
        draws.push(Draw::Svg { tree, x, y, w, h });
    }
}

/// A card at its cut-edge corner.
fn card(draws: &mut Vec<Draw>, grid: &Grid, (x, y): (f32, f32), tree: usize) {
    draws.push(Draw::Svg {
        tree,
        x,
        y,
        w: grid.card_w,
        h: grid.card_h,
    });
}

fn marks(draws: &mut Vec<Draw>, grid: &Grid) {
    for (from, to) in grid.marks() {
        draws.push(Draw::Line {
            from,
            to,
            width: MARK_WIDTH,
            colour: MARK_COLOUR,
            dash: None,
        });
    }
}

/// The title and the instructions in the margins, between the crop
/// marks, shrunk if need be to fit there.
fn margin_text(
    draws: &mut Vec<Draw>,
    trees: &mut Vec<resvg::usvg::Tree>,
    shaper: &mut Shaper,
    grid: &Grid,
    heading: &str,
    note: &str,
) -> Result<(), String> {
    let inset = 4.0;
    // Text never runs into the marks nor deeper than the margin.
    let fit = |shaper: &mut Shaper, text: &str, face: FaceId, size: f32, span: f32, room: f32| {
        let natural = shaper.width(face, text, 1.0);
        size.min((span - 2.0 * inset).max(1.0) / natural.max(0.01))
            .min(room * 0.45)
            .max(0.5)
    };
    match grid.text_band() {
        TextBand::TopBottom { x0, x1, room } => {
            let top_edge = grid.top - grid.bleed;
            let bottom_edge = grid.page_h - top_edge;
            for (text, face, size, middle) in [
                (heading, FaceId::Bold, 8.0f32, top_edge - room / 2.0),
                (note, FaceId::Regular, 7.0, bottom_edge + room / 2.0),
            ] {
                let size = fit(shaper, text, face, size, x1 - x0, room);
                let glyphs = shaper.shape(face, text).to_vec();
                let w = advance(&glyphs) * size;
                draws.push(Draw::Text {
                    x: (x0 + x1 - w) / 2.0,
                    // Capitals are about 0.7 em: centre them on the band.
                    y: middle + 0.35 * size,
                    size,
                    face,
                    colour: TEXT_COLOUR,
                    text: text.to_string(),
                    glyphs,
                });
            }
        }
        TextBand::Sides { y0, y1, room } => {
            // Turned text as a small SVG: the PDF draws it with the same fonts.
            let left = grid.left - grid.bleed;
            for (text, face, size, x, turn) in [
                (heading, FaceId::Bold, 8.0f32, left - room, -90),
                (note, FaceId::Regular, 7.0, grid.page_w - left, 90),
            ] {
                let size = fit(shaper, text, face, size, y1 - y0, room);
                let (cx, cy) = (room / 2.0, (y1 - y0) / 2.0);
                let shift = if turn < 0 { 0.35 * size } else { -0.35 * size };
                let weight = if face == FaceId::Bold { 700 } else { 400 };
                let svg = format!(
                    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\"><text transform=\"translate({} {cy}) rotate({turn})\" text-anchor=\"middle\" font-family=\"{}\" font-weight=\"{weight}\" font-size=\"{size}\" fill=\"#5a5a5a\">{}</text></svg>",
                    cx + shift,
                    crate::assets::BODY_FAMILY,
                    crate::render::esc(text),
                    w = room,
                    h = y1 - y0,
                );
                trees.push(parse_svg(&svg)?);
                draws.push(Draw::Svg {
                    tree: trees.len() - 1,
                    x,
                    y: y0,
                    w: room,
                    h: y1 - y0,
                });
            }
        }
    }
    Ok(())
}
