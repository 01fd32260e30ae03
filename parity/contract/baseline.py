"""The shrink-only baseline: known differences a pair is allowed to keep, for now.

A baseline file (``baselines/<pair>.json``) holds a ``format`` and a sorted list of
entries keyed by ``(tool, rule, path)``, one per line, each with an optional ``reason`` and
(``parity.baseline/2``) the ``facts`` of the difference reviewed (``Finding.facts``: the
values, types or constraints at that key). No counts, no messages: two branches that each
fix different entries merge cleanly.

The workflow (docs/baseline.md): ``judge`` sorts a run's findings into new, known and
stale, and those whose facts are not the recorded ones into changed (narrowed or not);
``parity check`` fails on new, stale *and* changed, so a fix must shrink the baseline in
the same change; ``without`` drops the stale entries and ``with_facts`` records a
narrowing; ``accept`` is the only way to grow, one entry with a reason;
``ensure_no_growth`` is the ratchet against a git ref.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from parity.contract.rules import Finding
from parity.contract.rules._facts import bounded
from parity.core.jsonio import dump_lines, loads, read_json, write_atomic
from parity.core.reading import is_file
from parity.core.terminal import printable
from parity.core.validate import check_format, validate_file
from parity.errors import DriftError, FileFormatError, ParityError

FORMAT = "parity.baseline/2"
#: the formats this parity reads -> their schema; it always writes ``FORMAT``
READS = {FORMAT: "baseline.v2.json", "parity.baseline/1": "baseline.v1.json"}
Key = tuple[str, str, str]
Facts = tuple[str, ...]

_FIX = ("fix the entry by hand, or delete the file and run `parity baseline --init` "
        "(see docs/baseline.md)")


@dataclass(frozen=True, order=True)
class BaselineEntry:
    """One accepted difference; ``reason`` says why it is accepted, for reviewers;
    ``facts``, what it was (``Finding.facts``), ``()`` where none are recorded (a
    ``parity.baseline/1`` file's, or a rule with none): it then covers whatever its rule
    finds at its key."""

    tool: str
    rule: str
    path: str
    reason: str | None = field(default=None, compare=False)
    facts: Facts = field(default=(), compare=False)

    @property
    def key(self) -> Key:
        return (self.tool, self.rule, self.path)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"tool": self.tool, "rule": self.rule, "path": self.path}
        if self.reason:
            data["reason"] = self.reason
        if self.facts:
            data["facts"] = list(self.facts)
        return data

    def describe(self) -> str:
        """The entry on one line, for people: its text comes from a file a pull request can
        change, so control characters are shown, never obeyed (``terminal.printable``)."""
        return printable(f"{self.tool} {self.rule} {self.path or '(root)'}")


@dataclass(frozen=True)
class Baseline:
    """An immutable set of entries, sorted by key, one per key."""

    entries: tuple[BaselineEntry, ...] = ()
    #: the format of the file it was read from (``READS``); parity writes ``FORMAT``
    format: str = field(default=FORMAT, compare=False)

    def __post_init__(self) -> None:
        by_key = {e.key: e for e in self.entries}
        if len(by_key) != len(self.entries):
            raise ValueError("duplicate baseline keys")  # load() reports them for files
        object.__setattr__(self, "entries", tuple(sorted(by_key.values())))

    @classmethod
    def from_findings(cls, findings: Iterable[Finding], reason: str | None = None) -> Baseline:
        """A baseline holding every given finding (``parity baseline --init``) and its
        facts, each entry with ``reason`` when one is given."""
        why = reason.strip() if reason and reason.strip() else None
        return cls(tuple(BaselineEntry(*k, reason=why, facts=facts)
                         for k, facts in sorted(facts_by_key(findings).items())))

    @property
    def keys(self) -> frozenset[Key]:
        return frozenset(self.by_key)

    @cached_property
    def by_key(self) -> dict[Key, BaselineEntry]:
        return {e.key: e for e in self.entries}

    def get(self, key: Key) -> BaselineEntry | None:
        return self.by_key.get(key)

    def without(self, stale: Iterable[BaselineEntry]) -> Baseline:
        """A new baseline without ``stale``: what ``parity baseline`` drops."""
        drop = {e.key for e in stale}
        return Baseline(tuple(e for e in self.entries if e.key not in drop))

    def with_facts(self, findings: Iterable[Finding]) -> Baseline:
        """A new baseline whose entries of ``findings``' keys record their facts: what
        ``parity baseline`` records for a narrowed entry (and one that recorded none)."""
        facts = {k: v for k, v in facts_by_key(findings).items() if v}
        return Baseline(tuple(replace(e, facts=facts[e.key]) if e.key in facts else e
                              for e in self.entries))

    def accept(self, tool: str, rule: str, path: str, reason: str,
               facts: Facts = ()) -> Baseline:
        """A new baseline with one more entry, or an entry's ``facts`` reviewed again (its
        difference changed); ``reason`` is mandatory."""
        if not reason or not reason.strip():
            raise ParityError("an accepted difference needs a reason",
                              hint="pass --reason TEXT saying why it is acceptable for now")
        old = self.get((tool, rule, path))
        if old is not None and (old.facts == facts or not facts):
            raise ParityError("the baseline already has "
                              + printable(f"{tool} {rule} {path or '(root)'}"),
                              hint="it holds the difference as it is now")
        entry = BaselineEntry(tool, rule, path, reason.strip(), facts)
        return Baseline((*(e for e in self.entries if e.key != entry.key), entry))

    def __len__(self) -> int:
        return len(self.entries)


def facts_by_key(findings: Iterable[Finding]) -> dict[Key, Facts]:
    """Each key's facts; those of findings sharing a key, merged."""
    found: dict[Key, Facts] = {}
    for f in findings:
        held = found.get(f.key)
        found[f.key] = f.facts if held is None or held == f.facts else bounded(
            {*held, *f.facts})
    return found


