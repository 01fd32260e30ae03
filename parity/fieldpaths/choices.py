"""What a union of objects asks as a whole, which no path alone shows: its choice
(``Entry.choice``), the groups of keys it requires one of in full, where its alternatives
require different keys (GitHub's review comment: a ``line`` or a ``position``); and its
keysets (``Entry.keysets``), the sets of keys it takes, where its alternatives are closed to
keys the others take (a ``line`` or a ``position``, never both). ``unions`` finds
the holders whose alternatives differ and call ``choose``; the rules ``in.choice``,
``out.choice``, ``in.exclusive`` and ``out.exclusive`` read the results.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from typing import Any, NamedTuple, TypeVar

from parity.fieldpaths.entry import (
    Entry,
    Shape,
    Tags,
    has_union_facts,
    keys_unmodelled,
    may_be_object,
)
from parity.fieldpaths.fieldpath import ITEMS, VALUES, Index, parse, printed_parent
from parity.fieldpaths.variant_facts import MAX_WAYS as MAX_WAYS
from parity.fieldpaths.variant_facts import Alternative, Bounds, bounds_of, shapes_of, tags_of
from parity.fieldpaths.variants import KeyShape

Choice = tuple[tuple[str, ...], ...]
_Key = TypeVar("_Key", bound=Hashable)
#: whether a union's alternatives take their keys apart at its node: all, none, or those a
#: predicate on an alternative's table names
Apart = bool | Callable[[Any], bool]


class Keys(NamedTuple):
    """How a union's tables key their paths: printed (a direct walk's) or as steps."""

    #: the node a path is one step below (``UNPRINTED`` for a printed path it cannot vouch for)
    parent: Callable[[Any], object]
    #: whether a path's last step is into an array (``[]``, ``[N]``)
    into_array: Callable[[Any], bool]
    #: whether a path's last step is into a map's values (``{}``)
    into_values: Callable[[Any], bool]
    #: the path of a node's map values (``{}``)
    values: Callable[[Any], object]
    #: the name of a property's path
    name: Callable[[Any], str]
    #: whether a path is below a node (in its subtree, not the node itself)
    under: Callable[[Any, Any], bool]


def _printed_name(path: str) -> str:
    last = path.rpartition(".")[2]  # the commonest name, an ASCII one, without parsing
    if last.isidentifier() and last.isascii():
        return last
    return parse(path)[-1].name  # type: ignore[union-attr]


PRINTED = Keys(printed_parent, lambda path: path.endswith("]"),
               lambda path: path.endswith("{}"), lambda path: path + "{}", _printed_name,
               lambda path, node: (path.startswith(node) and len(path) > len(node)
                                   and (not node or path[len(node)] in ".[{")))
STEPS = Keys(lambda steps: steps[:-1],
             lambda steps: steps[-1] is ITEMS or isinstance(steps[-1], Index),
             lambda steps: steps[-1] is VALUES, lambda steps: (*steps, VALUES),
             lambda steps: steps[-1].name,
             lambda path, node: len(path) > len(node) and path[:len(node)] == node)


def choose(out: dict[_Key, Entry], chosen: list[object], tables: list[dict[_Key, Entry]],
           holder_facts: Callable[[Any], tuple[list[dict[_Key, Entry]], list[_Key]]],
           keys: Keys, root: _Key, apart: Apart,
           kids_of: Callable[[Any], Iterable[_Key]] = lambda _: ()) -> None:
    """Give the union's entry (in ``out``) of each ``chosen`` holder the choice, the keysets
    and the tags its alternatives make: in each that covers it (where it may be an object;
    ``holder_facts`` gives them and the paths of its properties), the names required there
    and the names it takes, with its own choice and keysets. An alternative that does not
    reach the holder but lets it be any object leaves neither; one that cannot hold it (its
    parent a string there, or closed to its key) adds nothing, nor does one whose object can
    hold no value (a required key it refuses). None at a map's values below the union's
    node ``root`` (each alternative's map takes the keys its own properties and patterns
    leave, which differ), and no keysets at ``root`` unless ``apart``. ``kids_of`` gives
    the paths of any node's properties: the objects of a holder's keys, which its variants
    may give apart."""
    # (a key's objects differ between alternatives only where its node is chosen too)
    holders = dict.fromkeys(chosen)
    for holder in holders:
        covering, paths = holder_facts(holder)
        choice: Choice = ()
        keysets: Choice = ()
        tags: Tags = ()
        shapes: tuple[Shape, ...] = ()
        if (holder == root or not keys.into_values(holder)) and not any(
                holder not in t and _lets_be_any(t, holder, keys) for t in tables):
            ways: list[tuple[Iterable[str], Choice]] = []
            taken: list[Iterable[str]] | None = []
            alternatives: list[Alternative] = []
            wheres: list[dict[str, Any]] = []  # each alternative's paths of its names
            for t in covering:
                # closed alternatives take their keys apart
                closing = holder != root or (apart(t) if callable(apart) else apart)
                names, types, values, where, bounds = _names(t, paths, keys)
                if names is None:
                    continue  # no object is valid here
                ways.append((names, t[holder].choice))  # type: ignore[index]
                sets = _taken(t, holder, _takes(types), keys) if closing else None
                alternatives.append((t, names, None if sets is None
                                     else tuple(sorted(set().union(*sets))), tuple(types),
                                     values, types, {}, bounds))
                wheres.append(where)
                if taken is not None:
                    taken = None if sets is None or len(taken) + len(sets) > MAX_WAYS \
                        else [*taken, *sets]
            choice = choice_of(ways)
            keysets = () if taken is None else keysets_of(taken)
            if len(alternatives) > 1:
                alternatives = _with_objects(alternatives, wheres, holders, kids_of, keys)
                tags = tags_of(alternatives, holder)
                if not tags:
                    shapes = shapes_of(alternatives, holder)
            elif alternatives:  # one alternative holds it: its own union's, as they are
                tags, shapes = alternatives[0][0][holder].tags, alternatives[0][0][holder].shapes
        entry = out[holder]  # type: ignore[index]
        if (choice != entry.choice or keysets != entry.keysets or tags != entry.tags
                or shapes != entry.shapes):
            out[holder] = entry.with_union_facts(  # type: ignore[index]
                choice, keysets, tags, shapes)


def _names(table: dict[Any, Entry], paths: Iterable[Any], keys: Keys,
           ) -> tuple[dict[str, Any] | None, dict[str, tuple[str, ...]],
                      dict[str, tuple[Any, ...]], dict[str, Any], dict[str, Bounds]]:
    """The names an alternative requires of the holder's properties ``paths``, with their
    paths (``None`` where it requires one it refuses: no object is valid there), the
    names it takes with their types, the values it gives those with an ``enum``, the
    paths of the names it takes, and the bounds of those that have some (``bounds_of``)."""
    required: dict[str, Any] = {}
    declared: dict[str, tuple[str, ...]] = {}
    values: dict[str, tuple[Any, ...]] = {}
    where: dict[str, Any] = {}
    bounds: dict[str, Bounds] = {}
    for path in paths:
        entry = table.get(path)
        if entry is None:
            continue
        name = keys.name(path)
        if entry.takes_nothing:
            if entry.required:
                return None, declared, values, where, bounds
            declared[name] = ()  # (an open object refuses it: typed so, never taken)
            continue
        declared[name] = entry.type
        where[name] = path
        if entry.required:
            required[name] = path
        if entry.enum is not None:
            values[name] = entry.enum
        if entry.constraints or entry.format is not None or entry.enum_by_type:
            bounds[name] = bounds_of(entry)
    return required, declared, values, where, bounds


def _with_objects(alternatives: list[Alternative], wheres: list[dict[str, Any]],
                  holders: Mapping[Any, None], kids_of: Callable[[Any], Iterable[Any]],
                  keys: Keys) -> list[Alternative]:
    """The alternatives, each with the objects it gives the keys whose objects may differ
    between them (``wheres``: each one's paths of its names): those whose node is chosen
    (they declare or require apart there), or that one closes; each object with the objects
    it gives its own keys where those differ between the alternatives (``_settled``: each
    alternative's objects are read whole, as one may be closed or chosen where another is
    not)."""
    def object_of(table: dict[Any, Entry], path: Any, depth: int) -> _Object | None:
        """The object an alternative gives a key at ``path``: the keys it requires, takes
        (``None``: any) and declares, and the objects of those that may be objects; ``None``
        where its keys are not all named there (a union of its own, a map, a keyword not
        modelled, a cut recursion: nothing is told of it)."""
        entry = table[path]
        if (has_union_facts(entry) or keys_unmodelled(entry) or entry.recursive is not None
                or keys.values(path) in table):
            return None
        names, types, _, where, _ = _names(table, kids_of(path), keys)
        if names is None:
            return None
        declared = tuple(sorted(types))
        below = {} if depth >= MAX_NESTED else {
            name: object_of(table, kid, depth + 1) for name, kid in where.items()
            if may_be_object(table[kid])}
        return (tuple(sorted(names)), tuple(sorted(_takes(types))) if entry.closed is True
                else None, declared, below, types)

    differ = {name for (t, *_), where in zip(alternatives, wheres, strict=True)
              for name, path in where.items() if path in holders or t[path].closed is True}
    objects = {name: _settled([object_of(t, where[name], 1) if name in where
                               and may_be_object(t[where[name]]) else _ABSENT
                               for (t, *_), where in zip(alternatives, wheres, strict=True)])
               for name in differ}
    return [(t, names, takes, declared, values, types,
             {name: given[i] for name, given in objects.items() if given[i] is not _ABSENT},
             bounds)
            for i, (t, names, takes, declared, values, types, _, bounds)
            in enumerate(alternatives)]


#: the deepest object below a union's holder whose keys' objects its variants keep apart
MAX_NESTED = 8
#: an object as ``_with_objects`` first reads it: its keys' objects by name (``None``: not
#: told), and their types, all of them, whether they differ between the alternatives or not
_Object = tuple[tuple[str, ...], tuple[str, ...] | None, tuple[str, ...],
                dict[str, "_Object | None"], dict[str, tuple[str, ...]]]
#: an alternative that declares no such key, or one that cannot be an object
_ABSENT: Any = object()


def _settled(objects: list[Any]) -> list[Any]:
    """The objects the alternatives give one key (``None``: not told; ``_ABSENT``: none), as
    ``KeyShape``s: each keeps the objects and types it gives its own keys only where the
    alternatives declaring one there do not all give the same (a key one of them does not
    tell of is left merged), so a variant holds only what tells it apart."""
    told = [o for o in objects if o is not None and o is not _ABSENT]
    kept: dict[str, list[KeyShape]] = {}
    for name in sorted({name for o in told for name in o[3]}):
        given = [o[3][name] for o in told if name in o[3]]
        if None in given:
            continue
        settled = _settled(given)
        if len(set(settled)) > 1:
            kept[name] = settled
    typed = {name for o in told for name, types in o[4].items()  # (a refused key: always)
             if not types or any(other[4].get(name, types) != types for other in told)}
    ordinal = {name: iter(shapes) for name, shapes in kept.items()}
    return [o if o is None or o is _ABSENT else
            (o[0], o[1], o[2], tuple((name, next(ordinal[name])) for name in kept
                                     if name in o[3]),
             tuple((name, o[4][name]) for name in sorted(typed) if name in o[4]))
            for o in objects]


def _taken(table: dict[Any, Entry], holder: Any, declared: Iterable[str], keys: Keys,
           ) -> Choice | list[list[str]] | None:
    """The sets of keys an alternative takes at the holder: its keysets, or the keys it
    declares where it is closed to others; ``None`` where it takes any other key too (open,
    or a map beside its properties)."""
    entry = table[holder]
    # (a keyword not modelled, `if`/`then` or `dependentSchemas`, may take other keys)
    if entry.closed is not True or keys_unmodelled(entry) or keys.values(holder) in table:
        return None
    return entry.keysets or [list(declared)]


def _takes(types: dict[str, tuple[str, ...]]) -> list[str]:
    """The keys an object declares that it takes: not those it refuses (typed ``()``)."""
    return [name for name, its in types.items() if its]


def keysets_of(taken: Iterable[Iterable[str]]) -> Choice:
    """The keysets of an object that is one of alternatives taking the sets ``taken``:
    those no other holds (a set within another adds nothing); ``()`` where one holds all."""
    sets = {frozenset(keys) for keys in taken}
    kept = [k for k in sets if not any(k < other for other in sets)]
    return tuple(sorted(tuple(sorted(k)) for k in kept)) if len(kept) > 1 else ()


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
    if not may_be_object(entry):
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

