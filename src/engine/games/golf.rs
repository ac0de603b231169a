//! Chess Golf: pieces move only by borrowing the move of a same-colour
//! neighbour (or, for a side with no neighbouring pair, a king's move), and
//! the only captures are between the chosen piece types that the cards
//! name. Checked here: material (one set, no pawns), the setup dealt from
//! 16 cards, the chosen cards and the rings around the chosen pieces in the
//! problems, every move arrow, and the published solutions (replayed, goal
//! met, and with `--shortest` searched for shorter ones).
//!
//! Grey arrows are not validated: the first example's grey arrows show the
//! moves the text says are impossible (the e5 bishop's diagonal to the king,
//! the a2 bishop along the rank), so they illustrate, not move.
//!
//! The goal, read from the text and the published solutions: one piece of a
//! chosen type captures one piece of each other card's type. With two cards
//! that is one capture; with cards n, n, r (problem 2) a knight takes a
//! knight and a rook, and problem 3 (N, N, B) ends with a knight having taken
//! a bishop and a knight.

mod borrow;
pub mod search;

use std::collections::HashMap;
use std::time::Instant;

pub(crate) use borrow::{BorrowSteps, Captures, Chosen};

use crate::book::{Block, Book, DiagramEntry};
use crate::diagram::{
    Arrow, ArrowColour, Board, BoardDiagram, CardFace, Color, Piece, Role, Square,
};
use crate::engine::cards::{CardTable, DealError, deal_from};
use crate::engine::material::{self, MaterialRules, board_span};
use crate::engine::replay::{State, StepRules, replay};
use crate::engine::{DiagramContext, Finding, Game, Note, SectionContext};
use crate::source::Span;

pub struct Golf;

/// One set without pawns, nothing promoted. A bishop borrows any
/// neighbour's move and the setup deals pieces on any square, so it keeps
/// no colour of square (shared with Neighbour Chess Solitaire).
pub(crate) const MATERIAL: MaterialRules = MaterialRules {
    bishops_keep_colour: false,
    army: crate::engine::material::CHESS_ARMY,
    pieces_promote: false,
    ..MaterialRules::NO_PAWNS
};

/// A diagram with more cards than this lists a setup's draw order; fewer
/// name the chosen piece types (two, or more at higher difficulty).
const MAX_CHOSEN_CARDS: usize = 8;
/// The search's limits: solutions longer than this are not looked for when
/// the book's own solution fails, and no more states than this are stored.
/// The seeds' hardest problem takes 1.1 million states. A 16-piece problem
/// whose book solution fails took 153 s and 4.6 GB under a limit of 40
/// million, 3.5 s and 300 MB under this one.
const SEARCH_DEPTH: usize = 10;
const SEARCH_STATES: usize = 2_000_000;

impl Game for Golf {
    fn name(&self) -> &'static str {
        "Chess Golf"
    }

    fn fen_rules(&self) -> crate::engine::fen::FenRules<'static> {
        crate::engine::fen::FenRules::not(
            "Chess Golf is played by one player, who moves pieces of both colours, so its positions have no side to move",
        )
    }

    fn check_board(&self, cx: &DiagramContext, board: &BoardDiagram, out: &mut Vec<Finding>) {
        material::check(board, &MATERIAL, out);
        let problem = problem_heading(cx.book, cx.entry).is_some();
        let chosen = if board.cards.len() > MAX_CHOSEN_CARDS {
            check_deal(cx.cards, board, 16, "Chess Golf", out);
            check_deck_counts(board, out);
            Chosen::default()
        } else {
            chosen_cards(board, problem, out)
        };
        check_full_set(board, &chosen, out);
        let has_rings = board
            .arrows
            .iter()
            .any(|a| a.is_ring() && a.colour != ArrowColour::Grey);
        if problem || has_rings {
            check_rings(board, &chosen, out);
        }
        check_moves(board, Captures::Chosen(chosen), true, out);
    }

    fn check_section(&self, cx: &SectionContext, out: &mut Vec<Finding>, notes: &mut Vec<Note>) {
        check_solutions(cx, out, notes);
    }
}

