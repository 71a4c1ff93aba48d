//! What a bot may know about a card, kept on the card's own script (`Script::hint`): typed
//! facts (a key response and its cost, where an attachment goes, a side quest's priority, a
//! travel cost that hurts ...) and, where the answer depends on the state, small functions next
//! to the card's script: the value of using the card now (`play_value`) and how to answer its
//! own prompts (`effect`). Every field has a neutral default (`NO_HINT`): a card without hints
//! is played by the bot's generic rules.
//!
//! The helpers those functions share with the `basic` bot are bot-facing, read-only queries on
//! `Game`, re-exported here from three submodules: `timing` (when a use changes nothing now),
//! `value` (character value, damage and threat costs, shadows, option pickers) and `readings`
//! (value functions many cards' hints share). Card modules use them through `prelude`.

use crate::data::Sphere;
use crate::engine::{CardId, Event, Game, Opt, Zone};

/// What `p` gains from using card `c` now (in answer to `ev` for a Response): > 0 to use it.
pub type ValueFn = fn(&Game, u8, CardId, Option<Event>) -> i32;
/// The score of playing card `c` from hand in the planning phase, when its own rule replaces
/// the generic one (allies by stats, attachments by `Hint::attach`).
pub type PlanFn = fn(&Game, u8, CardId) -> i32;
/// Can ready card `me` ready character `x` (`Hint::ready_target`)? Asked of exhausted ones.
pub type ReadyFn = fn(&Game, CardId, CardId) -> bool;
/// The damage points still to assign at source card `c`'s pending split prompt.
pub type PointsLeftFn = fn(&Game, CardId) -> i16;
/// The option to take at prompt `what` of source card `c`, or `None` for the generic choice.
pub type EffectFn = fn(&Game, u8, CardId, u8, &[Opt]) -> Option<usize>;

/// Where a player attachment goes, and so what it is valued for.
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

/// What a card in play is worth to its controller per enemy engaged with him (Dúnedain).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum EngageReward {
    None,
    /// A character that gains for each engaged enemy (+1 WP each).
    EachEngaged,
    /// A card that gains once at least one enemy is engaged.
    FirstEngaged,
}

/// rhc52: how much harsher an encounter card's shadow effect is when the defending player
/// controls no Clue (The Treachery of Rhudaur). A bot counts the copies not yet seen face up
/// (set composition minus the copies in public zones) to value the Clue a side quest gives.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum NoClueShadow {
    /// No difference.
    None,
    /// The attack gains this much more Attack without a Clue.
    Attack(u8),
    /// Without a Clue the attack is undefended.
    Undefended,
    /// Without a Clue the enemy attacks once more, with a new shadow card.
    AttacksAgain,
}

