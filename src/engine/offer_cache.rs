//! The action windows' offer cache (issue 19, session 51, `results/research/speed29.md`): a
//! player's list of legal actions is kept with the key of the state it was computed in, and
//! the next action window of that player whose key is equal takes the list without asking a
//! card hook again.
//!
//! The key (`OfferKey`) is the versions of the `Tracked` fields of `Game` (cards, zone lists,
//! players, lasting effects, the attack contexts, the cards revealed this round), which count
//! every mutable access to them, plus by value the few plain fields a `can_act` hook or the
//! offer tests may read (phase, round, first player, staging areas, ...) and the window itself
//! (its phase, planning or not). What is not in it is derived from the tracked fields in the
//! same writes (hook counts, interest lists, listeners, blanking flags, the stat memo) or is not
//! read by an offer test (the frame stack, the random streams, the record).
//!
//! Because the key cannot prove itself complete (a hook could read a field outside it), every
//! hit is checked in test and debug builds: the list is computed again the slow way and must be
//! equal (a panic names the player and both lists). Release builds check when asked
//! (`Game::set_verify_offers`, which `soak` turns on for every game: a stale list is then an
//! invariant violation, `check_invariants`). Clones and determinized copies start with an
//! empty cache (they keep the checking switch).

use super::*;

/// What an offer list is a function of (see the module doc): the wrapping sum of the tracked
/// fields' versions (each only grows, so the sum moves whenever one does) and the plain fields,
/// packed.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct OfferKey {
    version: u32,
    /// round, rounds completed, progress this round (as u16), areas' captives.
    counts: [u16; 4],
    /// phase, window phase, planning, first, players, canceled, side-quest progress, surge,
    /// chain resets, area now, areas split.
    small: [u8; 11],
}
/// Per player, the last offer list and its key (`None`: nothing kept).
#[derive(Debug, Default)]
pub(crate) struct OfferCache {
    keys: [Option<OfferKey>; MAX_PLAYERS],
    /// The options after `Opt::Pass` (which every window offers first).
    opts: [Vec<Opt>; MAX_PLAYERS],
    /// Check every hit in release builds too (`Game::set_verify_offers`).
    verify: bool,
    /// A checked hit found a stale list (release builds; test and debug builds panic).
    pub(crate) fault: bool,
}

impl OfferCache {
    /// Forget every list (a copy of another game, a determinized sample, a new game). Keeps
    /// `verify`; `fault` is the copied game's (set by the caller).
    pub(crate) fn reset(&mut self) {
        self.keys = [None; MAX_PLAYERS];
    }

    /// An empty cache with this one's checking switch (`Game::clone`).
    pub(crate) fn empty_like(&self) -> Self {
        OfferCache {
            keys: [None; MAX_PLAYERS],
            opts: std::array::from_fn(|p| Vec::with_capacity(self.opts[p].capacity())),
            verify: self.verify,
            fault: self.fault,
        }
    }

    /// `clone_from`: forget the lists, take the source's switch and fault.
    pub(crate) fn reset_from(&mut self, source: &Self) {
        self.reset();
        self.verify = source.verify;
        self.fault = source.fault;
    }
}

impl<'a> Game<'a> {
    /// Check every offer-cache hit against a fresh list in release builds too (`soak`). Test
    /// and debug builds always check.
    pub fn set_verify_offers(&mut self, on: bool) {
        self.offer_cache.verify = on;
    }

    /// The key of `p`'s offer list in this action window.
    #[inline]
    fn offer_key(&self, window: Phase, planning: bool) -> OfferKey {
        OfferKey {
            version: self
                .cards
                .version()
                .wrapping_add(self.lists.version())
                .wrapping_add(self.players.version())
                .wrapping_add(self.lasting.version())
                .wrapping_add(self.attack.version())
                .wrapping_add(self.patk.version())
                .wrapping_add(self.revealed_this_round.version()),
            counts: [
                self.round,
                self.rounds_completed,
                self.quest_progress_this_round as u16,
                self.areas.captives,
            ],
            small: [
                self.phase as u8,
                window as u8,
                planning as u8,
                self.first,
                self.n_players,
                self.canceled as u8,
                self.side_quest_progress_this_round as u8,
                self.surge_pending,
                self.chain_resets,
                self.areas.now,
                self.areas.split as u8,
            ],
        }
    }

