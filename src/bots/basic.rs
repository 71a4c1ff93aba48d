//! `basic`: a careful, rule-of-thumb player. Deterministic (it uses no randomness at all, so the
//! seed changes nothing), stateless between decisions (every choice is recomputed from the game
//! state) and allocation-free per decision (fixed-size stack buffers only).
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
//! already in play are never offered by the engine); attachments score by the `ATTACHMENTS`
//! table (their target is chosen later, see Effect); events and abilities by `action_value`.
//! A card is not played if it would leave fewer Spirit resources than the key responses in hand
//! need (A Test of Will, Hasty Stroke: see `KEY_RESPONSES`).
//!
//! **Action windows** (`action`) — `Play`/`Activate` options are scored by `action_value`, a
//! per-card-code table with a condition on the current state (heal a hero at risk, threat
//! reduction at threat ≥ 35, draw when the hand is small, +WP before committing, ready an
//! exhausted hero before combat, cancel an attack by the strongest engaged enemy ...). Unknown
//! cards score 0: Pass.
//!
//! **Round plan** (`round_plan`) — made at each `Commit` decision and again at `OptionalEngage`.
//! Costs are in damage-cost units; one threat point is `THREAT_UNIT` (12): a point of willpower
//! kept out of the quest costs one (it raises threat or loses progress). 1) A defender is
//! reserved, greedily, for every enemy that will attack this round (engaged enemies, strongest
//! first; with engagement checks, also staged enemies whose engagement cost ≤ threat): the
//! character with the cheapest defence + keep cost, if cheaper than taking the attack undefended.
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
//! defender and kill set are kept. 3) With who is left, the cheapest kill of an engaged enemy
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
//! staging threat + the active location's remaining quest points; the rest stay ready for
//! combat (measured: +0.4 to +1.1 rounds survived in The Weather Hills Easy, fewer dead heroes).
//!
//! **Current quest** (`current_quest`) — a side quest is chosen when it is in `SIDE_QUESTS`
//! with its priority (Rescue Iârion always first: his time counters lose the game), when its
//! remaining quest points ≤ the progress we expect to make, or when the main quest cannot be
//! defeated now anyway; otherwise the main quest. Orc Rearguard (TLR-023) is skipped when the
//! expected surplus is ≤ 0 (as the current quest it reveals one more card, and no progress is
//! expected), unless the main quest cannot be defeated anyway.
//!
//! **Travel** (`travel`) — each location scores `3·threat − remaining quest points`, minus
//! `TRAVEL_PENALTY` for known painful travel costs, and minus 1000 for Chetwood Forest
//! (TLR-018: travelling makes us engage a staged enemy) when even the weakest staged enemy could
//! not be defended at an acceptable cost by the characters still ready; travel to the best if its
//! threat ≥ 2 or it could be explored next round, else Pass.
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
//! hero damage cost of the full attack. Take the cheapest; `Done` when a defender is already
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
//! except those in `MILD_TREACHERIES`; Hasty Stroke on a shadow card when the attack could
//! destroy a defender or is undefended; everything in the `action_value` table that is positive
//! for the event; abilities of cards in play not in the table are used (free responses); events
//! from hand not in the table are not (they cost a card and resources).
//!
//! **Effect prompts** (`effect`) — playing an attachment: the target from `ATTACHMENTS` (weapon
//! → best attacker, armor → best defender, willpower → best quester, resources → hero whose sphere
//! has most cards in hand, enemy → strongest engaged enemy, location → highest threat). Otherwise,
//! by who resolves the effect: an encounter card's prompt is harmful, so `Card` → the least
//! valuable (lowest `harm_cost`: cheap allies that survive, never Iârion); a player card's prompt
//! is beneficial, so `Card` → our most valuable character, or the most dangerous enemy, or the
//! location with the most threat. `Mode(k)` by `MODES` (default the first), `Player(p)` → the
//! player with the fewest cards in hand (beneficial) or the lowest threat (harmful), `Yes` for
//! player cards; Pass/Done only when nothing else is offered.
//!
//! Known prompts come first (`known_effect`): Angmar Orc (discard an ally worth ≤ 20, else
//! reveal one more card), Chetwood Forest's shadow (exhaust the ready hero with the least attack
//! rather than let the attacker return to the staging area), Borders of Bree-land and Surprising
//! Speed (send back the engaged enemy with the most HP + DEF left, the one we are least likely to
//! kill), Pressing Needs (switch to the main quest rather than reveal a side quest; if a side
//! quest must be revealed, the least harmful by `SIDE_QUEST_HARM`), Weight of Responsibility's
//! shadow (discard the cheapest attachment), Gandalf (reduce threat at ≥ 30, else deal 4 damage
//! when an enemy has ≤ 4 HP left, else draw 3). The Weather Hills: damage prompts in
//! `DAMAGE_PROMPTS` put each pick where it costs least (`damage_cost`); Cornered Animals discards
//! a Savage Counter-attack token while 3 or more are left, else reveals one more card; Tragic
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
//! rows in `action_value` (when a response or action is worth it) and `known_effect` (Honour
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
//! **Unknown decisions** — the first option that is not Pass/Done/No/Undefended, else index 0.

use super::Bot;
use crate::cards::Rule;
use crate::data::{CardType, Mode, Sphere};
use crate::engine::{
    Ask, CardId, Decision, Event, Game, Lasting, Opt, Phase, Stat, Zone, ENCOUNTER, NO_CARD,
};

pub struct BasicBot;

impl BasicBot {
    pub fn new() -> Self {
        BasicBot
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
    fn new_game(&mut self, _seed: u64) {}
    fn choose(&mut self, g: &Game, d: &Decision) -> usize {
        let p = d.player;
        let o = &d.options;
        let i = match d.ask {
            Ask::Mulligan => mulligan(g, p, o),
            Ask::Planning => planning(g, p, o),
            Ask::Action(ph) => action(g, p, ph, o),
            Ask::Commit => commit(g, p, o),
            Ask::CurrentQuest => current_quest(g, p, o),
            Ask::OptionalEngage => optional_engage(g, p, o),
            Ask::EngageTie => pick_min(o, |c| g.stat(c, Stat::Attack) as i32),
            Ask::Travel => travel(g, p, o),
            Ask::AttackingEnemy => pick_max(o, |c| {
                g.stat(c, Stat::Attack) as i32 * 10 + g.stat(c, Stat::Threat) as i32
            }),
            Ask::Defender { enemy } => defender(g, p, enemy, o),
            Ask::UndefendedHero { damage, .. } | Ask::DefenderTakesDamage { damage, .. } => {
                pick_min(o, |c| damage_cost(g, c, damage))
            }
            Ask::AttackTarget => attack_target(g, p, o),
            Ask::Attacker { enemy } => attacker(g, p, enemy, o),
            Ask::Archery => pick_min(o, |c| damage_cost(g, c, 1)),
            Ask::Response(ev) => response(g, p, ev, o),
            Ask::Effect { card, what } => effect(g, p, card, what, o),
        };
        i.unwrap_or_else(|| fallback(o)).min(o.len() - 1)
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
    fn contains(&self, c: CardId) -> bool {
        self.as_slice().contains(&c)
    }
}

/// The code the bot's tables know a card by: its script's (a reprint plays as its original),
/// else its original printing's.
fn code<'g>(g: &'g Game<'_>, c: CardId) -> &'g str {
    match g.script(c) {
        Some(s) => s.code,
        None => g.db.def(g.db.original(g.def_id(c))).code.as_str(),
    }
}

fn is_objective_ally(g: &Game, c: CardId) -> bool {
    g.ty(c) == CardType::ObjectiveAlly
}

fn ready(g: &Game, c: CardId) -> bool {
    !g.card(c).exhausted
}

/// Index of the first option `o` (exact match).
fn find(opts: &[Opt], o: Opt) -> Option<usize> {
    opts.iter().position(|x| *x == o)
}

/// The `Card` option with the lowest key (first on ties).
fn pick_min(opts: &[Opt], mut key: impl FnMut(CardId) -> i32) -> Option<usize> {
    let mut best: Option<(i32, usize)> = None;
    for (i, o) in opts.iter().enumerate() {
        if let Opt::Card(c) = *o {
            if c == NO_CARD {
                continue;
            }
            let k = key(c);
            if best.map(|(b, _)| k < b).unwrap_or(true) {
                best = Some((k, i));
            }
        }
    }
    best.map(|(_, i)| i)
}

/// The `Card` option with the highest key (first on ties).
fn pick_max(opts: &[Opt], mut key: impl FnMut(CardId) -> i32) -> Option<usize> {
    pick_min(opts, |c| -key(c))
}

/// First option that commits to something (not Pass/Done/No/Undefended), else 0.
fn fallback(opts: &[Opt]) -> usize {
    opts.iter()
        .position(|o| !matches!(o, Opt::Pass | Opt::Done | Opt::No | Opt::Undefended))
        .unwrap_or(0)
}

fn stats_sum(g: &Game, c: CardId) -> i32 {
    (g.stat(c, Stat::Willpower) + g.stat(c, Stat::Attack) + g.stat(c, Stat::Defense)) as i32
}

/// How much a character is worth to us (see the module doc).
fn char_value(g: &Game, c: CardId) -> i32 {
    if is_objective_ally(g, c) {
        100_000
    } else if g.is_hero(c) {
        100 + 3 * (stats_sum(g, c) + g.stat(c, Stat::HitPoints) as i32)
    } else {
        4 * g.def_of(c).cost.max(0) as i32 + 2 * stats_sum(g, c) + g.stat(c, Stat::HitPoints) as i32
    }
}

/// What `n` damage on character `c` costs us.
fn damage_cost(g: &Game, c: CardId, n: i16) -> i32 {
    if n <= 0 {
        return 0;
    }
    if is_objective_ally(g, c) {
        return 1_000_000;
    }
    let rem = g.remaining_hp(c);
    if n >= rem {
        return if g.is_hero(c) {
            5000 + 10 * char_value(g, c)
        } else {
            80 + 5 * char_value(g, c)
        };
    }
    if g.is_hero(c) {
        let left = rem - n;
        15 * n as i32 + if left <= 2 { 40 } else { 0 } + if left <= 1 { 60 } else { 0 }
    } else {
        8 * n as i32
    }
}

/// What `n` more damage on `c` costs on top of `already` damage assigned but not yet dealt.
fn damage_cost_after(g: &Game, c: CardId, already: i16, n: i16) -> i32 {
    damage_cost(g, c, already + n) - damage_cost(g, c, already)
}

/// A defence (or engagement) we accept: at most chumping a mid-value ally.
const ACCEPTABLE: i32 = 400;

/// What an encounter effect hitting `c` (damage, exhaustion, discard...) likely costs us.
fn harm_cost(g: &Game, c: CardId) -> i32 {
    if !g.is_character(c) {
        return 0;
    }
    char_value(g, c) + if g.remaining_hp(c) <= 2 { 15 } else { 0 }
}

/// How dangerous an enemy is.
fn danger(g: &Game, e: CardId) -> i32 {
    if !g.is_enemy(e) {
        return 0;
    }
    (g.stat(e, Stat::Attack) * 3 + g.stat(e, Stat::Threat) * 2 + g.remaining_hp(e)) as i32
}

fn hand<'g>(g: &'g Game, p: u8) -> &'g [CardId] {
    g.list(Zone::Hand(p))
}

fn hand_has(g: &Game, p: u8, codes: &[&str]) -> bool {
    hand(g, p).iter().any(|&c| codes.contains(&code(g, c)))
}

fn total_hero_damage(g: &Game, p: u8) -> i16 {
    g.heroes(p).map(|h| g.card(h).damage).sum()
}

/// A hero of `p` at risk: damaged and at ≤ 2 remaining hit points.
fn hero_at_risk(g: &Game, p: u8) -> bool {
    g.heroes(p)
        .any(|h| g.card(h).damage > 0 && g.remaining_hp(h) <= 2)
}

fn any_questing(g: &Game, p: u8) -> bool {
    g.characters(p).any(|c| g.card(c).questing)
}

fn engaged_attack(g: &Game, p: u8) -> i16 {
    g.engaged(p).iter().map(|&e| g.stat(e, Stat::Attack)).sum()
}

fn shadow_count(g: &Game, e: CardId) -> i16 {
    g.shadows_of(e).count() as i16
}

// ===================================================================== card tables

/// Key responses worth keeping Spirit resources for: (code, cost).
pub const KEY_RESPONSES: &[(&str, i16)] = &[
    ("Core-050", 1), // A Test of Will: cancel a when-revealed effect
    ("Core-048", 1), // Hasty Stroke: cancel a shadow effect
];

/// Treacheries not worth a cancel.
pub const MILD_TREACHERIES: &[&str] = &[];

/// Attachment kinds: how much playing it is worth and where it goes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum AttachKind {
    /// +ATK: the best attacker.
    Weapon,
    /// +DEF / +HP: the best defender.
    Armor,
    /// +WP: the best quester.
    Willpower,
    /// Extra resources: the hero whose sphere has most cards in hand.
    Resources,
    /// Readying / general: the best hero.
    General,
    /// Goes on an enemy: the most dangerous engaged enemy.
    Enemy,
    /// Goes on a location: the one with the most threat.
    Location,
}

