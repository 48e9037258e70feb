"""The results table of a timed run: one markdown row per stage and workload (Tribunal's and the baseline's
medians, their ratio, peak RSS, agreement, load averages), the notes under it, and the number formats."""
import math
import os


HEADER = ["stage", "workload", "Tribunal median", "baseline median", "ratio (baseline / Tribunal)",
          "Tribunal peak RSS", "baseline peak RSS", "agreement", "load avg (start / end)"]


def load():
    """The load averages (1, 5, 15 min) as text: the 2-core machine is shared, so every row records them."""
    return "{:.2f} {:.2f} {:.2f}".format(*os.getloadavg())


def fmt_s(x):
    """Seconds as "12.3 ms" below one second, else "1.23 s"; "-" for none / NaN."""
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "-"
    return f"{x * 1000:.1f} ms" if x < 1 else f"{x:.2f} s"


def table_row(stage, workload, t_med, b_med, t_rss, b_rss, agreement, ld, b_idle=None, t_idle=None):
    """One row of the table (the cells of HEADER): medians in seconds, peak RSS in MiB (None or 0 = not measured,
    "-"), idle RSS in MiB when known."""
    ratio = b_med / t_med if t_med and b_med and t_med > 0 else float("nan")
    return [stage, workload, fmt_s(t_med), fmt_s(b_med), f"{ratio:.1f}x" if ratio == ratio else "-",
            f"{t_rss:.0f} MiB" + (f" ({t_idle:.0f} idle)" if t_idle else "") if t_rss else "-",
            f"{b_rss:.0f} MiB" + (f" ({b_idle:.0f} idle)" if b_idle else "") if b_rss else "-",
            agreement, ld]


def render_table(rows, notes):
    """The markdown table of the rows, then the notes as a list."""
    lines = ["| " + " | ".join(HEADER) + " |", "|" + "---|" * len(HEADER)]
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    return "\n".join(lines) + "\n\n" + "\n".join("- " + x for x in notes) + "\n"
