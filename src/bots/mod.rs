//! Player bots behind one trait, registered in one table (`BOTS`).

pub use crate::engine::Bot;

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
