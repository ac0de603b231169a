//! One drawing per diagram, shared by every output of a build: the SVG is
//! made once (the site's `.svg` file and the HTML page's inline drawing)
//! and parsed once into the tree that the PNG rasteriser and the PDF writer
//! both draw. usvg builds its tree only by parsing, so the SVG text is the
//! drawing's one description; it is read once, its pieces from trees read
//! once a run (`piece_images`).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use resvg::usvg;

use super::diagram_svg;
use crate::diagram::Diagram;
use crate::output::hash;
use crate::style::Style;

/// A diagram drawn: its SVG and that SVG parsed.
pub struct Drawing {
    pub svg: String,
    pub tree: usvg::Tree,
}

/// Bytes of drawings a store keeps, estimated: a parsed tree takes about
/// eight times its SVG (the glyphs and pieces a `<use>` names are copied
/// into it). 12 MB keeps about 60 diagrams, every bundled book whole; a
/// larger book's drawings are dropped oldest first and drawn again if an
/// output asks for one again. Each MB kept costs about as much in peak
/// memory (a 2,000-diagram book: 132 MB keeping none, 172 MB keeping 32).
const BUDGET: usize = 12 << 20;
const TREE_PER_SVG_BYTE: usize = 8;

type Slot = Arc<OnceLock<Result<Arc<Drawing>, String>>>;

/// The drawings of one build, found by what they are drawn from (the
/// diagram's text and the style), so that no output draws or parses a
/// diagram another has drawn already.
pub struct DrawingStore {
    style: Style,
    style_key: u64,
    budget: usize,
    kept: Mutex<Kept>,
    made: std::sync::atomic::AtomicUsize,
}

#[derive(Default)]
struct Kept {
    slots: HashMap<u64, (Slot, u64)>,
    /// Estimated bytes of the finished drawings in `slots`.
    bytes: usize,
    /// Use counter, for dropping the least recently used.
    clock: u64,
}

impl DrawingStore {
    pub fn new(style: &Style) -> DrawingStore {
        DrawingStore::with_budget(style, BUDGET)
    }

    /// A store that keeps about `budget` bytes of drawings.
    pub fn with_budget(style: &Style, budget: usize) -> DrawingStore {
        DrawingStore {
            style: style.clone(),
            style_key: style.key(),
            budget,
            kept: Mutex::new(Kept::default()),
            made: Default::default(),
        }
    }

    pub fn style(&self) -> &Style {
        &self.style
    }

    /// The key of a diagram whose block reads `block_text`: the same text
    /// in the same style draws the same picture, so no drawing is needed
    /// to find it.
    pub fn key(&self, block_text: &str) -> u64 {
        hash(format!("{block_text}\n{}", self.style_key).as_bytes())
    }

    /// How many diagrams were drawn (not found) so far.
    pub fn made(&self) -> usize {
        self.made.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// The drawing of `diagram`, whose key is `key`: drawn and parsed once
    /// while it is kept, by whichever output asks first; the others wait
    /// for it rather than draw it too.
    pub fn drawing(&self, key: u64, diagram: &Diagram) -> Result<Arc<Drawing>, String> {
        let slot = {
            let mut kept = lock(&self.kept);
            kept.clock += 1;
            let now = kept.clock;
            let entry = kept
                .slots
                .entry(key)
                .or_insert_with(|| (Slot::default(), now));
            entry.1 = now;
            entry.0.clone()
        };
        let mut fresh = false;
        let result = slot
            .get_or_init(|| {
                fresh = true;
                self.made.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let svg = diagram_svg(diagram, &self.style);
                let tree = super::piece_images::parse_drawing(&svg)?;
                Ok(Arc::new(Drawing { svg, tree }))
            })
            .clone();
        if fresh {
            let size = result
                .as_ref()
                .map_or(0, |d| d.svg.len() * TREE_PER_SVG_BYTE);
            let mut kept = lock(&self.kept);
            kept.bytes += size;
            self.shrink(&mut kept, key);
        }
        result
    }

    /// Drops the least recently used finished drawings, never `keep`, until
    /// the kept ones fit the budget.
    fn shrink(&self, kept: &mut Kept, keep: u64) {
        while kept.bytes > self.budget {
            let oldest = kept
                .slots
                .iter()
                .filter(|(k, (slot, _))| **k != keep && slot.get().is_some())
                .min_by_key(|(k, (_, used))| (*used, **k))
                .map(|(k, _)| *k);
            let Some(oldest) = oldest else { break };
            if let Some((slot, _)) = kept.slots.remove(&oldest)
                && let Some(Ok(d)) = slot.get()
            {
                kept.bytes -= d.svg.len() * TREE_PER_SVG_BYTE;
            }
        }
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn diagram(text: &str) -> Diagram {
        super::super::svg::tests::parse(text)
    }

    const KINGS: &str = "    . . . . k . . .\n    . . . . . . . .\n    . . . . . . . .\n    . . . . . . . .\n    . . . . . . . .\n    . . . . . . . .\n    . . . . . . . .\n    . . . . K . . .\n";
    const QUEENS: &str = "    . . . q k . . .\n    . . . . . . . .\n    . . . . . . . .\n    . . . . . . . .\n    . . . . . . . .\n    . . . . . . . .\n    . . . . . . . .\n    . . . Q K . . .\n";

    #[test]
    fn a_diagram_is_drawn_once_for_every_output() {
        let style = Style::default();
        let store = DrawingStore::new(&style);
        let d = diagram(KINGS);
        let key = store.key(KINGS);
        let first = store.drawing(key, &d).unwrap();
        let again = store.drawing(key, &d).unwrap();
        assert!(Arc::ptr_eq(&first, &again));
        assert_eq!(store.made(), 1);
        // The drawing is the one `diagram_svg` makes.
        assert_eq!(first.svg, diagram_svg(&d, &style));
        // Another style is another key.
        let mut bigger = style.clone();
        bigger.png.pixels_per_square += 1.0;
        assert_ne!(DrawingStore::new(&bigger).key(KINGS), key);
    }

    #[test]
    fn past_its_budget_the_store_drops_the_least_recently_used() {
        let style = Style::default();
        // Room for about one drawing.
        let one = diagram_svg(&diagram(KINGS), &style).len() * TREE_PER_SVG_BYTE;
        let store = DrawingStore::with_budget(&style, one + one / 2);
        let (kings, queens) = (diagram(KINGS), diagram(QUEENS));
        let (k, q) = (store.key(KINGS), store.key(QUEENS));
        let first = store.drawing(k, &kings).unwrap();
        store.drawing(q, &queens).unwrap();
        assert_eq!(store.made(), 2);
        // The queens are kept, the kings were dropped and are drawn again,
        // the same.
        store.drawing(q, &queens).unwrap();
        assert_eq!(store.made(), 2);
        let again = store.drawing(k, &kings).unwrap();
        assert_eq!(store.made(), 3);
        assert_eq!(first.svg, again.svg);
    }
}
