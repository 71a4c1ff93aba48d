//! Small queries shared by card scripts of several sets.

use crate::engine::{CardId, Game, Zone};

/// The host of attachment `me`, if it is attached.
pub fn host(g: &Game, me: CardId) -> Option<CardId> {
    match g.card(me).zone {
        Zone::Attached(h) => Some(h),
        _ => None,
    }
}

/// Attachment target check for "attach to a hero" (any player's hero in play).
pub fn to_hero(g: &Game, _me: CardId, _seat: u8, t: CardId) -> bool {
    g.is_hero(t)
}

/// Is `c` in `seat`'s play area (so under his control)?
pub fn mine_in_play(g: &Game, c: CardId, seat: u8) -> bool {
    g.card(c).zone == Zone::Play(seat)
}

/// Every character in play, player by player.
pub fn all_characters<'g>(g: &'g Game<'g>) -> impl Iterator<Item = CardId> + 'g {
    (0..g.n_players).flat_map(move |p| g.characters(p))
}

/// Every enemy in play: the staging area, then each player's engaged enemies.
pub fn enemies_in_play<'g>(g: &'g Game<'g>) -> impl Iterator<Item = CardId> + 'g {
    let engaged = (0..g.n_players).flat_map(move |p| g.engaged(p).iter().copied());
    g.list(Zone::Staging)
        .iter()
        .copied()
        .chain(engaged)
        .filter(move |&e| g.is_enemy(e))
}

/// May enemy `e` be dealt damage by a player card effect now (not immune, can take damage)?
pub fn damageable(g: &Game, e: CardId) -> bool {
    g.is_enemy(e) && !g.immune(e) && g.can_take_damage(e)
}

/// Has this copy's "limit once per round" ability not been used yet this round?
pub fn unused_this_round(g: &Game, me: CardId) -> bool {
    g.card(me).uses_round == 0
}

/// Count one use of this copy's per-round / per-phase limited ability.
pub fn count_use(g: &mut Game, me: CardId) {
    let c = g.card_mut(me);
    c.uses_round = c.uses_round.saturating_add(1);
    c.uses_phase = c.uses_phase.saturating_add(1);
}

/// Valour abilities may be used only while the player's threat is 40 or more (RULES §5.23).
pub fn valour(g: &Game, p: u8) -> bool {
    g.players[p as usize].threat >= 40
}

/// Do cards `a` and `b` have a printed trait in common?
pub fn shares_trait(g: &Game, a: CardId, b: CardId) -> bool {
    let tb = &g.def_of(b).traits;
    g.def_of(a).traits.iter().any(|t| tb.contains(t))
}

/// Cancel up to `k` of the damage just dealt to `c` (an `Event::CancelDamage` response): the
/// damage comes off, and the amount still open to cancels in that window shrinks, so that several
/// cancels never take off more than was dealt.
pub fn cancel_damage(g: &mut Game, c: CardId, k: i16) {
    use crate::engine::{Event, Frame};
    let mut k = k.min(g.card(c).damage);
    for f in g.stack.iter_mut().rev() {
        if let Frame::Responses {
            ev: Event::CancelDamage(x, n),
            ..
        } = f
        {
            if *x == c {
                k = k.min(*n);
                *n -= k;
                break;
            }
        }
    }
    g.heal(c, k);
}

/// The first card titled `title` in the encounter deck (top first), then the encounter discard
/// pile, then the victory display (the usual three places an encounter search looks).
pub fn search_encounter_piles(g: &Game, title: &str) -> Option<CardId> {
    [Zone::EncounterDeck, Zone::EncounterDiscard, Zone::Victory]
        .into_iter()
        .flat_map(|z| g.list(z).iter().rev().copied())
        .find(|&c| g.def_of(c).title == title)
}
