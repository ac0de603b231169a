//! Booster Chess: white and black rings are White's and Black's checkers.
//! A piece on its own colour's checker is boosted (after its regular move
//! it may make king steps, drawn as further arrows); on the other colour's
//! it is hobbled: a hobbled pawn cannot move, other hobbled pieces move
//! like pawns (one step, no double step), and the hobble comes off on the
//! far back rank. Check is tested with hobbled pieces attacking like pawns
//! (hobbled pawns not at all); boosted threats are not counted, so no
//! legal move is ever rejected for them.

use crate::diagram::{ArrowColour, BoardDiagram, Color, Piece, Role, Square};
use crate::engine::chess::{CastlingInference, Position, Rules, SquareSet, is_king_step};
use crate::engine::games::common;
use crate::engine::material::{self, MaterialRules};
use crate::engine::replay::{State, StepRules, default_befores, orthodox_step};
use crate::engine::{DiagramContext, Finding, Game};

pub struct Booster;

pub const CHECKERS: &str = "checkers";

/// Each player has six checkers.
const PER_PLAYER: usize = 6;

const PSEUDO: Rules = Rules {
    king_safety: false,
    en_passant: true,
    castling: true,
    castle_through_attack: true,
    promotion_roles: Rules::STANDARD.promotion_roles,
};

fn hobbled(state: &State, sq: Square) -> bool {
    matches!((state.piece(sq), state.ring(sq)), (Some(p), Some(c)) if p.color != c)
}

fn boosted(state: &State, sq: Square) -> bool {
    matches!((state.piece(sq), state.ring(sq)), (Some(p), Some(c)) if p.color == c)
}

/// Whether the king of `color` is attacked, hobbled attackers striking
/// like pawns and hobbled pawns not at all.
fn in_check(state: &State, color: Color) -> bool {
    let mut board = state.board.clone();
    for (sq, p) in state.board.pieces() {
        if p.color != color && hobbled(state, sq) {
            // A hobbled pawn still blocks but cannot capture: it stands in as one of ours.
            let stand_in = if p.role == Role::Pawn {
                Piece::new(color, Role::Pawn)
            } else {
                Piece::new(p.color, Role::Pawn)
            };
            board.set(sq, Some(stand_in));
        }
    }
    Position::from_board(&board, color, CastlingInference::None).in_check(color)
}

struct BoosterSteps {
    heads: Vec<(Square, Color)>,
}

impl BoosterSteps {
    fn hobbled_step(
        &self,
        state: &State,
        piece: Piece,
        from: Square,
        to: Square,
    ) -> Result<Vec<State>, String> {
        let who = format!("the hobbled {} on {from}", piece.name());
        if piece.role == Role::Pawn {
            return Err(format!("{who} cannot move at all"));
        }
        let forward: i8 = if piece.color == Color::White { 1 } else { -1 };
        let dr = to.rank as i8 - from.rank as i8;
        let df = to.file as i8 - from.file as i8;
        let target = state.piece(to);
        let ok = to.is_on_board()
            && dr == forward
            && match df {
                0 => target.is_none(),
                -1 | 1 => target.is_some_and(|t| t.color != piece.color),
                _ => false,
            };
        if !ok {
            return Err(format!(
                "{who} moves like a pawn: one square forward onto an empty square, or one diagonally forward to capture; {from}–{to} is not such a move"
            ));
        }
        let mut s = state.clone();
        s.en_passant = None;
        s.board.set(from, None);
        s.board.set(to, Some(piece));
        let ring = s.ring(from);
        s.set_ring(from, None);
        let far = if piece.color == Color::White { 8 } else { 1 };
        // On the far back rank the hobble checker goes back to its owner.
        s.set_ring(to, ring.filter(|_| to.rank != far));
        if in_check(&s, piece.color) {
            return Err(format!(
                "{who} cannot move to {to}: it would leave the {} king in check",
                piece.color.name()
            ));
        }
        Ok(vec![s])
    }
}

