//! Sheets of cards. Each sheet is drawn as one SVG page, in points: every
//! card's background out to its bleed, the card's drawing shrunk into the
//! safe zone (turned a quarter when the grid lies on its side), the crop
//! marks and a line of title and instructions. The PDF places each sheet
//! as vectors with the book's krilla writer (embedded subset fonts, fixed
//! bytes), so a sheet rasterised is exactly a page of the PDF.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use base64::Engine as _;
use rayon::prelude::*;

use super::Face;
use super::layout::{Grid, Rect, SAFE, TextBand};
use crate::pdf::layout::{Draw, Figure, Label, Laid, Page, parse_svg};
use crate::pdf::text::{FaceId, Fonts, Shaper};
use crate::pdf::write::{Meta, write};
use crate::render::{esc, num};
use crate::style::Style;

const MARK_WIDTH: f64 = 0.4;
const MARK_COLOUR: &str = "#000000";
const TEXT_COLOUR: &str = "#5a5a5a";
/// Text smaller than this is left out: the guide says it all too.
const MIN_TEXT: f32 = 4.5;

/// One card on a sheet.
#[derive(Clone, Debug, PartialEq)]
pub struct Placed {
    /// An index into the deck's faces.
    pub face: usize,
    /// The trim on the page: x, y, width, height (turned or not).
    pub trim: Rect,
    /// Degrees the card's drawing is turned: 0 upright, -90 with its top to
    /// the left, 90 with its top to the right.
    pub turn: i32,
}

/// One page of the PDF.
#[derive(Clone, Debug)]
pub struct Sheet {
    pub width: f32,
    pub height: f32,
    pub cards: Vec<Placed>,
    /// For a page of backs: the index of the page whose backs these are.
    pub backs_of: Option<usize>,
    pub svg: String,
}

/// The printed cards as (face, back) pairs, in print order. With `backs`
/// each card carries its back; without, an aid's own back follows its front
/// as a card of its own, to sleeve back to back with it.
pub fn printed(faces: &[Face], backs: bool) -> Vec<(usize, usize)> {
    let deck_back = faces
        .iter()
        .position(|f| f.name == "back")
        .unwrap_or(faces.len());
    let mut out = Vec::new();
    for (i, f) in faces.iter().enumerate() {
        for _ in 0..f.copies {
            match (backs, f.back) {
                (true, Some(b)) => out.push((i, b)),
                (false, Some(b)) => {
                    out.push((i, deck_back));
                    out.push((b, deck_back));
                }
                (_, None) => out.push((i, deck_back)),
            }
        }
    }
    out
}

/// Every sheet of the deck, fronts and (with `backs`) backs after each.
pub fn sheets(
    title: &str,
    faces: &[Face],
    style: &Style,
    grid: &Grid,
    options: &super::DeckOptions,
) -> Result<Vec<Sheet>, String> {
    let fonts = Fonts::new(crate::assets::BODY_FAMILY, &style.card.letter_font)?;
    let mut shaper = Shaper::new(&fonts);
    // Each face once as a data URL; the deck's back is always there.
    let mut hrefs: Vec<String> = faces.iter().map(|f| data_url(&f.svg)).collect();
    if !faces.iter().any(|f| f.name == "back") {
        hrefs.push(data_url(&crate::render::card_svg("back", style)));
    }
    let cards = printed(faces, options.backs);
    let per_page = grid.per_page();
    let count = cards.len().div_ceil(per_page);
    let (turn_front, turn_back) = if grid.turned { (-90, 90) } else { (0, 0) };
    let (w, h) = grid.slot_size();
    let mut out = Vec::new();
    for (s, chunk) in cards.chunks(per_page).enumerate() {
        let fronts: Vec<Placed> = chunk
            .iter()
            .enumerate()
            .map(|(i, &(face, _))| {
                let (x, y) = grid.slot(i);
                Placed {
                    face,
                    trim: (x, y, w, h),
                    turn: turn_front,
                }
            })
            .collect();
        let heading = format!("{title}: card deck, sheet {} of {count}", s + 1);
        let note = if options.backs {
            "Print at actual size, two-sided, flipping on the long edge. Cut on the marks."
        } else {
            "Print at actual size on card stock. Cut on the marks."
        };
        // The rules' licence asks for the credit wherever they go.
        let credit = style.card.credit.trim();
        let text: [&[&str]; 2] = [&[heading.as_str()], &[note, credit]];
        let svg = sheet_svg(&fronts, &hrefs, style, grid, &text, &mut shaper);
        let front_index = out.len();
        out.push(Sheet {
            width: grid.page_w,
            height: grid.page_h,
            cards: fronts,
            backs_of: None,
            svg,
        });
        if options.backs {
            // Each back exactly behind its face, turned to read the same
            // way up when the card is turned over on its long side.
            let backs: Vec<Placed> = chunk
                .iter()
                .enumerate()
                .map(|(i, &(_, face))| {
                    let (x, y) = grid.back_slot(i);
                    Placed {
                        face,
                        trim: (x, y, w, h),
                        turn: turn_back,
                    }
                })
                .collect();
            let heading = format!("{title}: backs of sheet {} of {count}", s + 1);
            let text: [&[&str]; 2] = [
                &[heading.as_str()],
                &["Printed on the back of the sheet before.", credit],
            ];
            let svg = sheet_svg(&backs, &hrefs, style, grid, &text, &mut shaper);
            out.push(Sheet {
                width: grid.page_w,
                height: grid.page_h,
                cards: backs,
                backs_of: Some(front_index),
                svg,
            });
        }
    }
    Ok(out)
}

