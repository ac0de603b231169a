//! Chess Solitaire: the chess cards alone, no chess set. A diagram hides the
//! board (`margins: -9, ...`) and deals `card:` lines in a grid: 5x5 of the
//! 32 piece cards for the regular game, 6x6 with the 8 empty-square cards
//! (`e` black, `E` white, the 6s and 7s of the book's card table) for
//! "Increasing Difficulty". `back` is a card still face down.
//!
//! Cells are named by row and column counted from the top left, as the
//! diagram reads ("Think of the board as a diagram from White's
//! perspective": white pawns attack toward the top row).
//!
//! The attack relation is regular chess on the crowded grid: a face-down
//! card blocks a line, an empty-square card lets a queen, rook or bishop
//! attack across it and is itself neither attacked nor attacking. Where the
//! paragraph just before a diagram states its score, the cards' score must
//! agree (a warning: the prose, not the cards, may be what is wrong).

use crate::book::Block;
use crate::diagram::{BoardDiagram, Card, CardFace, Color, Piece, Role};
use crate::engine::{DiagramContext, Finding, Game};
use crate::source::Span;

pub struct ChessSolitaire;

/// No chess set: no piece on the board, no move arrow.
pub const RULE_BOARD: &str = "solitaire-board";
/// The cards lie in the dealt grid.
pub const RULE_GRID: &str = "solitaire-grid";
/// Which cards, and how many of each, the deck holds.
pub const RULE_CARDS: &str = "solitaire-cards";
/// The score the text states for a diagram.
pub const RULE_SCORE: &str = "solitaire-score";

/// Cards whose x (or y) differ by at most this many squares are in one
/// column (or row); the book's columns are 2.2 apart and its rows 3.2.
const TOLERANCE: f64 = 0.6;

/// More rows or columns than this are not looked at cell by cell.
const MAX_LINES: usize = 12;

/// The empty-square cards of the book's card table.
const EMPTY_BLACK: &str = "e";
const EMPTY_WHITE: &str = "E";
/// "the 4 empty square cards of each colour"
const EMPTIES_A_COLOUR: usize = 4;

impl Game for ChessSolitaire {
    fn name(&self) -> &'static str {
        "Chess Solitaire"
    }

    fn fen_rules(&self) -> crate::engine::fen::FenRules<'static> {
        crate::engine::fen::FenRules::not(
            "Chess Solitaire is played with cards on a grid, not with pieces on a chess board",
        )
    }

    fn check_board(&self, cx: &DiagramContext, board: &BoardDiagram, out: &mut Vec<Finding>) {
        check_no_chess_set(board, out);
        if board.cards.is_empty() {
            out.push(
                Finding::error(
                    RULE_GRID,
                    cx.entry.span,
                    "a Chess Solitaire diagram deals cards in a grid, and this one has no `card:` line",
                )
                .with_help("add a `card: SYMBOL, X, Y` line for each card of the 5x5 (or 6x6) grid"),
            );
            return;
        }
        let before = out.len();
        let grid = check_grid(&board.cards, out);
        let six = grid.as_ref().map_or_else(
            || {
                board
                    .cards
                    .iter()
                    .any(|c| empty_colour(&c.symbol).is_some())
            },
            |g| g.rows == 6 && g.cols == 6,
        );
        check_cards(&board.cards, six, out);
        if out.len() > before {
            return;
        }
        if let Some(layout) = grid {
            check_stated_score(cx, &layout, out);
        }
    }
}

/// A card of the grid, as the attack rules see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    Piece(Piece),
    /// An empty-square card of a colour.
    Empty(Color),
    /// A face-down card: it blocks a line, and attacks nothing yet.
    Down,
}

/// The grid of cards, row 0 at the top.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    pub rows: usize,
    pub cols: usize,
    cells: Vec<Cell>,
}

/// A row and a column, from the top left, 0-based.
pub type Pos = (usize, usize);

impl Layout {
    pub fn get(&self, (r, c): Pos) -> Cell {
        self.cells[r * self.cols + c]
    }

    fn positions(&self) -> impl Iterator<Item = Pos> + '_ {
        (0..self.rows).flat_map(move |r| (0..self.cols).map(move |c| (r, c)))
    }

    fn step(&self, (r, c): Pos, (dr, dc): (i32, i32)) -> Option<Pos> {
        let r = r as i32 + dr;
        let c = c as i32 + dc;
        (r >= 0 && c >= 0 && (r as usize) < self.rows && (c as usize) < self.cols)
            .then_some((r as usize, c as usize))
    }

    /// A grid written as rows of tokens: piece letters, `e`/`E` for the
    /// empty-square cards and `x` for a face-down card.
    pub fn parse(text: &str) -> Layout {
        let rows: Vec<Vec<Cell>> = text
            .lines()
            .map(|l| {
                l.split_whitespace()
                    .map(|t| match t {
                        "x" => Cell::Down,
                        EMPTY_BLACK => Cell::Empty(Color::Black),
                        EMPTY_WHITE => Cell::Empty(Color::White),
                        _ => Cell::Piece(
                            t.chars()
                                .next()
                                .and_then(Piece::from_char)
                                .unwrap_or_else(|| panic!("not a cell: {t}")),
                        ),
                    })
                    .collect()
            })
            .filter(|r: &Vec<Cell>| !r.is_empty())
            .collect();
        let cols = rows.first().map_or(0, Vec::len);
        assert!(rows.iter().all(|r| r.len() == cols), "rows of one length");
        Layout {
            rows: rows.len(),
            cols,
            cells: rows.into_iter().flatten().collect(),
        }
    }
}

/// One card reaching another: the first card on a line for a queen, rook
/// or bishop (across any empty-square cards before it), or the square a
/// pawn, knight or king attacks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reach {
    pub to: Pos,
    /// The empty-square cards the line crosses.
    pub across: usize,
}

const ORTHOGONAL: [(i32, i32); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];
const DIAGONAL: [(i32, i32); 4] = [(-1, -1), (-1, 1), (1, -1), (1, 1)];
const KNIGHT: [(i32, i32); 8] = [
    (-2, -1),
    (-2, 1),
    (-1, -2),
    (-1, 2),
    (1, -2),
    (1, 2),
    (2, -1),
    (2, 1),
];

