//! Where cards sit on a sheet: a centred 3 x 3 grid, crop marks in the
//! margin on the cut lines, and the mirrored grid of backs. Points, y down.

/// Cards across and down a sheet.
pub const COLS: usize = 3;
pub const ROWS: usize = 3;
pub const PER_PAGE: usize = COLS * ROWS;

/// The shortest crop mark worth printing, in points.
const MIN_MARK: f32 = 6.0;
/// The longest crop mark, in points.
const MAX_MARK: f32 = 18.0;

/// The grid of one sheet.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Grid {
    pub page_w: f32,
    pub page_h: f32,
    pub card_w: f32,
    pub card_h: f32,
    pub bleed: f32,
    /// The top-left corner of the top-left card's cut edges.
    pub left: f32,
    pub top: f32,
}

/// A crop mark: a line segment on a cut line, outside every card.
pub type Mark = ((f32, f32), (f32, f32));

impl Grid {
    /// Centres 3 x 3 cards on the page, edge to edge: one cut between two
    /// cards, and every face shares the card background, so a cut that
    /// wanders off an inner line still shows background. The bleed runs
    /// past the outer cut lines; it must leave room for the crop marks.
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
        if !(card_w > 0.0 && card_h > 0.0 && card_w.is_finite() && card_h.is_finite()) {
            return Err("the card has no size".to_string());
        }
        let grid = Grid {
            page_w,
            page_h,
            card_w,
            card_h,
            bleed,
            left: (page_w - COLS as f32 * card_w) / 2.0,
            top: (page_h - ROWS as f32 * card_h) / 2.0,
        };
        if grid.mark_space() < MIN_MARK {
            return Err(format!(
                "a {} bleed leaves no room for crop marks around 9 cards on this page; at most {} fits",
                describe(bleed),
                describe((grid.left.min(grid.top) - MIN_MARK).max(0.0))
            ));
        }
        Ok(grid)
    }

    /// The room between the bleed and the page edge, on the tighter side.
    fn mark_space(&self) -> f32 {
        self.left.min(self.top) - self.bleed
    }

    /// The cut-edge corner of a slot, counting across then down.
    pub fn slot(&self, i: usize) -> (f32, f32) {
        let (col, row) = (i % COLS, (i / COLS) % ROWS);
        (
            self.left + col as f32 * self.card_w,
            self.top + row as f32 * self.card_h,
        )
    }

    /// Where the back of slot `i` goes: the same row, the column mirrored,
    /// so it lands behind its face when the sheet flips on its long edge.
    pub fn back_slot(&self, i: usize) -> (f32, f32) {
        let (col, row) = (i % COLS, (i / COLS) % ROWS);
        self.slot(row * COLS + (COLS - 1 - col))
    }

    /// The background under the cards of a sheet, `bleed` past the outer
    /// cut lines: x, y, width, height. `slots` cards fill it row by row.
    pub fn bleed_rect(&self, slots: &[(f32, f32)]) -> Option<(f32, f32, f32, f32)> {
        if self.bleed <= 0.0 || slots.is_empty() {
            return None;
        }
        let x0 = slots.iter().map(|s| s.0).fold(f32::INFINITY, f32::min);
        let y0 = slots.iter().map(|s| s.1).fold(f32::INFINITY, f32::min);
        let x1 = slots.iter().map(|s| s.0).fold(f32::NEG_INFINITY, f32::max) + self.card_w;
        let y1 = slots.iter().map(|s| s.1).fold(f32::NEG_INFINITY, f32::max) + self.card_h;
        let b = self.bleed;
        Some((x0 - b, y0 - b, x1 - x0 + 2.0 * b, y1 - y0 + 2.0 * b))
    }

    /// The mark length: most of the room outside the bleed, capped.
    pub fn mark_len(&self) -> f32 {
        (self.mark_space() * 0.7).clamp(MIN_MARK.min(self.mark_space()), MAX_MARK)
    }

    /// Every cut line's x (card sides) and y (card tops and bottoms),
    /// shared lines once.
    pub fn cut_lines(&self) -> (Vec<f32>, Vec<f32>) {
        let mut xs = Vec::new();
        let mut ys = Vec::new();
        for c in 0..COLS {
            let (x, _) = self.slot(c);
            push_unique(&mut xs, x);
            push_unique(&mut xs, x + self.card_w);
        }
        for r in 0..ROWS {
            let (_, y) = self.slot(r * COLS);
            push_unique(&mut ys, y);
            push_unique(&mut ys, y + self.card_h);
        }
        (xs, ys)
    }

    /// Crop marks on every cut line, starting where the bleed ends (at the
    /// card edge when there is none) and running outwards.
    pub fn marks(&self) -> Vec<Mark> {
        let (xs, ys) = self.cut_lines();
        let (first_x, last_x) = (self.left, self.left + COLS as f32 * self.card_w);
        let (first_y, last_y) = (self.top, self.top + ROWS as f32 * self.card_h);
        let len = self.mark_len();
        let b = self.bleed;
        let mut marks = Vec::new();
        for &x in &xs {
            marks.push(((x, first_y - b), (x, first_y - b - len)));
            marks.push(((x, last_y + b), (x, last_y + b + len)));
        }
        for &y in &ys {
            marks.push(((first_x - b, y), (first_x - b - len, y)));
            marks.push(((last_x + b, y), (last_x + b + len, y)));
        }
        marks
    }

    /// Room for a line of text outside the bleed: above and below the
    /// cards (between the middle column's marks), or, when that is too
    /// tight, beside them (between the middle row's marks, turned).
    pub fn text_band(&self) -> TextBand {
        let top_room = self.top - self.bleed;
        let side_room = self.left - self.bleed;
        if top_room >= 14.0 || top_room >= side_room {
            TextBand::TopBottom {
                x0: self.left + self.card_w,
                x1: self.left + 2.0 * self.card_w,
                room: top_room,
            }
        } else {
            TextBand::Sides {
                y0: self.top + self.card_h,
                y1: self.top + 2.0 * self.card_h,
                room: side_room,
            }
        }
    }
}