/// A bot's knowledge of one card. Every field has a neutral default (`NO_HINT`).
#[derive(Clone, Copy)]
pub struct Hint {
    /// foreign46: what a deck must hold for this card ever to be usable (a restricted host, a
    /// card it fetches or shuffles in); `deck check` warns of a card whose needs the deck
    /// does not meet. Read only by `deck check`, never in play.
    pub deck_needs: &'static [DeckNeed],
    /// A key response: Spirit resources worth keeping in reserve for it while it is in hand (0:
    /// not one). Also makes the card dear to discard from hand.
    pub key_response: i16,
    /// A treachery not worth a cancel.
    pub mild_treachery: bool,
    /// A player attachment: (score of playing it, where it goes). `None`: score 20, General.
    pub attach: Option<(i32, AttachKind)>,
    /// An attachment whose bonus is larger on characters with this trait (+5 to such hosts).
    pub attach_bonus_trait: Option<&'static str>,
    /// An attachment whose whole effect is to give its host these traits (Elf-friend: Noldor
    /// and Silvan): worth nothing on a host that has them all already.
    pub grants_traits: &'static [&'static str],
    /// A restricted attachment that is not played when it could only push out another one,
    /// and avoids hosts already holding two.
    pub restricted_room_check: bool,
    /// Score of playing the card from hand in the planning phase, replacing the generic rule
    /// of its type (allies, attachments).
    pub plan_value: Option<PlanFn>,
    /// Value of playing / using the card now (events, abilities, responses). `None`: 0 from
    /// hand; in play, 10 for a response (free), 0 for an action.
    pub play_value: Option<ValueFn>,
    /// Answers to the card's own prompts.
    pub effect: Option<EffectFn>,
    /// The `Opt::Mode(k)` to pick when the card offers modes and `effect` does not decide.
    pub preferred_mode: Option<u8>,
    /// Damage prompts of the card: (prompt, damage per pick); each pick goes where that damage
    /// costs least.
    pub damage_prompts: &'static [(u8, i16)],
    /// A side quest's priority as the current quest (higher first; 0: only when cheap).
    pub side_quest_priority: i32,
    /// Harm of revealing this encounter side quest when an effect makes us pick one (`None`:
    /// 2).
    pub side_quest_harm: Option<i32>,
    /// As the current quest it reveals one more card: chosen only when progress is expected.
    pub side_quest_reveals_more: bool,
    /// Score penalty of travelling to this location (its travel cost hurts).
    pub travel_penalty: i32,
    /// The threat each player raises to travel to this location (Escape from Mount Gram's
    /// Patrol Room): a bot does not travel where that would reach the losing threat.
    pub travel_threat: i16,
    /// While it is the active location the quest is resolved with Attack (Battle: Accursed
    /// Battlefield): a bot whose characters attack for more than they quest travels to it.
    pub active_battle: bool,
    /// Its travel cost makes a player engage an enemy from the staging area.
    pub travel_engages_enemy: bool,
    /// Encounter cards its travel cost reveals (a surging one counts twice).
    pub travel_reveals: u8,
    /// Its travel cost puts a new enemy into play engaged with a player.
    pub travel_adds_enemy: bool,
    /// Paying its travel cost brings the latest discarded encounter enemy back into play,
    /// staged (Norbury Tombs, Fornost Street).
    pub travel_returns_enemy: bool,
    /// Its Action buys progress on this quest card with resources, a point per resource
    /// (Decipher Ancient Texts): `basic`'s `bank_progress` keeps resources for the next round
    /// in the refresh phase unless what is left of the card's quest points is bought at once.
    pub buys_progress: bool,
    /// Its travel cost removes a token from the Mission objective.
    pub travel_costs_mission_token: bool,
    /// A Mission objective whose tokens are lives (none left loses the game).
    pub mission_tokens_are_lives: bool,
    /// What its last time counter coming off costs the players, in threat points (`LOST`: the
    /// game is lost). A search bot's state value weighs it by how much of the card is left to
    /// do and how few counters remain.
    pub deadline_harm: i16,
    /// A Valour event (Hope Rekindled's discount applies to it; the engine reads this).
    pub valour_event: bool,
    /// It discounts Valour events (so it does not count as one worth discounting). foreign56:
    /// where no Valour event can follow this phase and its Valour search is shut, playing it
    /// is idle (`discount_is_idle`), and a search bot does not consider it.
    pub valour_discount: bool,
    /// What it gains from engaged enemies (`EngageReward`).
    pub engagement_reward: EngageReward,
    /// An attachment that adds up to this much Attack per phase to its host, one per card in
    /// its controller's hand.
    pub attack_boost_per_phase: i16,
    /// A hero whose controller's hand is discarded at the end of every round (cards in hand
    /// are cheap to spend).
    pub hand_discarded_each_round: bool,
    /// An action whose cost is cards discarded from its controller's hand (a resource or an
    /// ally for them): cheap while the hand is discarded at the end of the round anyway.
    pub spends_hand_cards: bool,
    /// A card that counts enemies destroyed toward advancing the quest (a Mission objective
    /// whose tokens come from kills): while it is in play every kill is progress.
    pub kills_advance_quest: bool,
    /// A quest stage without quest points whose progress frees the cards captured under it,
    /// and which the players leave (for a harder stage) once nothing is left under it (Escape
    /// from Mount Gram's Gornákh's Dungeons): questing there both rescues and hastens the move
    /// on (`basic`'s `stall_threat`).
    pub leave_when_emptied: bool,
    /// A location whose Threat grows while it waits in the staging area (tokens that raise its
    /// Threat): the Threat it is expected to gain per round. Travelling to it sooner is worth
    /// that much more, and a search bot counts it as staged threat to come. On an enemy (Carn
    /// Dûm Garrison, whose shadow cards stay on it): `basic`'s round plan counts the growth
    /// in what leaving it staged costs (`enemy_growth_rounds`).
    pub threat_growth: i8,
    /// An enemy that attacks at once when it engages a player (Cornered Orc; engage57: Champion
    /// of Rhûn, unless its player returns a location instead): engaged in the encounter phase,
    /// it attacks twice that round (its defender of the first attack is exhausted for the
    /// second), and while it is staged a Defense boost counts before the engagement checks.
    pub attacks_when_engaged: bool,
    /// A quest stage that reveals cards from a pile when the active location is explored
    /// (The Weather Hills 1B: the Orc deck): (the pile, cards revealed with one or two
    /// players). A bot that explores this round expects those cards' enemies too.
    pub explore_reveals: Option<(Zone, u8)>,
    /// A card that lowers its player's threat by this much (The Galadhrim's Greeting: 6): a
    /// bot saves the resources to play it while the threat climbs toward the point where it
    /// is worth playing.
    pub threat_reduction: i16,
    /// A location that forbids lowering threat while it waits in the staging area (Outlying
    /// Homestead): every threat reduction (an event, an ally's option, a response on a kill,
    /// a side quest's reward) is lost until it is travelled to. A bot may travel to it sooner.
    pub blocks_threat_reduction: bool,
    /// An enemy whose own effects raise its Attack as it attacks: the extra Attack a bot
    /// expects per attack when planning defences (Baleful Shade: +2 when the card it mills is
    /// an ally, about one attack in two).
    pub expected_attack_bonus: i16,
    /// A combat event that stops one engaged enemy's attack this phase (Feint): a round plan
    /// made at commit time may count it, while it is in hand and affordable, for the
    /// strongest attack it expects, instead of holding a defender back for that attack.
    pub cancels_attack: bool,
    /// A quest stage whose defeat brings an enemy that engages at once (Deadmen's Dike 1B:
    /// the next stage adds an enemy with engagement cost 1): that enemy's Attack. A bot that
    /// expects to defeat the stage this round keeps a defender back for it.
    pub advance_attack: i16,
    /// With `advance_attack`: how many encounter cards per player the next stage reveals as
    /// it comes (Deadmen's Dike 2A: one), whose enemies, and what they bring back (the Cursed
    /// Dead), engage in that same round. A bot that expects to defeat the stage this round
    /// keeps the characters whose willpower is not needed for it ready (`advance_hold`).
    pub advance_reveals: u8,
    /// A prompt where the player spreads damage over his characters one point per pick:
    /// (the prompt, the points still to assign when it is asked). A bot places each point
    /// where the whole split costs least (kill nobody if it can, else the least valuable).
    pub damage_split: Option<(u8, PointsLeftFn)>,
    /// A prompt that deals this much damage to the enemy picked: (the prompt, damage).
    pub enemy_damage: Option<(u8, i16)>,
    /// A quest stage that cannot be defeated while this enemy has hit points left (Deadmen's
    /// Dike 2B: Thaurdir): damage on it is progress toward winning. Only for an enemy that
    /// never heals (damage beyond its hit points is then worth nothing to a bot).
    pub quest_damage_target: Option<fn(&Game) -> Option<CardId>>,
    /// A card that offers modes, one of which deals `enemy_damage` to an enemy: (the prompt
    /// offering the modes, that mode). A bot takes it while the quest's damage target
    /// (`quest_damage_target`) is in play.
    pub enemy_damage_mode: Option<(u8, u8)>,
    /// A prompt that costs a token of the Mission whose tokens are lives
    /// (`mission_tokens_are_lives`) unless one more encounter card is revealed instead: (the
    /// prompt, the mode that reveals the card). The Weather Hills 2B's quest-phase choice.
    pub life_or_card: Option<(u8, u8)>,
    /// An action that raises the card's own questing stat until the end of the phase (Éowyn
    /// discarding a card for +1 Willpower): worth its cost only while the card is committed to
    /// the quest, so a bot uses it after committing, on a card that quests.
    pub boosts_own_quest: bool,
    /// An action that exhausts this character to draw this many cards (Beravor: 2, Gléowine:
    /// 1). A bot draws once the character is no longer needed this round: in the combat phase
    /// after the enemy attacks, unless it is needed for a kill (`exhaust_draw_value`).
    pub exhaust_draws: u8,
    /// An attachment whose action discards a card from hand for +1 to its host's questing stat
    /// (quest phase) or Defense (Protector of Lórien): a bot uses it on a questing host while
    /// the hand is large, or on a defending host that would take damage
    /// (`discard_boost_value`).
    pub discard_boosts_host: bool,
    /// An action that deals this much damage to each enemy engaged with a chosen player (Rain
    /// of Arrows: 1, exhausting one of your Ranged characters): played when it destroys one
    /// (`damage_each_engaged_value`); its prompts exhaust the character of least Attack and
    /// name the player whose enemies it destroys most.
    pub damage_each_engaged: i16,
    /// An action that returns a card of its own sphere from its player's discard pile to the
    /// hand (Dwarven Tomb): played when one worth having again is there
    /// (`returns_from_discard_value`), and it takes the one worth most (`recursion_value`).
    pub returns_from_discard: bool,
    /// An action that shuffles a player's discard pile back into the deck (Will of the West):
    /// played where an empty deck eliminates and the deck runs low (`refills_deck_value`).
    pub refills_deck: bool,
    /// An action that exhausts one of its player's ready heroes to ready an exhausted hero
    /// (Common Cause): played in the combat phase, before the next enemy attack, when the
    /// exhausted hero would defend it for much less than any ready character
    /// (`hero_swap_value`); its prompts exhaust the ready hero that defends worst and ready the
    /// one that defends best.
    pub swaps_ready_hero: bool,
    /// An action that lets a player declare any number of defenders against each attack this
    /// phase (Stand Together): played when the next enemy attack costs a lone defender much
    /// more than the best two (`multi_defend_value`); a bot then adds defenders while the
    /// attack still gets past the declared Defense and characters are left for the other
    /// attacks.
    pub multi_defend: bool,
    // dd4
    /// A location with Time whose counters running out makes each player discard this many
    /// cards from the top of his deck, after which it gets Time again (Deadmen's Dike's Broken
    /// Battlements: 5, every round once it has run out): while it waits in the staging area the
    /// deck (the clock where an empty deck eliminates) runs down, so a bot travels to it to
    /// explore it (`basic`'s `time_mill`).
    pub time_mill: i16,
    // wh5
    /// A Mission objective whose kills advance the quest (`kills_advance_quest`) flips once it
    /// holds this many tokens plus one per player (Hunting the Orcs: 3): a bot can tell the
    /// kill that flips it from the others. 0: not known.
    pub flip_kills_base: i8,
    /// Progress the card's own response places when it commits to the quest: on the active
    /// location (Lórien Guide: 1) and on each location in the staging area (Northern Tracker:
    /// 1). A bot counts it with the card's willpower when choosing who quests.
    pub commit_progress: CommitProgress,
    /// A main-quest stage reached by spending the earlier stages' progress, where holding the
    /// earlier stage just short of its quest points only waits for a loss (The Wastes of
    /// Eriador 2B and 3B): the lookahead's value (`carry_weight=auto`) keeps the worth of the
    /// quest points already passed, so advancing is not read as losing them.
    pub carry_progress: bool,
    /// A quest stage defeated only while the players control more locations than the staging
    /// area holds (Wrath and Ruin 1B; 2B's Gate travel asks the same): each explored location
    /// they control and each staged location they clear is a step of the race, and progress
    /// beyond the stage's quest points is worth nothing. A search bot scores the race
    /// (`lookahead`'s `control_weight`), `basic` takes Thane Ulchor's attack when it wins it.
    pub control_race: bool,
    /// A staged enemy that, after the active location is explored, attacks the first player
    /// unless he takes the other branch of a choice, which costs about this much (damage-cost
    /// units; 0: no such enemy): Thane Ulchor, whose other branch stages a location. `basic`'s
    /// round plan holds a defender back from the quest for that attack when exploring is within
    /// reach and the defence costs less (`explore_attack`).
    pub explore_attack: i32,
    // sense38
    /// All the card's effect does is raise these stats (`BOOST_WILLPOWER`, `BOOST_ATTACK`,
    /// `BOOST_DEFENSE`) until the end of the phase (Éowyn, For Gondor!, Beorn, Blade Mastery
    /// ...): in a phase where no such stat can be used (`boost_is_idle`) it changes nothing but
    /// what it costs, and a search bot does not consider it.
    pub phase_boost: u8,
    /// An action that makes one of its player's characters attack at once, in any phase
    /// (Quick Strike): while it is in hand, an Attack boost is never idle (`boost_is_idle`).
    pub attacks_out_of_combat: bool,
    // sense39
    /// All the card's effect does is ready characters (Ever Vigilant, Common Cause, Unexpected
    /// Courage, Grim Resolve, Hold Your Ground!, Descendants of Kings): in the combat phase
    /// once no attack is left in which a readied character of its player could defend or
    /// attack (`ready_is_idle`), it changes nothing but what it costs (everything readies in
    /// the refresh phase), and a bot does not use it.
    pub readies: bool,
    // session 53
    /// With `readies`: the characters the card can ready, when not every character (Ever
    /// Vigilant allies, Common Cause heroes, Hold Your Ground! sentinels, Descendants of Kings
    /// Dúnedain, Unexpected Courage its host). `ready_is_idle` and `basic`'s `ready_use` judge
    /// only these, so the card is not used for a character it cannot ready. `None`: any.
    pub ready_target: Option<ReadyFn>,
    // cards41
    /// All the card's effect does is lower the Attack of enemies in play until the end of the
    /// phase (Horn's Cry): it changes nothing unless an enemy attack is under way or (combat
    /// phase) still to come (`debuff_is_idle`), and a search bot does not consider it there.
    pub lowers_enemy_attack: bool,
    /// A draw paid with X resources of its sphere (Gandalf's Search): its `play_value` plays it
    /// in the planning phase with the resources no other card in hand needs. `basic` follows
    /// that value only with its option `spare_draw=1` (off: measured no better, cards41).
    pub spare_resource_draw: bool,
    // cards42
    /// An encounter card whose shadow effect raises the attacking enemy's Attack: the Attack
    /// it adds to enemy `.1` if it resolved now (0 where its condition fails). A bot reads it
    /// only for a shadow card its player has looked at (`CardInst::seen`, `known_shadow_attack`).
    pub shadow_attack: Option<fn(&Game, CardId) -> i16>,
    // rhc52
    /// Its shadow effect is harsher for a defending player without a Clue, and how
    /// (`basic`'s `clue_worth` values the Clue by the copies not yet seen face up).
    pub no_clue_shadow: NoClueShadow,
    // ett47
    /// An action that pays a resource to heal a character (Glorfindel): `basic` with
    /// `early_heal` uses it in the resource phase, before the round's damage penalties bite.
    pub pays_to_heal: bool,
    /// A Safe location (Across the Ettenmoors, RULES §8.8): travelling there sends engaged
    /// enemies back to the staging area. `basic` with `safe_hold` keeps it staged (it has no
    /// Threat) until an enemy is engaged with its player.
    pub safe_location: bool,
    /// A quest stage where a Safe location is best kept staged until an enemy is engaged
    /// (Across the Ettenmoors 1B: no penalty of the stage lifts while one is active, as 2B's and
    /// 3B's do, and the progress its quest points take from the next quest phase is progress
    /// the side quests, which feed the stage, do not get): `basic` with `safe_wait` does not
    /// travel to one there while no enemy is engaged with its player.
    pub safe_wait_stage: bool,
    /// ett60: the damage its travel cost puts on each exhausted character, every player's
    /// (Barren Moorland 1). At travel the characters that quested are the exhausted ones, so
    /// the cost grows with the questers and with what damage costs while a `punishes_damage`
    /// card is in play: `basic` with `wound_travel` counts it per character. (A travel cost
    /// that damages one character its player picks, Snowy Badlands' or Stronghold Tower's, is
    /// not this: those keep their `travel_penalty`.)
    pub travel_damages_exhausted: u8,
    /// An encounter card that makes damage on characters cost more while it is in play (Across
    /// the Ettenmoors 3B's Willpower loss, Savage Trollspawn's Attack, Goblin Pursuer's ban on
    /// damaged fighters): `basic` with `early_heal` bit 16 heals early only while one is in
    /// play (the main quest, staged or engaged).
    pub punishes_damage: bool,
    /// An attachment whose whole use is to save its player from elimination by threat (Favor
    /// of the Valar): `basic` with `insure_threat` plays it only from that threat on.
    pub threat_insurance: bool,
    /// A side quest whose defeat makes an enemy engage a player (Scavenge for Supplies' Troll):
    /// `basic` with `side_enemy_wait` chooses it only when this round finishes it, whatever its
    /// priority.
    pub defeat_engages_enemy: bool,
    /// An encounter card that punishes a round without progress on a side quest (Vast
    /// Troll-fells' shadow): `basic`'s `side_enemy_wait` bit 4 lets no side quest wait while
    /// one is in the encounter deck or discard pile.
    pub punishes_idle_side_quests: bool,
    /// ett49: while staged, each hero that pays resources takes damage (Forage for Food):
    /// `basic` with `pay_wound` counts that damage against a card it would play in planning.
    pub payment_wounds: bool,
    // ett48
    /// An enemy whose Attack or Defense rises once it carries damage (Ruthless Hill-troll at 3
    /// or more): `basic` with `siege_wary` bit 1 plans no siege on it (a kill in one attack, or
    /// no fight).
    pub hardens_when_damaged: bool,
    // engage57
    /// A card whose own reveal can make an enemy attack at once (Sudden Assault, Kill Them!,
    /// Ulchor's Revenge): while one may still be revealed from the encounter deck, a Defense
    /// boost counts in the quest phase up to staging (`boost_is_idle`).
    pub reveal_attack: bool,
    /// A card in play that makes an enemy attack at once when other cards are revealed or
    /// added to the staging area (Thaurdir, an enemy: a Sorcery treachery; Amon Forn, a
    /// location, only while active: an Orc): while it is in play (a location: active), a
    /// Defense boost counts in the quest phase up to staging.
    pub attacks_on_reveals: bool,
    // cards58
    /// A quest action whose whole effect is that one card in the staging area contributes no
    /// threat until the end of the phase (Secret Paths: a location; Radagast's Cunning: an
    /// enemy): the threat its best target contributes now (0 with no target). `basic`'s
    /// `staged_cut` plays it after staging, before the quest resolves, where that threat is
    /// known; the card's own `play_value` plays it only before committing.
    pub staged_threat_cut: Option<fn(&Game) -> i16>,
    // mp59
    /// An event whose whole use is that a quest failed this phase raises no threat (Doom Hangs
    /// Still): the score its `play_value` gives in the planning phase when the staged threat is
    /// above its own player's ready questing stat (0: not such a card). With other players at
    /// the table, `basic`'s `table_guard` compares it with every seat's ready questing stat.
    pub fail_guard: i32,
    /// An attachment whose use exhausts the character it is attached to (Athelas). Its player
    /// may attach it to another player's character and exhaust that character later: `basic`'s
    /// `own_host` plays it only while one of its own characters can take it.
    pub exhausts_host: bool,
}

