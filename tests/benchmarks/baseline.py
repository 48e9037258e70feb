#!/usr/bin/python3
"""The Python baseline of the benchmark suite (issue 10; ../shared/spec/quality.md, "Speed").

"The code a careful user would write" with pandas / numpy (Debian's python3-pandas 1.5, python3-numpy 1.24) for
six stages, timed side by side with Tribunal's command line on the same generated files, with a check that both
give the same numbers:

  import-csv    pandas.read_csv with categoricals of `tribunal-cli simulate audit` written as flat CSV
                (Tribunal: `tribunal-cli bench import FILE.csv`)
  import-jsonl  the same audit written as Tribunal JSONL (judgments file; labels live in FILE.items.jsonl, which
                neither side reads here), with two careful readers: pandas.read_json(lines=True) and a
                json.loads loop (Tribunal: `tribunal-cli bench import FILE.jsonl`)
  trust         the T1-T8 trust table per cell (metrics.md T0-T7, docs/trust-metrics.md; q = 1/2, consistency
                unit = pair), vectorised: pandas groupby for the keys, numpy bincount for the counts
                (Tribunal: `tribunal-cli bench trust FILE.csv`, in process on the same file)
  bootstrap     T13 percentile intervals of C, phi, A, T for every cell, 2,000 resamples of pairs, vectorised
                numpy (Tribunal: `tribunal-cli bench trust FILE.csv --resamples 2000`)
  compare       R7 paired comparisons of rubric judges (metrics.md R7, `tribunal-cli compare` defaults) on
                `simulate rubric --judges 8 --units 5000` (28 comparisons: one panel and format, so J(J-1)/2; 27
                is not reachable): joint unit bootstrap in numpy, scipy.stats.binomtest for McNemar and the sign
                test, statsmodels Holm (Tribunal: `tribunal-cli bench compare X.jsonl X.items.jsonl --judges ...`)
  cascade       K9 cross-fitted cascade thresholds (metrics.md K7-K9, `tribunal-cli cascade` defaults: 50 halvings,
                K7 grids) on `simulate rubric --judges 4 --units 6000` (30,000 pairs: 18,000 ordinal with 21
                thresholds, 12,000 binary with 26; first judge sim-cheap, 3 fallbacks; the simulator writes one
                panel, so 2 panel-kinds instead of quality.md's 9 panels): per-unit bin sums, the halves of all
                halvings as one matrix product, cumulative sums and argmax choices in numpy; halvings drawn with
                numpy's generator (Tribunal: `tribunal-cli bench cascade X.jsonl X.items.jsonl --first ...`)

Agreement checks (any failure exits 1):
  import        the judgment counts of the imported frame (total, 'none' verdicts, raw outputs; per dataset, judge,
                format, order and rep) equal `tribunal-cli info FILE --json`; the JSONL frame equals the CSV frame
                on every judgment field both formats carry.
  trust         every cell and column of `trust --ci 0 --format csv` within 1e-12 (n_pairs and quadrant exactly),
                and T8 (dT_fmt, T_min, T_max per judge and dataset) against `tribunal-cli dispersion`.
  bootstrap     every interval end of `trust --ci 2000` lies within Monte Carlo error of the baseline's: the share
                of the baseline's 2,000 replicates below Tribunal's end must be within BAND_Z standard errors of
                the percentile level (see check_intervals). The two sides use different generators (numpy PCG64 vs
                Tribunal's xoshiro256** streams), so equality to rounding is not expected.

  compare       counts exactly; diff, accuracies, McNemar / sign p-values and their Holm values within 1e-9;
                interval ends within Monte Carlo error (rank_z, as for bootstrap); p_boot within Monte Carlo
                error; outcomes equal unless 0 or +-margin lies within Monte Carlo error of a deciding end; and
                `compare --format csv` equals `--format json` (--check-only, 400 units).
  cascade       on Tribunal's own halvings (its xoshiro256** streams and Fisher-Yates, reproduced exactly in numpy:
                tribunal_halvings), every column of `cascade --format csv` the baseline computes - the full-sample
                K7/K8 summary and all six cross-fitted statistics - names and counts exactly, numbers within 1e-9;
                `cascade --format csv` equals `--format json` (--check-only, 300 units).

Timing: each baseline stage runs in a fresh process (this script re-invoked with --stage), which reports the
median of --repeat runs and its peak RSS (getrusage ru_maxrss: the whole process, i.e. including the Python
interpreter and pandas, whose import alone is reported as "idle"). Tribunal's commands run as child processes
timed by wall clock, with their peak RSS from os.wait4. Load averages are printed with every stage because the
2-core machine is shared. The trust table alone takes a few ms in Tribunal, less than the run-to-run noise of a CLI
run (start-up + import), so the table and the bootstrap are timed in process by `tribunal-cli bench trust` on the
same file; --bench-trust PATH adds the Google Benchmark figures of bench_trust (its own simulated audit).

Usage:
  /usr/bin/python3 tests/benchmarks/baseline.py [--judgments 1000000] [--seed 1] [--repeat 5] [--workdir DIR]
        [--stages import-csv,import-jsonl,trust,bootstrap,compare,cascade] [--compare-units 5000] [--compare-judges 8]
        [--cascade-units 6000] [--cli PATH] [--report FILE.md] [--bench-trust PATH]
  /usr/bin/python3 tests/benchmarks/baseline.py --check-only --judgments 20000 --cli build/cli/tribunal-cli

Needs /usr/bin/python3 with python3-pandas and python3-numpy (the python3 first on PATH may lack pandas).
"""
import argparse
import gc
import json
import math
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np
import pandas as pd

# The command-line program of a build in the repository's `build/` directory (--cli names another one).
DEFAULT_CLI = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "build", "app", "tribunal-cli")
STAGES = ["import-csv", "import-jsonl", "trust", "bootstrap", "compare", "cascade"]
TRUST_TOLERANCE = 1e-12          # issue 10: deterministic values agree to 1e-12 per cell and column
RESAMPLES = 2000                 # T13 default
LEVEL = 0.95                     # T13 default
BOOT_SEED = 20261129             # metrics.md's default seed (numpy's generator, so not the same stream)
BAND_Z = 5.0                     # bootstrap tolerance in standard errors of a percentile's rank, see below
Q_HALF = 0.5                     # T4/T5/T6 default q = 1/2 (forced binary)
GOOD_C, GOOD_PHI = 0.9, 0.2      # T11 defaults

# Flat CSV columns with a fixed meaning (docs/data-formats.md); any other column is a condition field.
CSV_TEXT = ["dataset", "item_id", "judge", "format", "order", "verdict", "label", "error", "slot",
            "test", "version", "variant", "cue_on"]
