//! The batch runner: plays lists of game ranges of one or more configurations on a rayon pool.
//!
//! [`run_work`] cuts the game ranges it is given ([`WorkItem`]s) into chunks as idle threads
//! ask for them, by guided self-scheduling ([`next_chunk`]): each chunk takes 1/(16 × threads)
//! of the games not yet handed out, at most [`MAX_CHUNK`] and at least one game, so chunks are
//! long while much work is left and shrink to single games at the end, where the threads
//! finish within about a game of each other. The chunks are played on a rayon pool, one rayon
//! task per chunk, each pool thread reusing its own [`Worker`] state (see
//! [`for_each_per_thread`]: one `Game` per configuration and one set of bots), and each
//! finished chunk's [`Accumulator`] is sent to the calling thread, which merges it (and
//! checkpoints, see `checkpoint`). Every game depends only on (master seed, game index) and
//! the accumulator is integer-only, so the result is identical for any thread count, chunk
//! size, shard split or resume. Per-game records, when kept, are sorted by index.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Mutex};

use rayon::prelude::*;

use crate::bots::{self, Bot};
use crate::data::CardDb;
use crate::engine::{play_game_within, Game, GameSetup, PlayError};
use crate::record::GameRecord;
use crate::stats::Accumulator;

/// The largest chunk, in games. A chunk is the unit of work, of checkpointing and of the
/// progress bar, so it stays small enough for either to move every second or so.
pub const MAX_CHUNK: u64 = 1024;
/// Chunks aimed at per thread over the games left: the next chunk takes 1/(`CHUNKS_PER_THREAD`
/// × threads) of them, so that the thread that finishes last waits for at most about one chunk,
/// itself a small share of what was left when it started.
pub const CHUNKS_PER_THREAD: u64 = 16;

/// Games in the next chunk when `remaining` games are still to be handed out to `threads`
/// threads: `remaining / (threads × CHUNKS_PER_THREAD)` rounded up, clamped to `[1,
/// MAX_CHUNK]` (guided self-scheduling). Results never depend on it.
pub fn next_chunk(remaining: u64, threads: usize) -> u64 {
    let share = (threads.max(1) as u64).saturating_mul(CHUNKS_PER_THREAD);
    remaining.div_ceil(share).clamp(1, MAX_CHUNK)
}

/// The number of worker threads for `threads` (0 = all cores).
pub fn resolve_threads(threads: usize) -> usize {
    match threads {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        t => t,
    }
}

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

impl WorkItem {
    pub fn len(&self) -> u64 {
        self.end - self.start
    }
    pub fn is_empty(&self) -> bool {
        self.start >= self.end
    }
}

/// What a batch keeps of each game besides the statistics.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PerGame {
    /// Nothing.
    No,
    /// Its record ([`ChunkDone::games`]).
    Records,
    /// Its `games.csv` row and `games.part` line ([`ChunkDone::rows`], [`ChunkDone::part`]),
    /// formatted by the worker that played it, so that the thread that merges the chunks
    /// (alone, while every worker plays) only appends them.
    Rows,
}

/// What a worker sends back for each finished chunk.
#[derive(Debug)]
pub struct ChunkDone {
    /// The chunk: a part of one of the [`WorkItem`]s given to [`run_work`].
    pub item: WorkItem,
    pub acc: Accumulator,
    /// The chunk's game records (only with [`PerGame::Records`]), in index order.
    pub games: Vec<GameRecord>,
    /// `(combo, index, games.csv row without scenario and mode)` of each game (only with
    /// [`PerGame::Rows`]), in index order: see [`crate::report::game_row`].
    pub rows: Vec<(usize, u64, String)>,
    /// The `games.part` lines of `rows`, in the same order (only with [`PerGame::Rows`]): see
    /// [`crate::checkpoint::push_games_part_line`].
    pub part: String,
}

/// The work items of `ranges` (non-empty ones) of combination `combo`, appended to `out`.
/// [`run_work`] cuts them into chunks.
pub fn work_items(combo: usize, ranges: &[(u64, u64)], out: &mut Vec<WorkItem>) {
    out.extend(
        ranges
            .iter()
            .filter(|&&(start, end)| start < end)
            .map(|&(start, end)| WorkItem { combo, start, end }),
    );
}

/// Cut `items` into the chunks of [`lazy_chunks`], in order.
pub fn chunks(items: &[WorkItem], threads: usize) -> Vec<WorkItem> {
    lazy_chunks(items, threads).collect()
}

