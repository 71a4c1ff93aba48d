//! The quest phase (RULES.md §3.3): committing characters, quest resolution, and defeating and
//! advancing quest stages (§3.3.3).

use super::*;

impl<'a> Game<'a> {
    /// The framework steps of the quest phase (§3.3).
    pub(super) fn quest_step(&mut self, s: Step) {
        use Step::*;
        match s {
            QuestBegin if self.any_lasting(Lasting::SkipQuestPhase) => {
                // The whole quest phase is skipped this round (Doom Hangs Still).
                self.stack.pop();
                self.stack.push(Frame::Step(Step::TravelBegin));
                self.log_fn(|_| "-- Quest phase skipped --".to_string());
            }
            QuestBegin => {
                self.begin_phase(Phase::Quest);
                self.choose_current_quest();
            }
            Commit => self.stack.push(Frame::Commit { seat: 0 }),
            Staging => {
                let n = self.players_in_this_area();
                self.stack.push(Frame::Staging { left: n, seat: 0 });
            }
            Resolve => self.resolve_quest(),
            QuestEnd => {
                for c in self.cards.iter_mut() {
                    c.questing = false;
                }
                self.end_phase(Phase::Quest);
                self.safe_quest_end();
            }
            _ => unreachable!("{s:?} is not a step of this phase"),
        }
    }

    pub(super) fn choose_current_quest(&mut self) {
        // Engine: the first player may pick a side quest in the staging area as the current quest.
        let has_side = self
            .list(Zone::Staging)
            .iter()
            .any(|&c| self.is_side_quest(c) && self.card_in_this_area(c));
        if !has_side {
            return;
        }
        let p = self.area_seats().next().unwrap_or(self.first);
        let main = self.main_quest().unwrap_or(NO_CARD);
        self.begin_ask(p, Ask::CurrentQuest);
        if !self.rule(Rule::CannotBeCurrentQuest(main)) {
            self.offer(Opt::Card(main));
        }
        for i in 0..self.list(Zone::Staging).len() {
            let c = self.list(Zone::Staging)[i];
            if self.is_side_quest(c) && self.card_in_this_area(c) {
                self.offer(Opt::Card(c));
            }
        }
        self.stack.push(Frame::Choice {
            cont: Cont::new(NO_CARD, 1),
        });
        self.wait();
    }

    pub(super) fn commit(&mut self, seat: u8) {
        if seat >= self.n_players {
            return;
        }
        let p = self.seat(seat);
        if self.players[p as usize].eliminated || !self.in_this_area(p) {
            self.stack.push(Frame::Commit { seat: seat + 1 });
            return;
        }
        match self.take_answer() {
            None => {
                // A character that must commit while able (A Fell Dread) goes first, unasked.
                let must = self.list(Zone::Play(p)).iter().copied().find(|&c| {
                    let ci = &self.cards[c as usize];
                    !ci.exhausted
                        && !ci.questing
                        && self.is_character(c)
                        && self.rule(Rule::MustCommit(c))
                });
                if let Some(c) = must {
                    self.commit_queue.on = false;
                    self.stack.push(Frame::Commit { seat });
                    self.answer = Some(Opt::Card(c));
                    return;
                }
                // The rest of a commit step the bot answered at once (`Bot::commit_set`).
                if self.commit_queue.on {
                    match self.queued_commit(p) {
                        Some(o @ Opt::Card(_)) => {
                            self.stack.push(Frame::Commit { seat });
                            self.answer = Some(o);
                            return;
                        }
                        Some(_) => {
                            self.stack.push(Frame::Commit { seat: seat + 1 });
                            return;
                        }
                        None => {}
                    }
                }
                self.begin_ask(p, Ask::Commit);
                self.offer(Opt::Done);
                for i in 0..self.list(Zone::Play(p)).len() {
                    let c = self.list(Zone::Play(p))[i];
                    if self.committable(c) {
                        self.offer(Opt::Card(c));
                    }
                }
                self.stack.push(Frame::Commit { seat });
                if self.n_offered() == 1 {
                    self.stack.pop();
                    self.stack.push(Frame::Commit { seat: seat + 1 });
                } else {
                    self.waiting = true;
                }
            }
            Some(Opt::Card(c)) => {
                self.stack.push(Frame::Commit { seat });
                if !self.rule(Rule::CommitsWithoutExhausting(c)) {
                    self.exhaust_quietly(c);
                }
                self.cards[c as usize].questing = true;
                self.log_fn(|g| {
                    format!(
                        "  P{} commits {} ({} WP)",
                        p + 1,
                        g.title(c),
                        g.stat(c, Stat::Willpower)
                    )
                });
                let height = self.stack.len();
                let ev = Event::Committed(c);
                self.fire(ev);
                // Anything more than the commit itself (a Forced effect that may have run, a
                // Response window, a state-based check to come): the bot answers again.
                if self.commit_queue.on
                    && (self.listen.forced & ev.bit() != 0
                        || self.stack.len() != height
                        || self.dirty
                        || self.waiting
                        || self.outcome.is_some())
                {
                    self.commit_queue.on = false;
                }
            }
            Some(_) => self.stack.push(Frame::Commit { seat: seat + 1 }),
        }
    }

