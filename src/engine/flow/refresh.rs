//! The refresh phase (RULES.md §3.7), time counters (§5.15) and the end of the round.

use super::*;

impl<'a> Game<'a> {
    /// The framework steps of the refresh phase (§3.7) and the end of the round.
    pub(super) fn refresh_step(&mut self, s: Step) {
        use Step::*;
        match s {
            RefreshBegin => self.begin_phase(Phase::Refresh),
            Ready => {
                let mut readied = std::mem::take(&mut self.scratch);
                readied.clear();
                for p in 0..self.n_players {
                    for i in 0..self.list(Zone::Play(p)).len() {
                        let c = self.list(Zone::Play(p))[i];
                        // A replacement effect (Paralyzing Fear) decides whether it readies.
                        if self.cards[c as usize].exhausted && self.replace_ready(c, 0) {
                            continue;
                        }
                        if self.cards[c as usize].exhausted {
                            readied.push(c);
                        }
                        self.cards[c as usize].exhausted = false;
                    }
                }
                for i in 0..self.list(Zone::Attached(0)).len() {
                    let c = self.list(Zone::Attached(0))[i];
                    if self.cards[c as usize].owner != ENCOUNTER {
                        if self.cards[c as usize].exhausted {
                            readied.push(c);
                        }
                        self.cards[c as usize].exhausted = false;
                    }
                }
                // "After X readies" triggers, once everything is ready.
                let ids: SmallIds = readied.iter().copied().collect();
                self.scratch = readied;
                for &c in ids.iter() {
                    self.fire(Event::Readied(c));
                }
            }
            RaiseThreat => {
                for p in 0..self.n_players {
                    self.raise_threat_by_player(p, 1);
                }
            }
            PassToken => {
                if self.players_in_game() > 0 {
                    let mut next = (self.first + 1) % self.n_players;
                    while self.players[next as usize].eliminated {
                        next = (next + 1) % self.n_players;
                    }
                    self.set_first_player(next);
                }
            }
            RefreshEnd => {
                self.end_phase(Phase::Refresh);
                self.time_counters();
                self.rounds_completed += 1;
            }
            RoundEnd => {
                // Threat at the end of the round, after the refresh phase's eliminations (the
                // state-based checks ran before this frame).
                let r = (self.rounds_completed as usize).clamp(1, MAX_ROUNDS) - 1;
                self.rounds_recorded = self.rounds_completed;
                for p in 0..self.n_players as usize {
                    self.record.threat_at_round_end[r][p] = if self.players[p].eliminated {
                        ELIMINATED
                    } else {
                        self.players[p].threat.clamp(0, 254) as u8
                    };
                }
                // The next round waits below the end-of-round triggers: Responses to them (or
                // to what they do, e.g. Erestor's discard) resolve first, then "until the end
                // of the round" effects expire (engine continuation 4).
                self.stack.push(Frame::Step(Step::RoundBegin));
                self.stack.push(Frame::Resume {
                    cont: Cont::new(NO_CARD, 4),
                });
                self.fire(Event::RoundEnd);
            }
            _ => unreachable!("{s:?} is not a step of this phase"),
        }
    }

    pub(super) fn time_counters(&mut self) {
        let mut buf = std::mem::take(&mut self.scratch);
        buf.clear();
        // (Plain nested loops over `in_play_cards`' lists, in its order.)
        for l in self.in_play_slices() {
            for &c in l {
                if self.cards[c as usize].time > 0 {
                    buf.push(c);
                }
            }
        }
        for &c in &buf {
            self.cards[c as usize].time -= 1;
            if self.cards[c as usize].time == 0 {
                self.log_fn(|g| format!("  last time counter removed from {}", g.title(c)));
                self.fire(Event::TimeRanOut(c));
            }
        }
        self.scratch = buf;
    }
}
