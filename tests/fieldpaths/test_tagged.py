"""An object's ``tags``: a tagged union's variants by the key that tells them apart, read the
same by every walk, and never more than the schema asks (``jsonschema`` decides)."""

from __future__ import annotations

import itertools
import json
from typing import Annotated, Any, Literal, Union

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator
from pydantic import BaseModel, ConfigDict, Field

from parity.errors import FileFormatError
from parity.fieldpaths.entry import Tags, tells_apart
from parity.fieldpaths.manifest import load, write
from parity.fieldpaths.render import describe
from parity.fieldpaths.schema import extract_paths
from parity.fieldpaths.tooldefs import manifest_from_definitions
from tests.fieldpaths.test_direct import assert_same
from tests.properties import draws

NAMES = ("a", "b", "c")


def variant(tag: Any, *required: str, closed: bool = False,
            names: tuple[str, ...] = NAMES, key: str = "t") -> dict[str, Any]:
    """An object tagged ``tag`` at ``key`` (``const``; a list: ``enum``), requiring the tag
    and ``required`` of its integer fields ``names``."""
    schema: dict[str, Any] = {
        "type": "object", "required": [key, *required],
        "properties": {key: {"enum": tag} if isinstance(tag, list) else {"const": tag},
                       **{n: {"type": "integer"} for n in names}}}
    if closed:
        schema["additionalProperties"] = False
    return schema


def tags(schema: Any, path: str = "") -> Tags:
    assert_same(schema, path or "root")  # every walk reads it alike (and under tight bounds)
    return extract_paths(schema)[path].tags


