//! Booster Chess: white and black rings are White's and Black's checkers.
//! A piece on its own colour's checker is boosted (after its regular move
//! it may make king steps, drawn as further arrows); on the other colour's
//! it is hobbled: a hobbled pawn cannot move, other hobbled pieces move
//! like pawns (one step, no double step), and the hobble comes off on the
//! far back rank. Check is tested with hobbled pieces attacking like pawns
//! (hobbled pawns not at all), and boosted pieces threatening with their
//! regular move and one king step (the least a stack allows).
//! `checkers: W, B` counts the checkers in front of each player: with the
//! rings (a stack each, of one checker at least) six a colour, which
//! bounds the booster steps a stack pays for, one checker a step.

use crate::diagram::{Arrow, ArrowColour, BoardDiagram, Color, Piece, Role, Square};
use crate::engine::chess::{
    CastlingInference, Position, Rules, SquareSet, is_king_step, king_attacks, reach,
};
use crate::engine::games::common;
use crate::engine::material::{self, MaterialRules};
use crate::engine::replay::{
    Plan, State, StepRules, arrow_color, default_befores, en_passant_victim, orthodox_step,
};
use crate::engine::{DiagramContext, Finding, Game};

pub struct Booster;

pub const CHECKERS: &str = "checkers";

/// Each player has six checkers.
const PER_PLAYER: usize = 6;

/// One standard set. A hobbled bishop steps straight ahead and a boosted
/// one like a king, so bishops change colour; a booster step takes a pawn
/// back to its first rank (its last it never stays on: it promotes).
const MATERIAL: MaterialRules = MaterialRules {
    bishops_keep_colour: false,
    army: crate::engine::material::CHESS_ARMY,
    pieces_promote: false,
    pawns_on_back_ranks: true,
    ..MaterialRules::ORTHODOX
};

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

/// The squares `by` threatens with booster moves: a boosted piece's
/// regular move, then one king step (it has at least one checker).
fn booster_threats(state: &State, by: Color) -> SquareSet {
    let mut out = SquareSet::EMPTY;
    for (from, p) in state
        .board
        .pieces()
        .filter(|&(sq, p)| p.color == by && boosted(state, sq))
    {
        for t in reach(&state.board, from, p.role, by).all().iter() {
            if state.piece(t).is_some_and(|q| q.color == by) {
                continue;
            }
            for n in king_attacks(t).iter() {
                if n == from || state.piece(n).is_none_or(|q| q.color != by) {
                    out.insert(n);
                }
            }
        }
    }
    out
}

/// Whether the king of `color` is attacked, hobbled attackers striking
/// like pawns and hobbled pawns not at all, or threatened by a booster
/// move ("you may use booster moves to threaten the king").
fn in_check(state: &State, color: Color) -> bool {
    let king = state
        .board
        .pieces()
        .find(|&(_, p)| p == Piece::new(color, Role::King));
    if king.is_some_and(|(k, _)| booster_threats(state, color.other()).contains(k)) {
        return true;
    }
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
        let taken = captured_ring(state, from, to, piece.color);
        let mut s = state.clone();
        s.en_passant = None;
        s.board.set(from, None);
        s.board.set(to, Some(piece));
        let ring = s.ring(from);
        s.set_ring(from, None);
        let far = if piece.color == Color::White { 8 } else { 1 };
        // On the far back rank the hobble checker goes back to its owner.
        s.set_ring(to, ring.filter(|_| to.rank != far));
        let safe: Vec<State> = with_captured_checkers(&s, to, taken)
            .into_iter()
            .filter(|s| !in_check(s, piece.color))
            .collect();
        if safe.is_empty() {
            return Err(format!(
                "{who} cannot move to {to}: it would leave the {} king in check",
                piece.color.name()
            ));
        }
        Ok(safe)
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
        let taken = captured_ring(state, from, to, color);
        match regular {
            Ok(afters) => {
                let safe: Vec<State> = afters
                    .iter()
                    .flat_map(|s| with_captured_checkers(s, to, taken))
                    .filter(|s| !in_check(s, color))
                    .collect();
                if safe.is_empty() {
                    return Err(format!(
                        "the {} on {from} cannot move to {to}: it would leave the {} king in check",
                        piece.name(),
                        color.name()
                    ));
                }
                Ok(if castles {
                    with_checker_added_after_castling(safe, from, to, color)
                } else {
                    safe
                })
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
                // "A pawn that moves to the back rank immediately promotes",
                // by a booster step too.
                let far = if color == Color::White { 8 } else { 1 };
                let becomes: Vec<Piece> = if piece.role == Role::Pawn && to.rank == far {
                    PSEUDO
                        .promotion_roles
                        .iter()
                        .map(|&r| Piece::new(color, r))
                        .collect()
                } else {
                    vec![piece]
                };
                let mut out = Vec::new();
                for keep in [true, false] {
                    for &now in &becomes {
                        // A booster step is no double step: no en passant after it.
                        let mut s = state.clone();
                        s.en_passant = None;
                        s.board.set(from, None);
                        s.board.set(to, Some(now));
                        s.set_ring(from, None);
                        // The spent checker goes back; others may remain.
                        s.set_ring(to, keep.then_some(color));
                        for s in with_captured_checkers(&s, to, taken) {
                            if !in_check(&s, color) && !out.contains(&s) {
                                out.push(s);
                            }
                        }
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
        MATERIAL
    }

    fn befores(&self, after: &State, from: Square, to: Square, color: Color) -> Vec<State> {
        // Checkers change on the way: a captured piece's stack passes to the
        // captor, opposite colours cancel, a booster is spent, a hobble comes off.
        let mut out: Vec<State> = Vec::new();
        let castles = after.piece(to) == Some(Piece::new(color, Role::King))
            && from.rank == to.rank
            && from.file.abs_diff(to.file) == 2;
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
                    // The castled rook's checker was added after the move.
                    if castles {
                        let corner = Square::new(if to.file > from.file { 7 } else { 0 }, to.rank);
                        if s.piece(corner) == Some(Piece::new(color, Role::Rook)) {
                            s.set_ring(corner, None);
                        }
                    }
                    if !out.contains(&s) {
                        out.push(s);
                    }
                }
            }
        }
        out
    }
}

