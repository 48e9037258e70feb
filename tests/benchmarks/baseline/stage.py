"""One baseline stage in one process: the timed runs, the process's peak RSS, then the stage's agreement checks.

Timing: each baseline stage runs in a fresh process (baseline.py re-invoked with the internal --stage option:
spawn_stage, child_main), which reports the median of --repeat runs and its peak RSS (getrusage ru_maxrss: the
whole process, i.e. including the Python interpreter and pandas, whose import alone is reported as "idle").
--check-only calls run_stage in the main process instead, once per stage (repeat 1). A stage's result is a dict
(times, RSS, problems, agreement text and stage-specific figures) that crosses the process boundary as JSON.
"""
import gc
import json
import os
import resource
import sys
import time

from .bootstrap import BAND_Z, bootstrap_intervals, check_intervals
from .cascade import K9_EXACT, K9_FALLBACKS, K9_FIRST, K9_NUMERIC, K9_TOLERANCE, check_k9, k9_all, \
    read_cascade_inputs
from .cli import launch
from .compare import check_r7, r7_agreement_text, r7_family, read_rubric_jsonl
from .halvings import numpy_halvings, tribunal_halvings
from .import_stages import JSONL_READERS, compare_frames, compare_import_summary, import_summary, read_csv_audit
from .trust import cell_columns, compare_dispersion, compare_trust, format_dispersion, pair_summary, trust_table

# The command-line entry point beside this package: the --stage child is this script run again.
ENTRY_SCRIPT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "baseline.py")


def rss_mib():
    """Peak RSS of this process so far, MiB."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0     # Linux: KiB


def timed(fn, repeat):
    """Wall times of repeat calls and the last result. The previous result is released before each call, so the
    process's peak RSS is that of one run (holding it would count two imported audits at once)."""
    times, result = [], None
    for _ in range(repeat):
        result = None
        gc.collect()
        t0 = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - t0)
    return times, result