/// Player attachments by code: (code, play score, kind). Unknown attachments score 20, General.
pub const ATTACHMENTS: &[(&str, i32, AttachKind)] = &[
    ("Core-026", 45, AttachKind::Resources), // Steward of Gondor
    ("Core-027", 35, AttachKind::Willpower), // Celebrían's Stone (+2 WP)
    ("Core-039", 30, AttachKind::Weapon),    // Blade of Gondolin
    ("Core-040", 30, AttachKind::Armor),     // Citadel Plate (+4 HP)
    ("Core-041", 30, AttachKind::Weapon),    // Dwarven Axe
    ("Core-042", 15, AttachKind::General),   // Horn of Gondor
    ("Core-055", 30, AttachKind::Willpower), // The Favor of the Lady (+1 WP)
    ("Core-056", 20, AttachKind::Location),  // Power in the Earth
    ("Core-057", 40, AttachKind::General),   // Unexpected Courage
    ("Core-069", 45, AttachKind::Enemy),     // Forest Snare
    ("Core-070", 15, AttachKind::Armor),     // Protector of Lórien
    ("Core-071", 0, AttachKind::General),    // Dark Knowledge
    ("Core-072", 20, AttachKind::Armor),     // Self Preservation
    ("TLR-010", 35, AttachKind::General),    // Heir of Valandil
    ("TLR-011", 20, AttachKind::Armor),      // Athelas
    ("TLR-012", 15, AttachKind::Enemy),      // Secret Vigil
    ("RevCore-133", 25, AttachKind::Weapon), // Valor: heal 1 and 1 damage when attacking
    ("RevCore-134", 40, AttachKind::Resources), // Appointed by Fate: +1 resource
    ("TLR-013", 20, AttachKind::Willpower),  // Star Brooch
    ("TBoCD-122", 15, AttachKind::General),  // The Long Defeat (on a quest card)
    ("TBoCD-124", 20, AttachKind::General),  // Favor of the Valar (own threat dial)
    ("TDR-142", 30, AttachKind::Weapon),     // Sword of Númenor
    ("TDR-148", 15, AttachKind::Armor),      // Weather-stained Cloak
    ("TDR-149", 40, AttachKind::General),    // Sword-thain (best unique ally)
    ("TWoE-005", 25, AttachKind::Armor),     // Raven-winged Helm
    ("TWoE-007", 15, AttachKind::General),   // Hobbit Pony
    ("WaR-006", 30, AttachKind::Weapon),     // Durin's Axe (+2 ATK; guarded first)
    ("WaR-008", 30, AttachKind::Willpower),  // Silver Circlet (+2 WP)
    ("WaR-009", 20, AttachKind::Armor),      // Inner Strength (+1 DEF)
    ("AtE-055", 25, AttachKind::Location),   // Ranger Provisions
    ("AtE-059", 20, AttachKind::General),    // Steed of Imladris
    ("TToR-087", 25, AttachKind::Weapon),    // Elven Spear
    ("TToR-090", 25, AttachKind::General),   // Silver Harp
    ("TToR-093", 10, AttachKind::General),   // Elf-friend
];

fn attachment_info(g: &Game, c: CardId) -> (i32, AttachKind) {
    let k = code(g, c);
    ATTACHMENTS
        .iter()
        .find(|a| a.0 == k)
        .map(|a| (a.1, a.2))
        .unwrap_or((20, AttachKind::General))
}

/// Side quests: (code, priority). Higher priority is chosen first; 0 = only when cheap.
pub const SIDE_QUESTS: &[(&str, i32)] = &[
    ("TLR-024", 100), // Rescue Iârion: Iârion is discarded (game lost) when time runs out
    ("TLR-046", 60),  // Orc Ambush: hurts while in play
    ("TLR-023", 50),  // Orc Rearguard: caps progress on the main quest at 3
    ("TLR-051", 40),  // Lost in the Wilderness
    ("TLR-032", 90),  // Find Shelter: 4 damage on a hero of each player when its time runs out
    ("TLR-059", 70),  // Search the Ruins: +2 threat each round
    ("TLR-055", 20),  // Make Camp: no healing
    ("TLR-063", 55),  // Seal the Tomb: mills the encounter deck, brings back an Undead enemy
    ("TLR-042", 45),  // The Shadow World: mills one card per engaged Undead enemy each round
    ("TLR-067", 0),   // The Power of Angmar: only when cheap (its lock rarely matters)
    ("DDN-027", 75),  // Gather Your Courage: 8 cards of each deck are under it
];

/// Damage prompts of encounter cards: (code, prompt, damage per pick). The bot puts each pick on
/// the character where that damage costs least (`damage_cost`).
pub const DAMAGE_PROMPTS: &[(&str, u8, i16)] = &[
    ("TLR-052", 0, 1), // Biting Wind
    ("TLR-054", 0, 1), // Cold from Angmar
    ("TLR-031", 0, 1), // Ice Storm
    ("TLR-031", 1, 1), // Ice Storm's shadow
    ("TLR-028", 0, 1), // Exposed Ridge
    ("TLR-032", 0, 4), // Find Shelter
    // Ruined Watch-tower (The Weather Hills Nightmare)
    ("TWHN-016", 0, 1),
];

/// Locations whose travel cost hurts: (code, score penalty).
pub const TRAVEL_PENALTY: &[(&str, i32)] = &[
    ("TLR-036", 2), // Broken Battlements: each player mills one card
    ("TLR-037", 3), // Norbury Tombs: an enemy comes back from the encounter discard pile
    ("TLR-040", 2), // Deadmen's Gate: every action or response mills a card while active
];

/// Preferred `Mode(k)` by resolving card code (the modes as printed, 0-based), else the first.
/// `Core-073` Gandalf: 0 draw 3, 1 deal 4 damage, 2 reduce threat by 5 (chosen dynamically).
pub const MODES: &[(&str, u8)] = &[];

/// Value of taking the action/response `o` (Play or Activate of card `c`) now: > 0 to use it.
/// A per-card-code table; unknown cards: 0 (in-play responses are handled by the caller).
fn action_value(g: &Game, p: u8, c: CardId, ev: Option<Event>) -> i32 {
    let phase = g.phase;
    let in_hand = g.card(c).zone == Zone::Hand(p);
    let hand_n = hand(g, p).len();
    let threat = g.players[p as usize].threat;
    let engaged = g.engaged(p).len();
    let exhausted_chars = g.characters(p).filter(|&x| !ready(g, x)).count();
    match code(g, c) {
        // --- heroes
        "Core-001" => matches!(ev, Some(Event::Committed(x)) if x == c)
            .then_some(30)
            .unwrap_or(0), // Aragorn ready
        "Core-002" | "Core-003" | "Core-005" => 30, // Théodred / Glóin / Legolas: free gains
        "Core-007" => (phase == Phase::Quest && !any_questing(g, p) && hand_n >= 5) as i32 * 10, // Éowyn
        "Core-008" => match ev {
            Some(Event::CancelWhenRevealed(x)) if cancel_worthy(g, x) => 40, // Eleanor
            _ => 0,
        },
        "Core-011" => {
            // Glorfindel: pay 1 to heal 1, with leftovers at the end of the round.
            (phase == Phase::Refresh && g.characters(p).any(|x| g.card(x).damage > 0)) as i32 * 20
        }
        "Core-012" | "Core-062" => {
            // Beravor / Gléowine: exhaust to draw, when not needed for combat.
            (phase == Phase::Combat && engaged == 0 && hand_n <= 6 && ready(g, c)) as i32 * 20
        }
        // --- leadership
        "Core-014" => {
            (phase == Phase::Quest && g.characters(p).filter(|&x| g.card(x).questing).count() >= 2)
                as i32
                * 25
        }
        "Core-016" | "Core-018" | "Core-059" | "Core-061" => 25, // enters-play responses
        "Core-020" => {
            (phase == Phase::Combat && engaged > 0 && g.allies_of(p).any(|x| !ready(g, x))) as i32
                * 20
        }
        "Core-021" => 0, // Common Cause
        "Core-022" => (phase == Phase::Combat && engaged >= 2) as i32 * 15, // For Gondor!
        "Core-023" => {
            // Sneak Attack: Gandalf for 1 before committing or before combat.
            let pre_quest = phase == Phase::Quest && !any_questing(g, p);
            (hand_has(g, p, &["Core-073"])
                && (pre_quest || (phase == Phase::Combat && engaged > 0))) as i32
                * 35
        }
        "Core-024" => 25, // Valiant Sacrifice: draw 2
        "Core-025" => (phase == Phase::Combat && engaged > 0 && exhausted_chars >= 3) as i32 * 30, // Grim Resolve
        "Core-026" => (matches!(phase, Phase::Planning | Phase::Resource)) as i32 * 50, // Steward
        // --- tactics
        "Core-032" | "Core-033" | "Core-035" | "Core-038" => 0,
        "Core-034" => {
            (phase == Phase::Combat && engaged > 0 && max_engaged_attack(g, p) >= 3) as i32 * 25
        } // Feint
        "Core-036" => {
            (phase == Phase::Combat && (engaged >= 2 || engaged_attack(g, p) >= 5)) as i32 * 30
        } // Thicket
        "Core-037" => matches!(ev, Some(Event::DefenderDeclared(..))) as i32 * 30, // Swift Strike
        "Core-039" | "Core-042" => 25, // Blade of Gondolin / Horn of Gondor responses
        // --- spirit
        "Core-046" => (threat >= 35) as i32 * 60, // The Galadhrim's Greeting
        "Core-047" => 25,                         // Strength of Will
        "Core-048" => match ev {
            Some(Event::CancelShadow(_)) if shadow_dangerous(g) => 40, // Hasty Stroke
            _ => 0,
        },
        "Core-049" | "Core-053" => 0,
        "Core-050" => match ev {
            Some(Event::CancelWhenRevealed(x)) if cancel_worthy(g, x) => 50, // A Test of Will
            _ => 0,
        },
        "Core-051" => {
            // Stand and Fight: an ally in a discard pile we can afford.
            (phase == Phase::Planning && discard_ally_affordable(g, p)) as i32 * 40
        }
        "Core-052" => (phase == Phase::Combat && max_engaged_attack(g, p) >= 4) as i32 * 20, // A Light in the Dark
        "Core-054" => {
            (0..g.n_players).any(|q| g.list(Zone::Discard(q)).iter().any(|&x| g.is_hero(x))) as i32
                * 60
        }
        "Core-057" => {
            // Unexpected Courage: ready the hero after committing / before combat.
            let host = match g.card(c).zone {
                Zone::Attached(h) => h,
                _ => NO_CARD,
            };
            (host != NO_CARD
                && !ready(g, host)
                && (phase == Phase::Combat
                    || (phase == Phase::Quest && any_questing(g, p))
                    || phase == Phase::Encounter)) as i32
                * 35
        }
        "Core-043" | "Core-044" | "Core-045" => 25, // Wandering Took? (no) / Lórien Guide / Northern Tracker
        // --- lore
        "Core-058" | "Core-072" => (hero_at_risk(g, p) || total_hero_damage(g, p) >= 3) as i32 * 25, // heal 2
        "Core-063" => hero_at_risk(g, p) as i32 * 35, // Lore of Imladris
        "Core-064" => (hand_n <= 3 && phase == Phase::Planning) as i32 * 20, // Lórien's Wealth
        "Core-065" => {
            (phase == Phase::Quest
                && !any_questing(g, p)
                && g.list(Zone::Staging)
                    .iter()
                    .any(|&x| g.is_enemy(x) && g.threat_contribution(x) >= 2)) as i32
                * 25
        } // Radagast's Cunning
        "Core-066" => {
            (phase == Phase::Quest
                && !any_questing(g, p)
                && g.list(Zone::Staging)
                    .iter()
                    .any(|&x| g.is_location(x) && g.threat_contribution(x) >= 2)) as i32
                * 25
        } // Secret Paths
        "Core-067" | "Core-060" | "Core-010" | "Core-070" | "Core-071" => 0,
        "Core-068" => (total_hero_damage(g, p) >= 4) as i32 * 30, // Beorn's Hospitality
        "Core-073" => 40,                                         // Gandalf enters play
        // --- The Battle of Carn Dûm / The Dread Realm
        "TBoCD-117" | "TBoCD-118" | "TBoCD-119" | "TBoCD-120" | "TBoCD-121" | "TBoCD-123"
        | "TDR-140" | "TDR-141" | "TDR-142" | "TDR-144" | "TDR-145" | "TDR-146" | "TDR-147"
        | "TDR-148" => carn_dum_dread_realm_value(g, p, c, ev),
        // --- The Lost Realm
        "TLR-001" => aragorn_engage_value(g, p), // engage another enemy after a kill
        "TLR-007" => (phase == Phase::Planning) as i32 * 40, // Ranger Summons
        "TLR-008" => {
            // Tireless Hunters: take on a staged enemy we can hold before enemies attack.
            (phase == Phase::Combat && holdable_staged_enemy(g, p).is_some()) as i32 * 25
        }
        "TLR-009" => 30, // Expert Trackers: free progress
        "TLR-010" => {
            // Heir of Valandil: before playing a Dúnedain ally it makes cheaper.
            (phase == Phase::Planning
                && hand(g, p)
                    .iter()
                    .any(|&x| g.is_ally(x) && g.has_trait(x, "Dúnedain") && g.def_of(x).cost > 0))
                as i32
                * 200
        }
        "TLR-011" => {
            // Athelas: heal a badly hurt character.
            let hurt = (0..g.n_players)
                .flat_map(|q| g.characters(q))
                .any(|x| g.card(x).damage >= 3);
            (hero_at_risk(g, p) || hurt) as i32 * 30
        }
        // --- The Wastes of Eriador
        "TWoE-001" => match ev {
            // Merry: threat relief worth the enemy's threat.
            Some(Event::Revealed(e, _)) => g.stat(e, Stat::Threat) as i32 * 10,
            _ => 0,
        },
        "TWoE-003" => match ev {
            // Rallying Cry: recover a dear ally; as the Valour Action, before a dangerous combat.
            Some(Event::LeftPlay(a)) => (g.def_of(a).cost >= 3) as i32 * 30,
            None => {
                (phase == Phase::Combat && engaged > 0 && g.allies_of(p).count() >= 2) as i32 * 25
            }
            _ => 0,
        },
        "TWoE-004" => match ev {
            // Honour Guard: save a character from dying, or spare a hero.
            Some(Event::CancelDamage(x, n)) => {
                let big = if g.valour(p) { n.min(5) } else { 1 };
                if g.remaining_hp(x) <= 0 && g.remaining_hp(x) + big > 0 {
                    45
                } else {
                    g.is_hero(x) as i32 * 15
                }
            }
            _ => 0,
        },
        "TWoE-005" => 30, // Raven-winged Helm: prevent 1 damage (readies in the refresh phase)
        "TWoE-006" => 40, // Curious Brandybuck: a free ally
        "TWoE-007" => {
            // Hobbit Pony: commit its hero after staging when the quest would fail otherwise.
            let host = match g.card(c).zone {
                Zone::Attached(h) => h,
                _ => NO_CARD,
            };
            (host != NO_CARD
                && g.before_quest_resolution()
                && g.stat(host, g.questing_stat()) > 0
                && g.questing_strength() <= g.staging_threat()) as i32
                * 30
        }
        "TWoE-009" => 30, // Scout Ahead: an encounter card leaves the deck
        "TWoE-010" => 35, // Ranger of Cardolan: a 2/2/2 body for 1 resource this round
        // --- Escape from Mount Gram
        // Wrath and Ruin.
        "WaR-001" => (g.list(Zone::Deck(p)).len() > 10) as i32 * 25, // Thorin: 1 damage
        "WaR-006" => 25,                 // Durin's Axe: 1 damage after a kill
        "WaR-007" => charge_value(g, p), // Charge into Battle
        "WaR-002" | "WaR-004" => 25,     // Soldier of Gondor / Cautious Halfling: free cards
        "WaR-003" => {
            // Pillars of the Kings: back down to 40, or a small raise for a card.
            if threat > 40 {
                50
            } else {
                (37..40).contains(&threat) as i32 * 20
            }
        }
        "WaR-005" => (phase == Phase::Planning) as i32 * 30, // Tom Bombadillo!
        "WaR-009" => match ev {
            Some(Event::CancelShadow(_)) if shadow_dangerous(g) => 35, // Inner Strength
            _ => 0,
        },
        "EfMG-030" => (phase == Phase::Combat && engaged > 0) as i32 * 30, // Descendants of Kings
        "EfMG-031" => {
            // Derndingle Warrior: 1 damage for +3 Defense when the attack would hurt it.
            let e = g.attack.enemy;
            let def: i16 = g
                .attack
                .defenders()
                .iter()
                .map(|&d| g.stat(d, Stat::Defense))
                .sum();
            (e != NO_CARD && g.stat(e, Stat::Attack) - def >= 2 && g.remaining_hp(c) > 1) as i32
                * 30
        }
        "EfMG-032" => 15 + (phase == Phase::Combat) as i32 * 10, // Boomed and Trumpeted
        "EfMG-033" => (phase == Phase::Planning && hand_n >= 6) as i32 * 15, // Elven Jeweler
        "EfMG-034" => 50,                                        // Double Back: every threat -5
        "EfMG-035" => 20, // Leave No Trace: the location never comes back
        "EfMG-036" => distant_stars_value(g, p),
        "EfMG-037" => (g.cost_of(c, p) <= 2) as i32 * 30, // Keen as Lances
        "DDN-022" => (palace_ruins_x(g, p, c) > 0) as i32 * 30, // Palace Ruins
        k if k.starts_with("AtE-") || k.starts_with("TToR-") => angmar2_value(g, p, c, ev),
        _ => {
            if in_hand {
                0
            } else {
                // Unknown in-play ability: responses are used (free), actions are not.
                ev.is_some() as i32 * 10
            }
        }
    }
}

