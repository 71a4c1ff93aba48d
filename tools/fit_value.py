#!/usr/bin/env python3
"""Fit the learned state value of `lookahead` (src/bots/lookahead/learned.rs).

Logistic regression of the game's outcome (win 1, else 0) on the features of each round-start
state, from rows written by `benches/value_data.rs`. Dependency-free: Newton's method (IRLS)
with a small ridge penalty on the standardized coefficients (not the intercept), column-wise
sums so that ~100k rows fit in seconds.

    python3 tools/fit_value.py ROWS.csv [ROWS2.csv ...] [--ridge 1.0] [--holdout 5]
        [--drop name,name] [--cells] [--rust]

Games whose index % holdout == 0 are held out (every round of a game goes to the same side):
the script prints the held-out log loss and Brier score of the fit and of a baseline (a
logistic fit on the static value alone, `state_value` at its default weights), a calibration
table by predicted decile, per-cell calibration, and the raw-unit coefficients (with --rust, as
the `COEF` array of learned.rs).

With --cells, each (scenario, mode) cell gets its own intercept in the fit, so the slopes are
fitted within cells (a deck's or a scenario's base rate cannot leak into, say, hero stats); the
reported intercept is then the training rows' average of the cell intercepts (the bot knows no
scenario).
"""

import csv
import math
import operator
import sys

# The static value's default weights on the features (learned.rs `static_weights`).
STATIC = {
    "eliminated": -60, "threat": -1, "threat_over_knee": -1, "heroes": 12, "hero_hp": 1.5,
    "hero_resources": 0.5, "alone_hero_stats": 2, "allies": 3, "ally_stats": 1, "ally_hp": 0.5,
    "hand": 1.5, "engaged_atk": -1.5, "engaged_hp": -0.5, "engaged_threat": -1,
    "staging_threat": -4, "staged_enemy_atk": -1, "staged_enemy_hp": -0.5, "growth": -4,
    "stage": 50, "progress": 1.5, "side_quest_left": -1.5, "side_quest_deadline": -1,
    "kill_tokens": 6, "captives": -3, "victory": 2,
}
META = ["scenario", "mode", "deck", "bot", "game", "round"]
TAIL = ["win", "progress_score", "rounds"]


def load(paths, target=lambda row: float(row[-3])):
    """(feature names, rows): one (cell, game, features, target(row), path) per CSV row of
    `paths` (value_data files with the same features); the target defaults to the win."""
    names, rows = None, []
    for p in paths:
        with open(p, newline="") as fh:
            r = csv.reader(fh)
            head = next(r)
            feats = head[len(META):-len(TAIL)]
            if names is None:
                names = feats
            assert feats == names, f"{p}: other features"
            for row in r:
                cell = (row[0], row[1])
                game = int(row[4])
                x = [float(v) for v in row[len(META):-len(TAIL)]]
                rows.append((cell, game, x, target(row), p))
    return names, rows


