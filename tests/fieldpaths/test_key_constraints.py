"""The constraints on an object's keys (``minProperties``, ``maxProperties``,
``dependentRequired``, draft-07's array-valued ``dependencies``): read into an entry's
``constraints`` in one canonical form, combined as the other constraints are, written to
manifests, and held to the dialect that has them."""

from __future__ import annotations

from typing import Any

import pytest

from parity.errors import FileFormatError, SchemaError
from parity.fieldpaths.entry import keys_unmodelled
from parity.fieldpaths.manifest import dumps, load, write
from parity.fieldpaths.schema import extract_paths
from parity.fieldpaths.tooldefs import manifest_from_definitions

DRAFT7 = "http://json-schema.org/draft-07/schema#"
PROPS = {"card": {"type": "string"}, "address": {"type": "string"}}


def root(schema: dict[str, Any]) -> dict[str, Any]:
    return extract_paths(schema)[""].to_json().get("constraints", {})


def test_each_keyword_is_read_as_a_constraint_not_an_unsupported_keyword():
    entry = extract_paths({"type": "object", "properties": PROPS, "minProperties": 1,
                           "maxProperties": 2.0,
                           "dependentRequired": {"card": ["address"]}})[""]
    assert entry.to_json()["constraints"] == {
        "dependentRequired": {"card": ["address"]}, "maxProperties": 2, "minProperties": 1}
    assert entry.unsupported == ()
    assert keys_unmodelled(entry)  # the rules reasoning on key sets still cannot tell


@pytest.mark.parametrize("spelling", [
    {"card": ["address", "zip", "address"], "none": []},
    {"none": [], "card": ["zip", "address"]},
])
def test_dependent_required_has_one_canonical_form(spelling):
    assert root({"type": "object", "dependentRequired": spelling}) == {
        "dependentRequired": {"card": ["address", "zip"]}}


def test_all_of_brings_every_key_each_branch_brings():
    schema = {"type": "object", "allOf": [
        {"dependentRequired": {"card": ["address"]}, "maxProperties": 4},
        {"dependentRequired": {"card": ["zip"], "iban": ["bic"]}, "maxProperties": 3,
         "minProperties": 1}]}
    assert root(schema) == {"dependentRequired": {"card": ["address", "zip"], "iban": ["bic"]},
                            "maxProperties": 3, "minProperties": 1}


def test_a_union_keeps_what_every_object_alternative_states_alike():
    same = {"dependentRequired": {"card": ["address"]}}
    assert root({"anyOf": [{"type": "object", **same}, {"type": "null"}]}) == same
    assert root({"anyOf": [{"type": "object", **same, "maxProperties": 2},
                           {"type": "object", **same, "maxProperties": 5}]}) == {
        **same, "maxProperties": 5}
    assert root({"anyOf": [{"type": "object", **same},
                           {"type": "object", "dependentRequired": {"card": ["zip"]}}]}) == {}


def test_draft7_dependencies_lists_are_dependent_required_and_schemas_stay_unmodelled():
    entry = extract_paths({"$schema": DRAFT7, "type": "object", "properties": PROPS,
                           "dependencies": {"card": ["address"],
                                            "iban": {"required": ["bic"]}}})[""]
    assert entry.to_json()["constraints"] == {"dependentRequired": {"card": ["address"]}}
    assert entry.unsupported == ("dependencies",)
    lists_only = extract_paths({"$schema": DRAFT7, "type": "object",
                                "dependencies": {"card": ["address"]}})[""]
    assert lists_only.unsupported == ()


def test_dependent_required_is_an_annotation_before_2019_09_and_dependencies_after():
    """draft-07 validators ignore ``dependentRequired``, 2020-12 ones ``dependencies``
    (recorded as not modelled, as before), malformed or not."""
    for value in ({"card": ["address"]}, {"card": 5}):
        nested = {"$schema": DRAFT7, "type": "object", "properties": {
            "o": {"type": "object", "properties": PROPS, "dependentRequired": value}}}
        assert "constraints" not in extract_paths(nested)["o"].to_json()
    later = extract_paths({"type": "object", "dependencies": {"card": ["address"]}})[""]
    assert later.unsupported == ("dependencies",) and later.constraints == ()


