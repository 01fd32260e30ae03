"""The call-time guard: every tool call returns an ``Outcome``, never a bare result.

A call goes through four steps, each of which can end it:

1. a correlation id is generated and ``dispatch_started`` is recorded, before anything else;
2. the arguments are checked against the *pinned* ``inputSchema``: a failure is refused
   locally (``local_failure``) and nothing is sent;
3. the call runs under the tool's own deadline, shorter than the turn's; a failure of the
   call (``CallFailure`` from ``parity.mcp.adapter``) is classified by ``classify_failure``;
4. a result that arrived is classified by ``classify_result``: envelope, ``isError``, an
   error-shaped body, the pinned ``outputSchema``, then completeness.

The classification functions are pure and take plain data, so every category can be unit
tested without a server. Outcomes carry no provider text: messages are parity's own words,
and the raw provider error stays in ``Outcome.diagnostics``, which is redacted, not
serialized by ``to_json`` and not shown by ``repr``. See docs/guard.md.
"""

from __future__ import annotations

import asyncio
import json
import math
import re
import time
import uuid
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from parity.errors import ConfigError, ToolDriftError

# -- categories and retry instructions --------------------------------------------------------

OK = "ok"
#: refused before sending: arguments fail the pinned inputSchema, an unknown tool, or the
#: transport could not start
LOCAL_FAILURE = "local_failure"
#: the tool is pinned but the server's definition of it changed or it disappeared
DRIFTED = "drifted"
#: nothing arrived within the tool's deadline (and no write can have been made), or refused
UNAVAILABLE = "unavailable"
AUTHENTICATION_FAILED = "authentication_failed"
AUTHORIZATION_DENIED = "authorization_denied"
RATE_LIMITED = "rate_limited"
#: unparseable, wrong envelope, truncated
MALFORMED_RESPONSE = "malformed_response"
#: structuredContent fails the pinned outputSchema, or is missing although one is declared
CONTRACT_VIOLATION = "contract_violation"
#: isError: true, or a success whose body is error-shaped
TOOL_ERROR = "tool_error"
#: the result declares itself incomplete: no definitive claim about the set
PARTIAL = "partial"
#: the deadline passed after a call to a tool not annotated read-only or idempotent was sent
OUTCOME_UNKNOWN = "outcome_unknown"

CATEGORIES: tuple[str, ...] = (
    OK, LOCAL_FAILURE, DRIFTED, UNAVAILABLE, AUTHENTICATION_FAILED, AUTHORIZATION_DENIED,
    RATE_LIMITED, MALFORMED_RESPONSE, CONTRACT_VIOLATION, TOOL_ERROR, PARTIAL, OUTCOME_UNKNOWN,
)

RETRY_NEVER = "never"
RETRY_AFTER = "after"
RETRY_RECONCILE_FIRST = "reconcile_first"
RETRY_SAFE = "safe"
RETRIES: tuple[str, ...] = (RETRY_NEVER, RETRY_AFTER, RETRY_RECONCILE_FIRST, RETRY_SAFE)

#: The orchestration may state the result as the whole answer.
DEFINITIVE = "definitive"
#: The orchestration must not make definitive claims about the set (partial, or no result).
NO_DEFINITIVE_CLAIMS = "no_definitive_claims"

#: parity's own words for each category; provider text never reaches an outcome.
MESSAGES: dict[str, str] = {
    OK: "the call succeeded and its result matches the pinned contract",
    LOCAL_FAILURE: "refused locally; nothing was sent",
    DRIFTED: "refused locally: the server's definition of this tool no longer matches the "
             "pinned one; nothing was sent",
    UNAVAILABLE: "no answer from the server within the tool's deadline",
    AUTHENTICATION_FAILED: "the server refused the credential (401 or a rejected token); "
                           "no other credential is tried: a person must renew it",
    AUTHORIZATION_DENIED: "the server denied this operation (403); no other credential is "
                          "tried: a person with authority must grant the scope",
    RATE_LIMITED: "the server is rate limiting this client",
    MALFORMED_RESPONSE: "the response could not be read as a tool result",
    CONTRACT_VIOLATION: "the result does not match the tool's pinned output schema",
    TOOL_ERROR: "the tool reported an error",
    PARTIAL: "the result declares itself incomplete: do not make definitive claims about "
             "the set",
    OUTCOME_UNKNOWN: "the deadline passed after the call was sent; whether the operation "
                     "took effect is unknown: reconcile before any second call",
}


