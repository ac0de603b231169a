//! Where cards sit on a sheet, in points with y down. Home printers leave
//! a band at the paper's edge unprinted, so nothing is drawn within
//! [`EDGE`] of it; inside that, the most cards that fit (upright, or turned
//! a quarter when that fits more), each in its own bled cell with a gutter
//! of twice the bleed between neighbours, crop marks outside the bled area,
//! and the mirrored grid for the backs.

/// No ink within 0.25 in of the paper's edge.
pub const EDGE: f32 = 18.0;
/// What must survive the cut (borders, indexes, text) stays 1/8 in inside
/// the trim, so a cut 1 mm off shows no stray border.
pub const SAFE: f32 = 9.0;
/// The largest bleed: 0.25 in (print shops ask for 1/8 in or 3 mm).
pub const MAX_BLEED: f32 = 18.0;
/// Between the bled area and a crop mark, so a mark never touches a card.
pub const MARK_GAP: f32 = 2.0;
/// The shortest crop mark worth printing, and the longest, in points.
const MIN_MARK: f32 = 4.0;
const MAX_MARK: f32 = 14.0;
/// A crop mark stops this short of the unprinted band.
const MARK_CLEAR: f32 = 1.0;
/// The least room beside the cards for crop marks.
const MARK_ROOM: f32 = MARK_GAP + MIN_MARK + MARK_CLEAR;

/// The grid of one sheet.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Grid {
    pub page_w: f32,
    pub page_h: f32,
    /// The card upright: width and height at the trim.
    pub card_w: f32,
    pub card_h: f32,
    pub bleed: f32,
    /// Cards lie on their side (a quarter turn), which fits more.
    pub turned: bool,
    pub cols: usize,
    pub rows: usize,
    /// The trim's top-left corner of the top-left card.
    pub left: f32,
    pub top: f32,
}

/// A crop mark: a line segment on a cut line, outside every card.
pub type Mark = ((f32, f32), (f32, f32));

/// A rectangle: x, y, width, height.
pub type Rect = (f32, f32, f32, f32);

impl Grid {
    /// The most cards that fit the page inside the unprinted band, with
    /// room for crop marks: upright, or turned when that fits more.
    pub fn new(
        page_w: f32,
        page_h: f32,
        card_w: f32,
        card_h: f32,
        bleed: f32,
    ) -> Result<Grid, String> {
        if !(bleed.is_finite() && bleed >= 0.0) {
            return Err("the bleed must be 0 or more".to_string());
        }
        if bleed > MAX_BLEED + 1e-3 {
            return Err(format!(
                "a {} bleed is more than a card sheet has room for: at most {}",
                describe(bleed),
                describe(MAX_BLEED)
            ));
        }
        if !(card_w > 0.0 && card_h > 0.0 && card_w.is_finite() && card_h.is_finite()) {
            return Err("the card has no size".to_string());
        }
        let fit = |turned: bool| {
            let (w, h) = if turned {
                (card_h, card_w)
            } else {
                (card_w, card_h)
            };
            let across = |page: f32, cell: f32| {
                ((page - 2.0 * (EDGE + MARK_ROOM)) / cell).floor().max(0.0) as usize
            };
            let cols = across(page_w, w + 2.0 * bleed);
            let rows = across(page_h, h + 2.0 * bleed);
            Grid {
                page_w,
                page_h,
                card_w,
                card_h,
                bleed,
                turned,
                cols,
                rows,
                left: (page_w - cols as f32 * (w + 2.0 * bleed)) / 2.0 + bleed,
                top: (page_h - rows as f32 * (h + 2.0 * bleed)) / 2.0 + bleed,
            }
        };
        let (upright, turned) = (fit(false), fit(true));
        let grid = if turned.per_page() > upright.per_page() {
            turned
        } else {
            upright
        };
        if grid.per_page() == 0 {
            return Err(format!(
                "a {} card with a {} bleed does not fit inside the 0.25in unprinted band",
                describe(card_w.min(card_h)),
                describe(bleed)
            ));
        }
        Ok(grid)
    }

