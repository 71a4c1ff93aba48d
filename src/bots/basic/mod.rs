//! `basic`: a careful, rule-of-thumb player. Deterministic (it uses no randomness at all, so the
//! seed changes nothing), stateless between decisions (every choice is recomputed from the game
//! state) and allocation-free per decision (fixed-size stack buffers only).
//!
//! It names no card: what it knows about a card is that card's `Script::hint`
//! (`crate::cards::hints`), read with `hint(g, c)`; the valuation helpers below (`char_value`,
//! `damage_cost`, the option pickers ...) live in `cards::hints` too, for the hints' functions.
//!
//! # How it decides, per [`Ask`]
//!
//! Values used throughout:
//! * **character value** (`char_value`): heroes `100 + 3·(WP+ATK+DEF+HP)`, allies
//!   `4·cost + 2·(WP+ATK+DEF) + HP`, objective-allies (Iârion: losing him loses the game) `100000`.
//! * **damage cost** (`damage_cost`): what `n` damage on a character costs. If it dies:
//!   `5000 + 10·value` for a hero, `80 + 5·value` for an ally (a Guard of the Citadel chump costs
//!   150). If it survives: `15·n` on a hero, plus 40 if left with ≤ 2 hit points and 60 more if
//!   left with 1; `8·n` on an ally. Objective-allies never take damage willingly (1000000).
//!   A cost ≤ 400 (`ACCEPTABLE`) is an acceptable defence when deciding to engage.
//!
//! **Mulligan** — mulligan (Yes) when no card in hand is castable within the first two rounds
//! (cost ≤ 2 × heroes of its sphere, any hero for neutral; +1 per hero in Easy mode), or when the
//! hand holds fewer than 2 allies/attachments. Otherwise keep (No).
//!
//! **Planning** (`planning`) — every `Play`/`Activate` option is scored; the best positive score
//! is taken, else Pass. Allies score `50 + 10·(WP+ATK+DEF)/cost` (allies first: unique allies
//! already in play are never offered by the engine); attachments score by their `Hint::attach`
//! (their target is chosen later, see Effect); events and abilities by `action_value`.
//! A card is not played if it would leave fewer Spirit resources than the key responses in hand
//! need (A Test of Will, Hasty Stroke: `Hint::key_response`).
//!
//! **Action windows** (`action`) — `Play`/`Activate` options are scored by `action_value`, each
//! card's `Hint::play_value` (a function beside the card's script) with a condition on the current state (heal a hero at risk, threat
//! reduction at threat ≥ 35 or when it keeps a staged enemy from engaging this round (The Galadhrim's
//! Greeting after the staging step), draw when the hand is small, +WP before committing, ready an
//! exhausted hero before combat, cancel an attack by the strongest engaged enemy ...). Unknown
//! cards score 0: Pass.
//!
//! **Round plan** (`round_plan`) — made at each `Commit` decision and again at `OptionalEngage`.
//! Costs are in damage-cost units; one threat point is `THREAT_UNIT` (12): a point of willpower
//! kept out of the quest costs one (it raises threat or loses progress). 1) A defender is
//! reserved, greedily, for every enemy that will attack this round (engaged enemies, strongest
//! first; with engagement checks, also staged enemies whose engagement cost ≤ threat): the
//! character with the cheapest defence + keep cost, if cheaper than taking the attack undefended.
//! Before the optional engagement too, the staged enemies the engagement checks will engage
//! next count among those (`checks_ahead`), and an enemy that attacks at once when it engages
//! (`Hint::attacks_when_engaged`: Cornered Orc, Champion of Rhûn) counts twice (`engage_attacks`).
//! On a stage without quest points or while kills advance the quest (The Weather Hills 1B), one more for an enemy the staging
//! step may reveal and that would engage at once (`reveal_defender`: the share of the encounter
//! deck's cards that are such enemies, from its known contents, not its order): the cheapest
//! keep cost + that share of its defence, if below `reveal_fight` (200) percent of that share
//! of the undefended hit (measured, 2,000 paired games: The Weather Hills progress score +0.32
//! Easy and +0.19 Standard with it on every stage, but −0.4 to −0.7 on Deadmen's Dike, where
//! willpower kept back costs progress; so only there).
//! **Explore reveals** (`explore_defender`): where exploring the active location reveals cards
//! from a pile (`Hint::explore_reveals`: The Weather Hills 1B and its Orc deck) and the
//! location is within reach of this round's willpower, one more defender is kept for the
//! enemy that comes (the share of the pile's known contents that engage at once), when its
//! willpower costs less than `explore_fight` (200) percent of that share of the undefended hit
//! (measured, 2,000 paired games, chetwood-vigil: The Weather Hills +0.36 rounds Easy and
//! +0.38 Standard, progress score +0.09 / +0.07 within the noise; nothing else changes).
//! **Explore attack** (`explore_attack_defender`): where a staged enemy attacks the first
//! player after the active location is explored unless he declines at a cost
//! (`Hint::explore_attack`: Thane Ulchor, whose other branch stages a location), one more
//! character the quest can spare is kept for that attack when its willpower and defence cost
//! less than declining (`explore_attack`); and on a control-race stage travel considers every
//! staged location (`race_travel`).
//! **Next stage's enemy** (`advance_defender`): where defeating the current stage brings an
//! enemy that engages at once (`Hint::advance_attack`: Deadmen's Dike 1B, whose next stage adds
//! Thaurdir, engagement cost 1) and the willpower outside the plan's keep is expected to defeat
//! the stage this round, one more defender is kept for that attack (+1 for a shadow card) when
//! its willpower and defence cost less than `advance_fight` (100) percent of the undefended hit
//! (measured, 2,000 paired games, dike-wayfarers, seeds 11 and 12: Standard +0.08 / +0.10
//! rounds, progress score +0.02 / +0.03; Easy +0.08 / +0.09 rounds, +0.04 / +0.07; no other
//! scenario has the hint).
//! **Surplus held for the next stage** (`quest::advance_hold`, dike46): solo, where the next
//! stage also reveals encounter cards as it comes (`Hint::advance_reveals`: Deadmen's Dike 1B)
//! and the commit finishes the stage and the active location with `advance_hold` (2) threat
//! per player to spare, the characters not needed for that stay ready for the attacks that
//! come the same round (Deadmen's Dike rhudaur-guard, 4,000 pairs, three seeds: progress score
//! +0.14 to +0.41 Standard and Easy, rounds +0.12 to +0.14; results/research/dike46.md).
//! **The stage waits** (`quest::advance_stall`, wd50): on the same stage, solo, below
//! `advance_stall` (45) threat, a commit that would finish the stage is cut down to what beats
//! the staged threat and explores the active location with 1 to spare, the weakest questers
//! held back (Deadmen's Dike rhudaur-guard Easy wins +0.35 to +0.45 points, progress score
//! lower; results/research/wd50.md). In the rollouts since dd54 (`lookahead` Easy +1.33 win
//! points pooled over four seeds; results/research/dd54.md).
//! Planned attacks are Attack + 1 (a shadow card) + the enemy's own
//! `Hint::expected_attack_bonus` (`attack_bonus`; Baleful Shade: measured on Deadmen's Dike,
//! dike-stewards, progress score +0.37 Easy and +0.16 Standard, rounds −0.25 / +0.01).
//! Off by default after measuring: `stack_damage` (each planned defence or undefended hit
//! counts in the costs of the next attacks), `hero_wound` (the cost of a damage point a hero
//! survives, 15) and `save_threat` (resources saved for a `Hint::threat_reduction` card).
//! 2) Optional engagement (only if every such enemy got a defender): each staged enemy is scored
//! by what it costs per round while staged (`staged_cost`: its threat, +1 when engagement checks
//! are off — it never engages on its own, and Intruders in Chetwood also raises threat per staged
//! enemy). Its defender is the cheapest free one (defence + keep cost ≤ `ACCEPTABLE`), or none if
//! taking it undefended is acceptable and cheaper. If the other free characters can kill it this
//! round (`kill_set`: exhaustive search over ≤ 12 characters for the lowest keep cost + ΣATK with
//! ΣATK − DEF ≥ remaining HP; an enemy shielded from damage only while staged, as under Orc War
//! Party, counts as killable once engaged) it scores `KILL_ROUNDS` (5)·per-round cost − defence −
//! kill set (measured, Intruders in Chetwood Easy, core-leadership, 3,000 games: 3 rounds and no
//! shield exception 0.97% wins, with both changes 2.10%); else
//! it may be **parked** (engaged and defended every round, chipped at when possible): only with a
//! real defender whose expected damage costs ≤ `PARK_DAMAGE`, scoring `PARK_ROUNDS`·(per-round
//! cost − the defender's questing stat) − that damage. The best positive score is engaged; its
//! defender and kill set are kept. With an affordable attack-cancelling event in hand and no
//! other attack this round (`engage_cancel`), an enemy of Attack ≥ 3 costs no defence this
//! round: a kill or siege counts a defence from the next round on, and one it cannot kill is
//! parked for `PARK_ROUNDS` of its staged cost less one later defence. 3) With who is left, the cheapest kill of an engaged enemy
//! worth (ATK + per-round cost)·`THREAT_UNIT`·`KILL_ROUNDS` − kill-set cost > 0 is kept too.
//! At `OptionalEngage` the quest is over, so keep costs are 0 (ready characters are free) and the
//! plan's enemy is engaged (else Pass).
//!
//! **Commit** (`commit`) — every ready character that the round plan does not keep and whose
//! questing stat is > 0 is committed, highest first (heroes before allies on ties): every point
//! of willpower either lowers the threat raise of a failed quest or adds progress. Characters
//! with 0 in the questing stat are never committed. **Hold-back cap**: the plan may not make the
//! quest fail badly. The expected deficit (`quest_deficit`: staging threat + `REVEAL_THREAT` (2)
//! per player − strength already committed − the questing stat of every ready character the
//! plan does not keep) must be ≤ `DEFICIT_CAP` (2); if not, the plan is redone without step 3
//! (the kill of an engaged enemy), then, if still over, without step 2 (optional engagement).
//! Step 1's defenders are always kept. **No useless progress**: on a stage without quest points
//! (The Weather Hills 1B) committing stops (`Done`) as soon as the committed strength is ≥ the
//! staging threat + `spare_reveal` (1) per player + the active location's remaining quest
//! points; the rest stay ready for combat (measured: +0.4 to +1.1 rounds survived in The
//! Weather Hills Easy, fewer dead heroes; covering a full expected reveal of 2 instead of 1 cost
//! 0.5 rounds and 0.25 progress points, paired, The Weather Hills Standard).
//!
//! **Kills that advance the quest** — while a card in play hints `kills_advance_quest` (The
//! Weather Hills' Hunting the Orcs: four kills reach stage 2) every planned kill or siege of
//! steps 2 and 3 is worth `quest_kill` (15) threat points more, so Orcs that take a few rounds
//! to wear down are engaged and fought.
//!
//! **Current quest** (`current_quest`) — a side quest is chosen when it has a
//! `Hint::side_quest_priority` (Rescue Iârion always first: his time counters lose the game), when its
//! remaining quest points ≤ the progress we expect to make, or when the main quest cannot be
//! defeated now anyway; otherwise the main quest. Orc Rearguard (`Hint::side_quest_reveals_more`) is skipped when the
//! expected surplus is ≤ 0 (as the current quest it reveals one more card, and no progress is
//! expected), unless the main quest cannot be defeated anyway. A side quest that cannot take
//! progress now (no quest points: Make a Stand; or `Rule::CannotPlaceProgress`, by Night) is never
//! chosen. By Day where quest cards take progress only by Day (`day_main`, The Wastes of
//! Eriador) a side quest is chosen only when the expected surplus finishes it. A stage that cannot
//! be defeated while its `Hint::quest_damage_target` lives is not read as blocked while that
//! enemy cannot take damage yet (`gate_quest`: Wastes 3B, Pack Leader below 5 progress).
//!
//! **Travel** (`travel`) — each location scores `3·threat − remaining quest points`, minus
//! `Hint::travel_penalty` for known painful travel costs, and minus 1000 for Chetwood Forest
//! (`Hint::travel_engages_enemy`: travelling makes us engage a staged enemy) when even the weakest staged enemy could
//! not be defended at an acceptable cost by the characters still ready; travel to the best if its
//! threat ≥ 2 or it could be explored next round, else Pass. A location that forbids threat
//! reduction while staged (`Hint::blocks_threat_reduction`: Outlying Homestead) gets
//! `3·blocker_travel` more; at the default −40 it is never travelled to.
//!
//! **Optional engagement** (`optional_engage`) — the round plan's enemy (see above), else Pass;
//! the plan never picks an enemy that cannot be optionally engaged.
//! **Engagement ties**: the enemy with the lowest attack.
//!
//! **Attacking enemy order** — the engaged enemy with the highest attack attacks first, so the
//! best defender is still free for it.
//!
//! **Defender** (`defender`) — cost of each candidate = damage cost of `ATK(+1 per shadow card)
//! − DEF` on it, plus twice its attack (it will not attack back); cost of Undefended = the cheapest
//! hero damage cost of the full attack (with `shadow_risk` below 100, each cost is that share of
//! the cost with the shadow cards' +1 and the rest of the cost at the printed Attack; off by
//! default, measured). With `plan_intent` (bit 1, on) a candidate whose exhaustion loses a kill
//! the ready characters could make this combat costs that kill's worth on top. Take the
//! cheapest; `Done` when a defender is already
//! declared (multi-defend). **Undefended hero**: the hero with the lowest damage cost (most
//! remaining hit points, never one it kills if another survives). **Which defender takes the
//! damage**: the lowest damage cost.
//!
//! **Attacks** (`attack_target`, `attacker`) — for every enemy we may attack, the cheapest set of
//! ready characters (exhaustive search over ≤ 12 candidates, cost = ΣATK, then fewest characters)
//! with ΣATK − DEF ≥ remaining HP; attack the killable enemy with the highest threat + attack.
//! Each `Attacker` decision recomputes the plan from the attackers already declared and adds the
//! strongest member of the cheapest killing set; `Done` once the attack kills. When no engaged
//! enemy can be killed, the bot still **chips** at the enemy engaged with it that it can hurt most
//! if that deals ≥ 1 damage (damage on enemies stays; attackers are readied at refresh anyway) —
//! a deliberate extension for enemies like Orc War Party that no one round can kill.
//!
//! **Archery** — one damage at a time on the character with the lowest damage cost of 1 (allies
//! with spare hit points first, then heroes with the most remaining hit points).
//!
//! **Responses** (`response`) — cancels (A Test of Will, Eleanor) on revealed treacheries
//! except those hinted `mild_treachery`; Hasty Stroke on a shadow card when the attack could
//! destroy a defender or is undefended; everything whose `action_value` is positive
//! for the event; abilities of cards in play not in the table are used (free responses); events
//! from hand not in the table are not (they cost a card and resources).
//!
//! **Effect prompts** (`effect`) — playing an attachment: the target by `Hint::attach` (weapon
//! → best attacker, armor → best defender, willpower → best quester, resources → hero whose sphere
//! has most cards in hand, enemy → strongest engaged enemy, location → highest threat). Otherwise,
//! by who resolves the effect: an encounter card's prompt is harmful, so `Card` → the least
//! valuable (lowest `harm_cost`: cheap allies that survive, never Iârion); a player card's prompt
//! is beneficial, so `Card` → our most valuable character, or the most dangerous enemy, or the
//! location with the most threat. `Mode(k)` by `Hint::preferred_mode` (default the first), `Player(p)` → the
//! player with the fewest cards in hand (beneficial) or the lowest threat (harmful), `Yes` for
//! player cards; Pass/Done only when nothing else is offered.
//!
//! Known prompts come first (`known_effect`: the card's `Hint::damage_prompts`, then its
//! `Hint::effect`, a function beside the card's script): Angmar Orc (discard an ally worth ≤ 20, else
//! reveal one more card), Chetwood Forest's shadow (exhaust the ready hero with the least attack
//! rather than let the attacker return to the staging area), Borders of Bree-land and Surprising
//! Speed (send back the engaged enemy with the most HP + DEF left, the one we are least likely to
//! kill), Pressing Needs (switch to the main quest rather than reveal a side quest; if a side
//! quest must be revealed, the least harmful by `Hint::side_quest_harm`), Weight of Responsibility's
//! shadow (discard the cheapest attachment), Gandalf (reduce threat at ≥ 30, else deal 4 damage
//! when an enemy has ≤ 4 HP left, else draw 3). The Weather Hills: damage prompts in
//! `Hint::damage_prompts` put each pick where it costs least (`damage_cost`); Cornered Animals discards
//! a Savage Counter-attack token while 2 or more are left, else reveals one more card (option
//! `spare_life_threat`, off by default: with 2 left and the player's threat below it, one more
//! card too; the prompt is typed `Hint::life_or_card`, wh60); Tragic
//! Discovery's shadow takes the attack undefended when 3 threat would eliminate or the hit on a
//! hero costs less than the defenders' damage plus 3 threat; encounter heals (Make Camp,
//! Sheltered Valley) go to the most damage on the most valuable character; Concealed Orc-camp's
//! token is always placed and its fetched Orc is the least dangerous; Rain-washed Tracks (Nightmare)
//! takes a Mission token unless Savage Counter-attack is down to 2, and its +8 threat outside the
//! quest phase. Travel: Sheltered Valley's
//! Mission-token cost is avoided when Savage Counter-attack has ≤ 2 tokens; on a stage without
//! quest points every location is worth travelling to; such a stage counts as one that cannot be
//! defeated when choosing the current quest.
//!
//! Angmar Awakened player cards (The Wastes of Eriador, Escape from Mount Gram) have their own
//! `play_value` hints (when a response or action is worth it) and `effect` hints (Honour
//! Guard's Valour version only to save a character worth more than the Guard, Scout Ahead takes
//! the most harmful encounter card, Distant Stars the shortest location, Keen as Lances: threat
//! at ≥ 35, else cards with ≤ 3 in hand, else resources).
//! when an enemy has ≤ 4 HP left, else draw 3). Deadmen's Dike, where an empty deck eliminates:
//! Unnatural Fog (mill one card per questing character only when the deck keeps ≥ 15 cards and
//! more willpower than cards is at stake, else leave the quest), A Fell Wraith (mill 3 with ≥ 15
//! cards in the deck, else Thaurdir goes back to the staging area), Norbury Tombs (always shuffle
//! the discarded cards back), Thaurdir's Damned (each damage point where its marginal damage
//! cost, counting damage already assigned, is lowest), Baleful Shade's shadow (exhaust the ready
//! character with the least attack and value), Deadmen's Gate's shadow (the cheapest attachment).
//! Deadmen's Dike Nightmare: Palace Ruins' Action only in the quest phase after staging, when
//! the quest would fail, for X = the threat short (at most its Threat, keeping 15 deck cards);
//! Decrepit City's shadow mills 3 unless the undefended hit costs less than the defenders'
//! damage plus the 3 cards (cheap with 18+ cards left, dear below); Paralyzing Fear's hero is
//! readied by discarding while the deck holds more than 5 cards; Gather Your Courage is a side
//! quest worth clearing (its cards return to the decks).
//!
//! **Damage splits and direct damage** (helper `dd2`, measured in `weights`) — a prompt that
//! spreads damage over our characters one point a pick (`Hint::damage_split`: Thaurdir's
//! Damned) gives each point to the first character of the cheapest whole split
//! (`cheapest_split`: exhaustive over the points left; nobody dies if some split spares all,
//! else the least valuable, Iârion last). A prompt that deals damage to a chosen enemy
//! (`Hint::enemy_damage`: Gandalf) picks the enemy whose hit points hold the quest
//! (`Hint::quest_damage_target`: Thaurdir on Deadmen's Dike 2B), else one the damage
//! destroys, else the most dangerous engaged enemy; its damage mode
//! (`Hint::enemy_damage_mode`) is taken while that quest target is in play and threat is
//! below `quest_damage_mode` (45).
//!
//! **Unknown decisions** — the first option that is not Pass/Done/No/Undefended, else index 0.

