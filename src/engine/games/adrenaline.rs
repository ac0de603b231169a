//! Adrenaline Chess: orthodox moves, plus checkers (rings of any colour;
//! a `corner text` number is a stack's count) that let a piece, after its
//! regular move, make extra king steps. An arrow is one move: a regular
//! move, or an extra king step by a piece on checkers that an arrow of its
//! side brought there. Check counts orthodox attacks and threats by a
//! regular move and extra steps, one a checker of the stack (its `corner
//! text`, or one for a ring without), plus those of stacks it takes; a
//! stack counted as the least it can hold, so no threat is invented.

use std::collections::BinaryHeap;

use crate::diagram::{Arrow, ArrowColour, BoardDiagram, Color, Piece, Role, Square};
use crate::engine::chess::{
    CastlingInference, Rules, SquareSet, is_king_step, king_attacks, reach,
};
use crate::engine::games::common;
use crate::engine::material::{self, MaterialRules};
use crate::engine::replay::{
    State, StepRules, TurnStage, arrow_color, default_befores, en_passant_victim, orthodox_step,
};
use crate::engine::{DiagramContext, Finding, Game};

pub struct Adrenaline;

pub const CHECKERS: &str = "checkers";

/// A standard set of checkers.
const CHECKER_SET: u32 = 24;

/// One standard set. An extra king step may take a bishop onto the other
/// colour of square, or a pawn back to its first rank; a pawn on its last
/// rank is promoted at once (`check_no_pawn_on_last_rank`).
const MATERIAL: MaterialRules = MaterialRules {
    bishops_keep_colour: false,
    army: crate::engine::material::CHESS_ARMY,
    pieces_promote: false,
    pawns_on_back_ranks: true,
    ..MaterialRules::ORTHODOX
};

pub(crate) struct ExtraSteps {
    /// Squares a piece may take extra king steps from: where an arrow of
    /// its side ended, so its regular move is drawn.
    pub heads: Vec<(Square, Color)>,
    /// The game's name for checkers-based extra moves, in messages.
    pub extra: &'static str,
    /// How many checkers the stacks hold, for the threats they make.
    pub heights: Heights,
}

/// The heights of stacks in the replay's positions, from the diagram's
/// counts. Threats are counted with the least a stack can hold, so none is
/// invented.
pub(crate) struct Heights {
    /// The diagram's position, and its stacks.
    diagram: State,
    stacks: Stacks,
    /// Squares a move arrow starts or ends on: a stack there may have moved.
    moved: SquareSet,
    /// Each side's arrows that may be turns with a capture (all but
    /// castling), each of which may have added a checker under an
    /// opposing piece.
    placers: [u32; 2],
}

impl Heights {
    pub fn new(diagram: &State, stacks: Stacks, arrows: &[&Arrow]) -> Heights {
        let mut moved = SquareSet::EMPTY;
        let mut placers = [0; 2];
        for a in arrows {
            for sq in [a.from, a.to].into_iter().filter(|s| s.is_on_board()) {
                moved.insert(sq);
            }
            let king = |sq: Square| diagram.piece(sq).is_some_and(|p| p.role == Role::King);
            let castles = a.from.rank == a.to.rank
                && a.from.file.abs_diff(a.to.file) == 2
                && (king(a.from) || king(a.to));
            if let Some(c) = arrow_color(a).filter(|_| !castles) {
                placers[c as usize] += 1;
            }
        }
        Heights {
            diagram: diagram.clone(),
            stacks,
            moved,
            placers,
        }
    }

    /// The checkers under the piece on `sq` in `state`, at least: in the
    /// diagram's position its count; for a stack no arrow moved, that
    /// count less one for each arrow of the other side (a later turn may
    /// have added it); one for a stack that moved.
    fn height(&self, state: &State, sq: Square) -> u32 {
        if state.ring(sq).is_none() {
            return 0;
        }
        if state.board == self.diagram.board && state.rings == self.diagram.rings {
            return self.stacks.height(sq).max(1);
        }
        let Some(p) = state.piece(sq) else {
            return 1;
        };
        if self.moved.contains(sq)
            || self.diagram.piece(sq) != Some(p)
            || self.diagram.ring(sq).is_none()
        {
            return 1;
        }
        let later = self.placers[p.color.other() as usize];
        self.stacks.height(sq).saturating_sub(later).max(1)
    }
}

impl ExtraSteps {
    fn castles_with_checkers(&self, state: &State, from: Square, to: Square) -> Option<String> {
        let king = state.piece(from)?;
        if king.role != Role::King || from.rank != to.rank || from.file.abs_diff(to.file) != 2 {
            return None;
        }
        let rook = Square::new(if to.file > from.file { 7 } else { 0 }, from.rank);
        let on = if state.ring(from).is_some() {
            Some(format!("the king on {from}"))
        } else if state.ring(rook).is_some() {
            Some(format!("the rook on {rook}"))
        } else {
            None
        }?;
        Some(format!(
            "{from}–{to} castles, but {on} has checkers, and a piece with checkers may not castle"
        ))
    }
}

/// Pieces on the board with checkers, counted once a stack.
fn stacks(state: &State) -> usize {
    state.rings[0].len() + state.rings[1].len()
}

/// Pieces captured so far: 32 less those on the board.
fn captured(state: &State) -> usize {
    32usize.saturating_sub(state.board.pieces().count())
}

/// Pieces `color` has lost.
fn lost(state: &State, color: Color) -> usize {
    16usize.saturating_sub(
        state
            .board
            .pieces()
            .filter(|(_, p)| p.color == color)
            .count(),
    )
}

