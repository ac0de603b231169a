//! Helpers shared by the games played with (nearly) orthodox chess moves:
//! the move arrows of a diagram, replaying them with a finding at the arrow
//! that fails, and whose turn it is.

use crate::diagram::{Arrow, ArrowColour, BoardDiagram, Color, Piece, Role, Square};
use crate::engine::Finding;
use crate::engine::chess::{CastlingInference, Position, moves_generated};
use crate::engine::material::{self, MaterialRules};
use crate::engine::replay::{self, Plan, State, StepRules, arrow_color};
use crate::source::Span;

pub const ARROW: &str = "arrow";
pub const CHECK: &str = "check";
pub const RING: &str = "ring";

/// More arrows than this are not replayed: the search grows with every
/// ordering of them.
pub const MAX_REPLAYED: usize = 8;

/// The white and black arrows that are moves (not rings).
pub fn move_arrows(board: &BoardDiagram) -> Vec<&Arrow> {
    board
        .arrows
        .iter()
        .filter(|a| a.colour != ArrowColour::Grey && !a.is_ring())
        .collect()
}

/// The rings (`arrow: X, X, colour`) of one colour.
pub fn rings(board: &BoardDiagram, colour: ArrowColour) -> Vec<&Arrow> {
    board
        .arrows
        .iter()
        .filter(|a| a.is_ring() && a.colour == colour)
        .collect()
}

/// A square's span, or the whole board's for a square in the margin.
pub fn square_span(board: &BoardDiagram, sq: Square) -> Span {
    if sq.is_on_board() {
        board.square_span(sq)
    } else {
        material::board_span(board)
    }
}

/// Whether `arrows` are more than `MAX_REPLAYED`, said with a warning at
/// the first one past the limit; the caller then does not replay them.
pub fn too_many_to_replay(arrows: &[&Arrow], out: &mut Vec<Finding>) -> bool {
    let Some(first_past) = arrows.get(MAX_REPLAYED) else {
        return false;
    };
    out.push(Finding::warning(
        ARROW,
        first_past.span,
        format!(
            "this diagram has {} move arrows; only diagrams with up to {MAX_REPLAYED} are replayed",
            arrows.len()
        ),
    ));
    true
}

/// The text of the `##` section a diagram sits in.
pub fn section_text<'a>(book: &'a crate::book::Book, entry: &crate::book::DiagramEntry) -> &'a str {
    let Some(i) = entry.section else {
        return "";
    };
    let start = book.sections[i].span.start;
    let end = book.sections[i + 1..]
        .iter()
        .find(|s| s.level <= 2)
        .map_or(book.source.text.len(), |s| s.span.start);
    book.source.text.get(start..end).unwrap_or("")
}

/// Replays `arrows` from `state`; each arrow that cannot be explained
/// becomes an `arrow` finding at that arrow.
pub fn check_moves(
    board: &BoardDiagram,
    state: &State,
    arrows: &[&Arrow],
    rules: &dyn StepRules,
    out: &mut Vec<Finding>,
) -> Option<Plan> {
    if too_many_to_replay(arrows, out) {
        return None;
    }
    // Every arrow that cannot be a move is reported: after a failure, the
    // failing arrow is set aside and the others are replayed again.
    let mut left = arrows.to_vec();
    let mut failed = false;
    loop {
        match replay::replay(state, &left, rules) {
            Ok(plan) => return (!failed).then_some(plan),
            Err(f) if f.is_over_budget() => {
                let span = left.first().map_or(board_span(board), |a| a.span);
                out.push(f.finding(ARROW, span));
                return None;
            }
            Err(f) => {
                let blame = replay::blame(state, &left, rules, f);
                let f = blame.failure;
                let Some(bad) = (f.arrow < left.len() && !f.is_general())
                    .then(|| set_aside(&mut left, f.arrow))
                else {
                    let span = left.first().map_or(board_span(board), |a| a.span);
                    out.push(Finding::error(ARROW, span, f.reason));
                    return None;
                };
                out.push(arrow_finding(arrows, bad, f.reason, rules));
                failed = true;
                if left.is_empty() || blame.only_fault {
                    return None;
                }
            }
        }
    }
}

/// In the games with check: replays the arrows (`check_moves`), then
/// checks the kings against whose turn the arrows leave it (`check_turn`).
pub fn check_moves_and_turn(
    board: &BoardDiagram,
    state: &State,
    arrows: &[&Arrow],
    rules: &dyn StepRules,
    in_check: &dyn Fn(&State, Color) -> bool,
    out: &mut Vec<Finding>,
) {
    if let Some(plan) = check_moves(board, state, arrows, rules, out) {
        let to_move = side_to_move(arrows, &plan);
        check_turn(board, state, to_move, in_check, out);
    }
}

/// An `arrow` finding at `bad`, with a word on en passant where the arrow
/// looks like the double step an en passant capture of `arrows` needs.
pub fn arrow_finding(
    arrows: &[&Arrow],
    bad: &Arrow,
    reason: String,
    rules: &dyn StepRules,
) -> Finding {
    let finding = Finding::error(ARROW, bad.span, reason);
    match no_en_passant_help(arrows, bad, rules) {
        Some(help) => finding.with_help(help),
        None => finding,
    }
}

/// At most this many checks of one diagram, changed, are run to find its
/// helps: each change tried is a check, and a check may replay up to the
/// replay's own budget. An arrow whose search runs out gets no help.
const HELP_CHECKS: usize = 64;

