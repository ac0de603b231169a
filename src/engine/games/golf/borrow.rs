//! Borrowed moves, shared by Chess Golf and Neighbour Chess Solitaire: a
//! piece moves only as one of its same-colour neighbours (the 8 squares
//! around it) would.

use crate::diagram::{Board, Color, Piece, Role, Square};
use crate::engine::chess::{LineKind, SquareSet, king_attacks, line_kind, reach, squares_between};
use crate::engine::material::MaterialRules;
use crate::engine::replay::{State, StepRules};

/// The chosen piece types of a Golf turn, one per card (a multiset).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Chosen {
    pub cards: Vec<Piece>,
}

impl Chosen {
    pub fn new(mut cards: Vec<Piece>) -> Chosen {
        cards.sort();
        Chosen { cards }
    }

    /// The other cards once one card of `piece`'s type is taken by it.
    pub fn need(&self, piece: Piece) -> Option<Vec<Piece>> {
        let i = self.cards.iter().position(|&c| c == piece)?;
        let mut rest = self.cards.clone();
        rest.remove(i);
        Some(rest)
    }

    /// "You may only capture one of the chosen piece types with the other
    /// one": the capturer matches one card and its victim another.
    pub fn can_capture(&self, capturer: Piece, target: Piece) -> bool {
        // `need` without its copy: a replay asks this of every capture.
        let Some(i) = self.cards.iter().position(|&c| c == capturer) else {
            return false;
        };
        self.cards
            .iter()
            .enumerate()
            .any(|(j, &c)| j != i && c == target)
    }

    pub fn is_chosen(&self, piece: Piece) -> bool {
        self.cards.contains(&piece)
    }

    /// `K, b`
    pub fn list(&self) -> String {
        self.cards
            .iter()
            .map(|p| p.char().to_string())
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// Which captures a borrowing game allows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Captures {
    /// Chess Golf: only between the chosen types.
    Chosen(Chosen),
    /// Neighbour Chess Solitaire: none.
    None,
}

/// The same-colour neighbours of the piece on `from`.
pub fn lenders(board: &Board, from: Square, color: Color) -> Vec<(Square, Piece)> {
    king_attacks(from)
        .iter()
        .filter_map(|sq| board.get(sq).map(|p| (sq, p)))
        .filter(|(_, p)| p.color == color)
        .collect()
}

/// Two pieces of `color` next to each other, if any.
pub fn first_pair(board: &Board, color: Color) -> Option<(Square, Square)> {
    board
        .pieces()
        .filter(|(_, p)| p.color == color)
        .find_map(|(sq, _)| lenders(board, sq, color).first().map(|&(n, _)| (sq, n)))
}

/// Borrowed moves as replay steps.
pub struct BorrowSteps {
    pub captures: Captures,
    /// Golf's special move: a side with no neighbouring pair may make king's moves.
    pub special_king: bool,
}

impl BorrowSteps {
    /// Why the piece on `from` may not take what stands on `to`, if it may not.
    fn capture_refusal(&self, mover: Piece, target: Piece, to: Square) -> Option<String> {
        match &self.captures {
            Captures::None => Some(format!(
                "{to} holds a {}, and in this game pieces never capture",
                target.name()
            )),
            Captures::Chosen(chosen) if chosen.cards.is_empty() => Some(format!(
                "{to} holds a {}, and no cards choose the piece types that may capture",
                target.name()
            )),
            Captures::Chosen(chosen) if !chosen.can_capture(mover, target) => Some(format!(
                "{to} holds a {}; only the chosen pieces ({}) may capture each other, and a {} taking a {} is not such a capture",
                target.name(),
                chosen.list(),
                mover.name(),
                target.name()
            )),
            Captures::Chosen(_) => None,
        }
    }
}

fn with_article(role: Role) -> String {
    format!("the {}'s move", role.name())
}

impl StepRules for BorrowSteps {
    fn step(
        &self,
        state: &State,
        from: Square,
        to: Square,
        color: Color,
    ) -> Result<Vec<State>, String> {
        let board = &state.board;
        if !from.is_on_board() || !to.is_on_board() {
            return Err(format!("{from}–{to} leaves the board"));
        }
        let Some(mover) = board.get(from) else {
            return Err(format!("there is no piece on {from} to move to {to}"));
        };
        if mover.color != color {
            return Err(format!(
                "the piece on {from} is a {}, but the arrow is {}",
                mover.name(),
                color.name()
            ));
        }
        // Named only for a refusal: a replay tries many moves that succeed.
        let who = || format!("the {} on {from}", mover.name());
        if from == to {
            return Err(format!("{} does not move", who()));
        }
        if let Some(target) = board.get(to)
            && let Some(reason) = self.capture_refusal(mover, target, to)
        {
            return Err(format!("{} cannot move to {to}: {reason}", who()));
        }
        let lent = lenders(board, from, color);
        let pair = first_pair(board, color);
        let special = self.special_king && pair.is_none();
        let reaches = |role: Role| reach(board, from, role, color).all().contains(to);
        if lent.iter().any(|&(_, p)| reaches(p.role)) || (special && reaches(Role::King)) {
            let mut after = state.clone();
            let ring = after.ring(from);
            after.board.set(to, Some(mover));
            after.board.set(from, None);
            after.set_ring(from, None);
            after.set_ring(to, ring);
            return Ok(vec![after]);
        }
        Err(explain(
            board,
            &who(),
            from,
            to,
            color,
            &lent,
            special,
            self,
            pair,
        ))
    }

