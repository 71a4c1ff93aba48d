//! The options of `--bot lookahead:...` and their parsers (the bot reads them in `from_options`).

use super::*;

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
        name: "cliff_depth",
        default: "1",
        about: "commit53: extra rounds of horizon for the commit-plan search when the player's threat plus the staging threat is at least cliff_at (0: off, 0-5; with cliff_chance=1 only where the value is the learned win chance)",
    },
    BotOption {
        name: "cliff_at",
        default: "40",
        about: "commit53: threat plus staging threat from which cliff_depth and cliff_empty act (0-60)",
    },
    BotOption {
        name: "cliff_empty",
        default: "0",
        about: "commit53 experiment: 1: from cliff_at on, no plan that commits nobody is a candidate",
    },
    BotOption {
        name: "cliff_chance",
        default: "1",
        about: "cliffb54: 1: cliff_depth and cliff_empty act only where the value is the learned win chance (value=auto: Intruders, Mount Gram, the Ettenmoors Easy and Standard); 0: with any value",
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
        name: "cliff_weight",
        default: "0",
        about: "commit53: static value: points lost per player whose next quest would take his threat to 50 even with every character committed (staging threat + 2 a player for the reveals, less all characters' questing stat) (0: off, 0-500)",
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
        name: "attach_weight",
        default: "0",
        about: "state value (static and shaped): each player attachment in play, times its attach hint's score over 20 (20 without one), what it still does after the rollout's round (0-10; off: distill45, 600 pairs a cell, seeds 4511 / 4512, at 4 Deadmen's Dike (rhudaur-guard) and The Weather Hills (weather-hills-loremasters) Easy and Standard wins and progress within noise, games shorter in every run, by 0.18 and 0.24 rounds beyond noise on The Weather Hills s4512; 2 and 8 within noise too; no effect where the learned value scores)",
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
        about: "state value: share of progress_weight per quest point of the main-quest stages already passed, so that advancing keeps the worth of the progress it spent (0: off; auto: 1 on a stage whose Hint::carry_progress is set, The Wastes of Eriador 2B and 3B, else 0). Off by default: traced on The Wastes of Eriador, the one-round view holds stage 2 at 14 of 15 for many rounds, since advancing loses 21 points of progress and brings Pack Leader; session 34 (1 against 0, wastes-watchmen, 300-400 pairs): progress score Easy +0.43 (-0.03 to +0.90) / +0.00 (-0.54 to +0.54), Standard +0.10 (-0.22 to +0.42) / +0.35 (+0.07 to +0.63); session 36 (auto against 0, with basic's day_main and gate_quest): Easy +1.26 (+0.22 to +2.30), 3 wins to 0 (300 pairs, seed 3621), then +0.07 (-0.33 to +0.46) (400 pairs, seed 3661), Standard +0.14 (-0.12 to +0.40) (400 pairs, seed 3661), rounds -0.4 to -0.9: stage 3 is reached twice as often, but the board there cannot kill Pack Leader (0-10 or auto)",
    },
    BotOption {
        name: "control_weight",
        default: "0",
        about: "state value: while the main quest is a control race (Hint::control_race: Wrath and Ruin), each location the players control more than the staging area holds (controlled less staged); when on, the stage's progress beyond its quest points counts nothing (0-100). Off by default: on Wrath and Ruin Easy (noldor-questers, seed 101, 200 games, with basic's race rules) 6 against 0 reached stage 2 in 5.5% against 13.0% (-7.5 pp, -11.9 to -3.1), rounds -0.46 (-0.73 to -0.18), with more locations controlled (+0.59) and Ransacked House taken (+0.59): a controlled location raises the Gate's Threat and feeds Street Fighting and Ulchor's Revenge, and is worth something only in the round it wins the race (4 / 10 / 20 before those rules: 5 / 7 / 4 stage-2 games of 100 against 9)",
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
        name: "idle_boosts",
        default: "0",
        about: "1: also search a card whose effect only raises stats until the end of the phase in a phase where none of them can be used (Hint::phase_boost), or only readies characters after the last attack of the combat phase (Hint::readies); 0: such an option is not a candidate, see results/research/sense38.md and sense39.md",
    },
    BotOption {
        name: "defense_windows",
        default: "1",
        about: "engage57: 1, a card whose effect only raises Defense until the end of the phase is idle outside the combat phase unless an attack can come (one under way, a staged enemy that attacks when it engages before the engagement checks, a card that attacks when revealed before staging); 0: the rule before (the encounter phase up to the engagement checks and the quest phase up to staging, for any enemy). See results/research/engage57.md",
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
        name: "boosted",
        default: "1",
        about: "1: every commit plan also sends a character that used its own questing boost this phase (Hint::boosts_own_quest: Éowyn's +1, paid with a card), so the boost is not thrown away (0: plans may hold it back)",
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
        name: "clue_weight",
        default: "1",
        about: "state value: while a Clue is in play (claimed, or flipped and claimable), per Attack point of the shadow cards harsher without a Clue still unseen (Hint::no_clue_shadow: The Treachery of Rhudaur), per player it covers (0-10; 0: off). rhc52, 1 against 0, weather-hills-loremasters, 300 pairs a seed: Standard win points +1.33 / +3.00 (+0.49 to +5.51) / +2.67 (+0.07 to +5.26) / -0.67 (seeds 5221, 5222, 5225, 5227; pooled +1.58, +0.35 to +2.81), Easy -0.33 / 0.00, Nightmare +0.33 (all n.s.)",
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
        name: "day_main",
        default: "1",
        about: "basic's `day_main` weight in the bot's own choices and its rollouts: 1, by Day where quest cards take progress only by Day (The Wastes of Eriador) a side quest is the current quest only when the round's surplus finishes it (0: off)",
    },
    BotOption {
        name: "gate_quest",
        default: "1",
        about: "basic's `gate_quest` weight in the bot's own choices and its rollouts: 1, a stage whose progress lets its damage target take damage (The Wastes of Eriador 3B) is quested on, not read as blocked (0: off)",
    },
    BotOption {
        name: "return_travel",
        default: "0",
        about: "basic's `return_travel` weight in the bot's own choices and its rollouts: rounds of Threat of the enemy a location's travel cost returns from the encounter discard pile (Norbury Tombs) charged in its travel score (0-40; from about 36 such a location is not travelled to while an enemy would come back; 0, as by default: the fixed travel penalty only). Off here though on in `basic` (40): with 40, Deadmen's Dike (rhudaur-guard, 800 pairs × 4 runs, distill44) wins and progress within noise, but games shorter in all four runs (−0.11 to −0.17 rounds, two beyond noise)",
    },
    BotOption {
        name: "bank_progress",
        default: "1",
        about: "basic's `bank_progress` weight in the bot's own choices and its rollouts: 1, as by default, in the refresh phase resources are kept for the next round instead of buying progress on a quest card (Decipher Ancient Texts) that they do not finish (0: the card's own play value spends what is left). rh49, 1 against 0, 300 pairs a run: The Treachery of Rhudaur weather-hills-loremasters Easy win points +4.33 / +2.67 / +7.00 (+1.55 to +12.45) / +8.67 (+2.91 to +14.43) (seeds 4921-4923, 4926), Standard +2.00 (n.s.; progress +2.50, +0.27 to +4.72), Nightmare +1.67 (+0.22 to +3.12); rhudaur-investigators Easy -0.67 / 0.00, Standard 0.00 (progress +0.44, +0.05 to +0.84); only that card has the hint",
    },
    BotOption {
        name: "deadline_side",
        default: "1",
        about: "basic's `deadline_side` weight in the bot's own choices and its rollouts: 1, as by default, while the main quest is a stage without quest points left when its time runs out (The Treachery of Rhudaur 1B), a current side quest this round does not finish gets no questing past the staged threat (0: off). rhb49, 1 against 0: weather-hills-loremasters Easy win points +4.00 (+0.58 to +7.42) (1,000 pairs, seed 4991), Standard +1.20 (n.s., 500 pairs, seed 4992); rhudaur-investigators Easy +2.67 (+0.42 to +4.91) (300 pairs, seed 4993)",
    },
    BotOption {
        name: "blocked_side_min",
        default: "0",
        about: "basic's `blocked_side_min` weight in the bot's own choices and its rollouts: while the main quest cannot be defeated by progress (The Weather Hills 1B), a side quest this round's expected surplus does not finish is made the current quest only with a side-quest priority of at least this (0-1000; 0: always, the old rule. Off here though 91 in `basic`: distill45, The Weather Hills weather-hills-loremasters, 91 against 0, seeds 4531 / 4532 / 4533, 600 / 1,000 / 2,000 pairs, Easy and Standard wins and progress within noise in all six runs)",
    },
    BotOption {
        name: "advance_hold",
        default: "0",
        about: "basic's `advance_hold` weight in the bot's own choices and its rollouts: on a stage whose defeat brings an enemy that engages at once and whose next stage reveals encounter cards (Deadmen's Dike 1B), when the commit finishes the stage and the active location with this much threat per player to spare, the characters not needed for that stay ready for the next stage's attacks (0-20; 0, as by default: off). Off here though 2 in `basic`: dike46, Deadmen's Dike rhudaur-guard, 2 against 0, 1,000 pairs, seeds 4611 / 4612, wins and progress within noise in Easy and Standard, but games shorter in all four runs (-0.15 to -0.47 rounds, each beyond noise)",
    },
    BotOption {
        name: "rollout",
        default: "none",
        about: "basic weights set on top of the policy (weights::ROLLOUT and the options above) in the bot's own choices and its rollouts, NAME=V joined by `+` (e.g. `rollout=surplus_hold=6+early_heal=25`; any weight of `list bots` basic; none: ROLLOUT as it is). For measuring a basic rule inside the search without a rebuild",
    },
    BotOption {
        name: "spare_cards",
        default: "7",
        about: "basic's `spare_cards` weight in the bot's own choices and its rollouts (bits): 1, an action paid with cards from hand (Arwen Undómiel, Elven Jeweler) is used in the resource and planning phases while the hand is discarded each round anyway (Erestor); 2, also in the resource phase with basic's `spare_hand` (4) or more cards in hand; 4, bit 2 only for a card acting from play (Arwen), not from hand (Elven Jeweler) (0: the cards' own play values; 1 until session 44)",
    },
    BotOption {
        name: "blocker_travel",
        default: "-40",
        about: "basic's `blocker_travel` weight in the bot's own choices and its rollouts: threat points a location that forbids threat reduction while staged (Outlying Homestead) adds to its travel score (-40 to 40; below about -33, as by default, it is never travelled to; -40 against 0 measured +2.3 / +3.1 points on Intruders Standard, 600 / 1,000 pairs)",
    },
    BotOption {
        name: "flip_hold",
        default: "0",
        about: "basic's `flip_hold` weight in the bot's own choices and its rollouts: threat points the kill that flips The Weather Hills' Hunting the Orcs (Hint::flip_kills_base) costs while staged locations hold more than basic's flip_ready (4) Threat and threat is below flip_threat (45) (0: off; 0-100; session 36: see results/research/weather-hills.md, \"The Weather Hills: when to make the fourth kill\")",
    },
    BotOption {
        name: "flip_deficit",
        default: "0",
        about: "state value: per point of staging threat above the characters' Willpower while a mission whose tokens are lives is in play (The Weather Hills stage 2): the search sees an unready stage-2 board as worse and may hold the flip (0: off; 0-10; session 36: see results/research/weather-hills.md, \"The Weather Hills: when to make the fourth kill\")",
    },
    BotOption {
        name: "value",
        default: "auto",
        about: "score of an unfinished rollout end: auto (learned on the scenarios and modes the fit was made on, learned::DOMAIN: Intruders in Chetwood, Escape from Mount Gram, Across the Ettenmoors, Easy and Standard; shaped on Easy and Standard of The Weather Hills, Deadmen's Dike, The Wastes of Eriador, The Treachery of Rhudaur, The Dread Realm and Wrath and Ruin (session 37, against static on fresh seeds 37201 / 37202, 200 pairs each: progress score higher in 21 of 24 cells, 9 beyond noise, none lower beyond noise; rounds longer beyond noise in 11, shorter beyond noise in none; see results/research/shaped-value.md); session 38 (results/research/value38.md, fresh seeds 38201 / 38202, 300 pairs each): shaped also on Nightmare of The Treachery of Rhudaur, The Battle of Carn Dûm and The Dread Realm, shaped2 on Deadmen's Dike Easy and Nightmare, The Wastes of Eriador Standard and Wrath and Ruin Standard (learned::SHAPED_AUTO); static elsewhere (The Weather Hills and The Wastes of Eriador Nightmare: within noise; The Battle of Carn Dûm Easy and Standard, where shaped traded rounds for progress), where learned shortened games and lost progress: Wastes of Eriador Standard progress score −1.17, Treachery of Rhudaur −1.57, Mount Gram Nightmare −3.46), learned (1000·p − 500 everywhere, p the fitted win chance of learned.rs; against static, fresh seeds: Intruders Standard +4.3 / +0.7 / +5.5, Easy +2.7, Mount Gram +7.0, Ettenmoors +10.0, Deadmen's Dike Easy −0.3), static (the hand-weighted value), logit (100·logit p, within ±500; Intruders Standard −0.3 at margin 30), shaped (session 37: the static value + 5 × (the fitted final progress score + shaped_rounds × the fitted rounds still to play), a per-scenario least-squares fit on round-start states, learned::SHAPED, for the seven scenarios no bot wins; the static value alone on other scenarios; margins 2; without the static value it shortened games: Deadmen's Dike Standard rounds −1.26, Dread Realm −0.56), shaped2 (session 38: as shaped with the refit learned::SHAPED2, session 37's rows plus 6,000 games of lookahead with value=shaped itself on every mode of the seven scenarios; against shaped, dev seed 38101: Deadmen's Dike Easy +4.2 progress, wins +4.3 points, The Wastes of Eriador Standard +1.1, The Treachery of Rhudaur Standard −0.6 beyond noise), shaped3 (session 39: the second refit, learned::SHAPED3, shaped2's rows plus 3,000 games of lookahead with value=auto; against auto, 300 pairs, seed 39201: Deadmen's Dike Standard +3.1 but +0.5 / +0.0 n.s. on fresh seeds 39202 / 39203, The Treachery of Rhudaur Nightmare −0.55 beyond noise; not a default anywhere; results/research/value39.md), shaped_kp (session 39: The Weather Hills only, a fit that counts stage 1's kill tokens as progress, learned::SHAPED_KP; Nightmare +0.10 to +0.23 progress on four runs, none beyond noise; Easy −1.07 beyond noise)",
    },
    BotOption {
        name: "shaped_rounds",
        default: "1",
        about: "with value=shaped or shaped2: the worth of one fitted round still to play, in points of the fitted final progress score (0-10)",
    },
    BotOption {
        name: "shaped_scale",
        default: "auto",
        about: "with a shaped value (value=shaped, shaped2, shaped3, shaped_kp): points of value per point of the fitted final progress score, 0-100, or auto: the cell's own in learned::SHAPED_SCALE_AUTO, else 5 (a stage, 10 progress-score points, is then worth 50, as stage_weight prices it; session 39: see results/research/value39.md)",
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
    BotOption {
        name: "search_quest",
        default: "1",
        about: "0: the current quest (main or a side quest) is basic's choice, not searched (1: searched like any decision)",
    },
    BotOption {
        name: "setup_depth",
        default: "3",
        about: "search a setup decision before round 1 other than the mulligan (Escape from Mount Gram's starting hero, a scenario's setup choice) with rollouts to the start of round this (0: basic's choice stands; 1: rollouts to round 1, the search before foreign55, where the scores of a choice that lasts the game are noise; 0-5)",
    },
];

pub(super) fn num<T: std::str::FromStr + PartialOrd + std::fmt::Display>(
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
pub(super) fn real(k: &str, v: &str) -> Result<f64, String> {
    match v.parse::<f64>() {
        Ok(x) if (0.0..=10.0).contains(&x) => Ok(x),
        _ => Err(format!(
            "bot `lookahead`: option `{k}` takes a number 0 to 10, not `{v}`"
        )),
    }
}

/// A weight option: a number 0 to 100.
pub(super) fn wide(k: &str, v: &str) -> Result<f64, String> {
    match v.parse::<f64>() {
        Ok(x) if (0.0..=100.0).contains(&x) => Ok(x),
        _ => Err(format!(
            "bot `lookahead`: option `{k}` takes a number 0 to 100, not `{v}`"
        )),
    }
}
