"""One focused test per construct of the field-path model (docs/field-paths.md)."""

from __future__ import annotations

import json
from typing import Literal, Optional, Union

import pytest
from pydantic import BaseModel, ConfigDict, Field

from parity.errors import BoundsError, SchemaError
from parity.fieldpaths.schema import Limits, extract_paths, tool_tables


def table(schema, **kw):
    return {p: e.to_json() for p, e in extract_paths(schema, **kw).items()}


def test_every_reached_node_gets_an_entry_and_root_is_the_empty_path():
    t = table({"type": "object", "properties": {
        "phases": {"type": "array", "items": {"type": "object", "properties": {
            "phase_id": {"type": "string"}, "tools": {"type": "array", "items": {}}}}}}})
    assert list(t) == ["", "phases", "phases[]", "phases[].phase_id", "phases[].tools",
                       "phases[].tools[]"]
    assert t[""]["required"] is True
    assert t["phases[].tools[]"]["type"] == ["any"]


def test_required_closed_enum_format_default_description():
    t = table({"type": "object", "additionalProperties": False, "required": ["mode"],
               "properties": {"mode": {"enum": ["b", "a", "b"], "description": "How.",
                                       "default": "a"},
                              "at": {"type": "string", "format": "date-time"},
                              "one": {"const": 1}}})
    assert t[""]["closed"] is True
    assert t["mode"] == {"type": ["any"], "required": True, "enum": ["a", "b"],
                         "description": "How.", "default": "a"}
    assert t["at"]["format"] == "date-time"
    assert t["at"]["required"] is False
    assert t["one"]["enum"] == [1]


def test_integer_is_distinct_from_number_and_type_arrays_are_sorted():
    t = table({"properties": {"n": {"type": "integer"}, "x": {"type": ["string", "number"]}}})
    assert t["n"]["type"] == ["integer"]
    assert t["x"]["type"] == ["number", "string"]


def test_open_object_is_not_closed_and_unevaluated_false_closes():
    assert table({"type": "object"})[""]["closed"] is False
    assert table({"type": "object", "unevaluatedProperties": False})[""]["closed"] is True


def test_map_values_and_pattern_properties_record_patterns():
    t = table({"properties": {
        "labels": {"type": "object", "additionalProperties": {"type": "string"}},
        "env": {"type": "object", "patternProperties": {"^B_": {"type": "integer"},
                                                          "^A_": {"type": "string"}}}}})
    assert t["labels{}"]["type"] == ["string"]
    assert t["env{}"]["type"] == ["integer", "string"]
    assert t["env{}"]["patterns"] == ["^A_", "^B_"]


def test_tuples_prefix_items_and_draft7_items_array():
    t = table({"properties": {"pos": {"type": "array", "prefixItems": [
        {"type": "number"}, {"type": "string"}], "items": {"type": "boolean"}}}})
    assert (t["pos[0]"]["type"], t["pos[1]"]["type"], t["pos[]"]["type"]) == (
        ["number"], ["string"], ["boolean"])
    legacy = table({"$schema": "http://json-schema.org/draft-07/schema#", "properties": {
        "pos": {"items": [{"type": "integer"}], "additionalItems": {"type": "null"}}}})
    assert legacy["pos[0]"]["type"] == ["integer"]
    assert legacy["pos[]"]["type"] == ["null"]


DRAFT7 = "http://json-schema.org/draft-07/schema#"
DRAFT2019 = "https://json-schema.org/draft/2019-09/schema"


@pytest.mark.parametrize(("dialect", "closed", "tuple_read"), [
    (None, True, True), (DRAFT2019, True, False), (DRAFT7, False, False)])
