//! Staging and the reveal procedure (RULES.md §3.3.1, §5.28): revealing encounter cards, When
//! Revealed effects, surge, guarded objectives, the encounter deck running out (§5.30).

use super::*;

impl<'a> Game<'a> {
    /// Reveal the top encounter card for `by`. A reveal made while another card's reveal is still
    /// resolving (its surge, "reveal another card") continues that card's chain; one chain resets
    /// the empty encounter deck at most `RuleOptions::chain_resets` times, its first reveal's
    /// reset included. §5.30 is silent on a deck and discard pile holding only cards that surge
    /// again (Death and Decay with empty player decks); like the one full pass of §5.30.3, the
    /// chain then stops: this reveal reveals nothing.
    pub(super) fn reveal_top(&mut self, by: u8) {
        let chained = self.stack.iter().any(|f| matches!(f, Frame::Reveal { .. }));
        if !chained {
            self.chain_resets = 0;
        }
        if self.list(Zone::EncounterDeck).is_empty() && self.phase == Phase::Quest {
            if self.chain_resets >= self.setup.options.chain_resets {
                self.log_fn(|_| {
                    "  the encounter deck was already reset in this chain of reveals: nothing is revealed"
                        .to_string()
                });
                return;
            }
            self.chain_resets += 1;
            self.reset_encounter_deck();
        }
        if let Some(c) = self.top(Zone::EncounterDeck) {
            self.stack.push(Frame::Reveal {
                card: c,
                by,
                stage: 0,
                from_deck: true,
            });
        }
    }

    /// Guarded (X) of a player attachment `a` played by `seat` (§5.5): discard encounter cards
    /// until one of type X turns up (the discard pile is shuffled back in when the deck runs
    /// out, while it still holds such a card); that card goes to the staging area, not revealed,
    /// and guards `a`. With no such card anywhere, `a` is not guarded and is attached at once.
    pub fn guard_player_attachment(&mut self, a: CardId, seat: u8) {
        let Some((enemy, location)) = self.guarded_x(a) else {
            return;
        };
        let fits = |g: &Self, c: CardId| {
            (enemy && g.ty(c) == CardType::Enemy) || (location && g.ty(c) == CardType::Location)
        };
        let guard = loop {
            if self.list(Zone::EncounterDeck).is_empty() {
                let any = self
                    .list(Zone::EncounterDiscard)
                    .iter()
                    .any(|&c| fits(self, c));
                if !any {
                    break None;
                }
                self.reset_encounter_deck();
            }
            let Some(c) = self.top(Zone::EncounterDeck) else {
                break None;
            };
            if fits(self, c) {
                break Some(c);
            }
            self.move_card(c, Zone::EncounterDiscard);
            self.log_fn(|g| format!("  {} is discarded looking for a guard", g.title(c)));
        };
        match guard {
            Some(c) => {
                self.move_card(c, Zone::Staging);
                self.move_card(a, Zone::Attached(c));
                self.cards[a as usize].controller = self.cards[a as usize].owner;
                self.log_fn(|g| format!("  {} is guarded by {}", g.title(a), g.title(c)));
                self.fire(Event::EntersPlay(a));
            }
            None => {
                self.move_card(a, Zone::Resolving);
                self.stack.push(Frame::Resume {
                    cont: Cont::new(NO_CARD, 10).with(seat, a as i16, 0),
                });
            }
        }
    }

    /// Shuffle the encounter discard pile into a new encounter deck (§5.30).
    pub fn reset_encounter_deck(&mut self) {
        self.before_encounter_reset();
        while let Some(&c) = self.list(Zone::EncounterDiscard).last() {
            self.move_card(c, Zone::EncounterDeck);
        }
        self.shuffle(Zone::EncounterDeck);
        self.log_fn(|_| "  encounter discard pile shuffled into a new encounter deck".to_string());
    }

    /// Discard encounter cards from the top of the deck until one passes `f` (returned, now in
    /// the discard pile). An emptied deck is reset from the discard pile once, in any phase
    /// (RULES §5.30.3); after that full pass without one, nothing.
    pub fn discard_encounter_until(&mut self, f: impl Fn(&Game, CardId) -> bool) -> Option<CardId> {
        let mut reset = false;
        loop {
            while let Some(c) = self.top(Zone::EncounterDeck) {
                self.move_card(c, Zone::EncounterDiscard);
                self.log_fn(|g| format!("  {} is discarded", g.title(c)));
                if f(self, c) {
                    return Some(c);
                }
            }
            if reset || self.list(Zone::EncounterDiscard).is_empty() {
                return None;
            }
            self.reset_encounter_deck();
            reset = true;
        }
    }

