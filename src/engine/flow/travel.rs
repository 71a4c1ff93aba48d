//! The travel phase (RULES.md §3.4).

use super::*;

impl<'a> Game<'a> {
    /// The framework steps of the travel phase (§3.4).
    pub(super) fn travel_step(&mut self, s: Step) {
        use Step::*;
        match s {
            TravelBegin => self.begin_phase(Phase::Travel),
            Travel => self.stack.push(Frame::Travel),
            TravelEnd => self.end_phase(Phase::Travel),
            _ => unreachable!("{s:?} is not a step of this phase"),
        }
    }

    pub fn can_travel_to(&mut self, l: CardId) -> bool {
        if !self.is_location(l) || self.cards[l as usize].zone != Zone::Staging {
            return false;
        }
        let own = match self.script(l).and_then(|s| s.travel) {
            Some(f) => f(self, l, false),
            None => true,
        };
        own && self.safe_travel_allowed(l)
    }

    /// Make `l` the active location (its travel costs paid).
    pub(super) fn travel_to(&mut self, l: CardId) {
        self.move_card_keep(l, Zone::Active);
        self.log_fn(|g| format!("  travel to {}", g.title(l)));
        self.safe_traveled(l);
        self.fire(Event::Traveled(l));
        if let Some(f) = self.script(l).and_then(|s| s.travel) {
            f(self, l, true);
        }
    }

    pub(super) fn travel(&mut self) {
        if self.active_location().is_some() || self.players_in_game() == 0 {
            return;
        }
        match self.take_answer() {
            None => {
                // The first player of the staging area chooses (§7.6.8, engine choice).
                let p = self.area_seats().next().unwrap_or(self.first);
                let n = self.list(Zone::Staging).len();
                // A location the players must travel to when able leaves no other choice.
                let mut must = false;
                for i in 0..n {
                    let c = self.list(Zone::Staging)[i];
                    if self.card_in_this_area(c)
                        && self.rule(Rule::MustTravelHere(c))
                        && self.can_travel_to(c)
                    {
                        must = true;
                    }
                }
                self.begin_ask(p, Ask::Travel);
                if !must {
                    self.offer(Opt::Pass);
                }
                for i in 0..n {
                    let c = self.list(Zone::Staging)[i];
                    if self.card_in_this_area(c)
                        && (!must || self.rule(Rule::MustTravelHere(c)))
                        && self.can_travel_to(c)
                    {
                        self.offer(Opt::Card(c));
                    }
                }
                if self.n_offered() > 1 {
                    self.stack.push(Frame::Travel);
                    self.waiting = true;
                } else if must {
                    // The one forced destination: no decision.
                    self.stack.push(Frame::Travel);
                    self.wait();
                }
            }
            Some(Opt::Card(l)) => {
                if !self.safe_travel_pay(l) {
                    self.travel_to(l);
                }
            }
            Some(_) => {}
        }
    }
}