/// Why the checkers under `color`'s pieces cannot be there, if they
/// cannot; `height` counts a stack's checkers. A checker comes under a
/// piece of `color` when the opponent places it after a capture (at most
/// one a capture of theirs), or when a piece of `color` captures an
/// opposing piece with checkers, which `color` placed after captures of
/// its own, the last of which placed one more under an opposing piece: at
/// most one fewer than `color`'s captures.
fn too_many_checkers(
    state: &State,
    color: Color,
    height: &dyn Fn(Square) -> u32,
) -> Option<String> {
    let checkers: u32 = state
        .board
        .pieces()
        .filter(|&(sq, p)| p.color == color && state.ring(sq).is_some())
        .map(|(sq, _)| height(sq))
        .sum();
    let theirs = lost(state, color);
    let mine = lost(state, color.other());
    if checkers as usize <= theirs + mine.saturating_sub(1) {
        return None;
    }
    Some(format!(
        "{checkers} checkers under {c} pieces, but {} has captured {theirs} pieces and {} {mine}: a checker goes under a {c} piece after a {o} capture, or comes with a {o} piece it takes, whose checkers {} placed after earlier captures",
        common::side_name(color.other()),
        common::side_name(color),
        common::side_name(color),
        c = color.name(),
        o = color.other().name(),
    ))
}

/// Which of `goals` `color` threatens with extra moves: a piece with
/// checkers, or one whose regular move takes a piece with checkers, may
/// follow its regular move with a king step for each checker, and a step
/// that takes a piece with checkers adds them ("you may use extra moves to
/// threaten the king"). `height` counts a stack's checkers. Each square
/// keeps the most steps left of the paths found to it, and the stacks that
/// path took: a path with fewer steps left that could take other stacks
/// goes unseen, so no threat is invented.
fn extra_threats(
    state: &State,
    color: Color,
    goals: SquareSet,
    height: &dyn Fn(Square) -> u32,
) -> SquareSet {
    let mut found = SquareSet::EMPTY;
    if state.rings.iter().all(|r| r.is_empty()) {
        return found;
    }
    for (from, p) in state.board.pieces().filter(|(_, p)| p.color == color) {
        let own = height(from);
        let mut left = [0u32; 64];
        let mut taken = [SquareSet::EMPTY; 64];
        // Squares to step on from, the most steps left first.
        let mut queue = BinaryHeap::new();
        // Where its regular move may end, with the steps it has there.
        for t in reach(&state.board, from, p.role, color).all().iter() {
            let target = state.piece(t);
            if target.is_some_and(|q| q.color == color) {
                continue;
            }
            let (mut steps, mut took) = (own, SquareSet::EMPTY);
            if target.is_some() && state.ring(t).is_some() {
                steps += height(t);
                took.insert(t);
            }
            if steps > left[t.index()] {
                left[t.index()] = steps;
                taken[t.index()] = took;
                queue.push((steps, t.index()));
            }
        }
        while let Some((steps, i)) = queue.pop() {
            if steps < left[i] {
                continue;
            }
            let (sq, took) = (Square::from_index(i), taken[i]);
            for n in king_attacks(sq).iter() {
                // The piece has left `from`, and taken what it took.
                let there = if n == from || took.contains(n) {
                    None
                } else {
                    state.piece(n)
                };
                if there.is_some_and(|q| q.color == color) {
                    continue;
                }
                if goals.contains(n) {
                    found.insert(n);
                }
                let (mut steps, mut took) = (steps - 1, took);
                if there.is_some() && state.ring(n).is_some() {
                    steps += height(n);
                    took.insert(n);
                }
                if steps > left[n.index()] {
                    left[n.index()] = steps;
                    taken[n.index()] = took;
                    queue.push((steps, n.index()));
                }
            }
            if found == goals {
                return found;
            }
        }
    }
    found
}

impl ExtraSteps {
    /// Check in Adrenaline: orthodox attacks, and threats by extra moves.
    fn in_check(&self, state: &State, color: Color) -> bool {
        common::orthodox_in_check(state, color)
            || state
                .board
                .pieces()
                .find(|&(_, p)| p == Piece::new(color, Role::King))
                .is_some_and(|(k, _)| {
                    !self
                        .threats(state, color.other(), SquareSet::EMPTY.with(k))
                        .is_empty()
                })
    }

    /// Which of `goals` `color` threatens with extra moves in `state`.
    fn threats(&self, state: &State, color: Color, goals: SquareSet) -> SquareSet {
        extra_threats(state, color, goals, &|sq| self.heights.height(state, sq))
    }
}

impl ExtraSteps {
    /// A regular move or an extra king step, before what captures add;
    /// with whether it is an extra step.
    fn move_piece(
        &self,
        state: &State,
        from: Square,
        to: Square,
        color: Color,
    ) -> Result<(Vec<State>, bool), String> {
        if let Some(reason) = self.castles_with_checkers(state, from, to) {
            return Err(reason);
        }
        let castles = state.piece(from) == Some(Piece::new(color, Role::King))
            && from.rank == to.rank
            && from.file.abs_diff(to.file) == 2;
        if castles {
            // "you may not move your king through squares that could be
            // attacked by extra moves"
            let passed = [from.file, (from.file + to.file) / 2, to.file];
            let squares = passed.iter().fold(SquareSet::EMPTY, |set, &f| {
                set.with(Square::new(f, from.rank))
            });
            let threats = self.threats(state, color.other(), squares);
            if let Some(&f) = passed
                .iter()
                .find(|&&f| threats.contains(Square::new(f, from.rank)))
            {
                return Err(format!(
                    "the king cannot castle {from}–{to}: {} could be attacked by an extra move",
                    Square::new(f, from.rank)
                ));
            }
        }
        let regular = orthodox_step(
            state,
            from,
            to,
            color,
            &Rules::STANDARD,
            CastlingInference::Standard,
        );
        let reason = match regular {
            Ok(afters) => {
                // Check counts threats by extra moves too.
                let safe: Vec<State> = afters
                    .into_iter()
                    .filter(|s| !self.in_check(s, color))
                    .collect();
                if safe.is_empty() {
                    return Err(format!(
                        "{from}–{to} would leave the {} king threatened by an extra move",
                        color.name()
                    ));
                }
                return Ok((safe, false));
            }
            Err(reason) => reason,
        };
        let Some(piece) = state.piece(from).filter(|p| p.color == color) else {
            return Err(reason);
        };
        if !is_king_step(from, to) || state.ring(from).is_none() {
            return Err(reason);
        }
        if !self.heads.contains(&(from, color)) {
            return Err(format!(
                "{reason}; as an {} king step it must follow a regular move of the {}, and no arrow brings it to {from}",
                self.extra,
                piece.name()
            ));
        }
        if state.piece(to).is_some_and(|p| p.color == color) {
            return Err(reason);
        }
        let last = if color == Color::White { 8 } else { 1 };
        let roles: &[Role] = if piece.role == Role::Pawn && to.rank == last {
            Rules::STANDARD.promotion_roles
        } else {
            &[piece.role]
        };
        let mut out = Vec::new();
        for &role in roles {
            for keep in [true, false] {
                // An extra step is no double step: no en passant after it.
                let mut s = state.clone();
                s.en_passant = None;
                s.board.set(from, None);
                s.board.set(to, Some(Piece::new(color, role)));
                s.set_ring(from, None);
                // The stack loses a checker: some may remain, or none.
                s.set_ring(to, keep.then_some(Color::White));
                if !self.in_check(&s, color) {
                    out.push(s);
                }
            }
        }
        if out.is_empty() {
            return Err(format!(
                "after the {} king step {from}–{to} the {} king would be in check",
                self.extra,
                color.name()
            ));
        }
        Ok((out, true))
    }
}

