//! Grid diagrams drawn as printed tables: masquerade and cloak sheets, and
//! the card table. Columns are sized to their content.

use super::cards::{checker, empty_square};
use super::doc::{Anchor, Doc, Font, ID_PREFIX};
use super::{UNIT, esc, glyphs, u};
use crate::diagram::{
    CardFace, CardsGrid, CloakGrid, Color, Grid, Mark, MasqueradeGrid, Piece, PlayingCard, Role,
    Suit, card_face,
};
use crate::style::Style;

pub(crate) fn grid_svg(grid: &Grid, style: &Style) -> String {
    let mut doc = Doc::new();
    let (w, h) = match grid {
        Grid::Masquerade(m) => masquerade(&mut doc, m, style),
        Grid::Cloak(c) => cloak(&mut doc, c, style),
        Grid::Cards(c) => cards_table(&mut doc, c, style),
    };
    let pad = style.grid.padding;
    doc.finish(-pad, -pad, w + 2.0 * pad, h + 2.0 * pad)
}

/// Column widths and the header cells that span several columns; every
/// row is one cell tall, the first row is the header.
struct Table {
    widths: Vec<f64>,
    rows: usize,
    row_height: f64,
    /// Header cells covering columns `from..=to`.
    header_spans: Vec<(usize, usize)>,
}

impl Table {
    fn width(&self) -> f64 {
        self.widths.iter().sum()
    }

    fn height(&self) -> f64 {
        self.rows as f64 * self.row_height
    }

    fn left(&self, col: usize) -> f64 {
        self.widths.iter().take(col).sum()
    }

    fn centre_x(&self, col: usize) -> f64 {
        self.left(col) + self.widths.get(col).copied().unwrap_or(0.0) / 2.0
    }

    fn centre_y(&self, row: usize) -> f64 {
        (row as f64 + 0.5) * self.row_height
    }

    fn in_header_span(&self, boundary: usize) -> bool {
        // Boundary k lies between columns k-1 and k.
        self.header_spans
            .iter()
            .any(|&(from, to)| from < boundary && boundary <= to)
    }

    /// Header band, thin grey rules, a darker rule under the header.
    fn frame(&self, doc: &mut Doc, style: &Style) {
        let g = &style.grid;
        let (w, h, rh) = (self.width(), self.height(), self.row_height);
        doc.raw(&format!(
            "<rect x=\"0\" y=\"0\" width=\"{}\" height=\"{}\" fill=\"{}\"/>",
            u(w),
            u(rh),
            esc(&g.header_fill)
        ));
        let mut d = String::new();
        for row in 2..self.rows {
            d.push_str(&format!("M0 {}H{}", u(row as f64 * rh), u(w)));
        }
        for col in 1..self.widths.len() {
            let top = if self.in_header_span(col) { rh } else { 0.0 };
            d.push_str(&format!("M{} {}V{}", u(self.left(col)), u(top), u(h)));
        }
        if !d.is_empty() {
            doc.raw(&format!(
                "<path d=\"{d}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{}\"/>",
                esc(&g.line),
                u(g.line_width)
            ));
        }
        doc.raw(&format!(
            "<path d=\"M0 {y}H{}\" stroke=\"{}\" stroke-width=\"{}\"/>",
            u(w),
            esc(&g.header_line),
            u(g.line_width * 2.0),
            y = u(rh),
        ));
        doc.raw(&format!(
            "<rect x=\"0\" y=\"0\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{}\"/>",
            u(w),
            u(h),
            esc(&g.header_line),
            u(g.line_width * 2.0)
        ));
    }
}

/// The advance width (squares) of a text in the grid's font, for sizing
/// columns.
fn text_width(text: &str, style: &Style) -> f64 {
    let g = &style.grid;
    glyphs::width(&g.font, g.weight, g.size, text)
}

/// Lining figures for numbers and card ranks.
fn number_font(style: &Style) -> Font<'_> {
    let g = &style.grid;
    Font {
        family: &g.number_font,
        weight: 400,
        size: g.size,
        fill: &g.text,
    }
}

fn font(style: &Style, header: bool) -> Font<'_> {
    let g = &style.grid;
    Font {
        family: &g.font,
        weight: if header { g.header_weight } else { g.weight },
        size: g.size,
        fill: &g.text,
    }
}

