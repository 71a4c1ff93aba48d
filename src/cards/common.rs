//! Small queries shared by card scripts of several sets.

use crate::engine::{Ask, CardId, Cont, Game, Opt, Zone};

/// The host of attachment `me`, if it is attached.
pub fn host(g: &Game, me: CardId) -> Option<CardId> {
    match g.card(me).zone {
        Zone::Attached(h) => Some(h),
        _ => None,
    }
}

/// Attachment target check for "attach to a hero" (any player's hero in play).
pub fn to_hero(g: &Game, _me: CardId, _seat: u8, t: CardId) -> bool {
    g.is_hero(t) && g.reaches(t)
}

/// Is `c` in `seat`'s play area (so under his control)?
pub fn mine_in_play(g: &Game, c: CardId, seat: u8) -> bool {
    g.card(c).zone == Zone::Play(seat)
}

/// The players of the staging area being resolved, by seat number from seat 0 (eliminated
/// players included, as `0..n_players`): the players an effect resolving now may reach, "each
/// player", "a player", "any player" (RULES §7.6.1, §7.6.4; every player with one staging
/// area, or with `RuleOptions::player_cards_stop_at_areas` off). A copy, so the game can change
/// while iterating.
#[inline(always)]
pub fn area_players(g: &Game) -> AreaPlayers {
    let mut out = AreaPlayers {
        s: [0; 4],
        n: 0,
        i: 0,
    };
    for p in 0..g.n_players.min(4) {
        if g.reaches_player(p) {
            out.s[out.n as usize] = p;
            out.n += 1;
        }
    }
    out
}

/// Does `f` hold for a card in the play area of one of the `area_players` (in their order)? Plain
/// nested loops, for the `can_act`s asked at every action window.
#[inline(always)]
pub fn any_in_area_play(g: &Game, f: impl Fn(CardId) -> bool) -> bool {
    for p in 0..g.n_players.min(4) {
        if g.reaches_player(p) && g.list(Zone::Play(p)).iter().any(|&c| f(c)) {
            return true;
        }
    }
    false
}

/// The iterator `area_players` returns.
#[derive(Clone, Copy, Debug)]
pub struct AreaPlayers {
    s: [u8; 4],
    n: u8,
    i: u8,
}

impl Iterator for AreaPlayers {
    type Item = u8;
    #[inline]
    fn next(&mut self) -> Option<u8> {
        (self.i < self.n).then(|| {
            self.i += 1;
            self.s[self.i as usize - 1]
        })
    }
}

/// The cards in the staging area being resolved ("the staging area" of an effect resolving
/// now, RULES §7.6; the whole staging area with one).
pub fn staged<'g>(g: &'g Game<'g>) -> impl Iterator<Item = CardId> + 'g {
    g.list(Zone::Staging)
        .iter()
        .copied()
        .filter(move |&c| g.card_in_this_area(c))
}

/// Every character in play, player by player (with separate staging areas, of the players of
/// the area being resolved: RULES §7.6.1).
pub fn all_characters<'g>(g: &'g Game<'g>) -> impl Iterator<Item = CardId> + 'g {
    (0..g.n_players)
        .filter(move |&p| g.in_this_area(p))
        .flat_map(move |p| g.characters(p))
}

/// The sum of `f` over every character in play of the players still in the game (every area).
pub fn sum_over_characters(g: &Game, mut f: impl FnMut(CardId) -> i32) -> i32 {
    let mut sum = 0i32;
    for p in 0..g.n_players {
        if g.players[p as usize].eliminated {
            continue;
        }
        for c in g.characters(p) {
            sum += f(c);
        }
    }
    sum
}

/// Every enemy in play: the staging area, then each player's engaged enemies (with separate
/// staging areas, those of the area being resolved: RULES §7.6.1).
pub fn enemies_in_play<'g>(g: &'g Game<'g>) -> impl Iterator<Item = CardId> + 'g {
    let engaged = (0..g.n_players)
        .filter(move |&p| g.in_this_area(p))
        .flat_map(move |p| g.engaged(p).iter().copied());
    staged(g).chain(engaged).filter(move |&e| g.is_enemy(e))
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
    let n = c.uses_phase.saturating_add(1);
    g.set_uses_phase(me, n);
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
    g.remove_damage(c, k);
}

