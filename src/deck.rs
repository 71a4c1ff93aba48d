//! Player decks: the `Deck` type and parsers for OCTGN `.o8d` and RingsDB-style text lists.
//!
//! * [`parse_deck`] reads either format (detected from the content) and resolves every card
//!   against the [`CardDb`]: `.o8d` by OCTGN GUID, text lists by normalised title (accents and
//!   punctuation ignored) with an optional set name in parentheses to pick a version.
//! * [`load_deck`] reads a file, [`builtin_decks`] lists the four embedded Core Set decks and
//!   [`resolve_deck`] accepts either a built-in name or a path.
//!
//! Heroes and deck cards are told apart by the card's type, never by the section heading.
//! Problems are reported as a [`DeckError`] naming the file and line.

use std::path::Path;

use crate::data::{normalize_title, CardDb, CardDef, CardType, DefId};

/// A loaded player deck: starting heroes and the deck's cards, one entry per copy.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Deck {
    /// Short name (file stem or built-in name), used in CSV `decks` column.
    pub name: String,
    pub heroes: Vec<DefId>,
    pub cards: Vec<DefId>,
}

/// A problem in a deck list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeckError {
    /// File name (or deck name for text not read from a file).
    pub file: String,
    /// 1-based line number; 0 = the file as a whole.
    pub line: usize,
    pub message: String,
}

impl std::fmt::Display for DeckError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.line == 0 {
            write!(f, "{}: {}", self.file, self.message)
        } else {
            write!(f, "{}:{}: {}", self.file, self.line, self.message)
        }
    }
}

impl std::error::Error for DeckError {}

/// Most copies of one card a single line may ask for.
const MAX_COPIES: u32 = 50;

/// The four Core Set sphere decks shipped with the binary: (name, `.o8d` text).
pub fn builtin_decks() -> &'static [(&'static str, &'static str)] {
    const DECKS: [(&str, &str); 4] = [
        (
            "core-leadership",
            include_str!("../decks/core-leadership.o8d"),
        ),
        ("core-lore", include_str!("../decks/core-lore.o8d")),
        ("core-spirit", include_str!("../decks/core-spirit.o8d")),
        ("core-tactics", include_str!("../decks/core-tactics.o8d")),
    ];
    &DECKS
}

/// A built-in deck name (`core-tactics`, `tactics`, `Core Tactics`...) or a path to a deck file.
pub fn resolve_deck(spec: &str, db: &CardDb) -> Result<Deck, DeckError> {
    let key = spec.trim().to_ascii_lowercase().replace([' ', '_'], "-");
    let key = key.strip_suffix(".o8d").unwrap_or(&key);
    for (name, text) in builtin_decks() {
        if key == *name || Some(key) == name.strip_prefix("core-") {
            return parse_deck(name, text, db);
        }
    }
    let path = Path::new(spec);
    if !path.exists() {
        let names: Vec<&str> = builtin_decks().iter().map(|(n, _)| *n).collect();
        return Err(DeckError {
            file: spec.to_string(),
            line: 0,
            message: format!(
                "no such file, and not a built-in deck (built-in: {})",
                names.join(", ")
            ),
        });
    }
    load_deck(path, db)
}

/// Reads and parses a deck file; the deck is named after the file stem.
pub fn load_deck(path: &Path, db: &CardDb) -> Result<Deck, DeckError> {
    let file = path.display().to_string();
    let err = |message: String| DeckError {
        file: file.clone(),
        line: 0,
        message,
    };
    let bytes = std::fs::read(path).map_err(|e| err(format!("cannot read the file: {e}")))?;
    let text = String::from_utf8(bytes).map_err(|_| {
        err("not a text file (not valid UTF-8); expected an OCTGN .o8d or a text deck list".into())
    })?;
    let name = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut deck = parse_named(&file, &name, &text, db)?;
    deck.name = name;
    Ok(deck)
}

/// Parses a deck from text, detecting the format: OCTGN `.o8d` XML or a RingsDB/forum text list.
/// `name` names the deck and is used as the file name in errors.
pub fn parse_deck(name: &str, text: &str, db: &CardDb) -> Result<Deck, DeckError> {
    parse_named(name, name, text, db)
}