impl StepRules for BoosterSteps {
    fn step(
        &self,
        state: &State,
        from: Square,
        to: Square,
        color: Color,
    ) -> Result<Vec<State>, String> {
        let Some(piece) = state.piece(from).filter(|p| p.color == color) else {
            return orthodox_step(state, from, to, color, &PSEUDO, CastlingInference::Standard);
        };
        if hobbled(state, from) {
            return self.hobbled_step(state, piece, from, to);
        }
        let castles =
            piece.role == Role::King && from.rank == to.rank && from.file.abs_diff(to.file) == 2;
        if castles {
            let rook = Square::new(if to.file > from.file { 7 } else { 0 }, from.rank);
            if boosted(state, from) || boosted(state, rook) {
                return Err(format!(
                    "{from}–{to} castles, but the king or the rook is boosted, and a boosted piece may not castle"
                ));
            }
            // The king may not start on, pass or land on an attacked square.
            let path = [from.file, (from.file + to.file) / 2, to.file];
            if path
                .iter()
                .any(|&f| in_check(&passing(state, from, Square::new(f, from.rank)), color))
            {
                return Err(format!(
                    "the king cannot castle {from}–{to}: it starts on, passes or lands on an attacked square"
                ));
            }
        }
        let regular = orthodox_step(state, from, to, color, &PSEUDO, CastlingInference::Standard);
        match regular {
            Ok(afters) => {
                let safe: Vec<State> = afters.into_iter().filter(|s| !in_check(s, color)).collect();
                if safe.is_empty() {
                    return Err(format!(
                        "the {} on {from} cannot move to {to}: it would leave the {} king in check",
                        piece.name(),
                        color.name()
                    ));
                }
                Ok(safe)
            }
            Err(reason) => {
                if !(boosted(state, from) && is_king_step(from, to)) {
                    return Err(reason);
                }
                if !self.heads.contains(&(from, color)) {
                    return Err(format!(
                        "{reason}; as a booster king step it must follow a regular move of the {}, and no arrow brings it to {from}",
                        piece.name()
                    ));
                }
                if state.piece(to).is_some_and(|p| p.color == color) {
                    return Err(reason);
                }
                let mut out = Vec::new();
                for keep in [true, false] {
                    // A booster step is no double step: no en passant after it.
                    let mut s = state.clone();
                    s.en_passant = None;
                    s.board.set(from, None);
                    s.board.set(to, Some(piece));
                    s.set_ring(from, None);
                    // The spent checker goes back; others may remain.
                    s.set_ring(to, keep.then_some(color));
                    if !in_check(&s, color) {
                        out.push(s);
                    }
                }
                if out.is_empty() {
                    return Err(format!(
                        "after the booster step {from}–{to} the {} king would be in check",
                        color.name()
                    ));
                }
                Ok(out)
            }
        }
    }

    /// "You may capture a pawn en passant at the usual square after a
    /// regular move of two squares."
    fn en_passant(&self) -> bool {
        true
    }

    fn material(&self) -> MaterialRules {
        MaterialRules::ORTHODOX
    }

    fn befores(&self, after: &State, from: Square, to: Square, color: Color) -> Vec<State> {
        // Checkers change on the way: a captured piece's stack passes to the
        // captor, opposite colours cancel, a booster is spent, a hobble comes off.
        let mut out: Vec<State> = Vec::new();
        for b in default_befores(after, from, to, color) {
            for ring_from in [None, Some(Color::White), Some(Color::Black)] {
                let to_rings: &[Option<Color>] = if b.piece(to).is_some() {
                    &[None, Some(Color::White), Some(Color::Black)]
                } else {
                    &[None]
                };
                for &ring_to in to_rings {
                    let mut s = b.clone();
                    s.set_ring(from, ring_from);
                    s.set_ring(to, ring_to);
                    if !out.contains(&s) {
                        out.push(s);
                    }
                }
            }
        }
        out
    }
}

/// The position with the king of `from` standing on `sq` instead.
fn passing(state: &State, from: Square, sq: Square) -> State {
    let mut s = state.clone();
    let king = s.piece(from);
    s.board.set(from, None);
    s.board.set(sq, king);
    s
}

