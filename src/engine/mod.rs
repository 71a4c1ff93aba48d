//! The rules engine: a resumable state machine (`Game`) that stops at every decision.
//!
//! `Game::start` sets up a game from (master seed, game index); `pending()` is the decision the
//! engine waits for; `apply(i)` answers it with option `i` and runs until the next decision or
//! the end. Where the game is in the round, and every half-resolved effect, live in `Game::stack`
//! (a stack of `Frame`s), so `Game` is `Clone` at any decision and a game is a pure function of
//! its seeds and its answers.

mod areas;
mod captured;
pub use areas::AreaState;
pub use captured::RESCUED_ENTER_PLAY;
mod check;
mod clone;
mod control;
mod determinize;
mod effects;
#[cfg(test)]
mod elim_tests;
mod eventkind;
mod events;
mod flow;
mod investigation;
#[cfg(test)]
mod memo_tests;
mod ops;
mod options;
mod query;
mod reanimated;
#[cfg(test)]
mod rules_tests;
mod safe;
#[cfg(test)]
mod shortcut_tests;
pub use safe::safe_rule;
mod smallids;
mod state;
mod time_of_day;

pub use determinize::GameBuf;
pub use eventkind::{EventKind, EventMask, ALL_EVENTS};
pub use flow::Step;
pub use options::RuleOptions;
pub use smallids::SmallIds;
pub use state::*;

use crate::data::{CardDb, CardType, DefId, Mode};
use crate::decklist::Deck;
use crate::record::{GameRecord, Outcome, MAX_PLAYERS};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

/// Everything fixed for a batch: scenario, mode, one deck per seat, options.
#[derive(Clone, Debug)]
pub struct GameSetup {
    /// Index into `CardDb::scenarios`.
    pub scenario: usize,
    pub mode: Mode,
    pub decks: Vec<Deck>,
    pub options: RuleOptions,
    /// Round cap (≤ `record::MAX_ROUNDS`); reaching it is its own outcome.
    pub max_rounds: u16,
    /// Play cards whose abilities are not implemented as if blank (counted and reported).
    pub allow_unimplemented: bool,
}

impl GameSetup {
    /// Check what the engine needs before a game can start (RULES §2.1, §1.5.2): 1–4 players,
    /// 1–3 heroes each, no hero title twice in the game, a round cap within `MAX_ROUNDS`.
    pub fn validate(&self, db: &CardDb) -> Result<(), String> {
        let n = self.decks.len();
        if !(1..=MAX_PLAYERS).contains(&n) {
            return Err(format!("{n} players: the game takes 1 to 4"));
        }
        if self.max_rounds == 0 || self.max_rounds as usize > crate::record::MAX_ROUNDS {
            return Err(format!(
                "round cap {} must be 1..={}",
                self.max_rounds,
                crate::record::MAX_ROUNDS
            ));
        }
        if let Some(f) = self.options.first_player {
            if f as usize >= n {
                return Err(format!(
                    "rule first_player={} names a seat that does not exist in a {n}-player game",
                    f + 1
                ));
            }
        }
        // A Nightmare setup card may cap each deck's size (Deadmen's Dike Nightmare).
        let max_deck = match (self.mode, db.scenarios.get(self.scenario)) {
            (Mode::Nightmare, Some(sc)) => sc
                .nightmare_setup
                .and_then(|n| crate::cards::lookup_def(db, n))
                .map(|(_, s)| s.max_deck as usize)
                .unwrap_or(0),
            _ => 0,
        };
        let mut seen: Vec<(&str, usize)> = Vec::new();
        for (seat, d) in self.decks.iter().enumerate() {
            // A contract starts in play: it is not one of the deck's cards.
            let size = d
                .cards
                .iter()
                .filter(|&&c| db.def(c).ty != CardType::Contract)
                .count();
            if max_deck > 0 && size > max_deck {
                return Err(format!(
                    "deck `{}` (seat {}) has {} cards; {} in Nightmare mode allows at most {max_deck}",
                    d.name,
                    seat + 1,
                    size,
                    db.scenarios[self.scenario].title
                ));
            }
            if d.heroes.is_empty() || d.heroes.len() > 3 {
                return Err(format!(
                    "deck `{}` (seat {}) has {} heroes; a player starts with 1 to 3",
                    d.name,
                    seat + 1,
                    d.heroes.len()
                ));
            }
            if d.cards.is_empty() {
                return Err(format!(
                    "deck `{}` (seat {}) has heroes but no cards to draw",
                    d.name,
                    seat + 1
                ));
            }
            // The Burglar's Turn: its loot deck, and no attachments in the deck.
            if let Some(m) = crate::decklist::loot_problems(d, db) {
                return Err(format!("deck `{}` (seat {}): {m}", d.name, seat + 1));
            }
            // At most 3 copies of a card by title (RULES §2.1.1).
            for (i, &c) in d.cards.iter().enumerate() {
                let t = &db.def(c).title;
                if d.cards[..i].iter().any(|&x| &db.def(x).title == t) {
                    continue;
                }
                let n = d.cards.iter().filter(|&&x| &db.def(x).title == t).count();
                if n > 3 {
                    return Err(format!(
                        "deck `{}` (seat {}) has {n} copies of {t}; a deck may hold at most 3 copies of a card",
                        d.name,
                        seat + 1
                    ));
                }
            }
            for &h in &d.heroes {
                let t = db.def(h).title.as_str();
                if let Some(&(_, other)) = seen.iter().find(|(x, _)| *x == t) {
                    return Err(format!(
                        "hero {t} is in deck `{}` (seat {}) and in seat {}'s deck: heroes are unique across all players; give one seat another deck",
                        d.name,
                        seat + 1,
                        other + 1
                    ));
                }
                seen.push((t, seat));
            }
        }
        Ok(())
    }
}

/// What a decision is about. Bots read this to know what they are choosing.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Ask {
    /// Keep (No) or mulligan (Yes) the opening hand.
    Mulligan,
    /// An action window: play an event / use an ability, or pass.
    Action(Phase),
    /// The active player's planning window: also allies, attachments, side quests.
    Planning,
    /// Commit one more character (Card) or stop (Done).
    Commit,
    /// Choose the current quest at the beginning of the quest phase.
    CurrentQuest,
    /// Engage one enemy from the staging area (Card) or not (Pass).
    OptionalEngage,
    /// Several enemies tie in an engagement check: which engages.
    EngageTie,
    /// Travel to a location (Card) or not (Pass).
    Travel,
    /// Which engaged enemy attacks next.
    AttackingEnemy,
    /// Declare a defender against `enemy` (Card) or leave it undefended (Undefended / Done).
    Defender { enemy: CardId },
    /// Which hero takes undefended damage.
    UndefendedHero { enemy: CardId, damage: i16 },
    /// Which of several defenders takes the damage.
    DefenderTakesDamage { enemy: CardId, damage: i16 },
    /// Declare an attack against an enemy (Card) or stop attacking (Done).
    AttackTarget,
    /// Add an attacker (Card) or finish declaring (Done).
    Attacker { enemy: CardId },
    /// Assign one archery damage.
    Archery,
    /// Use a response (Activate) or not (Pass) after `event`.
    Response(Event),
    /// A card's own choice; `card` is the card resolving, `what` its prompt number.
    Effect { card: CardId, what: u8 },
}

/// One option of a decision.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Opt {
    Pass,
    Done,
    Yes,
    No,
    Undefended,
    Card(CardId),
    Player(u8),
    /// A numbered choice (modes of an effect).
    Mode(u8),
    /// Play this card from hand.
    Play(CardId),
    /// Use this card's ability (action or response).
    Activate(CardId),
}

/// A decision the engine waits for. `options` is never empty.
#[derive(Clone, Debug)]
pub struct Decision {
    pub player: u8,
    pub ask: Ask,
    pub options: Vec<Opt>,
}

