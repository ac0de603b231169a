//! Crowded House: orthodox moves played by four players, each moving only
//! pieces that start or end on their half of the board. The arrow is a
//! proposed move (the piece still on its tail); a `rect` marks the
//! mover's half.
//!
//! The play order (king-side White, king-side Black, queen-side White,
//! queen-side Black) decides check: "A king may move into check or castle
//! out of check, if the next player can't make the capture." After White
//! moves on one half, the next player is Black on the same half; after
//! Black, White on the other half. The next player captures with a piece
//! that starts on their half or takes a king standing there. A move that
//! leaves the mover's king open to that capture is not allowed; any other
//! check is.
//!
//! "En passant capture only works if the pawn is captured immediately
//! after its first move": only by the player right after the double
//! step's, the one of the other colour whose turn follows.

use crate::diagram::{BoardDiagram, Color, Piece, Rect, Role, Square};
use crate::engine::chess::{CastlingInference, Position, Rules};
use crate::engine::games::common;
use crate::engine::material;
use crate::engine::replay::{State, StepRules, arrow_color, orthodox_step};
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

/// A player's half: files a–d (queen side) or e–h (king side).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Half {
    Queen,
    King,
}

impl Half {
    fn holds(self, sq: Square) -> bool {
        (sq.file < 4) == (self == Half::Queen)
    }

    fn other(self) -> Half {
        match self {
            Half::Queen => Half::King,
            Half::King => Half::Queen,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Half::Queen => "queen-side",
            Half::King => "king-side",
        }
    }

    fn side(self) -> &'static str {
        match self {
            Half::Queen => "queen side",
            Half::King => "king side",
        }
    }
}

/// The player after `color`'s player on `half`.
fn next_player(color: Color, half: Half) -> (Color, Half) {
    match color {
        Color::White => (Color::Black, half),
        Color::Black => (Color::White, half.other()),
    }
}

/// A piece of the next player's that could capture `color`'s king, if any.
fn king_taker(state: &State, color: Color, half: Half) -> Option<(Square, Piece)> {
    let (by, their) = next_player(color, half);
    let king = state
        .board
        .pieces()
        .find(|(_, p)| *p == Piece::new(color, Role::King))?
        .0;
    let pos = Position::from_board(&state.board, by, CastlingInference::None);
    pos.attackers_to(king, by, pos.occupied())
        .iter()
        .find(|&sq| their.holds(sq) || their.holds(king))
        .and_then(|sq| state.piece(sq).map(|p| (sq, p)))
}

/// Orthodox moves by the player on `half` (either half when the diagram
/// does not mark it), whose king the next player cannot then capture.
struct CrowdedSteps {
    half: Option<Half>,
}

impl StepRules for CrowdedSteps {
    fn step(
        &self,
        state: &State,
        from: Square,
        to: Square,
        color: Color,
    ) -> Result<Vec<State>, String> {
        let mut halves: Vec<Half> = match self.half {
            Some(h) => vec![h],
            None => [Half::Queen, Half::King]
                .into_iter()
                .filter(|h| h.holds(from) || h.holds(to))
                .collect(),
        };
        if let Some(next) = en_passant_player(state, from, to, color) {
            if !halves.contains(&next) {
                return Err(en_passant_refusal(from, to, color, next, self.half));
            }
            halves = vec![next];
        }
        let afters = orthodox_step(state, from, to, color, &RULES, CastlingInference::Standard)?;
        let mut reason = None;
        let mut out = Vec::new();
        for after in afters {
            for &h in &halves {
                match king_taker(&after, color, h) {
                    None => {
                        if !out.contains(&after) {
                            out.push(after.clone());
                        }
                    }
                    Some((sq, p)) => {
                        let (by, their) = next_player(color, h);
                        reason.get_or_insert(format!(
                            "after {from}–{to} the next player ({} {}) could capture the {} king with the {} on {sq}",
                            their.name(),
                            by.name(),
                            color.name(),
                            p.name()
                        ));
                    }
                }
            }
        }
        if out.is_empty() {
            return Err(reason.unwrap_or_else(|| format!("{from}–{to} is not possible here")));
        }
        Ok(out)
    }

