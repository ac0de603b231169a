//! Cooperative Chess, the current edition (`rules/new_rules.md`): the
//! cards are one face-up line beside the draw pile.
//!
//! The line is read from the diagram: the face-up piece cards in the row
//! of the draw pile (rows 1.5 to 4.5, where the book lays it at 2.5), in
//! order along the row. Face-up cards elsewhere are hands shown face up,
//! and say nothing of the line (but a king card is never among them).
//!
//! A diagram with arrows shows the line as the book's example with arrows
//! does: after the turn's card is played to the far end (step 1), before
//! the turn's moves (the board may show them made). A diagram without
//! arrows shows a line at rest. Either way the line never holds four
//! neighbouring cards of one colour: they are recycled at once.
//!
//! A turn, in order: an optional non-capturing move (step 2), then any
//! number of capturing moves by any of the player's pieces (step 3). Each
//! capture needs a card like the capturing piece (its type and colour:
//! upper case for White) beside a card like the captured piece; the
//! captured piece's card leaves the line, the line closes up, and a group
//! of four or more of one colour that this makes is recycled. A pawn moves
//! to the last rank only with a card like it in the line, and promotes
//! only to a type that may have been captured; its card then leaves the
//! line and the promoted piece's card may be placed anywhere in it.
//!
//! The moves are checked twice: first as chess moves by the shared replay
//! (so a move no piece can make is named as today), then as a turn: every
//! reading of the arrows (made or proposed, in each order, each capture's
//! card where several would do) is tried against the steps and the line.

use crate::diagram::{Arrow, Board, BoardDiagram, CardFace, Color, Piece, Role, Square};
use crate::engine::Finding;
use crate::engine::chess::CastlingInference;
use crate::engine::games::common;
use crate::engine::games::king_capture;
use crate::engine::material::{self, MaterialRules};
use crate::engine::replay::{State, StepRules, arrow_color, en_passant_victim, orthodox_step};
use crate::source::Span;

use super::{CARDS, RULES, TURN, deck};

type CardPiece = Piece;
type Line = Vec<CardPiece>;

/// The rules, in the book's words, that a refusal names.
const CAPTURE_RULE: &str = "you can only make a capturing move if a card like the capturing piece is beside a card like the captured piece in the face-up line";
const RECYCLE_RULE: &str =
    "if there are ever 4 cards in a row of the same colour in the face-up line, they get recycled";
const PROMOTION_CARD_RULE: &str =
    "you may only move a pawn to the last rank if it has a matching card in the face-up line";
const PROMOTION_TYPE_RULE: &str =
    "promote the pawn to any other piece type that has already been captured";
const KING_CARD_RULE: &str =
    "if you ever draw or deal a king card, immediately add it to the face-up line";
const STEPS_RULE: &str = "each turn's steps come in this order: a non-capturing chess move (step 2), then capturing chess moves (step 3)";

/// The most moves the turn search tries; past it nothing is refused.
const SEARCH_STEPS: usize = 20_000;
/// The most lines one point of a turn may have (the choices of which card
/// a capture takes and where a promoted piece's card goes); past it
/// nothing is refused.
const MAX_LINES: usize = 2_000;

/// Whether a card at row `y` lies in the line's row.
fn in_line_row(y: f64) -> bool {
    (1.5..4.5).contains(&y)
}

/// The face-up line, in order along its row, with each card's span; `None`
/// when no face-up card lies in the line's row. Which end is beside the
/// draw pile does not matter to what is checked: neighbours and groups
/// read the same from either end.
fn read_line(board: &BoardDiagram) -> Option<Vec<(CardPiece, Span)>> {
    let mut cards: Vec<(f64, CardPiece, Span)> = board
        .cards
        .iter()
        .filter(|c| in_line_row(c.y))
        .filter_map(|c| match c.face() {
            CardFace::Piece(p) => Some((c.x, p, c.symbol_span)),
            _ => None,
        })
        .collect();
    if cards.is_empty() {
        return None;
    }
    cards.sort_by(|a, b| a.0.total_cmp(&b.0));
    Some(cards.into_iter().map(|(_, p, s)| (p, s)).collect())
}

/// The first group of four or more neighbouring cards of one colour, as
/// (start, length).
fn run_of_four(line: &[CardPiece]) -> Option<(usize, usize)> {
    let mut i = 0;
    while i < line.len() {
        let mut j = i + 1;
        while j < line.len() && line[j].color == line[i].color {
            j += 1;
        }
        if j - i >= 4 {
            return Some((i, j - i));
        }
        i = j;
    }
    None
}

