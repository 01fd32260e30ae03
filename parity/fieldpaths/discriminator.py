"""A union's ``discriminator`` read as what it means: every variant requires the tag.

OpenAPI's ``discriminator`` (which pydantic writes beside the ``oneOf`` of a
``Field(discriminator="kind")`` union) names a key the payload must carry: pydantic refuses
a call without it even where each model gives the tag a default (``kind: Literal["cat"] =
"cat"``), which the variants' own ``required`` does not say. So before a schema is reduced,
each branch of such a union is made to require the key, and the union reads as tagged.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from parity.fieldpaths.schema_map import map_subschemas

#: most JSON nodes ``holds_discriminator`` reads: past it, it answers yes (the rewrite that
#: follows is bounded by itself)
MAX_SEARCH = 100_000


def holds_discriminator(parts: Iterable[Any]) -> bool:
    """Whether any object in ``parts`` (JSON values) has a ``discriminator`` key: a plain
    search, a fraction of the rewrite's cost, so schemas without one pay only for it."""
    stack = [part for part in parts if isinstance(part, (dict, list))]
    read = 0
    while stack:
        node = stack.pop()
        read += 1
        if read > MAX_SEARCH:
            return True
        if isinstance(node, dict):
            if "discriminator" in node:
                return True
            stack.extend(v for v in node.values() if isinstance(v, (dict, list)))
        else:
            stack.extend(v for v in node if isinstance(v, (dict, list)))
    return False


def require_tags(schema: Any) -> Any:
    """``schema`` with each branch of a ``oneOf``/``anyOf`` carrying a ``discriminator``
    made to require its ``propertyName``; ``schema`` itself (never modified) where none
    does. A ``$ref`` branch is wrapped (``allOf [branch, {required}]``), since a draft-07
    reference ignores the keywords beside it."""
    return map_subschemas(schema, _tagged)


def _tagged(node: dict[Any, Any]) -> dict[Any, Any]:
    discriminator = node.get("discriminator")
    tag = discriminator.get("propertyName") if isinstance(discriminator, dict) else None
    if not isinstance(tag, str):
        return node
    changed = {key: [_requiring(branch, tag) for branch in node[key]]
               for key in ("oneOf", "anyOf") if isinstance(node.get(key), list)}
    return {**node, **changed} if changed else node


def _requiring(branch: Any, tag: str) -> Any:
    if not isinstance(branch, dict):
        return branch  # a boolean branch: nothing to require (``false`` takes nothing)
    if "$ref" in branch:
        return {"allOf": [branch, {"required": [tag]}]}
    required = branch.get("required", [])
    if not isinstance(required, list):
        return branch  # not a schema's ``required``: reported as such by the walk
    return branch if tag in required else {**branch, "required": [*required, tag]}
