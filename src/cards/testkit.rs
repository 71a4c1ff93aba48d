//! Test helpers for card tests: a shared card table and sandbox games.

use crate::data::{load_embedded, CardDb, Mode};
use crate::deck::Deck;
use crate::engine::{AttackCtx, CardId, Frame, Game, GameSetup, Opt, RuleOptions, Zone, ENCOUNTER};
use std::sync::OnceLock;

pub fn db() -> &'static CardDb {
    static DB: OnceLock<CardDb> = OnceLock::new();
    DB.get_or_init(|| load_embedded().expect("embedded data loads"))
}

/// Copies of the encounter cards titled `title` in `scenario`'s deck for mode `m` (from the
/// scenario data).
pub fn encounter_copies(scenario: &str, m: Mode, title: &str) -> u32 {
    let sc = &db().scenarios[db().scenario(scenario).unwrap()];
    sc.encounter[m as usize]
        .iter()
        .filter(|&&(d, _)| db().def(d).title == title)
        .map(|&(_, k)| k as u32)
        .sum()
}

/// A sandbox game of Intruders in Chetwood (standard) with one seat per hero list; each deck is
/// 20 Guard of the Citadel. Round 1, planning phase, nothing pending; hands are drawn (6 cards).
pub fn sandbox(heroes: &[&[&str]]) -> Game<'static> {
    sandbox_in("intruders-in-chetwood", Mode::Standard, heroes)
}

pub fn sandbox_in(scenario: &str, mode: Mode, heroes: &[&[&str]]) -> Game<'static> {
    let db = db();
    let decks = heroes
        .iter()
        .map(|hs| Deck {
            name: "test".into(),
            heroes: hs
                .iter()
                .map(|c| db.by_code(c).expect("hero code"))
                .collect(),
            cards: vec![db.by_code("Core-013").unwrap(); 20],
            loot: Vec::new(),
        })
        .collect();
    let setup: &'static GameSetup = Box::leak(Box::new(GameSetup {
        scenario: db.scenario(scenario).expect("scenario"),
        mode,
        decks,
        options: RuleOptions::default(),
        max_rounds: 30,
        allow_unimplemented: true,
    }));
    let mut g = Game::new(db, setup);
    g.sandbox(1, 0);
    g
}

/// Change this sandbox game's rule options (its setup is replaced by a changed copy).
pub fn set_options(g: &mut Game<'static>, f: impl FnOnce(&mut RuleOptions)) {
    let mut s = g.setup.clone();
    f(&mut s.options);
    g.setup = Box::leak(Box::new(s));
}

/// The hero with card code `code` controlled by seat 0.
/// What bot `spec` (`basic`, `basic:own_host=0`...) answers seat 0's planning-phase choice
/// between passing and playing `c`.
pub fn planning_pick(g: &Game, c: CardId, spec: &str) -> Opt {
    let dec = crate::engine::Decision {
        player: 0,
        ask: crate::engine::Ask::Planning,
        options: vec![Opt::Pass, Opt::Play(c)],
    };
    let mut b = crate::bots::make(spec).expect("a bot spec");
    dec.options[b.choose(g, &dec)]
}

pub fn hero(g: &Game, code: &str) -> CardId {
    g.heroes(0)
        .find(|&h| g.def_of(h).code == code)
        .expect("hero in play")
}

/// The heroes seat `p` controls, in play-area order.
pub fn heroes(g: &Game, p: u8) -> Vec<CardId> {
    g.heroes(p).collect()
}

/// The options of the pending decision (empty if none).
pub fn options(g: &Game) -> Vec<Opt> {
    g.pending().map(|d| d.options.clone()).unwrap_or_default()
}

