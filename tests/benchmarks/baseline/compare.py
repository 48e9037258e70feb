"""Stage compare: R7 paired comparisons of rubric judges, as `tribunal-cli compare` computes them by default.

metrics.md R7, docs/rubric-judges.md; on `simulate rubric --judges 8 --units 5000` (28 comparisons: one panel and
format, so J(J-1)/2; 27 is not reachable): joint unit bootstrap in numpy, scipy.stats.binomtest for McNemar and the
sign test, statsmodels Holm (Tribunal: `tribunal-cli bench compare X.jsonl X.items.jsonl --judges ...`).

Checks (check_r7): counts exactly; diff, accuracies, McNemar / sign p-values and their Holm values within
R7_TOLERANCE; interval ends within Monte Carlo error (rank_z, as for bootstrap); p_boot within Monte Carlo error;
outcomes equal unless 0 or +-margin lies within Monte Carlo error of a deciding end. And `compare --format csv`
equals `--format json` (compare_r7_csv_json; --check-only, CHECK_R7_UNITS units).
"""
import json
import math

import numpy as np
import pandas as pd

from .bootstrap import BAND_Z, BOOT_SEED, rank_z
from .tables import csv_equals_json, read_tribunal_csv, rubric_judgments

R7_RESAMPLES = 10000             # `compare` default
R7_MARGIN = 0.05                 # parity margin (compare default)
R7_SEED = BOOT_SEED
R7_TOLERANCE = 1e-9              # quality.md: deterministic values agree to 1e-9
CHECK_R7_UNITS = 400             # --check-only: units of the simulated rubric audit (about 1 s both sides)
R7_CHUNK = 500                   # resamples per count matrix (500 x 5,000 units x 8 bytes = 20 MB)


def read_rubric_jsonl(judgments_path, items_path):
    """The judgments and items files of `tribunal-cli simulate rubric -o X.jsonl` (X.jsonl, X.items.jsonl), read
    with a json.loads loop (not timed, as Tribunal's load is not timed by `bench compare`).
    Items: dataset, item id, kind, unit_id, number of levels (ordinal) and the raters' ratings as an
    (items x raters) array of level numbers (ordinal) or 1 = MET / 0 = UNMET (binary), NaN where a rater is absent.
    Judgments: dataset, item id, judge, format and the answer text ('' for a failed call)."""
    items = {"dataset": [], "item_id": [], "kind": [], "unit_id": [], "levels": []}
    ratings, raters = [], {}
    with open(items_path, "rb") as f:
        for line in f:
            if not line.strip():
                continue
            d = json.loads(line)
            if d.get("kind") not in ("ordinal", "binary"):
                continue
            items["dataset"].append(d["dataset"])
            items["item_id"].append(str(d["item_id"]))
            items["kind"].append(d["kind"])
            items["unit_id"].append(d.get("unit_id") or None)
            items["levels"].append(len(d.get("levels") or []))
            row = {}
            for rater, value in (d.get("ratings") or {}).items():
                v = str(value).strip().upper()
                code = (1.0 if v == "MET" else 0.0 if v == "UNMET" else np.nan) if d["kind"] == "binary" else \
                    (float(v) if v.replace(".", "", 1).isdigit() else np.nan)
                row[raters.setdefault(rater, len(raters))] = code
            ratings.append(row)
    R = np.full((len(ratings), max(len(raters), 1)), np.nan)
    for i, row in enumerate(ratings):
        for j, v in row.items():
            R[i, j] = v
    items = pd.DataFrame(items)
    # an item without a unit id is its own unit (docs/cli.md, compare)
    items["unit_id"] = items["unit_id"].where(items["unit_id"].notna(), "item:" + items["item_id"])
    cols = {"dataset": [], "item_id": [], "judge": [], "format": [], "answer": []}
    for d in rubric_judgments(judgments_path):
        cols["dataset"].append(d["dataset"])
        cols["item_id"].append(str(d["item_id"]))
        cols["judge"].append(d["judge"])
        cols["format"].append(d.get("format") or "")
        a = d.get("answer", d.get("verdict"))
        cols["answer"].append("" if a is None else str(a))
    judg = pd.DataFrame(cols)
    for c in ["dataset", "item_id", "judge", "format", "answer"]:
        judg[c] = judg[c].astype("category")
    return judg, items, R


