"""Observed output: call a stub once with example arguments and describe what it returned.

A stand-in promises what it returns; that promise is what the server must keep.
"""

from __future__ import annotations

import inspect
from collections.abc import Collection, Mapping, Sequence
from typing import Any

from parity.core.interrupts import noting_sigint
from parity.core.running import to_end
from parity.errors import SourceError
from parity.fieldpaths.fieldpath import ITEMS, Prop, Steps, render
from parity.fieldpaths.keywords import keep_examples
from parity.sources.tools import OBSERVE_HINT, AgentTool

# -- observed output -----------------------------------------------------------------------------


def observe(tool: AgentTool, arguments: Mapping[str, Any], *,
            id_paths: Collection[str] = ()) -> dict[str, Any]:
    """Call the stub once and return a JSON Schema of what it actually returned.

    Objects list the keys present (all required); arrays merge their items; a result that is
    not an object is wrapped as ``{"result": ...}`` the way the SDK would send it. The
    strings found at ``id_paths`` (the pair's tool-id paths) are kept as ``examples``: the
    ids the agent expects there (``ids.unknown``); no other value is recorded, so a stub
    that returns times or random ids still gives the same manifest.
    """
    from pydantic_core import to_jsonable_python

    if tool.call is None:
        raise SourceError(f"tool {tool.name!r}: cannot observe a tool with nothing to call",
                          location=f"observe.{tool.name}",
                          hint="observe needs an agent `source` of callables or tool objects")
    with noting_sigint() as interrupted:
        try:
            result = tool.call(arguments)
            if inspect.isawaitable(result):
                result = _run(result)
        except SourceError:
            raise
        except (Exception, SystemExit, KeyboardInterrupt) as exc:
            # the stub's own failure, reported by name; even its sys.exit() or an interrupt
            # it raises is its mistake (exit 2), not parity's exit code; Ctrl-C meanwhile is
            # the user's interruption
            if isinstance(exc, KeyboardInterrupt) and interrupted():
                raise
            said = f": {exc}" if str(exc) else ""
            raise SourceError(f"tool {tool.name!r}: the stub raised {type(exc).__name__}"
                              f"{said} when called with the observe arguments",
                              location=f"observe.{tool.name}", hint=OBSERVE_HINT) from None
    from parity.mcp.metadata import call_result

    sent = call_result(result)
    if sent is not None:  # the SDK sends a CallToolResult as it is: what arrives is inside
        return _structured(tool, *sent, frozenset(id_paths))
    try:
        value = to_jsonable_python(result, by_alias=True)
    except Exception as exc:  # a result with no JSON form
        raise SourceError(f"tool {tool.name!r}: the stub returned a {type(result).__name__} "
                          f"that has no JSON form: {exc}", location=f"observe.{tool.name}",
                          hint="return JSON-like data or pydantic models") from None
    wrap = tool.wrap if tool.wrap is not None else not isinstance(value, dict)
    if wrap:
        value = {"result": value}
    return schema_of_value(value, frozenset(id_paths))


def _structured(tool: AgentTool, structured: dict[str, Any] | None, is_error: bool,
                id_paths: frozenset[str]) -> dict[str, Any]:
    """The schema of a ``CallToolResult``'s structured content, never wrapped (the SDK
    sends it as the stub built it)."""
    if is_error:
        raise SourceError(f"tool {tool.name!r}: the stub returned an error result (isError) "
                          "when called with the observe arguments",
                          location=f"observe.{tool.name}", hint=OBSERVE_HINT)
    if structured is None:
        raise SourceError(f"tool {tool.name!r}: the stub returned a CallToolResult without "
                          "structured content: no structured result arrives to observe",
                          location=f"observe.{tool.name}",
                          hint="give the CallToolResult its structured content, or drop "
                               "observe for this tool")
    return schema_of_value(structured, id_paths)


def _run(awaitable: Any) -> Any:
    async def wait() -> Any:
        return await awaitable

    return to_end(wait)


def schema_of_value(value: Any, id_paths: frozenset[str] = frozenset(),
                    steps: Steps = ()) -> dict[str, Any]:
    """A JSON Schema that describes exactly the shape of one JSON value; strings at one of
    ``id_paths`` (printed field paths) are kept as ``examples``."""
    if isinstance(value, dict):
        return {"type": "object", "required": sorted(value),
                "properties": {k: schema_of_value(value[k], id_paths, (*steps, Prop(k)))
                               for k in sorted(value)}}
    if isinstance(value, list):
        if not value:
            return {"type": "array"}
        inner = (*steps, ITEMS)
        return {"type": "array",
                "items": _merge([schema_of_value(v, id_paths, inner) for v in value])}
    if isinstance(value, str) and id_paths and render(steps) in id_paths:
        return {"type": "string", "examples": list(keep_examples([value]))}
    if value is None:
        return {"type": "null"}
    if isinstance(value, bool):
        return {"type": "boolean"}
    if isinstance(value, int):
        return {"type": "integer"}
    if isinstance(value, float):
        return {"type": "number"}
    return {"type": "string"}


def _merge(schemas: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """One schema for several array items: objects merge their keys (required where every
    item has the key); items of different types become an ``anyOf``."""
    from parity.fieldpaths.entry import canonical_value

    by_type: dict[str, list[dict[str, Any]]] = {}
    for s in schemas:
        # an item merged from several types is their ``anyOf`` (``[[1, "a"], [2]]``): the
        # union of its alternatives and the other items
        for alternative in s.get("anyOf", (s,)):
            by_type.setdefault(alternative["type"], []).append(alternative)
    merged: list[dict[str, Any]] = []
    for type_name in sorted(by_type):
        group = by_type[type_name]
        if type_name == "object":
            keys = sorted({k for s in group for k in s["properties"]})
            merged.append({
                "type": "object",
                "required": [k for k in keys if all(k in s["properties"] for s in group)],
                "properties": {k: _merge([s["properties"][k] for s in group
                                          if k in s["properties"]]) for k in keys}})
        elif type_name == "array":
            items = [s["items"] for s in group if "items" in s]
            merged.append({"type": "array", "items": _merge(items)} if items
                          else {"type": "array"})
        elif type_name == "string":
            kept = keep_examples(*(s.get("examples", ()) for s in group))
            merged.append({"type": "string", "examples": list(kept)} if kept else group[0])
        else:
            merged.append(group[0])
    if len(merged) == 1:
        return merged[0]
    return {"anyOf": sorted(merged, key=canonical_value)}