/// Deck cards a player keeps in Deadmen's Dike (an empty deck eliminates) before spending any
/// on an effect.
const DECK_RESERVE: usize = 15;

/// Palace Ruins (DDN-022): the X worth discarding to lower its Threat now, 0 if none. Only in
/// the quest phase's window after staging (the threat to quest against is then known), while
/// it is staged and the quest would fail: X covers the shortfall, at most its Threat, and
/// keeps `DECK_RESERVE` cards in the deck.
fn palace_ruins_x(g: &Game, p: u8, c: CardId) -> i16 {
    let after_staging = g.stack.iter().rev().find_map(|f| match *f {
        crate::engine::Frame::Step(s) => Some(s),
        _ => None,
    }) == Some(crate::engine::Step::Resolve);
    if g.phase != Phase::Quest || !after_staging || g.card(c).zone != Zone::Staging {
        return 0;
    }
    let short = g.staging_threat() - g.questing_strength();
    let spare = g.list(Zone::Deck(p)).len().saturating_sub(DECK_RESERVE) as i16;
    short.min(g.stat(c, Stat::Threat)).min(spare).max(0)
}

/// Charge into Battle: worth it when the ready characters can kill a non-unique enemy in the
/// staging area and no enemy is engaged with us yet (they will be needed to defend then).
fn charge_value(g: &Game, p: u8) -> i32 {
    if g.phase != Phase::Quest || !g.engaged(p).is_empty() {
        return 0;
    }
    let atk: i16 = g
        .characters(p)
        .filter(|&c| ready(g, c))
        .map(|c| g.stat(c, Stat::Attack))
        .sum();
    let killable = g.list(Zone::Staging).iter().any(|&e| {
        g.is_enemy(e) && !g.def_of(e).unique && atk - g.stat(e, Stat::Defense) >= g.remaining_hp(e)
    });
    killable as i32 * 30
}

/// `action_value` of The Battle of Carn Dûm and The Dread Realm cards.
fn carn_dum_dread_realm_value(g: &Game, p: u8, c: CardId, ev: Option<Event>) -> i32 {
    let phase = g.phase;
    let hand_n = hand(g, p).len();
    let engaged = g.engaged(p).len();
    let ready_wp: i16 = g
        .characters(p)
        .filter(|&x| ready(g, x))
        .map(|x| g.stat(x, Stat::Willpower))
        .sum();
    match code(g, c) {
        // Doom Hangs Still: no threat for failing a quest we expect to fail.
        "TBoCD-117" => (phase == Phase::Planning && g.staging_threat() > ready_wp) as i32 * 20,
        // Beechbone: hit the enemy while he survives the point of damage.
        "TBoCD-118" => {
            matches!(ev, Some(Event::AttackerDeclared(..))) as i32
                * (g.remaining_hp(c) >= 2) as i32
                * 25
        }
        // Hold Your Ground!: ready sentinels for the enemy attacks.
        "TBoCD-119" => {
            (phase == Phase::Combat && (0..g.n_players).any(|q| !g.engaged(q).is_empty())) as i32
                * 25
        }
        // Lindir / Galadhrim Healer: enters-play responses; Éothain / Sword of Númenor: free.
        "TBoCD-120" | "TDR-147" | "TDR-141" | "TDR-142" | "TDR-148" => 25,
        // Lords of the Eldar: before committing, with at least two Noldor characters.
        "TBoCD-121" => {
            let noldor = (0..g.n_players)
                .flat_map(|q| g.characters(q))
                .filter(|&x| g.has_trait(x, "Noldor"))
                .count();
            (phase == Phase::Quest && !any_questing(g, p) && noldor >= 2) as i32 * 20
        }
        // Quick Ears: cancel a dangerous enemy.
        "TBoCD-123" => match ev {
            Some(Event::Revealing(x, true)) if danger(g, x) >= 15 => 35,
            _ => 0,
        },
        // Arwen: a dead card (or a full hand) turns into a resource.
        "TDR-140" => {
            if hand(g, p).iter().any(|&x| hand_card_value(g, p, x) <= 0) {
                30
            } else {
                (phase == Phase::Planning && hand_n >= 6) as i32 * 15
            }
        }
        // Hour of Wrath: heroes attack and defend without exhausting.
        "TDR-144" => (phase == Phase::Combat && engaged >= 2) as i32 * 20,
        // Elven-light: a card for 1 resource.
        "TDR-145" => (phase == Phase::Planning) as i32 * 15,
        // Tale of Tinúviel: ready a partner for combat.
        "TDR-146" => (phase == Phase::Combat && engaged > 0) as i32 * 20,
        _ => 0,
    }
}

/// Distant Stars: swap the active location for a much shorter one while questing.
fn distant_stars_value(g: &Game, p: u8) -> i32 {
    let Some(l) = g.active_location() else {
        return 0;
    };
    let left = g.stat(l, Stat::QuestPoints) - g.card(l).progress;
    let best = [Zone::EncounterDeck, Zone::EncounterDiscard]
        .iter()
        .flat_map(|&z| g.list(z).iter().copied())
        .filter(|&x| g.is_location(x) && !g.def_of(x).unique)
        .map(|x| g.stat(x, Stat::QuestPoints))
        .min()
        .unwrap_or(i16::MAX);
    (g.phase == Phase::Quest && any_questing(g, p) && best.saturating_add(2) <= left) as i32 * 20
}

/// How much an encounter card still in the deck would hurt us (Scout Ahead removes one).
fn encounter_harm(g: &Game, c: CardId) -> i32 {
    match g.ty(c) {
        CardType::Enemy => danger(g, c),
        CardType::Location => {
            (g.stat(c, Stat::Threat) * 8 + g.stat(c, Stat::QuestPoints) * 2) as i32
        }
        CardType::Treachery => 30,
        CardType::EncounterSideQuest => 25,
        _ => 0,
    }
}

/// A staged enemy `p` could take on: its attack is within what his best ready defender holds
/// (DEF + remaining HP − 1); the one adding the most threat.
fn holdable_staged_enemy(g: &Game, p: u8) -> Option<CardId> {
    let hold = g
        .characters(p)
        .filter(|&c| ready(g, c))
        .map(|c| g.stat(c, Stat::Defense) + g.remaining_hp(c) - 1)
        .max()
        .unwrap_or(0);
    g.list(Zone::Staging)
        .iter()
        .copied()
        .filter(|&e| {
            g.is_enemy(e)
                && !g.immune(e)
                && !g.rule(Rule::CannotBeEngaged(e))
                && g.stat(e, Stat::Attack) <= hold
        })
        .max_by_key(|&e| {
            (
                g.threat_contribution(e),
                std::cmp::Reverse(g.stat(e, Stat::Attack)),
            )
        })
}

/// Tactics Aragorn's response: engage a staged enemy we can hold, or one that would engage us
/// at the next engagement check anyway.
fn aragorn_engage_value(g: &Game, p: u8) -> i32 {
    let threat = g.players[p as usize].threat;
    let soon = g
        .list(Zone::Staging)
        .iter()
        .any(|&e| g.is_enemy(e) && g.stat(e, Stat::Engagement) <= threat);
    (holdable_staged_enemy(g, p).is_some() || soon) as i32 * 25
}

/// What each enemy engaged with `p` is worth to his Dúnedain cards per round, in damage-cost
/// units: Warden of Annúminas +1 WP each; with none engaged yet, Star Brooch's +1 WP and Halbarad
/// questing without exhausting start to count.
fn engagement_reward(g: &Game, p: u8) -> i32 {
    let mine = |c: CardId| g.controller(c) == p;
    let wardens = g.characters(p).filter(|&c| code(g, c) == "TLR-006").count() as i32;
    let first = if g.engaged(p).is_empty() {
        let brooches = g
            .list(Zone::Attached(0))
            .iter()
            .filter(|&&a| code(g, a) == "TLR-013" && mine(a))
            .count() as i32;
        let halbarad = g.characters(p).any(|c| code(g, c) == "TLR-002") as i32;
        brooches + halbarad
    } else {
        0
    };
    (wardens + first) * THREAT_UNIT
}

fn max_engaged_attack(g: &Game, p: u8) -> i16 {
    g.engaged(p)
        .iter()
        .map(|&e| g.stat(e, Stat::Attack))
        .max()
        .unwrap_or(0)
}

/// Is this just-revealed card worth canceling? Treacheries not in `MILD_TREACHERIES`.
fn cancel_worthy(g: &Game, x: CardId) -> bool {
    g.ty(x) == CardType::Treachery && !MILD_TREACHERIES.contains(&code(g, x))
}

/// Could the attack in progress destroy a defender (or is it undefended)?
fn shadow_dangerous(g: &Game) -> bool {
    let e = g.attack.enemy;
    if e == NO_CARD || !g.card(e).zone.in_play() {
        return false;
    }
    let atk = g.stat(e, Stat::Attack);
    let defs = g.attack.defenders();
    if defs.is_empty() {
        return true;
    }
    let def: i16 = defs.iter().map(|&d| g.stat(d, Stat::Defense)).sum();
    let dmg = atk - def + 2;
    defs.iter().any(|&d| dmg >= g.remaining_hp(d))
}

fn discard_ally_affordable(g: &Game, p: u8) -> bool {
    let spirit = g.available(p, Sphere::Spirit);
    (0..g.n_players).any(|q| {
        g.list(Zone::Discard(q))
            .iter()
            .any(|&x| g.is_ally(x) && g.def_of(x).cost >= 2 && g.def_of(x).cost <= spirit)
    })
}

// ===================================================================== mulligan

fn mulligan(g: &Game, p: u8, o: &[Opt]) -> Option<usize> {
    let easy = (g.setup.mode == Mode::Easy) as i16;
    let mut castable = false;
    let mut bodies = 0;
    for &c in hand(g, p) {
        let d = g.def_of(c);
        let heroes = g.heroes(p).filter(|&h| g.hero_matches(h, d.sphere)).count() as i16;
        if heroes > 0 && d.cost.max(0) <= heroes * (2 + easy) {
            castable = true;
        }
        if matches!(d.ty, CardType::Ally | CardType::Attachment) {
            bodies += 1;
        }
    }
    let redraw = !castable || bodies < 2;
    find(o, if redraw { Opt::Yes } else { Opt::No })
}

// ===================================================================== planning and actions

/// Spirit resources to keep for key responses in hand.
fn reserve_spirit(g: &Game, p: u8) -> i16 {
    hand(g, p)
        .iter()
        .filter_map(|&c| {
            KEY_RESPONSES
                .iter()
                .find(|r| r.0 == code(g, c))
                .map(|r| r.1)
        })
        .max()
        .unwrap_or(0)
}

/// Would paying for `c` eat the Spirit resources kept for key responses?
fn breaks_reserve(g: &Game, p: u8, c: CardId) -> bool {
    let d = g.def_of(c);
    let keep = reserve_spirit(g, p);
    if keep == 0 || KEY_RESPONSES.iter().any(|r| r.0 == d.code) {
        return false;
    }
    let cost = g.cost_of(c, p);
    match d.sphere {
        Sphere::Spirit => g.available(p, Sphere::Spirit) - cost < keep,
        Sphere::Neutral => {
            let other: i16 = g
                .heroes(p)
                .filter(|&h| !g.hero_matches(h, Sphere::Spirit))
                .map(|h| g.card(h).resources)
                .sum();
            other < cost && g.available(p, Sphere::Spirit) - (cost - other) < keep
        }
        _ => false,
    }
}

/// Score of playing card `c` from hand in the planning window.
fn play_value(g: &Game, p: u8, c: CardId) -> i32 {
    let d = g.def_of(c);
    match d.ty {
        // Dúnedain Hunter brings an enemy engaged with us: only with none engaged yet.
        CardType::Ally if code(g, c) == "TLR-004" => g.engaged(p).is_empty() as i32 * 60,
        CardType::Ally => {
            let cost = g.cost_of(c, p).max(1) as i32;
            50 + 10 * (stats_sum(g, c)) / cost
        }
        // A restricted attachment that could only push out another one is not played.
        CardType::Attachment if angmar2_restricted(g, c) && !restricted_room(g, p, c) => 0,
        // Durin's Axe first brings a guarding enemy out: not while already fighting two.
        CardType::Attachment if code(g, c) == "WaR-006" => {
            (g.engaged(p).len() < 2) as i32 * attachment_info(g, c).0
        }
        CardType::Attachment => attachment_info(g, c).0,
        CardType::PlayerSideQuest => 10,
        _ => action_value(g, p, c, None),
    }
}

fn planning(g: &Game, p: u8, o: &[Opt]) -> Option<usize> {
    let mut best: Option<(i32, usize)> = None;
    for (i, opt) in o.iter().enumerate() {
        let v = match *opt {
            Opt::Play(c) if breaks_reserve(g, p, c) => 0,
            Opt::Play(c) => play_value(g, p, c),
            Opt::Activate(c) => action_value(g, p, c, None),
            _ => 0,
        };
        if v > 0 && best.map(|(b, _)| v > b).unwrap_or(true) {
            best = Some((v, i));
        }
    }
    best.map(|(_, i)| i).or_else(|| find(o, Opt::Pass))
}

