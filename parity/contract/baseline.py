"""The shrink-only baseline: known differences a pair is allowed to keep, for now.

A baseline file (``baselines/<pair>.json``) holds a ``format`` and a sorted list of
entries keyed by ``(tool, rule, path)``, one per line, each with an optional ``reason``.
No counts, no messages: two branches that each fix different entries merge cleanly.

The workflow (docs/baseline.md): ``judge`` sorts a run's findings into new, known and
stale; ``parity check`` fails on new *and* stale, so a fix must shrink the baseline in the
same change; ``without`` drops the stale entries; ``accept`` is the only way to grow, one
entry with a reason; ``ensure_no_growth`` is the ratchet against a git ref.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from parity.contract.rules import Finding
from parity.core.jsonio import dump_lines, loads, read_json, write_atomic
from parity.core.reading import is_file
from parity.core.terminal import printable
from parity.core.validate import check_format, validate_file
from parity.errors import DriftError, FileFormatError, ParityError

FORMAT = "parity.baseline/1"
Key = tuple[str, str, str]

_FIX = ("fix the entry by hand, or delete the file and run `parity baseline --init` "
        "(see docs/baseline.md)")


@dataclass(frozen=True, order=True)
class BaselineEntry:
    """One accepted difference; ``reason`` says why it is accepted, for reviewers."""

    tool: str
    rule: str
    path: str
    reason: str | None = field(default=None, compare=False)

    @property
    def key(self) -> Key:
        return (self.tool, self.rule, self.path)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"tool": self.tool, "rule": self.rule, "path": self.path}
        if self.reason:
            data["reason"] = self.reason
        return data

    def describe(self) -> str:
        """The entry on one line, for people: its text comes from a file a pull request can
        change, so control characters are shown, never obeyed (``terminal.printable``)."""
        return printable(f"{self.tool} {self.rule} {self.path or '(root)'}")


@dataclass(frozen=True)
class Baseline:
    """An immutable set of entries, sorted by key, one per key."""

    entries: tuple[BaselineEntry, ...] = ()

    def __post_init__(self) -> None:
        by_key = {e.key: e for e in self.entries}
        if len(by_key) != len(self.entries):
            raise ValueError("duplicate baseline keys")  # load() reports them for files
        object.__setattr__(self, "entries", tuple(sorted(by_key.values())))

    @classmethod
    def from_findings(cls, findings: Iterable[Finding], reason: str | None = None) -> Baseline:
        """A baseline holding every given finding (``parity baseline --init``), each entry
        with ``reason`` when one is given."""
        keys = {f.key for f in findings}
        why = reason.strip() if reason and reason.strip() else None
        return cls(tuple(BaselineEntry(*k, reason=why) for k in sorted(keys)))

    @property
    def keys(self) -> frozenset[Key]:
        return frozenset(e.key for e in self.entries)

    def get(self, key: Key) -> BaselineEntry | None:
        return next((e for e in self.entries if e.key == key), None)

    def without(self, stale: Iterable[BaselineEntry]) -> Baseline:
        """A new baseline without ``stale``: the only change ``parity baseline`` makes."""
        drop = {e.key for e in stale}
        return Baseline(tuple(e for e in self.entries if e.key not in drop))

    def accept(self, tool: str, rule: str, path: str, reason: str) -> Baseline:
        """A new baseline with one more entry; ``reason`` is mandatory."""
        if not reason or not reason.strip():
            raise ParityError("an accepted difference needs a reason",
                              hint="pass --reason TEXT saying why it is acceptable for now")
        if (tool, rule, path) in self.keys:
            raise ParityError("the baseline already has "
                              + printable(f"{tool} {rule} {path or '(root)'}"))
        return Baseline((*self.entries, BaselineEntry(tool, rule, path, reason.strip())))

    def __len__(self) -> int:
        return len(self.entries)


@dataclass(frozen=True)
class Verdict:
    """A run's findings held against a baseline."""

    #: findings the baseline does not know: fix them, or accept them explicitly
    new: tuple[Finding, ...]
    #: findings the baseline lists: counted and listed briefly, not hidden
    known: tuple[Finding, ...]
    #: entries no longer found: the difference is fixed, the entry must go
    stale: tuple[BaselineEntry, ...]
    #: key -> reason, for the known findings that have one
    reasons: Mapping[Key, str] = field(default_factory=dict)
    #: entries no longer found where the manifests cannot tell (a path under an unresolved
    #: reference): kept, neither known nor stale, until it can be compared again
    unverified: tuple[BaselineEntry, ...] = ()

    @property
    def ok(self) -> bool:
        return not self.new and not self.stale


#: ``(tool, direction, path)``: a tool's ``in`` or ``out`` path (the agent's tool name) whose
#: schema one side's manifest records as ``unresolved``: nothing at or under it is compared
Unverifiable = tuple[str, str, str]


def judge(findings: Iterable[Finding], baseline: Baseline,
          unverifiable: Iterable[Unverifiable] = ()) -> Verdict:
    """Sort findings into new and known, and the baseline's unmatched entries into stale,
    or into unverified when their path is at or under one of ``unverifiable``."""
    findings = sorted(set(findings), key=lambda f: (f.tool, f.rule_id, f.path))
    keys = baseline.keys
    found = {f.key for f in findings}
    gone = [e for e in baseline.entries if e.key not in found]
    hidden = _under(gone, unverifiable)
    return Verdict(
        new=tuple(f for f in findings if f.key not in keys),
        known=tuple(f for f in findings if f.key in keys),
        stale=tuple(e for e in gone if e.key not in hidden),
        reasons={e.key: e.reason for e in baseline.entries if e.reason and e.key in found},
        unverified=tuple(e for e in gone if e.key in hidden))


