//! Tar Pit Chess (rules.md): orthodox chess with checkers under pieces. A
//! piece on its own colour's checker carries tar (moves normally, may throw
//! the checker one king step to another piece); on the other colour's it is
//! tarred (pawns cannot move, other pieces move like pawns).

use crate::diagram::{Arrow, BoardDiagram, CardFace, Color, Piece, Role, Square};
use crate::engine::chess::{
    CastlingInference, Move, Rules, SquareSet, attacks, is_king_step, pawn_attacks, squares_between,
};
use crate::engine::material::{self, MaterialRules, board_span};
use crate::engine::replay::{self, State, StepRules, arrow_color, explain, replay};
use crate::engine::{DiagramContext, Finding, Game};

pub struct TarPit;

const RULE_RING: &str = "ring";
const RULE_CHECKERS: &str = "checkers";
const RULE_ARROW: &str = "arrow";
const RULE_CARDS: &str = "cards";
const RULE_CHECK: &str = "check";

/// Each colour has 12 checkers in all (Equipment: "You need 12 each").
const CHECKERS_PER_COLOUR: usize = 12;

/// One standard set; a tarred bishop moves like a pawn, straight ahead
/// onto the other colour of square, so two bishops on one colour need no
/// promotion.
const MATERIAL: MaterialRules = MaterialRules {
    bishops_keep_colour: false,
    army: crate::engine::material::CHESS_ARMY,
    pieces_promote: false,
    ..MaterialRules::ORTHODOX
};

impl Game for TarPit {
    fn name(&self) -> &'static str {
        "Tar Pit Chess"
    }

    fn fen_rules(&self) -> crate::engine::fen::FenRules<'static> {
        crate::engine::fen::FenRules::not(
            "Tar Pit Chess puts checkers under pieces, which a FEN cannot hold",
        )
    }

    fn check_board(&self, _cx: &DiagramContext, board: &BoardDiagram, out: &mut Vec<Finding>) {
        material::check(board, &MATERIAL, out);
        check_cards(board, out);
        check_hands(board, out);
        let Some(state) = rings(board, out) else {
            return;
        };
        check_checkers(board, &state, out);
        if king_in_check(&state, Color::White) && king_in_check(&state, Color::Black) {
            out.push(Finding::error(
                RULE_CHECK,
                board_span(board),
                "both kings are in check, which no game can reach",
            ));
        }
        check_arrows(board, &state, out);
    }
}

/// The diagram's checkers: white and black rings, each under a piece, one
/// at most per piece. Grey rings are notes. None when they are impossible.
fn rings(board: &BoardDiagram, out: &mut Vec<Finding>) -> Option<State> {
    let mut state = State::new(board.board.clone());
    let before = out.len();
    for a in board.arrows.iter().filter(|a| a.is_ring()) {
        let Some(color) = arrow_color(a) else {
            continue;
        };
        let sq = a.from;
        if !sq.is_on_board() || board.board.get(sq).is_none() {
            out.push(
                Finding::error(
                    RULE_RING,
                    a.span,
                    format!("a {} checker on {sq}, where no piece stands", color.name()),
                )
                .with_help("a checker is always under a piece: it can't sit alone on a square"),
            );
            continue;
        }
        if let Some(other) = state.ring(sq) {
            out.push(
                Finding::error(
                    RULE_RING,
                    a.span,
                    format!(
                        "a second checker ({}) under the piece on {sq}, which already has a {} one",
                        color.name(),
                        other.name()
                    ),
                )
                .with_help("a piece never has more than one checker: opposite colours cancel, the same colour repels"),
            );
            continue;
        }
        // "If you move a tarred piece all the way to your back rank, remove
        // the checker"; one added there "is immediately removed".
        if let Some(p) = board.board.get(sq)
            && p.color != color
            && sq.rank == last_rank(p.color)
        {
            out.push(
                Finding::error(
                    RULE_RING,
                    a.span,
                    format!(
                        "a {} checker tars the {} on {sq}, on {}'s back rank",
                        color.name(),
                        p.name(),
                        if p.color == Color::White { "White" } else { "Black" }
                    ),
                )
                .with_help("a tar checker is removed as soon as its piece is on the back rank it moves toward"),
            );
            continue;
        }
        state.set_ring(sq, Some(color));
    }
    (out.len() == before).then_some(state)
}

/// Rings on the board plus the stock in front of a player are at most the
/// 12 checkers of that colour.
fn check_checkers(board: &BoardDiagram, state: &State, out: &mut Vec<Finding>) {
    for color in [Color::White, Color::Black] {
        let on_board = state.rings[color as usize].len();
        let stock = board.checkers.as_ref().map_or(0, |c| match color {
            Color::White => c.white,
            Color::Black => c.black,
        }) as usize;
        if on_board + stock <= CHECKERS_PER_COLOUR {
            continue;
        }
        let span = match &board.checkers {
            Some(c) => c.span,
            None => board_span(board),
        };
        out.push(
            Finding::error(
                RULE_CHECKERS,
                span,
                format!(
                    "{} {} checkers: {on_board} on the board and {stock} in front of the player, but there are only {CHECKERS_PER_COLOUR} of each colour",
                    on_board + stock,
                    color.name()
                ),
            )
            .with_help("`checkers: W, B` counts the checkers in front of each player, not those on the board"),
        );
    }
}

