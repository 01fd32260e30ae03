"""The ``mcp`` SDK's wrapping of a non-object return, seen through by the error-shape check.

A tool typed ``-> str``, ``-> int`` or ``-> list[...]`` on an SDK server (FastMCP on 1.x,
MCPServer on 2.x, fastmcp) answers ``structuredContent: {"result": X}`` under an output
schema whose only property is ``result``: a tool that returns
``json.dumps({"error": "rate_limited"})`` answers ``{"result": "{\\"error\\": ...}"}``, whose
own keys say nothing. The body the tool wrote is ``X``:

- an object: checked against the keys the ``result`` schema declares;
- a string holding a JSON object (what ``json.dumps`` returned, a leading byte-order mark
  aside): checked, nothing declared;
- a list of exactly one object (the SDK's only text block is that object): checked against
  the keys its ``items`` schema declares. A longer list is data: no one item speaks for it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from parity.runtime.guard.declared import declared_keys

#: the one property the SDKs wrap a non-object return in
WRAP_KEY = "result"


def result_schema(schema: Any) -> Mapping[str, Any] | None:
    """The ``result`` subschema when ``schema`` is the SDK's wrapping (an object schema whose
    only property, and only required one, is ``result``), else None."""
    if not isinstance(schema, Mapping):
        return None
    properties = schema.get("properties")
    if not isinstance(properties, Mapping) or list(properties) != [WRAP_KEY] \
            or schema.get("required") != [WRAP_KEY]:
        return None
    inner = properties[WRAP_KEY]
    return inner if isinstance(inner, Mapping) else {}


def unwrapped(structured: Any, schema: Any) -> tuple[Mapping[str, Any], frozenset[str]] | None:
    """The body an SDK-wrapped result holds and the keys its schema declares, or None when
    ``structured`` is not the SDK's wrapping under ``schema`` (or holds no object)."""
    inner_schema = result_schema(schema)
    if inner_schema is None or not isinstance(structured, Mapping) \
            or list(structured) != [WRAP_KEY]:
        return None
    value = structured[WRAP_KEY]
    if isinstance(value, Mapping):
        return value, declared_keys(inner_schema, schema)
    if isinstance(value, str):
        parsed = json_object(value)
        return (parsed, frozenset()) if parsed is not None else None
    if isinstance(value, list) and len(value) == 1 and isinstance(value[0], Mapping):
        items = inner_schema.get("items")
        return value[0], declared_keys(items, schema)
    return None


def json_object(text: str) -> Mapping[str, Any] | None:
    """The JSON object ``text`` holds, or None. A leading byte-order mark is no part of the
    text (an editor or a Windows tool writes one; ``json.loads`` refuses it), and neither is
    the whitespace around it."""
    text = bare(text)
    if text[:1] != "{":
        return None
    try:
        parsed = json.loads(text)
    except ValueError:
        return None
    return parsed if isinstance(parsed, Mapping) else None


def bare(text: str) -> str:
    """``text`` without a leading byte-order mark and surrounding whitespace."""
    return text.strip().removeprefix("\ufeff").strip()


__all__ = ["WRAP_KEY", "bare", "json_object", "result_schema", "unwrapped"]
