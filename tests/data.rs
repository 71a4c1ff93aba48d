//! Integration tests for the card/scenario tables (`lotr_sim::data`) and deck parsing
//! (`lotr_sim::deck`): embedded data validity, known facts, deck formats and error messages.

use std::sync::OnceLock;

use lotr_sim::data::{self, CardDb, CardType, Mode, X};
use lotr_sim::deck::{self, Deck, DeckError};

fn db() -> &'static CardDb {
    static DB: OnceLock<CardDb> = OnceLock::new();
    DB.get_or_init(|| data::load_embedded().unwrap_or_else(|e| panic!("{e}")))
}

fn id(code: &str) -> u16 {
    db().by_code(code)
        .unwrap_or_else(|| panic!("no card {code}"))
}

fn parse(text: &str) -> Result<Deck, DeckError> {
    deck::parse_deck("test", text, db())
}

fn parse_err(text: &str) -> DeckError {
    match parse(text) {
        Ok(d) => panic!("expected an error, got {d:?}"),
        Err(e) => e,
    }
}

/// Sorted copy of a deck's cards (order-independent comparisons).
fn sorted(d: &Deck) -> (Vec<u16>, Vec<u16>) {
    let (mut h, mut c) = (d.heroes.clone(), d.cards.clone());
    h.sort();
    c.sort();
    (h, c)
}

// ----- card data -------------------------------------------------------------------------------

#[test]
fn embedded_data_loads_without_errors() {
    let db = db();
    assert_eq!(db.defs.len(), 1563);
    assert_eq!(db.scenarios.len(), 10);
    assert!(db.traits.iter().any(|t| t == "Orc"));
}

#[test]
fn encounter_totals_match_expected_for_every_scenario_and_mode() {
    // Independent re-read of the expected_total rows.
    let text = include_str!("../scenarios/scenarios.csv");
    let mut checked = 0;
    for line in text.lines().skip(1) {
        let f: Vec<&str> = line.split(',').collect();
        if f[3] != "expected_total" {
            continue;
        }
        let sc = &db().scenarios[db().scenario(f[0]).expect("scenario")];
        let mode = Mode::ALL
            .into_iter()
            .find(|m| m.name() == f[2])
            .expect("mode");
        let total: u32 = sc.encounter[mode as usize]
            .iter()
            .map(|&(_, c)| c as u32)
            .sum();
        assert_eq!(total, f[5].parse::<u32>().unwrap(), "{} {}", f[0], f[2]);
        assert!(!sc.quest[mode as usize].is_empty());
        checked += 1;
    }
    assert_eq!(checked, 9 * 3 + 2); // Wrath and Ruin has no nightmare mode
}

#[test]
fn intruders_in_chetwood_composition() {
    let db = db();
    let sc = &db.scenarios[db.scenario("intruders-in-chetwood").unwrap()];
    let std = Mode::Standard as usize;
    let total: u32 = sc.encounter[std].iter().map(|&(_, c)| c as u32).sum();
    assert_eq!(total, 38);
    assert_eq!(db.def(sc.quest[std][0]).code, "TLR-068A");
    assert_eq!(db.def(sc.quest[std][0]).stage, 1);
    let setup = sc.nightmare_setup.expect("nightmare setup");
    assert_eq!(db.def(setup).code, "IiCN-001A");
    assert_eq!(db.def(db.def(setup).back.unwrap()).code, "IiCN-001B");
}

#[test]
fn escape_from_mount_gram_has_four_stage_two_cards() {
    let db = db();
    let sc = &db.scenarios[db.scenario("escape-from-mount-gram").unwrap()];
    let q = &sc.quest[Mode::Standard as usize];
    assert_eq!(
        q.iter().filter(|&&i| db.def(i).code == "EfMG-039A").count(),
        4
    );
    let stages: Vec<u8> = q.iter().map(|&i| db.def(i).stage).collect();
    assert!(
        stages.windows(2).all(|w| w[0] <= w[1]),
        "stage order {stages:?}"
    );
}

