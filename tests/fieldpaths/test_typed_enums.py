"""A union whose enums limit some of its types only (parity/fieldpaths/typed_enums.py):
``Literal["auto"] | int`` keeps the strings' values in ``Entry.enum_by_type``, the same on
the direct path and the general walk."""

from __future__ import annotations

import json
from typing import Any, Literal

import pytest
from pydantic import BaseModel

from parity.fieldpaths.entry import Entry
from parity.fieldpaths.schema import extract_paths
from tests.fieldpaths.test_direct import assert_same, general, snapshot

NULL = {"type": "null"}
AUTO_OR_INT = {"anyOf": [{"const": "auto", "type": "string"}, {"type": "integer"}]}


class Mode(BaseModel):
    mode: Literal["auto"] | int
    level: Literal["low", "high"] | float | None = None


def by_type(schema: Any, path: str) -> Any:
    """``path``'s enum_by_type on each path (the direct one, the general one), as written."""
    return [json.loads(table[0]).get(path, {}).get("enum_by_type")
            for table in (snapshot(schema), general(schema))]


def test_pydantic_s_literal_or_int_limits_the_strings_alone():
    schema = Mode.model_json_schema()
    assert by_type(schema, "mode") == [{"string": ["auto"]}] * 2
    # a float frees every number (integers too), null is free
    assert by_type(schema, "level") == [{"string": ["high", "low"]}] * 2
    entry = extract_paths(schema)["mode"]
    assert entry.enum is None and entry.type == ("integer", "string")
    assert entry.enum_by_type == (("string", ("auto",)),)


@pytest.mark.parametrize(("node", "expected"), [
    (AUTO_OR_INT, {"string": ["auto"]}),
    ({"anyOf": [{"enum": ["b", "a"], "type": "string"}, {"const": 3}, {"type": "array"}]},
     {"integer": [3], "string": ["a", "b"]}),
    # a boolean (or null) holds few values: the union is an enum of them all, as before
    ({"anyOf": [{"const": "a"}, {"type": "boolean"}]}, None),
    # a number's values: its integral ones are integers, the others numbers
    ({"anyOf": [{"enum": [1.5, 2], "type": "number"}, {"type": "string"}]},
     {"integer": [2], "number": [1.5]}),
    ({"anyOf": [{"enum": [1.5, 2], "type": "number"}, {"type": "integer"}]}, {"number": [1.5]}),
    ({"oneOf": [{"const": "auto"}, {"type": "integer"}, {"enum": ["x", 1]}, NULL]},
     {"string": ["auto", "x"]}),
    # unions of unions: an alternative's enum_by_type merged with another's
    ({"anyOf": [AUTO_OR_INT, {"type": "boolean"}]}, {"string": ["auto"]}),
    ({"anyOf": [AUTO_OR_INT, {"const": "manual"}]}, {"string": ["auto", "manual"]}),
    # every type free (a string, or any value), or all of few values: as before
    ({"anyOf": [AUTO_OR_INT, {"type": "string"}]}, None),
    ({"anyOf": [{"const": "auto"}, {}]}, None),
    ({"anyOf": [{"const": "auto"}, NULL]}, None),
    ({"anyOf": [{"type": "string"}, {"type": "integer"}]}, None),
])
def test_each_type_is_free_where_an_alternative_takes_it_without_an_enum(node, expected):
    schema = {"type": "object", "properties": {"m": node}}
    assert by_type(schema, "m") == [expected] * 2
    assert_same(schema, "m")


def test_properties_of_a_union_of_objects_merge_their_enums_by_type():
    def holding(mode: Any) -> dict[str, Any]:
        return {"type": "object", "required": ["mode"], "properties": {"mode": mode}}

    limited = {"type": "object", "properties": {"u": {"anyOf": [
        holding(AUTO_OR_INT), holding({"type": "boolean"}), NULL]}}}
    assert by_type(limited, "u.mode") == [{"string": ["auto"]}] * 2
    freed = {"type": "object", "properties": {"u": {"oneOf": [
        holding(AUTO_OR_INT), holding({"type": "string"})]}}}
    assert by_type(freed, "u.mode") == [None] * 2
    for schema in (limited, freed):
        assert_same(schema, "u")


def test_it_round_trips_through_json():
    entry = Entry(type=("integer", "number", "string"), required=True,
                  enum_by_type=(("number", (1.5,)), ("string", ("a", "b"))))
    data = entry.to_json()
    assert data["enum_by_type"] == {"number": [1.5], "string": ["a", "b"]}
    assert Entry.from_json(json.loads(json.dumps(data))) == entry
    assert "enum_by_type" not in Entry().to_json() and Entry.from_json({}).enum_by_type == ()