/// Options seat 0 gets in an action window opened now (empty if only "pass"); the window is
/// then closed by passing (other players may have actions too, e.g. Éowyn's).
pub fn actions(g: &mut Game) -> Vec<Opt> {
    let phase = g.phase;
    g.push_run(Frame::Window {
        phase,
        seat: 0,
        passes: 0,
    });
    let o = options(g);
    while g.pending().is_some() {
        g.answer(Opt::Pass);
    }
    o
}

/// Reveal `card` from the encounter deck as player 1 (the reveal procedure runs up to its first
/// question, if any).
pub fn reveal(g: &mut Game, card: CardId) {
    g.push_run(Frame::Reveal {
        card,
        by: 0,
        stage: 0,
        from_deck: true,
    });
}

/// engage57: puts `g` in the quest phase before staging (`Phase::Quest`) or the encounter
/// phase before the optional engagement (`Phase::Encounter`), with the encounter deck emptied
/// (to its discard pile), and gives seat 0 a For Gondor! in hand, whose Defense boost
/// (`hints::boost_is_idle`) the card tests ask about: returns it.
pub fn defense_boost_window(g: &mut Game, phase: crate::engine::Phase) -> CardId {
    use crate::engine::{Phase, Step};
    for c in g.list(Zone::EncounterDeck).to_vec() {
        g.move_card(c, Zone::EncounterDiscard);
    }
    g.phase = phase;
    let next = if phase == Phase::Quest {
        Step::Staging
    } else {
        Step::OptionalEngage
    };
    g.stack.push(Frame::Step(next));
    g.spawn(codes::FOR_GONDOR, 0, Zone::Hand(0))
}

/// engage57: the check every `Hint::reveal_attack` card's test makes: in the quest phase before
/// staging a Defense boost is idle with no copy of `code` in the encounter deck, counts while one
/// is there (staging may reveal it) and is idle again once it is discarded.
pub fn check_reveal_attack_hint(g: &mut Game, code: &str) {
    use crate::cards::hints::{boost_is_idle, hint};
    let fg = defense_boost_window(g, crate::engine::Phase::Quest);
    assert!(
        boost_is_idle(g, fg),
        "no card in the encounter deck attacks when revealed"
    );
    let c = g.spawn(code, ENCOUNTER, Zone::EncounterDeck);
    assert!(hint(g, c).reveal_attack);
    assert!(!boost_is_idle(g, fg), "staging may reveal it");
    g.move_card(c, Zone::EncounterDiscard);
    assert!(boost_is_idle(g, fg), "discarded: it cannot be revealed now");
}

/// engage57: the check every `Hint::attacks_when_engaged` enemy's test makes: in the encounter
/// phase before the engagements (the staging area emptied) a Defense boost is idle with no enemy
/// staged, counts while a copy of `code` is staged (it may engage and attack at once) and is idle
/// again once it is engaged (it then attacks in combat only). Returns the boost and the enemy.
pub fn check_attacks_when_engaged_hint(g: &mut Game, code: &str) -> (CardId, CardId) {
    use crate::cards::hints::{boost_is_idle, hint};
    let fg = defense_boost_window(g, crate::engine::Phase::Encounter);
    for c in g.list(Zone::Staging).to_vec() {
        g.move_card(c, Zone::EncounterDiscard);
    }
    assert!(boost_is_idle(g, fg), "no enemy staged");
    let e = g.spawn(code, ENCOUNTER, Zone::Staging);
    assert!(hint(g, e).attacks_when_engaged);
    assert!(!boost_is_idle(g, fg), "staged: it may engage and attack");
    g.move_card(e, Zone::Engaged(0));
    assert!(
        boost_is_idle(g, fg),
        "engaged already: it attacks in combat"
    );
    (fg, e)
}

/// Reveal `card` as if from the top of the encounter deck and resolve it completely, answering
/// every decision it asks with the first option.
pub fn reveal_resolving(g: &mut Game, card: CardId) {
    reveal(g, card);
    while g.pending().is_some() {
        g.apply(0);
    }
}

