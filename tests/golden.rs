//! Golden traces: the full log of a few seeded games, compared line by line with the files in
//! `tests/golden/`. Any change in rules, cards or bots that changes play shows up here as a
//! readable diff. After an intended change, regenerate with `UPDATE_GOLDEN=1 cargo test --test golden`.

use lotr_sim::bots;
use lotr_sim::data::{load_embedded, Mode};
use lotr_sim::deck::resolve_deck;
use lotr_sim::engine::{play_game, Game, GameSetup, RuleOptions};
use std::path::PathBuf;

fn trace(decks: &[&str], bot: &str, seed: u64, index: u64) -> String {
    trace_in(
        "intruders-in-chetwood",
        Mode::Standard,
        decks,
        bot,
        seed,
        index,
    )
}

fn trace_in(
    scenario: &str,
    mode: Mode,
    decks: &[&str],
    bot: &str,
    seed: u64,
    index: u64,
) -> String {
    let db = load_embedded().unwrap();
    let setup = GameSetup {
        scenario: db.scenario(scenario).unwrap(),
        mode,
        decks: decks
            .iter()
            .map(|d| resolve_deck(d, &db).unwrap())
            .collect(),
        options: RuleOptions::default(),
        max_rounds: 30,
        allow_unimplemented: false,
    };
    let mut g = Game::new(&db, &setup);
    g.set_logging(true);
    let mut b: Vec<_> = decks.iter().map(|_| bots::make(bot).unwrap()).collect();
    let r = play_game(&mut g, &mut b, seed, index);
    let mut out = g.log_lines().join("\n");
    out += &format!(
        "\nresult: {:?} rounds={} score={}\n",
        r.outcome, r.rounds, r.score
    );
    out
}

fn check(name: &str, got: String) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(name);
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, &got).unwrap();
        return;
    }
    let want = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e} (run with UPDATE_GOLDEN=1 to create it)",
            path.display()
        )
    });
    if want != got {
        let first = want
            .lines()
            .zip(got.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(0);
        panic!(
            "{name} differs from the golden trace at line {}:\n  want: {}\n  got:  {}\n(rerun with UPDATE_GOLDEN=1 if the change is intended)",
            first + 1,
            want.lines().nth(first).unwrap_or(""),
            got.lines().nth(first).unwrap_or("")
        );
    }
}

#[test]
fn intruders_solo_leadership_basic() {
    check(
        "intruders-standard-leadership-basic-s1-g0.txt",
        trace(&["core-leadership"], "basic", 1, 0),
    );
}

#[test]
fn intruders_two_players_basic() {
    check(
        "intruders-standard-tactics-spirit-basic-s1-g1.txt",
        trace(&["core-tactics", "core-spirit"], "basic", 1, 1),
    );
}

#[test]
fn intruders_solo_lore_random() {
    check(
        "intruders-standard-lore-random-s2-g5.txt",
        trace(&["core-lore"], "random", 2, 5),
    );
}

#[test]
fn weather_hills_solo_leadership_basic() {
    check(
        "weather-hills-easy-leadership-basic-s1-g61.txt",
        trace_in(
            "the-weather-hills",
            Mode::Easy,
            &["core-leadership"],
            "basic",
            1,
            61,
        ),
    );
}

#[test]
fn deadmens_dike_solo_leadership_basic() {
    check(
        "deadmens-dike-standard-leadership-basic-s1-g34.txt",
        trace_in(
            "deadmens-dike",
            Mode::Standard,
            &["core-leadership"],
            "basic",
            1,
            34,
        ),
    );
}

/// A won game: Orc War Party killed, Iârion rescued, 30 progress.
#[test]
fn intruders_easy_won_game() {
    check(
        "intruders-easy-leadership-basic-s1-g7.txt",
        trace_in(
            "intruders-in-chetwood",
            Mode::Easy,
            &["core-leadership"],
            "basic",
            1,
            7,
        ),
    );
}

#[test]
fn intruders_nightmare() {
    check(
        "intruders-nightmare-leadership-basic-s1-g0.txt",
        trace_in(
            "intruders-in-chetwood",
            Mode::Nightmare,
            &["core-leadership"],
            "basic",
            1,
            0,
        ),
    );
}

