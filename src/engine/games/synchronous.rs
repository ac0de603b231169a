//! Synchronous Chess: both players move at once; each move must be legal
//! in regular chess before the other piece moves. No en passant; a king in
//! check must move (a block could be undone by the attacker moving at the
//! same time). A white and a black arrow together are the two simultaneous
//! moves: both proposed from the diagram, or both made (a mutual capture
//! swaps the pieces; two pieces meeting on an empty square are both
//! captured). Other arrows are replayed in turn (an exchange of blows, on
//! a square a piece attacked before the moves and still attacks), the
//! simultaneous moves judged in the position before either.
//! Both kings may be in check after simultaneous moves, so no turn is read.

use crate::diagram::{Arrow, BoardDiagram, Color, Piece, Role, Square};
use crate::engine::chess::{CastlingInference, Position, Rules, attacks};
use crate::engine::games::common;
use crate::engine::material;
use crate::engine::replay::{Plan, State, StepRules, arrow_color, orthodox_step, uncastled};
use crate::engine::{DiagramContext, Finding, Game};

pub struct Synchronous;

const RULES: Rules = Rules {
    en_passant: false,
    ..Rules::STANDARD
};

struct SyncSteps;

impl StepRules for SyncSteps {
    fn step(
        &self,
        state: &State,
        from: Square,
        to: Square,
        color: Color,
    ) -> Result<Vec<State>, String> {
        let pos = Position::from_board(&state.board, color, CastlingInference::Standard);
        if pos.in_check(color)
            && let Some(p) = state.piece(from)
            && p.color == color
            && p.role != Role::King
        {
            return Err(format!(
                "the {} king is in check, so it must move: the {} on {from} may not move instead",
                color.name(),
                p.name()
            ));
        }
        orthodox_step(state, from, to, color, &RULES, CastlingInference::Standard)
    }

    fn material(&self) -> material::MaterialRules {
        common::KING_MAY_BE_CAPTURED
    }
}

/// A turn's moves one after another, without the king's safety: in that
/// order the second simultaneous move would be judged after the first,
/// though "a move must be legal in regular chess, before the opponent's
/// piece moves". `check_at_once` judges each where it was made.
struct OneByOne;

const ONE_BY_ONE: Rules = Rules {
    king_safety: false,
    castle_through_attack: true,
    ..RULES
};

impl StepRules for OneByOne {
    fn step(
        &self,
        state: &State,
        from: Square,
        to: Square,
        color: Color,
    ) -> Result<Vec<State>, String> {
        orthodox_step(
            state,
            from,
            to,
            color,
            &ONE_BY_ONE,
            CastlingInference::Standard,
        )
    }

    fn material(&self) -> material::MaterialRules {
        common::KING_MAY_BE_CAPTURED
    }
}

/// Judges each move of `plan` (replayed by `OneByOne`) by the game's rules
/// in the position it was made from: the simultaneous moves (the first
/// onto each square, both made or both proposed) in the position before
/// the turn, so a king may be attacked by the other side's move made at
/// the same time; the blows one after another after both. Each move not
/// legal there is a finding; returns whether all are legal.
fn check_at_once(plan: &Plan, arrows: &[&Arrow], out: &mut Vec<Finding>) -> bool {
    let order: Vec<usize> = plan.made.iter().chain(&plan.proposed).copied().collect();
    let mut heads: Vec<Square> = Vec::new();
    let mut simultaneous: Vec<usize> = Vec::new();
    for &i in &order {
        if !heads.contains(&arrows[i].to) && (plan.made.contains(&i) || plan.made.is_empty()) {
            simultaneous.push(i);
        }
        heads.push(arrows[i].to);
    }
    let blows = order.iter().filter(|i| !simultaneous.contains(i));
    let mut states = vec![plan.start.clone()];
    let mut legal = true;
    for &i in simultaneous.iter().chain(blows) {
        let a = arrows[i];
        let Some(color) = arrow_color(a) else {
            continue;
        };
        let judged = if simultaneous.contains(&i) {
            std::slice::from_ref(&plan.start)
        } else {
            &states
        };
        let results: Vec<_> = judged
            .iter()
            .map(|s| SyncSteps.step(s, a.from, a.to, color))
            .collect();
        if !results.iter().any(Result::is_ok)
            && let Some(Err(reason)) = results.into_iter().next()
        {
            out.push(common::arrow_finding(arrows, a, reason, &SyncSteps));
            legal = false;
        }
        let mut next: Vec<State> = Vec::new();
        for s in &states {
            for after in OneByOne.step(s, a.from, a.to, color).unwrap_or_default() {
                if !next.contains(&after) {
                    next.push(after);
                }
            }
        }
        states = next;
    }
    legal
}

