//! Half Alice Chess: a piece on a checker (a white or black ring, the
//! piece's own colour) is on the other side of the mirror. A move must be
//! legal by orthodox rules among the pieces on the mover's side (the others
//! neither block nor can be captured, and the destination holds no piece of
//! the other side, one board holding one piece a square); then the piece
//! switches sides, and its king may not then stand in check on its side.

use crate::diagram::{ArrowColour, Board, BoardDiagram, Color, Role, Square};
use crate::engine::chess::{CastlingInference, Position, Rules, SquareSet};
use crate::engine::games::common;
use crate::engine::material::{self, MaterialRules};
use crate::engine::replay::{
    State, StepRules, default_befores, en_passant_befores, en_passant_victim, orthodox_step,
};
use crate::engine::{DiagramContext, Finding, Game};

pub struct HalfAlice;

fn mirrored(state: &State, sq: Square) -> bool {
    state.ring(sq).is_some()
}

/// The pieces on one side of the mirror, without rings; a pawn that just
/// moved two squares may be taken en passant by a pawn on its side.
fn side(state: &State, on_checkers: bool) -> State {
    let mut board = Board::default();
    for (sq, p) in state.board.pieces() {
        if mirrored(state, sq) == on_checkers {
            board.set(sq, Some(p));
        }
    }
    State {
        en_passant: state.en_passant,
        ..State::new(board)
    }
}

/// Whether the king of `color` is attacked by the pieces on its side.
fn in_check(state: &State, color: Color) -> bool {
    state
        .board
        .pieces()
        .filter(|(_, p)| p.color == color && p.role == Role::King)
        .any(|(k, _)| {
            let s = side(state, mirrored(state, k));
            Position::from_board(&s.board, color, CastlingInference::None).in_check(color)
        })
}

struct AliceSteps;

impl StepRules for AliceSteps {
    fn step(
        &self,
        state: &State,
        from: Square,
        to: Square,
        color: Color,
    ) -> Result<Vec<State>, String> {
        let on_checkers = mirrored(state, from);
        if let (Some(mover), Some(there)) = (state.piece(from), state.piece(to))
            && mover.color == color
            && mirrored(state, to) != on_checkers
        {
            return Err(format!(
                "the {} on {to} is on the other side of the mirror, so the {} on {from} cannot {} it",
                there.name(),
                mover.name(),
                if there.color == color {
                    "move onto"
                } else {
                    "capture"
                }
            ));
        }
        let before = side(state, on_checkers);
        let afters = orthodox_step(
            &before,
            from,
            to,
            color,
            &Rules::STANDARD,
            CastlingInference::Standard,
        )?;
        let mut out = Vec::new();
        let mut reason = None;
        'afters: for after in afters {
            let mut full = state.clone();
            full.en_passant = after.en_passant;
            for (sq, _) in before.board.pieces() {
                full.board.set(sq, None);
                full.set_ring(sq, None);
            }
            for (sq, p) in after.board.pieces() {
                if full.board.get(sq).is_some() {
                    reason = Some(format!(
                        "{sq} holds a piece on the other side of the mirror, so the move cannot end there"
                    ));
                    continue 'afters;
                }
                full.board.set(sq, Some(p));
                let moved = before.piece(sq) != Some(p);
                // The moved pieces switch sides; the rest keep theirs.
                let ring = (on_checkers != moved).then_some(p.color);
                full.set_ring(sq, ring);
            }
            if in_check(&full, color) {
                reason = Some(format!(
                    "after {from}–{to} the {} king would be in check on its side of the mirror",
                    color.name()
                ));
                continue;
            }
            out.push(full);
        }
        if out.is_empty() {
            return Err(reason.unwrap_or_else(|| format!("{from}–{to} is not a move here")));
        }
        Ok(out)
    }

    fn befores(&self, after: &State, from: Square, to: Square, color: Color) -> Vec<State> {
        // The mover switched sides: before, it was on the side it left.
        let was_on_checkers = !mirrored(after, to);
        let mut out: Vec<State> = Vec::new();
        for mut b in default_befores(after, from, to, color) {
            b.set_ring(from, was_on_checkers.then_some(color));
            let captured = b.piece(to).map(|p| p.color);
            b.set_ring(to, captured.filter(|_| was_on_checkers));
            if !out.contains(&b) {
                out.push(b);
            }
        }
        out
    }

    /// "Rules are as in orthodox chess": en passant too, between pawns on
    /// one side of the mirror.
    fn en_passant(&self) -> bool {
        true
    }

    fn material(&self) -> MaterialRules {
        MaterialRules::ORTHODOX
    }

    fn en_passant_befores(
        &self,
        after: &State,
        from: Square,
        to: Square,
        color: Color,
    ) -> Vec<State> {
        // Mover and victim were on the side the mover left.
        let was_on_checkers = !mirrored(after, to);
        let victim = en_passant_victim(from, to);
        en_passant_befores(after, from, to, color)
            .into_iter()
            .map(|mut b| {
                b.set_ring(from, was_on_checkers.then_some(color));
                b.set_ring(victim, was_on_checkers.then_some(color.other()));
                b
            })
            .collect()
    }
}