    pub fn per_page(&self) -> usize {
        self.cols * self.rows
    }

    /// A card's trim on the page: width and height (turned or not).
    pub fn slot_size(&self) -> (f32, f32) {
        if self.turned {
            (self.card_h, self.card_w)
        } else {
            (self.card_w, self.card_h)
        }
    }

    /// From one card's trim to the next one's: the card, its bleed on both
    /// sides, which makes a gutter of twice the bleed.
    fn pitch(&self) -> (f32, f32) {
        let (w, h) = self.slot_size();
        (w + 2.0 * self.bleed, h + 2.0 * self.bleed)
    }

    /// The trim's top-left corner of a slot, counting across then down.
    pub fn slot(&self, i: usize) -> (f32, f32) {
        let i = i % self.per_page().max(1);
        let (col, row) = (i % self.cols, i / self.cols);
        let (px, py) = self.pitch();
        (self.left + col as f32 * px, self.top + row as f32 * py)
    }

    /// Where the back of slot `i` goes: flipped on the long edge, x becomes
    /// `page_w - x - width`, so it lands right behind its face.
    pub fn back_slot(&self, i: usize) -> (f32, f32) {
        let (x, y) = self.slot(i);
        (self.page_w - x - self.slot_size().0, y)
    }

    /// The card's background: its trim and the bleed past it on every side.
    pub fn bled(&self, (x, y): (f32, f32)) -> Rect {
        let (w, h) = self.slot_size();
        let b = self.bleed;
        (x - b, y - b, w + 2.0 * b, h + 2.0 * b)
    }

    /// The bled area of the whole grid.
    pub fn block(&self) -> Rect {
        let (px, py) = self.pitch();
        let b = self.bleed;
        (
            self.left - b,
            self.top - b,
            self.cols as f32 * px,
            self.rows as f32 * py,
        )
    }

    /// Room between the bled area and the unprinted band: beside the
    /// cards (x) and above and below them (y).
    pub fn room(&self) -> (f32, f32) {
        let (x, y, _, _) = self.block();
        (x - EDGE, y - EDGE)
    }

    /// Crop-mark lengths, in the side margins and in the top and bottom ones.
    pub fn mark_len(&self) -> (f32, f32) {
        let (rx, ry) = self.room();
        let len = |room: f32| (room - MARK_GAP - MARK_CLEAR).min(MAX_MARK);
        (len(rx), len(ry))
    }

    /// Every cut line's x (card sides) and y (card tops and bottoms),
    /// a line two cards share once.
    pub fn cut_lines(&self) -> (Vec<f32>, Vec<f32>) {
        let (w, h) = self.slot_size();
        let mut xs = Vec::new();
        let mut ys = Vec::new();
        for c in 0..self.cols {
            let (x, _) = self.slot(c);
            push_unique(&mut xs, x);
            push_unique(&mut xs, x + w);
        }
        for r in 0..self.rows {
            let (_, y) = self.slot(r * self.cols);
            push_unique(&mut ys, y);
            push_unique(&mut ys, y + h);
        }
        (xs, ys)
    }

    /// Crop marks on every cut line, in the margins: from just outside the
    /// bled area outwards, stopping short of the unprinted band.
    pub fn marks(&self) -> Vec<Mark> {
        let (xs, ys) = self.cut_lines();
        let (bx, by, bw, bh) = self.block();
        let (len_x, len_y) = self.mark_len();
        let g = MARK_GAP;
        let mut marks = Vec::new();
        for &x in &xs {
            marks.push(((x, by - g), (x, by - g - len_y)));
            marks.push(((x, by + bh + g), (x, by + bh + g + len_y)));
        }
        for &y in &ys {
            marks.push(((bx - g, y), (bx - g - len_x, y)));
            marks.push(((bx + bw + g, y), (bx + bw + g + len_x, y)));
        }
        marks
    }

