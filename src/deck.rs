//! Player decks: the `Deck` type and parsers for OCTGN `.o8d` and RingsDB-style text lists.

use crate::data::DefId;

/// A loaded player deck: starting heroes and the deck's cards, one entry per copy.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Deck {
    /// Short name (file stem or built-in name), used in CSV `decks` column.
    pub name: String,
    pub heroes: Vec<DefId>,
    pub cards: Vec<DefId>,
}
