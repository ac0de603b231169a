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
    army: crate::engine::material::CHESS_ARMY,
    pieces_promote: false,
    ..MaterialRules::ORTHODOX
};

struct ZombieSteps;

impl ZombieSteps {
    /// The states after the orthodox move, before any zombie comes back.
    fn moved(
        &self,
        state: &State,
        from: Square,
        to: Square,
        color: Color,
    ) -> Result<Vec<State>, String> {
        let mut afters = orthodox_step(
            state,
            from,
            to,
            color,
            &Rules::STANDARD,
            CastlingInference::Standard,
        )?;
        // "You can move all of them on one turn": a horde's further moves
        // leave its side's double step open to en passant.
        if let Some(skipped) = state.en_passant.filter(|&sq| skipped_by(sq) == Some(color)) {
            for after in &mut afters {
                if after.en_passant.is_none()
                    && after.piece(beyond(skipped)) == Some(Piece::new(color, Role::Pawn))
                {
                    after.en_passant = Some(skipped);
                }
            }
        }
        Ok(afters)
    }

    /// The piece on `to` back on `from`, with the zombie it revealed
    /// buried again (for a castling, one in the rook's corner too).
    fn unburied_befores(
        &self,
        after: &State,
        from: Square,
        to: Square,
        color: Color,
    ) -> Vec<State> {
        let unburied = unburied(after, from);
        let mut out = default_befores(&unburied, from, to, color);
        if let Some(corner) = castling_corner(after.piece(to), from, to)
            && after.piece(corner).is_some()
        {
            let mut both = unburied;
            both.board.set(corner, None);
            let rook = Some(Piece::new(color, Role::Rook));
            out.extend(
                default_befores(&both, from, to, color)
                    .into_iter()
                    .filter(|b| b.piece(corner) == rook),
            );
        }
        out
    }
}

impl StepRules for ZombieSteps {
    fn step(
        &self,
        state: &State,
        from: Square,
        to: Square,
        color: Color,
    ) -> Result<Vec<State>, String> {
        let afters = self.moved(state, from, to, color)?;
        let mut out = afters.clone();
        for after in &afters {
            for zombies in zombie_sets(&left_squares(state, after, from, to), color) {
                if zombie_problem(state, after, from, to, color, &zombies).is_none() {
                    out.push(with_zombies(after, &zombies));
                }
            }
        }
        Ok(out)
    }

    /// Why the move, legal from `before`, cannot have left `after`: what
    /// stands on the squares the move left cannot be a zombie come back.
    fn why_not_reached(
        &self,
        before: &State,
        after: &State,
        from: Square,
        to: Square,
        color: Color,
    ) -> Option<String> {
        let moved = self.moved(before, from, to, color).ok()?;
        moved.iter().find_map(|m| {
            let left = left_squares(before, m, from, to);
            let differ = |sq: Square| m.piece(sq) != after.piece(sq) && !left.contains(&sq);
            if (0..64).map(Square::from_index).any(differ) {
                return None;
            }
            let zombies: Vec<(Square, Piece)> = left
                .iter()
                .filter_map(|&sq| after.piece(sq).map(|p| (sq, p)))
                .collect();
            if zombies.is_empty() {
                return None;
            }
            zombie_problem(before, m, from, to, color, &zombies)
        })
    }

