"""Error-shaped bodies (``guard.errorshape``): what fails a success (structured evidence), what
only flags it (``suspect``: never definitive), and what a declared schema makes data."""

from __future__ import annotations

import pytest
from guardfixtures import POLICY, WRITER, result

from parity.runtime import guard as g


def outcome(raw, definition=WRITER):
    verdict = g.classify_result(raw, definition, POLICY)
    return g.make_outcome(verdict, operation="t", correlation_id="c", sent=True, started=0.0)


def model(**properties):
    """A tool whose output schema declares ``properties`` (a typed return)."""
    return {"name": "t", "outputSchema": {"type": "object", "properties": {
        k: {} for k in properties}}}


@pytest.mark.parametrize("body", [
    {"Error": "rpc error: code = Unavailable desc = connection refused", "Code": 14},  # Go
    {"errorMessage": "Task timed out after 3.00 seconds", "errorType": "TimeoutError"},
    {"data": None, "errors": [{"message": "Cannot query field"}]},              # GraphQL
    {"ERROR": "boom", "requestId": "r1", "timestamp": "2026-12-07T00:00:00Z"},
])
def test_an_error_object_in_any_case_or_beside_empty_data_is_a_tool_error(body):
    assert outcome(result(body)).category == g.TOOL_ERROR


@pytest.mark.parametrize("body", [
    {"ok": False, "message": "channel_not_found"},                       # Slack
    {"status": "error", "message": "database connection refused"},       # JSend
    {"status": "fail", "data": {"title": "required"}},
    {"success": False, "message": "quota exceeded"},
    {"data": None, "result": {"error": {"code": 500, "message": "internal error"}}},
])
def test_a_failure_without_an_error_key_is_a_suspect_success_never_definitive(body):
    got = outcome(result(body))
    assert (got.category, bool(got.suspect), got.answer_policy) == (
        g.OK, True, g.NO_DEFINITIVE_CLAIMS), got
    assert "reads like a failure" in got.message


@pytest.mark.parametrize(("body", "declared"), [
    ({"ok": False, "channel": "c1"}, {"ok": {}, "channel": {}}),
    ({"status": "error", "id": 3}, {"status": {}, "id": {}}),
])
def test_a_declared_field_saying_failure_is_data(body, declared):
    got = outcome(result(body), {"name": "t", "outputSchema": {"type": "object",
                                                               "properties": declared}})
    assert (got.category, got.suspect, got.answer_policy) == (g.OK, "", g.DEFINITIVE)


def test_a_health_check_declaring_status_and_error_is_data_not_a_failure():
    # the probe's Health(status="down", error="database unreachable"), both fields declared:
    # `status` counted as error-like made it a tool_error; it is the check's answer, flagged
    # since nothing beside the error says it is more than one
    got = outcome(result({"status": "down", "error": "database unreachable"}),
                  model(status=str, error=str))
    assert (got.category, bool(got.suspect)) == (g.OK, True)
    assert got.answer_policy == g.NO_DEFINITIVE_CLAIMS
    # a declared error beside other data is plain data
    got = outcome(result({"service": "db", "status": "down", "error": "unreachable"}),
                  model(service=str, status=str, error=str))
    assert (got.category, got.suspect, got.answer_policy) == (g.OK, "", g.DEFINITIVE)
    # and an error alone stays an error, declared or not
    assert outcome(result({"error": "rate_limited"}), model(status=str, error=str)
                   ).category == g.TOOL_ERROR


def test_an_undeclared_errors_list_beside_data_is_a_linter_s_findings_flagged():
    got = outcome(result({"file": "a.py", "errors": [{"line": 3, "message": "unused import"}],
                          "warnings": []}))
    assert (got.category, bool(got.suspect)) == (g.OK, True)
    text = result(None, text='{"file": "a.py", "errors": [{"line": 3}], "warnings": []}')
    assert outcome(text).category == g.OK
    # declared, the findings are plain data
    got = outcome(result({"file": "a.py", "errors": [{"line": 3}]}), model(file=1, errors=1))
    assert (got.category, got.suspect) == (g.OK, "")


def test_an_undeclared_error_beside_data_stays_a_tool_error_declared_it_is_data():
    # a CI build's `error` cannot be told from `{"id": 42, "error": "not found"}` unless
    # the tool declares it (a typed return): then it is the build's data
    build = {"id": 42, "status": "failed", "error": "test_x failed"}
    assert outcome(result(build)).category == g.TOOL_ERROR
    got = outcome(result(build), model(id=1, status=1, error=1))
    assert (got.category, got.answer_policy) == (g.OK, g.DEFINITIVE)


LOGS = {"name": "search_logs", "outputSchema": {
    "type": "object", "required": ["result"], "properties": {"result": {
        "type": "array", "items": {"type": "object", "additionalProperties": True}}}}}
HIT = {"id": 17, "ts": "2026-12-07T03:12:00Z", "level": "error",
       "error": "disk full on /dev/sda1"}


@pytest.mark.parametrize("hits", [[HIT], [HIT, {**HIT, "id": 18}]])
def test_the_items_of_a_declared_array_are_data_whatever_their_count(hits):
    # the probe's `-> list[dict[str, Any]]` log search: tool_error at limit=1, ok at 2
    got = outcome(result({"result": hits}), LOGS)
    assert (got.category, got.suspect) == (g.OK, ""), got


@pytest.mark.parametrize(("value", "category", "suspect"), [
    ([{"error": "rate_limited"}], g.TOOL_ERROR, False),     # every item a bare error
    ([{"error": "a"}, {"error": "b"}], g.TOOL_ERROR, False),
    ([{"error": "a"}, {"id": 2}], g.OK, True),               # some: flagged
])
def test_a_list_of_bare_errors_is_an_error_in_every_form(value, category, suspect):
    import json
    for raw, definition in ((result({"result": value}), LOGS),
                            (result(None, text=json.dumps(value)), WRITER)):
        got = outcome(raw, definition)
        assert (got.category, bool(got.suspect)) == (category, suspect), (raw, got)


def test_a_key_the_items_schema_declares_is_their_data_even_alone():
    # MCP 2026-07-28: an array result whose items declare `error` (a job list's record)
    jobs = {"name": "t", "outputSchema": {"type": "array", "items": {
        "type": "object", "properties": {"id": {"type": "integer"}, "error": {}}}}}
    def category(definition):
        return g.classify_result(result([{"error": "rate_limited"}]), definition, POLICY,
                                 any_structured=True).category

    assert category(jobs) == g.OK
    assert category(WRITER) == g.TOOL_ERROR  # undeclared: every item a bare error
