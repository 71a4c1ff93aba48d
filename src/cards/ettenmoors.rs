//! Across the Ettenmoors player cards.

use super::Script;

pub static SCRIPTS: &[Script] = &[];
