//! Primitive operations on the game state. Card scripts and the framework are built from these.

use super::*;
use crate::cards::{Rule, Script};

use rand::seq::SliceRandom;

impl<'a> Game<'a> {
    pub fn script(&self, c: CardId) -> Option<&'static Script> {
        let ci = &self.cards[c as usize];
        let s = ci.script;
        if s == NO_SCRIPT || ci.guarded {
            return None;
        }
        if self.n_blank_damaged > 0 && ci.damage > 0 && self.blanked(c) {
            return None;
        }
        Some(self.script_table[s as usize])
    }

    /// The script a bot knows card `c` by, to read its hints (`Script::hint`): its script, or
    /// while its text is blanked (or it is a guarded objective) the script registered under its
    /// original printing's code, so blanking never changes what a bot knows about a card.
    pub fn known_script(&self, c: CardId) -> Option<&'static Script> {
        if let Some(s) = self.script(c) {
            return Some(s);
        }
        let s = self.raw_script(c)?;
        let original = self.db.def(self.db.original(self.def_id(c))).code.as_str();
        if s.code == original {
            Some(s)
        } else {
            crate::cards::lookup(original).map(|(_, s)| s)
        }
    }

    /// The script of `c`'s current face, even if its text box is blanked now.
    fn raw_script(&self, c: CardId) -> Option<&'static Script> {
        let s = self.cards[c as usize].script;
        (s != NO_SCRIPT).then(|| self.script_table[s as usize])
    }

    /// Is `c`'s printed text box blank now (a damaged hero or ally in play while a card such as
    /// Cold from Angmar is in play, RULES §5.33.9)? Keywords are data and stay. Engine choice:
    /// objective-allies are not blanked, since their loss clause cannot be (§8.3.2) and the
    /// engine cannot blank only part of a script.
    pub fn blanked(&self, c: CardId) -> bool {
        let ci = &self.cards[c as usize];
        self.n_blank_damaged > 0
            && ci.damage > 0
            && ci.zone.in_play()
            && matches!(self.def_of(c).ty, CardType::Hero | CardType::Ally)
    }

    pub(crate) fn new_card(&mut self, def: DefId, owner: u8, zone: Zone) -> CardId {
        let id = self.cards.len() as CardId;
        self.cards.push(CardInst {
            def,
            script: NO_SCRIPT,
            owner,
            controller: owner,
            last_controller: owner,
            zone,
            exhausted: false,
            damage: 0,
            progress: 0,
            resources: 0,
            time: 0,
            gen: 0,
            questing: false,
            attacked: false,
            attacked_by: 0,
            uses_round: 0,
            uses_phase: 0,
            guarded: false,
        });
        self.set_face(id, def);
        self.lists[zone.list()].push(id);
        self.note_moved(id);
        id
    }

    /// Show face `def` of card `c` (flipping keeps tokens and attachments).
    pub fn set_face(&mut self, c: CardId, def: DefId) {
        let script = self.def_script[def as usize];
        let ci = &mut self.cards[c as usize];
        ci.def = def;
        ci.script = script;
        self.dirty = true;
        self.note_moved(c);
    }

    /// Keep the interest lists current when `c` moved or flipped: `n_globals` (cards in play
    /// with global modifiers) and `forced_cards` (cards in play with Forced effects, in the order
    /// `in_play_cards` gives). Rebuilt only when a card with such a hook moves.
    fn note_moved(&mut self, c: CardId) {
        let Some(sc) = self.raw_script(c) else { return };
        if sc
            .rule
            .map(|f| f(self, c, Rule::BlanksDamagedCharacters))
            .unwrap_or(false)
        {
            self.n_blank_damaged = self
                .in_play_cards()
                .filter(|&x| {
                    self.raw_script(x)
                        .and_then(|s| s.rule)
                        .map(|f| f(self, x, Rule::BlanksDamagedCharacters))
                        .unwrap_or(false)
                })
                .count() as u8;
        }
        if sc.global {
            self.n_globals = super::query::GLOBAL_ZONES
                .into_iter()
                .flat_map(|z| self.list(z).iter())
                .filter(|&&x| self.raw_script(x).map(|s| s.global).unwrap_or(false))
                .count() as u8;
        }
        if sc.cost_mod.is_some() {
            self.n_cost_mods = self
                .in_play_cards()
                .filter(|&x| self.script(x).and_then(|s| s.cost_mod).is_some())
                .count() as u8;
        }
        if sc.forced.is_some() {
            let mut l = std::mem::take(&mut self.forced_cards);
            l.clear();
            l.extend(
                self.in_play_cards()
                    .filter(|&x| self.raw_script(x).and_then(|s| s.forced).is_some()),
            );
            self.forced_cards = l;
        }
    }

    /// Move a card to the top (end) of zone `to`. Leaving play clears tokens, state and lasting
    /// effects and discards attachments and shadow cards; entering play makes a new object.
    pub fn move_card(&mut self, c: CardId, to: Zone) {
        let from = self.cards[c as usize].zone;
        let l = &mut self.lists[from.list()];
        if let Some(pos) = l.iter().position(|&x| x == c) {
            l.remove(pos);
        }
        let was_in_play = from.in_play();
        let now_in_play = to.in_play();
        {
            let ci = &mut self.cards[c as usize];
            ci.zone = to;
            ci.guarded = false;
            if was_in_play && !now_in_play {
                ci.last_controller = ci.controller;
                ci.damage = 0;
                ci.progress = 0;
                ci.resources = 0;
                ci.time = 0;
                ci.exhausted = false;
                ci.questing = false;
                ci.attacked = false;
                ci.attacked_by = 0;
            }
            if !was_in_play && now_in_play {
                ci.gen = ci.gen.wrapping_add(1);
                ci.exhausted = false;
            }
            if !now_in_play {
                ci.controller = ci.owner;
            }
            if let Zone::Play(p) = to {
                ci.controller = p;
            }
        }
        self.lists[to.list()].push(c);
        self.dirty = true;
        self.note_moved(c);
        if was_in_play && !now_in_play {
            // Its lasting effects end, except being the current quest: a side quest defeated
            // during the quest phase stays the current quest (§8.4.8).
            self.lasting
                .retain(|e| e.card != c || e.what == Lasting::CurrentQuest);
            self.discard_hosted(c);
        }
    }

    /// Put `c` at the bottom (front) of an ordered zone.
    pub fn move_card_bottom(&mut self, c: CardId, to: Zone) {
        self.move_card(c, to);
        let l = &mut self.lists[to.list()];
        let last = l.pop().expect("just pushed");
        l.insert(0, last);
    }

    /// Discard the attachments and shadow cards of a card that left play.
    fn discard_hosted(&mut self, host: CardId) {
        loop {
            let found = self
                .list(Zone::Attached(0))
                .iter()
                .chain(self.list(Zone::Shadow(0)).iter())
                .copied()
                .find(|&a| matches!(self.cards[a as usize].zone, Zone::Attached(h) | Zone::Shadow(h) if h == host));
            match found {
                // A guarded player attachment (Guarded (X)) is freed: its owner attaches it
                // to an eligible card (§5.5.3), once the current work is done.
                Some(a)
                    if self.cards[a as usize].owner != ENCOUNTER
                        && self.cards[host as usize].owner == ENCOUNTER
                        && !self.cards[a as usize].guarded
                        && self.guarded_x(a).is_some()
                        && matches!(self.cards[a as usize].zone, Zone::Attached(_)) =>
                {
                    let owner = self.cards[a as usize].owner;
                    self.move_card(a, Zone::Resolving);
                    if self.players[owner as usize].eliminated {
                        let to = self.discard_zone(a);
                        self.move_card(a, to);
                    } else {
                        self.stack.push(crate::engine::Frame::Resume {
                            cont: crate::engine::Cont::new(NO_CARD, 10).with(owner, a as i16, 0),
                        });
                    }
                }
                // A guarded objective is freed: back to the staging area (§5.4.2).
                Some(a)
                    if self.cards[a as usize].owner == ENCOUNTER
                        && matches!(
                            self.ty(a),
                            CardType::Objective | CardType::ObjectiveLocation
                        )
                        && matches!(self.cards[a as usize].zone, Zone::Attached(_)) =>
                {
                    self.move_card(a, Zone::Staging);
                }
                // A guarded objective-ally (Captive Villager) is freed the same way, and told so
                // once the current work is done (`Event::Unguarded`, engine continuation 40).
                Some(a)
                    if self.cards[a as usize].owner == ENCOUNTER
                        && self.ty(a) == CardType::ObjectiveAlly
                        && matches!(self.cards[a as usize].zone, Zone::Attached(h)
                            if self.cards[h as usize].owner == ENCOUNTER) =>
                {
                    self.move_card(a, Zone::Staging);
                    self.stack.push(crate::engine::Frame::Resume {
                        cont: crate::engine::Cont::new(NO_CARD, 40).with(0, a as i16, 0),
                    });
                }
                Some(a) => {
                    let to = self.discard_zone(a);
                    self.move_card(a, to);
                }
                None => break,
            }
        }
    }

    /// The Guarded (X) keyword of a player card (§5.5), as (enemy, location): which card types
    /// may guard it. `None` without the keyword.
    pub fn guarded_x(&self, c: CardId) -> Option<(bool, bool)> {
        self.def_of(c).other_keywords.iter().find_map(|k| {
            let x = k.strip_prefix("Guarded (")?.strip_suffix(')')?;
            Some((x.contains("enemy"), x.contains("location")))
        })
    }

    /// Where a card goes when discarded: its owner's discard pile, or the encounter discard pile.
    pub fn discard_zone(&self, c: CardId) -> Zone {
        let ci = &self.cards[c as usize];
        if ci.owner == ENCOUNTER {
            Zone::EncounterDiscard
        } else if self.players[ci.owner as usize].eliminated {
            Zone::Eliminated
        } else if self.def_of(c).keywords.encounter {
            // §5.20.4–5: out of play (encounter deck, shadow) it is an encounter card; leaving
            // play it is removed from the game.
            if ci.zone.in_play() || ci.zone == Zone::Resolving {
                Zone::Removed
            } else {
                Zone::EncounterDiscard
            }
        } else if ci.zone.in_play()
            && self.is_ally(c)
            && self
                .lasting
                .iter()
                .any(|e| e.what == Lasting::AlliesToHandInsteadOfDiscard)
        {
            Zone::Hand(ci.owner)
        } else {
            Zone::Discard(ci.owner)
        }
    }

    /// Discard a card (from play, hand, deck ...). Fires `LeftPlay` for characters.
    pub fn discard(&mut self, c: CardId) {
        let was = self.cards[c as usize].zone;
        let to = self.discard_zone(c);
        if self.logging() {
            self.log_line(format!("  {} is discarded ({})", self.title(c), was.name()));
        }
        self.move_card(c, to);
        if was.in_play() && self.def_of(c).ty.is_character() {
            self.fire(Event::DiscardedFromPlay(c));
            self.fire(Event::LeftPlay(c));
        }
        if matches!(was, Zone::Hand(_)) {
            self.fire(Event::DiscardedFromHand(c));
        }
    }

    pub fn attachments(&self, host: CardId) -> impl Iterator<Item = CardId> + '_ {
        self.list(Zone::Attached(0))
            .iter()
            .copied()
            .filter(move |&a| self.cards[a as usize].zone == Zone::Attached(host))
    }

    pub fn cards_under(&self, host: CardId) -> impl Iterator<Item = CardId> + '_ {
        self.list(Zone::Under(0))
            .iter()
            .copied()
            .filter(move |&a| self.cards[a as usize].zone == Zone::Under(host))
    }

    pub fn shadows_of(&self, enemy: CardId) -> impl Iterator<Item = CardId> + '_ {
        self.list(Zone::Shadow(0))
            .iter()
            .copied()
            .filter(move |&a| self.cards[a as usize].zone == Zone::Shadow(enemy))
    }

    pub fn shuffle(&mut self, z: Zone) {
        let l = &mut self.lists[z.list()];
        match z {
            Zone::Deck(p) => l.shuffle(&mut self.rng_players[p as usize]),
            _ => l.shuffle(&mut self.rng_encounter),
        }
    }

    /// Top card of an ordered zone (the last element).
    pub fn top(&self, z: Zone) -> Option<CardId> {
        self.list(z).last().copied()
    }

    /// Draw `n` cards for player `p` (an empty deck draws nothing).
    pub fn draw(&mut self, p: u8, n: usize) {
        for _ in 0..n {
            match self.top(Zone::Deck(p)) {
                Some(c) => {
                    self.move_card(c, Zone::Hand(p));
                    if self.logging() && self.phase != Phase::Setup {
                        self.log_line(format!("  P{} draws {}", p + 1, self.title(c)));
                    }
                }
                None => break,
            }
        }
    }

    /// Player `p` discards the top `n` cards of his deck (fewer if it runs out); returns them.
    /// Fires `DeckDiscarded` once when at least one card was discarded.
    pub fn discard_from_deck(&mut self, p: u8, n: usize) -> SmallIds {
        let mut out = SmallIds::new();
        let mut k = 0u8;
        for _ in 0..n {
            let Some(c) = self.top(Zone::Deck(p)) else {
                break;
            };
            self.discard(c);
            out.push(c);
            k += 1;
        }
        if k > 0 {
            self.fire(Event::DeckDiscarded(p, k));
        }
        out
    }

    /// Enemy `e` engages player `p` (from wherever it is).
    pub fn engage(&mut self, e: CardId, p: u8) {
        if self.cards[e as usize].zone == Zone::Engaged(p) {
            return;
        }
        if self.rule(Rule::CannotBeEngaged(e)) {
            if self.logging() {
                self.log_line(format!("  {} cannot be engaged", self.title(e)));
            }
            return;
        }
        self.move_card_keep(e, Zone::Engaged(p));
        if self.logging() {
            self.log_line(format!("  {} engages P{}", self.title(e), p + 1));
        }
        self.fire(Event::Engaged(e, p));
    }

    /// Return an engaged enemy to the staging area (keeps damage: it stays in play).
    pub fn return_to_staging(&mut self, e: CardId) {
        if self.cards[e as usize].zone.in_play() {
            self.move_card_keep(e, Zone::Staging);
            if self.logging() {
                self.log_line(format!("  {} returns to the staging area", self.title(e)));
            }
        }
    }

    /// Move a card between two in-play zones (keeps tokens, attachments, object identity).
    pub fn move_card_keep(&mut self, c: CardId, to: Zone) {
        let from = self.cards[c as usize].zone;
        if from.in_play() && to.in_play() {
            let l = &mut self.lists[from.list()];
            if let Some(pos) = l.iter().position(|&x| x == c) {
                l.remove(pos);
            }
            self.cards[c as usize].zone = to;
            if let Zone::Play(p) = to {
                self.cards[c as usize].controller = p;
            }
            self.lists[to.list()].push(c);
            self.dirty = true;
            self.note_moved(c);
        } else {
            self.move_card(c, to);
        }
    }

    /// Put a card into play under `p`'s control (allies, objective-allies).
    pub fn put_into_play(&mut self, c: CardId, p: u8) {
        self.move_card(c, Zone::Play(p));
        self.cards[c as usize].controller = p;
        self.fire(Event::EntersPlay(c));
    }

    /// Attach `a` to `host` under `controller`'s control.
    pub fn attach(&mut self, a: CardId, host: CardId, controller: u8) {
        self.move_card(a, Zone::Attached(host));
        self.cards[a as usize].controller = controller;
        if self.def_of(a).keywords.restricted {
            let restricted: u32 = self
                .attachments(host)
                .filter(|&x| self.def_of(x).keywords.restricted)
                .count() as u32;
            if restricted > 2 {
                // Engine choice: the oldest restricted attachment goes (controller would pick).
                let old = self
                    .attachments(host)
                    .find(|&x| self.def_of(x).keywords.restricted && x != a);
                if let Some(old) = old {
                    self.discard(old);
                }
            }
        }
        self.fire(Event::EntersPlay(a));
    }
}
