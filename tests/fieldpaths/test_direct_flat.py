"""The flat path (parity/fieldpaths/direct_flat.py): what it takes, it takes as the direct
walk does (the same entries in the same order, the same work, the same bounds), and the
general walk agrees; what it leaves, the walks decide as they always did."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from parity.fieldpaths import direct, direct_flat
from parity.fieldpaths.direct_plain import DEEPEST
from parity.fieldpaths.general import Walker
from parity.fieldpaths.schema import Limits
from tests.fieldpaths.test_direct import (
    DRAFT7,
    REAL,
    general,
    leaf_keywords,
    names,
    scalars,
    schemas_of,
    snapshot,
    tools_in,
)
from tests.properties import draws


def taken(schema: Any, bounds: Limits | None = None) -> dict[str, Any] | None:
    """The flat path's table, held to the direct walk's (entries, their order, work); ``None``
    when the flat path leaves the schema."""
    b = bounds or Limits()
    found = direct_flat.table(schema, b.max_depth, b.max_paths, b.max_work,
                              b.max_alternatives)
    if found is None:
        return None
    failed: set[int] = set()
    helper: list[Walker] = []

    def general_walk() -> Walker:  # as extraction gives it (a union of objects asks for it)
        if not helper:
            helper.append(Walker(schema, "t", "in", b, None, failed))
        return helper[0]

    walked = direct.whole_table(schema, max_depth=b.max_depth, max_paths=b.max_paths,
                                max_work=b.max_work, failed=failed,
                                max_alternatives=b.max_alternatives, general=general_walk)
    assert walked is not None
    assert list(found[0].items()) == list(walked[0].items()) and found[1] == walked[1]
    assert list(map(repr, found[0].values())) == list(map(repr, walked[0].values()))
    return found[0]


def left(schema: Any) -> direct_flat.Begun:
    """``direct_flat.read`` of ``schema`` under the default bounds (it reads the root)."""
    b = Limits()
    begun = direct_flat.read(schema, b.max_depth, b.max_alternatives)
    assert begun is not None
    return begun


def walked_on(schema: Any, bounds: Limits | None = None) -> tuple[dict[str, Any], int] | None:
    """The direct walk's table and work for ``schema`` going on from the flat reading, held
    to the direct walk's from the root (entries, their order, work; or both giving up)."""
    b = bounds or Limits()
    results = []
    for begun in (direct_flat.read(schema, b.max_depth, b.max_alternatives), None):
        failed: set[int] = set()
        helper: list[Walker] = []

        def general_walk(helper: list[Walker] = helper, failed: set[int] = failed) -> Walker:
            if not helper:
                helper.append(Walker(schema, "t", "in", b, None, failed))
            return helper[0]

        results.append(direct.whole_table(
            schema, max_depth=b.max_depth, max_paths=b.max_paths, max_work=b.max_work,
            failed=failed, max_alternatives=b.max_alternatives, general=general_walk,
            read_branch=direct_flat.branch_table, begun=begun))
    on, whole = results
    assert (on is None) == (whole is None)
    if on is None or whole is None:
        return None
    assert list(on[0].items()) == list(whole[0].items()) and on[1] == whole[1]
    assert list(map(repr, on[0].values())) == list(map(repr, whole[0].values()))
    return on


def test_the_real_corpus_takes_the_flat_path_with_the_direct_walks_result():
    schemas = [s for p in REAL for s in schemas_of(tools_in(p))]
    flat = [schema for schema in schemas if taken(schema) is not None]
    # all 249, a list of unions of objects among them (a pull request review's comments)
    assert len(flat) == len(schemas) == 249
    assert any("[]." in path for schema in flat for path in taken(schema) or ())


