"""Witnesses for the constraints on an object's keys (``minProperties``, ``maxProperties``,
``dependentRequired``, ``propertyNames``): the keys of an object the sender may send that
the receiver refuses.

These keywords read keys, never values, so a witness is a set of keys. The sender's ways of
holding keys come from its table: the keys it requires and declares, or each of its keysets
or variants, and any key at all where it is a map or a free-form object. Each candidate
holds a way's required keys, is closed under the sender's own ``dependentRequired``, and is
checked with ``jsonschema`` against both sides' key constraints: the sender's must allow it,
the receiver's refuse it. Where a way may add few keys, every combination of them is tried
(the fewest keys first), so a search without a witness means none exists; past that, a
bounded few. Where it takes any key, names are made up as the value search makes strings,
from a map's patterns where it has them: there a search without a witness is no verdict
(``UNDECIDED``), as is a name pattern that ``re`` cannot read or that backtracks without
bound.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from itertools import chain, combinations, islice
from typing import Any

from parity.contract.rules._holders import declared_names, required_names
from parity.contract.rules._parsed import Parsed
from parity.contract.rules._witness import (
    MAX_CANDIDATES,
    UNDECIDED,
    Witness,
    from_pattern,
    names_entry,
    strings,
)
from parity.core.jsonio import compact
from parity.core.terminal import code_span
from parity.fieldpaths import constraints as kw
from parity.fieldpaths.entry import Entry, own_shapes
from parity.fieldpaths.fieldpath import VALUES, Steps
from parity.fieldpaths.patterns import PatternTimeout, budgeted

_OBJECT = frozenset(kw.OBJECT_KEYWORDS)


@dataclass(frozen=True)
class Way:
    """One way the sender holds keys: those it always holds, those it may, and whether it
    may hold keys it does not name (a map, a free-form object)."""

    required: frozenset[str]
    optional: tuple[str, ...]
    any_key: bool
    #: names of keys it does not declare that it may give (its own ``propertyNames`` take
    #: them): it is filled with them first
    fillers: tuple[str, ...] = ()


def keys_only(entry: Entry) -> Entry:
    """``entry`` with its key constraints alone."""
    return _only(entry, keep=True)


def values_only(entry: Entry) -> Entry:
    """``entry`` without its key constraints (the value constraints' search reads these)."""
    return _only(entry, keep=False) if kw.on_keys(entry.constraints) else entry


def _only(entry: Entry, *, keep: bool) -> Entry:
    return replace(entry, constraints=tuple(
        (k, v) for k, v in entry.constraints if (k in _OBJECT) is keep))


def ways(table: Parsed, steps: Steps) -> tuple[list[Way], bool] | None:
    """How the sender's object at ``steps`` holds keys, and whether a map's patterns limit
    the keys it may hold beyond those named; ``None`` where it cannot tell (a cut recursion,
    an unresolved reference, a keyword not modelled)."""
    entry = table.entries[steps]
    if table.opaque(steps) or entry.unsupported:
        return None
    values = table.entries.get((*steps, VALUES))
    patterned = values is not None and bool(values.patterns)
    any_key = table.free_form(steps) or (values is not None and not patterned)
    required = frozenset(required_names(table, steps))
    if entry.keysets:
        return [Way(required, tuple(sorted(set(keys) - required)), any_key)
                for keys in entry.keysets], patterned
    shapes = own_shapes(entry)
    if shapes:
        return [Way(required | set(needs), tuple(sorted(set(held) - required - set(needs))),
                    any_key)
                for needs, _, held, *_ in shapes], patterned
    declared = set(declared_names(table, steps))
    return [Way(required, tuple(sorted(declared - required)), any_key)], patterned


def find(table: Parsed, steps: Steps, receiver: Entry) -> Witness | None:
    """The keys of an object the sender at ``steps`` may send that ``receiver``'s key
    constraints refuse (``Witness.value``: the sorted keys, the fewest first); ``None``
    where there is none, ``UNDECIDED`` where the sender's keys cannot be told."""
    found = ways(table, steps)
    if found is None:
        return UNDECIDED
    try:
        return _search(table, steps, receiver, found)
    except (re.error, PatternTimeout):  # a name pattern re cannot compile, or that backtracks
        return UNDECIDED  # without bound: no verdict either way


def _search(table: Parsed, steps: Steps, receiver: Entry, found: tuple[list[Way], bool],
            ) -> Witness | None:
    """``find``'s search, its patterns bounded in time (``patterns.budgeted``)."""
    from jsonschema import Draft202012Validator  # (here: not on the start-up path)

    validator = budgeted(Draft202012Validator)
    sender = table.entries[steps]
    own = dict(sender.constraints)
    brings = dict(own.get("dependentRequired", ()))
    takes = kw.as_schema(keys_only(sender).constraints)
    if sender.closed is True and (*steps, VALUES) not in table.entries:
        # what its own dependencies bring must be a key it takes
        takes["allOf"] = [{"propertyNames": {"enum": declared_names(table, steps)}}]
    allows = validator(takes)
    demanded = dict(receiver.constraints)
    rejects = validator(kw.as_schema(keys_only(receiver).constraints))
    mine, theirs = own.get(kw.NAMES, ()), demanded.get(kw.NAMES, ())
    any_key = found[0][0].any_key  # (the object's, the same for each of its ways)
    made: list[str] = []
    if (mine or theirs) and (any_key or found[1]):  # names of keys it does not declare
        made = _names(table, steps, mine, theirs, any_key)
        if mine:  # (only those its own propertyNames take, with the keys each brings)
            fits = validator(kw.names_schema(mine))
            made = [name for name in made
                    if all(map(fits.is_valid, _closed((name,), brings)))]
    for way in found[0]:
        if made:  # to try against the receiver's names, and to fill it with
            way = Way(way.required, (*way.optional, *made) if theirs else way.optional,
                      way.any_key, tuple(made))
        for keys in islice(_candidates(way, demanded, own, brings), MAX_CANDIDATES):
            held = dict.fromkeys(sorted(keys), 0)  # (these keywords never read values)
            if not allows.is_valid(held):
                continue
            error = next(iter(rejects.iter_errors(held)), None)
            if error is not None:  # (a name's error is its schema's: the path says whose)
                return Witness(tuple(held), str(error.relative_schema_path[0]))
    return UNDECIDED if found[1] else None


#: most names made up for an object that takes keys it does not name
MAX_NAMES = 16


def _names(table: Parsed, steps: Steps, own: kw.Constraints, theirs: kw.Constraints,
           any_key: bool) -> list[str]:
    """Names of keys the sender may give that it does not declare, to hold to the
    receiver's ``propertyNames``: any name, made as the value constraints' search makes
    strings (from both sides' name facts; its own ``propertyNames`` sorts them out), or the
    names its map's patterns take, made from them, the shortest first."""
    if any_key:
        made = list(islice(strings(names_entry(own), names_entry(theirs)), 4 * MAX_NAMES))
        made.sort(key=lambda name: not name.strip())  # (stable) blank names last
    else:
        rng = random.Random(0)  # a fixed seed: the same schemas give the same witness
        map_values = (*steps, VALUES)
        made = sorted({name for pattern in table.entries[map_values].patterns
                       for name in from_pattern(pattern, rng)}, key=lambda n: (len(n), n))
    return list(dict.fromkeys(made))[:MAX_NAMES]


#: most keys a way may add whose every combination is tried (2**7 sets); past it, the
#: fewest, each one alone, the first of them by count, and all of them
EXHAUSTIVE = 7


def _candidates(way: Way, demanded: dict[str, Any], own: dict[str, Any],
                brings: dict[str, tuple[str, ...]]) -> Iterator[frozenset[str]]:
    """The key sets to try for ``way``, each closed under ``brings`` and tried once: its
    required keys with every combination of the keys it may add (those it declares, and
    where it takes any key, those the receiver's ``dependentRequired`` names), the fewest
    first; past ``EXHAUSTIVE`` keys, a few of them. Where it takes any key, each is filled
    with keys it does not name up to its own ``minProperties``, and one holds more than the
    receiver's ``maxProperties``."""
    def closed(keys: Iterable[str]) -> frozenset[str]:
        return _closed(keys, brings)

    base = way.required
    optional = list(way.optional)
    named = {name for key, needs in demanded.get("dependentRequired", ())
             for name in (key, *needs)}
    if way.any_key:
        optional += sorted(named - base - set(optional))
    if len(optional) <= EXHAUSTIVE:
        picks: Iterable[Iterable[str]] = (
            combo for size in range(len(optional) + 1) for combo in combinations(optional, size))
    else:  # (bounded: each a prefix of the keys, so at most twice as many sets as keys)
        picks = ((), *((name,) for name in optional),
                 *(optional[:size] for size in range(2, len(optional) + 1)))
    least = own.get("minProperties", 0) if way.any_key else 0
    # first the names that neither bring a key nor are named by what the receiver asks
    fillers = tuple(sorted(way.fillers, key=lambda name: (name in brings, name in named)))
    found = dict.fromkeys(closed(filled) for pick in islice(picks, MAX_CANDIDATES)
                          for filled in _fillings(closed(base.union(pick)), least, fillers))
    most = demanded.get("maxProperties")
    if way.any_key and most is not None:  # more keys than it allows, of names none takes
        found[closed(_filled(base, max(most + 1, least), fillers))] = None
        found[closed(_filled(closed(base.union(optional)), most + 1, fillers))] = None
    yield from sorted(found, key=len)  # the fewest first, else in the order of the picks


def _closed(keys: Iterable[str], brings: dict[str, tuple[str, ...]]) -> frozenset[str]:
    """``keys`` with every key their ``dependentRequired`` brings, and those bring."""
    out, todo = set(keys), list(keys)
    while todo:
        for name in brings.get(todo.pop(), ()):
            if name not in out:
                out.add(name)
                todo.append(name)
    return frozenset(out)


#: most other choices of the names to fill a key set with (``_fillings``)
MAX_FILLINGS = 64


def _fillings(keys: frozenset[str], count: int, fillers: tuple[str, ...],
              ) -> Iterator[frozenset[str]]:
    """``keys`` filled up to ``count`` (``_filled``), then with each other choice of as many
    ``fillers`` (a bounded few): the first choice may bring keys the sender refuses (its
    own ``dependentRequired`` past its ``maxProperties`` or its names) where another
    does not."""
    yield _filled(keys, count, fillers)
    spare = [name for name in fillers if name not in keys]
    if 0 < count - len(keys) <= len(spare):
        yield from (keys.union(combo) for combo in
                    islice(combinations(spare, count - len(keys)), MAX_FILLINGS))


def _filled(keys: frozenset[str], count: int, fillers: tuple[str, ...]) -> frozenset[str]:
    """``keys`` with keys it does not name, up to ``count`` (at most ``MAX_FILLED`` more):
    an object that takes any key may hold them; ``fillers`` first."""
    if len(keys) >= count:
        return keys
    names = chain(fillers, (f"key{n}" for n in range(len(keys) + MAX_FILLED + 1)))
    return keys.union(islice((k for k in dict.fromkeys(names) if k not in keys),
                             min(count - len(keys), MAX_FILLED)))


#: most keys a free-form object is given that it does not name
MAX_FILLED = 256


def effect(witness: Witness, receiver: Entry) -> str:
    """What the witness's object holds that the receiver refuses: an object with ```card```
    but not ```address```, of ``3 keys (`a`, `b`, `c`), more than 2``, with the key
    ``"gbp"``."""
    keys = list(witness.value)
    stated = dict(receiver.constraints)
    if witness.keyword == kw.NAMES:
        from jsonschema import Draft202012Validator

        fits = budgeted(Draft202012Validator)(kw.names_schema(stated[kw.NAMES]))
        try:
            refused = next((key for key in keys if not fits.is_valid(key)), keys[0])
        except (re.error, PatternTimeout):
            refused = keys[0]
        return f"an object with the key {compact(refused)}"
    if witness.keyword == "dependentRequired":
        for key, needed in stated["dependentRequired"]:
            missing = [n for n in needed if n not in keys]
            if key in keys and missing:
                held = "" if keys == [key] else " (of " + _listed(keys) + ")"
                return f"an object with {_key(key)} but not {_listed(missing)}{held}"
    count = f"{len(keys)} key{'' if len(keys) == 1 else 's'}" + (
        f" ({_listed(keys)})" if keys else "")
    if witness.keyword == "maxProperties":
        return f"an object of {count}, more than {stated['maxProperties']}"
    if witness.keyword == "minProperties":
        return f"an object of {count}, fewer than {stated['minProperties']}"
    return f"an object of {count}"


def _listed(keys: list[str]) -> str:
    shown = ", ".join(map(_key, keys[:5]))
    return shown + (f" and {len(keys) - 5} more" if len(keys) > 5 else "")


def _key(name: str) -> str:
    return code_span(name)