/// At most about this much work (positions' moves generated) goes into one
/// diagram's help search, past the check that ends it: a game whose check
/// searches deeply (Booster Chess with many arrows: 200 ms a check) would
/// otherwise take 64 times as long, in `check` and on every keystroke in an
/// editor. Counted, not timed, so the same book gets the same helps.
const HELP_WORK: u64 = 60_000;

/// Adds a `help:` to each `arrow` error that one change would cure: a
/// piece whose removal makes the arrow legal (one standing in its path, or
/// one giving check), else the one arrow a square off, of the other colour
/// or drawn backwards that is legal. `check` is the game's own check of a
/// board diagram, so a help holds under that game's rules. Nothing is said
/// where several changes would do.
pub fn add_arrow_helps(
    board: &BoardDiagram,
    findings: &mut [Finding],
    check: &dyn Fn(&BoardDiagram) -> Vec<Finding>,
) {
    use crate::diagnostic::Severity;
    let moves = move_arrows(board);
    if moves.is_empty() || moves.len() > MAX_REPLAYED {
        return;
    }
    let errors: Vec<(&'static str, Span, String)> = findings
        .iter()
        .filter(|f| f.severity == Severity::Error)
        .map(|f| (f.rule, f.span, f.message.clone()))
        .collect();
    let failing: Vec<Span> = findings
        .iter()
        .filter(|f| f.rule == ARROW && f.severity == Severity::Error)
        .map(|f| f.span)
        .collect();
    let spans: Vec<Span> = board.arrows.iter().map(|a| a.span).collect();
    let checks = std::cell::Cell::new(0);
    let work = std::cell::Cell::new(0u64);
    for finding in findings.iter_mut() {
        if finding.rule != ARROW
            || finding.severity != Severity::Error
            || finding.help.is_some()
            || checks.get() >= HELP_CHECKS
        {
            continue;
        }
        let Some(bad) = move_arrows(board)
            .into_iter()
            .find(|a| a.span == finding.span)
        else {
            continue;
        };
        // The other arrows with errors of their own are left out for the
        // second test: one fault must not hide another's cure.
        let mut others_out = board.clone();
        others_out
            .arrows
            .retain(|a| a.span == bad.span || !failing.contains(&a.span));
        // The game's check of a changed diagram, counted; `None` past the
        // budget.
        let run = |changed: &BoardDiagram| {
            checks.set(checks.get() + 1);
            if checks.get() > HELP_CHECKS || work.get() > HELP_WORK {
                checks.set(HELP_CHECKS + 1);
                return None;
            }
            let before = moves_generated();
            let found = check(changed);
            work.set(work.get() + (moves_generated() - before));
            Some(found)
        };
        // A change cures `bad` when, with every arrow, the diagram has no
        // error it did not have and none at `bad`; and, without the other
        // arrows with errors, no arrow has one (an arrow chained to a
        // broken one is set aside unreported, so a missing error is not
        // enough).
        let cures = |change: &dyn Fn(&mut BoardDiagram)| {
            let clean = |found: Vec<Finding>, everywhere: bool| {
                found.iter().all(|f| {
                    f.severity != Severity::Error
                        || (f.span != bad.span
                            && !(everywhere && spans.contains(&f.span))
                            && errors.contains(&(f.rule, f.span, f.message.clone())))
                })
            };
            let mut whole = board.clone();
            change(&mut whole);
            if !run(&whole).is_some_and(|found| clean(found, false)) {
                return false;
            }
            let mut alone = others_out.clone();
            change(&mut alone);
            run(&alone).is_some_and(|found| clean(found, true))
        };
        // An arrow that is a legal move on its own is sound as drawn: its
        // fault lies in what the other arrows make of it (a move after
        // the game ended, say), so no changed arrow is offered for it.
        let sound = || {
            let mut alone = board.clone();
            alone
                .arrows
                .retain(|a| a.span == bad.span || !moves.iter().any(|m| m.span == a.span));
            run(&alone).is_some_and(|found| {
                found
                    .iter()
                    .all(|f| f.severity != Severity::Error || f.span != bad.span)
            })
        };
        let (help, fix) = match piece_help(board, bad, &finding.message, &cures) {
            Some(help) => (Some(help), None),
            None if moves.len() > 1 && sound() => (None, None),
            None => match arrow_help(board, bad, &cures) {
                Some((help, line)) => (Some(help), Some(line)),
                None => (None, None),
            },
        };
        // Offered only when the changed diagram is legal (its one error
        // was this arrow's) and this arrow is not a sound one that
        // another arrow's fault made look wrong.
        let changed_is_legal = errors.iter().all(|(_, span, _)| *span == bad.span);
        let others: Vec<Span> = moves.iter().map(|a| a.span).collect();
        let (help, fix) = if help.is_none()
            || crate::suggest::offers_arrow_help(
                bad.span,
                &others,
                changed_is_legal,
                &mut |other: Span| {
                    let clear = |found: Vec<Finding>| {
                        !found
                            .iter()
                            .any(|f| f.severity == Severity::Error && f.span == bad.span)
                    };
                    let mut without = board.clone();
                    without.arrows.retain(|a| a.span != other);
                    if run(&without).map(clear)? {
                        return Some(true);
                    }
                    // A made move taken back: its piece on its tail again,
                    // with its ring (and a pawn it took en passant).
                    match taken_back(board, other) {
                        Some(back) => run(&back).map(clear),
                        None => Some(false),
                    }
                },
            ) {
            (help, fix)
        } else {
            (None, None)
        };
        // A search cut short cannot tell that a change is the only one.
        if checks.get() <= HELP_CHECKS {
            finding.help = help;
            // The arrow's span is its whole line: the fix rewrites it.
            finding.fix = fix.map(|text| crate::diagnostic::Fix {
                span: bad.span,
                text,
            });
        }
    }
}

/// The diagram with the made move drawn by the arrow at `span` taken
/// back: the arrow gone, its piece (with the ring under it) back on its
/// tail, and a pawn it took en passant back beside it. `None` when the
/// arrow is no made move.
fn taken_back(board: &BoardDiagram, span: Span) -> Option<BoardDiagram> {
    let a = move_arrows(board).into_iter().find(|a| a.span == span)?;
    let color = arrow_color(a)?;
    if !a.from.is_on_board() || !a.to.is_on_board() || board.board.get(a.from).is_some() {
        return None;
    }
    let piece = board.board.get(a.to).filter(|p| p.color == color)?;
    let (from, to) = (a.from, a.to);
    let mut back = board.clone();
    back.arrows.retain(|x| x.span != span);
    back.board.set(to, None);
    back.board.set(from, Some(piece));
    let forward: i16 = if color == Color::White { 1 } else { -1 };
    let victim = Square::new(to.file, from.rank);
    if piece.role == Role::Pawn
        && from.file.abs_diff(to.file) == 1
        && i16::from(to.rank) - i16::from(from.rank) == forward
        && board.board.get(victim).is_none()
    {
        back.board
            .set(victim, Some(Piece::new(color.other(), Role::Pawn)));
    }
    for ring in back
        .arrows
        .iter_mut()
        .filter(|x| x.is_ring() && x.from == to)
    {
        ring.from = from;
        ring.to = from;
    }
    Some(back)
}

/// A test of a change to a diagram: whether it cures the arrow in question.
type Cures<'a> = dyn Fn(&dyn Fn(&mut BoardDiagram)) -> bool + 'a;

/// The one piece whose removal cures the arrow `a`, said as the reason it
/// stops the move: it stands between the arrow's ends, or (where the
/// arrow's error is about check) it attacks the mover's king.
fn piece_help(board: &BoardDiagram, a: &Arrow, message: &str, cures: &Cures) -> Option<String> {
    let color = arrow_color(a)?;
    if !a.from.is_on_board() || !a.to.is_on_board() {
        return None;
    }
    let about_check = message.contains("in check");
    let between = crate::engine::chess::squares_between(a.from, a.to);
    let suspects: Vec<Square> = board
        .board
        .pieces()
        .filter(|&(sq, p)| between.contains(sq) || (about_check && p.color != color))
        .map(|(sq, _)| sq)
        .collect();
    let mut cured = suspects
        .into_iter()
        .filter(|&sq| cures(&|b: &mut BoardDiagram| b.board.set(sq, None)));
    let sq = cured.next()?;
    if cured.next().is_some() {
        return None;
    }
    let piece = board.board.get(sq)?;
    if between.contains(sq) {
        return Some(format!(
            "the {} on {sq} stands between {} and {}: without it the move is legal",
            piece.name(),
            a.from,
            a.to
        ));
    }
    // Check is said only where the piece attacks the king once the arrow's
    // piece stands on its head.
    let mut after = board.board.clone();
    if let Some(mover) = after.get(a.from).filter(|p| p.color == color)
        && after.get(a.to).is_none_or(|p| p.color != color)
    {
        after.set(a.from, None);
        after.set(a.to, Some(mover));
    }
    let king = after
        .pieces()
        .find(|(_, p)| *p == Piece::new(color, Role::King))
        .map(|(s, _)| s)?;
    let pos = Position::from_board(&after, color, CastlingInference::None);
    if !about_check
        || !pos
            .attackers_to(king, color.other(), pos.occupied())
            .contains(sq)
    {
        return None;
    }
    Some(format!(
        "the {} on {sq} gives check to the {} king on {king} after this move",
        piece.name(),
        color.name()
    ))
}

/// The one arrow like `a` that the game accepts: its head or its tail one
/// square off, the other colour, or the other way round.
/// The help, and the corrected line.
fn arrow_help(board: &BoardDiagram, a: &Arrow, cures: &Cures) -> Option<(String, String)> {
    let around = |sq: Square| -> Vec<Square> {
        let mut out = Vec::new();
        for df in -1i8..=1 {
            for dr in -1i8..=1 {
                let (f, r) = (sq.file as i8 + df, sq.rank as i8 + dr);
                if (df, dr) != (0, 0) && (0..8).contains(&f) && (1..=8).contains(&r) {
                    out.push(Square::new(f as u8, r as u8));
                }
            }
        }
        out
    };
    let flipped = match a.colour {
        ArrowColour::White => ArrowColour::Black,
        _ => ArrowColour::White,
    };
    let mut tries: Vec<(Arrow, Change)> = Vec::new();
    for to in around(a.to) {
        tries.push((Arrow { to, ..a.clone() }, Change::Head));
    }
    for from in around(a.from) {
        tries.push((Arrow { from, ..a.clone() }, Change::Tail));
    }
    tries.push((
        Arrow {
            colour: flipped,
            ..a.clone()
        },
        Change::Colour,
    ));
    if a.to.is_on_board() {
        let back = Arrow {
            from: a.to,
            to: a.from,
            ..a.clone()
        };
        tries.push((back, Change::Reversed));
    }
    let mut cured = tries.into_iter().filter(|(t, _)| {
        // An arrow the diagram already has, or a ring, is no correction.
        if t.is_ring()
            || board
                .arrows
                .iter()
                .any(|b| (b.from, b.to, b.colour) == (t.from, t.to, t.colour))
        {
            return false;
        }
        cures(&|b: &mut BoardDiagram| {
            for x in b.arrows.iter_mut().filter(|x| x.span == a.span) {
                *x = t.clone();
            }
        })
    });
    let (t, change) = cured.next()?;
    if cured.next().is_some() {
        return None;
    }
    let side = arrow_color(&t).map_or("grey", Color::name);
    let fixed = format!("arrow: {}, {}, {side}", t.from, t.to);
    let line = format!("`{fixed}`");
    let help = match change {
        Change::Head => format!(
            "did you mean {line}? of the squares next to {}, only {} makes this arrow legal",
            a.to, t.to
        ),
        Change::Tail => format!(
            "did you mean {line}? of the squares next to {}, only {} makes this arrow legal",
            a.from, t.from
        ),
        Change::Colour => format!(
            "did you mean {line}? an arrow's colour is the side that moves, and this is a legal {side} move"
        ),
        Change::Reversed => format!("did you mean {line}? the move is legal the other way round"),
    };
    Some((help, fixed))
}

/// What `arrow_help` changed in an arrow.
enum Change {
    Head,
    Tail,
    Colour,
    Reversed,
}

/// Why a made double step cannot be read, in a game without en passant,
/// when an arrow of the other side captures onto the square it passed: the
/// author most likely drew an en passant capture.
fn no_en_passant_help(arrows: &[&Arrow], step: &Arrow, rules: &dyn StepRules) -> Option<String> {
    let color = arrow_color(step)?;
    let forward: i16 = if color == Color::White { 1 } else { -1 };
    let (from, to) = (step.from, step.to);
    if rules.en_passant()
        || from.file != to.file
        || i16::from(to.rank) - i16::from(from.rank) != 2 * forward
    {
        return None;
    }
    let passed = Square::new(from.file, (from.rank + to.rank) / 2);
    let taker = arrows.iter().find(|a| {
        arrow_color(a) == Some(color.other())
            && a.to == passed
            && a.from.rank == to.rank
            && a.from.file.abs_diff(to.file) == 1
    })?;
    // The taker is named by its move, not by a square: made, it no longer
    // stands on its tail.
    Some(format!(
        "if {}–{} shows an en passant capture: this game has no en passant, so the {} pawn that moves from {} cannot take the {} pawn that stepped from {} to {}",
        taker.from,
        taker.to,
        color.other().name(),
        taker.from,
        color.name(),
        from,
        to
    ))
}

/// Removes the arrow `i` from `left`, with the arrows chained to it head to
/// tail (whose squares are empty or full only because of it), so that a
/// broken link is reported once and not again at every later link.
pub fn set_aside<'a>(left: &mut Vec<&'a Arrow>, i: usize) -> &'a Arrow {
    let bad = left.remove(i);
    let mut chain = vec![bad];
    while let Some(k) = left
        .iter()
        .position(|a| chain.iter().any(|c| a.to == c.from || a.from == c.to))
    {
        chain.push(left.remove(k));
    }
    bad
}