    /// Room for a line of text in the margins, clear of the marks and the
    /// unprinted band: above and below the cards, or beside them (turned),
    /// whichever is deeper. Beyond the marks' ends the text may run the
    /// block's width; level with them it keeps between two cut lines.
    pub fn text_band(&self) -> TextBand {
        let (top_bottom, sides) = self.text_bands();
        match (top_bottom, sides) {
            (TextBand::TopBottom { depth: dy, .. }, TextBand::Sides { depth: dx, .. })
                if dy < dx.min(24.0) =>
            {
                sides
            }
            _ => top_bottom,
        }
    }

    /// Both places for text: across the top and bottom margins, and along
    /// the sides. `text_band` chooses between them; a line that does not
    /// fit the one chosen may go in the other.
    pub fn text_bands(&self) -> (TextBand, TextBand) {
        let (bx, by, bw, bh) = self.block();
        let (rx, ry) = self.room();
        let (len_x, len_y) = self.mark_len();
        let (w, h) = self.slot_size();
        // Depth and span, beyond the marks or between two cut lines.
        let choose = |room: f32, len: f32, block: (f32, f32), slot: (f32, f32)| {
            let beyond = room - MARK_GAP - len - 2.0 * MARK_CLEAR;
            if beyond >= 10.0 {
                (beyond, block.0, block.0 + block.1)
            } else {
                (room - MARK_GAP - MARK_CLEAR, slot.0, slot.0 + slot.1)
            }
        };
        let middle_col = self.slot((self.cols - 1) / 2).0;
        let middle_row = self.slot(((self.rows - 1) / 2) * self.cols).1;
        let (dy, x0, x1) = choose(ry, len_y, (bx, bw), (middle_col, w));
        let (dx, y0, y1) = choose(rx, len_x, (by, bh), (middle_row, h));
        (
            TextBand::TopBottom {
                x0,
                x1,
                depth: dy,
                top: EDGE + MARK_CLEAR,
                bottom: self.page_h - EDGE - MARK_CLEAR - dy,
            },
            TextBand::Sides {
                y0,
                y1,
                depth: dx,
                left: EDGE + MARK_CLEAR,
                right: self.page_w - EDGE - MARK_CLEAR - dx,
            },
        )
    }
}

/// Where the sheet's title and instructions go: two bands `depth` deep,
/// starting at the given edges (top and bottom, or left and right).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TextBand {
    /// Horizontal, from x0 to x1.
    TopBottom {
        x0: f32,
        x1: f32,
        depth: f32,
        top: f32,
        bottom: f32,
    },
    /// Turned, reading up the left margin and down the right, y0 to y1.
    Sides {
        y0: f32,
        y1: f32,
        depth: f32,
        left: f32,
        right: f32,
    },
}

fn push_unique(v: &mut Vec<f32>, x: f32) {
    if !v.iter().any(|&o| (o - x).abs() < 0.01) {
        v.push(x);
    }
}

/// A length in points as inches, for messages.
fn describe(pt: f32) -> String {
    let inches = (pt / 72.0 * 1000.0).floor() / 1000.0;
    format!("{inches}in ({:.1}mm)", pt / 72.0 * 25.4)
}

/// Reads `0.125in`, `3mm` or `9pt` (a bare number is points) as points.
pub fn parse_length(text: &str) -> Result<f32, String> {
    let t = text.trim();
    let (number, scale) = if let Some(n) = t.strip_suffix("in") {
        (n, 72.0)
    } else if let Some(n) = t.strip_suffix("mm") {
        (n, 72.0 / 25.4)
    } else if let Some(n) = t.strip_suffix("pt") {
        (n, 1.0)
    } else {
        (t, 1.0)
    };
    let bad = || {
        format!("`{text}` is not a length: write a number and in, mm or pt, such as 0.125in or 3mm")
    };
    let v: f32 = number.trim().parse().map_err(|_| bad())?;
    if !v.is_finite() {
        return Err(bad());
    }
    if v < 0.0 {
        return Err(format!("`{text}`: the bleed cannot be negative"));
    }
    let pt = v * scale;
    if pt > MAX_BLEED + 1e-3 {
        return Err(format!(
            "`{text}` is more bleed than a card sheet has room for: at most {}; print shops ask for 0.125in or 3mm",
            describe(MAX_BLEED)
        ));
    }
    Ok(pt)
}

