//! Paired comparison of two decks with common random numbers.
//!
//! Game *i* of deck A and game *i* of deck B use the same master seed and index, so every random
//! stream that does not depend on the deck is shared: the encounter deck's shuffles, the setup
//! draws and each bot's stream come from (seed, *i*, stream) in [`crate::seed`], and each
//! player's deck shuffles come from that player's own stream. The two outcomes of a pair are
//! therefore positively correlated, and the difference of win rates estimated from the pairs
//! has a smaller variance than the difference of two independent batches, by about
//! 2·(both/n − pA·pB)/n (both = pairs both decks win): large for decks that win often and in
//! the same games (two versions of one deck), small for decks that rarely win.
//!
//! [`run_compare`] plays both games of every pair on a rayon pool (the batch runner's guided
//! chunks, `batch::lazy_chunks`, handed out in order as threads ask for them; one reused `Game`
//! and set of bots per deck per pool thread, as the batch runner does) and returns the per-pair
//! outcomes sorted by index, so the result is identical for any thread count.
//! [`PairedStats`] holds the statistics: both win rates with Wilson intervals, the paired
//! difference with its 95% interval from the discordant pairs, the unpaired (independent
//! two-proportion) interval for reference, and McNemar's test.

use crate::bots::Bot;
use crate::data::CardDb;
use crate::engine::{try_play_game, Game, GameSetup, PlayError};
use crate::record::Outcome;
use crate::stats::{wilson, Accumulator};

/// The largest number of pairs per work unit (and per progress-bar increment); the chunk sizes
/// themselves come from `batch::next_chunk`.
pub const CHUNK: u64 = crate::batch::MAX_CHUNK;

/// One bot per seat. Panics on an unknown name (callers validate names first).
fn make_bots(names: &[String]) -> Vec<Box<dyn Bot>> {
    names
        .iter()
        .map(|n| crate::bots::make(n).unwrap_or_else(|| panic!("unknown bot `{n}`")))
        .collect()
}

/// A progress score (0–100) in tenths.
fn tenths(x: f64) -> u16 {
    (x * 10.0).round().clamp(0.0, u16::MAX as f64) as u16
}

/// Normal quantile for a two-sided 95% interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// The two games of one pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PairedGame {
    pub index: u64,
    pub a: Outcome,
    pub b: Outcome,
    pub rounds_a: u16,
    pub rounds_b: u16,
    /// `GameRecord::progress_score` of each game, in tenths (a win is 1,000).
    pub progress_a: u16,
    pub progress_b: u16,
    pub unimplemented_a: u32,
    pub unimplemented_b: u32,
}

/// One pool thread's state: two games (one per deck) and their bots, reused across chunks.
struct Worker<'a> {
    ga: Game<'a>,
    gb: Game<'a>,
    bots_a: Vec<Box<dyn Bot>>,
    bots_b: Vec<Box<dyn Bot>>,
    out: Vec<PairedGame>,
    acc: [Accumulator; 2],
}

/// Plays games `0..games` of `a` and of `b` (same scenario, mode, seats and bots; the decks
/// differ) with master seed `seed` on `threads` threads (0 = all cores), and returns the pairs
/// sorted by index. `bots` holds one bot spec per seat (unknown names panic: validate first).
#[allow(clippy::too_many_arguments)]
pub fn run_compare(
    db: &CardDb,
    a: &GameSetup,
    b: &GameSetup,
    bots: &[String],
    games: u64,
    seed: u64,
    threads: usize,
    progress: Option<&indicatif::ProgressBar>,
) -> Vec<PairedGame> {
    run_compare_bots(db, a, b, bots, bots, games, seed, threads, progress)
}

