"""parity's benchmarks: one command, every row a ratio against a comparison run alongside.

    python benchmarks/run.py                 # the full run (~10 minutes today), markdown table
    python benchmarks/run.py --quick         # a smoke run (fewer repetitions, smaller sizes)
    python benchmarks/run.py --json          # the same, as JSON for machines
    python benchmarks/run.py --only diff,verify

Machines are noisy (and this one is shared), so every row times parity and its comparison
in the same run, interleaved (A B, B A, A B...), and reports medians and their ratio.
Absolute times are reported, never asserted: nothing here runs in CI and no test asserts a
time. See benchmarks/README.md for what each row measures and why.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import gc
import hashlib
import json
import math
import os
import platform
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import generate  # noqa: E402
import naive  # noqa: E402

GROUPS = ("extract", "diff", "verify", "connect", "startup", "memory")
#: modules that must not be imported on the pre-commit path
HEAVY = ("mcp", "pydantic", "pydantic_core", "deepdiff")
CACHE = HERE / ".cache"


class InvalidBenchmark(RuntimeError):
    """The workload did not do what it claims (wrong findings, drift where none is): a
    benchmark that silently measures nothing is worse than none."""


@dataclass
class Row:
    group: str
    workload: str
    parity: float | None
    comparison_name: str
    comparison: float | None
    target: str
    #: True pass, False fall short, None: reported only
    ok: bool | None
    unit: str = "s"
    ratio: float | None = None
    reps: int = 0
    notes: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.ratio is None and self.parity is not None and self.comparison:
            self.ratio = self.parity / self.comparison


@dataclass
class Settings:
    quick: bool
    full: bool
    reps: int
    budget: float
    min_sample: float
    sizes: tuple[int, ...]
    log: Callable[[str], None]


# -- timing --------------------------------------------------------------------------------


def _sample(fn: Callable[[], Any], number: int, warm: bool = False) -> float:
    gc.collect()  # it walks every object: a sample starts with the caches cold
    if warm:
        fn()  # untimed: the caches hold what a call repeated in one process finds there
    t0 = time.perf_counter()
    for _ in range(number):
        fn()
    return (time.perf_counter() - t0) / number


def interleave(*fns: Callable[[], Any], s: Settings, budget: float | None = None,
               max_reps: int | None = None, number: int | None = None,
               warm: bool = False) -> list[list[float]]:
    """Per-call times of each of ``fns``, interleaved round by round, the order rotating
    (A B C, B C A, C A B ...) so no function always runs first or after the same one.

    Each sample repeats a call until it lasts ``min_sample`` (so microsecond floors are
    measurable), or ``number`` times. The first call of each is a warm-up and calibration,
    kept as a sample only when it took 3 s or more; the number of rounds fits ``budget``
    seconds. ``warm``: each sample begins with an untimed call."""
    budget = s.budget if budget is None else budget
    max_reps = s.reps if max_reps is None else max_reps
    firsts = [_sample(fn, 1) for fn in fns]
    numbers = [number or max(1, math.ceil(s.min_sample / max(t, 1e-9))) for t in firsts]
    # a first call over 3 s is kept: imports and caches it warmed are a small part of it
    times: list[list[float]] = [[t] if t >= 3.0 else [] for t in firsts]
    per_round = max(sum(t * n for t, n in zip(firsts, numbers, strict=True)), 1e-9)
    spent = sum(sum(ts) for ts in times)
    rounds = min(max_reps - max(len(ts) for ts in times), int((budget - spent) // per_round))
    if not any(times):
        rounds = max(1, rounds)
    for r in range(max(0, rounds)):
        for k in range(len(fns)):
            i = (r + k) % len(fns)
            times[i].append(_sample(fns[i], numbers[i], warm))
    return [ts or [t] for ts, t in zip(times, firsts, strict=True)]


def med(xs: list[float]) -> float:
    return statistics.median(xs)


# -- data ----------------------------------------------------------------------------------


def corpus_tools() -> list[dict[str, Any]]:
    """The real tool definitions copied into benchmarks/data (see data/SOURCE.md)."""
    tools: list[dict[str, Any]] = []
    for file in sorted((HERE / "data").glob("*/*.json")):
        data = json.loads(file.read_text(encoding="utf-8"))
        listed = data["tools"] if isinstance(data, dict) else data
        tools.extend(t for t in listed if isinstance(t, dict) and "inputSchema" in t)
    return tools


def _cache_key(p: generate.Pair) -> str:
    """The generated data and the source of the code that turns it into manifests."""
    h = hashlib.sha256(json.dumps([p.agent, p.server], sort_keys=True).encode())
    sources = [*sorted((ROOT / "parity" / "fieldpaths").glob("*.py")),
               *sorted((ROOT / "parity" / "core").glob("*.py")),
               ROOT / "parity" / "schemas" / "manifest.v1.json"]
    for path in sources:
        with contextlib.suppress(OSError):
            h.update(path.read_bytes())
    return h.hexdigest()[:16]


@dataclass
class PairFiles:
    n: int
    folder: Path
    pair: generate.Pair
    agent_raw: dict[str, Any]
    server_raw: dict[str, Any]

    @property
    def agent_manifest(self) -> Path:
        return self.folder / "agent.manifest.json"

    @property
    def server_manifest(self) -> Path:
        return self.folder / "server.manifest.json"

    @property
    def baseline(self) -> Path:
        return self.folder / "baseline.json"


def raw_schemas(tools: list[dict[str, Any]]) -> dict[str, Any]:
    """What a team diffs by hand: tool name -> its raw schemas."""
    return {t["name"]: {k: t[k] for k in ("inputSchema", "outputSchema") if k in t}
            for t in tools}


def pair_files(n: int, s: Settings) -> PairFiles:
    """The generated pair of ``n`` tools as manifest files (untimed; cached in
    benchmarks/.cache, keyed by the generator's and the extractor's source)."""
    from parity.fieldpaths import manifest as mf
    from parity.fieldpaths.manifest import Manifest
    from parity.fieldpaths.tooldefs import manifest_from_definitions, tool_manifest

    p = generate.pair(n)
    folder = CACHE / f"pair-{n}-{_cache_key(p)}"
    if not (folder / "done").is_file():
        s.log(f"  generating and extracting the {n:,}-tool pair (untimed, cached)")
        t0 = time.perf_counter()
        server = manifest_from_definitions(p.server, side="server", source=f"generated:{n}")
        tools = {}
        for i, (a, b) in enumerate(zip(p.agent, p.server, strict=True)):
            plain = a["name"] == b["name"] and _reworded(a) == _reworded(b)
            if plain and i >= 20:  # only the agent's descriptions differ: reuse the entry
                tools[a["name"]] = _agent_entry(server.tools[b["name"]], a)
            else:
                tools[a["name"]] = tool_manifest(a)
                if plain and tools[a["name"]] != _agent_entry(server.tools[b["name"]], a):
                    raise InvalidBenchmark("the agent-entry shortcut differs from extraction")
        agent = Manifest(side="agent", source=f"generated:{n}", tools=tools)
        folder.mkdir(parents=True, exist_ok=True)
        mf.write(agent, folder / "agent.manifest.json")
        mf.write(server, folder / "server.manifest.json")
        for side in ("agent", "server"):
            (folder / f"{side}.tools.json").write_text(
                json.dumps({"tools": getattr(p, side)}, ensure_ascii=False), encoding="utf-8")
        (folder / "done").write_text("", encoding="utf-8")
        s.log(f"  ... {time.perf_counter() - t0:.1f} s")
    return PairFiles(n, folder, p, raw_schemas(p.agent), raw_schemas(p.server))


def _reworded(definition: dict[str, Any]) -> dict[str, Any]:
    """A definition without the descriptions ``generate.agent_words`` rewrites."""
    out = {k: v for k, v in definition.items() if k != "description"}
    out["inputSchema"] = {k: v for k, v in definition["inputSchema"].items()
                          if k != "description"}
    return out


def _agent_entry(server_tool: Any, agent_def: dict[str, Any]) -> Any:
    """The agent's entry of a tool that differs from the server's only in the agent's
    descriptions: what extraction gives, without redoing it (checked on the first tools)."""
    from dataclasses import replace

    from parity.core.canonical import definition_hash
    from parity.fieldpaths.manifest import ToolManifest

    root = replace(server_tool.in_[""], description=agent_def["inputSchema"]["description"])
    return ToolManifest(server_tool.name, definition_hash(agent_def),
                        {**server_tool.in_, "": root}, server_tool.out,
                        description=agent_def["description"], observed=server_tool.observed,
                        invalid=server_tool.invalid)


def check_folder(folder: Path, *, remember: bool = False) -> Any:
    """What `parity check` does for one pair whose files are in ``folder``: the library call
    behind the command (``parity.contract.check.check``), loading included. Its verdict.
    ``remember``: as the command does, judge findings remembered for these exact manifests
    (``parity.contract.remembered``) instead of loading and diffing them; off, the call
    loads and diffs every time."""
    from parity.config.model import AgentConfig, PairConfig, ServerConfig
    from parity.contract.check import check

    pair = PairConfig(
        name="bench", agent=AgentConfig(kind="tools_file", tools_file=folder / "agent.tools.json"),
        server=ServerConfig(name="bench", kind="tools_file",
                            tools_file=folder / "server.tools.json"),
        agent_manifest=folder / "agent.manifest.json",
        server_manifest=folder / "server.manifest.json", baseline=folder / "baseline.json")
    return check([pair], remember=remember).pairs[0].verdict


@contextlib.contextmanager
def empty_cache() -> Iterator[None]:
    """parity remembers verdicts on files by content hash (``parity.core.validate``): that
    a file is valid, and that it is laid out as parity writes it. This points the cache at
    a folder that exists, as a user's does, but holds no verdict (those of earlier rounds
    are deleted first), as for files that just changed; and it forgets the entries and
    printed paths this process found valid in earlier rounds, as a new `parity check`
    process would: everything is checked, and the verdicts are written."""
    from parity.core.validate import forget_entry_verdicts
    from parity.fieldpaths.manifest_paths import forget_checked_paths

    forget_entry_verdicts()
    forget_checked_paths()
    folder = CACHE / "verdicts"
    for verdict in folder.glob("validated/*/*"):
        verdict.unlink()
    before = os.environ.get("PARITY_CACHE_DIR")
    os.environ["PARITY_CACHE_DIR"] = str(folder)
    try:
        yield
    finally:
        if before is None:
            del os.environ["PARITY_CACHE_DIR"]
        else:
            os.environ["PARITY_CACHE_DIR"] = before


def expected_baseline(pf: PairFiles) -> Any:
    """A baseline holding exactly the planted differences (no diff needed to build it)."""
    from parity.contract.baseline import Baseline, BaselineEntry

    return Baseline(tuple(BaselineEntry(*k, reason="planted") for k in pf.pair.expected_keys))


def check_cold(pf: PairFiles) -> None:
    """The "cache empty (changed files)" rows' call: ``check_folder`` on ``pf`` with every
    verdict forgotten first (``empty_cache``), held to the planted differences."""
    with empty_cache():
        check_verdict(check_folder(pf.folder), pf)


def json_floor(pf: PairFiles) -> None:
    """The floor of the rows from files: ``json.loads`` of the two manifests' text."""
    for path in (pf.agent_manifest, pf.server_manifest):
        json.loads(path.read_text(encoding="utf-8"))


