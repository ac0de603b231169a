//! One module per game. A diagram's game is the `##` section it sits in,
//! matched by the heading's anchor (`Chess Golf` → `chess-golf`).

use super::Game;

pub mod adrenaline;
pub mod booster;
pub mod chess960;
pub mod chess_solitaire;
pub mod cloak;
pub mod common;
pub mod cooperative;
pub mod crowded_house;
pub mod golf;
pub mod gravity;
pub mod half_alice;
pub mod king_capture;
pub mod masquerade;
pub mod neighbour;
pub mod parade;
pub mod synchronous;
pub mod tar_pit;
pub mod two_move;
pub mod zombie;

/// Every game the engine knows.
static GAMES: &[&dyn Game] = &[
    &zombie::Zombie,
    &masquerade::Masquerade,
    &two_move::TwoMove,
    &adrenaline::Adrenaline,
    &tar_pit::TarPit,
    &golf::Golf,
    &crowded_house::CrowdedHouse,
    &chess_solitaire::ChessSolitaire,
    &cooperative::Cooperative,
    &half_alice::HalfAlice,
    &chess960::Chess960,
    &synchronous::Synchronous,
    &gravity::Gravity,
    &parade::Parade,
    &booster::Booster,
    &neighbour::Neighbour,
    &cloak::Cloak,
];

/// Every game the engine knows.
pub fn all() -> impl Iterator<Item = &'static dyn Game> {
    GAMES.iter().copied()
}

