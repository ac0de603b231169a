//! Setups stated in a rule's prose, in the piece-list notation
//! (`White: K d1, Q e1, B c1 f1; Black K a4, …`), and whether the diagram
//! meant to show one agrees with it piece for piece.
//!
//! A side's list is `White` or `Black`, an optional colon, then groups of a
//! piece letter (K Q R B N P) and its squares, separated by commas, ending
//! at `;` or `.`. The lists of one paragraph make one setup (a colour listed
//! again starts the next). The diagram meant to show a setup is the first
//! diagram after the paragraph that states it, under the same heading.

use std::collections::BTreeSet;

use crate::book::{Block, Book};
use crate::diagram::{Board, BoardDiagram, Color, DiagramKind, Piece, Role, Square};
use crate::engine::Finding;
use crate::source::Span;

pub const RULE: &str = "setup-text";

/// One piece the text places.
#[derive(Clone, Debug, PartialEq)]
pub struct Placement {
    pub piece: Piece,
    pub square: Square,
    /// The square's token in the text.
    pub span: Span,
}

/// A setup the text states: the pieces of the colours it lists.
#[derive(Clone, Debug, PartialEq)]
pub struct StatedSetup {
    /// The colours the text lists, in its order. Pieces of a colour it does
    /// not list are not its concern.
    pub colors: Vec<Color>,
    pub placements: Vec<Placement>,
    /// From the first side's name to the end of the last list.
    pub span: Span,
}

impl StatedSetup {
    /// The stated pieces on an otherwise empty board.
    pub fn board(&self) -> Board {
        let mut board = Board::default();
        for p in &self.placements {
            board.set(p.square, Some(p.piece));
        }
        board
    }
}

/// A piece list that cannot be read.
#[derive(Clone, Debug, PartialEq)]
pub struct ListError {
    pub span: Span,
    pub message: String,
    pub help: String,
}

const HELP: &str = "write a side's pieces as `White: K e1, Q d1, R a1 h1, P a2 b2;`: a piece letter (K Q R B N P), then its squares, a comma before the next letter";

/// The setups stated in `text`, whose first byte is at `base` in its file,
/// and the problems of the lists that could not be read (a setup with a
/// problem is left out).
pub fn find_setups(text: &str, base: usize) -> (Vec<StatedSetup>, Vec<ListError>) {
    let mut setups = Vec::new();
    let mut errors = Vec::new();
    let mut current: Option<(StatedSetup, bool)> = None;
    let mut at = 0;
    while let Some((start, color, after_name)) = next_list_start(text, at) {
        let (list, end, mut list_errors) = parse_list(text, after_name, color, base);
        at = end.max(after_name);
        let list_span = Span::new(base + start, base + end);
        // A colour listed again starts the next setup.
        if current
            .as_ref()
            .is_some_and(|(s, _)| s.colors.contains(&color))
            && let Some((setup, ok)) = current.take()
            && ok
        {
            setups.push(setup);
        }
        let (setup, ok) = current.get_or_insert_with(|| {
            (
                StatedSetup {
                    colors: Vec::new(),
                    placements: Vec::new(),
                    span: list_span,
                },
                true,
            )
        });
        setup.colors.push(color);
        setup.span = setup.span.to(list_span);
        for p in list {
            if let Some(first) = setup.placements.iter().find(|q| q.square == p.square) {
                list_errors.push(ListError {
                    span: p.span,
                    message: format!(
                        "two pieces on {}: the {} and the {}",
                        p.square,
                        first.piece.name(),
                        p.piece.name()
                    ),
                    help: "each square holds one piece: correct one of the two squares".into(),
                });
            } else {
                setup.placements.push(p);
            }
        }
        if !list_errors.is_empty() {
            *ok = false;
            errors.append(&mut list_errors);
        }
    }
    if let Some((setup, true)) = current {
        setups.push(setup);
    }
    (setups, errors)
}

