//! Event masks (`Script::forced_on`, `Script::respond_on`) cannot drift from their hooks:
//! - `masks_are_the_events_their_hooks_name`: each declared mask is exactly the set of `Event`
//!   variants the hook's source names (with the functions it hands the event to, in its file or
//!   `common.rs`); a hook whose event reaches code the scan cannot read must keep the default
//!   (every event).
//! - `hooks_ignore_events_outside_their_masks`: in a sandbox, every event of a kind outside a
//!   card's masks, about the card itself or another card, leaves its Response unusable and its
//!   Forced effect without effect.

use super::*;
use crate::data::CardType;
use crate::engine::{EventKind, Phase, Zone, ALL_EVENTS};
use std::collections::BTreeSet;

/// Every card module's source, with `common.rs` (shared helpers) searched last.
pub(super) const SOURCES: &[(&str, &str)] = &[
    (
        "encounter/intruders.rs",
        include_str!("encounter/intruders.rs"),
    ),
    (
        "player/core_leadership.rs",
        include_str!("player/core_leadership.rs"),
    ),
    ("player/core_lore.rs", include_str!("player/core_lore.rs")),
    (
        "player/core_spirit.rs",
        include_str!("player/core_spirit.rs"),
    ),
    (
        "player/core_tactics.rs",
        include_str!("player/core_tactics.rs"),
    ),
    (
        "player/revised_core.rs",
        include_str!("player/revised_core.rs"),
    ),
    ("player/lost_realm.rs", include_str!("player/lost_realm.rs")),
    (
        "player/wastes_of_eriador.rs",
        include_str!("player/wastes_of_eriador.rs"),
    ),
    ("player/mount_gram.rs", include_str!("player/mount_gram.rs")),
    ("player/ettenmoors.rs", include_str!("player/ettenmoors.rs")),
    ("player/rhudaur.rs", include_str!("player/rhudaur.rs")),
    ("player/carn_dum.rs", include_str!("player/carn_dum.rs")),
    (
        "player/dread_realm.rs",
        include_str!("player/dread_realm.rs"),
    ),
    (
        "player/wrath_and_ruin.rs",
        include_str!("player/wrath_and_ruin.rs"),
    ),
    (
        "encounter/weather_hills.rs",
        include_str!("encounter/weather_hills.rs"),
    ),
    (
        "encounter/foul_weather.rs",
        include_str!("encounter/foul_weather.rs"),
    ),
    (
        "encounter/ruins_of_arnor.rs",
        include_str!("encounter/ruins_of_arnor.rs"),
    ),
    (
        "encounter/deadmens_dike.rs",
        include_str!("encounter/deadmens_dike.rs"),
    ),
    (
        "encounter/cursed_dead.rs",
        include_str!("encounter/cursed_dead.rs"),
    ),
    (
        "encounter/dark_sorcery.rs",
        include_str!("encounter/dark_sorcery.rs"),
    ),
    (
        "encounter/intruders_nightmare.rs",
        include_str!("encounter/intruders_nightmare.rs"),
    ),
    (
        "encounter/mount_gram.rs",
        include_str!("encounter/mount_gram.rs"),
    ),
    (
        "encounter/mount_gram_nightmare.rs",
        include_str!("encounter/mount_gram_nightmare.rs"),
    ),
    (
        "encounter/weather_hills_nightmare.rs",
        include_str!("encounter/weather_hills_nightmare.rs"),
    ),
    (
        "encounter/deadmens_dike_nightmare.rs",
        include_str!("encounter/deadmens_dike_nightmare.rs"),
    ),
    (
        "encounter/across_the_ettenmoors.rs",
        include_str!("encounter/across_the_ettenmoors.rs"),
    ),
    (
        "encounter/across_the_ettenmoors_nightmare.rs",
        include_str!("encounter/across_the_ettenmoors_nightmare.rs"),
    ),
    (
        "encounter/carn_dum.rs",
        include_str!("encounter/carn_dum.rs"),
    ),
    (
        "encounter/carn_dum_nightmare.rs",
        include_str!("encounter/carn_dum_nightmare.rs"),
    ),
    (
        "encounter/dread_realm.rs",
        include_str!("encounter/dread_realm.rs"),
    ),
    (
        "encounter/dread_realm_nightmare.rs",
        include_str!("encounter/dread_realm_nightmare.rs"),
    ),
    (
        "encounter/amarthiul.rs",
        include_str!("encounter/amarthiul.rs"),
    ),
    (
        "encounter/wastes_of_eriador.rs",
        include_str!("encounter/wastes_of_eriador.rs"),
    ),
    (
        "encounter/wastes_of_eriador_nightmare.rs",
        include_str!("encounter/wastes_of_eriador_nightmare.rs"),
    ),
    (
        "encounter/treachery_of_rhudaur.rs",
        include_str!("encounter/treachery_of_rhudaur.rs"),
    ),
    (
        "encounter/treachery_of_rhudaur_nightmare.rs",
        include_str!("encounter/treachery_of_rhudaur_nightmare.rs"),
    ),
    (
        "encounter/wrath_and_ruin.rs",
        include_str!("encounter/wrath_and_ruin.rs"),
    ),
    (
        "encounter/city_of_rhun.rs",
        include_str!("encounter/city_of_rhun.rs"),
    ),
    (
        "encounter/easterling_raiders.rs",
        include_str!("encounter/easterling_raiders.rs"),
    ),
    ("campaign/chetwood.rs", include_str!("campaign/chetwood.rs")),
    (
        "campaign/weather_hills.rs",
        include_str!("campaign/weather_hills.rs"),
    ),
    ("campaign/wastes.rs", include_str!("campaign/wastes.rs")),
    (
        "campaign/deadmens_dike.rs",
        include_str!("campaign/deadmens_dike.rs"),
    ),
    (
        "campaign/ettenmoors.rs",
        include_str!("campaign/ettenmoors.rs"),
    ),
    ("campaign/rhudaur.rs", include_str!("campaign/rhudaur.rs")),
    ("campaign/carn_dum.rs", include_str!("campaign/carn_dum.rs")),
    (
        "campaign/dread_realm.rs",
        include_str!("campaign/dread_realm.rs"),
    ),
    (
        "campaign/mount_gram.rs",
        include_str!("campaign/mount_gram.rs"),
    ),
    ("common.rs", include_str!("common.rs")),
];

