"""The floor for field-path extraction: a naive walk.

It follows only ``properties``, ``items`` (schema-valued) and local ``$ref`` (``#/...`` JSON
pointers, cycles cut), and records a path's type and whether it is required: the least work
that still yields a field-path table. It does not handle what the field-path model handles:
unions (``anyOf``/``oneOf``/``allOf``), maps, tuples, dialects, ``$id``/``$anchor``
resolution, enums, defaults, closedness, bounds or errors. parity's extraction is measured
against it on the same schemas.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

#: a path's table: path -> (the ``type`` keyword, required)
Table = dict[str, tuple[Any, bool]]


def walk(schema: Any) -> dict[str, tuple[Any, bool]]:
    """path -> (the ``type`` keyword, required) for every node the naive walk reaches."""
    out: dict[str, tuple[Any, bool]] = {}
    _walk(schema, schema, "", True, out, ())
    return out


def _resolve(root: Any, ref: str) -> Any:
    node = root
    for token in ref[2:].split("/") if ref != "#" else ():
        token = token.replace("~1", "/").replace("~0", "~")
        node = node[int(token)] if isinstance(node, list) else node[token]
    return node


def _walk(root: Any, schema: Any, path: str, required: bool,
          out: dict[str, tuple[Any, bool]], refs: tuple[str, ...]) -> None:
    if not isinstance(schema, dict):
        out[path] = ("any", required)
        return
    ref = schema.get("$ref")
    if isinstance(ref, str) and ref.startswith("#"):
        if ref in refs:  # a cycle: stop at the re-entry
            out[path] = ("recursive", required)
            return
        try:
            target = _resolve(root, ref)
        except (KeyError, IndexError, ValueError, TypeError):
            out[path] = ("unresolved", required)
            return
        _walk(root, target, path, required, out, (*refs, ref))
        return
    out[path] = (schema.get("type", "any"), required)
    props = schema.get("properties")
    if isinstance(props, dict):
        req = schema.get("required")
        req = set(req) if isinstance(req, list) else ()
        prefix = path + "." if path else ""
        for name, sub in props.items():
            _walk(root, sub, prefix + name, name in req, out, refs)
    items = schema.get("items")
    if isinstance(items, dict):
        _walk(root, items, path + "[]", False, out, refs)


def tool_tables(definition: dict[str, Any], walker: Callable[[Any], Table] = walk,
                ) -> tuple[Table, Table | None]:
    """The naive ``in`` and ``out`` tables of one tool definition (``walker``: the floor's
    walk, or ``walk_every_branch``)."""
    out_schema = definition.get("outputSchema")
    return (walker(definition.get("inputSchema", {"type": "object"})),
            None if out_schema is None else walker(out_schema))


def walk_every_branch(schema: Any) -> dict[str, tuple[Any, bool]]:
    """``walk``, reaching every subschema the field-path model reads: a map's values
    (``additionalProperties``) and each branch of ``anyOf``, ``oneOf`` and ``allOf`` too (a
    branch's paths at its node's, the last written kept). Not the benchmark's floor: a
    second comparison (``instructions.py --floor every-branch``) that says how much of
    parity's cost is reading what ``walk`` skips. ``_walk`` widened in a copy, not given a
    flag: the floor's own pass stays the one every round has timed."""
    out: dict[str, tuple[Any, bool]] = {}
    _walk_every(schema, schema, "", True, out, ())
    return out


def _walk_every(root: Any, schema: Any, path: str, required: bool,
                out: dict[str, tuple[Any, bool]], refs: tuple[str, ...]) -> None:
    if not isinstance(schema, dict):
        out[path] = ("any", required)
        return
    ref = schema.get("$ref")
    if isinstance(ref, str) and ref.startswith("#"):
        if ref in refs:
            out[path] = ("recursive", required)
            return
        try:
            target = _resolve(root, ref)
        except (KeyError, IndexError, ValueError, TypeError):
            out[path] = ("unresolved", required)
            return
        _walk_every(root, target, path, required, out, (*refs, ref))
        return
    out[path] = (schema.get("type", "any"), required)
    props = schema.get("properties")
    if isinstance(props, dict):
        req = schema.get("required")
        req = set(req) if isinstance(req, list) else ()
        prefix = path + "." if path else ""
        for name, sub in props.items():
            _walk_every(root, sub, prefix + name, name in req, out, refs)
    for key, suffix in (("items", "[]"), ("additionalProperties", "{}")):
        sub = schema.get(key)
        if isinstance(sub, dict):
            _walk_every(root, sub, path + suffix, False, out, refs)
    for keyword in ("anyOf", "oneOf", "allOf"):
        branches = schema.get(keyword)
        if isinstance(branches, list):
            for branch in branches:
                _walk_every(root, branch, path, required, out, refs)