impl StepRules for ExtraSteps {
    /// A move, then for a capture: the capturing piece keeps the captured
    /// piece's checkers, and one checker goes under one of the opponent's
    /// remaining pieces (a new stack, or one more on a stack), or is yet
    /// to be placed.
    fn step(
        &self,
        state: &State,
        from: Square,
        to: Square,
        color: Color,
    ) -> Result<Vec<State>, String> {
        // Each turn with a capture adds one checker: never more stacks than captures.
        if stacks(state) > captured(state) {
            return Err(format!(
                "before {from}–{to}, more pieces have checkers ({}) than pieces have been captured ({}), and each turn with a capture adds one checker",
                stacks(state),
                captured(state)
            ));
        }
        for c in [Color::White, Color::Black] {
            // A stack holds one checker at least.
            if let Some(reason) = too_many_checkers(state, c, &|_| 1) {
                return Err(format!("before {from}–{to}, {reason}"));
            }
        }
        // The captured piece's square: `to`, or beside it en passant.
        let en_passant = state.piece(from).is_some_and(|p| p.role == Role::Pawn)
            && from.file != to.file
            && state.piece(to).is_none();
        let taken = if en_passant {
            en_passant_victim(from, to)
        } else {
            to
        };
        let captures = state.piece(taken).is_some_and(|p| p.color != color);
        let (afters, extra) = self.move_piece(state, from, to, color)?;
        // "You only ever add one checker per turn", and placing it ends
        // the turn: no extra step follows.
        if extra && state.turn == Some(TurnStage::Over) {
            return Err(format!(
                "{from}–{to} is an {} step, but its turn has already placed its checker: a turn adds one checker, at its end, however many pieces its moves capture",
                self.extra
            ));
        }
        // A turn that has captured owes a checker until it places it (an
        // unknown turn, the diagram's own, may owe one too).
        let owes = captures || (extra && state.turn != Some(TurnStage::Open));
        let stage = if owes {
            TurnStage::Owes
        } else {
            TurnStage::Open
        };
        let victim_had = captures && state.ring(taken).is_some();
        let mut out = Vec::new();
        for mut s in afters {
            s.turn = Some(stage);
            if victim_had {
                s.set_ring(to, Some(Color::White));
            }
            // The diagram may show the turn before its checker is placed.
            out.push(s.clone());
            if !owes {
                continue;
            }
            s.turn = Some(TurnStage::Over);
            let theirs: Vec<Square> = s
                .board
                .pieces()
                .filter(|(_, p)| p.color != color)
                .map(|(sq, _)| sq)
                .collect();
            for sq in theirs {
                let mut t = s.clone();
                t.set_ring(sq, Some(Color::White));
                if !out.contains(&t) {
                    out.push(t);
                }
            }
        }
        Ok(out)
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
        let mut out = default_befores(after, from, to, color);
        if is_king_step(from, to) {
            // An extra step may have used the stack's last checker.
            let more: Vec<State> = out
                .iter()
                .filter(|b| b.ring(from).is_none())
                .map(|b| {
                    let mut b = b.clone();
                    b.set_ring(from, Some(Color::White));
                    b
                })
                .collect();
            out.extend(more);
        }
        // A capture: the checkers now under the capturing piece may have
        // been the captured piece's (or both's), and one checker under an
        // opposing piece may be the one this capture added.
        let mut more = Vec::new();
        for b in &out {
            if b.piece(to).is_none_or(|v| v.color == color) {
                continue;
            }
            let mut variants = vec![b.clone()];
            if b.ring(from).is_some() {
                for both in [false, true] {
                    let mut v = b.clone();
                    v.set_ring(to, Some(Color::White));
                    if !both {
                        v.set_ring(from, None);
                    }
                    variants.push(v);
                }
            }
            for v in &variants {
                for (sq, p) in v.board.pieces() {
                    if p.color != color && sq != to && v.ring(sq).is_some() {
                        let mut w = v.clone();
                        w.set_ring(sq, None);
                        more.push(w);
                    }
                }
            }
            more.extend(variants.into_iter().skip(1));
        }
        out.extend(more);
        // Before an extra step its turn had placed no checker yet: it had
        // captured nothing so far, or owed the checker.
        if is_king_step(from, to) {
            let mut owing = Vec::new();
            for b in &mut out {
                let regular = orthodox_step(
                    b,
                    from,
                    to,
                    color,
                    &Rules::STANDARD,
                    CastlingInference::Standard,
                );
                if regular.is_err() {
                    b.turn = Some(TurnStage::Open);
                    let mut o = b.clone();
                    o.turn = Some(TurnStage::Owes);
                    owing.push(o);
                }
            }
            out.extend(owing);
        }
        out
    }
}

/// The checkers on the board: the squares with stacks, and how many
/// checkers each stack holds.
pub(crate) struct Stacks {
    pub squares: SquareSet,
    counts: [u32; 64],
}

