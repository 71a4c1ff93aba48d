//! Game state: card instances, zones, players, lasting effects, and the primitive operations
//! every rule and card script is built from (move, damage, progress, threat, stats).

use super::*;

pub type CardId = u16;
pub const NO_CARD: CardId = u16::MAX;
/// Owner / controller value for encounter-side cards.
pub const ENCOUNTER: u8 = u8::MAX;

/// Where a card is. Every card is in exactly one zone; every zone has one list in `Game::lists`
/// (hosted zones share a list per kind and record their host in the card).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Zone {
    Deck(u8),
    Hand(u8),
    Discard(u8),
    /// Characters in a player's play area (heroes, allies, controlled objective-allies).
    Play(u8),
    Engaged(u8),
    EncounterDeck,
    EncounterDiscard,
    Staging,
    Active,
    QuestDeck,
    /// The main quest in play (top of the quest deck, side B up).
    Quest,
    Victory,
    SetAside,
    Removed,
    /// An event or treachery while it resolves.
    Resolving,
    /// Cards of an eliminated player (§4.2.3.4): no effect can reach them.
    Eliminated,
    Attached(CardId),
    Under(CardId),
    Shadow(CardId),
    /// The Orc deck of The Weather Hills (§8.5): face down, ordered, out of play.
    OrcDeck,
    /// The Nightmare setup card (side A) next to the quest deck, and in campaign mode the
    /// campaign card: in play, their rules active for the whole game; neither is a quest, a
    /// location nor a character.
    Nightmare,
    /// A player's captured deck (Escape from Mount Gram, RULES §8.7): face down, ordered (the
    /// last card of the shared list with this zone is the top), out of play.
    Captured(u8),
}

pub const N_PLAYER_ZONES: usize = 5;

/// Interest lists of `Game` (see `ops::note_moved`).
pub(crate) const IDX_RULE: usize = 0;
pub(crate) const IDX_GLOBAL: usize = 1;
pub(crate) const IDX_COST_MOD: usize = 2;
pub(crate) const IDX_ENGAGEMENT: usize = 3;
pub(crate) const N_INTEREST: usize = 4;
/// `CardInst::listed` bit of `Game::forced_cards` (the interest lists use bits 0..N_INTEREST).
pub(crate) const LISTED_FORCED: u8 = 1 << 7;
pub const N_LISTS: usize = 4 * N_PLAYER_ZONES + 17;