fn action(g: &Game, p: u8, _ph: Phase, o: &[Opt]) -> Option<usize> {
    let mut best: Option<(i32, usize)> = None;
    for (i, opt) in o.iter().enumerate() {
        let v = match *opt {
            Opt::Play(c) if breaks_reserve(g, p, c) => 0,
            Opt::Play(c) | Opt::Activate(c) => action_value(g, p, c, None),
            _ => 0,
        };
        if v > 0 && best.map(|(b, _)| v > b).unwrap_or(true) {
            best = Some((v, i));
        }
    }
    best.map(|(_, i)| i).or_else(|| find(o, Opt::Pass))
}

// ===================================================================== quest phase

/// One threat point in damage-cost units: a point of willpower kept out of the quest costs one
/// (it raises threat or loses progress), and so does a point of threat an enemy adds per round.
const THREAT_UNIT: i32 = 12;
/// Rounds a kill is credited for: a dead enemy adds no threat and needs no defender any more.
const KILL_ROUNDS: i32 = 5;
/// Rounds a parked enemy (engaged, defended each round, not killed yet) is credited for.
const PARK_ROUNDS: i32 = 2;
/// The most a parked enemy's expected defence may cost in damage (a hero taking ~2 damage).
const PARK_DAMAGE: i32 = 40;

/// Threat an enemy left in the staging area costs each round: its threat, plus 1 when engagement
/// checks are off (it never engages on its own; Intruders in Chetwood stage 1B also raises each
/// threat by 1 per staged enemy each round).
fn staged_cost(g: &Game, e: CardId) -> i32 {
    (g.threat_contribution(e) + g.rule(Rule::NoEngagementChecks) as i16) as i32
}

/// Cost of keeping `c` out of the quest: its questing stat in threat units (commit time only;
/// afterwards the quest is decided and a ready character is free).
fn keep_cost(g: &Game, c: CardId, at_commit: bool) -> i32 {
    if at_commit {
        g.stat(c, g.questing_stat()).max(0) as i32 * THREAT_UNIT
    } else {
        0
    }
}

/// Cost of `c` defending an attack of strength `atk` (expected; `c` must be able to defend).
fn defend_cost(g: &Game, c: CardId, atk: i16) -> i32 {
    let dmg = (atk - g.stat(c, Stat::Defense)).max(0);
    damage_cost(g, c, dmg) + 2 * g.stat(c, Stat::Attack) as i32
}

/// Cost of taking an attack of strength `atk` undefended (cheapest hero).
fn undefended_cost(g: &Game, p: u8, atk: i16) -> i32 {
    g.heroes(p)
        .map(|h| damage_cost(g, h, atk))
        .min()
        .unwrap_or(0)
}

/// The cheapest defender of `e` in `pool` outside `taken` (defence + keep cost), if cheaper
/// than `limit`.
fn cheapest_defender(
    g: &Game,
    e: CardId,
    pool: &Ids,
    taken: &Ids,
    at_commit: bool,
    limit: i32,
) -> Option<(i32, CardId)> {
    let atk = g.stat(e, Stat::Attack) + 1;
    let mut best: Option<(i32, CardId)> = None;
    for &c in pool.as_slice() {
        if taken.contains(c) || is_objective_ally(g, c) {
            continue;
        }
        let k = defend_cost(g, c, atk) + keep_cost(g, c, at_commit);
        if k < limit && best.map(|(b, _)| k < b).unwrap_or(true) {
            best = Some((k, c));
        }
    }
    best
}

/// Reserve defenders (from `pool`) for `enemies`, greedily: returns the reserved characters.
fn reserve_defenders(g: &Game, p: u8, enemies: &[CardId], pool: &Ids, at_commit: bool) -> Ids {
    let mut res = Ids::new();
    for &e in enemies {
        let undef = undefended_cost(g, p, g.stat(e, Stat::Attack) + 1);
        if let Some((_, c)) = cheapest_defender(g, e, pool, &res, at_commit, undef) {
            res.push(c);
        }
    }
    res
}

/// The cheapest set of `pool` characters outside `taken` that kills `e` in one attack (ΣATK −
/// DEF ≥ remaining HP): (keep cost + ΣATK, bit mask over `cands`) with `cands` filled with the
/// candidates (≤ 12, strongest first).
fn kill_set(
    g: &Game,
    e: CardId,
    pool: &Ids,
    taken: &Ids,
    at_commit: bool,
    cands: &mut Ids,
) -> Option<(i32, u32)> {
    *cands = Ids::new();
    for &c in pool.as_slice() {
        if !taken.contains(c) && g.stat(c, Stat::Attack) > 0 {
            cands.push(c);
        }
    }
    let s = &mut cands.ids[..cands.n];
    s.sort_by_key(|&c| std::cmp::Reverse(g.stat(c, Stat::Attack)));
    cands.n = cands.n.min(12);
    // A staged enemy may be shielded only while staged (Orc War Party keeps damage off the
    // enemies in the staging area): once engaged it can be hurt.
    if g.immune(e) || (g.card(e).zone != Zone::Staging && !g.can_take_damage(e)) {
        return None;
    }
    let need = g.remaining_hp(e) + g.stat(e, Stat::Defense);
    let n = cands.n;
    let mut atk = [0i16; 12];
    let mut kc = [0i32; 12];
    for i in 0..n {
        atk[i] = g.stat(cands.ids[i], Stat::Attack);
        kc[i] = keep_cost(g, cands.ids[i], at_commit);
    }
    if atk[..n].iter().sum::<i16>() < need {
        return None;
    }
    // Every subset's totals from the subset without its lowest member (one add per subset).
    let mut sums = [0i16; 1 << 12];
    let mut costs = [0i32; 1 << 12];
    let mut best: Option<(i32, u32)> = None;
    for mask in 1u32..(1 << n) {
        let i = mask.trailing_zeros() as usize;
        let rest = (mask & (mask - 1)) as usize;
        let sum = sums[rest] + atk[i];
        let cost = costs[rest] + kc[i] + atk[i] as i32;
        sums[mask as usize] = sum;
        costs[mask as usize] = cost;
        if sum >= need && best.map(|(b, _)| cost < b).unwrap_or(true) {
            best = Some((cost, mask));
        }
    }
    best
}

/// Adds the members of `mask` over `cands` to `keep`.
fn keep_mask(keep: &mut Ids, cands: &Ids, mask: u32) {
    for (i, &c) in cands.as_slice().iter().enumerate() {
        if mask & (1 << i) != 0 {
            keep.push(c);
        }
    }
}

/// The round's combat plan of a player: the staged enemy to engage optionally (if any) and the
/// ready characters to keep out of the quest.
struct Plan {
    engage: CardId,
    keep: Ids,
}

/// Plans the round (see the module doc): defenders for the enemies that will attack, then the
/// best staged enemy to engage (killed now, or parked on a defender that holds it), then a kill
/// of an engaged enemy with who is left. `at_commit`: before the quest (willpower kept back costs
/// threat); otherwise in the encounter phase (ready characters are free).
fn round_plan(g: &Game, p: u8, at_commit: bool) -> Plan {
    round_plan_upto(g, p, at_commit, 3)
}

/// The round plan with only its first `steps` steps (1: defenders only; 2: + optional
/// engagement; 3: + a kill of an engaged enemy).
fn round_plan_upto(g: &Game, p: u8, at_commit: bool, steps: u8) -> Plan {
    let mut pool = ready_chars(g, p);
    if at_commit {
        // Who leaves play when the quest phase ends (Sneak Attack's ally) cannot defend or
        // attack later this round.
        let mut stay = Ids::new();
        for &c in pool.as_slice() {
            if !g.has_lasting(c, Lasting::ReturnToHandAtEndOfPhase)
                && !g.has_lasting(c, Lasting::ShuffleIntoDeckAtEndOfPhase)
            {
                stay.push(c);
            }
        }
        pool = stay;
    }
    let no_checks = g.rule(Rule::NoEngagementChecks);
    let mut must = Ids::new();
    for &e in g.engaged(p) {
        must.push(e);
    }
    if at_commit && !no_checks {
        let threat = g.players[p as usize].threat;
        for &e in g.list(Zone::Staging) {
            if g.is_enemy(e) && g.stat(e, Stat::Engagement) <= threat {
                must.push(e);
            }
        }
    }
    let s = &mut must.ids[..must.n];
    s.sort_by_key(|&e| std::cmp::Reverse(g.stat(e, Stat::Attack)));
    let mut keep = reserve_defenders(g, p, must.as_slice(), &pool, at_commit);
    let mut plan_engage = NO_CARD;
    let mut cands = Ids::new();
    // Optional engagement: only when every attacking enemy has a defender.
    if steps >= 2 && keep.n >= must.n {
        let mut best: Option<(i32, CardId, CardId, u32, Ids)> = None;
        for &e in g.list(Zone::Staging) {
            if !g.is_enemy(e) || must.contains(e) {
                continue;
            }
            // Not offered for optional engagement (Rearguard Ambusher, Track the Orcs).
            if g.rule(Rule::CannotBeOptionallyEngaged(e)) {
                continue;
            }
            let atk = g.stat(e, Stat::Attack) + 1;
            let undef = undefended_cost(g, p, atk);
            let def = cheapest_defender(g, e, &pool, &keep, at_commit, ACCEPTABLE + 1);
            let (dc, d) = match def {
                Some((k, d)) if k <= undef => (k, d),
                _ if undef <= ACCEPTABLE => (undef, NO_CARD),
                Some((k, d)) => (k, d),
                None => continue,
            };
            let mut taken = keep;
            if d != NO_CARD {
                taken.push(d);
            }
            let per = staged_cost(g, e) * THREAT_UNIT + engagement_reward(g, p);
            let mut c2 = Ids::new();
            let v = match kill_set(g, e, &pool, &taken, at_commit, &mut c2) {
                Some((kc, mask)) => (per * KILL_ROUNDS - dc - kc, mask),
                None => {
                    // Parked: a real defender that holds it cheaply, round after round.
                    if d == NO_CARD {
                        continue;
                    }
                    let dmg = (atk - g.stat(d, Stat::Defense)).max(0);
                    let hurt = damage_cost(g, d, dmg);
                    let wp = g.stat(d, g.questing_stat()).max(0) as i32 * THREAT_UNIT;
                    if hurt > PARK_DAMAGE {
                        continue;
                    }
                    ((per - wp) * PARK_ROUNDS - hurt, 0)
                }
            };
            if v.0 > 0 && best.as_ref().map(|b| v.0 > b.0).unwrap_or(true) {
                best = Some((v.0, e, d, v.1, c2));
            }
        }
        if let Some((_, e, d, mask, c2)) = best {
            plan_engage = e;
            if d != NO_CARD {
                keep.push(d);
            }
            keep_mask(&mut keep, &c2, mask);
        }
    }
    // A kill of an engaged enemy with who is left.
    let mut best: Option<(i32, u32, Ids)> = None;
    for &e in g.engaged(p).iter().filter(|_| steps >= 3) {
        if let Some((kc, mask)) = kill_set(g, e, &pool, &keep, at_commit, &mut cands) {
            let v =
                (g.stat(e, Stat::Attack) as i32 + staged_cost(g, e)) * THREAT_UNIT * KILL_ROUNDS
                    - kc;
            if v > 0 && best.as_ref().map(|b| v > b.0).unwrap_or(true) {
                best = Some((v, mask, cands));
            }
        }
    }
    if let Some((_, mask, c2)) = best {
        keep_mask(&mut keep, &c2, mask);
    }
    Plan {
        engage: plan_engage,
        keep,
    }
}

fn commit(g: &Game, p: u8, o: &[Opt]) -> Option<usize> {
    let qs = g.questing_stat();
    let mut plan = round_plan(g, p, true);
    for steps in [2u8, 1] {
        if quest_deficit(g, p, &plan.keep) <= DEFICIT_CAP {
            break;
        }
        plan = round_plan_upto(g, p, true, steps);
    }
    let mut reserved = plan.keep;
    // A character that quests without exhausting (Halbarad while engaged) is never held back.
    let mut free = Ids::new();
    for &c in reserved.as_slice() {
        if !g.rule(Rule::CommitsWithoutExhausting(c)) {
            free.push(c);
        }
    }
    reserved = free;
    // Progress that cannot count: on a stage without quest points, stop committing once the
    // committed strength matches the staging threat (plus what the active location still needs);
    // whoever is left stays ready to defend and attack.
    if progress_is_useless(g) {
        let need = g.staging_threat()
            + g.active_location()
                .map(|l| (g.stat(l, Stat::QuestPoints) - g.card(l).progress).max(0))
                .unwrap_or(0);
        if g.questing_strength() >= need {
            return find(o, Opt::Done);
        }
    }
    let pick = pick_max(o, |c| {
        if reserved.contains(c) || g.stat(c, qs) <= 0 {
            i32::MIN / 2
        } else {
            g.stat(c, qs) as i32 * 4 + g.is_hero(c) as i32 * 2 - is_objective_ally(g, c) as i32
        }
    });
    match pick {
        Some(i) => match o[i] {
            Opt::Card(c) if !reserved.contains(c) && g.stat(c, qs) > 0 => Some(i),
            _ => find(o, Opt::Done),
        },
        None => find(o, Opt::Done),
    }
}

/// True when questing progress beyond the staging threat (and the active location) counts for
/// nothing: the current quest is a stage without quest points (The Weather Hills 1B).
fn progress_is_useless(g: &Game) -> bool {
    g.current_quest()
        .map(|q| g.stat(q, Stat::QuestPoints) <= 0)
        .unwrap_or(false)
}

/// Threat we expect each player's quest reveal to add (about one encounter card's threat).
const REVEAL_THREAT: i16 = 2;
/// The largest expected quest deficit (threat raise) the round plan may cause by keeping
/// characters back for an optional engagement or a kill.
const DEFICIT_CAP: i16 = 2;

/// Expected threat raise of this quest if every ready character outside `keep` with a positive
/// questing stat is committed: staging threat + expected reveals − questing strength.
fn quest_deficit(g: &Game, p: u8, keep: &Ids) -> i16 {
    let qs = g.questing_stat();
    let free: i16 = ready_chars(g, p)
        .as_slice()
        .iter()
        .filter(|&&c| !keep.contains(c))
        .map(|&c| g.stat(c, qs).max(0))
        .sum();
    g.staging_threat() + REVEAL_THREAT * g.players_in_game() as i16 - g.questing_strength() - free
}

