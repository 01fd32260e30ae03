"""Whether sets of keys fit a union's variants: ``asked`` reads what the candidates ask of
a call, ``fitting`` judges every set between a way's required and sent keys, ``Near`` the
sets near one set without building them.

``asked`` gives ``fits(keys)``: some variant requires no key ``keys`` lacks,
takes every declared key it holds and refuses none of them. Each key of an object sent
into a union asks it of the object's required keys with that key taken out or put in: with
``fits`` itself, each ask copies and reads the whole set (an object of 8,000 keys: 2.4 s,
its square). ``Near`` reads the set once, and each ask reads only the keys that differ.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from collections.abc import Set as AbstractSet
from itertools import combinations
from typing import Literal

from parity.fieldpaths.entry import Variant

#: most optional keys that matter a way is judged with (2**12 sets of keys); past it the way
#: is not judged (no finding rather than a guess)
MAX_OPTIONAL = 12

Fit = Literal["every", "some", "none"]

#: what one variant asks of a call: the keys it requires, those it takes (``None``: any),
#: and those it refuses
Ask = tuple[frozenset[str], frozenset[str] | None, frozenset[str]]


class Near:
    """``fits`` of ``(base - drop) | add`` for a ``base`` read once: ``drop`` a subset of
    ``base`` (a key or none), ``add`` keys outside it (a few)."""

    def __init__(self, asks: Sequence[Ask], declared: AbstractSet[str],
                 base: AbstractSet[str]) -> None:
        held = base & declared
        #: each ask, with what ``base`` lacks of its needs, holds of what it does not take,
        #: and holds of what it refuses
        self.rows = [(need, takes, refused, need - base,
                      frozenset() if takes is None else held - takes, base & refused)
                     for need, takes, refused in asks]
        self.declared = declared

    def fits(self, drop: Iterable[str], add: Sequence[str]) -> bool:
        dropped = frozenset(drop)
        added = frozenset(add)
        declared = self.declared
        for need, takes, refused, lacking, untaken, hit in self.rows:
            # (a set larger than the other is no subset of it: read in one step)
            if (lacking <= added and dropped.isdisjoint(need)
                    and untaken <= dropped and hit <= dropped
                    and (takes is None or all(k in takes for k in added if k in declared))
                    and added.isdisjoint(refused)):
                return True
        return False


def asked(candidates: Sequence[Variant], required_anyway: AbstractSet[str],
          declared_anyway: set[str], refusals: Sequence[frozenset[str]] | None = None,
          ) -> tuple[list[Ask], set[str], Callable[[frozenset[str]], bool]]:
    """What ``candidates`` ask of a call beyond the keys the whole object requires: each
    one's required keys, the keys it takes (``None``: any) and those it refuses as the
    call types them (``refusals``, by candidate); the keys that matter (those some
    requires, or some refuses); and whether a set of keys fits one."""
    none: frozenset[str] = frozenset()
    asks = [(frozenset(variant[1]) - required_anyway,
             None if variant[2] is None else frozenset(variant[2]),
             refusals[i] if refusals else none) for i, variant in enumerate(candidates)]
    # (a closed variant taking no key at all refuses every declared one)
    matter = set().union(*(a for a, _, _ in asks), *(r for _, _, r in asks),
                         *(declared_anyway - t for _, t, _ in asks if t is not None))

    def fits(keys: frozenset[str]) -> bool:
        held = keys & declared_anyway
        return any(need <= keys and (takes is None or held <= takes) and not keys & refused
                   for need, takes, refused in asks)

    return asks, matter, fits


def fitting(required: frozenset[str], sent: frozenset[str], matter: set[str],
          fits: Callable[[frozenset[str]], bool]) -> Fit | None:
    """Which sets of keys from ``required`` to ``sent`` fit: ``every`` one, ``some`` or
    ``none``; ``None`` past ``MAX_OPTIONAL`` keys that matter."""
    optional = sorted((sent - required) & matter)
    if len(optional) > MAX_OPTIONAL:
        return None
    fit = unfit = False
    for size in range(len(optional) + 1):
        for extra in combinations(optional, size):
            if fits(required.union(extra)):
                fit = True
            else:
                unfit = True
            if fit and unfit:
                return "some"
    return "none" if unfit else "every"


__all__ = ["MAX_OPTIONAL", "Ask", "Fit", "Near", "asked", "fitting"]