/// The Mission objective in play (The Weather Hills: Hunting the Orcs, then its other side
/// Savage Counter-attack), if any.
pub fn mission(g: &Game) -> Option<CardId> {
    g.list(Zone::Staging)
        .iter()
        .copied()
        .find(|&c| g.ty(c) == crate::data::CardType::Objective && g.has_trait(c, "Mission"))
}

/// Who chooses the characters in a "deal / assign damage" effect.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Dealers {
    /// Each player in turn, from the first player ("each player deals / assigns ...").
    Each,
    /// One player only (the defending player of a shadow effect, the first player ...).
    Only(u8),
}

/// Drive a damage effect one decision at a time. Each dealer in turn chooses characters that
/// `target(g, c, dealer)` allows: with `split` he assigns `n` damage one point at a time (never
/// to a character with no hit points left); without it one chosen character takes all `n`.
/// A dealer with no legal character deals nothing. Damage is dealt as it is assigned.
///
/// Start with `Cont::new(card, step).with(0, n, n)` and `Opt::Pass`; call it again from the
/// card's `resume` (step `step`) with the continuation and the answer. Returns true once every
/// dealer is done (the caller then resolves what follows), false while a decision is pending.
pub fn deal_damage_steps(
    g: &mut Game,
    cont: Cont,
    opt: Opt,
    what: u8,
    split: bool,
    dealers: Dealers,
    target: fn(&Game, CardId, u8) -> bool,
) -> bool {
    let n = cont.b;
    let mut k = cont.player;
    let mut left = cont.a;
    if let Opt::Card(c) = opt {
        let d = if split { 1 } else { left };
        g.deal_damage(c, d);
        left -= d;
    }
    loop {
        if left <= 0 {
            k += 1;
            left = n;
        }
        let p = match dealers {
            Dealers::Only(p) if k == 0 => p,
            Dealers::Only(_) => return true,
            Dealers::Each if k < g.n_players => g.seat(k),
            Dealers::Each => return true,
        };
        if g.players[p as usize].eliminated || n <= 0 || !g.in_this_area(p) {
            left = 0;
            continue;
        }
        g.begin_ask(
            p,
            Ask::Effect {
                card: cont.card,
                what,
            },
        );
        for q in 0..g.n_players {
            if !g.in_this_area(q) {
                continue;
            }
            for i in 0..g.list(Zone::Play(q)).len() {
                let c = g.list(Zone::Play(q))[i];
                if g.is_character(c)
                    && g.can_take_damage(c)
                    && g.remaining_hp(c) > 0
                    && target(g, c, p)
                {
                    g.offer(Opt::Card(c));
                }
            }
        }
        if g.n_offered() == 0 {
            left = 0;
            continue;
        }
        g.ask_script(Cont::new(cont.card, cont.step).with(k, left, n));
        return false;
    }
}

/// Target rule: a character the dealer controls.
pub fn own_character(g: &Game, c: CardId, dealer: u8) -> bool {
    g.controller(c) == dealer
}

/// Target rule: a hero the dealer controls.
pub fn own_hero(g: &Game, c: CardId, dealer: u8) -> bool {
    g.is_hero(c) && g.controller(c) == dealer
}

/// Raise each player's threat by `n` (each player of the staging area being resolved,
/// RULES §7.6.4).
pub fn raise_each(g: &mut Game, n: i16) {
    for p in 0..g.n_players {
        if g.in_this_area(p) {
            g.raise_threat(p, n);
        }
    }
}

