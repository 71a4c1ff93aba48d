//! The `basic` bot's Responses and the choices card effects ask for.

use super::*;

pub(super) fn response(g: &Game, p: u8, ev: Event, o: &[Opt]) -> Option<usize> {
    let mut best: Option<(i32, usize)> = None;
    for (i, opt) in o.iter().enumerate() {
        let Opt::Activate(c) = *opt else { continue };
        if g.card(c).zone == Zone::Hand(p) && breaks_reserve(g, p, c) {
            continue;
        }
        let v = action_value_with(g, p, c, Some(ev), w().defense_windows != 0);
        if v > 0 && best.map(|(b, _)| v > b).unwrap_or(true) {
            best = Some((v, i));
        }
    }
    best.map(|(_, i)| i).or_else(|| find(o, Opt::Pass))
}

/// Where attachment `a` should go among the offered targets.
pub(super) fn attach_target(g: &Game, p: u8, a: CardId, o: &[Opt]) -> Option<usize> {
    let (_, kind) = attachment_info(g, a);
    let bonus_trait = hint(g, a).attach_bonus_trait;
    let dwarf_bonus = |c: CardId| bonus_trait.is_some_and(|t| g.has_trait(c, t)) as i32 * 5;
    // A third restricted attachment would push one out: such hosts come last.
    let restricted = angmar2_restricted(g, a);
    let full = move |c: CardId| {
        restricted
            && g.attachments(c)
                .filter(|&x| g.def_of(x).keywords.restricted)
                .count()
                >= 2
    };
    // sense40 (`attach_risk`, off): a host an engaged enemy's attack alone would destroy this
    // round (a hero at its last hit points, an ally that chumps) comes after every other host,
    // except for armour, which is what keeps it alive.
    let at_risk =
        |c: CardId| kind != AttachKind::Armor && w().attach_risk != 0 && host_at_risk(g, p, c);
    // (`trait_grant`, lead55: a host that has every trait the attachment gives comes after
    // the others.)
    let grants = w().trait_grant != 0 && !hint(g, a).grants_traits.is_empty();
    let stale = move |c: CardId| grants && !grants_new_trait(g, a, c);
    let own = |c: CardId| {
        (g.controller(c) == p) as i32 * 1000
            - full(c) as i32 * 3000
            - stale(c) as i32 * 5000
            - at_risk(c) as i32 * 20_000
    };
    match kind {
        AttachKind::Weapon => pick_max(o, |c| {
            own(c) + g.stat(c, Stat::Attack) as i32 * 10 + dwarf_bonus(c) + g.is_hero(c) as i32 * 3
        }),
        AttachKind::Armor => pick_max(o, |c| {
            own(c)
                + g.stat(c, Stat::Defense) as i32 * 10
                + g.stat(c, Stat::HitPoints) as i32
                + g.is_hero(c) as i32 * 3
        }),
        AttachKind::Willpower => pick_max(o, |c| {
            own(c) + g.stat(c, Stat::Willpower) as i32 * 10 + g.is_hero(c) as i32 * 3
        }),
        AttachKind::Resources => pick_max(o, |c| {
            let n = hand(g, p)
                .iter()
                .filter(|&&x| g.is_hero(c) && g.def_of(x).sphere == g.def_of(c).sphere)
                .count();
            own(c) + n as i32 * 10 + g.is_hero(c) as i32 * 5
        }),
        AttachKind::General => pick_max(o, |c| own(c) + char_value(g, c).min(10_000)),
        AttachKind::Enemy => pick_max(o, |c| {
            danger(g, c) + (g.card(c).zone == Zone::Engaged(p)) as i32 * 1000
        }),
        AttachKind::Location => pick_max(o, |c| g.threat_contribution(c) as i32),
    }
}

