//! Grid diagrams: masquerade capture tables, cloak-and-dagger checker
//! tables, and the card table.

use std::collections::BTreeMap;

use crate::diagram::{
    CardFace, CardsGrid, CloakGrid, Grid, Mark, MasqueradeGrid, PlayingCard, Role, card_face,
};
use crate::engine::Finding;
use crate::source::Span;

pub const MASQUERADE: &str = "masquerade-grid";
pub const CLOAK: &str = "cloak-grid";
pub const CARDS: &str = "card-table";

const BACK_RANK: [Role; 5] = [
    Role::King,
    Role::Queen,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
];

/// How many of each piece an army has beyond the pawns.
fn army(role: Role) -> usize {
    match role {
        Role::King | Role::Queen => 1,
        Role::Rook | Role::Bishop | Role::Knight => 2,
        Role::Pawn => 8,
    }
}

/// Checks a grid diagram; `block` is its block's span, where a finding
/// about the whole grid points when it has no rows.
pub fn check_grid(grid: &Grid, block: Span, out: &mut Vec<Finding>) {
    match grid {
        Grid::Masquerade(g) => check_masquerade(g, block, out),
        Grid::Cloak(g) => check_cloak(g, block, out),
        Grid::Cards(g) => check_card_table(g, out),
    }
}

/// Roles listed twice, or missing, among `roles`.
fn check_roles(
    roles: &[(Role, Span)],
    what: &str,
    whole: Span,
    rule: &'static str,
    out: &mut Vec<Finding>,
) {
    for (i, (role, span)) in roles.iter().enumerate() {
        if roles[..i].iter().any(|(r, _)| r == role) {
            out.push(Finding::error(
                rule,
                *span,
                format!("the {} has a second {what}", role.name()),
            ));
        }
    }
    for role in BACK_RANK {
        if !roles.iter().any(|(r, _)| *r == role) {
            out.push(Finding::error(
                rule,
                whole,
                format!("the grid has no {what} for the {}", role.name()),
            ));
        }
    }
}

fn check_masquerade(g: &MasqueradeGrid, block: Span, out: &mut Vec<Finding>) {
    let whole = g.rows.first().map_or(block, |r| r.span);
    let rows: Vec<(Role, Span)> = g.rows.iter().map(|r| (r.role, r.role_span)).collect();
    check_roles(&rows, "row", whole, MASQUERADE, out);
    let mut columns_seen = Vec::new();
    for (i, role) in g.columns.iter().enumerate() {
        if columns_seen.contains(role) {
            out.push(Finding::error(
                MASQUERADE,
                whole,
                format!(
                    "the header names the {} twice (column {})",
                    role.name(),
                    i + 1
                ),
            ));
        }
        columns_seen.push(*role);
    }
    // A circle says which piece's capture the row's piece was given: one
    // per row and one per column.
    let mut column_circles: BTreeMap<usize, Span> = BTreeMap::new();
    let mut filled = true;
    for row in &g.rows {
        let circles: Vec<usize> = (0..row.marks.len())
            .filter(|&c| row.marks[c].mark == Mark::Circle)
            .collect();
        if circles.len() > 1 {
            out.push(
                Finding::error(
                    MASQUERADE,
                    row.marks[circles[1]].span,
                    format!(
                        "the {} row has {} circles; a piece has one capture",
                        row.role.name(),
                        circles.len()
                    ),
                )
                .with_help("circle one square in each row and each column"),
            );
        }
        for &c in &circles {
            if let Some(_first) = column_circles.get(&c) {
                let col = g.columns.get(c).map(|r| r.name()).unwrap_or("?");
                out.push(
                    Finding::error(
                        MASQUERADE,
                        row.marks[c].span,
                        format!(
                            "a second circle in the {col} column: each capture goes to one piece"
                        ),
                    )
                    .with_help("circle one square in each row and each column"),
                );
            } else {
                column_circles.insert(c, row.marks[c].span);
            }
        }
        if row.combo.is_none() {
            filled = false;
        }
        if let Some(combo) = &row.combo {
            let letter = row.role.letter();
            let expected = circles
                .first()
                .and_then(|&c| g.columns.get(c))
                .map(|r| format!("{letter}{}", r.letter()));
            match expected {
                Some(e) if *combo != e => out.push(
                    Finding::error(
                        MASQUERADE,
                        row.combo_span,
                        format!("the combo `{combo}` disagrees with the circles, which give `{e}`"),
                    )
                    .with_help(
                        "the combo is the row's piece letter followed by the capture it was given",
                    ),
                ),
                None => out.push(Finding::error(
                    MASQUERADE,
                    row.combo_span,
                    format!(
                        "the combo `{combo}` is filled in, but the {} row has no circle",
                        row.role.name()
                    ),
                )),
                _ => {}
            }
        }
    }
    if filled && column_circles.len() < g.columns.len() && !g.rows.is_empty() {
        out.push(Finding::error(
            MASQUERADE,
            whole,
            format!(
                "the grid is filled in but has {} circles; it needs one in each row and column",
                column_circles.len()
            ),
        ));
    }
}