/// The deck is one card per piece plus the four sixes as checker cards (two
/// of each colour): no more cards of a kind than that, 36 in all.
fn check_cards(board: &BoardDiagram, out: &mut Vec<Finding>) {
    let mut counts: Vec<(String, usize)> = Vec::new();
    for (i, card) in board.cards.iter().enumerate() {
        if i == 36 {
            out.push(Finding::error(
                RULE_CARDS,
                card.span,
                "more than 36 cards: Tar Pit's deck has one card per piece and four checker cards",
            ));
        }
        let limit = match card.face() {
            CardFace::Back => continue,
            CardFace::Piece(p) => match p.role {
                Role::Pawn => 8,
                Role::Knight | Role::Bishop | Role::Rook => 2,
                Role::Queen | Role::King => 1,
            },
            CardFace::Checker(_) => 2,
            CardFace::Empty(_) | CardFace::Other(_) => {
                out.push(Finding::error(
                    RULE_CARDS,
                    card.symbol_span,
                    format!(
                        "a `{}` card: Tar Pit's deck has only piece cards and checker cards",
                        card.symbol
                    ),
                ));
                continue;
            }
        };
        let n = match counts.iter_mut().find(|(s, _)| *s == card.symbol) {
            Some((_, n)) => {
                *n += 1;
                *n
            }
            None => {
                counts.push((card.symbol.clone(), 1));
                1
            }
        };
        if n > limit {
            out.push(
                Finding::error(
                    RULE_CARDS,
                    card.symbol_span,
                    format!(
                        "{n} `{}` cards, but Tar Pit's deck has only {limit}",
                        card.symbol
                    ),
                )
                .with_help("one card per piece, and the two sixes of each colour as checker cards"),
            );
        }
    }
}

/// "Draw cards until you have one card for every checker in front of
/// you": after drawing a player holds as many cards as checkers in front
/// of them, and between draws only fewer (a checker came back to them, or
/// they played a card). The hands are where the examples lay them out:
/// Black's above the board, White's below it; a card beside the board's
/// middle is the discard pile.
fn check_hands(board: &BoardDiagram, out: &mut Vec<Finding>) {
    let Some(stock) = &board.checkers else {
        return;
    };
    for (color, in_front) in [(Color::White, stock.white), (Color::Black, stock.black)] {
        let hand: Vec<&crate::diagram::Card> = board
            .cards
            .iter()
            .filter(|c| match color {
                Color::White => c.y > 4.5,
                Color::Black => c.y < 1.5,
            })
            .collect();
        let Some(last) = hand.last() else {
            continue;
        };
        if hand.len() > in_front as usize {
            out.push(
                Finding::error(
                    RULE_CARDS,
                    last.span,
                    format!(
                        "{} holds {} cards but has {in_front} checkers in front of them, and a player never holds more cards than checkers",
                        if color == Color::White { "White" } else { "Black" },
                        hand.len()
                    ),
                )
                .with_help("players draw until they have one card for every checker in front of them; a player with more must discard"),
            );
        }
    }
}

/// Replays the move arrows; length-1 arrows that read as throws are
/// checked as throws, made throws undone before the moves.
fn check_arrows(board: &BoardDiagram, state: &State, out: &mut Vec<Finding>) {
    let arrows: Vec<&Arrow> = crate::engine::games::common::move_arrows(board);
    if crate::engine::games::common::too_many_to_replay(&arrows, out) {
        return;
    }
    let mut candidates: Vec<usize> = (0..arrows.len())
        .filter(|&i| is_throw_shape(state, arrows[i]))
        .collect();
    // Too many to try every reading: read them all as moves.
    if candidates.len() > 8 {
        candidates.clear();
    }
    // Most throws first: a throw-shaped arrow is most likely a throw, but a
    // king step may also be a move.
    let mut masks: Vec<u32> = (0..1u32 << candidates.len()).collect();
    masks.sort_by_key(|m| std::cmp::Reverse(m.count_ones()));
    let mut first_failure: Option<Finding> = None;
    for mask in masks {
        let throws: Vec<usize> = (0..candidates.len())
            .filter(|k| mask >> k & 1 == 1)
            .map(|k| candidates[k])
            .collect();
        match read(state, &arrows, &throws) {
            Ok(()) => return,
            Err(f) => {
                first_failure.get_or_insert(f);
            }
        }
    }
    out.extend(first_failure);
}

/// A king step from a piece of the arrow's colour to another piece. A
/// tarred piece has no checker of its own to throw: its arrow is a move
/// ("pawns cannot move at all, and other pieces move like pawns").
fn is_throw_shape(state: &State, a: &Arrow) -> bool {
    let Some(color) = arrow_color(a) else {
        return false;
    };
    is_king_step(a.from, a.to)
        && state.piece(a.from).is_some_and(|p| p.color == color)
        && state.piece(a.to).is_some()
        && state.ring(a.from) != Some(color.other())
}

/// Why the piece on `a.from` may not throw, if it may not: "If the piece
/// you moved has your own checker under it, you may throw the checker".
/// Where the diagram draws its side's move, the throw comes from the
/// piece that move brought; where it draws none, the thrower must be a
/// piece that can have just moved, which a pawn on its first two ranks
/// cannot. One throw a turn.
fn not_the_mover(state: &State, arrows: &[&Arrow], throws: &[usize], i: usize) -> Option<String> {
    let a = arrows[i];
    let color = arrow_color(a)?;
    let thrower = state.piece(a.from)?;
    let moves: Vec<&Arrow> = (0..arrows.len())
        .filter(|k| !throws.contains(k))
        .map(|k| arrows[k])
        .filter(|m| arrow_color(m) == Some(color))
        .collect();
    let rule = "only the piece that moved this turn may throw its checker";
    if let Some(m) = moves.first()
        && !moves.iter().any(|m| m.to == a.from)
    {
        return Some(format!(
            "{}–{} is no throw: {rule}, and {}–{} moved the piece on {}, not the {} on {}",
            a.from,
            a.to,
            m.from,
            m.to,
            m.to,
            thrower.name(),
            a.from
        ));
    }
    let home = match color {
        Color::White => a.from.rank <= 2,
        Color::Black => a.from.rank >= 7,
    };
    if moves.is_empty() && thrower.role == Role::Pawn && home {
        return Some(format!(
            "{}–{} is no throw: {rule}, and the {} on {} has not moved (a pawn only moves forward)",
            a.from,
            a.to,
            thrower.name(),
            a.from
        ));
    }
    let same: Vec<usize> = throws
        .iter()
        .copied()
        .filter(|&k| arrow_color(arrows[k]) == Some(color))
        .collect();
    if same.len() > moves.len().max(1) && same.last() == Some(&i) {
        return Some(format!(
            "{}–{} is a second {} throw, but a turn moves one piece and throws its checker once",
            a.from,
            a.to,
            color.name()
        ));
    }
    None
}

