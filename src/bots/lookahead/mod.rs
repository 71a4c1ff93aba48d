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
//! keeps the worth of the progress spent; The Wastes of Eriador Easy progress +0.43 / +0.00,
//! rounds −0.8 / −0.95, seeds 7 / 103; Standard +0.10 / +0.35, rounds −0.48 / −0.23: it
//! reaches the later stages sooner and dies there sooner; learned feature `passed_quest_points`, coefficient 0); `explored_weight` (0) per
//! quest point of a location in play at the decision and in the encounter discard pile / victory
//! display at the horizon (exploring otherwise loses the value of the progress on it);
//! `kill_chance` (0) · `kill_token` per enemy in play while a kills-advance-quest mission is staged;
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

pub mod learned;
mod plans;
mod play_plans;

use super::basic::weights::{self, Weights};
use super::basic::BasicBot;
use super::{Bot, BotOption};
use crate::data::CardType;
use crate::engine::{Ask, CardId, Decision, Game, GameBuf, Opt, Phase, Stat, Zone, ENCOUNTER};
use crate::record::Outcome;
use plans::{Plan, MAX_PLANS};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// Options of `--bot lookahead:...` (defaults measured: see ARCHITECTURE.md).
pub const OPTIONS: &[BotOption] = &[
    BotOption {
        name: "rollouts",
        default: "64",
        about: "determinized continuations per candidate option (1-1000)",
    },
    BotOption {
        name: "depth",
        default: "1",
        about: "horizon in rounds: play on to the start of round current+depth (1-30)",
    },
    BotOption {
        name: "width",
        default: "4",
        about: "candidate options per decision: basic's choice, then the others in order (2-16)",
    },
    BotOption {
        name: "plans",
        default: "1",
        about: "1: search the commit step as whole commit plans (see `plans.rs`); 0: one character at a time",
    },
    BotOption {
        name: "plan_rollouts",
        default: "128",
        about: "determinized continuations per commit plan (1-1000)",
    },
    BotOption {
        name: "plan_depth",
        default: "1",
        about: "horizon of the commit-plan rollouts in rounds (1-30)",
    },
    BotOption {
        name: "margin",
        default: "auto",
        about: "leave basic's choice only for a candidate whose mean value beats it by more than this (0-100; auto: 2 where the static value scores, 30 where the learned one does, 15 with logit)",
    },
    BotOption {
        name: "race",
        default: "2",
        about: "racing: stop playing a candidate once it trails basic's choice plus the margin by this many standard errors (0: off, 0-10)",
    },
    BotOption {
        name: "probe",
        default: "2",
        about: "early stop: a decision whose candidates all score the same on this many samples keeps basic's choice (1-8)",
    },
    BotOption {
        name: "lead",
        default: "0",
        about: "from this sample on (at least 4), racing also drops a candidate that trails the leader (not only basic's choice), and a decision stops when one is left (0: off, 0-1000)",
    },
    BotOption {
        name: "indiff",
        default: "0",
        about: "with lead: drop a candidate that cannot beat the leader by more than this many value points (0-10)",
    },
    BotOption {
        name: "curtail",
        default: "2",
        about: "stop early where the full budget would not change the choice: from sample 8 on, drop a candidate whose paired difference to the leader, plus this many predicted deviations of its full-budget mean, is not above 0 (0: off, 0-10)",
    },
    BotOption {
        name: "threat_weight",
        default: "1",
        about: "state value: weight of one point of threat (0-10)",
    },
    BotOption {
        name: "threat_sq",
        default: "0",
        about: "state value: weight of the square of threat above 40 (the last points before 50 cost more) (0-10)",
    },
    BotOption {
        name: "threat_knee",
        default: "35",
        about: "state value: threat above which each point counts twice (20-50)",
    },
    BotOption {
        name: "staged_enemy",
        default: "0",
        about: "state value: each enemy in the staging area, beside its stats and threat (it raises threat at every refresh in Intruders in Chetwood) (0-10)",
    },
    BotOption {
        name: "staging_weight",
        default: "4",
        about: "state value: weight of one point of threat in the staging area (0-10)",
    },
    BotOption {
        name: "progress_weight",
        default: "1.5",
        about: "state value: weight of one point of progress on the quest or active location (0-10)",
    },
    BotOption {
        name: "hero_stat_weight",
        default: "0",
        about: "state value: weight of a hero's Willpower + Attack + Defense (0-10; allies always count theirs at 1)",
    },
    BotOption {
        name: "hand_weight",
        default: "1.5",
        about: "state value: a card in hand (0-10)",
    },
    BotOption {
        name: "growth_weight",
        default: "4",
        about: "state value: a staged location's expected Threat growth per round (Hint::threat_growth) (0-10)",
    },
    BotOption {
        name: "kill_token",
        default: "6",
        about: "state value: a token on a mission whose kills advance the quest (0-100)",
    },
    BotOption {
        name: "life_token",
        default: "6",
        about: "state value: a token on a mission whose tokens are lives (Hint::mission_tokens_are_lives: The Weather Hills' Savage Counter-attack, which takes Hunting the Orcs' kill tokens when it flips; 6 like kill_token: against 0, 200 pairs, The Weather Hills Standard progress score +1.20 (+0.72 to +1.67) seed 11, +1.35 (+0.86 to +1.84) seed 41, Easy +2.11 (+1.52 to +2.69) seed 11, rounds -0.27 to -0.68; no wins either way) (0-100)",
    },
    BotOption {
        name: "hero_weight",
        default: "12",
        about: "state value: a hero in play, beside its hit points (0-100)",
    },
    BotOption {
        name: "stage_weight",
        default: "50",
        about: "state value: each quest stage reached (0-100)",
    },
    BotOption {
        name: "carry_weight",
        default: "0",
        about: "state value: share of progress_weight per quest point of the main-quest stages already passed, so that advancing keeps the worth of the progress it spent (0: off). Off by default (static value only; the learned value gives it no weight): traced on The Wastes of Eriador, the one-round view held stage 2 at 14 of 15 for a dozen rounds, since advancing lost 21 points of progress and brought Pack Leader; at 1 against 0 (wastes-watchmen, 300-400 pairs) it reaches stage 2 and 3 more often (Easy, 100 traced games: stage 3 in 4 against 1) but dies there sooner: Easy progress score +0.43 (-0.03 to +0.90) seed 7, +0.00 (-0.54 to +0.54) seed 103, rounds -0.79 / -0.95; Standard +0.10 (-0.22 to +0.42) / +0.35 (+0.07 to +0.63), rounds -0.48 / -0.23 (seeds 7 / 103) (0-10)",
    },
    BotOption {
        name: "explored_weight",
        default: "0",
        about: "state value: per quest point of a location in play at the decision and explored (or otherwise gone to the encounter discard / victory display) by the horizon (0-10)",
    },
    BotOption {
        name: "kill_chance",
        default: "0",
        about: "state value: with a mission whose kills advance the quest, each enemy in play counts this share of a kill token (0-1)",
    },
    BotOption {
        name: "late_horizon",
        default: "0",
        about: "1: a decision in the encounter, combat or refresh phase plays on through the next round's quest phase (0: to the next round's start)",
    },
    BotOption {
        name: "mulligan_depth",
        default: "0",
        about: "search the mulligan with rollouts to the start of round 1 + this (0: basic decides it; 0-5)",
    },
    BotOption {
        name: "plan_margin",
        default: "auto",
        about: "margin of the commit-plan search: leave basic's plan only for one whose mean beats it by more than this (0-100; auto: as margin's auto)",
    },
    BotOption {
        name: "sieges",
        default: "1",
        about: "1: for each of the two target enemies, also a commit plan keeping back the attackers that kill it in two attacks, and a defender (0: only the one-attack kill plan)",
    },
    BotOption {
        name: "chip",
        default: "0",
        about: "1: also a commit plan keeping back the strongest attackers that get through the Defense of the stage's damage target (Hint::quest_damage_target: Thaurdir on Deadmen's Dike 2B), plus a defender, to wear it down over several rounds (0: off)",
    },
    BotOption {
        name: "engage",
        default: "2",
        about: "commit plans that keep killers back for a staged enemy also engage it at the round's optional engagement: 1 in the rollouts and in the game, 2 in the rollouts only (the game's engagement is searched as before) (0: off, basic decides there)",
    },
    BotOption {
        name: "block_weight",
        default: "0",
        about: "state value: per remaining hit point of an enemy in play whose own rules stop the players winning (0-10)",
    },
    BotOption {
        name: "quest_damage_weight",
        default: "0",
        about: "value: each damage point on the enemy whose hit points keep the stage from being defeated (Hint::quest_damage_target: Thaurdir on Deadmen's Dike 2B) counts this share of a point of quest progress (0-10; 1 and 3 measured no better on Deadmen's Dike, rhudaur-guard, 150 pairs each)",
    },
    BotOption {
        name: "deadline_weight",
        default: "1",
        about: "state value: multiplier of a side quest's deadline harm (Hint::deadline_harm) (0-10; 2 measured +0.33 points on Intruders Standard, n.s.)",
    },
    BotOption {
        name: "deck_weight",
        default: "0",
        about: "state value: where an empty deck eliminates its player (Deadmen's Dike), per card that player's deck holds below deck_reserve (0-10; off: 2 measured +0.00 points on Deadmen's Dike Easy and Standard, 300 pairs)",
    },
    BotOption {
        name: "deck_reserve",
        default: "15",
        about: "with deck_weight: the deck size below which each missing card costs deck_weight (1-50)",
    },
    BotOption {
        name: "play_plans",
        default: "0",
        about: "1: search the planning phase as whole plans (see `play_plans.rs`: basic's, nothing, each card first, pairs, save) with plan_rollouts each (0: one card at a time; off: 1 measured -0.47 points on Intruders Standard, 3,000 pairs pooled, -1.84 to +0.90; 12% fewer instructions a round)",
    },
    BotOption {
        name: "play_width",
        default: "6",
        about: "with play_plans: most \"play this card first\" plans (0-8; 2 measured -1.17 and +2.00 points against the default bot, Intruders Standard, 600 pairs each)",
    },
    BotOption {
        name: "play_depth",
        default: "1",
        about: "with play_plans: horizon of the planning-plan rollouts in rounds (1-5; 2 measured +1.50 and -2.00 points against the default bot, Intruders Standard, 600 pairs each)",
    },
    BotOption {
        name: "save_depth",
        default: "0",
        about: "with play_plans: also a plan saving for the most expensive ally or attachment in hand, and then every plan's horizon is this many rounds (0: no save plan, 1-5; 2 measured +0.29 points on Intruders Standard, 2,400 fresh pairs pooled, -1.38 to +1.96)",
    },
    BotOption {
        name: "blocker_travel",
        default: "-40",
        about: "basic's `blocker_travel` weight in the bot's own choices and its rollouts: threat points a location that forbids threat reduction while staged (Outlying Homestead) adds to its travel score (-40 to 40; below about -33, as by default, it is never travelled to; -40 against 0 measured +2.3 / +3.1 points on Intruders Standard, 600 / 1,000 pairs)",
    },
    BotOption {
        name: "value",
        default: "auto",
        about: "score of an unfinished rollout end: auto (learned on the scenarios and modes the fit was made on, learned::DOMAIN: Intruders in Chetwood, Escape from Mount Gram, Across the Ettenmoors, Easy and Standard; static elsewhere, where learned shortened games and lost progress: Wastes of Eriador Standard progress score −1.17, Treachery of Rhudaur −1.57, Mount Gram Nightmare −3.46), learned (1000·p − 500 everywhere, p the fitted win chance of learned.rs; against static, fresh seeds: Intruders Standard +4.3 / +0.7 / +5.5, Easy +2.7, Mount Gram +7.0, Ettenmoors +10.0, Deadmen's Dike Easy −0.3), static (the hand-weighted value), logit (100·logit p, within ±500; Intruders Standard −0.3 at margin 30)",
    },
    BotOption {
        name: "value_mix",
        default: "0",
        about: "with value=learned or logit: add this share of the static value (a tie-break where p is near 0) (0-10)",
    },
    BotOption {
        name: "value_fit",
        default: "auto",
        about: "with value=learned or logit: auto the coefficients learned::DOMAIN names for the game's scenario and mode (COEF_SELF on Intruders Standard: against 1 there, fresh seeds, +2.50, +0.19 to +4.81, 2,000 pairs; COEF in the other cells and outside), 1 the fit on games of the static-value lookahead (COEF), 2 the refit on games of value=learned itself (COEF_SELF; against 1: Intruders Standard +4.17 / +4.00 / +2.90, Ettenmoors +5.00, Intruders Easy −1.67 / +1.50, Mount Gram Standard −6.67 / −4.80 beyond noise), 3 the fit on Intruders alone (COEF_CHET; Intruders Standard −2.70, −5.98 to +0.58)",
    },
    BotOption {
        name: "search_all",
        default: "0",
        about: "1: also search engagement ties, the order of attacking enemies and archery (0: basic decides them)",
    },
];

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
    /// The `margin` / `plan_margin` options (`None`: `auto`, from the scale in use).
    margins: (Option<f64>, Option<f64>),
    /// Also search engagement ties, the attack order and archery.
    search_all: bool,
    /// Search the mulligan with rollouts to the start of round `1 + mulligan_depth` (0: off).
    mulligan_depth: u16,
    /// Late-round decisions play on through the next round's quest phase.
    late_horizon: bool,
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
}