/// Game events that Forced effects and Responses hook into (RULES.md Appendix B).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Event {
    PhaseBegin(Phase),
    PhaseEnd(Phase),
    RoundEnd,
    /// A card entered play (played or put into play).
    EntersPlay(CardId),
    /// A player played this card from hand (after it resolved / entered play).
    Played(CardId),
    /// A character was committed to the quest.
    Committed(CardId),
    /// An encounter card was revealed and resolved (after-revealed point); `true` if it came
    /// from the encounter deck.
    Revealed(CardId, bool),
    /// A card is being revealed: it has just entered play (staging area) or is resolving, before
    /// its when-revealed effects; `true` if it came from the encounter deck.
    Revealing(CardId, bool),
    /// Enemy `.0` engaged player `.1` (by any means; RULES §3.5.6).
    Engaged(CardId, u8),
    /// The moment to cancel the when-revealed effects of this just revealed card.
    CancelWhenRevealed(CardId),
    /// The moment to cancel this shadow effect before it resolves.
    CancelShadow(CardId),
    /// A card suffered damage (amount).
    Damaged(CardId, i16),
    /// A character or enemy was destroyed (it is now out of play).
    Destroyed(CardId),
    /// A character left play (by any means); card is now out of play.
    LeftPlay(CardId),
    /// A defender was declared against an enemy.
    DefenderDeclared(CardId, CardId),
    /// The players traveled to this location.
    Traveled(CardId),
    /// A player attack destroyed this enemy (attackers in `Game::patk`).
    AttackDestroyed(CardId),
    /// An enemy attack ended (details in `Game::attack`).
    EnemyAttackEnded(CardId),
    /// The staging step ended.
    StagingEnded,
    /// The last time counter was removed from this card.
    TimeRanOut(CardId),
    /// A side quest was defeated.
    SideQuestDefeated(CardId),
    /// The first player token moved (or was given) to this seat.
    FirstPlayerChanged(u8),
    /// A location was explored (it has left play); `true` if it was the active location.
    Explored(CardId, bool),
    /// The moment to cancel (prevent) damage just dealt to this character (amount dealt). Fired
    /// right after `Damaged`, and only offered when some card could respond; while it is open the
    /// character is not destroyed, so a cancel can save it (Honour Guard).
    CancelDamage(CardId, i16),
    /// The when-revealed effects of this card (being revealed) were canceled.
    WhenRevealedCanceled(CardId),
    /// Player `.0` discarded `.1` cards from the top of his deck (`Game::discard_from_deck`).
    DeckDiscarded(u8, u8),
    /// Enemy `.0` attacks player `.1` ("when attacks"): the attack context is set, defenders
    /// are not declared yet.
    EnemyAttacks(CardId, u8),
    /// Player `.1` triggered an Action or Response effect of card `.0` (an event played from hand
    /// or an ability used).
    Triggered(CardId, u8),
    /// This location is being explored: fired while it (and its attachments) are still in play,
    /// just before it goes to the victory display or the discard pile (then `Explored`).
    Exploring(CardId),
    /// This card was discarded from its owner's hand (it is now in his discard pile). A batch
    /// discard fires one event per card.
    DiscardedFromHand(CardId),
    /// This exhausted card was readied (refresh phase or a card effect).
    Readied(CardId),
    /// Progress (amount) was placed on this location or quest card.
    ProgressPlaced(CardId, i16),
    /// Character `.0` was declared as an attacker against enemy `.1` (fired for each attacker
    /// once the declaration is complete).
    AttackerDeclared(CardId, CardId),
    /// A character was discarded from play by a card effect (not destroyed); now out of play.
    DiscardedFromPlay(CardId),
    /// This quest card (main quest or side quest) is defeated and about to leave play (its
    /// attachments are still attached).
    QuestDefeated(CardId),
    /// Player `.0` is about to be eliminated for reaching his threat elimination level; a Forced
    /// effect may prevent it by lowering his threat.
    ThreatElimination(u8),
    /// Enemy `.1`, to which attachment `.0` was attached, was destroyed (the attachment is now
    /// out of play; it may still respond: Secret Vigil).
    HostDestroyed(CardId, CardId),
    /// Card `.0` (a character, or an enemy) was healed of `.1` damage (damage removed by a heal
    /// effect; a canceled damage is not a heal).
    Healed(CardId, i16),
    /// This guarded objective was freed: its guard left play and it is in the staging area,
    /// free of encounters (RULES §5.4.2).
    Unguarded(CardId),
    /// This double-sided card turned over (`Game::flip_card`): its other face is up now.
    Flipped(CardId),
    /// Enemy `.0` was dealt a shadow card (`Game::deal_shadow`).
    ShadowDealt(CardId),
    /// The Time objective turned to its Day side (The Wastes of Eriador, RULES §8.6).
    BecameDay,
    /// Player `.0`'s threat was raised by an encounter card effect (every `Game::raise_threat`
    /// but the framework's and player cards', which use `Game::raise_threat_by_player`).
    ThreatRaisedByEncounter(u8),
    /// Captured cards of player `.1` were rescued from under card `.0` (RULES §8.7.7; `.0` may
    /// have left play by now).
    Rescued(CardId, u8),
    /// The Time objective turned to its Night side.
    BecameNight,
    /// Player `.1` took control of location `.0` (Wrath and Ruin, RULES §8.12; `engine::control`).
    TookControl(CardId, u8),
    /// Player `.1` lost control of location `.0`: it is back in the staging area.
    LostControl(CardId, u8),
    /// Player `.0`'s threat was raised by `.1`.
    ThreatRaised(u8, i16),
    /// This side quest became the current quest.
    BecameCurrentQuest(CardId),
    /// Resources were spent from this hero's resource pool to pay a cost (`Game::pay`).
    ResourcesSpent(CardId),
    /// Player `.0`'s threat was reduced by `.1` (`Game::reduce_threat`; Mail of Eärnur).
    ThreatReduced(u8, i16),
    /// Card `.0` was captured under card `.1` (RULES §8.7; `Game::capture`).
    Captured(CardId, CardId),
    /// This enemy, engaged or elsewhere in play, was returned to the staging area
    /// (`Game::return_to_staging`; not fired for a card revealed there, which is `Revealing`).
    ReturnedToStaging(CardId),
}

/// What a card script resumes with after a decision, or after deferred work.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Cont {
    pub card: CardId,
    pub step: u8,
    pub player: u8,
    pub a: i16,
    pub b: i16,
}

impl Cont {
    pub fn new(card: CardId, step: u8) -> Self {
        Cont {
            card,
            step,
            player: 0,
            a: 0,
            b: 0,
        }
    }
    pub fn with(mut self, player: u8, a: i16, b: i16) -> Self {
        self.player = player;
        self.a = a;
        self.b = b;
        self
    }
}

