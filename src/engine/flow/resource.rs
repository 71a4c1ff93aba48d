//! The beginning of the round, the resource phase (RULES.md §3.1) and the planning phase (§3.2).

use super::*;

impl<'a> Game<'a> {
    /// The beginning of the round, the resource phase (§3.1) and the planning phase (§3.2).
    pub(super) fn resource_planning_step(&mut self, s: Step) {
        use Step::*;
        match s {
            RoundBegin => {
                self.round += 1;
                if self.round as usize > MAX_ROUNDS || self.round > self.setup.max_rounds {
                    self.round -= 1;
                    self.end_game(Outcome::RoundCap);
                    return;
                }
                self.quest_progress_this_round = 0;
                self.side_quest_progress_this_round = false;
                self.revealed_this_round.clear();
                for p in self.players.iter_mut() {
                    p.round_flags = 0;
                    p.threat_raised_this_round = false;
                    p.events_played_round = 0;
                }
                // An immediate attack after combat (§3.6.3.4 option) marks its enemy until now.
                let clear_attacked = self.setup.options.immediate_attack_uses_combat_attack;
                for c in self.cards.iter_mut() {
                    c.uses_round = 0;
                    if clear_attacked {
                        c.attacked = false;
                    }
                }
                self.log_fn(|g| {
                    let t: Vec<String> = (0..g.n_players)
                        .map(|p| g.players[p as usize].threat.to_string())
                        .collect();
                    format!("=== Round {} (threat {}) ===", g.round, t.join("/"))
                });
                if self.logging() {
                    let lines = self.describe_state();
                    for l in lines {
                        self.log_line(l);
                    }
                }
            }
            ResourceBegin => self.begin_phase(Phase::Resource),
            Gain => {
                for p in 0..self.n_players {
                    if self.players[p as usize].eliminated {
                        continue;
                    }
                    for i in 0..self.list(Zone::Play(p)).len() {
                        let h = self.list(Zone::Play(p))[i];
                        if self.is_hero(h) {
                            // A hero's own text (Amarthiúl) and its attachments (Appointed
                            // by Fate) may add to what it collects.
                            let own = self
                                .script(h)
                                .and_then(|s| s.rule)
                                .is_some_and(|f| f(self, h, Rule::ExtraResource(h)))
                                as i16;
                            let extra = self
                                .attachments(h)
                                .filter(|&a| {
                                    self.script(a)
                                        .and_then(|s| s.rule)
                                        .is_some_and(|f| f(self, a, Rule::CollectsExtraResource(h)))
                                })
                                .count() as i16;
                            let none = self.attachments(h).any(|a| {
                                self.script(a)
                                    .and_then(|s| s.rule)
                                    .is_some_and(|f| f(self, a, Rule::CollectsNoResources(h)))
                            });
                            if !none {
                                self.cards[h as usize].resources += 1 + own + extra;
                            }
                        }
                    }
                    self.log_fn(|g| {
                        let pools: Vec<String> = g
                            .heroes(p)
                            .map(|h| format!("{} {}", g.title(h), g.cards[h as usize].resources))
                            .collect();
                        format!("  P{} resources: {}", p + 1, pools.join(", "))
                    });
                }
            }
            Draw => {
                for p in 0..self.n_players {
                    if !self.players[p as usize].eliminated {
                        self.draw(p, 1);
                    }
                }
            }
            ResourceEnd => self.end_phase(Phase::Resource),
            PlanningBegin => {
                self.begin_phase(Phase::Planning);
                // Planning windows of each player in turn, in player order.
                for a in (0..self.n_players).rev() {
                    self.stack.push(Frame::Planning {
                        active: a,
                        seat: 0,
                        passes: 0,
                    });
                }
            }
            PlanningEnd => self.end_phase(Phase::Planning),
            _ => unreachable!("{s:?} is not a step of this phase"),
        }
    }
}
