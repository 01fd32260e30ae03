"""Classifying a result that arrived (``guard.classify``): envelope, errors, the pinned output
schema, completeness."""

from __future__ import annotations

import pytest
from guardfixtures import POLICY, TOOL, WRITER, category, result

from parity.runtime import guard as g
from parity.runtime.guard.declared import MAX_NODES, declared_keys


def test_a_result_matching_the_pinned_output_schema_is_ok():
    verdict = g.classify_result(result({"orders": ["a", "b"], "total": 2}), TOOL, POLICY)
    assert (verdict.category, verdict.result) == (g.OK, {"orders": ["a", "b"], "total": 2})


@pytest.mark.parametrize("raw", [
    {}, {"content": "text"}, [], {"content": [{"text": "no type"}]},
    {"content": [], "structuredContent": [1]}, {"content": [], "isError": "yes"},
])
def test_a_wrong_envelope_is_malformed(raw):
    assert category(raw) == g.MALFORMED_RESPONSE


#: MCP 2026-07-28 (SEP-2106): an output schema of any type, and a result to match it
ARRAY_TOOL = {"name": "recent", "inputSchema": {"type": "object"}, "outputSchema": {
    "type": "array", "items": {"type": "object", "properties": {"id": {"type": "integer"}},
                               "required": ["id"]}}}


@pytest.mark.parametrize(("version", "any_value"), [
    ("2026-07-28", True), ("2027-01-15", True), ("2025-11-25", False), ("2025-03-26", False),
    (None, False), ("DRAFT-2026-v1", False), ("", False)])
def test_structured_content_may_be_any_json_value_from_2026_07_28(version, any_value):
    assert g.takes_any_structured(version) is any_value
    raw = result([{"id": 1}, {"id": 2}])
    verdict = g.classify_result(raw, ARRAY_TOOL, POLICY,
                                any_structured=g.takes_any_structured(version))
    if any_value:
        assert (verdict.category, verdict.result) == (g.OK, [{"id": 1}, {"id": 2}])
    else:
        assert verdict.category == g.MALFORMED_RESPONSE
        assert "only from MCP 2026-07-28 may it be any JSON value" in verdict.detail


def test_a_value_of_any_type_is_still_held_to_the_pinned_output_schema():
    def classify(structured, definition=ARRAY_TOOL):
        return g.classify_result(result(structured), definition, POLICY, any_structured=True)

    verdict = classify([{"id": "one"}])
    assert verdict.category == g.CONTRACT_VIOLATION
    assert verdict.detail.endswith("structuredContent fails the pinned outputSchema at "
                                   "$[0].id (type)")
    assert classify({"id": 1}).category == g.CONTRACT_VIOLATION  # an object, not the array
    assert classify("plain text", WRITER).category == g.OK  # no schema: any value
    # a list's items are data, but a list of nothing but error objects is the SDK's
    # `-> list[dict]` returning its error (the same rule as inside `{"result": [...]}`)
    assert classify([{"id": 1, "error": "rate_limited"}], WRITER).category == g.OK
    assert classify([{"error": "rate_limited"}], WRITER).category == g.TOOL_ERROR


@pytest.mark.parametrize(("raw", "asked"), [
    ({"resultType": "input_required", "requestState": "s1", "inputRequests": {
        "ok": {"method": "elicitation/create", "params": {"message": "Go ahead?"}},
        "model": {"method": "sampling/createMessage", "params": {}}}},
     "elicitation/create, sampling/createMessage"),
    ({"resultType": "input_required", "requestState": "s1"},
     "nothing named (a request state only)")])
def test_a_result_that_asks_for_input_first_is_no_result(raw, asked):
    """MCP 2026-07-28: ``input_required`` is a step of a call, neither a success nor a
    malformed result (it has no ``content``)."""
    verdict = g.classify_result(raw, TOOL, POLICY)
    assert verdict.category == g.INPUT_REQUIRED and verdict.retry == g.RETRY_NEVER
    assert verdict.detail == f"resultType input_required: the server asks for {asked}"
    # a complete result of that name is a result like any other
    assert category({**result({"orders": [], "total": 0}), "resultType": "complete"}) == g.OK


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


ERROR_FIELD = {"type": ["string", "null"]}
CHECK = {"type": "object", "properties": {"name": {"type": "string"}, "error": ERROR_FIELD}}


