"""Stage cascade: K9 cross-fitted cascade thresholds, as `tribunal-cli cascade` computes them by default.

metrics.md K7-K9, docs/cascades.md; `cascade` defaults: 50 halvings, K7 grids. On `simulate rubric --judges 4
--units 6000` (30,000 pairs: 18,000 ordinal with 21 thresholds, 12,000 binary with 26; first judge sim-cheap, 3
fallbacks; the simulator writes one panel, so 2 panel-kinds instead of quality.md's 9 panels): per-unit bin sums,
the halves of all halvings as one matrix product, cumulative sums and argmax choices in numpy; the timed run draws
its halvings with numpy's generator (Tribunal: `tribunal-cli bench cascade X.jsonl X.items.jsonl --first ...`).

Checks: on Tribunal's own halvings (halvings.tribunal_halvings), every column of `cascade --format csv` the
baseline computes - the full-sample K7/K8 summary and all six cross-fitted statistics - names and counts exactly,
numbers within K9_TOLERANCE (check_k9); `cascade --format csv` equals `--format json` (compare_k9_csv_json;
--check-only, CHECK_K9_UNITS units).
"""
import json
import math

import numpy as np
import pandas as pd

from .tables import csv_equals_json, rubric_judgments

K9_SLACK = 1e-9                  # K7 edge case: deferred when conf < tau - 1e-9
K9_TOLERANCE = 1e-9
K9_UNITS = 6000                  # 6,000 units x 5 criteria = 30,000 pairs (quality.md: 30,000 pairs)
CHECK_K9_UNITS = 300             # --check-only
K9_FIRST = "sim-cheap"
K9_FALLBACKS = ["sim-mid-2", "sim-mid-3", "sim-expensive"]   # `simulate rubric --judges 4`


def read_cascade_inputs(judgments_path, items_path, first, fallbacks):
    """The K9 inputs of `tribunal-cli cascade X.jsonl X.items.jsonl --first D --fallbacks ...` (cascadereplay.h),
    read with a json.loads loop (not timed: `bench cascade` does not time loading nor building the inputs).
    Per kind: the pairs (items in file order) with an R1 label (half up; binary majority, a tie has none) on which D
    gave a scored verdict; verdict = the earliest run (rep) with an answer, its cost plus the failed runs' before it;
    score = D's confidence field (K1 as returned; else from probs) on ordinal pairs, |P(MET) - 0.5| on binary ones;
    a fallback's correctness is D's where it has no scored verdict. Fallbacks in name order (replayCascade)."""
    items = []
    with open(items_path, "rb") as f:
        for line in f:
            if line.strip():
                d = json.loads(line)
                if d.get("kind") in ("ordinal", "binary"):
                    items.append(d)
    runs = {}
    for d in rubric_judgments(judgments_path):
        runs.setdefault((d["dataset"], str(d["item_id"]), d["judge"]), []).append(d)
    judges = [first] + sorted(fallbacks)

    def verdict(dataset, item_id, judge, kind, levels):
        rs = sorted(runs.get((dataset, item_id, judge), []), key=lambda r: r.get("rep", 1))   # stable: file order
        cost = 0.0
        for r in rs:
            cost += r.get("cost_usd") or 0.0
            a = r.get("answer")
            if a is None or str(a).lower() == "none":
                continue
            a = str(a).strip().upper()
            if kind == "binary":
                ok = a in ("MET", "UNMET")
            else:
                ok = a.isdigit() and 1 <= int(a) <= levels
            return (a if ok else None), r, cost
        # every run failed: no verdict, and every run is charged (K7: failed requests' recorded costs count)
        return None, None, cost

    out = {}
    for kind in ("ordinal", "binary"):
        cols = {"unit": [], "score": [], "right": [[] for _ in judges], "cost": [[] for _ in judges]}
        for it in items:
            if it["kind"] != kind:
                continue
            vals = [str(v).strip().upper() for v in (it.get("ratings") or {}).values()]
            if kind == "binary":
                met, unmet = vals.count("MET"), vals.count("UNMET")
                label = None if met == unmet else ("MET" if met > unmet else "UNMET")
            else:
                nums = [float(v) for v in vals if v.replace(".", "", 1).isdigit()]
                label = str(int(math.floor(sum(nums) / len(nums) + 0.5))) if nums else None
            if label is None:
                continue
            levels = len(it.get("levels") or [])
            vs = [verdict(it["dataset"], str(it["item_id"]), j, kind, levels) for j in judges]
            if vs[0][0] is None:
                continue                                 # D did not answer: not in the pair set
            d_ans, d_run = vs[0][0], vs[0][1]
            conf = d_run.get("confidence")
            probs = d_run.get("probs") or {}
            if kind == "binary":
                pm, pu = probs.get("MET"), probs.get("UNMET")
                if pm is not None and pu is not None and pm + pu > 0:
                    score = abs(pm / (pm + pu) - 0.5)
                else:
                    score = (conf if conf is not None else 0.0) / 2.0
            else:
                score = conf if conf is not None else 0.0
            cols["unit"].append(it.get("unit_id") or "item:" + str(it["item_id"]))
            cols["score"].append(score)
            for j, (a, _, c) in enumerate(vs):
                cols["right"][j].append(1 if (a if a is not None else d_ans) == label else 0)
                cols["cost"][j].append(c)
        _, first_at, unit = np.unique(np.array(cols["unit"], dtype=object), return_index=True, return_inverse=True)
        # units numbered by first appearance (cascadereplay.h / judgecomparison.h); crossfit orders them by number
        order = np.argsort(np.argsort(first_at, kind="stable"), kind="stable")
        out[kind] = {"unit": order[unit].astype(np.int64), "score": np.array(cols["score"], dtype=float),
                     "right": np.array(cols["right"], dtype=np.int64), "cost": np.array(cols["cost"], dtype=float),
                     "judges": judges,
                     "grid": np.arange(21) / 20.0 if kind == "ordinal" else np.arange(26) / 50.0}
    return out