class Cat(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: Literal["cat"]
    meow: str
    lives: int = 9


class Dog(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: Literal["dog"]
    bark: str


class Adopt(BaseModel):
    pet: Annotated[Union[Cat, Dog], Field(discriminator="kind")]  # noqa: UP007


def test_a_pydantic_discriminated_union_records_each_variant_by_its_tag():
    # pydantic writes it as `oneOf` of references with a `discriminator`; each model closed
    assert tags(Adopt.model_json_schema(), "pet") == (("kind", (
        (("cat",), ("kind", "meow"), ("kind", "lives", "meow"), ("kind", "lives", "meow"),
         (), (), ()),
        (("dog",), ("bark", "kind"), ("bark", "kind"), ("bark", "kind"), (), (), ()))),)


def test_open_variants_record_what_they_require_and_declare_and_take_any_key():
    every = ("a", "b", "c", "t")
    assert tags({"oneOf": [variant("x", "a"), variant("y", "b")]}) == (("t", (
        (("x",), ("a", "t"), None, every, (), (), ()),
        (("y",), ("b", "t"), None, every, (), (), ()))),)


def test_open_variants_told_apart_only_by_what_they_declare_record_their_tags():
    # pydantic's default models: no variant closed, each requiring only its tag; a sender's
    # "x" may send `a`, never `b` (a closed receiver's "x" may refuse `b`)
    schema = {"oneOf": [variant("x", names=("a",)), variant("y", names=("b",))]}
    assert tags(schema) == (("t", ((("x",), ("t",), None, ("a", "t"), (), (), ()),
                                   (("y",), ("t",), None, ("b", "t"), (), (), ()))),)


def test_a_variant_requiring_more_than_another_is_told_apart_too():
    # no choice here (`t` alone will do for "x"), but "y" without `b` is refused
    schema = {"type": "object", "properties": {"p": {"anyOf": [variant("x"), variant("y", "b")]}}}
    assert tags(schema, "p") == (("t", ((("x",), ("t",), None, ("a", "b", "c", "t"), (), (), ()),
                                        (("y",), ("b", "t"), None, ("a", "b", "c", "t"), (), (),
                                         ()))),)
    assert extract_paths(schema)["p"].choice == ()


def test_values_of_several_variants_and_integer_tags_are_kept_in_canonical_order():
    assert tags({"anyOf": [variant([2, 1], "a"), variant(0, "b"), variant(3, "a")]}) == (
        ("t", (((0,), ("b", "t"), None, ("a", "b", "c", "t"), (), (), ()),
               ((1, 2, 3), ("a", "t"), None, ("a", "b", "c", "t"), (), (), ()))),)


def test_variants_sharing_every_value_are_kept():
    """Each is judged whole, not their merge (a plain ``Union`` of two models with the same
    ``Literal``: the sender is one of them, a receiver takes what one of them takes)."""
    schema = {"type": "object", "properties": {"p": {"anyOf": [variant(["x", "y"], "a"),
                                                              variant(["y", "x"], "b")]}}}
    variants = tags(schema, "p")[0][1]
    assert variants == ((("x", "y"), ("a", "t"), None, ("a", "b", "c", "t"), (), (), ()),
                        (("x", "y"), ("b", "t"), None, ("a", "b", "c", "t"), (), (), ()))
    assert not tells_apart(variants)
    told = {"anyOf": [variant("x", "a"), variant("x", "b"), variant("y", "a")]}
    assert tells_apart(tags(told)[0][1])


def test_no_tags_where_the_key_tells_nothing_apart():
    # the same shape with every value
    assert tags({"anyOf": [variant("x", "a"), variant("y", "a")]}) == ()
    # an alternative taking any value of the key
    untagged = {"type": "object", "required": ["t", "b"],
                "properties": {"t": {"type": "string"}, "b": {"type": "integer"}}}
    assert tags({"anyOf": [variant("x", "a"), untagged]}) == ()
    # an alternative that does not require the key
    loose = variant("y", "b")
    loose["required"] = ["b"]
    assert tags({"anyOf": [variant("x", "a"), loose]}) == ()


def test_a_tagged_union_inside_another_gives_its_own_variants():
    inner = {"oneOf": [variant("x", "a", closed=True), variant("y", "b", closed=True)]}
    schema = {"anyOf": [inner, variant("z", "c", closed=True)]}
    every = ("a", "b", "c", "t")
    assert tags(schema) == (("t", ((("x",), ("a", "t"), every, every, (), (), ()),
                                   (("y",), ("b", "t"), every, every, (), (), ()),
                                   (("z",), ("c", "t"), every, every, (), (), ()))),)


def test_a_closed_variant_of_a_union_below_another_stays_closed_beside_an_open_one():
    # `q` is a union in one alternative of `p`'s union: its "z" refuses `c` even though the
    # alternative's `q` as a whole (its "x" open) takes any key
    schema = {"anyOf": [
        {"type": "object", "required": ["k"],
         "properties": {"k": {"const": 1}, "q": variant("x", names=("a",))}},
        {"type": "object", "required": ["k"], "properties": {"k": {"const": 2}, "q": {"anyOf": [
            variant("x", names=("c",)), variant("z", closed=True, names=())]}}}]}
    assert tags(schema, "q") == (("t", ((("x",), ("t",), None, ("a", "t"), (), (), ()),
                                        (("x",), ("t",), None, ("c", "t"), (), (), ()),
                                        (("z",), ("t",), ("t",), ("t",), (), (), ()))),)


def test_the_tags_are_written_and_read_back_and_checked(tmp_path):
    schema = {"type": "object", "properties": {"pet": {"oneOf": [
        variant("x", "a", closed=True, names=("a",)), variant(1, "b", names=("b",))]}}}
    manifest = manifest_from_definitions([{"name": "t", "inputSchema": schema}], side="server",
                                         source="s")
    path = tmp_path / "m.json"
    write(manifest, path)
    # sorted keys, the variants in the canonical order of their values ("x" before 1)
    assert '"tags": {"t": [{"requires": ["a", "t"], "takes": ["a", "t"], "values": ["x"]}, ' \
           '{"requires": ["b", "t"], "values": [1]}]}' in path.read_text()
    assert load(path).tools["t"].in_["pet"].tags == manifest.tools["t"].in_["pet"].tags
    path.write_text(path.read_text().replace('"values": [1]', '"values": 1'))
    with pytest.raises(FileFormatError) as caught:
        load(path)
    assert "tags" in str(caught.value)


def _variant() -> st.SearchStrategy[dict[str, Any]]:
    """An object tagged with one or two of 0, 1, 2, requiring some of ``a`` to ``c``,
    declaring those and maybe others, closed or not."""
    return st.builds(
        lambda tag, required, more, closed: variant(
            sorted(tag) if len(tag) > 1 else min(tag), *sorted(required), closed=closed,
            names=tuple(sorted(required | more))),
        st.sets(st.sampled_from((0, 1, 2)), min_size=1, max_size=2),
        st.sets(st.sampled_from(NAMES), max_size=2), st.sets(st.sampled_from(NAMES), max_size=3),
        st.booleans())


def _schemas() -> st.SearchStrategy[dict[str, Any]]:
    union = st.builds(lambda keyword, branches: {keyword: branches},
                      st.sampled_from(("anyOf", "oneOf")),
                      st.lists(_variant(), min_size=2, max_size=4))
    nested = st.builds(lambda left, right: {"anyOf": [left, right]}, union, _variant())
    return union | nested | st.builds(lambda left, right: {"allOf": [left, right]}, union, union)


@settings(max_examples=draws(200), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(_schemas())
def test_every_valid_object_fits_a_variant_of_its_tag(schema):
    """Never more than the schema asks: a variant that asked for more would report calls the
    server takes."""
    found = dict(extract_paths(schema)[""].tags)
    if not found:
        return
    validator = Draft202012Validator(schema)
    # (parity reads `oneOf` as `anyOf`: what a variant declares, it may send so read)
    as_any = Draft202012Validator(json.loads(json.dumps(schema).replace('"oneOf"', '"anyOf"')))
    held_with: dict[int, set[str]] = {0: set(), 1: set(), 2: set()}
    for value in (0, 1, 2):
        for size in range(len(NAMES) + 1):
            for keys in itertools.combinations(NAMES, size):
                instance = {"t": value, **dict.fromkeys(keys, 1)}
                if as_any.is_valid(instance):
                    held_with[value] |= set(instance)
                if not validator.is_valid(instance):
                    continue
                held = set(instance)
                assert any(value in values and set(requires) <= held
                           and (takes is None or held <= set(takes))
                           for values, requires, takes, *_ in found["t"]), (instance, found)
    # and never declares a key no valid object with its value holds (a sender's variant
    # would be said to send it)
    for values, _, _, declares, *_ in found["t"]:
        assert any(set(declares) <= held_with[v] for v in values), (values, declares, found)


def test_unevaluated_properties_of_one_alternative_takes_the_keys_of_its_union_in_every_walk():
    # `unevaluatedProperties` sees the keys `anyOf` evaluated: `{t, x, y, z}` passes "a"
    schema = {"type": "object", "properties": {"o": {"oneOf": [
        {"type": "object", "required": ["t", "x"], "properties": {"t": {"const": "a"}, "x": {}},
         "anyOf": [{"properties": {"z": {}}}, {"properties": {"y": {}}}],
         "unevaluatedProperties": False},
        {"type": "object", "required": ["t", "y"], "properties": {"t": {"const": "b"}, "y": {}},
         "additionalProperties": False}]}}}
    assert Draft202012Validator(schema).is_valid({"o": {"t": "a", "x": 1, "y": 1, "z": 1}})
    found = dict(tags(schema, "o"))["t"]
    # (one variant for each branch of its `anyOf`: they declare `y` or `z`)
    assert [takes for values, _, takes, *_ in found if values == ("a",)] == [None, None]


def test_a_union_told_apart_only_by_a_tag_and_what_it_takes_records_its_tags():
    # the same required keys: no choice, but "x" takes `t` alone
    schema = {"anyOf": [variant("x", closed=True, names=()), variant("y", names=("a",))]}
    assert tags(schema) == (("t", ((("x",), ("t",), ("t",), ("t",), (), (), ()),
                                   (("y",), ("t",), None, ("a", "t"), (), (), ()))),)


def test_an_open_variant_declaring_more_than_it_requires_writes_what_it_declares(tmp_path):
    schema = {"type": "object", "properties": {"pet": {"oneOf": [
        variant("x", "a", names=("a", "c")), variant("y", "b", closed=True, names=("b",))]}}}
    manifest = manifest_from_definitions([{"name": "t", "inputSchema": schema}], side="server",
                                         source="s")
    path = tmp_path / "m.json"
    write(manifest, path)
    assert '{"declares": ["a", "c", "t"], "requires": ["a", "t"], "values": ["x"]}' \
        in path.read_text()
    assert load(path).tools["t"].in_["pet"].tags == manifest.tools["t"].in_["pet"].tags
    assert 'tag "t": "x" requires "a" (declares also "c") | "y" requires "b" (takes only ' \
        '"b", "t")' in describe(manifest.tools["t"].in_["pet"])
    # `declares` is an open variant's: beside `takes` it is refused, by place
    path.write_text(path.read_text().replace('"takes"', '"declares": ["b"], "takes"'))
    with pytest.raises(FileFormatError) as caught:
        load(path)
    assert "tags" in str(caught.value)


def test_a_tagged_object_one_alternative_of_an_outer_union_holds_keeps_its_tags():
    # the outer union's other alternative is closed to `p`: only the first holds it, and
    # its tags were dropped (a union of one alternative kept its choice, not its tags)
    inner = {"anyOf": [variant("x", "a"), variant("y", "b")]}
    closed = {"type": "object", "additionalProperties": False,
              "properties": {"q": {"type": "string"}}}
    schema = {"anyOf": [{"type": "object", "properties": {"p": inner}}, closed]}
    alone = {"type": "object", "properties": {"p": inner}}
    assert tags(schema, "p") == tags(alone, "p") != ()
