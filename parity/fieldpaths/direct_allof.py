"""``allOf`` of plain objects read by the direct walk (``direct``) as the one object it is.

The general walk reads ``allOf`` as facets: the node's own, each branch's, conjoined one by one
(``combine.conjoin``), then walks the children of the conjunction. When the node holds
nothing but its ``allOf`` and annotations (``description``, ``default``, ``title``), and each
branch is an object stating only its properties, their required names, whether it is closed
and annotations, with no property name in two branches (a base model and its extension;
a model and a note), the conjunction is the object that states all of it at once: the
properties side by side, the required names together, closed if one branch is, the node's
description first, then the branches' in order. A closed branch (``additionalProperties:
false``) sees only its own properties, so it refuses those of the others: when one is closed
and another names a property, the node is handed over. That object is walked in the node's place.
Its children's pointers are the branches' (``direct_keys.pointer_of`` steps through the
``allOf``). The work counted is the general walk's: the node and each branch visited, each
conjunction weighted as ``combine.weight`` weighs it. Anything else is handed over
(``Walk._delegate``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from parity.fieldpaths.direct_keys import Tail
from parity.fieldpaths.direct_refs import own_weight
from parity.fieldpaths.direct_unions import visit_cost

if TYPE_CHECKING:
    from parity.fieldpaths.direct_handover import Walk

#: what the ``allOf`` node may state beside it
_NODE = frozenset({"allOf", "description", "default", "title"})
#: what a branch may state: an object's own keywords, nothing read from its values but names
_BRANCH = frozenset({"type", "properties", "required", "additionalProperties", "description",
                     "title"})


def walk_all_of(walk: Walk, schema: dict[str, Any], key: Any, depth: int, rel: int,
                required: bool, patterns: tuple[str, ...]) -> Tail:
    """The ``allOf`` node ``schema`` (``walk.node`` counted it) walked as one object, or
    handed over when that would not be the general walk's reading."""
    merged = None
    if walk.general is not None and key and not walk.over() and schema.keys() <= _NODE:
        merged = _merged(schema)
    if merged is None:
        return walk._delegate(schema, key, depth, rel, required, patterns)
    merged_schema, branches = merged
    walk.begin_handovers()
    expanded = len(walk.expanded)
    # the general walk: each branch visited, then conjoined with what the node and the
    # branches before it hold (its weight: 1, the references expanded, names so far)
    work, names, wanted = 0, 0, set[str]()
    for branch in branches:
        weight = own_weight(branch, expanded, walk)
        if weight is None:  # none of the branches ``_merged`` admits: a guard if _BRANCH grows
            return walk._delegate(schema, key, depth, rel, required, patterns)
        work += visit_cost(branch) + 1 + expanded + names + len(wanted) + weight
        names += len(branch.get("properties", ()))
        wanted.update(branch.get("required", ()))
    # ``node`` counts the object's visit, path and copies up the tree again: the node's,
    # counted already
    walk.count -= 1
    walk.work += work - visit_cost(merged_schema) - rel
    walk.node(merged_schema, key, depth, rel, required, patterns)
    return None  # a whole schema's walk needs no pointer (as ``_delegate``)


def _merged(schema: dict[str, Any]) -> tuple[dict[str, Any], list[dict[str, Any]]] | None:
    """The one object the ``allOf`` of ``schema`` states, and its branches; ``None`` when it
    is not a conjunction of plain objects with distinct property names."""
    branches = schema["allOf"]
    if branches.__class__ is not list or not branches:
        return None
    descriptions = [schema.get("description")]
    properties: dict[str, Any] = {}
    wanted: set[str] = set()
    typed = closed = False
    declaring = sealed = 0  # branches that name a property; closed ones that name none
    for branch in branches:
        if branch.__class__ is not dict or not branch.keys() <= _BRANCH:
            return None
        kind = branch.get("type")
        own = branch.get("properties", {})
        names = branch.get("required", [])
        extra = branch.get("additionalProperties", True)
        if (kind not in (None, "object") or own.__class__ is not dict
                or names.__class__ is not list or not all(isinstance(n, str) for n in names)
                or (extra is not True and extra is not False and extra != {})
                or not properties.keys().isdisjoint(own)):
            return None
        typed = typed or kind is not None
        closed = closed or extra is False
        declares = bool(own) or bool(names)
        declaring += declares
        sealed += extra is False and not declares
        properties.update(own)
        wanted.update(names)
        descriptions.append(branch.get("description"))
    # a closed branch refuses the keys the others declare (``combine.conjoin``): a key
    # typed ``never``, walked by the general walk
    if (closed and declaring > 1) or (sealed and declaring) or not wanted <= properties.keys() \
            or not all(d is None or d.__class__ is str for d in descriptions):
        return None
    merged: dict[str, Any] = {"type": "object"} if typed else {}
    if properties:
        merged["properties"] = properties
    if wanted:
        merged["required"] = sorted(wanted)
    if closed:
        merged["additionalProperties"] = False
    description = next((d for d in descriptions if d is not None), None)
    if description is not None:
        merged["description"] = description
    if "default" in schema:
        merged["default"] = schema["default"]
    return merged, branches