CSV_NUMERIC = {"rep": "int32", "prob_a": "float64", "cost_usd": "float64", "latency_s": "float64",
               "confidence": "float64", "tokens_in": "float64", "tokens_out": "float64"}
CSV_FREE_TEXT = ["raw"]
BIAS_CELL_KEYS = ["test", "version"]   # part of a cell when present (docs/trust-metrics.md, "Cells and pairs")


# ---------------------------------------------------------------------------------------------------------------
# Stage 1: flat CSV
def read_csv_audit(path):
    """pandas.read_csv as a careful user would call it on an audit file.

    - dtype 'category' for the repeated text columns (names, order, verdict, label, error text): each distinct
      string is stored once and rows hold small integer codes, which is what makes read_csv both smaller and
      faster than object columns, and makes the later groupby work on integer codes.
    - item_id as a category of *strings*: ids are names ("007" is not 7); letting pandas infer int64 would merge
      distinct ids and break the join with the items file.
    - keep_default_na=False with '' as the only NA marker, and only on numeric columns: pandas' default NA list
      contains "NA", "null", "None", "nan", which are legitimate verdicts (NA = abstention), item ids and names.
    - all columns are read (raw rationales too), because Tribunal's import reads and keeps them all.
    """
    header = pd.read_csv(path, nrows=0).columns
    dtype, na_values = {}, {}
    for col in header:
        if col in CSV_NUMERIC:
            dtype[col] = CSV_NUMERIC[col]
            na_values[col] = [""]
        elif col in CSV_FREE_TEXT:
            dtype[col] = "object"
            na_values[col] = [""]
        else:                       # fixed text columns and condition fields
            dtype[col] = "category"
    return pd.read_csv(path, dtype=dtype, keep_default_na=False, na_values=na_values, engine="c")


# ---------------------------------------------------------------------------------------------------------------
# Stage 2: Tribunal JSONL
JSONL_FIELDS = ["dataset", "item_id", "judge", "format", "order", "rep", "cost_usd", "latency_s", "raw", "error",
                "confidence", "tokens_in", "tokens_out"]
ANSWER_KEYS = ("answer", "verdict", "winner")      # synonyms (docs/data-formats.md); at most one per line
SLOT_TO_VERDICT = {("AB", "first"): "A", ("AB", "1"): "A", ("AB", "A"): "A",
                   ("AB", "second"): "B", ("AB", "2"): "B", ("AB", "B"): "B",
                   ("BA", "first"): "B", ("BA", "1"): "B", ("BA", "A"): "B",
                   ("BA", "second"): "A", ("BA", "2"): "A", ("BA", "B"): "A"}


def _answer_of(d):
    for key in ANSWER_KEYS:
        if key in d:
            return d[key]
    slot = d.get("slot")
    if slot is None:
        return "none"                      # no answer given = 'none' (a failed call, as the error says)
    if slot in ("tie", "none"):
        return slot
    return SLOT_TO_VERDICT.get((d.get("order"), str(slot)), "none")


def _finish_jsonl_frame(df):
    """Shared by both readers: the same categoricals as the CSV reader (same reasons)."""
    for col in ["dataset", "item_id", "judge", "format", "order", "verdict", "error"]:
        if col in df:
            df[col] = df[col].astype("category")
    if "rep" in df:
        df["rep"] = df["rep"].astype("int32")
    return df


def read_jsonl_loads(path):
    """A json.loads loop filling one list per column (no intermediate list of dicts, so the peak is the columns).

    - judgment lines only (a line with a 'judge' key); item lines are skipped, as the CSV has no item lines.
    - the cyclic garbage collector is paused while millions of small dicts and lists are created: CPython would
      otherwise rescan the growing heap again and again (35-50% of the time in a test at 200,000 judgments;
      nothing here is cyclic).
    - conditions (a nested object) become one column per key, like the CSV's condition columns.
    """
    loads = json.loads
    cols = {k: [] for k in JSONL_FIELDS}
    appenders = [(k, cols[k].append) for k in JSONL_FIELDS]
    verdicts, prob_a, conditions = [], [], {}
    n = 0
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        with open(path, "rb") as f:
            for line in f:
                if not line.strip():
                    continue
                d = loads(line)
                if "judge" not in d:
                    continue
                get = d.get
                for key, append in appenders:
                    append(get(key))
                verdicts.append(_answer_of(d))
                probs = get("probs")
                prob_a.append(probs.get("A") if probs else None)
                cond = get("condition")
                if cond:
                    for key, value in cond.items():
                        conditions.setdefault(key, [None] * n)
                        conditions[key].append(None if value is None or value == "" else str(value))
                for column in conditions.values():
                    if len(column) <= n:
                        column.append(None)
                n += 1
    finally:
        if was_enabled:
            gc.enable()
    data = {k: v for k, v in cols.items() if any(x is not None for x in v)}
    data["verdict"] = verdicts
    data["prob_a"] = pd.array(prob_a, dtype="Float64").to_numpy(dtype="float64", na_value=np.nan)
    for key, column in conditions.items():
        data[key] = column
    return _finish_jsonl_frame(pd.DataFrame(data))


def read_jsonl_pandas(path):
    """pandas.read_json(lines=True), called carefully.

    - dtype=False and convert_dates=False: the defaults would turn item ids such as "007" into integers and try
      to parse some columns as dates.
    - precise_float=True: the default fast float parser is not correctly rounded (0.001631 can come back one ulp
      off), so the numbers would not equal the CSV's or Tribunal's.
    - garbage collector paused while the records are built (same reason as the loop).
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        df = pd.read_json(path, lines=True, dtype=False, convert_dates=False, precise_float=True)
    finally:
        if was_enabled:
            gc.enable()
    if "judge" in df:
        df = df[df["judge"].notna()].reset_index(drop=True)       # drop item lines if the file mixes them
    answer = pd.Series("none", index=df.index, dtype=object)
    for key in ANSWER_KEYS:
        if key in df:
            answer = df[key].where(df[key].notna(), answer)
    if "slot" in df:
        has_slot = df["slot"].notna() & (answer == "none")
        answer[has_slot] = [_answer_of({"slot": s, "order": o})
                            for s, o in zip(df.loc[has_slot, "slot"], df.loc[has_slot, "order"])]
    df = df.drop(columns=[k for k in ANSWER_KEYS + ("slot",) if k in df])
    df["verdict"] = answer
    if "probs" in df:
        df["prob_a"] = pd.to_numeric(df["probs"].str.get("A"), errors="coerce")
        df = df.drop(columns=["probs"])
    if "condition" in df:
        cond = pd.json_normalize(df["condition"].where(df["condition"].notna(), {}).tolist())
        for key in cond:
            df[key] = cond[key].where(cond[key].notna() & (cond[key] != ""), None).map(
                lambda v: None if v is None else str(v))
        df = df.drop(columns=["condition"])
    return _finish_jsonl_frame(df)


JSONL_READERS = {"read_json": read_jsonl_pandas, "loads": read_jsonl_loads}


def import_summary(df):
    """The counts `tribunal-cli info FILE --json` prints, computed from a frame (the import agreement check)."""
    verdict = df["verdict"].astype(object).fillna("none").astype(str).str.lower()
    missing = verdict.isin(["none", ""])
    out = {"judgments": int(len(df)), "missing_verdicts": int(missing.sum())}
    if "raw" in df:
        out["with_raw_output"] = int((df["raw"].notna() & (df["raw"].astype(object) != "")).sum())
    for col in ["dataset", "judge", "format", "order", "rep"]:
        key = df[col].astype(str)
        g = pd.DataFrame({"k": key, "m": missing}).groupby("k")["m"].agg(["size", "sum"])
        out["by_" + col] = {k: {"judgments": int(r["size"]), "missing_verdicts": int(r["sum"])}
                            for k, r in g.iterrows()}
    return out


def compare_import_summary(mine, info):
    """List every count of `mine` that differs from Tribunal's info --json."""
    problems = []
    for key in ["judgments", "missing_verdicts", "with_raw_output"]:
        if key in mine and mine[key] != info.get(key):
            problems.append(f"{key}: baseline {mine[key]}, tribunal {info.get(key)}")
    for col in ["dataset", "judge", "format", "order", "rep"]:
        a, b = mine["by_" + col], info.get("by_" + col, {})
        for k in sorted(set(a) | set(b)):
            va = a.get(k, {})
            vb = {x: b.get(k, {}).get(x) for x in ("judgments", "missing_verdicts")}
            if va != vb:
                problems.append(f"by_{col}[{k}]: baseline {va}, tribunal {vb}")
    return problems


