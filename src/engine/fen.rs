//! A diagram's position as FEN, where its game's positions are chess
//! positions: pieces on the whole 8×8 board, two sides taking turns, and
//! nothing else on the board (no checkers, cards or stacks). Each game
//! says whether its positions are ([`Game::fen_rules`]); the engine then
//! reads what the diagram does not write down from its arrows, as the
//! check reads them:
//!
//! - the side to move: the side of the proposed moves, or the other side
//!   from the last made move (made moves whose order is free came in the
//!   order the diagram lists them); with no move arrows, Black if only
//!   Black is in check, else White;
//! - castling rights: from the squares, as the game reads them (a king on
//!   e1 with a rook on h1 may castle king-side; in Chess960 with the
//!   outermost rooks), less those of a king or rook that a made arrow
//!   moved;
//! - the en passant square: the square a made double step skipped, or the
//!   one a proposed en passant capture implies, in games that have en
//!   passant;
//! - the halfmove clock and the move number, which no diagram tells, as
//!   `0 1`.
//!
//! [`Game::fen_rules`]: super::Game::fen_rules

use crate::book::{Book, DiagramEntry};
use crate::diagram::{Arrow, BoardDiagram, Color, DiagramKind, Square};
use crate::engine::Options;
use crate::engine::chess::{CastlingInference, Position};
use crate::engine::games::common;
use crate::engine::replay::{self, State, StepRules};
use crate::engine::{BookGames, Place};

/// How a game's board diagrams read as chess positions, or why they
/// cannot.
pub enum FenRules<'a> {
    /// Its positions are chess positions: the arrows replay under `steps`,
    /// and castling rights are read from the squares by `castling`.
    Chess {
        steps: Box<dyn StepRules + 'a>,
        castling: CastlingInference,
    },
    /// Why a FEN cannot state its positions, in a clause that follows
    /// "no FEN: ".
    Not(String),
}

impl FenRules<'_> {
    pub fn not(reason: impl Into<String>) -> FenRules<'static> {
        FenRules::Not(reason.into())
    }
}

/// A diagram's position as FEN.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DiagramFen {
    pub fen: String,
    /// Castling as in Chess960: an analysis board must be told, since the
    /// rooks need not stand in the corners.
    pub chess960: bool,
}

impl DiagramFen {
    /// The variant an analysis board (lichess) knows the position by:
    /// `standard` or `chess960`.
    pub fn variant(&self) -> &'static str {
        if self.chess960 {
            "chess960"
        } else {
            "standard"
        }
    }
}

/// A diagram's FEN, or why it has none.
pub type FenResult = Result<DiagramFen, String>;

/// The FEN of every diagram of `book`, in the book's order (one per
/// `book.diagrams`).
pub fn book_fens(book: &Book, options: &Options) -> Vec<FenResult> {
    book_fens_with(book, &options.games().for_book(book))
}

/// [`book_fens`] with the book's games already found.
pub fn book_fens_with(book: &Book, games: &BookGames) -> Vec<FenResult> {
    book.diagrams
        .iter()
        .map(|entry| entry_fen(games, entry))
        .collect()
}

/// The FEN of one diagram of `book`, under the rules of the game of its
/// `##` section, or why it has none.
pub fn diagram_fen(book: &Book, entry: &DiagramEntry, options: &Options) -> FenResult {
    entry_fen(&options.games().for_book(book), entry)
}

/// The FEN of one diagram, under the rules `games` finds for it.
fn entry_fen(games: &BookGames, entry: &DiagramEntry) -> FenResult {
    let Some(diagram) = &entry.diagram else {
        return Err("the diagram has errors (run `check` to see them)".to_string());
    };
    let board = match &diagram.kind {
        DiagramKind::Board(b) => b,
        DiagramKind::Grid(g) => {
            return Err(format!(
                "it is a `type: {}` grid, not a board",
                g.type_name()
            ));
        }
    };
    let game = match games.place(entry) {
        Place::Game(game, _) => game,
        Place::Nowhere => {
            return Err(
                "it stands under no `##` game heading, so no game says it is a chess position"
                    .to_string(),
            );
        }
        Place::Stray(i) => {
            return Err(format!(
                "it stands under `{}`, which starts no game, so no game says it is a chess position",
                games.stray_text(i)
            ));
        }
        Place::Unknown(section) => {
            return Err(format!(
                "no rules are known for `{}`, so nothing says its diagrams are chess positions",
                section.title
            ));
        }
    };
    board_fen(board, &game.fen_rules())
}

