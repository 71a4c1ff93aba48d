//! What a bot may know about a card, kept on the card's own script (`Script::hint`): typed
//! facts (a key response and its cost, where an attachment goes, a side quest's priority, a
//! travel cost that hurts ...) and, where the answer depends on the state, small functions next
//! to the card's script: the value of using the card now (`play_value`) and how to answer its
//! own prompts (`effect`). Every field has a neutral default (`NO_HINT`): a card without hints
//! is played by the bot's generic rules.
//!
//! Below the `Hint` type are the valuation helpers those functions share with the `basic` bot
//! (character value, damage cost, option pickers ...): bot-facing, read-only queries on `Game`.
//! Card modules use them through `prelude`.

use crate::data::{CardType, Sphere};
use crate::engine::{CardId, Event, Game, Opt, Stat, Zone, NO_CARD};

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

// ===================================================================== valuation helpers

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
/// (sense39) 0 for a use that changes nothing but its costs (`use_is_idle`).
pub fn action_value(g: &Game, p: u8, c: CardId, ev: Option<Event>) -> i32 {
    action_value_with(g, p, c, ev, true)
}

/// [`action_value`] with engage57's Defense windows on or off (`boost_is_idle_with`).
pub fn action_value_with(g: &Game, p: u8, c: CardId, ev: Option<Event>, windows: bool) -> i32 {
    let h = hint(g, c);
    if idle_use(g, p, c, h, windows) {
        return 0;
    }
    match h.play_value {
        Some(f) => f(g, p, c, ev),
        None => {
            if g.card(c).zone == Zone::Hand(p) {
                0
            } else {
                // Unknown in-play ability: responses are used (free), actions are not.
                ev.is_some() as i32 * 10
            }
        }
    }
}

/// sense51: has card `c`, a card boosting its own questing stat (`Hint::boosts_own_quest`:
/// Éowyn), used that +1 Willpower this quest phase without being committed yet? Then the boost
/// (and the card it cost) is lost unless `c` quests, so a commit plan should send it.
pub fn paid_own_quest_boost(g: &Game, c: CardId) -> bool {
    g.phase == crate::engine::Phase::Quest
        && g.may_hint(hint_set::BOOSTS_OWN_QUEST)
        && !g.card(c).questing
        && hint(g, c).boosts_own_quest
        && g.has_lasting(c, crate::engine::Lasting::Stat(Stat::Willpower, 1))
}

/// Using card `c` now changes nothing but its costs: its effect only raises stats until the end
/// of the phase (`Hint::phase_boost`), and none of those stats can be used in what is left of
/// this phase. Willpower counts in the quest phase before quest resolution while the quest is
/// resolved with it (on a card boosting itself, `boosts_own_quest`, only if it quests or can
/// still be committed). Attack counts in the combat phase and before resolving a Battle quest.
/// Defense counts in the combat phase and before resolving a Siege quest; outside the combat
/// phase (engage57) while an enemy attack is under way (`attack_under_way`), in the encounter
/// phase up to the engagement checks while a staged enemy attacks when it engages
/// (`engage_attack_ahead`) and in the quest phase up to staging while a revealed card can bring
/// an immediate attack (`reveal_attack_ahead`). Attack also counts in any phase while a
/// player holds a card that attacks out of combat (`attacks_out_of_combat`, Quick Strike) and an
/// enemy is engaged with a player (sense39). In the combat phase (sense39) Attack counts only
/// while a player attack can still come and Defense while an enemy attack can
/// (`combat_attacks_left`).
pub fn boost_is_idle(g: &Game, c: CardId) -> bool {
    boost_is_idle_with(g, c, hint(g, c), true)
}

/// [`boost_is_idle`] with the card's hints `h` already read; `windows` (engage57, `basic`'s
/// weight and `lookahead`'s option `defense_windows`): Defense counts outside the combat phase
/// only where an attack can come (else, the rule before: the encounter phase up to the
/// engagement checks and the quest phase up to staging, whatever the enemies).
#[inline(always)]
fn boost_is_idle_with(g: &Game, c: CardId, h: &Hint, windows: bool) -> bool {
    use crate::engine::{Frame, Phase, Step};
    let b = h.phase_boost;
    if b == 0 {
        return false;
    }
    // The next framework step (the last step frame on the stack). (speed36: read only in the
    // quest and encounter phases, every test below that reads it asks for one of them first:
    // the stack is not scanned in the others.)
    let next = if matches!(g.phase, Phase::Quest | Phase::Encounter) {
        g.stack.iter().rev().find_map(|f| match *f {
            Frame::Step(s) => Some(s),
            _ => None,
        })
    } else {
        None
    };
    // (`None`: a sandbox without steps, where nothing of the phase is known to be over.)
    let questing = g.phase == Phase::Quest
        && matches!(
            next,
            None | Some(
                Step::Commit
                    | Step::QuestWindow2
                    | Step::Staging
                    | Step::QuestWindow3
                    | Step::Resolve
            )
        );
    // (Each test below is pure: they are ordered cheapest first and stop at the first stat
    // that can still count; the quest's stat is asked only while questing.)
    let quest_stat = |s: Stat| questing && g.questing_stat() == s;
    if b & BOOST_WILLPOWER != 0
        && quest_stat(Stat::Willpower)
        && (!h.boosts_own_quest || g.card(c).questing || matches!(next, None | Some(Step::Commit)))
    {
        return false;
    }
    // sense39: in the combat phase, Attack and Defense count only while an attack they can
    // count in is left.
    let combat = g.phase == Phase::Combat;
    let (enemy_left, player_left) = if combat && b & (BOOST_ATTACK | BOOST_DEFENSE) != 0 {
        combat_attacks_left(g, None)
    } else {
        (false, false)
    };
    // Attack: the player attacks in the combat phase, quests with it (Battle), or holds a card
    // that attacks at once (sense39: only with an enemy engaged with a player to attack).
    if b & BOOST_ATTACK != 0
        && ((combat && player_left)
            || quest_stat(Stat::Attack)
            || (g.may_hint(hint_set::ATTACKS_OUT_OF_COMBAT)
                && (0..g.n_players).any(|q| g.engaged(q).iter().any(|&e| g.is_enemy(e)))
                && (0..g.n_players).any(|p| {
                    g.list(Zone::Hand(p))
                        .iter()
                        .any(|&x| hint(g, x).attacks_out_of_combat)
                })))
    {
        return false;
    }
    // Defense: enemies attack in the combat phase, on engagement (the encounter phase up to
    // the engagement checks), and as revealed cards make them (the quest phase up to staging);
    // the player quests with it (Siege).
    if b & BOOST_DEFENSE == 0 {
        return true;
    }
    let staging_ahead = g.phase == Phase::Quest
        && matches!(
            next,
            None | Some(Step::Commit | Step::QuestWindow2 | Step::Staging)
        );
    let engaging_ahead = g.phase == Phase::Encounter
        && matches!(
            next,
            None | Some(
                Step::EncounterWindow1
                    | Step::OptionalEngage
                    | Step::EncounterWindow2
                    | Step::EngagementChecks
            )
        );
    if !windows {
        // (The rule before engage57: either window counts for any enemy, no other attack.)
        return !((combat && enemy_left)
            || staging_ahead
            || engaging_ahead
            || quest_stat(Stat::Defense));
    }
    // engage57: outside the combat phase only an attack that can come counts: one under way
    // (Sudden Assault, an engagement check's Cornered Orc, Jailor Gornákh on a rescue ...),
    // before the engagement checks a staged enemy that attacks when it engages, before
    // staging a card that makes an attack when it (or another) is revealed.
    !((combat && enemy_left)
        || quest_stat(Stat::Defense)
        || (!combat && attack_under_way(g))
        || (engaging_ahead && engage_attack_ahead(g))
        || (staging_ahead && reveal_attack_ahead(g)))
}

