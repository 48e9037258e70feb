#!/usr/bin/python3
"""The Python baseline of the benchmark suite (issue 10; ../shared/spec/quality.md, "Speed").

"The code a careful user would write" with pandas / numpy (Debian's python3-pandas 1.5, python3-numpy 1.24) for
six stages, timed side by side with Tribunal's command line on the same generated files, with a check that both
give the same numbers. The code lives in the package beside this script, one module per stage (its docstring says
what it computes, what it checks and with which tolerance):

  import-csv, import-jsonl  baseline/import_stages.py  read_csv with categoricals; read_json and a json.loads loop
  trust                     baseline/trust.py          T1-T8 trust table per cell, T8 against `dispersion`
  bootstrap                 baseline/bootstrap.py      T13 percentile intervals, within Monte Carlo error
  compare                   baseline/compare.py        R7 paired comparisons of rubric judges
  cascade                   baseline/cascade.py        K9 cross-fitted cascades (baseline/halvings.py: the halvings)

and around them: generate.py (the simulated files), cli.py (running tribunal-cli: wall time, peak RSS, `bench`
figures), tables.py (reading tribunal-cli's tables), stage.py (one stage in one process), check.py (--check-only),
full_run.py and report.py (the timed run and its table), main.py (this command line). Any failed agreement check
exits 1.

Timing: each baseline stage runs in a fresh process (this script re-invoked with --stage), which reports the
median of --repeat runs and its peak RSS (the whole process, including the Python interpreter and pandas, whose
import alone is reported as "idle"). Tribunal's commands run as child processes timed by wall clock, with their
peak RSS from os.wait4; the trust table, bootstrap, compare and cascade are timed in process by `tribunal-cli bench
...` on the same files; --bench-trust PATH adds the Google Benchmark figures of bench_trust (its own simulated
audit). Load averages are printed with every stage because the 2-core machine is shared.

Usage:
  /usr/bin/python3 tests/benchmarks/baseline.py [--judgments 1000000] [--seed 1] [--repeat 5] [--workdir DIR]
        [--stages import-csv,import-jsonl,trust,bootstrap,compare,cascade] [--compare-units 5000] [--compare-judges 8]
        [--cascade-units 6000] [--cli PATH] [--report FILE.md] [--bench-trust PATH]
  /usr/bin/python3 tests/benchmarks/baseline.py --check-only --judgments 20000 --cli build/app/tribunal-cli

Needs /usr/bin/python3 with python3-pandas and python3-numpy (the python3 first on PATH may lack pandas).
"""
import os
import sys

sys.dont_write_bytecode = True     # no __pycache__ in the source tree: CTest runs this script without -B
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))     # the package beside this script, also under -P

from baseline.main import main  # noqa: E402  (after the path is set)

if __name__ == "__main__":
    sys.exit(main(__doc__.split("\n\n")[0]))
