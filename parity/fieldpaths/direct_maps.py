"""A map with several value schemas walked by the direct walk (``direct``).

A key of an object with ``additionalProperties`` and ``patternProperties`` (or with several
patterns) matches one value schema or another: the general walk walks each value schema
into its own table, every value entry given all the node's patterns, and unions the tables
(``unions.union``). The direct walk does the same as for a union's branches
(``direct_branches.walk_alternatives``): each value schema walked directly in its place, its
pointer spelled only when a hand-over below it needs it, the general walk's work counted.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from parity.fieldpaths.direct_branches import walk_alternatives
from parity.fieldpaths.pointers import escape_token

if TYPE_CHECKING:
    from parity.fieldpaths.direct_handover import Walk


def walk_groups(walk: Walk, schema: dict[str, Any], groups: list[tuple[str, Any, Any]],
                key: Any, depth: int, rel: int) -> None:
    """The value schemas ``groups`` (``(keyword, pattern or None, _)``, the general walk's
    order) of the map ``schema`` at ``key``, whose values are ``depth`` steps from the root
    and ``rel`` below where this walk began."""
    walk.begin_handovers()
    # the patterns say which keys land here only where no additionalProperties schema takes
    # the keys they leave (as the general walk)
    patterns = () if any(pattern is None for _, pattern, _ in groups) \
        else tuple(sorted({pattern for _, pattern, _ in groups if pattern is not None}))
    alternatives = [(keyword, None, schema[keyword]) if pattern is None
                    else (keyword, escape_token(pattern), schema[keyword][pattern])
                    for keyword, pattern, _ in groups]
    walk_alternatives(walk, alternatives, key, walk.values(key), depth, rel, False, patterns)