/// engage57: an enemy attack is under way (or queued as an immediate attack) in the step being
/// resolved, in which a Defense boost can still count: its defenders not declared yet, or
/// declared and its damage not dealt (the combat phase's `combat_attacks_left` test).
pub fn attack_under_way(g: &Game) -> bool {
    use crate::engine::Frame;
    for f in g.stack.iter().rev() {
        match *f {
            Frame::Attack { stage } if stage < 2 || (stage != 3 && g.attack.n_defenders > 0) => {
                return true
            }
            Frame::ImmediateAttack { .. } | Frame::ImmediateAttackNoShadow { .. } => return true,
            Frame::Step(_) => return false,
            _ => {}
        }
    }
    false
}

/// engage57: a staged enemy attacks at once when it engages a player (`Hint::
/// attacks_when_engaged`: Cornered Orc, Champion of Rhûn), so an engagement this encounter
/// phase (optional or by the engagement checks) brings an attack before combat. Enemies
/// engaged already attack in the combat phase only.
pub fn engage_attack_ahead(g: &Game) -> bool {
    g.may_hint(hint_set::ATTACKS_WHEN_ENGAGED)
        && crate::cards::common::staged(g).any(|e| hint(g, e).attacks_when_engaged)
}

/// engage57: the staging step may bring an immediate attack: a card that makes one when it is
/// revealed (`Hint::reveal_attack`) is in the encounter deck (its contents are public: the
/// set's cards less those seen, the order is not read), or a card in play makes one when
/// others are revealed (`Hint::attacks_on_reveals`: Thaurdir, an enemy in play; Amon Forn,
/// a location, only while it is the active one).
pub fn reveal_attack_ahead(g: &Game) -> bool {
    (g.may_hint(hint_set::REVEAL_ATTACK)
        && g.list(Zone::EncounterDeck)
            .iter()
            .any(|&c| hint(g, c).reveal_attack))
        || (g.may_hint(hint_set::ATTACKS_ON_REVEALS)
            && (g.list(Zone::Staging).iter().chain(g.list(Zone::Active)))
                .copied()
                .chain((0..g.n_players).flat_map(|p| g.engaged(p).iter().copied()))
                .any(|c| {
                    hint(g, c).attacks_on_reveals
                        && (g.is_enemy(c) || g.card(c).zone == Zone::Active)
                }))
}

/// sense39: in the combat phase, (can an enemy attack still come in which what is used now
/// counts, can a player attack?). With `only: None` (a stat boost): an enemy attack being
/// resolved, before its damage, with a declared defender or before the defenders are declared;
/// or the enemy-attack step not over and an enemy engaged with a player who has a ready
/// character (to defend) has not attacked. A player attack being resolved, or the player-attack
/// step not over and an enemy engaged with a player not yet attacked by a player who has a
/// ready character. With `only: Some(p)` (readying a character of `p`): an enemy attack whose
/// defenders are not declared yet, or one still to come (whatever is ready now); a player
/// attack being resolved, or an engaged enemy that `p` has not attacked. Outside the combat
/// phase: (true, true).
pub fn combat_attacks_left(g: &Game, only: Option<u8>) -> (bool, bool) {
    if g.phase != crate::engine::Phase::Combat {
        return (true, true);
    }
    // (Once per decision and `only`: speed31.)
    g.memo_attacks_left(only, || combat_attacks_left_now(g, only))
}

/// [`combat_attacks_left`] in the combat phase, computed.
fn combat_attacks_left_now(g: &Game, only: Option<u8>) -> (bool, bool) {
    use crate::engine::{Frame, Step};
    let (mut enemy_attack, mut player_attack) = (false, false);
    let mut next = None;
    for f in g.stack.iter().rev() {
        match *f {
            // Stages 0-1: defenders being declared; 2 and 10+: before the damage; 3: after.
            Frame::Attack { stage } => {
                enemy_attack |=
                    stage < 2 || (only.is_none() && stage != 3 && g.attack.n_defenders > 0);
            }
            Frame::ImmediateAttack { .. } | Frame::ImmediateAttackNoShadow { .. } => {
                enemy_attack = true
            }
            Frame::PlayerAttack { .. } => player_attack = true,
            Frame::Step(s) => {
                next = Some(s);
                break;
            }
            _ => {}
        }
    }
    // The step after the current one (`None`: a sandbox without steps, nothing over yet).
    let enemy_step_left = matches!(
        next,
        None | Some(
            Step::CombatBegin
                | Step::Shadows
                | Step::CombatWindow
                | Step::EnemyAttacks
                | Step::PlayerAttacks
        )
    );
    let player_step_left = enemy_step_left || next == Some(Step::CombatEnd);
    let can_act = |q: u8| match only {
        Some(p) => q == p,
        None => g.characters(q).any(|c| ready(g, c)),
    };
    let enemy_left = enemy_attack
        || (enemy_step_left
            && (0..g.n_players).any(|q| {
                (only.is_some() || can_act(q)) && unattacked_engaged(g, q).next().is_some()
            }));
    let player_left = player_attack
        || (player_step_left
            && (0..g.n_players).any(|q| {
                can_act(q)
                    && (0..g.n_players).any(|r| {
                        g.engaged(r)
                            .iter()
                            .any(|&e| g.is_enemy(e) && g.card(e).attacked_by & (1 << q) == 0)
                    })
            }));
    (enemy_left, player_left)
}

/// sense39: readying a character of `p` now changes nothing (`Hint::readies`): the combat
/// phase has no attack left in which it could defend or attack (`combat_attacks_left`), or
/// (sense40) `p` has exhausted characters and each is the lone defender of the attack under
/// way, which destroys it (`dies_defending`).
#[inline(always)]
pub fn ready_is_idle(g: &Game, p: u8) -> bool {
    ready_is_idle_for(g, p, NO_CARD, None)
}