fn check_cloak(g: &CloakGrid, block: Span, out: &mut Vec<Finding>) {
    let whole = g.rows.first().map_or(block, |r| r.span);
    for (i, n) in g.columns.iter().enumerate() {
        if g.columns[..i].contains(n) {
            out.push(Finding::error(
                CLOAK,
                whole,
                format!("the header numbers checker {n} twice"),
            ));
        }
    }
    let rows: Vec<(Role, Span)> = g.rows.iter().map(|r| (r.role, r.role_span)).collect();
    check_roles(&rows, "row", whole, CLOAK, out);
    // The checker under each piece: its column number, which is its file.
    let mut placed: BTreeMap<Role, Vec<(u8, Span)>> = BTreeMap::new();
    let mut column_owner: BTreeMap<u8, Role> = BTreeMap::new();
    for row in &g.rows {
        for (c, cell) in row.marks.iter().enumerate() {
            if cell.mark != Mark::Circle {
                continue;
            }
            let Some(&n) = g.columns.get(c) else { continue };
            if let Some(other) = column_owner.get(&n) {
                out.push(Finding::error(
                    CLOAK,
                    cell.span,
                    format!(
                        "checker {n} is circled as the {} and as the {}; it hides one piece",
                        other.name(),
                        row.role.name()
                    ),
                ));
                continue;
            }
            column_owner.insert(n, row.role);
            placed.entry(row.role).or_default().push((n, cell.span));
        }
    }
    for (role, cells) in &placed {
        if cells.len() > army(*role) {
            out.push(
                Finding::error(
                    CLOAK,
                    cells[army(*role)].1,
                    format!(
                        "{} circled as the {}; an army has {}",
                        cells.len(),
                        role.name(),
                        army(*role)
                    ),
                )
                .with_help(
                    "a standard set of pieces: one king and queen, two rooks, bishops and knights",
                ),
            );
        }
    }
    let files = |role: Role| -> Vec<(u8, Span)> { placed.get(&role).cloned().unwrap_or_default() };
    let (kings, rooks, bishops) = (files(Role::King), files(Role::Rook), files(Role::Bishop));
    if let ([(k, kspan)], [(r1, _), (r2, _)]) = (&kings[..], &rooks[..]) {
        let (lo, hi) = (r1.min(r2), r1.max(r2));
        if !(lo < k && k < hi) {
            out.push(
                Finding::error(
                    CLOAK,
                    *kspan,
                    format!("the king on checker {k} is not between the rooks on {lo} and {hi}"),
                )
                .with_help("as in Chess960, the king starts somewhere between its two rooks"),
            );
        }
    } else if let [(k, kspan)] = &kings[..]
        && rooks.len() < 2
    {
        // With a rook or none circled yet: each side of the king must
        // still hold a rook, circled or on a checker no piece has.
        let side_holds_rook = |left: bool| {
            g.columns.iter().any(|n| {
                (if left { n < k } else { n > k })
                    && column_owner.get(n).is_none_or(|r| *r == Role::Rook)
            })
        };
        for (left, side) in [(true, "left"), (false, "right")] {
            if !side_holds_rook(left) {
                out.push(
                    Finding::error(
                        CLOAK,
                        *kspan,
                        format!(
                            "the king on checker {k} leaves no checker on its {side} for a rook, but the king stands between its two rooks"
                        ),
                    )
                    .with_help("as in Chess960, the king starts somewhere between its two rooks"),
                );
            }
        }
    }
    if let [(b1, _), (b2, span)] = &bishops[..]
        && b1 % 2 == b2 % 2
    {
        out.push(
            Finding::error(
                CLOAK,
                *span,
                format!("the bishops on checkers {b1} and {b2} stand on squares of one colour"),
            )
            .with_help("place one bishop on a light square and one on a dark square"),
        );
    }
}

