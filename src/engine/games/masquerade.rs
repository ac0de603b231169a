//! Masquerade Chess: pieces move as usual without capturing, but each
//! piece above a pawn captures with a secret capture move (one of the king,
//! queen, rook, bishop or knight captures). A diagram does not show the
//! assignment, so a capture is legal if any of those moves reaches; pawns
//! capture as usual. But the assignment is one for the whole game, so
//! a diagram's captures together must fit one (`check_capture_moves`). No
//! check: kings may move into or stay in check and are captured to win.
//! The `type: masquerade` grids are checked in grids.rs.

use crate::diagram::{Arrow, BoardDiagram, Color, Role, Square};
use crate::engine::chess::{CastlingInference, Rules, reach};
use crate::engine::games::common;
use crate::engine::games::king_capture::{self, EndsAtKingCapture};
use crate::engine::material::{self, MaterialRules};
use crate::engine::replay::{Plan, State, StepRules, arrow_color, orthodox_step};
use crate::engine::{DiagramContext, Finding, Game};

pub struct Masquerade;

/// A threatened king need not evade, so no attacked square restricts
/// castling ("a king may castle out of check").
const RULES: Rules = Rules {
    king_safety: false,
    castle_through_attack: true,
    ..Rules::STANDARD
};

/// Orthodox material, but a king may be captured ("the game ends when one
/// of the players captures the other's king"), and a bishop may capture
/// with a knight's or king's capture onto the other colour of square.
const MATERIAL: MaterialRules = MaterialRules {
    bishops_keep_colour: false,
    army: crate::engine::material::CHESS_ARMY,
    pieces_promote: false,
    ..common::KING_MAY_BE_CAPTURED
};

const CAPTURES: [Role; 5] = [
    Role::King,
    Role::Queen,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
];

struct MasqueradeSteps;

impl StepRules for MasqueradeSteps {
    fn step(
        &self,
        state: &State,
        from: Square,
        to: Square,
        color: Color,
    ) -> Result<Vec<State>, String> {
        let (Some(piece), Some(target)) = (state.piece(from), state.piece(to)) else {
            let quiet = orthodox_step(state, from, to, color, &RULES, CastlingInference::Standard);
            // A made capture is undone with `to` empty too: where the move
            // is no quiet move, the capture the arrow may show is named.
            return match (quiet, state.piece(from), blocked_capture(state, from, to)) {
                (Err(reason), Some(p), Some(blocked))
                    if p.color == color && !moves_along(p.role, from, to) =>
                {
                    Err(format!("{reason}; as a capture, {blocked}"))
                }
                (quiet, _, _) => quiet,
            };
        };
        if piece.color != color || target.color == color || piece.role == Role::Pawn {
            return orthodox_step(state, from, to, color, &RULES, CastlingInference::Standard);
        }
        if !to.is_on_board()
            || !CAPTURES
                .iter()
                .any(|&r| reach(&state.board, from, r, color).captures.contains(to))
        {
            if let Some(blocked) = blocked_capture(state, from, to) {
                return Err(format!(
                    "the {} on {from} cannot capture on {to}: {blocked}",
                    piece.name()
                ));
            }
            return Err(format!(
                "the {} on {from} cannot capture on {to} with any piece's capture move (king, queen, rook, bishop or knight)",
                piece.name()
            ));
        }
        let mut s = state.clone();
        s.en_passant = None;
        s.board.set(from, None);
        s.board.set(to, Some(piece));
        Ok(vec![s])
    }

    /// Regular chess, whose pawns "always capture with their standard
    /// capture moves", en passant included.
    fn en_passant(&self) -> bool {
        true
    }

    fn material(&self) -> MaterialRules {
        MATERIAL
    }
}