def compare_frames(csv_df, jsonl_df):
    """The JSONL import must hold the same judgments as the CSV import (both files come from one simulation)."""
    problems = []
    if len(csv_df) != len(jsonl_df):
        return [f"rows: csv {len(csv_df)}, jsonl {len(jsonl_df)}"]
    for col in ["dataset", "item_id", "judge", "format", "order", "verdict"]:
        a = csv_df[col].astype(str).to_numpy()
        b = jsonl_df[col].astype(str).to_numpy()
        bad = int((a != b).sum())
        if bad:
            problems.append(f"{col}: {bad} rows differ")
    if not np.array_equal(csv_df["rep"].to_numpy(), jsonl_df["rep"].to_numpy()):
        problems.append("rep differs")
    for col in ["prob_a", "cost_usd", "latency_s"]:
        if col in csv_df and col in jsonl_df:
            if not np.array_equal(csv_df[col].to_numpy(), jsonl_df[col].to_numpy(), equal_nan=True):
                problems.append(f"{col} differs")
    return problems


# ---------------------------------------------------------------------------------------------------------------
# Stage 3: trust table, T0-T8 (metrics.md; docs/trust-metrics.md)
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


def read_tribunal_csv(path, numeric):
    """A table written by tribunal-cli --format csv: every column read as text (names and condition values such as
    temperature "0" stay text, as in the baseline's cells), then the numeric columns converted; an empty cell
    (an undefined value) becomes NaN."""
    t = pd.read_csv(path, dtype=str, keep_default_na=False)
    for c in numeric:
        if c in t:
            t[c] = pd.to_numeric(t[c].replace("", np.nan))
    return t


def read_tribunal_table(path):
    """tribunal-cli trust --format csv."""
    return read_tribunal_csv(path, ["n_pairs", "C", "C_lo", "C_hi", "phi", "phi_lo", "phi_hi", "A", "A_lo", "A_hi",
                                    "A_dec", "q", "A_max", "T", "T_lo", "T_hi", "T_joint"])


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


# ---------------------------------------------------------------------------------------------------------------
# Stage 4: bootstrap intervals (T13)
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


# ---------------------------------------------------------------------------------------------------------------
# Stage 5: paired comparisons of rubric judges (R7; metrics.md "Rubric judges", docs/rubric-judges.md)
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
    with open(judgments_path, "rb") as f:
        for line in f:
            if not line.strip():
                continue
            d = json.loads(line)
            if "judge" not in d or d.get("test"):
                continue                     # item lines; bias-test judgments are not R7 cells
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
    t = pd.read_csv(csv_path, dtype=str, keep_default_na=False)
    with open(json_path) as f:
        j = json.load(f)
    problems = []
    if len(j) != len(t):
        return [f"rows: csv {len(t)}, json {len(j)}"]
    for i, obj in enumerate(j):
        for col in t.columns:
            a, b = t.iloc[i][col], obj.get(col)
            if b is None:
                same = a == ""
            elif isinstance(b, (int, float)) and not isinstance(b, bool):
                same = a != "" and float(a) == float(b)
            else:
                same = str(b).lower() == a.lower()
            if not same:
                problems.append(f"row {i} {col}: csv {a!r}, json {b!r}")
    return problems


def r7_judges(n):
    """The judges of `simulate rubric --judges n`, in the simulator's order."""
    return ["sim-cheap"] + [f"sim-mid-{i}" for i in range(2, n)] + ["sim-expensive"]


def make_rubric_files(cli, workdir, units, judges, seed):
    base = os.path.join(workdir, f"rubric-{units}u-{judges}j-s{seed}")
    files = {"rubric_jsonl": base + ".jsonl", "rubric_items": base + ".items.jsonl"}
    if not (os.path.exists(files["rubric_jsonl"]) and os.path.exists(files["rubric_items"])):
        subprocess.run([cli, "simulate", "rubric", "--judges", str(judges), "--units", str(units), "--seed",
                        str(seed), "-o", files["rubric_jsonl"]], check=True, stdout=subprocess.DEVNULL)
    return files


def bench_compare_cli(cli, files, judges, repeat, resamples=R7_RESAMPLES):
    """Tribunal's R7 family timed in process on the same files: `tribunal-cli bench compare` (loads once,
    untimed; medians of `repeat` runs)."""
    out = launch([cli, "bench", "compare", files["rubric_jsonl"], files["rubric_items"], "--judges",
                  ",".join(judges), "--repeat", str(repeat), "--resamples", str(resamples)], capture=True)[2]
    m = re.search(r"comparisons (\d+)  units (\d+).*\n.*\(R7\) median ([\d.]+) s  peak RSS ([\d.]+) MiB", out)
    if not m:
        sys.exit(f"cannot read bench compare output:\n{out}")
    return {"comparisons": int(m.group(1)), "units": int(m.group(2)), "median": float(m.group(3)),
            "peak": float(m.group(4)), "text": out.strip()}


