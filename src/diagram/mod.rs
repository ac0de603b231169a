//! The typed diagram: what a diagram block says, with the source span of
//! every token. A `Diagram` is "a not necessarily legal" picture; whether it
//! is a legal example of its game is the engine's question.

mod parse;

pub use parse::{
    ARROW_COLOURS, CARD_TABLE_HEADER, GRID_TYPES, line_names, parse_diagram, parse_diagram_block,
};

use std::fmt;

use crate::source::Span;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    White,
    Black,
}

impl Color {
    pub fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    Pawn,
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
}

impl Role {
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];

    /// The upper-case letter: `P N B R Q K`.
    pub fn letter(self) -> char {
        match self {
            Role::Pawn => 'P',
            Role::Knight => 'N',
            Role::Bishop => 'B',
            Role::Rook => 'R',
            Role::Queen => 'Q',
            Role::King => 'K',
        }
    }

    pub fn from_letter(c: char) -> Option<Role> {
        Some(match c.to_ascii_uppercase() {
            'P' => Role::Pawn,
            'N' => Role::Knight,
            'B' => Role::Bishop,
            'R' => Role::Rook,
            'Q' => Role::Queen,
            'K' => Role::King,
            _ => return None,
        })
    }

    pub fn name(self) -> &'static str {
        match self {
            Role::Pawn => "pawn",
            Role::Knight => "knight",
            Role::Bishop => "bishop",
            Role::Rook => "rook",
            Role::Queen => "queen",
            Role::King => "king",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece {
    pub color: Color,
    pub role: Role,
}

impl Piece {
    pub fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// Upper case for White, lower case for Black.
    pub fn from_char(c: char) -> Option<Piece> {
        let role = Role::from_letter(c)?;
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece { color, role })
    }

    pub fn char(self) -> char {
        match self.color {
            Color::White => self.role.letter(),
            Color::Black => self.role.letter().to_ascii_lowercase(),
        }
    }

    /// "white bishop": a name from a table, since a replay names the piece
    /// of every move it refuses.
    pub fn name(self) -> &'static str {
        const NAMES: [[&str; 6]; 2] = [
            [
                "white pawn",
                "white knight",
                "white bishop",
                "white rook",
                "white queen",
                "white king",
            ],
            [
                "black pawn",
                "black knight",
                "black bishop",
                "black rook",
                "black queen",
                "black king",
            ],
        ];
        NAMES[self.color as usize][self.role as usize]
    }
}

/// A square of the board, or of the row just outside it: ranks 0 and 9
/// address the margin below and above the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    /// 0 for the a-file to 7 for the h-file.
    pub file: u8,
    /// 1 to 8 on the board; 0 and 9 in the margin.
    pub rank: u8,
}

impl Square {
    pub fn new(file: u8, rank: u8) -> Square {
        Square { file, rank }
    }

    pub fn is_on_board(self) -> bool {
        self.file < 8 && (1..=8).contains(&self.rank)
    }

    /// Index 0..64 (a1 = 0, h8 = 63) for a square on the board.
    pub fn index(self) -> usize {
        debug_assert!(self.is_on_board());
        (self.rank as usize - 1) * 8 + self.file as usize
    }

    pub fn from_index(i: usize) -> Square {
        Square::new((i % 8) as u8, (i / 8) as u8 + 1)
    }

    pub fn file_char(self) -> char {
        (b'a' + self.file) as char
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file_char(), self.rank)
    }
}

/// The 64 squares of a board diagram.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    squares: [Option<Piece>; 64],
}

impl Default for Board {
    fn default() -> Self {
        Board {
            squares: [None; 64],
        }
    }
}

impl Board {
    pub fn get(&self, sq: Square) -> Option<Piece> {
        if sq.is_on_board() {
            self.squares[sq.index()]
        } else {
            None
        }
    }

    pub fn set(&mut self, sq: Square, piece: Option<Piece>) {
        self.squares[sq.index()] = piece;
    }