@dataclass(frozen=True)
class Outcome:
    """The structured result of one guarded call.

    ``to_json`` is the only serialized form and holds no secret and no provider text; the raw
    provider error, redacted, is kept in ``diagnostics`` for operators only.
    """

    ok: bool
    category: str
    retry: str
    operation: str
    correlation_id: str
    message: str
    #: seconds to wait before a retry when the server said so (``retry == "after"``)
    retry_after: float | None = None
    #: whether the request left this process
    sent: bool = False
    #: ``definitive`` or ``no_definitive_claims``
    answer_policy: str = NO_DEFINITIVE_CLAIMS
    #: what a partial result says is missing
    missing: tuple[str, ...] = ()
    #: the structured result (or the content blocks), for ``ok`` and ``partial`` only
    result: Any = None
    elapsed_ms: int = 0
    #: protected: the raw error or the failing check, redacted; never serialized
    diagnostics: Mapping[str, Any] = field(default_factory=dict, repr=False, compare=False)

    def to_json(self, *, include_result: bool = True) -> dict[str, Any]:
        """The JSON form; ``include_result=False`` for logs, which never carry data."""
        out: dict[str, Any] = {
            "ok": self.ok, "category": self.category, "retry": self.retry,
            "operation": self.operation, "correlation_id": self.correlation_id,
            "message": self.message, "sent": self.sent, "answer_policy": self.answer_policy,
            "elapsed_ms": self.elapsed_ms,
        }
        if self.retry_after is not None:
            out["retry_after"] = self.retry_after
        if self.missing:
            out["missing"] = list(self.missing)
        if include_result and self.result is not None:
            out["result"] = self.result
        return out


@dataclass(frozen=True)
class Verdict:
    """What a classification function decided, before it becomes an ``Outcome``."""

    category: str
    retry: str
    detail: str = ""
    retry_after: float | None = None
    missing: tuple[str, ...] = ()
    result: Any = None
    #: raw provider data for the protected diagnostics
    raw: Any = None


# -- policy ------------------------------------------------------------------------------------

_ERROR_TEXT = r"^\s*(error|exception|traceback|fatal|failed|failure)\b"


@dataclass(frozen=True)
class GuardPolicy:
    """How calls are guarded. Every deadline must be shorter than the turn's budget.

    Arguments:
        turn_budget: seconds one agent turn may take; a tool's deadline is shorter.
        default_deadline: seconds a tool call may take when ``deadlines`` has no entry.
        deadlines: tool name -> its own deadline.
        safe_tools: tools to treat as read-only or idempotent even without annotations.
        complete_fields: boolean fields that, when ``false``, declare a result incomplete.
        missing_fields: list fields that, when non-empty, declare what is missing.
        truncated_fields: boolean fields that, when ``true``, declare a result truncated.
        count_fields: integer fields giving the size of the set, compared with the length
            of the only array next to them.
        error_keys: keys whose truthy value makes a success body error-shaped.
        error_text: a regex: text content that is only an error message.
        secrets: values redacted from the diagnostics and the event trail.
    """

    turn_budget: float = 30.0
    default_deadline: float = 10.0
    deadlines: Mapping[str, float] = field(default_factory=dict)
    safe_tools: frozenset[str] = frozenset()
    complete_fields: tuple[str, ...] = ("complete", "is_complete", "isComplete")
    missing_fields: tuple[str, ...] = ("missing",)
    truncated_fields: tuple[str, ...] = ("truncated", "partial", "incomplete")
    count_fields: tuple[str, ...] = ("total", "total_count", "totalCount", "count")
    error_keys: tuple[str, ...] = ("error", "errors")
    error_text: str = _ERROR_TEXT
    secrets: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        problems = []
        if not _positive(self.turn_budget):
            problems.append(f"turn_budget = {self.turn_budget!r}: expected a positive number")
        for tool, value in (("(default)", self.default_deadline), *self.deadlines.items()):
            if not _positive(value) or value >= self.turn_budget:
                problems.append(f"deadline of {tool} = {value!r}: expected a positive number "
                                f"below the turn budget ({self.turn_budget} s)")
        try:
            re.compile(self.error_text)
        except re.error as exc:
            problems.append(f"error_text = {self.error_text!r}: not a regex ({exc})")
        if problems:
            raise ConfigError("invalid guard policy: " + "; ".join(problems),
                              hint="a tool's deadline must be shorter than the turn's, so "
                                   "an unavailable tool fails fast instead of a slow turn")

    def deadline_for(self, tool: str) -> float:
        return float(self.deadlines.get(tool, self.default_deadline))


