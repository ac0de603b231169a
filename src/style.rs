//! How diagrams look: every colour, size and font, read from
//! `templates/style.toml` (compiled in as the default). A user's TOML names
//! only what it changes; everything else keeps the compiled-in value.

use std::sync::OnceLock;

use serde::Deserialize;

/// The compiled-in style file.
pub const DEFAULT_STYLE_TOML: &str = include_str!("../templates/style.toml");

/// Defines a style section twice: the public struct, whose missing fields
/// come from the compiled-in file, and a private twin with no defaults that
/// reads that file. (serde builds a container's default before it looks at
/// the fields, so a default read through the public struct would recurse.)
macro_rules! section {
    ($(#[$meta:meta])* $name:ident, $raw:ident, $key:ident { $($(#[$fmeta:meta])* $field:ident: $ty:ty,)* }) => {
        $(#[$meta])*
        #[derive(Clone, Debug, PartialEq, Deserialize)]
        #[serde(default, deny_unknown_fields)]
        pub struct $name {
            $($(#[$fmeta])* pub $field: $ty,)*
        }

        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct $raw {
            $($field: $ty,)*
        }

        impl From<$raw> for $name {
            fn from(raw: $raw) -> Self {
                $name { $($field: raw.$field,)* }
            }
        }

        impl Default for $name {
            fn default() -> Self {
                builtin().$key.clone()
            }
        }
    };
}
pub(crate) use section;

section! {
    /// Squares, and the frame holding the file and rank labels.
    BoardStyle, RawBoard, board {
        light: String,
        dark: String,
        frame: String,
        frame_width: f64,
        label_font: String,
        label_weight: u16,
        label_size: f64,
        label_colour: String,
    }
}

section! {
    /// Arrows and rings.
    ArrowStyle, RawArrow, arrow {
        width: f64,
        head_length: f64,
        head_width: f64,
        tip_inset: f64,
        outline_width: f64,
        white: String,
        white_outline: String,
        black: String,
        black_outline: String,
        grey: String,
        grey_outline: String,
        opacity: f64,
        ring_radius: f64,
        ring_width: f64,
    }
}

section! {
    /// Playing-card faces and backs.
    CardStyle, RawCard, card {
        width: f64,
        /// Height divided by width.
        height_ratio: f64,
        corner_radius: f64,
        fill: String,
        border: String,
        border_width: f64,
        letter_font: String,
        letter_size: f64,
        letter_inset: f64,
        red: String,
        black: String,
        index_piece_size: f64,
        piece_size: f64,
        other_font: String,
        other_size: f64,
        back: String,
        back_lattice: String,
        back_lattice_width: f64,
        back_lattice_step: f64,
        back_inset: f64,
        /// The designer credit and licences the deck prints on each sheet.
        credit: String,
    }
}

section! {
    /// Checkers (discs with an inner ring).
    CheckerStyle, RawChecker, checker {
        white: String,
        white_edge: String,
        white_ring: String,
        black: String,
        black_edge: String,
        black_ring: String,
        edge_width: f64,
        ring_width: f64,
        ring_ratio: f64,
        card_radius: f64,
    }
}

section! {
    /// The `checkers:` panel beside the board.
    CheckersPanelStyle, RawCheckersPanel, checkers_panel {
        x: f64,
        y: f64,
        fill: String,
        checker_radius: f64,
        count_font: String,
        count_size: f64,
        count_colour: String,
        divider: String,
    }
}

section! {
    /// `text:` labels.
    TextStyle, RawText, text {
        font: String,
        weight: u16,
        size: f64,
        colour: String,
    }
}

section! {
    /// `corner text:` labels.
    CornerTextStyle, RawCornerText, corner_text {
        font: String,
        weight: u16,
        size: f64,
        colour: String,
        halo: String,
        halo_width: f64,
        inset: f64,
    }
}

section! {
    /// `rect:` dashed rectangles.
    RectStyle, RawRect, rect {
        colour: String,
        width: f64,
        dash: f64,
        gap: f64,
        inset: f64,
    }
}

section! {
    /// Masquerade, cloak and cards tables.
    GridStyle, RawGrid, grid {
        cell: f64,
        line: String,
        line_width: f64,
        header_line: String,
        header_fill: String,
        font: String,
        weight: u16,
        header_weight: u16,
        number_font: String,
        size: f64,
        corner_size: f64,
        text: String,
        mark: String,
        mark_width: f64,
        icon_size: f64,
        blank: String,
        blank_width: f64,
        padding: f64,
        suit_size: f64,
        red: String,
        black: String,
    }
}

section! {
    /// Raster output.
    PngStyle, RawPng, png {
        pixels_per_square: f64,
        /// A colour, or "none" for a transparent PNG.
        background: String,
    }
}

/// Every style value of the diagrams.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Style {
    pub board: BoardStyle,
    pub arrow: ArrowStyle,
    pub card: CardStyle,
    pub checker: CheckerStyle,
    pub checkers_panel: CheckersPanelStyle,
    pub text: TextStyle,
    pub corner_text: CornerTextStyle,
    pub rect: RectStyle,
    pub grid: GridStyle,
    pub png: PngStyle,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStyle {
    board: RawBoard,
    arrow: RawArrow,
    card: RawCard,
    checker: RawChecker,
    checkers_panel: RawCheckersPanel,
    text: RawText,
    corner_text: RawCornerText,
    rect: RawRect,
    grid: RawGrid,
    png: RawPng,
}

fn builtin() -> &'static Style {
    static BUILTIN: OnceLock<Style> = OnceLock::new();
    BUILTIN.get_or_init(|| {
        // The compiled-in file is part of the program, checked by the tests.
        let raw: RawStyle =
            toml::from_str(DEFAULT_STYLE_TOML).expect("templates/style.toml is a complete style");
        Style {
            board: raw.board.into(),
            arrow: raw.arrow.into(),
            card: raw.card.into(),
            checker: raw.checker.into(),
            checkers_panel: raw.checkers_panel.into(),
            text: raw.text.into(),
            corner_text: raw.corner_text.into(),
            rect: raw.rect.into(),
            grid: raw.grid.into(),
            png: raw.png.into(),
        }
    })
}

impl Default for Style {
    fn default() -> Self {
        builtin().clone()
    }
}

impl Style {
    /// What a drawing depends on besides its diagram: every style value and
    /// the tool's version. Equal keys, equal drawings.
    pub fn key(&self) -> u64 {
        crate::output::hash(format!("{self:?}\n{}", env!("CARGO_PKG_VERSION")).as_bytes())
    }

    /// A user's style file: what it names overrides the compiled-in style.
    pub fn from_toml(text: &str) -> Result<Style, toml::de::Error> {
        toml::from_str(text)
    }

    /// A card's height in squares.
    pub fn card_height(&self) -> f64 {
        self.card.width * self.card.height_ratio
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compiled_in_style_is_complete() {
        let style = Style::default();
        assert!(style.png.pixels_per_square >= 100.0);
        assert_eq!(style.card.width, 1.7);
        assert!((style.card_height() - 2.38).abs() < 1e-9);
    }

    #[test]
    fn partial_file_overrides_only_what_it_names() {
        let style =
            Style::from_toml("[board]\nlight = \"#ffffff\"\n[png]\npixels_per_square = 50\n")
                .unwrap();
        let default = Style::default();
        assert_eq!(style.board.light, "#ffffff");
        assert_eq!(style.board.dark, default.board.dark);
        assert_eq!(style.png.pixels_per_square, 50.0);
        assert_eq!(style.arrow, default.arrow);
        assert_eq!(Style::from_toml("").unwrap(), default);
    }

    #[test]
    fn unknown_names_are_errors() {
        assert!(Style::from_toml("[board]\nlite = \"#fff\"\n").is_err());
        assert!(Style::from_toml("[boards]\n").is_err());
        assert!(Style::from_toml("[board]\nlight = 3\n").is_err());
    }
}
