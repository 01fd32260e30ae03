"""What the union rules (``choices``, ``exclusive``, ``tags``) read of an object on either
side: the keys it requires and declares, the server's objects holding a union fact with the
agent's aligned with them, and which calls a requirement rejects."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TypeVar

from parity.contract.rules._align import Alignment
from parity.contract.rules._parsed import Parsed
from parity.fieldpaths.entry import Entry
from parity.fieldpaths.fieldpath import Prop, Steps

_Fact = TypeVar("_Fact")


def required_names(table: Parsed, holder: Steps) -> frozenset[str]:
    """The keys the object requires, read once an object (``Parsed.derive``)."""
    return table.derive(("required_names", holder), lambda: frozenset(
        step.name for s in table.children(holder)
        if isinstance(step := s[-1], Prop) and table.entries[s].required))


def declared_names(table: Parsed, holder: Steps) -> list[str]:
    """The keys the object declares (not one typed ``never``, which it refuses), in table
    order; read once an object (``Parsed.derive``)."""
    return list(table.derive(("declared_names", holder), lambda: tuple(
        s[-1].name for s in table.children(holder)
        if isinstance(s[-1], Prop) and table.entries[s].type)))


def every_call(holder: Steps) -> str:
    """Which calls a requirement of the object at ``holder`` rejects."""
    return "every call" if not holder else "every call that sends this object"


def asked_of(al: Alignment, fact: Callable[[Entry], _Fact],
             ) -> Iterator[tuple[Steps, _Fact, Steps]]:
    """Each server object with the union ``fact`` (its choice, its keysets), by path, and
    each agent object aligned with it: (the server's, the fact, the agent's)."""
    asked = [(steps, fact(entry)) for steps, entry in al.other.entries.items() if fact(entry)]
    for steps, groups in sorted(asked, key=lambda kv: al.other.path(kv[0])):
        for holder in al.reverse.get(steps, []):
            yield steps, groups, holder
