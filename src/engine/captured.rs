//! Captured decks and captured cards (RULES.md §8.7, Escape from Mount Gram).
//!
//! - A player's **captured deck** is `Zone::Captured(p)` (one shared list; the last card with
//!   that zone is the top), out of play, face down. `prepare_captured_deck` builds it at setup
//!   from his allies, his Item / Mount / Artifact attachments and his heroes but the starting
//!   one; it has no discard pile (a card discarded from it goes to its owner's, `discard`).
//! - A **captured card** lies face down under an encounter or quest card (`Zone::Under(host)`
//!   with `CardInst::captured` set), out of play and controlled by no one. Capture X
//!   (`capture_keyword`, from the reveal procedure before When Revealed effects) takes the top X
//!   cards of each captured deck of the area's players; a card effect may capture a card from
//!   play or hand (`capture`: tokens and attachments go).
//! - **Rescue**: when a host leaves play (`move_card` calls `rescue_under` while any card is
//!   captured), each card under it goes to its owner's hand, a hero into play under his
//!   control (no threat change: RULES §8.7.7 engine choice); `Event::Rescued(host, owner)`
//!   follows, once per owner, after the current work. A host whose own script answers
//!   `Rule::RescuedMayEnterPlay` (Dungeon Guard) then gets its `resume` at step
//!   `RESCUED_ENTER_PLAY`, the rescued cards marked with `CardInst::rescued_from`.
//! - **Capture instead of damage**: an ally an attack would damage is captured under the
//!   attacker instead when the enemy answers `Rule::CapturesAlliesItWouldDamage` (Cruel
//!   Torturer) or a shadow effect set `AttackCtx::capture_allies` (Captives of Gornákh)
//!   (`capture_instead_of_damage`, asked by the combat damage step).

use super::*;
use rand::seq::SliceRandom;
use rand::Rng;