/// [`run_compare`] with a bot spec per seat for each side: side A plays `a` with `bots_a`, side
/// B plays `b` with `bots_b` (a bot-vs-bot comparison passes the same setup twice). Each bot
/// seeds itself from (seed, index, seat) whatever it is, so the pairing holds across bots too:
/// the encounter deck, setup and player deck streams are the same in both games of a pair.
///
/// # Panics
/// On an engine fault in a game ([`PlayError`]; `run_compare_sides` returns it instead).
#[allow(clippy::too_many_arguments)]
pub fn run_compare_bots(
    db: &CardDb,
    a: &GameSetup,
    b: &GameSetup,
    bots_a: &[String],
    bots_b: &[String],
    games: u64,
    seed: u64,
    threads: usize,
    progress: Option<&indicatif::ProgressBar>,
) -> Vec<PairedGame> {
    let never = std::sync::atomic::AtomicBool::new(false);
    run_compare_sides(
        db, a, b, bots_a, bots_b, games, seed, threads, progress, &never,
    )
    .unwrap_or_else(|e| panic!("{e}"))
    .expect("never stopped")
    .0
}

/// Every pair of a comparison, sorted by index, and each side's statistics.
pub type Sides = (Vec<PairedGame>, [Accumulator; 2]);

/// [`run_compare_bots`] that also returns each side's statistics (outcomes, game lengths,
/// threat curves), for the comparison's `summary.csv`, `rounds.csv` and `threat.csv`. Exact
/// and independent of the thread count, like the pairs. `stop` (set by a signal) ends the
/// comparison after the pairs being played: then the result is `None` (a comparison is
/// written whole or not at all; it has no checkpoint). A game the engine cannot finish sets
/// `stop` too (as in `batch::run_work`), and the fault of the lowest game index is the error.
#[allow(clippy::too_many_arguments)]
pub fn run_compare_sides(
    db: &CardDb,
    a: &GameSetup,
    b: &GameSetup,
    bots_a: &[String],
    bots_b: &[String],
    games: u64,
    seed: u64,
    threads: usize,
    progress: Option<&indicatif::ProgressBar>,
    stop: &std::sync::atomic::AtomicBool,
) -> Result<Option<Sides>, PlayError> {
    use std::sync::atomic::Ordering;
    let fault = std::sync::Mutex::new(None);
    drop(make_bots(bots_a));
    drop(make_bots(bots_b));
    let threads = crate::batch::resolve_threads(threads);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("cannot build the thread pool");
    let all = [crate::batch::WorkItem {
        combo: 0,
        start: 0,
        end: games,
    }];
    let workers = pool.install(|| {
        crate::batch::for_each_per_thread_lazy(
            crate::batch::lazy_chunks(&all, threads),
            || Worker {
                ga: Game::new(db, a),
                gb: Game::new(db, b),
                bots_a: make_bots(bots_a),
                bots_b: make_bots(bots_b),
                out: Vec::new(),
                acc: [Accumulator::new(), Accumulator::new()],
            },
            |w, c| {
                let (start, end) = (c.start, c.end);
                for index in start..end {
                    if stop.load(Ordering::Relaxed) {
                        return;
                    }
                    let played =
                        try_play_game(&mut w.ga, &mut w.bots_a, seed, index).and_then(|ra| {
                            Ok((ra, try_play_game(&mut w.gb, &mut w.bots_b, seed, index)?))
                        });
                    let (ra, rb) = match played {
                        Ok(pair) => pair,
                        Err(e) => {
                            crate::batch::note_fault(&fault, e);
                            stop.store(true, Ordering::Relaxed);
                            return;
                        }
                    };
                    w.acc[0].add(&ra);
                    w.acc[1].add(&rb);
                    w.out.push(PairedGame {
                        index,
                        a: ra.outcome,
                        b: rb.outcome,
                        rounds_a: ra.rounds,
                        rounds_b: rb.rounds,
                        progress_a: tenths(ra.progress_score()),
                        progress_b: tenths(rb.progress_score()),
                        unimplemented_a: ra.unimplemented_plays,
                        unimplemented_b: rb.unimplemented_plays,
                    });
                }
                if let Some(pb) = progress {
                    pb.inc(end - start);
                }
            },
        )
    });
    if let Some(e) = fault.into_inner().expect("a worker panicked") {
        return Err(e);
    }
    if stop.load(Ordering::Relaxed) {
        return Ok(None);
    }
    let mut acc = [Accumulator::new(), Accumulator::new()];
    let mut out: Vec<PairedGame> = Vec::with_capacity(games as usize);
    for w in workers {
        acc[0].merge(&w.acc[0]);
        acc[1].merge(&w.acc[1]);
        out.extend(w.out);
    }
    out.sort_by_key(|g| g.index);
    Ok(Some((out, acc)))
}

