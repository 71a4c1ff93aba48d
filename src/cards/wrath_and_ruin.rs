//! Wrath and Ruin player cards.

use super::Script;

pub static SCRIPTS: &[Script] = &[];