#[test]
fn known_card_facts() {
    let db = db();
    let aragorn = db.def(id("Core-001"));
    assert_eq!(
        (aragorn.title.as_str(), aragorn.ty, aragorn.threat_cost),
        ("Aragorn", CardType::Hero, 12)
    );
    assert!(aragorn.keywords.sentinel && aragorn.unique);
    assert!(aragorn.traits.contains(&db.trait_id("Dúnedain")));
    assert_eq!(aragorn.ringsdb_code, "01001");
    let owp = db.def(id("TLR-017"));
    assert_eq!(
        (owp.ty, owp.engagement, owp.quantity, owp.easy_quantity),
        (CardType::Enemy, 40, 3, 1)
    );
    let hills = db.def(id("TLR-048"));
    assert_eq!((hills.ty, hills.threat), (CardType::Location, X));
    let legolas = db.def(id("Core-005"));
    assert!(legolas.keywords.ranged);
    // Doomed/Surge-style numeric keywords and unknown keywords kept aside.
    assert!(db.defs.iter().any(|d| d.keywords.doomed == 2));
    assert!(db.defs.iter().any(|d| d.keywords.surge));
    assert_eq!(db.def(id("TDT-005")).keywords.doomed, data::KEYWORD_X); // Doomed X
    let gd = db.def(id("EfMG-039A"));
    assert_eq!(gd.keywords.capture, 7);
    assert!(db
        .defs
        .iter()
        .any(|d| d.other_keywords.iter().any(|k| k.starts_with("Guarded ("))));
    assert_eq!(db.def(gd.back.unwrap()).code, "EfMG-039B");
    assert!(db.def(gd.back.unwrap()).is_back_face());
}

#[test]
fn find_by_title_folds_accents_and_punctuation() {
    let db = db();
    assert_eq!(db.find_by_title("Eowyn"), db.find_by_title("Éowyn"));
    assert!(db.find_by_title("eowyn").contains(&id("Core-007")));
    assert_eq!(db.find_by_title("DUNHERE")[0], id("Core-009"));
    assert_eq!(
        db.find_by_title("Lorien's Wealth"),
        db.find_by_title("Lórien’s Wealth")
    );
    assert!(!db.find_by_title("lorienswealth").is_empty());
    // Back faces are skipped.
    assert!(db
        .find_by_title("Gollum")
        .iter()
        .all(|&i| !db.def(i).is_back_face()));
}

#[test]
fn data_errors_are_all_reported_with_lines() {
    let cards = include_str!("../scenarios/cards.csv");
    let scen = include_str!("../scenarios/scenarios.csv");
    let mut lines: Vec<String> = cards.lines().map(String::from).collect();
    lines[1] = lines[1].replacen(",hero,", ",heroine,", 1); // line 2: unknown type
    lines[2] = lines[2].replacen(",8,", ",eight,", 1); // line 3: bad number (Théodred's threat cost)
    lines[4] = lines[3].clone(); // line 5: duplicate of Core-003
    let bad_cards = lines.join("\n");
    let bad_scen = scen.replacen(
        "standard,encounter,TLR-043,3",
        "standard,encounter,TLR-999,3",
        1,
    );
    let errs = data::parse(&bad_cards, &bad_scen).unwrap_err();
    let text = errs.to_string();
    assert!(
        text.contains("scenarios/cards.csv:2: card Core-001: unknown type `heroine`"),
        "{text}"
    );
    assert!(
        text.contains(
            "scenarios/cards.csv:3: card Core-002: column `threat_cost`: `eight` is not a number"
        ),
        "{text}"
    );
    assert!(
        text.contains("scenarios/cards.csv:5: card Core-003: duplicate code `Core-003`"),
        "{text}"
    );
    assert!(
        text.contains("card code `TLR-999` is not in scenarios/cards.csv"),
        "{text}"
    );
    assert!(
        text.contains("encounter cards add up to 35 but expected_total is 38"),
        "{text}"
    );
    // Core-004 is gone (overwritten), so its Core-004 back link checks are not involved; the
    // dropped card leaves dangling nothing, but a broken back link is reported:
    let dangling = cards.replacen(",IiCN-001B,", ",IiCN-999B,", 1);
    let e = data::parse(&dangling, scen).unwrap_err().to_string();
    assert!(e.contains("back `IiCN-999B` is not a code"), "{e}");
    // A reprint link must name an existing original card.
    let bad_same = cards.replacen(
        ",Revised Core Set,Core-001",
        ",Revised Core Set,Core-999",
        1,
    );
    assert_ne!(bad_same, cards);
    let e = data::parse(&bad_same, scen).unwrap_err().to_string();
    assert!(
        e.contains("card RevCore-001: same_as `Core-999` is not a code"),
        "{e}"
    );
}