    /// Would `c` (in a player's play area) be offered at a commit step now? A ready character
    /// not yet questing that no attachment keeps off the quest (Thaurdir's Majesty).
    #[inline(always)]
    fn committable(&self, c: CardId) -> bool {
        let ci = self.cards[c as usize];
        let barred = ci.n_attached > 0 && self.rule(Rule::CannotCommit(c));
        self.is_character(c) && !ci.exhausted && !ci.questing && !barred
    }

    /// The next answer of `p`'s commit step from the bot's commit set, as if asked: a queued
    /// character while it is still offered, else Done once the set is used up (logged as the
    /// bot's answer would be, when there was a choice). `None`: the queue is dropped, the bot
    /// is asked.
    fn queued_commit(&mut self, p: u8) -> Option<Opt> {
        let q = self.commit_queue;
        if q.player != p {
            self.commit_queue.on = false;
            return None;
        }
        let ask = "commit";
        if let Some(&c) = q.set.as_slice().get(q.at as usize) {
            if self.cards[c as usize].zone != Zone::Play(p) || !self.committable(c) {
                self.commit_queue.on = false;
                return None;
            }
            self.commit_queue.at += 1;
            self.log_choice(p, ask, Opt::Card(c));
            return Some(Opt::Card(c));
        }
        self.commit_queue.on = false;
        if self.logging() {
            let offered = (0..self.list(Zone::Play(p)).len())
                .any(|i| self.committable(self.list(Zone::Play(p))[i]));
            if offered {
                self.log_choice(p, ask, Opt::Done);
            }
        }
        Some(Opt::Done)
    }

    /// The stat committed characters quest with (Battle: Attack, Siege: Defense).
    pub fn questing_stat(&self) -> Stat {
        let Some(q) = self.current_quest() else {
            return Stat::Willpower;
        };
        // (The quest's keywords read once.)
        let kw = &self.def_of(q).keywords;
        if kw.battle || self.rule(Rule::QuestsGainBattle) {
            Stat::Attack
        } else if kw.siege {
            Stat::Defense
        } else {
            Stat::Willpower
        }
    }

    pub fn questing_strength(&self) -> i16 {
        let s = self.questing_stat();
        // (Plain nested loops: the flattened chain cost more than the scan.)
        let mut sum: i16 = 0;
        for p in 0..self.n_players {
            if !self.in_this_area(p) {
                continue;
            }
            for &c in self.list(Zone::Play(p)) {
                if self.cards[c as usize].questing && self.is_character(c) {
                    sum += self.stat(c, s);
                }
            }
        }
        sum
    }

    pub(super) fn resolve_quest(&mut self) {
        let strength = self.questing_strength();
        let threat = self.staging_threat();
        self.log_fn(|g| {
            let staged: Vec<String> = g
                .list(Zone::Staging)
                .iter()
                .filter(|&&c| g.card_in_this_area(c))
                .map(|&c| format!("{} {}", g.title(c), g.threat_contribution(c)))
                .collect();
            let q = g
                .current_quest()
                .map(|q| g.title(q).to_string())
                .unwrap_or_default();
            format!(
                "  quest resolution on {q}: {strength} {:?} vs {threat} threat [{}]",
                g.questing_stat(),
                staged.join(", ")
            )
        });
        if strength > threat {
            self.place_progress_on_quest(strength - threat, true);
        } else if threat > strength && !self.any_lasting(Lasting::NoQuestThreat) {
            for p in 0..self.n_players {
                if self.in_this_area(p) {
                    self.raise_threat_by_player(p, threat - strength);
                }
            }
        }
    }

    /// Flip the main quest to side B (When Revealed and Time X of side B).
    pub fn flip_quest(&mut self, q: CardId) {
        if let Some(b) = self.def_of(q).back {
            self.set_face(q, b);
            let t = self.def_of(q).keywords.time;
            if t > 0 {
                self.cards[q as usize].time = t as i16;
            }
            self.log_fn(|g| format!("Quest stage {}B: {}", g.def_of(q).stage, g.title(q)));
            if let Some(f) = self.script(q).and_then(|s| s.when_revealed) {
                let first = self.first;
                f(self, q, first);
            }
            self.fire(Event::Flipped(q));
        }
    }

    /// The players advance to the next quest stage by a card's text (not a defeat: §3.3.3.1).
    pub fn advance_stage(&mut self) {
        if let Some(q) = self.main_quest() {
            self.log_fn(|g| format!("  quest stage {} ends: advance", g.title(q)));
            self.advance(q);
        }
    }

    /// Advance to the next stage, or win if this was the last.
    pub(super) fn advance(&mut self, q: CardId) {
        self.move_card(q, Zone::Removed);
        match self.top(Zone::QuestDeck) {
            Some(n) => {
                self.move_card(n, Zone::Quest);
                // Side B comes once side A's When Revealed has resolved completely, including
                // the frames it pushed (e.g. "then reveal 1 encounter card per player").
                self.stack.push(Frame::Resume {
                    cont: Cont::new(NO_CARD, 3).with(0, n as i16, 0),
                });
                if let Some(f) = self.script(n).and_then(|s| s.when_revealed) {
                    let first = self.first;
                    f(self, n, first);
                }
            }
            None => self.end_game(Outcome::Win),
        }
    }
}
