//! Arrows as moves. A white or black arrow is a move of that side: either
//! made (the piece now stands at its head) or proposed (it still stands at
//! its tail). The engine works out which, and replays several arrows in
//! whatever order makes every move legal: made moves are undone backwards
//! from the diagram, proposed moves are played forwards from it.

use crate::diagram::{Arrow, ArrowColour, Board, Color, Piece, Role, Square};
use crate::engine::chess::{
    CastlingInference, LineKind, Move, Position, Rules, SquareSet, line_kind, reach,
    squares_between,
};

/// A position with the marks (checker rings) some games put under pieces.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct State {
    pub board: Board,
    /// Squares with a white ring (index 0) or a black ring (index 1).
    pub rings: [SquareSet; 2],
}

impl State {
    pub fn new(board: Board) -> State {
        State {
            board,
            rings: [SquareSet::EMPTY; 2],
        }
    }

    pub fn piece(&self, sq: Square) -> Option<Piece> {
        self.board.get(sq)
    }

    pub fn ring(&self, sq: Square) -> Option<Color> {
        if self.rings[0].contains(sq) {
            Some(Color::White)
        } else if self.rings[1].contains(sq) {
            Some(Color::Black)
        } else {
            None
        }
    }

    pub fn set_ring(&mut self, sq: Square, ring: Option<Color>) {
        self.rings[0].remove(sq);
        self.rings[1].remove(sq);
        if let Some(c) = ring {
            self.rings[c as usize].insert(sq);
        }
    }
}

/// The colour of a move arrow; grey arrows are not moves.
pub fn arrow_color(arrow: &Arrow) -> Option<Color> {
    match arrow.colour {
        ArrowColour::White => Some(Color::White),
        ArrowColour::Black => Some(Color::Black),
        ArrowColour::Grey => None,
    }
}

/// What a game allows one move to do.
pub trait StepRules {
    /// The states after the piece on `from` moves to `to` (an arrow of
    /// `color`), or why the game does not allow it. Several states when the
    /// move has choices (promotion).
    fn step(
        &self,
        state: &State,
        from: Square,
        to: Square,
        color: Color,
    ) -> Result<Vec<State>, String>;

    /// The states before a made move from `from` to `to` that may have led
    /// to `after`. The default: the piece now on `to` back on `from`, with
    /// `to` empty or holding the piece it captured.
    fn befores(&self, after: &State, from: Square, to: Square, color: Color) -> Vec<State> {
        default_befores(after, from, to, color)
    }
}

/// The piece on `to` moved back to `from` (and, for a piece on the last
/// rank, the pawn it may have been), with `to` empty or holding any piece
/// of either colour; rings move with the piece.
pub fn default_befores(after: &State, from: Square, to: Square, color: Color) -> Vec<State> {
    let Some(piece) = after.piece(to) else {
        return Vec::new();
    };
    if piece.color != color || !from.is_on_board() || !to.is_on_board() {
        return Vec::new();
    }
    let mut movers = vec![piece];
    let last_rank = if color == Color::White { 8 } else { 1 };
    if to.rank == last_rank && !matches!(piece.role, Role::Pawn | Role::King) {
        movers.push(Piece::new(color, Role::Pawn));
    }
    let mut out = Vec::new();
    for mover in movers {
        let mut base = after.clone();
        if base.piece(from).is_some() {
            continue;
        }
        base.board.set(from, Some(mover));
        base.board.set(to, None);
        let ring = base.ring(to);
        base.set_ring(to, None);
        base.set_ring(from, ring);
        out.push(base.clone());
        for c in [color.other(), color] {
            for role in Role::ALL {
                let mut s = base.clone();
                s.board.set(to, Some(Piece::new(c, role)));
                out.push(s);
            }
        }
    }
    out
}

/// Orthodox moves under a set of rule switches.
pub struct OrthodoxSteps {
    pub rules: Rules,
    pub castling: CastlingInference,
}

impl OrthodoxSteps {
    pub fn new(rules: Rules) -> OrthodoxSteps {
        OrthodoxSteps {
            rules,
            castling: CastlingInference::Standard,
        }
    }
}

