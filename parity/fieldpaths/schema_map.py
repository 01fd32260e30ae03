"""Rewrite every subschema of a JSON Schema, bottom up, copying only what changes.

A schema-aware walk: only the keywords that hold subschemas are entered, so values that
are data (``const``, ``default``, ``examples``, ``enum``) are never mistaken for schemas.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

#: keywords whose value is a map of subschemas
MAPS = ("properties", "patternProperties", "$defs", "definitions", "dependentSchemas")
#: keywords whose value is a subschema or a list of subschemas
SUBS = ("items", "prefixItems", "additionalItems", "additionalProperties",
        "unevaluatedProperties", "unevaluatedItems", "contains", "propertyNames", "not",
        "if", "then", "else", "allOf", "anyOf", "oneOf")
#: deeper than this a schema is left as it is: the walks bound it (``BoundsError``)
MAX_NESTING = 400

#: rewrites one schema object, whose subschemas are already rewritten; returns it unchanged
#: (the same object) where it has nothing to change
Rewrite = Callable[[dict[Any, Any]], dict[Any, Any]]


def map_subschemas(schema: Any, rewrite: Rewrite) -> Any:
    """``schema`` with ``rewrite`` applied to each schema object in it, innermost first;
    ``schema`` itself (never modified) where nothing changes. Shared parts are rewritten
    once, and a part that holds itself (a Python dict) does not loop."""
    memo: dict[int, Any] = {}
    return _mapped(schema, rewrite, memo, 0)


def _mapped(node: Any, rewrite: Rewrite, memo: dict[int, Any], depth: int) -> Any:
    if not isinstance(node, (dict, list)) or depth > MAX_NESTING:
        return node
    if id(node) in memo:
        return memo[id(node)]
    memo[id(node)] = node
    if isinstance(node, list):
        items = [_mapped(item, rewrite, memo, depth + 1) for item in node]
        result: Any = items if any(a is not b for a, b in zip(items, node, strict=True)) \
            else node
    else:
        result = rewrite(_entered(node, rewrite, memo, depth))
    memo[id(node)] = result
    return result


def _entered(node: dict[Any, Any], rewrite: Rewrite, memo: dict[int, Any],
             depth: int) -> dict[Any, Any]:
    changed: dict[Any, Any] = {}
    for key in MAPS:
        value = node.get(key)
        if isinstance(value, dict):
            fixed = {name: _mapped(sub, rewrite, memo, depth + 1) for name, sub in value.items()}
            if any(fixed[name] is not value[name] for name in value):
                changed[key] = fixed
    for key in SUBS:
        value = node.get(key)
        fixed_sub = _mapped(value, rewrite, memo, depth + 1)
        if fixed_sub is not value:
            changed[key] = fixed_sub
    return {**node, **changed} if changed else node