def r7_agreement_text(summary):
    amb = f"; {len(summary['ambiguous'])} outcome(s) differ within MC error" if summary["ambiguous"] else ""
    return (f"{summary['comparisons']} comparisons: counts equal, diff/accuracies/McNemar/sign/Holm max abs diff "
            f"{summary['worst_det'][0]:.2g}; {summary['ends']} interval ends max {summary['worst_z'][0]:.2f} SE "
            f"(limit {BAND_Z:g}), {100 * summary['beyond2']:.1f}% beyond 2 SE; p_boot max diff "
            f"{summary['p_boot_max_diff']:.3g}{amb}")


# ---------------------------------------------------------------------------------------------------------------
# Stage 6: cross-fitted cascades (K9; metrics.md K7-K9, docs/cascades.md)
K9_HALVINGS = 50                 # `cascade` default
K9_SEED = 20261129               # `cascade` default seed
K9_STREAM = 0x4B39               # core/analysis/crossfit.h kCrossFitStream ("K9")
K9_SLACK = 1e-9                  # K7 edge case: deferred when conf < tau - 1e-9
K9_TOLERANCE = 1e-9
K9_UNITS = 6000                  # 6,000 units x 5 criteria = 30,000 pairs (quality.md: 30,000 pairs)
CHECK_K9_UNITS = 300             # --check-only
K9_FIRST = "sim-cheap"
K9_FALLBACKS = ["sim-mid-2", "sim-mid-3", "sim-expensive"]   # `simulate rubric --judges 4`
M64 = (1 << 64) - 1


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
    with open(judgments_path, "rb") as f:
        for line in f:
            if not line.strip():
                continue
            d = json.loads(line)
            if "judge" not in d or d.get("test"):
                continue
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


def _mix64(z):
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
    return z ^ (z >> 31)


def tribunal_halvings(units, halvings=K9_HALVINGS, seed=K9_SEED, stream=K9_STREAM):
    """Tribunal's halving permutations (crossfit.h, stats/randomstreams.h) reproduced exactly: per halving h the
    xoshiro256** stream keyed by (seed, stream, h), Fisher-Yates from the last position down with Lemire's
    uniformIndex on 32-bit words (low half of each output first). Vectorised over the halvings."""
    G = 0x9E3779B97F4A7C15
    state = np.zeros((4, halvings), dtype=np.uint64)
    for h in range(halvings):
        key = _mix64((_mix64((_mix64(seed) + stream * G) & M64) + h * G) & M64)
        for w in range(4):
            key = (key + G) & M64
            state[w, h] = _mix64(key)
    s0, s1, s2, s3 = state
    spare = np.zeros(halvings, dtype=np.uint64)
    have = np.zeros(halvings, dtype=bool)
    M32 = np.uint64(0xFFFFFFFF)

    def rotl(x, k):
        return (x << np.uint64(k)) | (x >> np.uint64(64 - k))

    def next32(mask):
        nonlocal s0, s1, s2, s3, spare, have
        result = rotl(s1 * np.uint64(5), 7) * np.uint64(9)
        t = s1 << np.uint64(17)
        n2 = s2 ^ s0
        n3 = s3 ^ s1
        n1 = s1 ^ n2
        n0 = s0 ^ n3
        n2 = n2 ^ t
        n3 = rotl(n3, 45)
        adv = mask & ~have                            # these streams draw a fresh 64-bit output
        word = np.where(have, spare, result & M32)
        s0, s1, s2, s3 = (np.where(adv, a, b) for a, b in ((n0, s0), (n1, s1), (n2, s2), (n3, s3)))
        spare = np.where(adv, result >> np.uint64(32), spare)
        have = np.where(mask, ~have, have)
        return word

    perm = np.tile(np.arange(units, dtype=np.int64), (halvings, 1))
    rows = np.arange(halvings)
    everyone = np.ones(halvings, dtype=bool)
    with np.errstate(over="ignore"):
        for i in range(units, 1, -1):
            n = np.uint64(i)
            m = next32(everyone) * n
            low = m & M32
            threshold = np.uint64(((1 << 32) - i) % i)
            rejected = low < threshold
            while rejected.any():
                m = np.where(rejected, next32(rejected) * n, m)
                low = m & M32
                rejected = rejected & (low < threshold)
            j = (m >> np.uint64(32)).astype(np.int64)
            a = perm[rows, i - 1].copy()
            perm[rows, i - 1] = perm[rows, j]
            perm[rows, j] = a
    return perm


def numpy_halvings(units, halvings=K9_HALVINGS, seed=K9_SEED):
    """What a careful numpy user writes: one permutation of the units per halving from numpy's generator."""
    rng = np.random.default_rng(seed)
    return np.array([rng.permutation(units) for _ in range(halvings)])


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
    return compare_r7_csv_json(csv_path, json_path)


def make_cascade_files(cli, workdir, units, seed):
    """`simulate rubric --judges 4` files under their own keys (the compare stage's rubric files may differ)."""
    f = make_rubric_files(cli, workdir, units, 4, seed)
    return {"k9_jsonl": f["rubric_jsonl"], "k9_items": f["rubric_items"]}


def cascade_args(cli, files):
    return [cli, "cascade", files["k9_jsonl"], files["k9_items"], "--first", K9_FIRST, "--fallbacks",
            ",".join(K9_FALLBACKS)]


def bench_cascade_cli(cli, files, repeat):
    """Tribunal's K9 timed in process on the same files: `tribunal-cli bench cascade` (loads once, untimed)."""
    out = launch([cli, "bench", "cascade", files["k9_jsonl"], files["k9_items"], "--first", K9_FIRST,
                  "--fallbacks", ",".join(K9_FALLBACKS), "--repeat", str(repeat)], capture=True)[2]
    m = re.search(r"panels (\d+)  pairs (\d+)  halvings (\d+)  thresholds (\d+)  fallbacks (\d+).*\n"
                  r".*\(K9\) median ([\d.]+) s  peak RSS ([\d.]+) MiB", out)
    if not m:
        sys.exit(f"cannot read bench cascade output:\n{out}")
    return {"panels": int(m.group(1)), "pairs": int(m.group(2)), "halvings": int(m.group(3)),
            "thresholds": int(m.group(4)), "fallbacks": int(m.group(5)), "median": float(m.group(6)),
            "peak": float(m.group(7)), "text": out.strip()}


# ---------------------------------------------------------------------------------------------------------------
# One stage in this process (the --stage child, or --check-only in-process)
def rss_mib():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0     # Linux: KiB


def timed(fn, repeat):
    """Wall times of repeat calls and the last result. The previous result is released before each call, so the
    process's peak RSS is that of one run (holding it would count two imported audits at once)."""
    times, result = [], None
    for _ in range(repeat):
        result = None
        gc.collect()
        t0 = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - t0)
    return times, result


