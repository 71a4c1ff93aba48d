//! RingsDB JSON decklists.

use super::*;

/// Keys that mark a DragnCards file (its card database or a deck to load), not a decklist.
const DRAGNCARDS_KEYS: &[&str] = &[
    "databaseId",
    "loadList",
    "cardDb",
    "sides",
    "cardpackname",
    "cardencounterset",
    "imageUrl",
    "printName",
];

/// Whether `v` (or, for an object of objects or an array, one of its first members) carries a
/// DragnCards key.
fn is_dragncards(v: &json::Value, depth: usize) -> bool {
    use json::Kind;
    match &v.kind {
        Kind::Object(m) => {
            m.iter()
                .any(|(k, _, _)| DRAGNCARDS_KEYS.contains(&k.as_str()))
                || (depth < 2
                    && m.iter()
                        .take(4)
                        .any(|(_, _, x)| is_dragncards(x, depth + 1)))
        }
        Kind::Array(a) => depth < 2 && a.iter().take(4).any(|x| is_dragncards(x, depth + 1)),
        _ => false,
    }
}

/// RingsDB decklists in a JSON file: one decklist object, an array of them, or an object with a
/// `decks` / `decklists` array (a RingsDB fellowship). Each is read into its own `Imported`.
pub(super) fn parse_ringsdb_json_all(text: &str, db: &CardDb) -> LineResult<Vec<Imported>> {
    use json::Kind;
    let root = json::parse(text).map_err(|e| {
        (
            e.line,
            format!("malformed JSON at column {}: {}", e.column, e.message),
        )
    })?;
    if let Some(list) = root
        .get("loadList")
        .filter(|_| root.get("cardDb").is_none())
    {
        let mut imp = parse_dragncards_load_list(list, db)?;
        if let Some(l) = root
            .get("label")
            .or_else(|| root.get("name"))
            .and_then(|v| v.as_str())
        {
            imp.description.push(decode_entities(l.trim()));
        }
        return Ok(vec![imp]);
    }
    if is_dragncards(&root, 0) {
        return Err((
            root.line,
            "this is a DragnCards JSON file (card database or custom cards), not a decklist: fan-made cards (DragnCards custom JSON) are not official cards and cannot be played; export the deck from RingsDB (JSON or text) or OCTGN instead".into(),
        ));
    }
    let list: Vec<&json::Value> = match &root.kind {
        Kind::Array(items) => items.iter().collect(),
        Kind::Object(_) => match root.get("decks").or_else(|| root.get("decklists")) {
            Some(json::Value {
                kind: Kind::Array(items),
                ..
            }) if root.get("slots").is_none() => items.iter().collect(),
            _ => vec![&root],
        },
        _ => vec![&root],
    };
    if list.is_empty() {
        return Err((
            root.line,
            "an empty JSON array: expected a RingsDB decklist object with `heroes` and `slots`"
                .into(),
        ));
    }
    if list.len() > super::split::MAX_DECKS {
        return Err((
            root.line,
            format!(
                "a JSON array of {} decklists: at most {} decks per file",
                list.len(),
                super::split::MAX_DECKS
            ),
        ));
    }
    let mut out = Vec::with_capacity(list.len());
    for v in list {
        let mut imp = Imported::default();
        parse_ringsdb_value(v, db, &mut imp)?;
        out.push(imp);
    }
    Ok(out)
}