mod tables;
use tables::*;
pub mod weights;
#[cfg(test)]
use weights::install;
use weights::{install_for, w, Weights};
mod planning;
use planning::*;
mod quest;
use quest::*;
mod round_plan;
use round_plan::*;
mod combat;
use combat::*;
mod effects;
use effects::*;
mod seats;
use seats::*;
#[cfg(test)]
mod tests;

use super::Bot;
use crate::cards::hints::*;
use crate::cards::Rule;
use crate::data::{CardType, Mode, Sphere};
use crate::engine::{
    Ask, CardId, CommitSet, Decision, Event, Game, Lasting, Opt, Phase, Stat, Zone, ENCOUNTER,
    NO_CARD,
};

pub struct BasicBot {
    weights: Weights,
    /// Its number for `weights::install_for` (the weights never change after `with_weights`).
    id: u64,
    memo: CommitMemo,
}

impl BasicBot {
    /// The bot with the default weights (the `balanced` style).
    pub fn new() -> Self {
        BasicBot::with_weights(weights::DEFAULT)
    }

    pub fn with_weights(weights: Weights) -> Self {
        BasicBot {
            weights,
            id: weights::new_bot_id(),
            memo: CommitMemo::EMPTY,
        }
    }

    /// The bot of `--bot basic:key=value,...`: `style=NAME` (see `weights::STYLES`) and any
    /// weight of `weights::PARAMS` by name.
    pub fn from_options(opts: &[(String, String)]) -> Result<BasicBot, String> {
        Weights::from_options(opts).map(BasicBot::with_weights)
    }

