//! Card names in deck lists resolved to cards: printings, set names, suggestions.

use super::*;

/// Printings with the same title, type, sphere and stats are the same card.
pub(super) fn same_card(a: &CardDef, b: &CardDef) -> bool {
    a.ty == b.ty
        && a.sphere == b.sphere
        && a.unique == b.unique
        && (
            a.cost,
            a.threat_cost,
            a.willpower,
            a.attack,
            a.defense,
            a.hit_points,
        ) == (
            b.cost,
            b.threat_cost,
            b.willpower,
            b.attack,
            b.defense,
            b.hit_points,
        )
}

/// Groups candidate printings into distinct cards, each represented by its earliest printing
/// (the table is in release order, so the first one met).
pub(super) fn distinct_cards(ids: &[DefId], db: &CardDb) -> Vec<DefId> {
    let mut reps: Vec<DefId> = Vec::new();
    for &id in ids {
        if !reps.iter().any(|&r| same_card(db.def(r), db.def(id))) {
            reps.push(id);
        }
    }
    reps
}

/// RingsDB pack codes that differ from our set abbreviations (full set name, RingsDB code), so
/// `(WitW)` and `(TWitW)` both name The Watcher in the Water.
pub(super) const RINGSDB_PACKS: &[(&str, &str)] = &[
    ("A Journey to Rhosgobel", "JtR"),
    ("A Storm on Cobas Haven", "SoCH"),
    ("Angmar Awakened Campaign Expansion", "AACE"),
    ("Dream-chaser Campaign Expansion", "DCCE"),
    ("Fog on the Barrow-downs", "FotBd"),
    ("Race Across Harad", "RAH"),
    ("The Battle of Carn Dûm", "BoCD"),
    ("The Blood of Gondor", "BoG"),
    ("The City of Corsairs", "CoC"),
    ("The Drowned Ruins", "DR"),
    ("The Flame of the West", "FotW"),
    ("The Hills of Emyn Muil", "HoEM"),
    ("The Hobbit: On the Doorstep", "OtD"),
    ("The Hobbit: Over Hill and Under Hill", "OHaUH"),
    ("The Hunt for Gollum", "HfG"),
    ("The Land of Shadow", "LoS"),
    ("The Land of Sorrow", "TLoS"),
    ("The Mountain of Fire", "MoF"),
    ("The Mûmakil", "M"),
    ("The Road Darkens", "TRD"),
    ("The Thing in the Depths", "TitD"),
    ("The Treachery of Rhudaur", "ToR"),
    ("The Wastes of Eriador", "WoE"),
    ("The Watcher in the Water", "WitW"),
    ("Two-Player Limited Edition Starter", "Starter"),
    ("Revised Core Set", "RCore"),
    // audit51: `(Core Set (Revised))`, `(Core Set Revised)`, `(Core Revised)`.
    ("Revised Core Set", "Core Set Revised"),
    ("Revised Core Set", "Core Revised"),
];

/// Whether `set` (as written on a deck line) names the set of card `d`: its full name (with or
/// without a leading "The" or trailing "Set"), our abbreviation or the RingsDB pack code.
pub(super) fn names_set(set: &str, d: &CardDef) -> bool {
    let key = normalize_title(set);
    if key.is_empty() {
        return false;
    }
    let name = normalize_title(&d.set_name);
    let short = name.strip_suffix("set").unwrap_or(&name);
    let no_the = short.strip_prefix("the").unwrap_or(short);
    let nohobbit = no_the.strip_prefix("hobbit").unwrap_or(no_the);
    key == name
        || key == short
        || key == no_the
        || key == nohobbit
        || key == normalize_title(&d.set_abbr)
        || RINGSDB_PACKS
            .iter()
            .any(|(n, c)| *n == d.set_name && normalize_title(c) == key)
}