def json_floor_paused(pf: PairFiles) -> None:
    """``json_floor`` with the garbage collector paused, as parity pauses it over its own
    call (``parity.core.collector``): the floor without the collector's share (reported)."""
    from parity.core.collector import paused

    with paused():
        json_floor(pf)


def check_verdict(verdict: Any, pf: PairFiles) -> None:
    """The findings must be exactly the planted differences: all known, none new or stale."""
    if verdict.new or verdict.stale or \
            sorted(f.key for f in verdict.known) != pf.pair.expected_keys:
        new = [f.key for f in verdict.new][:3]
        stale = [e.key for e in verdict.stale][:3]
        raise InvalidBenchmark(
            f"{pf.n} tools: the differ's findings are not the {len(pf.pair.expected_keys)} "
            f"planted differences ({len(verdict.new)} new, e.g. {new}; {len(verdict.stale)} "
            f"missed, e.g. {stale})")


# -- extraction ----------------------------------------------------------------------------


#: extraction is timed in this many processes, one after another: its time moves between
#: processes (the naive walk's by up to 2x, parity's less) by more than within one, so its
#: rows report the median of the per-process ratios
EXTRACT_PROCESSES = 5


def extract_cases(quick: bool) -> dict[str, tuple[list[dict[str, Any]], str]]:
    """The extraction workloads by label: their tools and what they are."""
    return {"real corpus": (corpus_tools(), "data/: 226 real tools, 11 servers"),
            "generated": (generate.catalog(50 if quick else 200, seed=generate.SEED + 1),
                          "seeded: unions, $defs/$ref, maps, recursion")}