// ----- decks -----------------------------------------------------------------------------------

/// Non-hero card counts from /work/shared/decks/README.md.
const CORE_DECKS: [(&str, usize); 4] = [
    ("core-leadership", 30),
    ("core-lore", 30),
    ("core-spirit", 31),
    ("core-tactics", 30),
];

#[test]
fn builtin_core_decks_have_three_heroes_and_readme_counts() {
    for (name, count) in CORE_DECKS {
        let d = deck::resolve_deck(name, db()).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(d.name, name);
        assert_eq!(d.heroes.len(), 3, "{name}");
        assert_eq!(d.cards.len(), count, "{name}");
        assert!(d.heroes.iter().all(|&h| db().def(h).ty == CardType::Hero));
        assert!(d.cards.iter().all(|&c| db().def(c).ty != CardType::Hero));
        let short = name.trim_start_matches("core-");
        assert_eq!(deck::resolve_deck(short, db()).unwrap(), d);
    }
    let spirit = deck::resolve_deck("spirit", db()).unwrap();
    assert_eq!(
        spirit.heroes,
        vec![id("Core-007"), id("Core-008"), id("Core-009")]
    );
}

#[test]
fn every_file_in_decks_loads() {
    // decks/ and its subfolders (decks/probes/: the census decks, not built in).
    let mut n = 0;
    let mut dirs = vec![std::path::PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/decks"
    ))];
    let mut files = Vec::new();
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else {
                files.push(path);
            }
        }
    }
    assert!(files.iter().any(|p| p.to_string_lossy().contains("probes")));
    for path in files {
        let d = deck::load_deck(&path, db()).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(d.heroes.len(), 3, "{}", path.display());
        assert!(!d.cards.is_empty());
        n += 1;
    }
    assert!(n >= 5);
    let txt = deck::load_deck(
        concat!(env!("CARGO_MANIFEST_DIR"), "/decks/core-tactics.txt").as_ref(),
        db(),
    )
    .unwrap();
    assert_eq!(txt.name, "core-tactics");
    assert_eq!(
        sorted(&txt),
        sorted(&deck::resolve_deck("core-tactics", db()).unwrap())
    );
}

/// The audit decks (two of every implemented card of a sphere and the neutral ones; used to
/// count which cards `basic` plays, not built-in decks) load with three heroes each.
#[test]
fn every_audit_deck_loads() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/audit");
    let mut n = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let d = deck::load_deck(&path, db()).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(d.heroes.len(), 3, "{}", path.display());
        assert!(d.cards.len() > 50, "{}", path.display());
        n += 1;
    }
    assert_eq!(n, 4, "one audit deck per sphere");
}

