//! The encounter phase (RULES.md §3.5): optional engagement and engagement checks.

use super::*;

impl<'a> Game<'a> {
    /// The framework steps of the encounter phase (§3.5).
    pub(super) fn encounter_step(&mut self, s: Step) {
        use Step::*;
        match s {
            EncounterBegin => self.begin_phase(Phase::Encounter),
            OptionalEngage => {
                for p in self.players.iter_mut() {
                    p.optional_engagements = 0;
                }
                self.stack.push(Frame::OptionalEngage { seat: 0 })
            }
            EngagementChecks => {
                if !self.rule(Rule::NoEngagementChecks) {
                    self.stack.push(Frame::EngagementChecks {
                        seat: 0,
                        any: false,
                    });
                }
            }
            EncounterEnd => self.end_phase(Phase::Encounter),
            _ => unreachable!("{s:?} is not a step of this phase"),
        }
    }

    /// May `e` be engaged optionally?
    pub(super) fn optionally_engageable(&self, e: CardId) -> bool {
        self.is_enemy(e)
            && !self.rule(Rule::CannotBeEngaged(e))
            && !self.rule(Rule::CannotBeOptionallyEngaged(e))
    }

    pub(super) fn optional_engage(&mut self, seat: u8) {
        if seat >= self.n_players {
            return;
        }
        let p = self.seat(seat);
        if self.players[p as usize].eliminated || !self.in_this_area(p) {
            self.stack.push(Frame::OptionalEngage { seat: seat + 1 });
            return;
        }
        match self.take_answer() {
            None => {
                self.begin_ask(p, Ask::OptionalEngage);
                self.offer(Opt::Pass);
                for i in 0..self.list(Zone::Staging).len() {
                    let c = self.list(Zone::Staging)[i];
                    if self.optionally_engageable(c) && self.card_in_this_area(c) {
                        self.offer(Opt::Card(c));
                    }
                }
                self.stack.push(Frame::OptionalEngage { seat });
                if self.n_offered() == 1 {
                    self.stack.pop();
                    self.stack.push(Frame::OptionalEngage { seat: seat + 1 });
                } else {
                    self.waiting = true;
                }
            }
            Some(Opt::Card(e)) => {
                // A card may allow one more optional engagement this phase (Halbarad).
                let done = &mut self.players[p as usize].optional_engagements;
                *done = done.saturating_add(1);
                let more = *done < 2 && self.rule(Rule::ExtraOptionalEngagement(p));
                let next = if more { seat } else { seat + 1 };
                self.stack.push(Frame::OptionalEngage { seat: next });
                self.engage(e, p);
            }
            Some(_) => self.stack.push(Frame::OptionalEngage { seat: seat + 1 }),
        }
    }

    pub(super) fn engagement_checks(&mut self, seat: u8, any: bool) {
        if self.players_in_game() == 0 {
            return;
        }
        if seat >= self.n_players {
            if any {
                self.stack.push(Frame::EngagementChecks {
                    seat: 0,
                    any: false,
                });
            }
            return;
        }
        let p = self.seat(seat);
        if let Some(Opt::Card(e)) = self.take_answer() {
            // The checking player picked among tied enemies (§3.5.3, engine choice). The next
            // check waits below anything the engagement triggers.
            self.stack.push(Frame::EngagementChecks {
                seat: seat + 1,
                any: true,
            });
            self.engage(e, p);
            return;
        }
        if !self.players[p as usize].eliminated && self.in_this_area(p) {
            self.players[p as usize].checking_engagement = true;
            let threat = self.engagement_threat(p);
            // The highest engagement cost ≤ his threat engages him.
            let best = self
                .list(Zone::Staging)
                .iter()
                .copied()
                .filter(|&e| {
                    self.is_enemy(e)
                        && self.card_in_this_area(e)
                        && self.stat(e, Stat::Engagement) <= threat
                        && !self.rule(Rule::CannotBeEngaged(e))
                })
                .map(|e| self.stat(e, Stat::Engagement))
                .max();
            if let Some(cost) = best {
                self.begin_ask(p, Ask::EngageTie);
                for i in 0..self.list(Zone::Staging).len() {
                    let e = self.list(Zone::Staging)[i];
                    if self.is_enemy(e)
                        && self.card_in_this_area(e)
                        && self.stat(e, Stat::Engagement) == cost
                        && !self.rule(Rule::CannotBeEngaged(e))
                    {
                        self.offer(Opt::Card(e));
                    }
                }
                self.players[p as usize].checking_engagement = false;
                if self.n_offered() > 1 {
                    self.stack.push(Frame::EngagementChecks { seat, any });
                    self.waiting = true;
                    return;
                }
                let Opt::Card(e) = self.offered()[0] else {
                    unreachable!()
                };
                self.stack.push(Frame::EngagementChecks {
                    seat: seat + 1,
                    any: true,
                });
                self.engage(e, p);
                return;
            }
            self.players[p as usize].checking_engagement = false;
        }
        self.stack.push(Frame::EngagementChecks {
            seat: seat + 1,
            any,
        });
    }
}
