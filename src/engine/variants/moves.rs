//! The moves of a configured game on its board in play, and why a move
//! is not one.

use super::Variant;
use crate::diagram::{Color, Piece, Role, Square};
use crate::engine::chess::KNIGHT_STEPS;
use crate::engine::material::MaterialRules;
use crate::engine::replay::{self, State, StepRules};

impl Variant {
    /// The square `d` steps from `from`, if it is on the 8×8 board.
    pub(super) fn offset(from: Square, df: i8, dr: i8) -> Option<Square> {
        let f = u8::try_from(from.file as i8 + df).ok()?;
        let r = u8::try_from(from.rank as i8 + dr).ok()?;
        let sq = Square::new(f, r);
        sq.is_on_board().then_some(sq)
    }

    /// Where the piece `p` on `from` may go (or, with `attacks`, what it
    /// attacks), each with whether it ends in a hole. Pawns' quiet moves
    /// and castling are in [`VariantSteps::moves`].
    pub(super) fn reach(
        &self,
        state: &State,
        from: Square,
        p: Piece,
        attacks: bool,
    ) -> Vec<(Square, bool)> {
        let mut out = Vec::new();
        // A step onto `to`: a hole swallows a piece that is not a king,
        // where the game says so; otherwise only squares in play count.
        let land = |to: Square, out: &mut Vec<(Square, bool)>| -> bool {
            if self.holes.contains(to) {
                if self.holes_swallow && p.role != Role::King && self.in_area(to) && !attacks {
                    out.push((to, true));
                }
                return false;
            }
            if !self.inside(to) {
                return false;
            }
            match state.piece(to) {
                Some(q) if q.color == p.color => false,
                Some(_) => {
                    out.push((to, false));
                    false
                }
                None => {
                    out.push((to, false));
                    true
                }
            }
        };
        const QUEEN: [(i8, i8); 8] = [
            (1, 0),
            (-1, 0),
            (0, 1),
            (0, -1),
            (1, 1),
            (1, -1),
            (-1, 1),
            (-1, -1),
        ];
        let (dirs, slides): (&[(i8, i8)], bool) = match p.role {
            Role::King => (&QUEEN, false),
            Role::Knight => (&KNIGHT_STEPS, false),
            Role::Bishop => (&QUEEN[4..], true),
            Role::Rook => (&QUEEN[..4], true),
            Role::Queen => (&QUEEN, true),
            Role::Pawn => (&[], false),
        };
        for &(df, dr) in dirs {
            let mut at = from;
            while let Some(next) = Variant::offset(at, df, dr) {
                if !land(next, &mut out) || !slides {
                    break;
                }
                at = next;
            }
        }
        if p.role == Role::Pawn {
            let dr = if p.color == Color::White { 1 } else { -1 };
            for df in [-1, 1] {
                let Some(to) = Variant::offset(from, df, dr).filter(|&s| self.inside(s)) else {
                    continue;
                };
                match state.piece(to) {
                    Some(q) if q.color != p.color => out.push((to, false)),
                    None if attacks => out.push((to, false)),
                    _ => {}
                }
            }
        }
        out
    }
}

/// The square of `color`'s king, if it has one.
pub(super) fn king(board: &crate::diagram::Board, color: Color) -> Option<Square> {
    board
        .pieces()
        .find(|(_, p)| *p == Piece::new(color, Role::King))
        .map(|(s, _)| s)
}

/// A move of the variant, played onto a state.
#[derive(Clone, Copy, Debug)]
struct VariantMove {
    from: Square,
    to: Square,
    /// The piece that ends on `to` (a promoted pawn's new piece).
    becomes: Piece,
    /// Whether the piece falls into a hole and leaves the board.
    swallowed: bool,
    /// The pawn taken en passant.
    en_passant: Option<Square>,
    /// The square a double step skipped.
    skipped: Option<Square>,
    /// The rook's move when castling.
    rook: Option<(Square, Square)>,
}

impl VariantMove {
    /// The squares the move leaves empty, where no piece can have stood
    /// just after it.
    fn vacated(&self) -> Vec<Square> {
        [
            Some(self.from),
            self.en_passant,
            self.rook.map(|(from, _)| from),
        ]
        .into_iter()
        .flatten()
        .collect()
    }
}

/// Moves within the variant's board and switches.
pub(super) struct VariantSteps<'a> {
    pub(super) variant: &'a Variant,
}