    pub fn weights(&self) -> &Weights {
        &self.weights
    }
}

impl Default for BasicBot {
    fn default() -> Self {
        Self::new()
    }
}

impl Bot for BasicBot {
    fn name(&self) -> &'static str {
        "basic"
    }
    fn new_game(&mut self, _seed: u64) {
        self.memo = CommitMemo::EMPTY;
    }
    fn choose(&mut self, g: &Game, d: &Decision) -> usize {
        install_for(self.id, &self.weights);
        let p = d.player;
        let o = &d.options;
        let i = match d.ask {
            Ask::Mulligan => mulligan(g, p, o),
            Ask::Planning => planning(g, p, o),
            Ask::Action(ph) => action(g, p, ph, o),
            Ask::Commit => commit(g, p, o, &mut self.memo),
            Ask::CurrentQuest => current_quest(g, p, o),
            Ask::OptionalEngage => optional_engage(g, p, o, &self.memo.intent),
            Ask::EngageTie => pick_min(o, |c| g.stat(c, Stat::Attack) as i32),
            Ask::Travel => travel(g, p, o),
            Ask::AttackingEnemy => pick_max(o, |c| {
                g.stat(c, Stat::Attack) as i32 * 10 + g.stat(c, Stat::Threat) as i32
            }),
            Ask::Defender { enemy } => defender(g, p, enemy, o),
            Ask::UndefendedHero { damage, .. } | Ask::DefenderTakesDamage { damage, .. } => {
                let dw = DmgW::now();
                pick_min(o, |c| dmg_cost_w(g, c, damage, dw))
            }
            Ask::AttackTarget => attack_target(g, p, o),
            Ask::Attacker { enemy } => attacker(g, p, enemy, o),
            Ask::Archery => pick_min(o, |c| dmg_cost(g, c, 1)),
            Ask::Response(ev) => response(g, p, ev, o),
            Ask::Effect { card, what } => effect(g, p, card, what, o),
        };
        i.unwrap_or_else(|| fallback(o)).min(o.len() - 1)
    }
    fn commit_set(&mut self, g: &Game, d: &Decision) -> Option<CommitSet> {
        install_for(self.id, &self.weights);
        commit_all(g, d.player, &d.options, &mut self.memo)
    }
}

