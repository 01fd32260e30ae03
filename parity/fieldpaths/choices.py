"""An object's choice (``Entry.choice``): the groups of keys a union of objects requires one
of in full, where its alternatives require different keys (GitHub's review comment: a
``line`` or a ``position``). ``combine``'s unions find the holders whose alternatives differ
and call ``choose``; the rules ``in.choice`` and ``out.choice`` read the result.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import Any, NamedTuple, TypeVar

from parity.fieldpaths.entry import Entry
from parity.fieldpaths.fieldpath import ITEMS, VALUES, Index, parse, printed_parent

#: most ways to be a choice keeps: past it, none is kept (its names read as optional)
MAX_WAYS = 64

Choice = tuple[tuple[str, ...], ...]
_Key = TypeVar("_Key", bound=Hashable)


class Keys(NamedTuple):
    """How a union's tables key their paths: printed (a direct walk's) or as steps."""

    #: the node a path is one step below (``UNPRINTED`` for a printed path it cannot vouch for)
    parent: Callable[[Any], object]
    #: whether a path's last step is into an array (``[]``, ``[N]``)
    into_array: Callable[[Any], bool]
    #: the path of a node's map values (``{}``)
    values: Callable[[Any], object]
    #: the name of a property's path
    name: Callable[[Any], str]


def _printed_name(path: str) -> str:
    last = path.rpartition(".")[2]  # the commonest name, an ASCII one, without parsing
    if last.isidentifier() and last.isascii():
        return last
    return parse(path)[-1].name  # type: ignore[union-attr]


PRINTED = Keys(printed_parent, lambda path: path.endswith("]"), lambda path: path + "{}",
               _printed_name)
STEPS = Keys(lambda steps: steps[:-1],
             lambda steps: steps[-1] is ITEMS or isinstance(steps[-1], Index),
             lambda steps: (*steps, VALUES), lambda steps: steps[-1].name)


def choose(out: dict[_Key, Entry], chosen: list[object], tables: list[dict[_Key, Entry]],
           holder_facts: Callable[[Any], tuple[list[dict[_Key, Entry]], list[_Key]]],
           keys: Keys) -> None:
    """Give the union's entry (in ``out``) of each ``chosen`` holder the choice its
    alternatives make: in each that covers it (where it may be an object; ``holder_facts``
    gives them and the paths of its properties), the names required there and its own
    choice. An alternative that does not reach the holder but lets it be any object leaves
    no choice; one that cannot hold it (its parent a string there, or closed to its key)
    adds none, nor does one whose object can hold no value (a required key it refuses)."""
    for holder in dict.fromkeys(chosen):
        covering, paths = holder_facts(holder)
        found: Choice = ()
        if not any(holder not in t and _lets_be_any(t, holder, keys) for t in tables):
            ways = []
            for t in covering:
                names = []
                for path in paths:
                    entry = t.get(path)
                    if entry is not None and entry.required:
                        if not entry.type:
                            break  # required and refused: no object is valid here
                        names.append(keys.name(path))
                else:
                    ways.append((names, t[holder].choice))  # type: ignore[index]
            found = choice_of(ways)
        entry = out[holder]  # type: ignore[index]
        if found != entry.choice:
            copy = _new(Entry)
            copy.__dict__.update(entry.__dict__, choice=found)
            out[holder] = copy  # type: ignore[index]


def _lets_be_any(table: dict[Any, Entry], holder: Any, keys: Keys) -> bool:
    """Whether an alternative that does not reach ``holder`` lets it be any value: unless
    its parent there holds no object (or array, for an item), or is an object closed to
    every key it does not declare. A parent it does not reach either may be anything."""
    parent = keys.parent(holder)
    entry = table.get(parent)
    if entry is None:
        return True
    if keys.into_array(holder):
        return entry.is_any or "array" in entry.type
    if not (entry.is_any or "object" in entry.type):
        return False
    return entry.closed is not True or keys.values(parent) in table


def choice_of(alternatives: Iterable[tuple[Iterable[str], Choice]]) -> Choice:
    """The choice of an object that is one of ``alternatives``, each given as the names it
    requires and its own choice: each way an alternative may be (its names with one of its
    groups), less the names every way holds, which are required. ``()`` where a way holds
    nothing more (no group need be held), or past ``MAX_WAYS``."""
    ways: list[frozenset[str]] = []
    for names, own in alternatives:
        base = frozenset(names)
        ways.extend([base.union(group) for group in own] if own else [base])
        if len(ways) > MAX_WAYS:
            return ()
    if len(ways) < 2:
        return ()
    common = frozenset.intersection(*ways)
    groups = {way - common for way in ways}
    if frozenset() in groups:
        return ()
    # a group holding another adds nothing: the smaller one is enough
    kept = [g for g in groups if not any(other < g for other in groups)]
    return tuple(sorted(tuple(sorted(g)) for g in kept))


_new = object.__new__
