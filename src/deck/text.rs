//! Text deck lists (RingsDB export, forum posts): headings, quantities, set names.

use super::*;

/// What the current heading says about the following lines.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
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
    /// foreign46: a `Quest deck` / `Encounter deck` heading: the scenario's cards, which
    /// players paste under their decks; skipped (the scenario is chosen with `--scenario`).
    Quest,
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
pub(super) fn split_quantity(s: &str) -> Option<(String, String)> {
    if let Some((q, n)) = split_quantity_at_ends(s) {
        return Some((q.to_string(), n.to_string()));
    }
    // "Name x3 (Core Set)", "Name - 3 [TLR]": a count before the set.
    let t = s.trim_end();
    let open = t
        .strip_suffix([')', ']'])
        .and_then(|x| x.rfind(['(', '[']))?;
    let (head, set) = (&t[..open], &t[open..]);
    let (q, n) = split_quantity_at_ends(head.trim_end())?;
    Some((q.to_string(), format!("{n} {set}")))
}

/// [`split_quantity`] with the count at the start or the very end of the line.
fn split_quantity_at_ends(s: &str) -> Option<(&str, &str)> {
    // Leading "x3 Name" / "(3) Name" / "(3x) Name".
    let lead = s
        .strip_prefix(['x', 'X', '×'])
        .filter(|r| r.starts_with(|c: char| c.is_ascii_digit()))
        .or_else(|| s.strip_prefix(['(', '[']))
        .unwrap_or(s);
    // Leading count: digits, optional x/×, then the name.
    let digits = lead.len()
        - lead
            .trim_start_matches(|c: char| c.is_ascii_digit() || c == '-')
            .len();
    // "1.5x Name", "2,5 x Name": a count that is no whole number (refused by the caller),
    // not text.
    let decimal = lead.len()
        - lead
            .trim_start_matches(|c: char| c.is_ascii_digit() || c == '.' || c == ',')
            .len();
    if digits > 0 && decimal > digits && lead[..decimal].ends_with(|c: char| c.is_ascii_digit()) {
        let rest = lead[decimal..].trim_start();
        if let Some(name) = rest.strip_prefix(['x', 'X', '×']) {
            if name.starts_with(' ') && !name.trim().is_empty() {
                return Some((&lead[..decimal], name.trim()));
            }
        }
    }
    if digits > 0 {
        let rest = &lead[digits..];
        // "3 x Name": a spaced multiplication sign.
        let rest = match rest.trim_start().strip_prefix(['x', 'X', '×']) {
            Some(r) if rest.starts_with(' ') && r.starts_with(' ') => r,
            _ => rest,
        };
        let after_x = rest.strip_prefix(['x', 'X', '×']).unwrap_or(rest);
        // "3xGuard of the Citadel": the count glued to the title (no title starts with a
        // digit, and none holds one).
        if after_x.len() < rest.len() && after_x.starts_with(char::is_alphabetic) {
            return Some((&lead[..digits], after_x.trim()));
        }
        let after_x = after_x.trim_start_matches([':', '.', ')', ']']);
        if after_x.starts_with(char::is_whitespace) && !after_x.trim().is_empty() {
            // "3 copies of Guard of the Citadel".
            let name = after_x.trim();
            let name = match strip_copies_word(name) {
                Some(r) if !r.trim().is_empty() => {
                    let r = r.trim_start();
                    r.strip_prefix("of ").unwrap_or(r).trim()
                }
                _ => name,
            };
            return Some((&lead[..digits], name));
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
        let body = trim_copies_suffix(body);
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
    // Trailing count: "... x3" / "... x 3" / "... ×3" / "... - 3" / "...: 3" / "... - 3 copies".
    let trimmed = trim_copies_suffix(trimmed);
    let tail = trimmed.len() - trimmed.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    if tail > 0 {
        let head = trimmed[..trimmed.len() - tail].trim_end();
        if let Some(name) = head.strip_suffix(['x', 'X', '×', '*', '-', '–', ':']) {
            // "Ally: 6" in a count line ("Hero: 3, Ally: 6") is a heading's count, not a card.
            let colon_card = head.ends_with(':') && heading(name).is_none();
            if (name.ends_with(char::is_whitespace) || name.ends_with(')') || colon_card)
                && !name.trim().is_empty()
            {
                return Some((&trimmed[trimmed.len() - tail..], name.trim()));
            }
        }
    }
    // "... 3x" / "... 3 x": the sign after the count.
    let head = trimmed.trim_end_matches(['x', 'X', '×']).trim_end();
    if head.len() < trimmed.len() {
        let tail = head.len() - head.trim_end_matches(|c: char| c.is_ascii_digit()).len();
        let name = head[..head.len() - tail].trim_end();
        if tail > 0 && name.len() < head.len() - tail && !name.is_empty() {
            return Some((
                &head[head.len() - tail..],
                name.trim_end_matches(['-', '–', ':']).trim(),
            ));
        }
    }
    None
}

/// `copies` / `copy` / `cards` after a count: "3 copies of Name".
fn strip_copies_word(s: &str) -> Option<&str> {
    ["copies", "copy", "cards", "card"]
        .iter()
        .find_map(|w| s.strip_prefix(w))
        .filter(|r| r.is_empty() || r.starts_with(' '))
}

/// "3 copies" -> "3"; "Name - 3 copies" -> "Name - 3".
fn trim_copies_suffix(s: &str) -> &str {
    for w in [" copies", " copy", " cards"] {
        if let Some(h) = s.strip_suffix(w) {
            if h.ends_with(|c: char| c.is_ascii_digit()) {
                return h;
            }
        }
    }
    s
}

/// Splits `Name (Set)` or `Name [Set]` into ("Name", Some("Set")).
pub(super) fn split_set(s: &str) -> (&str, Option<&str>) {
    let s = s.trim();
    if let (Some(open), true) = (matching_open(s), s.ends_with([')', ']'])) {
        let name = s[..open].trim().trim_end_matches(['-', '–', ',']).trim();
        if !name.is_empty() {
            return (
                name,
                Some(drop_card_number(s[open + 1..s.len() - 1].trim())),
            );
        }
    }
    (s, None)
}

/// The bracket that opens the group closing `s`: `Glóin (Core Set (Revised))` is the set `Core
/// Set (Revised)` (audit51), `Name (A) (B)` the set `B`; unbalanced, the last `(` or `[`.
fn matching_open(s: &str) -> Option<usize> {
    let mut depth = 0usize;
    for (i, c) in s.char_indices().rev() {
        match c {
            ')' | ']' => depth += 1,
            '(' | '[' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    s.rfind(['(', '['])
}

/// A card type or sphere word that a line may add in its parentheses: `Hero`, `allies`,
/// `Tactics`. `side`, `player` and `quest(s)` count as parts of "player side quest".
fn qualifier_word(w: &str) -> Option<(Option<CardType>, Option<Sphere>)> {
    let key = normalize_title(w);
    if let Some(sp) = sphere_named(&key) {
        return Some((None, Some(sp)));
    }
    match key.as_str() {
        "side" | "player" => Some((None, None)),
        "quest" | "quests" => Some((Some(CardType::PlayerSideQuest), None)),
        _ => match section_type(&key) {
            Some(Some(t)) => Some((Some(t), None)),
            _ => None,
        },
    }
}

/// What a line's parentheses say beyond the set: `(Hero)`, `(Tactics Hero)`, `(Ally, Core
/// Set)`, `(Leadership ally - TLR)`, and a second group `Éowyn (Hero) (Spirit)`. The card
/// type and sphere named there narrow the look-up as a heading would (they win over the
/// heading's); what is left is the set. A text that is a set name, or names no type, is
/// returned as it is (a lone sphere is already read as one by the look-up).
pub(super) fn qualify<'a>(
    name: &'a str,
    set: Option<&'a str>,
    hint: Hint,
    db: &CardDb,
) -> (&'a str, Option<String>, Hint) {
    let unchanged = (name, set.map(str::to_string), hint);
    let Some(last) = set else {
        return unchanged;
    };
    let mut name = name;
    let mut groups = vec![last];
    // "Éowyn (Hero) (Spirit)", "Legolas (Core Set) (Hero)": earlier groups of a set or words.
    while groups.len() < 4 {
        let (n, s) = split_set(name);
        match s {
            Some(s) if n.len() < name.len() && (is_set_name(s, db) || qualifiers(s).is_some()) => {
                groups.insert(0, s);
                name = n;
            }
            _ => break,
        }
    }
    if groups.len() == 1 && (is_set_name(last, db) || sphere_named(last).is_some()) {
        return unchanged;
    }
    let (mut ty, mut sphere, mut rest) = (None, None, None::<String>);
    for g in &groups {
        let (t, sp, r) = if is_set_name(g, db) {
            (None, None, Some(g.to_string()))
        } else {
            match qualifiers(g) {
                Some(q) => q,
                None => (None, None, Some(g.to_string())),
            }
        };
        ty = ty.or(t);
        sphere = sphere.or(sp);
        if rest.is_none() {
            rest = r;
        }
    }
    if ty.is_none() && groups.len() == 1 {
        // Only a sphere and a set ("Tactics, Core"): a sphere word alone was read before;
        // this reads it next to a set too.
        if sphere.is_none() {
            return unchanged;
        }
    }
    let hint = Hint {
        ty: ty.or(hint.ty),
        sphere: sphere.or(hint.sphere),
    };
    (name, rest.map(|r| drop_card_number(&r).to_string()), hint)
}

/// The type and sphere words of one group in parentheses (`Tactics Hero`, `Ally, Core Set`)
/// and the set text left (`Core Set`); `None` when no part of it is type and sphere words
/// only.
fn qualifiers(group: &str) -> Option<(Option<CardType>, Option<Sphere>, Option<String>)> {
    let (mut ty, mut sphere, mut rest) = (None, None, Vec::new());
    let mut any = false;
    for seg in group
        .split([',', ';', '/', '|', '–', '—'])
        .flat_map(|x| x.split(" - "))
    {
        let words: Vec<&str> = seg
            .split_whitespace()
            .map(|w| w.trim_matches(['-', ':', '.', '#']))
            .filter(|w| !w.is_empty())
            .collect();
        // A segment of type and sphere words only: `Tactics Hero`, `Ally`. Anything else
        // (`Fellowship of Moria`, `Core Set #5`) is the set, whole.
        let found: Vec<_> = words.iter().map(|w| qualifier_word(w)).collect();
        if !words.is_empty() && found.iter().all(Option::is_some) {
            any = true;
            for (t, sp) in found.into_iter().flatten() {
                ty = ty.or(t);
                sphere = sphere.or(sp);
            }
        } else if !words.is_empty() {
            rest.push(words.join(" "));
        }
    }
    (any && (ty.is_some() || sphere.is_some()))
        .then(|| (ty, sphere, (!rest.is_empty()).then(|| rest.join(" "))))
}

/// A set written with the card's number: `Core Set #16`, `Core 46`, `Core Set, 16`, `TLR-3`.
fn drop_card_number(set: &str) -> &str {
    let t = set.trim_end_matches(|c: char| c.is_ascii_digit());
    if t.len() == set.len() || t.is_empty() {
        return set;
    }
    let t2 = t.trim_end_matches(['#', ' ', ',', '-', '–', '/', ':', '.']);
    if t2.len() < t.len() && !t2.is_empty() {
        t2
    } else {
        set
    }
}

/// Stray punctuation around a line: list bullets, markdown emphasis and links, quotes, a
/// trailing full stop.
pub(super) fn clean_line(raw: &str) -> String {
    let raw = raw.trim_end_matches('\r');
    if raw.len() > MAX_LINE {
        // Prose or garbage: not worth cleaning (and no card line is this long).
        return raw.trim().chars().take(MAX_LINE).collect();
    }
    let decoded = strip_bbcode(&decode_entities(raw));
    let decoded = table_row(&decoded).unwrap_or(decoded);
    // Full-width forms (`ＦｅｉｎＴ`, `３x`, from an East Asian input method) as ASCII.
    let decoded: String = decoded
        .chars()
        .map(|c| match c {
            '\u{ff01}'..='\u{ff5e}' => char::from_u32(c as u32 - 0xfee0).unwrap_or(c),
            '\u{3000}' => ' ',
            c => c,
        })
        .collect();
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
    let s = s.trim();
    // "-1x Name" is a negative count (refused), not a bullet before "1x Name".
    let s = match s.strip_prefix('-') {
        Some(r) if r.starts_with(|c: char| c.is_ascii_digit()) => s,
        _ => s
            .trim_start_matches(['-', '*', '•', '·', '+', '>', '–', '—', '~'])
            .trim(),
    };
    // Other bullets, arrows, check marks and emoji before the line (`◦`, `►`, `✓`): no card
    // title starts with a symbol.
    let s = s
        .trim_start_matches(|c: char| !c.is_ascii() && !c.is_alphanumeric() && c != '“')
        .trim();
    // "1. Aragorn": a numbered list's number, not a count.
    let unnumbered = s.trim_start_matches(|c: char| c.is_ascii_digit());
    let s = match unnumbered.strip_prefix(". ") {
        Some(rest) if unnumbered.len() < s.len() && s.len() - unnumbered.len() <= 2 => rest,
        _ => s,
    };
    s.trim()
        .trim_matches(['*', '_', '"'])
        .trim_end_matches(['.', ',', ';', '!'])
        .trim()
        .to_string()
}

/// Longest line cleaned and read as a possible card line.
const MAX_LINE: usize = 600;

/// BBCode tags a forum post wraps card names in.
const BBCODE_TAGS: &[&str] = &[
    "b",
    "i",
    "u",
    "s",
    "url",
    "color",
    "colour",
    "size",
    "font",
    "card",
    "list",
    "quote",
    "center",
    "left",
    "right",
    "spoiler",
    "hr",
    "li",
    "ul",
    "ol",
    "code",
    "deck",
    "h1",
    "h2",
    "h3",
    "h4",
    "strike",
    "sup",
    "sub",
    "highlight",
    "o",
    "c",
    "lotr",
];

/// Drops BBCode tags (`[b]`, `[/b]`, `[url=...]`, `[card]`, `[*]`) and `[img]...[/img]`; other
/// brackets (`[Core]`, `[x3]`) stay.
fn strip_bbcode(s: &str) -> String {
    if !s.contains('[') {
        return s.to_string();
    }
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(i) = rest.find('[') {
        out.push_str(&rest[..i]);
        let after = &rest[i + 1..];
        let Some(j) = after.find(']').filter(|&j| j <= 200) else {
            out.push('[');
            rest = after;
            continue;
        };
        let inner = &after[..j];
        let name = inner
            .trim_start_matches('/')
            .split(['=', ' '])
            .next()
            .unwrap_or("")
            .to_ascii_lowercase();
        if inner == "*" {
            out.push(' ');
            rest = &after[j + 1..];
        } else if name == "img" && !inner.starts_with('/') {
            // An image's address is not text.
            let body = &after[j + 1..];
            rest = match body.to_ascii_lowercase().find("[/img]") {
                Some(e) => &body[e + 6..],
                None => "",
            };
        } else if BBCODE_TAGS.contains(&name.as_str()) {
            rest = &after[j + 1..];
        } else {
            out.push('[');
            rest = after;
        }
    }
    out.push_str(rest);
    out
}

/// audit51: a spreadsheet saved as CSV (`Quantity,Name,Set,Type` then `3,Gandalf,Core Set,Ally`;
/// `;` as the separator too, cells in double quotes): the same text with each row written as a
/// card line (`3x Gandalf (Ally, Core Set)`) and the header blank, so line numbers stay the
/// file's. `None` when the first line is no such header (a name column and a count column).
pub(super) fn csv_table(text: &str) -> Option<String> {
    let mut lines = text_lines(text);
    let first = lines.by_ref().find(|l| !l.trim().is_empty())?;
    let sep = [',', ';'].into_iter().find(|&c| first.contains(c))?;
    let header: Vec<String> = csv_cells(first, sep)
        .iter()
        .map(|c| normalize_title(c))
        .collect();
    let col = |names: &[&str]| header.iter().position(|h| names.contains(&h.as_str()));
    let name = col(&["name", "title", "card", "cardname", "cardtitle"])?;
    let qty = col(&[
        "quantity", "qty", "count", "copies", "amount", "number", "quant",
    ])?;
    let set = col(&["set", "pack", "expansion", "setname", "packname", "product"]);
    let ty = col(&["type", "cardtype"]);
    let mut out = String::with_capacity(text.len());
    let mut seen_header = false;
    for l in text_lines(text) {
        if !seen_header {
            seen_header = !l.trim().is_empty();
            out.push('\n');
            continue;
        }
        let cells = csv_cells(l, sep);
        let cell = |i: Option<usize>| {
            i.and_then(|i| cells.get(i))
                .map(|c| c.trim())
                .filter(|c| !c.is_empty())
        };
        match (cell(Some(name)), cell(Some(qty))) {
            (Some(n), q) => {
                let extra: Vec<&str> = [cell(ty), cell(set)].into_iter().flatten().collect();
                if let Some(q) = q {
                    out.push_str(q);
                    out.push_str("x ");
                }
                out.push_str(n);
                if !extra.is_empty() {
                    out.push_str(&format!(" ({})", extra.join(", ")));
                }
            }
            _ => out.push_str(l),
        }
        out.push('\n');
    }
    Some(out)
}

/// The cells of one CSV row (`sep`-separated; a cell in double quotes may hold `sep` and `""`),
/// read by the `csv` crate the card data is read with.
fn csv_cells(line: &str, sep: char) -> Vec<String> {
    csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .delimiter(sep as u8)
        .from_reader(line.as_bytes())
        .records()
        .next()
        .and_then(Result::ok)
        .map(|r| r.iter().map(str::to_string).collect())
        .unwrap_or_default()
}

/// A table row (`| 3 | Gandalf | Core |`, or cells separated by tabs) as a card line
/// (`3x Gandalf (Core)`); a rule row (`|---|---|`) is empty. `None` if the line is no row.
fn table_row(s: &str) -> Option<String> {
    let sep = if s.matches('|').count() >= 2 {
        '|'
    } else if s.trim().contains('\t') {
        '\t'
    } else {
        return None;
    };
    let cells: Vec<&str> = s
        .split(sep)
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .collect();
    if cells.iter().all(|c| {
        c.chars()
            .all(|ch| matches!(ch, '-' | ':' | ' ' | '=' | '+'))
    }) {
        return Some(String::new());
    }
    let count = |c: &str| {
        let t = c.trim_matches(['x', 'X', '×']).trim();
        !t.is_empty() && t.len() <= 3 && t.chars().all(|ch| ch.is_ascii_digit())
    };
    let qty = cells
        .iter()
        .find(|c| count(c))
        .map(|c| c.trim_matches(['x', 'X', '×']).trim());
    let mut rest = cells.iter().filter(|c| !count(c));
    let name = rest.next()?;
    // A sphere or set cell after the name (a type column adds nothing: the title decides).
    let extra = rest.find(|c| {
        let w = normalize_title(c);
        !matches!(
            w.as_str(),
            "hero"
                | "ally"
                | "attachment"
                | "event"
                | "contract"
                | "treasure"
                | "playersidequest"
                | "sidequest"
        ) && c.len() <= 40
    });
    let mut line = match qty {
        Some(q) => format!("{q}x {name}"),
        None => name.to_string(),
    };
    if let Some(x) = extra {
        line.push_str(&format!(" ({x})"));
    }
    Some(line)
}

/// A line ambiguous on its own, settled after the whole list is read.
pub(super) struct Pending {
    entry: usize,
    candidates: Vec<DefId>,
    message: String,
    /// The set written on the card's own line when it names none of the versions (a typo, a
    /// pack that does not exist, the wrong pack): the note says it was not used.
    unmatched_set: Option<String>,
}

/// Lines are split on LF; a CR before it (Windows) is dropped; old-Mac CR-only files are split
/// on CR.
pub(super) fn text_lines(text: &str) -> std::str::Split<'_, char> {
    let sep = if !text.contains('\n') && text.contains('\r') {
        '\r'
    } else {
        '\n'
    };
    text.split(sep)
}

/// Reads one deck of a text list (see `split::split_decks` for files with several).
pub(super) fn parse_text(text: &str, db: &CardDb, imp: &mut Imported) -> LineResult<()> {
    let mut section = Section::Preamble;
    let mut quest_lines = 0usize;
    let mut pending: Vec<Pending> = Vec::new();
    let mut seen_content = false;
    let mut preamble_lists: Vec<usize> = Vec::new();
    let mut remarks: Vec<Remark> = Vec::new();
    let mut budget = NEAR_BUDGET;
    // RingsDB code map, built at the first code line.
    let mut codes: Option<std::collections::HashMap<&str, DefId>> = None;
    for (i, raw) in text_lines(text).enumerate() {
        let line = i + 1;
        let mut s = clean_line(raw);
        if s.is_empty() || s.starts_with("//") {
            continue;
        }
        // "Player 2", "Deck #2: Rohan riders", "Player 2 heroes: ...": the rest of the line is a
        // heading, an inline list or the deck's name.
        if let Some((_, rest)) = separator(&s) {
            if rest.is_empty() {
                continue;
            }
            if heading(&rest).is_none() && !rest.contains(':') {
                // The deck's own name comes before the file's title lines above it.
                imp.description.insert(0, rest);
                continue;
            }
            s = rest;
        }
        if s.starts_with('#') || s.starts_with("==") {
            if let Some(h) = heading(&s) {
                section = h;
            } else if let (Section::Cards(_), Some(m)) = (
                section,
                unread_count(s.trim_start_matches('#'), &s, Hint::default(), db),
            ) {
                // audit51: `#3 Feint` under a heading: not a markdown heading, and not dropped.
                return Err((line, m));
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
        // foreign57: `Contracts: Fellowship` is a heading and a card (a contract named like a
        // sphere), not the heading `Fellowship contracts`.
        let heading_and_card = s.split_once(':').is_some_and(|(left, right)| {
            !right.trim().is_empty()
                && heading(left).is_some()
                && names_card(right, Hint::default(), db)
        });
        if let Some(h) = heading(&s).filter(|_| !heading_and_card) {
            section = h;
            continue;
        }
        // "Heroes: Aragorn, Legolas, Gimli" / "Allies (3) - 3x Snowbourn Scout".
        let mut items: Vec<&str> = vec![s.as_str()];
        let mut line_section = None;
        for sep in [":", " - ", " – ", " — "] {
            if let Some((left, right)) = s.split_once(sep) {
                if let Some(h) = heading(left).filter(|_| !right.trim().is_empty()) {
                    line_section = Some(h);
                    items = right
                        .split([',', ';'])
                        .map(str::trim)
                        .filter(|x| !x.is_empty())
                        .collect();
                    break;
                }
            }
        }
        // foreign57: `SQ: Gather Information, Scout Ahead`, `Key cards: Feint, Quick Strike`:
        // cards after a word this reader does not know as a heading. Never counted; dropped as
        // a remark when every card on it is in the deck list anyway (a forum post's `Key
        // cards:` or `MVP:` line), else the file is refused with the fix (`settle_remarks`).
        if line_section.is_none() {
            if let Some((left, right)) = s.split_once(':') {
                let hint = match section {
                    Section::Cards(h) => h,
                    _ => Hint::default(),
                };
                if !left.trim().is_empty() && separator(&s).is_none() {
                    if let Some(parts) = card_list(right, hint, db) {
                        remarks.push(Remark {
                            line,
                            word: left.trim().to_string(),
                            titles: parts
                                .iter()
                                .map(|p| item_title(p, hint, db).unwrap_or_default())
                                .collect(),
                        });
                        continue;
                    }
                }
            }
        }
        // foreign57: `3x Feint, 2x Quick Strike`, `Gather Information, Scout Ahead`: several
        // cards on one line with no heading word, read as an inline list of the section.
        let hint_here = match line_section.unwrap_or(section) {
            Section::Cards(h) => h,
            _ => Hint::default(),
        };
        if items.len() == 1 {
            if let Some(parts) = card_list(items[0], hint_here, db) {
                items = parts;
            }
        }
        // (A RingsDB code with a count, `3x 01013`, is all numbers too: a card line.)
        if items.len() == 1 && is_meta_line(items[0]) && code_line(items[0]).is_none() {
            continue; // "Total cards: 50", "Threat 28", "50 cards"
        }
        // An inline list is its own section; after a `Heroes: ...` line the lines below are
        // other cards, after `Allies: ...` still allies.
        let outer = section;
        if let Some(h) = line_section {
            section = h;
        }
        let restore = |section: &mut Section| {
            if line_section.is_some() {
                *section = match line_section {
                    Some(Section::Cards(Hint {
                        ty: Some(CardType::Hero),
                        ..
                    })) => match outer {
                        Section::Cards(Hint {
                            ty: Some(CardType::Hero),
                            ..
                        }) => Section::Cards(Hint::default()),
                        Section::Preamble => Section::Cards(Hint::default()),
                        o => o,
                    },
                    Some(h) => h,
                    None => outer,
                };
            }
        };
        if section == Section::Quest {
            // foreign57: `Quests: Gather Information`: a player side quest under a quest
            // heading is one of the deck's cards, not a scenario's.
            let mut side_quests = 0;
            for item in &items {
                let item = clean_line(item);
                let (copies, name) = match split_quantity(&item) {
                    Some((q, n)) => (parse_qty(&q, line)?, n),
                    None => (1, item.clone()),
                };
                let (n, set) = split_set(&name);
                if let Found::One(id) = resolve_name(n, set, Hint::default(), db) {
                    if db.def(id).ty == CardType::PlayerSideQuest {
                        imp.notes.push(format!(
                            "{line}: {} read as the deck's player side quest, not as a scenario's quest card",
                            db.def(id).title
                        ));
                        imp.entries.push(Entry { line, id, copies });
                        side_quests += 1;
                    }
                }
            }
            if side_quests < items.len() {
                quest_lines += 1;
            }
            // An inline `Quests: ...` line: the lines below it are the deck's again.
            if line_section.is_some() {
                section = outer;
            }
            continue;
        }
        if matches!(section, Section::Skip | Section::Loot) {
            side_items(&items, line, section, db, imp, &mut budget);
            restore(&mut section);
            continue;
        }
        let hint = match section {
            Section::Cards(h) => h,
            _ => Hint::default(),
        };
        if outer == Section::Preamble
            && matches!(line_section, Some(Section::Cards(h)) if h.ty != Some(CardType::Hero))
        {
            preamble_lists.push(line);
        }
        let listed = items.len() > 1;
        for item in items {
            let item = clean_line(item);
            // cards42: a RingsDB card code with a count, read through the same code map as
            // RingsDB JSON decklists.
            if let Some((count, code)) = code_line(&item) {
                let copies = parse_qty(&count, line)?;
                let map = codes.get_or_insert_with(|| ringsdb_code_map(db));
                let Some(&id) = map.get(code) else {
                    return Err((
                        line,
                        format!(
                            "unknown RingsDB card code `{code}`{}: check the code or write the card's title instead (`{copies}x Guard of the Citadel`)",
                            near_codes(code, map, db)
                        ),
                    ));
                };
                let e = Entry { line, id, copies };
                if section == Section::SetAside {
                    imp.set_aside.push(e);
                } else {
                    imp.entries.push(e);
                }
                continue;
            }
            // audit51: `Aragorn (TLR) - 12`, `Amarthiúl (BoCD) 10 threat`: a hero and its
            // threat cost, not 12 copies.
            let item = match hero_threat(&item, hint, db) {
                Some((bare, note)) => {
                    imp.notes.push(format!("{line}: {note}"));
                    bare
                }
                None => item,
            };
            let (qty, name) = match split_quantity(&item) {
                Some((q, n)) => (Some(parse_qty(&q, line)?), n),
                None => (None, item.clone()),
            };
            if is_meta_line(&item) {
                continue; // "50 cards", "3 heroes", a bare count in an inline list
            }
            // A sentence (a comment after the list, a paragraph of a blog post) is not a card.
            if qty.is_none() && !listed && is_prose(&item) {
                continue;
            }
            let (n, set) = split_set(&name);
            let (n, set, hint) = qualify(n, set, hint, db);
            let set = set.as_deref();
            // The file's first line, bare and before any heading, is the deck's name (RingsDB
            // exports start with it), even when it is also a card title ("Aragorn").
            if qty.is_none() && !listed && section == Section::Preamble && first_line {
                if !matches!(resolve_name(n, set, hint, db), Found::Unknown(_)) {
                    imp.notes.push(format!(
                        "{line}: `{item}` read as the deck's name, not as a card (write `1x {item}` to count it)"
                    ));
                }
                imp.description.push(item.clone());
                continue;
            }
            // audit51: "Solo Aragorn (30 cards)", "Rangers - 50 cards" above the list: the
            // deck's name and size, not 30 copies of a card.
            if qty.is_some()
                && !listed
                && (section == Section::Preamble
                    || (line_section.is_some() && outer == Section::Preamble))
                && imp.entries.is_empty()
                && item
                    .trim_end_matches([')', ']'])
                    .trim_end()
                    .to_lowercase()
                    .ends_with(" cards")
                && matches!(resolve_name(n, set, hint, db), Found::Unknown(_))
            {
                imp.description.push(item.clone());
                continue;
            }
            // foreign46: "1 Core Set only - Lore/Tactics", "2 Core + The Lost Realm" above the
            // list: the number of Core Sets the deck needs (part of its name), not a card.
            if qty.is_some()
                && !listed
                && section == Section::Preamble
                && imp.entries.is_empty()
                && n.split(|c: char| !c.is_alphanumeric())
                    .find(|w| !w.is_empty())
                    .is_some_and(|w| {
                        w.eq_ignore_ascii_case("core") || w.eq_ignore_ascii_case("cores")
                    })
                && matches!(resolve_name(n, set, hint, db), Found::Unknown(_))
            {
                imp.description.push(item.clone());
                continue;
            }
            // Near misses are corrected only where a card is expected: a line with a count, an
            // inline list or a line under a heading; free text before the list is not guessed.
            let expect_card =
                qty.is_some() || listed || matches!(section, Section::Cards(_) | Section::SetAside);
            let (found, corrected) = if expect_card {
                resolve_or_near(n, set, hint, db, &mut budget)
            } else {
                (resolve_name(n, set, hint, db), None)
            };
            let hero_section = hint.ty == Some(CardType::Hero);
            let copies = match (qty, &found, section) {
                // "Total Cards: (50)", "Threat: 28": metadata, not a card.
                (Some(_), Found::Unknown(_), _) if !listed && item.contains(':') => continue,
                (Some(q), _, _) => q,
                (None, Found::One(_), _) => 1,
                // A card title with several versions is a card line, never free text.
                (None, Found::Ambiguous(..), _) => 1,
                (None, Found::Unclear(m), Section::Cards(_) | Section::SetAside) => {
                    return Err((line, m.clone()))
                }
                // No count under a hero heading or in an inline list: a card that must be
                // found (hero lists are written without counts).
                (None, Found::Unknown(n), Section::Cards(_) | Section::SetAside)
                    if (listed || hero_section) && !is_free_text(&item) =>
                {
                    return Err((line, unknown_card_in(n, set, db)))
                }
                // No count under another heading and no such card: text between the cards
                // (a deck's name, a comment), kept as a note so nothing is dropped unseen.
                (None, Found::Unknown(_), Section::Cards(_)) => {
                    // audit51: `Feint, 3`, `Feint 3/3`: a card with a number this reader does
                    // not take for its count; left as a note, `run` would play the deck
                    // without it.
                    if let Some(m) = unread_count(&item, &item, hint, db) {
                        return Err((line, m));
                    }
                    if line_section.is_some() && !listed && imp.entries.is_empty() {
                        // "Deck: Spirit and Lore questers": the deck's name.
                        imp.description.push(item.clone());
                    } else if !is_free_text(&item) {
                        imp.notes.push(format!(
                            "{line}: `{item}` is no card title and has no count: read as text, not as a card"
                        ));
                    }
                    continue;
                }
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
            if let Some(note) = corrected {
                imp.notes.push(format!("{line}: {note}"));
            }
            let id = match found {
                Found::One(id) => {
                    // A set that holds no printing of the card (a typo, the wrong pack): the
                    // card is read all the same, and the note says the set was not used.
                    if let Some(s) = set.filter(|s| {
                        sphere_named(s).is_none()
                            && !s.chars().all(|c| c.is_ascii_digit() || c == ' ')
                            && !printed_in(db, id, |o| names_set(s, o))
                    }) {
                        imp.notes.push(format!(
                            "{line}: `{s}` names no printing of {}: read as {} (check the set)",
                            db.def(id).title,
                            describe(id, db)
                        ));
                    }
                    id
                }
                Found::Ambiguous(mut candidates, message) => {
                    // foreign46: a line of two or more copies, or an untyped line after the
                    // deck's three heroes, names no hero (a deck holds a hero once and three
                    // at most): its hero versions are dropped while another version remains.
                    let heroes = imp
                        .entries
                        .iter()
                        .filter(|e| db.def(e.id).ty == CardType::Hero)
                        .count();
                    let why = if hint.ty.is_some() {
                        None
                    } else if copies >= 2 {
                        Some(format!("{copies} copies, and a deck holds a hero once"))
                    } else if heroes >= 3 {
                        Some("the deck's three heroes are listed above it".to_string())
                    } else {
                        None
                    };
                    let not_hero = |c: &DefId| db.def(*c).ty != CardType::Hero;
                    if let Some(why) = why.filter(|_| {
                        candidates.iter().any(not_hero) && !candidates.iter().all(not_hero)
                    }) {
                        candidates.retain(not_hero);
                        if let [id] = candidates[..] {
                            imp.notes.push(format!(
                                "{line}: `{n}` has several versions; chose {} ({why})",
                                describe(id, db)
                            ));
                        }
                    }
                    if let [id] = candidates[..] {
                        id
                    } else {
                        let unmatched_set = set
                            .filter(|s| {
                                sphere_named(s).is_none()
                                    && !candidates
                                        .iter()
                                        .any(|&c| printed_in(db, c, |o| names_set(s, o)))
                            })
                            .map(str::to_string);
                        pending.push(Pending {
                            entry: imp.entries.len(),
                            candidates: candidates.clone(),
                            message,
                            unmatched_set,
                        });
                        candidates[0]
                    }
                }
                Found::Unknown(n) => return Err((line, unknown_card_in(&n, set, db))),
                Found::Unclear(m) => return Err((line, m)),
            };
            if let Some(set) = set.filter(|s| is_set_name(s, db)) {
                if !imp.written_sets.iter().any(|w| w == set) && imp.written_sets.len() < 64 {
                    imp.written_sets.push(set.to_string());
                }
            }
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
        restore(&mut section);
    }
    if quest_lines > 0 {
        imp.notes.push(format!(
            "{quest_lines} line(s) under a quest or encounter deck heading skipped (the scenario is chosen with --scenario)"
        ));
    }
    settle_by_spheres(pending, db, imp)?;
    drop_summary_lines(&preamble_lists, db, imp);
    settle_remarks(&remarks, db, imp)
}

/// A line of cards after a word that is no heading (`Key cards: Feint, Quick Strike`).
struct Remark {
    line: usize,
    word: String,
    /// The titles of its cards (empty: an item naming no card, never in the list).
    titles: Vec<String>,
}

/// The remarks whose every card the deck list holds (on another line) are dropped with a note:
/// a forum post's comment on the deck. Any other is refused: its cards would be neither
/// counted nor seen.
fn settle_remarks(remarks: &[Remark], db: &CardDb, imp: &mut Imported) -> LineResult<()> {
    for r in remarks {
        let listed = |t: &String| {
            imp.entries
                .iter()
                .chain(&imp.set_aside)
                .any(|e| db.def(e.id).title == *t)
        };
        if r.titles.iter().all(listed) {
            imp.notes.push(format!(
                "{}: `{}:` is no section heading; its cards are all in the list: read as a remark, not counted",
                r.line, r.word
            ));
            continue;
        }
        return Err((
            r.line,
            format!(
                "`{}:` is no section heading this reader knows, and cards follow it on the line that the list does not hold: put them on their own lines under a heading such as `Side quests:`, `Allies:` or `Sideboard:` (cards out of the deck), or drop the line if it is a remark",
                r.word
            ),
        ));
    }
    Ok(())
}

/// foreign57: an inline list above the deck list (`Side quests: Gather Information, Scout
/// Ahead` under the deck's name) whose every card the list below names again is a summary of
/// the deck, not more copies: its entries are dropped, with a note. A line only some of whose
/// cards come again is kept (the copy limits of `deck check` then show the double count).
fn drop_summary_lines(lines: &[usize], db: &CardDb, imp: &mut Imported) {
    for &l in lines {
        let title = |e: &Entry| db.def(e.id).title.as_str();
        let mine: Vec<&Entry> = imp.entries.iter().filter(|e| e.line == l).collect();
        if mine.is_empty()
            || !mine.iter().all(|m| {
                imp.entries
                    .iter()
                    .any(|e| e.line > l && title(e) == title(m))
            })
        {
            continue;
        }
        imp.notes.push(format!(
            "{l}: the cards of this line are listed again below it: read as a summary of the deck, not counted twice"
        ));
        imp.entries.retain(|e| e.line != l);
    }
}

/// The title of the player card an item (with or without a count) names, if any (of several
/// cards of one name, the first: they share the title).
fn item_title(item: &str, hint: Hint, db: &CardDb) -> Option<String> {
    let item = clean_line(item);
    let name = split_quantity(&item).map_or(item, |(_, n)| n);
    let (n, set) = split_set(&name);
    let (n, set, h) = qualify(n, set, hint, db);
    match resolve_name(n, set.as_deref(), h, db) {
        Found::One(id) => Some(db.def(id).title.clone()),
        Found::Ambiguous(ids, _) => ids.first().map(|&id| db.def(id).title.clone()),
        Found::Unknown(_) | Found::Unclear(_) => None,
    }
}

/// Whether an item (with or without a count) names a player card.
fn names_card(item: &str, hint: Hint, db: &CardDb) -> bool {
    let item = clean_line(item);
    let name = split_quantity(&item).map_or(item, |(_, n)| n);
    let (n, set) = split_set(&name);
    let (n, set, h) = qualify(n, set, hint, db);
    !matches!(resolve_name(n, set.as_deref(), h, db), Found::Unknown(_))
}

/// foreign57: the parts of a line of several cards separated by commas or semicolons
/// (`3x Feint, 2x Quick Strike`, `Feint x3; Quick Strike x2`, `Gather Information, Scout
/// Ahead`): every part has a count, or every part is a card title; the whole line is none.
fn card_list<'a>(s: &'a str, hint: Hint, db: &CardDb) -> Option<Vec<&'a str>> {
    if !s.contains([',', ';']) || s.len() > 400 {
        return None;
    }
    let parts: Vec<&str> = s
        .split([',', ';'])
        .map(str::trim)
        .filter(|x| !x.is_empty())
        .collect();
    if parts.len() < 2 {
        return None;
    }
    let is_card = |item: &str| names_card(item, hint, db);
    if is_card(s) {
        return None;
    }
    let counted = parts.iter().all(|p| {
        let p = clean_line(p);
        split_quantity(&p).is_some() && !is_meta_line(&p) && code_line(&p).is_none()
    });
    (counted || parts.iter().all(|p| is_card(p))).then_some(parts)
}

/// audit51: a hero line that ends with the hero's threat cost (`Aragorn (TLR) - 12`,
/// `Halbarad [10]`) or a number and the word `threat` (`Amarthiúl (BoCD) 10 threat`, `Aragorn
/// (threat: 12)`): the line without it and the note saying so. A number that is not the hero's
/// threat cost, without the word, stays a count (and 12 copies of a hero an error).
fn hero_threat(item: &str, hint: Hint, db: &CardDb) -> Option<(String, String)> {
    if item.len() > 120
        || !item
            .trim_end_matches([')', ']', ' '])
            .ends_with(|c: char| c.is_ascii_digit() || c.is_alphabetic())
    {
        return None;
    }
    // The word `threat` (any case), wherever it stands in the tail.
    let lower = item.to_lowercase();
    let word = lower
        .match_indices("threat")
        .map(|(i, _)| i)
        .filter(|&i| {
            let before = lower[..i].chars().next_back();
            let after = lower[i + 6..].chars().next();
            !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
        })
        .last();
    let text: String = match word {
        Some(i) => format!("{}{}", &item[..i], &item[i + 6..]),
        None => item.to_string(),
    };
    let t = text.trim_end_matches(|c: char| c.is_whitespace() || matches!(c, ')' | ']' | ':'));
    let head = t.trim_end_matches(|c: char| c.is_ascii_digit());
    let digits = &t[head.len()..];
    let n: i16 = digits.parse().ok()?;
    if word.is_none() && n < 4 {
        return None;
    }
    let head = head.trim_end_matches(|c: char| {
        c.is_whitespace() || matches!(c, '-' | '–' | '—' | ',' | ':' | '(' | '[' | '|' | '=')
    });
    if head.is_empty() || head.len() + 2 > item.len() {
        return None;
    }
    // `Aragorn (Core) x1 - 12 threat`: the count of one stays.
    let named = match split_quantity(head) {
        Some((q, nm)) if q == "1" => nm,
        Some(_) => return None,
        None => head.to_string(),
    };
    let (nm, set) = split_set(&named);
    let (nm, set, hint) = qualify(nm, set, hint, db);
    let heroes = match resolve_name(nm, set.as_deref(), hint, db) {
        Found::One(id) => vec![id],
        Found::Ambiguous(c, _) => c,
        _ => return None,
    };
    // Every version a hero, one of them (or the word `threat`) with that threat cost; the
    // line without the number then goes the way of any line naming such a title.
    let is_hero = |id: &DefId| db.def(*id).ty == CardType::Hero;
    let costs = |id: &DefId| word.is_some() || db.def(*id).threat_cost == n;
    if !heroes.iter().all(is_hero) || !heroes.iter().any(costs) {
        return None;
    }
    let note = format!(
        "`{item}`: {n} read as the threat cost of hero {}, not as copies",
        db.def(heroes[0]).title
    );
    Some((head.to_string(), note))
}

/// audit51: the error for a line under a heading that is not read as a card but names one with
/// a number beside it (`Feint, 3`, `Feint 3/3`, `2/3 Feint`, `Feint (Core Set) 3 copies`,
/// `#3 Feint`): the number is no count this reader understands, and dropping the line would
/// play the deck without the card. `None` when the line holds no digit or names no card.
fn unread_count(item: &str, shown: &str, hint: Hint, db: &CardDb) -> Option<String> {
    if !item.contains(|c: char| c.is_ascii_digit()) || item.len() > 120 {
        return None;
    }
    let no_digits: String = item.chars().filter(|c| !c.is_ascii_digit()).collect();
    let noise = |w: &&str| {
        let t = w.trim_matches(|c: char| !c.is_alphanumeric());
        t.is_empty()
            || matches!(
                t.to_lowercase().as_str(),
                "x" | "×" | "х" | "copies" | "copy" | "cards" | "card" | "qty"
            )
    };
    let words: Vec<&str> = no_digits
        .split(|c: char| c.is_whitespace() || ",;/|#".contains(c))
        .filter(|w| !w.is_empty())
        .collect();
    let start = words.iter().position(|w| !noise(w))?;
    let end = words.len() - words.iter().rev().position(|w| !noise(w))?;
    let mut name = words[start..end].join(" ");
    // Punctuation glued to the ends (`Feint....`, `Feint:`), but not a set's brackets.
    while name.ends_with(['.', ':', '-', '–', '*']) {
        name.pop();
    }
    let (n, set) = split_set(name.trim());
    let (n, set, hint) = qualify(n, set, hint, db);
    let id = match resolve_name(n, set.as_deref(), hint, db) {
        Found::One(id) => id,
        Found::Ambiguous(c, _) => *c.first()?,
        _ => return None,
    };
    let title = &db.def(id).title;
    Some(format!(
        "`{shown}` names {title} but its number is no count this reader understands; write the count first, e.g. `2x {title}`"
    ))
}

/// Sideboard and loot-section lines: kept for a loot deck (The Burglar's Turn), otherwise
/// ignored; resolved now, failing only if the deck turns out to need them.
fn side_items(
    items: &[&str],
    line: usize,
    section: Section,
    db: &CardDb,
    imp: &mut Imported,
    budget: &mut u32,
) {
    let loot_heading = section == Section::Loot;
    for item in items {
        let item = clean_line(item);
        let (copies, name) = match split_quantity(&item) {
            Some((q, n)) => {
                if !loot_heading && items.len() == 1 {
                    imp.sideboard += q.parse::<u32>().unwrap_or(0);
                }
                (q.parse::<u32>().unwrap_or(0), n)
            }
            // A bare line: a card, unless it is a note or footer.
            None if is_free_text(&item) || is_prose(&item) => continue,
            None => (1, item.clone()),
        };
        let (n, set) = split_set(&name);
        let (n, set, _) = qualify(n, set, Hint::default(), db);
        let set = set.as_deref();
        let mut found = match resolve_or_near(
            n,
            set,
            Hint::of_type(Some(CardType::Attachment)),
            db,
            budget,
        ) {
            (Found::One(id), _) => Ok(id),
            (Found::Ambiguous(_, m), _) | (Found::Unclear(m), _) => Err(m),
            (Found::Unknown(u), _) => Err(unknown_card(&u, db)),
        };
        // A plain sideboard may list reserve heroes (campaign mode: `reserve_heroes`).
        let attachment = matches!(found, Ok(d) if db.def(d).ty == CardType::Attachment);
        if !attachment && !loot_heading {
            if let (Found::One(id), _) =
                resolve_or_near(n, set, Hint::of_type(Some(CardType::Hero)), db, budget)
            {
                if db.def(id).ty == CardType::Hero {
                    found = Ok(id);
                }
            }
        }
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
}

/// Is card `c` printed (the same card under the same title) in a set that `in_set` accepts?
fn printed_in(db: &CardDb, c: DefId, in_set: impl Fn(&CardDef) -> bool) -> bool {
    let d = db.def(c);
    let t = normalize_title(&d.title);
    db.defs
        .iter()
        .any(|o| same_card(o, d) && normalize_title(&o.title) == t && in_set(o))
}

/// Settles titles with several versions from the rest of the deck, heroes first. Each clue
/// narrows the candidates only when some remain, and the first that leaves one decides:
/// a hero by the spheres of the deck's other cards, then by the spheres no other hero brings,
/// then by the spheres the deck's name or description names, then by the sets the deck's other
/// cards come from; another card by the heroes' spheres (or neutral), the description, the
/// sets. Still ambiguous: an error listing the choices.
pub(super) fn settle_by_spheres(
    mut pending: Vec<Pending>,
    db: &CardDb,
    imp: &mut Imported,
) -> LineResult<()> {
    if pending.is_empty() {
        return Ok(());
    }
    let is_hero = |p: &Pending| p.candidates.iter().all(|&c| db.def(c).ty == CardType::Hero);
    // Heroes first: a settled hero's sphere is a clue for the other cards.
    pending.sort_by_key(|p| (!is_hero(p), p.entry));
    let mut unsettled: Vec<usize> = pending.iter().map(|p| p.entry).collect();
    let described: Vec<Sphere> = imp
        .description
        .iter()
        .flat_map(|d| d.split(|c: char| !c.is_alphanumeric()))
        .filter_map(sphere_named)
        .collect();
    for p in pending {
        let e = imp.entries[p.entry];
        let hero = is_hero(&p);
        let known = |i: usize| !unsettled.contains(&i);
        let mut hero_spheres: Vec<Sphere> = Vec::new();
        let mut card_spheres: Vec<Sphere> = Vec::new();
        for (i, x) in imp.entries.iter().enumerate() {
            let d = db.def(x.id);
            if !known(i) || !d.ty.is_player_card() {
                continue;
            }
            if d.sphere == Sphere::Neutral {
                continue;
            }
            if d.ty == CardType::Hero {
                hero_spheres.push(d.sphere);
            } else {
                card_spheres.push(d.sphere);
            }
        }
        // The sets written on the deck's lines (`(Core Set)`, `[TLR]`): a printing in one of
        // them.
        let in_sets =
            |c: DefId| printed_in(db, c, |o| imp.written_sets.iter().any(|s| names_set(s, o)));
        type Clue<'c> = (&'static str, Box<dyn Fn(DefId) -> bool + 'c>);
        // The same card named on another line (a `Heroes:` line above the list).
        let named: Vec<DefId> = imp
            .entries
            .iter()
            .enumerate()
            .filter(|&(i, _)| known(i))
            .map(|(_, x)| x.id)
            .collect();
        let named_elsewhere = move |c: DefId| {
            named.iter().any(|&o| {
                same_card(db.def(o), db.def(c))
                    && normalize_title(&db.def(o).title) == normalize_title(&db.def(c).title)
            })
        };
        let clues: Vec<Clue> = if hero {
            vec![
                (
                    "the same hero named on another line",
                    Box::new(named_elsewhere),
                ),
                (
                    "the spheres of the deck's other cards",
                    Box::new(|c| card_spheres.contains(&db.def(c).sphere)),
                ),
                (
                    "the spheres of the deck's cards that no other hero brings",
                    Box::new(|c| !hero_spheres.contains(&db.def(c).sphere)),
                ),
                (
                    "the spheres named in the deck's description",
                    Box::new(|c| described.contains(&db.def(c).sphere)),
                ),
                (
                    "the sets written on the deck's other lines",
                    Box::new(in_sets),
                ),
            ]
        } else {
            vec![
                (
                    "the spheres of the deck's heroes",
                    Box::new(|c| {
                        let s = db.def(c).sphere;
                        hero_spheres.contains(&s) || s == Sphere::Neutral
                    }),
                ),
                (
                    "the spheres named in the deck's description",
                    Box::new(|c| described.contains(&db.def(c).sphere)),
                ),
                (
                    "the sets written on the deck's other lines",
                    Box::new(in_sets),
                ),
            ]
        };
        let mut left = p.candidates.clone();
        let mut why = "";
        for (what, keep) in &clues {
            let narrowed: Vec<DefId> = left.iter().copied().filter(|&c| keep(c)).collect();
            if !narrowed.is_empty() {
                if narrowed.len() < left.len() {
                    why = what;
                }
                left = narrowed;
            }
            if left.len() == 1 {
                break;
            }
        }
        if left.len() != 1 {
            return Err((e.line, p.message));
        }
        imp.entries[p.entry].id = left[0];
        unsettled.retain(|&i| i != p.entry);
        let unmatched = match &p.unmatched_set {
            Some(s) => format!(" and none is in `{s}` (written on its line; check the set)"),
            None => String::new(),
        };
        imp.notes.push(format!(
            "{}: `{}` has several versions{unmatched}; chose {} from {why}",
            e.line,
            db.def(left[0]).title,
            describe(left[0], db),
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