/// Whether `set` names any set of the card table.
pub(super) fn is_set_name(set: &str, db: &CardDb) -> bool {
    // `names_set` reads only the set's name and abbreviation, and the table lists each set's
    // cards together: ask once per run of cards of one set.
    let mut last: Option<(&str, &str)> = None;
    db.defs
        .iter()
        .filter(|d| d.ty.is_player_card())
        .filter(|d| {
            let this = Some((d.set_name.as_str(), d.set_abbr.as_str()));
            std::mem::replace(&mut last, this) != this
        })
        .any(|d| names_set(set, d))
}

/// How a name resolved.
pub(super) enum Found {
    One(DefId),
    /// Several different cards fit: (the candidates, an error message listing them).
    Ambiguous(Vec<DefId>, String),
    /// No card has this name (as cleaned); [`unknown_card`] makes the message.
    Unknown(String),
    /// A near miss of several titles: the error message.
    Unclear(String),
}

/// The error for an unknown card name, with the nearest titles. Made only when reported: a
/// deck file's free-text lines are tried as names first, and the search of the nearest titles
/// reads the whole table.
pub(super) fn unknown_card(name: &str, db: &CardDb) -> String {
    format!("unknown card `{name}`{}", did_you_mean(name, db))
}

/// Fan-made products (normalised names and abbreviations): their cards are not in the table.
const FAN_MADE_SETS: &[&str] = &[
    "alep",
    "alongextendedparty",
    "firstage",
    "legacyoffeanor",
    "thelegacyoffeanor",
    "childrenofeorl",
    "oathsoftherohirrim",
    "fanmade",
    "homebrew",
    "custom",
    "dragncards",
];

/// [`unknown_card`], saying so when the line's set is a fan-made one.
pub(super) fn unknown_card_in(name: &str, set: Option<&str>, db: &CardDb) -> String {
    match set.filter(|s| FAN_MADE_SETS.contains(&normalize_title(s).as_str())) {
        Some(s) => format!(
            "unknown card `{name}`: `{s}` is a fan-made set, and fan-made cards are not official cards (the card table has only official ones)"
        ),
        None => unknown_card(name, db),
    }
}