/// sense40: character `c` (of `p`'s side) would be destroyed this round by the attack of one
/// enemy engaged with `p` taken undefended (its hit points left at most that enemy's Attack):
/// a hero at its last hit points or an ally that can only chump. Known before combat, unlike a
/// reveal or a shadow card.
pub(super) fn host_at_risk(g: &Game, p: u8, c: CardId) -> bool {
    if !g.is_character(c) || g.phase == Phase::Refresh {
        return false;
    }
    let hp = g.remaining_hp(c);
    g.engaged(p)
        .iter()
        .any(|&e| g.is_enemy(e) && g.stat(e, Stat::Attack) >= hp)
}

/// `spare_life_threat` (wh60): whether to reveal one more encounter card rather than give up
/// the second-to-last token of a Mission whose tokens are lives (`Hint::life_or_card`): only 2
/// are left and the player's threat is below the weight, so the extra card's threat can still
/// be absorbed while the last spare life is kept.
fn spare_life_card(g: &Game, p: u8) -> bool {
    let limit = w().spare_life_threat;
    limit > 0
        && mission_tokens(g).is_some_and(|(lives, t)| lives && t == 2)
        && (g.players[p as usize].threat as i32) < limit
}

/// The prompts a card's hints answer: its damage prompts (each pick where that damage costs
/// least), a Mission's life-or-card prompt (`spare_life_threat`), then its own `effect` hint.
pub(super) fn known_effect(
    g: &Game,
    p: u8,
    card: CardId,
    h: &Hint,
    what: u8,
    o: &[Opt],
) -> Option<usize> {
    if let Some((q, left)) = h.damage_split {
        if q == what && w().damage_split != 0 {
            if let Some(i) = cheapest_split(g, o, left(g, card)) {
                return Some(i);
            }
        }
    }
    if let Some((q, n)) = h.enemy_damage {
        if q == what && w().enemy_damage_target != 0 {
            if let Some(i) = enemy_damage_target(g, p, o, n) {
                return Some(i);
            }
        }
    }
    if let Some((q, mode)) = h.enemy_damage_mode {
        if q == what
            && g.players[p as usize].threat < w().quest_damage_mode as i16
            && quest_damage_target(g).is_some_and(|e| !g.immune(e) && g.can_take_damage(e))
        {
            if let Some(i) = find(o, Opt::Mode(mode)) {
                return Some(i);
            }
        }
    }
    if let Some((q, mode)) = h.life_or_card {
        if q == what && spare_life_card(g, p) {
            if let Some(i) = find(o, Opt::Mode(mode)) {
                return Some(i);
            }
        }
    }
    if let Some(&(_, n)) = h.damage_prompts.iter().find(|d| d.0 == what) {
        return pick_min(o, |c| damage_cost(g, c, n) + (g.controller(c) != p) as i32);
    }
    if let Some(i) = generic_effect(g, p, h, what, o) {
        return Some(i);
    }
    h.effect.and_then(|f| f(g, p, card, what, o))
}

