"""Stage trust: the T1-T8 trust table per cell, vectorised, and its agreement with `tribunal-cli trust`.

metrics.md T0-T7, docs/trust-metrics.md; q = 1/2, consistency unit = pair. The reader's categorical codes give the
cell and pair ids (no groupby), numpy bincount the verdict counts per pair and the sums per cell (Tribunal:
`tribunal-cli bench trust FILE.csv`, in process on the same file). pair_summary, pair_matrix and stats_from_sums
are shared with the bootstrap stage.

Checks: every cell and column of `trust --ci 0 --format csv` within TRUST_TOLERANCE (n_pairs and quadrant
exactly; compare_trust), and T8 (dT_fmt, T_min, T_max per judge and dataset) against `tribunal-cli dispersion`
(compare_dispersion).
"""
import numpy as np
import pandas as pd

from .import_stages import CSV_FREE_TEXT, CSV_NUMERIC, CSV_TEXT
from .tables import read_tribunal_csv, read_tribunal_table

TRUST_TOLERANCE = 1e-12          # issue 10: deterministic values agree to 1e-12 per cell and column
Q_HALF = 0.5                     # T4/T5/T6 default q = 1/2 (forced binary)
GOOD_C, GOOD_PHI = 0.9, 0.2      # T11 defaults
BIAS_CELL_KEYS = ["test", "version"]   # part of a cell when present (docs/trust-metrics.md, "Cells and pairs")
VERDICT_CODE = {"A": 0, "B": 1, "TIE": 2}      # 'none', '' and 'NA' (abstention) map to -1: dropped first (T0)


def _codes(series, mapping):
    """Map a categorical column to small integer codes through its categories (a handful of strings), not row by
    row: -1 for anything not in mapping. Named values are case-insensitive (docs/data-formats.md)."""
    cat = series.astype("category")
    lut = np.array([mapping.get(str(c).upper(), -1) for c in cat.cat.categories] + [-1], dtype=np.int8)
    return lut[cat.cat.codes.to_numpy()]          # code -1 (NaN) picks the trailing -1


def _group_ids(df, keys, with_values=False):
    """Dense group ids 0..G-1 of the distinct value combinations of keys (categorical columns), in the order of
    their codes; with_values=True also returns a frame of each group's key values (row g = group g).
    The codes are combined into one mixed-radix integer (code + 1, so a missing value, code -1, is a value of its
    own); the occupied slots of that key space are numbered with a cumulative sum, linear time (no sort) while
    the key space is small; otherwise np.unique (a sort) numbers them."""
    cats, key, space = [], np.zeros(len(df), dtype=np.int64), 1
    for col in keys:
        cat = df[col] if isinstance(df[col].dtype, pd.CategoricalDtype) else df[col].astype("category")
        cats.append(cat.cat.categories)
        radix = len(cats[-1]) + 1
        key = key * radix + (cat.cat.codes.to_numpy().astype(np.int64) + 1)
        space *= radix
        if space > 2**62 // 1024:
            raise ValueError("too many key combinations for mixed-radix group ids")
    if space <= 64 * max(len(df), 1):
        used = np.zeros(space, dtype=bool)
        used[key] = True
        ids, slots = (np.cumsum(used) - 1)[key], np.flatnonzero(used)
    else:
        slots, ids = np.unique(key, return_inverse=True)
    if not with_values:
        return ids
    values = {}
    for col, categories in zip(reversed(keys), reversed(cats)):     # decode the mixed-radix slots
        radix = len(categories) + 1
        code = slots % radix - 1
        slots = slots // radix
        values[col] = [str(categories[c]) if c >= 0 else "" for c in code]
    return ids, pd.DataFrame({col: values[col] for col in keys})


def cell_columns(df):
    """Cell = (dataset, judge, format, condition fields[, bias test, version])."""
    fixed = set(CSV_TEXT) | set(CSV_NUMERIC) | set(CSV_FREE_TEXT)
    conditions = [c for c in df.columns if c not in fixed]
    return ["judge", "format", "dataset"] + conditions + [c for c in BIAS_CELL_KEYS if c in df]


