//! A grid diagram in words, cell by cell: the masquerade and cloak sheets
//! and the card table. The site writes it as a visually hidden `<table>`
//! beside the drawing; the PDF's figure reads it out as its alt text
//! ([`super::alt`]). What a mark means is what the rules beside each grid
//! say: a circle records a combination known to be so, a cross one known
//! to be impossible.

use super::markup::escape;
use crate::diagram::{
    CardFace, CardRow, CloakGrid, Grid, Mark, MarkCell, MasqueradeGrid, PlayingCard, Role, Suit,
    card_face,
};

/// A table of text: a heading for each column (the row headings' column
/// first) and rows that each start with their heading.
#[derive(Clone, Debug, PartialEq)]
pub struct WordTable {
    pub caption: String,
    pub columns: Vec<String>,
    pub rows: Vec<WordRow>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct WordRow {
    pub heading: String,
    /// One a column after the row headings' column.
    pub cells: Vec<String>,
}

/// What the grid is, in a few words: the caption's start and the site's
/// short alt text.
pub fn grid_name(grid: &Grid) -> &'static str {
    match grid {
        Grid::Masquerade(_) => "the masquerade grid of pieces and captures",
        Grid::Cloak(_) => "the cloak grid of pieces and checkers",
        Grid::Cards(_) => "the card table",
    }
}

pub fn word_table(grid: &Grid) -> WordTable {
    match grid {
        Grid::Masquerade(m) => masquerade(m),
        Grid::Cloak(c) => cloak(c),
        Grid::Cards(c) => cards(&c.rows),
    }
}

const EMPTY: &str = "empty";
const TO_WRITE_ON: &str = "a line to write on";

/// "a rook", "an ace".
fn a(word: &str) -> String {
    let article = if word.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    };
    format!("{article} {word}")
}

fn mark_word(cell: Option<&MarkCell>, yes: &str, no: &str) -> String {
    match cell.map(|c| c.mark) {
        Some(Mark::Circle) => format!("circle: {yes}"),
        Some(Mark::Cross) => format!("cross: {no}"),
        Some(Mark::Blank) => TO_WRITE_ON.to_string(),
        Some(Mark::Empty) | None => EMPTY.to_string(),
    }
}

fn masquerade(grid: &MasqueradeGrid) -> WordTable {
    let mut columns = vec!["Piece".to_string()];
    columns.extend(
        grid.columns
            .iter()
            .map(|r| format!("Captures as {}", a(r.name()))),
    );
    columns.push("Combo".to_string());
    let rows = grid
        .rows
        .iter()
        .map(|row| {
            let mover = row.role.name();
            let mut cells: Vec<String> = grid
                .columns
                .iter()
                .enumerate()
                .map(|(i, capture)| {
                    let capture = a(capture.name());
                    mark_word(
                        row.marks.get(i),
                        &format!("the {mover} captures as {capture}"),
                        &format!("the {mover} does not capture as {capture}"),
                    )
                })
                .collect();
            cells.push(match &row.combo {
                Some(text) => combo_words(text),
                None => TO_WRITE_ON.to_string(),
            });
            WordRow {
                heading: capitalised(mover),
                cells,
            }
        })
        .collect();
    WordTable {
        caption: "The masquerade grid: a row for each piece as it moves, a column for the piece whose capture it uses; a circle where it does, a cross where it does not".to_string(),
        columns,
        rows,
    }
}

/// A combo of two piece letters (`KR`) as the grid draws it: the mover,
/// capturing as the other. Other text is read as written.
fn combo_words(text: &str) -> String {
    let roles: Option<Vec<Role>> = text
        .chars()
        .map(|c| {
            c.is_ascii_uppercase()
                .then(|| Role::from_letter(c))
                .flatten()
        })
        .collect();
    match roles.as_deref() {
        Some([mover, capture]) => {
            format!("{}, capturing as {}", mover.name(), a(capture.name()))
        }
        _ => text.to_string(),
    }
}

fn cloak(grid: &CloakGrid) -> WordTable {
    let mut columns = vec!["Piece".to_string()];
    columns.extend(grid.columns.iter().map(|n| format!("Checker {n}")));
    let rows = grid
        .rows
        .iter()
        .map(|row| {
            let piece = row.role.name();
            let cells = grid
                .columns
                .iter()
                .enumerate()
                .map(|(i, n)| {
                    mark_word(
                        row.marks.get(i),
                        &format!("checker {n} is the {piece}"),
                        &format!("checker {n} is not the {piece}"),
                    )
                })
                .collect();
            WordRow {
                heading: capitalised(piece),
                cells,
            }
        })
        .collect();
    WordTable {
        caption: "The cloak grid: a row for each piece, a column for each numbered checker; a circle where the checker is that piece, a cross where it is not".to_string(),
        columns,
        rows,
    }
}

