"""Keys an object takes only apart, spelled without closed alternatives: the keysets a
``oneOf`` whose branches only require keys, or a ``not`` of such a requirement, leaves it.

``{"properties": {"url": ..., "path": ...}, "oneOf": [{"required": ["url"]},
{"required": ["path"]}]}`` is JSON Schema's way to say "a `url` or a `path`, never both": an
object holding both fits both branches, and ``oneOf`` refuses a value that fits more than
one. ``"not": {"required": ["url", "path"]}`` says "never both" alone. Read as a union
(``unions``), the branches only tell that one of the keys is required (the ``choice``); a
``not`` is a keyword parity does not model (``unsupported``). What they refuse together is
recorded here as the object's ``keysets`` (the sets of keys it takes at once, as a union of
closed objects records them), so ``in.exclusive`` and ``out.exclusive`` hold the other side
to them.

Only requirements are read so (whether an object fits one is a matter of its keys alone,
whatever their values); a ``oneOf`` of other branches, or one whose alternatives another
union multiplies, is read as a union, as before, and any other ``not`` as a keyword parity
does not model.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from typing import Any, TypeVar

from parity.fieldpaths.choices import MAX_WAYS, Choice, Keys
from parity.fieldpaths.entry import Entry

#: the keys of a branch that only requires keys (``type`` only as ``"object"``)
_BRANCH_KEYS = frozenset({"required", "type", "title", "description", "$comment"})
#: most keys the branches may require in all: the sets they leave are found among the
#: subsets of those keys
MAX_KEYS = 12
#: the requirements of a ``oneOf``'s branches, one group of keys per branch; ``()`` where
#: two such ``oneOf`` meet in one node (neither is read)
Groups = tuple[tuple[str, ...], ...]
_Key = TypeVar("_Key", bound=Hashable)


def required_only(schema: Any) -> tuple[str, ...] | None:
    """The keys ``schema`` requires, where it does nothing but require keys (``type`` only
    as ``"object"``); ``None`` otherwise."""
    if (not isinstance(schema, dict) or not _BRANCH_KEYS.issuperset(schema)
            or schema.get("type", "object") != "object"):
        return None
    names = schema.get("required")
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        return None
    return tuple(sorted(set(names)))


def requirements(branches: Any) -> Groups | None:
    """The keys each branch of a ``oneOf`` requires, where every branch does nothing but
    require keys (two branches at least); ``None`` otherwise."""
    if not isinstance(branches, list) or len(branches) < 2:
        return None
    groups = []
    for branch in branches:
        names = required_only(branch)
        if names is None:
            return None
        groups.append(names)
    return tuple(groups)


def excluded(value: Any) -> tuple[str, ...] | None:
    """The keys a ``not`` refuses together, where it refuses only that (two keys at least:
    one refused alone leaves a single keyset, which would not weigh it); ``None``
    otherwise."""
    names = required_only(value)
    return names if names is not None and len(names) > 1 else None


def joined(a: Groups | None, b: Groups | None) -> Groups | None:
    """The groups of a conjunction: one side's, or ``()`` where both have their own."""
    if a is None or a is b:
        return b
    return a if b is None else ()


#: the sets of keys an object refuses held in full
Refused = list[tuple[str, ...]]


def refused_by(alternatives: Sequence[tuple[Groups | None, Sequence[tuple[str, ...]]]],
               ) -> Refused | None:
    """The sets of keys a union refuses held in full, given each alternative's ``oneOf``
    groups and the sets its ``not`` refuses: every two branches' keys where the
    alternatives are the branches of one ``oneOf`` (one alternative per branch: no other
    union multiplied them), and the sets a ``not`` refuses in every alternative (its
    node's); ``None`` for none."""
    found = {groups for groups, _ in alternatives}
    only = found.pop() if len(found) == 1 else None
    refused = [] if not only or len(only) != len(alternatives) else [
        (*a, *b) for i, a in enumerate(only) for b in only[i + 1:]]
    common = set(alternatives[0][1]).intersection(*(keys for _, keys in alternatives[1:]))
    return refused + sorted(common) or None


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


def with_keysets(out: dict[_Key, Entry], root: _Key, refused: Refused, keys: Keys) -> None:
    """Give the union's object at ``root`` (in ``out``) the keysets the sets it
    ``refused`` leave (``refused_by``), unless its alternatives already take keys apart."""
    entry = out.get(root)
    if entry is None or entry.keysets or not (entry.is_any or "object" in entry.type):
        return
    found = refusing(refused, [keys.name(path) for path, child in out.items()
                               if path != root and child.type and not keys.into_array(path)
                               and not keys.into_values(path) and keys.parent(path) == root])
    if found:
        out[root] = entry.with_union_facts(entry.choice, found, entry.tags, entry.shapes)
