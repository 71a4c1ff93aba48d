//! Deadmen's Dike encounter set and quest cards.

use super::Script;

pub static SCRIPTS: &[Script] = &[];
