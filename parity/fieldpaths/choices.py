"""What a union of objects asks as a whole, which no path alone shows: its choice
(``Entry.choice``), the groups of keys it requires one of in full, where its alternatives
require different keys (GitHub's review comment: a ``line`` or a ``position``); and its
keysets (``Entry.keysets``), the sets of keys it takes, where its alternatives are closed to
keys the others take (a ``line`` or a ``position``, never both). ``unions`` finds
the holders whose alternatives differ and call ``choose``; the rules ``in.choice``,
``out.choice``, ``in.exclusive`` and ``out.exclusive`` read the results.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import Any, NamedTuple, TypeVar

from parity.fieldpaths.entry import (
    Entry,
    KeyTypes,
    Shape,
    Tags,
    Variant,
    canonical_value,
    may_be_object,
    own_shapes,
    sorted_values,
)
from parity.fieldpaths.fieldpath import ITEMS, VALUES, Index, parse, printed_parent

#: most ways to be a choice keeps: past it, none is kept (its names read as optional)
MAX_WAYS = 64

Choice = tuple[tuple[str, ...], ...]
#: one alternative at a holder: its table, the names it requires (with their paths), the
#: keys it takes (``None``: any), the keys it declares, the values it gives them (those
#: with an ``enum`` or a ``const``) and their types
Alternative = tuple[dict[Any, Entry], dict[str, Any], tuple[str, ...] | None, tuple[str, ...],
                    dict[str, tuple[Any, ...]], dict[str, tuple[str, ...]]]
_Key = TypeVar("_Key", bound=Hashable)
#: a variant's required, taken (``None``: any) and declared keys
_Keys = tuple[tuple[str, ...], tuple[str, ...] | None, tuple[str, ...]]
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


def _printed_name(path: str) -> str:
    last = path.rpartition(".")[2]  # the commonest name, an ASCII one, without parsing
    if last.isidentifier() and last.isascii():
        return last
    return parse(path)[-1].name  # type: ignore[union-attr]


PRINTED = Keys(printed_parent, lambda path: path.endswith("]"),
               lambda path: path.endswith("{}"), lambda path: path + "{}", _printed_name)
STEPS = Keys(lambda steps: steps[:-1],
             lambda steps: steps[-1] is ITEMS or isinstance(steps[-1], Index),
             lambda steps: steps[-1] is VALUES, lambda steps: (*steps, VALUES),
             lambda steps: steps[-1].name)


def choose(out: dict[_Key, Entry], chosen: list[object], tables: list[dict[_Key, Entry]],
           holder_facts: Callable[[Any], tuple[list[dict[_Key, Entry]], list[_Key]]],
           keys: Keys, root: _Key, apart: Apart) -> None:
    """Give the union's entry (in ``out``) of each ``chosen`` holder the choice, the keysets
    and the tags its alternatives make: in each that covers it (where it may be an object;
    ``holder_facts`` gives them and the paths of its properties), the names required there
    and the names it takes, with its own choice and keysets. An alternative that does not
    reach the holder but lets it be any object leaves neither; one that cannot hold it (its
    parent a string there, or closed to its key) adds nothing, nor does one whose object can
    hold no value (a required key it refuses). None at a map's values below the union's
    node ``root`` (each alternative's map takes the keys its own properties and patterns
    leave, which differ), and no keysets at ``root`` unless ``apart``."""
    for holder in dict.fromkeys(chosen):
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
            for t in covering:
                # closed alternatives take their keys apart
                closing = holder != root or (apart(t) if callable(apart) else apart)
                names, types, values = _names(t, paths, keys)
                if names is None:
                    continue  # no object is valid here
                ways.append((names, t[holder].choice))  # type: ignore[index]
                sets = _taken(t, holder, types, keys) if closing else None
                alternatives.append((t, names, None if sets is None
                                     else tuple(sorted(set().union(*sets))), tuple(types),
                                     values, types))
                if taken is not None:
                    taken = None if sets is None or len(taken) + len(sets) > MAX_WAYS \
                        else [*taken, *sets]
            choice = choice_of(ways)
            keysets = () if taken is None else keysets_of(taken)
            if len(alternatives) > 1:
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


def _names(table: dict[Any, Entry], paths: list[Any], keys: Keys,
           ) -> tuple[dict[str, Any] | None, dict[str, tuple[str, ...]],
                      dict[str, tuple[Any, ...]]]:
    """The names an alternative requires of the holder's properties ``paths``, with their
    paths (``None`` where it requires one it refuses: no object is valid there), the
    names it takes with their types, and the values it gives those with an ``enum``."""
    required: dict[str, Any] = {}
    declared: dict[str, tuple[str, ...]] = {}
    values: dict[str, tuple[Any, ...]] = {}
    for path in paths:
        entry = table.get(path)
        if entry is None:
            continue
        if not entry.type:  # refused
            if entry.required:
                return None, declared, values
            continue
        name = keys.name(path)
        declared[name] = entry.type
        if entry.required:
            required[name] = path
        if entry.enum is not None:
            values[name] = entry.enum
    return required, declared, values


def _taken(table: dict[Any, Entry], holder: Any, declared: Iterable[str], keys: Keys,
           ) -> Choice | list[list[str]] | None:
    """The sets of keys an alternative takes at the holder: its keysets, or the keys it
    declares where it is closed to others; ``None`` where it takes any other key too (open,
    or a map beside its properties)."""
    entry = table[holder]
    # (a keyword not modelled, `if`/`then` or `dependentSchemas`, may take other keys)
    if entry.closed is not True or entry.unsupported or keys.values(holder) in table:
        return None
    return entry.keysets or [list(declared)]


def tags_of(alternatives: list[Alternative], holder: Any) -> Tags:
    """The tags of an object at ``holder`` that is one of ``alternatives`` (each: its table,
    the names it requires with their paths, the keys it takes or ``None``, the keys it
    declares): each key every alternative requires with values of its own (an ``enum`` or
    ``const``), with the variants it tells apart. An alternative that is a tagged union on
    the same key gives its own variants. None where every variant requires, takes,
    declares and types the same keys (variants sharing their values are kept: each is
    judged whole, not their merge)."""
    first = alternatives[0][0]
    common = {name for name, path in alternatives[0][1].items() if first[path].enum is not None
              }.intersection(*(a[1] for a in alternatives[1:]))
    found: list[tuple[str, tuple[Variant, ...]]] = []
    for key in sorted(common):
        path = alternatives[0][1][key]
        variants: list[_Typed] = []
        for table, names, takes, declared, _, types in alternatives:
            values = table[path].enum
            if values is None:
                break  # any value: this key tells nothing apart
            own = dict(table[holder].tags).get(key, ())
            if not own:
                variants.append((values, tuple(names), takes,
                                 declared if takes is None else takes, types))
            for its_values, requires, its_takes, its_declares, its_types in own:
                keys = _within(names, requires, its_takes, its_declares)
                variants.append((its_values, *keys,
                                 dict(_declared_types(keys[2], types, its_types))))
        else:
            if (told := _told_apart(variants, key)) and len(told) <= MAX_WAYS:
                found.append((key, told))
    return tuple(found)


def shapes_of(alternatives: list[Alternative], holder: Any) -> tuple[Shape, ...]:
    """The shapes of an object at ``holder`` that is one of ``alternatives`` no key tells
    apart: each alternative's required, taken and declared keys, and the values and types
    it gives the keys whose values (types) differ between them (a tagged union or a union
    of shapes among them gives its own); ``()`` where all are one, or past ``MAX_WAYS``."""
    # each key's values by their canonical text (values may be lists or objects)
    held: dict[tuple[str, tuple[str, ...]], tuple[Any, ...]] = {}
    found: set[tuple[_Keys, frozenset[tuple[str, tuple[str, ...]]],
                     frozenset[tuple[str, tuple[str, ...]]]]] = set()

    def texts(values: dict[str, tuple[Any, ...]]) -> frozenset[tuple[str, tuple[str, ...]]]:
        given = []
        for key, its in values.items():
            text = (key, tuple(map(canonical_value, its)))
            held.setdefault(text, its)
            given.append(text)
        return frozenset(given)

    for table, names, takes, declared, values, types in alternatives:
        own = own_shapes(table[holder])
        if not own:
            found.add(((tuple(sorted(names)), takes,
                        tuple(sorted(declared)) if takes is None else takes), texts(values),
                       frozenset(types.items())))
        for requires, its_takes, declares, its_values, its_types in own:
            keys = _within(names, requires, its_takes, declares)
            found.add((keys, texts(values | dict(its_values)),
                       _declared_types(keys[2], types, its_types)))
        if len(found) > MAX_WAYS:
            return ()
    # a key's values tell shapes apart where not every shape gives it the same ones
    told = {key for key, text in set().union(*(v for _, v, _ in found))
            if any((key, text) not in v for _, v, _ in found)}
    typed = _typed_apart(types for _, _, types in found)
    shapes = {(*keys, tuple(sorted(kv for kv in v if kv[0] in told)),
               tuple(sorted(kt for kt in types if kt[0] in typed)))
              for keys, v, types in found}
    if len(shapes) < 2:
        return ()
    return tuple((requires, takes, declares, tuple((key, held[key, text]) for key, text in v),
                  types)
                 for requires, takes, declares, v, types in sorted(
                     shapes, key=lambda s: (s[0], s[1] is None, s[1] or (), s[2], s[3], s[4])))


def _declared_types(declares: Iterable[str], types: dict[str, tuple[str, ...]],
                    own: KeyTypes) -> frozenset[tuple[str, tuple[str, ...]]]:
    """The types a variant of an alternative's own union gives the keys it declares: its
    own where it has them, else the alternative's (the types its variants merge to)."""
    mine = dict(own)
    return frozenset((key, mine.get(key) or types[key]) for key in declares if key in types)