/// (copies, title, set) of the Core tactics deck, heroes first.
const TACTICS: &[(u32, &str)] = &[
    (1, "Gimli"),
    (1, "Legolas"),
    (1, "Thalin"),
    (3, "Veteran Axehand"),
    (3, "Gondorian Spearman"),
    (2, "Horseback Archer"),
    (1, "Beorn"),
    (2, "Gandalf"),
    (2, "Blade of Gondolin"),
    (2, "Citadel Plate"),
    (2, "Dwarven Axe"),
    (1, "Horn of Gondor"),
    (3, "Blade Mastery"),
    (1, "Rain of Arrows"),
    (2, "Feint"),
    (2, "Quick Strike"),
    (2, "Thicket of Spears"),
    (1, "Swift Strike"),
    (1, "Stand Together"),
];

#[test]
fn text_format_variants_parse_to_the_same_deck() {
    let want = sorted(&deck::resolve_deck("core-tactics", db()).unwrap());
    type Fmt = fn(u32, &str) -> String;
    let variants: Vec<(&str, Fmt)> = vec![
        ("ringsdb", |q, n| format!("{q}x {n} (Core Set)")),
        ("suffix", |q, n| format!("{n} (Core Set) x{q}")),
        ("suffix-spaced", |q, n| format!("{n} (Core) x {q}")),
        ("bare count", |q, n| format!("{q} {n} (Core Set)")),
        ("bullets", |q, n| format!("* {q}x {n} (core set).")),
        ("entities", |q, n| {
            format!("{q}x {} (Core&#32;Set)", n.replace(' ', "&#32;"))
        }),
        ("upper", |q, n| {
            format!("{q}X {} (CORE SET)", n.to_uppercase())
        }),
    ];
    for (label, fmt) in variants {
        for crlf in [false, true] {
            let mut text = String::from("\u{feff}My deck\n\nHERO (3)\n");
            for (i, &(q, n)) in TACTICS.iter().enumerate() {
                if i == 3 {
                    text.push_str("\nAllies:\n");
                }
                text.push_str(&fmt(q, n));
                text.push('\n');
            }
            text.push_str("\nSideboard\n3x Sneak Attack (Core Set)\n");
            if crlf {
                text = text.replace('\n', "\r\n");
            }
            let d = parse(&text).unwrap_or_else(|e| panic!("{label}: {e}"));
            assert_eq!(sorted(&d), want, "{label} crlf={crlf}");
        }
    }
}

#[test]
fn accents_entities_and_apostrophes_resolve() {
    let a = parse("Heroes:\n1x Eowyn (Core Set)\n1x Dunhere\n1x Eleanor\n2x Lorien&#39;s Wealth\n")
        .unwrap();
    let b = parse("Heroes:\n1x Éowyn (Core Set)\n1x Dúnhere\n1x Eleanor\n2x Lórien’s Wealth\n")
        .unwrap();
    assert_eq!(a, b);
    assert_eq!(
        a.heroes,
        vec![id("Core-007"), id("Core-009"), id("Core-008")]
    );
    assert_eq!(a.cards.len(), 2);
    // Reprints with identical stats resolve to the earliest printing.
    let g = parse("3x Guard of the Citadel (Revised Core Set)\n").unwrap();
    assert_eq!(g.cards, vec![id("Core-013"); 3]);
    let h = parse("3x Guard of the Citadel\n&amp; notes\n").unwrap();
    assert_eq!(h.cards, vec![id("Core-013"); 3]);
}

#[test]
fn ambiguous_title_needs_a_set() {
    let e = parse_err("Hero (1)\n1x Aragorn\n");
    assert_eq!((e.file.as_str(), e.line), ("test", 2));
    assert!(e.message.contains("`Aragorn` is ambiguous"), "{e}");
    assert!(e.message.contains("add the set in parentheses"), "{e}");
    let lore = parse("1x Aragorn (The Watcher in the Water)\n").unwrap();
    assert_eq!(db().def(lore.heroes[0]).code, "TWitW-053");
    let core = parse("1x Aragorn (Core)\n").unwrap();
    assert_eq!(core.heroes, vec![id("Core-001")]);
}

