//! Every tunable number of the `basic` heuristic in one struct, with its documented default,
//! the named play styles (parameter sets) and the `--bot basic:key=value,...` options.
//!
//! The bot installs its weights for the decision it is making (`install`, at the start of
//! `choose`), and the planning code reads them with `w()`: the valuation functions keep their
//! signatures, and a rollout policy with other weights (the lookahead bot's) sets its own before
//! each of its decisions. The weights are per thread, so parallel workers never share them.

use std::cell::Cell;

macro_rules! weights {
    ($( $(#[doc = $doc:literal])+ $name:ident : $default:expr ),+ $(,)?) => {
        /// The weights of the `basic` heuristic (see the module doc of `bots::basic` for how each
        /// is used). Costs are in damage-cost units (a hero taking one damage costs 15).
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct Weights {
            $( $(#[doc = $doc])+ pub $name: i32, )+
        }

        /// The defaults: the `balanced` style.
        pub const DEFAULT: Weights = Weights { $( $name: $default, )+ };

        /// Every weight: (name, one-line doc, default).
        pub const PARAMS: &[(&str, &str, i32)] = &[ $( (stringify!($name), concat!($($doc),+), $default), )+ ];

        impl Weights {
            fn slot(&mut self, name: &str) -> Option<&mut i32> {
                match name {
                    $( stringify!($name) => Some(&mut self.$name), )+
                    _ => None,
                }
            }
        }
    };
}

weights! {
    /// One threat point in damage-cost units: a point of willpower kept out of the quest, or of
    /// threat an enemy adds each round, costs this much. 15 (with `reveal_threat` 3) was found
    /// by `tune` over 14 cells (helper tune39, results/research/tune39.md; the hand-set value
    /// was 12, which `lookahead`'s rollouts keep: `ROLLOUT`). Fresh seeds, `basic`, 10,000
    /// pairs a cell, every Easy and Standard cell of the README Results table: the pair (seed
    /// 39502) progress score in total +6.50 (+5.63 to +7.37), Mount Gram wins +1.52 (+0.99 to
    /// +2.05) / +3.02 (+2.45 to +3.59) points Standard / Easy, Intruders +0.37 (+0.01 to +0.72) /
    /// +1.23 (+0.73 to +1.73), no cell lower beyond noise; Nightmare (seed 39901, 10,000 pairs a
    /// cell) Deadmen's Dike +0.08 and The Dread Realm +0.09 progress (above 0), The Wastes of
    /// Eriador −0.02 (−0.03 to −0.01), the other six within noise; after the merge against
    /// style `handset` (seed 39911, the 20 Easy and Standard cells) 10 cells further beyond
    /// noise (Mount Gram Easy +3.29 win points), The Weather Hills Easy −0.07 (−0.13 to −0.02)
    /// progress, nine within noise. 15 alone (seed 39503) total
    /// +5.15 (+4.29 to +6.01) but Deadmen's Dike Easy −0.10 (−0.17 to −0.03). As `lookahead`'s
    /// rollout policy the pair measured no better (300 pairs, seed 39601, Standard: Mount Gram
    /// wins −3.00 (−5.83 to −0.17), +1.00 on seed 39602; Intruders −1.33, the Ettenmoors −0.67,
    /// Deadmen's Dike −0.33 points, n.s.), so the rollouts keep 12 and 2. Re-tuned in session
    /// 55 (helper tune55, results/research/tune55.md: `tune` over 17 cells, 20 weights, 2,000
    /// pairs, seed 5521): 15 → 19 kept, +0.25 (+0.12 to +0.39) mean gain; the other moves kept
    /// there (`kill_rounds` 6, `park_rounds` 3) failed the fresh-seed checks. 19 against 15 on
    /// fresh seeds (`basic`, 10,000 pairs a cell, the 20 Easy and Standard cells of the README
    /// Results table): progress score in total +2.90 (+1.89 to +3.91) seed 5522, +4.52 (+3.51
    /// to +5.53) seed 5523, no cell lower beyond noise on either (Intruders Standard +1.15 /
    /// +1.48 win points, Mount Gram Easy +0.83 / +0.82); Nightmare (2,000 pairs, seed 5522)
    /// +0.74 (−0.20 to +1.68), no cell lower beyond noise. The rollouts keep 12 (`ROLLOUT`).
    threat_unit: 19,
    /// Rounds a kill is credited for (a dead enemy adds no threat and needs no defender).
    kill_rounds: 5,
    /// Rounds a parked enemy (engaged, defended each round, not killed yet) is credited for.
    park_rounds: 2,
    /// The most a parked enemy's expected defence may cost in damage (a hero taking ~2 damage).
    park_damage: 40,
    /// Threat each player expects the staging step to reveal, on top of the staged threat. 3
    /// (hand-set 2, which `lookahead`'s rollouts keep) was found by `tune` with `threat_unit`
    /// 15 (helper tune39). Alone on fresh seeds (`basic`, 10,000 pairs a cell, seed 39504, the
    /// 20 Easy and Standard cells of the README Results table) progress score in total +1.40
    /// (+1.00 to +1.80): Deadmen's Dike +0.17 / +0.13, The Dread Realm +0.20 / +0.16, the
    /// Ettenmoors +0.12 / +0.19 (Standard / Easy, each above 0), Mount Gram Easy +0.25, no cell
    /// lower beyond noise.
    reveal_threat: 3,
    /// The largest expected quest deficit a round plan may leave (else it drops its kills, then
    /// its optional engagement).
    deficit_cap: 2,
    /// The most a defence (or an undefended attack) may cost for an optional engagement: at most
    /// chumping a mid-value ally.
    acceptable: 400,
    /// A round plan whose quest deficit exceeds `deficit_cap` keeps its fights when they are
    /// worth more than the excess deficit's threat counted this many times.
    over_cap_rounds: 1,
    /// The most rounds of attacks a siege may take (an enemy too tough to kill in one attack,
    /// engaged and worn down; 1 turns sieges off).
    siege_rounds: 3,
    /// Threat points a kill of an enemy that keeps the players from winning is worth on top.
    win_block: 10,
    /// Threat points a kill is worth on top while a card in play counts kills toward the quest
    /// (`Hint::kills_advance_quest`).
    quest_kill: 15,
    /// Threat each player expects the staging step to reveal when committing on a stage
    /// without quest points (progress beyond the staged threat and the active location is
    /// wasted there, and whoever stays ready fights).
    spare_reveal: 1,
    /// Rounds a staged location whose Threat grows (`Hint::threat_growth`) is expected to wait
    /// if the players travel elsewhere: travel counts the Threat it would gain meanwhile.
    growth_rounds: 2,
    /// Percent weight of the attack an enemy revealed this round would make when it engages
    /// at once (its engagement cost ≤ threat), on a stage without quest points: a defender is
    /// kept out of the quest for it when its willpower costs less than this share of the
    /// expected undefended hit (0: never).
    reveal_fight: 200,
    /// 1: the optional-engagement plan counts the staged enemies that the engagement checks
    /// will engage next (engagement cost ≤ threat) among the attacks to defend; 0: only the
    /// enemies already engaged.
    checks_ahead: 1,
    /// 1: an enemy hinted `attacks_when_engaged` that engages this round counts as two attacks
    /// (two defences); 0: as one.
    engage_attacks: 1,
    /// 1: `reveal_fight` also holds a defender back while kills advance the quest
    /// (`Hint::kills_advance_quest`), even when a side quest is the current quest; 0: only
    /// while the current quest has no quest points.
    reveal_main: 1,
    /// 1: the round plan's defenders are chosen with the damage each earlier planned defence or
    /// undefended attack of the round leaves on a character (a hero already hit is a dear place
    /// for the next hit); 0: each attack as if it were the only one (default: measured on
    /// Deadmen's Dike Standard, 1 kept more defenders, +0.03 rounds but −0.45 progress score).
    stack_damage: 0,
    /// Percent weight of the attack of an enemy that exploring the active location would
    /// reveal (`Hint::explore_reveals`: The Weather Hills' Orc deck) when it engages at once:
    /// a defender is kept out of the quest for it when its willpower costs less than this
    /// share of the expected undefended hit (0: never).
    explore_fight: 200,
    /// What each damage point a hero survives costs in damage-cost units (the card hints'
    /// `HERO_WOUND` is 15), before the extra for a hero left with ≤ 2 hit points: hit points
    /// lost now are missing in every later attack.
    hero_wound: 15,
    /// From this threat on, the resources of a threat-reduction card's sphere
    /// (`Hint::threat_reduction`, in hand) are not spent below its cost on other cards
    /// (0: never saved). Off by default: measured at 30 against 0 (2,000 paired games, seed 7),
    /// The Weather Hills +0.17 / +0.05 rounds (Easy / Standard) but −0.15 / −0.14 progress
    /// score, and Intruders in Chetwood Standard −1.1 points of wins. Re-measured on today's
    /// bot (Intruders Standard, chetwood-vigil, 4,000 pairs, seeds 11 / 12): at 30 −0.95
    /// (−1.52 to −0.38) / −1.15 (−1.73 to −0.58) points of wins; at 36, 40 and 44 within ±0.4
    /// (n.s.). (In 200 traces the Greeting went unplayed at threat 35+ mostly because the one
    /// Spirit hero's resources had gone to other Spirit cards, or because a staged Outlying
    /// Homestead forbade threat reduction.)
    save_threat: 0,
    /// Threat points a location that forbids threat reduction while staged
    /// (`Hint::blocks_threat_reduction`: Outlying Homestead) adds to its travel score; −40
    /// (below about −33) means it is never travelled to. Travelling there reveals a card and
    /// spends 8 progress on it; the reductions it frees rarely pay for that. Measured
    /// (chetwood-vigil, Intruders in Chetwood Standard, against 0): `basic` +1.48 (+0.81 to
    /// +2.14, 4,000 pairs, seed 3521); `lookahead` +2.33 (−1.15 to +5.82) and +3.10 (+0.38 to
    /// +5.82), 600 / 1,000 pairs, seeds 3512 / 3513; travelling there sooner (+6) −3.17 (−5.66
    /// to −0.67, 600 pairs, seed 3511).
    blocker_travel: -40,
    /// 1: round plans count an enemy's `Hint::expected_attack_bonus` in the attack they plan
    /// defences for; 0: printed Attack + 1 only.
    attack_bonus: 1,
    /// 1: a round plan made at commit time counts an affordable attack-cancelling event in
    /// hand (`Hint::cancels_attack`, Feint) for the strongest attack of an enemy already
    /// engaged, and holds no defender back for it; 0: cards in hand are not counted. Off by
    /// default: measured on The Weather Hills Standard (weather-hills-hunters, 2,000 pairs)
    /// progress score +0.03 / +0.02 / +0.01 (seeds 11 / 12 / 13, n.s.), Easy −0.01.
    cancel_in_hand: 0,
    /// 1: `growth_rounds` also counts on a stage without quest points (The Weather Hills 1B),
    /// where a location's growing Threat is otherwise ignored by travel; 0: not there. Off
    /// by default: measured on The Weather Hills (weather-hills-hunters, 2,000 pairs) it
    /// lives longer (+0.20 / +0.18 rounds Standard, seeds 11 / 12; +0.33 Easy) but explores
    /// less: progress score −0.05 / −0.20 Standard, −0.40 Easy.
    growth_no_qp: 0,
    /// 1: `explore_fight` holds back only a character whose willpower the quest can spare
    /// with the explore still within reach (holding back one it needs keeps the location, and
    /// so the enemy, away: the willpower was lost for nothing); 0: any character. The Weather
    /// Hills Standard progress score +0.15 / +0.16 / +0.13 (seeds 11 / 12 / 13, 2,000 pairs),
    /// Easy +0.20; no effect elsewhere (no other stage reveals on exploring).
    explore_reach: 1,
    /// Percent weight of the attack of the enemy that defeating the current quest stage
    /// brings (`Hint::advance_attack`: Deadmen's Dike 1B) when the quest is expected to be
    /// defeated this round: a defender is kept out of the quest for it when its willpower
    /// and defence cost less than this share of the undefended hit (0: never). On by default:
    /// measured against 0, paired 2,000 games, Deadmen's Dike +0.04 to +0.12 rounds and
    /// +0.01 to +0.07 progress score (see the module doc). The Dread Realm 1B has the hint
    /// too (Daechanar, 5): against 0 (dike-wayfarers, 2,000 pairs, seeds 11 / 12) rounds
    /// +0.03 / +0.05 Standard, +0.08 / +0.08 Easy (each above 0), progress score −0.00 /
    /// −0.01 (−0.02 to −0.00) both modes; no other scenario has it.
    advance_fight: 100,
    /// Percent weight of what declining the attack of a staged enemy that attacks the first
    /// player after the active location is explored costs (`Hint::explore_attack`: Thane
    /// Ulchor, whose other branch stages a location): when exploring is within reach, a
    /// character the quest can spare is kept out of it to defend that attack when its
    /// willpower and defence cost less than this share (or than the undefended hit); 0: never.
    /// With `race_travel` against both off (noldor-questers, paired traces): stage 2 reached
    /// Easy +6.4 pp (+4.0 to +8.8, 1,000 pairs, seed 5003), Standard +4.5 pp (+3.0 to +6.0,
    /// seed 5002), rounds −0.13 / −0.08; no other scenario has the hint.
    explore_attack: 100,
    /// 1: while the main quest is a control race (`Hint::control_race`: Wrath and Ruin), travel
    /// considers every staged location (each one travelled to is one fewer staged and, once
    /// explored, one more controlled), not only those worth their Threat; 0: as elsewhere.
    /// Alone against off: Easy stage 2 reached +4.0 pp (+1.8 to +6.2, 500 pairs, seed 5001).
    race_travel: 1,
    /// Percent weight of "+1 Attack per face-down shadow card" when choosing a defender: the
    /// defence and the undefended hit are each costed as this share of the attack with the
    /// shadow cards' +1 and the rest of the printed attack alone (100: the +1 counted in full).
    /// Off by default (100): measured at 75, paired 2,000-3,000 games, Deadmen's Dike
    /// dike-wayfarers +0.05 to +0.09 rounds and +0.04 to +0.09 progress score (seeds 11-13),
    /// Intruders in Chetwood wins within the noise (seed 11 +0.3, seed 13 -0.1 / -0.2 points),
    /// but The Weather Hills -0.05 to -0.11 progress score (seeds 11 and 13).
    shadow_risk: 100,
    /// 1: a prompt that spreads damage over our characters one point a pick
    /// (`Hint::damage_split`: Thaurdir's Damned) places each point by the cheapest whole split
    /// (an exhaustive search over the points left: kill nobody if any split does, never a
    /// character whose loss loses the game while another split avoids it, else the least
    /// valuable); 0: each point where it alone costs least (the card's own hint). On by
    /// default, though it changes almost nothing: measured against 0 on Deadmen's Dike
    /// (dike-wayfarers, 2,000 pairs) rounds -0.001 / +0.000 / +0.001 (seeds 11-13); the
    /// one-point rule already never kills while a point can go elsewhere, and the Iârion
    /// deaths in splits read in traces were forced (more points than the others could take).
    damage_split: 1,
    /// Attack a face-down shadow card is assumed to add when a character whose destruction
    /// loses the game (an objective-ally: Iârion) is the defender (the other defenders count +1
    /// a shadow card): Deadmen's Dike shadows add up to +5. Off by default (1: +1 like the
    /// others): measured on Deadmen's Dike (dike-wayfarers, 2,000 pairs, seed 11) against 1,
    /// 3: -0.17 rounds and -0.17 progress score; 2: -0.08 / -0.11; 0: -0.09 / -0.01. Iârion
    /// defending saves more heroes than the shadows kill him.
    precious_shadow: 1,
    /// 1: a prompt that deals damage to a chosen enemy (`Hint::enemy_damage`: Gandalf) picks
    /// the enemy whose hit points keep the quest from being defeated
    /// (`Hint::quest_damage_target`), else an enemy the damage destroys (the most dangerous),
    /// else the most dangerous engaged enemy; 0: the generic most dangerous enemy. On:
    /// measured against 0 on Deadmen's Dike (dike-wayfarers, 2,000 pairs) progress score
    /// +0.05 / +0.06 / +0.05 (seeds 11 / 12 / 13, each paired interval above 0), rounds
    /// -0.035 / -0.006 / -0.010; Intruders in Chetwood (chetwood-vigil) and The Weather
    /// Hills (weather-hills-hunters) identical (no such card in those decks).
    enemy_damage_target: 1,
    /// Below this threat, a card whose modes include dealing damage to an enemy
    /// (`Hint::enemy_damage_mode`: Gandalf) takes that mode while the enemy whose hit points
    /// keep the quest from being defeated (`Hint::quest_damage_target`: Thaurdir on Deadmen's
    /// Dike 2B) is in play and can be damaged (0: never; the card's own choice). Rarely
    /// met (stage 2B with Gandalf in hand): measured against 0 on Deadmen's Dike
    /// (dike-wayfarers, 2,000 pairs) progress score -0.00 / +0.04 / -0.00 and one more win
    /// (seeds 11 / 12 / 13), rounds -0.003 / -0.005 / -0.007.
    quest_damage_mode: 45,
    /// Threat each player expects the staging step to reveal when `advance_fight` asks
    /// whether the stage may fall this round (the old rule used `reveal_threat`, 2): a
    /// defender kept while the stage only might fall costs a little willpower, a hero killed
    /// by the next stage's enemy costs far more. Left at 2 (the old rule): measured 0 against
    /// 2 on Deadmen's Dike (dike-wayfarers, 2,000 pairs), +0.038 / +0.037 / +0.027 rounds
    /// (seeds 11 / 12 / 13, each paired interval above 0) but progress score -0.03 / -0.02 /
    /// +0.00 (Easy, seed 11: +0.025 rounds, -0.05 progress); 1: +0.011 / +0.022 / +0.008
    /// rounds, -0.03 / -0.01 / -0.01 progress. The hero saved at the stage change lives
    /// longer on stage 2 but does not move it. 3 (kept by `tune` over 14 cells, helper tune39,
    /// with a gain of +0.001): on fresh seeds (`basic`, 10,000 pairs, seed 39505) play identical
    /// outside Deadmen's Dike; there rounds −0.022 / −0.026 (Standard / Easy, below 0), progress
    /// score +0.00 / −0.01 (n.s.): left at 2.
    advance_reveal: 2,
    /// dike46: on a stage whose defeat brings an enemy that engages at once and whose next
    /// stage reveals encounter cards (`Hint::advance_attack`, `Hint::advance_reveals`:
    /// Deadmen's Dike 1B), when the commit would finish the stage and the active location
    /// with this much threat per player to spare past the staged threat, the characters whose
    /// willpower is not needed for that are held back ready for the attacks the next stage
    /// brings (the weakest questers first). 0: off. 2 (the margin `advance_reveal` keeps)
    /// against 0, `basic`, 4,000 pairs, Deadmen's Dike rhudaur-guard: Standard wins +0.28 /
    /// +0.13 / +0.08 points (seeds 4601 / 4602 / 4603; the first above 0), progress score
    /// +0.32 / +0.20 / +0.14, rounds +0.13 / +0.14 / +0.12 (each above 0); Easy wins +0.33 /
    /// +0.18 / +0.33 (each above 0), progress +0.41 / +0.24 / +0.41; Nightmare progress within
    /// ±0.01, rounds +0.05; dike-stewards rounds +0.07 / +0.11, progress +0.02 / +0.05. The
    /// Dread Realm 1B (`advance_attack`, but its next stage reveals nothing) measured with the
    /// rule on: rounds +0.04 to +0.07 but progress score −0.005 (20,000 pairs, seed 4604, just
    /// below 0): not given `advance_reveals`. Solo only: two seats (rhudaur-guard + core-lore,
    /// 2,000 pairs, seed 4624) progress score −0.02 Standard and Easy (each below 0), rounds
    /// +0.01. The one cost: core-leadership on Deadmen's Dike, progress −0.01 (rounds +0.01;
    /// each beyond noise, 20,000 pairs; a reveal past the margin leaves the stage standing),
    /// within noise at 3, which keeps most of the gain. Play elsewhere identical
    /// (results/research/dike46.md).
    advance_hold: 2,
    /// wd50: on the same stages as `advance_hold` (`Hint::advance_attack` and
    /// `Hint::advance_reveals`: Deadmen's Dike 1B), solo, while the player's threat is below
    /// this: a commit that would finish the stage this round is cut down to what beats the
    /// staged threat and explores the active location with 1 to spare, the weakest questers
    /// held back first (the stage waits; who is held stays ready for the enemies already
    /// there). The stage still falls when no such cut exists (one quester's willpower is
    /// enough). 0: off. `lookahead` kept Aragorn, Legolas and Iârion out of `basic`'s 1B
    /// commits in 698 of 1,952 scored Standard commit plans (300 games, seed 5011), most of
    /// them leaving the stage standing. Measurements: results/research/wd50.md. In `ROLLOUT`
    /// since dd54 (45, as here): `lookahead` against `lookahead:rollout=advance_stall=45`,
    /// rhudaur-guard, 1,000 pairs a seed, Easy +1.30 / +2.60 (+0.83 to +4.37) / +0.70 / +0.70
    /// win points (seeds 5443-5446; pooled +1.33, about +0.4 to +2.2), Standard +0.30 / 0.00 /
    /// +0.10 / +0.20 (n.s.); no other stage carries the two hints (results/research/dd54.md).
    advance_stall: 45,
    /// 1: the characters a round plan holds back only for an enemy that may come (`reveal_fight`,
    /// `explore_fight`) also count as attackers for the plan's optional engagement and kills (if
    /// the enemy does not come they are free to attack), so the plan does not hold back a
    /// second character for a fight the first one can make; 0: each held back for one role.
    /// Off by default: it plans more kills rather than questing more; measured on The Weather
    /// Hills Standard (weather-hills-hunters, 2,000 pairs) rounds −0.12 / −0.13 and progress
    /// score −0.01 / −0.12 (seeds 11 / 12; more heroes die); no effect on Intruders in
    /// Chetwood or Deadmen's Dike (no chance hold-back there).
    chance_fights: 0,
    /// 1: a round plan compares a two- or three-round siege (`siege_rounds`) with the one-attack
    /// kill of the same enemy and keeps the better (a siege keeps back only the strongest
    /// attackers and quests with the rest, crediting the kill in full: the enemy leaves the
    /// staging area when engaged); 0: a siege only when no one-attack kill exists. Off by
    /// default: the siege seldom wins (it pays a second round's defence); Intruders in Chetwood
    /// Standard (chetwood-vigil, 2,000 pairs) −0.10 / +0.10 points of wins (seeds 11 / 12,
    /// intervals ±0.37 / ±0.34), The Weather Hills and Deadmen's Dike within ±0.02.
    kill_or_siege: 0,
    /// 1: an action that boosts its own card's questing stat (`Hint::boosts_own_quest`: Éowyn)
    /// is not used on a card that will not quest: before committing, when the commit plan
    /// holds it back; after, when it is not committed; 0: whenever its value says so (Éowyn's
    /// before committing, even when the commit plan then holds her back). Off by default: it
    /// removes the fault (Deadmen's Dike, dike-wayfarers, seed 11, 150 games: 35 of 357 boosts
    /// on an Éowyn not committed, 1 of 319 with it) but the boost also made her dear to keep
    /// back, so she quested more: Deadmen's Dike Standard progress score −0.18 / −0.07 (rounds
    /// +0.07 / +0.09; seeds 11 / 12, 2,000 pairs), Intruders in Chetwood +0.05 / +0.10 points
    /// (n.s.), The Weather Hills ±0.01. 2 (sense40): never before the card quests; it boosts
    /// in the window after its commit instead (Éowyn's value allows both). Off: the same rule
    /// made the default for both bots (the early boost also out of `lookahead`'s search) cost
    /// `lookahead` progress on Intruders in Chetwood, −1.82 (−3.56 to −0.09) over 600 fresh
    /// pairs (results/research/sense40.md).
    boost_committed: 0,
    /// sense51: 1 never holds back at the commit step a character that has used its own
    /// questing boost this phase (`hints::paid_own_quest_boost`: Éowyn's +1 Willpower, paid with
    /// a card), so the boost and the card are not thrown away; 0: the commit plan may hold it
    /// back as any other character (the play before: seed 5102, 100 games a cell, Éowyn boosted
    /// and then not committed 7 times on The Dread Realm, 7 on the Ettenmoors, 6 on The Wastes
    /// of Eriador; `lookahead` 41 / 26 / 27). In `ROLLOUT` too; `lookahead`'s commit plans
    /// send such a character too (its option `boosted`). Measured against 0 (2,000 pairs,
    /// seeds 5121 / 5122, progress score): The Dread Realm `rhudaur-guard` +0.05 (+0.03 to
    /// +0.06) on both, the Ettenmoors `noldor-questers` and The Wastes `wastes-watchmen` within
    /// noise; `lookahead` (both parts on against both off, 500 pairs) The Dread Realm +0.35
    /// (−0.02 to +0.71) with games 0.34 rounds shorter, the Ettenmoors wins +0.80 / +0.60 (n.s.)
    /// (results/research/sense51.md).
    boosted_quests: 1,
    /// Damage-cost units a character's destruction costs on top while the Mission objective's
    /// tokens are lives (`Hint::mission_tokens_are_lives`: The Weather Hills' Savage
    /// Counter-attack, where each character an enemy attack destroys costs a token and no
    /// tokens left loses): this much with 2 tokens left, shared out as `life_token` / (tokens −
    /// 1) with more; the destruction that takes the last token costs what losing the game does
    /// (an objective-ally's). 0: tokens are not counted (allies are chumped as anywhere else).
    /// Off by default: measured on The Weather Hills (weather-hills-hunters) 150 / 300 / 600 /
    /// 1,200 against 0, Easy 2,000 pairs seed 31: rounds +0.000 (−0.004 to +0.004), progress
    /// score +0.00; Standard seeds 31 / 12 +0.000 / +0.001 rounds; 4,000 Easy games: scenario
    /// losses 316 → 310. The chumps it stops are nearly all forced (the other choice is a
    /// hero's death); Intruders in Chetwood and Deadmen's Dike identical (no such mission).
    life_token: 0,
    /// Threat points a location is worth to travel to while kills advance the quest
    /// (`Hint::kills_advance_quest`: Hunting the Orcs on The Weather Hills 1B) when its travel
    /// cost brings an enemy to fight (`Hint::travel_adds_enemy`: Concealed Orc-camp) and that
    /// fight is acceptable (`forced_engage_cost` ≤ `acceptable`): the enemy is a kill, a token
    /// on the mission (0: no credit; the camp scored only its Threat and quest points). Off
    /// by default, a trade: measured 5 against 0 on The Weather Hills (weather-hills-hunters,
    /// 2,000 pairs) it reaches stage 2 more often but dies sooner there: Easy progress score
    /// +0.18 (+0.07 to +0.29) / +0.22 (+0.11 to +0.33), rounds −0.12 / −0.13 (seeds 31 / 12;
    /// 3 and 10 play the same as 5 on seed 31); Standard progress +0.16 (+0.09 to +0.22) /
    /// +0.06 (−0.01 to +0.14), rounds −0.11 / −0.11 (seeds 11 / 12); no wins either way;
    /// Intruders in Chetwood and Deadmen's Dike identical. `lookahead` (rollouts with 5, a
    /// binary built with it on, against 0): Easy 0 / 0 wins, rounds −0.07 (−0.22 to +0.08),
    /// 300 pairs, seed 24.
    travel_kill: 0,
    /// Percent weight of "+1 Attack per face-down shadow card" when choosing a defender, used
    /// instead of `shadow_risk` when the undefended hit at the printed Attack alone already
    /// kills a hero: taking the attack undefended is then a sure death, while a defender who
    /// survives the printed Attack dies only if a shadow card adds to it (100: off, the +1
    /// counted in full, and both look like a death). Measured 75 against 100 (2,000 pairs):
    /// Deadmen's Dike Standard (dike-wayfarers) progress score +0.08 / +0.06 / +0.07 and
    /// rounds +0.085 / +0.050 / +0.063 (seeds 11 / 12 / 13, each interval above 0), Easy
    /// (rhudaur-guard) progress +0.19 / +0.10 / +0.13, Nightmare +0.04; Intruders in Chetwood
    /// (chetwood-vigil) Standard wins +4 / +4 pairs (n.s.), rounds +0.07 / +0.04, Easy +8
    /// wins; The Weather Hills (weather-hills-hunters) progress −0.01 / +0.01 (n.s.), rounds
    /// +0.05 / +0.04. 60 and 90 play within ±0.01 of 75 (seed 12).
    sure_death_risk: 75,
    /// While the current quest stage's remaining quest points are below this, the attack
    /// goes first to the enemy whose hit points keep the stage from being defeated
    /// (`Hint::quest_damage_target`: Thaurdir on Deadmen's Dike 2B) when the ready attackers
    /// get through its Defense, before any kill of another enemy (0: never; the kills first).
    /// Measured on Deadmen's Dike (2,000 pairs, seed 11) at 1 (only once the stage's progress
    /// is complete) identical play on dike-wayfarers Standard and rhudaur-guard Easy (the
    /// stage's progress is almost never complete with Thaurdir alive); at 99 (always)
    /// rhudaur-guard Easy −0.09 progress score (−0.18 to −0.00), −0.03 rounds: the kills it
    /// skips attack again. 1 by default since carn42: on The Wastes of Eriador 3B Pack
    /// Leader takes damage only while the stage holds its 5 progress, one Night at a time, and
    /// `lookahead` killed a Warg instead (results/research/carn42.md for the numbers);
    /// `basic` plays the same (3,000 pairs: Deadmen's Dike, Intruders, Mount Gram, the Wastes,
    /// Carn Dûm identical).
    quest_target_first: 1,
    /// The most rounds of attacks a round plan's siege may take on the enemy whose hit points
    /// keep the current stage from being defeated (`Hint::quest_damage_target`: Thaurdir on
    /// Deadmen's Dike 2B, 9 hit points behind Defense 4), in place of `siege_rounds`; the plan
    /// also counts that enemy while it is still staged but will engage this round (engagement
    /// cost at most the threat), so the attackers are kept back from the quest that round too.
    /// 0: off (the enemy is sieged like any other, within `siege_rounds`, once engaged).
    target_siege: 0,
    /// 1: by Day where quest cards take progress only by Day (The Wastes of Eriador), a side
    /// quest is the current quest only when this round's expected surplus finishes it; a
    /// prioritised side quest no longer takes a Day from the main quest (session 36). 0: off.
    day_main: 1,
    /// 1: a stage that cannot be defeated while its damage target lives is still quested on
    /// while its progress is what lets that enemy take damage (The Wastes of Eriador 3B, Pack
    /// Leader below 5 progress): side quests are not preferred to it (session 36). 0: off.
    gate_quest: 1,
    /// One job per character at the commit step (bits; helper plan1, issue 18). Bit 4: a
    /// commit plan that would send nobody on a quest failing by more than `deficit_cap` drops
    /// its kill of an engaged enemy (the killers quest instead; the defenders of the attacks
    /// that will come stay), except where kills advance the quest. Bit 8: then its optional
    /// engagement too. Bit 2: first its spares for enemies that may come. Bit 1: the spares
    /// are chosen with the fights: a second spare (the explore's, one already held for the
    /// reveal's) only for the chance that both enemies come; a spare released to quest when a
    /// character kept for the fights could defend its enemy for less than the spare's
    /// willpower (that defence and the fights given up); and the lethal-quest check counts the
    /// refresh phase's +1 threat. Default 4, measured against 0 (`compare`, 2,000 pairs, seeds
    /// 11 / 12): Deadmen's Dike (rhudaur-guard) Standard progress score +0.09 / +0.08 / +0.11
    /// (seed 13: +0.02 to +0.20), rounds +0.09 / -0.00 / +0.07; Easy progress +0.07 / -0.03 /
    /// +0.05; Intruders in Chetwood (chetwood-vigil) wins Standard +0.40 (+0.06 to +0.74) /
    /// -0.05, Easy +0.10 / +0.80 (+0.26 to +1.34); Across the Ettenmoors (noldor-questers)
    /// Standard -0.05 / +0.35 (+0.06 to +0.64), Easy +0.70 / +0.35 points (both above 0);
    /// Escape from Mount Gram (core-leadership) Standard -0.05 / +0.60 (+0.10 to +1.10), Easy
    /// +0.15 / -0.10 (n.s.); The Weather Hills (weather-hills-hunters) identical within ±0.001
    /// rounds (the kills advance the quest there). Quest phases committing nobody (seed 11,
    /// 300 Standard games, where a commit was asked): Deadmen's Dike 12.2% → 3.2%, the
    /// Ettenmoors 7.0% → 3.0%, Intruders 9.6% → 7.9%, Mount Gram 12.5% → 10.8%, The Weather
    /// Hills 9.4% → 9.3%. Bits 1, 2 and 8 off: measured on seed 11 (bits as 1 / 3 / 9 against
    /// 0) bit 1 alone within ±0.2 progress everywhere but The Weather Hills rounds -0.03 /
    /// -0.04 (Easy interval below 0); bit 2 The Weather Hills progress -0.09 / -0.15 (Easy below
    /// 0), Mount Gram Easy +1.1 wins; bit 8 Intruders Easy -2.65 points of wins (-4.06 to
    /// -1.24): the engagement of a stuck Orc War Party is worth its deficit there.
    one_job: 4,
    /// 1: the commit plan keeps a character that exhausts to draw (`Hint::exhaust_draws`:
    /// Beravor 2, Gléowine 1) out of the quest when the quest is expected to succeed without
    /// it (deficit ≤ 0 with it held back too, the expected reveal counted), the hand holds
    /// fewer than `DRAW_HAND_CAP` cards and the deck is not running low: it draws in the combat
    /// phase instead (`exhaust_draw_value`). 0: such a character quests like any other (the
    /// census of helper cards37: Beravor drew in 13% of the games she was in play, Gléowine 9%).
    /// Off: measured 1 against 0 (`compare`, 2,000 pairs, seeds 101 / 102) she then draws in
    /// most rounds, and the games last longer but get less far: core-lore Escape from Mount
    /// Gram Standard wins −0.80, progress score −0.86 (−1.20 to −0.53); a Core lore/spirit
    /// deck with Beravor and Gléowine (decks/probes/core-lore-spirit.txt) on Across the Ettenmoors
    /// rounds +0.64 / +0.55, progress −0.83 / −0.65 (both below 0); noldor-questers and
    /// core-wardens-of-gondor within ±0.05 progress.
    draw_keep: 0,
    /// gap50 (bits): a character that exhausts to draw (`Hint::exhaust_draws`: Beravor 2,
    /// Gléowine 1) draws in the resource phase, so the cards can be played this round, when the
    /// commit plan does not hold it back and the quest is still expected to succeed without it
    /// (`early_draw_value`). Bit 1 on; bit 2 also in the planning phase; bit 4 also while an
    /// enemy is engaged with its player; bit 8 also when the commit plan holds it back; bit 16 only while no enemy is in the staging area (none can engage but what the round reveals). The
    /// hand cap and the deck reserve of the combat-phase draw apply. `lookahead` made this use
    /// where `basic` passed in 80 of 100 Across the Ettenmoors Easy games (core-lore-spirit probe
    /// deck, 235 overrides, the largest class there). 0: off (the draw waits for combat).
    /// 17 (bits 1 + 16) against 0 (`basic`, Across the Ettenmoors Easy, 2,000 pairs, seeds
    /// 5011 / 5012 / 5014, win points): ent-moot +2.00 (+0.84 to +3.16) / +2.10 (+0.86 to +3.34)
    /// / +1.75 (+0.59 to +2.91), revised-trio +0.55 (+0.06 to +1.04) / +0.30 / -0.10,
    /// core-lore-spirit -0.05 / +0.80 (+0.11 to +1.49) / +0.00, lore-trackers +0.50 / +0.10 /
    /// +0.60, war-council +0.15 (the last three n.s.); Standard lore-trackers progress +0.07 /
    /// -0.09 (n.s.); Mount Gram and Intruders Easy within ±0.3 (n.s.). Bit 1 alone gained about
    /// as much on Easy (core-lore-spirit +1.05, +0.18 to +1.92, seed 5012) but lost lore-trackers
    /// Standard progress -1.16 (-1.40 to -0.92, seed 5014: Beravor exhausted before a staged
    /// enemy engaged); bits 2, 4, 8 no better. Of the Results cells (1,000 pairs, seed 5013)
    /// only the Ettenmoors noldor-questers differ (+0.10 / +0.30 / -0.10, n.s.). In `ROLLOUT`
    /// too since the end of session 50 (`lookahead:rollout=draw_early=V` against the build
    /// without it, the Ettenmoors, every run >= 0: gap50 =1 500 pairs seed 5022 core-lore-spirit
    /// +0.00, ent-moot +1.40, revised-trio +2.40 (+0.57 to +4.23); =17 300 pairs seed 5023
    /// revised-trio +1.67, ent-moot +2.00; then 1,000 pairs, Easy seed 5061: ent-moot +2.60
    /// (+0.57 to +4.63), revised-trio +0.60, core-lore-spirit +0.20, noldor-questers +0.50;
    /// Standard seed 5063: noldor-questers +0.60, ent-moot +0.10, each n.s.). See
    /// results/research/gap50.md.
    draw_early: 17,
    /// 1: the round plan never picks for optional engagement an enemy that cannot be engaged
    /// at all (`Rule::CannotBeEngaged`: Thaurdir on The Battle of Carn Dûm, who cannot leave
    /// the staging area), which the engine never offers; 0: such an enemy may be planned (its
    /// defenders and attackers held back from the quest for nothing: 102 of 1,303 commit plans
    /// in 300 Carn Dûm Standard games, seed 11). On: measured with `marginal_deficit` (both
    /// against both off, carn-dum-vanguard, 2,000 pairs): Carn Dûm Standard progress score
    /// +0.01 (+0.01 to +0.02) / +0.01 (+0.01 to +0.02), Easy +0.06 (+0.04 to +0.08) / +0.05
    /// (+0.04 to +0.07) (seeds 11 / 12), rounds −0.01 to +0.01; alone (against 0) Easy rounds
    /// +0.033 (+0.018 to +0.047), progress +0.02 (seed 11).
    skip_unengageable: 1,
    /// 1: the part of a round plan's quest deficit charged against `deficit_cap` is only what
    /// holding characters back adds beyond the deficit with nobody held back (the quest that
    /// fails anyway is not the fights' fault); 0: the whole deficit (on Carn Dûm, where the
    /// heroes' willpower meets 8-17 staged threat when no Battle is on, that dropped 195 of
    /// 694 commit plans with a fight in 300 Standard games, seed 11). On: measured with
    /// `skip_unengageable` (see there); alone against 0 Carn Dûm Standard progress +0.01
    /// (+0.00 to +0.02), Easy +0.03 (+0.02 to +0.05) (seed 11); Intruders in Chetwood
    /// (chetwood-vigil), The Weather Hills (weather-hills-hunters) and Deadmen's Dike
    /// (rhudaur-guard) Standard identical or within ±0.002 rounds (both weights, seeds 11 and
    /// 12), as are The Wastes of Eriador, The Treachery of Rhudaur, The Dread Realm and Wrath
    /// and Ruin Standard (seed 12).
    marginal_deficit: 1,
    /// Rounds of a staged enemy's Threat growth (`Hint::threat_growth` on an enemy: Carn Dûm
    /// Garrison, +1 Threat per shadow card it keeps) the round plan adds to what leaving it
    /// staged costs each round (0: growth not counted; the plan priced the Garrison at its
    /// Threat of the moment and never engaged it). Off by default, a trade (like `travel_kill`:
    /// more progress, fewer rounds; no wins either way): measured 2 against 0 on Carn Dûm (carn-dum-vanguard, 2,000 pairs, seeds 11 / 12):
    /// Standard progress score +0.06 (+0.04 to +0.09) / +0.08 (+0.05 to +0.10), rounds −0.08
    /// / −0.09; Easy progress +0.07 (+0.04 to +0.11) / +0.08 (+0.04 to +0.12), rounds −0.03
    /// (n.s.) / −0.06; at 3 progress +0.13 / +0.12 Standard, +0.07 / +0.12 Easy but rounds
    /// −0.14 / −0.15 and −0.10 / −0.14; at 6 Standard progress −0.05, rounds −0.49; at 1
    /// within ±0.02. No other scenario's enemy has the hint (play elsewhere unchanged).
    enemy_growth_rounds: 0,
    /// 1: the round plan's optional engagement counts an affordable attack-cancelling event
    /// in hand (`Hint::cancels_attack`, Feint) for the engaged enemy's first attack when no
    /// other enemy attacks this round and its Attack is ≥ 3 (what makes the bot play it): no
    /// defender is held back this round; a kill or siege counts a defence from the next round
    /// on, and an enemy it cannot kill is parked for `park_rounds` rounds of its staged cost
    /// less one later defence. Engaged, it no longer adds its Threat to the quest (The Battle
    /// of Carn Dûm, where staged enemies never engage on their own). 0: the event not counted.
    /// Measured 1 against 0 (`basic`, 4,000 pairs, helper carn36): Carn Dûm
    /// (carn-dum-vanguard) Standard progress score +0.05 (+0.03 to +0.06) / +0.04 (+0.02 to
    /// +0.05), rounds +0.013 / +0.010 (n.s.); Easy progress +0.06 / +0.05, rounds +0.037 /
    /// +0.033 (each above 0; seeds 3611 / 3612); Intruders in Chetwood (chetwood-vigil)
    /// Standard wins +0.70 (+0.35 to +1.05) / +0.35 (+0.01 to +0.69) (seeds 3613 / 3615), Easy
    /// +1.05 (+0.52 to +1.58) (seed 3614); Mount Gram and the Ettenmoors (no Feint in those
    /// decks) identical; The Dread Realm, Deadmen's Dike, The Weather Hills within ±0.02.
    engage_cancel: 1,
    // dd4
    /// Travel score (3 a threat point) per card each player would discard from his deck when
    /// a staged location's Time runs out (`Hint::time_mill`: Deadmen's Dike's Broken
    /// Battlements, 5 cards and Time again, so every round once it has run out), divided by the
    /// rounds of Time left: travelling to it is the way to explore it and stop the discards
    /// (0: not counted; its travel cost alone made it a poor choice). Off by default: measured
    /// 3 against 0 on Deadmen's Dike (rhudaur-guard, 2,000 pairs) the games last longer but
    /// get no further: Standard rounds +0.028 / +0.030 / +0.013 (seeds 11 / 12 / 13, the
    /// first two above 0), progress score -0.01 / -0.02 / -0.03 (n.s.); Easy rounds +0.033 /
    /// +0.064, progress -0.04 (-0.08 to -0.00) / +0.03; no win changed; at 6 progress -0.08 /
    /// -0.09 (below 0). `lookahead` (a binary with 3 against the base, 300 pairs, seeds 11 /
    /// 12): Standard wins 2 / 1 against 1 / 3, rounds -0.14 (-0.27 to -0.00) / -0.02; Easy 8 /
    /// 5 against 7 / 8, rounds +0.11 / +0.01 (n.s.). Other scenarios have no such location.
    time_mill: 0,
    /// The plan at commit and the combat steps agree (bits; helper plan2, issue 18). Bit 1:
    /// choosing a defender, a character whose exhaustion loses a kill the ready characters
    /// could make this combat (an engaged enemy, `cheapest_kill`) costs that kill's worth on
    /// top, as the round plan counts it ((Attack + staged cost) threat units for
    /// `kill_rounds` rounds, plus `win_block` and `quest_kill`): the characters held back to
    /// kill are not spent defending an attack that another defender, or a hero's hit points,
    /// could take. Counted first (600 Standard games each, seed 11): of the commit plans that
    /// held characters back to kill an engaged enemy, no attack on it followed in 42% on
    /// Across the Ettenmoors (noldor-questers), 45% on Deadmen's Dike (rhudaur-guard), 34% on
    /// The Weather Hills (weather-hills-hunters), Escape from Mount Gram (core-leadership)
    /// and Intruders in Chetwood (chetwood-vigil); the largest cause a held killer chosen as a
    /// defender: 24.6 / 20.6 / 13.4 / 16.4 / 10.0% of those plans, with bit 1 21.1 / 18.7 /
    /// 10.9 / 16.6 / 7.0% (the gains below come as much from kills no commit plan named).
    /// Bit 2: at the optional engagement, when the round plan remade there engages nobody,
    /// the enemy the commit plan held characters back to engage is engaged while those
    /// characters are all still ready and it would not engage on its own. Off: measured 2
    /// against 0 (2,000 pairs, seed 11, Standard) wins −0.20 (−0.57 to +0.17) on Intruders,
    /// −0.35 (−0.86 to +0.16) on Mount Gram, progress score −0.01 to −0.04 elsewhere. (The
    /// remade plan passed on 7% (Intruders) to 38% (Mount Gram) of the commit plans that held
    /// back to engage: the quest's threat raise made the enemy engage on its own, a held
    /// character was exhausted, or the reveal changed the fight.) Default 1, measured against
    /// 0 (`compare`, 2,000 pairs; Standard seeds 11 / 12, Easy seeds 11 / 12): Mount Gram wins
    /// +5.75 (+4.17 to +7.33) / +5.95 (+4.40 to +7.50), Easy +6.60 (+5.14 to +8.06) / +6.40
    /// (+4.97 to +7.83); Intruders +0.35 (−0.34 to +1.04) / +0.70 (+0.07 to +1.33), Easy
    /// +2.45 (+1.39 to +3.51) / +2.25 (+1.21 to +3.29); Deadmen's Dike progress score +0.35
    /// (+0.27 to +0.43) / +0.47 (+0.29 to +0.65), Easy +0.25 (+0.08 to +0.42) / +0.41 (+0.25
    /// to +0.57); the Ettenmoors within ±0.15 wins and ±0.11 progress; The Weather Hills (no
    /// wins either way) a trade: progress +0.39 (+0.25 to +0.53) / +0.48 (+0.34 to +0.63),
    /// Easy +0.55 / +0.44 (both above 0), but rounds −0.09 (−0.14 to −0.04) / −0.03 (n.s.),
    /// Easy −0.08 / −0.14 (both below 0): more Orcs killed (the kills are its quest), more
    /// heroes and tokens lost to the hits taken instead (`life_token=300` does not change
    /// that). `lookahead` (rollouts with bit 1, against the binary without), Intruders
    /// Standard, 300 pairs, seed 11: wins +2.33 (−1.95 to +6.62).
    plan_intent: 1,
    // wh5
    /// Threat points a kill costs instead of earning `quest_kill` when it is the one that flips
    /// the Mission objective (`Hint::flip_kills_base`: Hunting the Orcs' last token, which
    /// advances The Weather Hills to stage 2) while the board is not ready for the next stage:
    /// the staged Threat of the cards other than enemies is above `flip_ready` and the
    /// player's threat below `flip_threat`. While so, no enemy the attackers could kill is
    /// attacked (one they cannot kill may still be chipped) and the round plan counts such
    /// kills at this negative worth. 0: off (every kill earns `quest_kill`). Off by default, a
    /// trade that loses progress: measured 20 against 0 on The Weather Hills
    /// (weather-hills-hunters, 2,000 pairs, no wins either way) rounds +0.124 (+0.101 to
    /// +0.147) / +0.133 (+0.108 to +0.158) but progress score −0.69 (−0.80 to −0.57) / −0.54
    /// (−0.65 to −0.44) Easy, rounds +0.055 / +0.055, progress −0.48 (−0.57 to −0.38) / −0.47
    /// (−0.57 to −0.37) Standard (seeds 11 / 12); `flip_ready` 2 / 7 (seed 11): Easy progress
    /// −1.20 / −0.19, rounds +0.22 / +0.04. Stage 1's staged locations pile up faster than
    /// they are explored (each explored one also brings an Orc that can then not be killed),
    /// so the board seldom gets ready: fewer games reach stage 2 (91 against 115 of 300 Easy,
    /// seed 11) and those that do last as long there (1–2 rounds). Other scenarios have no
    /// such mission: play identical (Intruders, Deadmen's Dike, Mount Gram Standard). What a
    /// ready board is worth, measured by changing the board at the flip in 600 `basic` games
    /// (seed 11, Easy / Standard; 228 / 107 reach stage 2, 0 wins): threat cut to 30, or every
    /// staged location but Amon Forn removed, or every character healed, each alone: 0 wins;
    /// all three: 2 / 0 wins (threat cut to 20: 2 / 1); all three with Amon Forn removed too:
    /// 15 / 3 wins (2.5% / 0.5% of the games). At the flip the deck has 5.0 characters, 3.4
    /// of them damaged (−1 Willpower each on 2B), 6.1 Willpower in all (Easy): stage 2 needs
    /// more than the flip's timing.
    flip_hold: 0,
    /// `flip_hold`'s bar: the staged Threat of non-enemy cards (locations) at or below which the
    /// board is ready for the flip.
    flip_ready: 4,
    /// `flip_hold`'s release: at this threat or more the flip is no longer held (the game is
    /// nearly lost to threat in stage 1 anyway).
    flip_threat: 45,
    // dd5
    /// On a stage with quest points, `reveal_fight` also holds a defender back from the quest
    /// when the enemies the staging step may reveal would engage at once with at least this
    /// percent chance and their average printed Attack + 1 (a shadow) kills a hero undefended,
    /// whichever hero takes it (0: never; otherwise `reveal_fight` holds back only where
    /// progress buys nothing or kills advance the quest). Counted first (`basic`, Deadmen's
    /// Dike Standard, rhudaur-guard, 1,000 games, seed 1): of 915 undefended attacks that
    /// killed a hero in stage 1B, 322 came with nobody ready (192 from an enemy revealed that
    /// round, 86 engaged at commit, 44 staged), 461 with only heroes ready that would have
    /// died defending too, 105 with only Iârion ready, 18 with a defender that would have
    /// lived, 9 with an ally to chump. Off by default, a trade: the games last longer and get
    /// less far. Measured against 0 (`compare`, 2,000 pairs, seeds 11 / 12): Standard at 1
    /// rounds +0.135 (+0.086 to +0.183) / +0.193 (+0.145 to +0.241), progress score −0.49
    /// (−0.61 to −0.38) / −0.54 (−0.73 to −0.36), wins −0.05 / −0.20 (−0.40 to −0.00); at 30
    /// rounds +0.08 / +0.10, progress −0.25 (−0.35 to −0.15) / −0.24 (−0.40 to −0.09); at 60
    /// identical; Easy at 1 rounds +0.18 / +0.15, progress −0.39 / −0.09, at 30 rounds +0.06 /
    /// +0.04, progress −0.07 / −0.11; at 30 Intruders (chetwood-vigil) and The Weather Hills
    /// (weather-hills-hunters) Standard identical or within 0.003 rounds, Mount Gram
    /// (core-leadership) wins +0.20 (−0.39 to +0.79), seed 11.
    reveal_lethal: 0,
    /// With `reveal_lethal`: the most questing strength the character it holds back may have
    /// (a character that quests for more is committed as before). Measured with
    /// `reveal_lethal=1` against both off (2,000 pairs, Deadmen's Dike Standard, seeds 11 /
    /// 12): at 1 rounds +0.08 / +0.12, progress −0.18 (−0.28 to −0.07) / −0.14 (−0.27 to
    /// −0.02); at 2 rounds +0.14 / +0.20, progress −0.39 / −0.41; with `reveal_lethal=30` at 1
    /// progress −0.10 (−0.19 to −0.01) / −0.06 (−0.14 to +0.03): still a trade.
    reveal_lethal_wp: 99,
    // wh6
    /// 1: a character whose own response places progress when it commits
    /// (`Hint::commit_progress`: Lórien Guide on the active location, Northern Tracker on each
    /// staged location) counts that progress with its willpower when the bot chooses who
    /// quests (and what holding it back costs), also on a stage without quest points where
    /// committing otherwise stops once the staged threat is met; 0: willpower only (the Trackers
    /// of a questing deck stayed home). Off by default, within noise where such cards are
    /// played: measured 1 against 0 (`basic`, 4,000 pairs, seed 11, Standard) Across the
    /// Ettenmoors (noldor-questers) wins −0.10 points (−0.24 to +0.04), progress score −0.07
    /// (−0.18 to +0.04); The Weather Hills (noldor-questers) progress +0.01 (−0.00 to +0.02);
    /// The Wastes of Eriador (noldor-questers) +0.00; Intruders in Chetwood (northern-wardens)
    /// rounds −0.007 (−0.011 to −0.003), progress ±0.00. Decks without those cards play the
    /// same either way.
    commit_progress: 0,
    /// Travel score (3 a threat point) per point by which the characters in play attack for
    /// more than they quest, for a location that gives the quest Battle while it is active
    /// (`Hint::active_battle`: Accursed Battlefield on The Battle of Carn Dûm, where a Tactics
    /// deck quests with 9-13 Attack against 4-6 Willpower); negative for a deck that quests
    /// for more than it attacks (0: Battle not counted; travel chose by threat and quest
    /// points alone and took the Battlefield least often, threat 2 against 3-4). Measured 3
    /// against 0 (carn-dum-vanguard, 2,000 pairs, seeds 11 / 12): Standard progress score
    /// +0.02 (+0.01 to +0.03) / +0.01 (+0.00 to +0.02), Easy +0.03 (+0.01 to +0.04) / +0.02
    /// (+0.01 to +0.03), rounds +0.01 to +0.02 (each above 0); no other scenario has the hint.
    battle_travel: 3,
    // dd37
    /// Damage-cost units per point of attack (Attack + 1 for a shadow) of each staged enemy
    /// that a round plan's quest deficit would bring: the threat a failed quest adds comes
    /// before the engagement checks, so an enemy whose engagement cost lies between the threat
    /// now and the threat after the quest engages this round. A plan whose optional jobs (the
    /// optional engagement, a kill) leave such a deficit keeps them only when they are worth
    /// more than this on top of the deficit's own cost (0: not counted). Off by default: it
    /// seldom fires (the defenders-only plan is what fails the quest); measured against 0 on
    /// Deadmen's Dike (rhudaur-guard, 4,000 pairs, seed 3791) at 15 Easy progress score −0.04
    /// (−0.06 to −0.02), Standard −0.00 (−0.01 to +0.01), no win changed; at 50 Easy −0.05,
    /// Standard rounds +0.013 (+0.003 to +0.023); at 15 Intruders (chetwood-vigil) identical,
    /// Mount Gram (core-leadership) wins 6 / 4 pairs only one side won, the Ettenmoors
    /// (noldor-questers) rounds +0.015 (+0.009 to +0.021), all Standard.
    cross_engage: 0,
    /// dd38: 1 plays a threat-reduction card (`Hint::threat_reduction`: The Galadhrim's
    /// Greeting) in the planning phase, and saves its sphere's resources for it, while an
    /// enemy still to come (staged, or in the encounter deck's make-up) has an engagement cost
    /// the threat meets after this round's refresh and would not meet once lowered (0: only at
    /// threat 35 or to stop an engagement now, as before).
    greet_early: 0,
    /// greet47: below this threat nobody quests on a stage left once nothing is captured under
    /// it (`Hint::leave_when_emptied`: Escape from Mount Gram's Gornákh's Dungeons), while no
    /// hero is captured there, in a solo game (`quest::stalls`): the board grows before the
    /// next stage (0: quest as on any stage without quest points, the play before). With 2
    /// players it lost 11.0 / 7.6 win points (Easy / Standard, 1,000 pairs, seed 4821). Measured 25 against 0
    /// (2,000 pairs, seeds 4781 / 4782, wins B − A): 04-rohan-riders (a foreign deck) Easy
    /// +9.65 / +10.65, Standard +6.30 / +7.35; 06-glorfindel-spirit Easy +5.65 / +6.20,
    /// Standard +4.35 / +3.65; 10-core-leadership-spirit +3.2 to +3.8; chetwood-vigil Easy
    /// +2.10 / +1.85, Standard +2.00 / +1.15; core-leadership Easy -0.25 / -0.55 (n.s.),
    /// Standard -0.25 (n.s.) / +1.80; weather-hills-loremasters within ±0.65 (n.s.). Other
    /// scenarios identical. 30 and 35 gained more on the questing decks but lost up to 7
    /// points on core-leadership (threat losses); `lookahead` (its rollouts) 04 Easy +12.3
    /// (+6.8 to +17.9), 300 pairs (results/research/greet47.md).
    stall_threat: 25,
    /// greet47: plays a threat reduction (`Hint::threat_reduction`: The Galadhrim's Greeting)
    /// in the planning phase while the threat is within this of `stall_threat` (or past it) and
    /// the lowered threat stalls again (`planning::relief_extends_stall`; 0: off). Its
    /// resources are not saved for it. Measured 6 against 0 (2,000 pairs, seeds 4801 / 4802,
    /// wins B − A, Mount Gram): 04-rohan-riders Easy +1.45 (+0.29 to +2.61) / +1.55 (+0.41 to
    /// +2.69); 06-glorfindel-spirit Easy −0.45 (n.s.) / +0.80 (+0.03 to +1.57);
    /// 10-core-leadership-spirit Standard −0.20 (n.s.) / +0.65 (+0.02 to +1.28);
    /// weather-hills-loremasters Easy +0.65 (+0.10 to +1.20) / 0.00; the other cells within
    /// noise; core-leadership identical (no threat reduction). 3 measured alike.
    stall_greet: 6,
    /// sense51: from this threat on (any player's), the progress on a stage whose progress
    /// rescues the cards captured under it and which is left once none is
    /// (`Hint::leave_when_emptied`: Escape from Mount Gram's Gornákh's Dungeons) counts as
    /// progress that matters while something is still captured there (`quest::rescue_counts`):
    /// the commit step sends everyone the round plan does not hold back, as on a stage with
    /// quest points. 0: off, such a stage is quested like one without quest points (the staged
    /// threat and the active location covered, no more), the play before. Read in traces past
    /// `stall_threat` the stage gives up a captive or two a round while the threat climbs
    /// (`basic` Standard, seed 5102: 23 of 100 games lost to threat there), but emptying it
    /// sooner loses: the next stage's gate lifts the threat to 35 anyway and the board is
    /// smaller. Measured against 0 (`core-leadership` Standard, `basic`, 2,000 pairs, seed
    /// 5111 / 5112): 1 wins −8.05 (−10.04 to −6.06) / −8.25 (−10.27 to −6.23) points; 35 −0.90
    /// (−1.63 to −0.17); 40 +0.05 (−0.44 to +0.54). Off, also in `ROLLOUT`
    /// (results/research/sense51.md).
    rescue_quest: 0,
    /// sense51: 1 never travels to a location whose travel cost raises the player's threat
    /// (`Hint::travel_threat`: Escape from Mount Gram's Patrol Room, 3) to the losing threat,
    /// unless only such locations and no pass are offered; 0: travel by the location's score
    /// alone, the play before (Mount Gram Standard, seed 5102: 2 of 100 `basic` games and 1 of
    /// 100 `lookahead` games ended by travelling there at threat 47 or more). Measured against
    /// 0 (`core-leadership` Standard, 2,000 pairs, seeds 5111 / 5112): wins +0.05 (−0.05 to
    /// +0.15) / +0.10 (−0.04 to +0.24) points, no pair lost, rounds +0.009 (+0.004 to +0.014) /
    /// +0.012 (+0.002 to +0.023); `lookahead` against the base binary (1,000 games, seeds 5114 /
    /// 5115) +0.20 (−0.08 to +0.48) / +0.10 (−0.24 to +0.44). In `ROLLOUT` too.
    lethal_travel: 1,
    /// sense52: 1 plays a card that only readies characters (`Hint::readies`: Ever Vigilant,
    /// Common Cause, ...) in the combat phase only when one of the player's exhausted
    /// characters would then be used (`hints::ready_used`: it makes the cheapest defence of an
    /// attack still to come cheaper, or, once no enemy attack is left, its Attack destroys one
    /// more engaged enemy), and its target is such a character when one is offered; 0: the play
    /// before (Ever Vigilant readied an ally that then neither defended nor attacked in 97 of
    /// 264 readies, 200 Mount Gram `basic` games, seed 5203). Measurements:
    /// results/research/sense52.md. In `ROLLOUT` too.
    ready_use: 1,
    /// speed16: the optional engagement answered from this round's commit plan (its
    /// `Intent`: the enemy it held characters for, while `intended_engage` still holds, else
    /// none) instead of a new round plan: 1 while the staged enemies that plan could weigh for
    /// it are the same ones (`quest::candidate_sig`), 2 whenever a commit plan was made this
    /// round; 0 always plans again (the old play). Fewer instructions, weaker play: Intruders
    /// `chetwood-vigil` wins −0.37 (1) / −1.45 (2), Mount Gram `core-leadership` −7.3 (2),
    /// Standard, 10,000 pairs (results/research/speed16.md).
    plan_reuse: 0,
    /// 1: an attachment (not armour) goes on a host that one engaged enemy's attack alone would
    /// not destroy this round, when it can (`effects::host_at_risk`: a hero at its last hit
    /// points, an ally that can only chump); 0: the host its kind's score prefers. Off: it did
    /// not lower the attachments lost (The Dread Realm) and measured worse, fresh seed 4005,
    /// 4,000 pairs: The Dread Realm progress −0.13 (−0.20 to −0.05), Intruders in Chetwood
    /// wins −0.17 (−0.34 to −0.01) points (results/research/sense40.md).
    attach_risk: 0,
    /// 1: a draw paid with X resources (`Hint::spare_resource_draw`, Gandalf's Search) is
    /// played in the planning phase, after every other play, with the resources of its sphere
    /// no other card in hand needs (its `play_value`); 0: never (the old play). Off: Escape
    /// from Mount Gram `core-lore-spirit` Easy progress −0.57 (−1.10 to −0.04) over 2,000
    /// pairs, the resources spent are missed the next rounds (results/research/cards41.md).
    spare_draw: 0,
    /// cards44: saving for a dearer card (0: off). In the planning phase, an ally or attachment
    /// in hand that its sphere's resources cannot pay now but can next round (its heroes' one
    /// resource each added), whose planning score is at least this many points above every
    /// card playable now, has those resources kept: a card of its sphere (or a neutral one
    /// paid from it) that would leave too little for it is not played. Never while the
    /// player's threat is 40 or more or an enemy is engaged with him (the cheap card may be
    /// needed now), nor against a key response or a threat reduction.
    save_big: 0,
    /// Rounds a kill or siege of a staged enemy is credited for where enemies never engage on
    /// their own (`Rule::NoEngagementChecks`: Intruders in Chetwood 1B), when more than
    /// `kill_rounds`: such an enemy adds its threat every round for the rest of the game unless
    /// the players engage it (0: `kill_rounds`, as for any enemy). 10: about the rest of a game
    /// there (results/research/foreign41.md: `core-leadership` Intruders Easy +2 points of wins).
    stay_rounds: 10,
    /// distill43: when a side quest that reveals one more card while it is the current quest
    /// (`Hint::side_quest_reveals_more`: Orc Rearguard) is made the current quest, unless the
    /// main quest cannot be defeated anyway: 0 whenever the expected surplus is above 0; 1 only
    /// when this round's expected surplus finishes it; 2 never. 1: `lookahead` overrode the old
    /// choice at 1,352 of the 1,436 searched decisions where it was Orc Rearguard (600
    /// Intruders games); `basic`
    /// against 0 (chetwood-vigil, 4,000 pairs) Easy +1.22 / +0.93 / +1.70 win points (seeds
    /// 4311 / 4312 / 4314, each above 0), Standard +0.23 (n.s.) / +0.70 (+0.41 to +0.99); at 2
    /// Easy −1.25 (seed 4312, below 0). `lookahead` Intruders Standard −0.50 (−1.56 to +0.56,
    /// 1,000 pairs, seed 4321). No other scenario has the hint (results/research/distill43.md).
    reveal_quest: 1,
    /// distill43: a side quest whose `Hint::side_quest_priority` is below this counts as one
    /// without priority (the current quest only when this round's expected surplus finishes
    /// it, or the main quest cannot be defeated anyway); 0: every priority counts. Off: what
    /// `lookahead` overrides most on Across the Ettenmoors (the main quest instead of a
    /// prioritised side quest), yet for `basic` at 21 the Ettenmoors (noldor-questers, 4,000
    /// pairs, seed 4313) lose 5.10 win points Easy and 2.02 Standard (both below 0); at 61
    /// Intruders Easy +1.45, Standard +0.68 (mostly Orc Rearguard, see `reveal_quest`).
    side_prio_min: 0,
    /// ett49: while a staged card wounds each hero that pays resources
    /// (`Hint::payment_wounds`: Forage for Food), a card with a cost scores this much less in
    /// the planning phase (twice as much while damage is punished, `damage_punished`: Savage
    /// Trollspawn, stage 3B), so a weak attachment or event waits. 0: off. 30 against 0
    /// (`basic`, the Ettenmoors, 2,000 pairs, seeds 4911 / 4912), Easy win points
    /// noldor-questers +1.80 (+0.59 to +3.01) / +1.70 (+0.50 to +2.90), 02-noldor-lore +1.65 /
    /// +1.10, 04-rohan-riders +1.60 / +1.80, 06-glorfindel-spirit +2.50 / +2.60 (each above 0),
    /// 07-gondor-leadership +1.00 (n.s.) / +1.45, 12-ents-beravor +0.85 / +0.10 (n.s.);
    /// Standard -0.25 to +1.90 (noldor-questers +0.90 / +1.90 above 0; 12 -0.25 (-0.47 to
    /// -0.03) on 4911, +0.04 (n.s.) over 10,000 pairs on 4913); Nightmare +0.35 / +0.40 (n.s.);
    /// two seats (+ core-leadership) Easy +3.15 / +3.20 (above 0), Standard -0.65 / +0.05
    /// (n.s.). No other README cell has the hint (1,000 pairs, seed 4914: identical). 45 and
    /// 60 gained more with noldor-questers and 06 but lost with 02 and 12 (seed 4910); the
    /// rollouts keep 0 (results/research/ett49.md).
    pay_wound: 30,
    /// distill45: while the main quest cannot be defeated by progress and kills advance it
    /// instead (`Hint::kills_advance_quest`: The Weather Hills 1B), a side quest that this
    /// round's expected surplus does not finish is made the current quest only when its
    /// `Hint::side_quest_priority` is at least this; 0: always (the old rule). Without the
    /// kills condition (every blocked main quest) 91 lost Mount Gram 7.3 / 5.1 win points.
    /// 91 (every side quest of The Weather Hills waits; Find Shelter's priority is 90): against
    /// 0, 4,000 pairs, seeds 4525 / 4526, progress score weather-hills-loremasters Standard
    /// +0.13 (+0.05 to +0.21) / +0.00, Easy +0.02 / +0.07 (n.s.), weather-hills-hunters
    /// Standard +0.06 (n.s.) / +0.10 (+0.04 to +0.17), Easy +0.00 / +0.05 (n.s.); rounds +0.10
    /// to +0.19 in every Easy and Standard run (each above 0); sentinels / trackers (s4527)
    /// +0.11 / +0.33 Easy, +0.09 / +0.12 Standard (each above 0); Nightmare within ±0.02;
    /// every other scenario identical (results/research/distill45.md).
    blocked_side_min: 91,
    /// distill43: the least Threat in the staging area for which a location that cannot be
    /// explored by the next round's expected surplus is travelled to (below it: Pass); a
    /// location with a travel cost (`Hint::travel_penalty` > 0) keeps at least 2. 1 (was
    /// 2): `lookahead` travelled where `basic` passed in 200 of 300 Intruders Standard games
    /// (Shrouded Hills, Threat 1, round 1). `basic` against 2 (4,000 pairs, seeds 4331 / 4333):
    /// win points Intruders (chetwood-vigil) Easy +2.48 / +2.12, Standard +1.57 / +1.07; Mount
    /// Gram (core-leadership) Easy +3.20 / +4.03, Standard +3.92 / +3.33; the Ettenmoors
    /// (noldor-questers) Easy +5.40 / +5.72, Standard +1.30 / +1.62 (all above 0); the Wastes
    /// (wastes-watchmen) progress +0.18 Easy, +0.08 Standard (above 0); Deadmen's Dike, The
    /// Weather Hills, Carn Dûm, Wrath and Ruin unchanged or identical; but The Dread Realm
    /// (core-leadership, seed 4334) progress −0.17 Easy, −0.03 Standard (below 0: Unholy Crypt's
    /// 7 quest points take the stage's progress; −0.14 / −0.04 on seed 4338). 0 (also Threat
    /// 0): Mount Gram −0.28 / −0.25. Deadmen's Dike Nightmare lost 0.30 progress (−0.34 to
    /// −0.26, seed 4335) to Fornost Street's travel cost until a travel cost kept the 2:
    /// identical since, the other cells as before (seed 4338: Intruders +2.20 / +0.93, Mount
    /// Gram +3.17 / +3.20, the Ettenmoors +6.40 / +2.00 win points Easy / Standard).
    travel_min_threat: 1,
    /// distill44 (bits): an action paid with cards from hand (`Hint::spends_hand_cards`: Arwen
    /// Undómiel's resource, Elven Jeweler's two discards) in the resource and planning phases.
    /// Bit 1: while the hand is discarded at the end of the round anyway
    /// (`Hint::hand_discarded_each_round`: Erestor) it is used whenever it is offered. Bit 2:
    /// in the resource phase too (not only the planning phase) with `spare_hand` or more
    /// cards in hand, so what it pays for is played this round. `lookahead` made these uses
    /// where `basic` passed: 800 resource-phase Arwens and 300 Jewelers in 600 The Weather
    /// Hills games (weather-hills-loremasters), 113 Jewelers in 600 Deadmen's Dike games
    /// (rhudaur-guard). Default 1, measured against 0 (`basic`, 4,000 pairs, seeds 4411 / 4412;
    /// play differs only with Erestor): The Weather Hills (weather-hills-loremasters) progress
    /// score Easy +1.02 (+0.83 to +1.21) / +1.11 (+0.92 to +1.31), Standard +0.55 (+0.39 to
    /// +0.71) / +0.54 (+0.40 to +0.69), rounds about +0.5; `lookahead` (its rollouts too)
    /// Standard +0.61 (+0.11 to +1.11) progress, Easy +0.66 (−0.15 to +1.47), 600 pairs, seed
    /// 4421. Bit 2 off: 3 against 0 (seeds 4411 / 4412) Intruders in Chetwood (chetwood-vigil)
    /// Easy +1.63 / +2.98 win points, Deadmen's Dike Easy progress +0.24 / +0.19, The Dread
    /// Realm (rhudaur-guard) Easy +0.22 / +0.24, the Ettenmoors (noldor-questers) Easy −0.38
    /// (n.s.) / +1.13, but The Treachery of Rhudaur (rhudaur-investigators) Standard −0.04
    /// (−0.08 to +0.00) / −0.04 (−0.08 to +0.00) / −0.05 (−0.08 to −0.01) progress (seeds
    /// 4412 / 4413 / 4414; results/research/distill44.md).
    ///
    /// Bit 4 (session 44, lead44.md): bit 2 only for a card acting from play (Arwen's resource,
    /// every round), not one that puts itself into play from hand (Elven Jeweler): the decks
    /// that lost with bit 2 hold Jewelers and no Arwen. Default 7 (all three bits, with
    /// `spare_hand` 4), measured against 1 (`basic`, 4,000 pairs, seeds 4461 / 4462 / 4463):
    /// Across the Ettenmoors (noldor-questers) Easy +2.10 (+1.01 to +3.19) / +2.18 (+1.11 to
    /// +3.24) win points, Standard +0.90 (+0.27 to +1.53) / +0.48 (n.s.), Nightmare +0.40
    /// (n.s.); Deadmen's Dike (dike-stewards) Easy progress +0.09 / +0.13 (each above 0); The
    /// Weather Hills (weather-hills-trackers) Standard +0.20 (+0.09 to +0.32), Easy +0.31; The
    /// Dread Realm (dike-stewards) Easy +0.08; Wrath and Ruin (noldor-questers) Standard +0.07;
    /// no cell lower beyond noise; decks with no card-paid action of a card in play (the
    /// Jeweler decks: weather-hills-hunters, rhudaur-guard, chetwood-vigil) play identically.
    spare_cards: 7,
    /// distill44: the hand size from which `spare_cards` bit 2 uses a card-paid action in the
    /// resource phase (6: the threshold of the cards' own planning-phase play values). With
    /// bit 2 at 4 against `spare_cards` 1 (`basic`, 4,000 pairs, seeds 4451 / 4452): Across the
    /// Ettenmoors (noldor-questers) Easy +2.45 / +2.10, Standard +0.73 / +0.75 win points (each
    /// above 0), Intruders (chetwood-vigil) Easy +1.58, Deadmen's Dike Easy progress +0.28, The
    /// Dread Realm Easy +0.22; but The Weather Hills (weather-hills-hunters) Standard −0.12
    /// (−0.21 to −0.02) and The Treachery of Rhudaur Standard −0.05 (−0.11 to +0.01) progress;
    /// 4 since session 44, with `spare_cards` bit 4 (see there).
    spare_hand: 4,
    /// distill44: rounds of Threat charged in the travel score of a location whose travel cost
    /// brings the latest discarded encounter enemy back, staged (`Hint::travel_returns_enemy`:
    /// Norbury Tombs, Fornost Street): that enemy's Threat (at least 1) this many times; 0: only the location's fixed `travel_penalty`. From about 36 (as by
    /// default) such a location is not travelled to while an enemy would come back (Pass
    /// instead). `lookahead` passed where `basic` travelled to Norbury Tombs 257 times in 600
    /// Deadmen's Dike games (rhudaur-guard). `basic` against 0 (4,000 pairs): Deadmen's Dike
    /// (rhudaur-guard) progress score Easy +0.53 (+0.42 to +0.64) / +0.61 (+0.46 to +0.77),
    /// Standard +0.32 (+0.25 to +0.40) / +0.31 (+0.25 to +0.37), Nightmare +0.05 (+0.04 to
    /// +0.07), rounds +0.10 to +0.17 (seeds 4431 / 4432); dike-stewards Easy / Standard /
    /// Nightmare +0.37 / +0.12 / +0.02 (each above 0, seed 4432); at 2 or 5 +0.04 / +0.02,
    /// at 12 +0.14 / +0.12, at 20 +0.32 / +0.22 (seed 4431). No other scenario has the hint.
    return_travel: 40,
    /// two45 (multiplayer): a failed quest raises the threat of every player still in the
    /// game, so where the round plan prices willpower held back from the quest it counts that
    /// threat once per player in the game. Bit 1: a character's keep cost (its questing stat in
    /// threat units); bit 2: the quest deficit over `deficit_cap` that a plan's fights are
    /// weighed against; bit 4: a staged enemy's threat in what engaging or killing it is worth
    /// per round. Solo all are ×1 (play identical). 0: each seat prices the deficit as
    /// its own threat only. Off after measuring (two seats, `basic`, 7 against 0, 2,000 pairs,
    /// seed 4501): Intruders Standard wins -0.65 (-1.08 to -0.22) points, progress -1.21;
    /// the other cells within noise (Deadmen's Dike progress +0.11 to +0.24).
    team_quest: 0,
    /// two45 (multiplayer; solo identical): bit 1, the round plan reserves defenders only for
    /// the staged enemies the engagement checks would give this seat at the players' current
    /// threats (`checks_engage`: each player in order takes the highest engagement cost at most
    /// his threat), not for every staged enemy its own threat reaches (which the partner may
    /// take); bit 2, at the commit step a staged enemy that a seat earlier in player order
    /// plans to engage optionally (its own round plan) is left to that seat: this seat neither
    /// holds fighters back for it nor counts it among the checks. Measured (two seats, `basic`
    /// 3 against 0, 2,000 pairs a cell, seeds 4501 and 4502; Chetwood chetwood-vigil +
    /// core-lore, Mount Gram core-leadership + core-lore, Ettenmoors noldor-questers +
    /// core-gondor-hunters, Dike rhudaur-guard + core-lore): wins Intruders Easy +1.35 (+0.71
    /// to +1.99) / +0.65 (+0.09 to +1.21) points, Ettenmoors Easy +2.00 (+0.55 to +3.45) /
    /// +1.25 (-0.14 to +2.64), Ettenmoors Standard +0.65 / +0.85 (+0.18 to +1.52); Deadmen's
    /// Dike progress score Standard +0.15 / +0.19 (each above 0); no cell lower beyond noise.
    /// Solo play is identical (`games.csv` byte-equal, 5 cells, seed 4511).
    /// two46 bit 4 (off): the later seats in player order are planned as well, and a staged
    /// enemy that one of them would engage for more value than this seat would is left to it
    /// (bit 2 alone let the first seat claim the enemy even where a partner fights it for
    /// less: a core-lore seat held six characters back for the Orc War Party beside an
    /// Aragorn-and-Legolas seat). Measured 7 against 3 (`basic`, noldor-questers + war-burglars,
    /// 2 seats; + core-tactics, 3 seats): seed 4623, 3,000 pairs, Intruders Easy 2 seats
    /// +1.77 (+0.93 to +2.60) points, 3 seats progress +0.44 (+0.13 to +0.75), Ettenmoors Easy
    /// 3 seats +1.37 (+0.01 to +2.72), Mount Gram Easy 2 seats -0.50 (-1.10 to +0.10); seed
    /// 4621, 2,000 pairs, all eight 2-seat cells within noise (Intruders Easy +0.70, -0.35 to
    /// +1.75); 4 seats (the Core decks) Ettenmoors Easy -1.35 (-2.56 to -0.14) on seed 4624,
    /// -0.07 (-1.06 to +0.93) on seed 4625. `lookahead` (rollouts with 7, 2 seats, Intruders
    /// Easy, 300 games, seed 4661) +2.00 (-1.81 to +5.81); 3 seats Ettenmoors Easy (seed 4662)
    /// +0.00 (-5.63 to +5.63). Not on by default: not shown better
    /// everywhere (results/research/two46.md).
    team_engage: 3,
    /// two45 (multiplayer; solo identical): 1, the commit plan's lethal check (hold back nobody
    /// when the expected deficit would end the game and committing everyone would not) reads
    /// the highest threat among the players in the game, not this seat's: a failed quest
    /// raises every threat, and the highest seat is eliminated first (with Iârion or Amarthiúl
    /// under its control, the game is lost). Off: it rarely fires (the first seat to commit
    /// does not count the partner's willpower, so its deficit looks lethal either way);
    /// measured 1 against 0 (two seats, `basic`): seed 4506, 2,000 pairs, Intruders Easy +0.25
    /// (+0.03 to +0.47) points, the other seven cells within ±0.25; seed 4507 Intruders Easy
    /// (4,000 pairs) -0.075 (-0.237 to +0.087), Ettenmoors Easy (3,000) +0.067 (-0.093 to
    /// +0.227), rounds -0.013 (-0.023 to -0.002).
    team_lethal: 0,
    /// mp59 (multiplayer; solo identical): 1, a card whose use is that a failed quest raises no
    /// threat (`Hint::fail_guard`: Doom Hangs Still) is scored in the planning phase against the
    /// ready questing stat of every player sharing the staging area, not its own player's
    /// alone (the others quest too; with an area for each player, Escape from Mount Gram, each
    /// area against its own players); 0: its own player's (the card's `play_value`). 1 against
    /// 0 (`basic`, 2,000 pairs, win points): ent-moot + noldor-questers Mount Gram Easy +0.75
    /// (+0.01 to +1.49) seed 5971, +0.25 (-0.45 to +0.95) seed 5972; Standard +0.20 / +0.10;
    /// with war-burglars third (seed 5972) Easy -0.05, Standard +0.30 (n.s.). In `ROLLOUT` too
    /// (`lookahead`, 300 pairs, seed 5974, Mount Gram Easy: +1.00 (-0.73 to +2.73)).
    /// `seats::table_guard_value`; results/research/mp59.md.
    table_guard: 1,
    /// mp59 (multiplayer; solo identical): 1, an attachment whose use exhausts its bearer
    /// (`Hint::exhausts_host`: Athelas) is played only while a character of its own player can
    /// take it: on another player's character, its player's use would exhaust that player's
    /// character at a time that player did not choose. 0: played as any attachment (on another
    /// player's character when none of its own can take it). 1 against 0 (`basic`, win
    /// points): northern-wardens + war-burglars Mount Gram Easy +1.05 (+0.25 to +1.85) seed
    /// 5973 (2,000 pairs), -0.20 (-1.20 to +0.80) seed 5970 (1,000); Standard +0.05 / +0.20;
    /// with core-tactics third (seed 5973) Easy +0.35, Standard +0.65 (+0.06 to +1.25). Not in
    /// `ROLLOUT` (not measured inside `lookahead`). `seats::foreign_host_only`;
    /// results/research/mp59.md.
    own_host: 1,
    /// mp60 (multiplayer; solo identical): N > 0, the seat that commits last in a staging
    /// area it shares (every other seat's commit there known) holds back the characters its
    /// commit does not need to beat the staged threat, the expected reveals (`reveal_threat` a
    /// player) and N threat a player to spare, the weakest questers first: ready for the
    /// enemies. 0: off (everyone the round plan does not hold back quests). 4 against 0
    /// (`basic`, noldor-questers + war-burglars [+ core-tactics], win points): the Ettenmoors
    /// Easy 2 seats +5.53 (+3.58 to +7.49) seed 6002 (3,000 pairs), +6.10 (+3.62 to +8.58)
    /// seed 6003, +2.25 (-0.14 to +4.64) seed 6001; 3 seats +2.60 (+0.92 to +4.28), +3.60
    /// (+1.50 to +5.70), +1.80 (-0.28 to +3.88); Standard and Mount Gram within noise but for
    /// the Ettenmoors Standard 3 seats on seed 6001 (-0.50, -0.94 to -0.06). 2 held too much
    /// (Easy 2 seats -3.70). Not in `ROLLOUT` (not measured inside `lookahead`).
    /// `seats::team_hold`; results/research/mp60.md.
    team_hold: 4,
    /// ett47 (bits): an action that pays a resource to heal (`Hint::pays_to_heal`: Glorfindel)
    /// is used in the resource phase while a character of its player carries damage, not only
    /// with what is left in the refresh phase. Bit 1 on; bit 2 only for a damaged hero; bit 4
    /// only while the healer keeps a resource after paying; bit 8 not while the hand is
    /// discarded each round (Erestor: the resources pay for cards that are lost otherwise);
    /// bit 16 only while a card that punishes damage is in play (`Hint::punishes_damage`:
    /// Across the Ettenmoors 3B, Savage Trollspawn, Goblin Pursuer). `lookahead` made this use
    /// where `basic` passed in about a third of 100 Ettenmoors Easy games (noldor-questers,
    /// 06-glorfindel-spirit, 02-noldor-lore). Default 25 (1 + 8 + 16), measured against 0
    /// (`basic`, 2,000 pairs a cell): see results/research/ett47.md.
    early_heal: 25,
    /// ett47: a Safe location (`Hint::safe_location`, Across the Ettenmoors; it has no Threat,
    /// and travelling there sends the engaged enemies back to the staging area) is not
    /// travelled to while no enemy is engaged with its player and (2) another location in the
    /// staging area has Threat 2 or more, or (1) at all. 0: always, by its travel bonus.
    /// `lookahead` passed on, or went elsewhere than, `basic`'s Safe location in 35% of those
    /// travels (100 Ettenmoors Easy games a deck). Default 2, measured against 0 (`basic`, 2,000
    /// pairs a cell): see results/research/ett47.md; 1 was mixed (noldor-questers Easy +2.55
    /// win points, 02-noldor-lore −0.40, 06 Standard progress +0.82).
    safe_hold: 2,
    /// ett47: an attachment that only saves its player from elimination by threat
    /// (`Hint::threat_insurance`: Favor of the Valar) is played only from this threat on; 0:
    /// whenever it is affordable (its attach score). `lookahead` passed where `basic` played it
    /// 61 times in 30 of 100 Ettenmoors Easy games (06-glorfindel-spirit), mostly before round
    /// 6, and played it later. Default 35, measured against 0 (`basic`, seeds 4741 / 4743,
    /// 2,000 pairs): 06-glorfindel-spirit the Ettenmoors Easy +2.55 / +1.35 win points (above
    /// 0), Standard +0.35 / +0.15 (n.s.); seed 4742, 1,000 pairs: Mount Gram Easy +2.90,
    /// Standard +2.10, Intruders Easy +0.40 (above 0); The Battle of Carn Dûm
    /// (carn-dum-vanguard, no wins) progress +0.01 (n.s.) but rounds -0.01 (-0.02 to -0.00),
    /// seed 4745; The Weather Hills (hunters, trackers) within noise or above. 40 did as well on
    /// the 06 cells but shortened Carn Dûm games by 0.02-0.03 rounds (results/research/ett47.md).
    insure_threat: 35,
    /// ett47 (bits): a side quest whose defeat makes an enemy engage
    /// (`Hint::defeat_engages_enemy`: Scavenge for Supplies' Troll) waits. Bit 1: it counts as
    /// one without priority (the current quest only when this round's expected surplus
    /// finishes it); bit 2: it is never the current quest; either way not while the main quest
    /// cannot be defeated. Bit 4: neither while the encounter deck or discard pile holds a
    /// card that punishes a round without side-quest progress (`Hint::punishes_idle_side_quests`:
    /// the Nightmare set's Vast Troll-fells). Bit 8: with 2+ players too (else solo only:
    /// session 47, `noldor-questers` + `war-burglars`, the Ettenmoors Easy, 1,000 games seed
    /// 4763, default 6 against 0: -7.70 (-10.69 to -4.71) win points, games 1.0 round shorter;
    /// the multiplayer table's 3- and 4-seat rows fell too). `lookahead` chose the main quest over `basic`'s
    /// Scavenge for Supplies about 110 times in 100 Ettenmoors Easy games a deck, on every
    /// stage. Default 6 against 0 (`basic`, 2,000 pairs, seeds 4772 / 4773): the Ettenmoors
    /// Easy / Standard win points noldor-questers +4.75 / +2.30 and +4.15 / +1.90,
    /// 06-glorfindel-spirit +2.20 / +1.15 and +0.90 (n.s.) / +0.90, 02-noldor-lore +1.05 (n.s.)
    /// / +1.55 and +1.75 / +1.40; seed 4774 04-rohan-riders +5.25 / +1.80, 07-gondor-leadership
    /// +2.40 / +0.60 (n.s.), core-leadership -1.30 (n.s.) / +0.65 (n.s.); Nightmare identical;
    /// games 0.3-0.8 rounds shorter where it fires. **Doubt:** core-leadership Easy was below 0
    /// on three seeds (-1.05, -0.93, -1.30, each within noise). 2 without bit 4 lost Nightmare
    /// wins (noldor-questers -0.85 (-1.34 to -0.36) s4752, -1.13 (-1.63 to -0.64) s4755); 1
    /// was worse (02-noldor-lore Easy -3.30, s4751): finishing it is what brings the Troll
    /// (results/research/ett47.md).
    side_enemy_wait: 6,
    /// side47: 1: while the main quest is the last stage and this round's expected surplus
    /// finishes it (so questing it wins the game), no side quest is made the current quest;
    /// 0: a prioritised side quest still goes first (the old rule). Against 0 (`basic`, the
    /// Ettenmoors, 2,000 pairs, seeds 4804 / 4805) only the rule's side won: 14 games to 0 over
    /// 12 deck and mode cells (noldor-questers, 02-noldor-lore, 06-glorfindel-spirit, Easy and
    /// Standard), each cell +0.00 to +0.20 win points; 2 seats (noldor-questers +
    /// war-burglars, Easy, seed 4807) +0.30 (+0.06 to +0.54); README cells (seed 4806)
    /// Intruders 21 games to 4; no cell below 0. The wider rule (any stage whose fall this
    /// round is expected) lost 0.9 to 6.1 win points (results/research/side47.md).
    side_main_win: 1,
    /// ett48 (bits): no siege (an enemy engaged and worn down over several rounds, its attack
    /// defended each round) is planned on an enemy that damage makes stronger: a kill in one
    /// attack, or no fight. Bit 1: it grows stronger once damaged (`Hint::hardens_when_damaged`:
    /// Ruthless Hill-troll); bit 2: it makes damage on characters cost more
    /// (`Hint::punishes_damage`: Savage Trollspawn, Goblin Pursuer); bit 4: no siege at all
    /// while a `punishes_damage` card is the main quest, staged or engaged (on the Ettenmoors
    /// it plays as 3). 0: off. 3 against 0 (`basic`, the Ettenmoors, 2,000 pairs, seeds 4846 /
    /// 4847 / 4848), Easy win points noldor-questers +0.90 (n.s.) / +2.15 (+0.83 to +3.46) /
    /// +2.30 (+0.95 to +3.65), 02-noldor-lore +1.15 (+0.49 to +1.80) / +0.40 (n.s.) / +0.80
    /// (+0.03 to +1.57), 06-glorfindel-spirit -0.25 (n.s.) / +1.75 (+0.56 to +2.94) / -0.25
    /// (n.s.); Standard -0.35 to +0.65, none below 0 beyond noise. No other scenario has the
    /// hints (the README cells play identically). 1 alone gained about half as much
    /// (results/research/ett48.md). 7 against 3 (ett49, 2,000 pairs, seeds 4901 / 4902):
    /// Easy plays identically (noldor-questers, 02, 04, 06, 07 and two seats); Standard win
    /// points noldor-questers +0.10 (n.s.) / +0.35 (+0.03 to +0.68), the four foreign decks
    /// -0.00 to +0.05 each (n.s.), over the ten cells 22 discordant pairs to 8; Nightmare
    /// noldor-questers +0.15 / +0.05 (n.s.); two seats (noldor-questers + core-leadership)
    /// Standard +0.65 (+0.07 to +1.23) / +0.25 (n.s.), seeds 4904 / 4905; no cell below 0.
    /// The other README cells (1,000 pairs, seed 4903) play identically but for The Weather
    /// Hills Nightmare (same wins, rounds +0.002) (results/research/ett49.md).
    siege_wary: 7,
    /// ett48: threat per player to spare past the staged threat and the current quest's and
    /// the active location's remaining quest points: when the willpower of the characters not
    /// held back reaches that, the commit plan also holds back those whose willpower is not
    /// needed, weakest questers first (progress past the current quest is lost; a ready
    /// character can defend or attack). 0: off. 6 against 0 (`basic`, 2,000 pairs, seeds 4871
    /// / 4872), the Ettenmoors Easy win points 06-glorfindel-spirit +2.45 (+1.42 to +3.48) /
    /// +0.50 (n.s.), noldor-questers +2.70 (+1.24 to +4.16) / +1.20 (n.s.), 02-noldor-lore +2.20
    /// (+1.16 to +3.24) / +1.95 (+0.93 to +2.97); Standard +0.15 to +1.70, none below 0; two
    /// seats (noldor-questers + core-leadership, 4,000 pairs, seed 4875) Easy +2.08 (+0.76 to
    /// +3.39), Standard +0.60 (+0.01 to +1.19); three seats Easy +1.05 (+0.03 to +2.07). README
    /// cells (1,000 pairs, seed 4873): none below 0 beyond noise; The Wastes of Eriador progress
    /// +0.51 (+0.33 to +0.69) Easy, +0.14 Standard. 2 and 8 measured worse than 6, 12 fires
    /// rarely (results/research/ett48.md).
    surplus_hold: 6,
    /// rh49: resources left in the refresh phase carry over to the next round. Bit 1: there a
    /// resource is not spent on a card's progress-for-resources Action (`Hint::buys_progress`:
    /// Decipher Ancient Texts) unless the resources available now buy all the quest points
    /// the card has left (its progress is otherwise worth something only if the card is
    /// finished later, and the resource buys part of an ally next round). 0: off (the card's own
    /// `play_value` spends whatever is left). `lookahead` passed on `basic`'s Decipher buy in
    /// the refresh phase about 190 times in each 100 Rhudaur games (both decks, Easy and
    /// Standard). 1 against 0 (`basic`, The Treachery of Rhudaur, 2,000 pairs, seeds 4911 /
    /// 4912): weather-hills-loremasters Easy win points +5.10 (+3.98 to +6.22) / +4.65 (+3.61 to
    /// +5.69), Standard +1.30 (+0.77 to +1.83) / +1.15 (+0.63 to +1.68), Nightmare +0.25 (+0.03
    /// to +0.47) / +0.15 (n.s.); rhudaur-investigators Easy +0.55 (+0.17 to +0.93) / +0.25
    /// (n.s.); progress above 0 in all twelve runs (+0.85 to +5.17), games 0.4-0.7 rounds
    /// longer. Two seats (with core-spirit, 1,000 pairs, seed 4914) Easy progress +0.73 (+0.36
    /// to +1.10), Standard +0.23 (n.s.). README cells (seed 1, 10,000 games): Easy 1.40% ->
    /// 6.02%, Standard 0.24% -> 1.48%, Nightmare 0.03% -> 0.19%. Every other README cell
    /// identical (only that card has the hint). Notes: results/research/rh49.md.
    bank_progress: 1,
    /// rh49: 1, while the main quest is a stage without quest points that is left when its
    /// time counters run out (The Treachery of Rhudaur 1B), a current side quest that this
    /// round's willpower (committed and ready, past the staged threat) does not finish makes
    /// progress past the staged threat count as useless (`quest::side_out_of_reach`). The
    /// commit plan keeps the rest of the characters ready. 0: off. `lookahead` committed fewer
    /// characters than `basic` in 222 of its 373 commit-plan overrides (100 Rhudaur Easy games,
    /// weather-hills-loremasters). 1 against 0 (`basic`, 2,000 pairs, seeds 4961 / 4962):
    /// weather-hills-loremasters Easy win points +1.60 (+0.29 to +2.91) / +1.10 (-0.10 to
    /// +2.30), progress +2.28 / +1.77; Standard wins +0.25 / +0.40 (n.s.), progress +1.04 /
    /// +1.22; Nightmare wins -0.15 / +0.25 (n.s.), progress -0.01 / +0.49;
    /// rhudaur-investigators progress Easy +0.62 / +0.62, Standard +0.87 / +0.34, wins within
    /// ±0.15 (n.s.). Every progress number above 0 beyond noise except Nightmare s4961. Games
    /// 0.21 to 0.49 rounds longer. README cells (1,000 pairs, seed 4963): Rhudaur Easy wins +1.80,
    /// progress +2.43 (+0.81 to +4.04), Standard +1.35 (+0.59 to +2.10), Nightmare +0.24 (n.s.);
    /// the other 26 cells identical. Two seats (with core-spirit, seed 4964): within noise.
    deadline_side: 1,
    /// rhc52: what the Clue a side quest turns into is worth while the shadow cards harsher for
    /// a defender without a Clue (`Hint::no_clue_shadow`: The Treachery of Rhudaur's Eerie
    /// Halls, Centuries of Sorrow, Curse of the Years) are still unseen. Each point of questing
    /// stat kept back from such a side quest costs `clue_worth` × (their Attack points left)
    /// × `threat_unit` / (10 × the side quest's points left, at least 5) more. 0: off (measured
    /// a wash, `basic` and in `lookahead`'s rollouts). Silent where no card has the hint (play
    /// identical on the nine other scenarios). Not in `ROLLOUT` (0 there). Measurements:
    /// results/research/rhc52.md.
    clue_worth: 0,
    /// carn53: while each resource a player spends raises his threat
    /// (`Rule::ThreatPerResourceSpent`: The Battle of Carn Dûm's Fortress Walls as the active
    /// location), a card played from hand scores this much less per resource of its cost, and
    /// a card whose cost would take its player's threat to 50 is never played. 0: off
    /// (measured neutral: `basic`, 2,000 pairs, seeds 5331 / 5332, 1 and 10 against 0 move
    /// rounds by −0.009 to +0.003 and progress by 0.00 on Easy and Standard; 1 inside
    /// `lookahead`'s rollouts, 300 pairs, seed 5371: +0.003 / +0.007 rounds, n.s.: a player
    /// kept from the fatal payment loses one quest later). Not in `ROLLOUT` (0 there).
    /// Silent where no card has the rule. Measurements: results/research/carn53.md.
    spend_threat: 0,
    /// lead55 (foreign55's census: a second Elf-friend played on Erestor, a Noldor who had the
    /// first, so it did nothing): 1, an attachment whose whole effect is to give traits
    /// (`Hint::grants_traits`: Elf-friend) goes to a host that lacks one of them, and is not
    /// played while no character of its player lacks one; 0: off (the generic choice: the
    /// best hero). Silent where no card has the hint (the Results decks play identical
    /// games). In `ROLLOUT` too, as in `basic`.
    trait_grant: 1,
    /// foreign56 (Common Cause played in 1-15 of ~200 games of every deck holding it): 1, a
    /// card that exhausts a ready hero to ready an exhausted one (`Hint::swaps_ready_hero`) is
    /// also played in the combat phase once no enemy attack is left when the swap (the ready
    /// hero of least Attack out, the exhausted hero of most Attack in) lets its player's
    /// pooled attacks destroy one engaged enemy more (`planning::swap_attack_gain`), scored
    /// 25; 0: off (only the defence swap of its own value, `hints::hero_swap_value`). Fires
    /// rarely (Common Cause played in about 1 more of 100 Ettenmoors games). 1 against 0
    /// (`basic`, 2,000 pairs): core-leadership Mount Gram Standard +0.30 (+0.02 to +0.58) win
    /// points (seed 5645), Easy +0.05 / +0.05 (n.s., seeds 5643 / 5644), Nightmare +0.05 (n.s.);
    /// on six decks holding Common Cause × Mount Gram / the Ettenmoors / Intruders Easy (seeds
    /// 5641, 5643, 5644; 33 cells) no cell lower, 19 higher by +0.05 to +0.25 (each n.s.).
    /// Silent where no card has the hint. Not in `ROLLOUT` (0 there): inside `lookahead`'s
    /// rollouts a wash (300 pairs, seed 5646: foreign55's steward-gondor Ettenmoors Easy −1.00
    /// (−3.35 to +1.35), core-leadership Mount Gram Easy +0.67 (−0.64 to +1.97)).
    /// results/research/foreign56.md.
    swap_attack: 1,
    /// foreign56 (`lookahead` traces: Hope Rekindled played in the combat phase for its
    /// discount on Hold Your Ground!, which `basic` then does not play because no exhausted
    /// character would use the ready, sense52's `ready_use`): 1, a card whose effect is a
    /// discount on the next Valour event (`Hint::valour_discount`) is played, while its Valour
    /// search is shut, only when a Valour event in hand would itself be played now: affordable
    /// with the discount, `action_value` above 0 and not held back by `ready_use`
    /// (`planning::discount_followed`); 0: off (the card's own value, which counts any Valour
    /// event of positive value). 1 against 0 (`basic`, 2,000 pairs): foreign55's valour-arnor
    /// Mount Gram Easy +0.65 (+0.16 to +1.14), Standard +0.65 (+0.18 to +1.12) win points (seed
    /// 5652; seed 5651 +0.30 / +0.15, n.s.); foreign56's valour-hope Mount Gram Easy +0.35 /
    /// +0.60, Standard +0.45 / +0.20 (n.s.); no cell lower beyond noise (one −0.05). Silent
    /// where no card has the hint (no Results deck holds one: their games are identical). In
    /// `ROLLOUT` too, as in `basic`. results/research/foreign56.md.
    discount_follow: 1,
    /// engage57 (`lookahead` traces: For Gondor! played in the encounter phase before an
    /// optional engagement, where no enemy attacked before combat): 1, a card whose effect only
    /// raises Defense until the end of the phase (`Hint::phase_boost`) counts outside the combat
    /// phase only where an attack can come (`hints::boost_is_idle`): an attack under way, in the
    /// encounter phase up to the engagement checks a staged enemy that attacks when it engages
    /// (`Hint::attacks_when_engaged`), in the quest phase up to staging a card that makes an
    /// immediate attack when revealed (`Hint::reveal_attack`, `Hint::attacks_on_reveals`); 0: the
    /// rule before (those two windows for any enemy, no other attack outside combat).
    /// `lookahead`'s candidate filter has the option of the same name. In `ROLLOUT` too.
    /// results/research/engage57.md.
    defense_windows: 1,
    /// cards58 (census of cards held while payable: Secret Paths played in 29 of 90 `core-lore`
    /// games, `lookahead` in 11 of 20, most after staging): N, a quest action whose whole
    /// effect silences one staged card's threat for the phase (`Hint::staged_threat_cut`) is
    /// also played after staging, before the quest resolves, while characters of its player
    /// quest, when the threat it silences is N or more, or 1 or more and the quest would
    /// otherwise not succeed, and its progress would not be lost past what the active location
    /// and the current quest need (`planning::staged_cut_value`, scored 25 less `pay_wound`'s
    /// wound); 0: off (only the card's own value, before committing). 2 against 0 (`basic`,
    /// 2,000 pairs, seed 5802): war-council (a probe deck) Mount Gram Easy +4.75 (+3.12 to
    /// +6.39), Standard +5.00 (+3.59 to +6.41) win points, the Ettenmoors Standard +0.55 (+0.08
    /// to +1.02); core-lore Mount Gram Standard +0.55 (+0.17 to +0.93); progress higher beyond
    /// noise in 23 of 48 cells of six decks holding the cards, lower in none; one cell's wins
    /// lower (core-lore-spirit the Ettenmoors Standard −0.20 (−0.40 to −0.00), 4 wins against
    /// 7). Results cells (5,000 pairs, seed 5803): noldor-questers the Ettenmoors Easy +0.16 /
    /// Standard +0.08 / Nightmare 0.00 (n.s.), rhun-questers Wrath and Ruin progress +0.02 /
    /// +0.06; the others hold neither card (identical). Not in `ROLLOUT`.
    /// results/research/cards58.md.
    staged_cut: 2,
    /// gap58 (override census: `lookahead` engages Mount Gram's Dungeon Guard and Cruel
    /// Torturer where `basic` passes, and kills them): threat points a kill is worth on top for
    /// each card captured under the enemy (`round_plan::captive_value`: killing it rescues
    /// them), in the optional engagement's and the engaged kills' worth; 0: captives not
    /// counted, the play before. 3 against 0 (Mount Gram, 2,000 pairs, seeds 5851 / 5852, win
    /// points): `silvan-woodmen` Easy +3.45 / +2.60, Standard +2.85 / +1.65; `core-leadership`
    /// Standard +1.50 / +1.75, Easy −0.10 / −0.40 (n.s.); `lore-trackers` Easy +0.95 / +0.95;
    /// no cell lower beyond noise; no other scenario has captives under enemies. Out of
    /// `ROLLOUT` (inside `lookahead`, n.s.). results/research/gap58.md.
    captive_kill: 3,
    /// gap59 (override census, the Ettenmoors: with no enemy engaged, `lookahead` passes where
    /// `basic` travels to a Safe location on stage 1B, Secluded Cave 48 of 50 times on three
    /// cells): a Safe location (`Hint::safe_location`) with at least this many quest points
    /// waits staged while the main quest is a stage where it should (`Hint::safe_wait_stage`:
    /// stage 1B, not 2B or 3B, whose penalties lift while one is active) and no enemy is
    /// engaged with its player; 1: every Safe location; 0: off. 1 against 0 (`basic`, 10,000
    /// pairs, seeds 5903 / 5904, win points): noldor-questers Easy +7.17 / +6.29, Standard
    /// +3.97 / +4.18; probe decks rivendell-council, silvan-woodmen, core-lore-spirit and
    /// war-council +0.2 to +5.4, none lower beyond noise; Nightmare (whose stage 1B has no
    /// hint: waiting there lost −0.9 / −1.1) and the other scenarios play as before. On in
    /// `ROLLOUT` too (inside `lookahead`, 1,000 pairs, seeds 5907 / 5908: Easy +5.80 / +4.80,
    /// Standard +5.90 / +2.60). results/research/gap59.md.
    safe_wait: 1,
    /// wh60 (override census, The Weather Hills 2B: with 2 Savage Counter-attack tokens left,
    /// `lookahead` reveals one more card where `basic` discards a token, mostly at low
    /// threat): on a prompt that trades a token of a Mission whose tokens are lives for one
    /// more encounter card (`Hint::life_or_card`: Cornered Animals' quest-phase choice), the
    /// bot takes the card instead of the second-to-last token while its threat is below this
    /// (discarding would leave one life, which any character destroyed by an attack then
    /// loses); 0: off (the card's own rule: a token while 2 or more are left). Off: 40 against
    /// 0 is within noise everywhere (`basic` 10,000 pairs, win points, seeds 6055 / 6056:
    /// weather-hills-loremasters Easy +0.02 / -0.05, Standard +0.00 / +0.04, progress score
    /// -0.05 to +0.03; weather-hills-trackers +0.00; games 0.01 rounds longer; `lookahead` with
    /// it in the rollouts, 500 pairs: Easy +0.60 (-0.44 to +1.64) / -0.40 (-1.18 to +0.38),
    /// Standard -0.20 (-0.59 to +0.19)). results/research/wh60.md.
    spare_life_threat: 0,
    /// ett60 (override census, the Ettenmoors Standard: `lookahead` passes where `basic`
    /// travels to Barren Moorland, most on stage 3B after a quest that exhausted two characters
    /// or more): a location whose travel cost damages each exhausted character
    /// (`Hint::travel_damages_exhausted`) costs, in travel score (3 a threat point), this much
    /// for each exhausted character of every player, scaled by that damage's cost (`dmg_cost` /
    /// `hero_wound`: 1 for a hero's plain wound, more near death, far more for a character it
    /// destroys, about half for an ally that survives it); 0: off, with `wound_punish` (only
    /// the location's `travel_penalty`, the play before). 4 against 0 (`basic`, 10,000 pairs,
    /// seeds 6027 / 6028, win points): noldor-questers Standard +2.08 / +2.01, Nightmare +0.65
    /// / +0.83; probe decks rivendell-council and silvan-woodmen Standard +0.65 to +1.10,
    /// Nightmare +0.11 to +0.20; Easy (no Barren Moorland) and the other scenarios identical.
    /// Screened on seed 6026 (noldor-questers Standard against 0): 1 +1.88, 2 +1.90, 4 +1.99,
    /// 8 +1.80, 15 +1.55, 30 +1.46. results/research/ett60.md.
    wound_travel: 4,
    /// ett60: with `wound_travel`, this much more travel score for each exhausted character
    /// such a travel cost damages while a card that punishes damage is in play
    /// (`Hint::punishes_damage`: the main quest, e.g. the Ettenmoors 3B, whose damaged
    /// characters lose Willpower; staged or engaged). Screened with `wound_travel` 4 (seed
    /// 6026, noldor-questers Standard against `wound_travel=0`): 0 +0.65, 15 +1.89, 30 +1.99,
    /// 60 +1.99 win points: most of the rule's gain.
    wound_punish: 30,
}

/// The weights of `lookahead`'s rollout policy (and of its own `basic` candidate): the hand-set
/// defaults from before the tuned `threat_unit` / `reveal_threat` (style `handset`), which
/// measured better there (see `threat_unit`), and without ett47's `early_heal` and `safe_hold`
/// (with them, `lookahead` on the Ettenmoors noldor-questers, 300 pairs: Easy -1.00 / -0.33
/// win points, Standard -0.67 / -3.00, seeds 4731 / 4732, each within noise but none above 0)
/// and `insure_threat` and `side_enemy_wait` (all four in the rollouts, seed 4791, 300 pairs:
/// Easy -1.00, Standard -6.33 (-11.39 to -1.27), 06-glorfindel-spirit Easy -4.00); nor
/// ett48's `siege_wary` (3 in the rollouts against the base binary, noldor-questers, 300
/// pairs, seed 4861: Easy -1.33 (-6.31 to +3.65), Standard -2.33 (-6.62 to +1.95): not
/// better; roll49, seed 49121, 1,000 pairs: Easy +0.70 (-1.74 to +3.14), Standard +1.80 (-0.81
/// to +4.41), still not beyond noise). ett48's `surplus_hold` (6, as in `basic`) is on
/// (roll49, `lookahead:rollout=surplus_hold=6` against the default): Intruders in Chetwood
/// Easy weather-hills-loremasters +4.00 (+0.45 to +7.55) win points, 300 pairs, seed 49102,
/// and +2.60 (+0.85 to +4.35), 1,000 pairs, seed 49104; the Ettenmoors noldor-questers Easy
/// +2.20 / +1.40 (1,000 pairs, seeds 49101 / 49103, n.s.), Standard -1.20 / -1.80 / +2.00
/// (seeds 49101 / 49103 / 49105, n.s.);
/// the other README Results cells (300 pairs, seed 49102) within noise; see
/// results/research/roll49.md. side47's `side_main_win` (1, as in `basic`) is on too (session
/// 47, 300 pairs, seed 4811: Easy +0.33 (-0.32 to +0.99), Standard 0.00; roll49,
/// `lookahead:rollout=side_main_win=1`, the Ettenmoors noldor-questers Easy +0.60 (+0.12 to
/// +1.08) / +0.30 (-0.04 to +0.64) win points, 1,000 pairs, seeds 49131 / 49133, Standard
/// +0.10 (n.s.); Intruders Easy / Standard +1.67 / +0.67 (300 pairs, n.s.); won games 0.1-0.2
/// rounds shorter; The Weather Hills, Deadmen's Dike and The Wastes of Eriador Easy identical).
/// ett47's four rules again (roll49, 1,000 pairs, seed 49111):
/// Standard -6.00 (-9.28 to -2.72), games 0.7 rounds shorter: off. ett49's `pay_wound` is
/// off too (measured for `basic` only); wd50's `advance_stall` is on (45, as in `basic`: dd54,
/// Deadmen's Dike Easy +1.33 win points pooled over four seeds, Standard +0.15); gap50's
/// `draw_early` is on (it leaned positive in every run inside the search). sense51's
/// `lethal_travel` and `boosted_quests` are on, as in `basic` (measured with them there), and
/// `rescue_quest` is off, as in `basic`. sense52's `ready_use` is on, as in `basic` (Mount Gram
/// `lookahead` against `lookahead:rollout=ready_use=0`: +4.60 and +5.20 wins, 500 pairs).
/// foreign56's `discount_follow` is on, as in `basic`; its `swap_attack` is off (a wash there).
/// cards58's `staged_cut` is off (`lookahead` with it in the rollouts, war-council Mount Gram
/// Easy, 300 pairs, seed 5804: -2.00 (-6.33 to +2.33) win points; its search already weighs
/// the card after staging).
pub const ROLLOUT: Weights = Weights {
    threat_unit: 12,
    reveal_threat: 2,
    early_heal: 0,
    safe_hold: 0,
    insure_threat: 0,
    side_enemy_wait: 0,
    siege_wary: 0,
    pay_wound: 0,
    // foreign56: the attack swap of a Common Cause is `basic`'s only (a wash in the rollouts).
    swap_attack: 0,
    // cards58: the after-staging threat cut is `basic`'s only (not better in the rollouts).
    staged_cut: 0,
    // gap58: captives under an enemy are `basic`'s only (`lookahead` already engages such
    // enemies in its search; in the rollouts within noise, results/research/gap58.md).
    captive_kill: 0,
    // mp59: an attachment that exhausts its bearer waits for a host of its own seat in
    // `basic` only (not measured inside `lookahead`); `table_guard` is on in both.
    own_host: 0,
    // mp60: the last seat's hold-back is `basic`'s only (not measured inside `lookahead`).
    team_hold: 0,
    // gap59: `safe_wait` is on in the rollouts too (`lookahead:rollout=safe_wait=1` against
    // `lookahead`, 1,000 pairs: the Ettenmoors Easy +5.80 / +4.80, Standard +5.90 / +2.60).
    // ett60: `wound_travel` / `wound_punish` are on in the rollouts too
    // (`lookahead` against `lookahead:rollout=wound_travel=0`, the Ettenmoors noldor-questers,
    // 1,000 pairs: Standard +1.30 / +1.80 win points, seeds 6029 / 6030, pooled +1.55 (+0.06 to
    // +3.04); Nightmare -0.80 (-2.07 to +0.47) seed 6029, +0.20 (-1.68 to +2.08) seed 6031).
    // (`lookahead` sets `bank_progress` and `deadline_side` from its options of the same
    // names, both 1 by default, rh49 / rhb49; the handset style keeps `basic`'s.)
    ..DEFAULT
};

/// A named style: (name, what it plays like, the weights it changes from the defaults).
pub type Style = (&'static str, &'static str, &'static [(&'static str, i32)]);

/// The named styles.
pub const STYLES: &[Style] = &[
    ("balanced", "the defaults", &[]),
    (
        "cautious",
        "keeps defenders back, engages only cheap fights, never lets the quest fail badly",
        &[
            ("acceptable", 200),
            ("park_damage", 20),
            ("deficit_cap", 1),
            ("kill_rounds", 3),
        ],
    ),
    (
        "aggressive",
        "engages and kills: long kill credit, dear defences accepted, quest deficits tolerated",
        &[
            ("acceptable", 700),
            ("park_damage", 80),
            ("deficit_cap", 5),
            ("kill_rounds", 8),
            ("park_rounds", 3),
        ],
    ),
    (
        "handset",
        "the hand-set weights before `lotr-sim tune` (threat_unit 12, reveal_threat 2): what \
         `lookahead`'s rollouts play",
        &[("threat_unit", 12), ("reveal_threat", 2)],
    ),
    (
        "rush",
        "quests with everything: willpower kept back is dear, few optional engagements",
        &[
            ("threat_unit", 20),
            ("deficit_cap", 0),
            ("kill_rounds", 3),
            ("park_rounds", 1),
        ],
    ),
];

impl Weights {
    /// The value of weight `name`.
    pub fn get(&self, name: &str) -> Option<i32> {
        let mut w = *self;
        w.slot(name).map(|s| *s)
    }

    /// Set weight `name` to `value` (an integer).
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), String> {
        let v: i32 = value
            .trim()
            .parse()
            .map_err(|_| format!("basic: {name}={value}: the value must be an integer"))?;
        match self.slot(name) {
            Some(s) => {
                *s = v;
                Ok(())
            }
            None => Err(format!(
                "basic: no option `{name}`; the options are style ({}) and {}",
                STYLES.iter().map(|s| s.0).collect::<Vec<_>>().join(", "),
                PARAMS.iter().map(|p| p.0).collect::<Vec<_>>().join(", ")
            )),
        }
    }

    /// The weights of style `name`.
    pub fn style(name: &str) -> Result<Weights, String> {
        let Some((_, _, changes)) = STYLES.iter().find(|s| s.0 == name) else {
            return Err(format!(
                "basic: no style `{name}`; the styles are {}",
                STYLES.iter().map(|s| s.0).collect::<Vec<_>>().join(", ")
            ));
        };
        let mut w = DEFAULT;
        for (k, v) in changes.iter() {
            *w.slot(k).expect("a style names known weights") = *v;
        }
        Ok(w)
    }

    /// The weights from `--bot basic:...` options: `style=NAME` first (whatever its place in the
    /// list), then every other option in order on top of it.
    pub fn from_options(opts: &[(String, String)]) -> Result<Weights, String> {
        let mut w = DEFAULT;
        for (k, v) in opts {
            if k == "style" {
                w = Weights::style(v.trim())?;
            }
        }
        for (k, v) in opts {
            if k != "style" {
                w.set(k, v)?;
            }
        }
        Ok(w)
    }
}

thread_local! {
    static CURRENT: Cell<Weights> = const { Cell::new(DEFAULT) };
    /// The bot (`BasicBot::id`) whose weights `CURRENT` holds; 0 after a plain `install`.
    static CURRENT_BOT: Cell<u64> = const { Cell::new(0) };
}

/// Ids of `BasicBot`s (`install_for`), from 1.
static NEXT_BOT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

/// A new bot id for `install_for` (never 0).
pub(super) fn new_bot_id() -> u64 {
    NEXT_BOT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

/// The weights of the decision being made on this thread.
pub(super) fn w() -> Weights {
    CURRENT.with(|c| c.get())
}

/// Make `w` the weights of the decisions made on this thread from now on.
pub(super) fn install(w: Weights) {
    CURRENT.with(|c| c.set(w));
    CURRENT_BOT.with(|b| b.set(0));
}

/// `install` of the weights `w` of the bot numbered `bot` (`new_bot_id`; its weights never
/// change): nothing to copy when that bot's weights are the installed ones already (its
/// decisions follow each other on one thread, a copy per decision cost 0.5% of a game).
#[inline]
pub(super) fn install_for(bot: u64, w: &Weights) {
    if CURRENT_BOT.with(|b| b.get()) != bot {
        install(*w);
        CURRENT_BOT.with(|b| b.set(bot));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `install_for` copies a bot's weights only when another bot's (or a plain `install`'s)
    /// are the installed ones: decisions of two bots taking turns on one thread each see their
    /// own weights.
    #[test]
    fn install_for_installs_the_deciding_bots_weights() {
        let a = DEFAULT;
        let b = Weights::from_options(&[("threat_unit".to_string(), "99".to_string())]).unwrap();
        assert_ne!(a.threat_unit, 99);
        let (ia, ib) = (new_bot_id(), new_bot_id());
        assert!(ia != 0 && ib != 0 && ia != ib);
        install_for(ia, &a);
        assert_eq!(w().threat_unit, a.threat_unit);
        install_for(ib, &b);
        assert_eq!(w().threat_unit, 99);
        install_for(ib, &b);
        assert_eq!(w().threat_unit, 99);
        install(a);
        assert_eq!(w().threat_unit, a.threat_unit);
        install_for(ib, &b);
        assert_eq!(
            w().threat_unit,
            99,
            "a plain install forgets which bot's are installed"
        );
        install_for(ia, &a);
        assert_eq!(w().threat_unit, a.threat_unit);
    }

    /// The defaults are what `tune` found over 14 cells (helper tune39); style `handset` and
    /// `ROLLOUT` (lookahead's rollout policy) keep the hand-set pair and nothing else differs,
    /// except that `ROLLOUT` also plays without ett47's `early_heal`, `safe_hold`,
    /// `insure_threat` and `side_enemy_wait` and ett48's `siege_wary` (side47's `side_main_win`
    /// and ett48's `surplus_hold` are on in both: roll49).
    #[test]
    fn tune55_defaults_are_the_tuned_weights_and_rollouts_keep_the_handset_ones() {
        assert_eq!((DEFAULT.threat_unit, DEFAULT.reveal_threat), (19, 3));
        let h = Weights::style("handset").unwrap();
        let ett47 = |w: &Weights| {
            (
                w.early_heal,
                w.safe_hold,
                w.insure_threat,
                w.side_enemy_wait,
                w.siege_wary,
            )
        };
        assert_eq!(ett47(&ROLLOUT), (0, 0, 0, 0, 0));
        // ett49: `pay_wound` is off in the rollouts (not measured for `lookahead`).
        assert_eq!((ROLLOUT.pay_wound, h.pay_wound), (0, DEFAULT.pay_wound));
        // gap50: `draw_early` is on in the rollouts, as in `basic`.
        assert_eq!(ROLLOUT.draw_early, DEFAULT.draw_early);
        assert_ne!(ROLLOUT.draw_early, 0);
        // sense51: `lethal_travel` on and `rescue_quest` off in the rollouts, as in `basic`.
        assert_eq!(ROLLOUT.lethal_travel, DEFAULT.lethal_travel);
        assert_ne!(ROLLOUT.lethal_travel, 0);
        assert_eq!((ROLLOUT.rescue_quest, DEFAULT.rescue_quest), (0, 0));
        assert_eq!(ROLLOUT.boosted_quests, DEFAULT.boosted_quests);
        assert_ne!(ROLLOUT.boosted_quests, 0);
        // sense52: `ready_use` on in the rollouts, as in `basic`.
        assert_eq!(ROLLOUT.ready_use, DEFAULT.ready_use);
        assert_ne!(ROLLOUT.ready_use, 0);
        // gap58: `captive_kill` is `basic`'s only.
        assert_eq!(ROLLOUT.captive_kill, 0);
        assert_ne!(DEFAULT.captive_kill, 0);
        // gap59: `safe_wait` on in both (lead59 turned it on in the rollouts).
        assert_eq!((DEFAULT.safe_wait, ROLLOUT.safe_wait), (1, 1));
        // ett60: `wound_travel` and `wound_punish` on in both.
        assert_eq!((DEFAULT.wound_travel, ROLLOUT.wound_travel), (4, 4));
        assert_eq!((DEFAULT.wound_punish, ROLLOUT.wound_punish), (30, 30));
        // rhc52: `clue_worth` is off in `basic` and in the rollouts (a wash in both).
        assert_eq!((ROLLOUT.clue_worth, DEFAULT.clue_worth), (0, 0));
        // wd50 / dd54: `advance_stall` is on in the rollouts, as in `basic`.
        assert_eq!(ROLLOUT.advance_stall, DEFAULT.advance_stall);
        assert_ne!(ROLLOUT.advance_stall, 0);
        assert_ne!(ett47(&h), (0, 0, 0, 0, 0));
        // roll49: on in the rollouts, as in `basic`.
        assert_eq!(ROLLOUT.surplus_hold, DEFAULT.surplus_hold);
        assert_eq!(ROLLOUT.side_main_win, DEFAULT.side_main_win);
        assert_ne!((ROLLOUT.surplus_hold, ROLLOUT.side_main_win), (0, 0));
        // foreign56: `discount_follow` on in both, `swap_attack` in `basic` only.
        assert_eq!((DEFAULT.discount_follow, ROLLOUT.discount_follow), (1, 1));
        assert_eq!((DEFAULT.swap_attack, ROLLOUT.swap_attack), (1, 0));
        // engage57: `defense_windows` on in both.
        assert_eq!((DEFAULT.defense_windows, ROLLOUT.defense_windows), (1, 1));
        // cards58: `staged_cut` in `basic` only.
        assert_eq!((DEFAULT.staged_cut, ROLLOUT.staged_cut), (2, 0));
        // mp59: `own_host` in `basic` only, `table_guard` in both.
        assert_eq!((DEFAULT.own_host, ROLLOUT.own_host), (1, 0));
        assert_eq!((DEFAULT.table_guard, ROLLOUT.table_guard), (1, 1));
        // mp60: `team_hold` in `basic` only.
        assert_eq!((DEFAULT.team_hold, ROLLOUT.team_hold), (4, 0));
        assert_eq!(
            Weights {
                early_heal: h.early_heal,
                safe_hold: h.safe_hold,
                insure_threat: h.insure_threat,
                side_enemy_wait: h.side_enemy_wait,
                siege_wary: h.siege_wary,
                pay_wound: h.pay_wound,
                swap_attack: h.swap_attack,
                staged_cut: h.staged_cut,
                captive_kill: h.captive_kill,
                own_host: h.own_host,
                team_hold: h.team_hold,
                ..ROLLOUT
            },
            h
        );
        assert_eq!((h.threat_unit, h.reveal_threat), (12, 2));
        let mut d = h;
        d.threat_unit = DEFAULT.threat_unit;
        d.reveal_threat = DEFAULT.reveal_threat;
        assert_eq!(d, DEFAULT, "handset changes only its two weights");
    }

    #[test]
    fn styles_and_options_set_the_named_weights() {
        let opts = |s: &[(&str, &str)]| -> Vec<(String, String)> {
            s.iter()
                .map(|(a, b)| (a.to_string(), b.to_string()))
                .collect()
        };
        assert_eq!(Weights::from_options(&[]).unwrap(), DEFAULT);
        let w = Weights::from_options(&opts(&[("threat_unit", "14"), ("style", "aggressive")]))
            .unwrap();
        assert_eq!(w.threat_unit, 14);
        assert_eq!(w.kill_rounds, 8);
        assert_eq!(w.acceptable, 700);
        for (name, _, changes) in STYLES {
            let s = Weights::style(name).unwrap();
            for (k, v) in changes.iter() {
                let mut probe = DEFAULT;
                probe.set(k, &v.to_string()).unwrap();
                assert_ne!(probe, DEFAULT, "{name}: {k} changes nothing");
                assert_eq!(*s.clone().slot(k).unwrap(), *v);
            }
        }
        let e = Weights::from_options(&opts(&[("threat", "3")])).unwrap_err();
        assert!(e.contains("threat_unit") && e.contains("style"), "{e}");
        assert!(Weights::from_options(&opts(&[("threat_unit", "x")])).is_err());
        assert!(Weights::style("reckless")
            .unwrap_err()
            .contains("aggressive"));
    }
}