@pytest.mark.parametrize("where", ["root", "reference"])
def test_later_keywords_are_annotations_in_the_dialects_before_them(dialect, closed,
                                                                   tuple_read, where):
    """`unevaluatedProperties` (2019-09) and `prefixItems` (2020-12) close an object and type
    a tuple only where the document's dialect has them: draft 7's validators take any key
    there (and `items` types every item). Read by every walk alike, as `jsonschema` reads it."""
    from jsonschema import validators

    from tests.fieldpaths.test_direct import assert_same

    node = {"type": "object", "unevaluatedProperties": False, "properties": {
        "pos": {"type": "array", "prefixItems": [{"type": "string"}],
                "items": {"type": "integer"}}}}
    schema = ({"definitions": {"n": node}, "properties": {"n": {"$ref": "#/definitions/n"}}}
              if where == "reference" else dict(node))
    if dialect:
        schema["$schema"] = dialect
    at = "n" if where == "reference" else ""
    found = extract_paths(schema)
    assert_same(schema, "x")
    assert (found[at].closed is True) is closed
    assert (f"{at}.pos[0]".lstrip(".") in found) is tuple_read
    # the oracle: the dialect's own validator
    check = validators.validator_for(schema)(schema)
    assert check.is_valid({"n": {"other": 1}} if at else {"other": 1}) is not closed
    assert check.is_valid({"n": {"pos": ["a"]}} if at else {"pos": ["a"]}) is tuple_read
    # the same where the caller names the dialect (`default_dialect`, for an undeclared one)
    schema.pop("$schema", None)
    assert (extract_paths(schema, default_dialect=dialect)[at].closed is True) is closed


def test_undeclared_dialect_with_array_items_is_read_as_draft7():
    t = table({"items": [{"type": "integer"}, {"$ref": "#/items/0"}]})
    assert t["[1]"]["type"] == ["integer"]


def test_local_refs_with_escapes_anchors_and_ids():
    t = table({"$defs": {"a/b": {"type": "string"}, "t~n": {"type": "integer"},
                         "pct%": {"type": "null"}, "anc": {"$anchor": "here", "type": "boolean"}},
               "properties": {"slash": {"$ref": "#/$defs/a~1b"}, "tilde": {"$ref": "#/$defs/t~0n"},
                              "pct": {"$ref": "#/$defs/pct%25"}, "anchor": {"$ref": "#here"}}})
    assert t["slash"]["type"] == ["string"]
    assert t["tilde"]["type"] == ["integer"]
    assert t["pct"]["type"] == ["null"]
    assert t["anchor"]["type"] == ["boolean"]


def test_id_relative_refs_resolve_locally():
    t = table({"$id": "https://example.invalid/root.json", "properties": {
        "x": {"$ref": "item.json"}},
        "$defs": {"item": {"$id": "item.json", "type": "object",
                           "properties": {"v": {"$ref": "#/$defs/v"}},
                           "$defs": {"v": {"type": "integer"}}}}})
    assert t["x"]["type"] == ["object"]
    assert t["x.v"]["type"] == ["integer"]


def test_ref_beside_siblings_in_2020_12_but_not_in_draft7():
    modern = table({"$defs": {"s": {"type": "string"}},
                    "properties": {"x": {"$ref": "#/$defs/s", "enum": ["a"]}}})
    assert modern["x"] == {"type": ["string"], "required": False, "enum": ["a"]}
    legacy = table({"$schema": "http://json-schema.org/draft-07/schema#",
                    "definitions": {"s": {"type": "string"}},
                    "properties": {"x": {"$ref": "#/definitions/s", "enum": ["a"]}}})
    assert "enum" not in legacy["x"]


def test_only_a_ref_beside_siblings_asks_an_undeclared_schema_for_its_dialect(monkeypatch):
    # the dialect of a schema without `$schema` takes a scan of the whole document; it only
    # changes what a `$ref` with siblings means (draft 7 reads nothing beside it)
    from parity.fieldpaths import validators

    scanned = []
    monkeypatch.setattr(validators, "has_tuple_items",
                        lambda root: scanned.append(root) or False)
    defs = {"s": {"type": "string"}}
    alone = table({"$defs": defs, "properties": {"x": {"$ref": "#/$defs/s"}}})
    assert alone["x"]["type"] == ["string"]
    assert scanned == []
    beside = table({"$defs": defs, "properties": {"x": {"$ref": "#/$defs/s", "enum": ["a"]}}})
    assert beside["x"]["enum"] == ["a"]
    assert len(scanned) == 1