@pytest.mark.parametrize("child", [
    {"type": "string", "enum": ["asc", "desc"], "default": "asc"},
    {"type": "integer", "minimum": 1, "maximum": 100, "description": "How many."},
    {"type": "string", "format": "uri", "minLength": 1, "title": "Url"},
    {"type": ["string", "null"], "pattern": "^[a-z]+$", "examples": ["ab", 3]},
    {"type": "number", "exclusiveMinimum": 0, "nullable": True},
    {"type": "array", "items": {"type": "string", "format": "date"}, "description": "Dates."},
    {"type": "array", "items": {}},
    {"type": "array", "items": {"type": "integer", "enum": [3, 1, 2]}},
    {"type": "array", "items": {"type": "string"}, "maxItems": 3, "minItems": 1},
    {"type": "array", "items": {"type": "string"}, "uniqueItems": True, "title": "Tags"},
    {"const": "a"},
    {"type": "string", "enum": ["a", "b"], "const": "b"},
    {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None, "title": "X"},
    {"oneOf": [{"type": "integer", "minimum": 1}, {"const": "auto"}], "description": "d"},
    {"type": "string", "anyOf": [{"format": "ipv4"}, {"format": "ipv6"}]},
    # objects and lists of objects, holding the same again
    {"type": "object", "properties": {"a": {"type": "string"}}},
    {"type": "object", "properties": {"w": {"type": "number", "default": 800}},
     "additionalProperties": False, "description": "A viewport.", "default": {}},
    {"type": "object", "additionalProperties": {}, "required": []},
    {"type": "array", "items": {"type": "object", "properties": {"a": {}}}},
    {"type": "array", "description": "Edits.", "items": {
        "type": "object", "required": ["old", "new"], "additionalProperties": False,
        "properties": {"old": {"type": "string"}, "new": {"type": "string"},
                       "tags": {"type": "array", "items": {"type": "string"}},
                       "at": {"type": "object", "properties": {"line": {"type": "integer"}}},
                       "mode": {"anyOf": [{"type": "string"}, {"type": "null"}]}}}},
    # unions of objects: an optional object, a discriminated union, unions inside them
    {"anyOf": [{"type": "object", "properties": {"a": {}}}, {"type": "null"}]},
    {"oneOf": [{"type": "object", "properties": {"kind": {"const": "a"}, "a": {"type": "string"}},
                "required": ["kind", "a"]},
               {"type": "object", "properties": {"kind": {"const": "b"}, "b": {"type": "integer"}},
                "required": ["kind"], "additionalProperties": False}],
     "description": "Either.", "default": {"kind": "a", "a": ""}, "title": "AB"},
    {"anyOf": [{"type": "object", "properties": {"a": {"type": "object", "properties": {
        "b": {"type": "string"}}}, "c": {"oneOf": [
            {"type": "object", "properties": {"d": {"type": "array", "items": {}}}},
            {"type": "string", "minLength": 1, "description": "text"}]}}},
        {"type": "object", "properties": {"a": {"type": "object", "required": ["b"],
                                                "properties": {"b": {"type": "integer"}}}}},
        {"type": "array", "description": "a list of any items: a leaf"}]},
    {"type": "array", "items": {"oneOf": [
        {"type": "object", "properties": {"path": {"type": "string"}, "line": {}}},
        {"type": "object", "properties": {"path": {"type": "integer"}}, "required": ["path"]}],
        "description": "A comment on a line or on a file."}},
    # lists of lists, of unions of leaves
    {"type": "array", "items": {"type": "array", "items": {"type": "string"}}},
    {"type": "array", "items": {"anyOf": [{"type": "string"}, {"type": "null"}]}},
])
def test_leaves_lists_and_objects_take_the_flat_path(child):
    """The shapes the flat path reads besides bare leaves, taken (not left to the walks) with
    the direct walk's entries and work, and the general walk's."""
    schema = {"type": "object", "properties": {"q": {"type": "string"}, "x": child},
              "required": ["x"]}
    assert taken(schema) is not None
    assert snapshot(schema) == general(schema)


