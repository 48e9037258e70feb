"""The generated input files: `tribunal-cli simulate audit` (flat CSV and JSONL of one simulation) and `simulate
rubric` (judgments and items JSONL), written into the work directory once and reused when already there."""
import os
import subprocess


def make_files(cli, workdir, n, seed):
    """`simulate audit --judgments n --seed seed` as flat CSV and as JSONL; returns {'csv', 'jsonl'} paths."""
    base = os.path.join(workdir, f"audit-{n}-s{seed}")
    files = {"csv": base + ".csv", "jsonl": base + ".jsonl"}
    for path in files.values():
        if not os.path.exists(path):
            subprocess.run([cli, "simulate", "audit", "--judgments", str(n), "--seed", str(seed), "-o", path],
                           check=True, stdout=subprocess.DEVNULL)
    return files


def r7_judges(n):
    """The judges of `simulate rubric --judges n`, in the simulator's order."""
    return ["sim-cheap"] + [f"sim-mid-{i}" for i in range(2, n)] + ["sim-expensive"]


def make_rubric_files(cli, workdir, units, judges, seed):
    """`simulate rubric` with that many judges and units; returns {'rubric_jsonl', 'rubric_items'} paths."""
    base = os.path.join(workdir, f"rubric-{units}u-{judges}j-s{seed}")
    files = {"rubric_jsonl": base + ".jsonl", "rubric_items": base + ".items.jsonl"}
    if not (os.path.exists(files["rubric_jsonl"]) and os.path.exists(files["rubric_items"])):
        subprocess.run([cli, "simulate", "rubric", "--judges", str(judges), "--units", str(units), "--seed",
                        str(seed), "-o", files["rubric_jsonl"]], check=True, stdout=subprocess.DEVNULL)
    return files


def make_cascade_files(cli, workdir, units, seed):
    """`simulate rubric --judges 4` files under their own keys (the compare stage's rubric files may differ)."""
    f = make_rubric_files(cli, workdir, units, 4, seed)
    return {"k9_jsonl": f["rubric_jsonl"], "k9_items": f["rubric_items"]}
