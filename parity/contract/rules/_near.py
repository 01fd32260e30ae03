"""Whether key sets near one set fit a union's variants, without building them.

``_variants.asked`` gives ``fits(keys)``: some variant requires no key ``keys`` lacks,
takes every declared key it holds and refuses none of them. Each key of an object sent
into a union asks it of the object's required keys with that key taken out or put in: with
``fits`` itself, each ask copies and reads the whole set (an object of 8,000 keys: 2.4 s,
its square). ``Near`` reads the set once, and each ask reads only the keys that differ.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from collections.abc import Set as AbstractSet

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


__all__ = ["Ask", "Near"]
