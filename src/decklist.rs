//! `Deck`: what one player brings to a game (heroes, the deck's cards, the loot deck of The
//! Burglar's Turn) and the rules of that loot deck. The engine plays a `Deck`; `crate::deck`
//! reads one from a file and checks it.

use crate::data::{normalize_title, CardDb, CardType, DefId};

/// A loaded player deck: starting heroes and the deck's cards, one entry per copy (a contract is
/// listed among the cards but starts the game in its owner's play area).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Deck {
    /// Short name (file stem or built-in name), used in CSV `decks` column.
    pub name: String,
    pub heroes: Vec<DefId>,
    pub cards: Vec<DefId>,
    /// The loot deck of The Burglar's Turn (14 different Item or Artifact attachments), kept out
    /// of the deck; empty for every other deck. See [`loot_problems`].
    pub loot: Vec<DefId>,
}

/// Card code of The Burglar's Turn (side A), the contract whose deck carries a loot deck.
pub const BURGLARS_TURN: &str = "WaR-024A";
/// Cards in a loot deck.
pub const LOOT_SIZE: usize = 14;

/// Is `id` a contract that needs a loot deck (The Burglar's Turn, either side)?
pub fn needs_loot(db: &CardDb, id: DefId) -> bool {
    let d = db.def(id);
    d.code == BURGLARS_TURN || d.back.is_some_and(|b| db.def(b).code == BURGLARS_TURN)
}

/// Why card `id` cannot be in a loot deck (it must be an Item or Artifact attachment).
pub fn loot_card_problem(db: &CardDb, id: DefId) -> Option<String> {
    let d = db.def(id);
    let traits: Vec<&str> = d
        .traits
        .iter()
        .map(|&t| db.traits[t as usize].as_str())
        .collect();
    if d.ty != CardType::Attachment {
        Some(format!(
            "{} is not an attachment: a loot deck holds only Item or Artifact attachments",
            describe(id, db)
        ))
    } else if !traits.iter().any(|t| *t == "Item" || *t == "Artifact") {
        Some(format!(
            "{} has neither the Item nor the Artifact trait (traits: {}): a loot deck holds only Item or Artifact attachments",
            describe(id, db),
            if traits.is_empty() { "none".to_string() } else { traits.join(", ") }
        ))
    } else {
        None
    }
}

/// What makes a deck's loot deck illegal (RULES: The Burglar's Turn, WaR-024A): with the
/// contract, exactly 14 different Item or Artifact attachments and no attachment in the deck
/// itself; without it, no loot deck. `None` when it is fine.
pub fn loot_problems(deck: &Deck, db: &CardDb) -> Option<String> {
    let contract = deck.cards.iter().any(|&c| needs_loot(db, c));
    if !contract {
        return (!deck.loot.is_empty()).then(|| {
            format!(
                "a loot deck of {} card(s) without The Burglar's Turn: only that contract uses one",
                deck.loot.len()
            )
        });
    }
    if deck.loot.len() != LOOT_SIZE {
        return Some(format!(
            "The Burglar's Turn needs a loot deck of exactly {LOOT_SIZE} different Item or Artifact attachments; it has {}",
            deck.loot.len()
        ));
    }
    for (i, &c) in deck.loot.iter().enumerate() {
        if let Some(m) = loot_card_problem(db, c) {
            return Some(m);
        }
        let t = normalize_title(&db.def(c).title);
        if deck.loot[..i]
            .iter()
            .any(|&o| normalize_title(&db.def(o).title) == t)
        {
            return Some(format!(
                "{} is twice in the loot deck: its {LOOT_SIZE} attachments must be different",
                db.def(c).title
            ));
        }
    }
    let attachments = deck
        .cards
        .iter()
        .filter(|&&c| db.def(c).ty == CardType::Attachment)
        .count();
    (attachments > 0).then(|| {
        format!(
            "{attachments} attachment(s) in a deck with The Burglar's Turn, which allows none: move them to the loot deck or take them out"
        )
    })
}

/// A card named for a message: title, type, sphere, set and code.
pub(crate) fn describe(id: DefId, db: &CardDb) -> String {
    let d = db.def(id);
    format!(
        "{} ({:?}, {:?}, {} {})",
        d.title, d.ty, d.sphere, d.set_name, d.code
    )
}
