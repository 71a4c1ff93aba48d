//! Determinization for search bots: re-sample what the players cannot see, and copy a `Game`
//! into a reused buffer.
//!
//! [`Game::determinize`] replaces every hidden order and every face-down identity by a fresh
//! sample consistent with what the players have seen: a card known to be in a pile stays in
//! it, only its position (or, for shadow cards, which face-down card of the encounter pool it
//! is) changes. Before shuffling, each pile is put in card-id order (ids are fixed at setup from
//! the deck lists and the scenario's composition, not from any shuffle), so the result depends
//! only on *which* cards are in each hidden pile and on `rng`, never on their true order: two
//! games that differ only in hidden information determinize to the same state.
//!
//! What is hidden (and re-sampled):
//! * the order of every player deck, of the encounter deck and of the Orc deck;
//! * the loot deck under a contract (The Burglar's Turn), a face-down ordered pile;
//! * the identity of every shadow card not yet revealed: the unrevealed shadow cards and the
//!   encounter deck form one pool, which is shuffled; the same number of shadow cards is dealt
//!   back to the same enemies, in the same places, and the rest is the encounter deck;
//! * the game's own random streams (encounter, players, setup), re-seeded from `rng`, so that
//!   future shuffles and random picks differ per sample.
//!
//! What is not: hands (the players share what they hold), the quest deck (its order is
//! printed), set-aside cards (named by the scenario), discard piles, the victory display, and
//! other cards underneath a card (they are known when put there), and a face-down card a
//! player has looked at (`CardInst::seen`: Denethor's or Henamarth's look at the encounter
//! deck's top card, Dark Knowledge's look at a shadow card): it keeps its place and identity
//! until it moves or its pile is shuffled, and the rest of its pile is shuffled around it.
//!
//! [`GameBuf`] keeps the heap buffers of a `Game` between decisions without borrowing the card
//! table or the setup, so a bot can hold one and copy the live game into it with
//! [`Game::copy_from`] (`clone_from`, reusing every allocation).

use super::*;
use rand::seq::SliceRandom;
use rand::Rng;
use std::sync::OnceLock;

/// Hidden shadow cards handled per determinization (more are left as they are).
const MAX_HIDDEN_SHADOWS: usize = 64;

impl<'a> Game<'a> {
    /// Re-sample everything hidden from the players (see the module doc). Keeps every
    /// invariant and the set of cards in every zone (a shadow card may change places with an
    /// encounter deck card: the encounter deck plus the unrevealed shadows keep their union).
    pub fn determinize<R: Rng + ?Sized>(&mut self, rng: &mut R) {
        for p in 0..MAX_PLAYERS as u8 {
            self.shuffle_unseen(Zone::Deck(p).list(), rng);
        }
        self.shuffle_unseen(Zone::OrcDeck.list(), rng);
        self.determinize_encounter(rng);
        self.determinize_loot(rng);
        if !self.list(Zone::Captured(0)).is_empty() {
            for p in 0..self.n_players {
                self.shuffle_captured(p, rng);
            }
        }
        self.rng_encounter = Pcg64Mcg::seed_from_u64(rng.gen());
        for r in self.rng_players.iter_mut() {
            *r = Pcg64Mcg::seed_from_u64(rng.gen());
        }
        self.rng_setup = Pcg64Mcg::seed_from_u64(rng.gen());
        self.fixed_changed();
    }

    /// How many of enemy `e`'s shadow cards are face up: none before its attack reaches them,
    /// all once its attack has passed them (RULES §3.6.1: shadow cards are revealed one by one
    /// after defenders are declared).
    pub fn revealed_shadows(&self, e: CardId) -> usize {
        if !self.cards[e as usize].attacked {
            return 0;
        }
        if self.attack.enemy == e && !self.attack.ended {
            // The attack under way: the next stage on the stack tells how far it got.
            if let Some(stage) = self.stack.iter().rev().find_map(|f| match f {
                Frame::Attack { stage } => Some(*stage),
                _ => None,
            }) {
                return match stage {
                    0 => 0,
                    s if s >= 10 => {
                        let k = (s - 10) as usize;
                        // 10 + 2k: cancel window of shadow k (k revealed so far); 11 + 2k: it
                        // is face up and resolving.
                        k / 2 + (k % 2)
                    }
                    _ => usize::MAX,
                };
            }
        }
        usize::MAX
    }