    /// The pieces by their square's [`Square::index`], a1 first.
    pub fn pieces_by_index(&self) -> impl Iterator<Item = (usize, Piece)> + '_ {
        self.squares
            .iter()
            .enumerate()
            .filter_map(|(i, p)| p.map(|p| (i, p)))
    }

    /// Every occupied square, a1 first.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.pieces_by_index()
            .map(|(i, p)| (Square::from_index(i), p))
    }

    /// The eight rows of a board diagram, rank 8 first: a token a square
    /// (a piece letter or `.`), separated by spaces.
    pub fn rows(&self) -> Vec<String> {
        (1..=8u8)
            .rev()
            .map(|rank| {
                (0..8u8)
                    .map(|file| self.get(Square::new(file, rank)).map_or('.', Piece::char))
                    .map(String::from)
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect()
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ArrowColour {
    White,
    Black,
    Grey,
}

impl ArrowColour {
    pub fn name(self) -> &'static str {
        match self {
            ArrowColour::White => "white",
            ArrowColour::Black => "black",
            ArrowColour::Grey => "grey",
        }
    }
}

/// `arrow: FROM, TO, COLOUR`; a ring when both ends are one square.
#[derive(Clone, Debug, PartialEq)]
pub struct Arrow {
    pub from: Square,
    pub to: Square,
    pub colour: ArrowColour,
    /// The whole `arrow:` line.
    pub span: Span,
    pub from_span: Span,
    pub to_span: Span,
}

impl Arrow {
    pub fn is_ring(&self) -> bool {
        self.from == self.to
    }
}

/// Extra space around the board, in squares; negative values crop.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Margins {
    pub left: f64,
    pub top: f64,
    pub right: f64,
    pub bottom: f64,
}

/// `card: SYMBOL, X, Y`: a card whose top-left corner is X squares right and
/// Y squares down from the board's top-left corner.
#[derive(Clone, Debug, PartialEq)]
pub struct Card {
    pub symbol: String,
    pub x: f64,
    pub y: f64,
    pub span: Span,
    pub symbol_span: Span,
}

/// What a card symbol shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CardFace<'a> {
    Piece(Piece),
    Back,
    /// A checker card: `c` black, `C` white.
    Checker(Color),
    /// An empty-square card: `e` black, `E` white (the 6s and 7s of the
    /// book's card table).
    Empty(Color),
    /// Another symbol defined by the book's card table, shown as its letter.
    Other(&'a str),
}

impl Card {
    pub fn face(&self) -> CardFace<'_> {
        card_face(&self.symbol)
    }
}

pub fn card_face(symbol: &str) -> CardFace<'_> {
    if symbol == "back" {
        return CardFace::Back;
    }
    let mut chars = symbol.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => match Piece::from_char(c) {
            Some(p) => CardFace::Piece(p),
            None if c == 'c' => CardFace::Checker(Color::Black),
            None if c == 'C' => CardFace::Checker(Color::White),
            None if c == 'e' => CardFace::Empty(Color::Black),
            None if c == 'E' => CardFace::Empty(Color::White),
            None => CardFace::Other(symbol),
        },
        _ => CardFace::Other(symbol),
    }
}

/// `checkers: WHITE, BLACK`: the checkers each player has in front of them.
#[derive(Clone, Debug, PartialEq)]
pub struct Checkers {
    pub white: u32,
    pub black: u32,
    pub span: Span,
}

/// `text: LABEL, X, Y` or `corner text: LABEL, X, Y`, in board coordinates
/// where (1, 1) is a1.
#[derive(Clone, Debug, PartialEq)]
pub struct TextLabel {
    pub text: String,
    pub x: f64,
    pub y: f64,
    pub span: Span,
}

/// `rect: X1, Y1, X2, Y2`: files X1..=X2 and ranks Y1..=Y2 (1-based).
#[derive(Clone, Debug, PartialEq)]
pub struct Rect {
    pub files: (u8, u8),
    pub ranks: (u8, u8),
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct BoardDiagram {
    pub board: Board,
    /// The span of each square's token, by `Square::index`.
    pub square_spans: Vec<Span>,
    pub arrows: Vec<Arrow>,
    pub margins: Margins,
    pub margins_span: Option<Span>,
    pub cards: Vec<Card>,
    pub checkers: Option<Checkers>,
    pub texts: Vec<TextLabel>,
    pub corner_texts: Vec<TextLabel>,
    pub rects: Vec<Rect>,
}

impl BoardDiagram {
    pub fn square_span(&self, sq: Square) -> Span {
        self.square_spans[sq.index()]
    }
}

/// A cell of a masquerade or cloak grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// `.`
    Empty,
    /// `O`
    Circle,
    /// `X`
    Cross,
    /// `_`: a line to write on.
    Blank,
}