/// `Hint::phase_boost`: Willpower.
pub const BOOST_WILLPOWER: u8 = 1;
/// `Hint::phase_boost`: Attack.
pub const BOOST_ATTACK: u8 = 2;
/// `Hint::phase_boost`: Defense.
pub const BOOST_DEFENSE: u8 = 4;

/// `Hint::deck_needs`: one thing a deck must hold for a card to be usable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeckNeed {
    /// A hero with one of these traits.
    HeroTrait(&'static [&'static str]),
    /// A hero or ally in the deck with one of these traits.
    CharacterTrait(&'static [&'static str]),
    /// A player side quest in the deck.
    SideQuest,
    /// A card with this title in the deck (or set aside, for a card with the Encounter keyword).
    Card(&'static str),
    /// foreign56: a hero with the Sentinel keyword printed on it (Raven-winged Helm).
    SentinelHero,
    /// foreign57: this many heroes of the sphere (a card paid from that many heroes' pools,
    /// Thicket of Spears).
    HeroesOfSphere(Sphere, u8),
}

/// `Hint::commit_progress`: progress placed by a character's response to its own commit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CommitProgress {
    /// On the active location.
    pub active: i8,
    /// On each location in the staging area.
    pub each_staged: i8,
}

/// No progress on committing.
pub const NO_COMMIT_PROGRESS: CommitProgress = CommitProgress {
    active: 0,
    each_staged: 0,
};

