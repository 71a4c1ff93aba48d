//! Batch statistics: an integer-only, mergeable [`Accumulator`] of [`GameRecord`]s and the
//! derived values the reports print (means, nearest-rank percentiles, Wilson intervals).
//!
//! The accumulator holds only integer counters, so adding games in any order, or merging
//! shards in any order, gives exactly the same state: results never depend on the thread
//! count. Floats appear only in the derived values, computed from the final counters.

use crate::record::{GameRecord, Outcome, ELIMINATED, MAX_PLAYERS, MAX_ROUNDS};

/// Number of distinct threat values tracked per (round, seat): 0..=255.
pub const THREAT_VALUES: usize = 256;

/// Wilson score interval for `successes` out of `n` trials at normal quantile `z`
/// (1.96 for 95%). Returns `(lo, hi)` clamped to `[0, 1]`; `(0, 1)` when `n == 0`.
pub fn wilson(successes: u64, n: u64, z: f64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let n_f = n as f64;
    let p = successes as f64 / n_f;
    let z2 = z * z;
    let denom = 1.0 + z2 / n_f;
    let center = (p + z2 / (2.0 * n_f)) / denom;
    let half = z * (p * (1.0 - p) / n_f + z2 / (4.0 * n_f * n_f)).sqrt() / denom;
    ((center - half).max(0.0), (center + half).min(1.0))
}

/// Nearest-rank percentile of a histogram (`hist[v]` = how many samples have value `v`).
///
/// For `pct` in 0..=100 and `n` samples, the rank is `max(1, ceil(pct * n / 100))` and the
/// result is the smallest value `v` whose cumulative count reaches that rank. So p50 of
/// `[1, 2, 3, 4]` is 2, p90 of 1..=10 is 9, p0 is the minimum, p100 the maximum.
/// `None` when the histogram is empty.
pub fn percentile(hist: &[u64], pct: u32) -> Option<usize> {
    let n: u128 = hist.iter().map(|&c| c as u128).sum();
    if n == 0 {
        return None;
    }
    let pct = pct.min(100) as u128;
    let rank = ((pct * n).div_ceil(100)).max(1);
    let mut cum: u128 = 0;
    for (v, &c) in hist.iter().enumerate() {
        cum += c as u128;
        if cum >= rank {
            return Some(v);
        }
    }
    None // unreachable: cum reaches n >= rank
}

/// Number of samples in a histogram.
pub fn hist_count(hist: &[u64]) -> u64 {
    hist.iter().sum()
}

/// Mean value of a histogram; `None` when empty.
pub fn hist_mean(hist: &[u64]) -> Option<f64> {
    let n = hist_count(hist);
    if n == 0 {
        return None;
    }
    let sum: u128 = hist
        .iter()
        .enumerate()
        .map(|(v, &c)| v as u128 * c as u128)
        .sum();
    Some(sum as f64 / n as f64)
}

/// Mean of a histogram with its 95% normal-approximation interval (mean ± 1.96·sd/√n, the
/// sample standard deviation); `None` when the histogram is empty. With one value the interval
/// is the mean itself.
pub fn hist_mean_ci95(hist: &[u64]) -> Option<(f64, f64, f64)> {
    let n = hist_count(hist);
    let mean = hist_mean(hist)?;
    if n < 2 {
        return Some((mean, mean, mean));
    }
    let ss: f64 = hist
        .iter()
        .enumerate()
        .map(|(v, &c)| c as f64 * (v as f64 - mean).powi(2))
        .sum();
    let half = 1.96 * (ss / (n - 1) as f64).sqrt() / (n as f64).sqrt();
    Some((mean, mean - half, mean + half))
}

/// Summary of a rounds or threat histogram.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Dist {
    pub count: u64,
    pub mean: f64,
    pub p10: usize,
    pub median: usize,
    pub p90: usize,
}

impl Dist {
    /// `None` when the histogram is empty.
    pub fn of(hist: &[u64]) -> Option<Dist> {
        Some(Dist {
            count: hist_count(hist),
            mean: hist_mean(hist)?,
            p10: percentile(hist, 10)?,
            median: percentile(hist, 50)?,
            p90: percentile(hist, 90)?,
        })
    }
}

