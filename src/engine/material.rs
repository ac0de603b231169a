//! What pieces a position may hold: kings, pawns, and promoted pieces.

use arrayvec::ArrayVec;

use crate::diagram::{Board, BoardDiagram, Color, Role, Square};
use crate::engine::Finding;
use crate::source::Span;

pub const RULE: &str = "material";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kings {
    /// One king a side (orthodox chess and most variants).
    ExactlyOne,
    /// No more than one a side (games where kings may be captured or are
    /// not needed).
    AtMostOne,
}

/// A game's limits on material.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MaterialRules {
    pub kings: Kings,
    /// The most pawns a side may have; 0 for games without pawns.
    pub max_pawns: u8,
    /// Whether a pawn may stand on its own first or last rank.
    pub pawns_on_back_ranks: bool,
    /// Whether pieces beyond the first army may come from promotion, within
    /// the missing pawns. Without it the army itself is the limit.
    pub promotion: bool,
    /// Pieces each side puts away before the game, by role (`Role as usize`).
    pub set_aside: [u8; 6],
    /// White's first and last rank (others on a cut-down board).
    pub ranks: (u8, u8),
    /// The pieces a pawn may promote to, by role (`Role as usize`).
    pub promotes_to: [bool; 6],
    /// Whether a bishop stays on its colour of square, so two on one
    /// colour mean a promotion. Not in a game where pieces leave the board
    /// and come back anywhere.
    pub bishops_keep_colour: bool,
    /// Each side's first army, by role, before `set_aside`.
    pub army: [u8; 6],
    /// Whether pieces other than pawns promote (Promotion Chess): a piece
    /// beyond the army may then stand for any missing piece.
    pub pieces_promote: bool,
}

/// Chess's army: 8 pawns, 2 knights, bishops and rooks, a queen, a king.
pub const CHESS_ARMY: [u8; 6] = [8, 2, 2, 2, 1, 1];

/// Knight, bishop, rook and queen: what an orthodox pawn promotes to.
pub const ORTHODOX_PROMOTION: [bool; 6] = [false, true, true, true, true, false];

impl MaterialRules {
    /// Orthodox chess and the games played with its moves.
    pub const ORTHODOX: MaterialRules = MaterialRules {
        kings: Kings::ExactlyOne,
        max_pawns: 8,
        pawns_on_back_ranks: false,
        promotion: true,
        set_aside: [0; 6],
        ranks: (1, 8),
        promotes_to: ORTHODOX_PROMOTION,
        bishops_keep_colour: true,
        army: CHESS_ARMY,
        pieces_promote: false,
    };

    /// What every game shares: at most one king and 8 pawns a side, and no
    /// more pieces than a set holds, counting promotions.
    pub const COMMON: MaterialRules = MaterialRules {
        kings: Kings::AtMostOne,
        max_pawns: 8,
        pawns_on_back_ranks: true,
        promotion: true,
        set_aside: [0; 6],
        ranks: (1, 8),
        promotes_to: ORTHODOX_PROMOTION,
        bishops_keep_colour: true,
        army: CHESS_ARMY,
        pieces_promote: false,
    };

    /// Chess Golf, Parade and Neighbour Chess Solitaire: the sixteen pieces
    /// without pawns, no promotion.
    pub const NO_PAWNS: MaterialRules = MaterialRules {
        kings: Kings::AtMostOne,
        max_pawns: 0,
        pawns_on_back_ranks: true,
        promotion: false,
        set_aside: [0; 6],
        ranks: (1, 8),
        promotes_to: ORTHODOX_PROMOTION,
        bishops_keep_colour: true,
        army: CHESS_ARMY,
        pieces_promote: false,
    };

    /// The first army of one side, by role, less what it put away.
    fn army(&self, role: Role) -> usize {
        self.army[role as usize]
            .saturating_sub(self.set_aside[role as usize])
            .into()
    }
}

/// A piece count a position cannot have: where (the square to point at, if
/// any), what, and a hint.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub square: Option<Square>,
    pub message: String,
    pub help: Option<String>,
}

impl Problem {
    fn new(square: Option<Square>, message: String) -> Problem {
        Problem {
            square,
            message,
            help: None,
        }
    }

    fn help(mut self, help: impl Into<String>) -> Problem {
        self.help = Some(help.into());
        self
    }
}

fn side(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

fn plural(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("{n} {one}")
    } else {
        format!("{n} {many}")
    }
}