/// The cards (face up or down, of either colour) that the card at `from`
/// reaches; empty-square cards are never reached.
pub fn reach(layout: &Layout, from: Pos) -> Vec<Reach> {
    let Cell::Piece(piece) = layout.get(from) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut step = |dirs: &[(i32, i32)]| {
        for &d in dirs {
            if let Some(to) = layout.step(from, d)
                && !matches!(layout.get(to), Cell::Empty(_))
            {
                out.push(Reach { to, across: 0 });
            }
        }
    };
    match piece.role {
        // White pawns attack toward the top row, black pawns toward the
        // bottom.
        Role::Pawn => {
            let dr = if piece.color == Color::White { -1 } else { 1 };
            step(&[(dr, -1), (dr, 1)]);
        }
        Role::Knight => step(&KNIGHT),
        Role::King => {
            step(&ORTHOGONAL);
            step(&DIAGONAL);
        }
        Role::Rook | Role::Bishop | Role::Queen => {
            let mut dirs = Vec::new();
            if piece.role != Role::Bishop {
                dirs.extend(ORTHOGONAL);
            }
            if piece.role != Role::Rook {
                dirs.extend(DIAGONAL);
            }
            for d in dirs {
                let mut at = from;
                let mut across = 0;
                while let Some(next) = layout.step(at, d) {
                    if let Cell::Empty(_) = layout.get(next) {
                        across += 1;
                        at = next;
                        continue;
                    }
                    out.push(Reach { to: next, across });
                    break;
                }
            }
        }
    }
    out
}

/// The face-up cards of the opposite colour that the card at `from`
/// attacks: what the game's scoring counts.
pub fn attacks(layout: &Layout, from: Pos) -> Vec<Reach> {
    let Cell::Piece(piece) = layout.get(from) else {
        return Vec::new();
    };
    reach(layout, from)
        .into_iter()
        .filter(|r| matches!(layout.get(r.to), Cell::Piece(p) if p.color != piece.color))
        .collect()
}

/// The score of the face-up cards, as the text counts it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Score {
    /// Face-up pieces that attack no card of the opposite colour.
    pub idle: Vec<Pos>,
    /// Face-up pieces that no card of the opposite colour attacks.
    pub unattacked: Vec<Pos>,
    /// Connected groups of face-up empty-square cards.
    pub groups: usize,
    /// For each empty-square card, the empty squares of its colour it
    /// touches (not diagonally), summed.
    pub touching: usize,
    /// Each attack across empty squares: attacker, target, squares crossed.
    pub across: Vec<(Pos, Pos, usize)>,
}

impl Score {
    pub fn of(layout: &Layout) -> Score {
        let mut score = Score::default();
        let mut attacked = vec![false; layout.rows * layout.cols];
        let pieces: Vec<Pos> = layout
            .positions()
            .filter(|&p| matches!(layout.get(p), Cell::Piece(_)))
            .collect();
        let mut attacking = Vec::new();
        for &p in &pieces {
            let hits = attacks(layout, p);
            attacking.push(!hits.is_empty());
            for h in hits {
                attacked[h.to.0 * layout.cols + h.to.1] = true;
                if h.across > 0 {
                    score.across.push((p, h.to, h.across));
                }
            }
        }
        for (&p, &a) in pieces.iter().zip(&attacking) {
            if !a {
                score.idle.push(p);
            }
            if !attacked[p.0 * layout.cols + p.1] {
                score.unattacked.push(p);
            }
        }
        // The empty squares: groups (touching sides), and same colours
        // touching.
        let mut group = vec![usize::MAX; layout.rows * layout.cols];
        for p in layout.positions() {
            let Cell::Empty(colour) = layout.get(p) else {
                continue;
            };
            for d in ORTHOGONAL {
                if let Some(q) = layout.step(p, d)
                    && layout.get(q) == Cell::Empty(colour)
                {
                    score.touching += 1;
                }
            }
            if group[p.0 * layout.cols + p.1] != usize::MAX {
                continue;
            }
            let id = score.groups;
            score.groups += 1;
            let mut stack = vec![p];
            group[p.0 * layout.cols + p.1] = id;
            while let Some(at) = stack.pop() {
                for d in ORTHOGONAL {
                    if let Some(q) = layout.step(at, d)
                        && matches!(layout.get(q), Cell::Empty(_))
                        && group[q.0 * layout.cols + q.1] == usize::MAX
                    {
                        group[q.0 * layout.cols + q.1] = id;
                        stack.push(q);
                    }
                }
            }
        }
        score
    }

    /// "If you end with more than one connected group of empty squares,
    /// lose one point per group."
    fn group_loss(&self) -> usize {
        if self.groups > 1 { self.groups } else { 0 }
    }

    /// The points lost.
    pub fn lost(&self) -> usize {
        self.idle.len() + self.unattacked.len() + self.group_loss() + self.touching
    }

    /// The score: the points lost, or, with none lost, a point for every
    /// empty square a ranged piece attacks across.
    pub fn points(&self) -> i64 {
        match self.lost() {
            0 => self.across.iter().map(|a| a.2 as i64).sum(),
            n => -(n as i64),
        }
    }

    /// Where the points come from, in words.
    fn explain(&self, layout: &Layout) -> String {
        let name = |p: Pos| match layout.get(p) {
            Cell::Piece(piece) => format!("the {} in {}", piece.name(), cell_name(p)),
            _ => cell_name(p),
        };
        let mut parts = Vec::new();
        if self.lost() > 0 {
            parts.extend(
                self.idle
                    .iter()
                    .map(|&p| format!("{} attacks nothing", name(p))),
            );
            parts.extend(
                self.unattacked
                    .iter()
                    .map(|&p| format!("nothing attacks {}", name(p))),
            );
            if self.group_loss() > 0 {
                parts.push(format!("{} groups of empty squares", self.groups));
            }
            if self.touching > 0 {
                parts.push(format!(
                    "empty squares of one colour touch {} times",
                    self.touching
                ));
            }
        } else if self.across.is_empty() {
            parts.push("no piece attacks across an empty square".to_string());
        } else {
            parts.extend(self.across.iter().map(|&(from, to, n)| {
                format!(
                    "{} attacks {} across {n} empty square{}",
                    name(from),
                    name(to),
                    if n == 1 { "" } else { "s" }
                )
            }));
        }
        parts.join("; ")
    }
}

/// "row 2, column 3", counted from the top left.
fn cell_name((r, c): Pos) -> String {
    format!("row {}, column {}", r + 1, c + 1)
}

