//! Player decks: the `Deck` type, deck import and legality checks.
//!
//! * [`import_deck`] reads any supported format, detected from the content: a RingsDB JSON
//!   decklist (`heroes` / `slots` / `sideslots` keyed by RingsDB codes), an OCTGN `.o8d`
//!   (by GUID; sideboard and shared sections ignored), or a text list (RingsDB text export or a
//!   hand-typed forum list: `3x Name`, `Name x3`, `3 Name`, an optional set or sphere in
//!   parentheses, headings in any case). It returns an [`Imported`] deck with notes on every
//!   guess it made; [`parse_deck`] / [`load_deck`] return only the playable [`Deck`].
//! * Text titles are matched after normalisation (case, accents, punctuation and HTML entities
//!   ignored). A title with several different cards is settled by the set or sphere written on
//!   the line, then by the spheres of the rest of the deck; otherwise it is an error listing the
//!   choices. Unknown names get the nearest card titles.
//! * [`check`] judges deck legality (errors vs warnings), [`builtin_decks`] lists the decks
//!   embedded from `decks/` and [`resolve_deck`] accepts a built-in name or a path.
//!
//! Heroes and deck cards are told apart by the card's type, never by the section heading.
//! Problems are reported as a [`DeckError`] naming the file and line.

mod check;
mod json;

pub use check::{check, Check, Finding, Severity};

use std::path::Path;

use crate::data::{normalize_title, CardDb, CardDef, CardType, DefId, Sphere};

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

/// The decks shipped with the binary (from `decks/`): the four Core Set sphere decks (OCTGN
/// files) and the stronger two-sphere sample decks (Core Set, Core Set + The Lost Realm, Core
/// Set + Wrath and Ruin with The Burglar's Turn) (text lists whose `# Plan:` line says how
/// they mean to win). (name, text).
pub fn builtin_decks() -> &'static [(&'static str, &'static str)] {
    const DECKS: [(&str, &str); 11] = [
        (
            "core-leadership",
            include_str!("../../decks/core-leadership.o8d"),
        ),
        ("core-lore", include_str!("../../decks/core-lore.o8d")),
        ("core-spirit", include_str!("../../decks/core-spirit.o8d")),
        ("core-tactics", include_str!("../../decks/core-tactics.o8d")),
        (
            "core-rohan-questers",
            include_str!("../../decks/core-rohan-questers.txt"),
        ),
        (
            "core-gondor-hunters",
            include_str!("../../decks/core-gondor-hunters.txt"),
        ),
        (
            "core-wardens-of-gondor",
            include_str!("../../decks/core-wardens-of-gondor.txt"),
        ),
        (
            "core-riders-and-bowmen",
            include_str!("../../decks/core-riders-and-bowmen.txt"),
        ),
        (
            "dunedain-hunters",
            include_str!("../../decks/dunedain-hunters.txt"),
        ),
        (
            "northern-wardens",
            include_str!("../../decks/northern-wardens.txt"),
        ),
        ("war-burglars", include_str!("../../decks/war-burglars.txt")),
    ];
    &DECKS
}

/// A built-in deck name (`core-tactics`, `tactics`, `Core Tactics`...) or a path to a deck file.
pub fn resolve_deck(spec: &str, db: &CardDb) -> Result<Deck, DeckError> {
    let imp = import_spec(spec, db)?;
    let file = if builtin_text(spec).is_some() {
        imp.deck.name.clone()
    } else {
        spec.to_string()
    };
    playable(&file, imp, db)
}

/// The embedded text of built-in deck `spec` (`core-tactics`, `tactics`, `Core Tactics`):
/// (name, text).
fn builtin_text(spec: &str) -> Option<(&'static str, &'static str)> {
    let key = spec.trim().to_ascii_lowercase().replace([' ', '_'], "-");
    let key = key.strip_suffix(".o8d").unwrap_or(&key);
    builtin_decks()
        .iter()
        .find(|(name, _)| key == *name || Some(key) == name.strip_prefix("core-"))
        .copied()
}

/// Imports a built-in deck by name or a deck file by path (see [`resolve_deck`]).
pub fn import_spec(spec: &str, db: &CardDb) -> Result<Imported, DeckError> {
    if let Some((name, text)) = builtin_text(spec) {
        return import_deck(name, text, db);
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
    import_file(path, db)
}

/// The format a deck was read from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// A RingsDB decklist as JSON (`heroes`, `slots`, `sideslots` keyed by RingsDB codes).
    RingsDbJson,
    /// An OCTGN `.o8d` deck (XML, cards by GUID).
    O8d,
    /// A text list: RingsDB text export or a hand-typed list.
    Text,
}

impl Format {
    pub fn name(self) -> &'static str {
        match self {
            Format::RingsDbJson => "RingsDB JSON",
            Format::O8d => "OCTGN .o8d",
            Format::Text => "text list",
        }
    }
}

/// One resolved deck line: `copies` of card `id`, read on `line` (0 = no line, e.g. JSON keys
/// are given their own line).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub line: usize,
    pub id: DefId,
    pub copies: u32,
}

