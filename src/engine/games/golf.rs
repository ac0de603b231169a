//! Chess Golf: only the common material check so far; the game's own rules
//! are being written.

use crate::diagram::BoardDiagram;
use crate::engine::material::{self, MaterialRules};
use crate::engine::{DiagramContext, Finding, Game};

pub struct Golf;

impl Game for Golf {
    fn name(&self) -> &'static str {
        "Chess Golf"
    }

    fn check_board(&self, _cx: &DiagramContext, board: &BoardDiagram, out: &mut Vec<Finding>) {
        material::check(board, &MaterialRules::COMMON, out);
    }
}
