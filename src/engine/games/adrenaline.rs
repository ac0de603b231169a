//! Adrenaline Chess: only the common material check so far; the game's own rules
//! are being written.

use crate::diagram::BoardDiagram;
use crate::engine::material::{self, MaterialRules};
use crate::engine::{DiagramContext, Finding, Game};

pub struct Adrenaline;

impl Game for Adrenaline {
    fn name(&self) -> &'static str {
        "Adrenaline Chess"
    }

    fn check_board(&self, _cx: &DiagramContext, board: &BoardDiagram, out: &mut Vec<Finding>) {
        material::check(board, &MaterialRules::COMMON, out);
    }
}