/// One reading: `throws` are throws, the other arrows moves.
fn read(state: &State, arrows: &[&Arrow], throws: &[usize]) -> Result<(), Finding> {
    let mut before = state.clone();
    for &i in throws {
        let a = arrows[i];
        let Some(color) = arrow_color(a) else {
            continue;
        };
        let Some(thrower) = state.piece(a.from) else {
            continue;
        };
        let who = format!("the {} on {}", thrower.name(), a.from);
        if let Some(why) = not_the_mover(state, arrows, throws, i) {
            return Err(Finding::error(RULE_ARROW, a.span, why));
        }
        match state.ring(a.from) {
            // Still carrying: a throw it may make.
            Some(c) if c == color => continue,
            Some(c) => {
                return Err(Finding::error(
                    RULE_ARROW,
                    a.span,
                    format!(
                        "{who} is tarred (a {} checker under it) and has no checker of its own to throw to {}",
                        c.name(),
                        a.to
                    ),
                ));
            }
            None => {}
        }
        // A made throw: the checker left the thrower and landed on `to`,
        // where it stays (nothing or its own colour there before) or
        // cancelled a checker of the other colour.
        match state.ring(a.to) {
            Some(c) if c != color => {
                return Err(Finding::error(
                    RULE_ARROW,
                    a.span,
                    format!(
                        "a {} checker thrown from {} to {} would have cancelled the {} checker there, yet it is still there",
                        color.name(),
                        a.from,
                        a.to,
                        c.name()
                    ),
                ));
            }
            Some(_) => before.set_ring(a.to, None),
            None => before.set_ring(a.to, Some(color.other())),
        }
        before.set_ring(a.from, Some(color));
    }
    let moves: Vec<&Arrow> = (0..arrows.len())
        .filter(|i| !throws.contains(i))
        .map(|i| arrows[i])
        .collect();
    replay(&before, &moves, &TarPitSteps)
        .map(|_| ())
        .map_err(|mut f| {
            let a = moves.get(f.arrow).copied();
            if let Some(why) = a
                .filter(|_| !f.is_general())
                .and_then(|a| no_throw(state, a))
            {
                f.reason = format!("{why}; nor is it a move: {}", f.reason);
            }
            f.finding(RULE_ARROW, a.map_or(arrows[0].span, |a| a.span))
        })
}

/// Why an arrow from a piece carrying its own checker is no throw, when
/// its author most likely drew one: the checker goes one king step, and
/// only under another piece.
fn no_throw(state: &State, a: &Arrow) -> Option<String> {
    let color = arrow_color(a)?;
    let piece = state.piece(a.from).filter(|p| p.color == color)?;
    if state.ring(a.from) != Some(color) || !a.to.is_on_board() {
        return None;
    }
    let rule = if !is_king_step(a.from, a.to) {
        "a thrown checker moves one square, like a king"
    } else if state.piece(a.to).is_none() {
        "a thrown checker goes under another piece, and can't sit alone on a square"
    } else {
        return None;
    };
    Some(format!(
        "{}–{} is no throw of the {} checker under the {} on {}, since {rule}",
        a.from,
        a.to,
        color.name(),
        piece.name(),
        a.from
    ))
}

/// Checkers meeting under one piece: the same colour repels (one stays),
/// opposite colours cancel (both go back).
fn combine(a: Option<Color>, b: Option<Color>) -> Option<Color> {
    match (a, b) {
        (None, c) | (c, None) => c,
        (Some(x), Some(y)) if x == y => Some(x),
        _ => None,
    }
}

fn forward(color: Color) -> i8 {
    match color {
        Color::White => 1,
        Color::Black => -1,
    }
}

fn last_rank(color: Color) -> u8 {
    match color {
        Color::White => 8,
        Color::Black => 1,
    }
}

/// The squares a piece attacks, tar included: a tarred pawn cannot move at
/// all, another tarred piece captures like a pawn.
fn tar_attacks(state: &State, sq: Square, piece: Piece) -> SquareSet {
    if state.ring(sq) == Some(piece.color.other()) {
        if piece.role == Role::Pawn {
            return SquareSet::EMPTY;
        }
        return pawn_attacks(piece.color, sq);
    }
    attacks(&state.board, sq, piece.role, piece.color)
}

fn attacked(state: &State, sq: Square, by: Color) -> bool {
    state
        .board
        .pieces()
        .any(|(s, p)| p.color == by && tar_attacks(state, s, p).contains(sq))
}

fn king_in_check(state: &State, color: Color) -> bool {
    state
        .board
        .pieces()
        .any(|(s, p)| p.color == color && p.role == Role::King && attacked(state, s, color.other()))
}

/// Tar Pit's moves for the replay of arrows.
struct TarPitSteps;

/// Pseudo-legal orthodox moves: king safety, castling through attack and
/// tar are checked here with tar-aware attacks. En passant after a double
/// step the replay shows or infers.
const PSEUDO: Rules = Rules {
    king_safety: false,
    en_passant: true,
    castling: true,
    castle_through_attack: true,
    promotion_roles: &[Role::Queen, Role::Rook, Role::Bishop, Role::Knight],
};