/// The next `White`/`Black` at or after `from` that starts a piece list:
/// its offset, colour, and the offset after the name and colon.
fn next_list_start(text: &str, from: usize) -> Option<(usize, Color, usize)> {
    let mut at = from;
    while at < text.len() {
        let rest = &text[at..];
        let found = [("White", Color::White), ("Black", Color::Black)]
            .into_iter()
            .filter_map(|(name, color)| rest.find(name).map(|i| (at + i, name, color)))
            .min_by_key(|&(i, _, _)| i)?;
        let (start, name, color) = found;
        let word_start = text[..start]
            .chars()
            .next_back()
            .is_none_or(|c| !c.is_alphanumeric());
        let mut after = start + name.len();
        if text[after..].starts_with(':') {
            after += 1;
        }
        if word_start && looks_like_list(&text[after..]) {
            return Some((start, color, after));
        }
        at = start + name.len();
    }
    None
}

/// Whether text after a side's name starts like a piece list: a one-letter
/// word, then a word shaped like a square (`K d1`, also `X d1` or `K i9`,
/// which are then reported).
fn looks_like_list(rest: &str) -> bool {
    if !rest.starts_with(char::is_whitespace) {
        return false;
    }
    let mut words = rest.split(|c: char| c.is_whitespace() || c == ',' || c == ';' || c == '.');
    let mut words = words.by_ref().filter(|w| !w.is_empty());
    let (Some(letter), Some(square)) = (words.next(), words.next()) else {
        return false;
    };
    letter.len() == 1 && letter.chars().all(|c| c.is_ascii_alphabetic()) && square_shaped(square)
}

/// A letter followed by digits: `d1`, `i9`, `a10`.
fn square_shaped(word: &str) -> bool {
    let mut chars = word.chars();
    chars.next().is_some_and(|c| c.is_ascii_lowercase())
        && word.len() > 1
        && chars.all(|c| c.is_ascii_digit())
}

/// Reads one side's list from `from` to its `;` or `.` (or the next side's
/// name, or the end). Returns the placements, the offset after the list,
/// and its problems.
fn parse_list(
    text: &str,
    from: usize,
    color: Color,
    base: usize,
) -> (Vec<Placement>, usize, Vec<ListError>) {
    let mut placements = Vec::new();
    let mut errors = Vec::new();
    // The current piece letter: its role (None after an unknown letter,
    // whose squares are then skipped), its span, and whether it has squares.
    let mut piece: Option<(Option<Role>, Span, bool)> = None;
    let mut at = from;
    let bytes = text.as_bytes();
    let close = |piece: &Option<(Option<Role>, Span, bool)>, errors: &mut Vec<ListError>| {
        if let Some((Some(role), span, false)) = piece {
            errors.push(ListError {
                span: *span,
                message: format!("the {} {} has no square", color.name(), role.name()),
                help: HELP.into(),
            });
        }
    };
    loop {
        while at < text.len() && (bytes[at].is_ascii_whitespace() || bytes[at] == b',') {
            if bytes[at] == b',' {
                close(&piece, &mut errors);
                piece = None;
            }
            at += 1;
        }
        if at >= text.len() {
            break;
        }
        if bytes[at] == b';' || bytes[at] == b'.' {
            at += 1;
            break;
        }
        if next_list_start(text, at).is_some_and(|(s, _, _)| s == at) {
            break;
        }
        let end = text[at..]
            .find(|c: char| c.is_whitespace() || c == ',' || c == ';' || c == '.')
            .map_or(text.len(), |i| at + i);
        let word = &text[at..end];
        let span = Span::new(base + at, base + end);
        at = end;
        let mut chars = word.chars();
        let first = chars.next().unwrap_or(' ');
        if chars.next().is_none() && first.is_ascii_alphabetic() {
            close(&piece, &mut errors);
            let role = match Role::from_letter(first) {
                Some(role) if first.is_ascii_uppercase() => Some(role),
                Some(_) => {
                    errors.push(ListError {
                        span,
                        message: format!("piece letters are upper case: `{first}` should be `{}`", first.to_ascii_uppercase()),
                        help: "the side's name gives the colour; the letters are K Q R B N P for both sides".into(),
                    });
                    None
                }
                None => {
                    errors.push(ListError {
                        span,
                        message: format!("unknown piece letter `{first}`"),
                        help: "the piece letters are K (king), Q (queen), R (rook), B (bishop), N (knight) and P (pawn)".into(),
                    });
                    None
                }
            };
            piece = Some((role, span, false));
        } else if square_shaped(word) {
            let Some((role, _, has_square)) = piece.as_mut() else {
                errors.push(ListError {
                    span,
                    message: format!("the square `{word}` has no piece letter before it"),
                    help: HELP.into(),
                });
                continue;
            };
            *has_square = true;
            let Some(role) = *role else { continue };
            match parse_square(word) {
                Some(square) => placements.push(Placement {
                    piece: Piece::new(color, role),
                    square,
                    span,
                }),
                None => errors.push(ListError {
                    span,
                    message: format!("`{word}` is off the board"),
                    help: "squares are a file from a to h and a rank from 1 to 8, as in `e4`"
                        .into(),
                }),
            }
        } else {
            errors.push(ListError {
                span,
                message: format!("`{word}` is neither a piece letter nor a square"),
                help: HELP.into(),
            });
            // The rest of the list cannot be trusted; stop at its end.
            while at < text.len() && bytes[at] != b';' && bytes[at] != b'.' {
                at += 1;
            }
            piece = None;
        }
    }
    close(&piece, &mut errors);
    (placements, at, errors)
}