/// The pieces that may have made a move now ending on `to` with `now`
/// there: itself, or the pawn it was promoted from.
fn movers(now: Piece, to: Square) -> Vec<Piece> {
    let last = if now.color == Color::White { 8 } else { 1 };
    let mut v = vec![now];
    if to.rank == last && !matches!(now.role, Role::Pawn | Role::King) {
        v.push(Piece::new(now.color, Role::Pawn));
    }
    v
}

fn has_king(state: &State, color: Color) -> bool {
    state
        .board
        .pieces()
        .any(|(_, p)| p == Piece::new(color, Role::King))
}

/// Two made simultaneous moves, `w` white and `b` black: the colour and
/// reason of the first failure, if no position before them works.
fn simultaneous_made(state: &State, w: &Arrow, b: &Arrow) -> Result<(), (Color, String)> {
    let both_captured = w.to == b.to;
    if both_captured && let Some(p) = state.piece(w.to) {
        return Err((
            Color::White,
            format!(
                "a white and a black piece that end on {} at once are both captured, but a {} stands there",
                w.to,
                p.name()
            ),
        ));
    }
    let mut choices: Vec<Vec<Piece>> = Vec::new();
    for (a, other, color) in [(w, b, Color::White), (b, w, Color::Black)] {
        if state.piece(a.from).is_some() && a.from != other.to {
            return Err((
                color,
                format!("{} is not empty, so no piece left it", a.from),
            ));
        }
        choices.push(if both_captured {
            // Both vanished: any piece ("If a king and any other piece move
            // to the same square, both are captured"), a king only if the
            // side has none left.
            Role::ALL
                .into_iter()
                .filter(|&r| r != Role::King || !has_king(state, color))
                .map(|r| Piece::new(color, r))
                .collect()
        } else {
            match state.piece(a.to) {
                Some(p) if p.color == color => movers(p, a.to),
                _ => {
                    return Err((
                        color,
                        format!(
                            "no {} piece stands on {} to have moved there",
                            color.name(),
                            a.to
                        ),
                    ));
                }
            }
        });
    }
    // A head that is not the other move's tail was empty or held a piece of
    // the other side that stayed put and was captured.
    let captured = |a: &Arrow, other: &Arrow, taker: Color| -> Vec<Option<Piece>> {
        if other.from == a.to || both_captured {
            return vec![None];
        }
        let mut v = vec![None];
        // Capturing the king wins: it may be the piece taken.
        v.extend(
            Role::ALL
                .into_iter()
                .filter(|&r| r != Role::King || !has_king(state, taker.other()))
                .map(|r| Some(Piece::new(taker.other(), r))),
        );
        v
    };
    let mut first_error = None;
    for &wp in &choices[0] {
        for &bp in &choices[1] {
            for wh in captured(w, b, Color::White) {
                for bh in captured(b, w, Color::Black) {
                    let mut s = state.clone();
                    s.board.set(w.to, wh);
                    s.board.set(b.to, bh);
                    s.board.set(w.from, Some(wp));
                    s.board.set(b.from, Some(bp));
                    // A castling king's rook goes back to its corner too.
                    for (a, p) in [(w, wp), (b, bp)] {
                        if let Some(before) = uncastled(&s, p, a.from, a.to) {
                            s = before;
                        }
                    }
                    let wr = SyncSteps.step(&s, w.from, w.to, Color::White);
                    let br = SyncSteps.step(&s, b.from, b.to, Color::Black);
                    match (wr, br) {
                        (Ok(_), Ok(_)) => return Ok(()),
                        (Err(e), _) => {
                            first_error.get_or_insert((Color::White, e));
                        }
                        (_, Err(e)) => {
                            first_error.get_or_insert((Color::Black, e));
                        }
                    }
                }
            }
        }
    }
    Err(first_error.unwrap_or((
        Color::White,
        "these moves cannot be made at once".to_string(),
    )))
}