impl Zone {
    #[inline]
    pub const fn list(self) -> usize {
        // (A base per kind and the player, so that the compiler makes the kind's base a table
        // lookup rather than a jump per kind: this runs at every card move and list read.)
        let shared = 4 * N_PLAYER_ZONES;
        let (base, p) = match self {
            Zone::Deck(p) => (0, p),
            Zone::Hand(p) => (1, p),
            Zone::Discard(p) => (2, p),
            Zone::Play(p) => (3, p),
            Zone::Engaged(p) => (4, p),
            Zone::EncounterDeck => (shared, 0),
            Zone::EncounterDiscard => (shared + 1, 0),
            Zone::Staging => (shared + 2, 0),
            Zone::Active => (shared + 3, 0),
            Zone::QuestDeck => (shared + 4, 0),
            Zone::Quest => (shared + 5, 0),
            Zone::Victory => (shared + 6, 0),
            Zone::SetAside => (shared + 7, 0),
            Zone::Removed => (shared + 8, 0),
            Zone::Resolving => (shared + 9, 0),
            Zone::Eliminated => (shared + 10, 0),
            Zone::Attached(_) => (shared + 11, 0),
            Zone::Under(_) => (shared + 12, 0),
            Zone::Shadow(_) => (shared + 13, 0),
            Zone::OrcDeck => (shared + 14, 0),
            Zone::Nightmare => (shared + 15, 0),
            Zone::Captured(_) => (shared + 16, 0),
        };
        base + p as usize * N_PLAYER_ZONES
    }
    /// Is this an out-of-play pile whose contents no state-based check reads (a player's deck,
    /// hand and discard pile, the encounter deck and discard pile, an event resolving, an
    /// enemy's facedown shadow cards)? A card moved between two of them sets no `Game::dirty`
    /// (`move_card`).
    #[inline]
    pub fn quiet(self) -> bool {
        matches!(
            self,
            Zone::Deck(_)
                | Zone::Hand(_)
                | Zone::Discard(_)
                | Zone::EncounterDeck
                | Zone::EncounterDiscard
                | Zone::Resolving
                | Zone::Shadow(_)
        )
    }
    /// Is a card here in play (its text active)?
    #[inline]
    pub fn in_play(self) -> bool {
        matches!(
            self,
            Zone::Play(_)
                | Zone::Engaged(_)
                | Zone::Staging
                | Zone::Active
                | Zone::Quest
                | Zone::Attached(_)
                | Zone::Nightmare
        )
    }
    pub fn name(self) -> &'static str {
        match self {
            Zone::Deck(_) => "deck",
            Zone::Hand(_) => "hand",
            Zone::Discard(_) => "discard pile",
            Zone::Play(_) => "play area",
            Zone::Engaged(_) => "engagement area",
            Zone::EncounterDeck => "encounter deck",
            Zone::EncounterDiscard => "encounter discard pile",
            Zone::Staging => "staging area",
            Zone::Active => "active location",
            Zone::QuestDeck => "quest deck",
            Zone::Quest => "quest",
            Zone::Victory => "victory display",
            Zone::SetAside => "set aside",
            Zone::Removed => "removed from the game",
            Zone::Resolving => "resolving",
            Zone::Eliminated => "out of the game",
            Zone::Attached(_) => "attached",
            Zone::Under(_) => "underneath",
            Zone::Shadow(_) => "shadow",
            Zone::OrcDeck => "Orc deck",
            Zone::Nightmare => "Nightmare setup card",
            Zone::Captured(_) => "captured deck",
        }
    }
}

/// The script of a card's current face (`CardInst::script_ref`), `None` without one.
#[derive(Clone, Copy)]
pub struct ScriptRef(pub(crate) Option<&'static crate::cards::Script>);

impl std::fmt::Debug for ScriptRef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0.is_some() { "Some(..)" } else { "None" })
    }
}

