//! "The game ends when a king is captured": one rule for every game whose
//! text says so, coded (Masquerade, Cloak and Dagger) or configured
//! (`king_capture = true`, or `check = false`).
//!
//! What is inferred: in these games a king leaves the board only by its
//! capture, and that capture ends the game. So a position without one of
//! the kings is after the game's last move, and no move is played from it:
//! a diagram may show the capture as its last move (made or proposed), and
//! no move of either side follows it; a board already missing a king before
//! its drawn moves allows no arrow at all. The check is made on the
//! position each move is played from, so the replay looks for an order of
//! the arrows in which the capture comes last. A move the game refuses for
//! its own reason (not a knight's jump, say) is refused for that reason.
//!
//! A game wires it by wrapping its moves: `EndsAtKingCapture(steps)` in
//! place of `steps` (any [`StepRules`]), then `explain(&mut findings)` on
//! the findings of its board check, which gives each refusal its help line
//! (so no help that changes the arrow hides the rule).

use crate::diagram::{Color, Piece, Role, Square};
use crate::engine::Finding;
use crate::engine::material::MaterialRules;
use crate::engine::replay::{State, StepRules};

/// The words every refusal of this rule starts with.
pub const OVER: &str = "the game is over: it ends when a king is captured";

/// The help line of every refusal of this rule.
pub const HELP: &str =
    "a diagram may show a king's capture as its last move, but no move of either side follows it";

/// Why no move may be played from `state`: a king is missing, so the game
/// ended with its capture.
pub fn after_the_end(state: &State) -> Option<String> {
    [Color::White, Color::Black]
        .into_iter()
        .find(|&c| {
            !state
                .board
                .pieces()
                .any(|(_, p)| p == Piece::new(c, Role::King))
        })
        .map(|c| format!("{OVER}, and the {} king is gone", c.name()))
}

/// A game's `step` from `state`, refused when the game is over. A move
/// the game refuses anyway keeps its own reason: the rule that decides it
/// holds wherever the arrow is read (the end of the game is named only
/// for a move that would otherwise be legal).
pub fn ended(state: &State, step: Result<Vec<State>, String>) -> Result<Vec<State>, String> {
    match (after_the_end(state), step) {
        (Some(reason), Ok(_)) => Err(reason),
        (_, step) => step,
    }
}

/// Gives each refusal of this rule its help line.
pub fn explain(findings: &mut [Finding]) {
    for f in findings.iter_mut() {
        if f.message.starts_with(OVER) && f.help.is_none() {
            f.help = Some(HELP.to_string());
        }
    }
}

/// A game's moves, with no move played after a king's capture.
pub struct EndsAtKingCapture<R>(pub R);

impl<R: StepRules> StepRules for EndsAtKingCapture<R> {
    fn step(
        &self,
        state: &State,
        from: Square,
        to: Square,
        color: Color,
    ) -> Result<Vec<State>, String> {
        ended(state, self.0.step(state, from, to, color))
    }

    fn befores(&self, after: &State, from: Square, to: Square, color: Color) -> Vec<State> {
        self.0.befores(after, from, to, color)
    }

    fn why_not_reached(
        &self,
        before: &State,
        after: &State,
        from: Square,
        to: Square,
        color: Color,
    ) -> Option<String> {
        self.0.why_not_reached(before, after, from, to, color)
    }

    fn material(&self) -> MaterialRules {
        self.0.material()
    }

    fn en_passant(&self) -> bool {
        self.0.en_passant()
    }

    fn pawn_starts(&self) -> (u8, u8) {
        self.0.pawn_starts()
    }

    fn en_passant_befores(
        &self,
        after: &State,
        from: Square,
        to: Square,
        color: Color,
    ) -> Vec<State> {
        self.0.en_passant_befores(after, from, to, color)
    }
}