impl Game for Synchronous {
    fn name(&self) -> &'static str {
        "Synchronous Chess"
    }

    fn fen_rules(&self) -> crate::engine::fen::FenRules<'static> {
        crate::engine::fen::FenRules::not(
            "in Synchronous Chess both players move at once, so its positions have no side to move",
        )
    }

    fn check_board(&self, _cx: &DiagramContext, board: &BoardDiagram, out: &mut Vec<Finding>) {
        // Capturing the king wins, so a side may have lost it.
        material::check(board, &common::KING_MAY_BE_CAPTURED, out);
        let state = State::new(board.board.clone());
        let arrows = common::move_arrows(board);
        let of = |c: Color| -> Vec<&Arrow> {
            arrows
                .iter()
                .copied()
                .filter(|a| arrow_color(a) == Some(c))
                .collect()
        };
        let (whites, blacks) = (of(Color::White), of(Color::Black));
        if let ([w], [b]) = (whites.as_slice(), blacks.as_slice()) {
            let holds = |a: &Arrow| state.piece(a.from).map(|p| p.color) == arrow_color(a);
            if holds(w) && holds(b) {
                // Proposed: each legal before the other piece moves.
                for a in [w, b] {
                    if let Some(c) = arrow_color(a)
                        && let Err(reason) = SyncSteps.step(&state, a.from, a.to, c)
                    {
                        out.push(Finding::error(common::ARROW, a.span, reason));
                    }
                }
                return;
            }
            if !holds(w) && !holds(b) {
                if let Err((color, reason)) = simultaneous_made(&state, w, b) {
                    let a = if color == Color::White { w } else { b };
                    out.push(common::arrow_finding(&arrows, a, reason, &SyncSteps));
                }
                return;
            }
        }
        // Arrows of one side only may be alternatives: the turn's reading
        // (simultaneous moves, then blows) applies when both sides move.
        let one_side = whites.is_empty() || blacks.is_empty();
        if one_side {
            common::check_moves(board, &state, &arrows, &SyncSteps, out);
        } else if check_blows(&arrows, out)
            && let Some(plan) = common::check_moves(board, &state, &arrows, &OneByOne, out)
            && check_at_once(&plan, &arrows, out)
        {
            let made: Vec<&Arrow> = plan.made.iter().map(|&i| arrows[i]).collect();
            let proposed: Vec<&Arrow> = plan.proposed.iter().map(|&i| arrows[i]).collect();
            check_blow_attacks(&plan.start, &made, &proposed, out);
        }
    }
}

/// With more than one move of a side, the others are an exchange of
/// blows: "the opponent has the option to capture the piece that just
/// moved", on its square, then the other player may capture there, and so
/// on. So each square the arrows end on holds one simultaneous move (or
/// two meeting there) and blows that alternate in colour after it: at most
/// two such squares, their first moves of different sides. Returns whether
/// the arrows can be read so; the blows are then replayed in turn.
fn check_blows(arrows: &[&Arrow], out: &mut Vec<Finding>) -> bool {
    let mut heads: Vec<Square> = Vec::new();
    for a in arrows {
        if !heads.contains(&a.to) {
            heads.push(a.to);
        }
    }
    let count = |sq: Square, c: Color| {
        arrows
            .iter()
            .filter(|a| a.to == sq && arrow_color(a) == Some(c))
            .count()
    };
    // The sides whose move may have come first onto `sq`.
    let firsts = |sq: Square| -> Vec<Color> {
        let (w, b) = (count(sq, Color::White), count(sq, Color::Black));
        match w as isize - b as isize {
            0 => vec![Color::White, Color::Black],
            1 => vec![Color::White],
            -1 => vec![Color::Black],
            _ => Vec::new(),
        }
    };
    let last_on = |sq: Square| arrows.iter().rev().find(|a| a.to == sq).copied();
    for &sq in &heads {
        if firsts(sq).is_empty()
            && let Some(a) = last_on(sq)
        {
            out.push(
                Finding::error(
                    common::ARROW,
                    a.span,
                    format!(
                        "{} white and {} black moves end on {sq}, but in an exchange of blows the sides take in turn, each the piece that has just moved there",
                        count(sq, Color::White),
                        count(sq, Color::Black)
                    ),
                )
                .with_help("Synchronous moves are one white and one black move at once; only blows on their squares follow"),
            );
            return false;
        }
    }
    let readable = match heads.as_slice() {
        [_] => true,
        [s, t] => firsts(*s).iter().any(|c| firsts(*t).iter().any(|d| d != c)),
        _ => false,
    };
    if !readable && let Some(a) = heads.last().and_then(|&sq| last_on(sq)) {
        let squares: Vec<String> = heads.iter().map(|s| s.to_string()).collect();
        out.push(
            Finding::error(
                common::ARROW,
                a.span,
                format!(
                    "these moves end on {}: one white and one black move are made at once, and the blows after them capture only on the squares those moves ended on",
                    squares.join(", ")
                ),
            )
            .with_help("after the simultaneous moves only an exchange of blows follows"),
        );
    }
    readable
}

