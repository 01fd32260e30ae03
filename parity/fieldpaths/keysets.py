"""Keys an object takes only apart, spelled without closed alternatives: the keysets a
``oneOf`` of objects that differ only in the keys they require and declare, or a ``not`` of
a requirement, leaves it.

``{"properties": {"url": ..., "path": ...}, "oneOf": [{"required": ["url"]},
{"required": ["path"]}]}`` is JSON Schema's way to say "a `url` or a `path`, never both": an
object holding both fits both branches, and ``oneOf`` refuses a value that fits more than
one. So is a ``oneOf`` of open objects, one declaring and requiring `url`, one `path` (an
OpenAPI document's, zod's ``z.xor``). ``"not": {"required": ["url", "path"]}`` says "never
both" alone. Read as a union (``unions``), the branches only tell that one of the keys is
required (the ``choice``); a ``not`` is a keyword parity does not model (``unsupported``).
What they refuse together is recorded here as the object's ``keysets`` (the sets of keys it
takes at once, as a union of closed objects records them), so ``in.exclusive`` and
``out.exclusive`` hold the other side to them.

Only where whether an object fits a branch is a matter of its keys: the branches' tables
agree on every key two of them declare (but whether it is required), and are all open (or
all closed to the same keys); a key one branch declares takes, in the others, any value
(a call sending it a value of another type fits only those: ``in.type``'s to report). A
``oneOf`` of other branches, or one whose alternatives another union multiplies, is read as
a union, as before. A ``not`` is read on an object that is no union (beside a union its
alternatives' keysets are merged away, and nothing is said of them), any other ``not`` as a
keyword parity does not model.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from typing import Any, TypeVar

from parity.fieldpaths.choices import MAX_WAYS, Choice, Keys
from parity.fieldpaths.entry import Entry, has_union_facts, keys_unmodelled, may_be_object

#: the keys a ``not``'s schema may hold to be read as a requirement alone
_REQUIREMENT = frozenset({"required", "type", "title", "description", "$comment"})
#: what makes a ``oneOf`` branch several alternatives (a union in it, or a reference to one)
_MULTIPLYING = frozenset({"$ref", "$dynamicRef", "$recursiveRef", "allOf", "anyOf", "oneOf"})
#: most keys the refused sets may name in all: the sets they leave are found among the
#: subsets of those keys
MAX_KEYS = 12
_Key = TypeVar("_Key", bound=Hashable)


class OneOf:
    """The ``oneOf`` an alternative comes from (``Facets.one_of``), told apart by identity,
    with its number of branches."""

    __slots__ = ("count",)

    def __init__(self, count: int) -> None:
        self.count = count


#: two ``oneOf`` met in one node: neither is read
BOTH = OneOf(0)


def one_of_mark(branches: Any) -> OneOf | None:
    """The mark of a ``oneOf``'s alternatives where each branch is one alternative (no
    union or reference in it, so both walks read one table per branch), two at least."""
    if (isinstance(branches, list) and len(branches) > 1
            and all(isinstance(b, dict) and _MULTIPLYING.isdisjoint(b) for b in branches)):
        return OneOf(len(branches))
    return None


def refuses_every_value(value: Any) -> bool:
    """Whether a ``not`` holds a schema every value fits (``{}`` or ``true``): JSON
    Schema's other spelling of ``false``, zod's ``z.never()``, read as ``false`` is."""
    return value is True or (value.__class__ is dict and not value)


def excluded(value: Any) -> tuple[str, ...] | None:
    """The keys a ``not`` refuses together, where its schema does nothing but require two
    keys or more (one refused alone leaves a single keyset, which would not weigh it);
    ``None`` otherwise."""
    if (not isinstance(value, dict) or not _REQUIREMENT.issuperset(value)
            or value.get("type", "object") != "object"):
        return None
    names = value.get("required")
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        return None
    return tuple(sorted(set(names))) if len(set(names)) > 1 else None


def joined(a: OneOf | None, b: OneOf | None) -> OneOf | None:
    """The mark of a conjunction: one side's, or ``BOTH`` where each has its own."""
    if a is None or a is b:
        return b
    return a if b is None else BOTH


def of_branches(marks: Sequence[OneOf | None]) -> bool:
    """Whether a union's alternatives (their ``oneOf`` marks) are one ``oneOf``'s branches,
    one alternative per branch (no other union multiplied them)."""
    first = marks[0]
    return first is not None and first.count == len(marks) and all(m is first for m in marks)


#: the sets of keys an object refuses held in full
Refused = list[tuple[str, ...]]