fn board_span(board: &BoardDiagram) -> Span {
    material::board_span(board)
}

/// Whether a king of `color` is attacked by orthodox moves.
pub fn orthodox_in_check(state: &State, color: Color) -> bool {
    Position::from_board(&state.board, color, CastlingInference::None).in_check(color)
}

/// The side whose turn it is after the arrows, when they tell: the side of
/// the proposed moves, or the other side from the last made move.
pub fn side_to_move(arrows: &[&Arrow], plan: &Plan) -> Option<Color> {
    if !plan.proposed.is_empty() {
        let colours: Vec<Color> = plan
            .proposed
            .iter()
            .filter_map(|&i| arrow_color(arrows[i]))
            .collect();
        let first = *colours.first()?;
        return colours.iter().all(|&c| c == first).then_some(first);
    }
    let last = *plan.made.last()?;
    arrow_color(arrows[last]).map(Color::other)
}

/// In games with check: both kings cannot be in check, and the side that
/// is not to move cannot be in check.
pub fn check_turn(
    board: &BoardDiagram,
    state: &State,
    to_move: Option<Color>,
    in_check: &dyn Fn(&State, Color) -> bool,
    out: &mut Vec<Finding>,
) {
    let king = |c: Color| {
        state
            .board
            .pieces()
            .find(|(_, p)| *p == Piece::new(c, Role::King))
            .map(|(s, _)| s)
    };
    let white = in_check(state, Color::White);
    let black = in_check(state, Color::Black);
    if white && black {
        let span = king(Color::Black).map_or(board_span(board), |s| square_span(board, s));
        out.push(
            Finding::error(CHECK, span, "both kings are in check")
                .with_help("the side that moved last cannot have left its own king in check"),
        );
        return;
    }
    let Some(to_move) = to_move else {
        return;
    };
    let waiting = to_move.other();
    if in_check(state, waiting)
        && let Some(sq) = king(waiting)
    {
        out.push(
            Finding::error(
                CHECK,
                square_span(board, sq),
                format!(
                    "the {} king on {sq} is in check, but it is {}'s turn",
                    waiting.name(),
                    side_name(to_move)
                ),
            )
            .with_help(format!(
                "{} cannot have left its own king in check",
                side_name(waiting)
            )),
        );
    }
}

