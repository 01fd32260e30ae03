"""Which map-value schemas hold for a named key: ``patternProperties`` and
``additionalProperties`` beside ``properties`` and ``required``.

A key's value is validated by its ``properties`` schema and by every ``patternProperties``
schema whose pattern matches the key (2020-12 core 10.3.2.2); ``additionalProperties`` takes
the keys its own schema object neither names nor matches (10.3.2.3). So a declared ``x-a``
beside ``^x-: {maxLength: 3}`` holds both schemas, and a required ``a`` declared nowhere
holds the ``additionalProperties`` schema (``false``: no value at all). Patterns are matched
within their budget (``patterns.search``); a pattern that cannot be decided adds nothing: a
key is constrained only where it surely is.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any, NamedTuple

from parity.fieldpaths.keywords import Facets, OwnKeys, Sub, ValueKey


class Keyed(NamedTuple):
    """The subschemas a key gains from the map keywords, and the matches tried (work)."""

    subs: list[Sub]
    tried: int


def matches(pattern: str, name: str) -> bool | None:
    """Whether ``name`` matches ``pattern``; ``None`` when that cannot be decided (``re``
    cannot read the pattern, or it runs past its budget)."""
    from parity.fieldpaths.patterns import PatternTimeout, search

    try:
        return search(pattern, name)
    except (PatternTimeout, re.error):
        return None


def surely_unmatched(name: str, patterns: Iterable[str]) -> bool:
    """No pattern of ``patterns`` matches ``name``, as far as can be decided."""
    return all(matches(p, name) is False for p in patterns)


def key_subs(facets: Facets, name: str) -> Keyed:
    """What the map keywords of ``facets`` add to the key ``name``: each pattern group whose
    pattern matches it; each ``additionalProperties`` group whose schema object neither
    names nor matches it; and, for a key no ``properties`` declares, ``false`` when the
    object is closed and nothing takes it."""
    subs: list[Sub] = []
    tried = 0
    for group, key in zip(facets.values, facets.value_keys, strict=True):
        if key.pattern is not None:
            tried += 1
            if matches(key.pattern, name):
                subs.extend(group)
        elif key.own is not None and name not in key.own.names:
            tried += len(key.own.patterns)
            if surely_unmatched(name, key.own.patterns):
                subs.extend(group)
    # a key declared nowhere: ``additionalProperties: false`` (a seal) refuses it where its
    # own patterns do not take it; ``unevaluatedProperties: false`` where nothing took it
    if facets.closed and name not in facets.properties:
        tried += len(facets.patterns) + sum(len(seal.patterns) for seal in facets.seals)
        if any(refuses(seal, name) for seal in facets.seals) or (
                not subs and not facets.evaluates_all
                and surely_unmatched(name, facets.patterns)):
            subs.append(REFUSED)
    return Keyed(subs, tried)


#: what a refused key holds beside its own schemas: no value at all
REFUSED = Sub(False, None, "#")


def refuses(seal: OwnKeys, name: str) -> bool:
    """Whether a closed object's own keys surely leave the key ``name`` out."""
    return name not in seal.names and surely_unmatched(name, seal.patterns)


def named_subs(facets: Facets, name: str, subs: list[Sub]) -> tuple[list[Sub], int]:
    """``subs`` (the key's ``properties`` schemas) with what the map keywords add (see
    ``key_subs``), and the matches tried; both walks read a named key through this."""
    if not (facets.values or (facets.closed and not subs)):
        return subs, 0
    keyed = key_subs(facets, name)
    return ([*subs, *keyed.subs] if keyed.subs else subs), keyed.tried


def as_branch(alternatives: list[Facets]) -> list[Facets]:
    """A branch's facets, met beside its siblings: ``unevaluatedProperties: false`` there
    sees only the branch's own keys, so it refuses the others' as ``additionalProperties:
    false`` would (the node's own sees every branch's: never a seal). An
    ``additionalProperties`` in it evaluates every key: no seal then."""
    for f in alternatives:
        if f.unevaluated and not f.evaluates_all:
            f.seals = [*f.seals, OwnKeys(frozenset(f.properties), tuple(f.patterns))]
            # beside a union in the branch it sees every passing alternative's keys
            f.unevaluated_seen = f.unevaluated_seen or len(alternatives) > 1
    return alternatives


def needs_keys(properties: dict[str, Any], required: Iterable[str], closed: bool,
               additional: bool, pattern_map: Any) -> bool:
    """Whether ``key_subs`` could add anything to an object's named keys: a required key no
    ``properties`` declares, beside a map schema or a closed object; a declared key that a
    pattern matches (or may match). The direct walk hands such an object over."""
    patterned = isinstance(pattern_map, dict) and bool(pattern_map)
    if (additional or patterned or closed) and not properties.keys() >= set(required):
        return True
    return patterned and any(matches(p, n) is not False for p in pattern_map
                             for n in properties)


__all__ = ["REFUSED", "Keyed", "ValueKey", "as_branch", "key_subs", "matches", "named_subs",
           "needs_keys", "refuses", "surely_unmatched"]