impl Stacks {
    pub fn none() -> Stacks {
        Stacks {
            squares: SquareSet::EMPTY,
            counts: [0; 64],
        }
    }

    /// The checkers on `sq`: its `corner text`, or one for a ring without
    /// one (the text's first example draws a single checker so).
    pub fn height(&self, sq: Square) -> u32 {
        if !sq.is_on_board() || !self.squares.contains(sq) {
            return 0;
        }
        self.counts[sq.index()].max(1)
    }

    pub fn total(&self) -> u32 {
        self.squares.iter().map(|sq| self.height(sq)).sum()
    }
}

/// Checkers as rings under pieces, with `corner text` counts.
pub(crate) fn checker_squares(
    board: &BoardDiagram,
    colours: &[ArrowColour],
    out: &mut Vec<Finding>,
) -> Stacks {
    let mut stacks = Stacks::none();
    for ring in board
        .arrows
        .iter()
        .filter(|a| a.is_ring() && colours.contains(&a.colour))
    {
        let sq = ring.from;
        if board.board.get(sq).is_none() {
            out.push(
                Finding::error(
                    common::RING,
                    ring.span,
                    format!("a checker on {sq} with no piece on it"),
                )
                .with_help("checkers stand under pieces and move with them"),
            );
            continue;
        }
        stacks.squares.insert(sq);
    }
    for text in &board.corner_texts {
        let sq = Square::new((text.x - 1.0).round() as u8, text.y.round() as u8);
        let count = text.text.trim().parse::<u32>().ok().filter(|&n| n >= 1);
        match count {
            Some(n) if sq.is_on_board() && stacks.squares.contains(sq) => {
                // Capped, so that sums of counts cannot overflow.
                let c = &mut stacks.counts[sq.index()];
                *c = c.saturating_add(n).min(u32::from(u16::MAX));
            }
            Some(_) => out.push(
                Finding::error(
                    CHECKERS,
                    text.span,
                    format!(
                        "a stack of {} checkers, but no checker is drawn on that square",
                        text.text.trim()
                    ),
                )
                .with_help("a corner number counts the checkers of the ringed piece"),
            ),
            None => out.push(Finding::error(
                CHECKERS,
                text.span,
                format!("`{}` is not a number of checkers", text.text.trim()),
            )),
        }
    }
    let total = stacks.total();
    if total > CHECKER_SET
        && let Some(ring) = board.arrows.iter().rev().find(|a| a.is_ring())
    {
        out.push(Finding::error(
            CHECKERS,
            ring.span,
            format!("{total} checkers on the board, but a set has {CHECKER_SET}"),
        ));
    }
    stacks
}

/// The en passant capture among `arrows` that breaks the game's own rule,
/// with the rule, when the arrows cannot all be replayed: "You may not
/// capture en passant if the pawn used an extra move, and you may not use
/// an extra move to capture en passant" (`extra` names the game's extra
/// move with its article: "an extra", "a booster"; `None` in a game
/// without). Any game: a pawn that came to its square by something other
/// than a double step is not taken en passant. The capture's arrow is the fault when the other arrows replay
/// without it (the capture undone, if made): the refusal is said there,
/// not at the sound double step the replay would otherwise blame.
pub(crate) fn en_passant_fault(
    state: &State,
    arrows: &[&Arrow],
    rules: &dyn StepRules,
    extra: Option<&str>,
) -> Option<(usize, String)> {
    for (i, e) in arrows.iter().enumerate() {
        let Some(color) = arrow_color(e) else {
            continue;
        };
        let forward: i8 = if color == Color::White { 1 } else { -1 };
        if !e.from.is_on_board()
            || !e.to.is_on_board()
            || e.from.file.abs_diff(e.to.file) != 1
            || e.to.rank as i8 - e.from.rank as i8 != forward
        {
            continue;
        }
        let pawn = Some(Piece::new(color, Role::Pawn));
        let theirs = Some(Piece::new(color.other(), Role::Pawn));
        let victim = en_passant_victim(e.from, e.to);
        let proposed = state.piece(e.from) == pawn
            && state.piece(e.to).is_none()
            && state.piece(victim) == theirs;
        let made = state.piece(e.to) == pawn
            && state.piece(e.from).is_none()
            && state.piece(victim).is_none();
        if !proposed && !made {
            continue;
        }
        // The arrow that brought the taken pawn, and the ones before it.
        let chained = |a: &Arrow, c: Color| {
            arrows
                .iter()
                .any(|b| arrow_color(b) == Some(c) && b.to == a.from && !std::ptr::eq(*b, a))
        };
        let Some(v) = arrows
            .iter()
            .find(|v| arrow_color(v) == Some(color.other()) && v.to == victim)
        else {
            continue;
        };
        let double = v.from.file == v.to.file && v.from.rank.abs_diff(v.to.rank) == 2;
        let reason = match extra {
            Some(extra) if double && chained(e, color) => format!(
                "{}–{} would take the pawn on {victim} en passant with {extra} move, but you may not use {extra} move to capture en passant",
                e.from, e.to
            ),
            Some(extra) if !double && is_king_step(v.from, v.to) && chained(v, color.other()) => {
                format!(
                    "{}–{} cannot take the pawn on {victim} en passant: it came to {victim} with {extra} move ({}–{}), and you may not capture en passant if the pawn used {extra} move",
                    e.from, e.to, v.from, v.to
                )
            }
            _ if !double => format!(
                "{}–{} cannot take the pawn on {victim} en passant: it came to {victim} with {}–{}, and a pawn is taken en passant only just after a regular move of two squares",
                e.from, e.to, v.from, v.to
            ),
            _ => continue,
        };
        // The other arrows replay once this capture is taken away.
        let mut without = state.clone();
        if made {
            let ring = without.ring(e.to);
            without.board.set(e.to, None);
            without.set_ring(e.to, None);
            without.board.set(e.from, pawn);
            without.set_ring(e.from, ring);
            without.board.set(victim, theirs);
        }
        let mut rest = arrows.to_vec();
        rest.remove(i);
        rest.retain(|a| !(arrow_color(a) == Some(color) && a.from == e.to));
        if crate::engine::replay::replay(&without, &rest, rules).is_ok() {
            return Some((i, reason));
        }
    }
    None
}

