//! The moves of a configured game on its board in play, and why a move
//! is not one.

use super::Variant;
use super::setup::{along, side};
use super::switches::Transparent;
use crate::diagram::{Color, Piece, Role, Square};
use crate::engine::betza::{Betza, Occupant};
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
    /// attacks), each with whether it ends in a hole. Pawns' steps
    /// forward and castling are in [`VariantSteps::moves`].
    pub(super) fn reach(
        &self,
        state: &State,
        from: Square,
        p: Piece,
        attacks: bool,
    ) -> Vec<(Square, bool)> {
        let forward = self.setup.forward[side(p.color)];
        if let Some(b) = &self.pieces[p.role as usize] {
            return self.betza_reach(b, state, from, p, forward, attacks);
        }
        let mut out = Vec::new();
        // A step onto `to`: a hole swallows a piece that is not a king,
        // where the game says so; otherwise only squares in play count.
        // `passed`: a transparent piece was moved through, so no capture.
        let land = |to: Square, passed: bool, out: &mut Vec<(Square, bool)>| -> bool {
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
                Some(q) if q.color == p.color => {
                    if self.capture_own && !attacks && !passed && q.role != Role::King {
                        out.push((to, false));
                    }
                    false
                }
                Some(_) => {
                    if !passed {
                        out.push((to, false));
                    }
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
            let mut passed = false;
            while let Some(next) = Variant::offset(at, df, dr) {
                if land(next, passed, &mut out) {
                    if !slides {
                        break;
                    }
                } else if slides
                    && !attacks
                    && self.inside(next)
                    && state
                        .piece(next)
                        .is_some_and(|q| self.is_transparent(q, p.color))
                {
                    // Through a transparent piece, on to empty squares only.
                    passed = true;
                } else {
                    break;
                }
                at = next;
            }
        }
        if p.role == Role::Pawn {
            for to in self.pawn_capture_squares(from, p.color) {
                match state.piece(to) {
                    Some(q) if q.color != p.color => out.push((to, false)),
                    Some(q)
                        if self.capture_own
                            && !attacks
                            && q.color == p.color
                            && q.role != Role::King =>
                    {
                        out.push((to, false))
                    }
                    None if attacks => out.push((to, false)),
                    _ => {}
                }
            }
        }
        out
    }

    /// Whether a rook, bishop or queen of `mover` may move through `q`.
    pub(super) fn is_transparent(&self, q: Piece, mover: Color) -> bool {
        match self.transparent {
            None => false,
            Some(Transparent::All) => true,
            Some(Transparent::Own) => q.color == mover,
            Some(Transparent::Enemy) => q.color != mover,
        }
    }

    /// The squares an orthodox pawn of `color` on `from` captures on: one
    /// step diagonally forward, forward as its side's pawns go.
    pub(super) fn pawn_capture_squares(&self, from: Square, color: Color) -> Vec<Square> {
        let (df, dr) = self.setup.forward[side(color)];
        let (pf, pr) = (dr, df);
        [(df + pf, dr + pr), (df - pf, dr - pr)]
            .into_iter()
            .filter_map(|(f, r)| Variant::offset(from, f, r))
            .filter(|&s| self.inside(s))
            .collect()
    }

    /// What stands on a square, as a Betza piece of `color` sees it.
    pub(super) fn occupant(&self, state: &State, color: Color, f: i8, r: i8) -> Occupant {
        let (Ok(f), Ok(r)) = (u8::try_from(f), u8::try_from(r)) else {
            return Occupant::Off;
        };
        let sq = Square::new(f, r);
        if !sq.is_on_board() || !self.inside(sq) {
            return Occupant::Off;
        }
        match state.piece(sq) {
            None => Occupant::Empty,
            Some(q) if q.color == color => Occupant::Friend,
            Some(_) => Occupant::Enemy,
        }
    }

    /// `reach` for a piece the game states in Betza notation.
    fn betza_reach(
        &self,
        b: &Betza,
        state: &State,
        from: Square,
        p: Piece,
        forward: (i8, i8),
        attacks: bool,
    ) -> Vec<(Square, bool)> {
        let at = |f: i8, r: i8| self.occupant(state, p.color, f, r);
        let origin = (from.file as i8, from.rank as i8);
        // Only squares of the board: a pattern's reach is clipped to it.
        let on_board = |&(f, r): &(i8, i8)| (0..8).contains(&f) && (1..=8).contains(&r);
        let square = |(f, r): (i8, i8)| Square::new(f as u8, r as u8);
        if attacks {
            return b
                .attacks(origin, forward, &at)
                .into_iter()
                .filter(on_board)
                .map(|t| (square(t), false))
                .collect();
        }
        let mut out: Vec<(Square, bool)> = b
            .moves(origin, forward, &at)
            .into_iter()
            .filter(|t| on_board(&t.to))
            .map(|t| (square(t.to), false))
            .collect();
        if self.capture_own {
            for t in b.attacks(origin, forward, &at).into_iter().filter(on_board) {
                let sq = square(t);
                if state
                    .piece(sq)
                    .is_some_and(|q| q.color == p.color && q.role != Role::King)
                {
                    out.push((sq, false));
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
        let i = side(color);
        let forward = v.setup.forward[i];
        let mut found: Vec<VariantMove> = Vec::new();
        if p.role != Role::Pawn {
            found.extend(
                v.reach(state, from, p, false)
                    .into_iter()
                    .filter(|&(t, _)| t == to)
                    .map(|(t, swallowed)| plain(t, swallowed)),
            );
            if p.role == Role::King && v.castling {
                found.extend(self.castling(state, from, to, color));
            }
        } else {
            let (df, dr) = forward;
            let open = |s: Square| v.inside(s) && state.piece(s).is_none();
            let hole = |s: Square| v.holes_swallow && v.holes.contains(s);
            let one = Variant::offset(from, df, dr);
            if v.pieces[Role::Pawn as usize].is_none()
                && let Some(one) = one
            {
                if open(one) {
                    found.push(plain(one, false));
                } else if hole(one) {
                    found.push(plain(one, true));
                }
            }
            if v.double_step
                && v.setup.pawn_lines[i].contains(&along(from, forward))
                && let Some(one) = one.filter(|&s| open(s))
                && let Some(two) = Variant::offset(from, 2 * df, 2 * dr)
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
            for (t, swallowed) in v.reach(state, from, p, false) {
                found.push(plain(t, swallowed));
            }
            if v.en_passant
                && let Some(ep) = state.en_passant
                && state.piece(ep).is_none()
                && self.pawn_captures_on(state, from, color, ep)
            {
                let back = v.setup.forward[side(color.other())];
                if let Some(victim) = Variant::offset(ep, back.0, back.1)
                    && state.piece(victim) == Some(Piece::new(color.other(), Role::Pawn))
                {
                    found.push(VariantMove {
                        en_passant: Some(victim),
                        ..plain(ep, false)
                    });
                }
            }
        }
        if v.jumpers[p.role as usize] {
            found.extend(self.jumps(state, from, p));
        }
        if v.cross_eyed {
            found.retain(|m| state.piece(m.to).is_none() && m.en_passant.is_none());
            if p.role == Role::Pawn {
                // A pawn's diagonal step forward only ever takes.
                found.retain(|m| !v.pawn_capture_squares(from, color).contains(&m.to));
            }
            found.extend(self.cross_eyed_captures(state, from, to, p));
        }
        let mut out = Vec::new();
        for m in found.into_iter().filter(|m| m.to == to) {
            let promotes = v.promoting[p.role as usize]
                && !m.swallowed
                && m.rook.is_none()
                && along(m.to, forward) == v.last_line(color);
            if !promotes {
                out.push(m);
                continue;
            }
            let becomes = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight]
                .into_iter()
                .filter(|&r| v.promotion[r as usize] && r != p.role);
            for role in becomes {
                out.push(VariantMove {
                    becomes: Piece::new(color, role),
                    ..m
                });
            }
            // A piece other than a pawn "may" promote; a pawn that wins by
            // arriving may stay as it is, the game being over. A pawn with
            // nothing to become does not go there (`explain` says so).
            if p.role != Role::Pawn || v.reach_rank.is_some_and(|r| r[Role::Pawn as usize]) {
                out.push(m);
            }
        }
        out
    }

    /// Cross-eyed Chess: the moves of the piece `p` on `from` to `to` that
    /// take on the square as far the other way (`b7-a8 x c6`), en passant
    /// too when that square is the one a double step skipped.
    fn cross_eyed_captures(
        &self,
        state: &State,
        from: Square,
        to: Square,
        p: Piece,
    ) -> Vec<VariantMove> {
        let v = self.variant;
        let Some(victim) = Variant::offset(
            from,
            from.file as i8 - to.file as i8,
            from.rank as i8 - to.rank as i8,
        ) else {
            return Vec::new();
        };
        if v.cross_eyed_landing(state, from, p, victim) != Some(to) {
            return Vec::new();
        }
        let mv = |taken: Square| VariantMove {
            from,
            to,
            becomes: p,
            swallowed: false,
            en_passant: Some(taken),
            skipped: None,
            rook: None,
        };
        match state.piece(victim) {
            Some(q)
                if q.color != p.color && (q.role != Role::King || v.king_capture || !v.royal) =>
            {
                vec![mv(victim)]
            }
            None if p.role == Role::Pawn && v.en_passant && state.en_passant == Some(victim) => {
                let back = v.setup.forward[side(p.color.other())];
                match Variant::offset(victim, back.0, back.1) {
                    Some(pawn)
                        if state.piece(pawn) == Some(Piece::new(p.color.other(), Role::Pawn)) =>
                    {
                        vec![mv(pawn)]
                    }
                    _ => Vec::new(),
                }
            }
            _ => Vec::new(),
        }
    }

    /// A checker's jumps of the piece `p` on `from`: diagonally over a
    /// neighbour to the empty square beyond, taking the neighbour if it
    /// is an enemy (not a king).
    fn jumps(&self, state: &State, from: Square, p: Piece) -> Vec<VariantMove> {
        let v = self.variant;
        let mut out = Vec::new();
        for (df, dr) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            let (Some(over), Some(land)) = (
                Variant::offset(from, df, dr),
                Variant::offset(from, 2 * df, 2 * dr),
            ) else {
                continue;
            };
            let Some(q) = state.piece(over) else {
                continue;
            };
            if !v.inside(land)
                || state.piece(land).is_some()
                || q.role == Role::King && q.color != p.color
            {
                continue;
            }
            out.push(VariantMove {
                from,
                to: land,
                becomes: p,
                swallowed: false,
                en_passant: (q.color != p.color).then_some(over),
                skipped: None,
                rook: None,
            });
        }
        out
    }

    /// Why the king on `from` may not castle to `to`, in a game whose
    /// king or castling rooks start elsewhere than chess's (chess's own
    /// reasons are the orthodox explanation's).
    fn castling_refused(
        &self,
        state: &State,
        from: Square,
        to: Square,
        color: Color,
    ) -> Option<String> {
        let v = self.variant;
        let i = side(color);
        let back = if i == 0 { 1 } else { 8 };
        let chess_like = v.setup.king[i] == Some(Square::new(4, back))
            && v.setup.rooks[i] == [Square::new(0, back), Square::new(7, back)];
        // Chess's own castling is explained by the orthodox explanation,
        // unless the game's pieces attack otherwise than chess's.
        let attacks_as_chess =
            v.pieces.iter().all(Option::is_none) && !v.cross_eyed && !v.jumpers.iter().any(|&j| j);
        if !v.castling || chess_like && attacks_as_chess || v.setup.king[i] != Some(from) {
            return None;
        }
        let Some(rook_sq) = v.setup.rooks[i]
            .iter()
            .copied()
            .find(|&r| castle_ends(from, r).is_some_and(|(k, _)| k == to))
        else {
            // An arrow along the line towards a castling rook, but not two
            // squares: castling takes the king two squares.
            let place = |s: Square, r: Square| along_line_of(s, from, r);
            let toward = v.setup.rooks[i].iter().copied().find(|&r| {
                castle_ends(from, r).is_some()
                    && line_square(from, r, place(to, r)) == to
                    && (place(to, r) > place(from, r)) == (place(r, r) > place(from, r))
                    && place(to, r).abs_diff(place(from, r)) > 1
            })?;
            let (king_to, _) = castle_ends(from, toward)?;
            return Some(format!(
                "castling takes the king two squares towards the rook on {toward}, to {king_to}"
            ));
        };
        let (_, rook_to) = castle_ends(from, rook_sq)?;
        let rook = Piece::new(color, Role::Rook);
        if state.piece(rook_sq) != Some(rook) {
            return Some(format!(
                "castling on that side takes the rook that starts on {rook_sq}, and no {} rook stands there",
                color.name()
            ));
        }
        let span = [from, rook_sq, to, rook_to];
        let lo = span
            .iter()
            .map(|&s| along_line_of(s, from, rook_sq))
            .min()?;
        let hi = span
            .iter()
            .map(|&s| along_line_of(s, from, rook_sq))
            .max()?;
        for n in lo..=hi {
            let s = line_square(from, rook_sq, n);
            if s == from || s == rook_sq {
                continue;
            }
            if let Some(q) = state.piece(s) {
                return Some(format!(
                    "the squares the king and the rook on {rook_sq} cross must be empty, and a {} on {s} is in the way",
                    q.name()
                ));
            }
            if !v.inside(s) {
                return Some(format!(
                    "{s}, which it crosses, is not on this game's board"
                ));
            }
        }
        if v.check && v.royal {
            if v.attacked(state, from, color.other()) {
                return Some("a king may not castle out of check".to_string());
            }
            for s in [rook_to, to] {
                if v.attacked(state, s, color.other()) {
                    return Some(format!(
                        "a king may not castle through or into an attacked square, and {s} is attacked"
                    ));
                }
            }
        }
        None
    }

    /// Transparent Chess: the first piece a rook, bishop or queen on
    /// `from` would move through to take on `to`, when every piece on the
    /// way is one it may move through.
    fn passed_through(&self, state: &State, from: Square, to: Square, p: Piece) -> Option<Square> {
        let v = self.variant;
        v.transparent?;
        if !matches!(p.role, Role::Rook | Role::Bishop | Role::Queen)
            || v.pieces[p.role as usize].is_some()
            || state.piece(to).is_none_or(|q| q.color == p.color)
        {
            return None;
        }
        let (df, dr) = (
            to.file as i8 - from.file as i8,
            to.rank as i8 - from.rank as i8,
        );
        let straight = df == 0 || dr == 0;
        let fits = match p.role {
            Role::Rook => straight,
            Role::Bishop => df.abs() == dr.abs(),
            _ => straight || df.abs() == dr.abs(),
        };
        if !fits {
            return None;
        }
        let between = crate::engine::chess::squares_between(from, to);
        let on_way: Vec<Square> = between
            .into_iter()
            .filter(|&s| state.piece(s).is_some())
            .collect();
        let all_clear = on_way
            .iter()
            .all(|&s| state.piece(s).is_some_and(|q| v.is_transparent(q, p.color)));
        (all_clear && !on_way.is_empty()).then(|| on_way[0])
    }

    /// Whether `from`–`to` has the shape of a pawn's double step forward.
    fn pawn_double_step_fits(
        &self,
        _state: &State,
        from: Square,
        to: Square,
        color: Color,
    ) -> bool {
        let (df, dr) = self.variant.setup.forward[side(color)];
        Variant::offset(from, 2 * df, 2 * dr) == Some(to)
    }

    /// Whether a pawn of `color` on `from` captures on `to` (an empty
    /// square is taken as holding an enemy).
    fn pawn_captures_on(&self, state: &State, from: Square, color: Color, to: Square) -> bool {
        let v = self.variant;
        match &v.pieces[Role::Pawn as usize] {
            None => v.pawn_capture_squares(from, color).contains(&to),
            Some(_) => v
                .reach(state, from, Piece::new(color, Role::Pawn), true)
                .iter()
                .any(|&(s, _)| s == to),
        }
    }

    /// Castling: the king, on its start square, two squares along its line
    /// towards a castling rook on its start square, and the rook onto the
    /// square the king crossed, with every square between them and their
    /// ends empty; with check, the king not attacked on its start, the
    /// square it crosses or its end.
    fn castling(&self, state: &State, from: Square, to: Square, color: Color) -> Vec<VariantMove> {
        let v = self.variant;
        let i = side(color);
        let Some(k) = v.setup.king[i].filter(|&k| k == from) else {
            return Vec::new();
        };
        let king = Piece::new(color, Role::King);
        let mut out = Vec::new();
        for &rook_sq in &v.setup.rooks[i] {
            let Some((king_to, rook_to)) = castle_ends(k, rook_sq) else {
                continue;
            };
            if king_to != to || state.piece(rook_sq) != Some(Piece::new(color, Role::Rook)) {
                continue;
            }
            let span = [k, rook_sq, king_to, rook_to];
            let (lo, hi) = (
                span.iter()
                    .map(|&s| along_line_of(s, k, rook_sq))
                    .min()
                    .unwrap_or(0),
                span.iter()
                    .map(|&s| along_line_of(s, k, rook_sq))
                    .max()
                    .unwrap_or(0),
            );
            let clear = (lo..=hi).all(|n| {
                let s = line_square(k, rook_sq, n);
                s == k || s == rook_sq || (v.inside(s) && state.piece(s).is_none())
            });
            if !clear {
                continue;
            }
            if v.check && v.royal {
                // The king may not castle out of, through or into check.
                let crossed = [k, rook_to, king_to];
                if crossed.iter().any(|&s| v.attacked(state, s, color.other())) {
                    continue;
                }
            }
            out.push(VariantMove {
                from,
                to: king_to,
                becomes: king,
                swallowed: false,
                en_passant: None,
                skipped: None,
                rook: Some((rook_sq, rook_to)),
            });
        }
        out
    }

    fn play(&self, state: &State, m: &VariantMove) -> State {
        let mut s = state.clone();
        let ring = s.ring(m.from);
        // The rook is lifted before the king lands: the king may end on
        // the rook's start square.
        let rook = m.rook.map(|(rook_from, rook_to)| {
            let piece = s.piece(rook_from);
            let ring = s.ring(rook_from);
            s.board.set(rook_from, None);
            s.set_ring(rook_from, None);
            (rook_to, piece, ring)
        });
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
        if let Some((rook_to, piece, ring)) = rook {
            s.board.set(rook_to, piece);
            s.set_ring(rook_to, ring);
        }
        let v = self.variant;
        let mut dragged = false;
        if let Some((df, dr)) = v.drag
            && m.rook.is_none()
            && !m.swallowed
            && let (Some(behind), Some(target)) = (
                Variant::offset(m.from, df, dr),
                Variant::offset(m.to, df, dr),
            )
            && state
                .piece(behind)
                .is_some_and(|q| q.color == m.becomes.color)
            && behind != m.to
            && v.inside(target)
            && s.piece(target).is_none()
        {
            // Sticky Chess: the friendly piece south of the mover follows it.
            let (piece, ring) = (s.piece(behind), s.ring(behind));
            s.board.set(behind, None);
            s.set_ring(behind, None);
            s.board.set(target, piece);
            s.set_ring(target, ring);
            dragged = true;
        }
        for (sq, _) in v.doomed(&s) {
            s.board.set(sq, None);
            s.set_ring(sq, None);
        }
        // A pawn that dragged a piece with its double step may not be
        // taken en passant (Sticky Chess).
        s.en_passant = if v.en_passant && !dragged {
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
        if let Some(q) = state.piece(to).filter(|q| q.color == color)
            && !(v.capture_own && q.role != Role::King)
            && !(p.role == Role::King && v.setup.rooks[side(color)].contains(&to))
        {
            return format!("{who} cannot move to {to}: a {} stands there", q.name());
        }
        if p.role == Role::King
            && let Some(reason) = self.castling_refused(state, from, to, color)
        {
            return format!("{who} cannot castle to {to}: {reason}");
        }
        if let Some(b) = &v.pieces[p.role as usize] {
            let forward = v.setup.forward[side(color)];
            let at = |f: i8, r: i8| v.occupant(state, color, f, r);
            let origin = (from.file as i8, from.rank as i8);
            let target = (to.file as i8, to.rank as i8);
            let how = format!(
                "in {} a {} moves as `{}`: {}",
                v.name,
                p.role.name(),
                b.text(),
                b.describe()
            );
            return match b.blocked(origin, target, forward, &at) {
                Some(why) => format!("{who} cannot move to {to}: {why} ({how})"),
                None if p.role == Role::Pawn
                    && self.pawn_double_step_fits(state, from, to, color) =>
                {
                    format!(
                        "{who} cannot move to {to}: a pawn moves two squares only from where it starts, over an empty square"
                    )
                }
                None => format!("{who} cannot move to {to}: {how}"),
            };
        }
        if v.cross_eyed && state.piece(to).is_some_and(|q| q.color != color) {
            return format!(
                "{who} cannot take on {to}: in {} a piece never takes where it lands, but on the square as far the other way",
                v.name
            );
        }
        if let Some(through) = self.passed_through(state, from, to, p) {
            return format!(
                "{who} cannot take on {to}: it would move through the {} on {through}, and a piece that moves through another cannot capture in the same move",
                state.piece(through).map_or("", |q| q.name())
            );
        }
        if p.role == Role::Pawn && !v.pawns_upright() {
            let (df, dr) = v.setup.forward[side(color)];
            let way = match (df, dr) {
                (0, 1) => "up the board",
                (0, _) => "down the board",
                (1, _) => "to the right",
                _ => "to the left",
            };
            return format!(
                "{who} cannot move to {to}: {}'s pawns move {way}, one square to an empty square (two from where they start), and capture one square diagonally forward",
                crate::engine::games::common::side_name(color)
            );
        }
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
        if v.companion
            && let Some(reason) = self.companion_refuses(state, from, color)
        {
            return Err(reason);
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
                // A turn of several moves is held to it at its end only.
                !v.check
                    || v.turn.len() > 1
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

impl VariantSteps<'_> {
    /// Before a castling of the king from `from` to `to`: the king on its
    /// start square and the rook back on its own.
    fn uncastled(&self, after: &State, from: Square, to: Square, color: Color) -> Vec<State> {
        let v = self.variant;
        let i = side(color);
        let (king, rook) = (Piece::new(color, Role::King), Piece::new(color, Role::Rook));
        if !v.castling || v.setup.king[i] != Some(from) || after.piece(to) != Some(king) {
            return Vec::new();
        }
        let mut out = Vec::new();
        for &rook_sq in &v.setup.rooks[i] {
            let Some((king_to, rook_to)) = castle_ends(from, rook_sq) else {
                continue;
            };
            if king_to != to || after.piece(rook_to) != Some(rook) || after.piece(from).is_some() {
                continue;
            }
            if rook_sq != to && after.piece(rook_sq).is_some() {
                continue;
            }
            let mut s = after.clone();
            s.en_passant = None;
            let (king_ring, rook_ring) = (s.ring(to), s.ring(rook_to));
            for sq in [to, rook_to] {
                s.board.set(sq, None);
                s.set_ring(sq, None);
            }
            s.board.set(from, Some(king));
            s.set_ring(from, king_ring);
            s.board.set(rook_sq, Some(rook));
            s.set_ring(rook_sq, rook_ring);
            out.push(s);
        }
        out
    }

    /// Companion Chess: why the piece on `from` may not move, if it has no
    /// friendly piece orthogonally beside it while one that has can move.
    fn companion_refuses(&self, state: &State, from: Square, color: Color) -> Option<String> {
        let v = self.variant;
        let has_companion = |sq: Square| {
            [(1, 0), (-1, 0), (0, 1), (0, -1)]
                .into_iter()
                .any(|(df, dr)| {
                    Variant::offset(sq, df, dr)
                        .and_then(|s| state.piece(s))
                        .is_some_and(|q| q.color == color)
                })
        };
        if has_companion(from) {
            return None;
        }
        let who = state.piece(from)?.name();
        for (sq, p) in state.board.pieces().filter(|(_, p)| p.color == color) {
            if !has_companion(sq) {
                continue;
            }
            let can_move = (0..64usize).map(Square::from_index).any(|to| {
                self.moves(state, sq, to, color).iter().any(|m| {
                    let after = self.play(state, m);
                    !v.check || v.turn.len() > 1 || !v.in_check(&after, color)
                })
            });
            if can_move {
                return Some(format!(
                    "the {who} on {from} has no friendly piece beside it, and in this game a piece moves only with one orthogonally next to it while another piece can: the {} on {sq} can move",
                    p.name()
                ));
            }
        }
        None
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
        if let (Some(reason), Ok(_)) = (v.reached_far_rank(state), &step) {
            return Err(reason);
        }
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
        out.extend(self.uncastled(after, from, to, color));
        // Cross-eyed: nothing was taken where it landed; what was taken
        // stood as far the other way.
        if v.cross_eyed {
            out.retain(|b| b.piece(to).is_none());
            if let Some(victim) = Variant::offset(
                from,
                from.file as i8 - to.file as i8,
                from.rank as i8 - to.rank as i8,
            ) && after.piece(victim).is_none()
            {
                let mut taken = with_taken(&out, victim, color.other());
                // En passant: the pawn that skipped `victim` stood beyond it.
                let back = v.setup.forward[side(color.other())];
                if v.en_passant
                    && let Some(pawn_sq) = Variant::offset(victim, back.0, back.1)
                    && after.piece(pawn_sq).is_none()
                {
                    for base in out
                        .iter()
                        .filter(|b| b.piece(from) == Some(Piece::new(color, Role::Pawn)))
                    {
                        let mut s = base.clone();
                        s.board
                            .set(pawn_sq, Some(Piece::new(color.other(), Role::Pawn)));
                        s.en_passant = Some(victim);
                        taken.push(s);
                    }
                }
                out.extend(taken);
            }
        }
        // A checker's jump that took the piece it jumped: that piece back.
        if after.piece(to).is_some_and(|p| v.jumpers[p.role as usize])
            && from.file.abs_diff(to.file) == 2
            && from.rank.abs_diff(to.rank) == 2
        {
            let over = Square::new((from.file + to.file) / 2, (from.rank + to.rank) / 2);
            if after.piece(over).is_none() {
                let bases: Vec<State> = replay::default_befores(after, from, to, color)
                    .into_iter()
                    .filter(|b| b.piece(to).is_none())
                    .collect();
                out.extend(with_taken(&bases, over, color.other()));
            }
        }
        // A piece dragged along behind the mover: back behind its start.
        if let Some((df, dr)) = v.drag
            && let (Some(behind), Some(target)) =
                (Variant::offset(from, df, dr), Variant::offset(to, df, dr))
            && after.piece(target).is_some_and(|q| q.color == color)
            && after.piece(behind).is_none()
        {
            let mut undragged = after.clone();
            let (piece, ring) = (undragged.piece(target), undragged.ring(target));
            undragged.board.set(target, None);
            undragged.set_ring(target, None);
            undragged.board.set(behind, piece);
            undragged.set_ring(behind, ring);
            // First: where a piece stands where the mover drags one, the
            // reading with the drag is the likely one, and its reason the
            // one to give.
            let mut first = replay::default_befores(&undragged, from, to, color);
            first.append(&mut out);
            out = first;
        }
        // A piece on its last line that a promotion may have made: the
        // piece it was, moved back (a pawn going sideways, or a piece of
        // a game where pieces promote).
        if let Some(shown) = after
            .piece(to)
            .filter(|p| p.color == color && p.role != Role::King)
            && along(to, v.setup.forward[side(color)]) == v.last_line(color)
            && v.promotion[shown.role as usize]
            && (!v.pawns_upright() || v.promoting[1..5].iter().any(|&p| p))
        {
            for role in Role::ALL {
                if role == shown.role || role == Role::King || !v.promoting[role as usize] {
                    continue;
                }
                let mut was = after.clone();
                was.board.set(to, Some(Piece::new(color, role)));
                out.extend(replay::default_befores(&was, from, to, color));
            }
        }
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
        if let Some((df, dr)) = v.drag
            && let (Some(behind), Some(target)) =
                (Variant::offset(from, df, dr), Variant::offset(to, df, dr))
            && let Some(q) = before.piece(behind).filter(|q| q.color == color)
            && behind != to
            && after.piece(behind) == Some(q)
            && v.inside(target)
            && before.piece(target).is_none()
            && let Some(p) = before.piece(from)
        {
            return Some(format!(
                "the {} on {from} would have dragged the {} on {behind} along to {target}: a moving piece takes the friendly piece south of it with it",
                p.name(),
                q.name()
            ));
        }
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

    /// En passant as the replay reads it: after a double step up or down
    /// the board. A game whose pawns go sideways has its own reading
    /// (`en_passant_befores`), and a proposed capture needs its double
    /// step drawn.
    fn en_passant(&self) -> bool {
        self.variant.en_passant && self.variant.pawns_upright()
    }

    fn en_passant_befores(
        &self,
        after: &State,
        from: Square,
        to: Square,
        color: Color,
    ) -> Vec<State> {
        let v = self.variant;
        if !v.en_passant {
            return Vec::new();
        }
        if v.pawns_upright() {
            return replay::en_passant_befores_from(after, from, to, color, v.pawn_starts());
        }
        let pawn = Piece::new(color, Role::Pawn);
        let back = v.setup.forward[side(color.other())];
        let Some(victim) = Variant::offset(to, back.0, back.1) else {
            return Vec::new();
        };
        if after.piece(to) != Some(pawn)
            || after.piece(from).is_some()
            || after.piece(victim).is_some()
            || !v.pawn_capture_squares(from, color).contains(&to)
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

    fn pawn_starts(&self) -> (u8, u8) {
        self.variant.pawn_starts()
    }

    fn material(&self) -> MaterialRules {
        self.variant.material()
    }
}

/// Where castling with the rook on `rook` takes the king on `king` and
/// the rook: the king two squares towards the rook along their line, the
/// rook onto the square the king crossed.
pub(super) fn castle_ends(king: Square, rook: Square) -> Option<(Square, Square)> {
    let (df, dr) = if king.rank == rook.rank {
        ((rook.file as i8 - king.file as i8).signum(), 0)
    } else if king.file == rook.file {
        (0, (rook.rank as i8 - king.rank as i8).signum())
    } else {
        return None;
    };
    let king_to = Variant::offset(king, 2 * df, 2 * dr)?;
    let rook_to = Variant::offset(king, df, dr)?;
    Some((king_to, rook_to))
}

/// The place of `s` along the line through `king` and `rook`.
fn along_line_of(s: Square, king: Square, rook: Square) -> u8 {
    if king.rank == rook.rank {
        s.file
    } else {
        s.rank
    }
}

/// The square at place `n` of the line through `king` and `rook`.
fn line_square(king: Square, rook: Square, n: u8) -> Square {
    if king.rank == rook.rank {
        Square::new(n, king.rank)
    } else {
        Square::new(king.file, n)
    }
}

/// Each of `bases` with a piece of `owner` (not a king) back on `sq`: the
/// states before a move that took a piece elsewhere than where it landed.
fn with_taken(bases: &[State], sq: Square, owner: Color) -> Vec<State> {
    let mut out = Vec::new();
    for base in bases {
        for role in [
            Role::Pawn,
            Role::Knight,
            Role::Bishop,
            Role::Rook,
            Role::Queen,
        ] {
            let mut s = base.clone();
            s.board.set(sq, Some(Piece::new(owner, role)));
            out.push(s);
        }
    }
    out
}
