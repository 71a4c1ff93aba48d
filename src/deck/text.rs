//! Text deck lists (RingsDB export, forum posts): headings, quantities, set names.

use super::*;

/// What the current heading says about the following lines.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Section {
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
pub(super) struct Hint {
    pub(super) ty: Option<CardType>,
    pub(super) sphere: Option<Sphere>,
}

impl Hint {
    pub(super) fn of_type(ty: Option<CardType>) -> Self {
        Hint { ty, sphere: None }
    }
}

/// A sphere named by `s` (`Lore`, `leadership`, `Tactics`...).
pub(super) fn sphere_named(s: &str) -> Option<Sphere> {
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
pub(super) fn heading(line: &str) -> Option<Section> {
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
pub(super) fn decode_entities(s: &str) -> String {
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
pub(super) fn split_quantity(s: &str) -> Option<(&str, &str)> {
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
pub(super) fn split_set(s: &str) -> (&str, Option<&str>) {
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
pub(super) fn clean_line(raw: &str) -> String {
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
pub(super) struct Pending {
    entry: usize,
    candidates: Vec<DefId>,
    message: String,
}

pub(super) fn parse_text(text: &str, db: &CardDb, imp: &mut Imported) -> LineResult<()> {
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
pub(super) fn settle_by_spheres(
    pending: Vec<Pending>,
    db: &CardDb,
    imp: &mut Imported,
) -> LineResult<()> {
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
pub(super) fn is_free_text(s: &str) -> bool {
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
