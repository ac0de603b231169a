//! Zine imposition: quarter-letter pages, four to a side of a letter sheet,
//! printed on both sides (flip on the long edge). Each sheet is cut across
//! the middle; the top halves, stacked on the bottom halves, nest into one
//! saddle-stitched booklet that is folded down the middle and stapled.

/// Where a logical page goes: the physical side and the offset of its
/// top-left corner there.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Slot {
    pub page: usize,
    pub side: usize,
    pub x: f32,
    pub y: f32,
}

/// The sides of the printed sheets (front, back, front, …) and, for every
/// slot on them, the logical page it shows (`None` for a blank).
pub fn impose(pages: usize, page_w: f32, page_h: f32) -> (usize, Vec<Slot>) {
    // Pages padded to a multiple of 4; each half-sheet holds four.
    let n = pages.div_ceil(4).max(1) * 4;
    let halves = n / 4;
    let sheets = halves.div_ceil(2);
    let mut slots = Vec::new();
    for h in 0..halves {
        // Half-sheet h nests h-th from the outside: top halves first.
        let (sheet, row) = if h < sheets { (h, 0) } else { (h - sheets, 1) };
        let y = row as f32 * page_h;
        let i = 2 * h;
        // Outside: the last page of the pair on the left, the first on the right.
        let front = [n - 1 - i, i];
        let back = [i + 1, n - 2 - i];
        for (side, pair) in [(2 * sheet, front), (2 * sheet + 1, back)] {
            for (col, &p) in pair.iter().enumerate() {
                if p < pages {
                    slots.push(Slot {
                        page: p,
                        side,
                        x: col as f32 * page_w,
                        y,
                    });
                }
            }
        }
    }
    slots.sort_by_key(|s| (s.side, (s.y * 10.0) as i64, (s.x * 10.0) as i64));
    (sheets * 2, slots)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eight_pages_on_one_sheet() {
        let (sides, slots) = impose(8, 1.0, 1.0);
        assert_eq!(sides, 2);
        let on = |side: usize| -> Vec<(usize, f32, f32)> {
            slots
                .iter()
                .filter(|s| s.side == side)
                .map(|s| (s.page, s.x, s.y))
                .collect()
        };
        // Outer half: 8|1 outside, 2|7 inside; inner half: 6|3, then 4|5.
        assert_eq!(
            on(0),
            vec![(7, 0.0, 0.0), (0, 1.0, 0.0), (5, 0.0, 1.0), (2, 1.0, 1.0)]
        );
        assert_eq!(
            on(1),
            vec![(1, 0.0, 0.0), (6, 1.0, 0.0), (3, 0.0, 1.0), (4, 1.0, 1.0)]
        );
    }

    #[test]
    fn every_page_is_placed_once() {
        for pages in [1, 3, 4, 9, 17, 40, 101] {
            let (sides, slots) = impose(pages, 2.0, 3.0);
            let mut seen: Vec<usize> = slots.iter().map(|s| s.page).collect();
            seen.sort();
            assert_eq!(seen, (0..pages).collect::<Vec<_>>());
            assert!(slots.iter().all(|s| s.side < sides));
            assert_eq!(sides % 2, 0);
        }
    }
}
