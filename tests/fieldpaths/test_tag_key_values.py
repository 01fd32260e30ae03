"""A tagged union's variants keep the values they give their other keys apart (a variant's
``key_values``), read the same by every walk, written and read back, and shown."""

from __future__ import annotations

from typing import Annotated, Literal, Union

import pytest
from pydantic import BaseModel, ConfigDict, Field

from parity.errors import FileFormatError
from parity.fieldpaths.manifest import load, write
from parity.fieldpaths.render import describe
from parity.fieldpaths.tooldefs import manifest_from_definitions
from tests.fieldpaths.test_tagged import tags


class A(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: Literal["a"]
    level: Literal[1, 2]
    note: str = ""  # (a key of its own: the union is told apart by `kind`, its tags)


class B(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: Literal["b"]
    level: Literal[2, 3]


class Free(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: Literal["f"]
    level: int


class Call(BaseModel):
    x: Annotated[Union[A, B], Field(discriminator="kind")]  # noqa: UP007


class WithFree(BaseModel):
    x: Annotated[Union[A, Free], Field(discriminator="kind")]  # noqa: UP007


def test_each_variant_of_a_discriminated_union_keeps_the_values_it_gives_a_key():
    # merged, `x.level` takes 1, 2 or 3: each variant's own are only here (every walk alike)
    by_kind = dict(tags(Call.model_json_schema(), "x"))["kind"]
    assert [(v[0], v[6]) for v in by_kind] == [(("a",), (("level", (1, 2)),)),
                                               (("b",), (("level", (2, 3)),))]


def test_a_variant_leaving_the_key_free_beside_one_limiting_it_records_the_limit_alone():
    by_kind = dict(tags(WithFree.model_json_schema(), "x"))["kind"]
    assert [(v[0], v[6]) for v in by_kind] == [(("a",), (("level", (1, 2)),)), (("f",), ())]
    # variants giving a key the same values (in any order) record none
    schema = {"oneOf": [
        {"type": "object", "required": ["kind", "level"], "additionalProperties": False,
         "properties": {"kind": {"const": "a"}, "level": {"enum": [1, 2]}, "note": {}}},
        {"type": "object", "required": ["kind", "level"], "additionalProperties": False,
         "properties": {"kind": {"const": "b"}, "level": {"enum": [2, 1]}}}]}
    assert [v[6] for v in dict(tags(schema))["kind"]] == [(), ()]


class Capped(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: Literal["c"]
    level: int = Field(le=2)


class WithCapped(BaseModel):
    x: Annotated[Union[A, Capped], Field(discriminator="kind")]  # noqa: UP007


class Noted(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: Literal["n"]
    level: int
    note: str = ""  # (a key of its own: the union is told apart by `kind`, its tags)


class CappedOrNoted(BaseModel):
    x: Annotated[Union[Capped, Noted], Field(discriminator="kind")]  # noqa: UP007


def test_a_variant_bounding_a_key_its_own_way_is_marked_so():
    # merged, `x.level` loses `maximum` (the "a" variant states none): the "c" variant's
    # bounds are its own, marked `None` (no values of its own, bounds the merge does not say)
    by_kind = dict(tags(WithCapped.model_json_schema(), "x"))["kind"]
    assert [(v[0], v[6]) for v in by_kind] == [(("a",), (("level", (1, 2)),)),
                                               (("c",), (("level", None),))]
    # no values anywhere: bounds apart alone are kept, a free variant's key left unmarked
    by_kind = dict(tags(CappedOrNoted.model_json_schema(), "x"))["kind"]
    assert [(v[0], v[6]) for v in by_kind] == [(("c",), (("level", None),)), (("n",), ())]


def test_variants_bounding_a_key_alike_mark_nothing():
    same = {"type": "integer", "maximum": 2}
    schema = {"oneOf": [
        {"type": "object", "required": ["kind", "level"], "additionalProperties": False,
         "properties": {"kind": {"const": "a"}, "level": same, "note": {}}},
        {"type": "object", "required": ["kind", "level"], "additionalProperties": False,
         "properties": {"kind": {"const": "b"}, "level": same}}]}
    assert [v[6] for v in dict(tags(schema))["kind"]] == [(), ()]


@pytest.mark.parametrize(("model", "written", "shown", "malformed"), [
    (Call, '{"level": [1, 2]}', 'tag "kind": "a","level": 1 or 2, requires "level" (takes '
     'only "kind", "level", "note") | "b","level": 2 or 3, requires "level"',
     '{"level": []}'),  # a key's values are never none
    # a key bounded apart is written `null` (values or `null`, nothing else)
    (WithCapped, '{"level": null}', '"c","level": bounds of its own,', '{"level": 2}'),
])
def test_the_key_values_are_written_read_back_shown_and_checked(
        tmp_path, model, written, shown, malformed):
    manifest = manifest_from_definitions(
        [{"name": "t", "inputSchema": model.model_json_schema()}], side="server", source="s")
    path = tmp_path / "m.json"
    write(manifest, path)
    text = path.read_text()
    assert f'"key_values": {written}' in text
    entry = manifest.tools["t"].in_["x"]
    assert load(path).tools["t"].in_["x"].tags == entry.tags
    assert shown in describe(entry)
    # a malformed one: one readable message, naming the place
    path.write_text(text.replace(f'"key_values": {written}', f'"key_values": {malformed}'))
    with pytest.raises(FileFormatError) as caught:
        load(path)
    assert "key_values" in str(caught.value) and str(path) in str(caught.value)
