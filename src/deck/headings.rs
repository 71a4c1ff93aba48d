//! What a line of a text deck list is when it is not a card: a section heading (`Allies (18)`,
//! `Heroes, 50 Cards`, `Tactics Events:`, `=== Sideboard ===`), a deck separator (`Player 2`,
//! `Deck #2: Rohan`), metadata (`Total cards: 50`, `Starting threat 28`) or prose.

use super::*;

/// Words a heading may carry besides its section: counts and what they count.
const META_WORDS: &[&str] = &[
    "card", "cards", "total", "count", "starting", "start", "threat", "qty", "copies", "copy",
    "of", "the", "and", "with", "in", "my", "your", "a", "x", "list", "only", "all", "none",
    "types", "type", "by", "sphere", "spheres",
];

/// Words of a line, lowercased and without accents; separators and markup are word breaks.
fn words(line: &str) -> Vec<String> {
    line.split(|c: char| !(c.is_alphanumeric() || c == '\'' || c == '’'))
        .filter(|w| !w.is_empty())
        .map(normalize_title)
        .filter(|w| !w.is_empty())
        .collect()
}

/// A count such as `18`, `x18`, `18x` or `#2`.
fn is_count(w: &str) -> bool {
    let t = w.trim_start_matches('x').trim_end_matches('x');
    !t.is_empty() && t.chars().all(|c| c.is_ascii_digit())
}

fn is_meta(w: &str) -> bool {
    is_count(w) || META_WORDS.contains(&w)
}

/// The card type named by a heading word (singular or plural).
fn type_word(w: &str) -> Option<Option<CardType>> {
    Some(Some(match w {
        "hero" | "heroes" | "heros" | "heroe" => CardType::Hero,
        "ally" | "allies" | "allys" => CardType::Ally,
        "attachment" | "attachments" | "attach" => CardType::Attachment,
        "event" | "events" => CardType::Event,
        "contract" | "contracts" => CardType::Contract,
        "treasure" | "treasures" => CardType::Treasure,
        "deck" | "decklist" | "main" | "maindeck" | "player" | "players" | "library" => {
            return Some(None)
        }
        _ => return None,
    }))
}

/// Recognises a heading line: a section name (card type, sphere or both, main deck,
/// sideboard, loot deck, set aside) with any counts, markup and punctuation around it.
pub(super) fn heading(line: &str) -> Option<Section> {
    if line.len() > 80 {
        return None;
    }
    let ws = words(line);
    // "3x Fellowship" is a card line (the contract), "18 Allies" a heading.
    if ws
        .first()
        .is_some_and(|w| w.ends_with('x') && is_count(w) && !w.starts_with('x'))
    {
        return None;
    }
    let key: Vec<&str> = ws
        .iter()
        .map(String::as_str)
        .filter(|w| !is_meta(w))
        .collect();
    if key.is_empty() {
        return None;
    }
    let joined = key.join(" ");
    match joined.as_str() {
        "sideboard" | "side board" | "side" | "maybeboard" | "maybe board" | "maybe"
        | "considering" | "considered" | "reserve" | "reserves" | "extras" | "extra"
        | "alternatives" | "alternative" | "optional" | "options" | "not included" | "out"
        | "cut" | "cuts" | "sideboard shared" | "shared sideboard" | "side deck" | "bench"
        | "swap" | "swaps" | "substitutes" => return Some(Section::Skip),
        _ if side_heading(&key) => return Some(Section::Skip),
        "loot" | "loot deck" | "lootdeck" => return Some(Section::Loot),
        "quest" | "quests" | "quest deck" | "quest cards" | "quest card" | "quest stages"
        | "scenario" | "encounter" | "encounter deck" | "encounter cards" | "encounter sets"
        | "encounter set" => return Some(Section::Quest),
        "special" | "second special" | "setup" | "set aside" | "setaside" | "set aside cards"
        | "aside" => return Some(Section::SetAside),
        "side quest" | "side quests" | "sidequest" | "sidequests" | "player side quest"
        | "player side quests" => {
            return Some(Section::Cards(Hint::of_type(Some(
                CardType::PlayerSideQuest,
            ))))
        }
        "player cards" | "player deck" | "main deck" | "deck" | "cards" | "deck list"
        | "decklist" => return Some(Section::Cards(Hint::default())),
        _ => {}
    }
    // Type and/or sphere words: `Allies`, `Lore`, `Tactics Events`, `Ally (Spirit)`.
    let mut hint = Hint::default();
    let mut any = false;
    for w in &key {
        if let Some(t) = type_word(w) {
            if t.is_some() {
                if hint.ty.is_some() && hint.ty != t {
                    return None;
                }
                hint.ty = t;
            }
            any = true;
        } else if let Some(s) = sphere_named(w) {
            if hint.sphere.is_some() && hint.sphere != Some(s) {
                return None;
            }
            hint.sphere = Some(s);
            any = true;
        } else {
            return None;
        }
    }
    any.then_some(Section::Cards(hint))
}

