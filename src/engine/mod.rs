//! The rules engine: a resumable state machine (`Game`) that stops at every decision.
//!
//! `Game::start` sets up a game from (master seed, game index); `pending()` is the decision the
//! engine waits for; `apply(i)` answers it with option `i` and runs until the next decision or
//! the end. `Game` is `Clone` at any decision.

use crate::bots::Bot;
use crate::data::{CardDb, Mode};
use crate::deck::Deck;
use crate::record::{GameRecord, Outcome};

/// Engine choices where RULES.md says UNSURE (Appendix A), as named options.
#[derive(Clone, Debug)]
pub struct RuleOptions {
    /// §2.2.4 first player: `None` = seeded random pick, `Some(n)` = seat n.
    pub first_player: Option<u8>,
}

impl Default for RuleOptions {
    fn default() -> Self {
        RuleOptions { first_player: Some(0) }
    }
}

/// Everything fixed for a batch: scenario, mode, one deck per seat, options.
#[derive(Clone, Debug)]
pub struct GameSetup {
    /// Index into `CardDb::scenarios`.
    pub scenario: usize,
    pub mode: Mode,
    pub decks: Vec<Deck>,
    pub options: RuleOptions,
    /// Round cap (≤ `record::MAX_ROUNDS`); reaching it is its own outcome.
    pub max_rounds: u16,
    /// Play cards whose abilities are not implemented as if blank (counted and reported).
    pub allow_unimplemented: bool,
}

/// A decision the engine waits for.
#[derive(Clone, Debug)]
pub struct Decision {
    pub player: u8,
    pub options: Vec<u32>,
}

#[derive(Clone)]
pub struct Game<'a> {
    pub db: &'a CardDb,
    pub setup: &'a GameSetup,
    pending: Option<Decision>,
    outcome: Option<Outcome>,
    index: u64,
}

impl<'a> Game<'a> {
    pub fn new(db: &'a CardDb, setup: &'a GameSetup) -> Self {
        Game { db, setup, pending: None, outcome: None, index: 0 }
    }
    /// Reset for game `index` of a batch with `master` seed and run to the first decision.
    pub fn start(&mut self, _master: u64, index: u64) {
        self.index = index;
        self.outcome = Some(Outcome::RoundCap);
    }
    pub fn pending(&self) -> Option<&Decision> {
        self.pending.as_ref()
    }
    pub fn apply(&mut self, _option: usize) {}
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }
    /// Turn the readable game log on (off by default: no allocation when off).
    pub fn set_logging(&mut self, _on: bool) {}
    /// Lines logged since `start` (empty unless logging is on).
    pub fn log_lines(&self) -> &[String] {
        &[]
    }
    pub fn record(&self) -> GameRecord {
        GameRecord::empty(self.index, self.setup.decks.len() as u8)
    }
}

/// Play one whole game with one bot per seat; the result depends only on (master, index).
pub fn play_game(game: &mut Game, bots: &mut [Box<dyn Bot>], master: u64, index: u64) -> GameRecord {
    game.start(master, index);
    for (seat, b) in bots.iter_mut().enumerate() {
        b.new_game(crate::seed::derive(master, index, crate::seed::Stream::Bot(seat as u8)));
    }
    while let Some(d) = game.pending() {
        let d = d.clone();
        let i = bots[d.player as usize].choose(game, &d);
        game.apply(i);
    }
    game.record()
}