/// Progress we expect to make this round if (nearly) everyone ready quests.
fn expected_surplus(g: &Game, p: u8) -> i16 {
    let qs = g.questing_stat();
    let mut wp: i16 = 0;
    for q in 0..g.n_players {
        if g.players[q as usize].eliminated {
            continue;
        }
        wp += g
            .characters(q)
            .filter(|&c| ready(g, c))
            .map(|c| g.stat(c, qs))
            .sum::<i16>();
    }
    let _ = p;
    let loc = g
        .active_location()
        .map(|l| (g.stat(l, Stat::QuestPoints) - g.card(l).progress).max(0))
        .unwrap_or(0);
    // Keep about a quarter back for combat.
    wp * 3 / 4 - g.staging_threat() - 2 * g.players_in_game() as i16 - loc
}

/// Expected surplus if side quest `c` were the current quest: a Battle or Siege quest is quested
/// with Attack or Defense instead of Willpower (`surplus` is the Willpower estimate).
fn quest_surplus_for(g: &Game, p: u8, c: CardId, surplus: i16) -> i16 {
    let kw = g.def_of(c).keywords;
    let stat = if kw.battle {
        Stat::Attack
    } else if kw.siege {
        Stat::Defense
    } else {
        return surplus;
    };
    let _ = p;
    let sum = |s: Stat| -> i16 {
        (0..g.n_players)
            .filter(|&q| !g.players[q as usize].eliminated)
            .flat_map(|q| g.characters(q))
            .filter(|&x| ready(g, x))
            .map(|x| g.stat(x, s))
            .sum()
    };
    surplus + (sum(stat) - sum(Stat::Willpower)) * 3 / 4
}

fn current_quest(g: &Game, p: u8, o: &[Opt]) -> Option<usize> {
    let main = g.main_quest().unwrap_or(NO_CARD);
    let surplus = expected_surplus(g, p);
    // A stage without quest points (The Weather Hills 1B) is never defeated by progress.
    let main_blocked = main != NO_CARD
        && (g.rule(Rule::CannotDefeat(main))
            || g.rule(Rule::CannotWin)
            || g.def_of(main).quest_points <= 0);
    let mut best: Option<(i32, usize)> = None;
    for (i, opt) in o.iter().enumerate() {
        let Opt::Card(c) = *opt else { continue };
        if c == main || c == NO_CARD || !g.is_side_quest(c) {
            continue;
        }
        let rem = (g.stat(c, Stat::QuestPoints) - g.card(c).progress).max(0);
        let prio = SIDE_QUESTS
            .iter()
            .find(|s| s.0 == code(g, c))
            .map(|s| s.1)
            .unwrap_or(0);
        let surplus = quest_surplus_for(g, p, c, surplus);
        let cheap = surplus > 0 && rem <= surplus;
        if prio == 0 && !cheap && !main_blocked {
            continue;
        }
        // Orc Rearguard as the current quest reveals one more card: only worth it when we
        // expect to make progress on it.
        if code(g, c) == "TLR-023" && surplus <= 0 && !main_blocked {
            continue;
        }
        let v = prio * 10 + cheap as i32 * 200 - rem as i32;
        if best.map(|(b, _)| v > b).unwrap_or(true) {
            best = Some((v, i));
        }
    }
    best.map(|(_, i)| i)
        .or_else(|| find(o, Opt::Card(main)))
        .or(Some(0))
}

/// Chetwood Forest's travel cost makes us engage an enemy from the staging area (the weakest, by
/// our own choice): bad when even the weakest could not be defended at an acceptable cost.
fn engage_forced_is_bad(g: &Game, p: u8) -> bool {
    let weakest = g
        .list(Zone::Staging)
        .iter()
        .copied()
        .filter(|&e| g.is_enemy(e))
        .min_by_key(|&e| danger(g, e));
    match weakest {
        None => false,
        Some(e) => {
            let atk = g.stat(e, Stat::Attack) + 1;
            let pool = ready_chars(g, p);
            let taken = reserve_defenders(g, p, g.engaged(p), &pool, false);
            let def = pool
                .as_slice()
                .iter()
                .filter(|&&c| !taken.contains(c) && !is_objective_ally(g, c))
                .map(|&c| defend_cost(g, c, atk))
                .min()
                .unwrap_or(i32::MAX);
            def.min(undefended_cost(g, p, atk)) > ACCEPTABLE
        }
    }
}

/// The Mission objective's tokens, and whether it is Savage Counter-attack (tokens are lives).
fn mission_tokens(g: &Game) -> Option<(bool, i16)> {
    crate::cards::common::mission(g).map(|m| (code(g, m) == "TLR-072", g.card(m).resources))
}

fn travel(g: &Game, p: u8, o: &[Opt]) -> Option<usize> {
    let surplus = expected_surplus(g, p);
    let mut best: Option<(i32, usize)> = None;
    for (i, opt) in o.iter().enumerate() {
        let Opt::Card(l) = *opt else { continue };
        let threat = g.threat_contribution(l);
        let rem = (g.stat(l, Stat::QuestPoints) - g.card(l).progress).max(0);
        // On a stage without quest points (The Weather Hills 1B) questing progress only counts
        // on locations: any location is worth travelling to.
        let no_qp = g
            .main_quest()
            .map(|q| g.def_of(q).quest_points <= 0)
            .unwrap_or(false);
        if threat < 2 && rem > surplus.max(0) && !no_qp {
            continue;
        }
        let mut pen = TRAVEL_PENALTY
            .iter()
            .find(|t| t.0 == code(g, l))
            .map(|t| t.1)
            .unwrap_or(0);
        if code(g, l) == "TLR-018" && engage_forced_is_bad(g, p) {
            pen += 1000;
        }
        // Sheltered Valley's travel cost is a Mission token: a step back on Hunting the Orcs,
        // and one of the few lives on Savage Counter-attack (none left loses the game).
        if code(g, l) == "TLR-029" {
            pen += match mission_tokens(g) {
                Some((true, t)) if t <= 2 => 1000,
                Some((true, _)) => 20,
                _ => 5,
            };
        }
        let v = 3 * threat as i32 - rem as i32 - pen + 100;
        if v > 0 && best.map(|(b, _)| v > b).unwrap_or(true) {
            best = Some((v, i));
        }
    }
    best.map(|(_, i)| i).or_else(|| find(o, Opt::Pass))
}

// ===================================================================== encounter phase

/// Ready characters of `p`.
fn ready_chars(g: &Game, p: u8) -> Ids {
    let mut out = Ids::new();
    for c in g.characters(p) {
        if ready(g, c) {
            out.push(c);
        }
    }
    out
}

fn optional_engage(g: &Game, p: u8, o: &[Opt]) -> Option<usize> {
    let e = round_plan(g, p, false).engage;
    find(o, Opt::Card(e)).or_else(|| find(o, Opt::Pass))
}

// ===================================================================== combat

fn defender(g: &Game, p: u8, enemy: CardId, o: &[Opt]) -> Option<usize> {
    if let Some(i) = find(o, Opt::Done) {
        return Some(i);
    }
    let atk = g.stat(enemy, Stat::Attack) + shadow_count(g, enemy);
    let undef = undefended_cost(g, p, atk);
    let best = pick_min(o, |c| {
        if is_objective_ally(g, c) {
            damage_cost(g, c, atk)
        } else {
            defend_cost(g, c, atk)
        }
    });
    match best {
        Some(i) => {
            let Opt::Card(c) = o[i] else {
                return find(o, Opt::Undefended);
            };
            let k = if is_objective_ally(g, c) {
                damage_cost(g, c, atk)
            } else {
                defend_cost(g, c, atk)
            };
            // Undefended when it is cheaper: a chump is cheaper than a dead hero, a dead hero
            // cheaper than losing the game (Iârion dying).
            if undef < k {
                find(o, Opt::Undefended).or(Some(i))
            } else {
                Some(i)
            }
        }
        None => find(o, Opt::Undefended),
    }
}

/// The cheapest subset of `cands` whose ATK total (plus `base`) − DEF ≥ HP of `e`; as a bit mask
/// over `cands`. Cost: total ATK, then number of characters.
fn cheapest_kill(g: &Game, e: CardId, cands: &[CardId], base: i16) -> Option<u32> {
    let need = g.remaining_hp(e) + g.stat(e, Stat::Defense) - base;
    if need <= 0 {
        return Some(0);
    }
    let n = cands.len().min(12);
    let mut atk = [0i16; 12];
    for i in 0..n {
        atk[i] = attack_potential(g, cands[i]);
    }
    if atk[..n].iter().sum::<i16>() < need {
        return None;
    }
    let mut sums = [0i16; 1 << 12];
    let mut best: Option<(i32, u32)> = None;
    for mask in 1u32..(1 << n) {
        let i = mask.trailing_zeros() as usize;
        let sum = sums[(mask & (mask - 1)) as usize] + atk[i];
        sums[mask as usize] = sum;
        if sum < need {
            continue;
        }
        let cost = sum as i32 * 16 + mask.count_ones() as i32;
        if best.map(|(b, _)| cost < b).unwrap_or(true) {
            best = Some((cost, mask));
        }
    }
    best.map(|(_, m)| m)
}

/// Characters of `p` that could attack `e` now (approximation of the engine's rule).
fn attack_pool(g: &Game, p: u8, e: CardId) -> Ids {
    let mut out = Ids::new();
    let zone = g.card(e).zone;
    for c in g.characters(p) {
        if !ready(g, c) || g.stat(c, Stat::Attack) <= 0 {
            continue;
        }
        let ok = match zone {
            Zone::Engaged(q) if q == p => true,
            Zone::Engaged(_) => g.def_of(c).keywords.ranged,
            _ => false,
        };
        if ok {
            out.push(c);
        }
    }
    out
}

fn attack_target(g: &Game, p: u8, o: &[Opt]) -> Option<usize> {
    let mut best: Option<(i32, usize)> = None;
    let mut chip: Option<(i32, usize)> = None;
    for (i, opt) in o.iter().enumerate() {
        let Opt::Card(e) = *opt else { continue };
        let pool = attack_pool(g, p, e);
        if pool.n == 0 {
            continue;
        }
        if cheapest_kill(g, e, pool.as_slice(), 0).is_some() {
            let v = danger(g, e);
            if best.map(|(b, _)| v > b).unwrap_or(true) {
                best = Some((v, i));
            }
        } else if g.card(e).zone == Zone::Engaged(p) {
            let total: i16 = pool
                .as_slice()
                .iter()
                .map(|&c| g.stat(c, Stat::Attack))
                .sum();
            let dmg = total - g.stat(e, Stat::Defense);
            if dmg >= 1 {
                let v = dmg as i32 * 100 + danger(g, e);
                if chip.map(|(b, _)| v > b).unwrap_or(true) {
                    chip = Some((v, i));
                }
            }
        }
    }
    best.or(chip).map(|(_, i)| i).or_else(|| find(o, Opt::Done))
}

fn attacker(g: &Game, _p: u8, enemy: CardId, o: &[Opt]) -> Option<usize> {
    let base: i16 = g
        .patk
        .attackers()
        .iter()
        .map(|&a| attack_potential(g, a))
        .sum();
    let need = g.remaining_hp(enemy) + g.stat(enemy, Stat::Defense) - base;
    if need <= 0 {
        if let Some(i) = find(o, Opt::Done) {
            return Some(i);
        }
    }
    let mut cands = Ids::new();
    for &opt in o {
        if let Opt::Card(c) = opt {
            if g.stat(c, Stat::Attack) > 0 {
                cands.push(c);
            }
        }
    }
    if let Some(mask) = cheapest_kill(g, enemy, cands.as_slice(), base) {
        let mut pick: Option<(i16, CardId)> = None;
        for (i, &c) in cands.as_slice().iter().enumerate().take(12) {
            if mask & (1 << i) != 0 {
                let a = attack_potential(g, c);
                if pick.map(|(b, _)| a > b).unwrap_or(true) {
                    pick = Some((a, c));
                }
            }
        }
        if let Some((_, c)) = pick {
            return find(o, Opt::Card(c));
        }
    }
    // No kill: chip with everyone who gets through the defense (or the strongest, if nobody
    // has attacked yet and the engine wants at least one attacker).
    let cur_dmg = base - g.stat(enemy, Stat::Defense);
    let all: i16 = cands
        .as_slice()
        .iter()
        .map(|&c| g.stat(c, Stat::Attack))
        .sum();
    if cands.n > 0
        && (base + all - g.stat(enemy, Stat::Defense) > cur_dmg.max(0)
            || find(o, Opt::Done).is_none())
    {
        return pick_max(o, |c| g.stat(c, Stat::Attack) as i32);
    }
    find(o, Opt::Done).or_else(|| pick_max(o, |c| g.stat(c, Stat::Attack) as i32))
}

// ===================================================================== responses and effects

fn response(g: &Game, p: u8, ev: Event, o: &[Opt]) -> Option<usize> {
    let mut best: Option<(i32, usize)> = None;
    for (i, opt) in o.iter().enumerate() {
        let Opt::Activate(c) = *opt else { continue };
        if g.card(c).zone == Zone::Hand(p) && breaks_reserve(g, p, c) {
            continue;
        }
        let v = action_value(g, p, c, Some(ev));
        if v > 0 && best.map(|(b, _)| v > b).unwrap_or(true) {
            best = Some((v, i));
        }
    }
    best.map(|(_, i)| i).or_else(|| find(o, Opt::Pass))
}

/// Where attachment `a` should go among the offered targets.
fn attach_target(g: &Game, p: u8, a: CardId, o: &[Opt]) -> Option<usize> {
    let (_, kind) = attachment_info(g, a);
    let dwarf_bonus = |c: CardId| (code(g, a) == "Core-041" && g.has_trait(c, "Dwarf")) as i32 * 5;
    // A third restricted attachment would push one out: such hosts come last.
    let restricted = angmar2_restricted(g, a);
    let full = move |c: CardId| {
        restricted
            && g.attachments(c)
                .filter(|&x| g.def_of(x).keywords.restricted)
                .count()
                >= 2
    };
    let own = |c: CardId| (g.controller(c) == p) as i32 * 1000 - full(c) as i32 * 3000;
    match kind {
        AttachKind::Weapon => pick_max(o, |c| {
            own(c) + g.stat(c, Stat::Attack) as i32 * 10 + dwarf_bonus(c) + g.is_hero(c) as i32 * 3
        }),
        AttachKind::Armor => pick_max(o, |c| {
            own(c)
                + g.stat(c, Stat::Defense) as i32 * 10
                + g.stat(c, Stat::HitPoints) as i32
                + g.is_hero(c) as i32 * 3
        }),
        AttachKind::Willpower => pick_max(o, |c| {
            own(c) + g.stat(c, Stat::Willpower) as i32 * 10 + g.is_hero(c) as i32 * 3
        }),
        AttachKind::Resources => pick_max(o, |c| {
            let n = hand(g, p)
                .iter()
                .filter(|&&x| g.is_hero(c) && g.def_of(x).sphere == g.def_of(c).sphere)
                .count();
            own(c) + n as i32 * 10 + g.is_hero(c) as i32 * 5
        }),
        AttachKind::General => pick_max(o, |c| own(c) + char_value(g, c).min(10_000)),
        AttachKind::Enemy => pick_max(o, |c| {
            danger(g, c) + (g.card(c).zone == Zone::Engaged(p)) as i32 * 1000
        }),
        AttachKind::Location => pick_max(o, |c| g.threat_contribution(c) as i32),
    }
}

