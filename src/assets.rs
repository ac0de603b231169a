//! Fonts and piece artwork compiled into the binary, so every machine draws
//! the same pixels without looking at system fonts or files.

use std::sync::{Arc, OnceLock};

use resvg::usvg::fontdb;

use crate::diagram::{Color, Piece, Role};

/// One embedded font file.
pub struct FontFile {
    pub file_name: &'static str,
    pub data: &'static [u8],
}

/// The fonts in `fonts/` (licences beside them).
pub const FONTS: [FontFile; 6] = [
    FontFile {
        file_name: "Raleway_400Regular.ttf",
        data: include_bytes!("../fonts/Raleway_400Regular.ttf"),
    },
    FontFile {
        file_name: "Raleway_400Regular_Italic.ttf",
        data: include_bytes!("../fonts/Raleway_400Regular_Italic.ttf"),
    },
    FontFile {
        file_name: "Raleway_600SemiBold.ttf",
        data: include_bytes!("../fonts/Raleway_600SemiBold.ttf"),
    },
    FontFile {
        file_name: "Raleway_700Bold.ttf",
        data: include_bytes!("../fonts/Raleway_700Bold.ttf"),
    },
    FontFile {
        file_name: "Raleway_700Bold_Italic.ttf",
        data: include_bytes!("../fonts/Raleway_700Bold_Italic.ttf"),
    },
    FontFile {
        file_name: "FredokaOne_400Regular.ttf",
        data: include_bytes!("../fonts/FredokaOne_400Regular.ttf"),
    },
];

/// The body font's family name.
pub const BODY_FAMILY: &str = "Raleway";
/// The heading font's family name.
pub const HEADING_FAMILY: &str = "Fredoka One";

/// A font database holding only the embedded fonts, built once and shared
/// by every thread.
pub fn font_database() -> Arc<fontdb::Database> {
    static DB: OnceLock<Arc<fontdb::Database>> = OnceLock::new();
    DB.get_or_init(|| {
        let mut db = fontdb::Database::new();
        for font in &FONTS {
            db.load_font_source(fontdb::Source::Binary(Arc::new(font.data)));
        }
        // Generic families resolve to the embedded fonts too.
        db.set_serif_family(BODY_FAMILY);
        db.set_sans_serif_family(BODY_FAMILY);
        db.set_cursive_family(HEADING_FAMILY);
        db.set_fantasy_family(HEADING_FAMILY);
        db.set_monospace_family(BODY_FAMILY);
        Arc::new(db)
    })
    .clone()
}

/// The Cburnett piece SVGs (45 x 45), white pieces first, in `Role::ALL`
/// order: pawn, knight, bishop, rook, queen, king.
const PIECES: [[&str; 6]; 2] = [
    [
        include_str!("../pieces/cburnett/wP.svg"),
        include_str!("../pieces/cburnett/wN.svg"),
        include_str!("../pieces/cburnett/wB.svg"),
        include_str!("../pieces/cburnett/wR.svg"),
        include_str!("../pieces/cburnett/wQ.svg"),
        include_str!("../pieces/cburnett/wK.svg"),
    ],
    [
        include_str!("../pieces/cburnett/bP.svg"),
        include_str!("../pieces/cburnett/bN.svg"),
        include_str!("../pieces/cburnett/bB.svg"),
        include_str!("../pieces/cburnett/bR.svg"),
        include_str!("../pieces/cburnett/bQ.svg"),
        include_str!("../pieces/cburnett/bK.svg"),
    ],
];

/// The side of a piece artwork's square, in its own units.
pub const PIECE_SIZE: f64 = 45.0;

fn role_index(role: Role) -> usize {
    match role {
        Role::Pawn => 0,
        Role::Knight => 1,
        Role::Bishop => 2,
        Role::Rook => 3,
        Role::Queen => 4,
        Role::King => 5,
    }
}

/// The whole SVG file of a piece, as shipped.
pub fn piece_svg(piece: Piece) -> &'static str {
    let colour = match piece.color {
        Color::White => 0,
        Color::Black => 1,
    };
    PIECES[colour][role_index(piece.role)]
}

/// The piece's drawing without its `<svg>` root, to embed in another SVG
/// (its coordinates are 0..45).
pub fn piece_svg_body(piece: Piece) -> &'static str {
    let svg = piece_svg(piece);
    let start = svg
        .find("<svg")
        .and_then(|i| svg[i..].find('>').map(|j| i + j + 1))
        .unwrap_or(0);
    let end = svg.rfind("</svg>").unwrap_or(svg.len()).max(start);
    svg[start..end].trim()
}

/// `wK`, `bN`, ...: the artwork's file stem.
pub fn piece_name(piece: Piece) -> String {
    let colour = match piece.color {
        Color::White => 'w',
        Color::Black => 'b',
    };
    format!("{colour}{}", piece.role.letter())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn font_database_has_only_embedded_families() {
        let db = font_database();
        assert_eq!(db.len(), FONTS.len());
        let mut families: Vec<String> = db
            .faces()
            .flat_map(|f| f.families.iter().map(|(name, _)| name.clone()))
            .collect();
        families.sort();
        families.dedup();
        assert_eq!(families, ["Fredoka One", "Raleway"]);
        // The semibold file answers to "Raleway" at weight 600.
        let query = fontdb::Query {
            families: &[fontdb::Family::Name("Raleway")],
            weight: fontdb::Weight(600),
            ..Default::default()
        };
        assert!(db.query(&query).is_some());
    }

    #[test]
    fn every_piece_has_a_body() {
        for c in "KQRBNPkqrbnp".chars() {
            let piece = Piece::from_char(c).unwrap();
            let body = piece_svg_body(piece);
            assert!(body.starts_with('<'), "{c}: {body}");
            assert!(body.ends_with('>'), "{c}");
            assert!(!body.contains("<svg"));
            assert!(piece_svg(piece).contains("width=\"45\""));
        }
        assert_eq!(
            piece_name(Piece::new(Color::Black, Role::Knight)),
            "bN".to_string()
        );
    }
}