def r7_family(judg, items, ratings, judges, resamples=R7_RESAMPLES, seed=R7_SEED, margin=R7_MARGIN,
              keep_replicates=False):
    """Every R7 comparison of `judges` (all pairs j1 < j2 in the given order), per panel and format, as
    `tribunal-cli compare` computes them by default: half-up R1 labels, correctness = share of scored runs equal to
    the label, the pairs both judges scored, the unit bootstrap (resample units with all their pairs; the replicate
    is the pair-weighted difference sum D / sum N) with 95% and 90% percentile intervals and p, the outcome, exact
    McNemar on majority verdicts, the unit sign test, Holm over the family (comparisons with a common pair).

    Vectorised: R1 labels from the ratings array; scored / right runs per (judge key, item) with one bincount each;
    per comparison the per-unit sums D_u, N_u with bincount. The bootstrap is joint, as a careful user would run a
    family: the comparisons that resample the same set of units share the draws (one count matrix W of resamples x
    units per chunk, made with one bincount), and one matrix product W @ [D | N] gives every member's replicate
    sums. numpy's PCG64, so the draws differ from Tribunal's."""
    from scipy.stats import binomtest
    from statsmodels.stats.multitest import multipletests

    # R1 labels: ordinal = raters' mean rounded half up (exact: floor((2 s + n) / (2 n)) for integer ratings);
    # binary = majority, a tie gives no label
    kind_ord = (items["kind"] == "ordinal").to_numpy()
    n_r = np.sum(~np.isnan(ratings), axis=1)
    s_r = np.nansum(ratings, axis=1)
    with np.errstate(invalid="ignore", divide="ignore"):
        ord_label = np.floor((2 * s_r + n_r) / (2 * n_r))
        bin_label = np.where(2 * s_r > n_r, 1.0, np.where(2 * s_r < n_r, 0.0, np.nan))
    label = np.where(kind_ord, ord_label, bin_label)
    label[n_r == 0] = np.nan

    # judgments -> item rows (dataset, item id) and scored answer codes (ordinal 1..K, binary MET = 1 / UNMET = 0)
    item_key = pd.MultiIndex.from_arrays([items["dataset"], items["item_id"]])
    row = item_key.get_indexer(pd.MultiIndex.from_arrays([judg["dataset"], judg["item_id"]]))
    cats = judg["answer"].cat.categories
    up = pd.Index(cats).str.strip().str.upper()
    num = pd.to_numeric(pd.Series(up), errors="coerce").to_numpy()
    is_int = np.isfinite(num) & (num == np.floor(num))
    bin_code = np.where(up == "MET", 1.0, np.where(up == "UNMET", 0.0, np.nan))
    codes = judg["answer"].cat.codes.to_numpy()
    known = (row >= 0) & (codes >= 0)
    r = np.where(known, row, 0)
    c = np.where(codes >= 0, codes, 0)
    levels = items["levels"].to_numpy()
    ans_ord = np.where(is_int[c] & (num[c] >= 1) & (num[c] <= levels[r]), num[c], np.nan)
    answer = np.where(kind_ord[r], ans_ord, bin_code[c])
    scored = known & ~np.isnan(answer) & ~np.isnan(label[r])
    right = scored & (answer == label[r])

    # judge keys (judge, format); scored and right runs per (key, item)
    key_of_row = judg.groupby(["judge", "format"], observed=True, sort=False).ngroup().to_numpy()
    keys = judg[["judge", "format"]].drop_duplicates().astype(str)
    keys["k"] = key_of_row[keys.index.to_numpy()]
    n_items = len(items)
    flat = key_of_row.astype(np.int64) * n_items + r
    n_keys = int(key_of_row.max()) + 1
    n_any = np.bincount(flat[known], minlength=n_keys * n_items).reshape(n_keys, n_items)
    n_scored = np.bincount(flat[scored], minlength=n_keys * n_items).reshape(n_keys, n_items)
    n_right = np.bincount(flat[right], minlength=n_keys * n_items).reshape(n_keys, n_items)
    unit_codes, unit_names = pd.factorize(items["unit_id"])
    datasets = items["dataset"].to_numpy()

    comps = []
    panels = list(dict.fromkeys(items["dataset"]))            # in order of first item
    for panel in panels:
        in_panel = datasets == panel
        for fmt in sorted(keys["format"].unique()):
            have = {j: keys.loc[(keys["judge"] == j) & (keys["format"] == fmt), "k"] for j in judges}
            for x in range(len(judges)):
                for y in range(x + 1, len(judges)):
                    kx, ky = have[judges[x]], have[judges[y]]
                    if kx.empty or ky.empty:
                        continue
                    a, b = int(kx.iloc[0]), int(ky.iloc[0])
                    if not (n_any[a][in_panel].any() and n_any[b][in_panel].any()):
                        continue                  # not both judged this panel in this format
                    both = in_panel & (n_scored[a] > 0) & (n_scored[b] > 0)
                    first = n_right[a][both] / n_scored[a][both]
                    second = n_right[b][both] / n_scored[b][both]
                    comps.append({"panel": panel, "judge1": judges[x], "judge2": judges[y], "format": fmt,
                                  "first": first, "second": second, "unit": unit_codes[both]})
    rows = []
    family = [k for k, cp in enumerate(comps) if len(cp["first"])]
    for cp in comps:
        f, g, u = cp["first"], cp["second"], cp["unit"]
        n = len(f)
        res = {k: cp[k] for k in ("panel", "judge1", "judge2", "format")}
        res["n_pairs"] = n
        d = f - g
        # McNemar on majority verdicts (a share of exactly 1/2 has none)
        dec = (f != 0.5) & (g != 0.5)
        o1 = int(np.sum(dec & (f > 0.5) & (g < 0.5)))
        o2 = int(np.sum(dec & (f < 0.5) & (g > 0.5)))
        res.update(mcnemar_only1=o1, mcnemar_only2=o2, mcnemar_undecided=int(np.sum(~dec)))
        res["p_mcnemar"] = binomtest(o2, o1 + o2, 0.5).pvalue if o1 + o2 else 1.0
        # unit sums and the sign test (a unit difference within 1e-9 is a tie)
        present, uidx = np.unique(u, return_inverse=True)
        D = np.bincount(uidx, weights=d, minlength=len(present))
        N = np.bincount(uidx, minlength=len(present)).astype(np.float64)
        b1, b2 = int(np.sum(D > 1e-9)), int(np.sum(D < -1e-9))
        res.update(units=len(present), units_judge1_better=b1, units_judge2_better=b2,
                   units_tied=len(present) - b1 - b2)
        res["p_sign"] = binomtest(b1, b1 + b2, 0.5).pvalue if b1 + b2 else 1.0
        if n:
            res.update(accuracy1=f.mean(), accuracy2=g.mean(), diff=d.mean())
        cp["units_present"], cp["D"], cp["N"] = present, D, N
        rows.append(res)

    # joint unit bootstrap: draw groups of comparisons with the same set of units
    rng = np.random.default_rng(seed)
    groups = {}
    for k in family:
        groups.setdefault(comps[k]["units_present"].tobytes(), []).append(k)
    replicates = {}
    for members in groups.values():
        U = len(comps[members[0]]["units_present"])
        M = np.column_stack([comps[k]["D"] for k in members] + [comps[k]["N"] for k in members])
        reps = np.empty((resamples, len(members)))
        for start in range(0, resamples, R7_CHUNK):
            b = min(R7_CHUNK, resamples - start)
            idx = rng.integers(0, U, size=(b, U), dtype=np.int64)
            idx += (np.arange(b, dtype=np.int64) * U)[:, None]
            W = np.bincount(idx.ravel(), minlength=b * U).reshape(b, U).astype(np.float64)
            S = W @ M
            reps[start:start + b] = S[:, :len(members)] / S[:, len(members):]
        for j, k in enumerate(members):
            v = reps[:, j]
            lo95, lo90, hi90, hi95 = np.percentile(v, [2.5, 5, 95, 97.5])
            p = min(1.0, 2 * min(np.mean(v <= 0), np.mean(v >= 0)))
            outcome = ("separated" if lo95 > 0 or hi95 < 0 else
                       "parity" if lo90 >= -margin and hi90 <= margin else "inconclusive")
            rows[k].update(ci95_lo=lo95, ci95_hi=hi95, ci90_lo=lo90, ci90_hi=hi90, p_boot=p, outcome=outcome)
            if keep_replicates:
                replicates[k] = np.sort(v)
    for k, res in enumerate(rows):
        res.setdefault("outcome", "undefined")
    # Holm over the family, each p-value on its own
    for col, out in (("p_boot", "p_holm"), ("p_mcnemar", "p_mcnemar_holm"), ("p_sign", "p_sign_holm")):
        if family:
            adj = multipletests([rows[k][col] for k in family], method="holm")[1]
            for k, v in zip(family, adj):
                rows[k][out] = v
    return pd.DataFrame(rows), replicates


