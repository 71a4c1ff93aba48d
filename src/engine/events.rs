//! Events: Forced effects at once, and the Responses window when any player could respond.

use super::*;

/// The card an event is about, if any.
pub(super) fn event_subject(ev: Event) -> Option<CardId> {
    match ev {
        Event::EntersPlay(c)
        | Event::Played(c)
        | Event::Committed(c)
        | Event::Revealed(c, _)
        | Event::Revealing(c, _)
        | Event::Engaged(c, _)
        | Event::Damaged(c, _)
        | Event::Destroyed(c)
        | Event::LeftPlay(c)
        | Event::Traveled(c)
        | Event::AttackDestroyed(c)
        | Event::EnemyAttackEnded(c)
        | Event::TimeRanOut(c)
        | Event::SideQuestDefeated(c)
        | Event::HostDestroyed(c, _)
        | Event::AttackerDeclared(c, _)
        | Event::Explored(c, _)
        | Event::CancelDamage(c, _)
        | Event::WhenRevealedCanceled(c)
        | Event::EnemyAttacks(c, _)
        | Event::Exploring(c)
        | Event::DiscardedFromHand(c)
        | Event::Readied(c)
        | Event::Flipped(c)
        | Event::ShadowDealt(c)
        | Event::BecameCurrentQuest(c)
        | Event::ReturnedToStaging(c) => Some(c),
        _ => None,
    }
}

impl<'a> Game<'a> {
    /// A game event happened: Forced effects resolve now; Responses are offered next.
    ///
    /// Inlined: the test whether anything of this game could answer `ev` at all (no Forced
    /// effect or Response listens for its kind, and its card, if any, is in play, where
    /// `forced_cards` covers it), which at most call sites folds to one mask test, as the
    /// event's kind is known there; the rest (`fire_listened`) out of line.
    #[inline(always)]
    pub fn fire(&mut self, ev: Event) {
        if (self.listen.forced | self.listen.respond) & ev.bit() == 0
            && event_subject(ev).is_none_or(|s| self.cards[s as usize].zone.in_play())
        {
            return;
        }
        self.fire_listened(ev);
    }

    /// `fire` for an event something may answer.
    #[inline(never)]
    fn fire_listened(&mut self, ev: Event) {
        if self.outcome.is_some() {
            return;
        }
        // Forced effects of cards in play (and of the card the event is about, if it just left).
        // Collected on the stack first: a Forced effect may fire events of its own (nested).
        let bit = ev.bit();
        let base = self.stack.len();
        let subject = event_subject(ev).filter(|&s| {
            !self.cards[s as usize].zone.in_play()
                && self
                    .script(s)
                    .is_some_and(|x| x.forced.is_some() && x.forced_on & bit != 0)
                && !self.forced_cards.contains(&s)
        });
        if self.listen.forced & bit != 0 || subject.is_some() {
            let mut forced: SmallIds = self.forced_cards.iter().copied().collect();
            if let Some(s) = subject {
                forced = forced.iter().copied().chain(std::iter::once(s)).collect();
            }
            for &c in &forced {
                if self.cards[c as usize].hooks & hooks::FORCED == 0 {
                    continue; // its current face has no Forced effect (`script` would say so)
                }
                if let Some(s) = self.script(c).filter(|s| s.forced_on & bit != 0) {
                    if let Some(f) = s.forced {
                        f(self, c, ev);
                    }
                }
                if self.outcome.is_some() {
                    return;
                }
            }
        }
        if self.any_response(ev) {
            // Below the frames the Forced effects pushed: they resolve first (§6: Forced
            // effects, then Responses).
            let f = Frame::Responses {
                ev,
                seat: 0,
                passes: 0,
                used: [NO_CARD; RESPONSE_SLOTS],
            };
            if self.stack.len() == base {
                self.stack.push(f);
            } else {
                self.stack.insert(base, f);
            }
        }
        if self.stack.len() > base + 1 {
            self.asked_forced_first(base);
        }
    }

    /// A Forced effect that asked its player directly (`ask_script`: a `Choice` frame whose
    /// answer is pending) is answered first: frames that later Forced effects of the same
    /// event pushed above it (an immediate attack, say) would take that answer for their own.
    /// Its `Choice` goes back on top of them. (Scripts defer their questions to a
    /// `Frame::Resume` instead; this keeps one that does not from answering the wrong question.
    /// Two questions at once are caught by `begin_ask` in test builds.)
    #[cold]
    #[inline(never)]
    fn asked_forced_first(&mut self, base: usize) {
        let top = self.stack.len() - 1;
        if let Some(i) = (base..top).find(|&i| matches!(self.stack[i], Frame::Choice { .. })) {
            let f = self.stack.remove(i);
            self.stack.push(f);
        }
    }

