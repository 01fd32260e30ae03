"""A union's ``discriminator`` read as what it means: every variant requires the tag.

OpenAPI's ``discriminator`` (which pydantic writes beside the ``oneOf`` of a
``Field(discriminator="kind")`` union) names a key the payload must carry: pydantic refuses
a call without it even where each model gives the tag a default (``kind: Literal["cat"] =
"cat"``), which the variants' own ``required`` does not say. So before a schema is reduced,
each branch of such a union is made to require the key, and the union reads as tagged.
"""

from __future__ import annotations

from typing import Any

#: keywords whose value is a map of subschemas
_MAPS = ("properties", "patternProperties", "$defs", "definitions", "dependentSchemas")
#: keywords whose value is a subschema or a list of subschemas (never data: ``const``,
#: ``default``, ``examples`` are left as they are, whatever they hold)
_SUBS = ("items", "prefixItems", "additionalItems", "additionalProperties",
         "unevaluatedProperties", "unevaluatedItems", "contains", "propertyNames", "not",
         "if", "then", "else", "allOf", "anyOf", "oneOf")
#: deeper than this the schema is left as it is: the walk bounds it (``BoundsError``)
_MAX_NESTING = 400


def require_tags(schema: Any) -> Any:
    """``schema`` with each branch of a ``oneOf``/``anyOf`` carrying a ``discriminator``
    made to require its ``propertyName``; ``schema`` itself (never modified) where none
    does. A ``$ref`` branch is wrapped (``allOf [branch, {required}]``), since a draft-07
    reference ignores the keywords beside it."""
    memo: dict[int, Any] = {}
    return _fixed(schema, memo, 0)


def _fixed(node: Any, memo: dict[int, Any], depth: int) -> Any:
    if not isinstance(node, (dict, list)) or depth > _MAX_NESTING:
        return node
    if id(node) in memo:  # shared (or, from Python, cyclic) parts are read once
        return memo[id(node)]
    memo[id(node)] = node
    if isinstance(node, list):
        items = [_fixed(item, memo, depth + 1) for item in node]
        result: Any = items if any(a is not b for a, b in zip(items, node, strict=True)) else node
    else:
        result = _fixed_schema(node, memo, depth)
    memo[id(node)] = result
    return result


def _fixed_schema(node: dict[Any, Any], memo: dict[int, Any], depth: int) -> dict[Any, Any]:
    changed: dict[Any, Any] = {}
    for key in _MAPS:
        value = node.get(key)
        if isinstance(value, dict):
            fixed = {name: _fixed(sub, memo, depth + 1) for name, sub in value.items()}
            if any(fixed[name] is not value[name] for name in value):
                changed[key] = fixed
    for key in _SUBS:
        value = node.get(key)
        fixed_sub = _fixed(value, memo, depth + 1)
        if fixed_sub is not value:
            changed[key] = fixed_sub
    tag = _tag(node)
    if tag is not None:
        for key in ("oneOf", "anyOf"):
            branches = changed.get(key, node.get(key))
            if isinstance(branches, list):
                changed[key] = [_requiring(branch, tag) for branch in branches]
    return {**node, **changed} if changed else node


def _tag(node: dict[Any, Any]) -> str | None:
    discriminator = node.get("discriminator")
    name = discriminator.get("propertyName") if isinstance(discriminator, dict) else None
    return name if isinstance(name, str) else None


def _requiring(branch: Any, tag: str) -> Any:
    if not isinstance(branch, dict):
        return branch  # a boolean branch: nothing to require (``false`` takes nothing)
    if "$ref" in branch:
        return {"allOf": [branch, {"required": [tag]}]}
    required = branch.get("required", [])
    if not isinstance(required, list):
        return branch  # not a schema's ``required``: reported as such by the walk
    return branch if tag in required else {**branch, "required": [*required, tag]}
