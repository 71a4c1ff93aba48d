//! The `basic` bot's Responses and the choices card effects ask for.

use super::*;

pub(super) fn response(g: &Game, p: u8, ev: Event, o: &[Opt]) -> Option<usize> {
    let mut best: Option<(i32, usize)> = None;
    for (i, opt) in o.iter().enumerate() {
        let Opt::Activate(c) = *opt else { continue };
        if g.card(c).zone == Zone::Hand(p) && breaks_reserve(g, p, c) {
            continue;
        }
        let v = action_value(g, p, c, Some(ev));
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
    let own = |c: CardId| (g.controller(c) == p) as i32 * 1000 - full(c) as i32 * 3000;
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

/// The prompts a card's hints answer: its damage prompts (each pick where that damage costs
/// least), then its own `effect` hint.
pub(super) fn known_effect(
    g: &Game,
    p: u8,
    card: CardId,
    h: &Hint,
    what: u8,
    o: &[Opt],
) -> Option<usize> {
    if let Some(&(_, n)) = h.damage_prompts.iter().find(|d| d.0 == what) {
        return pick_min(o, |c| damage_cost(g, c, n) + (g.controller(c) != p) as i32);
    }
    h.effect.and_then(|f| f(g, p, card, what, o))
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
                    char_value(g, c).min(10_000) + mine + exhausted + damaged
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