impl<'a> Game<'a> {
    /// Player `p`'s captured deck, bottom to top.
    pub fn captured_deck(&self, p: u8) -> impl Iterator<Item = CardId> + '_ {
        self.list(Zone::Captured(0))
            .iter()
            .copied()
            .filter(move |&c| self.cards[c as usize].zone == Zone::Captured(p))
    }

    /// The top card of player `p`'s captured deck.
    pub fn captured_top(&self, p: u8) -> Option<CardId> {
        self.list(Zone::Captured(0))
            .iter()
            .rev()
            .copied()
            .find(|&c| self.cards[c as usize].zone == Zone::Captured(p))
    }

    /// The captured cards under `host`, in the order they were captured.
    pub fn captives(&self, host: CardId) -> impl Iterator<Item = CardId> + '_ {
        self.cards_under(host)
            .filter(|&c| self.cards[c as usize].captured)
    }

    /// How many cards in play have captured cards under them (Goblin Tormentor's X).
    pub fn cards_with_captives(&self) -> i16 {
        if self.areas.captives == 0 {
            return 0;
        }
        let mut hosts = SmallIds::new();
        for &c in self.list(Zone::Under(0)) {
            if let Zone::Under(h) = self.cards[c as usize].zone {
                if self.cards[c as usize].captured && !hosts.contains(&h) {
                    hosts.push(h);
                }
            }
        }
        hosts.len() as i16
    }

    /// Is this card one of the kinds a captured deck is made of (§8.7.2: allies and Item, Mount
    /// or Artifact attachments)?
    pub fn goes_to_captured_deck(&self, c: CardId) -> bool {
        match self.ty(c) {
            CardType::Ally => true,
            // Its own few traits compared by name (as `has_trait`'s printed test): cheaper than
            // finding each kind's id among every trait name (`CardDb::trait_id`), three times a
            // card (the names are unique in the table, so the same answer; speed41).
            CardType::Attachment => {
                let names = &self.db.traits;
                self.def_of(c).traits.iter().any(|&t| {
                    names
                        .get(t as usize)
                        .is_some_and(|n| matches!(n.as_str(), "Item" | "Mount" | "Artifact"))
                })
            }
            _ => false,
        }
    }

    /// Prepare player `p`'s captured deck (§8.7.2): every ally and Item / Mount / Artifact
    /// attachment of his deck and hand, shuffled; his heroes but `start` leave play: one at
    /// random is set aside, the others are shuffled in, then the set-aside one goes on top (on
    /// the bottom with `hero_on_bottom`: the Nightmare setup card).
    pub fn prepare_captured_deck(&mut self, p: u8, start: CardId, hero_on_bottom: bool) {
        let mut buf = std::mem::take(&mut self.scratch);
        buf.clear();
        // Test builds: the hand and the deck as the moves one by one would leave them.
        let expect: Option<[Vec<CardId>; 2]> = cfg!(test).then(|| {
            [Zone::Hand(p), Zone::Deck(p)].map(|z| {
                let l = self.list(z).iter().copied();
                l.filter(|&c| !self.goes_to_captured_deck(c)).collect()
            })
        });
        // The cards that go are taken out of the hand's and the deck's lists here (the rest
        // keep their order) and put back on top in the reverse of the order they move below,
        // so that each move takes its list's top card (no search, no shift: speed42). The
        // lists end as the moves one by one from their places would leave them; nothing reads
        // the order of these two lists in between (the moves only count them).
        for z in [Zone::Hand(p), Zone::Deck(p)] {
            let li = z.list();
            let mut l = std::mem::take(&mut self.lists[li]);
            let mut kept = 0;
            for i in 0..l.len() {
                let c = l[i];
                if self.goes_to_captured_deck(c) {
                    buf.push(c);
                } else {
                    l[kept] = c;
                    kept += 1;
                }
            }
            l.truncate(kept);
            self.lists[li] = l;
        }
        let others: SmallIds = self.heroes(p).filter(|&h| h != start).collect();
        let aside = if others.is_empty() {
            NO_CARD
        } else {
            others[self.rng_players[p as usize].gen_range(0..others.len())]
        };
        buf.extend(others.iter().copied().filter(|&h| h != aside));
        buf.shuffle(&mut self.rng_players[p as usize]);
        if aside != NO_CARD && hero_on_bottom {
            buf.insert(0, aside);
        } else if aside != NO_CARD {
            buf.push(aside);
        }
        for &c in buf.iter().rev() {
            if let z @ (Zone::Hand(_) | Zone::Deck(_)) = self.cards[c as usize].zone {
                self.lists[z.list()].push(c);
            }
        }
        for &c in buf.iter() {
            self.move_card(c, Zone::Captured(p));
        }
        if let Some([hand, deck]) = expect {
            assert_eq!(
                self.list(Zone::Hand(p)),
                &hand[..],
                "the hand after the captured deck"
            );
            assert_eq!(
                self.list(Zone::Deck(p)),
                &deck[..],
                "the deck after the captured deck"
            );
        }
        let n = buf.len();
        buf.clear();
        self.scratch = buf;
        self.log_fn(|g| {
            format!(
                "  P{} keeps {} and prepares a captured deck of {n} card(s)",
                p + 1,
                g.title(start)
            )
        });
    }

    /// Capture card `c` under `host` (§8.7.5): from play it loses its tokens and attachments
    /// (`move_card`); from a captured deck or a hand it just moves.
    pub fn capture(&mut self, c: CardId, host: CardId) {
        if self.out_of_game(c) {
            return;
        }
        let was = self.cards[c as usize].zone;
        self.move_card(c, Zone::Under(host));
        self.cards[c as usize].captured = true;
        self.areas.captives += 1;
        self.log_fn(|g| format!("  {} is captured under {}", g.title(c), g.title(host)));
        if was.in_play() {
            self.fire(Event::LeftPlay(c));
        }
        self.fire(Event::Captured(c, host));
    }

    /// Player `p` captures the top `n` cards of his captured deck under `host` (fewer if it
    /// holds fewer); returns how many.
    pub fn capture_from_deck(&mut self, p: u8, host: CardId, n: u8) -> u8 {
        let mut done = 0;
        while done < n {
            let Some(c) = self.captured_top(p) else { break };
            self.capture(c, host);
            done += 1;
        }
        done
    }

    /// Capture X of `card` entering play (§8.7.4, §7.6.6): each player in the game at the
    /// staging area being resolved captures the top X cards of his captured deck under it.
    pub fn capture_keyword(&mut self, card: CardId, x: u8) {
        for p in 0..self.n_players {
            if !self.players[p as usize].eliminated && self.in_this_area(p) {
                self.capture_from_deck(p, card, x);
            }
        }
    }

    /// Rescue captured card `c` (§8.7.7): to its owner's hand, a hero into play under his
    /// control; an eliminated owner's card leaves the game. The caller fires `Rescued`.
    fn rescue_one(&mut self, c: CardId) {
        let o = self.cards[c as usize].owner;
        if self.players[o as usize].eliminated {
            self.move_card(c, Zone::Eliminated);
            return;
        }
        let host = match self.cards[c as usize].zone {
            Zone::Under(h) => h,
            _ => NO_CARD,
        };
        if host != NO_CARD && !self.is_item(c) && self.items_only(host) {
            self.move_card(c, Zone::Discard(o));
            self.log_fn(|g| format!("  {} is rescued and discarded", g.title(c)));
            return;
        }
        if self.ty(c) == CardType::Hero {
            self.move_card(c, Zone::Play(o));
            self.cards[c as usize].rescued_from = host;
            self.log_fn(|g| format!("  {} is rescued into play (P{})", g.title(c), o + 1));
            self.stack.push(Frame::Resume {
                cont: Cont::new(NO_CARD, RESUME_ENTERS_PLAY).with(o, c as i16, 0),
            });
        } else {
            self.move_card(c, Zone::Hand(o));
            self.cards[c as usize].rescued_from = host;
            self.log_fn(|g| format!("  {} is rescued to P{}'s hand", g.title(c), o + 1));
        }
    }

    /// Does the host's own script send its rescued non-Item cards to the discard pile
    /// (`Rule::RescuedItemsOnly`, asked whether the host is in play or not)?
    fn items_only(&self, host: CardId) -> bool {
        let f = self.script(host).and_then(|s| s.rule);
        f.is_some_and(|f| f(self, host, crate::cards::Rule::RescuedItemsOnly(host)))
    }

    fn is_item(&self, c: CardId) -> bool {
        self.def_of(c).traits.contains(&self.db.trait_id("Item"))
    }

    /// Queue `Event::Rescued(host, p)` after the current work.
    fn queue_rescued(&mut self, host: CardId, p: u8) {
        self.stack.push(Frame::Resume {
            cont: Cont::new(NO_CARD, RESUME_RESCUED).with(p, host as i16, 0),
        });
    }

    /// After the Rescued events: the host's own Response to its rescued cards, if its script
    /// has one (`Rule::RescuedMayEnterPlay`, asked of the script whether the host is in play
    /// or not: it usually just left).
    fn queue_rescued_response(&mut self, host: CardId) {
        let f = self.script(host).and_then(|s| s.rule);
        if f.is_some_and(|f| f(self, host, crate::cards::Rule::RescuedMayEnterPlay(host))) {
            self.stack.push(Frame::Resume {
                cont: Cont::new(host, RESCUED_ENTER_PLAY),
            });
        }
    }

    /// The cards just rescued from `host` that are in their owner's hand (a rescued hero is
    /// in play already).
    pub fn rescued_to_hand(&self, host: CardId) -> SmallIds {
        let mut out = SmallIds::new();
        for p in 0..self.n_players {
            for &c in self.list(Zone::Hand(p)) {
                if self.cards[c as usize].rescued_from == host {
                    out.push(c);
                }
            }
        }
        out
    }

    /// Combat damage `dmg` of the attack being resolved is about to be dealt to `c`: if `c`
    /// is an ally and the attacker captures allies instead of damaging them (Cruel Torturer's
    /// `Rule::CapturesAlliesItWouldDamage`, a shadow's `AttackCtx::capture_allies`), capture
    /// it under the attacking enemy and return true (no damage is dealt).
    pub fn capture_instead_of_damage(&mut self, c: CardId, dmg: i16) -> bool {
        let e = self.attack.enemy;
        if dmg <= 0
            || self.ty(c) != CardType::Ally
            || !self.can_take_damage(c)
            || !self.cards[e as usize].zone.in_play()
            || !self.captures_allies(e)
        {
            return false;
        }
        self.capture(c, e);
        true
    }

    /// Does enemy `e` capture an ally its attack would damage instead of damaging it (Cruel
    /// Torturer's `Rule::CapturesAlliesItWouldDamage`; a shadow's `AttackCtx::capture_allies`
    /// while `e`'s attack is under way)? Bots read it too: such an ally defending `e` is lost
    /// once any damage gets through.
    pub fn captures_allies(&self, e: CardId) -> bool {
        (self.attack.enemy == e && self.attack.capture_allies)
            || self.rule(crate::cards::Rule::CapturesAlliesItWouldDamage(e))
    }

    /// Every captured card under `host` is rescued (its host left play).
    pub(crate) fn rescue_under(&mut self, host: CardId) {
        let mut owners = [false; MAX_PLAYERS];
        if self.captives(host).next().is_none() {
            return;
        }
        self.queue_rescued_response(host);
        while let Some(c) = {
            let next = self.captives(host).next();
            next
        } {
            owners[self.cards[c as usize].owner as usize] = true;
            self.rescue_one(c);
        }
        for p in (0..self.n_players).rev() {
            if owners[p as usize] {
                self.queue_rescued(host, p);
            }
        }
    }

    /// Rescue `n` captured cards at random from under `host` (Gornákh's Dungeons' progress,
    /// Prison Guard); returns how many were rescued.
    pub fn rescue_random(&mut self, host: CardId, n: i16) -> i16 {
        let mut owners = [false; MAX_PLAYERS];
        let mut done = 0;
        if n > 0 && self.captives(host).next().is_some() {
            self.queue_rescued_response(host);
        }
        while done < n {
            let k = self.captives(host).count();
            if k == 0 {
                break;
            }
            let i = self.rng_encounter.gen_range(0..k);
            let c = self.captives(host).nth(i).expect("i < k");
            owners[self.cards[c as usize].owner as usize] = true;
            self.rescue_one(c);
            done += 1;
        }
        for p in (0..self.n_players).rev() {
            if owners[p as usize] {
                self.queue_rescued(host, p);
            }
        }
        done
    }

    /// Rescue one chosen captured card `c` (Prison Cell, Dungeon Guard choose which).
    pub fn rescue(&mut self, c: CardId) {
        let Zone::Under(host) = self.cards[c as usize].zone else {
            return;
        };
        let o = self.cards[c as usize].owner;
        self.queue_rescued_response(host);
        self.rescue_one(c);
        self.queue_rescued(host, o);
    }

    /// Player `p` is eliminated: his captured deck and his captured cards leave the game.
    pub(crate) fn eliminate_captured(&mut self, p: u8) {
        while let Some(c) = self.captured_top(p) {
            self.move_card(c, Zone::Eliminated);
        }
        if self.areas.captives == 0 {
            return;
        }
        while let Some(c) = {
            let mine =
                self.list(Zone::Under(0)).iter().copied().find(|&c| {
                    self.cards[c as usize].captured && self.cards[c as usize].owner == p
                });
            mine
        } {
            self.move_card(c, Zone::Eliminated);
        }
    }

    /// Shuffle player `p`'s captured deck (hidden order: `determinize`).
    pub(crate) fn shuffle_captured<R: Rng + ?Sized>(&mut self, p: u8, rng: &mut R) {
        let l = Zone::Captured(0).list();
        let mut pos = SmallIds::new();
        let mut ids = SmallIds::new();
        for (j, &c) in self.lists[l].iter().enumerate() {
            if self.cards[c as usize].zone == Zone::Captured(p) {
                pos.push(j as CardId);
                ids.push(c);
            }
        }
        ids.sort_unstable();
        ids.shuffle(rng);
        for (j, &c) in ids.iter().enumerate() {
            self.lists[l][pos[j] as usize] = c;
        }
    }

    /// Invariants: every captured card lies under an encounter or quest card in play (a player
    /// side quest included) and is a player's; `AreaState::captives` counts them; captured decks hold their owner's cards of
    /// the right kinds only (and no eliminated player's, unless the game ended with him).
    pub(crate) fn check_captured(&self) -> Result<(), String> {
        let mut n = 0u16;
        for (i, ci) in self.cards.iter().enumerate() {
            let c = i as CardId;
            if ci.captured {
                n += 1;
                let Zone::Under(h) = ci.zone else {
                    return Err(format!("{} is captured in {:?}", self.title(c), ci.zone));
                };
                let hi = &self.cards[h as usize];
                // A player side quest can be the current quest that Goblin Patrol (Nightmare)
                // captures under: a quest card, though a player's.
                let host_ok = hi.owner == ENCOUNTER || self.ty(h) == CardType::PlayerSideQuest;
                if ci.owner == ENCOUNTER || !host_ok || !hi.zone.in_play() {
                    return Err(format!(
                        "{} is captured under {} ({:?})",
                        self.title(c),
                        self.title(h),
                        hi.zone
                    ));
                }
            }
            if let Zone::Captured(p) = ci.zone {
                if ci.owner != p
                    || p >= self.n_players
                    || (self.players[p as usize].eliminated && !self.is_over())
                    || !(self.goes_to_captured_deck(c) || self.ty(c) == CardType::Hero)
                {
                    return Err(format!(
                        "{} (owner {}) is in P{}'s captured deck",
                        self.title(c),
                        ci.owner,
                        p + 1
                    ));
                }
            }
        }
        if n != self.areas.captives {
            return Err(format!(
                "{n} captured cards but {} counted",
                self.areas.captives
            ));
        }
        Ok(())
    }
}