def _positive(value: Any) -> bool:
    return (isinstance(value, (int, float)) and not isinstance(value, bool)
            and math.isfinite(value) and value > 0)


def is_safe_to_repeat(definition: Mapping[str, Any] | None, policy: GuardPolicy) -> bool:
    """Whether a tool is annotated read-only or idempotent (or configured so)."""
    if definition is None:
        return False
    if definition.get("name") in policy.safe_tools:
        return True
    annotations = definition.get("annotations")
    if not isinstance(annotations, Mapping):
        return False
    return annotations.get("readOnlyHint") is True or annotations.get("idempotentHint") is True


# -- pure classification -----------------------------------------------------------------------


def check_arguments(definition: Mapping[str, Any], arguments: Any) -> str | None:
    """Why ``arguments`` fail the pinned ``inputSchema`` (a short, value-free reason), or None."""

    if not isinstance(arguments, Mapping):
        return "arguments must be a JSON object"
    schema = definition.get("inputSchema")
    if not isinstance(schema, Mapping):
        return None
    error = _first_error(schema, dict(arguments))
    if error is None:
        return None
    where = _json_path(error.absolute_path)
    # the validator's keyword and place, never the value: arguments may hold secrets
    return f"arguments fail the pinned inputSchema at {where} ({error.validator})"


def _first_error(schema: Mapping[str, Any], instance: Any) -> Any:
    import jsonschema

    cls = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
    try:
        validator = cls(schema, format_checker=cls.FORMAT_CHECKER)
        return jsonschema.exceptions.best_match(validator.iter_errors(instance))
    except (jsonschema.exceptions.SchemaError, jsonschema.exceptions.RefResolutionError,
            RecursionError) as exc:
        return _SchemaTrouble(str(exc))
    except Exception as exc:
        return _SchemaTrouble(f"{type(exc).__name__}")


@dataclass
class _SchemaTrouble:
    text: str
    absolute_path: Sequence[Any] = ()
    validator: str = "unusable schema"


def _json_path(path: Sequence[Any]) -> str:
    out = "$"
    for step in path:
        out += f"[{step}]" if isinstance(step, int) else f".{step}"
    return out


def classify_failure(*, kind: str, sent: bool, safe: bool, status: int | None = None,
                     retry_after: float | None = None, code: int | None = None,
                     message: str | None = None, data: Any = None) -> Verdict:
    """Classify a call that produced no result (the fields of ``CallFailure``).

    Arguments:
        kind: ``unavailable``, ``timeout``, ``http_status``, ``jsonrpc_error`` or
            ``malformed``; anything else is treated as ``malformed``.
        sent: whether the request left the process.
        safe: whether the tool is read-only or idempotent.
    """
    raw = {"kind": kind, "sent": sent, "status": status, "code": code, "message": message,
           "data": data, "retry_after": retry_after}
    lost = _lost(sent, safe)
    if kind in ("unavailable", "timeout"):
        return Verdict(lost or UNAVAILABLE, _retry_for(lost or UNAVAILABLE), kind, raw=raw)
    if kind == "http_status":
        return _by_status(status, retry_after, sent=sent, safe=safe, raw=raw)
    if kind == "jsonrpc_error":
        status_hint, after = _status_in(data)
        if status_hint is None:
            status_hint = _status_from_text(message or "")
        if status_hint in (401, 403, 429):
            return _by_status(status_hint, retry_after if retry_after is not None else after,
                              sent=sent, safe=safe, raw=raw)
        if code in (-32700, -32600):
            # the server could not read our request: a protocol mismatch, not the tool
            return Verdict(MALFORMED_RESPONSE, RETRY_NEVER, f"JSON-RPC error {code}", raw=raw)
        return Verdict(TOOL_ERROR, RETRY_NEVER, f"JSON-RPC error {code}", raw=raw)
    return Verdict(MALFORMED_RESPONSE, RETRY_SAFE if safe else RETRY_RECONCILE_FIRST,
                   "unreadable response" if kind == "malformed" else kind, raw=raw)


