//! Player bots behind one trait, registered in one table (`BOTS`).

use crate::engine::{Decision, Game};

/// A player bot: picks one option of a pending decision. Bots only read the game.
pub trait Bot: Send {
    fn name(&self) -> &'static str;
    /// Called before each game with the bot's own seed (derived from master seed and game index).
    fn new_game(&mut self, seed: u64);
    /// Index into `d.options`.
    fn choose(&mut self, game: &Game, d: &Decision) -> usize;
}

pub struct BotInfo {
    pub name: &'static str,
    pub about: &'static str,
    pub make: fn() -> Box<dyn Bot>,
}

pub mod basic;
pub mod random;

pub static BOTS: &[BotInfo] = &[
    BotInfo {
        name: "basic",
        about: "a careful rule-of-thumb player: safe defence, kill-only attacks, measured questing",
        make: || Box::new(basic::BasicBot::new()),
    },
    BotInfo {
        name: "random",
        about: "uniform over the legal options (seeded); a baseline and a stress test",
        make: || Box::new(random::RandomBot::new()),
    },
];

pub fn make(name: &str) -> Option<Box<dyn Bot>> {
    BOTS.iter().find(|b| b.name == name).map(|b| (b.make)())
}