/// audit51: words that put the cards below a heading out of the deck (`SB:`, `Possible swaps`,
/// `Tech cards`, `Flex slots`, `Removed`, `Ins:` / `Outs:` of a changelog).
const SIDE_WORDS: &[&str] = &[
    "sideboard",
    "sideboards",
    "sb",
    "maybeboard",
    "maybe",
    "considering",
    "consider",
    "considered",
    "swap",
    "swaps",
    "tech",
    "flex",
    "removed",
    "replacements",
    "replacement",
    "upgrades",
    "upgrade",
    "alternatives",
    "alternative",
    "options",
    "option",
    "optional",
    "substitutes",
    "substitute",
    "reserve",
    "reserves",
    "bench",
    "cut",
    "cuts",
    "out",
    "outs",
    "ins",
    "changes",
    "changelog",
    "extras",
    "extra",
];

/// Words that may stand around [`SIDE_WORDS`] in such a heading (`Others to consider`, `Out of
/// the deck`, `Budget options`, `Sideboard (not in deck)`).
const SIDE_FILLER: &[&str] = &[
    "to", "not", "deck", "possible", "other", "others", "for", "if", "some", "more", "slots",
    "slot", "budget", "board", "cards", "card", "or", "included", "from", "v1", "v2", "version",
];

/// A heading whose words all say "not in the deck": at least one of [`SIDE_WORDS`] and the
/// rest [`SIDE_FILLER`]; or one that starts with `Sideboard`, `Maybeboard` or `SB` (no card
/// title does), whatever follows (`Sideboard/Considering`, `Sideboard for Nightmare`); or
/// `Not in (the) deck`.
fn side_heading(key: &[&str]) -> bool {
    if key.len() > 6 {
        return false;
    }
    if key
        .first()
        .is_some_and(|w| matches!(*w, "sideboard" | "sideboards" | "maybeboard" | "sb"))
    {
        return true;
    }
    if key == ["not", "deck"] || key == ["not", "included"] {
        return true;
    }
    key.iter().any(|w| SIDE_WORDS.contains(w))
        && key
            .iter()
            .all(|w| SIDE_WORDS.contains(w) || SIDE_FILLER.contains(w))
}

/// Whether a line is only metadata: counts and the words around them (`Total cards: 50`,
/// `Threat 28`, `50 cards`).
pub(super) fn is_meta_line(line: &str) -> bool {
    let ws = words(line);
    !ws.is_empty() && ws.iter().all(|w| is_meta(w))
}

const ORDINALS: &[(&str, usize)] = &[
    ("one", 1),
    ("two", 2),
    ("three", 3),
    ("four", 4),
    ("first", 1),
    ("second", 2),
    ("third", 3),
    ("fourth", 4),
    ("1st", 1),
    ("2nd", 2),
    ("3rd", 3),
    ("4th", 4),
];

/// A line that starts a new deck in a file holding several: `Player 2`, `Deck 2`, `Deck #2:
/// Rohan riders`, `Second deck`, `P2 - Lore`, `Player two (Spirit/Lore)`, `--- Deck 2 ---`.
/// Returns (the deck's number, the rest of the line: a name, a heading or an inline list such as
/// `Player 2 heroes: Éowyn, Denethor`).
pub(super) fn separator(line: &str) -> Option<(usize, String)> {
    if line.len() > 120 {
        return None;
    }
    let s = line
        .trim()
        .trim_matches(|c: char| "#=-–—*_~:[]<>".contains(c))
        .trim();
    let lower = s.to_lowercase();
    let num_of = |w: &str| -> Option<usize> {
        let w = w
            .trim_start_matches('#')
            .trim_end_matches([':', '.', ')', ',']);
        if let Ok(n) = w.parse::<usize>() {
            return (1..=8).contains(&n).then_some(n);
        }
        ORDINALS.iter().find(|(o, _)| *o == w).map(|&(_, n)| n)
    };
    let mut it = lower.split_whitespace();
    let first = it.next()?;
    let (n, used) = if let Some(d) = first.strip_prefix('p').and_then(num_of) {
        // "P2", "P2:".
        (d, 1)
    } else if matches!(first, "player" | "deck" | "seat" | "decklist") {
        let second = it.next()?;
        (num_of(second)?, 2)
    } else if let Some(n) = num_of(first) {
        // "Second deck", "2nd player".
        let second = it.next()?.trim_end_matches([':', '.']);
        if !matches!(second, "deck" | "player" | "seat") || first.parse::<usize>().is_ok() {
            return None;
        }
        (n, 2)
    } else {
        return None;
    };
    // The name after it: "Deck 2: Rohan riders", "Player 2 - Lore", "Player 2 (Spirit)".
    let rest: String = s
        .split_whitespace()
        .skip(used)
        .collect::<Vec<_>>()
        .join(" ");
    let rest = rest
        .trim_start_matches(|c: char| ":-–—|.,".contains(c) || c.is_whitespace())
        .trim();
    let rest = match rest.get(..4) {
        Some(d) if d.eq_ignore_ascii_case("deck") => rest[4..]
            .trim_start_matches(|c: char| ":-–—|.,".contains(c) || c.is_whitespace())
            .trim(),
        _ => rest,
    };
    Some((n, rest.to_string()))
}

