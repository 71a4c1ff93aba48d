//! Player cards, one module per product (the box or pack that prints them): the Core Set in
//! its four spheres, the Revised Core Set, The Lost Realm, the six Angmar Awakened adventure
//! packs and Wrath and Ruin's player cards.

pub mod carn_dum;
pub mod core_leadership;
pub mod core_lore;
pub mod core_spirit;
pub mod core_tactics;
pub mod dread_realm;
pub mod ettenmoors;
pub mod lost_realm;
pub mod mount_gram;
pub mod revised_core;
pub mod rhudaur;
pub mod wastes_of_eriador;
pub mod wrath_and_ruin;