def child_extract(label: str, s: Settings) -> None:
    """Run in a subprocess: parity's, the naive walk's and the walk of every branch's
    per-pass times on one workload, interleaved, printed as JSON with the paths each
    finds."""
    from parity.fieldpaths.schema import tool_tables

    tools = extract_cases(s.quick)[label][0]

    def run_parity() -> int:
        n = 0
        for t in tools:
            a, b = tool_tables(t)
            n += len(a) + (len(b) if b is not None else 0)
        return n

    def run_naive(walker: Callable[[Any], naive.Table] = naive.walk) -> int:
        n = 0
        for t in tools:
            a, b = naive.tool_tables(t, walker)
            n += len(a) + (len(b) if b is not None else 0)
        return n

    def run_every() -> int:
        return run_naive(naive.walk_every_branch)

    paths_p, paths_n = run_parity(), run_naive()
    run_every()
    tp, tn, te = interleave(run_parity, run_naive, run_every, s=s)
    print(json.dumps({"parity": tp, "naive": tn, "every": te, "paths_parity": paths_p,
                      "paths_floor": paths_n}))


def bench_extract(s: Settings) -> Iterator[Row]:
    processes = 3 if s.quick else EXTRACT_PROCESSES
    for label, (tools, note) in extract_cases(s.quick).items():
        runs = []
        for _ in range(processes):
            done = subprocess.run(
                [sys.executable, str(Path(__file__).resolve()), "--child-extract", label,
                 "--budget", f"{s.budget * 1.5 / processes:.3f}",
                 *(["--quick"] if s.quick else []), "--reps", str(s.reps)],
                capture_output=True, text=True, check=False)
            if done.returncode != 0:
                raise InvalidBenchmark(f"extraction child ({label}) failed: "
                                       f"{done.stderr[-400:]}")
            runs.append(json.loads(done.stdout.strip().splitlines()[-1]))
        if len({(r["paths_parity"], r["paths_floor"]) for r in runs}) != 1:
            raise InvalidBenchmark(f"extraction ({label}): the processes found different paths")
        ratios = [med(r["parity"]) / med(r["naive"]) for r in runs]
        ratio = med(ratios)
        p, c = med([med(r["parity"]) for r in runs]), med([med(r["naive"]) for r in runs])
        paths_p, paths_n = runs[0]["paths_parity"], runs[0]["paths_floor"]
        yield Row("extract", f"extract field paths: {label} ({len(tools)} tools)", p,
                  "naive walk (properties/items/local $ref)", c, "<= 5x the floor",
                  ratio <= 5, ratio=ratio, reps=sum(len(r["parity"]) for r in runs),
                  notes=f"{note}; the median of {processes} processes' ratios "
                        f"({', '.join(f'{x:.2f}' for x in sorted(ratios))}); parity "
                        f"{paths_p / p:,.0f} paths/s ({paths_p} paths), floor "
                        f"{paths_n / c:,.0f} paths/s ({paths_n} paths)",
                  extra={"paths_parity": paths_p, "paths_floor": paths_n,
                         "paths_per_s_parity": paths_p / p, "paths_per_s_floor": paths_n / c,
                         "process_ratios": ratios})
        # Reported only: how much of the ratio is reading what the floor skips (the team's
        # call on the target, RESULTS.md), timed in the same rounds of the same processes.
        every = sorted(med(r["parity"]) / med(r["every"]) for r in runs)
        yield Row("extract", f"the same, {label}, against a walk of every branch", p,
                  "naive walk + maps and anyOf/oneOf/allOf branches",
                  med([med(r["every"]) for r in runs]), "reported only", None,
                  ratio=med(every), reps=sum(len(r["every"]) for r in runs),
                  notes="naive.walk_every_branch: the floor's walk, also reaching every "
                        "subschema the field-path model reads; the median of "
                        f"{processes} processes' ratios ({', '.join(f'{x:.2f}' for x in every)})")


