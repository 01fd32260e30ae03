"""A pair's findings remembered by the exact bytes of its two manifests.

A diff is a pure function of the two manifests' contents, the pair's ``id_paths`` and
parity's own code, so its result is remembered under a SHA-256 of all of them (in the
folder of ``core.validate.cache_dir``). A pair whose manifests did not change since their
last check (a pre-commit run after a baseline edit, or one pair of many changed) is then
judged without loading or diffing them: at 10,000 tools, the files are hashed in tens of
milliseconds where reading them takes seconds.

Anything unexpected in a remembered file (unreadable, truncated, edited, from another
version) counts as nothing remembered: the pair is diffed afresh and the file rewritten.
Only the findings of manifests that loaded and diffed without error are remembered, so
a malformed file is reported on every run.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, get_args

from parity.contract.rules import RULES, Finding
from parity.contract.rules._base import Direction, Severity
from parity.core.jsonio import compact, loads
from parity.core.validate import cache_dir
from parity.errors import ParityError

#: ``/2``: each finding holds its facts (``Finding.facts``), which a baseline judges
FORMAT = "parity.findings/2"
#: remembered pairs kept; the least recently used are removed past it (each is about the
#: size of the pair's findings)
KEPT = 128
_DIRECTIONS = frozenset(get_args(Direction))
_SEVERITIES = frozenset(get_args(Severity))


@dataclass(frozen=True)
class PairFindings:
    """What a diff of one pair found, and the agent tools it compared."""

    findings: tuple[Finding, ...]
    tools: tuple[str, ...]
    #: ``(tool, direction, path)`` that a manifest records as an unresolved reference
    #: (``baseline.Unverifiable``): nothing under them was compared
    unverifiable: tuple[tuple[str, str, str], ...] = ()


def key(agent: bytes, server: bytes, id_paths: Sequence[str]) -> str | None:
    """The name under which the diff of the manifests whose SHA-256 digests
    (``validate.text_digest``) are ``agent`` and ``server`` is remembered; ``None`` when
    nothing is (``PARITY_NO_CACHE``)."""
    if cache_dir() is None:
        return None
    digest = hashlib.sha256()
    for part in (_code_digest().encode(), agent, server, compact(list(id_paths)).encode()):
        digest.update(len(part).to_bytes(8, "big"))  # lengths first: no two splits alike
        digest.update(part)
    return digest.hexdigest()


def recall(name: str) -> PairFindings | None:
    """The remembered result called ``name``, or ``None`` (nothing, or nothing usable)."""
    path = _path(name)
    if path is None:
        return None
    try:
        found = _from_json(loads(path.read_bytes(), file=str(path)), name)
    except (OSError, ParityError, ValueError, TypeError, KeyError):
        return None
    if found is not None:
        with contextlib.suppress(OSError):
            path.touch()  # used: the last to be pruned
    return found


def remember(name: str, result: PairFindings) -> None:
    """Keep ``result`` under ``name``; a cache that cannot be written only costs speed."""
    path = _path(name)
    if path is None:
        return
    from parity.core.jsonio import write_atomic

    text = compact({"format": FORMAT, "key": name, "tools": list(result.tools),
                    "findings": [_finding_json(f) for f in result.findings],
                    "unverifiable": [list(u) for u in result.unverifiable]}) + "\n"
    with contextlib.suppress(OSError, ParityError):
        write_atomic(path, text)
        _prune(path.parent)


def _path(name: str) -> Path | None:
    folder = cache_dir()
    return None if folder is None else folder / "findings" / f"{name}.json"


def _finding_json(f: Finding) -> list[Any]:
    return [f.tool, f.rule_id, f.path, f.direction, f.severity, f.message, f.hint,
            list(f.facts)]


def _from_json(data: Any, name: str) -> PairFindings | None:
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("key") != name:
        return None
    tools, findings = data["tools"], data["findings"]
    if not _strings(tools) or not isinstance(findings, list):
        return None
    found = []
    for item in findings:
        if not isinstance(item, list) or len(item) != 8 or not _strings(item[:7]) \
                or not _strings(item[7]):
            return None
        tool, rule_id, path, direction, severity, message, hint, facts = item
        if rule_id not in RULES or direction not in _DIRECTIONS or severity not in _SEVERITIES:
            return None
        found.append(Finding(tool, rule_id, path, direction, severity, message, hint,
                             tuple(facts)))
    unverifiable = data.get("unverifiable", [])
    if not isinstance(unverifiable, list) or not all(
            _strings(u) and len(u) == 3 for u in unverifiable):
        return None
    return PairFindings(tuple(found), tuple(tools),
                        tuple((u[0], u[1], u[2]) for u in unverifiable))


def _strings(items: Any) -> bool:
    return isinstance(items, list) and all(isinstance(i, str) for i in items)


def _prune(folder: Path) -> None:
    """Keep the ``KEPT`` most recently written or recalled results."""
    kept = sorted(((p.stat().st_mtime_ns, p) for p in folder.glob("*.json")), reverse=True)
    for _, path in kept[KEPT:]:
        path.unlink(missing_ok=True)  # another process may have pruned it first


@cache
def _code_digest() -> str:
    """What parity's code is: its version, rules, and the size and time of every module
    (an edited source tree, as in development, is another parity)."""
    from parity import __version__

    root = Path(__file__).resolve().parent.parent
    parts: list[str] = [__version__, *sorted(RULES)]
    parts.extend(_sources(root))
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()


def _sources(root: Path, prefix: str = "") -> Iterable[str]:
    # os.scandir, not Path.rglob: this runs at every `parity check`, and rglob is ten times
    # slower
    with os.scandir(root) as found:
        entries = sorted(found, key=lambda e: e.name)
    for entry in entries:
        if entry.is_dir() and entry.name != "__pycache__":
            yield from _sources(Path(entry.path), f"{prefix}{entry.name}/")
        elif entry.name.endswith(".py"):
            stat = entry.stat()
            yield f"{prefix}{entry.name} {stat.st_size} {stat.st_mtime_ns}"


__all__ = ["FORMAT", "KEPT", "PairFindings", "key", "recall", "remember"]
