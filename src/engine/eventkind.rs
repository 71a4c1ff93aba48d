//! Event kinds and masks: which events a card's Forced effect or Response answers, so that
//! `fire` visits only the cards that listen for the event at hand (`Script::forced_on`,
//! `Script::respond_on`).

use super::Event;

/// The kind of an `Event`, without its data: one bit of an `EventMask`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(u8)]
pub enum EventKind {
    PhaseBegin,
    PhaseEnd,
    RoundEnd,
    EntersPlay,
    Played,
    Committed,
    Revealed,
    Revealing,
    Engaged,
    CancelWhenRevealed,
    CancelShadow,
    Damaged,
    Destroyed,
    LeftPlay,
    DefenderDeclared,
    Traveled,
    AttackDestroyed,
    EnemyAttackEnded,
    StagingEnded,
    TimeRanOut,
    SideQuestDefeated,
    FirstPlayerChanged,
    Explored,
    CancelDamage,
    WhenRevealedCanceled,
    DeckDiscarded,
    EnemyAttacks,
    Triggered,
    Exploring,
    DiscardedFromHand,
    Readied,
    ProgressPlaced,
    AttackerDeclared,
    DiscardedFromPlay,
    QuestDefeated,
    ThreatElimination,
    HostDestroyed,
    Healed,
    Unguarded,
    Flipped,
    BecameDay,
    BecameNight,
    TookControl,
    LostControl,
    ThreatRaised,
    BecameCurrentQuest,
    ResourcesSpent,
    ShadowDealt,
    ThreatRaisedByEncounter,
    Rescued,
    ThreatReduced,
    Captured,
    ReturnedToStaging,
}

/// A set of event kinds (bit `EventKind as u8`): the events a card's Forced effect or Response
/// answers (`Script::forced_on`, `Script::respond_on`). Build one with `events![...]`.
pub type EventMask = u64;

/// Every event kind: the conservative default of a script that declares nothing.
pub const ALL_EVENTS: EventMask = u64::MAX;

impl EventKind {
    /// Every kind, in declaration order.
    pub const ALL: [EventKind; 53] = [
        EventKind::PhaseBegin,
        EventKind::PhaseEnd,
        EventKind::RoundEnd,
        EventKind::EntersPlay,
        EventKind::Played,
        EventKind::Committed,
        EventKind::Revealed,
        EventKind::Revealing,
        EventKind::Engaged,
        EventKind::CancelWhenRevealed,
        EventKind::CancelShadow,
        EventKind::Damaged,
        EventKind::Destroyed,
        EventKind::LeftPlay,
        EventKind::DefenderDeclared,
        EventKind::Traveled,
        EventKind::AttackDestroyed,
        EventKind::EnemyAttackEnded,
        EventKind::StagingEnded,
        EventKind::TimeRanOut,
        EventKind::SideQuestDefeated,
        EventKind::FirstPlayerChanged,
        EventKind::Explored,
        EventKind::CancelDamage,
        EventKind::WhenRevealedCanceled,
        EventKind::DeckDiscarded,
        EventKind::EnemyAttacks,
        EventKind::Triggered,
        EventKind::Exploring,
        EventKind::DiscardedFromHand,
        EventKind::Readied,
        EventKind::ProgressPlaced,
        EventKind::AttackerDeclared,
        EventKind::DiscardedFromPlay,
        EventKind::QuestDefeated,
        EventKind::ThreatElimination,
        EventKind::HostDestroyed,
        EventKind::Healed,
        EventKind::Unguarded,
        EventKind::Flipped,
        EventKind::BecameDay,
        EventKind::BecameNight,
        EventKind::TookControl,
        EventKind::LostControl,
        EventKind::ThreatRaised,
        EventKind::BecameCurrentQuest,
        EventKind::ResourcesSpent,
        EventKind::ShadowDealt,
        EventKind::ThreatRaisedByEncounter,
        EventKind::Rescued,
        EventKind::ThreatReduced,
        EventKind::Captured,
        EventKind::ReturnedToStaging,
    ];

    /// This kind's bit in an `EventMask`.
    pub const fn bit(self) -> EventMask {
        1 << self as u8
    }
}

