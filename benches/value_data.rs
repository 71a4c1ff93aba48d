//! Training rows for the learned state value of `lookahead` (`src/bots/lookahead/learned.rs`):
//! plays games and writes one CSV row per (game, round start) with the features of the game at
//! the first decision of each round (the state a rollout ends in), the game's final outcome
//! (`win`: 1 for a win, else 0) and its progress score. Fitted by `tools/fit_value.py`.
//!
//! Not a benchmark (`harness = false`); arguments by environment variable:
//!
//! ```text
//! VD_CELLS='intruders-in-chetwood:standard:chetwood-vigil,escape-from-mount-gram:standard:core-leadership'
//! VD_BOT=lookahead      # any bot spec (default lookahead; basic for volume)
//! VD_GAMES=200          # games per cell
//! VD_SEED=1001          # master seed (train on seeds you do not measure on)
//! VD_THREADS=2
//! VD_OUT=/tmp/rows.csv
//! cargo bench --bench value_data
//! ```
//!
//! Rows are in (cell, game, round) order whatever the thread count.

use lotr_sim::bots::lookahead::learned;
use lotr_sim::bots::{self, Bot};
use lotr_sim::data::{load_embedded, Mode};
use lotr_sim::deck::resolve_deck;
use lotr_sim::engine::{play_game, Decision, Game, GameSetup, RuleOptions};
use rayon::prelude::*;
use std::fmt::Write as _;
use std::sync::{Arc, Mutex};

fn env(k: &str, default: &str) -> String {
    std::env::var(k).unwrap_or_else(|_| default.to_string())
}

type Rows = Arc<Mutex<Vec<(u16, [f64; learned::N])>>>;

/// The bot under study, recording the features at the first decision of each round.
struct Recorder {
    inner: Box<dyn Bot>,
    last: u16,
    rows: Rows,
}

impl Bot for Recorder {
    fn name(&self) -> &'static str {
        self.inner.name()
    }
    fn new_game(&mut self, seed: u64) {
        self.last = 0;
        self.rows.lock().unwrap().clear();
        self.inner.new_game(seed);
    }
    fn choose(&mut self, game: &Game, d: &Decision) -> usize {
        if game.round > self.last && game.outcome().is_none() {
            self.last = game.round;
            self.rows
                .lock()
                .unwrap()
                .push((game.round, learned::features(game)));
        }
        self.inner.choose(game, d)
    }
}

/// Plays game `index` of `master` (as `lotr-sim run` does), returning its CSV rows.
fn play(
    game: &mut Game,
    seats: &mut [Box<dyn Bot>],
    rows: &Rows,
    master: u64,
    index: u64,
    tag: &str,
) -> String {
    let rec = play_game(game, seats, master, index);
    let win = u8::from(rec.outcome.is_win());
    let mut out = String::new();
    for (r, x) in rows.lock().unwrap().iter() {
        let _ = write!(out, "{tag},{index},{r}");
        for v in x {
            let _ = write!(out, ",{v}");
        }
        let _ = writeln!(out, ",{win},{},{}", rec.progress_score(), rec.rounds);
    }
    out
}

fn main() {
    let cells = env(
        "VD_CELLS",
        "intruders-in-chetwood:standard:chetwood-vigil,intruders-in-chetwood:easy:chetwood-vigil",
    );
    let spec = env("VD_BOT", "lookahead");
    let games: u64 = env("VD_GAMES", "100").parse().expect("VD_GAMES");
    let master: u64 = env("VD_SEED", "1001").parse().expect("VD_SEED");
    let threads: usize = env("VD_THREADS", "2").parse().expect("VD_THREADS");
    let out = env("VD_OUT", "value_rows.csv");
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build_global()
        .expect("thread pool");
    let db = load_embedded().expect("data");
    let mut csv = String::from("scenario,mode,deck,bot,game,round");
    for n in learned::NAMES {
        csv.push(',');
        csv.push_str(n);
    }
    csv.push_str(",win,progress_score,rounds\n");
    for cell in cells.split(',') {
        let parts: Vec<&str> = cell.split(':').collect();
        let [scenario, mode, deck] = parts[..] else {
            panic!("VD_CELLS: `scenario:mode:deck`, not `{cell}`")
        };
        let mode_v = Mode::ALL
            .into_iter()
            .find(|m| m.name() == mode)
            .unwrap_or_else(|| panic!("mode `{mode}`"));
        let setup = GameSetup {
            scenario: db.scenario(scenario).expect("scenario"),
            mode: mode_v,
            decks: vec![resolve_deck(deck, &db).expect("deck")],
            options: RuleOptions::default(),
            max_rounds: 30,
            allow_unimplemented: false,
        };
        // A bot spec's options are comma-separated: `;` keeps the CSV's columns.
        let tag = format!("{scenario},{mode},{deck},{}", spec.replace(',', ";"));
        let chunk = 4u64;
        let parts: Vec<String> = (0..games.div_ceil(chunk))
            .into_par_iter()
            .map(|c| {
                let mut game = Game::new(&db, &setup);
                let rows: Rows = Arc::default();
                let mut seats: Vec<Box<dyn Bot>> = vec![Box::new(Recorder {
                    inner: bots::make(&spec).expect("bot"),
                    last: 0,
                    rows: rows.clone(),
                })];
                let mut s = String::new();
                for i in c * chunk..((c + 1) * chunk).min(games) {
                    s.push_str(&play(&mut game, &mut seats, &rows, master, i, &tag));
                }
                s
            })
            .collect();
        for p in parts {
            csv.push_str(&p);
        }
        eprintln!("{cell}: {games} games");
    }
    std::fs::write(&out, csv).expect("write VD_OUT");
}
