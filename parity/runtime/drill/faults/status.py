"""Faults a server states with an HTTP status (over stdio: the JSON-RPC error carrying it):
a refused credential, a denied scope, a rate limit."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from parity.runtime.drill.faults._base import Action, Call, Fault, Fixture, Transport, expect
from parity.runtime.drill.faults._fixtures import LIST_ORDERS, LIST_RESULT
from parity.runtime.guard import Category

#: ``Retry-After`` the ``rate_limited`` mode sends.
RATE_LIMIT_DELAY = 1

_TEXT = {401: "Unauthorized: token_expired", 403: "Forbidden: insufficient_scope",
         429: "Too many requests: rate limited"}


def status_answer(call: Call, status: int) -> Action:
    """The server's refusal of ``call`` with ``status``: an HTTP answer, or over stdio the
    JSON-RPC error whose ``data`` carries the status (as stdio servers relay it)."""
    data: dict[str, Any] = {"status": status}
    headers: dict[str, str] = {}
    if status == 401:
        headers["WWW-Authenticate"] = 'Bearer error="invalid_token"'
    if status == 429:
        data["retryAfter"] = RATE_LIMIT_DELAY
        headers["Retry-After"] = str(RATE_LIMIT_DELAY)
    reply = {"jsonrpc": "2.0", "id": call.id,
             "error": {"code": -32000 - (status % 100), "message": _TEXT[status],
                       "data": data}}
    if call.transport == "http":
        return Action("answer", reply, status=status, headers=headers, note=f"HTTP {status}")
    return Action("answer", reply, note=f"HTTP {status}")


def _deny(call: Call) -> Action:
    return status_answer(call, 401 if call.number % 2 == 1 else 403)


def _denied(definition: Mapping[str, Any], index: int, transport: Transport) -> Category:
    return Category.AUTHENTICATION_FAILED if index % 2 == 0 else Category.AUTHORIZATION_DENIED


def _limit(call: Call) -> Action:
    return status_answer(call, 429)


DENIED = Fault(
    name="denied", does="HTTP 401 then 403 (stdio: a JSON-RPC error with `data.status`)",
    answers="`authentication_failed`, `authorization_denied`", expected=_denied,
    on_call=_deny, fixture=Fixture(LIST_ORDERS, LIST_RESULT))

RATE_LIMITED = Fault(
    name="rate_limited",
    does=f"HTTP 429 + `Retry-After: {RATE_LIMIT_DELAY}` (stdio: JSON-RPC error with "
         f"`data.status: 429, retryAfter: {RATE_LIMIT_DELAY}`)",
    answers="`rate_limited`", expected=expect(Category.RATE_LIMITED), on_call=_limit,
    fixture=Fixture(LIST_ORDERS, LIST_RESULT))

FAULTS = (DENIED, RATE_LIMITED)
