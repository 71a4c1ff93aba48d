#!/usr/bin/env python3
"""Convert the shared reference card data into the project's own fact tables.

Usage (from the repository root):
    python3 scenarios/convert.py [CARDDATA_DIR]

CARDDATA_DIR defaults to ../shared/carddata (relative to the repository root). Reads
cards.json, scenarios.json and ringsdb_codes.json there and writes scenarios/cards.csv and
scenarios/scenarios.csv next to this script. Only facts are written (titles, numbers, traits,
keywords, quantities, ids): never rules text. The `same_as` column names the earliest card
with identical printed rules (title, type, sphere, numbers, traits, keywords and text, compared
here only) so reprints share one script. Output is deterministic (cards.json order).
Python 3.11, standard library only.
"""

import csv
import json
import os
import re
import sys

PLAYER_TYPES = {"hero", "ally", "attachment", "event", "player-side-quest", "contract", "treasure"}
MODES = ["easy", "standard", "nightmare"]
BACK_SIDES = set("BDFH")

CARD_COLUMNS = [
    "code", "title", "type", "sphere", "unique", "cost", "threat_cost", "willpower", "attack",
    "defense", "hit_points", "engagement", "threat", "quest_points", "victory", "stage", "side",
    "traits", "keywords", "has_shadow", "set_abbr", "encounter_set", "quantity", "easy_quantity",
    "octgn_id", "ringsdb_code", "back", "set_name", "same_as",
]
SCENARIO_COLUMNS = ["slug", "title", "mode", "kind", "code", "copies"]



IMMUNE = "Immune to player card effects"
DECK_LIMIT = re.compile(r"\bLimit (?:\d+ per \w+ and )?(\d+) (?:copy |copies )?per deck\b", re.I)


def keywords(card):
    """The card's keywords; "Immune to player card effects" and a per-deck copy limit are
    keyword-like facts that the reference data keeps only in the text, so they are added from
    there."""
    kws = list(card.get("keywords") or [])
    if IMMUNE not in kws and any(
        t.strip().rstrip(".") == IMMUNE for t in card.get("text") or []
    ):
        kws.append(IMMUNE)
    # A deck-building limit ("at most N copies in a deck") is a fact the deck check needs; it is
    # kept as the keyword-like fact `Deck limit N`.
    for t in card.get("text") or []:
        m = DECK_LIMIT.search(t)
        if m:
            kws.append(f"Deck limit {m.group(1)}")
            break
    return kws


def num(card, field):
    """A printed number: int as text, "X" kept, null (printed "-") as "-", absent as ""."""
    if field not in card:
        return ""
    v = card[field]
    if v is None:
        return "-"
    if isinstance(v, bool):
        raise ValueError(f"{card['id']}: {field} is a bool")
    return str(v)


# What makes two cards the same card for the rules (a reprint): everything printed that affects
# play. Set, number, quantity, ids, art and flavour do not count.
SAME_FIELDS = [
    "title", "type", "sphere", "unique", "cost", "threat_cost", "willpower", "attack", "defense",
    "hit_points", "engagement_cost", "threat", "quest_points", "victory_points", "stage", "side",
    "traits", "keywords", "text", "shadow",
]


def face_key(card):
    return json.dumps([card.get(f) for f in SAME_FIELDS], ensure_ascii=False, sort_keys=True)


def same_key(card, by_id):
    """Comparison key of a card: its printed face, plus the other face of a double-sided card."""
    opp = (card.get("opposite") or {}).get("id")
    other = face_key(by_id[opp]) if opp in by_id else ""
    return face_key(card) + "|" + other


