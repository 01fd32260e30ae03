"""What a union's variants give their keys apart: types (``KeyTypes``) and objects
(``KeyShapes``); which a way sends a key as, and which keys a variant refuses so.
``_variants`` judges a way by them beside the keys it sends: ``{a: string, b}`` or ``{a:
integer}`` refuses an ``a`` sent as a string without ``b``, and a webhook whose ``config``
requires ``url`` refuses a ``config`` that never holds one, which merged path by path pass.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from itertools import product
from typing import Any

from parity.contract.rules._parsed import Parsed
from parity.fieldpaths.entry import ANY, Entry, KeyShapes, KeyTypes, KeyValues, Variant
from parity.fieldpaths.fieldpath import Prop, Steps, render
from parity.fieldpaths.variants import KeyShape

#: most parts a way is split into by the types it sends keys as (as ``_variants.MAX_WAYS``)
MAX_WAYS = 64


@dataclass(frozen=True)
class Way:
    """One way the sending side's object may be: its tag values, the keys it always sends,
    the keys it surely may send (those it declares), the keys it may send at all (beyond
    ``sent`` for an open variant of a tagged union: any the object declares), and the types,
    objects and values it sends keys as where they are its own (its variant's; the others: its
    object's)."""

    values: tuple[Any, ...]
    required: frozenset[str]
    sent: frozenset[str]
    reach: frozenset[str]
    types: KeyTypes = ()
    objects: KeyShapes = ()
    #: the values it sends keys with where they are its own (as ``types``)
    key_values: KeyValues = ()
    #: its bounds are its object's at each key it gives no values of its own (its object
    #: read whole, or a tag's variant, whose ``key_values`` mark those it bounds its own
    #: way): it may send such a key with any value the object's entry allows
    bounds_told: bool = False


@dataclass(frozen=True)
class Typing:
    """The types each side's object gives a key, merged over its variants (``None``: it
    declares no such key): what a way sends a key as beside its own types, and what the
    receiver takes at all (a type it does not take is ``in.type``'s, not a variant's)."""

    sender: Callable[[str], tuple[str, ...] | None]
    receiver: Callable[[str], tuple[str, ...] | None]
    #: the ways the sender's object at a key may be (``None``: it cannot tell)
    objects: Callable[[str], list[Way] | None] = lambda _: None
    #: the same at a path of keys, where the sender sends an object alone there
    deeper: Callable[[tuple[str, ...]], list[Way] | None] = lambda _: None
    #: the types the sender's object gives a path of keys (``None``: it declares none)
    sender_at: Callable[[tuple[str, ...]], tuple[str, ...] | None] = lambda _: None
    #: the values each side's object takes at a key, merged (``None``: any, or no such key)
    sender_values: Callable[[str], tuple[Any, ...] | None] = lambda _: None
    receiver_values: Callable[[str], tuple[Any, ...] | None] = lambda _: None
    #: the sender's object's entry at a key (``None``: it declares none)
    sender_entry: Callable[[str], Entry | None] = lambda _: None


#: (a key, the types a variant takes it as, the types a way sends it as): none fits
Mistyped = tuple[str, tuple[str, ...], tuple[str, ...]]
#: (a key, the keys the variant's object there requires that the sender's never holds, the
#: keys the sender's always holds that it refuses, the keys it holds as types the variant's
#: takes them as none of): no object the sender sends there fits. Keys further down are
#: named by their field paths from the key's object (``p.y``).
Unheld = tuple[str, tuple[str, ...], tuple[str, ...], tuple[Mistyped, ...]]


def type_fits(sent: str, taken: tuple[str, ...]) -> bool | None:
    """Whether a value of type ``sent`` fits a variant taking ``taken``: ``None`` where some
    do and some do not (a number where integers are taken; any value). Nothing fits a
    variant refusing the key (``taken`` empty: its schema there is ``false``)."""
    if ANY in taken or sent in taken or (sent == "integer" and "number" in taken):
        return True
    if (sent == ANY and taken) or (sent == "number" and "integer" in taken):
        return None
    return False


def _sent_as(way: Way, key: str, typing: Typing) -> tuple[str, ...]:
    """The types ``way`` sends ``key`` as that the receiver's object takes at all."""
    own = dict(way.types).get(key) or typing.sender(key) or (ANY,)
    merged = typing.receiver(key)
    return own if merged is None else tuple(t for t in own if type_fits(t, merged) is not False)


def merged_refused(way: Way, variant: Variant, typing: Typing) -> set[str]:
    """The keys ``variant`` declares that ``way`` may send only as types the receiver's
    object takes in none of its variants (``in.type``'s, refused by each declaring them)."""
    found = set()
    for key in way.reach.intersection(variant[3]):
        merged = typing.receiver(key)
        own = dict(way.types).get(key) or typing.sender(key) or (ANY,)
        if merged is not None and all(type_fits(t, merged) is False for t in own):
            found.add(key)
    return found


def refused_keys(way: Way, variant: Variant, typing: Typing,
                 ) -> tuple[tuple[Mistyped, ...], tuple[Unheld, ...]]:
    """The keys ``way`` may send that ``variant`` refuses whatever the way sends there: as
    no type it takes, or as no object it takes."""
    return _mistyped_keys(way, variant, typing), _unheld_keys(way, variant, typing)


def _unheld_keys(way: Way, variant: Variant, typing: Typing) -> tuple[Unheld, ...]:
    """The keys ``way`` may send, always as an object, that ``variant`` takes only as an
    object none of the way's objects there can be (one requiring a key they never hold,
    closed to one they always hold, typing one as they never send it, or holding an object
    so, further down)."""
    found = []
    for key, shape in variant[5]:
        if key not in way.reach or (dict(way.types).get(key)
                                    or typing.sender(key)) != ("object",):
            continue  # (another value than an object may be taken: it cannot tell)
        own = dict(way.objects).get(key)
        sent = [_way_of(own)] if own else typing.objects(key)
        gap = _unheld(shape, sent, (key,), typing)
        if gap is not None:
            never, always, typed = gap
            found.append((key, _printed(never), _printed(always),
                          tuple(sorted((_path_text(path), taken, sent_as)
                                       for path, taken, sent_as in typed))))
    return tuple(found)


#: what keeps an object from another: the paths of keys (from the object) it lacks, those
#: it holds, and those it holds as none of the types taken there (with those types and its)
_Mistypes = set[tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]]
_Gap = tuple[set[tuple[str, ...]], set[tuple[str, ...]], _Mistypes]


