"""One side's field-path table keyed by parsed steps (``Parsed``), with the structural facts
the rules ask about, and the names a map's ``propertyNames`` list (``key_names``)."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from functools import cached_property
from typing import Any, TypeVar

from parity.contract.rules._agree import PathCache
from parity.fieldpaths.constraints import NAMES
from parity.fieldpaths.entry import Entry
from parity.fieldpaths.fieldpath import (
    ITEMS,
    NAME,
    POSITION,
    VALUES,
    Index,
    Prop,
    Steps,
    parse,
    render,
)
from parity.fieldpaths.manifest import Table

_T = TypeVar("_T")


def _parse_into(cache: dict[str, Steps], text: str) -> Steps:
    """``parse(text)``, remembered; built on the path's parent when the cache has it.

    A valid path followed by ``[]``, ``{}``, ``[N]`` or ``.name`` parses to the path's
    steps plus that one step (the parser reads left to right and no step's text runs
    into the next), and tables list parents before their children."""
    steps: Steps | None = None
    if text.endswith("[]"):
        head = cache.get(text[:-2])
        if head is not None:
            steps = (*head, ITEMS)
    elif text.endswith("{}"):
        head = cache.get(text[:-2])
        if head is not None:
            steps = (*head, VALUES)
    elif text.endswith("]"):
        cut = text.rfind("[")
        inner = text[cut + 1:-1]
        if cut >= 0 and POSITION.fullmatch(inner):
            head = cache.get(text[:cut])
            if head is not None:
                steps = (*head, Index(int(inner)))
    else:
        cut = text.rfind(".")
        if cut > 0 and NAME.fullmatch(text, cut + 1):
            head = cache.get(text[:cut])
            if head is not None:
                steps = (*head, Prop(text[cut + 1:]))
    if steps is None:
        steps = parse(text)
    cache[text] = steps
    return steps


class Parsed:
    """A table keyed by steps, with the structural facts rules ask about."""

    def __init__(self, table: Table, paths: PathCache | None = None) -> None:
        self.entries: dict[Steps, Entry] = {}
        self.printed: dict[Steps, str] = {}
        cache = (paths or PathCache()).steps
        texts = list(table)
        parsed = [cache[t] if t in cache else _parse_into(cache, t) for t in texts]
        # as assigning one by one: a later duplicate (`"a"` and `a`) wins, in the first's place
        self.entries.update(zip(parsed, table.values(), strict=True))
        self.printed.update(zip(parsed, texts, strict=True))
        #: what a rule derives from the table and asks again, by the rule's own key
        #: (``derive``)
        self.derived: dict[Hashable, Any] = {}

    def derive(self, key: Hashable, compute: Callable[[], _T]) -> _T:
        """What ``compute`` derives from the table, computed the first time ``key`` is asked
        and remembered (the union rules ask once for each key of an object: computed each
        time, an object of k keys cost k readings of all of them). What it gives is read,
        never changed."""
        if key not in self.derived:
            self.derived[key] = compute()
        return self.derived[key]  # type: ignore[no-any-return]

    @cached_property
    def _parents_with_children(self) -> frozenset[Steps]:
        return frozenset(s[:-1] for s in self.entries
                         if s and (isinstance(s[-1], Prop) or s[-1] is VALUES))

    def path(self, steps: Steps) -> str:
        return self.printed.get(steps) or render(steps)

    def may_be_object(self, steps: Steps) -> bool:
        entry = self.entries[steps]
        return entry.is_any or "object" in entry.type

    def refuses(self, steps: Steps) -> bool:
        """Whether the node at ``steps`` takes no value (``Entry.takes_nothing``); ``False``
        where the table has none (a table may lack an intermediate node)."""
        entry = self.entries.get(steps)
        return entry is not None and entry.takes_nothing

    def opaque(self, steps: Steps) -> bool:
        """A node whose inside cannot be compared: a cut recursion or unresolved reference."""
        entry = self.entries[steps]
        return entry.recursive is not None or bool(entry.unresolved)

    def free_form(self, steps: Steps) -> bool:
        """An object that takes any keys as they are: not closed, declares no property and
        no map values (``{}``, ``{"type": "object"}``). Pydantic's ``dict[str, Any]``."""
        return (self.entries[steps].closed is not True
                and steps not in self._parents_with_children)

    def names_no_key(self, steps: Steps) -> bool:
        """A free-form object known as such (not a cut recursion or an unresolved reference,
        which may name keys the table does not show): nothing in it says which keys it
        holds."""
        return not self.opaque(steps) and self.may_be_object(steps) and self.free_form(steps)

    @cached_property
    def _children(self) -> dict[Steps, list[Steps]]:
        out: dict[Steps, list[Steps]] = {}
        for s in self.entries:
            if s:
                out.setdefault(s[:-1], []).append(s)
        return out

    def children(self, steps: Steps) -> Iterator[Steps]:
        """The nodes one step below ``steps``, in table order."""
        yield from self._children.get(steps, ())


def key_names(holder: Entry) -> tuple[str, ...] | None:
    """The names an object's keys may have, where its ``propertyNames`` list them (a
    ``dict[Literal["a", "b"], int]``, a ``dict[Currency, float]``); ``None``: any name."""
    names = dict(dict(holder.constraints).get(NAMES, ()))
    return names.get("enum")