def _under(entries: Iterable[BaselineEntry], unverifiable: Iterable[Unverifiable]) -> set[Key]:
    """The keys of ``entries`` whose rule reads a direction (``in.*``, ``out.*``) at a path
    at or under one of ``unverifiable`` of the same tool and direction."""
    from parity.fieldpaths.fieldpath import parse

    roots: dict[tuple[str, str], list[tuple[object, ...]]] = {}
    for tool, direction, path in unverifiable:
        try:
            roots.setdefault((tool, direction), []).append(parse(path))
        except ParityError:  # not a path parity prints: nothing is under it
            continue
    if not roots:
        return set()
    keys = set()
    for e in entries:
        direction = e.rule.partition(".")[0]
        places = roots.get((e.tool, direction))
        if not places:
            continue
        try:
            steps = parse(e.path)
        except ParityError:  # a hand-written path parity cannot read: never under one
            continue
        if any(steps[:len(root)] == root for root in places):
            keys.add(e.key)
    return keys


class BaselineGrowthError(DriftError):
    """The baseline holds entries an earlier one did not: listed in ``entries``."""

    def __init__(self, entries: Iterable[BaselineEntry], *, since: str) -> None:
        self.entries = tuple(sorted(entries))
        lines = "\n".join(f"  + {e.describe()}" + (f"  (reason: {printable(e.reason)})"
                                                     if e.reason else "")
                           for e in self.entries)
        super().__init__(f"the baseline grew since {since}: {len(self.entries)} new "
                         f"entr{'y' if len(self.entries) == 1 else 'ies'}\n{lines}")


def growth(before: Baseline, after: Baseline) -> tuple[BaselineEntry, ...]:
    """Entries of ``after`` that ``before`` did not have."""
    old = before.keys
    return tuple(e for e in after.entries if e.key not in old)


def ensure_no_growth(before: Baseline, after: Baseline, *, since: str = "before") -> None:
    """Raise ``BaselineGrowthError`` naming every entry ``after`` adds to ``before``."""
    added = growth(before, after)
    if added:
        raise BaselineGrowthError(added, since=since)


# -- files -----------------------------------------------------------------------------------


def dumps(baseline: Baseline) -> str:
    """The file text: sorted entries, one per line; byte-identical for equal baselines."""
    return dump_lines({"format": FORMAT, "entries": [e.to_json() for e in baseline.entries]},
                      line_depth=2)


def write(baseline: Baseline, path: str | os.PathLike[str]) -> None:
    """Write atomically: a run killed mid-write leaves the old file intact."""
    write_atomic(path, dumps(baseline))


def present(path: str | os.PathLike[str]) -> bool:
    """Whether a baseline file is at ``path`` (``False``: none yet, nothing there or a link
    to nothing). Anything else there (a folder, a pipe, a device) is no baseline and no
    place for one: ``FileFormatError``, not "none yet" (a check would pass on it, and
    ``--init`` refuse it)."""
    found = is_file(path)  # an OSError (a name too long) is the path's: the CLI names it
    if found is None:
        raise FileFormatError("not a file: a baseline is a JSON file", file=os.fspath(path),
                              hint="remove what is there, or point `baselines` elsewhere")
    return found


def load(path: str | os.PathLike[str]) -> Baseline:
    """Read and validate a baseline file; ``FileFormatError`` (exit 2) on any problem."""
    file = os.fspath(path)
    data, content = read_json(file, what="baseline")
    return from_json(data, file=file, text=content)


def parse(text: str | bytes, *, file: str) -> Baseline:
    return from_json(loads(text, file=file, what="baseline"), file=file, text=text)


def from_json(data: Any, *, file: str, text: str | bytes | None = None) -> Baseline:
    """A baseline from its file's parsed JSON; ``text``, the file's text, is held to the
    checks only text can have (a key repeated in an object) and keys the remembered
    verdict (``core.validate``)."""
    check_format(data, FORMAT, file=file, what="baseline", fix=_FIX)
    validate_file(data, "baseline.v1.json", file=file, what="baseline", fix=_FIX, text=text)
    entries = [BaselineEntry(e["tool"], e["rule"], e["path"], e.get("reason"))
               for e in data["entries"]]
    seen: dict[Key, int] = {}
    duplicates: list[str] = []
    for i, e in enumerate(entries):
        if e.key in seen:
            duplicates.append(f"$.entries[{i}] repeats $.entries[{seen[e.key]}] "
                              f"({e.describe()})")
        else:
            seen[e.key] = i
    if duplicates:
        raise FileFormatError(
            f"{len(duplicates)} duplicate entr{'y' if len(duplicates) == 1 else 'ies'}: "
            + "; ".join(duplicates), file=file, location="$.entries",
            hint="keep one entry per (tool, rule, path)")
    return Baseline(tuple(entries))


# -- git -------------------------------------------------------------------------------------


def load_at_ref(path: str | os.PathLike[str], ref: str) -> Baseline | None:
    """The baseline at ``path`` as it was at git ``ref``, read from git (no checkout; a link
    followed as ``ref`` stored it: ``parity.contract.at_ref``); ``None`` when the file did
    not exist there. ``ParityError`` for a bad ref."""
    from parity.contract.at_ref import read_at_ref

    found = read_at_ref(path, ref)
    if found is None:
        return None
    content, rel = found
    return parse(content, file=f"{ref}:{rel}")


__all__ = ["FORMAT", "Baseline", "BaselineEntry", "BaselineGrowthError", "Key", "Unverifiable",
           "Verdict", "dumps", "ensure_no_growth", "from_json", "growth", "judge", "load",
           "load_at_ref", "parse", "present", "write"]