impl StepRules for OrthodoxSteps {
    fn step(
        &self,
        state: &State,
        from: Square,
        to: Square,
        color: Color,
    ) -> Result<Vec<State>, String> {
        orthodox_step(state, from, to, color, &self.rules, self.castling)
    }
}

/// The states after an orthodox move from `from` to `to` by `color`.
/// A king moving two squares along its back rank castles.
pub fn orthodox_step(
    state: &State,
    from: Square,
    to: Square,
    color: Color,
    rules: &Rules,
    castling: CastlingInference,
) -> Result<Vec<State>, String> {
    let pos = Position::from_board(&state.board, color, castling);
    let moves = pos.legal_moves(rules);
    let found: Vec<Move> = moves
        .into_iter()
        .filter(|m| m.from() == from && m.to() == to)
        .collect();
    if found.is_empty() {
        return Err(explain(&pos, from, to, color, rules));
    }
    Ok(found
        .into_iter()
        .map(|m| {
            let mut s = state.clone();
            let ring = s.ring(from);
            s.board = pos.played(m).to_board();
            s.set_ring(from, None);
            s.set_ring(to, ring);
            s
        })
        .collect())
}

/// A chess player's reason why the piece on `from` cannot move to `to`.
pub fn explain(pos: &Position, from: Square, to: Square, color: Color, rules: &Rules) -> String {
    let Some(piece) = pos.piece_at(from) else {
        return format!("there is no piece on {from} to move to {to}");
    };
    if piece.color != color {
        return format!(
            "the piece on {from} is {}, but the arrow is {}",
            article(piece),
            color.name()
        );
    }
    let who = format!("the {} on {from}", piece.name());
    if !to.is_on_board() {
        return format!("{who} cannot leave the board for {to}");
    }
    if let Some(target) = pos.piece_at(to)
        && target.color == color
    {
        return format!(
            "{who} cannot move to {to}: {} stands there",
            article(target)
        );
    }
    let kind = line_kind(from, to);
    let geometry = match piece.role {
        Role::Knight if kind != LineKind::KnightJump => {
            Some(format!("{from}–{to} is not a knight's jump"))
        }
        Role::Bishop if kind != LineKind::Diagonal => {
            Some(format!("{from}–{to} is not a diagonal"))
        }
        Role::Rook if !kind.is_orthogonal() => Some(format!("{from}–{to} is not a rank or a file")),
        Role::Queen if !kind.is_line() => {
            Some(format!("{from}–{to} is not a rank, a file or a diagonal"))
        }
        Role::King if crate::engine::chess::distance(from, to) > 1 => {
            if kind == LineKind::Rank && from.file.abs_diff(to.file) == 2 {
                Some(format!(
                    "castling {from}–{to} is not possible here (the king or rook has moved, a square between is taken{})",
                    if rules.castle_through_attack {
                        ""
                    } else {
                        ", or the king would pass an attacked square"
                    }
                ))
            } else {
                Some(format!(
                    "a king moves one square, and {from}–{to} is farther"
                ))
            }
        }
        Role::Pawn => pawn_geometry(pos, piece, from, to, rules),
        _ => None,
    };
    if let Some(reason) = geometry {
        return format!("{who} cannot reach {to}: {reason}");
    }
    if matches!(piece.role, Role::Bishop | Role::Rook | Role::Queen) {
        let between = squares_between(from, to) & pos.occupied();
        if let Some(block) = between.first() {
            return format!("{who} cannot reach {to}: {block} is in the way");
        }
    }
    if rules.king_safety {
        return format!(
            "{who} cannot move to {to}: it would leave the {} king in check",
            color.name()
        );
    }
    format!("{who} cannot move to {to}")
}