/// The prompts of cards whose hints say what they do (hints1): Rain of Arrows-like damage to
/// each engaged enemy (`Hint::damage_each_engaged`: exhaust the Ranged character of least
/// Attack, then name the player whose engaged enemies it destroys most), a card returned from
/// the discard pile (`Hint::returns_from_discard`: the one of highest `recursion_value`), a
/// discard pile shuffled back (`Hint::refills_deck`: the player with the smallest deck); and
/// (hints2) a hero swap (`Hint::swaps_ready_hero`: exhaust the ready hero that defends the next
/// attack worst, ready the exhausted one that defends it best), and a player allowed several
/// defenders (`Hint::multi_defend`: the one who plays it, whose attacks its value judged).
fn generic_effect(g: &Game, p: u8, h: &Hint, what: u8, o: &[Opt]) -> Option<usize> {
    if h.damage_each_engaged > 0 {
        return match what {
            0 => pick_min(o, |c| {
                g.stat(c, Stat::Attack) as i32 * 1000 + char_value(g, c).min(999)
            }),
            _ => best_player(o, |q| kills_each_engaged(g, q, h.damage_each_engaged)),
        };
    }
    if h.returns_from_discard {
        return pick_max(o, |c| recursion_value(g, c));
    }
    if h.refills_deck {
        return best_player(o, |q| -(g.list(Zone::Deck(q)).len() as i32));
    }
    if h.swaps_ready_hero {
        // hints2: exhaust the ready hero that defends the next attack worst, ready the one
        // that defends it best (by value when no attack is coming), as `hero_swap`.
        let atk = next_attack(g, p);
        // (foreign56's `swap_attack`: after the last enemy attack, by Attack.)
        let by_attack = atk <= 0 && w().swap_attack != 0 && g.phase == Phase::Combat;
        let key = |c: CardId| {
            if by_attack {
                -(g.stat(c, Stat::Attack).max(0) as i32) * 10_000 - char_value(g, c).min(9_999)
            } else if atk > 0 {
                lone_defence_cost(g, c, atk).min(1_000_000) * 2
                    - char_value(g, c).min(10_000) / 1000
            } else {
                -char_value(g, c).min(10_000)
            }
        };
        // The hero exhausted is not one the round's kills need (`kill_pivotal`), if it can be.
        let spare = |c: CardId| key(c) - kill_pivotal(g, p, c) as i32 * 100_000_000;
        return match what {
            0 => pick_max(o, spare),
            _ => pick_min(o, key),
        };
    }
    if h.multi_defend {
        // Its value was judged for the attacks on its player: name him (not the generic
        // smallest hand, which gave another player the extra defenders in multiplayer).
        return best_player(o, |q| (q == p) as i32);
    }
    None
}

/// hints2: with several defenders allowed (`Hint::multi_defend`, e.g. Stand Together played),
/// the next defender of the attack by `enemy` on `p`: the ready character of `p` whose Defense
/// lowers most what the damage left past the declared Defense costs on the defender that takes
/// it best, when it lowers it by 60 or more (a death or a hero's last hit points), the
/// character is not needed for a kill this round (`kill_pivotal`) and `p` keeps a ready
/// character for each other enemy still to attack him. `None`: declare no more.
pub(super) fn extra_defender(g: &Game, p: u8, enemy: CardId, o: &[Opt]) -> Option<usize> {
    let defs = g.attack.defenders();
    if defs.is_empty() {
        return None;
    }
    let atk = g.stat(enemy, Stat::Attack) + shadow_count(g, enemy);
    let def = defenders_defense(g);
    if atk <= def {
        return None;
    }
    let others = unattacked_engaged(g, p).filter(|&e| e != enemy).count();
    let readies = g.characters(p).filter(|&c| ready(g, c)).count();
    if readies <= others {
        return None;
    }
    // What the damage past `d` Defense costs on the declared defender (or `extra`) it hurts least.
    let cost = |d: i16, extra: CardId| -> i32 {
        defs.iter()
            .copied()
            .chain(std::iter::once(extra))
            .filter(|&x| x != NO_CARD)
            .map(|x| damage_cost(g, x, atk - d))
            .min()
            .unwrap_or(0)
    };
    let now = cost(def, NO_CARD);
    let mut best: Option<(i32, usize)> = None;
    for (i, opt) in o.iter().enumerate() {
        let Opt::Card(c) = *opt else { continue };
        if c == NO_CARD
            || g.controller(c) != p
            || g.stat(c, Stat::Defense) <= 0
            || kill_pivotal(g, p, c)
        {
            continue;
        }
        let gain = now - cost(def + g.stat(c, Stat::Defense), c);
        let v = gain * 4 - char_value(g, c).min(999) / 250;
        if gain >= 60 && best.map(|(b, _)| v > b).unwrap_or(true) {
            best = Some((v, i));
        }
    }
    best.map(|(_, i)| i)
}

/// The `Player` option with the highest key (first on ties).
fn best_player(o: &[Opt], key: impl Fn(u8) -> i32) -> Option<usize> {
    let mut best: Option<(i32, usize)> = None;
    for (i, opt) in o.iter().enumerate() {
        let Opt::Player(q) = *opt else { continue };
        let v = key(q);
        if best.map(|(b, _)| v > b).unwrap_or(true) {
            best = Some((v, i));
        }
    }
    best.map(|(_, i)| i)
}