impl Game for Masquerade {
    fn name(&self) -> &'static str {
        "Masquerade Chess"
    }

    fn fen_rules(&self) -> crate::engine::fen::FenRules<'static> {
        crate::engine::fen::FenRules::Chess {
            steps: Box::new(EndsAtKingCapture(MasqueradeSteps)),
            castling: crate::engine::chess::CastlingInference::Standard,
        }
    }

    fn check_board(&self, _cx: &DiagramContext, board: &BoardDiagram, out: &mut Vec<Finding>) {
        material::check(board, &MATERIAL, out);
        let state = State::new(board.board.clone());
        let arrows = common::move_arrows(board);
        // "The game ends when one of the players captures the other's
        // king": no move follows its capture.
        let before = out.len();
        let plan = common::check_moves(
            board,
            &state,
            &arrows,
            &EndsAtKingCapture(MasqueradeSteps),
            out,
        );
        king_capture::explain(&mut out[before..]);
        if let Some(plan) = plan {
            check_capture_moves(&state, &arrows, &plan, out);
        }
    }
}

/// Where `from` and `to` share a line two squares or more long, and a
/// piece stands between them: the capture moves that slide along it are
/// blocked. Said as "the white pawn on d3 stands between c2 and f5,
/// blocking the queen's and bishop's captures along the diagonal" (a
/// king's or knight's capture cannot reach that far or that way).
fn blocked_capture(state: &State, from: Square, to: Square) -> Option<String> {
    use crate::engine::chess::{LineKind, line_kind, squares_between};
    if !from.is_on_board() || !to.is_on_board() {
        return None;
    }
    let (line, moves) = match line_kind(from, to) {
        LineKind::Diagonal => ("diagonal", "queen's and bishop's captures"),
        LineKind::Rank => ("rank", "queen's and rook's captures"),
        LineKind::File => ("file", "queen's and rook's captures"),
        _ => return None,
    };
    // The blocker nearest the moving piece.
    let blocker = squares_between(from, to)
        .into_iter()
        .filter(|&sq| state.piece(sq).is_some())
        .min_by_key(|sq| sq.file.abs_diff(from.file).max(sq.rank.abs_diff(from.rank)))?;
    let p = state.piece(blocker)?;
    Some(format!(
        "the {} on {blocker} stands between {from} and {to}, blocking the {moves} along the {line}, and no other capture move reaches {to}",
        p.name()
    ))
}

/// Whether a piece of `role` moves (without capturing) along the line from
/// `from` to `to`, so its own move's refusal already names what blocks it.
fn moves_along(role: Role, from: Square, to: Square) -> bool {
    use crate::engine::chess::{LineKind, line_kind};
    matches!(
        (role, line_kind(from, to)),
        (Role::Pawn, _)
            | (Role::Queen, _)
            | (Role::Bishop, LineKind::Diagonal)
            | (Role::Rook, LineKind::Rank | LineKind::File)
    )
}

/// The capture moves (bits in the order of `CAPTURES`) by which the piece
/// on `from` takes on `to` in `state`; none if it is no such capture (a
/// pawn's, a quiet move).
fn capture_moves(state: &State, from: Square, to: Square, color: Color) -> u8 {
    let (Some(piece), Some(target)) = (state.piece(from), state.piece(to)) else {
        return 0;
    };
    if piece.color != color || target.color == color || piece.role == Role::Pawn {
        return 0;
    }
    CAPTURES
        .iter()
        .enumerate()
        .filter(|(_, r)| reach(&state.board, from, **r, color).captures.contains(to))
        .fold(0, |m, (i, _)| m | 1 << i)
}

/// "the knight's capture", "the king's, queen's or rook's capture"; with
/// `all`, "the queen's and rook's captures".
fn capture_names(moves: u8, all: bool) -> String {
    let names: Vec<&str> = CAPTURES
        .iter()
        .enumerate()
        .filter(|(i, _)| moves >> i & 1 == 1)
        .map(|(_, r)| match r {
            Role::King => "king's",
            Role::Queen => "queen's",
            Role::Rook => "rook's",
            Role::Bishop => "bishop's",
            _ => "knight's",
        })
        .collect();
    match (names.as_slice(), all) {
        ([], _) => "no capture".to_string(),
        ([one], _) => format!("the {one} capture"),
        ([rest @ .., last], false) => format!("the {} or {last} capture", rest.join(", ")),
        ([rest @ .., last], true) => format!("the {} and {last} captures", rest.join(", ")),
    }
}

/// One capture of a diagram: the arrow, the piece's kind, and the capture
/// moves that make it.
#[derive(Clone, Copy)]
struct Capture {
    arrow: usize,
    role: Role,
    from: Square,
    to: Square,
    moves: u8,
}