# -- diff and baseline ---------------------------------------------------------------------


def _deepdiff_runner(pf: PairFiles, s: Settings) -> tuple[Callable[[], Any], int, str]:
    """``DeepDiff(agent_raw, server_raw)`` over the whole catalog; above 1,000 tools, unless
    --full, over a 1-in-k sample of 500 tools, scaled by k (DeepDiff's cost grows faster
    than linearly with the catalog, so the scaled figure flatters DeepDiff)."""
    from deepdiff import DeepDiff

    a, b = pf.agent_raw, pf.server_raw
    k = 1 if (s.full or pf.n <= 1000) else pf.n // 500
    if k == 1:
        return (lambda: DeepDiff(a, b)), 1, "DeepDiff(agent_raw, server_raw)"
    names_a, names_b = list(a), list(b)
    sa = {n: a[n] for n in names_a[::k]}
    sb = {n: b[n] for n in names_b[::k]}
    return (lambda: DeepDiff(sa, sb)), k, (f"DeepDiff on a 1-in-{k} sample x {k} "
                                            "(--full: whole catalog)")


def bench_diff(s: Settings) -> Iterator[Row]:
    from parity.contract import baseline as bl
    from parity.contract.baseline import judge
    from parity.contract.diff import diff_manifests
    from parity.fieldpaths import manifest as mf

    mem_rows: dict[int, Row] = {}
    file_rows: dict[int, Row] = {}
    remembered_rows: dict[int, Row] = {}
    sizes: dict[int, dict[str, int]] = {}
    #: the size before, its file run, its pair
    previous: tuple[int, Callable[[], None], PairFiles] | None = None
    previous_forms: dict[str, Callable[[], None]] = {}
    for n in s.sizes:
        pf = pair_files(n, s)
        # the form a load gives once parity has seen the files: validated on the first load,
        # their layout proved on the next (a file of 1 MiB or more is then cut)
        for _ in range(2):
            agent, server = mf.load(pf.agent_manifest), mf.load(pf.server_manifest)
        baseline = expected_baseline(pf)
        bl.write(baseline, pf.baseline)
        sizes[n] = {
            "paths": sum(len(t.in_) + len(t.out or {}) for t in server.tools.values()),
            "raw_bytes": len(json.dumps(pf.server_raw)),
        }

        # Each timed call checks its verdict: exactly the planted differences.
        def in_memory(agent: Any = agent, server: Any = server, baseline: Any = baseline,
                      pf: PairFiles = pf) -> None:
            check_verdict(judge(diff_manifests(agent, server), baseline), pf)

        def from_files(pf: PairFiles = pf) -> None:
            check_verdict(check_folder(pf.folder), pf)

        from_files_cold = functools.partial(check_cold, pf)

        def unchanged(pf: PairFiles = pf) -> None:
            check_verdict(check_folder(pf.folder, remember=True), pf)

        dd, k, dd_name = _deepdiff_runner(pf, s)
        budget = s.budget * (3 if n >= 1000 else 1.5)
        s.log(f"  diff {n:,}: diff + judge in memory, against {dd_name}")
        timed = interleave(in_memory, dd, s=s, budget=budget)
        p, c = med(timed[0]), med(timed[1]) * k
        planted = len(pf.pair.expected_keys)
        mem_rows[n] = Row("diff", f"diff + judge, {n:,} tools, manifests in memory", p,
                          dd_name, c, ">= 100x faster (ratio <= 0.01)", p / c <= 0.01,
                          reps=len(timed[0]),
                          notes=f"each call checked: exactly the {planted} planted findings; "
                                f"{sizes[n]['paths']:,} paths per side",
                          extra={"deepdiff_sample_factor": k, **sizes[n]})
        yield mem_rows[n]
        # Linearity in memory compares like with like: ``load`` gives a manifest of 1 MiB
        # or more with its tables as text and a smaller one parsed, so each form is
        # timed at every size, against the previous size's same form, in the same rounds.
        forms = _in_memory_forms(pf, baseline)
        if previous is not None:
            for form, fn in forms.items():
                s.log(f"  diff {n:,}: against the {previous[0]:,}-tool diff, tables {form} "
                      "(linearity)")
                # Both sizes alike: every timed call on warm caches (a sample's first call
                # after the collector ran was timed too, amortized over 28 calls of the
                # smaller pair and 4 of the larger). Reported too: one call a sample, cold.
                lin = interleave(fn, previous_forms[form], s=s, warm=True)
                once = interleave(fn, previous_forms[form], s=s, budget=s.budget / 2,
                                  number=1)
                spread = None
                if previous[0] < 1000:  # copies of a larger pair: hundreds of MB
                    s.log(f"  diff {previous[0]:,}: the same diff over copies of the pair "
                          "(working set)")
                    spread = _spread(previous[2], form, round(n / previous[0]),
                                     previous_forms[form], s)
                yield _linearity(f"in memory (tables {form})", previous[0], n, lin[0],
                                 lin[1], sizes, cold=(once[0], once[1]), spread=spread)
        previous_forms = forms
        # The file variant (what `parity check` does) against the floor of reading the
        # same two manifests: json.loads of their text, timed in the same rounds.
        reading = functools.partial(json_floor, pf)

        s.log(f"  diff {n:,}: load + diff + judge from files, against json.loads")
        extra = [] if previous is None else [previous[1]]
        timed_f = interleave(from_files, reading, *extra, s=s, budget=budget)
        f, floor = med(timed_f[0]), med(timed_f[1])
        file_rows[n] = Row("diff", f"load manifests + baseline, diff + judge, {n:,} tools "
                           "(validation cache warm)", f,
                           "json.loads of the two manifests", floor, "<= 3x the floor",
                           f / floor <= 3, reps=len(timed_f[0]),
                           notes="as `parity check` does, with the validation cache warm "
                                 "(files unchanged since their last check); DeepDiff alone: "
                                 f"{c:.2f} s ({f / c:.3f} of it)",
                           extra={"deepdiff_sample_factor": k, "deepdiff_s": c, **sizes[n]})
        yield file_rows[n]
        if previous is not None:
            yield _linearity("from files", previous[0], n, timed_f[0], timed_f[2], sizes)
        s.log(f"  diff {n:,}: load + diff + judge from files, cache empty")
        # the floor as a caller runs it (collector on), and paused as parity's call runs
        timed_c = interleave(from_files_cold, reading, functools.partial(json_floor_paused, pf),
                             s=s, budget=budget)
        cold, floor_c, floor_p = med(timed_c[0]), med(timed_c[1]), med(timed_c[2])
        yield Row("diff", f"the same, {n:,} tools, cache empty (changed files)", cold,
                  "json.loads of the two manifests", floor_c, "<= 3x the floor",
                  cold / floor_c <= 3, reps=len(timed_c[0]),
                  notes="PARITY_CACHE_DIR holds no verdict (those of the round before deleted "
                        "first), as on the first check after the files change: both manifests "
                        "and the baseline parsed and validated, the verdicts written (a "
                        "manifest's layout is proved on a later load); json.loads with the garbage "
                        "collector paused, as parity pauses it over its call: "
                        f"{_fmt(floor_p, 's')}, ratio {cold / floor_p:.3g} (reported only)",
                  extra={"floor_collector_paused_s": floor_p})
        s.log(f"  diff {n:,}: parity check on unchanged manifests (findings remembered)")
        unchanged(pf)  # the first check after the files were written remembers the findings
        timed_u = interleave(unchanged, reading, s=s, budget=budget)
        warm, floor_u = med(timed_u[0]), med(timed_u[1])
        remembered_rows[n] = Row(
            "diff", f"parity check, {n:,} tools, manifests unchanged since the last check "
            "(findings remembered)", warm, "json.loads of the two manifests", floor_u,
            "<= 3x the floor", warm / floor_u <= 3, reps=len(timed_u[0]),
            notes="the two files hashed, the findings of these exact bytes read back "
                  "(parity.contract.remembered), the baseline loaded and judged; the rows "
                  "above load and diff every time")
        yield remembered_rows[n]
        previous = (n, from_files, pf)

    if 10_000 in file_rows:
        r, m = file_rows[10_000], mem_rows[10_000]
        parse = med(interleave(_orjson_floor(pair_files(10_000, s)), s=s, budget=s.budget)[0])
        yield Row("diff", "10,000 tools, absolute (load + diff + judge)", r.parity,
                  "1 second", 1.0, "< 1 s on the development machine",
                  (r.parity or 0) < 1.0, notes=f"in memory: {m.parity:.3f} s; orjson.loads "
                  f"of the two manifests alone, collector paused: {parse:.3f} s; absolute "
                  "times are reported, never asserted")
        u = remembered_rows[10_000]
        yield Row("diff", "10,000 tools, absolute, manifests unchanged (findings remembered)",
                  u.parity, "1 second", 1.0, "< 1 s on the development machine",
                  (u.parity or 0) < 1.0, notes="`parity check` after a commit that left the "
                  "pair's manifests as they were (its baseline or another pair changed): "
                  "the two files are hashed, not loaded; absolute times are reported, never "
                  "asserted")


