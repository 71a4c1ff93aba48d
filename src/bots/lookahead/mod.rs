//! `lookahead`: search with the engine itself — rolling-horizon policy improvement over `basic`.
//!
//! At a decision that matters (see [`searched`]) the bot scores each candidate option by
//! playing it on in `rollouts` determinized copies of the game: [`Game::determinize`]
//! re-samples everything the players cannot see (deck orders, face-down shadow cards, the
//! game's random streams), the option is applied, and the `basic` bot plays every seat on until
//! the horizon — the start of round `current + depth` — or the end of the game. The end state is
//! scored by [`value`]: a win is `WIN`, a loss `LOSS`, anything else the static state value
//! below. The candidate with the best mean is chosen if it beats `basic`'s own choice (always the
//! first candidate) by more than `margin` (2 value points); otherwise, and at every decision not
//! searched, `basic`'s choice stands. The margin keeps rollout noise from trading a sound choice
//! for a slightly worse one (measured 0 → 2: Intruders Standard +1.75 and +2.0 points on seeds 1
//! and 2, Easy +3.25, 400 pairs each, every interval spanning 0).
//!
//! * **Candidates**: `basic`'s choice first, then the other options in the engine's order, at
//!   most `width`.
//! * **Common random numbers**: sample *k* uses the same determinization seed for every
//!   candidate, so two candidates are compared on the same hidden cards and the same future
//!   shuffles; only the option differs.
//! * **Early stop**: when every candidate scored exactly the same on the first `probe` (2)
//!   samples, the option makes no difference within the horizon and `basic`'s choice is kept
//!   without playing the remaining samples (most action windows and responses end here).
//! * **Racing** (`race`, standard errors; 0 = off): after `RACE_MIN` (4) samples, a candidate
//!   whose mean paired difference to `basic`'s choice, plus `race` standard errors of it, does
//!   not exceed the margin is dropped (never chosen, no more rollouts); when every candidate is
//!   dropped, `basic`'s choice stands. The budget goes to the close calls.
//! * **Curtailment** (`curtail`, 2; 0 = off): from sample 8 on, a candidate that the rest of the
//!   budget would almost surely not make the choice is dropped, and a decision with one
//!   candidate left stops (see below): about half the rollouts for the same choices.
//! * **No peeking**: the bot reads the live game only to copy it; the copy is determinized
//!   before anything is played, so the true hidden order never reaches a rollout (two games that
//!   differ only in hidden information get the same choice: see the tests). A decision whose
//!   options name a card in a hidden pile is not searched.
//! * **Determinism**: the determinization seeds come from the bot's own stream (`new_game`),
//!   and `basic` is deterministic; the `basic` that plays the rollouts is reset before each one
//!   (it keeps a memo within a game), so every rollout starts alike and a game depends only on
//!   (master seed, game index).
//! * **Memory**: two reused [`GameBuf`]s (the determinized root, the rollout copy); after the
//!   first decision a rollout allocates nothing.
//!
//! **Learned value** (issue 18, eighth pass; `value=auto`, the default): on the scenarios and
//! modes the fit was made on (`learned::DOMAIN`: Intruders in Chetwood, Escape from Mount Gram,
//! Across the Ettenmoors, Easy and Standard) an unfinished end state scores `1000·p − 500`, `p`
//! the win chance of a logistic regression on the static value's terms and a few more
//! (`learned.rs`, fitted by `tools/fit_value.py` on 9,000 `lookahead` games), with `margin` /
//! `plan_margin` `auto` = 30; elsewhere the static value below with margins 2 (outside its
//! data the fit shortened games and lost progress). Against the static value on fresh seeds:
//! Mount Gram Standard +9.30, Easy +7.20, Ettenmoors Standard +12.20 (1,000 pairs, each beyond
//! noise), Intruders Easy +2.90, Ettenmoors Easy +2.20, Intruders Standard +0.10 / +0.45 (2,000
//! pairs; n.s.); see ARCHITECTURE.md. `value=learned` / `static` / `logit` fix the scale
//! everywhere.
//!
//! **State value** (units: one point of threat = 1; the three weights `threat_weight` (1),
//! `staging_weight` (4) and `progress_weight` (1.5) are bot options), summed over players still
//! in the game: `−threat_weight·(threat + max(0, threat − 35))` (the margin to 50 shrinks faster near the end);
//! per hero in play `+hero_weight (12) + 1.5·remaining hit points + hero_stat_weight (0)·(WP + ATK + DEF)`
//! (1 and 2 measured against 0: Intruders Standard +2.0 and −3.3 points, 300 pairs, both intervals spanning 0;
//! The Weather Hills Easy no change); per ally
//! `+3 + WP + ATK + DEF + 0.5·remaining HP`; `+hand_weight` (1.5) per card in hand, `+0.5` per resource on
//! heroes; per engaged enemy `−(1.5·ATK + 0.5·remaining HP + threat)`; an eliminated player
//! `−60`. Shared: `−staging_weight·staging threat` (it raises threat next quest, and
//! every quest after it until it is cleared: measured 2 → 4 on Intruders Easy, +8.3 points,
//! +3.9 to +12.6, 400 pairs; Standard, seed 2, +0.65 rounds; neutral on the other two), per staged enemy
//! `−(ATK + 0.5·remaining HP)`, per staged location whose Threat grows (`Hint::threat_growth`, Fornost
//! Square, Weathered Hilltop) `−growth_weight (4)·growth` (Deadmen's Dike Easy +0.82 progress score,
//! The Weather Hills Easy +0.40, 150 pairs each, intervals spanning 0); `+stage_weight (50)` per quest stage reached (25 → 100 → 50: the one-round view saw a stage
//! that brings enemies, e.g. The Weather Hills 2A, as a loss and held back the kill or the progress
//! that ends stage 1; at 100 it rushed Across the Ettenmoors' stages: see ARCHITECTURE.md) and `+progress_weight` (1.5) per progress
//! point on the main quest and the active location (`progress_weight`); per encounter side quest in the
//! staging area `−progress_weight` per quest point left on it, and for one with a deadline
//! (`Hint::deadline_harm`: Rescue Iârion loses the game, Find Shelter damages heroes)
//! `−harm · (share of its quest points left) / time counters left`; `+2` per victory point in the victory
//! display; `+kill_token` (6) per token on a card whose kills advance the quest (`Hint::kills_advance_quest`:
//! The Weather Hills' Hunting the Orcs, a stage per 3 + players tokens); `+life_token` (6) per token on a card whose
//! tokens are lives (`Hint::mission_tokens_are_lives`: Savage Counter-attack, which takes those kill tokens when
//! Hunting the Orcs flips, so the flip no longer reads as losing them). `WIN = 500`, `LOSS = −500`, the round cap `−250`.
//!
//! Terms off by default (measured no better; options for experiments): `carry_weight` (0; per
//! quest point of the main-quest stages already defeated, times `progress_weight`: advancing
//! keeps the worth of the progress spent; `auto` only on a stage whose `Hint::carry_progress` is
//! set, The Wastes of Eriador 2B and 3B; it reaches the later stages sooner and dies there
//! sooner, measurements in ARCHITECTURE.md, "Carry"; learned feature `passed_quest_points`,
//! coefficient 0); `explored_weight` (0) per
//! quest point of a location in play at the decision and in the encounter discard pile / victory
//! display at the horizon (exploring otherwise loses the value of the progress on it);
//! `kill_chance` (0) · `kill_token` per enemy in play while a kills-advance-quest mission is staged;
//! `control_weight` (0; per location controlled beyond those staged while the quest is a control
//! race, `Hint::control_race`, Wrath and Ruin; at 6 it controls more and reaches stage 2 less:
//! a controlled location is a liability until the round it wins the race, see ARCHITECTURE.md);
//! `hero_weight` above 12; `search_all=1` (also search engagement ties, attack order, archery);
//! `late_horizon=1` (a decision in the encounter, combat or refresh phase plays on through the next
//! round's quest phase: Intruders Standard −5.3 and −2.0 points, 150 pairs on seeds 2 and 3, n.s.).
//! Also off (issue 18, Intruders Standard, 600 pairs on seed 31, every interval spanning 0; see
//! ARCHITECTURE.md): `threat_sq` (−w·(threat − 40)²; 1: −0.3 points, 3: −1.8), `threat_knee`
//! (35; the threat above which a point counts twice; 30: −1.5), `staged_enemy` (0; per staged
//! enemy; 4: −1.7), `mulligan_depth` (0; search the mulligan with rollouts to round 1 + this; 1:
//! −0.7, and +3.2 / +0.2 on seeds 32 / 33).
//! Also off (issue 18, same cell, 600 pairs on seed 41 where the default won 20.83%):
//! `block_weight` (0; per remaining hit point of an enemy in play whose own rules stop the win,
//! asked through `Rule::CannotWin`; 2: −1.33 points, −4.94 to +2.27), `deadline_weight` (1; a
//! multiplier of the side-quest deadline term), `plan_margin` (the margin of the commit-plan
//! search, 2 like `margin`; 0: +0.67, −2.79 to +4.12). `deadline_weight=2` (Intruders Standard,
//! 600 pairs on seed 51, default 22.33%): +0.33 points (−2.11 to +2.78), rounds +0.07 (n.s.): stays 1.
//!
//! Also off (issue 18, seventh pass): `deck_weight` (0; where an empty deck eliminates its
//! player, `Rule::EmptyDeckEliminates`, per card a deck holds below `deck_reserve` (15)).
//! Deadmen's Dike `rhudaur-guard`, 300 pairs on seed 101: `deck_weight=2` Easy +0.00 points
//! (−1.60 to +1.60), Standard +0.00, progress score +0.10 (−0.05 to +0.25);
//! `deck_weight=5,deck_reserve=30` Standard −0.33 (−0.99 to +0.32): the quest's mills are
//! forced, and the deck runs out in round 7–8 whatever the player chooses.
//!
//! Off, for speed (issue 18, fourth pass): `lead` (0; from this sample on, racing also drops a
//! candidate that trails the leader, and a decision stops when one candidate is left) and
//! `indiff` (0; with `lead`, also drop one that cannot beat the leader by more than this). Against
//! the default, Intruders Standard `chetwood-vigil`, 600 pairs on seeds 11 / 12: `lead=16` +1.67
//! (−1.73 to +5.06) / −1.67 (−4.96 to +1.63), Across the Ettenmoors Standard `core-leadership`
//! (300 pairs, seed 13) −1.67 (−5.30 to +1.97), about a third fewer rollouts; `lead=1` −2.50
//! (−5.87 to +0.87) / −3.33 (−7.02 to +0.35) (racing against a leader chosen on 4 samples drops
//! the true best too often); `lead=1,indiff=1` −1.50 / −1.17, Ettenmoors −1.67, about half the
//! rollouts. See ARCHITECTURE.md *Search*.
//!
//! On, for speed (issue 18, fifth pass): `curtail` (2; 0 = off). From sample 8 on, a candidate
//! is dropped when the budget's remaining samples would almost surely not make it the choice:
//! its paired difference to the leader (the margin counted for `basic`'s choice), plus `curtail`
//! times the predicted spread of the full-budget mean, `s·√((R − r)/(R·r))` after `r` of `R`
//! samples with sample deviation `s`, is not above 0; the decision stops when one is left.
//! Early on the spread is the standard error (as racing), late it shrinks to 0, so a decision
//! stops as soon as the rest of its budget could no longer change it. Replayed on 5,675
//! searched decisions of 40 Intruders Standard games (`chetwood-vigil`, seed 5): `curtail=2`
//! chooses differently from the full budget at 23 (1 of 277 commit plans) with 51% of the
//! rollouts (the full budget with another bot seed differs at 109); `curtail=1` at 62 with
//! 38%, `curtail=3` at 16 with 60%. Against the default without it: Intruders Standard +1.33
//! (−2.21 to +4.88), −0.67 (−4.48 to +3.14) and +0.67 (−2.70 to +4.03), 600 pairs on seeds
//! 71 / 72 / 74; Across the
//! Ettenmoors Standard `noldor-questers` −0.33 (−4.62 to +3.95), 300 pairs on seed 73;
//! callgrind (5 games, seed 7) 25 against 40 million instructions a round.
//!
//! On (issue 18): `sieges` (1), a commit plan that keeps back the attackers killing a target
//! enemy in two attacks plus a defender (see `plans.rs`): Intruders Standard +2.83 (+0.75 to
//! +4.91), +2.17 (−0.25 to +4.58), +2.33 (+0.33 to +4.34), 600 pairs on seeds 41 / 42 / 43.
//!
//! On (issue 18, sixth pass): `engage` (2; 0 = off, 1 = also in the game). A kill or siege
//! commit plan for a staged enemy names it as its target, and the plan's rollouts engage it at
//! the round's optional engagement (before, `basic` decided there and often left it staged, so
//! the rollouts priced the kept-back attackers as idle). With 2 the game's own engagement is
//! still searched as any decision; with 1 the chosen plan's target is engaged outright.
//! Against `engage=0`, Intruders Standard `chetwood-vigil`, 600 pairs each: `engage=2` +3.50
//! (+0.36 to +6.64), +1.33 (−1.69 to +4.36) on seeds 21 / 22 (development), +1.50 (−1.58 to
//! +4.58), +1.83 (−0.88 to +4.54) on fresh seeds 24 / 25; `engage=1` +3.33 (+0.05 to +6.62),
//! +0.33 (−2.77 to +3.43) on seeds 21 / 22. Escape from Mount Gram Standard `core-leadership`
//! (300 pairs): −1.67 (−3.12 to −0.22) seed 26, +1.33 (−0.73 to +3.39) seed 27; Across the
//! Ettenmoors Standard `noldor-questers` (300 pairs, seed 26): +0.00 (−2.07 to +2.07); Intruders
//! Easy (300 pairs, seed 29) −1.33 (−5.46 to +2.80); Intruders Standard seed 1 (300 pairs) −1.67
//! (−6.05 to +2.71), seed 28 (600) +1.67 (−1.66 to +5.00), seed 30 (600) +0.17 (−2.77 to
//! +3.11). Pooled over the 3,900 Intruders Standard pairs +1.41 (+0.22 to +2.61); over the
//! 2,700 of seeds not used in developing it +0.96 (−0.47 to +2.39). Same instructions a game
//! (callgrind, 20 games, seed 7: 4,115 against 4,123 million).
//!
//! Off (issue 18, session 33): `play_plans` (0), the planning phase searched as whole plans
//! (`play_plans.rs`: `basic`'s, nothing, each card first then `basic`, up to 3 affordable
//! pairs; `play_width` (6) singles; `play_depth` (1) rounds), with `save_depth` (0) a plan
//! saving for the dearest ally or attachment in hand, and then that horizon. Against the
//! default, Intruders Standard `chetwood-vigil` 600 pairs a seed: `play_plans=1` −1.00 / +2.00 /
//! −2.67 / −0.17 / −0.50 (seeds 301 / 311 / 312 / 319 / 320; pooled −0.47, −1.84 to +0.90),
//! Easy −1.67 / +4.33 (300 pairs, seeds 313 / 321), Mount Gram Standard −0.33 (314),
//! Ettenmoors Standard +3.00 (315); 12% fewer instructions a round; with `save_depth=2` +1.67 / +3.50
//! / −0.33 / −1.00 / −1.00 (seeds 301 / 311 / 312 / 316 / 317; fresh pooled +0.29, −1.38 to
//! +1.96), Easy +0.33 / +0.67, Mount Gram +0.67, Ettenmoors +2.00. See ARCHITECTURE.md.
//!
//! Issue 18, commit53 (the commit plan of nobody chosen while the staging area raises the
//! threat, 11 / 48 / 45 / 38 rounds per 100 games on The Weather Hills / Deadmen's Dike /
//! Carn Dûm / Wrath and Ruin Standard), all off then: `cliff_depth` (extra rounds of horizon
//! for the commit-plan search once the player's threat plus the staging threat reaches
//! `cliff_at`, 40), `cliff_weight` (0; value points lost per player whose next quest would reach threat 50
//! even with every character committed, `value::threat_cliff`) and the experiment
//! `cliff_empty` (0; from `cliff_at` on, no plan of nobody). Each lowers the class and costs
//! progress: Carn Dûm Standard, 300 pairs, progress score `cliff_weight=100` −0.12 (−0.19 to
//! −0.05) seed 5321, −0.09 (−0.18 to −0.00) seed 5322; `cliff_depth=1` −0.22 (−0.31 to −0.13);
//! The Weather Hills `cliff_weight=100` rounds +0.13 (+0.05 to +0.22), progress −0.77 (−1.13 to
//! −0.42). The plan of nobody keeps the fighters ready: their kills are the progress there
//! (results/research/commit53.md). `cliff_depth=1` gains on Escape from Mount Gram Standard
//! (wins +2.33, +0.63 to +4.04, 300 pairs, seed 5323; +2.40, +0.95 to +3.85, 500 pairs, seed
//! 5324) but loses Carn Dûm progress on two seeds (−0.22 above, −0.28, −0.38 to −0.18, seed
//! 5322); with `cliff_at=45` Carn Dûm −0.08 (−0.15 to −0.02), Mount Gram +0.33 (n.s.).
//!
//! **On (cliffb54, results/research/cliffb54.md): `cliff_depth=1` with `cliff_chance=1`**:
//! `cliff_depth` and `cliff_empty` act only while the value in use is the learned win chance
//! (`value=auto` on `learned::DOMAIN`: Intruders, Mount Gram and the Ettenmoors, Easy and
//! Standard), where an elimination one round past the horizon is what the value misses; with
//! the static or shaped value (a progress race to a sure loss: Carn Dûm's losses above) they do
//! nothing. Against `cliff_depth=0`: Mount Gram Standard +2.33 (+0.96 to +3.71) / +2.00 (+0.62
//! to +3.38) win points (600 pairs, seeds 5411 / 5415), Easy +1.50 (+0.24 to +2.76) / +1.00
//! (−0.13 to +2.13) (5414 / 5421); Intruders and the Ettenmoors Easy and Standard within noise
//! on every seed (−0.60 to +1.40). `cliff_chance=0` is commit53's trigger everywhere;
//! `cliff_depth=0` turns it off.

