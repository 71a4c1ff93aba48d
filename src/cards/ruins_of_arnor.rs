//! Ruins of Arnor encounter set.

use super::Script;

pub static SCRIPTS: &[Script] = &[];
