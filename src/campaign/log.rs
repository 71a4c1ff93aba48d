//! The campaign log as a text file a user can write by hand (`--campaign-log FILE`, README
//! *Campaign*). One statement per line, `#` starts a comment, blank lines are ignored; cards
//! are named by code (`Core-001`) or by title (`Aragorn`, accents optional). The first
//! statement is the header `lotr-sim campaign log 1`.
//!
//! ```text
//! lotr-sim campaign log 1
//! next 2                          # scenario to play next: 1-9 or its slug
//! heroes 1: Aragorn, Théodred, Glóin
//! fallen: Boromir
//! threat_penalty 1
//! player_penalty 1: 1            # a player's own hero changes (rule threat_penalty_shared=false)
//! pool Protect the Innocent       # a campaign pool card
//! pool Hardy on Aragorn           # a Permanent card and its hero
//! pool Iârion's Pendant player 1  # a player card and the player whose deck holds it
//! protect_the_innocent 3
//! threat_reduction 2
//! determined: Aragorn
//! lost 1: Gandalf
//! hero_damage Aragorn 2
//! score 1 112                     # scenario number and its score
//! ```

use super::{scenario_number, CampaignState, PoolCard};
use crate::data::{CardDb, CardType, DefId};
use std::fmt::Write as _;

pub const HEADER: &str = "lotr-sim campaign log 1";

/// A problem in a log file: its line (1-based) and what to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LogError {
    pub line: usize,
    pub msg: String,
}

impl std::fmt::Display for LogError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {}", self.line, self.msg)
    }
}

