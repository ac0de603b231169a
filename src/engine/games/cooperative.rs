//! Cooperative Chess: on a turn one piece moves: an optional non-capturing
//! move, then a chain of captures. Kings may move into or stay in check;
//! castling and en passant as usual. The cards (hands, discard and captured
//! stacks) are not read: their places on the page carry their meaning.

use crate::diagram::{Arrow, BoardDiagram, Color, Square};
use crate::engine::chess::{CastlingInference, Rules};
use crate::engine::games::common;
use crate::engine::material;
use crate::engine::replay::{State, StepRules, arrow_color, orthodox_step};
use crate::engine::{DiagramContext, Finding, Game};

pub struct Cooperative;

pub const TURN: &str = "turn";

/// Kings may move into or stay in check, so no attacked square restricts
/// castling either.
const RULES: Rules = Rules {
    king_safety: false,
    castle_through_attack: true,
    ..Rules::STANDARD
};

/// Orthodox moves, where every move of the turn but the first captures.
struct CoopSteps {
    /// Where the turn's piece started.
    start: Square,
}

impl StepRules for CoopSteps {
    fn step(
        &self,
        state: &State,
        from: Square,
        to: Square,
        color: Color,
    ) -> Result<Vec<State>, String> {
        if from != self.start
            && state.piece(to).is_none()
            && let Some(piece) = state.piece(from)
        {
            return Err(format!(
                "the {} moves from {from} to {to} without capturing, but only the first move of a turn may be a non-capturing move",
                piece.name()
            ));
        }
        orthodox_step(state, from, to, color, &RULES, CastlingInference::Standard)
    }
}

/// The arrows as one piece's path, in order, or the arrow that breaks it.
fn chain(arrows: &[&Arrow]) -> Result<Vec<usize>, usize> {
    let starts: Vec<usize> = (0..arrows.len())
        .filter(|&i| !arrows.iter().any(|b| b.to == arrows[i].from))
        .collect();
    let Some(&first) = starts.first() else {
        return Err(0);
    };
    if let Some(&second) = starts.get(1) {
        return Err(second);
    }
    let mut order = vec![first];
    while order.len() < arrows.len() {
        let last = arrows[order[order.len() - 1]].to;
        let next: Vec<usize> = (0..arrows.len())
            .filter(|&i| arrows[i].from == last && !order.contains(&i))
            .collect();
        match next.as_slice() {
            [one] => order.push(*one),
            [] => return Err((0..arrows.len()).find(|i| !order.contains(i)).unwrap_or(0)),
            [_, two, ..] => return Err(*two),
        }
    }
    Ok(order)
}

impl Game for Cooperative {
    fn name(&self) -> &'static str {
        "Cooperative Chess"
    }

    fn check_board(&self, _cx: &DiagramContext, board: &BoardDiagram, out: &mut Vec<Finding>) {
        // The game ends when a king is captured.
        material::check(board, &common::KING_MAY_BE_CAPTURED, out);
        let arrows = common::move_arrows(board);
        let Some(first) = arrows.first() else {
            return;
        };
        if let Some(other) = arrows.iter().find(|a| arrow_color(a) != arrow_color(first)) {
            out.push(
                Finding::error(
                    TURN,
                    other.span,
                    "the arrows are of both colours, but a turn is one player's moves",
                )
                .with_help("on each turn, all moves are made with one piece"),
            );
            return;
        }
        let order = match chain(&arrows) {
            Ok(order) => order,
            Err(i) => {
                out.push(
                    Finding::error(
                        TURN,
                        arrows[i].span,
                        format!(
                            "the arrow from {} does not continue the path of one piece",
                            arrows[i].from
                        ),
                    )
                    .with_help("on each turn, all moves are made with one piece: an optional non-capturing move, then captures"),
                );
                return;
            }
        };
        let state = State::new(board.board.clone());
        let steps = CoopSteps {
            start: arrows[order[0]].from,
        };
        common::check_moves(board, &state, &arrows, &steps, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::games::common::testing::*;

    const BOOK: &str = "rules/rules.md";
    const SECTION: &str = "Cooperative Chess";

    #[test]
    fn the_seed_diagrams_pass() {
        assert_eq!(board_count(BOOK, SECTION), 6);
        let found = seed_findings(BOOK, SECTION);
        assert!(found.is_empty(), "{found:?}");
    }

    #[test]
    fn a_broken_chain_is_found() {
        let f = mutate(
            BOOK,
            SECTION,
            3,
            "arrow: e6, d5, black",
            "arrow: e6, d4, black",
        );
        assert!(
            f.iter().any(|f| f.rule == common::ARROW || f.rule == TURN),
            "{:?}",
            summary(&f)
        );
    }

    #[test]
    fn the_knight_cannot_jump_like_that() {
        let f = mutate(
            BOOK,
            SECTION,
            4,
            "arrow: f6, e4, black",
            "arrow: f6, e3, black",
        );
        assert!(
            f.iter().any(|f| f.rule == common::ARROW || f.rule == TURN),
            "{:?}",
            summary(&f)
        );
    }

    #[test]
    fn a_second_piece_is_found() {
        let f = mutate(
            BOOK,
            SECTION,
            6,
            "arrow: c8, f5, black",
            "arrow: e7, e5, black",
        );
        assert!(!f.is_empty(), "{:?}", summary(&f));
    }

    #[test]
    fn a_white_arrow_in_a_black_turn_is_found() {
        let f = mutate(
            BOOK,
            SECTION,
            6,
            "arrow: e4, b1, black",
            "arrow: e4, b1, white",
        );
        assert!(f.iter().any(|f| f.rule == TURN), "{:?}", summary(&f));
    }

    #[test]
    fn a_quiet_move_after_a_capture_is_found() {
        // Proposed: the bishop may take e4, but then not go on to the empty d3.
        let f = check_text(
            SECTION,
            "r n b q k b n r
             p p p . p p p p
             . . . . . . . .
             . . . . . . . .
             . . . . P . . .
             . . . . . . . .
             P P P P . P P P
             R N B Q K B N R
             arrow: c8, f5, black
             arrow: f5, e4, black
             arrow: e4, d3, black",
        );
        assert_eq!(f.len(), 1, "{:?}", summary(&f));
        assert_eq!(f[0].rule, common::ARROW);
        assert!(f[0].message.contains("from e4 to d3"), "{}", f[0].message);
        // Made, the bishop on d3 may have taken a piece there: that is legal.
        let f = check_text(
            SECTION,
            "r n . q k b n r
             p p p . p p p p
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . b . . . .
             P P P P . P P P
             R N B Q K B N R
             arrow: c8, f5, black
             arrow: f5, e4, black
             arrow: e4, d3, black",
        );
        assert!(f.is_empty(), "{:?}", summary(&f));
    }

    #[test]
    fn a_king_may_stay_in_check() {
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
             arrow: a2, a3, white",
        );
        assert!(f.is_empty(), "{:?}", summary(&f));
    }
}
