"""Which map-value schemas hold for a named key (parity/fieldpaths/keyed.py): a declared key a
pattern matches holds both schemas, a required key declared nowhere holds the
``additionalProperties`` schema (``false`` on a closed object), in every walk; jsonschema is
the oracle for what the tables say."""

from __future__ import annotations

import json
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from parity.fieldpaths.keyed import key_subs, matches, needs_keys, surely_unmatched
from parity.fieldpaths.keywords import Facets, OwnKeys, Sub, ValueKey
from tests.fieldpaths.test_direct import assert_same, snapshot

RUNAWAY = "^(a|aa)+b$"

#: schema, the key, its type in the table, a value of another type it would have had
#: before (what jsonschema refuses: the table must refuse it too)
CASES: list[tuple[dict[str, Any], str, list[str], Any]] = [
    # a closed pattern map: a required key no pattern matches takes no value
    ({"type": "object", "additionalProperties": False, "required": ["foo"],
      "patternProperties": {"^x-": {"type": "string"}}}, "foo", [], "s"),
    # a declared key a pattern matches holds both schemas
    ({"type": "object", "properties": {"n": {"type": "number"}},
      "patternProperties": {"^n$": {"type": "integer"}}}, "n", ["integer"], 1.5),
    # a required key declared nowhere holds the additionalProperties schema
    ({"type": "object", "required": ["a"], "additionalProperties": {"type": "string"}},
     "a", ["string"], 1),
    ({"type": "object", "required": ["a"], "additionalProperties": False}, "a", [], "s"),
    # ...or the schema of the pattern that matches it, not additionalProperties'
    ({"type": "object", "required": ["x-1"], "additionalProperties": {"type": "string"},
      "patternProperties": {"^x-": {"type": "integer"}}}, "x-1", ["integer"], "s"),
    # unevaluatedProperties: false leaves a key an additionalProperties schema evaluated
    ({"type": "object", "required": ["a"], "unevaluatedProperties": False,
      "additionalProperties": {"type": "string"}}, "a", ["string"], 1),
    ({"type": "object", "required": ["a"], "unevaluatedProperties": False}, "a", [], "s"),
    # additionalProperties of a sibling branch sees only its own properties
    ({"allOf": [{"properties": {"a": {}}, "additionalProperties": {"type": "string"}},
                {"properties": {"b": {"type": ["string", "integer"]}}}]}, "b", ["string"], 1),
]


@pytest.mark.parametrize(("schema", "key", "types", "refused"), CASES, ids=str)
@pytest.mark.parametrize("nested", [False, True])
def test_a_named_key_holds_the_map_schemas_that_take_it(schema, key, types, refused, nested):
    document = {"type": "object", "properties": {"w": schema}} if nested else schema
    table = json.loads(snapshot(document)[0])
    entry = table[f"w.{key}" if nested else key]
    assert entry["type"] == types
    assert not Draft202012Validator(schema).is_valid({key: refused})
    assert_same(document, str(schema))  # the direct walks hand over: the general's tables


def test_a_declared_key_a_pattern_matches_gains_its_constraints():
    schema = {"type": "object", "properties": {"x-a": {"type": "string"}},
              "patternProperties": {"^x-": {"type": "string", "maxLength": 3}}}
    table = json.loads(snapshot({"type": "object", "properties": {"w": schema}})[0])
    assert table["w.x-a"]["constraints"] == {"maxLength": 3}
    assert not Draft202012Validator(schema).is_valid({"x-a": "long"})


def test_nothing_changes_where_no_map_keyword_takes_a_named_key():
    schema = {"type": "object", "properties": {"a": {"type": "string"}},
              "patternProperties": {"^x-": {"type": "integer"}},
              "additionalProperties": {"type": "boolean"}, "required": ["a"]}
    table = json.loads(snapshot(schema)[0])
    assert table["a"]["type"] == ["string"] and table["{}"]["type"] == ["boolean", "integer"]
    assert not needs_keys(schema["properties"], ["a"], False, True,
                          schema["patternProperties"])


def test_an_undecidable_pattern_adds_no_constraint():
    assert matches(RUNAWAY, "a" * 40) is None and matches("(", "a") is None
    assert not surely_unmatched("a" * 40, [RUNAWAY])
    group = [Sub({"type": "integer"}, None, "#/patternProperties/x")]
    facets = Facets(values=[group, group], value_keys=[ValueKey(RUNAWAY), ValueKey("(")])
    assert key_subs(facets, "a" * 40).subs == []
    # nor is a key refused by a closed object when a pattern may take it
    facets = Facets(closed=True, patterns=[RUNAWAY])
    assert key_subs(facets, "a" * 40).subs == []
    assert key_subs(Facets(closed=True, patterns=["^x-"]), "y").subs == [Sub(False, None, "#")]


def test_the_work_counts_every_key_tried_against_every_pattern():
    groups = [[Sub({}, None, "#")]] * 3
    own = OwnKeys(frozenset({"n"}), ("^a", "^b"))
    facets = Facets(values=groups, value_keys=[ValueKey("^a"), ValueKey("^b"), ValueKey(None, own)])
    assert key_subs(facets, "c").tried == 4  # two patterns, then additionalProperties' two
    assert key_subs(facets, "n").tried == 2  # additionalProperties does not take its own
    assert len(key_subs(facets, "c").subs) == 1 and len(key_subs(facets, "ab").subs) == 1
