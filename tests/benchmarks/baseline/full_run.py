"""The timed run: every selected stage on Tribunal's side and the baseline's side of the same files.

Tribunal's import, compare and cascade medians come from its `bench` subcommands; the trust table and bootstrap
from `bench trust`, plus interleaved CLI runs (info, trust --ci 0, trust --ci 2000) whose medians give the
end-to-end figures; each baseline stage runs in a fresh process (stage.spawn_stage). Load averages are recorded
with every stage because the 2-core machine is shared. Prints the table row by row, then the table and notes
(also written to --report); returns 1 if any agreement check failed.
"""
import os
import statistics
import sys

import numpy as np
import pandas as pd

from .bootstrap import RESAMPLES
from .cascade import K9_FALLBACKS, K9_FIRST
from .cli import bench_cascade_cli, bench_compare_cli, bench_import, bench_trust_cli, bench_trust_medians, \
    cascade_args, info_json, run_cli
from .compare import R7_RESAMPLES
from .generate import make_cascade_files, make_rubric_files, r7_judges
from .report import fmt_s, load, render_table, table_row
from .stage import spawn_stage


class TimedRun:
    """State of one timed run: the options, the audit files, Tribunal's reference outputs, and the table so far."""

    def __init__(self, args, files, cli):
        self.args, self.files, self.cli = args, files, cli
        self.wd = os.path.dirname(files["csv"])
        self.R = args.repeat
        self.n = args.judgments
        self.rows, self.notes, self.failed = [], [], False
        self.baseline_csv_import = None        # read_csv median, reused by the end-to-end trust row
        self.sizes = {k: os.path.getsize(v) / 2**20 for k, v in files.items()}
        self.tribunal = {"info_csv": info_json(cli, files["csv"]), "info_jsonl": info_json(cli, files["jsonl"]),
                         "compare_csv": False,
                         "trust_ci0": os.path.join(self.wd, "trust-ci0.csv"),
                         "trust_ci": os.path.join(self.wd, "trust-ci.csv"),
                         "dispersion": os.path.join(self.wd, "dispersion.csv")}
        run_cli([cli, "dispersion", files["csv"], "--format", "csv"], self.tribunal["dispersion"])

    def add(self, *cells):
        """Append table_row(*cells) and print it at once (a long run shows its progress)."""
        self.rows.append(table_row(*cells))
        print(" | ".join(self.rows[-1]), flush=True)

    def spawn(self, stage, files, tribunal, jsonl_reader="loads"):
        """One baseline stage in a fresh process; a failed agreement check fails the run."""
        b = spawn_stage(stage, files, self.R, tribunal, jsonl_reader)
        self.failed |= bool(b["problems"])
        return b

    def import_csv(self):
        files, R, n = self.files, self.R, self.n
        ld0 = load()
        t = bench_import(self.cli, files["csv"], R)
        b = self.spawn("import-csv", files, self.tribunal)
        self.baseline_csv_import = statistics.median(b["times"])
        self.add("import CSV", f"{n:,} judgments, {self.sizes['csv']:.1f} MiB", t["median"],
                 statistics.median(b["times"]), t["peak"], b["peak_rss_mib"], b["agreement"], f"{ld0} / {load()}",
                 b["idle_rss_mib"], t["idle"])

    def import_jsonl(self):
        files, R, n = self.files, self.R, self.n
        ld0 = load()
        t = bench_import(self.cli, files["jsonl"], R)
        jsonl_medians = {}
        for reader, label in (("loads", "json.loads loop"), ("read_json", "read_json(lines=True)")):
            b = self.spawn("import-jsonl", files, self.tribunal, reader)
            jsonl_medians[label] = statistics.median(b["times"])
            self.add(f"import JSONL ({label})", f"{n:,} judgments, {self.sizes['jsonl']:.1f} MiB", t["median"],
                     statistics.median(b["times"]), t["peak"], b["peak_rss_mib"], b["agreement"],
                     f"{ld0} / {load()}", b["idle_rss_mib"], t["idle"])
        fastest = min(jsonl_medians, key=jsonl_medians.get)
        self.notes.append(f"JSONL: the faster careful reader in this run is {fastest} "
                          f"({', '.join(f'{k} {fmt_s(v)}' for k, v in jsonl_medians.items())})")

    def cli_trust_walls(self, want_boot):
        """Interleaved so that load changes hit all three commands alike: info (= start-up + import + a summary),
        trust --ci 0 (+ the table), trust --ci 2000 (+ the intervals). Differences of medians isolate a stage.
        Returns (median wall seconds, peak RSS MiB), each by 'info', 'ci0', 'ci'."""
        cli, files, tribunal = self.cli, self.files, self.tribunal
        walls = {"info": [], "ci0": [], "ci": []}
        rss = {"info": 0.0, "ci0": 0.0, "ci": 0.0}
        for _ in range(self.R):
            for key, extra, outp in (("info", None, None), ("ci0", "0", tribunal["trust_ci0"]),
                                     ("ci", str(RESAMPLES), tribunal["trust_ci"])):
                if key == "ci" and not want_boot:
                    continue
                cmd = [cli, "info", files["csv"]] if key == "info" else \
                      [cli, "trust", files["csv"], "--ci", extra, "--format", "csv"]
                w, r = run_cli(cmd, outp)
                walls[key].append(w)
                rss[key] = max(rss[key], r)
        med = {k: statistics.median(v) if v else float("nan") for k, v in walls.items()}
        return med, rss

    def trust_and_bootstrap(self, want_trust, want_boot):
        files, R, tribunal = self.files, self.R, self.tribunal
        ld0 = load()
        med, rss = self.cli_trust_walls(want_boot)
        bt = bench_trust_cli(self.cli, files["csv"], R)
        inproc = bench_trust_medians(self.args.bench_trust, self.n) if self.args.bench_trust else {}
        ld1 = load()
        if want_trust:
            b = self.spawn("trust", files, tribunal)
            self.add("trust table T1-T8",
                     f"{b.get('cells', '?')} cells; table alone (Tribunal: bench trust, same file)",
                     bt["table"], statistics.median(b["times"]), bt["peak"], None, b["agreement"], f"{ld0} / {ld1}")
            if "BM_AnalyseTrust" in inproc:
                self.add("trust table T1-T8", "table alone, Tribunal in process (bench_trust BM_AnalyseTrust/0)",
                         inproc["BM_AnalyseTrust"], statistics.median(b["times"]), None, None, "(as above)",
                         f"{ld0} / {ld1}")
            if self.baseline_csv_import is None:
                self.baseline_csv_import = statistics.median(spawn_stage("import-csv", files, R, tribunal)["times"])
            self.add("trust table T1-T8", "end to end: CSV file -> table (baseline: read_csv + table medians)",
                     med["ci0"], self.baseline_csv_import + statistics.median(b["times"]), rss["ci0"],
                     b["peak_rss_mib"], "(as above)", f"{ld0} / {ld1}", b["idle_rss_mib"])
        if want_boot:
            b = self.spawn("bootstrap", files, tribunal)
            self.add("bootstrap T13", f"all cells x {RESAMPLES:,} resamples (Tribunal: bench trust, same file)",
                     bt["boot"], statistics.median(b["times"]), bt["peak"], b["peak_rss_mib"],
                     b["agreement"], f"{ld0} / {load()}", b["idle_rss_mib"])
            if "BM_BootstrapTrust" in inproc:
                self.add("bootstrap T13", "Tribunal in process (bench_trust BM_BootstrapTrust/0)",
                         inproc["BM_BootstrapTrust"], statistics.median(b["times"]), None, None, "(as above)",
                         f"{ld0} / {load()}")
            self.notes.append(f"bootstrap worst end: {b.get('worst', '')}")
        self.notes.append("tribunal-cli wall medians: info {}, trust --ci 0 {}, trust --ci {} {}".format(
            fmt_s(med["info"]), fmt_s(med["ci0"]), RESAMPLES, fmt_s(med["ci"])))

    def compare(self):
        args, cli, wd, R = self.args, self.cli, self.wd, self.R
        rfiles = make_rubric_files(cli, wd, args.compare_units, args.compare_judges, args.seed)
        judges = r7_judges(args.compare_judges)
        r7 = {"r7_judges": judges, "r7_csv": os.path.join(wd, "compare.csv")}
        run_cli([cli, "compare", rfiles["rubric_jsonl"], rfiles["rubric_items"], "--judges", ",".join(judges),
                 "--format", "csv"], r7["r7_csv"])
        ld0 = load()
        t = bench_compare_cli(cli, rfiles, judges, R)
        b = self.spawn("compare", dict(self.files, **rfiles), dict(self.tribunal, **r7))
        self.add("paired comparisons R7", f"{t['comparisons']} comparisons x {R7_RESAMPLES:,} resamples, "
                 f"{t['units']:,} units (Tribunal: bench compare, same files)", t["median"],
                 statistics.median(b["times"]), t["peak"], b["peak_rss_mib"], b["agreement"], f"{ld0} / {load()}",
                 b["idle_rss_mib"])
        self.notes.append(f"compare: simulate rubric --judges {args.compare_judges} --units {args.compare_units} "
                          f"--seed {args.seed} (one panel, one format: {t['comparisons']} comparisons, the nearest "
                          f"to quality.md's 27); worst interval end: {b.get('worst', '')}")
        for p in b.get("ambiguous", []):
            self.notes.append("compare outcome within Monte Carlo error: " + p)
        for p in b["problems"][:20]:
            self.notes.append("compare MISMATCH: " + p)

    def cascade(self):
        args, cli, R = self.args, self.cli, self.R
        kfiles = make_cascade_files(cli, self.wd, args.cascade_units, args.seed)
        k9 = {"k9_csv": os.path.join(self.wd, "cascade.csv")}
        run_cli(cascade_args(cli, kfiles) + ["--format", "csv"], k9["k9_csv"])
        ld0 = load()
        t = bench_cascade_cli(cli, kfiles, R)
        b = self.spawn("cascade", dict(self.files, **kfiles), dict(self.tribunal, **k9))
        self.add("cross-fitted cascades K9", f"{t['halvings']} halvings x {t['thresholds']} thresholds (binary; "
                 f"ordinal 21) x {t['fallbacks']} fallbacks x {t['panels']} panel-kinds, {t['pairs']:,} pairs "
                 f"(Tribunal: bench cascade, same files)", t["median"], statistics.median(b["times"]), t["peak"],
                 b["peak_rss_mib"], b["agreement"], f"{ld0} / {load()}", b["idle_rss_mib"])
        self.notes.append(f"cascade: simulate rubric --judges 4 --units {args.cascade_units} --seed {args.seed} "
                          f"(one panel, ordinal and binary criteria: 2 panel-kinds; quality.md's 9 panels are not "
                          f"reachable with the simulator), cascade --first {K9_FIRST} --fallbacks "
                          f"{','.join(K9_FALLBACKS)}; the timed baseline draws its halvings with numpy's generator; "
                          f"on Tribunal's own halvings (xoshiro256** reproduced in numpy) it takes "
                          f"{fmt_s(statistics.median(b['exact_times']))}, which the agreement check uses")
        for p in b["problems"][:20]:
            self.notes.append("cascade MISMATCH: " + p)


def full_run(args, files, cli):
    """Time the selected stages (args.stages, in the table's order) on both sides; print and --report the table;
    returns the exit code."""
    run = TimedRun(args, files, cli)
    n, R = run.n, run.R
    print(f"# {n:,} judgments, seed {args.seed}, repeat {R}, cli {cli}", flush=True)
    run.notes.append(f"{n:,} judgments (simulate audit --seed {args.seed}), medians of {R}; {os.cpu_count()} "
                     f"cores; Python {sys.version.split()[0]}, pandas {pd.__version__}, numpy {np.__version__}; "
                     f"baseline single-threaded, tribunal-cli with its default threads")
    if "import-csv" in args.stages:
        run.import_csv()
    if "import-jsonl" in args.stages:
        run.import_jsonl()
    want_trust, want_boot = "trust" in args.stages, "bootstrap" in args.stages
    if want_trust or want_boot:
        run.trust_and_bootstrap(want_trust, want_boot)
    if "compare" in args.stages:
        run.compare()
    if "cascade" in args.stages:
        run.cascade()
    text = render_table(run.rows, run.notes)
    print("\n" + text)
    if args.report:
        with open(args.report, "w") as f:
            f.write(text)
    return 1 if run.failed else 0