fn cards(rows: &[CardRow]) -> WordTable {
    let rows = rows
        .iter()
        .map(|row| WordRow {
            heading: format!("{} ({})", symbol_name(&row.symbol), row.symbol),
            cells: vec![
                card_list(row.cells.iter().filter_map(|c| c.card)),
                match row.gap {
                    Some(n) => n.to_string(),
                    None => "none".to_string(),
                },
            ],
        })
        .collect();
    WordTable {
        caption: "The card table: the playing cards that stand for each piece, and the gap (empty squares) to leave before it when dealing a setup".to_string(),
        columns: vec!["Piece".into(), "Cards".into(), "Gap".into()],
        rows,
    }
}

/// "black pawn", "white empty square", as a card's symbol shows.
pub fn symbol_name(symbol: &str) -> String {
    match card_face(symbol) {
        CardFace::Piece(p) => p.name().to_string(),
        CardFace::Back => "a card face down".into(),
        CardFace::Checker(c) => format!("{} checker", c.name()),
        CardFace::Empty(c) => format!("{} empty square", c.name()),
        CardFace::Other(s) => s.to_string(),
    }
}

fn rank_word(card: PlayingCard) -> String {
    match card.rank {
        1 => "ace".into(),
        11 => "jack".into(),
        12 => "queen".into(),
        13 => "king".into(),
        n => n.to_string(),
    }
}

fn suit_word(suit: Suit) -> &'static str {
    match suit {
        Suit::Spades => "spades",
        Suit::Hearts => "hearts",
        Suit::Diamonds => "diamonds",
        Suit::Clubs => "clubs",
    }
}

/// "2, 3, 4 and 5 of spades and 8 of clubs": the cards in their order,
/// a run of one suit told once; "none" for no card.
pub fn card_list(cards: impl Iterator<Item = PlayingCard>) -> String {
    let mut runs: Vec<(Suit, Vec<String>)> = Vec::new();
    for card in cards {
        match runs.last_mut() {
            Some((suit, ranks)) if *suit == card.suit => ranks.push(rank_word(card)),
            _ => runs.push((card.suit, vec![rank_word(card)])),
        }
    }
    if runs.is_empty() {
        return "none".into();
    }
    let told: Vec<String> = runs
        .iter()
        .map(|(suit, ranks)| format!("{} of {}", and_list(ranks), suit_word(*suit)))
        .collect();
    and_list(&told)
}

/// "a, b and c".
pub fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The whole grid read out, every cell told: the PDF figure's alt text.
pub fn grid_text(grid: &Grid) -> String {
    let table = word_table(grid);
    let rows: Vec<String> = match grid {
        Grid::Masquerade(m) => table
            .rows
            .iter()
            .map(|row| {
                let (marks, combo) = row.cells.split_at(m.columns.len().min(row.cells.len()));
                let mut said = marks_read(marks);
                said.extend(combo.iter().map(|c| format!("combo: {c}")));
                format!("{}: {}", row.heading, said.join("; "))
            })
            .collect(),
        Grid::Cloak(_) => table
            .rows
            .iter()
            .map(|row| format!("{}: {}", row.heading, marks_read(&row.cells).join("; ")))
            .collect(),
        Grid::Cards(_) => table
            .rows
            .iter()
            .map(|row| match row.cells.as_slice() {
                [cards, gap] => format!("{}: {cards}; gap {gap}", row.heading),
                cells => format!("{}: {}", row.heading, cells.join("; ")),
            })
            .collect(),
    };
    // Read after the game's name: "Masquerade Chess: the masquerade grid: …".
    let mut caption = table.caption;
    caption[..1].make_ascii_lowercase();
    format!("{caption}. {}", rows.join(". "))
}

/// A row's marks, the empty cells counted: "circle: …; 4 cells empty".
fn marks_read(cells: &[String]) -> Vec<String> {
    let mut said: Vec<String> = cells.iter().filter(|c| *c != EMPTY).cloned().collect();
    let empty = cells.len() - said.len();
    match empty {
        0 => {}
        n if n == cells.len() => said.push(format!("all {n} cells empty")),
        1 => said.push("1 cell empty".into()),
        n => said.push(format!("{n} cells empty")),
    }
    said
}