/// The captures of one side so far. The table gives each kind of piece
/// one capture move and each capture move to one kind ("Each row must
/// have one circle and each column must have one circle"), for the whole
/// game: a kind's captures share a move, and kinds need different ones.
#[derive(Clone, Default)]
struct Table {
    captures: Vec<Capture>,
}

impl Table {
    /// The capture moves a kind of piece may still hold, by `CAPTURES` index.
    fn allowed(&self, extra: Option<&Capture>) -> [u8; 5] {
        let mut allowed = [0b11111; 5];
        for c in self.captures.iter().chain(extra) {
            if let Some(k) = CAPTURES.iter().position(|&r| r == c.role) {
                allowed[k] &= c.moves;
            }
        }
        allowed
    }

    /// Why `c` cannot join these captures under one table, if it cannot.
    fn conflict(&self, c: &Capture, color: Color) -> Option<String> {
        let k = CAPTURES.iter().position(|&r| r == c.role)?;
        let allowed = self.allowed(Some(c));
        let what = format!(
            "the {} {}'s capture {}–{} needs {}",
            color.name(),
            c.role.name(),
            c.from,
            c.to,
            capture_names(c.moves, false)
        );
        if allowed[k] == 0 {
            let other = self
                .captures
                .iter()
                .filter(|o| o.role == c.role)
                .find(|o| o.moves & c.moves == 0)
                .or_else(|| self.captures.iter().find(|o| o.role == c.role))?;
            return Some(format!(
                "{what}, but the {} {}'s capture {}–{} in this diagram needs {}: a piece captures with one capture move all game (one circle in each row of the table)",
                color.name(),
                c.role.name(),
                other.from,
                other.to,
                capture_names(other.moves, false)
            ));
        }
        // Kinds whose captures need fewer moves than there are kinds
        // (Hall's condition), the fewest first, with this capture's kind.
        let mut groups: Vec<u8> = (1u8..32).filter(|g| g >> k & 1 == 1).collect();
        groups.sort_by_key(|g| g.count_ones());
        let group = groups.into_iter().find(|&g| {
            let union = (0..5)
                .filter(|i| g >> i & 1 == 1)
                .fold(0, |u, i| u | allowed[i]);
            union.count_ones() < g.count_ones()
        })?;
        let others: Vec<usize> = (0..5).filter(|&i| i != k && group >> i & 1 == 1).collect();
        if let [o] = others[..] {
            let cited = self
                .captures
                .iter()
                .filter(|x| x.role == CAPTURES[o])
                .min_by_key(|x| x.moves.count_ones())?;
            return Some(format!(
                "{what}, but the {} {}'s capture {}–{} in this diagram needs it too: each capture move belongs to one piece (one circle in each column of the table)",
                color.name(),
                CAPTURES[o].name(),
                cited.from,
                cited.to
            ));
        }
        let names: Vec<&str> = others.iter().map(|&o| CAPTURES[o].name()).collect();
        let union = (0..5)
            .filter(|i| group >> i & 1 == 1)
            .fold(0, |u, i| u | allowed[i]);
        Some(format!(
            "{what}, but with the captures of {}'s {} in this diagram, {} kinds of piece would share {}: each capture move belongs to one piece (one circle in each column of the table)",
            common::side_name(color),
            names.join(" and "),
            ["three", "four", "five"][others.len().clamp(2, 4) - 2],
            capture_names(union, true)
        ))
    }
}