/// The FEN of a board diagram under `rules`, or why it has none.
pub fn board_fen(board: &BoardDiagram, rules: &FenRules) -> FenResult {
    let (steps, castling) = match rules {
        FenRules::Chess { steps, castling } => (steps.as_ref(), *castling),
        FenRules::Not(reason) => return Err(reason.clone()),
    };
    if let Some(side) = cropped_side(board) {
        return Err(format!(
            "its margins cut off the board's {side} edge, so it shows only part of the board"
        ));
    }
    let fen = position(board, steps, castling)?.fen();
    // What is written reads back as it was written, or is not given.
    match Position::from_fen(&fen) {
        Ok(back) if back.fen() == fen => {}
        Ok(back) => {
            return Err(format!(
                "its position's FEN {fen} reads back as {}",
                back.fen()
            ));
        }
        Err(e) => return Err(format!("its position's FEN {fen} does not read back: {e}")),
    }
    Ok(DiagramFen {
        fen,
        chess960: castling == CastlingInference::Chess960,
    })
}

/// The side whose margin is negative enough to cut squares off: a margin
/// of -1/3 removes only the frame of coordinates.
fn cropped_side(board: &BoardDiagram) -> Option<&'static str> {
    const FRAME: f64 = 1.0 / 3.0 + 1e-6;
    let m = &board.margins;
    [
        (m.left, "left"),
        (m.top, "top"),
        (m.right, "right"),
        (m.bottom, "bottom"),
    ]
    .into_iter()
    .find(|&(margin, _)| margin < -FRAME)
    .map(|(_, side)| side)
}

/// The diagram's position: its pieces, with the side to move, castling
/// rights and en passant square its arrows tell.
fn position(
    board: &BoardDiagram,
    steps: &dyn StepRules,
    castling: CastlingInference,
) -> Result<Position, String> {
    let state = State::new(board.board.clone());
    let arrows = common::move_arrows(board);
    if arrows.len() > common::MAX_REPLAYED {
        return Err(format!(
            "it has {} move arrows, more than the {} the engine replays, so the side to move is unknown",
            arrows.len(),
            common::MAX_REPLAYED
        ));
    }
    let mut plan = replay::replay(&state, &arrows, steps).map_err(|f| {
        format!(
            "its arrows cannot be read as moves ({}), so the side to move is unknown",
            f.reason
        )
    })?;
    // Made moves that could have come in more than one order came in the
    // order the diagram lists them, when that order is legal.
    let mut listed = plan.made.clone();
    listed.sort_unstable();
    if listed != plan.made
        && let Some(en_passant) = replays_in_order(&plan.start, &state, &arrows, &listed, steps)
    {
        plan.made = listed;
        plan.en_passant = en_passant;
    }
    let turn = common::side_to_move(&arrows, &plan).unwrap_or_else(|| {
        let black = common::orthodox_in_check(&state, Color::Black);
        let white = common::orthodox_in_check(&state, Color::White);
        if black && !white {
            Color::Black
        } else {
            Color::White
        }
    });
    let mut pos = Position::from_board(&board.board, turn, castling);
    // A king or rook that a made arrow moved (or that stands where one
    // arrived) has moved: it may no longer castle.
    let moved: Vec<Square> = plan
        .made
        .iter()
        .flat_map(|&i| [arrows[i].from, arrows[i].to])
        .collect();
    // A side with more than one king castles with none of them.
    for color in [Color::White, Color::Black] {
        let kings = pos.kings(color);
        let king_moved = kings
            .iter()
            .any(|k| k.rank == back_rank(color) && moved.contains(&k));
        let mut rooks = pos.castling_rooks(color);
        for sq in rooks.iter().collect::<Vec<_>>() {
            if king_moved || kings.len() != 1 || moved.contains(&sq) {
                rooks.remove(sq);
            }
        }
        pos.set_castling_rooks(color, rooks);
    }
    // The square a double step skipped, when the side to move is the one
    // that may take it.
    let skipped = plan.en_passant.filter(|sq| {
        steps.en_passant()
            && match turn {
                Color::White => sq.rank == 6,
                Color::Black => sq.rank == 3,
            }
    });
    pos.set_ep_square(skipped);
    Ok(pos)
}