/// One table: each symbol once, each card once, black suits for black
/// pieces and red for white, and the pieces of one army.
fn check_card_table(g: &CardsGrid, out: &mut Vec<Finding>) {
    let mut seen: BTreeMap<PlayingCard, ()> = BTreeMap::new();
    for (i, row) in g.rows.iter().enumerate() {
        if g.rows[..i].iter().any(|r| r.symbol == row.symbol) {
            out.push(Finding::error(
                CARDS,
                row.symbol_span,
                format!("the symbol `{}` has a second row", row.symbol),
            ));
        }
        let is_white = match card_face(&row.symbol) {
            CardFace::Piece(p) => Some(p.color == crate::diagram::Color::White),
            CardFace::Checker(c) => Some(c == crate::diagram::Color::White),
            _ => None,
        };
        for cell in &row.cells {
            let Some(card) = cell.card else { continue };
            if seen.insert(card, ()).is_some() {
                out.push(Finding::error(
                    CARDS,
                    cell.span,
                    format!("the {card} is listed twice; each card matches one symbol"),
                ));
            }
            if let Some(white) = is_white
                && white != card.suit.is_red()
            {
                out.push(
                    Finding::error(
                        CARDS,
                        cell.span,
                        format!(
                            "the {card} is a {} card, but `{}` is a {} symbol",
                            if card.suit.is_red() { "red" } else { "black" },
                            row.symbol,
                            if white { "white" } else { "black" }
                        ),
                    )
                    .with_help("red cards match white pieces and black cards match black pieces"),
                );
            }
        }
        if let CardFace::Piece(p) = card_face(&row.symbol) {
            let n = row.cells.iter().filter(|c| c.card.is_some()).count();
            if n != army(p.role) {
                out.push(
                    Finding::error(
                        CARDS,
                        row.span,
                        format!(
                            "`{}` has {n} card{}, but an army has {} {}",
                            row.symbol,
                            if n == 1 { "" } else { "s" },
                            army(p.role),
                            if army(p.role) == 1 {
                                p.role.name().to_string()
                            } else {
                                format!("{}s", p.role.name())
                            }
                        ),
                    )
                    .with_help("one card for each piece of a standard army"),
                );
            }
        }
    }
}

