"""The ``mcp`` SDK's wrapping of a non-object return, seen through by the error checks.

A tool typed ``-> str``, ``-> int`` or ``-> list[...]`` on an SDK server (FastMCP on 1.x,
MCPServer on 2.x, fastmcp) answers ``structuredContent: {"result": X}`` under an output
schema whose only property is ``result``: a tool that returns
``json.dumps({"error": "rate_limited"})`` answers ``{"result": "{\\"error\\": ...}"}``, whose
own keys say nothing. The body the tool wrote is ``X``, checked as what it is
(``guard.errorshape``, ``guard.content``):

- an object: against the keys the ``result`` schema declares;
- a list: its items are data, against the keys its ``items`` schema declares (an error only
  when every item is a bare error object, however many there are);
- a string: as a text block is (a JSON object or array in it, prose that reads like an
  error, an empty answer), nothing declared.
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


def unwrapped(structured: Any, schema: Any) -> tuple[Any, frozenset[str]] | None:
    """The value an SDK-wrapped result holds and the keys its schema declares (for a list,
    its items'), or None when ``structured`` is not the SDK's wrapping under ``schema``."""
    inner_schema = result_schema(schema)
    if inner_schema is None or not isinstance(structured, Mapping) \
            or list(structured) != [WRAP_KEY]:
        return None
    value = structured[WRAP_KEY]
    if isinstance(value, list):
        return value, declared_keys(inner_schema.get("items"), schema)
    return value, declared_keys(inner_schema, schema)


def json_body(text: str) -> Mapping[str, Any] | list[Any] | None:
    """The JSON object or array ``text`` holds (a byte-order mark aside), or None."""
    text = bare(text)
    if text[:1] not in ("{", "["):
        return None
    try:
        parsed = json.loads(text)
    except ValueError:
        return None
    return parsed if isinstance(parsed, (Mapping, list)) else None


def bare(text: str) -> str:
    """``text`` without a leading byte-order mark and surrounding whitespace."""
    return text.strip().removeprefix("\ufeff").strip()


__all__ = ["WRAP_KEY", "bare", "json_body", "result_schema", "unwrapped"]
