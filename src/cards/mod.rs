//! Card behaviour: one `Script` per card that has abilities, grouped one module per product or
//! encounter set. Stats and keywords are data (`crate::data`); only behaviour is code here.
//!
//! A script is a table of optional hooks the engine calls (constant modifiers, rule queries,
//! Forced effects, Responses, Actions, When Revealed, Shadow, Travel, attachment targets, and
//! `resume` for continuing after a decision). Each hook is a plain function; a card that needs a
//! choice offers options with `Game::begin_ask`/`offer` and continues in `resume`.

use crate::data::{CardDb, CardType, DefId};
use crate::engine::{CardId, Cont, Event, EventMask, Game, Opt, Stat, ALL_EVENTS};

pub mod campaign;
pub mod common;
pub mod encounter;
#[cfg(test)]
mod event_masks;
pub mod hints;
pub mod player;
mod rulekind;
pub use rulekind::{RuleKind, RuleMask, ALL_RULES, SHARED_BIT};
#[cfg(test)]
mod rule_masks;
#[cfg(test)]
pub mod testkit;

/// Rule questions the engine asks cards in play.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Rule {
    /// Enemies do not make engagement checks.
    NoEngagementChecks,
    /// The players cannot win the game.
    CannotWin,
    /// Player `n` cannot reduce his threat.
    CannotReduceThreat(u8),
    /// This card cannot take damage.
    CannotTakeDamage(CardId),
    /// This card cannot have attachments.
    CannotHaveAttachments(CardId),
    /// This quest card cannot be defeated now.
    CannotDefeat(CardId),
    /// No more than 3 progress on the current quest each round.
    QuestProgressCap3,
    /// This card (being revealed) has surge.
    GainsSurge(CardId),
    /// This enemy cannot attack.
    CannotAttack(CardId),
    /// Card `.0` gains the trait with id `.1` (asked of the card's attachments).
    GainsTrait(CardId, u16),
    /// Hero `.0` gains the resource icon of sphere `.1` (asked of the hero's attachments, and of
    /// the hero itself).
    GainsIcon(CardId, crate::data::Sphere),
    /// This character may attack enemies in the staging area when it attacks alone (Dúnhere).
    AttacksStagingAlone(CardId),
    /// This character cannot be healed.
    CannotBeHealed(CardId),
    /// Asked of a card whether it blanks, while in play, the printed text box of every damaged
    /// character (keywords and traits stay). Answer regardless of the card's zone: the engine
    /// counts only such cards in play.
    BlanksDamagedCharacters,
    /// A player with no cards in his deck is eliminated (Deadmen's Dike quest stages).
    EmptyDeckEliminates,
    /// Cards in player `n`'s discard pile cannot leave it by player card effects.
    DiscardPileLocked(u8),
    /// This character cannot be declared as a defender (Galadhrim Weaver). A character that
    /// cannot attack answers `CannotAttack` (the same question enemies answer).
    CannotDefend(CardId),
    /// This enemy cannot be engaged (by any means: optional engagement, engagement checks or
    /// card effects).
    CannotBeEngaged(CardId),
    /// Hero `.0` collects 1 extra resource in the resource phase (asked of the hero itself).
    ExtraResource(CardId),
    /// This event card is played from its owner's discard pile (asked of the card itself).
    PlayFromDiscard(CardId),
    /// Ally `.0` counts as a hero instead of an ally (asked of its attachments).
    BecomesHero(CardId),
    /// Card `.0` cannot have restricted attachments.
    CannotHaveRestricted(CardId),
    /// A card could cancel damage just dealt to character `.0` now (Weather-stained Cloak): the
    /// character is not destroyed before the Responses to that damage are over.
    MayCancelDamage(CardId),
    /// This character does not exhaust when committed to the quest (Halbarad).
    CommitsWithoutExhausting(CardId),
    /// Hero `.0` collects one more resource in the resource phase (asked of the hero's
    /// attachments; Appointed by Fate).
    CollectsExtraResource(CardId),
    /// Player `n` may optionally engage one more enemy this encounter phase (Halbarad).
    ExtraOptionalEngagement(u8),
    /// This card's `Stat` cannot be reduced: negative modifiers do not apply (asked of the
    /// card's attachments; Star Brooch).
    CannotReduceStat(CardId, Stat),
    /// This enemy cannot be chosen in the optional-engagement step (RULES §5.26); it still
    /// engages through engagement checks and card effects.
    CannotBeOptionallyEngaged(CardId),
    /// Progress cannot be placed on this card now (`Game::add_progress` places none).
    CannotPlaceProgress(CardId),
    /// The effects of this encounter card (its When Revealed and shadow effects) cannot be
    /// canceled now: the engine opens no cancel window for it.
    CannotBeCanceled(CardId),
    /// "When revealed" effects cannot be canceled now (Decrepit City while active): the engine
    /// opens no cancel window for a card with When Revealed effects.
    WhenRevealedCannotBeCanceled,
    /// When card `.0` would ready, this card (one of its attachments; asked of them) replaces
    /// the readying: the engine calls its `resume` with step `WOULD_READY` instead of readying
    /// `.0` (Paralyzing Fear).
    ReadyReplaced(CardId),
    /// It is Day (asked of the Time objective's Day face; `Game::is_day`).
    ItIsDay,
    /// It is Night (asked of the Time objective's Night face; `Game::is_night`).
    ItIsNight,
    /// The Time objective cannot turn to its Day side (Make a Stand).
    TimeCannotBecomeDay,
    /// No more than 5 progress on the current quest each round (Eriador Wastes).
    QuestProgressCap5,
    /// An explored location comes under the first player's control instead of leaving play
    /// (Wrath and Ruin's stages, RULES §8.12; `engine::control`).
    ExploredLocationsControlled,
    /// Player card effects cannot place progress on this card now (`Game::add_progress`
    /// places none; an encounter card's own effect uses `Game::add_progress_by_encounter`).
    PlayerCardsCannotPlaceProgress(CardId),
    /// Enemy `.0` would be destroyed: this attachment of it replaces that (asked of the
    /// enemy's attachments; Fury): all damage is healed and the attachment is discarded.
    SavedFromDestruction(CardId),
    /// Enemy `.0` captures under itself an ally its attack would damage, instead of damaging it
    /// (Cruel Torturer; `Game::capture_instead_of_damage`).
    CapturesAlliesItWouldDamage(CardId),
    /// The players may put one of the cards just rescued from under card `.0` into play
    /// (Dungeon Guard; asked of that card's own script by `rescue_under`, in play or not).
    RescuedMayEnterPlay(CardId),
    /// The cards rescued from under card `.0` go to their owners' hands only if they are Items;
    /// the rest are discarded (Raid Golfimbul's Vault; asked of that card's own script).
    RescuedItemsOnly(CardId),
    /// Hero `.0` collects no resources in the resource phase (asked of the hero's attachments;
    /// No Rest).
    CollectsNoResources(CardId),
    /// Character `.0` cannot be declared as an attacker or a defender against enemy `.1`
    /// (Goblin Pursuer).
    CannotFightEnemy(CardId, CardId),
    /// This encounter card, revealed from the encounter deck, gains Doomed 1 (Troll-fells).
    GainsDoomed(CardId),
    /// When the players may travel, they must travel to this location if they can (Rocky
    /// Foothills; asked of the location).
    MustTravelHere(CardId),
    /// Heroes cannot gain resources by card effects (`Game::gain_resources`; Vast Troll-fells).
    HeroesGainNoResources,
    /// Players cannot draw cards by card effects (`Game::draw_by_effect`; Isolated).
    NoDrawByEffects,
    /// Each quest card in play gains Battle (Accursed Battlefield while active, RULES §8.1.3).
    QuestsGainBattle,
    /// This enemy has lost Indestructible (Midwinter's Crux with 15+ progress).
    LosesIndestructible(CardId),
    /// Unresolved shadow cards are not discarded at the end of the combat phase (The Clutches
    /// of Carn Dûm): only those of enemies that attacked go.
    KeepUnresolvedShadows,
    /// This enemy in the staging area is considered engaged with each player: it attacks each
    /// player in turn in the combat phase and each player may attack it (RULES §5.27.3).
    EngagedWithEachPlayer(CardId),
    /// A shadow card with no shadow effect raises the defending player's threat by 2 when it
    /// resolves (Mountains of Angmar while active).
    BlankShadowsRaiseThreat,
    /// This card reduces each placement of progress on the current quest by 1 (asked of the card
    /// itself; `Game::quest_progress_reduction` counts them: Orc Grunts).
    ReducesQuestProgress(CardId),
    /// Each resource a player spends raises his threat by 1 (Fortress Walls while active).
    ThreatPerResourceSpent,
    /// This encounter side quest turns over to its other face when defeated, staying in the
    /// staging area, instead of going to the victory display (The Investigation, RULES §8.9).
    FlipsWhenDefeated(CardId),
    /// This quest cannot be chosen as the current quest during the quest phase (Secrets of
    /// Rhudaur).
    CannotBeCurrentQuest(CardId),
    /// Card `.0` (in the staging area) takes the progress meant for quest cards, the first 2
    /// each round (Forbidden Descent; `Game::add_progress`).
    DivertsQuestProgress(CardId),
    /// When the encounter deck runs out, the topmost Undead enemy of the encounter discard pile
    /// returns to the staging area before the deck is reset (Ghostly Ruins).
    UndeadBackOnEncounterReset,
    /// Player `.1` cannot attack enemy `.0` (Apostate of Angmar).
    CannotBeAttackedBy(CardId, u8),
    /// Asked of an attachment: it blanks the printed text box of character `.0` it is attached
    /// to (Thaurdir's Legacy; read by `Game::script` for cards marked `CardInst::text_blanked`).
    BlanksTextOf(CardId),
    /// Asked of an attachment: character `.0` it is attached to cannot commit to the quest
    /// (Thaurdir's Majesty; read by the commit step for characters with attachments).
    CannotCommit(CardId),
    /// This attachment, discarded, takes the card it is attached to with it (asked of the
    /// attachment itself; Possession).
    DiscardsHostWithIt(CardId),
    /// This encounter card attached to a character returns to the staging area when its host
    /// leaves play, instead of being discarded (asked of the attachment; Wraith of Carn Dûm).
    BackToStagingWhenHostLeaves(CardId),
    /// This enemy has gained Indestructible (Daechanar while a Sorcery card is in play).
    GainsIndestructible(CardId),
    /// Character `.0` must be committed to the quest while it is able (A Fell Dread): the
    /// commit step offers only it until it is committed.
    MustCommit(CardId),
    /// The Sorcery shadow cards of attacking enemy `.0` also resolve their When Revealed
    /// effects, after their shadow effects (Witch of Angmar).
    SorceryShadowsRevealed(CardId),
    /// Progress meant for the main quest goes to the locations in the staging area instead
    /// (Daechanar's Fall; `Game::add_progress`).
    QuestProgressToStagingLocations,
    /// This card is immune to player card effects now, beyond its printed keyword (Cursed
    /// Halls: Sorcery attachments while it is staged; `Game::immune`).
    ImmuneToPlayerCards(CardId),
    /// Enemy `.0` would attack: its own text replaces the attack (asked of the enemy itself;
    /// Necromancer of Carn Dûm). The engine starts no attack and calls its `resume` with step
    /// `WOULD_ATTACK` (`Cont::player`: the player it would attack).
    AttackReplaced(CardId),
    /// Player `.0` would draw cards: a card in his play area (asked of those cards; Daechanar's
    /// Curse) replaces the draw. The engine draws nothing and calls that card's `resume` with
    /// step `WOULD_DRAW` (`Cont::player`: the player, `Cont::a`: how many cards).
    DrawReplaced(u8),
}

