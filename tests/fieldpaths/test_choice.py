"""An object's ``choice``: the groups of keys a union of objects requires one of, read the same
by every walk, and never more than the schema asks (``jsonschema`` decides)."""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from parity.errors import FileFormatError
from parity.fieldpaths.choices import MAX_WAYS, choice_of
from parity.fieldpaths.entry import Entry, judged_shapes, shape_tags
from parity.fieldpaths.manifest import load, write
from parity.fieldpaths.render import describe
from parity.fieldpaths.schema import extract_paths
from parity.fieldpaths.tooldefs import manifest_from_definitions
from tests.fieldpaths.test_direct import assert_same
from tests.properties import draws

NAMES = ("a", "b", "c", "d")


def either(*required: str, closed: bool = False, names: tuple[str, ...] = NAMES,
           **extra: Any) -> dict[str, Any]:
    """An object of integer fields ``names`` (``a`` to ``d``) requiring ``required``."""
    schema: dict[str, Any] = {"type": "object", "required": list(required),
                              "properties": {n: {"type": "integer"} for n in names}, **extra}
    if closed:
        schema["additionalProperties"] = False
    return schema


def choice(schema: Any, path: str = "") -> tuple[tuple[str, ...], ...]:
    assert_same(schema, path or "root")  # every walk reads it alike (and under tight bounds)
    return extract_paths(schema)[path].choice


def test_a_union_requiring_different_keys_requires_one_of_them():
    # the GitHub server's review comment: a `position` or a `line`, each beside `path`, `body`
    comment = {"type": "array", "items": {"anyOf": [either("a", "b"), either("a", "c")]}}
    table = extract_paths({"type": "object", "properties": {"comments": comment}})
    assert table["comments[]"].choice == (("b",), ("c",))
    assert table["comments[].a"].required  # what both require stays required
    assert not table["comments[].b"].required and not table["comments[].c"].required
    assert choice({"oneOf": [either("b", "c"), either("a")]}) == (("a",), ("b", "c"))
    assert choice({"type": "object", "properties": {"x": {
        "anyOf": [either("a"), either("b"), either("c")]}}}, "x") == (("a",), ("b",), ("c",))


def test_no_choice_where_some_alternative_requires_nothing_more():
    assert choice({"anyOf": [either("a"), either()]}) == ()
    assert choice({"anyOf": [either("a"), either("a", "b")]}) == ()  # `a` alone will do
    assert choice({"anyOf": [either("a"), either("a")]}) == ()  # the same: `a` is required
    # an optional model: the object alternative alone may hold keys
    assert choice({"type": "object", "properties": {"m": {
        "anyOf": [either("a"), {"type": "null"}]}}}, "m") == ()
    assert choice(either("a")) == ()


def test_a_larger_group_is_dropped_for_the_smaller_one_it_holds():
    assert choice({"anyOf": [either("a", "d"), either("b"), either("a")]}) == (("a",), ("b",))


def test_unions_inside_unions_and_conjunctions_are_read_in_full():
    nested = {"anyOf": [{"anyOf": [either("a"), either("b")]}, either("c")]}
    assert choice(nested) == (("a",), ("b",), ("c",))
    both = {"allOf": [{"anyOf": [either("a"), either("b")]},
                      {"anyOf": [either("c"), either("d")]}]}
    assert choice(both) == (("a", "c"), ("a", "d"), ("b", "c"), ("b", "d"))
    # a nested object whose alternatives require different keys: whichever holds, one of them
    inner = {"anyOf": [{"type": "object", "properties": {"m": either("a")}},
                       {"type": "object", "properties": {"m": either("b")}}]}
    assert choice(inner, "m") == (("a",), ("b",))


def test_choice_of_bounds_the_ways_it_keeps():
    assert choice_of([(["a"], ()), (["b"], ())]) == (("a",), ("b",))
    assert choice_of([([], ((f"k{i}",) for i in range(MAX_WAYS + 1)))]) == ()  # type: ignore[misc]
    many = [([f"k{i}"], ()) for i in range(MAX_WAYS)]
    assert len(choice_of(many)) == MAX_WAYS
    assert choice_of([*many, (["z"], ())]) == ()