@pytest.mark.parametrize("child", [
    {"type": "array", "items": [{"type": "string"}]},
    {"type": "array", "items": {"type": "string"}, "nullable": True},
    {"type": "array", "items": {"type": "string"}, "minItems": "1"},
    {"type": ["array"], "items": {"type": "string"}},
    {"type": "array", "items": True},
    {"type": "array", "items": {"type": "string"}, "contains": {"type": "string"}},
    {"type": "string", "enum": "asc"},
    {"type": "strng", "default": 1},
    {"anyOf": [{"type": "object", "properties": {"a": {}}}]},
    {"anyOf": [{"type": "object", "properties": {"a": {}}}, {}]},
    {"anyOf": [{"type": "object", "properties": {"a": {}}}, {"type": "array", "items": {}}]},
    {"anyOf": [{"type": "object", "properties": {"a": {}}}, {"type": "null"}], "type": "object"},
    {"anyOf": [{"type": "object", "properties": {"a": {"$ref": "#/$defs/A"}}}, {"type": "null"}]},
    {"oneOf": [{"type": "object", "properties": {"a": {}}}, {"type": "object", "properties": {
        "b": {}}, "patternProperties": {"^x": {}}}]},
    {"anyOf": [{"type": "string"}, {"type": "null"}], "oneOf": [{"type": "string"}]},
    {"anyOf": [{"type": "string"}, {"$ref": "#/$defs/A"}]},
    {"anyOf": []},
    {"anyOf": [{"type": "string"}, {"type": "null"}], "properties": {"a": {}}},
    # objects the walks read: a reference, a map, a name without a schema, no type...
    {"type": "object", "properties": {"a": {"$ref": "#/$defs/A"}}},
    {"type": "object", "additionalProperties": {"type": "string"}},
    {"type": "object", "patternProperties": {"^a": {"type": "string"}}},
    {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["b"]},
    {"type": "object", "properties": {"a": {}}, "required": "a"},
    {"type": "object", "properties": [{"type": "string"}]},
    {"properties": {"a": {"type": "string"}}},
    {"type": ["object", "null"], "properties": {"a": {"type": "string"}}},
    {"type": "object", "properties": {"a": {}}, "$schema": DRAFT7},
    {"type": "object", "properties": {"a": {}}, "minProperties": 1},
    {"type": "array", "items": {"type": "object", "properties": {"a": {"allOf": [{}]}}}},
    {"type": "array", "items": {"type": "object", "properties": {"a": 3}}},
])
def test_what_the_flat_path_leaves_to_the_walks(child):
    """Children or malformed values: the walks decide, as they always did."""
    schema = {"type": "object", "properties": {"x": child}}
    assert direct_flat.table(schema, 64, 10_000, 200_000, 256) is None
    assert snapshot(schema) == general(schema)


#: what the children below refer to
DEFINITIONS = {"A": {"type": "object", "properties": {"c": {"type": "integer"}}}}


@pytest.mark.parametrize(("child", "pending"), [
    ({"$ref": "#/$defs/A"}, ["x"]),
    ({"type": "object", "additionalProperties": {"type": "string"}}, ["x"]),
    ({"type": "object", "patternProperties": {"^a": {}}}, ["x"]),
    ({"allOf": [{"type": "object", "properties": {"a": {}}}, {"required": ["a"]}]}, ["x"]),
    # a malformed value: the walks word it (a scalar is read before the catch that leaves
    # a child: the object holding it is left)
    ({"type": "object", "properties": {"e": {"type": "string", "enum": "asc"}}}, ["x"]),
    ({"anyOf": [{"type": "object", "properties": {"a": {}}}]}, ["x"]),
    # a union is read whole or left whole: its branches' tables are unioned
    ({"anyOf": [{"type": "object", "properties": {"a": {"$ref": "#/$defs/A"}}},
                {"type": "null"}]}, ["x"]),
    # below an object or a list read here, only what is not
    ({"type": "object", "properties": {"a": {"$ref": "#/$defs/A"}, "b": {"type": "string"},
                                       "m": {"type": "object", "additionalProperties": {}}}},
     ["x.a"]),
    ({"type": "array", "items": {"$ref": "#/$defs/A"}}, ["x[]"]),
    ({"type": "array", "items": {"type": "object", "properties": {
        "a": {"$ref": "#/$defs/A"}, "b": {"type": "array", "items": {"allOf": [{}]}}}}},
     ["x[].a", "x[].b[]"]),
    # an object refused after some of its children were read: all of it taken back
    ({"type": "object", "properties": {"a": {"$ref": "#/$defs/A"}, "b": {"type": "string"},
                                       "c": True}}, ["x"]),
])
def test_a_child_the_flat_path_does_not_read_is_left_to_the_direct_walk(child, pending):
    """The rest of the schema is read here; the child (or the part of it not read here) is
    left pending, with none of its entries, and the direct walk goes on from there to its
    own result from the root (entries, order, work), and the general walk's."""
    schema = {"type": "object", "properties": {"q": {"type": "string"}, "x": child},
              "$defs": DEFINITIONS}
    rows, _, _, left_over = left(schema)
    assert [key for _, key, _, _ in left_over] == pending
    assert not any(key.startswith(tuple(pending)) for key, _ in rows)
    assert {"", "q"} <= {key for key, _ in rows}
    walked_on(schema)
    assert snapshot(schema) == general(schema)