/// The text of `fn name` (signature and body) in `src`, if defined there.
pub(super) fn fn_text<'s>(src: &'s str, name: &str) -> Option<&'s str> {
    let start = [format!("fn {name}("), format!("fn {name}<")]
        .iter()
        .filter_map(|p| src.find(p.as_str()))
        .min()?;
    let open = start + src[start..].find('{')?;
    let mut depth = 0;
    for (i, ch) in src[open..].char_indices() {
        match ch {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return Some(&src[start..open + i + 1]);
                }
            }
            _ => {}
        }
    }
    None
}

pub(super) fn is_ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// The positions of the word `w` in `s`.
pub(super) fn words<'s>(s: &'s str, w: &'s str) -> impl Iterator<Item = usize> + 's {
    s.match_indices(w)
        .map(|(i, _)| i)
        .filter(move |&i| !s[..i].ends_with(is_ident) && !s[i + w.len()..].starts_with(is_ident))
}

/// The text of `fn name` in `file`, else in `common.rs` (shared helpers).
pub(super) fn hook_text<'s>(file: &'s str, name: &str) -> Result<&'s str, String> {
    let common = SOURCES.last().unwrap().1;
    fn_text(file, name)
        .or_else(|| fn_text(common, name))
        .ok_or_else(|| format!("no source for fn {name}"))
}

/// The longest run of characters at the end of `s` that `keep` accepts.
pub(super) fn trailing(s: &str, keep: impl Fn(char) -> bool) -> String {
    let n = s.chars().rev().take_while(|&c| keep(c)).count();
    s.chars().skip(s.chars().count() - n).collect()
}

/// The names that follow each `prefix` (such as `Event::`) in `text`.
pub(super) fn variants_after<'s>(
    text: &'s str,
    prefix: &'s str,
) -> impl Iterator<Item = String> + 's {
    text.match_indices(prefix).map(move |(i, _)| {
        text[i + prefix.len()..]
            .chars()
            .take_while(|&c| is_ident(c))
            .collect()
    })
}

/// The kinds named in a mask macro (`events![...]`, `rules![...]`) at the start of `s`.
pub(super) fn declared(s: &str) -> BTreeSet<String> {
    let inner = &s[s.find('[').unwrap() + 1..s.find(']').unwrap()];
    inner
        .split(',')
        .map(|k| k.trim().to_string())
        .filter(|k| !k.is_empty())
        .collect()
}