def pair_summary(df):
    """Reduce the judgments to one row per pair (T0-T3, T4 per pair), vectorised.

    Returns (cells frame, per-pair dict of numpy arrays over the retained pairs, number of cells). A pair is
    (cell, item); its presentations are its two orders. Verdict counts per (pair, order, verdict) come from one
    np.bincount over integer keys, the fastest vectorised groupby-count numpy offers (pandas'
    groupby().size().unstack() gives the same table in about 90 ms instead of 20 ms at 1,000,000 judgments)."""
    if "variant" in df:     # bias-test judgments belong to the bias tests, not to trust (docs/trust-metrics.md)
        df = df[df["variant"].astype(object).isna() | (df["variant"].astype(str) == "")]
    keys = cell_columns(df)
    # One integer id per cell and per pair: what df.groupby(keys, observed=True, dropna=False).ngroup() gives,
    # computed from the categorical codes the reader already made (about 100 ms less per groupby at 1,000,000
    # judgments; groupby would factorise the same columns again).
    cell_of_row, cells = _group_ids(df, keys, with_values=True)
    pair_of_row = _group_ids(df, keys + ["item_id"])
    n_pairs = int(pair_of_row.max()) + 1 if len(df) else 0
    n_cells = int(cell_of_row.max()) + 1 if len(df) else 0

    order = _codes(df["order"], {"AB": 0, "BA": 1})        # 'unknown' order: in no pair (T0)
    verdict = _codes(df["verdict"], VERDICT_CODE)
    label_row = _codes(df["label"], VERDICT_CODE) if "label" in df else np.full(len(df), -1, np.int8)

    cell_of_pair = np.zeros(n_pairs, dtype=np.int64)
    cell_of_pair[pair_of_row] = cell_of_row
    label = np.full(n_pairs, -1, dtype=np.int64)           # the label is an item attribute
    label[pair_of_row] = label_row

    ok = (order >= 0) & (verdict >= 0)                      # answered, ordered runs
    key = pair_of_row[ok] * 6 + order[ok].astype(np.int64) * 3 + verdict[ok]
    cnt = np.bincount(key, minlength=n_pairs * 6).reshape(n_pairs, 2, 3)   # [pair, order, A/B/tie]

    answered = cnt.sum(axis=2)                              # answered runs per presentation
    retained = (answered > 0).all(axis=1)                   # T0: both orders have an answered run
    # T2: N_i = 1 if in each order all answered runs agree (at most one verdict with a nonzero count)
    n_rep = ((cnt > 0).sum(axis=2) <= 1).all(axis=1)
    # T1: modal verdict of a presentation; a tie for the top count means no mode
    top = cnt.max(axis=2)
    has_mode = ((cnt == top[:, :, None]).sum(axis=2) == 1) & (answered > 0)
    mode = cnt.argmax(axis=2)
    # T3: P_i = both orders have a mode and the modes are equal
    p_inv = has_mode.all(axis=1) & (mode[:, 0] == mode[:, 1])
    # T4: share of the pair's answered runs equal to the label (a tie is right only under a tie label)
    labelled = label >= 0
    safe_label = np.where(labelled, label, 0)
    correct = np.take_along_axis(cnt, safe_label[:, None, None], axis=2)[:, :, 0].sum(axis=1)
    total = answered.sum(axis=1)
    acc = np.where(labelled & retained, correct / np.maximum(total, 1), 0.0)
    # T7: R_i = modal verdict (when P_i = 1) equals the label
    r_ok = p_inv & (mode[:, 0] == label)

    keep = retained
    pairs = {
        "cell": cell_of_pair[keep],
        "N": n_rep[keep].astype(np.float64),
        "P": p_inv[keep].astype(np.float64),
        "lab": labelled[keep].astype(np.float64),
        "acc": acc[keep],
        "NPR": (n_rep & p_inv & r_ok)[keep].astype(np.float64),
        "maxruns": answered[keep].max(axis=1),
    }
    return cells, pairs, n_cells


def pair_matrix(pairs):
    """Per-pair columns whose sums give every T1-T8 statistic (the bootstrap reuses them):
    retained, N, P, labelled, lab*N, lab*P, lab*acc, lab*P*acc, lab*N*P*R."""
    lab = pairs["lab"]
    return np.column_stack([np.ones_like(lab), pairs["N"], pairs["P"], lab, lab * pairs["N"], lab * pairs["P"],
                            lab * pairs["acc"], lab * pairs["P"] * pairs["acc"], lab * pairs["NPR"]])


def stats_from_sums(S, single_run):
    """T2-T7 from column sums of pair_matrix (S: [..., 9]); undefined values are NaN (empty cells)."""
    with np.errstate(invalid="ignore", divide="ignore"):
        n, sN, sP, nl, sNl, sPl, sAcc, sAccDec, sNPR = np.moveaxis(S, -1, 0)
        C = sN / n
        phi = 1.0 - sP / n
        C_lab = sNl / nl
        phi_lab = 1.0 - sPl / nl
        A = sAcc / nl
        A_dec = np.where(sPl > 0, sAccDec / sPl, np.nan)           # empty when phi_lab = 1
        A_max = 1.0 - phi_lab * (1.0 - Q_HALF)                     # T5 (= 1 when phi_lab = 0)
        T = C_lab * (A - phi_lab * Q_HALF)                         # T6
        T_joint = sNPR / nl                                        # T7
        # T2 with one run per presentation: C is "n/a (1 run)" and so are T and T_joint (no opt-in here)
        C = np.where(single_run, np.nan, C)
        T = np.where(single_run, np.nan, T)
        T_joint = np.where(single_run, np.nan, T_joint)
    return {"C": C, "phi": phi, "A": A, "A_dec": A_dec, "A_max": A_max, "T": T, "T_joint": T_joint}


