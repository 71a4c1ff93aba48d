//! Deck import in every supported format (fixtures in tests/fixtures/decks/), deck legality
//! checks, and the errors for bad inputs.

mod common;

use common::cards::{db, fixture_in, id};
use std::path::PathBuf;

use lotr_sim::data::DefId;
use lotr_sim::deck::{self, Format, Imported, Severity};

fn fixture(name: &str) -> PathBuf {
    fixture_in("decks", name)
}

fn import(name: &str) -> Imported {
    deck::import_file(&fixture(name), db()).unwrap_or_else(|e| panic!("{e}"))
}

/// (heroes sorted, cards sorted) by card identity: title, type and sphere (a list that does
/// not name the set may pick another printing of the same card).
type Key = (String, String, String);
fn sorted(imp: &Imported) -> (Vec<Key>, Vec<Key>) {
    let key = |&i: &DefId| {
        let d = db().def(i);
        (
            d.title.clone(),
            format!("{:?}", d.ty),
            format!("{:?}", d.sphere),
        )
    };
    let mut h: Vec<Key> = imp.deck.heroes.iter().map(key).collect();
    let mut c: Vec<Key> = imp.deck.cards.iter().map(key).collect();
    h.sort_unstable();
    c.sort_unstable();
    (h, c)
}

fn copies(imp: &Imported, code: &str) -> usize {
    imp.deck.cards.iter().filter(|&&c| c == id(code)).count()
}

/// The same 50-card Lost Realm deck in four formats imports to the same deck.
#[test]
fn one_deck_in_every_format() {
    let json = import("ringsdb-decklist.json");
    assert_eq!(json.format, Some(Format::RingsDbJson));
    assert_eq!(
        json.deck.heroes,
        vec![id("TLR-001"), id("TLR-002"), id("Core-010")]
    );
    assert_eq!(json.deck.cards.len(), 50);
    assert_eq!(json.deck.name, "ringsdb-decklist");
    assert_eq!(json.sideboard, 3);
    assert_eq!(json.description[0], "Dúnedain Watch & Ward");
    assert_eq!(copies(&json, "TLR-014"), 2); // Gather Information (player side quest)
    assert_eq!(copies(&json, "Core-013"), 3);
    let want = sorted(&json);
    for (file, format) in [
        ("ringsdb-export.txt", Format::Text),
        ("octgn-sideboard.o8d", Format::O8d),
        ("forum-messy.txt", Format::Text),
    ] {
        let imp = import(file);
        assert_eq!(imp.format, Some(format), "{file}");
        assert_eq!(sorted(&imp), want, "{file}");
        assert_eq!(
            imp.sideboard, 3,
            "{file}: sideboard copies counted, not played"
        );
    }
}

#[test]
fn octgn_unknown_guid_is_read_by_name_with_a_note() {
    let imp = import("octgn-sideboard.o8d");
    assert!(
        imp.notes
            .iter()
            .any(|n| n.starts_with("13: unknown OCTGN card id") && n.contains("Core-013")),
        "{:?}",
        imp.notes
    );
    let c = deck::check(&imp, db());
    assert!(c
        .findings
        .iter()
        .any(|f| f.severity == Severity::Note && f.line == 13));
}

#[test]
fn ringsdb_json_variants() {
    // Heroes only in `slots`, empty sideslots written as `[]`, string quantities, BOM, CRLF.
    let text = "\u{feff}{\r\n\"slots\": {\"01001\": 1, \"01007\": \"1\", \"01013\": 3, \"01026\": 0},\r\n\"sideslots\": []\r\n}";
    let imp = deck::import_deck("j", text, db()).unwrap();
    assert_eq!(imp.deck.heroes, vec![id("Core-001"), id("Core-007")]);
    assert_eq!(imp.deck.cards, vec![id("Core-013"); 3]);
    // A Revised Core code is the Core code: resolves to the earliest printing.
    let one = "[{\"heroes\": {\"01001\": 1}, \"slots\": {\"01001\": 1, \"01073\": 2}}]";
    let imp = deck::import_deck("j", one, db()).unwrap();
    assert_eq!(imp.deck.heroes, vec![id("Core-001")]);
    assert_eq!(imp.deck.cards, vec![id("Core-073"); 2]);
    // A non-hero in `heroes`.
    let e = deck::import_deck("j", "{\"heroes\": {\"01013\": 1}}", db()).unwrap_err();
    assert!(e.message.contains("not a hero"), "{e}");
    // Not a decklist.
    let e = deck::import_deck("j", "{\"name\": \"x\"}", db()).unwrap_err();
    assert!(e.message.contains("not a RingsDB decklist"), "{e}");
    let e = deck::import_deck("j", "{\"slots\": {\"01013\": true}}", db()).unwrap_err();
    assert!(e.message.contains("expected a number"), "{e}");
}

#[test]
fn malformed_json_names_the_line() {
    let e = deck::import_file(&fixture("bad-malformed.json"), db()).unwrap_err();
    assert!(e.file.ends_with("bad-malformed.json"));
    assert_eq!(e.line, 6, "{e}");
    assert!(e.message.starts_with("malformed JSON at column 5"), "{e}");
    let e = deck::import_file(&fixture("bad-unknown-code.json"), db()).unwrap_err();
    assert_eq!(e.line, 5, "{e}");
    assert!(
        e.message
            .starts_with("unknown RingsDB card code `99999` in `slots`; nearest known codes:"),
        "{e}"
    );
}

#[test]
fn unknown_card_lists_nearest_names() {
    let e = deck::import_file(&fixture("bad-unknown-card.txt"), db()).unwrap_err();
    assert_eq!(e.line, 6);
    assert!(
        e.message
            .starts_with("unknown card `Snowborn Scuot`; did you mean Snowbourn Scout"),
        "{e}"
    );
    assert!(e
        .to_string()
        .contains("bad-unknown-card.txt:6: unknown card"));
}

#[test]
fn ambiguous_title_lists_the_choices() {
    let e = deck::import_file(&fixture("bad-ambiguous.txt"), db()).unwrap_err();
    assert_eq!(e.line, 3);
    for want in [
        "`Aragorn` is ambiguous",
        "Core-001",
        "TWitW-053",
        "TLR-001",
        "add the set in parentheses",
    ] {
        assert!(e.message.contains(want), "{want}: {e}");
    }
}

#[test]
fn ambiguous_title_with_a_set_that_has_none_of_its_versions() {
    // Spirit Glorfindel is in Foundations of Stone, not in The Long Dark / Flight of Moria:
    // the error says the named set holds no version, then lists the versions.
    let e = deck::import_deck("t", "1x Glorfindel (Flight of Moria)\n", db()).unwrap_err();
    assert_eq!(e.line, 1);
    for want in [
        "`Glorfindel` is ambiguous (no version of it is in `Flight of Moria`)",
        "Core-011",
        "FoS-101",
    ] {
        assert!(e.message.contains(want), "{want}: {e}");
    }
    // A set that holds one version settles it.
    let imp = deck::import_deck("t", "1x Glorfindel (Foundations of Stone)\n", db()).unwrap();
    assert_eq!(imp.deck.heroes, vec![id("FoS-101")]);
}