/// Whether the made arrows `order` replay one after the other from
/// `start` to the diagram's `now`; if so, the square the last one skipped
/// with a double step.
fn replays_in_order(
    start: &State,
    now: &State,
    arrows: &[&Arrow],
    order: &[usize],
    steps: &dyn StepRules,
) -> Option<Option<Square>> {
    let mut states = vec![start.clone()];
    for &i in order {
        let a = arrows[i];
        let color = replay::arrow_color(a)?;
        let next: Vec<State> = states
            .iter()
            .filter_map(|s| steps.step(s, a.from, a.to, color).ok())
            .flatten()
            .collect();
        if next.is_empty() {
            return None;
        }
        states = next;
    }
    states
        .into_iter()
        .find(|s| now.is_reached_by(s))
        .map(|s| s.en_passant)
}

fn back_rank(color: Color) -> u8 {
    match color {
        Color::White => 1,
        Color::Black => 8,
    }
}

/// The rules of orthodox chess, for a board that belongs to no book (a
/// FEN read back from its diagram lines).
pub fn orthodox() -> FenRules<'static> {
    FenRules::Chess {
        steps: Box::new(replay::OrthodoxSteps::new(
            crate::engine::chess::Rules::STANDARD,
        )),
        castling: CastlingInference::Standard,
    }
}

/// The diagram lines of a FEN's position, four spaces in as a rulebook
/// holds them: the eight board rows, and, when the FEN has an en passant
/// square, the double step that skipped it as a made arrow (the one line
/// of the language that tells the side to move and the en passant
/// square). Also what the lines cannot tell: each field of the FEN that
/// the engine would read differently from them.
pub fn diagram_lines(pos: &Position) -> (String, Vec<String>) {
    let board = pos.to_board();
    let mut text = String::new();
    for row in board.rows() {
        text.push_str("    ");
        text.push_str(&row);
        text.push('\n');
    }
    if let Some(sq) = pos.ep_square() {
        // White skipped a square on rank 3, Black one on rank 6.
        let (color, from, to) = if sq.rank == 3 {
            ("white", 2, 4)
        } else {
            ("black", 7, 5)
        };
        let file = sq.file_char();
        text.push_str(&format!("    arrow: {file}{from}, {file}{to}, {color}\n"));
    }
    let mut lost = Vec::new();
    let back = read_back(&text);
    let fields = |fen: &str| -> Vec<String> { fen.split(' ').map(str::to_string).collect() };
    let wanted = fields(&pos.fen());
    match back {
        Ok(read) => {
            let got = fields(&read);
            const NAMES: [&str; 6] = [
                "board",
                "side to move",
                "castling",
                "en passant square",
                "halfmove clock",
                "fullmove number",
            ];
            for (i, name) in NAMES.iter().enumerate() {
                if wanted.get(i) != got.get(i) {
                    lost.push(format!(
                        "the FEN's {name} is `{}`, but the engine reads `{}` from these lines",
                        wanted.get(i).map_or("", String::as_str),
                        got.get(i).map_or("", String::as_str)
                    ));
                }
            }
        }
        Err(reason) => lost.push(format!(
            "the engine reads no FEN back from these lines: {reason}"
        )),
    }
    (text, lost)
}