/// Read a log. `players` is the number of seats of the run (every seat needs a `heroes` line).
pub fn parse(db: &CardDb, text: &str, players: usize) -> Result<CampaignState, LogError> {
    let mut st = CampaignState::new(1, vec![Vec::new(); players]);
    let mut seen_header = false;
    let mut seen_heroes = vec![false; players];
    let mut seen_next = false;
    let mut last_line = 0;
    // The heroes `pool CARD on HERO` and `hero_damage HERO N` name, with their lines: checked
    // against the parties once every `heroes` line is read.
    let mut on_heroes: Vec<(usize, DefId, &str)> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        last_line = line;
        let s = raw.split('#').next().unwrap_or("").trim();
        if s.is_empty() {
            continue;
        }
        let err = |msg: String| LogError { line, msg };
        if !seen_header {
            if s != HEADER {
                return Err(err(format!(
                    "a campaign log starts with the line `{HEADER}`; found `{}`",
                    clip(s)
                )));
            }
            seen_header = true;
            continue;
        }
        let (word, rest) = match s.find([' ', ':']) {
            Some(k) => (&s[..k], s[k..].trim_start_matches([' ', ':']).trim()),
            None => (s, ""),
        };
        match word {
            "next" => {
                if seen_next {
                    return Err(err(
                        "a second `next` line: a log names the scenario to play next once; keep one".into(),
                    ));
                }
                seen_next = true;
                st.next = match rest.parse::<u8>() {
                    Ok(n) if (1..=10).contains(&n) => n,
                    _ => scenario_number(rest).ok_or_else(|| {
                        err(format!(
                            "`next {}`: give the number of the scenario to play next (1-9, 10 for a finished campaign) or its slug, e.g. `next 2` or `next the-weather-hills`",
                            clip(rest)
                        ))
                    })?,
                };
            }
            "heroes" => {
                let (seat, list) = rest.split_once(':').ok_or_else(|| {
                    err("write `heroes P: HERO, HERO, HERO` (P = player number)".into())
                })?;
                let p = seat_of(seat.trim(), players).map_err(err)?;
                if seen_heroes[p] {
                    return Err(err(format!(
                        "a second `heroes {}:` line: give each player's heroes on one line",
                        p + 1
                    )));
                }
                let hs = names(db, list, true).map_err(err)?;
                // Heroes are unique by title across all players (RULES.md §2.1).
                for (k, &h) in hs.iter().enumerate() {
                    let title = &db.def(h).title;
                    if hs[..k].iter().any(|&o| db.def(o).title == *title) {
                        return Err(err(format!(
                            "hero {title} is listed twice for player {}: a player's heroes have different titles",
                            p + 1
                        )));
                    }
                    if let Some(q) = (0..players)
                        .find(|&q| q != p && st.heroes[q].iter().any(|&o| db.def(o).title == *title))
                    {
                        return Err(err(format!(
                            "hero {title} is player {}'s and player {}'s: heroes are unique across all players; give one of them another hero",
                            q + 1,
                            p + 1
                        )));
                    }
                }
                if hs.is_empty() || hs.len() > 3 {
                    return Err(err(format!(
                        "player {} has {} heroes; a player has 1 to 3",
                        p + 1,
                        hs.len()
                    )));
                }
                st.heroes[p] = hs;
                seen_heroes[p] = true;
            }
            "fallen" => st.fallen.extend(names(db, rest, true).map_err(err)?),
            "threat_penalty" => st.threat_penalty = count(rest, "threat_penalty").map_err(err)?,
            "player_penalty" => {
                let (seat, n) = rest.split_once(':').ok_or_else(|| {
                    err("write `player_penalty P: N` (P = player number)".into())
                })?;
                let p = seat_of(seat.trim(), players).map_err(err)?;
                let pp = &mut st.notes.player_penalty;
                if pp.len() <= p {
                    pp.resize(p + 1, 0);
                }
                pp[p] = count(n, "player_penalty").map_err(err)?;
            }
            "protect_the_innocent" => {
                st.notes.protect_the_innocent = count(rest, "protect_the_innocent").map_err(err)?
            }
            "threat_reduction" => {
                st.notes.threat_reduction = count(rest, "threat_reduction").map_err(err)?
            }
            "determined" => st
                .notes
                .determined
                .extend(names(db, rest, false).map_err(err)?),
            "lost" => {
                let (seat, list) = rest.split_once(':').ok_or_else(|| {
                    err("write `lost P: CARD, CARD` (P = player number)".into())
                })?;
                let p = seat_of(seat.trim(), players).map_err(err)?;
                for c in names(db, list, false).map_err(err)? {
                    st.notes.lost.push((p as u8, c));
                }
            }
            "hero_damage" => {
                let (name, n) = rest.rsplit_once(' ').ok_or_else(|| {
                    err("write `hero_damage HERO N`".into())
                })?;
                let h = card(db, name.trim(), true).map_err(err)?;
                st.notes.hero_damage.push((h, count(n, "hero_damage").map_err(err)?));
                on_heroes.push((line, h, "hero_damage"));
            }
            "score" => {
                let mut it = rest.split_whitespace();
                let (Some(a), Some(b), None) = (it.next(), it.next(), it.next()) else {
                    return Err(err("write `score SCENARIO SCORE`, e.g. `score 1 112`".into()));
                };
                let n = match a.parse::<u8>() {
                    Ok(n) if (1..=9).contains(&n) => n,
                    _ => {
                        return Err(err(format!(
                            "`score {a} ...`: the scenario number is 1-9"
                        )))
                    }
                };
                st.scores.push((n, number(b, "score").map_err(err)? as i32));
            }
            "pool" => {
                let pc = pool_card(db, rest, players).map_err(err)?;
                if let Some(h) = pc.hero {
                    on_heroes.push((line, h, "pool"));
                }
                st.pool.push(pc);
            }
            w => {
                return Err(err(format!(
                    "unknown statement `{}`; a log line starts with one of: next, heroes, fallen, threat_penalty, player_penalty, pool, protect_the_innocent, threat_reduction, determined, lost, hero_damage, score",
                    clip(w)
                )))
            }
        }
    }
    if !seen_header {
        return Err(LogError {
            line: last_line.max(1),
            msg: format!("the file is empty; a campaign log starts with the line `{HEADER}`"),
        });
    }
    if let Some(p) = seen_heroes.iter().position(|s| !s) {
        return Err(LogError {
            line: last_line.max(1),
            msg: format!(
                "no `heroes {}: ...` line: the log needs each of the {players} player(s)' heroes",
                p + 1
            ),
        });
    }
    for (p, hs) in st.heroes.iter().enumerate() {
        if let Some(&h) = hs.iter().find(|&&h| st.is_fallen(db, h)) {
            return Err(LogError {
                line: last_line.max(1),
                msg: format!(
                    "player {}'s hero {} is also listed as fallen: a fallen hero cannot be used again; replace it in the `heroes {}:` line",
                    p + 1,
                    db.def(h).title,
                    p + 1
                ),
            });
        }
    }
    // A Permanent card or logged damage on a hero of no party would be dropped without a word
    // (the runner only ever logs them for a party's heroes).
    for &(line, h, what) in &on_heroes {
        let in_party = st
            .heroes
            .iter()
            .flatten()
            .any(|&x| db.original(x) == db.original(h));
        if !in_party {
            let title = &db.def(h).title;
            return Err(LogError {
                line,
                msg: format!(
                    "`{what}` names hero {title}, who is in no player's `heroes` line: name a hero of the party, or add {title} to a `heroes` line"
                ),
            });
        }
    }
    Ok(st)
}

