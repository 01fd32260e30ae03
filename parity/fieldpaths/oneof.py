"""``oneOf`` as "exactly one of": the keysets a ``oneOf`` whose branches only require keys
leaves an object.

``{"properties": {"url": ..., "path": ...}, "oneOf": [{"required": ["url"]},
{"required": ["path"]}]}`` is JSON Schema's way to say "a `url` or a `path`, never both": an
object holding both fits both branches, and ``oneOf`` refuses a value that fits more than
one. Read as a union (``unions``), the branches only tell that one of the keys is required
(the ``choice``); what they refuse together is recorded here as the object's ``keysets``
(the sets of keys it takes at once, as a union of closed objects records them), so
``in.exclusive`` and ``out.exclusive`` hold the other side to them.

Only branches that do nothing but require keys are read so (their fit is a matter of keys
alone, whatever the values); a ``oneOf`` of other branches, or one whose alternatives
another union multiplies, is read as a union, as before.
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


def requirements(branches: Any) -> Groups | None:
    """The keys each branch of a ``oneOf`` requires, where every branch does nothing but
    require keys (two branches at least); ``None`` otherwise."""
    if not isinstance(branches, list) or len(branches) < 2:
        return None
    groups = []
    for branch in branches:
        if (not isinstance(branch, dict) or not _BRANCH_KEYS.issuperset(branch)
                or branch.get("type", "object") != "object"):
            return None
        names = branch.get("required")
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            return None
        groups.append(tuple(sorted(set(names))))
    return tuple(groups)


def joined(a: Groups | None, b: Groups | None) -> Groups | None:
    """The groups of a conjunction: one side's, or ``()`` where both have their own."""
    if a is None or a is b:
        return b
    return a if b is None else ()


def of_alternatives(groups: Iterable[Groups | None], count: int) -> Groups | None:
    """The groups a union of ``count`` alternatives is read by: those every alternative
    comes from, one alternative per branch (no other union multiplied them)."""
    found = set(groups)
    if len(found) != 1:
        return None
    only = found.pop()
    return only if only and len(only) == count else None


def keysets(groups: Sequence[Sequence[str]], declared: Iterable[str],
            required: Iterable[str] = ()) -> Choice:
    """The sets of keys an object may hold at once where a call fitting two of the branches
    requiring ``groups`` is refused: the largest that hold no two branches' keys and every
    key the object always holds (``required``), each with every key of ``declared`` no
    branch requires; ``()`` where they are too many to find, or fewer than two (one set
    would leave out keys that are never taken, unweighed)."""
    named = sorted(set().union(*groups))
    if len(named) > MAX_KEYS:
        return ()
    bit = {name: 1 << i for i, name in enumerate(named)}
    masks = [sum(bit[n] for n in group) for group in groups]
    refused = {a | b for i, a in enumerate(masks) for b in masks[i + 1:]}
    always = sum(bit[n] for n in set(required) if n in bit)

    def taken(mask: int) -> bool:
        return mask & always == always and not any(mask & r == r for r in refused)

    found = [mask for mask in range(1 << len(named))
             if taken(mask) and not any(taken(mask | b) for b in bit.values() if not mask & b)]
    if not 1 < len(found) <= MAX_WAYS:
        return ()
    free = set(declared).difference(named)
    return tuple(sorted(tuple(sorted(free.union(n for n in named if mask & bit[n])))
                        for mask in found))


def with_keysets(out: dict[_Key, Entry], root: _Key, groups: Groups, keys: Keys) -> None:
    """Give the union's object at ``root`` (in ``out``) the keysets its ``oneOf``'s
    ``groups`` leave, unless its alternatives already take keys apart."""
    entry = out.get(root)
    if entry is None or entry.keysets or not (entry.is_any or "object" in entry.type):
        return
    children = {keys.name(path): child for path, child in out.items()
                if path != root and child.type and not keys.into_array(path)
                and not keys.into_values(path) and keys.parent(path) == root}
    found = keysets(groups, children, [name for name, child in children.items()
                                       if child.required])
    if found:
        out[root] = entry.with_union_facts(entry.choice, found, entry.tags, entry.shapes)