def test_the_choice_is_written_and_read_back_and_checked(tmp_path):
    tool = {"name": "t", "inputSchema": {"anyOf": [either("a"), either("b")]}}
    manifest = manifest_from_definitions([tool], side="server", source="s.json")
    path = tmp_path / "s.server.json"
    write(manifest, path)
    assert '"choice": [["a"], ["b"]]' in path.read_text()
    read = load(path).tools["t"].in_[""]
    assert read.choice == (("a",), ("b",)) and read == manifest.tools["t"].in_[""]
    assert Entry.from_json(read.to_json()) == read
    # a choice of one group is a requirement, not a choice: the file was not written by parity
    path.write_text(path.read_text().replace('"choice": [["a"], ["b"]]', '"choice": [["a"]]'))
    with pytest.raises(FileFormatError) as caught:
        load(path)
    assert "choice" in str(caught.value)


def _alternative() -> st.SearchStrategy[dict[str, Any]]:
    """An object requiring some of ``a`` to ``d``, declaring those and maybe others, closed
    or not."""
    return st.builds(
        lambda required, more, closed: either(*sorted(required), closed=closed,
                                              names=tuple(sorted(required | more))),
        st.sets(st.sampled_from(NAMES), min_size=1, max_size=3),
        st.sets(st.sampled_from(NAMES), max_size=4), st.sampled_from((True, True, False)))


def _schemas() -> st.SearchStrategy[dict[str, Any]]:
    union = st.builds(lambda keyword, branches: {keyword: branches},
                      st.sampled_from(("anyOf", "oneOf")),
                      st.lists(_alternative(), min_size=2, max_size=4))
    return union | st.builds(lambda left, right: {"allOf": [left, right]}, union, union)