def test_recursion_is_cut_at_reentry_and_marked():
    t = table({"$defs": {"Node": {"type": "object", "properties": {
        "children": {"type": "array", "items": {"$ref": "#/$defs/Node"}}}}},
        "properties": {"tree": {"$ref": "#/$defs/Node"}}})
    assert t["tree.children[]"]["recursive"] == "#/$defs/Node"
    assert "tree.children[].children" not in t


def test_self_reference_to_root_terminates():
    t = table({"type": "object", "properties": {"next": {"$ref": "#"}}})
    assert t["next"]["recursive"] == "#"


def test_anyof_unions_paths_and_requires_only_what_every_branch_requires():
    t = table({"properties": {"shape": {"anyOf": [
        {"type": "object", "required": ["kind", "r"], "properties": {
            "kind": {"const": "circle"}, "r": {"type": "number"}}},
        {"type": "object", "required": ["kind", "w"], "properties": {
            "kind": {"const": "square"}, "w": {"type": "integer"}}}]}}})
    assert t["shape.kind"]["required"] is True
    assert t["shape.kind"]["enum"] == ["circle", "square"]
    assert t["shape.r"]["required"] is False
    assert t["shape.w"]["required"] is False


def test_oneof_types_are_unioned_and_enum_dropped_when_a_branch_is_open():
    t = table({"properties": {"v": {"oneOf": [{"type": "string", "enum": ["a"]},
                                              {"type": "integer"}]}}})
    assert t["v"]["type"] == ["integer", "string"]
    assert "enum" not in t["v"]


def test_optional_becomes_x_or_null_with_children_kept():
    t = table({"$defs": {"P": {"type": "object", "required": ["id"], "properties": {
        "id": {"type": "string"}}}},
        "properties": {"p": {"anyOf": [{"$ref": "#/$defs/P"}, {"type": "null"}],
                             "default": None}}})
    assert t["p"]["type"] == ["null", "object"]
    assert t["p.id"]["required"] is True
    assert t["p"]["default"] is None


def test_allof_merges_properties_required_and_closedness():
    t = table({"allOf": [
        {"type": "object", "required": ["a"], "properties": {"a": {"type": "string"}}},
        {"required": ["b"], "properties": {"b": {"type": "integer"}},
         "additionalProperties": False}]})
    assert t[""]["closed"] is True
    assert t["a"]["required"] and t["b"]["required"]


def test_allof_intersects_types_with_integer_fitting_number():
    t = table({"properties": {"n": {"allOf": [{"type": ["number", "string"]},
                                              {"type": "integer"}]}}})
    assert t["n"]["type"] == ["integer"]


def test_boolean_and_empty_schemas():
    assert table(True) == {"": {"type": ["any"], "required": True}}
    assert table(False)[""]["type"] == []
    t = table({"properties": {"any": {}, "none": False}})
    assert t["any"]["type"] == ["any"]
    assert t["none"]["type"] == []


def test_unsupported_constraints_are_recorded_not_crashed_on():
    t = table({"properties": {"x": {"not": {"type": "null"}, "if": {}, "then": {}, "else": {}}}})
    assert t["x"]["unsupported"] == ["else", "if", "not", "then"]


def test_dynamic_ref_resolves_like_ref_when_local():
    t = table({"$defs": {"s": {"$dynamicAnchor": "meta", "type": "string"}},
               "properties": {"x": {"$dynamicRef": "#/$defs/s"}}})
    assert t["x"]["type"] == ["string"]


