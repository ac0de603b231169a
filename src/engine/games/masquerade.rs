//! Masquerade Chess: pieces move as usual without capturing, but each
//! piece above a pawn captures with a secret capture move (one of the king,
//! queen, rook, bishop or knight captures). A diagram does not show the
//! assignment, so a capture is legal if any of those moves reaches; pawns
//! capture as usual. No check: kings may move into or stay in check and
//! are captured to win. The `type: masquerade` grids are checked in
//! grids.rs.

use crate::diagram::{BoardDiagram, Color, Role, Square};
use crate::engine::chess::{CastlingInference, Rules, reach};
use crate::engine::games::common;
use crate::engine::material::{self, MaterialRules};
use crate::engine::replay::{State, StepRules, orthodox_step};
use crate::engine::{DiagramContext, Finding, Game};

pub struct Masquerade;

/// A threatened king need not evade, so no attacked square restricts
/// castling ("a king may castle out of check").
const RULES: Rules = Rules {
    king_safety: false,
    castle_through_attack: true,
    ..Rules::STANDARD
};

/// Orthodox material, but a king may be captured ("the game ends when one
/// of the players captures the other's king"), and a bishop may capture
/// with a knight's or king's capture onto the other colour of square.
const MATERIAL: MaterialRules = MaterialRules {
    bishops_keep_colour: false,
    ..common::KING_MAY_BE_CAPTURED
};

const CAPTURES: [Role; 5] = [
    Role::King,
    Role::Queen,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
];

struct MasqueradeSteps;

impl StepRules for MasqueradeSteps {
    fn step(
        &self,
        state: &State,
        from: Square,
        to: Square,
        color: Color,
    ) -> Result<Vec<State>, String> {
        let (Some(piece), Some(target)) = (state.piece(from), state.piece(to)) else {
            return orthodox_step(state, from, to, color, &RULES, CastlingInference::Standard);
        };
        if piece.color != color || target.color == color || piece.role == Role::Pawn {
            return orthodox_step(state, from, to, color, &RULES, CastlingInference::Standard);
        }
        if !to.is_on_board()
            || !CAPTURES
                .iter()
                .any(|&r| reach(&state.board, from, r, color).captures.contains(to))
        {
            return Err(format!(
                "the {} on {from} cannot capture on {to} with any piece's capture move (king, queen, rook, bishop or knight)",
                piece.name()
            ));
        }
        let mut s = state.clone();
        s.en_passant = None;
        s.board.set(from, None);
        s.board.set(to, Some(piece));
        Ok(vec![s])
    }

    /// Regular chess, whose pawns "always capture with their standard
    /// capture moves", en passant included.
    fn en_passant(&self) -> bool {
        true
    }

    fn material(&self) -> MaterialRules {
        MATERIAL
    }
}

impl Game for Masquerade {
    fn name(&self) -> &'static str {
        "Masquerade Chess"
    }

    fn check_board(&self, _cx: &DiagramContext, board: &BoardDiagram, out: &mut Vec<Finding>) {
        material::check(board, &MATERIAL, out);
        let state = State::new(board.board.clone());
        let arrows = common::move_arrows(board);
        common::check_moves(board, &state, &arrows, &MasqueradeSteps, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::games::common::testing::*;

    const SECTION: &str = "Masquerade Chess";

    const POSITION: &str = "r n b q k b n r
        p p p . p p p p
        . . . . . . . .
        . . . p . . . .
        . . . . P . . .
        . . . . . N . .
        P P P P . P P P
        R N B Q K B . R";

    #[test]
    fn the_seeds_have_no_masquerade_boards() {
        assert_eq!(board_count("tests/seeds/rules.md", SECTION), 0);
        assert!(seed_findings("tests/seeds/rules.md", SECTION).is_empty());
    }

    #[test]
    fn quiet_moves_are_orthodox() {
        let f = check_text(SECTION, &format!("{POSITION}\narrow: f3, g5, white"));
        assert!(f.is_empty(), "{:?}", summary(&f));
        let f = check_text(SECTION, &format!("{POSITION}\narrow: f3, f5, white"));
        assert!(
            f.iter().any(|f| f.rule == common::ARROW),
            "{:?}",
            summary(&f)
        );
    }

    #[test]
    fn captures_with_any_capture_move() {
        // No capture move leads from f3 to d5: the e4 pawn blocks the diagonal.
        let f = check_text(SECTION, &format!("{POSITION}\narrow: f3, d5, white"));
        assert!(
            f.iter()
                .any(|f| f.message.contains("any piece's capture move")),
            "{:?}",
            summary(&f)
        );
        // The queen on d1 cannot take d5 through the pawn on d2.
        let f = check_text(SECTION, &format!("{POSITION}\narrow: d1, d5, white"));
        assert!(
            f.iter().any(|f| f.rule == common::ARROW),
            "{:?}",
            summary(&f)
        );
        // Pawns capture as usual.
        let f = check_text(SECTION, &format!("{POSITION}\narrow: e4, d5, white"));
        assert!(f.is_empty(), "{:?}", summary(&f));
        // A knight with a king's capture takes next door.
        let f = check_text(
            SECTION,
            "r n b q k b n r
             p p p . p p p p
             . . . . . . . .
             . . . . . . . .
             . . . . P p . .
             . . . . . N . .
             P P P P . P P P
             R N B Q K B . R
             arrow: f3, f4, white",
        );
        assert!(f.is_empty(), "{:?}", summary(&f));
    }

    #[test]
    fn a_king_may_move_into_check() {
        assert_check_is_not_a_rule(SECTION, "arrow: e1, f2, white");
    }

    #[test]
    fn a_king_may_castle_out_of_check() {
        // The bishop on b4 checks the white king, which castles.
        let text = "r n b q k . n r
             p p p p . p p p
             . . . . . . . .
             . . . . p . . .
             . b . . P . . .
             . . . . . N . .
             P P P . B P P P
             R N B Q K . . R
             arrow: e1, g1, white";
        let f = check_text(SECTION, text);
        assert!(f.is_empty(), "{:?}", summary(&f));
        let f = check_text("Zombie Chess", text);
        assert!(
            f.iter()
                .any(|f| f.rule == common::ARROW
                    && f.message.contains("may not castle out of check")),
            "{:?}",
            summary(&f)
        );
    }

    #[test]
    fn a_bishop_may_change_colour_with_a_knights_capture() {
        // The c1 bishop took a knight on e2 with a knight's capture: both
        // white bishops now stand on light squares, no pawn missing.
        let keep = "r . b q k b n r
             p p p p . p p p
             . . . . . . . .
             . . . . p . . .
             . . . . P . . .
             . . . . . . . .
             P P P P B P P P
             R N . Q K B N R
             arrow: c1, e2, white";
        let f = check_text(SECTION, keep);
        assert!(f.is_empty(), "{:?}", summary(&f));
        // The counts still hold: a third bishop is a promoted pawn, and
        // none is missing.
        let f = check_text(SECTION, &keep.replace("R N . Q K B N R", "R N B Q K B N R"));
        assert!(
            f.iter().any(|f| f.rule == material::RULE
                && f.message.starts_with(
                    "White has too many pieces to have come from promotion: 3 bishops"
                )),
            "{:?}",
            summary(&f)
        );
    }
}
