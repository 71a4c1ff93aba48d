//! The Dread Realm player cards.

use super::Script;

pub static SCRIPTS: &[Script] = &[];