pub fn side_name(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// A pawn on its own last rank: it would have been promoted at once. For
/// games where a pawn may stand on its first rank but not its last.
pub fn check_no_pawn_on_last_rank(board: &BoardDiagram, out: &mut Vec<Finding>) {
    for (sq, p) in board.board.pieces() {
        let last = if p.color == Color::White { 8 } else { 1 };
        if p.role == Role::Pawn && sq.rank == last {
            out.push(
                Finding::error(
                    material::RULE,
                    board.square_span(sq),
                    format!(
                        "a {} pawn on {sq}, {}'s last rank",
                        p.color.name(),
                        side_name(p.color)
                    ),
                )
                .with_help("a pawn that reaches the last rank is promoted at once"),
            );
        }
    }
}

/// The move arrows less those that lead to or from a pawn on its last
/// rank (and the arrows chained to them): that pawn is already an error
/// (`check_no_pawn_on_last_rank`), and a move read from it would only
/// invent a second one ("b8–c8 is not a pawn move" after the pawn should
/// have been promoted on b8).
pub fn past_last_rank_pawns<'a>(board: &BoardDiagram, arrows: &[&'a Arrow]) -> Vec<&'a Arrow> {
    let stuck: Vec<Square> = board
        .board
        .pieces()
        .filter(|(sq, p)| {
            p.role == Role::Pawn && sq.rank == if p.color == Color::White { 8 } else { 1 }
        })
        .map(|(sq, _)| sq)
        .collect();
    let mut left = arrows.to_vec();
    while let Some(i) = left
        .iter()
        .position(|a| stuck.contains(&a.from) || stuck.contains(&a.to))
    {
        set_aside(&mut left, i);
    }
    left
}