/// One physical card in this game.
#[derive(Clone, Copy, Debug)]
pub struct CardInst {
    /// Current face.
    pub def: DefId,
    /// Index into `cards::SCRIPTS` for the current face (`NO_SCRIPT` if none).
    pub script: u16,
    /// That script itself (kept with `script` by `new_card`, `set_face` and `set_facedown`):
    /// `Game::script`, asked hundreds of thousands of times a batch, reads it without the
    /// table lookup.
    pub(crate) script_ref: ScriptRef,
    pub owner: u8,
    pub controller: u8,
    /// Who controlled it when it last left play (for "that card's controller" after it left).
    pub last_controller: u8,
    pub zone: Zone,
    pub exhausted: bool,
    pub damage: i16,
    pub progress: i16,
    pub resources: i16,
    pub time: i16,
    /// Bumped whenever the card enters play: a card that leaves and returns is a new object.
    pub gen: u16,
    /// Committed to the quest this phase.
    pub questing: bool,
    /// Enemy: has made its combat-phase attack this phase. Player: attacked this enemy (bit per seat).
    pub attacked: bool,
    pub attacked_by: u8,
    /// Uses of this copy's limited ability this round / this phase ("Limit N per round" counts
    /// per copy, RULES §5.32); reset at the start of each round / end of each phase.
    pub uses_round: u8,
    pub uses_phase: u8,
    /// A player attachment attached to an encounter card as a guarded objective by a card
    /// effect (The Burglar's Turn's loot): its own text is inactive while it is guarded (engine
    /// choice: it is an objective waiting to be claimed, not an attachment its owner uses).
    /// Cleared whenever the card moves.
    pub guarded: bool,
    /// An attachment may blank this card's printed text box (`Rule::BlanksTextOf`, Thaurdir's
    /// Legacy): `Game::script` then asks its attachments. Cleared whenever the card moves.
    pub text_blanked: bool,
    /// A player card facedown as a Reanimated Dead (RULES §8.11, `engine::reanimated`): it
    /// shows `CardDb::reanimated` (an Undead enemy with no text) until it leaves play.
    pub reanimated: bool,
    /// A face-down card in a hidden pile (a deck, a shadow card) that a player has looked at
    /// (Denethor, Henamarth Riversong, Dark Knowledge, ...): its identity and place are known,
    /// so `Game::determinize` leaves it where it is. Cleared whenever the card moves and when
    /// its pile is shuffled.
    pub seen: bool,
    /// Hooks of the current face's script (`hooks::*` bits, from the script whatever blanks or
    /// guards it now): scans skip cards without the hook they look for.
    pub(crate) hooks: u16,
    /// The type of the face `Game::def_of` shows (its current face, or the Reanimated Dead
    /// face): kept by `new_card`, `set_face` and `set_facedown`, so that `Game::ty` (asked at
    /// every turn) need not look the definition up.
    pub(crate) ty: CardType,
    /// Which per-game interest lists (`Game::index`) hold this card (bit per list).
    pub(crate) listed: u8,
    /// How many cards are attached to this one (`Zone::Attached(this)`).
    pub(crate) n_attached: u8,
    /// The staging area it belongs to while staged, active or the quest (RULES §7.6,
    /// `engine::areas`; 0 while there is one).
    pub area: u8,
    /// A captured card under an encounter or quest card (RULES §8.7, `engine::captured`):
    /// rescued when its host leaves play. Cleared whenever the card moves.
    pub captured: bool,
    /// How many `Lasting::Stat` entries of `Game::lasting` name this card (of any of its
    /// objects, `gen`): kept by `add_lasting`, the end of a lasting effect, `move_card` leaving
    /// play and `Game::clear_lasting` (speed37). At 0 no lasting effect changes its stats, and
    /// `stat_modified` / `lasting_stat_on` skip the list's scan; `check_invariants` recounts.
    pub(crate) lasting_stats: u16,
    /// The card it was just rescued from (`engine::captured`; `NO_CARD` otherwise): what
    /// "the rescued cards" of a host are to its Response (Dungeon Guard). Cleared whenever the
    /// card moves.
    pub rescued_from: CardId,
    /// The next card of this game whose current face has the same unique key
    /// (`Game::def_unique`): a ring through every such card (itself alone when it is the only
    /// one, or its face is not unique). Kept by `new_card` and `set_face`, so that
    /// `unique_in_play` visits only the copies of a title instead of every card in play.
    pub(crate) same_unique: CardId,
}