/// One RingsDB decklist (`/api/public/decklist/ID.json`, `/api/public/deck/ID.json` or a saved
/// copy): `heroes` and `slots` map RingsDB card codes to copies, `sideslots` is the sideboard
/// (ignored). `slots` may or may not repeat the heroes; a hero is counted once.
fn parse_ringsdb_value(root: &json::Value, db: &CardDb, imp: &mut Imported) -> LineResult<()> {
    use json::Kind;
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
    let by_code = ringsdb_code_map(db);
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
        let mut seen: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
        for (code, line, qty) in members {
            let line = *line;
            // A JSON reader keeps one of two equal keys (which one depends on the reader):
            // say so rather than add them up or pick one unseen.
            if let Some(first) = seen.insert(code.trim(), line) {
                return Err((
                    line,
                    format!(
                        "card code `{code}` is given twice in `{field}` (also on line {first}): keep one entry with the number of copies"
                    ),
                ));
            }
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
/// RingsDB code -> earliest printing with that code (JSON decklists and code lines of text
/// decklists).
pub(super) fn ringsdb_code_map(db: &CardDb) -> std::collections::HashMap<&str, DefId> {
    let mut by_code = std::collections::HashMap::new();
    for (i, d) in db.defs.iter().enumerate() {
        if !d.ringsdb_code.is_empty() && !d.is_back_face() {
            by_code.entry(d.ringsdb_code.as_str()).or_insert(i as DefId);
        }
    }
    by_code
}

/// cards42: a text decklist line naming a RingsDB card code with a count instead of a title
/// (`3x 01013`, `3 x 01013`, `01013 x3`, `3 01013`, `01013 (x3)`): (the count, the code). The
/// code is one word of 5 or 6 digits; the rest, without `x` and brackets, is the count.
pub(super) fn code_line(s: &str) -> Option<(String, &str)> {
    let is_code = |w: &str| matches!(w.len(), 5 | 6) && w.bytes().all(|b| b.is_ascii_digit());
    let words = || {
        s.split(|c: char| c.is_whitespace() || matches!(c, '(' | ')' | '[' | ']'))
            .filter(|w| !w.is_empty())
    };
    let mut codes = words().filter(|w| is_code(w));
    let code = codes.next()?;
    if codes.next().is_some() {
        return None;
    }
    let count: String = words()
        .filter(|w| *w != code)
        .flat_map(|w| w.chars())
        .filter(|&c| !matches!(c, 'x' | 'X' | '×'))
        .collect();
    (!count.is_empty() && count.len() <= 3 && count.bytes().all(|b| b.is_ascii_digit()))
        .then_some((count, code))
}

pub(super) fn near_codes(
    code: &str,
    by_code: &std::collections::HashMap<&str, DefId>,
    db: &CardDb,
) -> String {
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

/// A DragnCards deck to load (`loadList` of `databaseId`, `quantity`, `loadGroupId`): official
/// cards carry their OCTGN GUID as `databaseId`. Heroes and deck cards are told apart by type;
/// `...Sideboard` groups are the sideboard, `...SetAside` set aside, `shared...` (quest and
/// encounter) skipped. An id that is no official card means fan-made cards: refused.
fn parse_dragncards_load_list(list: &json::Value, db: &CardDb) -> LineResult<Imported> {
    use json::Kind;
    let Kind::Array(items) = &list.kind else {
        return Err((
            list.line,
            format!("`loadList` is {}: expected an array", list.describe()),
        ));
    };
    let mut imp = Imported::default();
    let mut unknown = 0usize;
    let mut first_unknown = 0usize;
    for it in items {
        let id = it
            .get("databaseId")
            .and_then(|v| v.as_str())
            .unwrap_or("")
            .trim()
            .to_ascii_lowercase();
        let group = it.get("loadGroupId").and_then(|v| v.as_str()).unwrap_or("");
        if group.starts_with("shared") {
            continue;
        }
        let copies = match it.get("quantity").map(|q| &q.kind) {
            Some(Kind::Number(n) | Kind::String(n)) => parse_qty(n, it.line)?,
            _ => 1,
        };
        let Some(def) = db
            .defs
            .iter()
            .position(|d| !d.is_back_face() && !id.is_empty() && d.octgn_id == id)
            .map(|i| i as DefId)
        else {
            if unknown == 0 {
                first_unknown = it.line;
            }
            unknown += 1;
            continue;
        };
        let e = Entry {
            line: it.line,
            id: def,
            copies,
        };
        let g = group.to_ascii_lowercase();
        if g.contains("sideboard") {
            imp.sideboard += copies;
            imp.side.push(SideLine::plain(it.line, copies, Ok(def)));
        } else if g.contains("setaside") {
            imp.set_aside.push(e);
        } else {
            imp.entries.push(e);
        }
    }
    if unknown > 0 {
        return Err((
            first_unknown,
            format!(
                "{unknown} card(s) of this DragnCards deck are no official card (their `databaseId` is no OCTGN id of the card table): fan-made cards (DragnCards custom JSON) are not official cards and cannot be played"
            ),
        ));
    }
    Ok(imp)
}