/// One pending piece of work on the engine's stack.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Frame {
    /// A framework step of the round (see `flow::Step`).
    Step(Step),
    /// An action window; `seat` is the offset from the first player whose turn it is.
    Window {
        phase: Phase,
        seat: u8,
        passes: u8,
    },
    /// The planning window of active player `active` (offset).
    Planning {
        active: u8,
        seat: u8,
        passes: u8,
    },
    Mulligan {
        seat: u8,
    },
    Commit {
        seat: u8,
    },
    Staging {
        left: u8,
        seat: u8,
    },
    /// Reveal the top encounter card for `by`.
    RevealTop {
        by: u8,
    },
    /// The reveal procedure of one card (§5.28), at `stage`.
    Reveal {
        card: CardId,
        by: u8,
        stage: u8,
        from_deck: bool,
    },
    OptionalEngage {
        seat: u8,
    },
    EngagementChecks {
        seat: u8,
        any: bool,
    },
    Travel,
    DealShadows,
    EnemyAttacks {
        seat: u8,
    },
    /// The enemy attack in `Game::attack`, at `stage`.
    Attack {
        stage: u8,
    },
    PlayerAttacks {
        seat: u8,
    },
    /// The player attack in `Game::patk`, at `stage`.
    PlayerAttack {
        stage: u8,
    },
    Archery {
        left: i16,
    },
    /// Offer responses to `ev`, player by player (`used`: the cards that have responded to it,
    /// each at most once).
    Responses {
        ev: Event,
        seat: u8,
        passes: u8,
        used: [CardId; RESPONSE_SLOTS],
    },
    /// An event card finished resolving: put it in its owner's discard pile.
    FinishEvent {
        card: CardId,
    },
    /// A card script waits for the answer to its decision.
    Choice {
        cont: Cont,
    },
    /// A card script continues (no decision).
    Resume {
        cont: Cont,
    },
    /// `card`'s When Revealed effect resolves for player `by` without the card being revealed
    /// (Sorcery cards discarded by a Dread Realm effect): one frame per card, so that each
    /// card's question is answered before the next card resolves.
    WhenRevealedOnly {
        card: CardId,
        by: u8,
    },
    /// An immediate attack by `enemy` against `player` (Sudden Assault, Angmar Captain ...).
    ImmediateAttack {
        enemy: CardId,
        player: u8,
    },
    /// An immediate attack that is dealt no shadow card (Werewolf of Angmar).
    ImmediateAttackNoShadow {
        enemy: CardId,
        player: u8,
    },
    /// Classic Guarded: reveal the next encounter card (`guard == NO_CARD`), then attach
    /// `objective` to it if it is an enemy or location in play.
    Guard {
        objective: CardId,
        guard: CardId,
        by: u8,
    },
    /// Framework step `step` for staging area `area` alone (several areas, `flow::by_area`).
    AreaStep {
        step: Step,
        area: u8,
    },
    /// Restore `Game::attack` saved before an action window inside an attack.
    RestoreAttack,
    /// Restore `Game::patk` saved before an action window inside a player attack.
    RestorePlayerAttack,
    /// Choose where to attach attachment `card` played by `seat`.
    PlayAttachment {
        card: CardId,
        seat: u8,
    },
}

pub struct Game<'a> {
    pub db: &'a CardDb,
    pub setup: &'a GameSetup,
    pub cards: Vec<CardInst>,
    pub lists: [Vec<CardId>; N_LISTS],
    pub players: [PlayerState; MAX_PLAYERS],
    pub n_players: u8,
    /// Seat holding the first player token.
    pub first: u8,
    pub round: u16,
    pub rounds_completed: u16,
    /// Rounds whose end-of-round threat is in `record` (see the RoundEnd step).
    rounds_recorded: u16,
    pub phase: Phase,
    pub lasting: Vec<LastingEffect>,
    pub attack: AttackCtx,
    pub patk: PlayerAttackCtx,
    saved_attacks: Vec<AttackCtx>,
    saved_patks: Vec<PlayerAttackCtx>,
    pub stack: Vec<Frame>,
    decision: Decision,
    waiting: bool,
    /// Set when a question was asked while another waited for its answer (a fault: the second
    /// question would take the first one's answer). Test and debug builds panic there instead;
    /// release builds keep playing and `check_invariants` (the soak) reports it.
    ask_clash: bool,
    answer: Option<Opt>,
    /// The rest of a commit step a bot answered at once (`Bot::commit_set`).
    commit_queue: CommitQueue,
    outcome: Option<Outcome>,
    /// Set by a cancel response (A Test of Will, Hasty Stroke ...); read by the reveal / shadow step.
    pub canceled: bool,
    /// Progress placed on the current quest this round (Orc Rearguard).
    pub quest_progress_this_round: i16,
    /// Was progress placed on a side quest this round (Vast Troll-fells' shadow)?
    pub side_quest_progress_this_round: bool,
    /// Set when damage, progress, threat or modifiers changed: state-based checks run.
    pub dirty: bool,
    /// Scratch buffer for card scripts (cleared before use).
    pub scratch: Vec<CardId>,
    scratch_resp: Vec<CardId>,
    /// Every card script (`cards::table()`), held here to avoid a lookup per call.
    script_table: &'static [&'static crate::cards::Script],
    /// Script index of every card definition (built once per `Game`, shared by its clones).
    def_script: std::sync::Arc<[u16]>,
    /// `CardInst::hooks` of every card definition (shared by clones).
    def_hooks: std::sync::Arc<[u16]>,
    /// Uniqueness key of every card definition (shared by clones): 0 for a card that is not
    /// unique, otherwise one more than the first definition with its title, so two unique
    /// cards share a key exactly when they share a title (`unique_in_play`).
    def_unique: std::sync::Arc<[u32]>,
    /// Per-game interest lists, unordered (see `ops::note_moved`): cards in play with a `rule`
    /// hook (`IDX_RULE`), cards in `GLOBAL_ZONES` with global modifiers (`IDX_GLOBAL`), cards in
    /// play with a `cost_mod` (`IDX_COST_MOD`) or `engagement_threat` hook (`IDX_ENGAGEMENT`).
    /// Membership follows the current face's script (`CardInst::hooks`); queries still ask
    /// `script()`, which may blank or guard a card.
    interest: [Vec<CardId>; N_INTEREST],
    /// Per zone list, how many of its cards have each hook of `hooks::COUNTED`: scans for
    /// Actions and Responses skip lists where no card has the hook.
    hook_counts: [[u16; hooks::N_COUNTED]; N_LISTS],
    /// Some card listed in `forced_cards` no longer has a Forced effect on its current face (it
    /// flipped): the next update rebuilds the list.
    forced_stale: bool,
    /// Archery damage assigned so far (dealt all at once when assignment ends).
    archery_assigned: Vec<CardId>,
    /// In-play cards with Forced effects (see `ops::note_moved`).
    forced_cards: Vec<CardId>,
    /// In-play cards that blank damaged characters' text boxes (`Rule::BlanksDamagedCharacters`).
    n_blank_damaged: u8,
    /// The active location has Safe (`safe.rs`, kept by `ops::note_moved`).
    safe_active: bool,
    /// A card has been guarded or text-blanked since the setup (`set_guarded`,
    /// `set_text_blanked`; never cleared before the next setup): while false, no card is.
    blank_marks: bool,
    /// `n_blank_damaged > 0 || safe_active || blank_marks`, kept beside them
    /// (`sync_blank_any`): `script`'s fast path tests one field for all of them.
    blank_any: bool,
    /// `safe_active || blank_marks`, kept beside them (`sync_blank_any`): while false, only
    /// damaged characters can be blank (`script_maybe_blank`).
    blank_wide: bool,
    /// Which events anything in the game listens for (`eventkind::Listeners`).
    listen: eventkind::Listeners,
    /// The cards and zones before the shuffles, to start the next game of this setup by copying
    /// (`flow::setup`); built by the first game.
    template: Option<Box<flow::SetupTemplate>>,
    /// Extra surge granted to the card being revealed by its own text (Surprising Speed).
    pub surge_pending: u8,
    /// Some card may have `uses_phase` above 0 (`set_uses_phase` sets it; the end of a phase
    /// clears it with the counts): while it is false, ending a phase need not visit every card.
    phase_uses: bool,
    /// Some card may be `seen` (`look_at` sets it; `start` clears it): while it is false, a
    /// shuffle need not visit its pile's cards to forget what was seen.
    pub(crate) looked: bool,
    /// Encounter-deck resets during the current chain of reveals (`reveal_top`): a reveal made
    /// inside another card's reveal (surge, "reveal another card") continues the chain.
    pub chain_resets: u8,
    /// The staging areas (RULES §7.6, `areas.rs`): one unless a scenario split them.
    pub areas: areas::AreaState,
    /// Cards revealed this round, in order (cleared when a round begins): "the first X revealed
    /// each round" (Haunted Keep).
    pub revealed_this_round: Vec<CardId>,
    pub rng_encounter: Pcg64Mcg,
    pub rng_players: [Pcg64Mcg; MAX_PLAYERS],
    pub rng_setup: Pcg64Mcg,
    log: Option<Vec<String>>,
    pub record: GameRecord,
    index: u64,
    /// Test sandbox: the engine stops when its stack is empty instead of ending the game.
    sandbox: bool,
    /// Stats memoised while a bot decides (`play_game`), when the game cannot change.
    stat_memo: StatMemo,
    /// Campaign mode (RULES §9): the campaign log and this scenario's campaign card; `None`
    /// for a standalone game. Set before `start` (`set_campaign`).
    pub campaign: Option<std::sync::Arc<crate::campaign::CampaignGame>>,
}

