#!/usr/bin/python3
"""Independent reference for spearmanCorrelation (core/analysis/biasshift.h, B12): scipy.stats.spearmanr
(average ranks for ties) on vectors with ties, stored in tests/data/biasshift/spearman_reference.csv and read by
tst_biasshift.

Usage:
  spearman_reference.py              print the reference table (CSV) to stdout
  spearman_reference.py --check REF  regenerate the cases, check that REF holds the same vectors, and recompute
                                     every rho from REF's vectors with scipy; exit 1 on any difference

Columns: case, x, y (values separated by spaces, Python float repr), rho (repr; "nan" where scipy gives NaN:
a constant side). The random cases use random.Random with a fixed seed (its integer draws are stable across
Python versions). Needs /usr/bin/python3 with python3-scipy (Debian package).
"""
import argparse
import csv
import io
import math
import random
import sys
import warnings

from scipy.stats import spearmanr

TOLERANCE = 1e-12


def cases():
    fixed = [
        ("ties_small", [1, 2, 2, 3], [1, 3, 2, 4]),
        ("ties_both", [1, 1, 2, 2, 3, 3], [3, 1, 2, 2, 1, 3]),
        ("many_ties", [0, 0, 0, 1, 1, 2, 2, 2, 2, 5], [1, 2, 1, 2, 1, 2, 1, 2, 1, 2]),
        ("negative_with_ties", [5, 4, 4, 3, 2, 1], [1, 2, 2, 3, 4, 4]),
        ("two_values", [0.25, 0.75], [3.0, -1.0]),
        ("shifts", [0.2, -0.1, 0.2, 0.05, 0.3, -0.1, 0.0], [0.15, -0.2, 0.1, 0.1, 0.25, 0.0, -0.05]),
        ("flip_rates", [0, 0.5, 1, 0.5, 0, 0, 1, 0.5], [0.5, 0.5, 1, 0, 0, 0.5, 1, 1]),
        ("constant_x", [0.5, 0.5, 0.5], [1, 2, 3]),
    ]
    out = [(name, [float(v) for v in x], [float(v) for v in y]) for name, x, y in fixed]
    rng = random.Random(20261130)
    for n, levels in ((25, 4), (60, 7), (200, 11), (500, 3)):
        x = [rng.randrange(levels) / 2 for _ in range(n)]
        y = [x[k] / 2 + rng.randrange(levels) / 4 for k in range(n)]  # correlated, with ties
        out.append((f"random_{n}_levels_{levels}", x, y))
    return out


def rho(x, y):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # ConstantInputWarning for the constant case
        value = float(spearmanr(x, y).statistic)
    return value


def fmt(values):
    return " ".join(repr(v) for v in values)


def table():
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["case", "x", "y", "rho"])
    for name, x, y in cases():
        writer.writerow([name, fmt(x), fmt(y), repr(rho(x, y))])
    return buffer.getvalue()


def check(path):
    with open(path, newline="") as f:
        stored = list(csv.DictReader(f))
    expected = cases()
    problems = []
    if [r["case"] for r in stored] != [name for name, _, _ in expected]:
        problems.append("the case names differ from the generated ones")
    for row, (name, x, y) in zip(stored, expected):
        sx = [float(v) for v in row["x"].split()]
        sy = [float(v) for v in row["y"].split()]
        if sx != x or sy != y:
            problems.append(f"{name}: stored vectors differ from the generated ones")
        want = rho(sx, sy)
        got = float(row["rho"])
        if math.isnan(want) != math.isnan(got) or (not math.isnan(want) and abs(want - got) > TOLERANCE):
            problems.append(f"{name}: stored rho {got!r}, scipy gives {want!r}")
    for p in problems:
        print(p, file=sys.stderr)
    if not problems:
        print(f"{len(stored)} cases agree with scipy.stats.spearmanr")
    return 1 if problems else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", metavar="REF")
    args = parser.parse_args()
    if args.check:
        return check(args.check)
    sys.stdout.write(table())
    return 0


if __name__ == "__main__":
    sys.exit(main())
