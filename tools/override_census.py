#!/usr/bin/env python3
"""Where `lookahead` overrides `basic` (distill43): play games with `trace --explain`, record every
searched decision (its kind, phase, round, the threat and current quest at the round's start,
`basic`'s option, the chosen one, the mean-score gap) and
tabulate the overrides.

  override_census.py collect OUT.jsonl BIN SCENARIO MODE DECK SEED GAMES [BOT]
  override_census.py kinds OUT.jsonl...          # searched / scored / overridden per decision kind
  override_census.py classes OUT.jsonl KIND [N]  # the N most frequent (basic -> chosen) per cell

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
    with open(out, "a") as f:
        for gi in range(int(n)):
            txt = subprocess.run([binp, "trace", "--scenario", scen, "--mode", mode, "--deck", deck,
                                  "--bot", bot, "--seed", str(seed), "--game", str(gi), "--explain"],
                                 capture_output=True, text=True).stdout
            lines = txt.split("\n")
            rnd, phase, threat, quest, i = 0, "", 0, "", 0
            while i < len(lines):
                line = lines[i]
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
                if cands:
                    b = next(c for c in cands if c["basic"])
                    s = next(c for c in cands if c["star"])
                    rec.update(basic=b["label"], chosen=s["label"], gap=s["mean"] - b["mean"],
                               override=not s["basic"],
                               cands=[(c["label"], c["mean"], c["n"]) for c in cands])
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


def classes(path, which, top=15):
    c, gap, games = collections.Counter(), collections.defaultdict(float), collections.defaultdict(set)
    for r in load([path]):
        if r["kind"] != which or not r["override"]:
            continue
        key = (r["scen"], r["mode"], r["basic"][:50], r["chosen"][:50])
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
    elif cmd == "classes":
        classes(*args)
    else:
        sys.exit(__doc__)