/// Every white or black arrow (not a ring) is a borrowed move, made or
/// proposed, in whatever order works.
pub(crate) fn check_moves(
    board: &BoardDiagram,
    captures: Captures,
    special_king: bool,
    out: &mut Vec<Finding>,
) {
    let arrows: Vec<&Arrow> = crate::engine::games::common::move_arrows(board);
    if arrows.is_empty() || crate::engine::games::common::too_many_to_replay(&arrows, out) {
        return;
    }
    let rules = BorrowSteps {
        captures,
        special_king,
    };
    let start = State::new(board.board.clone());
    // Every arrow that cannot be a move is reported: the one blamed is set
    // aside and the others replayed again.
    let mut left = arrows;
    while let Err(f) = replay(&start, &left, &rules) {
        if f.is_over_budget() {
            out.push(f.finding("arrow", left[0].span));
            break;
        }
        // One arrow whose fault explains the whole failure is the one.
        let blame = crate::engine::replay::blame(&start, &left, &rules, f);
        if blame.only_fault {
            let arrow = left[blame.failure.arrow];
            out.push(Finding::error("arrow", arrow.span, blame.failure.reason));
            break;
        }
        let f = blame.failure;
        // A chain's broken link shows best on its own: prefer an arrow with
        // a piece at one end that fails even alone over a link whose squares
        // are empty only because the chain broke elsewhere.
        let alone = left.iter().enumerate().find_map(|(i, a)| {
            let color = crate::engine::replay::arrow_color(a)?;
            let ends = [a.from, a.to].map(|sq| start.piece(sq).map(|p| p.color));
            if !ends.contains(&Some(color)) {
                return None;
            }
            replay(&start, &[a], &rules).err().map(|e| (i, e.reason))
        });
        // A failure that blames no arrow and no arrow failing alone: one
        // report for the whole diagram.
        let blames_none = f.is_general() && alone.is_none();
        let (i, reason) = alone.unwrap_or((f.arrow.min(left.len() - 1), f.reason));
        let arrow = crate::engine::games::common::set_aside(&mut left, i);
        out.push(Finding::error("arrow", arrow.span, reason));
        if left.is_empty() || blames_none {
            break;
        }
    }
}

/// How many of a piece the Golf deck (one card per piece, no pawns) and
/// the setup hold.
fn deck_count(role: Role) -> usize {
    match role {
        Role::Pawn => 0,
        Role::Knight | Role::Bishop | Role::Rook => 2,
        Role::Queen | Role::King => 1,
    }
}

/// Whether the board holds no more of any piece than the deck has cards
/// for: each piece counted once (a count a piece was quadratic in the
/// pieces, and this runs for every position a replay tries).
fn within_deck(board: &Board) -> bool {
    let mut counts = [[0usize; 6]; 2];
    for (_, p) in board.pieces() {
        counts[p.color as usize][p.role as usize] += 1;
    }
    board
        .pieces()
        .all(|(_, p)| counts[p.color as usize][p.role as usize] <= deck_count(p.role))
}

/// The cards drawn come from the 16-card deck: no more cards of a piece
/// than the deck holds; a whole deal (`all`) holds every card once.
fn check_deck_counts(board: &BoardDiagram, out: &mut Vec<Finding>) {
    let mut seen: Vec<Piece> = Vec::new();
    for card in &board.cards {
        let CardFace::Piece(p) = card.face() else {
            continue;
        };
        seen.push(p);
        let n = seen.iter().filter(|&&q| q == p).count();
        let limit = deck_count(p.role);
        if p.role != Role::Pawn && n > limit {
            out.push(
                Finding::error(
                    "golf-card",
                    card.symbol_span,
                    format!(
                        "{} {} cards, but the deck holds {}",
                        n,
                        p.name(),
                        if limit == 1 {
                            "one".to_string()
                        } else {
                            limit.to_string()
                        }
                    ),
                )
                .with_help("the deck is one card per piece without the pawns: 16 cards"),
            );
        }
    }
}

