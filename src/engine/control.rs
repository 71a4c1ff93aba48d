//! Controlled locations (Wrath and Ruin, RULES.md §8.12): while a card answers
//! `Rule::ExploredLocationsControlled`, an explored location goes to the first player's play
//! area (`Zone::Play`) with its progress removed instead of leaving play; it is in play there
//! (its text active) but neither staged nor active. Returning it to the staging area
//! (`return_location`) removes its progress again and fires `Event::LostControl`; an
//! eliminated player's locations all return (§4.2.3.3). Also here: the replacement of an
//! enemy's destruction by one of its attachments (`Rule::SavedFromDestruction`, Fury).

use super::*;
use crate::cards::Rule;

impl<'a> Game<'a> {
    /// Player `p` takes control of location `l`: its progress is removed and it goes to his play
    /// area, then `Event::TookControl`.
    pub fn take_control(&mut self, l: CardId, p: u8) {
        if self.players[p as usize].eliminated {
            return;
        }
        self.cards[l as usize].progress = 0;
        if self.cards[l as usize].zone.in_play() {
            self.move_card_keep(l, Zone::Play(p));
        } else {
            self.move_card(l, Zone::Play(p));
        }
        self.cards[l as usize].controller = p;
        self.log_fn(|g| format!("  P{} takes control of {}", p + 1, g.title(l)));
        self.fire(Event::TookControl(l, p));
    }

    /// Return controlled location `l` to the staging area: its controller loses control, its
    /// progress is removed, then `Event::LostControl`. Nothing happens unless it is controlled.
    pub fn return_location(&mut self, l: CardId) {
        let Zone::Play(p) = self.cards[l as usize].zone else {
            return;
        };
        if !self.is_location(l) {
            return;
        }
        self.cards[l as usize].progress = 0;
        self.move_card_keep(l, Zone::Staging);
        let owner = self.cards[l as usize].owner;
        self.cards[l as usize].controller = owner;
        self.log_fn(|g| {
            format!(
                "  {} returns to the staging area (P{} loses control)",
                g.title(l),
                p + 1
            )
        });
        self.fire(Event::LostControl(l, p));
    }

    /// Every location player `p` controls returns to the staging area (his elimination).
    pub(crate) fn return_all_locations(&mut self, p: u8) {
        while let Some(l) = self.controlled_locations(p).last() {
            self.return_location(l);
        }
    }

    /// The locations player `p` controls, in play-area order.
    pub fn controlled_locations(&self, p: u8) -> impl DoubleEndedIterator<Item = CardId> + '_ {
        self.list(Zone::Play(p))
            .iter()
            .copied()
            .filter(move |&c| self.is_location(c))
    }

    /// How many locations the players control.
    pub fn locations_controlled(&self) -> i16 {
        (0..self.n_players)
            .map(|p| self.controlled_locations(p).count() as i16)
            .sum()
    }

    /// How many locations are in the staging area.
    pub fn locations_staged(&self) -> i16 {
        self.list(Zone::Staging)
            .iter()
            .filter(|&&c| self.is_location(c))
            .count() as i16
    }

    /// The location with the highest Threat that `p` controls (the oldest on ties).
    pub fn highest_threat_location(&self, p: u8) -> Option<CardId> {
        let mut best: Option<(i16, CardId)> = None;
        for l in self.controlled_locations(p) {
            let t = self.stat(l, Stat::Threat);
            if best.is_none_or(|(b, _)| t > b) {
                best = Some((t, l));
            }
        }
        best.map(|(_, l)| l)
    }

    /// Enemy `e` would be destroyed: an attachment of it answering
    /// `Rule::SavedFromDestruction(e)` heals all its damage and is discarded instead (true).
    pub(crate) fn saved_from_destruction(&mut self, e: CardId) -> bool {
        if self.cards[e as usize].n_attached == 0 {
            return false;
        }
        let saver = self.attachments(e).find(|&a| {
            self.script(a)
                .and_then(|s| s.rule)
                .is_some_and(|f| f(self, a, Rule::SavedFromDestruction(e)))
        });
        let Some(a) = saver else {
            return false;
        };
        let d = self.cards[e as usize].damage;
        self.cards[e as usize].damage = 0;
        self.dirty = true;
        self.log_fn(|g| {
            format!(
                "  {} would be destroyed: {} heals {} damage and is discarded",
                g.title(e),
                g.title(a),
                d
            )
        });
        self.discard(a);
        true
    }
}