impl StepRules for TarPitSteps {
    fn step(
        &self,
        state: &State,
        from: Square,
        to: Square,
        color: Color,
    ) -> Result<Vec<State>, String> {
        if !from.is_on_board() || !to.is_on_board() {
            return Err(format!("{from}–{to} leaves the board"));
        }
        let Some(piece) = state.piece(from) else {
            return Err(format!("there is no piece on {from} to move to {to}"));
        };
        if piece.color != color {
            return Err(format!(
                "the piece on {from} is {}, but the arrow is {}",
                piece.color.name(),
                color.name()
            ));
        }
        let who = format!("the {} on {from}", piece.name());
        let ring = state.ring(from);
        let afters = if ring == Some(color.other()) {
            vec![tarred_step(state, from, to, piece, &who)?]
        } else {
            normal_steps(state, from, to, piece, &who)?
        };
        let safe: Vec<State> = afters
            .into_iter()
            .filter(|s| !king_in_check(s, color))
            .collect();
        if safe.is_empty() {
            return Err(format!(
                "{who} cannot move to {to}: it would leave the {} king in check",
                color.name()
            ));
        }
        // "You may play a card to add a checker": after the move, a
        // player's card may add a checker under the moved piece (this
        // turn's own, or the other side's on its turn), which stays, is
        // repelled or cancels. Never tar on the far back rank (`rings`).
        // A castling moves the rook too: the card may add its checker
        // under the rook instead.
        let castled_rook =
            (piece.role == Role::King && from.rank == to.rank && from.file.abs_diff(to.file) == 2)
                .then(|| Square::new(if to.file > from.file { 5 } else { 3 }, to.rank));
        let mut out = safe.clone();
        for s in &safe {
            for sq in std::iter::once(to).chain(castled_rook) {
                let moved = s.piece(sq);
                for ring in [None, Some(Color::White), Some(Color::Black)] {
                    let tar_on_last = moved.is_some_and(|p| {
                        ring.is_some_and(|r| r != p.color) && sq.rank == last_rank(p.color)
                    });
                    if ring == s.ring(sq) || tar_on_last {
                        continue;
                    }
                    let mut v = s.clone();
                    v.set_ring(sq, ring);
                    if !out.contains(&v) {
                        out.push(v);
                    }
                }
            }
        }
        Ok(out)
    }

    /// "A tarred piece may capture an enemy pawn en passant", and so may a
    /// pawn, as in orthodox chess.
    fn en_passant(&self) -> bool {
        true
    }

    fn material(&self) -> MaterialRules {
        MATERIAL
    }

    /// The mover back on `from` and the pawn it took beside it, each with
    /// any checker.
    fn en_passant_befores(
        &self,
        after: &State,
        from: Square,
        to: Square,
        color: Color,
    ) -> Vec<State> {
        let Some(piece) = after.piece(to).filter(|p| p.color == color) else {
            return Vec::new();
        };
        let mut pawn_after = after.clone();
        pawn_after
            .board
            .set(to, Some(Piece::new(color, Role::Pawn)));
        let victim = replay::en_passant_victim(from, to);
        let rings = [None, Some(Color::White), Some(Color::Black)];
        let mut out = Vec::new();
        for mut b in replay::en_passant_befores(&pawn_after, from, to, color) {
            b.board.set(from, Some(piece));
            for m in rings {
                for c in rings {
                    let mut s = b.clone();
                    s.set_ring(from, m);
                    s.set_ring(victim, c);
                    out.push(s);
                }
            }
        }
        out
    }

    /// The mover back on `from` with any checker, and on `to` nothing or
    /// any enemy piece with any checker; a castled rook back in its corner.
    fn befores(&self, after: &State, from: Square, to: Square, color: Color) -> Vec<State> {
        let Some(piece) = after.piece(to) else {
            return Vec::new();
        };
        if piece.color != color
            || !from.is_on_board()
            || !to.is_on_board()
            || after.piece(from).is_some()
        {
            return Vec::new();
        }
        let mut movers = vec![piece.role];
        if to.rank == last_rank(color) && !matches!(piece.role, Role::Pawn | Role::King) {
            movers.push(Role::Pawn);
        }
        let rings = [None, Some(Color::White), Some(Color::Black)];
        let material_ok = material::problems(&after.board, &MATERIAL).is_empty();
        let mut out = Vec::new();
        for role in movers {
            let mut base = after.clone();
            base.en_passant = None;
            base.board.set(to, None);
            base.set_ring(to, None);
            base.board.set(from, Some(Piece::new(color, role)));
            if role == Role::King && from.rank == to.rank && from.file.abs_diff(to.file) == 2 {
                // Castling: the rook goes back to its corner.
                let (rook_from, rook_to) = if to.file > from.file { (7, 5) } else { (0, 3) };
                let (rf, rt) = (
                    Square::new(rook_from, to.rank),
                    Square::new(rook_to, to.rank),
                );
                // A checker under the castled rook was added after the
                // move by a card: a tarred rook does not castle.
                if base.piece(rf).is_none() && base.piece(rt) == Some(Piece::new(color, Role::Rook))
                {
                    base.board.set(rt, None);
                    base.set_ring(rt, None);
                    base.board.set(rf, Some(Piece::new(color, Role::Rook)));
                }
            }
            for m in rings {
                let mut s = base.clone();
                s.set_ring(from, m);
                out.push(s.clone());
                for victim in Role::ALL {
                    let mut v = s.clone();
                    v.board.set(to, Some(Piece::new(color.other(), victim)));
                    // A piece its side cannot have had is no victim: the
                    // move's own rule then gives the reason.
                    if material_ok && !material::problems(&v.board, &MATERIAL).is_empty() {
                        continue;
                    }
                    for c in rings {
                        let mut v = v.clone();
                        v.set_ring(to, c);
                        out.push(v);
                    }
                }
            }
        }
        out
    }
}