fn num<T: std::str::FromStr + PartialOrd + std::fmt::Display>(
    k: &str,
    v: &str,
    lo: T,
    hi: T,
) -> Result<T, String> {
    match v.parse::<T>() {
        Ok(x) if x >= lo && x <= hi => Ok(x),
        _ => Err(format!(
            "bot `lookahead`: option `{k}` takes a whole number {lo} to {hi}, not `{v}`"
        )),
    }
}

/// A weight option: a number 0 to 10.
fn real(k: &str, v: &str) -> Result<f64, String> {
    match v.parse::<f64>() {
        Ok(x) if (0.0..=10.0).contains(&x) => Ok(x),
        _ => Err(format!(
            "bot `lookahead`: option `{k}` takes a number 0 to 10, not `{v}`"
        )),
    }
}

/// A weight option: a number 0 to 100.
fn wide(k: &str, v: &str) -> Result<f64, String> {
    match v.parse::<f64>() {
        Ok(x) if (0.0..=100.0).contains(&x) => Ok(x),
        _ => Err(format!(
            "bot `lookahead`: option `{k}` takes a number 0 to 100, not `{v}`"
        )),
    }
}

/// The weights of [`state_value`] that `--bot lookahead:...` may set.
#[derive(Clone, Copy, Debug)]
pub struct ValueWeights {
    pub threat: f64,
    /// The square of threat above [`THREAT_KNEE`].
    pub threat_sq: f64,
    /// Threat above which each point counts twice.
    pub threat_knee: f64,
    /// Each enemy in the staging area.
    pub staged_enemy: f64,
    pub staging: f64,
    pub progress: f64,
    /// A kill token on a mission whose kills advance the quest (`Hint::kills_advance_quest`).
    pub kill_token: f64,
    /// A token on a mission whose tokens are lives (`Hint::mission_tokens_are_lives`).
    pub life_token: f64,
    /// A hero's Willpower + Attack + Defense (attachments and lasting effects included).
    pub hero_stat: f64,
    /// A card in hand.
    pub hand: f64,
    /// A staged location's expected Threat growth per round (`Hint::threat_growth`).
    pub growth: f64,
    /// A hero in play (beside its hit points).
    pub hero: f64,
    /// Each quest stage reached.
    pub stage: f64,
    /// Per quest point of a location in play at the decision and gone by the horizon.
    pub explored: f64,
    /// With a kills-advance-quest mission: the share of a kill token per enemy in play.
    pub kill_chance: f64,
    /// Per remaining hit point of an enemy in play whose own rules stop the win.
    pub block: f64,
    /// Multiplier of a side quest's deadline harm.
    pub deadline: f64,
    /// Each damage point on the enemy whose hit points keep the stage from being defeated
    /// (`Hint::quest_damage_target`: Thaurdir on Deadmen's Dike 2B) counts this share of a
    /// point of progress on the quest (the static value's `progress`, the learned value's
    /// worth of one quest point).
    pub quest_damage: f64,
    /// Where an empty deck eliminates: per card a deck holds below `deck_reserve`.
    pub deck: f64,
    /// The deck size below which `deck` counts.
    pub deck_reserve: f64,
    /// The score of an unfinished game: the static value or the learned one (`learned.rs`).
    pub learned: learned::Scale,
    /// With a learned value: the share of the static value added to it.
    pub mix: f64,
    /// With a learned value: which fitted coefficients (`value_fit`).
    pub fit: learned::Fit,
    /// Share of `progress` per quest point of the main-quest stages already passed.
    pub carry: f64,
}