fn parse_named(file: &str, name: &str, text: &str, db: &CardDb) -> Result<Deck, DeckError> {
    let err = |line: usize, message: String| DeckError {
        file: file.to_string(),
        line,
        message,
    };
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text
        .chars()
        .any(|c| c.is_control() && !matches!(c, '\n' | '\r' | '\t'))
    {
        return Err(err(
            0,
            "contains binary data; expected an OCTGN .o8d or a text deck list".into(),
        ));
    }
    let head = text.trim_start();
    let mut deck = Deck {
        name: name.to_string(),
        ..Deck::default()
    };
    let entries = if head.starts_with("<?xml") || head.starts_with("<deck") {
        parse_o8d(text, db).map_err(|(l, m)| err(l, m))?
    } else {
        parse_text(text, db).map_err(|(l, m)| err(l, m))?
    };
    for Entry { line, id, copies } in entries {
        let def = db.def(id);
        if !def.ty.is_player_card() {
            return Err(err(
                line,
                format!("{} ({}) is not a player card", def.title, def.code),
            ));
        }
        if def.ty == CardType::Hero {
            if copies != 1 || deck.heroes.contains(&id) {
                return Err(err(
                    line,
                    format!(
                        "hero {} is listed more than once; a deck has one copy of each hero",
                        def.title
                    ),
                ));
            }
            deck.heroes.push(id);
        } else {
            deck.cards.extend(std::iter::repeat_n(id, copies as usize));
        }
    }
    if deck.heroes.is_empty() && deck.cards.is_empty() {
        return Err(err(
            0,
            "no cards found; expected lines like `3x Guard of the Citadel` or an OCTGN .o8d deck"
                .into(),
        ));
    }
    Ok(deck)
}

/// One resolved deck line.
struct Entry {
    line: usize,
    id: DefId,
    copies: u32,
}

type LineResult<T> = Result<T, (usize, String)>;

fn line_of(text: &str, pos: usize) -> usize {
    text[..pos].bytes().filter(|&b| b == b'\n').count() + 1
}

fn parse_qty(s: &str, line: usize) -> LineResult<u32> {
    match s.trim().parse::<u32>() {
        Ok(n) if (1..=MAX_COPIES).contains(&n) => Ok(n),
        _ => Err((
            line,
            format!(
                "bad quantity `{}`: write a number of copies from 1 to {MAX_COPIES}",
                s.trim()
            ),
        )),
    }
}

// ---------------------------------------------------------------------------------------------
// OCTGN .o8d
// ---------------------------------------------------------------------------------------------

/// Sections whose cards belong to the player's deck.
const PLAYER_SECTIONS: &[&str] = &[
    "hero",
    "ally",
    "attachment",
    "event",
    "side quest",
    "player side quest",
    "contract",
    "treasure",
];
/// Sections that hold the shared quest/encounter cards or a sideboard: skipped.
const SKIPPED_SECTIONS: &[&str] = &[
    "sideboard",
    "quest",
    "second quest deck",
    "encounter",
    "second encounter deck",
    "special",
    "second special",
    "setup",
    "staging area",
    "active location",
    "victory display",
    "encounter discard pile",
    "discard pile",
];

/// Value of attribute `name` inside one tag's text (`<card qty="3" id="...">`).
fn attr<'t>(tag: &'t str, name: &str) -> Option<&'t str> {
    let mut rest = tag;
    while let Some(i) = rest.find(name) {
        let before_ok = i == 0 || rest.as_bytes()[i - 1].is_ascii_whitespace();
        let after = rest[i + name.len()..].trim_start();
        if before_ok {
            if let Some(v) = after.strip_prefix('=') {
                let v = v.trim_start();
                let q = v.chars().next()?;
                if q == '"' || q == '\'' {
                    let end = v[1..].find(q)?;
                    return Some(&v[1..1 + end]);
                }
            }
        }
        rest = &rest[i + name.len()..];
    }
    None
}

