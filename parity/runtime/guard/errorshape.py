"""Whether a success's body is an error: the evidence that fails it (``tool_error``), and the
weaker signs that only flag it (``suspect``, never definitive).

Failing a call needs structured evidence; a generic sign may only downgrade a success:

- **fails**: a truthy error key (``GuardPolicy.error_keys``, any letter case: Go's ``Error``,
  AWS Lambda's ``errorMessage``) that holds the body alone, or beside nothing but error-like
  keys (``message``, ``code``, ``status``...) and empty values (GraphQL's ``{"data": null,
  "errors": [...]}``); or an undeclared one beside data, unless it is a list (below). A list
  whose every item is such a bare error (``-> list[dict]`` returning
  ``[{"error": "rate_limited"}]``).
- **flags**: an undeclared ``errors`` *list* beside data (a linter's findings); a declared
  error key beside only error-like keys (a health check's ``{"status": "down", "error":
  ...}``: data, but not stated as definitive); ``ok``/``success`` false; ``status`` ``error``
  or ``fail`` (JSend); an object whose only content is a bare error one level down
  (``{"result": {"error": {...}}}``); a list holding some bare errors among data.

A key the pinned output schema declares is data (``declared``), so only its own flags apply.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from parity.core.terminal import code_span
from parity.runtime.guard.policy import GuardPolicy

#: keys an error object carries beside its error (compared in lower case): a body holding
#: nothing else is an error, whatever its schema says of them
ERRORISH = frozenset({
    "message", "msg", "code", "status", "statuscode", "status_code", "detail", "details",
    "reason", "error_description", "retry_after", "retryafter", "type", "title", "instance",
    "errortype", "error_type", "errorcode", "error_code", "stacktrace", "stack_trace",
    "stack", "trace", "traceback", "requestid", "request_id", "traceid", "trace_id",
    "timestamp", "retryable", "ok", "success", "extensions", "hint"})
#: ``status`` values that say the call failed (JSend's ``fail`` and ``error``)
_FAILED_STATUS = frozenset({"error", "fail"})
_SUCCESS_FLAGS = ("ok", "success")
#: the items of a list read for bare errors
_MAX_ITEMS = 1000

#: (why the body is an error, why it looks like one): at most one is set
Evidence = tuple[str | None, str]
NONE: Evidence = (None, "")


def empty(value: Any) -> bool:
    """Whether ``value`` holds nothing (``0`` is a value)."""
    return value is None or value is False or (
        isinstance(value, (str, list, Mapping)) and not value)


def _error_keys(body: Mapping[str, Any], policy: GuardPolicy) -> list[str]:
    names = {k.casefold() for k in policy.error_keys}
    return [k for k in body if isinstance(k, str) and k.casefold() in names
            and not empty(body[k])]


def _errorish(key: Any) -> bool:
    return isinstance(key, str) and key.casefold() in ERRORISH


def bare_error(body: Any, declared: frozenset[str], policy: GuardPolicy) -> str | None:
    """The error key of a body that holds nothing but an error: no other key is declared,
    and every other one is error-like or empty. None for anything else."""
    if not isinstance(body, Mapping):
        return None
    for key in _error_keys(body, policy):
        if not any(o != key and (o in declared or not (_errorish(o) or empty(v)))
                   for o, v in body.items()):
            return key
    return None


def body_evidence(body: Any, declared: frozenset[str], policy: GuardPolicy, *,
                  where: str = "") -> Evidence:
    """What an object body (structured content, an SDK-wrapped object, a text's JSON) says
    of the call: see the module."""
    if isinstance(body, list):
        return list_evidence(body, declared, policy, where=where)
    if not isinstance(body, Mapping):
        return NONE
    alone = bare_error(body, declared, policy)
    if alone is not None:
        return f"a success whose body is error-shaped ({code_span(alone)}{where})", ""
    flag = ""
    for key in _error_keys(body, policy):
        if key in declared:
            if all(_errorish(o) or empty(v) for o, v in body.items() if o != key):
                flag = flag or (f"the declared {code_span(key)}{where} is set, beside nothing but "
                                "error-like fields")
        elif isinstance(body[key], list):
            # a linter's `errors` beside the file it read: findings, maybe a failure
            flag = flag or f"an {code_span(key)} list{where} beside data"
        else:
            return f"a success whose body is error-shaped ({code_span(key)}{where})", ""
    return None, flag or _signs(body, declared, policy, where)


def _signs(body: Mapping[str, Any], declared: frozenset[str], policy: GuardPolicy,
           where: str) -> str:
    """Why a body without an error key still reads as a failure (a flag), or ""."""
    for key, value in body.items():
        if key in declared or not isinstance(key, str):
            continue
        name = key.casefold()
        if name in _SUCCESS_FLAGS and value is False:
            return f"{code_span(key)}{where} is false"
        if name == "status" and isinstance(value, str) and value.casefold() in _FAILED_STATUS:
            return f"{code_span(key)}{where} is {value!r}"
    children = [(k, v) for k, v in body.items() if not empty(v)]
    if len(children) == 1 and children[0][0] not in declared:
        child = children[0][1]
        if bare_error(child, frozenset(), policy) is not None:
            # (the key is the provider's word: not named in the outcome)
            return f"its only content{where} is an error object, one level down"
    return ""


def list_evidence(items: Sequence[Any], declared: frozenset[str], policy: GuardPolicy, *,
                  where: str = "") -> Evidence:
    """A list's items are data, however many there are: it is an error only when every item
    is a bare error, and flagged when some are; a key the items' schema declares is their
    data, alone or not (a search may find one record of a failed job)."""
    read = list(items[:_MAX_ITEMS])
    bare = [bare_error(item, declared, policy) for item in read]
    found = [k for k in bare if k is not None and k not in declared]
    if found and len(found) == len(read):
        # "error-shaped" is what the probe reports as `probe.error-shaped`
        return f"a success whose every item is error-shaped ({code_span(found[0])}{where})", ""
    if found:
        return None, f"{len(found)} of its items{where} are error objects"
    return NONE


__all__ = ["ERRORISH", "NONE", "Evidence", "bare_error", "body_evidence", "empty",
           "list_evidence"]