/// Every puzzle starts with all 16 pieces (captured ones are put back
/// after each demonstration), and only the chosen types capture: a piece
/// missing from the board must be one a made move of the diagram captured.
fn check_full_set(board: &BoardDiagram, chosen: &Chosen, out: &mut Vec<Finding>) {
    let arrows: Vec<&Arrow> = crate::engine::games::common::move_arrows(board);
    // Too many to replay: `check_moves` says so.
    if arrows.len() > crate::engine::games::common::MAX_REPLAYED {
        return;
    }
    let steps = FromFullSet(BorrowSteps {
        captures: Captures::Chosen(chosen.clone()),
        special_king: true,
    });
    let state = State::new(board.board.clone());
    // Arrows that do not replay are reported by `check_moves`.
    let Ok(plan) = replay(&state, &arrows, &steps) else {
        return;
    };
    let start = plan.start;
    let mut missing = Vec::new();
    for color in [Color::White, Color::Black] {
        for role in [
            Role::King,
            Role::Queen,
            Role::Rook,
            Role::Bishop,
            Role::Knight,
        ] {
            let piece = Piece::new(color, role);
            let have = start.board.pieces().filter(|(_, p)| *p == piece).count();
            match deck_count(role).saturating_sub(have) {
                0 => {}
                1 => missing.push(format!("a {}", piece.name())),
                n => missing.push(format!("{n} {}s", piece.name())),
            }
        }
    }
    if !missing.is_empty() {
        out.push(
            Finding::error(
                "golf-pieces",
                board_span(board),
                format!(
                    "missing from the board: {}; but no capture in this diagram took them, and every puzzle starts with all 16 pieces",
                    missing.join(", ")
                ),
            )
            .with_help("captured pieces are put back on empty squares after each puzzle, and only the chosen types capture each other"),
        );
    }
}

/// Borrowed moves whose made captures took only pieces missing from the
/// full set of 16.
struct FromFullSet(BorrowSteps);

impl StepRules for FromFullSet {
    fn step(
        &self,
        state: &State,
        from: Square,
        to: Square,
        color: Color,
    ) -> Result<Vec<State>, String> {
        self.0.step(state, from, to, color)
    }

    /// A capture of a missing piece is tried before a quiet move, so the
    /// first reading found restores what it can.
    fn befores(&self, after: &State, from: Square, to: Square, color: Color) -> Vec<State> {
        let mut out: Vec<State> = self
            .0
            .befores(after, from, to, color)
            .into_iter()
            .filter(|b| within_deck(&b.board))
            .collect();
        out.sort_by_key(|b| b.piece(to).is_none());
        out
    }
}

/// The chosen types the cards name; a card that is not a piece (or is a
/// pawn, which Golf does not use) is a finding.
fn chosen_cards(board: &BoardDiagram, problem: bool, out: &mut Vec<Finding>) -> Chosen {
    let mut cards = Vec::new();
    for card in &board.cards {
        match card.face() {
            CardFace::Piece(p) if p.role != Role::Pawn => cards.push(p),
            CardFace::Piece(_) => out.push(Finding::error(
                "golf-card",
                card.symbol_span,
                format!(
                    "card {} is a pawn, and Chess Golf is played without pawns",
                    card.symbol
                ),
            )),
            _ => out.push(
                Finding::error(
                    "golf-card",
                    card.symbol_span,
                    format!("card {} does not name a piece type", card.symbol),
                )
                .with_help("the cards choose the piece types that may capture each other"),
            ),
        }
    }
    check_deck_counts(board, out);
    if problem && board.cards.len() < 2 {
        out.push(
            Finding::error(
                "golf-card",
                board.cards.first().map_or(board_span(board), |c| c.span),
                format!(
                    "a problem needs at least two cards to choose the piece types; this one has {}",
                    board.cards.len()
                ),
            )
            .with_help("the dealer draws two cards, or more at a higher difficulty level"),
        );
    }
    Chosen::new(cards)
}

