#!/usr/bin/env bash
# Import benchmark with peak memory: generates a simulated audit (default 1,000,000 judgments), writes it as
# flat CSV and Tribunal JSONL, and imports each in its own process with `tribunal-cli bench import`, which
# prints the median time and the process's peak RSS. Then runs the Google Benchmark suite for the same size.
# Usage: tests/benchmarks/run_import_bench.sh [BUILD_DIR] [JUDGMENTS]
set -euo pipefail
build=${1:-build}
n=${2:-1000000}
cli="$build/app/tribunal-cli"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$cli" simulate audit --judgments "$n" -o "$dir/audit.csv" >/dev/null
"$cli" simulate audit --judgments "$n" -o "$dir/audit.jsonl" >/dev/null
ls -l "$dir"
"$cli" bench import "$dir/audit.csv" --repeat 5
"$cli" bench import "$dir/audit.jsonl" --repeat 5
TRIBUNAL_BENCH_JUDGMENTS=$n "$build/tests/benchmarks/bench_import"
