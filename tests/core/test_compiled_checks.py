"""The checks compiled from the shipped schemas: fresh, and never more lenient than
``jsonschema`` (they may only accept; what they reject, jsonschema decides)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from parity.core import validate as v
from parity.core.validate import shipped_schema
from parity.schemas.checks import generate
from tests.properties import draws

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = {
    "manifest.v1.json": REPO / "manifests" / "workflow.server.json",
    "baseline.v1.json": REPO / "tests" / "fixtures" / "baselines" / "workflow.v1.json",
    "baseline.v2.json": REPO / "baselines" / "workflow.json",
    "lock.v1.json": REPO / "tests" / "fixtures" / "locks" / "workflow.v1.lock.json",
    "lock.v2.json": REPO / "manifests" / "workflow.lock.json",
}


def test_the_committed_checks_are_generated_from_the_shipped_schemas() -> None:
    assert generate.main(["--check"]) == 0, "run `python -m parity.schemas.checks.generate`"


@pytest.mark.parametrize("name", sorted({name for name, _ in generate.COMPILED.values()}))
def test_every_keyword_of_the_shipped_schemas_reads_alike(name: str) -> None:
    assert generate.unsafe_keywords(shipped_schema(name)) == []


def test_the_manifest_parts_are_the_whole_schema() -> None:
    """Skeleton plus each entry accept exactly what the whole schema accepts."""
    from jsonschema import Draft202012Validator

    whole = Draft202012Validator(shipped_schema("manifest.v1.json"))
    document = json.loads(EXAMPLES["manifest.v1.json"].read_text(encoding="utf-8"))
    assert whole.is_valid(document) and v._manifest_is_valid(document)
    tool = next(iter(document["tools"].values()))
    entry = next(iter(tool["in"].values()))
    entry["constraints"] = {"minLength": "one"}  # an entry part reached through $ref
    assert not whole.is_valid(document) and not v._manifest_is_valid(document)
    assert not v._compiled_accepts(document, "manifest.v1.json")


def test_a_keyword_that_could_read_differently_is_refused() -> None:
    schema = {"type": "object", "properties": {"n": {"enum": [1, "a"]},
                                               "t": {"prefixItems": [{}]}}}
    assert generate.unsafe_keywords(schema) == ["#/properties/n/enum",
                                                "#/properties/t/prefixItems"]


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_the_bundled_files_are_accepted_without_jsonschema(name: str) -> None:
    data = json.loads(EXAMPLES[name].read_text(encoding="utf-8"))
    assert v._compiled_accepts(data, name)


_JSON = st.recursive(st.none() | st.booleans() | st.integers(-3, 3) | st.floats(-2, 2)
                     | st.text(max_size=4),
                     lambda inner: st.lists(inner, max_size=3)
                     | st.dictionaries(st.text(max_size=4), inner, max_size=3), max_leaves=6)


def _paths(node: Any, here: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [here]
    if isinstance(node, dict):
        for key, value in node.items():
            found += _paths(value, (*here, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            found += _paths(value, (*here, i))
    return found


@pytest.mark.parametrize("name", sorted(EXAMPLES))
@settings(max_examples=draws(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_compiled_check_never_accepts_what_jsonschema_rejects(name: str, data: Any) -> None:
    document = json.loads(EXAMPLES[name].read_text(encoding="utf-8"))
    mutated = copy.deepcopy(document)
    for _ in range(data.draw(st.integers(1, 3))):
        paths = _paths(mutated)
        where = data.draw(st.sampled_from(paths))
        if not where:
            continue
        parent = mutated
        for step in where[:-1]:
            parent = parent[step]
        action = data.draw(st.sampled_from(["replace", "delete", "add"]))
        if action == "replace":
            parent[where[-1]] = data.draw(_JSON)
        elif action == "delete" and isinstance(parent, dict):
            del parent[where[-1]]
        elif action == "add" and isinstance(parent[where[-1]], dict):
            parent[where[-1]][data.draw(st.text(max_size=4))] = data.draw(_JSON)
    if v._compiled_accepts(mutated, name):
        errors = list(Draft202012Validator(shipped_schema(name)).iter_errors(mutated))
        assert errors == [], f"compiled check accepted what jsonschema rejects: {errors[0]}"


def _entry_document(entry: Any) -> dict[str, Any]:
    return {"tools": {"t": {"in": {"": entry}, "out": None}}}


@settings(max_examples=draws(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_stand_in_is_valid_exactly_when_its_entry_is(data: Any) -> None:
    """``validate.stand_in`` keeps an entry's validity: judged by jsonschema on the schema's
    entry part, over entries of the bundled manifests changed at random."""
    schema = v.manifest_parts(shipped_schema("manifest.v1.json"))[1]
    validator = Draft202012Validator(schema)
    entries = [entry for path in (EXAMPLES["manifest.v1.json"],
                                  REPO / "manifests" / "workflow.agent.json")
               for tool in json.loads(path.read_text(encoding="utf-8"))["tools"].values()
               for table in (tool["in"], tool["out"] or {}) for entry in table.values()]
    entry = copy.deepcopy(data.draw(st.sampled_from(entries)))
    shapes = v._entry_shapes()
    keys = sorted({*shapes, *shapes["constraints"], "type", "examples", "minLength"})
    for _ in range(data.draw(st.integers(1, 3))):
        key = data.draw(st.sampled_from(keys))
        value = data.draw(_JSON | st.sampled_from(["", "x", 0, -1, 2.5, True, [], ["a"]]))
        if key in shapes["constraints"] or key == "minLength":
            if not isinstance(entry.get("constraints"), dict):
                entry["constraints"] = {}
            entry["constraints"][key] = value
        elif data.draw(st.booleans()):
            entry[key] = value
        else:
            entry.pop(key, None)
    assert validator.is_valid(v.stand_in(entry, shapes)) == validator.is_valid(entry)


def test_value_shapes_look_through_type_alone_and_nothing_else() -> None:
    shapes = generate.value_shapes({"type": "object", "required": ["a"], "properties": {
        "a": {"type": "string", "description": "kept as a type"}, "b": True,
        "c": {"type": "string", "maxLength": 3}, "d": {"type": ["string", "null"]},
        "e": {"type": "array", "items": {"type": "string"}},
        "f": {"type": "array", "items": {"type": "string"}, "maxItems": 2},
        "g": {"$ref": "#/$defs/g"}}, "$defs": {"g": {
            "type": "object", "properties": {"h": {"type": "number"}, "i": {"enum": [1]}}}}})
    assert shapes == {"a": "string", "b": "any", "e": "string[]", "g": {"h": "number"}}
    for reads_values in ({"allOf": [{}]}, {"propertyNames": {"maxLength": 1}},
                         {"dependentSchemas": {}}, {"minProperties": 1}):
        assert generate.value_shapes({"type": "object", "properties": {
            "a": {"type": "string"}}, **reads_values}) is None
    entry = v._entry_shapes()
    assert "type" not in entry and "examples" not in entry  # constrained beyond their type
    assert "minLength" not in entry["constraints"]