/// Integer-only, mergeable statistics of a batch of games.
///
/// Rounds histograms are indexed by the round in which the game ended (`0..=MAX_ROUNDS`;
/// index 0 only for a game that ended before round 1, larger values are clamped).
///
/// The threat histogram holds only the rounds some counted game completed (it grows when a
/// game completes a round none before it did): a fresh accumulator allocates nothing, and a
/// batch chunk's accumulator (most games end within a few rounds) is a few kilobytes to fill,
/// send and merge instead of the whole 64-round table (512 KB). Equality is of the counts: the
/// rounds not held count as zeros.
#[derive(Clone, Debug)]
pub struct Accumulator {
    pub games: u64,
    /// Games per outcome, indexed by `Outcome as usize` (see `Outcome::ALL`).
    pub outcomes: [u64; 5],
    /// `rounds_hist[outcome][round]`: games with that outcome that ended in that round.
    pub rounds_hist: [[u64; MAX_ROUNDS + 1]; 5],
    /// Sum of final threat per seat, over the games that have that seat.
    pub final_threat_sum: [u64; MAX_PLAYERS],
    /// Games that have each seat (`seat < players`).
    pub seat_games: [u64; MAX_PLAYERS],
    /// Flattened `[round-1][seat][threat]`: seats still running at the end of that round,
    /// by threat value. Holds the first `len / ROUND_CELLS` rounds (at most `MAX_ROUNDS`); the
    /// rounds after them count as zeros.
    threat_hist: Vec<u64>,
    /// `running[round-1][seat]`: games where the seat was still running at the end of the round.
    pub running: [[u64; MAX_PLAYERS]; MAX_ROUNDS],
    /// Sum of score over wins.
    pub score_sum_wins: i64,
    /// Number of wins counted in `score_sum_wins`.
    pub score_count_wins: u64,
    /// Sum of `unimplemented_plays` over all games.
    pub unimplemented_plays: u64,
}

impl Default for Accumulator {
    fn default() -> Self {
        Self::new()
    }
}

fn threat_base(round: usize, seat: usize) -> usize {
    ((round - 1) * MAX_PLAYERS + seat) * THREAT_VALUES
}

/// Threat histogram cells of one round (every seat).
const ROUND_CELLS: usize = MAX_PLAYERS * THREAT_VALUES;

/// The threat histogram of a (round, seat) not held: all zeros.
static NO_THREATS: [u64; THREAT_VALUES] = [0; THREAT_VALUES];

impl PartialEq for Accumulator {
    fn eq(&self, o: &Self) -> bool {
        // The shorter threat histogram stands for one padded with zeros.
        let (a, b) = (&self.threat_hist, &o.threat_hist);
        let n = a.len().min(b.len());
        self.games == o.games
            && self.outcomes == o.outcomes
            && self.rounds_hist == o.rounds_hist
            && self.final_threat_sum == o.final_threat_sum
            && self.seat_games == o.seat_games
            && a[..n] == b[..n]
            && a[n..].iter().chain(&b[n..]).all(|&x| x == 0)
            && self.running == o.running
            && self.score_sum_wins == o.score_sum_wins
            && self.score_count_wins == o.score_count_wins
            && self.unimplemented_plays == o.unimplemented_plays
    }
}

impl Eq for Accumulator {}

impl Accumulator {
    pub fn new() -> Self {
        Accumulator {
            games: 0,
            outcomes: [0; 5],
            rounds_hist: [[0; MAX_ROUNDS + 1]; 5],
            final_threat_sum: [0; MAX_PLAYERS],
            seat_games: [0; MAX_PLAYERS],
            threat_hist: Vec::new(),
            running: [[0; MAX_PLAYERS]; MAX_ROUNDS],
            score_sum_wins: 0,
            score_count_wins: 0,
            unimplemented_plays: 0,
        }
    }