/// The rings circle exactly the pieces of the chosen types, each in the
/// piece's own colour.
fn check_rings(board: &BoardDiagram, chosen: &Chosen, out: &mut Vec<Finding>) {
    let list = chosen.list();
    let mut ringed = Vec::new();
    for a in board
        .arrows
        .iter()
        .filter(|a| a.is_ring() && a.colour != ArrowColour::Grey)
    {
        let sq = a.from;
        ringed.push(sq);
        match board.board.get(sq) {
            None => out.push(Finding::error(
                "ring",
                a.span,
                format!("the ring on {sq} circles an empty square; rings circle the chosen pieces ({list})"),
            )),
            Some(p) if !chosen.is_chosen(p) => out.push(Finding::error(
                "ring",
                a.span,
                format!(
                    "the ring on {sq} circles a {}, which is not one of the chosen types ({list})",
                    p.name()
                ),
            )),
            Some(p) if a.colour.name() != p.color.name() => out.push(Finding::error(
                "ring",
                a.span,
                format!(
                    "the ring on {sq} is {} but circles a {}",
                    a.colour.name(),
                    p.name()
                ),
            )),
            Some(_) => {}
        }
    }
    let mut pieces: Vec<(Square, Piece)> = board.board.pieces().collect();
    pieces.sort_by_key(|(s, _)| (8 - s.rank, s.file));
    for (sq, p) in pieces {
        if chosen.is_chosen(p) && !ringed.contains(&sq) {
            out.push(
                Finding::error(
                    "ring",
                    board.square_span(sq),
                    format!(
                        "the {} on {sq} is of a chosen type ({list}) but is not circled",
                        p.name()
                    ),
                )
                .with_help(format!("add `arrow: {sq}, {sq}, {}`", p.color.name())),
            );
        }
    }
}

/// A setup dealt from cards (`cards::deal` with the book's gaps) must be the
/// board shown; `count` is how many cards the setup deals.
pub(crate) fn check_deal(
    table: &CardTable,
    board: &BoardDiagram,
    count: usize,
    game: &str,
    out: &mut Vec<Finding>,
) {
    if board.cards.len() != count
        && let Some(last) = board.cards.last()
    {
        out.push(Finding::error(
            "setup",
            last.span,
            format!(
                "a {game} setup deals {count} cards, but this diagram lists {}",
                board.cards.len()
            ),
        ));
    }
    let mut dealt = Board::default();
    let mut next = 0;
    // Which card put each square's piece, for the messages.
    let mut by: Vec<Option<usize>> = vec![None; 64];
    for (i, card) in board.cards.iter().enumerate() {
        match deal_from(dealt.clone(), next, &[card], table) {
            Ok((b, n)) => {
                dealt = b;
                by[n - 1] = Some(i);
                next = n;
            }
            Err(e) => {
                let message = match e {
                    DealError::NotAPiece(_) => {
                        format!("card {} shows no piece, so it cannot be dealt", card.symbol)
                    }
                    DealError::NoGap(_) => format!(
                        "the card table gives {} no gap, so it cannot be dealt (the setup uses no pawn cards)",
                        card.symbol
                    ),
                    DealError::OffTheBoard(_) => {
                        format!("dealing card {} runs past h8", card.symbol)
                    }
                };
                out.push(Finding::error("setup", card.symbol_span, message));
                return;
            }
        }
    }
    let mut differences = 0;
    for (i, card_index) in by.iter().enumerate() {
        let sq = Square::from_index(i);
        let (want, have) = (dealt.get(sq), board.board.get(sq));
        if want == have {
            continue;
        }
        differences += 1;
        if differences > 4 {
            continue;
        }
        let shown = have.map_or("an empty square".to_string(), |p| format!("a {}", p.name()));
        let message = match (want, *card_index) {
            (Some(p), Some(k)) => {
                let card = &board.cards[k];
                format!(
                    "dealing the cards puts a {} on {sq} (card {}, {}, after a gap of {}), but the diagram shows {shown}",
                    p.name(),
                    k + 1,
                    card.symbol,
                    table.gap(&card.symbol).unwrap_or(0)
                )
            }
            _ => format!("dealing the cards leaves {sq} empty, but the diagram shows {shown}"),
        };
        out.push(
            Finding::error("setup", board.square_span(sq), message).with_help(
                "cards are dealt from a1 along each rank to h8, leaving each card's gap of empty squares before its piece",
            ),
        );
    }
}