R7_EXACT = ["n_pairs", "units", "mcnemar_only1", "mcnemar_only2", "mcnemar_undecided", "units_judge1_better",
            "units_judge2_better", "units_tied"]
R7_DETERMINISTIC = ["diff", "accuracy1", "accuracy2", "p_mcnemar", "p_sign", "p_mcnemar_holm", "p_sign_holm"]
R7_ENDS = [("ci95_lo", 0.025), ("ci95_hi", 0.975), ("ci90_lo", 0.05), ("ci90_hi", 0.95)]


def check_r7(mine, replicates, tribunal_csv, resamples=R7_RESAMPLES, margin=R7_MARGIN):
    """The baseline's comparisons against `tribunal-cli compare --format csv`.
    - counts exactly; diff, accuracies, McNemar and sign-test p-values and their Holm values within 1e-9
      (absolute, or relative for p-values below 1e-9);
    - interval ends within BAND_Z Monte Carlo SE of the baseline's replicate distribution (rank_z);
    - p_boot (= 2 x a share of replicates) within BAND_Z SE of the two sides' mean share, plus 2/B; p_holm within
      m times that band (Holm multiplies by up to m);
    - outcome equal, except where an end that decides it lies within BAND_Z SE of 0 or of +-margin (then either
      outcome is within Monte Carlo error: reported, not a failure).
    Returns (summary dict, problems)."""
    theirs = read_tribunal_csv(tribunal_csv, R7_EXACT + R7_DETERMINISTIC + [c for c, _ in R7_ENDS] +
                               ["p_boot", "p_holm"])
    keys = ["panel", "judge1", "judge2", "format"]
    m = mine.reset_index().merge(theirs, on=keys, how="outer", suffixes=("", "_t"), indicator=True)
    problems = []
    if (m["_merge"] != "both").any():
        problems.append(f"{int((m['_merge'] != 'both').sum())} comparisons only on one side")
        m = m[m["_merge"] == "both"]
    for col in R7_EXACT:
        if not np.array_equal(m[col].to_numpy(np.int64), m[col + "_t"].to_numpy(np.int64)):
            problems.append(f"{col} differs in {int((m[col] != m[col + '_t']).sum())} comparisons")
    worst_det = (0.0, "")
    for col in R7_DETERMINISTIC:
        a, b = m[col].to_numpy(float), m[col + "_t"].to_numpy(float)
        one = np.isnan(a) ^ np.isnan(b)
        if one.any():
            problems.append(f"{col}: defined on one side only in {int(one.sum())} comparisons")
        d = np.where(np.isnan(a) | np.isnan(b), 0.0, np.abs(a - b))
        rel = d / np.maximum(np.abs(np.where(np.isnan(b), 1.0, b)), 1e-300)
        bad = (d > R7_TOLERANCE) & (rel > R7_TOLERANCE)
        if d.size and d.max() > worst_det[0]:
            i = int(d.argmax())
            worst_det = (float(d.max()), f"{col} of {m.iloc[i]['judge1']}/{m.iloc[i]['judge2']}")
        if bad.any():
            problems.append(f"{col}: {int(bad.sum())} comparisons differ by more than {R7_TOLERANCE:g} "
                            f"(max {d.max():.3g})")
    family = int(m["diff"].notna().sum())
    worst_z, zs, p_worst, ambiguous = (0.0, ""), [], 0.0, []
    for _, row in m.iterrows():
        k = int(row["index"])
        name = f"{row['judge1']}/{row['judge2']}"
        if k not in replicates:
            continue
        reps = replicates[k]
        ends_z = {}
        for col, p in R7_ENDS:
            their = row[col + "_t"]
            if np.isnan(their):
                problems.append(f"{col} of {name}: empty in tribunal's table")
                continue
            z = rank_z(reps, their, p, resamples)
            ends_z[col] = z
            zs.append(z)
            if z > worst_z[0]:
                worst_z = (z, f"{col} of {name}: tribunal {their:.6g}, baseline {row[col]:.6g}")
            if z > BAND_Z:
                problems.append(f"{col} of {name}: tribunal {their:.6g}, baseline {row[col]:.6g}, {z:.1f} SE")
        share = (row["p_boot"] + row["p_boot_t"]) / 4
        band_p = 2 * BAND_Z * math.sqrt(2 * share * (1 - share) / resamples) + 2 / resamples
        p_worst = max(p_worst, abs(row["p_boot"] - row["p_boot_t"]))
        if abs(row["p_boot"] - row["p_boot_t"]) > band_p:
            problems.append(f"p_boot of {name}: tribunal {row['p_boot_t']:.6g}, baseline {row['p_boot']:.6g}")
        if abs(row["p_holm"] - row["p_holm_t"]) > family * band_p:
            problems.append(f"p_holm of {name}: tribunal {row['p_holm_t']:.6g}, baseline {row['p_holm']:.6g}")
        if row["outcome"] != row["outcome_t"]:
            # is the decision within Monte Carlo error? where 0 or +-margin sits in the baseline's replicates
            near = any(rank_z(reps, x, q, resamples) <= BAND_Z for x in (0.0, -margin, margin)
                       for q in (0.025, 0.975, 0.05, 0.95))
            if near:
                ambiguous.append(f"{name}: tribunal {row['outcome_t']}, baseline {row['outcome']}")
            else:
                problems.append(f"outcome of {name}: tribunal {row['outcome_t']}, baseline {row['outcome']}")
    beyond2 = float(np.mean(np.array(zs) > 2)) if zs else 0.0
    return {"comparisons": len(m), "family": family, "worst_det": worst_det, "worst_z": worst_z,
            "ends": len(zs), "beyond2": beyond2, "p_boot_max_diff": p_worst, "ambiguous": ambiguous}, problems


def compare_r7_csv_json(csv_path, json_path):
    """`compare --format csv` and `--format json` must hold the same rows and values (JSON null = empty cell)."""
    return csv_equals_json(csv_path, json_path)


def r7_agreement_text(summary):
    """The agreement column of the compare stage's row (check_r7's summary)."""
    amb = f"; {len(summary['ambiguous'])} outcome(s) differ within MC error" if summary["ambiguous"] else ""
    return (f"{summary['comparisons']} comparisons: counts equal, diff/accuracies/McNemar/sign/Holm max abs diff "
            f"{summary['worst_det'][0]:.2g}; {summary['ends']} interval ends max {summary['worst_z'][0]:.2f} SE "
            f"(limit {BAND_Z:g}), {100 * summary['beyond2']:.1f}% beyond 2 SE; p_boot max diff "
            f"{summary['p_boot_max_diff']:.3g}{amb}")
