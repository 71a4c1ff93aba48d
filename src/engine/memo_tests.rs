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