@settings(max_examples=draws(150), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(_schemas())
def test_every_valid_object_holds_its_required_keys_and_a_group_of_its_choice(schema):
    """Never more than the schema asks: a choice that asked for more would report calls the
    server takes."""
    table = extract_paths(schema)
    root = table[""]
    required = {name for name in NAMES if name in table and table[name].required}
    validator = Draft202012Validator(schema)
    for size in range(len(NAMES) + 1):
        for keys in itertools.combinations(NAMES, size):
            if not validator.is_valid(dict.fromkeys(keys, 1)):
                continue
            held = set(keys)
            assert required <= held, (keys, required)
            assert not root.choice or any(held.issuperset(g) for g in root.choice), \
                (keys, root.choice)
            # (a key no keyset names, one no branch declares, is taken with any)
            assert not root.keysets or any(held & set().union(*root.keysets) <= set(k)
                                           for k in root.keysets), (keys, root.keysets)


def test_no_choice_at_an_object_some_alternative_does_not_reach():
    # the third alternative says nothing of `m`: there it may be any object, `{}` included
    schema = {"anyOf": [{"type": "object", "properties": {"m": either("a")}},
                        {"type": "object", "properties": {"m": either("b")}},
                        {"type": "object", "properties": {"x": {"type": "integer"}}}]}
    assert choice(schema, "m") == ()
    assert Draft202012Validator(schema).is_valid({"m": {}})


def _nested() -> st.SearchStrategy[dict[str, Any]]:
    """Unions of objects holding an object ``m`` (or ``m: null``, or no ``m`` at all)."""
    holding = _alternative().map(lambda m: {"type": "object", "properties": {"m": m}})
    other = st.sampled_from([{"type": "object", "properties": {"m": {"type": "null"}}},
                             {"type": "object", "properties": {"x": {"type": "integer"}}},
                             {"type": "object", "properties": {"x": {"type": "integer"}},
                              "additionalProperties": False}])
    return st.builds(lambda keyword, branches: {keyword: branches},
                     st.sampled_from(("anyOf", "oneOf")),
                     st.lists(holding | other, min_size=2, max_size=4))


@settings(max_examples=draws(150), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(_nested())
def test_a_nested_object_holds_a_group_of_its_choice_whenever_it_is_valid(schema):
    table = extract_paths(schema)
    if "m" not in table:
        return
    held_choice = table["m"].choice
    validator = Draft202012Validator(schema)
    for size in range(len(NAMES) + 1):
        for keys in itertools.combinations(NAMES, size):
            if validator.is_valid({"m": dict.fromkeys(keys, 1)}):
                assert not held_choice or any(set(keys).issuperset(g) for g in held_choice), \
                    (keys, held_choice)
                taken = table["m"].keysets
                assert not taken or any(set(keys).issubset(k) for k in taken), (keys, taken)


def test_a_published_servers_union_of_content_blocks_records_its_choice():
    """@modelcontextprotocol/server-filesystem's `read_media_file` returns content blocks:
    an image or audio (`data` and `mimeType`) or a resource (`resource`), each with a
    `type` (tests/fixtures/published/tools.json: its captured listing)."""
    published = Path(__file__).resolve().parents[1] / "fixtures" / "published" / "tools.json"
    listed = json.loads(published.read_text(encoding="utf-8"))
    tool = next(t for t in listed["@modelcontextprotocol/server-filesystem@2026.8.31"]
                if t["name"] == "read_media_file")
    table = extract_paths(tool["outputSchema"])
    assert table["content[]"].choice == (("data", "mimeType"), ("resource",))
    assert table["content[].type"].required
    assert_same(tool["outputSchema"], "read_media_file")


def _holding_m(required: str) -> dict[str, Any]:
    return {"type": "object", "properties": {"m": either(required)}}


def test_an_alternative_that_cannot_hold_the_object_leaves_its_choice():
    """Optional[Union[A, B]] of models with different nested `m`: the null alternative holds
    no `m`, nor does a string, nor an object closed to it; an open one without `m` lets it be
    any object (and `{m: {}}` is valid)."""
    for third, kept in (({"type": "null"}, True), ({"type": "string"}, True),
                        ({"type": "object", "properties": {"x": {"type": "integer"}},
                          "additionalProperties": False}, True),
                        ({"type": "object", "properties": {"x": {"type": "integer"}}}, False),
                        ({"type": "object", "additionalProperties": False,
                          "patternProperties": {"^m$": {}}}, False)):
        schema = {"anyOf": [_holding_m("a"), _holding_m("b"), third]}
        assert choice(schema, "m") == ((("a",), ("b",)) if kept else ()), third
        assert Draft202012Validator(schema).is_valid({"m": {}}) is not kept


def test_an_alternative_no_object_satisfies_adds_no_way():
    # the third alternative refuses the `m` the node requires: no object is valid there
    schema = {"type": "object", "required": ["m"], "properties": {"m": {"type": "integer"}},
              "anyOf": [{"required": ["a"]}, {"required": ["b", "c"]},
                        {"properties": {"a": {"type": "integer"}},
                         "additionalProperties": False}]}
    assert choice(schema) == (("a",), ("b", "c"))


def test_a_name_with_a_quote_in_a_nested_union_is_read_as_any_other():
    inner = {"anyOf": [{"type": "object", "required": ['a"b'],
                        "properties": {'a"b': {"type": "integer"}, "c": {"type": "integer"}}},
                       {"type": "object", "required": ["c"],
                        "properties": {'a"b': {"type": "integer"}, "c": {"type": "integer"}}}]}
    schema = {"type": "object", "properties": {"m": inner}}
    table = extract_paths(schema)
    assert not table['m."a\\"b"'].required and not table["m.c"].required
    assert choice(schema, "m") == (('a"b',), ("c",))


def keysets(schema: Any, path: str = "") -> tuple[tuple[str, ...], ...]:
    assert_same(schema, path or "root")
    return extract_paths(schema)[path].keysets


def test_a_union_of_closed_objects_taking_different_keys_records_its_keysets():
    """GitHub's review comment takes a `line` or a `position`, never both."""
    comment = {"anyOf": [either("a", "b", closed=True, names=("a", "b")),
                         either("a", "c", closed=True, names=("a", "c"))]}
    assert keysets(comment) == (("a", "b"), ("a", "c"))
    three = {"oneOf": [either(closed=True, names=(n,)) for n in "abc"]}
    assert keysets(three) == (("a",), ("b",), ("c",))
    nested = {"anyOf": [three, either(closed=True, names=("d",))]}
    assert keysets(nested) == (("a",), ("b",), ("c",), ("d",))
    # a key another alternative refuses it takes: still apart (one declares it, one not)
    assert keysets({"anyOf": [either(closed=True, names=("a",)),
                              either(closed=True, names=("a", "b")),
                              either(closed=True, names=("c",))]}) == (("a", "b"), ("c",))


def test_no_keysets_where_some_alternative_takes_any_key_or_one_takes_all():
    closed_a = either(closed=True, names=("a",))
    assert keysets({"anyOf": [closed_a, either(names=("b",))]}) == ()  # open: any key
    assert keysets({"anyOf": [closed_a, either(closed=True, names=("a", "b"))]}) == ()
    mapped = {"type": "object", "properties": {"b": {"type": "integer"}},
              "additionalProperties": False, "patternProperties": {"^x": {}}}
    assert keysets({"anyOf": [closed_a, mapped]}) == ()  # its map takes other keys
    # a nested object an open alternative does not reach: any object there
    reach = {"anyOf": [{"type": "object", "properties": {"m": closed_a}},
                       {"type": "object", "properties": {"m": either(closed=True,
                                                                     names=("b",))}},
                       {"type": "object"}]}
    assert keysets(reach, "m") == ()
    reach["anyOf"][2] = {"type": "null"}  # one that cannot hold it: apart again
    assert keysets(reach, "m") == (("a",), ("b",))


def test_the_keysets_are_written_and_read_back(tmp_path):
    tool = {"name": "t", "inputSchema": {"anyOf": [either(closed=True, names=("a",)),
                                                   either(closed=True, names=("b",))]}}
    manifest = manifest_from_definitions([tool], side="server", source="s.json")
    path = tmp_path / "s.server.json"
    write(manifest, path)
    assert '"keysets": [["a"], ["b"]]' in path.read_text()
    assert load(path).tools["t"].in_[""].keysets == (("a",), ("b",))


def test_unevaluated_properties_beside_a_union_takes_keys_of_every_passing_alternative():
    """`unevaluatedProperties: false` sees the keys every passing alternative evaluates:
    `{a, b}` passes both, so the keys are not apart (jsonschema agrees)."""
    schema = {"type": "object", "unevaluatedProperties": False,
              "anyOf": [{"properties": {"a": {}}, "required": ["a"]},
                        {"properties": {"b": {}}, "required": ["b"]}]}
    assert keysets(schema) == () and extract_paths(schema)[""].closed
    assert Draft202012Validator(schema).is_valid({"a": 1, "b": 1})
    assert keysets({"allOf": [schema]}) == ()
    # closed by each alternative's own additionalProperties: apart
    sealed = {"anyOf": [either("a", closed=True, names=("a",)),
                        either("b", closed=True, names=("b",))]}
    assert keysets(sealed) == (("a",), ("b",))
    # a keyword not modelled in an alternative (`then` adding a key) may take more
    then = either("a", names=("a",), unevaluatedProperties=False,
                  **{"if": {"required": ["a"]}, "then": {"properties": {"c": {}}}})
    assert keysets({"anyOf": [then, either("b", closed=True, names=("b",))]}) == ()


def test_an_unconstrained_alternative_opens_a_union_of_closed_objects():
    closed_a = either(closed=True, names=("a",))
    for free in (True, {}):
        schema = {"type": "object", "properties": {"x": {"anyOf": [closed_a, free]}}}
        assert extract_paths(schema)["x"].closed is False
        assert Draft202012Validator(schema).is_valid({"x": {"a": 1, "c": 1}})
        nested = {"anyOf": [{"type": "object", "properties": {"x": {"anyOf": [closed_a, free]}}},
                            {"type": "object", "properties": {"x": either(closed=True,
                                                                          names=("b",))}}]}
        assert keysets(nested, "x") == ()


def test_no_choice_or_keysets_at_map_values_below_a_union():
    """Each alternative's map takes the keys its own patterns match: a key the other's
    pattern matches is unconstrained there."""
    schema = {"type": "object",
              "anyOf": [{"patternProperties": {"^x": either("a", closed=True, names=("a",))}},
                        {"patternProperties": {"^y": either("b", closed=True, names=("b",))}}]}
    table = extract_paths(schema)
    assert table["{}"].choice == () and table["{}"].keysets == ()
    assert Draft202012Validator(schema).is_valid({"k": {"a": 1, "b": 1}, "x1": {"a": 1}})
    # a map whose values are a union: its own node, read as any union
    of_union = {"type": "object", "additionalProperties": {
        "anyOf": [either("a", closed=True, names=("a",)), either("b", closed=True, names=("b",))]}}
    assert choice(of_union, "{}") == (("a",), ("b",))
    assert keysets(of_union, "{}") == (("a",), ("b",))


def test_an_alternative_no_value_satisfies_is_left_out_of_the_union():
    """A closed branch that requires a key it refuses (or a key required down a chain of
    required objects) holds no value: the other alternatives alone say what is required."""
    impossible = {"type": "object", "properties": {"a": {}}, "additionalProperties": False,
                  "required": ["b"]}
    schema = {"anyOf": [impossible, {"type": "object", "required": ["a"]}]}
    table = extract_paths(schema)
    assert table["a"].required
    assert_same(schema, "impossible")
    assert not Draft202012Validator(schema).is_valid({"b": 1})
    deep = {"type": "object", "required": ["m"], "properties": {"m": impossible}}
    assert extract_paths({"anyOf": [deep, {"type": "object", "required": ["a"]}]})["a"].required
    # an optional object that refuses a key it requires: leaving it out is valid
    optional = {"type": "object", "properties": {"m": impossible}}
    assert not extract_paths({"anyOf": [optional, either("a")]})["a"].required
    # nothing left: the node holds no value, and is refused
    nothing = {"anyOf": [impossible, {"type": "object", "required": ["a"],
                                      "properties": {"a": {"not": {}}}}]}
    table = extract_paths({"type": "object", "properties": {"n": nothing}})
    assert list(table) == ["", "n"] and table["n"].type == ()
    assert_same(nothing, "nothing")
    assert not any(Draft202012Validator(nothing).is_valid(v) for v in ({}, {"a": 1}, {"b": 1}))


def test_an_object_no_value_satisfies_is_refused_in_its_alternative():
    """An optional key's object that requires a key it refuses holds no value: its
    alternative takes the key's absence alone, and what the others take there is all that
    is merged (not the refused key below it)."""
    never = {"type": "object", "properties": {"x": False, "y": {"type": "string"}},
             "required": ["x"]}
    schema = {"anyOf": [{"type": "object", "properties": {"o": {"type": "object"}}},
                        {"type": "object", "properties": {"o": never}}]}
    table = extract_paths(schema)
    assert "o.x" not in table and "o.y" not in table and table["o"].type == ("object",)
    assert_same(schema, "never below")
    assert_same({"type": "object", "properties": {"w": schema}}, "never below, wrapped")
    validator = Draft202012Validator(schema)
    assert validator.is_valid({"o": {"x": 1}})  # the first takes `o` whatever it holds
    # the object alone in its union: the key's absence is all it takes
    alone = {"anyOf": [{"type": "object", "properties": {"o": never}}, {"type": "null"}]}
    assert extract_paths(alone)["o"].type == ()
    assert Draft202012Validator(alone).is_valid({}) and not Draft202012Validator(
        alone).is_valid({"o": {}})


def test_an_alternative_whose_required_key_has_no_value_left_is_left_out_of_the_union():
    # `allOf` of a tag "z" and a union whose "x" branch declares `c`: that branch holds no
    # value (its tag would be "x" and "z"), so `c` is never sent (once declared, the
    # agent's "z" was said to send it: an in.tag warning and an in.unknown of a dead key)
    tag = {"type": "object", "required": ["t"], "properties": {"t": {"const": "z"}}}
    branches = [{"type": "object", "required": ["t"],
                 "properties": {"t": {"const": "x"}, "c": {"type": "integer"}}}, tag]
    schema = {"type": "object", "properties": {"p": {"allOf": [tag, {"anyOf": branches}]}}}
    table = extract_paths(schema)
    assert "p.c" not in table and table["p.t"].enum == ("z",)
    assert_same(schema, "dead branch")
    validator = Draft202012Validator(schema)
    assert validator.is_valid({"p": {"t": "z"}}) and not validator.is_valid({"p": {"t": "x"}})
    # an optional key with no value left only refuses that key: the branch stays
    loose = {"type": "object", "properties": {"t": {"const": "x"}, "c": {"type": "integer"}}}
    kept = {"allOf": [{"properties": {"t": {"const": "z"}}}, {"anyOf": [loose, tag]}]}
    assert "c" in extract_paths(kept)
    assert Draft202012Validator(kept).is_valid({"c": 1})


def test_unevaluated_properties_of_each_alternative_alone_keeps_keys_apart_in_every_walk():
    own = [{"type": "object", "properties": {k: {}}, "unevaluatedProperties": False}
           for k in "ab"]
    assert keysets({"type": "object", "properties": {"x": {"anyOf": own}}}, "x") == (
        ("a",), ("b",))
    assert keysets({"anyOf": own}) == (("a",), ("b",))


def test_an_alternative_with_a_dead_required_key_but_no_object_type_still_holds_other_values():
    # `required` binds objects alone: the untyped branch whose `k` has no value left still
    # takes a string or an array (the node is not an array only)
    dead = {"properties": {"k": {"const": "x"}}, "allOf": [{"properties": {"k": {"const": "z"}}}],
            "required": ["k"]}
    schema = {"type": "object", "properties": {"v": {"anyOf": [
        dead, {"type": "array", "items": {"const": "x"}}]}}}
    table = extract_paths(schema)
    assert Draft202012Validator(schema).is_valid({"v": "y"})
    assert "string" in table["v"].type or table["v"].type == ("any",)
    assert_same(schema, "dead untyped branch")
    typed = {"type": "object", "properties": {"v": {"anyOf": [
        {**dead, "type": "object"}, {"type": "array", "items": {"const": "x"}}]}}}
    assert extract_paths(typed)["v"].type == ("array",)  # a typed dead branch is still left out
    assert_same(typed, "dead typed branch")


def test_a_branch_s_unevaluated_properties_evaluates_the_keys_an_outer_one_would_refuse():
    for late in (True, {}, {"type": "integer"}):
        schema = {"type": "object", "unevaluatedProperties": False,
                  "anyOf": [{"unevaluatedProperties": late}]}
        assert Draft202012Validator(schema).is_valid({"u": 1})
        assert extract_paths(schema)[""].closed is not True, late
        assert_same(schema, "inner unevaluatedProperties")


# -- shapes: a union of closed and open objects no key tells apart ------------------------


def shapes(schema: Any, path: str = "") -> Any:
    assert_same(schema, path or "root")  # every walk reads it alike (and under tight bounds)
    return extract_paths(schema)[path].shapes


def test_a_union_of_closed_and_open_objects_records_each_shape():
    schema = {"anyOf": [either("a", closed=True, names=("a",)), either("b", names=("b", "c"))]}
    assert shapes(schema) == ((("a",), ("a",), ("a",), (), (), ()),
                              (("b",), None, ("b", "c"), (), (), ()))
    # a union inside a branch gives its own
    nested = {"anyOf": [either("a", closed=True, names=("a",)),
                        {"anyOf": [either("b", names=("b",)), either("c", names=("c",))]}]}
    assert shapes(nested) == ((("a",), ("a",), ("a",), (), (), ()),
                              (("b",), None, ("b",), (), (), ()),
                              (("c",), None, ("c",), (), (), ()))


def test_a_receiver_is_judged_by_shapes_only_where_some_are_closed_and_some_open():
    # every one closed, or every one open: keysets and choice hold what the union asks,
    # and the shapes serve a sending side (each is sent, not their merge)
    for closed in (True, False):
        schema = {"anyOf": [either("a", closed=closed, names=("a", "l")),
                            either(closed=closed, names=())]}
        found = shapes(schema)
        assert found == (
            (((), (), (), (), (), ()), (("a",), ("a", "l"), ("a", "l"), (), (), ())) if closed
            else (((), None, (), (), (), ()), (("a",), None, ("a", "l"), (), (), ()))), found
        assert judged_shapes(extract_paths(schema)[""]) == ()
    mixed = {"anyOf": [either("a", closed=True), either("b")]}
    assert judged_shapes(extract_paths(mixed)[""]) == shapes(mixed) != ()
    # one shape: nothing to tell apart
    assert shapes({"anyOf": [either("a"), either("a")]}) == ()
    # a tag tells the variants apart: its tags hold them
    tagged = {"anyOf": [either("t", closed=True, names=("t",)) | {
        "properties": {"t": {"const": "x"}}}, either("t", "b", names=("t", "b")) | {
        "properties": {"t": {"const": "y"}, "b": {"type": "integer"}}}]}
    table = extract_paths(tagged)
    assert table[""].tags and table[""].shapes == ()


def test_shapes_are_written_read_back_and_checked(tmp_path):
    tool = {"name": "t", "inputSchema": {"anyOf": [either("a", closed=True), either("b")]}}
    manifest = manifest_from_definitions([tool], side="server", source="s.json")
    path = tmp_path / "s.server.json"
    write(manifest, path)
    assert '"shapes": [{"requires": ["a"], "takes": ["a", "b", "c", "d"]}, ' \
           '{"declares": ["a", "b", "c", "d"], "requires": ["b"]}]' in path.read_text()
    read = load(path).tools["t"].in_[""]
    assert read == manifest.tools["t"].in_[""] and Entry.from_json(read.to_json()) == read
    # a shape with both `takes` and `declares` was not written by parity
    path.write_text(path.read_text().replace('"takes": ["a", "b", "c", "d"]}',
                                             '"takes": ["a"], "declares": ["a"]}'))
    with pytest.raises(FileFormatError) as caught:
        load(path)
    assert "shapes" in str(caught.value)


def tagged_by(tag: Any, *required: str, closed: bool = False, names: tuple[str, ...] = ()
              ) -> dict[str, Any]:
    """``either`` with a ``kind`` of the values ``tag`` (a list: an ``enum``), not required."""
    schema = either(*required, closed=closed, names=names)
    schema["properties"]["kind"] = {"enum": tag} if isinstance(tag, list) else {"const": tag}
    return schema


def test_shapes_carry_the_values_that_tell_them_apart():
    # pydantic's `kind: Literal["cat"] = "cat"`: no alternative requires the tag, so no
    # tag; each shape keeps the values it gives `kind`
    schema = {"anyOf": [tagged_by("cat", "a", names=("a",)), tagged_by("dog", "b", names=("b",))]}
    assert shapes(schema) == ((("a",), None, ("a", "kind"), (("kind", ("cat",)),), (), ()),
                              (("b",), None, ("b", "kind"), (("kind", ("dog",)),), (), ()))
    # shapes that differ by their values alone are two shapes
    same_keys = {"anyOf": [tagged_by("cat", "a", names=("a",)), tagged_by("dog", "a",
                                                                          names=("a",))]}
    assert [s[3] for s in shapes(same_keys)] == [(("kind", ("cat",)),), (("kind", ("dog",)),)]
    # values every shape shares tell nothing apart: not kept
    shared = {"anyOf": [tagged_by(["cat", "dog"], "a", names=("a",)),
                        tagged_by(["dog", "cat"], "b", names=("b",))]}
    assert [s[3] for s in shapes(shared)] == [(), ()]
    # a shape that does not declare the key differs from those that do; values of any
    # JSON type (an object is not hashable) are kept as they are
    mixed = {"anyOf": [tagged_by({"x": [1]}, "a", names=("a",)), either("b", names=("b",))]}
    assert [s[3] for s in shapes(mixed)] == [(("kind", ({"x": [1]},)),), ()]
    # a union inside a branch: its variants keep the branch's values beside their own
    nested = {"anyOf": [tagged_by("cat", "a", names=("a",)),
                        {"anyOf": [tagged_by("dog", "b", names=("b",)) | {"required": ["b"]},
                                   tagged_by("cow", "c", names=("c",))]}]}
    assert [dict(s[3])["kind"] for s in shapes(nested)] == [("cat",), ("dog",), ("cow",)]


def test_a_union_whose_objects_declare_different_keys_records_their_shapes():
    # nothing required, one closed: once merged alone (a sending side read as one object
    # sending `w` with `kind`, which neither does)
    schema = {"anyOf": [either(names=("w",)), tagged_by("a", closed=True)]}
    assert shapes(schema) == (((), ("kind",), ("kind",), (("kind", ("a",)),), (), ()),
                              ((), None, ("w",), (), (), ()))
    # both open too: each sends what it declares
    both_open = {"anyOf": [either(names=("w",)), either(names=("x",))]}
    assert shapes(both_open) == (((), None, ("w",), (), (), ()), ((), None, ("x",), (), (), ()))


def test_shape_tags_are_the_keys_every_shape_gives_values_or_leaves_alone():
    cat, dog = tagged_by("cat", "a", closed=True, names=("a",)), tagged_by("dog", "b",
                                                                          names=("b",))
    # a closed shape not declaring the key refuses it (no value); an open one takes any
    closed_other, open_other = either("c", closed=True, names=("c",)), either("c", names=("c",))
    for other, values in ((closed_other, ()), (open_other, ("cat", "dog"))):
        entry = extract_paths({"anyOf": [cat, dog, other]})[""]
        ((key, variants),) = shape_tags(entry)
        assert key == "kind" and [v[0] for v in variants] == [("cat",), ("dog",), values]
    # a shape declaring the key with any value: the key tells nothing apart
    free = either("c", names=("c", "kind"))
    assert shape_tags(extract_paths({"anyOf": [cat, dog, free]})[""]) == ()
    # a tag every variant requires is the object's own tags, not its shapes'
    required = {"anyOf": [cat | {"required": ["a", "kind"]}, dog | {"required": ["b", "kind"]}]}
    entry = extract_paths(required)[""]
    assert entry.tags and shape_tags(entry) == ()


def test_shapes_values_are_written_read_back_rendered_and_checked(tmp_path):
    tool = {"name": "t", "inputSchema": {"anyOf": [tagged_by("cat", "a", names=("a",)),
                                                   tagged_by("dog", "b", closed=True,
                                                             names=("b",))]}}
    manifest = manifest_from_definitions([tool], side="server", source="s.json")
    path = tmp_path / "s.server.json"
    write(manifest, path)
    assert ('"shapes": [{"declares": ["a", "kind"], "requires": ["a"], "values": {"kind": '
            '["cat"]}}, {"requires": ["b"], "takes": ["b", "kind"], "values": {"kind": '
            '["dog"]}}]') in path.read_text()
    read = load(path).tools["t"].in_[""]
    assert read == manifest.tools["t"].in_[""] and Entry.from_json(read.to_json()) == read
    assert describe(read).endswith('one of: "kind": "cat", requires "a" (declares also "kind")'
                                   ' | "kind": "dog", requires "b" (takes only "b", "kind")')
    # values must be a list of at least one value
    path.write_text(path.read_text().replace('"values": {"kind": ["cat"]}',
                                             '"values": {"kind": []}'))
    with pytest.raises(FileFormatError) as caught:
        load(path)
    assert "shapes" in str(caught.value)


@settings(max_examples=draws(150), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(_schemas())
def test_every_valid_object_fits_a_shape_and_an_any_of_takes_each_that_does(schema):
    """Never more than the schema asks (every valid object fits a shape), and for an
    ``anyOf`` of objects nothing less (an object that fits one is valid)."""
    table = extract_paths(schema)
    found = table[""].shapes
    if not found:
        return
    validator = Draft202012Validator(schema)
    for size in range(len(NAMES) + 1):
        for keys in itertools.combinations(NAMES, size):
            held = set(keys)
            fits = any(set(requires) <= held and (takes is None or held <= set(takes))
                       for requires, takes, *_ in found)
            valid = validator.is_valid(dict.fromkeys(keys, 1))
            assert fits or not valid, (keys, found)
            if "anyOf" in schema:
                assert valid or not fits, (keys, found)


def test_an_object_one_alternative_of_an_outer_union_holds_keeps_its_shapes():
    inner = {"anyOf": [either("a", closed=True), either("b")]}
    closed = {"type": "object", "additionalProperties": False,
              "properties": {"q": {"type": "string"}}}
    schema = {"anyOf": [{"type": "object", "properties": {"p": inner}}, closed]}
    alone = {"type": "object", "properties": {"p": inner}}
    assert shapes(schema, "p") == shapes(alone, "p") != ()