def _lost(sent: bool, safe: bool) -> str | None:
    """``outcome_unknown`` when a call that may have written was sent and nothing came back."""
    return OUTCOME_UNKNOWN if sent and not safe else None


def _by_status(status: int | None, retry_after: float | None, *, sent: bool, safe: bool,
               raw: Any) -> Verdict:
    if status == 401:
        return Verdict(AUTHENTICATION_FAILED, RETRY_NEVER, "HTTP 401", raw=raw)
    if status == 403:
        return Verdict(AUTHORIZATION_DENIED, RETRY_NEVER, "HTTP 403", raw=raw)
    if status == 429:
        return Verdict(RATE_LIMITED, RETRY_AFTER, "HTTP 429", retry_after=retry_after, raw=raw)
    if status in (404, 503):
        # 404: the session or endpoint is gone; 503: not taken in. Neither processed the call.
        return Verdict(UNAVAILABLE, RETRY_SAFE, f"HTTP {status}", raw=raw)
    if status is not None and status >= 500:
        category = _lost(sent, safe) or UNAVAILABLE
        return Verdict(category, _retry_for(category), f"HTTP {status}", raw=raw)
    return Verdict(TOOL_ERROR, RETRY_NEVER, f"HTTP {status}", raw=raw)


def _retry_for(category: str) -> str:
    return {OUTCOME_UNKNOWN: RETRY_RECONCILE_FIRST, UNAVAILABLE: RETRY_SAFE}.get(
        category, RETRY_NEVER)


_STATUS_KEYS = ("status", "httpStatus", "http_status", "statusCode", "status_code")
_AFTER_KEYS = ("retryAfter", "retry_after", "retryAfterSeconds", "retry_after_seconds")
_TEXT_STATUS = (
    (429, re.compile(r"rate[ _-]?limit|too many requests|quota exceeded", re.I)),
    (401, re.compile(r"unauthori[sz]ed|unauthenticated|invalid[ _-]token|token[ _-]expired",
                     re.I)),
    (403, re.compile(r"forbidden|permission denied|insufficient[ _-]scope|access denied",
                     re.I)),
)


def _status_in(data: Any) -> tuple[int | None, float | None]:
    if not isinstance(data, Mapping):
        return None, None
    status = next((data[k] for k in _STATUS_KEYS if isinstance(data.get(k), int)), None)
    after = next((float(data[k]) for k in _AFTER_KEYS if _positive(data.get(k))), None)
    return status, after


def _status_from_text(text: str) -> int | None:
    return next((status for status, pattern in _TEXT_STATUS if pattern.search(text)), None)


def parse_retry_after(value: str | None) -> float | None:
    """Seconds from a ``Retry-After`` header (delta-seconds form), or None."""
    if value is None:
        return None
    try:
        seconds = float(value.strip())
    except ValueError:
        return None
    return seconds if math.isfinite(seconds) and seconds >= 0 else None


def classify_result(raw: Any, definition: Mapping[str, Any] | None, policy: GuardPolicy, *,
                    safe: bool | None = None) -> Verdict:
    """Classify a result that arrived: the raw wire ``CallToolResult`` dict.

    The checks run in this order, the first that fails decides: envelope
    (``malformed_response``), ``isError`` and error-shaped bodies (``tool_error``), the pinned
    ``outputSchema`` (``contract_violation``), declared completeness (``partial``).
    """
    if safe is None:
        safe = is_safe_to_repeat(definition, policy)
    envelope = _envelope_problem(raw)
    if envelope:
        return Verdict(MALFORMED_RESPONSE, RETRY_SAFE if safe else RETRY_RECONCILE_FIRST,
                       envelope, raw=_shape(raw))
    content = raw["content"]
    structured = raw.get("structuredContent")
    if raw.get("isError") is True:
        return Verdict(TOOL_ERROR, RETRY_NEVER, "isError: true", raw=raw)
    output_schema = definition.get("outputSchema") if definition else None
    declared = _declared_keys(output_schema)
    error_shape = _error_shaped(structured, declared, policy)
    if error_shape is None and structured is None:
        error_shape = _error_text(content, policy)
    if error_shape:
        return Verdict(TOOL_ERROR, RETRY_NEVER, error_shape, raw=raw)
    if isinstance(output_schema, Mapping):
        if structured is None:
            return Verdict(CONTRACT_VIOLATION, RETRY_NEVER,
                           "an output schema is declared but the result has no "
                           "structuredContent", raw=_shape(raw))
        error = _first_error(output_schema, structured)
        if error is not None:
            return Verdict(CONTRACT_VIOLATION, RETRY_NEVER,
                           f"structuredContent fails the pinned outputSchema at "
                           f"{_json_path(error.absolute_path)} ({error.validator})",
                           raw=_shape(raw))
    value = structured if structured is not None else content
    incomplete = completeness(value, policy) if structured is not None else None
    if incomplete is not None:
        reason, missing = incomplete
        return Verdict(PARTIAL, RETRY_NEVER, reason, missing=missing, result=value)
    return Verdict(OK, RETRY_NEVER, result=value)