/// [`ready_is_idle`] for card `me`, which can ready only the characters `target` accepts
/// (`Hint::ready_target`; `None`: any): only those of `p`'s exhausted characters count.
#[inline(always)]
pub fn ready_is_idle_for(g: &Game, p: u8, me: CardId, target: Option<ReadyFn>) -> bool {
    if g.phase != crate::engine::Phase::Combat {
        return false;
    }
    let (enemy_left, player_left) = combat_attacks_left(g, Some(p));
    if !enemy_left && !player_left {
        return true;
    }
    let mut exhausted = g
        .characters(p)
        .filter(|&c| !ready(g, c) && target.is_none_or(|f| f(g, me, c)))
        .peekable();
    exhausted.peek().is_some() && exhausted.all(|c| dies_defending(g, c))
}

/// sense52: would readying `x`, an exhausted character of `p`, get it used in what is left of
/// the combat phase? While an enemy attack on `p` can still come or its defenders are not
/// declared yet (`combat_attacks_left`): only if `x` ready makes the cheapest defence of the
/// strongest such attack cheaper (`best_defences`: `basic` would declare it). Once no enemy
/// attack is left: only if `x`'s Attack added to the ready characters' (pooled, against each
/// engaged enemy's Defense + hit points left, the cheapest first) destroys one enemy more than
/// they can without it. Outside the combat phase: true (not judged here).
pub fn ready_used(g: &Game, p: u8, x: CardId) -> bool {
    ReadyUse::new(g, p).is_none_or(|r| r.used(g, x))
}

/// What [`ready_used`] reads of the board, once per player and decision (the characters it is
/// asked about then cost one defence sum or one addition each). `None` outside the combat phase.
pub struct ReadyUse {
    /// An enemy attack on the player can still come, or its defenders are not declared.
    enemy_left: bool,
    /// The player can still attack.
    player_left: bool,
    /// The strongest such attack (0: none).
    atk: i16,
    /// The cheapest defence of `atk` as the board stands.
    base: i32,
    /// The Attack of the player's ready characters.
    pool: i32,
    /// What destroying each enemy the player can still attack takes, the cheapest first (a
    /// fixed array: no allocation; past 16 enemies the rest are not counted).
    need: [i32; 16],
    n: usize,
}

impl ReadyUse {
    pub fn new(g: &Game, p: u8) -> Option<Self> {
        if g.phase != crate::engine::Phase::Combat {
            return None;
        }
        let (enemy_left, player_left) = combat_attacks_left(g, Some(p));
        let mut r = ReadyUse {
            enemy_left,
            player_left,
            atk: 0,
            base: 0,
            pool: 0,
            need: [0; 16],
            n: 0,
        };
        if enemy_left {
            // The attack under way while its defenders are still open, else the strongest to
            // come.
            let now = match g.attacking_enemy() {
                Some(e)
                    if !g.attack.ended
                        && g.attack.n_defenders == 0
                        && g.attack.damage_dealt == 0 =>
                {
                    g.stat(e, Stat::Attack) + shadow_count(g, e)
                }
                _ => 0,
            };
            r.atk = unattacked_engaged(g, p)
                .map(|e| g.stat(e, Stat::Attack) + shadow_count(g, e))
                .max()
                .unwrap_or(0)
                .max(now);
            if r.atk > 0 {
                r.base = best_defence(g, p, r.atk);
            }
        } else if player_left {
            r.pool = g
                .characters(p)
                .filter(|&c| ready(g, c))
                .map(|c| g.stat(c, Stat::Attack).max(0) as i32)
                .sum();
            for &e in g.engaged(p) {
                if r.n < r.need.len()
                    && g.is_enemy(e)
                    && !g.immune(e)
                    && g.card(e).attacked_by & (1 << p) == 0
                {
                    r.need[r.n] = (g.stat(e, Stat::Defense).max(0) + g.remaining_hp(e)) as i32;
                    r.n += 1;
                }
            }
            r.need[..r.n].sort_unstable();
        }
        Some(r)
    }

    /// [`ready_used`] for character `x` of the player the board was read for.
    pub fn used(&self, g: &Game, x: CardId) -> bool {
        if self.enemy_left {
            // (`best_defences(g, p, atk, NO_CARD, x).1 < base`, without the scan: `base` is
            // already the cheapest over the ready characters and no defence, so only `x`'s own
            // defence can lower it, and a ready `x` is in it already.)
            return self.atk > 0 && lone_defence_cost(g, x, self.atk) < self.base;
        }
        if !self.player_left {
            return false;
        }
        let add = g.stat(x, Stat::Attack).max(0) as i32;
        if add == 0 {
            return false;
        }
        // (Without `x`'s own Attack if it is ready already.)
        let pool = self.pool - ready(g, x) as i32 * add;
        self.kills(pool + add) > self.kills(pool)
    }

    /// Once no enemy attack is left and the player can still attack: would the ready
    /// characters' Attack with `out` of it taken away and `add` added destroy one enemy more
    /// (foreign56's `swap_attack`: a ready hero exhausted, an exhausted one readied)?
    pub fn attack_swap_gains(&self, out: i32, add: i32) -> bool {
        !self.enemy_left
            && self.player_left
            && self.kills(self.pool - out + add) > self.kills(self.pool)
    }

    /// How many of the enemies the player can still attack an Attack of `budget` destroys,
    /// pooled, the cheapest first.
    fn kills(&self, budget: i32) -> usize {
        let mut left = budget;
        self.need[..self.n]
            .iter()
            .take_while(|&&k| {
                left -= k;
                left >= 0
            })
            .count()
    }
}

/// sense40: `c` is the lone declared defender of the enemy attack under way, before its
/// damage, and the attacker's Attack as it stands (face-down shadow cards not counted) beats
/// its Defense by at least its hit points left: readying it changes nothing. Session 53: also
/// an ally that any damage would get captured instead (Cruel Torturer's rule, a shadow's
/// capture) once the Attack beats its Defense at all: it leaves play just the same.
pub fn dies_defending(g: &Game, c: CardId) -> bool {
    let a = &g.attack;
    let e = a.enemy;
    if e == NO_CARD
        || a.ended
        || a.damage_dealt > 0
        || a.n_defenders != 1
        || a.defenders()[0] != c
        || !g.card(e).zone.in_play()
    {
        return false;
    }
    let through = g.stat(e, Stat::Attack) - g.stat(c, Stat::Defense);
    through >= g.remaining_hp(c) || (through > 0 && g.is_ally(c) && g.captures_allies(e))
}

/// sense39: using card `c` (by player `p`) now changes nothing but its costs: an idle stat
/// boost (`boost_is_idle`) or an idle ready (`Hint::readies`, `ready_is_idle`).
pub fn use_is_idle(g: &Game, p: u8, c: CardId) -> bool {
    idle_use(g, p, c, hint(g, c), true)
}

/// [`use_is_idle`] with engage57's Defense windows on or off (`boost_is_idle_with`).
pub fn use_is_idle_with(g: &Game, p: u8, c: CardId, windows: bool) -> bool {
    idle_use(g, p, c, hint(g, c), windows)
}