@dataclass(frozen=True)
class Changed:
    """A finding at a baseline entry's key whose facts are not the ones the entry records:
    the difference there is not the one reviewed."""

    entry: BaselineEntry
    #: the finding, its facts merged with those of others at its key (``facts_by_key``)
    finding: Finding

    @property
    def key(self) -> Key:
        return self.entry.key

    @property
    def narrowed(self) -> bool:
        """Every current fact was reviewed: ``parity baseline`` records the narrowing."""
        return set(self.finding.facts) <= set(self.entry.facts)

    def describe(self) -> str:
        """``search in.enum mode: accepted for "c"; now also "a", "b"``, for people: shown
        through ``terminal.printable``, as the facts come from files."""
        was, now = self.entry.facts, self.finding.facts
        added = [f for f in now if f not in set(was)]
        if self.narrowed:
            said = f"now only {_listed(now)}"
        elif set(was) <= set(now):
            said = f"now also {_listed(added)}"
        else:
            said = f"now {_listed(now)}"
        return f"{self.entry.describe()}: " + printable(f"accepted for {_listed(was)}; {said}")


def _listed(facts: Iterable[str], limit: int = 8) -> str:
    shown = list(facts)
    if not shown:
        return "nothing"
    more = f" (+{len(shown) - limit} more)" if len(shown) > limit else ""
    return ", ".join(shown[:limit]) + more


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
    #: findings at an entry's key whose facts are not those it records (``Changed``):
    #: narrowed, ``parity baseline`` records it; else ``--accept`` reviews it again
    changed: tuple[Changed, ...] = ()

    @property
    def ok(self) -> bool:
        return not self.new and not self.stale and not self.changed


#: ``(tool, direction, path)``: a tool's ``in`` or ``out`` path (the agent's tool name) whose
#: schema one side's manifest records as ``unresolved``: nothing at or under it is compared
Unverifiable = tuple[str, str, str]


def judge(findings: Iterable[Finding], baseline: Baseline,
          unverifiable: Iterable[Unverifiable] = ()) -> Verdict:
    """Sort findings into new, known, and changed (at an entry's key, with other facts
    than it records), and the baseline's unmatched entries into stale, or into unverified
    when their path is at or under one of ``unverifiable``."""
    findings = list(findings)
    facts = facts_by_key(findings)
    findings = sorted(set(findings), key=lambda f: (f.tool, f.rule_id, f.path))
    entries = baseline.by_key
    gone = [e for e in baseline.entries if e.key not in facts]
    hidden = _under(gone, unverifiable)
    known, changed = [], []
    for f in findings:
        entry = entries.get(f.key)
        if entry is None:
            continue
        # no facts on either side: nothing to hold the entry to (a /1 entry covers anything
        # at its key; a finding without facts is one its key says all of)
        if not entry.facts or not facts[f.key] or entry.facts == facts[f.key]:
            known.append(f)
        else:
            changed.append(Changed(entry, replace(f, facts=facts[f.key])))
    return Verdict(
        new=tuple(f for f in findings if f.key not in entries),
        known=tuple(known),
        stale=tuple(e for e in gone if e.key not in hidden),
        reasons={e.key: e.reason for e in baseline.entries if e.reason and e.key in facts},
        unverified=tuple(e for e in gone if e.key in hidden),
        changed=tuple(changed))


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
                           + (printable(f"  accepted for {_listed(e.facts)}")
                              if e.facts else "")
                           for e in self.entries)
        super().__init__(f"the baseline grew since {since}: {len(self.entries)} new "
                         f"entr{'y' if len(self.entries) == 1 else 'ies'}\n{lines}")


def growth(before: Baseline, after: Baseline) -> tuple[BaselineEntry, ...]:
    """Entries of ``after`` that ``before`` did not have, or that cover more than it did:
    facts that are not a subset of those ``before`` recorded, or none where it recorded
    some (an entry without facts covers whatever its rule finds)."""
    old = before.by_key
    return tuple(e for e in after.entries
                 if (was := old.get(e.key)) is None
                 or (was.facts and not (e.facts and set(e.facts) <= set(was.facts))))


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
    found = data.get("format") if isinstance(data, dict) else None
    if found.__class__ is not str or found not in READS:  # a list or object is unhashable
        check_format(data, FORMAT, file=file, what="baseline", fix=_FIX)  # raises its message
    validate_file(data, READS[data["format"]], file=file, what="baseline", fix=_FIX,
                  text=text)
    entries = [BaselineEntry(e["tool"], e["rule"], e["path"], e.get("reason"),
                             tuple(sorted(e.get("facts", ()))))
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
    return Baseline(tuple(entries), data["format"])


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


__all__ = ["FORMAT", "READS", "Baseline", "BaselineEntry", "BaselineGrowthError", "Changed",
           "Facts", "Key", "Unverifiable", "Verdict", "dumps", "ensure_no_growth",
           "facts_by_key", "from_json", "growth", "judge", "load", "load_at_ref", "parse",
           "present", "write"]
