"""--check-only, the CTest test benchmark_baseline_check: every agreement check once at a small size, no timing.

Tribunal's outputs (info --json, dispersion, trust --ci 0 and --ci 2000, and compare / cascade in CSV and JSON on
their own small rubric audits) are written to the work directory; then compare's and cascade's CSV and JSON are
checked against each other and every selected stage runs once in this process (import-jsonl with both readers).
Prints one ok / FAIL line per check with the agreement figures; the exit code is 1 if any check failed.
"""
import os

from .bootstrap import RESAMPLES
from .cascade import CHECK_K9_UNITS, compare_k9_csv_json
from .cli import cascade_args, info_json, run_cli
from .compare import CHECK_R7_UNITS, compare_r7_csv_json
from .generate import make_cascade_files, make_rubric_files, r7_judges
from .stage import run_stage


def check_only(args, files, cli):
    """Small N, no timing: every equality check once, in this process (the CTest test)."""
    wd = os.path.dirname(files["csv"])
    tribunal = {"info_csv": info_json(cli, files["csv"]), "info_jsonl": info_json(cli, files["jsonl"]),
                "compare_csv": True,
                "trust_ci0": os.path.join(wd, "trust-ci0.csv"), "trust_ci": os.path.join(wd, "trust-ci.csv"),
                "dispersion": os.path.join(wd, "dispersion.csv")}
    run_cli([cli, "dispersion", files["csv"], "--format", "csv"], tribunal["dispersion"])
    run_cli([cli, "trust", files["csv"], "--ci", "0", "--format", "csv"], tribunal["trust_ci0"])
    run_cli([cli, "trust", files["csv"], "--ci", str(RESAMPLES), "--format", "csv"], tribunal["trust_ci"])
    if "compare" in args.stages:
        files = dict(files, **make_rubric_files(cli, wd, CHECK_R7_UNITS, args.compare_judges, args.seed))
        tribunal["r7_judges"] = r7_judges(args.compare_judges)
        tribunal["r7_csv"] = os.path.join(wd, "compare.csv")
        r7_args = [cli, "compare", files["rubric_jsonl"], files["rubric_items"], "--judges",
                   ",".join(tribunal["r7_judges"])]
        run_cli(r7_args + ["--format", "csv"], tribunal["r7_csv"])
        run_cli(r7_args + ["--format", "json"], os.path.join(wd, "compare.json"))
    if "cascade" in args.stages:
        files = dict(files, **make_cascade_files(cli, wd, CHECK_K9_UNITS, args.seed))
        tribunal["k9_csv"] = os.path.join(wd, "cascade.csv")
        run_cli(cascade_args(cli, files) + ["--format", "csv"], tribunal["k9_csv"])
        run_cli(cascade_args(cli, files) + ["--format", "json"], os.path.join(wd, "cascade.json"))
    failed = False
    # Each command's CSV and JSON outputs must carry the same values.
    for stage, check, csv_key in (("cascade", compare_k9_csv_json, "k9_csv"),
                                  ("compare", compare_r7_csv_json, "r7_csv")):
        if stage not in args.stages:
            continue
        problems = check(tribunal[csv_key], os.path.join(wd, f"{stage}.json"))
        print(f"{stage + ' (csv = json)':24s} {'FAIL' if problems else 'ok  '} "
              f"every column of {stage} --format csv equals --format json")
        for p in problems[:20]:
            print("    " + p)
        failed |= bool(problems)
    for stage in args.stages:
        readers = ["loads", "read_json"] if stage == "import-jsonl" else ["loads"]
        for reader in readers:
            res = run_stage(stage, files, 1, tribunal, reader)
            name = stage + (f" ({reader})" if stage == "import-jsonl" else "")
            print(f"{name:24s} {'FAIL' if res['problems'] else 'ok  '} {res['agreement']}")
            for p in res["problems"][:20]:
                print("    " + p)
            for p in res.get("ambiguous", []):
                print("    outcome within Monte Carlo error: " + p)
            failed |= bool(res["problems"])
    return 1 if failed else 0