/// `Game::stat` answers memoised while a bot decides. A bot only reads the game (`&Game`), so
/// between `play_game` opening the memo and answering the decision no stat can change; `apply`
/// (and every other entry that can change the game) closes it. Each opening has a new epoch,
/// so old answers are never read. Slots are atomics (relaxed loads and stores: plain moves) so
/// that `Game` stays `Sync`; the value of a slot is a pure function of the frozen game.
#[derive(Default)]
struct StatMemo {
    /// Epoch of the open memo; 0 while closed.
    epoch: u64,
    /// Last epoch used.
    last: u64,
    /// One slot per (card, stat): `epoch << 16 | value`.
    slots: Vec<std::sync::atomic::AtomicU64>,
    /// `Game::available` per (player, sphere), as `slots`.
    avail: [std::sync::atomic::AtomicU64; MAX_PLAYERS * N_SPHERES],
    /// `cards::hints::combat_attacks_left` per player (its `only`), then for `None`, as
    /// `slots`: `epoch << 16 | enemy_left | player_left << 1` (`Game::memo_attacks_left`).
    attacks_left: [std::sync::atomic::AtomicU64; MAX_PLAYERS + 1],
    /// Checking mode (`Game::set_memo_check`): every answer found in the memo is computed
    /// again and must be equal (a test's proof that the memo never answers a stale value).
    /// Only test builds check (`cfg!(test)`): the release build pays nothing for it.
    check: bool,
    /// The tag of the fixed stats' slots (`Game::stat_now_fixed`: stats no modifier touches,
    /// kept across decisions): `FIXED_TAG` | a generation bumped by every change that can
    /// change such a stat of any card (`Game::fixed_changed`: global modifiers, a copy, a new
    /// game of another setup). A change that can only change one card's (its face, its
    /// attachments, a `Lasting::Stat` on it, a new card) empties that card's slots instead
    /// (`Game::fixed_changed_on`), and a new game of the same setup keeps the slots of the
    /// cards that start as they ended (`fixed_for_new_game`).
    fixed_tag: u64,
    /// The cards whose face, kind or attachments changed since this game's cards were copied
    /// from the setup's template (`Game::fixed_changed_on`; a new card is one): those a new
    /// game of the same setup must empty (`fixed_for_new_game`). `touched_all`: more than
    /// fit, or not known (a copy).
    touched: [CardId; 32],
    n_touched: u8,
    touched_all: bool,
}

/// The bit that marks a slot's tag as a fixed stat's (`StatMemo::fixed_tag`) rather than an
/// epoch (epochs stay far below it).
const FIXED_TAG: u64 = 1 << 47;

/// Spheres `StatMemo::avail` holds (`Sphere as usize` below it).
const N_SPHERES: usize = 8;

const N_STATS: usize = 7;

/// Memo slots per card: its `N_STATS` stats, then one bot valuation (`Game::memo_value_of`).
const N_SLOTS: usize = N_STATS + 1;

impl Clone for StatMemo {
    fn clone(&self) -> Self {
        // A copy starts closed (its memo would be empty anyway after the next change).
        StatMemo {
            epoch: 0,
            last: self.last,
            slots: (0..self.slots.len())
                .map(|_| std::sync::atomic::AtomicU64::new(0))
                .collect(),
            avail: Default::default(),
            attacks_left: Default::default(),
            check: self.check,
            fixed_tag: self.fixed_tag,
            touched: self.touched,
            n_touched: 0,
            touched_all: true,
        }
    }
}

impl StatMemo {
    /// Copy of `source` into this memo's slots: closed, and with epochs past both memos' (the
    /// slots keep this memo's old answers, which must never look current).
    fn clone_memo_from(&mut self, source: &StatMemo) {
        self.epoch = 0;
        self.last = self.last.max(source.last);
        if self.slots.len() < source.slots.len() {
            self.slots
                .resize_with(source.slots.len(), || std::sync::atomic::AtomicU64::new(0));
        }
        // (This memo's fixed stats were of another game: none may look current.)
        self.fixed_tag = self.fixed_tag.max(source.fixed_tag) + 1;
        self.touched_all = true;
    }
}

impl<'a> Game<'a> {
    /// Open the stat memo for the pending decision (the game must not change until `apply`).
    fn open_stat_memo(&mut self) {
        let m = &mut self.stat_memo;
        m.last += 1;
        m.epoch = m.last;
        let n = self.cards.len() * N_SLOTS;
        if m.slots.len() < n {
            m.slots
                .resize_with(n, || std::sync::atomic::AtomicU64::new(0));
        }
    }

    /// Something a fixed stat reads may have changed (`StatMemo::fixed_tag`): the fixed stats
    /// kept so far are no longer answered.
    #[inline]
    pub(crate) fn fixed_changed(&mut self) {
        self.stat_memo.fixed_tag += 1;
    }

    /// Something only card `c`'s fixed stats read may have changed (its face, its attachments,
    /// a `Lasting::Stat` on it, or `c` is a new card): its memo slots (stats and bot value) are
    /// emptied, the other cards' fixed stats stay kept. (Every other card's fixed answer reads
    /// only that card's own face, attachments and lasting effects, and the global modifiers,
    /// whose change bumps `fixed_changed`.)
    #[inline]
    pub(crate) fn fixed_changed_on(&mut self, c: CardId) {
        let m = &mut self.stat_memo;
        if (m.n_touched as usize) < m.touched.len() {
            m.touched[m.n_touched as usize] = c;
            m.n_touched += 1;
        } else {
            m.touched_all = true;
        }
        self.empty_memo_slots(c);
    }

    /// Empty card `c`'s memo slots (`fixed_changed_on` without noting `c`: for a change the
    /// next game does not start with, a lasting effect on it).
    #[inline]
    pub(crate) fn empty_memo_slots(&mut self, c: CardId) {
        use std::sync::atomic::Ordering::Relaxed;
        let base = c as usize * N_SLOTS;
        if let Some(slots) = self.stat_memo.slots.get(base..base + N_SLOTS) {
            for slot in slots {
                slot.store(0, Relaxed);
            }
        }
    }

    /// Heap bytes this game owns (buffer capacities; the shared tables counted once), for the
    /// clone benchmark's report.
    pub fn heap_bytes(&self) -> usize {
        use std::mem::size_of;
        fn v<T>(x: &Vec<T>) -> usize {
            x.capacity() * size_of::<T>()
        }
        v(&self.cards)
            + self.lists.iter().map(v).sum::<usize>()
            + v(&self.lasting)
            + v(&self.saved_attacks)
            + v(&self.saved_patks)
            + v(&self.stack)
            + v(&self.decision.options)
            + v(&self.scratch)
            + v(&self.scratch_resp)
            + self.def_script.len() * 2
            + self.def_hooks.len() * 2
            + self.def_unique.len() * 4
            + self.interest.iter().map(v).sum::<usize>()
            + v(&self.archery_assigned)
            + v(&self.forced_cards)
            + v(&self.revealed_this_round)
            + v(&self.stat_memo.slots)
            + self.log.as_ref().map_or(0, v)
    }

