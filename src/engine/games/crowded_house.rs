//! Crowded House: orthodox moves played by four players, each moving only
//! pieces that start or end on their half of the board. The arrow is a
//! proposed move (the piece still on its tail); a `rect` marks the
//! mover's half. Kings may move into or stay in check.

use crate::diagram::{BoardDiagram, Rect, Square};
use crate::engine::chess::Rules;
use crate::engine::games::common;
use crate::engine::material;
use crate::engine::replay::{OrthodoxSteps, State, arrow_color};
use crate::engine::{DiagramContext, Finding, Game};

pub struct CrowdedHouse;

pub const SIDE: &str = "side";
pub const RECT: &str = "rect";

/// "The rest of the rule changes flow from whether a piece may be captured
/// immediately": no square the king passes can be captured on, so castling
/// through attacked squares is allowed too.
const RULES: Rules = Rules {
    king_safety: false,
    castle_through_attack: true,
    ..Rules::STANDARD
};

fn contains(rect: &Rect, sq: Square) -> bool {
    let (f, r) = (sq.file + 1, sq.rank);
    rect.files.0 <= f && f <= rect.files.1 && rect.ranks.0 <= r && r <= rect.ranks.1
}

fn half_name(rect: &Rect) -> &'static str {
    if rect.files == (1, 4) {
        "queen side"
    } else {
        "king side"
    }
}

impl Game for CrowdedHouse {
    fn name(&self) -> &'static str {
        "Crowded House"
    }

    fn check_board(&self, _cx: &DiagramContext, board: &BoardDiagram, out: &mut Vec<Finding>) {
        // A king left in check may be captured by the next player, which wins.
        material::check(board, &common::KING_MAY_BE_CAPTURED, out);
        let mut side = None;
        for rect in &board.rects {
            let half = matches!(rect.files, (1, 4) | (5, 8)) && rect.ranks == (1, 8);
            if half {
                side.get_or_insert(rect);
            } else {
                out.push(
                    Finding::error(
                        RECT,
                        rect.span,
                        "the dashed rectangle should mark a player's side: files a–d or e–h, ranks 1 to 8",
                    )
                    .with_help("each player moves the pieces of the left or right half of the board"),
                );
            }
        }
        let arrows = common::move_arrows(board);
        for a in &arrows {
            let color = arrow_color(a);
            if board.board.get(a.from).map(|p| p.color) != color {
                let who = color.map_or("", |c| c.name());
                out.push(
                    Finding::error(
                        common::ARROW,
                        a.span,
                        format!(
                            "the arrow shows a move a player may make, but no {who} piece stands on its tail {}",
                            a.from
                        ),
                    )
                    .with_help("in Crowded House the piece still stands where the arrow starts"),
                );
                return;
            }
        }
        let state = State::new(board.board.clone());
        let Some(_plan) =
            common::check_moves(board, &state, &arrows, &OrthodoxSteps::new(RULES), out)
        else {
            return;
        };
        let Some(rect) = side else {
            return;
        };
        for a in &arrows {
            if contains(rect, a.from) || contains(rect, a.to) {
                continue;
            }
            let piece = board
                .board
                .get(a.from)
                .map_or("piece".to_string(), |p| p.name());
            out.push(
                Finding::error(
                    SIDE,
                    a.span,
                    format!(
                        "the {piece} on {} moves to {}, both off the {} marked by the dashed rectangle",
                        a.from,
                        a.to,
                        half_name(rect)
                    ),
                )
                .with_help("a player may only move a piece that starts or ends on their side of the board"),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::games::common::testing::*;

    const SECTION: &str = "Crowded House";
    const BOOKS: [&str; 2] = ["rules/rules.md", "tests/seeds/crowded_rules.md"];

    #[test]
    fn the_seed_diagrams_pass() {
        for book in BOOKS {
            assert_eq!(board_count(book, SECTION), 2);
            let found = seed_findings(book, SECTION);
            assert!(found.is_empty(), "{book}: {found:?}");
        }
    }

    #[test]
    fn the_bishop_off_its_diagonal_is_found() {
        for book in BOOKS {
            let f = mutate(
                book,
                SECTION,
                2,
                "arrow: f1, c4, white",
                "arrow: f1, b4, white",
            );
            assert_eq!(f.len(), 1, "{:?}", summary(&f));
            assert_eq!(f[0].rule, common::ARROW);
        }
    }

    #[test]
    fn a_move_on_the_other_side_is_found() {
        // Winnie may not move the bishop to e2: it starts and ends on the king side.
        let f = mutate(
            BOOKS[0],
            SECTION,
            2,
            "arrow: f1, c4, white",
            "arrow: f1, e2, white",
        );
        assert_eq!(f.len(), 1, "{:?}", summary(&f));
        assert_eq!(f[0].rule, SIDE);
        assert_eq!(
            f[0].message,
            "the white bishop on f1 moves to e2, both off the queen side marked by the dashed rectangle"
        );
    }

    #[test]
    fn the_rect_must_be_a_half() {
        let f = mutate(BOOKS[1], SECTION, 2, "rect: 1, 1, 4, 8", "rect: 1, 1, 5, 8");
        assert!(f.iter().any(|f| f.rule == RECT), "{:?}", summary(&f));
    }

    #[test]
    fn the_arrow_is_a_proposed_move() {
        let f = mutate(
            BOOKS[1],
            SECTION,
            2,
            "arrow: f1, c4, white",
            "arrow: e4, e5, white",
        );
        assert!(
            f.iter().any(|f| f.rule == common::ARROW),
            "{:?}",
            summary(&f)
        );
    }

    #[test]
    fn a_king_may_move_into_check() {
        let f = check_text(
            SECTION,
            "r n b . k b n r
             p p p p . p p p
             . . . . . . . .
             . . . . p . . .
             . . . . P . . q
             . . . . . . . .
             P P P P . . P P
             R N B Q K B N R
             arrow: e1, f2, white
             rect: 5, 1, 8, 8",
        );
        assert!(f.is_empty(), "{:?}", summary(&f));
    }
}