/// The made moves `made`, oldest first from `start`: the first to end on
/// a square is a simultaneous move, the later ones (and the `proposed`
/// moves ending there) blows on it. "An
/// exchange of blows … happens if either piece has moved to a square that
/// was attacked by an opponent's piece before the move and is still
/// attacked by the same piece"; "Each piece may only move once during an
/// exchange of blows" (a piece that made the simultaneous move may still
/// take part once).
fn check_blow_attacks(start: &State, made: &[&Arrow], proposed: &[&Arrow], out: &mut Vec<Finding>) {
    // Indices into `made` of the first move onto each square.
    let mut firsts: Vec<usize> = Vec::new();
    for (i, a) in made.iter().enumerate() {
        if !firsts.iter().any(|&f| made[f].to == a.to) {
            firsts.push(i);
        }
    }
    let simultaneous: Vec<&Arrow> = firsts.iter().map(|&i| made[i]).collect();
    // Two firsts of one side: this order is not the turn's (another may
    // be), so nothing is claimed about it.
    if let [s, t] = simultaneous.as_slice()
        && arrow_color(s) == arrow_color(t)
    {
        return;
    }
    let after = after_simultaneous(start, &simultaneous);
    for (&f, m) in firsts.iter().zip(&simultaneous) {
        // A proposed move onto the square is a blow still to be made.
        let Some(first_blow) = made[f + 1..].iter().chain(proposed).find(|a| a.to == m.to) else {
            continue;
        };
        let (Some(mover), Some(color)) = (start.piece(m.from), arrow_color(m)) else {
            continue;
        };
        // Whether the piece `p` on `x` before the simultaneous moves still
        // attacks the square after them, from wherever it went.
        let still = |x: Square, p: Piece| -> bool {
            let to = simultaneous
                .iter()
                .find(|s| s.from == x)
                .map_or(x, |s| s.to);
            to != m.to
                && after.iter().any(|b| {
                    b.piece(to).is_some_and(|q| {
                        q.color == p.color
                            && (q.role == p.role || (p.role == Role::Pawn && to != x))
                            && attacks(&b.board, to, q.role, q.color).contains(m.to)
                    })
                })
        };
        let attacked_and_still = start.board.pieces().any(|(x, p)| {
            p.color == color.other()
                && attacks(&start.board, x, p.role, p.color).contains(m.to)
                && still(x, p)
        });
        if !attacked_and_still {
            out.push(
                Finding::error(
                    common::ARROW,
                    first_blow.span,
                    format!(
                        "no {} piece attacked {} before the {} moved there and still attacks it, so no exchange of blows happens on {}",
                        color.other().name(),
                        m.to,
                        mover.name(),
                        m.to
                    ),
                )
                .with_help("an exchange of blows needs a square attacked before the simultaneous moves and still attacked by the same piece"),
            );
        }
    }
    // Squares now holding a piece that has made a blow.
    let mut blown: Vec<Square> = Vec::new();
    for (i, a) in made.iter().enumerate() {
        let is_blow = !firsts.contains(&i);
        if is_blow && blown.contains(&a.from) {
            out.push(Finding::error(
                common::ARROW,
                a.span,
                format!(
                    "the piece that moves {}–{} has already made a blow: each piece may only move once during an exchange of blows",
                    a.from, a.to
                ),
            ));
        }
        blown.retain(|&s| s != a.from && s != a.to);
        if is_blow {
            blown.push(a.to);
        }
    }
}