#[cfg(test)]
mod tests {
    use super::*;

    const LETTER: (f32, f32) = (612.0, 792.0);
    const A4: (f32, f32) = (595.2756, 841.8898);
    const CARD: (f32, f32) = (180.0, 252.0);

    fn grid(page: (f32, f32), bleed: f32) -> Grid {
        Grid::new(page.0, page.1, CARD.0, CARD.1, bleed).unwrap()
    }

    fn inside(r: Rect, (px, py): (f32, f32)) -> bool {
        px > r.0 + 1e-3 && px < r.0 + r.2 - 1e-3 && py > r.1 + 1e-3 && py < r.1 + r.3 - 1e-3
    }

    #[test]
    fn the_most_cards_that_fit_inside_the_unprinted_band() {
        // (page, bleed, cards a sheet, turned)
        for (page, bleed, per_page, turned) in [
            (LETTER, 0.0, 8, true),
            (LETTER, 9.0, 6, true),
            (A4, 0.0, 9, false),
            (A4, 9.0, 6, true),
            // 3 mm is a little less than 1/8 in: a fourth row fits.
            (A4, 72.0 / 25.4 * 3.0, 8, true),
        ] {
            let g = grid(page, bleed);
            assert_eq!(
                (g.per_page(), g.turned),
                (per_page, turned),
                "{page:?} {bleed}"
            );
            // Every bled card, and the whole block with its marks, lies
            // inside the printable area.
            let (bx, by, bw, bh) = g.block();
            assert!(bx >= EDGE && by >= EDGE, "{page:?} {bleed}");
            assert!(bx + bw <= page.0 - EDGE && by + bh <= page.1 - EDGE);
            for ((ax, ay), (cx, cy)) in g.marks() {
                for (x, y) in [(ax, ay), (cx, cy)] {
                    assert!(x >= EDGE && x <= page.0 - EDGE, "mark at {x}");
                    assert!(y >= EDGE && y <= page.1 - EDGE, "mark at {y}");
                }
            }
            // Centred.
            assert!((bx - (page.0 - bx - bw)).abs() < 1e-3);
            assert!((by - (page.1 - by - bh)).abs() < 1e-3);
        }
    }

    #[test]
    fn bleed_makes_a_gutter_of_twice_the_bleed() {
        for bleed in [0.0, 9.0] {
            let g = grid(A4, bleed);
            let (w, h) = g.slot_size();
            let (x0, y0) = g.slot(0);
            let (x1, _) = g.slot(1);
            let (_, y2) = g.slot(g.cols);
            assert!((x1 - (x0 + w) - 2.0 * bleed).abs() < 1e-3);
            assert!((y2 - (y0 + h) - 2.0 * bleed).abs() < 1e-3);
            // Each card's background runs `bleed` past its trim all round.
            assert_eq!(
                g.bled((x0, y0)),
                (x0 - bleed, y0 - bleed, w + 2.0 * bleed, h + 2.0 * bleed)
            );
        }
        // Without a bleed, neighbours share a cut line; with one, each has
        // its own.
        let (xs, ys) = grid(A4, 0.0).cut_lines();
        assert_eq!((xs.len(), ys.len()), (4, 4));
        let (xs, ys) = grid(A4, 9.0).cut_lines();
        assert_eq!((xs.len(), ys.len()), (4, 6));
    }

