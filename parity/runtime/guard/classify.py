"""Classifying a result that arrived: the raw wire ``CallToolResult`` dict, checked in order
(envelope, ``isError`` and error-shaped bodies, the pinned ``outputSchema``, declared
completeness); the first check that fails decides.

The functions are pure and take plain data, so every category can be unit tested without a
server (see docs/guard.md)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from parity.core.jsonio import unrepresentable
from parity.runtime.guard.categories import Category
from parity.runtime.guard.complete import assess, completeness
from parity.runtime.guard.declared import declared_keys
from parity.runtime.guard.outcome import Verdict, verdict
from parity.runtime.guard.policy import GuardPolicy, is_safe_to_repeat
from parity.runtime.guard.schemas import first_error
from parity.runtime.guard.wrapped import bare, json_object, unwrapped

#: the first protocol revision whose ``structuredContent`` may be any JSON value, not only an
#: object (SEP-2106: its ``outputSchema`` may be any JSON Schema)
ANY_STRUCTURED_SINCE = "2026-07-28"
_REVISION = re.compile(r"\d{4}-\d{2}-\d{2}")


def takes_any_structured(protocol_version: str | None) -> bool:
    """Whether a session of ``protocol_version`` may carry ``structuredContent`` of any JSON
    type (revisions are dates: they compare as text)."""
    return isinstance(protocol_version, str) and _REVISION.fullmatch(protocol_version) is not \
        None and protocol_version >= ANY_STRUCTURED_SINCE


def classify_result(raw: Any, definition: Mapping[str, Any] | None, policy: GuardPolicy, *,
                    safe: bool | None = None, any_structured: bool = False) -> Verdict:
    """Classify a result that arrived: the raw wire ``CallToolResult`` dict.

    The checks run in this order, the first that fails decides: envelope
    (``malformed_response``), ``isError`` and error-shaped bodies (``tool_error``), the pinned
    ``outputSchema`` (``contract_violation``), declared completeness (``partial``).
    ``any_structured``: the session's protocol lets ``structuredContent`` be any JSON value
    (``takes_any_structured``); before it, only an object.
    """
    if safe is None:
        safe = is_safe_to_repeat(definition, policy)
    asked = _input_asked(raw)
    if asked is not None:
        return verdict(Category.INPUT_REQUIRED, asked, raw=_shape(raw))
    envelope = _envelope_problem(raw, any_structured)
    if envelope:
        return verdict(Category.MALFORMED_RESPONSE, envelope, safe=safe, raw=_shape(raw))
    content = raw["content"]
    structured = raw.get("structuredContent")
    if raw.get("isError") is True:
        return verdict(Category.TOOL_ERROR, "isError: true", raw=raw)
    output_schema = definition.get("outputSchema") if definition else None
    declared = declared_keys(output_schema, output_schema)
    error_shape = _error_shaped(structured, declared, policy)
    if error_shape is None:  # the SDK's {"result": X}: the body the tool wrote is X
        inner = unwrapped(structured, output_schema)
        if inner is not None:
            error_shape = _error_shaped(inner[0], inner[1], policy, where=" inside `result`")
    suspect = ""
    if error_shape is None and structured is None:
        error_shape, suspect = _error_text(content, policy)
    if error_shape:
        return verdict(Category.TOOL_ERROR, error_shape, raw=raw)
    if isinstance(output_schema, Mapping):
        if structured is None:
            return verdict(Category.CONTRACT_VIOLATION, "an output schema is declared but the "
                           "result has no structuredContent", raw=_shape(raw))
        error = first_error(output_schema, structured, where="outputSchema",
                            tool=str((definition or {}).get("name", "<unnamed>")))
        if error is not None:
            return verdict(Category.CONTRACT_VIOLATION,
                           error.reason("structuredContent", "outputSchema"), raw=_shape(raw))
    value = structured if structured is not None else content
    name = definition.get("name") if definition else None
    state = assess(value, policy, name if isinstance(name, str) else None,
                   structured=structured is not None)
    if state.complete is False:
        return verdict(Category.PARTIAL, state.reason, missing=state.missing, result=value,
                       complete=False)
    return verdict(Category.OK, result=value, complete=state.complete, suspect=suspect)


def _input_asked(raw: Any) -> str | None:
    """What a 2026-07-28 ``input_required`` result asks of the client (the methods of its
    ``inputRequests``), or None for any other result: no result yet, not a malformed one."""
    if not isinstance(raw, Mapping) or raw.get("resultType") != "input_required":
        return None
    requests = raw.get("inputRequests")
    methods = sorted({str(r.get("method")) for r in requests.values() if isinstance(r, Mapping)}
                     ) if isinstance(requests, Mapping) else []
    asked = ", ".join(methods) if methods else "nothing named (a request state only)"
    return f"resultType input_required: the server asks for {asked}"


def _envelope_problem(raw: Any, any_structured: bool) -> str | None:
    if not isinstance(raw, Mapping):
        return f"the result is a JSON {_type_name(raw)}, not an object"
    content = raw.get("content")
    if "content" not in raw:
        return "the result has no `content` (empty or wrong envelope)"
    if not isinstance(content, list) or not all(
            isinstance(b, Mapping) and isinstance(b.get("type"), str) for b in content):
        return "`content` is not a list of typed content blocks"
    if "structuredContent" in raw and raw["structuredContent"] is not None \
            and not isinstance(raw["structuredContent"], Mapping) and not any_structured:
        return ("`structuredContent` is not an object (only from MCP "
                f"{ANY_STRUCTURED_SINCE} may it be any JSON value)")
    if "isError" in raw and not isinstance(raw["isError"], bool):
        return "`isError` is not a boolean"
    found = unrepresentable(raw)
    if found is not None:  # nothing downstream (hashes, the trail, reports) could carry it
        return f"the result holds {found[1]} at {found[0]}"
    return None


def _type_name(value: Any) -> str:
    return {dict: "object", list: "array", str: "string", bool: "boolean",
            type(None): "null"}.get(type(value), "number")


def _shape(raw: Any) -> Any:
    """The keys of a response, for diagnostics that must not copy a malformed body."""
    if isinstance(raw, Mapping):
        return {"keys": sorted(str(k) for k in raw)}
    return {"type": _type_name(raw)}


_ERRORISH_KEYS = frozenset({"message", "code", "status", "detail", "details", "reason",
                            "error_description", "retry_after", "retryAfter", "type"})


def _error_shaped(body: Any, declared: frozenset[str], policy: GuardPolicy, *,
                  where: str = "") -> str | None:
    """Why a success body is really an error, or None.

    A truthy ``error``/``errors`` key makes a body error-shaped when the output schema does not
    declare that key, or when the body holds nothing but error-like keys."""
    if not isinstance(body, Mapping):
        return None
    for key in policy.error_keys:
        if key in body and body[key] not in (None, False, "", [], {}):
            others = set(body) - {key} - _ERRORISH_KEYS
            if key not in declared or not others:
                return f"a success whose body is error-shaped (`{key}`{where})"
    return None


def _error_text(content: Sequence[Any], policy: GuardPolicy) -> tuple[str | None, str]:
    """(why text-only content is an error, why it looks like one): evidence, not prose.

    Only a JSON body whose shape is an error object is evidence; prose that starts like an
    error message (``GuardPolicy.error_text``) is a success, flagged as suspect: a file whose
    text begins ``Error: disk full`` is data, and a false failure costs as much trust as a
    silent success."""
    texts = [b.get("text") for b in content]
    if not texts or not all(isinstance(b, Mapping) and b.get("type") == "text"
                            and isinstance(b.get("text"), str) for b in content):
        return None, ""
    text = bare("\n".join(t for t in texts if isinstance(t, str)))
    parsed = json_object(text)
    if parsed is not None:
        return _error_shaped(parsed, frozenset(), policy), ""
    if len(text) < 2000 and re.match(policy.error_text, text, re.I):
        return None, "the text reads like an error message, but carries no structured error"
    return None, ""


__all__ = ["ANY_STRUCTURED_SINCE", "classify_result", "completeness", "takes_any_structured"]
