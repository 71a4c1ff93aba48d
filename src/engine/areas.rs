//! Staging areas (RULES.md §7.6), the first step toward Escape from Mount Gram (still refused:
//! its cards are missing). Each player belongs to one staging area (`PlayerState::area`), and so
//! does each encounter card in the staging area, the active-location slot or the quest slot
//! (`CardInst::area`). Today every game has exactly one area, 0: every field is 0 and each query
//! below answers exactly as its single-area counterpart (`staging_threat`, `active_location`).
//! The next steps (not done): resolve each framework step per area as if only its players were
//! in the game, joining (§7.7), captured decks (§8.7).

use super::*;

impl<'a> Game<'a> {
    /// The staging area player `p` belongs to.
    pub fn area_of(&self, p: u8) -> u8 {
        self.players[p as usize].area
    }

    /// How many staging areas there are (1 unless a scenario created more).
    pub fn n_areas(&self) -> u8 {
        (0..self.n_players)
            .map(|p| self.players[p as usize].area)
            .max()
            .unwrap_or(0)
            + 1
    }

    /// The players still in the game who belong to staging area `a`, in player order.
    pub fn players_in_area(&self, a: u8) -> impl Iterator<Item = u8> + '_ {
        self.active_seats()
            .filter(move |&p| self.players[p as usize].area == a)
    }

    /// The cards in staging area `a`.
    pub fn staged_in(&self, a: u8) -> impl Iterator<Item = CardId> + '_ {
        self.list(Zone::Staging)
            .iter()
            .copied()
            .filter(move |&c| self.cards[c as usize].area == a)
    }

    /// Total threat in staging area `a` (lasting "add threat to the staging area" effects count
    /// in every area: engine choice until a scenario with several areas needs otherwise).
    pub fn staging_threat_in(&self, a: u8) -> i16 {
        let extra: i16 = self
            .lasting
            .iter()
            .map(|e| match e.what {
                Lasting::StagingThreat(n) => n,
                _ => 0,
            })
            .sum();
        let t: i16 = self.staged_in(a).map(|c| self.threat_contribution(c)).sum();
        (t + extra).max(0)
    }

    /// The active location of staging area `a`.
    pub fn active_location_in(&self, a: u8) -> Option<CardId> {
        self.list(Zone::Active)
            .iter()
            .rev()
            .copied()
            .find(|&c| self.cards[c as usize].area == a)
    }

    /// Every player's area and every staged, active or quest card's area is an existing area.
    pub(crate) fn check_areas(&self) -> Result<(), String> {
        let n = self.n_areas();
        for z in [Zone::Staging, Zone::Active, Zone::Quest] {
            for &c in self.list(z) {
                if self.cards[c as usize].area >= n {
                    return Err(format!(
                        "{} is in staging area {} of {}",
                        self.title(c),
                        self.cards[c as usize].area,
                        n
                    ));
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::cards::testkit::sandbox;
    use crate::engine::*;

    #[test]
    fn one_staging_area_answers_as_the_staging_area() {
        let mut g = sandbox(&[&["Core-001"], &["Core-002"]]);
        let e = g.spawn("TLR-043", ENCOUNTER, Zone::Staging);
        let l = g.spawn("TLR-018", ENCOUNTER, Zone::Staging);
        assert_eq!(g.n_areas(), 1);
        assert_eq!(g.players_in_area(0).collect::<Vec<_>>(), vec![0, 1]);
        assert_eq!(g.staged_in(0).count(), g.list(Zone::Staging).len());
        assert_eq!(g.staging_threat_in(0), g.staging_threat());
        g.move_card(l, Zone::Active);
        assert_eq!(g.active_location_in(0), Some(l));
        g.check_invariants().unwrap();
        // Two areas (as Escape from Mount Gram will make): each sees only its own cards.
        g.players[1].area = 1;
        g.card_mut(e).area = 1;
        assert_eq!(g.n_areas(), 2);
        assert_eq!(g.players_in_area(1).collect::<Vec<_>>(), vec![1]);
        assert_eq!(g.staged_in(1).collect::<Vec<_>>(), vec![e]);
        assert_eq!(g.staged_in(0).count(), g.list(Zone::Staging).len() - 1);
        assert_eq!(g.active_location_in(1), None);
        assert_eq!(g.staging_threat(), g.staging_threat_in(0), "P1 is first");
        g.check_invariants().unwrap();
        g.card_mut(e).area = 2;
        assert!(g.check_invariants().is_err(), "no area 2");
    }
}