def test_remote_ref_is_reported_never_fetched():
    warnings: list[str] = []
    t = table({"properties": {"x": {"$ref": "http://localhost:1234/integer.json"}}},
              warnings=warnings)
    assert t["x"]["unresolved"] == ["http://localhost:1234/integer.json"]
    assert len(warnings) == 1 and "not fetched" in warnings[0]


def test_unresolvable_local_ref_is_reported():
    warnings: list[str] = []
    t = table({"properties": {"x": {"$ref": "#/$defs/missing"}}}, warnings=warnings)
    assert t["x"]["unresolved"] == ["#/$defs/missing"]
    assert warnings


def test_depth_bound_names_tool_and_pointer():
    schema: dict = {"type": "string"}
    for _ in range(10):
        schema = {"type": "object", "properties": {"n": schema}}
    with pytest.raises(BoundsError) as info:
        extract_paths(schema, tool="deep", limits=Limits(max_depth=5))
    assert "deep" in str(info.value) and "#/properties/n" in str(info.value)


def test_exponential_defs_chain_hits_the_path_bound_quickly():
    defs = {f"L{i}": {"type": "object", "properties": {
        "a": {"$ref": f"#/$defs/L{i + 1}"}, "b": {"$ref": f"#/$defs/L{i + 1}"}}}
        for i in range(40)}
    defs["L40"] = {"type": "string"}
    # whichever bound comes first: the paths emitted or the work of copying them up the tree
    with pytest.raises(BoundsError,
                       match=r"more than (10000 field paths|200000 units of work)") as info:
        extract_paths({"$defs": defs, "$ref": "#/$defs/L0"}, tool="bomb")
    assert info.value.location and info.value.location.startswith("#/$defs/L")


def test_union_explosion_is_bounded():
    schema = {"allOf": [{"anyOf": [{"type": "string"}, {"type": "integer"},
                                   {"type": "null"}]} for _ in range(8)]}
    with pytest.raises(BoundsError, match="alternatives"):
        extract_paths(schema)


@pytest.mark.parametrize("bad", [[1, 2], "object", 3, None])
def test_non_schema_root_is_a_schema_error(bad):
    with pytest.raises(SchemaError, match="not a JSON Schema"):
        extract_paths(bad, tool="t")


@pytest.mark.parametrize(("schema", "where"), [
    ({"properties": []}, "#/properties"),
    ({"required": "x"}, "#/required"),
    ({"type": 7}, "#/type"),
    ({"type": "objet"}, "#/type"),
    ({"anyOf": []}, "#/anyOf"),
    ({"$ref": 5}, "#"),
])
def test_malformed_keywords_name_their_pointer(schema, where):
    with pytest.raises(SchemaError) as info:
        extract_paths(schema, tool="t")
    assert info.value.location == where


def test_input_is_never_modified():
    schema = {"$defs": {"P": {"type": "object", "properties": {"a": {"type": "string"}}}},
              "properties": {"p": {"$ref": "#/$defs/P"}, "q": {"allOf": [{"$ref": "#/$defs/P"}]}}}
    before = json.dumps(schema, sort_keys=True)
    extract_paths(schema)
    assert json.dumps(schema, sort_keys=True) == before


def test_tool_tables_reads_input_and_output_schemas():
    in_t, out_t = tool_tables({"name": "t", "inputSchema": {"type": "object"}})
    assert out_t is None and "" in in_t
    _, out_t = tool_tables({"name": "t", "inputSchema": {"type": "object"},
                            "outputSchema": {"type": "object", "properties": {
                                "ok": {"type": "boolean"}}}})
    assert out_t is not None and out_t["ok"].type == ("boolean",)


# -- pydantic-generated schemas -------------------------------------------------------------


class Phase(BaseModel):
    model_config = ConfigDict(extra="forbid")
    phase_id: str
    tools: list[str]