// ===================================================================== small helpers

/// A fixed-capacity list of card ids on the stack (no heap allocation per decision).
#[derive(Clone, Copy)]
struct Ids {
    ids: [CardId; 32],
    n: usize,
}

impl Ids {
    const EMPTY: Ids = Ids {
        ids: [NO_CARD; 32],
        n: 0,
    };

    fn new() -> Self {
        Ids {
            ids: [NO_CARD; 32],
            n: 0,
        }
    }
    fn push(&mut self, c: CardId) {
        if self.n < self.ids.len() {
            self.ids[self.n] = c;
            self.n += 1;
        }
    }
    fn as_slice(&self) -> &[CardId] {
        &self.ids[..self.n]
    }
    /// Keep only the ids for which `f` holds (in order).
    fn retain(&mut self, mut f: impl FnMut(CardId) -> bool) {
        let mut k = 0;
        for i in 0..self.n {
            let c = self.ids[i];
            if f(c) {
                self.ids[k] = c;
                k += 1;
            }
        }
        self.n = k;
    }
    /// A plain loop over the few ids (`<[u16]>::contains` is an out-of-line call, and this
    /// test runs thousands of times per game: the commit memo, defenders, kill sets).
    #[inline]
    #[allow(clippy::manual_contains)]
    fn contains(&self, c: CardId) -> bool {
        self.as_slice().iter().any(|&x| x == c)
    }
}