def test_children_left_are_walked_in_the_general_walks_order():
    """The general walk's warnings (references it cannot resolve) come in its order, by
    name at every level, whatever the order of the schema's keys and the names' spelling."""
    schema = {"type": "object", "$defs": DEFINITIONS, "properties": {
        "z": {"$ref": "#/$defs/missing"},
        "é": {"type": "object", "properties": {"b": {"$ref": "#/nowhere"},
                                               "a": {"$ref": "https://example.invalid/a"}}},
        "m-x": {"$ref": "#/$defs/hyphen"},  # after "m" and its items, though "-" < "["
        "m": {"type": "array", "items": {"$ref": "#/$defs/gone"}},
        "a.b": {"$ref": "#/$defs/dotted"},
        "a": {"type": "object", "properties": {"c": {"$ref": "#/$defs/under"}}}}}
    found = snapshot(schema)
    assert found == general(schema)
    assert [warning.split("'")[3] for warning in found[1]] == [
        "#/$defs/under", "#/$defs/dotted", "#/$defs/gone", "#/$defs/hyphen", "#/$defs/missing",
        "https://example.invalid/a", "#/nowhere"]


@pytest.mark.parametrize("defs", ["$defs", "definitions"])
def test_a_root_with_definitions_is_read_and_its_references_left_to_the_walk(defs):
    """Definitions are read only where a reference names them: the root is read here (its
    visit counts them as a keyword value, as the walks do), each reference is left to the
    direct walk, which follows it."""
    schema = {"type": "object", "properties": {"a": {"$ref": f"#/{defs}/A"},
                                               "b": {"type": "string"}},
              defs: {"A": {"type": "object", "properties": {"c": {"type": "integer"}}}}}
    assert direct_flat.table(schema, 64, 10_000, 200_000, 256) is None
    rows, _, _, pending = left(schema)
    assert [key for key, _ in rows] == ["", "b"]
    assert [(key, depth) for _, key, _, depth in pending] == [("a", 1)]
    assert list(walked_on(schema)[0]) == ["", "a", "a.c", "b"]
    assert snapshot(schema) == general(schema)


def test_a_pydantic_model_of_optional_and_listed_fields_takes_the_flat_path():
    """What pydantic (and so FastMCP) writes for a tool's arguments: titles everywhere,
    ``Optional`` as a union with null, ``Literal`` as an enum, a list with a default and a
    bound (a nested model is a ``$ref`` into ``$defs``: the walks' to follow)."""
    from typing import Literal

    import pydantic

    class Arguments(pydantic.BaseModel):
        query: str = pydantic.Field(description="What to look for.")
        limit: int | None = None
        mode: Literal["fast", "full"] = "fast"
        tags: list[str] = pydantic.Field([], max_length=5)
        since: str | None = pydantic.Field(None, json_schema_extra={"format": "date"})

    schema = Arguments.model_json_schema()
    found = taken(schema)
    assert found is not None
    assert found["limit"].type == ("integer", "null") and found["tags[]"].type == ("string",)
    assert found["tags"].constraints == (("maxItems", 5),)
    assert snapshot(schema) == general(schema)