/// "After you finish moving, you may play one of your cards to add a
/// checker. You may only add checkers of your own colour": after a
/// castling (which a boosted king or rook may not make), one may go under
/// the king or the rook, cancelling an opposite one.
fn with_checker_added_after_castling(
    safe: Vec<State>,
    from: Square,
    to: Square,
    color: Color,
) -> Vec<State> {
    let rook = Square::new(if to.file > from.file { 5 } else { 3 }, to.rank);
    let mut out = safe.clone();
    for s in &safe {
        for sq in [to, rook] {
            let mut v = s.clone();
            v.set_ring(
                sq,
                match s.ring(sq) {
                    None => Some(color),
                    Some(c) if c == color => Some(c),
                    Some(_) => None,
                },
            );
            if !out.contains(&v) {
                out.push(v);
            }
        }
    }
    out
}

/// The checkers under the piece a move from `from` to `to` captures (on
/// `to`, or beside it en passant): `None` when it captures nothing, or a
/// piece without checkers.
fn captured_ring(state: &State, from: Square, to: Square, color: Color) -> Option<Color> {
    let pawn = state.piece(from).is_some_and(|p| p.role == Role::Pawn);
    let victim = if pawn && from.file != to.file && state.piece(to).is_none() {
        en_passant_victim(from, to)
    } else {
        to
    };
    state
        .piece(victim)
        .filter(|p| p.color != color)
        .and(state.ring(victim))
}

/// "When you capture a piece, your piece keeps any checkers that the
/// captured piece was stacked on", and "opposite colour checkers
/// immediately cancel each other": with the stacks' heights unknown, two
/// opposite stacks leave either colour or none. A hobble checker that
/// reaches the far back rank goes back to its owner.
fn with_captured_checkers(after: &State, to: Square, taken: Option<Color>) -> Vec<State> {
    let Some(taken) = taken else {
        return vec![after.clone()];
    };
    let rings: &[Option<Color>] = match after.ring(to) {
        None => &[Some(taken)],
        Some(c) if c == taken => &[Some(taken)],
        Some(_) => &[None, Some(Color::White), Some(Color::Black)],
    };
    let mut out: Vec<State> = Vec::new();
    for &ring in rings {
        let mut s = after.clone();
        let hobble_off = s.piece(to).is_some_and(|p| {
            ring.is_some_and(|c| c != p.color)
                && to.rank == if p.color == Color::White { 8 } else { 1 }
        });
        s.set_ring(to, ring.filter(|_| !hobble_off));
        if !out.contains(&s) {
            out.push(s);
        }
    }
    out
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

    fn fen_rules(&self) -> crate::engine::fen::FenRules<'static> {
        crate::engine::fen::FenRules::not(
            "Booster Chess puts checkers under pieces, which a FEN cannot hold",
        )
    }

    fn check_board(&self, _cx: &DiagramContext, board: &BoardDiagram, out: &mut Vec<Finding>) {
        material::check(board, &MATERIAL, out);
        common::check_no_pawn_on_last_rank(board, out);
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
                if let Some(p) = board.board.get(ring.from)
                    && rings[color.other() as usize].contains(ring.from)
                {
                    out.push(
                        Finding::error(
                            common::RING,
                            ring.span,
                            format!(
                                "the {} on {} stands on a white and a black checker, but opposite colour checkers cancel at once: one of each goes back to its owner",
                                p.name(),
                                ring.from
                            ),
                        )
                        .with_help("a piece stands on checkers of one colour at most"),
                    );
                    continue;
                }
                // "get it to the back rank of the board. If you do, just
                // remove the hobble checker".
                if let Some(p) = board.board.get(ring.from)
                    && p.color != color
                    && ring.from.rank == if p.color == Color::White { 8 } else { 1 }
                {
                    out.push(
                        Finding::error(
                            common::RING,
                            ring.span,
                            format!(
                                "a {} checker hobbles the {} on {}, on the back rank it moves toward",
                                color.name(),
                                p.name(),
                                ring.from
                            ),
                        )
                        .with_help("a hobble checker comes off as soon as its piece reaches that rank"),
                    );
                }
                rings[color as usize].insert(ring.from);
            }
            let on_board = rings[color as usize].len();
            match (stock(board, color), &board.checkers) {
                (Some(front), Some(line)) if on_board + front > PER_PLAYER => out.push(
                    Finding::error(
                        CHECKERS,
                        line.span,
                        format!(
                            "{} {} checkers: {on_board} on the board and {front} in front of {}, but each player has {PER_PLAYER}",
                            on_board + front,
                            color.name(),
                            common::side_name(color)
                        ),
                    )
                    .with_help("`checkers: W, B` counts the checkers in front of each player, not those under pieces"),
                ),
                (None, _) if mine.len() > PER_PLAYER => out.push(Finding::error(
                    CHECKERS,
                    mine[PER_PLAYER].span,
                    format!(
                        "{} has {} checkers on the board, but each player has {PER_PLAYER}",
                        common::side_name(color),
                        mine.len()
                    ),
                )),
                _ => {}
            }
        }
        let state = State {
            board: board.board.clone(),
            rings,
            en_passant: None,
            turn: None,
        };
        let arrows = common::past_last_rank_pawns(board, &common::move_arrows(board));
        let steps = BoosterSteps {
            heads: [Color::White, Color::Black]
                .into_iter()
                .flat_map(|c| common::heads(&arrows, c).into_iter().map(move |s| (s, c)))
                .collect(),
        };
        let mut found = Vec::new();
        let plan = common::check_moves(board, &state, &arrows, &steps, &mut found);
        crate::engine::games::adrenaline::blame_en_passant(
            &state,
            &arrows,
            &steps,
            Some("a booster"),
            &mut found,
        );
        out.extend(found);
        if let Some(plan) = plan {
            let to_move = common::side_to_move(&arrows, &plan);
            common::check_turn(board, &state, to_move, &in_check, out);
            check_spent_checkers(board, &state, &arrows, &plan, &steps, out);
        }
    }
}