/// Harm of revealing an encounter side quest, by code (Pressing Needs makes us pick one).
const SIDE_QUEST_HARM: &[(&str, i32)] = &[
    ("TLR-023", 1), // Orc Rearguard: progress cap
    ("TLR-046", 2), // Orc Ambush: an Orc engages, Orcs get stronger
    ("TLR-051", 3), // Lost in the Wilderness: every hand goes under it
    ("TLR-024", 4), // Rescue Iârion: Iârion leaves, time counters
];

/// Prompts of known cards (mostly Intruders in Chetwood encounter cards), by code and prompt.
/// How much `p` would miss card `c` from his hand: a unique card already in play is dead,
/// key responses are kept, otherwise dearer cards are worth more.
fn hand_card_value(g: &Game, p: u8, c: CardId) -> i32 {
    if g.unique_in_play(c) {
        return -10;
    }
    let key = KEY_RESPONSES.iter().any(|k| k.0 == code(g, c));
    let affordable = g.has_matching_hero(p, g.def_of(c).sphere) as i32;
    g.def_of(c).cost.max(0) as i32 * 2 + affordable * 4 + key as i32 * 20
}

fn known_effect(g: &Game, p: u8, src: &str, what: u8, o: &[Opt]) -> Option<usize> {
    if let Some(&(_, _, n)) = DAMAGE_PROMPTS.iter().find(|d| d.0 == src && d.1 == what) {
        return pick_min(o, |c| damage_cost(g, c, n) + (g.controller(c) != p) as i32);
    }
    match (src, what) {
        // Angmar Orc: discard an ally (Card) or reveal one more card (Mode 0). A cheap ally goes.
        ("TLR-043", 0) => {
            let i = pick_min(o, |c| char_value(g, c) + (g.controller(c) != p) as i32 * 5)?;
            let Opt::Card(c) = o[i] else { return None };
            if char_value(g, c) <= 20 {
                Some(i)
            } else {
                find(o, Opt::Mode(0))
            }
        }
        // Chetwood Forest shadow: exhaust a ready hero (Card) or the attacker returns to the
        // staging area (Mode 0). Exhaust the hero whose attack matters least.
        // Chetwood Forest's travel cost: the player best able to defend an enemy engages it.
        ("TLR-018", 2) => {
            let mut best: Option<(i32, usize)> = None;
            for (i, opt) in o.iter().enumerate() {
                let Opt::Player(q) = *opt else { continue };
                let def: i32 = g
                    .characters(q)
                    .filter(|&c| ready(g, c))
                    .map(|c| g.stat(c, Stat::Defense) as i32 * 10 + g.remaining_hp(c) as i32)
                    .max()
                    .unwrap_or(0)
                    - g.players[q as usize].threat as i32;
                if best.map(|(b, _)| def > b).unwrap_or(true) {
                    best = Some((def, i));
                }
            }
            best.map(|(_, i)| i)
        }
        ("TLR-018", 1) => pick_min(o, |c| {
            g.stat(c, Stat::Attack) as i32 * 10 + g.stat(c, Stat::Defense) as i32
        })
        .or_else(|| find(o, Opt::Mode(0))),
        // Borders of Bree-land / Surprising Speed: an engaged enemy goes back to the staging
        // area. Send back the one we are least likely to kill (most HP + DEF left).
        ("TLR-019", 0) | ("TLR-022", 0) => pick_max(o, |e| {
            (g.remaining_hp(e) + g.stat(e, Stat::Defense)) as i32 * 10
                + g.stat(e, Stat::Attack) as i32
        }),
        // Pressing Needs: switching the current quest (Card) beats revealing a side quest
        // (Mode 0); the main quest unless a side quest is the better one.
        ("TLR-049", 0) => {
            let main = g.main_quest().unwrap_or(NO_CARD);
            find(o, Opt::Card(main))
                .or_else(|| o.iter().position(|x| matches!(x, Opt::Card(_))))
                .or_else(|| find(o, Opt::Mode(0)))
        }
        ("TLR-049", 1) => pick_min(o, |c| {
            SIDE_QUEST_HARM
                .iter()
                .find(|s| s.0 == code(g, c))
                .map(|s| s.1)
                .unwrap_or(2)
        }),
        // Dúnedain Hunter: the weakest enemy found engages us.
        ("TLR-004", 0) => pick_min(o, |e| danger(g, e)),
        // Tireless Hunters / tactics Aragorn: the enemy we hold best that adds the most threat.
        ("TLR-008", 0) | ("TLR-001", 0) => pick_max(o, |e| {
            g.threat_contribution(e) as i32 * 10 * (g.card(e).zone == Zone::Staging) as i32
                - g.stat(e, Stat::Attack) as i32 * 5
        }),
        // Expert Trackers: exhaust the Scout / Ranger we need least.
        ("TLR-009", 0) => pick_min(o, |c| stats_sum(g, c) + g.is_hero(c) as i32 * 5),
        // Athelas: also drop a Condition only when it is an encounter card's.
        ("TLR-011", 1) => o
            .iter()
            .position(|x| matches!(*x, Opt::Card(a) if g.card(a).owner == ENCOUNTER))
            .or_else(|| find(o, Opt::Pass)),
        // Gather Information: the card we would most like in hand.
        ("TLR-014", 0) => pick_max(o, |c| hand_card_value(g, p, c)),
        // Ranger of the North: a kill, else exploring a location, else chip at the worst enemy.
        ("TLR-015", 1) => pick_max(o, |c| {
            if g.is_enemy(c) {
                (g.remaining_hp(c) <= 2) as i32 * 1000 + danger(g, c)
            } else {
                let left = g.stat(c, Stat::QuestPoints) - g.card(c).progress;
                (left <= 2) as i32 * 900 + g.threat_contribution(c) as i32 * 5
            }
        }),
        // --- The Battle of Carn Dûm / The Dread Realm
        // The Long Defeat: heal when our heroes are hurt, else draw; heal the most hurt first.
        ("TBoCD-122", 0) => {
            let want = if total_hero_damage(g, p) >= 2 { 1 } else { 0 };
            find(o, Opt::Mode(want)).or_else(|| find(o, Opt::Mode(0)))
        }
        ("TBoCD-122", 1) => pick_max(o, |c| g.card(c).damage as i32 + g.is_hero(c) as i32 * 5),
        // Quick Ears: exhaust the hero we need least.
        ("TBoCD-123", 0) => pick_min(o, |c| char_value(g, c)),
        // Arwen: discard the least useful card; the resource goes to one of our heroes.
        ("TDR-140", 0) => pick_min(o, |c| hand_card_value(g, p, c)),
        ("TDR-140", 1) => pick_max(o, |c| {
            (g.controller(c) == p) as i32 * 100 - g.card(c).resources as i32
        }),
        // Hour of Wrath: all our heroes when Valour allows, else our strongest fighter.
        ("TDR-144", 0) => find(o, Opt::Player(p)).or_else(|| {
            pick_max(o, |c| {
                (g.controller(c) == p) as i32 * 100
                    + (g.stat(c, Stat::Attack) + g.stat(c, Stat::Defense)) as i32
            })
        }),
        // Tale of Tinúviel: exhaust the one with most Willpower; ready an exhausted fighter.
        ("TDR-146", 0) => pick_max(o, |c| {
            g.printed(c, Stat::Willpower) as i32 * 10 - char_value(g, c) / 50
        }),
        ("TDR-146", 1) => pick_max(o, |c| {
            (!ready(g, c)) as i32 * 100
                + (g.controller(c) == p) as i32 * 50
                + g.stat(c, Stat::Attack) as i32
        }),
        // Galadhrim Healer: the player whose heroes carry most damage.
        ("TDR-147", 0) => {
            let mut best: Option<(i32, usize)> = None;
            for (i, opt) in o.iter().enumerate() {
                let Opt::Player(q) = *opt else { continue };
                let v = g.heroes(q).filter(|&h| g.card(h).damage > 0).count() as i32 * 10
                    + (q == p) as i32;
                if best.map(|(b, _)| v > b).unwrap_or(true) {
                    best = Some((v, i));
                }
            }
            best.map(|(_, i)| i)
        }
        // Éowyn / Protector of Lórien / Elven Jeweler: discard the least useful card in hand.
        ("Core-007", 0) | ("Core-070", 0) | ("EfMG-033", _) => {
            pick_min(o, |c| hand_card_value(g, p, c))
        }
        // Honour Guard: the Valour version (discard it, cancel up to 5) only when cancelling 1
        // would not save a character worth more than the Guard.
        ("TWoE-004", 0) => {
            let big = g.stack.iter().rev().find_map(|f| match *f {
                crate::engine::Frame::Choice { cont } if cont.card != NO_CARD => {
                    let (me, x) = (cont.card, cont.a as CardId);
                    Some(g.remaining_hp(x) < 0 && char_value(g, x) > char_value(g, me))
                }
                _ => None,
            });
            find(o, Opt::Mode(big.unwrap_or(false) as u8))
        }
        // Curious Brandybuck: it quests for us.
        ("TWoE-006", 0) => find(o, Opt::Player(p)),
        // Scout Ahead: take out the worst card.
        ("TWoE-009", 0) => pick_max(o, |c| encounter_harm(g, c)),
        // Distant Stars: exhaust the least valuable Ranger/Scout; the shortest location.
        ("EfMG-036", 0) => pick_min(o, |c| char_value(g, c)),
        ("EfMG-036", 1) => pick_min(o, |l| {
            (g.stat(l, Stat::QuestPoints) * 10 + g.stat(l, Stat::Threat)) as i32
        }),
        // Keen as Lances: threat relief when high, cards when short, else resources.
        ("EfMG-037", 0) => {
            let want = if g.players[p as usize].threat >= 35 {
                2
            } else if hand(g, p).len() <= 3 {
                1
            } else {
                0
            };
            find(o, Opt::Mode(want)).or_else(|| o.iter().position(|x| matches!(x, Opt::Mode(_))))
        }
        ("EfMG-037", 1) => pick_max(o, |h| {
            let n = hand(g, p)
                .iter()
                .filter(|&&x| g.def_of(x).sphere == g.def_of(h).sphere)
                .count() as i32;
            (g.controller(h) == p) as i32 * 1000 + n * 10
        }),
        // Cornered Animals: discard a Savage Counter-attack token (Mode 0) while 3 or more are
        // left, else reveal one more card (Mode 1).
        ("TLR-070B", 0) => {
            let keep = mission_tokens(g).map(|(_, t)| t >= 3).unwrap_or(false);
            find(o, Opt::Mode(if keep { 0 } else { 1 })).or_else(|| find(o, Opt::Mode(1)))
        }
        // Rain-washed Tracks (The Weather Hills Nightmare): a Mission token (Mode 0), or +8
        // staging threat this phase (Mode 1, when revealed) / +3 Attack (Mode 1, shadow). A
        // token goes unless it is one of the last 2 of Savage Counter-attack (they are lives);
        // outside the quest phase the +8 threat costs nothing, so it is taken then.
        ("TWHN-017", w) => {
            let keep = mission_tokens(g).is_some_and(|(savage, t)| savage && t <= 2);
            let harmless = w == 0 && g.phase != Phase::Quest;
            let mode = if keep || harmless { 1 } else { 0 };
            find(o, Opt::Mode(mode)).or_else(|| find(o, Opt::Mode(1)))
        }
        // Tragic Discovery's shadow: 3 threat (Mode 0) or the attack goes undefended (Mode 1);
        // undefended when the threat would be deadly or the hit on a hero is cheap.
        ("TLR-058", 0) => {
            let threat = g.players[p as usize].threat;
            let (undefended, defended) = attack_outcomes(g, p);
            let take_undefended = threat + 3 >= 50 || undefended < defended + 3 * THREAT_UNIT;
            find(o, Opt::Mode(if take_undefended { 1 } else { 0 }))
        }
        // Heal effects of encounter cards (Make Camp, Sheltered Valley): the most valuable
        // damage to heal.
        ("TLR-055", 0) | ("TLR-029", 1) => pick_max(o, |c| {
            g.card(c).damage as i32 * 10 + char_value(g, c).min(10_000) / 10
        }),
        // Concealed Orc-camp: a token on the Mission objective, always; the Orc to engage on
        // travel is the least dangerous one.
        ("TLR-030", 1) => find(o, Opt::Yes),
        ("TLR-030", 2) => pick_min(o, |e| danger(g, e)),
        // Weight of Responsibility / Deadmen's Gate shadow: discard the cheapest attachment.
        ("TLR-050", 0) | ("TLR-040", 1) => pick_min(o, |a| g.def_of(a).cost.max(0) as i32),
        // Deadmen's Dike: the deck is the clock (an empty deck eliminates). Unnatural Fog: mill
        // one card per questing character (Mode 0) only with a deck to spare and more
        // willpower at stake than cards; else take the characters out of the quest (Mode 1).
        ("TLR-041", 0) => {
            let n = g.characters(p).filter(|&c| g.card(c).questing).count() as i32;
            let wp: i32 = g
                .characters(p)
                .filter(|&c| g.card(c).questing)
                .map(|c| g.stat(c, g.questing_stat()) as i32)
                .sum();
            let deck = g.list(Zone::Deck(p)).len() as i32;
            if deck - n >= 15 && wp > n {
                find(o, Opt::Mode(0))
            } else {
                find(o, Opt::Mode(1))
            }
        }
        // A Fell Wraith: mill 3 (Mode 0) with a deck to spare, else Thaurdir goes back to the
        // staging area (Mode 1).
        ("TLR-074B", 0) => {
            if g.list(Zone::Deck(p)).len() >= 15 {
                find(o, Opt::Mode(0))
            } else {
                find(o, Opt::Mode(1))
            }
        }
        // Decrepit City's shadow: mill 3 (Mode 0) or the attack goes undefended (Mode 1).
        ("DDN-024", 1) => {
            let (undefended, defended) = attack_outcomes(g, p);
            let deck = g.list(Zone::Deck(p)).len();
            let mill = if deck >= DECK_RESERVE + 3 {
                3 * 8
            } else {
                3 * 200
            };
            find(o, Opt::Mode((undefended < defended + mill) as u8))
        }
        // Paralyzing Fear: discard the top card to ready the hero unless the deck is nearly out.
        ("DDN-025", 1) => find(
            o,
            if g.list(Zone::Deck(p)).len() > 5 {
                Opt::Yes
            } else {
                Opt::No
            },
        ),
        // Norbury Tombs: shuffling discarded cards back into the decks only helps.
        ("TLR-037", 0) => find(o, Opt::Yes),
        // Thaurdir's Damned: one damage at a time where it costs least, counting the damage
        // already assigned.
        ("TLR-034", 0) => pick_min(o, |c| {
            let a = g.assigned_damage(c);
            damage_cost_after(g, c, a, 1)
        }),
        // Baleful Shade shadow: exhaust the ready character whose attack matters least.
        ("TLR-035", 1) => pick_min(o, |c| {
            char_value(g, c).min(10_000) / 10 + g.stat(c, Stat::Attack) as i32 * 20
        }),
        (k, _) if k.starts_with("AtE-") || k.starts_with("TToR-") => {
            angmar2_effect(g, p, k, what, o)
        }
        _ => None,
    }
}

