//! How the PDF book looks: page sizes, margins, fonts, sizes, leading and
//! colours, read from `templates/book.toml` (compiled in as the default).
//! A user's TOML names only what it changes, as in `crate::style`.

use std::sync::OnceLock;

use serde::Deserialize;

/// The compiled-in book style.
pub const DEFAULT_BOOK_TOML: &str = include_str!("../../templates/book.toml");

// `section!` is the style module's: a struct of partial overrides over the
// compiled-in file, and its default-less twin.
use crate::style::section;

section! {
    /// Fonts, colours and the rules of setting text, for every format.
    TextStyle, RawText, text {
        body_family: String,
        heading_family: String,
        colour: String,
        heading_colour: String,
        link_colour: String,
        muted_colour: String,
        rule_colour: String,
        tolerance: f32,
        hyphen_penalty: f32,
        leading: f32,
        paragraph_gap: f32,
        heading_scale: [f32; 4],
        heading_above: [f32; 4],
        heading_below: [f32; 4],
        list_indent: f32,
    }
}

section! {
    /// The licence notice on the last page.
    NoticeStyle, RawNotice, notice {
        heading: String,
        text: String,
    }
}

/// One page format's geometry and sizes, in points.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PageStyle {
    pub width: f32,
    pub height: f32,
    pub margin_top: f32,
    pub margin_bottom: f32,
    pub margin_inner: f32,
    pub margin_outer: f32,
    pub body_size: f32,
    pub square: f32,
    pub footer_size: f32,
    pub footer_gap: f32,
    pub title_size: f32,
    /// The smallest size, in points, that shrinking a figure to fill a page
    /// may print its text at; board coordinates may go a point smaller.
    pub diagram_text: f32,
    /// How far the gaps between boxes (between paragraphs, around headings
    /// and figures) may grow, as a share of themselves, to bring a page's
    /// last line down to the foot of its text block; never by more than a
    /// quarter of a line ([`super::layout::MOST_GAP_GROWTH`]).
    pub gap_stretch: f32,
}

/// A page table of a user's file: only the values it names.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct PagePatch {
    width: Option<f32>,
    height: Option<f32>,
    margin_top: Option<f32>,
    margin_bottom: Option<f32>,
    margin_inner: Option<f32>,
    margin_outer: Option<f32>,
    body_size: Option<f32>,
    square: Option<f32>,
    footer_size: Option<f32>,
    footer_gap: Option<f32>,
    title_size: Option<f32>,
    diagram_text: Option<f32>,
    gap_stretch: Option<f32>,
}

impl PagePatch {
    fn apply(self, to: &mut PageStyle) {
        let pairs = [
            (self.width, &mut to.width),
            (self.height, &mut to.height),
            (self.margin_top, &mut to.margin_top),
            (self.margin_bottom, &mut to.margin_bottom),
            (self.margin_inner, &mut to.margin_inner),
            (self.margin_outer, &mut to.margin_outer),
            (self.body_size, &mut to.body_size),
            (self.square, &mut to.square),
            (self.footer_size, &mut to.footer_size),
            (self.footer_gap, &mut to.footer_gap),
            (self.title_size, &mut to.title_size),
            (self.diagram_text, &mut to.diagram_text),
            (self.gap_stretch, &mut to.gap_stretch),
        ];
        for (value, field) in pairs {
            if let Some(v) = value {
                *field = v;
            }
        }
    }
}

