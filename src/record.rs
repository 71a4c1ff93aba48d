//! What one finished game reports to the batch runner. Fixed-size, no heap.

/// Highest round number the engine will ever play (the round cap is at most this).
pub const MAX_ROUNDS: usize = 64;
/// Most players in a game.
pub const MAX_PLAYERS: usize = 4;

#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
pub enum Outcome {
    Win,
    /// Every player eliminated by reaching the threat elimination level.
    LossThreat,
    /// Every player eliminated because all his heroes were destroyed (or a mix of causes
    /// where the last elimination was by heroes).
    LossHeroes,
    /// A card's text made the players lose (e.g. Iârion left play).
    LossScenario,
    /// The round cap was reached: its own outcome, never a win.
    RoundCap,
}

impl Outcome {
    pub const ALL: [Outcome; 5] = [
        Outcome::Win,
        Outcome::LossThreat,
        Outcome::LossHeroes,
        Outcome::LossScenario,
        Outcome::RoundCap,
    ];
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Win => "win",
            Outcome::LossThreat => "threat",
            Outcome::LossHeroes => "heroes_dead",
            Outcome::LossScenario => "scenario",
            Outcome::RoundCap => "round_cap",
        }
    }
    pub fn is_win(self) -> bool {
        self == Outcome::Win
    }
}

#[derive(Clone, Copy, Debug)]
pub struct GameRecord {
    pub index: u64,
    pub outcome: Outcome,
    /// Number of the round in which the game ended (1-based).
    pub rounds: u16,
    /// Rounds that reached the end of their refresh phase (used for the score).
    pub rounds_completed: u16,
    pub players: u8,
    /// Threat of each seat when the game ended (eliminated seat: its elimination level).
    pub final_threat: [u8; MAX_PLAYERS],
    /// Threat of each seat at the end of each round `r` (index r-1), for rounds `1..=rounds_completed`.
    /// A seat that has been eliminated keeps `ELIMINATED` there.
    pub threat_at_round_end: [[u8; MAX_PLAYERS]; MAX_ROUNDS],
    /// Official score (lower is better), computed for every game; meaningful for wins.
    pub score: i32,
    /// Number of card definitions that were played without their abilities (`--allow-unimplemented`).
    pub unimplemented_plays: u32,
    /// Stage number of the main quest when the game ended (0: none in play).
    pub stage: u8,
    /// Progress on that stage when the game ended, in percent of its quest points (0-100; 0 for
    /// a stage without quest points).
    pub stage_progress: u8,
}

/// Marker in `threat_at_round_end` for a seat already eliminated.
pub const ELIMINATED: u8 = u8::MAX;

impl GameRecord {
    pub fn empty(index: u64, players: u8) -> Self {
        GameRecord {
            index,
            outcome: Outcome::RoundCap,
            rounds: 0,
            rounds_completed: 0,
            players,
            final_threat: [0; MAX_PLAYERS],
            threat_at_round_end: [[0; MAX_PLAYERS]; MAX_ROUNDS],
            score: 0,
            unimplemented_plays: 0,
            stage: 0,
            stage_progress: 0,
        }
    }
}

impl GameRecord {
    /// How far the game got, for tuning when wins are rare: 100 for a win, else 10 per quest
    /// stage beyond the first plus up to 10 for the progress on the stage reached.
    pub fn progress_score(&self) -> f64 {
        if self.outcome.is_win() {
            100.0
        } else {
            10.0 * self.stage.saturating_sub(1) as f64 + self.stage_progress as f64 / 10.0
        }
    }
}