/// `engine_resume` steps of this module.
pub(crate) const RESUME_RESCUED: u8 = 41;
pub(crate) const RESUME_ENTERS_PLAY: u8 = 42;
/// `Cont::step` a host's `resume` gets after cards were rescued from under it when its script
/// answers `Rule::RescuedMayEnterPlay` (the rescued cards: `Game::rescued_to_hand`).
pub const RESCUED_ENTER_PLAY: u8 = 248;

#[cfg(test)]
mod tests {
    use crate::cards::testkit::sandbox;
    use crate::engine::*;

    #[test]
    fn captured_deck_capture_and_rescue() {
        let mut g = sandbox(&[&["Core-001", "Core-002", "Core-003"], &["Core-004"]]);
        let start = g.heroes(0).next().unwrap();
        let others: Vec<CardId> = g.heroes(0).skip(1).collect();
        let allies = g.list(Zone::Deck(0)).len() + g.list(Zone::Hand(0)).len();
        g.prepare_captured_deck(0, start, false);
        assert_eq!(g.heroes(0).collect::<Vec<_>>(), vec![start]);
        assert!(g.list(Zone::Hand(0)).is_empty() && g.list(Zone::Deck(0)).is_empty());
        assert_eq!(g.captured_deck(0).count(), allies + 2);
        let top = g.captured_top(0).unwrap();
        assert!(others.contains(&top), "a set-aside hero on top");
        g.check_invariants().unwrap();
        // Capture 3 under an enemy: the top three, the hero first.
        let orc = g.spawn("TLR-043", ENCOUNTER, Zone::Staging);
        assert_eq!(g.capture_from_deck(0, orc, 3), 3);
        assert_eq!(g.captives(orc).count(), 3);
        assert_eq!(g.card(top).zone, Zone::Under(orc));
        assert_eq!(g.areas.captives, 3);
        assert_eq!(g.cards_with_captives(), 1);
        g.check_invariants().unwrap();
        // A captured ally from play loses its damage.
        let ally = g.spawn("Core-013", 1, Zone::Play(1));
        g.card_mut(ally).damage = 1;
        g.capture(ally, orc);
        assert_eq!(g.card(ally).damage, 0);
        g.check_invariants().unwrap();
        // The host leaves play: each captured card is rescued, the hero into play.
        let under: Vec<CardId> = g.captives(orc).collect();
        g.discard(orc);
        g.run();
        assert_eq!(g.areas.captives, 0);
        assert_eq!(g.card(top).zone, Zone::Play(0));
        for c in under {
            if c != top {
                let o = g.card(c).owner;
                assert_eq!(g.card(c).zone, Zone::Hand(o));
            }
        }
        g.check_invariants().unwrap();
        // A random rescue takes that many.
        let orc2 = g.spawn("TLR-043", ENCOUNTER, Zone::Staging);
        g.capture_from_deck(0, orc2, 4);
        assert_eq!(g.rescue_random(orc2, 3), 3);
        assert_eq!(g.captives(orc2).count(), 1);
        // An eliminated player's captured cards leave the game with him.
        g.eliminate(0, false);
        assert_eq!(g.captives(orc2).count(), 0);
        assert_eq!(g.captured_deck(0).count(), 0);
        g.check_invariants().unwrap();
    }

    #[test]
    fn capture_keyword_takes_from_the_area_players_only() {
        let mut g = sandbox(&[&["Core-001", "Core-002"], &["Core-003", "Core-004"]]);
        for p in 0..2 {
            let h = g.heroes(p).next().unwrap();
            g.prepare_captured_deck(p, h, true);
        }
        // Nightmare: the set-aside hero is at the bottom.
        let bottom = g.captured_deck(0).next().unwrap();
        assert_eq!(g.ty(bottom), CardType::Hero);
        g.split_areas();
        g.areas.now = 1;
        let orc = g.spawn("TLR-043", ENCOUNTER, Zone::Staging);
        g.capture_keyword(orc, 2);
        assert_eq!(g.captives(orc).count(), 2);
        assert!(g.captives(orc).all(|c| g.card(c).owner == 1));
        g.check_invariants().unwrap();
    }
}