/// Write a log in the format `parse` reads (codes, with the titles in comments).
pub fn write(db: &CardDb, st: &CampaignState) -> String {
    let mut o = String::new();
    let t = |d: DefId| db.def(d).title.clone();
    let list = |v: &[DefId]| {
        v.iter()
            .map(|&d| db.def(d).code.clone())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let titles = |v: &[DefId]| v.iter().map(|&d| t(d)).collect::<Vec<_>>().join(", ");
    let _ = writeln!(o, "{HEADER}");
    let _ = writeln!(o, "next {}", st.next);
    for (p, hs) in st.heroes.iter().enumerate() {
        let _ = writeln!(o, "heroes {}: {}  # {}", p + 1, list(hs), titles(hs));
    }
    if !st.fallen.is_empty() {
        let _ = writeln!(o, "fallen: {}  # {}", list(&st.fallen), titles(&st.fallen));
    }
    let _ = writeln!(o, "threat_penalty {}", st.threat_penalty);
    for (p, n) in st.notes.player_penalty.iter().enumerate() {
        let _ = writeln!(o, "player_penalty {}: {n}", p + 1);
    }
    for pc in &st.pool {
        let _ = write!(o, "pool {}", db.def(pc.card).code);
        if let Some(h) = pc.hero {
            let _ = write!(o, " on {}", db.def(h).code);
        }
        if let Some(p) = pc.player {
            let _ = write!(o, " player {}", p + 1);
        }
        let _ = writeln!(o, "  # {}", t(pc.card));
    }
    let n = &st.notes;
    let _ = writeln!(o, "protect_the_innocent {}", n.protect_the_innocent);
    let _ = writeln!(o, "threat_reduction {}", n.threat_reduction);
    if !n.determined.is_empty() {
        let _ = writeln!(
            o,
            "determined: {}  # {}",
            list(&n.determined),
            titles(&n.determined)
        );
    }
    for &(p, c) in &n.lost {
        let _ = writeln!(o, "lost {}: {}  # {}", p + 1, db.def(c).code, t(c));
    }
    for &(h, d) in &n.hero_damage {
        let _ = writeln!(o, "hero_damage {} {d}  # {}", db.def(h).code, t(h));
    }
    for &(s, sc) in &st.scores {
        let _ = writeln!(o, "score {s} {sc}");
    }
    o
}

fn clip(s: &str) -> String {
    if s.chars().count() > 60 {
        format!("{}...", s.chars().take(60).collect::<String>())
    } else {
        s.to_string()
    }
}

/// A count that is never negative (a penalty, a reduction, damage).
fn count(s: &str, what: &str) -> Result<i16, String> {
    s.trim()
        .parse::<i16>()
        .ok()
        .filter(|n| (0..=9999).contains(n))
        .ok_or_else(|| {
            format!(
                "`{what} {}`: give a whole number from 0 to 9999",
                clip(s.trim())
            )
        })
}

fn number(s: &str, what: &str) -> Result<i16, String> {
    s.trim()
        .parse::<i16>()
        .ok()
        .filter(|n| (-999..=9999).contains(n))
        .ok_or_else(|| {
            format!(
                "`{what} {}`: give a whole number from -999 to 9999",
                clip(s.trim())
            )
        })
}

fn seat_of(s: &str, players: usize) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(p) if (1..=players).contains(&p) => Ok(p - 1),
        _ => Err(format!(
            "`{}` is not a player number: this run has {players} player(s), numbered 1 to {players}",
            clip(s)
        )),
    }
}