    /// Shuffle list `li` (a hidden pile) except the cards a player has looked at
    /// (`CardInst::seen`), which keep their places. With none, a plain shuffle of the sorted
    /// list (the same random numbers as before there were seen cards).
    fn shuffle_unseen<R: Rng + ?Sized>(&mut self, li: usize, rng: &mut R) {
        if !self.looked || !self.lists[li].iter().any(|&c| self.cards[c as usize].seen) {
            let l = &mut self.lists[li];
            l.sort_unstable();
            l.shuffle(rng);
            return;
        }
        let mut free = std::mem::take(&mut self.scratch);
        free.clear();
        free.extend(
            self.lists[li]
                .iter()
                .copied()
                .filter(|&c| !self.cards[c as usize].seen),
        );
        free.sort_unstable();
        free.shuffle(rng);
        let mut k = 0;
        for i in 0..self.lists[li].len() {
            if !self.cards[self.lists[li][i] as usize].seen {
                self.lists[li][i] = free[k];
                k += 1;
            }
        }
        self.scratch = free;
    }

    /// Encounter deck + unrevealed shadow cards: one shuffled pool, redealt to the same places.
    fn determinize_encounter<R: Rng + ?Sized>(&mut self, rng: &mut R) {
        let sl = Zone::Shadow(0).list();
        let el = Zone::EncounterDeck.list();
        // Positions (in the shadow list) of the face-down shadow cards, and their hosts.
        let mut pos = [0u16; MAX_HIDDEN_SHADOWS];
        let mut host = [NO_CARD; MAX_HIDDEN_SHADOWS];
        let mut n = 0;
        for (i, &s) in self.lists[sl].iter().enumerate() {
            let Zone::Shadow(e) = self.cards[s as usize].zone else {
                continue;
            };
            if n == MAX_HIDDEN_SHADOWS {
                break;
            }
            // k-th shadow card of `e` in list order (the order `shadows_of` yields).
            let k = self.lists[sl][..i]
                .iter()
                .filter(|&&x| self.cards[x as usize].zone == Zone::Shadow(e))
                .count();
            if k < self.revealed_shadows(e) || self.cards[s as usize].seen {
                continue;
            }
            pos[n] = i as u16;
            host[n] = e;
            n += 1;
        }
        for &i in &pos[..n] {
            let s = self.lists[sl][i as usize];
            self.lists[el].push(s);
        }
        // The cards a player has looked at keep their places; the shadows were put on top,
        // where no such card is, so the ones taken back below are all unseen.
        self.shuffle_unseen(el, rng);
        for k in (0..n).rev() {
            let s = self.lists[el].pop().expect("the pool holds the shadows");
            self.lists[sl][pos[k] as usize] = s;
            self.cards[s as usize].zone = Zone::Shadow(host[k]);
        }
        for i in 0..self.lists[el].len() {
            let c = self.lists[el][i];
            self.cards[c as usize].zone = Zone::EncounterDeck;
        }
    }

    /// The loot deck under each contract: shuffled in place (its positions in the shared list).
    fn determinize_loot<R: Rng + ?Sized>(&mut self, rng: &mut R) {
        let ul = Zone::Under(0).list();
        if self.lists[ul].is_empty() {
            return;
        }
        for p in 0..self.n_players {
            for i in 0..self.lists[Zone::Play(p).list()].len() {
                let k = self.lists[Zone::Play(p).list()][i];
                if self.ty(k) != CardType::Contract {
                    continue;
                }
                let mut pos = [0u16; 64];
                let mut ids = SmallIds::new();
                let mut n = 0;
                for (j, &c) in self.lists[ul].iter().enumerate() {
                    if self.cards[c as usize].zone == Zone::Under(k) && n < pos.len() {
                        pos[n] = j as u16;
                        ids.push(c);
                        n += 1;
                    }
                }
                ids.sort_unstable();
                ids.shuffle(rng);
                for (j, &c) in ids.iter().enumerate() {
                    self.lists[ul][pos[j] as usize] = c;
                }
            }
        }
    }

    /// Make `self` a copy of `src` reusing `self`'s allocations (`Clone::clone_from`), without
    /// the game log: the copy does not log (with logging on, as under `trace`, the log is
    /// copied and dropped: only that slow path allocates).
    pub fn copy_from(&mut self, src: &Game<'a>) {
        self.clone_from(src);
        self.log = None;
    }

    /// Play on with `bot` at every seat until round `stop` begins, the game ends or `max_steps`
    /// decisions were made (a search bot's rollout). Stat queries are memoised while the bot
    /// decides, as in `play_game`.
    pub fn play_until_round(&mut self, bot: &mut dyn Bot, stop: u16, max_steps: u32) {
        let mut steps = 0;
        loop {
            if self.round >= stop || steps >= max_steps {
                break;
            }
            self.open_stat_memo();
            let Some(d) = self.pending() else { break };
            let i = bot.choose(self, d);
            self.apply(i);
            steps += 1;
        }
        self.close_stat_memo();
    }

