//! Escape from Mount Gram player cards.

use super::Script;

pub static SCRIPTS: &[Script] = &[];
