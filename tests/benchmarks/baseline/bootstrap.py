"""Stage bootstrap: T13 percentile intervals of C, phi, A and T for every cell, and their agreement with Tribunal's.

2,000 resamples of pairs per cell in numpy: one count matrix per cell and one BLAS product give every statistic's
sums for all resamples (Tribunal: `tribunal-cli bench trust FILE.csv --resamples 2000`).

Check (check_intervals): every interval end of `trust --ci 2000` lies within Monte Carlo error of the baseline's:
the share of the baseline's 2,000 replicates below Tribunal's end must be within BAND_Z standard errors of the
percentile level (rank_z, which the compare stage reuses). The two sides use different generators (numpy PCG64 vs
Tribunal's xoshiro256** streams), so equality to rounding is not expected.
"""
import math
import re

import numpy as np

from .tables import read_tribunal_table
from .trust import pair_matrix, stats_from_sums

RESAMPLES = 2000                 # T13 default
LEVEL = 0.95                     # T13 default
BOOT_SEED = 20261129             # metrics.md's default seed (numpy's generator, so not the same stream)
BAND_Z = 5.0                     # bootstrap tolerance in standard errors of a percentile's rank, see check_intervals
BOOT_METRICS = ["C", "phi", "A", "T"]


def bootstrap_intervals(cells_pairs, resamples=RESAMPLES, level=LEVEL, seed=BOOT_SEED, keep_replicates=False):
    """Percentile intervals over pairs for every cell, vectorised per cell.

    A resample draws n pair indices with replacement (n = the cell's retained pairs; pairs carry all their runs
    and orders, so resampling the per-pair sums is exact). Instead of gathering a (resamples x n x 9) array, the
    draw is turned into a (resamples x n) count matrix with one np.bincount and multiplied with the cell's
    (n x 9) pair matrix: one BLAS product gives every statistic's sums for all resamples. Percentiles use numpy's
    default "linear" method (metrics.md). An end is empty when more than half of the resamples leave the statistic
    undefined (docs/trust-metrics.md, T13); otherwise it is the percentile of the defined values."""
    cells, pairs, n_cells = cells_pairs
    X = pair_matrix(pairs)
    order = np.argsort(pairs["cell"], kind="stable")
    bounds = np.searchsorted(pairs["cell"][order], np.arange(n_cells + 1))
    rng = np.random.default_rng(seed)
    alpha = (1.0 - level) / 2.0
    out = {f"{m}_{e}": np.full(n_cells, np.nan) for m in BOOT_METRICS for e in ("lo", "hi")}
    replicates = {}
    for c in range(n_cells):
        rows = order[bounds[c]:bounds[c + 1]]
        n = len(rows)
        if n == 0:
            continue
        Xc = X[rows]
        idx = rng.integers(0, n, size=(resamples, n), dtype=np.int64)
        idx += (np.arange(resamples, dtype=np.int64) * n)[:, None]
        W = np.bincount(idx.ravel(), minlength=resamples * n).reshape(resamples, n).astype(np.float64)
        S = W @ Xc
        single = pairs["maxruns"][rows].max() == 1
        st = stats_from_sums(S, single)
        for m in BOOT_METRICS:
            v = st[m]
            defined = ~np.isnan(v)
            if defined.sum() * 2 < resamples:
                continue
            lo, hi = np.percentile(v[defined], [100 * alpha, 100 * (1 - alpha)])
            out[m + "_lo"][c], out[m + "_hi"][c] = lo, hi
            if keep_replicates:
                replicates[(c, m)] = np.sort(v[defined])
    table = cells.copy()
    for k, v in out.items():
        table[k] = v
    return table, replicates


def rank_z(reps, their, p, resamples):
    """How far (in standard errors of a percentile's rank, both sides carrying Monte Carlo error) the value
    `their` lies from the p-quantile of the sorted replicates `reps`: the share of reps below `their` against p,
    a tied value covering the whole range of shares it spans (see check_intervals)."""
    below = np.searchsorted(reps, their - 1e-12, "left") / len(reps)
    at_or_below = np.searchsorted(reps, their + 1e-12, "right") / len(reps)
    dist = 0.0 if below <= p <= at_or_below else min(abs(p - below), abs(p - at_or_below))
    return dist / math.sqrt(2 * p * (1 - p) / resamples)


def check_intervals(table, replicates, tribunal_csv, resamples=RESAMPLES, level=LEVEL):
    """Tribunal's ends against the baseline's replicate distribution, in standard errors of a percentile's rank.

    A percentile end estimated from B resamples sits at rank p with Monte Carlo standard error sqrt(p(1-p)/B)
    in probability units (the order statistic's binomial error), whatever the statistic's scale. Both sides
    carry that error independently, so the share of the baseline's replicates below Tribunal's end differs from
    p by about N(0, 2 p(1-p)/B). We accept |share - p| <= BAND_Z * sqrt(2 p(1-p)/B): with BAND_Z = 5 and
    p = 0.025, B = 2000 that is +-0.025 in rank (between the 0.0% and 5.0% replicate quantiles). 120 cells x 4
    statistics x 2 ends are about 1,000 comparisons, and a 5-SE excursion has probability 6e-7 each, so a pass is
    expected whenever both sides are right; a wrong statistic, level or percentile rule moves the ends by far more.
    Ties (C and phi on few pairs take few values) are handled by taking the whole range of shares a tied value
    covers. Returns (max z, max absolute difference of the ends, problems)."""
    theirs = read_tribunal_table(tribunal_csv)
    keys = [c for c in theirs.columns if c in table.columns and not re.search(r"_(lo|hi)$", c)]
    for k in keys:
        theirs[k] = theirs[k].astype(str)
    m = table.reset_index().merge(theirs, on=keys, how="inner", suffixes=("", "_t"))
    problems = []
    if len(m) != len(table):
        problems.append(f"{len(table) - len(m)} cells missing in tribunal's table")
    alpha = (1.0 - level) / 2.0
    worst_z, worst_abs, zs = (0.0, ""), 0.0, []
    for _, row in m.iterrows():
        c = int(row["index"])
        for metric in BOOT_METRICS:
            for end, p in (("lo", alpha), ("hi", 1 - alpha)):
                mine, their = row[f"{metric}_{end}"], row[f"{metric}_{end}_t"]
                if np.isnan(mine) or np.isnan(their):
                    if np.isnan(mine) != np.isnan(their):
                        problems.append(f"{metric}_{end} defined on one side only, cell {c}")
                    continue
                worst_abs = max(worst_abs, abs(mine - their))
                z = rank_z(replicates[(c, metric)], their, p, resamples)
                zs.append(z)
                if z > worst_z[0]:
                    worst_z = (z, f"{metric}_{end} of {'/'.join(str(row[k]) for k in keys)}: tribunal "
                                  f"{their:.6g}, baseline {mine:.6g}")
                if z > BAND_Z:
                    problems.append(f"{metric}_{end} of {'/'.join(str(row[k]) for k in keys)}: tribunal "
                                    f"{their:.6g}, baseline {mine:.6g}, {z:.1f} SE")
    # calibration of the tolerance: with both sides right about 5% of the ends lie beyond 2 SE (fewer when ties
    # widen the accepted range)
    beyond2 = float(np.mean(np.array(zs) > 2)) if zs else 0.0
    return worst_z, worst_abs, problems, (len(zs), beyond2)