#[test]
fn weather_hills_standard() {
    check(
        "weather-hills-standard-leadership-basic-s1-g0.txt",
        trace_in(
            "the-weather-hills",
            Mode::Standard,
            &["core-leadership"],
            "basic",
            1,
            0,
        ),
    );
}

/// Track the Orcs, Ruined Watch-tower and two Captive Villagers with their Orc guards.
#[test]
fn weather_hills_nightmare() {
    check(
        "weather-hills-nightmare-leadership-basic-s1-g13.txt",
        trace_in(
            "the-weather-hills",
            Mode::Nightmare,
            &["core-leadership"],
            "basic",
            1,
            13,
        ),
    );
}

#[test]
fn deadmens_dike_easy() {
    check(
        "deadmens-dike-easy-leadership-basic-s1-g0.txt",
        trace_in(
            "deadmens-dike",
            Mode::Easy,
            &["core-leadership"],
            "basic",
            1,
            0,
        ),
    );
}

/// Several of the Nightmare cards (Undead Horde, Palace Ruins, Decrepit City, Paralyzing Fear, Gather Your Courage) show up.
#[test]
fn deadmens_dike_nightmare() {
    check(
        "deadmens-dike-nightmare-leadership-basic-s1-g35.txt",
        trace_in(
            "deadmens-dike",
            Mode::Nightmare,
            &["core-leadership"],
            "basic",
            1,
            35,
        ),
    );
}

/// The Wastes of Eriador: Day and Night turning, Wargs, stage 2A fetching Wargs (game 39).
#[test]
fn the_wastes_of_eriador_easy() {
    check(
        "wastes-of-eriador-easy-leadership-basic-s1-g39.txt",
        trace_in(
            "the-wastes-of-eriador",
            Mode::Easy,
            &["core-leadership"],
            "basic",
            1,
            39,
        ),
    );
}

#[test]
fn the_wastes_of_eriador_standard() {
    check(
        "wastes-of-eriador-standard-leadership-basic-s1-g18.txt",
        trace_in(
            "the-wastes-of-eriador",
            Mode::Standard,
            &["core-leadership"],
            "basic",
            1,
            18,
        ),
    );
}

#[test]
fn the_wastes_of_eriador_nightmare() {
    check(
        "wastes-of-eriador-nightmare-leadership-basic-s1-g73.txt",
        trace_in(
            "the-wastes-of-eriador",
            Mode::Nightmare,
            &["core-leadership"],
            "basic",
            1,
            73,
        ),
    );
}

/// Two players: Amarthiúl handed over by his Response.
#[test]
fn the_wastes_of_eriador_two_players() {
    check(
        "wastes-of-eriador-standard-leadership-tactics-basic-s1-g6.txt",
        trace_in(
            "the-wastes-of-eriador",
            Mode::Standard,
            &["core-leadership", "core-tactics"],
            "basic",
            1,
            6,
        ),
    );
}

/// Wrath and Ruin: explored locations under the first player's control, some returned.
#[test]
fn wrath_and_ruin_easy() {
    check(
        "wrath-and-ruin-easy-leadership-basic-s1-g39.txt",
        trace_in(
            "wrath-and-ruin",
            Mode::Easy,
            &["core-leadership"],
            "basic",
            1,
            39,
        ),
    );
}

#[test]
fn wrath_and_ruin_standard() {
    check(
        "wrath-and-ruin-standard-leadership-basic-s1-g30.txt",
        trace_in(
            "wrath-and-ruin",
            Mode::Standard,
            &["core-leadership"],
            "basic",
            1,
            30,
        ),
    );
}

/// Across the Ettenmoors: Safe locations guarded by side quests, traveled to and sent to the
/// victory display, stage 1B fetching side quests (game 1).
#[test]
fn across_the_ettenmoors_easy() {
    check(
        "ettenmoors-easy-leadership-basic-s1-g1.txt",
        trace_in(
            "across-the-ettenmoors",
            Mode::Easy,
            &["core-leadership"],
            "basic",
            1,
            1,
        ),
    );
}

