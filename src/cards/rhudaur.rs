//! The Treachery of Rhudaur player cards.

use super::Script;

pub static SCRIPTS: &[Script] = &[];