fn role_plural(role: Role) -> &'static str {
    match role {
        Role::Pawn => "pawns",
        Role::Knight => "knights",
        Role::Bishop => "bishops",
        Role::Rook => "rooks",
        Role::Queen => "queens",
        Role::King => "kings",
    }
}

/// The span of the whole board, for findings about no square in particular.
pub fn board_span(board: &BoardDiagram) -> Span {
    let first = board.square_span(Square::new(0, 8));
    let last = board.square_span(Square::new(7, 1));
    first.to(last)
}

fn is_light(sq: Square) -> bool {
    (sq.file + sq.rank).is_multiple_of(2)
}

/// Checks `board` against `rules`; each problem points at the piece that
/// breaks the limit.
pub fn check(board: &BoardDiagram, rules: &MaterialRules, out: &mut Vec<Finding>) {
    for p in problems(&board.board, rules) {
        let span = p
            .square
            .map_or_else(|| board_span(board), |sq| board.square_span(sq));
        let mut f = Finding::error(RULE, span, p.message);
        f.help = p.help;
        out.push(f);
    }
}

/// Every way `board` breaks `rules`, White's first.
pub fn problems(board: &Board, rules: &MaterialRules) -> Vec<Problem> {
    let mut out = Vec::new();
    for color in [Color::White, Color::Black] {
        check_side(board, rules, color, &mut out);
    }
    out
}

/// Squares of one board: 64 at most.
type Squares = ArrayVec<Square, 64>;