    /// "En passant capture only works if the pawn is captured immediately
    /// after its first move."
    fn en_passant(&self) -> bool {
        true
    }
}

/// When `from`–`to` has the shape of an en passant capture (the double
/// step just before, or one the diagram may imply): the half of the one
/// player who may take it ("immediately after its first move"), the
/// player right after the double step's. A double step stays on its file,
/// so the file tells whose it was.
fn en_passant_player(state: &State, from: Square, to: Square, color: Color) -> Option<Half> {
    let forward: i8 = if color == Color::White { 1 } else { -1 };
    let landed = if color == Color::White { 5 } else { 4 };
    let victim = Square::new(to.file, from.rank);
    let shape = state.piece(from) == Some(Piece::new(color, Role::Pawn))
        && from.file.abs_diff(to.file) == 1
        && to.rank as i8 - from.rank as i8 == forward
        && from.rank == landed
        && state.piece(to).is_none()
        && state.piece(victim) == Some(Piece::new(color.other(), Role::Pawn))
        && state.en_passant.is_none_or(|sq| sq == to);
    shape.then(|| next_player(color.other(), half_of(to)).1)
}

fn half_of(sq: Square) -> Half {
    if Half::Queen.holds(sq) {
        Half::Queen
    } else {
        Half::King
    }
}

