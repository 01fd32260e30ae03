"""The benchmarks' report: the rows as a markdown table, and what the run ran on."""

from __future__ import annotations

import contextlib
import os
import platform
import subprocess
from datetime import datetime, timezone
from typing import Any

from harness import ROOT, Row


def fmt(value: float | None, unit: str) -> str:
    if value is None:
        return "-"
    if unit == "MB":
        return f"{value:,.0f} MB"
    if unit == "x":
        return f"{value:.2f}x"
    if value >= 1:
        return f"{value:.2f} s"
    if value >= 1e-3:
        return f"{value * 1e3:.1f} ms"
    return f"{value * 1e6:.0f} µs"


def mark(ok: bool | None) -> str:
    return {True: "pass", False: "**falls short**", None: "-"}[ok]


def markdown(rows: list[Row], meta: dict[str, Any]) -> str:
    out = [f"Run {meta['date']} on {meta['machine']}; Python {meta['python']}; parity "
           f"{meta['parity']} ({meta['git']}); load average {meta['load_before']} before, "
           f"{meta['load_after']} after; {meta['elapsed_s']:.0f} s in all.", "",
           "| workload | parity | comparison | comparison's | ratio | target | mark |",
           "| --- | --- | --- | --- | --- | --- | --- |"]
    for r in rows:
        if r.group == "startup" and r.workload.startswith("-X importtime"):
            comp = "heavy imports"
            comp_v = f"{r.comparison:.0f}" if r.comparison is not None else "-"
            ratio = "-"
        else:
            comp, comp_v = r.comparison_name, fmt(r.comparison, r.unit)
            ratio = "-" if r.ratio is None else f"{r.ratio:.3g}"
        out.append(f"| {r.workload} | {fmt(r.parity, r.unit)} | {comp} | {comp_v} | {ratio} "
                   f"| {r.target} | {mark(r.ok)} |")
    notes = [f"- {r.workload} ({r.reps} rep{'s' if r.reps != 1 else ''}): {r.notes}"
             for r in rows if r.notes]
    if notes:
        out += ["", "Notes:", *notes]
    return "\n".join(out) + "\n"


def run_meta() -> dict[str, Any]:
    import parity

    git = "?"
    with contextlib.suppress(Exception):
        git = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT,
                             capture_output=True, text=True, check=False).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"],
                               cwd=ROOT, capture_output=True, text=True,
                               check=False).stdout.strip()
        git += " + uncommitted changes" if dirty else ""
    return {
        "date": datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "machine": f"{platform.machine()}, {os.cpu_count()} CPUs, {platform.system()}",
        "python": platform.python_version(), "parity": parity.__version__, "git": git,
        "load_before": " ".join(f"{x:.1f}" for x in os.getloadavg()),
    }
