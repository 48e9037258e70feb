"""Stages import-csv and import-jsonl: an audit file read as a careful pandas user would, and the checks of it.

Readers (timed): pandas.read_csv with categoricals on the flat CSV of `tribunal-cli simulate audit`
(Tribunal: `tribunal-cli bench import FILE.csv`); on the same audit written as Tribunal JSONL (judgments file;
labels live in FILE.items.jsonl, which neither side reads here) two careful readers, pandas.read_json(lines=True)
and a json.loads loop (Tribunal: `tribunal-cli bench import FILE.jsonl`).

Checks (after the timed runs): the judgment counts of the imported frame (total, 'none' verdicts, raw outputs; per
dataset, judge, format, order and rep) equal `tribunal-cli info FILE --json` (import_summary,
compare_import_summary); the JSONL frame equals the CSV frame on every judgment field both formats carry
(compare_frames).
"""
import gc
import json

import numpy as np
import pandas as pd

# Flat CSV columns with a fixed meaning (docs/data-formats.md); any other column is a condition field.
CSV_TEXT = ["dataset", "item_id", "judge", "format", "order", "verdict", "label", "error", "slot",
            "test", "version", "variant", "cue_on"]
CSV_NUMERIC = {"rep": "int32", "prob_a": "float64", "cost_usd": "float64", "latency_s": "float64",
               "confidence": "float64", "tokens_in": "float64", "tokens_out": "float64"}
CSV_FREE_TEXT = ["raw"]


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