    /// Reveal `card` (§5.28), by stage: 0 enter / Time / Doomed / place, then cancel window;
    /// 1 When Revealed; 2 discard treachery, surge; 3 after-revealed triggers (4: stage 2 of a
    /// canceled card that does not count as revealed, §6.5.5 option).
    pub(super) fn reveal(&mut self, card: CardId, by: u8, stage: u8, from_deck: bool) {
        match stage {
            0 => {
                let d = self.def_of(card);
                let (ty, kw) = (d.ty, d.keywords);
                self.move_card(card, Zone::Resolving);
                self.revealed_this_round.push(card);
                self.log_fn(|g| format!("  P{} reveals {}", by + 1, g.title(card)));
                let to = match ty {
                    CardType::Treachery => Zone::Resolving,
                    // A player card with the Encounter keyword (§5.20) resolves its When Revealed
                    // effect, which puts it into play; it never sits in the staging area.
                    _ if kw.encounter => Zone::Resolving,
                    _ => Zone::Staging,
                };
                if to != Zone::Resolving {
                    self.move_card(card, to);
                }
                if kw.time > 0 {
                    self.cards[card as usize].time = kw.time as i16;
                    self.log_fn(|g| format!("  {} gets {} time counters", g.title(card), kw.time));
                }
                // Capture X comes before the When Revealed effects (§8.7.4).
                if kw.capture > 0 && self.cards[card as usize].zone.in_play() {
                    self.capture_keyword(card, kw.capture);
                }
                // "Each player" is each player of the area the card is revealed in (§7.6.4).
                if from_deck && kw.doomed > 0 {
                    for p in 0..self.n_players {
                        if self.in_this_area(p) {
                            self.raise_threat(p, kw.doomed as i16);
                        }
                    }
                }
                if from_deck && self.rule(Rule::GainsDoomed(card)) {
                    for p in 0..self.n_players {
                        if self.in_this_area(p) {
                            self.raise_threat(p, 1);
                        }
                    }
                }
                self.canceled = false;
                self.surge_pending = 0;
                self.stack.push(Frame::Reveal {
                    card,
                    by,
                    stage: 1,
                    from_deck,
                });
                // Fired once stage 1 is pushed: Responses to it (Quick Ears) come before the
                // When Revealed effects, as the event's name says.
                self.fire(Event::Revealing(card, from_deck));
                // The cancel window comes for cards with When Revealed effects, and for every
                // card revealed from the encounter deck (effects that cancel and discard the
                // card itself, e.g. The Door is Closed!).
                let cancelable = self
                    .script(card)
                    .map(|s| (s.when_revealed.is_some() || from_deck) && !s.uncancelable)
                    .unwrap_or(from_deck)
                    && !self.is_side_quest(card)
                    && !self.safe_ignores_when_revealed(card)
                    && !self.rule(Rule::CannotBeCanceled(card))
                    && !self.when_revealed_locked(card);
                if cancelable {
                    self.fire(Event::CancelWhenRevealed(card));
                }
            }
            1 => {
                // Stage 4: stage 2 without the after-revealed triggers, for a card whose When
                // Revealed effects were canceled, under `canceled_card_counts_as_revealed` off.
                let after = if self.canceled && !self.setup.options.canceled_card_counts_as_revealed
                {
                    4
                } else {
                    2
                };
                self.stack.push(Frame::Reveal {
                    card,
                    by,
                    stage: after,
                    from_deck,
                });
                // Classic Guarded (§5.4): the next encounter card revealed guards this objective.
                if from_deck
                    && self.def_of(card).keywords.guarded
                    && matches!(
                        self.ty(card),
                        CardType::Objective | CardType::ObjectiveLocation
                    )
                {
                    self.stack.push(Frame::Guard {
                        objective: card,
                        guard: NO_CARD,
                        by,
                    });
                }
                if self.safe_ignores_when_revealed(card) {
                    self.log_fn(|g| format!("  {} is ignored (Safe)", g.title(card)));
                } else if !self.canceled {
                    if let Some(f) = self.script(card).and_then(|s| s.when_revealed) {
                        f(self, card, by);
                    }
                } else if self.script(card).and_then(|s| s.when_revealed).is_some() {
                    self.fire(Event::WhenRevealedCanceled(card));
                }
            }
            2 | 4 => {
                if self.cards[card as usize].zone == Zone::Resolving {
                    self.move_card(card, Zone::EncounterDiscard);
                }
                if stage == 2 {
                    self.stack.push(Frame::Reveal {
                        card,
                        by,
                        stage: 3,
                        from_deck,
                    });
                }
                let mut surges = self.surge_pending;
                self.surge_pending = 0;
                if from_deck {
                    if self.def_of(card).keywords.surge && !self.safe_blanks(card) {
                        surges += 1;
                    }
                    // Its own text, or another card in play, gives it surge (counted once).
                    if self
                        .script(card)
                        .and_then(|s| s.rule)
                        .map(|f| f(self, card, Rule::GainsSurge(card)))
                        .unwrap_or(false)
                        || self.rule(Rule::GainsSurge(card))
                    {
                        surges += 1;
                    }
                }
                for _ in 0..surges {
                    self.log_fn(|g| format!("  {} surges", g.title(card)));
                    self.stack.push(Frame::RevealTop { by });
                }
            }
            _ => {
                self.fire(Event::Revealed(card, from_deck));
            }
        }
    }

    /// A card in play makes When Revealed effects uncancelable now (`Rule::
    /// WhenRevealedCannotBeCanceled`) and `card` has such effects.
    pub fn when_revealed_locked(&self, card: CardId) -> bool {
        self.script(card).is_some_and(|s| s.when_revealed.is_some())
            && self.rule(Rule::WhenRevealedCannotBeCanceled)
    }
}
