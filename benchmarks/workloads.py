"""The workloads the rows time: the real corpus, the generated pairs of manifests (cached
by what generates them), and the checks and floors the rows run on them."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import generate
from harness import HERE, ROOT, InvalidBenchmark, Settings

CACHE = HERE / ".cache"


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