    #[test]
    fn crop_marks_lie_on_cut_lines_outside_every_bled_card() {
        for (page, bleed) in [(LETTER, 0.0), (LETTER, 9.0), (A4, 0.0), (A4, 8.5)] {
            let g = grid(page, bleed);
            let (xs, ys) = g.cut_lines();
            let bled: Vec<Rect> = (0..g.per_page()).map(|i| g.bled(g.slot(i))).collect();
            let marks = g.marks();
            assert_eq!(marks.len(), 2 * (xs.len() + ys.len()));
            for &((ax, ay), (bx, by)) in &marks {
                if ax == bx {
                    assert!(xs.contains(&ax));
                } else {
                    assert_eq!(ay, by);
                    assert!(ys.contains(&ay));
                }
                for r in &bled {
                    for p in [(ax, ay), (bx, by), ((ax + bx) / 2.0, (ay + by) / 2.0)] {
                        assert!(!inside(*r, p), "{p:?} in the bled card {r:?}");
                    }
                }
                let len = (ax - bx).abs() + (ay - by).abs();
                assert!(len >= MIN_MARK, "{len}");
            }
        }
    }

    #[test]
    fn backs_mirror_the_fronts_for_a_long_edge_flip() {
        for (page, bleed) in [(LETTER, 0.0), (A4, 0.0), (A4, 9.0)] {
            let g = grid(page, bleed);
            let (w, _) = g.slot_size();
            for i in 0..g.per_page() {
                let (fx, fy) = g.slot(i);
                let (bx, by) = g.back_slot(i);
                assert_eq!(fy, by);
                assert!((bx - (page.0 - fx - w)).abs() < 1e-3);
                // The mirrored place is a slot of the grid.
                assert!((0..g.per_page()).any(|j| {
                    let (x, y) = g.slot(j);
                    (x - bx).abs() < 1e-3 && y == by
                }));
            }
        }
    }

    #[test]
    fn text_stays_clear_of_the_band_and_the_marks() {
        for (page, bleed) in [(LETTER, 0.0), (LETTER, 9.0), (A4, 0.0)] {
            let g = grid(page, bleed);
            let (bx, by, bw, bh) = g.block();
            match g.text_band() {
                TextBand::TopBottom {
                    top, bottom, depth, ..
                } => {
                    assert!(top >= EDGE && top + depth <= by);
                    assert!(bottom >= by + bh && bottom + depth <= page.1 - EDGE);
                }
                TextBand::Sides {
                    left, right, depth, ..
                } => {
                    assert!(left >= EDGE && left + depth <= bx);
                    assert!(right >= bx + bw && right + depth <= page.0 - EDGE);
                }
            }
        }
    }

    #[test]
    fn cards_that_cannot_fit_are_refused() {
        assert!(Grid::new(LETTER.0, LETTER.1, 600.0, 800.0, 0.0).is_err());
        assert!(Grid::new(LETTER.0, LETTER.1, 180.0, 252.0, f32::NAN).is_err());
        assert!(Grid::new(LETTER.0, LETTER.1, 0.0, 252.0, 0.0).is_err());
        assert!(Grid::new(LETTER.0, LETTER.1, 180.0, 252.0, MAX_BLEED).is_ok());
        assert!(Grid::new(A4.0, A4.1, 180.0, 252.0, MAX_BLEED).is_ok());
    }

    #[test]
    fn lengths() {
        assert_eq!(parse_length("0.125in"), Ok(9.0));
        assert_eq!(parse_length("9pt"), Ok(9.0));
        assert_eq!(parse_length("9"), Ok(9.0));
        assert!((parse_length("3mm").unwrap() - 8.5039).abs() < 1e-3);
        assert!(parse_length("3cm").is_err());
        assert!(
            parse_length("-3mm")
                .unwrap_err()
                .contains("cannot be negative")
        );
        assert!(
            parse_length("0.5in")
                .unwrap_err()
                .contains("at most 0.25in")
        );
        assert!(parse_length("0.25in").is_ok());
        assert!(parse_length("inf").is_err());
        assert!(parse_length("").is_err());
    }
}