    fn close_stat_memo(&mut self) {
        self.stat_memo.epoch = 0;
    }

    /// Is the stat memo open (a bot is deciding)?
    #[inline]
    pub(crate) fn memo_open(&self) -> bool {
        self.stat_memo.epoch != 0
    }

    /// The memoised value of `c`'s stat `s`, if the memo is open and holds it.
    #[inline]
    pub(crate) fn memo_stat(&self, c: CardId, s: Stat) -> i16 {
        use std::sync::atomic::Ordering::Relaxed;
        let m = &self.stat_memo;
        if m.epoch == 0 {
            return self.stat_now(c, s);
        }
        let Some(slot) = m.slots.get(c as usize * N_SLOTS + s as usize) else {
            return self.stat_now(c, s);
        };
        let v = slot.load(Relaxed);
        let tag = v >> 16;
        if tag == m.epoch || tag == m.fixed_tag {
            let r = v as u16 as i16;
            if cfg!(test) && m.check {
                self.memo_mismatch("stat", c, s as usize, r as i32, self.stat_now(c, s) as i32);
            }
            return r;
        }
        let (r, fixed) = self.stat_now_fixed(c, s);
        let tag = if fixed { m.fixed_tag } else { m.epoch };
        slot.store(tag << 16 | r as u16 as u64, Relaxed);
        r
    }

    /// `stat` while the memo is closed (the engine between decisions): a fixed answer the memo
    /// keeps (`StatMemo::fixed_tag`, valid between decisions too: every change that can change
    /// one empties its card's slots or bumps the tag as it happens), else `stat_now`. Checked in
    /// the checking mode as the open memo's answers are.
    #[inline]
    pub(crate) fn kept_or_now(&self, c: CardId, s: Stat) -> i16 {
        use std::sync::atomic::Ordering::Relaxed;
        let m = &self.stat_memo;
        if let Some(slot) = m.slots.get(c as usize * N_SLOTS + s as usize) {
            let v = slot.load(Relaxed);
            if v >> 16 == m.fixed_tag {
                let r = v as u16 as i16;
                if cfg!(test) && m.check {
                    self.memo_mismatch(
                        "kept stat",
                        c,
                        s as usize,
                        r as i32,
                        self.stat_now(c, s) as i32,
                    );
                }
                return r;
            }
        }
        self.stat_now(c, s)
    }

    /// Checking mode on: the memo answers only after the answer was computed again and found
    /// equal, and panics otherwise (slow; only in test builds, elsewhere it does nothing:
    /// `memo_answers_equal_fresh_answers`).
    pub fn set_memo_check(&mut self, on: bool) {
        self.stat_memo.check = on;
    }

    #[cold]
    #[inline(never)]
    fn memo_mismatch(&self, what: &str, c: CardId, i: usize, memo: i32, fresh: i32) {
        assert_eq!(
            memo,
            fresh,
            "memoised {what} #{i} of card {c} ({}) differs from its fresh value",
            self.def_of(c).title
        );
    }

    /// A bot's valuation of card `c` (`hints::char_value`, the only user: one slot per card),
    /// memoised as `memo_stat` while the memo is open (values outside `i16` are not kept). The
    /// valuation reads nothing of the game but `c`'s face and `c`'s stats in `stats` (a mask of `1 << Stat as u8`), each through `Game::stat`. When every
    /// one of those stats was a fixed answer (`stat_now_fixed`: no modifier touches it), so is
    /// the value: it is kept across decisions under the fixed stats' tag, until something a
    /// fixed stat reads changes (`fixed_changed`; a face change is one of them).
    #[inline]
    pub fn memo_value_of(&self, c: CardId, stats: u8, f: impl FnOnce() -> i32) -> i32 {
        use std::sync::atomic::Ordering::Relaxed;
        let m = &self.stat_memo;
        if m.epoch == 0 {
            return f();
        }
        let base = c as usize * N_SLOTS;
        let Some(slot) = m.slots.get(base + N_STATS) else {
            return f();
        };
        let v = slot.load(Relaxed);
        let tag = v >> 16;
        if tag == m.epoch || tag == m.fixed_tag {
            let r = v as u16 as i16 as i32;
            if cfg!(test) && m.check {
                self.memo_mismatch("bot value", c, N_STATS, r, f());
            }
            return r;
        }
        let r = f();
        if let Ok(r16) = i16::try_from(r) {
            let tag = if self.stats_fixed(base, stats) {
                m.fixed_tag
            } else {
                m.epoch
            };
            slot.store(tag << 16 | r16 as u16 as u64, Relaxed);
        }
        r
    }

    /// Do the memo slots of the stats in mask `stats` of the card whose slots start at `base`
    /// all hold fixed answers (`memo_value_of`)?
    #[inline(never)]
    fn stats_fixed(&self, base: usize, stats: u8) -> bool {
        use std::sync::atomic::Ordering::Relaxed;
        let m = &self.stat_memo;
        let mut left = stats;
        while left != 0 {
            let s = left.trailing_zeros() as usize;
            left &= left - 1;
            match m.slots.get(base + s) {
                Some(slot) if slot.load(Relaxed) >> 16 == m.fixed_tag => {}
                _ => return false,
            }
        }
        true
    }

    /// The memoised `available(p, sphere)`, if the memo is open and holds it (as `memo_stat`).
    #[inline]
    pub(crate) fn memo_available(
        &self,
        p: u8,
        sphere: crate::data::Sphere,
        f: impl FnOnce() -> i16,
    ) -> i16 {
        use std::sync::atomic::Ordering::Relaxed;
        let m = &self.stat_memo;
        let Some(slot) = m.avail.get(p as usize * N_SPHERES + sphere as usize) else {
            return f();
        };
        let v = slot.load(Relaxed);
        if v >> 16 == m.epoch {
            let r = v as u16 as i16;
            if cfg!(test) && m.check {
                let fresh = f();
                assert_eq!(
                    r, fresh,
                    "memoised available({p}, {sphere:?}) differs from its fresh value"
                );
            }
            return r;
        }
        let r = f();
        slot.store(m.epoch << 16 | r as u16 as u64, Relaxed);
        r
    }

    /// Whether the memo holds `available(p, sphere)` above 0 (`false` if it is closed or does
    /// not hold it): a peek that never computes, for `can_pay`'s zero-cost test.
    #[inline]
    pub(crate) fn memo_has_resources(&self, p: u8, sphere: crate::data::Sphere) -> bool {
        use std::sync::atomic::Ordering::Relaxed;
        let m = &self.stat_memo;
        let Some(slot) = m.avail.get(p as usize * N_SPHERES + sphere as usize) else {
            return false;
        };
        let v = slot.load(Relaxed);
        m.epoch != 0 && v >> 16 == m.epoch && v as u16 as i16 > 0
    }

    /// The memoised `cards::hints::combat_attacks_left(g, only)` (`Some(p)`: player `p`;
    /// `None`: any player), computed by `f`, if the memo is open (as `memo_available`): a
    /// decision's options each ask it (an idle ready, `ready_use`, an idle debuff), and it only
    /// reads the frozen game (the stack, the attack under way, the ready characters and the
    /// engaged enemies). speed31.
    #[inline]
    pub(crate) fn memo_attacks_left(
        &self,
        only: Option<u8>,
        f: impl FnOnce() -> (bool, bool),
    ) -> (bool, bool) {
        use std::sync::atomic::Ordering::Relaxed;
        let m = &self.stat_memo;
        if m.epoch == 0 {
            return f();
        }
        let Some(slot) = m.attacks_left.get(only.map_or(MAX_PLAYERS, |p| p as usize)) else {
            return f();
        };
        let v = slot.load(Relaxed);
        if v >> 16 == m.epoch {
            let r = (v & 1 != 0, v & 2 != 0);
            if cfg!(test) && m.check {
                let fresh = f();
                assert_eq!(
                    r, fresh,
                    "memoised combat_attacks_left({only:?}) differs from its fresh value"
                );
            }
            return r;
        }
        let r = f();
        slot.store(m.epoch << 16 | r.0 as u64 | (r.1 as u64) << 1, Relaxed);
        r
    }