    /// Besides the plain readings, those where this move followed, in one
    /// horde turn, a double step of its side still open to en passant:
    /// the one a later arrow takes (`after.en_passant`), or, where none
    /// does, one beside an enemy pawn, tried first so that a proposed
    /// capture may take it.
    fn befores(&self, after: &State, from: Square, to: Square, color: Color) -> Vec<State> {
        let plain = self.unburied_befores(after, from, to, color);
        let skips: Vec<Square> = match after.en_passant {
            Some(sq) if skipped_by(sq) == Some(color) => vec![sq],
            Some(_) => Vec::new(),
            None => open_double_steps(after, color),
        };
        let mut out: Vec<State> = skips
            .into_iter()
            .filter(|&sq| to != beyond(sq))
            .flat_map(|sq| {
                plain.iter().map(move |b| State {
                    en_passant: Some(sq),
                    ..b.clone()
                })
            })
            .collect();
        out.extend(plain);
        out
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
/// colour there may be a zombie too (see `zombie_problem`).
fn unburied(after: &State, from: Square) -> State {
    let mut s = after.clone();
    // An arrow may start in the margin (rank 0 or 9): nothing is buried there.
    if from.is_on_board() {
        s.board.set(from, None);
    }
    s
}

/// The squares a move left empty, where a zombie buried under a moving
/// piece comes back: the mover's, and the rook's corner when it castled
/// ("When castling, complete the move before revealing any zombies").
fn left_squares(before: &State, after: &State, from: Square, to: Square) -> Vec<Square> {
    let corner = castling_corner(before.piece(from), from, to)
        .filter(|&c| before.piece(c).is_some_and(|p| p.role == Role::Rook));
    [Some(from), corner]
        .into_iter()
        .flatten()
        .filter(|&sq| sq.is_on_board() && after.piece(sq).is_none())
        .collect()
}

/// The side whose double step skips `sq` (rank 3 White's, rank 6 Black's).
fn skipped_by(sq: Square) -> Option<Color> {
    match sq.rank {
        3 => Some(Color::White),
        6 => Some(Color::Black),
        _ => None,
    }
}

/// The squares skipped by double steps of `color` that an enemy pawn
/// could take en passant: its pawn beside an enemy pawn on the rank a
/// double step reaches, the square behind it empty.
fn open_double_steps(state: &State, color: Color) -> Vec<Square> {
    let (rank, skipped) = match color {
        Color::White => (4, 3),
        Color::Black => (5, 6),
    };
    let enemy = Some(Piece::new(color.other(), Role::Pawn));
    (0..8)
        .filter(|&file| {
            let beside = |f: Option<u8>| {
                f.is_some_and(|f| f < 8 && state.piece(Square::new(f, rank)) == enemy)
            };
            state.piece(Square::new(file, rank)) == Some(Piece::new(color, Role::Pawn))
                && state.piece(Square::new(file, skipped)).is_none()
                && (beside(file.checked_sub(1)) || beside(Some(file + 1)))
        })
        .map(|file| Square::new(file, skipped))
        .collect()
}

/// The square of the pawn whose double step skipped `sq`.
fn beyond(sq: Square) -> Square {
    match skipped_by(sq) {
        Some(Color::White) => Square::new(sq.file, sq.rank + 1),
        _ => Square::new(sq.file, sq.rank.saturating_sub(1)),
    }
}

/// The corner of the rook an orthodox castling of `king` from `from` to
/// `to` moves, if the move has that shape.
fn castling_corner(king: Option<Piece>, from: Square, to: Square) -> Option<Square> {
    let king = king.filter(|p| p.role == Role::King)?;
    let back = if king.color == Color::White { 1 } else { 8 };
    if from != Square::new(4, back) || to.rank != back {
        return None;
    }
    match to.file {
        6 => Some(Square::new(7, back)),
        2 => Some(Square::new(0, back)),
        _ => None,
    }
}

/// Every way zombies may stand on the squares `left`, one piece or none
/// on each, at least one in all: either side's pawns and pieces (never a
/// king) are tried, and `zombie_problem` judges them.
fn zombie_sets(left: &[Square], color: Color) -> Vec<Vec<(Square, Piece)>> {
    let pieces: Vec<Piece> = [color.other(), color]
        .into_iter()
        .flat_map(|c| {
            [
                Role::Pawn,
                Role::Knight,
                Role::Bishop,
                Role::Rook,
                Role::Queen,
            ]
            .map(|r| Piece::new(c, r))
        })
        .collect();
    let mut sets: Vec<Vec<(Square, Piece)>> = vec![Vec::new()];
    for &sq in left {
        let mut next = Vec::new();
        for set in &sets {
            next.push(set.clone());
            for &p in &pieces {
                let mut with = set.clone();
                with.push((sq, p));
                next.push(with);
            }
        }
        sets = next;
    }
    sets.retain(|s| !s.is_empty());
    sets
}

fn with_zombies(after: &State, zombies: &[(Square, Piece)]) -> State {
    let mut s = after.clone();
    for &(sq, p) in zombies {
        s.board.set(sq, Some(p));
    }
    s
}

/// What one side has lost from the board, as its pieces on it tell: each
/// role's first army less what stands, and the missing pawns that no
/// promoted piece on the board accounts for, each taken as a pawn or
/// promoted and then taken as any piece.
struct Losses {
    /// The side's pieces on the board, by role (`Role as usize`).
    on: [usize; 6],
}

impl Losses {
    fn of(state: &State, color: Color) -> Losses {
        let mut on = [0; 6];
        for (_, p) in state.board.pieces().filter(|(_, p)| p.color == color) {
            on[p.role as usize] += 1;
        }
        Losses { on }
    }

    fn army(role: Role) -> usize {
        match role {
            Role::Pawn => 8,
            Role::Knight | Role::Bishop | Role::Rook => 2,
            Role::Queen | Role::King => 1,
        }
    }

    /// Missing pawns that are not promoted pieces on the board.
    fn pawns_taken(&self) -> usize {
        let promoted: usize = [Role::Knight, Role::Bishop, Role::Rook, Role::Queen]
            .into_iter()
            .map(|r| self.on[r as usize].saturating_sub(Self::army(r)))
            .sum();
        Self::army(Role::Pawn)
            .saturating_sub(self.on[Role::Pawn as usize])
            .saturating_sub(promoted)
    }

    /// Whether a piece of `role` can be among the side's captured pieces.
    fn lost(&self, role: Role) -> bool {
        match role {
            Role::King => false,
            Role::Pawn => self.pawns_taken() > 0,
            r => self.on[r as usize] < Self::army(r) || self.pawns_taken() > 0,
        }
    }

    fn any(&self) -> bool {
        Role::ALL.into_iter().any(|r| self.lost(r))
    }
}

/// Why `zombies` cannot come back after the move from `from` to `to` of
/// `color` from `before` (leaving `after`), if they cannot. A zombie is a
/// piece its side lost before the move: the other side's, buried by the
/// mover's side; or the mover's own, which the other side buried under a
/// piece the mover's side then took there, so the other side has lost
/// something too. None may check the mover's king.
fn zombie_problem(
    before: &State,
    after: &State,
    from: Square,
    to: Square,
    color: Color,
    zombies: &[(Square, Piece)],
) -> Option<String> {
    let mut losses = [Color::White, Color::Black].map(|c| Losses::of(before, c));
    let move_ = format!("{from}–{to}");
    for &(sq, z) in zombies {
        let (side, name) = (z.color.name(), z.role.name());
        let last = if z.color == Color::White { 8 } else { 1 };
        if z.role == Role::King {
            return Some(format!(
                "a king is never captured, so no {side} king comes back as a zombie on {sq}"
            ));
        }
        if z.role == Role::Pawn && sq.rank == last {
            return Some(format!(
                "a {side} pawn that comes back on its last rank, {sq}, is promoted at once"
            ));
        }
        let lost = &mut losses[z.color as usize];
        // On its last rank a pawn comes back promoted at once.
        if !(lost.lost(z.role) || (sq.rank == last && lost.lost(Role::Pawn))) {
            return Some(if lost.any() {
                format!(
                    "no {side} {name} has been captured before {move_}, so no {side} {name} can come back as a zombie on {sq}"
                )
            } else {
                format!(
                    "no {side} piece has been captured before {move_}, so there is no {side} zombie to come back on {sq}"
                )
            });
        }
        lost.on[z.role as usize] += 1;
        let them = color.other();
        // "You can leave that piece buried if your opponent captures your
        // piece on top of it. When they move off the space ... it comes
        // back": a zombie of the mover's own colour needs the piece now
        // leaving its square to have taken the burier's piece there.
        if z.color == color
            && let Some(why) = never_took_there(before, from, to, sq, color)
        {
            return Some(format!(
                "the {} on {sq} would be a zombie {} buried under a {} piece that {} then took on {sq}, but {why}",
                z.name(),
                common::side_name(them),
                them.name(),
                common::side_name(color),
            ));
        }
        if z.color == color && !Losses::of(before, them).any() {
            return Some(format!(
                "the {} on {sq} would be a zombie {} buried under a {} piece that {} then took there, but no {} piece has been captured before {move_}",
                z.name(),
                common::side_name(them),
                them.name(),
                common::side_name(color),
                them.name()
            ));
        }
    }
    // "If moving a piece would put your king in check by revealing a
    // zombie, you may not move that piece."
    if !common::orthodox_in_check(&with_zombies(after, zombies), color) {
        return None;
    }
    let king = after
        .board
        .pieces()
        .find(|(_, p)| *p == Piece::new(color, Role::King))
        .map(|(sq, _)| sq)?;
    let &(sq, z) = zombies
        .iter()
        .find(|z| common::orthodox_in_check(&with_zombies(after, &[**z]), color))
        .unwrap_or(&zombies[0]);
    Some(format!(
        "{move_} would reveal the {} buried on {sq}, which would check the {} king on {king}; a piece may not move if a zombie it reveals checks its own king",
        z.name(),
        color.name()
    ))
}

/// Why the piece of `color` leaving `sq` with the move `from`–`to` (from
/// `before`) cannot have taken a piece on `sq`, if it cannot: a castling
/// king and rook have never moved, and a pawn never moves onto its own
/// first two ranks.
fn never_took_there(
    before: &State,
    from: Square,
    to: Square,
    sq: Square,
    color: Color,
) -> Option<String> {
    let mover = before.piece(from)?;
    if let Some(corner) = castling_corner(Some(mover), from, to)
        && before.piece(corner) == Some(Piece::new(color, Role::Rook))
    {
        let who = if sq == corner {
            format!("the {} rook on {corner}", color.name())
        } else {
            format!("the {} king on {from}", color.name())
        };
        return Some(format!(
            "{from}–{to} castles, and {who} has never moved, so it never took a piece on {sq}"
        ));
    }
    let home = match color {
        Color::White => sq.rank <= 2,
        Color::Black => sq.rank >= 7,
    };
    if sq == from && mover.role == Role::Pawn && mover.color == color && home {
        return Some(format!(
            "a pawn only moves forward, so the {} pawn on {from} never moved onto {from} nor took a piece there",
            color.name()
        ));
    }
    None
}

impl Game for Zombie {
    fn name(&self) -> &'static str {
        "Zombie Chess"
    }

    fn fen_rules(&self) -> crate::engine::fen::FenRules<'static> {
        crate::engine::fen::FenRules::Chess {
            steps: Box::new(ZombieSteps),
            castling: crate::engine::chess::CastlingInference::Standard,
        }
    }