/// The checkers in front of `color` (`checkers: W, B`), if drawn.
fn stock(board: &BoardDiagram, color: Color) -> Option<usize> {
    let c = board.checkers.as_ref()?;
    let n = match color {
        Color::White => c.white,
        Color::Black => c.black,
    };
    Some(n as usize)
}

/// One piece's turn: its regular move, then its booster steps.
struct Turn {
    color: Color,
    made: bool,
    piece: Piece,
    start: Square,
    /// The squares it moves through.
    squares: Vec<Square>,
    /// The arrows that are booster steps.
    steps: Vec<usize>,
}

/// The turns the replayed arrows make: a booster step goes on the turn
/// of the piece that just moved (read as `BoosterSteps::step` reads it:
/// a king step that is no regular move).
fn turns(state: &State, arrows: &[&Arrow], plan: &Plan, rules: &BoosterSteps) -> Vec<Turn> {
    let mut out: Vec<Turn> = Vec::new();
    for (start, order, made) in [
        (&plan.start, &plan.made, true),
        (state, &plan.proposed, false),
    ] {
        let mut s = start.clone();
        let first = out.len();
        for &i in order {
            let a = arrows[i];
            let (Some(piece), Some(color)) = (s.piece(a.from), arrow_color(a)) else {
                break;
            };
            let regular = hobbled(&s, a.from)
                || orthodox_step(
                    &s,
                    a.from,
                    a.to,
                    color,
                    &PSEUDO,
                    CastlingInference::Standard,
                )
                .is_ok();
            let goes_on = out[first..]
                .last()
                .filter(|t| t.color == color && t.squares.last() == Some(&a.from));
            match goes_on {
                Some(_) if !regular && boosted(&s, a.from) && is_king_step(a.from, a.to) => {
                    if let Some(t) = out.last_mut() {
                        t.squares.push(a.to);
                        t.steps.push(i);
                    }
                }
                _ => out.push(Turn {
                    color,
                    made,
                    piece,
                    start: a.from,
                    squares: vec![a.from, a.to],
                    steps: Vec::new(),
                }),
            }
            match rules.step(&s, a.from, a.to, color) {
                Ok(afters) if !afters.is_empty() => s = afters[0].clone(),
                _ => break,
            }
        }
    }
    out
}