/// Constant modifier hook: (game, source, target, stat) -> delta.
pub type ModifyFn = fn(&Game, CardId, CardId, Stat) -> i16;
/// Response check hook: (game, card, seat, event) -> may respond.
pub type CanRespondFn = fn(&Game, CardId, u8, Event) -> bool;
/// Attachment target hook: (game, attachment, seat, target) -> legal.
pub type AttachToFn = fn(&Game, CardId, u8, CardId) -> bool;

/// Hooks of one card. Every field is optional; `BLANK` has none.
#[derive(Clone, Copy)]
pub struct Script {
    pub code: &'static str,
    /// Value of a printed X on this card.
    pub x: Option<fn(&Game, CardId) -> i16>,
    /// Constant modifier `me` gives `target`'s `stat`. Called for the card itself, for the card
    /// it is attached to, and for every card when `global` is set.
    pub modify: Option<ModifyFn>,
    /// `modify` answers from its arguments' identities and the stat alone, never from the
    /// state of the game (a constant bonus to its host): a stat that only such attachments
    /// change is kept by the stat memo across decisions, as a printed one
    /// (`Game::stat_now_fixed`).
    pub modify_static: bool,
    pub global: bool,
    /// Which stats a `global` modifier may change (`GlobalScope`; `GlobalScope::ALL` unless
    /// set): a stat outside it is computed without asking the card, so `modify` must return 0
    /// for every (target, stat) pair the scope leaves out.
    pub global_on: GlobalScope,
    /// Answer `true` to a rule question to make it hold.
    pub rule: Option<fn(&Game, CardId, Rule) -> bool>,
    /// The questions `rule` may answer `true` to (`rules![...]`): `Game::rule` asks it no
    /// other. Default: every question. A test derives each mask from the hook's source
    /// (`rule_masks`), as for `forced_on`.
    pub rule_on: RuleMask,
    /// Forced effects: called for every event while the card is in play (or, for quest cards,
    /// the main quest / side quests in play).
    pub forced: Option<fn(&mut Game, CardId, Event)>,
    /// The events `forced` answers (`events![...]`): the engine calls it for no other event.
    /// Default: every event (correct for any hook, only slower). A test derives each mask from
    /// the hook's source (`event_masks` below), so a mask cannot drift from its hook.
    pub forced_on: EventMask,
    /// Could `seat` use this Response now (card in play under his control, or an event in his hand)?
    pub can_respond: Option<CanRespondFn>,
    pub respond: Option<fn(&mut Game, CardId, u8, Event)>,
    /// The events `can_respond` may answer `true` to (`events![...]`): the engine asks it about
    /// no other event. Default: every event (as `forced_on`).
    pub respond_on: EventMask,
    /// Could `seat` use this Action now (an in-play ability, or an event card from hand)?
    pub can_act: Option<fn(&Game, CardId, u8) -> bool>,
    pub act: Option<fn(&mut Game, CardId, u8)>,
    /// When Revealed, resolved by seat `by`.
    pub when_revealed: Option<fn(&mut Game, CardId, u8)>,
    /// Shadow effect; the attack is `Game::attack`.
    pub shadow: Option<fn(&mut Game, CardId)>,
    /// Setup text of a quest stage (side A), or of a player card in play at setup (a contract:
    /// run at `Step::SetupPlayers`, after the scenario's setup).
    pub setup: Option<fn(&mut Game, CardId)>,
    /// Travel cost: with `pay == false` answer whether it can be paid; with `pay == true` pay it.
    pub travel: Option<fn(&mut Game, CardId, bool) -> bool>,
    /// Extra cost this encounter card (in the staging area, engaged or active) puts on traveling
    /// to a Safe location (`engine/safe.rs`): with `pay == false` answer whether it can be paid
    /// now; with `pay == true` pay it (it may push frames: they resolve before the travel).
    pub safe_travel: Option<fn(&mut Game, CardId, bool) -> bool>,
    /// Attachments: may `me` be attached to `target` by `seat`?
    pub attach_to: Option<AttachToFn>,
    /// Continue after a decision (or a deferred step).
    pub resume: Option<fn(&mut Game, Cont, Opt)>,
    /// Allies and other cards that need a play check beyond cost (e.g. a target must exist).
    pub can_play: Option<fn(&Game, CardId, u8) -> bool>,
    /// Its When Revealed effects cannot be canceled.
    pub uncancelable: bool,
    /// Its Action may be used by any player, not only its controller (Éowyn).
    pub any_player: bool,
    /// Pays the card's resource cost itself (e.g. one resource from each of three heroes)
    /// instead of the engine's default payment.
    pub pay: Option<fn(&mut Game, CardId, u8)>,
    /// Its resource cost for a player, when the card's own text changes it (Keen as Lances).
    pub cost: Option<fn(&Game, CardId, u8) -> i16>,
    /// Its Action (`can_act` / `act`) is used from its owner's hand, though it is not an event
    /// (Elven Jeweler).
    pub hand_action: bool,
    /// Its Response (`can_respond` / `respond`) is used from its owner's hand, though it is not
    /// an event (Brok Ironfist). Other non-event cards respond only from play.
    pub hand_response: bool,
    /// While in play, change the cost of card `.2` being played: (game, me, card) -> delta,
    /// never negative (the offer lists take the printed cost as a floor; test builds assert it
    /// in `Game::cost_of`).
    pub cost_mod: Option<fn(&Game, CardId, CardId) -> i16>,
    /// A Nightmare setup card's limit on each player's deck size (0 = none): checked by
    /// `GameSetup::validate` before the game starts.
    pub max_deck: u16,
    /// While in play: extra threat player `.2` counts while making engagement checks (only for
    /// them; `Game::engagement_threat`).
    pub engagement_threat: Option<fn(&Game, CardId, u8) -> i16>,
    /// While in play: Archery it adds at the beginning of the combat phase beyond the printed
    /// keyword (a bow attached to an enemy, a location's archery while active).
    pub archery: Option<fn(&Game, CardId) -> i16>,
    /// Trace text of its mode options: (prompt `what`, mode `k`, a few words saying what the
    /// mode does, in our own words); a mode not listed shows as `mode(k)`.
    pub mode_names: &'static [(u8, u8, &'static str)],
    /// What a bot may know about the card (`hints`): never read by the engine except
    /// `Hint::valour_event`.
    pub hint: hints::Hint,
}

