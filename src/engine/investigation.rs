//! The Investigation (RULES.md §8.9, The Treachery of Rhudaur): encounter side quests that turn
//! over to a Clue objective when defeated, and Clues claimed onto a character.
//!
//! A side quest whose script answers `Rule::FlipsWhenDefeated` is not moved to the victory
//! display when defeated (`Game::defeat_flipping`): its attachments are discarded, its progress
//! removed, and it turns to its other face with `Game::flip_card` (the one double-sided
//! mechanism), staying in the staging area as an unclaimed objective. A Clue is an objective with
//! the Clue trait; its own Action (a card script) exhausts Amarthiúl or a hero to claim it
//! (`Game::claim_clue`): it is attached to that character under his controller. A claimed Clue
//! whose character leaves play goes back to the staging area, as every objective attached to a
//! card that leaves play does (`ops::discard_hosted`).
//!
//! Two smaller pieces live here because only the Investigation's scenario uses them so far:
//! progress diverted from quest cards to a staged location (`Rule::DivertsQuestProgress`, used
//! by `Game::add_progress`) and the encounter-deck reset hook (`Rule::UndeadBackOnEncounterReset`).

use super::*;
use crate::cards::Rule;

impl<'a> Game<'a> {
    /// Side quest `c`, just defeated, turns over to its Clue face in the staging area
    /// (`Event::QuestDefeated` before, `Event::SideQuestDefeated` after, as for any side quest).
    pub(crate) fn defeat_flipping(&mut self, c: CardId) {
        self.log_fn(|g| format!("  side quest {} is defeated", g.title(c)));
        self.fire(Event::QuestDefeated(c));
        if self.cards[c as usize].zone != Zone::Staging {
            return;
        }
        loop {
            let next = self.attachments(c).next();
            let Some(a) = next else { break };
            self.discard(a);
        }
        self.cards[c as usize].progress = 0;
        self.flip_card(c);
        self.fire(Event::SideQuestDefeated(c));
    }

    /// Is `c` a Clue objective (whatever its zone)?
    pub fn is_clue(&self, c: CardId) -> bool {
        self.ty(c) == CardType::Objective && self.has_trait(c, "Clue")
    }

    /// The character a Clue is attached to, if it is claimed.
    pub fn clue_holder(&self, c: CardId) -> Option<CardId> {
        match self.cards[c as usize].zone {
            Zone::Attached(h) if self.is_character(h) => Some(h),
            _ => None,
        }
    }

    /// How many Clues are attached to characters.
    pub fn clues_claimed(&self) -> i16 {
        self.list(Zone::Attached(0))
            .iter()
            .filter(|&&c| self.is_clue(c) && self.clue_holder(c).is_some())
            .count() as i16
    }

    /// Does player `p` control a Clue (attached to a character he controls)?
    pub fn controls_clue(&self, p: u8) -> bool {
        self.list(Zone::Attached(0)).iter().any(|&c| {
            self.is_clue(c)
                && self
                    .clue_holder(c)
                    .is_some_and(|h| self.cards[h as usize].controller == p)
        })
    }

    /// May character `h` be exhausted by player `p` to claim a Clue: a ready hero of his, or
    /// Amarthiúl under his control?
    pub fn can_claim_with(&self, p: u8, h: CardId) -> bool {
        let ci = &self.cards[h as usize];
        ci.zone == Zone::Play(p)
            && !ci.exhausted
            && (self.is_hero(h)
                || (self.ty(h) == CardType::ObjectiveAlly && self.def_of(h).title == "Amarthiúl"))
    }

    /// Player `p` exhausts `h` to claim Clue `clue`, which is attached to `h`.
    pub fn claim_clue(&mut self, p: u8, clue: CardId, h: CardId) {
        if !self.can_claim_with(p, h) || self.cards[clue as usize].zone != Zone::Staging {
            return;
        }
        self.exhaust_quietly(h);
        self.attach(clue, h, p);
        self.log_fn(|g| {
            format!(
                "  P{} exhausts {} to claim {}",
                p + 1,
                g.title(h),
                g.title(clue)
            )
        });
    }

    /// Progress about to be placed on quest card `q`: a staged card answering
    /// `Rule::DivertsQuestProgress` takes up to 2 of it each round (counted on its
    /// `uses_round`; with `diversion_per_copy` off, 2 a round over all such cards). Returns what
    /// is left for `q`.
    pub(crate) fn divert_quest_progress(&mut self, q: CardId, mut n: i16) -> i16 {
        let is_quest = self.is_side_quest(q) || self.cards[q as usize].zone == Zone::Quest;
        if !is_quest || n <= 0 {
            return n;
        }
        let mut shared_left = i16::MAX;
        if !self.setup.options.diversion_per_copy {
            let mut used = 0;
            for &d in self.list(Zone::Staging) {
                if self.diverts_progress(d, q) {
                    used += self.cards[d as usize].uses_round as i16;
                }
            }
            shared_left = (2 - used).max(0);
        }
        let mut i = 0;
        while n > 0 && i < self.list(Zone::Staging).len() {
            let d = self.list(Zone::Staging)[i];
            i += 1;
            let used = self.cards[d as usize].uses_round as i16;
            if !self.diverts_progress(d, q) || used >= 2 || shared_left <= 0 {
                continue;
            }
            let k = n.min(2 - used).min(shared_left);
            self.cards[d as usize].uses_round += k as u8;
            n -= k;
            shared_left -= k;
            self.log_fn(|g| format!("  {} progress diverted to {}", k, g.title(d)));
            self.add_progress(d, k);
        }
        n
    }

    /// Does staged card `d` take progress meant for quest card `q` (`Rule::DivertsQuestProgress`)?
    fn diverts_progress(&self, d: CardId, q: CardId) -> bool {
        d != q
            && self
                .script(d)
                .and_then(|s| s.rule)
                .is_some_and(|f| f(self, d, Rule::DivertsQuestProgress(d)))
    }

    /// The encounter deck has run out and is about to be reset: with `Rule::
    /// UndeadBackOnEncounterReset`, the topmost Undead enemy of the discard pile returns to the
    /// staging area first.
    pub(crate) fn before_encounter_reset(&mut self) {
        if !self.rule(Rule::UndeadBackOnEncounterReset) {
            return;
        }
        let found = self
            .list(Zone::EncounterDiscard)
            .iter()
            .rev()
            .copied()
            .find(|&c| self.is_enemy(c) && self.has_trait(c, "Undead"));
        if let Some(e) = found {
            self.move_card(e, Zone::Staging);
            self.log_fn(|g| format!("  {} returns to the staging area", g.title(e)));
            self.fire(Event::EntersPlay(e));
        }
    }
}