/// A small hand-written scanner: walks `<section name=...>` and `<card qty=.. id=..>Name</card>` tags.
fn parse_o8d(text: &str, db: &CardDb) -> LineResult<Vec<Entry>> {
    let mut out = Vec::new();
    let mut counting = false;
    let mut pos = 0;
    while let Some(off) = text[pos..].find('<') {
        let start = pos + off;
        let line = line_of(text, start);
        let Some(len) = text[start..].find('>') else {
            return Err((line, "unterminated tag; the .o8d file is cut short".into()));
        };
        let tag = &text[start + 1..start + len];
        pos = start + len + 1;
        let tag_name = tag
            .split(|c: char| c.is_whitespace() || c == '/')
            .next()
            .unwrap_or("");
        match tag_name {
            "section" => {
                let name = attr(tag, "name").unwrap_or("");
                let key = name.trim().to_ascii_lowercase();
                counting = if PLAYER_SECTIONS.contains(&key.as_str()) {
                    true
                } else if SKIPPED_SECTIONS.contains(&key.as_str()) {
                    false
                } else {
                    return Err((line, format!("unknown section `{name}` (player sections are Hero, Ally, Attachment, Event, Side Quest)")));
                };
            }
            "card" => {
                let close = text[pos..].find("</card>");
                let title = match (tag.ends_with('/'), close) {
                    (true, _) => "",
                    (false, Some(c)) => {
                        let t = &text[pos..pos + c];
                        pos += c + "</card>".len();
                        t
                    }
                    (false, None) => return Err((line, "`<card>` without `</card>`".into())),
                };
                if !counting {
                    continue;
                }
                let title = decode_entities(title.trim());
                let qty = attr(tag, "qty")
                    .ok_or((line, format!("card `{title}` has no qty attribute")))?;
                let copies = parse_qty(qty, line)?;
                let guid = attr(tag, "id").unwrap_or("").trim().to_ascii_lowercase();
                let found = db
                    .defs
                    .iter()
                    .position(|d| !d.is_back_face() && !guid.is_empty() && d.octgn_id == guid);
                match found {
                    Some(i) => out.push(Entry {
                        line,
                        id: i as DefId,
                        copies,
                    }),
                    None => {
                        return Err((
                            line,
                            format!(
                                "unknown OCTGN card id `{guid}` for `{title}`{}",
                                did_you_mean(&title, db)
                            ),
                        ))
                    }
                }
            }
            _ => {}
        }
    }
    Ok(out)
}

// ---------------------------------------------------------------------------------------------
// Text lists (RingsDB export, forum posts)
// ---------------------------------------------------------------------------------------------

/// What the current heading says about the following lines.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Section {
    /// Before any heading: lines without a quantity are free text (deck name, notes).
    Preamble,
    /// Under a player-card heading; the type hint narrows name look-ups.
    Cards(Option<CardType>),
    /// Sideboard / maybeboard: ignored until the next heading.
    Skip,
}

/// Recognises a heading line (`Hero (3)`, `Allies:`, `ATTACHMENTS`, `Sideboard`).
fn heading(line: &str) -> Option<Section> {
    let mut s = line.trim().trim_end_matches(':').trim();
    // Drop a trailing count such as "(3)".
    if let Some(open) = s.rfind('(') {
        if s.ends_with(')')
            && s[open + 1..s.len() - 1]
                .trim()
                .chars()
                .all(|c| c.is_ascii_digit())
        {
            s = s[..open].trim_end();
        }
    }
    let s = s.trim_end_matches(':').trim().to_ascii_lowercase();
    let ty = match s.as_str() {
        "hero" | "heroes" | "heros" => Some(CardType::Hero),
        "ally" | "allies" => Some(CardType::Ally),
        "attachment" | "attachments" => Some(CardType::Attachment),
        "event" | "events" => Some(CardType::Event),
        "side quest" | "side quests" | "player side quest" | "player side quests" => {
            Some(CardType::PlayerSideQuest)
        }
        "contract" | "contracts" => Some(CardType::Contract),
        "treasure" | "treasures" => Some(CardType::Treasure),
        "sideboard" | "side board" | "maybeboard" | "maybe" => return Some(Section::Skip),
        "deck" | "main deck" | "cards" | "player deck" => None,
        _ => return None,
    };
    Some(Section::Cards(ty))
}