@pytest.mark.parametrize(("schema", "words"), [
    ({"type": "object", "properties": {"o": {"type": "object",
                                             "dependentRequired": {"card": "address"}}}},
     "`dependentRequired` must map each key to a list of key names"),
    ({"type": "object", "properties": {"o": {"type": "object", "minProperties": -1}}},
     "`minProperties` must be a non-negative integer"),
    ({"$schema": DRAFT7, "type": "object", "dependencies": {"card": [1]}},
     "`dependencies` must map each key to a list of key names or a schema"),
])
def test_a_malformed_key_constraint_is_one_readable_error_with_its_place(schema, words):
    with pytest.raises(SchemaError) as caught:
        extract_paths(schema)
    assert words in str(caught.value)
    assert caught.value.location.startswith("#")


def test_manifests_write_them_sorted_and_read_them_back_validated(tmp_path):
    tools = [{"name": "pay", "inputSchema": {
        "type": "object", "properties": {"card": {"type": "string"}, "m": {
            "type": "object", "additionalProperties": {"type": "integer"},
            "minProperties": 1}},
        "dependentRequired": {"card": ["zip", "address"]}, "maxProperties": 3}}]
    manifest = manifest_from_definitions(tools, side="server", source="server.json")
    table = manifest.to_json()["tools"]["pay"]["in"]
    assert table[""]["constraints"] == {"dependentRequired": {"card": ["address", "zip"]},
                                        "maxProperties": 3}
    assert table["m"]["constraints"] == {"minProperties": 1}
    path = tmp_path / "server.json"
    write(manifest, path)
    again = load(path)  # the shipped manifest schema takes them
    assert again.tools["pay"].in_ == manifest.tools["pay"].in_
    assert dumps(again) == path.read_text(encoding="utf-8")


@pytest.mark.parametrize("bad", ['{"card": "address"}', '{"card": [1]}', '{"card": ["a", "a"]}'])
def test_a_manifest_with_a_malformed_dependent_required_is_refused_by_its_place(tmp_path, bad):
    tools = [{"name": "pay", "inputSchema": {"type": "object",
                                             "dependentRequired": {"card": ["address"]}}}]
    path = tmp_path / "server.json"
    write(manifest_from_definitions(tools, side="server", source="server.json"), path)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('{"card": ["address"]}', bad), encoding="utf-8")
    assert bad in path.read_text(encoding="utf-8")
    with pytest.raises(FileFormatError) as caught:
        load(path)
    assert "dependentRequired" in str(caught.value)


def test_a_union_that_cannot_keep_a_key_constraint_holds_it_unmodelled():
    """One object alternative's ``minProperties`` is no constraint of the union: it is
    listed as not modelled there, so the rules reasoning on key sets cannot tell."""
    some = extract_paths({"anyOf": [{"type": "object", "minProperties": 1},
                                    {"type": "object", "properties": {"c": {}}}]})[""]
    assert some.constraints == () and some.unsupported == ("minProperties",)
    every = extract_paths({"anyOf": [{"type": "object", "minProperties": 1},
                                     {"type": "null"}]})[""]
    assert every.to_json()["constraints"] == {"minProperties": 1}
    assert every.unsupported == ()


def test_property_names_are_walked_to_what_they_say_of_a_name():
    """pydantic writes a dict's key type as ``propertyNames``: an Enum's ``$ref``, a
    ``Literal``'s enum, a constrained string's bounds (its pattern goes to
    ``patternProperties``, which the map's ``{}`` path holds)."""
    import enum
    from typing import Annotated, Literal

    from pydantic import BaseModel, StringConstraints

    class Currency(str, enum.Enum):
        usd = "usd"
        eur = "eur"

    class Rates(BaseModel):
        rates: dict[Currency, float]
        modes: dict[Literal["fast", "slow"], int]
        labels: dict[Annotated[str, StringConstraints(pattern="^[a-z]+$", max_length=8)], str]

    table = extract_paths(Rates.model_json_schema())
    assert table["rates"].to_json()["constraints"] == {"propertyNames": {"enum": ["eur", "usd"]}}
    assert table["modes"].to_json()["constraints"] == {
        "propertyNames": {"enum": ["fast", "slow"]}}
    assert table["labels"].to_json()["constraints"] == {"propertyNames": {"maxLength": 8}}
    assert table["labels{}"].patterns == ("^[a-z]+$",)
    assert all(entry.unsupported == () for entry in table.values())


