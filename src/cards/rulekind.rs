//! Rule kinds and masks: which rule questions a card's `rule` hook answers (`Script::rule_on`),
//! so that `Game::rule` asks only the cards that may answer, and answers a question no card in
//! play declares at once (`Listeners::rules`, the union over the cards in play with a rule hook).

use super::Rule;

/// The kind of a `Rule`, without its data: one bit of a `RuleMask`. `Other` stands for any
/// question not listed here yet (a variant added to `Rule` without its kind): every mask that
/// is not the default leaves it out, so only default-mask scripts are asked it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(u8)]
pub enum RuleKind {
    NoEngagementChecks,
    CannotWin,
    CannotReduceThreat,
    CannotTakeDamage,
    CannotHaveAttachments,
    CannotDefeat,
    QuestProgressCap3,
    GainsSurge,
    CannotAttack,
    GainsTrait,
    GainsIcon,
    AttacksStagingAlone,
    CannotBeHealed,
    BlanksDamagedCharacters,
    EmptyDeckEliminates,
    DiscardPileLocked,
    CannotDefend,
    CannotBeEngaged,
    ExtraResource,
    PlayFromDiscard,
    BecomesHero,
    CannotHaveRestricted,
    MayCancelDamage,
    CommitsWithoutExhausting,
    CollectsExtraResource,
    ExtraOptionalEngagement,
    CannotReduceStat,
    CannotBeOptionallyEngaged,
    CannotPlaceProgress,
    CannotBeCanceled,
    WhenRevealedCannotBeCanceled,
    ReadyReplaced,
    ItIsDay,
    ItIsNight,
    TimeCannotBecomeDay,
    QuestProgressCap5,
    ExploredLocationsControlled,
    PlayerCardsCannotPlaceProgress,
    SavedFromDestruction,
    CapturesAlliesItWouldDamage,
    RescuedMayEnterPlay,
    RescuedItemsOnly,
    CollectsNoResources,
    CannotFightEnemy,
    GainsDoomed,
    QuestsGainBattle,
    LosesIndestructible,
    KeepUnresolvedShadows,
    EngagedWithEachPlayer,
    BlankShadowsRaiseThreat,
    ReducesQuestProgress,
    ThreatPerResourceSpent,
    FlipsWhenDefeated,
    CannotBeCurrentQuest,
    DivertsQuestProgress,
    UndeadBackOnEncounterReset,
    CannotBeAttackedBy,
    ImmuneToPlayerCards,
    AttackReplaced,
    DrawReplaced,
    SorceryShadowsRevealed,
    MustCommit,
    MustTravelHere,
    HeroesGainNoResources,
    NoDrawByEffects,
    BlanksTextOf,
    CannotCommit,
    DiscardsHostWithIt,
    BackToStagingWhenHostLeaves,
    GainsIndestructible,
    QuestProgressToStagingLocations,
    Other,
}

/// A set of rule kinds (bit `RuleKind::bit`): the questions a card's `rule` hook may answer
/// `true` to (`Script::rule_on`). Build one with `rules![...]`.
pub type RuleMask = u64;

/// The bit the rarest kinds share (`RuleKind::bit`): 72 kinds do not fit 64 bits one each.
pub const SHARED_BIT: u8 = 62;

/// `RuleKind::bit` of each kind, by `RuleKind as usize`.
const KIND_BITS: [RuleMask; RuleKind::ALL.len()] = {
    let mut bits = [0; RuleKind::ALL.len()];
    let mut k = 0;
    while k < bits.len() {
        bits[k] = if k == RuleKind::Other as usize {
            1 << 63
        } else if k >= SHARED_BIT as usize {
            1 << SHARED_BIT
        } else {
            1 << k
        };
        k += 1;
    }
    bits
};

/// Every rule kind: the conservative default of a script that declares nothing.
pub const ALL_RULES: RuleMask = u64::MAX;