/// `Hint::deadline_harm` of a deadline that loses the game.
pub const LOST: i16 = 60;

pub const NO_HINT: Hint = Hint {
    deck_needs: &[],
    kills_advance_quest: false,
    leave_when_emptied: false,
    threat_growth: 0,
    attacks_when_engaged: false,
    explore_reveals: None,
    threat_reduction: 0,
    blocks_threat_reduction: false,
    expected_attack_bonus: 0,
    cancels_attack: false,
    advance_attack: 0,
    advance_reveals: 0,
    damage_split: None,
    enemy_damage: None,
    quest_damage_target: None,
    enemy_damage_mode: None,
    life_or_card: None,
    boosts_own_quest: false,
    key_response: 0,
    mild_treachery: false,
    attach: None,
    attach_bonus_trait: None,
    grants_traits: &[],
    restricted_room_check: false,
    plan_value: None,
    play_value: None,
    effect: None,
    preferred_mode: None,
    damage_prompts: &[],
    side_quest_priority: 0,
    side_quest_harm: None,
    side_quest_reveals_more: false,
    travel_penalty: 0,
    travel_threat: 0,
    active_battle: false,
    travel_engages_enemy: false,
    travel_reveals: 0,
    travel_adds_enemy: false,
    travel_returns_enemy: false,
    buys_progress: false,
    travel_costs_mission_token: false,
    mission_tokens_are_lives: false,
    deadline_harm: 0,
    valour_event: false,
    valour_discount: false,
    engagement_reward: EngageReward::None,
    attack_boost_per_phase: 0,
    hand_discarded_each_round: false,
    spends_hand_cards: false,
    exhaust_draws: 0,
    discard_boosts_host: false,
    damage_each_engaged: 0,
    returns_from_discard: false,
    refills_deck: false,
    swaps_ready_hero: false,
    multi_defend: false,
    time_mill: 0,
    flip_kills_base: 0,
    commit_progress: NO_COMMIT_PROGRESS,
    carry_progress: false,
    control_race: false,
    explore_attack: 0,
    phase_boost: 0,
    attacks_out_of_combat: false,
    readies: false,
    ready_target: None,
    lowers_enemy_attack: false,
    spare_resource_draw: false,
    shadow_attack: None,
    no_clue_shadow: NoClueShadow::None,
    pays_to_heal: false,
    safe_location: false,
    safe_wait_stage: false,
    travel_damages_exhausted: 0,
    punishes_damage: false,
    threat_insurance: false,
    defeat_engages_enemy: false,
    punishes_idle_side_quests: false,
    payment_wounds: false,
    hardens_when_damaged: false,
    reveal_attack: false,
    attacks_on_reveals: false,
    staged_threat_cut: None,
    fail_guard: 0,
    exhausts_host: false,
};