def test_the_depth_bound_and_the_deepest_nesting_are_the_walks_to_say():
    """An entry deeper than ``max_depth`` (or than the direct walk reads at all) leaves the
    schema to the walks, which say where; one level less is taken."""
    def nested(levels: int) -> dict[str, Any]:
        node: dict[str, Any] = {"type": "string"}
        for _ in range(levels):
            node = {"type": "object", "properties": {"a": node}}
        return node

    assert list(taken(nested(3), Limits(max_depth=3)) or ()) == ["", "a", "a.a", "a.a.a"]
    assert taken(nested(3), Limits(max_depth=2)) is None
    listed = {"type": "object", "properties": {"a": {"type": "array", "items": nested(1)}}}
    assert list(taken(listed, Limits(max_depth=3)) or ()) == ["", "a", "a[]", "a[].a"]
    assert taken(listed, Limits(max_depth=2)) is None
    deep = nested(DEEPEST + 20)
    assert direct_flat.table(deep, 10 * DEEPEST, 10_000, 200_000, 256) is None
    for bounds in (Limits(max_depth=2), Limits(max_depth=10 * DEEPEST)):
        assert snapshot(nested(3), limits=bounds) == general(nested(3), limits=bounds)
    assert snapshot(deep, limits=Limits(max_depth=10 * DEEPEST)) == general(
        deep, limits=Limits(max_depth=10 * DEEPEST))


def test_a_union_past_the_alternatives_bound_is_left_to_the_walks():
    """Each alternative of a union of leaves counts as a path, and a union wider than
    ``max_alternatives`` is the general walk's to refuse."""
    union = {"anyOf": [{"type": "string"}, {"type": "integer"}, {"type": "null"}]}
    schema = {"type": "object", "properties": {"x": union, "y": {"type": "string"}}}
    found = taken(schema, Limits(max_alternatives=3))
    assert found is not None and list(found) == ["", "x", "y"]
    assert taken(schema, Limits(max_alternatives=2)) is None
    assert taken(schema, Limits(max_paths=5, max_alternatives=3)) == found  # 1 + 3 + 1 paths
    assert taken(schema, Limits(max_paths=4, max_alternatives=3)) is None
    for limits in (Limits(max_alternatives=2), Limits(max_paths=4), Limits(max_paths=5)):
        assert snapshot(schema, limits=limits) == general(schema, limits=limits)


def test_a_union_of_objects_is_taken_up_to_the_bounds_the_general_walk_accepts():
    """Each branch's paths count (the union's node and the paths the branches share count
    once per branch), and the work the general walk counts; at the least bounds the general
    walk accepts the flat path takes the schema, one less it leaves it to the walks (which
    refuse it); a union wider than ``max_alternatives`` is the general walk's to refuse."""
    union = {"oneOf": [{"type": "object", "properties": {"kind": {"const": "a"}, "a": {}}},
                       {"type": "object", "properties": {"kind": {"const": "b"}}},
                       {"type": "null"}], "description": "d"}
    schema = {"type": "object", "properties": {"x": union, "y": {"type": "string"}}}
    found = taken(schema)
    assert found is not None and list(found) == ["", "x", "x.a", "x.kind", "y"]
    assert general(schema, limits=Limits(max_paths=7))[0] == "error"
    assert taken(schema, Limits(max_paths=8)) == found  # 1 + (3 + 2 + 1) + 1
    assert taken(schema, Limits(max_paths=7)) is None
    work = direct_flat.table(schema, 64, 10_000, 200_000, 256)[1]  # type: ignore[index]
    assert general(schema, limits=Limits(max_work=work - 1))[0] == "error"
    assert taken(schema, Limits(max_work=work)) == found
    assert taken(schema, Limits(max_work=work - 1)) is None
    assert taken(schema, Limits(max_alternatives=3)) == found
    assert taken(schema, Limits(max_alternatives=2)) is None
    for limits in (Limits(max_alternatives=2), Limits(max_paths=7), Limits(max_paths=8),
                   Limits(max_work=work - 1)):
        assert snapshot(schema, limits=limits) == general(schema, limits=limits)


