"""The hand-over between the direct walk and the general walk
(parity/fieldpaths/direct_handover.py): references, ``allOf`` and unions read by the general
walk, their subtrees walked directly again; the same tables, warnings, work, errors and
pointers as the general walk alone, in both dialects and under every bound."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from parity.fieldpaths import direct
from parity.fieldpaths.schema import Limits, extract_paths
from tests.fieldpaths.test_direct import (
    DRAFT7,
    assert_same,
    general,
    keywords,
    limits,
    names,
    snapshot,
)
from tests.properties import draws

TARGETS = ["#/$defs/A", "#/$defs/B", "#/$defs/R", "#/definitions/D"]
#: mostly the definitions, then the odd ones: missing, the root, a pointer into a definition,
#: remote, malformed
REFS = st.one_of(st.sampled_from(TARGETS), st.sampled_from(
    [*TARGETS, "#/$defs/missing", "#", "#/$defs/A/properties/x",
     "https://example.com/remote.json", 3]))


#: keywords with well-formed values: most nodes read cleanly, and the walk goes on below
clean = st.fixed_dictionaries({}, optional={
    "type": st.sampled_from(["object", "string", "array", "integer", "null"]),
    "description": st.text(max_size=2), "required": st.lists(names, max_size=2),
    "enum": st.lists(st.integers(0, 3), max_size=3), "default": st.integers(0, 1),
    "minimum": st.integers(0, 2), "format": st.just("uri"), "nullable": st.booleans()})


def extend(children: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    maps = st.dictionaries(names, children, max_size=3)
    messy = st.fixed_dictionaries({}, optional={
        "properties": maps,
        "items": st.one_of(children, st.lists(children, max_size=2)),
        "additionalProperties": st.one_of(children, st.just(False)),
        "patternProperties": st.dictionaries(st.sampled_from(["^a", "^b"]), children,
                                             max_size=2),
        "allOf": st.lists(children, max_size=2),
        "anyOf": st.lists(children, max_size=2),
        "oneOf": st.lists(children, min_size=1, max_size=2),
        "$ref": REFS,
    })
    objects = st.fixed_dictionaries({"properties": maps}, optional={
        "additionalProperties": st.one_of(children, st.just(False)), "items": children})
    branches = st.lists(children, min_size=1, max_size=2)
    unions = st.lists(st.one_of(children, st.builds(lambda p: {"properties": p}, maps)),
                      min_size=2, max_size=3)
    one = st.one_of(objects, st.fixed_dictionaries({"$ref": REFS}),
                    st.fixed_dictionaries({"allOf": branches}),
                    st.fixed_dictionaries({"anyOf": unions}),
                    st.fixed_dictionaries({"oneOf": unions}))
    tidy = st.builds(lambda k, s: {**k, **s}, clean, one)
    return st.one_of(tidy, tidy, tidy, st.builds(lambda k, s: {**k, **s}, keywords, messy))


def ref(target: str) -> dict[str, Any]:
    return {"$ref": target}


refs = st.builds(ref, REFS)
nodes = st.recursive(st.one_of(clean, refs, clean, refs, keywords, st.booleans()), extend,
                     max_leaves=10)
#: definitions with children
tidy = st.builds(lambda k, p: {**k, "type": "object", "properties": p}, clean,
                 st.dictionaries(names, nodes, min_size=1, max_size=3))


def document(defs: dict[str, Any], root: dict[str, Any], legacy: bool) -> dict[str, Any]:
    schema: dict[str, Any] = {
        "type": "object", "$defs": {k: v for k, v in defs.items() if k != "D"},
        "definitions": {"D": defs.get("D", {})}, "properties": root}
    if legacy:
        schema["$schema"] = DRAFT7
    return schema


documents = st.builds(
    document, st.fixed_dictionaries({"A": tidy, "B": nodes, "D": tidy,
                                     "R": st.builds(lambda n: {"type": "object", "properties": {
                                         "next": ref("#/$defs/R"), "n": n}}, nodes)}),
    st.dictionaries(names, nodes, min_size=1, max_size=3), st.booleans())


@settings(max_examples=draws(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(documents, st.one_of(st.none(), limits))
def test_random_references_and_combinators_give_the_general_walks_result(schema, bounds):
    """References (local, chained, recursive, missing, remote, malformed), ``allOf`` and
    unions beside plain keywords, below a direct walk: everything extraction says."""
    assert snapshot(schema, limits=bounds) == general(schema, limits=bounds)


def test_a_reference_beside_keywords_is_read_by_the_general_walk_and_its_target_walked_directly(
        monkeypatch):
    # (a reference alone is followed by the direct walk itself: test_direct_refs.py)
    walked = []
    original = direct.Direct.node

    def counted(self, schema, key, *args):
        walked.append(key)
        return original(self, schema, key, *args)

    monkeypatch.setattr(direct.Direct, "node", counted)
    schema = {"$defs": {"A": {"type": "object", "required": ["x"],
                              "properties": {"x": {"type": "string"},
                                             "deep": {"type": "array",
                                                      "items": {"$ref": "#/$defs/A"}}}}},
              "type": "object",
              "properties": {"a": {"$ref": "#/$defs/A", "description": "beside"}}}
    table = extract_paths(schema)
    # the target's children are walked directly, keyed by printed path (a whole schema)
    assert {"a.x", "a.deep", "a.deep[]"} <= set(walked)
    assert table["a.deep[]"].recursive == "#/$defs/A"
    monkeypatch.undo()
    assert_same(schema, "a reference")


SIBLINGS = [
    # a reference beside keywords: read in 2020-12, ignored by draft 7
    {"$ref": "#/$defs/A", "description": "beside", "required": ["y"]},
    # allOf merging properties: a name in both branches is a conjunction (the general walk's)
    {"allOf": [{"properties": {"a": {"type": "string"}, "b": {"$ref": "#/$defs/A"}}},
               {"properties": {"a": {"maxLength": 3}}, "required": ["a", "c"]}]},
    # a chain of references, and one into a tuple's position (another resolver's subschema)
    {"$ref": "#/$defs/C"},
    {"$ref": "#/$defs/T/items/0"},
    # a nested $id: its subschemas resolve against another base
    {"$id": "https://example.com/in.json", "type": "object",
     "properties": {"x": {"$ref": "#/properties/y"}, "y": {"type": "integer"}}},
    # several map-value schemas and a union of objects: the general walk emits them
    {"allOf": [{"additionalProperties": {"type": "string"}},
               {"patternProperties": {"^a": {"type": "integer"}}}]},
    {"anyOf": [{"$ref": "#/$defs/A"}, {"type": "null"}]},
    # unions of objects: each alternative walked directly, then merged (required only where
    # every alternative holding an object requires it), unions inside unions
    {"oneOf": [{"type": "object", "properties": {"kind": {"const": "a"},
                                                 "a": {"type": "string"}},
                "required": ["kind", "a"]},
               {"type": "object", "properties": {"kind": {"const": "b"},
                                                 "b": {"$ref": "#/$defs/A"}},
                "required": ["kind"]}]},
    {"anyOf": [{"type": "array", "items": {"anyOf": [
        {"$ref": "#/$defs/A"}, {"type": "object", "properties": {"x": {"type": "integer"}}}]}},
        {"type": "string"}]},
]
DEFS = {"A": {"type": "object", "properties": {"x": {"type": "string"}}, "required": ["x"]},
        "C": {"$ref": "#/$defs/A"},
        "T": {"type": "array", "items": [{"type": "object",
                                          "properties": {"t": {"type": "string"}}}]}}


def test_references_beside_keywords_and_conjunctions_give_the_general_walks_result():
    for node in SIBLINGS:
        for dialect in (None, DRAFT7):
            schema = {"$defs": DEFS, "type": "object",
                      "properties": {"n": node, "m": {"type": "array", "items": node}}}
            assert_same(schema, str(node), default_dialect=dialect)


def test_a_bound_reached_below_a_reference_is_the_general_walks_error():
    wide = {"type": "object", "properties": {f"p{i}": {"type": "string"} for i in range(50)}}
    schema = {"$defs": {"W": wide}, "type": "object",
              "properties": {"a": {"$ref": "#/$defs/W"}, "b": {"$ref": "#/$defs/W"}}}
    for bounds in (Limits(max_paths=60), Limits(max_work=150), Limits(max_depth=1)):
        got = snapshot(schema, limits=bounds)
        assert got == general(schema, limits=bounds)
        assert got[:2] == ("error", "BoundsError")