/// The attack in progress against `p`: (cost if it goes undefended, cost of the damage its
/// declared defenders take) in damage-cost units.
fn attack_outcomes(g: &Game, p: u8) -> (i32, i32) {
    let atk = g.stat(g.attack.enemy, Stat::Attack);
    let defended = g
        .attack
        .defenders()
        .iter()
        .map(|&d| damage_cost(g, d, atk - g.stat(d, Stat::Defense)))
        .sum();
    (undefended_cost(g, p, atk), defended)
}

fn effect(g: &Game, p: u8, card: CardId, what: u8, o: &[Opt]) -> Option<usize> {
    let src = if card == NO_CARD { None } else { Some(card) };
    if let Some(a) = src {
        if what == 0
            && g.ty(a) == CardType::Attachment
            && g.card(a).owner != ENCOUNTER
            && g.card(a).zone == Zone::Resolving
        {
            if let Some(i) = attach_target(g, p, a, o) {
                return Some(i);
            }
        }
    }
    let harmful = src.map(|c| g.card(c).owner == ENCOUNTER).unwrap_or(false);
    let src_code = src.map(|c| code(g, c)).unwrap_or("");
    // Palace Ruins: the X worked out when its Action was chosen (at least the smallest).
    if src_code == "DDN-022" && what == 0 {
        let x = palace_ruins_x(g, p, card).max(1) as u8;
        return o
            .iter()
            .rposition(|m| matches!(*m, Opt::Mode(k) if k <= x))
            .or(Some(0));
    }
    if let Some(i) = known_effect(g, p, src_code, what, o) {
        return Some(i);
    }
    // Modes.
    if o.iter().any(|x| matches!(x, Opt::Mode(_))) {
        let want = if src_code == "Core-073" {
            // Gandalf: threat relief when high, a kill when possible, else cards.
            let killable = (0..g.n_players)
                .flat_map(|q| g.engaged(q).iter().copied())
                .chain(g.list(Zone::Staging).iter().copied())
                .any(|e| g.is_enemy(e) && g.remaining_hp(e) <= 4 && !g.immune(e));
            if g.players[p as usize].threat >= 30 {
                2
            } else if killable {
                1
            } else {
                0
            }
        } else {
            MODES
                .iter()
                .find(|m| m.0 == src_code)
                .map(|m| m.1)
                .unwrap_or(u8::MAX)
        };
        if let Some(i) = find(o, Opt::Mode(want)) {
            return Some(i);
        }
        return o.iter().position(|x| matches!(x, Opt::Mode(_)));
    }
    // Card targets.
    let any_card = o.iter().any(|x| matches!(x, Opt::Card(c) if *c != NO_CARD));
    if any_card {
        return if harmful {
            pick_min(o, |c| {
                if g.is_character(c) {
                    harm_cost(g, c) + (g.controller(c) != p) as i32 * 5
                } else if g.is_enemy(c) {
                    danger(g, c)
                } else {
                    g.threat_contribution(c) as i32
                }
            })
        } else {
            pick_max(o, |c| {
                if g.is_character(c) {
                    let mine = (g.controller(c) == p) as i32 * 50;
                    let exhausted = (!ready(g, c)) as i32 * 20;
                    let damaged = g.card(c).damage as i32 * 10;
                    char_value(g, c).min(10_000) + mine + exhausted + damaged
                } else if g.is_enemy(c) {
                    danger(g, c) + (g.card(c).zone == Zone::Engaged(p)) as i32 * 100
                } else if g.is_location(c) {
                    g.threat_contribution(c) as i32 * 10 + g.card(c).progress as i32
                } else {
                    0
                }
            })
        };
    }
    // Players.
    if o.iter().any(|x| matches!(x, Opt::Player(_))) {
        let mut best: Option<(i32, usize)> = None;
        for (i, opt) in o.iter().enumerate() {
            let Opt::Player(q) = *opt else { continue };
            let v = if harmful {
                -(g.players[q as usize].threat as i32)
            } else {
                -(hand(g, q).len() as i32) * 10 + (q == p) as i32
            };
            if best.map(|(b, _)| v > b).unwrap_or(true) {
                best = Some((v, i));
            }
        }
        return best.map(|(_, i)| i);
    }
    if !harmful {
        if let Some(i) = find(o, Opt::Yes) {
            return Some(i);
        }
    }
    Some(fallback(o))
}

// ===================================================================== Angmar Awakened cards

/// Does `p` control Erestor (his hand is discarded at the end of every round, so cards in hand
/// are cheap to spend)?
fn has_erestor(g: &Game, p: u8) -> bool {
    g.heroes(p).any(|h| code(g, h) == "TToR-084")
}

/// A restricted attachment from Across the Ettenmoors / The Treachery of Rhudaur (the room
/// check below is kept to these so the Core decks' tuned play is unchanged).
fn angmar2_restricted(g: &Game, a: CardId) -> bool {
    let k = code(g, a);
    g.def_of(a).keywords.restricted && (k.starts_with("AtE-") || k.starts_with("TToR-"))
}

/// Has some legal target of restricted attachment `a` fewer than 2 restricted attachments?
fn restricted_room(g: &Game, p: u8, a: CardId) -> bool {
    g.attach_targets(a, p).any(|t| {
        g.attachments(t)
            .filter(|&x| g.def_of(x).keywords.restricted)
            .count()
            < 2
    })
}

/// Attack `c` can reach in an attack: its Attack plus what its Elven Spears can still add
/// (one per card in its controller's hand, 3 per Spear per phase).
fn attack_potential(g: &Game, c: CardId) -> i16 {
    let a = g.stat(c, Stat::Attack);
    let mut spear: i16 = 0;
    for x in g.attachments(c) {
        if code(g, x) == "TToR-087" && g.controller(x) == g.controller(c) {
            spear += 3 - g.card(x).uses_phase.min(3) as i16;
        }
    }
    if spear == 0 {
        return a;
    }
    let in_hand = g.list(Zone::Hand(g.controller(c))).len() as i16;
    a + spear.min(in_hand)
}

/// Strength and kill threshold (remaining HP + Defense) of `p`'s player attack in progress.
fn attack_in_progress(g: &Game, p: u8) -> Option<(i16, i16, i16)> {
    let e = g.patk.enemy;
    if e == NO_CARD || g.patk.player != p || !g.card(e).zone.in_play() {
        return None;
    }
    let strength: i16 = g
        .patk
        .attackers()
        .iter()
        .map(|&a| g.stat(a, Stat::Attack))
        .sum();
    Some((
        strength,
        g.remaining_hp(e) + g.stat(e, Stat::Defense),
        g.stat(e, Stat::Defense),
    ))
}

/// Engaged enemies of `p` that have not attacked yet this phase.
fn unattacked_engaged<'g>(g: &'g Game<'g>, p: u8) -> impl Iterator<Item = CardId> + 'g {
    g.engaged(p)
        .iter()
        .copied()
        .filter(move |&e| g.is_enemy(e) && !g.card(e).attacked && !g.immune(e))
}

/// A Valour event (other than `not`) in `p`'s hand worth playing now.
fn valour_event_wanted(g: &Game, p: u8, not: CardId) -> bool {
    hand(g, p).iter().any(|&x| {
        x != not
            && crate::cards::common::is_valour_event(g, x)
            && code(g, x) != "AtE-063"
            && g.available(p, g.def_of(x).sphere) + 2 >= g.def_of(x).cost.max(0)
            && action_value(g, p, x, None) > 0
    })
}

/// `action_value` for the Across the Ettenmoors and Treachery of Rhudaur player cards.
fn angmar2_value(g: &Game, p: u8, c: CardId, ev: Option<Event>) -> i32 {
    let phase = g.phase;
    let hand_n = hand(g, p).len();
    let erestor = has_erestor(g, p);
    match code(g, c) {
        // Dori: lend his Defense when the attack would hurt the defending hero.
        "AtE-054" => match ev {
            Some(Event::DefenderDeclared(d, e)) => {
                let atk = g.stat(e, Stat::Attack) + shadow_count(g, e);
                (atk > g.stat(d, Stat::Defense)) as i32 * 30
            }
            _ => 0,
        },
        // Dúnedain Message: fetch a side quest to play this planning phase.
        "AtE-056" => {
            (phase == Phase::Planning
                && !hand(g, p)
                    .iter()
                    .any(|&x| g.ty(x) == CardType::PlayerSideQuest)) as i32
                * 20
        }
        // Longbeard Sentry: +1 Defense / Sentinel before enemies attack, with a deck to spare.
        "AtE-057" => {
            let attacks_left = (0..g.n_players).any(|q| unattacked_engaged(g, q).next().is_some());
            (phase == Phase::Combat
                && ready(g, c)
                && attacks_left
                && g.list(Zone::Deck(p)).len() >= 8) as i32
                * 15
        }
        // Steed of Imladris: a card for 2 progress on the active location.
        "AtE-059" => {
            (matches!(ev, Some(Event::Committed(_))) && (hand_n >= 3 || erestor)) as i32 * 25
        }
        // Fair and Perilous: turns an attack that falls short into a kill.
        "AtE-060" => match attack_in_progress(g, p) {
            Some((strength, need, _)) if strength < need => {
                let best = g
                    .patk
                    .attackers()
                    .iter()
                    .filter(|&&a| g.has_trait(a, "Noldor") || g.has_trait(a, "Silvan"))
                    .map(|&a| g.stat(a, Stat::Willpower))
                    .max()
                    .unwrap_or(0);
                (strength + best >= need) as i32 * 40
            }
            _ => 0,
        },
        // None Return: keep a strong enemy out of the encounter deck for good.
        "AtE-062" => match ev {
            Some(Event::Destroyed(e)) => {
                let d = g.def_of(e);
                (d.attack.max(0) + d.threat.max(0) >= 4 || hand_has(g, p, &["TToR-092"])) as i32
                    * 25
            }
            _ => 0,
        },
        // Hope Rekindled: discount a Valour event we are about to play, or (Valour) search.
        "AtE-063" => {
            if valour_event_wanted(g, p, c) {
                60
            } else {
                (g.valour(p) && !g.list(Zone::Deck(p)).is_empty()) as i32 * 20
            }
        }
        // Reinforcements: bodies before committing, or before enemies attack.
        "TToR-085" => {
            let pre_quest = phase == Phase::Quest && !any_questing(g, p);
            let pre_combat = phase == Phase::Combat
                && !g.engaged(p).is_empty()
                && g.engaged(p).iter().all(|&e| !g.card(e).attacked);
            (pre_quest || pre_combat) as i32 * 30
        }
        // Elven Spear: discard for +1 Attack when it completes a kill (or chips, with Erestor).
        "TToR-087" => {
            let Zone::Attached(h) = g.card(c).zone else {
                return 0;
            };
            match attack_in_progress(g, p) {
                Some((strength, need, _))
                    if g.patk.attackers().contains(&h) && strength < need && hand_n > 0 =>
                {
                    let uses_left = 3 - g.card(c).uses_phase as i16;
                    (strength + uses_left >= need || erestor) as i32 * 30
                }
                _ => 0,
            }
        }
        // Horn's Cry: before enemy attacks, against several attackers (or Valour, one player).
        "TToR-088" => {
            let n = unattacked_engaged(g, p).count();
            let valour = g.valour(p);
            (phase == Phase::Combat && (n >= 2 || (valour && n >= 1))) as i32 * 25
        }
        // Silver Harp: take back a card worth having.
        "TToR-090" => match ev {
            Some(Event::DiscardedFromHand(x)) => (hand_card_value(g, p, x) >= 6) as i32 * 30,
            _ => 0,
        },
        // The Door is Closed!: always worth a card.
        "TToR-092" => matches!(ev, Some(Event::CancelWhenRevealed(_))) as i32 * 45,
        _ => {
            if g.card(c).zone == Zone::Hand(p) {
                0
            } else {
                // In-play responses (Wellinghall Preserver, Galadhrim Weaver, Galdor): free.
                ev.is_some() as i32 * 10
            }
        }
    }
}

/// Prompts of the Across the Ettenmoors and Treachery of Rhudaur player cards.
fn angmar2_effect(g: &Game, p: u8, src: &str, what: u8, o: &[Opt]) -> Option<usize> {
    match (src, what) {
        // Steed of Imladris / Elven Spear: discard the least useful card in hand.
        ("AtE-059", 0) | ("TToR-087", 0) => pick_min(o, |c| hand_card_value(g, p, c)),
        // Fair and Perilous: the attacker (else our ready character) with the most Willpower.
        ("AtE-060", 0) => pick_max(o, |c| {
            g.patk.attackers().contains(&c) as i32 * 100
                + (g.controller(c) == p && ready(g, c)) as i32 * 50
                + g.stat(c, Stat::Willpower) as i32
        }),
        // Hope Rekindled: the discount when a Valour event is wanted, else the search.
        ("AtE-063", 0) => {
            let m = if valour_event_wanted(g, p, NO_CARD) {
                0
            } else {
                1
            };
            find(o, Opt::Mode(m))
        }
        // Reinforcements: the strongest ally; under the player who will need it most.
        ("TToR-085", 0) => pick_max(o, |c| g.def_of(c).cost.max(0) as i32 * 10 + stats_sum(g, c)),
        ("TToR-085", 1) => {
            if g.phase == Phase::Combat {
                let mut best: Option<(i32, usize)> = None;
                for (i, opt) in o.iter().enumerate() {
                    let Opt::Player(q) = *opt else { continue };
                    let v = engaged_attack(g, q) as i32 * 2 + (q == p) as i32;
                    if best.map(|(b, _)| v > b).unwrap_or(true) {
                        best = Some((v, i));
                    }
                }
                best.map(|(_, i)| i)
            } else {
                find(o, Opt::Player(p))
            }
        }
        // Horn's Cry: Valour (-3 to one player's enemies) when it takes off more attack.
        ("TToR-088", 0) => {
            let all = (0..g.n_players)
                .map(|q| unattacked_engaged(g, q).count())
                .sum::<usize>();
            let best = (0..g.n_players)
                .map(|q| unattacked_engaged(g, q).count())
                .max()
                .unwrap_or(0);
            find(o, Opt::Mode((best * 3 > all) as u8))
        }
        ("TToR-088", 1) => {
            let mut best: Option<(i32, usize)> = None;
            for (i, opt) in o.iter().enumerate() {
                let Opt::Player(q) = *opt else { continue };
                let v: i32 = unattacked_engaged(g, q)
                    .map(|e| g.stat(e, Stat::Attack).min(3) as i32)
                    .sum();
                if best.map(|(b, _)| v > b).unwrap_or(true) {
                    best = Some((v, i));
                }
            }
            best.map(|(_, i)| i)
        }
        _ => None,
    }
}