@pytest.mark.parametrize("schema", [
    {"type": "object", "allOf": [CHECK]},                          # a composed model
    {"$ref": "#/$defs/Check", "$defs": {"Check": CHECK}},         # a top-level reference
    {"$ref": "#/definitions/Check", "definitions": {"Check": CHECK}},
    {"allOf": [{"$ref": "#/$defs/Base"}], "$defs": {"Base": {"allOf": [CHECK]}}},
    {"anyOf": [{"$ref": "#/$defs/Check"}, {"type": "null"}], "$defs": {"Check": CHECK}},
    {"oneOf": [CHECK, {"type": "null"}]},                           # X | None
])
def test_an_error_key_declared_through_references_and_combinators_is_data(schema):
    tool = {"name": "check", "outputSchema": schema}
    assert category(result({"name": "disk", "error": "full"}), tool) == g.OK
    # declared or not, an error alone is an error
    assert category(result({"error": "rate_limited"}), tool) == g.TOOL_ERROR


@pytest.mark.parametrize("schema", [
    {"$ref": "https://example.com/check.json"},                     # never fetched
    {"not": CHECK},                                                 # forbids, declares nothing
    {"$ref": "#/$defs/Missing", "$defs": {}},
])
def test_an_error_key_the_schema_does_not_declare_stays_an_error(schema):
    tool = {"name": "check", "outputSchema": schema}
    assert category(result({"name": "disk", "error": "full"}), tool) == g.TOOL_ERROR


def test_a_cycle_of_references_declares_what_it_reaches_and_ends():
    schema = {"$ref": "#/$defs/A", "$defs": {
        "A": {"allOf": [{"$ref": "#/$defs/B"}], "properties": {"name": {}}},
        "B": {"anyOf": [{"$ref": "#/$defs/A"}, {"$ref": "#"},
                        {"properties": {"error": ERROR_FIELD}}]}}}
    assert declared_keys(schema, schema) == {"name", "error"}


def test_the_walk_of_a_schema_is_bounded():
    # a chain longer than the bound: what lies past it is not seen (at worst a false
    # tool_error, never an error taken for data), and the walk ends
    defs = {f"d{i}": {"allOf": [{"$ref": f"#/$defs/d{i + 1}"}]} for i in range(MAX_NODES)}
    defs[f"d{MAX_NODES}"] = {"properties": {"error": ERROR_FIELD}}
    schema = {"$ref": "#/$defs/d0", "$defs": defs}
    assert declared_keys(schema, schema) == frozenset()
    wide = {"anyOf": [{"properties": {f"k{i}": {}}} for i in range(10 * MAX_NODES)]}
    assert len(declared_keys(wide, wide)) < MAX_NODES


@pytest.mark.parametrize("text", ['\ufeff{"error": "rate_limited"}',
                                  ' \ufeff {"error": "rate_limited"}\n'])
def test_a_byte_order_mark_does_not_hide_an_error_body(text):
    assert category(result(None, text=text), WRITER) == g.TOOL_ERROR


def test_a_byte_order_mark_does_not_hide_an_error_the_sdk_wrapped():
    # a `-> str` tool returning a BOM and json.dumps({"error": ...}): {"result": "\ufeff{..."}
    wrapping = {"type": "object", "properties": {"result": {"type": "string"}},
                "required": ["result"]}
    body = {"result": '\ufeff{"error": "rate_limited"}'}
    assert category(result(body), {"name": "lookup", "outputSchema": wrapping}) == g.TOOL_ERROR


def test_a_byte_order_mark_does_not_hide_prose_that_reads_like_an_error():
    verdict = g.classify_result(result(None, text="\ufeffError: disk full"), WRITER, POLICY)
    assert (verdict.category, bool(verdict.suspect)) == (g.OK, True)


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


def test_a_value_too_deep_to_check_is_not_taken_as_passing_nor_blamed_on_the_schema():
    """A value that runs the validator past Python's recursion limit (here a string of a
    `format: regex` that `re` parses recursively) is said to be unchecked: the schema that
    compiled and decides every other value is not called unusable, and nothing passes."""
    tool = {"name": "find", "inputSchema": {"type": "object", "properties": {
        "expr": {"type": "string", "format": "regex"}}},
        "outputSchema": {"type": "object", "properties": {
            "expr": {"type": "string", "format": "regex"}}}}
    deep = "(" * 5000 + ")" * 5000
    verdict = g.classify_result({"content": [], "structuredContent": {"expr": deep}}, tool,
                                POLICY)
    assert verdict.category == g.CONTRACT_VIOLATION
    assert verdict.detail == ("structuredContent could not be checked against the pinned "
                              "outputSchema: it nests too deeply for the validator (Python's "
                              "recursion limit); it is not taken as passing")
    assert g.check_arguments(tool, {"expr": deep}) == (
        "arguments could not be checked against the pinned inputSchema: it nests too deeply "
        "for the validator (Python's recursion limit); it is not taken as passing")
    assert g.check_arguments(tool, {"expr": "(a)"}) is None
    assert g.classify_result({"content": [], "structuredContent": {"expr": "(a"}}, tool,
                             POLICY).detail.endswith("at $.expr (format)")


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