/// rhc52: what one copy of a shadow card harsher without a Clue (`Hint::no_clue_shadow`) costs
/// a defender without one, in Attack points: its extra Attack; an undefended attack about a
/// typical Undead attack (3); one more attack, that and its new shadow card (4).
pub fn no_clue_points(k: NoClueShadow) -> i16 {
    match k {
        NoClueShadow::None => 0,
        NoClueShadow::Attack(n) => n as i16,
        NoClueShadow::Undefended => 3,
        NoClueShadow::AttacksAgain => 4,
    }
}

/// rhc52: the Attack points (`no_clue_points`) the shadow cards harsher without a Clue may
/// still cost, summed over the copies not yet seen face up. Public information: the set's
/// copies for the mode are known and every copy outside the encounter deck is face up, so the
/// copies in the encounter deck are the set's minus the copies seen (the deck's order is not
/// read; shadow cards are dealt only in combat, after the quest this is asked for). 0 without
/// such a card in the game (no scan).
pub fn no_clue_harm_left(g: &Game) -> i16 {
    if !g.may_hint(hint_set::NO_CLUE_SHADOW) {
        return 0;
    }
    let mut h = 0;
    for &c in g.list(Zone::EncounterDeck) {
        h += no_clue_points(hint(g, c).no_clue_shadow);
    }
    h
}