def _in_memory_forms(pf: PairFiles, baseline: Any) -> dict[str, Callable[[], None]]:
    """The in-memory diff + judge of the pair in each form ``manifest.load`` gives: every
    table parsed (a file under 1 MiB), and every table kept as its text (a file of 1 MiB or
    more, laid out as parity writes it), each call checked as ``in_memory`` is."""
    from parity.contract.baseline import judge
    from parity.contract.diff import diff_manifests
    from parity.fieldpaths import manifest_text
    from parity.fieldpaths.manifest import Manifest

    parsed, text = [], []
    for path in (pf.agent_manifest, pf.server_manifest):
        content = path.read_bytes()
        data = json.loads(content)
        cut = manifest_text.proved_split(content, data)
        if cut is None:
            raise InvalidBenchmark(f"{path}: not laid out as parity writes a manifest")
        parsed.append(Manifest.from_json(data, checked=True))
        text.append(Manifest.from_text(cut))

    def diff(agent: Any, server: Any) -> Callable[[], None]:
        return lambda: check_verdict(judge(diff_manifests(agent, server), baseline), pf)
    return {"parsed": diff(*parsed), "as text": diff(*text)}


def _orjson_floor(pf: PairFiles) -> Callable[[], None]:
    """The fastest reading of the two manifests CPython has: orjson, collector paused."""
    import gc

    import orjson

    def parse() -> None:
        gc.disable()
        try:
            for path in (pf.agent_manifest, pf.server_manifest):
                orjson.loads(path.read_bytes())
        finally:
            gc.enable()
    return parse


