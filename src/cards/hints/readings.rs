//! Generic readings: value functions many cards' hints share (draw by exhausting, discard
//! to boost, damage every engaged enemy, recursion, hero swaps, multiple defence).

use super::*;
use crate::data::CardType;
use crate::engine::{CardId, Event, Game, Stat, Zone, NO_CARD};

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
