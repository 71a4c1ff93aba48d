#!/usr/bin/env python3
"""Local search over one-copy swaps of a deck, screened with paired `lotr-sim compare`.

Used in session 38 (helper wh38) on The Weather Hills: start from a deck file, try random
moves (take out one copy of a card in the deck, put in one copy of a card from --pool), play
each against the current deck with `basic` on fresh seeds, keep a move whose paired progress
score difference has its 95% interval above 0, and write the current deck after each kept
move. Kept decks must be confirmed afterwards on seeds the search did not use (the search
keeps the luckiest of many tries), and with `lookahead`.

    tools/deck_search.py BASE.txt --pool POOL.txt --out DIR --scenario the-weather-hills \
        --mode standard --games 2000 --tries 60 --seed 38000

POOL.txt: one card a line as the deck format writes it, e.g. `Northern Tracker (Core Set)`.
"""
import argparse, os, random, re, subprocess, sys

LINE = re.compile(r"^(\d+)x (.+)$")


def read_deck(path):
    head, cards = [], {}
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        m = LINE.match(line)
        if m:
            cards[m.group(2)] = cards.get(m.group(2), 0) + int(m.group(1))
        elif line.startswith("#") or (not head and line):
            head.append(line)
    return head, cards


def write_deck(path, head, heroes, cards):
    with open(path, "w", encoding="utf-8") as f:
        for h in head:
            f.write(h + "\n")
        f.write("Hero (3)\n")
        for h in heroes:
            f.write(f"1x {h}\n")
        f.write("Deck\n")
        for name, n in sorted(cards.items()):
            if n > 0:
                f.write(f"{n}x {name}\n")


def compare(bin_, a, b, args, seed):
    out = subprocess.run(
        [bin_, "compare", a, b, "--scenario", args.scenario, "--mode", args.mode,
         "--bot", args.bot, "--games", str(args.games), "--seed", str(seed), "--quiet",
         "--no-plots", "--out", os.path.join(args.out, "cmp"), "--force"],
        capture_output=True, text=True)
    for line in out.stdout.splitlines():
        if line.startswith("progress score"):
            m = re.search(r"difference ([-+0-9.]+), paired 95% CI ([-+0-9.]+) to ([-+0-9.]+)", line)
            return float(m.group(1)), float(m.group(2)), float(m.group(3))
    sys.exit(f"compare failed: {out.stdout}\n{out.stderr}")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("base")
    p.add_argument("--pool", required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--bin", default=os.path.join(os.environ.get("CARGO_TARGET_DIR", "target"), "release", "lotr-sim"))
    p.add_argument("--scenario", default="the-weather-hills")
    p.add_argument("--mode", default="standard")
    p.add_argument("--bot", default="basic")
    p.add_argument("--games", type=int, default=2000)
    p.add_argument("--tries", type=int, default=60)
    p.add_argument("--seed", type=int, default=38000)
    p.add_argument("--heroes", type=int, default=3, help="the first N card lines are the heroes")
    args = p.parse_args()
    os.makedirs(args.out, exist_ok=True)
    head, cards = read_deck(args.base)
    names = list(cards)
    heroes = names[: args.heroes]
    for h in heroes:
        del cards[h]
    pool = [l.strip() for l in open(args.pool, encoding="utf-8") if l.strip() and not l.startswith("#")]
    rng = random.Random(args.seed)
    cur = os.path.join(args.out, "current.txt")
    write_deck(cur, head, heroes, cards)
    for t in range(args.tries):
        out_card = rng.choice([c for c, n in cards.items() if n > 0])
        in_card = rng.choice([c for c in pool + list(cards) if c != out_card and cards.get(c, 0) < 3])
        cand = dict(cards)
        cand[out_card] -= 1
        cand[in_card] = cand.get(in_card, 0) + 1
        cpath = os.path.join(args.out, "cand.txt")
        write_deck(cpath, head, heroes, cand)
        d, lo, hi = compare(args.bin, cpath, cur, args, args.seed + 1 + t)
        kept = lo > 0
        print(f"{t:3} -{out_card} +{in_card}: {d:+.2f} ({lo:+.2f} to {hi:+.2f}){' KEPT' if kept else ''}", flush=True)
        if kept:
            cards = cand
            write_deck(cur, head, heroes, cards)
            write_deck(os.path.join(args.out, f"kept-{t:03}.txt"), head, heroes, cards)


if __name__ == "__main__":
    main()