/// The quest points quest or location `c` still needs (never below 0).
#[inline]
pub(super) fn points_left(g: &Game, c: CardId) -> i16 {
    (g.stat(c, Stat::QuestPoints) - g.card(c).progress).max(0)
}

/// The quest points the active location still needs (0 without one).
#[inline]
pub(super) fn location_left(g: &Game) -> i16 {
    g.active_location().map(|l| points_left(g, l)).unwrap_or(0)
}

/// `damage_cost` at the bot's `hero_wound` weight (what a damage point a hero survives costs).
pub(super) fn dmg_cost(g: &Game, c: CardId, n: i16) -> i32 {
    dmg_cost_w(g, c, n, DmgW::now())
}

/// The two weights `dmg_cost` reads (`hero_wound`, `life_token`), read once by the loops that
/// ask it of many characters (each weight read is a call to the weights' thread-local
/// accessor; speed31).
#[derive(Clone, Copy)]
pub(super) struct DmgW {
    hero_wound: i32,
    life_token: i32,
}

impl DmgW {
    #[inline]
    pub(super) fn now() -> DmgW {
        let w = w();
        DmgW {
            hero_wound: w.hero_wound,
            life_token: w.life_token,
        }
    }
}

/// `dmg_cost` with its weights already read.
#[inline]
pub(super) fn dmg_cost_w(g: &Game, c: CardId, n: i16, dw: DmgW) -> i32 {
    damage_cost_with(g, c, n, dw.hero_wound) + life_cost_with(g, c, n, dw.life_token)
}

/// `undefended_cost` at the bot's `hero_wound` weight: the cheapest hero to take the attack,
/// by `dmg_cost` (with `life_token`, a destruction's Mission token counted).
pub(super) fn undef_cost(g: &Game, p: u8, atk: i16) -> i32 {
    let dw = DmgW::now();
    g.heroes(p)
        .map(|h| dmg_cost_w(g, h, atk, dw))
        .min()
        .unwrap_or(0)
}

/// First option that commits to something (not Pass/Done/No/Undefended), else 0.
fn fallback(opts: &[Opt]) -> usize {
    opts.iter()
        .position(|o| !matches!(o, Opt::Pass | Opt::Done | Opt::No | Opt::Undefended))
        .unwrap_or(0)
}