/// The colour of an empty-square card.
fn empty_colour(symbol: &str) -> Option<Color> {
    match symbol {
        EMPTY_BLACK => Some(Color::Black),
        EMPTY_WHITE => Some(Color::White),
        _ => None,
    }
}

/// "the chess cards on their own, without the chess set".
fn check_no_chess_set(board: &BoardDiagram, out: &mut Vec<Finding>) {
    for (sq, piece) in board.board.pieces() {
        out.push(
            Finding::error(
                RULE_BOARD,
                board.square_span(sq),
                format!(
                    "a {} stands on {sq}, but Chess Solitaire uses the chess cards without a chess set: its board holds no piece",
                    piece.name()
                ),
            )
            .with_help("put the piece on a card instead (`card: SYMBOL, X, Y`) and leave the square `.`"),
        );
    }
    for arrow in crate::engine::games::common::move_arrows(board) {
        out.push(
            Finding::error(
                RULE_BOARD,
                arrow.span,
                format!(
                    "a {} arrow from {} to {}, but Chess Solitaire has no chess set and no moves: cards are played from the hand into the grid",
                    arrow.colour.name(),
                    arrow.from,
                    arrow.to
                ),
            )
            .with_help("remove the arrow"),
        );
    }
}

/// Cards whose coordinate (by `key`) are within `TOLERANCE` of the next,
/// as groups of card indices in coordinate order.
fn cluster(cards: &[&Card], key: fn(&Card) -> f64) -> Vec<Vec<usize>> {
    let mut order: Vec<usize> = (0..cards.len()).collect();
    order.sort_by(|&a, &b| key(cards[a]).total_cmp(&key(cards[b])));
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let mut last = f64::NEG_INFINITY;
    for i in order {
        let v = key(cards[i]);
        match groups.last_mut() {
            Some(g) if v - last <= TOLERANCE => g.push(i),
            _ => groups.push(vec![i]),
        }
        last = v;
    }
    groups
}

/// The coordinate most of a line's cards share (the first in the line on
/// a tie).
fn line_value(cards: &[&Card], line: &[usize], key: fn(&Card) -> f64) -> f64 {
    let mut best = (0, f64::NAN);
    for &i in line {
        let v = key(cards[i]);
        let n = line.iter().filter(|&&j| key(cards[j]) == v).count();
        if n > best.0 {
            best = (n, v);
        }
    }
    best.1
}

fn card_x(c: &Card) -> f64 {
    c.x
}

fn card_y(c: &Card) -> f64 {
    c.y
}

/// "deal a 5x5 grid face down with slight gaps" (6x6 for Increasing
/// Difficulty): rows and columns, one card a cell, no cell empty. Returns
/// the grid when its shape is right.
fn check_grid(all: &[Card], out: &mut Vec<Finding>) -> Option<Layout> {
    let before = out.len();
    let all: Vec<&Card> = all.iter().collect();
    // A card alone in its column or row is off the grid.
    let lonely = |groups: &[Vec<usize>]| -> Vec<usize> {
        groups
            .iter()
            .filter(|g| g.len() == 1)
            .map(|g| g[0])
            .collect()
    };
    let mut strays: Vec<usize> = Vec::new();
    if all.len() > 2 {
        strays.extend(lonely(&cluster(&all, card_x)));
        strays.extend(lonely(&cluster(&all, card_y)));
        strays.sort_unstable();
        strays.dedup();
        if strays.len() == all.len() {
            strays.clear();
        }
    }
    let cards: Vec<&Card> = (0..all.len())
        .filter(|i| !strays.contains(i))
        .map(|i| all[i])
        .collect();
    let col_groups = cluster(&cards, card_x);
    let row_groups = cluster(&cards, card_y);
    let xs: Vec<f64> = col_groups
        .iter()
        .map(|g| line_value(&cards, g, card_x))
        .collect();
    let ys: Vec<f64> = row_groups
        .iter()
        .map(|g| line_value(&cards, g, card_y))
        .collect();
    let (rows, cols) = (ys.len(), xs.len());
    if rows > MAX_LINES || cols > MAX_LINES {
        // Not a grid to look into cell by cell.
        out.push(size_finding(rows, cols, cards[0].span));
        return None;
    }
    // Out of line with the others of its row or column.
    for (groups, values, key, what, axis) in [
        (&col_groups, &xs, card_x as fn(&Card) -> f64, "column", "x"),
        (&row_groups, &ys, card_y as fn(&Card) -> f64, "row", "y"),
    ] {
        for (g, &v) in groups.iter().zip(values.iter()) {
            for &i in g {
                let c = cards[i];
                if key(c) != v {
                    let (x, y) = if axis == "x" { (v, c.y) } else { (c.x, v) };
                    out.push(
                        Finding::error(
                            RULE_GRID,
                            c.span,
                            format!(
                                "the card `{}` at {axis} {} is out of line with its {what}, whose other cards are at {axis} {v}: the cards are dealt in rows and columns",
                                c.symbol,
                                key(c)
                            ),
                        )
                        .with_help(format!("write `card: {}, {x}, {y}`", c.symbol)),
                    );
                }
            }
        }
    }
    // Which cell each card is in.
    let mut cell_of = vec![(0, 0); cards.len()];
    for (ci, g) in col_groups.iter().enumerate() {
        for &i in g {
            cell_of[i].1 = ci;
        }
    }
    for (ri, g) in row_groups.iter().enumerate() {
        for &i in g {
            cell_of[i].0 = ri;
        }
    }
    let mut grid: Vec<Option<&Card>> = vec![None; rows * cols];
    for (i, c) in cards.iter().enumerate() {
        let (r, col) = cell_of[i];
        match grid[r * cols + col] {
            Some(first) => out.push(
                Finding::error(
                    RULE_GRID,
                    c.span,
                    format!(
                        "two cards on one cell: `{}` lies on `{}` in {} (x {}, y {}); the grid has one card a cell",
                        c.symbol,
                        first.symbol,
                        cell_name((r, col)),
                        xs[col],
                        ys[r]
                    ),
                )
                .with_help("remove one of the two cards, or move it to an empty cell"),
            ),
            None => grid[r * cols + col] = Some(c),
        }
    }
    // Columns (and rows) evenly spaced: a gap twice as wide as the others
    // is a whole column missing.
    for (values, what, axis) in [(&xs, "column", "x"), (&ys, "row", "y")] {
        let gaps: Vec<f64> = values.windows(2).map(|w| w[1] - w[0]).collect();
        let Some(pitch) = gaps.iter().copied().min_by(f64::total_cmp) else {
            continue;
        };
        for (k, &gap) in gaps.iter().enumerate() {
            if gap > pitch * 1.6 {
                let span = cards
                    .iter()
                    .find(|c| (if axis == "x" { c.x } else { c.y }) >= values[k + 1] - TOLERANCE)
                    .map_or(cards[0].span, |c| c.span);
                out.push(Finding::error(
                    RULE_GRID,
                    span,
                    format!(
                        "the {what}s at {axis} {} and {axis} {} are {} apart, about {} times the {} between the others: a {what} of cards is missing between them",
                        values[k],
                        values[k + 1],
                        round(gap),
                        (gap / pitch).round(),
                        round(pitch)
                    ),
                ));
            }
        }
    }
    // The grid's size: 5x5, or 6x6 with the empty-square cards.
    if !(rows == cols && (rows == 5 || rows == 6)) {
        out.push(size_finding(rows, cols, cards[0].span));
    }
    // Holes, each filled by a card off the grid if there is one.
    let mut strays = strays.into_iter().map(|i| all[i]);
    if rows <= 6 && cols <= 6 {
        for r in 0..rows {
            for c in 0..cols {
                if grid[r * cols + c].is_some() {
                    continue;
                }
                let (x, y) = (xs[c], ys[r]);
                match strays.next() {
                    Some(s) => out.push(
                        Finding::error(
                            RULE_GRID,
                            s.span,
                            format!(
                                "the card `{}` at x {}, y {} is off the grid (alone in its row or column), and {} (x {x}, y {y}) has no card",
                                s.symbol,
                                s.x,
                                s.y,
                                cell_name((r, c))
                            ),
                        )
                        .with_help(format!("write `card: {}, {x}, {y}`", s.symbol)),
                    ),
                    None => {
                        // The card line before the hole, in reading order.
                        let span = (0..r * cols + c)
                            .rev()
                            .find_map(|k| grid[k])
                            .map_or(cards[0].span, |card| card.span);
                        out.push(
                            Finding::error(
                                RULE_GRID,
                                span,
                                format!(
                                    "{} (x {x}, y {y}) has no card: the text deals a full grid, and every cell holds a card, face up or face down",
                                    cell_name((r, c))
                                ),
                            )
                            .with_help(format!("add `card: back, {x}, {y}` (or the card played there)")),
                        );
                    }
                }
            }
        }
    }
    for s in strays {
        out.push(Finding::error(
            RULE_GRID,
            s.span,
            format!(
                "the card `{}` at x {}, y {} is off the grid: it is alone in its row or column",
                s.symbol, s.x, s.y
            ),
        ));
    }
    if out.len() > before {
        return None;
    }
    let cells = grid
        .iter()
        .map(|c| {
            let c = c.expect("a full grid");
            match c.face() {
                CardFace::Piece(p) => Cell::Piece(p),
                _ => match empty_colour(&c.symbol) {
                    Some(colour) => Cell::Empty(colour),
                    None => Cell::Down,
                },
            }
        })
        .collect();
    Some(Layout { rows, cols, cells })
}