/// The chunks of `items` for `threads` threads, in order, made one at a time as they are asked
/// for (memory does not grow with the number of games: a run of 10^12 games has about 10^9
/// chunks): each takes [`next_chunk`] of the games of every item not yet handed out, and never
/// spans two items.
pub fn lazy_chunks(items: &[WorkItem], threads: usize) -> LazyChunks<'_> {
    LazyChunks {
        items,
        at: items.first().map_or(0, |it| it.start),
        remaining: items.iter().fold(0, |n, it| n.saturating_add(it.len())),
        threads,
    }
}

/// The iterator of [`lazy_chunks`].
#[derive(Clone, Debug)]
pub struct LazyChunks<'a> {
    /// The items not finished yet; the first one is under way from `at`.
    items: &'a [WorkItem],
    at: u64,
    /// Games of `items` from `at` on.
    remaining: u64,
    threads: usize,
}

impl Iterator for LazyChunks<'_> {
    type Item = WorkItem;
    fn next(&mut self) -> Option<WorkItem> {
        loop {
            let (it, rest) = self.items.split_first()?;
            if self.at >= it.end {
                self.items = rest;
                self.at = rest.first().map_or(0, |n| n.start);
                continue;
            }
            let start = self.at.max(it.start);
            let end = start
                .saturating_add(next_chunk(self.remaining, self.threads))
                .min(it.end);
            self.at = end;
            self.remaining = self.remaining.saturating_sub(end - start);
            return Some(WorkItem {
                combo: it.combo,
                start,
                end,
            });
        }
    }
}

/// Runs `op(state, item)` for every item of `items` on the current rayon pool, one task per
/// item (so an idle thread steals single items, not halves of long sequential runs), with one
/// `state` per pool thread, made by `init` when the thread takes its first item and reused for
/// all the others. Returns the states. Call it inside the pool (`install` or a scope). `op`
/// must not wait for rayon work: the thread would take another item while its slot is held.
pub fn for_each_per_thread<T: Sync, S: Send>(
    items: &[T],
    init: impl Fn() -> S + Sync + Send,
    op: impl Fn(&mut S, &T) + Sync + Send,
) -> Vec<S> {
    let slots = thread_slots::<S>();
    items.par_iter().with_max_len(1).for_each(|item| {
        // Each pool thread only ever locks its own slot: never contended.
        let i = rayon::current_thread_index().unwrap_or(0);
        let mut slot = slots[i].0.lock().expect("a worker panicked");
        op(slot.get_or_insert_with(&init), item);
    });
    into_states(slots)
}

/// [`for_each_per_thread`] over items made lazily by `items` (pulled one at a time by idle
/// threads, so nothing is built up front).
pub fn for_each_per_thread_lazy<T: Send, S: Send>(
    items: impl Iterator<Item = T> + Send,
    init: impl Fn() -> S + Sync + Send,
    op: impl Fn(&mut S, &T) + Sync + Send,
) -> Vec<S> {
    let slots = thread_slots::<S>();
    items.par_bridge().for_each(|item| {
        let i = rayon::current_thread_index().unwrap_or(0);
        let mut slot = slots[i].0.lock().expect("a worker panicked");
        op(slot.get_or_insert_with(&init), &item);
    });
    into_states(slots)
}

/// One pool thread's state slot, alone on its cache lines. The slots are one array and a
/// state is held in its slot (a worker's `Game` and bots, written at every decision): unpadded,
/// the end of one thread's state and the start of the next shared a cache line, which the two
/// cores then passed back and forth (false sharing). 128 bytes: a line and the neighbour the
/// adjacent-line prefetcher fetches with it.
#[repr(align(128))]
struct Slot<S>(Mutex<Option<S>>);

/// An empty slot per thread of the current rayon pool.
fn thread_slots<S>() -> Vec<Slot<S>> {
    (0..rayon::current_num_threads())
        .map(|_| Slot(Mutex::new(None)))
        .collect()
}

/// The states the slots hold.
fn into_states<S>(slots: Vec<Slot<S>>) -> Vec<S> {
    slots
        .into_iter()
        .filter_map(|m| m.0.into_inner().expect("a worker panicked"))
        .collect()
}

/// One pool thread's state, reused across the chunks it plays: the `Game` of the combination it
/// played last and one bot per seat.
struct Worker<'a> {
    bots: Vec<Box<dyn Bot>>,
    game: Option<(usize, Game<'a>)>,
}

