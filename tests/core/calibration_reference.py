#!/usr/bin/python3
"""Independent reference for B11 calibration (core/analysis/calibration.h): scikit-learn's brier_score_loss
and log_loss, and a numpy binning for the ECE and the reliability points, on seeded random probability
vectors.

Usage:
  calibration_reference.py --write DIR   generate the inputs and write inputs.csv, reference.csv, points.csv
  calibration_reference.py --check DIR   recompute the references from DIR/inputs.csv and compare them with
                                         the stored ones (relative 1e-12); also checks that the seeded
                                         generator still gives the stored inputs

inputs.csv:    set,bins,item,label,option,p   (label A or B; option A: p = P(A), option B: p = P(B))
reference.csv: set,bins,n,decided,accuracy,confidence,ece,brier,log_loss
points.csv:    set,lo,hi,count,mean_confidence,accuracy   (non-empty bins, ascending)

Definitions (metrics.md B11 and its edge case): P(A) = p or 1 - p; a 50/50 answer (|P(A) - 0.5| < 1e-5) has
no verdict, enters the confidence as 0.5 and the ECE as half right; bins [k/b, (k+1)/b), the last closed.
Brier: sklearn brier_score_loss(A better, P(A)). Log loss: sklearn log_loss(ones, P(better), eps=1e-15,
labels=[0, 1]), i.e. -mean ln clip(P(better), 1e-15, 1 - 1e-15) as the spec writes it (given P(A) and the
outcome instead, sklearn would clip P(A), which differs only when B is better and P(A) = 1).
Needs /usr/bin/python3 with python3-numpy and python3-sklearn (Debian 12: scikit-learn 1.2).
"""
import argparse
import csv
import math
import os
import sys

import numpy as np
from sklearn.metrics import brier_score_loss, log_loss

FIFTY = 1e-5
REL = 1e-12

# (name, seed, n, bins, kind)
SETS = [
    ("uniform50", 11, 50, 10, "uniform"),
    ("confident200", 12, 200, 10, "beta"),
    ("edges300", 13, 300, 10, "edges"),
    ("pbonly120", 14, 120, 10, "pb"),
    ("bins15_500", 15, 500, 15, "uniform"),
    ("bins3_80", 16, 80, 3, "edges"),
    ("clipped40", 17, 40, 10, "clip"),
    ("allA25", 18, 25, 10, "allA"),
]


