//! Staging areas (RULES.md §7.6). Each player belongs to one staging area (`PlayerState::area`),
//! and so does each encounter card in the staging area, the active-location slot or the quest
//! slot (`CardInst::area`, set by `move_card` to the area being resolved, `AreaState::now`).
//! While there is one area (`AreaState::split` false, every game but Escape from Mount Gram's
//! stage 2) every field is 0 and each query answers exactly as its single-area counterpart.
//! With several, the framework steps that depend on a staging area (choosing the current quest,
//! commit, staging, quest resolution, travel, optional engagement, engagement checks) run once
//! per area, in player order of each area's earliest player (`flow::by_area`), each as if only
//! its players were in the game: `AreaState::now` names the area whose step resolves, and the
//! area-relative queries (`main_quest`, `current_quest`, `active_location`, `staging_threat`)
//! answer for it. A player's action window, enemy attacks and player attacks focus on his area
//! (`focus`); a reveal on the revealing player's.

use super::*;

/// Which staging areas exist and which one is being resolved.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AreaState {
    /// The area whose framework step (or whose player's action) is resolving now.
    pub now: u8,
    /// More than one staging area exists (Escape from Mount Gram before everyone joined).
    pub split: bool,
    /// How many captured cards lie under encounter or quest cards (`engine::captured`): while
    /// none do, a card leaving play looks for none.
    pub captives: u16,
}

impl<'a> Game<'a> {
    /// Is player `p` in the staging area being resolved (always, with one area)?
    #[inline]
    pub fn in_this_area(&self, p: u8) -> bool {
        !self.areas.split || self.players[p as usize].area == self.areas.now
    }

    /// Is staged / active / quest card `c` in the staging area being resolved (always, with one
    /// area)?
    #[inline]
    pub fn card_in_this_area(&self, c: CardId) -> bool {
        !self.areas.split || self.cards[c as usize].area == self.areas.now
    }

    /// Resolve what follows in player `p`'s staging area (no-op with one area).
    #[inline]
    pub fn focus(&mut self, p: u8) {
        if self.areas.split {
            self.areas.now = self.players[p as usize].area;
        }
    }