/// The PDF of the sheets.
pub fn pdf(
    title: &str,
    sheets: &[Sheet],
    style: &Style,
    date: Option<(i32, u8, u8)>,
) -> Result<Vec<u8>, String> {
    let fonts = Fonts::new(crate::assets::BODY_FAMILY, &style.card.letter_font)?;
    let trees = sheets
        .par_iter()
        .enumerate()
        .map(|(i, s)| parse_svg(&s.svg).map_err(|e| format!("sheet {}: {e}", i + 1)))
        .collect::<Result<Vec<_>, String>>()?;
    let laid = Laid {
        pages: sheets
            .iter()
            .enumerate()
            .map(|(i, s)| Page {
                width: s.width,
                height: s.height,
                label: Label::Arabic(i as u32 + 1),
                draws: vec![Draw::Svg {
                    tree: i,
                    x: 0.0,
                    y: 0.0,
                    w: s.width,
                    h: s.height,
                }],
                roles: Vec::new(),
                links: Vec::new(),
                elements: Vec::new(),
            })
            .collect(),
        trees: trees
            .into_iter()
            .map(|t| Figure::Tree(Box::new(t)))
            .collect(),
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
        date,
        // The sheets are pictures to print, not a document to read.
        lang: "en".into(),
        tagged: false,
    };
    write(laid, &fonts, &meta, None)
}

fn data_url(svg: &str) -> String {
    format!(
        "data:image/svg+xml;base64,{}",
        base64::engine::general_purpose::STANDARD.encode(svg)
    )
}

/// One sheet as SVG.
fn sheet_svg(
    cards: &[Placed],
    hrefs: &[String],
    style: &Style,
    grid: &Grid,
    text: &[&[&str]; 2],
    shaper: &mut Shaper,
) -> String {
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\">",
        w = num(f64::from(grid.page_w)),
        h = num(f64::from(grid.page_h)),
    );
    // The drawing keeps its proportions inside the safe zone.
    let (cw, ch) = (f64::from(grid.card_w), f64::from(grid.card_h));
    let safe = f64::from(SAFE);
    let k = ((cw - 2.0 * safe) / cw).min((ch - 2.0 * safe) / ch);
    let (dw, dh) = (cw * k, ch * k);
    for card in cards {
        let (x, y, w, h) = card.trim;
        let (bx, by, bw, bh) = grid.bled((x, y));
        let _ = writeln!(
            svg,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"/>",
            num(f64::from(bx)),
            num(f64::from(by)),
            num(f64::from(bw)),
            num(f64::from(bh)),
            esc(&style.card.fill)
        );
        let Some(href) = hrefs.get(card.face) else {
            continue;
        };
        let _ = writeln!(
            svg,
            "<g transform=\"translate({} {}) rotate({})\"><image x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" xlink:href=\"{href}\"/></g>",
            num(f64::from(x + w / 2.0)),
            num(f64::from(y + h / 2.0)),
            card.turn,
            num(-dw / 2.0),
            num(-dh / 2.0),
            num(dw),
            num(dh),
        );
    }
    let mut d = String::new();
    for ((ax, ay), (bx, by)) in grid.marks() {
        let _ = write!(
            d,
            "M{} {}L{} {}",
            num(f64::from(ax)),
            num(f64::from(ay)),
            num(f64::from(bx)),
            num(f64::from(by))
        );
    }
    let _ = writeln!(
        svg,
        "<path d=\"{d}\" fill=\"none\" stroke=\"{MARK_COLOUR}\" stroke-width=\"{}\"/>",
        num(MARK_WIDTH)
    );
    margin_text(&mut svg, grid, text, shaper);
    svg.push_str("</svg>\n");
    svg
}