fn check_side(board: &Board, rules: &MaterialRules, color: Color, out: &mut Vec<Problem>) {
    // Each role's squares, rank 8 first, as the diagram reads, so a finding
    // points at the last one read. On the stack: a replay checks every
    // position it reconstructs.
    let mut by_role: [Squares; 6] = Default::default();
    for rank in (1..=8).rev() {
        for file in 0..8 {
            let sq = Square::new(file, rank);
            if let Some(p) = board.get(sq).filter(|p| p.color == color) {
                by_role[p.role as usize].push(sq);
            }
        }
    }
    let of = |role: Role| -> &Squares { &by_role[role as usize] };
    let name = side(color);
    let kings = of(Role::King);
    match (rules.kings, kings.len()) {
        (Kings::ExactlyOne, 0) => out.push(
            Problem::new(None, format!("{name} has no king"))
                .help("this game is played with one king a side"),
        ),
        (_, n) if n > 1 => out.push(
            Problem::new(
                Some(kings[1]),
                format!("{name} has {n} kings; a side has one king at most"),
            )
            .help("a king is never promoted to, so a side can only ever have one"),
        ),
        _ => {}
    }

    let pawns = of(Role::Pawn);
    if rules.max_pawns == 0 {
        if let Some(&sq) = pawns.first() {
            out.push(
                Problem::new(
                    Some(sq),
                    format!(
                        "a {} pawn on {sq}: this game is played without pawns",
                        color.name()
                    ),
                )
                .help("the pawns are put away at the start"),
            );
        }
    } else if pawns.len() > rules.max_pawns as usize {
        out.push(Problem::new(
            Some(pawns[rules.max_pawns as usize]),
            format!(
                "{name} has {} pawns; a side has {} at most",
                pawns.len(),
                rules.max_pawns
            ),
        ));
    }
    if !rules.pawns_on_back_ranks {
        for &sq in pawns {
            let (first, last) = match color {
                Color::White => rules.ranks,
                Color::Black => (rules.ranks.1, rules.ranks.0),
            };
            if sq.rank == first {
                out.push(Problem::new(
                    Some(sq),
                    format!(
                        "a {} pawn on {sq}, {name}'s first rank, where no pawn can ever stand",
                        color.name()
                    ),
                ));
            } else if sq.rank == last {
                out.push(
                    Problem::new(
                        Some(sq),
                        format!("a {} pawn on {sq}, {name}'s last rank", color.name()),
                    )
                    .help("a pawn that reaches the last rank is promoted at once"),
                );
            }
        }
    }

    // Pieces beyond the first army: each needs a promoted pawn.
    // At most one a role, and the bishops' two colours.
    let mut extras: ArrayVec<(Role, usize, Square), 6> = ArrayVec::new();
    let army = |role| rules.army(role);
    for role in [Role::Queen, Role::Rook, Role::Knight] {
        let on = of(role);
        if on.len() > army(role) {
            extras.push((role, on.len() - army(role), on[army(role)]));
        }
    }
    let bishops = of(Role::Bishop);
    if rules.promotion && rules.bishops_keep_colour && army(Role::Bishop) == 2 {
        // Each side starts with one bishop on each colour of square.
        let light: Squares = bishops.iter().copied().filter(|&s| is_light(s)).collect();
        let dark: Squares = bishops.iter().copied().filter(|&s| !is_light(s)).collect();
        for group in [light, dark] {
            if group.len() > 1 {
                extras.push((Role::Bishop, group.len() - 1, group[1]));
            }
        }
    } else if bishops.len() > army(Role::Bishop) {
        let n = army(Role::Bishop);
        extras.push((Role::Bishop, bishops.len() - n, bishops[n]));
    }
    if extras.is_empty() {
        return;
    }
    if !rules.promotion {
        for (role, n, sq) in extras {
            let total = n + army(role);
            out.push(
                Problem::new(
                    Some(sq),
                    format!(
                        "{name} has {}; a set has {}",
                        plural(total, role.name(), role_plural(role)),
                        army(role)
                    ),
                )
                .help("this game is played with one set and no promotion"),
            );
        }
        return;
    }
    // A piece no pawn may become cannot be a promoted one.
    if let Some(&(role, n, sq)) = extras
        .iter()
        .find(|(r, _, _)| !rules.promotes_to[*r as usize])
    {
        let total = n + army(role);
        out.push(
            Problem::new(
                Some(sq),
                format!(
                    "{name} has {}; a side starts with {}, and a pawn cannot promote to a {} in this game",
                    plural(total, role.name(), role_plural(role)),
                    army(role),
                    role.name()
                ),
            )
            .help("only the pieces a pawn may promote to can be more than the army"),
        );
        return;
    }
    let promoted: usize = extras.iter().map(|(_, n, _)| n).sum();
    // Counted from the army's pawns: a game may allow more pawns than
    // that (pieces coming back as pawns) without a promotion's credit.
    let mut missing_pawns = usize::from(rules.max_pawns)
        .min(army(Role::Pawn))
        .saturating_sub(pawns.len());
    if rules.pieces_promote {
        // Any piece may have become another: what is missing of the rest
        // of the army pays for an extra one too.
        for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
            missing_pawns += army(role).saturating_sub(of(role).len());
        }
    }
    if promoted > missing_pawns {
        let (role, _, sq) = extras[extras.len() - 1];
        let detail: Vec<String> = extras
            .iter()
            .map(|(r, n, _)| {
                if *r == Role::Bishop && rules.bishops_keep_colour && army(Role::Bishop) == 2 {
                    format!(
                        "{} on one colour of square",
                        plural(*n + 1, "bishop", "bishops")
                    )
                } else {
                    plural(*n + army(*r), r.name(), role_plural(*r))
                }
            })
            .collect();
        out.push(
            Problem::new(
                Some(sq),
                format!(
                    "{name} has too many pieces to have come from promotion: {} means {}, but only {} missing",
                    detail.join(" and "),
                    plural(promoted, "promoted pawn", "promoted pawns"),
                    plural(missing_pawns, "pawn is", "pawns are"),
                ),
            )
            .help(format!(
                "each {} beyond the first army must be a promoted pawn",
                role.name()
            )),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagram::{Diagram, parse_diagram};
    use crate::source::SourceFile;

    fn board(rows: &str) -> BoardDiagram {
        let text: String = rows.lines().map(|l| format!("    {l}\n")).collect();
        let src = SourceFile::new("t.md", text.clone());
        let mut diags = Vec::new();
        let d: Diagram = parse_diagram(&src, Span::new(0, text.len()), &mut diags).unwrap();
        d.as_board().unwrap().clone()
    }

    fn messages(b: &BoardDiagram, rules: &MaterialRules) -> Vec<String> {
        let mut out = Vec::new();
        check(b, rules, &mut out);
        out.into_iter().map(|f| f.message).collect()
    }

    const START: &str = "r n b q k b n r
p p p p p p p p
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
P P P P P P P P
R N B Q K B N R";

    #[test]
    fn the_start_position_is_fine() {
        assert!(messages(&board(START), &MaterialRules::ORTHODOX).is_empty());
    }

    #[test]
    fn kings_are_counted() {
        let b = board(&START.replace("R N B Q K B N R", "R N B Q . B N R"));
        assert_eq!(
            messages(&b, &MaterialRules::ORTHODOX),
            ["White has no king"]
        );
        assert!(messages(&b, &MaterialRules::COMMON).is_empty());
        let b = board(&START.replace("R N B Q K B N R", "R N B K K B N R"));
        assert_eq!(
            messages(&b, &MaterialRules::COMMON),
            ["White has 2 kings; a side has one king at most"]
        );
    }

    #[test]
    fn pawns_on_back_ranks_and_too_many() {
        let b = board(&START.replace("R N B Q K B N R", "R N B Q K B N P"));
        assert_eq!(
            messages(&b, &MaterialRules::ORTHODOX),
            [
                "White has 9 pawns; a side has 8 at most",
                "a white pawn on h1, White's first rank, where no pawn can ever stand"
            ]
        );
    }

    #[test]
    fn promoted_pieces_must_fit_the_missing_pawns() {
        // Two extra queens with one pawn missing.
        let b = board(
            &START.replace("P P P P P P P P", "P P P P P P P .").replace(
                ". . . . . . . .\n. . . . . . . .\nP",
                "Q Q . . . . . .\n. . . . . . . .\nP",
            ),
        );
        let m = messages(&b, &MaterialRules::ORTHODOX);
        assert_eq!(m.len(), 1, "{m:?}");
        assert!(m[0].starts_with("White has too many pieces to have come from promotion: 3 queens means 2 promoted pawns, but only 1 pawn is missing"), "{m:?}");
        // Two bishops on light squares need a promotion too.
        let b = board(
            &START.replace("R N B Q K B N R", "R N . Q K B N R").replace(
                ". . . . . . . .\n. . . . . . . .\nP",
                ". . . . . . . .\n. . . . . . . B\nP",
            ),
        );
        let m = messages(&b, &MaterialRules::ORTHODOX);
        assert_eq!(m.len(), 1, "{m:?}");
    }

    #[test]
    fn a_finding_points_at_the_piece_read_last() {
        // Read as the diagram is, rank 8 first and the a-file first: the
        // extra piece is the last one read.
        let squares = |rows: &str, rules: &MaterialRules| -> Vec<String> {
            problems(&board(rows).board, rules)
                .into_iter()
                .map(|p| p.square.map_or("none".into(), |s| s.to_string()))
                .collect()
        };
        let rows = "R . . . . . . R
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
R . . . . . . r";
        assert_eq!(squares(rows, &MaterialRules::NO_PAWNS), ["a1"]);
        // Black's own count: two rooks are a set.
        assert!(
            squares(
                &rows.replace("R . . . . . . r", ". . . . . . . r"),
                &MaterialRules::NO_PAWNS
            )
            .is_empty()
        );
        // A second king: the one nearer rank 1; for Black the same.
        let kings = "k . . . K . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
k . . . K . . .";
        assert_eq!(squares(kings, &MaterialRules::COMMON), ["e1", "a1"]);
        // Two bishops on light squares: the second read is the promoted one.
        let b = START.replace("R N B Q K B N R", "R N . Q K B N R").replace(
            ". . . . . . . .\n. . . . . . . .\nP",
            ". . . . . . . .\n. . . . . . . B\nP",
        );
        assert_eq!(squares(&b, &MaterialRules::ORTHODOX), ["f1"]);
    }

    #[test]
    fn an_extra_piece_fits_a_missing_pawn() {
        // One queen more, one pawn fewer: a promotion, fine; a second queen
        // more is not.
        let one = START.replace("P P P P P P P P", "P P P P P P P .").replace(
            ". . . . . . . .\n. . . . . . . .\nP",
            "Q . . . . . . .\n. . . . . . . .\nP",
        );
        assert!(messages(&board(&one), &MaterialRules::ORTHODOX).is_empty());
        let two = one.replace("Q . . . . . . .", "Q Q . . . . . .");
        assert_eq!(messages(&board(&two), &MaterialRules::ORTHODOX).len(), 1);
    }

    #[test]
    fn games_without_pawns() {
        let b = board(START);
        let m = messages(&b, &MaterialRules::NO_PAWNS);
        assert_eq!(
            m,
            [
                "a white pawn on a2: this game is played without pawns",
                "a black pawn on a7: this game is played without pawns"
            ]
        );
        let b = board(
            ". . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
R R R B B B N N",
        );
        assert_eq!(
            messages(&b, &MaterialRules::NO_PAWNS),
            [
                "White has 3 rooks; a set has 2",
                "White has 3 bishops; a set has 2"
            ]
        );
    }
}
