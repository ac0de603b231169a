//! One module per game. A diagram's game is the `##` section it sits in,
//! matched by the heading's anchor (`Chess Golf` → `chess-golf`).

use super::Game;

pub mod adrenaline;
pub mod booster;
pub mod chess960;
pub mod cloak;
pub mod common;
pub mod cooperative;
pub mod crowded_house;
pub mod golf;
pub mod gravity;
pub mod half_alice;
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

/// The game a section title names, if the engine knows it.
pub fn find(title: &str) -> Option<&'static dyn Game> {
    let key = crate::book::slug(title);
    GAMES
        .iter()
        .copied()
        .find(|g| crate::book::slug(g.name()) == key)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_is_found_by_its_heading() {
        for g in GAMES {
            assert_eq!(find(g.name()).map(|f| f.name()), Some(g.name()));
        }
        assert!(find("Appendix A").is_none());
        assert_eq!(find("chess golf").map(|g| g.name()), Some("Chess Golf"));
    }
}
