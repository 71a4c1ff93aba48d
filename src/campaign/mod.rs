//! Campaign mode (RULES.md §9): the campaign log (`CampaignState`, §9.1), its text file
//! (`log`), and the chaining of scenarios (`play`: retries, resolution, fallen heroes, the
//! threat penalty, between-scenario choices).
//!
//! The engine sees a campaign only through `Game::campaign` (this log and the campaign card of
//! the scenario being played); what a campaign card does at setup, during the game and at its
//! resolution is the card's own script (`cards::campaign`).

pub mod log;
pub mod play;
pub mod report;
pub mod store;

use crate::data::{CardDb, DefId};

/// The nine Angmar Awakened scenarios in campaign order (the Lost Realm's three first), by the
/// slug `scenarios.csv` gives them; a scenario joins campaigns when it is playable.
pub const ORDER: [&str; 9] = [
    "intruders-in-chetwood",
    "the-weather-hills",
    "deadmens-dike",
    "the-wastes-of-eriador",
    "escape-from-mount-gram",
    "across-the-ettenmoors",
    "the-treachery-of-rhudaur",
    "the-battle-of-carn-dum",
    "the-dread-realm",
];

/// One card of the campaign pool (§9.1): a boon, a burden or another card a campaign card adds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PoolCard {
    pub card: DefId,
    /// The player whose deck or hand it belongs to (player cards), if any (0-based seat).
    pub player: Option<u8>,
    /// The hero a Permanent card belongs to (§5.18).
    pub hero: Option<DefId>,
}

/// Scenario-specific numbers and flags of the log (§9.1 *Notes*).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Notes {
    /// Damage logged for Protect the Innocent / Arnor Ravaged.
    pub protect_the_innocent: i16,
    /// Cumulative reduction of every player's starting threat (Fend Off Despair).
    pub threat_reduction: i16,
    /// Characters marked "determined" (Determination), by card.
    pub determined: Vec<DefId>,
    /// Unique cards a player may no longer use (Escape from Mount Gram): (seat, card).
    pub lost: Vec<(u8, DefId)>,
    /// Damage on each hero when a scenario ended (after The Battle of Carn Dûm).
    pub hero_damage: Vec<(DefId, i16)>,
    /// Each player's own share of the threat penalty (his hero changes), by seat; used instead
    /// of the shared counter under rule option `threat_penalty_shared=false` (§9.4.4).
    pub player_penalty: Vec<i16>,
}

/// The campaign log (RULES.md §9.1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CampaignState {
    /// Number of the next scenario to play, 1–9 (10: the campaign is won).
    pub next: u8,
    /// Each player's current heroes (seat order).
    pub heroes: Vec<Vec<DefId>>,
    /// Heroes that may no longer be used in this campaign.
    pub fallen: Vec<DefId>,
    /// The shared threat penalty (§9.4).
    pub threat_penalty: i16,
    pub pool: Vec<PoolCard>,
    pub notes: Notes,
    /// (scenario number, score) of each won scenario, in order.
    pub scores: Vec<(u8, i32)>,
}

impl CampaignState {
    /// A new campaign starting at scenario `next` with these parties.
    pub fn new(next: u8, heroes: Vec<Vec<DefId>>) -> Self {
        CampaignState {
            next,
            heroes,
            fallen: Vec::new(),
            threat_penalty: 0,
            pool: Vec::new(),
            notes: Notes::default(),
            scores: Vec::new(),
        }
    }

    /// The threat penalty on player `p`'s starting threat: the shared counter, or his own
    /// changes when the penalty is not shared (§9.4.4, rule option `threat_penalty_shared`).
    pub fn penalty_of(&self, p: usize, shared: bool) -> i16 {
        if shared {
            self.threat_penalty
        } else {
            self.notes.player_penalty.get(p).copied().unwrap_or(0)
        }
    }

    /// The campaign total (§9.5.3: the sum of the won scenarios' scores).
    pub fn total_score(&self) -> i32 {
        self.scores.iter().map(|s| s.1).sum()
    }

    pub fn in_pool(&self, db: &CardDb, code: &str) -> bool {
        db.by_code(code)
            .is_some_and(|d| self.pool.iter().any(|p| p.card == d))
    }

    pub fn add_to_pool(&mut self, card: DefId, player: Option<u8>, hero: Option<DefId>) {
        self.pool.push(PoolCard { card, player, hero });
    }

    pub fn remove_from_pool(&mut self, card: DefId) {
        self.pool.retain(|p| p.card != card);
    }

    /// Is this hero (or another version of the same character, by title) fallen?
    pub fn is_fallen(&self, db: &CardDb, hero: DefId) -> bool {
        let t = &db.def(hero).title;
        self.fallen.iter().any(|&f| &db.def(f).title == t)
    }
}

/// Slug → campaign number (1–9).
pub fn scenario_number(slug: &str) -> Option<u8> {
    ORDER.iter().position(|s| *s == slug).map(|i| i as u8 + 1)
}

/// What one game of a campaign needs beyond its `GameSetup` (`Game::campaign`).
#[derive(Clone, Debug)]
pub struct CampaignGame {
    /// The log as it stood before this scenario.
    pub state: CampaignState,
    /// Campaign number of the scenario (1–9).
    pub number: u8,
    /// The scenario's campaign card, setup side.
    pub card: DefId,
    /// Cards created set aside: (card, owner seat or `engine::ENCOUNTER`, from the pool). Pool
    /// cards' own Setup text runs after the campaign card's; the others wait for the campaign
    /// card's text to bring them in.
    pub set_aside: Vec<(DefId, u8, bool)>,
}