/// Everything read from a deck file, including what is not played.
#[derive(Clone, Debug, Default)]
pub struct Imported {
    /// The playable deck: heroes and one entry per card copy (encounter cards left out).
    pub deck: Deck,
    pub format: Option<Format>,
    /// The main-deck lines as read (heroes included), in file order.
    pub entries: Vec<Entry>,
    /// Encounter (non-player) cards listed among the deck's cards: not allowed there.
    pub encounter: Vec<Entry>,
    /// Cards in a set-aside section (OCTGN `Special` / `Setup`, a `Set aside` heading): kept out
    /// of the deck, allowed to be encounter cards.
    pub set_aside: Vec<Entry>,
    /// Copies listed in a sideboard (ignored).
    pub sideboard: u32,
    /// The loot deck's lines (The Burglar's Turn): the sideboard, or a `Loot deck` section, of a
    /// deck that holds that contract; empty otherwise. Its cards are `deck.loot`.
    pub loot: Vec<Entry>,
    /// Sideboard and loot-section lines as read, each resolved or with the reason it is not:
    /// they only matter (and only fail the import) when the deck needs a loot deck.
    side: Vec<SideLine>,
    /// Deck name or description found in the file (JSON `name`, `#` comment lines of a list).
    pub description: Vec<String>,
    /// Choices the importer made on its own (a version chosen by the deck's spheres, an unknown
    /// OCTGN id read by its name, an unknown section), as `line: text` messages.
    pub notes: Vec<String>,
}

/// A sideboard or loot-section line (see `Imported::side`).
#[derive(Clone, Debug)]
struct SideLine {
    line: usize,
    copies: u32,
    /// Listed under a `Loot deck` / `Loot` heading (text lists), not a plain sideboard.
    loot_heading: bool,
    found: Result<DefId, String>,
}

impl SideLine {
    /// A sideboard line outside any `Loot deck` heading.
    fn plain(line: usize, copies: u32, found: Result<DefId, String>) -> Self {
        SideLine {
            line,
            copies,
            loot_heading: false,
            found,
        }
    }
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

/// Reads and parses a deck file; the deck is named after the file stem.
pub fn load_deck(path: &Path, db: &CardDb) -> Result<Deck, DeckError> {
    let imp = import_file(path, db)?;
    playable(&path.display().to_string(), imp, db)
}

/// Reads a deck file of any supported format; the deck is named after the file stem.
pub fn import_file(path: &Path, db: &CardDb) -> Result<Imported, DeckError> {
    let file = path.display().to_string();
    let err = |message: String| DeckError {
        file: file.clone(),
        line: 0,
        message,
    };
    let bytes = std::fs::read(path).map_err(|e| err(format!("cannot read the file: {e}")))?;
    let text = decode_bytes(&bytes).ok_or_else(|| {
        err("not a text file (not valid UTF-8); expected a RingsDB JSON or text deck list or an OCTGN .o8d".into())
    })?;
    let name = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut imp = import_named(&file, &name, &text, db)?;
    imp.deck.name = name;
    Ok(imp)
}

/// UTF-8 text, or UTF-16 with a byte-order mark (what some Windows editors save).
fn decode_bytes(bytes: &[u8]) -> Option<String> {
    let utf16 = |be: bool| {
        let units: Vec<u16> = bytes[2..]
            .chunks_exact(2)
            .map(|c| {
                if be {
                    u16::from_be_bytes([c[0], c[1]])
                } else {
                    u16::from_le_bytes([c[0], c[1]])
                }
            })
            .collect();
        String::from_utf16(&units).ok()
    };
    match bytes {
        [0xFF, 0xFE, rest @ ..] if rest.len() % 2 == 0 => utf16(false),
        [0xFE, 0xFF, rest @ ..] if rest.len() % 2 == 0 => utf16(true),
        _ => String::from_utf8(bytes.to_vec()).ok(),
    }
}

/// Parses a deck from text, detecting the format (RingsDB JSON, OCTGN `.o8d`, text list).
/// `name` names the deck and is used as the file name in errors.
pub fn parse_deck(name: &str, text: &str, db: &CardDb) -> Result<Deck, DeckError> {
    let imp = import_named(name, name, text, db)?;
    playable(name, imp, db)
}

/// Reads a deck of any supported format from text, keeping everything [`check`] needs.
pub fn import_deck(name: &str, text: &str, db: &CardDb) -> Result<Imported, DeckError> {
    import_named(name, name, text, db)
}

/// The playable deck of an import, or the first thing that makes it unplayable.
fn playable(file: &str, imp: Imported, db: &CardDb) -> Result<Deck, DeckError> {
    if let Some(e) = imp.encounter.first() {
        return Err(DeckError {
            file: file.to_string(),
            line: e.line,
            message: encounter_message(e.id, db),
        });
    }
    Ok(imp.deck)
}

fn encounter_message(id: DefId, db: &CardDb) -> String {
    let d = db.def(id);
    format!(
        "`{}` is an encounter card ({}, {}), not a player card: it cannot be in a player deck",
        d.title, d.code, d.encounter_set
    )
}

fn import_named(file: &str, name: &str, text: &str, db: &CardDb) -> Result<Imported, DeckError> {
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
            "contains binary data; expected a RingsDB JSON or text deck list or an OCTGN .o8d"
                .into(),
        ));
    }
    let head = text.trim_start();
    let mut imp = Imported {
        deck: Deck {
            name: name.to_string(),
            ..Deck::default()
        },
        ..Imported::default()
    };
    let (format, parsed) = if head.starts_with('{') || head.starts_with('[') {
        (Format::RingsDbJson, parse_ringsdb_json(text, db, &mut imp))
    } else if head.starts_with('<') {
        (Format::O8d, parse_o8d(text, db, &mut imp))
    } else {
        (Format::Text, parse_text(text, db, &mut imp))
    };
    imp.format = Some(format);
    parsed.map_err(|(l, m)| err(l, m))?;
    let mut entries = std::mem::take(&mut imp.entries);
    for e in entries.iter_mut().chain(imp.set_aside.iter_mut()) {
        e.id = implemented_printing(e.id, db);
    }
    for &e in &entries {
        let def = db.def(e.id);
        if !def.ty.is_player_card() {
            imp.encounter.push(e);
            continue;
        }
        if def.ty == CardType::Hero {
            if e.copies != 1 || imp.deck.heroes.contains(&e.id) {
                return Err(err(
                    e.line,
                    format!(
                        "hero {} is listed more than once; a deck has one copy of each hero",
                        def.title
                    ),
                ));
            }
            imp.deck.heroes.push(e.id);
        } else {
            imp.deck
                .cards
                .extend(std::iter::repeat_n(e.id, e.copies as usize));
        }
    }
    imp.entries = entries;
    finish_loot(&mut imp, format, db).map_err(|(l, m)| err(l, m))?;
    if imp.entries.is_empty() {
        return Err(err(
            0,
            match format {
                Format::RingsDbJson => "no cards found: the JSON has no `heroes` or `slots` entries".into(),
                _ => "no cards found; expected lines like `3x Guard of the Citadel`, an OCTGN .o8d deck or a RingsDB JSON decklist".into(),
            },
        ));
    }
    Ok(imp)
}