fn names(db: &CardDb, list: &str, heroes: bool) -> Result<Vec<DefId>, String> {
    list.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|n| card(db, n, heroes))
        .collect()
}

/// A card by code or title; `hero`: it must be a hero.
fn card(db: &CardDb, name: &str, hero: bool) -> Result<DefId, String> {
    let ok = |d: DefId| !hero || db.def(d).ty == CardType::Hero;
    if let Some(d) = db.by_code(name) {
        if ok(d) {
            return Ok(d);
        }
        return Err(format!("{name} ({}) is not a hero", db.def(d).title));
    }
    let mut found: Vec<DefId> = db
        .find_by_title(name)
        .into_iter()
        .filter(|&d| ok(d))
        .collect();
    if found.is_empty() {
        // Back faces (Arnor Ravaged) are not in the title index.
        let key = crate::data::normalize_title(name);
        found = (0..db.defs.len() as DefId)
            .filter(|&d| ok(d) && crate::data::normalize_title(&db.def(d).title) == key)
            .collect();
    }
    match found.as_slice() {
        [] => Err(format!(
            "no {} named `{}`: write its title as printed (accents optional) or its code, e.g. `Core-001`",
            if hero { "hero" } else { "card" },
            clip(name)
        )),
        _ => {
            // A title with several versions names the first one the engine implements (in
            // card-table order: the oldest printing); write the code for another.
            let implemented = found
                .iter()
                .copied()
                .find(|&d| crate::cards::status(db, d) != crate::cards::Status::Missing);
            Ok(db.original(implemented.unwrap_or(found[0])))
        }
    }
}