#[test]
fn unknown_card_suggests_near_titles() {
    // Three edits away: too far to be read as that card, near enough to be suggested.
    let e = parse_err("Hero (3)\n1x Aragorn (Core Set)\n3x Gaurd of teh Citadl\n");
    assert_eq!(e.line, 3);
    assert!(
        e.message
            .starts_with("unknown card `Gaurd of teh Citadl`; did you mean Guard of the Citadel"),
        "{e}"
    );
    assert!(e.to_string().starts_with("test:3: unknown card"), "{e}");
}

#[test]
fn bad_quantity_empty_and_binary_inputs_are_rejected() {
    let e = parse_err("Allies\n0x Guard of the Citadel\n");
    assert_eq!(
        e.to_string(),
        "test:2: bad quantity `0`: write a number of copies from 1 to 50"
    );
    let e = parse_err("99999999999x Guard of the Citadel\n");
    assert_eq!(e.line, 1);
    assert!(e.message.starts_with("bad quantity"), "{e}");
    let e = parse_err("");
    assert_eq!(e.line, 0);
    assert!(e.message.starts_with("no cards found"), "{e}");
    let e = parse_err("\u{feff}\r\n  \r\nMy deck name\r\n");
    assert!(e.message.starts_with("no cards found"), "{e}");
    let e = parse_err("\u{0}\u{1}\u{2}PK\u{3}\u{4}garbage");
    // The line of the first control character (robust37).
    assert_eq!((e.line, e.message.contains("binary")), (1, true), "{e}");
    // Invalid UTF-8 in a file.
    let path = std::env::temp_dir().join(format!("lotr-sim-garbage-{}.o8d", std::process::id()));
    std::fs::write(&path, [0xff, 0xfe, 0x00, 0x9c, 0x80]).unwrap();
    let e = deck::load_deck(&path, db()).unwrap_err();
    std::fs::remove_file(&path).ok();
    assert_eq!(e.line, 0);
    assert!(e.message.contains("not valid UTF-8"), "{e}");
}

#[test]
fn o8d_errors_name_the_line() {
    let text = "<?xml version=\"1.0\"?>\n<deck>\n<section name=\"Hero\">\n\
        <card qty=\"1\" id=\"51223bd0-ffd1-11df-a976-0801200c9001\">Aragorn</card>\n\
        <card qty=\"1\" id=\"00000000-0000-0000-0000-000000000000\">Theodrid</card>\n</section>\n</deck>";
    // An unknown GUID is read by the card's name when that name is known (see
    // tests/deck_import.rs); an unknown GUID with an unknown name is an error.
    let e = parse_err(text);
    assert_eq!(e.line, 5);
    assert!(
        e.message.contains("unknown OCTGN card id") && e.message.contains("did you mean Théodred"),
        "{e}"
    );
    let ok = text
        .replace(
            "00000000-0000-0000-0000-000000000000",
            "51223bd0-ffd1-11df-a976-0801200c9002",
        )
        .replace("Theodrid", "Theodred");
    let d = parse(&ok).unwrap();
    assert_eq!(d.heroes, vec![id("Core-001"), id("Core-002")]);
    let bad_qty = ok.replacen("qty=\"1\"", "qty=\"lots\"", 1);
    assert_eq!(
        parse_err(&bad_qty).to_string(),
        "test:4: bad quantity `lots`: write a number of copies from 1 to 50"
    );
    // Quest / sideboard sections are ignored.
    let with_quest = ok.replace("</deck>", "<section name=\"Quest\" shared=\"True\">\n<card qty=\"1\" id=\"x\">Q</card>\n</section>\n</deck>");
    assert_eq!(parse(&with_quest).unwrap(), d);
}

#[test]
fn resolve_deck_reports_unknown_specs() {
    let e = deck::resolve_deck("no-such-deck", db()).unwrap_err();
    assert_eq!(e.line, 0);
    assert!(e.message.contains("core-leadership"), "{e}");
}