/// Bits of `CardInst::hooks`: which hooks the script of a card's current face has.
pub(crate) mod hooks {
    pub const FORCED: u16 = 1;
    pub const CAN_RESPOND: u16 = 1 << 1;
    /// `can_respond`, and usable from hand: an event, or `hand_response`.
    pub const HAND_RESPOND: u16 = 1 << 2;
    pub const CAN_ACT: u16 = 1 << 3;
    /// `can_act` with `hand_action` on a card that is not an event.
    pub const HAND_ACT: u16 = 1 << 4;
    /// `can_act` with `any_player`.
    pub const ANY_PLAYER_ACT: u16 = 1 << 5;
    pub const RULE: u16 = 1 << 6;
    pub const MODIFY: u16 = 1 << 7;
    pub const GLOBAL: u16 = 1 << 8;
    pub const COST_MOD: u16 = 1 << 9;
    pub const ENGAGEMENT_THREAT: u16 = 1 << 10;
    /// An event with `can_act` (played from hand as an Action).
    pub const EVENT_ACT: u16 = 1 << 11;
    /// An event with `can_act` and a `rule` hook (it may be played from the discard pile).
    pub const FROM_DISCARD: u16 = 1 << 12;
    /// A location whose script computes an X (Torture Chamber's quest points): its quest
    /// points can count 0 (`Game::may_explore_bare`).
    pub const X_LOCATION: u16 = 1 << 13;
    /// Not a hook: the face is an ally or objective-ally card (set with or without a script,
    /// `ops::type_hooks`), counted so that `Game::may_hold_ally` answers without a scan.
    pub const ALLY: u16 = 1 << 14;
    /// Not a hook: a character face whose printed hit points are not a number above 0 (X or
    /// none; `ops::type_hooks`). Without it (and without `MODIFY`, attachments, a global
    /// modifier of hit points or a lasting effect on hit points) an undamaged character is
    /// never destroyed: the state-based checks skip it (`Game::state_checks`).
    pub const UNSURE_HP: u16 = 1 << 15;
    /// Hooks counted per zone list (`Game::hook_counts`), in that array's order.
    pub const COUNTED: [u16; 8] = [
        EVENT_ACT,
        HAND_ACT,
        FROM_DISCARD,
        CAN_ACT,
        ANY_PLAYER_ACT,
        HAND_RESPOND,
        CAN_RESPOND,
        ALLY,
    ];
    pub const N_COUNTED: usize = COUNTED.len();
    /// Every bit of `COUNTED`.
    pub const COUNTED_MASK: u16 = {
        let mut m = 0;
        let mut i = 0;
        while i < COUNTED.len() {
            m |= COUNTED[i];
            i += 1;
        }
        m
    };
    /// For each bit position of a counted hook, its index in `COUNTED` (`counted`).
    pub const COUNTED_AT: [u8; 16] = {
        let mut t = [0u8; 16];
        let mut i = 0;
        while i < COUNTED.len() {
            t[COUNTED[i].trailing_zeros() as usize] = i as u8;
            i += 1;
        }
        t
    };
    /// Index of a bit of `COUNTED`.
    pub const fn counted(bit: u16) -> usize {
        let mut i = 0;
        while i < COUNTED.len() {
            if COUNTED[i] == bit {
                return i;
            }
            i += 1;
        }
        panic!("not a counted hook")
    }
}

pub const NO_SCRIPT: u16 = u16::MAX;

#[derive(Clone, Copy, Debug, Default)]
pub struct PlayerState {
    pub threat: i16,
    pub eliminated: bool,
    pub eliminated_by_threat: bool,
    /// Threat cost of the player's starting heroes (for score of an eliminated player).
    pub hero_threat_total: i16,
    pub mulligan_done: bool,
    /// "Limit once per round" uses keyed per player (e.g. Éowyn per player).
    pub round_flags: u32,
    /// "Limit once per game" abilities used, one bit per card (campaign boons).
    pub game_flags: u32,
    /// Stand Together: may declare any number of defenders this phase.
    pub multi_defend: bool,
    /// Heroes of his destroyed this game, and their total threat cost (for the score).
    pub dead_heroes: u8,
    pub dead_hero_threat: i16,
    /// Enemies he engaged at this encounter phase's optional engagement step.
    pub optional_engagements: u8,
    /// The next ally with trait `ally_discount_trait` he plays this phase costs this much less
    /// (Heir of Valandil); cleared when used and at the end of every phase.
    pub ally_discount: i16,
    pub ally_discount_trait: u16,
    /// The next event with a Valour trigger he plays this phase costs this much less (Hope
    /// Rekindled); cleared when such an event is paid for and at the end of every phase.
    pub valour_discount: i16,
    /// He is making an engagement check now (Hunting Pack's engagement cost reads it).
    pub checking_engagement: bool,
    /// His threat was raised this round (cleared when a round begins; Darkness in the East).
    pub threat_raised_this_round: bool,
    /// The staging area he belongs to (RULES §7.6, `engine::areas`; 0 while there is one).
    pub area: u8,
    /// An enemy considered engaged with each player (`Rule::EngagedWithEachPlayer`) has
    /// attacked him this combat phase.
    pub attacked_from_staging: bool,
    /// Event cards he played this round (counted as each finishes; Silent Guardian).
    pub events_played_round: u8,
}

