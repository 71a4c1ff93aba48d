//! Double-sided cards and the time of day (RULES.md §8.6).
//!
//! A double-sided card is one `CardInst` whose current face is `CardInst::def`; its other face
//! is the data's `CardDef::back`. Turning it over (`Game::flip_card`) shows the other face with
//! its own script and stats (`set_face`, which also keeps the engine's hook indexes), keeps its
//! tokens and attachments, logs the flip and fires `Event::Flipped`. Quest stages turn from A to
//! B the same way (`Game::flip_quest`, which also resolves side B's When Revealed).
//!
//! Day and Night (The Wastes of Eriador) are a game condition read from the face of the Time
//! objective: a face whose script answers `Rule::ItIsDay` or `Rule::ItIsNight`. Turning the
//! objective to the other side (`Game::make_night`, `Game::make_day`) fires `Event::BecameNight`
//! or `Event::BecameDay`, which other cards (quest stages, Blood-thirsty Warg, the objective's
//! own faces) trigger on. With no Time objective in play it is neither Day nor Night.

use super::*;
use crate::cards::Rule;

impl<'a> Game<'a> {
    /// Turn double-sided card `c` over to its other face; false if it has none.
    pub fn flip_card(&mut self, c: CardId) -> bool {
        let Some(other) = self.def_of(c).back else {
            return false;
        };
        let was = self.def_id(c);
        self.set_face(c, other);
        if self.logging() {
            let (a, b) = (self.db.def(was), self.db.def(other));
            let line = if a.title == b.title {
                // Two faces of one title (Thaurdir): name the new face by the traits only it has.
                let own: Vec<&str> = b
                    .traits
                    .iter()
                    .filter(|t| !a.traits.contains(t))
                    .map(|&t| self.db.traits[t as usize].as_str())
                    .collect();
                format!(
                    "  {} flips to side {} ({})",
                    a.title,
                    b.side as char,
                    own.join(", ")
                )
            } else {
                format!("  {} flips to {}", a.title, b.title)
            };
            self.log_line(line);
        }
        self.fire(Event::Flipped(c));
        true
    }

    /// Is it Day (the Time objective shows its Day face)?
    pub fn is_day(&self) -> bool {
        self.rule(Rule::ItIsDay)
    }

    /// Is it Night (the Time objective shows its Night face)?
    pub fn is_night(&self) -> bool {
        self.rule(Rule::ItIsNight)
    }

    /// The Time objective in play, whichever face is up.
    pub fn time_objective(&self) -> Option<CardId> {
        self.in_play_cards().find(|&c| {
            self.ty(c) == CardType::Objective
                && self
                    .script(c)
                    .and_then(|s| s.rule)
                    .is_some_and(|f| f(self, c, Rule::ItIsDay) || f(self, c, Rule::ItIsNight))
        })
    }

    /// Turn the Time objective to Night if it is Day (then `Event::BecameNight`); false if it
    /// did not turn.
    pub fn make_night(&mut self) -> bool {
        match self.time_objective() {
            Some(t) if self.is_day() => {
                self.flip_card(t);
                self.fire(Event::BecameNight);
                true
            }
            _ => false,
        }
    }

    /// Turn the Time objective to Day if it is Night and nothing forbids it (then
    /// `Event::BecameDay`); false if it did not turn.
    pub fn make_day(&mut self) -> bool {
        match self.time_objective() {
            Some(t) if self.is_night() && !self.rule(Rule::TimeCannotBecomeDay) => {
                self.flip_card(t);
                self.fire(Event::BecameDay);
                true
            }
            _ => false,
        }
    }

    /// Turn the Time objective to its other side (end of the round).
    pub fn turn_time(&mut self) -> bool {
        if self.is_day() {
            self.make_night()
        } else {
            self.make_day()
        }
    }
}