impl Game for HalfAlice {
    fn name(&self) -> &'static str {
        "Half Alice Chess"
    }

    fn check_board(&self, _cx: &DiagramContext, board: &BoardDiagram, out: &mut Vec<Finding>) {
        material::check(board, &MaterialRules::ORTHODOX, out);
        let mut rings = [SquareSet::EMPTY; 2];
        let mut ok = true;
        for (colour, color) in [
            (ArrowColour::White, Color::White),
            (ArrowColour::Black, Color::Black),
        ] {
            for ring in common::rings(board, colour) {
                let sq = ring.from;
                rings[color as usize].insert(sq);
                let checker = if color == Color::White {
                    "light"
                } else {
                    "dark"
                };
                let problem = match board.board.get(sq) {
                    None => Some(format!("a {checker} checker on {sq} with no piece on it")),
                    Some(p) if p.color != color => Some(format!(
                        "the {} on {sq} stands on a {checker} checker, but {}'s pieces use the {} checkers",
                        p.name(),
                        common::side_name(p.color),
                        if p.color == Color::White {
                            "light"
                        } else {
                            "dark"
                        }
                    )),
                    Some(_) => None,
                };
                if let Some(message) = problem {
                    ok = false;
                    out.push(
                        Finding::error(common::RING, ring.span, message).with_help(
                            "a ring is a checker under a piece: the piece is on the other side of the mirror",
                        ),
                    );
                }
            }
        }
        if !ok {
            return;
        }
        let state = State {
            board: board.board.clone(),
            rings,
            en_passant: None,
            turn: None,
        };
        let arrows = common::move_arrows(board);
        common::check_moves_and_turn(board, &state, &arrows, &AliceSteps, &in_check, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::games::common::testing::*;

    const BOOK: &str = "tests/seeds/rules.md";
    const SECTION: &str = "Half Alice Chess";

    #[test]
    fn the_seed_diagrams_pass() {
        assert_eq!(board_count(BOOK, SECTION), 2);
        let found = seed_findings(BOOK, SECTION);
        assert!(found.is_empty(), "{found:?}");
    }

    #[test]
    fn the_king_cannot_go_to_b7_or_a8() {
        // b7: in check by the rook after switching (the ring moves along).
        let f = mutate(BOOK, SECTION, 2, "arrow: b8,a7,black", "arrow: b8,b7,black");
        assert!(!f.is_empty(), "{:?}", summary(&f));
        let text = "k . . Q . . . .
            . . . . . . . .
            . R . . . . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . K
            arrow: b6,b6,white
            arrow: b8,a8,black
            arrow: a8,a8,black";
        let f = check_text(SECTION, text);
        assert!(
            f.iter().any(|f| f.rule == common::ARROW),
            "{:?}",
            summary(&f)
        );
        let f = check_text(
            SECTION,
            ". . . Q . . . .
             . k . . . . . .
             . R . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . . . . . K
             arrow: b6,b6,white
             arrow: b8,b7,black
             arrow: b7,b7,black",
        );
        assert!(
            f.iter().any(|f| f.rule == common::ARROW),
            "{:?}",
            summary(&f)
        );
    }

    #[test]
    fn a7_attacked_before_the_switch() {
        // With the queen on a1, a7 is attacked before the switch.
        let f = mutate(BOOK, SECTION, 2, ". . . . . . . K", "Q . . . . . . K");
        assert!(
            f.iter().any(|f| f.rule == common::ARROW),
            "{:?}",
            summary(&f)
        );
    }

    #[test]
    fn a_ring_of_the_wrong_colour_is_found() {
        let f = mutate(BOOK, SECTION, 1, "arrow: b6,b6,white", "arrow: b6,b6,black");
        assert_eq!(f.len(), 1, "{:?}", summary(&f));
        assert_eq!(f[0].rule, common::RING);
    }

    #[test]
    fn the_side_not_to_move_is_not_in_check_on_its_side() {
        // The first diagram's black king is in check from d8: with Black to
        // move that is fine; a white arrow would make it White's turn.
        let f = mutate(
            BOOK,
            SECTION,
            1,
            "arrow: b6,b6,white",
            "arrow: h1, h2, white",
        );
        assert!(!f.is_empty(), "{:?}", summary(&f));
        // The rook on b6 is behind the mirror: it does not check the king on b8.
        let f = check_text(
            SECTION,
            ". k . . . . . .
             . . . . . . . .
             . R . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . . . . . K
             arrow: b6,b6,white
             arrow: h1, h2, white",
        );
        assert!(f.is_empty(), "{:?}", summary(&f));
    }

    #[test]
    fn pieces_behind_the_mirror_neither_block_nor_are_captured() {
        // The rook passes through the knight on d1 (behind the mirror) and lands
        // on g1 with a checker; it may not capture the mirrored knight on b1.
        let base = "k . . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . . . . . K
             . n . n . . R .
             arrow: d1,d1,black
             arrow: b1,b1,black
             arrow: g1,g1,white
             arrow: a1, g1, white";
        let f = check_text(SECTION, base);
        assert!(f.is_empty(), "{:?}", summary(&f));
        let f = check_text(
            SECTION,
            &base
                .replace(". n . n . . R .", "R n . n . . . .")
                .replace("arrow: g1,g1,white", "arrow: h8,h8,grey")
                .replace(". . . Q . . . .", ". . . . . . . .")
                .replace("arrow: a1, g1, white", "arrow: a1, b1, white"),
        );
        assert!(
            f.iter().any(|f| f.rule == common::ARROW),
            "{:?}",
            summary(&f)
        );
    }
}