def run_stage(stage, files, repeat, tribunal, jsonl_reader="loads"):
    """Run one stage; files: {'csv', 'jsonl'}; tribunal: paths of Tribunal's outputs to compare with.
    The peak RSS is read right after the timed runs, before the agreement checks allocate anything."""
    res = {"stage": stage, "idle_rss_mib": rss_mib()}
    if stage == "import-csv":
        times, df = timed(lambda: read_csv_audit(files["csv"]), repeat)
        res["times"] = times
        res["peak_rss_mib"] = rss_mib()
        res["problems"] = compare_import_summary(import_summary(df), tribunal["info_csv"])
        res["agreement"] = f"{len(df):,} judgments; counts = info --json" if not res["problems"] else "MISMATCH"
    elif stage == "import-jsonl":
        times, df = timed(lambda: JSONL_READERS[jsonl_reader](files["jsonl"]), repeat)
        res["times"] = times
        res["peak_rss_mib"] = rss_mib()
        problems = compare_import_summary(import_summary(df), tribunal["info_jsonl"])
        if tribunal.get("compare_csv"):
            problems += ["vs csv: " + p for p in compare_frames(read_csv_audit(files["csv"]), df)]
        res["problems"] = problems
        res["agreement"] = ("counts = info --json" + ("; frame = CSV frame" if tribunal.get("compare_csv") else "")
                            if not problems else "MISMATCH")
    elif stage == "trust":
        df = read_csv_audit(files["csv"])
        # T1-T7 per cell and T8 per (judge, dataset) from it
        keys = cell_columns(df)
        times, (table, t8) = timed(lambda: (lambda t: (t, format_dispersion(t, keys)))(trust_table(df)), repeat)
        res["times"] = times
        res["peak_rss_mib"] = rss_mib()
        worst, n, problems = compare_trust(table, tribunal["trust_ci0"])
        worst8, n8, problems8 = compare_dispersion(t8, tribunal["dispersion"])
        res["problems"] = problems + problems8
        res["cells"] = n
        res["agreement"] = (f"{n} cells, max abs diff {worst[0]:.2g} ({worst[1]}); T8: {n8} groups, max abs diff "
                            f"{worst8:.2g}" if not res["problems"] else "MISMATCH")
        res["max_diff"] = max(worst[0], worst8)
    elif stage == "bootstrap":
        df = read_csv_audit(files["csv"])
        summary = pair_summary(df)
        times, _ = timed(lambda: bootstrap_intervals(summary), repeat)
        res["times"] = times
        res["peak_rss_mib"] = rss_mib()
        # the same intervals again (same seed), now keeping the sorted replicates for the tolerance check
        table, reps = bootstrap_intervals(summary, keep_replicates=True)
        worst_z, worst_abs, problems, (n_ends, beyond2) = check_intervals(table, reps, tribunal["trust_ci"])
        res["problems"] = problems
        res["agreement"] = (f"{n_ends} ends: max {worst_z[0]:.2f} SE (limit {BAND_Z:g}), {100 * beyond2:.1f}% beyond "
                            f"2 SE; max abs end diff {worst_abs:.3g}" if not problems else "MISMATCH")
        res["worst"] = worst_z[1]
    elif stage == "compare":
        judg, items, ratings = read_rubric_jsonl(files["rubric_jsonl"], files["rubric_items"])
        judges = tribunal["r7_judges"]
        times, _ = timed(lambda: r7_family(judg, items, ratings, judges), repeat)
        res["times"] = times
        res["peak_rss_mib"] = rss_mib()
        table, reps = r7_family(judg, items, ratings, judges, keep_replicates=True)
        summary, problems = check_r7(table, reps, tribunal["r7_csv"])
        res["problems"] = problems
        res["agreement"] = r7_agreement_text(summary) if not problems else "MISMATCH"
        res["ambiguous"] = summary["ambiguous"]
        res["worst"] = summary["worst_z"][1]
        res["comparisons"] = summary["comparisons"]
        res["units"] = int(table["units"].max()) if len(table) else 0
    elif stage == "cascade":
        inputs = read_cascade_inputs(files["k9_jsonl"], files["k9_items"], K9_FIRST, K9_FALLBACKS)
        times, _ = timed(lambda: k9_all(inputs, numpy_halvings), repeat)
        res["times"] = times
        res["peak_rss_mib"] = rss_mib()
        # the same computation on Tribunal's own halvings (its xoshiro256** streams, reproduced exactly)
        exact_times, mine = timed(lambda: k9_all(inputs, tribunal_halvings), 1 if repeat == 1 else 3)
        res["exact_times"] = exact_times
        worst, problems = check_k9(mine, tribunal["k9_csv"])
        res["problems"] = problems
        res["agreement"] = (f"{len(mine)} panel-kinds x {len(K9_EXACT) + len(K9_NUMERIC)} columns on Tribunal's "
                            f"halvings: names and counts equal, max abs diff {worst:.2g} (limit {K9_TOLERANCE:g})"
                            if not problems else "MISMATCH")
        res["pairs"] = int(sum(len(v["unit"]) for v in inputs.values()))
    return res


# ---------------------------------------------------------------------------------------------------------------
# Tribunal side
# Every timed command is started by this small launcher (a python3 -S process of about 8 MiB), never forked from
# this script directly: Linux keeps a process's peak RSS across execve, so a child forked from a process holding
# pandas (60+ MiB) would report at least that much, whatever it used itself. The launcher forks, execs the
# command, waits with os.wait4 (that child's own rusage) and writes wall time and peak RSS to a report file.
LAUNCHER = r"""
import json, os, sys, time
report, out, args = sys.argv[1], sys.argv[2], sys.argv[3:]
t0 = time.perf_counter()
pid = os.fork()
if pid == 0:
    try:
        if out != "-":
            fd = os.open(out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
            os.dup2(fd, 1)
            os.close(fd)
        os.execv(args[0], args)
    finally:
        os._exit(127)
_, status, ru = os.wait4(pid, 0)
wall = time.perf_counter() - t0
with open(report, "w") as f:
    json.dump({"wall": wall, "maxrss_kib": ru.ru_maxrss, "code": os.waitstatus_to_exitcode(status)}, f)
"""


def launch(args, stdout_path=None, capture=False):
    """Run args through the launcher; return (wall seconds, peak RSS MiB, captured stdout or None)."""
    fd, report = tempfile.mkstemp(suffix=".json")
    os.close(fd)
    try:
        p = subprocess.run([sys.executable, "-S", "-c", LAUNCHER, report, stdout_path or "-"] + list(args),
                           stdout=subprocess.PIPE if capture else subprocess.DEVNULL, stderr=subprocess.PIPE,
                           text=True)
        with open(report) as f:
            rep = json.load(f)
    finally:
        os.unlink(report)
    if p.returncode != 0 or rep["code"] != 0:
        sys.exit(f"command failed ({rep['code']}): {' '.join(args)}\n{p.stderr}")
    return rep["wall"], rep["maxrss_kib"] / 1024.0, p.stdout