fn pawn_geometry(
    pos: &Position,
    piece: Piece,
    from: Square,
    to: Square,
    rules: &Rules,
) -> Option<String> {
    let forward: i8 = if piece.color == Color::White { 1 } else { -1 };
    let dr = to.rank as i8 - from.rank as i8;
    let df = to.file as i8 - from.file as i8;
    let start = if piece.color == Color::White { 2 } else { 7 };
    let r = reach(pos, from, Role::Pawn, piece.color);
    if df == 0 {
        if dr == forward || (dr == 2 * forward && from.rank == start) {
            if r.quiet.contains(to) {
                return None;
            }
            return Some(format!(
                "a pawn moves straight only onto empty squares, and {from}–{to} is blocked"
            ));
        }
        if dr == 2 * forward {
            return Some(format!(
                "a pawn moves two squares only from its starting rank, and {from} is not on it"
            ));
        }
        return Some(format!(
            "a pawn moves forward one square (two from its start), and {from}–{to} is not such a move"
        ));
    }
    if df.abs() == 1 && dr == forward {
        if pos.piece_at(to).is_none() {
            return Some(if rules.en_passant {
                format!(
                    "a pawn moves diagonally only to capture, and {to} is empty (and no en passant capture is possible)"
                )
            } else {
                format!("a pawn moves diagonally only to capture, and {to} is empty")
            });
        }
        return None;
    }
    Some(format!("{from}–{to} is not a pawn move"))
}

fn article(p: Piece) -> String {
    format!("a {}", p.name())
}

/// The outcome of replaying a diagram's arrows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// Made arrows (indices into the arrows given), oldest first.
    pub made: Vec<usize>,
    /// Proposed arrows, in an order that works.
    pub proposed: Vec<usize>,
    /// The position before the first made move, with unknown captures
    /// filled in by one possible choice.
    pub start: State,
}

/// No reading of the arrows works; this is the one that went farthest.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// Index of the arrow that could not be explained.
    pub arrow: usize,
    pub reason: String,
}

/// Finds a reading of `arrows` (each made or proposed, in some order)
/// under which every move is legal from the diagram's `state`.
pub fn replay(state: &State, arrows: &[&Arrow], rules: &dyn StepRules) -> Result<Plan, Failure> {
    let n = arrows.len();
    let mut best: Option<(usize, Failure)> = None;
    let mut note = |depth: usize, f: Failure| {
        if best.as_ref().is_none_or(|(d, _)| depth > *d) {
            best = Some((depth, f));
        }
    };
    // Likely readings first: an arrow whose tail holds its side's piece is
    // proposed; otherwise made.
    let mut masks: Vec<u32> = (0..(1u32 << n)).collect();
    let likely: u32 = (0..n)
        .filter(|&i| {
            let c = arrow_color(arrows[i]);
            state.piece(arrows[i].from).map(|p| p.color) != c
        })
        .fold(0, |m, i| m | 1 << i);
    masks.sort_by_key(|&m| ((m ^ likely).count_ones(), m));
    for mask in masks {
        let made: Vec<usize> = (0..n).filter(|&i| mask >> i & 1 == 1).collect();
        let proposed: Vec<usize> = (0..n).filter(|&i| mask >> i & 1 == 0).collect();
        let Some(start) = undo_made(state, arrows, &made, rules, &mut note) else {
            continue;
        };
        let Some(order) = play_proposed(state, arrows, &proposed, rules, made.len(), &mut note)
        else {
            continue;
        };
        let (made_order, start) = start;
        return Ok(Plan {
            made: made_order,
            proposed: order,
            start,
        });
    }
    Err(best.map(|(_, f)| f).unwrap_or(Failure {
        arrow: 0,
        reason: "these arrows cannot be read as moves".to_string(),
    }))
}