/// `Hint::shadow_attack` of a shadow effect adding 1 Attack.
pub const SHADOW_ATTACK_1: Option<fn(&Game, CardId) -> i16> = Some(|_, _| 1);
/// `Hint::shadow_attack` of a shadow effect adding 2 Attack.
pub const SHADOW_ATTACK_2: Option<fn(&Game, CardId) -> i16> = Some(|_, _| 2);

/// speed28: a set of hint kinds (`hint_set::*` bits), the ones `basic` scans the board or a
/// hand for. `Game::hints_seen` is the union over every face a card of the game has shown (and
/// the original printing's script of that face, which `hint` may answer with), so a scan for a
/// kind outside it can be skipped: no card that can be asked carries it.
pub type HintSet = u64;

/// Bits of [`HintSet`]: one per hint kind a bot looks for among many cards.
pub mod hint_set {
    use super::HintSet;
    pub const PUNISHES_DAMAGE: HintSet = 1 << 0;
    pub const PAYMENT_WOUNDS: HintSet = 1 << 1;
    pub const HARDENS_WHEN_DAMAGED: HintSet = 1 << 2;
    pub const PUNISHES_IDLE_SIDE_QUESTS: HintSet = 1 << 3;
    pub const ATTACKS_OUT_OF_COMBAT: HintSet = 1 << 4;
    pub const HAND_DISCARDED_EACH_ROUND: HintSet = 1 << 5;
    pub const CANCELS_ATTACK: HintSet = 1 << 6;
    pub const ENGAGEMENT_REWARD: HintSet = 1 << 7;
    pub const EXPECTED_ATTACK_BONUS: HintSet = 1 << 8;
    pub const THREAT_GROWTH: HintSet = 1 << 9;
    pub const SPENDS_HAND_CARDS: HintSet = 1 << 10;
    pub const ATTACKS_WHEN_ENGAGED: HintSet = 1 << 11;
    pub const EXPLORE_REVEALS: HintSet = 1 << 12;
    pub const THREAT_REDUCTION: HintSet = 1 << 13;
    pub const BLOCKS_THREAT_REDUCTION: HintSet = 1 << 14;
    pub const KILLS_ADVANCE_QUEST: HintSet = 1 << 15;
    pub const FLIP_KILLS_BASE: HintSet = 1 << 16;
    pub const DEFEAT_ENGAGES_ENEMY: HintSet = 1 << 17;
    pub const THREAT_INSURANCE: HintSet = 1 << 18;
    pub const ATTACK_BOOST_PER_PHASE: HintSet = 1 << 19;
    pub const QUEST_DAMAGE_TARGET: HintSet = 1 << 20;
    pub const SAFE_LOCATION: HintSet = 1 << 21;
    pub const TIME_MILL: HintSet = 1 << 22;
    pub const LEAVE_WHEN_EMPTIED: HintSet = 1 << 23;
    pub const SWAPS_READY_HERO: HintSet = 1 << 24;
    pub const BOOSTS_OWN_QUEST: HintSet = 1 << 25;
    pub const EXHAUST_DRAWS: HintSet = 1 << 26;
    pub const COMMIT_PROGRESS: HintSet = 1 << 27;
    pub const ADVANCE_ATTACK: HintSet = 1 << 28;
    pub const NO_CLUE_SHADOW: HintSet = 1 << 29;
    pub const REVEAL_ATTACK: HintSet = 1 << 30;
    pub const ATTACKS_ON_REVEALS: HintSet = 1 << 31;
}

