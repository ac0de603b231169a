//! Values kept for a whole build within a budget of bytes, the least
//! recently used dropped to make room: the pictures (`raster`) and the
//! replayed runs (`replay`).

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Arc, Mutex, MutexGuard};

pub(super) struct Lru<K, V> {
    /// Each value and when it was last used.
    kept: HashMap<K, (Arc<V>, u64)>,
    bytes: usize,
    clock: u64,
    budget: usize,
    size: fn(&V) -> usize,
}

impl<K: Hash + Eq + Clone, V> Lru<K, V> {
    /// Keeps at most `budget` bytes, a value counting `size(value)`.
    pub(super) fn new(budget: usize, size: fn(&V) -> usize) -> Self {
        Lru {
            kept: HashMap::new(),
            bytes: 0,
            clock: 0,
            budget,
            size,
        }
    }

    /// The value under `key`, now the most recently used.
    pub(super) fn get(&mut self, key: &K) -> Option<Arc<V>> {
        self.clock += 1;
        let now = self.clock;
        self.kept.get_mut(key).map(|(value, used)| {
            *used = now;
            value.clone()
        })
    }

    /// Keeps `value` under `key`, in place of any there, dropping the
    /// least recently used to make room; one larger than the whole budget
    /// is not kept.
    pub(super) fn keep(&mut self, key: K, value: Arc<V>) {
        if let Some((old, _)) = self.kept.remove(&key) {
            self.bytes -= (self.size)(&old);
        }
        let bytes = (self.size)(&value);
        if bytes > self.budget {
            return;
        }
        while self.bytes + bytes > self.budget {
            let Some(oldest) = self
                .kept
                .iter()
                .min_by_key(|(_, (_, used))| *used)
                .map(|(k, _)| k.clone())
            else {
                break;
            };
            if let Some((dropped, _)) = self.kept.remove(&oldest) {
                self.bytes -= (self.size)(&dropped);
            }
        }
        self.clock += 1;
        self.bytes += bytes;
        self.kept.insert(key, (value, self.clock));
    }
}

/// A store's lock, even one a panicking thread left poisoned: a store
/// only ever holds whole entries.
pub(super) fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Past its budget the least recently used goes, a value used since
    /// it was kept stays, and one larger than the budget is never kept.
    #[test]
    fn the_least_recently_used_make_room() {
        let mut lru: Lru<u32, Vec<u8>> = Lru::new(10, Vec::len);
        lru.keep(1, Arc::new(vec![0; 4]));
        lru.keep(2, Arc::new(vec![0; 4]));
        assert!(lru.get(&1).is_some());
        lru.keep(3, Arc::new(vec![0; 4]));
        assert!(lru.get(&2).is_none(), "the least recently used stayed");
        assert!(lru.get(&1).is_some() && lru.get(&3).is_some());
        lru.keep(4, Arc::new(vec![0; 11]));
        assert!(lru.get(&4).is_none());
        assert!(lru.get(&1).is_some() && lru.get(&3).is_some());
        // In place of the one under the same key.
        lru.keep(1, Arc::new(vec![0; 7]));
        assert_eq!(lru.get(&1).map(|v| v.len()), Some(7));
        assert!(lru.get(&3).is_none(), "over budget: {}", lru.bytes);
    }
}