/// The grid is not 5x5 or 6x6.
fn size_finding(rows: usize, cols: usize, span: Span) -> Finding {
    Finding::error(
        RULE_GRID,
        span,
        format!(
            "the cards form {rows} row{} of {cols} column{}, but the text deals a 5x5 grid (6x6 for Increasing Difficulty)",
            if rows == 1 { "" } else { "s" },
            if cols == 1 { "" } else { "s" }
        ),
    )
    .with_help("lay out 5 rows of 5 cards, or 6 rows of 6")
}

fn round(v: f64) -> f64 {
    (v * 100.0).round() / 100.0
}

/// The deck: the 32 piece cards of a chess set, and for the 6x6 game the
/// 4 empty-square cards a colour; nothing else.
fn check_cards(cards: &[Card], six: bool, out: &mut Vec<Finding>) {
    let mut pieces: Vec<(Piece, usize)> = Vec::new();
    let mut empties = [0usize; 2];
    for card in cards {
        match card.face() {
            CardFace::Back => {}
            CardFace::Piece(p) => {
                let n = crate::engine::cards::tally(&mut pieces, p);
                let limit = crate::engine::cards::set_count(p.role);
                if n > limit {
                    out.push(
                        Finding::error(
                            RULE_CARDS,
                            card.span,
                            format!(
                                "{n} {} cards, but the deck has {limit} (one chess set's pieces: a king, a queen, two rooks, two bishops, two knights and eight pawns a colour)",
                                p.name()
                            ),
                        )
                        .with_help("make the card another piece, or turn it face down (`back`)"),
                    );
                }
            }
            _ => match empty_colour(&card.symbol) {
                Some(colour) if !six => out.push(
                    Finding::error(
                        RULE_CARDS,
                        card.span,
                        format!(
                            "the {} empty-square card `{}` in the regular 5x5 game, which deals the piece cards \"excluding the empty square cards\"; they are shuffled in only for the 6x6 game of Increasing Difficulty",
                            colour.name(),
                            card.symbol
                        ),
                    )
                    .with_help("use a piece card or `back`, or deal the 6x6 grid"),
                ),
                Some(colour) => {
                    let n = &mut empties[colour as usize];
                    *n += 1;
                    if *n > EMPTIES_A_COLOUR {
                        out.push(
                            Finding::error(
                                RULE_CARDS,
                                card.span,
                                format!(
                                    "{n} {} empty-square cards, but the deck has {EMPTIES_A_COLOUR} of each colour",
                                    colour.name()
                                ),
                            )
                            .with_help("make the card a piece card or `back`"),
                        );
                    }
                }
                None => {
                    let what = match card.face() {
                        CardFace::Checker(_) => "a checker card",
                        _ => "not a chess piece card",
                    };
                    out.push(
                        Finding::error(
                            RULE_CARDS,
                            card.span,
                            format!(
                                "the card `{}` is {what}: Chess Solitaire deals only the chess piece cards (K Q R B N P, k q r b n p), face up or `back`{}",
                                card.symbol,
                                if six {
                                    ", and the empty-square cards `e` and `E`"
                                } else {
                                    ""
                                }
                            ),
                        )
                        .with_help("use a piece card or `back`"),
                    );
                }
            },
        }
    }
}

