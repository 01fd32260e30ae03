"""Set-typed defaults in a fixed order, so a schema pydantic writes is the same every run.

pydantic sorts a ``set``/``frozenset`` default of a field (``tags: set[str] = {...}``), but
a set inside another default (a model's ``kinds: frozenset[str]``, in a ``f: Filter =
Filter()`` default) is written in the set's iteration order, which ``PYTHONHASHSEED``
changes: the manifest, and ``extract --check``, would flap. A set is written as an array
with ``uniqueItems: true``, so every array inside a default whose schema says so is sorted
as pydantic sorts a field's set (values of one kind as Python orders them, else by their
JSON text): a field's own set default, already sorted, stays as it is.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from parity.fieldpaths.pointers import MISS, local_target
from parity.fieldpaths.schema_map import map_subschemas

#: the most subschemas one value's schemas are looked for in (references, unions)
_MAX_SCHEMAS = 64


def sorted_set_defaults(schema: Any) -> Any:
    """``schema`` with the arrays its defaults hold where their schema has ``uniqueItems``
    sorted; ``schema`` itself (never modified) where none needs it."""
    def sorted_default(node: dict[Any, Any]) -> dict[Any, Any]:
        if "default" not in node:
            return node
        default = _sorted_sets(node["default"], [node], schema, 0)
        # a reordered list is unequal; equal items of two kinds (``1``, ``True``) are never
        # in one set
        return node if default == node["default"] else {**node, "default": default}

    return map_subschemas(schema, sorted_default)


def _sorted_sets(value: Any, schemas: list[Any], root: Any, depth: int) -> Any:
    if depth > 64 or not isinstance(value, (list, dict)):
        return value
    found = list(_schemas(schemas, root))
    if isinstance(value, dict):
        return {key: _sorted_sets(item, [sub for s in found for sub in _property(s, key)],
                                  root, depth + 1)
                for key, item in value.items()}
    items = [s["items"] for s in found if isinstance(s.get("items"), dict)]
    out = [_sorted_sets(item, items, root, depth + 1) for item in value]
    if any(s.get("uniqueItems") is True for s in found):
        try:
            return sorted(out)
        except TypeError:  # values of several kinds: their JSON text orders them
            return sorted(out, key=_text)
    return out


def _text(value: Any) -> str:
    return json.dumps(value, sort_keys=True, default=repr)


def _property(schema: dict[Any, Any], key: str) -> list[Any]:
    properties = schema.get("properties")
    if isinstance(properties, dict) and key in properties:
        return [properties[key]]
    extra = schema.get("additionalProperties")
    return [extra] if isinstance(extra, dict) else []


def _schemas(schemas: list[Any], root: Any) -> Iterator[dict[Any, Any]]:
    """Each schema object ``schemas`` stand for: local references followed, the
    alternatives and parts of ``anyOf``/``oneOf``/``allOf`` with them (bounded)."""
    todo, seen = list(schemas), set[int]()
    while todo and len(seen) < _MAX_SCHEMAS:
        schema = todo.pop()
        if not isinstance(schema, dict) or id(schema) in seen:
            continue
        seen.add(id(schema))
        yield schema
        ref = schema.get("$ref")
        if isinstance(ref, str):
            target = local_target(root, ref)
            if target is not MISS:
                todo.append(target)
        for key in ("allOf", "anyOf", "oneOf"):
            if isinstance(schema.get(key), list):
                todo.extend(schema[key])