#[test]
fn versions_settled_by_sphere_set_or_deck() {
    let one = |text: &str| {
        deck::import_deck("t", text, db())
            .unwrap_or_else(|e| panic!("{e}"))
            .deck
            .heroes
    };
    assert_eq!(one("1x Aragorn (Lore)\n"), vec![id("TWitW-053")]);
    assert_eq!(one("1x Aragorn (WitW)\n"), vec![id("TWitW-053")]);
    assert_eq!(one("1x Aragorn (TWitW)\n"), vec![id("TWitW-053")]);
    assert_eq!(one("1x Aragorn [Core]\n"), vec![id("Core-001")]);
    assert_eq!(one("1x Tactics Aragorn\n"), vec![id("TLR-001")]);
    assert_eq!(one("1x Aragorn - The Lost Realm\n"), vec![id("TLR-001")]);
    assert_eq!(one("Leadership:\n1x Aragorn\n"), vec![id("Core-001")]);
    // No set or sphere: the rest of the deck decides (only Lore cards besides the hero).
    let imp = deck::import_deck(
        "t",
        "Hero\n1x Aragorn\nEvents\n3x Lore of Imladris\n2x Gandalf's Search\n",
        db(),
    )
    .unwrap();
    assert_eq!(imp.deck.heroes, vec![id("TWitW-053")]);
    assert!(imp
        .notes
        .iter()
        .any(|n| n.starts_with("2: `Aragorn` has several versions")));
    // A set on the line that holds no version (no such pack): settled by the rest of the
    // deck, and the note says the written set was not used.
    let imp = deck::import_deck(
        "t",
        "Hero\n1x Aragorn (Fellowship of Moria)\nEvents\n3x Lore of Imladris\n",
        db(),
    )
    .unwrap();
    assert_eq!(imp.deck.heroes, vec![id("TWitW-053")]);
    assert!(
        imp.notes.iter().any(|n| n
            .starts_with("2: `Aragorn` has several versions and none is in `Fellowship of Moria`")),
        "{:?}",
        imp.notes
    );
    // Two spheres that both fit: still ambiguous.
    let e = deck::import_deck(
        "t",
        "1x Aragorn\n3x Lore of Imladris\n3x Guard of the Citadel\n",
        db(),
    )
    .unwrap_err();
    assert!(e.message.contains("is ambiguous"), "{e}");
}

