//! Objective-locations and the Safe keyword (RULES.md §5.17, §8.8; Across the Ettenmoors).
//!
//! An objective-location is a location for all purposes (`Game::is_location`) with no threat;
//! with classic Guarded it is held by the next encounter card revealed — an enemy, a location or
//! an encounter side quest (`Frame::Guard`) — as an attachment of its guard, so it cannot become
//! the active location, and it returns to the staging area when its guard leaves play
//! (`ops::discard_hosted`). Guarded (location) of player cards does not count it (§8.8.3).
//!
//! Safe, read from the card's keyword (data), while a Safe location is the active location
//! (`Game::safe_active`, kept by `ops::note_moved` whenever a Safe card moves):
//! - traveling to it returns every engaged enemy to the staging area (`safe_traveled`, before
//!   `Event::Traveled`, so the location's own "after you travel" effects come after);
//! - treacheries' When Revealed effects are ignored — not canceled: no cancel window, nothing
//!   happens, the card is discarded (`safe_ignores_when_revealed`, read by the reveal procedure);
//! - every encounter side quest's text box is blank (`Game::script` returns none; its Surge is
//!   ignored too), wherever the side quest is;
//! - enemies make no engagement checks (the Safe card's script answers
//!   `Rule::NoEngagementChecks` through `safe_rule`, so the bots see it too);
//! - at the end of the quest phase it goes to the victory display, after the phase's end
//!   effects (`safe_quest_end`), leaving no active location.
//!
//! Encounter cards can put a cost or a condition on traveling to a Safe location (Nightmare
//! cards): their script's `safe_travel` hook is asked by `can_travel_to` (`safe_travel_allowed`)
//! and paid when the players travel (`safe_travel_pay`), before the travel itself, which then
//! completes from an engine continuation once the frames the costs pushed (an immediate attack)
//! have resolved.

use super::*;
use crate::cards::Rule;
use crate::data::CardType;

impl<'a> Game<'a> {
    /// Does `c` have the Safe keyword?
    pub fn is_safe(&self, c: CardId) -> bool {
        self.def_of(c).keywords.safe
    }

    /// Is the active location a Safe location?
    pub fn safe_active(&self) -> bool {
        self.safe_active
    }

    /// A Safe card moved: recompute whether the active location is Safe.
    pub(super) fn note_safe_moved(&mut self) {
        self.safe_active = self
            .list(Zone::Active)
            .iter()
            .any(|&l| self.def_of(l).keywords.safe);
        self.sync_blank_any();
    }

    /// Is `c`'s text box blank because a Safe location is active (an encounter side quest)?
    pub fn safe_blanks(&self, c: CardId) -> bool {
        self.safe_active && self.ty(c) == CardType::EncounterSideQuest
    }

    /// Are the When Revealed effects of `c` (being revealed) ignored because a Safe location is
    /// active (a treachery)?
    pub fn safe_ignores_when_revealed(&self, c: CardId) -> bool {
        self.safe_active && self.ty(c) == CardType::Treachery
    }

    /// The players traveled to `l`: if it is Safe, every engaged enemy returns to the staging
    /// area.
    pub(super) fn safe_traveled(&mut self, l: CardId) {
        if !self.is_safe(l) {
            return;
        }
        for p in 0..self.n_players {
            while let Some(&e) = self.engaged(p).last() {
                self.return_to_staging(e);
            }
        }
    }

    /// The encounter cards in play whose script puts a cost on traveling to a Safe location.
    fn safe_cost_cards(&self) -> SmallIds {
        let mut out = SmallIds::new();
        let zones = [
            Zone::Staging,
            Zone::Active,
            Zone::Engaged(0),
            Zone::Engaged(1),
            Zone::Engaged(2),
            Zone::Engaged(3),
        ];
        for z in zones {
            for &c in self.list(z) {
                if self.script(c).and_then(|s| s.safe_travel).is_some() {
                    out.push(c);
                }
            }
        }
        out
    }

    /// Can the players pay every cost encounter cards put on traveling to `l` (if it is Safe)?
    pub(super) fn safe_travel_allowed(&mut self, l: CardId) -> bool {
        if !self.is_safe(l) {
            return true;
        }
        let cards = self.safe_cost_cards();
        cards
            .iter()
            .all(|&c| match self.script(c).and_then(|s| s.safe_travel) {
                Some(f) => f(self, c, false),
                None => true,
            })
    }

    /// The players travel to `l`: if it is Safe and encounter cards put costs on it, pay them
    /// and leave the travel to an engine continuation (step 20) that runs after whatever the
    /// costs pushed; returns whether it did so.
    pub(super) fn safe_travel_pay(&mut self, l: CardId) -> bool {
        if !self.is_safe(l) {
            return false;
        }
        let cards = self.safe_cost_cards();
        if cards.is_empty() {
            return false;
        }
        self.stack.push(Frame::Resume {
            cont: Cont::new(NO_CARD, 20).with(0, l as i16, 0),
        });
        for &c in cards.iter() {
            if let Some(f) = self.script(c).and_then(|s| s.safe_travel) {
                f(self, c, true);
            }
        }
        true
    }

    /// The end of the quest phase: an active Safe location goes to the victory display.
    pub(super) fn safe_quest_end(&mut self) {
        if !self.safe_active {
            return;
        }
        if let Some(l) = self.active_location().filter(|&l| self.is_safe(l)) {
            if self.logging() {
                let line = format!("  {} goes to the victory display (Safe)", self.title(l));
                self.log_line(line);
            }
            self.move_card(l, Zone::Victory);
        }
    }
}

/// The rule a Safe location's script answers: while it is the active location, enemies make no
/// engagement checks.
pub fn safe_rule(g: &Game, me: CardId, r: Rule) -> bool {
    r == Rule::NoEngagementChecks && g.card(me).zone == Zone::Active
}
