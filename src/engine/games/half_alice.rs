//! Half Alice Chess: a piece on a checker (a white or black ring, the
//! piece's own colour) is on the other side of the mirror. A move must be
//! legal by orthodox rules among the pieces on the mover's side (the others
//! neither block nor can be captured, and the destination holds no piece of
//! the other side, one board holding one piece a square); then the piece
//! switches sides, and its king may not then stand in check on its side.

use crate::diagram::{ArrowColour, Board, BoardDiagram, Color, Piece, Role, Square};
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

/// The rank a pawn of `color` starts on.
fn pawn_start(color: Color) -> u8 {
    if color == Color::White { 2 } else { 7 }
}

/// Why the piece of `color` on `from` cannot move to `to` for what a
/// checker under it, or under the piece it would take, tells: a piece on
/// a checker has moved (each move switches its side), so a king or rook
/// on one may not castle and no pawn stands on one on its starting square;
/// a pawn takes en passant only a pawn on its side of the mirror.
fn moved_across(state: &State, from: Square, to: Square, color: Color) -> Option<String> {
    let mover = state.piece(from).filter(|p| p.color == color)?;
    let home = if color == Color::White { 1 } else { 8 };
    match mover.role {
        Role::King
            if from == Square::new(4, home)
                && to.rank == home
                && from.file.abs_diff(to.file) == 2 =>
        {
            let (corner, beside) = if to.file == 6 { (7, 5) } else { (0, 3) };
            let corner = Square::new(corner, home);
            let rook = Piece::new(color, Role::Rook);
            let (sq, piece, lands) = if mirrored(state, from) {
                (from, mover, to)
            } else if state.piece(corner) == Some(rook) && mirrored(state, corner) {
                (corner, rook, Square::new(beside, home))
            } else {
                return None;
            };
            Some(format!(
                "the {} on {sq} stands on a checker, so it has moved and may not castle (an unmoved {} is off the checkers, and castling puts it on one on {lands})",
                piece.name(),
                piece.role.name()
            ))
        }
        Role::Pawn => {
            let forward = if color == Color::White { 1 } else { -1 };
            if from.rank == pawn_start(color) && mirrored(state, from) {
                return Some(format!(
                    "the {} would stand on a checker on {from}, but a pawn on its starting square has never moved, so it is off the checkers there, and {from}–{to} puts it on one on {to}",
                    mover.name()
                ));
            }
            let victim = en_passant_victim(from, to);
            let across = from.file.abs_diff(to.file) == 1
                && i16::from(to.rank) - i16::from(from.rank) == forward
                && state.piece(to).is_none()
                && state.piece(victim) == Some(Piece::new(color.other(), Role::Pawn))
                && mirrored(state, victim) != mirrored(state, from);
            across.then(|| {
                format!(
                    "the {} on {victim} is on the other side of the mirror, so the {} on {from} cannot take it en passant",
                    Piece::new(color.other(), Role::Pawn).name(),
                    mover.name()
                )
            })
        }
        _ => None,
    }
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
        if let Some(reason) = moved_across(state, from, to, color) {
            return Err(reason);
        }
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
        // A king on a checker has moved: no castling on that side.
        let castling = if on_checkers {
            CastlingInference::None
        } else {
            CastlingInference::Standard
        };
        let afters = orthodox_step(&before, from, to, color, &Rules::STANDARD, castling)?;
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
            // A castled rook, back in its corner with the ring it has now,
            // switched sides with the king.
            let corners = [Square::new(0, from.rank), Square::new(7, from.rank)];
            for corner in corners {
                if ![from, to].contains(&corner)
                    && b.piece(corner).is_some()
                    && after.piece(corner).is_none()
                {
                    let was_on_checker = b.ring(corner).is_none();
                    b.set_ring(corner, was_on_checker.then_some(color));
                }
            }
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
        // The mover was on the side it left; the victim, two squares off
        // its starting square, on a checker (across the mirror from the
        // mover, the step says so).
        let was_on_checkers = !mirrored(after, to);
        let victim = en_passant_victim(from, to);
        en_passant_befores(after, from, to, color)
            .into_iter()
            .map(|mut b| {
                b.set_ring(from, was_on_checkers.then_some(color));
                b.set_ring(victim, Some(color.other()));
                b
            })
            .collect()
    }
}