mod explain;
pub mod learned;
mod options;
mod plans;
mod play_plans;
mod shaped_coef;
mod shaped_coef2;
mod shaped_coef3;
mod shaped_coef_kp;
mod value;

pub use options::OPTIONS;
use options::{num, real, wide};
pub use value::*;

use super::basic::weights::{self, Weights};
use super::basic::BasicBot;
use super::{Bot, BotOption};
use crate::data::CardType;
use crate::engine::{Ask, CardId, Decision, Game, GameBuf, Opt, Phase, Stat, Zone, ENCOUNTER};
use crate::record::Outcome;
use plans::{Plan, MAX_PLANS};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

const MAX_WIDTH: usize = 16;
/// Most locations in play remembered for `explored_weight`.
const MAX_PLACES: usize = 16;
const _: () = assert!(plans::MAX_PLANS <= MAX_WIDTH);
/// Samples before racing may drop a candidate (the standard error needs a few).
const RACE_MIN: u32 = 4;
/// Samples before curtailment may drop a candidate.
const CURTAIL_MIN: u32 = 8;
/// Decisions per rollout before it is cut (a safety net; a round takes far fewer).
const MAX_STEPS: u32 = 20_000;

pub const WIN: f64 = 500.0;
pub const LOSS: f64 = -500.0;
pub const ROUND_CAP: f64 = -250.0;
const HERO: f64 = 12.0;
/// Threat above which `threat_sq` counts.
const THREAT_KNEE: f64 = 40.0;
const STAGE: f64 = 50.0;