    /// Run `f` (which only reads the game but for the decision's option list) with the stat
    /// memo open, unless it is open already: an action window's or a Responses check's many
    /// cost and stat questions are then answered once each.
    #[inline]
    pub(crate) fn with_memo<R>(&mut self, f: impl FnOnce(&mut Self) -> R) -> R {
        if self.memo_open() {
            return f(self);
        }
        self.open_stat_memo();
        let r = f(self);
        self.close_stat_memo();
        r
    }
}

/// `Game::def_unique`: per definition, 0 if not unique, else 1 + the first definition with the
/// same title.
fn unique_keys(db: &CardDb) -> Vec<u32> {
    let mut first: std::collections::HashMap<&str, u32> = std::collections::HashMap::new();
    db.defs
        .iter()
        .enumerate()
        .map(|(i, d)| {
            let k = *first.entry(d.title.as_str()).or_insert(i as u32 + 1);
            if d.unique {
                k
            } else {
                0
            }
        })
        .collect()
}

impl<'a> Game<'a> {
    pub fn new(db: &'a CardDb, setup: &'a GameSetup) -> Self {
        let z = || Pcg64Mcg::seed_from_u64(0);
        let def_script: Vec<u16> = crate::cards::script_indices(db)
            .into_iter()
            .map(|i| if i == u16::MAX { NO_SCRIPT } else { i })
            .collect();
        Game {
            db,
            setup,
            cards: Vec::with_capacity(256),
            lists: std::array::from_fn(|_| Vec::with_capacity(64)),
            players: [PlayerState::default(); MAX_PLAYERS],
            n_players: setup.decks.len() as u8,
            first: 0,
            round: 0,
            rounds_completed: 0,
            rounds_recorded: 0,
            phase: Phase::Setup,
            lasting: Vec::with_capacity(32),
            attack: AttackCtx::new(NO_CARD, 0, false),
            patk: PlayerAttackCtx {
                enemy: NO_CARD,
                player: 0,
                attackers: [NO_CARD; 16],
                n_attackers: 0,
            },
            saved_attacks: Vec::with_capacity(8),
            saved_patks: Vec::with_capacity(8),
            stack: Vec::with_capacity(64),
            decision: Decision {
                player: 0,
                ask: Ask::Mulligan,
                options: Vec::with_capacity(64),
            },
            waiting: false,
            ask_clash: false,
            answer: None,
            commit_queue: CommitQueue::OFF,
            outcome: None,
            canceled: false,
            quest_progress_this_round: 0,
            side_quest_progress_this_round: false,
            dirty: false,
            scratch: Vec::with_capacity(64),
            scratch_resp: Vec::with_capacity(16),
            surge_pending: 0,
            phase_uses: true,
            looked: false,
            chain_resets: 0,
            areas: areas::AreaState::default(),
            revealed_this_round: Vec::with_capacity(32),
            def_script: def_script.clone().into(),
            def_hooks: def_script
                .iter()
                .enumerate()
                .map(|(d, &i)| {
                    ops::type_hooks(&db.defs[d])
                        | match i {
                            NO_SCRIPT => 0,
                            i => ops::hooks_of(crate::cards::by_index(i), db.defs[d].ty),
                        }
                })
                .collect(),
            def_unique: unique_keys(db).into(),
            interest: std::array::from_fn(|_| Vec::with_capacity(16)),
            forced_stale: false,
            hook_counts: [[0; hooks::N_COUNTED]; N_LISTS],
            forced_cards: Vec::with_capacity(32),
            n_blank_damaged: 0,
            safe_active: false,
            blank_marks: false,
            blank_any: false,
            blank_wide: false,
            listen: eventkind::Listeners::NONE,
            template: None,
            archery_assigned: Vec::with_capacity(16),
            script_table: crate::cards::table(),
            rng_encounter: z(),
            rng_players: [z(), z(), z(), z()],
            rng_setup: z(),
            log: None,
            record: GameRecord::empty(0, setup.decks.len() as u8),
            index: 0,
            sandbox: false,
            stat_memo: StatMemo {
                slots: (0..256 * N_SLOTS)
                    .map(|_| std::sync::atomic::AtomicU64::new(0))
                    .collect(),
                fixed_tag: FIXED_TAG | 1,
                ..StatMemo::default()
            },
            campaign: None,
        }
    }

    /// Play the next games of this `Game` in campaign mode with this log and campaign card.
    pub fn set_campaign(&mut self, c: Option<std::sync::Arc<crate::campaign::CampaignGame>>) {
        self.campaign = c;
        self.template = None;
    }

    /// Reset for game `index` of a batch with `master` seed and run to the first decision.
    pub fn start(&mut self, master: u64, index: u64) {
        self.close_stat_memo();
        // (`setup_game` settles which fixed stats the memo keeps: `fixed_for_new_game`.)
        use crate::seed::{derive, Stream};
        self.index = index;
        self.rng_encounter = Pcg64Mcg::seed_from_u64(derive(master, index, Stream::Encounter));
        for p in 0..MAX_PLAYERS {
            self.rng_players[p] =
                Pcg64Mcg::seed_from_u64(derive(master, index, Stream::Player(p as u8)));
        }
        self.rng_setup = Pcg64Mcg::seed_from_u64(derive(master, index, Stream::Setup));
        if let Some(l) = self.log.as_mut() {
            l.clear();
        }
        self.commit_queue = CommitQueue::OFF;
        self.looked = false;
        self.setup_game();
        self.run();
    }

    pub fn pending(&self) -> Option<&Decision> {
        if self.waiting && self.outcome.is_none() {
            Some(&self.decision)
        } else {
            None
        }
    }

    /// Answer the pending decision with option `option` and run to the next decision.
    pub fn apply(&mut self, option: usize) {
        self.close_stat_memo();
        assert!(self.waiting, "apply() without a pending decision");
        assert!(
            !self.decision.options.is_empty(),
            "apply() on a decision with no options ({})",
            self.ask_name()
        );
        let opt = self.decision.options[option.min(self.decision.options.len() - 1)];
        if self.log.is_some() {
            let ask = self.ask_name();
            self.log_choice(self.decision.player, &ask, opt);
        }
        self.waiting = false;
        self.answer = Some(opt);
        self.run();
    }

    /// Answer the pending `Ask::Commit` with a whole commit step (`Bot::commit_set`): its
    /// first character now (Done when it is empty), the others by the commit frames that follow
    /// (`flow::quest`), each as if the bot had chosen it from its offer list, then Done.
    pub fn apply_commit_set(&mut self, set: CommitSet) {
        debug_assert!(self.waiting && matches!(self.decision.ask, Ask::Commit));
        let first = set.as_slice().first().map_or(Opt::Done, |&c| Opt::Card(c));
        let i = self
            .decision
            .options
            .iter()
            .position(|&o| o == first)
            .unwrap_or_else(|| {
                panic!(
                    "commit set {:?} not among {:?}",
                    first, self.decision.options
                )
            });
        if first != Opt::Done {
            self.commit_queue = CommitQueue {
                set,
                at: 1,
                player: self.decision.player,
                on: true,
            };
        }
        self.apply(i);
    }

