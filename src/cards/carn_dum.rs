//! The Battle of Carn Dûm player cards.

use super::Script;

pub static SCRIPTS: &[Script] = &[];