/// Play `games` whole games of Intruders in Chetwood (standard) with `decks`, once with every
/// seat played by `random` and once by `basic`, checking the engine's invariants after every
/// decision and that every game ends. Card modules use it to soak decks built of their cards.
pub fn soak_decks(decks: Vec<Deck>, seed: u64, games: u64) {
    let db = db();
    let setup = GameSetup {
        scenario: db.scenario("intruders-in-chetwood").expect("scenario"),
        mode: Mode::Standard,
        decks,
        options: RuleOptions::default(),
        max_rounds: 30,
        allow_unimplemented: false,
    };
    setup.validate(db).expect("a legal setup");
    let mut g = Game::new(db, &setup);
    for name in ["random", "basic"] {
        let mut bot = crate::bots::make(name).expect("bot");
        for i in 0..games {
            bot.new_game(i);
            g.start(seed, i);
            while let Some(d) = g.pending() {
                let d = d.clone();
                let k = bot.choose(&g, &d);
                g.apply(k);
                if let Err(e) = g.check_invariants() {
                    panic!("{name} game {i}: {e}");
                }
            }
            assert!(g.is_over(), "{name} game {i} stopped without an outcome");
        }
    }
}

/// A solo `core-leadership` game of `scenario` in `mode` on the default rules: the setup the
/// engine's and bots' whole-game tests play.
pub fn solo_setup(db: &CardDb, scenario: &str, mode: Mode) -> GameSetup {
    GameSetup {
        scenario: db.scenario(scenario).unwrap(),
        mode,
        decks: vec![crate::deck::resolve_deck("core-leadership", db).unwrap()],
        options: RuleOptions::default(),
        max_rounds: 30,
        allow_unimplemented: false,
    }
}