impl VariantSteps<'_> {
    /// Every move of the piece on `from` (of `color`) to `to`.
    fn moves(&self, state: &State, from: Square, to: Square, color: Color) -> Vec<VariantMove> {
        let v = self.variant;
        let Some(p) = state.piece(from).filter(|p| p.color == color) else {
            return Vec::new();
        };
        let plain = |to: Square, swallowed: bool| VariantMove {
            from,
            to,
            becomes: p,
            swallowed,
            en_passant: None,
            skipped: None,
            rook: None,
        };
        let mut out: Vec<VariantMove> = Vec::new();
        if p.role != Role::Pawn {
            out.extend(
                v.reach(state, from, p, false)
                    .into_iter()
                    .filter(|&(t, _)| t == to)
                    .map(|(t, swallowed)| plain(t, swallowed)),
            );
            if p.role == Role::King && v.castling {
                out.extend(self.castling(state, from, to, color));
            }
            return out;
        }
        let dr: i8 = if color == Color::White { 1 } else { -1 };
        let (white_start, black_start) = v.pawn_starts();
        let start = if color == Color::White {
            white_start
        } else {
            black_start
        };
        let last = if color == Color::White {
            v.ranks.1
        } else {
            v.ranks.0
        };
        let mut found: Vec<VariantMove> = Vec::new();
        let open = |s: Square| v.inside(s) && state.piece(s).is_none();
        let hole = |s: Square| v.holes_swallow && v.holes.contains(s);
        if let Some(one) = Variant::offset(from, 0, dr) {
            if open(one) {
                found.push(plain(one, false));
                if v.double_step
                    && from.rank == start
                    && let Some(two) = Variant::offset(from, 0, 2 * dr)
                {
                    if open(two) {
                        found.push(VariantMove {
                            skipped: Some(one),
                            ..plain(two, false)
                        });
                    } else if hole(two) {
                        found.push(plain(two, true));
                    }
                }
            } else if hole(one) {
                found.push(plain(one, true));
            }
        }
        for (t, swallowed) in v.reach(state, from, p, false) {
            found.push(plain(t, swallowed));
        }
        if v.en_passant
            && let Some(ep) = state.en_passant
            && ep.rank as i8 == from.rank as i8 + dr
            && ep.file.abs_diff(from.file) == 1
            && state.piece(ep).is_none()
        {
            let victim = replay::en_passant_victim(from, ep);
            if state.piece(victim) == Some(Piece::new(color.other(), Role::Pawn)) {
                found.push(VariantMove {
                    en_passant: Some(victim),
                    ..plain(ep, false)
                });
            }
        }
        for m in found.into_iter().filter(|m| m.to == to) {
            if m.to.rank == last && !m.swallowed {
                for role in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
                    if v.promotion[role as usize] {
                        out.push(VariantMove {
                            becomes: Piece::new(color, role),
                            ..m
                        });
                    }
                }
            } else {
                out.push(m);
            }
        }
        out
    }

    /// Castling on the full board, its rights read from the squares: the
    /// king on e1 (e8) and the rook in its corner.
    fn castling(&self, state: &State, from: Square, to: Square, color: Color) -> Vec<VariantMove> {
        let v = self.variant;
        let back = if color == Color::White { 1 } else { 8 };
        if from != Square::new(4, back) || to.rank != back {
            return Vec::new();
        }
        let (corner, rook_to, passes): (u8, u8, &[u8]) = match to.file {
            6 => (7, 5, &[5, 6]),
            2 => (0, 3, &[1, 2, 3]),
            _ => return Vec::new(),
        };
        let corner = Square::new(corner, back);
        if state.piece(corner) != Some(Piece::new(color, Role::Rook)) {
            return Vec::new();
        }
        let between = passes.iter().map(|&f| Square::new(f, back));
        if between
            .clone()
            .any(|s| state.piece(s).is_some() || !v.inside(s))
        {
            return Vec::new();
        }
        if v.check {
            // The king may not castle out of, through or into check.
            let crossed = [from, Square::new(rook_to, back), to];
            if crossed.iter().any(|&s| v.attacked(state, s, color.other())) {
                return Vec::new();
            }
        }
        vec![VariantMove {
            from,
            to,
            becomes: Piece::new(color, Role::King),
            swallowed: false,
            en_passant: None,
            skipped: None,
            rook: Some((corner, Square::new(rook_to, back))),
        }]
    }

    fn play(&self, state: &State, m: &VariantMove) -> State {
        let mut s = state.clone();
        let ring = s.ring(m.from);
        s.board.set(m.from, None);
        s.set_ring(m.from, None);
        if let Some(victim) = m.en_passant {
            s.board.set(victim, None);
            s.set_ring(victim, None);
        }
        if m.swallowed {
            s.set_ring(m.to, None);
        } else {
            s.board.set(m.to, Some(m.becomes));
            s.set_ring(m.to, ring);
        }
        if let Some((rook_from, rook_to)) = m.rook {
            let rook = s.piece(rook_from);
            let rook_ring = s.ring(rook_from);
            s.board.set(rook_from, None);
            s.set_ring(rook_from, None);
            s.board.set(rook_to, rook);
            s.set_ring(rook_to, rook_ring);
        }
        s.en_passant = if self.variant.en_passant {
            m.skipped
        } else {
            None
        };
        s
    }

    /// Why a castling of the king on `from` to `to` crosses a hole, if
    /// it does: the king would pass it (and a king may not enter a hole),
    /// or it lies between the king and its rook.
    fn castling_hole(&self, from: Square, to: Square) -> Option<String> {
        let v = self.variant;
        let corner = Square::new(if to.file > from.file { 7 } else { 0 }, from.rank);
        let passed = crate::engine::chess::squares_between(from, to);
        if v.holes.contains(to) || passed.into_iter().any(|s| v.holes.contains(s)) {
            let hole = std::iter::once(to)
                .chain(passed)
                .filter(|&s| v.holes.contains(s))
                .min_by_key(|s| s.file.abs_diff(from.file))?;
            return Some(if v.holes_swallow {
                format!("the king would cross the hole on {hole}, and a king may not enter a hole")
            } else {
                format!("the king would cross {hole}, which is not part of this game's board")
            });
        }
        let hole = crate::engine::chess::squares_between(from, corner)
            .into_iter()
            .find(|&s| v.holes.contains(s))?;
        Some(format!(
            "the hole on {hole} lies between the king and the rook, and every square between them must be on the board and empty"
        ))
    }

    /// Why no move of the variant goes from `from` to `to`.
    fn explain(&self, state: &State, from: Square, to: Square, color: Color) -> String {
        let v = self.variant;
        let Some(p) = state.piece(from) else {
            return format!("there is no piece on {from} to move to {to}");
        };
        let who = format!("the {} on {from}", p.name());
        if p.role == Role::Pawn
            && from.file == to.file
            && to.rank.abs_diff(from.rank) == 2
            && !v.double_step
        {
            return format!(
                "{who} cannot move two squares: pawns in this game never make a double step"
            );
        }
        if p.role == Role::King
            && from.file.abs_diff(to.file) == 2
            && from.rank == to.rank
            && !v.castling
        {
            return format!("{who} cannot castle: this game has no castling");
        }
        if p.role == Role::King
            && v.castling
            && from.file == 4
            && from.rank == if color == Color::White { 1 } else { 8 }
            && from.rank == to.rank
            && from.file.abs_diff(to.file) == 2
            && let Some(reason) = self.castling_hole(from, to)
        {
            return format!("{who} cannot castle to {to}: {reason}");
        }
        if p.role == Role::Pawn
            && v.holes_swallow
            && v.holes.contains(to)
            && from.file.abs_diff(to.file) == 1
        {
            return format!(
                "{who} cannot move to {to}: a pawn moves diagonally only to capture, and the hole on {to} never holds a piece"
            );
        }
        if v.holes.contains(to) {
            return if p.role == Role::King && v.holes_swallow {
                format!("{who} cannot move to {to}: a king may not enter a hole")
            } else {
                format!("{who} cannot move to {to}: {to} is not part of this game's board")
            };
        }
        // A hole on the way blocks a slider or a double step.
        let (df, dr) = (
            to.file as i8 - from.file as i8,
            to.rank as i8 - from.rank as i8,
        );
        if (df == 0 || dr == 0 || df.abs() == dr.abs()) && df.abs().max(dr.abs()) > 1 {
            let (sf, sr) = (df.signum(), dr.signum());
            let mut at = from;
            while let Some(next) = Variant::offset(at, sf, sr) {
                if next == to {
                    break;
                }
                if v.holes.contains(next) {
                    return format!("{who} cannot reach {to}: the hole on {next} is in the way");
                }
                at = next;
            }
        }
        if p.role == Role::Pawn
            && to.rank
                == if color == Color::White {
                    v.ranks.1
                } else {
                    v.ranks.0
                }
            && !v.promotion.iter().any(|&x| x)
        {
            return format!("{who} cannot reach {to}: a pawn cannot promote in this game");
        }
        let rules = crate::engine::chess::Rules {
            king_safety: false,
            en_passant: v.en_passant,
            castling: v.castling,
            castle_through_attack: !v.check,
            ..crate::engine::chess::Rules::STANDARD
        };
        let pos = replay::position(
            state,
            color,
            &rules,
            crate::engine::chess::CastlingInference::Standard,
        );
        replay::explain(&pos, from, to, color, &rules)
    }
}

