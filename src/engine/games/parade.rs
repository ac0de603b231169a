//! Parade Chess Solitaire: no pawns; a setup dealt from one pile of eight
//! cards must be the board the card table's gaps produce; and a move is a
//! piece moving a piece of the other colour from a square it attacks to
//! another square it attacks, drawn as two arrows from the mover: to the
//! moved piece's old square, then to its new one.
//!
//! "A square that it could attack in regular chess" is read with the pieces
//! on the board: a slider's line stops at the first piece. The moved piece is
//! picked up first, so it does not block its own new square; the new square
//! must be empty ("place it in another square": the game has no captures).
//!
//! Each move is made (the piece now on its new square) or proposed (still
//! on its old one). Several moves are replayed in an order that works:
//! made ones undone from the diagram, proposed ones played on from it.
//!
//! Bishops do not keep their colour of square: the deal's gaps put them
//! anywhere, and a knight moves a bishop onto the other colour.

use crate::diagram::{Arrow, Board, BoardDiagram, Color, Square};
use crate::engine::chess::{SquareSet, attacks};
use crate::engine::games::common;
use crate::engine::games::golf::check_deal;
use crate::engine::material::{self, MaterialRules};
use crate::engine::replay::arrow_color;
use crate::engine::{DiagramContext, Finding, Game};
use crate::source::Span;

pub struct Parade;

/// The sixteen pieces without pawns; no promotion, and bishops on any
/// colour of square.
const MATERIAL: MaterialRules = MaterialRules {
    bishops_keep_colour: false,
    army: crate::engine::material::CHESS_ARMY,
    pieces_promote: false,
    ..MaterialRules::NO_PAWNS
};

/// The setup deals one pile of eight cards.
const SETUP_CARDS: usize = 8;

impl Game for Parade {
    fn name(&self) -> &'static str {
        "Parade Chess Solitaire"
    }

    fn fen_rules(&self) -> crate::engine::fen::FenRules<'static> {
        crate::engine::fen::FenRules::not(
            "Parade Chess Solitaire is played by one player, who moves pieces of both colours, so its positions have no side to move",
        )
    }

    fn check_board(&self, cx: &DiagramContext, board: &BoardDiagram, out: &mut Vec<Finding>) {
        material::check(board, &MATERIAL, out);
        if !board.cards.is_empty() {
            check_deal(cx.cards, board, SETUP_CARDS, "Parade Chess Solitaire", out);
        }
        check_moves(board, out);
    }
}

/// One move: the piece on `by` (of the arrows' `color`) moves the piece
/// on `old.to` to `new.to`.
struct ParadeMove<'a> {
    by: Square,
    color: Color,
    old: &'a Arrow,
    new: &'a Arrow,
}

/// Why a move cannot be read one way: the arrow to blame and the reason.
struct Refusal {
    span: Span,
    reason: String,
}

/// Groups the move arrows by mover (tail square and colour) into moves,
/// then replays them: made moves undone from the diagram, proposed ones
/// played on from it, each in an order that works. The text fixes no
/// order (each card is a move of the player's choice), so a diagram is
/// refused only when no order works.
fn check_moves(board: &BoardDiagram, out: &mut Vec<Finding>) {
    let arrows = common::move_arrows(board);
    let mut groups: Vec<Vec<&Arrow>> = Vec::new();
    for a in arrows.iter().copied() {
        match groups
            .iter_mut()
            .find(|g| g[0].from == a.from && g[0].colour == a.colour)
        {
            Some(g) => g.push(a),
            None => groups.push(vec![a]),
        }
    }
    let mut moves = Vec::new();
    for group in groups {
        for pair in group.chunks(2) {
            match pair {
                [old, new] => {
                    if let Some(m) = parade_move(&board.board, old, new, out) {
                        moves.push(m);
                    }
                }
                [single] => out.push(
                    Finding::error(
                        "arrow",
                        single.span,
                        format!(
                            "a Parade move is drawn as two arrows from the moving piece on {}, to the moved piece's old square and to its new one; this one has no partner",
                            single.from
                        ),
                    )
                    .with_help("add the arrow to the other square"),
                ),
                _ => {}
            }
        }
    }
    if common::too_many_to_replay(&arrows, out) {
        return;
    }
    // Each move that no reading explains is reported, then set aside so
    // that the others are replayed without it.
    while !moves.is_empty() {
        let Some((i, refusal)) = replay(&board.board, &moves) else {
            return;
        };
        out.push(Finding::error("arrow", refusal.span, refusal.reason));
        moves.remove(i);
    }
}