/// [`use_is_idle`] with the card's hints `h` already read.
#[inline(always)]
fn idle_use(g: &Game, p: u8, c: CardId, h: &Hint, windows: bool) -> bool {
    (h.phase_boost != 0 && boost_is_idle_with(g, c, h, windows))
        || (h.readies && ready_is_idle_for(g, p, c, h.ready_target))
        || (h.lowers_enemy_attack && debuff_is_idle(g))
        || (h.valour_discount && discount_is_idle(g, p, c))
}

/// foreign56: playing card `c`, whose effect is a discount on the next Valour event its player
/// plays this phase (`Hint::valour_discount`: Hope Rekindled), changes nothing but its cost: no
/// Valour event in hand can follow it now (`valour_event_wanted`), and its other mode (a search
/// at Valour) is shut (below threat 40, or an empty deck).
pub fn discount_is_idle(g: &Game, p: u8, c: CardId) -> bool {
    !valour_search_open(g, p) && !valour_event_wanted(g, p, c)
}

/// A Valour discount's other mode, a search at Valour (threat 40+), has a deck to search.
pub fn valour_search_open(g: &Game, p: u8) -> bool {
    g.valour(p) && !g.list(Zone::Deck(p)).is_empty()
}

/// cards41: lowering enemies' Attack until the end of the phase (`Hint::lowers_enemy_attack`)
/// changes nothing now: no enemy attack is under way and, outside the combat phase or after
/// its last enemy attack (`combat_attacks_left`), none is still to come. (Enemies that enter
/// play later are not affected by such an effect, so an attack a revealed card may bring
/// does not count.)
pub fn debuff_is_idle(g: &Game) -> bool {
    if g.attacking_enemy().is_some() {
        return false;
    }
    // (Per player: an undefended attack counts too.)
    g.phase != crate::engine::Phase::Combat
        || !(0..g.n_players).any(|q| combat_attacks_left(g, Some(q)).0)
}

/// One threat point in damage-cost units at the `basic` bot's hand-set weights (its
/// `weights::ROLLOUT.threat_unit`, what `lookahead`'s rollouts play, checked by a bot test; the
/// tuned default `threat_unit` 15 was measured with card valuations at this 12): a point of willpower kept out of the
/// quest costs one (it raises threat or loses progress). Card-specific valuations use it; the
/// bot's round plan reads its own weight.
pub const THREAT_UNIT: i32 = 12;

/// Deck cards a player keeps in Deadmen's Dike (an empty deck eliminates) before spending any
/// on an effect.
pub const DECK_RESERVE: usize = 15;

pub fn is_objective_ally(g: &Game, c: CardId) -> bool {
    g.ty(c) == CardType::ObjectiveAlly
}

pub fn ready(g: &Game, c: CardId) -> bool {
    !g.card(c).exhausted
}

/// Stat `s` summed over player `p`'s ready characters (e.g. the questing stat a player could
/// still commit).
pub fn ready_stat_sum(g: &Game, p: u8, s: Stat) -> i16 {
    g.characters(p)
        .filter(|&x| ready(g, x))
        .map(|x| g.stat(x, s))
        .sum()
}

/// Index of the first option `o` (exact match).
#[inline(always)]
pub fn find(opts: &[Opt], o: Opt) -> Option<usize> {
    opts.iter().position(|x| *x == o)
}

/// The `Card` option with the lowest key (first on ties).
pub fn pick_min(opts: &[Opt], mut key: impl FnMut(CardId) -> i32) -> Option<usize> {
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
pub fn pick_max(opts: &[Opt], mut key: impl FnMut(CardId) -> i32) -> Option<usize> {
    pick_min(opts, |c| -key(c))
}

#[inline]
pub fn stats_sum(g: &Game, c: CardId) -> i32 {
    (g.stat(c, Stat::Willpower) + g.stat(c, Stat::Attack) + g.stat(c, Stat::Defense)) as i32
}

/// How much a character is worth to us (see the `basic` bot's doc).
#[inline(always)]
pub fn char_value(g: &Game, c: CardId) -> i32 {
    if is_objective_ally(g, c) {
        100_000
    } else {
        // Asked many times per decision (every damage cost that kills): memoised while it lasts,
        // and across decisions while the four stats it reads are fixed (`memo_value_of`).
        const READS: u8 = 1 << Stat::Willpower as u8
            | 1 << Stat::Attack as u8
            | 1 << Stat::Defense as u8
            | 1 << Stat::HitPoints as u8;
        g.memo_value_of(c, READS, || {
            if g.is_hero(c) {
                100 + 3 * (stats_sum(g, c) + g.stat(c, Stat::HitPoints) as i32)
            } else {
                4 * g.def_of(c).cost.max(0) as i32
                    + 2 * stats_sum(g, c)
                    + g.stat(c, Stat::HitPoints) as i32
            }
        })
    }
}

/// What `n` damage on character `c` costs us.
pub fn damage_cost(g: &Game, c: CardId, n: i16) -> i32 {
    damage_cost_with(g, c, n, HERO_WOUND)
}

/// What a damage point that a hero survives costs (`damage_cost`), before the extra for a
/// hero left with ≤ 2 hit points.
pub const HERO_WOUND: i32 = 15;

/// What a loss of the game costs in damage-cost units (an objective-ally's destruction).
pub const GAME_LOSS_COST: i32 = 1_000_000;

/// `damage_cost` with `hero_wound` for each damage point a hero survives.
///
/// (Always inlined, as `char_value` is into it: the bot's plans
/// price tens of thousands of damages a batch, and the plain hint left calls in another
/// code unit; about 1% of a `basic` game.)
#[inline(always)]
pub fn damage_cost_with(g: &Game, c: CardId, n: i16, hero_wound: i32) -> i32 {
    if n <= 0 {
        return 0;
    }
    let rem = g.remaining_hp(c);
    if is_objective_ally(g, c) {
        // Losing him loses the game; damage he survives costs what it would on a hero, and
        // more as he gets close to dying.
        return if n >= rem {
            GAME_LOSS_COST
        } else {
            let left = rem - n;
            15 * n as i32 + if left <= 2 { 100 } else { 0 } + if left <= 1 { 400 } else { 0 }
        };
    }
    if n >= rem {
        return if g.is_hero(c) {
            5000 + 10 * char_value(g, c)
        } else {
            80 + 5 * char_value(g, c)
        };
    }
    if g.is_hero(c) {
        let left = rem - n;
        hero_wound * n as i32 + if left <= 2 { 40 } else { 0 } + if left <= 1 { 60 } else { 0 }
    } else {
        8 * n as i32
    }
}

/// What `n` more damage on `c` costs on top of `already` damage assigned but not yet dealt.
pub fn damage_cost_after(g: &Game, c: CardId, already: i16, n: i16) -> i32 {
    damage_cost(g, c, already + n) - damage_cost(g, c, already)
}

/// Cost of taking an attack of strength `atk` undefended (cheapest hero).
pub fn undefended_cost(g: &Game, p: u8, atk: i16) -> i32 {
    undefended_cost_with(g, p, atk, HERO_WOUND)
}

/// `undefended_cost` with `hero_wound` (see `damage_cost_with`).
pub fn undefended_cost_with(g: &Game, p: u8, atk: i16, hero_wound: i32) -> i32 {
    g.heroes(p)
        .map(|h| damage_cost_with(g, h, atk, hero_wound))
        .min()
        .unwrap_or(0)
}

/// What an encounter effect hitting `c` (damage, exhaustion, discard...) likely costs us.
pub fn harm_cost(g: &Game, c: CardId) -> i32 {
    if !g.is_character(c) {
        return 0;
    }
    char_value(g, c) + if g.remaining_hp(c) <= 2 { 15 } else { 0 }
}

/// How dangerous an enemy is.
pub fn danger(g: &Game, e: CardId) -> i32 {
    if !g.is_enemy(e) {
        return 0;
    }
    (g.stat(e, Stat::Attack) * 3 + g.stat(e, Stat::Threat) * 2 + g.remaining_hp(e)) as i32
}

pub fn hand<'g>(g: &'g Game, p: u8) -> &'g [CardId] {
    g.list(Zone::Hand(p))
}