/// Play every game of `items` (combination `item.combo` is played with `setups[item.combo]`)
/// on `threads` worker threads (0 = all cores) with master seed `seed`. The items are cut into
/// the chunks of [`lazy_chunks`]; `on_done` is called on the calling thread for each finished
/// chunk, in completion order. Chunks are made lazily (memory does not grow with the games).
/// Once `stop` is set no chunk starts, and the chunks under way stop after their current game
/// and are reported shortened. Returns when every started chunk has been reported. `per_game`:
/// what each chunk reports of each game besides its statistics.
///
/// A game the engine cannot finish ([`PlayError`]) sets `stop`: its chunk is reported with the
/// games before it, and the fault with the lowest game index is returned once every started
/// chunk has been reported (so the games played are kept, e.g. in a checkpoint). `limit`: a
/// game's decision limit (`engine::GAME_DECISION_LIMIT`; a test makes every game a fault).
#[allow(clippy::too_many_arguments)]
pub fn run_work(
    db: &CardDb,
    setups: &[GameSetup],
    bots: &[String],
    seed: u64,
    items: &[WorkItem],
    threads: usize,
    per_game: PerGame,
    stop: &AtomicBool,
    mut on_done: impl FnMut(ChunkDone),
    limit: u64,
) -> Result<(), PlayError> {
    // Fail fast (before starting anything) on a bad bot name.
    drop(make_bots(bots));
    let threads = resolve_threads(threads);
    let total: u64 = items.iter().fold(0, |n, it| n.saturating_add(it.len()));
    if total == 0 {
        return Ok(());
    }
    let fault: Mutex<Option<PlayError>> = Mutex::new(None);
    // Chunks are made as idle threads ask for them, and none once `stop` is set.
    let work = lazy_chunks(items, threads).take_while(|_| !stop.load(Ordering::Relaxed));
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.min(usize::try_from(total).unwrap_or(usize::MAX)))
        .thread_name(|i| format!("lotr-sim-worker-{i}"))
        .build()
        .expect("cannot start the worker threads");
    let (tx, rx) = mpsc::channel::<ChunkDone>();
    // The chunks run on the pool; this thread only merges what they send (`on_done` need not
    // be `Send`), until the last sender is dropped.
    pool.in_place_scope(|s| {
        let fault = &fault;
        s.spawn(move |_| {
            let tx = &tx;
            for_each_per_thread_lazy(
                work,
                || Worker {
                    bots: make_bots(bots),
                    game: None,
                },
                |w, &item| {
                    if stop.load(Ordering::Relaxed) {
                        return;
                    }
                    if w.game.as_ref().is_none_or(|(c, _)| *c != item.combo) {
                        w.game = Some((item.combo, Game::new(db, &setups[item.combo])));
                    }
                    let g = &mut w.game.as_mut().expect("just set").1;
                    let mut acc = Accumulator::new();
                    let mut games = Vec::new();
                    let mut rows = Vec::new();
                    let mut part = String::new();
                    if per_game == PerGame::Rows {
                        let n = usize::try_from(item.len()).unwrap_or(0);
                        rows.reserve(n);
                        part.reserve(n.saturating_mul(64));
                    }
                    let mut item = item;
                    for index in item.start..item.end {
                        // Stopped: report the games played so far as a shorter chunk.
                        if index > item.start && stop.load(Ordering::Relaxed) {
                            item.end = index;
                            break;
                        }
                        let r = match play_game_within(g, &mut w.bots, seed, index, limit) {
                            Ok(r) => r,
                            Err(e) => {
                                note_fault(fault, e);
                                stop.store(true, Ordering::Relaxed);
                                item.end = index;
                                break;
                            }
                        };
                        acc.add(&r);
                        match per_game {
                            PerGame::No => {}
                            PerGame::Records => games.push(r),
                            PerGame::Rows => {
                                let row = crate::report::game_row(&r);
                                crate::checkpoint::push_games_part_line(
                                    &mut part, item.combo, &row,
                                );
                                rows.push((item.combo, r.index, row));
                            }
                        }
                    }
                    // The receiver lives until every chunk is reported.
                    let _ = tx.send(ChunkDone {
                        item,
                        acc,
                        games,
                        rows,
                        part,
                    });
                },
            );
        });
        for done in rx {
            on_done(done);
        }
    });
    match fault.into_inner().expect("a worker panicked") {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// Keep the fault of the lowest game index (the one a rerun meets first).
pub(crate) fn note_fault(slot: &Mutex<Option<PlayError>>, e: PlayError) {
    let mut f = slot.lock().expect("a worker panicked");
    let index = |e: &PlayError| match *e {
        PlayError::DecisionLimit { index, .. } => index,
    };
    if f.as_ref().is_none_or(|old| index(&e) < index(old)) {
        *f = Some(e);
    }
}

/// Play games `0..games` of `setup` with master seed `seed` on `threads` threads
/// (0 = all cores). `bots` holds one bot name per seat; unknown names panic,
/// so validate them first. `progress`, when given, is advanced by each finished chunk.
/// With `per_game`, every game's record is returned too, sorted by index. An engine fault in a
/// game is returned as the error (see [`run_work`]).
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
) -> Result<BatchResult, PlayError> {
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
        if per_game {
            PerGame::Records
        } else {
            PerGame::No
        },
        &stop,
        |d| {
            result.acc.merge(&d.acc);
            result.games.extend(d.games);
            if let Some(pb) = progress {
                pb.inc(d.item.len());
            }
        },
        crate::engine::GAME_DECISION_LIMIT,
    )?;
    result.games.sort_by_key(|g| g.index);
    Ok(result)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::{load_embedded, Mode};

    #[test]
    fn per_thread_slots_share_no_cache_line() {
        // A slot holds a worker's whole state inline: two threads' states must never meet in
        // one 64-byte line, nor in the pair of lines the adjacent-line prefetcher fetches.
        assert_eq!(std::mem::align_of::<Slot<u8>>(), 128);
        assert_eq!(std::mem::size_of::<Slot<u8>>() % 128, 0);
        let slots: Vec<Slot<[u8; 200]>> = (0..3).map(|_| Slot(Mutex::new(None))).collect();
        for s in &slots {
            assert_eq!(s as *const _ as usize % 128, 0);
        }
        assert_eq!(std::mem::size_of::<Slot<[u8; 200]>>(), 256);
    }

    /// Intruders in Chetwood Standard, solo `core-leadership`: the batch tests' game.
    fn intruders_setup(db: &CardDb) -> GameSetup {
        crate::cards::testkit::solo_setup(db, "intruders-in-chetwood", Mode::Standard)
    }

    #[test]
    fn same_result_for_any_thread_count() {
        let db = load_embedded().unwrap();
        let setup = intruders_setup(&db);
        let bots = vec!["random".to_string()];
        // 2,125 games: guided chunks from 133 games on 1 thread, 67 on 2, 45 on 3.
        let games = 2 * MAX_CHUNK + 77;
        let a = run_batch(&db, &setup, &bots, games, 9, 1, None, true).unwrap();
        let b = run_batch(&db, &setup, &bots, games, 9, 3, None, true).unwrap();
        let c = run_batch(&db, &setup, &bots, games, 9, 2, None, false).unwrap();
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

    #[test]
    fn workers_format_per_game_rows() {
        // `PerGame::Rows`: each chunk's rows and `games.part` lines, made by the workers, are
        // those the merging thread made from the records before.
        let db = load_embedded().unwrap();
        let setup = intruders_setup(&db);
        let bots = vec!["random".to_string()];
        let records = run_batch(&db, &setup, &bots, 300, 4, 2, None, true)
            .unwrap()
            .games;
        let mut items = Vec::new();
        work_items(3, &[(0, 300)], &mut items);
        let setups = vec![setup.clone(), setup.clone(), setup.clone(), setup];
        let stop = AtomicBool::new(false);
        let (mut rows, mut part) = (Vec::new(), Vec::new());
        run_work(
            &db,
            &setups,
            &bots,
            4,
            &items,
            2,
            PerGame::Rows,
            &stop,
            |d| {
                assert!(d.games.is_empty());
                assert_eq!(d.rows.len() as u64, d.item.len());
                let parsed = crate::checkpoint::parse_games_part(&d.part).unwrap();
                assert_eq!(parsed, d.rows);
                part.extend(parsed);
                rows.extend(d.rows);
            },
            crate::engine::GAME_DECISION_LIMIT,
        )
        .unwrap();
        rows.sort_by_key(|r| r.1);
        part.sort_by_key(|r| r.1);
        assert_eq!(rows, part);
        assert_eq!(rows.len(), 300);
        for (r, g) in rows.iter().zip(&records) {
            assert_eq!(*r, (3, g.index, crate::report::game_row(g)));
        }
        let line = crate::checkpoint::games_part_line(3, &rows[0].2);
        let mut buf = String::from("x");
        crate::checkpoint::push_games_part_line(&mut buf, 3, &rows[0].2);
        assert_eq!(buf, format!("x{line}"));
        let rec = format!("3,{}", rows[0].2);
        assert_eq!(
            line,
            format!(
                "{:016x} {rec}\n",
                crate::checkpoint::fnv1a64(rec.as_bytes())
            )
        );
    }

    /// A game the engine cannot finish stops the run with its fault (the lowest game index met:
    /// game 0, which its chunk always plays first), and every chunk started is still reported,
    /// shortened to the games played before the fault (none here: every game faults).
    #[test]
    fn an_engine_fault_stops_the_run_and_is_returned() {
        let db = load_embedded().unwrap();
        let setup = intruders_setup(&db);
        let mut items = Vec::new();
        work_items(0, &[(0, 200)], &mut items);
        let stop = AtomicBool::new(false);
        let mut reported = 0u64;
        let r = run_work(
            &db,
            std::slice::from_ref(&setup),
            &["basic".to_string()],
            5,
            &items,
            2,
            PerGame::Rows,
            &stop,
            |d| {
                assert!(d.rows.is_empty());
                reported += d.item.len();
            },
            20,
        );
        assert_eq!(
            r,
            Err(PlayError::DecisionLimit {
                seed: 5,
                index: 0,
                limit: 20
            })
        );
        assert_eq!(reported, 0);
        assert!(stop.load(Ordering::Relaxed));
        // Within the limit the same games play to their end.
        let ok = run_work(
            &db,
            std::slice::from_ref(&setup),
            &["basic".to_string()],
            5,
            &items[..1],
            1,
            PerGame::No,
            &AtomicBool::new(false),
            |_| {},
            crate::engine::GAME_DECISION_LIMIT,
        );
        assert_eq!(ok, Ok(()));
    }

    #[test]
    fn guided_chunk_sizes() {
        // 1/(16 × threads) of what is left, rounded up, 1 to MAX_CHUNK.
        assert_eq!(next_chunk(20_000, 1), 1024);
        assert_eq!(next_chunk(20_000, 2), 625);
        assert_eq!(next_chunk(2_000, 2), 63);
        assert_eq!(next_chunk(33, 2), 2);
        assert_eq!(next_chunk(5, 2), 1);
        assert_eq!(next_chunk(0, 0), 1);
        let mut items = Vec::new();
        work_items(1, &[(0, 0), (5, 40), (50, 53)], &mut items);
        let got: Vec<(usize, u64, u64)> = chunks(&items, 1)
            .iter()
            .map(|c| (c.combo, c.start, c.end))
            .collect();
        // 38 games: 3 (38/16 rounded up), 3, then 2s and 1s as the games left shrink; never
        // across two items.
        assert_eq!(&got[..3], &[(1, 5, 8), (1, 8, 11), (1, 11, 13)]);
        let lens: Vec<u64> = got.iter().map(|c| c.2 - c.1).collect();
        assert_eq!(lens, [[3, 3].as_slice(), &[2; 8], &[1; 16]].concat());
        assert_eq!(
            got[got.len() - 4..],
            [(1, 39, 40), (1, 50, 51), (1, 51, 52), (1, 52, 53)]
        );
        // Every game once, in order, for any thread count; the last chunks are single games.
        let big = [WorkItem {
            combo: 0,
            start: 7,
            end: 200_007,
        }];
        for threads in [1, 2, 3, 64] {
            let c = chunks(&big, threads);
            assert_eq!(c[0].len(), next_chunk(200_000, threads));
            assert!(c.windows(2).all(|w| w[0].end == w[1].start));
            assert!(c.windows(2).all(|w| w[0].len() >= w[1].len()));
            assert_eq!((c[0].start, c.last().unwrap().end), (7, 200_007));
            assert_eq!(c.last().unwrap().len(), 1);
        }
        // A huge run's chunks come one at a time (nothing is built up front).
        let huge = [WorkItem {
            combo: 0,
            start: 0,
            end: u64::MAX,
        }];
        let first: Vec<WorkItem> = lazy_chunks(&huge, 2).take(3).collect();
        assert!(first.iter().all(|c| c.len() == MAX_CHUNK));
    }
}
