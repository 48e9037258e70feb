#!/usr/bin/python3
"""Independent reference for the R2 QWK and the R3 Cohen's kappa (core/analysis/rubricagreement.h,
cohenKappa): scikit-learn's cohen_kappa_score on seeded random rating vectors.

Usage:
  rubric_reference.py --write DIR   generate the inputs and write kappa_inputs.csv and kappa_reference.csv
  rubric_reference.py --check DIR   recompute the references from DIR/kappa_inputs.csv and compare them with
                                    the stored ones (relative 1e-12); also checks that the seeded generator
                                    still gives the stored inputs

kappa_inputs.csv:    set,levels,label,predicted   (one row per prediction; values 1..levels)
kappa_reference.csv: set,levels,n,qwk,kappa       (nan = empty: no expected disagreement)

qwk   = cohen_kappa_score(label, predicted, labels=1..K, weights="quadratic")  (R2: the FULL scale 1..K)
kappa = cohen_kappa_score(label, predicted, labels=1..K, weights=None)         (R3 on K = 2)
Needs /usr/bin/python3 with python3-numpy and python3-sklearn (Debian 12: scikit-learn 1.2).
"""
import argparse
import csv
import math
import os
import sys
import warnings

import numpy as np
from sklearn.metrics import cohen_kappa_score

REL = 1e-12

# (name, seed, n, levels, kind)
SETS = [
    ("binary40", 21, 40, 2, "noisy"),
    ("binary7", 22, 7, 2, "uniform"),
    ("three60", 23, 60, 3, "noisy"),
    ("four25", 24, 25, 4, "uniform"),
    ("five100", 25, 100, 5, "noisy"),
    ("five_gap30", 26, 30, 5, "gap"),
    ("seven80", 27, 80, 7, "compressed"),
    ("ten200", 28, 200, 10, "noisy"),
    ("constant12", 29, 12, 4, "constant"),
]


def generate(seed, n, levels, kind):
    """Pairs (label, predicted) as ints in 1..levels."""
    rng = np.random.RandomState(seed)
    label = rng.randint(1, levels + 1, size=n)
    if kind == "uniform":
        predicted = rng.randint(1, levels + 1, size=n)
    elif kind == "noisy":
        predicted = np.clip(label + rng.randint(-1, 2, size=n), 1, levels)
    elif kind == "gap":
        # level 3 never occurs: the full-scale weights matter (examples.md section 5)
        label = rng.choice([1, 2, 4, 5], size=n)
        predicted = np.clip(label + rng.choice([-1, 0, 0, 1], size=n), 1, levels)
        predicted[predicted == 3] = 4
    elif kind == "compressed":
        predicted = np.clip(np.round((label + levels / 2.0) / 2.0 + rng.randint(-1, 2, size=n)), 1,
                            levels).astype(int)
    elif kind == "constant":
        label = np.full(n, 2)
        predicted = np.full(n, 2)
    else:
        raise ValueError(kind)
    return [(int(a), int(b)) for a, b in zip(label, predicted)]


def kappas(rows, levels):
    label = [r[0] for r in rows]
    predicted = [r[1] for r in rows]
    scale = list(range(1, levels + 1))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # 0/0 for the constant set gives nan with a RuntimeWarning
        qwk = float(cohen_kappa_score(label, predicted, labels=scale, weights="quadratic"))
        kappa = float(cohen_kappa_score(label, predicted, labels=scale, weights=None))
    return qwk, kappa


def read_inputs(path):
    sets, order = {}, []
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            key = (row["set"], int(row["levels"]))
            if key not in sets:
                sets[key] = []
                order.append(key)
            sets[key].append((int(row["label"]), int(row["predicted"])))
    return order, sets


def compute_all(order, sets):
    return [[name, levels, len(sets[(name, levels)])] + list(kappas(sets[(name, levels)], levels))
            for name, levels in order]


def write(directory):
    os.makedirs(directory, exist_ok=True)
    order, sets = [], {}
    for name, seed, n, levels, kind in SETS:
        order.append((name, levels))
        sets[(name, levels)] = generate(seed, n, levels, kind)
    with open(os.path.join(directory, "kappa_inputs.csv"), "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["set", "levels", "label", "predicted"])
        for name, levels in order:
            for a, b in sets[(name, levels)]:
                w.writerow([name, levels, a, b])
    with open(os.path.join(directory, "kappa_reference.csv"), "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["set", "levels", "n", "qwk", "kappa"])
        for row in compute_all(order, sets):
            w.writerow([repr(v) if isinstance(v, float) else v for v in row])


def close(a, b):
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    return a == b or abs(a - b) <= REL * max(abs(a), abs(b))


def check(directory):
    order, sets = read_inputs(os.path.join(directory, "kappa_inputs.csv"))
    problems = []
    expected_order = [(name, levels) for name, _, _, levels, _ in SETS]
    if order != expected_order:
        problems.append(f"kappa_inputs.csv sets {order} != generator sets {expected_order}")
    else:
        for name, seed, n, levels, kind in SETS:
            if generate(seed, n, levels, kind) != sets[(name, levels)]:
                problems.append(f"kappa_inputs.csv set {name}: differs from the seeded generator")
    computed = compute_all(order, sets)
    path = os.path.join(directory, "kappa_reference.csv")
    with open(path, newline="") as f:
        reader = csv.reader(f)
        next(reader)
        stored = list(reader)
    if len(stored) != len(computed):
        problems.append(f"{path}: {len(stored)} stored rows, {len(computed)} computed")
    else:
        for i, (s, c) in enumerate(zip(stored, computed)):
            if s[:3] != [str(v) for v in c[:3]]:
                problems.append(f"{path} row {i + 2}: key {s[:3]} != {c[:3]}")
                continue
            for j in (3, 4):
                if not close(float(s[j]), c[j]):
                    problems.append(f"{path} row {i + 2} column {j + 1}: stored {s[j]}, sklearn {c[j]!r}")
    for p in problems:
        print(p, file=sys.stderr)
    if problems:
        return 1
    print(f"rubric kappa references match scikit-learn: {len(computed)} sets")
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--write", metavar="DIR")
    group.add_argument("--check", metavar="DIR")
    args = parser.parse_args()
    if args.write:
        write(args.write)
        return 0
    return check(args.check)


if __name__ == "__main__":
    sys.exit(main())
