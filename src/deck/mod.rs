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
mod headings;
mod json;
mod names;
mod o8d;
mod ringsdb;
pub mod rules;
mod split;
mod text;

use headings::*;
use names::*;
use o8d::*;
use ringsdb::*;
use text::*;

pub use check::{check, Check, Finding, Severity, MAX_COPIES_BY_TITLE, MIN_CARDS};

use std::path::Path;

use crate::data::{normalize_title, CardDb, CardDef, CardType, DefId, Sphere};
use crate::decklist::describe;
pub use crate::decklist::{
    loot_card_problem, loot_problems, needs_loot, Deck, BURGLARS_TURN, LOOT_SIZE,
};

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
/// Set + Wrath and Ruin with The Burglar's Turn) and the scenario decks picked by measurement
/// (one for each playable scenario and one general-purpose) (text lists whose `# Plan:` line
/// says how they mean to win, and the later ones a `# Built for:` line naming their
/// scenarios). (name, text).
pub fn builtin_decks() -> &'static [(&'static str, &'static str)] {
    const DECKS: [(&str, &str); 30] = [
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
        (
            "chetwood-rangers",
            include_str!("../../decks/chetwood-rangers.txt"),
        ),
        (
            "weather-hills-sentinels",
            include_str!("../../decks/weather-hills-sentinels.txt"),
        ),
        (
            "fornost-wardens",
            include_str!("../../decks/fornost-wardens.txt"),
        ),
        (
            "eriador-vanguard",
            include_str!("../../decks/eriador-vanguard.txt"),
        ),
        (
            "chetwood-cardolan",
            include_str!("../../decks/chetwood-cardolan.txt"),
        ),
        (
            "chetwood-vigil",
            include_str!("../../decks/chetwood-vigil.txt"),
        ),
        (
            "rhudaur-guard",
            include_str!("../../decks/rhudaur-guard.txt"),
        ),
        ("dike-guard", include_str!("../../decks/dike-guard.txt")),
        (
            "dike-stewards",
            include_str!("../../decks/dike-stewards.txt"),
        ),
        (
            "noldor-questers",
            include_str!("../../decks/noldor-questers.txt"),
        ),
        (
            "carn-dum-vanguard",
            include_str!("../../decks/carn-dum-vanguard.txt"),
        ),
        (
            "weather-hills-hunters",
            include_str!("../../decks/weather-hills-hunters.txt"),
        ),
        (
            "dike-wayfarers",
            include_str!("../../decks/dike-wayfarers.txt"),
        ),
        (
            "wastes-watchmen",
            include_str!("../../decks/wastes-watchmen.txt"),
        ),
        (
            "weather-hills-skirmishers",
            include_str!("../../decks/weather-hills-skirmishers.txt"),
        ),
        (
            "rhudaur-investigators",
            include_str!("../../decks/rhudaur-investigators.txt"),
        ),
        (
            "weather-hills-trackers",
            include_str!("../../decks/weather-hills-trackers.txt"),
        ),
        (
            "weather-hills-loremasters",
            include_str!("../../decks/weather-hills-loremasters.txt"),
        ),
        (
            "rhun-questers",
            include_str!("../../decks/rhun-questers.txt"),
        ),
    ];
    &DECKS
}