/// A line that is a sentence, not a card: many words, or sentence punctuation inside.
pub(super) fn is_prose(line: &str) -> bool {
    // The longest card title has 6 words and 29 letters; with a count and a set in
    // parentheses a card line stays under 10 words.
    let n = line.split_whitespace().count();
    n > 10
        || line.len() > 90
        || (n > 7 && (line.contains(". ") || line.contains("? ") || line.contains("! ")))
        || (n > 7 && line.ends_with(['?', '.']))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::load_embedded;

    #[test]
    fn no_card_title_reads_as_a_heading_or_separator() {
        let db = load_embedded().expect("data");
        for d in db.defs.iter().filter(|d| d.ty.is_player_card()) {
            for line in [d.title.clone(), format!("3x {}", d.title)] {
                // The contract Fellowship alone on a line is the Fellowship sphere's heading;
                // with a count it is the card.
                if sphere_named(&line).is_none() {
                    assert!(heading(&line).is_none(), "{line} read as a heading");
                }
                assert!(separator(&line).is_none(), "{line} read as a separator");
                assert!(!is_meta_line(&line), "{line} read as metadata");
                assert!(!is_prose(&line), "{line} read as prose");
            }
        }
    }

    #[test]
    fn headings_with_counts_spheres_and_markup() {
        let hero = Some(Section::Cards(Hint::of_type(Some(CardType::Hero))));
        let ally = Some(Section::Cards(Hint::of_type(Some(CardType::Ally))));
        for h in [
            "Heroes, 50 Cards",
            "Hero (3)",
            "HEROES:",
            "**Heroes (3) - starting threat 28**",
            "Heroes: 3",
        ] {
            assert_eq!(heading(h), hero, "{h}");
        }
        for h in ["Allies (18)", "Allies", "== Ally x18 ==", "[18] allies"] {
            assert_eq!(heading(h), ally, "{h}");
        }
        assert_eq!(
            heading("Tactics Events:"),
            Some(Section::Cards(Hint {
                ty: Some(CardType::Event),
                sphere: Some(Sphere::Tactics)
            }))
        );
        assert_eq!(heading("Sideboard (5)"), Some(Section::Skip));
        // audit51's sideboard headings in other words: tests/audit51_decklists.rs reads each as
        // a heading whose cards stay out of the deck.
        assert_eq!(heading("Sideboard for Nightmare"), Some(Section::Skip));
        assert_eq!(heading("Changes:"), Some(Section::Skip));
        for h in [
            "In the Shadows",
            "Out of Sight",
            "Short Cut",
            "Side by Side",
        ] {
            assert_eq!(heading(h), None, "{h}");
        }
        assert_eq!(
            heading("Main Deck (50 cards)"),
            Some(Section::Cards(Hint::default()))
        );
        assert_eq!(heading("Total cards: 50"), None);
        assert!(is_meta_line("Total cards: 50"));
        assert_eq!(heading("Leadership / Tactics"), None);
    }

    #[test]
    fn separators_name_the_deck() {
        assert_eq!(separator("Player 2"), Some((2, String::new())));
        assert_eq!(
            separator("Deck #2: Rohan riders"),
            Some((2, "Rohan riders".into()))
        );
        assert_eq!(separator("--- Second deck ---"), Some((2, String::new())));
        assert_eq!(separator("P1 - Lore"), Some((1, "Lore".into())));
        assert_eq!(
            separator("Player 2 heroes: Eowyn"),
            Some((2, "heroes: Eowyn".into()))
        );
        assert_eq!(separator("Deck (50)"), None);
        assert_eq!(separator("Deck 50"), None);
        assert_eq!(separator("3 Gandalf"), None);
    }
}