    /// Move every buffer into a `Game` that borrows nothing (placeholders for the card table
    /// and the setup), for [`GameBuf`].
    fn park(self) -> Game<'static> {
        let (db, setup) = placeholders();
        let Game {
            db: _,
            setup: _,
            cards,
            lists,
            players,
            n_players,
            first,
            round,
            rounds_completed,
            rounds_recorded,
            phase,
            lasting,
            attack,
            patk,
            saved_attacks,
            saved_patks,
            stack,
            decision,
            waiting,
            ask_clash,
            answer,
            commit_queue,
            outcome,
            canceled,
            quest_progress_this_round,
            side_quest_progress_this_round,
            dirty,
            scratch,
            scratch_resp,
            script_table,
            def_script,
            def_hooks,
            def_unique,
            interest,
            hook_counts,
            forced_stale,
            archery_assigned,
            forced_cards,
            n_blank_damaged,
            safe_active,
            blank_marks,
            blank_any,
            blank_wide,
            listen,
            template: _,
            surge_pending,
            phase_uses,
            looked,
            chain_resets,
            areas,
            revealed_this_round,
            rng_encounter,
            rng_players,
            rng_setup,
            log,
            record,
            index,
            sandbox,
            stat_memo,
            campaign,
        } = self;
        Game {
            db,
            setup,
            cards,
            lists,
            players,
            n_players,
            first,
            round,
            rounds_completed,
            rounds_recorded,
            phase,
            lasting,
            attack,
            patk,
            saved_attacks,
            saved_patks,
            stack,
            decision,
            waiting,
            ask_clash,
            answer,
            commit_queue,
            outcome,
            canceled,
            quest_progress_this_round,
            side_quest_progress_this_round,
            dirty,
            scratch,
            scratch_resp,
            script_table,
            def_script,
            def_hooks,
            def_unique,
            interest,
            hook_counts,
            forced_stale,
            archery_assigned,
            forced_cards,
            n_blank_damaged,
            safe_active,
            blank_marks,
            blank_any,
            blank_wide,
            listen,
            // Its key names a setup that may be gone by the time the buffers are used again.
            template: None,
            surge_pending,
            phase_uses,
            looked,
            chain_resets,
            areas,
            revealed_this_round,
            rng_encounter,
            rng_players,
            rng_setup,
            log,
            record,
            index,
            sandbox,
            stat_memo,
            campaign,
        }
    }
}

/// An empty card table and setup that a parked [`GameBuf`] points at (never played).
fn placeholders() -> (&'static CardDb, &'static GameSetup) {
    static P: OnceLock<(CardDb, GameSetup)> = OnceLock::new();
    let (db, setup) = P.get_or_init(|| {
        (
            CardDb::default(),
            GameSetup {
                scenario: 0,
                mode: crate::data::Mode::Standard,
                decks: Vec::new(),
                options: RuleOptions::default(),
                max_rounds: 1,
                allow_unimplemented: false,
            },
        )
    });
    (db, setup)
}

