"""A map with several value schemas walked by the direct walk (``direct``).

A key of an object with ``additionalProperties`` and ``patternProperties`` (or with several
patterns) matches one value schema or another: the general walk walks each value schema
into its own table, every value entry given all the node's patterns, and unions the tables
(``combine.union``). The direct walk does the same, each value schema walked directly in
its place, its pointer spelled only when a hand-over below it needs it
(``direct_handover.Branch``), and counts the general walk's work: each value schema's
entries, their union, the union's copies up the tree.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from parity.fieldpaths.combine import union_printed
from parity.fieldpaths.direct_handover import Branch
from parity.fieldpaths.keywords import escape_token

if TYPE_CHECKING:
    from parity.fieldpaths.direct_handover import Walk


def walk_groups(walk: Walk, schema: dict[str, Any], groups: list[tuple[str, Any, Any]],
                key: Any, depth: int, rel: int) -> None:
    """The value schemas ``groups`` (``(keyword, pattern or None, _)``, the general walk's
    order) of the map ``schema`` at ``key``, whose values are ``depth`` steps from the root
    and ``rel`` below where this walk began."""
    walk.begin_handovers()
    patterns = tuple(sorted({pattern for _, pattern, _ in groups if pattern is not None}))
    below: Any = walk.values(key)  # printed: a whole schema's walk
    outer, saved, tables = walk.table, walk.base, []
    try:
        for keyword, pattern, _ in groups:
            if pattern is None:
                sub, position = schema[keyword], None
            else:
                sub, position = schema[keyword][pattern], escape_token(pattern)
            walk.table = {}
            walk.base = (Branch(saved, key, keyword, position), sub, depth)
            # rel 0: a value schema's entries are not copied up the tree, the union's are
            walk.node(sub, below, depth, 0, False, patterns)
            tables.append(walk.table)
    finally:
        walk.table, walk.base = outer, saved
    walk.work += sum(map(len, tables)) * len(tables)
    walk.take_printed(union_printed(tables, below), rel)
