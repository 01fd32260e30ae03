"""A local ``$ref`` followed by the direct walk itself (``direct``), not handed over.

Pydantic spells every nested model as ``{"$ref": "#/$defs/Model"}``, so tool schemas from
Python servers hold many. The general walk reads such a node as the conjunction of its own
facets (none) and its target's, and the direct walk then goes on below it: a hand-over costs
several times the walk of the target itself. When the node is ``$ref`` alone, its target is
found in the document by a JSON pointer (``pointers.local_target``, as the general walk finds
it), is not already being expanded (a recursion) and has no blocker of its own (a reference,
a combinator, an ``$id``, tuple ``items``), the direct walk walks the target in the node's
place instead. It counts what the general walk counts: the reference visited and its one
keyword read, the conjunction weighted as ``combine.weight`` weighs both sides
(``own_weight``), then the target as any node. Anything else is handed over, as before.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from parity.fieldpaths.direct_keys import Tail
from parity.fieldpaths.direct_plain import BLOCKERS, LATER
from parity.fieldpaths.entry import sorted_values
from parity.fieldpaths.keysets import refuses_every_value
from parity.fieldpaths.keywords import UNSUPPORTED_KEYWORDS, intersect_enum
from parity.fieldpaths.pointers import MISS, local_target

if TYPE_CHECKING:
    from parity.fieldpaths.direct_handover import Walk

_UNSUPPORTED = frozenset(UNSUPPORTED_KEYWORDS)


def follow(walk: Walk, schema: dict[str, Any], key: Any, depth: int, rel: int,
           required: bool, patterns: tuple[str, ...]) -> Tail:
    """The node ``schema`` (``$ref`` alone, ``walk.node`` counted it) walked as its target,
    or handed over (``Walk._delegate``) when that would not be the general walk's reading."""
    if not key or walk.over():
        return walk._delegate(schema, key, depth, rel, required, patterns)
    walk.begin_handovers()
    target = followed(walk, schema)
    expanded = walk.expanded
    weight = None if target is None else own_weight(target, len(expanded) + 1, walk)
    if weight is None:  # not followed, or not a node read in place
        return walk._delegate(schema, key, depth, rel, required, patterns)
    below = expanded | {id(target)}
    # ``node`` counted the reference as a leaf: its visit and key (as the general walk
    # does) and its entry's copies up the tree (``rel``: those are its target's). Then the
    # conjunction of its own facets (weight 1 and the references expanded) with its target's
    walk.count -= 1
    walk.work += 1 + len(expanded) + weight - rel
    saved = walk.base, walk.stack
    walk.base, walk.expanded, walk.stack = (schema["$ref"], target, depth), below, len(below)
    try:
        walk.node(target, key, depth, rel, required, patterns)
    finally:
        walk.base, walk.expanded, walk.stack = saved[0], expanded, saved[1]
    return None  # a whole schema's walk needs no pointer (as ``_delegate``)


def followed(walk: Walk, schema: dict[str, Any]) -> Any:
    """The target ``follow`` walks for ``schema`` (``$ref`` alone), or ``None``: a reference
    that is not a local pointer, or one already being expanded (a recursion: the general
    walk cuts it). After ``begin_handovers``. Whether the target is read in place is
    ``own_weight``'s answer."""
    ref = schema["$ref"]
    if walk.general is None or ref.__class__ is not str:
        return None
    target = local_target(walk.root, ref)
    if target is MISS or id(target) in walk.expanded:
        return None
    return target


def own_weight(schema: dict[str, Any], expanded: int, walk: Walk | None = None,
               ) -> int | None:
    """``combine.weight`` of the facets ``keywords``' readers make of ``schema``'s own
    keywords below ``expanded`` references (its children are not read); ``None`` for a node
    the direct walk does not read in place: one with a blocker of its own or tuple
    ``items``, one with a keyword an older dialect lacks where the document's is one
    (``walk.dated``; without a walk, wherever), or a malformed value it cannot count (any
    other one the readers reject, the walk of the node rejects too)."""
    if not BLOCKERS.isdisjoint(schema) or isinstance(schema.get("items"), list):
        return None
    if not LATER.isdisjoint(schema) if walk is None else walk.dated(schema):
        return None
    weight = 1 + expanded
    if "required" in schema:
        names = schema["required"]
        if not isinstance(names, bool):
            if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
                return None
            weight += len(set(names))
    if "properties" in schema:
        if not isinstance(schema["properties"], dict):
            return None
        weight += len(schema["properties"])
    if "patternProperties" in schema:
        if not isinstance(schema["patternProperties"], dict):
            return None
        weight += 2 * len(schema["patternProperties"])  # a map-value schema and a pattern
    if "additionalProperties" in schema:
        extra = schema["additionalProperties"]
        weight += extra is not False and extra is not True and extra != {}
    if "items" in schema:  # `false` too: an `[]` node that holds no value
        weight += 1
    if "prefixItems" in schema:
        if not isinstance(schema["prefixItems"], list):
            return None
        weight += len(schema["prefixItems"])
    late = schema.get("unevaluatedProperties", True)
    weight += len(_UNSUPPORTED & schema.keys()) + (late is not False and late is not True
                                                   and late != {})
    if "not" in schema and refuses_every_value(schema["not"]):
        weight -= 1  # read as `false`, not recorded as a keyword not modelled
    enum: tuple[Any, ...] | None = None
    if "enum" in schema:
        if not isinstance(schema["enum"], list):
            return None
        enum = sorted_values(schema["enum"])
    if "const" in schema:
        enum = intersect_enum(enum, (schema["const"],))
    return weight + len(enum or ())