pub(super) fn effect(g: &Game, p: u8, card: CardId, what: u8, o: &[Opt]) -> Option<usize> {
    let src = if card == NO_CARD { None } else { Some(card) };
    if let Some(a) = src {
        if what == 0
            && g.ty(a) == CardType::Attachment
            && g.card(a).owner != ENCOUNTER
            && g.card(a).zone == Zone::Resolving
        {
            if let Some(i) = attach_target(g, p, a, o) {
                return Some(i);
            }
        }
    }
    let harmful = src.map(|c| g.card(c).owner == ENCOUNTER).unwrap_or(false);
    let h = src.map(|c| hint(g, c)).unwrap_or(&NO_HINT);
    if let Some(i) = known_effect(g, p, card, h, what, o) {
        return Some(i);
    }
    // Modes.
    if o.iter().any(|x| matches!(x, Opt::Mode(_))) {
        let want = h.preferred_mode.unwrap_or(u8::MAX);
        if let Some(i) = find(o, Opt::Mode(want)) {
            return Some(i);
        }
        return o.iter().position(|x| matches!(x, Opt::Mode(_)));
    }
    // Card targets.
    let any_card = o.iter().any(|x| matches!(x, Opt::Card(c) if *c != NO_CARD));
    if any_card {
        return if harmful {
            pick_min(o, |c| {
                if g.is_character(c) {
                    harm_cost(g, c) + (g.controller(c) != p) as i32 * 5
                } else if g.is_enemy(c) {
                    danger(g, c)
                } else {
                    g.threat_contribution(c) as i32
                }
            })
        } else {
            pick_max(o, |c| {
                if g.is_character(c) {
                    let mine = (g.controller(c) == p) as i32 * 50;
                    let exhausted = (!ready(g, c)) as i32 * 20;
                    let damaged = g.card(c).damage as i32 * 10;
                    // sense40: a ready on a defender its attack destroys is lost.
                    let lost = (h.readies && dies_defending(g, c)) as i32 * 100_000;
                    // sense52 `ready_use`: a ready goes where it is used.
                    let unused = (h.readies
                        && w().ready_use != 0
                        && !crate::cards::hints::ready_used(g, g.controller(c), c))
                        as i32
                        * 50_000;
                    char_value(g, c).min(10_000) + mine + exhausted + damaged - lost - unused
                } else if g.is_enemy(c) {
                    danger(g, c) + (g.card(c).zone == Zone::Engaged(p)) as i32 * 100
                } else if g.is_location(c) {
                    g.threat_contribution(c) as i32 * 10 + g.card(c).progress as i32
                } else {
                    0
                }
            })
        };
    }
    // Players.
    if o.iter().any(|x| matches!(x, Opt::Player(_))) {
        let mut best: Option<(i32, usize)> = None;
        for (i, opt) in o.iter().enumerate() {
            let Opt::Player(q) = *opt else { continue };
            let v = if harmful {
                -(g.players[q as usize].threat as i32)
            } else {
                -(hand(g, q).len() as i32) * 10 + (q == p) as i32
            };
            if best.map(|(b, _)| v > b).unwrap_or(true) {
                best = Some((v, i));
            }
        }
        return best.map(|(_, i)| i);
    }
    if !harmful {
        if let Some(i) = find(o, Opt::Yes) {
            return Some(i);
        }
    }
    Some(fallback(o))
}

/// The most characters and damage points `cheapest_split` searches (beyond: the first ones).
const SPLIT_CHARS: usize = 16;
const SPLIT_POINTS: usize = 24;

