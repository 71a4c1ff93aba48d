//! Intruders in Chetwood Nightmare: the setup card and the Nightmare encounter cards.

use super::Script;

pub static SCRIPTS: &[Script] = &[];
