//! Cloak and Dagger Chess: board diagrams are orthodox positions with
//! Chess960 castling (king and rook end on the usual squares). A cloaked
//! king may move into, stay in or castle out of check, and a diagram does
//! not show which pieces are cloaked, so check never makes a move illegal
//! here. The king is captured to win, and no move follows its capture
//! (`king_capture`). The `type: cloak` grids are checked
//! in grids.rs.

use crate::diagram::BoardDiagram;
use crate::engine::chess::{CastlingInference, Rules};
use crate::engine::games::common;
use crate::engine::games::king_capture::{self, EndsAtKingCapture};
use crate::engine::material;
use crate::engine::replay::{OrthodoxSteps, State};
use crate::engine::{DiagramContext, Finding, Game};

pub struct Cloak;

const RULES: Rules = Rules {
    king_safety: false,
    castle_through_attack: true,
    ..Rules::STANDARD
};

impl Game for Cloak {
    fn name(&self) -> &'static str {
        "Cloak and Dagger Chess"
    }

    fn fen_rules(&self) -> crate::engine::fen::FenRules<'static> {
        crate::engine::fen::FenRules::Chess {
            steps: Box::new(EndsAtKingCapture(OrthodoxSteps {
                rules: RULES,
                castling: CastlingInference::Chess960,
                material: common::KING_MAY_BE_CAPTURED,
            })),
            castling: crate::engine::chess::CastlingInference::Chess960,
        }
    }

    fn check_board(&self, _cx: &DiagramContext, board: &BoardDiagram, out: &mut Vec<Finding>) {
        material::check(board, &common::KING_MAY_BE_CAPTURED, out);
        let state = State::new(board.board.clone());
        let arrows = common::move_arrows(board);
        // "Win by capturing a cloaked king": no move follows its capture.
        let steps = EndsAtKingCapture(OrthodoxSteps {
            rules: RULES,
            castling: CastlingInference::Chess960,
            material: common::KING_MAY_BE_CAPTURED,
        });
        let before = out.len();
        common::check_moves(board, &state, &arrows, &steps, out);
        king_capture::explain(&mut out[before..]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::games::common::testing::*;

    const SECTION: &str = "Cloak and Dagger Chess";

    #[test]
    fn the_seeds_have_only_grids() {
        for book in ["tests/seeds/new_rules.md", "tests/seeds/crowded_rules.md"] {
            assert_eq!(board_count(book, SECTION), 0);
            assert!(seed_findings(book, SECTION).is_empty());
        }
    }

    const SETUP: &str = "r b n k r q b n
        p p p p p p p p
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        P P P P P P P P
        R . . K R Q N B";

    #[test]
    fn chess960_castling() {
        // King d1 and rook a1 castle to c1 and d1.
        let f = check_text(SECTION, &format!("{SETUP}\narrow: d1, c1, white"));
        assert!(f.is_empty(), "{:?}", summary(&f));
        // Toward the e1 rook the king would land on g1, where the knight stands.
        let f = check_text(SECTION, &format!("{SETUP}\narrow: d1, g1, white"));
        assert!(
            f.iter().any(|f| f.rule == common::ARROW),
            "{:?}",
            summary(&f)
        );
    }

    /// The castling made: the king from d1 on c1, the rook on d1, where the
    /// king started.
    #[test]
    fn a_made_chess960_castling_from_d1() {
        let castled = SETUP.replace("R . . K R Q N B", ". . K R R Q N B");
        let f = check_text(SECTION, &format!("{castled}\narrow: d1, c1, white"));
        assert!(f.is_empty(), "{:?}", summary(&f));
        // With a knight on b1 the rook cannot have come from a1, but it may
        // have started on c1, beside the king.
        let from_c1 = SETUP.replace("R . . K R Q N B", ". N K R R Q . B");
        let f = check_text(SECTION, &format!("{from_c1}\narrow: d1, c1, white"));
        assert!(f.is_empty(), "{:?}", summary(&f));
    }

    #[test]
    fn material_and_moves() {
        let f = check_text(
            SECTION,
            &format!(
                "{}\narrow: b7, b5, black",
                SETUP.replace("R . . K R Q N B", "R . . K R Q Q B")
            ),
        );
        assert!(
            f.iter().any(|f| f.rule == material::RULE),
            "{:?}",
            summary(&f)
        );
        let f = check_text(SECTION, &format!("{SETUP}\narrow: g1, g3, white"));
        assert!(
            f.iter().any(|f| f.rule == common::ARROW),
            "{:?}",
            summary(&f)
        );
    }

    #[test]
    fn a_king_may_stay_in_check() {
        // "A cloaked king may move into check, stay in check": the game is
        // won by capturing it.
        assert_check_is_not_a_rule(SECTION, "arrow: a2, a3, white");
    }

    /// White's regular move and then its bonus pawn move, a double step:
    /// Black may take that pawn en passant, whichever arrow is listed first.
    #[test]
    fn en_passant_after_a_bonus_double_step() {
        let board = "r n b q k b n r
            p p p p . p p p
            . . . . . . . .
            . . . . . . . .
            . . . P p . . .
            P . . . . . . .
            . P P . P P P P
            R N B Q K B N R";
        let capture = "arrow: e4, d3, black";
        for arrows in [
            ["arrow: a2, a3, white", "arrow: d2, d4, white"],
            ["arrow: d2, d4, white", "arrow: a2, a3, white"],
        ] {
            let f = check_text(
                SECTION,
                &format!("{board}\n{}\n{capture}", arrows.join("\n")),
            );
            assert!(f.is_empty(), "{arrows:?}: {:?}", summary(&f));
        }
        // A pawn that came one square cannot be taken en passant.
        let f = check_text(
            SECTION,
            &format!("{board}\narrow: a2, a3, white\narrow: d3, d4, white\n{capture}"),
        );
        assert!(
            f.iter()
                .any(|f| f.message.contains("has not just moved two squares")),
            "{:?}",
            summary(&f)
        );
    }

    /// A help line changes an arrow only where the arrow is at fault: an
    /// en passant capture that is legal on its own, refused because the
    /// diagram's last white move is a2–a3 and not the double step, is
    /// sound as drawn, so no changed capture (e4–e3) is offered for it.
    #[test]
    fn no_help_changes_an_arrow_sound_on_its_own() {
        let board = "r n b q k b n r
            p p p p . p p p
            . . . . . . . .
            . . . . . . . .
            . . . P p . . .
            P . . . . . . .
            . P P . P P P P
            R N B Q K B N R";
        let f = check_text(SECTION, &format!("{board}\narrow: e4, d3, black"));
        assert!(f.is_empty(), "{:?}", summary(&f));
        let f = check_text(
            SECTION,
            &format!("{board}\narrow: a2, a3, white\narrow: e4, d3, black"),
        );
        assert!(
            f.iter().any(|f| f.rule == common::ARROW
                && f.message
                    .contains("the pawn on d4 has not just moved two squares")
                && f.help.is_none()),
            "{:?}",
            f.iter().map(|f| (&f.message, &f.help)).collect::<Vec<_>>()
        );
    }
}
