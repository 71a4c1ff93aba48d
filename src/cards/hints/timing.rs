//! When using a card changes nothing now: the idle-use queries behind `action_value`
//! (a boost with no quest or attack to raise, a ready with nothing to do, an attack or
//! shadow still to come).

use super::*;
use crate::engine::{CardId, Event, Game, Stat, Zone, NO_CARD};

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