/// The heading (`#### Problem N`) just above a diagram, with N: found
/// from the diagram's own block back to the heading or diagram before it,
/// so each board costs its neighbourhood, not the book.
fn problem_heading(book: &Book, entry: &DiagramEntry) -> Option<(usize, Span)> {
    let is_entry = |b: &Block| match b {
        Block::Diagram { index, .. } => book
            .diagrams
            .get(*index)
            .is_some_and(|d| d.span == entry.span),
        _ => false,
    };
    // The top-level blocks stand in book order, and a diagram's block
    // starts where its entry does.
    let after = book
        .blocks
        .partition_point(|b| b.span().start <= entry.span.start);
    let at = match after.checked_sub(1) {
        Some(k) if is_entry(&book.blocks[k]) => k,
        // A diagram inside a list or a quote is no problem's diagram.
        _ => return None,
    };
    for block in book.blocks[..at].iter().rev() {
        match block {
            Block::Heading {
                level, title, span, ..
            } => {
                return (*level >= 3)
                    .then(|| problem_number(title).map(|n| (n, *span)))
                    .flatten();
            }
            // Only the first diagram under a problem heading is the problem.
            Block::Diagram { .. } => return None,
            _ => {}
        }
    }
    None
}

fn problem_number(title: &str) -> Option<usize> {
    title.trim().strip_prefix("Problem")?.trim().parse().ok()
}

/// One problem of the Golf section: its number, heading and diagram.
struct Problem<'a> {
    number: usize,
    heading: Span,
    entry: &'a DiagramEntry,
}

#[cfg(test)]
fn problems<'a>(book: &'a Book, slug: &str) -> Vec<Problem<'a>> {
    GolfBook::new(book).problems(book, slug)
}

/// The problems and published solutions of every Golf section of a book,
/// found in one pass over its blocks, so that checking each of many
/// sections does not read the whole book again.
struct GolfBook {
    /// Each section's problems (number, heading, diagram index), by slug.
    problems: HashMap<String, Vec<(usize, Span, usize)>>,
    /// Solutions under a "solution" heading, by the slug of the section
    /// they stand in.
    local: HashMap<String, Vec<Solution>>,
    /// Solutions under a heading with "golf" and "solution": every Golf
    /// section's.
    everywhere: Vec<Solution>,
}

impl GolfBook {
    fn new(book: &Book) -> GolfBook {
        let mut golf = GolfBook {
            problems: HashMap::new(),
            local: HashMap::new(),
            everywhere: Vec::new(),
        };
        // The slug of the `#`/`##` section the walk is in.
        let mut inside: Option<&str> = None;
        let mut pending: Option<(usize, Span)> = None;
        // Under a solutions heading: for every Golf section (`true`) or
        // for this one.
        let mut under: Option<bool> = None;
        for block in &book.blocks {
            match block {
                Block::Heading {
                    level,
                    title,
                    slug,
                    span,
                    ..
                } => {
                    if *level <= 2 {
                        inside = Some(slug);
                    }
                    pending = (*level >= 3)
                        .then(|| problem_number(title).map(|n| (n, *span)))
                        .flatten();
                    let title = title.to_lowercase();
                    under = (*level >= 3 && title.contains("solution"))
                        .then(|| title.contains("golf"))
                        .filter(|&golf| golf || inside.is_some());
                }
                Block::Diagram { index, .. } => {
                    if let (Some(slug), Some((number, heading))) = (inside, pending.take())
                        && book.diagrams.get(*index).is_some()
                    {
                        let list = golf.problems.entry(slug.to_string()).or_default();
                        list.push((number, heading, *index));
                    }
                }
                Block::List { span, .. } => {
                    let list = match (under, inside) {
                        (Some(true), _) => &mut golf.everywhere,
                        (Some(false), Some(slug)) => {
                            golf.local.entry(slug.to_string()).or_default()
                        }
                        _ => continue,
                    };
                    parse_list(&book.source.text, *span, list);
                }
                _ => {}
            }
        }
        golf
    }

