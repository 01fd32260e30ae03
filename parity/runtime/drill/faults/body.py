"""Faults in a result that arrives as a success: a lost page, an error inside a success (bare,
or inside the ``{"result": ...}`` an SDK server wraps a non-object return in), an empty
body, a shape the output schema refuses."""

from __future__ import annotations

import contextlib
import copy
import json
from collections.abc import Mapping, Sequence
from typing import Any

from parity.runtime.drill.faults._base import Fault, Fixture, Rewrite, Transport, expect
from parity.runtime.drill.faults._fixtures import LIST_ORDERS, LIST_RESULT, LOOKUP, LOOKUP_RESULT
from parity.runtime.drill.faults.refusal import NOT_REFUSED, refused
from parity.runtime.guard import Category, GuardPolicy
from parity.runtime.guard.wrapped import WRAP_KEY, result_schema

#: The body the ``http200_error`` mode sends with a success status: the incident.
ERROR_BODY = {"error": "rate_limited"}
#: the completeness fields a cut answer turns (the guard's defaults)
_POLICY = GuardPolicy()


def truncate_arrays(value: Any, depth: int = 0) -> tuple[Any, int]:
    """Every non-empty array cut to half its length (a lost page), and how many items went.

    A server that lost a page says so in its own spelling: beside a cut array, every
    completeness field the guard reads (``GuardPolicy``'s defaults) turns: a
    ``complete``-like ``true`` becomes ``false``, a ``truncated``-like ``false`` becomes
    ``true``, a ``missing`` list gets an entry. Size fields (``total``, ``count``) keep the
    full count the server wrote."""
    if depth > 16:
        return value, 0
    if isinstance(value, list):
        kept = value[: len(value) // 2]
        dropped = len(value) - len(kept)
        items = []
        for item in kept:
            new, n = truncate_arrays(item, depth + 1)
            items.append(new)
            dropped += n
        return items, dropped
    if isinstance(value, dict):
        out: dict[str, Any] = {}
        dropped = 0
        cut_here = []
        for key, item in value.items():
            new, n = truncate_arrays(item, depth + 1)
            out[key] = new
            dropped += n
            if isinstance(item, list) and n:
                cut_here.append(key)
        if cut_here:
            _say_cut(out, cut_here)
        return out, dropped
    return value, 0


def _say_cut(out: dict[str, Any], cut_here: Sequence[str]) -> None:
    # only a flag that vouched for the lists turns: a server that never claimed
    # completeness has nothing to take back
    for key in _POLICY.complete_fields:
        if out.get(key) is True:
            out[key] = False
    for key in _POLICY.truncated_fields:
        if out.get(key) is False:
            out[key] = True
    for key in _POLICY.missing_fields:
        if isinstance(out.get(key), list):
            out[key] = [*out[key], *(f"{k} after the first page" for k in cut_here)]


def _retext(result: dict[str, Any], before: Any, after: Any) -> None:
    # servers often repeat structuredContent as a JSON text block: keep the two consistent
    for block in result.get("content") or []:
        if isinstance(block, dict) and block.get("type") == "text":
            with contextlib.suppress(ValueError, TypeError):
                if json.loads(block.get("text", "")) == before:
                    block["text"] = json.dumps(after)


def _cut_page(result: Mapping[str, Any], transport: Transport,
              definition: Mapping[str, Any] | None) -> Rewrite:
    out = copy.deepcopy(dict(result))
    structured = out.get("structuredContent")
    if structured is None:
        return Rewrite(out)
    truncated, dropped = truncate_arrays(structured)
    if not dropped:
        return Rewrite(out)
    out["structuredContent"] = truncated
    _retext(out, structured, truncated)
    return Rewrite(out, f"{dropped} array items dropped")


def _has_array(definition: Mapping[str, Any], reference: Mapping[str, Any],
               tools: Sequence[Mapping[str, Any]]) -> bool:
    return truncate_arrays(reference.get("structuredContent"))[1] > 0


def _error_in_success(result: Mapping[str, Any], transport: Transport,
                      definition: Mapping[str, Any] | None) -> Rewrite:
    body: dict[str, Any] = {"content": [{"type": "text", "text": json.dumps(ERROR_BODY)}]}
    if result.get("structuredContent") is not None:
        body["structuredContent"] = dict(ERROR_BODY)
    return Rewrite(body, "a success whose body is {\"error\": \"rate_limited\"}")


def _wrapped_error(structured: Any) -> Any:
    """``ERROR_BODY`` in the shape of an SDK-wrapped value (``{"result": X}``): the text
    ``json.dumps`` made (``-> str``), a one-item list (``-> list[dict]``), the object itself
    (``-> SomeModel | None``); None where the value cannot carry an object (``-> int``)."""
    if not isinstance(structured, Mapping) or list(structured) != [WRAP_KEY]:
        return None
    value = structured[WRAP_KEY]
    if isinstance(value, str):
        return json.dumps(ERROR_BODY)
    if isinstance(value, list):
        return [dict(ERROR_BODY)]
    if isinstance(value, Mapping):
        return dict(ERROR_BODY)
    return None


def _sdk_wrapped(definition: Mapping[str, Any], reference: Mapping[str, Any],
                 tools: Sequence[Mapping[str, Any]]) -> bool:
    return result_schema(definition.get("outputSchema")) is not None and \
        _wrapped_error(reference.get("structuredContent")) is not None


def _error_in_wrapping(result: Mapping[str, Any], transport: Transport,
                       definition: Mapping[str, Any] | None) -> Rewrite:
    # what an SDK server answers when the tool returns the error as its value: the value
    # wrapped, and its only text block the error object
    value = _wrapped_error(result.get("structuredContent"))
    if value is None:
        return Rewrite(dict(result))
    body = {"content": [{"type": "text", "text": json.dumps(ERROR_BODY)}],
            "structuredContent": {WRAP_KEY: value}}
    return Rewrite(body, 'a success whose value, wrapped as {"result": ...}, is '
                         '{"error": "rate_limited"}')


def _empty(result: Mapping[str, Any], transport: Transport,
           definition: Mapping[str, Any] | None) -> Rewrite:
    return Rewrite({}, "an empty result", empty=transport == "http")


def _wrong_shape(result: Mapping[str, Any], transport: Transport,
                 definition: Mapping[str, Any] | None) -> Rewrite:
    out = copy.deepcopy(dict(result))
    structured = out.get("structuredContent")
    found = None if structured is None else refused(structured, definition)
    if found is None:
        return Rewrite(out)
    out["structuredContent"], what = found
    _retext(out, structured, out["structuredContent"])
    return Rewrite(out, f"structuredContent {what}")


def _has_output_schema(definition: Mapping[str, Any], reference: Mapping[str, Any]) -> bool:
    return isinstance(definition.get("outputSchema"), Mapping) and \
        reference.get("structuredContent") is not None


def _schema_refuses(definition: Mapping[str, Any], reference: Mapping[str, Any],
                    tools: Sequence[Mapping[str, Any]]) -> bool:
    return _has_output_schema(definition, reference) and \
        refused(reference["structuredContent"], definition) is not None


def _nothing_refused(definition: Mapping[str, Any], reference: Mapping[str, Any],
                     tools: Sequence[Mapping[str, Any]]) -> str | None:
    if _has_output_schema(definition, reference) and \
            not _schema_refuses(definition, reference, tools):
        return NOT_REFUSED
    return None


PARTIAL = Fault(
    name="partial",
    does="every array in `structuredContent` cut to half (text copy kept consistent); "
         "beside a cut array every completeness field turns, as a server of that shape would "
         "report a lost page: `complete`/`is_complete`/`isComplete: true` becomes `false`, "
         "`truncated`/`partial`/`incomplete: false` becomes `true`, a `missing` list gets an "
         "entry; `total`/`count` stay as the server wrote them",
    answers="`partial`", expected=expect(Category.PARTIAL), applies=_has_array,
    on_result=_cut_page, fixture=Fixture(LIST_ORDERS, LIST_RESULT))

HTTP200_ERROR = Fault(
    name="http200_error", does="a success whose body is `{\"error\": \"rate_limited\"}`",
    answers="`tool_error`", expected=expect(Category.TOOL_ERROR),
    on_result=_error_in_success, fixture=Fixture(LIST_ORDERS, LIST_RESULT))

WRAPPED_ERROR = Fault(
    name="wrapped_error",
    does="an SDK server's `{\"result\": ...}` (a tool typed `-> str`, `-> list[...]`...) "
         "whose value is `{\"error\": \"rate_limited\"}` (as `json.dumps` text, a one-item "
         "list or the object), its only text block that object (tools with the SDK's wrapped "
         "output schema)",
    answers="`tool_error`", expected=expect(Category.TOOL_ERROR), applies=_sdk_wrapped,
    on_result=_error_in_wrapping, fixture=Fixture(LOOKUP, LOOKUP_RESULT))

EMPTY_BODY = Fault(
    name="empty_body", does="stdio: the result `{}`; HTTP: a 200 with an empty body",
    answers="`malformed_response`", expected=expect(Category.MALFORMED_RESPONSE),
    on_result=_empty, fixture=Fixture(LIST_ORDERS, LIST_RESULT))

WRONG_SCHEMA_FAULT = Fault(
    name="wrong_schema",
    does="`structuredContent` replaced by a value the tool's `outputSchema` refuses: "
         "`{\"result\": null, \"extra\": \"x\"}`, else the clean result with a required key "
         "removed or a declared property of another type (tools with an output schema; a "
         "tool whose schema refuses none of them is not applicable)",
    answers="`contract_violation`", expected=expect(Category.CONTRACT_VIOLATION),
    applies=_schema_refuses, not_applicable=_nothing_refused, on_result=_wrong_shape,
    fixture=Fixture(LIST_ORDERS, LIST_RESULT))

FAULTS = (PARTIAL, HTTP200_ERROR, WRAPPED_ERROR, EMPTY_BODY, WRONG_SCHEMA_FAULT)