    /// Test sandbox: set the game up (decks, encounter deck, quest in play at side B), then stop
    /// with nothing on the stack, in round 1's planning phase. Drive it with `act`, `emit`,
    /// `push_run` and `answer`.
    pub fn sandbox(&mut self, master: u64, index: u64) {
        self.start(master, index);
        self.stack.clear();
        self.waiting = false;
        self.answer = None;
        self.sandbox = true;
        if let Some(q) = self.top(Zone::QuestDeck) {
            self.move_card(q, Zone::Quest);
            if let Some(b) = self.def_of(q).back {
                self.set_face(q, b);
            }
        }
        self.round = 1;
        self.phase = Phase::Planning;
        self.run();
    }

    /// Sandbox: create a new card `code` owned by `owner` (ENCOUNTER for encounter cards) in `zone`.
    pub fn spawn(&mut self, code: &str, owner: u8, zone: Zone) -> CardId {
        let def = self
            .db
            .by_code(code)
            .unwrap_or_else(|| panic!("unknown card {code}"));
        let c = self.new_card(def, owner, Zone::SetAside);
        self.move_card(c, zone);
        if let Zone::Play(p) = zone {
            self.cards[c as usize].controller = p;
        }
        c
    }

    /// Sandbox: player `p` takes an action (play a card from hand / use an ability) now.
    pub fn act(&mut self, p: u8, o: Opt) {
        self.take_action(p, o);
        self.run();
    }

    /// Sandbox: an event happens now (Forced effects and Responses follow).
    pub fn emit(&mut self, ev: Event) {
        self.fire(ev);
        self.run();
    }

    /// Sandbox: run a framework frame now (e.g. `Frame::Reveal`, `Frame::Attack`).
    pub fn push_run(&mut self, f: Frame) {
        self.stack.push(f);
        self.run();
    }

    /// Answer the pending decision with the option equal to `o` (panics if it is not offered).
    pub fn answer(&mut self, o: Opt) {
        let d = self
            .pending()
            .unwrap_or_else(|| panic!("no pending decision to answer with {o:?}"));
        let i = d
            .options
            .iter()
            .position(|x| *x == o)
            .unwrap_or_else(|| panic!("{o:?} not among {:?}", d.options));
        self.apply(i);
    }

    /// Sandbox: run the state-based checks now.
    pub fn settle(&mut self) {
        self.dirty = true;
        self.run();
    }

    /// Short name of the pending decision's kind, for logs.
    pub fn ask_name(&self) -> String {
        match self.decision.ask {
            Ask::Action(p) => format!("{:?} action", p).to_lowercase(),
            Ask::Defender { enemy } => format!("defend {}", self.title(enemy)),
            Ask::Attacker { enemy } => format!("attack {}", self.title(enemy)),
            Ask::UndefendedHero { enemy, damage } => {
                format!("{} undefended damage from {}", damage, self.title(enemy))
            }
            Ask::Effect { card, .. } if card != NO_CARD => self.title(card).to_string(),
            Ask::Response(_) => "response".into(),
            a => format!("{:?}", a).to_lowercase(),
        }
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Turn the readable game log on (off by default: no allocation when off).
    pub fn set_logging(&mut self, on: bool) {
        self.log = if on { Some(Vec::new()) } else { None };
    }

    /// Lines logged since `start` (empty unless logging is on).
    pub fn log_lines(&self) -> &[String] {
        self.log.as_deref().unwrap_or(&[])
    }

    pub fn logging(&self) -> bool {
        self.log.is_some()
    }

    /// Log player `p`'s answer `opt` to a decision of kind `ask` (the trace's "chooses" line;
    /// also written for the commits of a commit set, which no one is asked for).
    pub(crate) fn log_choice(&mut self, p: u8, ask: &str, opt: Opt) {
        if self.log.is_some() {
            let line = format!("  > P{} [{ask}] chooses {}", p + 1, self.opt_name(opt));
            self.log_line(line);
        }
    }

    pub fn log_line(&mut self, s: String) {
        if let Some(l) = self.log.as_mut() {
            l.push(s);
        }
    }

    pub fn record(&self) -> GameRecord {
        self.record
    }

    /// The main loop: run frames until a decision is needed or the game is over.
    fn run(&mut self) {
        while self.outcome.is_none() && !self.waiting {
            if cfg!(test) && self.stat_memo.check && !self.dirty {
                self.assert_checks_idle();
            }
            if self.dirty {
                self.state_checks_call();
                // A Forced effect of a state-based check may ask a decision (Gather Information).
                if self.outcome.is_some() || self.waiting {
                    break;
                }
            }
            if self.sandbox && self.stack.is_empty() {
                break;
            }
            let Some(f) = self.stack.pop() else {
                // Nothing left to do can only mean the round structure ended unexpectedly.
                self.end_game(Outcome::RoundCap);
                break;
            };
            self.exec(f);
        }
        debug_assert!(
            !self.waiting || self.outcome.is_some() || !self.decision.options.is_empty(),
            "a decision with no options was posed: {:?}",
            self.decision.ask
        );
        if self.outcome.is_some() {
            self.waiting = false;
            self.finish_record();
        }
    }

    /// Take the answer to the decision this frame asked for.
    pub(crate) fn take_answer(&mut self) -> Option<Opt> {
        self.answer.take()
    }

    /// Ask `player` to choose among the options in `self.decision.options` (filled by the caller
    /// through `begin_ask`/`offer`). The calling frame must already be pushed back on the stack.
    pub(crate) fn begin_ask(&mut self, player: u8, ask: Ask) {
        if self.waiting || self.answer.is_some() {
            self.ask_clash = true;
        }
        if cfg!(any(test, debug_assertions)) && self.ask_clash {
            let name = |a: &Ask| match *a {
                Ask::Effect { card, what } => format!("{} ({what})", self.title(card)),
                ref other => format!("{other:?}"),
            };
            panic!(
                "ASKCLASH {} asked while {} waits for its answer",
                name(&ask),
                name(&self.decision.ask),
            );
        }
        self.decision.player = player;
        self.decision.ask = ask;
        self.decision.options.clear();
    }
    pub(crate) fn offer(&mut self, o: Opt) {
        self.decision.options.push(o);
    }
    pub(crate) fn n_offered(&self) -> usize {
        self.decision.options.len()
    }
    pub(crate) fn offered(&self) -> &[Opt] {
        &self.decision.options
    }
    /// Wait for the answer. With a single option the engine answers itself (no decision).
    /// With none, nothing is asked: the choice is skipped and the asking frame resumes with no
    /// answer (a script choice resumes with `Opt::Pass`: its effect does what it can without
    /// the choice). A decision with no options is never posed (checked by `check_invariants`).
    /// Only script choices may get here with no options (their option lists can go stale,
    /// e.g. when a lookahead copy re-samples hidden cards between offer and answer); engine
    /// frames check `n_offered` themselves, since they would ask again on no answer.
    pub(crate) fn wait(&mut self) {
        if self.decision.options.is_empty() {
            debug_assert!(
                matches!(self.stack.last(), Some(Frame::Choice { .. })),
                "an engine frame asked a decision with no options: {:?}",
                self.stack.last()
            );
            self.answer = None;
            return;
        }
        if self.decision.options.len() == 1 {
            self.answer = Some(self.decision.options[0]);
        } else {
            self.waiting = true;
        }
    }

    /// A card script asks `player` to choose: options must have been offered with `offer` after
    /// `begin_ask`; the answer resumes the script with `cont`.
    pub fn ask_script(&mut self, cont: Cont) {
        self.stack.push(Frame::Choice { cont });
        self.wait();
    }

    /// `ask_script` if at least one option was offered; otherwise do nothing (the effect has
    /// no legal choice and fizzles). Returns whether a choice was made or is pending.
    pub fn ask_if_offered(&mut self, cont: Cont) -> bool {
        if self.decision.options.is_empty() {
            return false;
        }
        self.ask_script(cont);
        true
    }

    pub fn end_game(&mut self, o: Outcome) {
        if self.outcome.is_none() {
            self.outcome = Some(o);
            if self.log.is_some() {
                self.log_line(format!("GAME OVER: {}", o.name()));
            }
        }
    }

    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    pub fn game_index(&self) -> u64 {
        self.index
    }

    pub fn scenario(&self) -> &crate::data::ScenarioDef {
        &self.db.scenarios[self.setup.scenario]
    }

    #[inline]
    pub fn def_of(&self, c: CardId) -> &crate::data::CardDef {
        let ci = &self.cards[c as usize];
        if ci.reanimated {
            return self.reanimated_face();
        }
        self.db.def(ci.def)
    }

    #[inline]
    pub fn card(&self, c: CardId) -> &CardInst {
        &self.cards[c as usize]
    }

    pub fn card_mut(&mut self, c: CardId) -> &mut CardInst {
        self.dirty = true;
        &mut self.cards[c as usize]
    }

    /// Set `c`'s per-phase use count (`CardInst::uses_phase`, reset at the end of each phase).
    /// A card script that counts its uses this phase writes it through here, never directly:
    /// the end of a phase resets the counts only if one was set since the last reset.
    pub fn set_uses_phase(&mut self, c: CardId, n: u8) {
        self.phase_uses |= n != 0;
        self.card_mut(c).uses_phase = n;
    }

    pub fn title(&self, c: CardId) -> &str {
        &self.def_of(c).title
    }

    #[inline]
    pub fn ty(&self, c: CardId) -> CardType {
        self.cards[c as usize].ty
    }

    #[inline]
    pub fn list(&self, z: Zone) -> &[CardId] {
        &self.lists[z.list()]
    }

    #[inline]
    pub fn def_id(&self, c: CardId) -> DefId {
        self.cards[c as usize].def
    }
}

/// The most characters a commit set holds (`Bot::commit_set`).
pub const COMMIT_SET_MAX: usize = 16;

/// How many cards one event's response window records as having responded (`Frame::Responses`).
pub const RESPONSE_SLOTS: usize = 8;

/// A whole commit step (`Bot::commit_set`): the characters to commit, in order, then Done.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CommitSet {
    ids: [CardId; COMMIT_SET_MAX],
    n: u8,
}

