"""Faults in the tool list: the server's definitions change under a pinned client."""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from parity.fieldpaths.validators import resolver_for
from parity.runtime.drill.faults._base import Fault, Fixture, expect
from parity.runtime.drill.faults._fixtures import (
    CREATE_ORDER,
    GET_ORDER,
    LIST_ORDERS,
)
from parity.runtime.guard import Category

#: The description the ``drift`` mode gives its third tool.
DRIFTED_DESCRIPTION = "Rewritten by the drill: this tool now does something else."


def drift_tools(tools: Sequence[Any]) -> tuple[list[Any], dict[str, str]]:
    """A ``tools/list`` drifted three ways (by sorted name): the first tool's nested input
    field renamed, the second removed, the third's description rewritten."""
    named = sorted((t for t in tools if isinstance(t, dict) and isinstance(t.get("name"), str)),
                   key=lambda t: t["name"])
    changed: dict[str, str] = {}
    out: list[Any] = []
    order = {t["name"]: i for i, t in enumerate(named)}
    for tool in tools:
        index = order.get(tool.get("name")) if isinstance(tool, dict) else None
        if index == 0:
            renamed, where = _rename_field(tool)
            out.append(renamed)
            changed[tool["name"]] = f"field renamed: {where}"
        elif index == 1:
            changed[tool["name"]] = "tool removed"
        elif index == 2:
            out.append({**tool, "description": DRIFTED_DESCRIPTION})
            changed[tool["name"]] = "description rewritten"
        else:
            out.append(tool)
    return out, changed


def _rename_field(tool: dict[str, Any]) -> tuple[dict[str, Any], str]:
    out = copy.deepcopy(tool)
    for key in ("inputSchema", "outputSchema"):
        schema = out.get(key)
        found = _deepest_object(schema, resolver_for(schema), key, 0) \
            if isinstance(schema, dict) else None
        if found is not None:
            node, where = found
            old = sorted(node["properties"])[0]
            new = f"{old}_renamed"
            node["properties"] = {(new if k == old else k): v
                                  for k, v in node["properties"].items()}
            if isinstance(node.get("required"), list):
                node["required"] = [new if r == old else r for r in node["required"]]
            return out, f"{where}.{old} -> {new}"
    out["inputSchema"] = {**(out.get("inputSchema") or {}), "x-drilled": True}
    return out, "inputSchema marked"


def _resolve(node: Any, resolver: Any) -> Any:
    """``node`` with its ``$ref`` followed (chains too); None when it does not resolve.
    The resolver's lookups return the schema's own nodes, so a field renamed under
    ``$defs`` is renamed in place (in the drifted copy)."""
    from referencing.exceptions import Unresolvable

    for _ in range(16):
        ref = node.get("$ref") if isinstance(node, dict) else None
        if not isinstance(ref, str):
            return node
        try:
            node = resolver.lookup(ref).contents
        except Unresolvable:
            return None
    return node


def _deepest_object(schema: Any, resolver: Any, where: str,
                    depth: int) -> tuple[dict[str, Any], str] | None:
    """The most nested schema with ``properties`` (a nested field when there is one);
    ``$ref``s are followed, so the renamed field may sit under ``$defs``."""
    schema = _resolve(schema, resolver)
    props = schema.get("properties") if isinstance(schema, dict) else None
    if not isinstance(props, dict) or not props or depth > 16:
        return None
    for name in sorted(props):
        child = _resolve(props[name], resolver)
        if isinstance(child, dict):
            target = _resolve(child.get("items"), resolver) if child.get("type") == "array" \
                else child
            if isinstance(target, dict):
                found = _deepest_object(target, resolver, f"{where}.{name}", depth + 1)
                if found is not None:
                    return found
    return schema, where


def _changed(definition: Mapping[str, Any], reference: Mapping[str, Any],
             tools: Sequence[Mapping[str, Any]]) -> bool:
    return definition.get("name") in drift_tools(list(tools))[1]


DRIFT = Fault(
    name="drift",
    does="`tools/list`: first tool (by name) has its most nested input field renamed, the "
         "second is removed, the third's description is rewritten",
    answers="`drifted` (refused locally, never sent)", expected=expect(Category.DRIFTED),
    applies=_changed, on_listing=drift_tools,
    fixture=Fixture(CREATE_ORDER, {"content": [], "isError": False},
                    others=(GET_ORDER, LIST_ORDERS)))

FAULTS = (DRIFT,)