impl Hint {
    /// The hint kinds of [`hint_set`] this card carries.
    pub fn kinds(&self) -> HintSet {
        use hint_set::*;
        let mut s = 0;
        let mut add = |on: bool, bit: HintSet| {
            if on {
                s |= bit;
            }
        };
        add(self.punishes_damage, PUNISHES_DAMAGE);
        add(self.payment_wounds, PAYMENT_WOUNDS);
        add(self.hardens_when_damaged, HARDENS_WHEN_DAMAGED);
        add(self.punishes_idle_side_quests, PUNISHES_IDLE_SIDE_QUESTS);
        add(self.attacks_out_of_combat, ATTACKS_OUT_OF_COMBAT);
        add(self.hand_discarded_each_round, HAND_DISCARDED_EACH_ROUND);
        add(self.cancels_attack, CANCELS_ATTACK);
        add(
            self.engagement_reward != EngageReward::None,
            ENGAGEMENT_REWARD,
        );
        add(self.expected_attack_bonus != 0, EXPECTED_ATTACK_BONUS);
        add(self.threat_growth != 0, THREAT_GROWTH);
        add(self.spends_hand_cards, SPENDS_HAND_CARDS);
        add(self.attacks_when_engaged, ATTACKS_WHEN_ENGAGED);
        add(self.explore_reveals.is_some(), EXPLORE_REVEALS);
        add(self.threat_reduction != 0, THREAT_REDUCTION);
        add(self.blocks_threat_reduction, BLOCKS_THREAT_REDUCTION);
        add(self.kills_advance_quest, KILLS_ADVANCE_QUEST);
        add(self.flip_kills_base != 0, FLIP_KILLS_BASE);
        add(self.defeat_engages_enemy, DEFEAT_ENGAGES_ENEMY);
        add(self.threat_insurance, THREAT_INSURANCE);
        add(self.attack_boost_per_phase != 0, ATTACK_BOOST_PER_PHASE);
        add(self.quest_damage_target.is_some(), QUEST_DAMAGE_TARGET);
        add(self.safe_location, SAFE_LOCATION);
        add(self.time_mill != 0, TIME_MILL);
        add(self.leave_when_emptied, LEAVE_WHEN_EMPTIED);
        add(self.swaps_ready_hero, SWAPS_READY_HERO);
        add(self.boosts_own_quest, BOOSTS_OWN_QUEST);
        add(self.exhaust_draws != 0, EXHAUST_DRAWS);
        add(self.commit_progress != NO_COMMIT_PROGRESS, COMMIT_PROGRESS);
        add(self.advance_attack > 0, ADVANCE_ATTACK);
        add(self.no_clue_shadow != NoClueShadow::None, NO_CLUE_SHADOW);
        add(self.reveal_attack, REVEAL_ATTACK);
        add(self.attacks_on_reveals, ATTACKS_ON_REVEALS);
        s
    }
}

