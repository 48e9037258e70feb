"""Running tribunal-cli: wall time and peak RSS of a command, and the figures its `bench` subcommands print.

Tribunal's commands run as child processes timed by wall clock, with their peak RSS from os.wait4 (launch). The
trust table alone takes a few ms in Tribunal, less than the run-to-run noise of a CLI run (start-up + import), so
the table and the bootstrap are timed in process by `tribunal-cli bench trust` on the same file, as are import,
compare and cascade by their `bench` subcommands (bench_*: their medians and peak RSS parsed from the output);
bench_trust_medians adds the Google Benchmark figures of bench_trust (its own simulated audit).
"""
import json
import os
import re
import subprocess
import sys
import tempfile

from .bootstrap import RESAMPLES
from .cascade import K9_FALLBACKS, K9_FIRST
from .compare import R7_RESAMPLES

# Every timed command is started by this small launcher (a python3 -S process of about 8 MiB), never forked from
# this script directly: Linux keeps a process's peak RSS across execve, so a child forked from a process holding
# pandas (60+ MiB) would report at least that much, whatever it used itself. The launcher forks, execs the
# command, waits with os.wait4 (that child's own rusage) and writes wall time and peak RSS to a report file.
LAUNCHER = r"""
import json, os, sys, time
report, out, args = sys.argv[1], sys.argv[2], sys.argv[3:]
t0 = time.perf_counter()
pid = os.fork()
if pid == 0:
    try:
        if out != "-":
            fd = os.open(out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
            os.dup2(fd, 1)
            os.close(fd)
        os.execv(args[0], args)
    finally:
        os._exit(127)
_, status, ru = os.wait4(pid, 0)
wall = time.perf_counter() - t0
with open(report, "w") as f:
    json.dump({"wall": wall, "maxrss_kib": ru.ru_maxrss, "code": os.waitstatus_to_exitcode(status)}, f)
"""


def launch(args, stdout_path=None, capture=False):
    """Run args through the launcher; return (wall seconds, peak RSS MiB, captured stdout or None)."""
    fd, report = tempfile.mkstemp(suffix=".json")
    os.close(fd)
    try:
        p = subprocess.run([sys.executable, "-S", "-c", LAUNCHER, report, stdout_path or "-"] + list(args),
                           stdout=subprocess.PIPE if capture else subprocess.DEVNULL, stderr=subprocess.PIPE,
                           text=True)
        with open(report) as f:
            rep = json.load(f)
    finally:
        os.unlink(report)
    if p.returncode != 0 or rep["code"] != 0:
        sys.exit(f"command failed ({rep['code']}): {' '.join(args)}\n{p.stderr}")
    return rep["wall"], rep["maxrss_kib"] / 1024.0, p.stdout


def run_cli(args, stdout_path=None):
    """Run tribunal-cli; return (wall seconds, peak RSS MiB of that process)."""
    wall, rss, _ = launch(args, stdout_path)
    return wall, rss


def bench_import(cli, path, repeat):
    """Tribunal's import timed in process: `tribunal-cli bench import` (median, peak RSS and RSS before import)."""
    out = launch([cli, "bench", "import", path, "--repeat", str(repeat)], capture=True)[2]
    m = re.search(r"median ([\d.]+) s .*peak RSS ([\d.]+) MiB \(([\d.]+) MiB before", out)
    if not m:
        sys.exit(f"cannot read bench import output:\n{out}")
    return {"median": float(m.group(1)), "peak": float(m.group(2)), "idle": float(m.group(3)), "text": out.strip()}


def bench_trust_cli(cli, path, repeat):
    """Tribunal's trust table and bootstrap timed in process on the same file: `tribunal-cli bench trust`
    (loads the audit once, untimed; medians of `repeat` runs; peak RSS of the process)."""
    out = launch([cli, "bench", "trust", path, "--repeat", str(repeat), "--resamples", str(RESAMPLES)],
                 capture=True)[2]
    m = re.search(r"\(T1-T8\) median ([\d.]+) s .*\(T13\) median ([\d.]+) s .*peak RSS ([\d.]+) MiB", out)
    if not m:
        sys.exit(f"cannot read bench trust output:\n{out}")
    return {"table": float(m.group(1)), "boot": float(m.group(2)), "peak": float(m.group(3)), "text": out.strip()}


def bench_trust_medians(exe, judgments):
    """Medians (seconds) of Tribunal's in-process Google Benchmarks BM_AnalyseTrust/0 and BM_BootstrapTrust/0
    (2 threads) on simulateAudit(judgments, 10 runs): the same workload shape as the CLI's file, without the
    start-up and import that make the CLI differences noisy on a loaded machine."""
    os.environ["TRIBUNAL_BENCH_JUDGMENTS"] = str(judgments)
    out = launch([exe, "--benchmark_filter=BM_AnalyseTrust/0|BM_BootstrapTrust/0", "--benchmark_format=json"],
                 capture=True)[2]
    scale = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}
    med = {}
    for b in json.loads(out)["benchmarks"]:
        if b.get("aggregate_name") == "median":
            med[b["name"].split("/")[0]] = b["real_time"] * scale[b["time_unit"]]
    return med


def info_json(cli, path):
    """`tribunal-cli info FILE --json`, parsed (the counts the import checks compare with)."""
    return json.loads(subprocess.run([cli, "info", path, "--json"], capture_output=True, text=True,
                                     check=True).stdout)


def bench_compare_cli(cli, files, judges, repeat, resamples=R7_RESAMPLES):
    """Tribunal's R7 family timed in process on the same files: `tribunal-cli bench compare` (loads once,
    untimed; medians of `repeat` runs)."""
    out = launch([cli, "bench", "compare", files["rubric_jsonl"], files["rubric_items"], "--judges",
                  ",".join(judges), "--repeat", str(repeat), "--resamples", str(resamples)], capture=True)[2]
    m = re.search(r"comparisons (\d+)  units (\d+).*\n.*\(R7\) median ([\d.]+) s  peak RSS ([\d.]+) MiB", out)
    if not m:
        sys.exit(f"cannot read bench compare output:\n{out}")
    return {"comparisons": int(m.group(1)), "units": int(m.group(2)), "median": float(m.group(3)),
            "peak": float(m.group(4)), "text": out.strip()}


def cascade_args(cli, files):
    """`tribunal-cli cascade` on the cascade stage's files, with its first judge and fallbacks."""
    return [cli, "cascade", files["k9_jsonl"], files["k9_items"], "--first", K9_FIRST, "--fallbacks",
            ",".join(K9_FALLBACKS)]


def bench_cascade_cli(cli, files, repeat):
    """Tribunal's K9 timed in process on the same files: `tribunal-cli bench cascade` (loads once, untimed)."""
    out = launch([cli, "bench", "cascade", files["k9_jsonl"], files["k9_items"], "--first", K9_FIRST,
                  "--fallbacks", ",".join(K9_FALLBACKS), "--repeat", str(repeat)], capture=True)[2]
    m = re.search(r"panels (\d+)  pairs (\d+)  halvings (\d+)  thresholds (\d+)  fallbacks (\d+).*\n"
                  r".*\(K9\) median ([\d.]+) s  peak RSS ([\d.]+) MiB", out)
    if not m:
        sys.exit(f"cannot read bench cascade output:\n{out}")
    return {"panels": int(m.group(1)), "pairs": int(m.group(2)), "halvings": int(m.group(3)),
            "thresholds": int(m.group(4)), "fallbacks": int(m.group(5)), "median": float(m.group(6)),
            "peak": float(m.group(7)), "text": out.strip()}
