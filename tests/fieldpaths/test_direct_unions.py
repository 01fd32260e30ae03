"""Unions of leaves on the direct path (parity/fieldpaths/direct_unions.py) against the
general walk: the same tables, warnings, work and errors (tool and pointer), whole schemas and
below a reference; and the direct path does take them."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from parity.fieldpaths import direct, direct_unions
from parity.fieldpaths.direct_unions import (
    branches_are_leaves,
    leaf_union,
    typed_only,
    union_keyword,
)
from parity.fieldpaths.schema import Limits, extract_paths
from tests.fieldpaths.test_direct import assert_same, general, keywords, snapshot
from tests.properties import draws

NULL = {"type": "null"}


def taken(schema: Any) -> bool:
    """Whether the whole schema goes the direct way."""
    return direct.whole_table(schema, max_depth=64, max_paths=10_000, max_work=200_000,
                              failed=set()) is not None


def wrapped(node: Any) -> dict[str, Any]:
    """``node`` as a property, in an array, as map values, and below a reference (the
    general walk then hands the target to the direct path, with two references expanded)."""
    return {"$defs": {"N": {"type": "object", "properties": {"n": node}}},
            "type": "object", "required": ["p"],
            "properties": {"p": node, "a": {"type": "array", "items": node},
                           "m": {"type": "object", "additionalProperties": node},
                           "r": {"$ref": "#/$defs/N"}}}


UNIONS: list[Any] = [
    {"anyOf": [{"type": "string"}, NULL], "default": None},
    {"oneOf": [{"type": "integer"}, NULL], "description": "how many", "title": "N"},
    {"anyOf": [{"type": "string", "maxLength": 5}, NULL]},  # maxLength survives the null
    {"anyOf": [{"type": "string", "maxLength": 5}, {"type": "string", "maxLength": 9}]},
    {"anyOf": [{"type": "string", "pattern": "^a"}, {"type": "string", "pattern": "^b"}]},
    {"anyOf": [{"type": "string", "enum": ["b", "a"]}, {"const": "c"}, NULL]},
    {"anyOf": [{"enum": [1, 2]}, {"type": "string"}]},  # one branch allows any value
    # an untyped const says nothing of a number's bounds: the integer's survive
    {"anyOf": [{"const": "x"}, {"type": "integer", "minimum": 0, "maximum": 10}]},
    {"anyOf": [{"const": "x"}, {"enum": ["y", None]}, {"type": "integer", "maximum": 10}]},
    {"anyOf": [{"const": 20}, {"type": "integer", "maximum": 10}]},  # 20: no maximum
    # some types limited by an enum, others free (``enum_by_type``)
    {"anyOf": [{"const": "auto", "type": "string"}, {"type": "integer"}], "title": "Mode"},
    {"oneOf": [{"enum": [1.5, 2, "a"], "type": ["number", "string"]}, {"type": "integer"},
               NULL]},
    {"type": "number", "anyOf": [{"type": "integer"}, {"type": "string"}]},  # intersected
    {"type": ["string", "null"], "anyOf": [{"type": "string", "format": "uri"},
                                           {"type": "null", "format": "date"}]},
    {"anyOf": [{"format": "uri", "default": 1}, {"format": "uri", "default": 2}]},
    {"default": 0, "anyOf": [{"default": 1, "type": "integer"}, NULL]},
    {"description": "node", "anyOf": [{"description": "a", "examples": ["x", 3]},
                                      {"description": "b", "examples": ["y"]}]},
    {"examples": ["z"], "enum": ["a", "b", "c"], "minimum": 1,
     "oneOf": [{"enum": ["a", "q"], "maximum": 3}, {"const": "b", "minimum": 2}]},
    {"anyOf": [{"type": "object"}, NULL]},  # an object branch without children
    {"anyOf": [{"type": "integer", "nullable": True}]},  # one branch: no union to merge
    {"oneOf": [{"type": "string", "minLength": 1}, {"type": "array", "maxItems": 3},
               {"type": "number", "multipleOf": 2}, {"type": "number", "multipleOf": 3}]},
    # branches of one type name each (``typed_only``)
    {"anyOf": [{"type": "integer"}, {"type": "number"}, {"type": "integer"}], "description": 3},
    {"oneOf": [{"type": "array"}, {"type": "boolean"}], "default": {"a": [1]}, "title": "T"},
    {"anyOf": [{"type": "object"}, {"type": "string"}], "description": "d", "default": None},
]

#: unions ``typed_only`` reads, then unions of leaves it leaves to the long way
TYPED_ONLY = [UNIONS[0], UNIONS[1], UNIONS[-3], UNIONS[-2], UNIONS[-1],
              {"anyOf": [{"type": "object"}, NULL]}]
NOT_TYPED_ONLY = [
    {"anyOf": [{"type": "string"}]},  # one branch: no union to merge
    {"anyOf": [{"type": "string", "description": "s"}, NULL]},
    {"anyOf": [{"type": ["string", "integer"]}, NULL]},
    {"anyOf": [{"type": "string"}, {"enum": [None]}]},
    {"anyOf": [{"type": "string"}, NULL], "type": ["string", "null"]},
    {"anyOf": [{"type": "string"}, NULL], "format": "uri"},
    {"anyOf": [{"type": "string"}, NULL], "examples": ["a"]},
]

#: unions the direct path leaves to the general walk (which may reject them)
NOT_LEAVES: list[Any] = [
    {"anyOf": []},
    {"anyOf": {"type": "string"}},
    {"anyOf": [{"type": "string"}, {}]},
    {"anyOf": [{"type": "string"}, True]},
    {"anyOf": [{"type": "bogus"}, NULL]},
    {"anyOf": [{"type": "string", "maxLength": -1}, NULL]},
    {"anyOf": [{"enum": 3}, NULL]},
    {"anyOf": [{"type": "object", "properties": {"x": {}}}, NULL]},
    {"anyOf": [{"type": "string"}, NULL], "oneOf": [{"type": "string"}, NULL]},
    {"anyOf": [{"type": "string"}, NULL], "required": ["x"]},
    {"anyOf": [{"type": "string", "not": {"const": "x"}}, NULL]},
    {"anyOf": [{"type": "string", "not": {}}, NULL]},  # (a string refused: `false`)
    {"anyOf": [{"$ref": "#/$defs/X"}, NULL], "$defs": {"X": {}}},
    {"anyOf": [{"anyOf": [{"type": "string"}, NULL]}, NULL]},
]


@pytest.mark.parametrize("node", UNIONS, ids=lambda n: str(n)[:60])
def test_a_union_of_leaves_gives_the_general_walks_result(node):
    assert_same(node, "root")
    assert_same(wrapped(node), "wrapped")
    assert taken(node) and taken({"type": "object", "properties": {"x": node}})


@pytest.mark.parametrize("node", NOT_LEAVES, ids=lambda n: str(n)[:60])
def test_other_unions_are_left_to_the_general_walk(node):
    assert_same(node, "root")
    assert_same(wrapped(node), "wrapped")
    assert not taken(node)


def test_the_bounds_on_a_union_of_leaves_are_the_general_walks():
    wide = {"anyOf": [{"type": "string", "maxLength": i} for i in range(300)]}
    for limits in (Limits(), Limits(max_alternatives=4), Limits(max_paths=10),
                   Limits(max_work=500), Limits(max_depth=1)):
        for schema in (wide, wrapped(wide), wrapped(UNIONS[0])):
            assert snapshot(schema, limits=limits) == general(schema, limits=limits)
    assert snapshot(wide, limits=Limits(max_alternatives=4))[1] == "BoundsError"


def test_a_nullable_scalar_is_one_entry():
    table = extract_paths({"type": "object", "properties": {"x": UNIONS[0]}})
    assert table["x"].type == ("null", "string") and table["x"].has_default


@pytest.mark.parametrize("node", TYPED_ONLY, ids=lambda n: str(n)[:60])
def test_a_union_of_type_names_takes_the_shortcut_to_the_long_ways_result(node, monkeypatch):
    keyword = union_keyword(node)
    assert keyword is not None
    for required, patterns, stack in ((True, (), 1), (False, ("^b", "^a", "^b"), 3)):
        short = typed_only(node, keyword, required, patterns, stack)
        assert short is not None
        with monkeypatch.context() as patched:
            patched.setattr(direct_unions, "typed_only", lambda *args: None)
            long = leaf_union(node, keyword, required, patterns, stack, 256)
        assert short == long and repr(short[0]) == repr(long[0])


@pytest.mark.parametrize("node", NOT_TYPED_ONLY, ids=lambda n: str(n)[:60])
def test_other_unions_of_leaves_take_the_long_way(node):
    keyword = union_keyword(node)
    assert keyword is not None and branches_are_leaves(node, keyword)
    assert typed_only(node, keyword, True, (), 1) is None
    assert_same(node, "root")
    assert_same(wrapped(node), "wrapped")


def test_union_keyword_and_leaves():
    assert union_keyword({"anyOf": [], "title": "t"}) == "anyOf"
    assert union_keyword({"anyOf": [], "oneOf": []}) is None
    assert union_keyword({"oneOf": [], "items": {}}) is None
    assert branches_are_leaves({"oneOf": [NULL, {"type": "string", "enum": ["a"]}]}, "oneOf")
    assert not branches_are_leaves({"oneOf": [NULL, {"properties": {}}]}, "oneOf")


# -- random unions -------------------------------------------------------------------------

values = st.one_of(st.none(), st.booleans(), st.integers(-3, 3), st.sampled_from(["a", "b"]),
                   st.sampled_from([1.0, 0.5, -0.0]))
#: what a leaf states, well formed (``test_direct``'s keywords add malformed values and keys
#: that make a node other than a leaf: the general walk then takes the node)
leaf = st.fixed_dictionaries({}, optional={
    "type": st.one_of(st.sampled_from(["string", "integer", "number", "null", "object"]),
                      st.lists(st.sampled_from(["string", "null", "number"]), max_size=2)),
    "nullable": st.booleans(),
    "enum": st.lists(values, max_size=3),
    "const": values,
    "format": st.sampled_from(["uri", "date"]),
    "default": values,
    "description": st.sampled_from(["a", "b"]),
    "examples": st.lists(st.sampled_from(["x", "y", 1]), max_size=3),
    "minimum": st.integers(-2, 2), "maximum": st.sampled_from([1, 2.5]),
    "exclusiveMinimum": st.booleans(), "maxLength": st.integers(0, 3),
    "pattern": st.sampled_from(["^a", "b$"]), "multipleOf": st.sampled_from([2, 0.5]),
    "uniqueItems": st.booleans(), "maxItems": st.integers(0, 2), "title": st.just("t"),
})
branch = st.one_of(leaf.filter(bool), leaf.filter(bool), keywords.filter(bool))
unions = st.builds(lambda own, keyword, branches: {**own, keyword: branches},
                   st.one_of(leaf, leaf, keywords), st.sampled_from(["anyOf", "oneOf"]),
                   st.lists(branch, min_size=1, max_size=4))
limits = st.builds(Limits, max_depth=st.integers(1, 4), max_paths=st.integers(1, 12),
                   max_alternatives=st.integers(1, 4), max_work=st.integers(5, 300))


@settings(max_examples=draws(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(unions, st.one_of(st.none(), limits))
def test_random_unions_of_leaves_give_the_general_walks_result(node, bounds):
    """Types, enums, consts, constraints, defaults, formats, descriptions and examples merged
    as the general walk merges them; the work, the paths counted, the errors and bounds."""
    for schema in (node, wrapped(node)):
        assert snapshot(schema, limits=bounds) == general(schema, limits=bounds)
