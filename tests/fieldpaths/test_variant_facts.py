"""What a union's variants give their keys apart: types (``KeyTypes``) and objects
(``KeyShapes``), in shapes and tags."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from parity.errors import FileFormatError
from parity.fieldpaths.entry import Entry, judged_shapes
from parity.fieldpaths.manifest import load, write
from parity.fieldpaths.render import describe
from parity.fieldpaths.schema import extract_paths
from parity.fieldpaths.tooldefs import manifest_from_definitions
from tests.fieldpaths.test_direct import assert_same
from tests.properties import draws

TEXT, INT = {"type": "string"}, {"type": "integer"}


def closed(props: dict[str, Any], *required: str) -> dict[str, Any]:
    return {"type": "object", "properties": props, "required": list(required),
            "additionalProperties": False}


#: a string `a` with a `b`, or an integer `a` alone
BY = {"anyOf": [closed({"a": TEXT, "b": TEXT}, "a", "b"), closed({"a": INT}, "a")]}


def entry(schema: Any, path: str = "") -> Entry:
    assert_same(schema, path or "root")  # every walk reads it alike
    return extract_paths(schema)[path]


def test_shapes_keep_the_types_each_gives_a_key_the_others_type_otherwise():
    found = entry(BY)
    assert found.shapes == ((("a",), ("a",), ("a",), (), (("a", ("integer",)),), ()),
                            (("a", "b"), ("a", "b"), ("a", "b"), (), (("a", ("string",)),), ()))
    # all closed, but typing `a` apart: a receiver is judged by them
    assert judged_shapes(found) == found.shapes
    # merged, `a` takes either
    assert extract_paths(BY)["a"].type == ("integer", "string")


def test_objects_of_the_same_keys_typed_apart_are_shapes_too():
    schema = {"anyOf": [closed({"a": TEXT, "b": TEXT}, "a", "b"),
                        closed({"a": INT, "b": INT}, "a", "b")]}
    assert [dict(shape[4]) for shape in entry(schema).shapes] == [
        {"a": ("integer",), "b": ("integer",)}, {"a": ("string",), "b": ("string",)}]
    # typed alike: one shape, nothing kept
    assert entry({"anyOf": [closed({"a": TEXT}, "a"), closed({"a": TEXT}, "a")]}).shapes == ()


def test_only_keys_typed_apart_are_kept_and_only_where_a_shape_declares_them():
    schema = {"anyOf": [closed({"a": TEXT, "c": TEXT}, "a"),
                        closed({"a": INT, "c": TEXT}, "a"), closed({"d": TEXT}, "d")]}
    assert [shape[4] for shape in entry(schema).shapes] == [
        (("a", ("integer",)),), (("a", ("string",)),), ()]


def test_a_nullable_key_against_a_plain_one_is_typed_apart():
    # pydantic's `Optional[str]` in one model, `str` in the other
    schema = {"anyOf": [closed({"a": {"type": ["string", "null"]}}, "a"),
                        closed({"a": TEXT, "b": TEXT}, "a", "b")]}
    assert [shape[4] for shape in entry(schema).shapes] == [
        (("a", ("null", "string")),), (("a", ("string",)),)]


def test_a_union_inside_a_branch_gives_its_variants_their_own_types():
    inner = {"anyOf": [closed({"a": TEXT}, "a"), closed({"a": INT, "b": TEXT}, "a", "b")]}
    schema = {"anyOf": [inner, closed({"a": {"type": "boolean"}, "c": TEXT}, "a", "c")]}
    assert [(shape[0], shape[4]) for shape in entry(schema).shapes] == [
        (("a",), (("a", ("string",)),)), (("a", "b"), (("a", ("integer",)),)),
        (("a", "c"), (("a", ("boolean",)),))]


def test_tagged_variants_keep_the_types_they_give_a_key_apart():
    cat = closed({"kind": {"const": "cat"}, "size": INT}, "kind", "size")
    dog = closed({"kind": {"const": "dog"}, "size": TEXT}, "kind", "size")
    ((key, variants),) = entry({"oneOf": [cat, dog]}).tags
    assert key == "kind"
    assert [(v[0], v[4]) for v in variants] == [(("cat",), (("size", ("integer",)),)),
                                               (("dog",), (("size", ("string",)),))]
    # the tag's own types are its values'
    one = closed({"kind": {"const": 1}, "size": INT}, "kind", "size")
    assert all(v[4] == () for v in entry({"oneOf": [one, closed(
        {"kind": {"const": "x"}, "size": INT, "b": TEXT}, "kind", "size", "b")]}).tags[0][1])


def test_types_are_written_read_back_rendered_and_checked(tmp_path):
    tool = {"name": "t", "inputSchema": BY}
    manifest = manifest_from_definitions([tool], side="server", source="s.json")
    path = tmp_path / "s.server.json"
    write(manifest, path)
    assert ('"shapes": [{"requires": ["a"], "takes": ["a"], "types": {"a": ["integer"]}}, '
            '{"requires": ["a", "b"], "takes": ["a", "b"], "types": {"a": ["string"]}}]'
            ) in path.read_text()
    read = load(path).tools["t"].in_[""]
    assert read == manifest.tools["t"].in_[""] and Entry.from_json(read.to_json()) == read
    assert describe(read).endswith(
        'one of: requires "a" (takes only "a") with "a" integer'
        ' | requires "a", "b" (takes only "a", "b") with "a" string')
    # a type name JSON Schema does not have was not written by parity
    path.write_text(path.read_text().replace('"types": {"a": ["integer"]}',
                                             '"types": {"a": ["int"]}'))
    with pytest.raises(FileFormatError) as caught:
        load(path)
    assert "types" in str(caught.value)


def _channel(kind: str, *config: str, closed: bool = False) -> dict[str, Any]:
    extra = {"additionalProperties": False} if closed else {}
    return {"type": "object", "required": ["type", "config"], "properties": {
        "type": {"const": kind},
        "config": {"type": "object", "required": list(config),
                   "properties": {name: TEXT for name in config}, **extra}}}


def test_tagged_variants_keep_the_objects_they_give_a_key_apart():
    # pydantic's discriminated union of models holding models: at `channel` the variants
    # have the same keys and types; only their `config` tells them apart
    schema = {"oneOf": [_channel("webhook", "url"), _channel("email", "address")]}
    ((key, variants),) = entry(schema).tags
    assert key == "type"
    assert [(v[0], v[5]) for v in variants] == [
        (("email",), (("config", (("address",), None, ("address",), (), ())),)),
        (("webhook",), (("config", (("url",), None, ("url",), (), ())),))]
    # the same objects: nothing to tell apart, no tags
    assert entry({"oneOf": [_channel("webhook", "url"), _channel("email", "url")]}).tags == ()


def test_objects_closed_apart_are_kept_and_those_of_unions_are_not_told():
    # one closed, one open, the same keys: the closed one refuses what the open one takes
    schema = {"anyOf": [closed({"o": {"type": "object", "properties": {"x": TEXT}},
                                "a": TEXT}, "a"),
                        closed({"o": {"type": "object", "properties": {"x": TEXT},
                                      "additionalProperties": False}})]}
    assert [shape[5] for shape in entry(schema).shapes] == [
        (("o", ((), ("x",), ("x",), (), ())),), (("o", ((), None, ("x",), (), ())),)]
    # an object that is a union of its own tells nothing at this level: merged, as before
    union = {"anyOf": [closed({"a": TEXT}, "a"), closed({"b": TEXT}, "b")]}
    schema = {"anyOf": [closed({"o": union, "a": TEXT}, "a"),
                        closed({"o": {"type": "object", "required": ["x"],
                                      "properties": {"x": TEXT}}})]}
    assert all(shape[5] == () for shape in entry(schema).shapes)


def test_objects_are_written_read_back_rendered_and_checked(tmp_path):
    schema = {"oneOf": [_channel("webhook", "url", closed=True), _channel("email", "address")]}
    manifest = manifest_from_definitions([{"name": "t", "inputSchema": schema}],
                                         side="server", source="s.json")
    path = tmp_path / "s.server.json"
    write(manifest, path)
    assert ('"nested": {"config": {"requires": ["url"], "takes": ["url"]}}'
            in path.read_text())
    read = load(path).tools["t"].in_[""]
    assert read == manifest.tools["t"].in_[""] and Entry.from_json(read.to_json()) == read
    assert describe(read).endswith(
        'tag "type": "email" requires "config" with "config" {requires "address"}'
        ' | "webhook" requires "config" with "config" {requires "url" (takes only "url")}')
    path.write_text(path.read_text().replace('"takes": ["url"]}}', '"takes": "url"}}'))
    with pytest.raises(FileFormatError) as caught:
        load(path)
    assert "nested" in str(caught.value)


def _route(inner: str, other: str) -> dict[str, Any]:
    """A route whose `by.via` takes `inner`, beside `at` taking `other`: objects two
    levels down, closed."""
    return closed({"by": closed({"via": closed({inner: TEXT}, inner)}, "via"),
                   "at": closed({other: TEXT}, other)}, "by", "at")


def test_variants_keep_the_objects_their_objects_give_keys_apart_further_down():
    # `by` is the same object in both but for its `via`'s keys: each variant keeps them
    schema = {"anyOf": [_route("x", "m"), _route("y", "n")]}
    assert [shape[5] for shape in entry(schema).shapes] == [
        (("at", (("m",), ("m",), ("m",), (), ())),
         ("by", (("via",), ("via",), ("via",), (("via", (("x",), ("x",), ("x",), (), ())),),
                 ()))),
        (("at", (("n",), ("n",), ("n",), (), ())),
         ("by", (("via",), ("via",), ("via",), (("via", (("y",), ("y",), ("y",), (), ())),),
                 ())))]
    assert describe(entry(schema)).endswith(
        'with "at" {requires "n" (takes only "n")}, "by" {requires "via" (takes only "via")'
        ' with "via" {requires "y" (takes only "y")}}')
    # alike further down (`via` the same), they keep `at`'s objects alone
    schema = {"anyOf": [_route("x", "m"), _route("x", "n")]}
    assert [[key for key, _ in shape[5]] for shape in entry(schema).shapes] == [["at"]] * 2
    # objects that differ only two levels down are all that tells the variants apart
    schema = {"anyOf": [_route("x", "m"), _route("y", "m")]}
    assert [dict(shape[5])["by"][3] for shape in entry(schema).shapes] == [
        (("via", (("x",), ("x",), ("x",), (), ())),),
        (("via", (("y",), ("y",), ("y",), (), ())),)]


def test_objects_further_down_are_written_read_back_and_checked(tmp_path):
    schema = {"anyOf": [_route("x", "m"), _route("y", "n")]}
    manifest = manifest_from_definitions([{"name": "t", "inputSchema": schema}],
                                         side="server", source="s.json")
    text = manifest.tools["t"].in_[""].to_json()
    assert text["shapes"][0]["nested"]["by"] == {  # type: ignore[index]
        "requires": ["via"], "takes": ["via"],
        "nested": {"via": {"requires": ["x"], "takes": ["x"]}}}
    path = tmp_path / "s.server.json"
    write(manifest, path)
    assert load(path).tools["t"].in_[""] == manifest.tools["t"].in_[""]
    # the shipped schema holds what is further down as it holds the first level
    path.write_text(path.read_text().replace('"nested": {"via": {"requires": ["x"]',
                                             '"nested": {"via": {"requires": "x"', 1))
    with pytest.raises(FileFormatError) as caught:
        load(path)
    assert "nested" in str(caught.value)


def test_variants_keep_the_types_their_objects_give_keys_apart():
    # `o.x` a string beside `s.m`, or an integer beside `s.n`: each variant's `o` keeps it
    def typed(kind: dict[str, Any], beside: str) -> dict[str, Any]:
        return closed({"o": closed({"x": kind}, "x"), "s": closed({beside: TEXT}, beside)},
                      "o", "s")

    schema = {"anyOf": [typed(TEXT, "m"), typed(INT, "n")]}
    assert [dict(shape[5])["o"] for shape in entry(schema).shapes] == [
        (("x",), ("x",), ("x",), (), (("x", ("integer",)),)),
        (("x",), ("x",), ("x",), (), (("x", ("string",)),))]
    assert describe(entry(schema)).endswith(
        'with "o" {requires "x" (takes only "x") with "x" string}, '
        '"s" {requires "m" (takes only "m")}')
    manifest = manifest_from_definitions([{"name": "t", "inputSchema": schema}],
                                         side="server", source="s.json")
    written = manifest.tools["t"].in_[""].to_json()
    assert written["shapes"][0]["nested"]["o"] == {  # type: ignore[index]
        "requires": ["x"], "takes": ["x"], "types": {"x": ["integer"]}}
    assert Entry.from_json(written) == manifest.tools["t"].in_[""]
    # typed alike, they keep no types
    schema = {"anyOf": [typed(TEXT, "m"), typed(TEXT, "n")]}
    assert [dict(shape[5]).get("o") for shape in entry(schema).shapes] == [None, None]


def test_objects_further_down_that_are_not_told_are_left_merged():
    # the second variant's `via` is a union of its own: nothing is told of it, so `via`
    # tells nothing apart, and the variants keep `by` alike
    union = {"anyOf": [closed({"x": TEXT}, "x"), closed({"z": TEXT}, "z")]}
    told = closed({"by": closed({"via": closed({"x": TEXT}, "x")}, "via")}, "by")
    untold = closed({"by": closed({"via": union}, "via"), "a": TEXT}, "by", "a")
    shapes = entry({"anyOf": [told, untold]}).shapes
    assert shapes and all(dict(shape[5]).get("by", (0, 0, 0, (), ()))[3] == ()
                          for shape in shapes)


# -- against jsonschema -------------------------------------------------------------------

NAMES = ("a", "b", "c")
SAMPLES = {"string": "x", "integer": 1, "null": None, "boolean": True}


@st.composite
def _objects(draw: st.DrawFn) -> dict[str, Any]:
    names = sorted(draw(st.sets(st.sampled_from(NAMES), min_size=1)))
    props = {n: {"type": draw(st.sampled_from(sorted(SAMPLES)))} for n in names}
    schema = {"type": "object", "properties": props,
              "required": sorted(draw(st.sets(st.sampled_from(names))))}
    if draw(st.booleans()):
        schema["additionalProperties"] = False
    return schema


def _fits(call: dict[str, Any], shape: Any, merged: dict[str, Entry]) -> bool:
    requires, takes, declares, _, types, _ = shape
    if not set(requires) <= set(call) or (takes is not None and not set(call) <= set(takes)):
        return False
    own = dict(types)
    for key, value in call.items():
        if key not in declares:
            continue  # an open shape takes any value of a key it does not declare
        named = own.get(key) or merged[key].type
        kind = next(name for name, sample in SAMPLES.items()
                    if sample is value or (sample == value and type(sample) is type(value)))
        if kind not in named and "any" not in named:
            return False
    return True


@settings(max_examples=draws(200), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_objects(), min_size=2, max_size=3))
def test_every_valid_object_fits_a_shape_at_its_types_and_each_that_fits_is_valid(branches):
    """Never more than the schema asks, nor less: held to `jsonschema` on every object of
    `a` to `c` at every sample type, an object fits a shape (its keys, and each key's type:
    the shape's own, else the merged one) exactly when the `anyOf` takes it."""
    schema = {"anyOf": branches}
    table = extract_paths(schema)
    found = table[""].shapes
    if not found:
        return
    merged = {name: table[name] for name in NAMES if name in table}
    validator = Draft202012Validator(schema)
    for size in range(len(NAMES) + 1):
        for keys in itertools.combinations(NAMES, size):
            for values in itertools.product(SAMPLES.values(), repeat=size):
                call = dict(zip(keys, values, strict=True))
                fits = any(_fits(call, shape, merged) for shape in found)
                assert fits == validator.is_valid(call), (call, found)