/// Which form of McNemar's test gave the p-value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum McNemarMethod {
    /// Two-sided exact binomial test on the discordant pairs (used when b + c < 25).
    Exact,
    /// Chi-square with continuity correction, (|b − c| − 1)² / (b + c), one degree of freedom.
    ChiSquare,
}

impl McNemarMethod {
    pub fn name(self) -> &'static str {
        match self {
            McNemarMethod::Exact => "exact",
            McNemarMethod::ChiSquare => "chi2_cc",
        }
    }
}

/// Discordant pairs below which McNemar's test is computed exactly.
pub const EXACT_BELOW: u64 = 25;

/// Statistics of a paired comparison (a "win" is the outcome `win`; every other outcome,
/// including the round cap, is a non-win).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PairedStats {
    pub n: u64,
    pub wins_a: u64,
    pub wins_b: u64,
    /// Pairs where both decks won.
    pub both: u64,
    /// Pairs where only deck A won (McNemar's b).
    pub only_a: u64,
    /// Pairs where only deck B won (McNemar's c).
    pub only_b: u64,
    /// Pairs where neither won.
    pub neither: u64,
    pub rate_a: f64,
    pub rate_b: f64,
    /// Wilson 95% intervals of each win rate.
    pub a95: (f64, f64),
    pub b95: (f64, f64),
    /// Win rate of A minus win rate of B: (b − c) / n.
    pub diff: f64,
    /// 95% interval of `diff` from the paired outcomes:
    /// var = (b + c − (b − c)² / n) / n².
    pub paired95: (f64, f64),
    /// 95% interval of `diff` if the two batches were independent (Wald, two proportions):
    /// var = pA(1 − pA)/n + pB(1 − pB)/n. Shown for reference: the paired one is narrower.
    pub unpaired95: (f64, f64),
    /// McNemar statistic: the continuity-corrected chi-square (also given for the exact case).
    pub mcnemar_chi2: f64,
    pub mcnemar_p: f64,
    pub mcnemar_method: McNemarMethod,
}

impl PairedStats {
    /// Statistics from (A won, B won) per pair.
    pub fn from_pairs(pairs: impl IntoIterator<Item = (bool, bool)>) -> Self {
        let mut t = [0u64; 4];
        for (a, b) in pairs {
            t[usize::from(a) * 2 + usize::from(b)] += 1;
        }
        Self::from_table(t[3], t[2], t[1], t[0])
    }

    /// Statistics from the 2×2 table: both won, only A, only B, neither.
    pub fn from_table(both: u64, only_a: u64, only_b: u64, neither: u64) -> Self {
        let n = both + only_a + only_b + neither;
        let nf = n.max(1) as f64;
        let (b, c) = (only_a as f64, only_b as f64);
        let wins_a = both + only_a;
        let wins_b = both + only_b;
        let rate_a = wins_a as f64 / nf;
        let rate_b = wins_b as f64 / nf;
        let diff = (b - c) / nf;
        let var_paired = ((b + c) - (b - c) * (b - c) / nf).max(0.0) / (nf * nf);
        let hw = Z95 * var_paired.sqrt();
        let var_unpaired = rate_a * (1.0 - rate_a) / nf + rate_b * (1.0 - rate_b) / nf;
        let hu = Z95 * var_unpaired.sqrt();
        let (mcnemar_p, mcnemar_method, mcnemar_chi2) = mcnemar(only_a, only_b);
        PairedStats {
            n,
            wins_a,
            wins_b,
            both,
            only_a,
            only_b,
            neither,
            rate_a,
            rate_b,
            a95: wilson(wins_a, n, Z95),
            b95: wilson(wins_b, n, Z95),
            diff,
            paired95: (diff - hw, diff + hw),
            unpaired95: (diff - hu, diff + hu),
            mcnemar_chi2,
            mcnemar_p,
            mcnemar_method,
        }
    }