impl Game for HalfAlice {
    fn name(&self) -> &'static str {
        "Half Alice Chess"
    }

    fn fen_rules(&self) -> crate::engine::fen::FenRules<'static> {
        crate::engine::fen::FenRules::not(
            "Half Alice Chess puts pieces on checkers, through the mirror, which a FEN cannot hold",
        )
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
                    Some(p) if p.role == Role::Pawn && sq.rank == pawn_start(p.color) => {
                        Some(format!(
                            "the {} on {sq} stands on a {checker} checker on its starting square, but a pawn there has never moved, and only a move takes a piece across the mirror",
                            p.name()
                        ))
                    }
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
        // A pawn reaches its third rank in one move, never more.
        for (sq, p) in board.board.pieces() {
            let third = if p.color == Color::White { 3 } else { 6 };
            if p.role == Role::Pawn && sq.rank == third && !rings[p.color as usize].contains(sq) {
                ok = false;
                out.push(
                    Finding::error(
                        common::RING,
                        common::square_span(board, sq),
                        format!(
                            "the {} on {sq} has made one move (no pawn reaches its third rank in more), so it has crossed the mirror and stands on a {} checker",
                            p.name(),
                            if p.color == Color::White { "light" } else { "dark" }
                        ),
                    )
                    .with_help(format!("add `arrow: {sq},{sq},{}`", p.color.name())),
                );
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

    /// White's king and rook at home, Black's king on e8: a castling
    /// arrow, and a ring under whichever pieces `rings` names.
    fn castling(rings: &[&str], arrow: &str) -> String {
        let mut text = ". . . . k . . .
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . . K . . R"
            .to_string();
        for sq in rings {
            text.push_str(&format!("\narrow: {sq},{sq},white"));
        }
        text.push_str(&format!("\n{arrow}"));
        text
    }

    #[test]
    fn a_king_or_rook_on_a_checker_has_moved_and_may_not_castle() {
        let f = check_text(SECTION, &castling(&[], "arrow: e1, g1, white"));
        assert!(f.is_empty(), "{:?}", summary(&f));
        // On a checker, each has crossed the mirror: it has moved.
        for (rings, on) in [
            (&["e1", "h1"][..], "king on e1"),
            (&["e1"][..], "king on e1"),
            (&["h1"][..], "rook on h1"),
        ] {
            let f = check_text(SECTION, &castling(rings, "arrow: e1, g1, white"));
            assert!(
                f.iter().any(|f| f.rule == common::ARROW
                    && f.message.contains(on)
                    && f.message.contains("stands on a checker, so it has moved")),
                "{rings:?}: {:?}",
                summary(&f)
            );
        }
    }

    #[test]
    fn a_made_castling_switches_king_and_rook() {
        // Both crossed the mirror: both now on checkers.
        let castled = ". . . . k . . .
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . . . R K .
             arrow: f1,f1,white
             arrow: g1,g1,white
             arrow: e1, g1, white";
        let f = check_text(SECTION, castled);
        assert!(f.is_empty(), "{:?}", summary(&f));
        // Neither on a checker: before the castling both stood on one.
        let f = check_text(
            SECTION,
            &castled
                .replace("arrow: f1,f1,white\n", "")
                .replace("arrow: g1,g1,white\n", ""),
        );
        assert!(
            f.iter().any(|f| f.rule == common::ARROW
                && f.message.contains("stands on a checker, so it has moved")),
            "{:?}",
            summary(&f)
        );
    }

    #[test]
    fn a_pawn_on_its_starting_square_stands_on_no_checker() {
        // e2–e4 made: the pawn switched onto a checker.
        let pushed = "r n b q k b n r
             p p p p p p p p
             . . . . . . . .
             . . . . . . . .
             . . . . P . . .
             . . . . . . . .
             P P P P . P P P
             R N B Q K B N R
             arrow: e4,e4,white
             arrow: e2, e4, white";
        let f = check_text(SECTION, pushed);
        assert!(f.is_empty(), "{:?}", summary(&f));
        // With no checker on e4 (or on d5 after ...d7–d5) it would have
        // started from one on e2 (d7).
        for pushed in [
            pushed.replace("arrow: e4,e4,white\n", ""),
            pushed
                .replace("p p p p p p p p", "p p p . p p p p")
                .replace(
                    ". . . . . . . .\n             . . . . P . . .",
                    ". . . p . . . .\n             . . . . P . . .",
                )
                .replace(
                    "arrow: e2, e4, white",
                    "arrow: e2, e4, white\narrow: d7, d5, black",
                ),
        ] {
            let f = check_text(SECTION, &pushed);
            assert!(
                f.iter().any(|f| f.rule == common::ARROW
                    && f.message
                        .contains("a pawn on its starting square has never moved")),
                "{pushed}: {:?}",
                summary(&f)
            );
        }
        // A pawn drawn on a checker on its starting square.
        let f = check_text(
            SECTION,
            &format!("{OPENING}\narrow: d2,d2,white\narrow: d7,d7,black"),
        );
        assert_eq!(f.len(), 2, "{:?}", summary(&f));
        assert!(
            f.iter().all(|f| f.rule == common::RING
                && f.message.contains("starting square")
                && f.message.contains("checker")),
            "{:?}",
            summary(&f)
        );
    }

    #[test]
    fn a_pawn_on_its_third_rank_has_moved_once_and_stands_on_a_checker() {
        // e2–e3 and ...c7–c6: each pawn crossed the mirror once.
        let moved = "r n b q k b n r
             p p . p p p p p
             . . p . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . . P . . .
             P P P P . P P P
             R N B Q K B N R
             arrow: e3,e3,white
             arrow: c6,c6,black";
        let f = check_text(SECTION, moved);
        assert!(f.is_empty(), "{:?}", summary(&f));
        let f = check_text(SECTION, &moved.replace("arrow: c6,c6,black", ""));
        assert_eq!(f.len(), 1, "{:?}", summary(&f));
        assert!(
            f[0].rule == common::RING
                && f[0].message.contains("black pawn on c6 has made one move")
                && f[0].message.contains("dark checker"),
            "{:?}",
            summary(&f)
        );
    }

    /// Black's d7–d5 ends on a checker; White's e5 pawn beside it.
    const DOUBLE_STEPPED: &str = "r n b q k b n r
         p p p . p p p p
         . . . . . . . .
         . . . p P . . .
         . . . . . . . .
         . . . . . . . .
         P P P P . P P P
         R N B Q K B N R
         arrow: d5,d5,black";

    #[test]
    fn en_passant_only_between_pawns_on_one_side_of_the_mirror() {
        // On a checker too, the e5 pawn is on the d5 pawn's side.
        for arrows in [
            "arrow: e5,e5,white\narrow: d7, d5, black\narrow: e5, d6, white",
            "arrow: e5,e5,white\narrow: e5, d6, white",
        ] {
            let f = check_text(SECTION, &format!("{DOUBLE_STEPPED}\n{arrows}"));
            assert!(f.is_empty(), "{arrows}: {:?}", summary(&f));
        }
        // Made: the e5 pawn took from a checker, so d6 has none.
        let made = DOUBLE_STEPPED
            .replace(
                "p p p . p p p p\n         . . . . . . . .",
                "p p p . p p p p\n         . . . P . . . .",
            )
            .replace(". . . p P . . .", ". . . . . . . .")
            .replace(
                "arrow: d5,d5,black",
                "arrow: d7, d5, black\narrow: e5, d6, white",
            );
        let f = check_text(SECTION, &made);
        assert!(f.is_empty(), "{made}: {:?}", summary(&f));
        // Off the checkers the e5 pawn is across the mirror from d5.
        for arrows in [
            "arrow: d7, d5, black\narrow: e5, d6, white",
            "arrow: e5, d6, white",
        ] {
            let f = check_text(SECTION, &format!("{DOUBLE_STEPPED}\n{arrows}"));
            assert!(
                f.iter().any(|f| f.rule == common::ARROW
                    && f.message.contains("d5 is on the other side of the mirror")
                    && f.message.contains("en passant")),
                "{arrows}: {:?}",
                summary(&f)
            );
        }
    }
}
