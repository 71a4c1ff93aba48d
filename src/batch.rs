//! The batch runner: plays lists of game ranges of one or more configurations on worker threads.
//!
//! Game indices are split into fixed chunks of [`CHUNK`] games ([`WorkItem`]s). Each worker
//! thread takes the next item from a shared counter, reuses one `Game` (per configuration) and
//! one set of bots across all the items it plays, and sends each finished item's
//! [`Accumulator`] to the calling thread, which merges them (and checkpoints, see
//! `checkpoint`). Every game depends only on
//! (master seed, game index) and the accumulator is integer-only, so the result is identical
//! for any thread count. Per-game records, when kept, are sorted by index.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

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

/// Make one bot per seat. Panics on an unknown name (callers validate names first).
pub fn make_bots(names: &[String]) -> Vec<Box<dyn Bot>> {
    names
        .iter()
        .map(|n| bots::make(n).unwrap_or_else(|| panic!("unknown bot `{n}`")))
        .collect()
}

/// A slice of work: games `[start, end)` of combination `combo`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WorkItem {
    pub combo: usize,
    pub start: u64,
    pub end: u64,
}

/// What a worker sends back for each finished [`WorkItem`].
#[derive(Debug)]
pub struct ChunkDone {
    pub item: WorkItem,
    pub acc: Accumulator,
    /// The chunk's game records (only with `per_game`), in index order.
    pub games: Vec<GameRecord>,
}

/// Split `ranges` of combination `combo` into work items of at most [`CHUNK`] games, aligned on
/// multiples of `CHUNK` so that a resumed run cuts the same chunks as an uninterrupted one.
pub fn work_items(combo: usize, ranges: &[(u64, u64)], out: &mut Vec<WorkItem>) {
    for &(mut start, end) in ranges {
        while start < end {
            let stop = ((start / CHUNK + 1) * CHUNK).min(end);
            out.push(WorkItem {
                combo,
                start,
                end: stop,
            });
            start = stop;
        }
    }
}

/// Play every item of `items` (combination `item.combo` is played with `setups[item.combo]`)
/// on `threads` worker threads (0 = all cores) with master seed `seed`. Items are taken in
/// order; `on_done` is called on the calling thread for each finished item, in completion
/// order. Workers stop taking new items once `stop` is set (the items under way finish and
/// are reported). Returns when every started item has been reported.
#[allow(clippy::too_many_arguments)]
pub fn run_work(
    db: &CardDb,
    setups: &[GameSetup],
    bots: &[String],
    seed: u64,
    items: &[WorkItem],
    threads: usize,
    per_game: bool,
    stop: &AtomicBool,
    mut on_done: impl FnMut(ChunkDone),
) {
    // Fail fast (before spawning anything) on a bad bot name.
    drop(make_bots(bots));
    let threads = match threads {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        t => t,
    }
    .min(items.len().max(1));
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel::<ChunkDone>();
    std::thread::scope(|s| {
        for _ in 0..threads {
            let tx = tx.clone();
            let next = &next;
            s.spawn(move || {
                let mut bots = make_bots(bots);
                let mut game: Option<(usize, Game)> = None;
                loop {
                    if stop.load(Ordering::Relaxed) {
                        break;
                    }
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&item) = items.get(i) else { break };
                    if game.as_ref().is_none_or(|(c, _)| *c != item.combo) {
                        game = Some((item.combo, Game::new(db, &setups[item.combo])));
                    }
                    let g = &mut game.as_mut().expect("just set").1;
                    let mut acc = Accumulator::new();
                    let mut games = Vec::new();
                    for index in item.start..item.end {
                        let r = play_game(g, &mut bots, seed, index);
                        acc.add(&r);
                        if per_game {
                            games.push(r);
                        }
                    }
                    if tx.send(ChunkDone { item, acc, games }).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        for done in rx {
            on_done(done);
        }
    });
}

/// Play games `0..games` of `setup` with master seed `seed` on `threads` threads
/// (0 = all cores). `bots` holds one bot name per seat; unknown names panic,
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
    let mut items = Vec::new();
    work_items(0, &[(0, games)], &mut items);
    let mut result = BatchResult::default();
    let stop = AtomicBool::new(false);
    run_work(
        db,
        std::slice::from_ref(setup),
        bots,
        seed,
        &items,
        threads,
        per_game,
        &stop,
        |d| {
            result.acc.merge(&d.acc);
            result.games.extend(d.games);
            if let Some(pb) = progress {
                pb.inc(d.item.end - d.item.start);
            }
        },
    );
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