    /// The players still in the game in the staging area being resolved, in player order from
    /// the first player (`active_seats` with one area).
    pub fn area_seats(&self) -> impl Iterator<Item = u8> + '_ {
        self.active_seats().filter(move |&p| self.in_this_area(p))
    }

    /// The staging area card `c` belongs to, if any: a player's card (in his deck, hand,
    /// discard pile, play area, engaged with him, captured from his deck) is in its player's
    /// area, an attachment or shadow card in its host's, a staged, active or quest card in its
    /// own; `None` for a card outside the players' areas (the encounter deck and discard pile,
    /// the victory display, set aside, resolving ...).
    pub fn area_of_card(&self, c: CardId) -> Option<u8> {
        let mut c = c;
        // Hosts nest at most a few deep; the bound guards against a malformed chain.
        for _ in 0..8 {
            let ci = &self.cards[c as usize];
            return match ci.zone {
                Zone::Deck(p)
                | Zone::Hand(p)
                | Zone::Discard(p)
                | Zone::Play(p)
                | Zone::Engaged(p)
                | Zone::Captured(p) => Some(self.players[p as usize].area),
                Zone::Staging | Zone::Active | Zone::Quest => Some(ci.area),
                Zone::Attached(h) | Zone::Shadow(h) => {
                    c = h;
                    continue;
                }
                _ => None,
            };
        }
        None
    }

    /// Do player-card effects stop at the boundary of the staging area being resolved now
    /// (several areas, and `RuleOptions::player_cards_stop_at_areas`, RULES §7.6.1, §7.6.10)?
    #[inline]
    pub fn areas_bound(&self) -> bool {
        self.areas.split && self.setup.options.player_cards_stop_at_areas
    }

    /// May a player-card effect resolving now reach card `c` (only cards of the staging area
    /// being resolved, and cards in no area)? Always, with one staging area.
    #[inline]
    pub fn reaches(&self, c: CardId) -> bool {
        !self.areas_bound() || self.area_of_card(c).is_none_or(|a| a == self.areas.now)
    }

    /// May a player-card effect resolving now reach player `p` ("each player", "a player")?
    /// Always, with one staging area.
    #[inline]
    pub fn reaches_player(&self, p: u8) -> bool {
        !self.areas_bound() || self.players[p as usize].area == self.areas.now
    }

    /// May player `p` respond to `ev` now (RULES §7.6.1)? Always with one staging area; with
    /// several, only a player of the area being resolved, to an event whose card (if it has
    /// one in a staging area) is in that area too.
    pub(crate) fn may_respond_here(&self, p: u8, ev: Event) -> bool {
        if !self.areas_bound() {
            return true;
        }
        let card = super::events::event_subject(ev).or(match ev {
            Event::CancelShadow(c)
            | Event::DefenderDeclared(c, _)
            | Event::DiscardedFromPlay(c) => Some(c),
            _ => None,
        });
        self.in_this_area(p) && card.is_none_or(|c| self.reaches(c))
    }

    /// "The first player" of an effect resolving now: the first player when he is in the
    /// staging area being resolved, else that area's player who comes first in player order
    /// (RULES §7.6.8, engine choice).
    pub fn area_first(&self) -> u8 {
        if !self.areas.split {
            return self.first;
        }
        self.area_seats().next().unwrap_or(self.first)
    }

    /// How many players still in the game are in the staging area being resolved.
    pub fn players_in_this_area(&self) -> u8 {
        if !self.areas.split {
            return self.players_in_game();
        }
        self.area_seats().count() as u8
    }

    /// The staging areas of the players still in the game, each once, in player order of its
    /// earliest player from the first player (§7.6.2); `.1` is how many.
    pub fn area_order(&self) -> ([u8; MAX_PLAYERS], usize) {
        let mut out = [0u8; MAX_PLAYERS];
        let mut n = 0;
        for p in self.active_seats() {
            let a = self.players[p as usize].area;
            if !out[..n].contains(&a) {
                out[n] = a;
                n += 1;
            }
        }
        (out, n)
    }

    /// Give every player his own staging area (§7.6, Escape from Mount Gram 1B): player `p`'s
    /// area is `p`.
    pub fn split_areas(&mut self) {
        for p in 0..self.n_players {
            self.players[p as usize].area = p;
        }
        self.areas.split = self.n_players > 1;
        self.log_fn(|g| format!("  each player has his own staging area ({})", g.n_players));
    }

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

    /// The players of staging area `from` join those of area `to` (§7.7.2): the encounter
    /// cards of `from` move to `to`'s staging area, engaged enemies stay engaged, `from`'s
    /// active location is discarded and its quest card leaves play (removed from the game, not
    /// defeated: §7.7.4 engine choice; its captured cards, if any, are rescued). With one area
    /// left, the game has one staging area again (everything in area 0).
    pub fn join_area(&mut self, from: u8, to: u8) {
        if from == to {
            return;
        }
        self.log_fn(|g| {
            let who: Vec<String> = g
                .active_seats()
                .filter(|&p| g.players[p as usize].area == from)
                .map(|p| format!("P{}", p + 1))
                .collect();
            let with: Vec<String> = g
                .active_seats()
                .filter(|&p| g.players[p as usize].area == to)
                .map(|p| format!("P{}", p + 1))
                .collect();
            format!("  {} join(s) {}", who.join(", "), with.join(", "))
        });
        if let Some(l) = self.active_location_in(from) {
            self.discard(l);
        }
        while let Some(&q) = self
            .list(Zone::Quest)
            .iter()
            .find(|&&q| self.cards[q as usize].area == from)
        {
            self.move_card(q, Zone::Removed);
        }
        for i in 0..self.list(Zone::Staging).len() {
            let c = self.list(Zone::Staging)[i];
            if self.cards[c as usize].area == from {
                self.cards[c as usize].area = to;
            }
        }
        for p in 0..self.n_players {
            if self.players[p as usize].area == from {
                self.players[p as usize].area = to;
            }
        }
        if self.areas.now == from {
            self.areas.now = to;
        }
        if self.area_order().1 <= 1 {
            self.unsplit_areas();
        }
    }

    /// One staging area again: every player, staged, active and quest card in area 0. The area
    /// of an eliminated player nobody shares (RULES §4.2 UNSURE; engine choice) joins too: its
    /// active location is discarded, its stage leaves play, its staged cards stay.
    fn unsplit_areas(&mut self) {
        let keep = self
            .active_seats()
            .next()
            .map(|p| self.players[p as usize].area)
            .unwrap_or(0);
        while let Some(&l) = self
            .list(Zone::Active)
            .iter()
            .find(|&&l| self.cards[l as usize].area != keep)
        {
            self.discard(l);
        }
        while let Some(&q) = self
            .list(Zone::Quest)
            .iter()
            .find(|&&q| self.cards[q as usize].area != keep)
        {
            self.move_card(q, Zone::Removed);
        }
        for p in 0..MAX_PLAYERS {
            self.players[p].area = 0;
        }
        for z in [Zone::Staging, Zone::Active, Zone::Quest] {
            for i in 0..self.list(z).len() {
                let c = self.list(z)[i];
                self.cards[c as usize].area = 0;
            }
        }
        self.areas.now = 0;
        self.areas.split = false;
        self.log_fn(|_| "  the players share one staging area again".to_string());
    }

    /// While player-card effects stop at staging areas (`areas_bound`), a pending decision of
    /// player `p` offers only cards and players of his own area (RULES §7.6.1), and a decision
    /// where player cards act (an action window, a Response, a player card's own choice)
    /// resolves in that area. A quest stage's own decision is exempt: joining picks a player
    /// of another area (§7.7).
    pub(crate) fn check_area_reach(&self) -> Result<(), String> {
        if !self.areas_bound() {
            return Ok(());
        }
        let Some(d) = self.pending() else {
            return Ok(());
        };
        if let Ask::Effect { card, .. } = d.ask {
            if self.ty(card) == CardType::Quest {
                return Ok(());
            }
        }
        let p = d.player;
        let a = self.players[p as usize].area;
        // Where player cards act: action windows, Responses, player cards' own choices.
        let player_card = match d.ask {
            Ask::Action(_) | Ask::Planning | Ask::Response(_) => true,
            Ask::Effect { card, .. } => self.cards[card as usize].owner != ENCOUNTER,
            _ => false,
        };
        if self.areas.now != a && player_card {
            return Err(format!(
                "P{} (staging area {a}) decides {} while area {} resolves",
                p + 1,
                self.ask_name(),
                self.areas.now
            ));
        }
        for &o in &d.options {
            let bad = match o {
                Opt::Card(c) | Opt::Play(c) | Opt::Activate(c) => self
                    .area_of_card(c)
                    .is_some_and(|x| x != a)
                    .then(|| self.title(c).to_string()),
                Opt::Player(q) => {
                    (self.players[q as usize].area != a).then(|| format!("P{}", q + 1))
                }
                _ => None,
            };
            if let Some(what) = bad {
                return Err(format!(
                    "P{} (staging area {a}) is offered {what} of another staging area ({})",
                    p + 1,
                    self.ask_name()
                ));
            }
        }
        Ok(())
    }

    /// Every player's area and every staged, active or quest card's area is an existing area;
    /// with one area everything is in area 0.
    pub(crate) fn check_areas(&self) -> Result<(), String> {
        let n = self.n_areas();
        if !self.areas.split {
            if let Some(p) = (0..self.n_players).find(|&p| self.players[p as usize].area != 0) {
                return Err(format!(
                    "P{} is in area {} with one staging area",
                    p + 1,
                    self.players[p as usize].area
                ));
            }
        }
        if self.areas.now >= n {
            return Err(format!("area {} resolves, of {}", self.areas.now, n));
        }
        // With several areas, each has at most one active location and one quest stage.
        for z in [Zone::Active, Zone::Quest]
            .into_iter()
            .filter(|_| self.areas.split)
        {
            let mut seen = [false; MAX_PLAYERS];
            for &c in self.list(z) {
                let a = self.cards[c as usize].area as usize;
                if z == Zone::Quest && self.is_side_quest(c) {
                    continue;
                }
                if a < MAX_PLAYERS && std::mem::replace(&mut seen[a], true) {
                    return Err(format!("two cards in {z:?} of staging area {a}"));
                }
            }
        }
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
    use crate::cards::testkit::{options, sandbox};
    use crate::engine::*;

    #[test]
    fn an_attack_goes_on_in_its_players_area_after_a_window() {
        // Areas apart; P2 attacks an enemy engaged with him. The action window after the
        // attackers are declared focuses each player's area in turn (P1's last here): the
        // attack's damage, and what its kill triggers, resolve in P2's area again.
        let mut g = sandbox(&[&["Core-001"], &["Core-002"]]);
        g.split_areas();
        let e = g.spawn("TLR-043", ENCOUNTER, Zone::Engaged(1));
        g.patk.enemy = e;
        g.patk.player = 1;
        g.saved_patks.push(g.patk);
        g.focus(0);
        assert_eq!(g.areas.now, 0);
        g.push_run(Frame::RestorePlayerAttack);
        assert_eq!(g.areas.now, 1, "P2's area");
        // The same for an enemy attack on P2.
        g.attack.enemy = e;
        g.attack.player = 1;
        g.saved_attacks.push(g.attack);
        g.focus(0);
        g.push_run(Frame::RestoreAttack);
        assert_eq!(g.areas.now, 1, "P2's area");
    }

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
        g.areas.split = true;
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

    #[test]
    fn each_staging_area_resolves_as_if_only_its_players_were_in_the_game() {
        let mut g = sandbox(&[&["Core-001"], &["Core-002"]]);
        g.first = 0;
        let quest0 = g.main_quest().unwrap();
        g.split_areas();
        assert!(g.areas.split);
        assert_eq!(g.area_order(), ([0, 1, 0, 0], 2));
        g.first = 1;
        assert_eq!(g.area_order().0[..2], [1, 0], "from the first player");
        g.first = 0;
        // P2's own stage: a second quest card in area 1.
        g.areas.now = 1;
        let quest1 = g.spawn("TLR-046", ENCOUNTER, Zone::Quest);
        assert_eq!(g.card(quest1).area, 1);
        assert_eq!(g.main_quest(), Some(quest1));
        g.areas.now = 0;
        assert_eq!(g.main_quest(), Some(quest0));
        // Staging in area 1: P2 alone reveals one card, into his staging area.
        while let Some(c) = g.top(Zone::EncounterDeck) {
            g.move_card(c, Zone::SetAside);
        }
        let orc = g.spawn("TLR-043", ENCOUNTER, Zone::EncounterDeck);
        let loc = g.spawn("TLR-019", ENCOUNTER, Zone::EncounterDeck);
        g.push_run(Frame::AreaStep {
            step: Step::Staging,
            area: 1,
        });
        assert_eq!(g.card(loc).zone, Zone::Staging);
        assert_eq!(g.card(loc).area, 1);
        assert_eq!(
            g.card(orc).zone,
            Zone::EncounterDeck,
            "one reveal: one player"
        );
        assert_eq!(g.staging_threat_in(0), 0);
        assert_eq!(g.staging_threat_in(1), g.threat_contribution(loc));
        // Optional engagement in area 0: P1 is offered only area 0's enemies (none); in area
        // 1, P2 is offered area 1's enemy.
        g.move_card(orc, Zone::SetAside);
        g.areas.now = 1;
        g.move_card(orc, Zone::Staging);
        g.push_run(Frame::AreaStep {
            step: Step::OptionalEngage,
            area: 0,
        });
        assert!(g.pending().is_none(), "nothing for P1 to engage");
        g.push_run(Frame::AreaStep {
            step: Step::OptionalEngage,
            area: 1,
        });
        assert_eq!(g.pending().map(|d| d.player), Some(1));
        assert!(options(&g).contains(&Opt::Card(orc)));
        g.answer(Opt::Card(orc));
        assert_eq!(g.card(orc).zone, Zone::Engaged(1), "P2 engages it");
        // Quest resolution in area 1: only P2's committed characters and area 1's threat;
        // only P2's threat rises.
        let h0 = g.heroes(0).next().unwrap();
        let h1 = g.heroes(1).next().unwrap();
        g.card_mut(h0).questing = true;
        g.card_mut(h1).questing = true;
        g.areas.now = 1;
        assert_eq!(g.questing_strength(), g.stat(h1, Stat::Willpower));
        let (t0, t1) = (g.players[0].threat, g.players[1].threat);
        g.push_run(Frame::AreaStep {
            step: Step::Resolve,
            area: 1,
        });
        let lost = g.threat_contribution(loc) - g.stat(h1, Stat::Willpower);
        assert_eq!(g.players[0].threat, t0);
        assert_eq!(g.players[1].threat, t1 + lost.max(0));
        // Travel in area 0: nothing there to travel to; in area 1, P2 travels to the location.
        g.push_run(Frame::AreaStep {
            step: Step::Travel,
            area: 0,
        });
        assert!(g.pending().is_none());
        g.push_run(Frame::AreaStep {
            step: Step::Travel,
            area: 1,
        });
        assert_eq!(g.pending().map(|d| d.player), Some(1));
        g.answer(Opt::Card(loc));
        assert_eq!(g.card(loc).zone, Zone::Active);
        assert_eq!(g.active_location_in(1), Some(loc));
        assert_eq!(g.active_location_in(0), None);
        g.check_invariants().unwrap();
    }

    /// Four-player Escape from Mount Gram games (the soak decks, every card script of the four
    /// core spheres), `basic` and `random` at every seat: at every decision the invariants hold,
    /// among them `check_area_reach` — while the table is split, no decision of a player
    /// resolves outside his staging area or offers him another area's card or player.
    #[test]
    fn no_effect_reaches_another_staging_area_in_four_player_mount_gram() {
        use crate::cards::testkit::db;
        use crate::data::Mode;
        use crate::soak::{soak_setup, SoakConfig};
        let db = db();
        let scenario = db.scenario("escape-from-mount-gram").unwrap();
        let (mut split_decisions, mut split_offers) = (0u64, 0u64);
        for (bot, mode) in [("basic", Mode::Standard), ("random", Mode::Easy)] {
            let cfg = SoakConfig {
                scenario,
                mode,
                bot,
                players: 4,
            };
            let setup = soak_setup(db, &cfg, 30).unwrap();
            let mut g = Game::new(db, &setup);
            for i in 0..3 {
                let mut bots: Vec<_> = (0..4)
                    .map(|s| {
                        let mut b = crate::bots::make(bot).unwrap();
                        b.new_game(crate::seed::derive(7, i, crate::seed::Stream::Bot(s)));
                        b
                    })
                    .collect();
                g.start(7, i);
                while let Some(d) = g.pending() {
                    if let Err(e) = g.check_invariants() {
                        panic!("{bot} game {i}: {e}");
                    }
                    if g.areas.split {
                        split_decisions += 1;
                        split_offers += d
                            .options
                            .iter()
                            .filter(|o| matches!(o, Opt::Card(_) | Opt::Player(_)))
                            .count() as u64;
                    }
                    let k = bots[d.player as usize].choose(&g, d);
                    g.apply(k);
                }
            }
        }
        assert!(
            split_decisions > 100 && split_offers > 100,
            "the table was split for {split_decisions} decisions"
        );
    }

    #[test]
    fn joining_moves_the_staging_area_and_discards_the_left_location() {
        let mut g = sandbox(&[&["Core-001"], &["Core-002"], &["Core-003"]]);
        g.first = 0;
        g.split_areas();
        g.areas.now = 2;
        let q2 = g.spawn("TLR-046", ENCOUNTER, Zone::Quest);
        let orc = g.spawn("TLR-043", ENCOUNTER, Zone::Staging);
        let loc = g.spawn("TLR-019", ENCOUNTER, Zone::Active);
        let engaged = g.spawn("TLR-044", ENCOUNTER, Zone::Staging);
        g.move_card_keep(engaged, Zone::Engaged(2));
        g.areas.now = 0;
        g.join_area(2, 1);
        assert_eq!(g.card(orc).area, 1);
        assert_eq!(g.card(orc).zone, Zone::Staging);
        assert_eq!(
            g.card(loc).zone,
            Zone::EncounterDiscard,
            "the left location"
        );
        assert_eq!(g.card(q2).zone, Zone::Removed, "the left stage");
        assert_eq!(g.card(engaged).zone, Zone::Engaged(2), "stays engaged");
        assert_eq!(g.area_of(2), 1);
        assert!(g.areas.split);
        g.check_invariants().unwrap();
        // The last join: one staging area again, everything in area 0.
        g.join_area(1, 0);
        assert!(!g.areas.split);
        assert_eq!((g.area_of(1), g.area_of(2), g.card(orc).area), (0, 0, 0));
        g.check_invariants().unwrap();
    }
}