/// Text centred on (cx, cy).
fn centred_text(doc: &mut Doc, cx: f64, cy: f64, text: &str, font: &Font) {
    doc.text(cx, cy + font.size * 0.35, Anchor::Middle, font, text);
}

fn icon(doc: &mut Doc, piece: Piece, cx: f64, cy: f64, style: &Style) {
    let size = style.grid.icon_size;
    doc.piece(piece, cx - size / 2.0, cy - size / 2.0, size);
}

/// A mark in the cell centred on (cx, cy) of size `cell`.
/// The marks of one row of square cells after its header cell; a short
/// row leaves its last cells empty, a long one is cut at `columns`.
fn row_marks(
    doc: &mut Doc,
    table: &Table,
    marks: &[crate::diagram::MarkCell],
    columns: usize,
    cy: f64,
    style: &Style,
) {
    let cell = style.grid.cell;
    for (i, cell_mark) in marks.iter().enumerate().take(columns) {
        let cx = table.centre_x(i + 1);
        mark(doc, cell_mark.mark, cx, cy, cell, cell, style);
    }
}

fn mark(doc: &mut Doc, mark: Mark, cx: f64, cy: f64, width: f64, height: f64, style: &Style) {
    let g = &style.grid;
    let side = width.min(height);
    match mark {
        Mark::Empty => {}
        Mark::Circle => doc.raw(&format!(
            "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{}\"/>",
            u(cx),
            u(cy),
            u(side * 0.3),
            esc(&g.mark),
            u(g.mark_width)
        )),
        Mark::Cross => {
            let a = side * 0.22;
            doc.raw(&format!(
                "<path d=\"M{} {}L{} {}M{} {}L{} {}\" stroke=\"{}\" stroke-width=\"{}\" stroke-linecap=\"round\"/>",
                u(cx - a),
                u(cy - a),
                u(cx + a),
                u(cy + a),
                u(cx - a),
                u(cy + a),
                u(cx + a),
                u(cy - a),
                esc(&g.mark),
                u(g.mark_width)
            ));
        }
        Mark::Blank => blank_line(doc, cx, cy, width, height, style),
    }
}

/// A line to write on, near the bottom of the cell.
fn blank_line(doc: &mut Doc, cx: f64, cy: f64, width: f64, height: f64, style: &Style) {
    let g = &style.grid;
    let half = width * 0.35;
    doc.raw(&format!(
        "<path d=\"M{} {y}H{}\" stroke=\"{}\" stroke-width=\"{}\"/>",
        u(cx - half),
        u(cx + half),
        esc(&g.blank),
        u(g.blank_width),
        y = u(cy + height * 0.25),
    ));
}

fn white(role: Role) -> Piece {
    Piece::new(Color::White, role)
}

fn masquerade(doc: &mut Doc, grid: &MasqueradeGrid, style: &Style) -> (f64, f64) {
    let g = &style.grid;
    let cell = g.cell;
    let combo_width = grid
        .rows
        .iter()
        .filter_map(|r| r.combo.as_deref())
        .chain(["combo"])
        .map(|t| match combo_pieces(t) {
            // Icons keep the room a header icon has in its cell.
            Some(p) => combo_icons_width(p.len(), style) + (cell - g.icon_size),
            None => text_width(t, style) + 2.0 * g.size,
        })
        .fold(cell * 1.8, f64::max);
    let mut widths = vec![cell; grid.columns.len() + 1];
    widths.push(combo_width);
    let table = Table {
        widths,
        rows: grid.rows.len() + 1,
        row_height: cell,
        header_spans: Vec::new(),
    };
    table.frame(doc, style);
    corner_cell(doc, cell, style);
    for (i, role) in grid.columns.iter().enumerate() {
        icon(
            doc,
            white(*role),
            table.centre_x(i + 1),
            table.centre_y(0),
            style,
        );
    }
    let combo_col = grid.columns.len() + 1;
    centred_text(
        doc,
        table.centre_x(combo_col),
        table.centre_y(0),
        "combo",
        &font(style, true),
    );
    for (r, row) in grid.rows.iter().enumerate() {
        let cy = table.centre_y(r + 1);
        icon(doc, white(row.role), table.centre_x(0), cy, style);
        row_marks(doc, &table, &row.marks, grid.columns.len(), cy, style);
        let cx = table.centre_x(combo_col);
        match &row.combo {
            Some(text) => match combo_pieces(text) {
                // The pieces as the header and the rows show them.
                Some(pieces) => {
                    let step = g.icon_size + COMBO_GAP;
                    let first =
                        cx - combo_icons_width(pieces.len(), style) / 2.0 + g.icon_size / 2.0;
                    for (i, piece) in pieces.into_iter().enumerate() {
                        icon(doc, piece, first + i as f64 * step, cy, style);
                    }
                }
                None => centred_text(doc, cx, cy, text, &font(style, false)),
            },
            None => blank_line(doc, cx, cy, combo_width, cell, style),
        }
    }
    (table.width(), table.height())
}

