#!/usr/bin/env python3
"""Where `lookahead` overrides `basic` (distill43): play games with `trace --explain`, record every
searched decision (its kind, phase, round, the threat and current quest at the round's start,
`basic`'s option, the chosen one, the mean-score gap) and
tabulate the overrides.

  override_census.py collect OUT.jsonl BIN SCENARIO MODE DECK SEED GAMES [BOT]
      (DECK `a+b+c`: one deck a seat; each record then names the deciding seat and whether the
      chosen or `basic`'s option names a card of another seat)
  override_census.py kinds OUT.jsonl...          # searched / scored / overridden per decision kind
  override_census.py seats OUT.jsonl...          # the same per seat, with overrides naming another seat's card
  override_census.py classes OUT.jsonl KIND [N]  # the N most frequent (basic -> chosen) per cell (KIND `all`: every kind)

A decision "scored alike" (every candidate the same on the first samples) counts as searched but
not scored. The gap is in the cell's value units (the learned scale, margin 30, on Intruders,
Mount Gram and the Ettenmoors; the static or shaped value, margin 2, elsewhere): compare gaps
within a cell only.
"""
import collections
import json
import re
import subprocess
import sys

HDR = re.compile(r"^    \? lookahead \[(.*)\]: (\d+) candidates(.*)$")
CAND = re.compile(r"^    \? ([* ]) (.*) ([+-]\d+\.\d+) \((\d+)(.*)\)$")
PLAIN = ("planning", "commit plan", "travel", "optionalengage", "attacktarget", "response",
         "currentquest")


def kind(what):
    for p in ("defend ", "attack ", "undefended", "damage"):
        if what.startswith(p):
            return p.strip()
    if what in PLAIN or what.endswith(" action"):
        return what
    return "effect"


def collect(out, binp, scen, mode, deck, seed, n, bot="lookahead"):
    decks = deck.split("+")
    dargs = [a for d in decks for a in ("--deck", d)] + ["--players", str(len(decks))]
    with open(out, "a") as f:
        for gi in range(int(n)):
            txt = subprocess.run([binp, "trace", "--scenario", scen, "--mode", mode] + dargs +
                                 ["--bot", bot, "--seed", str(seed), "--game", str(gi), "--explain"],
                                 capture_output=True, text=True).stdout
            lines = txt.split("\n")
            rnd, phase, threat, quest, i = 0, "", 0, "", 0
            owner = {}
            while i < len(lines):
                line = lines[i]
                m = re.match(r"^  P(\d) heroes (.*) threat \d+$", line)
                if m:
                    for h in m.group(2).split(", "):
                        owner[h] = int(m.group(1))
                m = re.match(r"^  (.*) is put into play \(P(\d)\)$", line) or \
                    re.match(r"^  P(\d) plays (.*)$", line)
                if m:
                    a, b = m.group(1), m.group(2)
                    name, pl = (b, int(a)) if a.isdigit() else (a, int(b))
                    owner.setdefault(name, pl)
                m = re.match(r"^=== Round (\d+) \(threat (\d+)", line)
                if m:
                    rnd, threat = int(m.group(1)), int(m.group(2))
                m = re.match(r"^  quest: (.*) \d+/\d+ progress", line)
                if m:
                    quest = m.group(1)
                m = re.match(r"^-- (\w+) phase", line)
                if m:
                    phase = m.group(1)
                m = HDR.match(line)
                if not m:
                    i += 1
                    continue
                what, alike = m.group(1), "scored alike" in m.group(3)
                cands, j = [], i + 1
                while not alike and j < len(lines):
                    c = CAND.match(lines[j])
                    if not c:
                        break
                    cands.append(dict(star=c.group(1) == "*", label=c.group(2),
                                      mean=float(c.group(3)), n=int(c.group(4)),
                                      basic="basic's choice" in c.group(5)))
                    j += 1
                rec = dict(scen=scen, mode=mode, deck=deck, seed=seed, game=gi, round=rnd,
                           threat=threat, quest=quest, phase=phase, what=what, kind=kind(what), alike=alike, override=False)
                k = j
                while k < len(lines) and not lines[k].startswith("  > P"):
                    k += 1
                seat = int(lines[k][5]) if k < len(lines) else 0
                rec["seat"], rec["players"] = seat, len(decks)
                if cands:
                    b = next(c for c in cands if c["basic"])
                    s = next(c for c in cands if c["star"])
                    rec.update(basic=b["label"], chosen=s["label"], gap=s["mean"] - b["mean"],
                               override=not s["basic"],
                               cands=[(c["label"], c["mean"], c["n"]) for c in cands])
                    for key in ("basic", "chosen"):
                        others = [nm for nm, pl in owner.items()
                                  if pl != seat and re.search(r"\b" + re.escape(nm) + r"\b", rec[key])]
                        rec[key + "_other"] = others
                f.write(json.dumps(rec) + "\n")
                i = j
            m = re.search(r"^result: .*outcome=(\w+) rounds=(\d+)", txt, re.M)
            f.write(json.dumps(dict(result=True, scen=scen, mode=mode, game=gi,
                                    outcome=m.group(1) if m else "?",
                                    rounds=int(m.group(2)) if m else 0)) + "\n")