    fn problems<'a>(&self, book: &'a Book, slug: &str) -> Vec<Problem<'a>> {
        let found = self.problems.get(slug).map_or(&[][..], Vec::as_slice);
        found
            .iter()
            .filter_map(|&(number, heading, index)| {
                Some(Problem {
                    number,
                    heading,
                    entry: book.diagrams.get(index)?,
                })
            })
            .collect()
    }

    /// The section's solutions and every Golf section's, in book order.
    fn solutions(&self, slug: &str) -> Vec<&Solution> {
        let local = self.local.get(slug).map_or(&[][..], Vec::as_slice);
        let mut all: Vec<&Solution> = local.iter().chain(&self.everywhere).collect();
        // Stable: items of one list keep their order.
        all.sort_by_key(|s| s.span.start);
        all
    }
}

/// One published solution: `2. e3g3, g1b6, ...`.
#[derive(Clone)]
struct Solution {
    number: usize,
    /// The number and its dot.
    number_span: Span,
    /// The whole item, for findings about the solution as a whole.
    span: Span,
    moves: Vec<(String, Span)>,
}

/// The numbered lists under a Golf solutions heading: a `###` heading with
/// "solution" in the Golf section, or with "golf" and "solution" anywhere.
#[cfg(test)]
fn solutions(book: &Book, slug: &str) -> Vec<Solution> {
    GolfBook::new(book)
        .solutions(slug)
        .into_iter()
        .cloned()
        .collect()
}

/// Reads `N. move, move, ...` items (with wrapped continuation lines)
/// from the list's source text, keeping each token's span.
fn parse_list(text: &str, span: Span, out: &mut Vec<Solution>) {
    let Some(list) = text.get(span.range()) else {
        return;
    };
    let mut offset = span.start;
    let mut current: Option<Solution> = None;
    for line in list.split_inclusive('\n') {
        let start = offset;
        offset += line.len();
        let body = line.trim_end();
        let indent = body.len() - body.trim_start().len();
        let trimmed = &body[indent..];
        let digits = trimmed.bytes().take_while(u8::is_ascii_digit).count();
        let numbered = digits > 0 && matches!(trimmed.as_bytes().get(digits), Some(b'.' | b')'));
        let rest_at = if numbered {
            if let Some(done) = current.take() {
                out.push(done);
            }
            let number = trimmed[..digits].parse().unwrap_or(0);
            let number_span = Span::new(start + indent, start + indent + digits + 1);
            current = Some(Solution {
                number,
                number_span,
                span: Span::new(start + indent, start + body.len()),
                moves: Vec::new(),
            });
            indent + digits + 1
        } else if trimmed.is_empty() {
            continue;
        } else {
            indent
        };
        let Some(sol) = current.as_mut() else {
            continue;
        };
        sol.span.end = start + body.len();
        let mut token_start = None;
        for (i, ch) in body.char_indices().skip_while(|&(i, _)| i < rest_at) {
            let sep = ch == ',' || ch.is_whitespace();
            match (sep, token_start) {
                (false, None) => token_start = Some(i),
                (true, Some(s)) => {
                    sol.moves
                        .push((body[s..i].to_string(), Span::new(start + s, start + i)));
                    token_start = None;
                }
                _ => {}
            }
        }
        if let Some(s) = token_start {
            sol.moves.push((
                body[s..].to_string(),
                Span::new(start + s, start + body.len()),
            ));
        }
    }
    if let Some(done) = current {
        out.push(done);
    }
}

fn parse_move(token: &str) -> Option<(Square, Square)> {
    let b = token.as_bytes();
    if b.len() != 4 {
        return None;
    }
    let sq = |f: u8, r: u8| {
        ((b'a'..=b'h').contains(&f) && (b'1'..=b'8').contains(&r))
            .then(|| Square::new(f - b'a', r - b'0'))
    };
    Some((sq(b[0], b[1])?, sq(b[2], b[3])?))
}

/// Each piece's captures so far, by the square it stands on.
struct Records {
    captured: Vec<Vec<Piece>>,
}

impl Records {
    fn new() -> Records {
        Records {
            captured: vec![Vec::new(); 64],
        }
    }

    fn play(&mut self, from: Square, to: Square, taken: Option<Piece>) {
        let mut mine = std::mem::take(&mut self.captured[from.index()]);
        mine.extend(taken);
        self.captured[to.index()] = mine;
    }