impl Event {
    /// The event's kind.
    pub const fn kind(self) -> EventKind {
        match self {
            Event::PhaseBegin(_) => EventKind::PhaseBegin,
            Event::PhaseEnd(_) => EventKind::PhaseEnd,
            Event::RoundEnd => EventKind::RoundEnd,
            Event::EntersPlay(_) => EventKind::EntersPlay,
            Event::Played(_) => EventKind::Played,
            Event::Committed(_) => EventKind::Committed,
            Event::Revealed(_, _) => EventKind::Revealed,
            Event::Revealing(_, _) => EventKind::Revealing,
            Event::Engaged(_, _) => EventKind::Engaged,
            Event::CancelWhenRevealed(_) => EventKind::CancelWhenRevealed,
            Event::CancelShadow(_) => EventKind::CancelShadow,
            Event::Damaged(_, _) => EventKind::Damaged,
            Event::Destroyed(_) => EventKind::Destroyed,
            Event::LeftPlay(_) => EventKind::LeftPlay,
            Event::DefenderDeclared(_, _) => EventKind::DefenderDeclared,
            Event::Traveled(_) => EventKind::Traveled,
            Event::AttackDestroyed(_) => EventKind::AttackDestroyed,
            Event::EnemyAttackEnded(_) => EventKind::EnemyAttackEnded,
            Event::StagingEnded => EventKind::StagingEnded,
            Event::TimeRanOut(_) => EventKind::TimeRanOut,
            Event::SideQuestDefeated(_) => EventKind::SideQuestDefeated,
            Event::FirstPlayerChanged(_) => EventKind::FirstPlayerChanged,
            Event::Explored(_, _) => EventKind::Explored,
            Event::CancelDamage(_, _) => EventKind::CancelDamage,
            Event::WhenRevealedCanceled(_) => EventKind::WhenRevealedCanceled,
            Event::DeckDiscarded(_, _) => EventKind::DeckDiscarded,
            Event::EnemyAttacks(_, _) => EventKind::EnemyAttacks,
            Event::Triggered(_, _) => EventKind::Triggered,
            Event::Exploring(_) => EventKind::Exploring,
            Event::DiscardedFromHand(_) => EventKind::DiscardedFromHand,
            Event::Readied(_) => EventKind::Readied,
            Event::ProgressPlaced(_, _) => EventKind::ProgressPlaced,
            Event::AttackerDeclared(_, _) => EventKind::AttackerDeclared,
            Event::DiscardedFromPlay(_) => EventKind::DiscardedFromPlay,
            Event::QuestDefeated(_) => EventKind::QuestDefeated,
            Event::ThreatElimination(_) => EventKind::ThreatElimination,
            Event::HostDestroyed(_, _) => EventKind::HostDestroyed,
            Event::Healed(_, _) => EventKind::Healed,
            Event::Unguarded(_) => EventKind::Unguarded,
            Event::Flipped(_) => EventKind::Flipped,
            Event::BecameDay => EventKind::BecameDay,
            Event::BecameNight => EventKind::BecameNight,
            Event::TookControl(_, _) => EventKind::TookControl,
            Event::LostControl(_, _) => EventKind::LostControl,
            Event::ThreatRaised(_, _) => EventKind::ThreatRaised,
            Event::BecameCurrentQuest(_) => EventKind::BecameCurrentQuest,
            Event::ResourcesSpent(_) => EventKind::ResourcesSpent,
            Event::ShadowDealt(_) => EventKind::ShadowDealt,
            Event::ThreatRaisedByEncounter(_) => EventKind::ThreatRaisedByEncounter,
            Event::Rescued(..) => EventKind::Rescued,
            Event::ThreatReduced(..) => EventKind::ThreatReduced,
            Event::Captured(..) => EventKind::Captured,
            Event::ReturnedToStaging(_) => EventKind::ReturnedToStaging,
        }
    }

    /// The event's kind's bit in an `EventMask`.
    #[inline(always)]
    pub const fn bit(self) -> EventMask {
        self.kind().bit()
    }
}

/// The `EventMask` of the listed `EventKind`s: `events![Committed, Damaged]`.
#[macro_export]
macro_rules! events {
    ($($k:ident),* $(,)?) => {
        0 $(| $crate::engine::EventKind::$k.bit())*
    };
}