/// The FEN the engine reads from diagram lines under orthodox rules.
fn read_back(text: &str) -> Result<String, String> {
    let src = crate::source::SourceFile::new("<fen>", text);
    let mut diags = Vec::new();
    let span = crate::source::Span::new(0, text.len());
    let diagram = crate::diagram::parse_diagram(&src, span, &mut diags)
        .ok_or_else(|| "the lines do not parse".to_string())?;
    let board = diagram
        .as_board()
        .ok_or_else(|| "the lines are no board".to_string())?;
    board_fen(board, &orthodox()).map(|f| f.fen)
}

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};

    use super::*;
    use crate::book::Book;
    use crate::settings::{Flags, Settings};
    use crate::source::{SourceFile, Span};

    /// The bundled books, each with the games of the settings beside it.
    const BOOKS: &[&str] = &[
        "rules/rules.md",
        "rules/new_rules.md",
        "rules/karl.md",
        "tests/seeds/rules.md",
        "tests/seeds/new_rules.md",
        "tests/seeds/crowded_rules.md",
        "tests/seeds/karls_variants.md",
        "tests/seeds/published_rules.md",
    ];

    fn options_for(dir: &Path) -> Options {
        let settings = Settings::resolve(&[dir.to_path_buf()], &Flags::default());
        assert!(settings.problems.is_empty(), "{:?}", settings.problems);
        settings.engine_options(false)
    }

    fn load(path: &str) -> Book {
        let mut diags = Vec::new();
        Book::load(Path::new(path), &mut diags).expect("the book loads")
    }

    /// A book of one section holding `diagram` (its rows and lines).
    fn book_of(game: &str, diagram: &str) -> Book {
        let lines: String = diagram
            .lines()
            .map(|l| format!("    {}\n", l.trim()))
            .collect();
        let text = format!("## {game}\n\nA diagram.\n\n{lines}");
        let mut diags = Vec::new();
        let book = Book::parse(SourceFile::new("t.md", text), &mut diags);
        assert!(diags.is_empty(), "{diags:?}");
        book
    }

    fn fen_of(game: &str, diagram: &str) -> FenResult {
        fen_with(game, diagram, &Options::default())
    }

    fn fen_with(game: &str, diagram: &str, options: &Options) -> FenResult {
        let book = book_of(game, diagram);
        diagram_fen(&book, &book.diagrams[0], options)
    }

    fn parse_board(text: &str) -> crate::diagram::Board {
        let src = SourceFile::new("lines.md", text);
        let mut diags = Vec::new();
        let d = crate::diagram::parse_diagram(&src, Span::new(0, text.len()), &mut diags)
            .unwrap_or_else(|| panic!("{diags:?}\n{text}"));
        d.as_board().expect("a board").board.clone()
    }

    const START: &str = "r n b q k b n r
        p p p p p p p p
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        P P P P P P P P
        R N B Q K B N R";

    /// Board to FEN to diagram lines to the same board, for every diagram
    /// of the bundled books that has a FEN; and the FEN reads back as it
    /// was written.
    #[test]
    fn every_bundled_diagram_with_a_fen_round_trips() {
        let mut with_fen = 0;
        let mut without = 0;
        for path in BOOKS {
            let dir = Path::new(path).parent().map(PathBuf::from).unwrap();
            let book = load(path);
            let fens = book_fens(&book, &options_for(&dir));
            assert_eq!(fens.len(), book.diagrams.len(), "{path}");
            for (entry, fen) in book.diagrams.iter().zip(&fens) {
                let Ok(fen) = fen else {
                    without += 1;
                    continue;
                };
                with_fen += 1;
                let at = format!("{path}, diagram {}", entry.image_name);
                let pos = Position::from_fen(&fen.fen).unwrap_or_else(|e| panic!("{at}: {e}"));
                assert_eq!(pos.fen(), fen.fen, "{at}");
                let (lines, _) = diagram_lines(&pos);
                let board = &entry.diagram.as_ref().unwrap().as_board().unwrap().board;
                assert_eq!(&parse_board(&lines), board, "{at}:\n{lines}");
                assert_eq!(lines.lines().take(8).count(), 8, "{at}");
            }
        }
        // The chess positions of Zombie, Two Move, Crowded House,
        // Cooperative Chess and Chess960, in both editions.
        assert_eq!(with_fen, 32, "diagrams with a FEN");
        assert!(without > 60, "{without} diagrams without a FEN");
    }

    /// Every board of a game whose positions are chess positions, in the
    /// bundled books, has a FEN: none is refused for its arrows or margins.
    #[test]
    fn every_bundled_board_of_a_chess_game_has_a_fen() {
        for path in BOOKS {
            let dir = Path::new(path).parent().map(PathBuf::from).unwrap();
            let options = options_for(&dir);
            let book = load(path);
            for entry in &book.diagrams {
                let chess = crate::engine::game_of(&book, entry, &options)
                    .is_some_and(|g| matches!(g.fen_rules(), FenRules::Chess { .. }));
                let board = entry.diagram.as_ref().and_then(|d| d.as_board());
                if chess && board.is_some() {
                    let fen = diagram_fen(&book, entry, &options);
                    assert!(fen.is_ok(), "{path} {}: {fen:?}", entry.image_name);
                }
            }
        }
    }

    #[test]
    fn the_side_to_move_follows_the_arrows() {
        // No arrow: White.
        assert_eq!(
            fen_of("Zombie Chess", START).unwrap().fen,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        );
        // A made double step: Black to move, with its en passant square.
        let e4 = {
            let mut rows: Vec<String> = START.lines().map(|l| l.trim().to_string()).collect();
            rows[4] = ". . . . P . . .".to_string();
            rows[6] = "P P P P . P P P".to_string();
            rows.join("\n")
        };
        assert_eq!(
            fen_of("Zombie Chess", &format!("{e4}\narrow: e2, e4, white"))
                .unwrap()
                .fen,
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
        );
        // A proposed move: its side to move.
        assert_eq!(
            fen_of("Zombie Chess", &format!("{START}\narrow: g8, f6, black"))
                .unwrap()
                .fen,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1"
        );
        // In a game without en passant, no en passant square.
        assert_eq!(
            fen_of("Two Move Chess", &format!("{e4}\narrow: e2, e4, white"))
                .unwrap()
                .fen,
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
        );
    }

    #[test]
    fn a_proposed_en_passant_capture_implies_the_double_step() {
        let board = "r n b q k b n r
            p p p . p p p p
            . . . . . . . .
            . . . p P . . .
            . . . . . . . .
            . . . . . . . .
            P P P P . P P P
            R N B Q K B N R
            arrow: e5, d6, white";
        assert_eq!(
            fen_of("Zombie Chess", board).unwrap().fen,
            "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 1"
        );
    }

    #[test]
    fn the_side_in_check_is_to_move_when_no_arrow_tells() {
        let checked = ". . . . k . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            . . . . R . . .
            . . . . K . . .";
        assert_eq!(
            fen_of("Zombie Chess", checked).unwrap().fen,
            "4k3/8/8/8/8/8/4R3/4K3 b - - 0 1"
        );
    }

    #[test]
    fn a_king_or_rook_that_moved_may_not_castle() {
        // The a1 rook has just come back from a4: it stands in its corner,
        // but has moved.
        let board = START.replace("P P P P P P P P", ". P P P P P P P");
        assert_eq!(
            fen_of("Zombie Chess", &format!("{board}\narrow: a4, a1, white"))
                .unwrap()
                .fen,
            "rnbqkbnr/pppppppp/8/8/8/8/1PPPPPPP/RNBQKBNR b Kkq - 0 1"
        );
        // The king came back to e1: neither side's castling is left.
        let board = START.replace("P P P P P P P P", "P P P . P P P P");
        assert_eq!(
            fen_of("Zombie Chess", &format!("{board}\narrow: d2, e1, white"))
                .unwrap()
                .fen,
            "rnbqkbnr/pppppppp/8/8/8/8/PPP1PPPP/RNBQKBNR b kq - 0 1"
        );
    }

    /// Found by the fuzzer: with two kings on its back rank, a side had
    /// castling rights that no FEN reader takes.
    #[test]
    fn a_side_with_two_kings_has_no_castling_rights() {
        let board = START.replace("R N B Q K B N R", "R N B Q K K N R");
        assert_eq!(
            fen_of("Zombie Chess", &board).unwrap().fen,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKKNR w kq - 0 1"
        );
    }

    #[test]
    fn made_moves_in_either_order_come_in_the_listed_order() {
        let two = ". . . . . . . k
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            K . . . . . . .";
        // White's move listed last: Black to move; and the other way.
        let white_last = format!("{two}\narrow: h7, h8, black\narrow: b1, a1, white");
        assert!(
            fen_of("Zombie Chess", &white_last)
                .unwrap()
                .fen
                .contains(" b "),
        );
        let black_last = format!("{two}\narrow: b1, a1, white\narrow: h7, h8, black");
        assert!(
            fen_of("Zombie Chess", &black_last)
                .unwrap()
                .fen
                .contains(" w "),
        );
    }

    #[test]
    fn chess960_castling_is_read_from_the_outermost_rooks() {
        let board = "b n r q k b n r
            p p p p p p p p
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            P P P P P P P P
            B N R Q K B N R";
        let fen = fen_of("Chess960", board).unwrap();
        assert_eq!(
            fen.fen,
            "bnrqkbnr/pppppppp/8/8/8/8/PPPPPPPP/BNRQKBNR w KQkq - 0 1"
        );
        assert!(fen.chess960);
        assert_eq!(fen.variant(), "chess960");
        assert_eq!(fen_of("Zombie Chess", START).unwrap().variant(), "standard");
    }

    /// Diagrams that are no chess position are refused, each with its reason.
    #[test]
    fn diagrams_that_are_no_chess_position_are_refused_with_their_reason() {
        let refused = |game: &str, diagram: &str| fen_of(game, diagram).unwrap_err();
        // A game whose positions hold checkers.
        assert_eq!(
            refused("Tar Pit Chess", START),
            "Tar Pit Chess puts checkers under pieces, which a FEN cannot hold"
        );
        // A game for one player.
        assert!(refused("Chess Golf", START).contains("no side to move"));
        // Both sides at once.
        assert!(refused("Synchronous Chess", START).contains("both players move at once"));
        // A card layout: the board hidden, only cards shown.
        let cards = format!("{START}\nmargins: -9, 0, 4, 0\ncard: K, 0, 0");
        assert_eq!(
            refused("Zombie Chess", &cards),
            "its margins cut off the board's left edge, so it shows only part of the board"
        );
        // A cut-down board.
        let cut = format!("{START}\nmargins: -1.333, 0");
        assert!(refused("Zombie Chess", &cut).contains("shows only part of the board"));
        // The frame alone may go.
        assert!(fen_of("Zombie Chess", &format!("{START}\nmargins: -0.333, 0")).is_ok());
        // A grid.
        assert_eq!(
            refused(
                "Masquerade Chess",
                "type: masquerade\n. K Q R B N combo\nK O . . . . _"
            ),
            "it is a `type: masquerade` grid, not a board"
        );
        // A game with no rules, and no game at all.
        assert_eq!(
            refused("Angle Chess", START),
            "no rules are known for `Angle Chess`, so nothing says its diagrams are chess positions"
        );
        let text = format!(
            "Intro.\n\n    {}\n",
            START
                .lines()
                .map(str::trim)
                .collect::<Vec<_>>()
                .join("\n    ")
        );
        let mut diags = Vec::new();
        let book = Book::parse(SourceFile::new("t.md", text), &mut diags);
        assert!(
            diagram_fen(&book, &book.diagrams[0], &Options::default())
                .unwrap_err()
                .contains("no `##` game heading")
        );
        // Arrows that are no moves: the side to move is unknown.
        let bad = format!("{START}\narrow: e2, e5, white");
        assert!(refused("Zombie Chess", &bad).contains("cannot be read as moves"));
    }

    #[test]
    fn a_configured_game_on_a_cut_board_or_with_holes_is_refused() {
        let config: crate::config::Config = toml::from_str(
            "[[variant]]\ngame = \"Small Chess\"\nboard = \"b2-g7\"\n\n[[variant]]\ngame = \"Hole Chess\"\nholes = [\"d4\"]\n\n[[variant]]\ngame = \"Plain Chess\"\ncastling = false\n",
        )
        .unwrap();
        let mut diags = Vec::new();
        let options = Options {
            variants: crate::engine::variants::Variants::from_config(
                &config.variants,
                None,
                &mut diags,
            ),
            ..Options::default()
        };
        assert!(diags.is_empty(), "{diags:?}");
        assert_eq!(
            fen_with("Small Chess", START, &options).unwrap_err(),
            "`Small Chess` is played on the 6×6 board (files b–g, ranks 2–7), not the whole 8×8 board"
        );
        assert_eq!(
            fen_with("Hole Chess", START, &options).unwrap_err(),
            "`Hole Chess` takes d4 off the board, which a FEN cannot show"
        );
        // Standard chess without castling: no castling rights.
        assert_eq!(
            fen_with("Plain Chess", START, &options).unwrap().fen,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"
        );
    }

    #[test]
    fn diagram_lines_carry_the_en_passant_square_as_the_double_step() {
        let pos =
            Position::from_fen("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
                .unwrap();
        let (lines, lost) = diagram_lines(&pos);
        assert_eq!(
            lines,
            "    r n b q k b n r
    p p p . p p p p
    . . . . . . . .
    . . . . . . . .
    . . . p P . . .
    . . . . . . . .
    P P P P . P P P
    R N B Q K B N R
    arrow: e2, e4, white
"
        );
        assert!(lost.is_empty(), "{lost:?}");
        // What the lines cannot say: Black to move without an en passant
        // square, castling the squares would allow, the counters.
        let pos = Position::from_fen("4k3/8/8/8/8/8/8/4K2R b - - 3 40").unwrap();
        let (_, lost) = diagram_lines(&pos);
        assert_eq!(
            lost,
            vec![
                "the FEN's side to move is `b`, but the engine reads `w` from these lines",
                "the FEN's castling is `-`, but the engine reads `K` from these lines",
                "the FEN's halfmove clock is `3`, but the engine reads `0` from these lines",
                "the FEN's fullmove number is `40`, but the engine reads `1` from these lines",
            ]
        );
    }
}