/// The diagram's made captures, in the order the replay found, against
/// one table a side, turn after turn; then each proposed capture against
/// them. Proposed captures are options for a turn, one capture each, so
/// not held to each other (a player does not know their own table). A
/// capture that does not fit is an `arrow` finding.
fn check_capture_moves(state: &State, arrows: &[&Arrow], plan: &Plan, out: &mut Vec<Finding>) {
    let mut tables = [Table::default(), Table::default()];
    let mut note = |s: &State, i: usize, tables: &mut [Table; 2]| {
        let a = arrows[i];
        let Some(color) = arrow_color(a) else {
            return;
        };
        let moves = capture_moves(s, a.from, a.to, color);
        let Some(role) = s.piece(a.from).map(|p| p.role).filter(|_| moves != 0) else {
            return;
        };
        let c = Capture {
            arrow: i,
            role,
            from: a.from,
            to: a.to,
            moves,
        };
        let table = &mut tables[color as usize];
        match table.conflict(&c, color) {
            Some(reason) => out.push(Finding::error(common::ARROW, arrows[c.arrow].span, reason)),
            None => table.captures.push(c),
        }
    };
    let next = |s: &State, a: &Arrow| -> Option<State> {
        let afters = MasqueradeSteps
            .step(s, a.from, a.to, arrow_color(a)?)
            .ok()?;
        // A made promotion: the piece the diagram shows, if it still stands.
        let shown = afters.iter().find(|x| x.piece(a.to) == state.piece(a.to));
        shown.or(afters.first()).cloned()
    };
    let mut s = plan.start.clone();
    for &i in &plan.made {
        note(&s, i, &mut tables);
        let Some(after) = next(&s, arrows[i]) else {
            return;
        };
        s = after;
    }
    let mut s = State {
        en_passant: s.en_passant,
        ..state.clone()
    };
    // Proposed arrows from one square are alternatives, next to each
    // other in the plan: each from the same position, the line going on
    // from the first.
    let mut k = 0;
    while let Some(&first) = plan.proposed.get(k) {
        let (from, colour) = (arrows[first].from, arrows[first].colour);
        while let Some(&i) = plan.proposed.get(k)
            && (arrows[i].from, arrows[i].colour) == (from, colour)
        {
            note(&s, i, &mut tables.clone());
            k += 1;
        }
        let Some(after) = next(&s, arrows[first]) else {
            return;
        };
        s = after;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::games::common::testing::*;

    const SECTION: &str = "Masquerade Chess";

    const POSITION: &str = "r n b q k b n r
        p p p . p p p p
        . . . . . . . .
        . . . p . . . .
        . . . . P . . .
        . . . . . N . .
        P P P P . P P P
        R N B Q K B . R";

    #[test]
    fn the_seeds_have_no_masquerade_boards() {
        assert_eq!(board_count("tests/seeds/rules.md", SECTION), 0);
        assert!(seed_findings("tests/seeds/rules.md", SECTION).is_empty());
    }

    #[test]
    fn quiet_moves_are_orthodox() {
        let f = check_text(SECTION, &format!("{POSITION}\narrow: f3, g5, white"));
        assert!(f.is_empty(), "{:?}", summary(&f));
        let f = check_text(SECTION, &format!("{POSITION}\narrow: f3, f5, white"));
        assert!(
            f.iter().any(|f| f.rule == common::ARROW),
            "{:?}",
            summary(&f)
        );
    }

    #[test]
    fn captures_with_any_capture_move() {
        // No capture move leads from f3 to d5: the e4 pawn blocks the diagonal.
        let f = check_text(SECTION, &format!("{POSITION}\narrow: f3, d5, white"));
        assert!(
            f.iter()
                .any(|f| f.message.contains("the white pawn on e4 stands between f3 and d5, blocking the queen's and bishop's captures")),
            "{:?}",
            summary(&f)
        );
        // Nor any capture move to a square on no line and no jump away.
        let f = check_text(SECTION, &format!("{POSITION}\narrow: f3, g8, white"));
        assert!(
            f.iter().any(|f| f.message
                == "the white knight on f3 cannot capture on g8 with any piece's capture move (king, queen, rook, bishop or knight)"),
            "{:?}",
            summary(&f)
        );
        // The queen on d1 cannot take d5 through the pawn on d2.
        let f = check_text(SECTION, &format!("{POSITION}\narrow: d1, d5, white"));
        assert!(
            f.iter().any(|f| f.rule == common::ARROW),
            "{:?}",
            summary(&f)
        );
        // Pawns capture as usual.
        let f = check_text(SECTION, &format!("{POSITION}\narrow: e4, d5, white"));
        assert!(f.is_empty(), "{:?}", summary(&f));
        // A knight with a king's capture takes next door.
        let f = check_text(
            SECTION,
            "r n b q k b n r
             p p p . p p p p
             . . . . . . . .
             . . . . . . . .
             . . . . P p . .
             . . . . . N . .
             P P P P . P P P
             R N B Q K B . R
             arrow: f3, f4, white",
        );
        assert!(f.is_empty(), "{:?}", summary(&f));
    }

    #[test]
    fn a_king_may_move_into_check() {
        assert_check_is_not_a_rule(SECTION, "arrow: e1, f2, white");
    }

    #[test]
    fn a_king_may_castle_out_of_check() {
        // The bishop on b4 checks the white king, which castles.
        let text = "r n b q k . n r
             p p p p . p p p
             . . . . . . . .
             . . . . p . . .
             . b . . P . . .
             . . . . . N . .
             P P P . B P P P
             R N B Q K . . R
             arrow: e1, g1, white";
        let f = check_text(SECTION, text);
        assert!(f.is_empty(), "{:?}", summary(&f));
        let f = check_text("Zombie Chess", text);
        assert!(
            f.iter()
                .any(|f| f.rule == common::ARROW
                    && f.message.contains("may not castle out of check")),
            "{:?}",
            summary(&f)
        );
    }

    #[test]
    fn a_bishop_may_change_colour_with_a_knights_capture() {
        // The c1 bishop took a knight on e2 with a knight's capture: both
        // white bishops now stand on light squares, no pawn missing.
        let keep = "r . b q k b n r
             p p p p . p p p
             . . . . . . . .
             . . . . p . . .
             . . . . P . . .
             . . . . . . . .
             P P P P B P P P
             R N . Q K B N R
             arrow: c1, e2, white";
        let f = check_text(SECTION, keep);
        assert!(f.is_empty(), "{:?}", summary(&f));
        // The counts still hold: a third bishop is a promoted pawn, and
        // none is missing.
        let f = check_text(SECTION, &keep.replace("R N . Q K B N R", "R N B Q K B N R"));
        assert!(
            f.iter().any(|f| f.rule == material::RULE
                && f.message.starts_with(
                    "White has too many pieces to have come from promotion: 3 bishops"
                )),
            "{:?}",
            summary(&f)
        );
    }

    /// The arrow findings of a diagram of kings on e1 and e8 with `rows`
    /// (ranks 7 to 2, and 1 without the white king's square filled).
    fn captures(rows: &str, rank1: &str, arrows: &str) -> Vec<String> {
        let text = format!(". . . . k . . .\n{rows}\n{rank1}\n{arrows}");
        check_text(SECTION, &text)
            .into_iter()
            .filter(|f| f.rule == common::ARROW)
            .map(|f| f.message)
            .collect()
    }

    #[test]
    fn a_capture_move_belongs_to_one_piece() {
        // "Each row must have one circle and each column must have one
        // circle": the queen's knight-jump capture on f2 and the rook's
        // on b3 need the knight's capture, which only one white piece has.
        let two = ". . . . . . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            . R . . . . . .
            . . . . . Q . .";
        let f = captures(
            two,
            ". . . . K . . .",
            "arrow: d1, f2, white\narrow: a1, b3, white",
        );
        assert!(
            f.iter().any(|m| m.contains("needs the knight's capture")
                && m.contains(
                    "in this diagram needs it too: each capture move belongs to one piece"
                )),
            "{f:?}"
        );
        // The same when the rook's capture is proposed after the queen's.
        let proposed = two.replace(". R . . . . . .", ". n . . . . . .");
        let f = captures(
            &proposed,
            "R . . . K . . .",
            "arrow: d1, f2, white\narrow: a1, b3, white",
        );
        assert_eq!(
            f,
            [
                "the white rook's capture a1–b3 needs the knight's capture, but the white queen's capture d1–f2 in this diagram needs it too: each capture move belongs to one piece (one circle in each column of the table)"
            ]
        );
        // Proposed, they are two options for one turn, each of which may
        // be the one that works.
        let f = captures(
            &proposed.replace(". . . . . Q . .", ". . . . . n . ."),
            "R . . Q K . . .",
            "arrow: d1, f2, white\narrow: a1, b3, white",
        );
        assert!(f.is_empty(), "{f:?}");
        // A bishop, a knight and the king each took along a file, two
        // squares or more: the queen's or rook's capture for all three.
        let f = captures(
            ". . . . . . . .
             . . . . . . . .
             . . . . . . . .
             B . . . . . . N
             . . . . . . . .
             . . . . K . . .",
            ". . . . . . . .",
            "arrow: a1, a4, white\narrow: h1, h4, white\narrow: e4, e2, white",
        );
        assert!(
            f.iter().any(|m| m.contains("three kinds of piece would share the queen's and rook's captures: each capture move belongs to one piece")),
            "{f:?}"
        );
        // Each player has a table: Black's rook may have the knight's
        // capture too.
        let f = captures(
            ". . . . . . . .
             . r . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . . . Q . .",
            ". . . . K . . .",
            "arrow: d1, f2, white\narrow: a8, b6, black",
        );
        assert!(f.is_empty(), "{f:?}");
        // A row is a kind of piece: both rooks may take with a knight's jump.
        let f = captures(
            &two.replace(". R . . . . . .", ". R . . . . R .")
                .replace(". . . . . Q . .", ". . . . . . . ."),
            ". . . . K . . .",
            "arrow: a1, b3, white\narrow: h1, g3, white",
        );
        assert!(f.is_empty(), "{f:?}");
    }

    #[test]
    fn a_piece_captures_with_one_capture_move() {
        // A bishop took on d3 with a knight's jump; the other would take
        // h3 along a diagonal: the bishops' row has one circle.
        let rows = ". . . . . . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            . . . B . . n n
            . . . . . . . .";
        let f = captures(
            rows,
            ". . . . K B . .",
            "arrow: c1, d3, white\narrow: f1, h3, white",
        );
        assert_eq!(
            f,
            [
                "the white bishop's capture f1–h3 needs the queen's or bishop's capture, but the white bishop's capture c1–d3 in this diagram needs the knight's capture: a piece captures with one capture move all game (one circle in each row of the table)"
            ]
        );
        // A knight's jump to g3 it may take.
        let f = captures(
            rows,
            ". . . . K B . .",
            "arrow: c1, d3, white\narrow: f1, g3, white",
        );
        assert!(f.is_empty(), "{f:?}");
        // Proposed from one square, captures are alternatives: the queen
        // may try a knight's jump to f2 or the file to d5.
        let f = captures(
            ". . . . . . . .
             . . . . . . . .
             . . . r . . . .
             . . . . . . . .
             . . . . . . . .
             . . . . . n . .",
            ". . . Q K . . .",
            "arrow: d1, f2, white\narrow: d1, d5, white",
        );
        assert!(f.is_empty(), "{f:?}");
    }

    /// A white knight on c2 with a bishop's capture would take the black
    /// pawn on f5, but the white pawn on d3 stands on the diagonal.
    const BLOCKED: &str = ". . . . k . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . p . .
        . . . . . . . .
        . . . P . . . .
        . . N . . . . .
        . . . . K . . .";

    #[test]
    fn a_capture_along_a_line_is_blocked_by_a_piece_between() {
        // "They use their standard moves, except when capturing": the
        // knight's capture along the diagonal is blocked, not a knight's
        // jump.
        let reason = "the white pawn on d3 stands between c2 and f5, blocking the queen's and bishop's captures along the diagonal";
        let f = check_text(SECTION, &format!("{BLOCKED}\narrow: c2, f5, white"));
        assert!(
            f.iter().any(|f| f.rule == common::ARROW
                && f.message
                    .starts_with("the white knight on c2 cannot capture on f5: ")
                && f.message.contains(reason)),
            "{:?}",
            summary(&f)
        );
        // Made: the knight now on f5.
        let made = BLOCKED
            .replace(". . . . . p . .", ". . . . . N . .")
            .replace(". . N . . . . .", ". . . . . . . .");
        let f = check_text(SECTION, &format!("{made}\narrow: c2, f5, white"));
        assert!(
            f.iter()
                .any(|f| f.rule == common::ARROW && f.message.contains(reason)),
            "{:?}",
            summary(&f)
        );
        // Without the pawn between, the capture may be the knight's.
        for text in [BLOCKED, &made] {
            let open = text.replace(". . . P . . . .", ". . . . . . . .");
            let f = check_text(SECTION, &format!("{open}\narrow: c2, f5, white"));
            assert!(f.is_empty(), "{:?}", summary(&f));
        }
    }
}