/// The positions right after the simultaneous moves from `start`, one for
/// each promotion a pawn reaching the last rank may have chosen.
fn after_simultaneous(start: &State, simultaneous: &[&Arrow]) -> Vec<State> {
    let mut states = vec![start.clone()];
    for a in simultaneous {
        states.iter_mut().for_each(|s| s.board.set(a.from, None));
    }
    let met = matches!(simultaneous, [s, t] if s.to == t.to);
    for a in simultaneous {
        let Some(p) = start.piece(a.from) else {
            continue;
        };
        let roles: Vec<Role> = if met {
            Vec::new()
        } else if p.role == Role::Pawn && a.to.rank == if p.color == Color::White { 8 } else { 1 } {
            vec![Role::Queen, Role::Rook, Role::Bishop, Role::Knight]
        } else {
            vec![p.role]
        };
        if roles.is_empty() {
            states.iter_mut().for_each(|s| s.board.set(a.to, None));
            continue;
        }
        states = states
            .iter()
            .flat_map(|s| {
                roles.iter().map(move |&r| {
                    let mut s = s.clone();
                    s.board.set(a.to, Some(Piece::new(p.color, r)));
                    s
                })
            })
            .collect();
    }
    states
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::games::common::testing::*;

    const SECTION: &str = "Synchronous Chess";

    #[test]
    fn the_seeds_have_no_synchronous_diagrams() {
        assert_eq!(board_count("tests/seeds/rules.md", SECTION), 0);
    }

    #[test]
    fn two_proposed_moves_from_the_same_position() {
        let f = check_text(
            SECTION,
            &format!("{OPENING}\narrow: e2, e4, white\narrow: d7, d5, black"),
        );
        assert!(f.is_empty(), "{:?}", summary(&f));
        let f = check_text(
            SECTION,
            &format!("{OPENING}\narrow: e2, e5, white\narrow: d7, d5, black"),
        );
        assert_eq!(f.len(), 1, "{:?}", summary(&f));
        assert!(f[0].message.contains("e2"), "{}", f[0].message);
    }

    #[test]
    fn two_made_moves_and_a_swap() {
        // e4 and d5 made at once.
        let f = check_text(
            SECTION,
            "r n b q k b n r
             p p p . p p p p
             . . . . . . . .
             . . . p . . . .
             . . . . P . . .
             . . . . . . . .
             P P P P . P P P
             R N B Q K B N R
             arrow: e2, e4, white
             arrow: d7, d5, black",
        );
        assert!(f.is_empty(), "{:?}", summary(&f));
        // Each pawn tried to take the other: they swapped, nothing captured.
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
             arrow: e4, d5, white
             arrow: d5, e4, black",
        );
        assert!(f.is_empty(), "{:?}", summary(&f));
        // Two knights meeting on an empty e5 are both captured.
        let met = "r . b q k b n r
             p p p p p p p p
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .
             P P P P P P P P
             R N B Q K B . R
             arrow: f3, e5, white
             arrow: c6, e5, black";
        let f = check_text(SECTION, met);
        assert!(f.is_empty(), "{:?}", summary(&f));
        let f = check_text(
            SECTION,
            &met.replace("R N B Q K B . R", "R N B Q K B N R")
                .replace("arrow: f3, e5", "arrow: g1, e2"),
        );
        assert!(!f.is_empty(), "{:?}", summary(&f));
        let f = check_text(
            SECTION,
            "r . b q k b n r
             p p p p . p p p
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .
             P P P P . P P P
             R N B Q K B . R
             arrow: g1, f3, white
             arrow: e7, e5, black",
        );
        assert!(!f.is_empty(), "{:?}", summary(&f));
    }

    #[test]
    fn a_king_in_check_must_move() {
        let text = "r n b . k b n r
             p p p p . p p p
             . . . . . . . .
             . . . . p . . .
             . . . . . . P q
             . . . . . P . .
             P P P P . . . P
             R N B Q K B N R";
        let f = check_text(SECTION, &format!("{text}\narrow: e1, e2, white"));
        assert!(f.is_empty(), "{:?}", summary(&f));
        // Another piece may not move while the king is in check.
        let f = check_text(SECTION, &format!("{text}\narrow: f1, e2, white"));
        assert!(
            f.iter().any(|f| f.message.contains("must move")),
            "{:?}",
            summary(&f)
        );
        let f = check_text(SECTION, &format!("{text}\narrow: h2, h3, white"));
        assert!(
            f.iter().any(|f| f.message.contains("must move")),
            "{:?}",
            summary(&f)
        );
    }

    #[test]
    fn no_en_passant() {
        let f = check_text(
            SECTION,
            "r n b q k b n r
             p p p . p p p p
             . . . . . . . .
             . . . p P . . .
             . . . . . . . .
             . . . . . . . .
             P P P P . P P P
             R N B Q K B N R
             arrow: e5, d6, white",
        );
        assert!(
            f.iter().any(|f| f.rule == common::ARROW),
            "{:?}",
            summary(&f)
        );
    }

    /// White's knight went f3–e5 while Black's went b8–c6; the d6 pawn,
    /// which attacked e5 before and still does, took the knight, and
    /// White's d4 pawn took it back: an exchange of blows on e5.
    const BLOWS: &str = "r . b q k b n r
         p p p . p p p p
         . . n . . . . .
         . . . . P . . .
         . . . . . . . .
         . . . . . . . .
         P P P . P P P P
         R N B Q K B . R
         arrow: f3, e5, white
         arrow: b8, c6, black
         arrow: d6, e5, black
         arrow: d4, e5, white";

    #[test]
    fn the_exchange_of_blows_captures_on_the_square_just_moved_to() {
        let f = check_text(SECTION, BLOWS);
        assert!(f.is_empty(), "{:?}", summary(&f));
        // A second white move elsewhere is no blow.
        let elsewhere = BLOWS
            .replace(". . . . P . . .", ". . . . p . . .")
            .replace(
                ". . . . . . . .\n         . . . . . . . .\n         P",
                ". . . . . . . .\n         . . . P . . . .\n         P",
            )
            .replace("arrow: d4, e5, white", "arrow: d2, d3, white");
        let f = check_text(SECTION, &elsewhere);
        assert!(
            f.iter()
                .any(|f| f.rule == common::ARROW && f.message.contains("end on e5, c6, d3")),
            "{elsewhere}: {:?}",
            summary(&f)
        );
        // Blows alternate: two white ones in a row on e5 are not.
        let f = check_text(
            SECTION,
            &BLOWS.replace("arrow: d6, e5, black", "arrow: d6, d5, black"),
        );
        assert!(
            f.iter()
                .any(|f| f.message.contains("2 white and 0 black moves end on e5")),
            "{:?}",
            summary(&f)
        );
        // A blow must be a legal capture: the d3 pawn cannot take on e5.
        let f = check_text(SECTION, &BLOWS.replace("arrow: d4, e5", "arrow: d3, e5"));
        assert!(
            f.iter()
                .any(|f| f.rule == common::ARROW && f.message.contains("cannot reach e5")),
            "{:?}",
            summary(&f)
        );
    }

    /// The knight that went b8–c6 at the same time takes part: "The pieces
    /// that made simultaneous moves may participate in an exchange of
    /// blows", but only where the d6 pawn makes one happen.
    const KNIGHT_BLOWS: &str = "r . b q k b n r
         p p p . p p p p
         . . . p . . . .
         . . . . P . . .
         . . . . . . . .
         . . . . . . . .
         P P P . P P P P
         R N B Q K B . R
         arrow: f3, e5, white
         arrow: b8, c6, black
         arrow: c6, e5, black
         arrow: d4, e5, white";

    #[test]
    fn a_blow_needs_the_square_attacked_before_the_moves_and_still() {
        let f = check_text(SECTION, KNIGHT_BLOWS);
        assert!(f.is_empty(), "{:?}", summary(&f));
        // Without the d6 pawn nothing attacked e5 before the moves: the
        // knight that only now attacks it may not start an exchange.
        let unattacked = KNIGHT_BLOWS.replace(". . . p . . . .", ". . . . . . . .");
        let f = check_text(SECTION, &unattacked);
        assert!(
            f.iter().any(|f| f.rule == common::ARROW
                && f.message.contains("no black piece attacked e5 before")),
            "{unattacked}: {:?}",
            summary(&f)
        );
        // The knight's blow proposed after the simultaneous moves, then
        // without the d6 pawn.
        let proposed = KNIGHT_BLOWS
            .replace(". . . p . . . .", ". . n p . . . .")
            .replace(". . . . P . . .", ". . . . N . . .")
            .replace("\n         arrow: d4, e5, white", "");
        let f = check_text(SECTION, &proposed);
        assert!(f.is_empty(), "{proposed}: {:?}", summary(&f));
        let f = check_text(
            SECTION,
            &proposed.replace(". . n p . . . .", ". . n . . . . ."),
        );
        assert!(
            f.iter().any(|f| f.rule == common::ARROW
                && f.message.contains("no black piece attacked e5 before")),
            "{:?}",
            summary(&f)
        );
        // The queen attacked e5 from h8 and still does from g7.
        let moved = "k . . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . . q . . .
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . . . . K .
             arrow: f3, e5, white
             arrow: h8, g7, black
             arrow: g7, e5, black";
        let f = check_text(SECTION, moved);
        assert!(f.is_empty(), "{:?}", summary(&f));
        // The d6 pawn attacked e5 but stepped to d5; the c7 bishop attacks
        // it only since: not the same piece.
        let other = "k . . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . p b . . .
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . . . . K .
             arrow: f3, e5, white
             arrow: d6, d5, black
             arrow: c7, e5, black";
        let f = check_text(SECTION, other);
        assert!(
            f.iter().any(|f| f.rule == common::ARROW
                && f.message.contains("no black piece attacked e5 before")),
            "{:?}",
            summary(&f)
        );
        // With the pawn still on d6 the bishop is blocked, the pawn takes.
        let f = check_text(
            SECTION,
            &other
                .replace(". . . p b . . .", ". . . . p . . .")
                .replace(
                    "arrow: d6, d5, black\n             arrow: c7, e5, black",
                    "arrow: a8, b8, black\n             arrow: d6, e5, black",
                )
                .replace("k . . . . . . .", ". k . . . . . ."),
        );
        assert!(f.is_empty(), "{:?}", summary(&f));
    }

    /// The a5 rook takes the c7–c5 pawn; the d6 pawn takes the f3–e5
    /// knight; then the d4 pawn takes on e5.
    const TWO_SQUARES: &str = ". . . . . . . k
         . . . . . . . .
         . . . . . . . .
         . . R . P . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . K
         arrow: f3, e5, white
         arrow: c7, c5, black
         arrow: a5, c5, white
         arrow: d6, e5, black
         arrow: d4, e5, white";

    #[test]
    fn each_piece_makes_one_blow() {
        let f = check_text(SECTION, TWO_SQUARES);
        assert!(f.is_empty(), "{:?}", summary(&f));
        // The rook that took on c5 takes again on e5.
        let twice = TWO_SQUARES
            .replace(". . R . P . . .", ". . . . R . . .")
            .replace("arrow: d4, e5", "arrow: c5, e5");
        let f = check_text(SECTION, &twice);
        assert!(
            f.iter()
                .any(|f| f.rule == common::ARROW
                    && f.message.contains("c5–e5 has already made a blow")),
            "{twice}: {:?}",
            summary(&f)
        );
    }

    #[test]
    fn a_king_and_a_piece_meeting_are_both_captured() {
        // The white king stepped e1–d2 as the black pawn pushed d3–d2:
        // both are captured, and Black has won.
        let met = "r n b q k b n r
             p p p . p p p p
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .
             P P P . . P P P
             R N B Q . B N R
             arrow: e1, d2, white
             arrow: d3, d2, black";
        let f = check_text(SECTION, met);
        assert!(f.is_empty(), "{:?}", summary(&f));
        // A king still standing on d2 was not captured there.
        let f = check_text(SECTION, &met.replace("P P P . . P P P", "P P P K . P P P"));
        assert!(
            f.iter()
                .any(|f| f.rule == common::ARROW && f.message.contains("both captured")),
            "{:?}",
            summary(&f)
        );
    }

    #[test]
    fn one_sides_arrows_alone_are_alternatives() {
        // White's two possible first moves, with no black move shown.
        let f = check_text(
            SECTION,
            &format!("{OPENING}\narrow: e2, e4, white\narrow: d2, d4, white"),
        );
        assert!(f.is_empty(), "{:?}", summary(&f));
        // Each must still be legal.
        let f = check_text(
            SECTION,
            &format!("{OPENING}\narrow: e2, e4, white\narrow: d2, d5, white"),
        );
        assert!(
            f.iter().any(|f| f.rule == common::ARROW),
            "{:?}",
            summary(&f)
        );
    }

    /// White castled king's side while Black played e7–e5.
    const CASTLED: &str = "r n b q k b n r
         p p p p . p p p
         . . . . . . . .
         . . . . p . . .
         . . . . P . . .
         . . . . . N . .
         P P P P B P P P
         R N B Q . R K .
         arrow: e1, g1, white
         arrow: e7, e5, black";

    #[test]
    fn a_made_castling_is_undone_with_its_rook() {
        let f = check_text(SECTION, CASTLED);
        assert!(f.is_empty(), "{:?}", summary(&f));
        // Both sides castled at once.
        let both = CASTLED
            .replace("r n b q k b n r", "r n b q . r k .")
            .replace("p p p p . p p p", "p p p p b p p p")
            .replace(
                ". . . . . . . .\n         . . . . p",
                ". . . . . n . .\n         . . . . p",
            )
            .replace("arrow: e7, e5, black", "arrow: e8, g8, black");
        let f = check_text(SECTION, &both);
        assert!(f.is_empty(), "{both}: {:?}", summary(&f));
        // Castling as Black's knight takes the e4 pawn.
        let capture = CASTLED
            .replace("r n b q k b n r", "r n b q k b . r")
            .replace(". . . . P . . .", ". . . . n . . .")
            .replace("arrow: e7, e5, black", "arrow: f6, e4, black");
        let f = check_text(SECTION, &capture);
        assert!(f.is_empty(), "{capture}: {:?}", summary(&f));
        // Black's bishop takes on h1 as the rook leaves it: "that piece
        // made a move at the same time, then it is not captured".
        let corner = "r n . q k b n r
             p . p p p p p p
             . p . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . . P . P N
             P P P P B P . P
             R N B Q . R K b
             arrow: e1, g1, white
             arrow: b7, h1, black";
        let f = check_text(SECTION, corner);
        assert!(f.is_empty(), "{:?}", summary(&f));
    }

    #[test]
    fn a_castling_is_legal_or_not_before_the_other_move() {
        // The a6 bishop came at the same time: before it, f1 was safe.
        let arrived = "r n . q k b n r
             p . p p p p p p
             b p . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . . P N . .
             P P P P . P P P
             R N B Q . R K .
             arrow: e1, g1, white
             arrow: c8, a6, black";
        let f = check_text(SECTION, arrived);
        assert!(f.is_empty(), "{:?}", summary(&f));
        // Already on a6, it attacked f1: the king could not pass it.
        let f = check_text(
            SECTION,
            &arrived
                .replace("p . p p p p p p", "p . . p p p p p")
                .replace(
                    ". . . . . . . .\n             . . . . . . . .\n             . . . . P",
                    ". . p . . . . .\n             . . . . . . . .\n             . . . . P",
                )
                .replace("arrow: c8, a6, black", "arrow: c7, c5, black"),
        );
        assert!(
            f.iter().any(|f| f.rule == common::ARROW
                && f.message.contains(
                    "may not castle through an attacked square, and it would pass f1 (a black bishop on a6)"
                )),
            "{:?}",
            summary(&f)
        );
    }

    /// White's bishop went c4–f7 with check as Black's rook went h7–d7
    /// with check, through f7: each legal before the other moved, both
    /// kings attacked after them. Then the black king took the bishop, a
    /// blow. In no order one after another are these moves legal.
    const BOTH_CHECK: &str = ". . . . . . . .
         . . . r . k . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . K . . . .
         . . . . . . . .
         arrow: c4, f7, white
         arrow: h7, d7, black
         arrow: e8, f7, black";

    #[test]
    fn the_side_that_just_moved_may_be_in_check() {
        let f = check_text(SECTION, BOTH_CHECK);
        assert!(f.is_empty(), "{:?}", summary(&f));
        // With the e1 rook checking e8 before the moves, Black's king had
        // to move: the rook's move was not legal then.
        let checked = BOTH_CHECK.replace(
            ". . . K . . . .\n         . . . . . . . .",
            ". . . K . . . .\n         . . . . R . . .",
        );
        let f = check_text(SECTION, &checked);
        assert!(
            f.iter().any(|f| f.rule == common::ARROW
                && f.message
                    .contains("the black king is in check, so it must move")
                && f.message.contains("h7")),
            "{checked}: {:?}",
            summary(&f)
        );
    }

    /// "If a king is under attack, it must move": a block by the bishop is
    /// refused for that, not for the black pawn a capture on e2 would
    /// have had to take (Black has all sixteen pieces, so nothing was
    /// taken there).
    #[test]
    fn a_block_is_refused_for_the_check_not_for_a_capture_that_cannot_be() {
        let f = check_text(
            SECTION,
            "r n b q r b n k
             p p p p . p p p
             . . . p . . . .
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . . B . . .
             . . . . K . . .
             arrow: f1, e2, white",
        );
        assert_eq!(
            summary(&f),
            [
                "arrow: the white king is in check, so it must move: the white bishop on f1 may not move instead"
            ]
        );
    }
}