// ===================================================================== tests

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::random::RandomBot;
    use crate::cards::testkit::{db, sandbox};
    use crate::deck::Deck;
    use crate::engine::{play_game, GameSetup, RuleOptions};
    use crate::record::Outcome;

    fn bot() -> BasicBot {
        BasicBot::new()
    }

    fn dec(player: u8, ask: Ask, options: Vec<Opt>) -> Decision {
        Decision {
            player,
            ask,
            options,
        }
    }

    #[test]
    fn defends_with_high_defense_hero_instead_of_lethal_undefended() {
        let mut g = sandbox(&[&["Core-001", "Core-002", "Core-003"]]);
        // Orc War Party: 6 attack.
        let e = g.spawn("TLR-017", ENCOUNTER, Zone::Engaged(0));
        let heroes: Vec<CardId> = g.heroes(0).collect();
        let (aragorn, theodred, gloin) = (heroes[0], heroes[1], heroes[2]);
        // Every hero is hurt so that 6 undefended damage kills any of them; Aragorn (DEF 2,
        // 5 HP) survives defending (4 damage).
        g.card_mut(aragorn).damage = 0;
        g.card_mut(theodred).damage = 0;
        g.card_mut(gloin).damage = 0;
        let d = dec(
            0,
            Ask::Defender { enemy: e },
            vec![
                Opt::Undefended,
                Opt::Card(theodred),
                Opt::Card(aragorn),
                Opt::Card(gloin),
            ],
        );
        let i = bot().choose(&g, &d);
        assert_eq!(
            d.options[i],
            Opt::Card(aragorn),
            "Aragorn survives 6 ATK (takes 4)"
        );
    }

    #[test]
    fn never_lets_iarion_die_defending_when_a_hero_could_take_it() {
        let mut g = sandbox(&[&["Core-001", "Core-002", "Core-003"]]);
        let e = g.spawn("TLR-017", ENCOUNTER, Zone::Engaged(0)); // 6 ATK
        let iarion = g.spawn("TLR-016", ENCOUNTER, Zone::Play(0));
        for h in g.heroes(0).collect::<Vec<_>>() {
            g.exhaust(h);
        }
        let d = dec(
            0,
            Ask::Defender { enemy: e },
            vec![Opt::Undefended, Opt::Card(iarion)],
        );
        let i = bot().choose(&g, &d);
        assert_eq!(
            d.options[i],
            Opt::Undefended,
            "losing a hero beats losing the game with Iârion"
        );
    }

    #[test]
    fn takes_small_attack_undefended_when_no_defender_is_cheaper() {
        let mut g = sandbox(&[&["Core-001", "Core-002", "Core-003"]]);
        let e = g.spawn("TLR-043", ENCOUNTER, Zone::Engaged(0)); // Angmar Orc
        let heroes: Vec<CardId> = g.heroes(0).collect();
        // A fresh 1-HP chump ally would die; heroes are fine with 2 damage.
        let ally = g.spawn("Core-016", 0, Zone::Play(0)); // Snowbourn Scout 0/0/1/1
        let d = dec(
            0,
            Ask::Defender { enemy: e },
            vec![Opt::Undefended, Opt::Card(ally), Opt::Card(heroes[1])],
        );
        let i = bot().choose(&g, &d);
        let atk = g.stat(e, Stat::Attack);
        if atk - g.stat(heroes[1], Stat::Defense) <= 0 {
            assert_eq!(d.options[i], Opt::Card(heroes[1]));
        } else {
            assert_ne!(
                d.options[i],
                Opt::Card(ally),
                "never chump an ally for a small hit"
            );
        }
    }

    #[test]
    fn undefended_damage_goes_to_a_hero_that_survives() {
        let mut g = sandbox(&[&["Core-001", "Core-002", "Core-003"]]);
        let e = g.spawn("TLR-017", ENCOUNTER, Zone::Engaged(0));
        let heroes: Vec<CardId> = g.heroes(0).collect();
        g.card_mut(heroes[0]).damage = 3; // Aragorn 2 left
        let d = dec(
            0,
            Ask::UndefendedHero {
                enemy: e,
                damage: 3,
            },
            heroes.iter().map(|&h| Opt::Card(h)).collect(),
        );
        let i = bot().choose(&g, &d);
        let Opt::Card(h) = d.options[i] else { panic!() };
        assert!(g.remaining_hp(h) > 3, "{} would die", g.title(h));
    }

    #[test]
    fn does_not_attack_when_it_cannot_kill_or_hurt() {
        let mut g = sandbox(&[&["Core-001", "Core-002", "Core-003"]]);
        let e = g.spawn("TLR-017", ENCOUNTER, Zone::Engaged(0)); // DEF 3
        let heroes: Vec<CardId> = g.heroes(0).collect();
        // Only Théodred (2 ATK) is ready: 2 − 3 < 1 damage.
        g.card_mut(heroes[0]).exhausted = true;
        g.card_mut(heroes[2]).exhausted = true;
        let d = dec(0, Ask::AttackTarget, vec![Opt::Done, Opt::Card(e)]);
        assert_eq!(d.options[bot().choose(&g, &d)], Opt::Done);
    }

    #[test]
    fn attacks_with_the_cheapest_killing_set() {
        let mut g = sandbox(&[&["Core-001", "Core-002", "Core-003"]]);
        let e = g.spawn("TLR-043", ENCOUNTER, Zone::Engaged(0)); // Angmar Orc
        let need = g.remaining_hp(e) + g.stat(e, Stat::Defense);
        let d = dec(0, Ask::AttackTarget, vec![Opt::Done, Opt::Card(e)]);
        let heroes: Vec<CardId> = g.heroes(0).collect();
        let total: i16 = heroes.iter().map(|&h| g.stat(h, Stat::Attack)).sum();
        let choice = d.options[bot().choose(&g, &d)];
        if total >= need {
            assert_eq!(choice, Opt::Card(e));
            // Declare attackers one at a time until the attack kills.
            g.patk.enemy = e;
            g.patk.player = 0;
            g.patk.n_attackers = 0;
            loop {
                let mut opts = vec![];
                if g.patk.n_attackers > 0 {
                    opts.push(Opt::Done);
                }
                for &h in &heroes {
                    if !g.patk.attackers().contains(&h) {
                        opts.push(Opt::Card(h));
                    }
                }
                let d = dec(0, Ask::Attacker { enemy: e }, opts);
                match d.options[bot().choose(&g, &d)] {
                    Opt::Card(c) => {
                        let n = g.patk.n_attackers as usize;
                        g.patk.attackers[n] = c;
                        g.patk.n_attackers += 1;
                    }
                    _ => break,
                }
            }
            let sum: i16 = g
                .patk
                .attackers()
                .iter()
                .map(|&a| g.stat(a, Stat::Attack))
                .sum();
            assert!(sum >= need, "the declared attack kills");
            assert!(
                g.patk.n_attackers < 3 || total - need < 2,
                "no needless attackers"
            );
        } else {
            assert_eq!(choice, Opt::Done);
        }
    }

    #[test]
    fn commits_enough_willpower_and_keeps_a_defender() {
        let mut g = sandbox(&[&["Core-001", "Core-002", "Core-003"]]);
        g.phase = Phase::Quest;
        let e = g.spawn("TLR-043", ENCOUNTER, Zone::Engaged(0));
        let _ = e;
        let mut b = bot();
        let mut committed = vec![];
        loop {
            let mut opts = vec![Opt::Done];
            for c in g.characters(0) {
                if !g.card(c).exhausted {
                    opts.push(Opt::Card(c));
                }
            }
            if opts.len() == 1 {
                break;
            }
            let d = dec(0, Ask::Commit, opts);
            match d.options[b.choose(&g, &d)] {
                Opt::Card(c) => {
                    g.card_mut(c).exhausted = true;
                    g.card_mut(c).questing = true;
                    committed.push(c);
                }
                _ => break,
            }
        }
        assert!(!committed.is_empty(), "commits someone");
        assert!(
            g.characters(0).any(|c| !g.card(c).exhausted),
            "keeps a defender for the engaged enemy"
        );
        for &c in &committed {
            assert!(g.stat(c, Stat::Willpower) > 0);
        }
    }

    #[test]
    fn commits_no_useless_progress_on_a_stage_without_quest_points() {
        let mut g = sandbox(&[&["Core-001", "Core-002", "Core-003"]]);
        g.phase = Phase::Quest;
        let q = g.spawn("TLR-069B", ENCOUNTER, Zone::Quest);
        assert_eq!(g.main_quest(), Some(q));
        g.spawn("TLR-025", ENCOUNTER, Zone::Staging);
        let staged = g.staging_threat();
        assert!(staged > 0);
        let mut b = bot();
        let mut committed = vec![];
        loop {
            let mut opts = vec![Opt::Done];
            for c in g.characters(0) {
                if !g.card(c).exhausted {
                    opts.push(Opt::Card(c));
                }
            }
            let d = dec(0, Ask::Commit, opts);
            match d.options[b.choose(&g, &d)] {
                Opt::Card(c) => {
                    g.card_mut(c).exhausted = true;
                    g.card_mut(c).questing = true;
                    committed.push(c);
                }
                _ => break,
            }
        }
        assert!(
            g.questing_strength() >= staged,
            "matches the staging threat"
        );
        assert!(
            g.characters(0).any(|c| !g.card(c).exhausted),
            "keeps the rest ready for combat"
        );
    }

    #[test]
    fn mulligan_keeps_a_playable_hand() {
        let g = sandbox(&[&["Core-001", "Core-002", "Core-003"]]);
        // The test deck is all Guard of the Citadel (2-cost leadership allies): keep.
        let d = dec(0, Ask::Mulligan, vec![Opt::No, Opt::Yes]);
        assert_eq!(d.options[bot().choose(&g, &d)], Opt::No);
    }

    #[test]
    fn plays_an_affordable_ally_in_planning() {
        let mut g = sandbox(&[&["Core-001", "Core-002", "Core-003"]]);
        for h in g.heroes(0).collect::<Vec<_>>() {
            g.card_mut(h).resources = 1;
        }
        let c = *g.list(Zone::Hand(0)).first().unwrap();
        let d = dec(0, Ask::Planning, vec![Opt::Pass, Opt::Play(c)]);
        assert_eq!(d.options[bot().choose(&g, &d)], Opt::Play(c));
    }

    fn core_leadership(db: &crate::data::CardDb) -> Deck {
        let heroes = ["Core-001", "Core-002", "Core-003"]
            .iter()
            .map(|c| db.by_code(c).unwrap())
            .collect();
        let mut cards = vec![];
        for (c, n) in [
            ("Core-013", 3),
            ("Core-014", 2),
            ("Core-015", 2),
            ("Core-016", 3),
            ("Core-017", 2),
            ("Core-018", 2),
            ("Core-019", 1),
            ("Core-073", 2),
            ("Core-026", 2),
            ("Core-027", 1),
            ("Core-020", 2),
            ("Core-022", 2),
            ("Core-024", 2),
            ("Core-059", 2),
            ("Core-061", 2),
            ("Core-028", 3),
            ("Core-029", 3),
        ] {
            for _ in 0..n {
                cards.push(db.by_code(c).unwrap());
            }
        }
        Deck {
            name: "core-leadership".into(),
            heroes,
            cards,
            loot: Vec::new(),
        }
    }

    /// (wins, games by outcome in `Outcome::ALL` order, total rounds played).
    fn wins(bot_name: &str, games: u64) -> (u64, [u64; 5], u64) {
        let db = db();
        let setup = GameSetup {
            scenario: db.scenario("intruders-in-chetwood").unwrap(),
            mode: Mode::Standard,
            decks: vec![core_leadership(db)],
            options: RuleOptions::default(),
            max_rounds: 30,
            allow_unimplemented: true,
        };
        let mut g = Game::new(db, &setup);
        let mut bots: Vec<Box<dyn Bot>> = vec![if bot_name == "basic" {
            Box::new(BasicBot::new())
        } else {
            Box::new(RandomBot::new())
        }];
        let mut won = 0;
        let mut by = [0u64; 5];
        let mut rounds = 0;
        for i in 0..games {
            let r = play_game(&mut g, &mut bots, 42, i);
            assert!(g.is_over(), "game {i} ended");
            by[Outcome::ALL.iter().position(|o| *o == r.outcome).unwrap()] += 1;
            won += r.outcome.is_win() as u64;
            rounds += r.rounds as u64;
        }
        (won, by, rounds)
    }

    #[test]
    fn full_games_terminate_and_beat_random() {
        let (basic, by_b, rounds_b) = wins("basic", 200);
        let (random, by_r, rounds_r) = wins("random", 200);
        eprintln!(
            "mean rounds: basic {:.2}, random {:.2}",
            rounds_b as f64 / 200.0,
            rounds_r as f64 / 200.0
        );
        eprintln!("basic wins {basic}/200 {by_b:?}; random wins {random}/200 {by_r:?} (win, threat, heroes, scenario, cap)");
        assert!(basic >= random, "basic {basic} < random {random}");
        // Wins are rare for a Core deck alone here, so the advantage is measured in survival:
        // basic lasts at least 1.5 times as many rounds and loses fewer heroes than random.
        assert!(
            rounds_b * 2 >= rounds_r * 3,
            "basic survives {rounds_b} rounds in all, random {rounds_r}"
        );
        assert!(
            by_b[2] < by_r[2],
            "heroes-dead losses: basic {by_b:?}, random {by_r:?}"
        );
    }
}