    fn material(&self) -> MaterialRules {
        super::MATERIAL
    }
}

#[allow(clippy::too_many_arguments)]
fn explain(
    board: &Board,
    who: &str,
    from: Square,
    to: Square,
    color: Color,
    lent: &[(Square, Piece)],
    special: bool,
    rules: &BorrowSteps,
    pair: Option<(Square, Square)>,
) -> String {
    if lent.is_empty() && !special {
        let mut s = format!(
            "{who} cannot move: it has no {} neighbour to borrow a move from",
            color.name()
        );
        if rules.special_king
            && let Some((a, b)) = pair
        {
            s.push_str(&format!(
                ", and the special king's move needs {} to have no neighbouring pair ({a} and {b} are neighbours)",
                color.name()
            ));
        }
        return s;
    }
    let mut options: Vec<String> = lent
        .iter()
        .map(|(sq, p)| format!("the {} on {sq}", p.name()))
        .collect();
    if special {
        options.push(format!(
            "make a king's move ({} has no neighbouring pair)",
            color.name()
        ));
    }
    let none = if options.len() == 1 {
        "which does not reach"
    } else {
        "and none of them reaches"
    };
    let mut s = format!(
        "{who} cannot reach {to}: it can borrow the move of {}, {none} {to}",
        join_or(&options)
    );
    // Name the piece in the way of a borrowed slide along the right line.
    let kind = line_kind(from, to);
    let occ = SquareSet::occupied(board);
    for &(_, p) in lent {
        let fits = match p.role {
            Role::Bishop => kind == LineKind::Diagonal,
            Role::Rook => kind.is_orthogonal(),
            Role::Queen => kind.is_line(),
            _ => false,
        };
        if let Some(block) = (squares_between(from, to) & occ).first().filter(|_| fits) {
            s.push_str(&format!(
                " ({} from {from} to {to} is blocked: {block} is in the way)",
                with_article(p.role)
            ));
            break;
        }
    }
    s
}

fn join_or(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(c: char) -> Piece {
        Piece::from_char(c).unwrap()
    }

    #[test]
    fn captures_pair_one_card_with_another() {
        let c = Chosen::new(vec![p('K'), p('b')]);
        assert!(c.can_capture(p('K'), p('b')));
        assert!(c.can_capture(p('b'), p('K')));
        assert!(!c.can_capture(p('b'), p('b')));
        assert!(!c.can_capture(p('B'), p('K')));
        let c = Chosen::new(vec![p('b'), p('b')]);
        assert!(c.can_capture(p('b'), p('b')));
        let c = Chosen::new(vec![p('n'), p('n'), p('r')]);
        assert!(c.can_capture(p('n'), p('n')));
        assert!(c.can_capture(p('r'), p('n')));
        assert!(!c.can_capture(p('r'), p('r')));
    }
}