/// The line after its groups of four or more are recycled.
fn recycled(mut line: Line) -> Line {
    while let Some((i, n)) = run_of_four(&line) {
        line.drain(i..i + n);
    }
    line
}

fn card_text(line: &[CardPiece]) -> String {
    line.iter()
        .map(|p| p.char().to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The line as a refusal quotes it.
fn line_text(line: &[CardPiece]) -> String {
    if line.is_empty() {
        "the face-up line (now empty)".to_string()
    } else {
        format!("the face-up line ({})", card_text(line))
    }
}

/// The cards: the deck, four in a row, king cards outside the line. Gives
/// the line to check the moves against, unless there is none or a finding
/// about it would make a second, invented error of every capture.
fn check_cards(board: &BoardDiagram, out: &mut Vec<Finding>) -> Option<Line> {
    let before = out.len();
    deck(board, out);
    let kings = [Color::White, Color::Black].iter().all(|&c| {
        board
            .board
            .pieces()
            .any(|(_, p)| p == Piece::new(c, Role::King))
    });
    for card in &board.cards {
        if let CardFace::Piece(p) = card.face()
            && p.role == Role::King
            && !in_line_row(card.y)
            && kings
        {
            out.push(Finding::error(
                CARDS,
                card.symbol_span,
                format!(
                    "a face-up {} card outside the face-up line, with both kings on the board, but {KING_CARD_RULE}",
                    p.name()
                ),
            ));
        }
    }
    let cards = read_line(board)?;
    let line: Line = cards.iter().map(|(p, _)| *p).collect();
    if let Some((i, n)) = run_of_four(&line) {
        out.push(Finding::error(
            CARDS,
            cards[i].1,
            format!(
                "{n} {} cards in a row in the face-up line ({}), but {RECYCLE_RULE} at once",
                line[i].color.name(),
                card_text(&line[i..i + n])
            ),
        ));
    }
    (out.len() == before).then_some(line)
}

/// Whether a piece of `role` may have been captured, of either colour, as
/// the material on `board` tells: fewer of it stand than the start, or a
/// side has a missing pawn that its extra pieces do not account for, which
/// may have promoted to `role` after one was captured, bringing the count
/// back (so every piece of the type standing proves nothing then).
fn may_have_been_captured(board: &Board, role: Role) -> bool {
    let count = |c: Color, r: Role| {
        board
            .pieces()
            .filter(|(_, p)| *p == Piece::new(c, r))
            .count()
    };
    [Color::White, Color::Black].into_iter().any(|c| {
        let missing_pawns = 8usize.saturating_sub(count(c, Role::Pawn));
        let extra: usize = [Role::Knight, Role::Bishop, Role::Rook, Role::Queen]
            .into_iter()
            .map(|r| count(c, r).saturating_sub(crate::engine::cards::set_count(r)))
            .sum();
        count(c, role) < crate::engine::cards::set_count(role) || missing_pawns > extra
    })
}

/// Why `board` cannot be: a piece of a type beyond the start (so one was
/// promoted) of which none can have been captured, though a pawn promotes
/// only to a type already captured.
fn promoted_uncaptured(board: &Board) -> Option<String> {
    for color in [Color::White, Color::Black] {
        for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
            let piece = Piece::new(color, role);
            let count = board.pieces().filter(|(_, p)| *p == piece).count();
            if count > crate::engine::cards::set_count(role) && !may_have_been_captured(board, role)
            {
                return Some(format!(
                    "{count} {}s stand, so one was promoted, but no {} can have been captured before: {PROMOTION_TYPE_RULE}",
                    piece.name(),
                    role.name()
                ));
            }
        }
    }
    None
}

/// The board of `state` without the piece on `to`: a piece a promoting
/// capture takes is captured before the pawn promotes.
fn without_victim(state: &State, to: Square) -> Board {
    let mut board = state.board.clone();
    board.set(to, None);
    board
}

fn last_rank(color: Color) -> u8 {
    if color == Color::White { 8 } else { 1 }
}

/// The chess moves of the current edition, with what a single move can
/// be refused for: the game over, a promotion to a type never captured.
struct LineSteps;

impl LineSteps {
    /// A chess move of this edition: promotion only with a type that may
    /// have been captured.
    fn chess_step(
        &self,
        state: &State,
        from: Square,
        to: Square,
        color: Color,
    ) -> Result<Vec<State>, String> {
        if let Some(reason) = promoted_uncaptured(&state.board) {
            return Err(reason);
        }
        let afters = orthodox_step(state, from, to, color, &RULES, CastlingInference::Standard)?;
        let Some(pawn) = state.piece(from).filter(|p| p.role == Role::Pawn) else {
            return Ok(afters);
        };
        if to.rank != last_rank(color) {
            return Ok(afters);
        }
        let board = without_victim(state, to);
        let kept: Vec<State> = afters
            .into_iter()
            .filter(|a| {
                a.piece(to)
                    .is_some_and(|p| may_have_been_captured(&board, p.role))
            })
            .collect();
        if kept.is_empty() {
            return Err(format!(
                "the {} on {from} moves to the last rank, but no piece type it could become has been captured: {PROMOTION_TYPE_RULE}",
                pawn.name()
            ));
        }
        Ok(kept)
    }
}

impl StepRules for LineSteps {
    /// "The game ends immediately when you capture a king": the shared
    /// rule, around this edition's moves.
    fn step(
        &self,
        state: &State,
        from: Square,
        to: Square,
        color: Color,
    ) -> Result<Vec<State>, String> {
        king_capture::ended(state, self.chess_step(state, from, to, color))
    }

    fn why_not_reached(
        &self,
        before: &State,
        after: &State,
        from: Square,
        to: Square,
        color: Color,
    ) -> Option<String> {
        let pawn = before
            .piece(from)
            .filter(|p| p.role == Role::Pawn && p.color == color)?;
        let new = after
            .piece(to)
            .filter(|p| p.color == color && p.role != Role::Pawn && to.rank == last_rank(color))?;
        (!may_have_been_captured(&without_victim(before, to), new.role)).then(|| {
            format!(
                "the {} on {from} promotes to a {} on {to}, but no {} has been captured: {PROMOTION_TYPE_RULE}",
                pawn.name(),
                new.role.name(),
                new.role.name()
            )
        })
    }

    /// "En passant capture is allowed."
    fn en_passant(&self) -> bool {
        true
    }
}

/// One move of a reading of the arrows.
#[derive(Clone, Debug)]
struct Mv {
    arrow: usize,
    from: Square,
    to: Square,
    mover: Piece,
    /// The piece captured and its square (en passant: beside `to`).
    victim: Option<(Square, Piece)>,
    /// The type a pawn promoted to.
    promoted: Option<Role>,
    /// Made: the diagram shows the piece at the head.
    made: bool,
}

fn describe(before: &State, after: &State, arrow: usize, a: &Arrow, made: bool) -> Option<Mv> {
    let mover = before.piece(a.from)?;
    let victim = match before.piece(a.to) {
        Some(p) if p.color != mover.color => Some((a.to, p)),
        Some(_) => None,
        None if mover.role == Role::Pawn && a.from.file != a.to.file => {
            let sq = en_passant_victim(a.from, a.to);
            before.piece(sq).map(|p| (sq, p))
        }
        None => None,
    };
    let promoted = after
        .piece(a.to)
        .filter(|p| mover.role == Role::Pawn && p.role != Role::Pawn)
        .map(|p| p.role);
    Some(Mv {
        arrow,
        from: a.from,
        to: a.to,
        mover,
        victim,
        promoted,
        made,
    })
}

/// Where a turn stands: the lines it may have, its non-capturing move,
/// whether it has captured, how many moves it has made.
#[derive(Clone, Debug)]
struct Sim {
    /// `None`: the diagram shows no line.
    lines: Option<Vec<Line>>,
    quiet: Option<(Square, Square)>,
    captured: bool,
    moves: usize,
}

/// The lines after a capture of `v` by `m`: a card like `v` beside one
/// like `m` leaves the line, which closes up and recycles.
fn captured_lines(line: &[CardPiece], m: CardPiece, v: CardPiece) -> Vec<Line> {
    (0..line.len())
        .filter(|&j| {
            line[j] == v
                && ((j > 0 && line[j - 1] == m) || (j + 1 < line.len() && line[j + 1] == m))
        })
        .map(|j| {
            let mut l = line.to_vec();
            l.remove(j);
            recycled(l)
        })
        .collect()
}

/// The lines after a pawn's promotion to `role`: the pawn's card leaves
/// the line, and the promoted piece's card (found in the discard pile,
/// when it is there) goes anywhere in it.
fn promoted_lines(line: &[CardPiece], pawn: CardPiece, role: Role) -> Vec<Line> {
    let mut without: Vec<Line> = (0..line.len())
        .filter(|&j| line[j] == pawn)
        .map(|j| {
            let mut l = line.to_vec();
            l.remove(j);
            recycled(l)
        })
        .collect();
    if without.is_empty() {
        without.push(line.to_vec());
    }
    let mut out = Vec::new();
    for l in without {
        for color in [pawn.color, pawn.color.other()] {
            for at in 0..=l.len() {
                let mut with = l.clone();
                with.insert(at, Piece::new(color, role));
                out.push(recycled(with));
            }
        }
        out.push(l);
    }
    out
}

/// Why the capture `mv` cannot take its card from `line`.
fn capture_refusal(mv: &Mv, line: &[CardPiece]) -> String {
    let m = mv.mover;
    let Some((vsq, v)) = mv.victim else {
        return String::new();
    };
    let shown = line_text(line);
    if mv.made {
        let why = if line.contains(&m) {
            format!(
                "no {} card is beside a {} card in {shown}",
                m.name(),
                v.color.name()
            )
        } else {
            format!("{shown} has no {} card", m.name())
        };
        return format!(
            "the {} that moved {}–{} captured there, but {why}: {CAPTURE_RULE}",
            m.name(),
            mv.from,
            mv.to
        );
    }
    let other = Piece::new(v.color.other(), v.role);
    let why = if !line.contains(&m) {
        format!("{shown} has no {} card", m.name())
    } else if !line.contains(&v) && other != m && line.contains(&other) {
        format!(
            "{shown} has no {} card, only a {} one",
            v.name(),
            other.color.name()
        )
    } else if !line.contains(&v) {
        format!("{shown} has no {} card", v.name())
    } else {
        format!(
            "no {} card is beside a {} card in {shown}",
            m.name(),
            v.name()
        )
    };
    format!(
        "the {} on {} captures the {} on {vsq}, but {why}: {CAPTURE_RULE}",
        m.name(),
        mv.from,
        v.name()
    )
}

/// The search for a reading of the arrows that the turn's steps and the
/// line allow.
struct Search<'a> {
    arrows: &'a [&'a Arrow],
    /// The turn's player.
    color: Color,
    line: Option<Line>,
    steps: usize,
    /// The failure of the reading that went farthest: (moves before it,
    /// a refusal by the cards rather than by the steps, arrow, reason).
    best: Option<((usize, bool), usize, String)>,
    found: bool,
    gave_up: bool,
    /// Whether the diagram's material is sound: then so must be every
    /// position a made move is undone to.
    material_ok: bool,
}

