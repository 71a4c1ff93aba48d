//! Intruders in Chetwood: its quest, and the Intruders in Chetwood, Iârion, Eriador Wilds and
//! Angmar Orcs encounter sets.

use super::{Script, BLANK};

pub static SCRIPTS: &[Script] = &[Script { code: "TLR-016", ..BLANK }];