def _spread(pf: PairFiles, form: str, copies: int, one: Callable[[], None], s: Settings,
            ) -> tuple[int, float]:
    """The in-memory diff of ``pf`` (tables ``form``) over ``copies`` copies of the pair,
    loaded apart and diffed in turn, per diff, against ``one`` copy's, timed in the same
    rounds: the same work on a working set as large as a pair ``copies`` times larger, so
    what the machine's caches alone add to the growth. ``(copies, slowdown)``."""
    baseline = expected_baseline(pf)
    each = [_in_memory_forms(pf, baseline)[form] for _ in range(copies)]

    def rotation() -> None:
        for diff in each:
            diff()
    timed = interleave(rotation, one, s=s, warm=True)
    return copies, med(timed[0]) / copies / med(timed[1])


def _linearity(label: str, smaller: int, larger: int, t_large: list[float],
               t_small: list[float], sizes: dict[int, dict[str, int]],
               cold: tuple[list[float], list[float]] | None = None,
               spread: tuple[int, float] | None = None) -> Row:
    growth = med(t_large) / med(t_small)
    size_ratio = sizes[larger]["paths"] / sizes[smaller]["paths"]
    notes = ("both sizes timed in the same rounds; ratio = time growth / size growth "
             "(1.0 is linear)")
    if cold is not None:
        once = med(cold[0]) / med(cold[1])
        notes += (f"; every timed call on warm caches (an untimed call first); one call "
                  f"right after the collector ran instead (caches cold): {once:.2f}x the "
                  f"time, ratio {once / size_ratio:.3g} ({_fmt(med(cold[0]), 's')} against "
                  f"{_fmt(med(cold[1]), 's')}; reported only)")
    if spread is not None:
        copies, slowdown = spread
        notes += (f"; the {smaller:,}-tool diff itself, over {copies} copies of its pair in "
                  f"turn (a working set as large as the {larger:,}-tool pair's): {slowdown:.2f}x "
                  "one copy's time per diff, the growth the machine's caches alone give "
                  "(reported only)")
    return Row("diff", f"linearity {label}: {larger:,} vs {smaller:,} tools", growth,
               "total schema size (paths) grew by", size_ratio, "10x tools: <= 12x time",
               growth <= 1.2 * size_ratio, unit="x", ratio=growth / size_ratio,
               reps=min(len(t_large), len(t_small)), notes=notes,
               extra={} if spread is None else {"working_set_copies": spread[0],
                                                "working_set_slowdown": spread[1]})


# -- hash and verify -----------------------------------------------------------------------


def _keys(node: Any) -> Iterator[str]:
    if isinstance(node, dict):
        for k, v in node.items():
            yield k
            yield from _keys(v)
    elif isinstance(node, list):
        for v in node:
            yield from _keys(v)