#[test]
fn accents_case_entities_bom_crlf() {
    let imp = import("forum-accents.txt");
    assert_eq!(
        imp.deck.heroes,
        vec![id("Core-002"), id("Core-007"), id("Core-009")]
    );
    assert_eq!(imp.deck.cards.len(), 50);
    assert_eq!(imp.description[0], "Eowyn & friends");
    // The same list with CRLF, a BOM, entities and every name upper case.
    let text = std::fs::read_to_string(fixture("forum-accents.txt")).unwrap();
    let mangled = format!(
        "\u{feff}{}",
        text.to_uppercase()
            .replace('\n', "\r\n")
            .replace('\'', "&#39;")
            .replace('’', "&rsquo;")
    );
    let other = deck::import_deck("t", &mangled, db()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(sorted(&other), sorted(&imp));
    // Iârion is an encounter card: named, not silently dropped.
    let e =
        deck::parse_deck("t", "Hero\n1x Aragorn (Core)\nAllies\n1x Iarion\n", db()).unwrap_err();
    assert_eq!(e.line, 4);
    assert!(e.message.contains("encounter card"), "{e}");
}

#[test]
fn deck_named_like_a_card() {
    // RingsDB text exports start with the deck's name, which may be a card title.
    let imp = deck::import_deck(
        "t",
        "Aragorn\n\nHero (1)\n1x Aragorn (Core Set)\n\nAlly (3)\n3x Guard of the Citadel (Core Set)\n",
        db(),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(imp.deck.heroes, vec![id("Core-001")]);
    assert_eq!(imp.deck.cards.len(), 3);
    assert_eq!(imp.description, vec!["Aragorn".to_string()]);
    assert!(imp
        .notes
        .iter()
        .any(|n| n.starts_with("1: `Aragorn` read as the deck's name")));
}

#[test]
fn forum_line_shapes() {
    let one = |line: &str| {
        let imp = deck::import_deck("t", &format!("Allies\n{line}\n"), db())
            .unwrap_or_else(|e| panic!("{line}: {e}"));
        (imp.deck.cards.len(), imp.deck.cards[0])
    };
    let gotc = id("Core-013");
    for line in [
        "3x Guard of the Citadel",
        "3 x Guard of the Citadel",
        "3 Guard of the Citadel",
        "x3 Guard of the Citadel",
        "(3) Guard of the Citadel",
        "Guard of the Citadel x3",
        "Guard of the Citadel (x3)",
        "Guard of the Citadel (Core Set) x3",
        "Guard of the Citadel Core x3",
        "• 3x [Guard of the Citadel](https://ringsdb.com/card/01013)",
        "**3x Guard of the Citadel**",
        "3x “Guard of the Citadel”",
        "3x guard of the citadel (revised core set).",
        "3x Guard of the Citadel (Core) - cheap early questers",
        "3x Guard of the Citadel // cheap",
    ] {
        assert_eq!(one(line), (3, gotc), "{line}");
    }
    // Inline hero list.
    let imp = deck::import_deck(
        "t",
        "Heroes: Eowyn (Spirit), Dunhere (Core), Eleanor\n",
        db(),
    )
    .unwrap();
    assert_eq!(
        imp.deck.heroes,
        vec![id("Core-007"), id("Core-009"), id("Core-008")]
    );
}

#[test]
fn legality_errors_and_warnings() {
    let check = |text: &str| {
        let imp = deck::import_deck("t", text, db()).unwrap_or_else(|e| panic!("{e}"));
        deck::check(&imp, db())
    };
    let has = |c: &deck::Check, s: Severity, what: &str| {
        c.findings
            .iter()
            .any(|f| f.severity == s && f.message.contains(what))
    };
    // Core sphere deck: 30 cards is a warning, not an error.
    let core = deck::check(&deck::import_spec("core-lore", db()).unwrap(), db());
    assert_eq!((core.errors(), core.warnings()), (0, 1));
    assert_eq!(core.starting_threat, 30);
    assert_eq!(core.verdict(), "legal, with warnings");
    assert!(core.unimplemented.is_empty());
    // Four heroes, four copies of a title over two lines, two heroes with one title.
    let c = check(
        "1x Aragorn (Core)\n1x Aragorn (Lore)\n1x Gimli (Core)\n1x Legolas (Core)\n\
         3x Guard of the Citadel\n1x Guard of the Citadel (Revised Core Set)\n",
    );
    assert!(has(&c, Severity::Error, "4 heroes"), "{:?}", c.findings);
    assert!(has(&c, Severity::Error, "two heroes named Aragorn"));
    assert!(has(&c, Severity::Error, "4 copies of Guard of the Citadel"));
    assert!(has(&c, Severity::Warning, "4 cards: a constructed deck"));
    assert!(has(&c, Severity::Warning, "no Leadership hero") || c.heroes == 4);
    assert_eq!(c.verdict(), "not legal");
    // Off-sphere cards and a unique ally sharing a hero's title.
    let c = check("1x Gimli (Core)\n3x Lore of Imladris\n");
    assert!(has(
        &c,
        Severity::Warning,
        "3 Lore card(s) but no Lore hero"
    ));
    // Encounter cards: an error in the deck, fine when set aside.
    let c = check("1x Gimli (Core)\n1x Iarion\n");
    assert!(has(
        &c,
        Severity::Error,
        "encounter cards may only be set aside"
    ));
    let c = check("1x Gimli (Core)\nSet aside:\n1x Iarion\n");
    assert_eq!(c.errors(), 0, "{:?}", c.findings);
    assert!(has(&c, Severity::Note, "set aside"));
}

#[test]
fn unimplemented_cards_are_reported() {
    let c = deck::check(&import("ringsdb-decklist.json"), db());
    let listed: Vec<DefId> = c.unimplemented.iter().map(|u| u.0).collect();
    // Whatever is still missing is a warning naming it; implemented cards are not listed.
    for &(card, n) in &c.unimplemented {
        assert_eq!(
            lotr_sim::cards::status(db(), card),
            lotr_sim::cards::Status::Missing
        );
        assert!(n >= 1);
    }
    assert!(!listed.contains(&id("Core-013")));
    if !listed.is_empty() {
        assert!(c.findings.iter().any(|f| f.severity == Severity::Warning
            && f.message.contains("does not implement")
            && f.message.contains("--allow-unimplemented")));
        assert_eq!(c.errors(), 0);
    }
}

#[test]
fn sample_decks_are_legal_and_playable() {
    // decks/ and decks/probes/ (the census decks, not built in: held to the same rules).
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("decks");
    let mut n = 0;
    let mut paths: Vec<PathBuf> = Vec::new();
    for sub in [dir.clone(), dir.join("probes")] {
        for entry in std::fs::read_dir(sub).unwrap() {
            let path = entry.unwrap().path();
            if path.is_file() {
                paths.push(path);
            }
        }
    }
    for path in paths {
        let imp = deck::import_file(&path, db()).unwrap_or_else(|e| panic!("{e}"));
        let c = deck::check(&imp, db());
        assert_eq!(c.errors(), 0, "{}: {:?}", path.display(), c.findings);
        let name = path.file_name().unwrap().to_string_lossy();
        if !name.starts_with("core-") || name.contains('+') || c.cards >= 50 {
            n += usize::from(c.cards >= 50);
            assert!(
                imp.description.iter().any(|d| d.starts_with("Plan:")),
                "{name}: a sample deck states its plan"
            );
            // Two spheres, unless a scenario deck (a `# Built for:` line) measured better
            // with one (`carn-dum-vanguard`).
            let built_for = imp.description.iter().any(|d| d.starts_with("Built for:"));
            let spheres = c.spheres.iter().filter(|s| s.1 > 0).count();
            assert!(spheres >= 2 || (built_for && spheres == 1), "{name}");
            // A `# Built for:` line names the scenarios by title.
            for d in imp
                .description
                .iter()
                .filter(|d| d.starts_with("Built for:"))
            {
                assert!(
                    db().scenarios
                        .iter()
                        .any(|sc| d.contains(sc.title.as_str())),
                    "{name}: {d}"
                );
            }
        }
    }
    assert!(n >= 2, "at least two stronger 50-card decks");
}

#[test]
fn a_link_bracket_without_its_opening_bracket_is_an_error_not_a_panic() {
    // Found by the property tests: `](` with no `[` before it used to slice out of bounds.
    for text in ["3x Gandalf](x)\n", "Heroes\n](\n", "a]( b ) ](c)\n"] {
        let r = std::panic::catch_unwind(|| deck::parse_deck("t", text, db()).is_ok());
        assert!(r.is_ok(), "panicked on {text:?}");
    }
}

/// The Burglar's Turn's loot deck (`Deck::loot`): the same deck (50 cards, the contract, 14
/// loot attachments, no attachment in the deck itself) in each format must import to the same
/// cards, with `sideboard` copies left over and ignored.
fn burglar_fixture(file: &str, format: Format, sideboard: u32) {
    let loot = [
        "Core-027", "Core-039", "Core-040", "Core-041", "Core-042", "Core-069", "TLR-011",
        "TLR-013", "TWoE-005", "AtE-055", "TToR-087", "TDR-142", "TDR-148", "WaR-006",
    ];
    let titles = |ids: &[DefId]| {
        let mut t: Vec<String> = ids.iter().map(|&i| db().def(i).title.clone()).collect();
        t.sort();
        t
    };
    let main = sorted(&deck::import_file(&fixture("burglar-ringsdb.json"), db()).unwrap());
    let imp = import(file);
    assert_eq!(imp.format, Some(format), "{file}");
    assert_eq!(titles(&imp.deck.loot), titles(&loot.map(id)), "{file}");
    assert_eq!(imp.loot.len(), 14, "{file}");
    assert_eq!(sorted(&imp), main, "{file}");
    assert_eq!(
        imp.deck.cards.len(),
        51,
        "{file}: 50 cards and the contract"
    );
    assert_eq!(copies(&imp, "WaR-024A"), 1, "{file}");
    assert!(
        imp.deck
            .cards
            .iter()
            .all(|&c| db().def(c).ty != lotr_sim::data::CardType::Attachment),
        "{file}"
    );
    assert_eq!(imp.sideboard, sideboard, "{file}");
    let c = deck::check(&imp, db());
    assert_eq!(c.errors(), 0, "{file}: {:?}", c.findings);
    assert!(c.unimplemented.is_empty(), "{file}");
    assert!(deck::loot_problems(&imp.deck, db()).is_none(), "{file}");
}

#[test]
fn burglars_turn_loot_deck_ringsdb_json() {
    burglar_fixture("burglar-ringsdb.json", Format::RingsDbJson, 0);
}

#[test]
fn burglars_turn_loot_deck_octgn() {
    burglar_fixture("burglar-octgn.o8d", Format::O8d, 0);
}

#[test]
fn burglars_turn_loot_deck_ringsdb_text_export() {
    burglar_fixture("burglar-export.txt", Format::Text, 0);
}

#[test]
fn burglars_turn_loot_deck_forum_list() {
    // A `Loot:` heading; the list's `Sideboard` is then ignored as usual.
    burglar_fixture("burglar-forum.txt", Format::Text, 3);
}

#[test]
fn sideboard_without_the_burglars_turn_is_ignored() {
    assert!(import("ringsdb-decklist.json").deck.loot.is_empty());
    let imp = deck::import_deck(
        "no-contract",
        "Hero\n1x Aragorn (Core Set)\nAlly\n3x Guard of the Citadel (Core Set)\nLoot deck\n1x Athelas\n",
        db(),
    )
    .unwrap();
    assert!(imp.deck.loot.is_empty());
    assert_eq!(imp.sideboard, 1);
    assert!(imp
        .notes
        .iter()
        .any(|n| n.starts_with("6: a loot deck is listed")));
}

#[test]
fn burglars_turn_bad_loot_decks() {
    for (file, line, what) in [
        (
            "bad-burglar-no-loot.txt",
            9,
            "needs a loot deck and the deck has none",
        ),
        ("bad-burglar-13.txt", 36, "the loot deck has 13 card(s)"),
        ("bad-burglar-13.json", 36, "in `sideslots`"),
        (
            "bad-burglar-duplicate.txt",
            49,
            "Dwarven Axe is listed twice (also line 39)",
        ),
        (
            "bad-burglar-not-item.txt",
            49,
            "neither the Item nor the Artifact trait",
        ),
        ("bad-burglar-ally.txt", 49, "is not an attachment"),
    ] {
        let e = deck::import_file(&fixture(file), db()).unwrap_err();
        assert!(e.file.ends_with(file), "{e}");
        assert_eq!(e.line, line, "{e}");
        assert!(e.message.contains(what), "{e}");
    }
    // Attachments in the deck itself: imported, but not legal.
    let imp = import("bad-burglar-attachment-in-deck.txt");
    let c = deck::check(&imp, db());
    assert_eq!(c.errors(), 1, "{:?}", c.findings);
    assert!(c.findings[0]
        .message
        .contains("allows no attachments in the deck"));
    assert_eq!(c.findings[0].line, 24);
    assert!(deck::loot_problems(&imp.deck, db())
        .unwrap()
        .contains("2 attachment(s)"));
}

// ---------------------------------------------------------------------------------------------
// Shapes of real-world lists (issue 17): each fixture is our own list written in that shape.
// ---------------------------------------------------------------------------------------------

fn import_all(name: &str) -> Vec<Imported> {
    deck::import_file_all(&fixture(name), db()).unwrap_or_else(|e| panic!("{e}"))
}

fn has_note(imp: &Imported, line: usize, text: &str) -> bool {
    imp.notes
        .iter()
        .any(|n| n.starts_with(&format!("{line}: ")) && n.contains(text))
}

#[test]
fn headings_with_counts_or_alone_and_a_misspelt_title() {
    let imp = import("forum-headings.txt");
    assert_eq!(
        imp.deck.heroes,
        vec![id("TLR-001"), id("TLR-002"), id("Core-002")]
    );
    // "Heroes, 50 Cards", "Allies (20)", "Attachments", "Events", "Side quest (1)".
    assert_eq!(imp.deck.cards.len(), 51);
    assert_eq!(
        copies(&imp, "TLR-007"),
        3,
        "Ranger Sumons read as Ranger Summons"
    );
    assert!(
        has_note(&imp, 25, "read as Ranger Summons"),
        "{:?}",
        imp.notes
    );
    // The closing paragraph is prose, not a card.
    assert_eq!(imp.description[0], "Watchful rangers of the north road");
    let c = deck::check(&imp, db());
    assert_eq!(c.errors(), 0, "{:?}", c.findings);
}

#[test]
fn near_misses_accepted_or_listed() {
    let one = deck::import_deck(
        "t",
        "Hero\n1x Aragorn (Core)\n3x Gondorian Spearmen\n",
        db(),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(one.deck.cards, vec![id("Core-029"); 3]);
    assert!(
        has_note(&one, 3, "read as Gondorian Spearman"),
        "{:?}",
        one.notes
    );
    // Two titles one edit away: an error naming both.
    let e = deck::import_deck(
        "t",
        "Hero\n1x Aragorn (Core)\n3x Gandalp\n3x Mirkwood Hunner\n",
        db(),
    )
    .unwrap_err();
    assert_eq!(e.line, 4);
    assert!(
        e.message.contains("Mirkwood Hunter") && e.message.contains("Mirkwood Runner"),
        "{e}"
    );
    // Three edits: not guessed.
    let e = deck::import_deck("t", "Hero\n1x Aragorn (Core)\n3x Gondarian Sparmin\n", db())
        .unwrap_err();
    assert!(e.message.starts_with("unknown card"), "{e}");
}

#[test]
fn two_decks_with_player_separators_and_a_shared_sideboard() {
    let all = import_all("two-decks-players.txt");
    assert_eq!(all.len(), 2);
    assert_eq!(all[0].deck.name, "two-decks-players#1");
    assert_eq!(all[0].description[0], "Rohan riders");
    assert_eq!(all[0].description[1], "Our two-player Angmar pair");
    assert_eq!(
        all[0].deck.heroes,
        vec![id("Core-002"), id("Core-007"), id("Core-009")]
    );
    assert_eq!(all[1].description, vec!["Gondor hunters".to_string()]);
    assert_eq!(all[1].deck.heroes[0], id("Core-001"));
    assert_eq!(all[0].deck.cards.len(), 15);
    assert_eq!(all[1].deck.cards.len(), 15);
    assert_eq!(all[1].sideboard, 3);
    // One deck asked for: an error listing them; `#2` picks one; seats in order.
    let path = fixture("two-decks-players.txt").display().to_string();
    let e = deck::import_spec(&path, db()).unwrap_err();
    assert!(
        e.message
            .contains("holds 2 decks: #1 Rohan riders, #2 Gondor hunters"),
        "{e}"
    );
    assert!(e.message.contains("#N"), "{e}");
    let d2 = deck::resolve_deck(&format!("{path}#2"), db()).unwrap();
    assert_eq!(d2, all[1].deck);
    let e = deck::resolve_deck(&format!("{path}#3"), db()).unwrap_err();
    assert!(e.message.contains("holds 2 decks"), "{e}");
    let seats = deck::seat_specs(std::slice::from_ref(&path), Some(2), db());
    assert_eq!(seats, vec![format!("{path}#1"), format!("{path}#2")]);
    assert_eq!(
        deck::seat_specs(std::slice::from_ref(&path), Some(3), db()),
        vec![path.clone()]
    );
}

#[test]
fn two_ringsdb_exports_pasted_together() {
    let all = import_all("two-ringsdb-exports.txt");
    assert_eq!(all.len(), 2);
    assert_eq!(all[0].description[0], "Wardens at the ford");
    assert_eq!(all[1].description[0], "Hunters at the ford");
    assert_eq!(all[0].deck.cards.len(), 12);
    assert_eq!(all[1].deck.cards.len(), 9);
    assert_eq!(all[1].deck.heroes[0], id("TLR-001"));
}

#[test]
fn cardgamedb_bbcode_html_table_and_numbered_shapes() {
    let sorted_codes = |imp: &Imported| {
        let mut v: Vec<&str> = imp
            .deck
            .cards
            .iter()
            .map(|&c| db().def(c).title.as_str())
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    };
    let cgdb = import("cardgamedb-export.txt");
    assert_eq!(
        cgdb.deck.heroes,
        vec![id("Core-010"), id("Core-007"), id("Core-008")]
    );
    assert_eq!(cgdb.deck.cards.len(), 12);
    assert_eq!(cgdb.description[0], "Spirit and Lore questers");
    let bb = import("bbcode-post.txt");
    assert_eq!(bb.description[0], "Riders and bowmen");
    assert_eq!(bb.deck.heroes.len(), 3);
    assert_eq!(bb.deck.cards.len(), 12);
    let html = import("deck-page.html");
    assert_eq!(html.format, Some(Format::Text));
    assert_eq!(html.deck.heroes[0], id("Core-001"));
    assert_eq!(html.deck.cards.len(), 9);
    let md = import("markdown-table.md");
    assert_eq!(md.deck.heroes.len(), 3);
    assert_eq!(
        sorted_codes(&md),
        vec!["Gléowine", "Lore of Imladris", "Northern Tracker"]
    );
    assert_eq!(md.deck.cards.len(), 9);
    let num = import("numbered-tabs.txt");
    assert_eq!(num.deck.heroes.len(), 3);
    assert_eq!(num.deck.cards.len(), 11);
    assert_eq!(copies(&num, "Core-034"), 3, "Feint<TAB>3");
}

#[test]
fn versions_settled_by_a_hero_list_elsewhere() {
    let imp = import("ambiguous-heroes.txt");
    assert_eq!(
        imp.deck.heroes,
        vec![id("Core-001"), id("Core-010"), id("Core-012")]
    );
    assert!(has_note(
        &imp,
        5,
        "from the same hero named on another line"
    ));
    assert!(has_note(&imp, 5, "listed again: counted once"));
}

#[test]
fn dragncards_custom_cards_are_refused_as_fan_made() {
    let e = deck::import_file(&fixture("dragncards-custom.json"), db()).unwrap_err();
    assert!(
        e.message
            .contains("fan-made cards (DragnCards custom JSON) are not official cards"),
        "{e}"
    );
}

#[test]
fn dragncards_deck_of_official_cards_imports_by_octgn_id() {
    let imp = import("dragncards-load.json");
    assert_eq!(imp.deck.heroes, vec![id("Core-001"), id("Core-005")]);
    assert_eq!(copies(&imp, "Core-013"), 3);
    assert_eq!(copies(&imp, "Core-034"), 2);
    assert_eq!(imp.sideboard, 1);
    assert_eq!(imp.description[0], "Core tactics pair");
    // A custom card's id among them: refused as fan-made.
    let text = r#"{"loadList": [{"databaseId": "homebrew-1", "loadGroupId": "playerNDeck", "quantity": 1}]}"#;
    let e = deck::import_deck("d", text, db()).unwrap_err();
    assert!(e.message.contains("fan-made cards"), "{e}");
}

#[test]
fn fan_made_set_on_a_line_is_named() {
    let e = deck::import_deck(
        "t",
        "Hero\n1x Aragorn (Core)\n3x Zzyzzx the Homebrew (ALeP)\n",
        db(),
    )
    .unwrap_err();
    assert_eq!(e.line, 3);
    assert!(e.message.contains("`ALeP` is a fan-made set"), "{e}");
}

#[test]
fn ringsdb_json_array_is_several_decks() {
    let all = import_all("ringsdb-fellowship.json");
    assert_eq!(all.len(), 2);
    assert_eq!(all[0].description[0], "Rohan half");
    assert_eq!(all[1].deck.heroes[0], id("Core-001"));
    assert_eq!(all[1].sideboard, 1);
}

#[test]
fn limit_per_deck_encounter_keyword_and_contract_rules() {
    let check = |text: &str| {
        let imp = deck::import_deck("t", text, db()).unwrap_or_else(|e| panic!("{e}"));
        deck::check(&imp, db())
    };
    let errors = |c: &deck::Check| -> Vec<String> {
        c.findings
            .iter()
            .filter(|f| f.severity == Severity::Error)
            .map(|f| f.message.clone())
            .collect()
    };
    // Limit 1 per deck.
    let c = check("Hero\n1x Aragorn (Core)\n2x Gather Information\n");
    assert!(
        errors(&c)
            .iter()
            .any(|m| m.contains("2 copies of Gather Information: at most 1")),
        "{:?}",
        c.findings
    );
    // Encounter-keyword cards are set aside: not counted toward the 50, at most 3.
    let c = check("Hero\n1x Aragorn (Core)\n3x Ranger of the North\n3x Guard of the Citadel\n");
    assert_eq!(c.cards, 6);
    assert_eq!(c.drawable, 3);
    assert!(c
        .findings
        .iter()
        .any(|f| f.message.contains("3 Encounter-keyword card(s) set aside")));
    let c = check("Hero\n1x Aragorn (Core)\n3x Ranger of the North\n1x Tom Bombadil\n");
    assert!(errors(&c)
        .iter()
        .any(|m| m.contains("4 cards with the Encounter keyword")));
    // Contracts: no allies (Forth, The Three Hunters!), one copy a title (Council of the
    // Wise), one contract only.
    let c =
        check("Hero\n1x Aragorn (Core)\n1x Forth, The Three Hunters!\n3x Guard of the Citadel\n");
    assert!(
        errors(&c).iter().any(|m| m.contains("allows no ally")),
        "{:?}",
        c.findings
    );
    let c = check("Hero\n1x Aragorn (Core)\n1x Council of the Wise\n2x Feint\n");
    assert!(errors(&c)
        .iter()
        .any(|m| m.contains("2 copies of Feint: at most 1")));
    let c = check("Hero\n1x Aragorn (Core)\n1x Council of the Wise\n1x Fellowship\n");
    assert!(
        errors(&c).iter().any(|m| m.contains("only one contract")),
        "{:?}",
        c.findings
    );
    // The Grey Wanderer: exactly one hero.
    let c = check("Hero\n1x Aragorn (Core)\n1x Legolas (Core)\n1x The Grey Wanderer\n");
    assert!(
        errors(&c)
            .iter()
            .any(|m| m.contains("exactly 1 heroes with The Grey Wanderer")),
        "{:?}",
        c.findings
    );
    // Heroes unique by title, across versions.
    let c = check("Hero\n1x Aragorn (Core)\n1x Aragorn (Lore)\n");
    assert!(errors(&c)
        .iter()
        .any(|m| m.contains("two heroes named Aragorn")));
}

#[test]
fn built_in_decks_count_fifty_drawable_cards() {
    for (name, _) in deck::builtin_decks() {
        let imp = deck::import_spec(name, db()).unwrap();
        let c = deck::check(&imp, db());
        assert_eq!(c.errors(), 0, "{name}: {:?}", c.findings);
        // The four Core sphere decks are the ~30-card introductory decks.
        if ![
            "core-leadership",
            "core-lore",
            "core-spirit",
            "core-tactics",
        ]
        .contains(name)
        {
            assert!(
                c.drawable >= deck::MIN_CARDS,
                "{name}: {} drawable",
                c.drawable
            );
        }
    }
}

#[test]
fn deck_check_prints_a_summary_per_deck() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_lotr-sim"))
        .args(["deck", "check"])
        .arg(fixture("two-decks-players.txt"))
        .arg(fixture("dragncards-custom.json"))
        .arg("dunedain-hunters")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert_eq!(
        text.matches("summary: importable: yes").count(),
        3,
        "{text}"
    );
    assert!(
        text.contains("summary: importable: no (this is a DragnCards JSON file"),
        "{text}"
    );
    assert!(
        text.contains("two-decks-players.txt#2 (text list)"),
        "{text}"
    );
    assert!(
        text.contains("summary: importable: yes; legal: yes; playable: yes"),
        "{text}"
    );
}

/// foreign46: the empty shared sections OCTGN writes into every deck file (`Active Quest`,
/// `Staging Area`...) are skipped without a note; a shared section's cards are the quest's,
/// never the deck's; an unknown player section is noted only once it holds a card.
#[test]
fn octgn_shared_and_empty_sections_are_skipped_quietly() {
    let head = "<?xml version=\"1.0\" encoding=\"utf-8\" standalone=\"yes\"?>\n<deck game=\"a21af4e8-be4b-4cda-a6b6-534f9717391f\">\n  <section name=\"Hero\" shared=\"False\">\n    <card qty=\"1\" id=\"51223bd0-ffd1-11df-a976-0801200c9001\">Aragorn</card>\n  </section>\n";
    let tail = "</deck>\n";
    let o8d = format!(
        "{head}  <section name=\"Active Quest\" shared=\"True\" />\n  <section name=\"Quest Deck Two\" shared=\"True\">\n    <card qty=\"1\" id=\"be3ca12f-2550-48b4-9384-e71a1b401d4e\">Stop the War Party</card>\n  </section>\n  <section name=\"Favourites\" shared=\"False\" />\n{tail}"
    );
    let imp = deck::import_deck("t.o8d", &o8d, db()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(imp.deck.heroes, vec![id("Core-001")]);
    assert!(imp.deck.cards.is_empty(), "{:?}", imp.deck.cards);
    assert!(imp.notes.is_empty(), "{:?}", imp.notes);
    let c = deck::check(&imp, db());
    assert!(
        !c.findings.iter().any(|f| f.severity == Severity::Error),
        "{:?}",
        c.findings
    );
    // An unknown player section with a card: read as deck cards, and said so.
    let o8d = format!(
        "{head}  <section name=\"Favourites\" shared=\"False\">\n    <card qty=\"2\" id=\"51223bd0-ffd1-11df-a976-0801200c9013\">Guard of the Citadel</card>\n  </section>\n{tail}"
    );
    let imp = deck::import_deck("t.o8d", &o8d, db()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(copies(&imp, "Core-013"), 2);
    assert_eq!(imp.notes.len(), 1, "{:?}", imp.notes);
    assert!(
        imp.notes[0].contains("unknown section `Favourites`"),
        "{:?}",
        imp.notes
    );
}

/// foreign46: players paste the quest under the deck (`## Quest deck`, `[b]Quest deck[/b]`,
/// `Encounter deck:`): those lines are skipped with a note, never read as encounter cards in
/// the deck (which made the deck illegal).
#[test]
fn quest_deck_heading_lines_are_skipped() {
    for text in [
        "## Heroes\n- Aragorn (Core)\n\n## Allies\n- 3x Guard of the Citadel\n\n## Quest deck\n- Intruders in Chetwood\n",
        "[b]Hero (1)[/b]\nAragorn (Core)\n[b]Ally (3)[/b]\n3x Guard of the Citadel\n[b]Quest deck[/b]\nStop the War Party\n",
        "Hero: Aragorn (Core)\nAllies\n3x Guard of the Citadel\nEncounter deck:\n1x Orc War Party\nStop the War Party\n",
    ] {
        let imp = deck::import_deck("t", text, db()).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(imp.deck.heroes, vec![id("Core-001")], "{text}");
        assert_eq!(imp.deck.cards.len(), 3, "{text}");
        assert!(
            imp.notes
                .iter()
                .any(|n| n.contains("quest or encounter deck heading skipped")),
            "{:?}",
            imp.notes
        );
        let c = deck::check(&imp, db());
        assert!(
            !c.findings.iter().any(|f| f.severity == Severity::Error),
            "{text}: {:?}",
            c.findings
        );
    }
}

/// foreign46: a title that is also a hero's (Gandalf, Faramir, Beorn, Galdor of the Havens) on
/// an untyped line is no hero when the line has 2+ copies or the deck's three heroes are
/// already listed; before, the import stopped as ambiguous.
#[test]
fn copies_or_three_listed_heroes_rule_out_a_hero_version() {
    let text = "Heroes: Aragorn (Core), Eowyn (Core), Eleanor\n\nGandalf: 2\nFaramir x2\nGuard of the Citadel x3\n";
    let imp = deck::import_deck("t", text, db()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(copies(&imp, "Core-073"), 2);
    assert_eq!(
        db().def(imp.deck.cards[2]).ty,
        lotr_sim::data::CardType::Ally
    );
    assert!(
        imp.notes
            .iter()
            .any(|n| n.contains("`Gandalf` has several versions") && n.contains("2 copies")),
        "{:?}",
        imp.notes
    );
    // One copy, no heading, after three bare hero lines: the ally.
    let text = "Noldor questers\nGlorfindel (Lore)\nArwen Undomiel (Hero)\nEowyn (Spirit)\n\nGaldor of the Havens x1\nBeorn x1\n";
    let imp = deck::import_deck("t", text, db()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(imp.deck.heroes.len(), 3);
    assert_eq!(copies(&imp, "TToR-091"), 1);
    assert_eq!(copies(&imp, "Core-031"), 1);
    // A lone hero line before the heroes are complete stays a hero question.
    let e =
        deck::import_deck("t", "My deck\nGandalf\nGuard of the Citadel x3\n", db()).unwrap_err();
    assert!(e.to_string().contains("ambiguous"), "{e}");
}

/// foreign46: "1 Core Set only - Lore/Tactics" above the list is the deck's name (how many
/// Core Sets it needs), not an unknown card.
#[test]
fn core_set_count_line_is_the_deck_name() {
    let text =
        "1 Core Set only - Lore/Tactics (Legolas, Gimli, Denethor)\n\nLegolas (Hero)\n3x Feint\n";
    let imp = deck::import_deck("t", text, db()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        imp.description,
        vec!["1 Core Set only - Lore/Tactics (Legolas, Gimli, Denethor)".to_string()]
    );
    assert_eq!(imp.deck.cards.len(), 3);
    // Below the first card the same line is still an error, never a silent note.
    let e = deck::import_deck("t", "Legolas (Hero)\n3x Feint\n2 Core Sets\n", db()).unwrap_err();
    assert!(e.to_string().contains("unknown card"), "{e}");
}

/// `never_used` gives exactly one warning, and it names `needle`.
fn warns_once(text: &str, needle: &str) {
    let w = never_used(text);
    assert!(w.len() == 1 && w[0].contains(needle), "{w:?}");
}

/// `deck check`'s warnings of cards a deck can never use (foreign46, `Hint::deck_needs`).
fn never_used(text: &str) -> Vec<String> {
    let imp = deck::import_deck("t", text, db()).unwrap_or_else(|e| panic!("{e}"));
    deck::check(&imp, db())
        .findings
        .iter()
        .filter(|f| f.severity == Severity::Warning && f.message.contains("alone can never use it"))
        .map(|f| f.message.clone())
        .collect()
}

/// Elven Spear goes only on a Noldor or Silvan hero: warned without one, quiet with Legolas.
#[test]
fn elven_spear_deck_check_needs_a_noldor_or_silvan_hero() {
    let w = never_used("Heroes\nAragorn (TLR)\nThalin (Core)\nAllies\n3x Elven Spear\n");
    assert_eq!(w.len(), 1, "{w:?}");
    assert!(
        w[0].contains("Elven Spear") && w[0].contains("Noldor or Silvan hero"),
        "{w:?}"
    );
    assert!(
        never_used("Heroes\nLegolas (Core)\nThalin (Core)\nAllies\n3x Elven Spear\n").is_empty()
    );
}

/// Dúnedain Message fetches a side quest: warned in a deck without one.
#[test]
fn dunedain_message_deck_check_needs_a_side_quest() {
    let w = never_used("Heroes\nAragorn (Core)\nCards\n3x Dunedain Message\n");
    assert_eq!(w.len(), 1, "{w:?}");
    assert!(w[0].contains("a side quest in the deck"), "{w:?}");
    assert!(
        never_used("Heroes\nAragorn (Core)\nCards\n3x Dunedain Message\n1x Send for Aid\n")
            .is_empty()
    );
}

/// Ranger Summons shuffles in a set-aside Ranger of the North (and needs a Dúnedain hero).
#[test]
fn ranger_summons_deck_check_needs_rangers_of_the_north_set_aside() {
    let w = never_used("Heroes\nHalbarad\nCards\n2x Ranger Summons\n");
    assert_eq!(w.len(), 1, "{w:?}");
    assert!(w[0].contains("Ranger of the North"), "{w:?}");
    assert!(
        never_used("Heroes\nHalbarad\nCards\n2x Ranger Summons\n3x Ranger of the North\n")
            .is_empty()
    );
    warns_once(
        "Heroes\nTheodred\nCards\n2x Ranger Summons\n3x Ranger of the North\n",
        "a Dúnedain hero",
    );
}

/// Hobbit Pony goes only on a Hobbit hero.
#[test]
fn hobbit_pony_deck_check_needs_a_hobbit_hero() {
    warns_once(
        "Heroes\nEowyn (Core)\nCards\n2x Hobbit Pony\n",
        "a Hobbit hero",
    );
    assert!(never_used("Heroes\nMerry (Spirit)\nCards\n2x Hobbit Pony\n").is_empty());
}

/// Tom Bombadillo! needs a Hobbit hero and a set-aside Tom Bombadil.
#[test]
fn tom_bombadillo_deck_check_needs_a_hobbit_hero_and_tom_bombadil() {
    warns_once(
        "Heroes\nMerry (Spirit)\nCards\n2x Tom Bombadillo!\n",
        "Tom Bombadil in the deck",
    );
    assert!(
        never_used("Heroes\nMerry (Spirit)\nCards\n2x Tom Bombadillo!\n1x Tom Bombadil\n")
            .is_empty()
    );
    warns_once(
        "Heroes\nEowyn (Core)\nCards\n2x Tom Bombadillo!\n1x Tom Bombadil\n",
        "a Hobbit hero",
    );
}

/// Inner Strength goes on the hero with The One Ring, which no implemented deck holds.
#[test]
fn inner_strength_deck_check_needs_the_one_ring() {
    warns_once(
        "Heroes\nMerry (Spirit)\nCards\n2x Inner Strength\n",
        "The One Ring",
    );
}

/// Weather-stained Cloak goes on a Ranger character: a Ranger ally is enough.
#[test]
fn weather_stained_cloak_deck_check_needs_a_ranger_character() {
    warns_once(
        "Heroes\nMerry (Spirit)\nCards\n2x Weather-stained Cloak\n",
        "a Ranger character",
    );
    assert!(never_used(
        "Heroes\nMerry (Spirit)\nCards\n2x Weather-stained Cloak\n2x Northern Tracker\n"
    )
    .is_empty());
}

/// Expert Trackers and Distant Stars exhaust a Ranger or Scout character.
#[test]
fn expert_trackers_and_distant_stars_deck_check_need_a_ranger_or_scout() {
    let w = never_used("Heroes\nGimli (Core)\nCards\n2x Expert Trackers\n2x Distant Stars\n");
    assert_eq!(w.len(), 2, "{w:?}");
    assert!(never_used(
        "Heroes\nGimli (Core)\nCards\n2x Expert Trackers\n2x Distant Stars\n2x Lorien Guide\n"
    )
    .is_empty());
}

/// Boomed and Trumpeted readies a damaged Ent.
#[test]
fn boomed_and_trumpeted_deck_check_needs_an_ent() {
    warns_once(
        "Heroes\nGimli (Core)\nCards\n2x Boomed and Trumpeted\n",
        "an Ent character",
    );
    assert!(never_used(
        "Heroes\nGimli (Core)\nCards\n2x Boomed and Trumpeted\n2x Derndingle Warrior\n"
    )
    .is_empty());
}

/// Quick Ears exhausts a Dúnedain or Ranger hero.
#[test]
fn quick_ears_deck_check_needs_a_dunedain_or_ranger_hero() {
    warns_once(
        "Heroes\nGimli (Core)\nCards\n2x Quick Ears\n",
        "Dúnedain or Ranger hero",
    );
    assert!(never_used("Heroes\nBeravor\nCards\n2x Quick Ears\n").is_empty());
}

/// Mendor's Support boosts Mendor, whom no deck here holds.
#[test]
fn mendors_support_deck_check_needs_mendor() {
    warns_once(
        "Heroes\nAragorn (Core)\nCards\n2x Mendor's Support\n",
        "Mendor in the deck",
    );
}

/// foreign55: Rangers of the North listed under a `Set aside` heading (as a player keeps them
/// apart from the 50) are deck cards the setup sets aside, so Ranger Summons finds them; before,
/// they never reached the game while `deck check` said they were set aside.
#[test]
fn ranger_of_the_north_under_a_set_aside_heading_joins_the_deck() {
    let imp = deck::import_file(&fixture_in("foreign55", "11-dunedain-leadership.txt"), db())
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(copies(&imp, "TLR-015"), 3);
    assert!(imp.set_aside.is_empty());
    let c = deck::check(&imp, db());
    assert_eq!((c.cards, c.drawable), (53, 50));
    assert!(c.findings.iter().all(|f| f.severity != Severity::Warning));
    // Four of them under the heading break the limit of three, as in the main list.
    let imp = deck::import_deck(
        "t",
        "Hero\nHalbarad\nCards\n2x Ranger Summons\nSet aside\n3x Ranger of the North\n1x Tom Bombadil\n",
        db(),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert!(deck::check(&imp, db())
        .findings
        .iter()
        .any(|f| f.severity == Severity::Error
            && f.message.contains("4 cards with the Encounter keyword")));
    // An encounter card under the heading stays out of the deck.
    let imp = deck::import_deck(
        "t",
        "Hero\nHalbarad\nCards\n3x Feint\nSet aside\n1x Iârion\n",
        db(),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(imp.set_aside.len(), 1);
    assert_eq!(imp.deck.cards.len(), 3);
}

/// Star Brooch goes only on a Dúnedain or Noldor hero (foreign55: a mono-Spirit deck of
/// Éowyn, Eleanor and Merry held it 222 games without a play).
#[test]
fn star_brooch_deck_check_needs_a_dunedain_or_noldor_hero() {
    let imp = deck::import_file(&fixture_in("foreign55", "01-spirit-questers.txt"), db())
        .unwrap_or_else(|e| panic!("{e}"));
    let w: Vec<String> = deck::check(&imp, db())
        .findings
        .iter()
        .filter(|f| f.severity == Severity::Warning)
        .map(|f| f.message.clone())
        .collect();
    assert!(
        w.len() == 1 && w[0].contains("Star Brooch") && w[0].contains("Dúnedain or Noldor hero"),
        "{w:?}"
    );
    assert!(never_used("Heroes\nHalbarad\nEowyn (Core)\nCards\n2x Star Brooch\n").is_empty());
    assert!(never_used("Heroes\nArwen Undomiel\nCards\n2x Star Brooch\n").is_empty());
    // Elf-friend makes any hero a Noldor (and Silvan): Star Brooch and Elven Spear are usable.
    assert!(never_used(
        "Heroes\nEowyn (Core)\nThalin (Core)\nCards\n2x Star Brooch\n2x Elven Spear\n2x Elf-friend\n"
    )
    .is_empty());
}

/// Heir of Valandil goes only on a Dúnedain hero.
#[test]
fn heir_of_valandil_deck_check_needs_a_dunedain_hero() {
    warns_once(
        "Heroes\nTheodred\nGloin (Core)\nCards\n2x Heir of Valandil\n",
        "a Dúnedain hero",
    );
    assert!(never_used("Heroes\nAmarthiul\nCards\n2x Heir of Valandil\n").is_empty());
}

/// Sword of Númenor goes only on a Dúnedain or Gondor hero.
#[test]
fn sword_of_numenor_deck_check_needs_a_dunedain_or_gondor_hero() {
    warns_once(
        "Heroes\nTheodred\nGloin (Core)\nCards\n2x Sword of Numenor\n",
        "Dúnedain or Gondor hero",
    );
    assert!(never_used("Heroes\nDenethor (Core)\nCards\n2x Sword of Numenor\n").is_empty());
}

/// Athelas goes only on a Dúnedain or Healer character (an ally will do).
#[test]
fn athelas_deck_check_needs_a_dunedain_or_healer_character() {
    warns_once(
        "Heroes\nGlorfindel (Core)\nCards\n2x Athelas\n",
        "Dúnedain or Healer character",
    );
    assert!(
        never_used("Heroes\nGlorfindel (Core)\nCards\n2x Athelas\n3x Galadhrim Healer\n")
            .is_empty()
    );
}

/// foreign56: Raven-winged Helm goes only on a hero with Sentinel printed on it (Aragorn of the
/// Core Set, Dori): warned in a deck of Legolas, Gimli and Rossiel, quiet with Dori.
#[test]
fn raven_winged_helm_deck_check_needs_a_sentinel_hero() {
    warns_once(
        "Heroes\nLegolas (Core)\nGimli (Core)\nRossiel\nCards\n2x Raven-winged Helm\n",
        "a hero with Sentinel",
    );
    assert!(never_used("Heroes\nLegolas (Core)\nDori\nCards\n2x Raven-winged Helm\n").is_empty());
}

/// foreign57: Thicket of Spears is paid from three Tactics heroes' pools; two fellowship decks
/// with two Tactics heroes held it through 320 games without playing it.
#[test]
fn thicket_of_spears_deck_check_needs_three_tactics_heroes() {
    warns_once(
        "Heroes\nLegolas (Core)\nGimli (Core)\nThéodred (Core)\nCards\n2x Thicket of Spears\n",
        "3 Tactics heroes",
    );
    assert!(never_used(
        "Heroes\nLegolas (Core)\nGimli (Core)\nThalin (Core)\nCards\n2x Thicket of Spears\n"
    )
    .is_empty());
}

/// foreign57: Reinforcements too is paid from three heroes' pools (Leadership); two fellowship
/// decks with one Leadership hero held it through 316 games without playing it.
#[test]
fn reinforcements_deck_check_needs_three_leadership_heroes() {
    warns_once(
        "Heroes\nAragorn (Core)\nDenethor (Core)\nBeravor (Core)\nCards\n2x Reinforcements\n",
        "3 Leadership heroes",
    );
    assert!(never_used(
        "Heroes\nAragorn (Core)\nThéodred (Core)\nGlóin (Core)\nCards\n2x Reinforcements\n"
    )
    .is_empty());
    // The fellowship deck that showed it (tests/fixtures/foreign57/): Thicket of Spears too.
    let imp = deck::import_file(&foreign57("f1b-tactics-leadership-fighters.txt"), db())
        .unwrap_or_else(|e| panic!("{e}"));
    let c = deck::check(&imp, db());
    assert!(
        c.findings
            .iter()
            .any(|f| f.message.contains("Thicket of Spears")
                && f.message.contains("3 Tactics heroes"))
    );
}

// ---------------------------------------------------------------------------------------------
// foreign57: forum lines with a heading word and the cards on the same line, several counted
// cards on one line, a summary line above the list (tests/fixtures/foreign57/).

fn foreign57(name: &str) -> PathBuf {
    fixture_in("foreign57", name)
}

#[test]
fn foreign57_inline_lists_and_several_cards_on_a_line_are_read_as_cards() {
    let imp =
        deck::import_file(&foreign57("inline-lists.txt"), db()).unwrap_or_else(|e| panic!("{e}"));
    // `Allies: Gandalf (Core Set) x3, Snowbourn Scout x2`, `3x Guard of the Citadel, 2x Son of
    // Arnor`, `3x Feint; 2x Quick Strike`, `Gather Information` under `Side quests:`.
    for (code, n) in [
        ("Core-073", 3),
        ("Core-016", 2),
        ("Core-013", 3),
        ("Core-015", 2),
        ("Core-034", 3),
        ("Core-035", 2),
        ("TLR-014", 1),
    ] {
        assert_eq!(copies(&imp, code), n, "{code}");
    }
    assert_eq!(imp.deck.cards.len(), 16);
    // `Side quests: Gather Information` under the deck's name, listed again below: a summary.
    assert!(has_note(&imp, 2, "read as a summary"), "{:?}", imp.notes);
}

#[test]
fn foreign57_cards_after_an_unknown_word_and_a_colon_are_refused_with_the_fix() {
    let e = deck::import_file(&foreign57("unknown-inline-heading.txt"), db()).unwrap_err();
    assert!(e.file.ends_with("unknown-inline-heading.txt"), "{e}");
    assert_eq!(e.line, 6, "{e}");
    assert!(e.message.starts_with("`SQ:` is no section heading"), "{e}");
    assert!(e.message.contains("Side quests:"), "{e}");
    // A word that puts cards out of the deck but is no heading: refused too, not dropped.
    let e = deck::import_deck(
        "t",
        "Heroes: Aragorn (Core Set), Legolas (Core Set), Gimli (Core Set)\n3x Feint\nConsidered but dropped: Quick Strike, Swift Strike\n",
        db(),
    )
    .unwrap_err();
    assert_eq!(e.line, 3, "{e}");
}

/// A forum post's comment line (`Key cards:`, `MVP:`) whose cards are all in the list is a
/// remark: not counted, not refused (the reader before foreign57 dropped it too).
#[test]
fn foreign57_a_remark_naming_cards_of_the_list_is_not_counted() {
    let imp = deck::import_deck(
        "t",
        "My Gondor deck\nKey cards: Feint, Guard of the Citadel\n\nHeroes\n1x Aragorn (Core Set)\n1x Legolas (Core Set)\n1x Gimli (Core Set)\nAllies\n3x Guard of the Citadel\nEvents\n2x Feint\nMVP: Gimli (Core Set), Feint\n",
        db(),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(copies(&imp, "Core-034"), 2, "Feint counted once");
    assert_eq!(imp.deck.cards.len(), 5);
    assert!(has_note(&imp, 2, "read as a remark"), "{:?}", imp.notes);
    assert!(has_note(&imp, 12, "read as a remark"), "{:?}", imp.notes);
}

#[test]
fn foreign57_a_player_side_quest_under_a_quests_heading_is_a_card() {
    let imp =
        deck::import_file(&foreign57("quests-inline.txt"), db()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(copies(&imp, "TLR-014"), 1);
    // The line below the inline `Quests:` line is the deck's again.
    assert_eq!(copies(&imp, "Core-013"), 3);
    assert!(has_note(&imp, 4, "player side quest"), "{:?}", imp.notes);
}

#[test]
fn foreign57_a_contract_named_like_a_sphere_after_contracts_colon_is_a_card() {
    let imp = deck::import_deck(
        "t",
        "Heroes: Aragorn (Core Set), Legolas (Core Set), Gimli (Core Set)\nContracts: Fellowship\n",
        db(),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(imp.deck.cards.len(), 1);
    assert_eq!(db().def(imp.deck.cards[0]).title, "Fellowship");
}
