//! `lotr-sim deck check FILE…`: import each deck, judge its legality and describe it.
//!
//! Exit status 0 when every deck imports and has no legality error (warnings allowed), 1
//! otherwise.

use std::io::Write as _;

use super::args::*;
use anyhow::{Context, Result};

use lotr_sim::data::{self, CardDb, CardType};
use lotr_sim::deck::{self, Imported, Severity};

/// Thrown when some deck is not legal or does not import: exit status 1 after every report.
#[derive(Debug)]
pub struct DecksFailed(pub usize, pub usize);

impl std::fmt::Display for DecksFailed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} of {} deck(s) do not import or are not legal",
            self.0, self.1
        )
    }
}

impl std::error::Error for DecksFailed {}

pub fn run(a: &DeckArgs) -> Result<()> {
    match &a.command {
        DeckCommand::Check(c) => check(c),
    }
}

pub(super) fn check(a: &CheckArgs) -> Result<()> {
    let db = data::load_embedded().context("cannot load the embedded card data")?;
    let mut failed = 0;
    let mut total = 0;
    let mut out = std::io::stdout().lock();
    for (i, spec) in a.files.iter().enumerate() {
        if i > 0 {
            writeln!(out)?;
        }
        if let Err(e) = super::common::check_deck_path(spec) {
            failed += 1;
            total += 1;
            let e = super::common::clip(&e.to_string());
            writeln!(out, "== {}", super::common::clip(spec))?;
            writeln!(out, "  summary: importable: no ({e})")?;
            writeln!(out, "  error: {e}")?;
            writeln!(out, "  result: cannot be imported")?;
            continue;
        }
        match deck::import_spec_all(spec, &db) {
            Err(e) => {
                failed += 1;
                total += 1;
                writeln!(out, "== {}", super::common::clip(spec))?;
                writeln!(
                    out,
                    "  summary: importable: no ({})",
                    super::common::clip(&e.message)
                )?;
                writeln!(out, "  error: {}", super::common::clip(&e.to_string()))?;
                writeln!(out, "  result: cannot be imported")?;
            }
            Ok(all) => {
                let several = all.len() > 1;
                if several {
                    writeln!(
                        out,
                        "{spec}: {} decks (pick one with `{spec}#N`)",
                        all.len()
                    )?;
                }
                for (k, imp) in all.iter().enumerate() {
                    total += 1;
                    let name = if several {
                        format!("{spec}#{}", k + 1)
                    } else {
                        spec.clone()
                    };
                    if k > 0 {
                        writeln!(out)?;
                    }
                    if !report(&mut out, &name, imp, &db)? {
                        failed += 1;
                    }
                }
            }
        }
    }
    drop(out);
    if failed > 0 {
        return Err(DecksFailed(failed, total).into());
    }
    Ok(())
}

/// The one line a user needs first: importable, legal, playable, and what blocks each.
fn summary(c: &deck::Check, db: &CardDb) -> String {
    let errors: Vec<&str> = c
        .findings
        .iter()
        .filter(|f| f.severity == Severity::Error)
        .map(|f| f.message.as_str())
        .collect();
    let legal = match errors.as_slice() {
        [] if c.drawable >= deck::MIN_CARDS => "legal: yes".to_string(),
        [] => format!(
            "legal: yes, but {} cards (a constructed deck has {})",
            c.drawable,
            deck::MIN_CARDS
        ),
        [one] => format!("legal: no ({one})"),
        [first, rest @ ..] => format!("legal: no ({first}; and {} more, below)", rest.len()),
    };
    let mut missing = c.unimplemented.clone();
    missing.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let playable = if missing.is_empty() {
        "playable: yes".to_string()
    } else {
        let list: Vec<String> = missing
            .iter()
            .map(|&(id, n)| format!("{n}x {}", db.def(id).title))
            .collect();
        format!(
            "playable: no, not implemented: {} (or run with --allow-unimplemented)",
            list.join(", ")
        )
    };
    format!("importable: yes; {legal}; {playable}")
}

pub(super) fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// Prints one deck's report; returns whether the deck is legal.
pub(super) fn report(
    out: &mut impl std::io::Write,
    spec: &str,
    imp: &Imported,
    db: &CardDb,
) -> Result<bool> {
    let c = deck::check(imp, db);
    let format = imp.format.map_or("?", |f| f.name());
    writeln!(out, "== {spec} ({format})")?;
    writeln!(out, "  summary: {}", summary(&c, db))?;
    if let Some(d) = imp.description.first() {
        writeln!(out, "  about: {d}")?;
    }
    for extra in imp.description.iter().skip(1).take(3) {
        writeln!(out, "         {extra}")?;
    }
    let heroes: Vec<String> = imp
        .deck
        .heroes
        .iter()
        .map(|&h| {
            let d = db.def(h);
            format!(
                "{} ({:?}, {}, threat {})",
                d.title, d.sphere, d.set_abbr, d.threat_cost
            )
        })
        .collect();
    writeln!(
        out,
        "  heroes ({}): {}",
        c.heroes,
        if heroes.is_empty() {
            "none".to_string()
        } else {
            heroes.join(", ")
        }
    )?;
    writeln!(out, "  starting threat: {}", c.starting_threat)?;
    let types: Vec<String> = c
        .types
        .iter()
        .map(|&(t, n)| {
            let name = match t {
                CardType::Ally => "allies",
                CardType::Attachment => "attachments",
                CardType::Event => "events",
                CardType::PlayerSideQuest => "side quests",
                CardType::Contract => "contracts",
                CardType::Treasure => "treasures",
                _ => "other",
            };
            format!("{n} {name}")
        })
        .collect();
    writeln!(out, "  cards: {} ({})", c.cards, types.join(", "))?;
    let spheres: Vec<String> = c
        .spheres
        .iter()
        .map(|&(s, h, n)| {
            let pct = if c.cards > 0 {
                format!(" ({:.0}%)", 100.0 * n as f64 / c.cards as f64)
            } else {
                String::new()
            };
            match h {
                0 => format!("{s:?} {}{pct}", plural(n, "card", "cards")),
                _ => format!(
                    "{s:?} {} + {}{pct}",
                    plural(h, "hero", "heroes"),
                    plural(n, "card", "cards")
                ),
            }
        })
        .collect();
    writeln!(out, "  spheres: {}", spheres.join(", "))?;
    if c.unimplemented.is_empty() {
        writeln!(
            out,
            "  unimplemented: none (every card's abilities are implemented)"
        )?;
    } else {
        let names: Vec<String> = c
            .unimplemented
            .iter()
            .map(|&(id, n)| format!("{n}x {} ({})", db.def(id).title, db.def(id).code))
            .collect();
        let total: u32 = c.unimplemented.iter().map(|u| u.1).sum();
        writeln!(
            out,
            "  unimplemented: {total} card(s) of {} title(s), see the warning",
            names.len()
        )?;
    }
    for f in &c.findings {
        let at = if f.line > 0 {
            format!(" (line {})", f.line)
        } else {
            String::new()
        };
        writeln!(out, "  {}{at}: {}", f.severity.name(), f.message)?;
    }
    writeln!(
        out,
        "  result: {} ({}, {})",
        c.verdict(),
        plural(c.errors(), "error", "errors"),
        plural(c.warnings(), "warning", "warnings")
    )?;
    Ok(c.findings.iter().all(|f| f.severity != Severity::Error))
}