/// The stats a global modifier (`Script::global`) may change: a bit `1 << Stat as u8` per
/// stat, for enemies (`CardType::Enemy`) and for every other card. `Game::stat` skips the global
/// modifiers whose scope leaves the asked (kind, stat) out, and computes a card no modifier can
/// reach from its printed value alone (checked in test builds: `memo_answers_equal_fresh_answers`
/// recomputes every skipped modifier).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct GlobalScope {
    /// Stats it may change on enemies.
    pub enemies: u8,
    /// Stats it may change on every card that is not an enemy.
    pub others: u8,
}

impl GlobalScope {
    /// Every stat of every card (the default: nothing is skipped).
    pub const ALL: GlobalScope = GlobalScope {
        enemies: 0x7f,
        others: 0x7f,
    };
    /// Nothing (the union of no scope).
    pub const NONE: GlobalScope = GlobalScope {
        enemies: 0,
        others: 0,
    };

    const fn mask(stats: &[Stat]) -> u8 {
        let mut m = 0;
        let mut i = 0;
        while i < stats.len() {
            m |= 1 << stats[i] as u8;
            i += 1;
        }
        m
    }

    /// These stats, on any card.
    pub const fn any(stats: &[Stat]) -> GlobalScope {
        GlobalScope {
            enemies: Self::mask(stats),
            others: Self::mask(stats),
        }
    }

