#!/usr/bin/env python3
"""Fit the shaped state value of `lookahead` (`value=shaped`, src/bots/lookahead/learned.rs).

Where no game is won (The Weather Hills, Deadmen's Dike, ...), a fit of the win is flat. This
fits, by ridge least squares, an outcome those boards do have: the game's final progress score
(`--target progress_score`, the default: 100 a win, else 10 per stage beyond the first plus up
to 10 for progress on the current stage) or the rounds still to be played (`--target rounds`),
on the features of each round-start state, from rows written by `benches/value_data.rs`.
Dependency-free (normal equations, Gaussian elimination from fit_value.py).

    python3 tools/fit_shaped.py ROWS.csv [ROWS2.csv ...] [--target progress_score|rounds]
        [--ridge 10] [--holdout 5] [--per-scenario] [--rust NAME] [--table FILE.rs]
        [--const SHAPED] [--weight PATH=W ...] [--by-source] [--only SLUG]

Every (scenario, mode) cell gets its own intercept (a deck's or a scenario's base level cannot
leak into the slopes; the intercept is constant within a game, so the search never sees it).
With --per-scenario each scenario gets its own slopes too. Games whose index % holdout == 0 are
held out; the script prints the held-out mean squared error of the fit and of the cell means
alone, per cell, and the raw-unit coefficients (with --rust NAME, as Rust arrays; with
--table FILE.rs, both targets per scenario as the `SHAPED` table of shaped_coef.rs, or the
table named by --const: `SHAPED2` of shaped_coef2.rs). --weight PATH=W counts each row of the
file PATH W times (session 38: the rows of the bot's own games over older ones); --by-source
gives each (cell, file) its own intercept. --only SLUG fits one scenario's rows alone;
--target kill_progress (session 39, for The Weather Hills, whose stage 1 has no quest points):
see `load`.
"""

import math
import operator
import sys

from fit_value import load as load_rows, solve


def load(paths, target):
    """Rows as fit_value.load, the target the rounds still to play, the final progress score, or
    (`kill_progress`, session 39) the final progress score with a stage without quest points
    scored by the kill tokens the game reached: 2.5 a token (the 4 kills of The Weather Hills'
    stage 1 are a stage, 10), where the game did not get further."""
    if target == "rounds":
        return load_rows(paths, lambda row: float(row[-1]) - float(row[5]))
    names, rows = load_rows(paths, lambda row: float(row[-2]))
    if target != "kill_progress":
        return names, rows
    k = names.index("kill_tokens")
    most = {}
    for r in rows:
        g = (r[4], r[0], r[1])
        most[g] = max(most.get(g, 0.0), r[2][k])
    return names, [
        (c, i, x, y if y >= 10 else max(y, 2.5 * most[(p, c, i)]), p) for c, i, x, y, p in rows
    ]


BY_SOURCE = False


def key(r):
    """A row's intercept: its cell, or with --by-source its cell and file (a better bot's level
    stays in its own intercept instead of leaking into the slopes)."""
    return (r[0], r[4]) if BY_SOURCE else r[0]


def ridge_fit(train, names, ridge, cells, weights=None):
    """Least squares with one unpenalized intercept per cell (`key`) and ridge on standardized
    slopes; each row counted `weights[its file]` times (default 1)."""
    sw = [math.sqrt((weights or {}).get(r[4], 1.0)) for r in train]
    use = [j for j in range(1, len(names)) if len({r[2][j] for r in train}) > 1]
    n = len(train)
    mean, sd = {}, {}
    for j in use:
        v = [r[2][j] for r in train]
        mean[j] = sum(v) / n
        sd[j] = math.sqrt(sum((a - mean[j]) ** 2 for a in v) / n) or 1.0
    cols = [[q if key(r) == c else 0.0 for r, q in zip(train, sw)] for c in cells]
    cols += [[(r[2][j] - mean[j]) / sd[j] * q for r, q in zip(train, sw)] for j in use]
    y = [r[3] * q for r, q in zip(train, sw)]
    k = len(cols)
    h = [[0.0] * k for _ in range(k)]
    for a in range(k):
        for b in range(a, k):
            h[a][b] = h[b][a] = sum(map(operator.mul, cols[a], cols[b]))
        if a >= len(cells):
            h[a][a] += ridge
    g = [sum(map(operator.mul, c, y)) for c in cols]
    beta = solve(h, g)
    icpt = dict(zip(cells, beta[: len(cells)]))
    coef = [0.0] * len(names)
    for u, j in enumerate(use):
        coef[j] = beta[len(cells) + u] / sd[j]
    shift = sum(coef[j] * mean[j] for j in use)
    icpt = {c: v - shift for c, v in icpt.items()}
    return coef, icpt


def pred(coef, icpt, r):
    return icpt.get(key(r), 0.0) + sum(map(operator.mul, coef, r[2]))