/// The move drawn by `old` and `new`, or the finding that it is none.
fn parade_move<'a>(
    board: &Board,
    old: &'a Arrow,
    new: &'a Arrow,
    out: &mut Vec<Finding>,
) -> Option<ParadeMove<'a>> {
    let color = arrow_color(old)?;
    if old.to == new.to {
        let who = mover_name(board, old.from);
        out.push(Finding::error(
            "arrow",
            new.span,
            format!(
                "{who} would put the piece back on {}: it must go to another square",
                new.to
            ),
        ));
        return None;
    }
    Some(ParadeMove {
        by: old.from,
        color,
        old,
        new,
    })
}

/// The failure of the reading that went farthest: how many moves it
/// explained first, whether it read the move as the board suggests, and
/// which move failed why.
#[derive(Default)]
struct Best {
    best: Option<((usize, bool), usize, Refusal)>,
}

impl Best {
    fn note(&mut self, depth: usize, likely: bool, i: usize, refusal: Refusal) {
        if self
            .best
            .as_ref()
            .is_none_or(|(k, _, _)| (depth, likely) > *k)
        {
            self.best = Some(((depth, likely), i, refusal));
        }
    }
}

/// Tries every reading of the moves (each made or proposed) and every
/// order; `None` when one works, else the move to blame and why.
fn replay(board: &Board, moves: &[ParadeMove]) -> Option<(usize, Refusal)> {
    let n = moves.len();
    // Likely readings first: a move whose old square still holds a piece
    // is proposed; otherwise made.
    let likely: u32 = (0..n)
        .filter(|&i| board.get(moves[i].old.to).is_none())
        .fold(0, |m, i| m | 1 << i);
    let mut masks: Vec<u32> = (0..1u32 << n).collect();
    masks.sort_by_key(|&m| ((m ^ likely).count_ones(), m));
    let mut best = Best::default();
    let undone = |after: &Board, m: &ParadeMove| after.get(m.new.to).is_some();
    let played = |before: &Board, m: &ParadeMove| before.get(m.old.to).is_some();
    for mask in masks {
        let mut made: Vec<usize> = (0..n).filter(|&i| mask >> i & 1 == 1).collect();
        let mut proposed: Vec<usize> = (0..n).filter(|&i| mask >> i & 1 == 0).collect();
        let depth = made.len();
        if all_in_some_order(board, moves, &mut made, 0, &mut best, &undo, &undone)
            && all_in_some_order(
                board,
                moves,
                &mut proposed,
                depth,
                &mut best,
                &|b, m| play(b, m, false),
                &played,
            )
        {
            return None;
        }
    }
    best.best.map(|(_, i, r)| (i, r))
}

/// Takes every move of `left` from `board` in some order that works, each
/// by `step` (undoing made moves from the diagram, or playing proposed ones
/// on); `fits` tells, for a refusal, whether the board holds the square
/// the step needs (the more fitting reason).
fn all_in_some_order(
    board: &Board,
    moves: &[ParadeMove],
    left: &mut Vec<usize>,
    depth: usize,
    best: &mut Best,
    step: &dyn Fn(&Board, &ParadeMove) -> Result<Board, Refusal>,
    fits: &dyn Fn(&Board, &ParadeMove) -> bool,
) -> bool {
    if left.is_empty() {
        return true;
    }
    for k in 0..left.len() {
        let i = left[k];
        let m = &moves[i];
        match step(board, m) {
            Ok(next) => {
                left.remove(k);
                if all_in_some_order(&next, moves, left, depth + 1, best, step, fits) {
                    return true;
                }
                left.insert(k, i);
            }
            Err(r) => best.note(depth, fits(board, m), i, r),
        }
    }
    false
}

/// The board before the made move `m` that left `after`: the moved piece
/// back from the new square to the old, which must be a legal move.
fn undo(after: &Board, m: &ParadeMove) -> Result<Board, Refusal> {
    let (old, new) = (m.old.to, m.new.to);
    if let Some(r) = off_board(m) {
        return Err(r);
    }
    let moved = match (after.get(new), after.get(old)) {
        (Some(p), None) => p,
        _ => return Err(occupancy(after, m, true)),
    };
    let mut before = after.clone();
    before.set(new, None);
    before.set(old, Some(moved));
    play(&before, m, true)?;
    Ok(before)
}

