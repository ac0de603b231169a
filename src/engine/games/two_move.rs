//! Two Move Chess: no check (kings may be left in check and are captured
//! to win), no en passant, castling even through attacked squares. A turn
//! has at most two moves a player, each with a piece its cards name or a
//! pawn, and never the same pawn twice. The diagram's cards of a colour
//! are that player's cards on the table.

use crate::diagram::{BoardDiagram, Color, Role};
use crate::engine::cards::card_piece;
use crate::engine::chess::Rules;
use crate::engine::games::common;
use crate::engine::material;
use crate::engine::replay::{OrthodoxSteps, State};
use crate::engine::{DiagramContext, Finding, Game};

pub struct TwoMove;

pub const TURN: &str = "turn";
pub const CARD: &str = "card";

const RULES: Rules = Rules {
    king_safety: false,
    en_passant: false,
    castle_through_attack: true,
    ..Rules::STANDARD
};

impl Game for TwoMove {
    fn name(&self) -> &'static str {
        "Two Move Chess"
    }

    fn check_board(&self, _cx: &DiagramContext, board: &BoardDiagram, out: &mut Vec<Finding>) {
        // The king is captured to win, so a side may have lost it.
        material::check(board, &common::KING_MAY_BE_CAPTURED, out);
        let arrows = common::move_arrows(board);
        for color in [Color::White, Color::Black] {
            let mine: Vec<_> = arrows
                .iter()
                .filter(|a| crate::engine::replay::arrow_color(a) == Some(color))
                .collect();
            // A diagram shows one turn: two cards, or one card making two moves.
            if mine.len() > 2 {
                out.push(
                    Finding::error(
                        TURN,
                        mine[2].span,
                        format!(
                            "{} makes {} moves here, but a turn has at most two moves a player",
                            common::side_name(color),
                            mine.len()
                        ),
                    )
                    .with_help("each of the two cards moves once, or one card moves twice"),
                );
                return;
            }
        }
        let state = State::new(board.board.clone());
        let steps = OrthodoxSteps::new(RULES);
        let Some(plan) = common::check_moves(board, &state, &arrows, &steps, out) else {
            return;
        };
        let moved = common::moved_pieces(&state, &arrows, &plan, &steps);
        let mut pawn_ends: Vec<(Color, crate::diagram::Square)> = Vec::new();
        for &(i, piece) in &moved {
            let a = arrows[i];
            if piece.role == Role::Pawn {
                if pawn_ends.contains(&(piece.color, a.from)) {
                    out.push(Finding::error(
                        TURN,
                        a.span,
                        format!(
                            "the {} on {} moves again, but a player may not move the same pawn twice in one turn",
                            piece.name(),
                            a.from
                        ),
                    ));
                }
                pawn_ends.push((piece.color, a.to));
                continue;
            }
            let cards: Vec<Role> = board
                .cards
                .iter()
                .filter_map(card_piece)
                .filter(|p| p.color == piece.color)
                .map(|p| p.role)
                .collect();
            // Without a pawn, any card may move the least valuable piece; then any piece may move.
            let has_pawns = plan
                .start
                .board
                .pieces()
                .any(|(_, p)| p.color == piece.color && p.role == Role::Pawn);
            if !cards.is_empty() && has_pawns && !cards.contains(&piece.role) {
                let names: Vec<&str> = cards.iter().map(|r| r.name()).collect();
                out.push(
                    Finding::error(
                        CARD,
                        a.span,
                        format!(
                            "the {} on {} moves, but {}'s cards are {}: no {} card",
                            piece.name(),
                            a.from,
                            common::side_name(piece.color),
                            names.join(", "),
                            piece.role.name()
                        ),
                    )
                    .with_help("a card moves a piece of its type or a pawn"),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::games::common::testing::*;

    const SECTION: &str = "Two Move Chess";

    #[test]
    fn the_seed_diagrams_pass() {
        for book in ["rules/rules.md", "rules/new_rules.md"] {
            let found = seed_findings(book, SECTION);
            assert!(found.is_empty(), "{book}: {found:?}");
        }
        assert_eq!(board_count("rules/rules.md", SECTION), 2);
    }

    #[test]
    fn the_queen_off_its_line_is_found() {
        let f = mutate(
            "rules/rules.md",
            SECTION,
            2,
            "arrow: d1, b3, white",
            "arrow: d1, b4, white",
        );
        assert_eq!(f.len(), 1, "{:?}", summary(&f));
        assert_eq!(f[0].rule, common::ARROW);
    }

    #[test]
    fn the_rook_cannot_pass_its_pawn() {
        // h8-h4 would need the pawn out of the way, and it stops on h5.
        let f = mutate(
            "rules/rules.md",
            SECTION,
            2,
            "arrow: h8, h6, black",
            "arrow: h8, h4, black",
        );
        assert!(
            f.iter().any(|f| f.rule == common::ARROW),
            "{:?}",
            summary(&f)
        );
    }

    #[test]
    fn a_piece_without_its_card_is_found() {
        // The black rook moved, but Black's cards would be bishop and queen.
        let f = mutate(
            "rules/rules.md",
            SECTION,
            2,
            "card: r, 9, 0",
            "card: q, 9, 0",
        );
        assert_eq!(f.len(), 1, "{:?}", summary(&f));
        assert_eq!(f[0].rule, CARD);
        assert_eq!(
            f[0].message,
            "the black rook on h8 moves, but Black's cards are bishop, queen: no rook card"
        );
    }

    #[test]
    fn a_third_move_is_found() {
        let f = mutate(
            "rules/rules.md",
            SECTION,
            2,
            "margins: 0, 0, 3, 0",
            "arrow: a7, a6, black",
        );
        // The a-pawn still stands on a7, so it is a third (proposed) black move.
        assert!(f.iter().any(|f| f.rule == TURN), "{:?}", summary(&f));
    }

    #[test]
    fn no_check_no_en_passant_castling_through_attack() {
        // The white king castles through f1, attacked by the queen on a6,
        // and stays in the open: all fine in Two Move Chess.
        let f = check_text(
            SECTION,
            "r n b . k b n r
             p p p p . p p p
             q . . . . . . .
             . . . . p . . .
             . . . . P . . .
             . . . . . N . .
             P P P P . . P P
             R N B Q K . . R
             arrow: e1, g1, white",
        );
        assert!(f.is_empty(), "{:?}", summary(&f));
        // No en passant: the pawn on e5 cannot take d6 with d6 empty.
        let f = check_text(
            SECTION,
            "r n b q k b n r
             p p p . p p p p
             . . . . . . . .
             . . . p P . . .
             . . . . . . . .
             . . . . . . . .
             P P P P . P P P
             R N B Q K B N R
             arrow: e5, d6, white",
        );
        assert!(
            f.iter().any(|f| f.rule == common::ARROW),
            "{:?}",
            summary(&f)
        );
    }

    #[test]
    fn the_same_pawn_twice_is_found() {
        let f = check_text(
            SECTION,
            "r n b q k b n r
             p p p p p p p p
             . . . . . . . .
             . . . . . . . .
             . . . . P . . .
             . . . . . . . .
             P P P P . P P P
             R N B Q K B N R
             arrow: e2, e3, white
             arrow: e3, e4, white",
        );
        assert!(f.iter().any(|f| f.rule == TURN), "{:?}", summary(&f));
    }
}
