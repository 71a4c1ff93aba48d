//! Card behaviour, one module per product/encounter set.

use crate::data::{CardDb, DefId};

/// Implementation status of a card's abilities, for `lotr-sim list cards`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Status {
    /// Every ability is implemented (and tested).
    Implemented,
    /// The card has no abilities beyond its printed numbers and keywords.
    Vanilla,
    /// The card has abilities the engine does not implement.
    Missing,
}

impl Status {
    pub fn name(self) -> &'static str {
        match self {
            Status::Implemented => "implemented",
            Status::Vanilla => "vanilla",
            Status::Missing => "missing",
        }
    }
}

/// Status of one card definition.
pub fn status(_db: &CardDb, _id: DefId) -> Status {
    Status::Missing
}