/// A built-in deck name (`core-tactics`, `tactics`, `Core Tactics`...) or a path to a deck file;
/// `FILE#N` is the N-th deck of a file holding several.
pub fn resolve_deck(spec: &str, db: &CardDb) -> Result<Deck, DeckError> {
    let imp = import_spec(spec, db)?;
    let file = if builtin_text(split_spec(spec).0).is_some() {
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

/// Heroes listed in the sideboard of the deck `spec` names, in file order: a player's reserve
/// heroes in campaign mode (replacements for fallen heroes). Empty when it has none or cannot
/// be read (loading the deck itself reports that).
pub fn reserve_heroes(spec: &str, db: &CardDb) -> Vec<DefId> {
    let Ok(imp) = import_spec(spec, db) else {
        return Vec::new();
    };
    imp.sideboard_heroes
}

/// Imports a built-in deck by name or a deck file by path (see [`resolve_deck`]); `FILE#N`
/// picks the N-th deck of a file holding several, which is otherwise an error listing them.
pub fn import_spec(spec: &str, db: &CardDb) -> Result<Imported, DeckError> {
    let (all, pick) = import_spec_parts(spec, db)?;
    pick_one(spec, all, pick)
}

/// Every deck named by `spec`: a built-in deck, each deck of a file, or with `FILE#N` only the
/// N-th.
pub fn import_spec_all(spec: &str, db: &CardDb) -> Result<Vec<Imported>, DeckError> {
    let (all, pick) = import_spec_parts(spec, db)?;
    match pick {
        None => Ok(all),
        Some(_) => pick_one(spec, all, pick).map(|d| vec![d]),
    }
}

/// How many decks `spec` names (1 for a built-in deck or a one-deck file); `None` when it
/// cannot be read (the caller reports that when it loads the deck).
pub fn count_decks(spec: &str, db: &CardDb) -> Option<usize> {
    import_spec_all(spec, db).ok().map(|v| v.len())
}

/// The decks to seat: with `players` given and a single `--deck FILE` holding exactly that many
/// decks, `FILE#1`, `FILE#2`, ... in order; otherwise the specs as given.
pub fn seat_specs(specs: &[String], players: Option<u8>, db: &CardDb) -> Vec<String> {
    match (specs, players) {
        ([one], Some(p)) if p > 1 && split_spec(one).1.is_none() => {
            if count_decks(one, db) == Some(p as usize) {
                (1..=p).map(|k| format!("{one}#{k}")).collect()
            } else {
                specs.to_vec()
            }
        }
        _ => specs.to_vec(),
    }
}

/// `FILE#N` → (`FILE`, Some(N)) when `FILE` is a built-in deck or exists and the whole spec
/// does not; otherwise (spec, None).
pub fn split_spec(spec: &str) -> (&str, Option<usize>) {
    if let Some((path, n)) = spec.rsplit_once('#') {
        if let Ok(n) = n.trim().parse::<usize>() {
            if !Path::new(spec).exists()
                && (builtin_text(path).is_some() || Path::new(path).exists())
            {
                return (path, Some(n));
            }
        }
    }
    (spec, None)
}

fn import_spec_parts(spec: &str, db: &CardDb) -> Result<(Vec<Imported>, Option<usize>), DeckError> {
    let (base, pick) = split_spec(spec);
    if let Some((name, text)) = builtin_text(base) {
        return Ok((import_all_named(name, name, text, db)?, pick));
    }
    let path = Path::new(base);
    if !path.exists() {
        // `FILE#x` where FILE exists but x is no deck number (`#0` is caught by `pick_one`).
        if let Some((file, n)) = spec.rsplit_once('#') {
            if !file.is_empty() && (Path::new(file).exists() || builtin_text(file).is_some()) {
                return Err(DeckError {
                    file: spec.to_string(),
                    line: 0,
                    message: format!(
                        "`#{n}` is not a deck number: `{file}#N` picks deck N (1, 2, ...) of a file holding several; write `{file}#1` for the first, or `{file}` alone"
                    ),
                });
            }
        }
        // A link whose target is missing (or a loop of links): `exists` follows it.
        if let Ok(target) = std::fs::read_link(path) {
            return Err(DeckError {
                file: spec.to_string(),
                line: 0,
                message: format!(
                    "a symbolic link to `{}`, which does not exist (or is a loop of links): point the link at the deck file, or give the file's own path",
                    target.display()
                ),
            });
        }
        let names: Vec<&str> = builtin_decks().iter().map(|(n, _)| *n).collect();
        // `core-leadershp`: a near miss of a built-in deck's name.
        let key = base.to_ascii_lowercase();
        let near = names
            .iter()
            .map(|n| (edit_distance(&key, n), *n))
            .filter(|&(d, _)| d <= 3)
            .min();
        let hint = match near {
            Some((_, n)) => format!("did you mean `{n}`? "),
            None => String::new(),
        };
        return Err(DeckError {
            file: spec.to_string(),
            line: 0,
            message: format!(
                "no such file, and not a built-in deck ({hint}built-in: {})",
                names.join(", ")
            ),
        });
    }
    Ok((import_file_all(path, db)?, pick))
}

fn pick_one(
    spec: &str,
    mut all: Vec<Imported>,
    pick: Option<usize>,
) -> Result<Imported, DeckError> {
    let (base, _) = split_spec(spec);
    match pick {
        None if all.len() == 1 => Ok(all.remove(0)),
        None => Err(DeckError {
            file: spec.to_string(),
            line: 0,
            message: several_decks_message(base, &all),
        }),
        Some(n) if (1..=all.len()).contains(&n) => Ok(all.swap_remove(n - 1)),
        Some(n) => Err(DeckError {
            file: spec.to_string(),
            line: 0,
            message: format!(
                "deck #{n} asked for, but the file holds {}; write `{base}#1`{}",
                plural_decks(all.len()),
                if all.len() > 1 {
                    format!(" to `{base}#{}`", all.len())
                } else {
                    String::new()
                }
            ),
        }),
    }
}

fn plural_decks(n: usize) -> String {
    if n == 1 {
        "1 deck".into()
    } else {
        format!("{n} decks")
    }
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
    /// The file line this deck starts on (1 for a file with one deck).
    pub first_line: usize,
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
    /// Heroes listed in a plain sideboard, in file order: a player's reserve heroes in campaign
    /// mode (`reserve_heroes`).
    pub sideboard_heroes: Vec<DefId>,
    /// Set names written on the text list's lines (`Core Set`, `TLR`), a clue for titles
    /// with several versions.
    written_sets: Vec<String>,
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

/// Reads and parses a deck file; the deck is named after the file stem.
pub fn load_deck(path: &Path, db: &CardDb) -> Result<Deck, DeckError> {
    let imp = import_file(path, db)?;
    playable(&path.display().to_string(), imp, db)
}

/// Reads a deck file of any supported format; the deck is named after the file stem. A file
/// with several decks is an error listing them (see [`import_file_all`]).
pub fn import_file(path: &Path, db: &CardDb) -> Result<Imported, DeckError> {
    let file = path.display().to_string();
    pick_one(&file, import_file_all(path, db)?, None)
}

/// Reads every deck of a file; the decks are named after the file stem (`stem#2` when it holds
/// several).
pub fn import_file_all(path: &Path, db: &CardDb) -> Result<Vec<Imported>, DeckError> {
    let file = path.display().to_string();
    let err = |message: String| DeckError {
        file: file.clone(),
        line: 0,
        message,
    };
    if let Ok(m) = std::fs::metadata(path) {
        if m.len() > MAX_FILE_BYTES as u64 * 4 {
            return Err(err(format!(
                "{} bytes: too large for a deck list; is this the right file?",
                m.len()
            )));
        }
    }
    let bytes = std::fs::read(path).map_err(|e| err(format!("cannot read the file: {e}")))?;
    let text = decode_bytes(&bytes).ok_or_else(|| {
        err("not a text file (not valid UTF-8); expected a RingsDB JSON or text deck list or an OCTGN .o8d".into())
    })?;
    let name = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    import_all_named(&file, &name, &text, db)
}

/// A deck file's bytes as the importer reads them: UTF-8, or UTF-16 with a byte-order mark
/// (what some Windows editors save); `None` for anything else. Callers that look at a file
/// before importing it (its lines, its first character) read it through this, so that they
/// see what the importer sees.
pub fn decode_file_text(bytes: &[u8]) -> Option<String> {
    decode_bytes(bytes)
}

/// The lines of a deck text as the text-list reader splits them (`\n`, or `\r` alone for a
/// file saved with old Mac line ends). Like `str::lines`: a final line end does not start another line.
pub fn file_lines(text: &str) -> impl Iterator<Item = &str> {
    let cr_only = !text.contains('\n') && text.contains('\r');
    let sep = if cr_only { '\r' } else { '\n' };
    let body = text.strip_suffix(sep).unwrap_or(text);
    let empty = body.is_empty();
    body.split(sep)
        .filter(move |_| !empty)
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
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

/// Reads every deck of a text of any supported format (several for a file with several decks).
pub fn import_decks(name: &str, text: &str, db: &CardDb) -> Result<Vec<Imported>, DeckError> {
    import_all_named(name, name, text, db)
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

/// Largest deck file read (a deck list is a few kilobytes).
pub const MAX_FILE_BYTES: usize = 1 << 20;
/// Most lines of a text deck list.
pub const MAX_LINES: usize = 20_000;

/// Reads the one deck of a text; a file with several decks is an error listing them.
fn import_named(file: &str, name: &str, text: &str, db: &CardDb) -> Result<Imported, DeckError> {
    let mut all = import_all_named(file, name, text, db)?;
    if all.len() == 1 {
        return Ok(all.remove(0));
    }
    Err(DeckError {
        file: file.to_string(),
        line: 0,
        message: several_decks_message(file, &all),
    })
}

/// "holds 2 decks: #1 Rohan riders (Éowyn, Théodred, Dúnhere), #2 ...; pick one with `FILE#2`".
fn several_decks_message(file: &str, all: &[Imported]) -> String {
    let list: Vec<String> = all
        .iter()
        .enumerate()
        .map(|(k, imp)| {
            format!(
                "#{} {}",
                k + 1,
                imp.description
                    .first()
                    .cloned()
                    .unwrap_or_else(|| format!("(from line {})", imp.first_line))
            )
        })
        .collect();
    format!(
        "the file holds {} decks: {}; pick one with `{file}#N` (e.g. `{file}#2`), or seat them all with --players {}",
        all.len(),
        list.join(", "),
        all.len()
    )
}

/// Reads every deck of a text (one for JSON with one decklist, OCTGN, a text list with one).
fn import_all_named(
    file: &str,
    name: &str,
    text: &str,
    db: &CardDb,
) -> Result<Vec<Imported>, DeckError> {
    let err = |line: usize, message: String| DeckError {
        file: file.to_string(),
        line,
        message,
    };
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.len() > MAX_FILE_BYTES {
        return Err(err(
            0,
            format!(
                "{} bytes: too large for a deck list (at most {MAX_FILE_BYTES}); is this the right file?",
                text.len()
            ),
        ));
    }
    if let Some(at) = text.find(|c: char| c.is_control() && !matches!(c, '\n' | '\r' | '\t')) {
        let c = text[at..].chars().next().unwrap_or('\0');
        return Err(err(
            line_of(text, at),
            format!(
                "contains binary data (control character U+{:04X}); expected a RingsDB JSON or text deck list or an OCTGN .o8d: is it the right file? (a deck saved as UTF-16 needs its byte-order mark; or save it as UTF-8)",
                c as u32
            ),
        ));
    }
    let head = text.trim_start();
    let json_like = head.starts_with('{')
        || (head.starts_with('[')
            && head[1..]
                .trim_start()
                .starts_with(|c: char| matches!(c, '{' | '[' | ']' | '"') || c.is_ascii_digit()));
    let lower_head: String = head.chars().take(4096).collect::<String>().to_lowercase();
    let (format, raw): (Format, LineResult<Vec<Imported>>) = if json_like {
        (Format::RingsDbJson, parse_ringsdb_json_all(text, db))
    } else if head.starts_with('<')
        && (lower_head.contains("<deck") || lower_head.contains("<section"))
    {
        let mut imp = Imported::default();
        (
            Format::O8d,
            parse_o8d(text, db, &mut imp).map(|()| vec![imp]),
        )
    } else {
        let plain;
        let text = if head.starts_with('<') {
            plain = html_to_text(text);
            plain.as_str()
        } else if let Some(rows) = text::csv_table(text) {
            plain = rows;
            plain.as_str()
        } else {
            text
        };
        (Format::Text, parse_text_all(text, db))
    };
    let raw = raw.map_err(|(l, m)| err(l, m))?;
    let several = raw.len() > 1;
    let mut out = Vec::with_capacity(raw.len());
    for (k, mut imp) in raw.into_iter().enumerate() {
        imp.format = Some(format);
        imp.deck.name = if several {
            format!("{name}#{}", k + 1)
        } else {
            name.to_string()
        };
        out.push(finish_import(imp, format, db).map_err(|(l, m)| err(l, m))?);
    }
    Ok(out)
}

/// Every deck of a text list: the file cut into decks, each read on its own with the file's
/// line numbers.
fn parse_text_all(text: &str, db: &CardDb) -> LineResult<Vec<Imported>> {
    let lines: Vec<&str> = text_lines(text).collect();
    if lines.len() > MAX_LINES {
        return Err((
            MAX_LINES + 1,
            format!("more than {MAX_LINES} lines: too long for a deck list"),
        ));
    }
    let chunks = split::split_decks(&lines, db)?;
    let mut out = Vec::with_capacity(chunks.len());
    let mut buf = String::new();
    for c in chunks {
        // Lines of other decks are left blank so that line numbers stay the file's.
        buf.clear();
        for _ in 0..c.start {
            buf.push('\n');
        }
        for l in &lines[c.start..c.end] {
            buf.push_str(l);
            buf.push('\n');
        }
        let mut imp = Imported {
            first_line: c.start + 1,
            ..Imported::default()
        };
        parse_text(&buf, db, &mut imp)?;
        out.push(imp);
    }
    // A chunk without a card (a title block before `Player 1`) is no deck of its own: its
    // lines describe the file.
    if out.len() > 1 {
        let empty: Vec<usize> = (0..out.len())
            .filter(|&k| out[k].entries.is_empty() && out[k].side.is_empty())
            .collect();
        if empty.len() < out.len() {
            for &k in empty.iter().rev() {
                out.remove(k);
            }
        }
    }
    Ok(out)
}

/// The text of an HTML page (a deck list saved from a forum or a deck site): block tags end
/// lines, other tags are dropped.
fn html_to_text(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(i) = rest.find('<') {
        out.push_str(&rest[..i]);
        let Some(j) = rest[i..].find('>') else {
            rest = "";
            break;
        };
        let tag = rest[i + 1..i + j]
            .trim_start_matches('/')
            .to_ascii_lowercase();
        let tname = tag
            .split(|c: char| !c.is_ascii_alphanumeric())
            .next()
            .unwrap_or("");
        if matches!(
            tname,
            "br" | "p"
                | "li"
                | "div"
                | "tr"
                | "h1"
                | "h2"
                | "h3"
                | "h4"
                | "h5"
                | "h6"
                | "ul"
                | "ol"
                | "table"
        ) {
            out.push('\n');
        } else if matches!(tname, "td" | "th") {
            out.push(' ');
        }
        rest = &rest[i + j + 1..];
        // Script and style bodies are not text.
        for skip in ["script", "style"] {
            if tname == skip && !tag.starts_with('/') {
                if let Some(e) = rest.to_ascii_lowercase().find(&format!("</{skip}")) {
                    rest = &rest[e..];
                }
            }
        }
    }
    out.push_str(rest);
    out
}

/// Turns an importer's raw lines into the deck: implemented printings, heroes and cards, the
/// loot deck; a deck with no card is an error.
fn finish_import(mut imp: Imported, format: Format, db: &CardDb) -> LineResult<Imported> {
    let err = |line: usize, message: String| (line, message);
    let mut entries = std::mem::take(&mut imp.entries);
    for e in entries.iter_mut().chain(imp.set_aside.iter_mut()) {
        e.id = implemented_printing(e.id, db);
    }
    // foreign55: a player card with the Encounter keyword (Ranger of the North, Tom Bombadil)
    // listed under a set-aside heading is one of the deck's cards: setup sets it aside itself
    // (RULES.md §2.1.2), where the card that needs it (Ranger Summons) finds it. Left in
    // `set_aside` it never reached the game while `deck check` said it was set aside.
    let (kw, rest): (Vec<Entry>, Vec<Entry>) = std::mem::take(&mut imp.set_aside)
        .into_iter()
        .partition(|e| {
            let d = db.def(e.id);
            d.ty.is_player_card() && rules::set_aside_at_setup(d)
        });
    imp.set_aside = rest;
    entries.extend(kw);
    let mut kept: Vec<Entry> = Vec::with_capacity(entries.len());
    for &e in &entries {
        let def = db.def(e.id);
        if !def.ty.is_player_card() {
            imp.encounter.push(e);
            kept.push(e);
            continue;
        }
        if def.ty == CardType::Hero {
            // A hero named twice (a `Heroes:` line above a full list): counted once.
            if e.copies == 1 && imp.deck.heroes.contains(&e.id) {
                imp.notes.push(format!(
                    "{}: hero {} is listed again: counted once",
                    e.line, def.title
                ));
                continue;
            }
            if e.copies != 1 {
                return Err(err(
                    e.line,
                    format!(
                        "{} copies of hero {}: a deck has one copy of each hero",
                        e.copies, def.title
                    ),
                ));
            }
            imp.deck.heroes.push(e.id);
        } else {
            imp.deck
                .cards
                .extend(std::iter::repeat_n(e.id, e.copies as usize));
        }
        kept.push(e);
    }
    imp.entries = kept;
    finish_loot(&mut imp, format, db)?;
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
    imp.sideboard_heroes = side
        .iter()
        .filter(|s| !s.loot_heading)
        .filter_map(|s| s.found.clone().ok())
        .filter(|&d| db.def(d).ty == CardType::Hero)
        .collect();
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