/// Orthodox material, but a side may have lost its king (games won by
/// capturing the king).
pub const KING_MAY_BE_CAPTURED: MaterialRules = MaterialRules {
    kings: material::Kings::AtMostOne,
    ..MaterialRules::ORTHODOX
};

/// The squares of the move arrows' heads of one colour.
pub fn heads(arrows: &[&Arrow], color: Color) -> Vec<Square> {
    arrows
        .iter()
        .filter(|a| arrow_color(a) == Some(color))
        .map(|a| a.to)
        .collect()
}

/// The piece each replayed arrow moved, in the order of the plan: made
/// moves forwards from the plan's start, then the proposed ones from the
/// diagram. Where a move has choices (promotion) the first is followed.
pub fn moved_pieces(
    state: &State,
    arrows: &[&Arrow],
    plan: &Plan,
    rules: &dyn StepRules,
) -> Vec<(usize, Piece)> {
    let mut out = Vec::new();
    for (start, order, proposed) in [
        (&plan.start, &plan.made, false),
        (state, &plan.proposed, true),
    ] {
        let mut s = start.clone();
        for &i in order {
            let a = arrows[i];
            // Proposed arrows from one square are alternatives: the same piece.
            let alternative = order
                .iter()
                .take_while(|&&j| j != i)
                .find(|&&j| proposed && arrows[j].from == a.from)
                .and_then(|&j| out.iter().find(|(k, _)| *k == j).map(|&(_, p)| p));
            if let Some(piece) = alternative {
                out.push((i, piece));
                continue;
            }
            let (Some(piece), Some(color)) = (s.piece(a.from), arrow_color(a)) else {
                break;
            };
            out.push((i, piece));
            match rules.step(&s, a.from, a.to, color) {
                Ok(afters) if !afters.is_empty() => s = afters[0].clone(),
                _ => break,
            }
        }
    }
    out
}

#[cfg(test)]
pub mod testing {
    //! Seed books, mutated seeds and hand-made diagrams, checked by one game.

    /// The orthodox start position, as a diagram's rows.
    pub const OPENING: &str = "r n b q k b n r
        p p p p p p p p
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        P P P P P P P P
        R N B Q K B N R";

    use std::path::Path;

    use crate::book::{Book, DiagramEntry};
    use crate::diagram::{BoardDiagram, DiagramKind};
    use crate::engine::{CardTable, DiagramContext, Finding, Options, RuleDiagnostic, check_book};
    use crate::source::SourceFile;

    pub fn load(path: &str) -> Book {
        let mut diags = Vec::new();
        Book::load(Path::new(path), &mut diags).expect("the seed book loads")
    }

    /// Everything `check_book` says about one section of a seed book.
    pub fn seed_findings(path: &str, section: &str) -> Vec<RuleDiagnostic> {
        let book = load(path);
        let (diags, _, _) = check_book(&book, &Options::default());
        diags
            .into_iter()
            .filter(|d| d.section.as_deref() == Some(section))
            .collect()
    }

    /// Everything `check_book` says about one section of a book given as
    /// text, which must parse cleanly.
    pub fn text_findings(text: &str, section: &str) -> Vec<RuleDiagnostic> {
        let mut diags = Vec::new();
        let book = Book::parse(SourceFile::new("t.md", text.to_string()), &mut diags);
        assert!(diags.is_empty(), "{diags:?}");
        let (out, _, _) = check_book(&book, &Options::default());
        out.into_iter()
            .filter(|d| d.section.as_deref() == Some(section))
            .collect()
    }