impl VariantSteps<'_> {
    /// A move of the game, as if the game were not over.
    fn step_in_play(
        &self,
        state: &State,
        from: Square,
        to: Square,
        color: Color,
    ) -> Result<Vec<State>, String> {
        let v = self.variant;
        let moves = self.moves(state, from, to, color);
        if moves.is_empty() {
            return Err(self.explain(state, from, to, color));
        }
        let afters: Vec<State> = moves
            .iter()
            .map(|m| self.play(state, m))
            .zip(&moves)
            .filter(|(s, m)| {
                // A move may not leave its own king attacked. Where kings
                // are captured, taking the other king ends the game
                // whatever it leaves attacked, and a piece removed after a
                // made move may have exposed it (proposed moves are held
                // to the rule in `check_proposed`).
                !v.check
                    || !v.in_check(s, color)
                    || (v.king_capture
                        && (king(&s.board, color.other()).is_none()
                            || v.removal_explains(s, color, &m.vacated())))
            })
            .map(|(s, _)| s)
            .collect();
        if afters.is_empty() {
            let who = state
                .piece(from)
                .map_or("the piece".to_string(), |p| format!("the {}", p.name()));
            return Err(format!(
                "{who} on {from} cannot move to {to}: it would leave the {} king in check",
                color.name()
            ));
        }
        Ok(afters)
    }
}