class Cat(BaseModel):
    kind: Literal["cat"]
    lives: int = 9


class Dog(BaseModel):
    kind: Literal["dog"]
    good: bool


class TreeNode(BaseModel):
    value: int
    children: list[TreeNode] = []


class Request(BaseModel):
    model_config = ConfigDict(extra="forbid")
    phases: list[Phase]
    lead: Optional[Phase] = None  # noqa: UP045 - the spelling pydantic users write
    by_name: dict[str, Phase] = {}
    pet: Union[Cat, Dog] = Field(discriminator="kind")  # noqa: UP007
    tree: Optional[TreeNode] = None  # noqa: UP045


def test_pydantic_nested_optional_list_dict_recursive_and_discriminated():
    t = table(Request.model_json_schema())
    assert t[""]["closed"] is True
    assert t["phases"]["required"] is True
    assert t["phases[]"]["closed"] is True
    assert t["phases[].phase_id"] == {"type": ["string"], "required": True}
    assert t["lead"]["type"] == ["null", "object"]
    assert t["lead.phase_id"]["required"] is True
    assert t["by_name{}.tools[]"]["type"] == ["string"]
    assert t["pet.kind"]["enum"] == ["cat", "dog"]
    assert t["pet.kind"]["required"] is True
    assert t["pet.lives"]["required"] is False
    assert t["tree.children[]"]["recursive"] == "#/$defs/TreeNode"
    assert t["tree.value"]["type"] == ["integer"]


# -- constraints ---------------------------------------------------------------------------


def test_constraints_are_canonical_whatever_the_spelling():
    a = extract_paths({"properties": {"v": {"type": "number", "minimum": 1.0, "maximum": 5}}})
    b = extract_paths({"properties": {"v": {"allOf": [{"maximum": 5.0}, {"type": "number"},
                                                     {"minimum": 1}]}}})
    assert a["v"] == b["v"]
    assert a["v"].to_json()["constraints"] == {"maximum": 5, "minimum": 1}


def test_draft04_exclusive_flags_read_as_the_numeric_form():
    t = extract_paths({"properties": {"v": {"minimum": 3, "exclusiveMinimum": True,
                                            "maximum": 9, "exclusiveMaximum": False}}})
    assert t["v"].to_json()["constraints"] == {"exclusiveMinimum": 3, "maximum": 9}


def test_allof_keeps_the_tighter_bound_and_every_pattern():
    t = extract_paths({"properties": {"v": {"allOf": [
        {"type": "string", "maxLength": 9, "pattern": "^a"},
        {"maxLength": 4, "minLength": 1, "pattern": "b$"}]}}})
    assert t["v"].to_json()["constraints"] == {"maxLength": 4, "minLength": 1,
                                               "pattern": ["^a", "b$"]}


def test_anyof_keeps_a_constraint_only_where_every_alternative_of_its_kind_states_it():
    t = extract_paths({"properties": {
        "opt": {"anyOf": [{"type": "string", "maxLength": 5}, {"type": "null"}]},
        "loose": {"anyOf": [{"type": "string", "maxLength": 5}, {"type": "string"}]},
        "wide": {"anyOf": [{"type": "integer", "maximum": 5}, {"type": "integer",
                                                              "maximum": 9}]}}})
    assert t["opt"].to_json()["constraints"] == {"maxLength": 5}
    assert "constraints" not in t["loose"].to_json()
    assert t["wide"].to_json()["constraints"] == {"maximum": 9}


@pytest.mark.parametrize("bad", [{"maxLength": -1}, {"pattern": 3}, {"minimum": "1"},
                                 {"multipleOf": 0}, {"uniqueItems": "yes"}, {"minItems": 1.5}])
def test_a_malformed_constraint_is_a_schema_error_with_its_place(bad):
    with pytest.raises(SchemaError) as caught:
        extract_paths({"properties": {"v": bad}})
    assert caught.value.location == "#/properties/v"