/// `e4` → the square; `None` off the board.
pub fn parse_square(word: &str) -> Option<Square> {
    let mut chars = word.chars();
    let file = chars.next()?;
    let rank: u8 = chars.as_str().parse().ok()?;
    if !('a'..='h').contains(&file) || !(1..=8).contains(&rank) {
        return None;
    }
    Some(Square::new(file as u8 - b'a', rank))
}

/// Reports the piece lists of `book` that cannot be read, and compares each
/// setup with the diagram meant to show it. Returns the indices (into
/// `book.diagrams`) of the diagrams compared with a setup.
pub fn check_book(book: &Book, out: &mut Vec<Finding>) -> BTreeSet<usize> {
    let mut checked = BTreeSet::new();
    let mut pending = None;
    walk(book, &book.blocks, &mut pending, &mut checked, out);
    checked
}

fn walk(
    book: &Book,
    blocks: &[Block],
    pending: &mut Option<StatedSetup>,
    checked: &mut BTreeSet<usize>,
    out: &mut Vec<Finding>,
) {
    for block in blocks {
        match block {
            Block::Heading { .. } | Block::TableOfContents { .. } => *pending = None,
            Block::Paragraph { span, .. } => {
                let (mut setups, errors) = find_setups(book.source.slice(*span), span.start);
                for e in errors {
                    out.push(Finding::error(RULE, e.span, e.message).with_help(e.help));
                }
                if let Some(setup) = setups.pop() {
                    *pending = Some(setup);
                }
            }
            Block::List { items, .. } => {
                for item in items {
                    walk(book, item, pending, checked, out);
                }
            }
            Block::BlockQuote { blocks, .. } => walk(book, blocks, pending, checked, out),
            Block::Diagram { index, .. } => {
                let Some(setup) = pending.take() else {
                    continue;
                };
                let Some(entry) = book.diagrams.get(*index) else {
                    continue;
                };
                if let Some(DiagramKind::Board(board)) = entry.diagram.as_ref().map(|d| &d.kind) {
                    let above = book.source.line_of(entry.span.start)
                        - book
                            .source
                            .line_of(setup.span.start)
                            .min(book.source.line_of(entry.span.start));
                    compare(&setup, board, above, out);
                    checked.insert(*index);
                }
            }
            Block::Code { .. } | Block::Html { .. } | Block::Rule { .. } => {}
        }
    }
}

