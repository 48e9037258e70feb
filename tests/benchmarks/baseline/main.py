"""The command line of tests/benchmarks/baseline.py: options, defaults and dispatch to the --stage child,
--check-only (check.check_only) or the timed run (full_run.full_run). Exit code 1 when an agreement check fails,
2 for a bad option (argparse)."""
import argparse
import os
import shutil
import tempfile

from .cascade import CHECK_K9_UNITS, K9_UNITS
from .check import check_only
from .compare import CHECK_R7_UNITS
from .full_run import full_run
from .generate import make_files
from .import_stages import JSONL_READERS
from .stage import child_main

# The command-line program of a build in the repository's `build/` directory (--cli names another one).
DEFAULT_CLI = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "build", "app",
                           "tribunal-cli")
STAGES = ["import-csv", "import-jsonl", "trust", "bootstrap", "compare", "cascade"]


def build_parser(description):
    """The options of baseline.py; description: the first paragraph of its docstring (the --help text)."""
    ap = argparse.ArgumentParser(description=description, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--judgments", type=int, default=1_000_000)
    ap.add_argument("--seed", type=int, default=1, help="simulation seed")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--workdir", help="where the generated files go (default: a temporary directory)")
    ap.add_argument("--stages", default=",".join(STAGES))
    ap.add_argument("--cli", default=DEFAULT_CLI, help="tribunal-cli to compare with")
    ap.add_argument("--compare-units", type=int, default=5000,
                    help="compare stage: units of `simulate rubric` (quality.md: 5,000; --check-only uses "
                    f"{CHECK_R7_UNITS})")
    ap.add_argument("--compare-judges", type=int, default=8,
                    help="compare stage: judges of `simulate rubric` (8: 28 comparisons, the nearest to "
                    "quality.md's 27 that one panel and format allow)")
    ap.add_argument("--cascade-units", type=int, default=K9_UNITS,
                    help="cascade stage: units of `simulate rubric --judges 4` (6,000 x 5 criteria = 30,000 pairs, "
                    f"quality.md's workload; --check-only uses {CHECK_K9_UNITS})")
    ap.add_argument("--check-only", action="store_true", help="equality checks only, no timing (CTest)")
    ap.add_argument("--report", help="also write the results table (markdown) here")
    ap.add_argument("--bench-trust", help="also time Tribunal's trust table and bootstrap in process with this "
                    "bench_trust executable (tests/benchmarks/bench_trust.cpp)")
    # internal: one stage in a fresh process
    ap.add_argument("--stage", help=argparse.SUPPRESS)
    ap.add_argument("--files", help=argparse.SUPPRESS)
    ap.add_argument("--tribunal", help=argparse.SUPPRESS)
    ap.add_argument("--jsonl-reader", default="loads", choices=sorted(JSONL_READERS), help=argparse.SUPPRESS)
    return ap


def main(description):
    """Parse the command line and run; returns the exit code (None = 0 for the --stage child)."""
    ap = build_parser(description)
    args = ap.parse_args()
    if args.stage:
        return child_main(args)
    args.stages = [s for s in args.stages.split(",") if s]
    unknown = set(args.stages) - set(STAGES)
    if unknown:
        ap.error(f"unknown stage(s): {', '.join(sorted(unknown))}")
    cli = os.path.abspath(args.cli)
    if not os.access(cli, os.X_OK):
        ap.error(f"no executable tribunal-cli at {cli}")
    tmp = None
    if args.workdir:
        os.makedirs(args.workdir, exist_ok=True)
        wd = args.workdir
    else:
        wd = tmp = tempfile.mkdtemp(prefix="tribunal-baseline-")
    try:
        files = make_files(cli, wd, args.judgments, args.seed)
        return check_only(args, files, cli) if args.check_only else full_run(args, files, cli)
    finally:
        if tmp:
            shutil.rmtree(tmp, ignore_errors=True)