def _unheld(shape: KeyShape, sent: list[Way] | None, at: tuple[str, ...], typing: Typing,
            ) -> _Gap | None:
    """What keeps every object the sender sends at ``at`` (``sent``: the ways it may be)
    from ``shape`` (what every one lacks, holds or mistypes, else what the first does);
    ``None`` where one may fit, or it cannot tell."""
    if not sent:
        return None
    gaps = [_gap(shape, its, at, typing) for its in sent]
    if not all(any(gap) for gap in gaps):
        return None
    common = (set.intersection(*(gap[0] for gap in gaps)),
              set.intersection(*(gap[1] for gap in gaps)),
              set.intersection(*(gap[2] for gap in gaps)))
    return common if any(common) else gaps[0]


def _gap(shape: KeyShape, its: Way, at: tuple[str, ...], typing: Typing) -> _Gap:
    """What keeps the sender's object sent as ``its`` from ``shape``: the keys it requires
    that ``its`` never holds, those it refuses that ``its`` always holds, and of a key it
    holds whenever ``shape`` takes the object (sent always, or required) the type ``shape``
    does not take it as, or what keeps each object the sender sends there from the one
    ``shape`` gives it."""
    requires, takes, _, nested, types = shape
    lacking: set[tuple[str, ...]] = {(name,) for name in set(requires) - its.reach}
    held: set[tuple[str, ...]] = set() if takes is None else {
        (name,) for name in set(its.required) - set(takes)}
    mistyped: _Mistypes = set()

    def held_by_each(name: str) -> bool:  # (every object ``shape`` takes holds it)
        return name in its.reach and (name in its.required or name in requires)

    for name, taken in types:
        if held_by_each(name):
            sent = dict(its.types).get(name) or typing.sender_at((*at, name)) or (ANY,)
            if all(type_fits(t, taken) is False for t in sent):
                mistyped.add(((name,), taken, sent))
    for name, inner in nested:
        if not held_by_each(name):
            continue
        below = (*at, name)
        merged = typing.deeper(below)  # (``None``: another value than an object, or untold)
        own = dict(its.objects).get(name)
        gap = _unheld(inner, [_way_of(own)] if own and merged is not None else merged,
                      below, typing)
        if gap is not None:
            lacking.update((name, *path) for path in gap[0])
            held.update((name, *path) for path in gap[1])
            mistyped.update(((name, *path), taken, sent) for path, taken, sent in gap[2])
    return lacking, held, mistyped


def _way_of(shape: KeyShape) -> Way:
    """The way a variant's own object at a key is sent: its keys, and its keys' objects
    and types."""
    requires, _, declares, nested, types = shape
    sent = sendable(declares, types)
    return Way((), frozenset(requires), sent, sent, types, nested)


