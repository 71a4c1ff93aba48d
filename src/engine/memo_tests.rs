//! The decision memo (`StatMemo`) never answers a stale value: games of every playable
//! scenario × mode, with every bot and one and two players, played with the checking mode on
//! (`Game::set_memo_check`), which computes each memoised answer again and panics on a
//! difference. The same mode checks the other shortcuts of the stat and play queries: every
//! global modifier `Script::global_on` leaves out adds 0, and `unique_in_play`'s title keys
//! answer as comparing titles does.

use crate::soak::{soak_configs, soak_setup};

#[test]
fn memo_answers_equal_fresh_answers() {
    let db = crate::cards::testkit::db();
    let mut played = 0;
    for c in soak_configs(db).iter().filter(|c| c.players <= 2) {
        let setup = soak_setup(db, c, 30).expect("soak setup");
        let mut g = super::Game::new(db, &setup);
        g.set_memo_check(true);
        let mut bots: Vec<Box<dyn crate::bots::Bot>> = (0..c.players)
            .map(|_| crate::bots::make(c.bot).expect("registered bot"))
            .collect();
        let games = if c.bot.starts_with("lookahead") { 1 } else { 3 };
        for i in 0..games {
            super::play_game(&mut g, &mut bots, 11, i);
            assert!(g.is_over(), "{c:?} game {i} ended");
            played += 1;
        }
    }
    assert!(played > 0);
}

/// `move_card` leaves the state-based checks clean for a move between two out-of-play piles no
/// check reads (`Zone::quiet`), and dirties them when the move empties a player's deck or
/// reaches another zone; a threat raise dirties them only at 50.
#[test]
fn quiet_moves_and_threat_below_50_leave_the_state_checks_clean() {
    use super::{CardId, Zone};
    let mut g = crate::cards::testkit::sandbox(&[&["Core-001", "Core-002", "Core-003"]]);
    g.settle();
    assert!(!g.dirty);
    let deck: Vec<CardId> = g.list(Zone::Deck(0)).to_vec();
    let n = deck.len();
    assert!(n >= 3);
    g.move_card(deck[0], Zone::Hand(0));
    g.move_card(deck[0], Zone::Discard(0));
    for &c in &deck[1..n - 1] {
        g.move_card(c, Zone::Hand(0));
    }
    assert!(!g.dirty, "deck -> hand -> discard pile, the deck not empty");
    g.move_card(deck[n - 1], Zone::Hand(0));
    assert!(g.dirty, "the move emptied the deck");
    g.settle();
    g.move_card(deck[0], Zone::Victory);
    assert!(g.dirty, "to the victory display");
    g.settle();
    g.players[0].threat = 40;
    g.raise_threat_by_player(0, 9);
    assert!(!g.dirty, "threat 49");
    g.raise_threat_by_player(0, 1);
    assert!(g.dirty, "threat 50");
    g.settle();
    assert!(g.players[0].eliminated, "eliminated at 50");
}

/// `unique_in_play` finds another copy of a unique card through the ring of cards with its
/// title key (`CardInst::same_unique`): the rings follow new cards, moves in and out of play,
/// and a flip to a face with another key, and answer as the scan of the cards in play does.
#[test]
fn unique_rings_follow_copies_moves_and_flips() {
    use crate::cards::testkit::codes::{FARAMIR, GUARD_OF_THE_CITADEL, LEADERSHIP_HEROES};
    use crate::engine::Zone;
    let mut g = crate::cards::testkit::sandbox(&[LEADERSHIP_HEROES]);
    g.settle();
    let both = |g: &super::Game, c| {
        let r = g.unique_in_play(c);
        assert_eq!(r, g.unique_in_play_by_scan(c), "ring and scan agree on {c}");
        r
    };
    // A second copy of a hero in play.
    let aragorn = g.heroes(0).next().expect("a hero");
    let code = g.def_of(aragorn).code.clone();
    let other = g.spawn(&code, 0, Zone::Hand(0));
    assert!(both(&g, other), "the hero's copy is in play");
    assert!(!both(&g, aragorn), "the copy in hand does not count");
    // Three copies of a unique ally: one in play, then none.
    let in_hand = g.spawn(FARAMIR, 0, Zone::Hand(0));
    assert!(!both(&g, in_hand), "no copy in play yet");
    let played = g.spawn(FARAMIR, 0, Zone::Play(0));
    let third = g.spawn(FARAMIR, 0, Zone::Deck(0));
    assert!(both(&g, in_hand) && both(&g, third), "a copy is in play");
    assert!(!both(&g, played), "the only copy in play");
    g.move_card(played, Zone::Discard(0));
    assert!(!both(&g, in_hand), "the copy left play");
    g.move_card(played, Zone::Play(0));
    assert!(both(&g, in_hand), "back in play");
    // A flip to a face that is not unique leaves the ring; flipping back joins it again.
    let faramir = g.card(played).def;
    let guard = g.db.by_code(GUARD_OF_THE_CITADEL).expect("card");
    g.set_face(played, guard);
    assert!(!both(&g, in_hand), "its face is no longer Faramir");
    assert_eq!(g.card(played).same_unique, played, "alone in its ring");
    g.set_face(played, faramir);
    assert!(both(&g, in_hand) && both(&g, third), "Faramir again");
}