/// Where the sheet's title and instructions go.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TextBand {
    /// Horizontal, from x0 to x1; `room` is the margin's depth.
    TopBottom { x0: f32, x1: f32, room: f32 },
    /// Turned, reading up the left margin and down the right, y0 to y1.
    Sides { y0: f32, y1: f32, room: f32 },
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
    Ok(v * scale)
}

#[cfg(test)]
mod tests {
    use super::*;

    const LETTER: (f32, f32) = (612.0, 792.0);
    const A4: (f32, f32) = (595.2756, 841.8898);

    fn grid(page: (f32, f32), bleed: f32) -> Grid {
        Grid::new(page.0, page.1, 180.0, 252.0, bleed).unwrap()
    }

    #[test]
    fn nine_cards_centred() {
        for page in [LETTER, A4] {
            let g = grid(page, 0.0);
            let (x0, y0) = g.slot(0);
            let (x8, y8) = g.slot(8);
            assert!((x0 - (page.0 - x8 - 180.0)).abs() < 1e-3);
            assert!((y0 - (page.1 - y8 - 252.0)).abs() < 1e-3);
            // Nine distinct slots, the tenth starts a new page's grid.
            let mut all: Vec<(f32, f32)> = (0..9).map(|i| g.slot(i)).collect();
            all.dedup();
            assert_eq!(all.len(), 9);
            assert_eq!(g.slot(9), g.slot(0));
        }
        let g = grid(LETTER, 0.0);
        assert_eq!(g.slot(0), (36.0, 18.0));
        assert_eq!(g.slot(4), (216.0, 270.0));
    }