/// Every style value of the PDF book.
#[derive(Clone, Debug, PartialEq)]
pub struct BookStyle {
    pub text: TextStyle,
    pub letter: PageStyle,
    pub a4: PageStyle,
    pub booklet: PageStyle,
    pub zine: PageStyle,
    pub notice: NoticeStyle,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBook {
    text: RawText,
    letter: PageStyle,
    a4: PageStyle,
    booklet: PageStyle,
    zine: PageStyle,
    notice: RawNotice,
}

/// A user's book style file: each part it names overrides the compiled-in one.
#[derive(Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
pub struct UserBook {
    text: TextStyle,
    letter: PagePatch,
    a4: PagePatch,
    booklet: PagePatch,
    zine: PagePatch,
    notice: NoticeStyle,
}

fn builtin() -> &'static BookStyle {
    static BUILTIN: OnceLock<BookStyle> = OnceLock::new();
    BUILTIN.get_or_init(|| {
        // The compiled-in file is part of the program, checked by the tests.
        let raw: RawBook =
            toml::from_str(DEFAULT_BOOK_TOML).expect("templates/book.toml is a complete style");
        BookStyle {
            text: raw.text.into(),
            letter: raw.letter,
            a4: raw.a4,
            booklet: raw.booklet,
            zine: raw.zine,
            notice: raw.notice.into(),
        }
    })
}

impl Default for BookStyle {
    fn default() -> Self {
        builtin().clone()
    }
}

impl BookStyle {
    /// The page style of `format`.
    pub fn page(&self, format: super::PageFormat) -> &PageStyle {
        match format {
            super::PageFormat::Letter => &self.letter,
            super::PageFormat::A4 => &self.a4,
            super::PageFormat::Booklet => &self.booklet,
            super::PageFormat::Zine => &self.zine,
        }
    }

    /// A user's book style: what it names overrides the compiled-in one.
    pub fn from_toml(text: &str) -> Result<BookStyle, toml::de::Error> {
        Ok(BookStyle::from_user(toml::from_str(text)?))
    }

    /// The compiled-in style with what the user's file names.
    pub fn from_user(user: UserBook) -> BookStyle {
        let mut style = BookStyle {
            text: user.text,
            notice: user.notice,
            ..BookStyle::default()
        };
        user.letter.apply(&mut style.letter);
        user.a4.apply(&mut style.a4);
        user.booklet.apply(&mut style.booklet);
        user.zine.apply(&mut style.zine);
        style
    }
}

/// `#rrggbb` or `#rgb` to RGB bytes.
pub fn parse_colour(text: &str) -> Option<(u8, u8, u8)> {
    let h = text.trim().strip_prefix('#')?;
    if !h.is_ascii() {
        return None;
    }
    let hex = |s: &str| u8::from_str_radix(s, 16).ok();
    match h.len() {
        6 => Some((hex(&h[0..2])?, hex(&h[2..4])?, hex(&h[4..6])?)),
        3 => Some((
            hex(&h[0..1])? * 17,
            hex(&h[1..2])? * 17,
            hex(&h[2..3])? * 17,
        )),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compiled_in_style_is_complete() {
        let s = BookStyle::default();
        assert_eq!(s.letter.width, 612.0);
        assert_eq!(s.booklet.height, 495.0);
        assert!(s.notice.text.contains("CC BY-SA 4.0"));
    }

    #[test]
    fn partial_files_override_only_what_they_name() {
        let s = BookStyle::from_toml("[text]\nleading = 1.5\n[zine]\nbody_size = 8\n").unwrap();
        let d = BookStyle::default();
        assert_eq!(s.text.leading, 1.5);
        assert_eq!(s.text.colour, d.text.colour);
        assert_eq!(s.zine.body_size, 8.0);
        assert_eq!(s.zine.width, d.zine.width);
        assert_eq!(s.letter, d.letter);
        assert_eq!(BookStyle::from_toml("").unwrap(), d);
        assert!(BookStyle::from_toml("[letter]\nwidht = 3\n").is_err());
    }

    #[test]
    fn colours() {
        assert_eq!(parse_colour("#ff0080"), Some((255, 0, 128)));
        assert_eq!(parse_colour("#fff"), Some((255, 255, 255)));
        assert_eq!(parse_colour("red"), None);
        assert_eq!(parse_colour("#ééé"), None);
    }
}