    /// Offer `p`'s actions in this window after `Opt::Pass` (`offer_actions` with the memo
    /// open), from the cache when the key is unchanged since his last list.
    #[inline]
    pub(super) fn offer_actions_cached(&mut self, p: u8, planning: bool, window: Phase) {
        let key = self.offer_key(window, planning);
        let slot = p as usize;
        if self.offer_cache.keys[slot] == Some(key) {
            if !(cfg!(any(test, debug_assertions)) || self.offer_cache.verify) {
                self.decision
                    .options
                    .extend_from_slice(&self.offer_cache.opts[slot]);
                return;
            }
            self.with_memo(|g| g.offer_actions(p, planning));
            if self.decision.options[1..] != self.offer_cache.opts[slot][..] {
                if cfg!(any(test, debug_assertions)) {
                    panic!(
                        "offer cache: a stale list for player {p} ({:?} window): kept {:?}, \
                         computed {:?} (a write the key does not see)",
                        window,
                        self.offer_cache.opts[slot],
                        &self.decision.options[1..]
                    );
                }
                self.offer_cache.fault = true;
            }
            return;
        }
        self.with_memo(|g| g.offer_actions(p, planning));
        self.offer_cache.keys[slot] = Some(key);
        let kept = &mut self.offer_cache.opts[slot];
        kept.clear();
        kept.extend_from_slice(&self.decision.options[1..]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::testkit::sandbox;

    /// A solo sandbox in the combat phase with Blade Mastery in hand and Gimli able to pay
    /// for it; returns the game, the event and Gimli.
    fn window_game() -> (Game<'static>, CardId, CardId) {
        let mut g = sandbox(&[&["Core-004", "Core-005", "Core-006"]]);
        g.phase = Phase::Combat;
        let bm = g.spawn("Core-032", 0, Zone::Hand(0));
        let gimli = (0..g.cards.len() as CardId)
            .find(|&c| g.title(c) == "Gimli")
            .expect("Gimli");
        g.card_mut(gimli).resources = 2;
        (g, bm, gimli)
    }

    fn open_window(g: &mut Game) -> Vec<Opt> {
        g.push_run(Frame::Window {
            phase: Phase::Combat,
            seat: 0,
            passes: 0,
        });
        let d = g.pending().expect("an action window");
        assert_eq!(d.ask, Ask::Action(Phase::Combat));
        d.options.clone()
    }

    /// Two windows with nothing changed between them offer the same list (the second from the
    /// cache), and a write through the tracked fields between them is seen.
    #[test]
    fn offer_cache_keeps_a_list_until_a_tracked_write() {
        let (mut g, bm, gimli) = window_game();
        let first = open_window(&mut g);
        assert!(first.contains(&Opt::Play(bm)));
        let key = g.offer_cache.keys[0].expect("a list kept");
        g.answer(Opt::Pass);
        assert_eq!(open_window(&mut g), first);
        assert_eq!(g.offer_cache.keys[0], Some(key), "the same key: a hit");
        g.answer(Opt::Pass);
        g.card_mut(gimli).resources = 0;
        let after = open_window_or_none(&mut g);
        assert!(
            !after.contains(&Opt::Play(bm)),
            "no resource left: {after:?}"
        );
    }

    /// A window with only "pass" asks nothing: its list is empty here.
    fn open_window_or_none(g: &mut Game) -> Vec<Opt> {
        g.push_run(Frame::Window {
            phase: Phase::Combat,
            seat: 0,
            passes: 0,
        });
        g.pending().map(|d| d.options.clone()).unwrap_or_default()
    }

    /// A write the key does not see (a test-only door around `Tracked`) leaves a stale list in
    /// the cache: the check of every hit (always on in test builds) catches it.
    #[test]
    #[should_panic(expected = "offer cache: a stale list")]
    fn offer_cache_check_catches_a_write_without_a_bump() {
        let (mut g, bm, gimli) = window_game();
        assert!(open_window(&mut g).contains(&Opt::Play(bm)));
        g.answer(Opt::Pass);
        g.cards.untracked_mut()[gimli as usize].resources = 0;
        open_window_or_none(&mut g);
    }

    /// The same stale list in a release-style check (`set_verify_offers`) is an invariant
    /// violation rather than a panic; here (a test build) the panic comes first, so this only
    /// shows that a fault is reported once set.
    #[test]
    fn offer_cache_fault_breaks_an_invariant() {
        let (mut g, _, _) = window_game();
        assert!(g.check_invariants().is_ok());
        g.offer_cache.fault = true;
        let e = g.check_invariants().expect_err("a stale list is reported");
        assert!(e.contains("offer cache"), "{e}");
    }

    /// Copies and determinized samples start with an empty cache and keep the checking switch.
    #[test]
    fn offer_cache_is_emptied_by_copies_and_determinize() {
        let (mut g, _, _) = window_game();
        g.set_verify_offers(true);
        open_window(&mut g);
        assert!(g.offer_cache.keys[0].is_some());
        let c = g.clone();
        assert!(c.offer_cache.keys[0].is_none() && c.offer_cache.verify);
        let mut d = sandbox(&[&["Core-004", "Core-005", "Core-006"]]);
        d.clone_from(&g);
        assert!(d.offer_cache.keys[0].is_none() && d.offer_cache.verify);
        let mut rng = <rand_pcg::Pcg64Mcg as rand::SeedableRng>::seed_from_u64(3);
        g.determinize(&mut rng);
        assert!(g.offer_cache.keys[0].is_none());
    }
}
