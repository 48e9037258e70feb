#!/usr/bin/python3
"""Independent reference for R7's exact tests (core/stats/exacttests.h): scipy.stats.binomtest(k, n, 0.5,
alternative="two-sided").pvalue, the exact McNemar test on discordant counts and the unit sign test.

Usage:
  exacttests_reference.py --write DIR   write DIR/exacttests_reference.csv
  exacttests_reference.py --check DIR   recompute every row with scipy and compare with the stored file
                                        (same (k, n) rows, p within relative 1e-12)

exacttests_reference.csv: k,n,p   (k successes of n trials; p written with repr so it parses back exactly)
tst_pairedcomparison compares binomialTestHalf(k, n), mcnemarExact(n - k, k) and signTest(n - k, k) with p
to 1e-9 (absolute, and relative for p < 1e-9).
Needs /usr/bin/python3 with python3-scipy (Debian 12: scipy 1.10).
"""
import argparse
import csv
import math
import os
import sys

from scipy.stats import binomtest

REL = 1e-12
NAME = "exacttests_reference.csv"

# (k, n): examples.md section 6 (4 and 12 of 16), tiny and degenerate counts, the centre of odd and even n,
# and tails from moderate to n = 10^6 (p down to ~1e-300).
CASES = [
    (4, 16), (12, 16), (0, 1), (1, 1), (0, 2), (1, 2), (0, 5), (2, 5), (3, 5), (5, 10), (4, 10), (0, 10),
    (10, 10), (1, 20), (9, 20), (10, 21), (11, 21), (40, 100), (60, 100), (50, 100), (35, 100), (450, 1000),
    (0, 1000), (3, 1000), (980, 2000), (9800, 20000), (12345, 25000), (49500, 100000), (499000, 1000000),
    (499500, 1000000), (500000, 1000000), (501234, 1000000), (495000, 1000000), (1000, 1000000 // 2),
]


def compute(k, n):
    return float(binomtest(k, n, 0.5, alternative="two-sided").pvalue)


def write(directory):
    os.makedirs(directory, exist_ok=True)
    with open(os.path.join(directory, NAME), "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["k", "n", "p"])
        for k, n in CASES:
            w.writerow([k, n, repr(compute(k, n))])


def check(directory):
    bad = 0
    rows = 0
    with open(os.path.join(directory, NAME), newline="") as f:
        for row in csv.DictReader(f):
            rows += 1
            k, n, stored = int(row["k"]), int(row["n"]), float(row["p"])
            p = compute(k, n)
            if not math.isclose(p, stored, rel_tol=REL, abs_tol=0.0):
                print(f"k={k} n={n}: scipy {p!r}, stored {stored!r}", file=sys.stderr)
                bad += 1
    if rows != len(CASES):
        print(f"{rows} stored rows, {len(CASES)} cases", file=sys.stderr)
        bad += 1
    print(f"{rows} rows checked, {bad} mismatches")
    return 1 if bad else 0


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