    fn check_board(&self, _cx: &DiagramContext, board: &BoardDiagram, out: &mut Vec<Finding>) {
        material::check(board, &MATERIAL, out);
        common::check_no_pawn_on_last_rank(board, out);
        let state = State::new(board.board.clone());
        let arrows = common::past_last_rank_pawns(board, &common::move_arrows(board));
        let mut found = Vec::new();
        common::check_moves_and_turn(
            board,
            &state,
            &arrows,
            &ZombieSteps,
            &common::orthodox_in_check,
            &mut found,
        );
        crate::engine::games::adrenaline::blame_en_passant(
            &state,
            &arrows,
            &ZombieSteps,
            None,
            &mut found,
        );
        out.extend(found);
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
            f.iter().any(|f| f.rule == common::ARROW
                && f.message
                    == "the black pawn on c6 would be a zombie White buried under a white piece that Black then took there, but no white piece has been captured before c6–d4"),
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
            f.iter().any(|f| f.rule == common::ARROW
                && f.message.starts_with(
                    "d7–c5 would reveal the white queen buried on d7, which would check the black king on e8"
                )),
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

    /// The seed's game: Black's e5 takes on d4, then White's knight takes
    /// that pawn ("There are no black pieces in the graveyard, so they say
    /// \"no zombies anywhere\""), with a black piece on f3 as it leaves.
    fn knight_takes(row8: &str, row7: &str, row6: &str, on_f3: char) -> String {
        format!(
            "{row8}
             {row7}
             {row6}
             . . . . . . . .
             . . . N P . . .
             . . . . . {on_f3} . .
             P P P . . P P P
             R N B Q K B . R
             arrow: e5, d4, black
             arrow: f3, d4, white"
        )
    }

    #[test]
    fn a_zombie_needs_its_side_to_have_lost_a_piece_of_its_kind() {
        // White's e4 takes on d5: before it, Black had lost nothing (all
        // sixteen stand, the zombie on e4 among them), whatever it took.
        let f = check_text(
            SECTION,
            "r n b q k b n r
             p p p . p p p p
             . . . . . . . .
             . . . P . . . .
             . . . . p . . .
             . . . . . . . .
             P P P P . P P P
             R N B Q K B N R
             arrow: e4, d5, white",
        );
        assert_eq!(
            summary(&f),
            [
                "arrow: no black piece has been captured before e4–d5, so there is no black zombie to come back on e4"
            ]
        );
        let (row8, row7, row6) = ("r . b q k b n r", "p p p p . p p p", ". . n . . . . .");
        // So in the book's game: its graveyard is empty.
        let f = check_text(SECTION, &knight_takes(row8, row7, row6, 'p'));
        assert!(
            f.iter().any(|f| f.rule == common::ARROW
                && f.message
                    == "no black piece has been captured before f3–d4, so there is no black zombie to come back on f3"),
            "{:?}",
            summary(&f)
        );
        // Black's h-pawn was taken earlier: it may come back.
        let f = check_text(SECTION, &knight_takes(row8, "p p p p . p p .", row6, 'p'));
        assert!(f.is_empty(), "{:?}", summary(&f));
        // Its h-pawn became the second queen on h6: Black has lost nothing.
        let f = check_text(
            SECTION,
            &knight_takes(row8, "p p p p . p p .", ". . n . . . . q", 'p'),
        );
        assert!(
            f.iter().any(|f| f.rule == common::ARROW
                && f.message
                    .starts_with("no black piece has been captured before f3–d4")),
            "{:?}",
            summary(&f)
        );
        // Black has lost a knight, not a bishop: White's quiet Nc3–b5
        // cannot reveal a bishop (nor can Black hold three without a
        // missing pawn), but it may reveal a knight.
        let quiet = "r . b q k b . r
             p p p p . p p p
             . . n . . . . .
             . N . . p . . .
             . . . . P . . .
             . . b . . . . .
             P P P P . P P P
             R . B Q K B N R
             arrow: c3, b5, white";
        let f = check_text(SECTION, quiet);
        assert!(
            f.iter().any(|f| f.rule == common::ARROW
                && f.message
                    == "no black bishop has been captured before c3–b5, so no black bishop can come back as a zombie on c3"),
            "{:?}",
            summary(&f)
        );
        let f = check_text(
            SECTION,
            &quiet.replace(". . b . . . . .", ". . n . . . . ."),
        );
        assert!(f.is_empty(), "{:?}", summary(&f));
        // A pawn missing and not promoted may have been promoted to a
        // rook and taken as one: a third rook may come back.
        let f = check_text(SECTION, &knight_takes(row8, "p p p p . p p .", row6, 'r'));
        assert!(f.is_empty(), "{:?}", summary(&f));
    }

    #[test]
    fn castling_reveals_zombies_under_the_king_and_the_rook() {
        // "When castling, complete the move before revealing any zombies":
        // the king and the rook both moved, and a zombie may come back
        // under each, here Black's knight on e1 and bishop on h1.
        let keep = "r . . q k b n r
             p p p p . p p p
             . . . . . . . .
             . . . . p . . .
             . . . . P . . .
             . . . . . N . .
             P P P P B P P P
             R N B Q n R K b
             arrow: e1, g1, white";
        let f = check_text(SECTION, keep);
        assert!(f.is_empty(), "{:?}", summary(&f));
        // A black rook back on h1 would check the king on g1.
        let f = check_text(
            SECTION,
            &keep
                .replace("r . . q k b n r", "r . b q k b n .")
                .replace("R N B Q n R K b", "R N B Q n R K r"),
        );
        assert!(
            f.iter().any(|f| f.rule == common::ARROW
                && f.message.starts_with(
                    "e1–g1 would reveal the black rook buried on h1, which would check the white king on g1"
                )),
            "{:?}",
            summary(&f)
        );
    }

    #[test]
    fn en_passant_after_a_horde_turn() {
        // "You can move all of them on one turn": White's d2–d4, then its
        // bishop through d2 to e3, in one turn; Black may take en passant.
        let keep = "r n b q k b n r
             p p p p . p p p
             . . . . . . . .
             . . . . . . . .
             . . . P p . . .
             . . . . B . . .
             P P P . . P P P
             R N . Q K B N R
             arrow: d2, d4, white
             arrow: c1, e3, white
             arrow: e4, d3, black";
        let f = check_text(SECTION, keep);
        assert!(f.is_empty(), "{:?}", summary(&f));
        // Black's queen to d2, taken by White's king: Black's turn came
        // and went, so the double step can no longer be taken.
        let f = check_text(
            SECTION,
            "r n b . k b n r
             p p p p . p p p
             . . . . . . . .
             . . . . . . . .
             . . . P p . . .
             . . . . . . . .
             P P P K . P P P
             R N B Q . B N R
             arrow: d2, d4, white
             arrow: a5, d2, black
             arrow: e1, d2, white
             arrow: e4, d3, black",
        );
        assert!(
            f.iter()
                .any(|f| f.rule == common::ARROW && f.message.contains("en passant")),
            "{:?}",
            summary(&f)
        );
    }

    #[test]
    fn en_passant_after_a_double_step_that_revealed_a_zombie() {
        // Black's d7–d5, not drawn, revealed White's knight buried on d7.
        let keep = "r n b q k b n r
             p p p N p p p p
             . . . . . . . .
             . . . p P . . .
             . . . . . . . .
             . . . . . . . .
             P P P P . P P P
             R . B Q K B N R
             arrow: e5, d6, white";
        let f = check_text(SECTION, keep);
        assert!(f.is_empty(), "{:?}", summary(&f));
        // A white queen there would have checked Black's own king.
        let f = check_text(
            SECTION,
            &keep
                .replace("p p p N p p p p", "p p p Q p p p p")
                .replace("R . B Q K B N R", "R N B . K B N R"),
        );
        assert!(
            f.iter().any(|f| f.rule == common::ARROW
                && f.message
                    .contains("cannot have just moved two squares from d7")),
            "{:?}",
            summary(&f)
        );
    }

    /// "You can leave that piece buried if your opponent captures your
    /// piece on top of it. When they move off the space ... it comes
    /// back": a zombie of the mover's own colour comes back only where the
    /// moving piece took the burier's piece. Black has lost a knight, so
    /// White may have buried it, or taken something Black buried under.
    const CASTLED: &str = "r . b q k b n r
             p p p p . p p p
             . . . . . . . .
             . . . . p . . .
             . . . . P . . .
             . . . . . . . .
             P P P P B P P P
             R N B Q n R K .
             arrow: e1, g1, white";

    #[test]
    fn a_zombie_of_the_movers_colour_needs_its_piece_to_have_taken_on_that_square() {
        // Black's knight, which White buried under its king, comes back.
        let f = check_text(SECTION, CASTLED);
        assert!(f.is_empty(), "{:?}", summary(&f));
        // White's knight cannot: the castling king never took on e1.
        let f = check_text(
            SECTION,
            &CASTLED.replace("R N B Q n R K .", "R N B Q N R K ."),
        );
        assert!(
            f.iter().any(|f| f.rule == common::ARROW
                && f.message
                    == "the white knight on e1 would be a zombie Black buried under a black piece that White then took on e1, but e1–g1 castles, and the white king on e1 has never moved, so it never took a piece on e1"),
            "{:?}",
            summary(&f)
        );
        // Nor White's bishop in the rook's corner.
        let f = check_text(
            SECTION,
            &CASTLED
                .replace("P P P P B P P P", "P P P P . P P P")
                .replace("R N B Q n R K .", "R N B Q . R K B"),
        );
        assert!(
            f.iter().any(|f| f.rule == common::ARROW
                && f.message.ends_with(
                    "but e1–g1 castles, and the white rook on h1 has never moved, so it never took a piece on h1"
                )),
            "{:?}",
            summary(&f)
        );
        // A pawn leaving its start square never took a piece there.
        let pawn = "r . b q k b n r
             p p p p p p p p
             . . . . . . . .
             . . . . . . . .
             . . . P . . . .
             . . . . . . . .
             P P P P P P P .
             R N B Q K B N R
             arrow: d2, d4, white";
        let f = check_text(SECTION, pawn);
        assert!(
            f.iter().any(|f| f.rule == common::ARROW
                && f.message.ends_with(
                    "but a pawn only moves forward, so the white pawn on d2 never moved onto d2 nor took a piece there"
                )),
            "{:?}",
            summary(&f)
        );
        // A knight that took on c6 may reveal its own side's pawn there
        // (the seed's game, with the roles turned round).
        let f = mutate(BOOK, SECTION, 2, ". . P . . . . .", ". . p . . . . .");
        assert!(f.is_empty(), "{:?}", summary(&f));
    }

    /// "You probably don't want to bury pawns on your back rank, because
    /// they can immediately be promoted": a pawn drawn on its last rank is
    /// the one error, with no second one read from its arrow.
    #[test]
    fn a_pawn_left_on_its_last_rank_is_one_error() {
        let f = check_text(
            SECTION,
            "r n b q k . n P
             p p p p p p . .
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .
             P P P P P P P .
             R N B Q K B N R
             arrow: g7, h8, white",
        );
        assert_eq!(
            summary(&f),
            ["material: a white pawn on h8, White's last rank"],
            "{:?}",
            summary(&f)
        );
    }

    /// "All the normal rules of Chess apply": en passant only just after
    /// a double step. Black's pawn came to d5 by two single steps: the
    /// refusal is at White's capture, not at Black's sound moves.
    #[test]
    fn an_en_passant_capture_after_two_single_steps_is_refused_at_the_capture() {
        let taken = "r n b q k b n r
             p p p . p p p p
             . . . P . . . .
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .
             P P P P . P P P
             R N B Q K B N R";
        let f = check_text(
            SECTION,
            &format!("{taken}\narrow: d7, d5, black\narrow: e5, d6, white"),
        );
        assert!(f.is_empty(), "{:?}", summary(&f));
        let f = check_text(
            SECTION,
            &format!("{taken}\narrow: d7, d6, black\narrow: d6, d5, black\narrow: e5, d6, white"),
        );
        assert_eq!(
            summary(&f),
            [
                "arrow: e5–d6 cannot take the pawn on d5 en passant: it came to d5 with d6–d5, and a pawn is taken en passant only just after a regular move of two squares"
            ]
        );
    }
}