def bench_verify(s: Settings) -> Iterator[Row]:
    import orjson

    from parity.core.jsonio import decoded_json
    from parity.pinning import drift
    from parity.pinning import lock as lk

    n = 500
    defs = generate.catalog(n, seed=generate.SEED + 2)
    # as a running client holds it: read from its file (stored digests, decoded JSON)
    lock_text = lk.dumps(lk.build("bench", defs))
    locked = lk.from_json(json.loads(lock_text), plain_json=True)
    locked_any = lk.from_json(json.loads(lock_text))
    folder = Path(tempfile.mkdtemp(prefix="parity-bench-lock-"))
    lock_file = folder / "bench.lock.json"
    lk.write(locked, lock_file)
    lock_bytes = lock_file.read_bytes()
    # the live catalog: equal, but other objects (as if just read from the wire)
    live = json.loads(json.dumps(defs))
    # what the seam proves of every listing (Listing.plain_json), proved here for this one
    if not decoded_json(live):
        raise InvalidBenchmark("verify: the live catalog is not plain decoded JSON")
    floor_locked = {t["name"]: hashlib.sha256(orjson.dumps(t, option=orjson.OPT_SORT_KEYS))
                    .hexdigest() for t in defs}
    nonascii = sum(any(not k.isascii() for k in _keys(t["inputSchema"])) for t in defs)

    def verify_memory() -> None:  # a listing from parity.mcp against a lock from its file
        d = drift.compare(locked, lk.build("bench", live, plain_json=True))
        if d.drifted:
            raise InvalidBenchmark("verify: drift reported on an unchanged catalog")

    def verify_memory_any() -> None:  # definitions from a caller who cannot promise JSON
        d = drift.compare(locked_any, lk.build("bench", live))
        if d.drifted:
            raise InvalidBenchmark("verify: drift reported on an unchanged catalog")

    def verify_file() -> None:  # what `parity verify` does (parity.cli.commands.verify)
        live_lock = lk.build("bench", live, plain_json=True)
        lk.server_text(live_lock)  # verify_target reads it to look for secrets
        d = drift.compare(lk.load(lock_file), live_lock)
        if d.drifted:
            raise InvalidBenchmark("verify: drift reported on an unchanged catalog")

    def floor() -> None:
        got = {t["name"]: hashlib.sha256(orjson.dumps(t, option=orjson.OPT_SORT_KEYS))
               .hexdigest() for t in live}
        if got != floor_locked:
            raise InvalidBenchmark("floor: hashes differ")

    def floor_file() -> None:
        stored = orjson.loads(lock_bytes)
        got = {t["name"]: hashlib.sha256(orjson.dumps(t, option=orjson.OPT_SORT_KEYS))
               .hexdigest() for t in live}
        if len(stored["tools"]) != len(got):
            raise InvalidBenchmark("floor: tool count")

    note = (f"{n} generated tools ({nonascii} with non-ASCII property names; floats in "
            "defaults, bounds and enums); "
            "2 digests per tool (contract, surface); an unchanged tool is proved equal by its "
            "listed digest (one orjson dump + SHA-256), without normalizing; both sides "
            "decoded JSON (plain_json: a listing from parity.mcp, a lock from its file), so "
            "equal text is the proof")
    tp, tc, ta = interleave(verify_memory, floor, verify_memory_any, s=s)
    yield Row("verify", f"verify a {n}-tool catalog, lock in memory", med(tp),
              "orjson.dumps(OPT_SORT_KEYS) + SHA-256 per tool", med(tc), "<= 3x the floor",
              med(tp) / med(tc) <= 3, reps=len(tp), notes=note)
    yield Row("verify", "the same, definitions not known to be decoded JSON", med(ta),
              "orjson.dumps(OPT_SORT_KEYS) + SHA-256 per tool", med(tc), "reported only",
              None, reps=len(ta),
              notes="lock.build without plain_json (a Python caller's own values): equal "
                    "text is proof only with Python's == of both definitions as well (a tuple "
                    "and a list, NaN and null share their text)")
    tp, tc = interleave(verify_file, floor_file, s=s)
    yield Row("verify", f"verify a {n}-tool catalog, lock file loaded", med(tp),
              "orjson.loads(lock) + the floor above", med(tc), "<= 3x the floor",
              med(tp) / med(tc) <= 3, reps=len(tp),
              notes="as `parity verify` does: the lock is validated and every stored hash "
                    "recomputed on its first load, a verdict remembered by the file's bytes; "
                    "every load parses it with orjson (it holds no number orjson reads "
                    "differently); the live lock is rendered once (secret check)")
    with contextlib.suppress(OSError):
        lock_file.unlink()
        folder.rmdir()


# -- connect: the start-up check inside the client -----------------------------------------


def bench_connect(s: Settings) -> Iterator[Row]:
    import connect

    from parity.pinning import lock as lk

    n = 500
    folder = Path(tempfile.mkdtemp(prefix="parity-bench-connect-"))
    lock = folder / "bench.lock.json"
    definitions = connect.catalog(n)
    lk.write(lk.build("bench", definitions), lock)
    planted = definitions[connect.PLANTED_AT]["name"]
    # in process, over stdio, over HTTP; each: the server, and the same with one planted change
    with contextlib.ExitStack() as up:
        servers = {"in process": (connect.catalog_server(definitions),
                                  connect.catalog_server(connect.catalog(n, changed=True))),
                   "over stdio": (connect.stdio_command(n),
                                  connect.stdio_command(n, changed=True)),
                   "over HTTP": (up.enter_context(connect.http_server(n)),
                                 up.enter_context(connect.http_server(n, changed=True))),
                   "over HTTP, JSON bodies": (
                       up.enter_context(connect.http_server(n, json_response=True)),
                       up.enter_context(connect.http_server(n, changed=True,
                                                            json_response=True)))}
        yield from _connect_rows(servers, lock, n, planted, s)
        if _sdk_major() >= 2:  # MCP 2026-07-28: the 2.x Client's default
            yield from _connect_2026_rows({k: servers[k] for k in ("over stdio", "over HTTP")},
                                          lock, n, planted, s)
    with contextlib.suppress(OSError):
        lock.unlink()
        folder.rmdir()


#: how the connect rows' server runs, by transport
_SERVED = {"in process": "an SDK server in process on the SDK's memory streams (its work paid "
                         "by both)",
           "over stdio": "an SDK server started as a subprocess and reached over stdio, as most "
                         "agents run theirs (its start and work paid by both)",
           "over HTTP": "an SDK server in a subprocess serving streamable HTTP on 127.0.0.1 "
                        "(event-stream answers, the SDKs' default), reached as a remote server "
                        "is (its work paid by both)",
           "over HTTP, JSON bodies": "an SDK server in a subprocess serving streamable HTTP "
                                     "on 127.0.0.1, answering with JSON bodies (json_response, "
                                     "as stateless servers often do: parity proves such a body "
                                     "clean before the SDK reads it), reached as a remote "
                                     "server is (its work paid by both)"}


