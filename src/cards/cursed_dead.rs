//! Cursed Dead encounter set.

use super::Script;

pub static SCRIPTS: &[Script] = &[];