/// Across all of a book's card tables: each card once, each symbol once,
/// and a piece's gap the same for both colours.
pub fn check_card_tables(tables: &[&CardsGrid], out: &mut Vec<Finding>) {
    // Repeats inside one table are that table's own findings.
    let mut cards: BTreeMap<PlayingCard, &str> = BTreeMap::new();
    let mut symbols: BTreeMap<&str, ()> = BTreeMap::new();
    for table in tables {
        let mut here_cards: BTreeMap<PlayingCard, &str> = BTreeMap::new();
        let mut here_symbols: BTreeMap<&str, ()> = BTreeMap::new();
        for row in &table.rows {
            if symbols.contains_key(row.symbol.as_str()) {
                out.push(Finding::error(
                    CARDS,
                    row.symbol_span,
                    format!(
                        "the symbol `{}` is already in another card table",
                        row.symbol
                    ),
                ));
            }
            here_symbols.insert(row.symbol.as_str(), ());
            for cell in &row.cells {
                let Some(card) = cell.card else { continue };
                if let Some(other) = cards.get(&card) {
                    out.push(Finding::error(
                        CARDS,
                        cell.span,
                        format!("the {card} already matches `{other}` in another card table"),
                    ));
                }
                here_cards.insert(card, row.symbol.as_str());
            }
        }
        cards.extend(here_cards);
        symbols.extend(here_symbols);
    }
    // The gap belongs to the piece type, whatever its colour.
    let rows: Vec<&crate::diagram::CardRow> = tables.iter().flat_map(|t| t.rows.iter()).collect();
    for row in &rows {
        let CardFace::Piece(p) = card_face(&row.symbol) else {
            continue;
        };
        if p.color != crate::diagram::Color::White {
            continue;
        }
        let black = p.role.letter().to_ascii_lowercase().to_string();
        if let Some(other) = rows.iter().find(|r| r.symbol == black)
            && other.gap != row.gap
        {
            let show = |g: Option<u8>| g.map_or("_".to_string(), |g| g.to_string());
            out.push(Finding::error(
                CARDS,
                other.gap_span,
                format!(
                    "`{}` has gap {} but `{}` has gap {}; a piece's gap does not depend on its colour",
                    other.symbol,
                    show(other.gap),
                    row.symbol,
                    show(row.gap)
                ),
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagram::{Diagram, parse_diagram};
    use crate::source::SourceFile;

    fn grid(text: &str) -> Grid {
        let text: String = text
            .lines()
            .map(|l| format!("    {}\n", l.trim()))
            .collect();
        let src = SourceFile::new("t.md", text.clone());
        let mut diags = Vec::new();
        let d: Diagram = parse_diagram(&src, Span::new(0, text.len()), &mut diags)
            .unwrap_or_else(|| panic!("{diags:?}"));
        d.as_grid().unwrap().clone()
    }

    fn messages(text: &str) -> Vec<String> {
        let mut out = Vec::new();
        check_grid(&grid(text), Span::new(0, text.len()), &mut out);
        out.into_iter().map(|f| f.message).collect()
    }

    const ALICE: &str = "type: masquerade
        . K Q R B N combo
        K . . O . . KR
        Q O . . . . QK
        R . . . . O RN
        B . . . O . BB
        N . O . . . NQ";

    #[test]
    fn the_books_masquerade_grids_pass() {
        assert!(messages(ALICE).is_empty());
        let blank = "type: masquerade
            . K Q R B N combo
            K . . . . . _
            Q . . . . . _
            R . . . . . _
            B . . . . . _
            N . . . . . _";
        assert!(messages(blank).is_empty());
    }

    #[test]
    fn masquerade_mistakes() {
        let two_in_column = ALICE.replace("Q O . . . . QK", "Q . . O . . QR");
        let m = messages(&two_in_column);
        assert!(
            m.iter()
                .any(|m| m == "a second circle in the rook column: each capture goes to one piece"),
            "{m:?}"
        );
        let wrong_combo = ALICE.replace("KR", "KQ");
        assert_eq!(
            messages(&wrong_combo),
            ["the combo `KQ` disagrees with the circles, which give `KR`"]
        );
    }

    const CLOAK_GRID: &str = "type: cloak
        . 1 2 3 4 5 6 7 8
        K . . O
        Q . O
        R O . . O
        B . . . . O O
        N . . . . . . O O";

    #[test]
    fn the_books_cloak_grids_pass() {
        assert!(messages(CLOAK_GRID).is_empty());
        assert!(messages("type: cloak\n. 1 2 3 4 5 6 7 8\nK\nQ\nR\nB\nN").is_empty());
    }

    /// "Place your king somewhere between your two rooks": a king on the
    /// first or last checker, or with the rooks' side full, is refused
    /// before the rooks are circled.
    #[test]
    fn a_king_with_no_room_for_a_rook_on_one_side_is_refused() {
        let m = messages("type: cloak\n. 1 2 3 4 5 6 7 8\nK O\nQ\nR\nB\nN");
        assert_eq!(
            m,
            [
                "the king on checker 1 leaves no checker on its left for a rook, but the king stands between its two rooks"
            ]
        );
        let m = messages("type: cloak\n. 1 2 3 4 5 6 7 8\nK . . . . . . . O\nQ\nR\nB\nN");
        assert_eq!(
            m,
            [
                "the king on checker 8 leaves no checker on its right for a rook, but the king stands between its two rooks"
            ]
        );
        // The queen on 1 leaves the king on 2 no rook on its left.
        let m = messages("type: cloak\n. 1 2 3 4 5 6 7 8\nK . O\nQ O\nR\nB\nN");
        assert_eq!(m.len(), 1, "{m:?}");
        assert!(m[0].contains("no checker on its left"), "{m:?}");
        // Room on both sides, or a rook there already: kept.
        assert!(messages("type: cloak\n. 1 2 3 4 5 6 7 8\nK . O\nQ\nR\nB\nN").is_empty());
        assert!(messages("type: cloak\n. 1 2 3 4 5 6 7 8\nK . O\nQ\nR O\nB\nN").is_empty());
    }

    #[test]
    fn cloak_mistakes() {
        let king_outside = CLOAK_GRID
            .replace("K . . O", "K O")
            .replace("R O . . O", "R . . O O");
        let m = messages(&king_outside);
        assert!(
            m.iter()
                .any(|m| m.starts_with("the king on checker 1 is not between the rooks")),
            "{m:?}"
        );
        let same_colour = CLOAK_GRID
            .replace("B . . . . O O", "B . . . . O . O")
            .replace("N . . . . . . O O", "N . . . . . O . O");
        let m = messages(&same_colour);
        assert_eq!(
            m,
            ["the bishops on checkers 5 and 7 stand on squares of one colour"]
        );
    }

    const BLACK_TABLE: &str = "type: cards
        Piece Cards Gap
        p 2S 3S 4S 5S 2C 3C 4C 5C _
        n  _  _  _ 8S 8C  _  _  _ 1
        b  _  _  _ 9S 9C  _  _  _ 2
        r  _  _ _ 10S 10C _  _  _ 3
        q  _  _  _ QS  _  _  _  _ 5
        k  _  _  _ KS  _  _  _  _ 6
        c  _  _ 6S 7S 6C 7C  _  _ _";

    #[test]
    fn the_books_card_table_passes() {
        assert!(messages(BLACK_TABLE).is_empty());
    }

    #[test]
    fn card_table_mistakes() {
        let m = messages(&BLACK_TABLE.replace("q  _  _  _ QS", "q  _  _  _ QH"));
        assert_eq!(m, ["the QH is a red card, but `q` is a black symbol"]);
        let m = messages(&BLACK_TABLE.replace("n  _  _  _ 8S 8C", "n  _  _  _ 8S 9S"));
        assert_eq!(m, ["the 9S is listed twice; each card matches one symbol"]);
        let m = messages(&BLACK_TABLE.replace("b  _  _  _ 9S 9C", "b  _  _  _ 9S  _"));
        assert_eq!(m, ["`b` has 1 card, but an army has 2 bishops"]);
    }
}
