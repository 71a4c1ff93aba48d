//! audit51: thirty decklists written the way players publish them (RingsDB text exports with
//! the Angmar Awakened and Wrath and Ruin pack names, `3×` counts, a byte-order mark with CRLF
//! and trailing blanks, no accents, curly quotes, OCTGN with notes, RingsDB JSON, Markdown,
//! BBCode, a spreadsheet saved as CSV, 1- and 2-hero decks of 30 and 60 cards, cards of packs
//! that are not implemented), kept in tests/fixtures/audit51/; and the classes of lines the
//! audit found read wrongly: sideboard headings in other words (their cards were played),
//! counts the reader does not take (the card was dropped), a deck name with its size, a hero
//! line with its threat cost, a set in nested brackets and CSV rows.

mod common;

use common::cards::{db, fixture_in, id};
use std::path::PathBuf;

use lotr_sim::deck::{self, Imported};

fn fixture(name: &str) -> PathBuf {
    fixture_in("audit51", name)
}

/// The titles of a deck's heroes.
fn hero_titles(imp: &Imported) -> Vec<&'static str> {
    imp.deck
        .heroes
        .iter()
        .map(|&h| db().def(h).title.as_str())
        .collect()
}

/// Copies of the card with `title` in the deck (any printing).
fn copies_of(imp: &Imported, title: &str) -> usize {
    imp.deck
        .cards
        .iter()
        .filter(|&&c| db().def(c).title == title)
        .count()
}

/// A deck text: three Core Set heroes, a heading and `body`.
fn import(body: &str) -> Result<Imported, deck::DeckError> {
    deck::import_deck(
        "t",
        &format!(
            "Test deck\n\nHero (3)\n1x Aragorn (Core Set)\n1x Legolas (Core Set)\n1x Gimli (Core Set)\n\n{body}\n"
        ),
        db(),
    )
}

const RANGERS: &[&str] = &["Aragorn", "Halbarad", "Amarthiúl"];
const NOLDOR: &[&str] = &["Arwen Undómiel", "Erestor", "Glorfindel"];
const DWARVES: &[&str] = &["Thorin Stonehelm", "Glóin", "Dori"];
const HOBBITS: &[&str] = &["Merry", "Rossiel", "Eleanor"];

#[test]
fn audit51_published_decklists_import_to_the_intended_cards() {
    // (file, hero titles, cards in the deck)
    let cases: &[(&str, &[&str], usize)] = &[
        ("01-ringsdb-angmar-sets.txt", RANGERS, 50),
        ("02-times-sign.txt", NOLDOR, 50),
        ("03-count-shapes.txt", DWARVES, 50),
        ("04-bom-crlf-trailing.txt", HOBBITS, 50),
        ("05-no-accents.txt", RANGERS, 50),
        ("06-curly-quotes.txt", HOBBITS, 50),
        ("08-duplicate-lines.txt", DWARVES, 51),
        ("09-unimplemented-sets.txt", RANGERS, 50),
        (
            "10-unimplemented-heroes.txt",
            &["Aragorn", "Boromir", "Celeborn"],
            50,
        ),
        ("11-one-hero-30.txt", &["Aragorn"], 30),
        ("12-two-heroes-60.txt", &["Legolas", "Gimli"], 60),
        ("13-octgn-notes.o8d", NOLDOR, 50),
        ("14-ringsdb-public.json", RANGERS, 50),
        ("15-reddit-markdown.md", NOLDOR, 50),
        ("16-bbcode-list.txt", DWARVES, 50),
        ("17-set-abbreviations.txt", RANGERS, 50),
        ("18-revised-core-names.txt", DWARVES, 50),
        ("19-inline-heroes-threat.txt", RANGERS, 50),
        ("20-burglar-loot.txt", DWARVES, 51),
        ("22-spreadsheet.csv", DWARVES, 50),
        ("23-hero-threat-numbers.txt", RANGERS, 50),
        ("24-card-numbers.txt", HOBBITS, 50),
        ("25-side-quests.txt", RANGERS, 50),
        ("26-unimplemented-no-accents.txt", DWARVES, 50),
        ("27-octgn-one-hero.o8d", &["Aragorn"], 7),
        ("28-ringsdb-no-heroes-key.json", DWARVES, 50),
        ("29-sideboard-words.txt", DWARVES, 50),
    ];
    for &(file, heroes, cards) in cases {
        let imp = deck::import_file(&fixture(file), db()).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(hero_titles(&imp), heroes, "{file}");
        assert_eq!(imp.deck.cards.len(), cards, "{file}");
    }
    // Two players in one CRLF file.
    let both = deck::import_file_all(&fixture("21-two-players-crlf.txt"), db()).expect("imports");
    assert_eq!(both.len(), 2);
    assert_eq!(hero_titles(&both[0]), RANGERS);
    assert_eq!(hero_titles(&both[1]), NOLDOR);
    // The Burglar's Turn: its loot deck from the sideboard.
    let burglar = deck::import_file(&fixture("20-burglar-loot.txt"), db()).expect("imports");
    assert_eq!(burglar.deck.loot.len(), 14);
    // Unimplemented cards are read as themselves (and `run` refuses them by name).
    let unimpl = deck::import_file(&fixture("09-unimplemented-sets.txt"), db()).expect("imports");
    assert_eq!(copies_of(&unimpl, "Westfold Outrider"), 2);
    assert_eq!(copies_of(&unimpl, "Ered Luin Miner"), 1);
    // Refused with the line and the fix: a real ambiguity, a count not understood.
    let e = deck::import_file(&fixture("07-mixed-case.txt"), db()).unwrap_err();
    assert_eq!(e.line, 6);
    assert!(e.message.contains("`GLORFINDEL` is ambiguous"), "{e}");
    let e = deck::import_file(&fixture("30-unread-count.txt"), db()).unwrap_err();
    assert_eq!(e.line, 10);
    assert!(e.message.contains("write the count first"), "{e}");
}