/// Every difference between the stated setup and the diagram, at the
/// diagram's square. `lines_above` is how far above the diagram the text
/// states the setup (a count, not a line number, so that it does not
/// change with every line added above: the language server checks a
/// section alone).
pub fn compare(
    setup: &StatedSetup,
    diagram: &BoardDiagram,
    lines_above: usize,
    out: &mut Vec<Finding>,
) {
    let help = format!(
        "the setup is stated in the text {lines_above} line{} above the diagram",
        if lines_above == 1 { "" } else { "s" }
    );
    let board = &diagram.board;
    let mut found = Vec::new();
    for &color in &setup.colors {
        for role in Role::ALL {
            let piece = Piece::new(color, role);
            let stated: BTreeSet<Square> = setup
                .placements
                .iter()
                .filter(|p| p.piece == piece)
                .map(|p| p.square)
                .collect();
            let drawn: BTreeSet<Square> = board
                .pieces()
                .filter(|&(_, p)| p == piece)
                .map(|(sq, _)| sq)
                .collect();
            let mut missing: Vec<Square> = stated.difference(&drawn).copied().collect();
            let mut extra: Vec<Square> = drawn.difference(&stated).copied().collect();
            // Pair each stated square with the nearest drawn one, so a moved
            // piece is one finding naming both squares.
            while !missing.is_empty() && !extra.is_empty() {
                let (mi, ei) = nearest_pair(&missing, &extra);
                let (t, d) = (missing.remove(mi), extra.remove(ei));
                found.push((
                    d,
                    format!(
                        "the text puts the {} on {t}, the diagram on {d}",
                        piece.name()
                    ),
                ));
            }
            for t in missing {
                let there = match board.get(t) {
                    Some(p) => format!("a {} there", p.name()),
                    None => "nothing there".to_string(),
                };
                found.push((
                    t,
                    format!(
                        "the text puts the {} on {t}, the diagram has {there}",
                        piece.name()
                    ),
                ));
            }
            for d in extra {
                found.push((
                    d,
                    format!(
                        "the diagram has a {} on {d}, which the text does not place",
                        piece.name()
                    ),
                ));
            }
        }
    }
    // Top rank first, as the diagram reads.
    found.sort_by_key(|(sq, _)| (std::cmp::Reverse(sq.rank), sq.file));
    for (sq, message) in found {
        out.push(Finding::error(RULE, diagram.square_span(sq), message).with_help(help.clone()));
    }
}

