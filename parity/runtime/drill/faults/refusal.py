"""A structured result the tool's own ``outputSchema`` refuses, for the ``wrong_schema`` mode.

A substitute the schema accepts is no fault at all: no client could catch it, and counting it
as a silent success would fail the gate on a permissive contract (``-> dict[str, Any]``,
``-> str | None``). So candidates are tried in order and the first the schema refuses is
injected (checked with ``jsonschema`` itself, not the guard: the drill tests the guard):

1. ``WRONG_SCHEMA`` (``{"result": null, "extra": "x"}``), the mode's documented value (an
   undeclared key: what ``additionalProperties: false`` refuses);
2. the clean result with one required key removed;
3. the clean result with one declared property given a value of another JSON type;
4. a root of another JSON type, only where the clean root is not an object either: before
   MCP 2026-07-28 ``structuredContent`` is an object, and a non-object one is a malformed
   envelope (``empty_body``'s family), not a schema fault.

None when the schema refuses none of them: the mode does not apply to that tool.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator, Mapping
from typing import Any

from parity.fieldpaths.keywords import json_type
from parity.runtime.guard import GuardPolicy

#: The first structured content the ``wrong_schema`` mode tries.
WRONG_SCHEMA = {"result": None, "extra": "x"}
#: one value per JSON type, none of them error-shaped
_OTHERS: tuple[Any, ...] = (None, "x", 0, 1.5, True, [], {})
#: keys whose truthy value the guard reads as an error body: never written by the mode
_ERROR_KEYS = frozenset(GuardPolicy().error_keys)
NOT_REFUSED = "no value its output schema refuses (the schema accepts every substitute tried)"


def _candidates(structured: Any, schema: Mapping[str, Any]) -> Iterator[tuple[Any, str]]:
    yield dict(WRONG_SCHEMA), 'replaced by {"result": null, "extra": "x"}'
    if isinstance(structured, Mapping):
        required = schema.get("required")
        for key in required if isinstance(required, list) else []:
            if isinstance(key, str) and key in structured:
                yield {k: v for k, v in structured.items() if k != key}, \
                    f"required key {key!r} removed"
        properties = schema.get("properties")
        for key in properties if isinstance(properties, Mapping) else {}:
            if key in structured and key not in _ERROR_KEYS:
                for other in _OTHERS:
                    if json_type(other) != json_type(structured[key]):
                        yield {**structured, key: copy.deepcopy(other)}, \
                            f"{key!r} given a {json_type(other)}"
    else:
        for other in _OTHERS[1:]:
            if json_type(other) != json_type(structured):
                yield copy.deepcopy(other), f"replaced by a {json_type(other)}"


def _refuses(schema: Mapping[str, Any], value: Any) -> bool:
    from jsonschema import validators

    try:
        cls = validators.validator_for(schema)
        return not cls(schema).is_valid(value)
    except Exception:  # a schema jsonschema cannot use: the clean call failed on it already
        return False


def _error_like(value: Any) -> bool:
    # a body the guard rightly reads as an error (tool_error), not as a schema fault
    return isinstance(value, Mapping) and any(
        value.get(k) not in (None, False, "", [], {}) for k in _ERROR_KEYS)


def refused(structured: Any, definition: Mapping[str, Any] | None) -> tuple[Any, str] | None:
    """(a substitute for ``structured`` the tool's ``outputSchema`` refuses, what it is), or
    None. Without a definition (its listing unseen) the documented value, as before."""
    schema = definition.get("outputSchema") if definition else None
    if not isinstance(schema, Mapping):
        return (dict(WRONG_SCHEMA), 'replaced by {"result": null, "extra": "x"}') \
            if definition is None else None
    for candidate, what in _candidates(structured, schema):
        if not _error_like(candidate) and _refuses(schema, candidate):
            return candidate, what
    return None


__all__ = ["NOT_REFUSED", "WRONG_SCHEMA", "refused"]