/// The paragraph directly before the diagram: its span in the book's text.
fn paragraph_before(cx: &DiagramContext) -> Option<Span> {
    let index = cx
        .book
        .diagrams
        .iter()
        .position(|d| std::ptr::eq(d, cx.entry))?;
    let mut before = None;
    for block in &cx.book.blocks {
        match block {
            Block::Diagram { index: i, .. } if *i == index => return before,
            Block::Paragraph { span, .. } => before = Some(*span),
            _ => before = None,
        }
    }
    None
}

/// A score the text states: "score 5 points", "score would be -6",
/// "score is zero". Returns the last one, with the span of its number.
pub fn stated_score(text: &str) -> Option<(i64, std::ops::Range<usize>)> {
    // Words with their byte ranges, punctuation trimmed.
    let mut words: Vec<(&str, std::ops::Range<usize>)> = Vec::new();
    let mut start = None;
    for (i, ch) in text.char_indices().chain([(text.len(), ' ')]) {
        match (start, ch.is_whitespace()) {
            (None, false) => start = Some(i),
            (Some(s), true) => {
                let w = &text[s..i];
                let trimmed = w.trim_end_matches(|c: char| {
                    matches!(c, '.' | ',' | ';' | ':' | '!' | '?' | ')' | '"')
                });
                let lead = trimmed.len() - trimmed.trim_start_matches(['(', '"']).len();
                words.push((&trimmed[lead..], s + lead..s + trimmed.len()));
                start = None;
            }
            _ => {}
        }
    }
    const FILLER: &[&str] = &[
        "is", "was", "would", "will", "be", "of", "now", "then", "to",
    ];
    let mut found = None;
    for (k, (w, _)) in words.iter().enumerate() {
        if !w.eq_ignore_ascii_case("score") {
            continue;
        }
        let mut j = k + 1;
        while j < words.len() && j <= k + 3 && FILLER.contains(&words[j].0.to_lowercase().as_str())
        {
            j += 1;
        }
        if let Some((w, range)) = words.get(j)
            && let Some(n) = number(w)
        {
            found = Some((n, range.clone()));
        }
    }
    found
}

/// `5`, `-6`, `zero`, `twelve`.
fn number(word: &str) -> Option<i64> {
    const WORDS: [&str; 13] = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        "eleven", "twelve",
    ];
    let lower = word.to_lowercase();
    if let Some(n) = WORDS.iter().position(|w| *w == lower) {
        return Some(n as i64);
    }
    let digits = lower.strip_prefix(['-', '\u{2212}']).unwrap_or(&lower);
    let n: i64 = digits.parse().ok().filter(|_| {
        !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit()) && digits.len() < 6
    })?;
    Some(if digits.len() < lower.len() { -n } else { n })
}

