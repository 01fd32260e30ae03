"""The variants a union's alternatives make at one object (``choices.choose`` gathers the
alternatives): its tags (``Entry.tags``), where a key every alternative requires takes
values of its own, else its shapes (``Entry.shapes``). Each variant keeps what tells it
apart from the others: its keys, the values it gives a key, the types it gives one, and the
object it gives one (a webhook's ``config`` requiring ``url``, an email's ``address``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from parity.fieldpaths.entry import Entry, canonical_value, own_shapes, sorted_values
from parity.fieldpaths.variants import (
    KeyNames,
    KeyShape,
    KeyShapes,
    KeyTypes,
    KeyValues,
    Shape,
    Tags,
    Variant,
)

#: most ways to be a choice keeps, and most variants a union records: past it, none
MAX_WAYS = 64

#: one alternative at a holder: its table, the names it requires (with their paths), the
#: keys it takes (``None``: any), the keys it declares, the values it gives them (those
#: with an ``enum`` or a ``const``), their types, and the objects it gives those that may
#: hold one (``None``: not told)
Alternative = tuple[dict[Any, Entry], dict[str, Any], tuple[str, ...] | None, tuple[str, ...],
                    dict[str, tuple[Any, ...]], dict[str, tuple[str, ...]],
                    dict[str, KeyShape | None], dict[str, "Bounds"]]
#: what bounds a key's values beyond its type and enum: its constraints, format and values
#: by type (``bounds_of``); a key without any has none
Bounds = tuple[Any, ...]
#: a variant's required, taken (``None``: any) and declared keys
_Keys = KeyNames
#: what a variant gives its keys: their types, and their objects
_Given = tuple[frozenset[tuple[str, tuple[str, ...]]], frozenset[tuple[str, KeyShape | None]]]
#: a variant as a tag's values tell it: those values, its keys, what it gives its keys, the
#: values it gives them (those with an ``enum`` or a ``const``; ``None``: bounds of its own,
#: a variant of an alternative's union), and the bounds it gives them
_Told = tuple[tuple[Any, ...], _Keys, _Given, Mapping[str, tuple[Any, ...] | None],
              dict[str, Bounds]]


def bounds_of(entry: Entry) -> Bounds:
    """What bounds a node's values beyond its type and enum."""
    return entry.constraints, entry.format, entry.enum_by_type


def tags_of(alternatives: list[Alternative], holder: Any) -> Tags:
    """The tags of an object at ``holder`` that is one of ``alternatives``: each key every
    alternative requires with values of its own (an ``enum`` or ``const``), with the
    variants it tells apart. An alternative that is a tagged union on the same key gives its
    own variants. None where every variant requires, takes, declares, types and holds the
    same keys (variants sharing their values are kept: each is judged whole, not their
    merge)."""
    first = alternatives[0][0]
    common = {name for name, path in alternatives[0][1].items() if first[path].enum is not None
              }.intersection(*(a[1] for a in alternatives[1:]))
    found: list[tuple[str, tuple[Variant, ...]]] = []
    for key in sorted(common):
        path = alternatives[0][1][key]
        variants: list[_Told] = []
        for table, names, takes, declared, held, types, objects, bounds in alternatives:
            values = table[path].enum
            if values is None:
                break  # any value: this key tells nothing apart
            own = dict(table[holder].tags).get(key, ())
            if not own:
                keys = (tuple(names), takes, declared if takes is None else takes)
                variants.append((values, keys, _given(keys[2], types, objects), held, bounds))
            for its_values, requires, its_takes, its_declares, its_types, its_objects, \
                    its_held in own:
                keys = _within(names, requires, its_takes, its_declares)
                variants.append((its_values, keys,
                                 _given(keys[2], types, objects, its_types, its_objects),
                                 _held_within(held, keys[2], its_held), bounds))
        else:
            if (told := _told_apart(variants, key)) and len(told) <= MAX_WAYS:
                found.append((key, told))
    return tuple(found)