impl Game for Booster {
    fn name(&self) -> &'static str {
        "Booster Chess"
    }

    fn check_board(&self, _cx: &DiagramContext, board: &BoardDiagram, out: &mut Vec<Finding>) {
        material::check(board, &MaterialRules::ORTHODOX, out);
        let mut rings = [SquareSet::EMPTY; 2];
        for (colour, color) in [
            (ArrowColour::White, Color::White),
            (ArrowColour::Black, Color::Black),
        ] {
            let mine = common::rings(board, colour);
            for ring in &mine {
                if board.board.get(ring.from).is_none() {
                    out.push(
                        Finding::error(
                            common::RING,
                            ring.span,
                            format!(
                                "a {} checker on {} with no piece on it",
                                color.name(),
                                ring.from
                            ),
                        )
                        .with_help("checkers stand under pieces and move with them"),
                    );
                }
                rings[color as usize].insert(ring.from);
            }
            if mine.len() > PER_PLAYER {
                out.push(Finding::error(
                    CHECKERS,
                    mine[PER_PLAYER].span,
                    format!(
                        "{} has {} checkers on the board, but each player has {PER_PLAYER}",
                        common::side_name(color),
                        mine.len()
                    ),
                ));
            }
        }
        let state = State {
            board: board.board.clone(),
            rings,
            en_passant: None,
        };
        let arrows = common::move_arrows(board);
        let steps = BoosterSteps {
            heads: [Color::White, Color::Black]
                .into_iter()
                .flat_map(|c| common::heads(&arrows, c).into_iter().map(move |s| (s, c)))
                .collect(),
        };
        let Some(plan) = common::check_moves(board, &state, &arrows, &steps, out) else {
            return;
        };
        let to_move = common::side_to_move(&arrows, &plan);
        common::check_turn(board, &state, to_move, &in_check, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::games::common::testing::*;

    const SECTION: &str = "Booster Chess";

    #[test]
    fn the_seeds_have_no_booster_boards() {
        assert_eq!(board_count("rules/new_rules.md", SECTION), 0);
        assert!(seed_findings("rules/new_rules.md", SECTION).is_empty());
    }

    #[test]
    fn a_hobbled_knight_moves_like_a_pawn() {
        let f = check_text(
            SECTION,
            &format!("{OPENING}\narrow: g1, g1, black\narrow: g1, g2, white"),
        );
        // g2 holds a white pawn: not even a pawn move.
        assert!(
            f.iter().any(|f| f.rule == common::ARROW),
            "{:?}",
            summary(&f)
        );
        let f = check_text(
            SECTION,
            &format!("{OPENING}\narrow: g1, g1, black\narrow: g1, f3, white"),
        );
        assert!(
            f.iter().any(|f| f.message.contains("moves like a pawn")),
            "{:?}",
            summary(&f)
        );
        let open = OPENING.replace("P P P P P P P P", "P P P P P P . P");
        let f = check_text(
            SECTION,
            &format!("{open}\narrow: g1, g1, black\narrow: g1, g2, white"),
        );
        assert!(f.is_empty(), "{:?}", summary(&f));
        let f = check_text(
            SECTION,
            &format!("{OPENING}\narrow: e2, e2, black\narrow: e2, e4, white"),
        );
        assert!(
            f.iter().any(|f| f.message.contains("cannot move at all")),
            "{:?}",
            summary(&f)
        );
    }

    #[test]
    fn a_boosted_knight_steps_after_its_jump() {
        let after = OPENING
            .replace("R N B Q K B N R", "R N B Q K B . R")
            .replace(
                ". . . . . . . .\n        P P",
                ". . . . N . . .\n        P P",
            );
        let f = check_text(
            SECTION,
            &format!("{after}\narrow: g1, f3, white\narrow: f3, e3, white\narrow: e3, e3, white"),
        );
        assert!(f.is_empty(), "{:?}", summary(&f));
        // A black checker would hobble it instead.
        let f = check_text(
            SECTION,
            &format!("{after}\narrow: g1, f3, white\narrow: f3, e3, white\narrow: e3, e3, black"),
        );
        assert!(
            f.iter().any(|f| f.rule == common::ARROW),
            "{:?}",
            summary(&f)
        );
    }

    #[test]
    fn checkers_need_pieces_and_are_six_a_player() {
        let f = check_text(SECTION, &format!("{OPENING}\narrow: e4, e4, white"));
        assert!(
            f.iter().any(|f| f.rule == common::RING),
            "{:?}",
            summary(&f)
        );
        let seven: String = ["a", "b", "c", "d", "e", "f", "g"]
            .iter()
            .map(|f| format!("\narrow: {f}2, {f}2, white"))
            .collect();
        let f = check_text(SECTION, &format!("{OPENING}{seven}"));
        assert!(f.iter().any(|f| f.rule == CHECKERS), "{:?}", summary(&f));
    }

    #[test]
    fn a_hobbled_rook_does_not_check_along_its_file() {
        // The black rook on e5 is hobbled, so the white king on e1 is not in
        // check, and Black (who just moved h7-h6) did not leave it so.
        let text = "r n b q k b n .
            p p p p p p p .
            . . . . . . . p
            . . . . r . . .
            . . . . . . . .
            . . . . . . . .
            P P P P . P P P
            R N B Q K B N R
            arrow: e5, e5, white
            arrow: d2, d3, white";
        let f = check_text(SECTION, text);
        assert!(f.is_empty(), "{:?}", summary(&f));
        let f = check_text(
            SECTION,
            &text.replace("arrow: e5, e5, white", "arrow: h6, h6, white"),
        );
        assert!(!f.is_empty(), "{:?}", summary(&f));
    }
}