@pytest.mark.parametrize(("names", "facts"), [
    (False, {"enum": []}),
    ({"type": "boolean"}, {"enum": []}),
    # a number enum: the strings of its values, the keys pydantic takes (`dict[IntEnum, X]`)
    ({"type": "integer", "enum": [2, 1]}, {"enum": ["1", "2"]}),
    ({"type": "number", "enum": [1.5, True, "x"]}, {"enum": ["1.5"]}),
    ({"type": "string", "format": "uuid", "minLength": 1}, {"format": "uuid", "minLength": 1}),
    ({"enum": ["a", 1, "b"]}, {"enum": ["a", "b"]}),
    ({"const": "only"}, {"enum": ["only"]}),
    ({"anyOf": [{"const": "a"}, {"const": "b"}]}, {"enum": ["a", "b"]}),
])
def test_a_name_keeps_what_a_string_can_be(names, facts):
    assert root({"type": "object", "propertyNames": names}) == {"propertyNames": facts}


def test_names_conjoined_under_all_of_and_kept_alike_under_unions():
    assert root({"type": "object", "allOf": [
        {"propertyNames": {"enum": ["a", "b", "c"], "maxLength": 3}},
        {"propertyNames": {"enum": ["b", "c", "d"], "maxLength": 1, "pattern": "^[a-c]$"}}]}) == {
        "propertyNames": {"enum": ["b", "c"], "maxLength": 1, "pattern": ["^[a-c]$"]}}
    same = {"type": "object", "propertyNames": {"enum": ["a"]}}
    assert root({"anyOf": [same, {"type": "null"}]}) == {"propertyNames": {"enum": ["a"]}}
    apart = extract_paths({"anyOf": [same, {"type": "object",
                                            "propertyNames": {"enum": ["b"]}}]})[""]
    assert apart.constraints == () and apart.unsupported == ("propertyNames",)


@pytest.mark.parametrize("names", [
    {"$ref": "#/$defs/missing"},   # a reference not resolved locally (never fetched)
    {"$ref": "#"},                 # a cycle back to the object itself
    {"not": {"const": "a"}},       # a keyword parity does not model
    {"type": "integer"},           # numbers: pydantic takes their strings, spelt many ways
])
def test_names_that_say_more_than_a_string_holds_stay_unmodelled(names):
    entry = extract_paths({"type": "object", "properties": {"a": {}}, "propertyNames": names,
                           "$defs": {}})[""]
    assert entry.unsupported == ("propertyNames",)
    assert "constraints" not in entry.to_json()


def test_property_names_are_an_annotation_before_draft_06():
    draft4 = "http://json-schema.org/draft-04/schema#"
    entry = extract_paths({"$schema": draft4, "type": "object",
                           "propertyNames": {"maxLength": 3}})[""]
    assert entry.unsupported == ("propertyNames",) and entry.constraints == ()
    later = extract_paths({"$schema": DRAFT7, "type": "object",
                           "propertyNames": {"maxLength": 3}})[""]
    assert later.to_json()["constraints"] == {"propertyNames": {"maxLength": 3}}


def test_an_int_enum_of_keys_is_the_strings_of_its_values_not_no_key():
    # pydantic writes `dict[IntEnum, X]`'s names as the integer enum, and takes {"1": ...}
    # (JSON keys are strings): read as "no key fits", every key mismatch was hidden
    from enum import IntEnum

    from pydantic import BaseModel

    class Priority(IntEnum):
        low = 1
        high = 2

    class Labels(BaseModel):
        labels: dict[Priority, str]

    assert Labels.model_validate_json('{"labels": {"1": "a"}}').labels == {Priority.low: "a"}
    table = extract_paths(Labels.model_json_schema())
    assert table["labels"].to_json()["constraints"] == {"propertyNames": {"enum": ["1", "2"]}}