/// Resolves a card name (with optional set or sphere text from the parentheses and the
/// heading's hint) to one card. Player cards are preferred; a title only found among encounter
/// cards resolves to that card (the caller reports it).
pub(super) fn resolve_name(name: &str, set: Option<&str>, hint: Hint, db: &CardDb) -> Found {
    let name = name.trim().trim_matches(['"', '\'', '*', '_']).trim();
    let mut all: Vec<DefId> = db
        .find_by_title(name)
        .into_iter()
        .filter(|&i| db.def(i).ty.is_player_card())
        .collect();
    if all.is_empty() {
        // The parentheses may be part of what the user meant as the name.
        if let Some(set) = set {
            let whole = format!("{name} ({set})");
            if db
                .find_by_title(&whole)
                .iter()
                .any(|&i| db.def(i).ty.is_player_card())
            {
                return resolve_name(&whole, None, hint, db);
            }
        }
        // "Lore Aragorn", "Spirit Glorfindel": a sphere before the title.
        if let Some((first, rest)) = name.split_once(' ') {
            if let Some(sp) = sphere_named(first) {
                if let found @ (Found::One(_) | Found::Ambiguous(..)) = resolve_name(
                    rest,
                    set,
                    Hint {
                        sphere: Some(sp),
                        ..hint
                    },
                    db,
                ) {
                    return found;
                }
            }
        }
        // A set written after the title without parentheses: "Guard of the Citadel Core",
        // "Steward of Gondor - Core Set".
        let words: Vec<&str> = name.split_whitespace().collect();
        if set.is_none() {
            for k in 1..words.len().min(7) {
                let tail = words[words.len() - k..].join(" ");
                if is_set_name(&tail, db) {
                    let head = words[..words.len() - k].join(" ");
                    let head = head.trim_end_matches(['-', '–', ',', ':']).trim();
                    if let found @ (Found::One(_) | Found::Ambiguous(..)) =
                        resolve_name(head, Some(&tail), hint, db)
                    {
                        return found;
                    }
                }
            }
        }
        if let Some(&enc) = db.find_by_title(name).first() {
            return Found::One(enc);
        }
        // A comment after the card: "Guard of the Citadel (Core) - cheap early ally".
        for sep in [" - ", " – ", " — ", " // ", " -- "] {
            if let Some((head, _)) = name.split_once(sep) {
                let (n, s) = split_set(head);
                if let found @ (Found::One(_) | Found::Ambiguous(..)) =
                    resolve_name(n, s.or(set), hint, db)
                {
                    return found;
                }
            }
        }
        return Found::Unknown(name.to_string());
    }
    // A heading ("Allies") narrows the choice when it fits some candidates.
    if let Some(t) = hint.ty {
        let typed: Vec<DefId> = all.iter().copied().filter(|&i| db.def(i).ty == t).collect();
        if !typed.is_empty() {
            all = typed;
        }
    }
    // A sphere in parentheses, before the name or as the heading.
    let sphere = set.and_then(sphere_named).or(hint.sphere);
    if let Some(sp) = sphere {
        let in_sphere: Vec<DefId> = all
            .iter()
            .copied()
            .filter(|&i| db.def(i).sphere == sp)
            .collect();
        if !in_sphere.is_empty() {
            all = in_sphere;
        }
    }
    let cards = distinct_cards(&all, db);
    if cards.len() == 1 {
        // One card (reprints with identical numbers): its earliest printing.
        return Found::One(cards[0]);
    }
    // Several different cards share the title: the set in parentheses decides.
    if let Some(set) = set {
        let in_set: Vec<DefId> = all
            .iter()
            .copied()
            .filter(|&i| names_set(set, db.def(i)))
            .collect();
        // Map the printings in that set back to their card's earliest printing.
        let chosen: Vec<DefId> = cards
            .iter()
            .copied()
            .filter(|&c| in_set.iter().any(|&i| same_card(db.def(c), db.def(i))))
            .collect();
        if chosen.len() == 1 {
            return Found::One(chosen[0]);
        }
    }
    let options: Vec<String> = cards.iter().map(|&c| describe(c, db)).collect();
    // A set that names none of the versions (a typo, or the wrong pack) is said so, rather
    // than called ambiguous "in" a set that holds no such card.
    let where_ = match set {
        Some(s) if all.iter().any(|&i| names_set(s, db.def(i))) => format!(" in set `{s}`"),
        Some(s) => format!(" (no version of it is in `{s}`)"),
        None => String::new(),
    };
    Found::Ambiguous(
        cards.clone(),
        format!(
            "`{name}` is ambiguous{}: it could be {}; add the set in parentheses (or the sphere), e.g. `1x {} ({})`",
            where_,
            options.join(" or "),
            db.def(cards[0]).title,
            db.def(cards[0]).set_name
        ),
    )
}

