"""What a tagged union's variants give their keys apart as values (a variant's
``KeyValues``): which values a way sends a key with, and which keys a variant refuses so.
``_variants`` judges a way by them as by the types it sends: ``{kind: "a", level: 1 or 2}``
or ``{kind: "b", level: 2 or 3}`` refuses ``"a"`` with ``level`` 3, which merged path by
path (``level`` 1, 2 or 3) passes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from parity.contract.rules._typed import Typing, Way, split_way, type_fits
from parity.contract.rules._witness import around
from parity.core.jsonio import compact
from parity.core.terminal import code_span
from parity.fieldpaths.entry import Variant, value_identity, value_type

#: (a key, the values a variant takes it with, the values a way sends it with): none fits
Misvalued = tuple[str, tuple[Any, ...], tuple[Any, ...]]


def sent_values(way: Way, key: str, typing: Typing) -> tuple[Any, ...] | None:
    """The values ``way`` sends ``key`` with that the receiver's object takes at all (one it
    takes in no variant is ``in.enum``'s); ``None``: any value, where neither side's object
    limits the key (not judged here: which of them a variant refuses is not told)."""
    own = dict(way.key_values).get(key)
    if own is None:
        own = typing.sender_values(key)
    merged = typing.receiver_values(key)
    if own is None or merged is None:
        return merged if own is None else own
    taken = set(map(value_identity, merged))
    return tuple(value for value in own if value_identity(value) in taken)


def misvalued_keys(way: Way, variant: Variant, typing: Typing) -> tuple[Misvalued, ...]:
    """The keys ``way`` may send that ``variant`` takes with none of the values the way
    sends them with."""
    found = []
    for key, taken in variant[6]:
        if taken is not None and key in way.reach:  # (``None``: no values of its own)
            sent = sent_values(way, key, typing)
            if sent and set(map(value_identity, taken)).isdisjoint(map(value_identity, sent)):
                found.append((key, taken, sent))
    return tuple(found)


def valued_ways(ways: list[Way], variants: Sequence[Variant], typing: Typing) -> list[Way]:
    """``ways``, each split by the values it sends a key with where a variant takes some of
    them and not others (``level`` 1, 2 or 3 to a variant taking 1 or 2): each part is then
    taken or refused whole, by each variant (values alike for every variant stay in one
    part). A way past ``MAX_WAYS`` parts is kept whole (no finding rather than a guess)."""
    limits: dict[str, list[frozenset[str]]] = {}
    listed: dict[str, dict[str, Any]] = {}  # a key's values in any variant, by identity
    for variant in variants:
        for key, taken in variant[6]:
            if taken is None:
                continue  # (no values of its own: it limits none)
            limits.setdefault(key, []).append(frozenset(map(value_identity, taken)))
            listed.setdefault(key, {}).update(zip(map(value_identity, taken), taken,
                                                  strict=True))
    if not limits:
        return ways  # (the usual: no variant gives a key values apart)
    free: dict[str, tuple[Any, ...]] = {}
    out: list[Way] = []
    for way in ways:
        split: list[tuple[str, list[tuple[Any, ...]]]] = []
        for key in sorted(limits.keys() & way.reach):
            sent = sent_values(way, key, typing)
            if sent is None and way.bounds_told and key not in dict(way.key_values):
                if key not in free:
                    free[key] = _free_values(key, tuple(listed[key].values()), typing)
                sent = _of_types(free[key], dict(way.types).get(key))
            if not sent:
                continue
            parts: dict[tuple[bool, ...], list[Any]] = {}
            for value in sent:
                identity = value_identity(value)
                parts.setdefault(tuple(identity in t for t in limits[key]), []).append(value)
            if len(parts) > 1:
                split.append((key, [tuple(values) for values in parts.values()]))
        out.extend(split_way(way, way.key_values, split,
                             lambda w, held: replace(w, key_values=held)))
    return out


def _free_values(key: str, listed: tuple[Any, ...], typing: Typing) -> tuple[Any, ...]:
    """What a sender bounded as its object (``Way.bounds_told``) may send ``key`` with
    where neither side's object limits its values: the variants' values its entry allows,
    and one value of each type it may hold that none of them is (``_witness.around``), of
    a type the receiver's object takes (another is ``in.type``'s)."""
    entry = typing.sender_entry(key)
    return () if entry is None else _of_types(tuple(around(entry, listed)),
                                              typing.receiver(key))


def _of_types(values: tuple[Any, ...], types: tuple[str, ...] | None) -> tuple[Any, ...]:
    """``values`` of ``types`` (a way's own for a key, or the types the receiver's object
    takes it as; all where ``None``)."""
    if types is None:
        return values
    return tuple(value for value in values if type_fits(value_type(value), types) is True)


def valued_words(misvalued: tuple[Misvalued, ...], sender: str, sends: str) -> list[str]:
    """How a finding words the keys a variant takes only with other values: ``takes
    `level` only as 1 or 2 (the agent may send it as 3)``. Said as a possibility even where
    the key is always sent: the values are one part of what the sender's own variant may
    send there (1, 2 or 3), not all of it."""
    return [f"takes {code_span(key)} only as {_values(taken)} (the {sender} may "
            f"{sends[:-1]} it as {_values(sent)})" for key, taken, sent in misvalued]


def _values(values: tuple[Any, ...]) -> str:
    return " or ".join(map(compact, values))