pub const DEFAULT_WEIGHTS: ValueWeights = ValueWeights {
    threat: 1.0,
    threat_sq: 0.0,
    threat_knee: 35.0,
    staged_enemy: 0.0,
    staging: 4.0,
    progress: 1.5,
    kill_token: 6.0,
    life_token: 6.0,
    hero_stat: 0.0,
    hand: 1.5,
    growth: 4.0,
    hero: HERO,
    stage: STAGE,
    explored: 0.0,
    kill_chance: 0.0,
    block: 0.0,
    deadline: 1.0,
    quest_damage: 0.0,
    deck: 0.0,
    deck_reserve: 15.0,
    learned: learned::Scale::Chance,
    mix: 0.0,
    fit: learned::Fit::Pooled,
    carry: 0.0,
};

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
        // With `value_fit=auto` the coefficients are set per game in `choose`, like the scale.
        let fit = learned::Fit::parse(get("value_fit"))?;
        // With `value=auto` the scale (and an `auto` margin) is set per game in `choose`; this
        // is the out-of-domain one until then.
        let scale = value.unwrap_or(learned::Scale::Static);
        let policy_weights = Weights {
            blocker_travel: num("blocker_travel", get("blocker_travel"), -40i32, 40)?,
            ..weights::DEFAULT
        };
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
            margin: margins.0.unwrap_or(learned::auto_margin(scale)),
            plan_margin: margins.1.unwrap_or(learned::auto_margin(scale)),
            value,
            fit,
            margins,
            sieges: num("sieges", get("sieges"), 0u8, 1)? == 1,
            engage: num("engage", get("engage"), 0u8, 2)?,
            chip: num("chip", get("chip"), 0u8, 1)? == 1,
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
                growth: real("growth_weight", get("growth_weight"))?,
                kill_token: wide("kill_token", get("kill_token"))?,
                life_token: wide("life_token", get("life_token"))?,
                hero: wide("hero_weight", get("hero_weight"))?,
                stage: wide("stage_weight", get("stage_weight"))?,
                explored: real("explored_weight", get("explored_weight"))?,
                block: real("block_weight", get("block_weight"))?,
                deadline: real("deadline_weight", get("deadline_weight"))?,
                quest_damage: real("quest_damage_weight", get("quest_damage_weight"))?,
                deck: real("deck_weight", get("deck_weight"))?,
                deck_reserve: num("deck_reserve", get("deck_reserve"), 1u8, 50)? as f64,
                learned: scale,
                mix: real("value_mix", get("value_mix"))?,
                fit: fit.unwrap_or(learned::Fit::Pooled),
                carry: real("carry_weight", get("carry_weight"))?,
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
            mulligan_depth: num("mulligan_depth", get("mulligan_depth"), 0u16, 5)?,
            late_horizon: num("late_horizon", get("late_horizon"), 0u8, 1)? == 1,
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
        })
    }
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

/// The score of a rollout's end state (see the module doc).
pub fn value(g: &Game, w: &ValueWeights) -> f64 {
    match g.outcome() {
        Some(Outcome::Win) => WIN,
        Some(Outcome::RoundCap) => ROUND_CAP,
        Some(_) => LOSS,
        None if w.learned != learned::Scale::Static => learned::value(g, w),
        None => state_value(g, w),
    }
}

/// Escape from Mount Gram: are player `p`'s other cards captured (RULES §8.7), so that his
/// few heroes carry the game alone?
pub(crate) fn heroes_alone(g: &Game, p: u8) -> bool {
    g.areas.captives > 0
        || g.list(Zone::Captured(p))
            .iter()
            .any(|&c| g.card(c).zone == Zone::Captured(p))
}

/// The current quest stage of staging area `a` (separate staging areas: the last quest card
/// in play there).
pub(crate) fn area_stage(g: &Game, a: u8) -> Option<crate::engine::CardId> {
    g.list(Zone::Quest)
        .iter()
        .rev()
        .copied()
        .find(|&q| g.card(q).area == a)
}

/// The separate staging areas in order (Escape from Mount Gram), none where there is one.
pub(crate) fn split_areas(g: &Game) -> ([u8; crate::record::MAX_PLAYERS], usize) {
    let (areas, n) = g.area_order();
    (areas, if g.areas.split { n } else { 0 })
}

/// A character's Willpower + Attack + Defense (at least 0).
pub(crate) fn char_stats(g: &Game, c: crate::engine::CardId) -> f64 {
    (g.stat(c, Stat::Willpower) + g.stat(c, Stat::Attack) + g.stat(c, Stat::Defense)).max(0) as f64
}