/// Levenshtein distance over chars.
pub(super) fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur = vec![0; b.len() + 1];
    for (i, ca) in a.chars().enumerate() {
        cur[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            cur[j + 1] = (prev[j] + usize::from(ca != cb))
                .min(prev[j + 1] + 1)
                .min(cur[j] + 1);
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}

/// `"; did you mean A, B or C?"` with the (up to) three player card titles nearest to `name`.
pub(super) fn did_you_mean(name: &str, db: &CardDb) -> String {
    let key = normalize_title(name);
    let mut seen: Vec<String> = Vec::new();
    let mut scored: Vec<(usize, &str)> = Vec::new();
    for d in db
        .defs
        .iter()
        .filter(|d| d.ty.is_player_card() && !d.is_back_face())
    {
        let k = normalize_title(&d.title);
        if seen.contains(&k) {
            continue;
        }
        scored.push((edit_distance(&key, &k), &d.title));
        seen.push(k);
    }
    scored.sort_by_key(|&(dist, _)| dist); // stable: ties keep table order
    let names: Vec<&str> = scored.iter().take(3).map(|&(_, t)| t).collect();
    match names.as_slice() {
        [] => String::new(),
        [a] => format!("; did you mean {a}?"),
        [a, b] => format!("; did you mean {a} or {b}?"),
        [rest @ .., last] => format!("; did you mean {} or {last}?", rest.join(", ")),
    }
}

/// Near-miss searches per deck file (a real list has a handful of misspellings).
pub(super) const NEAR_BUDGET: u32 = 200;

/// Most edits between a misspelt title and the card's title for the card to be accepted.
const MAX_EDITS: usize = 2;

/// The result of looking up a near miss.
pub(super) enum Near {
    /// One title is nearest: (the title as printed).
    One(String),
    /// Several titles are as near: their printed titles.
    Several(Vec<String>),
    None,
}

/// The distinct player-card title nearest to `name` within [`MAX_EDITS`] edits (1 for titles of
/// up to 5 letters), comparing normalised titles (case, accents, spaces and punctuation
/// ignored) with and without a leading "The". Bounded: names longer than 60 letters are not
/// looked up.
pub(super) fn near_title(name: &str, db: &CardDb) -> Near {
    let key = normalize_title(name);
    // No player card title holds a digit: a number in the name is a count or a set that was
    // not understood, never a typo to correct silently.
    if key.len() < 3 || key.chars().count() > 60 || key.chars().any(char::is_numeric) {
        return Near::None;
    }
    let strip = |k: &str| k.strip_prefix("the").map(str::to_string);
    let key_bare = strip(&key);
    let limit = if key.chars().count() <= 5 {
        1
    } else {
        MAX_EDITS
    };
    let mut best = usize::MAX;
    let mut found: Vec<(String, &str)> = Vec::new();
    for d in db
        .defs
        .iter()
        .filter(|d| d.ty.is_player_card() && !d.is_back_face())
    {
        let t = normalize_title(&d.title);
        if t.len().abs_diff(key.len()) > limit + 3 {
            continue;
        }
        let t_bare = strip(&t);
        let mut dist = edit_distance(&key, &t);
        for (a, b) in [
            (key_bare.as_deref(), Some(t.as_str())),
            (Some(key.as_str()), t_bare.as_deref()),
        ] {
            if let (Some(a), Some(b)) = (a, b) {
                dist = dist.min(edit_distance(a, b));
            }
        }
        if dist > limit || dist > best {
            continue;
        }
        if dist < best {
            best = dist;
            found.clear();
        }
        if !found.iter().any(|(k, _)| *k == t) {
            found.push((t, &d.title));
        }
    }
    match found.len() {
        0 => Near::None,
        1 => Near::One(found[0].1.to_string()),
        _ => Near::Several(found.iter().map(|(_, t)| t.to_string()).collect()),
    }
}

/// [`resolve_name`], then a near miss: a misspelt title that is one or two edits from a single
/// card title is read as that card, and the second value is the note naming the correction.
/// Several titles as near: an error listing them.
pub(super) fn resolve_or_near(
    name: &str,
    set: Option<&str>,
    hint: Hint,
    db: &CardDb,
    budget: &mut u32,
) -> (Found, Option<String>) {
    let found = resolve_name(name, set, hint, db);
    let Found::Unknown(unknown) = found else {
        return (found, None);
    };
    // Each near-miss search reads the whole card table: a file gets a fixed number of them.
    if *budget == 0 {
        return (Found::Unknown(unknown), None);
    }
    *budget -= 1;
    // "Lore Aragron": a sphere before a misspelt title.
    let (bare, hint2) = match name.split_once(' ') {
        Some((first, rest)) if sphere_named(first).is_some() => (
            rest,
            Hint {
                sphere: sphere_named(first),
                ..hint
            },
        ),
        _ => (name, hint),
    };
    match near_title(bare, db) {
        Near::One(title) => {
            let f = resolve_name(&title, set, hint2, db);
            let note = format!("`{}` read as {title} (nearest card title)", name.trim());
            match f {
                Found::Unknown(_) => (Found::Unknown(unknown), None),
                f => (f, Some(note)),
            }
        }
        Near::Several(titles) => {
            let (last, rest) = titles.split_last().expect("several titles");
            (
                Found::Unclear(format!(
                    "unknown card `{}`: it is as near to {} as to {last}; write the title in full",
                    name.trim(),
                    rest.join(", ")
                )),
                None,
            )
        }
        Near::None => (Found::Unknown(unknown), None),
    }
}
