//! `SquareSet`: a set of board squares as a 64-bit mask (bit `Square::index`).

use std::fmt;
use std::ops::{
    BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub, SubAssign,
};

use crate::diagram::{Board, Square};

/// The index of a square on the board; `None` for a margin square, so that
/// no caller can reach `Square::index`'s assertion with one.
pub(crate) fn index_of(sq: Square) -> Option<usize> {
    sq.is_on_board().then(|| sq.index())
}

/// A set of squares; bit `i` is `Square::from_index(i)`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct SquareSet(pub u64);

impl SquareSet {
    pub const EMPTY: SquareSet = SquareSet(0);
    pub const FULL: SquareSet = SquareSet(!0);

    /// The set of one square; empty for a square off the board.
    pub fn from_square(sq: Square) -> SquareSet {
        match index_of(sq) {
            Some(i) => SquareSet(1 << i),
            None => SquareSet::EMPTY,
        }
    }

    /// Rank 1..=8; empty for any other number.
    pub fn rank(rank: u8) -> SquareSet {
        if (1..=8).contains(&rank) {
            SquareSet(0xff << ((rank - 1) * 8))
        } else {
            SquareSet::EMPTY
        }
    }

    /// File 0 (a) ..= 7 (h); empty for any other number.
    pub fn file(file: u8) -> SquareSet {
        if file < 8 {
            SquareSet(0x0101_0101_0101_0101 << file)
        } else {
            SquareSet::EMPTY
        }
    }

    pub fn contains(self, sq: Square) -> bool {
        index_of(sq).is_some_and(|i| self.0 >> i & 1 != 0)
    }

    /// Adds a square; a square off the board is ignored.
    pub fn insert(&mut self, sq: Square) {
        *self |= SquareSet::from_square(sq);
    }

    pub fn remove(&mut self, sq: Square) {
        *self -= SquareSet::from_square(sq);
    }

    #[must_use]
    pub fn with(self, sq: Square) -> SquareSet {
        self | SquareSet::from_square(sq)
    }

    #[must_use]
    pub fn without(self, sq: Square) -> SquareSet {
        self - SquareSet::from_square(sq)
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    pub fn intersects(self, other: SquareSet) -> bool {
        self.0 & other.0 != 0
    }

    pub fn is_subset(self, other: SquareSet) -> bool {
        self.0 & !other.0 == 0
    }

    /// The lowest square (a1 first).
    pub fn first(self) -> Option<Square> {
        (self.0 != 0).then(|| Square::from_index(self.0.trailing_zeros() as usize))
    }

    /// The highest square (h8 last).
    pub fn last(self) -> Option<Square> {
        (self.0 != 0).then(|| Square::from_index(63 - self.0.leading_zeros() as usize))
    }

    /// The square if the set has exactly one.
    pub fn single(self) -> Option<Square> {
        if self.0.is_power_of_two() {
            self.first()
        } else {
            None
        }
    }

    /// Squares in index order, a1 first.
    pub fn iter(self) -> SquareSetIter {
        SquareSetIter(self.0)
    }

    /// The occupied squares of a diagram board.
    pub fn occupied(board: &Board) -> SquareSet {
        board.pieces().map(|(sq, _)| sq).collect()
    }
}

impl fmt::Debug for SquareSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set()
            .entries(self.iter().map(|sq| sq.to_string()))
            .finish()
    }
}

/// Iterates a `SquareSet` from a1 to h8.
#[derive(Clone, Debug)]
pub struct SquareSetIter(u64);

impl Iterator for SquareSetIter {
    type Item = Square;

    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(Square::from_index(i))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for SquareSetIter {}

impl IntoIterator for SquareSet {
    type Item = Square;
    type IntoIter = SquareSetIter;

    fn into_iter(self) -> SquareSetIter {
        self.iter()
    }
}

impl IntoIterator for &SquareSet {
    type Item = Square;
    type IntoIter = SquareSetIter;

    fn into_iter(self) -> SquareSetIter {
        self.iter()
    }
}

impl FromIterator<Square> for SquareSet {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> SquareSet {
        let mut set = SquareSet::EMPTY;
        set.extend(iter);
        set
    }
}

impl Extend<Square> for SquareSet {
    fn extend<I: IntoIterator<Item = Square>>(&mut self, iter: I) {
        for sq in iter {
            self.insert(sq);
        }
    }
}

impl From<Square> for SquareSet {
    fn from(sq: Square) -> SquareSet {
        SquareSet::from_square(sq)
    }
}

macro_rules! bit_op {
    ($tr:ident, $f:ident, $atr:ident, $af:ident, $op:tt) => {
        impl $tr for SquareSet {
            type Output = SquareSet;
            fn $f(self, rhs: SquareSet) -> SquareSet {
                SquareSet(self.0 $op rhs.0)
            }
        }
        impl $atr for SquareSet {
            fn $af(&mut self, rhs: SquareSet) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}

bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

/// Set difference: `a - b` is `a & !b`.
impl Sub for SquareSet {
    type Output = SquareSet;
    fn sub(self, rhs: SquareSet) -> SquareSet {
        SquareSet(self.0 & !rhs.0)
    }
}

impl SubAssign for SquareSet {
    fn sub_assign(&mut self, rhs: SquareSet) {
        self.0 &= !rhs.0;
    }
}

impl Not for SquareSet {
    type Output = SquareSet;
    fn not(self) -> SquareSet {
        SquareSet(!self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        let b = name.as_bytes();
        Square::new(b[0] - b'a', b[1] - b'0')
    }

    #[test]
    fn insert_contains_iterate() {
        let mut set = SquareSet::EMPTY;
        set.insert(sq("h8"));
        set.insert(sq("a1"));
        set.insert(sq("e4"));
        // Margin squares are silently ignored, never a panic.
        set.insert(Square::new(3, 0));
        set.insert(Square::new(3, 9));
        set.insert(Square::new(8, 3));
        assert_eq!(set.len(), 3);
        assert!(set.contains(sq("e4")));
        assert!(!set.contains(sq("e5")));
        assert!(!set.contains(Square::new(3, 0)));
        let v: Vec<String> = set.iter().map(|s| s.to_string()).collect();
        assert_eq!(v, ["a1", "e4", "h8"]);
        assert_eq!(set.first(), Some(sq("a1")));
        assert_eq!(set.last(), Some(sq("h8")));
        assert_eq!(set.single(), None);
        assert_eq!(SquareSet::from(sq("c3")).single(), Some(sq("c3")));
        assert_eq!(format!("{set:?}"), r#"{"a1", "e4", "h8"}"#);
        set.remove(sq("e4"));
        assert_eq!(set.len(), 2);
    }

    #[test]
    fn ranks_files_and_operators() {
        assert_eq!(SquareSet::rank(1).0, 0xff);
        assert_eq!(SquareSet::rank(8).0, 0xff << 56);
        assert!(SquareSet::rank(0).is_empty() && SquareSet::rank(9).is_empty());
        assert!(SquareSet::file(8).is_empty());
        let a = SquareSet::file(0);
        let r = SquareSet::rank(1);
        assert_eq!((a & r).single(), Some(sq("a1")));
        assert_eq!((a | r).len(), 15);
        assert_eq!((a ^ r).len(), 14);
        assert_eq!((a - r).len(), 7);
        assert_eq!((!a).len(), 56);
        assert!((a & r).is_subset(a));
        assert!(a.intersects(r));
    }
}