/// The `Event` variants named by `fn name` (looked up in `file`, then `common.rs`) and by the
/// functions it passes its event parameter to; `Err` names what the scan could not follow.
fn named_events(
    file: &str,
    name: &str,
    seen: &mut BTreeSet<String>,
) -> Result<BTreeSet<String>, String> {
    let text = hook_text(file, name)?;
    let mut out: BTreeSet<String> = variants_after(text, "Event::").collect();
    // The event parameter: the name before `: Event` in the signature.
    let sig = &text[..text.find('{').unwrap()];
    let Some(at) = sig.find(": Event") else {
        return Err(format!("fn {name} takes no Event"));
    };
    let param = trailing(&sig[..at], is_ident);
    if param.starts_with('_') {
        return Err(format!("fn {name} ignores its event"));
    }
    let body = &text[text.find('{').unwrap()..];
    for i in words(body, &param) {
        // The innermost open parenthesis around this use, and what it calls.
        let mut depth = 0;
        let mut open = None;
        for (j, ch) in body[..i].char_indices().rev() {
            match ch {
                ')' => depth += 1,
                '(' if depth == 0 => {
                    open = Some(j);
                    break;
                }
                '(' => depth -= 1,
                '{' | '}' | ';' => break,
                _ => {}
            }
        }
        let Some(open) = open else { continue };
        let callee = trailing(body[..open].trim_end(), |c| {
            is_ident(c) || c == '!' || c == ':'
        });
        let callee = callee.rsplit("::").next().unwrap_or("").to_string();
        // Reading the event in place: comparisons, patterns, `matches!`.
        if callee.is_empty() || callee == "matches!" || callee == "Some" {
            continue;
        }
        if seen.insert(callee.clone()) {
            out.extend(named_events(file, &callee, seen)?);
        }
    }
    Ok(out)
}

fn mask_of(names: &BTreeSet<String>) -> EventMask {
    EventKind::ALL
        .iter()
        .filter(|k| names.contains(&format!("{k:?}")))
        .fold(0, |m, k| m | k.bit())
}

/// Every card module with a hook that takes a mask is in `SOURCES` (speed24: eight scenario
/// modules were not, so their hooks had no masks and listened to every event unnoticed).
#[test]
fn every_module_with_masked_hooks_is_in_sources() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/cards");
    let mut seen = 0;
    for dir in ["encounter", "player", "campaign"] {
        for entry in std::fs::read_dir(root.join(dir)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            let hooked = ["forced: Some(", "can_respond: Some(", "rule: Some("]
                .iter()
                .any(|h| text.contains(h));
            if !text.contains("Script {") || !hooked {
                continue;
            }
            let name = format!("{dir}/{}", path.file_name().unwrap().to_str().unwrap());
            assert!(
                SOURCES.iter().any(|(p, _)| *p == name),
                "{name} has Forced, Response or rule hooks but is not in event_masks::SOURCES"
            );
            seen += 1;
        }
    }
    assert!(seen > 40, "only {seen} modules seen");
}

#[test]
fn masks_are_the_events_their_hooks_name() {
    let mut checked = 0;
    let mut problems = Vec::new();
    for (path, src) in SOURCES {
        for block in src.split("Script {").skip(1) {
            let block = &block[..block.find("..BLANK").unwrap_or(block.len())];
            for (hook, mask) in [("forced", "forced_on"), ("can_respond", "respond_on")] {
                let Some(at) = block.find(&format!("\n        {mask}: ")) else {
                    continue;
                };
                let decl = declared(&block[at..]);
                let name = block
                    .split(&format!("{hook}: Some("))
                    .nth(1)
                    .and_then(|s| s.split(')').next())
                    .unwrap_or_else(|| panic!("{path}: {mask} without {hook}"));
                let name = name.rsplit("::").next().unwrap();
                match named_events(src, name, &mut BTreeSet::new()) {
                    Ok(named) if named == decl => checked += 1,
                    Ok(named) => problems.push(format!(
                        "{path}: {mask} of fn {name} declares {decl:?}, its source names {named:?}"
                    )),
                    Err(e) => problems.push(format!(
                        "{path}: {mask} of fn {name}: {e}; keep the default (every event)"
                    )),
                }
                // Every kind named exists (a typo would not compile, but keep the count honest).
                assert_eq!(
                    mask_of(&decl).count_ones() as usize,
                    decl.len(),
                    "{path} {name}"
                );
            }
        }
    }
    assert!(problems.is_empty(), "{problems:#?}");
    // Every script with a mask was found in the sources.
    let masked = all_scripts()
        .map(|s| {
            (s.forced.is_some() && s.forced_on != ALL_EVENTS) as usize
                + (s.can_respond.is_some() && s.respond_on != ALL_EVENTS) as usize
        })
        .sum::<usize>();
    assert_eq!(checked, masked);
    assert!(checked > 100, "only {checked} masks checked");
}