/// Per game, which events anything listens for: `fire` skips the Forced pass, or the Responses
/// check, of an event no card answers.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Listeners {
    /// The union of `Script::forced_on` over `Game::forced_cards` (recomputed whenever that list
    /// changes).
    pub forced: EventMask,
    /// The union of `Script::respond_on` over every script with a Response that a card of this
    /// game has had as its face (it only grows: a superset of what could respond now).
    pub respond: EventMask,
    /// The union of `Script::rule_on` over the current faces of the cards in play with a
    /// `rule` hook (`Game::interest[IDX_RULE]`; recomputed whenever that list or a listed
    /// card's face changes): `Game::rule` answers any other question `false` at once.
    pub rules: crate::cards::RuleMask,
    /// Per zone list a Responses check scans (`RESP_SLOTS`: each player's hand and play area,
    /// and the attachments), a superset of the `Script::respond_on` masks of its cards with a
    /// Response hook, valid while the slot's bit of `resp_stale` is clear. Any change of those
    /// cards in the list (`Game::count_hooks`) marks it stale; `Game::refresh_responders`
    /// recomputes it. A stale slot is scanned as if every event could be answered there.
    pub resp_in: [EventMask; RESP_SLOTS],
    /// Slots of `resp_in` to recompute (bit `1 << slot`).
    pub resp_stale: u16,
    /// The union of `Script::global_on` over the current faces of `Game::interest[IDX_GLOBAL]`
    /// (`GlobalScope::ALL` for a listed card with no script; recomputed whenever that list or a
    /// listed card's face changes): the stats some global modifier in play may change.
    pub global: crate::cards::GlobalScope,
    /// The union of the hooks (`CardInst::hooks`) of every face a card of this game has had
    /// (it only grows): an action window skips the scans for a hook no card ever had.
    pub hooks_seen: u16,
    /// Whether a face a card of this game has had shows archery (the keyword, or a script's
    /// `archery` hook; it only grows): without it the combat phase's archery total is 0 and is
    /// not summed over the cards in play.
    pub archery_seen: bool,
    /// speed28: the union of the hint kinds (`Hint::kinds`) of every face a card of this game
    /// has had, with its original printing's script (it only grows; all cards are created at
    /// set-up, so it holds every card that can enter play): `basic` skips a scan for a hint
    /// kind outside it (`Game::may_hint`).
    pub hints_seen: crate::cards::hints::HintSet,
}

/// Zone lists with a Responses mask (`Listeners::resp_in`): 4 hands, 4 play areas, the
/// attachments.
pub(crate) const RESP_SLOTS: usize = 9;

/// Every `resp_in` slot stale.
const ALL_STALE: u16 = (1 << RESP_SLOTS) - 1;

impl Listeners {
    pub const NONE: Listeners = Listeners {
        forced: 0,
        respond: 0,
        rules: 0,
        resp_in: [0; RESP_SLOTS],
        resp_stale: ALL_STALE,
        global: crate::cards::GlobalScope::NONE,
        hooks_seen: 0,
        archery_seen: false,
        hints_seen: 0,
    };
}

impl Default for Listeners {
    fn default() -> Self {
        Listeners::NONE
    }
}

/// The `Listeners::resp_in` slot of a zone list, if it has one.
#[inline]
pub(crate) fn resp_slot(z: super::Zone) -> Option<usize> {
    match z {
        super::Zone::Hand(p) => Some(p as usize),
        super::Zone::Play(p) => Some(4 + p as usize),
        super::Zone::Attached(_) => Some(8),
        _ => None,
    }
}

/// The `Listeners::resp_in` slot of zone list `list` (`Zone::list`), if it has one.
#[inline]
pub(crate) fn resp_slot_of_list(list: usize) -> Option<usize> {
    (0..RESP_SLOTS).find(|&s| slot_zone(s).list() == list)
}

/// The zone list of a `Listeners::resp_in` slot.
pub(crate) fn slot_zone(slot: usize) -> super::Zone {
    match slot {
        0..=3 => super::Zone::Hand(slot as u8),
        4..=7 => super::Zone::Play(slot as u8 - 4),
        _ => super::Zone::Attached(0),
    }
}
