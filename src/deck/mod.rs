//! The card deck: a print-and-cut PDF of the chess cards the games use,
//! and one image per distinct card.
//!
//! The cards come from the book's `type: cards` table (the compiled-in one
//! for a book without): one card per playing card a row lists. Faces and the
//! back are `render::card_svg`, the drawing the diagrams use; player-aid
//! cards (`aids`, front and back) are SVGs of the same size and frame.
//! `layout` fits as many cards to a sheet as the printable area holds;
//! `write` draws each sheet as one SVG, which the book's krilla writer puts
//! in the PDF as vectors.

pub mod aids;
pub mod layout;
pub mod write;

use std::str::FromStr;

use rayon::prelude::*;

use crate::book::{Book, default_card_rows};
use crate::diagnostic::Diagnostic;
use crate::diagram::CardRow;
use crate::pdf::text::{Fonts, Shaper};
use crate::render::{card_svg, svg_to_png, svg_with_outlined_text};
use crate::style::Style;

pub use aids::{AIDS_FILE, Aid, Aids, CardSide};
pub use write::{Placed, Sheet, printed};

/// Poker cards are 2.5 inches wide.
pub const CARD_WIDTH_PT: f32 = 180.0;
/// 300 dpi across a 2.5-inch card.
pub const PNG_WIDTH: f64 = 750.0;

/// The paper of the PDF.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum DeckPage {
    #[default]
    Letter,
    A4,
}

impl DeckPage {
    /// Width and height in points.
    pub fn size(self) -> (f32, f32) {
        match self {
            DeckPage::Letter => (612.0, 792.0),
            DeckPage::A4 => (595.2756, 841.8898),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            DeckPage::Letter => "letter",
            DeckPage::A4 => "a4",
        }
    }
}