/// Cards the bots' situation tests name (the bots themselves name no card: `Script::hint`).
pub mod codes {
    /// Aragorn, Théodred and Glóin (Core Set).
    pub const LEADERSHIP_HEROES: &[&str] = &["Core-001", "Core-002", "Core-003"];
    pub const GUARD_OF_THE_CITADEL: &str = "Core-013";
    pub const FARAMIR: &str = "Core-014";
    pub const SNOWBOURN_SCOUT: &str = "Core-016";
    pub const LORIEN_GUIDE: &str = "Core-044";
    pub const NORTHERN_TRACKER: &str = "Core-045";
    pub const WEATHERED_HILLTOP: &str = "TLR-027";
    pub const IARION: &str = "TLR-016";
    pub const ORC_WAR_PARTY: &str = "TLR-017";
    pub const CHETWOOD_FOREST: &str = "TLR-018";
    pub const OUTLYING_HOMESTEAD: &str = "TLR-020";
    pub const ORC_REARGUARD: &str = "TLR-023";
    pub const ARWEN_UNDOMIEL: &str = "TDR-140";
    pub const SHROUDED_HILLS: &str = "TLR-048";
    pub const FORNOST_STREET: &str = "DDN-023";
    pub const CORNERED_ORC: &str = "TLR-025";
    pub const EXPOSED_RIDGE: &str = "TLR-028";
    /// Intruders in Chetwood's stage 1B (no engagement checks).
    pub const INTRUDERS_STAGE_1B: &str = "TLR-068B";
    pub const DENETHOR: &str = "Core-010";
    pub const SECRET_PATHS: &str = "Core-066";
    pub const ANGMAR_ORC: &str = "TLR-043";
    /// cards44's `save_big` board: Denethor (Lore) beside two Tactics heroes, a Wellinghall
    /// Preserver (3) and an Erebor Hammersmith (2).
    pub const DENETHOR_AND_TACTICS: &[&str] = &["Core-010", "Core-004", "Core-005"];
    pub const WELLINGHALL_PRESERVER: &str = "AtE-061";
    pub const EREBOR_HAMMERSMITH: &str = "Core-059";
    pub const SCATTERED_AMONG_THE_HILLS: &str = "TLR-069B";
    pub const CORNERED_ANIMALS: &str = "TLR-070B";
    pub const HUNTING_THE_ORCS: &str = "TLR-071";
    pub const SAVAGE_COUNTER_ATTACK: &str = "TLR-072";
    pub const CONCEALED_ORC_CAMP: &str = "TLR-030";
    pub const ANCIENT_CAUSEWAY: &str = "TLR-057";
    /// A Clue of The Treachery of Rhudaur (Quiet the Spirits' other side).
    pub const DAECHANARS_BRAND: &str = "TToR-110";
    pub const BROKEN_BATTLEMENTS: &str = "TLR-036";
    pub const FORNOST_SQUARE: &str = "TLR-038";
    pub const BALEFUL_SHADE: &str = "TLR-035";
    pub const THE_SHADES_OF_ANGMAR_1B: &str = "TLR-073B";
    pub const THE_CATACOMBS_OF_CARN_DUM_1B: &str = "TDR-150B";
    pub const INTO_THE_ETTENMOORS_1B: &str = "AtE-064B";
    pub const ACCURSED_BATTLEFIELD: &str = "TBoCD-132";
    pub const FORTRESS_WALLS: &str = "TBoCD-135";
    /// Wrath and Ruin: stage 1B, Contested Square (Threat 1, 3 quest points), Ransacked House.
    pub const INSIDE_THE_WALLS_1B: &str = "WaR-025B";
    pub const CONTESTED_SQUARE: &str = "WaR-015";
    pub const RANSACKED_HOUSE: &str = "WaR-016";
    pub const SPIRIT_HEROES: &[&str] = &["Core-010", "Core-011", "Core-012"];
    /// Gimli, Legolas and Thalin (Core Set).
    pub const TACTICS_HEROES: &[&str] = &["Core-004", "Core-005", "Core-006"];
    pub const FEINT: &str = "Core-034";
    pub const THE_GALADHRIMS_GREETING: &str = "Core-046";
    pub const DAYBREAK: &str = "TWoE-011";
    pub const ACROSS_THE_WASTES: &str = "TWoE-013B";
    pub const BATTLE_WITH_THE_PACK: &str = "TWoE-015B";
    pub const HOWLING_AT_NIGHT: &str = "TWoE-014B";
    pub const PACK_LEADER: &str = "TWoE-017";
    pub const MAKE_CAMP: &str = "TLR-055";
    pub const WHITE_WARG: &str = "TWoE-021";
    pub const GANDALF: &str = "Core-073";
    pub const THAURDIR: &str = "TLR-033";
    pub const THAURDIRS_DAMNED: &str = "TLR-034";
    pub const CURSED_DEAD: &str = "TLR-061";
    /// The Treachery of Rhudaur: the Investigation side quest that sells progress for resources.
    pub const DECIPHER_ANCIENT_TEXTS: &str = "TToR-113";
    pub const A_FELL_WRAITH_2B: &str = "TLR-074B";
    /// Éowyn (Core Set): discards a card for +1 Willpower this phase.
    pub const EOWYN: &str = "Core-007";
    /// The Battle of Carn Dûm: stage 1B, Thaurdir (Captain side), Angmar Marauder (3 threat,
    /// engagement 30, 3 ATK, 2 DEF, 4 HP).
    pub const CLUTCHES_OF_CARN_DUM_1B: &str = "TBoCD-125B";
    pub const THAURDIR_CAPTAIN: &str = "TBoCD-127";
    pub const ANGMAR_MARAUDER: &str = "TLR-044";
    /// Carn Dûm Garrison: +1 Threat per shadow card on it (4 ATK, 3 DEF, 5 HP).
    pub const CARN_DUM_GARRISON: &str = "TBoCD-129";
    /// Tactics allies without willpower: Veteran Axehand (2 ATK), Gondorian Spearman (1 ATK,
    /// Sentinel), Horseback Archer (2 ATK, Ranged).
    pub const VETERAN_AXEHAND: &str = "Core-028";
    pub const GONDORIAN_SPEARMAN: &str = "Core-029";
    pub const HORSEBACK_ARCHER: &str = "Core-030";
    pub const RAIN_OF_ARROWS: &str = "Core-033";
    pub const PROTECTOR_OF_LORIEN: &str = "Core-070";
    pub const COMMON_CAUSE: &str = "Core-021";
    pub const STAND_TOGETHER: &str = "Core-038";
    pub const QUICK_STRIKE: &str = "Core-035";
    /// Stat boosts until the end of the phase (`Hint::phase_boost`): For Gondor! (+1 ATK to
    /// all, +1 DEF to Gondor), Beorn (+5 ATK to himself), Blade Mastery (+1 ATK / DEF to one).
    pub const FOR_GONDOR: &str = "Core-022";
    pub const BEORN: &str = "Core-031";
    pub const BLADE_MASTERY: &str = "Core-032";
    /// Cards whose whole effect is readying characters (`Hint::readies`, sense39).
    pub const EVER_VIGILANT: &str = "Core-020";
    pub const GRIM_RESOLVE: &str = "Core-025";
    pub const UNEXPECTED_COURAGE: &str = "Core-057";
    pub const HOLD_YOUR_GROUND: &str = "TBoCD-119";
    pub const HOPE_REKINDLED: &str = "AtE-063";
    pub const DESCENDANTS_OF_KINGS: &str = "EfMG-030";
    /// greet47: Escape from Mount Gram's stage 2B (`Hint::leave_when_emptied`).
    pub const GORNAKHS_DUNGEONS_2B: &str = "EfMG-039B";
    /// sense51: Escape from Mount Gram's Patrol Room (`Hint::travel_threat`).
    pub const PATROL_ROOM: &str = "EfMG-047";
    pub const CRUEL_TORTURER: &str = "EfMG-043";
    /// probe40: events played only from the discard pile, and a hero who discards from hand.
    pub const ELVEN_LIGHT: &str = "TDR-145";
    pub const LORDS_OF_THE_ELDAR: &str = "TBoCD-121";
    pub const ARWEN_UNDOMIEL_HERO: &str = "TDR-140";
    pub const FAIR_AND_PERILOUS: &str = "AtE-060";
    /// cards41: a draw paid with X Lore resources; an enemy Attack reduction for the phase.
    pub const GANDALFS_SEARCH: &str = "Core-067";
    pub const HORNS_CRY: &str = "TToR-088";
    /// distill44: a hero whose hand is discarded each round; an ally paid with two hand cards.
    pub const ERESTOR: &str = "TToR-084";
    pub const ELVEN_JEWELER: &str = "EfMG-033";
    pub const NORBURY_TOMBS: &str = "TLR-037";
    /// Lore heroes (Core Set): Denethor, Glorfindel, Beravor.
    pub const LORE_HEROES: &[&str] = &["Core-010", "Core-011", "Core-012"];
    /// ett47: Across the Ettenmoors' cards the situation tests stage.
    pub const SECLUDED_CAVE: &str = "AtE-068";
    pub const SAVAGE_TROLLSPAWN: &str = "AtE-072";
    pub const RUGGED_COUNTRY: &str = "TLR-047";
    /// gap59: stage 2B, where a Safe location lifts the extra encounter card.
    pub const A_MISERABLE_JOURNEY_2B: &str = "AtE-065B";
    pub const FAVOR_OF_THE_VALAR: &str = "TBoCD-124";
    pub const SCAVENGE_FOR_SUPPLIES: &str = "AtE-083";
    /// ett49: the Ettenmoors side quest that wounds each hero paying resources.
    pub const FORAGE_FOR_FOOD: &str = "AtE-082";
    pub const VAST_TROLL_FELLS: &str = "AtEN-007";
    /// nm48: Across the Ettenmoors Nightmare's side quest that stops draws by card effects.
    pub const ISOLATED: &str = "AtEN-010";
    /// side47: an Eriador Wilds side quest with priority (4 quest points).
    pub const LOST_IN_THE_WILDERNESS: &str = "TLR-051";
    /// ett48: Troll and Goblin enemies that damage makes stronger.
    pub const RUTHLESS_HILL_TROLL: &str = "AtE-075";
    pub const GOBLIN_PURSUER: &str = "AtE-076";
    /// ett60: a location whose travel cost damages each exhausted character, and stage 3B,
    /// whose damaged characters lose Willpower.
    pub const BARREN_MOORLAND: &str = "AtE-078";
    pub const JOURNEYS_END_3B: &str = "AtE-066B";
}