def run_cli(args, stdout_path=None):
    """Run tribunal-cli; return (wall seconds, peak RSS MiB of that process)."""
    wall, rss, _ = launch(args, stdout_path)
    return wall, rss


def bench_import(cli, path, repeat):
    out = launch([cli, "bench", "import", path, "--repeat", str(repeat)], capture=True)[2]
    m = re.search(r"median ([\d.]+) s .*peak RSS ([\d.]+) MiB \(([\d.]+) MiB before", out)
    if not m:
        sys.exit(f"cannot read bench import output:\n{out}")
    return {"median": float(m.group(1)), "peak": float(m.group(2)), "idle": float(m.group(3)), "text": out.strip()}


def bench_trust_cli(cli, path, repeat):
    """Tribunal's trust table and bootstrap timed in process on the same file: `tribunal-cli bench trust`
    (loads the audit once, untimed; medians of `repeat` runs; peak RSS of the process)."""
    out = launch([cli, "bench", "trust", path, "--repeat", str(repeat), "--resamples", str(RESAMPLES)],
                 capture=True)[2]
    m = re.search(r"\(T1-T8\) median ([\d.]+) s .*\(T13\) median ([\d.]+) s .*peak RSS ([\d.]+) MiB", out)
    if not m:
        sys.exit(f"cannot read bench trust output:\n{out}")
    return {"table": float(m.group(1)), "boot": float(m.group(2)), "peak": float(m.group(3)), "text": out.strip()}


def bench_trust_medians(exe, judgments):
    """Medians (seconds) of Tribunal's in-process Google Benchmarks BM_AnalyseTrust/0 and BM_BootstrapTrust/0
    (2 threads) on simulateAudit(judgments, 10 runs): the same workload shape as the CLI's file, without the
    start-up and import that make the CLI differences noisy on a loaded machine."""
    os.environ["TRIBUNAL_BENCH_JUDGMENTS"] = str(judgments)
    out = launch([exe, "--benchmark_filter=BM_AnalyseTrust/0|BM_BootstrapTrust/0", "--benchmark_format=json"],
                 capture=True)[2]
    scale = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}
    med = {}
    for b in json.loads(out)["benchmarks"]:
        if b.get("aggregate_name") == "median":
            med[b["name"].split("/")[0]] = b["real_time"] * scale[b["time_unit"]]
    return med


def info_json(cli, path):
    return json.loads(subprocess.run([cli, "info", path, "--json"], capture_output=True, text=True,
                                     check=True).stdout)


def make_files(cli, workdir, n, seed):
    base = os.path.join(workdir, f"audit-{n}-s{seed}")
    files = {"csv": base + ".csv", "jsonl": base + ".jsonl"}
    for path in files.values():
        if not os.path.exists(path):
            subprocess.run([cli, "simulate", "audit", "--judgments", str(n), "--seed", str(seed), "-o", path],
                           check=True, stdout=subprocess.DEVNULL)
    return files


def load():
    return "{:.2f} {:.2f} {:.2f}".format(*os.getloadavg())


def fmt_s(x):
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "-"
    return f"{x * 1000:.1f} ms" if x < 1 else f"{x:.2f} s"


# ---------------------------------------------------------------------------------------------------------------
def child_main(args):
    files = json.loads(args.files)
    tribunal = json.loads(args.tribunal)
    res = run_stage(args.stage, files, args.repeat, tribunal, args.jsonl_reader)
    print(json.dumps(res))


def spawn_stage(stage, files, repeat, tribunal, jsonl_reader="loads"):
    cmd = [sys.executable, os.path.abspath(__file__), "--stage", stage, "--repeat", str(repeat),
           "--files", json.dumps(files), "--tribunal", json.dumps(tribunal), "--jsonl-reader", jsonl_reader]
    # the child reports its own getrusage peak (it is forked from the small launcher, so that figure is its own)
    out = launch(cmd, capture=True)[2]
    return json.loads(out.strip().splitlines()[-1])


def check_only(args, files, cli):
    """Small N, no timing: every equality check once, in this process (the CTest test)."""
    wd = os.path.dirname(files["csv"])
    tribunal = {"info_csv": info_json(cli, files["csv"]), "info_jsonl": info_json(cli, files["jsonl"]),
                "compare_csv": True,
                "trust_ci0": os.path.join(wd, "trust-ci0.csv"), "trust_ci": os.path.join(wd, "trust-ci.csv"),
                "dispersion": os.path.join(wd, "dispersion.csv")}
    run_cli([cli, "dispersion", files["csv"], "--format", "csv"], tribunal["dispersion"])
    run_cli([cli, "trust", files["csv"], "--ci", "0", "--format", "csv"], tribunal["trust_ci0"])
    run_cli([cli, "trust", files["csv"], "--ci", str(RESAMPLES), "--format", "csv"], tribunal["trust_ci"])
    if "compare" in args.stages:
        files = dict(files, **make_rubric_files(cli, wd, CHECK_R7_UNITS, args.compare_judges, args.seed))
        tribunal["r7_judges"] = r7_judges(args.compare_judges)
        tribunal["r7_csv"] = os.path.join(wd, "compare.csv")
        r7_args = [cli, "compare", files["rubric_jsonl"], files["rubric_items"], "--judges",
                   ",".join(tribunal["r7_judges"])]
        run_cli(r7_args + ["--format", "csv"], tribunal["r7_csv"])
        run_cli(r7_args + ["--format", "json"], os.path.join(wd, "compare.json"))
    if "cascade" in args.stages:
        files = dict(files, **make_cascade_files(cli, wd, CHECK_K9_UNITS, args.seed))
        tribunal["k9_csv"] = os.path.join(wd, "cascade.csv")
        run_cli(cascade_args(cli, files) + ["--format", "csv"], tribunal["k9_csv"])
        run_cli(cascade_args(cli, files) + ["--format", "json"], os.path.join(wd, "cascade.json"))
    failed = False
    # Each command's CSV and JSON outputs must carry the same values.
    for stage, check, csv_key in (("cascade", compare_k9_csv_json, "k9_csv"), ("compare", compare_r7_csv_json, "r7_csv")):
        if stage not in args.stages:
            continue
        problems = check(tribunal[csv_key], os.path.join(wd, f"{stage}.json"))
        print(f"{stage + ' (csv = json)':24s} {'FAIL' if problems else 'ok  '} "
              f"every column of {stage} --format csv equals --format json")
        for p in problems[:20]:
            print("    " + p)
        failed |= bool(problems)
    for stage in args.stages:
        readers = ["loads", "read_json"] if stage == "import-jsonl" else ["loads"]
        for reader in readers:
            res = run_stage(stage, files, 1, tribunal, reader)
            name = stage + (f" ({reader})" if stage == "import-jsonl" else "")
            print(f"{name:24s} {'FAIL' if res['problems'] else 'ok  '} {res['agreement']}")
            for p in res["problems"][:20]:
                print("    " + p)
            for p in res.get("ambiguous", []):
                print("    outcome within Monte Carlo error: " + p)
            failed |= bool(res["problems"])
    return 1 if failed else 0