def generate(name, seed, n, kind):
    """Rows (item, label, option, p) of one set; p written with repr so it parses back exactly."""
    rng = np.random.RandomState(seed)
    labels = np.where(rng.uniform(size=n) < 0.5, "A", "B")
    if kind == "allA":
        labels[:] = "A"
    if kind in ("uniform", "allA"):
        p = rng.uniform(size=n)
    elif kind == "beta":
        # confident judges: mass near 0 and 1, the better answer more likely
        p = rng.beta(0.4, 0.4, size=n)
    elif kind in ("edges", "pb"):
        p = rng.uniform(size=n)
        # decimal bin edges, exact 50/50s, near-50/50s on both sides of the tolerance, 0 and 1
        special = [0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 0.500004, 0.499996, 0.50001, 0.49998,
                   1.0 / 3.0, 2.0 / 3.0]
        pick = rng.randint(0, n, size=n // 3)
        for i in pick:
            p[i] = special[rng.randint(0, len(special))]
    elif kind == "clip":
        p = rng.choice([0.0, 1.0, 1e-17, 1.0 - 1e-16, 0.5, 0.25], size=n)
    else:
        raise ValueError(kind)
    options = np.where(rng.uniform(size=n) < 0.5, "A", "B") if kind == "pb" else np.full(n, "A")
    rows = []
    for i in range(n):
        value = float(p[i])
        rows.append((f"{name}-{i + 1}", str(labels[i]), str(options[i]), value))
    return rows


def calibration(rows, bins):
    label_a = np.array([r[1] == "A" for r in rows])
    p_a = np.array([r[3] if r[2] == "A" else 1.0 - r[3] for r in rows])
    n = len(rows)
    fifty = np.abs(p_a - 0.5) < FIFTY
    decided = ~fifty
    verdict_a = p_a > 0.5
    correct = np.where(fifty, 0.5, (verdict_a == label_a).astype(float))
    confidence = np.where(fifty, 0.5, np.maximum(p_a, 1.0 - p_a))
    accuracy = float(np.mean(correct[decided])) if decided.any() else float("nan")
    p_better = np.where(label_a, p_a, 1.0 - p_a)
    brier = float(brier_score_loss(label_a.astype(int), p_a))
    loss = float(log_loss(np.ones(n, dtype=int), p_better, eps=1e-15, labels=[0, 1]))
    edges = np.arange(bins + 1) / bins
    index = np.digitize(confidence, edges[1:-1], right=False)  # number of inner edges <= confidence
    ece = 0.0
    points = []
    for k in range(bins):
        mask = index == k
        count = int(mask.sum())
        if count == 0:
            continue
        mean_conf = float(np.mean(confidence[mask]))
        acc = float(np.mean(correct[mask]))
        ece += count / n * abs(acc - mean_conf)
        points.append((float(edges[k]), float(edges[k + 1]), count, mean_conf, acc))
    summary = dict(n=n, decided=int(decided.sum()), accuracy=accuracy, confidence=float(np.mean(confidence)),
                   ece=ece, brier=brier, log_loss=loss)
    return summary, points


SUMMARY_FIELDS = ["n", "decided", "accuracy", "confidence", "ece", "brier", "log_loss"]


def read_inputs(path):
    sets = {}
    order = []
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            key = (row["set"], int(row["bins"]))
            if key not in sets:
                sets[key] = []
                order.append(key)
            sets[key].append((row["item"], row["label"], row["option"], float(row["p"])))
    return order, sets


def compute_all(order, sets):
    summaries, points = [], []
    for name, bins in order:
        summary, pts = calibration(sets[(name, bins)], bins)
        summaries.append([name, bins] + [summary[f] for f in SUMMARY_FIELDS])
        points.extend([name] + list(p) for p in pts)
    return summaries, points


def write(directory):
    os.makedirs(directory, exist_ok=True)
    order, sets = [], {}
    for name, seed, n, bins, kind in SETS:
        order.append((name, bins))
        sets[(name, bins)] = generate(name, seed, n, kind)
    with open(os.path.join(directory, "inputs.csv"), "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["set", "bins", "item", "label", "option", "p"])
        for name, bins in order:
            for item, label, option, p in sets[(name, bins)]:
                w.writerow([name, bins, item, label, option, repr(p)])
    summaries, points = compute_all(order, sets)
    with open(os.path.join(directory, "reference.csv"), "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["set", "bins"] + SUMMARY_FIELDS)
        for row in summaries:
            w.writerow([repr(v) if isinstance(v, float) else v for v in row])
    with open(os.path.join(directory, "points.csv"), "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["set", "lo", "hi", "count", "mean_confidence", "accuracy"])
        for row in points:
            w.writerow([repr(v) if isinstance(v, float) else v for v in row])


def close(a, b):
    if isinstance(a, float) and math.isnan(a):
        return isinstance(b, float) and math.isnan(b)
    return a == b or abs(a - b) <= REL * max(abs(a), abs(b))


def compare(path, computed, numeric_from):
    problems = []
    with open(path, newline="") as f:
        reader = csv.reader(f)
        next(reader)
        stored = list(reader)
    if len(stored) != len(computed):
        return [f"{path}: {len(stored)} stored rows, {len(computed)} computed"]
    for i, (s, c) in enumerate(zip(stored, computed)):
        if s[:numeric_from] != [str(v) for v in c[:numeric_from]]:
            problems.append(f"{path} row {i + 2}: key {s[:numeric_from]} != {c[:numeric_from]}")
            continue
        for j in range(numeric_from, len(c)):
            if not close(float(s[j]), float(c[j])):
                problems.append(f"{path} row {i + 2} column {j + 1}: stored {s[j]}, sklearn/numpy {c[j]!r}")
    return problems


def check(directory):
    order, sets = read_inputs(os.path.join(directory, "inputs.csv"))
    problems = []
    expected_order = [(name, bins) for name, _, _, bins, _ in SETS]
    if order != expected_order:
        problems.append(f"inputs.csv sets {order} != generator sets {expected_order}")
    else:
        for name, seed, n, bins, kind in SETS:
            if generate(name, seed, n, kind) != sets[(name, bins)]:
                problems.append(f"inputs.csv set {name}: differs from the seeded generator")
    summaries, points = compute_all(order, sets)
    problems += compare(os.path.join(directory, "reference.csv"), summaries, 2)
    problems += compare(os.path.join(directory, "points.csv"), points, 1)
    for p in problems:
        print(p, file=sys.stderr)
    if problems:
        return 1
    print(f"calibration references match scikit-learn / numpy: {len(summaries)} sets, {len(points)} points")
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