type LineResult<T> = Result<T, (usize, String)>;

/// With The Burglar's Turn in the deck, its sideboard (or, in a text list, its `Loot deck`
/// section) is the loot deck: 14 different Item or Artifact attachments, one copy each. Without
/// the contract the sideboard stays ignored.
fn finish_loot(imp: &mut Imported, format: Format, db: &CardDb) -> LineResult<()> {
    let side = std::mem::take(&mut imp.side);
    let where_ = match format {
        Format::RingsDbJson => "in `sideslots`",
        Format::O8d => "in the `Sideboard` section",
        Format::Text => "under a `Loot deck` (or `Sideboard`) heading",
    };
    let Some(contract) = imp.entries.iter().find(|e| needs_loot(db, e.id)).copied() else {
        if let Some(s) = side.iter().find(|s| s.loot_heading) {
            let n: u32 = side
                .iter()
                .filter(|s| s.loot_heading)
                .map(|s| s.copies)
                .sum();
            imp.sideboard += n;
            imp.notes.push(format!(
                "{}: a loot deck is listed but the deck has no The Burglar's Turn: ignored",
                s.line
            ));
        }
        return Ok(());
    };
    let from_heading = side.iter().any(|s| s.loot_heading);
    let lines: Vec<&SideLine> = side
        .iter()
        .filter(|s| !from_heading || s.loot_heading)
        .collect();
    if lines.is_empty() {
        return Err((
            contract.line,
            format!(
                "The Burglar's Turn needs a loot deck and the deck has none: list {LOOT_SIZE} different Item or Artifact attachments {where_}"
            ),
        ));
    }
    let mut used = 0;
    for s in &lines {
        let id = match &s.found {
            Ok(id) => implemented_printing(*id, db),
            Err(m) => return Err((s.line, format!("loot deck: {m}"))),
        };
        if let Some(m) = loot_card_problem(db, id) {
            return Err((s.line, format!("loot deck: {m}")));
        }
        let t = normalize_title(&db.def(id).title);
        if s.copies > 1 {
            return Err((
                s.line,
                format!(
                    "loot deck: {} copies of {}; the loot deck holds {LOOT_SIZE} different attachments, one copy of each",
                    s.copies,
                    db.def(id).title
                ),
            ));
        }
        if let Some(o) = imp
            .loot
            .iter()
            .find(|o| normalize_title(&db.def(o.id).title) == t)
        {
            return Err((
                s.line,
                format!(
                    "loot deck: {} is listed twice (also line {}); the loot deck holds {LOOT_SIZE} different attachments",
                    db.def(id).title,
                    o.line
                ),
            ));
        }
        used += s.copies;
        imp.loot.push(Entry {
            line: s.line,
            id,
            copies: s.copies,
        });
        imp.deck.loot.push(id);
    }
    if imp.deck.loot.len() != LOOT_SIZE {
        return Err((
            lines[0].line,
            format!(
                "the loot deck has {} card(s); The Burglar's Turn needs exactly {LOOT_SIZE} different Item or Artifact attachments {where_}",
                imp.deck.loot.len()
            ),
        ));
    }
    if !from_heading {
        imp.sideboard = imp.sideboard.saturating_sub(used);
    }
    Ok(())
}

/// Card abilities are implemented per printing (card code). When `id`'s printing is not
/// implemented but another printing of the same card is (a Revised Core or starter reprint,
/// a Lost Realm card first printed in the starter), that printing is played instead.
fn implemented_printing(id: DefId, db: &CardDb) -> DefId {
    if crate::cards::status(db, id) != crate::cards::Status::Missing {
        return id;
    }
    let d = db.def(id);
    let key = normalize_title(&d.title);
    db.defs
        .iter()
        .enumerate()
        .find(|(i, o)| {
            !o.is_back_face()
                && same_card(o, d)
                && normalize_title(&o.title) == key
                && crate::cards::status(db, *i as DefId) != crate::cards::Status::Missing
        })
        .map_or(id, |(i, _)| i as DefId)
}

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

/// The card type a deck section (OCTGN section name or text heading, lowercased) stands for:
/// `Some(None)` for a section of any player card type, `None` if it is no player section.
fn section_type(key: &str) -> Option<Option<CardType>> {
    Some(Some(match key {
        "hero" | "heroes" | "heros" => CardType::Hero,
        "ally" | "allies" => CardType::Ally,
        "attachment" | "attachments" => CardType::Attachment,
        "event" | "events" => CardType::Event,
        "side quest" | "side quests" | "player side quest" | "player side quests" => {
            CardType::PlayerSideQuest
        }
        "contract" | "contracts" => CardType::Contract,
        "treasure" | "treasures" => CardType::Treasure,
        "deck" | "main deck" | "cards" | "player deck" | "player objective"
        | "player objectives" | "player cards" => return Some(None),
        _ => return None,
    }))
}

