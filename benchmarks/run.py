"""parity's benchmarks: one command, every row a ratio against a comparison run alongside.

    python benchmarks/run.py                 # the full run (~10 minutes today), markdown table
    python benchmarks/run.py --quick         # a smoke run (fewer repetitions, smaller sizes)
    python benchmarks/run.py --json          # the same, as JSON for machines
    python benchmarks/run.py --only diff,verify

Machines are noisy (and this one is shared), so every row times parity and its comparison
in the same run, interleaved (A B, B A, A B...), and reports medians and their ratio.
Absolute times are reported, never asserted: nothing here runs in CI and no test asserts a
time. See benchmarks/README.md for what each row measures and why. Each group's rows are in
a module of its own (``group_<name>.py``), on ``harness.py`` (rows, settings, timing) and
``workloads.py`` (what the rows time).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import asdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
# the scripts import each other by name, and parity from this checkout without an install
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from group_call import bench_call  # noqa: E402
from group_connect import bench_connect  # noqa: E402
from group_diff import bench_diff  # noqa: E402
from group_extract import bench_extract, child_extract  # noqa: E402
from group_memory import bench_memory, child_memory  # noqa: E402
from group_startup import bench_startup  # noqa: E402
from group_verify import bench_verify  # noqa: E402
from harness import InvalidBenchmark, Row, Settings  # noqa: E402
from report import fmt, mark, markdown, run_meta  # noqa: E402

BENCHES: dict[str, Callable[[Settings], Iterator[Row]]] = {
    "extract": bench_extract, "diff": bench_diff, "verify": bench_verify,
    "connect": bench_connect, "call": bench_call, "startup": bench_startup,
    "memory": bench_memory,
}
GROUPS = tuple(BENCHES)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true", help="print JSON instead of markdown")
    parser.add_argument("--quick", action="store_true",
                        help="smoke run: fewer repetitions, at most 1,000 tools")
    parser.add_argument("--full", action="store_true",
                        help="DeepDiff over the whole 10,000-tool catalog (about 5 minutes "
                             "more), not a sample")
    parser.add_argument("--only", default="", help=f"comma-separated groups: {', '.join(GROUPS)}")
    parser.add_argument("--reps", type=int, default=None, help="most repetitions per row")
    parser.add_argument("--child-memory", nargs=2, metavar=("MODE", "DIR"),
                        help=argparse.SUPPRESS)
    parser.add_argument("--child-extract", metavar="LABEL", help=argparse.SUPPRESS)
    parser.add_argument("--budget", type=float, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child_memory:
        child_memory(*args.child_memory)
        return 0
    only = [g.strip() for g in args.only.split(",") if g.strip()] or list(GROUPS)
    unknown = [g for g in only if g not in GROUPS]
    if unknown:
        parser.error(f"unknown group(s) {unknown}; choose from {', '.join(GROUPS)}")
    s = Settings(quick=args.quick, full=args.full,
                 reps=args.reps or (3 if args.quick else 9),
                 budget=args.budget or (4.0 if args.quick else 12.0),
                 min_sample=0.02 if args.quick else 0.05,
                 sizes=(100, 1000) if args.quick else (100, 1000, 10_000),
                 log=lambda m: print(m, file=sys.stderr, flush=True))
    if args.child_extract:
        child_extract(args.child_extract, s)
        return 0
    meta = run_meta()
    # parity remembers validated files by content hash (parity.core.validate.cache_dir): keep
    # the benchmark's verdicts out of the user's cache, and start every run cold.
    own_cache = "PARITY_CACHE_DIR" not in os.environ
    if own_cache:
        os.environ["PARITY_CACHE_DIR"] = tempfile.mkdtemp(prefix="parity-bench-cache-")
    t0 = time.perf_counter()
    rows: list[Row] = []
    failed = False
    for group in GROUPS:
        if group not in only:
            continue
        s.log(f"[{group}]")
        try:
            for row in BENCHES[group](s):
                s.log(f"  {row.workload}: {fmt(row.parity, row.unit)} vs "
                      f"{fmt(row.comparison, row.unit)} -> {mark(row.ok)}")
                rows.append(row)
        except InvalidBenchmark as exc:
            failed = True
            s.log(f"  INVALID: {exc}")
            rows.append(Row(group, f"{group}: INVALID ({exc})", None, "-", None, "-", False))
    meta["elapsed_s"] = time.perf_counter() - t0
    if own_cache:
        shutil.rmtree(os.environ.pop("PARITY_CACHE_DIR"), ignore_errors=True)
    meta["load_after"] = " ".join(f"{x:.1f}" for x in os.getloadavg())
    if args.json:
        print(json.dumps({"meta": meta, "rows": [asdict(r) for r in rows]}, indent=1,
                         default=str))
    else:
        print(markdown(rows, meta), end="")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