def _connect_rows(servers: dict[str, tuple[Any, Any]], lock: Path, n: int, planted: str,
                  s: Settings) -> Iterator[Row]:
    import anyio
    import connect

    for transport, (server, changed) in servers.items():
        rows = (("parity's session", "parity.mcp.open_session + verify_tools",
                 connect.parity_session(server, lock), connect.parity_session(changed, lock)),
                ("the agent's own SDK session", "ClientSession, wrap_session + verify_tools",
                 connect.sdk_session(server, lock), connect.sdk_session(changed, lock)))
        for label, _, verify, refused in rows:
            _check_connect(f"{label}, {transport}", verify, refused, n, planted, anyio)
        sdk = connect.sdk_session(server, None)
        if anyio.run(sdk) != n:
            raise InvalidBenchmark("connect: the SDK's list_tools did not list every tool")
        s.log(f"  connect {transport}")
        times = interleave(*(functools.partial(anyio.run, v) for *_, v, _ in rows),
                           functools.partial(anyio.run, sdk), s=s,
                           budget=s.budget * (1 if transport == "in process" else 3))
        how = _SERVED[transport]
        for (label, does, *_), tp in zip(rows, times, strict=False):
            yield Row("connect", f"connect and verify a {n}-tool server {transport}, {label}",
                      med(tp), "ClientSession: initialize + list_tools", med(times[-1]),
                      "<= 1.5x the SDK's own listing", med(tp) / med(times[-1]) <= 1.5,
                      reps=len(tp),
                      notes=f"{does}, the lock read from its file, against an agent without "
                            f"parity: the SDK's ClientSession connecting and listing the tools; "
                            f"{how}; checked: the unchanged catalog verifies, one changed tool "
                            "is refused by its field path")


def _sdk_major() -> int:
    from parity.mcp import SDK_MAJOR

    return SDK_MAJOR


def _connect_2026_rows(servers: dict[str, tuple[Any, Any]], lock: Path, n: int, planted: str,
                       s: Settings) -> Iterator[Row]:
    """The connect rows on MCP 2026-07-28 (``server/discover``, a stamped ``_meta`` on every
    request), against the 2.x ``Client`` in its default mode, which speaks it."""
    import anyio
    import connect

    modern = "2026-07-28"
    for transport, (server, changed) in servers.items():
        verify = connect.parity_session(server, lock, protocol=modern)
        _check_connect(f"parity's session, {transport}, {modern}", verify,
                       connect.parity_session(changed, lock, protocol=modern), n, planted,
                       anyio)
        client = connect.sdk_client(server, None)
        if anyio.run(client) != n:
            raise InvalidBenchmark("connect: the SDK Client's list_tools did not list every "
                                   "tool")
        s.log(f"  connect {transport}, {modern}")
        tp, tc = interleave(functools.partial(anyio.run, verify),
                            functools.partial(anyio.run, client), s=s, budget=s.budget * 3)
        yield Row("connect", f"connect and verify a {n}-tool server {transport}, MCP {modern}, "
                  "parity's session", med(tp), "Client (2.x, its default): connect + list_tools",
                  med(tc), "<= 1.5x the SDK's own listing", med(tp) / med(tc) <= 1.5,
                  reps=len(tp),
                  notes=f"parity.mcp.open_session(protocol={modern!r}) + verify_tools, the lock "
                        "read from its file, against an agent without parity: the 2.x SDK's "
                        f"Client, which speaks {modern} with a 2.x server; {_SERVED[transport]}; "
                        "checked: the unchanged catalog verifies, one changed tool is refused "
                        "by its field path")


def _check_connect(label: str, verify: Callable[[], Any], refused: Callable[[], Any], n: int,
                   tool: str, anyio: Any) -> None:
    import connect

    if anyio.run(verify) != n:
        raise InvalidBenchmark(f"connect ({label}): the unchanged catalog did not verify")
    fields = connect.refused_fields(refused)
    if fields != [(tool, "planted")]:
        raise InvalidBenchmark(f"connect ({label}): the planted change was not the one "
                               f"refused ({fields})")


# -- start-up ------------------------------------------------------------------------------


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


# -- memory --------------------------------------------------------------------------------


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
                [sys.executable, str(Path(__file__).resolve()), "--child-memory", mode,
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


# -- output --------------------------------------------------------------------------------


def _fmt(value: float | None, unit: str) -> str:
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


def _mark(ok: bool | None) -> str:
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
            comp, comp_v = r.comparison_name, _fmt(r.comparison, r.unit)
            ratio = "-" if r.ratio is None else f"{r.ratio:.3g}"
        out.append(f"| {r.workload} | {_fmt(r.parity, r.unit)} | {comp} | {comp_v} | {ratio} "
                   f"| {r.target} | {_mark(r.ok)} |")
    notes = [f"- {r.workload} ({r.reps} rep{'s' if r.reps != 1 else ''}): {r.notes}"
             for r in rows if r.notes]
    if notes:
        out += ["", "Notes:", *notes]
    return "\n".join(out) + "\n"


def _meta() -> dict[str, Any]:
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


BENCHES: dict[str, Callable[[Settings], Iterator[Row]]] = {
    "extract": bench_extract, "diff": bench_diff, "verify": bench_verify,
    "connect": bench_connect, "startup": bench_startup, "memory": bench_memory,
}


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
    meta = _meta()
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
                s.log(f"  {row.workload}: {_fmt(row.parity, row.unit)} vs "
                      f"{_fmt(row.comparison, row.unit)} -> {_mark(row.ok)}")
                rows.append(row)
        except InvalidBenchmark as exc:
            failed = True
            s.log(f"  INVALID: {exc}")
            rows.append(Row(group, f"{group}: INVALID ({exc})", None, "-", None, "-", False))
    meta["elapsed_s"] = time.perf_counter() - t0
    if own_cache:
        import shutil

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
