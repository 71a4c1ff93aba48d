//! Readable descriptions of the state and of options, for traces.

use super::*;

impl<'a> Game<'a> {
    /// A readable snapshot of the table, for the trace at the start of each round.
    pub fn describe_state(&self) -> Vec<String> {
        let mut out = Vec::new();
        let names = |cs: &[CardId]| -> String {
            cs.iter()
                .map(|&c| {
                    let ci = &self.cards[c as usize];
                    let mut s = self.title(c).to_string();
                    if ci.damage > 0 {
                        s += &format!(" {}dmg", ci.damage);
                    }
                    if ci.progress > 0 {
                        s += &format!(" {}prog", ci.progress);
                    }
                    if ci.resources > 0 {
                        s += &format!(" {}res", ci.resources);
                    }
                    if ci.time > 0 {
                        s += &format!(" {}time", ci.time);
                    }
                    if ci.exhausted {
                        s += " (exh)";
                    }
                    let att: Vec<&str> = self.attachments(c).map(|a| self.title(a)).collect();
                    if !att.is_empty() {
                        s += &format!(" [{}]", att.join(", "));
                    }
                    s
                })
                .collect::<Vec<_>>()
                .join("; ")
        };
        if let Some(q) = self.main_quest() {
            out.push(format!(
                "  quest: {} {}/{} progress",
                self.title(q),
                self.cards[q as usize].progress,
                self.stat(q, Stat::QuestPoints)
            ));
        }
        out.push(format!("  staging: {}", names(self.list(Zone::Staging))));
        if let Some(l) = self.active_location() {
            out.push(format!("  active location: {}", names(&[l])));
        }
        for p in 0..self.n_players {
            if self.players[p as usize].eliminated {
                continue;
            }
            out.push(format!(
                "  P{} play: {}",
                p + 1,
                names(self.list(Zone::Play(p)))
            ));
            if !self.engaged(p).is_empty() {
                out.push(format!("  P{} engaged: {}", p + 1, names(self.engaged(p))));
            }
            let hand: Vec<&str> = self
                .list(Zone::Hand(p))
                .iter()
                .map(|&c| self.title(c))
                .collect();
            out.push(format!(
                "  P{} hand ({}): {}; deck {}",
                p + 1,
                hand.len(),
                hand.join(", "),
                self.list(Zone::Deck(p)).len()
            ));
        }
        out.push(format!(
            "  encounter deck {}, discard {}, victory display {}",
            self.list(Zone::EncounterDeck).len(),
            self.list(Zone::EncounterDiscard).len(),
            self.list(Zone::Victory).len()
        ));
        for &n in self.list(Zone::Nightmare) {
            let kind = if self.ty(n) == CardType::Campaign {
                "Campaign"
            } else {
                "Nightmare"
            };
            out.push(format!("  {kind} {}", self.title(n)));
        }
        if !self.list(Zone::OrcDeck).is_empty() {
            out.push(format!("  Orc deck {}", self.list(Zone::OrcDeck).len()));
        }
        out
    }

    /// What mode `k` of the pending card prompt does, if its card's script names it
    /// (`Script::mode_names`).
    fn mode_name(&self, k: u8) -> Option<&'static str> {
        let Ask::Effect { card, what } = self.decision.ask else {
            return None;
        };
        if card == NO_CARD {
            return None;
        }
        let names = self.script(card)?.mode_names;
        names
            .iter()
            .find(|&&(w, m, _)| w == what && m == k)
            .map(|&(_, _, name)| name)
    }

    /// Readable name of an option, for logs.
    pub fn opt_name(&self, o: Opt) -> String {
        match o {
            Opt::Card(c) | Opt::Play(c) | Opt::Activate(c) if c == NO_CARD => format!("{:?}", o),
            Opt::Card(c) => self.title(c).to_string(),
            Opt::Play(c) => format!("play {}", self.title(c)),
            Opt::Activate(c) => format!("use {}", self.title(c)),
            Opt::Player(p) => format!("P{}", p + 1),
            Opt::Mode(k) => match self.mode_name(k) {
                Some(name) => format!("{name} (mode {k})"),
                None => format!("mode({k})"),
            },
            other => format!("{:?}", other).to_lowercase(),
        }
    }
}
