"""The one validator factory: offline (a real listener counts zero requests), bounded, cached."""

from __future__ import annotations

import threading
from collections import OrderedDict

import pytest

from parity.errors import BoundsError, SchemaError
from parity.fieldpaths import validators as v
from parity.fieldpaths.schema import extract_paths
from parity.runtime import guard as g
from tests.threads import Meanwhile

POLICY = g.GuardPolicy(default_deadline=1.0, turn_budget=30.0)


def remote_tool(url: str) -> dict:
    remote = {"type": "object", "properties": {"city": {"$ref": f"{url}/city.json"}}}
    return {"name": "weather", "inputSchema": remote, "outputSchema": remote}


def test_a_remote_ref_is_refused_naming_tool_pointer_and_uri(ref_listener):
    schema = remote_tool(ref_listener.url)["inputSchema"]
    with pytest.raises(v.RemoteReferenceError) as caught:
        v.validator_for(schema, tool="weather", where="inputSchema")
    error = caught.value
    assert error.uri == f"{ref_listener.url}/city.json"
    assert error.location == "#/properties/city"
    assert "'weather'" in str(error) and error.uri in str(error)
    assert ref_listener.requests == []


def test_the_guard_refuses_the_call_and_fetches_nothing(ref_listener):
    tool = remote_tool(ref_listener.url)
    reason = g.check_arguments(tool, {"city": "Oslo"})
    assert reason is not None
    assert "weather" in reason and "#/properties/city" in reason
    assert f"{ref_listener.url}/city.json" in reason
    verdict = g.classify_result({"content": [], "structuredContent": {"city": 1}}, tool, POLICY)
    assert verdict.category == g.CONTRACT_VIOLATION
    assert f"{ref_listener.url}/city.json" in verdict.detail
    assert ref_listener.requests == []


def test_a_guarded_call_is_refused_before_it_is_sent(ref_listener):
    import asyncio

    sent: list[str] = []

    async def raw_call(tool, args, timeout):
        sent.append(tool)
        return {"content": []}

    outcome = asyncio.run(g.guarded_call(raw_call, remote_tool(ref_listener.url), "weather",
                                         {"city": "Oslo"}, policy=POLICY))
    assert outcome.category == g.LOCAL_FAILURE and sent == []
    assert ref_listener.requests == []


def test_a_relative_ref_outside_the_document_is_refused_too(ref_listener):
    schema = {"$id": f"{ref_listener.url}/root.json", "$ref": "other.json"}
    with pytest.raises(v.RemoteReferenceError) as caught:
        v.validator_for(schema)
    assert caught.value.uri == f"{ref_listener.url}/other.json"
    assert ref_listener.requests == []


def test_extraction_reports_the_remote_ref_and_fetches_nothing(ref_listener):
    warnings: list[str] = []
    table = extract_paths(remote_tool(ref_listener.url)["inputSchema"], tool="weather",
                          warnings=warnings)
    assert table["city"].unresolved == (f"{ref_listener.url}/city.json",)
    assert warnings and "not fetched" in warnings[0]
    assert ref_listener.requests == []


def test_local_refs_anchors_and_metaschemas_resolve():
    schema = {"$defs": {"n": {"$anchor": "num", "type": "integer"}},
              "type": "object", "properties": {
                  "a": {"$ref": "#/$defs/n"}, "b": {"$ref": "#num"},
                  "s": {"$ref": "https://json-schema.org/draft/2020-12/schema"}}}
    validator = v.validator_for(schema)
    assert validator.is_valid({"a": 1, "b": 2, "s": {"type": "string"}})
    assert not validator.is_valid({"a": "x"})


def test_a_dangling_local_ref_is_a_schema_error_naming_the_pointer():
    with pytest.raises(SchemaError) as caught:
        v.validator_for({"properties": {"a": {"$ref": "#/$defs/missing"}}}, tool="t")
    assert caught.value.location == "#/properties/a"


def test_references_that_multiply_are_refused_by_counting_nodes():
    levels = 40
    defs = {f"l{i}": {"allOf": [{"$ref": f"#/$defs/l{i + 1}"}, {"$ref": f"#/$defs/l{i + 1}"}]}
            for i in range(levels)}
    defs[f"l{levels}"] = {"type": "string"}
    with pytest.raises(BoundsError) as caught:
        v.validator_for({"$defs": defs, "$ref": "#/$defs/l0"}, tool="fan")
    assert "'fan'" in str(caught.value)


def test_recursion_is_not_expansion():
    tree = {"$defs": {"node": {"type": "object", "properties": {
        "children": {"type": "array", "items": {"$ref": "#/$defs/node"}}}}},
        "$ref": "#/$defs/node"}
    assert v.validator_for(tree).is_valid({"children": [{"children": []}]})


def test_validators_are_compiled_once_per_schema_content():
    v.clear_cache()
    first = v.validator_for({"type": "object", "properties": {"a": {"type": "integer"}}})
    again = v.validator_for({"properties": {"a": {"type": "integer"}}, "type": "object"})
    assert first is again
    assert v.validator_for({"type": "string"}) is not first


def test_another_thread_dropping_the_entry_just_found_raises_nothing(monkeypatch):
    """The guard validates in the agent's threads: another thread's call between this one's
    lookup of a validator and its move to the cache's end, which drops the entry just found,
    raised ``KeyError`` (a call refused as an unusable schema)."""
    first = {"type": "object", "properties": {"a": {"type": "string"}}}
    other = {"type": "object", "properties": {"b": {"type": "string"}}}
    meanwhile = Meanwhile(lambda: v.validator_for(other))

    class Interleaved(OrderedDict):  # type: ignore[type-arg]
        def get(self, key, default=None):
            found = super().get(key, default)
            if found is not None and threading.current_thread() is main:
                meanwhile.step()  # its `other` takes the one place, dropping ours
            return found

    main = threading.current_thread()
    monkeypatch.setattr(v, "CACHE_SIZE", 1)
    monkeypatch.setattr(v, "_CACHE", Interleaved())
    v.validator_for(first)
    assert v.validator_for(first).is_valid({"a": "x"})
    assert meanwhile.finish() is None
    assert list(v._CACHE) != [] and len(v._CACHE) == 1


def test_a_non_finite_number_in_a_schema_is_a_schema_error():
    with pytest.raises(SchemaError):
        v.validator_for({"maximum": float("nan")})


def test_has_tuple_items_finds_an_array_items_anywhere_and_visits_shared_nodes_once():
    assert not v.has_tuple_items({"type": "array", "items": {"type": "string"}})
    assert v.has_tuple_items({"properties": {"a": {"anyOf": [{}, {"items": [{}]}]}}})
    assert v.has_tuple_items([{"x": [{"items": []}]}])
    assert not v.has_tuple_items({"items": {"items": {"enum": [[1], {"items": 2}]}}})
    shared: dict[str, object] = {"type": "string"}
    for _ in range(200):  # 2**200 paths, 200 nodes
        shared = {"anyOf": [shared, shared]}
    assert not v.has_tuple_items(shared)
    assert v.has_tuple_items({"allOf": [shared, {"items": [True]}]})