    pub fn paired_width(&self) -> f64 {
        self.paired95.1 - self.paired95.0
    }
    pub fn unpaired_width(&self) -> f64 {
        self.unpaired95.1 - self.unpaired95.0
    }
}

/// Rounds played (the round in which each game ended) compared pair by pair: the measure that
/// still separates two decks when neither wins often. Means, the mean paired difference A − B
/// with its 95% interval from the paired differences (d̄ ± z·sd(d)/√n), and the interval the same
/// difference would have if the two batches were independent (z·√(var A/n + var B/n)).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RoundsDiff {
    pub mean_a: f64,
    pub mean_b: f64,
    pub diff: f64,
    pub paired95: (f64, f64),
    pub unpaired95: (f64, f64),
}

impl RoundsDiff {
    /// From (rounds of A, rounds of B) per pair; all zero for no pairs.
    pub fn from_pairs(pairs: impl IntoIterator<Item = (u16, u16)> + Clone) -> Self {
        let (mut n, mut sa, mut sb) = (0u64, 0f64, 0f64);
        for (a, b) in pairs.clone() {
            n += 1;
            sa += a as f64;
            sb += b as f64;
        }
        if n == 0 {
            return RoundsDiff {
                mean_a: 0.0,
                mean_b: 0.0,
                diff: 0.0,
                paired95: (0.0, 0.0),
                unpaired95: (0.0, 0.0),
            };
        }
        let nf = n as f64;
        let (ma, mb) = (sa / nf, sb / nf);
        let diff = ma - mb;
        let (mut va, mut vb, mut vd) = (0f64, 0f64, 0f64);
        for (a, b) in pairs {
            let (a, b) = (a as f64, b as f64);
            va += (a - ma).powi(2);
            vb += (b - mb).powi(2);
            vd += (a - b - diff).powi(2);
        }
        let dof = (nf - 1.0).max(1.0);
        let hp = Z95 * (vd / dof / nf).sqrt();
        let hu = Z95 * ((va / dof + vb / dof) / nf).sqrt();
        RoundsDiff {
            mean_a: ma,
            mean_b: mb,
            diff,
            paired95: (diff - hp, diff + hp),
            unpaired95: (diff - hu, diff + hu),
        }
    }
}

/// McNemar's test on the discordant counts `b` (only A won) and `c` (only B won):
/// (two-sided p-value, method, continuity-corrected chi-square). Exact binomial for
/// b + c < [`EXACT_BELOW`], chi-square with continuity correction otherwise; p = 1 when there
/// are no discordant pairs.
pub fn mcnemar(b: u64, c: u64) -> (f64, McNemarMethod, f64) {
    let m = b + c;
    let chi2 = if m == 0 {
        0.0
    } else {
        let d = (b as f64 - c as f64).abs() - 1.0;
        d.max(0.0).powi(2) / m as f64
    };
    if m < EXACT_BELOW {
        (binomial_two_sided(m, b.min(c)), McNemarMethod::Exact, chi2)
    } else {
        (chi2_sf_1df(chi2), McNemarMethod::ChiSquare, chi2)
    }
}

/// Two-sided exact binomial p-value for `k` ≤ m/2 successes out of `m` at p = 1/2:
/// min(1, 2·P(X ≤ k)), summed in log space (exact enough for any m).
pub fn binomial_two_sided(m: u64, k: u64) -> f64 {
    if m == 0 {
        return 1.0;
    }
    let k = k.min(m - k);
    let ln_half_m = -(m as f64) * std::f64::consts::LN_2;
    // ln C(m, j) built up term by term; log-sum-exp over j = 0..=k.
    let mut ln_c = 0.0f64;
    let mut terms = Vec::with_capacity(k as usize + 1);
    for j in 0..=k {
        if j > 0 {
            ln_c += ((m - j + 1) as f64).ln() - (j as f64).ln();
        }
        terms.push(ln_c + ln_half_m);
    }
    let max = terms.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
    let sum: f64 = terms.iter().map(|t| (t - max).exp()).sum();
    (2.0 * (max + sum.ln()).exp()).min(1.0)
}