/// OCTGN sections (and text headings) whose cards are set aside, out of the deck.
const SET_ASIDE_SECTIONS: &[&str] = &[
    "special",
    "second special",
    "setup",
    "set aside",
    "set-aside",
    "setaside",
];
/// OCTGN sections that hold the shared quest/encounter cards or a game's zones: skipped.
const SKIPPED_SECTIONS: &[&str] = &[
    "quest",
    "second quest deck",
    "encounter",
    "second encounter deck",
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
fn parse_o8d(text: &str, db: &CardDb, imp: &mut Imported) -> LineResult<()> {
    #[derive(Clone, Copy, PartialEq)]
    enum Sec {
        Deck(Option<CardType>),
        Side,
        SetAside,
        Skip,
    }
    let mut sec = Sec::Deck(None);
    let mut pos = 0;
    while let Some(off) = text[pos..].find('<') {
        let start = pos + off;
        let line = line_of(text, start);
        if text[start..].starts_with("<![CDATA[") {
            pos = text[start..]
                .find("]]>")
                .map_or(text.len(), |e| start + e + 3);
            continue;
        }
        if text[start..].starts_with("<!--") {
            pos = text[start..]
                .find("-->")
                .map_or(text.len(), |e| start + e + 3);
            continue;
        }
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
                sec = if let Some(t) = section_type(&key) {
                    Sec::Deck(t)
                } else if key == "sideboard" {
                    Sec::Side
                } else if SET_ASIDE_SECTIONS.contains(&key.as_str()) {
                    Sec::SetAside
                } else if SKIPPED_SECTIONS.contains(&key.as_str()) {
                    Sec::Skip
                } else {
                    imp.notes.push(format!(
                        "{line}: unknown section `{name}`: its cards are read as deck cards"
                    ));
                    Sec::Deck(None)
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
                if sec == Sec::Skip {
                    continue;
                }
                let title = decode_entities(title.trim());
                let qty = attr(tag, "qty")
                    .ok_or((line, format!("card `{title}` has no qty attribute")))?;
                let copies = parse_qty(qty, line)?;
                let guid = attr(tag, "id").unwrap_or("").trim().to_ascii_lowercase();
                let by_guid = db
                    .defs
                    .iter()
                    .position(|d| !d.is_back_face() && !guid.is_empty() && d.octgn_id == guid)
                    .map(|i| i as DefId);
                if sec == Sec::Side {
                    imp.sideboard += copies;
                    // Kept for a loot deck (The Burglar's Turn); otherwise ignored.
                    let found = match by_guid {
                        Some(id) => Ok(id),
                        None => match resolve_name(
                            &title,
                            None,
                            Hint::of_type(Some(CardType::Attachment)),
                            db,
                        ) {
                            Found::One(id) => Ok(id),
                            _ => Err(format!(
                                "unknown OCTGN card id `{guid}` for `{title}`{}",
                                did_you_mean(&title, db)
                            )),
                        },
                    };
                    imp.side.push(SideLine::plain(line, copies, found));
                    continue;
                }
                let hint = match sec {
                    Sec::Deck(t) => t,
                    _ => None,
                };
                let id = match by_guid {
                    Some(id) => id,
                    None => match resolve_name(&title, None, Hint::of_type(hint), db) {
                        Found::One(id) => {
                            imp.notes.push(format!(
                                "{line}: unknown OCTGN card id `{guid}`: read by its name `{title}` as {}",
                                describe(id, db)
                            ));
                            id
                        }
                        Found::Unknown(_) if sec == Sec::SetAside => {
                            imp.notes.push(format!(
                                "{line}: set-aside card `{title}` (OCTGN id `{guid}`) is not in the card table; ignored"
                            ));
                            continue;
                        }
                        _ => {
                            return Err((
                                line,
                                format!(
                                    "unknown OCTGN card id `{guid}` for `{title}`{}",
                                    did_you_mean(&title, db)
                                ),
                            ))
                        }
                    },
                };
                let e = Entry { line, id, copies };
                if sec == Sec::SetAside {
                    imp.set_aside.push(e);
                } else {
                    imp.entries.push(e);
                }
            }
            _ => {}
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// RingsDB JSON
// ---------------------------------------------------------------------------------------------

/// A RingsDB decklist (`/api/public/decklist/ID.json`, `/api/public/deck/ID.json` or a saved
/// copy): `heroes` and `slots` map RingsDB card codes to copies, `sideslots` is the sideboard
/// (ignored). `slots` may or may not repeat the heroes; a hero is counted once. An array of
/// decklists is accepted when it holds exactly one.
fn parse_ringsdb_json(text: &str, db: &CardDb, imp: &mut Imported) -> LineResult<()> {
    use json::Kind;
    let root = json::parse(text).map_err(|e| {
        (
            e.line,
            format!("malformed JSON at column {}: {}", e.column, e.message),
        )
    })?;
    let root = match &root.kind {
        Kind::Array(items) if items.len() == 1 => &items[0],
        Kind::Array(items) => {
            return Err((
                root.line,
                format!(
                    "a JSON array of {} items: expected one RingsDB decklist object",
                    items.len()
                ),
            ))
        }
        _ => &root,
    };
    if !matches!(root.kind, Kind::Object(_)) {
        return Err((
            root.line,
            format!(
                "the JSON is {}: expected a RingsDB decklist object with `heroes` and `slots`",
                root.describe()
            ),
        ));
    }
    if root.get("heroes").is_none() && root.get("slots").is_none() {
        return Err((
            root.line,
            "no `heroes` or `slots` in the JSON: not a RingsDB decklist".into(),
        ));
    }
    if let Some(name) = root.get("name").and_then(|v| v.as_str()) {
        if !name.trim().is_empty() {
            imp.description.push(decode_entities(name.trim()));
        }
    }
    // RingsDB code -> earliest printing with that code.
    let mut by_code: std::collections::HashMap<&str, DefId> = std::collections::HashMap::new();
    for (i, d) in db.defs.iter().enumerate() {
        if !d.ringsdb_code.is_empty() && !d.is_back_face() {
            by_code.entry(d.ringsdb_code.as_str()).or_insert(i as DefId);
        }
    }
    let mut heroes: Vec<DefId> = Vec::new();
    for field in ["heroes", "slots", "sideslots"] {
        let Some(v) = root.get(field) else { continue };
        let members: &[(String, usize, json::Value)] = match &v.kind {
            Kind::Object(m) => m,
            // PHP writes an empty map as `[]`.
            Kind::Array(a) if a.is_empty() => &[],
            Kind::Null => &[],
            _ => {
                return Err((
                    v.line,
                    format!(
                        "`{field}` is {}: expected an object of RingsDB card code to copies",
                        v.describe()
                    ),
                ))
            }
        };
        for (code, line, qty) in members {
            let line = *line;
            let copies = match &qty.kind {
                Kind::Number(n) | Kind::String(n) => {
                    if n.trim() == "0" {
                        continue; // RingsDB keeps removed cards as 0 copies
                    }
                    parse_qty(n, line)?
                }
                _ => {
                    return Err((
                        line,
                        format!(
                            "copies of `{code}` in `{field}` is {}: expected a number",
                            qty.describe()
                        ),
                    ))
                }
            };
            if field == "sideslots" {
                imp.sideboard += copies;
                // Kept for a loot deck (The Burglar's Turn); otherwise ignored.
                let found = by_code.get(code.trim()).copied().ok_or_else(|| {
                    format!(
                        "unknown RingsDB card code `{code}` in `sideslots`{}",
                        near_codes(code, &by_code, db)
                    )
                });
                imp.side.push(SideLine::plain(line, copies, found));
                continue;
            }
            let Some(&id) = by_code.get(code.trim()) else {
                return Err((
                    line,
                    format!(
                        "unknown RingsDB card code `{code}` in `{field}`{}",
                        near_codes(code, &by_code, db)
                    ),
                ));
            };
            let d = db.def(id);
            if field == "heroes" {
                if d.ty != CardType::Hero {
                    return Err((
                        line,
                        format!("`{code}` in `heroes` is {}, not a hero", describe(id, db)),
                    ));
                }
                heroes.push(id);
            } else if d.ty == CardType::Hero && heroes.contains(&id) {
                continue; // RingsDB repeats the heroes in `slots`
            } else if d.ty == CardType::Hero {
                heroes.push(id);
            }
            imp.entries.push(Entry { line, id, copies });
        }
    }
    Ok(())
}

/// `"; nearest known codes: 01072 (Title), ..."` for an unknown RingsDB code.
fn near_codes(code: &str, by_code: &std::collections::HashMap<&str, DefId>, db: &CardDb) -> String {
    let Ok(n) = code.trim().parse::<i64>() else {
        return "; RingsDB codes are 5 or more digits such as `01001`".into();
    };
    let mut near: Vec<(i64, &str, DefId)> = by_code
        .iter()
        .filter_map(|(c, &id)| c.parse::<i64>().ok().map(|k| ((k - n).abs(), *c, id)))
        .collect();
    near.sort();
    let list: Vec<String> = near
        .iter()
        .take(3)
        .map(|&(_, c, id)| format!("{c} ({})", db.def(id).title))
        .collect();
    if list.is_empty() {
        String::new()
    } else {
        format!("; nearest known codes: {}", list.join(", "))
    }
}

// ---------------------------------------------------------------------------------------------
// Text lists (RingsDB export, forum posts)
// ---------------------------------------------------------------------------------------------

/// What the current heading says about the following lines.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Section {
    /// Before any heading: lines without a quantity are free text (deck name, notes).
    Preamble,
    /// Under a player-card heading; the hint narrows name look-ups.
    Cards(Hint),
    /// Set-aside cards: kept out of the deck.
    SetAside,
    /// Sideboard / maybeboard: ignored until the next heading (unless the deck needs a loot
    /// deck: then the sideboard is the loot deck).
    Skip,
    /// A `Loot deck` heading: the loot deck of The Burglar's Turn.
    Loot,
}

/// What a heading or a line says about the card meant: its type and sphere.
#[derive(Clone, Copy, PartialEq, Eq, Default, Debug)]
struct Hint {
    ty: Option<CardType>,
    sphere: Option<Sphere>,
}

impl Hint {
    fn of_type(ty: Option<CardType>) -> Self {
        Hint { ty, sphere: None }
    }
}

/// A sphere named by `s` (`Lore`, `leadership`, `Tactics`...).
fn sphere_named(s: &str) -> Option<Sphere> {
    Some(match normalize_title(s).as_str() {
        "leadership" => Sphere::Leadership,
        "tactics" => Sphere::Tactics,
        "spirit" => Sphere::Spirit,
        "lore" => Sphere::Lore,
        "neutral" => Sphere::Neutral,
        "baggins" => Sphere::Baggins,
        "fellowship" => Sphere::Fellowship,
        _ => return None,
    })
}

/// Recognises a heading line (`Hero (3)`, `Allies:`, `ATTACHMENTS`, `Sideboard`, `## Events`,
/// `Lore:`).
fn heading(line: &str) -> Option<Section> {
    let mut s = line
        .trim()
        .trim_start_matches(['#', '=', '*', '_'])
        .trim_end_matches(['#', '=', '*', '_'])
        .trim()
        .trim_end_matches(':')
        .trim();
    // Drop a trailing count such as "(3)" or "x3".
    if let Some(open) = s.rfind(['(', '[']) {
        if s.ends_with([')', ']'])
            && s[open + 1..s.len() - 1]
                .trim()
                .trim_end_matches("cards")
                .trim()
                .chars()
                .all(|c| c.is_ascii_digit())
        {
            s = s[..open].trim_end();
        }
    }
    let s = s
        .trim_end_matches(|c: char| c.is_ascii_digit() || c == ':')
        .trim()
        .to_lowercase();
    let key = s.trim_end_matches(['-', '–', ':']).trim();
    if let Some(t) = section_type(key) {
        return Some(Section::Cards(Hint::of_type(t)));
    }
    if let Some(sp) = sphere_named(key).filter(|_| !key.contains(' ')) {
        return Some(Section::Cards(Hint {
            ty: None,
            sphere: Some(sp),
        }));
    }
    match key {
        "sideboard" | "side board" | "side-board" | "maybeboard" | "maybe" | "sideboard cards" => {
            Some(Section::Skip)
        }
        "loot" | "loot deck" | "loot cards" | "loot-deck" => Some(Section::Loot),
        _ if SET_ASIDE_SECTIONS.contains(&key) => Some(Section::SetAside),
        _ => None,
    }
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
                "rsquo" | "lsquo" => Some('\''),
                "ldquo" | "rdquo" => Some('"'),
                "ndash" | "mdash" => Some('-'),
                "times" => Some('×'),
                "eacute" => Some('é'),
                "Eacute" => Some('É'),
                "uacute" => Some('ú'),
                "Uacute" => Some('Ú'),
                "oacute" => Some('ó'),
                "aacute" => Some('á'),
                "iacute" => Some('í'),
                "acirc" => Some('â'),
                "ocirc" => Some('ô'),
                "ucirc" => Some('û'),
                "euml" => Some('ë'),
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
/// `3 Name`, `x3 Name`, `(3) Name`, `Name x3`, `Name x 3`, `Name (x3)`, `Name (Core Set) x3`.
/// `None` when the line has no quantity.
fn split_quantity(s: &str) -> Option<(&str, &str)> {
    // Leading "x3 Name" / "(3) Name" / "(3x) Name".
    let lead = s
        .strip_prefix(['x', 'X', '×'])
        .filter(|r| r.starts_with(|c: char| c.is_ascii_digit()))
        .or_else(|| s.strip_prefix('('))
        .unwrap_or(s);
    // Leading count: digits, optional x/×, then the name.
    let digits = lead.len()
        - lead
            .trim_start_matches(|c: char| c.is_ascii_digit() || c == '-')
            .len();
    if digits > 0 {
        let rest = &lead[digits..];
        // "3 x Name": a spaced multiplication sign.
        let rest = match rest.trim_start().strip_prefix(['x', 'X', '×']) {
            Some(r) if rest.starts_with(' ') && r.starts_with(' ') => r,
            _ => rest,
        };
        let after_x = rest.strip_prefix(['x', 'X', '×']).unwrap_or(rest);
        let after_x = after_x.trim_start_matches([':', '.', ')']);
        if after_x.starts_with(char::is_whitespace) && !after_x.trim().is_empty() {
            return Some((&lead[..digits], after_x.trim()));
        }
    }
    let trimmed = s.trim_end();
    // Trailing "(x3)" / "(3x)" / "[x3]" / "(3)".
    if let Some(inner) = trimmed
        .strip_suffix([')', ']'])
        .and_then(|t| t.rfind(['(', '[']).map(|o| (o, &t[o + 1..])))
    {
        let (open, body) = inner;
        let body = body.trim();
        let num = body
            .trim_start_matches(['x', 'X', '×'])
            .trim_end_matches(['x', 'X', '×'])
            .trim();
        if !num.is_empty() && num.chars().all(|c| c.is_ascii_digit()) {
            let name = trimmed[..open].trim();
            if !name.is_empty() && !name.ends_with(':') {
                return Some((num, name));
            }
        }
    }
    // Trailing count: "... x3" / "... x 3" / "... ×3" / "... - 3".
    let tail = trimmed.len() - trimmed.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    if tail > 0 {
        let head = trimmed[..trimmed.len() - tail].trim_end();
        if let Some(name) = head.strip_suffix(['x', 'X', '×', '*']) {
            if (name.ends_with(char::is_whitespace) || name.ends_with(')'))
                && !name.trim().is_empty()
            {
                return Some((&trimmed[trimmed.len() - tail..], name.trim()));
            }
        }
    }
    None
}

/// Splits `Name (Set)` or `Name [Set]` into ("Name", Some("Set")).
fn split_set(s: &str) -> (&str, Option<&str>) {
    let s = s.trim();
    if let (Some(open), true) = (s.rfind(['(', '[']), s.ends_with([')', ']'])) {
        let name = s[..open].trim().trim_end_matches(['-', '–', ',']).trim();
        if !name.is_empty() {
            return (name, Some(s[open + 1..s.len() - 1].trim()));
        }
    }
    (s, None)
}

/// Stray punctuation around a line: list bullets, markdown emphasis and links, quotes, a
/// trailing full stop.
fn clean_line(raw: &str) -> String {
    let decoded = decode_entities(raw.trim_end_matches('\r'));
    let mut s = decoded
        .replace(['\u{a0}', '\t'], " ")
        .replace(['’', '‘', '`', '´'], "'")
        .replace(['“', '”'], "\"");
    // Markdown links [Name](url) -> Name.
    while let (Some(a), Some(b)) = (
        s.find("]("),
        s.find("](").and_then(|i| s[i..].find(')').map(|j| i + j)),
    ) {
        // A `](` with no `[` before it is not a link: leave the line as it is.
        let Some(open) = s[..a].rfind('[') else {
            break;
        };
        s = format!("{}{}{}", &s[..open], &s[open + 1..a], &s[b + 1..]);
    }
    s.trim()
        .trim_start_matches(['-', '*', '•', '·', '+', '>', '–', '—', '~'])
        .trim()
        .trim_matches(['*', '_', '"'])
        .trim_end_matches(['.', ',', ';', '!'])
        .trim()
        .to_string()
}

/// A line ambiguous on its own, settled after the whole list is read.
struct Pending {
    entry: usize,
    candidates: Vec<DefId>,
    message: String,
}

fn parse_text(text: &str, db: &CardDb, imp: &mut Imported) -> LineResult<()> {
    let mut section = Section::Preamble;
    let mut pending: Vec<Pending> = Vec::new();
    let mut seen_content = false;
    // Lines are split on LF; a CR before it (Windows) is dropped; old-Mac CR-only files are
    // split on CR.
    let sep = if !text.contains('\n') && text.contains('\r') {
        '\r'
    } else {
        '\n'
    };
    for (i, raw) in text.split(sep).enumerate() {
        let line = i + 1;
        let s = clean_line(raw);
        if s.is_empty() || s.starts_with("//") {
            continue;
        }
        if s.starts_with('#') || s.starts_with("==") {
            if let Some(h) = heading(&s) {
                section = h;
            } else if section == Section::Preamble {
                let d = s.trim_matches(['#', '=']).trim();
                if !d.is_empty() {
                    imp.description.push(d.to_string());
                }
            }
            continue;
        }
        let first_line = !seen_content;
        seen_content = true;
        if let Some(h) = heading(&s) {
            section = h;
            continue;
        }
        // "Heroes: Aragorn, Legolas, Gimli" / "Allies (3) - 3x Snowbourn Scout".
        let mut items: Vec<&str> = vec![s.as_str()];
        for sep in [":", " - ", " – ", " — "] {
            if let Some((left, right)) = s.split_once(sep) {
                if let Some(h) = heading(left).filter(|_| !right.trim().is_empty()) {
                    section = h;
                    items = right
                        .split([',', ';'])
                        .map(str::trim)
                        .filter(|x| !x.is_empty())
                        .collect();
                    break;
                }
            }
        }
        if matches!(section, Section::Skip | Section::Loot) {
            let loot_heading = section == Section::Loot;
            for item in &items {
                let item = clean_line(item);
                let (copies, name) = match split_quantity(&item) {
                    Some((q, n)) => {
                        if !loot_heading && items.len() == 1 {
                            imp.sideboard += q.parse::<u32>().unwrap_or(0);
                        }
                        (q.parse::<u32>().unwrap_or(0), n.to_string())
                    }
                    // A bare line: a card, unless it is a note or footer.
                    None if is_free_text(&item) => continue,
                    None => (1, item.clone()),
                };
                // Kept for a loot deck (The Burglar's Turn); otherwise ignored.
                let (n, set) = split_set(&name);
                let found =
                    match resolve_name(n, set, Hint::of_type(Some(CardType::Attachment)), db) {
                        Found::One(id) => Ok(id),
                        Found::Ambiguous(_, m) => Err(m),
                        Found::Unknown(u) => Err(unknown_card(&u, db)),
                    };
                if copies == 0 || copies > MAX_COPIES {
                    imp.side.push(SideLine {
                        line,
                        copies: 1,
                        loot_heading,
                        found: Err(format!("bad quantity in `{item}`")),
                    });
                    continue;
                }
                imp.side.push(SideLine {
                    line,
                    copies,
                    loot_heading,
                    found,
                });
            }
            continue;
        }
        let hint = match section {
            Section::Cards(h) => h,
            _ => Hint::default(),
        };
        let listed = items.len() > 1;
        for item in items {
            let item = clean_line(item);
            let (qty, name) = match split_quantity(&item) {
                Some((q, n)) => (Some(parse_qty(q, line)?), n.to_string()),
                None => (None, item.clone()),
            };
            let (n, set) = split_set(&name);
            let found = resolve_name(n, set, hint, db);
            // The file's first line, bare and before any heading, is the deck's name (RingsDB
            // exports start with it), even when it is also a card title ("Aragorn").
            if qty.is_none() && !listed && section == Section::Preamble && first_line {
                if !matches!(found, Found::Unknown(_)) {
                    imp.notes.push(format!(
                        "{line}: `{item}` read as the deck's name, not as a card (write `1x {item}` to count it)"
                    ));
                }
                imp.description.push(item.clone());
                continue;
            }
            let copies = match (qty, &found, section) {
                // "Total Cards: (50)", "Threat: 28": metadata, not a card.
                (Some(_), Found::Unknown(_), _) if !listed && item.contains(':') => continue,
                (Some(q), _, _) => q,
                (None, Found::One(_), _) => 1,
                // No count: under a heading (or in an inline list) a bare line is a card;
                // anything else (deck name, "Total Threat: 28", "Deck built on ringsdb.com")
                // is free text.
                (None, Found::Unknown(n), Section::Cards(_) | Section::SetAside)
                    if listed || !is_free_text(&item) =>
                {
                    return Err((line, unknown_card(n, db)))
                }
                // A card title with several versions is a card line, never free text.
                (None, Found::Ambiguous(..), _) => 1,
                _ => {
                    if section == Section::Preamble
                        && imp.entries.is_empty()
                        && !is_free_text(&item)
                    {
                        imp.description.push(item.clone());
                    }
                    continue;
                }
            };
            let id = match found {
                Found::One(id) => id,
                Found::Ambiguous(candidates, message) => {
                    pending.push(Pending {
                        entry: imp.entries.len(),
                        candidates: candidates.clone(),
                        message,
                    });
                    candidates[0]
                }
                Found::Unknown(n) => return Err((line, unknown_card(&n, db))),
            };
            let e = Entry { line, id, copies };
            if section == Section::SetAside {
                if pending.last().is_some_and(|p| p.entry == imp.entries.len()) {
                    let p = pending.pop().expect("just checked");
                    return Err((line, p.message));
                }
                imp.set_aside.push(e);
            } else {
                imp.entries.push(e);
            }
        }
    }
    settle_by_spheres(pending, db, imp)
}

/// Settles titles with several versions from the rest of the deck: a hero by the spheres of
/// the deck's other cards, another card by the heroes' spheres. Still ambiguous: an error.
fn settle_by_spheres(pending: Vec<Pending>, db: &CardDb, imp: &mut Imported) -> LineResult<()> {
    if pending.is_empty() {
        return Ok(());
    }
    let is_pending = |i: usize| pending.iter().any(|p| p.entry == i);
    let mut hero_spheres: Vec<Sphere> = Vec::new();
    let mut card_spheres: Vec<Sphere> = Vec::new();
    for (i, e) in imp.entries.iter().enumerate() {
        let d = db.def(e.id);
        if is_pending(i) || !d.ty.is_player_card() || d.sphere == Sphere::Neutral {
            continue;
        }
        if d.ty == CardType::Hero {
            hero_spheres.push(d.sphere);
        } else {
            card_spheres.push(d.sphere);
        }
    }
    for p in pending {
        let e = imp.entries[p.entry];
        let is_hero = p.candidates.iter().all(|&c| db.def(c).ty == CardType::Hero);
        let spheres = if is_hero {
            &card_spheres
        } else {
            &hero_spheres
        };
        let fits: Vec<DefId> = p
            .candidates
            .iter()
            .copied()
            .filter(|&c| {
                let s = db.def(c).sphere;
                spheres.contains(&s) || (!is_hero && s == Sphere::Neutral)
            })
            .collect();
        if fits.len() != 1 {
            return Err((e.line, p.message));
        }
        imp.entries[p.entry].id = fits[0];
        imp.notes.push(format!(
            "{}: `{}` has several versions; chose {} from the spheres of the deck's {}",
            e.line,
            db.def(fits[0]).title,
            describe(fits[0], db),
            if is_hero { "other cards" } else { "heroes" }
        ));
    }
    Ok(())
}

/// Lines that are notes rather than cards: `key: value` metadata, links, RingsDB footers.
fn is_free_text(s: &str) -> bool {
    let l = s.to_ascii_lowercase();
    s.contains(':')
        || l.contains("ringsdb")
        || l.contains("http")
        || l.contains("www.")
        || [
            "cards up to",
            "total",
            "deck built",
            "starting threat",
            "threat",
            "packs",
            "version",
            "by ",
            "author",
            "made with",
            "created",
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

/// RingsDB pack codes that differ from our set abbreviations (full set name, RingsDB code), so
/// `(WitW)` and `(TWitW)` both name The Watcher in the Water.
const RINGSDB_PACKS: &[(&str, &str)] = &[
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
];

/// Whether `set` (as written on a deck line) names the set of card `d`: its full name (with or
/// without a leading "The" or trailing "Set"), our abbreviation or the RingsDB pack code.
fn names_set(set: &str, d: &CardDef) -> bool {
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
fn is_set_name(set: &str, db: &CardDb) -> bool {
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
enum Found {
    One(DefId),
    /// Several different cards fit: (the candidates, an error message listing them).
    Ambiguous(Vec<DefId>, String),
    /// No card has this name (as cleaned); [`unknown_card`] makes the message.
    Unknown(String),
}

/// The error for an unknown card name, with the nearest titles. Made only when reported: a
/// deck file's free-text lines are tried as names first, and the search of the nearest titles
/// reads the whole table.
fn unknown_card(name: &str, db: &CardDb) -> String {
    format!("unknown card `{name}`{}", did_you_mean(name, db))
}

/// Resolves a card name (with optional set or sphere text from the parentheses and the
/// heading's hint) to one card. Player cards are preferred; a title only found among encounter
/// cards resolves to that card (the caller reports it).
fn resolve_name(name: &str, set: Option<&str>, hint: Hint, db: &CardDb) -> Found {
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
    Found::Ambiguous(
        cards.clone(),
        format!(
            "`{name}` is ambiguous{}: it could be {}; add the set in parentheses (or the sphere), e.g. `1x {} ({})`",
            set.map(|s| format!(" in set `{s}`")).unwrap_or_default(),
            options.join(" or "),
            db.def(cards[0]).title,
            db.def(cards[0]).set_name
        ),
    )
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
