//! Zombie Chess: orthodox moves, but a captured piece may be buried under
//! one of the captor's pieces and comes back, as a zombie, on the square
//! that piece leaves. So a made move's tail may hold a piece of the other
//! colour. Grey arrows (where a piece is buried) and grey rings (marked
//! squares) are annotations.

use crate::diagram::{BoardDiagram, Color, Piece, Role, Square};
use crate::engine::chess::{CastlingInference, Rules};
use crate::engine::games::common;
use crate::engine::material::{self, MaterialRules};
use crate::engine::replay::{State, StepRules, default_befores, en_passant_befores, orthodox_step};
use crate::engine::{DiagramContext, Finding, Game};

pub struct Zombie;

/// A zombie may come back on its own first rank (under an enemy piece
/// that stood there), so only the last rank is closed to pawns; and a
/// bishop comes back where it was buried, on either colour of square.
const MATERIAL: MaterialRules = MaterialRules {
    pawns_on_back_ranks: true,
    bishops_keep_colour: false,
    ..MaterialRules::ORTHODOX
};

struct ZombieSteps;

impl StepRules for ZombieSteps {
    fn step(
        &self,
        state: &State,
        from: Square,
        to: Square,
        color: Color,
    ) -> Result<Vec<State>, String> {
        let afters = orthodox_step(
            state,
            from,
            to,
            color,
            &Rules::STANDARD,
            CastlingInference::Standard,
        )?;
        let mut out = afters.clone();
        // A zombie is the other side's piece, buried under the mover; or,
        // once the mover's side has captured something, its own piece that
        // the other side buried under a piece the mover then took on
        // `from` ("you can leave that piece buried if your opponent
        // captures your piece on top of it").
        let theirs_lost = state
            .board
            .pieces()
            .filter(|(_, p)| p.color != color)
            .count()
            < 16;
        let colours = if theirs_lost {
            vec![color.other(), color]
        } else {
            vec![color.other()]
        };
        let zombies = colours
            .into_iter()
            .flat_map(|c| Role::ALL.into_iter().map(move |r| Piece::new(c, r)));
        for after in &afters {
            if after.piece(from).is_some() {
                continue;
            }
            for zombie in zombies.clone() {
                let role = zombie.role;
                let last = if zombie.color == Color::White { 8 } else { 1 };
                // A king is never captured; a pawn back on its last rank is promoted at once.
                if role == Role::King || (role == Role::Pawn && from.rank == last) {
                    continue;
                }
                let mut s = after.clone();
                s.board.set(from, Some(zombie));
                // "If moving a piece would put your king in check by revealing a zombie, you may not move that piece."
                if !common::orthodox_in_check(&s, color) {
                    out.push(s);
                }
            }
        }
        Ok(out)
    }

    fn befores(&self, after: &State, from: Square, to: Square, color: Color) -> Vec<State> {
        default_befores(&unburied(after, from), from, to, color)
    }

    /// "All the normal rules of Chess apply."
    fn en_passant(&self) -> bool {
        true
    }

    fn material(&self) -> MaterialRules {
        MATERIAL
    }

    fn en_passant_befores(
        &self,
        after: &State,
        from: Square,
        to: Square,
        color: Color,
    ) -> Vec<State> {
        en_passant_befores(&unburied(after, from), from, to, color)
    }
}

/// `after` without the zombie that came back on `from`, the square the
/// mover left: before the move it was buried. A piece of the mover's own
/// colour there is a zombie too, if the mover's side has captured
/// anything (see `ZombieSteps::step`).
fn unburied(after: &State, from: Square) -> State {
    let mut s = after.clone();
    // An arrow may start in the margin (rank 0 or 9): nothing is buried there.
    if from.is_on_board() {
        s.board.set(from, None);
    }
    s
}