def _typed_apart(typings: Iterable[Iterable[tuple[str, tuple[str, ...]]]]) -> set[str]:
    """The keys the variants declaring them do not all give the same types."""
    seen: dict[str, tuple[str, ...]] = {}
    apart: set[str] = set()
    for typing in typings:
        for key, types in typing:
            if seen.setdefault(key, types) != types:
                apart.add(key)
    return apart


def _within(names: Iterable[str], requires: Iterable[str], takes: tuple[str, ...] | None,
            declares: Iterable[str]) -> _Keys:
    """A variant of an alternative's own union, as a variant of the union it is in: it
    requires the alternative's ``names`` too; closed on its own, it stays closed where its
    alternative is open (as one of its other variants is) and refuses what it refuses there
    (its own declared keys only: the alternative's are every variant's)."""
    both = tuple(sorted({*names, *requires}))
    return (both, None, tuple(sorted({*both, *declares}))) if takes is None \
        else (both, takes, takes)


#: a variant as ``tags_of`` gathers it: its types for every key it declares
_Typed = tuple[tuple[Any, ...], tuple[str, ...], tuple[str, ...] | None, tuple[str, ...],
               dict[str, tuple[str, ...]]]


def _told_apart(variants: list[_Typed], key: str) -> tuple[Variant, ...]:
    """The variants, each way of requiring, taking, declaring and typing keys once with all
    its values, in canonical order; ``()`` where all are one way (ways sharing every value
    are kept). Types are kept for the keys (other than the tag ``key``) the variants type
    apart."""
    typed = _typed_apart([(k, t) for k, t in types.items() if k in declares and k != key]
                         for values, _, _, declares, types in variants if values)
    shapes: dict[tuple[frozenset[str], frozenset[str] | None, frozenset[str], KeyTypes],
                 list[Any]] = {}
    for values, requires, takes, declares, types in variants:
        if not values:
            continue  # no value of the key: no object is valid there
        its_types = tuple(sorted((k, t) for k, t in types.items() if k in typed
                                 and k in declares))
        shapes.setdefault((frozenset(requires), None if takes is None else frozenset(takes),
                           frozenset(declares), its_types), []).extend(values)
    if len(shapes) < 2:
        return ()
    told: list[Variant] = []
    for (needs, keys, names, its_types), held in shapes.items():
        taken = None if keys is None else tuple(sorted(keys))
        told.append((sorted_values(held), tuple(sorted(needs)), taken,
                     tuple(sorted(names)) if taken is None else taken, its_types))
    return tuple(sorted(told, key=lambda v: ([canonical_value(x) for x in v[0]], v[1],
                                             v[2] is None, v[2] or (), v[3], v[4])))


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