    /// Count one game. Allocates only when the game completed more rounds than any game
    /// counted before (at most `MAX_ROUNDS` times over the accumulator's life).
    pub fn add(&mut self, r: &GameRecord) {
        let o = r.outcome as usize;
        self.games += 1;
        self.outcomes[o] += 1;
        self.rounds_hist[o][(r.rounds as usize).min(MAX_ROUNDS)] += 1;
        let seats = (r.players as usize).min(MAX_PLAYERS);
        for s in 0..seats {
            self.final_threat_sum[s] += r.final_threat[s] as u64;
            self.seat_games[s] += 1;
        }
        let completed = (r.rounds_completed as usize).min(MAX_ROUNDS);
        if self.threat_hist.len() < completed * ROUND_CELLS {
            self.threat_hist.resize(completed * ROUND_CELLS, 0);
        }
        for round in 1..=completed {
            let row = &r.threat_at_round_end[round - 1];
            for (s, &t) in row.iter().enumerate().take(seats) {
                if t == ELIMINATED {
                    continue;
                }
                self.running[round - 1][s] += 1;
                self.threat_hist[threat_base(round, s) + t as usize] += 1;
            }
        }
        if r.outcome.is_win() {
            self.score_sum_wins += r.score as i64;
            self.score_count_wins += 1;
        }
        self.unimplemented_plays += r.unimplemented_plays as u64;
    }

    /// Add all of `other`'s counts. Exact and order-independent.
    pub fn merge(&mut self, other: &Accumulator) {
        self.games += other.games;
        for (a, b) in self.outcomes.iter_mut().zip(&other.outcomes) {
            *a += b;
        }
        for (ra, rb) in self.rounds_hist.iter_mut().zip(&other.rounds_hist) {
            for (a, b) in ra.iter_mut().zip(rb) {
                *a += b;
            }
        }
        for s in 0..MAX_PLAYERS {
            self.final_threat_sum[s] += other.final_threat_sum[s];
            self.seat_games[s] += other.seat_games[s];
        }
        if self.threat_hist.len() < other.threat_hist.len() {
            self.threat_hist.resize(other.threat_hist.len(), 0);
        }
        for (a, b) in self.threat_hist.iter_mut().zip(&other.threat_hist) {
            *a += b;
        }
        for (ra, rb) in self.running.iter_mut().zip(&other.running) {
            for (a, b) in ra.iter_mut().zip(rb) {
                *a += b;
            }
        }
        self.score_sum_wins += other.score_sum_wins;
        self.score_count_wins += other.score_count_wins;
        self.unimplemented_plays += other.unimplemented_plays;
    }

    pub fn count(&self, o: Outcome) -> u64 {
        self.outcomes[o as usize]
    }
    pub fn wins(&self) -> u64 {
        self.count(Outcome::Win)
    }
    /// The three `Loss*` outcomes (the round cap is not a loss).
    pub fn losses(&self) -> u64 {
        LOSSES.iter().map(|&o| self.count(o)).sum()
    }

    /// Rounds histogram of one outcome.
    pub fn rounds_of(&self, o: Outcome) -> &[u64; MAX_ROUNDS + 1] {
        &self.rounds_hist[o as usize]
    }
    /// Rounds histogram of wins.
    pub fn rounds_win(&self) -> [u64; MAX_ROUNDS + 1] {
        self.rounds_hist[Outcome::Win as usize]
    }
    /// Rounds histogram of losses (the three `Loss*` outcomes together).
    pub fn rounds_loss(&self) -> [u64; MAX_ROUNDS + 1] {
        let mut h = [0u64; MAX_ROUNDS + 1];
        for &o in &LOSSES {
            for (a, b) in h.iter_mut().zip(&self.rounds_hist[o as usize]) {
                *a += b;
            }
        }
        h
    }

    /// Rounds histogram of every game (wins, losses and the round cap).
    pub fn rounds_all(&self) -> [u64; MAX_ROUNDS + 1] {
        let mut h = [0u64; MAX_ROUNDS + 1];
        for row in &self.rounds_hist {
            for (a, b) in h.iter_mut().zip(row) {
                *a += b;
            }
        }
        h
    }