impl CommitSet {
    pub const EMPTY: CommitSet = CommitSet {
        ids: [NO_CARD; COMMIT_SET_MAX],
        n: 0,
    };

    /// Add `c` last; false when the set is full.
    pub fn push(&mut self, c: CardId) -> bool {
        if (self.n as usize) < COMMIT_SET_MAX {
            self.ids[self.n as usize] = c;
            self.n += 1;
            true
        } else {
            false
        }
    }

    pub fn as_slice(&self) -> &[CardId] {
        &self.ids[..self.n as usize]
    }
}

/// What is left of a commit set once its first character is committed: `set[at..]`, then Done,
/// for `player`'s commit frames while `on`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct CommitQueue {
    pub(crate) set: CommitSet,
    pub(crate) at: u8,
    pub(crate) player: u8,
    pub(crate) on: bool,
}

impl CommitQueue {
    pub(crate) const OFF: CommitQueue = CommitQueue {
        set: CommitSet::EMPTY,
        at: 0,
        player: 0,
        on: false,
    };
}

/// A player: picks one option of a pending decision and only reads the game (the bots in
/// `crate::bots` implement it).
pub trait Bot: Send {
    fn name(&self) -> &'static str;
    /// Called before each game with the bot's own seed (derived from master seed and game index).
    fn new_game(&mut self, seed: u64);
    /// Index into `d.options`.
    fn choose(&mut self, game: &Game, d: &Decision) -> usize;
    /// Optional: a whole commit step at once. Asked at a player's `Ask::Commit` by `play_game`
    /// (not by rollouts, `Game::play_until_round`): the characters `choose` would commit one
    /// by one, in its order, before it answers Done, as if committing a character changed
    /// nothing but that character's own exhausted and questing flags. The engine commits them
    /// through the same frames (state changes, log lines, triggers) and goes back to asking
    /// `choose` one commit at a time as soon as anything else happens between two commits (a
    /// Forced effect or Response to the commit, a state-based check, a character that must
    /// commit, a planned character no longer offered). `None` (the default): one at a time.
    fn commit_set(&mut self, _game: &Game, _d: &Decision) -> Option<CommitSet> {
        None
    }
    /// Trace only (`trace --explain`): from now on, keep an account of each searched choice.
    fn set_explain(&mut self, _on: bool) {}
    /// Trace only: move the account of the last `choose` (lines for the game log) into `out`;
    /// nothing by default. Explaining never changes a choice.
    fn explain(&mut self, _out: &mut Vec<String>) {}
}

/// Decisions after which a game counts as not terminating: an engine fault (a rules loop), never
/// a real game (a long one takes a few thousand). `try_play_game` stops there with a
/// [`PlayError`] naming the game instead of running forever; the soak reports it as a violation.
pub const GAME_DECISION_LIMIT: u64 = 500_000;

/// A game the engine could not finish: an engine fault, never a player's or an input's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlayError {
    /// Game `index` of master seed `seed` made `limit` decisions without ending.
    DecisionLimit { seed: u64, index: u64, limit: u64 },
}

impl std::fmt::Display for PlayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            PlayError::DecisionLimit { seed, index, limit } => write!(
                f,
                "game {index} of seed {seed} made {limit} decisions without ending: an engine \
                 fault, please report it (replay it with `lotr-sim trace --seed {seed} --game \
                 {index}` and the same scenario, mode, decks and bots)"
            ),
        }
    }
}

impl std::error::Error for PlayError {}

/// Play one whole game with one bot per seat; the result depends only on (master, index).
/// Tests and benches use it; the batch commands use [`try_play_game`].
///
/// # Panics
/// On a [`PlayError`] (an engine fault; the message names the seed and game to replay).
pub fn play_game(
    game: &mut Game,
    bots: &mut [Box<dyn Bot>],
    master: u64,
    index: u64,
) -> GameRecord {
    try_play_game(game, bots, master, index).unwrap_or_else(|e| panic!("{e}"))
}

/// `play_game` that returns the engine fault instead: a game that makes
/// `GAME_DECISION_LIMIT` decisions without ending is [`PlayError::DecisionLimit`].
pub fn try_play_game(
    game: &mut Game,
    bots: &mut [Box<dyn Bot>],
    master: u64,
    index: u64,
) -> Result<GameRecord, PlayError> {
    play_game_within(game, bots, master, index, GAME_DECISION_LIMIT)
}

/// `try_play_game` with its decision limit given.
pub fn play_game_within(
    game: &mut Game,
    bots: &mut [Box<dyn Bot>],
    master: u64,
    index: u64,
    limit: u64,
) -> Result<GameRecord, PlayError> {
    for (seat, b) in bots.iter_mut().enumerate() {
        b.new_game(crate::seed::derive(
            master,
            index,
            crate::seed::Stream::Bot(seat as u8),
        ));
    }
    game.start(master, index);
    let mut decisions = 0u64;
    loop {
        // The bot only reads the game: its stat queries are memoised until `apply`.
        game.open_stat_memo();
        let Some(d) = game.pending() else { break };
        decisions += 1;
        if decisions > limit {
            game.close_stat_memo();
            return Err(PlayError::DecisionLimit {
                seed: master,
                index,
                limit,
            });
        }
        let bot = &mut bots[d.player as usize];
        if matches!(d.ask, Ask::Commit) {
            if let Some(set) = bot.commit_set(game, d) {
                game.apply_commit_set(set);
                continue;
            }
        }
        let i = bot.choose(game, d);
        if game.logging() {
            let mut lines = Vec::new();
            bot.explain(&mut lines);
            for l in lines {
                game.log_line(l);
            }
        }
        game.apply(i);
    }
    game.close_stat_memo();
    Ok(game.record())
}