const PHASES: [Phase; 8] = [
    Phase::Setup,
    Phase::Resource,
    Phase::Planning,
    Phase::Quest,
    Phase::Travel,
    Phase::Encounter,
    Phase::Combat,
    Phase::Refresh,
];

/// Sample events of kind `k`: about each card of `ids` (as the first card), `o` as a second card.
fn samples(k: EventKind, ids: &[CardId], o: CardId) -> Vec<Event> {
    match k {
        EventKind::PhaseBegin => PHASES.iter().map(|&p| Event::PhaseBegin(p)).collect(),
        EventKind::PhaseEnd => PHASES.iter().map(|&p| Event::PhaseEnd(p)).collect(),
        EventKind::RoundEnd => vec![Event::RoundEnd],
        EventKind::EntersPlay => ids.iter().map(|&c| Event::EntersPlay(c)).collect(),
        EventKind::Played => ids.iter().map(|&c| Event::Played(c)).collect(),
        EventKind::Committed => ids.iter().map(|&c| Event::Committed(c)).collect(),
        EventKind::Revealed => ids
            .iter()
            .flat_map(|&c| [true, false].map(|b| Event::Revealed(c, b)))
            .collect(),
        EventKind::Revealing => ids
            .iter()
            .flat_map(|&c| [true, false].map(|b| Event::Revealing(c, b)))
            .collect(),
        EventKind::Engaged => ids.iter().map(|&c| Event::Engaged(c, 0)).collect(),
        EventKind::CancelWhenRevealed => {
            ids.iter().map(|&c| Event::CancelWhenRevealed(c)).collect()
        }
        EventKind::CancelShadow => ids.iter().map(|&c| Event::CancelShadow(c)).collect(),
        EventKind::Damaged => ids.iter().map(|&c| Event::Damaged(c, 1)).collect(),
        EventKind::Destroyed => ids.iter().map(|&c| Event::Destroyed(c)).collect(),
        EventKind::LeftPlay => ids.iter().map(|&c| Event::LeftPlay(c)).collect(),
        EventKind::DefenderDeclared => ids.iter().map(|&c| Event::DefenderDeclared(c, o)).collect(),
        EventKind::Traveled => ids.iter().map(|&c| Event::Traveled(c)).collect(),
        EventKind::AttackDestroyed => ids.iter().map(|&c| Event::AttackDestroyed(c)).collect(),
        EventKind::EnemyAttackEnded => ids.iter().map(|&c| Event::EnemyAttackEnded(c)).collect(),
        EventKind::StagingEnded => vec![Event::StagingEnded],
        EventKind::TimeRanOut => ids.iter().map(|&c| Event::TimeRanOut(c)).collect(),
        EventKind::SideQuestDefeated => ids.iter().map(|&c| Event::SideQuestDefeated(c)).collect(),
        EventKind::FirstPlayerChanged => vec![Event::FirstPlayerChanged(0)],
        EventKind::Explored => ids
            .iter()
            .flat_map(|&c| [true, false].map(|b| Event::Explored(c, b)))
            .collect(),
        EventKind::CancelDamage => ids.iter().map(|&c| Event::CancelDamage(c, 1)).collect(),
        EventKind::WhenRevealedCanceled => ids
            .iter()
            .map(|&c| Event::WhenRevealedCanceled(c))
            .collect(),
        EventKind::DeckDiscarded => vec![Event::DeckDiscarded(0, 0)],
        EventKind::EnemyAttacks => ids.iter().map(|&c| Event::EnemyAttacks(c, 0)).collect(),
        EventKind::Triggered => ids.iter().map(|&c| Event::Triggered(c, 0)).collect(),
        EventKind::Exploring => ids.iter().map(|&c| Event::Exploring(c)).collect(),
        EventKind::DiscardedFromHand => ids.iter().map(|&c| Event::DiscardedFromHand(c)).collect(),
        EventKind::Readied => ids.iter().map(|&c| Event::Readied(c)).collect(),
        EventKind::ProgressPlaced => ids.iter().map(|&c| Event::ProgressPlaced(c, 1)).collect(),
        EventKind::AttackerDeclared => ids.iter().map(|&c| Event::AttackerDeclared(c, o)).collect(),
        EventKind::DiscardedFromPlay => ids.iter().map(|&c| Event::DiscardedFromPlay(c)).collect(),
        EventKind::QuestDefeated => ids.iter().map(|&c| Event::QuestDefeated(c)).collect(),
        EventKind::ThreatElimination => vec![Event::ThreatElimination(0)],
        EventKind::HostDestroyed => ids.iter().map(|&c| Event::HostDestroyed(c, o)).collect(),
        EventKind::Healed => ids.iter().map(|&c| Event::Healed(c, 1)).collect(),
        EventKind::Unguarded => ids.iter().map(|&c| Event::Unguarded(c)).collect(),
        EventKind::Flipped => ids.iter().map(|&c| Event::Flipped(c)).collect(),
        EventKind::ShadowDealt => ids.iter().map(|&c| Event::ShadowDealt(c)).collect(),
        EventKind::BecameDay => vec![Event::BecameDay],
        EventKind::BecameNight => vec![Event::BecameNight],
        EventKind::TookControl => ids.iter().map(|&c| Event::TookControl(c, 0)).collect(),
        EventKind::LostControl => ids.iter().map(|&c| Event::LostControl(c, 0)).collect(),
        EventKind::ThreatRaised => vec![Event::ThreatRaised(0, 1)],
        EventKind::BecameCurrentQuest => {
            ids.iter().map(|&c| Event::BecameCurrentQuest(c)).collect()
        }
        EventKind::ResourcesSpent => ids.iter().map(|&c| Event::ResourcesSpent(c)).collect(),
        EventKind::ThreatRaisedByEncounter => vec![Event::ThreatRaisedByEncounter(0)],
        EventKind::Rescued => ids.iter().map(|&c| Event::Rescued(c, 0)).collect(),
        EventKind::ThreatReduced => vec![Event::ThreatReduced(0, 1)],
        EventKind::Captured => ids.iter().map(|&c| Event::Captured(c, o)).collect(),
        EventKind::ReturnedToStaging => ids.iter().map(|&c| Event::ReturnedToStaging(c)).collect(),
    }
}