def _envelope_problem(raw: Any) -> str | None:
    if not isinstance(raw, Mapping):
        return f"the result is a JSON {_type_name(raw)}, not an object"
    content = raw.get("content")
    if "content" not in raw:
        return "the result has no `content` (empty or wrong envelope)"
    if not isinstance(content, list) or not all(
            isinstance(b, Mapping) and isinstance(b.get("type"), str) for b in content):
        return "`content` is not a list of typed content blocks"
    if "structuredContent" in raw and raw["structuredContent"] is not None \
            and not isinstance(raw["structuredContent"], Mapping):
        return "`structuredContent` is not an object"
    if "isError" in raw and not isinstance(raw["isError"], bool):
        return "`isError` is not a boolean"
    return None


def _type_name(value: Any) -> str:
    return {dict: "object", list: "array", str: "string", bool: "boolean",
            type(None): "null"}.get(type(value), "number")


def _shape(raw: Any) -> Any:
    """The keys of a response, for diagnostics that must not copy a malformed body."""
    if isinstance(raw, Mapping):
        return {"keys": sorted(str(k) for k in raw)}
    return {"type": _type_name(raw)}


def _declared_keys(schema: Any) -> frozenset[str]:
    if isinstance(schema, Mapping) and isinstance(schema.get("properties"), Mapping):
        return frozenset(schema["properties"])
    return frozenset()


_ERRORISH_KEYS = frozenset({"message", "code", "status", "detail", "details", "reason",
                            "error_description", "retry_after", "retryAfter", "type"})


def _error_shaped(body: Any, declared: frozenset[str], policy: GuardPolicy) -> str | None:
    """Why a success body is really an error, or None.

    A truthy ``error``/``errors`` key makes a body error-shaped when the output schema does not
    declare that key, or when the body holds nothing but error-like keys."""
    if not isinstance(body, Mapping):
        return None
    for key in policy.error_keys:
        if key in body and body[key] not in (None, False, "", [], {}):
            others = set(body) - {key} - _ERRORISH_KEYS
            if key not in declared or not others:
                return f"a success whose body is error-shaped (`{key}`)"
    return None


def _error_text(content: Sequence[Any], policy: GuardPolicy) -> str | None:
    """Why text-only content is only an error message, or None."""
    texts = [b.get("text") for b in content]
    if not texts or not all(isinstance(b, Mapping) and b.get("type") == "text"
                            and isinstance(b.get("text"), str) for b in content):
        return None
    text = "\n".join(t for t in texts if isinstance(t, str)).strip()
    try:
        parsed = json.loads(text)
    except ValueError:
        parsed = None
    if isinstance(parsed, Mapping):
        return _error_shaped(parsed, frozenset(), policy)
    if re.match(policy.error_text, text, re.I) and len(text) < 2000:
        return "a success whose text content is only an error message"
    return None