def main(argv):
    global BY_SOURCE
    paths, ridge, hold, target, per, rust, table = [], 10.0, 5, "progress_score", False, None, None
    const, weights, only = "SHAPED", {}, None
    i = 0
    while i < len(argv):
        a = argv[i]
        if a == "--ridge":
            ridge = float(argv[i + 1]); i += 1
        elif a == "--holdout":
            hold = int(argv[i + 1]); i += 1
        elif a == "--target":
            target = argv[i + 1]; i += 1
        elif a == "--per-scenario":
            per = True
        elif a == "--table":
            table = argv[i + 1]; per = True; i += 1
        elif a == "--by-source":
            BY_SOURCE = True
        elif a == "--const":
            const = argv[i + 1]; i += 1
        elif a == "--weight":
            k, v = argv[i + 1].rsplit("=", 1); weights[k] = float(v); i += 1
        elif a == "--only":
            only = argv[i + 1]; i += 1
        elif a == "--rust":
            rust = argv[i + 1]; i += 1
        else:
            paths.append(a)
        i += 1
    names, rows = load(paths, target)
    if only:
        rows = [r for r in rows if r[0][0] == only]
    train = [r for r in rows if r[1] % hold != 0]
    test = [r for r in rows if r[1] % hold == 0]
    print(f"target {target}: {len(train)} train rows, {len(test)} held out")
    groups = sorted({r[0][0] for r in train}) if per else [None]
    fits = {}
    for s in groups:
        part = [r for r in train if s is None or r[0][0] == s]
        cells = sorted({key(r) for r in part})
        fits[s] = ridge_fit(part, names, ridge, cells, weights)
    def fit_of(r):
        return fits[r[0][0] if per else None]
    cm = {}
    for r in train:
        cm.setdefault(r[0], []).append(r[3])
    cm = {c: sum(v) / len(v) for c, v in cm.items()}
    for label, part in (("train", train), ("held out", test)):
        e1 = sum((pred(*fit_of(r), r) - r[3]) ** 2 for r in part) / len(part)
        e0 = sum((cm[r[0]] - r[3]) ** 2 for r in part) / len(part)
        print(f"{label}: MSE {e1:.3f} (cell means alone {e0:.3f}), R2 {1 - e1 / e0:.3f}")
    print("held out per cell: mean target, MSE fit / cell mean, R2")
    for c in sorted({r[0] for r in test}):
        part = [r for r in test if r[0] == c]
        e1 = sum((pred(*fit_of(r), r) - r[3]) ** 2 for r in part) / len(part)
        e0 = sum((cm[c] - r[3]) ** 2 for r in part) / len(part)
        ym = sum(r[3] for r in part) / len(part)
        print(f"  {c[0]} {c[1]}: {ym:.2f} {e1:.2f} / {e0:.2f} {1 - e1 / max(e0, 1e-9):.3f}")
    for s, (coef, icpt) in fits.items():
        print(f"coefficients ({s or 'pooled'}; raw units)")
        for j, n in enumerate(names):
            if coef[j]:
                print(f"  {n:>22} {coef[j]:+.5f}")
        print("  cell intercepts: " + ", ".join(f"{c[0]} {c[1]} {v:+.3f}" for c, v in icpt.items()))
    if table:
        # Both targets per scenario, as the Rust table of shaped_coef.rs.
        other = "progress_score" if target == "rounds" else "rounds"
        _, rows2 = load(paths, other)
        if only:
            rows2 = [r for r in rows2 if r[0][0] == only]
        train2 = [r for r in rows2 if r[1] % hold != 0]
        wt = "".join(f", {k} x{v:g}" for k, v in weights.items())
        wt += ", intercept per cell and file" if BY_SOURCE else ""
        out = [f"// Generated by tools/fit_shaped.py --table; see learned.rs `{const}`.",
               f"// Rows: {' '.join(paths)}; {len(train)} training rows, ridge {ridge}, "
               f"index % {hold} held out{wt}.",
               "use super::learned::N;", "",
               "/// Per scenario: (slug, progress-score coefficients, rounds-left coefficients).",
               f"pub const {const}: [(&str, [f64; N], [f64; N]); {len(groups)}] = ["]
        for s in groups:
            part2 = [r for r in train2 if r[0][0] == s]
            c2, _ = ridge_fit(part2, names, ridge, sorted({key(r) for r in part2}), weights)
            ps, rd = (c2, fits[s][0]) if target == "rounds" else (fits[s][0], c2)
            out.append(f'    (\n        "{s}",')
            for arr in (ps, rd):
                out.append("        [")
                for j, n in enumerate(names):
                    out.append(f"            {(arr[j] if j else 0.0):.6e}, // {n}")
                out.append("        ],")
            out.append("    ),")
        out.append("];")
        with open(table, "w") as fh:
            fh.write("\n".join(out) + "\n")
    if rust:
        for s, (coef, icpt) in fits.items():
            tag = (s or "pooled").upper().replace("-", "_")
            print(f"/// {s or 'pooled'}")
            print(f"pub const {rust}_{tag}: [f64; N] = [")
            for j, n in enumerate(names):
                v = coef[j] if j else 0.0
                print(f"    {v:.6e}, // {n}")
            print("];")


if __name__ == "__main__":
    main(sys.argv[1:])