def full_run(args, files, cli):
    wd = os.path.dirname(files["csv"])
    R = args.repeat
    rows, notes, failed = [], [], False
    n = args.judgments
    sizes = {k: os.path.getsize(v) / 2**20 for k, v in files.items()}
    tribunal = {"info_csv": info_json(cli, files["csv"]), "info_jsonl": info_json(cli, files["jsonl"]),
                "compare_csv": False,
                "trust_ci0": os.path.join(wd, "trust-ci0.csv"), "trust_ci": os.path.join(wd, "trust-ci.csv"),
                "dispersion": os.path.join(wd, "dispersion.csv")}
    run_cli([cli, "dispersion", files["csv"], "--format", "csv"], tribunal["dispersion"])
    print(f"# {n:,} judgments, seed {args.seed}, repeat {R}, cli {cli}", flush=True)
    notes.append(f"{n:,} judgments (simulate audit --seed {args.seed}), medians of {R}; {os.cpu_count()} cores; "
                 f"Python {sys.version.split()[0]}, pandas {pd.__version__}, numpy {np.__version__}; "
                 f"baseline single-threaded, tribunal-cli with its default threads")

    def add(stage, workload, t_med, b_med, t_rss, b_rss, agreement, ld, b_idle=None, t_idle=None):
        ratio = b_med / t_med if t_med and b_med and t_med > 0 else float("nan")
        rows.append([stage, workload, fmt_s(t_med), fmt_s(b_med), f"{ratio:.1f}x" if ratio == ratio else "-",
                     f"{t_rss:.0f} MiB" + (f" ({t_idle:.0f} idle)" if t_idle else "") if t_rss else "-",
                     f"{b_rss:.0f} MiB" + (f" ({b_idle:.0f} idle)" if b_idle else "") if b_rss else "-",
                     agreement, ld])
        print(" | ".join(rows[-1]), flush=True)

    baseline_csv_import = None        # read_csv median, reused by the end-to-end trust row
    if "import-csv" in args.stages:
        ld0 = load()
        t = bench_import(cli, files["csv"], R)
        b = spawn_stage("import-csv", files, R, tribunal)
        baseline_csv_import = statistics.median(b["times"])
        failed |= bool(b["problems"])
        add("import CSV", f"{n:,} judgments, {sizes['csv']:.1f} MiB", t["median"], statistics.median(b["times"]),
            t["peak"], b["peak_rss_mib"], b["agreement"], f"{ld0} / {load()}", b["idle_rss_mib"], t["idle"])
    if "import-jsonl" in args.stages:
        ld0 = load()
        t = bench_import(cli, files["jsonl"], R)
        jsonl_medians = {}
        for reader, label in (("loads", "json.loads loop"), ("read_json", "read_json(lines=True)")):
            b = spawn_stage("import-jsonl", files, R, tribunal, reader)
            jsonl_medians[label] = statistics.median(b["times"])
            failed |= bool(b["problems"])
            add(f"import JSONL ({label})", f"{n:,} judgments, {sizes['jsonl']:.1f} MiB", t["median"],
                statistics.median(b["times"]), t["peak"], b["peak_rss_mib"], b["agreement"],
                f"{ld0} / {load()}", b["idle_rss_mib"], t["idle"])
        fastest = min(jsonl_medians, key=jsonl_medians.get)
        notes.append(f"JSONL: the faster careful reader in this run is {fastest} "
                     f"({', '.join(f'{k} {fmt_s(v)}' for k, v in jsonl_medians.items())})")
    want_trust, want_boot = "trust" in args.stages, "bootstrap" in args.stages
    if want_trust or want_boot:
        # Interleaved so that load changes hit all three commands alike: info (= start-up + import + a summary),
        # trust --ci 0 (+ the table), trust --ci 2000 (+ the intervals). Differences of medians isolate a stage.
        ld0 = load()
        walls = {"info": [], "ci0": [], "ci": []}
        rss = {"info": 0.0, "ci0": 0.0, "ci": 0.0}
        for _ in range(R):
            for key, extra, outp in (("info", None, None), ("ci0", "0", tribunal["trust_ci0"]),
                                     ("ci", str(RESAMPLES), tribunal["trust_ci"])):
                if key == "ci" and not want_boot:
                    continue
                cmd = [cli, "info", files["csv"]] if key == "info" else \
                      [cli, "trust", files["csv"], "--ci", extra, "--format", "csv"]
                w, r = run_cli(cmd, outp)
                walls[key].append(w)
                rss[key] = max(rss[key], r)
        med = {k: statistics.median(v) if v else float("nan") for k, v in walls.items()}
        bt = bench_trust_cli(cli, files["csv"], R)
        inproc = bench_trust_medians(args.bench_trust, n) if args.bench_trust else {}
        ld1 = load()
        if want_trust:
            b = spawn_stage("trust", files, R, tribunal)
            failed |= bool(b["problems"])
            add("trust table T1-T8", f"{b.get('cells', '?')} cells; table alone (Tribunal: bench trust, same file)",
                bt["table"], statistics.median(b["times"]), bt["peak"], None, b["agreement"], f"{ld0} / {ld1}")
            if "BM_AnalyseTrust" in inproc:
                add("trust table T1-T8", "table alone, Tribunal in process (bench_trust BM_AnalyseTrust/0)",
                    inproc["BM_AnalyseTrust"], statistics.median(b["times"]), None, None, "(as above)",
                    f"{ld0} / {ld1}")
            if baseline_csv_import is None:
                baseline_csv_import = statistics.median(spawn_stage("import-csv", files, R, tribunal)["times"])
            add("trust table T1-T8", "end to end: CSV file -> table (baseline: read_csv + table medians)",
                med["ci0"], baseline_csv_import + statistics.median(b["times"]), rss["ci0"], b["peak_rss_mib"],
                "(as above)", f"{ld0} / {ld1}", b["idle_rss_mib"])
        if want_boot:
            b = spawn_stage("bootstrap", files, R, tribunal)
            failed |= bool(b["problems"])
            add("bootstrap T13", f"all cells x {RESAMPLES:,} resamples (Tribunal: bench trust, same file)",
                bt["boot"], statistics.median(b["times"]), bt["peak"], b["peak_rss_mib"],
                b["agreement"], f"{ld0} / {load()}", b["idle_rss_mib"])
            if "BM_BootstrapTrust" in inproc:
                add("bootstrap T13", "Tribunal in process (bench_trust BM_BootstrapTrust/0)",
                    inproc["BM_BootstrapTrust"], statistics.median(b["times"]), None, None, "(as above)",
                    f"{ld0} / {load()}")
            notes.append(f"bootstrap worst end: {b.get('worst', '')}")
        notes.append("tribunal-cli wall medians: info {}, trust --ci 0 {}, trust --ci {} {}".format(
            fmt_s(med["info"]), fmt_s(med["ci0"]), RESAMPLES, fmt_s(med["ci"])))
    if "compare" in args.stages:
        rfiles = make_rubric_files(cli, wd, args.compare_units, args.compare_judges, args.seed)
        judges = r7_judges(args.compare_judges)
        r7 = {"r7_judges": judges, "r7_csv": os.path.join(wd, "compare.csv")}
        run_cli([cli, "compare", rfiles["rubric_jsonl"], rfiles["rubric_items"], "--judges", ",".join(judges),
                 "--format", "csv"], r7["r7_csv"])
        ld0 = load()
        t = bench_compare_cli(cli, rfiles, judges, R)
        b = spawn_stage("compare", dict(files, **rfiles), R, dict(tribunal, **r7))
        failed |= bool(b["problems"])
        add("paired comparisons R7", f"{t['comparisons']} comparisons x {R7_RESAMPLES:,} resamples, {t['units']:,} "
            f"units (Tribunal: bench compare, same files)", t["median"], statistics.median(b["times"]), t["peak"],
            b["peak_rss_mib"], b["agreement"], f"{ld0} / {load()}", b["idle_rss_mib"])
        notes.append(f"compare: simulate rubric --judges {args.compare_judges} --units {args.compare_units} --seed "
                     f"{args.seed} (one panel, one format: {t['comparisons']} comparisons, the nearest to "
                     f"quality.md's 27); worst interval end: {b.get('worst', '')}")
        for p in b.get("ambiguous", []):
            notes.append("compare outcome within Monte Carlo error: " + p)
        for p in b["problems"][:20]:
            notes.append("compare MISMATCH: " + p)
    if "cascade" in args.stages:
        kfiles = make_cascade_files(cli, wd, args.cascade_units, args.seed)
        k9 = {"k9_csv": os.path.join(wd, "cascade.csv")}
        run_cli(cascade_args(cli, kfiles) + ["--format", "csv"], k9["k9_csv"])
        ld0 = load()
        t = bench_cascade_cli(cli, kfiles, R)
        b = spawn_stage("cascade", dict(files, **kfiles), R, dict(tribunal, **k9))
        failed |= bool(b["problems"])
        add("cross-fitted cascades K9", f"{t['halvings']} halvings x {t['thresholds']} thresholds (binary; ordinal 21) "
            f"x {t['fallbacks']} fallbacks x {t['panels']} panel-kinds, {t['pairs']:,} pairs (Tribunal: bench "
            f"cascade, same files)", t["median"], statistics.median(b["times"]), t["peak"], b["peak_rss_mib"],
            b["agreement"], f"{ld0} / {load()}", b["idle_rss_mib"])
        notes.append(f"cascade: simulate rubric --judges 4 --units {args.cascade_units} --seed {args.seed} (one "
                     f"panel, ordinal and binary criteria: 2 panel-kinds; quality.md's 9 panels are not reachable "
                     f"with the simulator), cascade --first {K9_FIRST} --fallbacks {','.join(K9_FALLBACKS)}; the "
                     f"timed baseline draws its halvings with numpy's generator; on Tribunal's own halvings "
                     f"(xoshiro256** reproduced in numpy) it takes {fmt_s(statistics.median(b['exact_times']))}, "
                     f"which the agreement check uses")
        for p in b["problems"][:20]:
            notes.append("cascade MISMATCH: " + p)
    header = ["stage", "workload", "Tribunal median", "baseline median", "ratio (baseline / Tribunal)",
              "Tribunal peak RSS", "baseline peak RSS", "agreement", "load avg (start / end)"]
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    text = "\n".join(lines) + "\n\n" + "\n".join("- " + x for x in notes) + "\n"
    print("\n" + text)
    if args.report:
        with open(args.report, "w") as f:
            f.write(text)
    return 1 if failed else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--judgments", type=int, default=1_000_000)
    ap.add_argument("--seed", type=int, default=1, help="simulation seed")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--workdir", help="where the generated files go (default: a temporary directory)")
    ap.add_argument("--stages", default=",".join(STAGES))
    ap.add_argument("--cli", default=DEFAULT_CLI, help="tribunal-cli to compare with")
    ap.add_argument("--compare-units", type=int, default=5000,
                    help="compare stage: units of `simulate rubric` (quality.md: 5,000; --check-only uses "
                    f"{CHECK_R7_UNITS})")
    ap.add_argument("--compare-judges", type=int, default=8,
                    help="compare stage: judges of `simulate rubric` (8: 28 comparisons, the nearest to "
                    "quality.md's 27 that one panel and format allow)")
    ap.add_argument("--cascade-units", type=int, default=K9_UNITS,
                    help="cascade stage: units of `simulate rubric --judges 4` (6,000 x 5 criteria = 30,000 pairs, "
                    f"quality.md's workload; --check-only uses {CHECK_K9_UNITS})")
    ap.add_argument("--check-only", action="store_true", help="equality checks only, no timing (CTest)")
    ap.add_argument("--report", help="also write the results table (markdown) here")
    ap.add_argument("--bench-trust", help="also time Tribunal's trust table and bootstrap in process with this "
                    "bench_trust executable (tests/benchmarks/bench_trust.cpp)")
    # internal: one stage in a fresh process
    ap.add_argument("--stage", help=argparse.SUPPRESS)
    ap.add_argument("--files", help=argparse.SUPPRESS)
    ap.add_argument("--tribunal", help=argparse.SUPPRESS)
    ap.add_argument("--jsonl-reader", default="loads", choices=sorted(JSONL_READERS), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.stage:
        return child_main(args)
    args.stages = [s for s in args.stages.split(",") if s]
    unknown = set(args.stages) - set(STAGES)
    if unknown:
        ap.error(f"unknown stage(s): {', '.join(sorted(unknown))}")
    cli = os.path.abspath(args.cli)
    if not os.access(cli, os.X_OK):
        ap.error(f"no executable tribunal-cli at {cli}")
    tmp = None
    if args.workdir:
        os.makedirs(args.workdir, exist_ok=True)
        wd = args.workdir
    else:
        wd = tmp = tempfile.mkdtemp(prefix="tribunal-baseline-")
    try:
        files = make_files(cli, wd, args.judgments, args.seed)
        return check_only(args, files, cli) if args.check_only else full_run(args, files, cli)
    finally:
        if tmp:
            shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