#[derive(Clone, Debug, PartialEq)]
pub struct MarkCell {
    pub mark: Mark,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct MasqueradeRow {
    pub role: Role,
    pub role_span: Span,
    /// One mark per header column.
    pub marks: Vec<MarkCell>,
    /// The combo column: `None` for `_`, a line to write on.
    pub combo: Option<String>,
    pub combo_span: Span,
    pub span: Span,
}

/// `type: masquerade`: which piece captures like which.
#[derive(Clone, Debug, PartialEq)]
pub struct MasqueradeGrid {
    /// The header's piece columns, in order (`K Q R B N`).
    pub columns: Vec<Role>,
    pub rows: Vec<MasqueradeRow>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct CloakRow {
    pub role: Role,
    pub role_span: Span,
    /// Marks for checkers 1.. in order; a row may stop early.
    pub marks: Vec<MarkCell>,
    pub span: Span,
}

/// `type: cloak`: which numbered checker hides which piece.
#[derive(Clone, Debug, PartialEq)]
pub struct CloakGrid {
    /// The header's column numbers (1 to 8).
    pub columns: Vec<u8>,
    pub rows: Vec<CloakRow>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Suit {
    Spades,
    Hearts,
    Diamonds,
    Clubs,
}

impl Suit {
    pub fn letter(self) -> char {
        match self {
            Suit::Spades => 'S',
            Suit::Hearts => 'H',
            Suit::Diamonds => 'D',
            Suit::Clubs => 'C',
        }
    }

    pub fn is_red(self) -> bool {
        matches!(self, Suit::Hearts | Suit::Diamonds)
    }
}

/// A card of a standard 52-card deck.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PlayingCard {
    /// 1 (ace) to 13 (king).
    pub rank: u8,
    pub suit: Suit,
}

impl fmt::Display for PlayingCard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rank = match self.rank {
            1 => "A".to_string(),
            11 => "J".to_string(),
            12 => "Q".to_string(),
            13 => "K".to_string(),
            n => n.to_string(),
        };
        write!(f, "{rank}{}", self.suit.letter())
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct CardCell {
    pub card: Option<PlayingCard>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct CardRow {
    pub symbol: String,
    pub symbol_span: Span,
    /// The playing cards that match this symbol; `None` for `_`.
    pub cells: Vec<CardCell>,
    /// The squares to leave empty before this piece when dealing a setup.
    pub gap: Option<u8>,
    pub gap_span: Span,
    pub span: Span,
}

/// `type: cards`: part of the book's card table.
#[derive(Clone, Debug, PartialEq)]
pub struct CardsGrid {
    pub rows: Vec<CardRow>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Grid {
    Masquerade(MasqueradeGrid),
    Cloak(CloakGrid),
    Cards(CardsGrid),
}

impl Grid {
    pub fn type_name(&self) -> &'static str {
        match self {
            Grid::Masquerade(_) => "masquerade",
            Grid::Cloak(_) => "cloak",
            Grid::Cards(_) => "cards",
        }
    }
}

// A book holds a few dozen diagrams, built once; boxing buys nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq)]
pub enum DiagramKind {
    Board(BoardDiagram),
    Grid(Grid),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Diagram {
    pub kind: DiagramKind,
    /// The whole indented block.
    pub span: Span,
}

impl Diagram {
    pub fn as_board(&self) -> Option<&BoardDiagram> {
        match &self.kind {
            DiagramKind::Board(b) => Some(b),
            DiagramKind::Grid(_) => None,
        }
    }

    pub fn as_grid(&self) -> Option<&Grid> {
        match &self.kind {
            DiagramKind::Grid(g) => Some(g),
            DiagramKind::Board(_) => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piece_letters_round_trip() {
        for c in "KQRBNPkqrbnp".chars() {
            assert_eq!(Piece::from_char(c).unwrap().char(), c);
        }
        assert_eq!(Piece::from_char('x'), None);
        assert_eq!(
            Piece::from_char('n'),
            Some(Piece::new(Color::Black, Role::Knight))
        );
    }

    #[test]
    fn a_piece_is_named_by_its_colour_and_role() {
        for color in [Color::White, Color::Black] {
            for role in Role::ALL {
                let want = format!("{} {}", color.name(), role.name());
                assert_eq!(Piece::new(color, role).name(), want);
            }
        }
        assert_eq!(Piece::from_char('n').map(Piece::name), Some("black knight"));
        assert_eq!(Piece::from_char('Q').map(Piece::name), Some("white queen"));
    }

    #[test]
    fn squares_index_and_name() {
        let e4 = Square::new(4, 4);
        assert_eq!(e4.to_string(), "e4");
        assert_eq!(Square::from_index(e4.index()), e4);
        assert!(!Square::new(4, 0).is_on_board());
        assert!(!Square::new(4, 9).is_on_board());
    }

    #[test]
    fn card_faces() {
        assert_eq!(card_face("back"), CardFace::Back);
        assert_eq!(card_face("c"), CardFace::Checker(Color::Black));
        assert_eq!(card_face("C"), CardFace::Checker(Color::White));
        assert_eq!(card_face("e"), CardFace::Empty(Color::Black));
        assert_eq!(card_face("E"), CardFace::Empty(Color::White));
        assert_eq!(
            card_face("q"),
            CardFace::Piece(Piece::new(Color::Black, Role::Queen))
        );
        assert_eq!(card_face("joker"), CardFace::Other("joker"));
    }
}