    /// The square of a piece that has taken one piece of each other card.
    fn winner(&self, board: &Board, chosen: &Chosen) -> Option<Square> {
        // Each piece the mover needs (the chosen types but its own card),
        // counted against what it has captured: every move of a replay
        // asks, so nothing is copied.
        board.pieces().find_map(|(sq, p)| {
            let own = chosen.cards.iter().position(|&c| c == p)?;
            let need = || {
                (chosen.cards.iter().enumerate())
                    .filter(move |&(j, _)| j != own)
                    .map(|(_, &c)| c)
            };
            let have = &self.captured[sq.index()];
            let all = need().all(|q| {
                have.iter().filter(|&&h| h == q).count() >= need().filter(|&r| r == q).count()
            });
            all.then_some(sq)
        })
    }
}

/// "a black knight capturing a black knight and a black rook, or ...".
fn describe_goal(chosen: &Chosen) -> String {
    let mut types = chosen.cards.clone();
    types.dedup();
    let parts: Vec<String> = types
        .iter()
        .filter_map(|&t| {
            let need = chosen.need(t)?;
            let names: Vec<String> = need.iter().map(|p| format!("a {}", p.name())).collect();
            Some(format!("a {} capturing {}", t.name(), names.join(" and ")))
        })
        .collect();
    parts.join(", or ")
}

fn moves_text(moves: &[(Square, Square)]) -> String {
    moves
        .iter()
        .map(|(a, b)| format!("{a}{b}"))
        .collect::<Vec<_>>()
        .join(", ")
}

fn check_solutions(cx: &SectionContext, out: &mut Vec<Finding>, notes: &mut Vec<Note>) {
    let book = cx.book;
    // Read once for the book, at its first Golf section.
    let index = cx.memo.get(|| GolfBook::new(book));
    let problems = index.problems(book, &cx.section.slug);
    let solutions = index.solutions(&cx.section.slug);
    for p in &problems {
        if !solutions.iter().any(|s| s.number == p.number) {
            out.push(Finding::warning(
                "golf-solution",
                p.heading,
                format!("problem {} has no published solution", p.number),
            ));
        }
    }
    for sol in &solutions {
        let Some(problem) = problems.iter().find(|p| p.number == sol.number) else {
            out.push(Finding::error(
                "golf-solution",
                sol.number_span,
                format!(
                    "solution {} has no matching \"Problem {}\" diagram in the Chess Golf section",
                    sol.number, sol.number
                ),
            ));
            continue;
        };
        let Some(board) = problem.entry.diagram.as_ref().and_then(|d| d.as_board()) else {
            // The diagram's own errors are reported by the parser.
            continue;
        };
        let cards: Vec<Piece> = board
            .cards
            .iter()
            .filter_map(|c| match c.face() {
                CardFace::Piece(p) if p.role != Role::Pawn => Some(p),
                _ => None,
            })
            .collect();
        if cards.len() < 2 {
            out.push(Finding::error(
                "golf-solution",
                sol.span,
                format!(
                    "problem {} does not choose two piece types, so its solution cannot be checked",
                    sol.number
                ),
            ));
            continue;
        }
        let chosen = Chosen::new(cards);
        let book_len = replay_solution(board, &chosen, sol, out);
        if cx.options.shortest {
            search_problem(board, &chosen, sol, book_len, out, notes);
        }
    }
}

