"""A union's ``discriminator`` requires its tag in every variant, as pydantic (and OpenAPI)
read it, even where each model gives the tag a default."""

from __future__ import annotations

import copy
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, Field

from parity.fieldpaths.discriminator import require_tags
from parity.fieldpaths.schema import extract_paths
from tests.contract.rules.rulefixtures import diff, of_rule, tool


class Cat(BaseModel):
    kind: Literal["cat"] = "cat"
    meow: int


class Dog(BaseModel):
    kind: Literal["dog"] = "dog"
    bark: str


class Adopt(BaseModel):
    pet: Annotated[Union[Cat, Dog], Field(discriminator="kind")]  # noqa: UP007


class PlainAdopt(BaseModel):
    pet: Union[Cat, Dog]  # noqa: UP007


def test_a_defaulted_tag_of_a_discriminated_union_is_required_and_tags_the_union():
    schema = Adopt.model_json_schema()
    before = copy.deepcopy(schema)
    table = extract_paths(schema)
    assert table["pet.kind"].required
    assert [(key, [v[0] for v in variants]) for key, variants in table["pet"].tags] == [
        ("kind", [("cat",), ("dog",)])]
    assert schema == before  # the caller's schema is never modified


def test_a_union_without_a_discriminator_keeps_its_tag_optional():
    table = extract_paths(PlainAdopt.model_json_schema())
    assert not table["pet.kind"].required and table["pet"].tags == ()


def test_a_reference_branch_requires_the_tag_in_draft_07_too():
    # draft-07 ignores keywords beside `$ref`: the requirement is wrapped, not put beside it
    schema = {"$schema": "http://json-schema.org/draft-07/schema#",
              "definitions": {"A": {"type": "object", "properties": {"k": {"const": "a"}}},
                              "B": {"type": "object", "properties": {"k": {"const": "b"}}}},
              "type": "object", "required": ["p"],
              "properties": {"p": {"discriminator": {"propertyName": "k"},
                                   "oneOf": [{"$ref": "#/definitions/A"},
                                             {"$ref": "#/definitions/B"}]}}}
    assert extract_paths(schema)["p.k"].required


def test_values_that_are_data_are_left_alone():
    # a default or an example holding what looks like a discriminated union is a value
    data = {"discriminator": {"propertyName": "k"}, "oneOf": [{"a": 1}]}
    schema = {"type": "object", "default": data, "examples": [data],
              "properties": {"discriminator": {"type": "string"}}}
    assert require_tags(schema) is schema
    # shared and self-holding parts (a Python dict) are read once, without looping
    shared: dict[str, Any] = {"type": "object"}
    shared["properties"] = {"self": shared}
    assert require_tags({"anyOf": [shared, shared]})["anyOf"][0] is shared


def test_an_agent_leaving_out_a_defaulted_discriminator_is_found():
    # the agent sends {"pet": {"meow": 3}}: pydantic refuses it ("Unable to extract tag")
    agent = tool("adopt", {"type": "object", "required": ["pet"], "properties": {
        "pet": {"type": "object", "required": ["meow"],
                "properties": {"meow": {"type": "integer"}}}}})
    findings = diff([agent], [tool("adopt", Adopt.model_json_schema())])
    assert [f.path for f in of_rule("in.missing-required", findings)] == ["pet.kind"]


def test_a_discriminated_union_of_inline_objects_is_read_tagged_by_every_walk():
    # the flat read (the commonest schemas) leaves such a union to the walks, which read
    # it with its tag required
    cat = {"type": "object", "required": ["meow"], "properties": {
        "kind": {"const": "cat", "default": "cat"}, "meow": {"type": "integer"}}}
    dog = {"type": "object", "required": ["bark"], "properties": {
        "kind": {"const": "dog", "default": "dog"}, "bark": {"type": "string"}}}
    union = {"discriminator": {"propertyName": "kind"}, "oneOf": [cat, dog]}
    for schema, at in ((union, ""), ({"type": "object", "properties": {"pet": union}}, "pet")):
        table = extract_paths(schema)
        assert table[f"{at}.kind" if at else "kind"].required
        assert [key for key, _ in table[at].tags] == ["kind"]


class Owner(BaseModel):
    name: str
    pet: Annotated[Union[Cat, Dog], Field(discriminator="kind")]  # noqa: UP007


class Household(BaseModel):
    city: str
    owner: Owner  # the union sits in a definition the flat read reaches by reference


def test_a_discriminated_union_in_a_definition_reached_by_reference_is_tagged():
    table = extract_paths(Household.model_json_schema())
    assert table["owner.pet.kind"].required
    assert table["owner.pet"].tags


def test_a_schema_holding_no_discriminator_is_not_rewritten():
    # a property named `discriminator` is no union's: looked at, left as it is
    schema = {"type": "object", "properties": {
        "discriminator": {"type": "string"},
        "pet": {"anyOf": [{"type": "object", "properties": {"kind": {"const": "cat"}}},
                          {"type": "object", "properties": {"kind": {"const": "dog"}}}]}}}
    table = extract_paths(schema)
    assert not table["pet.kind"].required
