"""Extraction, and the check from files on an empty cache, counted in instructions and cache
misses (Valgrind's callgrind), not in time.

    python benchmarks/instructions.py            # the three workloads, a markdown table
    python benchmarks/instructions.py --only real --runs 10
    python benchmarks/instructions.py --only check   # the 100-tool check, cache empty
    python benchmarks/instructions.py --by-construct --runs 2   # where generated's go
    python benchmarks/instructions.py --floor every-branch      # against a walk of every branch

Time on a shared machine moves by tens of percent between runs; callgrind's counts do not.
This runs the two walks of ``run.py``'s extraction rows (parity's ``tool_tables`` and
``naive.py``) under callgrind with its cache and branch simulation, and reports, per pass
over a workload: instructions, first-level instruction-cache misses, data-cache misses and
mispredicted branches, and parity's ratio to the naive walk for each. Each figure is the
difference between a process that makes ``1 + runs`` passes and one that makes 1, so
start-up and imports cancel out (a process run before them compiles the imports). It
explains the time rows; it does not replace them (the targets are on time). It needs
``valgrind`` on PATH, and takes a few minutes.

``--by-construct`` counts parity's instructions on the generated workload again with each
construct of ``CONSTRUCTS`` replaced, wherever it occurs, by a bare leaf (its subtree
included; ``$ref`` with the root's ``$defs``): what is left says what the construct costs,
and the naive walk's count beside it what it costs the floor (nothing, for the unions and
``allOf`` it does not read).

``--floor every-branch`` counts against ``naive.walk_every_branch`` instead: the naive walk
reaching every subschema the field-path model reads (map values, each branch of a union and
of ``allOf``), recording the same two facts of each. It is not the target's floor; it says
how much of parity's ratio is reading what the floor skips, and how much is reading more of
each node.

``check`` counts ``run.py``'s row "the same, 100 tools, cache empty (changed files)": the
library call behind `parity check` on the generated 100-tool pair, every verdict forgotten
first (``workloads.empty_cache``), checked to find exactly the planted differences; against its
floor, ``json.loads`` of the two manifests. That row's time ratio moves with the machine's
load more than most (2.5x to 3.1x on a quiet machine); its instruction ratio does not.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
#: callgrind's event names, and how this report names them
EVENTS = {"Ir": "instructions", "I1mr": "instruction-cache misses",
          "D1mr": "data-cache read misses", "Bcm": "mispredicted branches",
          "Bim": "mispredicted indirect branches"}
CASES = {"real": "real corpus (226 tools)", "generated": "generated (200 tools)",
         "check": "check from files, 100 tools, cache empty"}
#: the check's floor (``--floor`` chooses the extraction workloads' walk)
CHECK_FLOOR = "json.loads of the two manifests"
_BARE = {"type": "string", "description": "A stand-in."}


def _object_branch(branch: Any) -> bool:
    return isinstance(branch, dict) and "properties" in branch


def _union_of(node: dict[str, Any], objects: bool) -> bool:
    return any(isinstance(node.get(k), list)
               and any(map(_object_branch, node[k])) == objects for k in ("anyOf", "oneOf"))


#: the constructs ``--by-construct`` replaces: name -> whether a node is one
CONSTRUCTS: dict[str, Callable[[dict[str, Any]], bool]] = {
    "union-of-objects": lambda node: _union_of(node, True),
    "all-of": lambda node: "allOf" in node,
    "ref": lambda node: "$ref" in node,
    "union-of-leaves": lambda node: _union_of(node, False),
    "pattern-map": lambda node: "patternProperties" in node,
    "map": lambda node: isinstance(node.get("additionalProperties"), dict),
}


def without(node: Any, construct: str) -> Any:
    """``node`` with every node ``construct`` names replaced by a bare leaf."""
    if not isinstance(node, dict):
        return node
    if CONSTRUCTS[construct](node):
        return dict(_BARE)
    out: dict[str, Any] = {}
    for key, value in node.items():
        if key in ("properties", "$defs", "patternProperties") and isinstance(value, dict):
            out[key] = {name: without(sub, construct) for name, sub in value.items()}
        elif key in ("anyOf", "oneOf", "allOf") and isinstance(value, list):
            out[key] = [without(sub, construct) for sub in value]
        elif key in ("items", "additionalProperties"):
            out[key] = without(value, construct)
        else:
            out[key] = value
    if construct == "ref":
        out.pop("$defs", None)
    return out


def _importable() -> None:
    """The benchmarks' modules and parity importable, as ``run.py``'s children have them."""
    for path in (str(HERE), str(ROOT)):
        if path not in sys.path:
            sys.path.insert(0, path)


def child(walker: str, case: str, passes: int) -> None:
    """Make ``passes`` passes of ``walker`` over ``case`` (after one untimed warm-up)."""
    if case == "check":
        check_passes(walker == "parity", passes)
        return
    _importable()
    import generate
    import naive
    import workloads

    from parity.fieldpaths.schema import tool_tables

    tools = (workloads.corpus_tools() if case == "real"
             else generate.catalog(200, seed=generate.SEED + 1))
    if case.startswith("generated:"):  # without a construct (``--by-construct``)
        construct = case.partition(":")[2]
        for tool in tools:
            for direction in ("inputSchema", "outputSchema"):
                if direction in tool:
                    tool[direction] = without(tool[direction], construct)
    if walker == "parity":
        for _ in range(passes):
            for tool in tools:
                tool_tables(tool)
        return
    walk = naive.walk_every_branch if walker == "every-branch" else naive.walk
    for _ in range(passes):
        for tool in tools:
            naive.tool_tables(tool, walk)


def check_passes(parity: bool, passes: int) -> None:
    """``passes`` of the cold check (``parity``), or of its floor, on the 100-tool pair (its
    files and baseline written first, uncounted: both processes of ``per_pass`` write them)."""
    _importable()
    import harness
    import workloads

    from parity.contract import baseline

    settings = harness.Settings(quick=True, full=False, reps=1, budget=0.0, min_sample=0.0,
                                sizes=(100,), log=lambda _: None)
    pf = workloads.pair_files(100, settings)
    baseline.write(workloads.expected_baseline(pf), pf.baseline)
    call = workloads.check_cold if parity else workloads.json_floor  # the timed row's two calls
    for _ in range(passes):
        call(pf)


def counts(walker: str, case: str, passes: int, folder: Path, *,
           simulate: bool = True) -> dict[str, int]:
    """callgrind's totals for a process making ``passes`` passes (``simulate``: with the
    cache and branch simulation, several times slower; without it, instructions alone)."""
    out = folder / f"{walker}.{case}.{passes}.out"
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    simulated = "yes" if simulate else "no"
    subprocess.run(["valgrind", "--tool=callgrind", f"--cache-sim={simulated}",
                    f"--branch-sim={simulated}",
                    f"--callgrind-out-file={out}", sys.executable, __file__, "--child",
                    walker, case, str(passes)],
                   check=True, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    events: list[str] = []
    for line in out.read_text().splitlines():
        if line.startswith("events:"):
            events = line.split()[1:]
        elif line.startswith(("summary:", "totals:")):
            return dict(zip(events, map(int, line.split()[1:]), strict=True))
    raise SystemExit(f"{out}: no totals in callgrind's output")


def per_pass(walker: str, case: str, runs: int, folder: Path, *,
             simulate: bool = True) -> dict[str, float]:
    # a first process compiles what the counted ones import (bytecode caches are written
    # then): otherwise only the first counted process pays for it, and the difference lies
    subprocess.run([sys.executable, __file__, "--child", walker, case, "1"], check=True,
                   stdout=subprocess.DEVNULL)
    one = counts(walker, case, 1, folder, simulate=simulate)
    more = counts(walker, case, 1 + runs, folder, simulate=simulate)
    return {event: (more[event] - one[event]) / runs for event in EVENTS if event in one}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", choices=sorted(CASES), help="one workload")
    parser.add_argument("--runs", type=int, default=5, help="passes counted (default 5)")
    parser.add_argument("--by-construct", action="store_true",
                        help="generated: parity's instructions without each construct")
    parser.add_argument("--floor", choices=["naive", "every-branch"], default="naive",
                        help="the walk counted against: the benchmark's floor (default), or "
                             "the naive walk reaching every branch and map value")
    parser.add_argument("--child", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        child(args.child[0], args.child[1], int(args.child[2]))
        return 0
    if shutil.which("valgrind") is None:
        print("instructions.py needs valgrind on PATH (apt install valgrind)", file=sys.stderr)
        return 2
    if args.by_construct:
        return by_construct(args.runs)
    walk_name = "naive walk" if args.floor == "naive" else "naive walk of every branch"
    print("| workload | count per pass | parity | floor | ratio |")
    print("| --- | --- | --- | --- | --- |")
    with tempfile.TemporaryDirectory(prefix="parity-callgrind-") as tmp:
        for case in [args.only] if args.only else list(CASES):
            print(f"counting {case} ...", file=sys.stderr, flush=True)
            ours = per_pass("parity", case, args.runs, Path(tmp))
            floor = per_pass(args.floor, case, args.runs, Path(tmp))
            floor_name = CHECK_FLOOR if case == "check" else walk_name
            for event, name in EVENTS.items():
                ratio = ours[event] / floor[event] if floor[event] else float("inf")
                print(f"| {CASES[case]} | {name} | {ours[event]:,.0f} | "
                      f"{floor_name}: {floor[event]:,.0f} | {ratio:.2f} |")
    return 0


def by_construct(runs: int) -> int:
    """The generated workload's instructions per pass, whole and without each construct."""
    print("| generated (200 tools) without | parity | less | share | naive walk |")
    print("| --- | --- | --- | --- | --- |")
    with tempfile.TemporaryDirectory(prefix="parity-callgrind-") as tmp:
        def count(walker: str, case: str) -> float:  # instructions alone: no simulation
            return per_pass(walker, case, runs, Path(tmp), simulate=False)["Ir"]

        whole = count("parity", "generated")
        print(f"| (nothing) | {whole:,.0f} | | | {count('naive', 'generated'):,.0f} |",
              flush=True)
        for construct in CONSTRUCTS:
            print(f"counting without {construct} ...", file=sys.stderr, flush=True)
            case = f"generated:{construct}"
            ours, floor = count("parity", case), count("naive", case)
            print(f"| {construct} | {ours:,.0f} | {whole - ours:,.0f} | "
                  f"{(whole - ours) / whole:.0%} | {floor:,.0f} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
