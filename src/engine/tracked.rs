//! `Tracked<T>`: a field of `Game` whose every mutable access counts (the offer cache's key,
//! `flow::actions`).
//!
//! The version is bumped by `DerefMut`, which every write through the field goes through —
//! `g.cards[c].exhausted = true`, `g.lists[z].push(c)`, `**g.attack = ...`, `iter_mut`, a method
//! taking `&mut self` — so no write can be forgotten at a call site: code that writes the
//! field without going through `DerefMut` does not compile (`untracked_mut` aside, a test-only
//! door that proves the offer cache's check fires). A mutable access that writes nothing
//! bumps it too (a harmless miss). The version only grows (wrapping: 2^32 writes between two
//! action windows cannot happen); `clone` / `clone_from` copy it with the value.

use std::ops::{Deref, DerefMut};

#[derive(Debug, Default)]
pub struct Tracked<T> {
    v: T,
    ver: u32,
}

impl<T> Tracked<T> {
    pub const fn new(v: T) -> Self {
        Tracked { v, ver: 0 }
    }

    /// How many mutable accesses this field has had (wrapping).
    #[inline(always)]
    pub fn version(&self) -> u32 {
        self.ver
    }

    /// The value to overwrite with a copy of `source`'s (`Game::clone_from`, buffer by
    /// buffer): takes `source`'s version, as `clone_from` does.
    #[inline]
    pub fn copy_target(&mut self, source: &Self) -> &mut T {
        self.ver = source.ver;
        &mut self.v
    }

    /// A mutable access that does not count: only for the test that shows a write the key
    /// misses is caught by the offer cache's check.
    #[cfg(test)]
    pub fn untracked_mut(&mut self) -> &mut T {
        &mut self.v
    }
}

impl<T> Deref for Tracked<T> {
    type Target = T;
    #[inline(always)]
    fn deref(&self) -> &T {
        &self.v
    }
}

impl<T> DerefMut for Tracked<T> {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut T {
        self.ver = self.ver.wrapping_add(1);
        &mut self.v
    }
}

impl<T: Clone> Clone for Tracked<T> {
    fn clone(&self) -> Self {
        Tracked {
            v: self.v.clone(),
            ver: self.ver,
        }
    }

    fn clone_from(&mut self, source: &Self) {
        self.v.clone_from(&source.v);
        self.ver = source.ver;
    }
}

impl<T: Copy> Copy for Tracked<T> {}

impl<T> From<T> for Tracked<T> {
    fn from(v: T) -> Self {
        Tracked::new(v)
    }
}

impl<'b, T> IntoIterator for &'b Tracked<Vec<T>> {
    type Item = &'b T;
    type IntoIter = std::slice::Iter<'b, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.v.iter()
    }
}
