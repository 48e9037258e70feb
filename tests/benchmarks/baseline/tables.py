"""Reading the tables tribunal-cli writes (`--format csv`, `--format json`) for the stages' agreement checks.

read_tribunal_csv keeps every column as text (names and condition values such as temperature "0" stay text) and
converts only the named numeric columns; csv_equals_json checks that a command's CSV and JSON outputs carry the
same rows and values (the compare and cascade stages, --check-only); rubric_judgments reads the judgment lines of
a Tribunal JSONL file that the rubric stages use.
"""
import json

import numpy as np
import pandas as pd


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


def csv_equals_json(csv_path, json_path):
    """A command's `--format csv` and `--format json` must hold the same rows and values (JSON null = empty cell);
    returns the differences."""
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


def rubric_judgments(path):
    """The judgment lines of a Tribunal JSONL file as dicts, without item lines and without bias-test judgments
    (they are not R7 / K9 cells)."""
    with open(path, "rb") as f:
        for line in f:
            if not line.strip():
                continue
            d = json.loads(line)
            if "judge" not in d or d.get("test"):
                continue
            yield d