impl RuleKind {
    /// Every kind, in declaration order (`Other` last).
    pub const ALL: [RuleKind; 72] = [
        RuleKind::NoEngagementChecks,
        RuleKind::CannotWin,
        RuleKind::CannotReduceThreat,
        RuleKind::CannotTakeDamage,
        RuleKind::CannotHaveAttachments,
        RuleKind::CannotDefeat,
        RuleKind::QuestProgressCap3,
        RuleKind::GainsSurge,
        RuleKind::CannotAttack,
        RuleKind::GainsTrait,
        RuleKind::GainsIcon,
        RuleKind::AttacksStagingAlone,
        RuleKind::CannotBeHealed,
        RuleKind::BlanksDamagedCharacters,
        RuleKind::EmptyDeckEliminates,
        RuleKind::DiscardPileLocked,
        RuleKind::CannotDefend,
        RuleKind::CannotBeEngaged,
        RuleKind::ExtraResource,
        RuleKind::PlayFromDiscard,
        RuleKind::BecomesHero,
        RuleKind::CannotHaveRestricted,
        RuleKind::MayCancelDamage,
        RuleKind::CommitsWithoutExhausting,
        RuleKind::CollectsExtraResource,
        RuleKind::ExtraOptionalEngagement,
        RuleKind::CannotReduceStat,
        RuleKind::CannotBeOptionallyEngaged,
        RuleKind::CannotPlaceProgress,
        RuleKind::CannotBeCanceled,
        RuleKind::WhenRevealedCannotBeCanceled,
        RuleKind::ReadyReplaced,
        RuleKind::ItIsDay,
        RuleKind::ItIsNight,
        RuleKind::TimeCannotBecomeDay,
        RuleKind::QuestProgressCap5,
        RuleKind::ExploredLocationsControlled,
        RuleKind::PlayerCardsCannotPlaceProgress,
        RuleKind::SavedFromDestruction,
        RuleKind::CapturesAlliesItWouldDamage,
        RuleKind::RescuedMayEnterPlay,
        RuleKind::RescuedItemsOnly,
        RuleKind::CollectsNoResources,
        RuleKind::CannotFightEnemy,
        RuleKind::GainsDoomed,
        RuleKind::QuestsGainBattle,
        RuleKind::LosesIndestructible,
        RuleKind::KeepUnresolvedShadows,
        RuleKind::EngagedWithEachPlayer,
        RuleKind::BlankShadowsRaiseThreat,
        RuleKind::ReducesQuestProgress,
        RuleKind::ThreatPerResourceSpent,
        RuleKind::FlipsWhenDefeated,
        RuleKind::CannotBeCurrentQuest,
        RuleKind::DivertsQuestProgress,
        RuleKind::UndeadBackOnEncounterReset,
        RuleKind::CannotBeAttackedBy,
        RuleKind::ImmuneToPlayerCards,
        RuleKind::AttackReplaced,
        RuleKind::DrawReplaced,
        RuleKind::SorceryShadowsRevealed,
        RuleKind::MustCommit,
        RuleKind::MustTravelHere,
        RuleKind::HeroesGainNoResources,
        RuleKind::NoDrawByEffects,
        RuleKind::BlanksTextOf,
        RuleKind::CannotCommit,
        RuleKind::DiscardsHostWithIt,
        RuleKind::BackToStagingWhenHostLeaves,
        RuleKind::GainsIndestructible,
        RuleKind::QuestProgressToStagingLocations,
        RuleKind::Other,
    ];

    /// This kind's bit in a `RuleMask`. The kinds from `SHARED_BIT` on (but `Other`) share
    /// that bit: a mask holding it may answer any of them, so a question of one of those kinds
    /// asks every card that declares any of them (a superset, never fewer). `Other` keeps the
    /// last bit of its own.
    #[inline(always)]
    pub const fn bit(self) -> RuleMask {
        // (A table: `Game::rule` computes the bit of a question it did not see inlined.)
        KIND_BITS[self as usize]
    }
}