#[test]
fn audit51_sideboard_headings_in_other_words_keep_their_cards_out() {
    // Before, the cards under each of these headings were shuffled into the deck (`SB:`,
    // `Ins:` and `Outs:` without even a note).
    for h in [
        "SB:",
        "SB",
        "Sideboard/Considering",
        "Sideboard (not in deck)",
        "Out of the deck",
        "Not in deck",
        "Possible swaps",
        "Tech cards",
        "Flex slots",
        "Removed",
        "Replacements",
        "Others to consider",
        "Upgrades",
        "Budget options",
        "Ins:",
        "Outs:",
    ] {
        let imp = import(&format!(
            "Ally (3)\n3x Guard of the Citadel (Core Set)\n\n{h}\n2x Feint (Core Set)\n"
        ))
        .unwrap_or_else(|e| panic!("{h}: {e}"));
        assert_eq!(imp.deck.cards, vec![id("Core-013"); 3], "{h}");
    }
    let imp = deck::import_file(&fixture("29-sideboard-words.txt"), db()).expect("imports");
    for kept_out in [
        "Hasty Stroke",
        "Beorn",
        "Thicket of Spears",
        "Stand Together",
    ] {
        assert_eq!(copies_of(&imp, kept_out), 0, "{kept_out}");
    }
    assert_eq!(copies_of(&imp, "Feint"), 3);
    assert_eq!(copies_of(&imp, "Quick Strike"), 3);
}

#[test]
fn audit51_a_card_with_a_count_not_understood_is_refused_not_dropped() {
    // Before, each was a `deck check` note and `run` played the deck without the card.
    for t in [
        "Feint, 3",
        "Feint; 3",
        "Feint 3/3",
        "2/3 Feint",
        "Feint....3",
        "Feint (3)x",
        "Feint (Core Set) 3 copies",
        "Feint (Core Set) | 3",
        "3\u{445} Feint",
        "#3 Feint",
        "Feint 3",
    ] {
        let e = import(&format!("Event\n{t}")).expect_err(t);
        assert_eq!(e.line, 9, "{t}");
        assert!(
            e.message.contains("names Feint but its number is no count"),
            "{t}: {e}"
        );
    }
    // Text that names no card stays a note.
    let imp = import("Event\n3x Feint\nRohan 2\n").expect("imports");
    assert_eq!(imp.deck.cards.len(), 3);
    assert!(imp.notes.iter().any(|n| n.contains("`Rohan 2`")));
}