/// Where a card is put to listen: events in hand, attachments on a hero, quest cards as the
/// quest, encounter cards in the staging area, other player cards in play.
fn place(g: &mut Game, code: &str, hero: CardId) -> CardId {
    let def = g.db.def(g.db.by_code(code).unwrap());
    let zone = match def.ty {
        CardType::Event => Zone::Hand(0),
        CardType::Attachment => Zone::Attached(hero),
        CardType::Quest => Zone::Quest,
        CardType::NightmareSetup => Zone::Nightmare,
        CardType::Hero | CardType::Ally | CardType::ObjectiveAlly | CardType::ObjectiveHero => {
            Zone::Play(0)
        }
        CardType::PlayerSideQuest | CardType::Contract | CardType::Treasure => Zone::Play(0),
        _ => Zone::Staging,
    };
    g.spawn(code, 0, zone)
}

/// Everything a Forced effect could change, as text.
fn snapshot(g: &Game) -> String {
    format!(
        "{:?} {:?} {} {:?}",
        g.cards,
        g.players,
        g.stack.len(),
        g.outcome()
    )
}

#[test]
fn hooks_ignore_events_outside_their_masks() {
    let mut probed = 0;
    for s in all_scripts() {
        let masks = [
            (s.forced.is_some(), s.forced_on),
            (s.can_respond.is_some(), s.respond_on),
        ];
        if masks.iter().all(|&(has, m)| !has || m == ALL_EVENTS) {
            continue;
        }
        let mut g = testkit::sandbox(&[&["Core-001", "Core-003"]]);
        let hero = testkit::heroes(&g, 0)[0];
        let c = place(&mut g, s.code, hero);
        // Give the listener what its conditions usually ask for: resources, exhaustion, damage.
        for h in testkit::heroes(&g, 0) {
            g.card_mut(h).resources = 5;
        }
        let enemy = g.spawn("TLR-044", 0, Zone::Engaged(0));
        let ids = [c, hero, enemy];
        for exhausted in [false, true] {
            g.card_mut(c).exhausted = exhausted;
            for k in EventKind::ALL {
                for ev in samples(k, &ids, if c == hero { enemy } else { hero }) {
                    if let (Some(can), false) = (s.can_respond, s.respond_on & k.bit() != 0) {
                        assert!(
                            !can(&g, c, 0, ev),
                            "{}: may respond to {ev:?}, outside its respond_on",
                            s.code
                        );
                    }
                    if let (Some(f), false) = (s.forced, s.forced_on & k.bit() != 0) {
                        let mut after = g.clone();
                        f(&mut after, c, ev);
                        assert_eq!(
                            snapshot(&g),
                            snapshot(&after),
                            "{}: Forced effect acted on {ev:?}, outside its forced_on",
                            s.code
                        );
                    }
                    probed += 1;
                }
            }
        }
    }
    assert!(probed > 1000, "only {probed} probes");
}