def run_stage(stage, files, repeat, tribunal, jsonl_reader="loads"):
    """Run one stage; files: {'csv', 'jsonl'}; tribunal: paths of Tribunal's outputs to compare with.
    The peak RSS is read right after the timed runs, before the agreement checks allocate anything."""
    res = {"stage": stage, "idle_rss_mib": rss_mib()}
    if stage == "import-csv":
        times, df = timed(lambda: read_csv_audit(files["csv"]), repeat)
        res["times"] = times
        res["peak_rss_mib"] = rss_mib()
        res["problems"] = compare_import_summary(import_summary(df), tribunal["info_csv"])
        res["agreement"] = f"{len(df):,} judgments; counts = info --json" if not res["problems"] else "MISMATCH"
    elif stage == "import-jsonl":
        times, df = timed(lambda: JSONL_READERS[jsonl_reader](files["jsonl"]), repeat)
        res["times"] = times
        res["peak_rss_mib"] = rss_mib()
        problems = compare_import_summary(import_summary(df), tribunal["info_jsonl"])
        if tribunal.get("compare_csv"):
            problems += ["vs csv: " + p for p in compare_frames(read_csv_audit(files["csv"]), df)]
        res["problems"] = problems
        res["agreement"] = ("counts = info --json" + ("; frame = CSV frame" if tribunal.get("compare_csv") else "")
                            if not problems else "MISMATCH")
    elif stage == "trust":
        df = read_csv_audit(files["csv"])
        # T1-T7 per cell and T8 per (judge, dataset) from it
        keys = cell_columns(df)
        times, (table, t8) = timed(lambda: (lambda t: (t, format_dispersion(t, keys)))(trust_table(df)), repeat)
        res["times"] = times
        res["peak_rss_mib"] = rss_mib()
        worst, n, problems = compare_trust(table, tribunal["trust_ci0"])
        worst8, n8, problems8 = compare_dispersion(t8, tribunal["dispersion"])
        res["problems"] = problems + problems8
        res["cells"] = n
        res["agreement"] = (f"{n} cells, max abs diff {worst[0]:.2g} ({worst[1]}); T8: {n8} groups, max abs diff "
                            f"{worst8:.2g}" if not res["problems"] else "MISMATCH")
        res["max_diff"] = max(worst[0], worst8)
    elif stage == "bootstrap":
        df = read_csv_audit(files["csv"])
        summary = pair_summary(df)
        times, _ = timed(lambda: bootstrap_intervals(summary), repeat)
        res["times"] = times
        res["peak_rss_mib"] = rss_mib()
        # the same intervals again (same seed), now keeping the sorted replicates for the tolerance check
        table, reps = bootstrap_intervals(summary, keep_replicates=True)
        worst_z, worst_abs, problems, (n_ends, beyond2) = check_intervals(table, reps, tribunal["trust_ci"])
        res["problems"] = problems
        res["agreement"] = (f"{n_ends} ends: max {worst_z[0]:.2f} SE (limit {BAND_Z:g}), {100 * beyond2:.1f}% beyond "
                            f"2 SE; max abs end diff {worst_abs:.3g}" if not problems else "MISMATCH")
        res["worst"] = worst_z[1]
    elif stage == "compare":
        judg, items, ratings = read_rubric_jsonl(files["rubric_jsonl"], files["rubric_items"])
        judges = tribunal["r7_judges"]
        times, _ = timed(lambda: r7_family(judg, items, ratings, judges), repeat)
        res["times"] = times
        res["peak_rss_mib"] = rss_mib()
        table, reps = r7_family(judg, items, ratings, judges, keep_replicates=True)
        summary, problems = check_r7(table, reps, tribunal["r7_csv"])
        res["problems"] = problems
        res["agreement"] = r7_agreement_text(summary) if not problems else "MISMATCH"
        res["ambiguous"] = summary["ambiguous"]
        res["worst"] = summary["worst_z"][1]
        res["comparisons"] = summary["comparisons"]
        res["units"] = int(table["units"].max()) if len(table) else 0
    elif stage == "cascade":
        inputs = read_cascade_inputs(files["k9_jsonl"], files["k9_items"], K9_FIRST, K9_FALLBACKS)
        times, _ = timed(lambda: k9_all(inputs, numpy_halvings), repeat)
        res["times"] = times
        res["peak_rss_mib"] = rss_mib()
        # the same computation on Tribunal's own halvings (its xoshiro256** streams, reproduced exactly)
        exact_times, mine = timed(lambda: k9_all(inputs, tribunal_halvings), 1 if repeat == 1 else 3)
        res["exact_times"] = exact_times
        worst, problems = check_k9(mine, tribunal["k9_csv"])
        res["problems"] = problems
        res["agreement"] = (f"{len(mine)} panel-kinds x {len(K9_EXACT) + len(K9_NUMERIC)} columns on Tribunal's "
                            f"halvings: names and counts equal, max abs diff {worst:.2g} (limit {K9_TOLERANCE:g})"
                            if not problems else "MISMATCH")
        res["pairs"] = int(sum(len(v["unit"]) for v in inputs.values()))
    return res


def child_main(args):
    """The --stage child: run one stage and print its result as one JSON line."""
    files = json.loads(args.files)
    tribunal = json.loads(args.tribunal)
    res = run_stage(args.stage, files, args.repeat, tribunal, args.jsonl_reader)
    print(json.dumps(res))


def spawn_stage(stage, files, repeat, tribunal, jsonl_reader="loads"):
    """Run one stage in a fresh process (through the launcher) and return its result dict."""
    cmd = [sys.executable, ENTRY_SCRIPT, "--stage", stage, "--repeat", str(repeat),
           "--files", json.dumps(files), "--tribunal", json.dumps(tribunal), "--jsonl-reader", jsonl_reader]
    # the child reports its own getrusage peak (it is forked from the small launcher, so that figure is its own)
    out = launch(cmd, capture=True)[2]
    return json.loads(out.strip().splitlines()[-1])
