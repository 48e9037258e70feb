#!/usr/bin/env bash
# Scaling of the end-to-end stages with the number of judgments (issue 10): for each size, a simulated audit
# (`tribunal-cli simulate audit`: 6 judges x 5 formats x 4 datasets, both orders, 10 runs, probabilities, costs,
# raw text on 10%) is written as flat CSV and as Tribunal JSONL; each is imported in its own process
# (`bench import`, median of REPEAT) and the CSV one is analysed (`bench trust`: the trust table and 2,000-resample
# bootstrap intervals). Prints one Markdown table: medians, time per judgment, peak RSS, and memory per judgment
# (peak RSS minus the process's RSS before the first import, which `bench import` prints: about 13 MiB of
# libraries and Qt).
# Usage: tests/benchmarks/run_scaling.sh [BUILD_DIR] [SIZES] [REPEAT]
#   e.g. tests/benchmarks/run_scaling.sh build "10000 100000 1000000 10000000" 5
# 10^7 judgments need about 2.5 GB of disk in TMPDIR and about 2 GB of memory.
set -euo pipefail
build=${1:-build}
sizes=${2:-"10000 100000 1000000 10000000"}
repeat=${3:-5}
cli="$build/app/tribunal-cli"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

# The value after `label` in a line of bench output ("median 0.1234 s" -> 0.1234).
field() { sed -n "s/.*$1 \([0-9.]*\).*/\1/p" | head -n 1; }

echo "| judgments | stage | median (s) | ns per judgment | peak RSS (MiB) | bytes per judgment above idle |"
echo "|---|---|---|---|---|---|"
for n in $sizes; do
    "$cli" simulate audit --judgments "$n" -o "$dir/audit.csv" >/dev/null
    "$cli" simulate audit --judgments "$n" -o "$dir/audit.jsonl" >/dev/null
    for ext in csv jsonl; do
        out=$("$cli" bench import "$dir/audit.$ext" --repeat "$repeat")
        t=$(field median <<<"$out")
        rss=$(field "peak RSS" <<<"$out")
        idle=$(sed -n 's/.*(\([0-9.]*\) MiB before the first import).*/\1/p' <<<"$out")
        awk -v n="$n" -v s="import $ext" -v t="$t" -v m="$rss" -v i="$idle" \
            'BEGIN { printf "| %d | %s | %.4f | %.1f | %.1f | %.0f |\n", n, s, t, t * 1e9 / n, m, (m - i) * 1048576 / n }'
    done
    out=$("$cli" bench trust "$dir/audit.csv" --repeat "$repeat" --resamples 2000)
    rss=$(field "peak RSS" <<<"$out")
    t=$(field "(T1-T8) median" <<<"$out")
    b=$(field "(T13) median" <<<"$out")
    awk -v n="$n" -v t="$t" -v b="$b" -v m="$rss" -v i="$idle" 'BEGIN {
        printf "| %d | audit loaded + trust table | %.4f | %.1f | %.1f | %.0f |\n", n, t, t * 1e9 / n, m, (m - i) * 1048576 / n
        printf "| %d | bootstrap, 2,000 resamples | %.4f | %.1f | | |\n", n, b, b * 1e9 / n }'
    rm -f "$dir/audit.csv" "$dir/audit.jsonl"
done