impl StepRules for VariantSteps<'_> {
    fn step(
        &self,
        state: &State,
        from: Square,
        to: Square,
        color: Color,
    ) -> Result<Vec<State>, String> {
        let v = self.variant;
        if !v.inside(from) || !(v.inside(to) || v.holes_swallow && v.holes.contains(to)) {
            return Err(format!("{from}–{to} leaves this game's {}", v.squares()));
        }
        let step = self.step_in_play(state, from, to, color);
        if v.king_capture {
            return crate::engine::games::king_capture::ended(state, step);
        }
        step
    }

    fn befores(&self, after: &State, from: Square, to: Square, color: Color) -> Vec<State> {
        let v = self.variant;
        if v.holes_swallow && v.holes.contains(to) {
            // The piece fell into the hole: any of the mover's but a king.
            if after.piece(from).is_some() {
                return Vec::new();
            }
            return [
                Role::Pawn,
                Role::Knight,
                Role::Bishop,
                Role::Rook,
                Role::Queen,
            ]
            .into_iter()
            .map(|role| {
                let mut s = after.clone();
                s.en_passant = None;
                s.board.set(from, Some(Piece::new(color, role)));
                s
            })
            .collect();
        }
        let mut out = replay::default_befores(after, from, to, color);
        // On a cut-down board a pawn promotes on the board's last rank,
        // which the orthodox reading does not know.
        let last = if color == Color::White {
            v.ranks.1
        } else {
            v.ranks.0
        };
        // A piece a pawn may not become, on the last rank a pawn's step
        // away: read as a pawn's step too, so that `why_not_reached` names
        // the promotion the game forbids.
        let forward = if color == Color::White { 1 } else { -1 };
        if to.rank == last
            && !(last == 8 && color == Color::White || last == 1 && color == Color::Black)
            && i16::from(to.rank) - i16::from(from.rank) == forward
            && from.file.abs_diff(to.file) <= 1
            && after.piece(to).is_some_and(|p| {
                p.color == color
                    && !matches!(p.role, Role::Pawn | Role::King)
                    && !v.promotion[p.role as usize]
            })
        {
            let mut pawn_after = after.clone();
            pawn_after
                .board
                .set(to, Some(Piece::new(color, Role::Pawn)));
            out.extend(replay::default_befores(&pawn_after, from, to, color));
        }
        if to.rank == last
            && !(last == 8 && color == Color::White || last == 1 && color == Color::Black)
            && after
                .piece(to)
                .is_some_and(|p| p.color == color && v.promotion[p.role as usize])
        {
            let mut pawn_after = after.clone();
            pawn_after
                .board
                .set(to, Some(Piece::new(color, Role::Pawn)));
            out.extend(replay::default_befores(&pawn_after, from, to, color));
        }
        out
    }

    /// A pawn's step onto the last rank that shows a piece the game does
    /// not promote to: the promotion is what the game forbids.
    fn why_not_reached(
        &self,
        before: &State,
        after: &State,
        from: Square,
        to: Square,
        color: Color,
    ) -> Option<String> {
        let v = self.variant;
        let shown = after.piece(to)?;
        if before.piece(from) != Some(Piece::new(color, Role::Pawn))
            || shown.color != color
            || matches!(shown.role, Role::Pawn | Role::King)
            || v.promotion[shown.role as usize]
        {
            return None;
        }
        Some(format!(
            "the pawn on {from} cannot promote to a {} on {to}: in this game a pawn promotes only to {}",
            shown.role.name(),
            self.variant.promotion_names()
        ))
    }

    fn en_passant(&self) -> bool {
        self.variant.en_passant
    }

    fn pawn_starts(&self) -> (u8, u8) {
        self.variant.pawn_starts()
    }

    fn material(&self) -> MaterialRules {
        self.variant.material()
    }
}
