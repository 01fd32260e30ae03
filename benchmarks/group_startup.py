"""Rows of the group ``startup``: ``parity check`` and ``parity extract --check`` as
processes, against ``python -c 'import click, json'``, and what they import."""

from __future__ import annotations

import contextlib
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import generate
from harness import ROOT, InvalidBenchmark, Row, Settings, interleave, med

#: modules that must not be imported on the pre-commit path
HEAVY = ("mcp", "pydantic", "pydantic_core", "deepdiff")


def _parity_cmd() -> list[str]:
    script = Path(sys.executable).parent / "parity"
    return [str(script)] if script.is_file() else [sys.executable, "-m", "parity"]


def _example_ready() -> bool:
    return (ROOT / "manifests" / "workflow.agent.json").is_file() and \
        (ROOT / "manifests" / "workflow.server.json").is_file()


def _temp_project(s: Settings) -> Path:
    """A throwaway project: [tool.parity] with one pair of generated 20-tool manifests."""
    from parity.contract import baseline as bl
    from parity.contract.baseline import Baseline
    from parity.contract.diff import diff_manifests
    from parity.fieldpaths import manifest as mf
    from parity.fieldpaths.tooldefs import manifest_from_definitions

    folder = Path(tempfile.mkdtemp(prefix="parity-bench-startup-"))
    p = generate.pair(20)
    agent = manifest_from_definitions(p.agent, side="agent", source="generated")
    server = manifest_from_definitions(p.server, side="server", source="generated")
    mf.write(agent, folder / "manifests" / "gen.agent.json")
    mf.write(server, folder / "manifests" / "gen.server.json")
    bl.write(Baseline.from_findings(diff_manifests(agent, server)),
             folder / "baselines" / "gen.json")
    (folder / "parity.toml").write_text(
        'manifests = "manifests"\nbaselines = "baselines"\n\n'
        '[servers.gen]\ntools_file = "server.tools.json"\n\n'
        '[pairs.gen]\nserver = "gen"\n\n[pairs.gen.agent]\ntools_file = "agent.tools.json"\n',
        encoding="utf-8")
    for side in ("agent", "server"):
        (folder / f"{side}.tools.json").write_text(json.dumps({"tools": getattr(p, side)}),
                                                   encoding="utf-8")
    return folder


def _byte_compile_parity() -> None:
    """Give parity's modules their bytecode, as an installed package has it: pip compiles
    a package when it installs it, and Python writes an editable checkout's on its first
    import, unless ``PYTHONDONTWRITEBYTECODE`` is set (as it is on the development
    machine). The floor's modules (click, json) are compiled; without this, every timed
    ``parity`` process would compile parity's sources first, a cost no user pays twice."""
    import compileall

    if not compileall.compile_dir(str(ROOT / "parity"), quiet=1):
        raise InvalidBenchmark("parity's modules did not all byte-compile")


def _checkout_env() -> dict[str, str]:
    """The environment of every timed process: it imports this checkout's parity. The
    ``parity`` command imports what its interpreter has installed, which may be another
    checkout (an editable install of the working tree, while this runs in a clone): that
    one's code would be timed, and its bytecode may be missing."""
    paths = [str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])]
    return {**os.environ, "NO_COLOR": "1", "PYTHONPATH": os.pathsep.join(paths)}


def _check_checkout() -> None:
    """Refuse to time a ``parity`` that is not this checkout's (``_checkout_env``)."""
    with tempfile.TemporaryDirectory() as elsewhere:  # a folder of its own is on the path
        done = _run([sys.executable, "-c", "import parity; print(parity.__file__)"],
                    Path(elsewhere))[1]
    found = Path(done.stdout.strip()).resolve().parent if done.returncode == 0 else None
    if found != (ROOT / "parity").resolve():
        raise InvalidBenchmark(f"the timed processes import parity from {found}, not from "
                               f"{ROOT / 'parity'}: {done.stderr.strip()[-300:]}")


def _run(cmd: list[str], cwd: Path, env: dict[str, str] | None = None,
         ) -> tuple[float, subprocess.CompletedProcess[str]]:
    t0 = time.perf_counter()
    done = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, check=False,
                          env={**_checkout_env(), **(env or {})})
    return time.perf_counter() - t0, done


def importtime(args: list[str], cwd: Path, env: dict[str, str] | None = None,
               ) -> dict[str, Any]:
    """``-X importtime``: top-level imports by cumulative time, and any heavy module."""
    done = subprocess.run([sys.executable, "-X", "importtime", *args], cwd=cwd,
                          capture_output=True, text=True, check=False,
                          env={**_checkout_env(), **(env or {})})
    rows: list[tuple[str, int, int]] = []
    for line in done.stderr.splitlines():
        m = re.match(r"import time:\s+(\d+) \|\s+(\d+) \|( *)(\S+)", line)
        if m:
            rows.append((m.group(4), int(m.group(1)), len(m.group(3))))
    cumulative: dict[str, int] = {}
    for line in done.stderr.splitlines():
        m = re.match(r"import time:\s+\d+ \|\s+(\d+) \|( *)(\S+)", line)
        if m and len(m.group(2)) == 1:
            cumulative[m.group(3)] = int(m.group(1))
    heavy = sorted({name for name, _, _ in rows if name.split(".")[0] in HEAVY})
    total_self = sum(us for _, us, _ in rows)
    top = sorted(cumulative.items(), key=lambda kv: -kv[1])[:12]
    return {"command": " ".join(args), "heavy": heavy, "modules": len(rows),
            "total_ms": total_self / 1000,
            "top_level_ms": {k: v / 1000 for k, v in top}, "rc": done.returncode}


