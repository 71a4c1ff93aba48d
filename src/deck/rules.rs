//! Deck-building rules the card data can express (RULES.md §2.1), beside the general ones in
//! `check.rs`: a card's own per-deck copy limit (the `Deck limit N` fact in `cards.csv`), the
//! Encounter keyword (set aside, not counted, at most 3) and the contracts, whose deck-building
//! conditions are encoded here per contract (summaries in our own words).

use crate::data::{normalize_title, CardDb, CardDef, CardType, DefId, Sphere};

/// Most Encounter-keyword cards a player may set aside at setup (RULES.md §2.1.2).
pub const MAX_ENCOUNTER_KEYWORD: usize = 3;

/// A card's own per-deck copy limit (e.g. 1 for Gather Information), if it has one.
pub fn deck_limit(d: &CardDef) -> Option<u32> {
    d.other_keywords
        .iter()
        .find_map(|k| k.strip_prefix("Deck limit ")?.trim().parse().ok())
}

/// Whether the card is set aside at setup rather than shuffled into the deck (Encounter keyword).
pub fn set_aside_at_setup(d: &CardDef) -> bool {
    d.keywords.encounter
}

/// What a contract changes in deck building. Only the conditions a deck list can show are
/// here; play restrictions are the contract's script's business.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ContractRules {
    /// Most copies of one title (None: the usual 3).
    pub max_copies: Option<u32>,
    /// Allowed number of heroes (None: the usual 1 to 3).
    pub heroes: Option<(usize, usize)>,
    /// Each hero of a different sphere.
    pub heroes_distinct_spheres: bool,
    /// Exact deck size (None: at least the usual 50).
    pub exact_size: Option<usize>,
    /// Smallest deck size, when larger than 50.
    pub min_size: Option<usize>,
    /// Exactly this many cards of each of the four main spheres.
    pub per_main_sphere: Option<usize>,
    /// No ally in the deck.
    pub no_allies: bool,
    /// No attachment in the deck (The Burglar's Turn keeps its attachments in the loot deck).
    pub no_attachments: bool,
    /// Non-unique allies cannot be played (a warning: they would be dead cards).
    pub no_nonunique_allies: bool,
}

/// The deck-building rules of contract `d` (by title, so every printing and both faces agree).
pub fn contract_rules(d: &CardDef) -> ContractRules {
    let none = ContractRules::default();
    match normalize_title(&d.title).as_str() {
        // Exactly one starting hero.
        "thegreywanderer" => ContractRules {
            heroes: Some((1, 1)),
            ..none
        },
        // At most two starting heroes.
        "messengeroftheking" => ContractRules {
            heroes: Some((1, 2)),
            ..none
        },
        // A single copy of every title.
        "councilofthewise" => ContractRules {
            max_copies: Some(1),
            ..none
        },
        // Exactly 50 cards, 10 of each main sphere, 2 copies a title, up to 4 heroes of
        // different spheres.
        "bondoffriendship" => ContractRules {
            max_copies: Some(2),
            heroes: Some((1, 4)),
            heroes_distinct_spheres: true,
            exact_size: Some(50),
            per_main_sphere: Some(10),
            ..none
        },
        // A deck of at least 100 cards.
        "aperilousvoyage" => ContractRules {
            min_size: Some(100),
            ..none
        },
        // No allies in the deck.
        "forththethreehunters" => ContractRules {
            no_allies: true,
            ..none
        },
        // No attachments in the deck (the loot deck holds them).
        "theburglarsturn" => ContractRules {
            no_attachments: true,
            ..none
        },
        // Only unique allies may be played.
        "fellowship" => ContractRules {
            no_nonunique_allies: true,
            ..none
        },
        _ => none,
    }
}

/// A hero that does not count against the hero limit (the Baggins-sphere Bilbo of the Hobbit
/// saga).
pub fn outside_hero_limit(d: &CardDef) -> bool {
    d.ty == CardType::Hero && d.sphere == Sphere::Baggins
}

/// The main spheres, for rules that count cards per sphere.
pub const MAIN_SPHERES: [Sphere; 4] = [
    Sphere::Leadership,
    Sphere::Lore,
    Sphere::Spirit,
    Sphere::Tactics,
];

/// The contracts among a deck's cards (one entry per title).
pub fn contracts(cards: &[DefId], db: &CardDb) -> Vec<DefId> {
    let mut out: Vec<DefId> = Vec::new();
    for &c in cards {
        let d = db.def(c);
        if d.ty == CardType::Contract
            && !out
                .iter()
                .any(|&o| normalize_title(&db.def(o).title) == normalize_title(&d.title))
        {
            out.push(c);
        }
    }
    out
}