    /// These stats, on enemies only.
    pub const fn enemies(stats: &[Stat]) -> GlobalScope {
        GlobalScope {
            enemies: Self::mask(stats),
            others: 0,
        }
    }

    /// These stats, on cards that are not enemies only.
    pub const fn others(stats: &[Stat]) -> GlobalScope {
        GlobalScope {
            enemies: 0,
            others: Self::mask(stats),
        }
    }

    /// The union of two scopes.
    pub const fn union(self, o: GlobalScope) -> GlobalScope {
        GlobalScope {
            enemies: self.enemies | o.enemies,
            others: self.others | o.others,
        }
    }

    /// Does `o` reach every (kind, stat) this scope reaches?
    pub const fn within(self, o: GlobalScope) -> bool {
        self.enemies & !o.enemies == 0 && self.others & !o.others == 0
    }

    /// May it change stat `s` of a card that is (`enemy`) or is not an enemy?
    #[inline(always)]
    pub fn reaches(self, enemy: bool, s: Stat) -> bool {
        (if enemy { self.enemies } else { self.others }) & (1 << s as u8) != 0
    }
}

pub const BLANK: Script = Script {
    code: "",
    x: None,
    modify: None,
    modify_static: false,
    global: false,
    global_on: GlobalScope::ALL,
    rule: None,
    rule_on: ALL_RULES,
    forced: None,
    forced_on: ALL_EVENTS,
    can_respond: None,
    respond_on: ALL_EVENTS,
    respond: None,
    can_act: None,
    act: None,
    when_revealed: None,
    shadow: None,
    setup: None,
    travel: None,
    safe_travel: None,
    attach_to: None,
    resume: None,
    can_play: None,
    uncancelable: false,
    any_player: false,
    pay: None,
    cost: None,
    hand_action: false,
    hand_response: false,
    cost_mod: None,
    max_deck: 0,
    engagement_threat: None,
    archery: None,
    mode_names: &[],
    hint: hints::NO_HINT,
};