impl Search<'_> {
    fn done(&self) -> bool {
        self.found || self.gave_up
    }

    fn spend(&mut self) -> bool {
        self.steps += 1;
        if self.steps > SEARCH_STEPS {
            self.gave_up = true;
        }
        self.gave_up
    }

    /// Keeps the failure that went farthest; at a tie, one the cards
    /// decide (a made arrow that may have captured is better refused for
    /// its cards than read as a non-capturing move).
    fn note(&mut self, depth: usize, arrow: usize, reason: String) {
        let key = (depth, reason.contains(" face-up line"));
        if self.best.as_ref().is_none_or(|(k, _, _)| key > *k) {
            self.best = Some((key, arrow, reason));
        }
    }

    /// The turn after `mv`, or why the turn's steps or the line refuse it.
    fn apply(&mut self, sim: &Sim, mv: &Mv) -> Result<Sim, String> {
        let mut next = sim.clone();
        next.moves += 1;
        if mv.mover.color != self.color {
            // The other player's double step, taken en passant: the turn
            // before this one.
            if sim.moves > 0 || mv.victim.is_some() {
                return Err(
                    "the arrows are of both colours, but a turn is one player's moves".into(),
                );
            }
            return Ok(next);
        }
        match mv.victim {
            None if sim.captured => {
                return Err(format!(
                    "the {} moves from {} to {} without capturing after a capture, but {STEPS_RULE}",
                    mv.mover.name(),
                    mv.from,
                    mv.to
                ));
            }
            None if sim.quiet.is_some() => {
                let (a, b) = sim.quiet.unwrap_or((mv.from, mv.to));
                return Err(format!(
                    "the {} moves from {} to {} without capturing, but a turn has one non-capturing move (step 2), and {a}–{b} is it",
                    mv.mover.name(),
                    mv.from,
                    mv.to
                ));
            }
            None => next.quiet = Some((mv.from, mv.to)),
            Some(_) => next.captured = true,
        }
        let Some(lines) = &sim.lines else {
            return Ok(next);
        };
        let mut lines: Vec<Line> = lines.clone();
        if mv.promoted.is_some() {
            let first = lines.first().cloned().unwrap_or_default();
            lines.retain(|l| l.contains(&mv.mover));
            if lines.is_empty() {
                let who = if mv.made {
                    format!("the {} that moved {}–{}", mv.mover.name(), mv.from, mv.to)
                } else {
                    format!("the {} on {}", mv.mover.name(), mv.from)
                };
                return Err(format!(
                    "{who} moves to the last rank, but {} has no {} card: {PROMOTION_CARD_RULE}",
                    line_text(&first),
                    mv.mover.name()
                ));
            }
        }
        if let Some((_, v)) = mv.victim {
            let after: Vec<Line> = lines
                .iter()
                .flat_map(|l| captured_lines(l, mv.mover, v))
                .collect();
            if after.is_empty() {
                let first = lines.first().cloned().unwrap_or_default();
                return Err(capture_refusal(mv, &first));
            }
            lines = after;
        }
        if let Some(role) = mv.promoted {
            lines = lines
                .iter()
                .flat_map(|l| promoted_lines(l, mv.mover, role))
                .collect();
        }
        lines.sort();
        lines.dedup();
        if lines.len() > MAX_LINES {
            self.gave_up = true;
        }
        next.lines = Some(lines);
        Ok(next)
    }

    /// Tries each reading of the arrows: the made ones (those in `mask`)
    /// undone back from the diagram, the proposed ones played on from it.
    fn run(&mut self, state: &State, rules: &LineSteps) {
        let n = self.arrows.len();
        let likely: u32 = (0..n)
            .filter(|&i| {
                let a = self.arrows[i];
                state.piece(a.from).map(|p| p.color) != arrow_color(a)
            })
            .fold(0, |m, i| m | 1 << i);
        let mut masks: Vec<u32> = (0..(1u32 << n)).collect();
        masks.sort_by_key(|&m| ((m ^ likely).count_ones(), m));
        for mask in masks {
            if self.done() {
                return;
            }
            let made: Vec<usize> = (0..n).filter(|&i| mask >> i & 1 == 1).collect();
            let proposed: Vec<usize> = (0..n).filter(|&i| mask >> i & 1 == 0).collect();
            self.undo(state, state, &made, &mut Vec::new(), &proposed, None, rules);
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn undo(
        &mut self,
        diagram: &State,
        cur: &State,
        left: &[usize],
        later: &mut Vec<Mv>,
        proposed: &[usize],
        skipped: Option<Square>,
        rules: &LineSteps,
    ) {
        if self.done() {
            return;
        }
        if left.is_empty() {
            let mut sim = Sim {
                lines: self.line.clone().map(|l| vec![l]),
                quiet: None,
                captured: false,
                moves: 0,
            };
            let made: Vec<Mv> = later.iter().rev().cloned().collect();
            for (k, mv) in made.iter().enumerate() {
                match self.apply(&sim, mv) {
                    Ok(next) => sim = next,
                    Err(reason) => {
                        self.note(k, mv.arrow, reason);
                        return;
                    }
                }
            }
            let mut nows = vec![State {
                en_passant: skipped,
                ..diagram.clone()
            }];
            if made.is_empty() {
                for &i in proposed {
                    let a = self.arrows[i];
                    let is_pawn = diagram.piece(a.from).is_some_and(|p| p.role == Role::Pawn);
                    if is_pawn && a.from.file != a.to.file && diagram.piece(a.to).is_none() {
                        nows.push(State {
                            en_passant: Some(a.to),
                            ..diagram.clone()
                        });
                    }
                }
            }
            for now in nows {
                self.propose(&now, proposed, &sim, rules);
                if self.done() {
                    return;
                }
            }
            return;
        }
        for k in 0..left.len() {
            let i = left[k];
            let a = self.arrows[i];
            let Some(color) = arrow_color(a) else {
                continue;
            };
            let mut befores = rules.befores(cur, a.from, a.to, color);
            befores.extend(rules.en_passant_befores(cur, a.from, a.to, color));
            let rest: Vec<usize> = left.iter().copied().filter(|&j| j != i).collect();
            for before in befores {
                if before.piece(a.to).is_some_and(|p| p.color == color)
                    || (self.material_ok
                        && !material::problems(&before.board, &MaterialRules::COMMON).is_empty())
                {
                    continue;
                }
                if self.spend() {
                    return;
                }
                let Ok(afters) = rules.step(&before, a.from, a.to, color) else {
                    continue;
                };
                let Some(reached) = afters.iter().find(|x| cur.is_reached_by(x)) else {
                    continue;
                };
                let Some(mv) = describe(&before, reached, i, a, true) else {
                    continue;
                };
                let sk = if later.is_empty() {
                    reached.en_passant
                } else {
                    skipped
                };
                later.push(mv);
                self.undo(diagram, &before, &rest, later, proposed, sk, rules);
                later.pop();
                if self.done() {
                    return;
                }
            }
        }
    }

    fn propose(&mut self, cur: &State, left: &[usize], sim: &Sim, rules: &LineSteps) {
        if left.is_empty() {
            self.found = true;
            return;
        }
        for k in 0..left.len() {
            let i = left[k];
            let a = self.arrows[i];
            let Some(color) = arrow_color(a) else {
                continue;
            };
            if self.spend() {
                return;
            }
            let Ok(afters) = rules.step(cur, a.from, a.to, color) else {
                continue;
            };
            let rest: Vec<usize> = left.iter().copied().filter(|&j| j != i).collect();
            for after in afters {
                let Some(mv) = describe(cur, &after, i, a, false) else {
                    continue;
                };
                match self.apply(sim, &mv) {
                    Ok(next) => self.propose(&after, &rest, &next, rules),
                    Err(reason) => self.note(sim.moves, i, reason),
                }
                if self.done() {
                    return;
                }
            }
        }
    }
}

/// The turn's player, when the arrows are one player's, or the other
/// player's double step just before this player's en passant capture.
fn turn_color(arrows: &[&Arrow]) -> Option<Color> {
    let first = arrow_color(arrows.first()?)?;
    if arrows.iter().all(|a| arrow_color(a) == Some(first)) {
        return Some(first);
    }
    for color in [Color::White, Color::Black] {
        let theirs: Vec<&&Arrow> = arrows
            .iter()
            .filter(|a| arrow_color(a) == Some(color.other()))
            .collect();
        let [step] = theirs[..] else {
            continue;
        };
        let (start, landing) = if color == Color::White {
            (7, 5)
        } else {
            (2, 4)
        };
        let skipped = Square::new(step.from.file, (start + landing) / 2);
        let double =
            step.from.file == step.to.file && step.from.rank == start && step.to.rank == landing;
        let takes = arrows.iter().any(|a| {
            arrow_color(a) == Some(color) && a.to == skipped && a.from.file.abs_diff(a.to.file) == 1
        });
        if double && takes {
            return Some(color);
        }
    }
    None
}

/// Checks a diagram of the current edition (its material is checked
/// already).
pub(super) fn check(board: &BoardDiagram, out: &mut Vec<Finding>) {
    let line = check_cards(board, out);
    let arrows = common::move_arrows(board);
    if arrows.is_empty() {
        // With arrows, the move that cannot be is refused instead.
        if let Some(reason) = promoted_uncaptured(&board.board) {
            out.push(Finding::error(
                material::RULE,
                material::board_span(board),
                reason,
            ));
        }
        return;
    }
    let Some(color) = turn_color(&arrows) else {
        let first = arrow_color(arrows[0]);
        let other = arrows
            .iter()
            .find(|a| arrow_color(a) != first)
            .unwrap_or(&arrows[0]);
        out.push(
            Finding::error(
                TURN,
                other.span,
                "the arrows are of both colours, but a turn is one player's moves",
            )
            .with_help("a turn is one player's: a non-capturing move, then captures by any of that player's pieces"),
        );
        return;
    };
    let state = State::new(board.board.clone());
    let rules = LineSteps;
    let before = out.len();
    let found = common::check_moves(board, &state, &arrows, &rules, out);
    king_capture::explain(&mut out[before..]);
    if found.is_none() {
        return;
    }
    // A line with a finding of its own is not checked against the moves
    // (that would add a second, invented error); the turn's steps are.
    let mut search = Search {
        arrows: &arrows,
        color,
        line,
        steps: 0,
        best: None,
        found: false,
        gave_up: false,
        material_ok: material::problems(&board.board, &MaterialRules::COMMON).is_empty(),
    };
    search.run(&state, &rules);
    if search.found || search.gave_up {
        return;
    }
    if let Some((_, arrow, reason)) = search.best {
        out.push(Finding::error(common::ARROW, arrows[arrow].span, reason));
    }
}

#[cfg(test)]
mod tests;