/// Across the Ettenmoors, a long game through the later stages (game 4).
#[test]
fn across_the_ettenmoors_standard() {
    check(
        "ettenmoors-standard-leadership-basic-s1-g4.txt",
        trace_in(
            "across-the-ettenmoors",
            Mode::Standard,
            &["core-leadership"],
            "basic",
            1,
            4,
        ),
    );
}

/// Across the Ettenmoors Nightmare (game 1).
#[test]
fn across_the_ettenmoors_nightmare() {
    check(
        "ettenmoors-nightmare-leadership-basic-s1-g1.txt",
        trace_in(
            "across-the-ettenmoors",
            Mode::Nightmare,
            &["core-leadership"],
            "basic",
            1,
            1,
        ),
    );
}

/// The Battle of Carn Dûm: Thaurdir turned over by Daechanar's Will and by his third shadow
/// card, back at the end of the round; Battle questing on Accursed Battlefield (game 186).
#[test]
fn the_battle_of_carn_dum_easy() {
    check(
        "battle-of-carn-dum-easy-leadership-basic-s1-g186.txt",
        trace_in(
            "the-battle-of-carn-dum",
            Mode::Easy,
            &["core-leadership"],
            "basic",
            1,
            186,
        ),
    );
}

#[test]
fn the_battle_of_carn_dum_standard() {
    check(
        "battle-of-carn-dum-standard-leadership-basic-s1-g148.txt",
        trace_in(
            "the-battle-of-carn-dum",
            Mode::Standard,
            &["core-leadership"],
            "basic",
            1,
            148,
        ),
    );
}

/// The Battle of Carn Dûm Nightmare: Protect the Flanks questing with Defense (Siege) and its
/// end-of-combat damage, Gates of Carn Dûm and Stronghold Tower, an Orc Wight shadow (game 4).
#[test]
fn the_battle_of_carn_dum_nightmare() {
    check(
        "battle-of-carn-dum-nightmare-leadership-basic-s1-g4.txt",
        trace_in(
            "the-battle-of-carn-dum",
            Mode::Nightmare,
            &["core-leadership"],
            "basic",
            1,
            4,
        ),
    );
}

/// The Treachery of Rhudaur: side quests turned over to their Clues, Clues claimed, Thaurdir's
/// Pursuit with fewer quest points per Clue (game 48).
#[test]
fn the_treachery_of_rhudaur_easy() {
    check(
        "treachery-of-rhudaur-easy-leadership-basic-s1-g48.txt",
        trace_in(
            "the-treachery-of-rhudaur",
            Mode::Easy,
            &["core-leadership"],
            "basic",
            1,
            48,
        ),
    );
}

#[test]
fn the_treachery_of_rhudaur_standard() {
    check(
        "treachery-of-rhudaur-standard-leadership-basic-s1-g51.txt",
        trace_in(
            "the-treachery-of-rhudaur",
            Mode::Standard,
            &["core-leadership"],
            "basic",
            1,
            51,
        ),
    );
}

/// Nightmare: the side-quest sets set aside, shuffled back in at stage 2B for the side quests not
/// defeated; Thaurdir's Hunter, Apostate of Angmar, Secret Antechamber (game 18).
#[test]
fn the_treachery_of_rhudaur_nightmare() {
    check(
        "treachery-of-rhudaur-nightmare-leadership-basic-s1-g18.txt",
        trace_in(
            "the-treachery-of-rhudaur",
            Mode::Nightmare,
            &["core-leadership"],
            "basic",
            1,
            18,
        ),
    );
}

/// The Dread Realm: Reanimated Dead from the top of the deck at setup and from Tombs of Carn
/// Dûm, A Fell Dread committing its hero first, Wraith of Carn Dûm attached and back to the
/// staging area, stage 2 with Daechanar and Altar of Midwinter (game 11).
#[test]
fn the_dread_realm_easy() {
    check(
        "dread-realm-easy-leadership-basic-s1-g11.txt",
        trace_in(
            "the-dread-realm",
            Mode::Easy,
            &["core-leadership"],
            "basic",
            1,
            11,
        ),
    );
}