/// Does `p` hold a card known by one of `codes` (`known_code`)?
pub fn hand_has(g: &Game, p: u8, codes: &[&str]) -> bool {
    hand(g, p)
        .iter()
        .any(|&c| codes.contains(&known_code(g, c)))
}

pub fn total_hero_damage(g: &Game, p: u8) -> i16 {
    g.heroes(p).map(|h| g.card(h).damage).sum()
}

/// A hero of `p` at risk: damaged and at ≤ 2 remaining hit points.
pub fn hero_at_risk(g: &Game, p: u8) -> bool {
    g.heroes(p)
        .any(|h| g.card(h).damage > 0 && g.remaining_hp(h) <= 2)
}

pub fn any_questing(g: &Game, p: u8) -> bool {
    g.characters(p).any(|c| g.card(c).questing)
}

pub fn engaged_attack(g: &Game, p: u8) -> i16 {
    g.engaged(p).iter().map(|&e| g.stat(e, Stat::Attack)).sum()
}

/// (cards41) Only those still to resolve: for the enemy whose attack is in progress, the shadow
/// cards already resolved (their effect now shows in the stats) are not counted.
pub fn shadow_count(g: &Game, e: CardId) -> i16 {
    let n = g.shadows_of(e).count() as i16;
    if n == 0 || g.attacking_enemy() != Some(e) {
        return n;
    }
    n - resolved_shadows(g).min(n)
}

/// cards42: the Attack shadow card `s` of enemy `e` is known to add, when its player has
/// looked at it (`CardInst::seen`; never an unseen face-down card): its `Hint::shadow_attack`,
/// 0 for a card without a shadow effect, `None` (unknown: counted as an unseen one) otherwise.
pub fn known_shadow_attack(g: &Game, s: CardId, e: CardId) -> Option<i16> {
    if !g.card(s).seen {
        return None;
    }
    // (A card with no script has no shadow effect.)
    let Some(script) = g.known_script(s) else {
        return Some(0);
    };
    match script.hint.shadow_attack {
        Some(f) => Some(f(g, e)),
        None if script.shadow.is_none() => Some(0),
        None => None,
    }
}

/// cards42: the shadow cards of `e` still to resolve (as `shadow_count`), split into the
/// Attack the seen ones are known to add (`known_shadow_attack`) and how many others are left.
pub fn shadow_split(g: &Game, e: CardId) -> (i16, i16) {
    let skip = if g.attacking_enemy() == Some(e) {
        resolved_shadows(g)
    } else {
        0
    };
    let (mut known, mut unknown) = (0, 0);
    for (i, s) in g.shadows_of(e).enumerate() {
        if (i as i16) < skip {
            continue;
        }
        match known_shadow_attack(g, s, e) {
            Some(a) => known += a,
            None => unknown += 1,
        }
    }
    (known, unknown)
}

/// cards41: how many shadow cards of the enemy attack in progress are resolved, read from the
/// attack's next stage (`Frame::Attack`: stage 10 + 2k turns shadow card k, 10 + 2k + 1
/// resolves it; stages 2 and 3 come after the last one).
pub fn resolved_shadows(g: &Game) -> i16 {
    use crate::engine::Frame;
    let stage = g.stack.iter().rev().find_map(|f| match *f {
        Frame::Attack { stage } => Some(stage),
        _ => None,
    });
    match stage {
        Some(2 | 3) => i16::MAX,
        Some(s) if s >= 10 => ((s - 10) / 2) as i16,
        _ => 0,
    }
}

/// cards41: the enemy attack in progress still has a face-down or unresolved shadow card; a
/// Defense boost can wait for the window after them (before the damage), where the attack is
/// known.
pub fn shadows_pending(g: &Game) -> bool {
    g.attacking_enemy().is_some_and(|e| shadow_count(g, e) > 0)
}

/// [`shadows_pending`], as the Defense-boost values read it.
fn wait_for_shadows(g: &Game) -> bool {
    shadows_pending(g)
}

pub fn max_engaged_attack(g: &Game, p: u8) -> i16 {
    g.engaged(p)
        .iter()
        .map(|&e| g.stat(e, Stat::Attack))
        .max()
        .unwrap_or(0)
}

/// Is this just-revealed card worth canceling? Treacheries, unless hinted mild.
pub fn cancel_worthy(g: &Game, x: CardId) -> bool {
    g.ty(x) == CardType::Treachery && !hint(g, x).mild_treachery
}

/// The total Defense of the current attack's declared defenders.
pub fn defenders_defense(g: &Game) -> i16 {
    g.attack
        .defenders()
        .iter()
        .map(|&d| g.stat(d, Stat::Defense))
        .sum()
}

/// What +`by` Defense on `d`, a declared defender of `p` against the enemy attack in progress
/// (before its damage), keeps off: 30 when the attack (its Attack plus one per shadow card, as
/// `discard_boost_value` counts it) would destroy `d` and the boost keeps `d` alive, 12 when it
/// keeps a point of damage off a hero, else 0 (an ally takes a wound it survives either way, or
/// dies either way). probe40: Defense boosts (Blade Mastery, For Gondor!) were only ever
/// played for their Attack.
pub fn defense_boost_value(g: &Game, p: u8, d: CardId, by: i16) -> i32 {
    let Some(e) = g.attacking_enemy() else {
        return 0;
    };
    if g.attack.player != p
        || g.attack.damage_dealt > 0
        || g.controller(d) != p
        || !g.attack.defenders().contains(&d)
    {
        return 0;
    }
    // cards41: with shadow cards still to resolve, wait for the window after them.
    if wait_for_shadows(g) {
        return 0;
    }
    let dmg = g.stat(e, Stat::Attack) + shadow_count(g, e) - defenders_defense(g);
    if dmg <= 0 {
        return 0;
    }
    let hp = g.remaining_hp(d);
    if dmg >= hp && dmg - by < hp {
        30
    } else if g.is_hero(d) && dmg < hp {
        12
    } else {
        0
    }
}