    /// Cards that might respond to `ev`: in play under a player's control, or events in hand.
    #[inline(always)]
    pub(crate) fn response_candidates(&self, seat: u8, ev: Event, out: &mut Vec<CardId>) {
        out.clear();
        // Events are played (cost paid); other cards respond from hand only by their own text
        // (e.g. put into play), with no cost. A hero or ally in hand (a dead hero shuffled back
        // into the deck and drawn) has no response there (`HAND_RESPOND`).
        if self.zone_has(Zone::Hand(seat), hooks::HAND_RESPOND)
            && self.may_respond_in(Zone::Hand(seat), ev)
        {
            self.responders_in(Zone::Hand(seat), seat, ev, out);
        }
        if self.zone_has(Zone::Play(seat), hooks::CAN_RESPOND)
            && self.may_respond_in(Zone::Play(seat), ev)
        {
            self.responders_in(Zone::Play(seat), seat, ev, out);
        }
        if self.zone_has(Zone::Attached(0), hooks::CAN_RESPOND)
            && self.may_respond_in(Zone::Attached(0), ev)
        {
            self.responders_in(Zone::Attached(0), seat, ev, out);
        }
        // An attachment that left play with its host responds to its own event (Secret Vigil).
        if let Event::HostDestroyed(a, _) = ev {
            if self.cards[a as usize].owner == seat && !out.contains(&a) {
                if let Some(can) = self.script(a).and_then(|s| s.can_respond) {
                    if can(self, a, seat, ev) {
                        out.push(a);
                    }
                }
            }
        }
        // A defeated player side quest (now in the victory display) may respond to its own
        // defeat; its owner (the player who played it) controls the response.
        if let Event::SideQuestDefeated(q) = ev {
            if self.cards[q as usize].owner == seat {
                if let Some(can) = self.script(q).and_then(|s| s.can_respond) {
                    if can(self, q, seat, ev) {
                        out.push(q);
                    }
                }
            }
        }
    }

    /// Could a card of zone list `z` (a hand, a play area or the attachments) respond to `ev`?
    /// False only if its Responses mask (`Listeners::resp_in`) is current and lacks `ev`'s kind.
    /// (Always inlined: the plain hint left a call at each Responses check.)
    #[inline(always)]
    fn may_respond_in(&self, z: Zone, ev: Event) -> bool {
        let Some(s) = super::eventkind::resp_slot(z) else {
            return true;
        };
        self.listen.resp_stale & (1 << s) != 0 || self.listen.resp_in[s] & ev.bit() != 0
    }

    /// Recompute the stale Responses masks (`Listeners::resp_in`): the union of the
    /// `respond_on` masks of the scripts of the cards in each list with the Response hook a
    /// Responses check asks for there (`responders_in`).
    pub(crate) fn refresh_responders(&mut self) {
        let mut stale = self.listen.resp_stale;
        while stale != 0 {
            let s = stale.trailing_zeros() as usize;
            stale &= stale - 1;
            let z = super::eventkind::slot_zone(s);
            let need = if matches!(z, Zone::Hand(_)) {
                hooks::HAND_RESPOND
            } else {
                hooks::CAN_RESPOND
            };
            let mut m = 0;
            for &c in self.list(z) {
                let ci = &self.cards[c as usize];
                if ci.hooks & need != 0 && ci.script != NO_SCRIPT {
                    m |= self.script_table[ci.script as usize].respond_on;
                }
            }
            self.listen.resp_in[s] = m;
        }
        self.listen.resp_stale = 0;
    }

    /// The cards of zone list `z` (`seat`'s hand or play area, or the attachments, of which
    /// those `seat` controls) that could respond to `ev` now, in list order, onto `out`.
    #[inline(always)]
    fn responders_in(&self, z: Zone, seat: u8, ev: Event, out: &mut Vec<CardId>) {
        let in_hand = matches!(z, Zone::Hand(_));
        let attached = matches!(z, Zone::Attached(_));
        let need = if in_hand {
            hooks::HAND_RESPOND
        } else {
            hooks::CAN_RESPOND
        };
        let bit = ev.bit();
        for &c in self.list(z) {
            let ci = &self.cards[c as usize];
            if ci.hooks & need == 0 || (attached && (ci.controller != seat || !self.reaches(c))) {
                continue;
            }
            let Some(s) = self.script(c) else { continue };
            if s.respond_on & bit == 0 {
                continue;
            }
            let Some(can) = s.can_respond else { continue };
            // Both tests only read the game: the cheaper one first.
            if !can(self, c, seat, ev) {
                continue;
            }
            if in_hand {
                let d = self.def_of(c);
                if d.ty == CardType::Event && !self.can_pay(seat, d.sphere, self.cost_of(c, seat)) {
                    continue;
                }
            }
            out.push(c);
        }
    }

    pub(super) fn any_response(&mut self, ev: Event) -> bool {
        if self.listen.respond & ev.bit() == 0 {
            return false; // no card of this game has ever answered this kind of event
        }
        if self.listen.resp_stale != 0 {
            self.refresh_responders();
        }
        let mut buf = std::mem::take(&mut self.scratch_resp);
        let mut any = false;
        for o in 0..self.n_players {
            let p = self.seat(o);
            if self.players[p as usize].eliminated {
                continue;
            }
            self.with_memo(|g| g.response_candidates(p, ev, &mut buf));
            if !buf.is_empty() {
                any = true;
                break;
            }
        }
        self.scratch_resp = buf;
        any
    }
}