def sendable(declares: Iterable[str], types: KeyTypes) -> frozenset[str]:
    """The keys a sending side's variant declares that it may send: not one it refuses
    (typed ``[]``: its schema there is ``false``)."""
    return frozenset(declares).difference(key for key, taken in types if not taken)


def _printed(paths: set[tuple[str, ...]]) -> tuple[str, ...]:
    return tuple(sorted(map(_path_text, paths)))


def _path_text(path: tuple[str, ...]) -> str:
    """A path of keys as findings name it: a key by its name, a key further down by its
    field path (``config.auth.token``)."""
    return path[0] if len(path) == 1 else render(tuple(map(Prop, path)))


def _mistyped_keys(way: Way, variant: Variant, typing: Typing) -> tuple[Mistyped, ...]:
    """The keys ``way`` may send that ``variant`` takes as no type the way sends them as."""
    found = []
    for key, taken in variant[4]:
        if key in way.reach:
            sent = _sent_as(way, key, typing)
            if sent and all(type_fits(t, taken) is False for t in sent):
                found.append((key, taken, sent))
    return tuple(found)


def typed_ways(ways: list[Way], variants: Sequence[Variant], typing: Typing) -> list[Way]:
    """``ways``, each split by the types it sends a key as where a variant takes some of
    them and not others (a string or an integer ``a``, to ``{a: integer}``): each part is
    then taken or refused whole. A way past ``MAX_WAYS`` parts is kept whole (its key read
    as taken: no finding rather than a guess)."""
    typed = {key for variant in variants for key, _ in variant[4]}
    if not typed:
        return ways
    out: list[Way] = []
    for way in ways:
        split: list[tuple[str, tuple[str, ...]]] = []
        for key in sorted(typed & way.reach):
            sent = _sent_as(way, key, typing)
            if len(sent) > 1 and any(
                    len({type_fits(t, taken) for t in sent}) > 1
                    for variant in variants for k, taken in variant[4] if k == key):
                split.append((key, sent))
        out.extend(split_way(way, way.types, [(key, [(t,) for t in sent]) for key, sent in split],
                             lambda w, held: replace(w, types=held)))
    return out


def split_way(way: Way, own: tuple[tuple[str, Any], ...],
              split: Sequence[tuple[str, Sequence[tuple[Any, ...]]]],
              given: Callable[[Way, tuple[tuple[str, Any], ...]], Way],
              ) -> list[Way]:
    """``way`` once for each pick of one part of each key's in ``split``, ``given`` them
    beside its ``own`` (its types, or values) by key; whole where nothing splits it, or past
    ``MAX_WAYS`` parts (no finding rather than a guess)."""
    count = 1
    for _, parts in split:
        count *= len(parts)
    if not split or count > MAX_WAYS:
        return [way]
    return [given(way, tuple(sorted((dict(own) | dict(zip([key for key, _ in split], picked,
                                                    strict=True))).items(),
                                    key=lambda kv: kv[0])))
            for picked in product(*(parts for _, parts in split))]


def typing_of(tagged: Parsed, at_tagged: Steps, sender: Parsed, at_sender: Steps,
              objects: Callable[[str], list[Way] | None] = lambda _: None,
              deeper: Callable[[tuple[str, ...]], list[Way] | None] = lambda _: None,
              ) -> Typing:
    """The types the receiving (``tagged``) and the sending objects give their keys, merged
    over their variants; ``objects``: the ways the sender's object at a key may be."""
    def of(table: Parsed, holder: Steps) -> Callable[[str], tuple[str, ...] | None]:
        def types(key: str) -> tuple[str, ...] | None:
            entry = table.entries.get((*holder, Prop(key)))
            return None if entry is None else entry.type
        return types
    def values_of(table: Parsed, holder: Steps) -> Callable[[str], tuple[Any, ...] | None]:
        def values(key: str) -> tuple[Any, ...] | None:
            entry = table.entries.get((*holder, Prop(key)))
            return None if entry is None else entry.enum
        return values
    def sender_at(path: tuple[str, ...]) -> tuple[str, ...] | None:
        entry = sender.entries.get((*at_sender, *map(Prop, path)))
        return None if entry is None else entry.type
    return Typing(of(sender, at_sender), of(tagged, at_tagged), objects, deeper, sender_at,
                  values_of(sender, at_sender), values_of(tagged, at_tagged),
                  lambda key: sender.entries.get((*at_sender, Prop(key))))