/// The table as HTML, visually hidden: read by a screen reader, its
/// drawing shown instead. The hiding is a wrapper's: a table is never
/// narrower than its text, whatever its width says.
pub fn table_html(table: &WordTable, id: &str) -> String {
    let mut out = format!(
        "<div class=\"visually-hidden\"><table id=\"{}\"><caption>{}</caption>\n<thead><tr>",
        escape(id),
        escape(&table.caption)
    );
    for c in &table.columns {
        out.push_str(&format!("<th scope=\"col\">{}</th>", escape(c)));
    }
    out.push_str("</tr></thead>\n<tbody>\n");
    for row in &table.rows {
        out.push_str(&format!(
            "<tr><th scope=\"row\">{}</th>",
            escape(&row.heading)
        ));
        for cell in &row.cells {
            out.push_str(&format!("<td>{}</td>", escape(cell)));
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</tbody></table></div>");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagram::{Diagram, parse_diagram};
    use crate::source::{SourceFile, Span};

    fn parse(text: &str) -> Diagram {
        let src = SourceFile::new("t.md", text);
        let mut diags = Vec::new();
        let d = parse_diagram(&src, Span::new(0, text.len()), &mut diags);
        assert!(diags.is_empty(), "{diags:?}");
        d.unwrap()
    }

    fn table_of(text: &str) -> WordTable {
        word_table(parse(text).as_grid().expect("a grid"))
    }

    #[test]
    fn each_masquerade_circle_says_which_piece_captures_as_which() {
        // Alice's table in the bundled book.
        let t = table_of(
            "    type: masquerade\n    . K Q R B N combo\n    K . . O . . KR\n    Q O . . . . QK\n    R . . . . O RN\n    B . . . O . BB\n    N . O . . X NQ\n",
        );
        assert_eq!(t.columns[3], "Captures as a rook");
        assert_eq!(t.rows[0].heading, "King");
        assert_eq!(t.rows[0].cells[2], "circle: the king captures as a rook");
        assert_eq!(t.rows[0].cells[0], "empty");
        assert_eq!(t.rows[0].cells[5], "king, capturing as a rook");
        assert_eq!(t.rows[1].cells[0], "circle: the queen captures as a king");
        assert_eq!(
            t.rows[4].cells[4],
            "cross: the knight does not capture as a knight"
        );
        // Five circles, one a row, each under its own column.
        let circles: Vec<(usize, usize)> = t
            .rows
            .iter()
            .enumerate()
            .flat_map(|(r, row)| {
                row.cells
                    .iter()
                    .enumerate()
                    .filter(|(_, c)| c.starts_with("circle"))
                    .map(move |(c, _)| (r, c))
            })
            .collect();
        assert_eq!(circles, [(0, 2), (1, 0), (2, 4), (3, 3), (4, 1)]);
    }

    #[test]
    fn a_blank_combo_and_a_short_cloak_row_are_told() {
        let t = table_of("    type: masquerade\n    . K Q R B N combo\n    K . . . . . _\n");
        assert_eq!(t.rows[0].cells[5], "a line to write on");
        let t = table_of("    type: cloak\n    . 1 2 3 4 5 6 7 8\n    K . . O\n    Q\n");
        assert_eq!(t.columns[3], "Checker 3");
        assert_eq!(t.rows[0].cells[2], "circle: checker 3 is the king");
        // Cells past a short row's end are empty, not missing.
        assert_eq!(t.rows[0].cells.len(), 8);
        assert_eq!(t.rows[1].cells, vec!["empty"; 8]);
    }

    #[test]
    fn the_card_table_says_which_cards_are_each_piece() {
        let t = table_of(
            "    type: cards\n    Piece Cards Gap\n    p 2S 3S 4S 5S 2C 3C 4C 5C _\n    n  _  _  _ 8S 8C  _  _  _ 1\n    q  _  _  _ QS  _  _  _  _ 5\n    E  _  _ 6H 7H 6D 7D  _  _ _\n",
        );
        assert_eq!(t.columns, ["Piece", "Cards", "Gap"]);
        let row = |heading: &str| t.rows.iter().find(|r| r.heading == heading).unwrap();
        assert_eq!(
            row("black knight (n)").cells,
            ["8 of spades and 8 of clubs", "1"]
        );
        assert_eq!(
            row("black pawn (p)").cells,
            ["2, 3, 4 and 5 of spades and 2, 3, 4 and 5 of clubs", "none"]
        );
        assert_eq!(row("black queen (q)").cells, ["queen of spades", "5"]);
        assert_eq!(
            row("white empty square (E)").cells[0],
            "6 and 7 of hearts and 6 and 7 of diamonds"
        );
    }

    #[test]
    fn the_alt_text_reads_every_cell() {
        let grid = parse(
            "    type: masquerade\n    . K Q R B N combo\n    K . . O . . KR\n    Q . . . . . _\n",
        );
        let text = grid_text(grid.as_grid().unwrap());
        assert!(
            text.ends_with(". King: circle: the king captures as a rook; 4 cells empty; combo: king, capturing as a rook. Queen: all 5 cells empty; combo: a line to write on"),
            "{text}"
        );
        let grid = parse("    type: cards\n    Piece Cards Gap\n    n  _  _  _ 8S 8C  _  _  _ 1\n");
        let text = grid_text(grid.as_grid().unwrap());
        assert!(
            text.ends_with(". black knight (n): 8 of spades and 8 of clubs; gap 1"),
            "{text}"
        );
    }

    #[test]
    fn the_html_table_has_a_caption_and_scoped_headings() {
        let t = table_of("    type: cards\n    Piece Cards Gap\n    n  _  _  _ 8S 8C  _  _  _ 1\n");
        let html = table_html(&t, "x-table");
        assert!(
            html.starts_with(
                "<div class=\"visually-hidden\"><table id=\"x-table\"><caption>The card table: "
            ),
            "{html}"
        );
        assert!(html.contains("<th scope=\"col\">Cards</th>"), "{html}");
        assert!(
            html.contains("<tr><th scope=\"row\">black knight (n)</th><td>8 of spades and 8 of clubs</td><td>1</td></tr>"),
            "{html}"
        );
    }
}