/// The board after the move `m` from `before`, or why the move cannot be
/// made. `made`: the move is read as made, so a finding about the moved
/// piece points at the arrow to where it now stands.
fn play(before: &Board, m: &ParadeMove, made: bool) -> Result<Board, Refusal> {
    let (from, old, new) = (m.by, m.old.to, m.new.to);
    if let Some(r) = off_board(m) {
        return Err(r);
    }
    let Some(mover) = before.get(from) else {
        return Err(Refusal {
            span: m.old.span,
            reason: format!(
                "there is no piece on {from} to move another piece: the mover stays where it stands"
            ),
        });
    };
    if mover.color != m.color {
        return Err(Refusal {
            span: m.old.span,
            reason: format!(
                "the arrows are {} but the piece on {from} is a {}",
                m.color.name(),
                mover.name()
            ),
        });
    }
    let who = format!("the {} on {from}", mover.name());
    let moved = match (before.get(old), before.get(new)) {
        (Some(p), None) => p,
        _ => return Err(occupancy(before, m, made)),
    };
    if moved.color == m.color {
        return Err(Refusal {
            span: if made { m.new.span } else { m.old.span },
            reason: format!(
                "{who} cannot move the {} on {}: a piece moves only pieces of the opposite colour",
                moved.name(),
                if made { new } else { old }
            ),
        });
    }
    // The moved piece is in the hand: neither square holds it.
    let occ = SquareSet::occupied(before).without(old);
    let reach = attacks(&occ, from, mover.role, mover.color);
    for (sq, arrow, what) in [(old, m.old, "take it from"), (new, m.new, "put it on")] {
        if !reach.contains(sq) {
            return Err(Refusal {
                span: arrow.span,
                reason: format!(
                    "{who} cannot {what} {sq}: it does not attack {sq}{}",
                    blocked(&occ, from, sq)
                ),
            });
        }
    }
    let mut after = before.clone();
    after.set(old, None);
    after.set(new, Some(moved));
    Ok(after)
}

/// An arrow of `m` that leaves the board (into the margin).
fn off_board(m: &ParadeMove) -> Option<Refusal> {
    [m.old, m.new]
        .into_iter()
        .find(|a| !a.from.is_on_board() || !a.to.is_on_board())
        .map(|a| Refusal {
            span: a.span,
            reason: format!(
                "{}–{} leaves the board: a Parade move is made on the board's squares",
                a.from, a.to
            ),
        })
}

/// "the black knight on d3", or "the piece on d3" when none stands there.
fn mover_name(board: &Board, sq: Square) -> String {
    match board.get(sq) {
        Some(p) => format!("the {} on {sq}", p.name()),
        None => format!("the piece on {sq}"),
    }
}

/// Why `board` does not hold the moved piece as the reading needs: made,
/// on the new square with the old one empty; proposed, the other way round.
fn occupancy(board: &Board, m: &ParadeMove, made: bool) -> Refusal {
    let (old, new) = (m.old.to, m.new.to);
    let who = mover_name(board, m.by);
    let (span, reason) = match (board.get(old), board.get(new)) {
        (Some(p), Some(_)) => (
            m.new.span,
            format!(
                "{old} and {new} are both occupied (a {} stands on {old}): the moved piece leaves one and lands on an empty other",
                p.name()
            ),
        ),
        (None, None) => (
            m.new.span,
            format!("no piece stands on {old} or {new} for {who} to move"),
        ),
        (Some(p), None) if made => (
            m.new.span,
            format!(
                "{new} is empty and a {} stands on {old}: {who} has not moved it yet",
                p.name()
            ),
        ),
        _ => (
            m.old.span,
            format!("no piece stands on {old} for {who} to move"),
        ),
    };
    Refusal { span, reason }
}

