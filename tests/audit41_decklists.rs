//! audit41: decklists as users paste them (RingsDB text / Markdown / BBCode exports, OCTGN
//! files with a byte-order mark and CRLF, DragnCards, Hall of Beorn and forum shapes), kept in
//! tests/fixtures/audit41/, each checked to import to the intended cards; and the classes of
//! lines the audit found read wrongly (a type in parentheses, counts in other shapes, symbols
//! before a line, full-width letters, an OCTGN card left open).

mod common;

use common::cards::{db, fixture_in, id};
use std::path::PathBuf;

use lotr_sim::data::DefId;
use lotr_sim::deck::{self, Imported};

fn fixture(name: &str) -> PathBuf {
    fixture_in("audit41", name)
}

fn ids(codes: &[&str]) -> Vec<DefId> {
    codes.iter().map(|c| id(c)).collect()
}

fn all(name: &str) -> Vec<Imported> {
    deck::import_file_all(&fixture(name), db()).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn one(name: &str) -> Imported {
    let mut v = all(name);
    assert_eq!(v.len(), 1, "{name}");
    v.remove(0)
}

/// Copies of the card with `title` in the deck (any printing).
fn copies_of(imp: &Imported, title: &str) -> usize {
    imp.deck
        .cards
        .iter()
        .filter(|&&c| db().def(c).title == title)
        .count()
}

/// One text line under a heading: (heroes, cards) as imported, or the error.
fn line(text: &str) -> Result<(Vec<DefId>, Vec<DefId>), String> {
    deck::import_deck("t", &format!("My deck\n{text}\n"), db())
        .map(|imp| (imp.deck.heroes, imp.deck.cards))
        .map_err(|e| e.to_string())
}

#[test]
fn audit41_real_decklists_import_to_the_intended_cards() {
    let lost_realm = ids(&["TLR-001", "TLR-002", "Core-007"]);
    let core_three = ids(&["Core-001", "Core-005", "Core-007"]);
    // (file, heroes, drawable cards, sideboard copies)
    let cases: &[(&str, &[DefId], usize, u32)] = &[
        ("01-ringsdb-text.txt", &lost_realm, 50, 3),
        ("02-ringsdb-markdown.md", &lost_realm, 50, 3),
        ("03-ringsdb-bbcode.txt", &lost_realm, 50, 3),
        ("04-octgn-bom-crlf.o8d", &lost_realm, 25, 2),
        ("07-set-codes.txt", &core_three, 33, 0),
        ("18-sideboard-variants.txt", &core_three, 9, 9),
        ("19-cardgamedb.txt", &core_three, 21, 0),
        ("20-json-messy.json", &lost_realm, 18, 2),
        ("21-hall-of-beorn.txt", &core_three, 9, 0),
        ("22-dragncards-load.json", &core_three, 3, 2),
        ("23-ringsdb-md2.md", &lost_realm, 9, 0),
        ("24-hob.txt", &core_three, 6, 0),
    ];
    for &(file, heroes, cards, side) in cases {
        let imp = one(file);
        assert_eq!(imp.deck.heroes, heroes, "{file}");
        assert_eq!(imp.deck.cards.len(), cards, "{file}");
        assert_eq!(imp.sideboard, side, "{file}");
    }
    // The three RingsDB exports of one deck are the same deck.
    let text = one("01-ringsdb-text.txt").deck.cards;
    assert_eq!(one("02-ringsdb-markdown.md").deck.cards, text);
    assert_eq!(one("03-ringsdb-bbcode.txt").deck.cards, text);
    // Accents missing, different (Iärion, Iárion) or decomposed (NFD): the same cards.
    let d = one("08-diacritics.txt");
    assert_eq!(d.deck.heroes, ids(&["Core-007", "Core-002", "Core-003"]));
    assert_eq!(copies_of(&d, "Dúnedain Hunter"), 6);
    assert_eq!(copies_of(&d, "Iârion's Pendant"), 3);
    assert_eq!(copies_of(&d, "Celebrían's Stone"), 2);
    let nfd = one("09-nfd.txt");
    assert_eq!(nfd.deck.heroes, ids(&["Core-007", "Core-002", "Core-003"]));
    assert_eq!(nfd.deck.cards.len(), 15);
    // Curly and odd apostrophes, en and em dashes, non-breaking spaces and hyphens, a
    // zero-width space, curly quotes, full-width letters: every line read.
    let p = one("10-punctuation.txt");
    assert_eq!(copies_of(&p, "Gandalf's Search"), 9);
    assert_eq!(copies_of(&p, "Raven-winged Helm"), 2);
    assert_eq!(copies_of(&p, "Weather-stained Cloak"), 2);
    assert_eq!(copies_of(&p, "Sword-thain"), 1);
    assert_eq!(copies_of(&p, "A Test of Will"), 3);
    assert_eq!(copies_of(&p, "Lore of Imladris"), 2);
    assert_eq!(copies_of(&p, "Hope Rekindled"), 2);
    assert_eq!(copies_of(&p, "Feint"), 2);
    // Several decks in one file: 2 and 4 players.
    let two = all("16-two-players.txt");
    assert_eq!(two.len(), 2);
    assert_eq!(
        two[1].deck.heroes,
        ids(&["Core-007", "Core-008", "Core-009"])
    );
    let four = all("17-four-players.txt");
    assert_eq!(four.len(), 4);
    assert_eq!(
        four[3].deck.heroes,
        ids(&["Core-010", "Core-011", "Core-012"])
    );
    // One hero, four heroes (imported; `deck check` reports the second as not legal).
    assert_eq!(one("14-one-hero.txt").deck.heroes, ids(&["Core-001"]));
    assert_eq!(one("15-four-heroes.txt").deck.heroes.len(), 4);
}

#[test]
fn audit41_shared_titles_and_unimplemented_cards_are_never_silent() {
    // A title shared by several heroes with nothing to tell them apart: refused, naming the
    // line and how to say which.
    for (file, line) in [("05-dragncards-plain.txt", 1), ("11-shared-titles.txt", 2)] {
        let e = deck::import_file_all(&fixture(file), db()).unwrap_err();
        assert_eq!(e.line, line, "{file}: {e}");
        assert!(e.message.contains("`Aragorn` is ambiguous"), "{e}");
        assert!(e.message.contains("add the set in parentheses"), "{e}");
    }
    // A version named by its sphere that the engine does not implement: imported as asked,
    // and refused for play with its name.
    let g = one("12-glorfindel-spirit.txt");
    assert_eq!(g.deck.heroes[0], id("FoS-101"));
    let u = one("13-unimplemented.txt");
    assert_eq!(u.deck.heroes[2], id("THOHaUH-001"));
    assert_eq!(u.deck.cards.len(), 12);
}

#[test]
fn audit41_type_in_parentheses_narrows_the_card() {
    // "(Hero)" / "(Ally)" are card types, not sets: before, `Legolas (Hero)` was refused as
    // "no version of it is in `Hero`".
    let d = one("06-count-first-hero-markers.txt");
    assert_eq!(d.deck.heroes, ids(&["Core-001", "Core-005", "Core-006"]));
    assert_eq!(d.deck.cards.len(), 46);
    let hero = |t: &str| line(t).map(|(h, _)| h);
    let legolas = Ok(ids(&["Core-005"]));
    assert_eq!(hero("1x Legolas (Tactics Hero)"), legolas);
    assert_eq!(hero("1x Legolas (Hero, Tactics)"), legolas);
    assert_eq!(hero("1x Legolas (Core Set, Tactics)"), legolas);
    assert_eq!(hero("1x Legolas (Tactics, Core)"), legolas);
    assert_eq!(hero("1x Legolas (Hero) (Core Set)"), legolas);
    assert_eq!(hero("1x Legolas (Core Set) (Hero)"), legolas);
    assert_eq!(hero("1x Legolas (Hero - Core Set #5)"), legolas);
    assert_eq!(hero("1x Éowyn (Hero) (Spirit)"), Ok(ids(&["Core-007"])));
    assert_eq!(
        hero("1x Aragorn (Hero, The Lost Realm)"),
        Ok(ids(&["TLR-001"]))
    );
    // A set whose name holds a type word is still a set.
    assert_eq!(
        hero("1x Aragorn (Angmar Awakened Hero Expansion)"),
        Ok(ids(&["TLR-001"]))
    );
    let card = |t: &str| line(t).map(|(_, c)| c);
    assert_eq!(card("1x Legolas (Ally)"), Ok(ids(&["TPLES-038"])));
    assert_eq!(card("3x Faramir (Ally, Core)"), Ok(vec![id("Core-014"); 3]));
    assert_eq!(
        card("3x Faramir (Leadership Ally)"),
        Ok(vec![id("Core-014"); 3])
    );
    assert_eq!(
        card("1x Gather Information (Player Side Quest)"),
        Ok(ids(&["TLR-014"]))
    );
    // A type that leaves two heroes: still refused, as ambiguous among heroes only.
    let e = hero("1x Legolas (Hero)").unwrap_err();
    assert!(e.contains("`Legolas` is ambiguous:"), "{e}");
    assert!(!e.contains("Ally"), "{e}");
}

#[test]
fn audit41_counts_in_other_shapes_are_read_never_dropped() {
    let guard = |n: usize| Ok(vec![id("Core-013"); n]);
    let card = |t: &str| line(&format!("Allies\n{t}")).map(|(_, c)| c);
    // Before, each of these was read as ONE copy (the count was lost) or refused.
    for t in [
        "Guard of the Citadel (3 copies)",
        "3 copies of Guard of the Citadel",
        "[3] Guard of the Citadel",
        "[3x] Guard of the Citadel",
        "Guard of the Citadel: 3",
        "Guard of the Citadel 3x",
        "Guard of the Citadel - 3 copies",
        "Guard of the Citadel (Core Set) 3x",
        "3xGuard of the Citadel",
        "◦ 3x Guard of the Citadel",
        "► 3x Guard of the Citadel",
        "✓ 3x Guard of the Citadel",
        "３x Guard of the Citadel",
    ] {
        assert_eq!(card(t), guard(3), "{t}");
    }
    assert_eq!(card("２ｘ　ＦｅｉｎＴ"), Ok(vec![id("Core-034"); 2]));
    // A number the reader does not understand is never "corrected" away as a typo: the
    // line is refused (with a count) or kept as a note (without one), never one silent copy.
    let e = card("3 Guard of the Citadel 3").unwrap_err();
    assert!(e.contains("unknown card `Guard of the Citadel 3`"), "{e}");
    // audit51: without a count it was a `deck check` note, and `run` played the deck
    // without the card; now it is refused with the line.
    let e = deck::import_deck(
        "t",
        "Allies\n3x Gondorian Spearman\nGuard of the Citadel 2011\n",
        db(),
    )
    .unwrap_err();
    assert_eq!(e.line, 3);
    assert!(
        e.message
            .contains("`Guard of the Citadel 2011` names Guard of the Citadel but its number"),
        "{e:?}"
    );
    // A count line of headings is not a card.
    let imp = deck::import_deck(
        "t",
        "Hero\nAragorn (Core)\nAlly\n3x Gondorian Spearman\nHero: 1, Ally: 3\n",
        db(),
    )
    .unwrap();
    assert_eq!(imp.deck.cards.len(), 3);
}

#[test]
fn audit41_octgn_card_left_open_is_refused() {
    let guid = |code: &str| db().def(id(code)).octgn_id.clone();
    // `</card>` missing: the next section's cards became this card's "name" and were lost.
    let text = format!(
        "<deck><section name=\"Hero\"><card qty=\"1\" id=\"{}\">Aragorn\n<section name=\"Ally\">\n<card qty=\"3\" id=\"{}\">Guard of the Citadel</card></section></deck>",
        guid("Core-001"),
        guid("Core-013")
    );
    let e = deck::import_deck("open.o8d", &text, db()).unwrap_err();
    assert_eq!(e.line, 1, "{e}");
    assert!(
        e.message.contains("without `</card>` before the next tag"),
        "{e}"
    );
    // A name in a CDATA block is a name.
    let text = format!(
        "<deck><section name=\"Hero\"><card qty=\"1\" id=\"{}\">Aragorn</card></section><section name=\"Ally\"><card qty=\"3\" id=\"not-a-guid\"><![CDATA[Guard of the Citadel]]></card></section></deck>",
        guid("Core-001")
    );
    let imp = deck::import_deck("cdata.o8d", &text, db()).unwrap();
    assert_eq!(imp.deck.cards, vec![id("Core-013"); 3]);
}

#[test]
fn audit41_ringsdb_json_code_given_twice_is_refused() {
    // Before, the two entries were added up (3 + 2 = 5 copies), unlike any JSON reader.
    let text =
        "{\"name\": \"x\", \"heroes\": {\"01001\": 1},\n\"slots\": {\"01013\": 3,\n \"01013\": 2}}";
    let e = deck::import_deck("dup.json", text, db()).unwrap_err();
    assert_eq!(e.line, 3, "{e}");
    assert!(
        e.message
            .contains("card code `01013` is given twice in `slots` (also on line 2)"),
        "{e}"
    );
}

#[test]
fn audit41_deck_spec_dangling_link_and_near_builtin_name() {
    // A near miss of a built-in deck's name is named.
    let e = deck::import_spec("core-leadershp", db()).unwrap_err();
    assert!(e.message.contains("did you mean `core-leadership`?"), "{e}");
    // A link to a missing file says so (it was "no such file" although the link is there).
    let dir = std::env::temp_dir().join(format!("lotr-sim-audit41-link-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let link = dir.join("deck.txt");
    std::os::unix::fs::symlink(dir.join("moved-away.txt"), &link).unwrap();
    let e = deck::import_spec(link.to_str().unwrap(), db()).unwrap_err();
    assert!(e.message.contains("a symbolic link to `"), "{e}");
    assert!(
        e.message.contains("moved-away.txt`, which does not exist"),
        "{e}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn audit41_negative_and_decimal_counts_and_unknown_sets_are_not_silent() {
    let text = |l: &str| format!("Hero\nAragorn (Core)\nAlly\n{l}\n");
    // "-1x" was read as a bullet before "1x" (one copy); "1.5x" was dropped as text.
    for (l, q) in [
        ("-1x Guard of the Citadel", "-1"),
        ("1.5x Guard of the Citadel", "1.5"),
    ] {
        let e = deck::import_deck("t", &text(l), db()).unwrap_err();
        assert_eq!(e.line, 4, "{e}");
        assert!(e.message.contains(&format!("bad quantity `{q}`")), "{e}");
    }
    // A markdown bullet before a count is still a bullet.
    let imp = deck::import_deck("t", &text("- 2x Guard of the Citadel"), db()).unwrap();
    assert_eq!(imp.deck.cards.len(), 2);
    // A set that holds no printing of a one-version card: read, with a note (was silent).
    let imp = deck::import_deck(
        "t",
        &text("3x Guard of the Citadel (Nonexistent Pack)"),
        db(),
    )
    .unwrap();
    assert_eq!(imp.deck.cards, vec![id("Core-013"); 3]);
    assert!(
        imp.notes
            .iter()
            .any(|n| n
                .starts_with("4: `Nonexistent Pack` names no printing of Guard of the Citadel")),
        "{:?}",
        imp.notes
    );
    // A set that does hold it (a reprint) or a bare code: no note.
    for l in [
        "3x Guard of the Citadel (RevCore)",
        "3x Guard of the Citadel (01013)",
    ] {
        let imp = deck::import_deck("t", &text(l), db()).unwrap();
        assert!(imp.notes.is_empty(), "{l}: {:?}", imp.notes);
    }
}

/// cards42: RingsDB card codes on text lines (`3x 01013`, `01013 x3`, `3 01013`, `3 x 01013`,
/// `01014 (x2)`) are read through the RingsDB code map of JSON imports, mixed with titles; an
/// unknown code is refused naming the file, the line and the fix.
#[test]
fn ringsdb_codes_on_text_lines() {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/cards42/ringsdb-codes.txt");
    let imp = deck::import_file(&path, db()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(imp.deck.heroes, ids(&["Core-001", "Core-002", "Core-003"]));
    let count = |code: &str| imp.deck.cards.iter().filter(|&&c| c == id(code)).count();
    // 01013 Guard of the Citadel: 3 by code + 1 by title.
    assert_eq!(count("Core-013"), 4);
    assert_eq!(count("Core-016"), 3);
    assert_eq!(count("Core-014"), 2);
    assert_eq!(count("Core-020"), 2);
    assert_eq!(imp.deck.cards.len(), 11);
    // An unknown code: the file, the line, the nearest codes and what to do.
    let text = "Heroes\n1x 01001\n\n3x 01013\n2x 99999\n";
    let e = deck::import_deck("mine.txt", text, db())
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with("mine.txt:5: unknown RingsDB card code `99999`"),
        "{e}"
    );
    assert!(
        e.contains("nearest known codes") && e.contains("write the card's title"),
        "{e}"
    );
    // A count alone, or a title with a code in brackets, is no code line.
    let imp = deck::import_deck(
        "t",
        "Heroes\n1x 01001\n3x Guard of the Citadel (01013)\nTotal 50\n",
        db(),
    )
    .unwrap();
    assert_eq!(imp.deck.cards, ids(&["Core-013", "Core-013", "Core-013"]));
}