/// Between the icons of a combo, in squares (the artwork has room of
/// its own around each piece).
const COMBO_GAP: f64 = 0.04;

fn combo_icons_width(n: usize, style: &Style) -> f64 {
    n as f64 * style.grid.icon_size + n.saturating_sub(1) as f64 * COMBO_GAP
}

/// A combo written as piece letters (`KR`: the king, capturing as a rook),
/// as the white pieces the grid's header and rows show; `None` for any
/// other text, which is printed as written.
fn combo_pieces(text: &str) -> Option<Vec<Piece>> {
    let pieces = text
        .chars()
        .map(|c| {
            c.is_ascii_uppercase()
                .then(|| Role::from_letter(c))
                .flatten()
                .map(white)
        })
        .collect::<Option<Vec<Piece>>>()?;
    (!pieces.is_empty() && pieces.len() <= 3).then_some(pieces)
}

/// The top-left cell of a masquerade grid, split by a diagonal: "cap"
/// above it (the columns are capture moves), "mv" below it (the rows are
/// moves).
fn corner_cell(doc: &mut Doc, cell: f64, style: &Style) {
    let g = &style.grid;
    doc.raw(&format!(
        "<path d=\"M0 0L{c} {c}\" stroke=\"{}\" stroke-width=\"{}\"/>",
        esc(&g.line),
        u(g.line_width),
        c = u(cell),
    ));
    let font = Font {
        size: g.corner_size,
        ..font(style, false)
    };
    let inset = cell * 0.08;
    doc.text(
        cell - inset,
        inset + g.corner_size * 0.72,
        Anchor::End,
        &font,
        "cap",
    );
    doc.text(
        inset,
        cell - inset - g.corner_size * 0.1,
        Anchor::Start,
        &font,
        "mv",
    );
}

fn cloak(doc: &mut Doc, grid: &CloakGrid, style: &Style) -> (f64, f64) {
    let cell = style.grid.cell;
    let table = Table {
        widths: vec![cell; grid.columns.len() + 1],
        rows: grid.rows.len() + 1,
        row_height: cell,
        header_spans: Vec::new(),
    };
    table.frame(doc, style);
    for (i, n) in grid.columns.iter().enumerate() {
        centred_text(
            doc,
            table.centre_x(i + 1),
            table.centre_y(0),
            &n.to_string(),
            &number_font(style),
        );
    }
    for (r, row) in grid.rows.iter().enumerate() {
        let cy = table.centre_y(r + 1);
        icon(doc, white(row.role), table.centre_x(0), cy, style);
        row_marks(doc, &table, &row.marks, grid.columns.len(), cy, style);
    }
    (table.width(), table.height())
}