    /// Win rate; `None` when no games.
    pub fn win_rate(&self) -> Option<f64> {
        (self.games > 0).then(|| self.wins() as f64 / self.games as f64)
    }
    /// 95% Wilson interval of the win rate.
    pub fn win_interval95(&self) -> (f64, f64) {
        wilson(self.wins(), self.games, 1.96)
    }
    /// Mean final threat over every seat of every game; `None` when no games.
    pub fn mean_final_threat(&self) -> Option<f64> {
        let n: u64 = self.seat_games.iter().sum();
        let s: u64 = self.final_threat_sum.iter().sum();
        (n > 0).then(|| s as f64 / n as f64)
    }
    /// Mean final threat of one seat.
    pub fn mean_final_threat_seat(&self, seat: usize) -> Option<f64> {
        let n = self.seat_games[seat];
        (n > 0).then(|| self.final_threat_sum[seat] as f64 / n as f64)
    }
    /// Mean score over wins; `None` when no wins.
    pub fn mean_score_wins(&self) -> Option<f64> {
        (self.score_count_wins > 0)
            .then(|| self.score_sum_wins as f64 / self.score_count_wins as f64)
    }

    /// Threat histogram (index = threat value) of `seat` at the end of `round` (1-based),
    /// over the games in which that seat was still running then.
    pub fn threat_hist(&self, round: usize, seat: usize) -> &[u64] {
        assert!((1..=MAX_ROUNDS).contains(&round) && seat < MAX_PLAYERS);
        let b = threat_base(round, seat);
        self.threat_hist
            .get(b..b + THREAT_VALUES)
            .unwrap_or(&NO_THREATS)
    }
    /// Games in which `seat` was still running at the end of `round` (1-based).
    pub fn running_at(&self, round: usize, seat: usize) -> u64 {
        self.running[round - 1][seat]
    }
}

/// Text encoding of an [`Accumulator`] (used by checkpoints and shard files): one line per
/// field, `name v v v…`; the large sparse tables list only non-zero cells as `index=count`.
impl Accumulator {
    /// The accumulator as text lines (no trailing newline on the last line).
    pub fn encode(&self) -> Vec<String> {
        fn dense(name: &str, v: impl IntoIterator<Item = u64>) -> String {
            let mut s = name.to_string();
            for x in v {
                s.push(' ');
                s.push_str(&x.to_string());
            }
            s
        }
        fn sparse(name: &str, v: impl IntoIterator<Item = u64>) -> String {
            let mut s = name.to_string();
            for (i, x) in v.into_iter().enumerate() {
                if x != 0 {
                    s.push_str(&format!(" {i}={x}"));
                }
            }
            s
        }
        vec![
            format!("games {}", self.games),
            dense("outcomes", self.outcomes),
            sparse("rounds_hist", self.rounds_hist.iter().flatten().copied()),
            dense("final_threat_sum", self.final_threat_sum),
            dense("seat_games", self.seat_games),
            sparse("threat_hist", self.threat_hist.iter().copied()),
            sparse("running", self.running.iter().flatten().copied()),
            format!("score_sum_wins {}", self.score_sum_wins),
            format!("score_count_wins {}", self.score_count_wins),
            format!("unimplemented_plays {}", self.unimplemented_plays),
        ]
    }

