"""The guard's pure classification: every category, its retry, and what an outcome never holds."""

from __future__ import annotations

import asyncio
import json

import pytest

from parity.errors import ConfigError
from parity.runtime import guard as g

POLICY = g.GuardPolicy(default_deadline=1.0, turn_budget=30.0)
PAGE_SCHEMA = {"type": "object", "properties": {
    "orders": {"type": "array", "items": {"type": "string"}}, "total": {"type": "integer"},
    "complete": {"type": "boolean"}, "missing": {"type": "array"}},
    "required": ["orders"], "additionalProperties": False}
TOOL = {"name": "list_orders", "inputSchema": {
    "type": "object", "properties": {"customer": {"type": "string", "minLength": 2}},
    "required": ["customer"]}, "outputSchema": PAGE_SCHEMA,
    "annotations": {"readOnlyHint": True}}
WRITER = {"name": "create", "inputSchema": {"type": "object"}}


def result(structured=None, *, text=None, is_error=None):
    out = {"content": [{"type": "text", "text": text if text is not None
                        else json.dumps(structured)}]}
    if structured is not None:
        out["structuredContent"] = structured
    if is_error is not None:
        out["isError"] = is_error
    return out


def category(raw, definition=TOOL):
    return g.classify_result(raw, definition, POLICY).category


def test_a_result_matching_the_pinned_output_schema_is_ok():
    verdict = g.classify_result(result({"orders": ["a", "b"], "total": 2}), TOOL, POLICY)
    assert (verdict.category, verdict.result) == (g.OK, {"orders": ["a", "b"], "total": 2})


@pytest.mark.parametrize("raw", [
    {}, {"content": "text"}, [], {"content": [{"text": "no type"}]},
    {"content": [], "structuredContent": [1]}, {"content": [], "isError": "yes"},
])
def test_a_wrong_envelope_is_malformed(raw):
    assert category(raw) == g.MALFORMED_RESPONSE


def test_is_error_is_a_tool_error():
    assert category(result({"orders": []}, is_error=True)) == g.TOOL_ERROR


@pytest.mark.parametrize("raw", [
    result({"error": "rate_limited"}),                      # the incident
    result(None, text='{"error": "rate_limited"}'),          # the same, as text only
])
def test_a_success_whose_body_is_error_shaped_is_a_tool_error(raw):
    assert category(raw) == g.TOOL_ERROR
    assert category(raw, WRITER) == g.TOOL_ERROR


def test_an_error_key_the_output_schema_declares_is_data_when_other_fields_are_there():
    schema = {"type": "object", "properties": {"value": {}, "error": {}}}
    tool = {"name": "t", "outputSchema": schema}
    assert category(result({"value": 1, "error": "rounded"}), tool) == g.OK
    assert category(result({"error": "rate_limited"}), tool) == g.TOOL_ERROR


def test_prose_that_starts_like_an_error_is_a_suspect_success_not_a_failure():
    # server-filesystem's read_file of a log whose text begins "Error: disk full": real data
    tool = {"name": "read_file"}
    verdict = g.classify_result(result(None, text="Error: disk full at 03:12\nok"), tool,
                                POLICY)
    assert verdict.category == g.OK
    assert "reads like an error" in verdict.suspect
    outcome = g.make_outcome(verdict, operation="read_file", correlation_id="c", sent=True,
                             started=0.0)
    assert outcome.to_json()["suspect"] == verdict.suspect


def test_text_that_merely_mentions_an_error_is_not_one():
    assert category(result(None, text="No error found in 3 files"), WRITER) == g.OK


def test_the_pinned_output_schema_is_enforced():
    assert category(result({"result": None, "extra": "x"})) == g.CONTRACT_VIOLATION
    assert category({"content": [{"type": "text", "text": "{}"}]}) == g.CONTRACT_VIOLATION


@pytest.mark.parametrize(("structured", "missing"), [
    ({"orders": ["a"], "complete": False, "missing": ["page 2"]}, ("page 2",)),
    ({"orders": ["a"], "total": 3}, ("2 of 3 `orders` items",)),
])
def test_a_result_that_declares_itself_incomplete_is_partial(structured, missing):
    verdict = g.classify_result(result(structured), TOOL, POLICY)
    assert (verdict.category, verdict.missing) == (g.PARTIAL, missing)
    outcome = g.make_outcome(verdict, operation="list_orders", correlation_id="c", sent=True,
                             started=0.0)
    assert not outcome.ok
    assert outcome.answer_policy == g.NO_DEFINITIVE_CLAIMS
    assert outcome.result == structured  # the data is kept, marked as incomplete


def test_a_count_equal_to_the_array_is_complete():
    assert category(result({"orders": ["a", "b"], "total": 2, "complete": True})) == g.OK
    verdict = g.classify_result(result({"orders": ["a", "b"], "total": 2}), TOOL, POLICY)
    assert verdict.complete is True


LISTER = {"name": "read_graph"}


def test_a_list_that_declares_nothing_is_complete_unknown_and_not_definitive():
    verdict = g.classify_result(result({"entities": ["a"], "relations": []}), LISTER, POLICY)
    assert (verdict.category, verdict.complete) == (g.OK, g.UNKNOWN)
    outcome = g.make_outcome(verdict, operation="read_graph", correlation_id="c", sent=True,
                             started=0.0)
    assert outcome.ok and outcome.to_json()["complete"] == "unknown"
    assert outcome.answer_policy == g.NO_DEFINITIVE_CLAIMS


