//! `list`: scenarios, built-in decks, bots, rules and cards.

use anyhow::Result;
use lotr_sim::bots::BOTS;
use lotr_sim::cards::{self, Status};
use lotr_sim::data::DefId;
use lotr_sim::deck::{self};
use lotr_sim::engine::RuleOptions;
use lotr_sim::soak::missing_scenario_cards;

use super::args::*;

use super::common::*;

pub(super) fn cmd_list(a: &ListArgs) -> Result<()> {
    if a.scenario.is_some() && a.what != ListWhat::Cards {
        return usage("--scenario only applies to `list cards`");
    }
    match a.what {
        ListWhat::Scenarios => {
            let db = load_db()?;
            let w = db.scenarios.iter().map(|s| s.slug.len()).max().unwrap_or(0);
            for (i, s) in db.scenarios.iter().enumerate() {
                let modes: Vec<String> = scenario_modes(&db, i)
                    .iter()
                    .map(|&m| match missing_scenario_cards(&db, i, m).len() {
                        0 => format!("{}: playable", m.name()),
                        n => format!("{}: {n} cards missing", m.name()),
                    })
                    .collect();
                out!("{:w$}  {}  [{}]", s.slug, s.title, modes.join(", "));
            }
        }
        ListWhat::Decks => {
            let db = load_db()?;
            for (name, _) in deck::builtin_decks() {
                match deck::resolve_deck(name, &db) {
                    Ok(d) => {
                        let heroes: Vec<&str> =
                            d.heroes.iter().map(|&h| db.def(h).title.as_str()).collect();
                        // A contract starts in play: not one of the deck's cards.
                        let contracts: Vec<&str> = d
                            .cards
                            .iter()
                            .filter(|&&c| db.def(c).ty == lotr_sim::data::CardType::Contract)
                            .map(|&c| db.def(c).title.as_str())
                            .collect();
                        let extra = if contracts.is_empty() {
                            String::new()
                        } else if d.loot.is_empty() {
                            format!(" + {}", contracts.join(", "))
                        } else {
                            format!(
                                " + {} ({}-card loot deck)",
                                contracts.join(", "),
                                d.loot.len()
                            )
                        };
                        out!(
                            "{name:16}  heroes: {}; {} cards{extra}",
                            heroes.join(", "),
                            d.cards.len() - contracts.len()
                        );
                    }
                    Err(e) => out!("{name:16}  (cannot load: {e})"),
                }
            }
            out!("(or pass a path to an OCTGN .o8d file or a text deck list)");
        }
        ListWhat::Bots => {
            let w = BOTS.iter().map(|b| b.name.len()).max().unwrap_or(0);
            for b in BOTS {
                out!("{:w$}  {}", b.name, b.about);
                for o in (b.options)() {
                    out!(
                        "{:w$}    {}={} (default)  {}",
                        "",
                        o.name,
                        o.default,
                        o.about
                    );
                }
            }
            out!("(options: --bot NAME:key=value,key=value, e.g. --bot lookahead:rollouts=8,depth=2)");
        }
        ListWhat::Rules => {
            let d = RuleOptions::default();
            for (name, section, about) in RuleOptions::DOCS {
                out!("{name:32} default {:7} {section:9} {about}", d.get(name));
            }
        }
        ListWhat::Cards => {
            let db = load_db()?;
            let ids: Vec<DefId> = match &a.scenario {
                None => (0..db.defs.len() as DefId).collect(),
                Some(slug) => {
                    let sc = &db.scenarios[find_scenario(&db, slug)?];
                    let mut ids: Vec<DefId> = Vec::new();
                    for m in 0..3 {
                        ids.extend(&sc.quest[m]);
                        ids.extend(sc.encounter[m].iter().map(|&(id, _)| id));
                    }
                    ids.extend(sc.nightmare_setup);
                    let backs: Vec<DefId> = ids.iter().filter_map(|&id| db.def(id).back).collect();
                    ids.extend(backs);
                    ids.sort_unstable();
                    ids.dedup();
                    ids
                }
            };
            let mut totals = [0usize; 3];
            for &id in &ids {
                let d = db.def(id);
                let st = cards::status(&db, id);
                totals[st as usize] += 1;
                out!(
                    "{:10}  {:20}  {:11}  {}",
                    d.code,
                    format!("{:?}", d.ty),
                    st.name(),
                    d.title
                );
            }
            out!(
                "total {}: {} {}, {} {}, {} {}",
                ids.len(),
                totals[Status::Implemented as usize],
                Status::Implemented.name(),
                totals[Status::Vanilla as usize],
                Status::Vanilla.name(),
                totals[Status::Missing as usize],
                Status::Missing.name()
            );
        }
    }
    Ok(())
}
