//! `random`: uniform over the legal options, seeded. For baselines and stress tests.

use super::Bot;
use crate::engine::{Decision, Game};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

pub struct RandomBot {
    rng: Pcg64Mcg,
}

impl RandomBot {
    pub fn new() -> Self {
        RandomBot {
            rng: Pcg64Mcg::seed_from_u64(0),
        }
    }
}

impl Default for RandomBot {
    fn default() -> Self {
        Self::new()
    }
}

impl Bot for RandomBot {
    fn name(&self) -> &'static str {
        "random"
    }
    fn new_game(&mut self, seed: u64) {
        self.rng = Pcg64Mcg::seed_from_u64(seed);
    }
    fn choose(&mut self, _game: &Game, d: &Decision) -> usize {
        self.rng.gen_range(0..d.options.len())
    }
}