def completeness(value: Any, policy: GuardPolicy, *, depth: int = 0) -> \
        tuple[str, tuple[str, ...]] | None:
    """Why a structured result declares itself incomplete, and what is missing; or None.

    Looks at every object down to a bounded depth for: a ``complete``-like field that is
    ``false``, a non-empty ``missing`` list, a ``truncated``-like field that is ``true``, and a
    ``total``-like count greater than the length of the only array next to it."""
    if depth > 8:
        return None
    if isinstance(value, list):
        for item in value[:1000]:
            found = completeness(item, policy, depth=depth + 1)
            if found:
                return found
        return None
    if not isinstance(value, Mapping):
        return None
    missing = tuple(str(m)[:200] for key in policy.missing_fields
                    if isinstance(value.get(key), list) for m in value[key])[:20]
    for key in policy.complete_fields:
        if value.get(key) is False:
            return f"`{key}` is false", missing
    if missing:
        return "`missing` lists what is absent", missing
    for key in policy.truncated_fields:
        if value.get(key) is True:
            return f"`{key}` is true", missing
    arrays = [k for k, v in value.items() if isinstance(v, list)]
    if len(arrays) == 1:
        length = len(value[arrays[0]])
        for key in policy.count_fields:
            count = value.get(key)
            if isinstance(count, int) and not isinstance(count, bool) and count > length:
                return (f"`{key}` says {count} but `{arrays[0]}` holds {length}",
                        (f"{count - length} of {count} `{arrays[0]}` items",))
    for child in value.values():
        found = completeness(child, policy, depth=depth + 1)
        if found:
            return found
    return None


# -- the guarded call --------------------------------------------------------------------------

#: A raw call: ``(name, arguments, timeout) -> raw CallToolResult dict``; raises ``CallFailure``.
RawCall = Callable[[str, dict[str, Any], float], Awaitable[Any]]
#: An event sink: receives one JSON-ready event dict (already redacted).
EventSink = Callable[[dict[str, Any]], None]


def new_correlation_id() -> str:
    """A fresh id, random (never derived from a secret) and unique per operation."""
    return f"parity-{uuid.uuid4().hex}"


def redact(text: str, secrets: Sequence[str]) -> str:
    """``text`` with every secret value replaced; delegates to the adapter's when loaded."""
    for secret in sorted((s for s in secrets if s), key=len, reverse=True):
        text = text.replace(secret, "***")
    return text


def _redact_value(value: Any, secrets: Sequence[str]) -> Any:
    if not secrets:
        return value
    try:
        return json.loads(redact(json.dumps(value, default=str), secrets))
    except (TypeError, ValueError):
        return redact(repr(value), secrets)


def make_outcome(verdict: Verdict, *, operation: str, correlation_id: str, sent: bool,
                 started: float, secrets: Sequence[str] = ()) -> Outcome:
    """An ``Outcome`` from a ``Verdict``: parity's message, diagnostics redacted."""
    message = MESSAGES[verdict.category]
    if verdict.category == RATE_LIMITED and verdict.retry_after is not None:
        message += f"; retry after {verdict.retry_after:g} s"
    elif verdict.category == RATE_LIMITED:
        message += "; retry later (the server gave no delay)"
    detail = redact(verdict.detail, secrets)
    if detail and verdict.category != OK:
        message = f"{message} ({detail})"
    diagnostics = {"detail": detail} if detail else {}
    if verdict.raw is not None:
        diagnostics["raw"] = _redact_value(verdict.raw, secrets)
    return Outcome(
        ok=verdict.category == OK, category=verdict.category, retry=verdict.retry,
        operation=operation, correlation_id=correlation_id, message=message,
        retry_after=verdict.retry_after, sent=sent,
        answer_policy=DEFINITIVE if verdict.category == OK else NO_DEFINITIVE_CLAIMS,
        missing=verdict.missing, result=verdict.result,
        elapsed_ms=int((time.monotonic() - started) * 1000), diagnostics=diagnostics)


def refuse(category: str, reason: str, *, operation: str, correlation_id: str | None = None,
           events: EventSink | None = None, secrets: Sequence[str] = (),
           retry: str = RETRY_NEVER) -> Outcome:
    """A local refusal as an ``Outcome`` (nothing is sent): drift, unknown tool, bad args."""
    cid = correlation_id or new_correlation_id()
    started = time.monotonic()
    _emit(events, secrets, cid, operation, "dispatch_started")
    outcome = make_outcome(Verdict(category, retry, reason), operation=operation,
                           correlation_id=cid, sent=False, started=started, secrets=secrets)
    _emit(events, secrets, cid, operation, "result", outcome=outcome)
    return outcome