/// Every card script, from every set module.
pub fn all_scripts() -> impl Iterator<Item = &'static Script> {
    encounter::intruders::SCRIPTS
        .iter()
        .chain(player::core_leadership::SCRIPTS.iter())
        .chain(player::core_lore::SCRIPTS.iter())
        .chain(player::core_spirit::SCRIPTS.iter())
        .chain(player::core_tactics::SCRIPTS.iter())
        .chain(player::revised_core::SCRIPTS.iter())
        .chain(player::lost_realm::SCRIPTS.iter())
        .chain(player::wastes_of_eriador::SCRIPTS.iter())
        .chain(player::mount_gram::SCRIPTS.iter())
        .chain(player::ettenmoors::SCRIPTS.iter())
        .chain(player::rhudaur::SCRIPTS.iter())
        .chain(player::carn_dum::SCRIPTS.iter())
        .chain(player::dread_realm::SCRIPTS.iter())
        .chain(player::wrath_and_ruin::SCRIPTS.iter())
        .chain(encounter::weather_hills::SCRIPTS.iter())
        .chain(encounter::foul_weather::SCRIPTS.iter())
        .chain(encounter::ruins_of_arnor::SCRIPTS.iter())
        .chain(encounter::deadmens_dike::SCRIPTS.iter())
        .chain(encounter::cursed_dead::SCRIPTS.iter())
        .chain(encounter::dark_sorcery::SCRIPTS.iter())
        .chain(encounter::intruders_nightmare::SCRIPTS.iter())
        .chain(encounter::mount_gram::SCRIPTS.iter())
        .chain(encounter::mount_gram_nightmare::SCRIPTS.iter())
        .chain(encounter::weather_hills_nightmare::SCRIPTS.iter())
        .chain(encounter::deadmens_dike_nightmare::SCRIPTS.iter())
        .chain(encounter::amarthiul::SCRIPTS.iter())
        .chain(encounter::wastes_of_eriador::SCRIPTS.iter())
        .chain(encounter::wastes_of_eriador_nightmare::SCRIPTS.iter())
        .chain(encounter::wrath_and_ruin::SCRIPTS.iter())
        .chain(encounter::easterling_raiders::SCRIPTS.iter())
        .chain(encounter::city_of_rhun::SCRIPTS.iter())
        .chain(encounter::across_the_ettenmoors::SCRIPTS.iter())
        .chain(encounter::across_the_ettenmoors_nightmare::SCRIPTS.iter())
        .chain(encounter::carn_dum::SCRIPTS.iter())
        .chain(encounter::carn_dum_nightmare::SCRIPTS.iter())
        .chain(encounter::dread_realm::SCRIPTS.iter())
        .chain(encounter::dread_realm_nightmare::SCRIPTS.iter())
        .chain(encounter::treachery_of_rhudaur::SCRIPTS.iter())
        .chain(encounter::treachery_of_rhudaur_nightmare::SCRIPTS.iter())
        .chain(campaign::chetwood::SCRIPTS.iter())
        .chain(campaign::weather_hills::SCRIPTS.iter())
        .chain(campaign::wastes::SCRIPTS.iter())
        .chain(campaign::deadmens_dike::SCRIPTS.iter())
        .chain(campaign::ettenmoors::SCRIPTS.iter())
        .chain(campaign::rhudaur::SCRIPTS.iter())
        .chain(campaign::carn_dum::SCRIPTS.iter())
        .chain(campaign::mount_gram::SCRIPTS.iter())
        .chain(campaign::dread_realm::SCRIPTS.iter())
}

