"""One guarded call: every tool call returns an ``Outcome``, never a bare result.

A call goes through four steps, each of which can end it:

1. a correlation id is generated and ``dispatch_started`` is recorded, before anything else;
2. the way of the call (plainly or as a task) is checked against the pinned tool's
   ``execution.taskSupport``, the arguments against its *pinned* ``inputSchema`` (and the
   values at the policy's ``id_paths`` against the server's tool names): a failure is
   refused locally (``local_failure``) and nothing is sent;
3. the call runs under the tool's own deadline, shorter than the turn's; a failure of the
   call (the seam's ``CallFailure``) is classified by ``classify_failure``;
4. a result that arrived is classified by ``classify_result``: envelope, ``isError``, an
   error-shaped body, the pinned ``outputSchema``, then completeness.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Collection, Mapping, Sequence
from typing import Any

from parity.runtime.guard.categories import Category, Retry
from parity.runtime.guard.classify import classify_result, takes_any_structured
from parity.runtime.guard.events import EventSink, emit, new_correlation_id
from parity.runtime.guard.failure import classify_failure
from parity.runtime.guard.ids import check_ids
from parity.runtime.guard.modes import check_call_mode
from parity.runtime.guard.outcome import Outcome, Verdict, make_outcome
from parity.runtime.guard.policy import GuardPolicy, is_safe_to_repeat
from parity.runtime.guard.schemas import check_arguments

#: A raw call: ``(name, arguments, timeout) -> raw CallToolResult dict``; raises ``CallFailure``.
RawCall = Callable[[str, dict[str, Any], float], Awaitable[Any]]


def refuse(category: Category, reason: str, *, operation: str,
           correlation_id: str | None = None, events: EventSink | None = None,
           secrets: Sequence[str] = (), retry: Retry = Retry.NEVER) -> Outcome:
    """A local refusal as an ``Outcome`` (nothing is sent): drift, unknown tool, bad args."""
    cid = correlation_id or new_correlation_id()
    started = time.monotonic()
    emit(events, secrets, cid, operation, "dispatch_started")
    outcome = make_outcome(Verdict(category, retry, reason), operation=operation,
                           correlation_id=cid, sent=False, started=started, secrets=secrets)
    emit(events, secrets, cid, operation, "result", outcome=outcome)
    return outcome


async def guarded_call(raw_call: RawCall, definition: Mapping[str, Any] | None, name: str,
                       arguments: Mapping[str, Any] | None, *, policy: GuardPolicy,
                       events: EventSink | None = None,
                       correlation_id: str | None = None,
                       tool_ids: Collection[str] | None = None,
                       as_task: bool = False, protocol_version: str | None = None) -> Outcome:
    """Call one tool through the guard; never raises for a failed call, returns an Outcome.

    Arguments:
        raw_call: the unguarded call (``AdapterSession.call_tool_raw`` fits).
        definition: the tool's *pinned* definition; None refuses the call (unknown tool).
        name: the tool (the outcome's ``operation``).
        arguments: the call's arguments, checked against the pinned ``inputSchema``.
        policy: deadlines, completeness and error-shape rules, secrets.
        events: receives ``dispatch_started``, ``request_sent``, ``result`` events.
        correlation_id: a caller-chosen id; one is generated otherwise, before the call.
        tool_ids: the server's tool names, for the policy's ``id_paths`` (unchecked: None).
        as_task: ``raw_call`` makes a task-augmented call (a framework's own request);
            False: a plain ``tools/call``. A way the pinned tool does not take is refused.
        protocol_version: the session's, where known: from 2026-07-28 a result's
            ``structuredContent`` may be any JSON value (before it, only an object).
    """
    cid = correlation_id or new_correlation_id()
    secrets = policy.secrets
    if definition is None:
        return refuse(Category.LOCAL_FAILURE, "not a pinned tool of this server",
                      operation=name, correlation_id=cid, events=events, secrets=secrets)
    started = time.monotonic()
    emit(events, secrets, cid, name, "dispatch_started")
    args = dict(arguments or {})
    reason = check_call_mode(definition, as_task=as_task) or check_arguments(definition, args)
    if reason is None and policy.id_paths and tool_ids is not None:
        reason = check_ids(args, policy.id_paths, tool_ids)
    if reason is not None:
        outcome = make_outcome(Verdict(Category.LOCAL_FAILURE, Retry.NEVER, reason),
                               operation=name, correlation_id=cid, sent=False,
                               started=started, secrets=secrets)
        emit(events, secrets, cid, name, "result", outcome=outcome)
        return outcome
    safe = is_safe_to_repeat(definition, policy)
    deadline = policy.deadline_for(name)
    emit(events, secrets, cid, name, "request_sent", deadline_s=deadline)
    decided, sent = await _call(raw_call, name, args, deadline, definition, policy, safe,
                                takes_any_structured(protocol_version))
    outcome = make_outcome(decided, operation=name, correlation_id=cid, sent=sent,
                           started=started, secrets=secrets)
    emit(events, secrets, cid, name, "result", outcome=outcome)
    return outcome


async def _call(raw_call: RawCall, name: str, args: dict[str, Any], deadline: float,
                definition: Mapping[str, Any], policy: GuardPolicy,
                safe: bool, any_structured: bool) -> tuple[Verdict, bool]:
    # the seam enforces the deadline; this backstop only catches a seam that does not
    backstop = deadline + min(2.0, deadline)
    try:
        raw = await asyncio.wait_for(raw_call(name, args, deadline), backstop)
    except asyncio.TimeoutError:
        return classify_failure(kind="timeout", sent=True, safe=safe), True
    except Exception as exc:
        return failure_verdict(exc, safe=safe)
    return classify_result(raw, definition, policy, safe=safe,
                           any_structured=any_structured), True


def failure_verdict(exc: BaseException, *, safe: bool) -> tuple[Verdict, bool]:
    """The verdict for an exception raised by a raw call, and whether the call was sent.

    The seam's ``CallFailure`` is read by its fields (``kind``, ``sent``, ``status``...), so
    the guard does not import the seam; anything else is a transport that broke in a way the
    seam did not foresee: a malformed response, sent."""
    kind = getattr(exc, "kind", None)
    if not isinstance(kind, str):
        return classify_failure(kind="malformed", sent=True, safe=safe,
                                message=f"{type(exc).__name__}: {exc}"), True
    sent = bool(getattr(exc, "sent", True))
    decided = classify_failure(
        kind=kind, sent=sent, safe=safe, status=getattr(exc, "status", None),
        retry_after=getattr(exc, "retry_after", None), code=getattr(exc, "code", None),
        message=str(getattr(exc, "message", None) or exc), data=getattr(exc, "data", None))
    return decided, sent


__all__ = ["RawCall", "failure_verdict", "guarded_call", "refuse"]
