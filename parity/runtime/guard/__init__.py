"""The call-time guard: every tool call returns an ``Outcome``, never a bare result.

One module per reason to change:

- ``categories``: the outcome categories and their retry advice, in one table;
- ``policy``: deadlines, completeness and error-shape settings (``GuardPolicy``);
- ``schemas``: checks against the pinned input and output schemas;
- ``ids``: tool ids in arguments at a pair's configured ``id_paths``;
- ``modes``: the way of a call (plainly or as a task) against the pinned tool's;
- ``failure`` / ``classify``: pure classification of a failed call / an arrived result;
- ``complete``: whether a result is complete, incomplete or says nothing (``unknown``);
- ``outcome``: ``Verdict`` -> ``Outcome`` (parity's words, diagnostics redacted);
- ``events``: correlation ids and the JSONL event trail;
- ``call``: one guarded call (``guarded_call``, ``refuse``);
- ``session``: ``GuardedSession`` over a ``PinnedClient``.

Outcomes carry no provider text: messages are parity's own words, and the raw provider error
stays in ``Outcome.diagnostics``, which is redacted, not serialized by ``to_json`` and not
shown by ``repr``. See docs/guard.md.
"""

from __future__ import annotations

from parity.core.redact import redact
from parity.runtime.guard.call import RawCall, failure_verdict, guarded_call, refuse
from parity.runtime.guard.categories import (
    ADVICE,
    AUTHENTICATION_FAILED,
    AUTHORIZATION_DENIED,
    CATEGORIES,
    CONTRACT_VIOLATION,
    DEFINITIVE,
    DRIFTED,
    INPUT_REQUIRED,
    LOCAL_FAILURE,
    MALFORMED_RESPONSE,
    MESSAGES,
    NO_DEFINITIVE_CLAIMS,
    OK,
    OUTCOME_UNKNOWN,
    PARTIAL,
    RATE_LIMITED,
    RETRY_AFTER,
    RETRY_NEVER,
    RETRY_RECONCILE_FIRST,
    RETRY_SAFE,
    TOOL_ERROR,
    UNAVAILABLE,
    Advice,
    Category,
    Retry,
)
from parity.runtime.guard.classify import classify_result, takes_any_structured
from parity.runtime.guard.complete import UNKNOWN, assess, completeness
from parity.runtime.guard.events import EventSink, JsonlEvents, new_correlation_id
from parity.runtime.guard.failure import classify_failure
from parity.runtime.guard.modes import check_call_mode
from parity.runtime.guard.outcome import Outcome, Verdict, make_outcome, verdict
from parity.runtime.guard.policy import GuardPolicy, is_safe_to_repeat, policy_or_default
from parity.runtime.guard.schemas import check_arguments
from parity.runtime.guard.session import GuardedSession, Verified

__all__ = ["ADVICE", "AUTHENTICATION_FAILED", "AUTHORIZATION_DENIED", "CATEGORIES",
           "CONTRACT_VIOLATION", "DEFINITIVE", "DRIFTED", "INPUT_REQUIRED", "LOCAL_FAILURE",
           "MALFORMED_RESPONSE", "MESSAGES", "NO_DEFINITIVE_CLAIMS", "OK", "OUTCOME_UNKNOWN",
           "PARTIAL", "RATE_LIMITED", "RETRY_AFTER", "RETRY_NEVER", "RETRY_RECONCILE_FIRST",
           "RETRY_SAFE", "TOOL_ERROR", "UNAVAILABLE", "UNKNOWN", "Advice", "Category", "EventSink",
           "GuardPolicy", "GuardedSession", "JsonlEvents", "Outcome", "RawCall", "Retry", "Verdict",
           "Verified", "assess", "check_arguments", "check_call_mode", "classify_failure",
           "classify_result", "completeness", "failure_verdict", "guarded_call",
           "is_safe_to_repeat", "make_outcome", "new_correlation_id", "policy_or_default",
           "redact", "refuse", "takes_any_structured", "verdict"]
