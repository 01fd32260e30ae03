"""The property names an output schema declares, as the error-shape check reads them.

A key such as ``error`` is data when the pinned schema declares it, wherever the schema
declares it: its own ``properties``, or those of a subschema a value of it must or may also
match: a local ``$ref`` (a JSON pointer into the schema itself, ``#/$defs/X``), the parts of an
``allOf``, the branches of an ``anyOf``/``oneOf`` (``X | None``). Nothing remote is fetched: a
reference that is not a pointer into the document (or passes an ``$id``) declares nothing.

The walk visits each subschema once (a cycle of references ends) and at most ``MAX_NODES``
of them; keys past the bound are not seen, so a body is at worst refused as error-shaped,
never an error taken for data.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from parity.fieldpaths.pointers import MISS, local_target

#: most subschemas one schema's walk visits
MAX_NODES = 512
_BRANCHES = ("allOf", "anyOf", "oneOf")


def declared_keys(schema: Any, root: Any) -> frozenset[str]:
    """The property names ``schema`` (a subschema of ``root``, or ``root``) declares, through
    local ``$ref``s, ``allOf`` and ``anyOf``/``oneOf`` (bounded: see the module)."""
    keys: set[str] = set()
    seen: set[int] = set()
    todo: list[Any] = [schema]
    while todo and len(seen) < MAX_NODES:
        node = todo.pop()
        if not isinstance(node, Mapping) or id(node) in seen:
            continue
        seen.add(id(node))
        properties = node.get("properties")
        if isinstance(properties, Mapping):
            keys.update(str(k) for k in properties)
        todo.extend(_next(node, root))
    return frozenset(keys)


def _next(node: Mapping[str, Any], root: Any) -> list[Any]:
    """The subschemas whose keys ``node``'s value also declares (at most ``MAX_NODES``: what
    is left past the bound would not be visited anyway)."""
    found: list[Any] = []
    ref = node.get("$ref")
    if isinstance(ref, str):
        target = local_target(root, ref)
        if target is not MISS:
            found.append(target)
    for keyword in _BRANCHES:
        options = node.get(keyword)
        if isinstance(options, list):
            found.extend(options[:MAX_NODES])
    return found


__all__ = ["MAX_NODES", "declared_keys"]