#[test]
fn the_dread_realm_standard() {
    check(
        "dread-realm-standard-leadership-basic-s1-g8.txt",
        trace_in(
            "the-dread-realm",
            Mode::Standard,
            &["core-leadership"],
            "basic",
            1,
            8,
        ),
    );
}

/// The Dread Realm Nightmare: All is Lost on the threat dial (threat for attacking a Reanimated
/// Dead), Cursed Halls, Necromancer of Carn Dûm reanimating instead of attacking and handing
/// over its shadow card, Power Beyond Death attached by its shadow after a kill (game 8).
#[test]
fn the_dread_realm_nightmare() {
    check(
        "dread-realm-nightmare-leadership-basic-s1-g8.txt",
        trace_in(
            "the-dread-realm",
            Mode::Nightmare,
            &["core-leadership"],
            "basic",
            1,
            8,
        ),
    );
}

/// Escape from Mount Gram, solo Standard: captured deck, stage 2 alone, stage 3 and a win.
#[test]
fn mount_gram_standard_solo() {
    check(
        "mount-gram-standard-leadership-basic-s1-g12.txt",
        trace_in(
            "escape-from-mount-gram",
            Mode::Standard,
            &["core-leadership"],
            "basic",
            1,
            12,
        ),
    );
}

/// Escape from Mount Gram, 3 players, Easy: three staging areas, P3 joins P1 (his pick),
/// then P2 joins them, and a win at stage 3.
#[test]
fn mount_gram_easy_three_players() {
    check(
        "mount-gram-easy-leadership-tactics-spirit-basic-s1-g9.txt",
        trace_in(
            "escape-from-mount-gram",
            Mode::Easy,
            &["core-leadership", "core-tactics", "core-spirit"],
            "basic",
            1,
            9,
        ),
    );
}

/// Escape from Mount Gram, 4 players, Standard: four separate staging areas join in order
/// (RULES §7.7): in round 4 (first player P4) P1 joins P2, then P3 joins them; in round 5
/// (first player P1) P4 joins that group, and in round 7, with no one left to join, everyone
/// moves on to stage 3 at once. (Game 327: since `plan_intent` the game 7 of this batch no
/// longer shows the joins in this order, since cards41's Defense boosts game 127 neither.)
#[test]
fn mount_gram_standard_four_players_join() {
    let got = trace_in(
        "escape-from-mount-gram",
        Mode::Standard,
        &[
            "core-leadership",
            "core-tactics",
            "core-spirit",
            "core-lore",
        ],
        // Game 327 shows the four joins at `threat_unit` 15 (the default until tune55),
        // without cards58's `staged_cut` (core-lore's Secret Paths after staging) and without
        // gap58's `captive_kill` (engaging an enemy to free the cards captured under it).
        "basic:threat_unit=15,staged_cut=0,captive_kill=0",
        1,
        327,
    );
    let at = |s: &str| {
        got.lines()
            .position(|l| l.trim() == s)
            .unwrap_or_else(|| panic!("no line {s:?}"))
    };
    let split = at("each player has his own staging area (4)");
    let j1 = at("P1 join(s) P2");
    let j2 = at("P3 join(s) P1, P2");
    let j3 = at("P4 join(s) P1, P2, P3");
    let one = at("the players share one staging area again");
    let on = at("no one left to join: all players move on");
    let s3 = at("Quest stage 3B: Flight from Mount Gram");
    assert!(split < j1 && j1 < j2 && j2 < j3 && j3 < one && one < on && on < s3);
    check("mount-gram-standard-4p-basic-s1-g327.txt", got);
}

/// Escape from Mount Gram Nightmare, solo: Cruel Torment on the stage, Prison Guard, Raid
/// Golfimbul's Vault and Goblin Patrol.
#[test]
fn mount_gram_nightmare_solo() {
    check(
        "mount-gram-nightmare-leadership-basic-s1-g0.txt",
        trace_in(
            "escape-from-mount-gram",
            Mode::Nightmare,
            &["core-leadership"],
            "basic",
            1,
            0,
        ),
    );
}
