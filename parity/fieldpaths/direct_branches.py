"""A union of objects walked branch by branch by the direct walk (``direct``).

``oneOf``/``anyOf`` of inline objects (a discriminated union, an optional model
``anyOf: [{object}, {"type": "null"}]``) is read by the general walk as facets: the node's own,
one per branch, each branch conjoined with the node's. The direct walk then walks each
alternative's children and the alternatives' tables are merged (``unions.union``). When the
node holds nothing but its one union keyword and annotations (``description``, ``default``,
any key no reader reads, like ``title``), and every branch is a non-empty object with no
blocker of its own (no reference, combinator, ``$id``, tuple ``items``, several map-value
schemas) or a ``$ref`` alone that ``direct_refs`` follows (pydantic's ``Optional[Model]``,
``anyOf: [{"$ref": ...}, {"type": "null"}]``), the facets are not needed: each branch is
walked by the direct walk as a node in the union's place, its entry given the node's
annotations as the conjunction gives them, and the tables merged as the general walk merges
them. The work counted is the general walk's: the node and each branch visited, the
conjunctions weighted as ``combine.weight`` weighs them (``direct_refs.own_weight``), each
alternative's entries, their union. Anything else is handed over (``Walk._delegate``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from parity.fieldpaths.direct_handover import Branch
from parity.fieldpaths.direct_keys import Tail
from parity.fieldpaths.direct_plain import BLOCKERS
from parity.fieldpaths.direct_refs import followed, own_weight
from parity.fieldpaths.keysets import one_of_mark
from parity.fieldpaths.keywords import KEYWORDS

if TYPE_CHECKING:
    from parity.fieldpaths.direct_handover import Walk
    from parity.fieldpaths.entry import Entry

#: the keywords a union node may state beside its union for its branches to be walked here
_ANNOTATIONS = frozenset({"description", "default"})


def reads_branches(schema: dict[str, Any], keyword: str, max_alternatives: int) -> bool:
    """Whether the union node ``schema`` holds nothing but its union keyword and annotations,
    and from one to ``max_alternatives`` branches: its branches may be walked one by one, as
    nodes in its place (here, and by ``direct_flat``)."""
    branches = schema[keyword]
    return (schema.keys() & BLOCKERS == {keyword}
            and _ANNOTATIONS.issuperset(schema.keys() & KEYWORDS.keys())
            and isinstance(branches, list) and 0 < len(branches) <= max_alternatives)


def of_one_of(schema: dict[str, Any], keyword: str) -> bool:
    """Whether the union node ``schema``'s branches are a ``oneOf``'s, each one alternative
    (as the general walk's facets tell it: ``keysets``)."""
    return keyword == "oneOf" and one_of_mark(schema[keyword]) is not None


def walk_branches(walk: Walk, schema: dict[str, Any], keyword: str, key: Any, depth: int,
                  rel: int, required: bool, patterns: tuple[str, ...]) -> Tail:
    """The union node ``schema`` (``walk.node`` counted it) walked branch by branch, or
    handed over when that would not be the general walk's reading."""
    if (walk.general is None or not key or walk.over()
            or not reads_branches(schema, keyword, walk.max_alternatives)):
        return walk._delegate(schema, key, depth, rel, required, patterns)
    branches = schema[keyword]
    walk.begin_handovers()
    expanded = len(walk.expanded)
    weights = 0
    for branch in branches:
        weight = _branch_weight(walk, branch, expanded)
        if weight is None:
            return walk._delegate(schema, key, depth, rel, required, patterns)
        weights += weight
    # ``node`` counted the union as a leaf: its visit and keys, as the general walk does, and
    # its entry's copies up the tree (``rel``: the union's entries are copied instead). Each
    # alternative is the conjunction of the node's facets (weight 1 and the references
    # expanded) with a branch's
    walk.count -= 1
    walk.work += (1 + expanded) * len(branches) + weights - rel
    if len(branches) == 1:  # one alternative: a node like any other, copied up the tree
        saved = walk.base
        walk.base = (Branch(saved, key, keyword, 0), branches[0], depth)
        try:
            walk.node(branches[0], key, depth, rel, required, patterns)
        finally:
            walk.base = saved
        walk.table[key] = annotated(walk.table[key], schema)
        return None
    walk_alternatives(walk, [(keyword, position, branch)
                             for position, branch in enumerate(branches)],
                      key, key, depth, rel, required, patterns, node=schema,
                      one_of=of_one_of(schema, keyword))
    return None  # a whole schema's walk needs no pointer (as ``_delegate``)


def walk_alternatives(walk: Walk, alternatives: Sequence[tuple[str, int | str | None, Any]],
                      holder: Any, key: Any, depth: int, rel: int, required: bool,
                      patterns: tuple[str, ...], node: dict[str, Any] | None = None,
                      one_of: bool = False) -> None:
    """Alternatives at ``key``, each ``(keyword, position, schema)`` under the node at
    ``holder`` (its pointer, spelled by ``Branch`` if a hand-over below needs it), each walked
    into a table of its own and the tables unioned as the general walk unions them: each
    alternative's entries and their union counted, the union's entries copied up the tree
    (``rel``). ``node``: the union node whose annotations each alternative's entry takes;
    ``one_of``: they are a ``oneOf``'s branches (``keysets``)."""
    outer, saved, tables = walk.table, walk.base, []
    # a plain branch below the root's reference alone is read in one go (``direct_flat``)
    read = walk.read_branch if (walk.stack == 1 and not patterns
                                and key.__class__ is str) else None
    try:
        for keyword, position, schema in alternatives:
            found = None if read is None else read(schema, key, required, depth,
                                                   walk.max_depth, walk.max_alternatives)
            if found is not None:
                walk.table, work, paths = found
                walk.work += work
                walk.count += paths
            else:
                walk.table = {}
                walk.base = (Branch(saved, holder, keyword, position), schema, depth)
                # rel 0: an alternative's entries are not copied up the tree, the union's are
                walk.node(schema, key, depth, 0, required, patterns)
            if node is not None:
                walk.table[key] = annotated(walk.table[key], node)
            tables.append(walk.table)
    finally:
        walk.table, walk.base = outer, saved
    walk.take_union(tables, key, rel, one_of=one_of)


def _branch_weight(walk: Walk, branch: Any, expanded: int) -> int | None:
    """``combine.weight`` of a branch's facets; ``None``: not a branch walked here. A branch
    that is a ``$ref`` alone (pydantic's ``Optional[Model]``) is its target's, one
    reference deeper, when ``direct_refs.follow`` follows it."""
    if branch.__class__ is dict and len(branch) == 1 and "$ref" in branch:
        target = followed(walk, branch)
        return None if target is None else own_weight(target, expanded + 1, walk)
    if branch.__class__ is not dict or not branch:
        return None
    groups = branch.get("patternProperties", {})
    extra = branch.get("additionalProperties", True)
    if not isinstance(groups, dict) or len(groups) + (
            extra is not False and extra is not True and extra != {}) > 1:
        return None  # several map-value schemas: the general walk unions them
    return own_weight(branch, expanded, walk)


def annotated(entry: Entry, schema: dict[str, Any]) -> Entry:
    """A branch's entry conjoined with the union node's annotations (``combine.conjoin``:
    the node's description and default come first)."""
    changes: dict[str, Any] = {}
    description = schema.get("description")
    if isinstance(description, str):
        changes["description"] = description
    if "default" in schema:
        changes["default"], changes["has_default"] = schema["default"], True
    return dataclasses.replace(entry, **changes) if changes else entry