def shapes_of(alternatives: list[Alternative], holder: Any) -> tuple[Shape, ...]:
    """The shapes of an object at ``holder`` that is one of ``alternatives`` no key tells
    apart: each alternative's required, taken and declared keys, and the values, types and
    objects it gives the keys where the alternatives' differ (a tagged union or a union of
    shapes among them gives its own); ``()`` where all are one, or past ``MAX_WAYS``."""
    # each key's values by their canonical text (values may be lists or objects)
    held: dict[tuple[str, tuple[str, ...]], tuple[Any, ...]] = {}
    found: set[tuple[_Keys, frozenset[tuple[str, tuple[str, ...]]], _Given]] = set()

    def texts(values: Mapping[str, tuple[Any, ...] | None],
              ) -> frozenset[tuple[str, tuple[str, ...]]]:
        given = []
        for key, its in values.items():
            if its is None:
                continue  # (bounds of a variant's own: shapes keep no fact of them)
            text = (key, tuple(map(canonical_value, its)))
            held.setdefault(text, its)
            given.append(text)
        return frozenset(given)

    for table, names, takes, declared, values, types, objects, _ in alternatives:
        own = own_shapes(table[holder])
        if not own:
            keys = (tuple(sorted(names)), takes,
                    tuple(sorted(declared)) if takes is None else takes)
            found.add((keys, texts(values), _given(keys[2], types, objects)))
        for requires, its_takes, declares, its_values, its_types, its_objects in own:
            keys = _within(names, requires, its_takes, declares)
            found.add((keys, texts(values | dict(its_values)),
                       _given(keys[2], types, objects, its_types, its_objects)))
        if len(found) > MAX_WAYS:
            return ()
    # a key's values tell shapes apart where not every shape gives it the same ones
    told = {key for key, text in set().union(*(v for _, v, _ in found))
            if any((key, text) not in v for _, v, _ in found)}
    typed, held_apart = _apart([given for _, _, given in found])
    shapes = {(*keys, tuple(sorted(kv for kv in v if kv[0] in told)),
               *_kept(given, typed, held_apart)) for keys, v, given in found}
    if len(shapes) < 2:
        return ()
    return tuple((requires, takes, declares, tuple((key, held[key, text]) for key, text in v),
                  types, objects)
                 for requires, takes, declares, v, types, objects in sorted(
                     shapes, key=_shape_order))


def _shape_order(shape: tuple[Any, ...]) -> tuple[Any, ...]:
    return (shape[0], shape[1] is None, shape[1] or (), shape[2], shape[3], shape[4],
            _objects_order(shape[5]))


def _objects_order(objects: KeyShapes) -> tuple[Any, ...]:
    # (``None`` does not sort beside a tuple: an open object's keys after a closed one's)
    return tuple((key, requires, takes is None, takes or (), declares, _objects_order(nested),
                  types) for key, (requires, takes, declares, nested, types) in objects)


def _given(declares: Iterable[str], types: dict[str, tuple[str, ...]],
           objects: dict[str, KeyShape | None], own_types: KeyTypes = (),
           own_objects: KeyShapes = ()) -> _Given:
    """What a variant gives the keys it declares: its own types and objects where it has
    them (a variant of an alternative's own union), else the alternative's (what its
    variants merge to)."""
    if not own_types and not own_objects and types.keys() == set(declares):
        # (an alternative's own keys, the usual: it declares exactly those it types)
        return frozenset(types.items()), frozenset(objects.items())
    mine_types, mine_objects = dict(own_types), dict(own_objects)
    declared = [key for key in declares if key in types]
    return (frozenset((key, mine_types.get(key) or types[key]) for key in declared),
            frozenset((key, mine_objects.get(key) or objects[key])
                      for key in declared if key in objects))


def _apart(given: Iterable[_Given], but: str | None = None) -> tuple[set[str], set[str]]:
    """The keys the variants declaring them type apart, and those they give objects that
    differ (where each is told: an object not told leaves the key merged); ``but``: a key
    left out (a tag's own)."""
    seen_types: dict[str, tuple[str, ...]] = {}
    seen_objects: dict[str, KeyShape | None] = {}
    typed: set[str] = set()
    held: set[str] = set()
    untold: set[str] = set()
    for types, objects in given:
        for key, names in types:  # (a key a variant refuses is kept typed so: `()`)
            if key != but and (seen_types.setdefault(key, names) != names or not names):
                typed.add(key)
        for key, shape in objects:
            if shape is None:
                untold.add(key)
            elif key != but and seen_objects.setdefault(key, shape) != shape:
                held.add(key)
    return typed, held - untold


def _kept(given: _Given, typed: set[str], held: set[str]) -> tuple[KeyTypes, KeyShapes]:
    if not typed and not held:
        return (), ()  # (the usual: the variants give their keys alike)
    types, objects = given
    return (tuple(sorted(kt for kt in types if kt[0] in typed)),
            tuple(sorted(((key, shape) for key, shape in objects if key in held and shape),
                         key=lambda given: given[0])))


def _within(names: Iterable[str], requires: Iterable[str], takes: tuple[str, ...] | None,
            declares: Iterable[str]) -> _Keys:
    """A variant of an alternative's own union, as a variant of the union it is in: it
    requires the alternative's ``names`` too; closed on its own, it stays closed where its
    alternative is open (as one of its other variants is) and refuses what it refuses there
    (its own declared keys only: the alternative's are every variant's)."""
    both = tuple(sorted({*names, *requires}))
    return (both, None, tuple(sorted({*both, *declares}))) if takes is None \
        else (both, takes, takes)


def _held_within(held: dict[str, tuple[Any, ...]], declares: Iterable[str],
                 own: KeyValues) -> Mapping[str, tuple[Any, ...] | None]:
    """The values a variant of an alternative's own union gives the keys it declares: its
    own where it has them, else its alternative's (what its variants merge to)."""
    if not own and held.keys() <= set(declares):
        return held  # (the usual: its variants give their keys alike)
    declared = set(declares)
    return {key: values for key, values in held.items() if key in declared} | dict(own)


