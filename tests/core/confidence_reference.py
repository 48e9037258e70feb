#!/usr/bin/python3
"""Independent reference for the K2 AUROC (core/analysis/confidence.h): scikit-learn's roc_auc_score of the
confidence for correctness, on seeded random sets with many tied confidences.

Usage:
  confidence_reference.py --write DIR   generate the inputs and write inputs.csv and reference.csv
  confidence_reference.py --check DIR   recompute the references from DIR/inputs.csv and compare them with
                                        the stored ones (absolute 1e-12); also checks that the seeded
                                        generator still gives the stored inputs

inputs.csv:    set,confidence,right   (right 0 or 1; confidence written with repr so it parses back exactly)
reference.csv: set,n,right,auroc
Needs /usr/bin/python3 with python3-numpy and python3-sklearn (Debian 12: scikit-learn 1.2).
"""
import argparse
import csv
import os
import sys

import numpy as np
from sklearn.metrics import roc_auc_score

TOL = 1e-12

# (name, seed, n, grid): grid > 0 rounds confidences to multiples of 1/grid (ties), 0 keeps them continuous
SETS = [
    ("continuous40", 21, 40, 0),
    ("ties20_300", 22, 300, 20),
    ("ties4_100", 23, 100, 4),
    ("informative500", 24, 500, 50),
    ("small7", 25, 7, 10),
    ("large5000", 26, 5000, 100),
]


def generate(seed, n, grid):
    rng = np.random.RandomState(seed)
    conf = rng.uniform(0.0, 1.0, n)
    if grid:
        conf = np.round(conf * grid) / grid
    # right more often when confident, so the AUROC is away from 1/2
    right = (rng.uniform(0.0, 1.0, n) < 0.35 + 0.5 * conf).astype(int)
    return [(float(c), int(r)) for c, r in zip(conf, right)]


def references(rows_by_set):
    out = []
    for name, rows in rows_by_set.items():
        conf = np.array([c for c, _ in rows])
        right = np.array([r for _, r in rows])
        out.append((name, len(rows), int(right.sum()), float(roc_auc_score(right, conf))))
    return out


def read_inputs(path):
    rows = {}
    with open(path, newline="") as f:
        for r in csv.DictReader(f):
            rows.setdefault(r["set"], []).append((float(r["confidence"]), int(r["right"])))
    return rows


def main():
    parser = argparse.ArgumentParser()
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--write", metavar="DIR")
    group.add_argument("--check", metavar="DIR")
    args = parser.parse_args()
    generated = {name: generate(seed, n, grid) for name, seed, n, grid in SETS}
    if args.write:
        os.makedirs(args.write, exist_ok=True)
        with open(os.path.join(args.write, "inputs.csv"), "w", newline="") as f:
            w = csv.writer(f, lineterminator="\n")
            w.writerow(["set", "confidence", "right"])
            for name, rows in generated.items():
                for c, r in rows:
                    w.writerow([name, repr(c), r])
        with open(os.path.join(args.write, "reference.csv"), "w", newline="") as f:
            w = csv.writer(f, lineterminator="\n")
            w.writerow(["set", "n", "right", "auroc"])
            for name, n, right, auroc in references(generated):
                w.writerow([name, n, right, repr(auroc)])
        return 0
    stored = read_inputs(os.path.join(args.check, "inputs.csv"))
    if stored != generated:
        print("inputs.csv differs from what the seeded generator gives", file=sys.stderr)
        return 1
    want = {}
    with open(os.path.join(args.check, "reference.csv"), newline="") as f:
        for r in csv.DictReader(f):
            want[r["set"]] = (int(r["n"]), int(r["right"]), float(r["auroc"]))
    bad = 0
    for name, n, right, auroc in references(stored):
        if name not in want or want[name][:2] != (n, right) or abs(want[name][2] - auroc) > TOL:
            print(f"{name}: stored {want.get(name)}, sklearn ({n}, {right}, {auroc!r})", file=sys.stderr)
            bad += 1
    print(f"{len(want) - bad} of {len(want)} AUROC references agree with scikit-learn to {TOL}")
    return 1 if bad or len(want) != len(SETS) else 0


if __name__ == "__main__":
    sys.exit(main())