def bench_startup(s: Settings) -> Iterator[Row]:
    cmd = _parity_cmd()
    _check_checkout()
    _byte_compile_parity()
    projects: list[tuple[str, Path, list[str]]] = []
    if _example_ready():
        projects.append(("bundled example (pyproject.toml, manifests/workflow.*)", ROOT,
                         [*cmd, "check"]))
    temp = _temp_project(s)
    projects.append(("temporary project (20 generated tools, baselined)", temp,
                     [*cmd, "check"]))
    floor = [sys.executable, "-c", "import click, json"]
    reps = 5 if s.quick else 21
    cold_env = {"PARITY_NO_CACHE": "1"}
    for label, cwd, args in projects:
        _, done = _run(args, cwd)  # also warms the validation cache
        if done.returncode not in (0, 1):
            raise InvalidBenchmark(f"parity check failed ({done.returncode}): "
                                   f"{done.stderr.strip()[-400:]}")
        _run(floor, cwd)
        tp: list[float] = []
        tn: list[float] = []
        tc: list[float] = []
        runs = ((tp, args, None), (tn, args, cold_env), (tc, floor, None))
        for i in range(reps):
            for k in range(3):
                times, cmd_, env = runs[(i + k) % 3]
                times.append(_run(cmd_, cwd, env)[0])
        for times, how in ((tp, "validation cache warm"),
                           (tn, "validation cache off (changed files)")):
            yield Row("startup", f"`parity check`, {label}, {how}", med(times),
                      "python -c 'import click, json'", med(tc), "<= 3x",
                      med(times) / med(tc) <= 3, reps=reps,
                      notes=f"exit code {done.returncode}; wall time of the process")
    if _example_ready():
        yield _extract_check_row(cmd, s)
    # What the pre-commit path imports.
    it_mod = importtime(["-c", "import parity.cli.commands.check"], ROOT)
    check_args = ["-m", "parity", "check"]
    it_run = importtime(check_args, projects[0][1])
    it_cold = importtime(check_args, projects[0][1], cold_env)
    with contextlib.suppress(OSError):
        import shutil

        shutil.rmtree(temp)
    where = projects[0][0].split(" (")[0]
    for label, it in (("import parity.cli.commands.check", it_mod),
                      (f"parity check ({where}), validation cache warm", it_run),
                      (f"parity check ({where}), validation cache off", it_cold)):
        top = ", ".join(f"{k} {v:.0f} ms" for k, v in list(it["top_level_ms"].items())[:8])
        yield Row("startup", f"-X importtime: {label}", it["total_ms"] / 1000,
                  "heavy modules imported", float(len(it["heavy"])),
                  "no mcp, pydantic or deepdiff", not it["heavy"], unit="s", ratio=None,
                  notes=(f"heavy: {', '.join(it['heavy'][:6]) or 'none'}; {it['modules']} "
                         f"modules; top-level cumulative: {top}"), extra=it)


#: the least `parity extract --check` does on the bundled example: list its server's tools
#: (a process that imports the MCP client and starts the server, as parity's seam does)
_LIST_EXAMPLE = """
from parity.config.settings import load_config
from parity.mcp import fetch_tools
from parity.sources.live import live_spec
config = load_config(None)
listing = fetch_tools(live_spec(config.servers["workflow"], root=config.root))
assert listing.tools
"""


def _extract_check_row(cmd: list[str], s: Settings) -> Row:
    """`parity extract --check` on the bundled example against its server listed alone: the
    agent's stubs are read while the server boots (``parity.sources.side_by_side``)."""
    args, floor = [*cmd, "extract", "--check"], [sys.executable, "-c", _LIST_EXAMPLE]
    for command in (args, floor):  # warm-up; both must succeed
        done = _run(command, ROOT)[1]
        if done.returncode != 0:
            raise InvalidBenchmark(f"{command[-2:]} failed ({done.returncode}): "
                                   f"{done.stderr.strip()[-400:]}")
    tp, tc = interleave(lambda: _run(args, ROOT), lambda: _run(floor, ROOT), s=s,
                        budget=20 if s.quick else 60, max_reps=3 if s.quick else 9)
    p, c = med(tp), med(tc)
    return Row("startup", "`parity extract --check`, bundled example (stdio server, 6 stubs)",
               p, "its server listed alone (python -c: fetch_tools)", c, "<= 1.5x",
               p / c <= 1.5, reps=len(tp),
               notes="wall time of the processes; parity also imports the agent's stubs, "
                     "extracts both sides and compares the manifests")