/// The Core Set Leadership deck of the bots' whole-game tests (Aragorn, Théodred, Glóin).
pub fn core_leadership_deck(db: &crate::data::CardDb) -> Deck {
    let heroes = codes::LEADERSHIP_HEROES
        .iter()
        .map(|c| db.by_code(c).unwrap())
        .collect();
    let mut cards = vec![];
    for (c, n) in [
        ("Core-013", 3),
        ("Core-014", 2),
        ("Core-015", 2),
        ("Core-016", 3),
        ("Core-017", 2),
        ("Core-018", 2),
        ("Core-019", 1),
        ("Core-073", 2),
        ("Core-026", 2),
        ("Core-027", 1),
        ("Core-020", 2),
        ("Core-022", 2),
        ("Core-024", 2),
        ("Core-059", 2),
        ("Core-061", 2),
        ("Core-028", 3),
        ("Core-029", 3),
    ] {
        for _ in 0..n {
            cards.push(db.by_code(c).unwrap());
        }
    }
    Deck {
        name: "core-leadership".into(),
        heroes,
        cards,
        loot: Vec::new(),
    }
}

/// Run the engine to its next decision, then answer every decision with the first option until
/// nothing is pending.
pub fn drain(g: &mut Game) {
    g.settle();
    drain_pending(g);
}