/// A tarred piece (not a pawn) moves like a pawn: one square forward onto
/// an empty square, or one diagonally forward to capture; never two.
fn tarred_step(
    state: &State,
    from: Square,
    to: Square,
    piece: Piece,
    who: &str,
) -> Result<State, String> {
    let tar = piece.color.other().name();
    if piece.role == Role::Pawn {
        return Err(format!(
            "{who} is tarred (a {tar} checker under it), and a tarred pawn cannot move at all"
        ));
    }
    let dr = to.rank as i8 - from.rank as i8;
    let df = to.file as i8 - from.file as i8;
    let target = state.piece(to);
    let victim = replay::en_passant_victim(from, to);
    let en_passant = target.is_none()
        && state.en_passant == Some(to)
        && state.piece(victim) == Some(Piece::new(piece.color.other(), Role::Pawn));
    let ok = dr == forward(piece.color)
        && match df {
            0 => target.is_none(),
            -1 | 1 => target.is_some_and(|t| t.color != piece.color) || en_passant,
            _ => false,
        };
    if !ok {
        return Err(format!(
            "{who} is tarred (a {tar} checker under it), so it moves like a pawn: one square forward, or one diagonally forward to capture, and {from}–{to} is not such a move"
        ));
    }
    let mut after = state.clone();
    after.en_passant = None;
    let ring = if en_passant {
        let ring = combine(state.ring(from), state.ring(victim));
        after.board.set(victim, None);
        after.set_ring(victim, None);
        ring
    } else {
        combine(state.ring(from), state.ring(to))
    };
    after.board.set(from, None);
    after.set_ring(from, None);
    after.board.set(to, Some(piece));
    // "All the way to your back rank" can only be the far rank, the one a
    // piece moving like a pawn reaches: the checker goes back there.
    let ring = if to.rank == last_rank(piece.color) {
        None
    } else {
        ring
    };
    after.set_ring(to, ring);
    Ok(after)
}

