"""What of a union's alternatives some value satisfies (``unions``): not an alternative
that requires a key it refuses, nor an object within one that does.

A key is refused where its schema takes no value (``false``, ``{"not": {}}``, a type or tag
an ``allOf`` gives two ways, a closed branch leaving out a key another requires). An
object requiring such a key holds no value; so does the object holding it where it is
required there, and so on up. Where that reaches the alternative's node, no value fits the
alternative and the union drops it; where it stops at an optional key's object, the
alternative takes no value there (``anyOf [{o: {}}, {o: {x: false}, required: [x]}]`` takes
``o`` as its first alone): that object is refused, its subtree dropped, so that what the
other alternatives take there is all that is merged.
"""

from __future__ import annotations

from dataclasses import replace
from operator import attrgetter
from typing import Any, TypeVar

from parity.fieldpaths.choices import Keys
from parity.fieldpaths.entry import Entry

_Key = TypeVar("_Key")
_TYPE = attrgetter("type")
_ENUM = attrgetter("enum")
_OBJECT = ("object",)


def satisfiable(tables: list[dict[_Key, Entry]], root: _Key, keys: Keys,
                ) -> list[dict[_Key, Entry]]:
    """The alternatives some value satisfies, each without the objects it gives no value
    (refused instead). Where none is left the node holds no value: one table refusing it."""
    if not any(() in map(_TYPE, t.values()) or () in map(_ENUM, t.values())
               for t in tables):  # the usual: nothing refused
        return tables
    kept = []
    for table in tables:
        void = _void(table, root, keys)
        if root not in void:
            kept.append(_without(table, void, keys) if void else table)
    return kept or [{root: replace(_NEVER, required=tables[0][root].required)}]


def _void(table: dict[Any, Entry], root: Any, keys: Keys) -> set[Any]:
    """The topmost objects of ``table`` that hold no value (``root`` among them where the
    alternative holds none)."""
    # (one typed never at the root adds no value to the union already: ``few_values``)
    found = set()
    for path, entry in table.items():
        if (entry.type and entry.enum != ()) or not entry.required or path == root:
            continue
        # a required key refused: so is its object, if that is required in its own...
        # (``required`` binds objects alone: a holder that may be another type holds that)
        while not (keys.into_array(path) or keys.into_values(path)):
            holder = keys.parent(path)
            above = table.get(holder)
            if above is None or above.type != _OBJECT:
                break
            if holder == root or not above.required:
                found.add(holder)
                break
            path = holder
    return found


def _without(table: dict[Any, Entry], void: set[Any], keys: Keys) -> dict[Any, Entry]:
    """``table`` with each ``void`` object refused and its subtree dropped."""
    return {path: replace(_NEVER, required=entry.required) if path in void else entry
            for path, entry in table.items()
            if not any(keys.under(path, node) for node in void)}


#: what a refused node's entry holds (as a ``false`` schema's), but its ``required``
_NEVER = Entry(type=())