# -- random objects, flat or nearly ----------------------------------------------------------

bare_ish = st.fixed_dictionaries({}, optional={
    "type": st.sampled_from(["string", "integer", "object", "array", "null", "strng",
                             ["string"], 3]),
    "description": st.one_of(st.text(max_size=3), st.just(1), st.none()),
    "format": st.just("uri"),
})
flat_ish = st.fixed_dictionaries({}, optional={
    "type": st.sampled_from(["object", "object", "object", "array", ["object"], None]),
    "properties": st.one_of(st.dictionaries(names, st.one_of(
        bare_ish, leaf_keywords, st.just(True),
        st.fixed_dictionaries({"items": st.one_of(bare_ish, leaf_keywords, st.just([{}]))},
                              optional={"type": st.sampled_from(["array", "string"]),
                                        "description": st.just("d"),
                                        "maxItems": st.sampled_from([2, -1, "2"])})),
        max_size=5), st.just([]), st.none()),
    "required": st.one_of(st.lists(st.one_of(names, st.just(1)), max_size=3),
                          st.booleans(), st.just("a"), st.none()),
    "additionalProperties": st.one_of(st.booleans(), st.just({}), st.just(3),
                                      st.just({"type": "string"})),
    "description": st.one_of(st.text(max_size=3), st.just(2)),
    "$schema": st.just(DRAFT7),
    "title": st.text(max_size=2),
    "nullable": st.booleans(),
})


#: leaves the flat path reads: bare, or with value keywords and annotations
flat_leaf = st.one_of(
    st.fixed_dictionaries({}, optional={
        "type": st.sampled_from(["string", "integer", "number", "boolean", "object", "array",
                                 "null"]),
        "description": st.text(max_size=3)}),
    st.fixed_dictionaries({}, optional={
        "type": st.one_of(st.sampled_from(["string", "integer", "number", "object", "null"]),
                          st.lists(st.sampled_from(["string", "null", "integer"]),
                                   max_size=2)),
        "description": st.text(max_size=2),
        "enum": st.lists(scalars, max_size=3),
        "const": scalars,
        "minimum": st.integers(-2, 2),
        "maxLength": st.integers(0, 5),
        "pattern": st.just("^a"),
        "format": st.just("uri"),
        "default": scalars,
        "examples": st.lists(st.one_of(st.text(max_size=2), st.integers(0, 1)), max_size=2),
        "nullable": st.booleans(),
        "title": st.text(max_size=2)}))


#: unions of leaves (pydantic's ``Optional[...]`` and the like), with the node's annotations
flat_union = st.builds(
    lambda keyword, branches, extra: {keyword: branches, **extra},
    st.sampled_from(["anyOf", "oneOf"]), st.lists(flat_leaf, min_size=1, max_size=3),
    st.fixed_dictionaries({}, optional={"default": scalars, "description": st.text(max_size=2),
                                        "title": st.just("T"), "type": st.just("string")}))


@st.composite
def flat_object(draw: Any, children: st.SearchStrategy[Any],
                extra: dict[str, st.SearchStrategy[Any]]) -> dict[str, Any]:
    properties = draw(st.dictionaries(names, children, max_size=4))
    schema: dict[str, Any] = {"type": "object", "properties": properties}
    schema.update(draw(st.fixed_dictionaries({}, optional={
        "required": st.lists(st.sampled_from(sorted(properties) or [""]), max_size=3)
        if properties else st.just([]),
        "additionalProperties": st.sampled_from([True, False, {}]),
        "description": st.text(max_size=3),
        "title": st.text(max_size=2),
        **extra})))
    return schema