/// "If you make the king's move, remove the checker and place it in
/// front of you": a piece makes no more booster steps than the checkers
/// under it, which the six of its colour less those in front of the
/// player and under other pieces bound; and the made steps put their
/// checkers in front of the player, where a card takes back one a turn
/// at most.
fn check_spent_checkers(
    board: &BoardDiagram,
    state: &State,
    arrows: &[&Arrow],
    plan: &Plan,
    rules: &BoosterSteps,
    out: &mut Vec<Finding>,
) {
    let turns = turns(state, arrows, plan, rules);
    for color in [Color::White, Color::Black] {
        let side = common::side_name(color);
        let front = stock(board, color);
        let rings = state.rings[color as usize];
        if rings.len() + front.unwrap_or(0) > PER_PLAYER {
            // Already found: more than six.
            continue;
        }
        // The diagram shows the position before the proposed moves: the
        // first proposed turn starts from it.
        if let Some(t) = turns.iter().find(|t| t.color == color && !t.made) {
            let others = rings.iter().filter(|sq| !t.squares.contains(sq)).count();
            let most = PER_PLAYER.saturating_sub(others + front.unwrap_or(0));
            if let Some(&i) = t.steps.get(most) {
                let of = match front {
                    Some(n) => {
                        format!("{n} are in front of {side} and {others} under other pieces")
                    }
                    None => format!("{others} are under other pieces"),
                };
                out.push(
                    Finding::error(
                        CHECKERS,
                        arrows[i].span,
                        format!(
                            "the {} on {} makes {} booster steps, one checker each, but it stands on at most {most} {} checker{}: of {side}'s {PER_PLAYER}, {of}",
                            t.piece.name(),
                            t.start,
                            t.steps.len(),
                            color.name(),
                            if most == 1 { "" } else { "s" }
                        ),
                    )
                    .with_help("each king step spends one checker under the piece"),
                );
            }
        }
        // The diagram shows the position after the made moves.
        let made: Vec<&Turn> = turns
            .iter()
            .filter(|t| t.color == color && t.made)
            .collect();
        let spent: usize = made.iter().map(|t| t.steps.len()).sum();
        let in_front = front.unwrap_or(PER_PLAYER.saturating_sub(rings.len()));
        if spent > in_front + made.len()
            && let Some(&i) = made.iter().flat_map(|t| &t.steps).last()
        {
            let but = match front {
                Some(n) => format!("{n} are in front of {side}"),
                None => format!(
                    "with {} {} checkers on the board at most {in_front} can be",
                    rings.len(),
                    color.name()
                ),
            };
            out.push(
                Finding::error(
                    CHECKERS,
                    arrows[i].span,
                    format!(
                        "{side} made {spent} booster steps, each putting its checker in front of {side}, and a card puts back one a turn at most, but {but}"
                    ),
                )
                .with_help("`checkers: W, B` counts the checkers in front of each player"),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::games::common::testing::*;

    const SECTION: &str = "Booster Chess";

    /// Eight arrows with readings enough to take minutes: the replay stops
    /// at its budget and says so with a warning, not an error.
    #[test]
    fn a_replay_with_too_many_readings_stops_and_warns() {
        let text =
            std::fs::read_to_string("tests/fuzz_regressions/booster-8-arrows-replay.md").unwrap();
        let diagram: String = text
            .lines()
            .filter(|l| l.starts_with("    "))
            .map(|l| format!("{}\n", l.trim()))
            .collect();
        let f = check_text(SECTION, &diagram);
        assert!(
            f.iter().any(|f| f.rule == common::ARROW
                && f.severity == crate::diagnostic::Severity::Warning
                && f.message.contains("too many readings")),
            "{:?}",
            summary(&f)
        );
        // Its first four arrows alone read quickly, and are checked.
        let mut arrows = 0;
        let short: String = diagram
            .lines()
            .filter(|l| {
                arrows += usize::from(l.starts_with("arrow"));
                arrows <= 4 || !l.starts_with("arrow")
            })
            .map(|l| format!("{l}\n"))
            .collect();
        let f = check_text(SECTION, &short);
        assert!(
            !f.iter().any(|f| f.message.contains("too many readings")),
            "{:?}",
            summary(&f)
        );
    }

    #[test]
    fn the_seeds_have_no_booster_boards() {
        assert_eq!(board_count("tests/seeds/new_rules.md", SECTION), 0);
        assert!(seed_findings("tests/seeds/new_rules.md", SECTION).is_empty());
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

    /// "If one of your pieces is on a black and a white checker,
    /// immediately remove one checker of each colour": no piece stands on
    /// both colours.
    #[test]
    fn no_piece_stands_on_both_colours_of_checker() {
        let both = format!("{OPENING}\narrow: g1, g1, white\narrow: g1, g1, black");
        let f = check_text(SECTION, &both);
        assert_eq!(f.len(), 1, "{:?}", summary(&f));
        assert_eq!(f[0].rule, common::RING);
        assert_eq!(
            f[0].message,
            "the white knight on g1 stands on a white and a black checker, but opposite colour checkers cancel at once: one of each goes back to its owner"
        );
        // Black's checker alone hobbles it.
        let f = check_text(SECTION, &format!("{OPENING}\narrow: g1, g1, black"));
        assert!(f.is_empty(), "{:?}", summary(&f));
    }

    /// "You need 6 each of 2 colours": the checkers on the board and those
    /// in front of a player (`checkers: W, B`) are six at most.
    #[test]
    fn the_stock_and_the_board_hold_six_checkers_a_colour() {
        let f = check_text(SECTION, &format!("{OPENING}\ncheckers: 7, 6"));
        assert_eq!(f.len(), 1, "{:?}", summary(&f));
        assert_eq!(f[0].rule, CHECKERS);
        assert_eq!(
            f[0].message,
            "7 white checkers: 0 on the board and 7 in front of White, but each player has 6"
        );
        let two = format!("{OPENING}\narrow: b1, b1, white\narrow: g1, g1, white");
        let f = check_text(SECTION, &format!("{two}\ncheckers: 5, 6"));
        assert_eq!(f.len(), 1, "{:?}", summary(&f));
        assert_eq!(
            f[0].message,
            "7 white checkers: 2 on the board and 5 in front of White, but each player has 6"
        );
        let f = check_text(SECTION, &format!("{two}\ncheckers: 4, 6"));
        assert!(f.is_empty(), "{:?}", summary(&f));
    }

    /// White's knight on g1 on a white checker, jumping to f3 and
    /// stepping on like a king twice.
    const TWO_STEPS: &str = "arrow: g1, g1, white
        arrow: g1, f3, white
        arrow: f3, e3, white
        arrow: e3, d3, white";

    /// "If you make the king's move, remove the checker and place it in
    /// front of you. If the piece is on more than one checker, you may
    /// continue spending checkers": a step a checker under the piece.
    #[test]
    fn each_booster_step_spends_a_checker_under_the_piece() {
        // Five of White's six are in front of White: the knight has one.
        let f = check_text(SECTION, &format!("{OPENING}\n{TWO_STEPS}\ncheckers: 5, 6"));
        assert_eq!(f.len(), 1, "{:?}", summary(&f));
        assert_eq!(f[0].rule, CHECKERS);
        assert_eq!(
            f[0].message,
            "the white knight on g1 makes 2 booster steps, one checker each, but it stands on at most 1 white checker: of White's 6, 5 are in front of White and 0 under other pieces"
        );
        let f = check_text(SECTION, &format!("{OPENING}\n{TWO_STEPS}\ncheckers: 4, 6"));
        assert!(f.is_empty(), "{:?}", summary(&f));
        // No stock drawn: five other white checkers leave the knight one.
        let rings = |files: &[&str]| -> String {
            files
                .iter()
                .map(|f| format!("\narrow: {f}2, {f}2, white"))
                .collect()
        };
        let others = rings(&["a", "b", "c", "d", "e"]);
        let f = check_text(SECTION, &format!("{OPENING}{others}\n{TWO_STEPS}"));
        assert_eq!(f.len(), 1, "{:?}", summary(&f));
        assert!(
            f[0].message.ends_with(
                "it stands on at most 1 white checker: of White's 6, 5 are under other pieces"
            ),
            "{}",
            f[0].message
        );
        let four = rings(&["a", "b", "c", "d"]);
        let f = check_text(SECTION, &format!("{OPENING}{four}\n{TWO_STEPS}"));
        assert!(f.is_empty(), "{:?}", summary(&f));
    }

    /// Made: the knight jumped to f3 and stepped to e3 and d3, putting
    /// two checkers in front of White; a card may put one back.
    #[test]
    fn spent_checkers_go_in_front_of_the_player() {
        let made = OPENING
            .replace("R N B Q K B N R", "R N B Q K B . R")
            .replace(
                ". . . . . . . .\n        P P",
                ". . . N . . . .\n        P P",
            );
        let arrows = "arrow: g1, f3, white\narrow: f3, e3, white\narrow: e3, d3, white";
        let f = check_text(SECTION, &format!("{made}\n{arrows}\ncheckers: 0, 6"));
        assert_eq!(f.len(), 1, "{:?}", summary(&f));
        assert_eq!(f[0].rule, CHECKERS);
        assert_eq!(
            f[0].message,
            "White made 2 booster steps, each putting its checker in front of White, and a card puts back one a turn at most, but 0 are in front of White"
        );
        let f = check_text(SECTION, &format!("{made}\n{arrows}\ncheckers: 1, 6"));
        assert!(f.is_empty(), "{:?}", summary(&f));
        // No stock drawn: six white checkers on the board leave none in front.
        let rings = |squares: &[&str]| -> String {
            squares
                .iter()
                .map(|sq| format!("\narrow: {sq}, {sq}, white"))
                .collect()
        };
        let six = rings(&["a2", "b2", "c2", "d2", "e2", "d3"]);
        let f = check_text(SECTION, &format!("{made}\n{arrows}{six}"));
        assert_eq!(f.len(), 1, "{:?}", summary(&f));
        assert!(
            f[0].message
                .ends_with("but with 6 white checkers on the board at most 0 can be"),
            "{}",
            f[0].message
        );
        let three = rings(&["a2", "b2", "d3"]);
        let f = check_text(SECTION, &format!("{made}\n{arrows}{three}"));
        assert!(f.is_empty(), "{:?}", summary(&f));
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

    /// White's king may castle king-side: the squares between are empty.
    const CASTLING: &str = "r n b q k . . r
        . p p p . p p p
        . . . . . n . .
        . . b . p . . .
        . . B . P . . .
        . . . . . N . .
        P P P P . P P P
        R N B Q K . . R
        arrow: e1, g1, white";

    #[test]
    fn no_castling_while_boosted() {
        let f = check_text(SECTION, CASTLING);
        assert!(f.is_empty(), "{:?}", summary(&f));
        // A black checker hobbles the rook: it is not boosted.
        let f = check_text(SECTION, &format!("{CASTLING}\narrow: h1, h1, black"));
        assert!(f.is_empty(), "{:?}", summary(&f));
        for boosted in ["e1", "h1"] {
            let f = check_text(
                SECTION,
                &format!("{CASTLING}\narrow: {boosted}, {boosted}, white"),
            );
            assert!(
                f.iter().any(|f| f.rule == common::ARROW
                    && f.message.contains("a boosted piece may not castle")),
                "{boosted}: {:?}",
                summary(&f)
            );
        }
    }

    /// White's knight on f3 and Black's pawn on e4.
    const KNIGHT_AND_PAWN: &str = "r n b q k b n r
        p p p p . p p p
        . . . . . . . .
        . . . . . . . .
        . . . . p . . .
        . . . . . N . .
        P P P P P P P P
        R N B Q K B . R";

    #[test]
    fn a_captured_stack_passes_to_the_captor() {
        // Made: the knight took Black's boosted pawn on e5 and is hobbled
        // by its checker.
        let made = KNIGHT_AND_PAWN
            .replace(
                ". . . . . . . .\n        . . . . p",
                ". . . . N . . .\n        . . . . .",
            )
            .replace(". . . . . N . .", ". . . . . . . .");
        let f = check_text(
            SECTION,
            &format!("{made}\narrow: f3, e5, white\narrow: e5, e5, black"),
        );
        assert!(f.is_empty(), "{:?}", summary(&f));
        // Proposed: the knight takes Black's boosted pawn on e5: now
        // hobbled, it may no longer jump.
        let pawn_on_e5 = KNIGHT_AND_PAWN.replace(
            ". . . . . . . .\n        . . . . p",
            ". . . . p . . .\n        . . . . .",
        );
        let proposed = format!(
            "{pawn_on_e5}\narrow: e5, e5, black\narrow: f3, e5, white\narrow: e5, c6, white"
        );
        let f = check_text(SECTION, &proposed);
        assert!(
            f.iter().any(|f| f.rule == common::ARROW),
            "{:?}",
            summary(&f)
        );
        // Without the pawn's checker the knight stays boosted and jumps on.
        let f = check_text(SECTION, &proposed.replace("arrow: e5, e5, black\n", ""));
        assert!(f.is_empty(), "{:?}", summary(&f));
    }

    #[test]
    fn opposite_checkers_cancel() {
        // The hobbled knight takes like a pawn onto e4, where Black's pawn
        // stands on a white checker: the two checkers cancel, and the
        // knight may jump again.
        let text = format!(
            "{KNIGHT_AND_PAWN}\narrow: f3, f3, black\narrow: e4, e4, white\narrow: f3, e4, white\narrow: e4, c5, white"
        );
        let f = check_text(SECTION, &text);
        assert!(f.is_empty(), "{:?}", summary(&f));
        // A pawn without a checker cancels nothing: the knight stays
        // hobbled and moves like a pawn.
        let f = check_text(SECTION, &text.replace("arrow: e4, e4, white\n", ""));
        assert!(
            f.iter().any(|f| f.message.contains("moves like a pawn")),
            "{:?}",
            summary(&f)
        );
    }

    #[test]
    fn pieces_move_normally() {
        let f = check_text(SECTION, &format!("{OPENING}\narrow: b1, c3, white"));
        assert!(f.is_empty(), "{:?}", summary(&f));
        let f = check_text(SECTION, &format!("{OPENING}\narrow: b1, b3, white"));
        assert!(
            f.iter()
                .any(|f| f.rule == common::ARROW && f.message.contains("knight's jump")),
            "{:?}",
            summary(&f)
        );
        // One standard set: a third white knight with all eight pawns.
        let f = check_text(
            SECTION,
            &OPENING.replace(
                ". . . . . . . .\n        P P",
                ". . . . N . . .\n        P P",
            ),
        );
        assert!(
            f.iter().any(|f| f.rule == material::RULE),
            "{:?}",
            summary(&f)
        );
    }

    /// White's knight on e7 is hobbled by a black checker.
    const HOBBLED_NEAR_THE_END: &str = "k . . . . . . .
        . . . . N . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . K . . .
        arrow: e7, e7, black
        arrow: e7, e8, white
        arrow: e8, f6, white";

    #[test]
    fn a_hobble_comes_off_on_the_far_rank() {
        // On e8 the hobble checker goes back: the knight jumps again.
        let f = check_text(SECTION, HOBBLED_NEAR_THE_END);
        assert!(f.is_empty(), "{:?}", summary(&f));
        // It cannot stay hobbled there.
        let f = check_text(
            SECTION,
            "k . . . N . . .
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . . K . . .
             arrow: e8, e8, black",
        );
        assert!(
            f.iter()
                .any(|f| f.rule == common::RING && f.message.contains("back rank")),
            "{:?}",
            summary(&f)
        );
        // One rank short, it is still hobbled.
        let short = HOBBLED_NEAR_THE_END
            .replace("k . . . . . . .\n        . . . . N", "k . . . . . . .\n        . . . . .")
            .replace(". . . . . . . .\n        . . . . . . . .\n        . . . . . . . .\n        . . . . . . . .\n        . . . . . . . .\n        . . . . K", ". . . . N . . .\n        . . . . . . . .\n        . . . . . . . .\n        . . . . . . . .\n        . . . . . . . .\n        . . . . K")
            .replace("arrow: e7, e7, black", "arrow: e6, e6, black")
            .replace("arrow: e7, e8, white", "arrow: e6, e7, white")
            .replace("arrow: e8, f6, white", "arrow: e7, f5, white");
        let f = check_text(SECTION, &short);
        assert!(
            f.iter().any(|f| f.message.contains("moves like a pawn")),
            "{short}: {:?}",
            summary(&f)
        );
    }

    /// Black's d4 pawn beside White's e-pawn, which White's checker boosts
    /// (Black took the a2 pawn).
    const BESIDE: &str = "r n b q k b n r
        p p p . p p p p
        . . . . . . . .
        . . . . . . . .
        . . . p . . . .
        . . . . . . . .
        . P P P P P P P
        R N B Q K B N R
        arrow: e2, e2, white";

    #[test]
    fn no_en_passant_after_a_booster_step() {
        let f = check_text(
            SECTION,
            &format!("{BESIDE}\narrow: e2, e4, white\narrow: d4, e3, black"),
        );
        assert!(f.is_empty(), "{:?}", summary(&f));
        let f = check_text(
            SECTION,
            &format!("{BESIDE}\narrow: e2, e3, white\narrow: e3, e4, white\narrow: d4, e3, black"),
        );
        assert!(
            f.iter()
                .any(|f| f.rule == common::ARROW
                    && f.message.contains("has not just moved two squares")),
            "{:?}",
            summary(&f)
        );
    }

    /// White's boosted knight on e2, in front of its king.
    const SHIELD: &str = ". . . . r . k .
        . . . . . p p p
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . N P P P
        . . . . K . . .
        arrow: e2, e2, white
        arrow: e2, f4, white
        arrow: f4, e3, white";

    #[test]
    fn no_revealed_check_even_if_a_booster_step_blocks_it() {
        let f = check_text(SECTION, SHIELD);
        assert!(
            f.iter()
                .any(|f| f.rule == common::ARROW
                    && f.message.contains("leave the white king in check")),
            "{:?}",
            summary(&f)
        );
        let f = check_text(
            SECTION,
            &SHIELD.replace(". . . . r . k .", "r . . . . . k ."),
        );
        assert!(f.is_empty(), "{:?}", summary(&f));
    }

    /// White's pawn with a white checker reached b8, became a knight, and stepped
    /// on to c8 like a king.
    const PROMOTED: &str = ". . N . k . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . K . . .
        arrow: b7, b8, white
        arrow: b8, c8, white";

    #[test]
    fn a_pawn_promotes_at_once_and_may_step_on() {
        let f = check_text(SECTION, PROMOTED);
        assert!(f.is_empty(), "{:?}", summary(&f));
        // It promotes at once: it cannot step on as a pawn.
        let f = check_text(SECTION, &PROMOTED.replace(". . N . k", ". . P . k"));
        assert!(
            f.iter().any(|f| f.rule == material::RULE),
            "{:?}",
            summary(&f)
        );
    }

    /// White's pawn on b6, boosted, steps from b7 onto c8 and promotes;
    /// after Black's move, the new queen moves like one.
    const STEPS_ONTO_THE_BACK_RANK: &str = ". . . . . . . k
        . . . . . . . .
        . P . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . K . . .
        arrow: b6, b6, white
        arrow: b6, b7, white
        arrow: b7, c8, white
        arrow: h8, g8, black
        arrow: c8, c2, white";

    #[test]
    fn a_pawn_promotes_on_the_back_rank_by_a_booster_step_too() {
        let f = check_text(SECTION, STEPS_ONTO_THE_BACK_RANK);
        assert!(f.is_empty(), "{:?}", summary(&f));
        // Made: it cannot stand there still a pawn.
        let f = check_text(
            SECTION,
            ". . P . . . . k
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . . K . . .
             arrow: b6, b7, white
             arrow: b7, c8, white",
        );
        assert!(
            f.iter().any(|f| f.rule == material::RULE
                && f.message == "a white pawn on c8, White's last rank"),
            "{:?}",
            summary(&f)
        );
    }

    /// White's pawn went e2–e3 and, on two checkers, stepped back to d2
    /// and d1.
    const BACK_TO_THE_FIRST_RANK: &str = ". . . . k . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . P K . . .";

    /// Pawn ranks: booster steps go any way, so a pawn may stand on its
    /// own first rank; it still never stays on its last.
    #[test]
    fn a_boosted_pawn_may_step_back_to_its_first_rank() {
        let f = check_text(
            SECTION,
            &format!(
                "{BACK_TO_THE_FIRST_RANK}\narrow: e2, e3, white\narrow: e3, d2, white\narrow: d2, d1, white"
            ),
        );
        assert!(f.is_empty(), "{:?}", summary(&f));
        // From there it moves one square forward, not two.
        let f = check_text(
            SECTION,
            &format!("{BACK_TO_THE_FIRST_RANK}\narrow: d1, d2, white"),
        );
        assert!(f.is_empty(), "{:?}", summary(&f));
        let f = check_text(
            SECTION,
            &format!("{BACK_TO_THE_FIRST_RANK}\narrow: d1, d3, white"),
        );
        assert!(
            f.iter().any(|f| f.rule == common::ARROW),
            "{:?}",
            summary(&f)
        );
    }

    /// Bishop colours: a hobbled bishop moves straight ahead like a pawn
    /// (and a boosted one steps like a king), so two bishops on one colour
    /// need no promotion; a third still does.
    #[test]
    fn bishops_change_colour_under_checkers() {
        let two_light = "r n b q k b n r
            p p p p p p p p
            . . . . . . . .
            . . . . . . . .
            . . . P . . . .
            . . . B . . . .
            P P P . P P P P
            R N . Q K B N R";
        let f = check_text(
            SECTION,
            &format!("{two_light}\narrow: d2, d3, white\narrow: d3, d3, black"),
        );
        assert!(f.is_empty(), "{:?}", summary(&f));
        let f = check_text(SECTION, &two_light.replace("R N . Q", "R N B Q"));
        assert!(
            f.iter().any(|f| f.rule == material::RULE
                && f.message
                    .contains("too many pieces to have come from promotion")),
            "{:?}",
            summary(&f)
        );
    }

    /// White's knight on d4: its jump to f5 and a king step reach the
    /// black king on g6 if it is boosted. Black has just played a7–a6.
    const BOOSTED_CHECK: &str = ". . . . . . . .
        . . . . . . . .
        p . . . . . k .
        . . . . . . . .
        . . . N . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . K . . .
        arrow: a7, a6, black";

    #[test]
    fn booster_moves_threaten_the_king() {
        let f = check_text(SECTION, BOOSTED_CHECK);
        assert!(f.is_empty(), "{:?}", summary(&f));
        let f = check_text(SECTION, &format!("{BOOSTED_CHECK}\narrow: d4, d4, white"));
        assert!(
            f.iter().any(|f| f.message.contains("black king")),
            "{:?}",
            summary(&f)
        );
        // Hobbled by a black checker, the knight threatens nothing there.
        let f = check_text(SECTION, &format!("{BOOSTED_CHECK}\narrow: d4, d4, black"));
        assert!(f.is_empty(), "{:?}", summary(&f));
    }

    /// White castles past f1 and g1; Black's knight on h4 can take g2.
    const CASTLES_PAST: &str = "r n b q k . . r
        . p p p . p p p
        . . . . . . . .
        . . b . p . . .
        . . B . P . . n
        . . . . . N . .
        P P P P . P P P
        R N B Q K . . R
        arrow: e1, g1, white";

    #[test]
    fn no_castling_past_squares_booster_moves_attack() {
        let f = check_text(SECTION, CASTLES_PAST);
        assert!(f.is_empty(), "{:?}", summary(&f));
        let f = check_text(SECTION, &format!("{CASTLES_PAST}\narrow: h4, h4, black"));
        assert!(
            f.iter()
                .any(|f| f.rule == common::ARROW && f.message.contains("attacked square")),
            "{:?}",
            summary(&f)
        );
    }

    /// White's e-pawn has taken Black's d-pawn en passant on d6 (Black
    /// took White's h-pawn earlier).
    const TAKEN_EN_PASSANT: &str = "r n b q k b n r
        p p p . p p p p
        . . . P . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        P P P P . P P .
        R N B Q K B N R";

    /// "You may not capture en passant if the pawn used a booster move":
    /// the refusal is at the en passant capture, in the game's words, not
    /// at Black's sound moves.
    #[test]
    fn en_passant_after_booster_step_is_refused_at_the_capture() {
        let f = check_text(
            SECTION,
            &format!("{TAKEN_EN_PASSANT}\narrow: d7, d5, black\narrow: e5, d6, white"),
        );
        assert!(f.is_empty(), "{:?}", summary(&f));
        let f = check_text(
            SECTION,
            &format!(
                "{TAKEN_EN_PASSANT}\narrow: d7, d6, black\narrow: d6, d5, black\narrow: e5, d6, white"
            ),
        );
        assert_eq!(
            summary(&f),
            [
                "arrow: e5–d6 cannot take the pawn on d5 en passant: it came to d5 with a booster move (d6–d5), and you may not capture en passant if the pawn used a booster move"
            ]
        );
    }

    /// "A pawn that moves to the back rank immediately promotes": a pawn
    /// drawn there is the one error, and its arrows invent no second one.
    #[test]
    fn a_pawn_left_on_the_back_rank_is_one_error() {
        let f = check_text(SECTION, &PROMOTED.replace(". . N . k", ". . P . k"));
        assert_eq!(
            summary(&f),
            ["material: a white pawn on c8, White's last rank"]
        );
    }

    /// White has castled; a checker under the rook or the king may have
    /// been added after the move by a card ("After you finish moving, you
    /// may play one of your cards to add a checker").
    const CASTLED: &str = ". . . . k . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . R K .";

    #[test]
    fn a_checker_added_after_castling_is_no_bar_to_it() {
        for ring in ["f1, f1, white", "g1, g1, white"] {
            let f = check_text(
                SECTION,
                &format!("{CASTLED}\narrow: e1, g1, white\narrow: {ring}"),
            );
            assert!(f.is_empty(), "{ring}: {:?}", summary(&f));
        }
        // Proposed, the rook on its checker already: a boosted rook may
        // not castle.
        let f = check_text(
            SECTION,
            &format!(
                "{}\narrow: e1, g1, white\narrow: h1, h1, white",
                CASTLED.replace(". . . . . R K .", ". . . . K . . R")
            ),
        );
        assert!(
            f.iter().any(|f| f.rule == common::ARROW
                && f.message == "e1–g1 castles, but the king or the rook is boosted, and a boosted piece may not castle"),
            "{:?}",
            summary(&f)
        );
    }
}