/// Answer every pending decision with the first option until nothing is pending.
pub fn drain_pending(g: &mut Game) {
    while g.pending().is_some() {
        g.apply(0);
    }
}

/// Turn the main quest to the stage with card code `code`; returns the quest.
pub fn set_stage(g: &mut Game, code: &str) -> CardId {
    let q = g.main_quest().unwrap();
    let d = g.db.by_code(code).unwrap();
    g.set_face(q, d);
    q
}

/// Remove every card from zone `z`.
pub fn clear_zone(g: &mut Game, z: Zone) {
    while let Some(&c) = g.list(z).last() {
        g.move_card(c, Zone::Removed);
    }
}

/// Replace the encounter deck by `n` copies of the encounter card `code`.
pub fn encounter_deck_of(g: &mut Game, code: &str, n: usize) {
    clear_zone(g, Zone::EncounterDeck);
    for _ in 0..n {
        g.spawn(code, ENCOUNTER, Zone::EncounterDeck);
    }
}

/// Give enemy `e` the shadow card `shadow` and start its attack on seat 0 (undefended choice
/// still to come); returns the shadow card.
pub fn attack_with_shadow(g: &mut Game, e: CardId, shadow: &str) -> CardId {
    let s = g.spawn(shadow, ENCOUNTER, Zone::Shadow(e));
    g.attack = AttackCtx::new(e, 0, false);
    g.push_run(Frame::Attack { stage: 0 });
    s
}

/// Run enemy `e`'s attack on seat 0 undefended, every other decision answered by option 0.
pub fn attack_undefended(g: &mut Game, e: CardId) {
    g.attack = AttackCtx::new(e, 0, false);
    g.push_run(Frame::Attack { stage: 0 });
    if g.pending().is_some() {
        g.answer(Opt::Undefended);
    }
    drain_pending(g);
}
