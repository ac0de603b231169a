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
use crate::engine::material::{self, MaterialRules};

/// A position with the marks (checker rings) some games put under pieces.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct State {
    pub board: Board,
    /// Squares with a white ring (index 0) or a black ring (index 1).
    pub rings: [SquareSet; 2],
    /// The square a pawn skipped with a double step on the move just made,
    /// in a game with en passant. In a state reconstructed backwards it is
    /// a requirement: the move before must have been that double step.
    pub en_passant: Option<Square>,
    /// Where the turn of the move just made stands, for games whose turn
    /// may go on with further steps of one piece (Adrenaline). `None`:
    /// unknown (the diagram's own position), which any move reaches.
    pub turn: Option<TurnStage>,
}

/// Where a turn that may go on with further steps stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TurnStage {
    /// Nothing captured yet: further steps may follow.
    Open,
    /// Something captured, its checker not yet placed: further steps may
    /// follow, and the checker comes at the end.
    Owes,
    /// The checker is placed: the turn is over.
    Over,
}

impl State {
    pub fn new(board: Board) -> State {
        State {
            board,
            rings: [SquareSet::EMPTY; 2],
            en_passant: None,
            turn: None,
        }
    }

    /// Whether `after`, a state a step produced, is this one: the same
    /// pieces and rings, and the double step this state needs, if any.
    pub fn is_reached_by(&self, after: &State) -> bool {
        self.board == after.board
            && self.rings == after.rings
            && (self.en_passant.is_none() || self.en_passant == after.en_passant)
            && (self.turn.is_none() || self.turn == after.turn)
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

    /// Why the move from `from` to `to`, legal from `before`, cannot have
    /// left `after`, in the game's own words (a piece on `after` that the
    /// move cannot have brought); `None` leaves the replay's own reason.
    fn why_not_reached(
        &self,
        _before: &State,
        _after: &State,
        _from: Square,
        _to: Square,
        _color: Color,
    ) -> Option<String> {
        None
    }

    /// What a side may hold, checked on every position reconstructed
    /// before a made move (its captured piece back, its promoted pawn a
    /// pawn again). The default is what every game with one set shares.
    fn material(&self) -> MaterialRules {
        MaterialRules::COMMON
    }

    /// Whether the game has en passant captures: a made diagonal pawn move
    /// onto an empty square is then also read as one, and a proposed one
    /// may follow a double step the diagram implies.
    fn en_passant(&self) -> bool {
        false
    }

    /// The ranks White's and Black's pawns start on, and double-step from.
    fn pawn_starts(&self) -> (u8, u8) {
        ORTHODOX_PAWN_STARTS
    }

    /// The states before a made en passant capture from `from` to `to`
    /// (empty unless the game has en passant).
    fn en_passant_befores(
        &self,
        after: &State,
        from: Square,
        to: Square,
        color: Color,
    ) -> Vec<State> {
        if self.en_passant() {
            en_passant_befores_from(after, from, to, color, self.pawn_starts())
        } else {
            Vec::new()
        }
    }
}

/// The square of the pawn an en passant capture from `from` to `to` takes.
pub fn en_passant_victim(from: Square, to: Square) -> Square {
    Square::new(to.file, from.rank)
}

/// Before a made en passant capture: the pawn now on `to` back on `from`
/// (with its ring), the enemy pawn it took back beside it, and `to` the
/// square that pawn skipped on the move just before.
pub fn en_passant_befores(after: &State, from: Square, to: Square, color: Color) -> Vec<State> {
    en_passant_befores_from(after, from, to, color, ORTHODOX_PAWN_STARTS)
}

/// White's and Black's pawn starting ranks in orthodox chess.
pub const ORTHODOX_PAWN_STARTS: (u8, u8) = (2, 7);

/// [`en_passant_befores`] where the pawns start on the ranks `starts`
/// (White's, Black's), as on a cut-down board.
pub fn en_passant_befores_from(
    after: &State,
    from: Square,
    to: Square,
    color: Color,
    starts: (u8, u8),
) -> Vec<State> {
    let pawn = Piece::new(color, Role::Pawn);
    // The rank the other side's double step lands on.
    let capture_rank = if color == Color::White {
        starts.1.saturating_sub(2)
    } else {
        starts.0 + 2
    };
    let forward: i8 = if color == Color::White { 1 } else { -1 };
    let victim = en_passant_victim(from, to);
    if after.piece(to) != Some(pawn)
        || from.rank != capture_rank
        || !to.is_on_board()
        || from.file.abs_diff(to.file) != 1
        || to.rank as i8 - from.rank as i8 != forward
        || after.piece(from).is_some()
        || after.piece(victim).is_some()
    {
        return Vec::new();
    }
    let mut before = after.clone();
    let ring = before.ring(to);
    before.board.set(to, None);
    before.set_ring(to, None);
    before.board.set(from, Some(pawn));
    before.set_ring(from, ring);
    before
        .board
        .set(victim, Some(Piece::new(color.other(), Role::Pawn)));
    before.en_passant = Some(to);
    vec![before]
}

/// Whether the double step that `state.en_passant` asks for can have been
/// the move just before, when no arrow shows it: the pawn beyond the
/// skipped square back on its starting square must make it legally.
pub fn implied_double_step(state: &State, rules: &dyn StepRules) -> Result<(), String> {
    let Some(skipped) = state.en_passant else {
        return Ok(());
    };
    let (white_start, black_start) = rules.pawn_starts();
    let (color, pawn_rank, start_rank) = if skipped.rank == white_start + 1 {
        (Color::White, white_start + 2, white_start)
    } else if skipped.rank + 1 == black_start {
        (Color::Black, black_start.saturating_sub(2), black_start)
    } else {
        return Err(format!("no pawn can skip {skipped} with a double step"));
    };
    let pawn_sq = Square::new(skipped.file, pawn_rank);
    let start = Square::new(skipped.file, start_rank);
    let pawn = Piece::new(color, Role::Pawn);
    let who = format!("the {} pawn on {pawn_sq}", color.name());
    if state.piece(pawn_sq) != Some(pawn) {
        return Err(format!(
            "an en passant capture on {skipped} needs a {} pawn on {pawn_sq} that has just moved two squares",
            color.name()
        ));
    }
    // Whether the double step from `start` reaches `state`, else why not.
    let stepped = |reason: &mut Option<String>| {
        for ring in [None, Some(Color::White), Some(Color::Black)] {
            let mut before = state.clone();
            before.en_passant = None;
            before.board.set(pawn_sq, None);
            before.set_ring(pawn_sq, None);
            before.board.set(start, Some(pawn));
            before.set_ring(start, ring);
            match rules.step(&before, start, pawn_sq, color) {
                Ok(afters) if afters.iter().any(|a| state.is_reached_by(a)) => return true,
                Ok(_) => {}
                Err(r) => {
                    reason.get_or_insert(r);
                }
            }
        }
        false
    };
    if let Some(p) = state.piece(start).or(state.piece(skipped)) {
        // A game's move may leave a piece where the pawn started (a
        // Zombie Chess zombie coming back).
        if state.piece(skipped).is_none() && stepped(&mut None) {
            return Ok(());
        }
        let on = if state.piece(start).is_some() {
            start
        } else {
            skipped
        };
        return Err(format!(
            "{who} cannot have just moved two squares from {start}: {} stands on {on}, so it cannot be taken en passant",
            article(p)
        ));
    }
    let mut reason = None;
    if stepped(&mut reason) {
        return Ok(());
    }
    Err(format!(
        "{who} cannot have just moved two squares from {start}, so it cannot be taken en passant{}",
        reason.map(|r| format!(": {r}")).unwrap_or_default()
    ))
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
    // Each mover: castled, nothing taken, or one of the twelve pieces taken.
    let mut out = Vec::with_capacity(movers.len() * (2 + 2 * Role::ALL.len()));
    for mover in movers {
        let mut base = after.clone();
        base.en_passant = None;
        if base.piece(from).is_some() {
            continue;
        }
        base.board.set(from, Some(mover));
        base.board.set(to, None);
        let ring = base.ring(to);
        base.set_ring(to, None);
        base.set_ring(from, ring);
        if let Some(castled) = uncastled(&base, mover, from, to) {
            // Castled: nothing was captured.
            out.push(castled);
        }
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

/// Before an orthodox castling move of the king from `from` to `to`
/// (e1–g1, e1–c1 and Black's): the rook back in its corner.
pub fn uncastled(base: &State, king: Piece, from: Square, to: Square) -> Option<State> {
    let back = if king.color == Color::White { 1 } else { 8 };
    if king.role != Role::King || from != Square::new(4, back) || to.rank != back {
        return None;
    }
    let (corner, beside) = match to.file {
        6 => (7, 5),
        2 => (0, 3),
        _ => return None,
    };
    let rook = Piece::new(king.color, Role::Rook);
    let (corner, beside) = (Square::new(corner, back), Square::new(beside, back));
    if base.piece(beside) != Some(rook) || base.piece(corner).is_some() {
        return None;
    }
    let mut s = base.clone();
    let ring = s.ring(beside);
    s.board.set(beside, None);
    s.set_ring(beside, None);
    s.board.set(corner, Some(rook));
    s.set_ring(corner, ring);
    Some(s)
}

/// Before a Chess960 castling of the king from `from` to `to` (the c- or
/// g-file of its back rank): the rook, now beside the king's end square
/// (the d- or f-file), back on each square of that side of `from` it may
/// have started on. The king's start may hold the castled rook (d1 to
/// c1, f1 to g1), and the rook's start the castled king, which the plain
/// reading (the king back on `from`) cannot undo.
pub fn uncastled_960(after: &State, from: Square, to: Square, color: Color) -> Vec<State> {
    let back = if color == Color::White { 1 } else { 8 };
    let king = Piece::new(color, Role::King);
    let rook = Piece::new(color, Role::Rook);
    if !from.is_on_board()
        || from.rank != back
        || to.rank != back
        || from == to
        || after.piece(to) != Some(king)
    {
        return Vec::new();
    }
    let (kingside, rook_end) = match to.file {
        6 => (true, Square::new(5, back)),
        2 => (false, Square::new(3, back)),
        _ => return Vec::new(),
    };
    if after.piece(rook_end) != Some(rook) {
        return Vec::new();
    }
    let mut base = after.clone();
    base.en_passant = None;
    let (king_ring, rook_ring) = (base.ring(to), base.ring(rook_end));
    for sq in [to, rook_end] {
        base.board.set(sq, None);
        base.set_ring(sq, None);
    }
    if base.piece(from).is_some() {
        return Vec::new();
    }
    base.board.set(from, Some(king));
    base.set_ring(from, king_ring);
    (0..8u8)
        .filter(|&f| {
            if kingside {
                f > from.file
            } else {
                f < from.file
            }
        })
        .map(|f| Square::new(f, back))
        .filter(|&sq| base.piece(sq).is_none())
        .map(|sq| {
            let mut s = base.clone();
            s.board.set(sq, Some(rook));
            s.set_ring(sq, rook_ring);
            s
        })
        .collect()
}

/// Orthodox moves under a set of rule switches.
pub struct OrthodoxSteps {
    pub rules: Rules,
    pub castling: CastlingInference,
    pub material: MaterialRules,
}

impl OrthodoxSteps {
    pub fn new(rules: Rules) -> OrthodoxSteps {
        OrthodoxSteps {
            rules,
            castling: CastlingInference::Standard,
            material: MaterialRules::COMMON,
        }
    }

    /// The states after `from`–`to`, as `step` gives them, without the
    /// reason when there are none.
    pub fn afters(&self, state: &State, from: Square, to: Square, color: Color) -> Vec<State> {
        let pos = position(state, color, &self.rules, self.castling);
        orthodox_afters(state, &pos, from, to, &self.rules)
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

    /// The plain readings, and under Chess960 castling those of a made
    /// castling whose king started elsewhere than e1 (e8).
    fn befores(&self, after: &State, from: Square, to: Square, color: Color) -> Vec<State> {
        let mut out = default_befores(after, from, to, color);
        if self.castling == CastlingInference::Chess960 && self.rules.castling {
            out.extend(uncastled_960(after, from, to, color));
        }
        out
    }

    fn en_passant(&self) -> bool {
        self.rules.en_passant
    }

    fn material(&self) -> MaterialRules {
        self.material
    }
}

/// A position of `state` with `color` to move and the en passant square
/// the state carries, when the rules have en passant.
pub fn position(
    state: &State,
    color: Color,
    rules: &Rules,
    castling: CastlingInference,
) -> Position {
    let mut pos = Position::from_board(&state.board, color, castling);
    if rules.en_passant {
        pos.set_ep_square(state.en_passant);
    }
    pos
}

/// The state after `m` from `pos`, which was made from `state`: the new
/// board, the mover's ring carried along, and the square a double step
/// skipped (when the rules have en passant).
pub fn played(state: &State, pos: &Position, m: Move, rules: &Rules) -> State {
    let mut s = state.clone();
    let ring = s.ring(m.from());
    let next = pos.played(m);
    s.board = next.to_board();
    if let Move::EnPassant { from, to } = m {
        s.set_ring(en_passant_victim(from, to), None);
    }
    s.set_ring(m.from(), None);
    s.set_ring(m.to(), ring);
    s.en_passant = if rules.en_passant {
        next.ep_square()
    } else {
        None
    };
    s
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
    let pos = position(state, color, rules, castling);
    let found = orthodox_afters(state, &pos, from, to, rules);
    if found.is_empty() {
        return Err(explain(&pos, from, to, color, rules));
    }
    Ok(found)
}

/// The states after each legal move `from`–`to` in `pos` (none when there
/// is none): `orthodox_step` without the reason, for searches that try
/// many steps and only keep those that can be played.
pub fn orthodox_afters(
    state: &State,
    pos: &Position,
    from: Square,
    to: Square,
    rules: &Rules,
) -> Vec<State> {
    pos.moves_from(from, rules)
        .into_iter()
        .filter(|m| m.to() == to)
        .map(|m| played(state, pos, m, rules))
        .collect()
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
    if piece.role == Role::King
        && let Some(reason) = castling_reason(pos, from, to, color, rules)
    {
        return format!("{who} cannot castle to {to}: {reason}");
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
        Role::King if crate::engine::chess::distance(from, to) > 1 => Some(format!(
            "a king moves one square, and {from}–{to} is farther"
        )),
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

/// Why a king's move along its back rank onto the c- or g-file is no
/// castling, if it is meant as one: two files or more, or onto its own
/// rook (Chess960). Names the rule that decides it, the piece in the way
/// or the attacked squares.
fn castling_reason(
    pos: &Position,
    from: Square,
    to: Square,
    color: Color,
    rules: &Rules,
) -> Option<String> {
    let back = if color == Color::White { 1 } else { 8 };
    let onto_own_rook = pos.piece_at(to) == Some(Piece::new(color, Role::Rook));
    if from.rank != back
        || to.rank != back
        || !(to.file == 2 || to.file == 6)
        || !(from.file.abs_diff(to.file) > 1 || onto_own_rook)
    {
        return None;
    }
    if !rules.castling {
        return Some("this game has no castling".into());
    }
    let king_side = to.file > from.file || (to.file == from.file && to.file == 6);
    let on_side = |sq: Square| {
        if king_side {
            sq.file > from.file
        } else {
            sq.file < from.file
        }
    };
    let rooks: Vec<Square> = (pos.by_piece(Piece::new(color, Role::Rook)) & SquareSet::rank(back))
        .iter()
        .filter(|&sq| on_side(sq))
        .collect();
    let Some(rook) = pos
        .castling_rooks(color)
        .iter()
        .find(|&sq| rooks.contains(&sq))
    else {
        return Some(match rooks.as_slice() {
            [] => format!(
                "there is no {} rook on that side to castle with",
                color.name()
            ),
            [r, ..] => {
                format!("the king or the rook on {r} has already moved, so they may not castle")
            }
        });
    };
    let (king_file, rook_file) = crate::engine::chess::castle_files(from, rook);
    let (king_to, rook_to) = (Square::new(king_file, back), Square::new(rook_file, back));
    let path = (squares_between(from, king_to).with(king_to)
        | squares_between(rook, rook_to).with(rook_to))
    .without(from)
    .without(rook);
    let blockers: Vec<String> = (path & pos.occupied())
        .iter()
        .filter_map(|sq| pos.piece_at(sq).map(|p| format!("{} on {sq}", article(p))))
        .collect();
    if !blockers.is_empty() {
        return Some(format!(
            "the squares between king and rook must be empty, and {} {} in the way",
            blockers.join(" and "),
            if blockers.len() == 1 { "is" } else { "are" }
        ));
    }
    let them = color.other();
    // Without king and rook, so no attack hides behind either.
    let occupied = pos.occupied().without(from).without(rook);
    let attacked = |sq: Square| -> Option<String> {
        let by: Vec<String> = pos
            .attackers_to(sq, them, occupied)
            .iter()
            .filter_map(|a| pos.piece_at(a).map(|p| format!("{} on {a}", article(p))))
            .collect();
        (!by.is_empty()).then(|| by.join(" and "))
    };
    if !rules.castle_through_attack {
        if let Some(by) = attacked(from) {
            return Some(format!(
                "a king may not castle out of check, and {by} attacks {from}"
            ));
        }
        let passed: Vec<String> = squares_between(from, king_to)
            .iter()
            .filter_map(|sq| attacked(sq).map(|by| format!("{sq} ({by})")))
            .collect();
        if !passed.is_empty() {
            return Some(format!(
                "a king may not castle through an attacked square, and it would pass {}",
                passed.join(" and ")
            ));
        }
    }
    if rules.king_safety
        && let Some(by) = attacked(king_to)
    {
        return Some(format!(
            "the king would land in check on {king_to}, attacked by {by}"
        ));
    }
    None
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
            let victim = en_passant_victim(from, to);
            let beside = pos.piece_at(victim) == Some(Piece::new(piece.color.other(), Role::Pawn));
            return match (beside, rules.en_passant) {
                (true, false) => Some(format!(
                    "{to} is empty, and this game has no en passant capture, so the pawn on {victim} cannot be taken that way"
                )),
                (true, true) if pos.ep_square() == Some(to) => None,
                (true, true) => Some(format!(
                    "{to} is empty, and the pawn on {victim} has not just moved two squares, so it cannot be taken en passant"
                )),
                _ => Some(format!(
                    "a pawn moves diagonally only to capture, and {to} is empty"
                )),
            };
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
    /// The square a pawn skipped with a double step just before the
    /// diagram's position: the last made move's, or the one a proposed en
    /// passant capture implies when no move is made.
    pub en_passant: Option<Square>,
}

/// No reading of the arrows works; this is the one that went farthest.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// Index of the arrow that could not be explained.
    pub arrow: usize,
    pub reason: String,
}

/// The reason given when no reading of the arrows got far enough to blame
/// one of them.
const NO_READING: &str = "these arrows cannot be read as moves";

/// The reason given when the readings tried used up the budget.
const OVER_BUDGET: &str =
    "these arrows have too many readings to try them all, so they were not checked";

/// The most moves one replay tries, over all its readings: a bound on the
/// work of a diagram whose arrows could be read in very many ways (the
/// seeds need 55 at most).
const REPLAY_STEPS: usize = 20_000;

impl Failure {
    /// Whether the failure blames the arrows as a whole, not one arrow.
    pub fn is_general(&self) -> bool {
        self.reason == NO_READING || self.is_over_budget()
    }

    /// Whether the replay stopped at its budget, proving nothing.
    pub fn is_over_budget(&self) -> bool {
        self.reason == OVER_BUDGET
    }

    /// The finding of `rule` at `span`: a warning when the budget stopped
    /// the replay (nothing is proven wrong), else an error.
    pub fn finding(self, rule: &'static str, span: crate::source::Span) -> crate::engine::Finding {
        use crate::engine::Finding;
        if self.is_over_budget() {
            Finding::warning(rule, span, self.reason)
        } else {
            Finding::error(rule, span, self.reason)
        }
    }
}

/// Keeps the failure of the reading that went farthest, and among those the
/// most plausible one (first found on a tie).
struct Best {
    best: Option<((usize, u8), Failure)>,
    /// Keep only the failures of this arrow.
    only: Option<usize>,
    /// Moves tried so far.
    steps: usize,
}

impl Best {
    /// Counts one move tried; true once the budget is spent.
    fn spend(&mut self) -> bool {
        self.steps += 1;
        self.steps > REPLAY_STEPS
    }

    fn spent(&self) -> bool {
        self.steps > REPLAY_STEPS
    }

    /// `depth`: moves explained before this one; `weight`: 1 when the arrow
    /// was read the way the board suggests (a proposed move whose tail
    /// holds the piece, a made one whose head does), 2 for a reason about
    /// a double step the diagram implies or the game's reason why a legal
    /// made move cannot have left the position, 0 otherwise.
    fn note(&mut self, depth: usize, weight: u8, f: Failure) {
        if self.only.is_some_and(|i| i != f.arrow) {
            return;
        }
        if self.best.as_ref().is_none_or(|(k, _)| (depth, weight) > *k) {
            self.best = Some(((depth, weight), f));
        }
    }
}

/// Whether the arrow's colour has a piece on `sq`.
fn holds(state: &State, a: &Arrow, sq: Square) -> bool {
    state.piece(sq).map(|p| p.color) == arrow_color(a)
}

/// Whether a proposed arrow reads the board as it suggests: its tail holds
/// a piece of its colour. A rook's arrow onto its own king does not: the
/// two stand where a made Chess960 castling (d1–c1, f1–g1) swapped them.
fn proposed_fits(state: &State, a: &Arrow) -> bool {
    let is = |sq: Square, role: Role| state.piece(sq).is_some_and(|p| p.role == role);
    holds(state, a, a.from)
        && !(holds(state, a, a.to) && is(a.from, Role::Rook) && is(a.to, Role::King))
}

/// Finds a reading of `arrows` (each made or proposed, in some order)
/// under which every move is legal from the diagram's `state`.
pub fn replay(state: &State, arrows: &[&Arrow], rules: &dyn StepRules) -> Result<Plan, Failure> {
    replay_noting(state, arrows, rules, None)
}

/// The arrow a failed replay blames, and whether it is the only fault.
#[derive(Debug)]
pub struct Blame {
    pub failure: Failure,
    /// Every other arrow replays once this one's piece may go where it
    /// points: the diagram holds this one fault, and the arrows that lean
    /// on it are sound.
    pub only_fault: bool,
}

/// After `replay` failed with `failure`: the arrow to blame. The failure
/// of the reading that went farthest may fall on a sound arrow that the
/// broken one made impossible (a bad blow reported at the move it
/// answers). So each arrow in turn may move its piece however it points;
/// when that lets all the arrows replay for exactly one arrow, that arrow
/// is the one fault, given with the most fitting reason found for it.
/// When no arrow does, an arrow whose piece merely stands in the others'
/// way is looked for (`vanishing_faults`). Otherwise (several would do, or
/// none) the failure stands.
pub fn blame(state: &State, arrows: &[&Arrow], rules: &dyn StepRules, failure: Failure) -> Blame {
    let stands = |failure| Blame {
        failure,
        only_fault: false,
    };
    if arrows.len() < 2 || failure.arrow >= arrows.len() || failure.is_general() {
        return stands(failure);
    }
    let mut faults: Vec<usize> = Vec::new();
    for (i, a) in arrows.iter().enumerate() {
        let Some(color) = arrow_color(a) else {
            continue;
        };
        let relaxed = Relaxed {
            rules,
            from: a.from,
            to: a.to,
            color,
        };
        match replay(state, arrows, &relaxed) {
            Ok(_) => faults.push(i),
            Err(f) if f.is_over_budget() => return stands(failure),
            Err(_) => {}
        }
    }
    if faults.is_empty() {
        faults = vanishing_faults(state, arrows, rules);
    }
    let [fault] = faults[..] else {
        return stands(failure);
    };
    if fault == failure.arrow {
        return Blame {
            failure,
            only_fault: true,
        };
    }
    match replay_noting(state, arrows, rules, Some(fault)) {
        Err(f) if f.arrow == fault && !f.is_general() => Blame {
            failure: f,
            only_fault: true,
        },
        _ => stands(failure),
    }
}

/// The arrows that, dropped with their side's piece on the head (the piece
/// the move brought) or on the tail (the piece it would move), leave the
/// rest of the arrows replayable. An arrow drawn from or to the wrong square
/// can have no reading at all, and the moves around it then fail only
/// because its piece stands in their way: that one arrow is the fault.
fn vanishing_faults(state: &State, arrows: &[&Arrow], rules: &dyn StepRules) -> Vec<usize> {
    let mut faults = Vec::new();
    for (i, a) in arrows.iter().enumerate() {
        let Some(color) = arrow_color(a) else {
            continue;
        };
        let rest: Vec<&Arrow> = arrows
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .map(|(_, a)| *a)
            .collect();
        for sq in [a.to, a.from] {
            if state.piece(sq).map(|p| p.color) != Some(color) {
                continue;
            }
            let mut without = state.clone();
            without.board.set(sq, None);
            without.set_ring(sq, None);
            match replay(&without, &rest, rules) {
                Ok(_) => {
                    faults.push(i);
                    break;
                }
                Err(f) if f.is_over_budget() => return Vec::new(),
                Err(_) => {}
            }
        }
    }
    faults
}

/// A game's rules, except that one move (`from`–`to` of `color`) may go
/// where it points whatever the piece: it is lifted and set down there
/// (a pawn reaching the last rank as any piece), taking what stood there.
struct Relaxed<'a> {
    rules: &'a dyn StepRules,
    from: Square,
    to: Square,
    color: Color,
}

impl StepRules for Relaxed<'_> {
    fn step(
        &self,
        state: &State,
        from: Square,
        to: Square,
        color: Color,
    ) -> Result<Vec<State>, String> {
        let strict = self.rules.step(state, from, to, color);
        if strict.is_ok() || (from, to, color) != (self.from, self.to, self.color) {
            return strict;
        }
        let Some(piece) = state.piece(from).filter(|p| p.color == color) else {
            return strict;
        };
        if !to.is_on_board() {
            return strict;
        }
        let last = if color == Color::White { 8 } else { 1 };
        let roles = if piece.role == Role::Pawn && to.rank == last {
            vec![
                Role::Pawn,
                Role::Queen,
                Role::Rook,
                Role::Bishop,
                Role::Knight,
            ]
        } else {
            vec![piece.role]
        };
        Ok(roles
            .into_iter()
            .map(|role| {
                let mut s = state.clone();
                let ring = s.ring(from);
                s.board.set(from, None);
                s.set_ring(from, None);
                s.board.set(to, Some(Piece::new(color, role)));
                s.set_ring(to, ring);
                s.en_passant = None;
                s.turn = None;
                s
            })
            .collect())
    }

    fn befores(&self, after: &State, from: Square, to: Square, color: Color) -> Vec<State> {
        self.rules.befores(after, from, to, color)
    }

    fn material(&self) -> MaterialRules {
        self.rules.material()
    }

    fn en_passant(&self) -> bool {
        self.rules.en_passant()
    }

    fn en_passant_befores(
        &self,
        after: &State,
        from: Square,
        to: Square,
        color: Color,
    ) -> Vec<State> {
        self.rules.en_passant_befores(after, from, to, color)
    }
}

/// `replay`, keeping only the failures of the arrow `only` when given.
fn replay_noting(
    state: &State,
    arrows: &[&Arrow],
    rules: &dyn StepRules,
    only: Option<usize>,
) -> Result<Plan, Failure> {
    let n = arrows.len();
    let mut best = Best {
        best: None,
        only,
        steps: 0,
    };
    // Likely readings first: an arrow whose tail holds its side's piece is
    // proposed; otherwise made.
    let mut masks: Vec<u32> = (0..(1u32 << n)).collect();
    let likely: u32 = (0..n)
        .filter(|&i| !holds(state, arrows[i], arrows[i].from))
        .fold(0, |m, i| m | 1 << i);
    masks.sort_by_key(|&m| ((m ^ likely).count_ones(), m));
    for mask in masks {
        if best.spent() {
            return Err(Failure {
                arrow: 0,
                reason: OVER_BUDGET.to_string(),
            });
        }
        let made: Vec<usize> = (0..n).filter(|&i| mask >> i & 1 == 1).collect();
        let proposed: Vec<usize> = (0..n).filter(|&i| mask >> i & 1 == 0).collect();
        let Some((made_order, start, skipped)) = undo_made(state, arrows, &made, rules, &mut best)
        else {
            continue;
        };
        // After the made moves, the double step the last one made; with
        // none, a double step the diagram implies may be taken en passant.
        let mut nows = vec![State {
            en_passant: skipped,
            ..state.clone()
        }];
        if made.is_empty() && rules.en_passant() {
            for &i in &proposed {
                let a = arrows[i];
                let Some(color) = arrow_color(a) else {
                    continue;
                };
                if !is_en_passant_shape(state, a.from, a.to, color) {
                    continue;
                }
                let now = State {
                    en_passant: Some(a.to),
                    ..state.clone()
                };
                match implied_double_step(&now, rules) {
                    Ok(()) => nows.push(now),
                    Err(reason) => best.note(0, 2, Failure { arrow: i, reason }),
                }
            }
        }
        for now in nows {
            let Some(order) = play_proposed(&now, arrows, &proposed, rules, made.len(), &mut best)
            else {
                continue;
            };
            return Ok(Plan {
                made: made_order,
                proposed: order,
                start,
                en_passant: now.en_passant,
            });
        }
        // The made arrows may be undone in another order: one that ends
        // with the double step a proposed en passant capture needs.
        if made.is_empty() || !rules.en_passant() {
            continue;
        }
        for &i in &proposed {
            let a = arrows[i];
            let Some(color) = arrow_color(a) else {
                continue;
            };
            if skipped == Some(a.to) || !is_en_passant_shape(state, a.from, a.to, color) {
                continue;
            }
            let now = State {
                en_passant: Some(a.to),
                ..state.clone()
            };
            let Some((made_order, start, _)) = undo_made(&now, arrows, &made, rules, &mut best)
            else {
                continue;
            };
            if let Some(order) =
                play_proposed(&now, arrows, &proposed, rules, made.len(), &mut best)
            {
                return Ok(Plan {
                    made: made_order,
                    proposed: order,
                    start,
                    en_passant: now.en_passant,
                });
            }
        }
    }
    Err(best.best.map(|(_, f)| f).unwrap_or(Failure {
        arrow: 0,
        reason: NO_READING.to_string(),
    }))
}

/// A pawn of `color` on `from` moving one square diagonally forward onto
/// an empty `to`, beside an enemy pawn: the shape of an en passant capture.
fn is_en_passant_shape(state: &State, from: Square, to: Square, color: Color) -> bool {
    let forward: i8 = if color == Color::White { 1 } else { -1 };
    state.piece(from) == Some(Piece::new(color, Role::Pawn))
        && to.is_on_board()
        && from.file.abs_diff(to.file) == 1
        && to.rank as i8 - from.rank as i8 == forward
        && state.piece(to).is_none()
        && state.piece(en_passant_victim(from, to)) == Some(Piece::new(color.other(), Role::Pawn))
}

/// How well a state before a made move fits the arrow's shape, to pick the
/// reason to report when none works: a diagonal pawn arrow took something
/// (a piece on `to`, or a pawn en passant); any other arrow moved onto an
/// empty square or took an enemy piece; a piece of its own side on `to` is
/// the least likely.
fn fit(before: &State, from: Square, to: Square, color: Color) -> u8 {
    let pawn_capture =
        before.piece(from).is_some_and(|p| p.role == Role::Pawn) && from.file != to.file;
    match before.piece(to) {
        Some(p) if p.color == color => 0,
        Some(_) if pawn_capture => 3,
        None if pawn_capture && before.en_passant == Some(to) => 2,
        None if !pawn_capture => 3,
        Some(_) => 2,
        None => 1,
    }
}

/// Undoes the made arrows backwards from `after`; returns their order
/// (oldest first), the starting state, and the square the last made move
/// skipped with a double step.
fn undo_made(
    after: &State,
    arrows: &[&Arrow],
    made: &[usize],
    rules: &dyn StepRules,
    best: &mut Best,
) -> Option<(Vec<usize>, State, Option<Square>)> {
    struct Search<'a> {
        arrows: &'a [&'a Arrow],
        rules: &'a dyn StepRules,
        left: Vec<usize>,
        order: Vec<usize>,
        /// The double step skipped by the last made move, once known.
        skipped: Option<Square>,
        /// What a side may hold, when the diagram itself holds it (else
        /// its own material finding says so, once).
        material: Option<MaterialRules>,
    }
    fn dfs(state: &State, s: &mut Search, best: &mut Best) -> Option<State> {
        if s.left.is_empty() {
            // The oldest move took en passant: the double step before it
            // is not shown, so it must be possible.
            if let Err(reason) = implied_double_step(state, s.rules) {
                let arrow = *s.order.last()?;
                best.note(s.order.len() - 1, 2, Failure { arrow, reason });
                return None;
            }
            return Some(state.clone());
        }
        for k in 0..s.left.len() {
            let i = s.left[k];
            let a = s.arrows[i];
            let Some(color) = arrow_color(a) else {
                continue;
            };
            let mut befores = s.rules.befores(state, a.from, a.to, color);
            befores.extend(s.rules.en_passant_befores(state, a.from, a.to, color));
            let mut reason: Option<(u8, String)> = None;
            // The game's reason why a legal move cannot have left `state`.
            let mut unreached: Option<String> = None;
            for before in befores {
                if best.spend() {
                    return None;
                }
                let step = s.rules.step(&before, a.from, a.to, color);
                let (f, r) = match step {
                    Ok(afters) => {
                        let Some(reached) = afters.iter().find(|x| state.is_reached_by(x)) else {
                            if unreached.is_none() {
                                unreached =
                                    s.rules.why_not_reached(&before, state, a.from, a.to, color);
                            }
                            continue;
                        };
                        // A move legal from a position no game can reach:
                        // the most fitting reason of all.
                        let problem = s
                            .material
                            .and_then(|m| material::problems(&before.board, &m).into_iter().next());
                        if let Some(p) = problem {
                            // Unless the problem is a piece this reading
                            // brought back as taken by a piece that need not
                            // have captured: then that capture is what cannot
                            // be, and the reading without it (the move's own
                            // rule) fits better. A pawn's diagonal arrow did
                            // capture, so there the material is the reason.
                            let restored =
                                before.board.pieces().count() > state.board.pieces().count();
                            let pawn_capture =
                                before.piece(a.from).is_some_and(|p| p.role == Role::Pawn)
                                    && a.from.file != a.to.file;
                            (
                                if restored && !pawn_capture { 2 } else { 4 },
                                format!("before {}–{}, {}", a.from, a.to, p.message),
                            )
                        } else {
                            if s.order.is_empty() {
                                s.skipped = reached.en_passant;
                            }
                            s.left.remove(k);
                            s.order.push(i);
                            if let Some(start) = dfs(&before, s, best) {
                                return Some(start);
                            }
                            s.order.pop();
                            s.left.insert(k, i);
                            continue;
                        }
                    }
                    Err(r) => (fit(&before, a.from, a.to, color), r),
                };
                if reason.as_ref().is_none_or(|(g, _)| f > *g) {
                    reason = Some((f, r));
                }
            }
            // A move the game can make but whose outcome it refuses got
            // one move farther than a move no reading makes.
            let (depth, weight, reason) = match (unreached, reason) {
                (Some(r), _) => (s.order.len() + 1, 2, r),
                (None, Some((_, r))) => (s.order.len(), u8::from(holds(state, a, a.to)), r),
                (None, None) => (
                    s.order.len(),
                    u8::from(holds(state, a, a.to)),
                    made_reason(state, a, color),
                ),
            };
            best.note(depth, weight, Failure { arrow: i, reason });
        }
        None
    }
    let mut search = Search {
        arrows,
        rules,
        left: made.to_vec(),
        order: Vec::new(),
        skipped: None,
        material: Some(rules.material()).filter(|m| material::problems(&after.board, m).is_empty()),
    };
    let start = dfs(after, &mut search, best)?;
    let mut order = search.order;
    order.reverse();
    Some((order, start, search.skipped))
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
    best: &mut Best,
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
    #[allow(clippy::too_many_arguments)]
    fn dfs(
        diagram: &State,
        state: &State,
        arrows: &[&Arrow],
        groups: &mut Vec<Vec<usize>>,
        order: &mut Vec<usize>,
        rules: &dyn StepRules,
        depth: usize,
        best: &mut Best,
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
                if best.spend() {
                    return false;
                }
                match rules.step(state, a.from, a.to, color) {
                    Ok(afters) if !afters.is_empty() => {
                        next.get_or_insert_with(|| afters[0].clone());
                    }
                    Ok(_) => {
                        ok = false;
                        break;
                    }
                    Err(reason) => {
                        let weight = u8::from(proposed_fits(state, a));
                        // An arrow whose piece the diagram shows at its
                        // head, read as proposed with no piece at its
                        // tail, is the least likely reading: the proposed
                        // moves played before it do not make it go
                        // farther (a made move refused, say for leaving
                        // its king attacked, is not outranked by it).
                        let reached = if weight == 0 && holds(diagram, a, a.to) {
                            depth
                        } else {
                            depth + order.len()
                        };
                        best.note(reached, weight, Failure { arrow: i, reason });
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
            if dfs(diagram, &next, arrows, groups, order, rules, depth, best) {
                return true;
            }
            order.truncate(len);
            groups.insert(k, removed);
        }
        false
    }
    let mut order = Vec::new();
    dfs(
        state,
        state,
        arrows,
        &mut groups,
        &mut order,
        rules,
        depth,
        best,
    )
    .then_some(order)
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

    /// White's king on a5 and Black's rook on h5 beside the two pawns:
    /// taking en passant would empty the rank between them.
    const PINNED: &str = ". . . . k . . .
        . . . . . . . .
        . . . . . . . .
        K . . p P . . r
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        arrow: d7, d5, black
        arrow: e5, d6, white";

    #[test]
    fn en_passant_follows_the_double_step_and_keeps_the_king_safe() {
        let free = PINNED.replace("K . . p P . . r", ". . . p P . . r").replace(
            ". . . . . . . .\n        . . . . . . . .\n        . . . . . . . .\n        . . . . . . . .\n        arrow",
            ". . . . . . . .\n        . . . . . . . .\n        . . . . . . . .\n        K . . . . . . .\n        arrow",
        );
        let plan = run(&free, Rules::STANDARD).unwrap();
        assert_eq!(
            (plan.made.as_slice(), plan.proposed.as_slice()),
            (&[0][..], &[1][..])
        );
        let f = run(PINNED, Rules::STANDARD).unwrap_err();
        assert_eq!(
            f.reason,
            "the white pawn on e5 cannot move to d6: it would leave the white king in check"
        );
        // Without en passant in the rules, the reason says so.
        let rules = Rules {
            en_passant: false,
            ..Rules::STANDARD
        };
        let f = run(&free, rules).unwrap_err();
        assert!(f.reason.contains("no en passant"), "{}", f.reason);
    }

    #[test]
    fn a_made_capture_that_leaves_the_king_in_check_says_so() {
        // exd4 with the e-file open to the rook on e8.
        let text = "k . . . r . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            . . . P . . . .
            . . . . . . . .
            . . . . . . . .
            . . . . K . . .
            arrow: e3, d4, white";
        let f = run(text, Rules::STANDARD).unwrap_err();
        assert_eq!(
            f.reason,
            "the white pawn on e3 cannot move to d4: it would leave the white king in check"
        );
    }

    /// The reason `explain` gives for the king's arrow `from`–`to`, White
    /// to move, with castling rights read as `castling` says.
    fn castling_reason_of(rows: &str, from: &str, to: &str, castling: CastlingInference) -> String {
        let d = diagram(rows);
        let pos = Position::from_board(&d.board, Color::White, castling);
        let sq = |s: &str| crate::engine::setup_text::parse_square(s).unwrap();
        explain(&pos, sq(from), sq(to), Color::White, &Rules::STANDARD)
    }

    const CASTLE_ROWS: &str = "r . . . k . . r
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        R . . . K . . R";

    #[test]
    fn a_refused_castling_names_the_rule_and_the_piece_that_decides_it() {
        let reason = |edit: (&str, &str), to: &str| {
            let rows = CASTLE_ROWS.replace(edit.0, edit.1);
            castling_reason_of(&rows, "e1", to, CastlingInference::Standard)
        };
        // The blocker, not the partner, and both blockers when there are two.
        assert_eq!(
            reason(("R . . . K . . R", "R . . . K B . R"), "g1"),
            "the white king on e1 cannot castle to g1: the squares between king and rook must be empty, and a white bishop on f1 is in the way"
        );
        assert_eq!(
            reason(("R . . . K . . R", "R n B . K . . R"), "c1"),
            "the white king on e1 cannot castle to c1: the squares between king and rook must be empty, and a black knight on b1 and a white bishop on c1 are in the way"
        );
        // Out of check, through an attacked square, into check: each named
        // with its attacker.
        assert_eq!(
            reason(
                (
                    ". . . . . . . .\n        . . . . . . . .\n        R",
                    ". . . . . . . .\n        . . . . r . . .\n        R"
                ),
                "g1"
            ),
            "the white king on e1 cannot castle to g1: a king may not castle out of check, and a black rook on e2 attacks e1"
        );
        assert_eq!(
            reason(
                (
                    "r . . . k . . r\n        . . . . . . . .\n        . . . . . . . .\n        . . . . . . . .\n        . . . . . . . .",
                    "r . . . k . . r\n        . . . . . . . .\n        . . . . . . . .\n        . . . . . . . .\n        . . b . . . . ."
                ),
                "g1"
            ),
            "the white king on e1 cannot castle to g1: a king may not castle through an attacked square, and it would pass f1 (a black bishop on c4)"
        );
        assert_eq!(
            reason(("r . . . k . . r", "r . . . k . r ."), "g1"),
            "the white king on e1 cannot castle to g1: the king would land in check on g1, attacked by a black rook on g8"
        );
        // No rook on that side, or one that has moved.
        assert_eq!(
            reason(("R . . . K . . R", "R . . . K . . ."), "g1"),
            "the white king on e1 cannot castle to g1: there is no white rook on that side to castle with"
        );
        assert_eq!(
            reason(("R . . . K . . R", "R . . . K . R ."), "g1"),
            "the white king on e1 cannot castle to g1: the king or the rook on g1 has already moved, so they may not castle"
        );
        // A legal castling has nothing to explain but the fallback; a king
        // step is no castling.
        assert_eq!(
            reason(("R . . . K . . R", "R . . . K . R ."), "f1"),
            "the white king on e1 cannot move to f1: it would leave the white king in check"
        );
    }

    #[test]
    fn a_chess960_castling_onto_its_own_rook_names_the_blocker() {
        // King e1, rook c1: the castling takes the king onto c1 and the
        // rook to d1, where the queen stands.
        let rows = CASTLE_ROWS.replace("R . . . K . . R", ". . R Q K . . .");
        assert_eq!(
            castling_reason_of(&rows, "e1", "c1", CastlingInference::Chess960),
            "the white king on e1 cannot castle to c1: the squares between king and rook must be empty, and a white queen on d1 is in the way"
        );
        // Without castling a king on its own rook is just a taken square.
        let d = diagram(&rows);
        let pos = Position::from_board(&d.board, Color::White, CastlingInference::Chess960);
        let rules = Rules {
            castling: false,
            ..Rules::STANDARD
        };
        let sq = |s: &str| crate::engine::setup_text::parse_square(s).unwrap();
        assert_eq!(
            explain(&pos, sq("e1"), sq("c1"), Color::White, &rules),
            "the white king on e1 cannot castle to c1: this game has no castling"
        );
    }
}
