"""Arguments generated from a tool's inputSchema: valid, deterministic, never fetched."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parity.runtime.arguments import generate_arguments, generate_instance
from tests.properties import draws

# tools/list of published servers (@modelcontextprotocol/server-filesystem, server-memory,
# server-everything 2026.8.31, mcp-server-time 2026.10.19), captured by tests/published
TOOLS = Path(__file__).parent.parent / "fixtures" / "published" / "tools.json"


def _valid(schema: dict, value: object) -> bool:
    cls = jsonschema.validators.validator_for(schema)
    return cls(schema, format_checker=cls.FORMAT_CHECKER).is_valid(value)


CASES = {
    "pattern and bounds": {
        "type": "object", "required": ["code", "n", "tags"],
        "properties": {
            "code": {"type": "string", "pattern": "^[A-Z]{3}-\\d{4}$"},
            "n": {"type": "integer", "minimum": 5, "maximum": 7, "multipleOf": 3},
            "tags": {"$ref": "#/$defs/Tags"}},
        "$defs": {"Tags": {"type": "array", "items": {"type": "string", "format": "email"},
                           "minItems": 2, "uniqueItems": True}}},
    "exclusive bounds": {"type": "object", "required": ["a", "b"], "properties": {
        "a": {"type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 1},
        "b": {"type": "integer", "exclusiveMinimum": 0, "maximum": 3}}},
    "enum, const, optional left out": {"type": "object", "required": ["kind", "v"],
                                       "properties": {"kind": {"enum": ["b", "a"]},
                                                      "v": {"const": 3},
                                                      "opt": {"type": "string"}}},
    "recursive reference": {
        "$defs": {"Node": {"type": "object", "required": ["v"], "properties": {
            "v": {"type": "integer"}, "next": {"$ref": "#/$defs/Node"}}}},
        "type": "object", "required": ["root"], "properties": {"root": {"$ref": "#/$defs/Node"}}},
    "nullable date-time": {"type": "object", "required": ["at"], "properties": {
        "at": {"anyOf": [{"type": "null"}, {"type": "string", "format": "date-time"}]}}},
    "lengths": {"type": "object", "required": ["s"], "properties": {
        "s": {"type": "string", "minLength": 12, "maxLength": 14}}},
    "minProperties": {"type": "object", "minProperties": 2,
                      "properties": {"a": {"type": "boolean"}, "b": {"type": "string"}}},
    "unique small integers": {"type": "object", "required": ["a"], "properties": {"a": {
        "type": "array", "minItems": 3, "uniqueItems": True,
        "items": {"type": "integer", "minimum": 0, "maximum": 2}}}},
    "draft-07 tuple": {"$schema": "http://json-schema.org/draft-07/schema#", "type": "object",
                       "required": ["t"], "properties": {"t": {
                           "type": "array", "items": [{"type": "string"}, {"type": "integer"}],
                           "minItems": 2}}},
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_generated_arguments_are_valid(name: str) -> None:
    schema = CASES[name]
    generated = generate_arguments(schema, seed=name)
    assert generated.reason is None
    assert isinstance(generated.arguments, dict)
    assert _valid(schema, generated.arguments)


def test_required_only_and_enum_first() -> None:
    generated = generate_arguments(CASES["enum, const, optional left out"])
    assert generated.arguments == {"kind": "b", "v": 3}


def test_same_seed_same_arguments_other_seed_may_differ() -> None:
    schema = CASES["pattern and bounds"]
    first = [json.dumps(generate_arguments(schema, seed="t").arguments) for _ in range(3)]
    assert len(set(first)) == 1


def test_remote_reference_is_refused_not_fetched(monkeypatch: pytest.MonkeyPatch) -> None:
    import urllib.request

    def no_network(*args: object, **kwargs: object) -> None:
        raise AssertionError("a reference was fetched")

    monkeypatch.setattr(urllib.request, "urlopen", no_network)
    schema = {"type": "object", "required": ["a"],
              "properties": {"a": {"$ref": "https://example.com/remote.json"}}}
    generated = generate_arguments(schema)
    assert generated.arguments is None
    assert "never fetches" in (generated.reason or "")


def test_impossible_schema_gives_the_failing_keyword() -> None:
    schema = {"type": "object", "required": ["a"],
              "properties": {"a": {"type": "string", "minLength": 5, "maxLength": 3}}}
    generated = generate_arguments(schema)
    assert generated.arguments is None
    assert "minLength at $.a" in (generated.reason or "")


@pytest.mark.parametrize("required", [True, 1.5, "ab", {"a": 1}, [["a"]], [1, "a"]])
def test_a_required_that_is_not_a_list_of_names_is_the_validators_to_judge(required) -> None:
    # the builder iterated it (TypeError, exit 3 in `parity probe`), in allOf too
    props = {"a": {"type": "string"}}
    for schema in ({"type": "object", "properties": props, "required": required},
                   {"type": "object", "required": required,
                    "allOf": [{"properties": props, "required": ["a"]}]}):
        generated = generate_arguments(schema)  # a value, or the reason there is none
        assert (generated.arguments is None) == bool(generated.reason), generated
        if generated.arguments is not None:
            assert _valid(schema, generated.arguments)


def test_non_object_schema_means_no_arguments() -> None:
    assert generate_arguments(None).arguments == {}
    assert generate_arguments({"type": "string"}).arguments is None


def test_every_published_tool_gets_valid_arguments() -> None:
    servers = json.loads(TOOLS.read_text(encoding="utf-8"))
    count = 0
    for tools in servers.values():
        for tool in tools:
            generated = generate_arguments(tool["inputSchema"], seed=tool["name"])
            assert generated.arguments is not None, (tool["name"], generated.reason)
            assert _valid(tool["inputSchema"], generated.arguments)
            count += 1
    assert count >= 30


_leaf = st.sampled_from([
    {"type": "string"}, {"type": "integer", "minimum": -3, "maximum": 9},
    {"type": "number", "exclusiveMinimum": 0}, {"type": "boolean"}, {"enum": ["x", 2, None]},
    {"type": "string", "pattern": "^[a-f0-9]{4,8}$"}, {"type": "string", "format": "uuid"},
    {"type": "string", "minLength": 3, "maxLength": 3}, {"const": {"k": 1}}])
_schemas = st.recursive(_leaf, lambda inner: st.one_of(
    st.builds(lambda items, n: {"type": "array", "items": items, "minItems": n},
              inner, st.integers(0, 3)),
    st.dictionaries(st.sampled_from("abcd"), inner, max_size=3).map(
        lambda props: {"type": "object", "properties": props, "required": sorted(props)})),
    max_leaves=6)


@settings(max_examples=draws(60), deadline=None)
@given(_schemas)
def test_any_generated_value_is_valid(schema: dict) -> None:
    generated = generate_instance(schema, seed="h")
    assert generated.reason is None, generated.reason
    assert _valid(schema, generated.arguments)


@pytest.mark.parametrize("schema", [
    {"type": "object", "required": ["a" * 40 + "!"],
     "patternProperties": {"^(a|aa)+$": {"type": "string"}}},
    {"type": "object", "required": ["v"],
     "properties": {"v": {"type": "string", "pattern": "^((b{1000}){1000}){1000}$"}}},
])
def test_a_hostile_pattern_ends_the_search_instead_of_stalling_it(schema: dict) -> None:
    """A server's pattern that backtracks without bound, or whose shortest match is 10**9
    characters, must not stall argument generation (the probe and the drill use it)."""
    generated = generate_arguments(schema)
    assert generated.arguments is not None or generated.reason
