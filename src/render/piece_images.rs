//! A diagram's pieces read once a run, not once a placement. usvg builds a
//! `<use>`'s content anew each time (its path data parsed, its stroke's
//! bounds found by stroking it): a board's 32 pieces were most of the
//! parsing of its drawing, a tenth of a build. The drawing's tree is read
//! from its SVG with each piece's `<use>` written as an `<image>` of the
//! same artwork at the same place, which the image resolver answers with
//! the piece's tree, parsed once. The rasteriser and the PDF writer draw
//! such an image as the group it holds, as they draw the `<use>`; the
//! SVG the site publishes keeps its `<use>`s.

use std::collections::HashMap;
use std::sync::OnceLock;

use resvg::usvg;

use super::doc::ID_PREFIX;
use crate::assets;
use crate::diagram::{Color, Piece, Role};

/// How an `<image>` names a piece: this, then the piece's name (`wK`).
const HREF: &str = "ckd-piece:";

/// Parses a diagram's SVG (from [`super::diagram_svg`]) into the tree its
/// outputs draw, each piece's tree parsed once a run.
pub fn parse_drawing(svg: &str) -> Result<usvg::Tree, String> {
    super::png::parse_with(&pieces_as_images(svg), |href| {
        let tree = piece_trees().get(href.strip_prefix(HREF)?)?;
        Some(usvg::ImageKind::SVG(tree.clone()))
    })
}

/// Each piece's artwork as its own tree, by name, as its definition in a
/// diagram reads it: a `PIECE_SIZE`-unit square with the group `<use>`
/// places.
fn piece_trees() -> &'static HashMap<String, usvg::Tree> {
    static TREES: OnceLock<HashMap<String, usvg::Tree>> = OnceLock::new();
    TREES.get_or_init(|| {
        let size = super::num(assets::PIECE_SIZE);
        let mut trees = HashMap::new();
        for color in [Color::White, Color::Black] {
            for role in Role::ALL {
                let piece = Piece { color, role };
                let name = assets::piece_name(piece);
                let svg = format!(
                    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{size}\" height=\"{size}\" viewBox=\"0 0 {size} {size}\"><g id=\"{ID_PREFIX}{name}\">{}</g></svg>",
                    assets::piece_svg_body(piece)
                );
                // The artwork is compiled in: it parses.
                if let Ok(tree) = super::png::parse(&svg) {
                    trees.insert(name, tree);
                }
            }
        }
        trees
    })
}

/// The drawing an `<image>` of an SVG holds, as a group to draw in its
/// place (the images of this module fill their box exactly, so the
/// image adds no transform of its own); None for any other node.
pub(crate) fn held_group(node: &usvg::Node) -> Option<&usvg::Group> {
    match node {
        usvg::Node::Image(image) if image.is_visible() => match image.kind() {
            usvg::ImageKind::SVG(tree) => Some(tree.root()),
            _ => None,
        },
        _ => None,
    }
}

/// `svg` with every `<use>` of a piece (`<use href="#ckd-wK" transform=`,
/// as [`super::doc::Doc::piece`] writes it) written as an `<image>` of it
/// at the same place and size.
fn pieces_as_images(svg: &str) -> String {
    let opening = format!("<use href=\"#{ID_PREFIX}");
    let finder = memchr::memmem::Finder::new(opening.as_bytes());
    let size = super::num(assets::PIECE_SIZE);
    let mut out = String::with_capacity(svg.len());
    let mut copied = 0;
    for at in finder.find_iter(svg.as_bytes()) {
        let rest = &svg[at + opening.len()..];
        let Some(name) = rest.get(..2) else { continue };
        let is_piece = matches!(
            name.as_bytes(),
            [b'w' | b'b', b'P' | b'N' | b'B' | b'R' | b'Q' | b'K']
        );
        if !is_piece || !rest[2..].starts_with("\" transform=") {
            continue;
        }
        out.push_str(&svg[copied..at]);
        out.push_str(&format!(
            "<image href=\"{HREF}{name}\" width=\"{size}\" height=\"{size}\""
        ));
        copied = at + opening.len() + 3;
    }
    out.push_str(&svg[copied..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_piece_use_becomes_an_image_and_nothing_else_changes() {
        let svg = "<svg>\n<defs>\n<g id=\"ckd-wK\"><path/></g>\n</defs>\n<use href=\"#ckd-wK\" transform=\"translate(45 90)\"/>\n<use href=\"#ckd-card-wR\" transform=\"translate(1 2)\"/>\n<g><use href=\"#ckd-g5-37\" x=\"3\"/></g>\n<use href=\"#ckd-bQ\" transform=\"translate(0 0) scale(0.5)\"/>\n</svg>\n";
        let read = pieces_as_images(svg);
        assert_eq!(
            read,
            svg.replace(
                "<use href=\"#ckd-wK\" transform=",
                "<image href=\"ckd-piece:wK\" width=\"45\" height=\"45\" transform="
            )
            .replace(
                "<use href=\"#ckd-bQ\" transform=",
                "<image href=\"ckd-piece:bQ\" width=\"45\" height=\"45\" transform="
            )
        );
        assert_eq!(pieces_as_images("no uses"), "no uses");
    }

    /// The tree read with pieces as images draws the pixels of the tree
    /// read with their `<use>`s: pieces on the board, on cards and in the
    /// margin, under arrows and beside text, twice (the second time from
    /// the kept pictures).
    #[test]
    fn pieces_as_images_draw_the_pixels_of_their_uses() {
        let style = crate::style::Style::default();
        let svg = crate::render::raster::tests::mixed_diagram_svg(&style);
        assert!(pieces_as_images(&svg).contains("<image href=\"ckd-piece:wK\""));
        let with_uses = crate::render::parse_svg(&svg).unwrap();
        let with_images = parse_drawing(&svg).unwrap();
        for _ in 0..2 {
            let (a, _) = crate::render::rasterise(&with_uses, &style).unwrap();
            let (b, _) = crate::render::rasterise(&with_images, &style).unwrap();
            assert_eq!((a.width(), a.height()), (b.width(), b.height()));
            assert!(a.data() == b.data(), "the pixels differ");
        }
    }

    #[test]
    fn every_piece_has_its_tree() {
        let trees = piece_trees();
        assert_eq!(trees.len(), 12);
        for tree in trees.values() {
            assert!(tree.root().has_children());
            assert_eq!(tree.size().width(), 45.0);
        }
    }
}