/// Undoes the made arrows backwards from `after`; returns their order
/// (oldest first) and the starting state.
fn undo_made(
    after: &State,
    arrows: &[&Arrow],
    made: &[usize],
    rules: &dyn StepRules,
    note: &mut dyn FnMut(usize, Failure),
) -> Option<(Vec<usize>, State)> {
    fn dfs(
        state: &State,
        arrows: &[&Arrow],
        left: &mut Vec<usize>,
        order: &mut Vec<usize>,
        rules: &dyn StepRules,
        note: &mut dyn FnMut(usize, Failure),
    ) -> Option<State> {
        if left.is_empty() {
            return Some(state.clone());
        }
        for k in 0..left.len() {
            let i = left[k];
            let a = arrows[i];
            let Some(color) = arrow_color(a) else {
                continue;
            };
            let befores = rules.befores(state, a.from, a.to, color);
            let mut reason = None;
            for before in befores {
                match rules.step(&before, a.from, a.to, color) {
                    Ok(afters) if afters.contains(state) => {
                        left.remove(k);
                        order.push(i);
                        if let Some(s) = dfs(&before, arrows, left, order, rules, note) {
                            return Some(s);
                        }
                        order.pop();
                        left.insert(k, i);
                    }
                    Ok(_) => {}
                    Err(r) => {
                        reason.get_or_insert(r);
                    }
                }
            }
            let reason = reason.unwrap_or_else(|| made_reason(state, a, color));
            note(order.len(), Failure { arrow: i, reason });
        }
        None
    }
    let mut left = made.to_vec();
    let mut order = Vec::new();
    let start = dfs(after, arrows, &mut left, &mut order, rules, note)?;
    order.reverse();
    Some((order, start))
}

fn made_reason(state: &State, a: &Arrow, color: Color) -> String {
    match state.piece(a.to) {
        Some(p) if p.color == color => format!(
            "the {} on {} cannot have come from {}",
            p.name(),
            a.to,
            a.from
        ),
        _ => format!(
            "no {} piece stands on {} or {} to make this move",
            color.name(),
            a.from,
            a.to
        ),
    }
}