/// Replaces the `arrow` errors of a failed replay by the one en passant
/// capture that breaks the game's rule, when there is one.
pub(crate) fn blame_en_passant(
    state: &State,
    arrows: &[&Arrow],
    rules: &dyn StepRules,
    extra: Option<&str>,
    found: &mut Vec<Finding>,
) {
    use crate::diagnostic::Severity;
    if !found
        .iter()
        .any(|f| f.rule == common::ARROW && f.severity == Severity::Error)
    {
        return;
    }
    if let Some((i, reason)) = en_passant_fault(state, arrows, rules, extra) {
        found.retain(|f| f.rule != common::ARROW);
        found.push(Finding::error(common::ARROW, arrows[i].span, reason));
    }
}

impl Game for Adrenaline {
    fn name(&self) -> &'static str {
        "Adrenaline Chess"
    }

    fn fen_rules(&self) -> crate::engine::fen::FenRules<'static> {
        crate::engine::fen::FenRules::not(
            "Adrenaline Chess stacks checkers on the board, which a FEN cannot hold",
        )
    }

    fn check_board(&self, _cx: &DiagramContext, board: &BoardDiagram, out: &mut Vec<Finding>) {
        material::check(board, &MATERIAL, out);
        common::check_no_pawn_on_last_rank(board, out);
        // "The colour of the checker doesn't matter."
        let stacks = checker_squares(
            board,
            &[ArrowColour::Grey, ArrowColour::White, ArrowColour::Black],
            out,
        );
        let total = stacks.total();
        let state = State {
            board: board.board.clone(),
            rings: [stacks.squares, SquareSet::EMPTY],
            en_passant: None,
            turn: None,
        };
        // Each turn with a capture adds one checker, and extra moves use them up.
        let taken = captured(&state) as u32;
        if total > taken
            && let Some(ring) = board.arrows.iter().rev().find(|a| a.is_ring())
        {
            out.push(
                Finding::error(
                    CHECKERS,
                    ring.span,
                    format!(
                        "{total} checkers on the board, but only {taken} pieces have been captured"
                    ),
                )
                .with_help("a player adds one checker on a turn with a capture, and extra moves use them up"),
            );
        }
        for c in [Color::White, Color::Black] {
            if let Some(reason) = too_many_checkers(&state, c, &|sq| stacks.height(sq))
                && let Some(ring) = board.arrows.iter().rev().find(|a| a.is_ring())
            {
                out.push(Finding::error(CHECKERS, ring.span, reason));
            }
        }
        let arrows = common::past_last_rank_pawns(board, &common::move_arrows(board));
        let steps = ExtraSteps {
            heads: [Color::White, Color::Black]
                .into_iter()
                .flat_map(|c| common::heads(&arrows, c).into_iter().map(move |s| (s, c)))
                .collect(),
            extra: "extra",
            heights: Heights::new(&state, stacks, &arrows),
        };
        let in_check = |s: &State, c: Color| steps.in_check(s, c);
        let mut found = Vec::new();
        common::check_moves_and_turn(board, &state, &arrows, &steps, &in_check, &mut found);
        blame_en_passant(&state, &arrows, &steps, Some("an extra"), &mut found);
        out.extend(found);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::games::common::testing::*;

    const BOOK: &str = "tests/seeds/rules.md";
    const SECTION: &str = "Adrenaline Chess";

    #[test]
    fn the_seed_diagrams_pass() {
        assert_eq!(board_count(BOOK, SECTION), 2);
        let found = seed_findings(BOOK, SECTION);
        assert!(found.is_empty(), "{found:?}");
    }

    #[test]
    fn the_bishop_off_its_diagonal() {
        let f = mutate(
            BOOK,
            SECTION,
            1,
            "arrow: f1, a6, white",
            "arrow: f1, a5, white",
        );
        assert_eq!(f.len(), 1, "{:?}", summary(&f));
        assert_eq!(f[0].rule, common::ARROW);
    }

    #[test]
    fn a_checker_on_an_empty_square() {
        let f = mutate(
            BOOK,
            SECTION,
            2,
            "arrow: e5, e5, gray",
            "arrow: e4, e4, gray",
        );
        assert!(
            f.iter().any(|f| f.rule == common::RING),
            "{:?}",
            summary(&f)
        );
    }

    #[test]
    fn a_count_without_its_checker() {
        let f = mutate(
            BOOK,
            SECTION,
            2,
            "corner text: 3, 3, 1",
            "corner text: 3, 4, 1",
        );
        assert!(f.iter().any(|f| f.rule == CHECKERS), "{:?}", summary(&f));
    }

    #[test]
    fn counts_beyond_a_set_are_refused() {
        // Two counts whose sum overflows a u32: refused, not a panic.
        let f = check_text(
            SECTION,
            &format!(
                "{EXTRA}\narrow: f3, f3, grey\narrow: e5, e5, grey\ncorner text: 4294967295, 6, 3\ncorner text: 4294967295, 5, 5"
            ),
        );
        assert!(
            f.iter()
                .any(|f| f.rule == CHECKERS && f.message.contains("but a set has 24")),
            "{:?}",
            summary(&f)
        );
    }

    #[test]
    fn the_bishop_cannot_jump_its_pawn() {
        let f = mutate(
            BOOK,
            SECTION,
            2,
            "arrow: g4, e2, black",
            "arrow: h5, e2, black",
        );
        assert!(
            f.iter().any(|f| f.rule == common::ARROW),
            "{:?}",
            summary(&f)
        );
    }

    /// Two black pawns and a white rook were captured, so two checkers
    /// may be under a white piece: one Black placed, and one that White
    /// placed and took back.
    const EXTRA: &str = "r n b q k b n r
        . . p p . p p p
        . . . . . . . .
        . . . . p . . .
        . . . . . . . .
        . . . . . N . .
        P P P P P P P P
        . N B Q K B . R";

    #[test]
    fn an_extra_king_step_after_a_regular_move() {
        // The knight jumps g1-f3 onto its checkers; then it may step to e4.
        let f = check_text(
            SECTION,
            &format!(
                "{}\narrow: g1, f3, white\narrow: f3, f3, grey\ncorner text: 2, 6, 3",
                EXTRA
            ),
        );
        assert!(f.is_empty(), "{:?}", summary(&f));
        let moved = EXTRA.replace(". . . . . N . .", ". . . . . . . .").replace(
            ". . . . . . . .\n        . . . . . . . .\n        P",
            ". . . . N . . .\n        . . . . . . . .\n        P",
        );
        let f = check_text(
            SECTION,
            &format!("{moved}\narrow: g1, f3, white\narrow: f3, e4, white\narrow: e4, e4, grey"),
        );
        assert!(f.is_empty(), "{:?}", summary(&f));
        // With no checker left on e4, the stack may have been used up.
        let f = check_text(
            SECTION,
            &format!("{moved}\narrow: g1, f3, white\narrow: f3, e4, white"),
        );
        assert!(f.is_empty(), "{:?}", summary(&f));
        // But a piece on checkers with no regular move drawn first may not step.
        let f = check_text(
            SECTION,
            &format!("{EXTRA}\narrow: f3, e4, white\narrow: f3, f3, grey"),
        );
        assert!(
            f.iter().any(|f| f.rule == common::ARROW),
            "{:?}",
            summary(&f)
        );
    }

    #[test]
    fn a_new_checker_goes_under_an_opposing_piece() {
        // White captured on a6: the checker it adds goes under a black piece.
        for (ring, rule) in [
            ("arrow: a6, a6, gray", common::ARROW),
            ("arrow: e1, e1, gray", common::ARROW),
        ] {
            let f = mutate(BOOK, SECTION, 1, "arrow: h7, h7, gray", ring);
            assert!(
                f.iter().any(|f| f.rule == rule),
                "{ring}: {:?}",
                summary(&f)
            );
        }
        let f = mutate(
            BOOK,
            SECTION,
            1,
            "arrow: h7, h7, gray",
            "arrow: e8, e8, gray",
        );
        assert!(f.is_empty(), "{:?}", summary(&f));
    }

    #[test]
    fn no_more_checkers_than_captures() {
        let f = check_text(SECTION, &format!("{OPENING}\narrow: e2, e2, grey"));
        assert!(f.iter().any(|f| f.rule == CHECKERS), "{:?}", summary(&f));
        // Three on the stack at c1 of the checkmate example, seven in all,
        // after ten captures; eleven would be too many.
        let f = mutate(
            BOOK,
            SECTION,
            2,
            "corner text: 3, 3, 1",
            "corner text: 7, 3, 1",
        );
        assert!(f.iter().any(|f| f.rule == CHECKERS), "{:?}", summary(&f));
    }

    /// White has taken two black pawns, Black nothing: White's knight on
    /// f3 has a stack of two.
    const WHITE_STACK: &str = "r n b q k b n r
        . . p p p p p p
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . N . .
        P P P P P P P P
        R N B Q K B . R
        arrow: f3, f3, grey
        corner text: 2, 6, 3";

    #[test]
    fn checkers_under_a_side_come_from_the_other_sides_captures() {
        // Each checker under a white piece was placed after a black
        // capture, or came with a black piece it took, which White had
        // placed after an earlier capture of its own: one at most here.
        let f = check_text(SECTION, WHITE_STACK);
        assert!(
            f.iter().any(|f| f.rule == CHECKERS
                && f.message.contains("2 checkers under white pieces")
                && f.message.contains("Black has captured 0 pieces")),
            "{:?}",
            summary(&f)
        );
        // One checker may be there.
        let f = check_text(SECTION, &WHITE_STACK.replace("corner text: 2, 6, 3", ""));
        assert!(f.is_empty(), "{:?}", summary(&f));
        // Two, once Black has taken a white pawn and placed one.
        let f = check_text(
            SECTION,
            &WHITE_STACK.replace("P P P P P P P P", "P P P P P P P ."),
        );
        assert!(f.is_empty(), "{:?}", summary(&f));
    }

    /// The white knight may take the pawn on e5, which has a checker.
    const TAKES_ADRENALINE: &str = "r n b q k b n r
        p p p . . p p p
        . . . . . . . .
        . . . . p . . .
        . . . . . . . .
        . . . . . N . .
        P P P P . P P P
        R N B Q K B . R
        arrow: f3, e5, white
        arrow: e5, d6, white";

    #[test]
    fn a_capturing_piece_keeps_and_may_use_the_captured_adrenaline() {
        let f = check_text(SECTION, &format!("{TAKES_ADRENALINE}\narrow: e5, e5, grey"));
        assert!(f.is_empty(), "{:?}", summary(&f));
        // Without a checker on the pawn there is none to use.
        let f = check_text(SECTION, TAKES_ADRENALINE);
        assert!(
            f.iter().any(|f| f.rule == common::ARROW),
            "{:?}",
            summary(&f)
        );
        // Made: the knight on d6 with the checkers left, and the new
        // checker under a black piece.
        let made = TAKES_ADRENALINE
            .replace(
                "p p p . . p p p\n        . . . . . . . .\n        . . . . p",
                "p p p . . p p p\n        . . . N . . . .\n        . . . . .",
            )
            .replace(". . . . . N . .", ". . . . . . . .");
        let f = check_text(
            SECTION,
            &format!("{made}\narrow: d6, d6, grey\narrow: a7, a7, grey"),
        );
        assert!(f.is_empty(), "{:?}", summary(&f));
    }

    #[test]
    fn no_castling_with_checkers() {
        let text = "r n b q k . . r
            . p p p . p p p
            . . . . . n . .
            . . b . p . . .
            . . B . P . . .
            . . . . . N . .
            P P P P . P P P
            R N B Q K . . R
            arrow: e1, g1, white";
        let f = check_text(SECTION, text);
        assert!(f.is_empty(), "{:?}", summary(&f));
        let f = check_text(SECTION, &format!("{text}\narrow: h1, h1, grey"));
        assert!(
            f.iter().any(|f| f.rule == common::ARROW),
            "{:?}",
            summary(&f)
        );
    }

    /// A turn that captured with its regular move, then made a quiet
    /// extra step: its one checker comes at its end.
    const CAPTURE_THEN_STEP: &str = "r n b q k b n r
        p p p . . p p p
        . . . . N . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . P P P P P P P
        R N B Q K B . R
        arrow: f3, e5, white
        arrow: e5, e6, white
        arrow: a7, a7, grey";

    #[test]
    fn one_checker_per_turn() {
        // Kept: the checker placed after the quiet extra step.
        let f = check_text(SECTION, CAPTURE_THEN_STEP);
        assert!(f.is_empty(), "{:?}", summary(&f));
        // Broken: once the turn has placed its checker, no extra step
        // follows, so no second capture can add another. (A made diagram
        // cannot force this: its extra step's capture may have been an
        // earlier turn's, so the rule is shown on the replay's steps.)
        let mut board = crate::diagram::Board::default();
        for (row, line) in [
            "r n b q k b n r",
            "p p p . . p p p",
            ". . . p . . . .",
            ". . . . N . . .",
            ". . . . . . . .",
            ". . . . . . . .",
            ". P P P P P P P",
            "R N B Q K B . R",
        ]
        .iter()
        .enumerate()
        {
            for (file, c) in line.split(' ').enumerate() {
                let c = c.chars().next().unwrap();
                board.set(Square::new(file as u8, 8 - row as u8), Piece::from_char(c));
            }
        }
        let e5 = Square::new(4, 5);
        let d6 = Square::new(3, 6);
        let mut rings = SquareSet::EMPTY;
        rings.insert(e5);
        let steps = ExtraSteps {
            heads: vec![(e5, Color::White)],
            extra: "extra",
            heights: Heights::new(&State::new(board.clone()), Stacks::none(), &[]),
        };
        let mut state = State {
            board,
            rings: [rings, SquareSet::EMPTY],
            en_passant: None,
            turn: Some(TurnStage::Over),
        };
        let err = steps.step(&state, e5, d6, Color::White).unwrap_err();
        assert!(err.contains("already placed its checker"), "{err}");
        // While the turn owes its checker, the step may take the d6 pawn,
        // and then it places one checker: each state has one more ring
        // under a black piece at most.
        state.turn = Some(TurnStage::Owes);
        let afters = steps.step(&state, e5, d6, Color::White).unwrap();
        assert!(afters.iter().all(|s| {
            let black_rings = s
                .board
                .pieces()
                .filter(|&(sq, p)| p.color == Color::Black && s.ring(sq).is_some())
                .count();
            black_rings <= 1
        }));
        assert!(afters.iter().any(|s| s.turn == Some(TurnStage::Over)));
    }

    #[test]
    fn one_standard_set() {
        // A third white knight with all eight pawns still on the board.
        let f = check_text(
            SECTION,
            &OPENING.replace(
                ". . . . . . . .\n        P P",
                ". . . . N . . .\n        P P",
            ),
        );
        assert!(
            f.iter()
                .any(|f| f.rule == material::RULE && f.message.contains("White")),
            "{:?}",
            summary(&f)
        );
    }

    /// Black took the b1 knight and put a checker under the c1 bishop,
    /// which went to e3 and stepped on to e4, a light square: two white
    /// bishops on light squares, all eight pawns on the board.
    const BISHOP_STEPS: &str = "r n b q k b n r
        p p p p p p p p
        . . . . . . . .
        . . . . . . . .
        . . . . B . . .
        . . . P . . . .
        P P P . P P P P
        R . . Q K B N R
        arrow: c1, e3, white
        arrow: e3, e4, white";

    #[test]
    fn an_extra_step_may_take_a_bishop_to_the_other_colour() {
        let f = check_text(SECTION, BISHOP_STEPS);
        assert!(f.is_empty(), "{:?}", summary(&f));
        // The position alone, its moves not drawn.
        let f = check_text(SECTION, &BISHOP_STEPS.replace("arrow: c1, e3, white", ""));
        assert!(f.is_empty(), "{:?}", summary(&f));
        // A third white bishop is still a promoted pawn, and no pawn is missing.
        let f = check_text(
            SECTION,
            &BISHOP_STEPS.replace(
                ". . . . . . . .\n        . . . . B",
                ". . B . . . . .\n        . . . . B",
            ),
        );
        assert!(
            f.iter().any(|f| f.rule == material::RULE
                && f.message.contains("3 bishops means 1 promoted pawn")),
            "{:?}",
            summary(&f)
        );
    }

    /// White's g-pawn, on two checkers, moved to g3 and stepped back to h2
    /// and g1, its first rank.
    const PAWN_BACK: &str = ". . . . k . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . K . P .
        arrow: g2, g3, white
        arrow: g3, h2, white
        arrow: h2, g1, white";

    #[test]
    fn an_extra_step_may_take_a_pawn_back_to_its_first_rank() {
        let f = check_text(SECTION, PAWN_BACK);
        assert!(f.is_empty(), "{:?}", summary(&f));
        // The position alone, and from there the pawn moves on as a pawn.
        let board: Vec<&str> = PAWN_BACK.lines().take(8).collect();
        let f = check_text(SECTION, &board.join("\n"));
        assert!(f.is_empty(), "{:?}", summary(&f));
        let f = check_text(
            SECTION,
            &format!("{}\narrow: g1, g2, white", board.join("\n")),
        );
        assert!(f.is_empty(), "{:?}", summary(&f));
        let f = check_text(
            SECTION,
            &format!("{}\narrow: g1, h2, white", board.join("\n")),
        );
        assert!(
            f.iter().any(|f| f.rule == common::ARROW),
            "{:?}",
            summary(&f)
        );
    }

    /// Black's d4 pawn beside White's e-pawn, which has a checker (Black
    /// took the a2 pawn and placed it).
    const BESIDE: &str = "r n b q k b n r
        p p p . p p p p
        . . . . . . . .
        . . . . . . . .
        . . . p . . . .
        . . . . . . . .
        . P P P P P P P
        R N B Q K B N R
        arrow: e2, e2, grey";

    #[test]
    fn no_en_passant_after_an_extra_step() {
        // A regular double step may be taken en passant.
        let f = check_text(
            SECTION,
            &format!("{BESIDE}\narrow: e2, e4, white\narrow: d4, e3, black"),
        );
        assert!(f.is_empty(), "{:?}", summary(&f));
        // A single step and an extra step to e4 may not.
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

    /// White's knight on e2 with a checker, in front of its king.
    const SHIELD: &str = ". . . . r . k .
        . . . . . p p p
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . N P P P
        . . . . K . . .
        arrow: e2, e2, grey
        arrow: e2, f4, white
        arrow: f4, e3, white";

    #[test]
    fn no_revealed_check_even_if_an_extra_step_blocks_it() {
        let f = check_text(SECTION, SHIELD);
        assert!(
            f.iter()
                .any(|f| f.rule == common::ARROW
                    && f.message.contains("leave the white king in check")),
            "{:?}",
            summary(&f)
        );
        // With the rook off the e-file the same moves are fine.
        let f = check_text(
            SECTION,
            &SHIELD.replace(". . . . r . k .", "r . . . . . k ."),
        );
        assert!(f.is_empty(), "{:?}", summary(&f));
    }

    /// White's pawn with checkers reached b8, became a knight, and stepped
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

    /// White's knight on d4 with a checker: its jump to f5 and a king step
    /// reach the black king on g6. Black has just played a7–a6.
    const EXTRA_CHECK: &str = ". . . . . . . .
        . . . . . . . .
        p . . . . . k .
        . . . . . . . .
        . . . N . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . K . . .
        arrow: a7, a6, black";

    #[test]
    fn extra_moves_threaten_the_king() {
        let f = check_text(SECTION, EXTRA_CHECK);
        assert!(f.is_empty(), "{:?}", summary(&f));
        let f = check_text(SECTION, &format!("{EXTRA_CHECK}\narrow: d4, d4, grey"));
        assert!(
            f.iter().any(|f| f.message.contains("black king")),
            "{:?}",
            summary(&f)
        );
    }

    /// White's knight on d4 and the black king on h7: a jump to f5 and two
    /// king steps. Black has just played a7–a6.
    const TWO_STEPS_TO_THE_KING: &str = ". . . . . . . .
        . . . . . . . k
        p . . . . . . .
        . . . . . . . .
        . . . N . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . K . . .
        arrow: a7, a6, black
        arrow: d4, d4, grey";

    #[test]
    fn a_stack_threatens_as_far_as_its_height_reaches() {
        // One checker: the king is out of reach.
        let f = check_text(SECTION, TWO_STEPS_TO_THE_KING);
        assert!(f.is_empty(), "{:?}", summary(&f));
        // Two: Black has left its king threatened.
        let f = check_text(
            SECTION,
            &format!("{TWO_STEPS_TO_THE_KING}\ncorner text: 2, 4, 4"),
        );
        assert!(
            f.iter().any(|f| f.message.contains("black king")),
            "{:?}",
            summary(&f)
        );
        // One, and a black pawn on g6 with a checker: the knight takes it
        // on its first step, keeps its checker and steps on to h7.
        let pawn = TWO_STEPS_TO_THE_KING.replace(
            "p . . . . . . .\n        . . . . . . . .",
            "p . . . . . p .\n        . . . . . . . .",
        );
        let f = check_text(SECTION, &pawn);
        assert!(f.is_empty(), "{:?}", summary(&f));
        let f = check_text(SECTION, &format!("{pawn}\narrow: g6, g6, grey"));
        assert!(
            f.iter().any(|f| f.message.contains("black king")),
            "{:?}",
            summary(&f)
        );
    }

    /// White castles past f1 and g1; Black's bishop on e6 can go to h3,
    /// two king steps from f1 and g1 and three from e1.
    const CASTLES_PAST_A_STACK: &str = "r n b q k . . r
        . . p p . p p p
        . . . . b . . .
        . . . . p . . .
        . . B . P . . .
        . . . . . N . .
        P P P P . P P P
        R N B Q K . . R
        arrow: e1, g1, white
        arrow: e6, e6, grey";

    #[test]
    fn no_castling_past_squares_a_stack_reaches() {
        let f = check_text(SECTION, CASTLES_PAST_A_STACK);
        assert!(f.is_empty(), "{:?}", summary(&f));
        let f = check_text(
            SECTION,
            &format!("{CASTLES_PAST_A_STACK}\ncorner text: 2, 5, 6"),
        );
        assert!(
            f.iter().any(|f| f.rule == common::ARROW
                && f.message.contains("f1 could be attacked by an extra move")),
            "{:?}",
            summary(&f)
        );
        // Made, with the king and rook on g1 and f1.
        let made = CASTLES_PAST_A_STACK.replace("R N B Q K . . R", "R N B Q . R K .");
        let f = check_text(SECTION, &made);
        assert!(f.is_empty(), "{:?}", summary(&f));
        let f = check_text(SECTION, &format!("{made}\ncorner text: 2, 5, 6"));
        assert!(
            f.iter().any(|f| f.rule == common::ARROW
                && f.message.contains("could be attacked by an extra move")),
            "{:?}",
            summary(&f)
        );
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
    fn no_castling_past_squares_extra_moves_attack() {
        let f = check_text(SECTION, CASTLES_PAST);
        assert!(f.is_empty(), "{:?}", summary(&f));
        // With a checker, the knight's capture on g2 and a king step reach
        // f1 and g1.
        let f = check_text(SECTION, &format!("{CASTLES_PAST}\narrow: h4, h4, grey"));
        assert!(
            f.iter().any(|f| f.rule == common::ARROW
                && f.message.contains("could be attacked by an extra move")),
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

    /// "You may not capture en passant if the pawn used an extra move":
    /// the refusal is at the en passant capture, in the game's words, not
    /// at Black's sound moves.
    #[test]
    fn en_passant_after_extra_step_is_refused_at_the_capture() {
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
                "arrow: e5–d6 cannot take the pawn on d5 en passant: it came to d5 with an extra move (d6–d5), and you may not capture en passant if the pawn used an extra move"
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
}