/// The static value of an unfinished game (see the module doc).
pub fn state_value(g: &Game, w: &ValueWeights) -> f64 {
    let mut v = 0.0;
    // Deadmen's Dike: an empty deck eliminates, and the quest mills; a thin deck is a loss to come.
    let deck_clock = w.deck > 0.0 && g.rule(crate::cards::Rule::EmptyDeckEliminates);
    for p in 0..g.n_players {
        let ps = &g.players[p as usize];
        if ps.eliminated {
            v -= 60.0;
            continue;
        }
        let t = ps.threat as f64;
        v -= w.threat * (t + (t - w.threat_knee).max(0.0));
        if w.threat_sq > 0.0 {
            let over = (t - THREAT_KNEE).max(0.0);
            v -= w.threat_sq * over * over;
        }
        // Escape from Mount Gram: while a player's other cards are captured (RULES §8.7), his
        // few heroes carry the game alone and their stats count (the starting-hero choice).
        let alone = heroes_alone(g, p);
        for &c in g.list(Zone::Play(p)) {
            if !g.is_character(c) {
                continue;
            }
            let hp = g.remaining_hp(c).max(0) as f64;
            let stats = || char_stats(g, c);
            if g.is_hero(c) {
                v += w.hero + 1.5 * hp + 0.5 * g.card(c).resources as f64;
                if w.hero_stat > 0.0 {
                    v += w.hero_stat * stats();
                }
                if alone {
                    v += 2.0 * stats();
                }
            } else {
                v += 3.0 + stats() + 0.5 * hp;
            }
        }
        v += w.hand * g.list(Zone::Hand(p)).len() as f64;
        if deck_clock {
            let deck = g.list(Zone::Deck(p)).len() as f64;
            v -= w.deck * (w.deck_reserve - deck).max(0.0);
        }
        for &e in g.engaged(p) {
            v -= 1.5 * g.stat(e, Stat::Attack).max(0) as f64
                + 0.5 * g.remaining_hp(e).max(0) as f64
                + g.stat(e, Stat::Threat).max(0) as f64;
        }
    }
    // With separate staging areas (Escape from Mount Gram), each area's staging threat, stage
    // and active location count, summed.
    let (areas, n_areas) = split_areas(g);
    let areas = &areas[..n_areas];
    if areas.is_empty() {
        v -= w.staging * g.staging_threat().max(0) as f64;
    }
    for &a in areas {
        v -= w.staging * g.staging_threat_in(a).max(0) as f64;
    }
    for &c in g.list(Zone::Staging) {
        if g.is_enemy(c) {
            v -= g.stat(c, Stat::Attack).max(0) as f64
                + 0.5 * g.remaining_hp(c).max(0) as f64
                + w.staged_enemy;
        } else if g.ty(c) == CardType::Location {
            // Staged threat still to come: a location that grows while it waits.
            v -= w.growth * crate::cards::hints::hint(g, c).threat_growth as f64;
        }
    }
    if areas.is_empty() {
        if let Some(q) = g.main_quest() {
            v += w.stage * g.def_of(q).stage as f64 + w.progress * g.card(q).progress as f64;
        }
    }
    for &a in areas {
        if let Some(q) = area_stage(g, a) {
            v += w.stage * g.def_of(q).stage as f64 + w.progress * g.card(q).progress as f64;
        }
    }
    for &c in g.list(Zone::Staging) {
        if g.ty(c) == CardType::EncounterSideQuest {
            v += side_quest_value(g, c, w);
        } else if crate::cards::hints::hint(g, c).kills_advance_quest {
            // A mission counting kills toward the next stage: each token is part of a stage.
            v += w.kill_token * g.card(c).resources as f64;
        } else if crate::cards::hints::hint(g, c).mission_tokens_are_lives {
            // A mission whose last token lost loses the game: each token is a life.
            v += w.life_token * g.card(c).resources as f64;
        }
    }
    if areas.is_empty() {
        if let Some(l) = g.active_location() {
            v += w.progress * g.card(l).progress as f64;
        }
    }
    for &a in areas {
        if let Some(l) = g.active_location_in(a) {
            v += w.progress * g.card(l).progress as f64;
        }
    }
    // Captured cards under encounter and quest cards (Escape from Mount Gram, RULES §8.7): each
    // is a card of ours held back until its host leaves play or progress rescues it (0 in
    // every other scenario).
    const CAPTIVE: f64 = 3.0;
    v -= CAPTIVE * g.areas.captives as f64;
    for &c in g.list(Zone::Victory) {
        if g.card(c).owner == ENCOUNTER {
            v += 2.0 * g.def_of(c).victory as f64;
        }
    }
    if w.kill_chance > 0.0 {
        v += kill_chance_value(g, w);
    }
    if w.block > 0.0 {
        v -= w.block * blocking_hp(g) as f64;
    }
    if w.quest_damage > 0.0 {
        v += w.quest_damage * w.progress * quest_damage_done(g) as f64;
    }
    if w.carry > 0.0 && areas.is_empty() {
        v += w.carry * w.progress * passed_quest_points(g) as f64;
    }
    v
}

/// The damage on the enemy in play whose hit points keep the current stage from being defeated
/// (`Hint::quest_damage_target`: Thaurdir on Deadmen's Dike 2B), at most its hit points: the
/// part of the win that progress alone cannot bring, already done (0 without such an enemy).
pub(crate) fn quest_damage_done(g: &Game) -> i16 {
    let Some(q) = g.main_quest() else { return 0 };
    let Some(f) = crate::cards::hints::hint(g, q).quest_damage_target else {
        return 0;
    };
    match f(g) {
        Some(e) if g.card(e).zone.in_play() && g.is_enemy(e) => {
            let hp = g.stat(e, Stat::HitPoints).max(0);
            g.card(e).damage.clamp(0, hp)
        }
        _ => 0,
    }
}

/// The quest points of the main-quest stages already defeated (they are removed from the game
/// when the players advance): with `carry_weight`, reaching a stage keeps the worth of the
/// progress spent on the ones before, so the one-round view does not see advancing as losing it.
pub(crate) fn passed_quest_points(g: &Game) -> i32 {
    g.list(Zone::Removed)
        .iter()
        .filter(|&&q| g.ty(q) == CardType::Quest && g.card(q).owner == ENCOUNTER)
        .map(|&q| g.def_of(q).quest_points.max(0) as i32)
        .sum()
}

/// The remaining hit points of the enemies in play (staged or engaged) whose own rules keep the
/// players from winning while they are in play (`Rule::CannotWin` asked of the enemy's script):
/// how far the board is from a win that progress alone cannot bring.
fn blocking_hp(g: &Game) -> i32 {
    let staged = g.list(Zone::Staging).iter();
    let engaged = (0..g.n_players).flat_map(|p| g.engaged(p).iter());
    staged
        .chain(engaged)
        .filter(|&&e| g.is_enemy(e) && stops_win(g, e))
        .map(|&e| g.remaining_hp(e).max(0) as i32)
        .sum()
}

/// Does card `e`'s own text say the players cannot win while it is in play?
fn stops_win(g: &Game, e: CardId) -> bool {
    g.script(e)
        .and_then(|s| s.rule)
        .is_some_and(|f| f(g, e, crate::cards::Rule::CannotWin))
}

/// With a mission whose kills advance the quest in the staging area, every enemy in play (staged
/// or engaged, not immune to player cards) is a kill to come: `kill_chance · kill_token` each.
fn kill_chance_value(g: &Game, w: &ValueWeights) -> f64 {
    let mission = g
        .list(Zone::Staging)
        .iter()
        .any(|&c| crate::cards::hints::hint(g, c).kills_advance_quest);
    if !mission {
        return 0.0;
    }
    let mut n = 0usize;
    let staged = g.list(Zone::Staging).iter();
    for &e in staged.chain((0..g.n_players).flat_map(|p| g.engaged(p).iter())) {
        if g.is_enemy(e) && !g.immune(e) {
            n += 1;
        }
    }
    w.kill_chance * w.kill_token * n as f64
}

