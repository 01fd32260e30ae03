"""``uniqueItems``, ``enum`` and ``const`` in linear time, with ``jsonschema``'s verdicts.

``jsonschema`` compares JSON values pairwise: ``uniqueItems`` over a list of objects tries
every pair (2,000 objects take seconds, 10,000 minutes), and ``enum`` reads every allowed
value for each instance, then writes them all into the message of each failure (4,000
failing items of an ``enum`` of 4,000 values: seconds); ``const`` writes its whole constant
into each failure's message. They reach the guard from the server (a result's items, a
pinned schema's ``enum``) on every call. Here each value is
turned once into a hashable key that is equal exactly where ``jsonschema``'s ``equal``
says equal (``1`` and ``1.0`` alike; ``true`` and ``1`` apart; an object's key order
ignored), and the comparison is a set lookup. A value that cannot be keyed (no JSON
decoder makes one) is left to ``jsonschema``'s own keyword.

``jsonschema`` keys ``uniqueItems`` alike on its main branch (python-jsonschema/jsonschema
#1482, merged 2026-05), in no release yet (4.26.0 is the newest): once one carries it,
``unique_items`` can go.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping, Sequence
from itertools import islice
from typing import Any, TypeVar

#: how JSON's ``true`` and ``false`` are keyed: Python's ``True == 1``, JSON's not
_TRUE, _FALSE = object(), object()
#: an ``enum``'s keyed values, by the list's identity (the list kept, so its id is not
#: reused while its entry lives); as many as the validators kept (a schema is never
#: changed once a validator holds it: ``validators.validator_for`` keys it by content)
_ENUMS: OrderedDict[int, tuple[Any, tuple[frozenset[Any], bool]]] = OrderedDict()
ENUMS_KEPT = 256
#: a failing instance's message names at most this many allowed values
SHOWN = 8
#: a ``const``'s failure message shows at most this many characters of the constant
SHOWN_CHARACTERS = 200
#: a long or nested ``const``'s key and shown text, by its identity (as ``_ENUMS``)
_CONSTS: OrderedDict[int, tuple[Any, tuple[Any, str]]] = OrderedDict()

Keyword = Callable[[Any, Any, Any, Any], Iterator[Any]]
T = TypeVar("T")


def keyed(value: Any) -> Any:
    """A hashable key of a JSON value: two keys are equal exactly when ``jsonschema``'s
    ``equal`` holds for the values. ``TypeError`` for a value that cannot be keyed."""
    if value is True:
        return _TRUE
    if value is False:
        return _FALSE
    if isinstance(value, str):  # before ``Sequence``: a string is one
        return value
    if isinstance(value, Mapping):
        return frozenset((name, keyed(item)) for name, item in value.items())
    if isinstance(value, Sequence):
        return tuple(keyed(item) for item in value)
    hash(value)  # a number or null; anything else raises ``TypeError`` here
    return value


def all_distinct(items: Sequence[Any]) -> bool:
    """Whether no two of ``items`` are equal as ``jsonschema`` compares them."""
    seen: set[Any] = set()
    for item in items:
        key = keyed(item)
        if key in seen:
            return False
        seen.add(key)
    return True


def unique_items(original: Keyword) -> Keyword:
    """The ``uniqueItems`` keyword, linear; ``original`` (the class's own) for a list whose
    items cannot be keyed."""
    return _keyword(original, lambda validator, wanted, instance: bool(
        wanted and validator.is_type(instance, "array") and not all_distinct(instance)),
        lambda wanted, instance: f"{instance!r} has non-unique elements")


def enum(original: Keyword) -> Keyword:
    """The ``enum`` keyword, one lookup an instance; its message names the first ``SHOWN``
    allowed values, not all of them. ``original`` for values that cannot be keyed."""
    return _keyword(original, lambda validator, allowed, instance: not _allows(allowed, instance),
                    lambda allowed, instance: f"{instance!r} is not one of {_shown(allowed)}")


def const(original: Keyword) -> Keyword:
    """The ``const`` keyword, its failure's message showing the constant's first
    ``SHOWN_CHARACTERS`` characters, written once a constant (``jsonschema`` writes it all
    into each failure: a constant of k characters failed by n items, n times k).
    ``original`` for values that cannot be keyed."""
    return _keyword(original, lambda validator, constant, instance: not _equals(constant,
                                                                                instance),
                    lambda constant, instance: f"{_shown_constant(constant)} was expected")


def _equals(constant: Any, instance: Any) -> bool:
    if _nested(constant) != _nested(instance):
        return False  # an object or list against a plain value: never equal, not keyed
    if _nested(instance) and (len(instance) != len(constant)
                              or isinstance(instance, Mapping) != isinstance(constant, Mapping)):
        return False  # told apart before keying, as ``equal`` tells them
    if _plain(constant):
        return bool(keyed(instance) == keyed(constant))
    return bool(keyed(instance) == _remembered(_CONSTS, constant, _key_and_text)[0])


def _shown_constant(constant: Any) -> str:
    """The text a failure of ``constant`` shows: ``jsonschema``'s, unless it is long."""
    if _plain(constant):
        return repr(constant)
    return _remembered(_CONSTS, constant, _key_and_text)[1]


def _plain(constant: Any) -> bool:
    """Whether ``constant`` is keyed and shown in a step: neither nested nor a long string."""
    return not _nested(constant) and not (isinstance(constant, str)
                                          and len(constant) > SHOWN_CHARACTERS)


def _key_and_text(constant: Any) -> tuple[Any, str]:
    text = repr(constant)
    if len(text) > SHOWN_CHARACTERS:
        text = f"{text[:SHOWN_CHARACTERS]}... ({len(text):,} characters)"
    return keyed(constant), text


def _allows(allowed: Any, instance: Any) -> bool:
    keys, nested = _keys_of(allowed)
    if not nested and _nested(instance):
        return False  # an object or list among plain values: none of them, and not keyed
    return keyed(instance) in keys


def _nested(value: Any) -> bool:
    """Whether ``keyed`` reads ``value``'s members: an object or a list."""
    return isinstance(value, Mapping) or (isinstance(value, Sequence)
                                          and not isinstance(value, str))


def _keyword(original: Keyword, fails: Callable[[Any, Any, Any], bool],
             message: Callable[[Any, Any], str]) -> Keyword:
    """A ``jsonschema`` keyword: one error (``message``) where ``fails``, ``original``'s
    errors where a value cannot be keyed."""

    def keyword(validator: Any, value: Any, instance: Any, schema: Any) -> Iterator[Any]:
        try:
            failed = fails(validator, value, instance)
        except TypeError:
            yield from original(validator, value, instance, schema)
            return
        if failed:
            from jsonschema.exceptions import ValidationError

            yield ValidationError(message(value, instance))

    return keyword


def _keys_of(allowed: Any) -> tuple[frozenset[Any], bool]:
    """The keys of an ``enum``'s values and whether one is an object or a list, computed
    once for each list while it is kept."""
    return _remembered(_ENUMS, allowed, lambda values: (
        frozenset(map(keyed, values)),  # (a malformed ``enum``: ``TypeError``)
        any(map(_nested, values))))


def _remembered(kept: OrderedDict[int, tuple[Any, T]], value: Any,
                compute: Callable[[Any], T]) -> T:
    """``compute(value)``, remembered in ``kept`` by ``value``'s identity while ``value`` is
    kept (so its id is not reused), as many as ``ENUMS_KEPT``: the first kept, the first
    dropped (each step is one call, safe between threads)."""
    found = kept.get(id(value))
    if found is not None and found[0] is value:
        return found[1]
    made = compute(value)
    kept[id(value)] = (value, made)
    while len(kept) > ENUMS_KEPT:
        try:
            kept.popitem(last=False)
        except KeyError:  # emptied by another thread meanwhile
            break
    return made


def _shown(allowed: Any) -> str:
    if len(allowed) <= SHOWN:
        return repr(allowed)
    head = ", ".join(map(repr, islice(allowed, SHOWN)))
    return f"[{head}, ...] ({len(allowed)} values)"


__all__ = ["ENUMS_KEPT", "SHOWN", "SHOWN_CHARACTERS", "all_distinct", "const", "enum", "keyed",
           "unique_items"]