/// Cards whose printed text is only keywords/stats (so they need no script), by code. A reprint
/// (`CardDef::same_as`) is vanilla when any printing of it is listed.
pub fn vanilla(db: &CardDb, id: DefId) -> bool {
    let d = db.def(id);
    // Quest side A faces carry only setup text that the B face's script implements together.
    let _ = CardType::Quest;
    VANILLA.contains(&d.code.as_str()) || VANILLA.iter().any(|c| same_card(db, c, id))
}

/// Is card `code` a printing of the same card as `id` (equal, or linked through `same_as`)?
fn same_card(db: &CardDb, code: &str, id: DefId) -> bool {
    db.by_code(code)
        .is_some_and(|o| db.original(o) == db.original(id))
}

/// Cards with no abilities beyond printed numbers and keywords.
pub const VANILLA: &[&str] = &[
    "Core-013", // Guard of the Citadel
    "Core-028", // Veteran Axehand
    "Core-017", // Silverlode Archer (Ranged only)
    "Core-030", // Horseback Archer (Ranged only)
];

/// Every script, indexed as `CardInst::script`.
pub fn table() -> &'static [&'static Script] {
    static TABLE: std::sync::OnceLock<Vec<&'static Script>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| all_scripts().collect())
}

/// Look up a script by card code.
pub fn lookup(code: &str) -> Option<(u16, &'static Script)> {
    table()
        .iter()
        .enumerate()
        .find(|(_, s)| s.code == code)
        .map(|(i, s)| (i as u16, *s))
}

/// The script of card `id`: its own code's, else the one registered under any other printing
/// of the same card (`CardDef::same_as`), so `RevCore-001` plays exactly like `Core-001`.
pub fn lookup_def(db: &CardDb, id: DefId) -> Option<(u16, &'static Script)> {
    let d = db.def(id);
    if let Some(found) = lookup(&d.code) {
        return Some(found);
    }
    table()
        .iter()
        .enumerate()
        .find(|(_, s)| same_card(db, s.code, id))
        .map(|(i, s)| (i as u16, *s))
}

/// `lookup_def` for every card of `db` at once (index = `DefId`, `u16::MAX` = no script), in
/// time linear in the table sizes.
pub fn script_indices(db: &CardDb) -> Vec<u16> {
    let mut by_def = vec![u16::MAX; db.defs.len()];
    let mut by_original = vec![u16::MAX; db.defs.len()];
    for (i, s) in table().iter().enumerate() {
        if let Some(d) = db.by_code(s.code) {
            by_def[d as usize] = i as u16;
            let o = db.original(d) as usize;
            if by_original[o] == u16::MAX {
                by_original[o] = i as u16;
            }
        }
    }
    for (d, slot) in by_def.iter_mut().enumerate() {
        if *slot == u16::MAX {
            *slot = by_original[db.original(d as DefId) as usize];
        }
    }
    by_def
}

/// Script by index (as stored in `CardInst::script`).
pub fn by_index(i: u16) -> &'static Script {
    table()[i as usize]
}

/// Implementation status of a card's abilities, for `lotr-sim list cards`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Status {
    /// Every ability is implemented (and tested).
    Implemented,
    /// The card has no abilities beyond its printed numbers and keywords.
    Vanilla,
    /// The card has abilities the engine does not implement.
    Missing,
}

impl Status {
    pub fn name(self) -> &'static str {
        match self {
            Status::Implemented => "implemented",
            Status::Vanilla => "vanilla",
            Status::Missing => "missing",
        }
    }
}