/// An untarred piece moves normally and takes its checker along; no
/// castling when the king or the rook has a checker.
fn normal_steps(
    state: &State,
    from: Square,
    to: Square,
    piece: Piece,
    who: &str,
) -> Result<Vec<State>, String> {
    let pos = replay::position(state, piece.color, &PSEUDO, CastlingInference::Standard);
    let found: Vec<Move> = pos
        .legal_moves(&PSEUDO)
        .into_iter()
        .filter(|m| m.from() == from && m.to() == to)
        .collect();
    if found.is_empty() {
        return Err(explain(
            &pos,
            from,
            to,
            piece.color,
            &Rules {
                king_safety: false,
                ..PSEUDO
            },
        ));
    }
    let mut out = Vec::new();
    let mut why = None;
    for m in found {
        if let Move::Castle { king, rook } = m {
            if state.ring(king).is_some() || state.ring(rook).is_some() {
                why = Some(format!(
                    "{who} cannot castle: no castling when the king or the rook has a checker"
                ));
                continue;
            }
            let end = m.to();
            let mut path = squares_between(king, end).with(king).with(end);
            path.remove(rook);
            if path.iter().any(|s| attacked(state, s, piece.color.other())) {
                why = Some(format!(
                    "{who} cannot castle: the king would start on, pass or land on an attacked square"
                ));
                continue;
            }
        }
        let mut s = state.clone();
        let next = pos.played(m);
        s.board = next.to_board();
        s.en_passant = next.ep_square();
        let taken = match m {
            Move::EnPassant { .. } => replay::en_passant_victim(from, to),
            _ => to,
        };
        let ring = combine(state.ring(from), state.ring(taken));
        s.set_ring(taken, None);
        s.set_ring(from, None);
        s.set_ring(to, ring);
        out.push(s);
    }
    if out.is_empty() {
        return Err(why.unwrap_or_else(|| format!("{who} cannot move to {to}")));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::book::Book;
    use crate::engine::{Options, RuleDiagnostic, check_book};
    use std::ops::Range;
    use std::path::Path;

    const BOOK: &str = "tests/seeds/rules.md";
    const SECTION: &str = "Tar Pit Chess";

    fn parse(text: &str) -> Book {
        let mut diags = Vec::new();
        let book = Book::parse(
            crate::source::SourceFile::new("rules.md", text.to_string()),
            &mut diags,
        );
        assert!(diags.is_empty(), "{diags:?}");
        book
    }

    fn findings(book: &Book) -> Vec<RuleDiagnostic> {
        let (out, _, _) = check_book(book, &Options::default());
        out.into_iter()
            .filter(|d| d.section.as_deref() == Some(SECTION))
            .collect()
    }

    fn diagram_range(book: &Book, n: usize) -> Range<usize> {
        let d = book
            .diagrams
            .iter()
            .find(|d| {
                book.section_of(d).map(|s| s.title.as_str()) == Some(SECTION) && d.number == n
            })
            .unwrap();
        d.span.start..d.span.end
    }

    /// Changes one line of the `n`th seed diagram and returns the findings
    /// of the given rule that point inside that diagram.
    fn mutated(n: usize, old: &str, new: &str, rule: &str) -> Vec<String> {
        let text = std::fs::read_to_string(BOOK).unwrap();
        let range = diagram_range(&parse(&text), n);
        let block = &text[range.clone()];
        assert_eq!(block.matches(old).count(), 1, "{old:?} in diagram {n}");
        let changed = format!(
            "{}{}{}",
            &text[..range.start],
            block.replacen(old, new, 1),
            &text[range.end..]
        );
        let book = parse(&changed);
        let range = diagram_range(&book, n);
        let all = findings(&book);
        let hits: Vec<String> = all
            .iter()
            .filter(|d| {
                d.rule == rule && d.diagnostic.span.is_some_and(|s| range.contains(&s.start))
            })
            .map(|d| d.diagnostic.message.clone())
            .collect();
        assert!(
            !hits.is_empty(),
            "no {rule} finding after {old:?} -> {new:?}: {:?}",
            all.iter()
                .map(|d| (d.rule, &d.diagnostic.message))
                .collect::<Vec<_>>()
        );
        hits
    }

    /// The findings of a one-diagram Tar Pit section.
    fn own(diagram: &str) -> Vec<(&'static str, String)> {
        let body: String = diagram
            .lines()
            .map(|l| format!("    {}\n", l.trim()))
            .collect();
        let book = parse(&format!("## {SECTION}\n\nText.\n\n{body}"));
        findings(&book)
            .into_iter()
            .map(|d| (d.rule, d.diagnostic.message))
            .collect()
    }

    #[test]
    fn every_seed_diagram_passes() {
        let mut diags = Vec::new();
        let book = Book::load(Path::new(BOOK), &mut diags).unwrap();
        let ours = findings(&book);
        assert!(
            ours.is_empty(),
            "{:?}",
            ours.iter()
                .map(|d| &d.diagnostic.message)
                .collect::<Vec<_>>()
        );
        let n = book
            .diagrams
            .iter()
            .filter(|d| book.section_of(d).map(|s| s.title.as_str()) == Some(SECTION))
            .count();
        assert_eq!(n, 5);
    }

    #[test]
    fn a_ring_on_an_empty_square_or_a_second_ring() {
        let m = mutated(1, "arrow: e7, e7, white", "arrow: e6, e6, white", RULE_RING);
        assert!(m[0].contains("no piece stands"), "{m:?}");
        let m = mutated(1, "arrow: f5, f5, white", "arrow: e4, e4, white", RULE_RING);
        assert!(m[0].contains("second checker"), "{m:?}");
    }

    #[test]
    fn more_than_twelve_checkers() {
        let m = mutated(1, "checkers: 4, 5", "checkers: 11, 5", RULE_CHECKERS);
        assert!(m[0].starts_with("13 white checkers"), "{m:?}");
    }

    #[test]
    fn a_throw_needs_a_piece_and_a_checker_of_its_own() {
        // Onto an empty square: neither a throw nor a knight move.
        mutated(
            3,
            "arrow: e4, f3, black",
            "arrow: e4, e3, black",
            RULE_ARROW,
        );
        // A white checker on f3 would have cancelled the thrown one.
        let m = mutated(
            3,
            "arrow: f3, f3, black",
            "arrow: f3, f3, white",
            RULE_ARROW,
        );
        assert!(m[0].contains("cancelled"), "{m:?}");
        // A tarred king has no checker of its own to throw (and cannot take
        // its own pawn).
        let d = ". . . . k . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            . . . P . . . .
            . . . . K . . .
            arrow: e1, e1, black
            arrow: e1, d2, white";
        let f = own(d);
        assert!(
            f.iter()
                .any(|(r, m)| *r == RULE_ARROW && m.contains("tarred")),
            "{f:?}"
        );
        let carrying = own(&d.replace("arrow: e1, e1, black", "arrow: e1, e1, white"));
        assert!(carrying.is_empty(), "{carrying:?}");
    }

    /// Black's knight on e4 carries a black checker, after taking on e4.
    const CARRYING_KNIGHT: &str = "r n b q k b . r
        p p p p p . p p
        . . . . . . . .
        . . . . . p . .
        . . . . n . P .
        . . . . . P . .
        P P P P . . . P
        R N B Q K B N R
        arrow: e4, e4, black";

    #[test]
    fn a_thrown_checker_goes_one_king_step_under_a_piece() {
        // Thrown under the pawn on f3: one king step, under a piece.
        let f = own(&format!("{CARRYING_KNIGHT}\narrow: e4, f3, black"));
        assert!(f.is_empty(), "{f:?}");
        // Onto the empty e3: no throw, and no knight move either.
        let f = own(&format!("{CARRYING_KNIGHT}\narrow: e4, e3, black"));
        assert!(
            f.iter().any(|(r, m)| *r == RULE_ARROW
                && m.contains("e4–e3 is no throw")
                && m.contains("can't sit alone on a square")),
            "{f:?}"
        );
        // Under the pawn on g4, two squares away: a checker moves like a king.
        let f = own(&format!("{CARRYING_KNIGHT}\narrow: e4, g4, black"));
        assert!(
            f.iter().any(|(r, m)| *r == RULE_ARROW
                && m.contains("e4–g4 is no throw")
                && m.contains("one square, like a king")),
            "{f:?}"
        );
    }

    #[test]
    fn a_tarred_pawn_cannot_move() {
        let m = mutated(
            2,
            "arrow: f6, e4, black",
            "arrow: f5, f4, black",
            RULE_ARROW,
        );
        assert!(m[0].contains("tarred pawn cannot move"), "{m:?}");
    }

    #[test]
    fn a_made_move_must_be_the_pieces_move() {
        // The knight on e4 cannot have come from e6.
        mutated(
            2,
            "arrow: f6, e4, black",
            "arrow: e6, e4, black",
            RULE_ARROW,
        );
    }

    #[test]
    fn a_tarred_knight_moves_like_a_pawn() {
        let base = "r n b q k b . r
            p p p p p p p p
            . . . . . n . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            P P P P P P P P
            R N B Q K B N R
            arrow: f6, f6, white";
        assert!(own(base).is_empty(), "{:?}", own(base));
        let jump = own(&format!("{base}\narrow: f6, e4, black"));
        assert!(
            jump.iter()
                .any(|(r, m)| *r == RULE_ARROW && m.contains("moves like a pawn")),
            "{jump:?}"
        );
        assert!(own(&format!("{base}\narrow: f6, f5, black")).is_empty());
        let two = own(&format!("{base}\narrow: f6, f4, black"));
        assert!(two.iter().any(|(r, _)| *r == RULE_ARROW), "{two:?}");
    }

    #[test]
    fn no_castling_with_a_checker() {
        let base = "r . . . k . . r
            p p p . . p p p
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            P P P . . P P P
            R . . . K . . R
            arrow: e1, g1, white";
        assert!(own(base).is_empty(), "{:?}", own(base));
        let f = own(&format!("{base}\narrow: h1, h1, white"));
        assert!(
            f.iter()
                .any(|(r, m)| *r == RULE_ARROW && m.contains("castle")),
            "{f:?}"
        );
    }

    #[test]
    fn a_tarred_knight_gives_no_knight_check() {
        // A tarred knight attacks like a pawn, so the king may step onto
        // the square its knight move would have hit.
        let d = ". . . . . . k .
            . . . . . . . .
            . . . . . . . .
            . . . . N . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            . . . . K . . .
            arrow: e5, e5, black
            arrow: g8, f7, black";
        assert!(own(d).is_empty(), "{:?}", own(d));
        let f = own(&d.replace("arrow: e5, e5, black", "arrow: e5, e5, white"));
        assert!(
            f.iter()
                .any(|(r, m)| *r == RULE_ARROW && m.contains("check")),
            "{f:?}"
        );
    }

    #[test]
    fn a_player_holds_no_more_cards_than_checkers_in_front() {
        // Black holds four cards with five checkers in front (one came back
        // on White's turn); White four with four.
        let f = mutated(1, "checkers: 4, 5", "checkers: 3, 5", "cards");
        assert_eq!(
            f,
            [
                "White holds 4 cards but has 3 checkers in front of them, and a player never holds more cards than checkers"
            ]
        );
        let f = mutated(4, "checkers: 4, 4", "checkers: 4, 2", "cards");
        assert_eq!(f.len(), 1, "{f:?}");
    }

    #[test]
    fn too_many_cards_of_a_kind() {
        let d = "r n b q k b n r
            p p p p p p p p
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            P P P P P P P P
            R N B Q K B N R
            card: C, 8.5, 0
            card: C, 9, 0
            card: C, 9.5, 0";
        let f = own(d);
        assert!(
            f.iter()
                .any(|(r, m)| *r == RULE_CARDS && m.contains("3 `C` cards")),
            "{f:?}"
        );
    }

    /// White's dark-squared bishop, tarred on c1, stepped like a pawn to
    /// c2, a light square: two white bishops on light squares, all eight
    /// pawns on the board.
    const TARRED_BISHOP: &str = "r n b q k b n r
        p p p p p p p p
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . P . . . . .
        P P B P P P P P
        R N . Q K B N R
        arrow: c1, c2, white
        arrow: c2, c2, black";

    #[test]
    fn a_tarred_bishop_may_change_colour() {
        let f = own(TARRED_BISHOP);
        assert!(f.is_empty(), "{f:?}");
        // The same squares with no arrow: the step is not drawn.
        let f = own(&TARRED_BISHOP.replace("arrow: c1, c2, white", ""));
        assert!(f.is_empty(), "{f:?}");
    }

    #[test]
    fn a_standard_set_less_its_captures() {
        // A third white bishop, with all eight pawns on the board, cannot
        // be a promoted pawn.
        let f = own(&TARRED_BISHOP.replace(
            ". . . . . . . .\n        . . P",
            ". . . . B . . .\n        . . P",
        ));
        assert!(
            f.iter().any(|(r, m)| *r == material::RULE
                && m.contains("3 bishops means 1 promoted pawn")),
            "{f:?}"
        );
    }

    #[test]
    fn no_tar_on_the_far_back_rank() {
        let base = "r n b q k b n r
             p p p p p p p p
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .
             P P P P P P P P
             R N B Q K B N R";
        // Black's checker tars the white pawn on e2: fine.
        assert!(own(&format!("{base}\narrow: e2, e2, black")).is_empty());
        // A black knight on its far back rank, rank 1, cannot stay tarred.
        let far = base
            .replace("R N B Q K B N R", "R N B Q K B . n")
            .replace("r n b q k b n r", "r n b q k b . r");
        let f = own(&format!("{far}\narrow: h1, h1, white"));
        assert!(
            f.iter()
                .any(|(r, m)| *r == RULE_RING && m.contains("back rank")),
            "{f:?}"
        );
        // Black's own checker may stay there: the piece carries tar.
        let f = own(&format!("{far}\narrow: h1, h1, black"));
        assert!(!f.iter().any(|(r, _)| *r == RULE_RING), "{f:?}");
    }

    /// "If the piece you moved has your own checker under it, you may
    /// throw the checker": the throw is the moved piece's.
    #[test]
    fn only_the_piece_that_moved_throws() {
        // A pawn still on e2 has not moved: it throws nothing.
        let start = "r n b q k b n r
            p p p p p p p p
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            P P P P P P P P
            R N B Q K B N R
            arrow: e2, e2, white
            arrow: e2, d1, white";
        let f = own(start);
        assert_eq!(
            f,
            [(
                RULE_ARROW,
                "e2–d1 is no throw: only the piece that moved this turn may throw its checker, and the white pawn on e2 has not moved (a pawn only moves forward)".to_string()
            )]
        );
        // The knight that took on e4 throws (the book's example).
        let f = own(&format!(
            "{CARRYING_KNIGHT}\narrow: f6, e4, black\narrow: e4, f3, black"
        ));
        assert!(f.is_empty(), "{f:?}");
        // Black's move is h7–h6: the knight on e4 did not move.
        let f = own(&format!(
            "{CARRYING_KNIGHT}\narrow: h7, h6, black\narrow: e4, f3, black"
        ));
        assert!(
            f.iter().any(|(r, m)| *r == RULE_ARROW
                && m == "e4–f3 is no throw: only the piece that moved this turn may throw its checker, and h7–h6 moved the piece on h6, not the black knight on e4"),
            "{f:?}"
        );
    }

    /// "Your piece on your opponent's checker is tarred: ... other pieces
    /// move like pawns": a tarred rook's arrow onto a piece straight ahead
    /// is a move (a tarred piece has no checker to throw), and a pawn
    /// captures only diagonally.
    #[test]
    fn a_tarred_rooks_straight_capture_is_a_pawns_move() {
        let d = ". . . . k . . .
            . . . . . . . .
            . . . . . . . .
            . . . p p . . .
            . . . . R . . .
            . . . . . . . .
            . . . . . . . .
            . . . . K . . .
            arrow: e4, e4, black";
        let f = own(&format!("{d}\narrow: e4, e5, white"));
        assert_eq!(
            f,
            [(
                RULE_ARROW,
                "the white rook on e4 is tarred (a black checker under it), so it moves like a pawn: one square forward, or one diagonally forward to capture, and e4–e5 is not such a move".to_string()
            )]
        );
        let f = own(&format!("{d}\narrow: e4, d5, white"));
        assert!(f.is_empty(), "{f:?}");
    }

    /// A tarred black bishop moves like a black pawn: down the board, one
    /// square straight onto an empty square, or diagonally to capture.
    #[test]
    fn a_tarred_black_bishop_steps_like_a_black_pawn() {
        let base = "r n . q k b n r
            p p p . p p p p
            . . . . . . . .
            . . . p . . . .
            . . . . . . . .
            . . . . . . . .
            P P P P P P P P
            R N B Q K B N R";
        // Made: c8–c7 straight down, tarred on c7.
        let f = own(&format!(
            "{}\narrow: c7, c7, white\narrow: c8, c7, black",
            base.replace("p p p . p p p p", "p p b . p p p p")
                .replace(". . . p . . . .", ". . p p . . . .")
        ));
        assert!(f.is_empty(), "{f:?}");
        // Proposed: c8–d7 diagonally onto an empty square is a bishop's
        // move, not a pawn's.
        let f = own(&format!(
            "{}\narrow: c8, c8, white\narrow: c8, d7, black",
            base.replace("r n . q k b n r", "r n b q k b n r")
        ));
        assert_eq!(
            f,
            [(
                RULE_ARROW,
                "the black bishop on c8 is tarred (a white checker under it), so it moves like a pawn: one square forward, or one diagonally forward to capture, and c8–d7 is not such a move".to_string()
            )]
        );
        // Tarred on d6, it steps down the board like a black pawn, not up.
        let tarred_d6 = |arrow: &str| {
            own(&format!(
                "{}\narrow: d6, d6, white\n{arrow}",
                base.replace(
                    ". . . . . . . .\n            . . . p",
                    ". . . b . . . .\n            . . . p"
                )
            ))
        };
        assert!(
            tarred_d6("arrow: d6, d7, black")
                .iter()
                .any(|(r, m)| *r == RULE_ARROW && m.ends_with("and d6–d7 is not such a move")),
            "{:?}",
            tarred_d6("arrow: d6, d7, black")
        );
        let f = tarred_d6("arrow: d6, d5, black");
        assert!(
            f.iter()
                .any(|(r, m)| *r == RULE_ARROW && m.contains("d6–d5")),
            "the d5 pawn blocks: {f:?}"
        );
        // Made, the bishop tarred on d7: it moved as a bishop, and White's
        // card tarred it after ("You may play a card to add a checker").
        let f = own(&format!(
            "{}\narrow: d7, d7, white\narrow: c8, d7, black",
            base.replace("p p p . p p p p", "p p p b p p p p")
        ));
        assert!(f.is_empty(), "{f:?}");
    }

    /// "You may play a card to add a checker": Black's card after e7–e5
    /// tarred the pawn White moved to e4. The pawn, tarred, cannot move
    /// on: the refusal is at its new move, not at its sound double step.
    #[test]
    fn a_checker_added_by_a_card_after_the_move() {
        let d = "r n b q k b n r
            p p p . . p p p
            . . . . . . . .
            . . . p p . . .
            . . . . P . . .
            . . . . . . . .
            P P P P . P P P
            R N B Q K B N R
            arrow: e2, e4, white
            arrow: e7, e5, black
            arrow: e4, e4, black";
        let f = own(d);
        assert!(f.is_empty(), "{f:?}");
        let f = own(&format!("{d}\narrow: e4, d5, white"));
        assert_eq!(
            f,
            [(
                RULE_ARROW,
                "the white pawn on e4 is tarred (a black checker under it), and a tarred pawn cannot move at all".to_string()
            )]
        );
    }

    /// White has castled; a checker under the rook or the king may have
    /// been added after the move by a card ("After you finish moving, you
    /// may play one of your cards to add a checker").
    const CASTLING: &str = ". . . . k . . .
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
            let f = crate::engine::games::common::testing::check_text(
                SECTION,
                &format!("{CASTLING}\narrow: e1, g1, white\narrow: {ring}"),
            );
            assert!(f.is_empty(), "{ring}: {f:?}");
        }
    }
}