/// `Hint::kinds` of every script, by script index (`cards::table()` order), built once.
pub fn kinds_by_script() -> &'static [HintSet] {
    static TABLE: std::sync::OnceLock<Vec<HintSet>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| super::table().iter().map(|s| s.hint.kinds()).collect())
}

/// The hints of card `c`: those of the script it is known by (`Game::known_script`), so a
/// card whose text is blanked now keeps them.
pub fn hint(g: &Game, c: CardId) -> &'static Hint {
    match g.known_script(c) {
        Some(s) => &s.hint,
        None => &NO_HINT,
    }
}

/// What card modules' hint functions import.
pub mod prelude {
    pub use super::*;
    pub use crate::cards::common::{area_players, staged};
    pub use crate::cards::Rule;
    pub use crate::data::{CardType, Sphere};
    pub use crate::engine::{
        CardId, Event, Frame, Game, Opt, Phase, Stat, Step, Zone, ENCOUNTER, NO_CARD,
    };
}

/// The code a card is known by: its script's (a reprint plays as its original), else its
/// original printing's. For hint functions that name other cards.
pub fn known_code<'g>(g: &'g Game<'_>, c: CardId) -> &'g str {
    match g.script(c) {
        Some(s) => s.code,
        None => g.db.def(g.db.original(g.def_id(c))).code.as_str(),
    }
}

/// Value of using card `c` now: its `play_value` hint, else 0 from hand and, in play, 10 for a
/// response (free) and 0 for an action.
mod readings;
mod timing;
mod value;
pub use readings::*;
pub use timing::*;
pub use value::*;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::testkit::sandbox;
    use crate::engine::ENCOUNTER;

    #[test]
    fn a_blanked_card_keeps_its_hints() {
        let mut g = sandbox(&[&["Core-001"]]);
        let h = g.heroes(0).next().unwrap();
        let q = g.current_quest().unwrap();
        // Cold from Angmar attached to the quest blanks damaged characters.
        g.spawn("TLR-054", ENCOUNTER, Zone::Attached(q));
        g.cards[h as usize].damage = 1;
        assert!(g.script(h).is_none(), "blanked");
        assert_eq!(g.known_script(h).map(|s| s.code), Some("Core-001"));
        assert!(hint(&g, h).play_value.is_some());
    }

    #[test]
    fn a_reprint_has_its_originals_hints() {
        let g = sandbox(&[&["Core-001"]]);
        let mut g = g;
        let c = g.spawn("RevCore-050", 0, Zone::Hand(0));
        assert_eq!(hint(&g, c).key_response, 1);
        let x = g.spawn("Core-013", 0, Zone::Hand(0));
        assert_eq!(
            hint(&g, x).key_response,
            0,
            "a card without a script: NO_HINT"
        );
        assert!(hint(&g, x).play_value.is_none());
    }
}
