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
from parity.runtime.guard.content import content_evidence, text_evidence, text_json
from parity.runtime.guard.declared import declared_keys
from parity.runtime.guard.errorshape import NONE, Evidence, body_evidence
from parity.runtime.guard.outcome import Verdict, verdict
from parity.runtime.guard.policy import GuardPolicy, is_safe_to_repeat
from parity.runtime.guard.schemas import first_error
from parity.runtime.guard.wrapped import json_body, unwrapped

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
    error_shape, suspect = _evidence(content, structured, output_schema, policy)
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
    body, is_structured = _completeness_body(content, structured, output_schema)
    state = assess(body, policy, name if isinstance(name, str) else None,
                   structured=is_structured)
    if state.complete is False:
        return verdict(Category.PARTIAL, state.reason, missing=state.missing, result=value,
                       complete=False, suspect=suspect)
    return verdict(Category.OK, result=value, complete=state.complete, suspect=suspect)


def _evidence(content: Sequence[Mapping[str, Any]], structured: Any, output_schema: Any,
              policy: GuardPolicy) -> Evidence:
    """(why the result is an error, why it reads like one): the structured content first
    (the SDK's ``{"result": X}`` seen through: X is what the tool wrote), then the content
    blocks, which only fail the call when they are its whole body."""
    mirrors: list[Any] = []
    inner = unwrapped(structured, output_schema)
    if inner is not None:
        value, declared = inner
        mirrors = [structured, value, *(value if isinstance(value, list) else ())]
        if isinstance(value, str):
            found = text_evidence(value, policy, strong=True, whole=True,
                                  where=" inside `result`")
        else:
            found = body_evidence(value, declared, policy, where=" inside `result`")
    elif structured is not None:
        # a text block repeats the value, an item, or a field (server-filesystem's
        # `{"content": TEXT}` beside TEXT): what it says was read there
        mirrors = [structured, *(structured if isinstance(structured, list) else
                                 structured.values() if isinstance(structured, Mapping)
                                 else ())]
        # an array's items declare their keys in its `items` schema
        schema = output_schema.get("items") if isinstance(structured, list) \
            and isinstance(output_schema, Mapping) else output_schema
        found = text_evidence(structured, policy, strong=True, whole=True) \
            if isinstance(structured, str) else \
            body_evidence(structured, declared_keys(schema, output_schema), policy)
    else:
        found = NONE
    if found[0]:
        return found
    fail, flag = content_evidence(content, policy, structured=structured is not None,
                                  mirrors=mirrors)
    return fail, found[1] or flag


def _completeness_body(content: Sequence[Mapping[str, Any]], structured: Any,
                       output_schema: Any) -> tuple[Any, bool]:
    """What says whether the answer is whole, and whether it is structured data. Text (a
    text-only result, a string as structured content, the SDK's ``{"result": TEXT}`` of a
    ``-> str`` tool) has no array to count: the JSON it holds may say it is incomplete,
    never that it is whole, so an SDK's wrapping makes no prose a verified answer."""
    if structured is None:
        return text_json(content), False
    inner = unwrapped(structured, output_schema)
    text = inner[0] if inner is not None else structured
    if isinstance(text, str):
        return json_body(text), False
    return structured, True


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
    if any(b["type"] == "text" and not isinstance(b.get("text"), str) for b in content):
        return "a text block's `text` is not a string"
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


__all__ = ["ANY_STRUCTURED_SINCE", "classify_result", "completeness", "takes_any_structured"]