/// The coded game a section title names. Only the registry asks
/// ([`crate::engine::Games::find`]), so coded and configured games are
/// matched in one place.
pub(in crate::engine) fn find(title: &str) -> Option<&'static dyn Game> {
    // Each game's anchor, made once: every heading of a book is looked up.
    static SLUGS: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    let slugs = SLUGS.get_or_init(|| all().map(|g| crate::book::slug(g.name())).collect());
    let key = crate::book::slug(title);
    slugs.iter().position(|s| *s == key).map(|i| GAMES[i])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::games::common::testing::{check_text, summary};

    /// Black's d7–d5, then White's e5 takes it en passant on d6.
    const EN_PASSANT: &str = "r n b q k b n r
        p p p . p p p p
        . . . P . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        P P P P . P P P
        R N B Q K B N R";

    /// The same moment before the capture: White's pawn on e5 beside
    /// Black's d5.
    const BEFORE_CAPTURE: &str = "r n b q k b n r
        p p p . p p p p
        . . . . . . . .
        . . . p P . . .
        . . . . . . . .
        . . . . . . . .
        P P P P . P P P
        R N B Q K B N R";

    const DOUBLE_STEP: &str = "arrow: d7, d5, black";
    const CAPTURE: &str = "arrow: e5, d6, white";

    /// The games whose text allows en passant, with the forms their
    /// diagrams can take: whether they show both sides' moves (made, or a
    /// move proposed after a made one). A Cooperative diagram is one
    /// player's turn; a Crowded House arrow is a proposed move.
    const ALLOWED: &[(&str, bool)] = &[
        ("Zombie Chess", true),
        ("Masquerade Chess", true),
        ("Adrenaline Chess", true),
        ("Tar Pit Chess", true),
        ("Half Alice Chess", true),
        ("Chess960", true),
        ("Cloak and Dagger Chess", true),
        ("Booster Chess", true),
        ("Cooperative Chess", false),
        ("Crowded House", false),
    ];
    /// "Pawns do not capture en passant"; "There is no \"en passant\" capture".
    const FORBIDDEN: &[&str] = &["Two Move Chess", "Synchronous Chess"];

    fn arrow_findings(game: &str, diagram: &str) -> Vec<String> {
        summary(&check_text(game, diagram))
            .into_iter()
            .filter(|f| !f.starts_with("material:"))
            .collect()
    }

    /// The help lines of a game's findings for a diagram.
    fn helps(game: &str, diagram: &str) -> Vec<String> {
        check_text(game, diagram)
            .into_iter()
            .filter_map(|f| f.help)
            .collect()
    }

    #[test]
    fn a_double_step_then_en_passant_where_the_text_allows_it() {
        let both = format!("{DOUBLE_STEP}\n{CAPTURE}");
        for &(game, both_sides) in ALLOWED {
            // Half Alice: the pawn that just moved two squares stands on a
            // checker, and only a pawn on its side may take it.
            let before_capture = if game == "Half Alice Chess" {
                format!("{BEFORE_CAPTURE}\narrow: d5,d5,black\narrow: e5,e5,white")
            } else {
                BEFORE_CAPTURE.to_string()
            };
            let mut diagrams = vec![
                // Proposed onto the empty d6 after a double step the
                // diagram implies.
                format!("{before_capture}\n{CAPTURE}"),
            ];
            if both_sides {
                diagrams.push(format!("{EN_PASSANT}\n{both}"));
                diagrams.push(format!("{before_capture}\n{both}"));
            }
            for diagram in diagrams {
                let f = arrow_findings(game, &diagram);
                assert!(f.is_empty(), "{game}, {diagram}: {f:?}");
            }
        }
    }

    #[test]
    fn en_passant_is_refused_where_the_text_forbids_it() {
        for game in FORBIDDEN {
            // Made: the e5 pawn may have taken a piece on d6, but then the
            // d5 pawn would still stand.
            let made = format!("{EN_PASSANT}\n{DOUBLE_STEP}\n{CAPTURE}");
            // Proposed onto the empty d6, after a shown or an implied double step.
            let proposed = format!("{BEFORE_CAPTURE}\n{DOUBLE_STEP}\n{CAPTURE}");
            let implied = format!("{BEFORE_CAPTURE}\n{CAPTURE}");
            let f = arrow_findings(game, &made);
            assert!(!f.is_empty(), "{game}, {made}");
            let helps = helps(game, &made);
            assert!(
                helps.iter().any(|h| h.contains("no en passant")),
                "{game}, {made}: {helps:?}"
            );
            for diagram in [proposed, implied] {
                let f = arrow_findings(game, &diagram);
                assert!(
                    f.iter().any(|m| m.contains("no en passant")),
                    "{game}, {diagram}: {f:?}"
                );
            }
        }
    }

    #[test]
    fn en_passant_needs_the_double_step_just_before() {
        // The pawn came from d6, one square: no en passant.
        let one_step = format!("{EN_PASSANT}\narrow: d6, d5, black\n{CAPTURE}");
        // A piece stands on d7: the d5 pawn cannot have just come from
        // there, so the proposed capture onto the empty d6 is no capture.
        let blocked = format!(
            "{}\n{CAPTURE}",
            BEFORE_CAPTURE
                .replace("r n b q k b n r", "r . b q k b n r")
                .replace("p p p . p p p p", "p p p n p p p p")
        );
        for &(game, both_sides) in ALLOWED {
            let f = arrow_findings(game, &blocked);
            assert!(
                f.iter()
                    .any(|m| m.contains("cannot have just moved two squares from d7")),
                "{game}: {f:?}"
            );
            if both_sides {
                let f = arrow_findings(game, &one_step);
                assert!(!f.is_empty(), "{game}: {one_step}");
            }
        }
    }

    #[test]
    fn every_game_is_found_by_its_heading() {
        for g in GAMES {
            assert_eq!(find(g.name()).map(|f| f.name()), Some(g.name()));
        }
        assert!(find("Appendix A").is_none());
        assert_eq!(find("chess golf").map(|g| g.name()), Some("Chess Golf"));
    }

    /// White's queen on e5, kings on e1 and (unless taken) e8, a black
    /// rook on d8 and a black pawn on g3.
    fn ending(game: &str, black_king: bool, arrows: &[&str]) -> Vec<crate::engine::Finding> {
        let rank8 = if black_king {
            ". . . r k . . ."
        } else {
            ". . . r . . . ."
        };
        let text = format!(
            "{rank8}
             . . . . . . . .
             . . . . . . . .
             . . . . Q . . .
             . . . . . . . .
             . . . . . . p .
             . . . . . . . .
             . . . . K . . .
             {}",
            arrows.join("\n")
        );
        check_text(game, &text)
    }

    /// "The game ends when one of the players captures the other's king"
    /// (Masquerade), "Win by capturing a cloaked king" (Cloak and Dagger):
    /// the shared rule, `king_capture`. The capture may be the diagram's
    /// last move, made or proposed, and no move of either side follows it.
    #[test]
    fn the_game_ends_at_a_kings_capture() {
        for game in ["Masquerade Chess", "Cloak and Dagger Chess"] {
            let f = ending(game, false, &["arrow: e8, e5, white"]);
            assert!(f.is_empty(), "{game}: {:?}", summary(&f));
            let f = ending(game, true, &["arrow: e5, e8, white"]);
            assert!(f.is_empty(), "{game}: {:?}", summary(&f));
            // A black move that may come before the capture is read so.
            let f = ending(
                game,
                true,
                &["arrow: e5, e8, white", "arrow: d8, d7, black"],
            );
            assert!(f.is_empty(), "{game}: {:?}", summary(&f));
            for (king, arrows) in [
                (false, &["arrow: e8, e5, white", "arrow: g3, g2, black"][..]),
                (false, &["arrow: e8, e5, white", "arrow: e1, d1, white"][..]),
                // The rook can take on e8 only once the queen stands there.
                (true, &["arrow: e5, e8, white", "arrow: d8, e8, black"][..]),
                // A king missing before the drawn moves: no arrow at all.
                (false, &["arrow: e5, e6, white"][..]),
            ] {
                let f = ending(game, king, arrows);
                assert!(
                    f.iter().any(|f| f.rule == common::ARROW
                        && f.message
                            == "the game is over: it ends when a king is captured, and the black king is gone"
                        && f.help.as_deref() == Some(king_capture::HELP)),
                    "{game}: {arrows:?}: {:?}",
                    summary(&f)
                );
            }
        }
    }
}