pub struct LookaheadBot {
    rollouts: u32,
    depth: u16,
    width: usize,
    plans: bool,
    plan_rollouts: u32,
    plan_depth: u16,
    /// commit53: extra rounds of horizon for the commit-plan search when the player's threat
    /// plus the staging threat is at least `cliff_at` (0: off; 1 by default, cliffb54, where
    /// `cliff_chance` lets it act).
    cliff_depth: u16,
    /// commit53: the threat + staging threat from which `cliff_depth` / `cliff_empty` act.
    cliff_at: i16,
    /// commit53 (experiment): from `cliff_at` on, no commit plan of nobody is a candidate.
    cliff_empty: bool,
    /// cliffb54: `cliff_depth` / `cliff_empty` act only while the value is the learned win
    /// chance ([`LookaheadBot::cliff_scale`]).
    cliff_chance: bool,
    /// A candidate replaces `basic`'s choice only if its mean beats it by more than this.
    margin: f64,
    /// The margin of the commit-plan search.
    plan_margin: f64,
    /// Also a two-round siege commit plan for an enemy no set of characters kills at once.
    sieges: bool,
    /// Kill and siege plans engage their staged target: 1 in rollouts and game, 2 in rollouts.
    engage: u8,
    /// Also a commit plan chipping at the stage's damage target (`plans::candidates`).
    chip: bool,
    /// sense51: every commit plan sends a character that used its own questing boost this phase
    /// (`plans::send_boosted`).
    boosted: bool,
    /// Racing: drop a candidate once its paired difference to the first is below the margin
    /// by this many standard errors (0: play every rollout).
    race: f64,
    /// Samples after which a decision whose candidates all scored the same stops early.
    probe: u32,
    /// From this sample on (at least `RACE_MIN`), race every candidate against the leader, not
    /// only against `basic`'s choice (0: never).
    lead: u32,
    /// With `lead`: drop a candidate that cannot beat the leader by more than this.
    indiff: f64,
    /// Curtailment (2; 0: off): from `CURTAIL_MIN` samples on, drop a candidate whose predicted
    /// full-budget mean could pass the leader's only by more than this many deviations.
    curtail: f64,
    weights: ValueWeights,
    /// The `value` option: a scale, or `None` for `auto` (the learned value inside the fit's
    /// domain, `learned::DOMAIN`; the static value elsewhere).
    value: Option<learned::Scale>,
    /// `value_fit`: fixed coefficients, or `None` for `auto` (the cell's own in
    /// `learned::DOMAIN`, set per game like the scale).
    fit: Option<learned::Fit>,
    /// `shaped_scale=auto`: the shaped value's scale is set per game from
    /// `learned::auto_shaped_scale` (the cell's own, else `learned::SHAPED_SCALE`).
    auto_shaped_scale: bool,
    /// The `margin` / `plan_margin` options (`None`: `auto`, from the scale in use).
    margins: (Option<f64>, Option<f64>),
    /// Also search engagement ties, the attack order and archery.
    search_all: bool,
    /// Search the choice of the current quest (distill43; false: `basic`'s choice stands).
    search_quest: bool,
    /// foreign55: search a setup decision (before round 1) other than the mulligan with
    /// rollouts to the start of round `setup_depth` (0: `basic`'s choice stands).
    setup_depth: u16,
    /// Search the mulligan with rollouts to the start of round `1 + mulligan_depth` (0: off).
    mulligan_depth: u16,
    /// Late-round decisions play on through the next round's quest phase.
    late_horizon: bool,
    /// `idle_boosts`: also search an option whose effect is only a stat boost that cannot be
    /// used in this phase (`hints::boost_is_idle`); off, such an option is never a candidate.
    idle_boosts: bool,
    /// engage57 `defense_windows`: a Defense boost is idle outside the combat phase unless an
    /// attack can come (`hints::boost_is_idle`); off, the rule before (`basic`'s weight of the
    /// same name).
    defense_windows: bool,
    /// Locations in play at the decision being searched, with their quest points (for
    /// `explored_weight`).
    places: [(CardId, i16); MAX_PLACES],
    n_places: usize,
    /// The commit plan chosen at this quest phase's first commit decision (followed after).
    plan: Option<Plan>,
    /// Search the planning phase as whole plans (`play_plans.rs`).
    play_plans: bool,
    /// With `play_plans`: most "play this card first" plans.
    play_width: usize,
    /// With `play_plans`: the horizon of the planning-plan rollouts.
    play_depth: u16,
    /// With `play_plans`: a save plan, and then this horizon (0: no save plan).
    save_depth: u16,
    /// The planning plan chosen at this round's first planning decision (followed after).
    play_plan: Option<play_plans::PlayPlan>,
    rng: Pcg64Mcg,
    /// `basic` following the real game: proposes the first candidate at every decision.
    policy: BasicBot,
    /// `basic` playing the rollouts, reset before each one (it keeps a per-game memo).
    roll: BasicBot,
    root: GameBuf,
    work: GameBuf,
    /// Rollouts played since the bot was made (for tests and measurements).
    pub rollouts_played: u64,
    /// `trace --explain`: the account of the last searched choice (`None`: not asked for).
    explained: Option<Vec<String>>,
    /// With `explained`: the last `best_of`'s tallies.
    scores: explain::Scores,
    /// With `explained`: each candidate's score per sample (the first `explain::TRAIL`), so a
    /// dropped candidate can be shown beside the chosen one's mean over the same samples.
    trail: Option<Box<explain::Trail>>,
}