/// Characters controlled by `p` with at least one damage token.
pub fn damaged_characters(g: &Game, p: u8) -> i16 {
    g.characters(p).filter(|&c| g.card(c).damage > 0).count() as i16
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

/// The seats still in the game in the staging area being resolved, in player order: "each
/// player" of a card effect (RULES §7.6.4, §7.6.10; every seat still in the game while there
/// is one staging area).
pub fn seats(g: &Game) -> Seats {
    let mut out = Seats { s: [0; 4], n: 0 };
    for p in g.area_seats() {
        if out.n < 4 {
            out.s[out.n] = p;
            out.n += 1;
        }
    }
    out
}

/// Does `c` (a card definition in any zone) name an event with a Valour trigger?
pub fn is_valour_event(g: &Game, c: CardId) -> bool {
    g.ty(c) == crate::data::CardType::Event
        && g.known_script(c).is_some_and(|s| s.hint.valour_event)
}

/// Offer `c` unless a card of its title was offered already (`seen[..*n]`) or `seen` is full.
fn offer_if_new_title(g: &mut Game, c: CardId, seen: &mut [u16], n: &mut usize) {
    let def = g.card(c).def;
    if *n < seen.len() && !seen[..*n].contains(&def) {
        seen[*n] = def;
        *n += 1;
        g.offer(Opt::Card(c));
    }
}

/// Offer `Opt::Card` for one card of each title (at most 16) among `cards` that matches `f`
/// (a search of a player's deck where he picks which card); returns how many were offered.
pub fn offer_one_per_title(
    g: &mut Game,
    cards: &[CardId],
    f: impl Fn(&Game, CardId) -> bool,
) -> usize {
    let mut seen: [u16; 16] = [u16::MAX; 16];
    let mut n = 0;
    for &c in cards {
        if f(g, c) {
            offer_if_new_title(g, c, &mut seen, &mut n);
        }
    }
    n
}

/// Offer one card of each title (at most 8) matching `f` in the encounter deck (top first),
/// then its discard pile (a search of the encounter piles where the player picks which card);
/// returns how many were offered.
pub fn offer_encounter_one_per_title(g: &mut Game, f: impl Fn(&Game, CardId) -> bool) -> usize {
    let mut seen: [u16; 8] = [u16::MAX; 8];
    let mut n = 0;
    for z in [Zone::EncounterDeck, Zone::EncounterDiscard] {
        for i in (0..g.list(z).len()).rev() {
            let c = g.list(z)[i];
            if f(g, c) {
                offer_if_new_title(g, c, &mut seen, &mut n);
            }
        }
    }
    n
}

/// The first card titled `title` in the encounter deck (top first), then the encounter discard
/// pile, then the victory display (the usual three places an encounter search looks).
pub fn search_encounter_piles(g: &Game, title: &str) -> Option<CardId> {
    [Zone::EncounterDeck, Zone::EncounterDiscard, Zone::Victory]
        .into_iter()
        .flat_map(|z| g.list(z).iter().rev().copied())
        .find(|&c| g.def_of(c).title == title)
}

/// One turn of "each player in turn (from the first player) may …", run as steps `0..players`
/// of `card`'s `resume`: queues step `k + 1` and returns the seat whose turn step `k` is, or
/// `None` when every player has had his turn or this one is eliminated or in another staging
/// area (his turn is skipped, RULES §7.6.4).
pub fn next_player_turn(g: &mut Game, card: CardId, k: u8) -> Option<u8> {
    if k >= g.n_players {
        return None;
    }
    g.stack.push(crate::engine::Frame::Resume {
        cont: Cont::new(card, k + 1),
    });
    let q = g.seat(k);
    (!g.players[q as usize].eliminated && g.in_this_area(q)).then_some(q)
}

/// Offer each ready character of player `p` (in play-area order) to the decision being built.
pub fn offer_ready_characters(g: &mut Game, p: u8) {
    for i in 0..g.list(Zone::Play(p)).len() {
        let c = g.list(Zone::Play(p))[i];
        if g.is_character(c) && g.is_ready(c) {
            g.offer(Opt::Card(c));
        }
    }
}

/// The card code of `c`.
pub fn code<'g>(g: &'g Game, c: CardId) -> &'g str {
    &g.def_of(c).code
}

/// Add the line `f` writes to the game log, only when logging is on.
pub fn log(g: &mut Game, f: impl FnOnce(&Game) -> String) {
    if g.logging() {
        let s = f(g);
        g.log_line(s);
    }
}
