//! `trace --explain`: what the search saw at each decision it searched — every candidate's
//! label, the mean score of its rollouts and how many it got (racing and curtailment stop
//! feeding a candidate that can no longer win). Off in batches: the scores are kept only while
//! a trace asks for them, and keeping them never changes a choice.

use super::play_plans::{PlayPlan, Then};
use super::{Plan, MAX_WIDTH};
use crate::engine::{CommitSet, Decision, Game};

/// Samples per candidate kept for the account (a candidate dropped later is shown without
/// the comparison).
pub(super) const TRAIL: usize = 256;
/// Each candidate's score per sample, in sample order.
pub(super) type Trail = [[f64; TRAIL]; MAX_WIDTH];

/// For each candidate that got fewer samples than the chosen one `best` (racing dropped it),
/// the chosen one's mean over the same samples: with common random numbers the two means are
/// comparable only over the samples both played (a later run of hard determinizations lowers
/// the chosen mean without saying anything about the dropped one).
pub(super) fn same_samples(
    t: &Trail,
    n: usize,
    best: usize,
    samples: &[u32; MAX_WIDTH],
) -> [Option<f64>; MAX_WIDTH] {
    let mut out = [None; MAX_WIDTH];
    if best >= n {
        return out;
    }
    for k in 0..n {
        let s = samples[k] as usize;
        if k != best && s > 0 && s < samples[best] as usize && s <= TRAIL {
            out[k] = Some(t[best][..s].iter().sum::<f64>() / s as f64);
        }
    }
    out
}

/// The last `best_of`'s tallies.
#[derive(Clone, Copy, Debug)]
pub(super) struct Scores {
    pub n: usize,
    pub sum: [f64; MAX_WIDTH],
    pub samples: [u32; MAX_WIDTH],
    pub live: [bool; MAX_WIDTH],
    pub best: usize,
    /// What a candidate's mean had to beat `basic`'s choice by.
    pub margin: f64,
    /// The chosen candidate's mean over the samples a dropped candidate got (`same_samples`).
    pub same: [Option<f64>; MAX_WIDTH],
}

impl Scores {
    pub const fn empty() -> Scores {
        Scores {
            n: 0,
            sum: [0.0; MAX_WIDTH],
            samples: [0; MAX_WIDTH],
            live: [false; MAX_WIDTH],
            best: 0,
            margin: 0.0,
            same: [None; MAX_WIDTH],
        }
    }

    /// One header line and one line per candidate; `label(k)` names candidate `k`, `first`
    /// says which one is `basic`'s own choice; the rollouts ended at the start of round `stop`.
    pub fn lines(
        &self,
        what: &str,
        stop: u16,
        first: usize,
        mut label: impl FnMut(usize) -> String,
        out: &mut Vec<String>,
    ) {
        let n = self.n;
        let alike = (1..n).all(|k| {
            self.live[k] && self.samples[k] == self.samples[0] && self.sum[k] == self.sum[0]
        });
        if alike {
            out.push(format!(
                "    ? lookahead [{what}]: {n} candidates scored alike in {} rollouts to round {}: \
                 basic's choice kept",
                self.samples[0], stop
            ));
            return;
        }
        out.push(format!(
            "    ? lookahead [{what}]: {n} candidates, rollouts to round {}, margin {:.1} \
             (mean score, rollouts)",
            stop, self.margin
        ));
        for k in 0..n {
            let s = self.samples[k];
            let mean = if s > 0 { self.sum[k] / s as f64 } else { 0.0 };
            let mut notes = String::new();
            if k == first {
                notes.push_str(", basic's choice");
            }
            if !self.live[k] {
                notes.push_str(", dropped");
                if let Some(m) = self.same[k] {
                    notes.push_str(&format!("; * {m:+.2} over these {s}"));
                }
            }
            out.push(format!(
                "    ? {} {} {mean:+.2} ({s}{notes})",
                if k == self.best { '*' } else { ' ' },
                label(k),
            ));
        }
    }
}

/// The label of option `i` of `d`.
pub(super) fn option_label(g: &Game, d: &Decision, i: usize) -> String {
    g.opt_name(d.options[i])
}

/// "commit Éowyn, Aragorn; engage Orc War Party", or `basic`'s own plan.
/// `own`: `basic`'s commit set, when known ("basic's commit (Éowyn, Aragorn)").
pub(super) fn plan_label(g: &Game, p: &Plan, own: Option<&CommitSet>) -> String {
    if p.basic {
        let mut s = "basic's commit".to_string();
        if let Some(set) = own {
            s.push_str(" (");
            names(g, set.as_slice(), "nobody", &mut s);
            s.push(')');
        }
        return s;
    }
    let mut s = String::from("commit ");
    names(g, &p.cards[..p.n], "nobody", &mut s);
    if let Some(t) = p.target {
        s.push_str("; engage ");
        s.push_str(g.title(t));
    }
    s
}

/// "play Faramir, then basic", "play nothing, then pass", "save for Beorn".
pub(super) fn play_plan_label(g: &Game, p: &PlayPlan) -> String {
    if p.then == Then::Basic {
        return "basic's planning".to_string();
    }
    let mut s = String::from("play ");
    names(g, &p.cards[..p.n], "nothing", &mut s);
    match p.then {
        Then::Basic | Then::Rest => s.push_str(", then basic"),
        Then::Stop => s.push_str(", then pass"),
        Then::Save(c) => {
            s.push_str(", then save for ");
            s.push_str(g.title(c));
        }
    }
    s
}

fn names(g: &Game, cards: &[crate::engine::CardId], none: &str, s: &mut String) {
    if cards.is_empty() {
        s.push_str(none);
    }
    for (i, &c) in cards.iter().enumerate() {
        if i > 0 {
            s.push_str(", ");
        }
        s.push_str(g.title(c));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dropped_candidate_is_shown_beside_the_chosen_mean_over_its_own_samples() {
        // Candidate 1 was dropped after 2 samples; the chosen candidate 0 played 4, the last
        // two much worse: over the first two it scored 10 and 20 (mean 15), not its final -15.
        let mut t: Trail = [[0.0; TRAIL]; MAX_WIDTH];
        t[0][..4].copy_from_slice(&[10.0, 20.0, -40.0, -50.0]);
        t[1][..2].copy_from_slice(&[5.0, 7.0]);
        let mut samples = [0u32; MAX_WIDTH];
        samples[0] = 4;
        samples[1] = 2;
        samples[2] = 4;
        let same = same_samples(&t, 3, 0, &samples);
        assert_eq!(same[1], Some(15.0));
        assert_eq!(same[0], None, "the chosen one itself");
        assert_eq!(same[2], None, "as many samples as the chosen one");
        let mut s = Scores::empty();
        s.n = 3;
        s.samples = samples;
        s.sum[0] = -60.0;
        s.sum[1] = 12.0;
        s.sum[2] = -8.0;
        s.live = [true; MAX_WIDTH];
        s.live[1] = false;
        s.same = same;
        let mut out = Vec::new();
        s.lines("planning", 3, 0, |k| format!("c{k}"), &mut out);
        assert_eq!(
            out[2],
            "    ?   c1 +6.00 (2, dropped; * +15.00 over these 2)"
        );
        assert_eq!(out[1], "    ? * c0 -15.00 (4, basic's choice)");
    }
}