/// `CARD [on HERO] [player P]`.
fn pool_card(db: &CardDb, rest: &str, players: usize) -> Result<PoolCard, String> {
    let mut rest = rest.trim();
    let mut player = None;
    if let Some(k) = rest.rfind(" player ") {
        player = Some(seat_of(rest[k + 8..].trim(), players)? as u8);
        rest = rest[..k].trim();
    }
    let mut hero = None;
    if let Some(k) = rest.find(" on ") {
        hero = Some(card(db, rest[k + 4..].trim(), true)?);
        rest = rest[..k].trim();
    }
    if rest.is_empty() {
        return Err("write `pool CARD`, `pool CARD on HERO` or `pool CARD player P`".into());
    }
    let c = card(db, rest, false)?;
    if hero.is_some() && !db.def(c).ty.is_player_card() {
        return Err(format!(
            "{} is an encounter card: only a player card (a Permanent boon) goes `on HERO`; drop `on ...`",
            db.def(c).title
        ));
    }
    Ok(PoolCard {
        card: c,
        player,
        hero,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::testkit::db;

    const HAND_WRITTEN: &str = "\
# after Deadmen's Dike, written by hand
lotr-sim campaign log 1
next the-wastes-of-eriador
heroes 1: Aragorn, Théodred, Gloin
heroes 2: Core-004
fallen: Boromir            # fell in The Weather Hills
threat_penalty 1
player_penalty 2: 1         # Boromir's replacement (rule threat_penalty_shared=false)
pool Arnor Ravaged
pool Hardy on Aragorn
pool Iarion's Pendant player 2
protect_the_innocent 6
score 1 112
score 2 140
score 3 98
";

    #[test]
    fn a_hand_written_log_reads() {
        let db = db();
        let st = parse(db, HAND_WRITTEN, 2).unwrap();
        assert_eq!(st.next, 4);
        assert_eq!(st.heroes[0].len(), 3);
        assert_eq!(db.def(st.heroes[0][2]).title, "Glóin");
        assert_eq!(db.def(st.heroes[1][0]).code, "Core-004");
        assert_eq!(db.def(st.fallen[0]).title, "Boromir");
        assert_eq!(st.threat_penalty, 1);
        assert_eq!(st.notes.player_penalty, vec![0, 1]);
        assert_eq!((st.penalty_of(0, false), st.penalty_of(1, false)), (0, 1));
        assert_eq!(st.penalty_of(0, true), 1);
        assert_eq!(st.pool.len(), 3);
        assert_eq!(db.def(st.pool[0].card).code, "AAC-158B");
        assert_eq!(st.pool[1].hero, Some(st.heroes[0][0]));
        assert_eq!(st.pool[2].player, Some(1));
        assert_eq!(st.notes.protect_the_innocent, 6);
        assert_eq!(st.total_score(), 350);
    }

    #[test]
    fn a_log_round_trips() {
        let db = db();
        let mut st = parse(db, HAND_WRITTEN, 2).unwrap();
        st.notes.threat_reduction = 2;
        st.notes.determined.push(st.heroes[0][1]);
        st.notes.lost.push((1, db.by_code("Core-073").unwrap()));
        st.notes.hero_damage.push((st.heroes[0][0], 3));
        let text = write(db, &st);
        assert_eq!(parse(db, &text, 2).unwrap(), st);
        assert_eq!(write(db, &parse(db, &text, 2).unwrap()), text);
    }

    #[test]
    fn bad_logs_name_the_line_and_the_fix() {
        let db = db();
        let cases: &[(&str, usize, &str)] = &[
            ("", 1, "starts with the line"),
            ("hello\n", 1, "starts with the line"),
            (
                "lotr-sim campaign log 1\nnext 12\n",
                2,
                "number of the scenario",
            ),
            ("lotr-sim campaign log 1\nheroes 3: Aragorn\n", 2, "1 to 2"),
            (
                "lotr-sim campaign log 1\nheroes 1: Aragron\n",
                2,
                "no hero named `Aragron`",
            ),
            (
                "lotr-sim campaign log 1\nheroes 1: Steward of Gondor\n",
                2,
                "no hero named",
            ),
            (
                "lotr-sim campaign log 1\nheroes 1: Aragorn\nthreat_penalty lots\n",
                3,
                "whole number",
            ),
            (
                "lotr-sim campaign log 1\nheroes 1: Aragorn\nwibble 3\n",
                3,
                "unknown statement",
            ),
            (
                "lotr-sim campaign log 1\nheroes 1: Aragorn\n",
                2,
                "heroes 2",
            ),
            (
                "lotr-sim campaign log 1\nheroes 1: Aragorn\nheroes 2: Gimli\nfallen: Gimli\n",
                4,
                "also listed as fallen",
            ),
            (
                "lotr-sim campaign log 1\nheroes 1: Aragorn\nheroes 2: Gimli\npool Nothing Such\n",
                4,
                "no card named",
            ),
        ];
        for &(text, line, part) in cases {
            let e = parse(db, text, 2).unwrap_err();
            assert_eq!(e.line, line, "{text:?}: {e}");
            assert!(e.msg.contains(part), "{text:?}: {e}");
        }
    }
}
