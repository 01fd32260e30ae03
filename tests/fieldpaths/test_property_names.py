"""``propertyNames`` naming a few keys (parity/fieldpaths/keywords.py ``_property_names``):
pydantic writes one for every ``Literal``- or ``Enum``-keyed dict; such a map takes those
keys alone, so it reads as a closed object with them, each a value of the map."""

from __future__ import annotations

from typing import Any

import pytest
from jsonschema import Draft202012Validator

from parity.fieldpaths.schema import extract_paths
from tests.fieldpaths.test_direct import assert_same

DEFS = {"$defs": {"E": {"enum": ["a", "b"], "title": "E", "type": "string"}}}
MAPS = [
    {"type": "object", "additionalProperties": {"type": "integer"},
     "propertyNames": {"enum": ["a", "b"]}},
    {"type": "object", "additionalProperties": {"type": "integer"},
     "propertyNames": {"$ref": "#/$defs/E"}},
    {"type": "object", "additionalProperties": {"type": "integer"},
     "propertyNames": {"const": "a"}},
]


def document(node: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", "properties": {"m": node}, **DEFS}


@pytest.mark.parametrize("node", MAPS, ids=str)
def test_a_few_names_read_as_a_closed_object_with_those_keys(node):
    schema = document(node)
    table = extract_paths(schema)
    keys = sorted(str(p) for p in table if str(p).startswith("m."))
    names = ["a"] if "const" in node["propertyNames"] else ["a", "b"]
    assert keys == [f"m.{n}" for n in names]
    assert table["m"].closed is True and "m{}" not in {str(p) for p in table}
    assert all(table[k].type == ("integer",) and not table[k].required for k in keys)
    assert not table["m"].unsupported
    # the table says what jsonschema says of such objects
    validator = Draft202012Validator(schema)
    assert validator.is_valid({"m": {n: 1 for n in names}})
    assert not validator.is_valid({"m": {"c": 1}}) and not validator.is_valid({"m": {"a": "x"}})
    assert_same(schema, str(node))


def test_other_property_names_stay_recorded_and_unmodelled():
    for names in ({"pattern": "^x-"}, {"enum": ["a", 1]}, {"maxLength": 3},
                  {"enum": [f"k{i}" for i in range(300)]}):
        table = extract_paths(document({"type": "object", "additionalProperties": True,
                                        "propertyNames": names}))
        assert table["m"].unsupported == ("propertyNames",) and table["m"].closed is False


def test_named_properties_beside_the_names_keep_their_schemas_and_others_are_refused():
    table = extract_paths(document({
        "type": "object", "properties": {"a": {"type": "string"}, "z": {"type": "string"}},
        "additionalProperties": {"type": "integer"}, "propertyNames": {"enum": ["a", "b"]}}))
    assert table["m.a"].type == ("string",) and table["m.b"].type == ("integer",)
    assert table["m.z"].type == ()  # declared, but no name propertyNames allows