/// Plays a published solution; returns its length when it is legal and
/// meets the goal with its last move.
fn replay_solution(
    board: &BoardDiagram,
    chosen: &Chosen,
    sol: &Solution,
    out: &mut Vec<Finding>,
) -> Option<usize> {
    let rules = BorrowSteps {
        captures: Captures::Chosen(chosen.clone()),
        special_king: true,
    };
    let mut state = State::new(board.board.clone());
    let mut records = Records::new();
    if sol.moves.is_empty() {
        out.push(Finding::error(
            "golf-solution",
            sol.span,
            format!("solution {} lists no moves", sol.number),
        ));
        return None;
    }
    for (i, (token, span)) in sol.moves.iter().enumerate() {
        let n = i + 1;
        let Some((from, to)) = parse_move(token) else {
            out.push(
                Finding::error(
                    "golf-solution",
                    *span,
                    format!(
                        "move {n} of solution {}, `{token}`, is not a move",
                        sol.number
                    ),
                )
                .with_help("write a move as its two squares, like d3b5"),
            );
            return None;
        };
        if let Some(sq) = records.winner(&state.board, chosen) {
            let p = state.board.get(sq).map(|p| p.name()).unwrap_or_default();
            out.push(Finding::error(
                "golf-solution",
                *span,
                format!(
                    "the goal is already met before move {n} of solution {} (the {p} on {sq} has made its captures); the solution should end there",
                    sol.number
                ),
            ));
            return None;
        }
        let color = state.board.get(from).map_or(Color::White, |p| p.color);
        let taken = state.board.get(to);
        match rules.step(&state, from, to, color) {
            Ok(mut afters) if !afters.is_empty() => {
                state = afters.swap_remove(0);
                records.play(from, to, taken);
            }
            Ok(_) | Err(_) => {
                let reason = rules
                    .step(&state, from, to, color)
                    .err()
                    .unwrap_or_else(|| format!("{from}{to} is not a move"));
                out.push(Finding::error(
                    "golf-solution",
                    *span,
                    format!(
                        "move {n} of solution {} ({token}) is illegal: {reason}",
                        sol.number
                    ),
                ));
                return None;
            }
        }
    }
    if records.winner(&state.board, chosen).is_none() {
        out.push(
            Finding::error(
                "golf-solution",
                sol.span,
                format!(
                    "after the {} moves of solution {}, the goal is not met",
                    sol.moves.len(),
                    sol.number
                ),
            )
            .with_help(format!("the goal: {}", describe_goal(chosen))),
        );
        return None;
    }
    Some(sol.moves.len())
}

fn search_problem(
    board: &BoardDiagram,
    chosen: &Chosen,
    sol: &Solution,
    book_len: Option<usize>,
    out: &mut Vec<Finding>,
    notes: &mut Vec<Note>,
) {
    let started = Instant::now();
    // Only shorter solutions matter when the book's is legal.
    let depth = book_len.map_or(SEARCH_DEPTH, |m| m.saturating_sub(1));
    let result = search::shortest(&board.board, chosen, depth, SEARCH_STATES);
    let ms = started.elapsed().as_millis();
    let n = sol.number;
    let text = match result {
        Err(why) => format!(
            "problem {n} was not searched: {}",
            match why {
                search::Unsearchable::TooManyPieces(k) =>
                    format!("{k} pieces, more than one set holds"),
                search::Unsearchable::TooManyCards(k) => format!(
                    "{k} cards, more than the search handles ({})",
                    search::MAX_CARDS
                ),
                search::Unsearchable::TooFewCards => "fewer than two cards".to_string(),
            }
        ),
        Ok(outcome) => {
            let states = outcome.states;
            match (&outcome.moves, book_len) {
                (Some(moves), _) => {
                    // The search only looks below a legal book solution's length.
                    let message = match book_len {
                        Some(m) => format!(
                            "a shorter solution exists: {} moves (the book gives {m}): {}",
                            moves.len(),
                            moves_text(moves)
                        ),
                        None => format!(
                            "a legal solution exists: {} moves (the book's does not work): {}",
                            moves.len(),
                            moves_text(moves)
                        ),
                    };
                    out.push(Finding::warning("golf-shortest", sol.span, message));
                    format!(
                        "searched problem {n}: {states} states in {ms} ms, shortest {} moves",
                        moves.len()
                    )
                }
                (None, Some(m)) if outcome.complete => {
                    format!("searched problem {n}: {states} states in {ms} ms, shortest {m} moves")
                }
                (None, _) => format!(
                    "searched problem {n}: {states} states in {ms} ms, no solution of at most {} moves{}",
                    outcome.proven_depth,
                    if outcome.complete {
                        ""
                    } else {
                        " (state limit reached)"
                    }
                ),
            }
        }
    };
    notes.push(Note {
        span: sol.span,
        text,
        kind: crate::engine::NoteKind::Measured,
    });
}

#[cfg(test)]
mod tests;