/// Replaces the common HTML entities (`&amp;`, `&#39;`, `&quot;`, `&#x27;`...).
fn decode_entities(s: &str) -> String {
    if !s.contains('&') {
        return s.to_string();
    }
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(i) = rest.find('&') {
        out.push_str(&rest[..i]);
        rest = &rest[i..];
        let decoded = rest.find(';').filter(|&e| e <= 10).and_then(|e| {
            let ent = &rest[1..e];
            let c = match ent {
                "amp" => Some('&'),
                "quot" => Some('"'),
                "apos" => Some('\''),
                "lt" => Some('<'),
                "gt" => Some('>'),
                "nbsp" => Some(' '),
                _ if ent.starts_with("#x") || ent.starts_with("#X") => {
                    u32::from_str_radix(&ent[2..], 16)
                        .ok()
                        .and_then(char::from_u32)
                }
                _ if ent.starts_with('#') => ent[1..].parse().ok().and_then(char::from_u32),
                _ => None,
            };
            c.map(|c| (c, e))
        });
        match decoded {
            Some((c, e)) => {
                out.push(c);
                rest = &rest[e + 1..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// Splits a card line into (copies text, name with optional set). Accepts `3x Name`, `3 x Name`,
/// `3 Name`, `Name x3`, `Name x 3`, `Name (Core Set) x3`. `None` when the line has no quantity.
fn split_quantity(s: &str) -> Option<(&str, &str)> {
    // Leading count: digits, optional x/×, then the name.
    let digits = s.len()
        - s.trim_start_matches(|c: char| c.is_ascii_digit() || c == '-')
            .len();
    if digits > 0 {
        let rest = &s[digits..];
        let after_x = rest.strip_prefix(['x', 'X', '×']).unwrap_or(rest);
        let after_x = after_x.trim_start_matches([':', '.', ')']);
        if after_x.starts_with(char::is_whitespace) && !after_x.trim().is_empty() {
            return Some((&s[..digits], after_x.trim()));
        }
    }
    // Trailing count: "... x3" / "... x 3" / "... ×3".
    let trimmed = s.trim_end();
    let tail = trimmed.len() - trimmed.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    if tail > 0 {
        let head = trimmed[..trimmed.len() - tail].trim_end();
        if let Some(name) = head.strip_suffix(['x', 'X', '×']) {
            if name.ends_with(char::is_whitespace) && !name.trim().is_empty() {
                return Some((&trimmed[trimmed.len() - tail..], name.trim()));
            }
        }
    }
    None
}

/// Splits `Name (Set)` into ("Name", Some("Set")).
fn split_set(s: &str) -> (&str, Option<&str>) {
    let s = s.trim();
    if let (Some(open), true) = (s.rfind('('), s.ends_with(')')) {
        let name = s[..open].trim();
        if !name.is_empty() {
            return (name, Some(s[open + 1..s.len() - 1].trim()));
        }
    }
    (s, None)
}

fn parse_text(text: &str, db: &CardDb) -> LineResult<Vec<Entry>> {
    let mut out = Vec::new();
    let mut section = Section::Preamble;
    for (i, raw) in text.split('\n').enumerate() {
        let line = i + 1;
        let decoded = decode_entities(raw.trim_end_matches('\r'));
        // Stray list bullets and markdown emphasis around the line.
        let s = decoded
            .trim()
            .trim_start_matches(['-', '*', '•', '·', '+', '>'])
            .trim()
            .trim_matches('*')
            .trim_end_matches(['.', ',', ';'])
            .trim();
        if s.is_empty() || s.starts_with('#') || s.starts_with("//") {
            continue;
        }
        if let Some(h) = heading(s) {
            section = h;
            continue;
        }
        if section == Section::Skip {
            continue;
        }
        let hint = match section {
            Section::Cards(t) => t,
            _ => None,
        };
        let (qty, name) = match split_quantity(s) {
            Some((q, n)) => (parse_qty(q, line)?, n),
            None => {
                // No count: a bare card name counts once under a heading; anything else
                // (deck name, "Total Threat: 28", "Deck built on ringsdb.com") is free text.
                let (n, set) = split_set(s);
                match (resolve_name(n, set, hint, db), section) {
                    (Ok(id), _) => {
                        out.push(Entry {
                            line,
                            id,
                            copies: 1,
                        });
                        continue;
                    }
                    (Err(e), Section::Cards(_)) if !is_free_text(s) => return Err((line, e)),
                    // A card title with several versions is a card line, never free text.
                    (Err(e), _) if e.contains("is ambiguous") => return Err((line, e)),
                    _ => continue,
                }
            }
        };
        let (n, set) = split_set(name);
        let id = resolve_name(n, set, hint, db).map_err(|e| (line, e))?;
        out.push(Entry {
            line,
            id,
            copies: qty,
        });
    }
    Ok(out)
}

/// Lines that are notes rather than cards: `key: value` metadata, links, RingsDB footers.
fn is_free_text(s: &str) -> bool {
    let l = s.to_ascii_lowercase();
    s.contains(':')
        || l.contains("ringsdb")
        || l.contains("http")
        || [
            "cards up to",
            "total",
            "deck built",
            "starting threat",
            "threat",
            "packs",
            "version",
        ]
        .iter()
        .any(|p| l.starts_with(p))
}

/// Printings with the same title, type, sphere and stats are the same card.
fn same_card(a: &CardDef, b: &CardDef) -> bool {
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
fn distinct_cards(ids: &[DefId], db: &CardDb) -> Vec<DefId> {
    let mut reps: Vec<DefId> = Vec::new();
    for &id in ids {
        if !reps.iter().any(|&r| same_card(db.def(r), db.def(id))) {
            reps.push(id);
        }
    }
    reps
}

fn describe(id: DefId, db: &CardDb) -> String {
    let d = db.def(id);
    format!(
        "{} ({:?}, {:?}, {} {})",
        d.title, d.ty, d.sphere, d.set_name, d.code
    )
}

/// Resolves a player card name (with optional set text and section type hint) to one card.
fn resolve_name(
    name: &str,
    set: Option<&str>,
    hint: Option<CardType>,
    db: &CardDb,
) -> Result<DefId, String> {
    let mut all: Vec<DefId> = db
        .find_by_title(name)
        .into_iter()
        .filter(|&i| db.def(i).ty.is_player_card())
        .collect();
    if all.is_empty() {
        // The parentheses may be part of what the user meant as the name.
        if let Some(set) = set {
            let whole = format!("{name} ({set})");
            let ids: Vec<DefId> = db
                .find_by_title(&whole)
                .into_iter()
                .filter(|&i| db.def(i).ty.is_player_card())
                .collect();
            if !ids.is_empty() {
                return resolve_name(&whole, None, hint, db);
            }
        }
        if let Some(&enc) = db.find_by_title(name).first() {
            let d = db.def(enc);
            return Err(format!(
                "`{name}` is an encounter card ({}, {}), not a player card: it cannot be in a player deck",
                d.code, d.encounter_set
            ));
        }
        return Err(format!("unknown card `{name}`{}", did_you_mean(name, db)));
    }
    // A heading ("Allies") narrows the choice when it fits some candidates.
    if let Some(t) = hint {
        let typed: Vec<DefId> = all.iter().copied().filter(|&i| db.def(i).ty == t).collect();
        if !typed.is_empty() {
            all = typed;
        }
    }
    let cards = distinct_cards(&all, db);
    if cards.len() == 1 {
        return Ok(cards[0]);
    }
    // Several different cards share the title: the set in parentheses decides.
    if let Some(set) = set {
        let key = normalize_title(set);
        let in_set: Vec<DefId> = all
            .iter()
            .copied()
            .filter(|&i| {
                let d = db.def(i);
                normalize_title(&d.set_name) == key || normalize_title(&d.set_abbr) == key
            })
            .collect();
        // Map the printings in that set back to their card's earliest printing.
        let chosen: Vec<DefId> = cards
            .iter()
            .copied()
            .filter(|&c| in_set.iter().any(|&i| same_card(db.def(c), db.def(i))))
            .collect();
        if chosen.len() == 1 {
            return Ok(chosen[0]);
        }
    }
    let options: Vec<String> = cards.iter().map(|&c| describe(c, db)).collect();
    Err(format!(
        "`{name}` is ambiguous{}: it could be {}; add the set in parentheses, e.g. `1x {} ({})`",
        set.map(|s| format!(" in set `{s}`")).unwrap_or_default(),
        options.join(" or "),
        db.def(cards[0]).title,
        db.def(cards[0]).set_name
    ))
}

/// Levenshtein distance over chars.
fn edit_distance(a: &str, b: &str) -> usize {
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
fn did_you_mean(name: &str, db: &CardDb) -> String {
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
