//! Valuation helpers shared by card hints and the `basic` bot: character value, damage and
//! threat costs, shadows, defences, option pickers.

use super::*;
use crate::data::{CardType, Sphere};
use crate::engine::{CardId, Game, Opt, Stat, Zone, NO_CARD};

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
pub(super) fn wait_for_shadows(g: &Game) -> bool {
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
