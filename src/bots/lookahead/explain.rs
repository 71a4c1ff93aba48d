//! `trace --explain`: what the search saw at each decision it searched — every candidate's
//! label, the mean score of its rollouts and how many it got (racing and curtailment stop
//! feeding a candidate that can no longer win). Off in batches: the scores are kept only while
//! a trace asks for them, and keeping them never changes a choice.

use super::play_plans::{PlayPlan, Then};
use super::{Plan, MAX_WIDTH};
use crate::engine::{Decision, Game};

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
pub(super) fn plan_label(g: &Game, p: &Plan) -> String {
    if p.basic {
        return "basic's commit".to_string();
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