/// Phases of the round.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Phase {
    Setup,
    Resource,
    Planning,
    Quest,
    Travel,
    Encounter,
    Combat,
    Refresh,
}

/// Stats a modifier can change.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Stat {
    Willpower,
    Attack,
    Defense,
    HitPoints,
    Threat,
    Engagement,
    QuestPoints,
}

/// How long a lasting effect lasts.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Until {
    EndOfAttack,
    EndOfPhase,
    EndOfRound,
}

/// What a lasting effect does to its card.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Lasting {
    Stat(Stat, i16),
    /// Does not contribute its threat (Radagast's Cunning, Secret Paths).
    NoThreat,
    /// Cannot attack player `n` (Feint, Thicket of Spears).
    CannotAttack(u8),
    /// At the end of the phase, if still the same object in play, return it to its owner's hand.
    ReturnToHandAtEndOfPhase,
    /// At the end of the phase, shuffle it into its owner's deck.
    ShuffleIntoDeckAtEndOfPhase,
    /// Discard from play at the end of the round.
    DiscardAtEndOfRound,
    /// The current quest is this card until the end of the phase.
    CurrentQuest,
    /// While it lasts (whatever card carries it), no threat is raised for questing unsuccessfully.
    NoQuestThreat,
    /// While it lasts (whatever card carries it), the quest phase is skipped.
    SkipQuestPhase,
    /// This character does not exhaust to attack or defend.
    NoExhaustInCombat,
    /// While it lasts, every ally that leaves play goes to its owner's hand instead of the
    /// discard pile (Rallying Cry's Valour Action; held by the event card itself).
    AlliesToHandInsteadOfDiscard,
    /// When the round ends, a card still in play (same object) goes back into its owner's deck,
    /// which is then shuffled.
    ShuffleIntoDeckAtEndOfRound,
    /// When the round ends, the card is removed from the game, whether it is still in play (same
    /// object) or in the victory display (Tom Bombadil's delayed effect on itself and on a Tom
    /// Bombadillo! there).
    RemoveAtEndOfRound,
    /// While it lasts, player `n` may declare attacks against this enemy in the staging area as
    /// if it were engaged with him (Charge into Battle).
    AttackableAsEngaged(u8),
    /// Raises the staging area's threat total by this much (anchored on the card that made
    /// the effect, wherever it is; Terror of the North).
    StagingThreat(i16),
    /// Gains the Sentinel keyword (Longbeard Sentry).
    Sentinel,
    /// Cannot take damage while it lasts (Gates of Carn Dûm's shadow effect).
    CannotTakeDamage,
}

impl Lasting {
    /// Can adding or ending this effect make a state-based check act? Only a change of hit
    /// points or quest points: the checks read no other lasting effect, and no script's
    /// modifier or rule reads one (test builds prove it: `Game::assert_checks_idle`). The others
    /// set no `Game::dirty`.
    #[inline]
    pub(crate) fn seen_by_checks(self) -> bool {
        matches!(self, Lasting::Stat(Stat::HitPoints | Stat::QuestPoints, _))
    }
}

#[derive(Clone, Copy, Debug)]
pub struct LastingEffect {
    pub card: CardId,
    pub gen: u16,
    pub what: Lasting,
    pub until: Until,
}