def trust_table(df):
    """The cell table of `tribunal-cli trust --ci 0` (q = 1/2, consistency unit = pair)."""
    cells, pairs, n_cells = pair_summary(df)
    X = pair_matrix(pairs)
    # per-cell sums: one weighted bincount per column (a vectorised groupby-sum over integer cell ids)
    S = np.column_stack([np.bincount(pairs["cell"], weights=X[:, j], minlength=n_cells)
                         for j in range(X.shape[1])])
    runs = np.zeros(n_cells, dtype=np.int64)
    np.maximum.at(runs, pairs["cell"], pairs["maxruns"])
    single = runs == 1
    st = stats_from_sums(S, single)
    out = cells.copy()
    out["n_pairs"] = S[:, 0].astype(np.int64)
    for k in ["C", "phi", "A", "A_dec", "A_max", "T", "T_joint"]:
        out[k] = st[k]
    out["q"] = np.where(S[:, 3] > 0, Q_HALF, np.nan)
    good_c, good_phi = st["C"] >= GOOD_C, st["phi"] <= GOOD_PHI      # T11 (bounds inclusive)
    quadrant = np.select([good_c & good_phi, ~good_c & good_phi, ~good_c & ~good_phi],
                         ["trustworthy", "noisy-but-fair", "chaos"], "confidently-biased").astype(object)
    quadrant[np.isnan(st["C"]) | np.isnan(st["phi"])] = ""
    out["quadrant"] = quadrant
    return out


def format_dispersion(table, keys):
    """T8: per (judge, dataset, condition values), dT_fmt = max_f T - min_f T over the formats whose T is defined,
    with T_min and T_max (a single format gives 0); empty for a group where no format has a defined T.
    keys: the cell key columns (cell_columns of the judgments)."""
    groups = [c for c in keys if c != "format"]
    # min/max skip NaN (formats with undefined T are left out) and give NaN for an all-undefined group
    g = table.groupby(groups, sort=False)["T"].agg(T_min="min", T_max="max").reset_index()
    g["dT_fmt"] = g["T_max"] - g["T_min"]
    return g


def compare_dispersion(mine, tribunal_csv):
    """T8 rows against `tribunal-cli dispersion --format csv`; returns (max abs difference, problems)."""
    theirs = read_tribunal_csv(tribunal_csv, ["dT_fmt", "T_min", "T_max"])
    keys = [c for c in theirs.columns if c in mine.columns and c not in ("dT_fmt", "T_min", "T_max")]
    m = mine.merge(theirs, on=keys, how="outer", suffixes=("", "_t"), indicator=True)
    problems = []
    if (m["_merge"] != "both").any():
        problems.append(f"T8: {int((m['_merge'] != 'both').sum())} groups only on one side")
        m = m[m["_merge"] == "both"]
    worst = 0.0
    for col in ("dT_fmt", "T_min", "T_max"):
        d = np.abs(m[col].to_numpy(float) - m[col + "_t"].to_numpy(float))
        one_sided = np.isnan(d) & ~(m[col].isna() & m[col + "_t"].isna()).to_numpy()
        d = d[~np.isnan(d)]
        worst = max([worst] + d.tolist())
        if (d > TRUST_TOLERANCE).any() or one_sided.any():
            problems.append(f"T8 {col}: {int((d > TRUST_TOLERANCE).sum() + one_sided.sum())} groups differ")
    return worst, len(m), problems


TRUST_COLUMNS = ["C", "phi", "A", "A_dec", "q", "A_max", "T", "T_joint"]


def compare_trust(mine, tribunal_csv):
    """Cell by cell, column by column; returns (max abs difference, list of problems)."""
    theirs = read_tribunal_table(tribunal_csv)
    keys = [c for c in theirs.columns if c in mine.columns and c not in TRUST_COLUMNS + ["n_pairs", "quadrant"]]
    for k in keys:
        theirs[k] = theirs[k].astype(str)
    m = mine.merge(theirs, on=keys, how="outer", suffixes=("", "_t"), indicator=True)
    problems = []
    if (m["_merge"] != "both").any():
        problems.append(f"{int((m['_merge'] != 'both').sum())} cells only on one side")
        m = m[m["_merge"] == "both"]
    worst = (0.0, "")
    for col in TRUST_COLUMNS:
        a, b = m[col].to_numpy(float), m[col + "_t"].to_numpy(float)
        both_nan = np.isnan(a) & np.isnan(b)
        one_nan = np.isnan(a) ^ np.isnan(b)
        if one_nan.any():
            problems.append(f"{col}: defined on one side only in {int(one_nan.sum())} cells")
        d = np.where(both_nan | one_nan, 0.0, np.abs(a - b))
        if d.size and d.max() > worst[0]:
            i = int(d.argmax())
            worst = (float(d.max()), f"{col} of {'/'.join(str(m.iloc[i][k]) for k in keys)}")
        if (d > TRUST_TOLERANCE).any():
            problems.append(f"{col}: {int((d > TRUST_TOLERANCE).sum())} cells differ by more than "
                            f"{TRUST_TOLERANCE:g} (max {d.max():.3g})")
    if not np.array_equal(m["n_pairs"].to_numpy(), m["n_pairs_t"].to_numpy()):
        problems.append("n_pairs differ")
    if not (m["quadrant"].astype(str).to_numpy() == m["quadrant_t"].astype(str).to_numpy()).all():
        problems.append("quadrant differs")
    return worst, len(m), problems