def flat_list(items: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.fixed_dictionaries({"type": st.just("array"), "items": items}, optional={
        "description": st.text(max_size=2), "title": st.just("T"), "default": scalars,
        "examples": st.just(["a"]), "format": st.just("uri"), "minItems": st.integers(0, 2),
        "maxItems": st.integers(0, 3), "uniqueItems": st.booleans()})


def objects_union(children: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """A union of objects (and leaves: an optional object), with the node's annotations, or
    a key the flat path leaves to the walks (a type)."""
    return st.builds(
        lambda keyword, branches, extra: {keyword: branches, **extra},
        st.sampled_from(["anyOf", "oneOf"]),
        st.lists(st.one_of(flat_object(children, {}), flat_leaf), min_size=1, max_size=3),
        st.fixed_dictionaries({}, optional={
            "default": scalars, "description": st.one_of(st.text(max_size=2), st.just(1)),
            "title": st.just("T"), "type": st.just("object")}))


#: what a flat object holds: leaves, unions of leaves, lists and objects of the same, unions
#: of objects
flat_child = st.recursive(
    st.one_of(flat_leaf, flat_leaf, flat_union),
    lambda children: st.one_of(
        flat_list(children), flat_object(children, {"default": st.just({})}),
        flat_list(flat_object(children, {})),  # the list of objects of real outputs
        objects_union(children)),
    max_leaves=6)
#: a whole schema the flat path takes (bounds permitting)
flat = flat_object(flat_child, {"$schema": st.just(DRAFT7)})


flat_limits = st.builds(Limits, max_depth=st.integers(0, 4), max_paths=st.integers(1, 12),
                        max_alternatives=st.sampled_from([1, 2, 256]),
                        max_work=st.integers(1, 90))


@settings(max_examples=draws(500), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(flat, flat_ish), st.one_of(st.none(), flat_limits, flat_limits))
def test_random_flat_objects_give_the_direct_and_the_general_walks_result(schema, bounds):
    """What the flat path takes, it takes as the direct walk does (the same entries, work and
    bounds); what it leaves (another keyword, a leaf that is not bare, a bound) the walks
    decide: either way extraction says what the general walk says."""
    taken(schema, bounds)
    assert snapshot(schema, limits=bounds) == general(schema, limits=bounds)


#: references to definitions that may be there or not, that may refer again (a recursion),
#: to the root itself, or spelled with more than ``$ref``
references = st.sampled_from([
    *[{"$ref": "#/$defs/A"}, {"$ref": "#/$defs/B"}] * 3, {"$ref": "#/$defs/Z"},
    {"$ref": "#"}, {"$ref": "#/definitions/A"}, {"$ref": "#/$defs/A", "title": "A"}])
#: children the flat path leaves to the direct walk
unread = st.sampled_from([
    {"type": "object", "additionalProperties": {"type": "string"}},
    {"type": "object", "patternProperties": {"^a": {"type": "integer"}}},
    {"allOf": [{"type": "object", "properties": {"a": {}}}, {"required": ["a"]}]},
    {"anyOf": [{"type": "object", "properties": {"a": {}}}]},
    True, False, {"type": "string", "enum": "asc"}])
mixed_child = st.recursive(
    st.one_of(flat_leaf, flat_union, references, unread),
    lambda children: st.one_of(flat_list(children), flat_object(children, {}),
                               objects_union(children)),
    max_leaves=6)


@st.composite
def mixed(draw: Any) -> dict[str, Any]:
    """A flat object holding children the flat path does not read, at any depth, and
    definitions they may refer to."""
    schema: dict[str, Any] = draw(flat_object(mixed_child, {"$schema": st.just(DRAFT7)}))
    definition = st.one_of(flat_child, flat_child, mixed_child, st.just([{}]))
    schema["$defs"] = {"A": draw(definition), "B": draw(definition)}
    if draw(st.booleans()):
        schema["definitions"] = {"A": draw(definition)}
    return schema


@settings(max_examples=draws(500), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mixed(), st.one_of(st.none(), flat_limits))
def test_random_children_left_give_the_direct_and_the_general_walks_result(schema, bounds):
    """Going on from a flat reading, the direct walk gives what it gives from the root
    (entries, order, work, or giving up), and extraction says what the general walk says."""
    walked_on(schema, bounds)
    assert snapshot(schema, limits=bounds) == general(schema, limits=bounds)