/// Where the paragraph before a diagram states its score, the cards must
/// score that. A die multiplier ("multiply your score by the number on the
/// die") is not in the diagram, so such a paragraph is not compared.
fn check_stated_score(cx: &DiagramContext, layout: &Layout, out: &mut Vec<Finding>) {
    let Some(span) = paragraph_before(cx) else {
        return;
    };
    let text = &cx.book.source.text[span.range()];
    let lower = text.to_lowercase();
    if lower.contains("multiply")
        || lower
            .split(|c: char| !c.is_alphabetic())
            .any(|w| w == "die")
    {
        return;
    }
    let Some((stated, range)) = stated_score(text) else {
        return;
    };
    let score = Score::of(layout);
    let computed = score.points();
    if computed == stated {
        return;
    }
    let at = Span::new(span.start + range.start, span.start + range.end);
    out.push(
        Finding::warning(
            RULE_SCORE,
            at,
            format!(
                "the text says the score is {stated}, but the cards of the diagram after it score {computed}: {}",
                score.explain(layout)
            ),
        )
        .with_help(format!("write {computed}, or change the cards")),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::RuleDiagnostic;

    const SECTION: &str = "Chess Solitaire";

    /// The book's card table for black and white, with `e` and `E`.
    const APPENDIX: &str = "## Appendix A

    type: cards
    Piece Cards Gap
    p 2S 3S 4S 5S 2C 3C 4C 5C _
    n  _  _  _ 8S 8C  _  _  _ 1
    b  _  _  _ 9S 9C  _  _  _ 2
    r  _  _ _ 10S 10C _  _  _ 3
    q  _  _  _ QS  _  _  _  _ 5
    k  _  _  _ KS  _  _  _  _ 6
    e  _  _ 6S 7S 6C 7C  _  _ _

Red cards match white pieces:

    type: cards
    Piece Cards Gap
    P 2H 3H 4H 5H 2D 3D 4D 5D _
    N  _  _  _ 8H 8D  _  _  _ 1
    B  _  _  _ 9H 9D  _  _  _ 2
    R  _  _ _ 10H 10D _  _  _ 3
    Q  _  _  _ QH  _  _  _  _ 5
    K  _  _  _ KH  _  _  _  _ 6
    E  _  _ 6H 7H 6D 7D  _  _ _
";

    /// The book's two examples, each with the paragraph before it, copied
    /// from `rules.md` (`## Chess Solitaire`).
    const BOOK_EXAMPLES: &str = "## Chess Solitaire

This example shows the board part way through a game. The black pawn at the top
right is attacking the white rook, but not being attacked by anything. The black
pawn at the top right is not attacking anything and not being attacked. All
other cards are attacking and being attacked.

    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    card: back, 9, 0
    card: p, 11.2, 0
    card: p, 13.4, 0
    card: p, 15.6, 0
    card: back, 17.8, 0
    card: back, 9, 3.2
    card: back, 11.2, 3.2
    card: p, 13.4, 3.2
    card: B, 15.6, 3.2
    card: R, 17.8, 3.2
    card: back, 9, 6.4
    card: back, 11.2, 6.4
    card: b, 13.4, 6.4
    card: K, 15.6, 6.4
    card: r, 17.8, 6.4
    card: p, 9, 9.6
    card: P, 11.2, 9.6
    card: p, 13.4, 9.6
    card: n, 15.6, 9.6
    card: back, 17.8, 9.6
    card: back, 9, 12.8
    card: P, 11.2, 12.8
    card: back, 13.4, 12.8
    card: P, 15.6, 12.8
    card: back, 17.8, 12.8
    margins: -9, 0, 11.5, 7.5

### Increasing Difficulty

In this example, the white bishop is attacking the black bishop across two empty
spaces, and the black bishop is attacking the white bishop back across the same
two empty spaces. The black rook is attacking the white king across one empty
space, which makes the current score 5 points.

    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    card: back, 9, 0
    card: back, 11.2, 0
    card: p, 13.4, 0
    card: back, 15.6, 0
    card: back, 17.8, 0
    card: back, 20, 0
    card: back, 9, 3.2
    card: R, 11.2, 3.2
    card: p, 13.4, 3.2
    card: B, 15.6, 3.2
    card: back, 17.8, 3.2
    card: back, 20, 3.2
    card: back, 9, 6.4
    card: r, 11.2, 6.4
    card: e, 13.4, 6.4
    card: K, 15.6, 6.4
    card: back, 17.8, 6.4
    card: back, 20, 6.4
    card: back, 9, 9.6
    card: e, 11.2, 9.6
    card: E, 13.4, 9.6
    card: N, 15.6, 9.6
    card: back, 17.8, 9.6
    card: back, 20, 9.6
    card: b, 9, 12.8
    card: n, 11.2, 12.8
    card: p, 13.4, 12.8
    card: back, 15.6, 12.8
    card: back, 17.8, 12.8
    card: back, 20, 12.8
    card: back, 9, 16
    card: P, 11.2, 16
    card: back, 13.4, 16
    card: P, 15.6, 16
    card: back, 17.8, 16
    card: back, 20, 16
    margins: -9, 0, 13.7, 10.7
";

    const EMPTY_BOARD: &str = ". . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .";

    /// The book's first diagram: the regular game part way through.
    const FIRST: [&str; 5] = [
        "back p p p back",
        "back back p B R",
        "back back b K r",
        "p P p n back",
        "back P back P back",
    ];

    /// The book's second diagram: Increasing Difficulty, scoring 5.
    const SECOND: [&str; 6] = [
        "back back p back back back",
        "back R p B back back",
        "back r e K back back",
        "back e E N back back",
        "b n p back back back",
        "back P back P back back",
    ];

    const SECOND_PROSE: &str =
        "In this example, the white bishop is attacking the black bishop across two empty
spaces, and the black bishop is attacking the white bishop back across the same
two empty spaces. The black rook is attacking the white king across one empty
space, which makes the current score 5 points.";

    /// `card:` lines for rows of symbols, at the book's spacing.
    fn card_lines(rows: &[&str]) -> Vec<String> {
        let mut out = Vec::new();
        for (r, row) in rows.iter().enumerate() {
            for (c, sym) in row.split_whitespace().enumerate() {
                out.push(format!(
                    "card: {sym}, {}, {}",
                    coord(9.0 + 2.2 * c as f64),
                    coord(3.2 * r as f64)
                ));
            }
        }
        out
    }

    fn coord(v: f64) -> String {
        format!("{}", (v * 10.0).round() / 10.0)
    }

    /// A book: the section with the prose and a diagram of `board` and
    /// `lines`, then the card table.
    fn book_text(prose: &str, board: &str, lines: &[String]) -> String {
        let mut s = format!("## {SECTION}\n\n");
        if !prose.is_empty() {
            s.push_str(prose);
            s.push_str("\n\n");
        }
        for row in board.lines() {
            s.push_str(&format!("    {}\n", row.trim()));
        }
        for l in lines {
            s.push_str(&format!("    {l}\n"));
        }
        s.push_str("    margins: -9, 0, 13.7, 10.7\n\n");
        s.push_str(APPENDIX);
        s
    }

    fn findings_of(text: &str) -> Vec<RuleDiagnostic> {
        crate::engine::games::common::testing::text_findings(text, SECTION)
    }

    fn findings(rows: &[&str]) -> Vec<RuleDiagnostic> {
        findings_of(&book_text("", EMPTY_BOARD, &card_lines(rows)))
    }

    fn with_lines(lines: &[String]) -> Vec<RuleDiagnostic> {
        findings_of(&book_text("", EMPTY_BOARD, lines))
    }

    fn line_of(d: &RuleDiagnostic) -> String {
        let src = d.diagnostic.source.as_ref().unwrap();
        src.line_text(src.line_of(d.diagnostic.span.unwrap().start))
            .trim()
            .to_string()
    }

    /// The one finding, of `rule`; its message and line.
    fn one(found: &[RuleDiagnostic], rule: &str) -> (String, String) {
        let summary: Vec<_> = found
            .iter()
            .map(|d| (d.rule, &d.diagnostic.message))
            .collect();
        assert_eq!(found.len(), 1, "{summary:?}");
        assert_eq!(found[0].rule, rule, "{summary:?}");
        (found[0].diagnostic.message.clone(), line_of(&found[0]))
    }

    fn layout(rows: &[&str]) -> Layout {
        Layout::parse(&rows.join("\n").replace("back", "x"))
    }

    #[test]
    fn the_book_diagrams_pass() {
        let text = format!("{BOOK_EXAMPLES}\n{APPENDIX}");
        let found = findings_of(&text);
        assert!(found.is_empty(), "{found:?}");
        // Both diagrams were checked: the score stated before the second
        // is read.
        assert!(BOOK_EXAMPLES.contains(SECOND_PROSE));
    }

    #[test]
    fn the_book_copy_is_the_books_text() {
        // The helper writes the book's exact lines.
        for rows in [&FIRST[..], &SECOND[..]] {
            let block = card_lines(rows)
                .iter()
                .map(|l| format!("    {l}\n"))
                .collect::<String>();
            assert!(BOOK_EXAMPLES.contains(&block), "{block}");
        }
    }

    #[test]
    fn a_piece_on_the_board_is_found() {
        let board = EMPTY_BOARD.replacen(". . . . . . . .", ". . . . K . . .", 1);
        let found = findings_of(&book_text("", &board, &card_lines(&FIRST)));
        let (m, _) = one(&found, RULE_BOARD);
        assert!(m.contains("white king stands on e8"), "{m}");
        assert!(m.contains("without a chess set"), "{m}");
    }

    #[test]
    fn a_move_arrow_is_found_and_a_grey_one_is_not() {
        let mut lines = card_lines(&FIRST);
        lines.push("arrow: e2, e4, white".to_string());
        let (m, line) = one(&with_lines(&lines), RULE_BOARD);
        assert!(m.contains("white arrow from e2 to e4"), "{m}");
        assert_eq!(line, "arrow: e2, e4, white");
        let mut lines = card_lines(&FIRST);
        lines.push("arrow: e2, e4, grey".to_string());
        assert!(with_lines(&lines).is_empty());
    }

    #[test]
    fn a_diagram_without_cards_is_found() {
        let found = findings_of(&book_text("", EMPTY_BOARD, &[]));
        let (m, _) = one(&found, RULE_GRID);
        assert!(m.contains("no `card:` line"), "{m}");
    }

    #[test]
    fn a_missing_cell_is_found() {
        let mut lines = card_lines(&FIRST);
        let gone = lines.remove(7); // row 2, column 3
        assert_eq!(gone, "card: p, 13.4, 3.2");
        let (m, line) = one(&with_lines(&lines), RULE_GRID);
        assert!(
            m.contains("row 2, column 3 (x 13.4, y 3.2) has no card"),
            "{m}"
        );
        assert_eq!(line, "card: back, 11.2, 3.2");
    }

    #[test]
    fn a_card_off_the_grid_is_found() {
        let mut lines = card_lines(&FIRST);
        lines[7] = "card: p, 14.4, 4.5".to_string();
        let found = with_lines(&lines);
        let (m, line) = one(&found, RULE_GRID);
        assert!(m.contains("`p` at x 14.4, y 4.5 is off the grid"), "{m}");
        assert!(
            m.contains("row 2, column 3 (x 13.4, y 3.2) has no card"),
            "{m}"
        );
        assert_eq!(line, "card: p, 14.4, 4.5");
        let help = found[0].diagnostic.help.as_deref().unwrap();
        assert!(help.contains("card: p, 13.4, 3.2"), "{help}");
    }

    #[test]
    fn a_card_out_of_line_is_found() {
        let mut lines = card_lines(&FIRST);
        lines[7] = "card: p, 13.4, 3.4".to_string();
        let (m, line) = one(&with_lines(&lines), RULE_GRID);
        assert!(
            m.contains("`p` at y 3.4 is out of line with its row"),
            "{m}"
        );
        assert!(m.contains("at y 3.2"), "{m}");
        assert_eq!(line, "card: p, 13.4, 3.4");
    }

    #[test]
    fn two_cards_on_one_cell_are_found() {
        let mut lines = card_lines(&FIRST);
        lines.push("card: back, 13.4, 3.2".to_string());
        let (m, line) = one(&with_lines(&lines), RULE_GRID);
        assert!(
            m.contains("two cards on one cell: `back` lies on `p` in row 2, column 3"),
            "{m}"
        );
        assert_eq!(line, "card: back, 13.4, 3.2");
    }

    #[test]
    fn a_grid_of_the_wrong_size_is_found() {
        // 5 rows of 6 columns.
        let rows: Vec<String> = FIRST.iter().map(|r| format!("{r} back")).collect();
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let (m, _) = one(&findings(&rows), RULE_GRID);
        assert!(m.contains("5 rows of 6 columns"), "{m}");
        // 4 rows of 5.
        let (m, _) = one(&findings(&FIRST[..4]), RULE_GRID);
        assert!(m.contains("4 rows of 5 columns"), "{m}");
        // A long diagonal of cards is no grid at all.
        let lines: Vec<String> = (0..40)
            .map(|i| {
                let v = coord(-14.0 + 0.8 * i as f64);
                format!("card: back, {v}, {v}")
            })
            .collect();
        let (m, _) = one(&with_lines(&lines), RULE_GRID);
        assert!(m.contains("40 rows of 40 columns"), "{m}");
        // 6 by 6 and 5 by 5 are the two deals.
        assert!(findings(&SECOND).is_empty());
        assert!(findings(&FIRST).is_empty());
    }

    #[test]
    fn a_missing_column_is_found() {
        // The middle column of the 5x5 left out: 4 columns with a gap.
        let lines: Vec<String> = card_lines(&FIRST)
            .into_iter()
            .filter(|l| !l.contains(", 13.4, "))
            .collect();
        let found = with_lines(&lines);
        let messages: Vec<&str> = found
            .iter()
            .map(|d| d.diagnostic.message.as_str())
            .collect();
        assert!(
            messages.iter().any(
                |m| m.contains("the columns at x 11.2 and x 15.6 are 4.4 apart")
                    && m.contains("a column of cards is missing")
            ),
            "{messages:?}"
        );
        assert!(
            messages.iter().any(|m| m.contains("5 rows of 4 columns")),
            "{messages:?}"
        );
    }

    #[test]
    fn a_checker_card_is_found() {
        let mut rows = FIRST;
        rows[0] = "back p p p c";
        // `c` is not in this book's card table: add it to parse.
        let text = book_text("", EMPTY_BOARD, &card_lines(&rows)).replace(
            "    e  _  _ 6S 7S 6C 7C  _  _ _\n",
            "    e  _  _ 6S 7S  _  _  _  _ _\n    c  _  _  _  _ 6C 7C  _  _ _\n",
        );
        let found = findings_of(&text);
        let (m, line) = one(&found, RULE_CARDS);
        assert!(m.contains("`c` is a checker card"), "{m}");
        assert_eq!(line, "card: c, 17.8, 0");
    }

    #[test]
    fn an_empty_square_card_in_the_5x5_game_is_found() {
        let mut rows = FIRST;
        rows[4] = "back P e P back";
        let (m, line) = one(&findings(&rows), RULE_CARDS);
        assert!(
            m.contains("black empty-square card `e` in the regular 5x5 game"),
            "{m}"
        );
        assert_eq!(line, "card: e, 13.4, 12.8");
    }

    #[test]
    fn too_many_cards_of_a_piece_are_found() {
        let mut rows = FIRST;
        rows[4] = "back P K P back";
        let (m, line) = one(&findings(&rows), RULE_CARDS);
        assert!(m.contains("2 white king cards, but the deck has 1"), "{m}");
        assert_eq!(line, "card: K, 13.4, 12.8");
        // Nine black pawns.
        let rows = [
            "p p p p p",
            "p p p p back",
            "back back back back back",
            "back back back back back",
            "back back back back back",
        ];
        let (m, line) = one(&findings(&rows), RULE_CARDS);
        assert!(m.contains("9 black pawn cards, but the deck has 8"), "{m}");
        assert_eq!(line, "card: p, 15.6, 3.2");
        // Eight is the deck's.
        let rows = [
            "p p p p p",
            "p p p back back",
            "back back back back back",
            "back back back back back",
            "back back back back back",
        ];
        assert!(findings(&rows).is_empty());
    }

    #[test]
    fn too_many_empty_square_cards_are_found() {
        let mut rows = SECOND;
        rows[5] = "back P E E E E";
        // Five white empties: E at row 4, column 3, and four here.
        let found = findings(&rows);
        let (m, line) = one(&found, RULE_CARDS);
        assert!(
            m.contains("5 white empty-square cards, but the deck has 4"),
            "{m}"
        );
        assert_eq!(line, "card: E, 20, 16");
        rows[5] = "back P E E E back";
        assert!(findings(&rows).is_empty());
    }

    #[test]
    fn pawns_attack_away_for_white_and_toward_you_for_black() {
        let l = Layout::parse("n x n\nx P x\nx p x\nR x R");
        let to: Vec<Pos> = attacks(&l, (1, 1)).iter().map(|r| r.to).collect();
        assert_eq!(to, vec![(0, 0), (0, 2)]);
        let to: Vec<Pos> = attacks(&l, (2, 1)).iter().map(|r| r.to).collect();
        assert_eq!(to, vec![(3, 0), (3, 2)]);
        // A white pawn in the top row attacks nothing; a black one in the
        // bottom row nothing either.
        let l = Layout::parse("P x\nx p");
        assert!(attacks(&l, (0, 0)).is_empty());
        assert!(attacks(&l, (1, 1)).is_empty());
    }

    #[test]
    fn ranged_pieces_attack_across_empty_squares_and_stop_at_face_down_cards() {
        // A rook across two empties, then a face-down card, then a black
        // king: the king is not attacked.
        let l = Layout::parse("R e E x k");
        assert!(attacks(&l, (0, 0)).is_empty());
        assert_eq!(
            reach(&l, (0, 0)),
            vec![Reach {
                to: (0, 3),
                across: 2
            }]
        );
        // Without the face-down card the rook attacks it across two.
        let l = Layout::parse("R e E k");
        assert_eq!(
            attacks(&l, (0, 0)),
            vec![Reach {
                to: (0, 3),
                across: 2
            }]
        );
        // A knight, king or pawn does not reach an empty-square card, nor
        // over one.
        let l = Layout::parse("N e e\ne e k\nK e P");
        assert_eq!(
            attacks(&l, (0, 0)),
            vec![Reach {
                to: (1, 2),
                across: 0
            }]
        );
        assert!(attacks(&l, (2, 0)).is_empty());
        assert!(attacks(&l, (2, 2)).is_empty());
        // A piece of its own colour blocks and is not attacked.
        let l = Layout::parse("Q N k");
        assert!(attacks(&l, (0, 0)).is_empty());
    }

    #[test]
    fn the_books_second_example_scores_5() {
        let l = layout(&SECOND);
        let s = Score::of(&l);
        assert_eq!(s.lost(), 0, "{s:?}");
        assert_eq!(s.groups, 1);
        let mut across = s.across.clone();
        across.sort();
        assert_eq!(
            across,
            vec![
                ((1, 3), (4, 0), 2),
                ((2, 1), (2, 3), 1),
                ((4, 0), (1, 3), 2)
            ]
        );
        assert_eq!(s.points(), 5);
    }

    #[test]
    fn points_are_lost_for_idle_and_unattacked_cards_and_empty_squares() {
        // The book's first example: the black pawn in row 1, column 2
        // neither attacks nor is attacked; the one in column 4 attacks the
        // white rook but nothing attacks it.
        let s = Score::of(&layout(&FIRST));
        assert_eq!(s.idle, vec![(0, 1)]);
        assert_eq!(s.unattacked, vec![(0, 1), (0, 3)]);
        assert_eq!(s.points(), -3);
        // Two groups of empty squares, and two whites touching: the
        // positive points are lost.
        let l = Layout::parse("R e k\nE E x\nx x x\nx e x");
        let s = Score::of(&l);
        assert_eq!(s.groups, 2);
        assert_eq!(s.touching, 2);
        assert_eq!(
            s.points(),
            -((2 + 2 + s.idle.len() + s.unattacked.len()) as i64)
        );
    }

    #[test]
    fn the_stated_score_is_read_from_the_text() {
        assert_eq!(stated_score(SECOND_PROSE).map(|s| s.0), Some(5));
        assert_eq!(
            stated_score("then your final score would be 30. If").map(|s| s.0),
            Some(30)
        );
        assert_eq!(
            stated_score("your final score would be -6.").map(|s| s.0),
            Some(-6)
        );
        assert_eq!(stated_score("A perfect game scores zero points."), None);
        assert_eq!(stated_score("the score is zero").map(|s| s.0), Some(0));
    }

    #[test]
    fn a_wrong_stated_score_is_a_warning() {
        let prose = SECOND_PROSE.replace("score 5 points", "score 6 points");
        let found = findings_of(&book_text(&prose, EMPTY_BOARD, &card_lines(&SECOND)));
        let (m, line) = one(&found, RULE_SCORE);
        assert_eq!(
            found[0].diagnostic.severity,
            crate::diagnostic::Severity::Warning
        );
        assert!(
            m.contains(
                "the text says the score is 6, but the cards of the diagram after it score 5"
            ),
            "{m}"
        );
        assert!(m.contains("the white bishop in row 2, column 4 attacks the black bishop in row 5, column 1 across 2 empty squares"), "{m}");
        assert!(
            line.ends_with("space, which makes the current score 6 points."),
            "{line}"
        );
        // A face-down card between the bishops and in the rook's line:
        // nothing attacks across an empty square.
        let mut rows = SECOND;
        rows[2] = "back r back K back back";
        let found = findings_of(&book_text(SECOND_PROSE, EMPTY_BOARD, &card_lines(&rows)));
        let (m, _) = one(&found, RULE_SCORE);
        assert!(
            m.contains("score 0: no piece attacks across an empty square"),
            "{m}"
        );
        // The king face down: the black pawn beside it attacks nothing.
        let mut rows = SECOND;
        rows[2] = "back r e back back back";
        let found = findings_of(&book_text(SECOND_PROSE, EMPTY_BOARD, &card_lines(&rows)));
        let (m, _) = one(&found, RULE_SCORE);
        assert!(
            m.contains("score -1: the black pawn in row 2, column 3 attacks nothing"),
            "{m}"
        );
    }
}