/// Why `from`–`to`, an en passant capture that only the player on `next`
/// may make, is not theirs (`marked`: the mover's half, when known).
fn en_passant_refusal(
    from: Square,
    to: Square,
    color: Color,
    next: Half,
    marked: Option<Half>,
) -> String {
    let stepper = color.other();
    let (start, land) = match stepper {
        Color::White => (2, 4),
        Color::Black => (7, 5),
    };
    let why = match marked {
        Some(h) => format!("not {} {}", h.name(), color.name()),
        None => format!(
            "and {from}–{to} neither starts nor ends on the {}",
            next.side()
        ),
    };
    format!(
        "{from}–{to} takes en passant, which only the player right after the double step may do: after {} {}'s {}–{} that is {} {}, {why}",
        half_of(to).name(),
        stepper.name(),
        Square::new(to.file, start),
        Square::new(to.file, land),
        next.name(),
        color.name()
    )
}

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

    fn fen_rules(&self) -> crate::engine::fen::FenRules<'static> {
        crate::engine::fen::FenRules::Chess {
            steps: Box::new(CrowdedSteps { half: None }),
            castling: crate::engine::chess::CastlingInference::Standard,
        }
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
        let steps = CrowdedSteps {
            half: side.map(|r| {
                if r.files == (1, 4) {
                    Half::Queen
                } else {
                    Half::King
                }
            }),
        };
        let Some(_plan) = common::check_moves(board, &state, &arrows, &steps, out) else {
            return;
        };
        let Some(rect) = side else {
            return;
        };
        for a in &arrows {
            if contains(rect, a.from) || contains(rect, a.to) {
                continue;
            }
            let piece = board.board.get(a.from).map_or("piece", |p| p.name());
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
    const BOOKS: [&str; 2] = ["tests/seeds/rules.md", "tests/seeds/crowded_rules.md"];

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

    fn white_king_steps(rect: &str) -> Vec<Finding> {
        // The black queen on h5 attacks e2, on the king side.
        check_text(
            SECTION,
            &format!(
                "r n b . k b n r
                 p p p p . p p p
                 . . . . . . . .
                 . . . . p . . q
                 . . . . P . . .
                 . . . . . . . .
                 P P P P . P P P
                 R N B K . B N R
                 arrow: d1, e2, white
                 {rect}"
            ),
        )
    }

    #[test]
    fn a_king_may_move_into_check_the_next_player_cannot_use() {
        // Queen-side White: the next player is queen-side Black, who may
        // not move the queen on h5 to take a king on e2.
        let f = white_king_steps("rect: 1, 1, 4, 8");
        assert!(f.is_empty(), "{:?}", summary(&f));
        // Unmarked, the move is legal for one of White's players.
        let f = white_king_steps("");
        assert!(f.is_empty(), "{:?}", summary(&f));
        // King-side White: the next player is king-side Black, who may.
        let f = white_king_steps("rect: 5, 1, 8, 8");
        assert_eq!(f.len(), 1, "{:?}", summary(&f));
        assert_eq!(
            f[0].message,
            "after d1–e2 the next player (king-side black) could capture the white king with the black queen on h5"
        );
    }

    /// White's c5 pawn beside Black's d5, which the diagram implies has
    /// just stepped from d7.
    const C5_BESIDE_D5: &str = "r n b q k b n r
        p p p . p p p p
        . . . . . . . .
        . . P p . . . .
        . . . . . . . .
        . . . . . . . .
        P P . P P P P P
        R N B Q K B N R";

    #[test]
    fn en_passant_is_only_for_the_player_right_after_the_double_step() {
        // d7–d5 is queen-side Black's; the next player is king-side White,
        // and c5–d6 stays on the queen side.
        let f = check_text(SECTION, &format!("{C5_BESIDE_D5}\narrow: c5, d6, white"));
        assert_eq!(
            summary(&f),
            [
                "arrow: c5–d6 takes en passant, which only the player right after the double step may do: after queen-side black's d7–d5 that is king-side white, and c5–d6 neither starts nor ends on the king side"
            ]
        );
        // Shown as a proposed double step, then the capture: the same.
        let f = check_text(
            SECTION,
            &format!("{C5_BESIDE_D5}\narrow: d7, d5, black\narrow: c5, d6, white")
                .replace(". . P p . . . .", ". . P . . . . .")
                .replace("p p p . p p p p", "p p p p p p p p"),
        );
        assert!(
            f.iter().any(|f| f
                .message
                .contains("only the player right after the double step")),
            "{:?}",
            summary(&f)
        );
        // From e5 the capture starts on the king side: king-side White's.
        let e5 = C5_BESIDE_D5
            .replace(". . P p . . . .", ". . . p P . . .")
            .replace("P P . P P P P P", "P P P P . P P P");
        let f = check_text(SECTION, &format!("{e5}\narrow: e5, d6, white"));
        assert!(f.is_empty(), "{:?}", summary(&f));
    }

    #[test]
    fn en_passant_by_the_marked_player_needs_the_double_step_on_the_same_half() {
        // e2–e4 is king-side White's; the next player is king-side Black.
        let board = "r n b q k b n r
             p p p . p p p p
             . . . . . . . .
             . . . . . . . .
             . . . p P . . .
             . . . . . . . .
             P P P P . P P P
             R N B Q K B N R
             arrow: d4, e3, black";
        let f = check_text(SECTION, &format!("{board}\nrect: 5, 1, 8, 8"));
        assert!(f.is_empty(), "{:?}", summary(&f));
        let f = check_text(SECTION, board);
        assert!(f.is_empty(), "{:?}", summary(&f));
        // Queen-side Black may move the d4 pawn, but does not play next.
        let f = check_text(SECTION, &format!("{board}\nrect: 1, 1, 4, 8"));
        assert_eq!(
            summary(&f),
            [
                "arrow: d4–e3 takes en passant, which only the player right after the double step may do: after king-side white's e2–e4 that is king-side black, not queen-side black"
            ]
        );
    }

    #[test]
    fn after_black_the_next_player_is_white_on_the_other_half() {
        let king_side_black = |bishop_row: &str| {
            check_text(
                SECTION,
                &format!(
                    "r n b q k b n r
                     p p p p . p p p
                     . . . . . . . .
                     . . . . p . . .
                     {bishop_row}
                     . . . . . . . .
                     P P P P . P P P
                     R N . Q K B N R
                     arrow: e8, e7, black
                     rect: 5, 1, 8, 8"
                ),
            )
        };
        // The next player is queen-side White: a bishop on h4 is not theirs.
        let f = king_side_black(". . . . P . . B");
        assert!(f.is_empty(), "{:?}", summary(&f));
        // A bishop on b4 is.
        let f = king_side_black(". B . . P . . .");
        assert_eq!(f.len(), 1, "{:?}", summary(&f));
        assert_eq!(f[0].rule, common::ARROW);
    }
}