/// The best `defense_boost_value` of +`by` Defense on one of the attack's defenders that
/// `eligible` accepts (0 with none).
pub fn best_defense_boost(g: &Game, p: u8, by: i16, eligible: impl Fn(CardId) -> bool) -> i32 {
    // (speed36: the tests of `defense_boost_value` that do not depend on the defender first:
    // where one fails every defender's value is 0, and `eligible`, a trait lookup for For
    // Gondor!, is not asked.)
    if g.attacking_enemy().is_none() || g.attack.player != p || g.attack.damage_dealt > 0 {
        return 0;
    }
    g.attack
        .defenders()
        .iter()
        .filter(|&&d| eligible(d))
        .map(|&d| defense_boost_value(g, p, d, by))
        .max()
        .unwrap_or(0)
}

/// Could the attack in progress destroy a defender (or is it undefended)?
pub fn shadow_dangerous(g: &Game) -> bool {
    let e = g.attack.enemy;
    if e == NO_CARD || !g.card(e).zone.in_play() {
        return false;
    }
    let atk = g.stat(e, Stat::Attack);
    let defs = g.attack.defenders();
    if defs.is_empty() {
        return true;
    }
    let def = defenders_defense(g);
    let dmg = atk - def + 2;
    defs.iter().any(|&d| dmg >= g.remaining_hp(d))
}

pub fn discard_ally_affordable(g: &Game, p: u8) -> bool {
    let spirit = g.available(p, Sphere::Spirit);
    (0..g.n_players).any(|q| {
        g.list(Zone::Discard(q))
            .iter()
            .any(|&x| g.is_ally(x) && g.def_of(x).cost >= 2 && g.def_of(x).cost <= spirit)
    })
}

/// Would attachment `a` give host `t` a trait it lacks (`Hint::grants_traits`)? Always true for
/// an attachment that grants no trait.
pub fn grants_new_trait(g: &Game, a: CardId, t: CardId) -> bool {
    let traits = hint(g, a).grants_traits;
    traits.is_empty() || traits.iter().any(|&tr| !g.has_trait(t, tr))
}

/// Is `p`'s hand discarded at the end of every round (Erestor), so cards in hand are cheap to
/// spend?
pub fn hand_discarded_each_round(g: &Game, p: u8) -> bool {
    g.may_hint(hint_set::HAND_DISCARDED_EACH_ROUND)
        && g.heroes(p).any(|h| hint(g, h).hand_discarded_each_round)
}

/// Strength and kill threshold (remaining HP + Defense) of `p`'s player attack in progress.
pub fn attack_in_progress(g: &Game, p: u8) -> Option<(i16, i16, i16)> {
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
pub fn unattacked_engaged<'g>(g: &'g Game<'g>, p: u8) -> impl Iterator<Item = CardId> + 'g {
    g.engaged(p)
        .iter()
        .copied()
        .filter(move |&e| g.is_enemy(e) && !g.card(e).attacked && !g.immune(e))
}

/// A Valour event (other than `not`, and not one that discounts them) in `p`'s hand worth
/// playing now.
pub fn valour_event_wanted(g: &Game, p: u8, not: CardId) -> bool {
    valour_event_wanted_if(g, p, not, |_| true)
}

/// `valour_event_wanted` for the events `keep` also accepts (a bot's own veto).
pub fn valour_event_wanted_if(
    g: &Game,
    p: u8,
    not: CardId,
    mut keep: impl FnMut(CardId) -> bool,
) -> bool {
    hand(g, p).iter().any(|&x| {
        x != not
            && crate::cards::common::is_valour_event(g, x)
            && !hint(g, x).valour_discount
            && g.available(p, g.def_of(x).sphere) + 2 >= g.def_of(x).cost.max(0)
            && action_value(g, p, x, None) > 0
            && keep(x)
    })
}

/// How much `p` would miss card `c` from his hand: a unique card already in play is dead,
/// key responses are kept, otherwise dearer cards are worth more.
pub fn hand_card_value(g: &Game, p: u8, c: CardId) -> i32 {
    // probe40: a card its rules let be played only from the discard pile (Elven-light, Lords
    // of the Eldar) does nothing in hand; discarding it is what makes it playable: the first
    // card to discard.
    if g.plays_from_discard(c) {
        return -20;
    }
    if g.unique_in_play(c) {
        return -10;
    }
    let key = hint(g, c).key_response > 0;
    let affordable = g.has_matching_hero(p, g.def_of(c).sphere) as i32;
    g.def_of(c).cost.max(0) as i32 * 2 + affordable * 4 + key as i32 * 20
}

/// A staged enemy `p` could take on: its attack is within what his best ready defender holds
/// (DEF + remaining HP − 1); the one adding the most threat.
pub fn holdable_staged_enemy(g: &Game, p: u8) -> Option<CardId> {
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
                && !g.rule(crate::cards::Rule::CannotBeEngaged(e))
                && g.stat(e, Stat::Attack) <= hold
        })
        .max_by_key(|&e| {
            (
                g.threat_contribution(e),
                std::cmp::Reverse(g.stat(e, Stat::Attack)),
            )
        })
}

/// The Mission objective's tokens, and whether they are lives (`mission_tokens_are_lives`).
pub fn mission_tokens(g: &Game) -> Option<(bool, i16)> {
    crate::cards::common::mission(g)
        .map(|m| (hint(g, m).mission_tokens_are_lives, g.card(m).resources))
}

/// The attack in progress against `p`: (cost if it goes undefended, cost of the damage its
/// declared defenders take) in damage-cost units.
pub fn attack_outcomes(g: &Game, p: u8) -> (i32, i32) {
    let atk = g.stat(g.attack.enemy, Stat::Attack);
    let defended = g
        .attack
        .defenders()
        .iter()
        .map(|&d| damage_cost(g, d, atk - g.stat(d, Stat::Defense)))
        .sum();
    (undefended_cost(g, p, atk), defended)
}

// ===================================================================== hints1: generic readings

/// Most cards in hand worth drawing toward with `Hint::exhaust_draws` (beyond: the hand holds
/// enough to play).
pub const DRAW_HAND_CAP: usize = 8;