def test_a_result_without_arrays_is_complete():
    verdict = g.classify_result(result({"temp": 3}), {"name": "weather"}, POLICY)
    assert verdict.complete is True


@pytest.mark.parametrize(("declaration", "body", "complete"), [
    ({"total": "page.hits_total"}, {"page": {"hits_total": 2, "hits": ["a", "b"]}}, True),
    ({"total": "page.hits_total"}, {"page": {"hits_total": 3, "hits": ["a", "b"]}}, False),
    ({"total": "n", "items": "rows"}, {"n": 1, "rows": ["a"], "cols": []}, True),
    ({"cursor": "nextCursor"}, {"items": ["a"], "nextCursor": "p2"}, False),
    ({"cursor": "nextCursor"}, {"items": ["a"], "nextCursor": None}, True),
    ({"more": "has_more"}, {"items": ["a"], "has_more": True}, False),
    ({"complete": "done"}, {"items": ["a"], "done": True}, True),
    ({"total": "absent"}, {"items": ["a"]}, g.UNKNOWN),
])
def test_a_declared_completeness_is_verified(declaration, body, complete):
    policy = g.GuardPolicy(completeness={"read_graph": declaration})
    verdict = g.classify_result(result(body), LISTER, policy)
    assert verdict.complete == complete
    assert verdict.category == (g.PARTIAL if complete is False else g.OK)


@pytest.mark.parametrize(("failure", "expected", "retry"), [
    (dict(kind="http_status", status=401), g.AUTHENTICATION_FAILED, g.RETRY_NEVER),
    (dict(kind="http_status", status=403), g.AUTHORIZATION_DENIED, g.RETRY_NEVER),
    (dict(kind="http_status", status=429, retry_after=7.0), g.RATE_LIMITED, g.RETRY_AFTER),
    (dict(kind="jsonrpc_error", code=-32000, message="x", data={"status": 429,
                                                                "retryAfter": 3}),
     g.RATE_LIMITED, g.RETRY_AFTER),
    (dict(kind="jsonrpc_error", code=-32001, message="Unauthorized: token_expired"),
     g.AUTHENTICATION_FAILED, g.RETRY_NEVER),
    (dict(kind="jsonrpc_error", code=-32602, message="bad params"), g.TOOL_ERROR,
     g.RETRY_NEVER),
    (dict(kind="unavailable", sent=False), g.UNAVAILABLE, g.RETRY_SAFE),
    (dict(kind="timeout", sent=True, safe=True), g.UNAVAILABLE, g.RETRY_SAFE),
    (dict(kind="timeout", sent=True), g.OUTCOME_UNKNOWN, g.RETRY_RECONCILE_FIRST),
    (dict(kind="malformed", sent=True), g.MALFORMED_RESPONSE, g.RETRY_RECONCILE_FIRST),
    (dict(kind="malformed", sent=True, safe=True), g.MALFORMED_RESPONSE, g.RETRY_SAFE),
])
def test_call_failures_map_to_a_category_and_a_retry(failure, expected, retry):
    failure = {"sent": True, "safe": False, **failure}
    verdict = g.classify_failure(**failure)
    assert (verdict.category, verdict.retry) == (expected, retry)


def test_rate_limited_carries_the_servers_delay():
    verdict = g.classify_failure(kind="jsonrpc_error", sent=True, safe=False, code=-32000,
                                 message="slow down", data={"status": 429, "retryAfter": 3})
    assert verdict.retry_after == 3.0
    outcome = g.make_outcome(verdict, operation="t", correlation_id="c", sent=True,
                             started=0.0)
    assert outcome.to_json()["retry_after"] == 3.0


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


def test_a_deadline_must_be_shorter_than_the_turn():
    with pytest.raises(ConfigError) as info:
        g.GuardPolicy(default_deadline=40.0, turn_budget=30.0)  # `parity drill --deadline 40`
    assert "default deadline = 40.0 s: expected a positive number below the turn budget " \
           "(30 s)" in str(info.value)
    with pytest.raises(ConfigError, match="deadline of slow_tool"):
        g.GuardPolicy(turn_budget=10.0, deadlines={"slow_tool": 12.0})


def test_the_serialized_outcome_holds_no_diagnostics_and_no_secret():
    secret = "tok-9f8e7d"
    verdict = g.classify_failure(kind="http_status", sent=True, safe=False, status=401,
                                 message=f"bearer {secret} rejected")
    outcome = g.make_outcome(verdict, operation="t", correlation_id="c", sent=True,
                             started=0.0, secrets=(secret,))
    assert secret not in json.dumps(outcome.to_json())
    assert secret not in repr(outcome)
    assert secret not in json.dumps(outcome.diagnostics)
    assert "***" in json.dumps(outcome.diagnostics)  # kept for operators, redacted


def test_every_category_has_a_message_and_every_outcome_field_is_json():
    assert set(g.MESSAGES) == set(g.CATEGORIES)
    outcome = g.refuse(g.DRIFTED, "changed", operation="t")
    assert json.loads(json.dumps(outcome.to_json()))["category"] == g.DRIFTED
    assert set(outcome.to_json()) >= {"ok", "category", "retry", "operation",
                                      "correlation_id", "message"}