def load(paths):
    rows = []
    for p in paths:
        rows += [json.loads(line) for line in open(p)]
    return [r for r in rows if "result" not in r]


def kinds(paths):
    t = collections.defaultdict(lambda: [0, 0, 0, 0.0])
    for r in load(paths):
        k = t[r["kind"]]
        k[0] += 1
        k[1] += not r["alike"]
        if r["override"]:
            k[2] += 1
            k[3] += r["gap"]
    print("%-17s %8s %8s %8s %7s %8s" % ("kind", "searched", "scored", "overrid", "% scored", "mean gap"))
    for name, k in sorted(t.items(), key=lambda x: -x[1][2]):
        print("%-17s %8d %8d %8d %6.1f%% %8.1f" % (name, k[0], k[1], k[2], 100 * k[2] / max(1, k[1]),
                                                  k[3] / max(1, k[2])))


def seats(paths):
    """Per seat and decision kind: searched / scored / overridden, mean gap, and how many of the
    overrides name another seat's card in the chosen option (`to other`) or in `basic`'s."""
    t = collections.defaultdict(lambda: [0, 0, 0, 0.0, 0, 0])
    for r in load(paths):
        k = t[(r.get("seat", 0), r["kind"])]
        k[0] += 1
        k[1] += not r["alike"]
        if r["override"]:
            k[2] += 1
            k[3] += r["gap"]
            k[4] += bool(r.get("chosen_other"))
            k[5] += bool(r.get("basic_other"))
    print("%4s %-17s %8s %8s %8s %8s %8s %8s" % ("seat", "kind", "searched", "scored", "overrid",
                                                 "mean gap", "to other", "basic oth"))
    for (seat, name), k in sorted(t.items(), key=lambda x: (x[0][0], -x[1][2])):
        print("%4d %-17s %8d %8d %8d %8.1f %8d %8d" % (seat, name, k[0], k[1], k[2],
                                                     k[3] / max(1, k[2]), k[4], k[5]))


def classes(path, which, top=15):
    c, gap, games = collections.Counter(), collections.defaultdict(float), collections.defaultdict(set)
    for r in load([path]):
        if (which != "all" and r["kind"] != which) or not r["override"]:
            continue
        key = (r["scen"], r["mode"], "P%d" % r.get("seat", 0), r["basic"][:50], r["chosen"][:50])
        c[key] += 1
        gap[key] += r["gap"]
        games[key].add(r["game"])
    for key, n in c.most_common(int(top)):
        print("%-90s %5d in %4d games, gap %6.1f" % (" | ".join(key), n, len(games[key]), gap[key] / n))


if __name__ == "__main__":
    cmd, args = sys.argv[1], sys.argv[2:]
    if cmd == "collect":
        collect(*args)
    elif cmd == "kinds":
        kinds(args)
    elif cmd == "seats":
        seats(args)
    elif cmd == "classes":
        classes(*args)
    else:
        sys.exit(__doc__)
