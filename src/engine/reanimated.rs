//! Reanimated Dead (The Dread Realm, RULES.md §8.11).
//!
//! To reanimate a player card is to put it facedown in front of a player, as if it had just
//! engaged him from the staging area (or, for Possession, into the staging area). Facedown it
//! is a Reanimated Dead: `CardInst::reanimated` is set and `Game::def_of` shows the database's
//! `CardDb::reanimated` face (an Undead enemy, threat 2, Attack 2, Defense 2, 2 hit points,
//! engagement cost 0, no text), so every rule that reads a card's numbers, type or traits sees
//! that enemy; its own script is off (`NO_SCRIPT`, no hook bits). It keeps its owner: whatever
//! takes it out of play (destroyed, discarded, returned, shuffled away), `Game::move_card` turns
//! it face up and sends it to its owner's discard pile (`leave_reanimated`), so the card is
//! conserved and always counted as its owner's (`check_reanimated`, part of the invariants).
//! Whether being placed in front of a player counts as engaging him is the rule option
//! `reanimated_engages` (default yes, §8.11.3).

use super::*;
use crate::cards::Rule;

impl<'a> Game<'a> {
    /// The face every Reanimated Dead shows.
    #[inline]
    pub(crate) fn reanimated_face(&self) -> &'a crate::data::CardDef {
        self.db
            .reanimated
            .as_deref()
            .expect("CardDb::reanimated is built when the card table is loaded")
    }

    /// Is `c` a Reanimated Dead (a facedown player card in play)?
    #[inline]
    pub fn is_reanimated(&self, c: CardId) -> bool {
        self.cards[c as usize].reanimated
    }

    /// How many Reanimated Dead are in play.
    pub fn reanimated_in_play(&self) -> i16 {
        let engaged = (0..self.n_players).flat_map(|p| self.engaged(p).iter());
        self.list(Zone::Staging)
            .iter()
            .chain(engaged)
            .filter(|&&c| self.cards[c as usize].reanimated)
            .count() as i16
    }

    /// Reanimate player card `c` (out of play) in front of player `p`: facedown, engaged with
    /// him. False (nothing happens) if it is not a player card out of play (a card out of the
    /// game with its eliminated owner is not) or `p` is out.
    pub fn reanimate(&mut self, c: CardId, p: u8) -> bool {
        if !self.put_reanimated(c, p, Zone::Engaged(p)) {
            return false;
        }
        if self.setup.options.reanimated_engages {
            self.fire(Event::Engaged(c, p));
        }
        true
    }

    /// Reanimate player card `c` of player `p` into the staging area (Possession).
    pub fn reanimate_to_staging(&mut self, c: CardId, p: u8) -> bool {
        self.put_reanimated(c, p, Zone::Staging)
    }

    /// Reanimate the top `n` cards of `p`'s deck in front of him; how many were.
    pub fn reanimate_top(&mut self, p: u8, n: usize) -> usize {
        let mut k = 0;
        while k < n {
            let Some(c) = self.top(Zone::Deck(p)) else {
                break;
            };
            if !self.reanimate(c, p) {
                break;
            }
            k += 1;
        }
        k
    }

    fn put_reanimated(&mut self, c: CardId, p: u8, to: Zone) -> bool {
        let ci = self.cards[c as usize];
        if ci.owner == ENCOUNTER
            || ci.zone.in_play()
            || self.out_of_game(c)
            || p >= self.n_players
            || self.players[p as usize].eliminated
        {
            return false;
        }
        self.set_facedown(c, true);
        self.move_card(c, to);
        if self.logging() {
            let shown = &self.db.def(ci.def).title;
            let place = if to == Zone::Staging {
                "into the staging area".to_string()
            } else {
                format!("in front of P{}", p + 1)
            };
            self.log_line(format!(
                "  {shown} (P{}) is reanimated {place} as a Reanimated Dead",
                ci.owner + 1
            ));
        }
        true
    }

    /// Turn `c` facedown (a Reanimated Dead: no script, no hooks) or face up again (its own
    /// face and script).
    fn set_facedown(&mut self, c: CardId, on: bool) {
        self.fixed_changed_on(c);
        if on {
            let ty = self.reanimated_face().ty;
            let ci = &mut self.cards[c as usize];
            let (old, list) = (ci.hooks, ci.zone.list());
            ci.reanimated = true;
            ci.ty = ty;
            ci.script = NO_SCRIPT;
            ci.script_ref = ScriptRef(None);
            ci.hooks = 0;
            self.count_hooks(list, old, false);
            self.dirty = true;
            self.note_moved(c);
        } else {
            self.cards[c as usize].reanimated = false;
            let d = self.cards[c as usize].def;
            self.set_face(c, d);
        }
    }

    /// Reanimated Dead `c` is leaving play: face up again; where it goes (its owner's discard
    /// pile, or out of the game with an eliminated owner).
    pub(crate) fn leave_reanimated(&mut self, c: CardId) -> Zone {
        self.set_facedown(c, false);
        let owner = self.cards[c as usize].owner;
        if self.logging() {
            self.log_line(format!(
                "  the Reanimated Dead ({}) goes to P{}'s discard pile",
                self.title(c),
                owner + 1
            ));
        }
        if self.players[owner as usize].eliminated {
            Zone::Eliminated
        } else {
            Zone::Discard(owner)
        }
    }

    /// Player `p` would draw `n` cards: a card in his play area that replaces his draws
    /// (`Rule::DrawReplaced`, Daechanar's Curse) resolves instead (its `resume` with
    /// `WOULD_DRAW`); true if one did.
    pub(crate) fn draw_replaced(&mut self, p: u8, n: usize) -> bool {
        if p >= self.n_players || !self.rule(Rule::DrawReplaced(p)) {
            return false;
        }
        let by = self.list(Zone::Play(p)).iter().copied().find(|&c| {
            self.script(c)
                .and_then(|s| s.rule)
                .is_some_and(|f| f(self, c, Rule::DrawReplaced(p)))
        });
        let Some(c) = by else {
            return false;
        };
        if let Some(f) = self.script(c).and_then(|s| s.resume) {
            f(
                self,
                Cont::new(c, WOULD_DRAW).with(p, n as i16, 0),
                Opt::Pass,
            );
        }
        true
    }

    /// Invariants of §8.11: a Reanimated Dead is a player's card in play as an enemy (staging
    /// area or an engagement area) with no script; a player card (without the Encounter keyword)
    /// never reaches the encounter deck, its discard pile or a shadow card's place (player side
    /// quests do reach the victory display).
    pub(crate) fn check_reanimated(&self) -> Result<(), String> {
        for ci in self.cards.iter() {
            if ci.reanimated
                && (ci.owner >= self.n_players
                    || !matches!(ci.zone, Zone::Staging | Zone::Engaged(_))
                    || ci.script != NO_SCRIPT
                    || ci.hooks != 0)
            {
                return Err(format!(
                    "{} is a Reanimated Dead of owner {} in {:?} (script {})",
                    self.db.def(ci.def).title,
                    ci.owner,
                    ci.zone,
                    ci.script
                ));
            }
            if ci.owner != ENCOUNTER
                && !self.db.def(ci.def).keywords.encounter
                && matches!(
                    ci.zone,
                    Zone::EncounterDeck | Zone::EncounterDiscard | Zone::Shadow(_)
                )
            {
                return Err(format!(
                    "{} (P{}'s card) is in the encounter zone {:?}",
                    self.db.def(ci.def).title,
                    ci.owner + 1,
                    ci.zone
                ));
            }
        }
        Ok(())
    }

    /// After shadow card `sh` of attacking enemy `e` resolved: with
    /// `Rule::SorceryShadowsRevealed(e)` (Witch of Angmar), a Sorcery shadow card still dealt
    /// to it resolves its When Revealed effect too, for the defending player (it is not
    /// "revealed": nothing that waits for a reveal triggers).
    pub(crate) fn sorcery_shadow_revealed(&mut self, e: CardId, sh: CardId) {
        if self.cards[sh as usize].zone != Zone::Shadow(e)
            || !self.rule(Rule::SorceryShadowsRevealed(e))
            || !self.has_trait(sh, "Sorcery")
        {
            return;
        }
        if let Some(f) = self.script(sh).and_then(|x| x.when_revealed) {
            self.log_fn(|g| format!("  {} resolves its When Revealed effect", g.title(sh)));
            let p = self.attack.player;
            f(self, sh, p);
        }
    }

    /// Progress `n` meant for the main quest goes to the locations in the staging area
    /// (Daechanar's Fall). Engine choice for "divided as you choose": the location closest to
    /// being explored first, each filled up before the next; what is left once every location
    /// has enough is lost.
    pub(crate) fn progress_to_staging_locations(&mut self, n: i16) {
        let mut left = n;
        while left > 0 {
            let next = self
                .list(Zone::Staging)
                .iter()
                .copied()
                .filter(|&l| self.is_location(l) && !self.rule(Rule::CannotPlaceProgress(l)))
                .map(|l| {
                    (
                        self.stat(l, Stat::QuestPoints) - self.cards[l as usize].progress,
                        l,
                    )
                })
                .filter(|&(need, _)| need > 0)
                .min();
            let Some((need, l)) = next else {
                break;
            };
            let k = left.min(need);
            left -= k;
            self.log_fn(|g| format!("  {k} progress goes to {} instead", g.title(l)));
            self.add_progress_by_encounter(l, k);
        }
    }
}