#[test]
fn audit51_deck_name_with_its_size_is_no_card() {
    for first in [
        "Solo Aragorn (30 cards)",
        "Rangers - 50 cards",
        "Rangers [50 cards]",
        "Deck: Solo Aragorn (30 cards)",
    ] {
        let imp = deck::import_deck(
            "t",
            &format!(
                "{first}\n\nHero (1)\n1x Aragorn (Core Set)\n\nAlly (3)\n3x Guard of the Citadel\n"
            ),
            db(),
        )
        .unwrap_or_else(|e| panic!("{first}: {e}"));
        assert_eq!(imp.deck.cards, vec![id("Core-013"); 3], "{first}");
        assert!(
            imp.description.iter().any(|d| d.contains("cards")),
            "{first}"
        );
    }
    // A card with its count in words is still a card.
    let imp = import("Event\nFeint (3 cards)").expect("imports");
    assert_eq!(imp.deck.cards, vec![id("Core-034"); 3]);
}

#[test]
fn audit51_hero_line_with_its_threat_cost_is_one_hero() {
    // Before: `12 copies of hero Aragorn` or `unknown card`.
    for (line, code) in [
        ("Aragorn (TLR) - 12", "TLR-001"),
        ("Aragorn (TLR) 12", "TLR-001"),
        ("Aragorn (TLR) (12)", "TLR-001"),
        ("Aragorn (TLR) - 12 threat", "TLR-001"),
        ("Aragorn (Core) x1 - 12 threat", "Core-001"),
        ("Halbarad (TLR) [10]", "TLR-002"),
        ("Amarthiúl (BoCD) 10 threat", "TBoCD-115"),
        ("Amarthiúl (threat: 10)", "TBoCD-115"),
    ] {
        let imp = deck::import_deck(
            "t",
            &format!("Test\n\nHeroes\n{line}\n\nAllies\n3x Guard of the Citadel\n"),
            db(),
        )
        .unwrap_or_else(|e| panic!("{line}: {e}"));
        assert_eq!(imp.deck.heroes, vec![id(code)], "{line}");
        assert!(
            imp.notes
                .iter()
                .any(|n| n.contains("read as the threat cost")),
            "{line}: {:?}",
            imp.notes
        );
    }
    // A number that is not the hero's threat cost is still copies, and refused.
    let e = deck::import_deck("t", "Test\n\nHeroes\nAragorn (TLR) - 11\n", db()).unwrap_err();
    assert!(e.message.contains("11 copies of hero Aragorn"), "{e}");
}

#[test]
fn audit51_set_in_nested_brackets() {
    for line in [
        "3x Guard of the Citadel (Core Set (Revised))",
        "3x Guard of the Citadel (Core Set [Revised])",
        "3x Guard of the Citadel (Core Set Revised)",
    ] {
        let imp = import(&format!("Ally\n{line}")).unwrap_or_else(|e| panic!("{line}: {e}"));
        assert_eq!(imp.deck.cards, vec![id("Core-013"); 3], "{line}");
        assert!(
            !imp.notes.iter().any(|n| n.contains("names no printing")),
            "{line}: {:?}",
            imp.notes
        );
    }
}

#[test]
fn audit51_spreadsheet_rows_are_card_lines() {
    let csv = "Quantity,Name,Set,Type\r\n1,Aragorn,Core Set,Hero\r\n1,Legolas,Core Set,Hero\r\n\
               1,Gimli,Core Set,Hero\r\n3,Guard of the Citadel,Core Set,Ally\r\n\
               3,\"Feint\",\"Core Set\",Event\r\n";
    let imp = deck::import_deck("t", csv, db()).expect("imports");
    assert_eq!(
        imp.deck.heroes,
        vec![id("Core-001"), id("Core-005"), id("Core-004")]
    );
    assert_eq!(copies_of(&imp, "Guard of the Citadel"), 3);
    assert_eq!(copies_of(&imp, "Feint"), 3);
    let semi = "Card;Qty\nAragorn (Core Set);1\nFeint;3\nWestfold Outrider;2\n";
    let imp = deck::import_deck("t", semi, db()).expect("imports");
    assert_eq!(copies_of(&imp, "Feint"), 3);
    assert_eq!(copies_of(&imp, "Westfold Outrider"), 2);
    // A bad row keeps its file line.
    let e = deck::import_deck(
        "t",
        "Name,Count\nAragorn (Core),1\nSnowborn Scuot,3\n",
        db(),
    )
    .unwrap_err();
    assert_eq!(e.line, 3);
}