impl Rule {
    /// The question's kind.
    #[inline(always)]
    pub const fn kind(self) -> RuleKind {
        // (The last arm keeps a `Rule` variant added elsewhere compiling: it is asked of
        // default-mask scripts only until it gets its kind here.)
        #[allow(unreachable_patterns)]
        match self {
            Rule::NoEngagementChecks => RuleKind::NoEngagementChecks,
            Rule::CannotWin => RuleKind::CannotWin,
            Rule::CannotReduceThreat(..) => RuleKind::CannotReduceThreat,
            Rule::CannotTakeDamage(..) => RuleKind::CannotTakeDamage,
            Rule::CannotHaveAttachments(..) => RuleKind::CannotHaveAttachments,
            Rule::CannotDefeat(..) => RuleKind::CannotDefeat,
            Rule::QuestProgressCap3 => RuleKind::QuestProgressCap3,
            Rule::GainsSurge(..) => RuleKind::GainsSurge,
            Rule::CannotAttack(..) => RuleKind::CannotAttack,
            Rule::GainsTrait(..) => RuleKind::GainsTrait,
            Rule::GainsIcon(..) => RuleKind::GainsIcon,
            Rule::AttacksStagingAlone(..) => RuleKind::AttacksStagingAlone,
            Rule::CannotBeHealed(..) => RuleKind::CannotBeHealed,
            Rule::BlanksDamagedCharacters => RuleKind::BlanksDamagedCharacters,
            Rule::EmptyDeckEliminates => RuleKind::EmptyDeckEliminates,
            Rule::DiscardPileLocked(..) => RuleKind::DiscardPileLocked,
            Rule::CannotDefend(..) => RuleKind::CannotDefend,
            Rule::CannotBeEngaged(..) => RuleKind::CannotBeEngaged,
            Rule::ExtraResource(..) => RuleKind::ExtraResource,
            Rule::PlayFromDiscard(..) => RuleKind::PlayFromDiscard,
            Rule::BecomesHero(..) => RuleKind::BecomesHero,
            Rule::CannotHaveRestricted(..) => RuleKind::CannotHaveRestricted,
            Rule::MayCancelDamage(..) => RuleKind::MayCancelDamage,
            Rule::CommitsWithoutExhausting(..) => RuleKind::CommitsWithoutExhausting,
            Rule::CollectsExtraResource(..) => RuleKind::CollectsExtraResource,
            Rule::ExtraOptionalEngagement(..) => RuleKind::ExtraOptionalEngagement,
            Rule::CannotReduceStat(..) => RuleKind::CannotReduceStat,
            Rule::CannotBeOptionallyEngaged(..) => RuleKind::CannotBeOptionallyEngaged,
            Rule::CannotPlaceProgress(..) => RuleKind::CannotPlaceProgress,
            Rule::CannotBeCanceled(..) => RuleKind::CannotBeCanceled,
            Rule::WhenRevealedCannotBeCanceled => RuleKind::WhenRevealedCannotBeCanceled,
            Rule::ReadyReplaced(..) => RuleKind::ReadyReplaced,
            Rule::ItIsDay => RuleKind::ItIsDay,
            Rule::ItIsNight => RuleKind::ItIsNight,
            Rule::TimeCannotBecomeDay => RuleKind::TimeCannotBecomeDay,
            Rule::QuestProgressCap5 => RuleKind::QuestProgressCap5,
            Rule::ExploredLocationsControlled => RuleKind::ExploredLocationsControlled,
            Rule::PlayerCardsCannotPlaceProgress(..) => RuleKind::PlayerCardsCannotPlaceProgress,
            Rule::SavedFromDestruction(..) => RuleKind::SavedFromDestruction,
            Rule::CapturesAlliesItWouldDamage(..) => RuleKind::CapturesAlliesItWouldDamage,
            Rule::RescuedMayEnterPlay(..) => RuleKind::RescuedMayEnterPlay,
            Rule::RescuedItemsOnly(..) => RuleKind::RescuedItemsOnly,
            Rule::CollectsNoResources(..) => RuleKind::CollectsNoResources,
            Rule::CannotFightEnemy(..) => RuleKind::CannotFightEnemy,
            Rule::GainsDoomed(..) => RuleKind::GainsDoomed,
            Rule::QuestsGainBattle => RuleKind::QuestsGainBattle,
            Rule::LosesIndestructible(..) => RuleKind::LosesIndestructible,
            Rule::KeepUnresolvedShadows => RuleKind::KeepUnresolvedShadows,
            Rule::EngagedWithEachPlayer(..) => RuleKind::EngagedWithEachPlayer,
            Rule::BlankShadowsRaiseThreat => RuleKind::BlankShadowsRaiseThreat,
            Rule::ReducesQuestProgress(..) => RuleKind::ReducesQuestProgress,
            Rule::ThreatPerResourceSpent => RuleKind::ThreatPerResourceSpent,
            Rule::FlipsWhenDefeated(..) => RuleKind::FlipsWhenDefeated,
            Rule::CannotBeCurrentQuest(..) => RuleKind::CannotBeCurrentQuest,
            Rule::DivertsQuestProgress(..) => RuleKind::DivertsQuestProgress,
            Rule::UndeadBackOnEncounterReset => RuleKind::UndeadBackOnEncounterReset,
            Rule::CannotBeAttackedBy(..) => RuleKind::CannotBeAttackedBy,
            Rule::ImmuneToPlayerCards(..) => RuleKind::ImmuneToPlayerCards,
            Rule::AttackReplaced(..) => RuleKind::AttackReplaced,
            Rule::DrawReplaced(..) => RuleKind::DrawReplaced,
            Rule::MustTravelHere(..) => RuleKind::MustTravelHere,
            Rule::HeroesGainNoResources => RuleKind::HeroesGainNoResources,
            Rule::NoDrawByEffects => RuleKind::NoDrawByEffects,
            Rule::BlanksTextOf(..) => RuleKind::BlanksTextOf,
            Rule::CannotCommit(..) => RuleKind::CannotCommit,
            Rule::DiscardsHostWithIt(..) => RuleKind::DiscardsHostWithIt,
            Rule::BackToStagingWhenHostLeaves(..) => RuleKind::BackToStagingWhenHostLeaves,
            Rule::GainsIndestructible(..) => RuleKind::GainsIndestructible,
            Rule::MustCommit(..) => RuleKind::MustCommit,
            Rule::SorceryShadowsRevealed(..) => RuleKind::SorceryShadowsRevealed,
            Rule::QuestProgressToStagingLocations => RuleKind::QuestProgressToStagingLocations,
            _ => RuleKind::Other,
        }
    }

    /// The question's kind's bit in a `RuleMask`.
    #[inline(always)]
    pub const fn bit(self) -> RuleMask {
        self.kind().bit()
    }
}

/// The `RuleMask` of the listed `RuleKind`s: `rules![CannotWin, CannotTakeDamage]`.
#[macro_export]
macro_rules! rules {
    ($($k:ident),* $(,)?) => {
        0 $(| $crate::cards::RuleKind::$k.bit())*
    };
}
