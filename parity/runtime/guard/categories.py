"""The guard's outcome categories and their retry advice, in one table (``ADVICE``).

A new category is one enum member and one ``ADVICE`` row: its message (parity's own words:
provider text never reaches an outcome) and what the orchestration may do next. Members are
``str`` values, so outcomes and event trails serialize them as their plain names.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum


class _Name(str, Enum):
    """A ``str`` enum that prints and formats as its value on every Python version."""

    def __str__(self) -> str:
        return str(self.value)

    def __format__(self, spec: str) -> str:
        return format(str(self.value), spec)


class Retry(_Name):
    """What the orchestration may do after an outcome."""

    #: do not retry: the same call fails the same way, or a person must act
    NEVER = "never"
    #: retry after the delay the server gave (``Outcome.retry_after``)
    AFTER = "after"
    #: the call may have taken effect: find out before any second call
    RECONCILE_FIRST = "reconcile_first"
    #: nothing was processed, or the tool is safe to repeat: retrying is harmless
    SAFE = "safe"


class Category(_Name):
    """What one guarded call came to."""

    OK = "ok"
    #: refused before sending: a way of calling the pinned tool does not take, arguments that
    #: fail its inputSchema, an unknown tool, or the transport could not start
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
    #: no result yet: the server asks the client for input first (MCP 2026-07-28's
    #: ``input_required``: an elicitation, a sampling, the roots), which this session does
    #: not answer
    INPUT_REQUIRED = "input_required"
    #: the deadline passed after a call to a tool not annotated read-only or idempotent was sent
    OUTCOME_UNKNOWN = "outcome_unknown"

    @property
    def message(self) -> str:
        """parity's own words for this category."""
        return ADVICE[self].message

    def retry(self, *, safe: bool = True) -> Retry:
        """The retry advice; ``safe``: whether the tool is read-only or idempotent."""
        advice = ADVICE[self]
        return advice.retry if safe or advice.retry_if_unsafe is None else \
            advice.retry_if_unsafe


@dataclass(frozen=True)
class Advice:
    """One row of the table: the message and the retry advice of a category."""

    message: str
    retry: Retry
    #: the advice for a tool not safe to repeat, when it differs
    retry_if_unsafe: Retry | None = None


ADVICE: Mapping[Category, Advice] = {
    Category.OK: Advice("the call succeeded and its result matches the pinned contract",
                        Retry.NEVER),
    Category.LOCAL_FAILURE: Advice("refused locally; nothing was sent", Retry.NEVER),
    Category.DRIFTED: Advice("refused locally: the server's definition of this tool no longer "
                             "matches the pinned one; nothing was sent", Retry.NEVER),
    # the detail says which: a server that answered HTTP 500 did answer
    Category.UNAVAILABLE: Advice("the server did not process the call: no answer within the "
                                 "tool's deadline, no connection, or an HTTP error status",
                                 Retry.SAFE),
    Category.AUTHENTICATION_FAILED: Advice(
        "the server refused the credential (401 or a rejected token); no other credential is "
        "tried: a person must renew it", Retry.NEVER),
    Category.AUTHORIZATION_DENIED: Advice(
        "the server denied this operation (403); no other credential is tried: a person with "
        "authority must grant the scope", Retry.NEVER),
    Category.RATE_LIMITED: Advice("the server is rate limiting this client", Retry.AFTER),
    Category.MALFORMED_RESPONSE: Advice("the response could not be read as a tool result",
                                        Retry.SAFE, Retry.RECONCILE_FIRST),
    Category.CONTRACT_VIOLATION: Advice("the result does not match the tool's pinned output "
                                        "schema", Retry.NEVER),
    Category.TOOL_ERROR: Advice("the tool reported an error", Retry.NEVER),
    Category.PARTIAL: Advice("the result declares itself incomplete: do not make definitive "
                             "claims about the set", Retry.NEVER),
    Category.INPUT_REQUIRED: Advice(
        "the server asks the client for input before it answers (a person's answer, a model's "
        "sampling, the roots); this session gives none: call through a client that answers "
        "input requests", Retry.NEVER),
    Category.OUTCOME_UNKNOWN: Advice(
        "the deadline passed after the call was sent; whether the operation took effect is "
        "unknown: reconcile before any second call", Retry.RECONCILE_FIRST),
}

#: Every category, in the table's order.
CATEGORIES: tuple[Category, ...] = tuple(Category)
#: parity's message per category (a view of ``ADVICE``).
MESSAGES: Mapping[Category, str] = {c: a.message for c, a in ADVICE.items()}

#: The orchestration may state the result as the whole answer.
DEFINITIVE = "definitive"
#: The orchestration must not make definitive claims about the set (partial, or no result).
NO_DEFINITIVE_CLAIMS = "no_definitive_claims"

# the short names the guard's callers and docs use
OK = Category.OK
LOCAL_FAILURE = Category.LOCAL_FAILURE
DRIFTED = Category.DRIFTED
UNAVAILABLE = Category.UNAVAILABLE
AUTHENTICATION_FAILED = Category.AUTHENTICATION_FAILED
AUTHORIZATION_DENIED = Category.AUTHORIZATION_DENIED
RATE_LIMITED = Category.RATE_LIMITED
MALFORMED_RESPONSE = Category.MALFORMED_RESPONSE
CONTRACT_VIOLATION = Category.CONTRACT_VIOLATION
TOOL_ERROR = Category.TOOL_ERROR
PARTIAL = Category.PARTIAL
INPUT_REQUIRED = Category.INPUT_REQUIRED
OUTCOME_UNKNOWN = Category.OUTCOME_UNKNOWN
RETRY_NEVER = Retry.NEVER
RETRY_AFTER = Retry.AFTER
RETRY_RECONCILE_FIRST = Retry.RECONCILE_FIRST
RETRY_SAFE = Retry.SAFE

__all__ = ["ADVICE", "AUTHENTICATION_FAILED", "AUTHORIZATION_DENIED", "CATEGORIES",
           "CONTRACT_VIOLATION", "DEFINITIVE", "DRIFTED", "INPUT_REQUIRED", "LOCAL_FAILURE",
           "MALFORMED_RESPONSE",
           "MESSAGES", "NO_DEFINITIVE_CLAIMS", "OK", "OUTCOME_UNKNOWN", "PARTIAL", "RATE_LIMITED",
           "RETRY_AFTER", "RETRY_NEVER", "RETRY_RECONCILE_FIRST", "RETRY_SAFE", "TOOL_ERROR",
           "UNAVAILABLE", "Advice", "Category", "Retry"]