/// Value of exhausting character `c` now to draw its `Hint::exhaust_draws` cards: 20 in the
/// combat phase once no enemy engaged with `p` is still to attack and no player attack is being
/// declared, when `c` is ready, the hand holds fewer than `DRAW_HAND_CAP` cards, the deck keeps
/// `DECK_RESERVE` where an empty deck eliminates, and no enemy engaged with `p` can be destroyed
/// this round with `c`'s Attack but not without it. Else 0 (questing, defending or attacking
/// comes first; after the refresh phase has readied it, exhausting it would cost the next
/// round).
pub fn exhaust_draw_value(g: &Game, p: u8, c: CardId, _ev: Option<Event>) -> i32 {
    let n = hint(g, c).exhaust_draws as usize;
    if n == 0
        || g.phase != crate::engine::Phase::Combat
        || !ready(g, c)
        || g.controller(c) != p
        || hand(g, p).len() >= DRAW_HAND_CAP
        || g.patk.enemy != NO_CARD
        || g.attacking_enemy().is_some()
        || unattacked_engaged(g, p).next().is_some()
    {
        return 0;
    }
    if g.rule(crate::cards::Rule::EmptyDeckEliminates)
        && g.list(Zone::Deck(p)).len() < DECK_RESERVE + n
    {
        return 0;
    }
    (!kill_pivotal(g, p, c)) as i32 * 20
}

/// Value of discarding a card from hand with attachment `c` (`Hint::discard_boosts_host`) for
/// +1 to its host: 10 in the quest phase while the host is committed, Willpower is the questing
/// stat and the hand holds 5 or more cards (as Éowyn's own discard); 20 while the host defends
/// an attack whose Attack (+1 per shadow card) gets past its Defense and the hand holds 3 or
/// more. Never when the least valuable card in hand is a key response.
pub fn discard_boost_value(g: &Game, p: u8, c: CardId, _ev: Option<Event>) -> i32 {
    let Zone::Attached(host) = g.card(c).zone else {
        return 0;
    };
    let hand_n = hand(g, p).len();
    if !hint(g, c).discard_boosts_host || g.controller(c) != p || hand_n == 0 {
        return 0;
    }
    let least = hand(g, p)
        .iter()
        .map(|&x| hand_card_value(g, p, x))
        .min()
        .unwrap_or(0);
    if least >= 20 {
        return 0;
    }
    if g.phase == crate::engine::Phase::Quest
        && g.questing_stat() == Stat::Willpower
        && g.card(host).questing
        && hand_n >= 5
    {
        return 10;
    }
    // The attack in progress (not the context an ended attack leaves behind).
    let e = g.attacking_enemy().unwrap_or(NO_CARD);
    if g.phase == crate::engine::Phase::Combat
        && e != NO_CARD
        && g.attack.defenders().contains(&host)
        && hand_n >= 3
    {
        // cards41: with shadow cards still to resolve, wait for the window after them.
        if wait_for_shadows(g) {
            return 0;
        }
        let atk = g.stat(e, Stat::Attack) + shadow_count(g, e);
        let def = defenders_defense(g);
        return (atk > def) as i32 * 20;
    }
    0
}

/// Enemies engaged with `q` that `n` damage each destroys.
pub fn kills_each_engaged(g: &Game, q: u8, n: i16) -> i32 {
    g.engaged(q)
        .iter()
        .filter(|&&e| {
            crate::cards::common::damageable(g, e)
                && !g.def_of(e).keywords.indestructible
                && g.remaining_hp(e) <= n
        })
        .count() as i32
}

/// Value of card `c` dealing `Hint::damage_each_engaged` to each enemy engaged with one
/// player: 30 per enemy it destroys (for the player where it destroys most), else 0.
pub fn damage_each_engaged_value(g: &Game, _p: u8, c: CardId, _ev: Option<Event>) -> i32 {
    let n = hint(g, c).damage_each_engaged;
    if n <= 0 {
        return 0;
    }
    crate::cards::common::area_players(g)
        .filter(|&q| !g.players[q as usize].eliminated)
        .map(|q| kills_each_engaged(g, q, n))
        .max()
        .unwrap_or(0)
        * 30
}

/// What card `x` in a discard pile is worth back in hand: key responses and threat reductions
/// first, then by cost (allies and attachments over events of the same cost).
pub fn recursion_value(g: &Game, x: CardId) -> i32 {
    let h = hint(g, x);
    h.key_response as i32 * 20
        + h.threat_reduction as i32 * 4
        + g.def_of(x).cost.max(0) as i32 * 3
        + matches!(g.ty(x), CardType::Ally | CardType::Attachment) as i32
}

/// Value of card `c` returning a card of its sphere from `p`'s discard pile
/// (`Hint::returns_from_discard`): 15 in the planning phase (after the allies and attachments
/// that score more; played in the resource phase it took the resources of an ally: measured,
/// core-spirit on Escape from Mount Gram, wins −0.45 / −0.20 points on seeds 11 / 12) when
/// the best such card (not a hero, not a unique card already in play, not one with a copy in
/// hand, affordable with the resources left after paying for `c`: without these two, still
/// −0.25 points on seed 11) has a `recursion_value` of 12 or more (a key response, a threat
/// reduction, a card costing 4), else 0. Measured as it is (against the bot that never played
/// it, 2,000 paired games per seed, seeds 11 / 12): core-spirit on Escape from Mount Gram wins
/// −0.25 (−0.60 to +0.10) / −0.10 (−0.44 to +0.24) points, the audit Spirit deck +0.10 / +0.10
/// (both within the noise), Intruders in Chetwood rounds +0.00 to +0.02.
pub fn returns_from_discard_value(g: &Game, p: u8, c: CardId, _ev: Option<Event>) -> i32 {
    if !hint(g, c).returns_from_discard || g.phase != crate::engine::Phase::Planning {
        return 0;
    }
    let sphere = g.def_of(c).sphere;
    // What is left of the sphere's resources once `c` is paid for: the card it returns must
    // be affordable with it (else the resources were better kept), and a copy of it already
    // in hand makes it worth nothing more.
    let left = g.available(p, sphere) - g.cost_of(c, p);
    let in_hand = |x: CardId| hand(g, p).iter().any(|&y| g.def_id(y) == g.def_id(x));
    let best = g
        .list(Zone::Discard(p))
        .iter()
        .filter(|&&x| {
            g.def_of(x).sphere == sphere
                && !g.is_hero(x)
                && !g.unique_in_play(x)
                && x != c
                && g.def_of(x).cost.max(0) <= left
                && !in_hand(x)
        })
        .map(|&x| recursion_value(g, x))
        .max()
        .unwrap_or(0);
    (best >= 12) as i32 * 15
}

/// Value of card `c` shuffling a discard pile back into its deck (`Hint::refills_deck`): 30
/// where an empty deck eliminates, `p`'s deck holds fewer than `DECK_RESERVE` cards and the
/// discard pile 5 or more; 10 when the deck is empty and the discard pile holds 10 or more.
pub fn refills_deck_value(g: &Game, p: u8, c: CardId, _ev: Option<Event>) -> i32 {
    if !hint(g, c).refills_deck {
        return 0;
    }
    let deck = g.list(Zone::Deck(p)).len();
    let discard = g.list(Zone::Discard(p)).len();
    if g.rule(crate::cards::Rule::EmptyDeckEliminates) && deck < DECK_RESERVE && discard >= 5 {
        30
    } else if deck == 0 && discard >= 10 {
        10
    } else {
        0
    }
}

// ===================================================================== hints2: generic readings

