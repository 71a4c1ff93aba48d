//! Revised Core Set player cards that are not Core Set reprints.

use super::Script;

pub static SCRIPTS: &[Script] = &[];