/// A bot that answers a commit step at once (`Bot::commit_set`, `basic`) plays exactly as it
/// does answering one commit at a time: every playable scenario × mode, one to four players,
/// the same log lines (logging on) and the same record; the commit sets are used.
#[test]
fn commit_sets_play_as_one_by_one() {
    use crate::bots::Bot;
    use crate::engine::{CommitSet, Decision, Game};
    /// `basic`, counting the commit sets it hands over.
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::sync::Arc;
    struct Counting(Box<dyn Bot>, Arc<AtomicU64>);
    impl Bot for Counting {
        fn name(&self) -> &'static str {
            self.0.name()
        }
        fn new_game(&mut self, seed: u64) {
            self.0.new_game(seed)
        }
        fn choose(&mut self, g: &Game, d: &Decision) -> usize {
            self.0.choose(g, d)
        }
        fn commit_set(&mut self, g: &Game, d: &Decision) -> Option<CommitSet> {
            let s = self.0.commit_set(g, d);
            self.1.fetch_add(s.is_some() as u64, Ordering::Relaxed);
            s
        }
    }
    let db = crate::cards::testkit::db();
    let sets = Arc::new(AtomicU64::new(0));
    let mut games = 0;
    for c in soak_configs(db).iter().filter(|c| c.bot == "basic") {
        let setup = soak_setup(db, c, 30).expect("soak setup");
        let mut whole = super::Game::new(db, &setup);
        let mut single = super::Game::new(db, &setup);
        whole.set_logging(true);
        single.set_logging(true);
        let mut a: Vec<Box<dyn Bot>> = (0..c.players)
            .map(|_| {
                Box::new(Counting(crate::bots::make("basic").unwrap(), sets.clone()))
                    as Box<dyn Bot>
            })
            .collect();
        let mut b: Vec<Box<dyn Bot>> = (0..c.players)
            .map(|_| crate::bots::make("basic").expect("registered bot"))
            .collect();
        for i in 0..6 {
            let ra = super::play_game(&mut whole, &mut a, 5, i);
            // One decision at a time (what `play_game` did before commit sets).
            for (seat, bot) in b.iter_mut().enumerate() {
                bot.new_game(crate::seed::derive(
                    5,
                    i,
                    crate::seed::Stream::Bot(seat as u8),
                ));
            }
            single.start(5, i);
            loop {
                single.open_stat_memo();
                let Some(d) = single.pending() else { break };
                let k = b[d.player as usize].choose(&single, d);
                single.apply(k);
            }
            single.close_stat_memo();
            assert_eq!(
                whole.log_lines(),
                single.log_lines(),
                "{c:?} game {i}: the logs differ"
            );
            assert_eq!(
                format!("{ra:?}"),
                format!("{:?}", single.record()),
                "{c:?} game {i}"
            );
            games += 1;
        }
    }
    assert!(games > 0 && sets.load(Ordering::Relaxed) > 0);
}

/// `char_value` (through `Game::memo_value_of`) is kept across decisions while the stats it
/// reads are fixed answers, and computed again once something a fixed stat reads changes
/// (`fixed_changed`) or when one of its stats is modified (a lasting effect on it).
#[test]
fn speed15_char_value_kept_across_decisions_while_its_stats_are_fixed() {
    use super::{Lasting, Stat, Until};
    use crate::cards::hints::char_value;
    const READS: u8 = 1 << Stat::Willpower as u8
        | 1 << Stat::Attack as u8
        | 1 << Stat::Defense as u8
        | 1 << Stat::HitPoints as u8;
    let mut g = crate::cards::testkit::sandbox(&[&["Core-001", "Core-002", "Core-003"]]);
    g.settle();
    let h = g.heroes(0).next().expect("a hero");
    let other = 123_456 / 7;
    // A first decision computes the value; the next one finds it kept.
    g.open_stat_memo();
    let v = char_value(&g, h);
    assert_ne!(v, other);
    g.close_stat_memo();
    g.open_stat_memo();
    assert_eq!(
        g.memo_value_of(h, READS, || other),
        v,
        "kept across decisions"
    );
    g.close_stat_memo();
    // Something a fixed stat reads changed: computed again.
    g.fixed_changed();
    g.open_stat_memo();
    assert_eq!(g.memo_value_of(h, READS, || other), other, "computed again");
    g.close_stat_memo();
    // A lasting effect on one of its stats: the value holds for one decision only.
    g.add_lasting(h, Lasting::Stat(Stat::Willpower, 1), Until::EndOfPhase);
    g.open_stat_memo();
    let w = char_value(&g, h);
    assert_eq!(w, v + 3, "a hero's value counts 3 a stat point");
    assert_eq!(g.memo_value_of(h, READS, || other), w, "same decision");
    g.close_stat_memo();
    g.open_stat_memo();
    assert_eq!(
        g.memo_value_of(h, READS, || other),
        other,
        "not kept: a stat is modified"
    );
    g.close_stat_memo();
}