    /// The number of board diagrams of a section, to be sure a test sees them.
    pub fn board_count(path: &str, section: &str) -> usize {
        let book = load(path);
        book.diagrams
            .iter()
            .filter(|e| in_section(&book, e, section))
            .filter(|e| {
                matches!(
                    e.diagram.as_ref().map(|d| &d.kind),
                    Some(DiagramKind::Board(_))
                )
            })
            .count()
    }

    fn in_section(book: &Book, e: &DiagramEntry, section: &str) -> bool {
        book.section_of(e).is_some_and(|s| s.title == section)
    }

    /// The findings of the section's game for one board diagram (or all).
    pub fn game_findings(book: &Book, section: &str, number: Option<usize>) -> Vec<Finding> {
        let game = crate::engine::Games::coded()
            .find(section)
            .expect("a known game");
        let cards = CardTable::for_book(book);
        let options = Options::default();
        let mut out = Vec::new();
        for entry in &book.diagrams {
            if !in_section(book, entry, section) || number.is_some_and(|n| n != entry.number) {
                continue;
            }
            let Some(board) = entry.diagram.as_ref().and_then(|d| d.as_board()) else {
                continue;
            };
            let cx = DiagramContext {
                book,
                entry,
                cards: &cards,
                options: &options,
            };
            let check = |board: &BoardDiagram| {
                let mut found = Vec::new();
                game.check_board(&cx, board, &mut found);
                found
            };
            let mut found = check(board);
            super::add_arrow_helps(board, &mut found, &check);
            out.extend(found);
        }
        out
    }

    /// Replaces the one line `old` (trimmed) of diagram `number` of
    /// `section` by `new`, and returns the game's findings for that
    /// diagram, each asserted to point inside it.
    pub fn mutate(path: &str, section: &str, number: usize, old: &str, new: &str) -> Vec<Finding> {
        let book = load(path);
        let entry = book
            .diagrams
            .iter()
            .find(|e| in_section(&book, e, section) && e.number == number)
            .expect("the diagram exists");
        let text = &book.source.text;
        let block = &text[entry.span.range()];
        let line = block
            .lines()
            .find(|l| l.trim() == old)
            .unwrap_or_else(|| panic!("no line {old:?} in diagram {number}"));
        let at = entry.span.start + block.find(line).unwrap_or(0);
        let indent = &line[..line.len() - line.trim_start().len()];
        let mut changed = text.clone();
        changed.replace_range(at..at + line.len(), &format!("{indent}{new}"));
        let end = entry.span.end + new.len() + indent.len() - line.len();
        let mut diags = Vec::new();
        let mutated = Book::parse(SourceFile::new(path, changed), &mut diags);
        let found = game_findings(&mutated, section, Some(number));
        for f in &found {
            assert!(
                entry.span.start <= f.span.start && f.span.end <= end,
                "finding outside the diagram: {f:?}"
            );
        }
        found
    }

    /// The findings of the game `section` for a diagram written here.
    pub fn check_text(section: &str, diagram: &str) -> Vec<Finding> {
        check_text_in(section, "", diagram)
    }

    /// As [`check_text`], in a section whose text is `words`.
    pub fn check_text_in(section: &str, words: &str, diagram: &str) -> Vec<Finding> {
        let mut text = format!("## {section}\n\n{words}\n\n");
        for l in diagram.lines() {
            text.push_str("    ");
            text.push_str(l.trim());
            text.push('\n');
        }
        let mut diags = Vec::new();
        let book = Book::parse(SourceFile::new("t.md", text), &mut diags);
        assert!(
            book.diagrams.iter().all(|d| d.diagram.is_some()),
            "the diagram parses: {diags:?}"
        );
        game_findings(&book, section, None)
    }

    /// The white king on e1 attacked by the queen on h4 (1. f3 e5 2. g4 Qh4).
    pub const KING_ATTACKED: &str = "r n b . k b n r
        p p p p . p p p
        . . . . . . . .
        . . . . p . . .
        . . . . P . . q
        . . . . . . . .
        P P P P . . P P
        R N B Q K B N R";

    /// A game without check (`section`) accepts `arrow` played with the
    /// white king attacked, which a game with check (Zombie Chess: "all the
    /// normal rules") refuses.
    pub fn assert_check_is_not_a_rule(section: &str, arrow: &str) {
        let text = format!("{KING_ATTACKED}\n{arrow}");
        let f = check_text(section, &text);
        assert!(f.is_empty(), "{section}: {:?}", summary(&f));
        let f = check_text("Zombie Chess", &text);
        assert!(
            f.iter()
                .any(|f| f.message.contains("leave the white king in check")),
            "{:?}",
            summary(&f)
        );
    }

