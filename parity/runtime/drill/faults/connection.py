"""Faults of the connection: no answer, an answer too late, an answer cut in half."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from parity.runtime.drill.faults._base import (
    Action,
    Call,
    Fault,
    Fixture,
    Rewrite,
    Transport,
    expect,
    lost,
)
from parity.runtime.drill.faults._fixtures import (
    CREATE_ORDER,
    CREATE_RESULT,
    LIST_ORDERS,
    LIST_RESULT,
)
from parity.runtime.guard import Category


def _no_answer(call: Call) -> Action:
    if call.transport == "stdio":
        return Action("drop", note="no answer")
    return Action("refuse", note="refused")


def _unavailable(definition: Mapping[str, Any], index: int, transport: Transport) -> Category:
    # HTTP: the listener is closed, so the connection is refused before anything is sent
    return Category.UNAVAILABLE if transport == "http" else lost(definition, index, transport)


def _hold(result: Mapping[str, Any], transport: Transport,
          definition: Mapping[str, Any] | None) -> Rewrite:
    return Rewrite(dict(result), "slow", hold=True)


def _cut(result: Mapping[str, Any], transport: Transport,
         definition: Mapping[str, Any] | None) -> Rewrite:
    return Rewrite(dict(result), "truncated_json", truncate=True)


UNAVAILABLE = Fault(
    name="unavailable",
    does="stdio: swallows the call, never answers; HTTP: stops listening (connection refused)",
    answers="stdio: `outcome_unknown`, or `unavailable` for read-only/idempotent tools; "
            "HTTP: `unavailable`",
    expected=_unavailable, on_call=_no_answer, fixture=Fixture(LIST_ORDERS, LIST_RESULT))

SLOW = Fault(
    name="slow", does="the answer held past the deadline (the call did reach the server)",
    answers="`outcome_unknown`, or `unavailable` for read-only/idempotent tools",
    expected=lost, on_result=_hold, fixture=Fixture(CREATE_ORDER, CREATE_RESULT))

TRUNCATED_JSON = Fault(
    name="truncated_json", does="the answer cut in the middle of its JSON",
    answers="`malformed_response`", expected=expect(Category.MALFORMED_RESPONSE),
    on_result=_cut, fixture=Fixture(LIST_ORDERS, LIST_RESULT))

FAULTS = (UNAVAILABLE, SLOW, TRUNCATED_JSON)