async def guarded_call(raw_call: RawCall, definition: Mapping[str, Any] | None, name: str,
                       arguments: Mapping[str, Any] | None, *, policy: GuardPolicy,
                       events: EventSink | None = None,
                       correlation_id: str | None = None) -> Outcome:
    """Call one tool through the guard; never raises for a failed call, returns an Outcome.

    Arguments:
        raw_call: the unguarded call (``AdapterSession.call_tool_raw`` fits).
        definition: the tool's *pinned* definition; None refuses the call (unknown tool).
        name: the tool (the outcome's ``operation``).
        arguments: the call's arguments, checked against the pinned ``inputSchema``.
        policy: deadlines, completeness and error-shape rules, secrets.
        events: receives ``dispatch_started``, ``request_sent``, ``result`` events.
        correlation_id: a caller-chosen id; one is generated otherwise, before the call.
    """
    cid = correlation_id or new_correlation_id()
    secrets = policy.secrets
    if definition is None:
        return refuse(LOCAL_FAILURE, "not a pinned tool of this server", operation=name,
                      correlation_id=cid, events=events, secrets=secrets)
    started = time.monotonic()
    _emit(events, secrets, cid, name, "dispatch_started")
    args = dict(arguments or {})
    reason = check_arguments(definition, args)
    if reason is not None:
        outcome = make_outcome(Verdict(LOCAL_FAILURE, RETRY_NEVER, reason), operation=name,
                               correlation_id=cid, sent=False, started=started,
                               secrets=secrets)
        _emit(events, secrets, cid, name, "result", outcome=outcome)
        return outcome
    safe = is_safe_to_repeat(definition, policy)
    deadline = policy.deadline_for(name)
    _emit(events, secrets, cid, name, "request_sent", deadline_s=deadline)
    verdict, sent = await _call(raw_call, name, args, deadline, definition, policy, safe)
    outcome = make_outcome(verdict, operation=name, correlation_id=cid, sent=sent,
                           started=started, secrets=secrets)
    _emit(events, secrets, cid, name, "result", outcome=outcome)
    return outcome


async def _call(raw_call: RawCall, name: str, args: dict[str, Any], deadline: float,
                definition: Mapping[str, Any], policy: GuardPolicy,
                safe: bool) -> tuple[Verdict, bool]:
    # the adapter enforces the deadline; this backstop only catches an adapter that does not
    backstop = deadline + min(2.0, deadline)
    try:
        raw = await asyncio.wait_for(raw_call(name, args, deadline), backstop)
    except asyncio.TimeoutError:
        return classify_failure(kind="timeout", sent=True, safe=safe), True
    except Exception as exc:
        kind = getattr(exc, "kind", None)
        if not isinstance(kind, str):
            # not a CallFailure: the transport broke in a way the adapter did not foresee
            return classify_failure(kind="malformed", sent=True, safe=safe,
                                    message=f"{type(exc).__name__}: {exc}"), True
        sent = bool(getattr(exc, "sent", True))
        verdict = classify_failure(
            kind=kind, sent=sent, safe=safe, status=getattr(exc, "status", None),
            retry_after=getattr(exc, "retry_after", None), code=getattr(exc, "code", None),
            message=str(getattr(exc, "message", None) or exc), data=getattr(exc, "data", None))
        return verdict, sent
    return classify_result(raw, definition, policy, safe=safe), True


def _emit(events: EventSink | None, secrets: Sequence[str], cid: str, operation: str,
          event: str, *, outcome: Outcome | None = None, **extra: Any) -> None:
    if events is None:
        return
    record: dict[str, Any] = {"time": time.time(), "correlation_id": cid,
                              "operation": operation, "event": event, **extra}
    if outcome is not None:
        record.update(ok=outcome.ok, category=outcome.category, retry=outcome.retry,
                      sent=outcome.sent, elapsed_ms=outcome.elapsed_ms)
        if outcome.retry_after is not None:
            record["retry_after"] = outcome.retry_after
    events(_redact_value(record, secrets))


# -- a guarded session -------------------------------------------------------------------------


