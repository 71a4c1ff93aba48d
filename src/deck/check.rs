//! Deck legality and a short profile of a deck (`lotr-sim deck check`).
//!
//! Errors make a deck illegal for standard play: no hero or more than three, two heroes with
//! one title, more than three copies of a title, an encounter card among the deck's cards.
//! Warnings do not: fewer than 50 cards (the Core sphere decks are ~30-card introductory
//! decks), cards of a sphere no hero has, a unique ally that shares a hero's title, cards whose
//! abilities the engine does not implement (`run` refuses those decks unless
//! `--allow-unimplemented`). Notes repeat what the importer decided on its own.

use super::{describe, rules, Entry, Imported};
use crate::cards::hints::DeckNeed;
use crate::cards::{self, Status};
use crate::data::{normalize_title, CardDb, CardType, DefId, Sphere};

/// How serious a finding is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    Error,
    Warning,
    Note,
}

impl Severity {
    pub fn name(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
        }
    }
}

/// One finding: severity, the line it is about (0 = the deck as a whole) and what it says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    pub severity: Severity,
    pub line: usize,
    pub message: String,
}

/// The result of checking one deck.
#[derive(Clone, Debug, Default)]
pub struct Check {
    pub heroes: usize,
    /// Cards in the deck (heroes not counted).
    pub cards: usize,
    /// Cards shuffled into the deck at setup: `cards` without contracts (they start in play)
    /// and Encounter-keyword cards (set aside). The number the 50-card minimum counts.
    pub drawable: usize,
    /// Sum of the heroes' threat costs.
    pub starting_threat: i32,
    /// Per sphere, in sphere order: (sphere, heroes, deck cards).
    pub spheres: Vec<(Sphere, usize, usize)>,
    /// Per card type (heroes not counted): (type, cards).
    pub types: Vec<(CardType, usize)>,
    /// Cards whose abilities the engine does not implement: (card, copies, heroes included).
    pub unimplemented: Vec<(DefId, u32)>,
    /// Errors first, then warnings, then notes; in line order within each.
    pub findings: Vec<Finding>,
}

impl Check {
    pub fn errors(&self) -> usize {
        self.count(Severity::Error)
    }
    pub fn warnings(&self) -> usize {
        self.count(Severity::Warning)
    }
    fn count(&self, s: Severity) -> usize {
        self.findings.iter().filter(|f| f.severity == s).count()
    }
    /// `legal`, `legal with warnings` or `not legal`.
    pub fn verdict(&self) -> &'static str {
        match (self.errors(), self.warnings()) {
            (0, 0) => "legal",
            (0, _) => "legal, with warnings",
            _ => "not legal",
        }
    }
}

const SPHERES: [Sphere; 7] = [
    Sphere::Leadership,
    Sphere::Tactics,
    Sphere::Spirit,
    Sphere::Lore,
    Sphere::Neutral,
    Sphere::Baggins,
    Sphere::Fellowship,
];

const TYPES: [CardType; 6] = [
    CardType::Ally,
    CardType::Attachment,
    CardType::Event,
    CardType::PlayerSideQuest,
    CardType::Contract,
    CardType::Treasure,
];

/// Smallest legal deck (heroes not counted).
pub const MIN_CARDS: usize = 50;
/// Most copies of one title.
pub const MAX_COPIES_BY_TITLE: u32 = 3;