fn nearest_pair(a: &[Square], b: &[Square]) -> (usize, usize) {
    let distance = |x: Square, y: Square| (x.file.abs_diff(y.file)).max(x.rank.abs_diff(y.rank));
    let mut best = (0, 0);
    let mut best_distance = u8::MAX;
    for (i, &x) in a.iter().enumerate() {
        for (j, &y) in b.iter().enumerate() {
            let d = distance(x, y);
            if d < best_distance {
                best = (i, j);
                best_distance = d;
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::SourceFile;

    const ANGLE: &str = "White: K d1, Q e1, B c1 f1, N b1 g1, R h1, P c2 d2 e2 f2 g2 h2;\nBlack K a4, Q a5, B a3 a6, N a2 a7, R a8, P b3 b4 b5 b6 b7 b8.\n";

    fn sq(name: &str) -> Square {
        parse_square(name).unwrap()
    }

    fn piece(c: char) -> Piece {
        Piece::from_char(c).unwrap()
    }

    /// The errors of `text`, as `line:col: message`.
    fn errors(text: &str) -> Vec<String> {
        let src = SourceFile::new("t.md", text);
        let (_, errors) = find_setups(text, 0);
        errors
            .iter()
            .map(|e| format!("{}: {}", src.line_col(e.span.start), e.message))
            .collect()
    }

    #[test]
    fn reads_both_sides_of_a_stated_setup() {
        let (setups, errors) = find_setups(ANGLE, 0);
        assert!(errors.is_empty(), "{errors:?}");
        let [setup] = &setups[..] else {
            panic!("{setups:?}")
        };
        assert_eq!(setup.colors, [Color::White, Color::Black]);
        assert_eq!(setup.placements.len(), 26);
        let board = setup.board();
        assert_eq!(board.get(sq("d1")), Some(piece('K')));
        assert_eq!(board.get(sq("e1")), Some(piece('Q')));
        assert_eq!(board.get(sq("a5")), Some(piece('q')));
        assert_eq!(board.get(sq("b8")), Some(piece('p')));
        assert_eq!(board.get(sq("a1")), None);
        // The span runs from `White` to the final full stop.
        assert_eq!(setup.span, Span::new(0, ANGLE.trim_end().len()));
    }

    #[test]
    fn prose_about_the_sides_is_not_a_list() {
        for text in [
            "Black pawns move to the right, all chess rules apply correspondingly.",
            "White has two sets of white pieces, Black has two sets of black pieces.",
            "Player Blue has White on the first board, Black on the second board.",
            "Black's move c7-c5 may be answered by b7-a8Qxc6.",
            "Blackwood: K e1.",
        ] {
            let (setups, errors) = find_setups(text, 0);
            assert!(setups.is_empty() && errors.is_empty(), "{text}");
        }
    }

    #[test]
    fn an_unknown_piece_letter_is_an_error_at_its_line() {
        assert_eq!(
            errors("Setup:\nWhite: K e1, X d1;\nBlack: K e8."),
            ["2:14: unknown piece letter `X`"]
        );
        assert_eq!(
            errors("White: K e1, q d1."),
            ["1:14: piece letters are upper case: `q` should be `Q`"]
        );
    }

    #[test]
    fn a_square_off_the_board_is_an_error_at_its_line() {
        assert_eq!(
            errors("White: K e1, R i1 a9.\nBlack: K e8."),
            ["1:16: `i1` is off the board", "1:19: `a9` is off the board"]
        );
    }

    #[test]
    fn two_pieces_on_one_square_are_an_error_at_the_second() {
        assert_eq!(
            errors("White: K e1, Q d1;\nBlack: K e8, R d1."),
            ["2:16: two pieces on d1: the white queen and the black rook"]
        );
        let (setups, _) = find_setups("White: K e1, Q d1;\nBlack: K e8, R d1.", 0);
        assert!(setups.is_empty(), "a setup with a problem is not compared");
    }

    #[test]
    fn other_malformed_lists_are_errors() {
        assert_eq!(
            errors("White: K e1, Q, R a1."),
            ["1:14: the white queen has no square"]
        );
        assert_eq!(
            errors("White: K e1 and Q d1."),
            ["1:13: `and` is neither a piece letter nor a square"]
        );
    }

    #[test]
    fn a_colour_listed_again_starts_the_next_setup() {
        let (setups, errors) = find_setups(
            "White: K e1; Black: K e8. Later, White: K f1; Black: K f8.",
            0,
        );
        assert!(errors.is_empty());
        assert_eq!(setups.len(), 2);
        assert_eq!(setups[1].board().get(sq("f1")), Some(piece('K')));
        // One side alone is a setup of that colour only.
        let (setups, _) = find_setups("White: K e1, P e2.", 0);
        assert_eq!(setups[0].colors, [Color::White]);
    }

    fn diagram(rows: &str) -> BoardDiagram {
        let text: String = rows.lines().map(|r| format!("    {r}\n")).collect();
        let src = SourceFile::new("d.md", text);
        let mut diags = Vec::new();
        let d = crate::diagram::parse_diagram(&src, Span::new(0, src.text.len()), &mut diags)
            .expect("a diagram");
        match d.kind {
            DiagramKind::Board(b) => b,
            _ => panic!("not a board"),
        }
    }

    fn findings(setup_text: &str, rows: &str) -> Vec<String> {
        let (setups, errors) = find_setups(setup_text, 0);
        assert!(errors.is_empty(), "{errors:?}");
        let mut out = Vec::new();
        compare(&setups[0], &diagram(rows), 1, &mut out);
        assert!(out.iter().all(|f| f.rule == RULE));
        out.into_iter().map(|f| f.message).collect()
    }

    const ANGLE_ROWS: &str = "r p . . . . . .\nn p . . . . . .\nb p . . . . . .\nq p . . . . . .\nk p . . . . . .\nb p . . . . . .\nn . P P P P P P\n. N B K Q B N R";

    #[test]
    fn a_diagram_that_shows_the_setup_passes() {
        assert!(findings(ANGLE, ANGLE_ROWS).is_empty());
    }

    #[test]
    fn a_moved_piece_is_named_with_both_squares() {
        let moved = ANGLE_ROWS.replace("q p . . . . . .\nk p", ". p . . . . . .\nq p");
        let found = findings(ANGLE, &moved);
        assert_eq!(
            found,
            [
                "the text puts the black queen on a5, the diagram on a4",
                "the text puts the black king on a4, the diagram has a black queen there",
            ]
        );
    }

    #[test]
    fn missing_and_extra_pieces_are_reported() {
        let rows = ANGLE_ROWS
            .replace("n . P P", "n N P P")
            .replace(". N B K Q B N R", ". N B K Q B N .");
        let found = findings(ANGLE, &rows);
        assert_eq!(
            found,
            [
                "the diagram has a white knight on b2, which the text does not place",
                "the text puts the white rook on h1, the diagram has nothing there",
            ]
        );
    }

    #[test]
    fn pieces_of_a_colour_the_text_does_not_list_are_not_compared() {
        let rows = "k . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\nK . . . . . . .";
        assert!(findings("White: K a1.", rows).is_empty());
        assert_eq!(
            findings("Black: K h8.", rows),
            ["the text puts the black king on h8, the diagram on a8"]
        );
    }

    fn book(text: &str) -> Book {
        let mut diags = Vec::new();
        let b = Book::parse(SourceFile::new("b.md", text), &mut diags);
        assert!(diags.is_empty(), "{diags:?}");
        b
    }

    #[test]
    fn the_first_diagram_after_the_setup_under_its_heading_is_compared() {
        let board = "    . . . . k . . .\n    . . . . . . . .\n    . . . . . . . .\n    . . . . . . . .\n    . . . . . . . .\n    . . . . . . . .\n    . . . . . . . .\n    . . . . K . . .\n";
        let text = format!(
            "## A Game\n\nWhite: K e1.\nBlack: K d8.\n\nSome words.\n\n{board}\nA later position.\n\n{board}\n## Another Game\n\nWhite: K a1.\n\n### Play\n\n{board}"
        );
        let b = book(&text);
        let mut out = Vec::new();
        let checked = check_book(&b, &mut out);
        // The first diagram of `A Game` only: the second is a later
        // position, and a heading ends the other setup's reach.
        assert_eq!(checked.into_iter().collect::<Vec<_>>(), [0]);
        let messages: Vec<&str> = out.iter().map(|f| f.message.as_str()).collect();
        assert_eq!(
            messages,
            ["the text puts the black king on d8, the diagram on e8"]
        );
        assert_eq!(b.source.line_of(out[0].span.start), 8);
        assert_eq!(
            out[0].help.as_deref(),
            Some("the setup is stated in the text 5 lines above the diagram")
        );
    }

    #[test]
    fn a_bad_list_in_a_book_is_a_finding_at_its_line() {
        let b = book("## A Game\n\nIntro.\n\nWhite: K e1, Z e2.\n");
        let mut out = Vec::new();
        let checked = check_book(&b, &mut out);
        assert!(checked.is_empty());
        assert_eq!(out.len(), 1);
        assert_eq!(b.source.line_col(out[0].span.start).to_string(), "5:14");
        assert_eq!(out[0].message, "unknown piece letter `Z`");
    }
}
