//! `SmallIds`: a fixed-capacity list of card ids on the stack.

use super::{CardId, NO_CARD};

/// A small fixed-capacity list of card ids on the stack, for collecting targets without heap
/// allocation. Capacity 64: more than the cards any one zone or effect deals with at once
/// (a 4-player game has about 12 heroes, a few dozen allies and enemies in play); extra ids are
/// dropped.
#[derive(Clone, Copy)]
pub struct SmallIds {
    ids: [CardId; 64],
    n: usize,
}

impl SmallIds {
    /// An empty list.
    pub fn new() -> Self {
        SmallIds {
            ids: [NO_CARD; 64],
            n: 0,
        }
    }
    /// Append `c` (dropped when full).
    pub fn push(&mut self, c: CardId) {
        if self.n < 64 {
            self.ids[self.n] = c;
            self.n += 1;
        }
    }
}

impl Default for SmallIds {
    fn default() -> Self {
        Self::new()
    }
}

impl FromIterator<CardId> for SmallIds {
    fn from_iter<T: IntoIterator<Item = CardId>>(iter: T) -> Self {
        let mut s = SmallIds {
            ids: [NO_CARD; 64],
            n: 0,
        };
        for c in iter {
            if s.n < 64 {
                s.ids[s.n] = c;
                s.n += 1;
            }
        }
        s
    }
}

impl std::ops::Deref for SmallIds {
    type Target = [CardId];
    fn deref(&self) -> &[CardId] {
        &self.ids[..self.n]
    }
}

impl std::ops::DerefMut for SmallIds {
    fn deref_mut(&mut self) -> &mut [CardId] {
        &mut self.ids[..self.n]
    }
}

impl IntoIterator for SmallIds {
    type Item = CardId;
    type IntoIter = std::iter::Take<std::array::IntoIter<CardId, 64>>;
    fn into_iter(self) -> Self::IntoIter {
        self.ids.into_iter().take(self.n)
    }
}

impl<'a> IntoIterator for &'a SmallIds {
    type Item = &'a CardId;
    type IntoIter = std::slice::Iter<'a, CardId>;
    fn into_iter(self) -> Self::IntoIter {
        self.ids[..self.n].iter()
    }
}