    /// Parse what [`encode`](Self::encode) wrote, checking that the counters agree with each
    /// other (outcomes add up to games, histograms to outcomes). Never panics.
    pub fn decode<'a>(lines: impl IntoIterator<Item = &'a str>) -> Result<Accumulator, String> {
        fn num<T: std::str::FromStr>(field: &str, s: &str) -> Result<T, String> {
            s.parse()
                .map_err(|_| format!("`{field}`: `{s}` is not a valid number"))
        }
        fn dense(field: &str, rest: &[&str], out: &mut [u64]) -> Result<(), String> {
            if rest.len() != out.len() {
                return Err(format!(
                    "`{field}` has {} values, expected {}",
                    rest.len(),
                    out.len()
                ));
            }
            for (o, v) in out.iter_mut().zip(rest) {
                *o = num(field, v)?;
            }
            Ok(())
        }
        fn sparse(field: &str, rest: &[&str], out: &mut [u64]) -> Result<(), String> {
            for cell in rest {
                let (i, v) = cell
                    .split_once('=')
                    .ok_or_else(|| format!("`{field}`: `{cell}` is not index=count"))?;
                let i: usize = num(field, i)?;
                let slot = out
                    .get_mut(i)
                    .ok_or_else(|| format!("`{field}`: index {i} out of range"))?;
                *slot = num(field, v)?;
            }
            Ok(())
        }
        let mut a = Accumulator::new();
        let mut seen = [false; 10];
        for line in lines {
            let parts: Vec<&str> = line.split(' ').collect();
            let (field, rest) = (parts[0], &parts[1..]);
            fn one<'b>(field: &str, rest: &[&'b str]) -> Result<&'b str, String> {
                match rest {
                    [v] => Ok(*v),
                    _ => Err(format!("`{field}` takes one value")),
                }
            }
            let k = match field {
                "games" => {
                    a.games = num(field, one(field, rest)?)?;
                    0
                }
                "outcomes" => {
                    dense(field, rest, &mut a.outcomes)?;
                    1
                }
                "rounds_hist" => {
                    let mut flat = vec![0u64; 5 * (MAX_ROUNDS + 1)];
                    sparse(field, rest, &mut flat)?;
                    for (row, chunk) in a.rounds_hist.iter_mut().zip(flat.chunks(MAX_ROUNDS + 1)) {
                        row.copy_from_slice(chunk);
                    }
                    2
                }
                "final_threat_sum" => {
                    dense(field, rest, &mut a.final_threat_sum)?;
                    3
                }
                "seat_games" => {
                    dense(field, rest, &mut a.seat_games)?;
                    4
                }
                "threat_hist" => {
                    let mut flat = vec![0u64; MAX_ROUNDS * ROUND_CELLS];
                    sparse(field, rest, &mut flat)?;
                    // Keep the rounds up to the last one with a count.
                    let used = flat.iter().rposition(|&x| x != 0).map_or(0, |i| i + 1);
                    flat.truncate(used.div_ceil(ROUND_CELLS) * ROUND_CELLS);
                    a.threat_hist = flat;
                    5
                }
                "running" => {
                    let mut flat = vec![0u64; MAX_ROUNDS * MAX_PLAYERS];
                    sparse(field, rest, &mut flat)?;
                    for (row, chunk) in a.running.iter_mut().zip(flat.chunks(MAX_PLAYERS)) {
                        row.copy_from_slice(chunk);
                    }
                    6
                }
                "score_sum_wins" => {
                    a.score_sum_wins = num(field, one(field, rest)?)?;
                    7
                }
                "score_count_wins" => {
                    a.score_count_wins = num(field, one(field, rest)?)?;
                    8
                }
                "unimplemented_plays" => {
                    a.unimplemented_plays = num(field, one(field, rest)?)?;
                    9
                }
                _ => return Err(format!("unknown statistics field `{field}`")),
            };
            if std::mem::replace(&mut seen[k], true) {
                return Err(format!("statistics field `{field}` appears twice"));
            }
        }
        if let Some(k) = seen.iter().position(|s| !s) {
            return Err(format!("statistics field number {} is missing", k + 1));
        }
        let total: u128 = a.outcomes.iter().map(|&x| x as u128).sum();
        if total != a.games as u128 {
            return Err(format!(
                "outcome counts add up to {total}, not to the {} games",
                a.games
            ));
        }
        for (o, row) in a.rounds_hist.iter().enumerate() {
            let n: u128 = row.iter().map(|&x| x as u128).sum();
            if n != a.outcomes[o] as u128 {
                return Err("rounds histogram does not match the outcome counts".into());
            }
        }
        if a.score_count_wins != a.outcomes[Outcome::Win as usize] {
            return Err("score count does not match the wins".into());
        }
        if a.seat_games.iter().any(|&s| s > a.games) {
            return Err("more games per seat than games".into());
        }
        Ok(a)
    }
}