/// Checks an imported deck's legality and describes it.
pub fn check(imp: &Imported, db: &CardDb) -> Check {
    let deck = &imp.deck;
    let mut out = Check {
        heroes: deck.heroes.len(),
        cards: deck.cards.len(),
        starting_threat: deck
            .heroes
            .iter()
            .map(|&h| db.def(h).threat_cost.max(0) as i32)
            .sum(),
        ..Check::default()
    };
    let mut f = |severity, line, message: String| {
        out.findings.push(Finding {
            severity,
            line,
            message,
        })
    };
    let hero_line = |id: DefId| {
        imp.entries
            .iter()
            .find(|e| e.id == id)
            .map_or(0, |e| e.line)
    };
    let contracts = rules::contracts(&deck.cards, db);
    let terms: Vec<(DefId, rules::ContractRules)> = contracts
        .iter()
        .map(|&c| (c, rules::contract_rules(db.def(c))))
        .collect();
    let by_contract = |pick: &dyn Fn(&rules::ContractRules) -> bool| {
        terms.iter().find(|(_, t)| pick(t)).map(|&(c, t)| (c, t))
    };
    if contracts.len() > 1 {
        let names: Vec<&str> = contracts
            .iter()
            .map(|&c| db.def(c).title.as_str())
            .collect();
        f(
            Severity::Error,
            hero_line(contracts[1]),
            format!(
                "{} contracts ({}): a player may have only one contract",
                contracts.len(),
                names.join(", ")
            ),
        );
    }
    // Heroes (a hero outside the hero limit, the Baggins Bilbo, is not counted).
    let counted = deck
        .heroes
        .iter()
        .filter(|&&h| !rules::outside_hero_limit(db.def(h)))
        .count();
    let (lo, hi, why) = match by_contract(&|t| t.heroes.is_some()) {
        Some((c, t)) => {
            let (lo, hi) = t.heroes.unwrap_or((1, 3));
            (lo, hi, format!(" with {}", db.def(c).title))
        }
        None => (1, 3, String::new()),
    };
    if counted < lo || counted > hi {
        let range = if lo == hi {
            format!("exactly {lo}")
        } else {
            format!("{lo} to {hi}")
        };
        f(
            Severity::Error,
            0,
            format!(
                "{}: a deck starts with {range} heroes{why}",
                match counted {
                    0 => "no hero".to_string(),
                    n => plural(n, "hero", "heroes"),
                }
            ),
        );
    }
    for (i, &h) in deck.heroes.iter().enumerate() {
        let t = normalize_title(&db.def(h).title);
        if let Some(&o) = deck.heroes[..i]
            .iter()
            .find(|&&o| normalize_title(&db.def(o).title) == t)
        {
            f(
                Severity::Error,
                hero_line(h),
                format!(
                    "two heroes named {}: {} and {}; heroes must have different titles",
                    db.def(h).title,
                    describe(o, db),
                    describe(h, db)
                ),
            );
        }
    }
    if let Some((c, _)) = by_contract(&|t| t.heroes_distinct_spheres) {
        for (i, &h) in deck.heroes.iter().enumerate() {
            let s = db.def(h).sphere;
            if deck.heroes[..i].iter().any(|&o| db.def(o).sphere == s) {
                f(
                    Severity::Error,
                    hero_line(h),
                    format!(
                        "two {s:?} heroes: with {} each hero must be of a different sphere",
                        db.def(c).title
                    ),
                );
            }
        }
    }
    // Size: a contract starts in play and Encounter-keyword cards are set aside at setup
    // (RULES.md §2.1.2): neither is one of the deck's cards.
    let encounter_kw: Vec<&Entry> = imp
        .entries
        .iter()
        .filter(|e| db.def(e.id).ty.is_player_card() && rules::set_aside_at_setup(db.def(e.id)))
        .collect();
    let n_encounter_kw: u32 = encounter_kw.iter().map(|e| e.copies).sum();
    let drawable = deck
        .cards
        .iter()
        .filter(|&&c| db.def(c).ty != CardType::Contract && !rules::set_aside_at_setup(db.def(c)))
        .count();
    out.drawable = drawable;
    let not_counted = if n_encounter_kw > 0 {
        format!(
            " ({} Encounter-keyword card(s) set aside at setup not counted)",
            n_encounter_kw
        )
    } else {
        String::new()
    };
    if let Some((c, t)) = by_contract(&|t| t.exact_size.is_some()) {
        let n = t.exact_size.unwrap_or(MIN_CARDS);
        if drawable != n {
            f(
                Severity::Error,
                0,
                format!(
                    "{drawable} cards{not_counted}: with {} the deck has exactly {n}",
                    db.def(c).title
                ),
            );
        }
    } else if let Some((c, t)) = by_contract(&|t| t.min_size.is_some()) {
        let n = t.min_size.unwrap_or(MIN_CARDS);
        if drawable < n {
            f(
                Severity::Error,
                0,
                format!(
                    "{drawable} cards{not_counted}: with {} the deck has at least {n}",
                    db.def(c).title
                ),
            );
        }
    } else if drawable < MIN_CARDS {
        f(
            Severity::Warning,
            0,
            format!(
                "{drawable} cards{not_counted}: a constructed deck has at least {MIN_CARDS} (fine for an introductory deck such as the ~30-card Core sphere decks)",
            ),
        );
    }
    if let Some((c, t)) = by_contract(&|t| t.per_main_sphere.is_some()) {
        let n = t.per_main_sphere.unwrap_or(0);
        for s in rules::MAIN_SPHERES {
            let k = deck
                .cards
                .iter()
                .filter(|&&x| db.def(x).sphere == s && db.def(x).ty != CardType::Contract)
                .count();
            if k != n {
                f(
                    Severity::Error,
                    0,
                    format!(
                        "{k} {s:?} cards: with {} the deck has exactly {n} of each of Leadership, Lore, Spirit and Tactics",
                        db.def(c).title
                    ),
                );
            }
        }
    }
    if n_encounter_kw as usize > rules::MAX_ENCOUNTER_KEYWORD {
        f(
            Severity::Error,
            encounter_kw[0].line,
            format!(
                "{n_encounter_kw} cards with the Encounter keyword: a player sets at most {} aside at setup",
                rules::MAX_ENCOUNTER_KEYWORD
            ),
        );
    }
    // Copies by title (printings and versions with one title count together), against the
    // usual 3, a contract's limit and the card's own per-deck limit.
    let (contract_max, contract_why) = match by_contract(&|t| t.max_copies.is_some()) {
        Some((c, t)) => (
            t.max_copies.unwrap_or(MAX_COPIES_BY_TITLE),
            format!(" with {}", db.def(c).title),
        ),
        None => (MAX_COPIES_BY_TITLE, String::new()),
    };
    let mut by_title: Vec<(String, u32, usize, DefId)> = Vec::new();
    for e in imp
        .entries
        .iter()
        .filter(|e| !matches!(db.def(e.id).ty, CardType::Hero | CardType::Contract))
    {
        if !db.def(e.id).ty.is_player_card() {
            continue;
        }
        let t = normalize_title(&db.def(e.id).title);
        match by_title.iter_mut().find(|(k, ..)| *k == t) {
            Some(slot) => slot.1 += e.copies,
            None => by_title.push((t, e.copies, e.line, e.id)),
        }
    }
    for (_, n, line, id) in &by_title {
        let own = rules::deck_limit(db.def(*id));
        let (max, why) = match own {
            Some(k) if k <= contract_max => (k, " (the card's own limit)".to_string()),
            _ => (contract_max, contract_why.clone()),
        };
        if *n > max {
            f(
                Severity::Error,
                *line,
                format!(
                    "{n} copies of {}: at most {max} per deck{why}",
                    db.def(*id).title
                ),
            );
        }
    }
    for &(c, t) in &terms {
        for e in imp.entries.iter().filter(|e| {
            let d = db.def(e.id);
            d.ty == CardType::Ally && (t.no_allies || (t.no_nonunique_allies && !d.unique))
        }) {
            let (sev, what) = if t.no_allies {
                (Severity::Error, "allows no ally in the deck")
            } else {
                (
                    Severity::Warning,
                    "lets you play only unique allies: this one cannot be played",
                )
            };
            f(
                sev,
                e.line,
                format!(
                    "{}x {}: {} {what}",
                    e.copies,
                    describe(e.id, db),
                    db.def(c).title
                ),
            );
        }
    }
    // Encounter cards.
    for e in &imp.encounter {
        f(
            Severity::Error,
            e.line,
            format!(
                "{} (encounter card {}, {}) is in the deck: encounter cards may only be set aside",
                db.def(e.id).title,
                db.def(e.id).code,
                db.def(e.id).encounter_set
            ),
        );
    }
    // The Burglar's Turn forbids attachments in the deck (its loot deck was checked on import).
    if terms.iter().any(|(_, t)| t.no_attachments)
        || deck.cards.iter().any(|&c| super::needs_loot(db, c))
    {
        for e in imp
            .entries
            .iter()
            .filter(|e| db.def(e.id).ty == CardType::Attachment)
        {
            f(
                Severity::Error,
                e.line,
                format!(
                    "{}x {}: The Burglar's Turn allows no attachments in the deck; move Item or Artifact attachments to the loot deck, take the others out",
                    e.copies,
                    describe(e.id, db)
                ),
            );
        }
        if deck.loot.len() == super::LOOT_SIZE {
            let names: Vec<&str> = deck
                .loot
                .iter()
                .map(|&c| db.def(c).title.as_str())
                .collect();
            f(
                Severity::Note,
                imp.loot.first().map_or(0, |e| e.line),
                format!(
                    "loot deck ({} cards): {}",
                    deck.loot.len(),
                    names.join(", ")
                ),
            );
        }
    }
    // Spheres.
    let hero_spheres: Vec<Sphere> = deck.heroes.iter().map(|&h| db.def(h).sphere).collect();
    let spheres: Vec<(Sphere, usize, usize)> = SPHERES
        .iter()
        .map(|&s| {
            (
                s,
                hero_spheres.iter().filter(|&&x| x == s).count(),
                deck.cards
                    .iter()
                    .filter(|&&c| db.def(c).sphere == s)
                    .count(),
            )
        })
        .filter(|&(_, h, c)| h + c > 0)
        .collect();
    for &(s, h, c) in &spheres {
        if h == 0 && c > 0 && !matches!(s, Sphere::Neutral | Sphere::Baggins | Sphere::Fellowship) {
            f(
                Severity::Warning,
                0,
                format!(
                    "{c} {s:?} card(s) but no {s:?} hero: they can be paid for only by effects that give {s:?} resources"
                ),
            );
        }
    }
    // A unique ally sharing a hero's title cannot enter play while that hero is in play.
    for e in &imp.entries {
        let d = db.def(e.id);
        if d.ty != CardType::Hero && d.unique && d.ty.is_player_card() {
            let t = normalize_title(&d.title);
            if deck
                .heroes
                .iter()
                .any(|&h| normalize_title(&db.def(h).title) == t)
            {
                f(
                    Severity::Warning,
                    e.line,
                    format!(
                        "{} is unique and shares its title with a hero: it cannot be played while that hero is in play",
                        describe(e.id, db)
                    ),
                );
            }
        }
    }
    // "a Noldor or Silvan", "an Ent".
    let a_or_an = |t: &[&str]| {
        let j = t.join(" or ");
        let vowel = j.starts_with(|c: char| "AEIOU".contains(c));
        format!("{} {j}", if vowel { "an" } else { "a" })
    };
    // foreign46: cards the deck can never use (`Hint::deck_needs`: a restricted host, a card
    // to fetch or to shuffle in).
    let has_trait = |c: DefId, names: &[&str]| {
        names.iter().any(|n| {
            let t = db.trait_id(n);
            t != u16::MAX && db.def(c).traits.contains(&t)
        })
    };
    // Traits a card of the deck gives its host (`Hint::grants_traits`: Elf-friend's Noldor and
    // Silvan, foreign55): a card that needs a hero of one of them is then usable with any hero.
    let granted: Vec<&str> = deck
        .cards
        .iter()
        .filter_map(|&c| cards::lookup_def(db, c))
        .flat_map(|(_, script)| script.hint.grants_traits.iter().copied())
        .collect();
    let hero_has = |names: &[&str]| {
        deck.heroes.iter().any(|&h| has_trait(h, names))
            || names.iter().any(|n| granted.contains(n))
    };
    let side_quest = deck
        .cards
        .iter()
        .any(|&c| db.def(c).ty == CardType::PlayerSideQuest);
    let character_has = |names: &[&str]| {
        deck.heroes
            .iter()
            .chain(
                deck.cards
                    .iter()
                    .filter(|&&c| db.def(c).ty == CardType::Ally),
            )
            .any(|&c| has_trait(c, names))
    };
    let holds = |title: &str| {
        let t = normalize_title(title);
        imp.entries
            .iter()
            .chain(&imp.set_aside)
            .any(|e| normalize_title(&db.def(e.id).title) == t)
    };
    for e in &imp.entries {
        let Some((_, script)) = cards::lookup_def(db, e.id) else {
            continue;
        };
        let unmet = script.hint.deck_needs.iter().find_map(|need| match *need {
            DeckNeed::HeroTrait(t) => (!hero_has(t)).then(|| format!("{} hero", a_or_an(t))),
            DeckNeed::SideQuest => (!side_quest).then(|| "a side quest in the deck".to_string()),
            DeckNeed::CharacterTrait(t) => {
                (!character_has(t)).then(|| format!("{} character (hero or ally)", a_or_an(t)))
            }
            DeckNeed::Card(t) => (!holds(t)).then(|| format!("{t} in the deck")),
            DeckNeed::SentinelHero => (!deck.heroes.iter().any(|&h| db.def(h).keywords.sentinel))
                .then(|| "a hero with Sentinel".to_string()),
            DeckNeed::HeroesOfSphere(s, n) => (deck
                .heroes
                .iter()
                .filter(|&&h| db.def(h).sphere == s)
                .count()
                < n as usize)
                .then(|| format!("{n} {s:?} heroes (it is paid from that many heroes' pools)")),
        });
        if let Some(what) = unmet {
            // Its own heroes pay for it: no other player's cards help.
            let own = script
                .hint
                .deck_needs
                .iter()
                .any(|n| matches!(n, DeckNeed::HeroesOfSphere(..)));
            f(
                Severity::Warning,
                e.line,
                format!(
                    "{}x {}: this deck alone can never use it: it needs {what}{}",
                    e.copies,
                    describe(e.id, db),
                    if own {
                        ""
                    } else {
                        " (in a group game another player's cards may serve)"
                    }
                ),
            );
        }
    }
    // Unimplemented cards.
    let mut missing: Vec<(DefId, u32)> = Vec::new();
    for e in imp
        .entries
        .iter()
        .chain(&imp.loot)
        .filter(|e| db.def(e.id).ty.is_player_card())
    {
        if cards::status(db, e.id) == Status::Missing {
            match missing.iter_mut().find(|(id, _)| *id == e.id) {
                Some(m) => m.1 += e.copies,
                None => missing.push((e.id, e.copies)),
            }
        }
    }
    if !missing.is_empty() {
        let total: u32 = missing.iter().map(|m| m.1).sum();
        let names: Vec<String> = missing
            .iter()
            .map(|&(id, n)| format!("{}x {} ({})", n, db.def(id).title, db.def(id).code))
            .collect();
        f(
            Severity::Warning,
            0,
            format!(
                "{total} card(s) of {} title(s) have abilities the engine does not implement ({}); `run` and `compare` refuse this deck unless --allow-unimplemented, which plays them without those abilities",
                missing.len(),
                names.join(", ")
            ),
        );
    }
    // Set-aside cards and the sideboard.
    for e in &imp.set_aside {
        f(
            Severity::Note,
            e.line,
            format!(
                "{}x {} set aside (not shuffled into the deck)",
                e.copies,
                db.def(e.id).title
            ),
        );
    }
    if imp.sideboard > 0 {
        f(
            Severity::Note,
            0,
            format!("{} sideboard card(s) ignored", imp.sideboard),
        );
    }
    for n in &imp.notes {
        let (line, msg) = match n.split_once(": ") {
            Some((l, m)) if l.parse::<usize>().is_ok() => (l.parse().unwrap_or(0), m.to_string()),
            _ => (0, n.clone()),
        };
        f(Severity::Note, line, msg);
    }
    out.spheres = spheres;
    out.types = TYPES
        .iter()
        .map(|&t| (t, deck.cards.iter().filter(|&&c| db.def(c).ty == t).count()))
        .filter(|&(_, n)| n > 0)
        .collect();
    out.unimplemented = missing;
    out.findings.sort_by_key(|x| (x.severity, x.line));
    out
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}