def k9_panel(inp, perms):
    """K9 on one panel and kind (metrics.md K9; ties as crossfit.h): per-unit sums by deferral bin, the halves'
    sums for all halvings at once as (halvings x units) @ (units x ...) products, curves by cumulative sums over
    the bins, choices by argmax with the tie rules, the held-out half scored with them.
    Also the full-sample K7/K8 summary (oracle tau, best cascade/single/LLM judge, matching cascade)."""
    unit, score, right, cost, grid = inp["unit"], inp["score"], inp["right"], inp["cost"], inp["grid"]
    J, F, T = right.shape[0], right.shape[0] - 1, len(grid)
    U = int(unit.max()) + 1 if len(unit) else 0
    H = perms.shape[0]
    b = np.searchsorted(grid - K9_SLACK, np.nan_to_num(score, nan=0.0), side="right")   # deferred at k when b <= k
    bins = T + 1
    # per unit: [pairs, D right, F x fallback right, F x fallback cost] per bin, and candidates' right / cost
    key = unit * bins + b
    per_bin = [np.bincount(key, minlength=U * bins)]
    per_bin.append(np.bincount(key, weights=right[0], minlength=U * bins))
    per_bin += [np.bincount(key, weights=right[f], minlength=U * bins) for f in range(1, J)]
    per_bin += [np.bincount(key, weights=cost[f], minlength=U * bins) for f in range(1, J)]
    ub = np.stack(per_bin, axis=1).reshape(U, bins * (2 + 2 * F))                 # (U, bins * fields)
    uc = np.stack([np.bincount(unit, weights=right[c], minlength=U) for c in range(J)] +
                  [np.bincount(unit, weights=cost[c], minlength=U) for c in range(J)], axis=1)   # (U, 2J)
    inA = np.zeros((H, U))
    inA[np.arange(H)[:, None], perms[:, :U // 2]] = 1.0
    allb, allc = ub.sum(axis=0), uc.sum(axis=0)
    hb = np.stack([inA @ ub, allb - inA @ ub])            # (2, H, bins * fields)
    hc = np.stack([inA @ uc, allc - inA @ uc])            # (2, H, 2J)
    hb = hb.reshape(2, H, bins, 2 + 2 * F)
    n = hb[..., 0].sum(axis=2)                            # (2, H)
    c_right, c_cost = np.rint(hc[..., :J]), hc[..., J:]
    # cascade curves (2, H, F, T): right = D right - D right deferred + fallback right deferred
    cum = np.cumsum(hb[:, :, :T, :], axis=2)              # bins 0..T-1 (bin T never deferred)
    deferred = np.rint(cum[..., 0])[:, :, None, :]
    cr = (c_right[..., 0][..., None, None] - np.rint(cum[..., 1])[:, :, None, :] +
          np.rint(np.moveaxis(cum[..., 2:2 + F], 3, 2)))
    cc = c_cost[..., 0][..., None, None] + np.moveaxis(cum[..., 2 + F:], 3, 2)
    # (1) oracle tau per fallback on X: max right, then fewer deferred, then smaller k
    big = 1 << 40
    okey = cr * big - np.broadcast_to(deferred, cr.shape)
    k_or = np.argmax(okey, axis=3)                        # first max: smaller k
    at = lambda a, k: np.take_along_axis(a, k[..., None], axis=-1)[..., 0]
    r_or, c_or = at(cr, k_or), at(cc, k_or)               # (2, H, F)

    def best(r, c):
        """Index of the most accurate; ties to the cheaper, then the first (last axis)."""
        top = r == r.max(axis=-1, keepdims=True)
        cm = np.where(top, c, np.inf)
        return np.argmax(top & (cm == cm.min(axis=-1, keepdims=True)), axis=-1)

    f_best = best(r_or, c_or)                             # (2)
    k_best = at(k_or, f_best)
    single = best(c_right, c_cost)                        # (3) over D, fallbacks
    llm = best(c_right[..., 1:], c_cost[..., 1:])         # (4)
    llm_curve = np.take_along_axis(cr, llm[..., None, None], axis=2)[:, :, 0, :]
    reach = llm_curve >= at(c_right[..., 1:], llm)[..., None]
    match = np.where(reach.any(axis=2), np.argmax(reach, axis=2), -1)
    # score Y = 1 - X with X's choices
    Y = [1, 0]
    cas_r = np.take_along_axis(np.take_along_axis(cr[Y], f_best[..., None, None], axis=2)[:, :, 0, :],
                               k_best[..., None], axis=2)[..., 0]
    sin_r = at(c_right[Y], single)
    llm_r, llm_c = at(c_right[Y][..., 1:], llm), at(c_cost[Y][..., 1:], llm)
    my_curve_r = np.take_along_axis(cr[Y], llm[..., None, None], axis=2)[:, :, 0, :]
    my_curve_c = np.take_along_axis(cc[Y], llm[..., None, None], axis=2)[:, :, 0, :]
    m0 = np.maximum(match, 0)
    mat_r = np.where(match >= 0, at(my_curve_r, m0), llm_r)
    mat_c = np.where(match >= 0, at(my_curve_c, m0), llm_c)
    live = (n[0] > 0) & (n[1] > 0) & (T > 0)                # both directions need both halves non-empty
    w = live[None, :].astype(float)
    pairs = (n[Y] * w).sum(axis=0)
    pool = lambda a: (a * w).sum(axis=0)
    cR, sR, mR, lR, mC, lC = (pool(a) for a in (cas_r, sin_r, mat_r, llm_r, mat_c, llm_c))
    ok = pairs > 0
    gain = (cR - sR)[ok] / pairs[ok]
    cs = (mC / np.where(lC > 0, lC, 1))[ok & (lC > 0)]
    res = {"crossfit_halvings": H,
           "crossfit_mean_gain": gain.mean() if ok.any() else np.nan,
           "crossfit_share_with_gain": (gain > 0).mean() if ok.any() else np.nan,
           "crossfit_cascade_accuracy": (cR[ok] / pairs[ok]).mean() if ok.any() else np.nan,
           "crossfit_single_accuracy": (sR[ok] / pairs[ok]).mean() if ok.any() else np.nan,
           "crossfit_cost_share": cs.mean() if len(cs) else np.nan,
           "crossfit_share_matching": (mR[ok] >= lR[ok]).mean() if ok.any() else np.nan}
    # full sample (K7, K8, the matching cascade), from the same sums
    N = len(unit)
    fb = allb.reshape(bins, 2 + 2 * F)
    fcum = np.cumsum(fb[:T], axis=0)
    a_right, a_cost = np.rint(allc[:J]), allc[J:]
    fr = a_right[0] - np.rint(fcum[:, 1])[:, None] + np.rint(fcum[:, 2:2 + F])       # (T, F)
    fc = a_cost[0] + fcum[:, 2 + F:]
    ko = np.argmax(fr * big - np.rint(fcum[:, 0])[:, None], axis=0)               # (F,)
    fo = best(fr[ko, np.arange(F)], fc[ko, np.arange(F)])
    names = inp["judges"]
    sj = best(a_right, a_cost)
    lj = best(a_right[1:], a_cost[1:])
    reach = fr[:, lj] >= a_right[1 + lj]
    mt = int(np.argmax(reach)) if reach.any() else -1
    res.update({"pairs": N, "first_accuracy": a_right[0] / N, "first_cost": a_cost[0],
                "best_single": names[sj], "best_single_accuracy": a_right[sj] / N,
                "best_fallback": names[1 + fo], "oracle_tau": grid[ko[fo]],
                "oracle_accuracy": fr[ko[fo], fo] / N, "oracle_deferred_share": np.rint(fcum[ko[fo], 0]) / N,
                "oracle_cost": fc[ko[fo], fo], "best_llm": names[1 + lj],
                "matching_tau": grid[mt] if mt >= 0 else np.nan,
                "matching_cost_share": fc[mt, lj] / a_cost[1 + lj] if mt >= 0 and a_cost[1 + lj] > 0 else np.nan})
    return res


K9_EXACT = ["pairs", "best_single", "best_fallback", "best_llm", "crossfit_halvings"]
K9_NUMERIC = ["first_accuracy", "first_cost", "best_single_accuracy", "oracle_tau", "oracle_accuracy",
              "oracle_deferred_share", "oracle_cost", "matching_tau", "matching_cost_share", "crossfit_mean_gain",
              "crossfit_share_with_gain", "crossfit_cascade_accuracy", "crossfit_single_accuracy",
              "crossfit_cost_share", "crossfit_share_matching"]


def k9_all(inputs, halvings_of):
    """K9 of every kind; halvings_of(units) gives the (halvings x units) permutations."""
    perms = {}
    out = {}
    for kind, inp in inputs.items():
        U = int(inp["unit"].max()) + 1
        if U not in perms:
            perms[U] = halvings_of(U)
        out[kind] = k9_panel(inp, perms[U])
    return out


def check_k9(mine, tribunal_csv, tolerance=K9_TOLERANCE):
    """Every column of `cascade --format csv` the baseline computes, per kind: names and counts exactly, the rest
    within `tolerance` (empty cell = NaN)."""
    rows = pd.read_csv(tribunal_csv, dtype=str, keep_default_na=False)
    problems, worst = [], 0.0
    for _, row in rows.iterrows():
        kind = str(row["kind"])
        if kind not in mine:
            problems.append(f"kind {kind}: not in the baseline")
            continue
        m = mine[kind]
        for col in K9_EXACT:
            if str(row[col]) != str(m[col]):
                problems.append(f"{kind} {col}: tribunal {row[col]}, baseline {m[col]}")
        for col in K9_NUMERIC:
            t = row[col]
            t = float(t) if t.strip() else float("nan")
            b = float(m[col])
            if math.isnan(t) and math.isnan(b):
                continue
            d = abs(t - b) if not (math.isnan(t) or math.isnan(b)) else float("inf")
            worst = max(worst, d)
            if d > tolerance:
                problems.append(f"{kind} {col}: tribunal {t!r}, baseline {b!r}")
    if len(rows) != len(mine):
        problems.append(f"{len(rows)} rows in cascade, {len(mine)} kinds in the baseline")
    return worst, problems


def compare_k9_csv_json(csv_path, json_path):
    """`cascade --format csv` and `--format json` must hold the same rows and values."""
    return csv_equals_json(csv_path, json_path)