def card_row(card, ringsdb, same_as=""):
    return {
        "code": card["id"],
        "title": card["title"],
        "type": card["type"],
        "sphere": card.get("sphere", ""),
        "unique": "1" if card.get("unique") else "0",
        "cost": num(card, "cost"),
        "threat_cost": num(card, "threat_cost"),
        "willpower": num(card, "willpower"),
        "attack": num(card, "attack"),
        "defense": num(card, "defense"),
        "hit_points": num(card, "hit_points"),
        "engagement": num(card, "engagement_cost"),
        "threat": num(card, "threat"),
        "quest_points": num(card, "quest_points"),
        "victory": num(card, "victory_points"),
        "stage": num(card, "stage"),
        "side": card.get("side") or "",
        "traits": ";".join(card.get("traits") or []),
        "keywords": ";".join(keywords(card)),
        "has_shadow": "1" if card.get("shadow") else "0",
        "set_abbr": card["set_abbr"],
        "encounter_set": card.get("encounter_set") or "",
        "quantity": num(card, "quantity"),
        "easy_quantity": num(card, "easy_quantity"),
        "octgn_id": card.get("octgn_id") or "",
        "ringsdb_code": ringsdb.get(card["id"], ""),
        "back": (card.get("opposite") or {}).get("id", ""),
        "set_name": card["set"],
        "same_as": same_as,
    }


def main():
    repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    src = sys.argv[1] if len(sys.argv) > 1 else os.path.join(repo, "..", "shared", "carddata")
    out_dir = sys.argv[2] if len(sys.argv) > 2 else os.path.join(repo, "scenarios")

    def load(name):
        with open(os.path.join(src, name), encoding="utf-8") as f:
            return json.load(f)

    cards = load("cards.json")
    scenarios = load("scenarios.json")
    ringsdb = load("ringsdb_codes.json")
    by_id = {c["id"]: c for c in cards}

    # Every card face referenced by a scenario (any mode), then close over the other faces.
    wanted = set()
    for sc in scenarios:
        for mode in MODES:
            wanted.update((sc["encounter_cards"].get(mode) or {}).keys())
            wanted.update(sc["quest_cards_by_mode"].get(mode) or [])
        wanted.update(sc.get("quest_cards") or [])
        wanted.update(sc.get("campaign_cards") or [])
        if sc.get("nightmare_setup_card"):
            wanted.add(sc["nightmare_setup_card"])
    wanted.update(c["id"] for c in cards if c["type"] in PLAYER_TYPES)
    missing = sorted(w for w in wanted if w not in by_id)
    if missing:
        sys.exit(f"scenarios.json references unknown card ids: {', '.join(missing)}")
    for cid in list(wanted):
        opp = by_id[cid].get("opposite")
        if opp:
            wanted.add(opp["id"])

    with open(os.path.join(out_dir, "cards.csv"), "w", encoding="utf-8", newline="") as f:
        w = csv.DictWriter(f, fieldnames=CARD_COLUMNS, lineterminator="\n")
        w.writeheader()
        first = {}  # comparison key -> code of the earliest written card with it
        for c in cards:
            if c["id"] in wanted:
                key = same_key(c, by_id)
                orig = first.setdefault(key, c["id"])
                w.writerow(card_row(c, ringsdb, "" if orig == c["id"] else orig))

    with open(os.path.join(out_dir, "scenarios.csv"), "w", encoding="utf-8", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(SCENARIO_COLUMNS)
        for sc in scenarios:
            for mode in MODES:
                enc = sc["encounter_cards"].get(mode)
                if enc is None:
                    continue  # no data for this mode (e.g. Wrath and Ruin nightmare)
                head = [sc["slug"], sc["title"], mode]
                quests = [by_id[q] for q in sc["quest_cards_by_mode"].get(mode) or []]
                quests = [q for q in quests if (q.get("side") or "A") not in BACK_SIDES]
                quests.sort(key=lambda q: q.get("stage", 0))  # stable: keeps given order per stage
                for q in quests:
                    w.writerow(head + ["quest", q["id"], q["quantity"]])
                for code, copies in enc.items():
                    w.writerow(head + ["encounter", code, copies])
                if mode == "nightmare" and sc.get("nightmare_setup_card"):
                    w.writerow(head + ["nightmare_setup", sc["nightmare_setup_card"], 1])
                w.writerow(head + ["expected_total", "", sc["encounter_card_counts"][mode]])


if __name__ == "__main__":
    main()
