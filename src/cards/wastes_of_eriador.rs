//! The Wastes of Eriador player cards.

use super::Script;

pub static SCRIPTS: &[Script] = &[];