impl FromStr for DeckPage {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "letter" => Ok(DeckPage::Letter),
            "a4" => Ok(DeckPage::A4),
            _ => Err(format!("unknown page `{s}`: use letter or a4")),
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct DeckOptions {
    pub page: DeckPage,
    /// A page of backs after each page of faces, for double-sided printing.
    pub backs: bool,
    /// How far each card's background runs past its cut line, in points.
    pub bleed_pt: f32,
    /// The document date (from SOURCE_DATE_EPOCH), never the clock.
    pub date: Option<(i32, u8, u8)>,
}

/// One distinct card drawing.
#[derive(Clone, Debug, PartialEq)]
pub struct Face {
    /// The image file stem: `card-white-king`, `card-black-checker`, `back`, `aid-zombie-chess`.
    pub name: String,
    pub svg: String,
    /// How many the printed deck holds (0 for the back and an aid's back:
    /// they are printed behind other faces).
    pub copies: usize,
    /// The index of this face's own back (an aid's second side); `None`
    /// for the deck's ordinary back.
    pub back: Option<usize>,
}

/// The rendered deck: the PDF and the image files for `deck/`.
#[derive(Clone, Debug)]
pub struct Deck {
    pub pdf: Vec<u8>,
    /// File name and bytes: a PNG and an SVG per face.
    pub images: Vec<(String, Vec<u8>)>,
}

/// Everything of the deck, in memory.
pub fn deck(
    book: &Book,
    aids: &Aids,
    style: &Style,
    options: &DeckOptions,
) -> Result<Deck, Vec<Diagnostic>> {
    let faces = faces(book, aids, style)?;
    let (pdf, images) = rayon::join(
        || deck_pdf(book, &faces, style, options),
        || {
            faces
                .par_iter()
                .map(|f| face_images(f, style))
                .collect::<Result<Vec<_>, String>>()
        },
    );
    let pdf = pdf?;
    let images = images.map_err(|e| vec![drawing_error(book, e)])?;
    Ok(Deck {
        pdf,
        images: images.into_iter().flatten().collect(),
    })
}

fn drawing_error(book: &Book, e: String) -> Diagnostic {
    Diagnostic::file_error(&book.source.path, format!("cannot draw a card: {e}"))
}

/// The deck's distinct faces, in print order: the card table's rows, the
/// player aids (each front followed by its own back, if it has one), then
/// the deck's back.
pub fn faces(book: &Book, aids: &Aids, style: &Style) -> Result<Vec<Face>, Vec<Diagnostic>> {
    faces_with_games(book, &[book], aids, style)
}

/// [`faces`] with the cards of `book` and aid cards for the games of
/// `games` (the books of a folder).
pub fn faces_with_games(
    book: &Book,
    games: &[&Book],
    aids: &Aids,
    style: &Style,
) -> Result<Vec<Face>, Vec<Diagnostic>> {
    let mut diags = Vec::new();
    let own: Vec<CardRow> = book.card_rows().cloned().collect();
    let rows = if own.is_empty() {
        default_card_rows()
    } else {
        own.clone()
    };
    let mut faces: Vec<Face> = Vec::new();
    let mut seen: Vec<(String, String)> = Vec::new();
    for row in &rows {
        let name = card_file_stem(&row.symbol);
        // Two rows of one symbol would print one of them twice over.
        if seen.iter().any(|(s, _)| *s == row.symbol) {
            if !own.is_empty() {
                diags.push(
                    Diagnostic::error(
                        &book.source,
                        row.symbol_span,
                        format!("`{}` has a second row in the card table", row.symbol),
                    )
                    .with_help("list all of a symbol's playing cards in one row"),
                );
            }
            continue;
        }
        seen.push((row.symbol.clone(), name.clone()));
        let copies = row.cells.iter().filter(|c| c.card.is_some()).count();
        if copies == 0 {
            continue;
        }
        faces.push(Face {
            name,
            svg: card_svg(&row.symbol, style),
            copies,
            back: None,
        });
    }
    if faces.is_empty() && diags.is_empty() {
        diags.push(
            Diagnostic::file_error(&book.source.path, "the card table lists no playing cards")
                .with_help(
                    "each row of a `type: cards` table names the cards that match its symbol",
                ),
        );
    }

    let fonts = Fonts::new(crate::assets::BODY_FAMILY, &style.card.letter_font).map_err(|e| {
        vec![Diagnostic::file_error(
            &aids.source.path,
            format!("card style: {e}"),
        )]
    })?;
    let mut shaper = Shaper::new(&fonts);
    let chapters: Vec<(&str, &str)> = games
        .iter()
        .flat_map(|b| b.chapters())
        .map(|s| (s.title.as_str(), s.slug.as_str()))
        .collect();
    let books = games
        .iter()
        .map(|b| crate::paths::shown(&b.source.path))
        .collect::<Vec<_>>()
        .join(" or ");
    for aid in &aids.cards {
        let Some(&(_, slug)) = chapters
            .iter()
            .find(|(t, _)| t.trim().eq_ignore_ascii_case(&aid.title))
        else {
            let games: Vec<&str> = chapters.iter().map(|(t, _)| *t).collect();
            diags.push(
                Diagnostic::error(
                    &aids.source,
                    aid.title_span,
                    format!("`{}` is not a game of {books}", aid.title),
                )
                .with_help(format!(
                    "an aid card's heading is the game's `##` heading in the rulebook: {}",
                    games.join(", ")
                )),
            );
            continue;
        };
        let front = aids::aid_side_svg(aid, CardSide::Front, &aids.source, style, &mut shaper);
        let back = aids::aid_side_svg(aid, CardSide::Back, &aids.source, style, &mut shaper);
        match (front, back) {
            (Some(Ok(front)), back) if !matches!(back, Some(Err(_))) => {
                let has_back = back.is_some();
                faces.push(Face {
                    name: format!("aid-{slug}"),
                    svg: front,
                    copies: 1,
                    back: has_back.then_some(faces.len() + 1),
                });
                if let Some(Ok(svg)) = back {
                    faces.push(Face {
                        name: format!("aid-{slug}-back"),
                        svg,
                        copies: 0,
                        back: None,
                    });
                }
            }
            (front, back) => {
                for side in [front, back].into_iter().flatten() {
                    if let Err(mut d) = side {
                        diags.append(&mut d);
                    }
                }
            }
        }
    }
    faces.push(Face {
        name: "back".to_string(),
        svg: card_svg("back", style),
        copies: 0,
        back: None,
    });
    if diags.is_empty() {
        Ok(faces)
    } else {
        Err(diags)
    }
}

/// A card's image file stem, in lower case so that no two differ only by
/// case (which macOS and Windows file systems cannot tell apart):
/// `card-white-king` for `K`, `card-black-king` for `k`, likewise the
/// checkers (`C`, `c`) and the empty squares (`E`, `e`); another symbol
/// of lower-case letters and digits as it is (`card-z`), and any other
/// hex-encoded (`card-x-5a` for `Z`). The three forms cannot meet: only
/// the first has a hyphen after `white` or `black`, and the second none.
pub fn card_file_stem(symbol: &str) -> String {
    let mut chars = symbol.chars();
    let known = match (chars.next(), chars.next()) {
        (Some(c), None) => {
            let what = match c.to_ascii_lowercase() {
                'k' => Some("king"),
                'q' => Some("queen"),
                'r' => Some("rook"),
                'b' => Some("bishop"),
                'n' => Some("knight"),
                'p' => Some("pawn"),
                'c' => Some("checker"),
                'e' => Some("empty-square"),
                _ => None,
            };
            let side = if c.is_ascii_uppercase() {
                "white"
            } else {
                "black"
            };
            what.map(|w| format!("card-{side}-{w}"))
        }
        _ => None,
    };
    if let Some(name) = known {
        name
    } else if !symbol.is_empty()
        && symbol
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
    {
        format!("card-{symbol}")
    } else {
        let hex: String = symbol.bytes().map(|b| format!("{b:02x}")).collect();
        format!("card-x-{hex}")
    }
}

/// The PNG at 300 dpi and the SVG (text as outlines, for any viewer).
pub fn face_images(face: &Face, style: &Style) -> Result<Vec<(String, Vec<u8>)>, String> {
    let png = face_png(face, style)?;
    let svg = svg_with_outlined_text(&face.svg)?;
    Ok(vec![
        (format!("{}.png", face.name), png),
        (format!("{}.svg", face.name), svg.into_bytes()),
    ])
}

/// One face at 300 dpi: 750 x 1050 pixels for a poker card.
pub fn face_png(face: &Face, style: &Style) -> Result<Vec<u8>, String> {
    let mut at_300 = style.clone();
    at_300.png.pixels_per_square = PNG_WIDTH / style.card.width.max(0.01);
    svg_to_png(&face.svg, &at_300)
}

/// The grid of a sheet for these options.
pub fn grid(style: &Style, options: &DeckOptions) -> Result<layout::Grid, String> {
    let (pw, ph) = options.page.size();
    let card_h = CARD_WIDTH_PT * style.card.height_ratio as f32;
    layout::Grid::new(pw, ph, CARD_WIDTH_PT, card_h, options.bleed_pt)
}

/// The sheets of the deck, each an SVG page with its cards' places.
pub fn sheets(
    book: &Book,
    faces: &[Face],
    style: &Style,
    options: &DeckOptions,
) -> Result<Vec<Sheet>, Vec<Diagnostic>> {
    let fail = |m: String| vec![Diagnostic::file_error(&book.source.path, m)];
    let grid = grid(style, options).map_err(fail)?;
    let title = book.front_matter.title().unwrap_or(&book.name).to_string();
    write::sheets(&title, faces, style, &grid, options).map_err(fail)
}

/// The print-and-cut PDF.
pub fn deck_pdf(
    book: &Book,
    faces: &[Face],
    style: &Style,
    options: &DeckOptions,
) -> Result<Vec<u8>, Vec<Diagnostic>> {
    let sheets = sheets(book, faces, style, options)?;
    let title = book.front_matter.title().unwrap_or(&book.name).to_string();
    write::pdf(&title, &sheets, style, options.date)
        .map_err(|m| vec![Diagnostic::file_error(&book.source.path, m)])
}

/// The cards printed (an aid's back counts as a card without `backs`) and
/// the PDF's pages.
pub fn page_count(faces: &[Face], style: &Style, options: &DeckOptions) -> (usize, usize) {
    let cards = printed(faces, options.backs).len();
    let per_page = grid(style, options).map_or(1, |g| g.per_page());
    let sheets = cards.div_ceil(per_page);
    (cards, if options.backs { 2 * sheets } else { sheets })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names_are_safe_for_any_symbol() {
        assert_eq!(card_file_stem("K"), "card-white-king");
        assert_eq!(card_file_stem("k"), "card-black-king");
        assert_eq!(card_file_stem("C"), "card-white-checker");
        assert_eq!(card_file_stem("c"), "card-black-checker");
        assert_eq!(card_file_stem("E"), "card-white-empty-square");
        assert_eq!(card_file_stem("e"), "card-black-empty-square");
        assert_eq!(card_file_stem("z9"), "card-z9");
        assert_eq!(card_file_stem("Z"), "card-x-5a");
        assert_eq!(card_file_stem("../x"), "card-x-2e2e2f78");
        assert_eq!(card_file_stem(""), "card-x-");
    }

    #[test]
    fn no_two_card_file_names_differ_only_by_case() {
        let mut symbols: Vec<String> = "KQRBNPkqrbnpCcEe".chars().map(String::from).collect();
        symbols.extend(
            ["z", "Z", "x", "X", "x5a", "white", "zz", "ZZ", "Zz", "back"].map(String::from),
        );
        let mut seen = std::collections::BTreeMap::new();
        for s in &symbols {
            let name = card_file_stem(s);
            assert_eq!(name, name.to_lowercase(), "{s}");
            if let Some(other) = seen.insert(name.clone(), s) {
                panic!("`{s}` and `{other}` are both {name}");
            }
        }
    }

    #[test]
    fn paper() {
        assert_eq!("A4".parse::<DeckPage>(), Ok(DeckPage::A4));
        assert_eq!("letter".parse::<DeckPage>(), Ok(DeckPage::Letter));
        assert!("legal".parse::<DeckPage>().is_err());
        assert_eq!(DeckPage::default().size(), (612.0, 792.0));
    }
}