    /// Rules and messages, for readable assertion failures.
    pub fn summary(found: &[Finding]) -> Vec<String> {
        found
            .iter()
            .map(|f| format!("{}: {}", f.rule, f.message))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::testing::*;

    /// The `arrow` findings of a Zombie diagram of the opening with `arrows`.
    fn arrow_findings(arrows: &[&str]) -> Vec<String> {
        let diagram = format!("{OPENING}\n{}", arrows.join("\n"));
        check_text("Zombie Chess", &diagram)
            .into_iter()
            .filter(|f| f.rule == super::ARROW)
            .map(|f| f.message)
            .collect()
    }

    #[test]
    fn every_bad_arrow_is_reported_not_only_the_first() {
        let good = "arrow: e2, e4, white";
        let pawn = "arrow: d2, d5, white";
        let knight = "arrow: g1, g4, white";
        assert_eq!(arrow_findings(&[good]), Vec::<String>::new());
        let one = arrow_findings(&[good, pawn]);
        assert_eq!(one.len(), 1, "{one:?}");
        let both = arrow_findings(&[pawn, good, knight]);
        assert_eq!(both.len(), 2, "{both:?}");
        assert!(both[0].contains("d2") && both[0].contains("d5"), "{both:?}");
        assert!(both[1].contains("g1") && both[1].contains("g4"), "{both:?}");
    }

    /// One arrow drawn from the wrong square (the rook's h8–h6 drawn from
    /// g8, where a knight stands) has no reading, and its rook on h6 then
    /// blocks the pawn's h7–h5 before it: the one error is the rook's arrow,
    /// not an invented second one at the pawn's.
    #[test]
    fn a_wrong_arrow_is_the_one_error_not_the_move_its_piece_stands_in() {
        let board = "r n b q k b n .
            p p p p p p p .
            . . . . . . . r
            . . . . . . . p
            . . . . P . . .
            . . . . . . . .
            P P P P . P P P
            R N B Q K B N R";
        let findings = |rook: &str| -> Vec<String> {
            let text = format!("{board}\narrow: e2, e4, white\narrow: h7, h5, black\n{rook}");
            check_text("Zombie Chess", &text)
                .into_iter()
                .map(|f| f.message)
                .collect()
        };
        assert_eq!(findings("arrow: h8, h6, black"), Vec::<String>::new());
        assert_eq!(
            findings("arrow: g8, h6, black"),
            ["the black knight on g8 cannot move to h6: a black rook stands there"]
        );
    }

    /// The `help:` of the one `arrow` error of a Zombie diagram (a game
    /// with check and all the normal rules), or `None` without one.
    fn arrow_help(rows: &str, arrows: &[&str]) -> Option<String> {
        let found = check_text("Zombie Chess", &format!("{rows}\n{}", arrows.join("\n")));
        let errors: Vec<_> = found.iter().filter(|f| f.rule == super::ARROW).collect();
        assert_eq!(errors.len(), 1, "{:?}", summary(&found));
        errors[0].help.clone()
    }

    /// The knight's g1–e3 has one legal arrow a square off (g1–f3); its
    /// g1–g3 has two (f3 and h3), so nothing is said; its g1–g6 none.
    #[test]
    fn a_near_miss_arrow_gets_did_you_mean_only_when_one_arrow_fits() {
        assert_eq!(
            arrow_help(OPENING, &["arrow: g1, e3, white"]).as_deref(),
            Some(
                "did you mean `arrow: g1, f3, white`? of the squares next to e3, only f3 makes this arrow legal"
            )
        );
        assert_eq!(arrow_help(OPENING, &["arrow: g1, g3, white"]), None);
        assert_eq!(arrow_help(OPENING, &["arrow: g1, g6, white"]), None);
    }

    /// A made move drawn one square short: Black's pawn took on d4, the
    /// arrow ends on d3, where nothing stands. The made reading is found
    /// from the piece on d4, and the pawn's d4–d3 push, a tail one square
    /// off, would be legal too, so only the one-fit case speaks.
    #[test]
    fn a_made_move_drawn_one_square_off_is_found_from_its_piece() {
        let taken = "r . b q k b n r
            p p p p . p p p
            . . n . . . . .
            . . . . . . . .
            . . . p P . . .
            . . . . . N . .
            P P P . . P P P
            R N B Q K B . R";
        assert_eq!(
            arrow_help(taken, &["arrow: e5, c4, black"]).as_deref(),
            Some(
                "did you mean `arrow: e5, d4, black`? of the squares next to c4, only d4 makes this arrow legal"
            )
        );
        // d3: e5–d4 and the pawn's own d4–d3 both fit.
        assert_eq!(arrow_help(taken, &["arrow: e5, d3, black"]), None);
        // The one arrow is also the fix an editor offers, over the line.
        let text = format!("{taken}\narrow: e5, c4, black");
        let found = check_text("Zombie Chess", &text);
        let fix = found.iter().find_map(|f| f.fix.clone()).expect("a fix");
        assert_eq!(fix.text, "arrow: e5, d4, black");
        let found = check_text("Zombie Chess", &format!("{taken}\narrow: e5, d3, black"));
        assert!(found.iter().all(|f| f.fix.is_none()));
    }

    /// An arrow of the wrong colour: White's e2–e4 drawn black is legal
    /// white; drawn black to e5, no colour and no square makes it legal.
    #[test]
    fn an_arrow_of_the_wrong_colour_is_named_when_the_other_is_legal() {
        assert_eq!(
            arrow_help(OPENING, &["arrow: e2, e4, black"]).as_deref(),
            Some(
                "did you mean `arrow: e2, e4, white`? an arrow's colour is the side that moves, and this is a legal white move"
            )
        );
        assert_eq!(arrow_help(OPENING, &["arrow: e2, e5, black"]), None);
    }

    /// A rook's file with one piece on it names that piece; with two,
    /// taking either away does not free the move, and nothing is said.
    #[test]
    fn the_one_piece_in_a_sliders_path_is_named() {
        let rows = |a3: &str| {
            format!(
                ". . . . k . . .
                . . . . . . . .
                . . . . . . . .
                . . . . . . . .
                P . . . . . . .
                {a3} . . . . . . .
                . . . . . . . .
                R . . . K . . ."
            )
        };
        assert_eq!(
            arrow_help(&rows("."), &["arrow: a1, a6, white"]).as_deref(),
            Some("the white pawn on a4 stands between a1 and a6: without it the move is legal")
        );
        assert_eq!(arrow_help(&rows("p"), &["arrow: a1, a6, white"]), None);
    }

    /// A move that leaves the king in check names the one piece that
    /// gives it; with two attackers, taking away one is not enough.
    #[test]
    fn a_move_into_check_names_the_one_piece_that_gives_it() {
        assert_eq!(
            arrow_help(KING_ATTACKED, &["arrow: a2, a3, white"]).as_deref(),
            Some("the black queen on h4 gives check to the white king on e1 after this move")
        );
        let twice = ". . . . . . . k
            . . . . . . . .
            . . . . . . . .
            . . . . r . . .
            . b . . . . . .
            . . . . . . . .
            . . . . . . . P
            . . . . K . . .";
        let help = arrow_help(twice, &["arrow: h2, h3, white"]);
        assert_eq!(help, None);
        // A king stepping into check: the attacker of its new square.
        let bishop = ". . . . k . . .
            . . . . . . . .
            . . . . . . . .
            . . b . . . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            . . . . K . . .";
        assert_eq!(
            arrow_help(bishop, &["arrow: e1, f2, white"]).as_deref(),
            Some("the black bishop on c5 gives check to the white king on f2 after this move")
        );
    }

    /// However many bad arrows a diagram has, the helps' search runs the
    /// game's check at most `HELP_CHECKS` times, and says nothing it did not
    /// finish.
    #[test]
    fn the_help_search_runs_at_most_its_budget_of_checks() {
        use crate::book::Book;
        use crate::engine::Finding;
        use crate::source::SourceFile;
        use std::cell::Cell;
        let arrows: Vec<String> = "abcdefgh"
            .chars()
            .map(|f| format!("    arrow: {f}2, {f}5, white"))
            .collect();
        let rows: String = OPENING
            .lines()
            .map(|l| format!("    {}\n", l.trim()))
            .collect();
        let text = format!("## Zombie Chess\n\n{rows}{}\n", arrows.join("\n"));
        let book = Book::parse(SourceFile::new("t.md", text), &mut Vec::new());
        let board = book.diagrams[0]
            .diagram
            .as_ref()
            .unwrap()
            .as_board()
            .unwrap();
        let bad: Vec<Finding> = board
            .arrows
            .iter()
            .map(|a| Finding::error(super::ARROW, a.span, "bad"))
            .collect();
        // Nothing cures (every check finds the same errors), or everything
        // does (no check finds any): neither search passes the budget.
        for cure in [false, true] {
            let calls = Cell::new(0);
            let check = |_: &crate::diagram::BoardDiagram| {
                calls.set(calls.get() + 1);
                if cure { Vec::new() } else { bad.clone() }
            };
            let mut found = bad.clone();
            super::add_arrow_helps(board, &mut found, &check);
            assert!(calls.get() <= super::HELP_CHECKS, "{}", calls.get());
            assert!(found.iter().all(|f| f.help.is_none()), "{found:?}");
        }
        // A costly check (here a tenth of the work budget a call) stops the
        // search after about ten: the budget counts work, not checks.
        let calls = Cell::new(0);
        let position = crate::engine::chess::Position::from_board(
            &crate::diagram::Board::default(),
            crate::diagram::Color::White,
            crate::engine::chess::CastlingInference::None,
        );
        let rules = crate::engine::chess::Rules::default();
        let check = |_: &crate::diagram::BoardDiagram| {
            calls.set(calls.get() + 1);
            let mut moves = Vec::new();
            for _ in 0..super::HELP_WORK / 10 {
                position.generate_moves(&rules, &mut moves);
            }
            bad.clone()
        };
        let mut found = bad.clone();
        super::add_arrow_helps(board, &mut found, &check);
        assert!(calls.get() <= 12, "{}", calls.get());
        assert!(found.iter().all(|f| f.help.is_none()), "{found:?}");
    }

    /// The replay tries every reading and order of the arrows, a search
    /// that doubles with each one (26 arrows in a Golf diagram took
    /// minutes): the games that replay them through `check_moves` and
    /// those that call the replay themselves stop past `MAX_REPLAYED`,
    /// with a warning, and replay up to that many.
    #[test]
    fn no_game_replays_more_move_arrows_than_the_limit() {
        use super::{ARROW, MAX_REPLAYED};
        let arrows: Vec<String> = (0..MAX_REPLAYED + 4)
            .map(|i| {
                let file = (b'a' + (i % 8) as u8) as char;
                if i < 8 {
                    format!("arrow: {file}2, {file}3, white")
                } else {
                    format!("arrow: {file}7, {file}6, black")
                }
            })
            .collect();
        for game in [
            "Zombie Chess",
            "Tar Pit Chess",
            "Chess Golf",
            "Gravity Chess",
        ] {
            for n in [MAX_REPLAYED, MAX_REPLAYED + 1, arrows.len()] {
                let text = format!("{OPENING}\n{}", arrows[..n].join("\n"));
                let found = check_text(game, &text);
                let warned = found
                    .iter()
                    .any(|f| f.rule == ARROW && f.message.contains("are replayed"));
                assert_eq!(
                    warned,
                    n > MAX_REPLAYED,
                    "{game}, {n} arrows: {:?}",
                    summary(&found)
                );
            }
        }
    }
}