fn cards_table(doc: &mut Doc, grid: &CardsGrid, style: &Style) -> (f64, f64) {
    let g = &style.grid;
    let cell = g.cell;
    let pad = g.size;
    let card_cols = grid.rows.iter().map(|r| r.cells.len()).max().unwrap_or(0);
    let piece_width = grid
        .rows
        .iter()
        .map(|r| text_width(&r.symbol, style) + g.icon_size + 0.1 + 2.0 * pad)
        .fold(text_width("Piece", style) + 2.0 * pad, f64::max);
    let card_width = grid
        .rows
        .iter()
        .flat_map(|r| r.cells.iter().filter_map(|c| c.card))
        .map(|c| {
            glyphs::width(&g.number_font, 400, g.size, &rank_text(c)) + 0.04 + g.suit_size + pad
        })
        .fold(cell, f64::max);
    let gap_width = (text_width("Gap", style) + 2.0 * pad).max(cell);
    let mut widths = vec![piece_width];
    widths.extend(std::iter::repeat_n(card_width, card_cols));
    widths.push(gap_width);
    let table = Table {
        widths,
        rows: grid.rows.len() + 1,
        row_height: cell,
        header_spans: if card_cols > 1 {
            vec![(1, card_cols)]
        } else {
            Vec::new()
        },
    };
    table.frame(doc, style);
    let header = font(style, true);
    centred_text(doc, table.centre_x(0), table.centre_y(0), "Piece", &header);
    if card_cols > 0 {
        let cards_centre = (table.left(1) + table.left(card_cols + 1)) / 2.0;
        centred_text(doc, cards_centre, table.centre_y(0), "Cards", &header);
    }
    let gap_col = card_cols + 1;
    centred_text(
        doc,
        table.centre_x(gap_col),
        table.centre_y(0),
        "Gap",
        &header,
    );
    let body = font(style, false);
    for (r, row) in grid.rows.iter().enumerate() {
        let cy = table.centre_y(r + 1);
        // The symbol, then its piece or checker.
        let has_icon = !matches!(card_face(&row.symbol), CardFace::Other(_) | CardFace::Back);
        let text_w = text_width(&row.symbol, style);
        let total = text_w + if has_icon { 0.1 + g.icon_size } else { 0.0 };
        let start = table.centre_x(0) - total / 2.0;
        doc.text(
            start + text_w,
            cy + g.size * 0.35,
            Anchor::End,
            &body,
            &row.symbol,
        );
        let icon_cx = start + text_w + 0.1 + g.icon_size / 2.0;
        match card_face(&row.symbol) {
            CardFace::Piece(p) => icon(doc, p, icon_cx, cy, style),
            CardFace::Checker(color) => {
                checker(doc, icon_cx, cy, g.icon_size * 0.4, color, style);
            }
            CardFace::Empty(color) => {
                empty_square(doc, icon_cx, cy, g.icon_size * 0.75, color, style);
            }
            CardFace::Back | CardFace::Other(_) => {}
        }
        for (i, c) in row.cells.iter().enumerate() {
            if let Some(card) = c.card {
                playing_card(doc, card, table.centre_x(i + 1), cy, style);
            }
        }
        if let Some(gap) = row.gap {
            let font = number_font(style);
            centred_text(doc, table.centre_x(gap_col), cy, &gap.to_string(), &font);
        }
    }
    (table.width(), table.height())
}

fn rank_text(card: PlayingCard) -> String {
    match card.rank {
        1 => "A".to_string(),
        11 => "J".to_string(),
        12 => "Q".to_string(),
        13 => "K".to_string(),
        n => n.to_string(),
    }
}

/// Rank and suit, centred on (cx, cy); the suit is drawn, not typed, so no
/// font needs the suit characters.
fn playing_card(doc: &mut Doc, card: PlayingCard, cx: f64, cy: f64, style: &Style) {
    let g = &style.grid;
    let colour = if card.suit.is_red() { &g.red } else { &g.black };
    let rank = rank_text(card);
    let text_w = glyphs::width(&g.number_font, 400, g.size, &rank);
    let gap = 0.04;
    let end = cx - (text_w + gap + g.suit_size) / 2.0 + text_w;
    let font = Font {
        fill: colour,
        ..number_font(style)
    };
    doc.text(end, cy + g.size * 0.35, Anchor::End, &font, &rank);
    let id = suit_id(card.suit);
    doc.define_raw(&id, || {
        let paths: String = suit_paths(card.suit)
            .iter()
            .map(|d| format!("<path d=\"{d}\"/>"))
            .collect();
        format!("<g id=\"{id}\">{paths}</g>")
    });
    let size = g.suit_size;
    doc.use_def(
        &id,
        end + gap,
        cy - size / 2.0,
        size * UNIT / SUIT_BOX,
        &format!(" fill=\"{}\"", esc(colour)),
    );
}

fn suit_id(suit: Suit) -> String {
    format!("{ID_PREFIX}suit-{}", suit.letter())
}

/// The side of the box the suit shapes are drawn in.
const SUIT_BOX: f64 = 100.0;