class GuardedSession:
    """Every call through it returns an ``Outcome``, never a bare result or an exception.

    Wraps either a ``parity.runtime.client.PinnedClient`` (its verification decides which tools may
    be called; its ``send`` seam carries the call) or, standalone, a raw session
    (``AdapterSession``) with the pinned definitions, verified by ``verify()``.

    Arguments:
        target: a started ``PinnedClient``, or anything with ``call_tool_raw`` (and, for
            ``verify``, ``list_tools_raw``).
        pinned: standalone only: tool name -> the pinned raw definition.
        policy: the ``GuardPolicy``.
        events: an event sink for the JSONL trail.
    """

    def __init__(self, target: Any, pinned: Mapping[str, Mapping[str, Any]] | None = None,
                 policy: GuardPolicy | None = None, *,
                 events: EventSink | None = None) -> None:
        self.target = target
        self.pinned = dict(pinned or {})
        self.policy = policy or GuardPolicy()
        self.events = events
        #: standalone: tool name -> why it is refused
        self.withheld: dict[str, str] = {}
        self._pinned_client = callable(getattr(target, "check_call", None))
        if not self._pinned_client and pinned is None:
            raise TypeError("GuardedSession needs the pinned definitions for a raw session")

    async def verify(self) -> dict[str, str]:
        """Standalone: list the server's tools and withhold every pinned tool that changed
        (contract or surface) or vanished; returns them with a reason."""
        if self._pinned_client:
            await self.target.refresh()
            return {n: u.describe() for n, u in self.target.unavailable.items()}
        listing = await self.target.list_tools_raw()
        self.withheld = drifted_tools(self.pinned, getattr(listing, "tools", listing))
        return dict(self.withheld)

    async def call_tool(self, name: str, arguments: Mapping[str, Any] | None = None, *,
                        correlation_id: str | None = None) -> Outcome:
        """Call ``name`` through the guard; always an ``Outcome``."""
        cid = correlation_id or new_correlation_id()
        secrets = self.policy.secrets
        if self._pinned_client:
            client = self.target
            try:
                if client.stale:
                    await client.refresh()
                definition = client.check_call(name)
            except ToolDriftError as exc:
                unknown = getattr(exc.changes, "reason", None) == "unknown"
                why = "not a verified tool of this server" if unknown else \
                    "withheld by the pinned client: its definition drifted from the lock"
                return refuse(LOCAL_FAILURE if unknown else DRIFTED, why, operation=name,
                              correlation_id=cid, events=self.events, secrets=secrets)
            except Exception as exc:
                # the re-verification itself failed: nothing verified, nothing sent
                kind = getattr(exc, "kind", None)
                category = UNAVAILABLE if kind in ("unavailable", "timeout") else LOCAL_FAILURE
                return refuse(category, "the tools could not be re-verified", operation=name,
                              correlation_id=cid, events=self.events, secrets=secrets,
                              retry=RETRY_SAFE)

            async def raw_call(tool: str, args: dict[str, Any], timeout: float) -> Any:
                return await client.send(definition, args, timeout)

            return await guarded_call(raw_call, definition, name, arguments,
                                      policy=self.policy, events=self.events,
                                      correlation_id=cid)
        if name in self.withheld:
            return refuse(DRIFTED, self.withheld[name], operation=name, correlation_id=cid,
                          events=self.events, secrets=secrets)

        async def session_call(tool: str, args: dict[str, Any], timeout: float) -> Any:
            return await self.target.call_tool_raw(tool, args, timeout=timeout)

        return await guarded_call(session_call, self.pinned.get(name), name, arguments,
                                  policy=self.policy, events=self.events, correlation_id=cid)


def drifted_tools(pinned: Mapping[str, Mapping[str, Any]],
                  listed: Sequence[Mapping[str, Any]]) -> dict[str, str]:
    """Pinned tools whose live definition differs (contract or surface) or is gone."""
    from parity.core.canonical import canonical_json
    from parity.pinning.lock import normalize  # the lock's normalization decides what is noise

    live = {t.get("name"): t for t in listed if isinstance(t, Mapping)}
    out: dict[str, str] = {}
    for name, definition in pinned.items():
        current = live.get(name)
        if current is None:
            out[name] = "the server no longer lists this tool"
        elif canonical_json(normalize(current)) != canonical_json(normalize(definition)):
            out[name] = "the server's definition of this tool differs from the pinned one"
    return out


class JsonlEvents:
    """An event sink appending one JSON object per line to a file (flushed per event)."""

    def __init__(self, path: Any) -> None:
        from pathlib import Path

        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._fh = self.path.open("w", encoding="utf-8", newline="\n")

    def __call__(self, event: dict[str, Any]) -> None:
        self._fh.write(json.dumps(event, sort_keys=True, ensure_ascii=False) + "\n")
        self._fh.flush()

    def close(self) -> None:
        self._fh.close()