/// Upper tail P(X > x) of the chi-square distribution with one degree of freedom:
/// the regularized upper incomplete gamma Q(1/2, x/2).
pub fn chi2_sf_1df(x: f64) -> f64 {
    if x <= 0.0 {
        return 1.0;
    }
    gamma_q(0.5, x / 2.0)
}

/// ln Γ(a) (Lanczos approximation, g = 7, 9 terms; relative error below 1e-13 for a > 0).
fn ln_gamma(a: f64) -> f64 {
    const G: [f64; 9] = [
        0.999_999_999_999_809_9,
        676.520_368_121_885_1,
        -1_259.139_216_722_402_8,
        771.323_428_777_653_1,
        -176.615_029_162_140_6,
        12.507_343_278_686_905,
        -0.138_571_095_265_720_12,
        9.984_369_578_019_572e-6,
        1.505_632_735_149_311_6e-7,
    ];
    if a < 0.5 {
        // Reflection.
        let pi = std::f64::consts::PI;
        return (pi / (pi * a).sin()).ln() - ln_gamma(1.0 - a);
    }
    let a = a - 1.0;
    let mut x = G[0];
    for (i, &g) in G.iter().enumerate().skip(1) {
        x += g / (a + i as f64);
    }
    let t = a + 7.5;
    0.5 * (2.0 * std::f64::consts::PI).ln() + (a + 0.5) * t.ln() - t + x.ln()
}

