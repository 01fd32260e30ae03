"""Rows of the group ``memory``: peak memory of load + diff + judge at 10,000 tools, against
``json.loads`` of the same manifests."""

from __future__ import annotations

import contextlib
import json
import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

from harness import HERE, InvalidBenchmark, Row, Settings
from workloads import check_folder, expected_baseline, pair_files


def child_memory(mode: str, folder: str) -> None:
    """Run in a subprocess: one workload, then print the peak RSS (``ru_maxrss``)."""
    import resource

    f = Path(folder)
    if mode == "parity":
        v = check_folder(f)
        out = {"findings": len(v.known) + len(v.new)}
    elif mode == "bare":  # the interpreter and parity's check-path modules, no data
        import parity.contract.baseline
        import parity.contract.diff
        import parity.fieldpaths.manifest  # noqa: F401
        out = {}
    elif mode == "json":  # the reference: the same two files parsed, nothing else
        a = json.loads((f / "agent.manifest.json").read_text(encoding="utf-8"))
        b = json.loads((f / "server.manifest.json").read_text(encoding="utf-8"))
        out = {"tools": len(a["tools"]) + len(b["tools"])}
    else:
        raise SystemExit(f"unknown mode {mode}")
    # VmHWM: the peak RSS of this process image. ru_maxrss would do elsewhere, but on Linux
    # it keeps the parent's peak across fork + exec, so it cannot go below the harness's.
    out["maxrss_kb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    with contextlib.suppress(OSError):
        status = Path("/proc/self/status").read_text(encoding="utf-8")
        m = re.search(r"^VmHWM:\s+(\d+) kB", status, re.M)
        if m:
            out["maxrss_kb"] = int(m.group(1))
    print(json.dumps(out))


def bench_memory(s: Settings) -> Iterator[Row]:
    n = 1000 if s.quick else 10_000
    pf = pair_files(n, s)
    if not pf.baseline.is_file():  # written by the diff group; standalone: write it now
        from parity.contract import baseline as bl

        bl.write(expected_baseline(pf), pf.baseline)
    results = {}
    for mode in ("parity", "json", "bare"):
        with tempfile.TemporaryDirectory(prefix="parity-bench-cache-") as cache:
            done = subprocess.run(  # a first check after the files changed: cache empty
                [sys.executable, str(HERE / "run.py"), "--child-memory", mode,
                 str(pf.folder)], capture_output=True, text=True, check=False,
                env={**os.environ, "PARITY_CACHE_DIR": cache})
        if done.returncode != 0:
            raise InvalidBenchmark(f"memory child {mode} failed: {done.stderr[-400:]}")
        results[mode] = json.loads(done.stdout.strip().splitlines()[-1])
    if results["parity"]["findings"] != len(pf.pair.expected_keys):
        raise InvalidBenchmark("memory: wrong number of findings")
    p = results["parity"]["maxrss_kb"] / 1024
    c = results["json"]["maxrss_kb"] / 1024
    size = (pf.agent_manifest.stat().st_size + pf.server_manifest.stat().st_size) / 2**20
    yield Row("memory", f"peak RSS, load + diff + judge, {n:,} tools", p,
              "json.loads of the same two manifests", c, "<= 1.5x", p / c <= 1.5, unit="MB",
              reps=1, notes=f"peak RSS (VmHWM) of a subprocess, cache empty (validation "
                    "included, both manifests parsed in full as on the first check after a "
                    f"change); manifest files {size:.0f} MB; the "
                    f"interpreter with parity's modules and no data: "
                    f"{results['bare']['maxrss_kb'] / 1024:.0f} MB")