/// The strongest attack still to come against `p` this phase: the highest Attack (+1 per
/// shadow card) among the enemies engaged with him that have not attacked; 0 when there is
/// none, an enemy attack is in progress or a player attack is being declared.
pub fn next_attack(g: &Game, p: u8) -> i16 {
    if g.phase != crate::engine::Phase::Combat
        || g.attacking_enemy().is_some()
        || g.patk.enemy != NO_CARD
    {
        return 0;
    }
    unattacked_engaged(g, p)
        .map(|e| g.stat(e, Stat::Attack) + shadow_count(g, e))
        .max()
        .unwrap_or(0)
}

/// What character `c` defending an attack of strength `atk` costs (the damage that gets past
/// its Defense).
pub fn lone_defence_cost(g: &Game, c: CardId, atk: i16) -> i32 {
    damage_cost(g, c, atk - g.stat(c, Stat::Defense))
}

/// The cheapest defence of an attack of strength `atk` among `p`'s ready characters,
/// undefended if cheaper.
pub fn best_defence(g: &Game, p: u8, atk: i16) -> i32 {
    best_defences(g, p, atk, NO_CARD, NO_CARD).0
}

/// [`best_defence`] as the board stands and with character `out` exhausted and `add` ready
/// (`NO_CARD`: no change), in one pass: each character's defence cost and the undefended cost
/// computed once for both (speed36).
pub fn best_defences(g: &Game, p: u8, atk: i16, out: CardId, add: CardId) -> (i32, i32) {
    let (mut now, mut with) = (i32::MAX, i32::MAX);
    for x in g.characters(p) {
        let r = ready(g, x);
        if r || x == add {
            let cost = lone_defence_cost(g, x, atk);
            if r {
                now = now.min(cost);
            }
            if x != out {
                with = with.min(cost);
            }
        }
    }
    let undefended = undefended_cost(g, p, atk);
    (now.min(undefended), with.min(undefended))
}

/// For `Hint::swaps_ready_hero`: the ready hero of `p` to exhaust (not one the round's kills
/// need, `kill_pivotal`; the one whose defence of `atk` costs most, the least valuable on ties)
/// and the exhausted hero of `p` to ready (the one whose defence costs least), if both exist.
pub fn hero_swap(g: &Game, p: u8, atk: i16) -> Option<(CardId, CardId)> {
    // (speed36: the ready Attack `kill_pivotal` sums, once for every hero.)
    let total = ready_attack(g, p);
    let out = g
        .heroes(p)
        .filter(|&h| ready(g, h) && !g.immune(h) && !kill_pivotal_with(g, p, h, total))
        .max_by_key(|&h| (lone_defence_cost(g, h, atk), -char_value(g, h)))?;
    let add = g
        .heroes(p)
        .filter(|&h| !ready(g, h) && !g.immune(h))
        .min_by_key(|&h| (lone_defence_cost(g, h, atk), -char_value(g, h)))?;
    Some((out, add))
}

/// Value of card `c` exhausting a ready hero to ready an exhausted one (`Hint::swaps_ready_hero`):
/// 25 in the combat phase before an enemy attack (`next_attack`) when the swap (`hero_swap`)
/// makes the cheapest defence of it cheaper by at least a hero's wound (`HERO_WOUND`), else 0.
pub fn hero_swap_value(g: &Game, p: u8, c: CardId, _ev: Option<Event>) -> i32 {
    if !hint(g, c).swaps_ready_hero {
        return 0;
    }
    let atk = next_attack(g, p);
    if atk <= 0 {
        return 0;
    }
    let Some((out, add)) = hero_swap(g, p, atk) else {
        return 0;
    };
    let (before, after) = best_defences(g, p, atk, out, add);
    (after.saturating_add(HERO_WOUND) <= before) as i32 * 25
}

/// Is `p`'s ready character `c` needed to destroy an engaged enemy this round: some enemy
/// engaged with `p` falls to the Attack of all his ready characters, but not without `c`'s?
pub fn kill_pivotal(g: &Game, p: u8, c: CardId) -> bool {
    // (speed36: no engaged enemy, no kill: the sum is not made.)
    !g.engaged(p).is_empty() && kill_pivotal_with(g, p, c, ready_attack(g, p))
}

/// The Attack of `p`'s ready characters together (what [`kill_pivotal`] weighs).
fn ready_attack(g: &Game, p: u8) -> i16 {
    g.characters(p)
        .filter(|&x| ready(g, x))
        .map(|x| g.stat(x, Stat::Attack))
        .sum()
}

/// [`kill_pivotal`] with `total`, `ready_attack(g, p)`, already summed.
fn kill_pivotal_with(g: &Game, p: u8, c: CardId, total: i16) -> bool {
    let mine = g.stat(c, Stat::Attack);
    g.engaged(p).iter().any(|&e| {
        let need = g.remaining_hp(e) + g.stat(e, Stat::Defense);
        g.is_enemy(e) && !g.immune(e) && total >= need && total - mine < need
    })
}

/// The most Defense two of `p`'s ready characters add up to when the second is one the
/// round's kills do not need (`kill_pivotal`); `None` without such a pair.
pub fn best_spare_pair(g: &Game, p: u8) -> Option<i16> {
    let best = g
        .characters(p)
        .filter(|&x| ready(g, x))
        .max_by_key(|&x| g.stat(x, Stat::Defense))?;
    let total = ready_attack(g, p);
    let second = g
        .characters(p)
        .filter(|&x| x != best && ready(g, x) && !kill_pivotal_with(g, p, x, total))
        .map(|x| g.stat(x, Stat::Defense))
        .max()?;
    Some(g.stat(best, Stat::Defense) + second)
}

/// Value of card `c` letting `p` declare several defenders against each attack this phase
/// (`Hint::multi_defend`): 20 in the combat phase before an enemy attack (`next_attack`) whose
/// cheapest lone defence (`best_defence`) destroys a character (costs 80 or more) while
/// the damage left past the Defense of two ready characters together (the second one not
/// needed for a kill this round: `best_spare_pair`) costs at least 60 less, when `p` has more
/// ready characters than enemies still to attack him; else 0.
pub fn multi_defend_value(g: &Game, p: u8, c: CardId, _ev: Option<Event>) -> i32 {
    if !hint(g, c).multi_defend || g.players[p as usize].multi_defend {
        return 0;
    }
    let atk = next_attack(g, p);
    if atk <= 0 {
        return 0;
    }
    let readies = g.characters(p).filter(|&x| ready(g, x)).count();
    if readies <= unattacked_engaged(g, p).count() {
        return 0;
    }
    let Some(two) = best_spare_pair(g, p) else {
        return 0;
    };
    let alone = best_defence(g, p, atk);
    let together = g
        .characters(p)
        .filter(|&x| ready(g, x))
        .map(|x| damage_cost(g, x, atk - two))
        .min()
        .unwrap_or(i32::MAX);
    (alone >= 80 && alone.saturating_sub(together) >= 60) as i32 * 20
}

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