/// The loss outcomes, in report order.
pub const LOSSES: [Outcome; 3] = [
    Outcome::LossThreat,
    Outcome::LossHeroes,
    Outcome::LossScenario,
];

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-4
    }

    #[test]
    fn mean_interval_of_a_histogram() {
        // Two games ended in round 4, two in round 6: mean 5, sample sd √(4/3).
        let mut h = [0u64; 8];
        h[4] = 2;
        h[6] = 2;
        let (m, lo, hi) = hist_mean_ci95(&h).unwrap();
        let half = 1.96 * (4.0f64 / 3.0).sqrt() / 2.0;
        assert!(close(m, 5.0) && close(lo, 5.0 - half) && close(hi, 5.0 + half));
        assert_eq!(hist_mean_ci95(&[0u64; 8]), None);
        let mut one = [0u64; 8];
        one[3] = 1;
        assert_eq!(hist_mean_ci95(&one), Some((3.0, 3.0, 3.0)));
    }

    #[test]
    fn wilson_known_values() {
        let (lo, hi) = wilson(5, 10, 1.96);
        assert!(close(lo, 0.2366) && close(hi, 0.7634), "{lo} {hi}");
        let (lo, hi) = wilson(0, 10, 1.96);
        assert!(close(lo, 0.0) && close(hi, 0.2775), "{lo} {hi}");
        let (lo, hi) = wilson(10, 10, 1.96);
        assert!(close(lo, 0.7225) && close(hi, 1.0), "{lo} {hi}");
        let (lo, hi) = wilson(81, 263, 1.96);
        assert!(close(lo, 0.2553) && close(hi, 0.3662), "{lo} {hi}");
        assert_eq!(wilson(0, 0, 1.96), (0.0, 1.0));
    }

    #[test]
    fn percentiles_nearest_rank() {
        assert_eq!(percentile(&[], 50), None);
        assert_eq!(percentile(&[0, 0, 0], 50), None);
        // values 1,2,3,4
        let h = [0, 1, 1, 1, 1];
        assert_eq!(percentile(&h, 50), Some(2));
        assert_eq!(percentile(&h, 0), Some(1));
        assert_eq!(percentile(&h, 100), Some(4));
        assert_eq!(percentile(&h, 75), Some(3));
        assert_eq!(percentile(&h, 76), Some(4));
        // values 1..=10
        let mut h = [0u64; 11];
        h[1..].fill(1);
        assert_eq!(percentile(&h, 90), Some(9));
        assert_eq!(percentile(&h, 10), Some(1));
        assert_eq!(percentile(&h, 91), Some(10));
        // a single value
        let h = [0, 0, 0, 7];
        assert_eq!(percentile(&h, 10), Some(3));
        assert_eq!(percentile(&h, 90), Some(3));
        assert_eq!(hist_mean(&[0, 1, 1]), Some(1.5));
        let d = Dist::of(&[0, 2, 0, 2]).unwrap();
        assert_eq!((d.count, d.median, d.p90), (4, 1, 3));
        assert!(close(d.mean, 2.0));
    }

    fn record(i: u64) -> GameRecord {
        let players = 1 + (i % 2) as u8;
        let mut r = GameRecord::empty(i, players);
        r.outcome = Outcome::ALL[(i % 5) as usize];
        r.rounds = (1 + i % 12) as u16;
        r.rounds_completed = r.rounds - (i % 2) as u16;
        for round in 0..r.rounds_completed as usize {
            for s in 0..players as usize {
                r.threat_at_round_end[round][s] = if (i + s as u64).is_multiple_of(7) && round > 3 {
                    ELIMINATED
                } else {
                    (20 + round + s + (i % 9) as usize) as u8
                };
            }
        }
        for s in 0..players as usize {
            r.final_threat[s] = (25 + i % 20 + s as u64) as u8;
        }
        r.score = (i % 50) as i32 - 5;
        r.unimplemented_plays = (i % 3) as u32;
        r
    }

    #[test]
    fn merge_equals_add_all() {
        let recs: Vec<GameRecord> = (0..500).map(record).collect();
        let mut all = Accumulator::new();
        for r in &recs {
            all.add(r);
        }
        // shards in a different order, merged in a different order
        let mut shards: Vec<Accumulator> = Vec::new();
        for chunk in recs.chunks(37).rev() {
            let mut a = Accumulator::new();
            for r in chunk.iter().rev() {
                a.add(r);
            }
            shards.push(a);
        }
        let mut merged = Accumulator::new();
        for s in shards.iter().rev() {
            merged.merge(s);
        }
        assert_eq!(merged, all);
        assert_eq!(all.games, 500);
        assert_eq!(all.outcomes.iter().sum::<u64>(), 500);
        assert_eq!(all.wins(), 100);
        assert_eq!(all.losses(), 300);
        assert_eq!(all.count(Outcome::RoundCap), 100);
        assert_eq!(all.score_count_wins, 100);
        assert_eq!(
            all.unimplemented_plays,
            (0..500u64).map(|i| i % 3).sum::<u64>()
        );
    }

    #[test]
    fn chunk_accumulator_holds_only_rounds_played() {
        // A fresh accumulator allocates nothing; the threat table grows to the rounds the games
        // completed, and equality, merging, encoding and the histograms read the rounds not
        // held as zeros.
        let fresh = Accumulator::new();
        assert_eq!(fresh.threat_hist.capacity(), 0);
        assert_eq!(
            fresh.threat_hist(MAX_ROUNDS, MAX_PLAYERS - 1),
            &[0; THREAT_VALUES]
        );
        let (short, long) = (record(2), record(11));
        assert_eq!((short.rounds_completed, long.rounds_completed), (3, 11));
        let mut a = Accumulator::new();
        a.add(&short);
        assert_eq!(a.threat_hist.len(), 3 * ROUND_CELLS);
        assert_eq!(a.threat_hist(4, 0), &[0; THREAT_VALUES]);
        let mut b = Accumulator::new();
        b.add(&long);
        assert_eq!(b.threat_hist.len(), 11 * ROUND_CELLS);
        // Merging a longer table into a shorter one and the other way round.
        let mut ab = a.clone();
        ab.merge(&b);
        let mut ba = b.clone();
        ba.merge(&a);
        assert_eq!(ab, ba);
        assert_eq!(ab.threat_hist.len(), 11 * ROUND_CELLS);
        // The same counts held in a full-length table are equal, and encode alike.
        let mut padded = a.clone();
        padded.threat_hist.resize(MAX_ROUNDS * ROUND_CELLS, 0);
        assert_eq!(padded, a);
        assert_eq!(a, padded);
        assert_eq!(padded.encode(), a.encode());
        padded.threat_hist[MAX_ROUNDS * ROUND_CELLS - 1] = 1;
        assert_ne!(padded, a);
        assert_ne!(a, padded);
        // Decoding keeps the rounds up to the last one with a count.
        let d = Accumulator::decode(ab.encode().iter().map(String::as_str)).unwrap();
        assert_eq!(d, ab);
        assert_eq!(d.threat_hist.len(), 11 * ROUND_CELLS);
        assert_eq!(
            Accumulator::decode(fresh.encode().iter().map(String::as_str))
                .unwrap()
                .threat_hist
                .len(),
            0
        );
    }

    #[test]
    fn threat_counts_skip_eliminated() {
        let mut r = GameRecord::empty(0, 2);
        r.outcome = Outcome::LossThreat;
        r.rounds = 3;
        r.rounds_completed = 2;
        r.threat_at_round_end[0] = [28, 30, 0, 0];
        r.threat_at_round_end[1] = [31, ELIMINATED, 0, 0];
        r.threat_at_round_end[2] = [40, 40, 0, 0]; // beyond rounds_completed: ignored
        let mut a = Accumulator::new();
        a.add(&r);
        assert_eq!(a.running_at(1, 0), 1);
        assert_eq!(a.running_at(1, 1), 1);
        assert_eq!(a.running_at(2, 0), 1);
        assert_eq!(a.running_at(2, 1), 0);
        assert_eq!(a.running_at(3, 0), 0);
        assert_eq!(a.threat_hist(1, 1)[30], 1);
        assert_eq!(a.threat_hist(2, 0)[31], 1);
        assert_eq!(a.running_at(1, 2), 0);
        assert_eq!(a.rounds_of(Outcome::LossThreat)[3], 1);
        assert_eq!(a.rounds_loss()[3], 1);
        assert_eq!(a.rounds_win()[3], 0);
    }

    #[test]
    fn encode_decode_round_trip() {
        let mut a = Accumulator::new();
        for i in 0..300 {
            a.add(&record(i));
        }
        let lines = a.encode();
        let b = Accumulator::decode(lines.iter().map(String::as_str)).unwrap();
        assert_eq!(a, b);
        let empty = Accumulator::new();
        let lines = empty.encode();
        assert_eq!(
            Accumulator::decode(lines.iter().map(String::as_str)).unwrap(),
            empty
        );
        let mut bad = a.encode();
        bad[0] = "games 7".into();
        assert!(Accumulator::decode(bad.iter().map(String::as_str)).is_err());
        assert!(Accumulator::decode(lines.iter().skip(1).map(String::as_str)).is_err());
    }
}