def _valued_apart(variants: list[_Told], but: str) -> set[str]:
    """The keys but the tag ``but`` the variants give values apart: some variant gives
    values another does not share, or none (takes any value there, or does not declare
    the key)."""
    held = [told[3] for told in variants]
    first = held[0]
    if all(len(its) == 1 for its in held):
        return set()  # (the usual: the tag alone has values)
    keys = set(first).union(*held[1:])
    keys.discard(but)
    apart = set()
    for key in keys:
        ours = first.get(key)
        if ours is None or any(not _same(ours, its.get(key)) for its in held[1:]):
            apart.add(key)
    return apart


def _bounded_apart(variants: list[_Told], but: str) -> set[str]:
    """The keys but the tag ``but`` whose bounds (``bounds_of``) not every variant declaring
    them gives alike, or that a variant of an alternative's own union bounds its own way:
    there a variant's bounds are not its object's, which the rules read for a variant
    giving the key no values."""
    if not any(told[4] for told in variants) and not any(
            None in told[3].values() for told in variants):
        return set()  # (the usual: no key bounded anywhere)
    seen: dict[str, set[Bounds]] = {}
    apart = set()
    for _, (_, _, declares), _, held, bounds in variants:
        for key in declares:
            seen.setdefault(key, set()).add(bounds.get(key, ()))
            if key in held and held[key] is None:
                apart.add(key)
    apart.update(key for key, kinds in seen.items() if len(kinds) > 1)
    apart.discard(but)
    return apart


def _same(ours: tuple[Any, ...] | None, theirs: tuple[Any, ...] | None) -> bool:
    # (values in canonical order: equal ones alike, but ``True`` is not ``1``)
    return theirs is ours or (ours is not None and theirs is not None and theirs == ours and all(
        x.__class__ is y.__class__ for x, y in zip(ours, theirs, strict=True)))


def _told_apart(variants: list[_Told], key: str) -> tuple[Variant, ...]:
    """The variants, each way of requiring, taking, declaring, typing and holding keys once
    with all its values, in canonical order; ``()`` where all are one way (ways sharing
    every value are kept). Types and objects are kept for the keys (other than the tag
    ``key``) the variants give apart, and so are values: variants giving a key values
    apart are kept apart, but do not by it alone make the key a tag (they are the union's
    shapes, as before)."""
    told_ones = [told for told in variants if told[0]]
    typed, held_apart = _apart([given for _, _, given, _, _ in told_ones], but=key)
    valued = _valued_apart(told_ones, key) if told_ones else set()
    bounded = _bounded_apart(told_ones, key) if told_ones else set()
    valued |= bounded
    shapes: dict[tuple[frozenset[str], frozenset[str] | None, frozenset[str], KeyTypes,
                       KeyShapes, KeyValues], list[Any]] = {}
    for values, (requires, takes, declares), given, held, bounds in told_ones:
        # (no value of the key: no object is valid there)
        shapes.setdefault((frozenset(requires), None if takes is None else frozenset(takes),
                           frozenset(declares), *_kept(given, typed, held_apart),
                           _held_kept(held, bounds, valued, bounded) if valued else ()),
                          []).extend(values)
    if len(shapes) < 2 or (valued and len({ways[:5] for ways in shapes}) < 2):
        return ()
    told: list[Variant] = []
    for (needs, keys, names, its_types, its_objects, its_held), held_values in shapes.items():
        taken = None if keys is None else tuple(sorted(keys))
        told.append((sorted_values(held_values), tuple(sorted(needs)), taken,
                     tuple(sorted(names)) if taken is None else taken, its_types,
                     its_objects, its_held))
    return tuple(sorted(told, key=lambda v: ([canonical_value(x) for x in v[0]], v[1],
                                             v[2] is None, v[2] or (), v[3], v[4],
                                             _objects_order(v[5]),
                                             _values_order(v[6]) if valued else ())))


def _held_kept(held: Mapping[str, tuple[Any, ...] | None], bounds: dict[str, Bounds],
               valued: set[str], bounded: set[str]) -> KeyValues:
    """A variant's values of the keys ``valued`` (given apart), and ``None`` for a key it
    bounds and gives no values of its own where the variants bound it apart (``bounded``):
    the merged entry says its bounds only where it states none (the merge keeps no bound
    a variant taking the key's kind leaves out)."""
    kept = {k: v for k, v in held.items() if k in valued}
    kept.update((k, None) for k in bounded.intersection(bounds) if k not in kept)
    return tuple(sorted(kept.items(), key=lambda kv: kv[0]))


def _values_order(values: KeyValues) -> tuple[Any, ...]:
    # (``None``, bounds of its own, before any values)
    return tuple((key, held is not None, [canonical_value(v) for v in held or ()])
                 for key, held in values)