    #[test]
    fn crop_marks_meet_card_edges_outside_the_cards() {
        for (page, bleed) in [(LETTER, 0.0), (LETTER, 9.0), (A4, 9.0)] {
            let g = grid(page, bleed);
            let cards: Vec<(f32, f32)> = (0..9).map(|i| g.slot(i)).collect();
            let marks = g.marks();
            let (xs, ys) = g.cut_lines();
            // Cards sit edge to edge: neighbours share a cut line.
            assert_eq!((xs.len(), ys.len()), (4, 4));
            assert_eq!(marks.len(), 16);
            for &((ax, ay), (bx, by)) in &marks {
                if ax == bx {
                    // On a card's side edge exactly.
                    assert!(cards.iter().any(|&(x, _)| x == ax || x + 180.0 == ax));
                } else {
                    assert_eq!(ay, by);
                    assert!(cards.iter().any(|&(_, y)| y == ay || y + 252.0 == ay));
                }
                // Outside every card and the bleed, on the page.
                let (bx0, by0, bw, bh) = g
                    .bleed_rect(&cards)
                    .unwrap_or((g.left, g.top, 540.0, 756.0));
                for (px, py) in [(ax, ay), (bx, by)] {
                    let inside = px > bx0 + 1e-3
                        && px < bx0 + bw - 1e-3
                        && py > by0 + 1e-3
                        && py < by0 + bh - 1e-3;
                    assert!(!inside, "{px},{py} in the bleed");
                }
                for &(x, y) in &cards {
                    for (px, py) in [(ax, ay), (bx, by), ((ax + bx) / 2.0, (ay + by) / 2.0)] {
                        let inside = px > x - bleed + 1e-3
                            && px < x + 180.0 + bleed - 1e-3
                            && py > y - bleed + 1e-3
                            && py < y + 252.0 + bleed - 1e-3;
                        assert!(!inside, "{px},{py} in card at {x},{y}");
                    }
                }
                for p in [ax, bx] {
                    assert!((0.0..=page.0).contains(&p));
                }
                for p in [ay, by] {
                    assert!((0.0..=page.1).contains(&p));
                }
            }
            // A mark touches the card block (or its bleed) where it starts.
            let ((_, y), _) = marks[0];
            assert!((y - (g.slot(0).1 - bleed)).abs() < 1e-3);
        }
    }

    #[test]
    fn backs_mirror_the_columns() {
        let g = grid(LETTER, 0.0);
        for i in 0..9 {
            let (fx, fy) = g.slot(i);
            let (bx, by) = g.back_slot(i);
            assert_eq!(fy, by);
            // Flipped on the long edge, x becomes page_w - x - w.
            assert!((bx - (612.0 - fx - 180.0)).abs() < 1e-3);
        }
        let g = grid(A4, 9.0);
        for i in 0..9 {
            let (fx, _) = g.slot(i);
            let (bx, _) = g.back_slot(i);
            assert!((bx - (A4.0 - fx - 180.0)).abs() < 1e-3);
        }
    }

    #[test]
    fn bleed_runs_past_the_outer_cut_lines() {
        let g = grid(LETTER, 9.0);
        let full: Vec<(f32, f32)> = (0..9).map(|i| g.slot(i)).collect();
        assert_eq!(g.bleed_rect(&full), Some((27.0, 9.0, 558.0, 774.0)));
        // A part sheet: only the rows in use.
        assert_eq!(g.bleed_rect(&full[..2]), Some((27.0, 9.0, 378.0, 270.0)));
        assert_eq!(grid(LETTER, 0.0).bleed_rect(&full), None);
    }

    #[test]
    fn text_goes_where_there_is_room() {
        assert!(matches!(
            grid(LETTER, 0.0).text_band(),
            TextBand::TopBottom { room: 18.0, .. }
        ));
        assert!(matches!(
            grid(LETTER, 9.0).text_band(),
            TextBand::Sides { room: 27.0, .. }
        ));
        assert!(matches!(
            grid(A4, 9.0).text_band(),
            TextBand::TopBottom { .. }
        ));
    }

    #[test]
    fn too_much_bleed_is_refused() {
        let e = Grid::new(LETTER.0, LETTER.1, 180.0, 252.0, 14.0).unwrap_err();
        assert!(e.contains("at most 0.166in"), "{e}");
        assert!(Grid::new(LETTER.0, LETTER.1, 180.0, 252.0, 12.0).is_ok());
        assert!(Grid::new(A4.0, A4.1, 180.0, 252.0, 9.0).is_ok());
        assert!(Grid::new(LETTER.0, LETTER.1, 180.0, 252.0, f32::NAN).is_err());
        assert!(Grid::new(LETTER.0, LETTER.1, 0.0, 252.0, 0.0).is_err());
    }

    #[test]
    fn lengths() {
        assert_eq!(parse_length("0.125in"), Ok(9.0));
        assert_eq!(parse_length("9pt"), Ok(9.0));
        assert_eq!(parse_length("9"), Ok(9.0));
        assert!((parse_length("3mm").unwrap() - 8.5039).abs() < 1e-3);
        assert!(parse_length("3cm").is_err());
        assert!(parse_length("-1mm").is_err());
        assert!(parse_length("inf").is_err());
        assert!(parse_length("").is_err());
    }
}