impl LookaheadBot {
    /// The default budget.
    pub fn new() -> Self {
        Self::from_options(&[]).expect("the defaults are valid")
    }

    /// The bot from `--bot lookahead:key=value,...` (see [`OPTIONS`]).
    pub fn from_options(opts: &[(String, String)]) -> Result<Self, String> {
        let get = |name: &str| {
            opts.iter()
                .find(|(k, _)| k == name)
                .map(|(_, v)| v.as_str())
                .unwrap_or_else(|| OPTIONS.iter().find(|o| o.name == name).unwrap().default)
        };
        if let Some((k, _)) = opts
            .iter()
            .find(|(k, _)| OPTIONS.iter().all(|o| o.name != k))
        {
            return Err(format!(
                "bot `lookahead` has no option `{k}`; its options: {}",
                OPTIONS
                    .iter()
                    .map(|o| o.name)
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        let value = learned::Scale::parse(get("value"))?;
        // `None` for `shaped_scale=auto`: set per game in `choose`.
        let shaped_scale = match get("shaped_scale") {
            "auto" => None,
            x => Some(wide("shaped_scale", x)?),
        };
        // With `value_fit=auto` the coefficients are set per game in `choose`, like the scale.
        let fit = learned::Fit::parse(get("value_fit"))?;
        // With `value=auto` the scale (and an `auto` margin) is set per game in `choose`; this
        // is the out-of-domain one until then.
        let scale = value.unwrap_or(learned::Scale::Static);
        let policy_weights = Weights {
            blocker_travel: num("blocker_travel", get("blocker_travel"), -40i32, 40)?,
            flip_hold: num("flip_hold", get("flip_hold"), 0i32, 100)?,
            day_main: num("day_main", get("day_main"), 0i32, 1)?,
            gate_quest: num("gate_quest", get("gate_quest"), 0i32, 1)?,
            spare_cards: num("spare_cards", get("spare_cards"), 0i32, 7)?,
            return_travel: num("return_travel", get("return_travel"), 0i32, 40)?,
            bank_progress: num("bank_progress", get("bank_progress"), 0i32, 1)?,
            deadline_side: num("deadline_side", get("deadline_side"), 0i32, 1)?,
            blocked_side_min: num("blocked_side_min", get("blocked_side_min"), 0i32, 1000)?,
            advance_hold: num("advance_hold", get("advance_hold"), 0i32, 20)?,
            ..weights::ROLLOUT
        };
        let policy_weights = rollout_overrides(policy_weights, get("rollout"))?;
        let margins = (
            learned::margin("margin", get("margin"))?,
            learned::margin("plan_margin", get("plan_margin"))?,
        );
        Ok(LookaheadBot {
            rollouts: num("rollouts", get("rollouts"), 1, 1000)?,
            depth: num("depth", get("depth"), 1, 30)?,
            width: num("width", get("width"), 2, MAX_WIDTH)?,
            plans: num("plans", get("plans"), 0u8, 1)? == 1,
            plan_rollouts: num("plan_rollouts", get("plan_rollouts"), 1, 1000)?,
            plan_depth: num("plan_depth", get("plan_depth"), 1, 30)?,
            cliff_depth: num("cliff_depth", get("cliff_depth"), 0u16, 5)?,
            cliff_at: num("cliff_at", get("cliff_at"), 0i16, 60)?,
            cliff_empty: num("cliff_empty", get("cliff_empty"), 0u8, 1)? == 1,
            cliff_chance: num("cliff_chance", get("cliff_chance"), 0u8, 1)? == 1,
            margin: margins.0.unwrap_or(learned::auto_margin(scale)),
            plan_margin: margins.1.unwrap_or(learned::auto_margin(scale)),
            value,
            fit,
            auto_shaped_scale: shaped_scale.is_none(),
            margins,
            sieges: num("sieges", get("sieges"), 0u8, 1)? == 1,
            engage: num("engage", get("engage"), 0u8, 2)?,
            chip: num("chip", get("chip"), 0u8, 1)? == 1,
            boosted: num("boosted", get("boosted"), 0u8, 1)? == 1,
            race: match get("race").parse::<f64>() {
                Ok(x) if (0.0..=10.0).contains(&x) => x,
                _ => {
                    return Err(format!(
                        "bot `lookahead`: option `race` takes a number 0 to 10, not `{}`",
                        get("race")
                    ))
                }
            },
            probe: num("probe", get("probe"), 1, 8)?,
            lead: num("lead", get("lead"), 0, 1000)?,
            indiff: real("indiff", get("indiff"))?,
            curtail: real("curtail", get("curtail"))?,
            weights: ValueWeights {
                threat: real("threat_weight", get("threat_weight"))?,
                threat_sq: real("threat_sq", get("threat_sq"))?,
                threat_knee: num("threat_knee", get("threat_knee"), 20u8, 50)? as f64,
                staged_enemy: real("staged_enemy", get("staged_enemy"))?,
                staging: real("staging_weight", get("staging_weight"))?,
                progress: real("progress_weight", get("progress_weight"))?,
                hero_stat: real("hero_stat_weight", get("hero_stat_weight"))?,
                hand: real("hand_weight", get("hand_weight"))?,
                attach: real("attach_weight", get("attach_weight"))?,
                growth: real("growth_weight", get("growth_weight"))?,
                kill_token: wide("kill_token", get("kill_token"))?,
                life_token: wide("life_token", get("life_token"))?,
                hero: wide("hero_weight", get("hero_weight"))?,
                stage: wide("stage_weight", get("stage_weight"))?,
                explored: real("explored_weight", get("explored_weight"))?,
                block: real("block_weight", get("block_weight"))?,
                deadline: real("deadline_weight", get("deadline_weight"))?,
                clue: real("clue_weight", get("clue_weight"))?,
                quest_damage: real("quest_damage_weight", get("quest_damage_weight"))?,
                deck: real("deck_weight", get("deck_weight"))?,
                deck_reserve: num("deck_reserve", get("deck_reserve"), 1u8, 50)? as f64,
                learned: scale,
                mix: real("value_mix", get("value_mix"))?,
                fit: fit.unwrap_or(learned::Fit::Pooled),
                carry: match get("carry_weight") {
                    "auto" => value::CARRY_AUTO,
                    x => real("carry_weight", x)?,
                },
                flip_deficit: real("flip_deficit", get("flip_deficit"))?,
                cliff: num("cliff_weight", get("cliff_weight"), 0u16, 500)? as f64,
                control: wide("control_weight", get("control_weight"))?,
                shaped_rounds: real("shaped_rounds", get("shaped_rounds"))?,
                shaped_scale: shaped_scale.unwrap_or(learned::SHAPED_SCALE),
                kill_chance: match get("kill_chance").parse::<f64>() {
                    Ok(x) if (0.0..=1.0).contains(&x) => x,
                    _ => {
                        return Err(format!(
                            "bot `lookahead`: option `kill_chance` takes a number 0 to 1, not `{}`",
                            get("kill_chance")
                        ))
                    }
                },
            },
            search_all: num("search_all", get("search_all"), 0u8, 1)? == 1,
            search_quest: num("search_quest", get("search_quest"), 0u8, 1)? == 1,
            setup_depth: num("setup_depth", get("setup_depth"), 0u16, 5)?,
            mulligan_depth: num("mulligan_depth", get("mulligan_depth"), 0u16, 5)?,
            late_horizon: num("late_horizon", get("late_horizon"), 0u8, 1)? == 1,
            idle_boosts: num("idle_boosts", get("idle_boosts"), 0u8, 1)? == 1,
            defense_windows: num("defense_windows", get("defense_windows"), 0u8, 1)? == 1,
            places: [(0, 0); MAX_PLACES],
            n_places: 0,
            plan: None,
            play_plans: num("play_plans", get("play_plans"), 0u8, 1)? == 1,
            play_width: num("play_width", get("play_width"), 0usize, 8)?,
            play_depth: num("play_depth", get("play_depth"), 1u16, 5)?,
            save_depth: num("save_depth", get("save_depth"), 0u16, 5)?,
            play_plan: None,
            rng: Pcg64Mcg::seed_from_u64(0),
            policy: BasicBot::with_weights(policy_weights),
            roll: BasicBot::with_weights(policy_weights),
            root: GameBuf::new(),
            work: GameBuf::new(),
            rollouts_played: 0,
            explained: None,
            scores: explain::Scores::empty(),
            trail: None,
        })
    }
}

/// Option `rollout`: `none`, or `basic` weights `NAME=V` joined by `+`, set on top of the
/// policy weights (`weights::ROLLOUT` with the named options above), in the bot's own choices
/// and its rollouts: measuring a `basic` rule inside the search needs no rebuild.
fn rollout_overrides(mut w: Weights, spec: &str) -> Result<Weights, String> {
    if spec == "none" {
        return Ok(w);
    }
    for item in spec.split('+') {
        let Some((k, v)) = item.split_once('=') else {
            return Err(format!(
                "bot `lookahead`: option `rollout` takes `none` or basic weights NAME=V joined by `+`, not `{item}`"
            ));
        };
        w.set(k.trim(), v)
            .map_err(|e| format!("bot `lookahead`: option `rollout`: {e}"))?;
    }
    Ok(w)
}

impl Default for LookaheadBot {
    fn default() -> Self {
        Self::new()
    }
}

/// Is a card in a pile whose order or identity the players cannot see?
fn hidden(g: &Game, c: crate::engine::CardId) -> bool {
    match g.card(c).zone {
        Zone::Deck(_)
        | Zone::EncounterDeck
        | Zone::OrcDeck
        | Zone::Under(_)
        | Zone::Captured(_) => true,
        Zone::Shadow(e) => {
            let k = g.shadows_of(e).position(|x| x == c).unwrap_or(0);
            k >= g.revealed_shadows(e)
        }
        _ => false,
    }
}

/// Is this decision searched? Every kind except the mulligan, engagement ties, the order of
/// attacking enemies and archery assignment (`basic` decides those), when it has 2+ options
/// and none of them names a card in a hidden pile.
pub fn searched(g: &Game, d: &Decision) -> bool {
    searched_with(g, d, false)
}

/// An option that changes nothing but its costs: using a card in play, or playing an event from
/// hand, whose effect is only a stat boost until the end of the phase that no stat of this
/// phase can use (`hints::boost_is_idle`: Éowyn's Willpower in the resource phase, For Gondor!
/// in the planning phase or after the last attack of the combat phase ...) or only readies
/// characters where none has anything left to do (`hints::ready_is_idle`, sense39: Ever
/// Vigilant after the last attack). Playing an ally or an attachment is never idle.
/// (`windows`: the `defense_windows` option, engage57.)
fn idle_option(g: &Game, p: u8, o: &Opt, windows: bool) -> bool {
    use crate::cards::hints::use_is_idle_with;
    match *o {
        Opt::Activate(c) => g.card(c).zone.in_play() && use_is_idle_with(g, p, c, windows),
        Opt::Play(c) => g.ty(c) == CardType::Event && use_is_idle_with(g, p, c, windows),
        _ => false,
    }
}

/// [`searched`], with `all`: also engagement ties, the attack order and archery.
fn searched_with(g: &Game, d: &Decision, all: bool) -> bool {
    if d.options.len() < 2 {
        return false;
    }
    if matches!(d.ask, Ask::Mulligan)
        || (!all && matches!(d.ask, Ask::EngageTie | Ask::AttackingEnemy | Ask::Archery))
    {
        return false;
    }
    !d.options.iter().any(|o| match *o {
        Opt::Card(c) | Opt::Play(c) | Opt::Activate(c) => {
            (c as usize) < g.cards.len() && hidden(g, c)
        }
        _ => false,
    })
}

/// Play on with `bot` while round `round` is in its resource, planning or quest phase (the
/// late-round decisions' horizon: the quest that the decision's combat or refresh leads into).
fn through_quest_phase(g: &mut Game, bot: &mut BasicBot, round: u16) {
    let mut steps = 0;
    while g.round == round
        && matches!(g.phase, Phase::Resource | Phase::Planning | Phase::Quest)
        && steps < MAX_STEPS
    {
        let Some(d) = g.pending() else { break };
        let i = bot.choose(g, d);
        g.apply(i);
        steps += 1;
    }
}

impl LookaheadBot {
    /// Score rollouts on `scale`, with the margins `auto` gives it (a margin set by number
    /// stays).
    fn set_scale(&mut self, scale: learned::Scale) {
        self.weights.learned = scale;
        self.margin = self.margins.0.unwrap_or(learned::auto_margin(scale));
        self.plan_margin = self.margins.1.unwrap_or(learned::auto_margin(scale));
    }

    /// `explored_weight` per quest point of each location that was in play at the decision
    /// and is in the encounter discard pile or the victory display at the horizon (its
    /// progress left the board with it; without this, exploring a location would lose the
    /// value of the progress on it). Zero for a finished game.
    fn explored_credit(&self, g: &Game) -> f64 {
        if self.n_places == 0 || g.outcome().is_some() {
            return 0.0;
        }
        let mut v = 0.0;
        for &(c, qp) in &self.places[..self.n_places] {
            if matches!(g.card(c).zone, Zone::EncounterDiscard | Zone::Victory) {
                v += self.weights.explored * qp as f64;
            }
        }
        v
    }

    /// The live candidate with the best score after `r` samples: its mean value, plus the margin
    /// for `basic`'s choice (candidate 0: another must beat it by the margin); ties go to the
    /// lowest index, as the final choice.
    fn leader(&self, n: usize, rf: f64, sum: &[f64; MAX_WIDTH], live: &[bool; MAX_WIDTH]) -> usize {
        let score = |k: usize| sum[k] / rf + if k == 0 { self.margin } else { 0.0 };
        let mut lead = usize::MAX;
        for (k, &l) in live.iter().enumerate().take(n) {
            if l && (lead == usize::MAX || score(k) > score(lead)) {
                lead = k;
            }
        }
        lead
    }

    /// Racing against the leader (`lead`), after `r` samples: every live candidate's score is
    /// its mean value, plus the margin for `basic`'s choice (candidate 0: another must beat it
    /// by the margin). The leader is the best score (ties: the lowest index, as the final
    /// choice). A live candidate whose paired difference to the leader, plus `race` standard
    /// errors, is not above `indiff` is dropped: it cannot beat the leader by more than
    /// `indiff` (0 included: two candidates that scored the same in every sample are one).
    /// Returns true when one candidate is left (the decision is made).
    fn race_leader(
        &self,
        n: usize,
        r: u32,
        sum: &[f64; MAX_WIDTH],
        psum: &[[f64; MAX_WIDTH]; MAX_WIDTH],
        psq: &[[f64; MAX_WIDTH]; MAX_WIDTH],
        live: &mut [bool; MAX_WIDTH],
    ) -> bool {
        let rf = r as f64;
        let lead = self.leader(n, rf, sum, live);
        // The paired difference k − lead (with the margin) and its standard error.
        self.drop_trailing(n, lead, rf, psum, psq, live, |mean, var| {
            mean + self.race * (var / (rf - 1.0)).sqrt() <= self.indiff
        })
    }

    /// Drops each live candidate other than the leader for which `drop(mean, variance)` of its
    /// paired difference to the leader (`paired_to_leader`) holds; true when none but the leader
    /// is left.
    #[allow(clippy::too_many_arguments)]
    fn drop_trailing(
        &self,
        n: usize,
        lead: usize,
        rf: f64,
        psum: &[[f64; MAX_WIDTH]; MAX_WIDTH],
        psq: &[[f64; MAX_WIDTH]; MAX_WIDTH],
        live: &mut [bool; MAX_WIDTH],
        drop: impl Fn(f64, f64) -> bool,
    ) -> bool {
        let mut left = 0;
        for (k, l) in live.iter_mut().enumerate().take(n) {
            if !*l || k == lead {
                continue;
            }
            let (mean, var) = self.paired_to_leader(k, lead, rf, psum, psq);
            if drop(mean, var) {
                *l = false;
            } else {
                left += 1;
            }
        }
        left == 0
    }

    /// The paired difference candidate `k` − the leader after `r` (as `rf`) samples: its mean,
    /// with the margin (`basic`'s choice, candidate 0, must be beaten by it), and its variance
    /// over the samples (divided by `r`).
    fn paired_to_leader(
        &self,
        k: usize,
        lead: usize,
        rf: f64,
        psum: &[[f64; MAX_WIDTH]; MAX_WIDTH],
        psq: &[[f64; MAX_WIDTH]; MAX_WIDTH],
    ) -> (f64, f64) {
        let (s, q, sign) = if k > lead {
            (psum[k][lead], psq[k][lead], 1.0)
        } else {
            (psum[lead][k], psq[lead][k], -1.0)
        };
        let mean = sign * s / rf;
        let var = (q / rf - mean * mean).max(0.0);
        let bonus = if k == 0 {
            self.margin
        } else if lead == 0 {
            -self.margin
        } else {
            0.0
        };
        (mean + bonus, var)
    }

    /// Curtailment after `r` of `total` samples: would the full budget still choose as now? The
    /// leader is the best live score (the mean, plus the margin for `basic`'s choice). For each
    /// other live candidate, the paired difference to the leader after all `total` samples is
    /// the current mean `m` plus what the `total − r` samples to come add. Predicted from the
    /// samples so far (flat prior: the true mean is `m` give or take `s/√r`, each sample to come
    /// deviates by the sample deviation `s`), the final mean is `m` give or take
    /// `s·√((total − r)/(total·r))`: the standard error `s/√r` early on, shrinking to 0 as the
    /// budget runs out. A candidate whose difference (with the margin) plus `curtail` of those
    /// is not above 0 is dropped: the rest of the budget would almost surely not make it the
    /// choice. Returns true when one candidate is left.
    #[allow(clippy::too_many_arguments)]
    fn curtail_leader(
        &self,
        n: usize,
        r: u32,
        total: u32,
        sum: &[f64; MAX_WIDTH],
        psum: &[[f64; MAX_WIDTH]; MAX_WIDTH],
        psq: &[[f64; MAX_WIDTH]; MAX_WIDTH],
        live: &mut [bool; MAX_WIDTH],
    ) -> bool {
        let rf = r as f64;
        let lead = self.leader(n, rf, sum, live);
        // The spread of the final mean around the current one, per unit deviation of a sample.
        let reach = (total.saturating_sub(r) as f64 / (total as f64 * rf)).sqrt();
        self.drop_trailing(n, lead, rf, psum, psq, live, |mean, var| {
            mean + self.curtail * (var * rf / (rf - 1.0)).sqrt() * reach <= 0.0
        })
    }

    /// Score `n` candidates by `rollouts` determinized continuations each and return the index
    /// of the best mean (ties: the lowest, so `basic`'s choice at 0). Sample *k* uses one
    /// determinization for every candidate (common random numbers); `play(k, work, roll)`
    /// plays candidate *k* on the copy to the horizon with the reset rollout `basic`.
    fn best_of(
        &mut self,
        game: &Game,
        n: usize,
        rollouts: u32,
        mut play: impl FnMut(usize, &mut Game, &mut BasicBot),
    ) -> usize {
        let mut sum = [0f64; MAX_WIDTH];
        // Racing: the sum and sum of squares of each candidate's paired difference to `basic`'s
        // choice, and whether it is still in the race.
        let mut dsum = [0f64; MAX_WIDTH];
        let mut dsq = [0f64; MAX_WIDTH];
        let mut live = [true; MAX_WIDTH];
        // Racing against the leader (`lead`): the same sums for every pair (k, j), j < k.
        let mut psum = [[0f64; MAX_WIDTH]; MAX_WIDTH];
        let mut psq = [[0f64; MAX_WIDTH]; MAX_WIDTH];
        let mut played = 0u32;
        let mut root = self.root.lend(game);
        let mut work = self.work.lend(game);
        let mut vals = [0f64; MAX_WIDTH];
        let mut samples = [0u32; MAX_WIDTH];
        self.n_places = 0;
        if self.weights.explored > 0.0 {
            let active = game.list(Zone::Active).iter();
            for &c in active.chain(game.list(Zone::Staging).iter()) {
                if self.n_places < MAX_PLACES && game.ty(c) == CardType::Location {
                    let qp = game.stat(c, Stat::QuestPoints).max(0);
                    self.places[self.n_places] = (c, qp);
                    self.n_places += 1;
                }
            }
        }
        for r in 0..rollouts {
            if r == self.probe && sum[..n].iter().all(|&x| x == sum[0]) {
                // The same score for every candidate on the first samples (common random
                // numbers): the choice does not show within the horizon; keep the first.
                break;
            }
            if self.lead > 0 && self.race > 0.0 && r >= self.lead.max(RACE_MIN) {
                if self.race_leader(n, r, &sum, &psum, &psq, &mut live) {
                    break;
                }
            } else if self.race > 0.0 && r >= RACE_MIN && live[0] {
                // Drop a candidate that, at `race` standard errors, cannot beat the first by
                // the margin; when none is left, the first stands. (Once curtailment has
                // dropped the first, there is nothing to race against.)
                let rf = r as f64;
                for k in 1..n {
                    if live[k] {
                        let mean = dsum[k] / rf;
                        let var = (dsq[k] / rf - mean * mean).max(0.0);
                        let se = (var / (rf - 1.0)).sqrt();
                        if mean + self.race * se <= self.margin {
                            live[k] = false;
                        }
                    }
                }
                if !live[1..n].iter().any(|&l| l) {
                    break;
                }
            }
            if self.curtail > 0.0
                && r >= CURTAIL_MIN
                && self.curtail_leader(n, r, rollouts, &sum, &psum, &psq, &mut live)
            {
                break;
            }
            let seed: u64 = self.rng.gen();
            root.copy_from(game);
            root.determinize(&mut Pcg64Mcg::seed_from_u64(seed));
            // The last live candidate plays on the determinized root itself (it is copied
            // afresh at the next sample): one copy fewer per sample.
            let last = (0..n).rev().find(|&k| live[k]).unwrap_or(0);
            for k in 0..n {
                if !live[k] {
                    continue;
                }
                let g = if k == last {
                    &mut root
                } else {
                    work.copy_from(&root);
                    &mut work
                };
                self.roll.new_game(0);
                play(k, g, &mut self.roll);
                self.rollouts_played += 1;
                vals[k] = value(g, &self.weights) + self.explored_credit(g);
                sum[k] += vals[k];
                if let Some(t) = self.trail.as_mut() {
                    if let Some(x) = t[k].get_mut(samples[k] as usize) {
                        *x = vals[k];
                    }
                }
                samples[k] += 1;
                let d = vals[k] - vals[0];
                dsum[k] += d;
                dsq[k] += d * d;
                if self.lead > 0 || self.curtail > 0.0 {
                    for j in 0..k {
                        if live[j] {
                            let d = vals[k] - vals[j];
                            psum[k][j] += d;
                            psq[k][j] += d * d;
                        }
                    }
                }
            }
            played += 1;
        }
        self.root.restore(root);
        self.work.restore(work);

        let best = self.best_mean(n, played, &sum, &live);
        if self.explained.is_some() {
            self.scores = explain::Scores {
                n,
                sum,
                samples,
                live,
                best,
                margin: self.margin,
                same: self.trail.as_deref().map_or([None; MAX_WIDTH], |t| {
                    explain::same_samples(t, n, best, &samples)
                }),
            };
        }
        best
    }

    /// The best mean, if it beats `basic`'s choice by more than the margin (noise in a few
    /// rollouts otherwise makes the bot leave a sound choice for a slightly worse one).
    fn best_mean(&self, n: usize, played: u32, sum: &[f64], live: &[bool]) -> usize {
        if !live[0] {
            // `basic`'s choice lost the race: the best live mean.
            let mut best = usize::MAX;
            for k in 1..n {
                if live[k] && (best == usize::MAX || sum[k] > sum[best]) {
                    best = k;
                }
            }
            return best;
        }
        let bar = sum[0] + self.margin * played as f64;
        let mut best = 0;
        for k in 1..n {
            if live[k] && sum[k] > sum[best] && sum[k] > bar {
                best = k;
            }
        }
        best
    }

    /// With `trace --explain`: the account of the `best_of` just played, its candidates
    /// named by `label` (`first`: `basic`'s own, if among them), rollouts to round `stop`.
    fn explain_with(
        &mut self,
        what: impl FnOnce() -> String,
        stop: u16,
        first: Option<usize>,
        label: impl FnMut(usize) -> String,
    ) {
        if let Some(lines) = self.explained.as_mut() {
            let first = first.unwrap_or(usize::MAX);
            self.scores.lines(&what(), stop, first, label, lines);
        }
    }

    /// cliffb54: may the `cliff_*` options act with the value in use? Always, unless
    /// `cliff_chance` asks for the learned win chance (its scales `Chance` and `Logit`).
    fn cliff_scale(&self) -> bool {
        !self.cliff_chance
            || matches!(
                self.weights.learned,
                learned::Scale::Chance | learned::Scale::Logit
            )
    }

    /// A commit decision: follow this phase's plan, or choose one (the first commit decision of
    /// the player's quest phase) by rollouts of every candidate plan.
    fn commit(&mut self, game: &Game, d: &Decision, base: usize) -> usize {
        if let Some(pl) = self.plan.filter(|pl| pl.covers(game, d)) {
            return pl.answer(d).unwrap_or(base);
        }
        if !searched_with(game, d, self.search_all) {
            return base;
        }
        let mut cand = [Plan::empty(d.player, game.round); MAX_PLANS];
        let mut n = plans::candidates(game, d, &mut cand, self.sieges, self.engage > 0, self.chip);
        if self.boosted {
            n = plans::send_boosted(game, d, &mut cand[..n]);
        }
        let near = self.cliff_scale()
            && game.players[d.player as usize].threat + game.staging_threat().max(0)
                >= self.cliff_at;
        if near && self.cliff_empty && n > 2 {
            let mut k = 0;
            for i in 0..n {
                if cand[i].basic || cand[i].n > 0 {
                    cand[k] = cand[i];
                    k += 1;
                }
            }
            n = k;
        }
        let extra = if near { self.cliff_depth } else { 0 };
        let stop = game.round.saturating_add(self.plan_depth + extra);
        let best = self.best_plan(game, &cand[..n], stop);
        // (The account names `basic`'s own commits: a fresh copy of the policy answers, so
        // the policy's memo and the choice are untouched.)
        let own = if self.explained.is_some() {
            BasicBot::with_weights(*self.policy.weights()).commit_set(game, d)
        } else {
            None
        };
        self.explain_with(
            || "commit plan".into(),
            stop,
            cand.iter().position(|p| p.basic),
            |k| explain::plan_label(game, &cand[k], own.as_ref()),
        );
        self.plan = Some(cand[best]);
        cand[best].answer(d).unwrap_or(base)
    }
}

impl Bot for LookaheadBot {
    fn name(&self) -> &'static str {
        "lookahead"
    }

    fn set_explain(&mut self, on: bool) {
        self.explained = on.then(Vec::new);
        self.trail = on.then(|| Box::new([[0.0; explain::TRAIL]; MAX_WIDTH]));
    }

    fn explain(&mut self, out: &mut Vec<String>) {
        if let Some(lines) = self.explained.as_mut() {
            out.append(lines);
        }
    }

    fn new_game(&mut self, seed: u64) {
        self.rng = Pcg64Mcg::seed_from_u64(seed);
        self.policy.new_game(seed);
        self.plan = None;
        self.play_plan = None;
    }

    fn choose(&mut self, game: &Game, d: &Decision) -> usize {
        if self.value.is_none() || self.fit.is_none() {
            let cell = learned::cell_fit(game);
            if self.value.is_none() {
                self.set_scale(learned::auto_scale(game));
            }
            if self.fit.is_none() {
                self.weights.fit = cell.unwrap_or(learned::Fit::Pooled);
            }
        }
        if self.auto_shaped_scale {
            self.weights.shaped_scale = learned::auto_shaped_scale(game);
        }
        let base = self.policy.choose(game, d).min(d.options.len() - 1);
        if self.engage == 1 {
            // The chosen commit plan kept its killers back for this enemy: engage it.
            if let Some(i) = self.plan.and_then(|pl| pl.engage(game, d)) {
                return i;
            }
        }
        if self.plans && matches!(d.ask, Ask::Commit) {
            return self.commit(game, d, base);
        }
        if self.play_plans && matches!(d.ask, Ask::Planning) {
            if let Some(i) = self.planning(game, d, base) {
                return i;
            }
        }
        if !self.search_quest && matches!(d.ask, Ask::CurrentQuest) {
            return base;
        }
        // foreign55: a setup choice (Escape from Mount Gram's starting hero) lasts the game;
        // rollouts that stop at round 1 measure noise, so it gets its own horizon.
        let setup = game.round == 0 && !matches!(d.ask, Ask::Mulligan);
        if setup && self.setup_depth == 0 {
            return base;
        }
        let mulligan = matches!(d.ask, Ask::Mulligan) && self.mulligan_depth > 0;
        if !mulligan && !searched_with(game, d, self.search_all) {
            return base;
        }
        let mut cand = [0usize; MAX_WIDTH];
        cand[0] = base;
        let mut n = 1;
        for i in 0..d.options.len() {
            if n == self.width {
                break;
            }
            if i != base
                && (self.idle_boosts
                    || !idle_option(game, d.player, &d.options[i], self.defense_windows))
            {
                cand[n] = i;
                n += 1;
            }
        }
        if n == 1 {
            // Every other option was idle (`idle_option`): nothing to compare.
            return base;
        }
        let stop = if mulligan {
            game.round.max(1).saturating_add(self.mulligan_depth)
        } else if setup {
            self.setup_depth
        } else {
            game.round.saturating_add(self.depth)
        };
        let late = self.late_horizon
            && matches!(
                game.phase,
                Phase::Encounter | Phase::Combat | Phase::Refresh
            );
        let best = self.best_of(game, n, self.rollouts, |k, work, roll| {
            work.apply(cand[k]);
            work.play_until_round(roll, stop, MAX_STEPS);
            if late {
                through_quest_phase(work, roll, stop);
            }
        });
        self.explain_with(
            || game.ask_name(),
            stop,
            Some(0),
            |k| explain::option_label(game, d, cand[k]),
        );
        cand[best]
    }
}

#[cfg(test)]
mod tests;