/// Status of one card definition.
pub fn status(db: &CardDb, id: DefId) -> Status {
    // A Nightmare setup card's side B only tells how to build the Nightmare encounter deck,
    // which the data does (`ScenarioDef::encounter`), and a campaign card's side B is its
    // resolution, which its `cards::campaign` entry carries out (`resolve`): either is
    // implemented when its other side (the one with a script) is.
    if matches!(db.def(id).ty, CardType::NightmareSetup | CardType::Campaign)
        && lookup_def(db, id).is_none()
        && db
            .def(id)
            .back
            .is_some_and(|a| a != id && lookup_def(db, a).is_some())
    {
        return Status::Implemented;
    }
    if vanilla(db, id) {
        Status::Vanilla
    } else if lookup_def(db, id).is_some() {
        Status::Implemented
    } else {
        Status::Missing
    }
}

#[cfg(test)]
mod lint {
    //! Every card with a script (or listed as vanilla) has a test named after it.

    use super::*;

    /// `The Galadhrim's Greeting` → `the_galadhrims_greeting`.
    fn test_name(title: &str) -> String {
        let mut out = String::new();
        for ch in title.chars() {
            let c = match ch {
                'á' | 'â' | 'à' | 'ä' => 'a',
                'é' | 'ê' | 'è' | 'ë' | 'É' => 'e',
                'í' | 'î' | 'ï' => 'i',
                'ó' | 'ô' | 'ö' => 'o',
                'ú' | 'û' | 'ü' => 'u',
                c => c,
            };
            if c.is_ascii_alphanumeric() {
                out.push(c.to_ascii_lowercase());
            } else if (c == ' ' || c == '-') && !out.ends_with('_') {
                out.push('_');
            }
        }
        out.trim_matches('_').to_string()
    }

    /// cards42: every `Hint::shadow_attack` says what its shadow effect does to the attacker's
    /// Attack: resolved against an engaged Orc War Party, the Attack gained is the hint's.
    #[test]
    fn shadow_attack_hints_match_the_shadow_effects() {
        use crate::cards::testkit::{codes::ORC_WAR_PARTY, drain, sandbox};
        use crate::engine::{AttackCtx, Phase, Stat, Zone, ENCOUNTER};
        let (mut n, mut raised) = (0, 0);
        for sc in all_scripts() {
            let (Some(f), Some(shadow)) = (sc.hint.shadow_attack, sc.shadow) else {
                continue;
            };
            let mut g = sandbox(&[&["Core-001", "Core-002", "Core-003"]]);
            let e = g.spawn(ORC_WAR_PARTY, ENCOUNTER, Zone::Engaged(0));
            let s = g.spawn(sc.code, ENCOUNTER, Zone::Shadow(e));
            g.phase = Phase::Combat;
            g.attack = AttackCtx::new(e, 0, false);
            let want = f(&g, e);
            let before = g.stat(e, Stat::Attack);
            shadow(&mut g, s);
            drain(&mut g);
            assert_eq!(g.stat(e, Stat::Attack) - before, want, "{}", sc.code);
            n += 1;
            raised += (want > 0) as i32;
        }
        // (Life Drain raises only Thaurdir's Attack.)
        assert!(
            n >= 14 && raised >= n - 1,
            "{n} hinted shadow cards, {raised} raising"
        );
    }

    /// cards42: every script's mode names are one per (prompt, mode), each a few words.
    #[test]
    fn mode_names_are_unique_and_short() {
        for sc in all_scripts() {
            let names = sc.mode_names;
            for (i, &(w, m, label)) in names.iter().enumerate() {
                assert!(
                    !label.is_empty() && label.len() <= 64,
                    "{}: `{label}`",
                    sc.code
                );
                assert!(
                    !names[..i].iter().any(|&(w2, m2, _)| (w2, m2) == (w, m)),
                    "{}: prompt {w} mode {m} named twice",
                    sc.code
                );
            }
        }
    }

