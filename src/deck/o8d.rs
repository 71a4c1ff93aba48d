//! OCTGN `.o8d` deck files.

use super::*;

/// The card type a deck section (OCTGN section name or text heading, lowercased) stands for:
/// `Some(None)` for a section of any player card type, `None` if it is no player section.
pub(super) fn section_type(key: &str) -> Option<Option<CardType>> {
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
pub(super) const SET_ASIDE_SECTIONS: &[&str] = &[
    "special",
    "second special",
    "setup",
    "set aside",
    "set-aside",
    "setaside",
];
/// OCTGN sections that hold the shared quest/encounter cards or a game's zones: skipped.
pub(super) const SKIPPED_SECTIONS: &[&str] = &[
    "quest",
    "second quest deck",
    "active quest",
    "encounter",
    "second encounter deck",
    "staging area",
    "active location",
    "victory display",
    "encounter discard pile",
    "discard pile",
];

/// Value of attribute `name` inside one tag's text (`<card qty="3" id="...">`).
pub(super) fn attr<'t>(tag: &'t str, name: &str) -> Option<&'t str> {
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
pub(super) fn parse_o8d(text: &str, db: &CardDb, imp: &mut Imported) -> LineResult<()> {
    #[derive(Clone, Copy, PartialEq)]
    enum Sec {
        Deck(Option<CardType>),
        Side,
        SetAside,
        Skip,
    }
    let mut sec = Sec::Deck(None);
    // The note for an unknown section, given once a card is read from it.
    let mut unknown: Option<String> = None;
    let mut pos = 0;
    // Lines counted incrementally (counting from the start at every tag was quadratic).
    let (mut counted, mut line) = (0, 1);
    while let Some(off) = text[pos..].find('<') {
        let start = pos + off;
        line += text[counted..start].bytes().filter(|&b| b == b'\n').count();
        counted = start;
        // A comment or CDATA block that never ends would hide the rest of the file: the
        // deck would lose its cards without a word.
        for (open, close, what) in [
            ("<![CDATA[", "]]>", "CDATA block"),
            ("<!--", "-->", "comment"),
        ] {
            if text[start..].starts_with(open) {
                pos = match text[start..].find(close) {
                    Some(e) => start + e + close.len(),
                    None => {
                        return Err((
                            line,
                            format!(
                                "a {what} (`{open}`) that is never closed (`{close}`) hides the rest of the file; the .o8d file is cut short or damaged: close it or remove it"
                            ),
                        ))
                    }
                };
                break;
            }
        }
        if pos > start {
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
                unknown = None;
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
                } else if attr(tag, "shared").is_some_and(|v| v.trim().eq_ignore_ascii_case("true"))
                {
                    // foreign46: a shared section holds the quest's cards or a game zone
                    // (`Active Quest` in the files OCTGN writes), never the player's deck.
                    Sec::Skip
                } else {
                    // Noted at its first card: an empty section says nothing.
                    unknown = Some(format!(
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
                // The card's name is text; a tag inside it means a `</card>` is missing and
                // the cards up to the next one would be read as this card's name, unseen.
                let title = title.trim();
                let title = title
                    .strip_prefix("<![CDATA[")
                    .and_then(|t| t.strip_suffix("]]>"))
                    .unwrap_or(title);
                if title.contains('<') {
                    return Err((
                        line,
                        "`<card>` without `</card>` before the next tag; the .o8d file is damaged: close the card with `</card>`"
                            .into(),
                    ));
                }
                if sec == Sec::Skip {
                    continue;
                }
                if let Some(note) = unknown.take() {
                    imp.notes.push(note);
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
