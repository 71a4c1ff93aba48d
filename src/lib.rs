//! lotr-sim: a Monte Carlo simulator for The Lord of the Rings: The Card Game.
//!
//! See ARCHITECTURE.md for the code map and invariants.

pub mod batch;
pub mod bots;
pub mod campaign;
pub mod cards;
pub mod checkpoint;
pub mod compare;
pub mod data;
pub mod deck;
pub mod decklist;
pub mod engine;
pub mod lock;
pub mod merge;
pub mod plot;
pub mod record;
pub mod report;
pub mod seed;
pub mod soak;
pub mod stats;
pub mod tune;