/// Where the next point of a damage split goes: `left` points (this one included) are spread
/// over the offered characters, each taking at most the hit points it has left beyond the
/// damage already assigned to it; the split whose summed `dmg_cost` (of all its assigned
/// damage, dealt at once) is least is found by an exhaustive search over the points per
/// character, and the first character it gives a point to is picked. So a split that kills
/// nobody beats any that kills, and a character whose loss loses the game (Iârion:
/// `damage_cost` of an objective-ally) dies only when every split kills him.
pub(super) fn cheapest_split(g: &Game, o: &[Opt], left: i16) -> Option<usize> {
    if left <= 0 {
        return None;
    }
    let mut idx = [0usize; SPLIT_CHARS];
    let mut cap = [0usize; SPLIT_CHARS];
    let mut n = 0;
    for (i, opt) in o.iter().enumerate() {
        let Opt::Card(c) = *opt else { continue };
        if c == NO_CARD || !g.is_character(c) || n == SPLIT_CHARS {
            continue;
        }
        let room = (g.remaining_hp(c) - g.assigned_damage(c)).max(0) as usize;
        if room == 0 {
            continue;
        }
        idx[n] = i;
        cap[n] = room.min(SPLIT_POINTS);
        n += 1;
    }
    if n == 0 {
        return None;
    }
    let total = (left as usize).min(SPLIT_POINTS).min(cap[..n].iter().sum());
    let card = |k: usize| match o[idx[k]] {
        Opt::Card(c) => c,
        _ => NO_CARD,
    };
    // cost(k, x): what x more points on character k cost, on top of what it already has.
    let cost = |k: usize, x: usize| -> i64 {
        let c = card(k);
        let a = g.assigned_damage(c);
        (dmg_cost(g, c, a + x as i16) - dmg_cost(g, c, a)) as i64
    };
    // best[k][j]: the least cost of placing j points on characters k.. (i64::MAX: impossible).
    const INF: i64 = i64::MAX / 4;
    let mut best = [[INF; SPLIT_POINTS + 1]; SPLIT_CHARS + 1];
    best[n][0] = 0;
    for k in (0..n).rev() {
        for j in 0..=total {
            let mut b = INF;
            for x in 0..=cap[k].min(j) {
                let rest = best[k + 1][j - x];
                if rest < INF {
                    b = b.min(cost(k, x) + rest);
                }
            }
            best[k][j] = b;
        }
    }
    // Walk the optimum: the first character that takes a point.
    let mut j = total;
    for k in 0..n {
        if best[k][j] >= INF {
            return None;
        }
        let mut pick = 0;
        for x in 0..=cap[k].min(j) {
            let rest = best[k + 1][j - x];
            if rest < INF && cost(k, x) + rest == best[k][j] {
                pick = x;
                break;
            }
        }
        if pick > 0 {
            return Some(idx[k]);
        }
        j -= pick;
    }
    None
}

/// The enemy to deal `n` damage to: the enemy whose hit points keep the current quest from
/// being defeated (`Hint::quest_damage_target`: every point on it is progress toward
/// winning), else one the damage destroys (the most dangerous), else the most dangerous
/// enemy engaged with `p`, else the most dangerous.
pub(super) fn enemy_damage_target(g: &Game, p: u8, o: &[Opt], n: i16) -> Option<usize> {
    let key = quest_damage_target(g);
    let mut best: Option<(i32, usize)> = None;
    for (i, opt) in o.iter().enumerate() {
        let Opt::Card(e) = *opt else { continue };
        if e == NO_CARD || !g.is_enemy(e) {
            continue;
        }
        let kills = g.remaining_hp(e) <= n && !g.def_of(e).keywords.indestructible;
        let v = danger(g, e)
            + (Some(e) == key) as i32 * 200_000
            + kills as i32 * 100_000
            + (g.card(e).zone == Zone::Engaged(p)) as i32 * 100;
        if best.map(|(b, _)| v > b).unwrap_or(true) {
            best = Some((v, i));
        }
    }
    best.map(|(_, i)| i)
}

/// The enemy in play whose hit points keep the current quest from being defeated
/// (`Hint::quest_damage_target`).
pub(super) fn quest_damage_target(g: &Game) -> Option<CardId> {
    g.current_quest()
        .and_then(|q| hint(g, q).quest_damage_target)
        .and_then(|f| f(g))
        .filter(|&e| g.card(e).zone.in_play() && g.is_enemy(e))
}