/// An encounter side quest in the staging area costs what is left of it (at the progress
/// weight, so defeating it never loses value), and a deadline (`Hint::deadline_harm`, time
/// counters) adds `harm · (share of its quest points left) / counters`.
fn side_quest_value(g: &Game, c: crate::engine::CardId, w: &ValueWeights) -> f64 {
    let qp = g.stat(c, Stat::QuestPoints).max(0) as f64;
    let left = (qp - g.card(c).progress as f64).max(0.0);
    let mut v = -w.progress * left;
    let harm = crate::cards::hints::hint(g, c).deadline_harm;
    let time = g.card(c).time;
    if harm > 0 && time > 0 && qp > 0.0 {
        v -= w.deadline * harm as f64 * (left / qp) / time as f64;
    }
    v
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

        // The best mean, if it beats `basic`'s choice by more than the margin (noise in a few
        // rollouts otherwise makes the bot leave a sound choice for a slightly worse one).
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
        let n = plans::candidates(game, d, &mut cand, self.sieges, self.engage > 0, self.chip);
        let stop = game.round.saturating_add(self.plan_depth);
        let best = self.best_plan(game, &cand[..n], stop);
        self.plan = Some(cand[best]);
        cand[best].answer(d).unwrap_or(base)
    }
}

impl Bot for LookaheadBot {
    fn name(&self) -> &'static str {
        "lookahead"
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
                self.set_scale(match cell {
                    Some(_) => learned::Scale::Chance,
                    None => learned::Scale::Static,
                });
            }
            if self.fit.is_none() {
                self.weights.fit = cell.unwrap_or(learned::Fit::Pooled);
            }
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
            if i != base {
                cand[n] = i;
                n += 1;
            }
        }
        let stop = if mulligan {
            game.round.max(1).saturating_add(self.mulligan_depth)
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
        cand[best]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::{load_embedded, Mode};
    use crate::engine::{GameSetup, RuleOptions};

    fn setup(db: &crate::data::CardDb, sc: &str) -> GameSetup {
        GameSetup {
            scenario: db.scenario(sc).unwrap(),
            mode: Mode::Standard,
            decks: vec![crate::deck::resolve_deck("core-leadership", db).unwrap()],
            options: RuleOptions::default(),
            max_rounds: 30,
            allow_unimplemented: false,
        }
    }

    /// Two games identical in everything visible but with different hidden orders (the
    /// encounter deck, the player deck, face-down shadow cards, the random streams) get the
    /// same choice from the bot with the same seed, at every searched decision of a game.
    #[test]
    fn same_choice_whatever_the_hidden_order() {
        let db = load_embedded().unwrap();
        let s = setup(&db, "intruders-in-chetwood");
        let mut g = Game::new(&db, &s);
        let opts = [
            ("rollouts".to_string(), "2".to_string()),
            ("depth".to_string(), "1".to_string()),
        ];
        let mut a = LookaheadBot::from_options(&opts).unwrap();
        let mut b = LookaheadBot::from_options(&opts).unwrap();
        let mut checked = 0;
        let mut differ = 0;
        for index in 0..3 {
            g.start(21, index);
            let mut step = 0u64;
            while let Some(d) = g.pending() {
                let d = d.clone();
                if searched(&g, &d) {
                    // The same game with its hidden cards re-dealt: a different true future.
                    let mut h = g.clone();
                    let mut r = Pcg64Mcg::seed_from_u64(1000 + step);
                    h.determinize(&mut r);
                    if h.list(Zone::EncounterDeck) != g.list(Zone::EncounterDeck) {
                        differ += 1;
                    }
                    let seed = 77 + step;
                    a.new_game(seed);
                    b.new_game(seed);
                    let x = a.choose(&g, &d);
                    let y = b.choose(&h, &d);
                    assert_eq!(x, y, "game {index} step {step}: {:?}", d.ask);
                    checked += 1;
                }
                let i = a.policy.choose(&g, &d);
                g.apply(i);
                step += 1;
            }
        }
        assert!(
            checked > 20 && differ > 10,
            "{checked} decisions, {differ} differ"
        );
    }

    /// Game 3 of `g`'s setup played to the end by a `lookahead` with `opts` (bot seed 5): the
    /// rollouts it played and its choices.
    /// Walks `games` games (seed `seed`) with `basic` and calls `ask` at each decision
    /// `lookahead` could search (every commit decision, every `searched` one) with its step in
    /// the game: the decisions the search tests ask their bots, the same for every bot.
    fn walk_searched(
        g: &mut Game,
        seed: u64,
        games: u64,
        mut ask: impl FnMut(&Game, &Decision, u64),
    ) {
        let mut policy = BasicBot::new();
        for index in 0..games {
            g.start(seed, index);
            policy.new_game(index);
            let mut step = 0u64;
            while let Some(d) = g.pending() {
                let d = d.clone();
                if matches!(d.ask, Ask::Commit) || searched(g, &d) {
                    ask(g, &d, step);
                }
                let i = policy.choose(g, &d);
                g.apply(i);
                step += 1;
            }
        }
    }

    /// The rollouts played by `base`'s bot and by `cheaper`'s when asked at the same decisions
    /// (`walk_searched`: two games of Intruders in Chetwood, the same bot seed for both, so the
    /// counts compare the rules, not two games played differently); asserts `cheaper` plays
    /// fewer (`what` names it) and answers alike when asked twice.
    fn fewer_rollouts(base: &[(&str, &str)], cheaper: &[(&str, &str)], what: &str) -> (u64, u64) {
        let mk = |o: &[(&str, &str)]| {
            let o: Vec<(String, String)> = o
                .iter()
                .map(|&(k, v)| (k.to_string(), v.to_string()))
                .collect();
            LookaheadBot::from_options(&o).unwrap()
        };
        let (mut b, mut c, mut again) = (mk(base), mk(cheaper), mk(cheaper));
        let db = load_embedded().unwrap();
        let s = setup(&db, "intruders-in-chetwood");
        let mut g = Game::new(&db, &s);
        walk_searched(&mut g, 8, 2, |g, d, step| {
            for x in [&mut b, &mut c, &mut again] {
                x.new_game(300 + step);
            }
            b.choose(g, d);
            let x = c.choose(g, d);
            assert_eq!(x, again.choose(g, d), "step {step}: deterministic");
        });
        let (n, m) = (b.rollouts_played, c.rollouts_played);
        assert!(m < n, "{what} played {m} rollouts, against {n}");
        (n, m)
    }

    /// Racing drops candidates that cannot beat `basic`'s choice: the same decisions cost
    /// fewer rollouts, and a racing bot answers them the same way twice.
    #[test]
    fn racing_plays_fewer_rollouts_deterministically() {
        let spec = |race| [("rollouts", "12"), ("race", race), ("curtail", "0")];
        fewer_rollouts(&spec("0"), &spec("2"), "racing");
    }

    /// `probe`: a decision whose candidates all score the same on the first `probe` samples
    /// stops there; one probe sample costs fewer rollouts than two, deterministically.
    #[test]
    fn one_probe_sample_plays_fewer_rollouts() {
        let spec = |probe| {
            [
                ("rollouts", "12"),
                ("race", "0"),
                ("probe", probe),
                ("curtail", "0"),
            ]
        };
        fewer_rollouts(&spec("2"), &spec("1"), "probe=1");
    }

    /// `lead`: racing against the leader drops candidates that trail the best one (not only
    /// those that cannot beat `basic`'s choice): at the same decisions it plays fewer
    /// rollouts, and asked again it answers the same.
    #[test]
    fn leader_racing_plays_fewer_rollouts_deterministically() {
        let spec = |lead| [("rollouts", "24"), ("lead", lead), ("curtail", "0")];
        let (o, _) = fewer_rollouts(&spec("0"), &spec("1"), "leader racing");
        assert!(o > 1000, "{o} rollouts");
    }

    /// Curtailment's rule on hand-made sums (margin 2, `curtail` 3): a candidate the leader beats
    /// by 10 in every sample goes at once; a close, noisy one stays while many samples of the
    /// budget remain and goes when few remain (the full budget could no longer lift it above the
    /// leader); `basic`'s choice, beaten beyond doubt, goes too.
    #[test]
    fn curtailment_drops_what_the_budget_cannot_reverse() {
        let bot = LookaheadBot::from_options(&[
            ("curtail".into(), "3".into()),
            ("value".into(), "static".into()),
        ])
        .unwrap();
        let r = 8;
        // 0: basic's choice, 0 each sample; 1: the leader, 20; 2: 10 each sample; 3: 18 ± 4
        // on alternate samples (mean 2 below the leader, deviation about 4).
        let v = |k: usize, i: u32| match k {
            0 => 0.0,
            1 => 20.0,
            2 => 10.0,
            _ => 18.0 + if i.is_multiple_of(2) { 4.0 } else { -4.0 },
        };
        let (sum, psum, psq) = sample_sums(r, v);
        let mut live = [true; MAX_WIDTH];
        assert!(!bot.curtail_leader(4, r, 128, &sum, &psum, &psq, &mut live));
        assert_eq!(
            &live[..4],
            &[false, true, false, true],
            "120 samples to come could lift the close one"
        );
        let mut live = [true; MAX_WIDTH];
        assert!(
            bot.curtail_leader(4, r, 9, &sum, &psum, &psq, &mut live),
            "1 sample to come cannot"
        );
        assert_eq!(&live[..4], &[false, true, false, false]);
        // At the same decisions, curtailment plays fewer rollouts than the full budget, and
        // answers alike when asked twice.
        let spec = |c| [("rollouts", "24"), ("curtail", c)];
        fewer_rollouts(&spec("0"), &spec("3"), "curtailment");
    }

    /// The default (curtailed) search agrees with the full budget (`curtail=0`) at almost every
    /// decision while playing fewer rollouts: one game walked by `basic`; at each decision
    /// `lookahead` searches (a phase's first commit decision, every searched one) the default
    /// and each spec are asked with the same bot seed. Also a measurement tool (`cargo test
    /// --release --lib agreement -- --nocapture`; `LOOK_SPECS="curtail=0;curtail=3"`,
    /// `LOOK_GAMES`, `LOOK_SEED`, `LOOK_SCENARIO`, `LOOK_DECK`; a spec starting `reseed` uses
    /// another bot seed): prints how often each spec's choice differs from the default's, and
    /// the rollouts each played. Measured on 40 games (seed 5, 5,675 decisions): `curtail=0`
    /// differs at 23 with 1.96x the rollouts; another bot seed at the full budget differs at 109.
    /// The walk's bot is `LOOK_BASE` (`value=static`, whose margin 2 leaves racing more to do:
    /// with `value=learned`, margin 30, the same game's 180 decisions took 1,870 rollouts
    /// curtailed and 2,034 at the full budget, against 3,479 and 7,462 with the static value).
    #[test]
    fn agreement_with_the_full_budget() {
        let env = |k: &str, d: &str| std::env::var(k).unwrap_or_else(|_| d.to_string());
        let specs = env("LOOK_SPECS", "value=static,curtail=0");
        let games: u64 = env("LOOK_GAMES", "1").parse().unwrap();
        let seed: u64 = env("LOOK_SEED", "5").parse().unwrap();
        let db = load_embedded().unwrap();
        let mut s = setup(&db, &env("LOOK_SCENARIO", "intruders-in-chetwood"));
        s.decks =
            vec![crate::deck::resolve_deck(&env("LOOK_DECK", "chetwood-vigil"), &db).unwrap()];
        let mut g = Game::new(&db, &s);
        let parse = |spec: &str| -> Vec<(String, String)> {
            spec.split(',')
                .filter(|x| !x.is_empty())
                .map(|kv| {
                    let (k, v) = kv.split_once('=').unwrap();
                    (k.to_string(), v.to_string())
                })
                .collect()
        };
        let mut base =
            LookaheadBot::from_options(&parse(&env("LOOK_BASE", "value=static"))).unwrap();
        let mut bots: Vec<(String, LookaheadBot)> = specs
            .split(';')
            .map(|sp| {
                let opts = parse(sp.trim_start_matches("reseed"));
                (sp.to_string(), LookaheadBot::from_options(&opts).unwrap())
            })
            .collect();
        let mut differ = vec![(0u32, 0u32); bots.len()];
        let (mut asked, mut asked_commit) = (0u32, 0u32);
        // Of a phase's commit decisions only the first is asked (one commit plan a phase);
        // a step below the last one starts the next game.
        let (mut last_commit, mut last_step) = ((u16::MAX, 9u8), 0u64);
        walk_searched(&mut g, seed, games, |g, d, step| {
            if step < last_step {
                last_commit = (u16::MAX, 9u8);
            }
            last_step = step;
            let commit = matches!(d.ask, Ask::Commit);
            if commit {
                let this = (g.round, d.player);
                if last_commit == this {
                    return;
                }
                last_commit = this;
            }
            base.new_game(900 + step);
            let x = base.choose(g, d);
            asked += 1;
            asked_commit += commit as u32;
            for (i, (spec, b)) in bots.iter_mut().enumerate() {
                // `reseed...`: another bot seed (the full budget's own noise).
                let shift = if spec.starts_with("reseed") { 7777 } else { 0 };
                b.new_game(900 + step + shift);
                if b.choose(g, d) != x {
                    if commit {
                        differ[i].1 += 1;
                    } else {
                        differ[i].0 += 1;
                    }
                }
            }
        });
        eprintln!(
            "default: {asked} decisions ({asked_commit} commit plans), {} rollouts",
            base.rollouts_played
        );
        for (i, (spec, b)) in bots.iter().enumerate() {
            eprintln!(
                "{spec}: differs at {} other + {} commit decisions, {} rollouts ({:.1}%)",
                differ[i].0,
                differ[i].1,
                b.rollouts_played,
                100.0 * b.rollouts_played as f64 / base.rollouts_played as f64
            );
        }
        if std::env::var("LOOK_SPECS").is_err() {
            let (spec, full) = &bots[0];
            assert_eq!(spec, "value=static,curtail=0");
            let differs = differ[0].0 + differ[0].1;
            assert!(asked > 20, "the walk searched {asked} decisions");
            assert!(
                differs * 20 <= asked.max(60),
                "the default differs from the full budget at {differs} of {asked} decisions"
            );
            assert!(
                base.rollouts_played * 5 < full.rollouts_played * 4,
                "curtailed {} rollouts, full budget {}",
                base.rollouts_played,
                full.rollouts_played
            );
        }
    }

    /// Sums of `r` hand-made samples of 4 candidates (`v(k, i)`: candidate `k`'s value in sample
    /// `i`): each candidate's sum, and the sum and sum of squares of each paired difference.
    #[allow(clippy::type_complexity)]
    fn sample_sums(
        r: u32,
        v: impl Fn(usize, u32) -> f64,
    ) -> (
        [f64; MAX_WIDTH],
        [[f64; MAX_WIDTH]; MAX_WIDTH],
        [[f64; MAX_WIDTH]; MAX_WIDTH],
    ) {
        let mut sum = [0f64; MAX_WIDTH];
        let mut psum = [[0f64; MAX_WIDTH]; MAX_WIDTH];
        let mut psq = [[0f64; MAX_WIDTH]; MAX_WIDTH];
        for i in 0..r {
            for k in 0..4 {
                sum[k] += v(k, i);
                for j in 0..k {
                    let d = v(k, i) - v(j, i);
                    psum[k][j] += d;
                    psq[k][j] += d * d;
                }
            }
        }
        (sum, psum, psq)
    }

    /// The leader race's rule on hand-made sums (8 samples, margin 2, race 2): a candidate
    /// that scored exactly as the leader in every sample is dropped (the two are one), `basic`'s
    /// choice is dropped once another beats it by the margin beyond doubt, and a close
    /// candidate stays in the race.
    #[test]
    fn leader_race_drops_twins_and_beaten_basic() {
        let bot = LookaheadBot::from_options(&[
            ("lead".into(), "1".into()),
            ("value".into(), "static".into()),
        ])
        .unwrap();
        let r = 8;
        // Candidate 1 beats 0 by 10 in every sample; 2 equals 1 in every sample; 3 is 1 above
        // or below 1 on alternate samples (mean 0, standard error about 0.4).
        let v = |k: usize, i: u32| match k {
            0 => 0.0,
            1 | 2 => 10.0,
            _ => 10.0 + if i.is_multiple_of(2) { 1.0 } else { -1.0 },
        };
        let (sum, psum, psq) = sample_sums(r, v);
        let mut live = [true; MAX_WIDTH];
        let done = bot.race_leader(4, r, &sum, &psum, &psq, &mut live);
        assert!(!live[0], "basic's choice is beaten by 10 beyond doubt");
        assert!(live[1], "the leader stays");
        assert!(!live[2], "a twin of the leader is dropped");
        assert!(live[3], "a close candidate stays in the race");
        assert!(!done);
        // With indiff 1 the close one (it cannot beat the leader by more than about 0.8) goes
        // too, and the decision is made.
        let wide = LookaheadBot::from_options(&[
            ("lead".into(), "1".into()),
            ("indiff".into(), "1".into()),
            ("value".into(), "static".into()),
        ])
        .unwrap();
        let mut live = [true; MAX_WIDTH];
        assert!(wide.race_leader(4, r, &sum, &psum, &psq, &mut live));
        assert_eq!(&live[..4], &[false, true, false, false]);
    }

    /// `kill_chance`: with Hunting the Orcs in the staging area each enemy in play is worth a
    /// share of a kill token; without the mission, or at weight 0, nothing changes.
    #[test]
    fn kill_chance_values_enemies_on_a_kill_mission() {
        use crate::cards::testkit::codes::*;
        use crate::cards::testkit::sandbox;
        let mut g = sandbox(&[LEADERSHIP_HEROES]);
        let w = ValueWeights {
            kill_chance: 0.5,
            ..DEFAULT_WEIGHTS
        };
        g.spawn(ANGMAR_ORC, ENCOUNTER, Zone::Staging);
        let no_mission = state_value(&g, &w) - state_value(&g, &DEFAULT_WEIGHTS);
        assert_eq!(no_mission, 0.0, "no kill mission: no credit");
        g.spawn(HUNTING_THE_ORCS, ENCOUNTER, Zone::Staging);
        let one = state_value(&g, &w) - state_value(&g, &DEFAULT_WEIGHTS);
        assert_eq!(one, 0.5 * DEFAULT_WEIGHTS.kill_token);
        g.spawn(CORNERED_ORC, ENCOUNTER, Zone::Staging);
        let two = state_value(&g, &w) - state_value(&g, &DEFAULT_WEIGHTS);
        assert_eq!(two, 2.0 * one);
    }

    /// `life_token`: each token on Savage Counter-attack (its tokens are lives) is worth
    /// `life_token`, as much as a kill token on Hunting the Orcs, whose tokens move there when
    /// it flips: the flip no longer reads as losing them.
    #[test]
    fn life_token_values_savage_counter_attack_tokens_like_kill_tokens() {
        use crate::cards::testkit::codes::*;
        use crate::cards::testkit::sandbox;
        let mut g = sandbox(&[LEADERSHIP_HEROES]);
        let s = g.spawn(SAVAGE_COUNTER_ATTACK, ENCOUNTER, Zone::Staging);
        let w = DEFAULT_WEIGHTS;
        let none = state_value(&g, &w);
        g.card_mut(s).resources = 4;
        let four = state_value(&g, &w);
        assert_eq!(four - none, 4.0 * w.life_token);
        assert_eq!(
            w.life_token, w.kill_token,
            "the flip keeps the tokens' value"
        );
        let h = g.spawn(HUNTING_THE_ORCS, ENCOUNTER, Zone::Staging);
        g.card_mut(h).resources = 4;
        g.card_mut(s).resources = 0;
        assert_eq!(state_value(&g, &w), four, "4 kill tokens are worth 4 lives");
    }

    /// `explored_weight`: a location in play at the decision and gone to the encounter discard
    /// pile by the horizon is credited with its quest points.
    #[test]
    fn explored_credit_counts_locations_gone_by_the_horizon() {
        use crate::cards::testkit::codes::*;
        use crate::cards::testkit::sandbox;
        let mut g = sandbox(&[LEADERSHIP_HEROES]);
        let ridge = g.spawn(EXPOSED_RIDGE, ENCOUNTER, Zone::Staging);
        let qp = g.stat(ridge, Stat::QuestPoints) as f64;
        let mut bot =
            LookaheadBot::from_options(&[("explored_weight".into(), "2".into())]).unwrap();
        bot.places[0] = (ridge, qp as i16);
        bot.n_places = 1;
        assert_eq!(bot.explored_credit(&g), 0.0, "still in play");
        g.move_card(ridge, Zone::EncounterDiscard);
        assert_eq!(bot.explored_credit(&g), 2.0 * qp);
    }

    /// The experimental threat and staging terms (`threat_sq`, `threat_knee`, `staged_enemy`)
    /// change the value only as documented, and are off at the defaults.
    #[test]
    fn threat_and_staged_enemy_terms() {
        use crate::cards::testkit::codes::*;
        use crate::cards::testkit::sandbox;
        let mut g = sandbox(&[LEADERSHIP_HEROES]);
        g.players[0].threat = 44;
        let base = state_value(&g, &DEFAULT_WEIGHTS);
        let sq = ValueWeights {
            threat_sq: 2.0,
            ..DEFAULT_WEIGHTS
        };
        assert_eq!(
            state_value(&g, &sq) - base,
            -2.0 * 16.0,
            "(44 - 40)^2 at weight 2"
        );
        let knee = ValueWeights {
            threat_knee: 30.0,
            ..DEFAULT_WEIGHTS
        };
        assert_eq!(
            state_value(&g, &knee) - base,
            -5.0,
            "5 more points count twice"
        );
        g.spawn(ANGMAR_ORC, ENCOUNTER, Zone::Staging);
        let staged = ValueWeights {
            staged_enemy: 4.0,
            ..DEFAULT_WEIGHTS
        };
        let d = state_value(&g, &staged) - state_value(&g, &DEFAULT_WEIGHTS);
        assert_eq!(d, -4.0, "one staged enemy");
    }

    /// `block_weight`: an enemy whose own rules stop the win (the Orc War Party) costs its
    /// remaining hit points at the weight, staged or engaged; another enemy costs nothing more.
    #[test]
    fn block_weight_prices_an_enemy_that_stops_the_win() {
        use crate::cards::testkit::codes::*;
        use crate::cards::testkit::sandbox;
        let mut g = sandbox(&[LEADERSHIP_HEROES]);
        let w = ValueWeights {
            block: 2.0,
            ..DEFAULT_WEIGHTS
        };
        let extra = |g: &Game| state_value(g, &w) - state_value(g, &DEFAULT_WEIGHTS);
        g.spawn(ANGMAR_ORC, ENCOUNTER, Zone::Staging);
        assert_eq!(extra(&g), 0.0, "an ordinary enemy");
        let party = g.spawn(ORC_WAR_PARTY, ENCOUNTER, Zone::Staging);
        let hp = g.remaining_hp(party) as f64;
        assert!(hp > 0.0);
        assert_eq!(extra(&g), -2.0 * hp);
        g.engage(party, 0);
        g.card_mut(party).damage = 2;
        assert_eq!(extra(&g), -2.0 * (hp - 2.0), "engaged and damaged");
    }

    /// `quest_damage_weight`: on Deadmen's Dike 2B (A Fell Wraith cannot be defeated while
    /// Thaurdir has hit points left) each damage point on Thaurdir, up to his hit points, is
    /// worth the weight times a point of quest progress, in the static and the learned value;
    /// other enemies' damage and other stages earn nothing more.
    #[test]
    fn quest_damage_weight_counts_damage_on_thaurdir_as_progress() {
        use crate::cards::testkit::codes::*;
        use crate::cards::testkit::{sandbox_in, set_stage};
        let mut g = sandbox_in("deadmens-dike", Mode::Standard, &[LEADERSHIP_HEROES]);
        let t = (0..g.cards.len() as CardId)
            .find(|&c| g.def_of(c).code == THAURDIR)
            .unwrap_or_else(|| g.spawn(THAURDIR, ENCOUNTER, Zone::SetAside));
        g.move_card(t, Zone::Engaged(0));
        g.card_mut(t).damage = 3;
        let st = ValueWeights {
            quest_damage: 1.0,
            learned: learned::Scale::Static,
            ..DEFAULT_WEIGHTS
        };
        let st0 = ValueWeights {
            learned: learned::Scale::Static,
            ..DEFAULT_WEIGHTS
        };
        let on = ValueWeights {
            quest_damage: 1.0,
            ..DEFAULT_WEIGHTS
        };
        // Stage 1B: Thaurdir's hit points hold nothing yet.
        assert_eq!(quest_damage_done(&g), 0);
        assert_eq!(value(&g, &st), value(&g, &st0));
        set_stage(&mut g, A_FELL_WRAITH_2B);
        assert_eq!(quest_damage_done(&g), 3);
        assert_eq!(
            value(&g, &st) - value(&g, &st0),
            3.0 * DEFAULT_WEIGHTS.progress
        );
        assert!(
            value(&g, &on) > value(&g, &DEFAULT_WEIGHTS),
            "learned value"
        );
        // Damage beyond his hit points (he is Indestructible) is worth no more.
        let hp = g.stat(t, Stat::HitPoints);
        g.card_mut(t).damage = hp + 4;
        assert_eq!(quest_damage_done(&g), hp);
        // Another enemy's damage earns nothing.
        g.card_mut(t).damage = 0;
        let cursed = g.spawn(CURSED_DEAD, ENCOUNTER, Zone::Engaged(0));
        g.card_mut(cursed).damage = 1;
        assert_eq!(value(&g, &st), value(&g, &st0));
        assert_eq!(value(&g, &on), value(&g, &DEFAULT_WEIGHTS));
    }

    /// `deck_weight`: where an empty deck eliminates (Deadmen's Dike 1B in play), each card the
    /// deck holds below `deck_reserve` costs the weight; elsewhere a thin deck costs nothing.
    #[test]
    fn deck_weight_prices_a_thin_deck_only_where_an_empty_deck_eliminates() {
        use crate::cards::testkit::codes::*;
        use crate::cards::testkit::sandbox;
        let mut g = sandbox(&[LEADERSHIP_HEROES]);
        let w = ValueWeights {
            deck: 2.0,
            deck_reserve: 50.0,
            ..DEFAULT_WEIGHTS
        };
        let extra = |g: &Game| state_value(g, &w) - state_value(g, &DEFAULT_WEIGHTS);
        let deck = g.list(Zone::Deck(0)).len() as f64;
        assert!(deck > 0.0 && deck < 50.0, "{deck} cards");
        assert_eq!(extra(&g), 0.0, "no card says an empty deck eliminates");
        g.spawn(THE_SHADES_OF_ANGMAR_1B, ENCOUNTER, Zone::Quest);
        assert!(g.rule(crate::cards::Rule::EmptyDeckEliminates));
        assert_eq!(extra(&g), -2.0 * (50.0 - deck));
        g.discard_from_deck(0, 1);
        let thinner = g.list(Zone::Deck(0)).len() as f64;
        assert_eq!(thinner, deck - 1.0);
        assert_eq!(extra(&g), -2.0 * (50.0 - thinner), "one card milled");
    }

    /// `mulligan_depth`: the mulligan is searched (rollouts are played at it) only when the
    /// option is on, and the choice is deterministic.
    #[test]
    fn mulligan_is_searched_only_when_asked() {
        let db = load_embedded().unwrap();
        let s = setup(&db, "intruders-in-chetwood");
        let mut g = Game::new(&db, &s);
        let mut at_mulligan = |depth: &str| -> (u64, usize) {
            let opts = [
                ("rollouts".to_string(), "4".to_string()),
                ("mulligan_depth".to_string(), depth.to_string()),
            ];
            let mut bot = LookaheadBot::from_options(&opts).unwrap();
            bot.new_game(9);
            g.start(4, 0);
            let d = g.pending().unwrap().clone();
            assert!(matches!(d.ask, Ask::Mulligan));
            let i = bot.choose(&g, &d);
            (bot.rollouts_played, i)
        };
        assert_eq!(at_mulligan("0").0, 0, "off: basic decides");
        let (n, i) = at_mulligan("1");
        assert!(n > 0, "on: rollouts at the mulligan");
        assert_eq!(at_mulligan("1"), (n, i), "deterministic");
    }

    #[test]
    fn plays_whole_games_deterministically() {
        let db = load_embedded().unwrap();
        let s = setup(&db, "the-weather-hills");
        let mut g = Game::new(&db, &s);
        let mk = || -> Vec<Box<dyn Bot>> {
            vec![Box::new(
                LookaheadBot::from_options(&[("rollouts".into(), "2".into())]).unwrap(),
            )]
        };
        let (mut x, mut y) = (mk(), mk());
        for i in 0..2 {
            let r1 = crate::engine::play_game(&mut g, &mut x, 5, i);
            let r2 = crate::engine::play_game(&mut g, &mut y, 5, i);
            assert_eq!(format!("{r1:?}"), format!("{r2:?}"));
        }
    }
}
