"""What ``parity check``, ``parity baseline`` and ``parity diff`` do, as library calls.

Each function takes configured pairs (or two manifests), returns data, and raises a
``ParityError`` for bad input; the commands only parse options and print.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from parity.config.settings import PairConfig
from parity.contract import baseline as bl
from parity.contract import remembered
from parity.contract.baseline import Baseline, BaselineEntry, Changed, Unverifiable
from parity.contract.diff import compared_tools, diff_manifests, missing_id_paths
from parity.contract.remembered import PairFindings
from parity.contract.report import PairReport, Report
from parity.contract.rules import RULES, Finding
from parity.core.collector import paused
from parity.core.jsonio import read_bytes
from parity.core.reading import require_file
from parity.core.terminal import printable
from parity.core.validate import cache_dir, text_digest
from parity.errors import ConfigError, FileFormatError, ParityError
from parity.fieldpaths import manifest as mf
from parity.fieldpaths.manifest import Manifest

# Each call below builds a whole catalog's data, millions of acyclic containers for a large
# one: the garbage collector waits until it returns (``core.collector``).

#: how a user may spell the root path on the command line: as reports print it, or empty.
#: Not ``$``: that is how a property named ``$`` prints (a bare name), and it could not be
#: accepted.
ROOT_SPELLINGS = ("", "(root)")


def shown(path: str | os.PathLike[str]) -> str:
    """A path as people see it: relative to the working directory when under it, a control
    character in it shown (``\x07``), never obeyed (a path comes from a file too)."""
    p = Path(path)
    try:
        text = p.resolve().relative_to(Path.cwd().resolve()).as_posix()
    except (ValueError, OSError, RuntimeError):  # RuntimeError: a loop of links (3.10-3.12)
        text = str(p)
    return printable(text)


def require_manifests(pairs: Sequence[PairConfig]) -> None:
    """Raise one error listing every manifest file of ``pairs`` that does not exist; one
    that is something else (a folder, a FIFO) is named as such, never read."""
    files = [p for pair in pairs for p in (pair.agent_manifest, pair.server_manifest)]
    for path in files:  # never opened: a FIFO would be waited on forever
        require_file(path, "manifest", shown=shown(path),
                     hint="remove what is there, then run `parity extract`")
    missing = [shown(p) for p in files if not Path(p).is_file()]
    if missing:
        raise ParityError(f"manifest{'s' if len(missing) > 1 else ''} not found: "
                          + ", ".join(missing),
                          hint="run `parity extract` to write them, then run this again")


def pair_result(pair: PairConfig, *, remember: bool = True) -> PairFindings:
    """The pair's findings and the agent tools compared: remembered from an earlier run on
    the same bytes (``contract.remembered``), else from loading and diffing its manifests.
    ``remember=False`` always loads and diffs (and remembers nothing)."""
    agent_bytes = read_bytes(pair.agent_manifest, what="manifest")
    server_bytes = read_bytes(pair.server_manifest, what="manifest")
    # each file hashed once: for the remembered findings and for the verdicts on it
    digests = (None, None) if cache_dir() is None else (text_digest(agent_bytes),
                                                        text_digest(server_bytes))
    name = findings_name(pair, digests[0], digests[1]) \
        if remember and digests[0] is not None and digests[1] is not None else None
    if name is not None:
        found = remembered.recall(name)
        if found is not None:
            return found
    # loaded from the very bytes hashed: a file rewritten meanwhile cannot be remembered
    # under the old content's name
    # a manifest that records no unresolved reference says so in no byte: most pay nothing
    unresolved = _UNRESOLVED in agent_bytes or _UNRESOLVED in server_bytes
    agent = mf.load(pair.agent_manifest, side="agent", content=agent_bytes, digest=digests[0])
    del agent_bytes  # a large file's bytes, freed before the next one is parsed (peak memory)
    server = mf.load(pair.server_manifest, side="server", content=server_bytes,
                     digest=digests[1])
    del server_bytes
    for manifest, file in ((agent, pair.agent_manifest), (server, pair.server_manifest)):
        _check_server(pair, manifest, file)
    result = PairFindings(tuple(diff_pair(pair, agent, server)), compared_tools(agent, server),
                          unverifiable(agent, server) if unresolved else ())
    if name is not None:
        remembered.remember(name, result)
    return result


#: how a manifest records a reference it could not resolve (``"unresolved": [...]``)
_UNRESOLVED = b'"unresolved"'


def unverifiable(agent: Manifest, server: Manifest) -> tuple[Unverifiable, ...]:
    """Every ``(tool, direction, path)`` of a matched tool (the agent's name) that either
    side records as an unresolved reference: parity never fetches one, so no difference at
    or under it can be found, or be known to be gone."""
    from parity.contract.rules.tools import match_tools

    found: set[Unverifiable] = set()
    for name, target in match_tools(agent, server).matched:
        for tool in (agent.tools[name], server.tools[target]):
            for direction, table in (("in", tool.in_), ("out", tool.out)):
                found.update((name, direction, path) for path, entry in (table or {}).items()
                             if entry.unresolved)
    return tuple(sorted(found))


def findings_name(pair: PairConfig, agent: bytes, server: bytes) -> str | None:
    """The name ``pair``'s findings are remembered under (``remembered.key``), for manifests
    whose ``text_digest`` are ``agent`` and ``server``. It holds the pair's server name
    too: findings are remembered only for manifests found to be that server's
    (``_check_server``), which they are not once the server is renamed."""
    return remembered.key(agent + b"\0" + pair.server.name.encode(), server, pair.id_paths)


def _check_server(pair: PairConfig, manifest: Manifest, file: Path) -> None:
    """Refuse a manifest written for another server than the pair's: the differ would take
    every tool it names in the ``{server}`` form for another server's and compare none
    (``rules.tools.match_tools``). ``parity extract`` records the pair's server name in both
    files, so a mismatch is an edited file or a renamed server; a file without one (written
    by hand) names none and is not refused."""
    if manifest.server is None or manifest.server == pair.server.name:
        return
    raise FileFormatError(
        f"the manifest is for server {printable(repr(manifest.server))}, but pair "
        f"{pair.name!r} compares server {pair.server.name!r}: its tools would count as "
        "another server's and none would be compared", file=shown(file), location="$.server",
        hint=f"run `parity extract {pair.name}` to write the pair's manifests again")


def pair_findings(pair: PairConfig) -> list[Finding]:
    return list(pair_result(pair).findings)


def diff_pair(pair: PairConfig, agent: Manifest, server: Manifest) -> list[Finding]:
    """``diff_manifests`` with the pair's configuration (its ``id_paths``); a configured id
    path that no tool of either manifest has is a configuration mistake (exit 2)."""
    missing = missing_id_paths(agent, server, pair.id_paths)
    if missing:
        raise ConfigError(
            f"{pair.key or 'pairs.' + pair.name}.id_paths: "
            + ", ".join(f"{p!r}" for p in missing)
            + f" {'is a field path' if len(missing) == 1 else 'are field paths'} of no tool in "
            f"{shown(pair.agent_manifest)} or {shown(pair.server_manifest)}",
            hint="write each path as `parity paths` prints it, or remove it (the server or "
                 "the agent may have dropped the field)")
    return diff_manifests(agent, server, id_paths=pair.id_paths)


@paused()
def check(pairs: Sequence[PairConfig], *, against: str | None = None,
          remember: bool = True, orphans: Sequence[str] = ()) -> Report:
    """Diff every pair and hold its findings against its baseline (and the ratchet).
    ``remember``: see ``pair_result``; ``orphans``: baseline files of no configured pair
    (``orphan_baselines``), which fail the report."""
    require_manifests(pairs)
    reports = []
    for pair in pairs:
        result = pair_result(pair, remember=remember)
        exists = bl.present(pair.baseline)
        current = bl.load(pair.baseline) if exists else Baseline()
        growth: tuple[BaselineEntry, ...] = ()
        if against is not None:
            before = bl.load_at_ref(pair.baseline, against) or Baseline()
            growth = bl.growth(before, current)
        reports.append(PairReport(
            pair=pair.name, verdict=bl.judge(result.findings, current, result.unverifiable),
            unverifiable=result.unverifiable,
            tools=result.tools, baseline=shown(pair.baseline),
            baseline_exists=exists, agent_source=shown(pair.agent_manifest),
            server_source=shown(pair.server_manifest), against=against, growth=growth))
    return Report("check", tuple(reports), orphans=tuple(orphans))


@paused()
def diff(agent: Manifest, server: Manifest, *, name: str = "diff",
         id_paths: Sequence[str] = ()) -> Report:
    """A one-off comparison: every finding is new; there is no baseline. ``id_paths``: field
    paths whose values are tool ids of the server (``parity diff --id-path``)."""
    missing = missing_id_paths(agent, server, id_paths)
    if missing:
        raise ParityError("--id-path " + ", ".join(f"{p!r}" for p in missing)
                          + f" {'is a field path' if len(missing) == 1 else 'are field paths'}"
                          " of no tool on either side",
                          hint="write each path as `parity paths` prints it")
    findings = diff_manifests(agent, server, id_paths=id_paths)
    verdict = bl.judge(findings, Baseline())
    return Report("diff", (PairReport(
        pair=name, verdict=verdict, tools=compared_tools(agent, server), baseline=None,
        agent_source=agent.source, server_source=server.source),))


def orphan_baselines(folder: Path, pairs: Sequence[PairConfig]) -> tuple[str, ...]:
    """The baseline files in ``folder`` (as shown) that none of ``pairs`` reads: a removed
    or renamed pair's, whose entries nothing holds any more. A file is one when it says it
    is (``"format": "parity.baseline/2"``, or ``/1``, in its text), so other JSON kept there
    is not."""
    try:
        candidates = sorted(p for p in folder.glob("*.json") if p.is_file())
    except OSError:  # no folder yet (nothing baselined), or one parity cannot list
        return ()
    # where each file really is: a pair's baseline may be a link into the folder
    read = {_real(Path(pair.baseline)) for pair in pairs}
    found = []
    for path in candidates:
        if _real(path) in read:
            continue
        try:
            with path.open("rb") as fh:
                head = fh.read(4096)
        except OSError:
            continue
        if any(known.encode() in head for known in bl.READS):
            found.append(shown(path))
    return tuple(found)


def _real(path: Path) -> str:
    try:
        return os.path.normcase(path.resolve())
    except (OSError, RuntimeError):  # a loop of links (RuntimeError on 3.10-3.12)
        return os.path.normcase(path.absolute())


# -- baseline maintenance -------------------------------------------------------------------


@dataclass(frozen=True)
class Shrunk:
    """What ``shrink`` did to one pair's baseline."""

    pair: str
    file: str
    removed: tuple[BaselineEntry, ...]
    #: findings the baseline does not hold (``shrink`` never adds them)
    new: tuple[Finding, ...]
    exists: bool = True
    #: entries kept though not found: their path cannot be compared (``Verdict.unverified``)
    kept: tuple[BaselineEntry, ...] = ()
    #: entries whose difference narrowed: their facts rewritten to the current ones
    narrowed: tuple[Changed, ...] = ()
    #: entries whose difference changed otherwise (wider): kept as they are, for --accept
    changed: tuple[Changed, ...] = ()
    #: entries that recorded no facts and now record those found (a ``/1`` file's)
    recorded: int = 0
    #: whether the file was rewritten
    written: bool = False


@paused()
def shrink(pairs: Sequence[PairConfig]) -> list[Shrunk]:
    """Rewrite each existing baseline without its stale entries, recording the facts of
    its narrowed entries and of those that record none (a ``parity.baseline/1`` file's), in
    the current format. Never adds an entry, nor lets one cover more."""
    require_manifests(pairs)
    # every pair's findings before any baseline is touched: a bad manifest leaves all as
    # they were
    results = {pair.name: pair_result(pair) for pair in pairs if bl.present(pair.baseline)}
    done = []
    for pair in pairs:
        if pair.name not in results:
            done.append(Shrunk(pair.name, shown(pair.baseline), (), (), exists=False))
            continue
        with _locked(pair.baseline):  # read under the lock: a concurrent --accept lands
            old = bl.load(pair.baseline)
            # an entry that cannot be verified is kept: it is not known to be gone
            verdict = bl.judge(results[pair.name].findings, old,
                               results[pair.name].unverifiable)
            narrowed = tuple(c for c in verdict.changed if c.narrowed)
            unrecorded = [f for f in verdict.known if f.facts and not old.by_key[f.key].facts]
            new = old.without(verdict.stale).with_facts(
                [*unrecorded, *(c.finding for c in narrowed)])
            bl.ensure_no_growth(old, new, since="the run began")  # the invariant, checked
            # (entries compare by key: a narrowing or a /1 file is told by the text)
            written = bl.dumps(new) != bl.dumps(old) or old.format != bl.FORMAT
            if written:
                bl.write(new, pair.baseline)
        done.append(Shrunk(pair.name, shown(pair.baseline), verdict.stale, verdict.new,
                           kept=verdict.unverified, narrowed=narrowed,
                           changed=tuple(c for c in verdict.changed if not c.narrowed),
                           recorded=len(unrecorded), written=written))
    return done


@paused()
def init(pairs: Sequence[PairConfig], *,
         reason: str | None = None) -> list[tuple[str, Baseline]]:
    """Create each pair's baseline from its current findings, each entry with ``reason``
    when given; refuse over existing files."""
    existing = [shown(p.baseline) for p in pairs if Path(p.baseline).exists()]
    if existing:
        raise ParityError(f"baseline already exists: {', '.join(existing)}; --init only "
                          "creates one where none exists",
                          hint="run `parity baseline` to drop stale entries, or --accept one "
                               "difference with a reason")
    require_manifests(pairs)
    # every pair's findings before any baseline is created: a bad manifest creates none
    findings = {pair.name: pair_findings(pair) for pair in pairs}
    created = []
    for pair in pairs:
        baseline = Baseline.from_findings(findings[pair.name], reason)
        with _locked(pair.baseline):
            if Path(pair.baseline).exists():  # created since the check above
                raise ParityError("baseline already exists; --init only creates one where "
                                  "none exists", file=shown(pair.baseline))
            bl.write(baseline, pair.baseline)
        created.append((pair.name, baseline))
    return created


@paused()
def accept(pair: PairConfig, tool: str, rule: str, path: str, reason: str) -> BaselineEntry:
    """Add one current difference to the pair's baseline, with its reason."""
    if not reason or not reason.strip():
        raise ParityError("--accept needs --reason TEXT: the baseline records why a "
                          "difference is acceptable", hint="pass --reason \"...\"")
    if rule not in RULES:
        raise ParityError(f"unknown rule {rule!r}", hint="`parity rules` lists every rule id")
    path = "" if path in ROOT_SPELLINGS else _as_printed(path)
    findings = pair_findings(pair)
    facts = bl.facts_by_key(findings).get((tool, rule, path))
    if facts is None:
        # names and paths come from the manifests: shown, never obeyed
        of_tool = [printable(f"{f.rule_id} {f.path or '(root)'}") for f in findings
                   if f.tool == tool]
        asked = printable(f"{tool} {rule} {path or '(root)'}")
        raise ParityError(
            f"pair {pair.name!r} has no current difference {asked}: "
            "an entry for it would be stale at once",
            hint=("differences of this tool now: " + "; ".join(of_tool)) if of_tool
            else "run `parity check` to see the current differences")
    with _locked(pair.baseline):  # re-read under the lock: a concurrent --accept lands too
        exists = bl.present(pair.baseline)
        old = bl.load(pair.baseline) if exists else Baseline()
        new = old.accept(tool, rule, path, reason, facts)
        bl.write(new, pair.baseline)
    entry = new.get((tool, rule, path))
    if entry is None:  # accept() adds exactly this key: a bug if it is missing
        raise RuntimeError(f"baseline entry {(tool, rule, path)!r} missing after accepting it")
    return entry


def _as_printed(path: str) -> str:
    """``path`` as reports print it (``"a"`` is ``a``, ``"$"`` is ``$``); a text the
    field-path grammar does not read is kept as given (no difference has it)."""
    from parity.fieldpaths.fieldpath import parse, render

    try:
        return render(parse(path))
    except ParityError:
        return path


def _locked(path: str | os.PathLike[str]) -> Any:
    from parity.core.files import locked  # only writers pay for the lock

    return locked(path)


__all__ = ["ROOT_SPELLINGS", "Shrunk", "accept", "check", "diff", "diff_pair", "findings_name",
           "init", "orphan_baselines", "pair_findings", "pair_result", "require_manifests",
           "shown", "shrink", "unverifiable"]