/// Regularized upper incomplete gamma Q(a, x): series for x < a + 1, Lentz continued fraction
/// otherwise.
fn gamma_q(a: f64, x: f64) -> f64 {
    let ln_pre = a * x.ln() - x - ln_gamma(a);
    if x < a + 1.0 {
        let mut sum = 1.0 / a;
        let mut term = sum;
        let mut ap = a;
        for _ in 0..1000 {
            ap += 1.0;
            term *= x / ap;
            sum += term;
            if term.abs() < sum.abs() * 1e-16 {
                break;
            }
        }
        (1.0 - sum * ln_pre.exp()).max(0.0)
    } else {
        const TINY: f64 = 1e-300;
        let mut b = x + 1.0 - a;
        let mut c = 1.0 / TINY;
        let mut d = 1.0 / b;
        let mut h = d;
        for i in 1..1000 {
            let an = -(i as f64) * (i as f64 - a);
            b += 2.0;
            d = an * d + b;
            if d.abs() < TINY {
                d = TINY;
            }
            c = b + an / c;
            if c.abs() < TINY {
                c = TINY;
            }
            d = 1.0 / d;
            let del = d * c;
            h *= del;
            if (del - 1.0).abs() < 1e-16 {
                break;
            }
        }
        (ln_pre.exp() * h).clamp(0.0, 1.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, rel: f64) -> bool {
        (a - b).abs() <= rel * b.abs().max(1e-300)
    }

    #[test]
    fn rounds_difference_paired_and_unpaired() {
        // A lasts one round longer in every pair: the paired differences have no spread, so
        // the paired interval is the point itself while the unpaired one is wide.
        let pairs = [(5u16, 4u16), (7, 6), (3, 2), (9, 8)];
        let r = RoundsDiff::from_pairs(pairs.iter().copied());
        assert!(close(r.mean_a, 6.0, 1e-12) && close(r.mean_b, 5.0, 1e-12));
        assert!(close(r.diff, 1.0, 1e-12));
        assert!(close(r.paired95.0, 1.0, 1e-12) && close(r.paired95.1, 1.0, 1e-12));
        // var A = var B = 20/3 → half width z·√(40/3 / 4).
        let h = Z95 * (40.0f64 / 3.0 / 4.0).sqrt();
        assert!(close(r.unpaired95.0, 1.0 - h, 1e-12) && close(r.unpaired95.1, 1.0 + h, 1e-12));
        assert_eq!(RoundsDiff::from_pairs(std::iter::empty()).diff, 0.0);
    }

    #[test]
    fn chi_square_tail_matches_tables() {
        // Critical values of chi-square(1): 0.05, 0.01, 0.001, 1e-6.
        for (x, p) in [
            (3.841_458_820_694_124, 0.05),
            (6.634_896_601_021_213, 0.01),
            (10.827_566_170_662_733, 0.001),
            (23.928_117_138_734_6, 1.000_005_110_292_155_3e-6),
            (1.0, 0.317_310_507_862_914_1),
            (0.1, 0.751_829_634_045_849_2),
        ] {
            let got = chi2_sf_1df(x);
            assert!(close(got, p, 1e-9), "x={x}: {got} vs {p}");
        }
        assert_eq!(chi2_sf_1df(0.0), 1.0);
        assert!(chi2_sf_1df(2000.0) < 1e-300 || chi2_sf_1df(2000.0) == 0.0);
    }

    #[test]
    fn exact_binomial_matches_hand_values() {
        // m = 10, k = 1: 2 * 11/1024.
        assert!(close(binomial_two_sided(10, 1), 22.0 / 1024.0, 1e-12));
        // m = 5, k = 0: 2/32.
        assert!(close(binomial_two_sided(5, 0), 0.0625, 1e-12));
        // Symmetric and capped at 1.
        assert_eq!(binomial_two_sided(10, 5), 1.0);
        assert_eq!(binomial_two_sided(10, 9), binomial_two_sided(10, 1));
        assert_eq!(binomial_two_sided(0, 0), 1.0);
        // m = 20, k = 5: sum C(20, 0..=5) = 21700; 2 * 21700 / 2^20.
        assert!(close(
            binomial_two_sided(20, 5),
            43400.0 / 1_048_576.0,
            1e-12
        ));
        // Large m stays finite: m = 100000, k = 49000 (z ~ 6.3).
        let p = binomial_two_sided(100_000, 49_000);
        assert!(p > 0.0 && p < 1e-8, "{p}");
    }

    #[test]
    fn mcnemar_switches_method() {
        let (p, m, chi2) = mcnemar(1, 9);
        assert_eq!(m, McNemarMethod::Exact);
        assert!(close(p, 22.0 / 1024.0, 1e-12));
        assert!(close(chi2, 4.9, 1e-12));
        // Textbook example: b = 25, c = 10 -> chi2_cc = 14^2/35 = 5.6, p = 0.01796.
        let (p, m, chi2) = mcnemar(25, 10);
        assert_eq!(m, McNemarMethod::ChiSquare);
        assert!(close(chi2, 5.6, 1e-12));
        assert!(close(p, 0.017_960_477_526_078_766, 1e-9), "{p}");
        assert_eq!(mcnemar(0, 0).0, 1.0);
    }

    #[test]
    fn paired_interval_from_discordant_pairs() {
        // 1000 pairs: both 300, only A 80, only B 40, neither 580.
        let s = PairedStats::from_table(300, 80, 40, 580);
        assert_eq!((s.n, s.wins_a, s.wins_b), (1000, 380, 340));
        assert!(close(s.diff, 0.04, 1e-12));
        // var = (120 - 40^2/1000) / 1000^2 = 118.4e-6.
        let hw = Z95 * (118.4e-6f64).sqrt();
        assert!(close(s.paired95.1, 0.04 + hw, 1e-12));
        assert!(close(s.paired95.0, 0.04 - hw, 1e-12));
        let hu = Z95 * (0.38 * 0.62 / 1000.0 + 0.34 * 0.66 / 1000.0f64).sqrt();
        assert!(close(s.unpaired_width(), 2.0 * hu, 1e-12));
        assert!(s.paired_width() < s.unpaired_width());
        let t = PairedStats::from_pairs(
            std::iter::repeat_n((true, true), 300)
                .chain(std::iter::repeat_n((true, false), 80))
                .chain(std::iter::repeat_n((false, true), 40))
                .chain(std::iter::repeat_n((false, false), 580)),
        );
        assert_eq!(s, t);
        // No discordant pairs: zero-width interval at the difference, p = 1.
        let z = PairedStats::from_table(5, 0, 0, 5);
        assert_eq!((z.diff, z.paired95, z.mcnemar_p), (0.0, (0.0, 0.0), 1.0));
    }
}