/// The title in one margin; the instructions and the credit in the other,
/// a line each, clear of the marks and the unprinted band, shrunk if need
/// be to fit there. Lines that do not fit their margin go along the
/// sides (or across the top and bottom) instead; one that fits nowhere at
/// a readable size is left out.
fn margin_text(svg: &mut String, grid: &Grid, text: &[&[&str]; 2], shaper: &mut Shaper) {
    let chosen = grid.text_band();
    let (top_bottom, sides) = grid.text_bands();
    let other = if chosen == top_bottom {
        sides
    } else {
        top_bottom
    };
    for (i, (lines, face, nominal)) in [
        (text[0], FaceId::Bold, 8.0f32),
        (text[1], FaceId::Regular, 7.0),
    ]
    .into_iter()
    .enumerate()
    {
        let lines: Vec<String> = lines
            .iter()
            .filter(|l| !l.is_empty())
            .map(|l| l.to_string())
            .collect();
        let mut placed = [chosen, other]
            .into_iter()
            .find_map(|band| fit(band, &lines, face, nominal, shaper).map(|f| (band, f)));
        // Where the instructions and the credit do not fit together, the
        // credit goes alone: the rules' licence asks for it on every sheet.
        if placed.is_none()
            && i == 1
            && let Some(credit) = lines.last().filter(|_| lines.len() > 1)
        {
            // Two lines, broken after the sentence end nearest the middle,
            // so a narrow margin holds it stacked.
            let middle = credit.len() / 2;
            let sentences: Vec<String> = credit
                .match_indices(". ")
                .map(|(at, _)| at + 1)
                .min_by_key(|&at| at.abs_diff(middle))
                .map(|at| {
                    vec![
                        credit[..at].trim().to_string(),
                        credit[at..].trim().to_string(),
                    ]
                })
                .unwrap_or_default();
            placed = [vec![credit.clone()], sentences].iter().find_map(|alone| {
                [chosen, other]
                    .into_iter()
                    .find_map(|band| fit(band, alone, face, nominal, shaper).map(|f| (band, f)))
            });
        }
        let Some((band, (size, lines))) = placed else {
            continue;
        };
        let n = lines.len() as f32;
        let weight = if face == FaceId::Bold { 700 } else { 400 };
        let depth = match band {
            TextBand::TopBottom { depth, .. } | TextBand::Sides { depth, .. } => depth,
        };
        for (k, line) in lines.iter().enumerate() {
            // Lines stacked across the band, about its middle.
            let across = (k as f32 - (n - 1.0) / 2.0) * 1.3 * size;
            // Capitals are about 0.7 em: centre them on the band.
            let (x, y, turn) = match band {
                TextBand::TopBottom {
                    x0,
                    x1,
                    top,
                    bottom,
                    ..
                } => {
                    let edge = if i == 0 { top } else { bottom };
                    (
                        (x0 + x1) / 2.0,
                        edge + depth / 2.0 + 0.35 * size + across,
                        0,
                    )
                }
                TextBand::Sides {
                    y0,
                    y1,
                    left,
                    right,
                    ..
                } => {
                    // Up the left margin, down the right: baselines face the cards.
                    if i == 0 {
                        (
                            left + depth / 2.0 + 0.35 * size + across,
                            (y0 + y1) / 2.0,
                            -90,
                        )
                    } else {
                        (
                            right + depth / 2.0 - 0.35 * size - across,
                            (y0 + y1) / 2.0,
                            90,
                        )
                    }
                }
            };
            let _ = writeln!(
                svg,
                "<text transform=\"translate({} {}) rotate({turn})\" text-anchor=\"middle\" font-family=\"{}\" font-weight=\"{weight}\" font-size=\"{}\" fill=\"{TEXT_COLOUR}\">{}</text>",
                num(f64::from(x)),
                num(f64::from(y)),
                crate::assets::BODY_FAMILY,
                num(f64::from(size)),
                esc(line),
            );
        }
    }
}

/// The size `lines` can take in `band` (a line each, or joined into one
/// when the band is too shallow for that), or `None` if it is too small
/// to read.
fn fit(
    band: TextBand,
    lines: &[String],
    face: FaceId,
    nominal: f32,
    shaper: &mut Shaper,
) -> Option<(f32, Vec<String>)> {
    let inset = 4.0;
    let (span, depth) = match band {
        TextBand::TopBottom { x0, x1, depth, .. } => (x1 - x0, depth),
        TextBand::Sides { y0, y1, depth, .. } => (y1 - y0, depth),
    };
    let mut size_of = |lines: &[String]| {
        // One size for the band's lines, so they read as one block.
        lines
            .iter()
            .map(|line| (span - 2.0 * inset).max(0.0) / shaper.width(face, line, 1.0).max(0.01))
            .fold(nominal, f32::min)
            .min(depth * 0.6 / (lines.len() as f32).max(1.0))
    };
    let stacked = size_of(lines);
    if stacked >= MIN_TEXT {
        return Some((stacked, lines.to_vec()));
    }
    let joined = vec![lines.join(" ")];
    let size = size_of(&joined);
    (lines.len() > 1 && size >= MIN_TEXT).then_some((size, joined))
}
