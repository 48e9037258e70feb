#!/usr/bin/python3
"""Independent reference for T10 (core/stats/anova.h): statsmodels anova_lm of
T ~ C(judge)+C(format)+C(dataset)+C(judge):C(format)+C(judge):C(dataset)+C(format):C(dataset),
sequential (typ=1) and Type II (typ=2), with eta2 = sum_sq / SS_total.

Usage:
  anova_reference.py [--percent] [--lstsq] INPUT.csv                 print the reference table (CSV) to stdout
  anova_reference.py [--percent] [--lstsq] INPUT.csv --check REF.csv  recompute and compare with a stored table

--lstsq computes the same table by model comparison instead (numpy.linalg.lstsq on full indicator columns,
df = matrix_rank increments): SS(term | earlier terms) for typ 1, SS(term | all terms not containing it) for
typ 2. Use it for rank-deficient designs (a missing level combination): there statsmodels reports the column
count as df and its Wald-based sums of squares test non-estimable constraints. On full-rank designs both agree.

INPUT has columns judge, format, dataset, T (other columns are ignored); --percent divides T by 100.
Output columns: type (1 or 2), source (judge, judge:format, ..., residual), df, ss, eta2.
Needs /usr/bin/python3 with python3-statsmodels and python3-pandas (Debian packages).
"""
import argparse
import csv
import sys

import pandas as pd
import statsmodels.formula.api as smf
from statsmodels.stats.anova import anova_lm

FORMULA = ("T ~ C(judge) + C(format) + C(dataset) + C(judge):C(format) + C(judge):C(dataset)"
           " + C(format):C(dataset)")


def source_name(statsmodels_name):
    if statsmodels_name == "Residual":
        return "residual"
    return ":".join(part[2:-1] for part in statsmodels_name.split(":"))


def reference(path, percent):
    data = pd.read_csv(path, dtype={"judge": str, "format": str, "dataset": str})
    # Only the model's columns: a data column named "C" (the cell's reproducibility) would shadow patsy's C().
    data = data[["judge", "format", "dataset", "T"]]
    if percent:
        data["T"] = data["T"] / 100.0
    data = data.dropna(subset=["T"])
    total = float(((data["T"] - data["T"].mean()) ** 2).sum())
    fit = smf.ols(FORMULA, data=data).fit()
    rows = []
    for typ in (1, 2):
        table = anova_lm(fit, typ=typ)
        for name, entry in table.iterrows():
            ss = float(entry["sum_sq"])
            rows.append((typ, source_name(name), float(entry["df"]), ss, ss / total))
    return rows


TERMS = [("judge",), ("format",), ("dataset",), ("judge", "format"), ("judge", "dataset"), ("format", "dataset")]


def reference_lstsq(path, percent):
    import numpy as np
    data = pd.read_csv(path, dtype={"judge": str, "format": str, "dataset": str})
    if percent:
        data["T"] = data["T"] / 100.0
    data = data.dropna(subset=["T"])
    y = data["T"].to_numpy(dtype=float)
    total = float(((y - y.mean()) ** 2).sum())

    def indicators(term):
        key = data[list(term)].astype(str).agg("|".join, axis=1)
        return pd.get_dummies(key).to_numpy(dtype=float)

    blocks = {term: indicators(term) for term in TERMS}

    def fit(terms):
        x = np.hstack([np.ones((len(y), 1))] + [blocks[t] for t in terms])
        beta = np.linalg.lstsq(x, y, rcond=None)[0]
        residual = y - x @ beta
        return float(residual @ residual), int(np.linalg.matrix_rank(x))

    full_rss, full_rank = fit(TERMS)
    rows = []
    for typ in (1, 2):
        for i, term in enumerate(TERMS):
            if typ == 1:
                reduced = TERMS[:i]
            else:
                reduced = [t for t in TERMS if t != term and not set(term) < set(t)]
            rss0, rank0 = fit(reduced)
            rss1, rank1 = fit(reduced + [term])
            rows.append((typ, ":".join(term), float(rank1 - rank0), rss0 - rss1, (rss0 - rss1) / total))
        rows.append((typ, "residual", float(len(y) - full_rank), full_rss, full_rss / total))
    return rows


def write(rows, out):
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["type", "source", "df", "ss", "eta2"])
    for typ, source, df, ss, eta2 in rows:
        writer.writerow([typ, source, repr(df), repr(ss), repr(eta2)])


def close(a, b):
    return abs(a - b) <= 1e-9 or abs(a - b) <= 1e-9 * max(abs(a), abs(b))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("input")
    parser.add_argument("--percent", action="store_true")
    parser.add_argument("--lstsq", action="store_true")
    parser.add_argument("--check")
    args = parser.parse_args()
    rows = (reference_lstsq if args.lstsq else reference)(args.input, args.percent)
    if not args.check:
        write(rows, sys.stdout)
        return 0
    with open(args.check, newline="") as f:
        stored = [(int(r["type"]), r["source"], float(r["df"]), float(r["ss"]), float(r["eta2"]))
                  for r in csv.DictReader(f)]
    if len(stored) != len(rows):
        print(f"{args.check}: {len(stored)} rows stored, statsmodels gives {len(rows)}")
        return 1
    bad = 0
    for s, r in zip(stored, rows):
        if s[:2] != r[:2] or not all(close(x, y) for x, y in zip(s[2:], r[2:])):
            print(f"{args.check}: stored {s} but the recomputation gives {r}")
            bad += 1
    print(f"{args.check}: {len(rows) - bad} of {len(rows)} rows agree")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
