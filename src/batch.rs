//! The batch runner: plays games `0..games` of one configuration on a local rayon pool.
//!
//! Game indices are split into fixed chunks of [`CHUNK`] games. Each rayon task reuses one
//! `Game` and one set of bots across all the chunks it processes and counts into its own
//! [`Accumulator`]; the accumulators are merged at the end. Every game depends only on
//! (master seed, game index) and the accumulator is integer-only, so the result is identical
//! for any thread count. Per-game records, when kept, are sorted by index.

use rayon::prelude::*;

use crate::bots::{self, Bot};
use crate::data::CardDb;
use crate::engine::{play_game, Game, GameSetup};
use crate::record::GameRecord;
use crate::stats::Accumulator;

/// Games per work unit (and per progress-bar increment).
pub const CHUNK: u64 = 1024;

/// What a batch returns.
#[derive(Clone, Debug, Default)]
pub struct BatchResult {
    pub acc: Accumulator,
    /// Every game's record sorted by index; empty unless `per_game` was asked for.
    pub games: Vec<GameRecord>,
}

/// One rayon task's state: reused across every chunk it processes.
struct Worker<'a> {
    game: Game<'a>,
    bots: Vec<Box<dyn Bot>>,
    acc: Accumulator,
    games: Vec<GameRecord>,
}

/// Make one bot per seat. Panics on an unknown name (callers validate names first).
pub fn make_bots(names: &[String]) -> Vec<Box<dyn Bot>> {
    names
        .iter()
        .map(|n| bots::make(n).unwrap_or_else(|| panic!("unknown bot `{n}`")))
        .collect()
}

/// Play games `0..games` of `setup` with master seed `seed` on `threads` threads
/// (0 = rayon's default: all cores). `bots` holds one bot name per seat; unknown names panic,
/// so validate them first. `progress`, when given, is advanced by each finished chunk.
/// With `per_game`, every game's record is returned too, sorted by index.
#[allow(clippy::too_many_arguments)]
pub fn run_batch(
    db: &CardDb,
    setup: &GameSetup,
    bots: &[String],
    games: u64,
    seed: u64,
    threads: usize,
    progress: Option<&indicatif::ProgressBar>,
    per_game: bool,
) -> BatchResult {
    // Fail fast (before spawning anything) on a bad bot name.
    drop(make_bots(bots));
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("cannot build the thread pool");
    let n_chunks = games.div_ceil(CHUNK);
    let result = pool.install(|| {
        (0..n_chunks)
            .into_par_iter()
            .fold(
                || Worker {
                    game: Game::new(db, setup),
                    bots: make_bots(bots),
                    acc: Accumulator::new(),
                    games: Vec::new(),
                },
                |mut w, c| {
                    let start = c * CHUNK;
                    let end = (start + CHUNK).min(games);
                    for index in start..end {
                        let r = play_game(&mut w.game, &mut w.bots, seed, index);
                        w.acc.add(&r);
                        if per_game {
                            w.games.push(r);
                        }
                    }
                    if let Some(pb) = progress {
                        pb.inc(end - start);
                    }
                    w
                },
            )
            .map(|w| BatchResult {
                acc: w.acc,
                games: w.games,
            })
            .reduce(BatchResult::default, |mut a, b| {
                a.acc.merge(&b.acc);
                a.games.extend(b.games);
                a
            })
    });
    let mut result = result;
    result.games.sort_by_key(|g| g.index);
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::{load_embedded, Mode};
    use crate::engine::RuleOptions;

    #[test]
    fn same_result_for_any_thread_count() {
        let db = load_embedded().unwrap();
        let setup = GameSetup {
            scenario: db.scenario("intruders-in-chetwood").unwrap(),
            mode: Mode::Standard,
            decks: vec![crate::deck::resolve_deck("core-leadership", &db).unwrap()],
            options: RuleOptions::default(),
            max_rounds: 30,
            allow_unimplemented: false,
        };
        let bots = vec!["random".to_string()];
        let games = 2 * CHUNK + 77;
        let a = run_batch(&db, &setup, &bots, games, 9, 1, None, true);
        let b = run_batch(&db, &setup, &bots, games, 9, 3, None, true);
        let c = run_batch(&db, &setup, &bots, games, 9, 2, None, false);
        assert_eq!(a.acc, b.acc);
        assert_eq!(a.acc, c.acc);
        assert_eq!(a.acc.games, games);
        assert!(c.games.is_empty());
        assert_eq!(a.games.len() as u64, games);
        for (i, (x, y)) in a.games.iter().zip(&b.games).enumerate() {
            assert_eq!(x.index, i as u64);
            assert_eq!(
                (x.outcome, x.rounds, x.score),
                (y.outcome, y.rounds, y.score)
            );
        }
    }
}
