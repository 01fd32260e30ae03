"""Align one side's field-path table onto the other's.

Comparison is semantic: paths are parsed into steps and looked up, so key order and the
order of ``required`` never matter. Each path of the *reading* side (the agent's ``in``
table: what it sends; the agent's ``out`` table: what it reads) is given a status:

- ``Match``: the other side has a node for it (a property may land on a map's ``{}``,
  a tuple position on ``[]``);
- ``Unknown``: the topmost path the other side does not have; its parent is an object
  that does not absorb unknown keys (reported once: descendants are ``Under``);
- ``Under``: below an ``Unknown`` path, or absorbed by the other side: a free-form
  object or ``any`` node, unconstrained array items, a cut recursion or an unresolved
  reference. Nothing below it can be compared, so nothing below it is reported.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property

from parity.entry import Entry
from parity.fieldpath import ITEMS, VALUES, Index, Prop, Steps, parse, render
from parity.manifest import Table


@dataclass(frozen=True)
class Match:
    other: Steps


@dataclass(frozen=True)
class Unknown:
    #: the other side's node that should have declared it (its parent)
    parent: Steps


@dataclass(frozen=True)
class Under:
    pass


UNDER = Under()
Status = Match | Unknown | Under


class Parsed:
    """A table keyed by steps, with the structural facts rules ask about."""

    def __init__(self, table: Table) -> None:
        self.entries: dict[Steps, Entry] = {}
        self.printed: dict[Steps, str] = {}
        for text, entry in table.items():
            steps = parse(text)
            self.entries[steps] = entry
            self.printed[steps] = text

    @cached_property
    def _parents_with_children(self) -> frozenset[Steps]:
        return frozenset(s[:-1] for s in self.entries
                         if s and (isinstance(s[-1], Prop) or s[-1] is VALUES))

    def path(self, steps: Steps) -> str:
        return self.printed.get(steps) or render(steps)

    def may_be_object(self, steps: Steps) -> bool:
        entry = self.entries[steps]
        return entry.is_any or "object" in entry.type

    def opaque(self, steps: Steps) -> bool:
        """A node whose inside cannot be compared: a cut recursion or unresolved reference."""
        entry = self.entries[steps]
        return entry.recursive is not None or bool(entry.unresolved)

    def free_form(self, steps: Steps) -> bool:
        """An object that takes any keys as they are: not closed, declares no property and
        no map values (``{}``, ``{"type": "object"}``). Pydantic's ``dict[str, Any]``."""
        return (self.entries[steps].closed is not True
                and steps not in self._parents_with_children)

    def children(self, steps: Steps) -> Iterator[Steps]:
        n = len(steps)
        for s in self.entries:
            if len(s) == n + 1 and s[:n] == steps:
                yield s


class Alignment:
    """``reader`` (the agent's table) aligned onto ``other`` (the server's)."""

    def __init__(self, reader: Table, other: Table) -> None:
        self.reader = Parsed(reader)
        self.other = Parsed(other)
        self.status: dict[Steps, Status] = {}
        for steps in sorted(self.reader.entries, key=len):
            self.status[steps] = self._status(steps)
        # the other side's node -> the reader's nodes aligned with it
        self.reverse: dict[Steps, list[Steps]] = {}
        for steps, status in self.status.items():
            if isinstance(status, Match):
                self.reverse.setdefault(status.other, []).append(steps)

    def matches(self) -> Iterator[tuple[Steps, Steps]]:
        for steps in sorted(self.status, key=self.reader.path):
            status = self.status[steps]
            if isinstance(status, Match):
                yield steps, status.other

    def unknowns(self) -> Iterator[tuple[Steps, Steps]]:
        for steps in sorted(self.status, key=self.reader.path):
            status = self.status[steps]
            if isinstance(status, Unknown):
                yield steps, status.parent

    def _status(self, steps: Steps) -> Status:
        if not steps:
            return Match(()) if () in self.other.entries else UNDER
        parent = self.status.get(steps[:-1])
        if parent is None:  # a table missing an intermediate node: align the parent first
            parent = self.status[steps[:-1]] = self._status(steps[:-1])
        if not isinstance(parent, Match):
            return UNDER
        at = parent.other
        other = self.other
        if other.opaque(at):
            return UNDER
        step = steps[-1]
        for candidate in _candidates(at, step):
            if candidate in other.entries:
                return Match(candidate)
        if isinstance(step, Prop) or step is VALUES:
            # a type mismatch on the parent is in.type's / out.type's to report
            if not other.may_be_object(at) or other.free_form(at):
                return UNDER
            return Unknown(at)
        return UNDER  # array items the other side leaves unconstrained


def _candidates(at: Steps, step: object) -> tuple[Steps, ...]:
    if isinstance(step, Prop):
        return ((*at, step), (*at, VALUES))
    if isinstance(step, Index):
        return ((*at, step), (*at, ITEMS))
    return ((*at, step),)  # type: ignore[arg-type]


def property_name(steps: Steps) -> str | None:
    """The property a path ends in, or ``None`` for items and map values."""
    return steps[-1].name if steps and isinstance(steps[-1], Prop) else None