/// The attack being resolved.
#[derive(Clone, Copy, Debug)]
pub struct AttackCtx {
    pub enemy: CardId,
    pub player: u8,
    pub defenders: [CardId; 8],
    pub n_defenders: u8,
    pub destroyed_ally: bool,
    pub return_enemy: bool,
    pub immediate: bool,
    pub undefended: bool,
    pub damaged_card: CardId,
    /// A shadow effect returns the enemy to the staging area if this attack destroys an ally.
    pub return_if_destroys_ally: bool,
    /// The attack has ended (the context stays readable afterwards, e.g. for
    /// `Event::EnemyAttackEnded`); see `Game::attacking_enemy`.
    pub ended: bool,
    /// The character this attack's damage destroyed (`NO_CARD` if none).
    pub destroyed: CardId,
    /// The character the attack damaged (hero or ally) was destroyed by it.
    pub destroyed_character: bool,
    /// A shadow effect raises the defending player's threat by this much if this attack
    /// destroys a character (Ruins of Arnor).
    pub threat_if_destroys_character: i16,
    /// Damage this attack dealt (to its defender or the undefended hero).
    pub damage_dealt: i16,
    /// A card whose effect resolves at the end of this attack (before its shadow cards are
    /// discarded): its script's `resume` is called with step `AFTER_ATTACK`.
    pub after: CardId,
    /// How much of this attack's combat damage exceeds what the damaged character could still
    /// take before it (set just before that damage is dealt, so Forced effects on `Event::Damaged`
    /// can read it; a card that uses it may reset it). Undead Horde.
    pub excess_damage: i16,
    /// A shadow effect: an ally this attack would damage is captured under the attacking
    /// enemy instead (Captives of Gornákh; `Game::capture_instead_of_damage`).
    pub capture_allies: bool,
}

/// `Cont::step` a card's `resume` gets when it resolves as `AttackCtx::after`.
pub const AFTER_ATTACK: u8 = 250;

/// `Cont::step` a card's `resume` gets when it replaces the readying of the card it is attached
/// to (it answered `Rule::ReadyReplaced`): `Cont::a` is that card, `Cont::b` how many such
/// replacements already let it ready (see `Game::ready`); the script readies it, or not, with
/// `Game::ready_after_replacement`.
pub const WOULD_READY: u8 = 249;

/// `Cont::step` an enemy's `resume` gets when its text replaces an attack it would make
/// (`Rule::AttackReplaced`): `Cont::player` is the player it would attack.
pub const WOULD_ATTACK: u8 = 248;

/// `Cont::step` a card's `resume` gets when it replaces a draw (`Rule::DrawReplaced`):
/// `Cont::player` is the player, `Cont::a` how many cards he would draw.
pub const WOULD_DRAW: u8 = 247;

impl AttackCtx {
    pub fn new(enemy: CardId, player: u8, immediate: bool) -> Self {
        AttackCtx {
            enemy,
            player,
            defenders: [NO_CARD; 8],
            n_defenders: 0,
            destroyed_ally: false,
            return_enemy: false,
            immediate,
            undefended: false,
            damaged_card: NO_CARD,
            return_if_destroys_ally: false,
            ended: false,
            destroyed: NO_CARD,
            destroyed_character: false,
            threat_if_destroys_character: 0,
            damage_dealt: 0,
            after: NO_CARD,
            excess_damage: 0,
            capture_allies: false,
        }
    }
    pub fn defenders(&self) -> &[CardId] {
        &self.defenders[..self.n_defenders as usize]
    }
}

/// The attack a player is making.
#[derive(Clone, Copy, Debug)]
pub struct PlayerAttackCtx {
    pub enemy: CardId,
    pub player: u8,
    pub attackers: [CardId; 16],
    pub n_attackers: u8,
}

impl PlayerAttackCtx {
    pub fn attackers(&self) -> &[CardId] {
        &self.attackers[..self.n_attackers as usize]
    }
}