/// Suit shapes in a 100 x 100 box; several paths overlap into one shape.
fn suit_paths(suit: Suit) -> &'static [&'static str] {
    match suit {
        Suit::Diamonds => &["M50 0L86 50L50 100L14 50Z"],
        Suit::Hearts => &[
            "M50 96C22 72 2 54 2 30C2 14 14 3 28 3C38 3 46 9 50 19C54 9 62 3 72 3C86 3 98 14 98 30C98 54 78 72 50 96Z",
        ],
        Suit::Spades => &[
            "M50 2C24 28 4 44 4 62C4 76 15 86 28 86C37 86 44 82 48 74C47 86 42 93 32 98H68C58 93 53 86 52 74C56 82 63 86 72 86C85 86 96 76 96 62C96 44 76 28 50 2Z",
        ],
        Suit::Clubs => &[
            "M29 26a21 21 0 1 0 42 0a21 21 0 1 0 -42 0Z",
            "M6 60a21 21 0 1 0 42 0a21 21 0 1 0 -42 0Z",
            "M52 60a21 21 0 1 0 42 0a21 21 0 1 0 -42 0Z",
            "M50 36L34 62H66Z",
            "M46 58C46 80 41 92 32 98H68C59 92 54 80 54 58Z",
        ],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::diagram_svg;
    use crate::render::svg::tests::parse;

    #[test]
    fn cloak_rows_may_be_short() {
        let text = "    type: cloak\n    . 1 2 3 4 5 6 7 8\n    K . . O\n    Q . O\n    R O . . O\n    B . . . . O O\n    N . . . . . . O O\n";
        let svg = diagram_svg(&parse(text), &Style::default());
        assert_eq!(svg.matches("<circle").count(), 8);
        // 9 columns of 0.8 squares, 6 rows, plus padding.
        assert!(svg.contains("viewBox=\"-2.25 -2.25 328.5 220.5\""), "{svg}");
    }

    #[test]
    fn cards_table_draws_suits() {
        let text = "    type: cards\n    Piece Cards Gap\n    P 2H 3H 4H 5H 2D 3D 4D 5D _\n    C  _  _ 6H 7H 6D 7D  _  _ _\n";
        let svg = diagram_svg(&parse(text), &Style::default());
        assert!(svg.contains("id=\"ckd-suit-H\""));
        assert!(svg.contains("id=\"ckd-suit-D\""));
        assert!(!svg.contains("ckd-suit-S"));
        assert!(!svg.contains('♥'));
        assert_eq!(svg.matches("href=\"#ckd-suit-").count(), 12);
    }

    #[test]
    fn cards_table_shows_the_empty_square_in_its_colour() {
        let style = Style::default();
        let text = "    type: cards\n    Piece Cards Gap\n    e  _  _ 6S 7S 6C 7C  _  _ _\n    E  _  _ 6H 7H 6D 7D  _  _ _\n";
        let svg = diagram_svg(&parse(text), &style);
        for (id, paint) in [
            (
                "ckd-empty-square-w",
                format!("fill=\"none\" stroke=\"{}\"", style.card.red),
            ),
            (
                "ckd-empty-square-b",
                format!("fill=\"{}\"", style.card.black),
            ),
        ] {
            assert_eq!(svg.matches(&format!("href=\"#{id}\"")).count(), 1, "{svg}");
            let def = svg
                .lines()
                .find(|l| l.starts_with(&format!("<path id=\"{id}\"")))
                .unwrap();
            assert!(def.contains(&paint), "{def}");
        }
        // Beside its letter, like a piece's icon.
        let symbol = |label: &str| {
            let line = svg
                .lines()
                .find(|l| l.contains(&format!("aria-label=\"{label}\"")))
                .unwrap();
            let x = &line[line.find("translate(").unwrap() + 10..];
            x[..x.find(' ').unwrap()].parse::<f64>().unwrap()
        };
        let icon_x = |id: &str| {
            let line = svg
                .lines()
                .find(|l| l.starts_with(&format!("<use href=\"#{id}\"")))
                .unwrap();
            let x = &line[line.find("translate(").unwrap() + 10..];
            x[..x.find(' ').unwrap()].parse::<f64>().unwrap()
        };
        assert!(icon_x("ckd-empty-square-b") > symbol("e"));
        assert!(icon_x("ckd-empty-square-w") > symbol("E"));
    }

    #[test]
    fn masquerade_blank_combo_is_a_line() {
        let text =
            "    type: masquerade\n    . K Q R B N combo\n    K . . O . . KR\n    Q O . . . . _\n";
        let svg = diagram_svg(&parse(text), &Style::default());
        assert!(svg.contains("aria-label=\"combo\""));
        // The corner cell: a diagonal, "cap" above it and "mv" below it.
        assert!(svg.contains("<path d=\"M0 0L36 36\""));
        assert!(svg.contains("aria-label=\"cap\""));
        assert!(svg.contains("aria-label=\"mv\""));
    }

    /// Every piece drawn: its artwork's id, and its box's left, top and
    /// scale, in user units.
    fn pieces_drawn(svg: &str) -> Vec<(String, f64, f64, f64)> {
        svg.lines()
            .filter_map(|l| {
                let rest = l.strip_prefix("<use href=\"#ckd-")?;
                let (id, rest) = rest.split_once('"')?;
                let t = rest.split_once("translate(")?.1;
                let (x, t) = t.split_once(' ')?;
                let (y, t) = t.split_once(')')?;
                let scale = t.split_once("scale(").map_or(Some(1.0), |(_, s)| {
                    s.split_once(')').and_then(|(s, _)| s.parse().ok())
                })?;
                Some((id.to_string(), x.parse().ok()?, y.parse().ok()?, scale))
            })
            .filter(|(id, ..)| id.len() == 2)
            .collect()
    }

    #[test]
    fn masquerade_combo_shows_its_pieces_as_the_header_and_rows_do() {
        // Alice's table in the bundled book.
        let text = "    type: masquerade\n    . K Q R B N combo\n    K . . O . . KR\n    Q O . . . . QK\n    R . . . . O RN\n    B . . . O . BB\n    N . O . . . NQ\n";
        let style = Style::default();
        let svg = diagram_svg(&parse(text), &style);
        // No letters left in the combo column.
        for combo in ["KR", "QK", "RN", "BB", "NQ"] {
            assert!(!svg.contains(&format!("aria-label=\"{combo}\"")), "{combo}");
        }
        let drawn = pieces_drawn(&svg);
        // 5 in the header, 5 heading the rows, 2 in each row's combo.
        assert_eq!(drawn.len(), 20, "{drawn:?}");
        let header_scale = drawn[0].3;
        assert!(drawn.iter().all(|d| (d.3 - header_scale).abs() < 1e-9));
        let cell = style.grid.cell * UNIT;
        let icon = style.grid.icon_size * UNIT;
        // The combo column starts after the row heads and the five columns.
        let combo_left = 6.0 * cell;
        for (r, (mover, capture)) in [
            ("wK", "wR"),
            ("wQ", "wK"),
            ("wR", "wN"),
            ("wB", "wB"),
            ("wN", "wQ"),
        ]
        .into_iter()
        .enumerate()
        {
            let cy = (r as f64 + 1.5) * cell;
            let in_row: Vec<&(String, f64, f64, f64)> = drawn
                .iter()
                .filter(|d| (d.2 + icon / 2.0 - cy).abs() < 0.01)
                .collect();
            let combo: Vec<&str> = in_row
                .iter()
                .filter(|d| d.1 >= combo_left)
                .map(|d| d.0.as_str())
                .collect();
            assert_eq!(combo, [mover, capture], "row {r}: {in_row:?}");
            // The row's head is the mover too.
            assert_eq!(in_row[0].0, mover);
        }
        // The icons of a combo sit side by side, inside the column.
        let width: f64 = svg
            .split("viewBox=\"")
            .nth(1)
            .and_then(|v| v.split(' ').nth(2))
            .and_then(|w| w.parse().ok())
            .unwrap();
        let pad = style.grid.padding * UNIT;
        let right = width - 2.0 * pad;
        for d in drawn.iter().filter(|d| d.1 >= combo_left) {
            assert!(d.1 > combo_left && d.1 + icon < right, "{d:?}");
        }
        // Text that is not piece letters stays text.
        let text = "    type: masquerade\n    . K Q R B N combo\n    K . . O . . K+R\n";
        let svg = diagram_svg(&parse(text), &style);
        assert!(svg.contains("aria-label=\"K+R\""));
    }
}