    #[test]
    fn every_card_has_a_test_named_after_it() {
        let db = testkit::db();
        let sources = [
            include_str!("encounter/intruders.rs"),
            include_str!("player/core_leadership.rs"),
            include_str!("player/core_lore.rs"),
            include_str!("player/core_spirit.rs"),
            include_str!("player/core_tactics.rs"),
            include_str!("player/revised_core.rs"),
            include_str!("player/lost_realm.rs"),
            include_str!("player/wastes_of_eriador.rs"),
            include_str!("player/mount_gram.rs"),
            include_str!("player/ettenmoors.rs"),
            include_str!("player/rhudaur.rs"),
            include_str!("player/carn_dum.rs"),
            include_str!("player/dread_realm.rs"),
            include_str!("player/wrath_and_ruin.rs"),
            include_str!("encounter/weather_hills.rs"),
            include_str!("encounter/foul_weather.rs"),
            include_str!("encounter/ruins_of_arnor.rs"),
            include_str!("encounter/deadmens_dike.rs"),
            include_str!("encounter/cursed_dead.rs"),
            include_str!("encounter/dark_sorcery.rs"),
            include_str!("encounter/intruders_nightmare.rs"),
            include_str!("encounter/mount_gram.rs"),
            include_str!("encounter/mount_gram_nightmare.rs"),
            include_str!("encounter/weather_hills_nightmare.rs"),
            include_str!("encounter/deadmens_dike_nightmare.rs"),
            include_str!("encounter/amarthiul.rs"),
            include_str!("encounter/wastes_of_eriador.rs"),
            include_str!("encounter/wastes_of_eriador_nightmare.rs"),
            include_str!("encounter/wrath_and_ruin.rs"),
            include_str!("encounter/easterling_raiders.rs"),
            include_str!("encounter/city_of_rhun.rs"),
            include_str!("encounter/across_the_ettenmoors.rs"),
            include_str!("encounter/across_the_ettenmoors_nightmare.rs"),
            include_str!("encounter/carn_dum.rs"),
            include_str!("encounter/carn_dum_nightmare.rs"),
            include_str!("encounter/dread_realm.rs"),
            include_str!("encounter/dread_realm_nightmare.rs"),
            include_str!("encounter/treachery_of_rhudaur.rs"),
            include_str!("encounter/treachery_of_rhudaur_nightmare.rs"),
            include_str!("campaign/chetwood.rs"),
            include_str!("campaign/weather_hills.rs"),
            include_str!("campaign/wastes.rs"),
            include_str!("campaign/deadmens_dike.rs"),
            include_str!("campaign/ettenmoors.rs"),
            include_str!("campaign/rhudaur.rs"),
            include_str!("campaign/carn_dum.rs"),
            include_str!("campaign/dread_realm.rs"),
            include_str!("campaign/mount_gram.rs"),
        ]
        .concat();
        let mut missing = Vec::new();
        let codes = all_scripts().map(|s| s.code).chain(VANILLA.iter().copied());
        for code in codes {
            let id = db
                .by_code(code)
                .unwrap_or_else(|| panic!("script for unknown card {code}"));
            let name = test_name(&db.def(id).title);
            if !sources.contains(&format!("fn {name}()")) {
                missing.push(format!("{code} {} (fn {name})", db.def(id).title));
            }
        }
        assert!(
            missing.is_empty(),
            "cards without a test named after them: {missing:?}"
        );
    }
}

#[cfg(test)]
mod reprints {
    //! Reprints (`CardDef::same_as`) share their original's script, status and vanilla listing.

    use super::*;

    #[test]
    fn a_revised_core_reprint_plays_as_the_core_card() {
        let db = testkit::db();
        let rev = db.by_code("RevCore-001").unwrap();
        let core = db.by_code("Core-001").unwrap();
        assert_eq!(db.def(rev).same_as, Some(core));
        assert_eq!(db.def(core).same_as, None);
        assert_eq!(lookup_def(db, rev).unwrap().1.code, "Core-001");
        assert_eq!(status(db, rev), Status::Implemented);
        // In a game the reprint's instance carries the original's script.
        let g = testkit::sandbox(&[&["RevCore-001"]]);
        let h = testkit::hero(&g, "RevCore-001");
        assert_eq!(g.script(h).unwrap().code, "Core-001");
        // A vanilla original makes its reprint vanilla.
        let guard = db.by_code("RevCore-013").unwrap();
        assert!(vanilla(db, guard));
        assert_eq!(status(db, guard), Status::Vanilla);
        // `script_indices` agrees with `lookup_def` for every card.
        let idx = script_indices(db);
        for id in 0..db.defs.len() as DefId {
            let one = lookup_def(db, id).map(|(i, _)| i).unwrap_or(u16::MAX);
            assert_eq!(idx[id as usize], one, "{}", db.def(id).code);
        }
    }

    #[test]
    fn same_title_with_other_text_is_a_different_card() {
        let db = testkit::db();
        let tactics = db.by_code("TLR-001").unwrap();
        assert_eq!(
            db.def(tactics).title,
            db.def(db.by_code("Core-001").unwrap()).title
        );
        assert_eq!(db.def(tactics).same_as, None);
        assert_ne!(
            lookup_def(db, tactics).map(|(_, s)| s.code),
            Some("Core-001")
        );
        // Its own reprint (Angmar Awakened hero expansion) follows it instead.
        let aah = db.by_code("AAH-001").unwrap();
        assert_eq!(db.def(aah).same_as, Some(tactics));
        assert_eq!(
            lookup_def(db, aah).map(|(_, s)| s.code),
            lookup_def(db, tactics).map(|(_, s)| s.code)
        );
    }
}