/// ", e3 is in the way" when a piece stands between.
fn blocked(occ: &SquareSet, from: Square, to: Square) -> String {
    let kind = crate::engine::chess::line_kind(from, to);
    if !kind.is_line() {
        return String::new();
    }
    match (crate::engine::chess::squares_between(from, to) & *occ).first() {
        Some(b) => format!(" ({b} is in the way)"),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use crate::book::Book;
    use crate::engine::{Options, RuleDiagnostic, check_book};
    use crate::source::SourceFile;

    const BOOK: &str = "tests/seeds/new_rules.md";
    const SECTION: &str = "Parade Chess Solitaire";

    fn findings(text: &str) -> Vec<RuleDiagnostic> {
        let mut diags = Vec::new();
        let book = Book::parse(SourceFile::new(BOOK, text.to_string()), &mut diags);
        let (out, _, _) = check_book(&book, &Options::default());
        out.into_iter()
            .filter(|d| d.section.as_deref() == Some(SECTION))
            .collect()
    }

    fn seed() -> String {
        std::fs::read_to_string(BOOK).unwrap()
    }

    fn mutate(after: &str, old: &str, new: &str) -> String {
        let text = seed();
        let base = text.find(after).unwrap();
        let at = base + text[base..].find(old).unwrap();
        format!("{}{}{}", &text[..at], new, &text[at + old.len()..])
    }

    fn line_of(text: &str, needle: &str, after: &str) -> usize {
        let base = text.find(after).unwrap();
        let at = base + text[base..].find(needle).unwrap();
        text[..at].matches('\n').count() + 1
    }

    fn assert_finding(text: &str, rule: &str, line: usize) -> String {
        let found = findings(text);
        let at = |d: &RuleDiagnostic| {
            d.diagnostic
                .source
                .as_ref()
                .unwrap()
                .line_of(d.diagnostic.span.unwrap().start)
        };
        let hit = found.iter().find(|d| d.rule == rule && at(d) == line);
        match hit {
            Some(d) => d.diagnostic.message.clone(),
            None => panic!(
                "no {rule} finding on line {line}: {:?}",
                found
                    .iter()
                    .map(|d| (d.rule, at(d), &d.diagnostic.message))
                    .collect::<Vec<_>>()
            ),
        }
    }

    #[test]
    fn the_seed_diagrams_pass() {
        let mut diags = Vec::new();
        let book = Book::load(Path::new(BOOK), &mut diags).unwrap();
        let (out, _, _) = check_book(&book, &Options::default());
        let mine: Vec<_> = out
            .iter()
            .filter(|d| d.section.as_deref() == Some(SECTION))
            .map(|d| &d.diagnostic.message)
            .collect();
        assert!(mine.is_empty(), "{mine:?}");
    }

    #[test]
    fn a_setup_square_that_the_deal_does_not_give_is_found() {
        let after = "to the 9 of spades";
        let text = mutate(after, ". r . n . N . .", ". r . n . . N .");
        let l = line_of(&text, ". r . n . . N .", after);
        let m = assert_finding(&text, "setup", l);
        assert!(m.contains("white knight on f3"), "{m}");
    }

    #[test]
    fn a_wrong_card_in_the_setup_is_found() {
        let after = "to the 9 of spades";
        let text = mutate(after, "card: n, 8.5, 1", "card: b, 8.5, 1");
        // The bishop's gap of 2 shifts the pieces after it.
        let found = findings(&text);
        assert!(found.iter().any(|d| d.rule == "setup"), "{found:?}");
    }

    #[test]
    fn a_move_to_a_square_the_mover_does_not_attack_is_found() {
        let after = "using the black bishop at e4";
        let text = mutate(after, "arrow: e4, g2, black", "arrow: e4, h2, black");
        let text = text.replacen(". . . . . k N .\n", ". . . . . k . N\n", 1);
        let l = line_of(&text, "arrow: e4, h2, black", after);
        let m = assert_finding(&text, "arrow", l);
        assert!(m.contains("does not attack h2"), "{m}");
    }

    #[test]
    fn a_piece_moving_its_own_colour_is_found() {
        let after = "using the black bishop at e4";
        let text = mutate(after, ". . . . . k N .", ". . . . . k n .");
        let l = line_of(&text, "arrow: e4, g2, black", after);
        let m = assert_finding(&text, "arrow", l);
        assert!(m.contains("opposite colour"), "{m}");
    }

    #[test]
    fn arrows_of_the_wrong_colour_are_found() {
        let after = "using the black bishop at e4";
        let text = mutate(after, "arrow: e4, f3, black", "arrow: e4, f3, white");
        let found = findings(&text);
        assert!(found.iter().any(|d| d.rule == "arrow"), "{found:?}");
    }

    use crate::engine::games::common::testing::{check_text, summary};

    /// A black rook on d1 moves the white knight d3–d7, and the white
    /// queen on f5 moves the black bishop c2–d5: the queen needs d3 empty
    /// (the knight gone), and the rook needs d5 empty (the bishop not yet
    /// there), so the rook's move comes first.
    const ROOK_THEN_QUEEN: &str = ". . . . . . . .
        . . . N . . . .
        . . . . . . . .
        . . . b . Q . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . r . . . .
        arrow: d1, d3, black
        arrow: d1, d7, black
        arrow: f5, c2, white
        arrow: f5, d5, white";

    #[test]
    fn a_move_may_cross_a_square_a_later_move_fills() {
        let f = check_text(SECTION, ROOK_THEN_QUEEN);
        assert!(f.is_empty(), "{:?}", summary(&f));
    }

    #[test]
    fn two_moves_that_each_need_the_other_first_are_refused() {
        // The queen moved the bishop d5–c2 instead: the rook needs d5
        // empty (the queen first), and the queen needs d3 empty (the rook
        // first). On the final board each move's squares are clear.
        let text = ". . . . . . . .
            . . . N . . . .
            . . . . . . . .
            . . . . . Q . .
            . . . . . . . .
            . . . . . . . .
            . . b . . . . .
            . . . r . . . .
            arrow: d1, d3, black
            arrow: d1, d7, black
            arrow: f5, d5, white
            arrow: f5, c2, white";
        let f = check_text(SECTION, text);
        assert_eq!(f.len(), 1, "{:?}", summary(&f));
        let m = &f[0].message;
        assert!(
            m.contains("does not attack") && m.contains("is in the way"),
            "{m}"
        );
    }

    #[test]
    fn proposed_moves_are_played_in_an_order_that_works() {
        // Both pieces still on their old squares, the queen's move drawn
        // first: it needs the knight off d3, so the rook's move goes first.
        let text = ". . . . . . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . Q . .
            . . . . . . . .
            . . . N . . . .
            . . b . . . . .
            . . . r . . . .
            arrow: f5, c2, white
            arrow: f5, d5, white
            arrow: d1, d3, black
            arrow: d1, d7, black";
        let f = check_text(SECTION, text);
        assert!(f.is_empty(), "{:?}", summary(&f));
        // With the rook's arrows gone, the knight blocks the queen.
        let alone = text
            .replace("arrow: d1, d3, black", "")
            .replace("arrow: d1, d7, black", "");
        let f = check_text(SECTION, &alone);
        assert_eq!(
            summary(&f),
            [
                "arrow: the white queen on f5 cannot take it from c2: it does not attack c2 (d3 is in the way)"
            ]
        );
    }

    #[test]
    fn a_mover_that_a_later_move_took_away_moved_before() {
        // The black bishop on e4 moved the knight f3–g2, then the white
        // rook on e1 moved the bishop e4–e8.
        let text = ". . . . b . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . N .
            . . . . R . . .
            arrow: e4, f3, black
            arrow: e4, g2, black
            arrow: e1, e4, white
            arrow: e1, e8, white";
        let f = check_text(SECTION, text);
        assert!(f.is_empty(), "{:?}", summary(&f));
        // A piece on e3 blocks the rook: the bishop never left e4, and
        // is not there.
        let blocked = text.replace(
            ". . . . . . . .\n            . . . . . . N .",
            ". . . . n . . .\n            . . . . . . N .",
        );
        let f = check_text(SECTION, &blocked);
        assert!(
            f.iter().any(|f| f.message.contains("e3 is in the way")),
            "{blocked}\n{:?}",
            summary(&f)
        );
    }

    #[test]
    fn two_bishops_on_one_colour_are_no_promotion() {
        // The knight on d3 moved the white bishop c1–e1: both on dark squares.
        let text = ". . . . . . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            . . . n . . . .
            . . . . . . . .
            B . . . B . . .
            arrow: d3, c1, black
            arrow: d3, e1, black";
        let f = check_text(SECTION, text);
        assert!(f.is_empty(), "{:?}", summary(&f));
        // A third bishop is more than a set holds.
        let f = check_text(
            SECTION,
            &text.replacen(". . . . . . . .", ". . . . . . . B", 1),
        );
        assert_eq!(
            summary(&f),
            ["material: White has 3 bishops; a set has 2"],
            "{:?}",
            summary(&f)
        );
    }

    #[test]
    fn the_knight_example_of_the_text() {
        // "black knight at d3 could move the white bishop from c1 to b2, e1,
        // f4, e5, or c5": each made move passes, c3 does not.
        let setup = ". . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. r . . b . . .\n. r . n . N . .\n. . . . . k . .\n. . . . . . R .\n";
        for (to, ok) in [
            ("b2", true),
            ("e1", true),
            ("f4", true),
            ("e5", true),
            ("c5", true),
            ("c3", false),
        ] {
            let sq = crate::diagram::Square::new(to.as_bytes()[0] - b'a', to.as_bytes()[1] - b'0');
            let mut rows: Vec<Vec<&str>> = setup.lines().map(|l| l.split(' ').collect()).collect();
            rows[8 - sq.rank as usize][sq.file as usize] = "B";
            let board: String = rows
                .iter()
                .map(|r| format!("    {}\n", r.join(" ")))
                .collect();
            let text = format!(
                "## Parade Chess Solitaire\n\n{board}    arrow: d3, c1, black\n    arrow: d3, {to}, black\n"
            );
            let found = findings(&text);
            assert_eq!(found.is_empty(), ok, "{to}: {found:?}");
        }
    }
}