impl Game for Zombie {
    fn name(&self) -> &'static str {
        "Zombie Chess"
    }

    fn check_board(&self, _cx: &DiagramContext, board: &BoardDiagram, out: &mut Vec<Finding>) {
        material::check(board, &MATERIAL, out);
        common::check_no_pawn_on_last_rank(board, out);
        let state = State::new(board.board.clone());
        let arrows = common::move_arrows(board);
        common::check_moves_and_turn(
            board,
            &state,
            &arrows,
            &ZombieSteps,
            &common::orthodox_in_check,
            out,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::games::common::testing::*;

    const BOOK: &str = "tests/seeds/rules.md";
    const SECTION: &str = "Zombie Chess";

    #[test]
    fn the_seed_diagrams_pass() {
        assert_eq!(board_count(BOOK, SECTION), 2);
        let found = seed_findings(BOOK, SECTION);
        assert!(found.is_empty(), "{found:?}");
    }

    #[test]
    fn a_pawn_capture_off_its_diagonal_is_found() {
        let f = mutate(
            BOOK,
            SECTION,
            1,
            "arrow: e5, d4, black",
            "arrow: e6, d4, black",
        );
        assert_eq!(f.len(), 1, "{:?}", summary(&f));
        assert_eq!(f[0].rule, common::ARROW);
    }

    #[test]
    fn a_zombie_of_the_movers_own_colour_needs_a_capture_on_its_square() {
        // A black pawn back on c6 as Black's knight leaves: a zombie of
        // Black's own colour, which White buried under a piece the knight
        // then took on c6. White has lost pieces, so it may be.
        let f = mutate(BOOK, SECTION, 2, ". . P . . . . .", ". . p . . . . .");
        assert!(f.is_empty(), "{:?}", summary(&f));
        // Before Black has taken anything, the black knight never took a
        // piece on c6, so no black zombie waits there.
        let untouched = "r . b q k b n r
             p p p p . p p p
             . . p . . . . .
             . . . . . . . .
             . . . n P . . .
             . . . . . . . .
             P P P P . P P P
             R N B Q K B N R
             arrow: c6, d4, black";
        let f = check_text(SECTION, untouched);
        assert!(
            f.iter().any(|f| f.rule == common::ARROW),
            "{:?}",
            summary(&f)
        );
    }

    #[test]
    fn the_knight_cannot_have_come_from_elsewhere() {
        let f = mutate(
            BOOK,
            SECTION,
            2,
            "arrow: c6, d4, black",
            "arrow: c5, d4, black",
        );
        assert!(
            f.iter().any(|f| f.rule == common::ARROW),
            "{:?}",
            summary(&f)
        );
    }

    #[test]
    fn a_pawn_on_its_last_rank_is_found_but_not_on_its_first() {
        let f = mutate(BOOK, SECTION, 1, "r . b q k b n r", "r . b q k b P r");
        assert!(
            f.iter()
                .any(|f| f.message == "a white pawn on g8, White's last rank"),
            "{:?}",
            summary(&f)
        );
        // A white pawn zombie may come back on a1, under a black piece that left it.
        let f = mutate(BOOK, SECTION, 1, "R N B Q K B . R", "P N B Q K B . R");
        assert!(
            !f.iter().any(|f| f.message.contains("a1")),
            "{:?}",
            summary(&f)
        );
    }

    #[test]
    fn a_zombie_cannot_be_revealed_into_check_on_the_movers_king() {
        // The black king on e8 would be checked by a white queen brought back on d7.
        let f = check_text(
            SECTION,
            "r . b . k b n r
             p p p Q . p p p
             . . . . . . . .
             . . n . . . . .
             . . . . P . . .
             . . . . . N . .
             P P P . . P P P
             R N B . K B . R
             arrow: d7, c5, black",
        );
        assert!(
            f.iter().any(|f| f.rule == common::ARROW),
            "{:?}",
            summary(&f)
        );
        // With the zombie a white knight instead, the move stands.
        let f = check_text(
            SECTION,
            "r . b . k b n r
             p p p N . p p p
             . . . . . . . .
             . . n . . . . .
             . . . . P . . .
             . . . . . N . .
             P P P . . P P P
             R N B . K B . R
             arrow: d7, c5, black",
        );
        assert!(f.is_empty(), "{:?}", summary(&f));
    }

    #[test]
    fn the_side_not_to_move_cannot_be_in_check() {
        // Black just moved and left the black king in check from the bishop on b5.
        let f = check_text(
            SECTION,
            "r n b q k b n r
             p p p . p p p .
             . . . . . . . p
             . B . p . . . .
             . . . . P . . .
             . . . . . . . .
             P P P P . P P P
             R N B Q K . N R
             arrow: h7, h6, black",
        );
        assert!(!f.is_empty(), "{:?}", summary(&f));
    }

    #[test]
    fn zombie_material_before_a_capture() {
        // White's d2–d4, taken en passant: before, White had 8 pawns, so a
        // third knight cannot have been a promoted pawn.
        let keep = "r n b q k b n r
             p p p p . p p p
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . p . . . .
             P P P . P P P P
             R N B Q K B N R
             arrow: d2, d4, white
             arrow: e4, d3, black";
        let f = check_text(SECTION, keep);
        assert!(f.is_empty(), "{:?}", summary(&f));
        let f = check_text(
            SECTION,
            &keep.replace(
                "             . . . . . . . .\n             . . . p",
                "             N . . . . . . .\n             . . . p",
            ),
        );
        assert!(
            f.iter().any(|f| f.rule == common::ARROW
                && f.message
                    .starts_with("before e4–d3, White has too many pieces")),
            "{:?}",
            summary(&f)
        );
    }

    #[test]
    fn a_zombie_comes_back_after_castling() {
        // White castles; a black knight buried under the king comes back on e1.
        let keep = "r . b q k b n r
             p p p p . p p p
             . . . . . . . .
             . . . . p . . .
             . . . . P . . .
             . . . . . N . .
             P P P P B P P P
             R N B Q n R K .
             arrow: e1, g1, white";
        let f = check_text(SECTION, keep);
        assert!(f.is_empty(), "{:?}", summary(&f));
        // A zombie is the other side's piece: a white one cannot appear.
        let f = check_text(SECTION, &keep.replace("R N B Q n R K .", "R N B Q N R K ."));
        assert!(
            f.iter()
                .any(|f| f.rule == common::ARROW || f.rule == material::RULE),
            "{:?}",
            summary(&f)
        );
    }

    #[test]
    fn a_zombie_bishop_comes_back_on_either_colour_of_square() {
        // Black's knight leaves b8 and reveals White's bishop, buried there:
        // White's two bishops now stand on dark squares (b8, c1), with no
        // pawn missing, and no promotion is needed to explain it.
        let keep = "r B b q k b n r
             p p p p . p p p
             . . n . . . . .
             . . . . p . . .
             . . . . P . . .
             . . . . . . . .
             P P P P . P P P
             R N B Q K . N R
             arrow: b8, c6, black";
        let f = check_text(SECTION, keep);
        assert!(f.is_empty(), "{:?}", summary(&f));
        // The counts still hold: a third white bishop is a promoted pawn,
        // and none is missing.
        let f = check_text(SECTION, &keep.replace("R N B Q K . N R", "R N B Q K B N R"));
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
