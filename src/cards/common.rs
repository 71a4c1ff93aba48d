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

/// Can cards leave player `p`'s discard pile by a player card effect now (The Power of Angmar)?
pub fn discard_pile_open(g: &Game, p: u8) -> bool {
    !g.rule(crate::cards::Rule::DiscardPileLocked(p))
}

/// The number of different card types among `cards`.
pub fn distinct_types(g: &Game, cards: &[CardId]) -> i16 {
    let mut seen: [Option<crate::data::CardType>; 16] = [None; 16];
    let mut n = 0;
    for &c in cards {
        let t = g.ty(c);
        if !seen[..n].contains(&Some(t)) && n < seen.len() {
            seen[n] = Some(t);
            n += 1;
        }
    }
    n as i16
}

/// Combined printed cost of `cards` (a printed `X` or "-" counts 0).
pub fn printed_cost_sum(g: &Game, cards: &[CardId]) -> i16 {
    cards.iter().map(|&c| g.def_of(c).cost.max(0)).sum()
}

/// The topmost card of the encounter discard pile matching `f`.
pub fn top_of_encounter_discard(g: &Game, f: impl Fn(CardId) -> bool) -> Option<CardId> {
    g.list(Zone::EncounterDiscard)
        .iter()
        .rev()
        .copied()
        .find(|&c| f(c))
}

/// Is `c` an enemy with the Undead trait?
pub fn is_undead_enemy(g: &Game, c: CardId) -> bool {
    g.is_enemy(c) && g.has_trait(c, "Undead")
}

/// Player `p` returns the `n` newest cards of his discard pile to his deck, then shuffles it.
pub fn shuffle_discard_top_into_deck(g: &mut Game, p: u8, n: usize) {
    for _ in 0..n {
        let Some(&c) = g.list(Zone::Discard(p)).last() else {
            break;
        };
        g.move_card(c, Zone::Deck(p));
    }
    g.shuffle(Zone::Deck(p));
}

/// The seats still in the game in player order (first player first), as a copy (so the game
/// can be changed while iterating).
pub struct Seats {
    s: [u8; 4],
    n: usize,
}

impl std::ops::Deref for Seats {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        &self.s[..self.n]
    }
}

pub fn seats(g: &Game) -> Seats {
    let mut out = Seats { s: [0; 4], n: 0 };
    for p in g.active_seats() {
        if out.n < 4 {
            out.s[out.n] = p;
            out.n += 1;
        }
    }
    out
}

/// The first card titled `title` in the encounter deck (top first), then the encounter discard
/// pile, then the victory display (the usual three places an encounter search looks).
pub fn search_encounter_piles(g: &Game, title: &str) -> Option<CardId> {
    [Zone::EncounterDeck, Zone::EncounterDiscard, Zone::Victory]
        .into_iter()
        .flat_map(|z| g.list(z).iter().rev().copied())
        .find(|&c| g.def_of(c).title == title)
}
