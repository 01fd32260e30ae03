"""One guarded call (``guard.call``, ``guard.schemas``): refused before sending, cut by the
backstop."""

from __future__ import annotations

import asyncio

from guardfixtures import POLICY, TOOL, WRITER, result

from parity.runtime import guard as g


def test_arguments_failing_the_pinned_input_schema_are_refused_without_their_value():
    reason = g.check_arguments(TOOL, {"customer": "Q"})
    assert reason == "arguments fail the pinned inputSchema at $.customer (minLength)"
    assert g.check_arguments(TOOL, {"customer": "ab"}) is None
    assert g.check_arguments(TOOL, ["not", "an", "object"]) is not None


def test_a_refused_call_is_never_sent_and_gets_a_correlation_id_first():
    sent = []
    events = []

    async def raw_call(name, args, timeout):
        sent.append(name)
        return result({"orders": []})

    outcome = asyncio.run(g.guarded_call(raw_call, TOOL, "list_orders", {"customer": 1},
                                         policy=POLICY, events=events.append))
    assert sent == []
    assert (outcome.category, outcome.retry, outcome.sent) == (g.LOCAL_FAILURE,
                                                              g.RETRY_NEVER, False)
    assert [e["event"] for e in events] == ["dispatch_started", "result"]
    assert {e["correlation_id"] for e in events} == {outcome.correlation_id}
    unknown = asyncio.run(g.guarded_call(raw_call, None, "nope", {}, policy=POLICY))
    assert unknown.category == g.LOCAL_FAILURE and sent == []


def test_an_adapter_that_ignores_the_deadline_is_cut_by_the_backstop():
    cancelled = []

    async def never(name, args, timeout):
        try:
            await asyncio.sleep(60)
        except asyncio.CancelledError:
            cancelled.append(timeout)
            raise

    policy = g.GuardPolicy(default_deadline=0.1)
    outcome = asyncio.run(g.guarded_call(never, WRITER, "create", {}, policy=policy))
    assert (outcome.category, outcome.retry) == (g.OUTCOME_UNKNOWN, g.RETRY_RECONCILE_FIRST)
    # the backstop cancelled the call it was given the tool's deadline for
    assert cancelled == [0.1]