/// Plays the proposed arrows forwards; arrows from one square are
/// alternatives, each of which must be legal at its turn.
fn play_proposed(
    state: &State,
    arrows: &[&Arrow],
    proposed: &[usize],
    rules: &dyn StepRules,
    depth: usize,
    note: &mut dyn FnMut(usize, Failure),
) -> Option<Vec<usize>> {
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for &i in proposed {
        match groups.iter_mut().find(|g| {
            arrows[g[0]].from == arrows[i].from && arrows[g[0]].colour == arrows[i].colour
        }) {
            Some(g) => g.push(i),
            None => groups.push(vec![i]),
        }
    }
    fn dfs(
        state: &State,
        arrows: &[&Arrow],
        groups: &mut Vec<Vec<usize>>,
        order: &mut Vec<usize>,
        rules: &dyn StepRules,
        depth: usize,
        note: &mut dyn FnMut(usize, Failure),
    ) -> bool {
        if groups.is_empty() {
            return true;
        }
        for k in 0..groups.len() {
            let group = groups[k].clone();
            let mut next = None;
            let mut ok = true;
            for &i in &group {
                let a = arrows[i];
                let Some(color) = arrow_color(a) else {
                    ok = false;
                    break;
                };
                match rules.step(state, a.from, a.to, color) {
                    Ok(afters) if !afters.is_empty() => {
                        next.get_or_insert_with(|| afters[0].clone());
                    }
                    Ok(_) => {
                        ok = false;
                        break;
                    }
                    Err(reason) => {
                        note(depth + order.len(), Failure { arrow: i, reason });
                        ok = false;
                        break;
                    }
                }
            }
            let Some(next) = next.filter(|_| ok) else {
                continue;
            };
            let removed = groups.remove(k);
            let len = order.len();
            order.extend(&removed);
            if dfs(&next, arrows, groups, order, rules, depth, note) {
                return true;
            }
            order.truncate(len);
            groups.insert(k, removed);
        }
        false
    }
    let mut order = Vec::new();
    dfs(state, arrows, &mut groups, &mut order, rules, depth, note).then_some(order)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagram::{Diagram, parse_diagram};
    use crate::source::{SourceFile, Span};

    fn diagram(text: &str) -> crate::diagram::BoardDiagram {
        let text: String = text
            .lines()
            .map(|l| format!("    {}\n", l.trim()))
            .collect();
        let src = SourceFile::new("t.md", text.clone());
        let mut diags = Vec::new();
        let d: Diagram = parse_diagram(&src, Span::new(0, text.len()), &mut diags)
            .unwrap_or_else(|| panic!("{diags:?}"));
        d.as_board().unwrap().clone()
    }

    fn run(text: &str, rules: Rules) -> Result<Plan, Failure> {
        let d = diagram(text);
        let arrows: Vec<&Arrow> = d
            .arrows
            .iter()
            .filter(|a| a.colour != ArrowColour::Grey)
            .collect();
        replay(
            &State::new(d.board.clone()),
            &arrows,
            &OrthodoxSteps::new(rules),
        )
    }

    const ZOMBIE: &str = "r . b q k b n r
        p p p p . p p p
        . . n . . . . .
        . . . . . . . .
        . . . p P . . .
        . . . . . N . .
        P P P . . P P P
        R N B Q K B . R
        arrow: e5, d4, black";

    #[test]
    fn a_made_pawn_capture() {
        let plan = run(ZOMBIE, Rules::STANDARD).unwrap();
        assert_eq!(plan.made, [0]);
        assert!(plan.proposed.is_empty());
    }

    #[test]
    fn a_proposed_bishop_move_and_a_blocked_one() {
        let ok = "r n b q k b n r
            p p p p . p p p
            . . . . . . . .
            . . . . p . . .
            . . . . P . . .
            . . . . . . . .
            P P P P . P P P
            R N B Q K B N R
            arrow: f1, c4, white";
        let plan = run(ok, Rules::STANDARD).unwrap();
        assert_eq!(plan.proposed, [0]);
        let blocked = ok
            .replace("P P P P . P P P", "P P P P P P P P")
            .replace(". . . . P . . .", ". . . . . . . .");
        let f = run(&blocked, Rules::STANDARD).unwrap_err();
        assert_eq!(
            f.reason,
            "the white bishop on f1 cannot reach c4: e2 is in the way"
        );
        let off = ok.replace("arrow: f1, c4, white", "arrow: f1, a5, white");
        let f = run(&off, Rules::STANDARD).unwrap_err();
        assert_eq!(
            f.reason,
            "the white bishop on f1 cannot reach a5: f1–a5 is not a diagonal"
        );
    }

    #[test]
    fn made_moves_are_undone_in_the_order_that_works() {
        // Two Move Chess: the rook can only follow the pawn.
        let text = "r n . . k b n .
            p b p p . p p .
            . p . . . q . r
            . . . N p . . p
            . . B . P . . .
            . Q P . . . . .
            P P . P . P P P
            R . B . K . N R
            arrow: h8, h6, black
            arrow: h7, h5, black
            arrow: d1, b3, white
            arrow: c2, c3, white";
        let rules = Rules {
            king_safety: false,
            en_passant: false,
            ..Rules::STANDARD
        };
        let plan = run(text, rules).unwrap();
        let pos = |i| plan.made.iter().position(|&m| m == i).unwrap();
        assert!(pos(1) < pos(0), "the pawn before the rook: {:?}", plan.made);
        assert!(
            pos(3) < pos(2),
            "the pawn before the queen: {:?}",
            plan.made
        );
    }

    #[test]
    fn a_chain_of_captures_by_one_piece() {
        let text = "r n . q k b n r
            p p p . p p p p
            . . . . . . . .
            . . . . . . . .
            . . . . b . . .
            . . . . . . . .
            P P . P . P P P
            R N B Q K B N R
            arrow: c8, e6, black
            arrow: e6, d5, black
            arrow: d5, e4, black";
        let rules = Rules {
            king_safety: false,
            ..Rules::STANDARD
        };
        let plan = run(text, rules).unwrap();
        assert_eq!(plan.made, [0, 1, 2]);
    }

    #[test]
    fn alternatives_from_one_square_and_a_move_that_needs_another_first() {
        // Gravity-like: the king's two possible moves, and the rook that can
        // only come down once the king has moved.
        let text = ". . . . . . . .
            . . . . . . . .
            . . . . . . R .
            . . . . . . . .
            . . . . . . . .
            . . . . k . K .
            . . . . . . . .
            . . . . . . . .
            arrow: g3, g2, white
            arrow: g3, h2, white
            arrow: g6, g3, white";
        let rules = Rules {
            king_safety: false,
            castling: false,
            ..Rules::STANDARD
        };
        let plan = run(text, rules).unwrap();
        assert_eq!(plan.proposed, [0, 1, 2]);
    }
}