def _value_facts(entry: Entry, required: bool) -> tuple[Any, ...]:
    """What of an entry decides which values fit it (not its annotations)."""
    return (entry.type, entry.closed, entry.enum, entry.format, entry.patterns,
            entry.constraints, entry.unsupported, entry.unresolved, entry.recursive,
            entry.choice, entry.keysets, entry.tags, entry.shapes, entry.enum_by_type,
            entry.required if required else None)


def fitting_two(tables: Sequence[dict[_Key, Entry]], root: _Key, keys: Keys,
                ) -> Refused | None:
    """The sets of keys an object at ``root`` holds where it fits two of the ``oneOf``
    branches ``tables`` (each branch's required keys with another's), where which branches
    an object fits is a matter of its keys: every branch an object there (and no union of
    its own), all open or all closed to the same keys, and agreeing on every path two of
    them hold (but whether a key is required); ``None`` otherwise."""
    roots: list[Entry] = []
    for table in tables:
        entry = table.get(root)
        if (entry is None or not may_be_object(entry) or keys_unmodelled(entry)
                or has_union_facts(entry) or keys.values(root) in table):
            return None
        roots.append(entry)
    if len({entry.closed is True for entry in roots}) != 1:
        return None
    facts: dict[_Key, tuple[Any, ...]] = {}
    holders: dict[_Key, int] = {}  # a path -> how many branches hold it
    requires: list[set[str]] = []
    tops: list[frozenset[_Key]] = []
    for table in tables:
        required: set[str] = set()
        for path, entry in table.items():
            if path == root:
                continue
            named = keys.parent(path) == root and not (keys.into_array(path)
                                                       or keys.into_values(path))
            if named and entry.required:
                required.add(keys.name(path))
            seen = _value_facts(entry, not named)
            if facts.setdefault(path, seen) != seen:
                return None  # the branches tell this key's values apart
            holders[path] = holders.get(path, 0) + 1
        requires.append(required)
        tops.append(frozenset(p for p in table if p != root and keys.parent(p) == root))
    if roots[0].closed is True and len(set(tops)) != 1:
        return None  # closed to different keys: the keys a call holds beyond them decide
    for path, count in holders.items():
        top = path
        while keys.parent(top) != root:
            top = keys.parent(top)  # type: ignore[assignment]
            if top == root or top not in holders:
                return None
        if holders[top] != count:
            return None  # a key's value two branches describe differently below it
    # (a key every branch requires stays in: a sender's sets are weighed only where they
    # hold its required keys, and one a `oneOf` never takes is then refused with them)
    return [tuple(sorted(a | b)) for i, a in enumerate(requires) for b in requires[i + 1:]]


def refusing(refused: Sequence[Sequence[str]], declared: Iterable[str]) -> Choice:
    """The sets of keys an object may hold at once where it refuses each set of
    ``refused`` held in full: the largest that hold none of them, each with every key of
    ``declared`` none names; ``()`` where they are too many to find, or fewer than two (one
    set would leave out keys that are never taken, unweighed). A set may lack a key the
    object requires: the rules weigh only those that hold them (``_variants``,
    ``exclusive.together``)."""
    named = sorted(set().union(*refused))
    if len(named) > MAX_KEYS:
        return ()
    bit = {name: 1 << i for i, name in enumerate(named)}
    masks = {sum(bit[n] for n in set(keys)) for keys in refused}

    def taken(mask: int) -> bool:
        return not any(mask & r == r for r in masks)

    found = [mask for mask in range(1 << len(named))
             if taken(mask) and not any(taken(mask | b) for b in bit.values() if not mask & b)]
    if not 1 < len(found) <= MAX_WAYS:
        return ()
    free = set(declared).difference(named)
    return tuple(sorted(tuple(sorted(free.union(n for n in named if mask & bit[n])))
                        for mask in found))


def exclude(out: dict[_Key, Entry], tables: Sequence[dict[_Key, Entry]], root: _Key,
            keys: Keys) -> None:
    """Give the union of a ``oneOf``'s branches ``tables`` (``out``) the keysets at
    ``root`` that its refusal of an object fitting two leaves (``fitting_two``), unless its
    alternatives already take keys apart."""
    union = out.get(root)
    if (union is None or union.keysets or not may_be_object(union)
            or union.tags or any(shape[3] for shape in union.shapes)):
        return  # (values telling the branches apart, a discriminated union's: at once)
    refused = fitting_two(tables, root, keys)
    found = refused and refusing(refused, [
        keys.name(path) for path, child in out.items()
        if path != root and child.type and not keys.into_array(path)
        and not keys.into_values(path) and keys.parent(path) == root])
    if found:
        out[root] = union.with_union_facts(union.choice, found, union.tags, union.shapes)