/// A `Game`'s heap buffers kept between decisions by a search bot, not tied to any card table
/// or setup. [`GameBuf::lend`] turns it into a copy of a live game (allocating only the first
/// time, or when the game grew); [`GameBuf::restore`] takes the buffers back.
#[derive(Default)]
pub struct GameBuf(Option<Game<'static>>);

impl GameBuf {
    pub fn new() -> Self {
        GameBuf(None)
    }

    /// A copy of `src` in this buffer's memory (a fresh clone the first time).
    pub fn lend<'a>(&mut self, src: &Game<'a>) -> Game<'a> {
        match self.0.take() {
            Some(g) => {
                let mut g: Game<'a> = g;
                g.copy_from(src);
                g
            }
            None => {
                let mut g = src.clone();
                g.log = None;
                g
            }
        }
    }

    /// Keep `g`'s buffers for the next `lend`.
    pub fn restore(&mut self, g: Game<'_>) {
        self.0 = Some(g.park());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::{load_embedded, Mode};
    use rand::SeedableRng;

    fn setup(db: &CardDb, scenario: &str) -> GameSetup {
        crate::cards::testkit::solo_setup(db, scenario, Mode::Standard)
    }

    /// Every card's zone, sorted: the multiset of cards per zone.
    fn zones(g: &Game) -> Vec<(usize, CardId)> {
        let mut v: Vec<(usize, CardId)> = (0..g.cards.len() as CardId)
            .map(|c| {
                let z = g.card(c).zone;
                // The encounter deck and the unrevealed shadows are one pool.
                let k = match z {
                    Zone::Shadow(_) | Zone::EncounterDeck => usize::MAX,
                    z => z.list(),
                };
                (k, c)
            })
            .collect();
        v.sort_unstable();
        v
    }

    #[test]
    fn determinize_keeps_invariants_and_cards_per_zone() {
        let db = load_embedded().unwrap();
        for sc in [
            "intruders-in-chetwood",
            "the-weather-hills",
            "deadmens-dike",
        ] {
            let s = setup(&db, sc);
            let mut g = Game::new(&db, &s);
            let mut bot = crate::bots::basic::BasicBot::new();
            let mut rng = Pcg64Mcg::seed_from_u64(5);
            let mut shadows_seen = 0;
            for index in 0..30 {
                g.start(7, index);
                while let Some(d) = g.pending() {
                    let d = d.clone();
                    let mut c = g.clone();
                    let before = zones(&c);
                    let shadows: Vec<usize> = c
                        .list(Zone::Engaged(0))
                        .iter()
                        .map(|&e| c.shadows_of(e).count())
                        .collect();
                    shadows_seen += shadows.iter().sum::<usize>();
                    c.determinize(&mut rng);
                    c.check_invariants()
                        .unwrap_or_else(|e| panic!("{sc} game {index}: {e}"));
                    assert_eq!(before, zones(&c), "{sc} game {index}");
                    let after: Vec<usize> = c
                        .list(Zone::Engaged(0))
                        .iter()
                        .map(|&e| c.shadows_of(e).count())
                        .collect();
                    assert_eq!(shadows, after, "shadow cards per enemy");
                    // Revealed shadow cards stay where they are.
                    for &e in g.list(Zone::Engaged(0)) {
                        let r = g.revealed_shadows(e);
                        for (x, y) in g.shadows_of(e).zip(c.shadows_of(e)).take(r) {
                            assert_eq!(x, y);
                        }
                    }
                    let i = crate::engine::Bot::choose(&mut bot, &g, &d);
                    g.apply(i);
                }
            }
            assert!(shadows_seen > 0, "{sc}: no shadow card was ever dealt");
        }
    }

    #[test]
    fn hidden_order_does_not_matter() {
        // Two copies of a game that differ only in hidden orders determinize to the same state.
        let db = load_embedded().unwrap();
        let s = setup(&db, "intruders-in-chetwood");
        let mut g = Game::new(&db, &s);
        g.start(3, 1);
        let mut bot = crate::bots::basic::BasicBot::new();
        for _ in 0..40 {
            let Some(d) = g.pending().cloned() else { break };
            let i = crate::engine::Bot::choose(&mut bot, &g, &d);
            g.apply(i);
        }
        let mut h = g.clone();
        h.shuffle(Zone::EncounterDeck);
        h.shuffle(Zone::Deck(0));
        h.rng_encounter = Pcg64Mcg::seed_from_u64(99);
        assert_ne!(g.list(Zone::EncounterDeck), h.list(Zone::EncounterDeck));
        let (mut a, mut b) = (g.clone(), h.clone());
        a.determinize(&mut Pcg64Mcg::seed_from_u64(11));
        b.determinize(&mut Pcg64Mcg::seed_from_u64(11));
        assert_eq!(a.list(Zone::EncounterDeck), b.list(Zone::EncounterDeck));
        assert_eq!(a.list(Zone::Deck(0)), b.list(Zone::Deck(0)));
    }

    #[test]
    fn copy_from_and_buffers_play_the_same_game() {
        let db = load_embedded().unwrap();
        let s = setup(&db, "the-weather-hills");
        let mut g = Game::new(&db, &s);
        g.start(1, 2);
        let mut buf = GameBuf::new();
        let mut bot = crate::bots::basic::BasicBot::new();
        let play = |g: &mut Game, bot: &mut crate::bots::basic::BasicBot| {
            while let Some(d) = g.pending() {
                let d = d.clone();
                let i = crate::engine::Bot::choose(bot, g, &d);
                g.apply(i);
            }
            g.record()
        };
        for _ in 0..3 {
            let mut c = buf.lend(&g);
            let mut d = g.clone();
            let (x, y) = (play(&mut c, &mut bot), play(&mut d, &mut bot));
            assert_eq!(format!("{x:?}"), format!("{y:?}"));
            buf.restore(c);
            let d = g.pending().unwrap().clone();
            let i = crate::engine::Bot::choose(&mut bot, &g, &d);
            g.apply(i);
        }
    }
}