def solve(a, b):
    """Gaussian elimination with partial pivoting (a is n x n, b length n)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        piv = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[piv] = m[piv], m[c]
        d = m[c][c]
        for r in range(c + 1, n):
            f = m[r][c] / d
            if f:
                mr, mc = m[r], m[c]
                for k in range(c, n + 1):
                    mr[k] -= f * mc[k]
    x = [0.0] * n
    for c in range(n - 1, -1, -1):
        x[c] = (m[c][n] - sum(m[c][k] * x[k] for k in range(c + 1, n))) / m[c][c]
    return x


def sig(z):
    if z < -35:
        return 0.0
    if z > 35:
        return 1.0
    return 1.0 / (1.0 + math.exp(-z))


def fit(cols, y, ridge, iters=30):
    """IRLS on column-major standardized data; cols[0] is the intercept (not penalized)."""
    n, k = len(y), len(cols)
    beta = [0.0] * k
    for it in range(iters):
        z = [0.0] * n
        for j in range(k):
            if beta[j]:
                b = beta[j]
                z = list(map(lambda a, c: a + b * c, z, cols[j]))
        p = [sig(v) for v in z]
        w = [max(q * (1 - q), 1e-9) for q in p]
        r = list(map(operator.sub, y, p))
        grad = [sum(map(operator.mul, cols[j], r)) - (ridge * beta[j] if j else 0) for j in range(k)]
        wc = [list(map(operator.mul, w, cols[j])) for j in range(k)]
        h = [[0.0] * k for _ in range(k)]
        for i in range(k):
            for j in range(i, k):
                s = sum(map(operator.mul, wc[i], cols[j]))
                h[i][j] = h[j][i] = s
            if i:
                h[i][i] += ridge
        step = solve(h, grad)
        beta = [b + s for b, s in zip(beta, step)]
        if max(abs(s) for s in step) < 1e-8:
            break
    return beta


def predict(beta, x):
    return sig(sum(b * v for b, v in zip(beta, x)))


def scores(ps, ys):
    ll = -sum(math.log(min(max(p if y else 1 - p, 1e-12), 1)) for p, y in zip(ps, ys)) / len(ys)
    br = sum((p - y) ** 2 for p, y in zip(ps, ys)) / len(ys)
    return ll, br


def main(argv):
    paths, ridge, hold, drop, rust, fixed = [], 1.0, 5, set(), False, False
    i = 0
    while i < len(argv):
        a = argv[i]
        if a == "--ridge":
            ridge = float(argv[i + 1]); i += 1
        elif a == "--holdout":
            hold = int(argv[i + 1]); i += 1
        elif a == "--drop":
            drop = set(argv[i + 1].split(",")); i += 1
        elif a == "--cells":
            fixed = True
        elif a == "--rust":
            rust = True
        else:
            paths.append(a)
        i += 1
    names, rows = load(paths)
    train = [r for r in rows if r[1] % hold != 0]
    test = [r for r in rows if r[1] % hold == 0]
    wins = sum(r[3] for r in train)
    print(f"rows: {len(train)} train ({wins:.0f} in won games), {len(test)} held out")
    # Features used: not dropped, not constant on the training rows.
    use = [0] + [j for j in range(1, len(names))
                 if names[j] not in drop and len({r[2][j] for r in train}) > 1]
    mean = [0.0] * len(names)
    sd = [1.0] * len(names)
    for j in use[1:]:
        v = [r[2][j] for r in train]
        mean[j] = sum(v) / len(v)
        sd[j] = math.sqrt(sum((a - mean[j]) ** 2 for a in v) / len(v)) or 1.0
    cols = [[1.0] * len(train)] + [[(r[2][j] - mean[j]) / sd[j] for r in train] for j in use[1:]]
    y = [r[3] for r in train]
    cells = sorted({r[0] for r in train})
    extra = []
    if fixed:
        # One dummy per cell but the first, unpenalized-ish (the ridge is small).
        extra = [[1.0 if r[0] == c else 0.0 for r in train] for c in cells[1:]]
    bs = fit(cols + extra, y, ridge)
    if fixed:
        share = [sum(col) / len(train) for col in extra]
        offs = bs[len(cols):]
        print("cell intercepts: " + ", ".join(
            f"{c[0]} {c[1]} {o:+.3f}" for c, o in zip(cells, [0.0] + offs)))
        bs = bs[:len(cols)]
        bs[0] += sum(s * o for s, o in zip(share, offs))
    # Back to raw units: logit = b0 + sum b_j (x_j - m_j)/s_j.
    coef = [0.0] * len(names)
    coef[0] = bs[0] - sum(bs[u] * mean[j] / sd[j] for u, j in enumerate(use) if u)
    for u, j in enumerate(use):
        if u:
            coef[j] = bs[u] / sd[j]
    # Baseline: logistic on the static value alone.
    sv = lambda r: sum(STATIC.get(n, 0) * v for n, v in zip(names, r[2]))
    svs = [sv(r) for r in train]
    m0 = sum(svs) / len(svs)
    s0 = math.sqrt(sum((a - m0) ** 2 for a in svs) / len(svs))
    b0 = fit([[1.0] * len(train), [(a - m0) / s0 for a in svs]], y, 0.0)
    base = lambda r: sig(b0[0] + b0[1] * (sv(r) - m0) / s0)
    print(f"baseline: logit = {b0[0] - b0[1] * m0 / s0:.4f} + {b0[1] / s0:.5f} * static value")
    for label, part in (("train", train), ("held out", test)):
        ys = [r[3] for r in part]
        l1, b1 = scores([predict(coef, r[2]) for r in part], ys)
        l2, b2 = scores([base(r) for r in part], ys)
        print(f"{label}: learned log loss {l1:.4f} Brier {b1:.4f}; static {l2:.4f} / {b2:.4f}")
    # Calibration on the held-out rows, by decile of prediction.
    pr = sorted((predict(coef, r[2]), r[3]) for r in test)
    print("held-out calibration (decile: mean predicted, observed win share, rows)")
    for d in range(10):
        part = pr[d * len(pr) // 10:(d + 1) * len(pr) // 10]
        if part:
            print(f"  {d}: {sum(p for p, _ in part) / len(part):.3f} "
                  f"{sum(y for _, y in part) / len(part):.3f} {len(part)}")
    cells = sorted({r[0] for r in test})
    print("held-out per cell: mean predicted, observed, log loss learned / static")
    for c in cells:
        part = [r for r in test if r[0] == c]
        ys = [r[3] for r in part]
        pl = [predict(coef, r[2]) for r in part]
        print(f"  {c[0]} {c[1]}: {sum(pl) / len(pl):.3f} {sum(ys) / len(ys):.3f} "
              f"{scores(pl, ys)[0]:.4f} / {scores([base(r) for r in part], ys)[0]:.4f}")
    print("coefficients (raw units; standardized in brackets)")
    for u, j in enumerate(use):
        print(f"  {names[j]:>22} {coef[j]:+.5f}  [{bs[u]:+.3f}]")
    if rust:
        print("pub const COEF: [f64; N] = [")
        for j, n in enumerate(names):
            print(f"    {coef[j]:.6e}, // {n}")
        print("];")


if __name__ == "__main__":
    main(sys.argv[1:])
